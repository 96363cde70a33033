"""ManagedWindow.observe: what each prepare() sent and did, as the window reports it."""

from __future__ import annotations

import pytest

from working_memory import Budget, ExtractiveCompactor, ManagedWindow
from working_memory.events import Prepared


def test_an_observer_sees_every_call_its_messages_and_its_events() -> None:
    window = ManagedWindow(
        Budget(window=8_000, ratio=1.0, reserve_completion=0),
        compactor=ExtractiveCompactor(),
        max_tool_tokens=200,
    )
    seen: list[Prepared] = []
    stop = window.observe(seen.append)
    window.append({"role": "system", "content": "You are terse."})
    window.append({"role": "user", "content": "TASK: fix the parser"})
    window.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
            ],
        }
    )
    window.append({"role": "tool", "tool_call_id": "c1", "content": "line\n" * 2_000})
    sent = window.prepare()
    assert len(seen) == 1 and seen[0].call == 1 and seen[0].sent is sent
    # the truncation happened at append: it is reported with the next call
    assert [e.kind for e in seen[0].events] == ["truncated"]
    assert seen[0].tokens == window.tokens() and seen[0].pressure == pytest.approx(
        window.pressure()
    )
    for i in range(400):
        window.append({"role": "user" if i % 2 else "assistant", "content": f"step {i} " * 20})
        window.prepare()
    kinds = [e.kind for p in seen for e in p.events]
    assert kinds.count("truncated") == 1  # each event once, never repeated
    assert len([e for p in seen for e in p.events]) == len(window.events)
    assert [p.call for p in seen] == list(range(1, window.calls + 1))
    stop()
    window.prepare()
    assert seen[-1].call == window.calls - 1


def test_an_observer_that_raises_is_not_silenced() -> None:
    window = ManagedWindow(Budget())
    window.append({"role": "user", "content": "hi"})

    def broken(_: Prepared) -> None:
        raise RuntimeError("observer bug")

    window.observe(broken)
    with pytest.raises(RuntimeError, match="observer bug"):
        window.prepare()


def test_two_observers_each_see_every_event() -> None:
    window = ManagedWindow(Budget(window=16_000), max_tool_tokens=100)
    first: list[Prepared] = []
    second: list[Prepared] = []
    window.observe(first.append)
    window.append({"role": "user", "content": "TASK: read the log"})
    window.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
            ],
        }
    )
    window.append({"role": "tool", "tool_call_id": "c1", "content": "line\n" * 1_000})
    window.observe(second.append)  # subscribed after the truncation
    window.prepare()
    assert [e.kind for e in first[0].events] == ["truncated"]
    assert second[0].events == ()  # it happened before this observer subscribed
    window.prepare()
    assert first[1].events == second[1].events == ()
