"""Calibration from billed usage, held out inside each log: fit on the first half, score the rest.

For every log (and sub-thread) in the shared corpus with at least 6 calls with usage: its
category (complete: the messages carry everything billed but a constant per-request part;
omits: context the provider billed is not in the log), the uncalibrated count's median
|counted / billed - 1| on the held-out calls, the calibrated one's median and p90, the fitted
scale and per-request overhead, and what the full-log calibration says is missing.

    WM_TRANSCRIPTS=../shared/transcripts .venv/bin/python benchmarks/bench_calibration.py [--counter cl100k]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from working_memory import calibrate, load_transcript
from working_memory.tokens import held_out

HERE = Path(__file__).resolve().parent
MIN_CALLS = 6


def _logs(root: Path):
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix not in (".jsonl", ".json", ".traj"):
            continue
        if "subagents" in path.parts:  # loaded as threads of their session
            continue
        transcript = load_transcript(path)
        yield str(path.relative_to(root)), transcript
        for key, thread in transcript.threads.items():
            yield f"{path.relative_to(root)} :: {key}", thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--counter", default=None, help="counter to calibrate (default: approx)")
    args = parser.parse_args(argv)
    root = Path(os.environ.get("WM_TRANSCRIPTS", HERE.parent / ".." / "shared" / "transcripts"))
    print(
        "| log | calls | category | uncalibrated median | held-out median | held-out p90 "
        "| scale | per request | missing (full-log fit) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    start = time.perf_counter()
    for name, transcript in _logs(root):
        calls = sum(1 for c in transcript.calls if c.total_input_tokens > 0)
        if calls < MIN_CALLS:
            continue
        result = held_out(transcript, counter=args.counter)
        full = calibrate(transcript, counter=args.counter)
        category = "complete" if full.complete else "omits"
        missing = "; ".join(g.kind + (f" ~{g.tokens:,}" if g.tokens else "") for g in full.missing)
        cal = result.calibration
        print(
            f"| {name} | {calls} | {category} | {result.uncalibrated_median_error:.3f} "
            f"| {result.median_error:.3f} | {result.p90_error:.3f} | {cal.scale:.3f} "
            f"| {cal.per_request:,} | {missing or '-'} |"
        )
    print(f"\n{time.perf_counter() - start:.1f}s for every log (load, count, fit twice)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
