"""What the window did, as plain values that also print as one readable line each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .messages import Message

__all__ = ["EventKind", "Prepared", "WindowEvent"]

EventKind = Literal[
    "truncated",  # a tool result was cut head+tail at write time
    "compacted",  # a span was replaced by one summary message
    "nothing",  # the summariser said NOTHING: the span was removed, no summary inserted
    "compaction_failed",  # the summariser failed or its summary was rejected: the span was evicted
    "evicted",  # a tool group or a turn was dropped outright
    "masked",  # old tool results were replaced by a placeholder (observation masking)
    "over_budget",  # everything left is pinned and the window is still over evict_at
    "compaction_skipped",  # over compact_at, but no span qualifies (the reason says why)
    "archived",  # originals held in memory (the archive had failed) are now written
    "lost",  # held originals dropped past max_pending_bytes: never archived (ids named)
    "discarded",  # a summary landed after its span changed: it was not put in
    "deferred",  # cache-aware: a due compaction or masking would not pay for its rewrite yet
]


@dataclass(frozen=True)
class WindowEvent:
    kind: EventKind
    turns: int  # messages affected
    tokens_before: int
    tokens_after: int
    pressure_before: float
    pressure_after: float
    reason: str = ""
    call: int = 0  # the prepare() call (1-based) during which it happened; 0 = at append
    message_ids: tuple[
        int, ...
    ] = ()  # window ids of the messages affected (stable across compactions)
    archive: str | None = None  # where the dropped messages were written, if anywhere
    summariser_tokens: int = 0  # prompt + completion tokens the summariser spent

    def __str__(self) -> str:
        pressure = f"pressure {self.pressure_before:.2f} -> {self.pressure_after:.2f}"
        where = f"; archived at {self.archive}" if self.archive else ""
        why = f" ({self.reason})" if self.reason else ""
        if self.kind == "truncated":
            return f"truncated tool result: {self.tokens_before} -> {self.tokens_after} tok{why}{where}"
        if self.kind == "compacted":
            return f"compacted {self.turns} turns at {pressure}{why}{where}"
        if self.kind == "nothing":
            return f"compacted {self.turns} turns to NOTHING (span removed) at {pressure}{where}"
        if self.kind == "compaction_failed":
            return f"compaction failed, evicted {self.turns} turns at {pressure}{why}{where}"
        if self.kind == "evicted":
            return f"evicted {self.turns} turns ({self.tokens_before - self.tokens_after} tok) at {pressure}{why}{where}"
        if self.kind == "masked":
            return f"masked {self.turns} old tool results at {pressure}{why}{where}"
        if self.kind == "archived":
            return f"archived {self.turns} held original(s){why}{where}"
        if self.kind == "lost":
            return f"LOST {self.turns} original(s) never archived{why}"
        if self.kind == "discarded":
            return f"summary of {self.turns} turns discarded{why}"
        if self.kind == "deferred":
            return f"rewrite deferred at pressure {self.pressure_after:.2f}{why}"
        if self.kind == "compaction_skipped":
            return f"compaction skipped at pressure {self.pressure_after:.2f}{why}"
        return f"over budget with everything pinned: {pressure}{why}"


@dataclass(frozen=True)
class Prepared:
    """What one `prepare()` call gave the model, as a window observer sees it
    (`ManagedWindow.observe`): the call number, the messages sent (the window's own list: read
    it during the callback, do not keep or change it), the events since the previous call
    (those at append included), and the tokens against the limit."""

    call: int
    sent: Sequence[Message]
    events: tuple[WindowEvent, ...]
    tokens: int
    limit: int

    @property
    def pressure(self) -> float:
        return self.tokens / self.limit
