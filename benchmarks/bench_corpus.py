"""compare_policies over a corpus: peak memory as the corpus grows, and throughput in parallel.

    python benchmarks/bench_corpus.py            # 200 and 800 files; 1 and 2 workers on 200
    python benchmarks/bench_corpus.py --quick    # 50 and 200 files

Corpus: N generated OpenAI JSONL sessions (`synthetic_session(60, seed=i)`, about 300 KB
each) in nested folders, plus junk a log folder collects (a package.json, an empty file, a
truncated log), replayed under two policies (16k window: compact, and evict).

Memory: each configuration runs in a fresh child process (so peaks do not carry over) and
reports its peak RSS. `streamed` is compare_policies(folder); the baseline `load all first`
is what compare_policies did before: load every transcript of the folder, then replay them.
Throughput: files per second for the plain sequential loop (load, replay, next, in this
process), compare_policies in this process, and with workers=1 and workers=2 (process pool,
pool start-up included). Printed as markdown.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

from working_memory.replays import Policy, compare_policies, replay
from working_memory.transcripts import (
    CorpusWarning,
    iter_transcripts,
    load_transcripts,
    synthetic_session,
)

POLICIES = {"compact": Policy(window=16_000), "evict": Policy(window=16_000, strategy="evict")}
TURNS = 60


def make_corpus(root: Path, files: int) -> Path:
    for i in range(files):
        path = root / f"team{i % 7}" / f"day{i % 5}" / f"session-{i:05d}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(m) + "\n" for m in synthetic_session(TURNS, seed=i)))
    (root / "package.json").write_text('{"name": "tool", "version": "1.0.0"}')
    (root / "empty.json").write_text("")
    (root / "cut.jsonl").write_text('{"role": "user", "content": "hi"}\n{"role": "assis')
    return root


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def child(mode: str, folder: Path) -> None:
    """Run one configuration and print its peak RSS (MiB) and row count."""
    warnings.simplefilter("ignore", CorpusWarning)
    import pandas  # noqa: F401 - the same imports in both modes: only the data differs

    before = peak_rss_mb()
    if mode == "streamed":
        rows = len(compare_policies(folder, POLICIES))
    else:  # the old way: the whole corpus in memory, then replayed
        corpus = load_transcripts(folder)
        rows = 0
        for transcript in corpus:
            for policy in POLICIES.values():
                replay(transcript, policy)
                rows += 1
    print(json.dumps({"peak_mb": peak_rss_mb(), "start_mb": before, "rows": rows}))


def measure(mode: str, folder: Path) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", mode, str(folder)],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def sequential_loop(folder: Path) -> int:
    rows = 0
    stream = iter_transcripts(folder)
    for transcript in stream:
        for policy in POLICIES.values():
            replay(transcript, policy)
            rows += 1
    return rows


def timed(fn: object, *args: object, **kwargs: object) -> tuple[float, object]:
    started = time.perf_counter()
    result = fn(*args, **kwargs)  # type: ignore[operator]
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "FOLDER"))
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]))
        return
    warnings.simplefilter("ignore", CorpusWarning)
    small, large = (50, 200) if args.quick else (200, 800)
    with tempfile.TemporaryDirectory() as tmp:
        folders = {n: make_corpus(Path(tmp) / f"c{n}", n) for n in (small, large)}
        size = sum(p.stat().st_size for p in folders[large].rglob("*.jsonl")) / 1e6
        print(f"corpus: {small} and {large} sessions ({size:.0f} MB at {large}), two policies\n")
        print("| files | streamed peak RSS | load all first (baseline) | rows |")
        print("|---:|---:|---:|---:|")
        peaks = {}
        for n, folder in folders.items():
            streamed = measure("streamed", folder)
            eager = measure("eager", folder)
            peaks[n] = (streamed["peak_mb"], eager["peak_mb"])
            print(
                f"| {n:,} | {streamed['peak_mb']:.0f} MB | {eager['peak_mb']:.0f} MB | "
                f"{int(streamed['rows']):,} |",
                flush=True,
            )
        print(
            f"\n{large} / {small} files: streamed {peaks[large][0] / peaks[small][0]:.2f}x, "
            f"load all first {peaks[large][1] / peaks[small][1]:.2f}x\n"
        )
        folder = folders[small]
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"throughput on {small} files ({os.cpu_count()} cores, load average {load}):\n")
        print("| run | seconds | files/s | vs sequential loop |")
        print("|---|---:|---:|---:|")
        base, rows = timed(sequential_loop, folder)
        print(f"| sequential loop (load, replay, next) | {base:.1f} | {small / base:.1f} | 1.00x |")
        for label, kwargs in (
            ("compare_policies, this process", {}),
            ("compare_policies, workers=1", {"workers": 1}),
            ("compare_policies, workers=2", {"workers": 2}),
        ):
            elapsed, frame = timed(compare_policies, folder, POLICIES, **kwargs)
            assert len(frame) == rows  # type: ignore[arg-type]
            print(
                f"| {label} | {elapsed:.1f} | {small / elapsed:.1f} | {base / elapsed:.2f}x |",
                flush=True,
            )
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"\nload average after: {load}")


if __name__ == "__main__":
    main()
