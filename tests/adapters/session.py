"""The recorded session every adapter test drives, the checks a provider makes, and the
reference: `ManagedWindow` alone, given the same messages, prepared at the same points.

The session is the project's synthetic coding session (`synthetic_session`, 240 steps, ~490
messages, ~320k tokens), reshaped the way an agent loop produces it: each user turn starts a
run; a run is steps of (assistant turn calling tools, their results) and ends with an
assistant turn that calls none. Narration before a call is that call's text, as models write it.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from working_memory import Budget, ManagedWindow
from working_memory.compaction import ExtractiveCompactor
from working_memory.messages import content_text, is_summary_message
from working_memory.transcripts import SIM_TOOLS, synthetic_session

TURNS = 240


def require(module: str) -> None:
    """Skip without the framework, unless WM_REQUIRE_ADAPTERS=1 (CI), where it must be there."""
    if os.environ.get("WM_REQUIRE_ADAPTERS") == "1":
        __import__(module)
    else:
        pytest.importorskip(module, reason=f"{module} is not installed (its adapter's extra)")


def make_window() -> ManagedWindow:
    """A 32k window (18.4k tokens to fill), compacting offline: the session fills it 17 times."""
    return ManagedWindow(Budget(window=32_000), compactor=ExtractiveCompactor())


@dataclass
class Run:
    """One user turn and what the agent did with it: `replies[i]` is the model's i-th answer,
    `results[i]` the tool results that answer its calls."""

    user: dict[str, Any]
    replies: list[dict[str, Any]] = field(default_factory=list)
    results: list[list[dict[str, Any]]] = field(default_factory=list)


@dataclass
class Session:
    system: dict[str, Any]
    runs: list[Run]

    @property
    def task(self) -> str:
        return str(self.runs[0].user["content"])

    def messages(self) -> list[dict[str, Any]]:
        """In the order the agent loop appends them."""
        out = [self.system]
        for run in self.runs:
            out.append(run.user)
            for reply, results in zip(run.replies, run.results, strict=True):
                out.append(reply)
                out.extend(results)
        return out

    def outputs(self) -> Callable[[str, Mapping[str, Any]], str]:
        """A tool's recorded output for (name, arguments), in the order they were recorded."""
        queues: dict[str, deque[str]] = defaultdict(deque)
        for run in self.runs:
            for reply, results in zip(run.replies, run.results, strict=True):
                for call, result in zip(reply.get("tool_calls") or (), results, strict=True):
                    key = _key(call["function"]["name"], json.loads(call["function"]["arguments"]))
                    queues[key].append(result["content"])

        def output(name: str, arguments: Mapping[str, Any]) -> str:
            return queues[_key(name, arguments)].popleft()

        return output

    @property
    def model_calls(self) -> int:
        return sum(len(run.replies) for run in self.runs)


def _key(name: str, arguments: Mapping[str, Any]) -> str:
    return name + json.dumps(dict(arguments), sort_keys=True)


def recorded_session(turns: int = TURNS, seed: int = 7) -> Session:
    messages = synthetic_session(turns, seed=seed)
    system, runs = messages[0], [Run(messages[1])]
    said: list[str] = []
    i = 2
    while i < len(messages):
        message = messages[i]
        run = runs[-1]
        if message["role"] == "user":
            _end(run, said)
            runs.append(Run(message))
        elif message.get("tool_calls"):
            reply = {**message, "content": "\n\n".join(said)}
            said = []
            results = []
            while i + 1 < len(messages) and messages[i + 1]["role"] == "tool":
                i += 1
                results.append(messages[i])
            run.replies.append(reply)
            run.results.append(results)
        else:
            said.append(str(message["content"]))
        i += 1
    _end(runs[-1], said)
    return Session(system, runs)


def _end(run: Run, said: list[str]) -> None:
    run.replies.append({"role": "assistant", "content": "\n\n".join(said) or "Done."})
    run.results.append([])
    said.clear()


TOOLS = SIM_TOOLS


# -- what a provider checks ------------------------------------------------------------------
def as_chat(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Anthropic-style blocks (`tool_use`, `tool_result`) as OpenAI chat messages, so that one
    set of checks reads both formats."""
    out: list[dict[str, Any]] = []
    for m in messages:
        content = m.get("content")
        if not isinstance(content, list):
            out.append(dict(m))
            continue
        uses = [b for b in content if b.get("type") == "tool_use"]
        results = [b for b in content if b.get("type") == "tool_result"]
        rest = [b for b in content if b.get("type") not in ("tool_use", "tool_result")]
        for b in results:
            out.append(
                {"role": "tool", "tool_call_id": b["tool_use_id"], "content": b.get("content")}
            )
        if rest or uses or not results:
            message: dict[str, Any] = {"role": m["role"], "content": rest}
            if uses:
                message["tool_calls"] = [
                    {
                        "id": b["id"],
                        "function": {"name": b["name"], "arguments": json.dumps(b.get("input"))},
                    }
                    for b in uses
                ]
            out.append(message)
    return out


def problems(context: Sequence[Mapping[str, Any]]) -> list[str]:
    """Why a provider would reject this context (OpenAI chat rules, strictest of the formats):
    every call answered right after its turn, no result without its call, the first turn after
    the system prompt a user turn, nothing empty."""
    found = []
    if not context:
        return ["empty context"]
    rest = [m for m in context if m["role"] not in ("system", "developer")]
    if not rest or rest[0]["role"] != "user":
        found.append("the first turn is not a user turn")
    open_calls: set[str] = set()
    for index, message in enumerate(context):
        if message["role"] == "tool":
            ident = message.get("tool_call_id")
            if ident not in open_calls:
                found.append(f"message {index}: result {ident} answers no open call")
            open_calls.discard(ident)
            continue
        if open_calls:
            found.append(f"message {index}: calls {sorted(open_calls)} left unanswered")
            open_calls = set()
        open_calls = {c["id"] for c in message.get("tool_calls") or ()}
    if open_calls and context[-1]["role"] != "assistant":
        found.append(f"calls {sorted(open_calls)} unanswered at the end")
    return found


def normal(messages: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    """What a model reads of each message: role, text, calls, the call answered."""
    return [
        (
            m["role"],
            content_text(m.get("content") or "")[0],
            tuple(
                (c["id"], c["function"]["name"], json.loads(c["function"]["arguments"] or "{}"))
                for c in m.get("tool_calls") or ()
            ),
            m.get("tool_call_id"),
        )
        for m in messages
    ]


def reference_contexts(
    messages: Sequence[Mapping[str, Any]], window: ManagedWindow | None = None
) -> list[list[dict[str, Any]]]:
    """What `ManagedWindow` alone sends at each model call (before each assistant turn)."""
    window = window if window is not None else make_window()
    out = []
    for message in messages:
        if message["role"] == "assistant":
            out.append([dict(m) for m in window.prepare()])
        window.append(message)
    return out


def check_contexts(
    seen: Sequence[Sequence[Mapping[str, Any]]], session: Session, expected: Any
) -> None:
    """The adapter's contexts: as many as model calls, none a provider would reject, the
    task and the latest pinned correction in each, and each what the window alone sends."""
    assert len(seen) == session.model_calls
    # the user turn each model call answers: the task, then each correction (pinned)
    asked = [str(run.user["content"]) for run in session.runs for _ in run.replies]
    compacted = 0
    for index, context in enumerate(seen):
        assert problems(context) == [], f"model call {index}"
        texts = [content_text(m.get("content") or "")[0] for m in context]
        assert session.task in texts, f"model call {index} lost the task"
        assert asked[index] in texts, f"model call {index} lost the correction it answers"
        compacted += any(is_summary_message(m) for m in context)
        assert normal(context) == normal(expected[index]), f"model call {index}"
    assert compacted > 0, "the session never made the window compact: the test proves nothing"
    assert len(session.runs) > 3, "the session has too few corrections to test their pins"
