"""The composed Workbench, the extra's import guard, and the `workbench` command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from working_memory.cli import main
from working_memory.cli.workbench_cmd import TRANSCRIPT_VARIABLE, command
from working_memory.workbench import Workbench

from .conftest import ALL_FILES, COMPACTED, html_of


@pytest.mark.parametrize("path", ALL_FILES)
def test_from_path_on_every_real_log(path: Path) -> None:
    wb = Workbench.from_path(path)
    for n in range(4):
        wb.show(n)
    assert all(panel.error.value == "" for panel in wb.panels[:2])
    assert len(wb.messages) == len(wb.transcript.messages)


def test_shared_state_and_lazy_tabs() -> None:
    wb = Workbench.from_path(COMPACTED)
    assert wb.explorer.live and not wb.pins.live
    wb.policy = wb.policy.replace(keep_recent=15)
    assert wb.pins._dirty  # hidden: redrawn when shown
    wb.tabs.selected_index = 1
    assert wb.pins.live and not wb.pins._dirty
    assert wb.pins.controls["keep_recent"].value == 15
    upto = wb.policy_state.preview.upto
    assert set(range(upto - 15, upto)) <= set(wb.pins.chart.trace("pinned").x)
    wb.pins.controls["window"].value = 50_000
    assert wb.policy.window == 50_000
    wb.tabs.selected_index = 0
    assert wb.explorer.chart.trace("pressure").y[-1] == pytest.approx(
        wb.policy_state.cumulative[-1] / wb.policy.limit
    )
    wb.tabs.selected_index = 2
    wb.prompt_lab.run()
    assert wb.results is not None and len(wb.results) == 1
    wb.tabs.selected_index = 3
    wb.replay_lab.choices.value = ("default", "edited")
    wb.replay_lab.run()
    assert list(wb.stats["policy"]) == ["default", "edited"]
    assert wb.replays["edited"].policy.window == 50_000


def test_hostile_transcript_renders_as_text_in_every_panel(hostile) -> None:  # type: ignore[no-untyped-def]
    wb = Workbench(hostile)
    for n in range(4):
        wb.show(n)
    wb.prompt_lab.state.span_choice, wb.prompt_lab.state.range = "range", (0, 6)
    wb.prompt_lab.span_choice.value = "range"
    wb.prompt_lab.range_start.value, wb.prompt_lab.range_end.value = 0, 6
    wb.prompt_lab.run()
    for index in range(len(hostile.messages)):
        wb.transcript_state.selected = index
        html = html_of(wb.widget).split("</style>")
        body = "".join(part for part in html)
        assert "<script" not in body.replace("<style>", "") and "<img" not in body


def test_import_does_not_need_the_extra() -> None:
    code = (
        "import sys; sys.modules['ipywidgets'] = None; sys.modules['plotly'] = None\n"
        "import working_memory.workbench as wb\n"
        "try:\n    wb.TranscriptExplorer()\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'working-memory[notebook]'" in out.stdout


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "nb"
    assert main(["workbench", str(COMPACTED), "--dir", str(folder), "--print"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{TRANSCRIPT_VARIABLE}={COMPACTED} ")
    assert "-m jupyterlab" in printed and str(folder / "01-explore-a-transcript.ipynb") in printed
    assert "--no-browser" in command(folder, no_browser=True)
    assert ("--allow-root" in command(folder)) == (os.geteuid() == 0)
    assert main(["workbench", str(tmp_path / "nope.jsonl"), "--dir", str(folder)]) == 1
    assert "no such transcript file" in capsys.readouterr().err
