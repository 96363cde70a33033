"""The offline compactor on real agent logs: the production-compaction targets, and every format."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import TRANSCRIPTS, corpus_files, fixture_files
from working_memory.compaction import (
    ExtractiveCompactor,
    continuation_expectations,
    continuation_score,
    summary_metrics,
)
from working_memory.compaction._facts import span_segments, span_text
from working_memory.tokens import get_counter
from working_memory.transcripts import load_transcript

from .handoff_lines import fact_body

SPOTTER = TRANSCRIPTS / "claude-code" / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"


@pytest.mark.corpus
def test_beats_the_production_compaction_at_the_same_size() -> None:
    transcript = load_transcript(SPOTTER)
    compaction = transcript.compactions[0]
    history = transcript.messages[: compaction.index]
    production = compaction.summary
    # same size: as many tokens as the production summary
    size = get_counter("estimate").count(production)
    # fitted by the counter the size is measured with
    summary = ExtractiveCompactor(target_tokens=size, counter="estimate").compact(history).summary
    summary = summary or ""
    ours = summary_metrics(history, summary, counter="estimate")
    theirs = summary_metrics(history, production, counter="estimate")
    assert 0.9 * size <= ours.summary_tokens <= 1.02 * size
    assert ours.span_facts > 1_000
    # more of the span's facts verbatim, though no longer as bare fragment lines
    assert ours.fact_retention >= 1.5 * theirs.fact_retention
    typed = [s.text for s in span_segments(history) if s.kind == "user"]
    assert typed
    for instruction in typed:
        assert instruction in summary
    # hand-checked against the production summary: what a continuing agent must be told
    assert "spotter-gqc.6" in summary and "spotter-gqc.7" in summary  # pending beads
    assert "project_review_live.ex" in summary  # the file being edited at the end
    probes = continuation_score(history, summary)
    assert probes.overall == 1.0, probes.missing


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
        body = fact_body(line)  # every line labelled; a fact line is verbatim
        assert body is None or " ".join(body.split()) in flat


# Written by hand from the production summary of this compaction (its "All user messages",
# "Files and Code Sections" and "Pending Tasks"), not from the code under test.
SPOTTER_USER_MESSAGES = (
    "Implement spotter-gqc",
    "check again",
    "new beads for the epic were added. tackle them",
)
SPOTTER_CHANGED_FILES = {
    "lib/spotter/transcripts/annotation.ex",
    "lib/spotter/transcripts/annotation_message_ref.ex",
    "lib/spotter/transcripts/message.ex",
    "lib/spotter/transcripts.ex",
    "lib/spotter/services/transcript_renderer.ex",
    "assets/js/app.js",
    "lib/spotter_web/live/session_live.ex",
    "priv/repo/migrations/20260211203856_add_annotation_message_refs_and_source.exs",
    "priv/repo/migrations/20260211205820_add_state_to_annotations.exs",
    "lib/spotter_web/live/project_review_live.ex",
    "lib/spotter_web/router.ex",
    "lib/spotter_web/live/pane_list_live.ex",
    "config/test.exs",
    "mix.exs",
    "test/spotter/transcripts/resources_test.exs",
    "test/spotter/services/transcript_renderer_test.exs",
    "test/spotter_web/live/project_review_live_test.exs",
}
SPOTTER_PENDING = ("spotter-gqc.6", "spotter-gqc.7")  # gqc.6 in progress, gqc.7 open


@pytest.mark.corpus
def test_span_reading_agrees_with_the_production_summary() -> None:
    transcript = load_transcript(SPOTTER)
    history = transcript.messages[: transcript.compactions[0].index]
    expected = continuation_expectations(history)
    assert expected.user_messages == SPOTTER_USER_MESSAGES
    assert expected.latest_request == SPOTTER_USER_MESSAGES[-1]
    root = "/home/USER/projects/spotter-worktrees/spotter-gqc/"
    assert {p.removeprefix(root) for p in expected.files_edited} == SPOTTER_CHANGED_FILES
    assert tuple(t.split(" ")[0] for t in expected.pending_todos) == SPOTTER_PENDING
    assert expected.next_step is not None and expected.next_step.startswith("spotter-gqc.6")
    assert expected.last_error is None  # every error met was fixed by a later run
