"""The offline compactor on real agent logs: the production-compaction targets, and every format."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import TRANSCRIPTS, corpus_files, fixture_files
from working_memory.evaluate import judge_summary
from working_memory.extractive import ExtractiveCompactor
from working_memory.facts import span_segments, span_text
from working_memory.transcripts import load_transcript

SPOTTER = TRANSCRIPTS / "claude-code" / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"


@pytest.mark.corpus
def test_beats_the_production_compaction_at_the_same_size() -> None:
    transcript = load_transcript(SPOTTER)
    compaction = transcript.compactions[0]
    history = transcript.messages[: compaction.index]
    production = compaction.summary
    # same compression: a word limit that makes the output as long as the production summary
    summary = ExtractiveCompactor(word_limit=1_180).compact(history).summary or ""
    assert 0.9 < len(summary) / len(production) < 1.1
    ours = judge_summary(history, summary, counter="estimate")
    theirs = judge_summary(history, production, counter="estimate")
    assert ours.span_facts > 1_000
    assert ours.fact_retention >= 2 * theirs.fact_retention
    assert ours.frequent_retention >= 0.60
    typed = [s.text for s in span_segments(history) if s.kind == "user"]
    assert typed
    for instruction in typed:
        assert instruction in summary


# The project's fixtures (every format) and, when there is one, every log of the real corpus.
FILES = [
    *(pytest.param(p, id=p.name[:50]) for p in fixture_files()),
    *(
        pytest.param(p, id=f"corpus-{p.name[:50]}", marks=pytest.mark.corpus)
        for p in corpus_files()
        if p.suffix in (".json", ".jsonl")
    ),
]


@pytest.mark.parametrize("path", FILES)
def test_every_format_compacts_within_limit_and_verbatim(path: Path) -> None:
    messages = load_transcript(path).messages[:60]
    result = ExtractiveCompactor(word_limit=150).compact(messages)
    assert result.error is None
    assert result.summary is not None, result.reason
    assert len(result.summary.split()) <= 150
    flat = " ".join(span_text(messages).split())
    for line in result.summary.splitlines():
        head, _, rest = line.partition(": ")
        body = rest if head in ("user", "assistant", "tool", "call", "system") else line
        assert " ".join(body.split()) in flat
