"""A replay in money: each call's predicted cache read / write / uncached tokens and its cost,
with and without the policy. The prices come from `working_memory.clients`, the cache rules
and the prediction from `working_memory.tokens`; nothing here is a rule of its own.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..clients import price_for
from ..tokens import CacheModel, CallShape, cache_family, log_model
from ._calls import CallDelta, priced, replay_shapes
from ._stats import ReplayStats

__all__ = ["CostTotals", "cost_totals", "cost_verdict", "frame_verdicts", "replay_costs", "usd"]


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


class Costed(Protocol):
    """What the verdict reads: a ReplayStats, or CostTotals summed over sessions."""

    @property
    def model(self) -> str | None: ...
    @property
    def cost_usd(self) -> float | None: ...
    @property
    def unmanaged_cost_usd(self) -> float | None: ...
    @property
    def billed_tokens(self) -> int: ...
    @property
    def unmanaged_billed_tokens(self) -> int: ...
    @property
    def saved_share(self) -> float: ...
    @property
    def cache_breaks(self) -> int: ...


@dataclass(frozen=True)
class CostTotals:
    """One policy summed over the sessions of a compare_policies frame. Costs (and the tokens
    beside them) cover only the sessions priced under every policy, so policies compare on
    the same sessions; with none priced, cost is None and tokens cover every session."""

    policy: str
    sessions: int  # summed here
    priced_sessions: int
    model: str | None
    cost_usd: float | None
    unmanaged_cost_usd: float | None
    billed_tokens: int
    unmanaged_billed_tokens: int
    cache_breaks: int

    @property
    def saved_share(self) -> float:
        return (
            1 - self.billed_tokens / self.unmanaged_billed_tokens
            if self.unmanaged_billed_tokens
            else 0.0
        )

    @property
    def saved_cost_share(self) -> float | None:
        if self.cost_usd is None or not self.unmanaged_cost_usd:
            return None
        return 1 - self.cost_usd / self.unmanaged_cost_usd


def _number(value: Any) -> float | None:
    """A frame cell: None and NaN (pandas' None in a float column) are no value."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return float(value)


def cost_totals(rows: Iterable[Mapping[str, Any]]) -> dict[str, CostTotals]:
    """Per policy, in first-seen order, from compare_policies rows (frame.to_dict("records"))."""
    by_policy: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_policy.setdefault(str(row["policy"]), []).append(row)
    sessions: dict[Any, list[Mapping[str, Any]]] = {}
    for part in by_policy.values():
        for row in part:
            sessions.setdefault(row["transcript"], []).append(row)
    priced = {
        name
        for name, part in sessions.items()
        if len(part) == len(by_policy) and all(_number(r["cost_usd"]) is not None for r in part)
    }
    out = {}
    for policy, part in by_policy.items():
        chosen = [r for r in part if r["transcript"] in priced] or part
        models = sorted({str(r["model"]) for r in chosen if r.get("model")})
        model = ", ".join(models[:3]) + (f" and {len(models) - 3} more" if len(models) > 3 else "")
        if priced and len(chosen) > 1:
            model = f"{model or 'no model named'}; {len(chosen)} sessions"
        out[policy] = CostTotals(
            policy=policy,
            sessions=len(part),
            priced_sessions=len([r for r in part if r["transcript"] in priced]),
            model=model or None,
            cost_usd=sum(_number(r["cost_usd"]) or 0.0 for r in chosen) if priced else None,
            unmanaged_cost_usd=(
                sum(_number(r["unmanaged_cost_usd"]) or 0.0 for r in chosen) if priced else None
            ),
            billed_tokens=sum(int(r["billed_tokens"]) for r in chosen),
            unmanaged_billed_tokens=sum(int(r["unmanaged_billed_tokens"]) for r in chosen),
            cache_breaks=sum(int(r["cache_breaks"]) for r in chosen),
        )
    return out


def frame_verdicts(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """cost_verdict per transcript of compare_policies rows, in corpus order."""
    per: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        per.setdefault(str(row["transcript"]), []).append(row)
    return {name: cost_verdict(cost_totals(part)) for name, part in per.items()}


def cost_verdict(stats: Mapping[str, Costed]) -> list[str]:
    """The sentences every surface shows (CLI replay, compare_policies, the replay lab, the
    report) for a set of policies on one log or summed over a corpus: which is cheapest (by
    cost where the model has a price, else by input tokens), and each that saves tokens but
    costs more than no management."""
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
            if s.billed_tokens < s.unmanaged_billed_tokens and cost > raw > 0:
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
