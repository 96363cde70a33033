"""The price table: lookups that never invent a price, and costs that add up."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from working_memory.clients import PRICES, Price, estimate_cost, price_for

LOOKUPS = [
    ("gpt-4o", PRICES["gpt-4o"]),
    ("gpt-4o-2024-08-06", PRICES["gpt-4o"]),
    ("GPT-4o-mini", PRICES["gpt-4o-mini"]),
    ("gpt-4o-mini-2024-07-18", PRICES["gpt-4o-mini"]),  # not gpt-4o's price
    ("openai/gpt-4.1", PRICES["gpt-4.1"]),
    ("claude-haiku-4-5-20251001", PRICES["claude-haiku-4-5"]),
    ("claude-3-5-haiku-latest", PRICES["claude-3-5-haiku"]),
    ("claude-sonnet-4-20250514", PRICES["claude-sonnet-4-0"]),
    ("gpt-4o-turbo-ultra", None),  # a made-up suffix is not stripped to a known name
    ("gpt-4", None),
    ("llama3.2:3b", None),
    ("qwen2.5-coder", None),
    ("", None),
]


@pytest.mark.parametrize(("model", "expected"), LOOKUPS)
def test_price_for(model: str, expected: Price | None) -> None:
    assert price_for(model) == expected


COSTS = [
    # model, prompt, completion, cached, written, expected USD
    ("gpt-4o", 1_000_000, 0, 0, 0, 2.50),
    ("gpt-4o", 0, 1_000_000, 0, 0, 10.00),
    ("gpt-4o", 1_000_000, 0, 1_000_000, 0, 1.25),
    ("gpt-4o-mini", 2_000, 500, 1_000, 0, (1_000 * 0.15 + 1_000 * 0.075 + 500 * 0.60) / 1e6),
    (
        "claude-haiku-4-5",
        10_000,
        100,
        4_000,
        2_000,
        (4_000 * 1.0 + 4_000 * 0.10 + 2_000 * 1.25 + 100 * 5.0) / 1e6,
    ),
    ("unknown-model", 10, 10, 0, 0, None),
]


@pytest.mark.parametrize(("model", "prompt", "completion", "cached", "written", "expected"), COSTS)
def test_estimate_cost(
    model: str, prompt: int, completion: int, cached: int, written: int, expected: float | None
) -> None:
    cost = estimate_cost(
        model, prompt, completion, cached_tokens=cached, cache_write_tokens=written
    )
    assert cost == (None if expected is None else pytest.approx(expected))


def test_missing_cache_rates_bill_at_the_input_rate() -> None:
    table = {"m": Price(input=2.0, output=0.0)}
    assert estimate_cost("m", 1_000_000, 0, cached_tokens=500_000, prices=table) == pytest.approx(
        2.0
    )


def test_negative_counts_and_prices_are_refused() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        estimate_cost("gpt-4o", -1, 0)
    with pytest.raises(ValueError, match=r"Price.output must be a non-negative"):
        Price(1.0, -2.0)


tokens = st.integers(min_value=0, max_value=10_000_000)


@given(prompt=tokens, completion=tokens, cached=tokens, model=st.sampled_from(sorted(PRICES)))
def test_cost_bounds(prompt: int, completion: int, cached: int, model: str) -> None:
    """Caching never costs more than no caching, and never less than nothing."""
    with_cache = estimate_cost(model, prompt, completion, cached_tokens=cached)
    without = estimate_cost(model, prompt, completion)
    assert with_cache is not None
    assert without is not None
    assert 0 <= with_cache <= without + 1e-12


@given(a=tokens, b=tokens, completion=tokens, model=st.sampled_from(sorted(PRICES)))
def test_cost_is_additive_in_tokens(a: int, b: int, completion: int, model: str) -> None:
    whole = estimate_cost(model, a + b, completion)
    parts = estimate_cost(model, a, completion), estimate_cost(model, b, 0)
    assert whole is not None
    assert None not in parts
    assert whole == pytest.approx(parts[0] + parts[1])  # type: ignore[operator]
