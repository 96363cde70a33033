"""Predicted prompt-cache reads against the billed ones, on every shared log with >= 6 calls
with usage: the uncalibrated model of each log's provider family, and `CacheModel.fit` fitted
leave-one-log-out (on the other logs of the same family, never on the log it is scored on;
a family with one log gets the uncalibrated model). Targets: total reads within 3% of billed,
per-call median |error| <= 2% of the call's input, p90 <= 10%.

    python benchmarks/bench_cache.py [folder]   (default: $WM_TRANSCRIPTS)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from working_memory.tokens import CacheModel, cache_family, check_cache
from working_memory.transcripts import iter_transcripts

MIN_CALLS = 6


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ["WM_TRANSCRIPTS"])
    logs = []
    for t in iter_transcripts(folder):
        calls = [c for c in t.calls if c.total_input_tokens > 0]
        if len(calls) >= MIN_CALLS:
            model = next((c.model for c in calls if c.model), None)
            logs.append((Path(t.source or "?").name, cache_family(model).family, t, len(calls)))
    print(
        "| log | family | calls | billed reads | model | reads pred/billed | median err | p90 err | meets |"
    )
    print("|---|---|---:|---:|---|---:|---:|---:|---|")
    met = total = 0
    for name, family, t, n in logs:
        others = [o for _, f, o, _ in logs if f == family and o is not t]
        fitted = CacheModel.fit(others) if others else None
        for label, model in (("uncalibrated", None), ("fitted LOO", fitted)):
            if label == "fitted LOO" and model is None:
                print(
                    f"| {name[:44]} | {family} | {n} | | fitted LOO | (no other {family} log) | | | |"
                )
                continue
            check = check_cache(t, model)
            ok = check.meets()
            met += ok
            total += 1
            detail = (
                ""
                if model is None
                else f" (warm {model.warm_share:.2f}, life {model.lifetime(True):.0f}s)"
            )
            print(
                f"| {name[:44]} | {family} | {n} | {check.billed_reads:,} | {label}{detail} | "
                f"{check.reads_ratio:.3f} | {check.median_error:.2%} | {check.p90_error:.2%} | "
                f"{'yes' if ok else 'no'} |"
            )
    print(f"\n{met} of {total} rows meet all three targets.")


if __name__ == "__main__":
    main()
