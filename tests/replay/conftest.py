"""Shared paths and helpers for the replay tests."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.paths import fixture

# Real logs (tests that use them need the corpus: see tests/paths.py).
SPOTTER = "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"
CODEX = "codex/codemie-ai__codemie-code__rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl"
# The project's own: a Claude Code session with a real-looking auto compaction, and a
# mini-swe-agent run with provider usage on every call.
COMPACTED = fixture("claude-code-compaction")
MINI_SWE = fixture("openai-mini-swe-agent")
CHROMIUM = "/usr/bin/chromium"


def chromium_or_skip() -> str:
    """The Chromium binary; skip without one unless WM_REQUIRE_BROWSER=1 (then fail)."""
    path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if path:
        return path
    if os.environ.get("WM_REQUIRE_BROWSER") == "1":
        pytest.fail("WM_REQUIRE_BROWSER=1 but no chromium at /usr/bin/chromium or on PATH")
    pytest.skip(
        "no chromium installed (apt-get install chromium); set WM_REQUIRE_BROWSER=1 to fail instead"
    )
