"""The real-log tests read $WM_TRANSCRIPTS: skipped with one line when it is absent, failed with
WM_REQUIRE_CORPUS=1, and pointed at your own logs by setting it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.paths import fixture

ROOT = Path(__file__).resolve().parents[1]
A_CORPUS_TEST = "tests/transcripts/test_real_files.py::test_every_file_is_covered"


def _pytest(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("WM_TRANSCRIPTS", "WM_REQUIRE_CORPUS")
    }
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", *args],
        cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_absent_corpus_is_a_one_line_skip(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder"
    done = _pytest(A_CORPUS_TEST, WM_TRANSCRIPTS=str(missing))
    assert done.returncode == 0, done.stdout
    assert f"no transcript corpus at {missing} ($WM_TRANSCRIPTS" in done.stdout
    assert "1 skipped" in done.stdout


def test_required_corpus_fails_instead(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder"
    done = _pytest(A_CORPUS_TEST, WM_TRANSCRIPTS=str(missing), WM_REQUIRE_CORPUS="1")
    assert done.returncode == 1, done.stdout
    assert f"WM_REQUIRE_CORPUS=1 but no transcript corpus at {missing}" in done.stdout


def test_your_own_logs_become_corpus_tests(tmp_path: Path) -> None:
    mine = tmp_path / "my-logs"
    mine.mkdir()
    shutil.copy(fixture("codex"), mine / "monday.jsonl")
    args = ("tests/compaction/test_real_transcripts.py", "-k", "corpus-monday", "-q")
    done = _pytest(*args, WM_TRANSCRIPTS=str(mine), WM_REQUIRE_CORPUS="1")
    assert done.returncode == 0, done.stdout
    assert "1 passed" in done.stdout
