"""The Anthropic client: message conversion, and calls against a messages-API loopback server."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.clients.conftest import ANTHROPIC_KEY
from tests.llm_servers import AnthropicServer, _BadRequest, ok, post
from working_memory.clients import (
    DEFAULT_ANTHROPIC_MAX_TOKENS,
    AnthropicClient,
    ClientConfig,
    ClientConfigError,
    to_anthropic,
)
from working_memory.protocols import LLMClient, Usage


def _client(server: AnthropicServer, **kwargs: Any) -> AnthropicClient:
    return AnthropicClient(
        kwargs.pop("model", "claude-haiku-4-5"),
        base_url=server.base_url,
        api_key=ANTHROPIC_KEY,
        **kwargs,
    )


CALL = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "read_file", "arguments": '{"path": "a.py"}'},
}
TOOL_USE = {"type": "tool_use", "id": "call_1", "name": "read_file", "input": {"path": "a.py"}}

# (OpenAI-format messages, expected system, expected Anthropic messages)
CONVERSIONS: list[tuple[str, list[dict[str, Any]], str | None, list[dict[str, Any]]]] = [
    (
        "system pulled out",
        [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}],
        "Be brief.",
        [{"role": "user", "content": "hi"}],
    ),
    (
        "systems and developer joined in order",
        [
            {"role": "system", "content": "A"},
            {"role": "user", "content": "q"},
            {"role": "developer", "content": [{"type": "text", "text": "B"}]},
        ],
        "A\n\nB",
        [{"role": "user", "content": "q"}],
    ),
    (
        "consecutive user turns merge",
        [{"role": "user", "content": "one"}, {"role": "user", "content": "two"}],
        None,
        [
            {
                "role": "user",
                "content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}],
            }
        ],
    ),
    (
        "empty text dropped",
        [
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": ""},
            {"role": "user", "content": "r"},
        ],
        None,
        [
            {
                "role": "user",
                "content": [{"type": "text", "text": "q"}, {"type": "text", "text": "r"}],
            }
        ],
    ),
    (
        "tool call and result become tool_use and tool_result",
        [
            {"role": "user", "content": "read it"},
            {"role": "assistant", "content": None, "tool_calls": [CALL]},
            {"role": "tool", "tool_call_id": "call_1", "content": "print(1)"},
        ],
        None,
        [
            {"role": "user", "content": "read it"},
            {"role": "assistant", "content": [TOOL_USE]},
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "call_1", "content": "print(1)"}
                ],
            },
        ],
    ),
    (
        "orphan tool result (span cut mid group) becomes text",
        [
            {"role": "tool", "tool_call_id": "call_9", "content": "exit 1"},
            {"role": "user", "content": "so?"},
        ],
        None,
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "[tool result]: exit 1"},
                    {"type": "text", "text": "so?"},
                ],
            }
        ],
    ),
    (
        "tool call without its result becomes text",
        [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": "ok", "tool_calls": [CALL]},
        ],
        None,
        [
            {"role": "user", "content": "go"},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "ok"},
                    {"type": "text", "text": '[called read_file({"path": "a.py"})]'},
                ],
            },
        ],
    ),
    (
        "unparseable arguments kept as a string",
        [
            {"role": "user", "content": "go"},
            {
                "role": "assistant",
                "tool_calls": [{"id": "c2", "function": {"name": "sh", "arguments": "ls -la"}}],
            },
            {"role": "tool", "tool_call_id": "c2", "content": ""},
        ],
        None,
        [
            {"role": "user", "content": "go"},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "c2", "name": "sh", "input": {"arguments": "ls -la"}}
                ],
            },
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c2"}]},
        ],
    ),
    (
        "image parts become image blocks",
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "see"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}},
                    {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}},
                ],
            }
        ],
        None,
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "see"},
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR"},
                    },
                    {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}},
                ],
            }
        ],
    ),
]


@pytest.mark.parametrize(
    ("messages", "system", "expected"),
    [c[1:] for c in CONVERSIONS],
    ids=[c[0] for c in CONVERSIONS],
)
def test_to_anthropic(
    messages: list[dict[str, Any]], system: str | None, expected: list[dict[str, Any]]
) -> None:
    assert to_anthropic(messages) == (system, expected)


@pytest.mark.parametrize(
    ("messages", "system", "expected"),
    [c[1:] for c in CONVERSIONS],
    ids=[c[0] for c in CONVERSIONS],
)
def test_every_conversion_is_accepted_by_the_messages_api(
    anthropic_server: AnthropicServer,
    messages: list[dict[str, Any]],
    system: str | None,
    expected: list[dict[str, Any]],
) -> None:
    # The server rejects what the real API rejects: system roles, orphan tool blocks, ...
    response = _client(anthropic_server).complete(messages)
    assert response.content.startswith("echo:")
    (request,) = anthropic_server.requests
    assert request.body["messages"] == expected
    assert request.body.get("system") == system


def test_the_server_does_reject_raw_openai_messages(anthropic_server: AnthropicServer) -> None:
    # Guards the test above: without conversion the same request is a 400.
    body = {"model": "m", "max_tokens": 10, "messages": [{"role": "system", "content": "x"}]}
    code, answer, _ = post(
        f"{anthropic_server.base_url}/v1/messages",
        body,
        {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01"},
    )
    assert code == 400
    assert answer["type"] == "error"
    assert answer["error"]["type"] == "invalid_request_error"


def test_request_body_headers_and_auth(anthropic_server: AnthropicServer) -> None:
    client = _client(
        anthropic_server, temperature=0.3, max_tokens=500, extra_headers={"X-Run": "7"}
    )
    assert isinstance(client, LLMClient)
    client.complete([{"role": "system", "content": "Sys."}, {"role": "user", "content": "Hello"}])
    (request,) = anthropic_server.requests
    assert request.path == "/v1/messages"
    assert request.sent_key == ANTHROPIC_KEY
    assert "anthropic-version" in request.headers
    assert request.headers["x-run"] == "7"
    assert request.body == {
        "model": "claude-haiku-4-5",
        "max_tokens": 500,
        "system": "Sys.",
        "temperature": 0.3,
        "messages": [{"role": "user", "content": "Hello"}],
    }


def test_max_tokens_defaults_because_the_api_requires_it(anthropic_server: AnthropicServer) -> None:
    _client(anthropic_server).complete([{"role": "user", "content": "x"}])
    body = anthropic_server.requests[0].body
    assert body["max_tokens"] == DEFAULT_ANTHROPIC_MAX_TOKENS
    assert "temperature" not in body
    assert "system" not in body


def test_usage_counts_cache_reads_and_writes_into_the_prompt(
    anthropic_server: AnthropicServer,
) -> None:
    anthropic_server.push(
        ok(
            "summary",
            prompt_tokens=10_000,
            completion_tokens=200,
            cached_tokens=6_000,
            cache_write_tokens=1_000,
        )
    )
    response = _client(anthropic_server, model="claude-haiku-4-5").complete(
        [{"role": "user", "content": "x"}]
    )
    assert response.usage == Usage(
        prompt_tokens=10_000, completion_tokens=200, cached_prompt_tokens=6_000
    )
    expected = (3_000 * 1.00 + 6_000 * 0.10 + 1_000 * 1.25 + 200 * 5.00) / 1e6
    assert response.cost_usd == pytest.approx(expected)


def test_dated_model_in_the_response_is_priced(anthropic_server: AnthropicServer) -> None:
    anthropic_server.push(
        ok("s", model="claude-haiku-4-5-20251001", prompt_tokens=1000, completion_tokens=0)
    )
    response = _client(anthropic_server).complete([{"role": "user", "content": "x"}])
    assert response.model == "claude-haiku-4-5-20251001"
    assert response.cost_usd == pytest.approx(1000 * 1.00 / 1e6)


def test_multiple_text_blocks_are_joined(anthropic_server: AnthropicServer) -> None:
    from tests.llm_servers import raw

    body = (
        '{"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"end_turn",'
        '"content":[{"type":"thinking","thinking":"hm","signature":"s"},{"type":"text","text":"Part one. "},'
        '{"type":"text","text":"Part two."}],"usage":{"input_tokens":5,"output_tokens":4}}'
    )
    anthropic_server.push(raw(200, body))
    response = _client(anthropic_server).complete([{"role": "user", "content": "x"}])
    assert response.content == "Part one. Part two."
    assert response.usage == Usage(5, 4, 0)


@pytest.mark.parametrize(
    "bad",
    [
        [{"role": "system", "content": "only a system prompt"}],
        [{"role": "user", "content": "   "}],
    ],
)
def test_nothing_to_send_is_a_clear_error(
    anthropic_server: AnthropicServer, bad: list[dict[str, Any]]
) -> None:
    with pytest.raises(ValueError, match="nothing to send"):
        _client(anthropic_server).complete(bad)
    assert anthropic_server.requests == []


def test_unknown_role_names_the_message() -> None:
    with pytest.raises(ValueError, match=r"message 1 has role 'robot'"):
        to_anthropic([{"role": "user", "content": "a"}, {"role": "robot", "content": "b"}])


def test_temperature_above_one_is_refused_before_any_call() -> None:
    with pytest.raises(ClientConfigError, match="between 0 and 1 for anthropic"):
        AnthropicClient("claude-haiku-4-5", api_key="k", temperature=1.5)


def test_openai_config_is_refused() -> None:
    with pytest.raises(ValueError, match="OpenAIClient"):
        AnthropicClient(ClientConfig(provider="openai", model="gpt-4o", api_key="k"))


# --------------------------------------------------------------------------- property

_ids = st.sampled_from(["c1", "c2", "c3"])
_text = st.sampled_from(["", " ", "alpha", "beta gamma", "src/app.py:12"])
_message = st.one_of(
    st.builds(lambda t: {"role": "system", "content": t}, _text),
    st.builds(lambda t: {"role": "user", "content": t}, _text),
    st.builds(
        lambda t, ids: {
            "role": "assistant",
            "content": t or None,
            "tool_calls": [{"id": i, "function": {"name": "f", "arguments": "{}"}} for i in ids],
        },
        _text,
        st.lists(_ids, max_size=2, unique=True),
    ),
    st.builds(lambda t, i: {"role": "tool", "tool_call_id": i, "content": t}, _text, _ids),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_message, max_size=8))
def test_any_openai_history_converts_to_something_the_api_accepts(
    messages: list[dict[str, Any]],
) -> None:
    system, converted = to_anthropic(messages)
    try:
        AnthropicServer._validate_messages(converted)
    except _BadRequest as bad:  # pragma: no cover - the failure message is the point
        raise AssertionError(f"{bad.message}\n{converted}") from None
    roles = [m["role"] for m in converted]
    assert all(a != b for a, b in itertools.pairwise(roles))  # roles alternate
    dumped = repr(converted)
    for message in messages:  # no non-system text is lost
        text = message.get("content")
        if message["role"] != "system" and isinstance(text, str) and text.strip():
            assert text in dumped
    assert (system or "") == "\n\n".join(
        m["content"].strip() for m in messages if m["role"] == "system" and m["content"].strip()
    )
