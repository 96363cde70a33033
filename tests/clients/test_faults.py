"""Fault injection on real loopback servers: every failure is a clear, bounded, key-free error
from the client, and through the Compactor a result with no summary, never an exception."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest

from tests.clients.conftest import ANTHROPIC_KEY, OPENAI_KEY, Make
from tests.llm_servers import (
    Reply,
    delay,
    disconnect,
    empty,
    malformed,
    null_content,
    ok,
    raw,
    status,
)
from working_memory.clients import (
    EmptyResponse,
    LLMCallError,
    MalformedResponse,
    OpenAIClient,
)
from working_memory.compaction import CompactionResult, Compactor

SPAN = [
    {"role": "user", "content": "Fix the failing test in tests/test_io.py"},
    {"role": "assistant", "content": "Ran pytest: 3 passed, 1 failed (KeyError: 'path')."},
]
MESSAGES = [{"role": "user", "content": "Summarise the span."}]


def _no_key(text: str) -> None:
    assert OPENAI_KEY not in text
    assert ANTHROPIC_KEY not in text


def test_delay_past_the_timeout_fails_in_bounded_time(make: Make) -> None:
    server, client = make([delay(10)], timeout=0.4, max_retries=0)
    started = time.perf_counter()
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES)
    elapsed = time.perf_counter() - started
    assert caught.value.kind == "timeout"
    assert caught.value.retryable
    assert 0.3 < elapsed < 3, elapsed
    assert "timed out" in str(caught.value)
    assert len(server.requests) == 1


def test_timeouts_are_retried_by_the_sdk(make: Make) -> None:
    server, client = make([delay(10), ok("second try")], timeout=0.4, max_retries=1)
    response = client.complete(MESSAGES)
    assert response.content == "second try"
    assert len(server.requests) == 2
    assert response.latency_s > 0.4  # latency covers the failed attempt too


def test_429_with_retry_after_then_success(make: Make) -> None:
    server, client = make([status(429, headers={"retry-after": "0"}), ok("after the 429")])
    response = client.complete(MESSAGES)
    assert response.content == "after the 429"
    assert len(server.requests) == 2
    # The client retries (the SDK's loop is off, so waits keep to a deadline) and numbers
    # its attempts in the SDK's header.
    assert [r.headers.get("x-stainless-retry-count") for r in server.requests] == ["0", "1"]


def test_429_past_the_retries_is_rate_limited(make: Make) -> None:
    server, client = make([status(429, headers={"retry-after-ms": "5"})] * 2, max_retries=1)
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES)
    assert caught.value.kind == "rate_limited"
    assert caught.value.status_code == 429
    assert len(server.requests) == 2


def test_500_is_retried_then_an_error(make: Make) -> None:
    server, client = make([status(500, headers={"retry-after-ms": "5"})] * 3, max_retries=2)
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES)
    error = caught.value
    assert error.kind == "server_error"
    assert error.status_code == 500
    assert "HTTP 500" in str(error)
    assert "test server error 500" in str(error)
    assert error.request_id
    assert error.request_id.startswith("req_")
    assert len(server.requests) == 3


def test_500_then_success_recovers(make: Make) -> None:
    server, client = make([status(503, headers={"retry-after-ms": "5"}), ok("back")], max_retries=2)
    assert client.complete(MESSAGES).content == "back"
    assert len(server.requests) == 2


def test_400_is_not_retried(make: Make) -> None:
    server, client = make([status(400, message="prompt is too long")], max_retries=2)
    with pytest.raises(LLMCallError, match="prompt is too long") as caught:
        client.complete(MESSAGES)
    assert caught.value.kind == "http_error"
    assert not caught.value.retryable
    assert len(server.requests) == 1


# (reply, error class, kind, words the message must contain)
BAD_BODIES = [
    ("malformed JSON", malformed(), MalformedResponse, "malformed", "not valid JSON"),
    (
        "JSON but not an object",
        raw(200, '"hello"'),
        MalformedResponse,
        "malformed",
        "not a completion",
    ),
    (
        "HTML error page",
        raw(200, "<html>bad gateway</html>", content_type="text/html"),
        MalformedResponse,
        "malformed",
        "not a completion",
    ),
    (
        "empty choices / content list",
        empty(),
        EmptyResponse,
        "empty",
        "no choices|content list is empty",
    ),
    ("null content / no text block", null_content(), EmptyResponse, "empty", "null|no text"),
    ("whitespace-only text", ok("  \n "), EmptyResponse, "empty", "empty"),
]


@pytest.mark.parametrize(
    ("reply", "cls", "kind", "words"), [b[1:] for b in BAD_BODIES], ids=[b[0] for b in BAD_BODIES]
)
def test_unusable_bodies_raise_a_clear_error(
    make: Make, reply: Reply, cls: type[LLMCallError], kind: str, words: str
) -> None:
    server, client = make([reply], max_retries=2)
    with pytest.raises(cls, match=words) as caught:
        client.complete(MESSAGES)
    assert caught.value.kind == kind
    assert caught.value.provider in str(caught.value)  # says which client failed
    assert len(server.requests) == 1  # a 200 is not retried


def test_a_dropped_connection_is_a_connection_error(make: Make) -> None:
    server, client = make([disconnect(), disconnect()], max_retries=1)
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES)
    assert caught.value.kind == "connection"
    assert len(server.requests) == 2


def test_nobody_listening_is_a_connection_error() -> None:
    with socket.socket() as probe:  # a port that was free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = OpenAIClient("m", base_url=f"http://127.0.0.1:{port}/v1", max_retries=0, timeout=2)
    started = time.perf_counter()
    with pytest.raises(LLMCallError, match="could not reach") as caught:
        client.complete(MESSAGES)
    assert caught.value.kind == "connection"
    assert time.perf_counter() - started < 3


FAULTS: list[tuple[str, list[Reply], dict[str, Any]]] = [
    ("timeout", [delay(10)], {"timeout": 0.3, "max_retries": 0}),
    ("429 forever", [status(429, headers={"retry-after-ms": "5"})] * 2, {"max_retries": 1}),
    ("500 forever", [status(500, headers={"retry-after-ms": "5"})] * 2, {"max_retries": 1}),
    ("401", [status(401)], {}),
    ("malformed JSON", [malformed()], {}),
    ("empty", [empty()], {}),
    ("null content", [null_content()], {}),
    ("disconnect", [disconnect()], {"max_retries": 0}),
]


@pytest.mark.parametrize(
    ("script", "settings"), [f[1:] for f in FAULTS], ids=[f[0] for f in FAULTS]
)
def test_compactor_turns_every_fault_into_a_result(
    make: Make, script: list[Reply], settings: dict[str, Any]
) -> None:
    _, client = make(script, **settings)
    started = time.perf_counter()
    result = Compactor(client).compact(SPAN)  # must not raise
    assert isinstance(result, CompactionResult)
    assert result.summary is None
    assert not result.ok
    assert result.error
    assert result.reason
    assert not result.nothing
    _no_key(result.error + result.reason + repr(result))
    assert time.perf_counter() - started < 5


def test_compactor_succeeds_through_a_retried_429(make: Make) -> None:
    server, client = make(
        [status(429, headers={"retry-after": "0"}), ok("Fixed tests/test_io.py: KeyError.")]
    )
    result = Compactor(client).compact(SPAN)
    assert result.summary == "Fixed tests/test_io.py: KeyError."
    assert result.error is None
    assert result.prompt_tokens > 0
    assert result.completion_tokens > 0
    assert result.cost_usd is not None
    assert result.model
    assert "tests/test_io.py" in server.requests[-1].last_user_text()  # the span reached the model


def test_compactor_reads_nothing_from_a_real_reply(make: Make) -> None:
    _, client = make([ok("NOTHING")])
    result = Compactor(client).compact(SPAN)
    assert result.nothing
    assert result.summary is None
    assert result.error is None
