"""Probing a summary with a model, in the style of Factory.ai's compaction evaluation:
questions (recall, artifact, continuation, decision) made from the span, answered from the
summary alone and graded against the span (by fact matching, the continuation rules, or an
LLM grader).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .._redact import redact
from ..protocols import LLMClient
from ._continuation import (
    CONTINUATION_PROBES,
    ContinuationExpectations,
    continuation_expectations,
    continuation_score,
)
from ._extractive import DECISION_CUES, span_lines
from ._facts import Fact, count_facts, fact_in
from ._segments import span_text

__all__ = [
    "PROBE_KINDS",
    "Probe",
    "ProbeResult",
    "ProbeScores",
    "make_probes",
    "probe_summary",
]


PROBE_KINDS = ("recall", "artifact", "continuation", "decision")
# The continuation probes (working_memory.compaction._continuation) asked of a model: the same questions
# summary_metrics answers from the summary's text, here answered by a model from the summary.
_CONTINUATION_QUESTIONS = {
    "latest_request": "What was the user's latest request? Quote it.",
    "user_messages": "List every message the user typed, in order, quoted.",
    "files_edited": "Which files were edited or created? Give their exact paths.",
    "last_error": "Which error is still unresolved? Quote its message.",
    "pending_todos": "Which tasks or todo items are still pending? Name each one.",
    "next_step": "What is the very next step? State it.",
}

_ANSWER_PROMPT = """You are continuing a task. All you know about the earlier work is this summary of it.
Answer the question from the summary alone. Quote file paths, names, values, commands and
errors exactly. If the summary does not say, answer: unknown

Summary:
{summary}

Question: {question}"""

_GRADE_PROMPT = """Grade an answer about earlier work against the original record of that work.
Score 0 (wrong or missing) to 5 (complete and exact). Reply with JSON only: {{"score": <0-5>}}

Original record (excerpt):
{span}

Question: {question}
Expected facts: {expected}
Answer: {answer}"""


@dataclass(frozen=True)
class Probe:
    """A question about the span, and the facts a good answer contains."""

    kind: str
    question: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class ProbeResult:
    probe: Probe
    answer: str | None
    score: float | None  # 0..1; None when the client failed
    error: str | None = None


@dataclass(frozen=True)
class ProbeScores:
    """Probe results and the mean score per probe kind (None for kinds with no probe)."""

    results: tuple[ProbeResult, ...]

    def by_kind(self) -> dict[str, float | None]:
        out: dict[str, float | None] = {}
        asked = {r.probe.kind for r in self.results}
        for kind in (*PROBE_KINDS, *(k for k in CONTINUATION_PROBES if k in asked)):
            scores = [r.score for r in self.results if r.probe.kind == kind and r.score is not None]
            out[kind] = sum(scores) / len(scores) if scores else None
        return out

    @property
    def overall(self) -> float | None:
        scores = [r.score for r in self.results if r.score is not None]
        return sum(scores) / len(scores) if scores else None

    def to_row(self) -> dict[str, Any]:
        row: dict[str, Any] = {f"probe_{kind}": v for kind, v in self.by_kind().items()}
        row["probe_overall"] = self.overall
        row["probe_errors"] = sum(1 for r in self.results if r.error)
        return row


def make_probes(
    span: Sequence[Mapping[str, Any]],
    *,
    recall: int = 3,
    top: int = 8,
    continuation: bool = True,
) -> list[Probe]:
    """Questions about a span, built deterministically from its facts and lines.

    recall: fill in a blanked fact from a line that mentions a recurring fact;
    artifact: which files were touched; continuation: the state at the end and the next step;
    decision: what was decided (only when the span has decision lines with facts).
    With `continuation`, also the continuation probes that apply to the span (kinds named as
    in `working_memory.compaction._continuation`: latest_request, user_messages, files_edited,
    last_error, pending_todos, next_step), expecting what `continuation_expectations` reads.
    """
    lines = span_lines(span)
    text = " ".join(span_text(span).split())
    # Only facts that occur verbatim can be asked for (an error's value may be normalised).
    counts = Counter(
        {f: n for f, n in count_facts(ln.text for ln in lines).items() if fact_in(f, text)}
    )
    lines = [replace(ln, facts=frozenset(f for f in ln.facts if f in counts)) for ln in lines]
    probes: list[Probe] = []

    ranked = sorted(
        (f for f in counts if f.kind != "path"), key=lambda f: (-counts[f], f.kind, f.value)
    )
    used: set[Fact] = set()
    for fact in ranked:
        if len(used) >= recall:
            break
        line = next(
            (
                ln
                for ln in lines
                if fact in ln.facts and fact.value in ln.text and len(ln.text) <= 300
            ),
            None,
        )
        if line is None:
            continue
        blanked = line.text.replace(fact.value, "_____", 1)
        probes.append(
            Probe(
                "recall",
                f"In the earlier work this line appeared: {blanked!r}. What goes in the blank?",
                (fact.value,),
            )
        )
        used.add(fact)

    paths = sorted((f for f in counts if f.kind == "path"), key=lambda f: (-counts[f], f.value))
    if paths:
        probes.append(
            Probe(
                "artifact",
                "Which files were read, created or modified? List their paths.",
                tuple(f.value for f in paths[:top]),
            )
        )

    tail_facts: list[Fact] = []
    for line in reversed(lines[-12:]):
        tail_facts.extend(f for f in sorted(line.facts) if f not in tail_facts)
    if tail_facts:
        probes.append(
            Probe(
                "continuation",
                "What was being worked on at the end, and what is the next step? Name files, "
                "commands and values.",
                tuple(f.value for f in tail_facts[:top]),
            )
        )

    decided: list[Fact] = []
    for line in lines:
        if line.kind != "tool" and DECISION_CUES.search(line.text):
            decided.extend(f for f in sorted(line.facts) if f not in decided)
    if decided:
        probes.append(
            Probe(
                "decision",
                "What decisions were made, and what did each one rule out? Name the specifics.",
                tuple(f.value for f in decided[:top]),
            )
        )
    if continuation:
        expected = continuation_expectations(span)
        for kind, question in _CONTINUATION_QUESTIONS.items():
            value = getattr(expected, kind)
            values = (value,) if isinstance(value, str) else tuple(value or ())
            if values:
                probes.append(Probe(kind, question, values))
    return probes


def _continuation_grade(probe: Probe, answer: str) -> float:
    """A continuation probe's answer graded as summary_metrics grades a summary: 60% of an
    expected item's words, or its issue id, or a file's path (or a tail of it)."""
    score = continuation_score(
        ContinuationExpectations(
            latest_request=probe.expected[0] if probe.kind == "latest_request" else None,
            user_messages=probe.expected if probe.kind == "user_messages" else (),
            files_edited=probe.expected if probe.kind == "files_edited" else (),
            last_error=probe.expected[0] if probe.kind == "last_error" else None,
            pending_todos=probe.expected if probe.kind == "pending_todos" else (),
            next_step=probe.expected[0] if probe.kind == "next_step" else None,
        ),
        answer,
    )
    value = getattr(score, probe.kind)
    return float(value) if value is not None else 0.0


def _fact_score(expected: Sequence[str], answer: str) -> float:
    if not expected:
        return 0.0
    hits = sum(1 for value in expected if fact_in(Fact("expected", value), answer))
    return hits / len(expected)


def _llm_grade(grader: LLMClient, span: str, probe: Probe, answer: str) -> float:
    excerpt = span if len(span) <= 30_000 else span[:15_000] + "\n...\n" + span[-15_000:]
    reply = grader.complete(
        [
            {
                "role": "user",
                "content": _GRADE_PROMPT.format(
                    span=excerpt,
                    question=probe.question,
                    expected=json.dumps(list(probe.expected)),
                    answer=answer,
                ),
            }
        ]
    ).content
    match = re.search(r"\"score\"\s*:\s*([0-5](?:\.\d+)?)", reply or "") or re.search(
        r"\b([0-5](?:\.\d+)?)\b", reply or ""
    )
    if match is None:
        raise ValueError(f"grader reply has no 0-5 score: {(reply or '')[:200]!r}")
    return float(match.group(1)) / 5.0


def probe_summary(
    span: Sequence[Mapping[str, Any]],
    summary: str | None,
    client: LLMClient,
    grader: LLMClient | None = None,
    *,
    probes: Sequence[Probe] | None = None,
) -> ProbeScores:
    """Ask `client` each probe with only the summary in hand; grade the answers against the span.

    Without a `grader`, an answer scores the share of the expected facts it states verbatim.
    With one, the grader model scores it 0-5 against the span (scaled to 0..1). A failed call
    becomes a result with `error` set and no score; it never raises.
    """
    if client is None:
        raise TypeError("probe_summary needs a client to answer the probes; see client_from_env()")
    text = span_text(span)
    results: list[ProbeResult] = []
    for probe in probes if probes is not None else make_probes(span):
        prompt = _ANSWER_PROMPT.format(summary=summary or "(no summary)", question=probe.question)
        try:
            answer = client.complete([{"role": "user", "content": prompt}]).content or ""
            if grader is None and probe.kind in CONTINUATION_PROBES:
                score = _continuation_grade(probe, answer)
            elif grader is None:
                score = _fact_score(probe.expected, answer)
            else:
                score = _llm_grade(grader, text, probe, answer)
        except Exception as exc:  # a failed probe is a row, not a crash
            error = redact(f"{type(exc).__name__}: {exc}")[:300]
            results.append(ProbeResult(probe, None, None, error=error))
            continue
        results.append(ProbeResult(probe, answer, score))
    return ProbeScores(tuple(results))
