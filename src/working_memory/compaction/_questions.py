"""Questions a resuming agent must answer from a summary, and what a graded answer looks like.

A question set is written by a reader from the span alone, before any summary is read: one
question of each of the twelve kinds, with a reference answer and, for the offline grader,
what the answer must state (`must`: groups of alternative phrasings, every group stated in one
statement), what a stale answer would say (`stale`: superseded designs, finished steps, deleted
files stated as current), and in words what a correct, partial, wrong or stale answer is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["GRADES", "QUESTION_KINDS", "Question", "QuestionResult"]

# The twelve kinds, in the order a handoff is read.
QUESTION_KINDS = (
    "task",  # the task and its state
    "latest_request",  # the user's latest request
    "next_step",  # the exact next step
    "files_edited",  # files edited and why
    "decisions",  # decisions and what they rule out
    "review",  # what a review found
    "corrections",  # the user's corrections
    "errors",  # errors and how they were fixed
    "key_values",  # key values (numbers, names, settings)
    "file_roles",  # roles of the files
    "pending",  # pending work
    "state",  # the current state of the work (what is done, what is not)
)

# Points per grade; "stale" scores nothing, as a wrong answer does, but is named apart
# because it misleads more: the agent acts on something the span already superseded.
GRADES = {"correct": 1.0, "partial": 0.5, "wrong": 0.0, "stale": 0.0, "missing": 0.0}


@dataclass(frozen=True)
class Question:
    """One question with its reference answer, written from the span.

    `must`: groups of alternative phrasings (matched case-insensitively at a word start, so
    "fix" also matches "fixed"); a correct answer states every group in one statement of the
    summary (a line with its indented continuation) stated as this kind of answer (`cue`, or
    the kind's default cue words, in the statement or its section heading). `partial`: how many
    groups a partial answer states (default: half, at least one). `stale`: phrasings that, stated
    without a word that rejects them ("not", "instead", "deleted", "superseded"...), make the
    answer stale. `spread=True` lets a list answer (the files) state each group in a statement of
    its own, each stated as this kind of answer. `correct`, `partial_means`, `wrong`, `stale_means`: the grades in words, for a
    person and for the model judge.
    """

    kind: str
    ask: str
    answer: str
    must: tuple[tuple[str, ...], ...]
    stale: tuple[str, ...] = ()
    cue: tuple[str, ...] | None = None
    partial: int | None = None
    spread: bool = False
    partial_means: str = ""
    wrong: str = ""
    stale_means: str = ""

    def __post_init__(self) -> None:
        if self.kind not in QUESTION_KINDS:
            raise ValueError(
                f"unknown question kind {self.kind!r}; expected one of {QUESTION_KINDS}"
            )
        if not self.must or any(not group for group in self.must):
            raise ValueError(f"question {self.ask!r} needs at least one non-empty `must` group")

    @property
    def needed_for_partial(self) -> int:
        if self.partial is not None:
            return self.partial
        return max(1, len(self.must) // 2)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "ask": self.ask,
            "answer": self.answer,
            "partial": self.partial_means,
            "wrong": self.wrong,
            "stale": self.stale_means,
        }


@dataclass(frozen=True)
class QuestionResult:
    """A question's grade for one summary, with the summary's own words that earned it."""

    kind: str
    ask: str
    grade: str  # one of GRADES
    reference: str  # the reference answer
    evidence: str = ""  # the statement of the summary graded (empty when none)
    why: str = ""  # one line a person can check
    notes: tuple[str, ...] = field(default=())

    @property
    def points(self) -> float:
        return GRADES.get(self.grade, 0.0)

    def __str__(self) -> str:
        text = f"[{self.grade}] {self.kind}: {self.ask} -- {self.why}"
        return text + (f"\n    summary: {self.evidence[:200]}" if self.evidence else "")
