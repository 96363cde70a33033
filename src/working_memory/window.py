"""ManagedWindow: the message list an agent appends to, which keeps itself inside its budget.

One call site changes in an existing loop: `client.complete(window.prepare(), tools=...)`.

Costs: each message is counted once, at append; totals are kept incrementally, so
`prepare()` under the compaction threshold does no counting and no scanning. Over a
threshold, each pass (mask, compact, evict) is one linear walk over the window.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ._compacting import CompactingWindow, Mode
from ._entry import Entry, truncate_text
from .events import Prepared, WindowEvent
from .messages import (
    ROLES,
    Message,
    is_tool_result_turn,
    is_typed_user_turn,
    map_tool_results,
    tool_call_ids,
    tool_result_ids,
    validate_message,
)
from .settings import STRATEGIES, Strategy, WindowSettings

if TYPE_CHECKING:
    from ._in_flight import PendingSummary

__all__ = ["ROLES", "STRATEGIES", "ManagedWindow", "Strategy", "WindowSettings", "truncate_text"]

log = logging.getLogger("working_memory")

# After a refusal that gave no counts, shrink() aims at this share of what was refused.
_REFUSED_SHARE = 0.75
# observe_usage() believes a provider's count within this factor of the window's own.
_USAGE_RANGE = (0.25, 4.0)


def _input_tokens(usage: Any) -> int | None:
    """The input tokens a usage value reports (see `ManagedWindow.observe_usage`)."""
    if isinstance(usage, bool):
        return None
    if isinstance(usage, int):
        return usage

    def read(name: str) -> Any:
        value = usage.get(name) if isinstance(usage, Mapping) else getattr(usage, name, None)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    # A LangChain AIMessage carries its usage in `usage_metadata`.
    inner = (
        usage.get("usage_metadata")
        if isinstance(usage, Mapping)
        else getattr(usage, "usage_metadata", None)
    )
    if inner is not None:
        return _input_tokens(inner)
    prompt = read("prompt_tokens")
    if prompt is not None:
        return prompt
    direct = read("input_tokens")
    if direct is None:
        return None
    cached = (read("cache_read_input_tokens") or 0) + (read("cache_creation_input_tokens") or 0)
    return direct + cached


class ManagedWindow(CompactingWindow):
    """The managed transcript. See the README for the thresholds and what each one does."""

    # -- writing ---------------------------------------------------------------------------
    def append(
        self, message: Mapping[str, Any], *, pin: bool = False, demonstration: bool = False
    ) -> None:
        """Add one message. Tool results over `max_tool_tokens` are cut head+tail here.

        `demonstration=True` marks an example exchange shown before the task (SWE-agent's
        `is_demo` turns): it is never taken as the task statement.

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
        unarchived: tuple[dict[str, Any], str] | None = None
        if is_result and self._settings.max_tool_tokens is not None:
            message, tokens, cuts, reference, unarchived = self._truncated(
                message, max(1, len(answered))
            )
        else:
            tokens = self._budget.message_tokens(message)
        if tokens > self._limit:
            raise ValueError(
                f"single {role} message is {tokens} tokens, over the {self._limit}-token "
                f"budget: it cannot be sent at all"
            )
        # Validated and counted: from here on nothing raises, so a refusal changes nothing.
        held = ""
        if unarchived is not None:  # the archive failed: the original waits in memory
            held = "; " + self._hold([unarchived[0]], "truncated", [entry_id], unarchived[1])
        for before, after, dropped in cuts:
            self._event(
                "truncated",
                1,
                before,
                after,
                reason=f"{dropped} chars{held}",
                ids=[entry_id],
                archive=reference,
            )
        self._next_id += 1
        stray = 0
        if (
            answered
            or self._call_owner
            or (role == "assistant" and ("tool_calls" in message or type(content) is not str))
        ):
            group, stray = self._pair(entry_id, message, answered)
        else:
            group = entry_id  # the common case: nothing to pair, nothing open
        if self._task_id is None and not demonstration and is_typed_user_turn(message):
            self._task_id = entry_id
        if pin:
            self._explicit.add(entry_id)
        entry = Entry(
            entry_id,
            message,
            tokens,
            group,
            self._pins.flags(message),
            result=is_result,
            role=str(role),
            stray=stray,
        )
        self._entries.append(entry)
        self._messages.append(message)
        if self._categories is not None:
            self._categories.appended(entry, explicit=pin)
        if is_result:
            self._unmasked_tools += 1
        self._message_tokens += tokens
        self._appended_tokens += tokens

    def _pair(
        self, entry_id: int, message: Mapping[str, Any], answered: Sequence[str]
    ) -> tuple[int, int]:
        """(the tool group a new message joins, how many of its results answer no open call),
        by the rule in `messages` (shared with replay and the workbench): results join their
        call's group; any other turn closes the calls still open, since a provider rejects a
        call left unanswered past it. Each stray result counts, as `count_orphans` counts."""
        group = entry_id
        stray = 0
        if answered:
            found: set[int] = set()
            for ident in answered:  # in order: a second result for one call is a stray too
                owner = self._call_owner.pop(ident, None)
                if owner is None:
                    stray += 1
                else:
                    found.add(owner)
            owners = sorted(found)
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
        return group, stray

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
    ) -> tuple[
        dict[str, Any],
        int,
        list[tuple[int, int, int]],
        str | None,
        tuple[dict[str, Any], str] | None,
    ]:
        """A tool-result message cut to fit, its token count, its cuts, where the whole
        was archived, and (the original, why) when the archive failed (the caller holds it).
        Nothing else changes, so a refusal afterwards leaves no trace.

        Each result is cut to `max_tool_tokens`; when a turn of many results is still over the
        budget, each is cut further, to its share of half the budget, rather than refused."""
        assert self._settings.max_tool_tokens is not None
        limit = self._settings.max_tool_tokens
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
                    return named, named_total, named_cuts, reference, None
            elif error:
                log.warning("tool result cut before its original was archived: %s", error)
                return cut, tokens, cuts, None, (message, error)
        return cut, tokens, cuts, None, None

    # -- the one call the agent loop makes --------------------------------------------------
    def observe(self, observer: Callable[[Prepared], None]) -> Callable[[], None]:
        """Call `observer(Prepared(...))` after every `prepare()`: what was sent, the events
        since the previous call, the tokens. Replay records its timeline this way; a loop can
        log or export the same. Returns a function that stops the observing. An observer's
        exception propagates from `prepare()` (a bug there should not pass silently)."""
        entry = [observer, len(self.events)]
        self._observers.append(entry)

        def stop() -> None:
            if entry in self._observers:
                self._observers.remove(entry)

        return stop

    def prepare(self) -> list[Message]:
        """Call right before every model call; send exactly what it returns.

        Under `compact_at` this is O(1). Over it, the strategy masks old tool results
        and/or compacts the oldest unpinned span; over `evict_at`, whole unpinned tool groups
        are evicted oldest first. A failed summariser never raises from here.

        The list returned is the window's own (no copy, so the call stays O(1)): read it or
        send it, but add messages with `append()`, never to this list.
        """
        sent = self._prepare()
        self._notify(sent)
        return sent

    async def aprepare(self) -> list[Message]:
        """`prepare()` for an event loop: the same passes, invariants and return value, but a
        summary is awaited (the compactor's `acompact`, else its `compact` in a thread), so
        the loop runs other work while it is written. Never blocks the loop on a compaction."""
        sent = self._begin()
        if sent is None:
            passes = self._passes("task")
            for pending in passes:
                if not self._settings.compact_in_background:
                    await pending.await_for(self._time_left())
            sent = self._finish()
        self._notify(sent)
        return sent

    def wait_summary(self, timeout: float | None = None) -> bool:
        """Block until the summary in flight (if any) has landed, up to `timeout` seconds;
        True when none is still being written. The next `prepare()` puts it in."""
        pending = self._in_flight
        return pending is None or pending.wait(timeout)

    @property
    def summary_in_flight(self) -> tuple[int, ...]:
        """Ids of the span whose summary is being written (empty when none is)."""
        pending = self._in_flight
        return () if pending is None or pending.done() else pending.ids

    def observe_usage(self, usage: int | Mapping[str, Any] | Any) -> float:
        """Correct the estimate with what the provider billed for the last context `prepare()`
        returned: `usage` is its input-token count, or a usage object or dict (OpenAI's
        `prompt_tokens`, Anthropic's and the Responses API's `input_tokens` plus cached input,
        LangChain's `usage_metadata`). From then on the window works to the budget's limit in
        the provider's tokens: the limit it compares against is divided by the provider's
        count over its own (`usage_scale`, returned). A count that makes no sense (none, or
        off by more than 4x) changes nothing."""
        billed = _input_tokens(usage)
        if billed is None or billed <= 0 or self._sent_tokens <= 0:
            return self.usage_scale
        scale = billed / self._sent_tokens  # tokens() counts as before: no compounding
        if not _USAGE_RANGE[0] <= scale <= _USAGE_RANGE[1]:
            log.warning(
                "usage of %d tokens for a %d-token estimate ignored", billed, self._sent_tokens
            )
            return self.usage_scale
        self.usage_scale = scale
        self._limit = max(1, round(self._budget.limit / scale))
        self._forget_searches()
        return scale

    def _notify(self, sent: list[Message]) -> None:
        self._sent_tokens = self.tokens()
        if self._observers:
            tokens, count = self.tokens(), len(self.events)
            for entry in list(self._observers):
                observer, mark = entry
                entry[1] = count
                observer(Prepared(self.calls, sent, tuple(self.events[mark:]), tokens, self._limit))

    def shrink(
        self, error: BaseException | None = None, *, to: float | None = None
    ) -> list[WindowEvent]:
        """Recover from a context overflow now: evict whole unpinned tool groups (oldest first,
        no summariser call) down to pressure `to` (default `evict_to`), and return what went.

        `error` is the provider's refusal: an `LLMCallError(kind="context_overflow")` whose
        `context_limit`/`requested_tokens` say by how much the request was over; the estimate was off by
        `requested_tokens / tokens()`, so the target is scaled down by that much; refused without
        numbers, the window goes below what was refused (to 3/4 of it). An empty list:
        nothing could go (everything left is pinned)."""
        target = self._evict_to if to is None else to
        limit, requested = (
            getattr(error, "context_limit", None),
            getattr(error, "requested_tokens", None),
        )
        tokens = self.tokens()
        if isinstance(limit, int) and isinstance(requested, int) and requested > 0 and tokens:
            # The provider counts `requested` where the window counted `tokens`: aim where the
            # provider's count lands under both its limit and the target.
            scale = requested / tokens
            target = min(target, limit / scale / self._limit * target)
        elif error is not None:
            # Refused without numbers: what is there now is too much, whatever the estimate.
            target = min(target, _REFUSED_SHARE * self.pressure())
        mark = len(self.events)
        self._evict_down_to(target, reason=f"context overflow: shrink to {target:.2f}")
        self._evict_after = None
        return [e for e in self.events[mark:] if e.kind == "evicted" and e.turns]

    def _prepare(self) -> list[Message]:
        sent = self._begin()
        if sent is not None:
            return sent
        background = self._settings.compact_in_background
        bounded = background or self._settings.compact_timeout_s is not None
        for pending in self._passes("thread" if bounded else "inline"):
            if not background:
                pending.wait(self._time_left())
        return self._finish()

    def _time_left(self) -> float | None:
        """Seconds this prepare() may still wait on the summariser (None: no bound)."""
        bound = self._settings.compact_timeout_s
        if bound is None:
            return None
        return max(0.0, self._started + bound - time.monotonic())

    def _begin(self) -> list[Message] | None:
        """The checks and the fast path: the list to send when there is nothing to do."""
        if len(self._messages) != len(self._entries):
            raise RuntimeError(
                "the list returned by prepare() was modified: add messages with window.append(), "
                "not to the returned list"
            )
        self.calls += 1
        if self._held:
            self._drain_held()  # on every call, so the window recovers once space is freed
        used = self._message_tokens + self._tools_tokens + self._budget.overheads.per_request
        if (
            used <= self._settings.compact_at * self._limit
            and self._in_flight is None
            and not self._trigger.by_count(len(self._entries))
        ):
            # The common case: nothing to do, nothing counted, nothing scanned.
            pressure = used / self._limit
            self.pressure_log.append(pressure)
            if log.isEnabledFor(logging.INFO):
                log.info("call %d: pressure %.2f", self.calls, pressure)
            return cast("list[Message]", self._messages)
        self._started = time.monotonic()  # the summariser's bound counts from here
        return None

    def _passes(self, mode: Mode) -> Iterator[PendingSummary]:
        """Masking, then compaction; yields each summary it starts, for the caller to wait on."""
        if (
            self._settings.strategy in ("mask", "hybrid")
            and self.pressure() > self._settings.compact_at
            and self._unmasked_tools > self._settings.keep_tool_results
            and (
                self._appended_tokens >= self._mask_after
                or (self._mask_deferred and self.pressure() > self._settings.evict_at)
            )
        ):
            self._mask_old_tool_results()
        yield from self._compaction_pass(mode)

    def _finish(self) -> list[Message]:
        """Eviction guards evict_at (whatever the summariser did), then the call is logged."""
        if self.pressure() > self._settings.evict_at and self._evict_after != self._appended_tokens:
            self._evict_down_to(
                self._evict_to, reason=f"pressure over evict_at={self._settings.evict_at:.2f}"
            )
            if self.pressure() > self._settings.evict_at:
                # Nothing more can go until a message arrives (or pins change).
                self._evict_after = self._appended_tokens
        over = self.pressure() > self._settings.evict_at
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
        return cast("list[Message]", self._messages)
