"""What can never go: the pin rules, correction detection, and tool groups.

Pins are decided per message from its role and text (system, correction, plan), and per
position (the task, the last N messages, explicit pins by message id). A tool group (an
assistant turn with `tool_calls` and every result answering it) is pinned as a whole when
any member is: compaction and eviction move whole groups or nothing.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from . import config
from .messages import (
    SUMMARY_MARKER,
    SYSTEM_ROLES,
    content_text,
    is_summary_message,
    is_summary_text,
    is_tool_result_turn,
    task_index,
    tool_groups,
    typed_text,
)
from .messages import tool_calls as _tool_calls

__all__ = [
    "DEFAULT_CORRECTION_KEYWORDS",
    "DEFAULT_CORRECTION_PATTERNS",
    "DEFAULT_PLAN_PATTERN",
    "DEFAULT_PLAN_TOOLS",
    "SUMMARY_MARKER",
    "CorrectionRule",
    "PinPolicy",
    "PinReason",
    "RegexCorrectionRule",
    "is_summary_text",
    "tool_groups",
]

PinReason = Literal["system", "task", "plan", "correction", "explicit", "recent", "group"]


@runtime_checkable
class CorrectionRule(Protocol):
    """Decides whether a user turn corrects the agent (and so must survive compaction)."""

    def matches(self, text: str) -> bool: ...


# Anchored on how people open a correction, not on substrings: "not ", "no," or "instead"
# anywhere in a sentence match most ordinary prose ("do not change the public API",
# "It cannot find...", "piano, guitar").
DEFAULT_CORRECTION_PATTERNS: tuple[str, ...] = (
    r"^\W*(?:no|nope|nah)\b\s*[,.!;:\-]",  # "No, use the staging database"
    r"^\W*(?:no|nope)\s*$",
    r"^\W*(?:actually|wait|stop|hold on|oops|correction)\b\s*[,.!;:\-]",
    r"^\W*(?:that'?s|that is|this is|you'?re|you are|it'?s)\s+(?:not\s+(?:right|correct|what)|wrong|incorrect)\b",
    r"\b(?:that'?s|that is)\s+not\s+what\s+I\s+(?:asked|meant|wanted|said)\b",
    r"\bI\s+(?:meant|said|asked\s+(?:you\s+)?(?:for|to))\b[^.?!]{0,80}\b(?:not|instead)\b",
    r"\bI\s+meant\b",
    r"\b(?:don'?t|do\s+not|never)\s+(?:do\s+that|touch|use|change|modify|delete|remove)\b[^.?!]{0,60}\b(?:again|anymore|any\s+more|instead)\b",
    r"\buse\s+[^.?!]{1,60}\binstead\b",
    r"\binstead\s+of\s+[^.?!]{1,60},\s*(?:use|do|try|call)\b",
    r"\byou\s+(?:were|are|got\s+it)\s+wrong\b",
    r"\bwrong\s+(?:file|branch|database|directory|folder|function|one|approach|table|model|environment|endpoint)\b",
    r"\bplease\s+revert\b|\brevert\s+(?:that|this|it|the\s+last)\b|\bundo\s+(?:that|this|it|the\s+last)\b",
)

DEFAULT_PLAN_PATTERN = r"^\W*(?:(?:the|my|our|updated|current|revised|new)\s+)*plan\s*(?::|\n|-|—)"
DEFAULT_PLAN_TOOLS: tuple[str, ...] = ("update_plan", "TodoWrite", "todo_write", "write_todos")


# Words without which no unanchored default pattern can match: a cheap substring test
# spares the regex engine on almost every ordinary turn.
DEFAULT_CORRECTION_KEYWORDS: tuple[str, ...] = (
    "not what",
    "meant",
    "said",
    "asked",
    "instead",
    "wrong",
    "revert",
    "undo",
    "don't",
    "dont",
    "do not",
    "never",
)


@dataclass(frozen=True)
class RegexCorrectionRule:
    """A correction is a user turn matching any of `patterns` (case-insensitive).

    Patterns anchored with `^` are tried against the opening of the turn; the others run
    only when the turn contains one of `keywords` (None: always run them).
    """

    patterns: tuple[str, ...] = DEFAULT_CORRECTION_PATTERNS
    keywords: tuple[str, ...] | None = None
    _anchored: re.Pattern[str] | None = field(init=False, repr=False, compare=False, default=None)
    _free: re.Pattern[str] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        if self.keywords is None and self.patterns == DEFAULT_CORRECTION_PATTERNS:
            object.__setattr__(self, "keywords", DEFAULT_CORRECTION_KEYWORDS)
        anchored = [p for p in self.patterns if p.startswith("^")]
        free = [p for p in self.patterns if not p.startswith("^")]
        for name, group in (("_anchored", anchored), ("_free", free)):
            if group:
                compiled = re.compile("|".join(f"(?:{p})" for p in group), re.IGNORECASE)
                object.__setattr__(self, name, compiled)

    def matches(self, text: str) -> bool:
        # Corrections are short and say so up front; a long pasted document is not one.
        text = text[:500]
        if self._anchored is not None and self._anchored.match(text.lstrip()):
            return True
        if self._free is None:
            return False
        if self.keywords is not None:
            low = text.lower()
            for word in self.keywords:  # a loop, not any(): no generator per turn
                if word in low:
                    break
            else:
                return False
        return bool(self._free.search(text))


@dataclass(frozen=True)
class PinPolicy:
    """The pin rules. A plain value: change one with `dataclasses.replace` or `window.pins = ...`.

    `explicit` holds message ids: the 0-based order in which messages were appended to a
    window (for a loaded transcript, its message index). An id follows its message through
    compactions, unlike a list position.
    """

    keep_recent: int = config.KEEP_RECENT
    # The newest messages up to this many tokens are pinned as recent too (either limit pins
    # the more); None: off. Counted with the window's counter.
    keep_recent_tokens: int | None = None
    pin_system: bool = True
    pin_task: bool = True  # the first user turn: the task statement
    pin_plan: bool = True  # the latest plan (a message opening with "Plan:", or a plan tool call)
    pin_corrections: bool = True
    max_corrections: int | None = (
        config.MAX_CORRECTIONS
    )  # only the latest N corrections stay pinned (None: all)
    correction_rule: CorrectionRule = field(default_factory=RegexCorrectionRule)
    plan_pattern: str = DEFAULT_PLAN_PATTERN
    plan_tools: tuple[str, ...] = DEFAULT_PLAN_TOOLS
    explicit: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.keep_recent < 0:
            raise ValueError(f"PinPolicy(keep_recent={self.keep_recent}) must not be negative")
        if self.keep_recent_tokens is not None and self.keep_recent_tokens < 0:
            raise ValueError(
                f"PinPolicy(keep_recent_tokens={self.keep_recent_tokens}) must not be negative"
            )
        if self.max_corrections is not None and self.max_corrections < 0:
            raise ValueError(
                f"PinPolicy(max_corrections={self.max_corrections}) must not be negative"
            )
        if not isinstance(self.explicit, frozenset):
            object.__setattr__(self, "explicit", frozenset(self.explicit))
        object.__setattr__(self, "_plan_re", re.compile(self.plan_pattern, re.IGNORECASE))
        # The default pattern needs the word "plan" near the start: a substring test spares
        # the regex on almost every turn.
        object.__setattr__(self, "_plan_word", self.plan_pattern == DEFAULT_PLAN_PATTERN)

    # -- per-message rules (depend only on the message) -----------------------------------
    def is_correction(self, message: Mapping[str, Any]) -> bool:
        return bool(self.flags(message) & STATIC_CORRECTION)

    def is_plan(self, message: Mapping[str, Any]) -> bool:
        return bool(self.flags(message) & STATIC_PLAN)

    def flags(self, message: Mapping[str, Any]) -> int:
        """Bit flags of the rules that depend on the message alone (the window caches them):
        STATIC_SYSTEM, STATIC_CORRECTION (a typed user turn matching the correction rule),
        STATIC_PLAN (a turn opening with the plan pattern, or calling a plan tool). One pass
        over the text, since this runs on every appended message."""
        role = message.get("role")
        if role in SYSTEM_ROLES:
            return STATIC_SYSTEM
        if role != "user" and role != "assistant":
            return 0
        text = message.get("content")
        if type(text) is not str or "tool_calls" in message:
            # Blocks or calls; a plain string turn (the common case) has neither to look at.
            if role == "assistant" and any(
                name in self.plan_tools for _, name in _tool_calls(message)
            ):
                return STATIC_PLAN
            # A turn of tool results is not something a person typed: no correction, no plan.
            if is_tool_result_turn(message):
                return 0
            # A user's words only: tool results beside them are neither a correction nor a
            # plan, and stay so when they are masked or cut.
            text = typed_text(text) if role == "user" else content_text(text)[0]
        # The marker opens with "[": most turns skip its regex.
        if not text or (text[0] == "[" and is_summary_text(text)):
            return 0
        flags = 0
        if role == "user" and self.correction_rule.matches(text):
            flags |= STATIC_CORRECTION
        if (not self._plan_word or "plan" in text[:120].lower()) and self._plan_re.match(text):  # type: ignore[attr-defined]
            flags |= STATIC_PLAN
        return flags

    # -- whole-list rules ----------------------------------------------------------------
    def pin_reasons(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        demonstrations: Collection[int] = (),
        tokens: Sequence[int] = (),
    ) -> list[PinReason | None]:
        """Why each message of a plain list is pinned (None: it is not). Linear in the list.
        `demonstrations`: positions of example exchanges shown before the task (never the
        task; `Transcript.demonstrations`). `tokens`: each message's count, for
        `keep_recent_tokens` (without: that rule is off)."""
        flags = [self.flags(m) for m in messages]
        summaries = [is_summary_message(m) for m in messages]
        return resolve_pins(
            self,
            roles=[str(m.get("role")) for m in messages],
            static=flags,
            ids=range(len(messages)),
            summary=summaries,
            groups=tool_groups(messages),
            task_id=task_index(messages, demonstrations),
            explicit=frozenset(),
            tokens=tokens,
        )

    def pinned(
        self, messages: Sequence[Mapping[str, Any]], *, demonstrations: Collection[int] = ()
    ) -> set[int]:
        reasons = self.pin_reasons(messages, demonstrations=demonstrations)
        return {i for i, reason in enumerate(reasons) if reason is not None}


STATIC_SYSTEM, STATIC_CORRECTION, STATIC_PLAN = 1, 2, 4


def recent_start(policy: PinPolicy, count: int, tokens: Sequence[int] = ()) -> int:
    """The position from which the last `count` messages are pinned as recent: the last
    `keep_recent`, or the newest up to `keep_recent_tokens` tokens (given `tokens`), whichever
    reaches further back. O(recent messages)."""
    start = max(0, count - policy.keep_recent)
    budget = policy.keep_recent_tokens
    if budget and tokens:
        total = 0
        back = count
        while back > 0 and total + tokens[back - 1] <= budget:
            back -= 1
            total += tokens[back]
        start = min(start, back)
    return start


def resolve_pins(
    policy: PinPolicy,
    *,
    roles: Sequence[str],
    static: Sequence[int],
    ids: Sequence[int],
    summary: Sequence[bool],
    groups: Sequence[int],
    task_id: int | None,
    explicit: frozenset[int],
    tokens: Sequence[int] = (),
) -> list[PinReason | None]:
    """Combine the cached per-message flags with the positional rules, then widen to groups.

    `groups[i]` is any key shared by the members of message i's tool group.
    """
    count = len(roles)
    reasons: list[PinReason | None] = [None] * count
    # Each rule marks only the positions it pins, the weakest rule first so that a stronger
    # one overwrites it (system > task > plan > correction > explicit > recent): the window
    # calls this at every compaction and eviction, and a pass per position over a window of
    # thousands of messages was most of that cost. Flagged messages are few: found once.
    flagged = [index for index, flags in enumerate(static) if flags]
    marked: list[int] = []  # positions pinned by a rule other than "recent"
    recent_from = recent_start(policy, count, tokens)
    if recent_from < count:
        reasons[recent_from:] = ["recent"] * (count - recent_from)
    all_explicit = explicit | policy.explicit
    if all_explicit:
        pinned = [i for i, ident in enumerate(ids) if ident in all_explicit]
        for index in pinned:
            reasons[index] = "explicit"
        marked += pinned
    if policy.pin_corrections:
        corrections = [i for i in flagged if static[i] & STATIC_CORRECTION and not summary[i]]
        # Corrections accumulate over a long session; only the latest few stay pinned (older
        # ones are compacted, and the summarisers keep user corrections verbatim).
        if policy.max_corrections is not None:
            corrections = corrections[max(0, len(corrections) - policy.max_corrections) :]
        for index in corrections:
            reasons[index] = "correction"
        marked += corrections
    if policy.pin_plan:
        plans = [i for i in flagged if static[i] & STATIC_PLAN and not summary[i]]
        if plans:
            reasons[plans[-1]] = "plan"
            marked.append(plans[-1])
    if policy.pin_task and task_id is not None and task_id in ids:
        index = ids.index(task_id)  # ids are unique
        reasons[index] = "task"
        marked.append(index)
    if policy.pin_system:
        for index in flagged:
            if static[index] & STATIC_SYSTEM:
                reasons[index] = "system"
                marked.append(index)
    # A group is pinned whole: its other members are pinned as "group".
    pinned_groups = {groups[i] for i in range(recent_from, count)}
    pinned_groups.update(groups[i] for i in marked)
    for index in [i for i, group in enumerate(groups) if group in pinned_groups]:
        if reasons[index] is None:
            reasons[index] = "group"
    return reasons
