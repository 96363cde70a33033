"""ManagedWindow against the naive recount-everything window, same workload, same process.

    python benchmarks/bench_window.py            # full table (about a minute)
    python benchmarks/bench_window.py --quick    # smaller sizes

Prints markdown tables: (1) the cost of one prepare() in a steady 128k-token window,
(2) attaching N messages and calling prepare() once, (3) a whole session of N turns with a
prepare() per turn, to show the cost per call stays flat as sessions grow.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from naive_window import NaiveWindow

from working_memory import Budget, ExtractiveCompactor, ManagedWindow, PinPolicy
from working_memory.compaction._fast_lines import _clear_caches

BUDGET = Budget(window=128_000, counter="estimate")


def messages(n: int, size: int = 60) -> list[dict]:
    out = [
        {"role": "system", "content": "you are an agent"},
        {"role": "user", "content": "TASK: benchmark"},
    ]
    for i in range(n - 2):
        role = "assistant" if i % 2 else "user"
        out.append({"role": role, "content": f"turn {i} " + "word " * size})
    return out


def timed(fn, *, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def steady_prepare(calls: int) -> tuple[float, float]:
    """One prepare() in a window holding ~0.6 of a 128k budget (no action needed)."""
    history = messages(640)  # ~ 0.6 pressure with this message size
    mine = ManagedWindow(budget=BUDGET, messages=history)
    naive = NaiveWindow(BUDGET.limit)
    for m in history:
        naive.append(m)
    assert 0.4 < mine.pressure() < 0.7, mine.pressure()
    t_mine = timed(lambda: [mine.prepare() for _ in range(calls)], repeat=3) / calls
    t_naive = timed(lambda: [naive.prepare() for _ in range(calls // 20)], repeat=3) / (calls // 20)
    return t_naive, t_mine


def attach_once(n: int, naive_limit_s: float) -> tuple[float | None, float]:
    history = messages(n)

    def run_mine() -> None:
        window = ManagedWindow(budget=BUDGET, messages=history, pins=PinPolicy())
        window.prepare()

    def run_naive() -> None:
        window = NaiveWindow(BUDGET.limit)
        window.messages = list(history)
        window.prepare()

    t_mine = timed(run_mine, repeat=1)
    # The naive window is quadratic: run it only where it finishes in a reasonable time.
    t_naive = timed(run_naive) if n * n / 2.5e7 * 1.0 < naive_limit_s else None
    return t_naive, t_mine


def session(n: int) -> float:
    history = messages(n)
    window = ManagedWindow(budget=BUDGET)

    def run() -> None:
        for m in history:
            window.append(m)
            window.prepare()

    return timed(run)


def short_messages(n: int) -> list[dict]:
    """The short-message regime: turns of about 20 tokens, far under a span's min_gain in 40."""
    out = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "TASK: refactor billing"},
    ]
    for i in range(n - 2):
        role = "user" if i % 2 else "assistant"
        out.append(
            {
                "role": role,
                "content": f"Step {i}: I checked src/billing/ledger.py and the tests still pass, moving on.",
            }
        )
    return out


class TimedCompactor:
    """Delegates to a real compactor and adds up the time spent inside it."""

    def __init__(self, inner: ExtractiveCompactor) -> None:
        self.inner, self.seconds = inner, 0.0

    def compact(self, span):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return self.inner.compact(span)
        finally:
            self.seconds += time.perf_counter() - started


def short_message_loop(n: int) -> tuple[tuple[float, float], tuple[float, float], float, int]:
    """Append one short turn and prepare(), n times: ((naive prepare, naive loop), (mine
    prepare, mine loop), seconds inside the summariser, compactions). Mine compacts with
    the offline summariser; the naive window only evicts."""
    history = short_messages(n)
    summariser = TimedCompactor(ExtractiveCompactor())
    mine = ManagedWindow(budget=BUDGET, compactor=summariser)
    naive = NaiveWindow(BUDGET.limit)
    results = []
    for window in (naive, mine):
        in_prepare = 0.0
        started = time.perf_counter()
        for m in history:
            window.append(m)
            t = time.perf_counter()
            window.prepare()
            in_prepare += time.perf_counter() - t
        results.append((in_prepare, time.perf_counter() - started))
    compactions = sum(1 for e in mine.events if e.kind == "compacted")
    return results[0], results[1], summariser.seconds, compactions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--naive-limit",
        type=float,
        default=30.0,
        help="skip naive runs expected to take longer (s)",
    )
    args = parser.parse_args()
    sizes = [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000]

    t_naive, t_mine = steady_prepare(2_000 if args.quick else 20_000)
    print("### One prepare() in a steady 128k window (~640 messages, pressure ~0.6)\n")
    print("| naive | ManagedWindow | ratio |\n|---:|---:|---:|")
    print(f"| {t_naive * 1e6:,.1f} µs | {t_mine * 1e6:,.2f} µs | {t_naive / t_mine:,.0f}x |\n")

    print("### Attach N messages, then one prepare() (evicts down to the budget)\n")
    print("| N | naive | ManagedWindow | ratio |\n|---:|---:|---:|---:|")
    for n in sizes:
        t_naive, t_mine = attach_once(n, args.naive_limit)
        naive_cell = f"{t_naive:,.3f} s" if t_naive is not None else "not run (quadratic; > limit)"
        ratio = f"{t_naive / t_mine:,.0f}x" if t_naive is not None else "-"
        print(f"| {n:,} | {naive_cell} | {t_mine:,.3f} s | {ratio} |")

    print("\n### Short messages: append one ~20-token turn, prepare(), N times (128k window)\n")
    print(
        "prepare() is timed alone; 'window logic' leaves out the time inside the offline "
        "summariser (work the naive window never does: it only evicts).\n"
    )
    print(
        "| N | naive prepare() | ManagedWindow prepare() (window logic) | ratio (window logic) "
        "| naive loop | ManagedWindow loop | ratio | compactions |"
        "\n|---:|---:|---:|---:|---:|---:|---:|---:|"
    )
    for n in [5_000] if args.quick else [5_000, 20_000]:
        # At 5,000 the managed window's whole prepare() time is a few tens of ms, so one
        # scheduler hiccup moves it by half: best of 3 runs there, for both windows alike
        # (the compactor's caches cleared before each, so that no run reads warm lines).
        runs = []
        for _ in range(3 if n <= 5_000 else 1):
            _clear_caches()
            runs.append(short_message_loop(n))
        (np_, nl) = min(run[0] for run in runs)
        (mp, ml), summarising, compactions = min((run[1], run[2], run[3]) for run in runs)
        logic = mp - summarising
        print(
            f"| {n:,} | {np_:,.3f} s | {mp:,.4f} s ({logic:,.4f} s) | {np_ / mp:,.0f}x "
            f"({np_ / logic:,.0f}x) | {nl:,.3f} s | {ml:,.4f} s | {nl / ml:,.0f}x | {compactions} |"
        )

    print("\n### A session of N turns, prepare() before every call (ManagedWindow)\n")
    print("| N | total | per call |\n|---:|---:|---:|")
    for n in sizes:
        total = session(n)
        print(f"| {n:,} | {total:,.2f} s | {total / n * 1e6:,.1f} µs |")


if __name__ == "__main__":
    main()
