"""A good summary with garbage `usage` keeps the summary and drops the usage."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.clients.conftest import ANTHROPIC_KEY, OPENAI_KEY
from tests.llm_servers import MISSING, AnthropicServer, OpenAIServer, ok
from working_memory.clients import AnthropicClient, OpenAIClient
from working_memory.compaction import Compactor
from working_memory.protocols import Usage

SPAN = [
    {"role": "user", "content": "Fix the failing test in tests/test_io.py"},
    {"role": "assistant", "content": "Ran pytest: 3 passed, 1 failed (KeyError: 'path')."},
]
SUMMARY = "Fixed tests/test_io.py: KeyError."

# (name, OpenAI usage, Anthropic usage)
GARBAGE: list[tuple[str, Any, Any]] = [
    (
        "string",
        {"prompt_tokens": "many", "completion_tokens": 3},
        {"input_tokens": "many", "output_tokens": 3},
    ),
    (
        "numeric string",
        {"prompt_tokens": "12", "completion_tokens": 3},
        {"input_tokens": 12, "output_tokens": "3"},
    ),
    (
        "negative",
        {"prompt_tokens": -5, "completion_tokens": 3},
        {"input_tokens": -5, "output_tokens": 3},
    ),
    (
        "Infinity",
        {"prompt_tokens": math.inf, "completion_tokens": 3},
        {"input_tokens": 10, "output_tokens": math.inf},
    ),
    (
        "NaN",
        {"prompt_tokens": 10, "completion_tokens": math.nan},
        {"input_tokens": math.nan, "output_tokens": 3},
    ),
    (
        "fractional",
        {"prompt_tokens": 10.5, "completion_tokens": 3},
        {"input_tokens": 10, "output_tokens": 2.5},
    ),
    (
        "boolean",
        {"prompt_tokens": True, "completion_tokens": 3},
        {"input_tokens": 10, "output_tokens": False},
    ),
    ("missing fields", {}, {"output_tokens": 3}),
    (
        "garbage cache count",
        {
            "prompt_tokens": 10,
            "completion_tokens": 3,
            "prompt_tokens_details": {"cached_tokens": -1},
        },
        {"input_tokens": 10, "output_tokens": 3, "cache_read_input_tokens": "lots"},
    ),
    ("usage is a string", "lots", "lots"),
    ("usage is a list", [1, 2], [1, 2]),
    ("usage is null", None, None),
    ("no usage", MISSING, MISSING),
]


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
@pytest.mark.parametrize(
    ("usage_openai", "usage_anthropic"), [g[1:] for g in GARBAGE], ids=[g[0] for g in GARBAGE]
)
def test_garbage_usage_keeps_the_summary_and_drops_the_usage(
    provider: str, usage_openai: Any, usage_anthropic: Any
) -> None:
    usage = usage_openai if provider == "openai" else usage_anthropic
    if provider == "openai":
        server: Any = OpenAIServer([ok(SUMMARY, usage=usage)] * 2, api_key=OPENAI_KEY)
    else:
        server = AnthropicServer([ok(SUMMARY, usage=usage)] * 2, api_key=ANTHROPIC_KEY)
    with server:
        if provider == "openai":
            client: Any = OpenAIClient(
                "gpt-4o-mini", base_url=server.base_url, api_key=OPENAI_KEY, max_retries=0
            )
        else:
            client = AnthropicClient(
                "claude-haiku-4-5", base_url=server.base_url, api_key=ANTHROPIC_KEY, max_retries=0
            )
        response = client.complete([{"role": "user", "content": "Summarise."}])
        result = Compactor(client).compact(SPAN)
    assert response.content == SUMMARY
    assert response.usage is None
    assert response.cost_usd is None  # no usage, no invented cost
    assert result.summary == SUMMARY
    assert result.error is None
    assert (result.prompt_tokens, result.completion_tokens, result.cost_usd) == (0, 0, None)


def test_good_usage_still_counts() -> None:
    with OpenAIServer([ok(SUMMARY, prompt_tokens=120, completion_tokens=9)]) as server:
        client = OpenAIClient("gpt-4o-mini", base_url=server.base_url, api_key="k")
        result = Compactor(client).compact(SPAN)
    assert (result.prompt_tokens, result.completion_tokens) == (120, 9)
    assert result.cost_usd is not None and result.cost_usd > 0


def test_a_custom_clients_garbage_usage_is_dropped_too() -> None:
    class Odd:
        content = SUMMARY
        usage = Usage(prompt_tokens="many", completion_tokens=-2)  # type: ignore[arg-type]
        cost_usd = math.nan
        latency_s = "slow"
        model = 42

    class Client:
        def complete(self, messages: Any) -> Any:
            return Odd()

    result = Compactor(Client()).compact(SPAN)  # type: ignore[arg-type]
    assert result.summary == SUMMARY
    assert (result.prompt_tokens, result.completion_tokens, result.cost_usd) == (0, 0, None)
    assert isinstance(result.latency_s, float) and result.latency_s >= 0
    assert result.model == ""
