"""The context panel (the window by category, free space and reserve, as `/context` shows it)
in the explorer and the pin editor: the report's accounting to the token, and never stale.

The panel's figures are read back out of its HTML (what a reader sees), on real-format fixture
logs (Claude Code, Codex), counted raw and calibrated from their billed usage, and compared
with the replay of the same log under the same policy (`ReplayView.context(call)`, what the
report's context table shows) at every call the window made before it acted on its history.
"""

from __future__ import annotations

import re

import pytest

from tests.paths import fixture
from working_memory.replays import ContextUse, replay
from working_memory.transcripts import Transcript, load_transcripts
from working_memory.workbench import PinPolicyEditor, TranscriptExplorer

LOGS = ("claude-code-compaction", "codex")
# What the window does at append, as the workbench's window does: the rest is the window acting.
_AT_APPEND = {"truncated"}


def panel(text: str) -> dict[str, int]:
    """The panel's categories -> tokens, in the order shown, as its HTML states them."""
    rows = re.findall(r'<tr data-category="([a-z_]+)" data-tokens="(-?\d+)"', text)
    assert rows, "no context panel"
    return {key: int(tokens) for key, tokens in rows}


def total(text: str) -> int:
    found = re.search(r'<tr data-total="(\d+)">', text)
    assert found
    return int(found.group(1))


def load(key: str) -> Transcript:
    return load_transcripts(fixture(key))[0]


def comparable_calls(item) -> list[tuple[int, int]]:
    """(call, message_index) of the calls made before the window first acted on its history:
    there the replayed window holds what the workbench's window over the same messages holds."""
    acted = [e.call for e in item.events if e.kind not in _AT_APPEND]
    first = min(acted, default=None)
    return [
        (call, index)
        for call, index in zip(item.column("call"), item.column("message_index"), strict=True)
        if first is None or call < first
    ]


def assert_whole_window(text: str, context: ContextUse) -> None:
    parts = panel(text)
    assert parts == context.as_dict()
    assert all(v >= 0 for v in parts.values())
    assert sum(parts.values()) == total(text) == max(context.window, context.used)
    assert f'data-used="{context.used}" data-window="{context.window}"' in text
    assert context.describe().replace("'", "&#x27;") in text  # the report's own sentence


@pytest.mark.parametrize("window", [None, 16_000], ids=["log-window", "16k"])
@pytest.mark.parametrize("calibrate", [False, True], ids=["raw", "calibrated"])
@pytest.mark.parametrize("key", LOGS)
def test_the_explorers_panel_is_the_reports_accounting(
    key: str, calibrate: bool, window: int | None
) -> None:
    explorer = TranscriptExplorer(load(key))
    explorer.pins.set_calibrate(calibrate)
    if window is not None:
        explorer.pins.update(window=window)  # the window acts on these short logs
    policy = explorer.pins.policy
    assert (policy.calibration is not None) is calibrate
    item = replay(explorer.state.current, policy)
    calls = comparable_calls(item)
    assert len(calls) >= 2, calls
    if window is not None:
        assert len(calls) < len(item.column("call"))  # the window acted: later calls differ
    for call, index in calls:
        explorer.select(index - 1)  # the call saw messages[:index]
        text = explorer.context_panel.value
        reported = item.context(call)
        assert panel(text) == reported.as_dict(), f"call {call} (message {index - 1})"
        assert_whole_window(text, reported)
    assert explorer.error.value == ""
    text = explorer.context_panel.value
    # Labelled as the report labels it: the counts' state and the overhead's origin.
    if calibrate:
        assert "calibrated from the log&#x27;s billed usage" in text
        assert "per-request overhead (fitted from billed usage)" in text
    else:
        assert "uncalibrated" in text and "per-request overhead (the counter&#x27;s)" in text
    assert f"Counts: {policy.counter}, " in text


@pytest.mark.parametrize("calibrate", [False, True], ids=["raw", "calibrated"])
@pytest.mark.parametrize("key", LOGS)
def test_the_pin_editors_panel_is_the_reports_accounting(key: str, calibrate: bool) -> None:
    editor = PinPolicyEditor(load(key))
    editor.state.set_calibrate(calibrate)
    editor.state.update(window=16_000)
    item = replay(editor.state.transcript.current, editor.state.policy)
    calls = comparable_calls(item)
    assert len(calls) >= 2, calls
    for call, index in calls:
        editor.upto.value = index  # the slider: the window holds messages[:index]
        assert editor.state.preview.upto == index
        text = editor.context_panel.value
        reported = item.context(call)
        assert panel(text) == reported.as_dict(), f"call {call} (upto {index})"
        assert_whole_window(text, reported)
        # The explorer's path (its own window over the same messages) gives the same.
        assert editor.state.window_context(index) == editor.state.preview.context
    assert editor.error.value == ""


def test_a_window_past_the_whole_window_adds_up_to_what_was_sent() -> None:
    explorer = TranscriptExplorer(load("claude-code-compaction"))
    explorer.pins.update(window=10_000)
    explorer.select(len(explorer.state.messages) - 1)
    context = explorer.pins.window_context(len(explorer.state.messages))
    assert context.used > context.window  # nothing compacted: the whole log overflows 10k
    text = explorer.context_panel.value
    assert_whole_window(text, context)
    assert panel(text)["free"] == 0 and panel(text)["headroom"] == 0
    assert "what went past it" in text and "no space is left" in text


def test_the_panels_follow_the_cursor_the_policy_and_the_log() -> None:
    """No stale numbers: each state change redraws both panels from the new window."""
    explorer = TranscriptExplorer(load("claude-code-compaction"))
    editor = PinPolicyEditor(state=explorer.pins)  # one state, as in the Workbench
    state = explorer.pins

    explorer.select(3)
    early = panel(explorer.context_panel.value)
    assert early == state.window_context(4).as_dict()
    explorer.next_message.click()
    explorer.chart.click(30)  # what clicking a bar does
    later = panel(explorer.context_panel.value)
    assert later == state.window_context(31).as_dict() and later != early
    explorer.select(3)  # back: the window is rebuilt, not the later one shown
    assert panel(explorer.context_panel.value) == early

    editor.upto.value = 10
    at_ten = panel(editor.context_panel.value)
    assert at_ten == state.window_context(10).as_dict()
    editor.upto.value = 20
    assert panel(editor.context_panel.value) == state.window_context(20).as_dict() != at_ten

    # A policy change redraws both (the explorer's selection stays where it was).
    before = panel(explorer.context_panel.value), panel(editor.context_panel.value)
    editor.controls["reserve_completion"].value = 8_000
    after = panel(explorer.context_panel.value), panel(editor.context_panel.value)
    assert after[0]["reply_reserve"] == after[1]["reply_reserve"] == 8_000
    assert after[0] != before[0] and after[1] != before[1]
    assert after[0] == state.window_context(4).as_dict()

    # A second log: its window, its model's size, its messages; nothing of the first.
    first_window = total(explorer.context_panel.value)
    explorer.load(fixture("codex"))
    assert explorer.error.value == "" and editor.error.value == ""
    upto = explorer.state.selected + 1
    text = explorer.context_panel.value
    assert panel(text) == state.window_context(upto).as_dict()
    assert total(text) == state.policy.window != first_window
    assert f"message {explorer.state.selected} " in text
    assert panel(editor.context_panel.value) == state.preview.context.as_dict()
    assert total(editor.context_panel.value) == state.policy.window


def test_no_panel_before_a_log_is_loaded() -> None:
    assert TranscriptExplorer().context_panel.value == ""
    assert PinPolicyEditor().context_panel.value == ""
