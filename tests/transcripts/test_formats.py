"""Each format's conversions on small hand-made logs: input -> expected messages and records."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from working_memory.transcripts import CallRecord, load_transcript, load_transcripts


def _write(tmp_path: Path, data: Any, jsonl: bool = False) -> Path:
    path = tmp_path / "log.data"  # detection never looks at the name
    if jsonl:
        path.write_text("".join(json.dumps(r) + "\n" for r in data))
    else:
        path.write_text(json.dumps(data, indent=1))
    return path


def _call(cid: str, name: str = "bash", args: str = "{}") -> dict[str, Any]:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}


def test_reused_tool_call_ids_pair_by_position(
    tmp_path: Path, check_api_shape: Callable[..., None]
) -> None:
    log = [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": None, "tool_calls": [_call("call_0")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "first"},
        {"role": "assistant", "content": None, "tool_calls": [_call("call_0"), _call("call_1")]},
        {"role": "tool", "tool_call_id": "call_1", "content": "third"},
        {"role": "tool", "tool_call_id": "call_0", "content": "second"},
    ]
    t = load_transcript(_write(tmp_path, log))
    check_api_shape(t.messages)
    assert [m.get("tool_call_id") for m in t.messages] == [
        None,
        None,
        "call_0",
        None,
        "call_1",
        "call_0~2",
    ]
    assert [m["content"] for m in t.messages[4:]] == ["third", "second"]
    assert t.messages[3]["tool_calls"][0]["id"] == "call_0~2"
    assert t.metadata["tool_call_id_renames"] == {"call_0~2": "call_0"}
    assert t.warnings == []


def test_results_arriving_late_move_up_to_their_call(
    tmp_path: Path, check_api_shape: Callable[..., None]
) -> None:
    log = [
        {"role": "assistant", "content": "", "tool_calls": [_call("a")]},
        {"role": "user", "content": "interjection"},
        {"role": "tool", "tool_call_id": "a", "content": "result"},
    ]
    path = _write(tmp_path, log, jsonl=True)
    t = load_transcript(path)
    check_api_shape(t.messages)
    assert [m["role"] for m in t.messages] == ["assistant", "tool", "user"]
    assert t.provenance == [1, 3, 2]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ({"role": "developer", "content": "rules"}, {"role": "system", "content": "rules"}),
        (
            {
                "role": "user",
                "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
            },
            {"role": "user", "content": "a\nb"},
        ),
        (
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "see"},
                    {"type": "image_url", "image_url": {"url": "u"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "see"},
                    {"type": "image_url", "image_url": {"url": "u"}},
                ],
            },
        ),
        ({"role": "assistant", "content": None}, {"role": "assistant", "content": ""}),
        (
            {
                "role": "assistant",
                "content": "x",
                "reasoning_content": "hmm",
                "extra": {"k": 1},
                "function_call": None,
            },
            {"role": "assistant", "content": "x"},
        ),
        ({"role": "user", "content": 7}, {"role": "user", "content": "7"}),
    ],
)
def test_openai_message_cleaning(
    tmp_path: Path, message: dict[str, Any], expected: dict[str, Any]
) -> None:
    t = load_transcript(_write(tmp_path, [message]))
    assert t.messages == [expected]


def test_legacy_function_calling(tmp_path: Path, check_api_shape: Callable[..., None]) -> None:
    log = [
        {
            "role": "assistant",
            "content": None,
            "function_call": {"name": "f", "arguments": {"x": 1}},
        },
        {"role": "function", "name": "f", "content": "42"},
    ]
    t = load_transcript(
        _write(
            tmp_path, {"messages": log, "tools": [{"type": "function", "function": {"name": "f"}}]}
        )
    )
    check_api_shape(t.messages)
    assert t.messages[0]["tool_calls"][0]["function"] == {"name": "f", "arguments": '{"x": 1}'}
    assert t.messages[1] == {"role": "tool", "tool_call_id": "call_0_0", "content": "42"}
    assert t.tools == [{"type": "function", "function": {"name": "f"}}]


def test_anthropic_messages(tmp_path: Path, check_api_shape: Callable[..., None]) -> None:
    body = {
        "system": "be brief",
        "tools": [
            {"name": "read", "description": "read a file", "input_schema": {"type": "object"}}
        ],
        "messages": [
            {"role": "user", "content": "read a.txt"},
            {
                "role": "assistant",
                "model": "claude-x",
                "id": "msg_1",
                "usage": {
                    "input_tokens": 10,
                    "cache_read_input_tokens": 100,
                    "cache_creation_input_tokens": 5,
                    "output_tokens": 7,
                },
                "content": [
                    {"type": "thinking", "thinking": "plan", "signature": "s"},
                    {"type": "text", "text": "ok"},
                    {"type": "tool_use", "id": "tu1", "name": "read", "input": {"path": "a.txt"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "tu1",
                        "is_error": False,
                        "content": [
                            {"type": "text", "text": "hello"},
                            {
                                "type": "image",
                                "source": {
                                    "type": "base64",
                                    "media_type": "image/png",
                                    "data": "AAA",
                                },
                            },
                        ],
                    },
                    {"type": "text", "text": "thanks"},
                ],
            },
        ],
    }
    t = load_transcript(_write(tmp_path, body))
    check_api_shape(t.messages)
    assert t.format == "anthropic"
    assert t.messages == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "read a.txt"},
        {
            "role": "assistant",
            "content": "ok",
            "tool_calls": [_call("tu1", "read", '{"path": "a.txt"}')],
        },
        {"role": "tool", "tool_call_id": "tu1", "content": "hello"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "thanks"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAA"}},
            ],
        },
    ]
    assert t.metadata["thinking"] == {2: "plan"}
    assert t.tools == [
        {
            "type": "function",
            "function": {
                "name": "read",
                "description": "read a file",
                "parameters": {"type": "object"},
            },
        }
    ]
    assert t.calls == [
        CallRecord(
            index=0,
            last_message=1,
            input_tokens=10,
            cached_input_tokens=100,
            cache_creation_input_tokens=5,
            output_tokens=7,
            model="claude-x",
            source="msg_1",
        )
    ]
    assert t.calls[0].total_input_tokens == 115


def _codex(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": "t", "type": kind, "payload": payload}


def test_codex_compaction_keeps_history_and_usage(
    tmp_path: Path, check_api_shape: Callable[..., None]
) -> None:
    usage = {
        "input_tokens": 100,
        "cached_input_tokens": 60,
        "output_tokens": 9,
        "reasoning_output_tokens": 4,
        "total_tokens": 109,
    }
    lines = [
        _codex("session_meta", {"id": "s1", "base_instructions": {"text": "You are Codex"}}),
        _codex("turn_context", {"model": "gpt-x"}),
        _codex(
            "response_item",
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]},
        ),
        _codex(
            "response_item",
            {
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "think"}],
                "encrypted_content": "zz",
            },
        ),
        _codex(
            "response_item",
            {
                "type": "custom_tool_call",
                "call_id": "p1",
                "name": "apply_patch",
                "input": "*** Begin Patch",
            },
        ),
        _codex(
            "event_msg",
            {
                "type": "token_count",
                "info": {"total_token_usage": usage, "last_token_usage": usage},
            },
        ),
        _codex(
            "event_msg",
            {
                "type": "token_count",
                "info": {"total_token_usage": usage, "last_token_usage": usage},
            },
        ),
        _codex(
            "response_item", {"type": "custom_tool_call_output", "call_id": "p1", "output": "Done"}
        ),
        _codex("compacted", {"message": "summary of it all", "replacement_history": []}),
        _codex(
            "response_item",
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "bye"}],
            },
        ),
        _codex("event_msg", {"type": "token_count", "info": None}),
    ]
    t = load_transcript(_write(tmp_path, lines, jsonl=True))
    check_api_shape(t.messages)
    assert t.format == "codex"
    assert [m["role"] for m in t.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert t.messages[2]["tool_calls"][0]["function"]["arguments"] == "*** Begin Patch"
    assert t.provenance == [1, 3, 5, 8, 10]
    assert t.metadata["reasoning"] == {2: "think"}
    assert t.calls == [
        CallRecord(
            index=0,
            last_message=1,
            input_tokens=40,
            cached_input_tokens=60,
            output_tokens=9,
            model="gpt-x",
            source=6,
            reasoning_tokens=4,
        )
    ]
    [comp] = t.compactions
    assert (comp.index, comp.summary, comp.pre_tokens, comp.source) == (
        4,
        "summary of it all",
        109,
        9,
    )


def test_openhands_events(tmp_path: Path, check_api_shape: Callable[..., None]) -> None:
    response = {
        "id": "r1",
        "model": "m",
        "choices": [
            {
                "message": {
                    "content": "doing",
                    "tool_calls": [
                        {
                            "id": "t1",
                            "function": {"name": "execute_bash", "arguments": '{"command": "ls"}'},
                        },
                        {
                            "id": "t2",
                            "function": {"name": "execute_bash", "arguments": '{"command": "pwd"}'},
                        },
                    ],
                }
            }
        ],
        "usage": {"prompt_tokens": 50, "completion_tokens": 5},
    }
    events = [
        {"id": 0, "source": "user", "action": "message", "args": {"content": "list files"}},
        {
            "id": 1,
            "source": "agent",
            "action": "run",
            "args": {"command": "ls"},
            "tool_call_metadata": {
                "function_name": "execute_bash",
                "tool_call_id": "t1",
                "model_response": response,
            },
        },
        {
            "id": 2,
            "source": "agent",
            "action": "run",
            "args": {"command": "pwd"},
            "tool_call_metadata": {
                "function_name": "execute_bash",
                "tool_call_id": "t2",
                "model_response": response,
            },
        },
        {
            "id": 3,
            "source": "agent",
            "observation": "run",
            "cause": 2,
            "content": "/root",
            "tool_call_metadata": {"tool_call_id": "t2"},
        },
        {
            "id": 4,
            "source": "agent",
            "observation": "run",
            "cause": 1,
            "content": "a b",
            "tool_call_metadata": {"tool_call_id": "t1"},
        },
        {"id": 5, "source": "environment", "observation": "agent_state_changed", "content": ""},
    ]
    t = load_transcript(_write(tmp_path, events))
    check_api_shape(t.messages)
    assert t.format == "openhands"
    assert [m["role"] for m in t.messages] == ["user", "assistant", "tool", "tool"]
    assert len(t.messages[1]["tool_calls"]) == 2
    assert t.messages[1]["content"] == "doing"
    assert t.provenance == [0, 1, 3, 4]
    assert [(c.input_tokens, c.output_tokens, c.source) for c in t.calls] == [(50, 5, "r1")]
    assert t.metadata["skipped_events"] == {"observation:agent_state_changed": 1}


def test_swe_agent_legacy(tmp_path: Path) -> None:
    doc = {
        "history": [
            {"role": "system", "content": "s", "agent": "primary"},
            {"role": "user", "content": "issue", "is_demo": True},
            {"role": "assistant", "content": "```ls```", "thought": "t", "action": "ls"},
            {"role": "user", "content": "file.py"},
        ],
        "trajectory": [{"action": "ls"}],
        "info": {"exit_status": "submitted"},
    }
    t = load_transcript(_write(tmp_path, doc))
    assert t.format == "swe-agent-legacy"
    assert [m["role"] for m in t.messages] == ["system", "user", "assistant", "user"]
    assert t.metadata["is_demo"] == {1: True}
    assert t.metadata["exit_status"] == "submitted"


@pytest.mark.parametrize("jsonl", [False, True])
def test_multi_run_files(tmp_path: Path, jsonl: bool) -> None:
    runs = [
        {
            "task_id": "a",
            "traj": {
                "messages": [{"role": "user", "content": "one"}],
                "trajectory_format": "mini-swe-agent-1",
            },
        },
        {
            "task_id": "b",
            "traj": [{"role": "user", "content": "two"}, {"role": "assistant", "content": "ok"}],
        },
    ]
    loaded = load_transcripts(_write(tmp_path, runs, jsonl=jsonl))
    assert [len(t.messages) for t in loaded] == [1, 2]
    assert [t.metadata["record"]["task_id"] for t in loaded] == ["a", "b"]
    assert [t.format for t in loaded] == ["mini-swe-agent", "openai"]


def test_claude_code_hand_made(tmp_path: Path, check_api_shape: Callable[..., None]) -> None:
    def line(
        kind: str, uuid: str, parent: str | None, content: Any, **extra: Any
    ) -> dict[str, Any]:
        message: dict[str, Any] = {"role": kind, "content": content}
        if kind == "assistant":
            message.update(extra.pop("message", {}))
        return {
            "type": kind,
            "uuid": uuid,
            "parentUuid": parent,
            "sessionId": "s",
            "isSidechain": False,
            "message": message,
            **extra,
        }

    usage1 = {"input_tokens": 3, "cache_read_input_tokens": 10, "output_tokens": 1}
    usage2 = {"input_tokens": 3, "cache_read_input_tokens": 10, "output_tokens": 20}
    lines = [
        line("user", "u1", None, "start"),
        line(
            "assistant",
            "a1",
            "u1",
            [{"type": "text", "text": "ok"}],
            message={"id": "m1", "usage": usage1, "model": "c"},
        ),
        line(
            "assistant",
            "a2",
            "a1",
            [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}],
            message={"id": "m1", "usage": usage2, "model": "c"},
        ),
        {"type": "progress", "uuid": "p1", "parentUuid": "a2", "data": {"type": "hook_progress"}},
        line(
            "user",
            "u2",
            "a2",
            [{"type": "tool_result", "tool_use_id": "t1", "content": "out"}],
            toolUseResult={"stdout": "out"},
        ),
        {
            "type": "system",
            "subtype": "compact_boundary",
            "uuid": "b1",
            "parentUuid": None,
            "logicalParentUuid": "u2",
            "compactMetadata": {"trigger": "manual", "preTokens": 999},
        },
        line("user", "u3", "b1", "Summary: we did things", isCompactSummary=True),
        line("user", "u4", "u3", "next"),
        line(
            "assistant",
            "a3",
            "u4",
            "plain string reply",
            message={"id": "m2", "model": "<synthetic>"},
        ),
        {"type": "mystery", "uuid": "x"},
    ]
    t = load_transcript(_write(tmp_path, lines, jsonl=True))
    check_api_shape(t.messages)
    assert [m["role"] for m in t.messages] == ["user", "assistant", "tool", "user", "assistant"]
    assert t.messages[1]["content"] == "ok"
    assert len(t.messages[1]["tool_calls"]) == 1
    assert [(c.output_tokens, c.total_input_tokens, c.source) for c in t.calls] == [(20, 13, "m1")]
    [comp] = t.compactions
    assert (comp.index, comp.trigger, comp.pre_tokens, comp.summary, comp.source) == (
        3,
        "manual",
        999,
        "Summary: we did things",
        6,
    )
    assert t.metadata["skipped_lines"] == {"progress": 1, "mystery": 1}
    assert t.metadata["synthetic"] == {4: True}
    assert len(t.warnings) == 1
    assert ":10: unknown line type 'mystery'" in t.warnings[0]
