"""Continuation probes: could an agent carry on from this summary? Answered without a model.

Fact share says how much of a span survived verbatim; it says nothing about whether the
agent can act. These probes ask of a summary what a continuing agent needs, with the expected
answers read from the span itself (`span_state`):

- latest_request: the last typed user request is there (verbatim, or 60% of its words);
- user_messages: share of the typed user instructions that are there;
- files_edited: share of the files edited or created that are named (full path, a tail of it
  with a directory, or the bare name when no other touched file shares it);
- last_error: the last error no later step fixed is named (None when every error was fixed);
- pending_todos: share of the pending plan/todo/tracker items named;
- next_step: the next step (the in-progress or first pending item, else the assistant's own
  stated next step) is there.

Limits: the expectations are heuristics over tool names and output shapes (tests check them
against hand-written answers on fixed spans); "present" is lexical, so a paraphrase that
changes the words is missed and a summary that merely lists the words passes. They measure
whether the handoff names the right things, not whether it explains them.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._fact_patterns import word_set
from ._segments import is_chit_chat
from ._span_state import SpanState, span_state

__all__ = [
    "CONTINUATION_PROBES",
    "ContinuationExpectations",
    "ContinuationScore",
    "continuation_expectations",
    "continuation_score",
]

CONTINUATION_PROBES = (
    "latest_request",
    "user_messages",
    "files_edited",
    "last_error",
    "pending_todos",
    "next_step",
)

_STOPWORDS = word_set(
    "the a an and or but of to in on at for with from by is are was were be been it this that "
    "these those as if then than so not no do does did have has had you your i we our they "
    "them can could should would will just also into out up about over please"
)
_ISSUE_ID = re.compile(r"\b[a-z][\w]*-[\w]+(?:\.\d+)+\b|\b[a-z][\w]*-\d+\b")


@dataclass(frozen=True)
class ContinuationExpectations:
    """What a summary of the span should name, read from the span."""

    latest_request: str | None
    user_messages: tuple[str, ...]
    files_edited: tuple[str, ...]
    last_error: str | None
    pending_todos: tuple[str, ...]
    next_step: str | None


def continuation_expectations(
    span: Sequence[Mapping[str, Any]] | SpanState,
) -> ContinuationExpectations:
    """The answers the probes expect, from the span (or its already-read state)."""
    state = span if isinstance(span, SpanState) else span_state(span)
    unresolved = state.unresolved_errors
    return ContinuationExpectations(
        latest_request=state.latest_request,
        user_messages=tuple(m for m in state.user_messages if not is_chit_chat(m)),
        files_edited=tuple(
            f.path for f in state.files if {"edited", "created", "deleted"} & set(f.actions)
        ),
        last_error=unresolved[-1].message if unresolved else None,
        pending_todos=tuple(t.text for t in state.todos),
        next_step=state.next_step,
    )


@dataclass(frozen=True)
class ContinuationScore:
    """Each probe's score in [0, 1] (None where the span gives nothing to ask), and what was
    missed."""

    latest_request: float | None
    user_messages: float | None
    files_edited: float | None
    last_error: float | None
    pending_todos: float | None
    next_step: float | None
    missing: tuple[str, ...]  # "probe: expected text" for each miss

    @property
    def overall(self) -> float | None:
        """Mean of the probes that apply (None when none does)."""
        values = [v for v in (getattr(self, p) for p in CONTINUATION_PROBES) if v is not None]
        return sum(values) / len(values) if values else None

    def to_row(self) -> dict[str, Any]:
        row: dict[str, Any] = {f"cont_{p}": getattr(self, p) for p in CONTINUATION_PROBES}
        row["continuation"] = self.overall
        return row


def _content_words(text: str) -> set[str]:
    words = (w.strip("./-") for w in re.findall(r"[a-z0-9_./\-]+", text.lower()))
    return {w for w in words if len(w) >= 3 and w not in _STOPWORDS}


def _flat(text: str) -> str:
    return " ".join(text.split())


class _Summary:
    """A summary prepared once for many lookups."""

    def __init__(self, text: str) -> None:
        self.flat = _flat(text)
        self.lower = self.flat.lower()
        self.words = sorted(_content_words(text))

    def says(self, expected: str, share: float = 0.6) -> bool:
        """Verbatim, or `share` of its content words present (a word also matching its
        inflections: "fix" in "fixed"), or, for an item with an issue id, the id."""
        flat = _flat(expected)
        if flat and flat.lower() in self.lower:
            return True
        ids = _ISSUE_ID.findall(expected)
        if ids and all(
            re.search(rf"(?<![\w.\-]){re.escape(i)}(?![\w\-]|\.\d)", self.flat) for i in ids
        ):
            return True
        words = _content_words(expected)
        if not words:
            return False
        hits = 0
        for word in words:
            at = bisect.bisect_left(self.words, word)
            hits += at < len(self.words) and self.words[at].startswith(word)
        return hits / len(words) >= share

    def names_file(self, path: str, basenames: Counter[str]) -> bool:
        parts = [p for p in path.split("/") if p]
        if not parts:
            return False
        for start in range(len(parts) - 1):  # the path, or a tail of it with a directory
            tail = "/".join(parts[start:])
            if re.search(rf"(?<![\w.\-]){re.escape(tail)}(?![\w\-/]|\.\w)", self.flat):
                return True
        name = parts[-1]
        return basenames[name] == 1 and (
            re.search(rf"(?<![\w.\-/]){re.escape(name)}(?![\w\-/]|\.\w)", self.flat) is not None
        )


def continuation_score(
    span: Sequence[Mapping[str, Any]] | SpanState | ContinuationExpectations,
    summary: str | None,
) -> ContinuationScore:
    """Ask `summary` the continuation probes; expected answers come from `span`."""
    expected = (
        span if isinstance(span, ContinuationExpectations) else continuation_expectations(span)
    )
    text = _Summary(summary or "")
    missing: list[str] = []

    def one(probe: str, value: str | None) -> float | None:
        if value is None:
            return None
        if text.says(value):
            return 1.0
        missing.append(f"{probe}: {value[:200]}")
        return 0.0

    def share(probe: str, values: Sequence[str], check: Any) -> float | None:
        if not values:
            return None
        hits = 0
        for value in values:
            if check(value):
                hits += 1
            else:
                missing.append(f"{probe}: {value[:200]}")
        return hits / len(values)

    basenames = Counter(p.rsplit("/", 1)[-1] for p in expected.files_edited)
    return ContinuationScore(
        latest_request=one("latest_request", expected.latest_request),
        user_messages=share("user_messages", expected.user_messages, text.says),
        files_edited=share(
            "files_edited", expected.files_edited, lambda p: text.names_file(p, basenames)
        ),
        last_error=one("last_error", expected.last_error),
        pending_todos=share("pending_todos", expected.pending_todos, text.says),
        next_step=one("next_step", expected.next_step),
        missing=tuple(missing),
    )
