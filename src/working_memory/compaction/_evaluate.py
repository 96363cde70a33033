"""Judging a summary against the span it replaced: deterministic, offline metrics.

`summary_metrics` measures what survived: the span's verbatim facts (paths, identifiers,
numbers, errors, URLs, commands), the user's instructions and corrections, the compression
and the word limit, and the continuation probes (`working_memory.compaction._continuation`: could an
agent carry on from it, computed from the span without a model). `probe_summary` optionally asks a model questions in the style of
Factory.ai's compaction evaluation (recall, artifact, continuation, decision), answered from
the summary alone and graded against the span.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..tokens import TokenCounter, get_counter
from ._continuation import (
    CONTINUATION_PROBES,
    ContinuationExpectations,
    ContinuationScore,
    continuation_expectations,
    continuation_score,
)
from ._fact_patterns import word_set
from ._facts import Fact, count_facts, extract_facts, fact_in
from ._probes import (
    PROBE_KINDS,
    Probe,
    ProbeResult,
    ProbeScores,
    make_probes,
    probe_summary,
)
from ._replies import is_nothing
from ._segments import is_chit_chat, span_segments, span_text

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
    "make_probes",
    "probe_summary",
    "summary_metrics",
    "to_pandas",
    "user_instructions",
]

Span = str | Sequence[Mapping[str, Any]]

_STOPWORDS = word_set(
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
class PreparedSpan:
    """What judging needs from a span, computed once when many summaries share it."""

    text: str
    counts: Mapping[Fact, int]
    instructions: tuple[str, ...]
    tokens: int
    expectations: ContinuationExpectations | None = None


def prepare(span: Span, counter: TokenCounter) -> PreparedSpan:
    text = span_text(span)
    expectations = None if isinstance(span, str) else continuation_expectations(span)
    return PreparedSpan(
        text, count_facts(text), tuple(user_instructions(span)), counter.count(text), expectations
    )


def score_prepared(
    prepared: PreparedSpan,
    summary: str | None,
    counter: TokenCounter,
    word_limit: int | None,
    frequent: int,
) -> SummaryScore:
    summary_text = summary or ""
    nothing = not summary_text.strip() or is_nothing(summary_text)
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


def summary_metrics(
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
    return score_prepared(prepare(span, tokens), summary, tokens, word_limit, frequent)


def to_pandas(scores: Iterable[SummaryScore | ProbeScores]) -> pd.DataFrame:
    """One row per score (SummaryScore or ProbeScores)."""
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("to_pandas needs pandas: pip install 'working-memory[notebook]'") from exc
    return pd.DataFrame([score.to_row() for score in scores])
