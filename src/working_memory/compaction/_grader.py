"""The offline grader: a summary against a question set, deterministic, no model.

It reads the summary as a careful reader does, statement by statement (a line, with its
indented continuation lines, under the heading it sits in) and will not be fooled by:

- a fragment list: a statement with no plain words once its generic label is dropped
  (`call: dryRun: context.dryRun`, `output of $ grep: lib/a.ex:12: def run(`) is noise, whatever
  its label, and never answers a question;
- words scattered over the summary: every part of an answer must be in one statement;
- an answer not stated as one: the statement (or its heading) must say what it is (the next step
  as the next step, the fix beside its error);
- stale content: a superseded design, a finished step or a deleted file stated as current
  makes the answer stale, and a correct answer beside it is only partial (the reader cannot
  tell which one holds).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from ._questions import QUESTION_KINDS, Question, QuestionResult

__all__ = ["GradedSummary", "grade_summary", "is_fragment", "statements"]

# What a statement (or its heading) says when it gives this kind of answer. None: any
# statement can (a task, a value, a file's role can be stated in passing).
_CUES: dict[str, tuple[str, ...] | None] = {
    "task": None,
    "latest_request": ("latest", "last", "most recent", "now", "current", "asked", "request",
                       "user", "wants"),
    "next_step": ("next", "then", "to do", "todo", "remaining", "pending", "still", "should",
                  "need", "must", "resume", "continue", "not yet", "left", "will"),
    "files_edited": ("edit", "creat", "modif", "chang", "add", "wrote", "writ", "delet", "remov",
                     "updat", "file", "patch", "new", "touched"),
    "decisions": ("decid", "decision", "chose", "choose", "chosen", "instead", "rather", "rule",
                  "reject", "not ", "final", "design", "approach", "use", "keep", "dropped",
                  "over ", "prefer", "went with", "settled"),
    "review": ("review", "found", "finding", "flagged", "pointed out", "noted", "caught",
               "reported"),
    "corrections": ("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                    "must", "should", "wants", "insist", "keep", "no,", "not "),
    "errors": ("error", "fail", "fix", "broke", "resolv", "caus", "because", "crash", "raise",
               "exception", "traceback", "solved"),
    "key_values": None,
    "file_roles": None,
    "pending": ("pending", "remaining", "todo", "to do", "next", "still", "not yet", "left",
                "open", "untested", "uncommitted", "need", "must", "should", "then"),
    "state": ("state", "status", "current", "now", "done", "complete", "progress", "untested",
              "uncommitted", "working on", "so far", "pass", "fail", "finished", "written",
              "implemented", "in place"),
}  # fmt: skip

# A stale phrase beside one of these is the summary saying it no longer holds.
_REJECTS = re.compile(
    r"\b(?:not|no longer|instead|rejected|reject|dropped|drop|superseded|deleted|removed|"
    r"ruled out|rules out|abandon\w*|replaced|rather than|don't|do not|never|reverted|"
    r"was wrong|wrong|undone|discarded|already|done|finished|completed|obsolete|gone)\b",
    re.IGNORECASE,
)
# Labels that say where a line came from, not what it means.
_GENERIC_LABEL = re.compile(
    r"^(?:[-*•>]\s*)*(?:\d+[.)]\s*)?(?:output of [^:]{0,60}|tool(?: result)?|call|result|"
    r"assistant|user|line|fact|command|code|snippet|text)\s*:\s*",
    re.IGNORECASE,
)
_PLAIN = re.compile(r"^[(\"'`]*([A-Za-z][a-z]+|[aAI])[,.;:!?)\"'`]*$")
_CODE_WORDS = frozenset(
    [
        "def",
        "return",
        "import",
        "from",
        "class",
        "fn",
        "let",
        "const",
        "var",
        "end",
        "do",
        "if",
        "else",
        "elif",
        "self",
        "true",
        "false",
        "none",
        "null",
        "nil",
        "async",
        "await",
        "pub",
        "mut",
        "impl",
        "struct",
        "defp",
        "defmodule",
        "function",
        "lambda",
    ]
)
_PATHISH = re.compile(r"/|\w\.\w{1,5}\b|^\W+$|^\d[\d.,:%]*$")
_HEADING = re.compile(r"^\s*(?:#+\s*.+|(?:\d+[.)]\s*)?[A-Z][^:]{0,60}:\s*|\*\*[^*]+\*\*:?\s*)$")


def _plain_count(tokens: list[str]) -> int:
    n = 0
    for token in tokens:
        m = _PLAIN.match(token)
        if m and m.group(1).lower() not in _CODE_WORDS:
            n += 1
    return n


def is_fragment(text: str) -> bool:
    """A statement that means nothing on its own: no plain words once its generic label is
    dropped, or only one or two among code and identifiers."""
    body = _GENERIC_LABEL.sub("", text.strip())
    label, sep, rest = body.partition(": ")
    if sep and len(label.split()) <= 3 and not _PATHISH.search(label):
        if not [t for t in rest.split() if not _PATHISH.search(t)]:
            return _plain_count(label.split()) == 0  # "File edited: lib/a.ex" says something
        body = rest  # "next: run(x)": the label's own words do not make it a statement
    tokens = [t for t in body.split() if not _PATHISH.search(t)]
    plain = _plain_count(tokens)
    if plain == 0:
        return True
    return plain < 3 and plain / len(tokens) < 0.5


@dataclass(frozen=True)
class _Statement:
    text: str  # the statement, continuation lines joined
    heading: str  # the heading of the section it sits in
    fragment: bool
    quote: bool = False  # the user's words quoted, not the summary's own statement


# Kinds a quotation of the user can answer: what the user asked, corrected or reported. The
# state, the next step, the decisions, the files and the rest must be the summary's own words: a
# quoted request does not say what of it is done.
_QUOTE_ANSWERS = frozenset({"task", "latest_request", "corrections", "review"})
_QUOTED = re.compile(r"^(?:[-*•>]\s*)*(?:[^\"“:]{0,80}:\s*)?[\"“]")


def statements(summary: str) -> list[_Statement]:
    """The summary's statements: each line with its more indented continuation lines, and
    the heading (a short line ending in ':', a markdown heading) of its section."""
    out: list[_Statement] = []
    heading = ""
    block: list[str] = []
    base = 0

    def close() -> None:
        if block:
            text = " ".join(" ".join(block).split())
            out.append(
                _Statement(
                    text, heading, is_fragment(block[0]), _QUOTED.match(block[0]) is not None
                )
            )
            block.clear()

    for raw in summary.splitlines():
        if not raw.strip():
            close()
            heading = heading if out else ""
            continue
        indent = len(raw) - len(raw.lstrip())
        if _HEADING.match(raw) and len(raw.split()) <= 8:
            close()
            heading = raw.strip()
            continue
        if block and indent > base:
            block.append(raw.strip())
            continue
        close()
        block.append(raw.strip())
        base = indent
    close()
    return out


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[`*_\"“”‘’]", " ", text).lower().replace("'", " ").split())


def _has(text: str, phrase: str) -> bool:
    p = _norm(phrase)
    if not p:
        return False
    return re.search(rf"(?<![a-z0-9]){re.escape(p)}", text) is not None


def _cued(question: Question, statement: _Statement, *, quotes: bool = False) -> bool:
    """The statement says it gives this kind of answer; a quotation of the user only for the
    kinds a quotation can answer (`quotes=True`: any, as when looking for a stale answer: a
    quoted 'Let me check X' under 'Next step' still states X as the next step)."""
    if statement.quote and not quotes and question.kind not in _QUOTE_ANSWERS:
        return False
    cues = question.cue if question.cue is not None else _CUES[question.kind]
    if cues is None:
        return True
    where = _norm(statement.heading + " " + statement.text)
    return any(_has(where, cue) for cue in cues)


@dataclass(frozen=True)
class GradedSummary:
    """A summary graded on a question set: per-question results, the total, the noise."""

    results: tuple[QuestionResult, ...]
    statements: int
    fragments: int

    @property
    def score(self) -> float:
        """Points (correct 1, partial 0.5) out of `len(results)`."""
        return sum(r.points for r in self.results)

    @property
    def out_of(self) -> int:
        return len(self.results)

    @property
    def noise(self) -> float:
        """Share of the summary's statements that are fragments."""
        return self.fragments / self.statements if self.statements else 0.0

    def by_kind(self) -> dict[str, QuestionResult]:
        return {r.kind: r for r in self.results}

    def __str__(self) -> str:
        head = (
            f"{self.score:g} of {self.out_of} answered; {self.fragments} of {self.statements} "
            f"statements are fragments"
        )
        return "\n".join([head, *(str(r) for r in self.results)])


def _grade_one(question: Question, said: Sequence[_Statement]) -> QuestionResult:
    best_hits = 0
    best: _Statement | None = None
    best_cued = False
    stale_at: _Statement | None = None
    # An answer may take two adjacent statements of one section ("- Decision: X" then "- It
    # rules out Y"), never more: the parts of an answer sit together.
    pairs = [
        _Statement(a.text + " " + b.text, a.heading, False, a.quote or b.quote)
        for a, b in pairwise(said)
        if a.heading == b.heading
    ]
    for st in [*said, *pairs]:
        text = _norm(st.heading + " " + st.text)
        hits = sum(1 for group in question.must if any(_has(text, p) for p in group))
        cued = _cued(question, st)
        if (hits, cued) > (best_hits, best_cued):
            best_hits, best, best_cued = hits, st, cued
    for st in said:
        if stale_at is None and question.stale and _cued(question, st, quotes=True):
            own = _norm(st.text)
            if any(_has(own, p) for p in question.stale) and not _REJECTS.search(st.text):
                stale_at = st
    n = len(question.must)
    if question.spread:
        found = [
            next(
                (
                    st
                    for st in said
                    if _cued(question, st)
                    and any(_has(_norm(st.heading + " " + st.text), p) for p in group)
                ),
                None,
            )
            for group in question.must
        ]
        hit = [st for st in found if st is not None]
        if len(hit) > best_hits:
            best_hits, best, best_cued = len(hit), hit[0], True

    def result(grade: str, at: _Statement | None, why: str) -> QuestionResult:
        return QuestionResult(
            question.kind, question.ask, grade, question.answer, at.text if at else "", why
        )

    if best is not None and best_hits == n and best_cued:
        if stale_at is not None and stale_at is not best:
            return result("partial", best, f"stated, but also the stale: {stale_at.text[:120]}")
        return result("correct", best, f"all {n} parts stated as the answer")
    if stale_at is not None:
        return result("stale", stale_at, "states what the span superseded as current")
    if best is not None and best_hits >= question.needed_for_partial and best_cued:
        return result("partial", best, f"{best_hits} of {n} parts stated")
    if best is not None and best_hits == n:
        return result("partial", best, "the parts are there but not stated as this answer")
    if best is not None and best_hits:
        return result("wrong", best, f"only {best_hits} of {n} parts, or not as this answer")
    return result("missing", None, "not in the summary")


def grade_summary(summary: str | None, questions: Sequence[Question]) -> GradedSummary:
    """Grade `summary` on `questions` (see `Question`); fragments never answer."""
    all_statements = statements(summary or "")
    said = [s for s in all_statements if not s.fragment]
    results = tuple(_grade_one(q, said) for q in questions)
    return GradedSummary(results, len(all_statements), len(all_statements) - len(said))


assert set(_CUES) == set(QUESTION_KINDS)
