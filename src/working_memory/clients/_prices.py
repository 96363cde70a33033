"""A small, user-editable price table and the cost estimate built from it.

Prices are US dollars per million tokens, as the providers publish them. The table is read
at call time, so `PRICES["my-model"] = Price(0.5, 1.5)` takes effect for existing clients.
A model that is not in the table has no cost (`None`): tokens are still reported, a price is
never guessed. Check and update these figures against the provider's pricing page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["PRICES", "PRICES_CHECKED", "Price", "estimate_cost", "price_for"]

# When the figures below were compared with the providers' pricing pages. Models released
# since are absent on purpose (cost None): add them from the pricing page, don't guess.
PRICES_CHECKED = "2025-11"


@dataclass(frozen=True)
class Price:
    """US dollars per million tokens. `cached_input` / `cache_write` of None bill at `input`;
    `cache_write_1h` (Anthropic's one-hour cache) of None bills at `cache_write`. `checked`: when
    the figures were read off the provider's page, `source`: which page."""

    input: float
    output: float
    cached_input: float | None = None
    cache_write: float | None = None
    cache_write_1h: float | None = None
    checked: str = PRICES_CHECKED
    source: str = ""

    def __post_init__(self) -> None:
        for name in ("input", "output", "cached_input", "cache_write", "cache_write_1h"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int | float) or value < 0):
                raise ValueError(
                    f"Price.{name} must be a non-negative number of USD per million tokens, got {value!r}"
                )


_ANTHROPIC_PAGE = "https://docs.anthropic.com/en/docs/about-claude/pricing"
_OPENAI_PAGE = "https://openai.com/api/pricing"
_DEEPSEEK_PAGE = "https://api-docs.deepseek.com/quick_start/pricing"

PRICES: dict[str, Price] = {
    # OpenAI
    "gpt-4o": Price(2.50, 10.00, cached_input=1.25),
    "gpt-4o-mini": Price(0.15, 0.60, cached_input=0.075),
    "gpt-4.1": Price(2.00, 8.00, cached_input=0.50),
    "gpt-4.1-mini": Price(0.40, 1.60, cached_input=0.10),
    "gpt-4.1-nano": Price(0.10, 0.40, cached_input=0.025),
    "gpt-5": Price(1.25, 10.00, cached_input=0.125),
    "gpt-5-mini": Price(0.25, 2.00, cached_input=0.025),
    "gpt-5-nano": Price(0.05, 0.40, cached_input=0.005),
    "o3": Price(2.00, 8.00, cached_input=0.50),
    "o4-mini": Price(1.10, 4.40, cached_input=0.275),
    # Models the shared logs use, added 2026-12 from the providers' pages as quoted by the
    # secondary sources named (the pages themselves were not reachable from here).
    "gpt-5-codex": Price(
        1.25, 10.00, cached_input=0.125, checked="2026-12", source=f"{_OPENAI_PAGE} (as quoted)"
    ),
    "gpt-5.5": Price(
        5.00, 30.00, cached_input=0.50, checked="2026-06", source=f"{_OPENAI_PAGE} (as quoted)"
    ),
    # Anthropic (cache_write: the 5-minute cache, 1.25x input)
    "claude-opus-4-5": Price(
        5.00,
        25.00,
        cached_input=0.50,
        cache_write=6.25,
        cache_write_1h=10.00,
        source=_ANTHROPIC_PAGE,
    ),
    "claude-opus-4-1": Price(
        15.00,
        75.00,
        cached_input=1.50,
        cache_write=18.75,
        cache_write_1h=30.00,
        source=_ANTHROPIC_PAGE,
    ),
    "claude-opus-4-0": Price(
        15.00,
        75.00,
        cached_input=1.50,
        cache_write=18.75,
        cache_write_1h=30.00,
        source=_ANTHROPIC_PAGE,
    ),
    "claude-sonnet-4-5": Price(
        3.00,
        15.00,
        cached_input=0.30,
        cache_write=3.75,
        cache_write_1h=6.00,
        source=_ANTHROPIC_PAGE,
    ),
    "claude-sonnet-4-0": Price(
        3.00,
        15.00,
        cached_input=0.30,
        cache_write=3.75,
        cache_write_1h=6.00,
        source=_ANTHROPIC_PAGE,
    ),
    "claude-3-7-sonnet": Price(
        3.00,
        15.00,
        cached_input=0.30,
        cache_write=3.75,
        cache_write_1h=6.00,
        source=_ANTHROPIC_PAGE,
    ),
    "claude-haiku-4-5": Price(
        1.00, 5.00, cached_input=0.10, cache_write=1.25, cache_write_1h=2.00, source=_ANTHROPIC_PAGE
    ),
    "claude-opus-4-6": Price(
        5.00,
        25.00,
        cached_input=0.50,
        cache_write=6.25,
        cache_write_1h=10.00,
        checked="2026-03",
        source=f"{_ANTHROPIC_PAGE} (as quoted)",
    ),
    "claude-3-5-sonnet": Price(
        3.00,
        15.00,
        cached_input=0.30,
        cache_write=3.75,
        cache_write_1h=6.00,
        checked="2025-11",
        source=_ANTHROPIC_PAGE,
    ),
    "claude-3-5-haiku": Price(
        0.80, 4.00, cached_input=0.08, cache_write=1.00, cache_write_1h=1.60, source=_ANTHROPIC_PAGE
    ),
    # DeepSeek: "cache hit" is cached_input, "cache miss" is input; deepseek-chat and
    # deepseek-reasoner are the non-thinking and thinking names of the same model.
    "deepseek-v4-flash": Price(
        0.14, 0.28, cached_input=0.0028, checked="2026-08", source=_DEEPSEEK_PAGE
    ),
    "deepseek-v4-pro": Price(
        0.435, 0.87, cached_input=0.003625, checked="2026-08", source=_DEEPSEEK_PAGE
    ),
}

# Snapshot and alias suffixes that do not change the price: gpt-4o-2024-08-06,
# claude-sonnet-4-5-20250929, claude-3-5-haiku-latest. Nothing else is stripped, so
# gpt-4o-mini never falls back to gpt-4o's price.
_SNAPSHOT = re.compile(r"-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$")
_ALIASES = {
    "claude-opus-4": "claude-opus-4-0",
    "claude-sonnet-4": "claude-sonnet-4-0",
    "deepseek-chat": "deepseek-v4-flash",
    "deepseek-reasoner": "deepseek-v4-flash",
}


def price_for(model: str, prices: Mapping[str, Price] | None = None) -> Price | None:
    """The table entry for `model`, its dated snapshot, or its provider prefix (`openai/gpt-4o`)."""
    table = PRICES if prices is None else prices
    name = model.strip().lower()
    candidates = [name, name.rsplit("/", 1)[-1]]  # OpenRouter-style "openai/gpt-4o"
    for candidate in candidates:
        for key in (candidate, _SNAPSHOT.sub("", candidate)):
            key = _ALIASES.get(key, key)
            if key in table:
                return table[key]
    return None


def estimate_cost(
    model: str,
    prompt_tokens: int,
    completion_tokens: int,
    *,
    cached_tokens: int = 0,
    cache_write_tokens: int = 0,
    cache_write_1h_tokens: int = 0,
    prices: Mapping[str, Price] | None = None,
) -> float | None:
    """USD for one call, or None when the model has no price entry.

    `prompt_tokens` is the whole prompt, cached and cache-written tokens included (as OpenAI
    reports it; the Anthropic client adds its separately reported cache figures back in).
    `cache_write_1h_tokens`: the part of `cache_write_tokens` written for one hour.
    """
    price = price_for(model, prices)
    if price is None:
        return None
    if (
        min(
            prompt_tokens,
            completion_tokens,
            cached_tokens,
            cache_write_tokens,
            cache_write_1h_tokens,
        )
        < 0
    ):
        raise ValueError("token counts must be non-negative")
    cached = min(cached_tokens, prompt_tokens)
    written = min(cache_write_tokens, prompt_tokens - cached)
    long = min(cache_write_1h_tokens, written)
    fresh = prompt_tokens - cached - written
    cached_rate = price.input if price.cached_input is None else price.cached_input
    write_rate = price.input if price.cache_write is None else price.cache_write
    long_rate = write_rate if price.cache_write_1h is None else price.cache_write_1h
    total = (
        fresh * price.input
        + cached * cached_rate
        + (written - long) * write_rate
        + long * long_rate
        + completion_tokens * price.output
    )
    return total / 1_000_000
