"""The offline compactor's fast path: a line's facts read token by token, cached."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ._facts import Fact, find_facts
from ._lines import is_decision, span_lines
from ._segments import span_segments

__all__: list[str] = []  # private to the compaction package: fast_lines, exact_lines, FastLine


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


class FastLine(NamedTuple):
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
    # Bare numbers ("2024", "3178,", "12:") are the tokens a session has most of, most of them
    # seen once; these two shortcuts give what find_facts gives them (tests/compaction check).
    if token.isdecimal():
        return frozenset((f"number:{token}",)) if len(token) >= 4 else _EMPTY
    # "3178," from a list, "Step 12:" and "in 2024." end a number with a character that the
    # number patterns refuse after it: no fact, whatever the digits.
    if token[-1] in ",.:" and token[:-1].isdecimal():
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


def line_facts(line: str) -> tuple[frozenset[str], int]:
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
    # (A line no longer than a cached token holds no longer token: no max() to take.)
    if len(line) > _CACHED_TOKEN_CHARS and (
        not words or max(map(len, words)) > _CACHED_TOKEN_CHARS
    ):
        return _EMPTY.union(*map(_token_facts, words)), len(words)
    return _EMPTY.union(*map(_cached_token, words)), len(words)


_cached_line = lru_cache(maxsize=_CACHE_SIZE)(_read_line)


def _clear_caches() -> None:
    """Forget every cached token and line (benchmarks time a cold start with it)."""
    _cached_token.cache_clear()
    _cached_line.cache_clear()


def fast_lines(
    span: Sequence[Mapping[str, Any]], max_line_words: int
) -> tuple[list[FastLine], int]:
    """span_lines for the compactor, and how many lines the span has in all.

    The same lines and pieces, facts read per token (see above). Tool-output lines without a
    fact can never be picked (they gain nothing), so they are counted and dropped here.
    """
    lines: list[FastLine] = []
    dropped = 0
    cached_line = _cached_line
    make = tuple.__new__  # a FastLine from a tuple, without NamedTuple's keyword __new__
    for segment in span_segments(span):
        kind = segment.kind
        index = segment.index
        tool = kind == "tool"  # only decisions outside tool output earn a bonus
        for raw in segment.text.splitlines():
            text = raw.strip()
            if not text:
                continue
            # line_facts, inlined: this loop runs once per line of every compacted span.
            if len(text) <= _CACHED_LINE_CHARS:
                facts, count = cached_line(text)
            else:
                facts, count = _read_line(text)
            if count <= max_line_words:  # one piece, the common case: no list to build
                if tool and not facts:
                    dropped += 1
                    continue
                decision = not tool and is_decision(text)
                lines.append(
                    make(FastLine, (len(lines), index, kind, text, facts, count, decision))
                )
                continue
            # a long line is cut into verbatim runs, as span_lines cuts it
            words = text.split()
            for i in range(0, count, max_line_words):
                piece = " ".join(words[i : i + max_line_words])
                facts, count = line_facts(piece)
                if tool and not facts:
                    dropped += 1
                    continue
                decision = not tool and is_decision(piece)
                lines.append(FastLine(len(lines), index, kind, piece, facts, count, decision))
    return lines, len(lines) + dropped


def exact_lines(
    span: Sequence[Mapping[str, Any]], max_line_words: int
) -> tuple[list[FastLine], int]:
    lines = [
        FastLine(ln.order, ln.index, ln.kind, ln.text, _keys(ln.facts), ln.words, ln.decision)
        for ln in span_lines(span, max_line_words=max_line_words)
    ]
    return lines, len(lines)
