"""Per-message token overheads: what a provider adds around the text, as named constants.

The chat formats wrap every message in role markers and delimiters, every tool call in an
envelope, and serialise tool schemas into the prompt. None of that is in the message text,
and all of it is billed. Values are per provider family; `GENERIC` is the safe default.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..messages import content_text
from ._counters import TokenCounter

__all__ = [
    "ANTHROPIC",
    "GENERIC",
    "OPENAI",
    "MessageOverheads",
    "message_tokens",
    "tools_tokens",
]


@dataclass(frozen=True)
class MessageOverheads:
    """Tokens a provider adds beyond the counted text. Images cost a documented flat amount."""

    family: str
    per_message: int  # role marker and delimiters around each message
    per_tool_call: int  # the envelope of one tool call (id, type, name wrapper)
    per_tool_result: int  # the tool_call_id / tool_result wrapper
    per_request: int  # priming tokens added once per request
    per_tool_schema: int  # wrapper around each tool definition
    image: (
        int  # flat cost of one image block (providers vary with size; this is the budgeting figure)
    )


# OpenAI chat completions: 3 tokens per message and 3 to prime the reply (OpenAI cookbook).
OPENAI = MessageOverheads(
    family="openai",
    per_message=3,
    per_tool_call=8,
    per_tool_result=4,
    per_request=3,
    per_tool_schema=10,
    image=765,
)
# Anthropic Messages: content blocks carry more structure; tool_use/tool_result blocks are wrapped.
ANTHROPIC = MessageOverheads(
    family="anthropic",
    per_message=4,
    per_tool_call=12,
    per_tool_result=8,
    per_request=4,
    per_tool_schema=16,
    image=1_600,
)
# Unknown provider: the larger (Anthropic) figures, so that a budget errs on the safe side.
GENERIC = replace(ANTHROPIC, family="generic")


# Blocks billed by size class, not by their (base64) bytes: budgeted at the flat image cost.
def message_tokens(
    message: Mapping[str, Any],
    counter: TokenCounter,
    overheads: MessageOverheads = GENERIC,
    *,
    content_tokens: int | None = None,
) -> int:
    """Tokens of one message as sent: text, tool-call envelopes and the per-message overhead.

    `content_tokens`: the content's count when the caller already has it (not counted again).
    """
    content = message.get("content")
    if type(content) is str and "tool_calls" not in message:
        # A plain text turn, most of what is counted: the same sum with nothing to walk.
        counted = counter.count(content) if content_tokens is None else content_tokens
        extra = overheads.per_tool_result if message.get("role") == "tool" else 0
        return overheads.per_message + counted + extra
    text, images = content_text(content)
    counted = counter.count(text) if content_tokens is None else content_tokens
    total = overheads.per_message + counted + images * overheads.image
    role = message.get("role")
    if role == "tool":
        total += overheads.per_tool_result
    elif role == "user" and isinstance(message.get("content"), list):
        results = sum(
            1
            for block in message["content"]
            if isinstance(block, Mapping) and block.get("type") == "tool_result"
        )
        total += results * overheads.per_tool_result
    for call in message.get("tool_calls") or ():
        function = call.get("function") or {}
        arguments = function.get("arguments") or ""
        if not isinstance(arguments, str):
            arguments = json.dumps(arguments, ensure_ascii=False)
        total += (
            overheads.per_tool_call
            + counter.count(str(function.get("name") or ""))
            + counter.count(arguments)
        )
    return total


def tools_tokens(
    tools: Sequence[Mapping[str, Any]] | None,
    counter: TokenCounter,
    overheads: MessageOverheads = GENERIC,
) -> int:
    """Tool schemas are sent on every call and are easy to forget: count each, plus its wrapper."""
    if not tools:
        return 0
    return sum(
        overheads.per_tool_schema
        + counter.count(json.dumps(tool, ensure_ascii=False, separators=(",", ":")))
        for tool in tools
    )
