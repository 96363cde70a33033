"""Replay a session under a policy: what the model would have seen at every call, and the cost.

`replay(transcript, policy)` appends the transcript's messages to a fresh `ManagedWindow` in
order and calls `prepare()` before every model call (before each assistant message), as the
agent would have. Per call it records the window by category, the pressure, the unmanaged
size (what the raw transcript would have sent), the events and the summariser's tokens.

Cost: linear in the number of messages. Each message is counted once (by the window, at
append); the unmanaged size is a prefix sum of those counts; the category breakdown and the
count of unpaired tool calls are the window's own (`ManagedWindow.breakdown()`, `unpaired()`),
kept as messages arrive and rebuilt only after a `prepare()` that changed the window. The replay
keeps no copy of the window's rules.

A message that alone is over the whole budget cannot be sent: it is replayed as a head+tail
truncated copy that fits (recorded in `Replay.notes` and `stats.oversized_messages`); if even
that does not fit it is skipped with its tool results (`stats.skipped_messages`).
"""

from __future__ import annotations

import bisect
import dataclasses
import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from ..breakdown import Breakdown, exact_breakdown
from ..clients import price_for
from ..events import Prepared
from ..messages import SYSTEM_ROLES, Message, content_text, count_orphans
from ..pins import PinPolicy
from ..tokens import cache_shares, log_model
from ..transcripts import (
    RealCompaction,
    Transcript,
    load_transcript,
)
from ..window import ROLES, ManagedWindow, truncate_text
from ._calls import CallRecorder
from ._cost import replay_costs
from ._policy import PRESETS, SUMMARISERS, Policy, resolve_policy
from ._result import TIMELINE_COLUMNS, Replay, ReplayCancelled
from ._snapshot import WindowSnapshot
from ._stats import (
    COMPACTION_KINDS,
    EVICTION_KINDS,
    STAT_LABELS,
    ReplayStats,
    compute_stats,
)

__all__ = [
    "PRESETS",
    "STAT_LABELS",
    "SUMMARISERS",
    "TIMELINE_COLUMNS",
    "Breakdown",
    "Policy",
    "Replay",
    "ReplayCancelled",
    "ReplayStats",
    "count_orphans",
    "exact_breakdown",
    "replay",
    "resolve_policy",
]

log = logging.getLogger("working_memory")

# Called after every prepare(): (call number, the list prepare() returned, the window).
CallHook = Callable[[int, list[Message], ManagedWindow], None]


# -- input ------------------------------------------------------------------------------------
def as_transcript(source: Transcript | Sequence[Mapping[str, Any]] | str | Path) -> Transcript:
    if isinstance(source, Transcript):
        return source
    if isinstance(source, str | Path):
        return load_transcript(source)
    if isinstance(source, Sequence) and not isinstance(source, bytes):
        # Non-mappings are kept so that replay() names them with their index.
        messages: list[Any] = [dict(m) if isinstance(m, Mapping) else m for m in source]
        return Transcript(messages=messages, format="messages")
    raise TypeError(
        f"replay() takes a Transcript, a list of messages or a path, got {type(source).__name__}"
    )


def name_of(transcript: Transcript, default: str = "session") -> str:
    return Path(transcript.source).name if transcript.source else default


# -- oversized messages ---------------------------------------------------------------------------
def _shrunk(message: Mapping[str, Any], target_tokens: int, tokens: int) -> dict[str, Any]:
    """A head+tail truncated copy of `message` of about `target_tokens` tokens."""
    share = max(0.0, min(1.0, target_tokens / max(1, tokens)))
    copy = dict(message)
    text, _ = content_text(message.get("content"))
    if text:
        copy["content"] = truncate_text(text, max(16, int(len(text) * share)))
    calls = message.get("tool_calls")
    if calls:
        shrunk_calls = []
        for call in calls:
            function = dict(call.get("function") or {})
            arguments = function.get("arguments") or ""
            if not isinstance(arguments, str):
                arguments = str(arguments)
            function["arguments"] = truncate_text(arguments, max(16, int(len(arguments) * share)))
            shrunk_calls.append({**call, "function": function})
        copy["tool_calls"] = shrunk_calls
    return copy


def _role(message: object) -> object:
    return message.get("role") if isinstance(message, Mapping) else None


# -- the replay -----------------------------------------------------------------------------------
class _Replayer:
    """The state of one replay; `run()` walks the transcript once."""

    def __init__(
        self,
        transcript: Transcript,
        policy: Policy,
        *,
        tools: Sequence[Mapping[str, Any]] | None,
        cancel: threading.Event | None,
        on_call: CallHook | None,
    ) -> None:
        self.transcript = transcript
        self.policy = policy
        # Explicit pins are transcript indices; they are pinned at append, by window id.
        self.pins: PinPolicy = policy.pin_policy()
        # The policy's own rules (correction and plan patterns, max_corrections) apply in the
        # replayed window exactly as in `policy.build_window()`.
        window_pins = dataclasses.replace(self.pins, explicit=frozenset())
        policy = _with_cache_prices(policy, transcript)
        self.window = policy.build_window(
            tools=tools if tools is not None else transcript.tools, pins=window_pins
        )
        self.budget = self.window.budget
        self.limit = self.window.limit
        self.per_request = self.budget.overheads.per_request
        self.tools_tokens = self.budget.tools_tokens(self.window.tools)
        # What must survive the whole replay, by the window's own decisions at append: system
        # prompts, explicit pins, the task, the latest plan and the latest corrections.
        self.must_survive: set[int] = set()
        self.corrections: list[int] = []
        self.latest_plan: int | None = None
        self.cancel = cancel
        self.on_call = on_call
        self.columns: dict[str, list[Any]] = {name: [] for name in TIMELINE_COLUMNS}
        self.raw_prefix = 0
        self.raw_tokens: list[int] = []
        self.next_id = 0
        self.index = 0  # the transcript message the current call precedes
        self.window.observe(self.on_prepared)
        self.recorder = CallRecorder(self.window, self.tools_tokens + self.per_request)
        self.orphans = 0
        self.notes: list[str] = []
        self.oversized = 0
        self.skipped = 0
        self.skipped_calls: set[str] = set()
        self.demonstrations = transcript.demonstrations
        self.task_text: str | None = None  # the task statement as typed, once it arrived
        self.last_call_index = max(
            (i for i, m in enumerate(transcript.messages) if _role(m) == "assistant"), default=-1
        )
        self.last_call: WindowSnapshot | None = None

    def run(self, messages: Iterable[tuple[int, dict[str, Any]]]) -> None:
        for index, message in messages:
            if not isinstance(message, Mapping):
                raise TypeError(
                    f"message {index}: expected a mapping with a 'role', got {type(message).__name__}"
                )
            role = message.get("role")
            if role not in ROLES:
                raise ValueError(
                    f"message {index}: role {role!r} is not one a provider accepts "
                    f"(expected one of {', '.join(sorted(ROLES))})"
                )
            if role == "assistant":
                self.call(index)
            self.append(index, message)

    # -- one model call ---------------------------------------------------------------------
    def call(self, index: int) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise ReplayCancelled(f"replay cancelled at message {index}")
        window = self.window
        if window.open_tool_calls:
            self.notes.append(
                f"message {index}: the model was called with {window.open_tool_calls} tool "
                f"call(s) still unanswered"
            )
        self.index = index
        window.prepare()  # on_prepared() records the call

    def on_prepared(self, prepared: Prepared) -> None:
        """The window's observer: one timeline row per model call, from what the window
        itself reports (what was sent, its events, its own breakdown), no copy of its rules."""
        window = self.window
        index = self.index
        call = prepared.call
        sent = prepared.sent
        self.orphans += window.unpaired()
        parts = window.breakdown()
        total = prepared.tokens
        new_events = prepared.events
        kinds = [e.kind for e in new_events]
        unmanaged = (
            self.raw_prefix + self.tools_tokens + self.per_request
            if self.raw_prefix or self.tools_tokens
            else 0
        )
        cols = self.columns
        cols["call"].append(call)
        cols["message_index"].append(index)
        cols["tokens_total"].append(total)
        cols["tokens_system"].append(parts.system)
        cols["tokens_overhead"].append(parts.overhead)
        cols["tokens_tools"].append(parts.tools)
        cols["tokens_pinned"].append(parts.pinned)
        cols["tokens_summaries"].append(parts.summaries)
        cols["tokens_recent"].append(parts.recent)
        cols["tokens_other"].append(parts.other)
        cols["pressure"].append(total / self.limit)
        cols["unmanaged_tokens"].append(unmanaged)
        cols["unmanaged_pressure"].append(unmanaged / self.limit)
        cols["events"].append("; ".join(str(e) for e in new_events))
        cols["compactions"].append(sum(k in COMPACTION_KINDS for k in kinds))
        cols["evictions"].append(sum(k in EVICTION_KINDS for k in kinds))
        cols["maskings"].append(kinds.count("masked"))
        cols["summariser_tokens"].append(sum(e.summariser_tokens for e in new_events))
        cols["messages"].append(len(window))
        cols["real_compaction"].append(False)
        self.recorder.on_prepared(prepared, index)
        if index == self.last_call_index:
            # Once, at the last call: what the report shows as "what the model saw".
            self.last_call = WindowSnapshot(
                call, window.messages, window.message_tokens(), window.pin_reasons()
            )
        if self.on_call is not None:
            self.on_call(call, cast("list[Message]", sent), window)

    # -- one message ------------------------------------------------------------------------
    def append(self, index: int, message: dict[str, Any]) -> None:
        window = self.window
        role = message["role"]
        if role == "tool" and str(message.get("tool_call_id")) in self.skipped_calls:
            self.skipped += 1
            self.raw_tokens.append(self._count(message))
            self.raw_prefix += self.raw_tokens[-1]
            return
        explicit = index in self.policy.explicit
        before_tokens, before_events = window.tokens(), len(window.events)
        sent: dict[str, Any] | None = message
        raw: int | None = None
        try:
            window.append(message, pin=explicit, demonstration=index in self.demonstrations)
        except ValueError:
            raw = self._count(message)
            sent = self._append_oversized(index, message, raw, explicit)
        if sent is None:
            self.raw_tokens.append(raw or 0)
            self.raw_prefix += raw or 0
            return
        tokens = window.tokens() - before_tokens - (self.per_request if before_tokens == 0 else 0)
        if raw is None:
            truncated = [e for e in window.events[before_events:] if e.kind == "truncated"]
            if not truncated:
                raw = tokens
            elif isinstance(message.get("content"), str):
                # The window counted the full text already (the event's tokens_before).
                raw = tokens + truncated[0].tokens_before - truncated[0].tokens_after
            else:  # content blocks (images) were flattened by the cut: count the original
                raw = self._count(message)
        self.raw_tokens.append(raw)
        self.raw_prefix += raw
        self._note_pins(self.next_id, sent, explicit)
        self.next_id += 1

    def _note_pins(self, entry_id: int, message: Mapping[str, Any], explicit: bool) -> None:
        pins = self.pins
        correction, plan = self.window.message_rules()
        if explicit or (pins.pin_system and message.get("role") in SYSTEM_ROLES):
            self.must_survive.add(entry_id)
        if self.window.task_id == entry_id:
            self.task_text = content_text(message.get("content"))[0]
            if pins.pin_task:
                self.must_survive.add(entry_id)
        if correction and pins.pin_corrections:
            self.corrections.append(entry_id)
        if plan and pins.pin_plan:
            self.latest_plan = entry_id

    def must_have_survived(self) -> set[int]:
        must = set(self.must_survive)
        limit = self.pins.max_corrections
        must.update(
            self.corrections if limit is None else self.corrections[-limit:] if limit else []
        )
        if self.latest_plan is not None:
            must.add(self.latest_plan)
        return must

    def _count(self, message: Mapping[str, Any]) -> int:
        return self.budget.message_tokens(message)

    def _append_oversized(
        self, index: int, message: dict[str, Any], raw: int, explicit: bool
    ) -> dict[str, Any] | None:
        target = self.limit // 4
        for _ in range(4):
            copy = _shrunk(message, target, raw)
            try:
                self.window.append(copy, pin=explicit, demonstration=index in self.demonstrations)
            except ValueError:
                target //= 2
                continue
            self.oversized += 1
            self.notes.append(
                f"message {index} ({message['role']}, {raw} tok) is over the {self.limit}-token "
                f"limit: replayed as a truncated copy of {self._count(copy)} tok"
            )
            return copy
        self.skipped += 1
        for call in message.get("tool_calls") or ():
            if call.get("id") is not None:
                self.skipped_calls.add(str(call["id"]))
        self.notes.append(
            f"message {index} ({message['role']}, {raw} tok) cannot be sent even truncated: "
            f"skipped, with its tool results"
        )
        return None


def replay(
    transcript_or_messages: Transcript | Sequence[Mapping[str, Any]] | str | Path,
    policy: Policy | None = None,
    *,
    name: str | None = None,
    progress: bool = False,
    cancel: threading.Event | None = None,
    tools: Sequence[Mapping[str, Any]] | None = None,
    on_call: CallHook | None = None,
) -> Replay:
    """Replay a transcript (or a message list, or a path) under `policy` (default `Policy()`,
    with the window of the log's model when it is known; a note says so).

    `tools` overrides the transcript's tool schemas; `on_call(call, sent, window)` runs after
    every prepare() with the exact list sent (read it, do not change it). Setting `cancel`
    stops the replay with ReplayCancelled at the next model call.
    """
    transcript = as_transcript(transcript_or_messages)
    window_note = None
    if policy is None:
        # No policy given: the default one, with the window of the log's model when known.
        from ..tokens import log_window

        window, where = log_window(transcript)
        policy = Policy(window=window) if window else Policy()
        window_note = f"window {window:,} tokens, {where}" if window else None
    state = _Replayer(transcript, policy, tools=tools, cancel=cancel, on_call=on_call)
    if window_note:
        state.notes.append(window_note)
    messages: Iterable[tuple[int, dict[str, Any]]] = enumerate(transcript.messages)
    if progress:
        messages = _with_progress(messages, len(transcript.messages), name or name_of(transcript))
    state.run(messages)
    return _finish(state, name or name_of(transcript, "session"))


def _with_progress(
    items: Iterable[tuple[int, dict[str, Any]]], total: int, label: str
) -> Iterable[tuple[int, dict[str, Any]]]:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        log.warning("progress=True needs tqdm: pip install 'working-memory[notebook]'")
        return items
    return tqdm(items, total=total, desc=f"replay {label}", unit="msg")


def _finish(state: _Replayer, name: str) -> Replay:
    window, cols = state.window, state.columns
    ids = window.ids()
    present = set(ids)
    notes = list(state.notes)
    task_id = window.task_id
    if task_id is None:
        notes.append("no user message: there is no task statement to keep")
    # No user message: the task is unknown, which must not read as "survived". Otherwise the
    # text that was the task must be in what the last call sent, as it was typed.
    task_survived = None
    if task_id is not None:
        position = ids.index(task_id) if task_id in present else None
        task_survived = (
            position is not None
            and content_text(window.messages[position].get("content"))[0] == state.task_text
        )
    pinned_survived = state.must_have_survived() <= present
    # Where the production agent compacted: the first call at or after the message index at
    # which its summary took effect.
    real: list[tuple[int | None, RealCompaction]] = []
    indices = cols["message_index"]
    for compaction in state.transcript.compactions:
        position = bisect.bisect_left(indices, compaction.index)
        if position < len(indices):
            cols["real_compaction"][position] = True
            real.append((cols["call"][position], compaction))
        else:
            real.append((None, compaction))
    stats = compute_stats(
        totals=cols["tokens_total"],
        unmanaged=cols["unmanaged_tokens"],
        limit=state.limit,
        events=window.events,
        orphans=state.orphans,
        task_survived=task_survived,
        pinned_survived=pinned_survived,
        real_compactions=len(state.transcript.compactions),
        oversized=state.oversized,
        skipped=state.skipped,
    )
    stats = replay_costs(state.transcript, state.recorder.deltas, state.raw_tokens, cols, stats)
    return Replay(
        policy=state.policy,
        name=name,
        transcript=state.transcript,
        events=list(window.events),
        real_compactions=real,
        final_messages=window.messages,
        final_ids=ids,
        final_tokens=window.message_tokens(),
        final_pin_reasons=window.pin_reasons(),
        message_tokens=state.raw_tokens,
        limit=state.limit,
        notes=notes,
        _columns=cols,
        _stats=stats,
        deltas=state.recorder.deltas,
        last_call=state.last_call,
    )


def _stat_fields() -> tuple[Any, ...]:
    import dataclasses

    return dataclasses.fields(ReplayStats)


def _with_cache_prices(policy: Policy, transcript: Transcript) -> Policy:
    """A cache-aware policy weighs rewrites at the log's model's cache prices, where the
    policy does not name its own."""
    if policy.rewrite_pays_over is None or (
        policy.cache_read_share is not None and policy.cache_write_share is not None
    ):
        return policy
    name = log_model(transcript)
    read, write = cache_shares(name, price_for(name) if name else None)
    return policy.replace(
        cache_read_share=policy.cache_read_share or read,
        cache_write_share=policy.cache_write_share or write,
    )
