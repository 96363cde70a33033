"""Judging a summary against the span it replaced: deterministic, offline metrics.

`judge_summary` measures what survived: the span's verbatim facts (paths, identifiers,
numbers, errors, URLs, commands), the user's instructions and corrections, the compression
and the word limit, and the continuation probes (`working_memory.compaction._continuation`: could an
agent carry on from it, computed from the span without a model). `probe_summary` optionally asks a model questions in the style of
Factory.ai's compaction evaluation (recall, artifact, continuation, decision), answered from
the summary alone and graded against the span.
"""

from __future__ import annotations

import bisect
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .._redact import redact
from ..protocols import LLMClient
from ..tokens import TokenCounter, get_counter
from ._compactor import NOTHING
from ._continuation import (
    CONTINUATION_PROBES,
    ContinuationExpectations,
    ContinuationScore,
    continuation_expectations,
    continuation_score,
)
from ._extractive import DECISION_CUES, span_lines
from ._facts import (
    Fact,
    _words,
    count_facts,
    extract_facts,
    fact_in,
    is_chit_chat,
    span_segments,
    span_text,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "PROBE_KINDS",
    "Fact",
    "Probe",
    "ProbeResult",
    "ProbeScores",
    "SummaryScore",
    "extract_facts",
    "judge_summary",
    "make_probes",
    "probe_summary",
    "to_pandas",
    "user_instructions",
]

Span = str | Sequence[Mapping[str, Any]]

_STOPWORDS = _words(
    "the a an and or but of to in on at for with from by is are was were be been it this that "
    "these those as if then than so not no do does did have has had you your i we our they "
    "them can could should would will just also into out up about over please"
)


@dataclass(frozen=True)
class SummaryScore:
    """How well a summary kept its span. Shares are in [0, 1]; None where undefined."""

    span_facts: int
    kept_facts: tuple[Fact, ...]
    lost_facts: tuple[Fact, ...]
    frequent_facts: int  # facts mentioned at least `frequent` times in the span
    frequent_kept: int
    span_tokens: int
    summary_tokens: int
    summary_words: int
    word_limit: int | None
    nothing: bool
    corrections: int  # typed user instructions and corrections in the span
    corrections_kept: int
    corrections_lost: tuple[str, ...] = field(default=())
    # Continuation probes (working_memory.compaction._continuation): None for a span given as text.
    continuation: ContinuationScore | None = None

    @property
    def fact_retention(self) -> float:
        """Share of the span's distinct facts found verbatim in the summary (1.0 if it had none)."""
        return len(self.kept_facts) / self.span_facts if self.span_facts else 1.0

    @property
    def frequent_retention(self) -> float:
        return self.frequent_kept / self.frequent_facts if self.frequent_facts else 1.0

    @property
    def correction_retention(self) -> float:
        return self.corrections_kept / self.corrections if self.corrections else 1.0

    @property
    def compression(self) -> float | None:
        """Span tokens per summary token; None when there is no summary."""
        return self.span_tokens / self.summary_tokens if self.summary_tokens else None

    @property
    def within_limit(self) -> bool | None:
        return None if self.word_limit is None else self.summary_words <= self.word_limit

    def to_row(self) -> dict[str, Any]:
        """A flat dict for one DataFrame row: counts, shares, and the kept/lost fact lists."""
        return {
            "fact_retention": self.fact_retention,
            "facts": self.span_facts,
            "facts_kept": len(self.kept_facts),
            "frequent_retention": self.frequent_retention,
            "corrections": self.corrections,
            "corrections_kept": self.corrections_kept,
            "compression": self.compression,
            "span_tokens": self.span_tokens,
            "summary_tokens": self.summary_tokens,
            "summary_words": self.summary_words,
            "word_limit": self.word_limit,
            "within_limit": self.within_limit,
            "nothing": self.nothing,
            **(
                self.continuation.to_row()
                if self.continuation is not None
                else {"continuation": None, **{f"cont_{p}": None for p in CONTINUATION_PROBES}}
            ),
            "kept": [str(f) for f in self.kept_facts],
            "lost": [str(f) for f in self.lost_facts],
        }


def user_instructions(span: Span) -> list[str]:
    """The typed user turns of a span (instructions and corrections), without pleasantries."""
    if isinstance(span, str):
        return []
    return [
        s.text.strip() for s in span_segments(span) if s.kind == "user" and not is_chit_chat(s.text)
    ]


def _content_words(text: str) -> set[str]:
    words = (w.strip("./-") for w in re.findall(r"[a-z0-9_./\-]+", text.lower()))
    return {w for w in words if len(w) >= 3 and w not in _STOPWORDS}


def _instruction_kept(instruction: str, summary: str) -> bool:
    """Verbatim, or at least 60% of its content words present, a word also matching its
    inflections ("fix" in "fixed"): summaries often quote an instruction in part."""
    if " ".join(instruction.split()) in " ".join(summary.split()):
        return True
    words = _content_words(instruction)
    if not words:
        return False
    present = sorted(_content_words(summary))
    hits = 0
    for word in words:
        at = bisect.bisect_left(present, word)
        hits += at < len(present) and present[at].startswith(word)
    return hits / len(words) >= 0.6


@dataclass(frozen=True)
class _PreparedSpan:
    """What judging needs from a span, computed once when many summaries share it."""

    text: str
    counts: Mapping[Fact, int]
    instructions: tuple[str, ...]
    tokens: int
    expectations: ContinuationExpectations | None = None


def _prepare(span: Span, counter: TokenCounter) -> _PreparedSpan:
    text = span_text(span)
    expectations = None if isinstance(span, str) else continuation_expectations(span)
    return _PreparedSpan(
        text, count_facts(text), tuple(user_instructions(span)), counter.count(text), expectations
    )


def _score(
    prepared: _PreparedSpan,
    summary: str | None,
    counter: TokenCounter,
    word_limit: int | None,
    frequent: int,
) -> SummaryScore:
    summary_text = summary or ""
    nothing = not summary_text.strip() or summary_text.strip(" .\n\"'`*").upper() == NOTHING
    if nothing:
        summary_text = ""
    flat = " ".join(summary_text.split())
    kept: list[Fact] = []
    lost: list[Fact] = []
    for fact in prepared.counts:  # Counter keeps first-seen order
        (kept if flat and fact_in(fact, flat) else lost).append(fact)
    kept_set = set(kept)
    frequent_all = [f for f, n in prepared.counts.items() if n >= frequent]
    lost_instructions = tuple(
        i for i in prepared.instructions if not _instruction_kept(i, summary_text)
    )
    return SummaryScore(
        span_facts=len(prepared.counts),
        kept_facts=tuple(kept),
        lost_facts=tuple(lost),
        frequent_facts=len(frequent_all),
        frequent_kept=sum(1 for f in frequent_all if f in kept_set),
        span_tokens=prepared.tokens,
        summary_tokens=counter.count(summary_text) if summary_text else 0,
        summary_words=len(summary_text.split()),
        word_limit=word_limit,
        nothing=nothing,
        corrections=len(prepared.instructions),
        corrections_kept=len(prepared.instructions) - len(lost_instructions),
        corrections_lost=lost_instructions,
        continuation=(
            continuation_score(prepared.expectations, summary_text)
            if prepared.expectations is not None
            else None
        ),
    )


def judge_summary(
    span: Span,
    summary: str | None,
    *,
    counter: TokenCounter | str | None = None,
    word_limit: int | None = None,
    frequent: int = 5,
) -> SummaryScore:
    """Score `summary` against the `span` it replaces (messages, or the span's text).

    A summary of None, empty or `NOTHING` counts as having kept nothing. `frequent` sets
    which facts count as frequently mentioned (for `frequent_retention`).
    """
    tokens = get_counter(counter)
    return _score(_prepare(span, tokens), summary, tokens, word_limit, frequent)


def to_pandas(scores: Iterable[SummaryScore | ProbeScores]) -> pd.DataFrame:
    """One row per score (SummaryScore or ProbeScores)."""
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("to_pandas needs pandas: pip install 'working-memory[notebook]'") from exc
    return pd.DataFrame([score.to_row() for score in scores])


# --- probes -------------------------------------------------------------------------------

PROBE_KINDS = ("recall", "artifact", "continuation", "decision")
# The continuation probes (working_memory.compaction._continuation) asked of a model: the same questions
# judge_summary answers from the summary's text, here answered by a model from the summary.
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
    """A continuation probe's answer graded as judge_summary grades a summary: 60% of an
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
