"""What a summariser's reply is: the empty answer (NOTHING), a note, or not a note at all.

Small models answer "NONE" where the prompt asks for NOTHING, carry out the span's last
request ("Certainly! Here's the updated document..."), or echo the transcript back. None of
those is a summary, and accepting one would replace a span with noise; the window treats a
rejected reply as any failed summary (the span is evicted and archived), and the event says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["NOTHING", "ReplyVerdict", "is_nothing", "read_reply"]

NOTHING = "NOTHING"

# Markdown and quoting a model wraps a one-word answer in.
_WRAP = " \t\r\n.!,;:\"'`*_~()[]<>"
# A short preamble before the word: "Summary: NOTHING", "The answer is **nothing**."
_PREAMBLE_WORDS = 8
# One-word "empty" answers that are not the one the prompt asks for.
_NOT_NOTHING = {"NONE", "N/A", "NA", "NULL", "NIL", "EMPTY", "NO", "-"}
# A reply that opens like an assistant carrying out a request, not a note about one.
_ANSWERING = re.compile(
    r"^\W*(certainly|sure|of course|absolutely|great question|okay|ok|alright|happy to|"
    r"i'd be (?:happy|glad)|i would be (?:happy|glad)|i'll|i will|let me|as an ai|"
    r"here(?:'s| is| are) (?:the |an? |your )?(?:updated|revised|new|corrected|fixed|complete|"
    r"full|final|code|implementation|document|file|script|answer|response|solution))\b",
    re.IGNORECASE,
)
# A reply whose first line is a transcript line continues the conversation.
_TRANSCRIPT_LINE = re.compile(r"^\s*(user|assistant|system|tool result[^:]*)\s*:", re.IGNORECASE)
_LABELS = re.compile(
    r"^\s*(?:user|assistant|system|tool result[^:]*)\s*:|\[\w+ calls [^\]]*\]",
    re.IGNORECASE | re.MULTILINE,
)
_ECHO_RUN = 8  # words in a run compared with the span
_ECHO_SHARE = 0.8  # a note quotes; a reply with this share of copied runs is a copy


@dataclass(frozen=True)
class ReplyVerdict:
    """`kind`: "nothing" (the empty answer), "note" (a summary to keep) or "rejected";
    `why` says what was wrong with a rejected reply."""

    kind: Literal["nothing", "note", "rejected"]
    why: str = ""


def is_nothing(reply: str) -> bool:
    """Whether `reply` is the empty answer: NOTHING in any case, with punctuation, markdown or
    a short preamble ("Summary: nothing.")."""
    words = reply.split()
    if not words or len(words) > _PREAMBLE_WORDS:
        return False
    return words[-1].strip(_WRAP).upper() == NOTHING


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + _ECHO_RUN]) for i in range(len(words) - _ECHO_RUN + 1)}


def _words(text: str) -> list[str]:
    # Without the role labels, so a reply that copies the messages' text counts as a copy.
    return re.findall(r"\w+", _LABELS.sub(" ", text).lower())


def read_reply(reply: str, span_text: str = "") -> ReplyVerdict:
    """Judge a summariser's reply to a span (its rendered text, for the echo check)."""
    text = reply.strip()
    if is_nothing(text):
        return ReplyVerdict("nothing")
    words = text.split()
    if len(words) == 1:
        if words[0].strip(_WRAP).upper() in _NOT_NOTHING:
            return ReplyVerdict(
                "rejected", f"answered {words[0][:40]!r}: the empty answer is NOTHING"
            )
        return ReplyVerdict("rejected", f"a one-word reply ({words[0][:40]!r}) is not a note")
    first = text.splitlines()[0]
    if _ANSWERING.match(first):
        return ReplyVerdict(
            "rejected",
            f"answers the span's request instead of summarising it ({first[:60]!r})",
        )
    if _TRANSCRIPT_LINE.match(first):
        return ReplyVerdict(
            "rejected", f"continues the conversation instead of summarising it ({first[:60]!r})"
        )
    if span_text:
        reply_runs = _runs(_words(text))
        if len(reply_runs) >= 3:
            copied = len(reply_runs & _runs(_words(span_text))) / len(reply_runs)
            if copied >= _ECHO_SHARE:
                return ReplyVerdict(
                    "rejected",
                    f"echoes the span ({copied:.0%} of its {_ECHO_RUN}-word runs are copied)",
                )
    return ReplyVerdict("note")
