"""The window preview: what a ManagedWindow over a transcript's first messages would do next
under a policy (pins, the next compaction span, what masking and eviction would take).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..pins import PinPolicy, PinReason
from ..window import ManagedWindow
from ._state import Recent, cached_counter

if TYPE_CHECKING:
    from ..replays import ContextUse, Policy

__all__ = ["WindowPreview", "preview_window"]


@dataclass(frozen=True)
class WindowPreview:
    """What a ManagedWindow holding `messages[:upto]` would do next under a policy.

    `reasons[i]` says why message i is pinned (None: not pinned). `span` is [start, end) of
    the span the next compaction takes ((0, 0): none). `evicted` are the messages eviction
    would drop as the window stands (empty unless pressure is over `evict_at`).
    """

    upto: int
    reasons: tuple[PinReason | None, ...]
    span: tuple[int, int]
    evicted: tuple[int, ...]
    window_tokens: tuple[int, ...]  # per message, after tool-result truncation
    tokens: int
    limit: int
    compact_at: float
    evict_at: float
    # What the policy's strategy would do next: the span is compacted only under compact and
    # hybrid; `masked` are the tool results masking would hide (mask and hybrid).
    strategy: str = "compact"
    masked: tuple[int, ...] = ()
    # The window by category, free space and reserve included: the replay report's
    # accounting (`replays.ContextUse`) of this window, so the two say the same.
    context: ContextUse | None = None

    @property
    def compacts(self) -> bool:
        return self.strategy in ("compact", "hybrid")

    @property
    def pressure(self) -> float:
        return self.tokens / self.limit

    @property
    def pinned(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.reasons) if r is not None)

    @property
    def span_tokens(self) -> int:
        start, end = self.span
        return sum(self.window_tokens[start:end])

    def to_dict(self) -> dict[str, Any]:
        return {
            "upto": self.upto,
            "pressure": round(self.pressure, 4),
            "tokens": self.tokens,
            "limit": self.limit,
            "pinned": len(self.pinned),
            "span": list(self.span),
            "span_tokens": self.span_tokens,
            "evicted": len(self.evicted),
            "strategy": self.strategy,
            "masked": len(self.masked),
        }


class WindowCache:
    """One ManagedWindow kept across control changes: rebuilt only when the budget or the
    messages change, extended when the cursor moves forward, re-pinned in place otherwise.

    Going back starts from the nearest checkpoint at or before the cursor (a `copy()` of the
    window taken on the way forward, every `spacing(len(messages))` messages) instead of from
    the first message, so a step back costs a copy and at most one spacing of appends.
    """

    KEPT = 3  # budgets (counters, windows) whose windows are kept for a switch back
    # ... while their messages add up to this many at most: a kept window holds its own copy
    # of every message (about 1 kB each), so a 50,000-message log keeps none.
    KEPT_MESSAGES = 30_000

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.window: ManagedWindow | None = None
        self.upto = 0
        self.checkpoints: dict[int, ManagedWindow] = {}  # upto -> the window there, untouched
        # Other keys' (window, upto), with their messages, latest last: switching the counter
        # back and forth recounts each log once. The messages are held so that their id, in
        # the key, cannot name another log while they are kept.
        self._kept: Recent[tuple[ManagedWindow, int]] = Recent(self.KEPT)
        self._messages: Sequence[Mapping[str, Any]] | None = None

    @staticmethod
    def spacing(messages: int) -> int:
        # Sixteen checkpoints at most: their copies cost about a tenth of the appends, and a
        # step back replays at most a sixteenth of the log (256 messages on short ones).
        return max(256, -(-messages // 16))

    def get(
        self,
        messages: Sequence[Mapping[str, Any]],
        policy: Policy,
        pins: PinPolicy,
        upto: int,
        tools: Sequence[Mapping[str, Any]] | None,
        demonstrations: Collection[int] = (),
    ) -> ManagedWindow:
        budget = dataclasses.replace(policy.budget(), counter=cached_counter(policy.counter))
        key = (
            id(messages),
            len(messages),
            id(tools),
            frozenset(demonstrations),
            budget.window,
            budget.ratio,
            budget.reserve_completion,
            policy.counter,
            id(policy.calibration),
            policy.max_tool_tokens,
        )
        settings = policy.window_settings()
        if self.key != key:
            self._switch(key, messages)
        if self.key != key or self.window is None or upto < self.upto:
            mark = max((at for at in self.checkpoints if at <= upto), default=None)
            if mark is None:
                self.window = ManagedWindow(budget, pins, None, settings, tools=tools)
                self.key, self.upto = key, 0
            else:
                self.window, self.upto = self.checkpoints[mark].copy(), mark
        window = self.window
        window.configure(settings)
        if window.pins != pins:
            window.pins = pins
        if upto > self.upto:
            every = self.spacing(len(messages))
            logger = logging.getLogger("working_memory")
            disabled, logger.disabled = logger.disabled, True  # orphan-result warnings: noise here
            try:
                for index in range(self.upto, upto):
                    try:
                        window.append(messages[index], demonstration=index in demonstrations)
                    except ValueError as exc:
                        self.key = None
                        raise ValueError(f"message {index}: {exc}") from None
                    if (index + 1) % every == 0 and index + 1 not in self.checkpoints:
                        self.checkpoints[index + 1] = window.copy()
            finally:
                logger.disabled = disabled
            self.upto = upto
        return window

    def _switch(self, key: tuple[Any, ...], messages: Sequence[Mapping[str, Any]]) -> None:
        """Keep the current key's state and take up `key`'s, if it was kept for these messages."""
        self._kept.resize(min(self.KEPT, self.KEPT_MESSAGES // max(1, len(messages))))
        if self.key is not None and self.window is not None and self._kept.size > 0:
            # Without its checkpoints (as much memory again): a step back after switching back
            # makes them anew on its way forward.
            self._kept.put(self.key, (self.window, self.upto), self._messages)
        kept = self._kept.pop(key, messages)  # its window goes on changing
        self._messages, self.checkpoints = messages, {}
        if kept is not None:
            (self.window, self.upto), self.key = kept, key
        else:
            self.window, self.upto = None, 0


def preview_window(
    messages: Sequence[Mapping[str, Any]],
    policy: Policy,
    *,
    upto: int | None = None,
    pins: PinPolicy | None = None,
    tools: Sequence[Mapping[str, Any]] | None = None,
    demonstrations: Collection[int] = (),
    _cache: WindowCache | None = None,
) -> WindowPreview:
    """Pins, the next compaction span and the eviction victims of a window over `messages[:upto]`.

    The window is a real ManagedWindow built with the policy's settings (no summariser is
    called); the span is its `next_span()`. Eviction drops whole unpinned tool groups, oldest
    first, down to the window's `evict_to`, as `prepare()` does when pressure is over `evict_at`;
    under a compacting strategy the span is summarised first (credited with its size less a
    word-limit summary) and is never among the evicted. `demonstrations` (positions) are never
    the task (`Transcript.demonstrations`).
    """
    from ..replays import ContextUse

    upto = len(messages) if upto is None else max(0, min(upto, len(messages)))
    pin_policy = pins if pins is not None else policy.pin_policy()
    window = (_cache or WindowCache()).get(
        messages, policy, pin_policy, upto, tools, demonstrations
    )
    reasons = window.pin_reasons()
    strategy = window.settings.strategy
    # Under mask or evict nothing is summarised: no span (the chart and table said otherwise).
    span = window.next_span() if strategy in ("compact", "hybrid") else (0, 0)
    sizes = window.message_tokens()
    masked: list[int] = []
    if strategy in ("mask", "hybrid") and window.pressure() > window.settings.compact_at:
        masked = window.masking_plan()  # what prepare()'s masking pass would hide
    evicted: list[int] = []
    if window.pressure() > window.settings.evict_at:
        start, end = span
        if end > start and strategy in ("compact", "hybrid"):
            # The span goes to the summariser first: it is not evicted, and it frees its size
            # less the summary's (budgeted at the word limit, ~4/3 tokens a word).
            freed = sum(sizes[start:end]) - policy.word_limit * 4 // 3
            evicted = window.eviction_plan(spare=span, freed_first=freed)
        else:
            evicted = window.eviction_plan()
    return WindowPreview(
        upto=upto,
        reasons=tuple(reasons),
        span=span,
        evicted=tuple(evicted),
        window_tokens=tuple(sizes),
        tokens=window.tokens(),
        limit=window.limit,
        compact_at=window.settings.compact_at,
        evict_at=window.settings.evict_at,
        strategy=strategy,
        masked=tuple(masked),
        context=ContextUse.of(window.breakdown(), policy),
    )
