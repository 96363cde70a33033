"""The project's own fixtures (tests/fixtures/): reproducible, and each one exercises what its
format's loader must handle, so a clone with no corpus beside it still tests every loader."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.paths import FIXTURE_FILES, FIXTURES, fixture, fixture_files
from working_memory.transcripts import load_transcript

# name -> (format, messages, provider calls, parallel-call messages, warnings)
EXPECTED = {
    "openai-chat": ("openai", 46, 0, 7, 1),
    "openai-mini-swe-agent": ("mini-swe-agent", 47, 18, 7, 1),
    "anthropic": ("anthropic", 46, 0, 7, 0),
    "claude-code-sidechain": ("claude-code", 10, 4, 1, 0),
    "claude-code-compaction": ("claude-code", 47, 18, 8, 1),
    "codex": ("codex", 47, 18, 8, 1),
    "swe-agent": ("swe-agent", 18, 0, 3, 0),
    "swe-agent-legacy": ("swe-agent-legacy", 14, 0, 0, 0),
    "swe-agent-demo": ("swe-agent-legacy", 33, 0, 0, 0),
    "openhands": ("openhands", 33, 10, 5, 0),
}


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_reproduces_the_committed_bytes() -> None:
    built = _generator().build()
    on_disk = {str(p.relative_to(FIXTURES)) for p in fixture_files(subagents=True)}
    assert set(built) == on_disk
    for name, data in built.items():
        assert (FIXTURES / name).read_bytes() == data, (
            f"{name} differs from its generator: run python tests/fixtures/make_fixtures.py"
        )


def test_every_fixture_has_a_role() -> None:
    main_files = {fixture(name) for name in FIXTURE_FILES}
    assert main_files == set(fixture_files())
    assert set(EXPECTED) == set(FIXTURE_FILES)


def _api_shape(messages: list[dict[str, Any]]) -> None:
    """Every assistant's calls are answered right after it, once each, in the chat format."""
    i = 0
    while i < len(messages):
        m = messages[i]
        assert m["role"] in ("system", "user", "assistant", "tool"), m
        assert m["role"] != "tool", f"tool message {i} does not follow its assistant message"
        i += 1
        ids = [c["id"] for c in m.get("tool_calls") or ()]
        answered = []
        while i < len(messages) and messages[i]["role"] == "tool":
            answered.append(messages[i]["tool_call_id"])
            i += 1
        assert sorted(answered) == sorted(ids), (i, ids, answered)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_fixture_loads_as_its_format(name: str) -> None:
    fmt, n_messages, n_calls, parallel, n_warnings = EXPECTED[name]
    t = load_transcript(fixture(name))
    assert t.format == fmt
    assert len(t.messages) == n_messages
    assert len(t.calls) == n_calls
    assert sum(len(m.get("tool_calls") or ()) > 1 for m in t.messages) == parallel
    assert len(t.warnings) == n_warnings, t.warnings
    assert t.messages[0]["role"] in ("system", "user")
    assert any("rounding bug" in str(m["content"]) for m in t.messages[:3]), "the task is there"
    _api_shape(t.messages)
    for call in t.calls:  # provider usage where the format records it
        assert call.input_tokens + call.cached_input_tokens > 0


@pytest.mark.parametrize("name", ["openai-chat", "claude-code-compaction", "codex"])
def test_bad_lines_are_named_and_lose_nothing_else(name: str) -> None:
    t = load_transcript(fixture(name))
    path = fixture(name)
    assert t.warnings[0].startswith(f"{path}:") and "not valid JSON" in t.warnings[0]
    with pytest.raises(ValueError, match="not valid JSON"):
        load_transcript(path, strict=True)


def test_claude_code_subagent_and_real_looking_compaction() -> None:
    t = load_transcript(fixture("claude-code-compaction"))
    assert set(t.threads) == {"a7d41c2", "acompact-5e1f0a"}
    task = t.threads["a7d41c2"]
    assert task.metadata["parent_tool_use_id"] == "toolu_task01"  # linked by progress lines
    assert any("export.py:88" in str(m["content"]) for m in task.messages)
    (compaction,) = t.compactions
    assert compaction.trigger == "auto" and compaction.pre_tokens == 41_873
    assert compaction.thread == "acompact-5e1f0a"
    assert compaction.summary.startswith("This session is being continued")
    assert t.metadata["skipped_lines"]["progress"] == 4
    # one API response over several lines: one assistant message, usage counted once
    assert len(t.calls) == len({c.source for c in t.calls})
    # the prompt typed while the agent was busy is delivered as a user turn
    assert any(str(m["content"]).startswith("No, do not change") for m in t.messages)


def test_claude_code_older_layout_inlines_the_sidechain() -> None:
    t = load_transcript(fixture("claude-code-sidechain"))
    assert list(t.threads) == ["toolu_task02"]
    assert t.threads["toolu_task02"].messages[0]["content"].startswith("List the tests")


def test_codex_compaction_custom_call_and_web_search() -> None:
    t = load_transcript(fixture("codex"))
    assert t.messages[0]["role"] == "system" and t.metadata["system_from_session_meta"]
    (compaction,) = t.compactions
    assert "src/billing/invoice.py:42" in compaction.summary
    names = {c["function"]["name"] for m in t.messages for c in m.get("tool_calls") or ()}
    assert {"apply_patch", "web_search", "shell", "read_file"} <= names
    assert t.metadata["model_context_window"] == 272_000


def test_mini_swe_agent_exit_reasoning_and_a_reused_call_id() -> None:
    t = load_transcript(fixture("openai-mini-swe-agent"))
    assert t.metadata["exit"]["content"].startswith("diff --git")
    assert t.messages[-1] == {
        "role": "tool",
        "tool_call_id": "call_099",
        "content": t.messages[-1]["content"],
    }
    assert "synthetic tool message" in t.warnings[0]
    ids = [c["id"] for m in t.messages for c in m.get("tool_calls") or ()]
    assert len(ids) == len(set(ids))  # the loader renamed the reused id, pairing by position
    raw = fixture("openai-mini-swe-agent").read_text(encoding="utf-8")
    assert raw.count('"id": "call_003"') == 2  # ...which the file does reuse


def test_openhands_and_swe_agent_specifics() -> None:
    oh = load_transcript(fixture("openhands"))
    assert oh.metadata["skipped_events"]["observation:null"] == 1
    assert oh.tools and oh.metadata["model"].endswith("claude-sonnet-4-5-20250929")
    swe = load_transcript(fixture("swe-agent"))
    assert swe.metadata["trajectory_steps"] == 7
    assert swe.metadata["step_history_lengths"][0] == 2


def test_fixtures_are_small(tmp_path: Path) -> None:
    total = sum(p.stat().st_size for p in fixture_files(subagents=True))
    assert total < 800_000, f"{total} bytes of fixtures: keep them small"
