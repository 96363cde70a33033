"""ExtractiveCompactor against real production compactions, at the same size in tokens.

Every production compaction in the shared Claude Code / Codex logs (WM_TRANSCRIPTS, default
../shared/transcripts; the Claude Code spotter session has one) is replayed: the history the
agent had before its `compact_boundary` goes to ExtractiveCompactor(target_tokens=<the
production summary's own token count>), and both summaries, plus head+tail truncation at the
same size, are measured side by side:

- fact share: the span's distinct verbatim facts kept, by the project's metric
  (`working_memory.compaction._facts`, line numbers and tool plumbing excluded) and by an independent
  count written here from scratch (target: >= 2x production's by both);
- continuation probes: every typed user message of the span, the latest request, >= 90% of
  the edited files, >= 80% of the pending todo items, the next step;
- bare fragment lines: lines that are neither labelled nor a sentence (target: zero).

With `--old-src DIR` (a checkout's `src` of the compactor before the handoff, e.g. from
`git archive`), the old compactor's summary at the same size is measured too, in a subprocess.

It then times the compactor on the spans a replay of a synthetic session compacts, in MB/s
of span text, against the old path in the same process: facts found by find_facts over
every whole message, without the literal prefilters (`facts._Everything`).

Run: .venv/bin/python benchmarks/bench_extractive.py [--turns 2000] [--stride 4] [--old-src DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from working_memory.compaction import (
    CompactionResult,
    continuation_score,
    span_text,
    summary_metrics,
)
from working_memory.compaction import _facts as facts
from working_memory.compaction._extractive import ExtractiveCompactor
from working_memory.compaction._fast_lines import _clear_caches
from working_memory.replays import Policy, replay
from working_memory.tokens import TokenCounter, get_counter
from working_memory.transcripts import load_transcript, synthetic_session

SHARED = Path(os.environ.get("WM_TRANSCRIPTS", ROOT / ".." / "shared" / "transcripts"))


@dataclass(frozen=True)
class Case:
    """One production compaction: the history it replaced and its summary."""

    name: str
    messages: list[dict[str, Any]]
    production: str


def _cases() -> list[Case]:
    """Every production compaction in the shared logs. The history of compaction k is what
    came after compaction k-1 (the loader keeps queued prompts where the model saw them)."""
    cases = []
    for path in sorted(SHARED.rglob("*.json*")):
        if "subagents" in path.parts or not path.is_file():
            continue
        try:
            transcript = load_transcript(path)
        except ValueError:
            continue
        start = 0
        for k, compaction in enumerate(transcript.compactions):
            messages = list(transcript.messages[start : compaction.index])
            name = f"{path.stem[:40]} #{k + 1} (messages {start}-{compaction.index - 1})"
            cases.append(Case(name, messages, compaction.summary))
            start = compaction.index
    return cases


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


# --- an independent count of verbatim facts, written here from scratch -----------------------
#
# Deliberately simple and separate from working_memory.compaction._facts: tokens of the decoded span that
# look like paths, identifiers, versions, numbers with units or long numbers. Read's line-number
# prefixes and tool-call plumbing are left out, as a reader would leave them out.

_PLUMBING = {"timeout", "offset", "limit", "replace_all", "run_in_background", "description"}
_NUMBERED = re.compile(r"(?m)^\s*\d+→")
_EDGE = "\"'`()[]{}<>,;:!?*"


def _independent_text(messages: Sequence[Mapping[str, Any]]) -> str:
    parts: list[str] = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            content = "\n".join(
                str(b.get("text") or b.get("content") or "") for b in content if isinstance(b, dict)
            )
        if isinstance(content, str):
            parts.append(_NUMBERED.sub("", content))
        for call in message.get("tool_calls") or []:
            raw = (call.get("function") or {}).get("arguments") or ""
            try:
                args = json.loads(raw) if isinstance(raw, str) else raw
            except ValueError:
                parts.append(str(raw))
                continue
            if isinstance(args, dict):
                parts.extend(str(v) for k, v in args.items() if k not in _PLUMBING)
    return "\n".join(parts)


def _independent_facts(text: str) -> set[str]:
    found = set()
    for raw in text.split():
        token = raw.strip(_EDGE).rstrip(".")
        if len(token) < 3 or not any(c.isalnum() for c in token):
            continue
        letters = any(c.isalpha() for c in token)
        digits = any(c.isdigit() for c in token)
        if (
            ("/" in token and letters)  # a path or URL
            or ("_" in token.strip("_") and letters)  # snake_case
            or re.search(r"[a-z][A-Z]", token)  # camelCase
            or (re.fullmatch(r"\w+(?:\.\w+)+", token) and letters)  # file.ext, mod.attr, gqc.4
            or (letters and digits and re.fullmatch(r"v?\d[\w.]*", token))  # 12ms, v1.2
            or (not letters and re.fullmatch(r"\d{4,}|\d+\.\d+|\d{1,3}(?:,\d{3})+", token))
        ):
            found.add(token)
    return found


def _independent_share(span_facts: set[str], summary: str) -> float:
    kept = span_facts & _independent_facts(summary)
    return len(kept) / max(len(span_facts), 1)


# --- bare fragments ---------------------------------------------------------------------------

_LABEL = re.compile(r"^[A-Za-z][\w .()/$,'\-]{0,80}?: +(?P<body>\S.*)$")
_BULLET = re.compile(r"^(?:[-*]|\d+\.)\s+(?P<body>\S.*)$")


def _is_fragment(line: str) -> bool:
    """A line that is neither labelled nor a sentence: code, a line number, a stray token."""
    text = line.strip()
    if not text or text.startswith("#") or (text.endswith(":") and len(text.split()) <= 8):
        return False  # blank, or a heading
    for pattern in (_LABEL, _BULLET):
        match = pattern.match(text)
        if match:
            body = match.group("body")
            return not re.search(r"[A-Za-z]{2}", body) or bool(re.fullmatch(r"\d+→.*", body))
    words = text.split()
    return not (len(words) >= 4 and text[0].isupper() and text[-1] in '.!?:"')


def _fragments(summary: str) -> int:
    return sum(1 for line in summary.splitlines() if _is_fragment(line))


# --- the old compactor, for before/after ----------------------------------------------------

_OLD = """
import json, sys
from working_memory.compaction._extractive import ExtractiveCompactor
from working_memory.tokens._counters import get_counter
messages, target, counter = json.load(sys.stdin)
count = get_counter(counter).count
words = max(1, int(target * 0.6))
for _ in range(8):
    summary = ExtractiveCompactor(word_limit=words).compact(messages).summary or ""
    tokens = count(summary)
    if 0.97 * target <= tokens <= target:
        break
    words = max(1, int(words * target / max(tokens, 1) * (0.99 if tokens > target else 1)))
print(json.dumps(summary))
"""


def _old_summary(src: Path, case: Case, target: int, counter: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _OLD],
        input=json.dumps([case.messages, target, counter]),
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(src)},
        check=True,
    )
    return str(json.loads(done.stdout))


def _compare(case: Case, counter: TokenCounter, old_src: Path | None) -> None:
    messages, production = case.messages, case.production
    history = span_text(messages)
    target = counter.count(production)
    started = time.perf_counter()
    result = ExtractiveCompactor(target_tokens=target, counter=counter).compact(messages)
    elapsed = time.perf_counter() - started
    extractive = result.summary or ""
    # Naive baseline at the same size: the head and the tail of the history, as truncation keeps.
    half = len(production) // 2
    naive = history[:half] + "\n" + history[-half:]
    rows = [
        ("naive head+tail truncation", naive),
        ("production summary", production),
    ]
    if old_src is not None:
        rows.append(
            (
                "old ExtractiveCompactor (before the handoff)",
                _old_summary(old_src, case, target, counter.name),
            )
        )
    rows.append(("ExtractiveCompactor (handoff)", extractive))
    independent = _independent_facts(_independent_text(messages))
    print(f"\n### {case.name}\n")
    print(
        f"history: {len(messages)} messages, {len(history):,} chars, {counter.count(history):,} "
        f"{counter.name} tokens; production summary {target:,} tokens; the handoff ran in "
        f"{elapsed:.2f} s ({result.reason})\n"
    )
    print(
        "| summary | tokens | fact share (project metric) | fact share (independent count) "
        "| typed user messages | latest request | edited files | pending todos | next step "
        "| continuation | bare fragment lines |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    shares = {}
    for name, summary in rows:
        score = summary_metrics(messages, summary, counter=counter)
        probes = continuation_score(messages, summary)
        mine = _independent_share(independent, summary)
        shares[name] = (score.fact_retention, mine)

        def pct(value: float | None) -> str:
            return "n/a" if value is None else f"{value:.0%}"

        print(
            f"| {name} | {counter.count(summary):,} "
            f"| {score.fact_retention:.1%} ({len(score.kept_facts)}/{score.span_facts}) "
            f"| {mine:.1%} (of {len(independent):,}) "
            f"| {pct(probes.user_messages)} | {pct(probes.latest_request)} "
            f"| {pct(probes.files_edited)} | {pct(probes.pending_todos)} | {pct(probes.next_step)} "
            f"| {pct(probes.overall)} | {_fragments(summary)} |"
        )
    ours, theirs = shares["ExtractiveCompactor (handoff)"], shares["production summary"]
    print(
        f"\nfact share, handoff / production: {ours[0] / max(theirs[0], 1e-9):.2f}x by the project "
        f"metric, {ours[1] / max(theirs[1], 1e-9):.2f}x by the independent count (target >= 2x)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=2000, help="synthetic session length")
    parser.add_argument(
        "--stride", type=int, default=4, help="time the slow paths on every N-th span only"
    )
    parser.add_argument("--old-src", type=Path, help="src/ of the compactor before the handoff")
    parser.add_argument("--no-throughput", action="store_true", help="skip the speed table")
    args = parser.parse_args()
    counter = _counter()
    cases = _cases()
    if not cases:
        raise SystemExit(f"no production compactions found under {SHARED}")
    for case in cases:
        _compare(case, counter, args.old_src)
    if not args.no_throughput:
        _throughput(args.turns, args.stride)


if __name__ == "__main__":
    main()
