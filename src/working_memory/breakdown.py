"""What the window holds, by category, kept by the window itself as messages arrive.

Categories (their sum is `window.tokens()`):

- system: system (and developer) messages;
- overhead: the fixed per-request overhead (the counter's, or the one a calibration fitted
  from billed usage), sent on every call before any message;
- tools: the tool schemas sent with every call;
- summaries: compaction summaries the window inserted;
- pinned: messages pinned by the task, plan, correction or explicit rules, with their tool groups;
- recent: the last `keep_recent` messages (and the rest of their tool groups), if not pinned otherwise;
- other: the rest of the history: what compaction and eviction may take.

The window feeds `Categories.appended()` each new entry (O(1), plus re-judging the one plan or
correction that a new one displaces) and drops the whole thing after anything else changes
(a compaction, an eviction, masking, new pins); the next `breakdown()` rebuilds it from the
window's own pin reasons in one linear pass. So a replay that asks before every model call
pays O(keep_recent) per call, and the categories follow the window's rules, not a copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .messages import SYSTEM_ROLES, tool_groups
from .pins import STATIC_CORRECTION, STATIC_PLAN, PinPolicy, PinReason

if TYPE_CHECKING:  # pragma: no cover
    from .budget import Budget

__all__ = ["Breakdown", "Categories", "Window", "exact_breakdown"]

_STATIC_REASONS = frozenset({"task", "plan", "correction", "explicit"})


class Breakdown(NamedTuple):
    system: int
    overhead: int
    tools: int
    pinned: int
    summaries: int
    recent: int
    other: int

    @property
    def total(self) -> int:
        return sum(self)


class Entry(Protocol):
    id: int
    group: int
    tokens: int
    flags: int
    summary: bool
    role: str
    result: bool
    unanswered: int
    stray: int


class Window(Protocol):
    """What `exact_breakdown` reads of a window (`ManagedWindow` is one; it is built on this
    module, so this module does not import it, not even for its types)."""

    @property
    def messages(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def budget(self) -> Budget: ...
    @property
    def tools(self) -> Sequence[Mapping[str, Any]] | None: ...
    def pin_reasons(self) -> Sequence[PinReason | None]: ...
    def message_tokens(self) -> Sequence[int]: ...
    def is_summary(self) -> Sequence[bool]: ...
    def tokens(self) -> int: ...


class Categories:
    """Token sums per category for one window's entries (see the module docstring)."""

    def __init__(
        self,
        pins: PinPolicy,
        entries: Sequence[Entry],
        reasons: Sequence[PinReason | None],
        *,
        task_id: int | None,
        explicit: frozenset[int],
    ) -> None:
        self.pins = pins
        self.task_id = task_id
        self.explicit = explicit | pins.explicit
        self.system = 0
        self.summaries = 0
        self.group_tokens: Counter[int] = Counter()  # ordinary entries only
        self.static_members: Counter[int] = Counter()  # group -> its statically pinned entries
        self.static_tokens = 0
        self.static: set[int] = set()  # ids of the statically pinned entries
        self.plan: Entry | None = None
        self.corrections: list[Entry] = []  # correction-flagged entries, in window order
        # Calls closed without a result, plus results that answer no call.
        self.orphans = sum(e.unanswered + e.stray for e in entries)
        for entry, reason in zip(entries, reasons, strict=True):
            if entry.role in SYSTEM_ROLES:
                self.system += entry.tokens
            elif entry.summary:
                self.summaries += entry.tokens
            else:
                self.group_tokens[entry.group] += entry.tokens
                if entry.flags & STATIC_PLAN and pins.pin_plan:
                    self.plan = entry
                if entry.flags & STATIC_CORRECTION:
                    self.corrections.append(entry)
                if reason in _STATIC_REASONS:
                    self.static.add(entry.id)
                    self.static_members[entry.group] += 1
        self.static_tokens = sum(self.group_tokens[g] for g in self.static_members)

    def appended(self, entry: Entry, *, explicit: bool) -> None:
        if entry.role in SYSTEM_ROLES:
            self.system += entry.tokens
            return
        group = entry.group
        self.orphans += entry.stray
        self.group_tokens[group] += entry.tokens
        if self.static_members[group] > 0:
            self.static_tokens += entry.tokens
        if explicit:
            self.explicit = self.explicit | {entry.id}
        pins = self.pins
        if entry.flags & STATIC_PLAN and pins.pin_plan:
            displaced, self.plan = self.plan, entry
            if displaced is not None:
                self._judge(displaced)
        if entry.flags & STATIC_CORRECTION:
            self.corrections.append(entry)
            limit = pins.max_corrections
            if limit is not None and len(self.corrections) > limit:
                self._judge(self.corrections[-limit - 1])  # no longer among the latest
        self._judge(entry)

    def breakdown(
        self,
        entries: Sequence[Entry],
        *,
        keep_recent: int,
        per_request: int,
        tools: int,
        total: int,
    ) -> Breakdown:
        recent_groups = {
            e.group
            for e in entries[max(0, len(entries) - keep_recent) :]
            if e.role not in SYSTEM_ROLES and not e.summary and not self.static_members[e.group]
        }
        recent = sum(self.group_tokens[g] for g in recent_groups)
        overhead = per_request if entries or tools else 0
        system = self.system
        other = total - overhead - system - tools - self.summaries - self.static_tokens - recent
        return Breakdown(system, overhead, tools, self.static_tokens, self.summaries, recent, other)

    # -- one entry's static pin, judged by the same rules as `resolve_pins` --------------------
    def _is_static(self, entry: Entry) -> bool:
        pins = self.pins
        if pins.pin_task and entry.id == self.task_id:
            return True
        if entry is self.plan:
            return True
        if pins.pin_corrections and entry.flags & STATIC_CORRECTION:
            limit = pins.max_corrections  # only the latest few corrections stay pinned
            if limit is None or (limit > 0 and any(e is entry for e in self.corrections[-limit:])):
                return True
        return entry.id in self.explicit

    def _judge(self, entry: Entry) -> None:
        now = self._is_static(entry)
        if now == (entry.id in self.static):
            return
        group = entry.group
        if now:
            self.static.add(entry.id)
            self.static_members[group] += 1
            if self.static_members[group] == 1:
                self.static_tokens += self.group_tokens[group]
        else:
            self.static.discard(entry.id)
            self.static_members[group] -= 1
            if self.static_members[group] == 0:
                del self.static_members[group]
                self.static_tokens -= self.group_tokens[group]


def exact_breakdown(window: Window) -> Breakdown:
    """The same categories from the window's pin reasons over its plain message list, in one
    linear walk: what `window.breakdown()` keeps incrementally (for checking it)."""
    messages = window.messages
    reasons = window.pin_reasons()
    tokens = window.message_tokens()
    summary = window.is_summary()
    groups = tool_groups(messages)
    static = {groups[i] for i, r in enumerate(reasons) if r in _STATIC_REASONS}
    recent = {groups[i] for i, r in enumerate(reasons) if r == "recent"} - static
    parts = dict.fromkeys(("system", "pinned", "summaries", "recent", "other"), 0)
    for i, message in enumerate(messages):
        if message.get("role") in SYSTEM_ROLES:
            key = "system"
        elif summary[i]:
            key = "summaries"
        elif groups[i] in static:
            key = "pinned"
        elif groups[i] in recent:
            key = "recent"
        else:
            key = "other"
        parts[key] += tokens[i]
    tools = window.budget.tools_tokens(window.tools)
    overhead = window.tokens() - sum(tokens) - tools  # the per-request overhead
    return Breakdown(overhead=overhead, tools=tools, **parts)
