"""`.ci/run` parses, requires the browser test, and finds the README's test command."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CI = ROOT / ".ci" / "run"
# The same pattern .ci/run greps README.md with.
README_TEST_COMMAND = re.compile(r"^python3? -m venv \.venv && .*\.venv/bin/pytest", re.M)


def test_the_ci_script_is_valid_bash() -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash on this machine")
    done = subprocess.run([bash, "-n", str(CI)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_ci_script_requires_the_browser_and_never_installs_playwright_browsers() -> None:
    text = CI.read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    assert "export WM_REQUIRE_BROWSER=1" in text
    assert "apt-get install" in text and "chromium" in text
    commands = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    assert not any("playwright install" in line for line in commands)


def test_the_readme_has_the_test_command_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = README_TEST_COMMAND.findall(readme)
    assert found, "README.md needs a line 'python3 -m venv .venv && ... && .venv/bin/pytest'"
    line = next(line for line in readme.splitlines() if README_TEST_COMMAND.match(line))
    assert '.venv/bin/pip install -e ".[dev]"' in line


def test_the_ci_script_requires_the_corpus_and_proves_a_fresh_clone_and_the_wheel() -> None:
    text = CI.read_text(encoding="utf-8")
    commands = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert "export WM_REQUIRE_CORPUS=1" in commands
    # a clone with nothing beside it, the corpus not required there
    assert "git clone" in commands and "unset WM_REQUIRE_CORPUS WM_TRANSCRIPTS" in commands
    assert "no transcript corpus at" in commands  # and its corpus tests reported as skipped
    # the wheel, installed with [notebook] in a fresh venv, serving the workbench, stopped
    assert "pip wheel -q --no-deps" in commands and "[notebook]" in commands
    assert "workbench --no-browser" in commands and "/api/contents/" in commands
    assert 'kill -INT "$SERVER_PID"' in commands
    assert "git status --porcelain" in commands  # the run leaves the checkout clean


def _run_tests(test_command: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`run_tests` from .ci/run, on a stand-in for the README's test command."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash on this machine")
    text = CI.read_text(encoding="utf-8")
    functions = re.search(r"^fail\(\) .*?$", text, re.M).group(0)  # type: ignore[union-attr]
    functions += "\n" + re.search(r"^run_tests\(\) \{.*?^\}", text, re.M | re.S).group(0)  # type: ignore[union-attr]
    script = f"set -euo pipefail\n{functions}\ntest_command={test_command!r}\nrun_tests . log\n"
    return subprocess.run(
        [bash, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("test_command", "ok"),
    [
        ("echo '3 passed, 1 skipped in 0.1s'", True),
        ("echo '1 failed, 3 passed'; exit 1", False),
        ("echo 'no tests ran in 0.01s'; exit 5", False),  # pytest's 'nothing collected'
        ("echo 'all skipped'", False),  # exit 0 but nothing passed
    ],
)
def test_the_ci_test_step_fails_unless_tests_passed(test_command: str, ok: bool, tmp_path) -> None:
    done = _run_tests(test_command, tmp_path)
    assert (done.returncode == 0) == ok, done.stdout + done.stderr


def test_every_browser_test_carries_the_browser_marker() -> None:
    # `-m "not browser"` is how a machine without Chromium leaves them out: a test in
    # tests/browser without the marker would run there and fail instead.
    import sys

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            "not browser",
            str(ROOT / "tests" / "browser"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 5, done.stdout[-2000:] + done.stderr[-2000:]
