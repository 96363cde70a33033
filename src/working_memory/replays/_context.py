"""The one accounting of a call's context window, as Claude Code's `/context` shows it.

Every figure of the report (the pressure curve, the window by category, what the model saw
at the last call, where the tokens are, the context table) reads its tokens from here, so
they agree to the token. The categories of what was sent (`USED`) are the window's own
breakdown at that call (`ManagedWindow.breakdown()`, recorded in the timeline); the rest of
the model's window is laid out after them, in this order along the window:

- free space: up to the compaction threshold (`compact_at` x the budget's limit);
- autocompact buffer: from that threshold to the budget's limit (what is sent past the
  threshold makes the window act);
- reply reserve: `reserve_completion`, kept for the model's answer;
- counting headroom: the share of the window the budget does not use (`1 - ratio`), room
  for counting error.

What was sent eats into them in that order, so used + free + buffer + reserve + headroom is
the model's window exactly, or what was sent when that is over the whole window.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..breakdown import Breakdown
    from ._policy import Policy
    from ._view import ReplayView

__all__ = [
    "CONTEXT_LABELS",
    "FIXED",
    "SPARE",
    "USED",
    "ContextUse",
    "context_at",
    "counts_state",
]

# What was sent, by category (timeline columns `tokens_<name>`), then the rest of the window.
USED = ("system", "overhead", "tools", "pinned", "summaries", "recent", "other")
SPARE = ("free", "autocompact_buffer", "reply_reserve", "headroom")
# Sent with every request whatever the history holds: where a running total starts.
FIXED = ("overhead", "tools")

CONTEXT_LABELS: dict[str, str] = {
    "system": "system prompt",
    "overhead": "per-request overhead",
    "tools": "tool schemas",
    "pinned": "pinned (task, plan, corrections, explicit)",
    "summaries": "compaction summaries",
    "recent": "recent turns (kept verbatim)",
    "other": "older history (may be compacted or evicted)",
    "free": "free space",
    "autocompact_buffer": "autocompact buffer (compaction threshold to the limit)",
    "reply_reserve": "reply reserve",
    "headroom": "counting headroom (the window the budget does not use)",
}


@dataclass(frozen=True)
class ContextUse:
    """The model's window at one call, by category (see the module docstring)."""

    call: int | None  # None: a live window (the workbench's preview), not a replayed call
    window: int  # the model's context window
    limit: int  # the budget's limit: window x ratio - reserve_completion
    compact_line: int  # the compaction threshold in tokens
    reserve: int  # reserve_completion
    calibrated: bool  # the overhead was fitted from billed usage
    system: int
    overhead: int
    tools: int
    pinned: int
    summaries: int
    recent: int
    other: int

    @property
    def used(self) -> int:
        """What was sent at this call (the timeline's `tokens_total`)."""
        return sum(getattr(self, key) for key in USED)

    @property
    def fixed(self) -> int:
        """Tokens sent before any message: the per-request overhead and the tool schemas."""
        return self.overhead + self.tools

    def _span(self, start: int, end: int) -> int:
        """The part of [start, end) of the window that what was sent leaves free."""
        return max(0, end - max(start, self.used))

    @property
    def free(self) -> int:
        return self._span(0, self.compact_line)

    @property
    def autocompact_buffer(self) -> int:
        return self._span(self.compact_line, self.limit)

    @property
    def reply_reserve(self) -> int:
        return self._span(self.limit, self.limit + self.reserve)

    @property
    def headroom(self) -> int:
        return self._span(self.limit + self.reserve, self.window)

    @property
    def over_window(self) -> int:
        """What was sent beyond the whole window (then no space is left at all)."""
        return max(0, self.used - self.window)

    def used_parts(self) -> dict[str, int]:
        """What was sent, by category (they sum to `used`)."""
        return {key: getattr(self, key) for key in USED}

    def as_dict(self) -> dict[str, int]:
        """Every category in window order; they sum to max(window, used)."""
        return {key: getattr(self, key) for key in (*USED, *SPARE)}

    @classmethod
    def of(
        cls, parts: Breakdown | Mapping[str, int], policy: Policy, *, call: int | None = None
    ) -> ContextUse:
        """The accounting of a window's breakdown (`ManagedWindow.breakdown()`, or the same
        categories by name) under `policy`: what a live window (the workbench's) and a
        replayed call (`context_at`) both go through."""
        named = parts._asdict() if isinstance(parts, tuple) else dict(parts)
        return cls(
            call=call,
            window=policy.window,
            limit=policy.limit,
            compact_line=round(policy.compact_at * policy.limit),
            reserve=policy.reserve_completion,
            calibrated=policy.calibration is not None,
            **{key: int(named[key]) for key in USED},
        )

    @property
    def counts(self) -> str:
        """How the counts were made, as the report's headline says it ("Counts: <counter>, ...")."""
        return counts_state(self.calibrated)

    def describe(self) -> str:
        """What was sent against the window, the limit and the threshold: the sentence of the
        report's context table and of the workbench's context panel."""
        over = (
            f"; {self.over_window:,} tokens over the whole window: no space is left"
            if self.over_window
            else ""
        )
        return (
            f"{self.used:,} of the model's {self.window:,}-token window sent "
            f"({self.used / self.window:.0%}), {self.used / self.limit:.2f} of the budget's "
            f"{self.limit:,}-token limit{over}. The compaction threshold is at "
            f"{self.compact_line:,} tokens."
        )

    def label(self, key: str) -> str:
        if key == "overhead":
            how = "fitted from billed usage" if self.calibrated else "the counter's"
            return f"{CONTEXT_LABELS[key]} ({how})"
        return CONTEXT_LABELS[key]


def counts_state(calibrated: bool) -> str:
    """Whether the counts were fitted to the bill: one wording for the report and workbench."""
    return "calibrated from the log's billed usage" if calibrated else "uncalibrated"


def context_at(item: ReplayView, call: int | None = None) -> ContextUse:
    """The window of `item` at model call `call` (1-based; default the last call)."""
    calls = item.column("call")
    if not calls:
        raise ValueError(f"{item.name}: the replay made no model call")
    call = calls[-1] if call is None else call
    if not 1 <= call <= len(calls):
        raise IndexError(f"call {call}: this replay made calls 1 to {len(calls)}")
    row = call - 1
    parts = {key: item.column(f"tokens_{key}")[row] for key in USED}
    context = ContextUse.of(parts, item.policy, call=call)
    total = item.column("tokens_total")[row]
    if context.used != total or context.limit != item.limit:
        # The window's breakdown sums to what it sent, under the policy's own budget.
        raise RuntimeError(
            f"call {call}: categories sum to {context.used} of {context.limit}, but the "
            f"window sent {total} of {item.limit}"
        )
    return context
