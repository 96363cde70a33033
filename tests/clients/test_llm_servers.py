"""The loopback servers themselves: wire format, validation, scripting, delays, concurrency.

Other tests (compare(), the workbench) lean on these servers, so their behaviour is pinned here.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.llm_servers import (
    MISSING,
    AnthropicServer,
    OpenAIServer,
    RecordedRequest,
    delay,
    ok,
    post,
    status,
    trickle,
)

CHAT = {"model": "m", "messages": [{"role": "user", "content": "hello"}]}
ANTHROPIC_HEADERS = {"anthropic-version": "2023-06-01"}


def test_openai_success_body_has_the_documented_shape() -> None:
    with OpenAIServer([ok("hi", prompt_tokens=7, completion_tokens=2, cached_tokens=3)]) as server:
        code, body, headers = post(f"{server.base_url}/chat/completions", CHAT)
    assert code == 200
    assert headers["x-request-id"].startswith("req_")
    assert body["object"] == "chat.completion"
    assert body["id"].startswith("chatcmpl-")
    assert isinstance(body["created"], int)
    assert body["model"] == "m"
    assert body["choices"] == [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "hi", "refusal": None, "annotations": []},
            "logprobs": None,
            "finish_reason": "stop",
        }
    ]
    usage = body["usage"]
    assert (usage["prompt_tokens"], usage["completion_tokens"], usage["total_tokens"]) == (7, 2, 9)
    assert usage["prompt_tokens_details"]["cached_tokens"] == 3


def test_anthropic_success_body_has_the_documented_shape() -> None:
    with AnthropicServer(
        [ok("hi", prompt_tokens=10, completion_tokens=2, cached_tokens=4, cache_write_tokens=1)]
    ) as server:
        body_in = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}
        code, body, headers = post(f"{server.base_url}/v1/messages", body_in, ANTHROPIC_HEADERS)
    assert code == 200
    assert "request-id" in headers
    assert body["type"] == "message"
    assert body["role"] == "assistant"
    assert body["stop_reason"] == "end_turn"
    assert body["content"] == [{"type": "text", "text": "hi"}]
    assert body["usage"] == {
        "input_tokens": 5,
        "output_tokens": 2,
        "cache_read_input_tokens": 4,
        "cache_creation_input_tokens": 1,
    }


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        (429, "rate_limit_error"),
        (500, "api_error"),
        (529, "overloaded_error"),
        (401, "authentication_error"),
    ],
)
def test_anthropic_error_bodies(code: int, kind: str) -> None:
    with AnthropicServer([status(code, message="nope")]) as server:
        body_in = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}
        got, body, _ = post(f"{server.base_url}/v1/messages", body_in, ANTHROPIC_HEADERS)
    assert got == code
    assert body == {"type": "error", "error": {"type": kind, "message": "nope"}}


@pytest.mark.parametrize(
    ("code", "kind", "error_code"),
    [
        (429, "requests", "rate_limit_exceeded"),
        (500, "server_error", None),
        (400, "invalid_request_error", None),
    ],
)
def test_openai_error_bodies(code: int, kind: str, error_code: str | None) -> None:
    with OpenAIServer([status(code, message="nope", headers={"retry-after": "0"})]) as server:
        got, body, headers = post(f"{server.base_url}/chat/completions", CHAT)
    assert got == code
    assert headers["retry-after"] == "0"
    assert body == {"error": {"message": "nope", "type": kind, "param": None, "code": error_code}}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"messages": [{"role": "user", "content": "x"}]}, "model"),
        ({"model": "m", "messages": []}, "too short"),
        ({"model": "m", "messages": [{"role": "wizard", "content": "x"}]}, "role"),
        ({"model": "m", "messages": [{"role": "tool", "content": "x"}]}, "tool_call_id"),
        ({**CHAT, "temperature": 3}, "temperature"),
    ],
)
def test_openai_rejects_what_the_api_rejects(body: dict[str, object], words: str) -> None:
    with OpenAIServer() as server:
        code, answer, _ = post(f"{server.base_url}/chat/completions", body)
        assert server.requests[0].body == body  # rejected requests are recorded too
    assert code == 400
    assert words in answer["error"]["message"]


@pytest.mark.parametrize(
    ("body", "headers", "words"),
    [
        (
            {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]},
            {},
            "anthropic-version",
        ),
        (
            {"model": "m", "messages": [{"role": "user", "content": "x"}]},
            ANTHROPIC_HEADERS,
            "max_tokens",
        ),
        (
            {"model": "m", "max_tokens": 5, "messages": [{"role": "system", "content": "x"}]},
            ANTHROPIC_HEADERS,
            "'user' or 'assistant'",
        ),
        (
            {
                "model": "m",
                "max_tokens": 5,
                "messages": [
                    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1"}]}
                ],
            },
            ANTHROPIC_HEADERS,
            "tool_use_id",
        ),
        (
            {
                "model": "m",
                "max_tokens": 5,
                "messages": [
                    {"role": "user", "content": "go"},
                    {
                        "role": "assistant",
                        "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
                    },
                    {"role": "user", "content": "next"},
                ],
            },
            ANTHROPIC_HEADERS,
            "without `tool_result` blocks",
        ),
        (
            {
                "model": "m",
                "max_tokens": 5,
                "messages": [{"role": "user", "content": [{"type": "text", "text": ""}]}],
            },
            ANTHROPIC_HEADERS,
            "non-empty",
        ),
    ],
)
def test_anthropic_rejects_what_the_api_rejects(
    body: dict[str, object], headers: dict[str, str], words: str
) -> None:
    with AnthropicServer() as server:
        code, answer, _ = post(f"{server.base_url}/v1/messages", body, headers)
    assert code == 400
    assert words in answer["error"]["message"]


def test_unknown_path_is_a_404_in_format() -> None:
    with OpenAIServer() as server:
        code, answer, _ = post(f"{server.origin}/v1/embeddings", CHAT)
    assert code == 404
    assert "Unknown request URL" in answer["error"]["message"]


def test_script_then_responder_then_push() -> None:
    seen: list[RecordedRequest] = []

    def responder(request: RecordedRequest) -> str:
        seen.append(request)
        return f"len {len(request.last_user_text())}"

    with OpenAIServer(["first"], responder=responder) as server:
        answers = [post(f"{server.base_url}/chat/completions", CHAT)[1] for _ in range(2)]
        server.push(ok("pushed"))
        answers.append(post(f"{server.base_url}/chat/completions", CHAT)[1])
    texts = [a["choices"][0]["message"]["content"] for a in answers]
    assert texts == ["first", "len 5", "pushed"]
    assert len(seen) == 1


def test_a_scripted_delay_uses_the_responder_answer() -> None:
    with OpenAIServer([delay(0.3)]) as server:
        started = time.perf_counter()
        _, body, _ = post(f"{server.base_url}/chat/completions", CHAT)
        elapsed = time.perf_counter() - started
    assert body["choices"][0]["message"]["content"] == "echo: hello"
    assert 0.3 <= elapsed < 2


@pytest.mark.parametrize("server_cls", [OpenAIServer, AnthropicServer])
def test_fixed_delay_and_concurrency(
    server_cls: type[OpenAIServer] | type[AnthropicServer],
) -> None:
    """20 requests at concurrency 5 against a 0.2 s server take about 4 delays, not 20."""
    with server_cls(delay=0.2) as server:
        url = (
            f"{server.base_url}/chat/completions"
            if server_cls is OpenAIServer
            else f"{server.base_url}/v1/messages"
        )
        body = {**CHAT, "max_tokens": 5}
        started = time.perf_counter()
        with ThreadPoolExecutor(5) as pool:
            codes = list(pool.map(lambda _: post(url, body, ANTHROPIC_HEADERS)[0], range(20)))
        elapsed = time.perf_counter() - started
        assert codes == [200] * 20
        assert server.peak_concurrency == 5
        assert server.in_flight == 0
        assert len(server.requests) == 20
    assert 0.8 <= elapsed < 2.0, elapsed  # 4 delays = 0.8 s; serial would be 4 s


def test_close_wakes_a_sleeping_request_at_once() -> None:
    server = OpenAIServer([delay(30)]).start()
    errors: list[BaseException] = []

    def call() -> None:
        try:
            post(f"{server.base_url}/chat/completions", CHAT, timeout=20)
        except Exception as exc:
            errors.append(exc)

    worker = threading.Thread(target=call)
    worker.start()
    while not server.requests:
        time.sleep(0.01)
    started = time.perf_counter()
    server.close()
    worker.join(timeout=5)
    assert time.perf_counter() - started < 2
    assert not worker.is_alive()
    assert errors


def test_key_check_accepts_either_header() -> None:
    with AnthropicServer(api_key="k-123") as server:
        body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}
        assert (
            post(
                f"{server.base_url}/v1/messages", body, {**ANTHROPIC_HEADERS, "x-api-key": "k-123"}
            )[0]
            == 200
        )
        assert (
            post(
                f"{server.base_url}/v1/messages",
                body,
                {**ANTHROPIC_HEADERS, "authorization": "Bearer k-123"},
            )[0]
            == 200
        )
        assert post(f"{server.base_url}/v1/messages", body, ANTHROPIC_HEADERS)[0] == 401
        assert [r.sent_key for r in server.requests] == ["k-123", "k-123", None]


def test_trickle_sends_the_whole_body_slowly_and_usage_can_be_replaced() -> None:
    with OpenAIServer(
        [trickle(0.002, ok("slow", usage={"prompt_tokens": "x"})), ok("no usage", usage=MISSING)]
    ) as server:
        started = time.perf_counter()
        code, body, headers = post(f"{server.base_url}/chat/completions", CHAT)
        elapsed = time.perf_counter() - started
        assert code == 200
        assert body["choices"][0]["message"]["content"] == "slow"
        assert body["usage"] == {"prompt_tokens": "x"}
        assert elapsed >= 0.002 * int(headers["content-length"]) * 0.9  # one byte per interval
        _, plain, _ = post(f"{server.base_url}/chat/completions", CHAT)
        assert "usage" not in plain
