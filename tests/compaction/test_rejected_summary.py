"""A summary no smaller than its span is rejected and the span evicted; the window's running
token count must then drop by the span, not keep the rejected summary's tokens.

Found when the offline handoff (which can outgrow a tiny span) ran through the replay tests:
`ManagedWindow.tokens()` drifted 217 tokens above the sum of its messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from working_memory.budget import Budget
from working_memory.compaction import CompactionResult
from working_memory.window import ManagedWindow


class _Verbose:
    """A compactor whose summary is always longer than the span it replaces."""

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        return CompactionResult("lengthy restatement of everything " * 400, reason="verbose")


def test_a_rejected_summary_is_not_counted() -> None:
    window = ManagedWindow(
        Budget(window=4_000, ratio=1.0, reserve_completion=0),
        compactor=_Verbose(),
        max_tool_tokens=None,
        min_gain=0.0,
    )
    window.append({"role": "system", "content": "You are an agent."})
    window.append({"role": "user", "content": "Start the task in lib/a.ex"})
    for i in range(55):  # pressure ~0.8: past compact_at, short of evict_at
        window.append({"role": "assistant", "content": f"step {i}: " + "work " * 40})
        window.append({"role": "user", "content": f"ok {i}"})
    window.prepare()
    kinds = [event.kind for event in window.events]
    assert "compaction_failed" in kinds
    per_request = window.budget.overheads.per_request
    assert window.tokens() == sum(window.message_tokens()) + per_request
