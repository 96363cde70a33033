"""SWE-agent `.traj` files: `history` is the conversation; function-calling runs answer with
`tool_call_ids` (a list), legacy runs parse actions from text and answer as user turns.
`trajectory[i].messages` (the history as of step i) is kept as lengths in metadata."""

from __future__ import annotations

from typing import Any

from ._builder import Builder
from ._errors import TranscriptError
from .openai_chat import add_openai_message

__all__ = ["load_swe_agent"]


def load_swe_agent(b: Builder, doc: dict[str, Any], base: str = "$") -> None:
    history = doc.get("history")
    if not isinstance(history, list):
        raise TranscriptError(
            "SWE-agent trajectory without a history list",
            path=b.path,
            json_path=f"{base}.history",
            expected="a list of messages",
        )
    function_calling = False
    for i, m in enumerate(history):
        source = f"{base}.history[{i}]"
        if isinstance(m, dict) and m.get("tool_calls"):
            function_calling = True
        if isinstance(m, dict) and m.get("role") == "tool" and "tool_call_id" not in m:
            ids = m.get("tool_call_ids")
            ids = ids if isinstance(ids, list) and ids else [None]
            for k, tid in enumerate(ids):  # one result per id; the text goes with the first
                add_openai_message(
                    b,
                    {
                        "role": "tool",
                        "tool_call_id": tid,
                        "content": m.get("content") if k == 0 else "",
                    },
                    source,
                )
            continue
        index = add_openai_message(b, m, source)
        if index is not None and isinstance(m, dict):
            for key in ("message_type", "is_demo"):
                if key in m:
                    b.note(index, key, m[key])
    b.format = "swe-agent" if function_calling else "swe-agent-legacy"
    info = doc.get("info")
    if isinstance(info, dict):
        for key in ("exit_status", "submission", "model_stats"):
            if key in info:
                b.metadata[key] = info[key]
    steps = doc.get("trajectory")
    if isinstance(steps, list):
        b.metadata["trajectory_steps"] = len(steps)
        b.metadata["step_history_lengths"] = [
            len(s["messages"])
            if isinstance(s, dict) and isinstance(s.get("messages"), list)
            else None
            for s in steps
        ]
    if isinstance(doc.get("environment"), str):
        b.metadata["environment"] = doc["environment"]
