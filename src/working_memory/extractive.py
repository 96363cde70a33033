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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any, NamedTuple

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


# --- the compactor's fast path ---------------------------------------------------------------
#
# Exact extraction (find_facts over each whole message) costs ~2 µs a character, which made a
# 10,000-call replay take ~100 s. The compactor only ranks lines for a short excerpt, so it
# reads facts a cheaper way, measured to keep the same quality (benchmarks/bench_extractive.py):
#
# - a line's facts are the union of its whitespace tokens' facts, each token run through the
#   exact extractor once and cached (a session repeats its paths, names and numbers, so after
#   the first few messages nearly every token is a cache hit);
# - lines that hold a multi-word fact (an error with its message, a `$ ` or backticked
#   command) are rare and go through the exact extractor whole, also cached;
# - a fact is a "kind:value" string rather than a Fact: str caches its hash, and the greedy
#   selection hashes facts hundreds of thousands of times.
#
# Not taken (reasoned, not benchmarked): pre-scoring lines by character counts and running the
# exact extractor on a candidate budget of 20-40x the output. Replay spans are compressed ~25x,
# so such a budget is most of the span, and recurrence (the fact weights) needs every line.

# Distinct tokens, and lines, kept: a 10,000-call synthetic replay has ~60k distinct tokens
# (prose words included) and ~190k distinct lines, of which the recent ones recur. Only short
# ones are cached, so the memory held stays bounded (~40 MB at most).
_CACHE_SIZE = 1 << 17
_CACHED_TOKEN_CHARS = 120
_CACHED_LINE_CHARS = 300


class _Line(NamedTuple):
    """A candidate line as the compactor ranks it; `facts` holds "kind:value" keys."""

    order: int
    message: int  # message index in the span (`index` is taken by tuple)
    kind: str
    text: str
    facts: frozenset[str]
    words: int
    decision: bool


_EMPTY: frozenset[str] = frozenset()


def _keys(found: Iterable[Fact]) -> frozenset[str]:
    return frozenset(f"{fact.kind}:{fact.value}" for fact in found)


_LINE_NUMBER = re.compile(r"(?::\d+)+:?$")


def _token_facts(token: str) -> frozenset[str]:
    if len(token) > _CACHED_TOKEN_CHARS:
        return _read_token(token)
    return _cached_token(token)


def _read_token(token: str) -> frozenset[str]:
    # Bare numbers ("2024", and "3178," from a list) are the tokens a session has most of;
    # these two shortcuts give what find_facts gives them (tests/compaction check that).
    if token.isdecimal():
        return frozenset((f"number:{token}",)) if len(token) >= 4 else _EMPTY
    if token[-1] == "," and token[:-1].isdecimal():
        return _EMPTY
    # "src/app.py:235:" has the facts of "src/app.py" (a number after ":" is not a fact),
    # and a traceback or a linter names a file at many lines.
    if token[-1].isdecimal() or token.endswith(":"):
        stem = _LINE_NUMBER.sub("", token)
        if stem != token and ("/" in stem or "." in stem):
            return _token_facts(stem)
    # Preceded by a space, as a token is in running text (the atom pattern looks behind).
    return _keys(found.fact for found in find_facts(" " + token))


_cached_token = lru_cache(maxsize=_CACHE_SIZE)(_read_token)


def _multi_word(line: str) -> bool:
    """Whether the line may hold a fact with spaces in it: an error message or a command."""
    return (
        "rror" in line
        or "Exception" in line
        or "Failure" in line
        or "FAILED" in line
        or "atal" in line
        or "FATAL" in line
        or "panic" in line
        or "$" in line
        or "`" in line
    )


def _line_facts(line: str) -> tuple[frozenset[str], int]:
    """The facts of one stripped line and its word count, cached: logs and re-read files
    repeat lines, and a repeated line then costs one C-level cache lookup."""
    if len(line) > _CACHED_LINE_CHARS:
        return _read_line(line)
    return _cached_line(line)


def _read_line(line: str) -> tuple[frozenset[str], int]:
    words = line.split()
    if _multi_word(line):
        return _keys(found.fact for found in find_facts("\n" + line)), len(words)
    # map over the C-level token cache: a token seen before costs no Python bytecode.
    if not words or max(map(len, words)) > _CACHED_TOKEN_CHARS:
        return _EMPTY.union(*map(_token_facts, words)), len(words)
    return _EMPTY.union(*map(_cached_token, words)), len(words)


_cached_line = lru_cache(maxsize=_CACHE_SIZE)(_read_line)


def _clear_caches() -> None:
    """Forget every cached token and line (benchmarks time a cold start with it)."""
    _cached_token.cache_clear()
    _cached_line.cache_clear()


def _fast_lines(span: Sequence[Mapping[str, Any]], max_line_words: int) -> tuple[list[_Line], int]:
    """span_lines for the compactor, and how many lines the span has in all.

    The same lines and pieces, facts read per token (see above). Tool-output lines without a
    fact can never be picked (they gain nothing), so they are counted and dropped here.
    """
    lines: list[_Line] = []
    dropped = 0
    search = DECISION_CUES.search
    for segment in span_segments(span):
        kind = segment.kind
        index = segment.index
        tool = kind == "tool"  # only decisions outside tool output earn a bonus
        for raw in segment.text.splitlines():
            text = raw.strip()
            if not text:
                continue
            facts, count = _line_facts(text)
            if count <= max_line_words:
                pieces = [(text, facts, count)]
            else:  # a long line is cut into verbatim runs, as span_lines cuts it
                words = text.split()
                pieces = []
                for i in range(0, count, max_line_words):
                    piece = " ".join(words[i : i + max_line_words])
                    pieces.append((piece, *_line_facts(piece)))
            for piece, facts, count in pieces:
                if tool and not facts:
                    dropped += 1
                    continue
                decision = not tool and search(piece) is not None
                lines.append(_Line(len(lines), index, kind, piece, facts, count, decision))
    return lines, len(lines) + dropped


def _exact_lines(span: Sequence[Mapping[str, Any]], max_line_words: int) -> tuple[list[_Line], int]:
    lines = [
        _Line(ln.order, ln.index, ln.kind, ln.text, _keys(ln.facts), ln.words, ln.decision)
        for ln in span_lines(span, max_line_words=max_line_words)
    ]
    return lines, len(lines)


class ExtractiveCompactor:
    """Summarises a span by keeping its fact-bearing lines verbatim, within `word_limit` words.

    `user_share` bounds how much of the limit typed user instructions (the first lines of each
    user turn, corrections first, then the latest) may take before the rest compete on facts;
    `decision_bonus` is the weight a decision or correction line earns on top of its facts;
    `labels` prefixes each kept run with its role (`user:`, `tool:`...). `exact=True` reads
    facts with find_facts over each whole message, as the metrics do: ~10x slower, same
    quality on the benchmark; the default reads them per token, with a cache.
    """

    def __init__(
        self,
        word_limit: int = WORD_LIMIT,
        *,
        max_line_words: int = 40,
        user_share: float = 0.6,
        decision_bonus: float = 1.0,
        labels: bool = True,
        exact: bool = False,
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
        self.exact = exact

    def __repr__(self) -> str:
        return f"ExtractiveCompactor(word_limit={self.word_limit})"

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        started = time.perf_counter()
        read = _exact_lines if self.exact else _fast_lines
        lines, total = read(span, self.max_line_words)
        counts: Counter[str] = Counter(chain.from_iterable(line.facts for line in lines))
        # The first lines of each typed user turn are its instruction; a pasted log below
        # them competes on facts like any other text.
        per_message: Counter[int] = Counter()
        instructions: list[_Line] = []
        for line in lines:
            if line.kind == "user" and not is_chit_chat(line.text):
                per_message[line.message] += 1
                if per_message[line.message] <= _INSTRUCTION_LINES:
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
        kept: set[str] = set().union(*(line.facts for line in chosen))
        return CompactionResult(
            summary or None,
            reason=(
                f"kept {len(chosen)} of {total} lines verbatim, "
                f"{len(kept)} of {len(counts)} distinct facts"
            ),
            nothing=not summary,
            latency_s=time.perf_counter() - started,
            model="extractive",
        )

    # -- selection ---------------------------------------------------------------------------

    def _cost(self, line: _Line) -> int:
        return line.words + (1 if self.labels else 0)

    def _select(
        self, lines: list[_Line], instructions: list[_Line], counts: Counter[str]
    ) -> list[_Line]:
        weight = {fact: 1.0 + math.log2(n) for fact, n in counts.items()}
        budget = self.word_limit
        chosen: dict[int, _Line] = {}
        covered: set[str] = set()
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

        weight_of = weight.__getitem__

        def gain(line: _Line) -> float:
            # fsum: exact, so the order a set iterates in (hash-seeded) cannot tip a tie.
            facts = line.facts
            fresh = math.fsum(map(weight_of, facts - covered if covered else facts))
            bonus = self.decision_bonus if line.decision and line.kind != "tool" else 0.0
            return fresh + (bonus if fresh or line.kind != "tool" else 0.0)

        # Lazy greedy: a line's gain only falls as facts get covered, so a stale heap entry
        # is an upper bound and is rescored only when it reaches the top.
        # A line repeated verbatim (same kind of turn) gains and costs what its first copy does
        # and would be skipped as seen once that is chosen: only the first copy is queued.
        heap: list[tuple[float, int]] = []
        queued: set[tuple[str, bool, bool]] = set()
        for line in lines:
            if line.order in chosen or not (line.facts or line.decision):
                continue
            copy = (line.text, line.kind == "tool", line.decision)
            if copy in queued:
                continue
            queued.add(copy)
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

    def _render(self, chosen: list[_Line]) -> str:
        out: list[str] = []
        previous: tuple[int, str] | None = None
        for line in chosen:
            run = (line.message, line.kind)
            if self.labels and run != previous:
                out.append(f"{_LABELS.get(line.kind, line.kind + ':')} {line.text}")
            else:
                out.append(line.text)
            previous = run
        return "\n".join(out)
