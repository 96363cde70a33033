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
