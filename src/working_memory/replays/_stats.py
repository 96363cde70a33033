"""The totals of one replay: what a team decides on."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..events import WindowEvent

__all__ = ["COMPACTION_KINDS", "EVICTION_KINDS", "STAT_LABELS", "ReplayStats", "compute_stats"]

# A summariser call that removed its span (with or without a summary).
COMPACTION_KINDS = frozenset({"compacted", "nothing"})
# Messages dropped without a summary: evictions, and spans whose summary failed.
EVICTION_KINDS = frozenset({"evicted", "compaction_failed"})
SUMMARISER_KINDS = frozenset({"compacted", "nothing", "compaction_failed"})


@dataclass(frozen=True)
class ReplayStats:
    """Totals over one replayed session. Token sums are input tokens, summed over model calls."""

    calls: int
    billed_tokens: int  # sum over calls of what the managed window sent
    unmanaged_billed_tokens: int  # the same for the raw transcript (no management at all)
    saved_share: float  # 1 - billed / unmanaged
    compactions: int  # summariser calls that replaced a span (incl. NOTHING answers)
    evictions: int  # eviction events, incl. spans evicted after a failed summary
    maskings: int  # observation-masking passes
    summariser_calls: int
    summariser_tokens: int  # prompt + completion tokens the summariser spent (0 offline)
    peak_pressure: float
    mean_pressure: float
    calls_over_limit: int  # calls whose managed window was over the budget's limit
    # The task statement (the first typed user turn that is not a demonstration) is in the
    # final window as it was typed; None when the transcript has no
    # user message at all (the task is unknown: neither kept nor lost).
    task_survived: bool | None
    pinned_survived: bool  # every system / task / correction / explicit pin and the latest plan too
    orphaned_tool_calls: int  # calls without results + results without calls, over every call
    real_compactions: int  # compactions the production agent made (from the log)
    # Beyond the core set: what else happened.
    truncations: int = 0  # tool results cut head+tail at append
    compaction_failures: int = 0
    unmanaged_peak_pressure: float = 0.0
    unmanaged_calls_over_limit: int = 0
    net_saved_share: float = 0.0  # 1 - (billed + summariser tokens) / unmanaged
    oversized_messages: int = 0  # messages over the whole budget, replayed as truncated copies
    skipped_messages: int = 0  # messages that could not be sent even truncated (and their results)
    # Money, with the provider's prompt cache (working_memory.tokens.CacheModel; None: the
    # model has no price). The cache breaks: calls whose prompt was rewritten before the end
    # of the previous one (a compaction, a masking, an eviction), so the rest is paid again.
    model: str | None = None
    cost_usd: float | None = None
    unmanaged_cost_usd: float | None = None
    saved_cost_share: float | None = None  # 1 - cost / unmanaged cost
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    unmanaged_cache_read_tokens: int = 0
    cache_breaks: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


STAT_LABELS: dict[str, str] = {
    "cost_usd": "cost (USD, with cache)",
    "unmanaged_cost_usd": "unmanaged cost (USD)",
    "saved_cost_share": "money saved",
    "cache_breaks": "cache breaks",
    "calls": "model calls",
    "billed_tokens": "input tokens billed",
    "unmanaged_billed_tokens": "unmanaged tokens",
    "saved_share": "saved",
    "compactions": "compactions",
    "evictions": "evictions",
    "maskings": "maskings",
    "summariser_calls": "summariser calls",
    "summariser_tokens": "summariser tokens",
    "peak_pressure": "peak pressure",
    "mean_pressure": "mean pressure",
    "calls_over_limit": "calls over limit",
    "task_survived": "task survived",
    "pinned_survived": "pins survived",
    "orphaned_tool_calls": "orphaned tool calls",
    "real_compactions": "production compactions",
}


def compute_stats(
    *,
    totals: Sequence[int],
    unmanaged: Sequence[int],
    limit: int,
    events: Sequence[WindowEvent],
    orphans: int,
    task_survived: bool | None,
    pinned_survived: bool,
    real_compactions: int,
    oversized: int,
    skipped: int,
) -> ReplayStats:
    calls = len(totals)
    billed = sum(totals)
    raw = sum(unmanaged)
    kinds = [event.kind for event in events]
    spent = sum(event.summariser_tokens for event in events)
    pressures = [t / limit for t in totals]
    raw_pressures = [t / limit for t in unmanaged]
    return ReplayStats(
        calls=calls,
        billed_tokens=billed,
        unmanaged_billed_tokens=raw,
        saved_share=1 - billed / raw if raw else 0.0,
        compactions=sum(k in COMPACTION_KINDS for k in kinds),
        evictions=sum(k in EVICTION_KINDS for k in kinds),
        maskings=kinds.count("masked"),
        summariser_calls=sum(k in SUMMARISER_KINDS for k in kinds),
        summariser_tokens=spent,
        peak_pressure=max(pressures, default=0.0),
        mean_pressure=sum(pressures) / calls if calls else 0.0,
        calls_over_limit=sum(t > limit for t in totals),
        task_survived=task_survived,
        pinned_survived=pinned_survived,
        orphaned_tool_calls=orphans,
        real_compactions=real_compactions,
        truncations=kinds.count("truncated"),
        compaction_failures=kinds.count("compaction_failed"),
        unmanaged_peak_pressure=max(raw_pressures, default=0.0),
        unmanaged_calls_over_limit=sum(t > limit for t in unmanaged),
        net_saved_share=1 - (billed + spent) / raw if raw else 0.0,
        oversized_messages=oversized,
        skipped_messages=skipped,
    )
