"""A span read as lines: each labelled with its source, its facts, whether it states a
decision; the unit the offline compactor ranks."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._facts import Fact, find_facts
from ._segments import Segment, span_segments

__all__ = ["DECISION_CUES", "Line", "span_lines"]

# Words that mark a decision, a rule or a correction: such lines matter even without a fact.
DECISION_CUES = re.compile(
    r"\b(?:decided?|decision|chose|choose|instead|going with|switch(?:ed)? to|"
    r"must(?:n't| not)?|never|always|do not|don't|doesn't work|won't|should(?:n't| not)?|"
    r"avoid|prefer|root cause|the fix|fixed by|because|rule[sd]? out|wrong|actually|"
    r"rather than|not supported|workaround)\b",
    re.IGNORECASE,
)
# A word each cue needs, lower-cased: `is_decision` tests these at C speed before the regex
# (~1 µs a line against ~6 µs); only ASCII text, where lower() is exactly what IGNORECASE
# folds (outside ASCII, "ſ" matches "s" and "K" matches "k").
_CUE_WORDS = (
    "decid", "decision", "cho", "instead", "going with", "switch", "must", "never", "always",
    "do not", "don't", "doesn't work", "won't", "should", "avoid", "prefer", "root cause",
    "the fix", "fixed by", "because", "rule", "wrong", "actually", "rather than",
    "not supported", "workaround",
)  # fmt: skip


def is_decision(text: str) -> bool:
    """Whether DECISION_CUES finds a cue in `text` (the same answer, cheaper on most lines)."""
    if text.isascii():
        lowered = text.lower()
        for word in _CUE_WORDS:  # a loop, not any(): no generator to build per line
            if word in lowered:
                break
        else:
            return False
    return DECISION_CUES.search(text) is not None


LABELS = {
    "user": "user:",
    "assistant": "assistant:",
    "call": "call:",
    "tool": "tool:",
    "system": "system:",
}


@dataclass(frozen=True)
class Line:
    """One candidate line: where it came from, its text and the facts it carries."""

    order: int
    index: int  # message index in the span
    kind: str  # Segment.kind
    text: str
    facts: frozenset[Fact]
    words: int
    decision: bool


def _chunks(text: str, max_words: int) -> list[str]:
    """A long line split into verbatim runs of at most `max_words` words."""
    words = text.split()
    if len(words) <= max_words:
        return [text.strip()]
    return [" ".join(words[i : i + max_words]) for i in range(0, len(words), max_words)]


def span_lines(span: Sequence[Mapping[str, Any]], *, max_line_words: int = 40) -> list[Line]:
    """A span cut into candidate lines, each with its facts (found on the whole message text)."""
    lines: list[Line] = []
    segment: Segment
    for segment in span_segments(span):
        found = find_facts(segment.text)
        cursor = 0
        pos = 0
        for raw in segment.text.splitlines(keepends=True):
            start, end = pos, pos + len(raw)
            pos = end
            if not raw.strip():
                continue
            line_facts: list[Fact] = []
            while cursor < len(found) and found[cursor].start < start:
                cursor += 1
            probe = cursor
            while probe < len(found) and found[probe].start < end:
                line_facts.append(found[probe].fact)
                probe += 1
            pieces = _chunks(raw, max_line_words)
            for piece in pieces:
                if len(pieces) == 1:
                    facts = frozenset(line_facts)
                else:  # a fact belongs to the piece that holds its text
                    facts = frozenset(f for f in line_facts if f.value.split()[0] in piece)
                lines.append(
                    Line(
                        order=len(lines),
                        index=segment.index,
                        kind=segment.kind,
                        text=piece,
                        facts=facts,
                        words=len(piece.split()),
                        decision=is_decision(piece),
                    )
                )
    return lines
