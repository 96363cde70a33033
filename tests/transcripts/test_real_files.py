"""Exact counts for every real log in ../shared/transcripts/.

Every number below was derived independently of the loader, with a small script reading the
raw file (json + collections only), not with working_memory code:
- roles: OpenAI files -> Counter of message roles, minus the final `exit`; Claude Code ->
  user lines whose content is a string or holds non-tool_result blocks (isCompactSummary
  excluded), distinct `message.id`s of assistant lines, tool_result blocks; Codex -> message
  items by role (developer -> system) plus the session_meta instructions, one assistant
  message per assistant text item plus one per run of call items not directly after
  assistant output, tool = function/custom outputs + web_search_call stand-ins;
  SWE-agent -> history roles; OpenHands -> user/agent message actions + distinct
  model_response ids for tool actions, observations of run/edit.
- tool calls: tool_calls entries / tool_use blocks / function_call+custom_tool_call+
  web_search_call items / history tool_calls / actions with tool_call_metadata.
- synthetic: calls whose id no tool message answers (astropy: the final submit call).
- usage rows: assistant messages with extra.response.usage (mini-swe-agent), distinct
  message.id (Claude Code), token_count events with info and a changed running total (Codex),
  distinct model_response ids (OpenHands); SWE-agent records no per-call usage.
- input_sum: sum over usage rows of prompt_tokens (OpenAI style, which includes cached) or
  input + cache_read + cache_creation of the LAST line of each message.id (Claude Code) or
  last_token_usage.input_tokens (Codex); output_sum likewise.
- compactions: the compact_boundary line (1256) with its compactMetadata, summary length of
  the next line's content, and index = messages produced by lines before it (229).
- threads: isSidechain roots (parentUuid null) of the old layout, keyed by the Task tool_use
  whose prompt equals the root's text; subagents/agent-*.jsonl by agent id.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from working_memory.transcripts import SYNTHETIC_RESULT, load_transcript

CC_SPOTTER = "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d"

CASES: list[dict[str, Any]] = [
    dict(
        file="openai/SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json",
        format="mini-swe-agent",
        roles={"system": 1, "user": 1, "assistant": 64, "tool": 64},
        tool_calls=64,
        synthetic=1,
        calls=64,
        input_sum=1_111_619,
        output_sum=17_133,
        renames=0,
        threads={},
        compactions=[],
        warnings=1,
    ),
    dict(
        file="openai/SWE-agent__mini-swe-agent__deepseek_reasoner_dev__sqlfluff__sqlfluff-1517.traj.json",
        format="mini-swe-agent",
        roles={"system": 1, "user": 1, "assistant": 107, "tool": 107},
        tool_calls=107,
        synthetic=0,
        calls=107,
        input_sum=3_810_198,
        output_sum=31_663,
        renames=0,
        threads={},
        compactions=[],
        warnings=0,
    ),
    dict(
        file="claude-code/d-kimuson__claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
        format="claude-code",
        roles={"user": 2, "assistant": 7, "tool": 12},
        tool_calls=12,
        synthetic=0,
        calls=7,
        input_sum=116_010,
        output_sum=953,
        renames=0,
        threads={},
        compactions=[],
        warnings=0,
    ),
    dict(
        file="claude-code/d-kimuson__claude-code-viewer__5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
        format="claude-code",
        roles={"user": 2, "assistant": 10, "tool": 13},
        tool_calls=13,
        synthetic=0,
        calls=10,
        input_sum=216_399,
        output_sum=2_003,
        renames=0,
        compactions=[],
        warnings=0,
        # (messages, tool calls, usage rows); the two sidechains sum to 155,736 input / 1,626 output
        threads={
            "toolu_014YF9TXhDRR7BnpasNJ7gjC": (6, 2, 3),
            "toolu_01LKfUwrsnof18CpWZQcJH44": (14, 6, 7),
        },
    ),
    dict(
        file=f"{CC_SPOTTER}.jsonl",
        format="claude-code",
        # 5 typed user lines + 2 prompts typed while the agent was busy (queue-operation
        # enqueue at lines 497 and 603, each delivered by a later "remove").
        roles={"user": 7, "assistant": 152, "tool": 186},
        tool_calls=186,
        synthetic=0,
        calls=152,
        input_sum=15_121_271,
        output_sum=38_899,
        renames=0,
        warnings=0,
        threads={"a881341": (6, 2, 3), "acompact-fffbd0": (4, 0, 1)},
        compactions=[(231, "auto", 167_094, 14_518, "acompact-fffbd0", 1256)],
    ),
    dict(
        file=f"{CC_SPOTTER}/subagents/agent-a881341.jsonl",
        format="claude-code",
        roles={"user": 1, "assistant": 3, "tool": 2},
        tool_calls=2,
        synthetic=0,
        calls=3,
        input_sum=76_350,
        output_sum=3,
        renames=0,
        threads={},
        compactions=[],
        warnings=0,
    ),
    dict(
        file=f"{CC_SPOTTER}/subagents/agent-acompact-fffbd0.jsonl",
        format="claude-code",
        roles={"user": 3, "assistant": 1},
        tool_calls=0,
        synthetic=0,
        calls=1,
        input_sum=169_248,
        output_sum=6,
        renames=0,
        threads={},
        compactions=[],
        warnings=0,
    ),
    dict(
        file="codex/codemie-ai__codemie-code__rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
        format="codex",
        roles={"system": 2, "user": 3, "assistant": 13 + 54, "tool": 99 + 3 + 3},
        tool_calls=105,
        synthetic=0,
        calls=66,
        input_sum=6_055_836,
        output_sum=9_118,
        renames=0,
        threads={},
        compactions=[],
        warnings=0,
    ),
    dict(
        file="swe-agent/SWE-agent__SWE-agent__marshmallow-code__marshmallow-1867.function_calling_replace_from_source.traj",
        format="swe-agent",
        roles={"system": 1, "user": 1, "assistant": 13, "tool": 13},
        tool_calls=13,
        synthetic=0,
        calls=0,
        input_sum=0,
        output_sum=0,
        renames=4,
        threads={},
        compactions=[],
        warnings=0,  # 13 call ids, 9 distinct
    ),
    dict(
        file="openhands/All-Hands-AI__OpenHands__basic_gui_mode.json",
        format="openhands",
        roles={"user": 1, "assistant": 5, "tool": 4},
        tool_calls=4,
        synthetic=0,
        calls=4,
        input_sum=17_297,
        output_sum=2_024,
        renames=0,
        threads={},
        compactions=[],
        warnings=0,
    ),
]


def test_every_file_is_covered(transcripts_dir: Path) -> None:
    on_disk = {
        str(p.relative_to(transcripts_dir))
        for p in transcripts_dir.rglob("*")
        if p.is_file() and p.name != "MANIFEST.md"
    }
    assert on_disk == {case["file"] for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: Path(c["file"]).name[:40])
def test_exact_counts(case: dict[str, Any], transcripts_dir: Path, check_api_shape: Any) -> None:
    t = load_transcript(transcripts_dir / case["file"])
    assert t.format == case["format"]
    assert t.role_counts() == case["roles"]
    assert len(t.messages) == sum(case["roles"].values()) == len(t.provenance)
    assert t.tool_call_count() == case["tool_calls"]
    synthetic = [m for m in t.messages if m.get("content") == SYNTHETIC_RESULT]
    assert len(synthetic) == len(t.metadata.get("synthetic_results", [])) == case["synthetic"]
    paired_real = case["roles"].get("tool", 0) - case["synthetic"]
    assert sum(1 for m in t.messages if m["role"] == "tool") - len(synthetic) == paired_real
    assert len(t.calls) == case["calls"]
    assert sum(c.total_input_tokens for c in t.calls) == case["input_sum"]
    assert sum(c.output_tokens for c in t.calls) == case["output_sum"]
    assert len(t.metadata.get("tool_call_id_renames", {})) == case["renames"]
    assert len(t.warnings) == case["warnings"], t.warnings
    assert {
        k: (len(v.messages), v.tool_call_count(), len(v.calls)) for k, v in t.threads.items()
    } == case["threads"]
    got = [
        (c.index, c.trigger, c.pre_tokens, len(c.summary), c.thread, c.source)
        for c in t.compactions
    ]
    assert got == case["compactions"]
    check_api_shape(t.messages)
    for thread in t.threads.values():
        check_api_shape(thread.messages)
    # calls point at messages the model saw, in order, each right before an assistant message
    lasts = [c.last_message for c in t.calls]
    assert lasts == sorted(lasts)
    for call in t.calls:
        assert t.messages[call.last_message + 1]["role"] == "assistant"
    assert [c.index for c in t.calls] == list(range(len(t.calls)))


def test_claude_code_compaction_keeps_full_history(transcripts_dir: Path) -> None:
    t = load_transcript(transcripts_dir / f"{CC_SPOTTER}.jsonl")
    comp = t.compactions[0]
    # the summary is not a message; history continues across the boundary in file order
    assert all(comp.summary not in str(m.get("content")) for m in t.messages)
    assert comp.summary.startswith("This session is being continued from a previous conversation")
    assert t.provenance[comp.index - 1] < 1256 < t.provenance[comp.index]
    # the acompact thread is the summarisation call itself: its reply holds the summary's analysis
    reply = t.threads["acompact-fffbd0"].messages[-1]["content"]
    assert "<summary>" in reply
    assert t.metadata["skipped_lines"]["progress"] == 1333
    assert t.threads["a881341"].metadata["parent_tool_use_id"] == "toolu_01VmaERAwhb19LGUwu9GenaK"


def test_claude_code_usage_is_per_message_id_not_per_line(transcripts_dir: Path) -> None:
    # 1af7...: msg_018mu4atNC spans lines 6-10; output_tokens is 30 on lines 6-9 and 285 on line 10
    t = load_transcript(transcripts_dir / CASES[2]["file"])
    call = next(c for c in t.calls if c.source == "msg_018mu4atNCkxSiLt7VVQquTL")
    assert (call.input_tokens, call.cached_input_tokens, call.cache_creation_input_tokens) == (
        6,
        15550,
        304,
    )
    assert call.output_tokens == 285
    assert len(t.messages[call.last_message + 1]["tool_calls"]) == 5


def test_reasoning_and_exit_are_metadata(transcripts_dir: Path) -> None:
    t = load_transcript(transcripts_dir / CASES[1]["file"])
    assert len(t.metadata["reasoning_content"]) == 107
    assert all("reasoning_content" not in m for m in t.messages)
    assert t.metadata["exit_status"] == "InternalServerError"
    assert t.metadata["exit"]["extra"]["exit_status"] == "InternalServerError"
    first_reasoning = min(t.metadata["reasoning_content"])
    assert t.messages[first_reasoning]["role"] == "assistant"


def test_thread_selection_and_save_round_trip(transcripts_dir: Path, tmp_path: Path) -> None:
    path = transcripts_dir / f"{CC_SPOTTER}.jsonl"
    sub = load_transcript(path, thread="a881341")
    assert len(sub.messages) == 6
    full = load_transcript(path)
    out = tmp_path / "normalised.jsonl"
    full.save(out)
    again = load_transcript(out)
    assert again.format == "openai"
    assert again.messages == full.messages
    assert again.provenance == list(range(1, len(full.messages) + 1))
    assert again.warnings == []


def test_to_pandas_rows(transcripts_dir: Path) -> None:
    t = load_transcript(transcripts_dir / f"{CC_SPOTTER}.jsonl")
    frame = t.to_pandas("estimate")
    assert len(frame) == 345 + 6 + 4
    assert list(frame.columns) == [
        "index",
        "role",
        "tool",
        "chars",
        "tokens",
        "thread",
        "source_line",
    ]
    assert frame.groupby("thread").size().to_dict() == {
        "main": 345,
        "a881341": 6,
        "acompact-fffbd0": 4,
    }
    main = frame[frame.thread == "main"]
    tools = main[main.role == "tool"]
    assert (tools.tool != "").all()
    assert (main.tokens > 0).all()


def test_prompts_typed_while_busy_are_delivered_as_user_turns(transcripts_dir: Path) -> None:
    t = load_transcript(transcripts_dir / f"{CC_SPOTTER}.jsonl")
    queued = [
        (i, m["content"])
        for i, m in enumerate(t.messages)
        if m["role"] == "user" and i in t.metadata.get("queued", {})
    ]
    assert [text for _, text in queued] == [
        "check again",
        "new beads for the epic were added. tackle them",
    ]
    assert [t.provenance[i] for i, _ in queued] == [497, 603]
