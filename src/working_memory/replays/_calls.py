"""A call is a value: what one `prepare()` sent, stored as the difference from the call before.

`CallRecorder` observes a window. Per call it keeps a `CallDelta`: how many leading messages
are the previous call's, unchanged (the prefix a provider's cache can still hold), the messages
after that point (references to the window's own dicts, which it replaces rather than edits),
the ones gone since, each change marked, and the cache read / write / uncached tokens and cost
predicted by `working_memory.tokens.CacheModel`. `CallView` is one call rebuilt from the deltas:
the exact list sent, the marks, where the cached prefix ended, tokens and cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..events import Prepared
from ..messages import Message, content_text
from ..tokens import (
    CacheModel,
    CachePrediction,
    CallShape,
    Rates,
    cache_cost,
    check_cache,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..window import ManagedWindow

__all__ = [
    "CallDelta",
    "CallRecorder",
    "CallView",
    "Mark",
    "describe_call",
    "log_call_views",
    "views_from",
]

# How a message of a call relates to the call before: "kept" (in the cached prefix), "resent"
# (unchanged but after a change, so no longer cached), "added", "summarised" (a summary, or a
# message a summary replaced), "masked", "evicted", "truncated" (cut at append).
Mark = str
_REMOVALS = {"compacted": "summarised", "nothing": "summarised", "compaction_failed": "evicted"}


@dataclass(frozen=True)
class CallDelta:
    call: int
    message_index: int | None  # the transcript message this call produced, if known
    kept: int  # leading messages identical to the previous call's
    tail: tuple[tuple[int, Message, int, Mark], ...]  # (id, message, tokens, mark) after `kept`
    removed: tuple[tuple[int, Mark], ...]  # ids sent last call and not now, and why
    tokens: int
    reused_tokens: int  # tokens of the prompt up to the end of the unchanged prefix


@dataclass(frozen=True)
class CallView:
    """One call as the model saw it."""

    call: int
    messages: tuple[Message, ...]
    ids: tuple[int, ...]
    marks: tuple[Mark, ...]  # per message
    removed: tuple[tuple[int, Mark], ...]
    cached_messages: int  # the cached prefix ends after this many messages
    tokens: int
    cache: CachePrediction | None
    cost_usd: float | None
    billed: CachePrediction | None = None  # for a log as it ran: what the provider billed

    def changes(self) -> dict[Mark, int]:
        out: dict[Mark, int] = {}
        for mark in (*self.marks, *(m for _, m in self.removed)):
            if mark != "kept":
                out[mark] = out.get(mark, 0) + 1
        return out

    def compare(self, other: CallView) -> dict[str, tuple[int, ...]]:
        """Ids only in this call, only in `other`, and in both with different content."""
        mine = dict(zip(self.ids, self.messages, strict=True))
        theirs = dict(zip(other.ids, other.messages, strict=True))
        return {
            "only_here": tuple(i for i in self.ids if i not in theirs),
            "only_there": tuple(i for i in other.ids if i not in mine),
            "changed": tuple(i for i in self.ids if i in theirs and mine[i] is not theirs[i]),
        }


class CallRecorder:
    """Observes a window; keeps one `CallDelta` per `prepare()`, no copy of the lists."""

    def __init__(self, window: ManagedWindow, overhead: int) -> None:
        self.window = window
        self.overhead = overhead  # tool schemas + per-request tokens, before the messages
        self.deltas: list[CallDelta] = []
        self._ids: list[int] = []
        self._tokens: list[int] = []
        self._appended_marks: dict[int, Mark] = {}

    def on_prepared(self, prepared: Prepared, message_index: int | None = None) -> None:
        window, sent = self.window, prepared.sent
        changed: dict[int, Mark] = {}
        removed_by: dict[int, Mark] = {}
        for event in prepared.events:
            if event.kind == "truncated":  # cut at write time: the message is new this call
                for i in event.message_ids:
                    self._appended_marks[i] = "truncated"
            elif event.kind == "masked":
                changed.update(dict.fromkeys(event.message_ids, "masked"))
            elif event.kind in ("compacted", "nothing", "compaction_failed", "evicted"):
                mark = _REMOVALS.get(event.kind, "evicted")
                removed_by.update(dict.fromkeys(event.message_ids, mark))
        previous = len(self._ids)
        if not changed and not removed_by and len(sent) >= previous:
            kept = previous  # the common case: only appended since (O(new messages))
            ids, tokens = window.ids(kept), window.message_tokens(kept)
        else:
            all_ids, all_tokens = window.ids(), window.message_tokens()
            kept = 0
            limit = min(previous, len(all_ids))
            while (
                kept < limit and self._ids[kept] == all_ids[kept] and all_ids[kept] not in changed
            ):
                kept += 1
            ids, tokens = all_ids[kept:], all_tokens[kept:]
        before = set(self._ids[kept:])
        tail = []
        for offset, (i, n) in enumerate(zip(ids, tokens, strict=True)):
            if i in changed:
                mark = changed[i]
            elif i < 0 and i not in before:
                mark = "summarised"
            elif i in before:
                mark = "resent"
            else:
                mark = self._appended_marks.pop(i, "added")
            tail.append((i, sent[kept + offset], n, mark))
        now = set(ids)
        removed = tuple((i, removed_by.get(i, "evicted")) for i in self._ids[kept:] if i not in now)
        reused = self.overhead + sum(self._tokens[:kept]) if self.deltas else 0
        self.deltas.append(
            CallDelta(
                call=prepared.call,
                message_index=message_index,
                kept=kept,
                tail=tuple(tail),
                removed=removed,
                tokens=prepared.tokens,
                reused_tokens=reused,
            )
        )
        self._ids[kept:] = ids
        self._tokens[kept:] = tokens


def views_from(
    deltas: Sequence[CallDelta],
    predictions: Sequence[CachePrediction] | None = None,
    costs: Sequence[float | None] | None = None,
) -> list[CallView]:
    """Every call rebuilt from its delta (one pass; each list is built when asked for)."""
    views: list[CallView] = []
    messages: list[Message] = []
    ids: list[int] = []
    for k, delta in enumerate(deltas):
        messages[delta.kept :] = [m for _, m, _, _ in delta.tail]
        ids[delta.kept :] = [i for i, _, _, _ in delta.tail]
        marks = ("kept",) * delta.kept + tuple(mark for *_, mark in delta.tail)
        views.append(
            CallView(
                call=delta.call,
                messages=tuple(messages),
                ids=tuple(ids),
                marks=marks,
                removed=delta.removed,
                cached_messages=delta.kept if k else 0,
                tokens=delta.tokens,
                cache=predictions[k] if predictions is not None else None,
                cost_usd=costs[k] if costs is not None else None,
            )
        )
    return views


def replay_shapes(
    deltas: Sequence[CallDelta],
    outputs: Sequence[int],
    gaps: Sequence[float | None],
    long_cache: bool,
) -> list[CallShape]:
    return [
        CallShape(total=d.tokens, reused=d.reused_tokens, gap_s=g, output=o, long_cache=long_cache)
        for d, o, g in zip(deltas, outputs, gaps, strict=True)
    ]


def priced(
    predictions: Sequence[CachePrediction],
    outputs: Sequence[int],
    rates: Rates | None,
    model: CacheModel,
    long_cache: bool,
) -> list[float | None]:
    if rates is None:
        return [None] * len(predictions)
    return [
        cache_cost(p, o, rates, model.rules, long_cache=long_cache)
        for p, o in zip(predictions, outputs, strict=True)
    ]


def log_call_views(
    transcript: Any, model: CacheModel | None = None, rates: Rates | None = None
) -> list[CallView]:
    """The log as it ran, call by call: the messages each call saw (after a real compaction,
    its summary and what followed), the predicted cache figures beside the billed ones."""
    check = check_cache(transcript, model)
    calls = [c for c in transcript.calls if c.total_input_tokens > 0]
    boundaries = sorted(transcript.compactions, key=lambda c: c.index)
    long_cache = any(getattr(c, "cache_creation_1h_input_tokens", 0) for c in calls)
    views: list[CallView] = []
    previous: tuple[int, ...] = ()
    for number, (call, row) in enumerate(zip(calls, check.calls, strict=True), 1):
        seen = call.last_message + 1
        start, summary = 0, None
        for compaction in boundaries:
            if compaction.index <= seen:
                start, summary = compaction.index, compaction
        ids = tuple(range(start, seen))
        messages: list[Message] = []
        if summary is not None:
            messages.append({"role": "user", "content": summary.summary})
            ids = (-(boundaries.index(summary) + 1), *ids)
        messages.extend(transcript.messages[start:seen])
        kept = 0
        while kept < min(len(previous), len(ids)) and previous[kept] == ids[kept]:
            kept += 1
        gone = set(previous) - set(ids)
        marks = tuple(
            "kept" if n < kept else ("summarised" if i < 0 else "added") for n, i in enumerate(ids)
        )
        billed = CachePrediction(
            read=call.cached_input_tokens,
            write=call.cache_creation_input_tokens,
            uncached=call.input_tokens,
        )
        cost = (
            cache_cost(billed, call.output_tokens, rates, check.model.rules, long_cache=long_cache)
            if rates is not None
            else None
        )
        views.append(
            CallView(
                call=number,  # the n-th call with usage (CallRecord.index + 1 where none lacks it)
                messages=tuple(messages),
                ids=ids,
                marks=marks,
                removed=tuple((i, "summarised") for i in sorted(gone)),
                cached_messages=kept,
                tokens=call.total_input_tokens,
                cache=row.predicted,
                cost_usd=cost,
                billed=billed,
            )
        )
        previous = ids
    return views


def describe_call(view: CallView, limit: int = 80) -> list[str]:
    """One line per message: position, mark, role, the start of the text; the cache line."""
    lines = []
    for n, (message, mark) in enumerate(zip(view.messages, view.marks, strict=True)):
        text = content_text(message.get("content"))[0].replace("\n", " ")[:limit]
        lines.append(f"{n:4d} {mark:10s} {message.get('role', '?'):9s} {text}")
        if n + 1 == view.cached_messages:
            lines.append("     ---- cached prefix ends here ----")
    return lines
