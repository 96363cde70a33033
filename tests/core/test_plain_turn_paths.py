"""Plain string turns take short paths through the pin flags, result ids and counting (the
cost of attaching a long transcript is mostly these); each must answer what the general path,
which walks content blocks and calls, answers for the same text."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.user_turns import CORRECTIONS, ORDINARY
from working_memory import ManagedWindow, PinPolicy
from working_memory.messages import summary_message, tool_result_ids
from working_memory.tokens import ANTHROPIC, GENERIC, get_counter, message_tokens

_TEXTS = st.one_of(
    st.sampled_from(
        [
            *ORDINARY,
            *CORRECTIONS,
            "",
            "[",
            "[3 earlier turns compacted.]\nSummary of what happened:\nNo, use staging.",
            summary_message(4, "Plan: 1. read 2. fix")["content"],
            "Plan: 1. read the code 2. fix the bug",
            "plan - ship it",
            "Our revised plan:\n- a\n- b",
            "[note] No, use the other file.",
            summary_message(2, "Use the staging database instead.")["content"],
        ]
    ),
    st.text(max_size=40),
)


def _as_blocks(message: dict[str, Any]) -> dict[str, Any]:
    """The same turn with its text in one text block: the general path."""
    return {**message, "content": [{"type": "text", "text": message["content"]}]}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["user", "assistant", "system", "developer", "tool"]), _TEXTS)
def test_pin_flags_of_a_string_turn_are_those_of_its_text_block(role: str, text: str) -> None:
    policy = PinPolicy()
    message = {"role": role, "content": text}
    if role == "tool":
        message["tool_call_id"] = "c1"
    assert policy.flags(message) == policy.flags(_as_blocks(message))


def test_the_short_paths_still_find_corrections_plans_and_summaries() -> None:
    policy = PinPolicy()
    assert all(policy.is_correction({"role": "user", "content": t}) for t in CORRECTIONS[:5])
    assert policy.is_plan({"role": "assistant", "content": "Plan: 1. read 2. fix"})
    said = "Use the staging database instead."
    assert policy.is_correction({"role": "user", "content": said})
    summary = summary_message(3, said)
    assert policy.flags(summary) == 0  # a summary that quotes one is never a correction
    # An assistant turn calling a plan tool is a plan whatever its text.
    call = {"id": "p", "type": "function", "function": {"name": "update_plan", "arguments": "{}"}}
    assert policy.is_plan({"role": "assistant", "content": "ok", "tool_calls": [call]})


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["user", "assistant", "system", "tool"]), _TEXTS)
def test_counting_a_string_turn_is_counting_its_text_block(role: str, text: str) -> None:
    message = {"role": role, "content": text}
    for overheads in (GENERIC, ANTHROPIC):
        counter = get_counter("estimate")
        assert message_tokens(message, counter, overheads) == message_tokens(
            _as_blocks(message), counter, overheads
        )
        assert message_tokens(message, counter, overheads, content_tokens=7) == message_tokens(
            _as_blocks(message), counter, overheads, content_tokens=7
        )


def test_a_typed_user_turn_answers_no_call() -> None:
    assert tool_result_ids({"role": "user", "content": "done"}) == []
    blocks = [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]
    assert tool_result_ids({"role": "user", "content": blocks}) == ["t1"]
    assert tool_result_ids({"role": "tool", "tool_call_id": "c", "content": "ok"}) == ["c"]


def test_a_plain_assistant_turn_still_closes_calls_left_open() -> None:
    """Plain assistant turns skip the pairing code only when no call is open."""
    window = ManagedWindow()
    call = {"id": "c1", "type": "function", "function": {"name": "ls", "arguments": "{}"}}
    window.append({"role": "assistant", "content": None, "tool_calls": [call]})
    assert window.open_tool_calls == 1
    window.append({"role": "assistant", "content": "moving on"})
    assert window.open_tool_calls == 0
    assert window.unpaired() == 1  # the call left unanswered is counted, not forgotten
