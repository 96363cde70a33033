"""Where the real transcripts are: ../shared/transcripts beside the checkout (CI has it too)."""

from __future__ import annotations

from pathlib import Path

TRANSCRIPTS = Path(__file__).resolve().parents[1] / ".." / "shared" / "transcripts"

# One main-session file per format, as it comes off disk.
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


def real(name: str) -> Path:
    return TRANSCRIPTS / REAL_FILES[name]
