"""Compaction: which span goes next, the summariser call, its backoff, the summary in place."""

from __future__ import annotations

import inspect
import logging
import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal

from . import config
from ._entry import Entry, unmasked_tool_count
from ._evicting import EvictingWindow
from ._numbers import token_count
from ._redact import error_text, redact
from .events import EventKind
from .messages import (
    summary_message,
)
from .pins import (
    PinReason,
)
from .protocols import CompactionResult
from .spans import find_span

if TYPE_CHECKING:
    from ._in_flight import PendingSummary
    from ._triggers import Due, Rewrite

__all__ = ["CompactingWindow"]

log = logging.getLogger("working_memory")

# How a summary is written: in the caller's thread (no bound), in a worker thread (a bound,
# or in the background), or as a task of the running event loop (aprepare).
Mode = Literal["inline", "thread", "task"]


class CompactingWindow(EvictingWindow):
    """Compaction over the window's state (see `window.py`)."""

    def _compaction_pass(self, mode: Mode) -> Iterator[PendingSummary]:
        """Compact while over `compact_at`. Each summary started is yielded: the driver
        (`prepare`, `aprepare`) waits on it as long as it may, then this goes on. One that has
        not landed by then stays in flight, and a later call puts it in."""
        pending = self._in_flight
        if pending is not None:
            if not pending.done():
                return  # still being written; eviction guards evict_at meanwhile
            self._in_flight = None
            if self._after_landing(self._land(pending)):
                return
        if self._compactor is None or self._settings.strategy not in ("compact", "hybrid"):
            return
        if self._clock() < self._retry_at:
            return  # backing off after a failed summariser call; eviction still guards evict_at
        if (
            self._search_after is not None
            and self._appended_tokens < self._search_after
            and not (self._deferred and self.pressure() > self._settings.evict_at)
        ):
            # No span qualified, and not enough has arrived since to change that; a span the
            # cache-aware gate deferred is taken as soon as evict_at is passed.
            return
        for _ in range(self._settings.max_compactions_per_prepare):
            due = self._due()
            if due is None:
                return
            pending = self._start_summary(mode, due)
            if pending is None:
                return
            self._in_flight = pending
            yield pending
            if not pending.done():
                return  # it lands on a later call
            self._in_flight = None
            if self._after_landing(self._land(pending)):
                return

    def _due(self) -> Due | None:
        """What a compaction must take now (pressure or message count), or None."""
        return self._trigger.due(
            tokens=self.tokens(), limit=self._limit, messages=len(self._entries)
        )

    def _after_landing(self, outcome: str) -> bool:
        """Whether the pass stops after a summary with this outcome."""
        if outcome == "low_gain":
            # Anti-thrash: a compaction that frees too little is not repeated.
            self._evict_down_to(
                self._compact_to,
                reason=f"last compaction gained less than min_gain={self._settings.min_gain:.2f}; evicting instead",
            )
        return outcome != "ok"

    def _eligible(self, reasons: Sequence[PinReason | None]) -> list[bool]:
        open_groups = set(self._call_owner.values())
        return [
            reasons[i] is None and not entry.summary and entry.group not in open_groups
            for i, entry in enumerate(self._entries)
        ]

    def next_span(self, *, regardless_of_pressure: bool = False) -> tuple[int, int]:
        """Positions [start, end) of the span the next compaction would take; (0, 0) if none.

        `regardless_of_pressure=True` previews the oldest compactable span (up to
        `max_span_tokens`) even when the window is far under its threshold.
        """
        # Not due yet: the span it would take once the pressure trigger fires.
        from ._triggers import Due

        due = self._due() or Due(max(0.0, self.tokens() - self._compact_to * self._limit), 0)
        eligible = self._eligible(self.pin_reasons())
        start, end, _ = self._find_span(eligible, due, regardless_of_pressure)
        return start, end

    def _span_cap(self) -> float:
        # A span may always reach twice min_gain, or no span could qualify on a large window.
        return max(self._settings.max_span_tokens, 2 * self._settings.min_gain * self._limit)

    def _find_span(
        self, eligible: Sequence[bool], due: Due, regardless_of_pressure: bool = False
    ) -> tuple[int, int, str]:
        """The oldest span worth compacting (`spans.find_span`), with this window's settings:
        enough tokens for the pressure trigger and enough messages for the count trigger."""
        entries = self._entries
        need = due.tokens
        # min_gain guards pressure-driven compaction; a count-driven one must free messages.
        min_tokens = self._settings.min_gain * self._limit if due.tokens > 0 else 0
        if regardless_of_pressure:
            need, min_tokens = math.inf, 0
        start, end, why = find_span(
            [e.tokens for e in entries],
            [e.group for e in entries],
            [e.id for e in entries],
            eligible,
            need=need,
            min_tokens=min_tokens,
            cap=self._span_cap(),
            min_span=self._settings.min_span,
            need_messages=due.messages,
        )
        return start, end, why

    def _summary_estimate(self, span_tokens: int) -> int:
        """What a summary of this span will cost before it is written: the size of the
        newest summary in the window, else the size asked of the summariser."""
        newest = next((e.tokens for e in reversed(self._entries) if e.summary), None)
        guess = newest if newest is not None else 2 * config.WORD_LIMIT
        return min(span_tokens, guess)

    def _compaction_rewrite(self, start: int, end: int) -> Rewrite:
        """What compacting [start, end) does to the cached prompt."""
        span = sum(entry.tokens for entry in self._entries[start:end])
        summary = self._summary_estimate(span)
        tail = sum(entry.tokens for entry in self._entries[end:])
        from ._triggers import Rewrite

        return Rewrite(freed=span - summary, rewritten=summary + tail, forced_in=self._forced_in())

    def _gated_span(self, eligible: list[bool], due: Due) -> tuple[int, int, str]:
        """The span to compact now under the gate: the one the triggers ask for if its
        rewrite pays, else the smallest deeper one that pays, else the one asked for if
        waiting cannot pay either, else none (the reason says why). Past evict_at the gate
        is not asked: eviction would rewrite the prompt anyway."""
        start, end, why = self._find_span(eligible, due)
        if end - start < self._settings.min_span or self.pressure() > self._settings.evict_at:
            return start, end, why
        rewrite = self._compaction_rewrite(start, end)
        if self._gate.pays(rewrite):
            return start, end, ""
        # The smallest deeper span from the same start that pays, if the span cap allows it.
        after = sum(entry.tokens for entry in self._entries[start:])
        least = self._gate.least_span(after, self._summary_estimate(after))
        from ._triggers import Due

        deep_start, deep_end, _ = self._find_span(eligible, Due(least + 1, due.messages))
        if deep_end - deep_start >= self._settings.min_span and self._gate.pays(
            self._compaction_rewrite(deep_start, deep_end)
        ):
            return deep_start, deep_end, ""
        refused = self._gate.refuses(rewrite)
        if refused is None:
            return start, end, ""
        return 0, 0, refused

    def _start_summary(self, mode: Mode, due: Due) -> PendingSummary | None:
        """Start summarising the span that goes next (None: no span qualifies)."""
        start, end, why = self._gated_span(self._eligible(self.pin_reasons()), due)
        if end - start < self._settings.min_span:
            # Search again only once min_gain's worth of new tokens has arrived: what blocks
            # a span (pins, short runs, the cache's price) changes only as messages arrive.
            wait = max(1, int(self._settings.min_gain * self._limit))
            self._search_after = self._appended_tokens + wait
            self._deferred = why.startswith("cache-aware")
            self._event(
                "deferred" if self._deferred else "compaction_skipped",
                0,
                self.tokens(),
                self.tokens(),
                reason=f"{why}; next search after {wait} more tok",
            )
            return None
        self._search_after = None
        self._deferred = False
        span_entries = self._entries[start:end]
        span = [entry.message for entry in span_entries]
        ids = [entry.id for entry in span_entries]
        from ._in_flight import PendingSummary

        if mode == "inline":
            return PendingSummary.inline(ids, span, self._summarise(span))
        if mode == "task":
            return PendingSummary.in_task(ids, span, self._asummarise)
        return PendingSummary.in_thread(ids, span, self._summarise)

    def _land(self, pending: PendingSummary) -> Literal["ok", "failed", "low_gain", "discarded"]:
        """Put a landed summary in place of its span, if the span is still there unchanged
        and still free to go (no pin came, no group grew into it)."""
        result = pending.result()
        where = pending.positions(self._entries)
        if where is not None:
            eligible = self._eligible(self.pin_reasons())
            start, end = where
            inside = {entry.group for entry in self._entries[start:end]}
            if not all(eligible[start:end]) or any(
                entry.group in inside for entry in (*self._entries[:start], *self._entries[end:])
            ):
                where = None
        if where is None:
            spent = (token_count(result.prompt_tokens) or 0) + (
                token_count(result.completion_tokens) or 0
            )
            self.summariser_tokens += spent
            tokens = self.tokens()
            self._event(
                "discarded",
                len(pending.ids),
                tokens,
                tokens,
                reason="its span changed (evicted, masked or pinned) while it was written",
                ids=pending.ids,
                summariser_tokens=spent,
            )
            return "discarded"
        start, end = where
        span_entries = self._entries[start:end]
        span = [entry.message for entry in span_entries]
        ids = [entry.id for entry in span_entries]
        span_tokens = sum(entry.tokens for entry in span_entries)
        tokens_before, pressure_before = self.tokens(), self.pressure()
        # Archived before it leaves; a failing archive holds it in memory, never blocks.
        reference, held = self._archive_or_hold(span, "compacted", ids)
        spent = (token_count(result.prompt_tokens) or 0) + (
            token_count(result.completion_tokens) or 0
        )
        self.summariser_tokens += spent
        summary: dict[str, Any] | None = None
        summary_tokens = 0
        if result.nothing:
            kind: EventKind = "nothing"
            reason = result.reason if isinstance(result.reason, str) else ""
        elif not isinstance(result.summary, str):
            kind = "compaction_failed"
            if result.summary is None:
                reason = str(result.reason or "no summary")
            else:
                reason = f"summary is a {type(result.summary).__name__}, not text"
        else:
            summary = summary_message(len(span), result.summary, reference)
            summary_tokens = self.budget.message_tokens(summary)
            kind, reason = "compacted", f"{span_tokens} -> {summary_tokens} tok"
            if summary_tokens >= span_tokens:
                kind = "compaction_failed"
                reason = (
                    f"summary ({summary_tokens} tok) not smaller than its span "
                    f"({span_tokens} tok); span evicted"
                )
                summary, summary_tokens = None, 0  # nothing inserted, nothing counted
        if held:
            reason += f"; {held}"
        failed_call = kind == "compaction_failed" and (
            not isinstance(result.summary, str) or bool(result.error)
        )
        if failed_call:
            reason += self._back_off(result)
        else:
            self._failures = 0
        # Without a usable summary the span is evicted (it is already archived).
        self._replace(start, end, summary, summary_tokens)
        self._event(
            kind,
            len(span),
            tokens_before,
            self.tokens(),
            pressure_before=pressure_before,
            reason=reason,
            ids=ids,
            archive=reference,
            summariser_tokens=spent,
        )
        if kind == "nothing":
            return "ok"
        if kind == "compaction_failed":
            return "failed"
        self._evict_old_summaries()
        # Anti-thrash guards pressure-driven compaction; a count-driven one under compact_at
        # is judged by the messages it removed, which its span was sized for.
        if (
            pressure_before > self._settings.compact_at
            and pressure_before - self.pressure() < self._settings.min_gain
        ):
            return "low_gain"
        return "ok"

    def _summarise(self, span: list[dict[str, Any]]) -> CompactionResult:
        """The compactor's result, whatever it does: a raise or a wrong return is a failure."""
        compactor = self._compactor
        if compactor is None:  # taken away while the summary was starting
            return CompactionResult(None, reason="no compactor", error="no compactor")
        try:
            return _checked(compactor.compact(span))
        except Exception as exc:
            return _raised(exc)

    async def _asummarise(self, span: list[dict[str, Any]]) -> CompactionResult:
        """As `_summarise`, awaiting the compactor's `acompact` when it has one, else running
        its `compact` in a thread: the event loop never blocks on a summary."""
        compactor = self._compactor
        acompact = getattr(compactor, "acompact", None)
        if not inspect.iscoroutinefunction(acompact):
            import asyncio  # here, not at import: a sync agent loop never loads asyncio

            return await asyncio.to_thread(self._summarise, span)
        try:
            return _checked(await acompact(span))
        except Exception as exc:
            return _raised(exc)

    def _back_off(self, result: CompactionResult | None) -> str:
        """Do not call the summariser again for a while; the event's reason says how long."""
        asked = getattr(result, "retry_after", None)
        if isinstance(asked, int | float) and math.isfinite(asked) and asked > 0:
            delay = min(float(asked), config.COMPACT_BACKOFF_MAX_S)
        else:
            delay = min(config.COMPACT_BACKOFF_S * 2**self._failures, config.COMPACT_BACKOFF_MAX_S)
        self._failures += 1
        self._retry_at = self._clock() + delay
        return f"; summariser not called again for {delay:g} s"

    def _evict_old_summaries(self) -> None:
        pinned = self._explicit | self._pins.explicit
        # A summary the user pinned stays, and does not count against max_summaries.
        summaries = [e for e in self._entries if e.summary and e.id not in pinned]
        surplus = summaries[: max(0, len(summaries) - self._settings.max_summaries)]
        if surplus:
            self._remove(
                {entry.group for entry in surplus},
                reason=f"more than max_summaries={self._settings.max_summaries} summaries; oldest evicted",
            )

    def _replace(
        self, start: int, end: int, summary: dict[str, Any] | None, tokens: int = 0
    ) -> None:
        self._categories = None
        removed = sum(entry.tokens for entry in self._entries[start:end])
        replacement: list[Entry] = []
        if summary is not None:
            summary_id = self._next_summary_id
            self._next_summary_id -= 1
            replacement.append(
                Entry(summary_id, summary, tokens, summary_id, 0, summary=True, role="user")
            )
        self._unmasked_tools -= unmasked_tool_count(self._entries[start:end])
        self._entries[start:end] = replacement
        self._messages[start:end] = [entry.message for entry in replacement]
        self._message_tokens += tokens - removed


def _checked(result: Any) -> CompactionResult:
    if not isinstance(result, CompactionResult):
        return CompactionResult(
            None,
            reason=f"compactor returned {type(result).__name__}, not a CompactionResult",
            error="TypeError",
        )
    return result


def _raised(exc: Exception) -> CompactionResult:
    return CompactionResult(
        None,
        reason=f"compactor raised {type(exc).__name__}: {redact(error_text(exc))[:300]}",
        error=type(exc).__name__,
    )
