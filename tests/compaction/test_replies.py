"""The empty answer and replies that are not notes, on replies recorded from small models."""

from __future__ import annotations

import pytest

from working_memory import Budget, ManagedWindow
from working_memory.compaction import Compactor, is_nothing, read_reply
from working_memory.protocols import LLMResponse

SPAN = (
    "user: please update the phase 4.1 document with the new test plan\n"
    "assistant: I will read the document first.\n"
    "[assistant calls read_file(path='docs/phase-4.1.md')]\n"
    "tool result read_file: # Phase 4.1\nThe test plan covers the parser and the cache layer."
)


@pytest.mark.parametrize(
    "reply",
    [
        "NOTHING",
        "nothing",
        "Nothing.",
        "**NOTHING**",
        "`NOTHING`",
        "Summary: NOTHING",
        "The answer is: nothing!",
        '"NOTHING"',
        "NOTHING\n",
    ],
)
def test_nothing_in_any_case_with_punctuation_or_a_short_preamble(reply: str) -> None:
    assert is_nothing(reply)
    assert read_reply(reply, SPAN).kind == "nothing"


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        ("NONE", "the empty answer is NOTHING"),  # recorded: SmolLM2-135M on a 2,000-token span
        ("None.", "the empty answer is NOTHING"),
        ("N/A", "the empty answer is NOTHING"),
        ("Done", "one-word reply"),
        (
            "Certainly! Here's the updated phase 4.1 document:\n# Phase 4.1\n...",  # recorded
            "answers the span's request",
        ),
        ("Sure, I'll update the document with the new test plan.", "answers the span's request"),
        ("Here is the updated document with the test plan added.", "answers the span's request"),
        ("user: thanks, now run the tests\nassistant: running them", "continues the conversation"),
        ("assistant: I have read the document. The test plan covers the parser.", "continues"),
        (
            "please update the phase 4.1 document with the new test plan I will read the "
            "document first. Phase 4.1 The test plan covers the parser and the cache layer.",
            "echoes the span",
        ),
    ],
)
def test_replies_that_are_not_notes_are_rejected_saying_why(reply: str, why: str) -> None:
    verdict = read_reply(reply, SPAN)
    assert verdict.kind == "rejected"
    assert why in verdict.why


@pytest.mark.parametrize(
    "reply",
    [
        "Here is the summary: the user asked to update docs/phase-4.1.md with the new test plan; "
        "the file was read (it covers the parser and the cache layer). Next: add the plan.",
        '1. Task: "please update the phase 4.1 document with the new test plan"\n'
        "6. Files: docs/phase-4.1.md read.",
        "The user wants nothing changed except the test plan in docs/phase-4.1.md.",
        "Nothing was edited yet; docs/phase-4.1.md was read and the test plan is next.",
    ],
)
def test_notes_are_kept(reply: str) -> None:
    assert read_reply(reply, SPAN).kind == "note"


class _Recorded:
    """A client that answers with one recorded reply."""

    def __init__(self, reply: str) -> None:
        self.reply = reply

    def complete(self, messages: object) -> LLMResponse:
        return LLMResponse(self.reply)


def _span() -> list[dict[str, str]]:
    return [
        {"role": "user", "content": "please update the phase 4.1 document with the new test plan"},
        {"role": "assistant", "content": "I will read the document first. " * 20},
    ]


def test_the_compactor_fails_a_reply_that_is_not_a_note() -> None:
    result = Compactor(_Recorded("NONE")).compact(_span())
    assert result.summary is None and not result.nothing
    assert result.error == "not a note"
    assert "the empty answer is NOTHING" in result.reason


def test_the_compactor_takes_nothing_with_a_preamble() -> None:
    result = Compactor(_Recorded("Summary: nothing.")).compact(_span())
    assert result.nothing and result.error is None


def test_the_window_evicts_the_span_and_its_event_says_why() -> None:
    window = ManagedWindow(
        budget=Budget(window=1_000, reserve_completion=100, counter="estimate"),
        max_tool_tokens=200,
        compactor=Compactor(_Recorded("Certainly! Here's the updated document.")),
    )
    window.append({"role": "system", "content": "You are a coding agent."})
    for i in range(20):
        window.append({"role": "user", "content": f"request {i}: " + "update the plan " * 8})
        window.append({"role": "assistant", "content": f"answer {i}: " + "done with it " * 8})
    window.prepare()
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    assert failed, [str(e) for e in window.events]
    assert "answers the span's request" in failed[0].reason
    assert not any(e.kind == "compacted" for e in window.events)
