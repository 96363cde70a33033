"""What the held-out sets' tests share: reading a span's text, and the description of a set (its
spans, its status words, its careless and careful handoffs, its low-score bounds) that
`test_bench_heldout_sets.py` checks once for every set."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from working_memory.compaction.bench import BenchSpan, benchmark_spans

# Words that judge the state of the work rather than quote it: a span shows that nothing ran
# after the last change, it does not say "untested". A set adds the ones its answers use, so
# that an answer made only of such words is let off the in-the-span check in that set alone.
STATUS = frozenset(["untested", "not tested", "not yet", "uncommitted", "not committed", "not run"])

_SPANS = benchmark_spans()


def norm(text: str) -> str:
    return " ".join(re.sub(r"[`*_\"“”‘’]", " ", text).lower().replace("'", " ").split())


def flat(value: Any) -> str:
    if isinstance(value, Mapping):
        return " ".join(flat(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(flat(v) for v in value)
    return str(value)


def span_text(span: BenchSpan) -> str:
    """The span's messages and its tool calls' arguments, normalised as the grader reads them."""
    parts: list[str] = []
    for m in span.messages:
        parts.append(str(m.get("content") or ""))
        for call in m.get("tool_calls") or ():
            parts.append(flat(json.loads(call["function"]["arguments"])))
    return norm("\n".join(parts))


def users(span: BenchSpan) -> list[str]:
    return [str(m["content"]) for m in span.messages if m["role"] == "user"]


def last_words(span: BenchSpan) -> str:
    return next(
        str(m["content"])
        for m in reversed(span.messages)
        if m["role"] == "assistant" and m["content"]
    )


@dataclass(frozen=True)
class LowScores:
    """The most a summary that does not follow the work may score: the first request, the
    assistant's last words, the user's messages pasted (an empty one scores 0 in every set)."""

    first_user: float
    last_words: float
    users: float


@dataclass(frozen=True)
class Production:
    """What a span's production summary (the harness's own compaction) is held to."""

    words: tuple[int, int] | None = None  # its length, at least and at most
    score: float = 11  # the least it scores
    opens: str | None = None  # how it starts, where the harness has a fixed heading
    missing: tuple[str, ...] = ()  # the question kinds it leaves out


@dataclass(frozen=True)
class HeldoutSet:
    prefix: str  # of its spans' names
    shapes: Mapping[str, str]  # each span's name and the harness whose log shape it has
    status: frozenset[str] = STATUS
    # every question says what a partial and a wrong answer are (the second set's do not)
    grades_explained: bool = True
    # the spans that have a production summary, and what it is held to
    production: Mapping[str, Production] = field(default_factory=dict)
    # A careless handoff of each span, whose traps grade as stale: the assistant's last stated
    # plan as the next step, the deleted or reverted file as a change, the superseded design, the
    # re-run as the fix.
    stale: Mapping[str, str] = field(default_factory=dict)
    # a reader's handoff of each span that has no production summary: it answers
    readers: Mapping[str, str] = field(default_factory=dict)
    low: LowScores | None = None

    @property
    def spans(self) -> dict[str, BenchSpan]:
        return {s.name: s for s in _SPANS if s.name.startswith(self.prefix)}
