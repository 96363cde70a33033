"""Which format a file holds, decided from its content (never from its name)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ._errors import TranscriptError
from .anthropic import ANTHROPIC_BLOCKS

__all__ = ["FORMATS", "RUN_KEYS", "detect_document", "detect_records", "looks_anthropic"]

FORMATS = (
    "openai",
    "mini-swe-agent",
    "anthropic",
    "claude-code",
    "codex",
    "swe-agent",
    "swe-agent-legacy",
    "openhands",
)
JSONL_ONLY = ("claude-code", "codex")
CLAUDE_TYPES = frozenset(
    {
        "user",
        "assistant",
        "system",
        "summary",
        "progress",
        "file-history-snapshot",
        "queue-operation",
    }
)
CODEX_TYPES = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})
CODEX_ITEMS = frozenset(
    {
        "message",
        "function_call",
        "function_call_output",
        "reasoning",
        "custom_tool_call",
        "custom_tool_call_output",
        "local_shell_call",
    }
)
RUN_KEYS = ("traj", "trajectory", "messages", "history")
_SCAN = 50


_SHAREGPT = "a ShareGPT conversation (turns of 'from'/'value'): not supported"
_OURS = "an agent log with OpenAI/Anthropic messages ('role'/'content'), or a supported format"


def _sharegpt(item: Any) -> bool:
    turns = item.get("conversations") if isinstance(item, dict) else None
    return isinstance(turns, list) and any(
        isinstance(t, dict) and "from" in t and "value" in t for t in turns[:_SCAN]
    )


def looks_anthropic(messages: Iterable[Any]) -> bool:
    """Anthropic if any content block is one only Anthropic has (tool_use, tool_result, thinking...)
    or an image with a `source`; OpenAI if any message uses tool_calls / role tool."""
    for n, m in enumerate(messages):
        if n >= 200 or not isinstance(m, dict):
            break
        if m.get("role") == "tool" or m.get("tool_calls"):
            return False
        content = m.get("content")
        if isinstance(content, list):
            for block in content:
                if isinstance(block, dict):
                    kind = block.get("type") if isinstance(block.get("type"), str) else None
                    if kind in ANTHROPIC_BLOCKS or (kind == "image" and "source" in block):
                        return True
    return False


def _message_like(items: list[Any]) -> bool:
    return any(isinstance(m, dict) and "role" in m for m in items[:_SCAN])


def detect_document(doc: Any, path: object, json_path: str = "$") -> str:
    """Format of a parsed JSON document; 'runs' for a list of several runs."""
    if isinstance(doc, dict):
        if isinstance(doc.get("history"), list):
            return "swe-agent"
        messages = doc.get("messages")
        if isinstance(messages, list):
            if "trajectory_format" in doc or any(
                isinstance(m, dict) and m.get("role") == "exit" for m in messages[-3:]
            ):
                return "mini-swe-agent"
            if looks_anthropic(messages) or isinstance(doc.get("system"), (str, list)):
                return "anthropic"
            return "openai"
        if isinstance(doc.get("events"), list):
            return "openhands"
        if "role" in doc:
            return "openai"
        if _sharegpt(doc):
            raise TranscriptError(_SHAREGPT, path=path, json_path=json_path, expected=_OURS)
        keys = ", ".join(sorted(map(str, doc))[:8]) or "none"
        raise TranscriptError(
            f"not a transcript: a JSON object with keys {keys}",
            path=path,
            json_path=json_path,
            expected="'messages', 'history' or 'events', or a list of messages/events/runs",
        )
    if isinstance(doc, list):
        if not doc:
            raise TranscriptError(
                "empty list: no messages",
                path=path,
                json_path=json_path,
                expected="at least one message",
            )
        head = doc[:_SCAN]
        if any(isinstance(e, dict) and ("action" in e or "observation" in e) for e in head):
            return "openhands"
        if _message_like(head):
            return "anthropic" if looks_anthropic(doc) else "openai"
        if all(isinstance(r, dict) and any(k in r for k in RUN_KEYS) for r in head):
            return "runs"
        if _sharegpt(doc[0]):
            raise TranscriptError(_SHAREGPT, path=path, json_path=f"{json_path}[0]", expected=_OURS)
        kind = type(doc[0]).__name__
        raise TranscriptError(
            f"not a transcript: a list whose first item is a {kind}",
            path=path,
            json_path=f"{json_path}[0]",
            expected="message objects with 'role', OpenHands events, or run records",
        )
    raise TranscriptError(
        f"not a transcript: a JSON {type(doc).__name__}",
        path=path,
        json_path=json_path,
        expected="a JSON object or list",
    )


def detect_records(records: list[tuple[int, Any]], path: object) -> str:
    """Format of a JSONL file from its first records."""
    for _lineno, r in records:
        if not isinstance(r, dict):
            continue
        kind = r.get("type") if isinstance(r.get("type"), str) else None
        if "payload" in r and kind in CODEX_TYPES:
            return "codex"
        if kind in CLAUDE_TYPES and any(
            k in r for k in ("uuid", "sessionId", "leafUuid", "messageId", "parentUuid")
        ):
            return "claude-code"
        if kind in CODEX_ITEMS and "payload" not in r:
            return "codex"
        if "instructions" in r and "id" in r and "timestamp" in r:
            return "codex"
        if "role" in r:
            return "anthropic" if looks_anthropic(r2 for _, r2 in records) else "openai"
        if any(k in r for k in RUN_KEYS):
            return "runs"
    first = records[0][0] if records else None
    raise TranscriptError(
        "not a transcript: no line looks like a Claude Code, Codex or chat-message record",
        path=path,
        line=first,
        expected="JSONL lines with 'role', or Claude Code / Codex records",
    )
