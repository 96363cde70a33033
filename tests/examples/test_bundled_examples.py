"""The bundled example transcripts: reproducible, loadable in both formats, and long enough
that the shipped policies have something to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from working_memory import load_transcript
from working_memory.examples import EXAMPLES, example_path
from working_memory.examples.make_examples import build_examples, main
from working_memory.messages import content_text
from working_memory.replays import PRESETS, replay

EXPECTED_FORMAT = {
    "coding-session": "openai",
    "coding-session-anthropic": "anthropic",
}


def test_regenerating_gives_identical_bytes() -> None:
    built = build_examples()
    assert sorted(built) == sorted(EXAMPLES.values())
    for name, data in built.items():
        on_disk = example_path(_name_of(name)).read_bytes()
        assert on_disk == data, (
            f"{name} drifted: run python -m working_memory.examples.make_examples"
        )


def _name_of(file_name: str) -> str:
    return next(name for name, f in EXAMPLES.items() if f == file_name)


def test_check_mode_reports_stale_files_and_writes_nothing(tmp_path: Path) -> None:
    assert main(["--check"]) == 0
    assert main(["--check", "--out", str(tmp_path)]) == 1
    assert list(tmp_path.iterdir()) == []
    assert main(["--out", str(tmp_path)]) == 0
    assert {p.name for p in tmp_path.iterdir()} == set(EXAMPLES.values())
    assert main(["--check", "--out", str(tmp_path)]) == 0


@pytest.mark.parametrize(("name", "fmt"), sorted(EXPECTED_FORMAT.items()))
def test_each_example_loads_with_its_format_detected(name: str, fmt: str) -> None:
    path = example_path(name)
    assert path.stat().st_size < 600_000, "keep the bundled examples small"
    transcript = load_transcript(path)
    assert transcript.format == fmt
    assert transcript.warnings == []
    assert [t["function"]["name"] for t in transcript.tools or []] == [
        "read_file",
        "grep",
        "run_tests",
        "edit_file",
        "bash",
    ]
    assert transcript.messages[0]["role"] == "system"
    assert "TASK:" in transcript.messages[1]["content"]


def _tool_exchanges(path: Path) -> dict[str, tuple[str, str]]:
    """tool_call id -> (tool name, result text)."""
    transcript = load_transcript(path)
    names = transcript.tool_names()
    return {
        m["tool_call_id"]: (names[m["tool_call_id"]], content_text(m["content"])[0])
        for m in transcript.messages
        if m["role"] == "tool"
    }


def test_both_formats_hold_the_same_session() -> None:
    openai = _tool_exchanges(example_path("coding-session"))
    anthropic = _tool_exchanges(example_path("coding-session-anthropic"))
    assert len(openai) > 50
    assert openai == anthropic


def test_unknown_example_names_the_choices() -> None:
    with pytest.raises(ValueError, match="coding-session-anthropic"):
        example_path("no-such-example")


@pytest.mark.parametrize(
    ("preset", "min_compactions", "min_evictions"),
    [("default", 2, 0), ("small-window-32k", 8, 5)],
)
def test_policies_have_work_to_do(preset: str, min_compactions: int, min_evictions: int) -> None:
    stats = replay(load_transcript(example_path()), PRESETS[preset]).stats
    assert stats.compactions >= min_compactions
    assert stats.evictions >= min_evictions
    assert stats.orphaned_tool_calls == 0
    assert stats.task_survived
