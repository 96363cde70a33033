"""Fixtures for the workbench tests: real transcripts, a hostile transcript, widget walking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")
pytest.importorskip("anywidget")

from working_memory.transcripts import Transcript, load_transcript

TRANSCRIPTS = Path(__file__).resolve().parents[2] / ".." / "shared" / "transcripts"
ALL_FILES = sorted(
    p
    for p in TRANSCRIPTS.rglob("*")
    if p.is_file() and p.suffix != ".md" and "subagents" not in p.parts
)
COMPACTED = (
    TRANSCRIPTS / "claude-code" / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"
)
ASTROPY = TRANSCRIPTS / "openai" / "SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json"

SCRIPT = "<script>window.__pwned = 1</script>"
IMG = '<img src=x onerror="window.__pwned=2">'


def hostile_messages() -> list[dict[str, Any]]:
    """A session whose every field a panel shows carries markup."""
    calls = [
        {
            "id": "c1",
            "type": "function",
            "function": {"name": "<b>bash</b>", "arguments": f'{{"cmd": "{IMG}"}}'},
        }
    ]
    return [
        {"role": "system", "content": f"system {SCRIPT}"},
        {"role": "user", "content": f"Fix src/app.py {SCRIPT} please"},
        {"role": "assistant", "content": f"Looking {IMG}", "tool_calls": calls},
        {
            "role": "tool",
            "tool_call_id": "c1",
            "content": (SCRIPT + " error in src/app.py line 3\n") * 200,
        },
        {"role": "user", "content": f"No, use src/main.py instead {IMG}"},
        {"role": "assistant", "content": f"Done {SCRIPT} src/main.py:12 fixed"},
    ]


@pytest.fixture
def hostile() -> Transcript:
    return Transcript(hostile_messages(), format="openai", source="hostile.jsonl")


@pytest.fixture(scope="session")
def compacted() -> Transcript:
    return load_transcript(COMPACTED)


def walk(widget: Any) -> Iterator[Any]:
    """Every widget under `widget` (children, and figure widgets held in boxes)."""
    seen: set[int] = set()
    stack = [widget]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        stack.extend(getattr(item, "children", ()) or ())


def html_of(widget: Any) -> str:
    """All the HTML the HTML widgets under `widget` show."""
    import ipywidgets

    return "\n".join(w.value for w in walk(widget) if isinstance(w, ipywidgets.HTML))
