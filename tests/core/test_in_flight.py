"""A summary in flight: `compact_in_background`, `aprepare()`, and landing on a later call.

Deterministic: the summarisers here wait on events the test sets, and the test waits on the
window (`wait_summary`) or on the event loop, never on the clock."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from working_memory.protocols import CompactionResult

from .helpers import fill, make_window


class Gate:
    """A sync summariser that returns only once released; says when it has started."""

    def __init__(self, summary: str = "- fact: the build is fixed") -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.summary = summary
        self.spans: list[list[dict[str, Any]]] = []

    def compact(self, span: Any) -> CompactionResult:
        self.spans.append(list(span))
        self.started.set()
        assert self.release.wait(30), "the test never released the summariser"
        return CompactionResult(self.summary)


class AsyncGate:
    """An async summariser (`acompact`) that returns once the test's coroutine releases it."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.calls = 0

    def compact(self, span: Any) -> CompactionResult:  # never used by aprepare()
        raise AssertionError("aprepare() must await acompact, not call compact")

    async def acompact(self, span: Any) -> CompactionResult:
        self.calls += 1
        self.started.set()
        await self.release.wait()
        return CompactionResult("- fact: the build is fixed")


def over_compact_at(window: Any) -> None:
    window.append({"role": "user", "content": "TASK: fix the build"})
    fill(window, turns=60)
    assert window.pressure() > window.compact_at


def test_in_the_background_prepare_returns_at_once_and_the_summary_lands_later() -> None:
    gate = Gate()
    window = make_window(compactor=gate, compact_in_background=True)
    over_compact_at(window)
    window.prepare()  # returns while the summariser is still held
    assert gate.started.wait(30)
    assert window.summary_in_flight
    assert not any(e.kind == "compacted" for e in window.events)
    assert window.pressure() <= window.evict_at
    fill(window, turns=10, start=100)
    window.prepare()  # still in flight: eviction keeps evict_at, the span is spared
    assert window.pressure() <= window.evict_at
    assert window.summary_in_flight
    gate.release.set()
    assert window.wait_summary(timeout=30)
    window.prepare()
    compacted = [e for e in window.events if e.kind == "compacted"]
    assert len(compacted) == 1
    assert sum(window.is_summary()) == 1
    assert not window.summary_in_flight
    assert len(gate.spans) == 1


def test_a_summary_whose_span_changed_is_discarded_with_an_event() -> None:
    gate = Gate()
    window = make_window(compactor=gate, compact_in_background=True)
    over_compact_at(window)
    window.prepare()
    assert gate.started.wait(30)
    span = window.summary_in_flight
    window.pin(span[1])  # the user pins a message of the span while it is being summarised
    gate.release.set()
    assert window.wait_summary(timeout=30)
    window.prepare()
    discarded = [e for e in window.events if e.kind == "discarded"]
    assert len(discarded) == 1 and discarded[0].message_ids == span
    assert "changed" in discarded[0].reason
    assert span[1] in window.ids()  # the pin held
    assert not any(e.kind == "compacted" and span[1] in e.message_ids for e in window.events)


def test_by_default_prepare_waits_for_a_summary_that_comes_in_time() -> None:
    gate = Gate()
    gate.release.set()
    window = make_window(compactor=gate)
    over_compact_at(window)
    window.prepare()
    assert any(e.kind == "compacted" for e in window.events)  # synchronous, as before
    assert not window.summary_in_flight


def test_aprepare_never_blocks_the_event_loop_on_an_async_summary() -> None:
    gate = AsyncGate()
    window = make_window(compactor=gate)
    over_compact_at(window)

    async def main() -> list[str]:
        order: list[str] = []

        async def other() -> None:
            await gate.started.wait()  # runs while the summary is in flight
            order.append("other ran while the summary was in flight")
            gate.release.set()

        helper = asyncio.create_task(other())
        sent = await window.aprepare()
        order.append("aprepare returned")
        await helper
        assert sent is window.messages or sent == window.messages
        return order

    order = asyncio.run(main())
    assert order == ["other ran while the summary was in flight", "aprepare returned"]
    assert gate.calls == 1
    assert [e.kind for e in window.events].count("compacted") == 1
    assert window.pressure() <= window.evict_at


def test_aprepare_runs_a_sync_summariser_in_a_thread_without_blocking_the_loop() -> None:
    gate = Gate()
    window = make_window(compactor=gate)
    over_compact_at(window)

    async def main() -> None:
        async def other() -> None:
            await asyncio.to_thread(gate.started.wait, 30)
            gate.release.set()  # only a running loop gets here while aprepare awaits

        helper = asyncio.create_task(other())
        await window.aprepare()
        await helper

    asyncio.run(main())
    assert any(e.kind == "compacted" for e in window.events)


def test_aprepare_in_the_background_puts_the_summary_in_on_a_later_call() -> None:
    gate = AsyncGate()
    window = make_window(compactor=gate, compact_in_background=True)
    over_compact_at(window)

    async def main() -> None:
        await window.aprepare()
        assert window.summary_in_flight
        assert window.pressure() <= window.evict_at
        gate.release.set()
        for _ in range(100):  # let the loop run the summary's task to its end
            if not window.summary_in_flight:
                break
            await asyncio.sleep(0)
        await window.aprepare()

    asyncio.run(main())
    assert [e.kind for e in window.events].count("compacted") == 1


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


class RaisesUnprintable:
    def compact(self, span: Any) -> CompactionResult:
        raise Unprintable


def test_a_summariser_error_whose_str_raises_does_not_escape_prepare() -> None:
    window = make_window(compactor=RaisesUnprintable())
    over_compact_at(window)
    window.prepare()
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    assert failed and "Unprintable" in failed[0].reason
