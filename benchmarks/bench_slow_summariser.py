"""A 9-step agent loop against a summariser server that hangs, trickles or throttles, with the
bundled OpenAI-compatible client at its default settings (60 s timeout, 2 retries).

    python benchmarks/bench_slow_summariser.py            # default compact_timeout_s (60 s)
    python benchmarks/bench_slow_summariser.py --bound 5  # a shorter bound, same shape

Prints the seconds the first prepare() and the whole loop took, beside what the issue measured
before the bound (182 s for one prepare(), 726 s for 9 steps against a hanging server; 61 s
on a 429 with Retry-After: 30), and whether any span was lost."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.llm_servers import OpenAIServer, delay, ok, status, trickle

from working_memory import Budget, Compactor, JsonlArchive, ManagedWindow, read_archive
from working_memory.clients import OpenAIClient


def fill(window: ManagedWindow, turns: int, start: int) -> None:
    for i in range(start, start + turns):
        window.append({"role": "user", "content": f"question {i}: " + "what next " * 25})
        window.append({"role": "assistant", "content": f"answer {i}: " + "working on it " * 16})


def run(reply: object, bound: float | None) -> tuple[float, float, int]:
    with OpenAIServer(script=[reply] * 30) as server, tempfile.TemporaryDirectory() as tmp:
        client = OpenAIClient("m", base_url=server.base_url, api_key="sk-bench")
        archive = JsonlArchive(Path(tmp) / "a.jsonl")
        window = ManagedWindow(
            budget=Budget(window=16_000, reserve_completion=1_000, counter="estimate"),
            compactor=Compactor(client),
            archive=archive,
            **({} if bound is None else {"compact_timeout_s": bound}),
        )
        window.append({"role": "user", "content": "TASK: fix the build"})
        fill(window, 60, 0)
        started = time.perf_counter()
        window.prepare()
        first = time.perf_counter() - started
        for step in range(8):
            fill(window, 10, 100 + 10 * step)
            window.prepare()
        total = time.perf_counter() - started
        kept = set(window.ids())
        archived = (
            {r["window_id"] for r in read_archive(archive.path)} if archive.path.exists() else set()
        )
        held = {i for i, _ in window.pending_archive}
        lost = len(set(range(window._next_id)) - kept - archived - held)
        server.close()
        return first, total, lost


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--bound", type=float, default=None, help="compact_timeout_s (default: the setting's)"
    )
    args = parser.parse_args()
    cases = {
        "hangs (no reply for 10 min)": (delay(600, ok("late")), "182 s", "726 s"),
        "trickles (a byte per 0.5 s)": (trickle(0.5, ok("late " * 200)), "182 s", "minutes"),
        "429, Retry-After: 30": (status(429, headers={"retry-after": "30"}), "61 s", "-"),
    }
    print(
        "| summariser server | first prepare() | 9-step loop | before: first | before: loop | spans lost |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, (reply, before_first, before_loop) in cases.items():
        first, total, lost = run(reply, args.bound)
        print(
            f"| {name} | {first:.1f} s | {total:.1f} s | {before_first} | {before_loop} | {lost} |"
        )


if __name__ == "__main__":
    main()
