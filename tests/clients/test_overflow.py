"""A context overflow (HTTP 400 with the server's own words) carries the limit and the size."""

from __future__ import annotations

import pytest

from tests.llm_servers import OpenAIServer, status
from working_memory.clients import LLMCallError, OpenAIClient
from working_memory.clients._overflow import context_overflow


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Requested tokens (5000) exceed context window of 2048", (2048, 5000)),
        (
            "This model's maximum context length is 2048 tokens, however you requested 5000 "
            "tokens (4900 in your prompt; 100 for the completion).",
            (2048, 5000),
        ),
        (
            "This model's maximum context length is 128000 tokens. However, your messages "
            "resulted in 130001 tokens. Please reduce the length of the messages.",
            (128000, 130001),
        ),
        ("request (5000 tokens) exceeds the available context size (4096 tokens)", (4096, 5000)),
        ("prompt is too long: 210000 tokens > 200000 maximum", (200000, 210000)),
        ("model not found", None),
    ],
)
def test_each_servers_wording_is_read(message: str, expected: tuple[int, int] | None) -> None:
    assert context_overflow(message) == expected


def test_an_overflow_becomes_a_context_overflow_error() -> None:
    message = "Requested tokens (5000) exceed context window of 2048"
    with OpenAIServer(script=[status(400, message=message)]) as server:
        client = OpenAIClient("m", base_url=server.base_url, max_retries=0)
        with pytest.raises(LLMCallError) as caught:
            client.complete([{"role": "user", "content": "hi"}])
    error = caught.value
    assert error.kind == "context_overflow"
    assert (error.context_limit, error.requested_tokens) == (2048, 5000)
    assert not error.retryable
    assert "2048" in str(error)
