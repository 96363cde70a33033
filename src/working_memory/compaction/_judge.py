"""Judging a summary: by a question set, by a model, or (neither given) by the metrics.

`judge_summary(span, summary, questions=..., client=...)` picks the best judge it has: the
offline question grader when questions are given (the benchmark's, or a user's own), the
model judge when a client is given, otherwise the fact and continuation metrics, labelled as
metrics. `judge_with_model` writes questions of the twelve kinds from the span, answers them
from the summary alone and grades each answer, in three calls through any client of
`working_memory.clients`; its prompts are `JudgePrompts`, editable.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._redact import redact
from ..protocols import LLMClient
from ._evaluate import Span, SummaryScore, summary_metrics
from ._grader import grade_summary
from ._questions import GRADES, QUESTION_KINDS, Question, QuestionResult
from ._segments import span_text

__all__ = [
    "DEFAULT_JUDGE_PROMPTS",
    "JudgePrompts",
    "Judgement",
    "judge_summary",
    "judge_with_model",
]

_KIND_LINES = "\n".join(f"- {kind}" for kind in QUESTION_KINDS)

QUESTIONS_PROMPT = """You are preparing an exam for a coding agent that will resume the work \
below from a summary alone. Read the history between the markers.

<history>
{span}
</history>

Write one question of each of these kinds, with the answer taken from the history alone. Where \
something was superseded (a rejected design, a deleted file, a step already done), the answer is \
what holds at the end, and `stale` says what a stale answer would wrongly say.
{kinds}

Reply with JSON only: a list of objects with the keys "kind", "question", "answer", "stale"."""

ANSWERS_PROMPT = """You are a coding agent resuming work from this summary; you have nothing \
else.

<summary>
{summary}
</summary>

Answer each question from the summary alone. If the summary does not say, answer "not stated".

{questions}

Reply with JSON only: a list of objects with the keys "kind" and "answer", in the same order."""

GRADES_PROMPT = """Grade each answer against its reference answer, written from the full \
history. Grades: "correct" (the reference's substance, stated as the answer), "partial" (part of \
it), "wrong" (not it, or "not stated"), "stale" (states something the reference says was \
superseded, as if it still held).

{graded}

Reply with JSON only: a list of objects with the keys "kind", "grade" and "why" (one short \
sentence), in the same order."""


@dataclass(frozen=True)
class JudgePrompts:
    """The model judge's three prompts. Placeholders, substituted by hand (a span full of
    braces cannot break them): `{span}` and `{kinds}` in `questions`; `{summary}` and
    `{questions}` in `answers`; `{graded}` in `grades`."""

    questions: str = QUESTIONS_PROMPT
    answers: str = ANSWERS_PROMPT
    grades: str = GRADES_PROMPT

    def __post_init__(self) -> None:
        for name, needed in (
            ("questions", ("{span}",)),
            ("answers", ("{summary}", "{questions}")),
            ("grades", ("{graded}",)),
        ):
            text = getattr(self, name)
            missing = [p for p in needed if p not in text]
            if missing:
                raise ValueError(f"the {name} prompt lacks {', '.join(missing)}")


DEFAULT_JUDGE_PROMPTS = JudgePrompts()


def _fill(template: str, **values: str) -> str:
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", value)
    return out


@dataclass(frozen=True)
class Judgement:
    """A summary's grade by one judge, with the per-question results a person can read.

    `method`: "questions" (the offline grader), "model" (a model judge) or "metrics" (fact
    share and continuation probes: no judge was available). `score` of `out_of`: points over
    the questions (correct 1, partial 0.5), or for metrics the continuation probes' mean out
    of 1. `error` is set when the model judge failed; the results are then empty."""

    method: str
    label: str
    score: float | None
    out_of: float
    results: tuple[QuestionResult, ...] = ()
    metrics: SummaryScore | None = None
    noise: float | None = None  # share of fragment statements (question grader only)
    error: str | None = None

    @property
    def share(self) -> float | None:
        return None if self.score is None or not self.out_of else self.score / self.out_of

    @property
    def headline(self) -> str:
        if self.score is None:
            return f"{self.label}: no score ({self.error or 'nothing to grade'})"
        if self.method == "metrics":
            return f"{self.label}: continuation {self.score:.2f}"
        return f"{self.label}: {self.score:g} of {self.out_of:g}"

    def __str__(self) -> str:
        return "\n".join([self.headline, *(str(r) for r in self.results)])


def _json_list(text: str | None) -> list[Mapping[str, Any]]:
    """The first JSON list in a reply (models wrap JSON in prose or code fences)."""
    raw = text or ""
    start, end = raw.find("["), raw.rfind("]")
    if start < 0 or end <= start:
        raise ValueError(f"the reply holds no JSON list: {raw[:200]!r}")
    value = json.loads(raw[start : end + 1])
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise ValueError(f"expected a list of objects, got {raw[start : start + 200]!r}")
    return value


def _ask(client: LLMClient, prompt: str) -> list[Mapping[str, Any]]:
    return _json_list(client.complete([{"role": "user", "content": prompt}]).content)


@dataclass(frozen=True)
class _Asked:
    kind: str
    question: str
    answer: str
    stale: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


def judge_with_model(
    client: LLMClient,
    span: Span,
    summary: str | None,
    *,
    questions: Sequence[Question] | None = None,
    prompts: JudgePrompts = DEFAULT_JUDGE_PROMPTS,
    max_span_chars: int = 60_000,
) -> Judgement:
    """Questions from the span (or `questions`), answered by `client` from the summary alone,
    graded by `client` against the reference answers. Never raises on a failed call or a
    reply that is not JSON: the Judgement carries `error` instead."""
    model = getattr(client, "model", None)
    label = f"model judge ({model})" if isinstance(model, str) else "model judge"
    text = span_text(span)
    if len(text) > max_span_chars:  # keep both ends: the task and where the work stands
        half = max_span_chars // 2
        text = text[:half] + "\n...\n" + text[-half:]
    try:
        if questions is not None:
            asked = [_Asked(q.kind, q.ask, q.answer, q.stale_means) for q in questions]
        else:
            written = _ask(client, _fill(prompts.questions, span=text, kinds=_KIND_LINES))
            asked = [
                _Asked(str(q.get("kind", "")), str(q.get("question", "")),
                       str(q.get("answer", "")), str(q.get("stale") or ""))
                for q in written if q.get("question")
            ]  # fmt: skip
        listing = "\n".join(f"{i + 1}. [{q.kind}] {q.question}" for i, q in enumerate(asked))
        answers = _ask(
            client, _fill(prompts.answers, summary=summary or "(no summary)", questions=listing)
        )
        graded = "\n\n".join(
            f"{i + 1}. [{q.kind}] {q.question}\nreference: {q.answer}\n"
            + (f"stale would be: {q.stale}\n" if q.stale else "")
            + f"answer: {answers[i].get('answer', 'not stated') if i < len(answers) else 'not stated'}"
            for i, q in enumerate(asked)
        )
        grades = _ask(client, _fill(prompts.grades, graded=graded))
    except Exception as exc:  # a failed judge is a result, not a crash
        error = redact(f"{type(exc).__name__}: {exc}")[:300]
        return Judgement("model", label, None, float(len(questions or ())), error=error)
    results = []
    for i, q in enumerate(asked):
        g = grades[i] if i < len(grades) else {}
        grade = str(g.get("grade", "missing")).strip().lower()
        grade = grade if grade in GRADES else "missing"
        answer = str(answers[i].get("answer", "")) if i < len(answers) else ""
        results.append(QuestionResult(q.kind, q.question, grade, q.answer, answer,
                                      str(g.get("why", ""))))  # fmt: skip
    score = sum(r.points for r in results)
    return Judgement("model", label, score, float(len(results)), tuple(results))


def judge_summary(
    span: Span,
    summary: str | None,
    *,
    questions: Sequence[Question] | None = None,
    client: LLMClient | None = None,
    counter: Any = None,
) -> Judgement:
    """Judge `summary` of `span` with the best judge available: the offline question grader
    when `questions` are given, else the model judge when `client` is, else the metrics
    (`summary_metrics`), labelled as metrics, not a judge."""
    if questions is not None:
        graded = grade_summary(summary, questions)
        return Judgement(
            "questions",
            "question grader (offline)",
            graded.score,
            float(graded.out_of),
            graded.results,
            noise=graded.noise,
        )
    if client is not None:
        return judge_with_model(client, span, summary)
    metrics = summary_metrics(span, summary, counter=counter)
    cont = metrics.continuation.overall if metrics.continuation is not None else None
    label = "metrics (continuation probes and fact share; no judge given)"
    return Judgement("metrics", label, cont, 1.0, metrics=metrics)
