"""ExtractiveCompactor against a real production compaction, at the same compression.

The Claude Code session in ../shared/transcripts/ was auto-compacted once: the history before
its `compact_boundary` was replaced by one summary. This script runs ExtractiveCompactor over
the same history with a word limit that makes its output about as long as that summary, then
measures both with the same fact extractor:

- share of the history's distinct facts kept verbatim (target: >= 2x the production share);
- share of the facts mentioned 5+ times kept (target: >= 60%);
- typed user instructions kept (target: all).

It then times the compactor on the spans a replay of a synthetic session compacts, in MB/s
of span text, against the old path in the same process: facts found by find_facts over
every whole message, without the literal prefilters (`facts._Everything`).

Run: .venv/bin/python benchmarks/bench_extractive.py [--turns 2000] [--stride 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from working_memory import facts
from working_memory.compactor import CompactionResult
from working_memory.evaluate import judge_summary
from working_memory.extractive import ExtractiveCompactor, _clear_caches
from working_memory.facts import count_facts, span_segments, span_text
from working_memory.replay import Policy, replay
from working_memory.simulate import synthetic_session
from working_memory.tokens import TokenCounter, get_counter
from working_memory.transcripts import load_transcript

TRANSCRIPT = (
    ROOT
    / ".."
    / "shared"
    / "transcripts"
    / "claude-code"
    / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"
)


def _load() -> tuple[list[dict[str, Any]], str, int]:
    """History before the first real compaction, and its summary.

    The loader already delivers prompts typed while the agent was busy (queue-operation
    lines) as user turns, where the model saw them.
    """
    transcript = load_transcript(TRANSCRIPT)
    compaction = transcript.compactions[0]
    return list(transcript.messages[: compaction.index]), compaction.summary, compaction.index


def _counter() -> TokenCounter:
    """Exact cl100k tokens where the tokenizer is installed, else the len/4 estimate."""
    try:
        return get_counter("cl100k")
    except (ImportError, ValueError):
        return get_counter("estimate")


@contextmanager
def _old_find_facts() -> Iterator[None]:
    """find_facts as it was before the literal prefilters: every pattern scans every text."""
    saved = facts._present
    facts._present = facts._Everything
    try:
        yield
    finally:
        facts._present = saved


def _old_compact(word_limit: int, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
    """The baseline: the compactor as it was, exact facts of every whole message."""
    with _old_find_facts():
        return ExtractiveCompactor(word_limit, exact=True).compact(span)


def _replay_spans(turns: int) -> list[list[dict[str, Any]]]:
    """The spans a default replay of a synthetic session hands its compactor."""
    spans: list[list[dict[str, Any]]] = []

    class _Recorder(ExtractiveCompactor):
        def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
            spans.append([dict(m) for m in span])
            return super().compact(span)

    @dataclass(frozen=True)
    class _Recording(Policy):
        def compactor(self) -> ExtractiveCompactor:
            return _Recorder(self.word_limit)

    replay(synthetic_session(turns, seed=1), _Recording())
    return spans


def _throughput(turns: int, stride: int) -> None:
    """MB/s of span text: the fast path over every span, as a replay runs it (its caches
    start cold and warm up as the session goes), the slow paths over every `stride`-th span
    to keep the benchmark short."""
    spans = _replay_spans(turns)
    limit = Policy().word_limit
    runs: list[tuple[str, Callable[[Sequence[Mapping[str, Any]]], CompactionResult], int]] = [
        (
            "old: find_facts on every whole message, no prefilters",
            lambda s: _old_compact(limit, s),
            stride,
        ),
        (
            "find_facts with literal prefilters (exact=True)",
            ExtractiveCompactor(limit, exact=True).compact,
            stride,
        ),
        ("per-token facts, cached (default)", ExtractiveCompactor(limit).compact, 1),
    ]
    _clear_caches()  # a cold cache, as in a fresh process
    timed = []
    for name, compact, step in runs:
        chosen = spans[::step]
        megabytes = sum(len(span_text(span)) for span in chosen) / 1e6
        started = time.perf_counter()
        for span in chosen:
            compact(span)
        seconds = time.perf_counter() - started
        timed.append((name, len(chosen), megabytes, seconds, megabytes / seconds))
    print(
        f"\ncompactor throughput on the {len(spans)} spans a replay of synthetic_session({turns}, "
        f"seed=1) compacts (word limit {limit}):\n"
    )
    print("| path | spans | MB of span text | seconds | MB/s | speed-up |")
    print("|---|---:|---:|---:|---:|---:|")
    base = timed[0][4]
    for name, count, megabytes, seconds, rate in timed:
        print(
            f"| {name} | {count} | {megabytes:.2f} | {seconds:.2f} | {rate:.2f} "
            f"| {rate / base:.1f}x |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=2000, help="synthetic session length")
    parser.add_argument(
        "--stride", type=int, default=4, help="time the slow paths on every N-th span only"
    )
    args = parser.parse_args()
    counter = _counter()
    messages, production, index = _load()
    history = span_text(messages)
    counts = count_facts(history)
    typed = [s.text for s in span_segments(messages) if s.kind == "user"]

    # Same compression: start from the production word count, then scale the word limit
    # until the output is within 3% of the production summary's length in characters.
    words = len(production.split())
    for _ in range(6):
        started = time.perf_counter()
        extractive = ExtractiveCompactor(word_limit=words).compact(messages).summary or ""
        elapsed = time.perf_counter() - started
        if abs(len(extractive) - len(production)) <= 0.03 * len(production):
            break
        words = int(words * len(production) / max(len(extractive), 1))

    exact = ExtractiveCompactor(word_limit=words, exact=True).compact(messages).summary or ""

    # Naive baseline at the same size: the head and the tail of the history, as truncation keeps.
    half = len(production) // 2
    naive = history[:half] + "\n" + history[-half:]
    rows = []
    for name, summary in (
        ("naive head+tail truncation", naive),
        ("production summary (Claude Code)", production),
        ("ExtractiveCompactor", extractive),
        ("ExtractiveCompactor(exact=True)", exact),
    ):
        score = judge_summary(messages, summary, counter=counter, frequent=5)
        instructions = sum(1 for t in typed if " ".join(t.split()) in " ".join(summary.split()))
        rows.append((name, len(summary), len(history) / max(len(summary), 1), score, instructions))

    print(
        f"history: messages[:{index}] of load_transcript (queued prompts included), "
        f"{len(history):,} chars, "
        f"{len(counts):,} distinct facts, {sum(1 for n in counts.values() if n >= 5):,} mentioned 5+ times, "
        f"{len(typed)} typed user instructions"
    )
    print(
        f"extractive word limit {words:,} (set so its output is as long as the production summary; "
        f"that has {len(production.split()):,} words); one compaction ran in {elapsed:.2f} s\n"
    )
    print(
        f"| summary | chars | compression (chars) | compression ({counter.name} tokens) | facts kept "
        "| facts mentioned 5+ times kept | typed user instructions kept verbatim "
        "| user instructions kept (60% of words) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, chars, ratio, score, verbatim in rows:
        print(
            f"| {name} | {chars:,} | {ratio:.1f}x | {score.compression:.1f}x "
            f"| {score.fact_retention:.1%} ({len(score.kept_facts)}/{score.span_facts}) "
            f"| {score.frequent_retention:.1%} ({score.frequent_kept}/{score.frequent_facts}) "
            f"| {verbatim}/{len(typed)} | {score.corrections_kept}/{score.corrections} |"
        )
    base, ours = rows[1][3], rows[2][3]
    print(
        f"\nratio of fact shares (extractive / production): {ours.fact_retention / max(base.fact_retention, 1e-9):.2f}x "
        "(target >= 2x)"
    )
    _throughput(args.turns, args.stride)


if __name__ == "__main__":
    main()
