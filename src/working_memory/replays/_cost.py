"""A replay in money: each call's predicted cache read / write / uncached tokens and its cost,
with and without the policy. The prices come from `working_memory.clients`, the cache rules
and the prediction from `working_memory.tokens`; nothing here is a rule of its own.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..clients import price_for
from ..tokens import CacheModel, CallShape, cache_family, log_model
from ._calls import CallDelta, priced, replay_shapes
from ._stats import ReplayStats

__all__ = ["cost_verdict", "replay_costs", "usd"]


def usd(value: float | None) -> str:
    """Dollars as read in a table: cents from a dollar up, four places below."""
    if value is None:
        return "no price"
    return f"${value:,.2f}" if abs(value) >= 1 else f"${value:.4f}"


def _gaps(transcript: Any, message_indices: Sequence[int]) -> list[float | None]:
    """Seconds between consecutive replayed calls, from the log's call timestamps: a replayed
    call is matched to the logged call that produced the same assistant message."""
    when = {c.last_message + 1: c.timestamp for c in transcript.calls if c.timestamp is not None}
    stamps = [when.get(i) for i in message_indices]
    gaps: list[float | None] = [None] if stamps else []  # a log with no model call
    for before, now in itertools.pairwise(stamps):
        gaps.append(max(now - before, 0.0) if before is not None and now is not None else None)
    return gaps


def replay_costs(
    transcript: Any,
    deltas: Sequence[CallDelta],
    message_tokens: Sequence[int],
    columns: dict[str, list[Any]],
    stats: ReplayStats,
    model: CacheModel | None = None,
) -> ReplayStats:
    """Fill the timeline's cache and cost columns; return the stats with the totals."""
    name = log_model(transcript)
    cache = model or CacheModel(cache_family(name))
    rates = price_for(name) if name else None
    long_cache = any(getattr(c, "cache_creation_1h_input_tokens", 0) for c in transcript.calls)
    indices = columns["message_index"]
    outputs = [message_tokens[i] if 0 <= i < len(message_tokens) else 0 for i in indices]
    gaps = _gaps(transcript, indices)
    predicted = cache.predict(replay_shapes(deltas, outputs, gaps, long_cache))
    raw = columns["unmanaged_tokens"]
    raw_shapes = [
        CallShape(total, raw[k - 1] if k else 0, gaps[k], outputs[k], long_cache)
        for k, total in enumerate(raw)
    ]
    raw_predicted = cache.predict(raw_shapes)
    costs = priced(predicted, outputs, rates, cache, long_cache)
    raw_costs = priced(raw_predicted, outputs, rates, cache, long_cache)
    columns["cache_read"] = [p.read for p in predicted]
    columns["cache_write"] = [p.write for p in predicted]
    columns["cache_uncached"] = [p.uncached for p in predicted]
    columns["cost_usd"] = costs
    columns["unmanaged_cost_usd"] = raw_costs
    breaks = sum(
        1
        for k, d in enumerate(deltas)
        if k and d.kept < len(deltas[k - 1].tail) + deltas[k - 1].kept
    )
    cost = sum(c for c in costs if c is not None) if rates is not None else None
    raw_cost = sum(c for c in raw_costs if c is not None) if rates is not None else None
    return dataclasses.replace(
        stats,
        model=name,
        cost_usd=cost,
        unmanaged_cost_usd=raw_cost,
        saved_cost_share=1 - cost / raw_cost if cost is not None and raw_cost else None,
        cache_read_tokens=sum(p.read for p in predicted),
        cache_write_tokens=sum(p.write for p in predicted),
        unmanaged_cache_read_tokens=sum(p.read for p in raw_predicted),
        cache_breaks=breaks,
    )


def cost_verdict(stats: Mapping[str, ReplayStats]) -> list[str]:
    """Sentences for a set of policies' stats on one log: which is cheapest (by cost where the
    model has a price, else by input tokens), and each that saves tokens but costs more."""
    if not stats:
        return []
    priced_ = {k: s for k, s in stats.items() if s.cost_usd is not None}
    lines = []
    if priced_:
        best = min(priced_, key=lambda k: priced_[k].cost_usd or 0.0)
        s = priced_[best]
        lines.append(
            f"Cheapest: {best} at {usd(s.cost_usd)} with the prompt cache "
            f"(unmanaged {usd(s.unmanaged_cost_usd)}, {s.model})."
        )
        for key, s in priced_.items():
            cost, raw = s.cost_usd or 0.0, s.unmanaged_cost_usd or 0.0
            if s.billed_tokens < s.unmanaged_billed_tokens and cost > raw:
                lines.append(
                    f"{key} saves {s.saved_share:.0%} of the input tokens but costs "
                    f"{cost / raw - 1:.0%} more than no management: its {s.cache_breaks} cache "
                    f"breaks are paid again at the full rate."
                )
    else:
        best = min(stats, key=lambda k: stats[k].billed_tokens)
        model = next(iter(stats.values())).model or "the log's model"
        lines.append(
            f"Fewest input tokens: {best} ({stats[best].billed_tokens:,}); {model} has no price, "
            f"so no cost is shown."
        )
    return lines
