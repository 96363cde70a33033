"""What every held-out set of benchmark spans (the second one on) must hold: each span's shape,
that every answer the questions require is in the span itself, that the span is hard in the ways
the issue names (its traps grade as stale), that a reader's handoff answers, and that summaries
which do not follow the work score low. Each set's own file says what is its own. No summariser
runs here: these spans test the handoff, they must not be fitted to it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from working_memory.compaction import grade_summary
from working_memory.compaction._questions import QUESTION_KINDS
from working_memory.compaction.bench import BenchSpan

from .heldout2_set import HELDOUT2
from .heldout3_set import HELDOUT3
from .heldout4_set import HELDOUT4
from .heldout5_set import HELDOUT5
from .heldout6_set import HELDOUT6
from .heldout7_set import HELDOUT7
from .heldout8_set import HELDOUT8
from .heldout9_set import HELDOUT9
from .heldout10_set import HELDOUT10
from .heldout11_set import HELDOUT11
from .heldout12_set import HELDOUT12
from .heldout13_set import HELDOUT13
from .heldout13_set import LAST_STEP_RIGHT as _RIGHT13
from .heldout14_set import HELDOUT14
from .heldout14_set import LAST_STEP_NONE as _NONE14
from .heldout14_set import LAST_STEP_RIGHT as _RIGHT14
from .heldout15_set import HELDOUT15
from .heldout15_set import LAST_STEP_NONE as _NONE15
from .heldout15_set import LAST_STEP_RIGHT as _RIGHT15
from .heldout16_set import HELDOUT16
from .heldout16_set import LAST_STEP_NONE as _NONE16
from .heldout16_set import LAST_STEP_RIGHT as _RIGHT16
from .heldout17_set import HELDOUT17
from .heldout17_set import LAST_STEP_NONE as _NONE17
from .heldout17_set import LAST_STEP_RIGHT as _RIGHT17
from .heldout18_set import HELDOUT18
from .heldout18_set import LAST_STEP_NONE as _NONE18
from .heldout18_set import LAST_STEP_RIGHT as _RIGHT18
from .heldout19_set import HELDOUT19
from .heldout19_set import LAST_STEP_NONE as _NONE19
from .heldout19_set import LAST_STEP_RIGHT as _RIGHT19
from .heldout20_set import HELDOUT20
from .heldout20_set import LAST_STEP_NONE as _NONE20
from .heldout20_set import LAST_STEP_RIGHT as _RIGHT20
from .heldout21_set import HELDOUT21
from .heldout21_set import LAST_STEP_NONE as _NONE21
from .heldout21_set import LAST_STEP_RIGHT as _RIGHT21
from .heldout22_set import HELDOUT22
from .heldout22_set import LAST_STEP_NONE as _NONE22
from .heldout22_set import LAST_STEP_RIGHT as _RIGHT22
from .heldout23_set import HELDOUT23
from .heldout23_set import LAST_STEP_NONE as _NONE23
from .heldout23_set import LAST_STEP_RIGHT as _RIGHT23
from .heldout24_set import HELDOUT24
from .heldout24_set import LAST_STEP_NONE as _NONE24
from .heldout24_set import LAST_STEP_RIGHT as _RIGHT24
from .heldout25_set import HELDOUT25
from .heldout25_set import LAST_STEP_NONE as _NONE25
from .heldout25_set import LAST_STEP_RIGHT as _RIGHT25
from .heldout26_set import HELDOUT26
from .heldout26_set import LAST_STEP_NONE as _NONE26
from .heldout26_set import LAST_STEP_RIGHT as _RIGHT26
from .heldout_checks import HeldoutSet, Production, last_words, norm, span_text, users

SETS = (
    HELDOUT2, HELDOUT3, HELDOUT4, HELDOUT5, HELDOUT6, HELDOUT7, HELDOUT8, HELDOUT9, HELDOUT10,
    HELDOUT11, HELDOUT12, HELDOUT13, HELDOUT14, HELDOUT15, HELDOUT16, HELDOUT17, HELDOUT18,
    HELDOUT19, HELDOUT20, HELDOUT21, HELDOUT22, HELDOUT23, HELDOUT24, HELDOUT25, HELDOUT26,
)  # fmt: skip
LAST_STEP_RIGHT = (
    _RIGHT13
    | _RIGHT14
    | _RIGHT15
    | _RIGHT16
    | _RIGHT17
    | _RIGHT18
    | _RIGHT19
    | _RIGHT20
    | _RIGHT21
    | _RIGHT22
    | _RIGHT23
    | _RIGHT24
    | _RIGHT25
    | _RIGHT26
)
LAST_STEP_NONE = (
    _NONE14
    | _NONE15
    | _NONE16
    | _NONE17
    | _NONE18
    | _NONE19
    | _NONE20
    | _NONE21
    | _NONE22
    | _NONE23
    | _NONE24
    | _NONE25
    | _NONE26
)
# The spans whose last words are not a stale step: the right one, or none at all.
_LAST_STEP_NOT_STALE = LAST_STEP_RIGHT | LAST_STEP_NONE
# What last words say when they announce a step of their own.
_ANNOUNCES = re.compile(r"\b(?:next|i'll|i will|let me|going to|then)\b", re.IGNORECASE)


def _spans(keep: Callable[[HeldoutSet, BenchSpan], bool] = lambda hs, span: True) -> list[Any]:
    """(set, span) for each span of each set that `keep` keeps, named by the span."""
    return [
        pytest.param(hs, span, id=span.name)
        for hs in SETS
        for span in hs.spans.values()
        if keep(hs, span)
    ]


@pytest.mark.parametrize("hs", SETS, ids=lambda hs: hs.prefix.rstrip("-"))
def test_the_set_is_registered(hs: HeldoutSet) -> None:
    assert {(s.name, s.shape) for s in hs.spans.values()} == set(hs.shapes.items())
    assert {s.name for s in hs.spans.values() if s.production} == set(hs.production)


@pytest.mark.parametrize(("hs", "span"), _spans())
def test_shape(hs: HeldoutSet, span: BenchSpan) -> None:
    assert span.held_out
    assert 25 <= len(span.messages) <= 60
    assert tuple(q.kind for q in span.questions) == QUESTION_KINDS
    assert span.messages[0]["role"] == "system"
    assert span.messages[-1]["role"] in ("assistant", "tool")
    for q in span.questions:
        assert q.answer, (span.name, q.kind)
        if hs.grades_explained:
            assert q.partial_means and q.wrong, (span.name, q.kind)


@pytest.mark.parametrize(("hs", "span"), _spans())
def test_required_answers_are_in_the_span(hs: HeldoutSet, span: BenchSpan) -> None:
    text = span_text(span)
    for q in span.questions:
        for group in q.must:
            in_span = any(norm(p) in text for p in group)
            assert in_span or set(group) <= hs.status, (q.kind, group)
        for phrase in q.stale:
            if not phrase.startswith("fixed by"):
                assert norm(phrase) in text, (q.kind, phrase)


@pytest.mark.parametrize(
    ("hs", "span"), _spans(lambda hs, span: span.name not in _LAST_STEP_NOT_STALE)
)
def test_hard_in_the_ways_the_issue_names(hs: HeldoutSet, span: BenchSpan) -> None:
    """The assistant's last words name a step already done or impossible (a stale next step),
    a file the span created and deleted (or reverted) is a stale answer to the files question,
    and the re-run is not the fix."""
    q = {q.kind: q for q in span.questions}
    last = last_words(span)
    assert any(norm(p) in norm(last) for p in q["next_step"].stale), last
    assert all(q[k].stale and q[k].stale_means for k in ("next_step", "files_edited", "errors"))
    assert q["decisions"].stale_means
    # the assistant's last words, taken as the handoff, give a stale or incomplete next step
    assert grade_summary(last, span.questions).by_kind()["next_step"].grade != "correct"


def _other_traps_hold(span: BenchSpan) -> None:
    """The traps besides the last words: the deleted file, the superseded design, the re-run."""
    q = {q.kind: q for q in span.questions}
    assert all(q[k].stale and q[k].stale_means for k in ("next_step", "files_edited", "errors"))
    assert q["decisions"].stale_means


@pytest.mark.parametrize(("hs", "span"), _spans(lambda hs, span: span.name in LAST_STEP_RIGHT))
def test_the_last_words_may_name_the_right_step(hs: HeldoutSet, span: BenchSpan) -> None:
    """Where the assistant's last words name the right next step, they answer it and none of
    the stale steps is in them; the other traps still hold."""
    last = last_words(span)
    stale = next(q.stale for q in span.questions if q.kind == "next_step")
    assert not any(norm(p) in norm(last) for p in stale), last
    _other_traps_hold(span)
    assert grade_summary(last, span.questions).by_kind()["next_step"].grade == "correct"


@pytest.mark.parametrize(("hs", "span"), _spans(lambda hs, span: span.name in LAST_STEP_NONE))
def test_the_last_words_may_announce_nothing(hs: HeldoutSet, span: BenchSpan) -> None:
    """Where the assistant's last words only report what was done, they announce no step and
    name none of the stale ones: the next step is inferred from what remains; the other traps
    still hold."""
    last = last_words(span)
    stale = next(q.stale for q in span.questions if q.kind == "next_step")
    assert not _ANNOUNCES.search(last), last
    assert not any(norm(p) in norm(last) for p in stale), last
    _other_traps_hold(span)
    grade = grade_summary(last, span.questions).by_kind()["next_step"].grade
    assert grade in ("missing", "wrong"), grade


@pytest.mark.parametrize(("hs", "span"), _spans(lambda hs, span: span.name in hs.stale))
def test_a_careless_handoffs_traps_grade_stale(hs: HeldoutSet, span: BenchSpan) -> None:
    graded = grade_summary(hs.stale[span.name], span.questions).by_kind()
    for kind in ("next_step", "files_edited", "decisions", "errors"):
        assert graded[kind].grade == "stale", (kind, graded[kind])


@pytest.mark.parametrize(("hs", "span"), _spans(lambda hs, span: span.name in hs.production))
def test_the_production_summary_answers(hs: HeldoutSet, span: BenchSpan) -> None:
    want: Production = hs.production[span.name]
    summary = span.production
    assert summary
    if want.words:
        assert want.words[0] <= len(summary.split()) <= want.words[1]
    assert want.opens is None or summary.startswith(want.opens)
    graded = grade_summary(summary, span.questions)
    assert graded.score >= want.score, str(graded)
    for kind in want.missing:
        assert graded.by_kind()[kind].grade == "missing", str(graded)


@pytest.mark.parametrize(("hs", "span"), _spans(lambda hs, span: span.name in hs.readers))
def test_a_readers_handoff_answers(hs: HeldoutSet, span: BenchSpan) -> None:
    assert span.production is None
    graded = grade_summary(hs.readers[span.name], span.questions)
    assert graded.score >= 11, str(graded)


@pytest.mark.parametrize(("hs", "span"), _spans(lambda hs, span: hs.low is not None))
def test_a_summary_that_does_not_follow_the_work_scores_low(
    hs: HeldoutSet, span: BenchSpan
) -> None:
    assert hs.low is not None
    assert grade_summary("", span.questions).score == 0
    assert grade_summary(users(span)[0], span.questions).score <= hs.low.first_user
    assert grade_summary(last_words(span), span.questions).score <= hs.low.last_words
    # the user's messages carry the corrections and the requests, not what was done about them
    assert grade_summary("\n".join(users(span)), span.questions).score <= hs.low.users
