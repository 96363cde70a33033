"""How live the workbench feels: a pin-policy change on a 5,000-message session, and a 50k load.

    python benchmarks/bench_workbench.py            # 5k pin-editor changes + 50k load (~1 min)
    python benchmarks/bench_workbench.py --quick    # 5k only

Each pin-editor figure is the time from setting a control's value (as a user moving it does)
to the FigureWidget's pinned markers, span band and the table being updated (the callbacks
are synchronous, so that is the time `control.value = x` takes), median of several changes.
The naive baseline rebuilds the preview from scratch each time: a fresh ManagedWindow holding
the same messages (`Policy.build_window()` + `extend`), then `pin_reasons()` and
`next_span()`, with no chart or table work at all.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from working_memory.replays import Policy
from working_memory.transcripts import Transcript, synthetic_session
from working_memory.workbench import PinPolicyEditor, TranscriptExplorer


def _session(messages: int, seed: int) -> list[dict[str, Any]]:
    turns = int(messages / 1.95)
    out = synthetic_session(turns, seed=seed)
    while len(out) < messages:
        turns += max(10, (messages - len(out)) // 2)
        out = synthetic_session(turns, seed=seed)
    return out[:messages]


def _median_ms(changes: list[Callable[[], None]]) -> float:
    times = []
    for change in changes:
        started = time.perf_counter()
        change()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def _naive_ms(messages: list[dict[str, Any]], policy: Policy, upto: int, repeat: int = 3) -> float:
    times = []
    for n in range(repeat):
        changed = policy.replace(keep_recent=policy.keep_recent + n + 1)
        started = time.perf_counter()
        window = changed.build_window()
        window.extend(messages[:upto])
        window.pin_reasons()
        window.next_span()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def pin_editor(size: int) -> list[tuple[str, float, float]]:
    messages = _session(size, seed=7)
    editor = PinPolicyEditor(Transcript(messages, format="openai"))
    assert editor.error.value == "", editor.error.value
    pinned = editor.chart.trace("pinned")
    band = editor.chart.trace("next span")
    rows: list[tuple[str, float, float]] = []

    def scenario(label: str, changes: list[Callable[[], None]]) -> None:
        before = (tuple(pinned.x), tuple(band.x))
        ms = _median_ms(changes)
        assert editor.error.value == "", editor.error.value
        assert (tuple(pinned.x), tuple(band.x)) != before, f"{label}: the figure did not change"
        naive = _naive_ms(messages, editor.state.policy, editor.state.preview.upto)
        rows.append((f"{label} (window at message {editor.state.preview.upto:,})", ms, naive))

    keep = editor.controls["keep_recent"]
    scenario(
        "keep_recent slider", [lambda v=v: setattr(keep, "value", v) for v in (8, 12, 16, 20, 24)]
    )
    scenario(
        "explicit pin by clicking a bar",
        [lambda i=i: editor.chart.click(i) for i in (5, 9, 13, 17, 21)],
    )
    corrections = editor.controls["pin_corrections"]
    scenario(
        "pin_corrections checkbox",
        [lambda v=v: setattr(corrections, "value", v) for v in (False, True, False, True, False)],
    )
    editor.upto.value = len(messages)  # the whole session in the window: the worst case
    scenario(
        "keep_recent slider", [lambda v=v: setattr(keep, "value", v) for v in (5, 9, 13, 17, 21)]
    )
    compact = editor.controls["max_span_tokens"]  # the control is in tokens now
    scenario(
        "max_span_tokens slider",
        [lambda v=v: setattr(compact, "value", v) for v in (1_000, 2_000, 3_000, 5_000, 8_000)],
    )
    return rows


def big_load(size: int) -> tuple[int, float, int]:
    messages = _session(size, seed=11)
    started = time.perf_counter()
    explorer = TranscriptExplorer(Transcript(messages, format="openai"))
    elapsed = time.perf_counter() - started
    assert explorer.error.value == "", explorer.error.value
    return len(messages), elapsed, len(explorer.chart.trace("tokens").x)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 50k-message load")
    args = parser.parse_args()
    TranscriptExplorer()  # pay plotly's FigureWidget import before timing anything
    rows = pin_editor(5_000)
    print("### Pin-policy change on a 5,000-message session (budget: 200 ms)\n")
    print(
        "| change | workbench: value set -> figure + table updated | naive preview rebuild (no drawing) | ratio |"
    )
    print("|---|---:|---:|---:|")
    for label, ms, naive in rows:
        print(f"| {label} | {ms:.1f} ms | {naive:.1f} ms | {naive / ms:.1f}x |")
    if not args.quick:
        count, seconds, bars = big_load(50_000)
        print("\n### Loading and plotting a 50,000-message session\n")
        print("| messages | load + count + plot | bars drawn (bucketed) |")
        print("|---:|---:|---:|")
        print(f"| {count:,} | {seconds:.1f} s | {bars:,} |")


if __name__ == "__main__":
    main()
