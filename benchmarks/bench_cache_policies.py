"""What each policy costs with the provider's prompt cache, on the shared logs that record
usage and name a priced model: the default and 32k windows, each plain, with deep-compaction's
depths, and cache-aware (`rewrite_pays_over`, at the log's model's cache prices). Money is the
predicted cost of the replayed calls (`ReplayStats.cost_usd`), tokens saved are raw input.

    python benchmarks/bench_cache_policies.py [folder]   (default: $WM_TRANSCRIPTS)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from working_memory.replays import PRESETS, Policy, cost_verdict, replay
from working_memory.transcripts import iter_transcripts

MIN_CALLS = 40
DEEP = {"compact_at": 0.85, "compact_to": 0.35, "evict_at": 0.95}
SMALL = {"window": 32_000, "reserve_completion": 2_000}


def policies(horizon: int) -> dict[str, Policy]:
    return {
        "default": PRESETS["default"],
        "deep-compaction": PRESETS["deep-compaction"],
        f"cache-aware ({horizon})": Policy(rewrite_pays_over=horizon),
        "32k": Policy(**SMALL),
        "32k deep": Policy(**SMALL, **DEEP),
        f"32k cache-aware ({horizon})": Policy(**SMALL, rewrite_pays_over=horizon),
        f"32k deep cache-aware ({horizon})": Policy(**SMALL, **DEEP, rewrite_pays_over=horizon),
    }


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ["WM_TRANSCRIPTS"])
    horizon = int(os.environ.get("WM_HORIZON", "10"))
    print(
        "| log | model | calls | policy | cost | unmanaged | money saved | tokens saved "
        "| compactions | cache breaks |"
    )
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for t in iter_transcripts(folder):
        if len([c for c in t.calls if c.total_input_tokens > 0]) < MIN_CALLS:
            continue
        stats = {}
        for name, policy in policies(horizon).items():
            r = replay(t, policy, name=name)
            s = r.stats
            if s.cost_usd is None:
                break
            stats[name] = s
            money = 1 - s.cost_usd / s.unmanaged_cost_usd if s.unmanaged_cost_usd else 0.0
            print(
                f"| {Path(t.source or '?').name[:40]} | {s.model} | {s.calls} | {name} | "
                f"${s.cost_usd:.4g} | ${s.unmanaged_cost_usd:.4g} | {money:.0%} | "
                f"{s.saved_share:.0%} | {s.compactions} | {s.cache_breaks} |"
            )
        if stats:
            print(f"|  |  |  | {' '.join(cost_verdict(stats))} |  |  |  |  |  |  |")


if __name__ == "__main__":
    main()
