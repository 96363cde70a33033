from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from working_memory import Budget, Compactor, ManagedWindow
from working_memory.protocols import LLMResponse, Usage


class ScriptedClient:
    """A real LLMClient that answers from a script and records every request it gets."""

    def __init__(
        self,
        replies: Sequence[str | BaseException] | None = None,
        default: str = "- kept fact: /src/app.py",
    ) -> None:
        self.replies = list(replies or [])
        self.default = default
        self.requests: list[list[dict[str, Any]]] = []

    def complete(self, messages: Sequence[dict[str, Any]]) -> LLMResponse:
        self.requests.append([dict(m) for m in messages])
        reply = self.replies.pop(0) if self.replies else self.default
        if isinstance(reply, BaseException):
            raise reply
        return LLMResponse(
            content=reply, model="scripted", usage=Usage(prompt_tokens=100, completion_tokens=10)
        )


def fake_compactor(reply: str | None = "- kept fact: /src/app.py") -> Compactor:
    """The reference design's FakeCompactor: `None` stands for a model that said NOTHING."""
    return Compactor(ScriptedClient(default="NOTHING" if reply is None else reply))


def make_window(**kwargs: Any) -> ManagedWindow:
    kwargs.setdefault("budget", Budget(window=16_000, reserve_completion=1_000, counter="estimate"))
    kwargs.setdefault("compactor", fake_compactor())
    return ManagedWindow(**kwargs)


def fill(window: ManagedWindow, turns: int, *, size: int = 50, start: int = 0) -> None:
    """`turns` user/assistant exchanges of about `size` words each."""
    for i in range(start, start + turns):
        window.append({"role": "user", "content": f"question {i}: " + "what next " * (size // 2)})
        window.append(
            {"role": "assistant", "content": f"answer {i}: " + "working on it " * (size // 3)}
        )


def tool_exchange(window: ManagedWindow, n: int, *, calls: int = 1, size: int = 200) -> None:
    ids = [f"call_{n}_{k}" for k in range(calls)]
    window.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": i,
                    "type": "function",
                    "function": {"name": "run", "arguments": '{"cmd": "ls"}'},
                }
                for i in ids
            ],
        }
    )
    for i in ids:
        window.append(
            {"role": "tool", "tool_call_id": i, "content": f"output of {i} " + "line\n" * size}
        )


def orphans(messages: Sequence[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """(calls with no result, results with no call) in a message list."""
    calls = {c["id"] for m in messages for c in (m.get("tool_calls") or [])}
    results = {m.get("tool_call_id") for m in messages if m["role"] == "tool"}
    return calls - results, results - calls


def pinned_share(window: ManagedWindow) -> float:
    """The pressure eviction cannot go below: pinned tool groups, calls still open, tools."""
    entries = window._entries
    reasons = window.pin_reasons()
    blocked = {e.group for e, r in zip(entries, reasons, strict=True) if r is not None}
    blocked |= set(window._call_owner.values())
    tokens = sum(e.tokens for e in entries if e.group in blocked)
    return (tokens + window._tools_tokens + window.budget.overheads.per_request) / window.limit
