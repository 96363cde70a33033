"""The naive baseline the benchmarks compare against: a managed window that recounts every
message on every call and evicts one message per pass, re-deriving the pins each time (the
approach of the design reference). Written here for measurement only; not part of the library."""

from __future__ import annotations

from typing import Any


def _tokens(message: dict[str, Any]) -> int:
    text = message.get("content") or ""
    total = 4 + int(len(text) / 4) + 1
    for call in message.get("tool_calls") or []:
        total += (
            8
            + int(len(call["function"]["name"]) / 4)
            + int(len(call["function"].get("arguments") or "") / 4)
            + 2
        )
    return total


class NaiveWindow:
    def __init__(
        self, limit: int, keep_recent: int = 4, compact_at: float = 0.7, evict_at: float = 0.9
    ) -> None:
        self.limit = limit
        self.keep_recent = keep_recent
        self.compact_at = compact_at
        self.evict_at = evict_at
        self.messages: list[dict[str, Any]] = []

    def append(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def pressure(self) -> float:
        return sum(_tokens(m) for m in self.messages) / self.limit  # recount everything

    def _pinned(self) -> set[int]:
        keep = {i for i, m in enumerate(self.messages) if m["role"] == "system"}
        for i, m in enumerate(self.messages):
            if m["role"] == "user":
                keep.add(i)
                break
        n = len(self.messages)
        keep.update(range(max(0, n - self.keep_recent), n))
        return keep

    def prepare(self) -> list[dict[str, Any]]:
        while self.pressure() > self.evict_at:
            pinned = self._pinned()
            victim = next((i for i in range(len(self.messages)) if i not in pinned), None)
            if victim is None:
                break
            self.messages.pop(victim)
        return self.messages
