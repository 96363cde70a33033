"""What the window holds, by category, kept up to date in O(keep_recent) per model call.

The window's own `pin_reasons()` is a linear walk; calling it before every model call would
make a replay quadratic in the window's length. This tracker mirrors the window's entries as
they are appended (the window only changes otherwise when `prepare()` records an event, and
then the tracker re-reads it once), so each call costs O(keep_recent) plus the size of the
tool groups the recent messages belong to.

Categories (their sum is `window.tokens()`):

- system: system messages, plus the fixed per-request overhead;
- tools: the tool schemas sent with every call;
- summaries: compaction summaries the window inserted;
- pinned: messages pinned by the task, plan, correction or explicit rules, with their tool groups;
- recent: the last `keep_recent` messages (and the rest of their tool groups), if not pinned otherwise;
- other: the rest of the history: what compaction and eviction may take.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .policy import PinPolicy, tool_groups
from .window import ManagedWindow

__all__ = ["Breakdown", "WindowTracker", "count_orphans", "exact_breakdown"]

_NORMAL, _SYSTEM, _SUMMARY = 0, 1, 2
_STATIC_REASONS = frozenset({"task", "plan", "correction", "explicit"})


class Breakdown(NamedTuple):
    system: int
    tools: int
    pinned: int
    summaries: int
    recent: int
    other: int

    @property
    def total(self) -> int:
        return sum(self)


def count_orphans(messages: Sequence[Mapping[str, Any]]) -> int:
    """Tool calls without a result plus results without a call, in one message list."""
    open_calls: set[str] = set()
    orphans = 0
    for message in messages:
        role = message.get("role")
        if role == "assistant":
            for call in message.get("tool_calls") or ():
                if call.get("id") is not None:
                    open_calls.add(str(call["id"]))
        elif role == "tool":
            key = str(message.get("tool_call_id"))
            if key in open_calls:
                open_calls.remove(key)
            else:
                orphans += 1
    return orphans + len(open_calls)


def exact_breakdown(window: ManagedWindow) -> Breakdown:
    """The same categories from the window's own pin reasons: a linear walk (for checking)."""
    messages = window.messages
    reasons = window.pin_reasons()
    tokens = window.message_tokens()
    summary = window.is_summary()
    groups = tool_groups(messages)
    static = {groups[i] for i, r in enumerate(reasons) if r in _STATIC_REASONS}
    recent = {groups[i] for i, r in enumerate(reasons) if r == "recent"} - static
    parts = dict.fromkeys(("system", "pinned", "summaries", "recent", "other"), 0)
    for i, message in enumerate(messages):
        if message.get("role") == "system":
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
    parts["system"] += window.tokens() - sum(tokens) - tools  # the per-request overhead
    return Breakdown(tools=tools, **parts)


class WindowTracker:
    """A mirror of one window's entries, by category. Feed it every append and every change."""

    def __init__(self, pins: PinPolicy, *, per_request: int, tools_tokens: int) -> None:
        self.pins = pins
        self.per_request = per_request
        self.tools_tokens = tools_tokens
        self.ids: list[int] = []
        self.groups: list[int] = []
        self.kinds: list[int] = []
        self.flags: dict[int, tuple[bool, bool]] = {}  # id -> (correction, plan)
        self.group_tokens: Counter[int] = Counter()  # normal entries only
        self.static_count: Counter[int] = Counter()  # group -> static pin reasons in it
        self.static_tokens = 0
        self.system_tokens = 0
        self.summary_tokens = 0
        self.message_tokens = 0
        self.task_id: int | None = None
        self.explicit: set[int] = set()
        self.plan: tuple[int, int] | None = None  # (id, group) of the latest plan in the window
        self.open_calls: dict[str, int] = {}  # unanswered call id -> its group
        self.orphan_results = 0
        self.must_survive: set[int] = set()  # ids pinned by system / task / correction / explicit
        self.latest_plan_ever: int | None = None

    # -- static pins ------------------------------------------------------------------------
    def _add_static(self, group: int) -> None:
        self.static_count[group] += 1
        if self.static_count[group] == 1:
            self.static_tokens += self.group_tokens[group]

    def _drop_static(self, group: int) -> None:
        self.static_count[group] -= 1
        if self.static_count[group] <= 0:
            del self.static_count[group]
            self.static_tokens -= self.group_tokens[group]

    # -- appends ------------------------------------------------------------------------------
    def appended(
        self,
        entry_id: int,
        message: Mapping[str, Any],
        tokens: int,
        *,
        explicit: bool = False,
        rules: tuple[bool, bool] | None = None,
    ) -> None:
        """`rules`: (correction, plan) as the window already decided them at append; without
        them the tracker runs the pin policy's rules itself."""
        role = message.get("role")
        group = entry_id
        if role == "assistant" and message.get("tool_calls"):
            for call in message["tool_calls"]:
                if call.get("id") is not None:
                    self.open_calls[str(call["id"])] = entry_id
        elif role == "tool":
            owner = self.open_calls.pop(str(message.get("tool_call_id")), None)
            if owner is None:
                self.orphan_results += 1
            else:
                group = owner
        if rules is None:
            rules = (self.pins.is_correction(message), self.pins.is_plan(message))
        correction, plan = rules
        self.flags[entry_id] = (correction, plan)
        self.ids.append(entry_id)
        self.groups.append(group)
        self.message_tokens += tokens
        if role == "user" and self.task_id is None:
            self.task_id = entry_id
        if explicit:
            self.explicit.add(entry_id)
        if role == "system":
            self.kinds.append(_SYSTEM)
            self.system_tokens += tokens
            if self.pins.pin_system or explicit:
                self.must_survive.add(entry_id)
            return
        self.kinds.append(_NORMAL)
        self.group_tokens[group] += tokens
        if self.static_count.get(group, 0) > 0:
            self.static_tokens += tokens
        if self._static(entry_id, correction):
            self._add_static(group)
            self.must_survive.add(entry_id)
        if plan and self.pins.pin_plan:
            if self.plan is not None:
                self._drop_static(self.plan[1])
            self.plan = (entry_id, group)
            self._add_static(group)
            self.latest_plan_ever = entry_id

    def _static(self, entry_id: int, correction: bool) -> bool:
        pins = self.pins
        return (
            (pins.pin_task and entry_id == self.task_id)
            or (pins.pin_corrections and correction)
            or entry_id in self.explicit
            or entry_id in pins.explicit
        )

    # -- after the window changed itself --------------------------------------------------------
    def resync(self, window: ManagedWindow) -> None:
        """Re-read the window after a prepare() that masked, compacted or evicted. Linear."""
        messages = window.messages
        ids = window.ids
        tokens = window.message_tokens()
        summary = window.is_summary()
        positions = tool_groups(messages)
        self.ids = ids
        self.groups = [ids[p] for p in positions]
        self.kinds = []
        self.group_tokens = Counter()
        self.static_count = Counter()
        self.static_tokens = self.system_tokens = self.summary_tokens = 0
        self.message_tokens = sum(tokens)
        self.flags = {i: self.flags.get(i, (False, False)) for i in ids}
        self.plan = None
        for i, message in enumerate(messages):
            if message.get("role") == "system":
                self.kinds.append(_SYSTEM)
                self.system_tokens += tokens[i]
            elif summary[i]:
                self.kinds.append(_SUMMARY)
                self.summary_tokens += tokens[i]
            else:
                self.kinds.append(_NORMAL)
                self.group_tokens[self.groups[i]] += tokens[i]
                correction, plan = self.flags[ids[i]]
                if self._static(ids[i], correction):
                    self.static_count[self.groups[i]] += 1
                if plan and self.pins.pin_plan:
                    self.plan = (ids[i], self.groups[i])
        if self.plan is not None:
            self.static_count[self.plan[1]] += 1
        self.static_tokens = sum(self.group_tokens[g] for g in self.static_count)
        # Pairing, from scratch: what is open now, and which results answer nothing.
        self.open_calls = {}
        self.orphan_results = 0
        for i, message in enumerate(messages):
            if message.get("role") == "assistant":
                for call in message.get("tool_calls") or ():
                    if call.get("id") is not None:
                        self.open_calls[str(call["id"])] = self.groups[i]
            elif (
                message.get("role") == "tool"
                and self.open_calls.pop(str(message.get("tool_call_id")), None) is None
            ):
                self.orphan_results += 1

    # -- per call -------------------------------------------------------------------------------
    @property
    def orphans(self) -> int:
        """Calls without results plus results without calls, in the window as it stands."""
        return len(self.open_calls) + self.orphan_results

    def breakdown(self) -> Breakdown:
        count = len(self.ids)
        recent_groups: set[int] = set()
        keep = self.pins.keep_recent
        for position in range(max(0, count - keep), count):
            if self.kinds[position] == _NORMAL:
                group = self.groups[position]
                if group not in self.static_count:
                    recent_groups.add(group)
        recent = sum(self.group_tokens[g] for g in recent_groups)
        overhead = self.per_request if count or self.tools_tokens else 0
        other = (
            self.message_tokens
            - self.system_tokens
            - self.summary_tokens
            - self.static_tokens
            - recent
        )
        return Breakdown(
            system=self.system_tokens + overhead,
            tools=self.tools_tokens,
            pinned=self.static_tokens,
            summaries=self.summary_tokens,
            recent=recent,
            other=other,
        )
