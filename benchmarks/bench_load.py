"""Load throughput per format on a large file built by repeating a real log, beside the time
to merely parse the same file's JSON in the same process.

    .venv/bin/python benchmarks/bench_load.py            # ~16 MB per format
    .venv/bin/python benchmarks/bench_load.py --mb 64

JSONL logs are repeated line by line (ids get a per-copy suffix so merging and pairing do the
same work as on a real long session); JSON documents repeat their message / history / event
list. The baseline is `json.loads` of every line (JSONL) or of the whole document: the least
any loader must do. Aim: loading at no less than half the parse speed (ratio >= 0.5).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from working_memory.transcripts import load_transcript

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "transcripts"
SOURCES = [
    ("claude-code", "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"),
    (
        "codex",
        "codex/codemie-ai__codemie-code__rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
    ),
    (
        "mini-swe-agent",
        "openai/SWE-agent__mini-swe-agent__deepseek_reasoner_dev__sqlfluff__sqlfluff-1517.traj.json",
    ),
    (
        "swe-agent",
        "swe-agent/SWE-agent__SWE-agent__marshmallow-code__marshmallow-1867.function_calling_replace_from_source.traj",
    ),
    ("openhands", "openhands/All-Hands-AI__OpenHands__basic_gui_mode.json"),
]
_ID_PREFIXES = (b'"msg_', b'"toolu_', b'"call_', b'"uuid": "', b'"uuid":"')


def _build_jsonl(source: Path, target: Path, size: int) -> None:
    lines = source.read_bytes().splitlines(keepends=True)
    written = copy = 0
    with open(target, "wb") as out:
        while written < size:
            for line in lines:
                for prefix in _ID_PREFIXES:
                    line = line.replace(prefix, prefix + b"%d-" % copy)
                out.write(line)
                written += len(line)
            copy += 1


def _build_document(source: Path, target: Path, size: int) -> None:
    doc = json.loads(source.read_bytes())
    key = (
        "messages"
        if isinstance(doc, dict) and "messages" in doc
        else "history"
        if isinstance(doc, dict)
        else None
    )
    items = doc[key] if key else doc
    unit = len(json.dumps(items))
    copies = max(1, size // max(unit, 1))
    grown = []
    for n in range(copies):
        for item in items:
            text = (
                json.dumps(item).replace('"call_', f'"call_{n}-').replace('"toolu_', f'"toolu_{n}-')
            )
            grown.append(json.loads(text))
    if key:
        doc[key] = grown
        if key == "history":
            doc["trajectory"] = []
    else:
        doc = grown
    target.write_text(json.dumps(doc))


def _parse_only(path: Path, jsonl: bool) -> None:
    if jsonl:
        with open(path, "rb") as f:
            for line in f:
                if line.strip():
                    json.loads(line)
    else:
        json.loads(path.read_bytes())


def _best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=16.0, help="size of each generated file")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    size = int(args.mb * 1024 * 1024)
    print(
        "| format | file MB | messages | parse only MB/s | load MB/s | load / parse | peak MB (load) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, rel in SOURCES:
            source = SHARED / rel
            jsonl = source.suffix == ".jsonl"
            target = Path(tmp) / f"big-{name}{source.suffix}"
            (_build_jsonl if jsonl else _build_document)(source, target, size)
            mb = target.stat().st_size / 1024 / 1024
            parse = _best(functools.partial(_parse_only, target, jsonl), args.repeat)
            load = _best(functools.partial(load_transcript, target), args.repeat)
            tracemalloc.start()
            t = load_transcript(target)
            peak = tracemalloc.get_traced_memory()[1] / 1024 / 1024
            tracemalloc.stop()
            assert t.format.startswith(name.split("-")[0]) or name == "mini-swe-agent", t.format
            print(
                f"| {name} | {mb:.1f} | {len(t.messages):,} | {mb / parse:.0f} | {mb / load:.0f} | {parse / load:.2f} | {peak:.0f} |"
            )
            del t
            target.unlink()


if __name__ == "__main__":
    main()
