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

from working_memory import Budget, ManagedWindow, PinPolicy

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

    print("\n### A session of N turns, prepare() before every call (ManagedWindow)\n")
    print("| N | total | per call |\n|---:|---:|---:|")
    for n in sizes:
        total = session(n)
        print(f"| {n:,} | {total:,.2f} s | {total / n * 1e6:,.1f} µs |")


if __name__ == "__main__":
    main()
