"""An offline compactor: keeps, verbatim, the lines of a span that carry facts.

No model, no network, deterministic. Lines are scored by the facts they carry (paths,
identifiers, numbers, errors, URLs, commands), each fact weighted by how often the span
mentions it, and picked greedily by new weight per word until the word limit is reached,
so a fact already covered adds nothing and duplicates fall away. Typed user turns
(instructions and corrections) go in first; decision lines get a bonus. A span with no
facts, no instructions and no decisions answers NOTHING.
"""

from __future__ import annotations

import heapq
import math
import re
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .compactor import CompactionResult
from .config import WORD_LIMIT
from .facts import Fact, Segment, find_facts, is_chit_chat, span_segments

__all__ = ["DECISION_CUES", "ExtractiveCompactor", "Line", "span_lines"]

# Words that mark a decision, a rule or a correction: such lines matter even without a fact.
DECISION_CUES = re.compile(
    r"\b(?:decided?|decision|chose|choose|instead|going with|switch(?:ed)? to|"
    r"must(?:n't| not)?|never|always|do not|don't|doesn't work|won't|should(?:n't| not)?|"
    r"avoid|prefer|root cause|the fix|fixed by|because|rule[sd]? out|wrong|actually|"
    r"rather than|not supported|workaround)\b",
    re.IGNORECASE,
)
_INSTRUCTION_LINES = 3  # leading lines of a user turn that go in before any fact line
_LABELS = {
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
                        decision=bool(DECISION_CUES.search(piece)),
                    )
                )
    return lines


class ExtractiveCompactor:
    """Summarises a span by keeping its fact-bearing lines verbatim, within `word_limit` words.

    `user_share` bounds how much of the limit typed user instructions (the first lines of each
    user turn, corrections first, then the latest) may take before the rest compete on facts; `decision_bonus` is the weight a decision or correction line earns
    on top of its facts; `labels` prefixes each kept run with its role (`user:`, `tool:`...).
    """

    def __init__(
        self,
        word_limit: int = WORD_LIMIT,
        *,
        max_line_words: int = 40,
        user_share: float = 0.6,
        decision_bonus: float = 1.0,
        labels: bool = True,
    ) -> None:
        if word_limit < 1:
            raise ValueError(f"word_limit must be a positive number of words, got {word_limit!r}")
        if not 0.0 <= user_share <= 1.0:
            raise ValueError(f"user_share must be between 0 and 1, got {user_share!r}")
        if max_line_words < 1:
            raise ValueError(f"max_line_words must be positive, got {max_line_words!r}")
        self.word_limit = word_limit
        self.max_line_words = max_line_words
        self.user_share = user_share
        self.decision_bonus = decision_bonus
        self.labels = labels

    def __repr__(self) -> str:
        return f"ExtractiveCompactor(word_limit={self.word_limit})"

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        started = time.perf_counter()
        lines = span_lines(span, max_line_words=self.max_line_words)
        counts: Counter[Fact] = Counter()
        for line in lines:
            counts.update(line.facts)
        # The first lines of each typed user turn are its instruction; a pasted log below
        # them competes on facts like any other text.
        per_message: Counter[int] = Counter()
        instructions: list[Line] = []
        for line in lines:
            if line.kind == "user" and not is_chit_chat(line.text):
                per_message[line.index] += 1
                if per_message[line.index] <= _INSTRUCTION_LINES:
                    instructions.append(line)
        decisions = [line for line in lines if line.decision and line.kind != "tool"]
        if not counts and not instructions and not decisions:
            return CompactionResult(
                None,
                reason="no facts, instructions or decisions in the span",
                nothing=True,
                latency_s=time.perf_counter() - started,
                model="extractive",
            )
        chosen = self._select(lines, instructions, counts)
        summary = self._render(chosen)
        kept = set().union(*(line.facts for line in chosen)) if chosen else set()
        return CompactionResult(
            summary or None,
            reason=(
                f"kept {len(chosen)} of {len(lines)} lines verbatim, "
                f"{len(kept)} of {len(counts)} distinct facts"
            ),
            nothing=not summary,
            latency_s=time.perf_counter() - started,
            model="extractive",
        )

    # -- selection ---------------------------------------------------------------------------

    def _cost(self, line: Line) -> int:
        return line.words + (1 if self.labels else 0)

    def _select(
        self, lines: list[Line], instructions: list[Line], counts: Counter[Fact]
    ) -> list[Line]:
        weight = {fact: 1.0 + math.log2(n) for fact, n in counts.items()}
        budget = self.word_limit
        chosen: dict[int, Line] = {}
        covered: set[Fact] = set()
        seen_text: set[str] = set()

        # Typed user lines first: corrections before plain instructions, latest first.
        user_budget = int(self.word_limit * self.user_share)
        ranked = sorted(instructions, key=lambda line: (not line.decision, -line.order))
        for line in ranked:
            cost = self._cost(line)
            key = line.text.casefold()
            if key in seen_text or cost > min(user_budget, budget):
                continue
            chosen[line.order] = line
            seen_text.add(key)
            covered |= line.facts
            user_budget -= cost
            budget -= cost

        def gain(line: Line) -> float:
            fresh = sum(weight[f] for f in line.facts if f not in covered)
            bonus = self.decision_bonus if line.decision and line.kind != "tool" else 0.0
            return fresh + (bonus if fresh or line.kind != "tool" else 0.0)

        # Lazy greedy: a line's gain only falls as facts get covered, so a stale heap entry
        # is an upper bound and is rescored only when it reaches the top.
        heap: list[tuple[float, int]] = []
        for line in lines:
            if line.order in chosen:
                continue
            g = gain(line)
            if g > 0:
                heap.append((-g / self._cost(line), line.order))
        heapq.heapify(heap)
        while heap and budget > 0:
            _, order = heapq.heappop(heap)
            line = lines[order]
            cost = self._cost(line)
            if cost > budget:
                continue
            key = line.text.casefold()
            if key in seen_text:
                continue
            ratio = gain(line) / cost
            if ratio <= 0:
                continue
            if heap and ratio < -heap[0][0] - 1e-12:
                heapq.heappush(heap, (-ratio, order))
                continue
            chosen[order] = line
            seen_text.add(key)
            covered |= line.facts
            budget -= cost
        return [chosen[order] for order in sorted(chosen)]

    def _render(self, chosen: list[Line]) -> str:
        out: list[str] = []
        previous: tuple[int, str] | None = None
        for line in chosen:
            run = (line.index, line.kind)
            if self.labels and run != previous:
                out.append(f"{_LABELS.get(line.kind, line.kind + ':')} {line.text}")
            else:
                out.append(line.text)
            previous = run
        return "\n".join(out)
