"""`~` in a path means the home folder wherever the project takes a path (issue 21)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.paths import fixture
from working_memory import JsonlArchive, Policy, load_transcript, load_transcripts, replay
from working_memory.cli import main
from working_memory.replays import write_report
from working_memory.transcripts import iter_transcripts


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    session = home / ".claude" / "projects" / "my-proj" / "session.jsonl"
    session.parent.mkdir(parents=True)
    shutil.copyfile(fixture("claude-code-sidechain"), session)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    return home


def test_the_loaders_expand_the_home_folder(home: Path) -> None:
    assert load_transcript("~/.claude/projects/my-proj/session.jsonl").messages
    assert len(load_transcripts("~/.claude/projects/")) == 1
    stream = iter_transcripts("~/.claude/projects/")  # returned nothing before
    assert [t.metadata["corpus_label"] for t in stream] == ["my-proj/session.jsonl"]
    assert stream.skipped == []


def test_archives_policies_and_reports_expand_the_home_folder(home: Path) -> None:
    archive = JsonlArchive("~/archive.jsonl")
    assert archive.path == home / "archive.jsonl"
    (home / "policy.json").write_text(json.dumps({"keep_recent": 3}))
    assert Policy.from_file("~/policy.json").keep_recent == 3
    result = replay("~/.claude/projects/my-proj/session.jsonl", Policy(window=32_000))
    assert write_report(result, "~/report.html") == home / "report.html"
    assert (home / "report.html").is_file()


@pytest.mark.parametrize(
    "argv",
    [
        ["inspect", "~/.claude/projects/my-proj/session.jsonl"],
        ["replay", "~/.claude/projects/my-proj/session.jsonl"],
        ["replay", "~/.claude/projects/", "--out", "~/out.csv"],
        ["compact", "~/.claude/projects/my-proj/session.jsonl"],
    ],
)
def test_the_cli_expands_a_quoted_home_folder(
    home: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A quoted `~` (or `--out=~/x`) reaches the program unexpanded by the shell."""
    assert main(argv) == 0, capsys.readouterr().err
    if "--out" in argv:
        assert (home / "out.csv").is_file()
