"""Fixtures for the workbench tests: real transcripts, a hostile transcript, widget walking."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")
pytest.importorskip("anywidget")

from tests.paths import corpus_files, fixture, fixture_files
from working_memory.transcripts import Transcript, load_transcript

# Every fixture (each loader format), and every real log when the corpus is there.
ALL_FILES = [
    *(pytest.param(p, id=p.name[:40]) for p in fixture_files()),
    *(
        pytest.param(p, id=f"corpus-{p.name[:40]}", marks=pytest.mark.corpus)
        for p in corpus_files()
    ),
]
# A Claude Code session with a subagent, a real-looking auto compaction and provider usage.
COMPACTED = fixture("claude-code-compaction")
# A mini-swe-agent run whose final submit call has no result (the loader adds one and warns).
ASTROPY = fixture("openai-mini-swe-agent")

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


@pytest.fixture(scope="session")
def long_session() -> Transcript:
    """The bundled example: long enough that the default 128k policy compacts and evicts."""
    from working_memory.examples import example_path

    return load_transcript(example_path())


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
