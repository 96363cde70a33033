"""A slow summariser does not hold the agent loop: the window against real loopback servers
that hang, trickle or throttle, with the bundled clients at their default settings.

One `prepare()` waits at most `compact_timeout_s` (retries included); a summary not back by
then stays in flight and lands on a later call; a Retry-After is never slept; no span is lost.
The time bounds are generous (a loaded 2-core machine): they tell "bounded" from "waited for
the server" (minutes before), they measure nothing."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.clients.conftest import Make
from tests.core.helpers import fill
from tests.llm_servers import delay, ok, status, trickle
from working_memory import Budget, Compactor, JsonlArchive, ManagedWindow, read_archive
from working_memory.protocols import CompactionResult

SLACK_S = 3.0
BOUND_S = 1.0


def window_for(summariser: Any, tmp_path: Path, **settings: Any) -> ManagedWindow:
    window = ManagedWindow(
        budget=Budget(window=16_000, reserve_completion=1_000, counter="estimate"),
        compactor=summariser,
        archive=JsonlArchive(tmp_path / "a.jsonl"),
        **{"compact_timeout_s": BOUND_S, **settings},
    )
    window.append({"role": "user", "content": "TASK: fix the build"})
    return window


def no_span_lost(window: ManagedWindow, tmp_path: Path) -> None:
    archived = (
        {r["window_id"] for r in read_archive(tmp_path / "a.jsonl")}
        if (tmp_path / "a.jsonl").exists()
        else set()
    )
    left = set(range(window._next_id)) - set(window.ids())
    assert left <= archived | {i for i, _ in window.pending_archive}


@pytest.mark.parametrize(
    "reply", [delay(60, ok("late")), trickle(0.2, ok("late " * 50))], ids=["hang", "trickle"]
)
def test_a_nine_step_loop_against_a_stuck_server_costs_one_bound(
    make: Make, reply: Any, tmp_path: Path
) -> None:
    server, client = make([reply] * 20)  # default client settings: timeout 60 s, 2 retries
    window = window_for(Compactor(client), tmp_path)
    started = time.perf_counter()
    fill(window, turns=60)
    window.prepare()
    first = time.perf_counter() - started
    assert first < BOUND_S + SLACK_S, first  # was 182 s
    assert window.summary_in_flight  # the summary is still being written
    for step in range(8):
        fill(window, turns=10, start=100 + 10 * step)
        window.prepare()
        assert window.pressure() <= window.evict_at  # eviction guards the line meanwhile
    total = time.perf_counter() - started
    assert total < BOUND_S + 2 * SLACK_S, total  # was 726 s
    assert len(server.requests) == 1  # one request in flight, not one per step
    no_span_lost(window, tmp_path)
    server.close()


def test_a_retry_after_is_never_slept_inside_prepare(make: Make, tmp_path: Path) -> None:
    server, client = make([status(429, headers={"retry-after": "30"}), ok("- fact: fixed")])
    now = [1_000.0]
    window = window_for(Compactor(client), tmp_path, clock=lambda: now[0], compact_timeout_s=60.0)
    fill(window, turns=60)
    started = time.perf_counter()
    window.prepare()
    assert time.perf_counter() - started < SLACK_S  # was 61 s
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    assert failed and "not called again for 30 s" in failed[-1].reason
    assert len(server.requests) == 1
    fill(window, turns=20, start=100)
    now[0] += 20
    window.prepare()
    assert len(server.requests) == 1  # still backing off; eviction kept evict_at
    assert window.pressure() <= window.evict_at
    now[0] += 15
    fill(window, turns=20, start=200)
    window.prepare()
    assert len(server.requests) == 2
    assert any(e.kind == "compacted" for e in window.events)
    no_span_lost(window, tmp_path)


class Blocking:
    """A summariser not wrapped in Compactor, held until the test releases it."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def compact(self, span: Any) -> CompactionResult:
        self.calls += 1
        self.release.wait(30)
        return CompactionResult("- fact: the build is fixed")


def test_a_summariser_not_wrapped_in_compactor_is_bounded_the_same_way(tmp_path: Path) -> None:
    summariser = Blocking()
    window = window_for(summariser, tmp_path)
    fill(window, turns=60)
    started = time.perf_counter()
    window.prepare()
    assert time.perf_counter() - started < BOUND_S + SLACK_S
    assert window.summary_in_flight
    assert window.pressure() <= window.evict_at
    summariser.release.set()
    assert window.wait_summary(timeout=30)
    window.prepare()  # it lands on a later call, its span still there unchanged
    assert any(e.kind == "compacted" for e in window.events)
    assert sum(window.is_summary()) == 1
    assert summariser.calls == 1
    no_span_lost(window, tmp_path)
