"""A span as typed text segments: typed user text, assistant text, tool calls (arguments
decoded from JSON) and tool results (harness line numbers stripped), what the offline
compactor and the metrics read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..messages import render_content
from ._fact_patterns import word_set

__all__ = [
    "PLUMBING_ARGS",
    "Segment",
    "call_text",
    "is_chit_chat",
    "is_typed_user_text",
    "span_segments",
    "span_text",
    "strip_line_numbers",
]


@dataclass(frozen=True)
class Segment:
    """A piece of a span's text: which message it came from and what kind of turn it is.

    `kind` is "user" (typed user text), "system", "assistant", "call" (a tool call's
    arguments) or "tool" (a tool result, or text injected by the harness).
    """

    index: int
    kind: str
    text: str


# Harness text in user turns: tags (<environment_context>, <system-reminder>), Claude Code's
# interruption notice and caveats, Codex's AGENTS.md preamble. The tags SWE-agent and
# OpenHands wrap the task in (<uploaded_files>, <pr_description>, <issue>) hold the request.
_INJECTED = re.compile(
    r"^\s*(?:<(?!(?:uploaded_files|pr_description|issue|problem_statement|task)>)[a-z][\w\-]*>"
    r"|\[Request interrupted|Caveat: |# AGENTS\.md instructions for )"
)
_PRIMARY_ARGS = ("command", "cmd", "file_path", "path", "notebook_path", "pattern", "url", "query")
# Tool-call parameters that steer the harness, not the work: `timeout: 30000` or
# `replace_all: false` is no fact a summary must keep, and would be picked as one.
PLUMBING_ARGS = frozenset(
    {
        "timeout", "offset", "limit", "replace_all", "run_in_background", "head_limit",
        "output_mode", "multiline", "-n", "-i", "-A", "-B", "-C", "type", "max_output_tokens",
        "yield_time_ms", "with_escalated_permissions", "sandbox_permissions", "justification",
        "timeout_ms", "block", "is_input", "security_risk", "view_range", "shell", "login",
        "session_id",
    }
)  # fmt: skip
# Claude Code's Read output numbers every line ("  1252→text"); the number is the harness's.
_LINE_NUMBER_PREFIX = re.compile(r"(?m)^[ \t]*\d+→")


def strip_line_numbers(text: str) -> str:
    """Text without Read's `  12→` line-number prefixes (unchanged when it has none)."""
    return _LINE_NUMBER_PREFIX.sub("", text) if "→" in text else text


def is_typed_user_text(text: str) -> bool:
    """User text a person typed, as opposed to harness-injected tags, notices and reminders."""
    return bool(text.strip()) and not _INJECTED.match(text)


_CHIT_CHAT = word_set(
    "hi hello hey thanks thank thx ty you ok okay great cool nice perfect good awesome lgtm yes "
    "yep yeah sure sounds looks that's thats it is the a so much very well done bye cheers "
    "morning afternoon evening how are doing going today there appreciated appreciate lovely "
    "brilliant excellent wonderful fine all right alright please glad to hear welcome np"
)


def is_chit_chat(text: str) -> bool:
    """True for a line of pleasantries only ("thanks, looks great!"): it carries nothing to keep."""
    words = re.findall(r"[A-Za-z']+", text.lower())
    return all(w in _CHIT_CHAT for w in words) and not re.search(r"\d", text)


def content_text(content: Any) -> tuple[str, bool]:
    """Text of a message's content, and whether it is a tool result in user clothing (media and
    other non-text blocks, and empty parts, are left out)."""
    tool_result = False

    def block_text(block: Mapping[str, Any]) -> str | None:
        nonlocal tool_result
        if block.get("type") == "tool_result":
            tool_result = True
            return content_text(block.get("content"))[0] or None
        text = block.get("text")
        return text or None if isinstance(text, str) else None

    return render_content(content, block_text, item=lambda x: str(x) or None), tool_result


def call_text(call: Mapping[str, Any]) -> str:
    """A tool call as readable lines: the tool and its main argument, `$ command`, then the
    other arguments decoded (tool plumbing such as `timeout` left out)."""
    function = call.get("function") or {}
    name = str(function.get("name") or call.get("name") or "tool")
    raw = function.get("arguments", call.get("input", call.get("arguments")))
    args: Any = raw
    if isinstance(raw, str):
        try:
            args = json.loads(raw)
        except ValueError:
            return f"{name}: {raw}"
    if not isinstance(args, Mapping):
        return f"{name}: {json.dumps(args, ensure_ascii=False)}" if args is not None else name
    lines: list[str] = []
    head = name
    for key in _PRIMARY_ARGS:
        value = args.get(key)
        if isinstance(value, str) and value and "\n" not in value and key not in ("command", "cmd"):
            head = f"{name} {value}"
            break
    lines.append(head)
    for key, value in args.items():
        if key in PLUMBING_ARGS:
            continue
        if key in ("command", "cmd") and isinstance(value, str):
            lines.append(f"$ {value}")
        elif isinstance(value, str):
            if head != f"{name} {value}":
                lines.append(f"{key}: {value}")
        elif value is not None:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


def span_segments(span: Sequence[Mapping[str, Any]]) -> list[Segment]:
    """A span's messages as typed text segments, with tool-call arguments decoded from JSON."""
    segments: list[Segment] = []
    for index, message in enumerate(span):
        role = str(message.get("role", ""))
        text, tool_result = content_text(message.get("content"))
        if role == "user" and not tool_result:
            kind = "user" if is_typed_user_text(text) else "tool"
        elif role in ("user", "tool", "function", "observation") or tool_result:
            kind = "tool"
        elif role in ("system", "developer"):
            kind = "system"
        else:
            kind = "assistant"
        if kind == "tool":
            text = strip_line_numbers(text)
        if text.strip():
            segments.append(Segment(index, kind, text))
        for call in message.get("tool_calls") or []:
            if isinstance(call, Mapping):
                segments.append(Segment(index, "call", call_text(call)))
        if isinstance(message.get("content"), list):  # Anthropic-style tool_use blocks
            for block in message["content"]:
                if isinstance(block, Mapping) and block.get("type") == "tool_use":
                    segments.append(Segment(index, "call", call_text(block)))
    return segments


def span_text(span: str | Sequence[Mapping[str, Any]]) -> str:
    """The span as one text, tool-call arguments decoded: what fact extraction reads."""
    if isinstance(span, str):
        return span
    return "\n".join(segment.text for segment in span_segments(span))
