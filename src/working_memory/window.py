"""ManagedWindow: the message list an agent appends to, which keeps itself inside its budget.

One call site changes in an existing loop: `client.complete(window.prepare(), tools=...)`.

Costs: each message is counted once, at append; totals are kept incrementally, so
`prepare()` under the compaction threshold does no counting and no scanning. Over a
threshold, each pass (mask, compact, evict) is one linear walk over the window.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from . import config
from ._redact import redact
from .archive import Archive
from .budget import Budget
from .compactor import CompactionResult, SpanCompactor
from .events import EventKind, WindowEvent
from .overheads import content_text
from .policy import (
    STATIC_CORRECTION,
    STATIC_PLAN,
    PinPolicy,
    PinReason,
    _static_flags,
    resolve_pins,
)

__all__ = ["ROLES", "STRATEGIES", "ManagedWindow", "Strategy", "truncate_text"]

log = logging.getLogger("working_memory")

ROLES = frozenset({"system", "user", "assistant", "tool"})
Strategy = Literal["compact", "mask", "hybrid", "evict"]
STRATEGIES: tuple[Strategy, ...] = ("compact", "mask", "hybrid", "evict")


def truncate_text(text: str, keep_chars: int, *, reference: str | None = None) -> str:
    """Head + tail of `text` in about `keep_chars`, cut at line ends where one is near.

    The middle of a log is its least informative part; the marker says how much is gone so
    the model knows it is reading a fragment (and where the whole is, when archived).
    """
    if len(text) <= keep_chars:
        return text
    head, tail = int(keep_chars * 0.6), int(keep_chars * 0.4)
    # Prefer whole lines: move each cut to a newline within 10% of the kept size.
    slack = max(1, keep_chars // 10)
    newline = text.rfind("\n", head - slack, head)
    if newline > 0:
        head = newline + 1
    tail_start = len(text) - tail
    newline = text.find("\n", tail_start, tail_start + slack)
    if newline >= 0:
        tail_start = newline + 1
    dropped = tail_start - head
    where = f"; full text in {reference}" if reference else ""
    return f"{text[:head]}\n... [{dropped} chars dropped{where}] ...\n{text[tail_start:]}"


@dataclass(eq=False)
class _Entry:
    id: int  # append order (0, 1, ...); summaries get negative ids
    message: dict[str, Any]
    tokens: int
    group: int  # id of the message that opened this entry's tool group (its own id if none)
    flags: int  # cached per-message pin flags (system / correction / plan)
    summary: bool = False
    masked: bool = False


def _unmasked_tool_count(entries: Sequence[_Entry]) -> int:
    return sum(1 for e in entries if not e.masked and e.message.get("role") == "tool")


class ManagedWindow:
    """The managed transcript. See the README for the thresholds and what each one does."""

    def __init__(
        self,
        budget: Budget | None = None,
        pins: PinPolicy | None = None,
        compactor: SpanCompactor | None = None,
        max_tool_tokens: int | None = config.MAX_TOOL_TOKENS,
        compact_at: float = config.COMPACT_AT,
        evict_at: float = config.EVICT_AT,
        *,
        messages: Iterable[Mapping[str, Any]] = (),
        tools: Sequence[Mapping[str, Any]] | None = None,
        archive: Archive | None = None,
        strategy: Strategy = "compact",
        min_gain: float = config.MIN_GAIN,
        min_span: int = config.MIN_SPAN,
        max_span: int = config.MAX_SPAN,
        compact_to: float | None = None,
        evict_to: float | None = None,
        keep_tool_results: int = 3,
        max_compactions_per_prepare: int = 4,
        max_summaries: int = 3,
    ) -> None:
        self._budget = budget if budget is not None else Budget()
        self._limit = self._budget.limit
        if not 0 < compact_at <= evict_at:
            raise ValueError(
                f"compact_at={compact_at} must be above 0 and at most evict_at={evict_at}"
            )
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy={strategy!r}: expected one of {', '.join(STRATEGIES)}")
        if max_tool_tokens is not None and max_tool_tokens > self._limit:
            raise ValueError(
                f"max_tool_tokens={max_tool_tokens} is larger than the budget's limit of "
                f"{self._limit} tokens: one tool result could fill the whole window"
            )
        if max_tool_tokens is not None and max_tool_tokens < 1:
            raise ValueError(
                f"max_tool_tokens={max_tool_tokens} must be positive (or None for no truncation)"
            )
        self.compactor = compactor
        self.max_tool_tokens = max_tool_tokens
        self.compact_at = compact_at
        self.evict_at = evict_at
        self.archive = archive
        self.strategy: Strategy = strategy
        self.min_gain = min_gain
        self.min_span = max(1, min_span)
        self.max_span = max(self.min_span, max_span)
        # Compact enough to land well below the threshold, so the next compaction is many
        # turns away (a steady cadence, not one per turn).
        self.compact_to = compact_to if compact_to is not None else compact_at * 0.7
        # Evict in bulk, a little below the line: fewer, larger evictions keep the provider's
        # prompt cache valid for longer and make each eviction's linear pass rare.
        self.evict_to = evict_to if evict_to is not None else max(compact_at, evict_at - 0.1)
        self.keep_tool_results = keep_tool_results
        self.max_compactions_per_prepare = max_compactions_per_prepare
        # Old summaries are evicted outright, never re-summarised: keep at most this many.
        self.max_summaries = max(1, max_summaries)

        self._pins = pins if pins is not None else PinPolicy()
        self._entries: list[_Entry] = []
        self._messages: list[dict[str, Any]] = []
        self._tools: list[dict[str, Any]] | None = None
        self._tools_tokens = 0
        self._message_tokens = 0
        self._next_id = 0
        self._next_summary_id = -1
        self._task_id: int | None = None
        self._unmasked_tools = 0  # tool results in the window not masked yet
        self._explicit: set[int] = set()
        self._call_owner: dict[str, int] = {}  # unanswered tool_call id -> its group
        self._open_calls: Counter[int] = Counter()  # group -> calls still unanswered
        self.calls = 0  # prepare() calls so far
        self.events: list[WindowEvent] = []
        self.pressure_log: list[float] = []
        self.summariser_tokens = 0
        if tools:
            self.tools = tools
        self.extend(messages)

    # -- configuration -------------------------------------------------------------------
    @property
    def budget(self) -> Budget:
        return self._budget

    @budget.setter
    def budget(self, budget: Budget) -> None:
        """A new budget (another window size or counter): every message is counted again."""
        self._budget = budget
        self._limit = budget.limit
        for entry in self._entries:
            entry.tokens = budget.message_tokens(entry.message)
        self._message_tokens = sum(entry.tokens for entry in self._entries)
        self._tools_tokens = budget.tools_tokens(self._tools)

    @property
    def pins(self) -> PinPolicy:
        return self._pins

    @pins.setter
    def pins(self, policy: PinPolicy) -> None:
        # Message-only rules (corrections, plans) are cached per entry: recompute them once.
        self._pins = policy
        for entry in self._entries:
            entry.flags = 0 if entry.summary else _static_flags(policy, entry.message)

    @property
    def tools(self) -> list[dict[str, Any]] | None:
        return self._tools

    @tools.setter
    def tools(self, tools: Sequence[Mapping[str, Any]] | None) -> None:
        self._tools = [dict(t) for t in tools] if tools else None
        self._tools_tokens = self.budget.tools_tokens(self._tools)

    # -- reading ---------------------------------------------------------------------------
    @property
    def messages(self) -> list[dict[str, Any]]:
        """The messages as they stand (a new list; the dicts are the window's own)."""
        return list(self._messages)

    @property
    def ids(self) -> list[int]:
        """Each message's id: append order for appended messages, negative for summaries."""
        return [entry.id for entry in self._entries]

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

    def message_tokens(self) -> list[int]:
        return [entry.tokens for entry in self._entries]

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
            roles=[str(e.message.get("role")) for e in entries],
            static=[e.flags for e in entries],
            ids=[e.id for e in entries],
            summary=[e.summary for e in entries],
            groups=[e.group for e in entries],
            task_id=self._task_id,
            explicit=frozenset(self._explicit),
        )

    def pinned(self) -> set[int]:
        """Positions of the pinned messages."""
        return {i for i, reason in enumerate(self.pin_reasons()) if reason is not None}

    @property
    def open_tool_calls(self) -> int:
        """Tool calls still waiting for their result (the model is not called until this is 0)."""
        return sum(self._open_calls.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return (
            f"ManagedWindow({len(self._entries)} messages, {self.tokens()}/{self._limit} tok, "
            f"pressure {self.pressure():.2f}, strategy={self.strategy!r})"
        )

    # -- writing ---------------------------------------------------------------------------
    def append(self, message: Mapping[str, Any], *, pin: bool = False) -> None:
        """Add one message. Tool results over `max_tool_tokens` are cut head+tail here.

        Raises ValueError for a message that is malformed, or that alone exceeds the budget
        (a user's input is refused, never silently truncated).
        """
        if not isinstance(message, Mapping):
            raise TypeError(
                f"a message must be a mapping with a 'role', got {type(message).__name__}"
            )
        role = message.get("role")
        if role not in ROLES:
            raise ValueError(
                f"message role {role!r} is not one a provider accepts: expected one of "
                f"{', '.join(sorted(ROLES))}"
            )
        message = dict(message)
        if role == "tool" and self.max_tool_tokens is not None:
            message, content_tokens = self._truncate(message)
            tokens = self.budget.message_tokens(message, content_tokens=content_tokens)
        else:
            tokens = self.budget.message_tokens(message)
        if tokens > self._limit:
            raise ValueError(
                f"single {role} message is {tokens} tokens, over the {self._limit}-token "
                f"budget: it cannot be sent at all"
            )
        entry_id = self._next_id
        self._next_id += 1
        group = entry_id
        if role == "assistant" and message.get("tool_calls"):
            for call in message["tool_calls"]:
                if call.get("id") is not None:
                    self._call_owner[str(call["id"])] = entry_id
                    self._open_calls[entry_id] += 1
        elif role == "tool":
            owner = self._call_owner.pop(str(message.get("tool_call_id")), None)
            if owner is not None:
                group = owner
                self._open_calls[owner] -= 1
                if self._open_calls[owner] <= 0:
                    del self._open_calls[owner]
            else:
                log.warning(
                    "tool result %r answers no call in the window", message.get("tool_call_id")
                )
        if role == "user" and self._task_id is None:
            self._task_id = entry_id
        if pin:
            self._explicit.add(entry_id)
        entry = _Entry(entry_id, message, tokens, group, _static_flags(self._pins, message))
        self._entries.append(entry)
        self._messages.append(message)
        if role == "tool":
            self._unmasked_tools += 1
        self._message_tokens += tokens

    def extend(self, messages: Iterable[Mapping[str, Any]]) -> None:
        for message in messages:
            self.append(message)

    def pin(self, ref: int | Mapping[str, Any]) -> int:
        """Pin a message by id (see `ids`) or by the message dict itself. Returns its id."""
        entry_id = self._resolve(ref)
        self._explicit.add(entry_id)
        return entry_id

    def unpin(self, ref: int | Mapping[str, Any]) -> None:
        self._explicit.discard(self._resolve(ref))

    def _resolve(self, ref: int | Mapping[str, Any]) -> int:
        if isinstance(ref, int):
            if any(entry.id == ref for entry in self._entries):
                return ref
            raise KeyError(f"no message with id {ref} in the window")
        for entry in self._entries:
            if entry.message is ref or entry.message == ref:
                return entry.id
        raise KeyError("that message is not in the window")

    def _truncate(self, message: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """The message, cut head+tail if its text is over `max_tool_tokens`, and its text's
        token count (so that append does not count the same text again)."""
        assert self.max_tool_tokens is not None
        text, _ = content_text(message.get("content"))
        counter = self.budget.token_counter
        tokens = counter.count(text)
        if tokens <= self.max_tool_tokens:
            return message, tokens
        keep_chars = max(16, int(len(text) * self.max_tool_tokens / tokens * 0.95))
        reference = None
        if self.archive is not None:
            reference = self.archive.write([message], reason="truncated", ids=[self._next_id])
        truncated = {**message, "content": truncate_text(text, keep_chars, reference=reference)}
        after = counter.count(truncated["content"])
        self._event(
            "truncated",
            1,
            tokens,
            after,
            reason=f"{len(text) - len(truncated['content'])} chars",
            archive=reference,
        )
        return truncated, after

    # -- the one call the agent loop makes --------------------------------------------------
    def prepare(self) -> list[dict[str, Any]]:
        """Call right before every model call; send exactly what it returns.

        Under `compact_at` this is O(1). Over it, the strategy masks old tool results
        and/or compacts the oldest unpinned span; over `evict_at`, whole unpinned tool groups
        are evicted oldest first. A failed summariser never raises from here.

        The list returned is the window's own (no copy, so the call stays O(1)): read it or
        send it, but add messages with `append()`, never to this list.
        """
        if len(self._messages) != len(self._entries):
            raise RuntimeError(
                "the list returned by prepare() was modified: add messages with window.append(), "
                "not to the returned list"
            )
        self.calls += 1
        used = self._message_tokens + self._tools_tokens + self._budget.overheads.per_request
        if used <= self.compact_at * self._limit:
            # The common case: nothing to do, nothing counted, nothing scanned.
            pressure = used / self._limit
            self.pressure_log.append(pressure)
            if log.isEnabledFor(logging.INFO):
                log.info("call %d: pressure %.2f", self.calls, pressure)
            return self._messages
        if self.strategy != "evict":
            if (
                self.strategy in ("mask", "hybrid")
                and self._unmasked_tools > self.keep_tool_results
            ):
                self._mask_old_tool_results()
            if self.strategy in ("compact", "hybrid") and self.compactor is not None:
                self._compact_while_over()
        if self.pressure() > self.evict_at:
            self._evict_down_to(self.evict_to, reason=f"pressure over evict_at={self.evict_at:.2f}")
        if self.pressure() > self.evict_at:
            last = self.events[-1] if self.events else None
            if last is None or last.kind != "over_budget" or last.tokens_after != self.tokens():
                self._event(
                    "over_budget",
                    0,
                    self.tokens(),
                    self.tokens(),
                    reason="everything left is pinned; sending anyway",
                )
        pressure = self.pressure()
        self.pressure_log.append(pressure)
        if log.isEnabledFor(logging.INFO):
            log.info(
                "call %d: pressure %.2f (%d/%d tok, %d messages)",
                self.calls,
                pressure,
                self.tokens(),
                self._limit,
                len(self._entries),
            )
        return self._messages

    # -- passes ------------------------------------------------------------------------------
    def _compact_while_over(self) -> None:
        for _ in range(self.max_compactions_per_prepare):
            if self.pressure() <= self.compact_at:
                return
            outcome = self._compact_once()
            if outcome == "none" or outcome == "failed":
                return
            if outcome == "low_gain":
                # Anti-thrash: a compaction that frees too little is not repeated.
                self._evict_down_to(
                    self.compact_to,
                    reason=f"last compaction gained less than min_gain={self.min_gain:.2f}; evicting instead",
                )
                return

    def _eligible(self, reasons: Sequence[PinReason | None]) -> list[bool]:
        open_groups = self._open_calls
        return [
            reasons[i] is None and not entry.summary and entry.group not in open_groups
            for i, entry in enumerate(self._entries)
        ]

    def next_span(self, *, regardless_of_pressure: bool = False) -> tuple[int, int]:
        """Positions [start, end) of the span the next compaction would take; (0, 0) if none.

        `regardless_of_pressure=True` previews the oldest compactable span (up to `max_span`
        messages) even when the window is far under its threshold.
        """
        return self._find_span(self._eligible(self.pin_reasons()), regardless_of_pressure)

    def _find_span(
        self, eligible: Sequence[bool], regardless_of_pressure: bool = False
    ) -> tuple[int, int]:
        """The oldest run of whole, unpinned tool groups worth compacting.

        A run shorter than `min_span`, or too small to free `min_gain`, is skipped and the
        next run considered. The span grows until it frees enough to reach `compact_to`.
        """
        entries = self._entries
        count = len(entries)
        sizes = Counter(entry.group for entry in entries)
        need = self.tokens() - self.compact_to * self._limit
        min_tokens = self.min_gain * self._limit
        if regardless_of_pressure:
            need, min_tokens = float("inf"), 0
        index = 0
        while index < count:
            if not eligible[index]:
                index += 1
                continue
            start, position, tokens, pending = index, index, 0, 0
            cut, cut_tokens = -1, 0
            remaining: dict[int, int] = {}
            while position < count and eligible[position] and position - start < self.max_span:
                entry = entries[position]
                if entry.group not in remaining:
                    if entry.group != entry.id:  # its group began before the run: cannot split it
                        break
                    remaining[entry.group] = sizes[entry.group]
                    pending += sizes[entry.group]
                pending -= 1
                tokens += entry.tokens
                position += 1
                if pending == 0:
                    cut, cut_tokens = position, tokens
                    if tokens >= need:
                        break
            if cut - start >= self.min_span and cut_tokens >= min_tokens:
                return start, cut
            index = max(position, index + 1)
        return 0, 0

    def _compact_once(self) -> Literal["none", "ok", "failed", "low_gain"]:
        assert self.compactor is not None
        start, end = self._find_span(self._eligible(self.pin_reasons()))
        if end - start < self.min_span:
            return "none"
        span_entries = self._entries[start:end]
        span = [entry.message for entry in span_entries]
        ids = [entry.id for entry in span_entries]
        span_tokens = sum(entry.tokens for entry in span_entries)
        tokens_before, pressure_before = self.tokens(), self.pressure()
        # Archive first: whatever the summariser does next, the span is already safe.
        reference = self.archive.write(span, reason="compacted", ids=ids) if self.archive else None
        try:
            result = self.compactor.compact(span)
        except Exception as exc:
            result = CompactionResult(
                None,
                reason=f"compactor raised {type(exc).__name__}: {redact(str(exc))[:300]}",
                error=type(exc).__name__,
            )
        spent = result.prompt_tokens + result.completion_tokens
        self.summariser_tokens += spent
        summary_message: dict[str, Any] | None = None
        summary_tokens = 0
        if result.nothing:
            kind: EventKind = "nothing"
            reason = result.reason
        elif result.summary is None:
            kind, reason = "compaction_failed", result.reason or "no summary"
        else:
            marker = f" Full text: {reference}." if reference else ""
            summary_message = {
                "role": "user",
                "content": f"[{len(span)} earlier turns compacted.{marker}]\n"
                f"Summary of what happened:\n{result.summary}",
            }
            summary_tokens = self.budget.message_tokens(summary_message)
            kind, reason = "compacted", f"{span_tokens} -> {summary_tokens} tok"
            if summary_tokens >= span_tokens:
                summary_message = None
                summary_tokens = 0  # nothing replaces the span: it must not be counted
                kind = "compaction_failed"
                reason = (
                    f"summary ({summary_tokens} tok) not smaller than its span "
                    f"({span_tokens} tok); span evicted"
                )
        # Without a usable summary the span is evicted (it is already archived).
        self._replace(start, end, summary_message, summary_tokens)
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
        if pressure_before - self.pressure() < self.min_gain:
            return "low_gain"
        return "ok"

    def _evict_old_summaries(self) -> None:
        summaries = [entry for entry in self._entries if entry.summary]
        surplus = summaries[: max(0, len(summaries) - self.max_summaries)]
        if surplus:
            self._remove(
                {entry.group for entry in surplus},
                reason=f"more than max_summaries={self.max_summaries} summaries; oldest evicted",
            )

    def _replace(
        self, start: int, end: int, summary: dict[str, Any] | None, tokens: int = 0
    ) -> None:
        removed = sum(entry.tokens for entry in self._entries[start:end])
        replacement: list[_Entry] = []
        if summary is not None:
            summary_id = self._next_summary_id
            self._next_summary_id -= 1
            replacement.append(_Entry(summary_id, summary, tokens, summary_id, 0, summary=True))
        self._unmasked_tools -= _unmasked_tool_count(self._entries[start:end])
        self._entries[start:end] = replacement
        self._messages[start:end] = [entry.message for entry in replacement]
        self._message_tokens += tokens - removed

    def _evict_down_to(self, target: float, *, reason: str) -> None:
        """Drop whole unpinned tool groups, oldest first, summaries last, in one pass."""
        need = self.tokens() - target * self._limit
        if need <= 0:
            return
        entries = self._entries
        reasons = self.pin_reasons()
        blocked = {entries[i].group for i in range(len(entries)) if reasons[i] is not None}
        blocked.update(self._open_calls)
        group_tokens: dict[int, int] = {}
        group_order: list[int] = []
        summary_groups: list[int] = []
        for entry in entries:
            if entry.group in blocked:
                continue
            if entry.group not in group_tokens:
                group_tokens[entry.group] = 0
                (summary_groups if entry.summary else group_order).append(entry.group)
            group_tokens[entry.group] += entry.tokens
        # Summaries go only after all other history: the newest summary is the last to go.
        chosen: set[int] = set()
        freed = 0
        for group in (*group_order, *summary_groups):
            if freed >= need:
                break
            chosen.add(group)
            freed += group_tokens[group]
        if chosen:
            self._remove(chosen, reason=reason)

    def _remove(self, groups: set[int], *, reason: str) -> None:
        """Archive, then drop, every entry of the given groups, in one pass."""
        tokens_before, pressure_before = self.tokens(), self.pressure()
        leaving = [entry for entry in self._entries if entry.group in groups]
        ids = [entry.id for entry in leaving]
        reference = None
        if self.archive is not None:
            reference = self.archive.write([e.message for e in leaving], reason="evicted", ids=ids)
        self._unmasked_tools -= _unmasked_tool_count(leaving)
        self._entries = [entry for entry in self._entries if entry.group not in groups]
        self._messages = [entry.message for entry in self._entries]
        self._message_tokens -= sum(entry.tokens for entry in leaving)
        self._event(
            "evicted",
            len(leaving),
            tokens_before,
            self.tokens(),
            pressure_before=pressure_before,
            reason=reason,
            ids=ids,
            archive=reference,
        )

    def _mask_old_tool_results(self) -> None:
        """Observation masking: tool results older than the last `keep_tool_results` become a
        one-line placeholder naming the tool and the size dropped (the original is archived)."""
        entries = self._entries
        reasons = self.pin_reasons()
        tool_positions = [i for i, e in enumerate(entries) if e.message.get("role") == "tool"]
        cutoff = len(tool_positions) - self.keep_tool_results
        victims = [
            i
            for i in tool_positions[: max(0, cutoff)]
            if not entries[i].masked and reasons[i] is None
        ]
        if not victims:
            return
        names = self._tool_names()
        tokens_before, pressure_before = self.tokens(), self.pressure()
        ids = [entries[i].id for i in victims]
        reference = None
        if self.archive is not None:
            reference = self.archive.write(
                [entries[i].message for i in victims], reason="masked", ids=ids
            )
        for i in victims:
            entry = entries[i]
            text, _ = content_text(entry.message.get("content"))
            name = names.get(str(entry.message.get("tool_call_id")), "tool")
            where = f"; full text in {reference}" if reference else ""
            masked = {
                **entry.message,
                "content": f"[{name} result masked: {len(text)} chars dropped{where}]",
            }
            tokens = self.budget.message_tokens(masked)
            if tokens >= entry.tokens:
                continue
            self._message_tokens += tokens - entry.tokens
            entry.message, entry.tokens, entry.masked = masked, tokens, True
            self._unmasked_tools -= 1
            self._messages[i] = masked
        self._event(
            "masked",
            len(victims),
            tokens_before,
            self.tokens(),
            pressure_before=pressure_before,
            reason=f"kept the last {self.keep_tool_results} tool results",
            ids=ids,
            archive=reference,
        )

    def _tool_names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for entry in self._entries:
            for call in entry.message.get("tool_calls") or ():
                names[str(call.get("id"))] = str((call.get("function") or {}).get("name") or "tool")
        return names

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
