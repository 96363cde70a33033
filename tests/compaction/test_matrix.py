"""compare_matrix: rows spans, columns variants, a pluggable cell metric, "differences only"."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest

pytest.importorskip("pandas")

from working_memory.compaction import (
    CellMetric,
    CellScore,
    FactMetric,
    JudgeMetric,
    Matrix,
    MatrixSpan,
    Variant,
    compare_matrix,
    grade_summary,
    shared_offline,
)
from working_memory.compaction.bench import benchmark_spans

BENCH = benchmark_spans()


def test_rows_are_spans_columns_variants_and_the_judge_grades_by_questions() -> None:
    spans = BENCH[:3]
    matrix = compare_matrix(spans, [Variant("offline"), Variant("short", word_limit=40)])
    assert matrix.spans == tuple(s.name for s in spans)
    # The first two benchmark spans carry a production summary: its column joins.
    assert matrix.variants == ("offline", "short", "production")
    assert matrix.metric == "judge"
    for span in spans:
        cell = matrix.cell(span.name, "offline")
        assert cell.run and isinstance(cell.summary, str) and cell.summary
        # The default metric is the question grader on the span's own questions: the very
        # score grade_summary gives that summary, one result line per question.
        graded = grade_summary(cell.summary, span.questions)
        assert cell.score is not None
        assert cell.score.score == pytest.approx(graded.score / graded.out_of)
        assert cell.score.label == "question grader (offline)"
        assert len(cell.score.results) == len(span.questions)
        assert cell.verdict == ("pass" if cell.score.score >= 0.5 else "fail")
    assert ("chat-csv", "production") not in matrix.cells  # it has no production summary
    production = matrix.cell("claude-ratelimit", "production")
    assert production.summary == BENCH[0].production


def test_offline_variants_that_differ_only_by_prompt_run_once() -> None:
    variants = [
        Variant("offline"),
        Variant("handoff", prompt="handoff"),
        Variant("short", word_limit=60),
    ]
    assert shared_offline(variants) == {"handoff": "offline"}
    matrix = compare_matrix(BENCH[2:4], variants)
    for span in matrix.spans:
        cell = matrix.cell(span, "handoff")
        assert not cell.run and cell.same_as == "offline"
        assert cell.summary is None and cell.score is None and cell.verdict == "not run"
        assert matrix.cell(span, "short").run
    # Not-run cells are not scored, so they never count as a pass, a fail or a disagreement.
    assert matrix.pass_counts()["handoff"] == (0, 0)
    text = str(matrix)
    assert "= offline" in text


def test_differences_only_keeps_the_rows_where_variants_disagree() -> None:
    # Word limits far above what the extractive handoff writes on these short spans give the
    # same summary, so the same score: those rows agree. A 20-word limit cuts the summary.
    spans = BENCH[2:5]
    same = compare_matrix(
        spans,
        [Variant("big", word_limit=3000), Variant("bigger", word_limit=4000)],
        include_production=False,
    )
    for span in same.spans:
        assert same.cell(span, "big").summary == same.cell(span, "bigger").summary
        assert not same.disagrees(span)
    assert same.differences_only().spans == ()
    assert same.differences_only().cells == {}

    mixed = compare_matrix(
        spans,
        [Variant("big", word_limit=3000), Variant("tiny", word_limit=20)],
        include_production=False,
    )
    kept = mixed.differences_only()
    expected = tuple(
        s
        for s in mixed.spans
        if mixed.cell(s, "big").score.score != mixed.cell(s, "tiny").score.score  # type: ignore[union-attr]
        or mixed.cell(s, "big").verdict != mixed.cell(s, "tiny").verdict
    )
    assert kept.spans == expected and expected  # at least one row differs
    assert set(kept.cells) == {(s, v) for s in expected for v in kept.variants}
    # A tolerance wider than every gap hides rows whose verdicts agree.
    wide = mixed.differences_only(tolerance=1.0)
    assert all(mixed.cell(s, "big").verdict != mixed.cell(s, "tiny").verdict for s in wide.spans)


def test_a_hand_built_matrix_filters_by_verdict_and_by_score() -> None:
    from working_memory.compaction import Cell

    def cell(span: str, variant: str, score: float, passed: bool) -> Cell:
        return Cell(span, variant, "s", CellScore(score, passed, "m"))

    cells = {
        ("a", "x"): cell("a", "x", 0.8, True),
        ("a", "y"): cell("a", "y", 0.8, True),  # agree
        ("b", "x"): cell("b", "x", 0.8, True),
        ("b", "y"): cell("b", "y", 0.2, False),  # pass vs fail
        ("c", "x"): cell("c", "x", 0.6, True),
        ("c", "y"): cell("c", "y", 0.7, True),  # same verdict, other score
        ("d", "x"): cell("d", "x", 0.6, True),
        ("d", "y"): Cell("d", "y", same_as="x"),  # not run: no disagreement
    }
    matrix = Matrix(("a", "b", "c", "d"), ("x", "y"), cells, "m")
    assert matrix.differences_only().spans == ("b", "c")
    assert matrix.differences_only(tolerance=0.2).spans == ("b",)
    assert matrix.pass_counts() == {"x": (4, 4), "y": (2, 3)}
    assert matrix.rows()[1] == {"span": "b", "x": 0.8, "y": 0.2}
    assert list(matrix.to_pandas().columns) == ["x", "y"]


@dataclass(frozen=True)
class _Length:
    """A metric of the test's own: passes summaries of at most `words` words."""

    words: int
    name: str = "length"

    def score(self, span: MatrixSpan, summary: str | None) -> CellScore:
        n = len((summary or "").split())
        return CellScore(
            min(1.0, self.words / max(1, n)), n <= self.words, "length", (f"{n} words",)
        )


def test_the_cell_metric_is_pluggable() -> None:
    assert isinstance(JudgeMetric(), CellMetric) and isinstance(FactMetric(), CellMetric)
    assert isinstance(_Length(10), CellMetric)
    spans = BENCH[2:4]
    variants = [Variant("big", word_limit=3000), Variant("tiny", word_limit=20)]
    facts = compare_matrix(spans, variants, metric=FactMetric())
    assert facts.metric == "fact retention"
    for span in facts.spans:
        cell = facts.cell(span, "big")
        assert cell.score is not None and 0 < cell.score.score <= 1  # type: ignore[operator]
        assert all(line.startswith("lost ") for line in cell.score.results)
    own = compare_matrix(spans, variants, metric=_Length(60))
    assert own.metric == "length"
    for span in own.spans:
        tiny, big = own.cell(span, "tiny"), own.cell(span, "big")
        assert tiny.verdict == "pass"  # 20 words or fewer
        assert big.score is not None and big.score.results[0].endswith("words")


def test_plain_message_lists_and_bad_input() -> None:
    messages = list(BENCH[2].messages)
    matrix = compare_matrix({"mine": messages}, [Variant("offline")])
    # No questions and no judge client: the judge falls back to the metrics, labelled.
    assert matrix.cell("mine", "offline").score.label.startswith("metrics")  # type: ignore[union-attr]
    assert compare_matrix([messages], [Variant("offline")]).spans == ("0",)
    with pytest.raises(ValueError, match="unique"):
        compare_matrix([BENCH[2], BENCH[2]], [Variant("offline")])
    with pytest.raises(ValueError, match="production"):
        compare_matrix([BENCH[2]], [Variant("production")])
    with pytest.raises(TypeError, match="span 0"):
        compare_matrix([42], [Variant("offline")])


def test_progress_per_cell_and_cancel_keeps_what_finished() -> None:
    seen: list[tuple[int, int]] = []
    compare_matrix(BENCH[2:4], [Variant("offline")], progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 2) and seen[-1] == (2, 2)
    cancel = threading.Event()
    cancel.set()
    matrix = compare_matrix(BENCH[2:4], [Variant("offline")], cancel=cancel)
    assert matrix.cells == {}
