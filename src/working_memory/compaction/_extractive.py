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
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import chain
from typing import Any

from ..config import WORD_LIMIT
from ..tokens import TokenCounter, get_counter
from ._compactor import CompactionResult
from ._fast_lines import FastLine, exact_lines, fast_lines, line_facts
from ._grader import is_fragment
from ._handoff import (
    ERRORS_SECTION,
    FILES_PRIORITY,
    FILES_SECTION,
    MAX_FACT_LINE_CHARS,
    Entry,
    fragment,
    handoff_entries,
    short_call,
)
from ._lines import DECISION_CUES, LABELS, Line, span_lines
from ._progress import Progress, progress, same_file
from ._segments import is_chit_chat, span_text
from ._span_state import SpanState, path_of, span_state

__all__ = ["DECISION_CUES", "ExtractiveCompactor", "Line", "span_lines"]

# Lines repeat across a session's spans (the same code, the same outputs): read each once.
_fragment = lru_cache(maxsize=1 << 16)(is_fragment)

# A line of code, markup or data, not a statement: `{:noreply, assign(socket, x: x)}`,
# `defp badge(:a), do: "A"`, `style="padding: 2px"`. The grader counts some of these as
# statements (they carry a few plain words); a handoff states things, it does not quote code.
_CODE_START = re.compile(
    r"^(?:[-+]\s*)?(?:def|defp|defmodule|class|function|fn|func|const|let|var|import|from|"
    r"return|assert|if|elif|else|for|while|end|do|case|with|test|describe|async|await|pub|"
    r"alias|use|require|self\.|this\.|"
    # Kotlin, Java, C#, Swift declarations; a stack frame (`at Api.Plan(Request r)`)
    r"override|private|public|protected|internal|static|fun|val|suspend|struct|enum|"
    r"interface|impl|match|at [\w.$<>]+\()\b|^(?:[-+]\s*)?(?:[<>{}()\[\]|@#]|\w+=|\w+\s*=\s|"
    r"\w+\(|[\w.]+\s*\|>|old_\w+:|new_\w+:|\*\*\* )"
)
# a line that ends in an open block, an assignment or a call still open is code, whatever its
# words (`override fun expireAfterUpdate(key: String, ...): Long =`)
_CODE_END = re.compile(r"(?:[{=(]|=>|->)\s*$")
# A harness confirming an edit or a write.
_CONFIRMATION = re.compile(
    r"has been (?:updated|edited|created|written)|^File created successfully|^Success\. Updated"
    r"|^Edited \S+$|^Wrote \S+$"
)
_PROSE_WORD = re.compile(r"^[A-Za-z][a-z]+[,.;:!?]?$")
_LINES_PER_OUTPUT = 2  # fact lines quoted from one tool output at most
_SYMBOLS = frozenset("{}()[]<>=|;:\"'`")


@lru_cache(maxsize=1 << 16)
def _code_like(text: str) -> bool:
    body = text.strip()
    if body.startswith("$ "):
        return False  # a command: what was run
    if _CODE_END.search(body):
        return True
    words = body.split()
    prose = sum(1 for w in words if _PROSE_WORD.match(w))
    if prose >= 5 and prose >= len(words) / 2:
        return False  # a sentence that starts with a name: "read_file() drops the key; ..."
    if _CODE_START.match(body):
        return True
    symbols = sum(1 for ch in body if ch in _SYMBOLS)
    return symbols > 0.08 * len(body) and len(words) < 12


def _stale_lines(state: SpanState, done: Progress) -> Callable[[FastLine], bool]:
    """Lines a handoff must not repeat as facts: what was written into a file removed again,
    lines naming such a file, and the designs the span turned down (each is stated once, in
    its section, marked as such)."""
    names = {r.rstrip("/").rsplit("/", 1)[-1] for r in done.removed} - {""}
    writes = {
        c.index
        for c in state.calls
        if any(same_file(str(path_of(c.args)), r) for r in done.removed)
    }
    turned_down = [r.text.casefold() for r in done.rejected]
    confirms = _CONFIRMATION

    def stale(line: FastLine) -> bool:
        if line.kind == "call" and line.message in writes:
            return True
        if line.kind == "tool" and confirms.search(line.text):
            return True  # "The file a.py has been updated": the files section says so
        if names and any(name in line.text for name in names):
            return True
        text = line.text.casefold()
        return len(text) > 20 and any(text in r or r in text for r in turned_down)

    return stale


_CORE_PRIORITY = 6  # entries this urgent get their full form before the rest get a line
_TIGHT_BUDGET = 179  # section words under the default size's (200: 180): core lines tiny first
_TINY_SHARE = 8  # a core line's tiny form: its first budget/8 words (eight kinds of line fit)
_TINY_MIN = 15  # under this many words a tiny line answers nothing
_TINY_FROM = 72  # section words from which core lines come tiny first (4 lines at _TINY_MIN)
_LIST_SHARE = 0.5  # a list of points, whole in a tight budget, takes at most this share
_SHARE_CAP = 3  # a line with a brief form takes at most a third of the budget in its short one


def _words(text: str, n: int) -> str:
    parts = text.split()
    return text if len(parts) <= n else " ".join(parts[:n]) + " ..."


def _tiny(text: str, words: int) -> str:
    parts = text.split()
    if len(parts) <= words:
        return text
    error, fixed, change = text.partition(" -> fixed ")
    if fixed and change:
        # an error beside its fix: both halves, the error's head and the change's
        e, c = error.split(), change.split()
        # the error whole where it is short: `Received:` cut from its `204` says nothing
        keep = min(len(c), max(words - min(len(e), words * 3 // 5), words - len(e)))
        return " ".join(e[: words - keep]) + " -> fixed " + _words(" ".join(c), keep)
    head, cut, tail = text.partition(" ... ")
    if cut and tail:
        # a quote cut in its middle ("Lena reviewed it: ... Fix both, then commit."): its
        # closing ask is what to do, so the head gives way first
        h, t = head.split(), tail.split()
        keep = min(len(t), max(words // 2, words - len(h)))
        return " ".join(h[: words - keep]) + " ... " + " ".join(t[-keep:])
    return " ".join(parts[:words]) + " ..."


class ExtractiveCompactor:
    """An offline handoff: labelled sections a continuing agent can act on, then salient facts.

    Sections (each line labelled, see `span_state` and `_progress`): the task (first request,
    quoted), every typed user message in order, the latest request, the current work (the file
    changed last, whether it ran or was committed since, the last test run), the next step from
    what happened last (a plan newer than the work, else an intent not yet carried out, else
    "finish and test" the file changed last), decisions and what was ruled out with the words
    that turned it down, reviews, pending items, files (read, edited, created, removed again,
    what each defines), each error beside the change that made it stop, commands and outcomes.
    The rest of the budget goes to lines of the span that carry its most-mentioned facts,
    picked greedily by new fact weight per word and labelled with their source; never code
    lines, line-number prefixes, tool plumbing, or lines about removed files or ruled-out
    designs.

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
        user_share: float = 0.9,
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
        read = exact_lines if self.exact else fast_lines
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
        done = progress(span, state)
        all_entries = handoff_entries(state, done)
        stale = _stale_lines(state, done)
        sources = {c.result_index: short_call(c.text) for c in state.calls if c.result_index}
        label_of = self._labeller(sources)
        label_words: dict[tuple[int, str], int] = {}

        def line_cost(line: FastLine) -> int:
            if self.counter is not None:
                return cost(label_of(line) + line.text)
            # words: the line's and its label's (a label is counted once per message)
            key = (line.message, line.kind)
            n = label_words.get(key)
            if n is None:
                n = label_words[key] = len(label_of(line).split())
            return line.words + n

        def build(limit: int) -> tuple[str, list[Entry], list[FastLine], set[str]]:
            # a tight budget is the handoff's alone: the fact lines a tenth would buy there are
            # stray clauses (`call: description: Run the tests`), not answers
            tight = limit * self.user_share >= _TINY_FROM and limit <= _TIGHT_BUDGET
            share = 1.0 if tight else self.user_share
            entries = self._fit(all_entries, cost, int(limit * share))
            used = sum(cost(e.text) for e in entries)
            if limit > _TIGHT_BUDGET:
                # the files and errors the core lines left out, while the fact lines' tenth
                # would hold their brief forms: the tenth buys stray lines (`user: See
                # https://...`), they answers
                kept = {(e.section, e.order) for e in entries}
                changed: list[Entry] = []
                errors: list[Entry] = []
                read: list[Entry] = []
                for e in all_entries:
                    if e.priority > _CORE_PRIORITY or (e.section, e.order) in kept:
                        continue
                    if e.section == ERRORS_SECTION:
                        errors.append(e)
                    elif e.section == FILES_SECTION:
                        (changed if e.priority <= FILES_PRIORITY else read).append(e)

                def add(entry: Entry, text: str) -> bool:
                    nonlocal used
                    if used + cost(text) > limit:
                        return False
                    entries.append(entry._replace(text=text))
                    used += cost(text)
                    return True

                # the files changed first (one short line that answers a whole question), the
                # errors in their brief forms, else the first cut to fit (`_tiny` adds its
                # joining words to the count it is given), then what a file read is
                for entry in changed:
                    add(entry, entry.brief or entry.short or entry.text)
                briefs = [add(e, e.brief or e.short or e.text) for e in errors]
                if errors and not any(briefs):
                    whole = errors[0].brief or errors[0].short or errors[0].text
                    n = limit - used
                    while n >= _TINY_MIN and cost(cut := _tiny(whole, n)) > limit - used:
                        n -= 1
                    if n >= _TINY_MIN:
                        add(errors[0], cut)
                for entry in read:
                    add(entry, entry.brief or entry.short or entry.text)
            covered: set[str] = set().union(*(line_facts(e.text)[0] for e in entries))
            seen = {e.text.casefold() for e in entries}
            chosen = self._select(lines, counts, limit - used, covered, seen, line_cost, stale)
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
        build: Callable[[int], tuple[str, list[Entry], list[FastLine], set[str]]],
        budget: int,
        counter: TokenCounter,
    ) -> tuple[str, list[Entry], list[FastLine], set[str]]:
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
    def _fit(entries: list[Entry], cost: Callable[[str], int], budget: int) -> list[Entry]:
        """Every entry that fits in its short form first, by priority (its brief form when the
        short one does not fit); then, budget left, the longer forms, by priority: a tight
        budget keeps more kinds of line, not longer ones."""
        # within a priority, an error beside its fix before the decisions: it is what ran,
        # where a decision line may be a guess the span dropped ("it may be reading ...")
        order = sorted(
            entries, key=lambda e: (e.priority, e.section != ERRORS_SECTION, e.section, e.order)
        )
        kept: dict[int, Entry] = {}
        whole = budget

        def forms(entry: Entry) -> list[str]:
            # shortest first: the brief, the short, the full form
            ladder = [entry.brief, entry.short or entry.text, entry.text]
            return list(dict.fromkeys(t for t in ladder if t is not None))

        def first(entry: Entry) -> list[str]:
            # the short form first, the brief one where that does not fit, or where the short
            # one would take a large share of the budget (one long quote, the rest left out)
            short = entry.short or entry.text
            if entry.brief is None:
                return [short]
            if entry.listing and cost(short) <= whole * _LIST_SHARE:
                return [short, entry.brief]  # a list of points keeps the user's answers
            if cost(short) * _SHARE_CAP > whole:
                return [entry.brief]
            return [short, entry.brief]

        def grow(n: int, entry: Entry, budget: int, upto: str) -> int:
            """The kept entry `n` in its longest form up to `upto` that fits the budget."""
            ladder = forms(entry)
            for text in reversed(ladder[: ladder.index(upto) + 1]):
                extra = cost(text) - cost(kept[n].text)
                if 0 < extra <= budget:
                    kept[n] = entry._replace(text=text)
                    return budget - extra
            return budget

        # at least _TINY_MIN words a line (5-8 kinds of line between 72 and 120 words); under
        # _TINY_FROM, four such lines would be all: the short forms by priority then
        tiny = max(budget // _TINY_SHARE, _TINY_MIN)
        if _TINY_FROM <= budget <= _TIGHT_BUDGET:
            # A tight budget: every core kind of line first in a tiny form (its brief form, else
            # its head), so that one long line (a quoted review) does not push out whole kinds
            # of answer; then the kept lines grow to their short and full forms, most urgent
            # first. A list of points (each with its status) is whole or cut to its head, which
            # names point 1 and says nothing of what became of any: whole, where it leaves room.
            for n, entry in enumerate(order):
                if entry.priority > _CORE_PRIORITY:
                    continue
                text = entry.brief or entry.short or entry.text
                whole_list = entry.listing and cost(text) <= whole * _LIST_SHARE
                if cost(text) > tiny and not whole_list:
                    text = _tiny(text, tiny)  # its head, as a line without a brief form
                price = cost(text)
                if price <= budget:
                    kept[n] = entry._replace(text=text)
                    budget -= price
            for n, entry in enumerate(order):
                if n in kept:
                    budget = grow(n, entry, budget, entry.short or entry.text)
        # The core (the request, the state, the step, decisions, files, fixes) in full before
        # the lists (commands run, files read, older plan items) get a line.
        for tier in (lambda p: p <= _CORE_PRIORITY, lambda p: p > _CORE_PRIORITY):
            for n, entry in enumerate(order):
                if not tier(entry.priority) or n in kept:
                    continue
                for text in first(entry):
                    price = cost(text)
                    if price <= budget:
                        kept[n] = entry._replace(text=text)
                        budget -= price
                        break
            for n, entry in enumerate(order):
                if tier(entry.priority) and n in kept:
                    # a list of points stays a clause each in a tight budget: its full form
                    # (the user's words beside each) would take what the other lines grow by
                    tight = entry.listing and whole <= _TIGHT_BUDGET
                    upto = (entry.short or entry.text) if tight else entry.text
                    budget = grow(n, entry, budget, upto)
        return [kept[n] for n in sorted(kept)]

    # -- salient facts -----------------------------------------------------------------------

    def _labeller(self, sources: Mapping[int, str]) -> Callable[[FastLine], str]:
        """Each fact line's label ("output of $ mix test: ", "assistant: "), from its source."""

        def label(line: FastLine) -> str:
            if not self.labels:
                return ""
            if line.kind == "tool":
                source = sources.get(line.message)
                return f"output of {source}: " if source else "tool: "
            return LABELS.get(line.kind, line.kind + ":") + " "

        return label

    def _select(
        self,
        lines: list[FastLine],
        counts: Counter[str],
        budget: int,
        covered: set[str],
        seen_text: set[str],
        cost_of: Callable[[FastLine], int],
        stale: Callable[[FastLine], bool] = lambda line: False,
    ) -> list[FastLine]:
        weight = {fact: 1.0 + math.log2(n) for fact, n in counts.items()}
        chosen: dict[int, FastLine] = {}
        covered = set(covered)
        weight_of = weight.__getitem__
        costs = {}

        def gain(line: FastLine) -> float:
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
            if line.words < 2 and fragment(line.text, line.facts):
                continue  # `:uuid,` or `end` means nothing on its own
            if line.words < 3 and line.kind != "user":
                continue  # `grep tax_total`, `}`: a name, not a statement
            if len(line.text) > MAX_FACT_LINE_CHARS:
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
        per_output: dict[int, int] = {}
        while heap and budget > 0:
            _, order = heapq.heappop(heap)
            line = lines[order]
            cost = costs[order]
            if cost > budget:
                continue
            key = line.text.casefold()
            if key in seen_text:
                continue
            # `dryRun: context.dryRun` is code or a list item, not a statement: never chosen
            # (checked here, on the few lines that reach the top, not on every line read).
            if stale(line):  # checked on the few lines that reach the top, as below
                seen_text.add(key)
                continue
            errors = any(f.startswith("error:") for f in line.facts)
            if (_fragment(line.text) or _code_like(line.text)) and not errors:
                seen_text.add(key)
                continue
            ratio = gain(line) / cost
            if ratio <= 0:
                continue
            if heap and ratio < -heap[0][0] - 1e-12:
                heapq.heappush(heap, (-ratio, order))
                continue
            if line.kind == "tool":
                if per_output.get(line.message, 0) >= _LINES_PER_OUTPUT:
                    continue  # a build log's "Generated x app" lines: two say what it did
                per_output[line.message] = per_output.get(line.message, 0) + 1
            chosen[order] = line
            seen_text.add(key)
            covered |= line.facts
            budget -= cost
        return [chosen[order] for order in sorted(chosen)]
