"""Eviction of whole tool groups and observation masking: the passes that drop or hide."""

from __future__ import annotations

import logging
from typing import Any

from ._entry import Entry, unmasked_tool_count
from ._window_base import WindowBase
from .messages import (
    map_tool_results,
    tool_calls,
)
from .spans import eviction_plan, mask_victims

__all__ = ["EvictingWindow"]

log = logging.getLogger("working_memory")


class EvictingWindow(WindowBase):
    """Eviction and masking over the window's state (see `window.py`)."""

    def eviction_plan(
        self,
        target: float | None = None,
        *,
        spare: tuple[int, int] = (0, 0),
        freed_first: int = 0,
    ) -> list[int]:
        """Positions of the messages eviction would drop to bring pressure down to `target`
        (default `evict_to`): whole unpinned tool groups, oldest first, summaries last.
        The groups of positions [start, end) in `spare` (a span about to be compacted) are
        kept, and `freed_first` tokens (what its compaction frees) are counted as already
        gone. Plans only; nothing is changed."""
        target = self._evict_to if target is None else target
        entries = self._entries
        need = self.tokens() - target * self._limit - freed_first
        chosen = self._plan_eviction(need, spare=spare)
        return [i for i, e in enumerate(entries) if e.group in chosen]

    def _plan_eviction(self, need: float, *, spare: tuple[int, int] = (0, 0)) -> set[int]:
        if need <= 0:
            return set()
        entries = self._entries
        reasons = self.pin_reasons()
        blocked = {entries[i].group for i in range(len(entries)) if reasons[i] is not None}
        blocked.update(self._call_owner.values())
        blocked.update(e.group for e in entries[spare[0] : spare[1]])
        return eviction_plan(
            [e.tokens for e in entries],
            [e.group for e in entries],
            [e.summary for e in entries],
            blocked,
            need,
        )

    def _evict_down_to(self, target: float, *, reason: str) -> None:
        """Drop whole unpinned tool groups, oldest first, summaries last, in one pass.
        The span of a summary in flight is spared while the rest is enough to get under
        `evict_at`; otherwise it goes too (and its summary is discarded when it lands)."""
        need = self.tokens() - target * self._limit
        chosen: set[int] | None = None
        pending = self._in_flight
        span = pending.positions(self._entries) if pending is not None else None
        if span is not None:
            chosen = self._plan_eviction(need, spare=span)
            freed = sum(e.tokens for e in self._entries if e.group in chosen)
            if self.tokens() - freed > self._settings.evict_at * self._limit:
                chosen = None
        if chosen is None:
            chosen = self._plan_eviction(need)
        if chosen:
            self._remove(chosen, reason=reason)

    def _remove(self, groups: set[int], *, reason: str) -> None:
        """Archive, then drop, every entry of the given groups, in one pass."""
        tokens_before, pressure_before = self.tokens(), self.pressure()
        leaving = [entry for entry in self._entries if entry.group in groups]
        ids = [entry.id for entry in leaving]
        # A failing archive never blocks eviction: what it cannot take yet is held in memory.
        reference, held = self._archive_or_hold([e.message for e in leaving], "evicted", ids)
        self._unmasked_tools -= unmasked_tool_count(leaving)
        self._categories = None
        self._entries = [entry for entry in self._entries if entry.group not in groups]
        self._messages = [entry.message for entry in self._entries]
        self._message_tokens -= sum(entry.tokens for entry in leaving)
        self._event(
            "evicted",
            len(leaving),
            tokens_before,
            self.tokens(),
            pressure_before=pressure_before,
            reason=f"{reason}; {held}" if held else reason,
            ids=ids,
            archive=reference,
        )

    def masking_plan(self) -> list[int]:
        """Positions of the tool results a masking pass would hide now (the unpinned results
        older than the last `keep_tool_results`); nothing is changed."""
        entries = self._entries
        return mask_victims(
            [e.result for e in entries],
            [e.masked for e in entries],
            [reason is not None for reason in self.pin_reasons()],
            self._settings.keep_tool_results,
        )

    def _forced_in(self) -> float:
        """Calls until the window passes evict_at, at the mean growth per call so far."""
        growth = self._appended_tokens / max(1, self.calls)
        room = self._settings.evict_at * self._limit - self.tokens()
        return room / growth if growth > 0 else float("inf")

    def _mask_old_tool_results(self) -> None:
        """Observation masking: tool results older than the last `keep_tool_results` become a
        one-line placeholder naming the tool and the size dropped (the original is archived).
        A result already smaller than its placeholder is left as it is, and never tried again."""
        entries = self._entries
        victims = self.masking_plan()
        names = self._tool_names()
        tokens_before, pressure_before = self.tokens(), self.pressure()

        def masked(entry: Entry, where: str) -> dict[str, Any]:
            def placeholder(text: str, call_id: str) -> str:
                name = names.get(call_id, "tool")
                return f"[{name} result masked: {len(text)} chars dropped{where}]"

            return map_tool_results(entry.message, placeholder)

        # Only what the placeholder shrinks is archived and replaced (judged with room for
        # the archive reference the placeholder will name).
        room = "; full text in " + "x" * 60 if self.archive is not None else ""
        shrink: list[int] = []
        freed = 0
        for i in victims:
            entry = entries[i]
            smaller = entry.tokens - self.budget.message_tokens(masked(entry, room))
            if smaller > 0:
                shrink.append(i)
                freed += smaller
            else:
                entry.masked = True  # as small as its placeholder: nothing to hide
                self._unmasked_tools -= 1
        if shrink and self.pressure() <= self._settings.evict_at:
            from ._triggers import Rewrite  # the cache-aware gate's value; loaded with the window

            # Everything from the first masked result on is sent anew on the next call.
            after = sum(entry.tokens for entry in entries[min(shrink) :]) - freed
            refused = self._gate.refuses(
                Rewrite(freed=freed, rewritten=after, forced_in=self._forced_in())
            )
            if refused is not None:
                self._mask_after = self._appended_tokens + max(
                    1, int(self._settings.min_gain * self._limit)
                )
                tokens = self.tokens()
                self._mask_deferred = True
                self._event("deferred", 0, tokens, tokens, reason=refused)
                return
        self._mask_deferred = False
        if shrink:
            ids = [entries[i].id for i in shrink]
            reference, held = self._archive_or_hold(
                [entries[i].message for i in shrink], "masked", ids
            )
            # A failing archive does not block masking: the originals are held.
            where = f"; full text in {reference}" if reference else ""
            for i in shrink:
                entry = entries[i]
                new = masked(entry, where)
                tokens = self.budget.message_tokens(new)
                self._message_tokens += tokens - entry.tokens
                entry.message, entry.tokens, entry.masked = new, tokens, True
                self._categories = None
                self._unmasked_tools -= 1
                self._messages[i] = new
            self._event(
                "masked",
                len(shrink),
                tokens_before,
                self.tokens(),
                pressure_before=pressure_before,
                reason=f"kept the last {self._settings.keep_tool_results} tool results"
                + (f"; {held}" if held else ""),
                ids=ids,
                archive=reference,
            )
        if self.pressure() > self._settings.compact_at:
            # Still over: mask again only once min_gain's worth of new tokens has arrived,
            # so that prepare() stays amortised O(1) between the thresholds.
            self._mask_after = self._appended_tokens + max(
                1, int(self._settings.min_gain * self._limit)
            )

    def _tool_names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for entry in self._entries:
            for ident, name in tool_calls(entry.message):
                if ident is not None:
                    names[ident] = name
        return names
