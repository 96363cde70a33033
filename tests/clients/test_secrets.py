"""API keys never show: not in reprs, strs, errors, Compactor results or logs."""

from __future__ import annotations

import json
import logging
import pickle

import pytest

from tests.clients.conftest import ANTHROPIC_KEY, LOCAL_KEY, OPENAI_KEY
from tests.llm_servers import AnthropicServer, OpenAIServer, raw, status
from working_memory.clients import (
    AnthropicClient,
    ClientConfig,
    LLMCallError,
    OpenAIClient,
    Secret,
    client_from_env,
    settings_from_env,
)
from working_memory.compaction import Compactor

KEYS = (OPENAI_KEY, ANTHROPIC_KEY, LOCAL_KEY)


def _clean(text: str) -> None:
    for key in KEYS:
        assert key not in text


def test_reprs_and_strs_hide_the_key() -> None:
    config = ClientConfig(
        provider="openai-compatible",
        model="m",
        base_url="http://h/v1",
        api_key=LOCAL_KEY,
        extra_headers={"Authorization": f"Bearer {LOCAL_KEY}"},
    )
    client = OpenAIClient(config)
    anthropic = AnthropicClient("claude-haiku-4-5", api_key=ANTHROPIC_KEY)
    shown = [
        repr(config),
        str(config),
        repr(client),
        str(client),
        repr(anthropic),
        str(config.api_key),
        repr(config.describe()),
        repr(Compactor(client)),
        repr(config.__dict__),
    ]
    for text in shown:
        _clean(text)
    assert "api_key='set'" in repr(client)
    assert config.key == LOCAL_KEY  # still usable
    assert repr(Secret("abc")) == "Secret('********')"


def test_key_from_the_environment_is_hidden_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    client = OpenAIClient("gpt-4o")
    assert "from OPENAI_API_KEY" in repr(client)
    _clean(repr(client))
    config = settings_from_env(None)
    assert config is not None
    _clean(repr(config))
    _clean(repr(client_from_env(None)))


def test_a_secret_refuses_to_be_pickled() -> None:
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(ClientConfig(provider="openai", model="m", api_key=OPENAI_KEY))


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_server_echoing_the_key_in_its_error_does_not_leak_it(
    provider: str, caplog: pytest.LogCaptureFixture
) -> None:
    # The servers answer a wrong key with a 401 quoting it back, as a careless proxy does.
    wrong = f"{'sk-' if provider == 'openai' else 'sk-ant-'}wrong-key-abcdef0123456789"
    caplog.set_level(logging.DEBUG)
    server_cls = OpenAIServer if provider == "openai" else AnthropicServer
    with server_cls(api_key="the-right-key") as server:
        cls = OpenAIClient if provider == "openai" else AnthropicClient
        client = cls(
            "gpt-4o" if provider == "openai" else "claude-haiku-4-5",
            base_url=server.base_url,
            api_key=wrong,
            max_retries=0,
        )
        with pytest.raises(LLMCallError) as caught:
            client.complete([{"role": "user", "content": "hi"}])
        result = Compactor(client).compact([{"role": "user", "content": "hi"}])
        assert server.requests[0].sent_key == wrong  # the key did travel, in the auth header
    error = caught.value
    assert error.kind == "auth"
    assert error.status_code == 401
    assert wrong not in str(error)
    assert "[REDACTED]" in str(error)
    assert error.__cause__ is None
    assert error.__suppress_context__
    assert result.error is not None
    assert wrong not in result.error
    assert all(wrong not in record.getMessage() for record in caplog.records)
    assert caplog.records  # the debug logging did run


def test_logs_of_a_failing_call_hold_no_key(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with OpenAIServer([status(500)] * 2, api_key=OPENAI_KEY) as server:
        client = OpenAIClient("gpt-4o", base_url=server.base_url, api_key=OPENAI_KEY, max_retries=1)
        with pytest.raises(LLMCallError):
            client.complete([{"role": "user", "content": "hi"}])
    text = "\n".join(f"{r.getMessage()} {r.args!r}" for r in caplog.records)
    assert "working_memory.clients" in {r.name for r in caplog.records}
    _clean(text)


# Bodies that are not a completion, each quoting the key back (as a broken proxy might).
ECHOING_BODIES = {
    "key as a token count": lambda key, provider: json.dumps(
        {
            "id": "x",
            "model": "m",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "A summary."}}],
            "content": [{"type": "text", "text": "A summary."}],
            "usage": {"prompt_tokens": key, "completion_tokens": 1}
            if provider == "openai"
            else {"input_tokens": key, "output_tokens": 1},
        }
    ),
    "key as the model": lambda key, provider: json.dumps(
        {
            "id": "x",
            "model": {"echo": key},
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "A summary."}}],
            "content": [{"type": "text", "text": "A summary."}],
        }
    ),
    "key as a JSON string body": lambda key, provider: json.dumps(f"error: bad key {key}"),
    "key in a cut body": lambda key, provider: '{"error": "bad key ' + key,
    "key as choices": lambda key, provider: json.dumps({"choices": {key: 1}, "content": {key: 1}}),
}


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
@pytest.mark.parametrize("body", list(ECHOING_BODIES), ids=list(ECHOING_BODIES))
def test_a_key_given_in_code_is_redacted_from_parse_errors(provider: str, body: str) -> None:
    # LOCAL_KEY is not key-shaped and not in the environment: only the client knows it.
    cls = OpenAIClient if provider == "openai" else AnthropicClient
    server_cls = OpenAIServer if provider == "openai" else AnthropicServer
    reply = raw(200, ECHOING_BODIES[body](LOCAL_KEY, provider))
    with server_cls([reply, reply]) as server:
        client = cls("m", base_url=server.base_url, api_key=LOCAL_KEY, max_retries=0)
        try:
            shown = repr(client.complete([{"role": "user", "content": "hi"}]))
        except LLMCallError as error:  # any other exception would be a bug of its own
            shown = f"{error} {error!r} {error.args!r}"
        result = Compactor(client).compact([{"role": "user", "content": "a long span " * 20}])
    assert LOCAL_KEY not in shown
    assert LOCAL_KEY not in repr(result)
