"""ManagedWindow: the message list an agent appends to, which keeps itself inside its budget.

One call site changes in an existing loop: `client.complete(window.prepare(), tools=...)`.

Costs: each message is counted once, at append; totals are kept incrementally, so
`prepare()` under the compaction threshold does no counting and no scanning. Over a
threshold, each pass (mask, compact, evict) is one linear walk over the window.
"""

from __future__ import annotations

import logging
import math
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from . import config
from ._numbers import token_count
from ._redact import redact
from .archive import Archive
from .breakdown import Breakdown, Categories
from .budget import Budget
from .events import EventKind, WindowEvent
from .messages import (
    ROLES,
    is_tool_result_turn,
    is_typed_user_turn,
    map_tool_results,
    summary_message,
    tool_call_ids,
    tool_calls,
    tool_result_ids,
    validate_message,
)
from .policy import (
    STATIC_CORRECTION,
    STATIC_PLAN,
    PinPolicy,
    PinReason,
    resolve_pins,
)
from .protocols import CompactionResult, SpanCompactor
from .spans import eviction_plan, find_span, mask_victims

__all__ = ["ROLES", "STRATEGIES", "ManagedWindow", "Strategy", "truncate_text"]

log = logging.getLogger("working_memory")

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


@dataclass(eq=False, slots=True)
class _Entry:
    id: int  # append order (0, 1, ...); summaries get negative ids
    message: dict[str, Any]
    tokens: int
    group: int  # id of the message that opened this entry's tool group (its own id if none)
    flags: int  # cached per-message pin flags (system / correction / plan)
    summary: bool = False
    masked: bool = False
    # Carries tool results (a tool message, or a user turn of tool_result blocks).
    result: bool = False
    role: str = ""
    unanswered: int = 0  # its tool calls that got no result before the next turn


def _unmasked_tool_count(entries: Sequence[_Entry]) -> int:
    return sum(1 for e in entries if e.result and not e.masked)


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
        max_span_tokens: int = config.MAX_SPAN_TOKENS,
        compact_to: float | None = None,
        evict_to: float | None = None,
        keep_tool_results: int = config.KEEP_TOOL_RESULTS,
        max_compactions_per_prepare: int = config.MAX_COMPACTIONS_PER_PREPARE,
        max_summaries: int = config.MAX_SUMMARIES,
        max_span: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._budget = budget if budget is not None else Budget()
        self._limit = self._budget.limit
        if max_span is not None:
            warnings.warn(
                "ManagedWindow(max_span=...) is deprecated: a span is bounded by tokens now "
                "(max_span_tokens); max_span still caps its message count for this release",
                DeprecationWarning,
                stacklevel=2,
            )
        self._compactor = compactor
        self.max_tool_tokens = max_tool_tokens
        self.compact_at = compact_at
        self.evict_at = evict_at
        self.archive = archive
        self.strategy: Strategy = strategy
        self.min_gain = min_gain
        self.min_span = max(1, min_span)
        self.max_span_tokens = max_span_tokens
        self.max_span = None if max_span is None else max(self.min_span, max_span)
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
        self._check_settings()

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
        self._call_owner: dict[str, int] = {}  # open (unanswered) call id -> its group
        self.calls = 0  # prepare() calls so far
        # Work a pass found nothing to do is not repeated until something it depends on
        # changes, so that prepare() stays cheap while the window sits over a threshold.
        self._appended_tokens = 0  # tokens ever appended (only grows)
        self._search_after: int | None = None  # no span qualified: search again at this total
        self._mask_after = 0  # masking found too little: try again at this appended total
        self._evict_after: int | None = None  # eviction found nothing at this appended total
        self._over_budget = False  # the last prepare() ended over evict_at
        self._categories: Categories | None = None  # for breakdown(); None: rebuild when asked
        self._clock = clock
        self._retry_at = -math.inf  # the summariser is not called before this clock time
        self._failures = 0  # summariser failures in a row (for the backoff)
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
        self._forget_searches()

    @property
    def compactor(self) -> SpanCompactor | None:
        return self._compactor

    @compactor.setter
    def compactor(self, compactor: SpanCompactor | None) -> None:
        self._compactor = compactor
        self._retry_at, self._failures = -math.inf, 0
        self._forget_searches()

    SETTINGS = (
        "compact_at",
        "compact_to",
        "evict_at",
        "evict_to",
        "strategy",
        "min_gain",
        "min_span",
        "max_span_tokens",
        "max_span",
        "keep_tool_results",
        "max_compactions_per_prepare",
        "max_summaries",
    )

    def configure(self, **settings: Any) -> None:
        """Change thresholds in place (the names `ManagedWindow()` takes); the next
        `prepare()` applies them. Unknown names or values the constructor would refuse are
        an error, and then nothing changes."""
        unknown = sorted(set(settings) - set(self.SETTINGS))
        if unknown:
            raise TypeError(f"configure(): unknown setting(s) {', '.join(unknown)}")
        before = {name: getattr(self, name) for name in settings}
        for name, value in settings.items():
            setattr(self, name, value)
        try:
            self._check_settings()
        except ValueError:
            for name, value in before.items():
                setattr(self, name, value)
            raise
        self._forget_searches()

    def _check_settings(self) -> None:
        compact_at, evict_at = self.compact_at, self.evict_at
        if not 0 < compact_at <= evict_at:
            raise ValueError(
                f"compact_at={compact_at} must be above 0 and at most evict_at={evict_at}"
            )
        if self.strategy not in STRATEGIES:
            raise ValueError(f"strategy={self.strategy!r}: expected one of {', '.join(STRATEGIES)}")
        max_tool_tokens = self.max_tool_tokens
        if max_tool_tokens is not None and max_tool_tokens > self._limit:
            raise ValueError(
                f"max_tool_tokens={max_tool_tokens} is larger than the budget's limit of "
                f"{self._limit} tokens: one tool result could fill the whole window"
            )
        if max_tool_tokens is not None and max_tool_tokens < 1:
            raise ValueError(
                f"max_tool_tokens={max_tool_tokens} must be positive (or None for no truncation)"
            )
        if self.max_span_tokens < 1:
            raise ValueError(f"max_span_tokens={self.max_span_tokens} must be positive")
        if not 0 <= self.min_gain < 1:
            raise ValueError(f"min_gain={self.min_gain} must be in [0, 1)")
        for name in ("min_span", "max_summaries", "max_compactions_per_prepare"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name}={getattr(self, name)} must be at least 1")
        if self.keep_tool_results < 0:
            raise ValueError(f"keep_tool_results={self.keep_tool_results} must not be negative")
        if not 0 < self.compact_to <= compact_at:
            raise ValueError(
                f"compact_to={self.compact_to} must be above 0 and at most compact_at={compact_at}"
            )
        if not 0 < self.evict_to <= evict_at:
            raise ValueError(
                f"evict_to={self.evict_to} must be above 0 and at most evict_at={evict_at}"
            )

    def _forget_searches(self) -> None:
        """Settings or pins changed: what a pass found before no longer holds."""
        self._categories = None
        self._search_after = None
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
            roles=[e.role for e in entries],
            static=[e.flags for e in entries],
            ids=[e.id for e in entries],
            summary=[e.summary for e in entries],
            groups=[e.group for e in entries],
            task_id=self._task_id,
            explicit=frozenset(self._explicit),
        )

    def breakdown(self) -> Breakdown:
        """`tokens()` by category: system, tools, pinned, summaries, recent, other (see
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
            keep_recent=self._pins.keep_recent,
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

    def __repr__(self) -> str:
        return (
            f"ManagedWindow({len(self._entries)} messages, {self.tokens()}/{self._limit} tok, "
            f"pressure {self.pressure():.2f}, strategy={self.strategy!r})"
        )

    # -- writing ---------------------------------------------------------------------------
    def append(self, message: Mapping[str, Any], *, pin: bool = False) -> None:
        """Add one message. Tool results over `max_tool_tokens` are cut head+tail here.

        Raises ValueError for a message that is malformed (naming the field), or that alone
        exceeds the budget (a user's input is refused, never silently truncated); the window
        is then left as it was.
        """
        if type(message) is not dict and not isinstance(message, Mapping):
            raise TypeError(
                f"a message must be a mapping with a 'role', got {type(message).__name__}"
            )
        entry_id = self._next_id
        try:
            validate_message(message)
        except ValueError as exc:  # name the message only when there is something to say
            where = f"message {entry_id} ({message.get('role')})"
            raise ValueError(str(exc).replace("message", where, 1)) from None
        role = message.get("role")
        message = dict(message)
        # The window owns what it holds: a caller that keeps filling its own list of blocks
        # must not change what was counted.
        content = message.get("content")
        if isinstance(content, list):
            message["content"] = [
                dict(b) if isinstance(b, Mapping) else b for b in message["content"]
            ]
        if isinstance(message.get("tool_calls"), list):
            message["tool_calls"] = [
                dict(c) if isinstance(c, Mapping) else c for c in message["tool_calls"]
            ]
        answered = tool_result_ids(message)
        is_result = role == "tool" or bool(answered)
        cuts: list[tuple[int, int, int]] = []
        reference = None
        if is_result and self.max_tool_tokens is not None:
            message, tokens, cuts, reference = self._truncated(message, max(1, len(answered)))
        else:
            tokens = self._budget.message_tokens(message)
        if tokens > self._limit:
            raise ValueError(
                f"single {role} message is {tokens} tokens, over the {self._limit}-token "
                f"budget: it cannot be sent at all"
            )
        # Validated and counted: from here on nothing raises, so a refusal changes nothing.
        for before, after, dropped in cuts:
            self._event("truncated", 1, before, after, reason=f"{dropped} chars", archive=reference)
        self._next_id += 1
        if (
            answered
            or self._call_owner
            or (role == "assistant" and ("tool_calls" in message or type(content) is not str))
        ):
            group = self._pair(entry_id, message, answered)
        else:
            group = entry_id  # the common case: nothing to pair, nothing open
        if self._task_id is None and is_typed_user_turn(message):
            self._task_id = entry_id
        if pin:
            self._explicit.add(entry_id)
        entry = _Entry(
            entry_id,
            message,
            tokens,
            group,
            self._pins.flags(message),
            result=is_result,
            role=str(role),
        )
        self._entries.append(entry)
        self._messages.append(message)
        if self._categories is not None:
            self._categories.appended(entry, explicit=pin)
        if is_result:
            self._unmasked_tools += 1
        self._message_tokens += tokens
        self._appended_tokens += tokens

    def _pair(self, entry_id: int, message: Mapping[str, Any], answered: Sequence[str]) -> int:
        """The tool group a new message joins, by the rule in `messages` (shared with replay
        and the workbench): results join their call's group; any other turn closes the calls
        still open, since a provider rejects a call left unanswered past it."""
        group = entry_id
        if answered:
            owners = sorted({self._call_owner.pop(i) for i in answered if i in self._call_owner})
            if owners:
                group = owners[0]
                for other in owners[1:]:  # one turn answering two turns' calls joins them
                    self._merge_group(other, into=group)
            else:
                log.warning("tool result %r answers no open call in the window", answered[0])
            if message.get("role") == "user" and not is_tool_result_turn(message):
                self._close_open_calls()
        else:
            self._close_open_calls()
        for ident in tool_call_ids(message):
            self._call_owner[ident] = entry_id
        return group

    def _close_open_calls(self) -> None:
        if not self._call_owner:
            return
        log.warning(
            "tool call(s) %s got no result before the next turn; no longer waiting for them",
            ", ".join(sorted(self._call_owner)),
        )
        owners = Counter(self._call_owner.values())
        if self._categories is not None:
            self._categories.orphans += len(self._call_owner)
        for entry in reversed(self._entries):  # the owners are the latest turns
            if entry.id in owners:
                entry.unanswered += owners.pop(entry.id)
                if not owners:
                    break
        self._call_owner.clear()

    def _merge_group(self, group: int, *, into: int) -> None:
        self._categories = None
        for entry in self._entries:
            if entry.group == group:
                entry.group = into
        for ident, owner in self._call_owner.items():
            if owner == group:
                self._call_owner[ident] = into

    def extend(self, messages: Iterable[Mapping[str, Any]]) -> None:
        for message in messages:
            self.append(message)

    def pin(self, ref: int | Mapping[str, Any]) -> int:
        """Pin a message by id (see `ids`) or by the message dict itself. Returns its id."""
        entry_id = self._resolve(ref)
        self._explicit.add(entry_id)
        self._categories = None
        return entry_id

    def unpin(self, ref: int | Mapping[str, Any]) -> None:
        self._explicit.discard(self._resolve(ref))
        self._forget_searches()  # what was pinned may now be compacted

    def _resolve(self, ref: int | Mapping[str, Any]) -> int:
        if isinstance(ref, int):
            if any(entry.id == ref for entry in self._entries):
                return ref
            raise KeyError(f"no message with id {ref} in the window")
        for entry in self._entries:
            if entry.message is ref or entry.message == ref:
                return entry.id
        raise KeyError("that message is not in the window")

    def _cut_results(
        self, message: dict[str, Any], limit: int, reference: str | None
    ) -> tuple[dict[str, Any], int | None, list[tuple[int, int, int]]]:
        """The message with each tool result over `limit` tokens cut head+tail (naming
        `reference`), the text's token count for a `tool` message (so append does not count it
        again), and (tokens before, after, chars dropped) per cut. Changes nothing else:
        Anthropic `tool_result` blocks are cut one by one, other blocks stay as they are."""
        counter = self._budget.token_counter
        counted: list[int] = []
        cuts: list[tuple[int, int, int]] = []

        def cut(text: str, _call_id: str) -> str | None:
            tokens = counter.count(text)
            if tokens <= limit:
                counted.append(tokens)
                return None
            keep_chars = max(16, int(len(text) * limit / tokens * 0.95))
            short = truncate_text(text, keep_chars, reference=reference)
            after = counter.count(short)
            counted.append(after)
            cuts.append((tokens, after, len(text) - len(short)))
            return short

        result = map_tool_results(message, cut)
        whole = message.get("role") == "tool" and len(counted) == 1
        return (result if cuts else message), (counted[0] if whole else None), cuts

    def _truncated(
        self, message: dict[str, Any], results: int
    ) -> tuple[dict[str, Any], int, list[tuple[int, int, int]], str | None]:
        """A tool-result message cut to fit, its token count, its cuts and where the whole
        was archived. Nothing else changes, so a refusal afterwards leaves no trace.

        Each result is cut to `max_tool_tokens`; when a turn of many results is still over the
        budget, each is cut further, to its share of half the budget, rather than refused."""
        assert self.max_tool_tokens is not None
        limit = self.max_tool_tokens
        cut, content_tokens, cuts = self._cut_results(message, limit, None)
        tokens = self._budget.message_tokens(cut, content_tokens=content_tokens)
        if tokens > self._limit and results > 1:
            limit = max(16, min(limit, self._limit // (2 * results)))
            cut, content_tokens, cuts = self._cut_results(message, limit, None)
            tokens = self._budget.message_tokens(cut, content_tokens=content_tokens)
        if cuts and self.archive is not None and tokens <= self._limit:
            # The marker names where the whole text is: archive it, then cut again naming it.
            reference, error = self._archive([message], "truncated", [self._next_id])
            if reference is not None:
                named, named_tokens, named_cuts = self._cut_results(message, limit, reference)
                named_total = self._budget.message_tokens(named, content_tokens=named_tokens)
                if named_total <= self._limit:
                    return named, named_total, named_cuts, reference
            else:
                log.warning("tool result cut without an archived copy: %s", error)
        return cut, tokens, cuts, None

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
                and self._appended_tokens >= self._mask_after
            ):
                self._mask_old_tool_results()
            if self.strategy in ("compact", "hybrid") and self._compactor is not None:
                self._compact_while_over()
        if self.pressure() > self.evict_at and self._evict_after != self._appended_tokens:
            self._evict_down_to(self.evict_to, reason=f"pressure over evict_at={self.evict_at:.2f}")
            if self.pressure() > self.evict_at:
                # Nothing more can go until a message arrives (or pins change).
                self._evict_after = self._appended_tokens
        over = self.pressure() > self.evict_at
        if over and not self._over_budget:
            # Once per stretch over the line, not once per call.
            self._event(
                "over_budget",
                0,
                self.tokens(),
                self.tokens(),
                reason="everything left is pinned; sending anyway",
            )
        self._over_budget = over
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
        if self._clock() < self._retry_at:
            return  # backing off after a failed summariser call; eviction still guards evict_at
        if self._search_after is not None and self._appended_tokens < self._search_after:
            return  # no span qualified, and not enough has arrived since to change that
        for _ in range(self.max_compactions_per_prepare):
            if self.pressure() <= self.compact_at:
                return
            outcome = self._compact_once()
            if outcome in ("none", "failed"):
                return
            if outcome == "low_gain":
                # Anti-thrash: a compaction that frees too little is not repeated.
                self._evict_down_to(
                    self.compact_to,
                    reason=f"last compaction gained less than min_gain={self.min_gain:.2f}; evicting instead",
                )
                return

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
        start, end, _ = self._find_span(self._eligible(self.pin_reasons()), regardless_of_pressure)
        return start, end

    def _span_cap(self) -> float:
        # A span may always reach twice min_gain, or no span could qualify on a large window.
        return max(self.max_span_tokens, 2 * self.min_gain * self._limit)

    def _find_span(
        self, eligible: Sequence[bool], regardless_of_pressure: bool = False
    ) -> tuple[int, int, str]:
        """The oldest span worth compacting (`spans.find_span`), with this window's settings."""
        entries = self._entries
        need = self.tokens() - self.compact_to * self._limit
        min_tokens = self.min_gain * self._limit
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
            min_span=self.min_span,
            max_messages=self.max_span,
        )
        return start, end, why

    def _compact_once(self) -> Literal["none", "ok", "failed", "low_gain"]:
        assert self._compactor is not None
        start, end, why = self._find_span(self._eligible(self.pin_reasons()))
        if end - start < self.min_span:
            # Search again only once min_gain's worth of new tokens has arrived: what blocks
            # a span (pins, short runs) changes only as messages arrive.
            wait = max(1, int(self.min_gain * self._limit))
            self._search_after = self._appended_tokens + wait
            self._event(
                "compaction_skipped",
                0,
                self.tokens(),
                self.tokens(),
                reason=f"{why}; next search after {wait} more tok",
            )
            return "none"
        self._search_after = None
        span_entries = self._entries[start:end]
        span = [entry.message for entry in span_entries]
        ids = [entry.id for entry in span_entries]
        span_tokens = sum(entry.tokens for entry in span_entries)
        tokens_before, pressure_before = self.tokens(), self.pressure()
        # Archive first: whatever the summariser does next, the span is already safe.
        reference, archive_error = self._archive(span, "compacted", ids)
        if archive_error:
            self._back_off(None)
            self._event(
                "compaction_failed",
                0,
                tokens_before,
                tokens_before,
                reason=f"{archive_error}; span kept",
                ids=ids,
            )
            return "failed"
        result = self._summarise(span)
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
        if pressure_before - self.pressure() < self.min_gain:
            return "low_gain"
        return "ok"

    def _summarise(self, span: list[dict[str, Any]]) -> CompactionResult:
        """The compactor's result, whatever it does: a raise or a wrong return is a failure."""
        assert self._compactor is not None
        try:
            result = self._compactor.compact(span)
        except Exception as exc:
            return CompactionResult(
                None,
                reason=f"compactor raised {type(exc).__name__}: {redact(str(exc))[:300]}",
                error=type(exc).__name__,
            )
        if not isinstance(result, CompactionResult):
            return CompactionResult(
                None,
                reason=f"compactor returned {type(result).__name__}, not a CompactionResult",
                error="TypeError",
            )
        return result

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
        surplus = summaries[: max(0, len(summaries) - self.max_summaries)]
        if surplus:
            self._remove(
                {entry.group for entry in surplus},
                reason=f"more than max_summaries={self.max_summaries} summaries; oldest evicted",
            )

    def _replace(
        self, start: int, end: int, summary: dict[str, Any] | None, tokens: int = 0
    ) -> None:
        self._categories = None
        removed = sum(entry.tokens for entry in self._entries[start:end])
        replacement: list[_Entry] = []
        if summary is not None:
            summary_id = self._next_summary_id
            self._next_summary_id -= 1
            replacement.append(
                _Entry(summary_id, summary, tokens, summary_id, 0, summary=True, role="user")
            )
        self._unmasked_tools -= _unmasked_tool_count(self._entries[start:end])
        self._entries[start:end] = replacement
        self._messages[start:end] = [entry.message for entry in replacement]
        self._message_tokens += tokens - removed

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
        target = self.evict_to if target is None else target
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
        """Drop whole unpinned tool groups, oldest first, summaries last, in one pass."""
        chosen = self._plan_eviction(self.tokens() - target * self._limit)
        if chosen:
            self._remove(chosen, reason=reason)

    def _remove(self, groups: set[int], *, reason: str) -> None:
        """Archive, then drop, every entry of the given groups, in one pass."""
        tokens_before, pressure_before = self.tokens(), self.pressure()
        leaving = [entry for entry in self._entries if entry.group in groups]
        ids = [entry.id for entry in leaving]
        reference, archive_error = self._archive([e.message for e in leaving], "evicted", ids)
        if archive_error:
            # Nothing leaves that is not safely archived; the over_budget event follows.
            self._event(
                "evicted",
                0,
                tokens_before,
                tokens_before,
                reason=f"{archive_error}; nothing evicted",
            )
            return
        self._unmasked_tools -= _unmasked_tool_count(leaving)
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
            reason=reason,
            ids=ids,
            archive=reference,
        )

    def _mask_old_tool_results(self) -> None:
        """Observation masking: tool results older than the last `keep_tool_results` become a
        one-line placeholder naming the tool and the size dropped (the original is archived).
        A result already smaller than its placeholder is left as it is, and never tried again."""
        entries = self._entries
        victims = mask_victims(
            [e.result for e in entries],
            [e.masked for e in entries],
            [reason is not None for reason in self.pin_reasons()],
            self.keep_tool_results,
        )
        names = self._tool_names()
        tokens_before, pressure_before = self.tokens(), self.pressure()

        def masked(entry: _Entry, where: str) -> dict[str, Any]:
            def placeholder(text: str, call_id: str) -> str:
                name = names.get(call_id, "tool")
                return f"[{name} result masked: {len(text)} chars dropped{where}]"

            return map_tool_results(entry.message, placeholder)

        # Only what the placeholder shrinks is archived and replaced (judged with room for
        # the archive reference the placeholder will name).
        room = "; full text in " + "x" * 60 if self.archive is not None else ""
        shrink: list[int] = []
        for i in victims:
            entry = entries[i]
            if self.budget.message_tokens(masked(entry, room)) < entry.tokens:
                shrink.append(i)
            else:
                entry.masked = True  # as small as its placeholder: nothing to hide
                self._unmasked_tools -= 1
        if shrink:
            ids = [entries[i].id for i in shrink]
            reference, archive_error = self._archive(
                [entries[i].message for i in shrink], "masked", ids
            )
            if not archive_error:
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
                    reason=f"kept the last {self.keep_tool_results} tool results",
                    ids=ids,
                    archive=reference,
                )
        if self.pressure() > self.compact_at:
            # Still over: mask again only once min_gain's worth of new tokens has arrived,
            # so that prepare() stays amortised O(1) between the thresholds.
            self._mask_after = self._appended_tokens + max(1, int(self.min_gain * self._limit))

    def _tool_names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for entry in self._entries:
            for ident, name in tool_calls(entry.message):
                if ident is not None:
                    names[ident] = name
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
