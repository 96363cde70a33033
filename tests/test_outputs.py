"""One output folder (WM_OUTPUT_DIR) for what the panels and notebooks write, and running the
notebooks leaves the checkout's `git status` as it was."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from working_memory.outputs import DEFAULT_OUTPUT_DIR, output_dir, output_path

ROOT = Path(__file__).resolve().parents[1]


def test_default_is_a_folder_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WM_OUTPUT_DIR", raising=False)
    assert output_dir(create=False) == Path(DEFAULT_OUTPUT_DIR)
    assert not (tmp_path / DEFAULT_OUTPUT_DIR).exists()
    assert output_path("r.html").resolve() == tmp_path / DEFAULT_OUTPUT_DIR / "r.html"
    assert (tmp_path / DEFAULT_OUTPUT_DIR).is_dir()


def test_the_variable_wins_and_absolute_paths_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WM_OUTPUT_DIR", str(tmp_path / "out"))
    assert output_path("reports/a.html") == tmp_path / "out" / "reports" / "a.html"
    assert (tmp_path / "out" / "reports").is_dir()
    assert output_path(tmp_path / "elsewhere" / "b.html") == tmp_path / "elsewhere" / "b.html"


def test_the_replay_lab_exports_a_relative_name_into_the_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    from tests.paths import fixture
    from working_memory.transcripts import load_transcript
    from working_memory.workbench.replay_lab import ReplayLab

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WM_OUTPUT_DIR", str(tmp_path / "out"))
    lab = ReplayLab(load_transcript(fixture("openhands")))
    lab.run()
    written = lab.export(lab.report_path.value)  # the panel's default name
    assert written == tmp_path / "out" / "working-memory-report.html"
    assert written.stat().st_size > 100_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def _status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.mark.slow
def test_running_the_writing_notebooks_leaves_git_status_as_it_was() -> None:
    """Notebooks 04 (an HTML report) and 05 (an archive) write files: run as the test
    command runs them, nothing new shows up in the checkout, not even in ignored folders
    (their output goes to a temporary folder; notebooks/conftest.py)."""
    pytest.importorskip("nbval")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    before = _status()
    written = ROOT / "notebooks" / DEFAULT_OUTPUT_DIR

    def files() -> dict[str, float]:
        return {str(p): p.stat().st_mtime for p in written.rglob("*")} if written.exists() else {}

    files_before = files()
    env = {k: v for k, v in os.environ.items() if k not in ("WM_OUTPUT_DIR", "WM_TRANSCRIPT")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "notebooks/04-pressure-curves-for-the-team.ipynb",
         "notebooks/05-wrap-your-agent-loop.ipynb"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert _status() == before
    assert files() == files_before  # a test run wrote 5.5 MB into it before
