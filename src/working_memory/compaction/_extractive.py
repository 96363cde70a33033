"""An offline compactor that writes a handoff a continuing agent can act on.

No model, no network, deterministic. First labelled sections read from the span by
`span_state`: the task, every typed user message, the current work (latest request quoted),
the next step, pending items, files read/edited/created, errors (message, where, fixed or
not), commands and outcomes. Then the span's own lines that carry its facts (paths,
identifiers, numbers, errors, URLs, commands), each fact weighted by how often the span
mentions it, picked greedily by new weight per word, each labelled with its source. Size in
words, tokens or a compression ratio. A span with no facts, no request, no decisions and no
files answers NOTHING.
"""

from __future__ import annotations

import heapq
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any, NamedTuple

from ..config import WORD_LIMIT
from ..tokens import TokenCounter, get_counter
from ._compactor import CompactionResult
from ._facts import Fact, Segment, find_facts, is_chit_chat, span_segments, span_text
from ._span_state import SpanState, span_state

__all__ = ["DECISION_CUES", "ExtractiveCompactor", "Line", "span_lines"]

# Words that mark a decision, a rule or a correction: such lines matter even without a fact.
DECISION_CUES = re.compile(
    r"\b(?:decided?|decision|chose|choose|instead|going with|switch(?:ed)? to|"
    r"must(?:n't| not)?|never|always|do not|don't|doesn't work|won't|should(?:n't| not)?|"
    r"avoid|prefer|root cause|the fix|fixed by|because|rule[sd]? out|wrong|actually|"
    r"rather than|not supported|workaround)\b",
    re.IGNORECASE,
)
# A word each cue needs, lower-cased: `_is_decision` tests these at C speed before the regex
# (~1 µs a line against ~6 µs); only ASCII text, where lower() is exactly what IGNORECASE
# folds (outside ASCII, "ſ" matches "s" and "K" matches "k").
_CUE_WORDS = (
    "decid", "decision", "cho", "instead", "going with", "switch", "must", "never", "always",
    "do not", "don't", "doesn't work", "won't", "should", "avoid", "prefer", "root cause",
    "the fix", "fixed by", "because", "rule", "wrong", "actually", "rather than",
    "not supported", "workaround",
)  # fmt: skip


def _is_decision(text: str) -> bool:
    """Whether DECISION_CUES finds a cue in `text` (the same answer, cheaper on most lines)."""
    if text.isascii():
        lowered = text.lower()
        for word in _CUE_WORDS:  # a loop, not any(): no generator to build per line
            if word in lowered:
                break
        else:
            return False
    return DECISION_CUES.search(text) is not None


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
                        decision=_is_decision(piece),
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


def _fast_lines(span: Sequence[Mapping[str, Any]], max_line_words: int) -> tuple[list[_Line], int]:
    """span_lines for the compactor, and how many lines the span has in all.

    The same lines and pieces, facts read per token (see above). Tool-output lines without a
    fact can never be picked (they gain nothing), so they are counted and dropped here.
    """
    lines: list[_Line] = []
    dropped = 0
    cached_line = _cached_line
    make = tuple.__new__  # a _Line from a tuple, without NamedTuple's keyword __new__
    for segment in span_segments(span):
        kind = segment.kind
        index = segment.index
        tool = kind == "tool"  # only decisions outside tool output earn a bonus
        for raw in segment.text.splitlines():
            text = raw.strip()
            if not text:
                continue
            # _line_facts, inlined: this loop runs once per line of every compacted span.
            if len(text) <= _CACHED_LINE_CHARS:
                facts, count = cached_line(text)
            else:
                facts, count = _read_line(text)
            if count <= max_line_words:  # one piece, the common case: no list to build
                if tool and not facts:
                    dropped += 1
                    continue
                decision = not tool and _is_decision(text)
                lines.append(make(_Line, (len(lines), index, kind, text, facts, count, decision)))
                continue
            # a long line is cut into verbatim runs, as span_lines cuts it
            words = text.split()
            for i in range(0, count, max_line_words):
                piece = " ".join(words[i : i + max_line_words])
                facts, count = _line_facts(piece)
                if tool and not facts:
                    dropped += 1
                    continue
                decision = not tool and _is_decision(piece)
                lines.append(_Line(len(lines), index, kind, piece, facts, count, decision))
    return lines, len(lines) + dropped


def _exact_lines(span: Sequence[Mapping[str, Any]], max_line_words: int) -> tuple[list[_Line], int]:
    lines = [
        _Line(ln.order, ln.index, ln.kind, ln.text, _keys(ln.facts), ln.words, ln.decision)
        for ln in span_lines(span, max_line_words=max_line_words)
    ]
    return lines, len(lines)


class _Entry(NamedTuple):
    """One line of the handoff's sections: where it is printed, how urgently it is kept."""

    section: int  # print order
    order: int  # order within the section
    priority: int  # lower is kept first when the budget is tight
    text: str
    short: str | None = None  # a shorter form, used when the full one does not fit


# Sections, in print order.
_TASK, _USERS, _CURRENT, _NEXT, _PENDING, _FILES, _ERRORS, _COMMANDS = range(8)
_QUOTE_WORDS = 80  # a typed user message longer than this is quoted by its head
_MAX_FACT_LINE_CHARS = 400  # longer lines are blobs, never quoted as a fact line
_COMMANDS_KEPT = 15  # most recent shell commands listed (failed ones always compete)


def _quote(text: str, words: int = _QUOTE_WORDS) -> str:
    """Quoted whole when short; else its first line(s) up to `words` words (a pasted log
    under an instruction is cut, the instruction kept)."""
    parts = text.split()
    if len(parts) <= words:
        return f'"{" ".join(parts)}"'
    head = text.strip().splitlines()[0].split()
    if len(head) < words // 4:  # a short first line: the instruction, before what was pasted
        return f'"{" ".join(head)} ..."'
    return f'"{" ".join(parts[:words])} ..."'


def _short(call_text: str) -> str:
    """A call named briefly for a label: `$ mix test`, `Read annotation.ex`."""
    if call_text.startswith("$ "):
        words = call_text[2:].split()
        return "$ " + " ".join(words[:3])
    name, _, rest = call_text.partition(" ")
    return f"{name} {rest.rsplit('/', 1)[-1]}".strip() if rest else name


def _fragment(text: str, facts: frozenset[str]) -> bool:
    """A line that means nothing on its own (`:uuid,`, `end`, `}`): one word and no fact
    that stands alone (a path, URL, error or command)."""
    if len(text.split()) >= 2:
        return False
    return not any(f.startswith(("path:", "url:", "error:", "command:")) for f in facts)


class ExtractiveCompactor:
    """An offline handoff: labelled sections a continuing agent can act on, then salient facts.

    Sections (each line labelled, see `span_state`): the task (first request, quoted), every
    typed user message in order, the current work (latest request quoted, the assistant's last
    words and actions), the next step (latest plan/todo list or the assistant's stated next
    step), pending items, files (read, edited, created), errors (message, where, fixed or
    not), commands and outcomes. The rest of the budget goes to lines of the span that carry
    its most-mentioned facts, picked greedily by new fact weight per word and labelled with
    their source. Line-number prefixes and tool plumbing never appear.

    Size: `word_limit` words, or `target_tokens` tokens (by `counter`, the default counter
    when None), or `compression` (span tokens per summary token, at least `min_tokens`). `user_share`
    bounds the share of the budget the sections take before facts compete; `decision_bonus`
    is the weight a decision or correction line earns on top of its facts. `labels=False`
    drops the source labels of fact lines. `exact=True` reads facts with find_facts over each
    whole message, as the metrics do (~10x slower); the default reads them per token, cached.
    """

    def __init__(
        self,
        word_limit: int = WORD_LIMIT,
        *,
        target_tokens: int | None = None,
        compression: float | None = None,
        min_tokens: int = 200,
        counter: TokenCounter | str | None = None,
        max_line_words: int = 40,
        user_share: float = 0.6,
        decision_bonus: float = 1.0,
        labels: bool = True,
        exact: bool = False,
    ) -> None:
        if word_limit < 1:
            raise ValueError(f"word_limit must be a positive number of words, got {word_limit!r}")
        if target_tokens is not None and compression is not None:
            raise ValueError("give target_tokens or compression, not both")
        if target_tokens is not None and target_tokens < 1:
            raise ValueError(f"target_tokens must be a positive number, got {target_tokens!r}")
        if compression is not None and not compression > 1:
            raise ValueError(f"compression must be a ratio above 1, got {compression!r}")
        if not 0.0 <= user_share <= 1.0:
            raise ValueError(f"user_share must be between 0 and 1, got {user_share!r}")
        if max_line_words < 1:
            raise ValueError(f"max_line_words must be positive, got {max_line_words!r}")
        self.word_limit = word_limit
        self.target_tokens = target_tokens
        self.compression = compression
        self.min_tokens = min_tokens
        self.counter = get_counter(counter) if (target_tokens or compression) else None
        self.max_line_words = max_line_words
        self.user_share = user_share
        self.decision_bonus = decision_bonus
        self.labels = labels
        self.exact = exact

    def __repr__(self) -> str:
        if self.target_tokens is not None:
            return f"ExtractiveCompactor(target_tokens={self.target_tokens})"
        if self.compression is not None:
            return f"ExtractiveCompactor(compression={self.compression})"
        return f"ExtractiveCompactor(word_limit={self.word_limit})"

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        started = time.perf_counter()
        read = _exact_lines if self.exact else _fast_lines
        lines, total = read(span, self.max_line_words)
        counts: Counter[str] = Counter(chain.from_iterable(line.facts for line in lines))
        state = span_state(span)
        decisions = [line for line in lines if line.decision and line.kind != "tool"]
        has_request = any(not is_chit_chat(m) for m in state.user_messages)
        if not counts and not has_request and not decisions and not state.files:
            return CompactionResult(
                None,
                reason="no facts, instructions or decisions in the span",
                nothing=True,
                latency_s=time.perf_counter() - started,
                model="extractive",
            )
        cost = self._coster()
        budget = self._budget(span)
        all_entries = _entries(state)
        sources = {c.result_index: _short(c.text) for c in state.calls if c.result_index}
        label_of = self._labeller(sources)
        label_words: dict[tuple[int, str], int] = {}

        def line_cost(line: _Line) -> int:
            if self.counter is not None:
                return cost(label_of(line) + line.text)
            # words: the line's and its label's (a label is counted once per message)
            key = (line.message, line.kind)
            n = label_words.get(key)
            if n is None:
                n = label_words[key] = len(label_of(line).split())
            return line.words + n

        def build(limit: int) -> tuple[str, list[_Entry], list[_Line], set[str]]:
            entries = self._fit(all_entries, cost, int(limit * self.user_share))
            used = sum(cost(e.text) for e in entries)
            covered: set[str] = set().union(*(_line_facts(e.text)[0] for e in entries))
            seen = {e.text.casefold() for e in entries}
            chosen = self._select(lines, counts, limit - used, covered, seen, line_cost)
            text = "\n".join(
                [e.text for e in sorted(entries, key=lambda e: (e.section, e.order))]
                + [label_of(ln) + ln.text for ln in chosen]
            )
            return text, entries, chosen, covered

        if self.counter is None:
            summary, entries, chosen, covered = build(budget)
        else:
            summary, entries, chosen, covered = self._fill(build, budget, self.counter)
        kept: set[str] = covered.union(*(line.facts for line in chosen))
        return CompactionResult(
            summary or None,
            reason=(
                f"{len(entries)} handoff lines and {len(chosen)} of {total} lines of the span, "
                f"{len(kept & counts.keys())} of {len(counts)} distinct facts"
            ),
            nothing=not summary,
            latency_s=time.perf_counter() - started,
            model="extractive",
        )

    # -- size --------------------------------------------------------------------------------

    def _coster(self) -> Callable[[str], int]:
        if self.counter is None:
            return lambda text: len(text.split())
        count = self.counter.count
        return lambda text: count(text) + 1  # the newline joining it to the next line

    def _budget(self, span: Sequence[Mapping[str, Any]]) -> int:
        if self.target_tokens is not None:
            return self.target_tokens
        if self.compression is not None and self.counter is not None:
            span_tokens = self.counter.count(span_text(span))
            return max(self.min_tokens, int(span_tokens / self.compression))
        return self.word_limit

    @staticmethod
    def _fill(
        build: Callable[[int], tuple[str, list[_Entry], list[_Line], set[str]]],
        budget: int,
        counter: TokenCounter,
    ) -> tuple[str, list[_Entry], list[_Line], set[str]]:
        """Counting line by line is not counting the joined text: search the internal budget
        (a few rounds, bisecting) for the largest summary within `budget` tokens."""
        limit, low, high = budget, 0, None
        best, best_tokens = None, -1
        last = None
        for _ in range(7):
            last = build(limit)
            tokens = counter.count(last[0])
            if tokens <= budget:
                if tokens > best_tokens:
                    best, best_tokens = last, tokens
                if tokens >= 0.98 * budget:
                    break
                low = limit
                grown = int(limit * budget / max(tokens, 1)) + 1
                limit = grown if high is None else (low + high) // 2
            else:
                high = limit
                limit = (low + high) // 2 if low else int(limit * budget / tokens * 0.99)
            if high is not None and high - low <= 1:
                break
        assert last is not None
        return best if best is not None else last

    # -- the handoff sections ------------------------------------------------------------------

    @staticmethod
    def _fit(entries: list[_Entry], cost: Callable[[str], int], budget: int) -> list[_Entry]:
        kept: list[_Entry] = []
        for entry in sorted(entries, key=lambda e: (e.priority, e.section, e.order)):
            for text in (entry.text, entry.short):
                if text is None:
                    continue
                price = cost(text)
                if price <= budget:
                    kept.append(entry._replace(text=text))
                    budget -= price
                    break
        return kept

    # -- salient facts -----------------------------------------------------------------------

    def _labeller(self, sources: Mapping[int, str]) -> Callable[[_Line], str]:
        """Each fact line's label ("output of $ mix test: ", "assistant: "), from its source."""

        def label(line: _Line) -> str:
            if not self.labels:
                return ""
            if line.kind == "tool":
                source = sources.get(line.message)
                return f"output of {source}: " if source else "tool: "
            return _LABELS.get(line.kind, line.kind + ":") + " "

        return label

    def _select(
        self,
        lines: list[_Line],
        counts: Counter[str],
        budget: int,
        covered: set[str],
        seen_text: set[str],
        cost_of: Callable[[_Line], int],
    ) -> list[_Line]:
        weight = {fact: 1.0 + math.log2(n) for fact, n in counts.items()}
        chosen: dict[int, _Line] = {}
        covered = set(covered)
        weight_of = weight.__getitem__
        costs = {}

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
        first_gains: dict[tuple[frozenset[str], bool, bool], float] = {}
        for line in lines:
            if not (line.facts or line.decision):
                continue
            if line.words < 2 and _fragment(line.text, line.facts):
                continue  # `:uuid,` or `end` means nothing on its own
            if len(line.text) > _MAX_FACT_LINE_CHARS:
                continue  # a blob (minified code, a JSON record): its words undercount it
            copy = (line.text, line.kind == "tool", line.decision)
            if copy in queued:
                continue
            queued.add(copy)
            # Before anything is chosen a line's gain depends on its facts, kind and decision
            # flag alone; lines of a session share fact sets (the same file, the same ids).
            first = (line.facts, line.kind == "tool", line.decision)
            g = first_gains.get(first)
            if g is None:
                g = first_gains[first] = gain(line)
            if g > 0:
                costs[line.order] = cost = max(1, cost_of(line))
                heap.append((-g / cost, line.order))
        heapq.heapify(heap)
        while heap and budget > 0:
            _, order = heapq.heappop(heap)
            line = lines[order]
            cost = costs[order]
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


def _entries(state: SpanState) -> list[_Entry]:
    """The handoff's labelled lines, each with its section and how urgently it is kept."""
    out: list[_Entry] = []
    users = state.user_messages
    task = state.task
    if task is not None:
        out.append(_Entry(_TASK, 0, 1, f"Task (the first request): {_quote(task)}"))
    for i, message in enumerate(users):
        if message == task and i == users.index(task):
            continue  # quoted as the task
        out.append(_Entry(_USERS, i, 3, f"User message {i + 1} of {len(users)}: {_quote(message)}"))
    if state.latest_request is not None:
        out.append(_Entry(_CURRENT, 0, 0, f"Latest request: {_quote(state.latest_request)}"))
    if state.last_said:
        out.append(_Entry(_CURRENT, 1, 9, f"Last said by the assistant: {_quote(state.last_said)}"))
    recent = [c.text for c in state.calls[-3:]]
    if recent:
        actions = "; ".join(t if len(t) <= 120 else t[:120] + " ..." for t in recent)
        out.append(_Entry(_CURRENT, 2, 9, f"Last actions: {actions}"))
    if state.next_step:
        out.append(_Entry(_NEXT, 0, 2, f"Next step: {state.next_step}"))
    if state.stated_next and state.stated_next != state.next_step:
        out.append(
            _Entry(_NEXT, 1, 4, f"Next step as the assistant put it: {_quote(state.stated_next)}")
        )
    for i, todo in enumerate(state.todos):
        status = todo.status.replace("_", " ")
        out.append(_Entry(_PENDING, i, 4, f"Pending ({status}, {todo.source}): {todo.text}"))
    changed = [f for f in state.files if {"edited", "created", "deleted"} & set(f.actions)]
    for f in sorted(changed, key=lambda f: -f.last_index):
        what = " and ".join(a for a in f.actions if a != "read")
        out.append(_Entry(_FILES, f.last_index, 5, f"File {what}: {f.path}"))
    for f in state.files:
        if f.actions == ("read",):
            out.append(_Entry(_FILES, f.last_index, 10, f"File read: {f.path}"))
    for i, error in enumerate(state.errors):
        message = _quote(error.message)
        if error.fixed:
            text = f"Error (fixed later): {message} from {error.where}; fixed by {error.fixed_by}"
            out.append(_Entry(_ERRORS, i, 7, text))
        else:
            out.append(_Entry(_ERRORS, i, 5, f"Error (unresolved): {message} from {error.where}"))
    commands = state.commands
    for i, run in enumerate(commands):
        if not run.failed and i < len(commands) - _COMMANDS_KEPT:
            continue
        command = run.command if len(run.command) <= 100 else run.command[:100] + " ..."
        runs = f" (run {run.runs} times)" if run.runs > 1 else ""
        # A test or build result, or a failure, says where the work stands; a bare "ok" less.
        urgent = run.failed or run.outcome != "ok"
        text = f"Command: $ {command} -> {run.outcome}{runs}"
        out.append(_Entry(_COMMANDS, i, 8 if urgent else 11, text))
    return out
