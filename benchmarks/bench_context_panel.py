"""What the explorer's context panel adds to picking a message: `explorer.select(i)` with the
panel (the window at message i by category) against the same explorer with the panel off, in
the same process, on generated sessions (`synthetic_session`, OpenAI messages).

Moving forward extends the cached window; moving back starts from the nearest checkpoint (a
`ManagedWindow.copy()` kept every max(256, n/16) messages), so a step back costs a copy and at
most one spacing of appends.

    python benchmarks/bench_context_panel.py [--turns 2600 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from working_memory.transcripts import Transcript, synthetic_session
from working_memory.workbench import TranscriptExplorer


def _median_ms(explorer: TranscriptExplorer, moves: list[tuple[int, int]]) -> float:
    times = []
    for start, to in moves:
        explorer.select(start)
        began = time.perf_counter()
        explorer.select(to)
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[2_600, 10_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("| messages | move | with the panel | panel off | ratio |")
    print("|---:|---|---:|---:|---:|")
    for turns in args.turns:
        transcript = Transcript(synthetic_session(turns, seed=3), format="openai")
        n = len(transcript.messages)
        with_panel = TranscriptExplorer(transcript)
        without = TranscriptExplorer(transcript)
        without._show_context = lambda: None  # type: ignore[method-assign]
        cases = {
            "next message (near the end)": [(n - 2 - k, n - 1 - k) for k in range(args.repeat)],
            "previous message (near the end)": [(n - 1 - k, n - 2 - k) for k in range(args.repeat)],
            "click near the start": [(n - 1, 10 + k) for k in range(args.repeat)],
        }
        for name, moves in cases.items():
            panel = _median_ms(with_panel, moves)
            plain = _median_ms(without, moves)
            print(f"| {n:,} | {name} | {panel:.1f} ms | {plain:.1f} ms | {panel / plain:.1f}x |")


if __name__ == "__main__":
    main()
