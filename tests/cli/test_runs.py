"""A file of several runs (tau-bench results) from the CLI and load_transcript (issue 21)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from working_memory import load_transcript
from working_memory.cli import main
from working_memory.transcripts import TranscriptError


def _runs(tmp_path: Path) -> Path:
    def run(task: int, said: str) -> dict[str, object]:
        return {
            "task_id": task,
            "reward": 1.0,
            "traj": [
                {"role": "system", "content": "You are a retail agent."},
                {"role": "user", "content": said},
                {"role": "assistant", "content": "Done."},
            ],
        }

    path = tmp_path / "results.json"
    path.write_text(json.dumps([run(12, "cancel order 1"), run(40, "exchange the lamp")]))
    return path


def test_load_transcript_picks_a_run_by_index_or_id(tmp_path: Path) -> None:
    path = _runs(tmp_path)
    assert load_transcript(path, run=1).messages[1]["content"] == "exchange the lamp"
    assert load_transcript(path, run="12").messages[1]["content"] == "cancel order 1"
    with pytest.raises(TranscriptError) as info:
        load_transcript(path)
    text = str(info.value)
    assert "2 runs" in text and "0: 12" in text and "1: 40" in text and "run=" in text
    with pytest.raises(TranscriptError, match="no run 'nosuch'"):
        load_transcript(path, run="nosuch")


@pytest.mark.parametrize("command", ["inspect", "replay", "compact"])
def test_the_cli_takes_run(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _runs(tmp_path)
    extra = ["--span", "1:3"] if command == "compact" else []  # 3 messages: all recent-pinned
    assert main([command, str(path), "--run", "40", *extra]) == 0, capsys.readouterr().err
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--run N|ID" in err[0] and "load_transcripts()" not in err[0]
    assert "0: 12" in err[0]
