"""What the archive's safety costs per write: the lock and line-count check, and fsync.

The baseline is the archive as it was: open in append mode, write the JSON lines, flush,
close (no lock, no check of the file's end, no sync). Same records, same process, same disk.
Also: two archives taking turns on one path (each write first counts the other's lines).

    .venv/bin/python benchmarks/bench_archive.py [writes]
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from working_memory.archive import JsonlArchive


def _messages(n: int) -> list[dict[str, str]]:
    return [{"role": "tool", "content": f"result {i}: " + "x" * 400} for i in range(n)]


def _baseline(path: Path, writes: int, batch: list[dict[str, str]]) -> float:
    started = time.perf_counter()
    for w in range(writes):
        lines = [
            json.dumps({"archived_at": 0.0, "reason": "evicted", "window_id": w, "message": m})
            for m in batch
        ]
        with path.open("a", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
            handle.flush()
    return (time.perf_counter() - started) / writes


def _archive(archives: list[JsonlArchive], writes: int, batch: list[dict[str, str]]) -> float:
    ids = list(range(len(batch)))
    started = time.perf_counter()
    for w in range(writes):
        archives[w % len(archives)].write(batch, reason="evicted", ids=ids)
    return (time.perf_counter() - started) / writes


def main() -> int:
    writes = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    batch = _messages(3)
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        # Rounds interleave the variants and keep each one's best: the machine is shared.
        for r in range(5):
            shared = root / f"t{r}.jsonl"
            runs = {
                "plain append (the old archive)": partial(
                    _baseline, root / f"b{r}.jsonl", writes, batch
                ),
                "JsonlArchive, fsync=False (default)": partial(
                    _archive, [JsonlArchive(root / f"a{r}.jsonl")], writes, batch
                ),
                "two JsonlArchives on one path": partial(
                    _archive, [JsonlArchive(shared), JsonlArchive(shared)], writes, batch
                ),
                "JsonlArchive, fsync=True": partial(
                    _archive,
                    [JsonlArchive(root / f"s{r}.jsonl", fsync=True)],
                    max(20, writes // 50),
                    batch,
                ),
            }
            for name, run in runs.items():
                best[name] = min(best.get(name, float("inf")), run())
    base = best["plain append (the old archive)"]
    print(f"{writes:,} writes of 3 messages (~1.3 kB) each, best of 5 rounds; time per write\n")
    print("| archive | per write | ratio to plain append |")
    print("|---|---:|---:|")
    for name, seconds in best.items():
        print(f"| {name} | {seconds * 1e6:,.1f} µs | {seconds / base:.1f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
