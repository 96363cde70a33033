"""The window's state, settings and read side: what every pass and `ManagedWindow` share.

Split by concern, one module a layer: `_window_base` (state, settings, reading, events),
`_evicting` (eviction and masking), `_compacting` (spans, the summariser, backoff), and
`window` (append, prepare, observers), each class extending the one before.
"""

from __future__ import annotations

import copy
import logging
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self, cast

from ._entry import Entry
from ._redact import redact
from .archive import Archive
from .breakdown import Breakdown, Categories
from .budget import Budget
from .events import EventKind, WindowEvent
from .messages import (
    Message,
)
from .pins import (
    STATIC_CORRECTION,
    STATIC_PLAN,
    PinPolicy,
    PinReason,
    recent_start,
    resolve_pins,
)
from .protocols import SpanCompactor
from .settings import WindowSettings

if TYPE_CHECKING:
    from ._held import Held

__all__ = ["WindowBase"]

log = logging.getLogger("working_memory")


class WindowBase:
    """State, settings and the read side of `ManagedWindow` (see `window.py`)."""

    def __init__(
        self,
        budget: Budget | None = None,
        pins: PinPolicy | None = None,
        compactor: SpanCompactor | None = None,
        settings: WindowSettings | None = None,
        *,
        messages: Iterable[Mapping[str, Any]] = (),
        tools: Sequence[Mapping[str, Any]] | None = None,
        archive: Archive | None = None,
        clock: Callable[[], float] = time.monotonic,
        **overrides: Any,
    ) -> None:
        """`settings` (a `WindowSettings`) holds the thresholds and the strategy; any of its
        fields may also be given as a keyword, over `settings` (`compact_at=0.6`)."""
        if settings is not None and not isinstance(settings, WindowSettings):
            raise TypeError(
                f"ManagedWindow(settings=...) takes a WindowSettings, got {type(settings).__name__}"
                " (thresholds such as max_tool_tokens are keywords: max_tool_tokens=2000)"
            )
        self._budget = budget if budget is not None else Budget()
        self._limit = self._budget.limit
        # The provider's count over the window's, from observe_usage(): the limit the window
        # works to is the budget's divided by it, so every threshold follows the provider.
        self.usage_scale = 1.0
        self._sent_tokens = 0  # tokens() of the last context prepare() returned
        self._compactor = compactor
        self.archive = archive
        self._apply(_with(settings or WindowSettings(), overrides, "ManagedWindow()"), self._limit)

        self._pins = pins if pins is not None else PinPolicy()
        self._entries: list[Entry] = []
        self._messages: list[dict[str, Any]] = []
        self._tools: list[dict[str, Any]] | None = None
        self._tools_tokens = 0
        self._message_tokens = 0
        self._next_id = 0
        self._next_summary_id = -1
        self._task_id: int | None = None
        self._unmasked_tools = 0  # tool results in the window not masked yet
        self._explicit: set[int] = set()
        self._call_owner: dict[str, int] = {}  # open (unanswered) call id -> its group
        self.calls = 0  # prepare() calls so far
        # Work a pass found nothing to do is not repeated until something it depends on
        # changes, so that prepare() stays cheap while the window sits over a threshold.
        self._appended_tokens = 0  # tokens ever appended (only grows)
        self._search_after: int | None = None  # no span qualified: search again at this total
        self._deferred = False  # that search was deferred by the cache-aware gate
        self._mask_deferred = False  # the last masking was deferred by the cache-aware gate
        self._mask_after = 0  # masking found too little: try again at this appended total
        self._evict_after: int | None = None  # eviction found nothing at this appended total
        self._over_budget = False  # the last prepare() ended over evict_at
        self._categories: Categories | None = None  # for breakdown(); None: rebuild when asked
        self._clock = clock
        self._started = 0.0  # time.monotonic() when the current prepare() began
        # Loaded with the first window, not at import (as the summary in flight and the triggers).
        from ._held import HeldQueue

        self._held = HeldQueue()  # originals the archive could not take yet (a full disk)
        self._in_flight: Any = None  # the summary being written (a PendingSummary), if any
        self._retry_at = -math.inf  # the summariser is not called before this clock time
        self._failures = 0  # summariser failures in a row (for the backoff)
        self.events: list[WindowEvent] = []
        # Each observer with the number of events it has been given already.
        self._observers: list[list[Any]] = []
        self.pressure_log: list[float] = []
        self.summariser_tokens = 0
        if tools:
            self.tools = tools
        self.extend(messages)

    def extend(self, messages: Iterable[Mapping[str, Any]]) -> None:
        raise NotImplementedError  # ManagedWindow appends

    # -- configuration -------------------------------------------------------------------
    @property
    def budget(self) -> Budget:
        return self._budget

    @budget.setter
    def budget(self, budget: Budget) -> None:
        """A new budget (another window size or counter): every message is counted again."""
        self._budget = budget
        self._limit = max(1, round(budget.limit / self.usage_scale))
        for entry in self._entries:
            entry.tokens = budget.message_tokens(entry.message)
        self._message_tokens = sum(entry.tokens for entry in self._entries)
        self._tools_tokens = budget.tools_tokens(self._tools)
        self._forget_searches()

    @property
    def compactor(self) -> SpanCompactor | None:
        return self._compactor

    @compactor.setter
    def compactor(self, compactor: SpanCompactor | None) -> None:
        self._compactor = compactor
        self._in_flight = None  # a summary the old compactor is writing is not put in
        self._retry_at, self._failures = -math.inf, 0
        self._forget_searches()

    # The names configure() takes (every WindowSettings field).
    SETTINGS = WindowSettings.names()

    def configure(self, settings: WindowSettings | None = None, /, **changes: Any) -> None:
        """Change thresholds in place: a whole `WindowSettings`, or some of its fields by name
        (`configure(compact_at=0.6)`); the next `prepare()` applies them. Unknown names or
        values the constructor would refuse are an error, and then nothing changes. Changing
        `max_tool_tokens` affects only messages appended afterwards."""
        if settings is not None and not isinstance(settings, WindowSettings):
            raise TypeError(
                f"configure() takes a WindowSettings or keywords (configure(compact_at=0.6)), "
                f"got {type(settings).__name__}"
            )
        self._apply(_with(settings or self._settings, changes, "configure()"), self._limit)
        self._forget_searches()

    @property
    def settings(self) -> WindowSettings:
        """The thresholds and strategy in force (a frozen `WindowSettings`); assigning a new
        value is `configure(value)`: checked, and applied at the next `prepare()`."""
        return self._settings

    @settings.setter
    def settings(self, settings: WindowSettings) -> None:
        self.configure(settings)

    def _apply(self, settings: WindowSettings, limit: int) -> None:
        cap = settings.max_tool_tokens
        if cap is not None and cap > limit:
            raise ValueError(
                f"max_tool_tokens={cap} is larger than the budget's limit of "
                f"{limit} tokens: one tool result could fill the whole window"
            )
        self._settings = settings
        # The hot path reads plain attributes, resolved once here.
        self._compact_to = settings.compact_target
        self._evict_to = settings.evict_target
        # Here, not at import: `import working_memory` stays as light as before the triggers.
        from ._triggers import Trigger, gate_for

        self._trigger = Trigger.of(settings)
        self._gate = gate_for(settings)

    def _forget_searches(self) -> None:
        """Settings or pins changed: what a pass found before no longer holds."""
        self._categories = None
        self._search_after = None
        self._deferred = self._mask_deferred = False
        self._mask_after = 0
        self._evict_after = None

    @property
    def pins(self) -> PinPolicy:
        return self._pins

    @pins.setter
    def pins(self, policy: PinPolicy) -> None:
        # Message-only rules (corrections, plans) are cached per entry: recompute them once.
        self._pins = policy
        for entry in self._entries:
            entry.flags = 0 if entry.summary else policy.flags(entry.message)
        self._forget_searches()

    @property
    def tools(self) -> list[dict[str, Any]] | None:
        return self._tools

    @tools.setter
    def tools(self, tools: Sequence[Mapping[str, Any]] | None) -> None:
        self._tools = [dict(t) for t in tools] if tools else None
        self._tools_tokens = self.budget.tools_tokens(self._tools)

    # -- reading ---------------------------------------------------------------------------
    @property
    def messages(self) -> list[Message]:
        """The messages as they stand (a new list; the dicts are the window's own)."""
        return cast("list[Message]", list(self._messages))

    def ids(self, start: int = 0) -> list[int]:
        """Each message's id from position `start`: append order for appended messages,
        negative for summaries. A method (it builds a list), like `tokens()`."""
        return [entry.id for entry in self._entries[start:]]

    @property
    def limit(self) -> int:
        return self._limit

    def tokens(self) -> int:
        """What the next request costs: messages, tool schemas and the request overhead."""
        if not self._entries and not self._tools:
            return 0
        return self._message_tokens + self._tools_tokens + self.budget.overheads.per_request

    def pressure(self) -> float:
        """0.0 is empty, 1.0 is at the budget's limit. O(1)."""
        return self.tokens() / self._limit

    def message_tokens(self, start: int = 0) -> list[int]:
        """Each message's tokens from position `start`."""
        return [entry.tokens for entry in self._entries[start:]]

    def is_summary(self) -> list[bool]:
        return [entry.summary for entry in self._entries]

    def message_rules(self, position: int = -1) -> tuple[bool, bool]:
        """(is a correction, is a plan) for the message at `position`, as cached at append."""
        flags = self._entries[position].flags
        return bool(flags & STATIC_CORRECTION), bool(flags & STATIC_PLAN)

    def pin_reasons(self) -> list[PinReason | None]:
        """Why each current message is pinned (None: it may be compacted or evicted)."""
        entries = self._entries
        return resolve_pins(
            self._pins,
            roles=[e.role for e in entries],
            static=[e.flags for e in entries],
            ids=[e.id for e in entries],
            summary=[e.summary for e in entries],
            groups=[e.group for e in entries],
            task_id=self._task_id,
            explicit=frozenset(self._explicit),
            tokens=self._recent_tokens(),
        )

    def _recent_tokens(self) -> list[int]:
        """Each message's tokens, when the pins need them (`keep_recent_tokens`)."""
        return [e.tokens for e in self._entries] if self._pins.keep_recent_tokens else []

    def breakdown(self) -> Breakdown:
        """`tokens()` by category: system, overhead, tools, pinned, summaries, recent, other (see
        `working_memory.breakdown`). O(keep_recent) while only appends happened since the last
        call; one linear pass after a compaction, eviction, masking or a change of pins."""
        if self._categories is None:
            self._categories = Categories(
                self._pins,
                self._entries,
                self.pin_reasons(),
                task_id=self._task_id,
                explicit=frozenset(self._explicit),
            )
        return self._categories.breakdown(
            self._entries,
            keep_recent=len(self._entries)
            - recent_start(self._pins, len(self._entries), self._recent_tokens()),
            per_request=self._budget.overheads.per_request,
            tools=self._tools_tokens,
            total=self.tokens(),
        )

    def pinned(self) -> set[int]:
        """Positions of the pinned messages."""
        return {i for i, reason in enumerate(self.pin_reasons()) if reason is not None}

    def unpaired(self) -> int:
        """Tool calls without a result plus results without a call in the window: what a
        provider would reject. Calls still waiting for their result count too. O(1) while
        only appends happened since the last `breakdown()` or `unpaired()`."""
        if self._categories is None:
            self.breakdown()
        assert self._categories is not None
        return self._categories.orphans + len(self._call_owner)

    @property
    def task_id(self) -> int | None:
        """The id of the task statement (the first typed user turn), None before one came."""
        return self._task_id

    @property
    def open_tool_calls(self) -> int:
        """Tool calls still waiting for their result (the model is not called until this is 0)."""
        return len(self._call_owner)

    def __len__(self) -> int:
        return len(self._entries)

    def copy(self) -> Self:
        """A window in this one's state that changes apart from it: its messages, pins, tool
        groups, counters, events and settings, as a checkpoint to go on from (the workbench
        steps back to one instead of rebuilding from the first message).

        The copy shares what is not state: the budget, the compactor, the archive and the
        clock, and the message dicts, which the window never changes in place. It has no
        observers and no summary in flight (one being written lands in this window only), and
        the originals held for the archive stay here.
        """
        twin = copy.copy(self)  # every scalar and shared object; the containers are below
        twin._entries = [entry.copy() for entry in self._entries]
        twin._messages = list(self._messages)
        twin._tools = list(self._tools) if self._tools is not None else None
        twin._explicit = set(self._explicit)
        twin._call_owner = dict(self._call_owner)
        twin._categories = None  # holds entries of this window; rebuilt when asked
        twin._held = type(self._held)()
        twin._in_flight = None
        twin.events = list(self.events)
        twin._observers = []
        twin.pressure_log = list(self.pressure_log)
        return twin

    def __repr__(self) -> str:
        return (
            f"ManagedWindow({len(self._entries)} messages, {self.tokens()}/{self._limit} tok, "
            f"pressure {self.pressure():.2f}, strategy={self._settings.strategy!r})"
        )

    def _archive(
        self, messages: Sequence[Mapping[str, Any]], reason: str, ids: Sequence[int]
    ) -> tuple[str | None, str]:
        """(reference, "") once the messages are safely archived; (None, why) if the archive
        failed. No archive configured: (None, "")."""
        if self.archive is None:
            return None, ""
        try:
            return self.archive.write(messages, reason=reason, ids=ids), ""
        except Exception as exc:  # a full disk must not crash the agent loop
            why = f"archive write failed: {type(exc).__name__}: {redact(str(exc))[:200]}"
            log.warning("%s", why)
            return None, why

    def _archive_or_hold(
        self, messages: Sequence[Mapping[str, Any]], reason: str, ids: Sequence[int]
    ) -> tuple[str | None, str]:
        """Archive the messages, or hold them for a later prepare() when the archive fails:
        (reference, "") once archived, (None, what happened) when held (or dropped)."""
        reference, error = self._archive(messages, reason, ids)
        if not error:
            return reference, ""
        return None, self._hold(messages, reason, ids, error)

    def _hold(
        self, messages: Sequence[Mapping[str, Any]], reason: str, ids: Sequence[int], error: str
    ) -> str:
        dropped = self._held.hold(messages, reason, ids, self._settings.max_pending_bytes)
        if dropped:
            self._lost(dropped)
        return (
            f"{error}; {len(ids)} original(s) not yet archived: held in memory, "
            f"written on a later prepare()"
        )

    def _lost(self, dropped: Sequence[Held]) -> None:
        by_reason: dict[str, list[int]] = {}
        for piece in dropped:
            by_reason.setdefault(piece.reason, []).append(piece.id)
        what = "; ".join(
            f"{reason} {', '.join(map(str, ids))}" for reason, ids in by_reason.items()
        )
        tokens = self.tokens()
        self._event(
            "lost",
            len(dropped),
            tokens,
            tokens,
            reason=f"the archive kept failing and {sum(p.size for p in dropped):,} bytes passed "
            f"max_pending_bytes={self._settings.max_pending_bytes:,}: dropped unarchived: {what}",
            ids=[piece.id for piece in dropped],
        )

    @property
    def pending_archive(self) -> tuple[tuple[int, str], ...]:
        """(message id, reason) of each original held in memory until the archive can take it
        (it failed: a full disk); each `prepare()` writes the pieces that fit."""
        return tuple((piece.id, piece.reason) for piece in self._held.items())

    def _drain_held(self) -> None:
        """Write what was held, in pieces, when the archive takes them again."""
        if self.archive is None:
            return
        written, error = self._held.drain(self.archive)
        if not written:
            return
        references = list(dict.fromkeys(reference for _, reference in written))
        left = f"; {len(self._held)} still held ({redact(error)[:200]})" if self._held else ""
        tokens = self.tokens()
        self._event(
            "archived",
            len(written),
            tokens,
            tokens,
            reason=f"held originals written once the archive took them again{left}",
            ids=[piece.id for piece, _ in written],
            archive=", ".join(references)
            if len(references) <= 3
            else f"{references[0]} ... {references[-1]}",
        )

    def _event(
        self,
        kind: EventKind,
        turns: int,
        tokens_before: int,
        tokens_after: int,
        *,
        pressure_before: float | None = None,
        reason: str = "",
        ids: Sequence[int] = (),
        archive: str | None = None,
        summariser_tokens: int = 0,
    ) -> None:
        limit = self._limit
        event = WindowEvent(
            kind=kind,
            turns=turns,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            pressure_before=pressure_before
            if pressure_before is not None
            else tokens_before / limit,
            pressure_after=tokens_after / limit,
            reason=reason,
            call=self.calls,
            message_ids=tuple(ids),
            archive=archive,
            summariser_tokens=summariser_tokens,
        )
        self.events.append(event)
        log.info("%s", event)


def _with(settings: WindowSettings, changes: Mapping[str, Any], where: str) -> WindowSettings:
    """`settings` with `changes`, or a TypeError naming the unknown ones."""
    unknown = sorted(set(changes) - set(WindowBase.SETTINGS))
    if unknown:
        raise TypeError(
            f"{where}: unknown setting(s) {', '.join(unknown)}; the settings are "
            f"{', '.join(WindowBase.SETTINGS)}"
        )
    return settings.replace(**changes) if changes else settings


def _setting_property(name: str) -> property:
    def read(window: WindowBase) -> Any:
        if name == "compact_to":
            return window._compact_to
        if name == "evict_to":
            return window._evict_to
        return getattr(window.settings, name)

    def write(window: WindowBase, value: Any) -> None:
        window.configure(**{name: value})

    return property(read, write, doc=f"`settings.{name}` (setting it calls configure()).")


# `window.compact_at` and the other settings read (and, through configure(), change) the
# window's `settings`; compact_to and evict_to read the values the window aims at.
for _name in WindowBase.SETTINGS:
    setattr(WindowBase, _name, _setting_property(_name))
