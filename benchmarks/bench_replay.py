"""Replay throughput (model calls per second) against merely appending the same messages.

    python benchmarks/bench_replay.py            # 1k, 10k and 100k calls
    python benchmarks/bench_replay.py --quick    # 1k and 10k

Workload: `synthetic_session(N)` (about one model call per step), replayed under the default
policy (128k window, approx counter, compact strategy, offline extractive compactor,
tool results truncated at 2,000 tokens). The baseline, in the same process: appending the same
messages to a ManagedWindow with the same budget and never calling prepare(), which is the
cost of counting every message once, and the floor any replay pays. Printed as markdown.
"""

from __future__ import annotations

import argparse
import time

from working_memory.replays import Policy, replay
from working_memory.transcripts import SIM_TOOLS, synthetic_session


def append_only(messages: list[dict], policy: Policy) -> float:
    window = policy.build_window(tools=SIM_TOOLS)
    started = time.perf_counter()
    for message in messages:
        window.append(message)
    return time.perf_counter() - started


def run(sizes: list[int], strategy: str) -> list[str]:
    policy = Policy(strategy=strategy, summariser="none" if strategy == "evict" else "offline")
    rows = [
        f"### strategy `{strategy}`",
        "",
        "| calls | messages | replay s | calls/s | append-only s | replay / append-only | compactions | evictions | maskings | peak pressure |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for size in sizes:
        messages = synthetic_session(size, seed=11)
        base = append_only(messages, policy)
        started = time.perf_counter()
        result = replay(messages, policy, tools=SIM_TOOLS)
        elapsed = time.perf_counter() - started
        s = result.stats
        rows.append(
            f"| {s.calls:,} | {len(messages):,} | {elapsed:.2f} | {s.calls / elapsed:,.0f} | {base:.2f} | "
            f"{elapsed / base:.2f}x | {s.compactions} | {s.evictions} | {s.maskings} | {s.peak_pressure:.2f} |"
        )
        print(rows[-1], flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--strategy", action="append", help="compact (default), mask, hybrid, evict"
    )
    parser.add_argument("--sizes", type=int, nargs="+", help="session sizes in steps")
    args = parser.parse_args()
    sizes = args.sizes or ([1_000, 10_000] if args.quick else [1_000, 10_000, 100_000])
    out: list[str] = []
    for strategy in args.strategy or ["compact"]:
        out += [*run(sizes, strategy), ""]
    print("\n".join(out))


if __name__ == "__main__":
    main()
