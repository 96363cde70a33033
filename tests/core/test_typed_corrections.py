"""Corrections are read from what the user typed, never from tool output beside it (issue 21)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory import PinPolicy
from working_memory.messages import map_tool_results

POLICY = PinPolicy()
CORRECTIONS = ["Oops, wrong branch - switch to main", "No, use the staging database"]


def _mixed(result: str, typed: str) -> dict[str, object]:
    """A user turn that carries a tool result first and then the user's own words."""
    return {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": result},
            {"type": "text", "text": typed},
        ],
    }


def test_the_rule_recognises_them_typed_alone() -> None:
    for text in CORRECTIONS:
        assert POLICY.is_correction({"role": "user", "content": text}), text


def test_a_correction_behind_tool_output_is_one_whatever_the_output() -> None:
    for text in CORRECTIONS:
        for size in (10, 600, 20_000):
            assert POLICY.is_correction(_mixed("x" * size, text)), (text, size)


def test_tool_output_that_reads_like_a_correction_is_not_one() -> None:
    assert not POLICY.is_correction(_mixed("No, use the staging database", "thanks, go on"))


_WORDS = st.sampled_from(
    [*CORRECTIONS, "thanks", "go on", "Actually, stop", "No.", "wrong", "ok", "Wait - use v2"]
)


@settings(max_examples=300, deadline=None)
@given(
    results=st.lists(st.text(max_size=700) | _WORDS, min_size=1, max_size=3),
    typed=st.lists(_WORDS | st.text(max_size=80), max_size=2),
    masked=st.sampled_from(["", "[tool output masked]", "x" * 700, "No, use the staging database"]),
)
def test_masking_or_cutting_never_changes_which_turns_are_corrections(
    results: list[str], typed: list[str], masked: str
) -> None:
    blocks: list[dict[str, object]] = [
        {"type": "tool_result", "tool_use_id": f"t{i}", "content": r} for i, r in enumerate(results)
    ]
    blocks += [{"type": "text", "text": t} for t in typed]
    turn = {"role": "user", "content": blocks}
    hidden = map_tool_results(turn, lambda text, _id: masked)
    cut = map_tool_results(turn, lambda text, _id: text[:20] + "\n... [cut] ...\n" + text[-20:])
    assert POLICY.flags(turn) == POLICY.flags(hidden) == POLICY.flags(cut)
