"""Where the tests find transcripts: the project's own fixtures, and an optional real corpus.

- `FIXTURES` (tests/fixtures/, written by tests/fixtures/make_fixtures.py and checked in): one
  small session in every loader format. Tests that need *a* transcript use these, so a clone
  with nothing beside it passes.
- The corpus: real agent logs, read from the folder in `WM_TRANSCRIPTS` (default
  `../shared/transcripts` beside the checkout). Tests that need *those* logs call
  `require_corpus()` (or carry the `corpus` marker): they skip with a one-line reason when the
  folder is absent, and fail instead when `WM_REQUIRE_CORPUS=1` (CI sets it), so a green CI run
  means they ran.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS_VARIABLE = "WM_TRANSCRIPTS"
REQUIRE_VARIABLE = "WM_REQUIRE_CORPUS"
DEFAULT_CORPUS = ROOT.parent / "shared" / "transcripts"


def corpus_folder() -> Path:
    """The corpus folder the tests read: $WM_TRANSCRIPTS, else ../shared/transcripts."""
    value = os.environ.get(CORPUS_VARIABLE)
    return Path(value).expanduser().resolve() if value else DEFAULT_CORPUS.resolve()


TRANSCRIPTS = corpus_folder()

# One main-session file per format in the corpus, as it comes off disk.
REAL_FILES = {
    "openai-astropy": "openai/SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json",
    "openai-sqlfluff": "openai/SWE-agent__mini-swe-agent__deepseek_reasoner_dev__sqlfluff__sqlfluff-1517.traj.json",
    "claude-code-small": "claude-code/d-kimuson__claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
    "claude-code-sidechain": "claude-code/d-kimuson__claude-code-viewer__5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
    "claude-code-compaction": "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl",
    "codex": "codex/codemie-ai__codemie-code__rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
    "swe-agent": "swe-agent/SWE-agent__SWE-agent__marshmallow-code__marshmallow-1867.function_calling_replace_from_source.traj",
    "openhands": "openhands/All-Hands-AI__OpenHands__basic_gui_mode.json",
}

# The same roles, played by the project's own fixtures (same keys as REAL_FILES).
FIXTURE_FILES = {
    "openai-chat": "openai/chat-session.jsonl",
    "openai-mini-swe-agent": "openai/mini-swe-agent.traj.json",
    "anthropic": "anthropic/messages-session.json",
    "claude-code-sidechain": "claude-code/3f2b8a10-55c1-4e7d-9a0e-2d4c6b8f1a23.jsonl",
    "claude-code-compaction": "claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl",
    "codex": "codex/rollout-2026-05-11T09-00-00-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
    "swe-agent": "swe-agent/billing__invoice-rounding-1.traj",
    "swe-agent-legacy": "swe-agent/billing__invoice-rounding-legacy.traj",
    "swe-agent-demo": "swe-agent/billing__invoice-rounding-demo.traj",
    "openhands": "openhands/invoice-rounding-events.json",
}


def corpus_missing() -> str | None:
    """Why the corpus cannot be used (one line), or None when it is there."""
    folder = corpus_folder()
    if not folder.is_dir():
        where = f"${CORPUS_VARIABLE}" if os.environ.get(CORPUS_VARIABLE) else "the default"
        return f"no transcript corpus at {folder} ({where}; set {CORPUS_VARIABLE} to a folder of real logs)"
    return None


def require_corpus() -> Path:
    """The corpus folder; skip the test when it is absent, or fail with WM_REQUIRE_CORPUS=1."""
    reason = corpus_missing()
    if reason is not None:
        if os.environ.get(REQUIRE_VARIABLE) == "1":
            pytest.fail(f"{REQUIRE_VARIABLE}=1 but {reason}", pytrace=False)
        pytest.skip(f"{reason}; {REQUIRE_VARIABLE}=1 fails instead")
    return corpus_folder()


def corpus_files(*, subagents: bool = False) -> list[Path]:
    """Every transcript file in the corpus (none when it is absent), sorted."""
    folder = corpus_folder()
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix != ".md" and (subagents or "subagents" not in p.parts)
    )


def fixture_files(*, subagents: bool = False) -> list[Path]:
    """Every transcript file under tests/fixtures/, sorted."""
    return sorted(
        p
        for p in FIXTURES.rglob("*")
        if p.is_file()
        and p.suffix not in (".py", ".md")
        and (subagents or "subagents" not in p.parts)
    )


def real(name: str) -> Path:
    """A corpus file by role (see REAL_FILES); the caller's test needs the corpus."""
    return require_corpus() / REAL_FILES[name]


def fixture(name: str) -> Path:
    """A fixture file by role (see FIXTURE_FILES)."""
    return FIXTURES / FIXTURE_FILES[name]


def long_claude_code(folder: Path, turns: int = 2_600) -> Path:
    """A ~5,000-message Claude Code log with a production compaction (a `compact_boundary`
    record at message 23) and usage on every call, written under `folder` by the fixtures'
    own builder from a generated session; its main session file. Too big to check in."""
    import importlib.util

    from working_memory.transcripts import synthetic_session

    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files = module.claude_code(synthetic_session(turns, seed=3))
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder / next(n for n in files if n.count("/") == 1)
