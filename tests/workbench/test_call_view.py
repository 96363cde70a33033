"""The per-call view panel: pick a call, step, compare, on a real log with a compaction."""

from __future__ import annotations

import dataclasses

import pytest

from tests.paths import FIXTURE_FILES, FIXTURES, REAL_FILES, TRANSCRIPTS
from working_memory.replays import PRESETS, replay
from working_memory.transcripts import load_transcript
from working_memory.workbench import CallViewPanel, CallViewState

pytest.importorskip("ipywidgets")


def _drive(state: CallViewState) -> None:
    panel = CallViewPanel(state)
    assert "call 1 of" in panel.out.value
    panel.next.click()
    assert state.current == 2 and "call 2 of" in panel.out.value
    panel.prev.click()
    assert state.current == 1
    last = len(state.views)
    panel.slider.value = last
    assert state.view is state.views[-1]
    assert len(state.rows()) == len(state.view.messages)
    panel.other.value = 1
    assert "against call 1" in panel.out.value


def test_panel_on_a_replay_with_a_compaction():
    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    policy = dataclasses.replace(PRESETS["default"], window=6_000, reserve_completion=500)
    result = replay(t, policy)
    assert result.stats.compactions > 0
    state = CallViewState.from_replay(result)
    _drive(state)
    k = next(v.call for v in state.views if "summarised" in v.changes())
    state.go(k)
    assert any(r["change"] == "summarised" for r in state.rows()) or state.view.removed
    assert "$" in state.headline()  # a priced model: the call's cost is shown


@pytest.mark.corpus
def test_panel_on_the_real_log_as_it_ran_and_replayed():
    t = load_transcript(TRANSCRIPTS / REAL_FILES["claude-code-compaction"])
    state = CallViewState.from_log(t)
    _drive(state)
    after = next(v for v in state.views if v.ids and v.ids[0] < 0)
    state.go(after.call)
    assert state.rows()[0]["change"] == "summarised" and "billed read" in state.headline()
    _drive(CallViewState.from_replay(replay(t, PRESETS["small-window-32k"])))


def test_the_panel_marks_every_change_and_where_the_cached_prefix_ends():
    import re

    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    policy = dataclasses.replace(PRESETS["hybrid"], window=6_000, reserve_completion=500)
    state = CallViewState.from_replay(replay(t, policy))
    panel = CallViewPanel(state)
    seen = set()
    for k in range(1, len(state.views) + 1):
        panel.pick.value = k  # typed into the box: the slider and the view follow
        assert panel.slider.value == state.current == k
        page = panel.out.value
        view = state.view
        rows = re.findall(r'<tr class="wm-call-message" data-id="(-?\d+)" data-mark="(\w+)"', page)
        assert [(int(i), m) for i, m in rows] == list(zip(view.ids, view.marks, strict=True))
        gone = re.findall(r'<tr class="wm-call-gone" data-id="(-?\d+)" data-mark="(\w+)"', page)
        assert [(int(i), m) for i, m in gone] == list(view.removed)
        before_end = page.split('class="wm-cache-end"')[0]
        assert before_end.count('class="wm-call-message"') == view.cached_messages
        seen |= {m for _, m in rows} | {m for _, m in gone}
    assert {"added", "truncated", "masked", "summarised", "evicted", "kept"} <= seen


def test_the_replay_lab_shows_the_calls_of_the_replay_it_draws():
    from working_memory.workbench import ReplayLab

    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    lab = ReplayLab(t)
    lab.state.policy_state.update(window=16_000)
    lab.choices.value = ("default", "edited")
    lab.run()
    assert lab.calls is not None and lab.calls.state.views == lab.replays["default"].calls()
    lab.stack_choice.value = "edited"
    assert lab.calls.state.views == lab.replays["edited"].calls()
    assert lab.calls_box.children == (lab.calls.widget,)
    assert 'wm-call-view" data-call="1"' in lab.calls.out.value
