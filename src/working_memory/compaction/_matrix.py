"""Variants over several spans as a matrix: rows spans, columns variants, a score per cell.

    from working_memory.compaction import MatrixSpan, Variant, compare_matrix
    from working_memory.compaction.bench import benchmark_spans
    matrix = compare_matrix(benchmark_spans(), [Variant("offline"), Variant("short", word_limit=60)])
    print(matrix)                       # one line per span, a verdict per variant
    print(matrix.differences_only())    # only the spans where the variants disagree

As promptfoo's matrix (prompts x inputs, pass/fail, "show only different"). The cell metric is
pluggable (`CellMetric`): the judge by default (`JudgeMetric`: the span's questions when it has
them, else a model judge when given a client, else the metrics, labelled), or the fact share
(`FactMetric`). Offline variants that differ only by their prompt give the same summary (the
extractive compactor takes no prompt): the first runs, the others are cells that say whose
summary they would repeat, with no score of their own.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..protocols import LLMClient
from ..tokens import TokenCounter
from ._compare import Variant, compare
from ._evaluate import summary_metrics
from ._judge import judge_summary
from ._questions import Question

__all__ = [
    "PRODUCTION_COLUMN",
    "Cell",
    "CellMetric",
    "CellScore",
    "FactMetric",
    "JudgeMetric",
    "Matrix",
    "MatrixSpan",
    "compare_matrix",
    "shared_offline",
]

PRODUCTION_COLUMN = "production"  # the column of a span's own production summary


@dataclass(frozen=True)
class MatrixSpan:
    """A row: a named span (message dicts), its question set and production summary if any.
    `benchmark_spans()` items have these fields and are taken as they are."""

    name: str
    messages: Sequence[Mapping[str, Any]]
    questions: tuple[Question, ...] | None = None
    production: str | None = None


@dataclass(frozen=True)
class CellScore:
    """A metric's grade of one summary: `score` in [0, 1] (None: no score), `passed` against the
    metric's threshold, and the per-question (or per-fact) lines a person can read."""

    score: float | None
    passed: bool | None
    label: str
    results: tuple[str, ...] = ()
    error: str | None = None


@runtime_checkable
class CellMetric(Protocol):
    """What grades a cell: a name for the matrix's caption and a score for one summary."""

    @property
    def name(self) -> str: ...

    def score(self, span: MatrixSpan, summary: str | None) -> CellScore: ...


@dataclass(frozen=True)
class JudgeMetric:
    """The best judge available (`judge_summary`): the span's questions (offline grader), else
    `client` as a model judge, else the metrics' continuation share, labelled as metrics.
    A cell passes at `pass_at` or above."""

    client: LLMClient | None = None
    pass_at: float = 0.5
    name: str = "judge"

    def score(self, span: MatrixSpan, summary: str | None) -> CellScore:
        judged = judge_summary(span.messages, summary, questions=span.questions, client=self.client)
        share = judged.share
        return CellScore(
            share,
            None if share is None else share >= self.pass_at,
            judged.label,
            tuple(str(r) for r in judged.results),
            judged.error,
        )


@dataclass(frozen=True)
class FactMetric:
    """The share of the span's facts (paths, numbers, identifiers, errors) kept verbatim; a
    cell passes at `pass_at` or above. Its lines are the facts lost."""

    pass_at: float = 0.5
    counter: TokenCounter | str | None = None
    name: str = "fact retention"

    def score(self, span: MatrixSpan, summary: str | None) -> CellScore:
        metrics = summary_metrics(span.messages, summary, counter=self.counter)
        share = metrics.fact_retention
        lost = tuple(f"lost {f.kind}: {f.value}" for f in metrics.lost_facts)
        return CellScore(share, share >= self.pass_at, "fact retention (metrics)", lost)


@dataclass(frozen=True)
class Cell:
    """One (span, variant): the summary and its score; `same_as` names the variant whose
    summary it would repeat when it was not run (offline, differing only by its prompt)."""

    span: str
    variant: str
    summary: str | None = None
    score: CellScore | None = None
    error: str | None = None
    same_as: str | None = None

    @property
    def run(self) -> bool:
        return self.same_as is None

    @property
    def verdict(self) -> str:
        """ "pass", "fail", "error", "not run" or "no score"."""
        if self.same_as is not None:
            return "not run"
        if self.error:
            return "error"
        if self.score is None or self.score.passed is None:
            return "no score"
        return "pass" if self.score.passed else "fail"


@dataclass(frozen=True)
class Matrix:
    """Rows `spans`, columns `variants`, a `Cell` for each pair (`cell(span, variant)`)."""

    spans: tuple[str, ...]
    variants: tuple[str, ...]
    cells: Mapping[tuple[str, str], Cell] = field(default_factory=dict)
    metric: str = ""

    def cell(self, span: str, variant: str) -> Cell:
        return self.cells[(span, variant)]

    def row(self, span: str) -> tuple[Cell, ...]:
        return tuple(self.cells[(span, v)] for v in self.variants if (span, v) in self.cells)

    def disagrees(self, span: str, tolerance: float = 0.0) -> bool:
        """Whether the variants that ran on `span` differ: in verdict, or in score by more
        than `tolerance`. Cells not run never count (they would repeat another's summary)."""
        ran = [c for c in self.row(span) if c.run]
        if len({c.verdict for c in ran}) > 1:
            return True
        scores = [c.score.score for c in ran if c.score is not None and c.score.score is not None]
        return bool(scores) and max(scores) - min(scores) > tolerance

    def differences_only(self, tolerance: float = 0.0) -> Matrix:
        """The same matrix with only the rows where the variants disagree ("show only
        different")."""
        keep = tuple(s for s in self.spans if self.disagrees(s, tolerance))
        cells = {k: c for k, c in self.cells.items() if k[0] in keep}
        return Matrix(keep, self.variants, cells, self.metric)

    def pass_counts(self) -> dict[str, tuple[int, int]]:
        """Per variant: (cells passed, cells scored)."""
        counts = {}
        for variant in self.variants:
            verdicts = [
                self.cells[(s, variant)].verdict for s in self.spans if (s, variant) in self.cells
            ]
            scored = [v for v in verdicts if v in ("pass", "fail")]
            counts[variant] = (scored.count("pass"), len(scored))
        return counts

    def rows(self) -> list[dict[str, Any]]:
        """One dict per span: the span's name, then per variant its score (None: none)."""
        out = []
        for span in self.spans:
            row: dict[str, Any] = {"span": span}
            for variant in self.variants:
                cell = self.cells.get((span, variant))
                row[variant] = (
                    cell.score.score if cell is not None and cell.score is not None else None
                )
            out.append(row)
        return out

    def to_pandas(self) -> Any:
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=["span", *self.variants]).set_index("span")

    def __str__(self) -> str:
        def text(cell: Cell | None) -> str:
            if cell is None:
                return "—"
            if cell.same_as is not None:
                return f"= {cell.same_as}"
            share = cell.score.score if cell.score is not None else None
            return cell.verdict + (f" {share:.0%}" if share is not None else "")

        width = max([4, *(len(s) for s in self.spans)])
        lines = [f"{'span':{width}}  " + "  ".join(f"{v:>14}" for v in self.variants)]
        for span in self.spans:
            cells = [text(self.cells.get((span, v))) for v in self.variants]
            lines.append(f"{span:{width}}  " + "  ".join(f"{c:>14}" for c in cells))
        return "\n".join(lines)


def shared_offline(variants: Sequence[Variant]) -> dict[str, str]:
    """Offline variants that would only repeat another's summary, each with that one's name:
    the extractive compactor takes no prompt, so offline variants of the same word limit and
    settings give the same summary. A subclass building its own compactor is never grouped."""
    first: dict[tuple[Any, str], str] = {}
    shared: dict[str, str] = {}
    for variant in variants:
        if not variant.offline or type(variant).compactor is not Variant.compactor:
            continue
        key = (variant.word_limit, repr(sorted(dict(variant.settings).items())))
        if key in first:
            shared[variant.name] = first[key]
        else:
            first[key] = variant.name
    return shared


def _as_span(item: Any, position: int) -> MatrixSpan:
    if isinstance(item, MatrixSpan):
        return item
    if hasattr(item, "messages") and hasattr(item, "name"):  # a BenchSpan, or alike
        questions = getattr(item, "questions", None)
        return MatrixSpan(
            str(item.name),
            item.messages,
            tuple(questions) if questions is not None else None,
            getattr(item, "production", None),
        )
    if isinstance(item, Sequence) and not isinstance(item, str | bytes):
        return MatrixSpan(str(position), item)
    raise TypeError(
        f"span {position}: expected a MatrixSpan, a benchmark span or a list of message dicts, "
        f"got {type(item).__name__}"
    )


def _spans(spans: Sequence[Any] | Mapping[str, Any]) -> list[MatrixSpan]:
    if isinstance(spans, Mapping):
        found = [
            _as_span(v, n) if not isinstance(v, Sequence) else MatrixSpan(str(k), v)
            for n, (k, v) in enumerate(spans.items())
        ]
    else:
        found = [_as_span(item, n) for n, item in enumerate(spans)]
    names = [s.name for s in found]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"span names must be unique; repeated: {', '.join(repeated)}")
    if not found:
        raise ValueError("compare_matrix needs at least one span")
    return found


def compare_matrix(
    spans: Sequence[Any] | Mapping[str, Any],
    variants: Sequence[Variant],
    *,
    metric: CellMetric | None = None,
    include_production: bool = True,
    concurrency: int = 4,
    counter: TokenCounter | str | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
) -> Matrix:
    """Every variant on every span, each summary graded by `metric` (default `JudgeMetric()`).

    `spans`: `MatrixSpan`s, benchmark spans (`benchmark_spans()`), lists of message dicts, or a
    mapping name -> list of message dicts. A span with a production summary gets a
    `production` column when `include_production`. At most `concurrency` cells run at once;
    `progress(done, total)` is called per cell; with `cancel` set, cells not yet started are
    left out of the matrix (`cells` lacks them)."""
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency!r}")
    rows = _spans(spans)
    names = [v.name for v in variants]
    if not names:
        raise ValueError("compare_matrix needs at least one variant")
    if PRODUCTION_COLUMN in names:
        raise ValueError(f"{PRODUCTION_COLUMN!r} is the production summary's column")
    grader = metric if metric is not None else JudgeMetric()
    shared = shared_offline(variants)
    columns = list(names)
    if include_production and any(s.production for s in rows):
        columns.append(PRODUCTION_COLUMN)
    cells: dict[tuple[str, str], Cell] = {}
    jobs: list[tuple[MatrixSpan, Variant | None]] = []
    for span in rows:
        for variant in variants:
            if variant.name in shared:
                cells[(span.name, variant.name)] = Cell(
                    span.name, variant.name, same_as=shared[variant.name]
                )
            else:
                jobs.append((span, variant))
        if PRODUCTION_COLUMN in columns and span.production:
            jobs.append((span, None))

    def run(span: MatrixSpan, variant: Variant | None) -> Cell:
        if variant is None:
            return Cell(
                span.name, PRODUCTION_COLUMN, span.production, grader.score(span, span.production)
            )
        frame = compare(
            {span.name: list(span.messages)},
            [variant],
            concurrency=1,
            progress=False,
            counter=counter,
        )
        row = frame.iloc[0]
        error = row["error"] if isinstance(row["error"], str) and row["error"] else None
        summary = row["summary"] if isinstance(row["summary"], str) else None
        score = None if error else grader.score(span, summary)
        return Cell(span.name, variant.name, summary, score, error)

    total, done = len(jobs), 0
    if progress:
        progress(0, total)
    with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="wm-matrix") as pool:
        queue = list(jobs)
        pending: set[Future[Cell]] = set()
        while queue or pending:
            while queue and len(pending) < concurrency and not (cancel and cancel.is_set()):
                pending.add(pool.submit(run, *queue.pop(0)))
            if cancel and cancel.is_set():
                queue.clear()
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                cell = future.result()
                cells[(cell.span, cell.variant)] = cell
                done += 1
                if progress:
                    progress(done, total)
    label = getattr(grader, "name", type(grader).__name__)
    return Matrix(tuple(s.name for s in rows), tuple(columns), cells, label)
