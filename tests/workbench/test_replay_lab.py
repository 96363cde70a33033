"""Panel 4: replay under several policies, overlaid curves, stats, the HTML report."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from working_memory.replays import PRESETS, Policy
from working_memory.transcripts import Transcript
from working_memory.workbench import EDITED, PolicyState, ReplayLab, TranscriptState
from working_memory.workbench._widgets import Cancelled


def test_two_presets_and_the_edited_policy(compacted: Transcript, tmp_path: Path) -> None:
    lab = ReplayLab(compacted)
    assert set(lab.choices.options) == {*PRESETS, EDITED}
    lab.state.policy_state.update(keep_recent=12, window=64_000)
    lab.choices.value = ("default", "masking", EDITED)
    assert "keep_recent=12" in lab.policy_info.value
    lab.run()
    assert lab.error.value == ""
    assert list(lab.replays) == ["default", "masking", EDITED]
    assert lab.replays[EDITED].policy.keep_recent == 12
    stats = lab.state.stats
    assert list(stats["policy"]) == ["default", "masking", EDITED]
    assert (stats["calls"] == stats["calls"].iloc[0]).all()
    names = {t.name for t in lab.pressure.data}
    assert {f"{name}: pressure" for name in ("default", "masking", EDITED)} <= names
    curve = next(t for t in lab.pressure.data if t.name == "masking: pressure")
    assert list(curve.y) == pytest.approx(lab.replays["masking"].pressure)
    assert len(lab.stack.data) > 0
    lab.stack_choice.value = "masking"
    assert "<td>saved_share</td>" in lab.stats.value  # a row per statistic
    report = lab.export(tmp_path / "team.html")
    assert report is not None and report.stat().st_size > 100_000
    assert "report written to" in lab.report_result.value


def test_background_run_with_progress(compacted: Transcript) -> None:
    lab = ReplayLab(compacted)
    lab.choices.value = ("default", "evict-only")
    lab.run_button.click()
    lab.task.wait(120)
    assert lab.task.status.value == "done", lab.error.value
    assert lab.task.progress.value == lab.task.progress.max
    assert list(lab.replays) == ["default", "evict-only"]


def test_cancel_stops_the_replay(compacted: Transcript) -> None:
    state = TranscriptState(compacted)
    lab = ReplayLab(policy_state=PolicyState(state), transcript_state=state)
    lab.state.selected = ["default", "masking"]
    cancel = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 10:
            cancel.set()

    with pytest.raises(Cancelled, match="cancelled during 'default'"):
        lab.state.run(progress, cancel)
    assert lab.replays == {}


def test_errors_are_readable(hostile: Transcript) -> None:
    lab = ReplayLab()
    lab.run()
    assert "load a transcript first" in lab.error.value
    lab = ReplayLab(hostile)
    lab.choices.value = ()
    lab.run()
    assert "select at least one policy" in lab.error.value
    lab.export("/tmp/never.html")
    assert "run the replays first" in lab.error.value
    with pytest.raises(ValueError, match="pick a name other than"):
        lab.state.add_policy(EDITED, Policy())


def test_a_session_without_a_user_message_shows_the_task_as_unknown() -> None:
    taskless = Transcript(
        messages=[{"role": "system", "content": "s"}, {"role": "assistant", "content": "hello"}],
        format="openai",
    )
    lab = ReplayLab(taskless)
    lab.choices.value = ("default",)
    lab.run()
    assert lab.error.value == ""
    assert lab.state.stats["task_survived"].iloc[0] is None
    assert ">unknown</td>" in lab.stats.value and ">yes</td>" in lab.stats.value
