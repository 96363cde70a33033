"""The eight tests the design reference's "Required tests" section makes mandatory, on the project's fixtures."""

from __future__ import annotations

from dataclasses import replace

import pytest

from working_memory import ManagedWindow

from .helpers import fake_compactor, fill, orphans


def test_pinned_task_survives_heavy_pressure(window: ManagedWindow) -> None:
    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": "TASK: migrate the billing module"})
    for i in range(80):
        window.append({"role": "assistant", "content": f"step {i} " * 200})
    window.prepare()
    surviving = " ".join(m.get("content") or "" for m in window.messages)
    assert "TASK: migrate the billing module" in surviving
    assert window.pressure() <= window.evict_at


def test_pressure_strictly_decreases_after_compaction(window: ManagedWindow) -> None:
    fill(window, turns=60)
    before = window.pressure()
    assert before > window.compact_at
    window.prepare()
    assert window.pressure() < before
    assert any(e.kind == "compacted" for e in window.events)
    assert any(e.kind == "compacted" for e in window.events)


def test_compaction_leaves_a_visible_marker(window: ManagedWindow) -> None:
    fill(window, turns=60)
    window.prepare()
    assert any("turns compacted" in (m.get("content") or "") for m in window.messages)


def test_tool_results_are_truncated_at_write_time(window: ManagedWindow) -> None:
    window.append({"role": "tool", "tool_call_id": "c0", "content": "x" * 400_000})
    content = window.messages[-1]["content"]
    assert "chars dropped" in content
    assert len(content) < 400_000
    assert window.events[-1].kind == "truncated"


def test_tool_calls_are_never_orphaned(window: ManagedWindow) -> None:
    window.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c0", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ],
        }
    )
    window.append({"role": "tool", "tool_call_id": "c0", "content": "result"})
    fill(window, turns=60)
    sent = window.prepare()
    assert orphans(sent) == (set(), set())


def test_empty_span_summary_removes_rather_than_inserts(window: ManagedWindow) -> None:
    window.compactor = fake_compactor(None)  # the model said NOTHING
    fill(window, turns=60)
    count_before = len(window.messages)
    window.prepare()
    assert len(window.messages) < count_before
    assert not any("Summary of what happened" in (m.get("content") or "") for m in window.messages)
    assert any(e.kind == "nothing" for e in window.events)


def test_oversized_single_message_is_refused_not_truncated(window: ManagedWindow) -> None:
    with pytest.raises(ValueError, match="cannot be sent"):
        window.append({"role": "user", "content": "y" * 10_000_000})
    assert window.messages == []


def test_all_pinned_stops_cleanly(window: ManagedWindow) -> None:
    window.pins = replace(window.pins, keep_recent=1000)  # PinPolicy is a frozen value
    fill(window, turns=70)
    assert window.pressure() > window.evict_at
    before = len(window.messages)
    window.prepare()  # nothing is evictable
    assert len(window.messages) == before  # did not loop forever, did not empty the window
    assert window.events[-1].kind == "over_budget"
