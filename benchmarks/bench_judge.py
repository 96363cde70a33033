"""Every summary kind on every continuation-benchmark span, by the question grader and the metrics;
and the offline summariser's speed against its version before the handoff rework.

Summary kinds per span: the production summary (where the format has one), the offline handoff
at the production summary's size in words (300 words where there is none), the offline handoff
at its default size, and with `--old-src DIR` (the `src` of a checkout before the rework, e.g.
`git archive 45f7cca src | tar -x -C /tmp/old`) the old handoff at both sizes, in a subprocess.

Columns: the question grader's points of 12 (`judge_summary(..., questions=...)`), the share of
the summary's statements that are fragments, the fact share and the continuation probes
(`summary_metrics`: the metrics the prompt lab showed before there was a judge).

Run: python benchmarks/bench_judge.py [--old-src DIR] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from working_memory.compaction import ExtractiveCompactor, judge_summary, summary_metrics
from working_memory.compaction.bench import BenchSpan, benchmark_spans
from working_memory.transcripts import synthetic_session

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"

_OLD = """
import json, sys, time
from working_memory.compaction._extractive import ExtractiveCompactor
jobs, repeat = json.load(sys.stdin)
out, seconds = [], 0.0
for messages, words in jobs:
    compactor = ExtractiveCompactor(word_limit=words) if words else ExtractiveCompactor()
    started = time.perf_counter()
    for _ in range(repeat):
        summary = compactor.compact(messages).summary
    seconds += time.perf_counter() - started
    out.append(summary)
print(json.dumps([out, seconds]))
"""


def _old(src: Path, jobs: list[tuple[object, int | None]], repeat: int) -> tuple[list[str], float]:
    done = subprocess.run(
        [sys.executable, "-c", _OLD],
        input=json.dumps([jobs, repeat]),
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(src)},
        check=True,
    )
    summaries, seconds = json.loads(done.stdout)
    return summaries, float(seconds)


def _size(span: BenchSpan) -> int:
    return len(span.production.split()) if span.production else 300


def _row(span: BenchSpan, kind: str, summary: str | None) -> str:
    graded = judge_summary(span.messages, summary, questions=span.questions)
    metrics = summary_metrics(span.messages, summary, counter="estimate")
    cont = metrics.continuation.overall if metrics.continuation else None
    words = len((summary or "").split())
    return (
        f"| {span.name}{' (held out)' if span.held_out else ''} | {kind} | {words} "
        f"| {graded.score:g} | {graded.noise or 0:.0%} | {metrics.fact_retention:.1%} "
        f"| {'n/a' if cont is None else f'{cont:.2f}'} |"
    )


def table(old_src: Path | None) -> None:
    spans = benchmark_spans(FIXTURES)
    old: list[str] = []
    if old_src is not None:
        jobs = [(list(s.messages), n) for s in spans for n in (_size(s), None)]
        old, _ = _old(old_src, jobs, 1)
    print("| span | summary | words | grader (of 12) | fragments | fact share | continuation |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for i, span in enumerate(spans):
        size = _size(span)
        if span.production is not None:
            print(_row(span, "production", span.production))
        at = ExtractiveCompactor(word_limit=size).compact(span.messages).summary
        print(_row(span, f"offline at {size} words", at))
        print(_row(span, "offline default", ExtractiveCompactor().compact(span.messages).summary))
        if old:
            print(_row(span, f"old offline at {size} words", old[2 * i]))
            print(_row(span, "old offline default", old[2 * i + 1]))


def speed(old_src: Path, repeat: int) -> None:
    spans = [list(s.messages) for s in benchmark_spans(FIXTURES)]
    spans += [synthetic_session(turns, seed=seed) for turns, seed in ((200, 1), (800, 2))]
    jobs: list[tuple[object, int | None]] = [(m, None) for m in spans]
    chars = sum(len(json.dumps(m)) for m in spans) * repeat
    _, before = _old(old_src, jobs, repeat)
    started = time.perf_counter()
    for messages in spans:
        compactor = ExtractiveCompactor()
        for _ in range(repeat):
            compactor.compact(messages)
    after = time.perf_counter() - started
    print(
        f"\noffline summariser, default size, {len(spans)} spans x {repeat} "
        f"({chars / 1e6:.1f} MB of JSON):\n"
    )
    print("| version | seconds | MB/s | ratio to before |")
    print("|---|---:|---:|---:|")
    print(f"| before the rework | {before:.2f} | {chars / 1e6 / before:.1f} | 1.00 |")
    print(f"| now | {after:.2f} | {chars / 1e6 / after:.1f} | {after / before:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old-src", type=Path, help="src/ of the compactor before the rework")
    parser.add_argument("--repeat", type=int, default=5, help="compactions per span when timing")
    args = parser.parse_args()
    table(args.old_src)
    if args.old_src is not None:
        speed(args.old_src, args.repeat)


if __name__ == "__main__":
    main()
