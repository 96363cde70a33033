"""The second held-out set of benchmark spans: their shape, that every answer the questions
require is in the span itself, and that the harness's own summaries answer them. No summariser
runs here: these spans test the handoff, they must not be fitted to it."""

from __future__ import annotations

import json
import re

import pytest

from working_memory.compaction import grade_summary
from working_memory.compaction._questions import QUESTION_KINDS
from working_memory.compaction.bench import BenchSpan, benchmark_spans

# Words that judge the state of the work rather than quote it: a span shows that nothing ran
# after the last patch, it does not say "untested".
_STATUS = frozenset(
    [
        "untested",
        "not tested",
        "not yet",
        "uncommitted",
        "not committed",
        "not run",
        "not used",
        "not wired",
        "unverified",
        "missing",
        "lacks",
        "no id",
        "not linted",
    ]
)
HELDOUT2 = [s for s in benchmark_spans() if s.name.startswith("heldout2-")]


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[`*_\"“”‘’]", " ", text).lower().replace("'", " ").split())


def _span_text(span: BenchSpan) -> str:
    parts: list[str] = []
    for m in span.messages:
        parts.append(str(m.get("content") or ""))
        for call in m.get("tool_calls") or ():
            parts.append(
                " ".join(str(v) for v in json.loads(call["function"]["arguments"]).values())
            )
    return _norm("\n".join(parts))


def test_the_set_is_registered() -> None:
    assert {s.name for s in HELDOUT2} == {
        "heldout2-codex-migration",
        "heldout2-chat-cache",
        "heldout2-claude-leak",
    }


@pytest.mark.parametrize("span", HELDOUT2, ids=lambda s: s.name)
def test_shape(span: BenchSpan) -> None:
    assert span.held_out
    assert 25 <= len(span.messages) <= 60
    assert tuple(q.kind for q in span.questions) == QUESTION_KINDS
    assert span.messages[0]["role"] == "system"
    assert span.messages[-1]["role"] in ("assistant", "tool")


@pytest.mark.parametrize("span", HELDOUT2, ids=lambda s: s.name)
def test_required_answers_are_in_the_span(span: BenchSpan) -> None:
    text = _span_text(span)
    for q in span.questions:
        for group in q.must:
            in_span = any(_norm(p) in text for p in group)
            assert in_span or set(group) <= _STATUS, (q.kind, group)
        for phrase in q.stale:
            if not phrase.startswith("fixed by"):
                assert _norm(phrase) in text, (q.kind, phrase)


@pytest.mark.parametrize("span", [s for s in HELDOUT2 if s.production], ids=lambda s: s.name)
def test_production_summary_answers(span: BenchSpan) -> None:
    graded = grade_summary(span.production, span.questions)
    assert graded.score >= 11, str(graded)


@pytest.mark.parametrize("span", HELDOUT2, ids=lambda s: s.name)
def test_hard_in_the_ways_the_issue_names(span: BenchSpan) -> None:
    """The assistant's last words name a step already done (a stale next step), and a file the
    span created and deleted is a stale answer to the files question."""
    q = {q.kind: q for q in span.questions}
    last = next(
        str(m["content"])
        for m in reversed(span.messages)
        if m["role"] == "assistant" and m["content"]
    )
    assert any(_norm(p) in _norm(last) for p in q["next_step"].stale), last
    assert q["files_edited"].stale
    assert q["errors"].stale  # the re-run is not the fix
    assert all(q[k].stale_means for k in ("next_step", "files_edited", "decisions", "errors"))
