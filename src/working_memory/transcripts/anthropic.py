"""Anthropic Messages lists (`{role, content: [blocks]}`), and the block conversion Claude Code
logs share: text, tool_use, tool_result, thinking, image, server tool blocks."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ._builder import Builder, as_dict, normalize_content, tool_call
from ._errors import TranscriptError
from ._usage import anthropic_usage, warn_usage

__all__ = ["Blocks", "add_anthropic_message", "load_anthropic_document", "split_blocks"]

# Block types that mark a list of messages as Anthropic rather than OpenAI.
ANTHROPIC_BLOCKS = frozenset(
    {"tool_use", "tool_result", "thinking", "redacted_thinking", "server_tool_use", "document"}
)


@dataclass
class Blocks:
    """One message's blocks, sorted into what the chat format needs."""

    parts: list[dict[str, Any]] = field(default_factory=list)  # text / image_url parts
    calls: list[dict[str, Any]] = field(default_factory=list)
    results: list[tuple[str, Any, bool]] = field(
        default_factory=list
    )  # (tool_use_id, content, is_error)
    result_images: list[dict[str, Any]] = field(default_factory=list)
    thinking: list[str] = field(default_factory=list)


def _image(block: dict[str, Any]) -> dict[str, Any]:
    source = as_dict(block.get("source"))
    if source.get("type") == "url":
        url = str(source.get("url", ""))
    else:
        url = f"data:{source.get('media_type', 'image/png')};base64,{source.get('data', '')}"
    return {"type": "image_url", "image_url": {"url": url}}


def _result_text(content: Any, images: list[dict[str, Any]]) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = []
        for block in content:
            if isinstance(block, dict) and block.get("type") == "image":
                images.append(_image(block))
            elif isinstance(block, dict) and isinstance(block.get("text"), str):
                texts.append(block["text"])
            else:
                texts.append(json.dumps(block, ensure_ascii=False))
        return "\n".join(texts)
    return json.dumps(content, ensure_ascii=False)


def split_blocks(content: Any) -> Blocks:
    """Sort a content string or block list; unknown blocks are kept as JSON text, never lost."""
    out = Blocks()
    if content is None:
        return out
    if isinstance(content, str):
        out.parts.append({"type": "text", "text": content})
        return out
    if not isinstance(content, list):
        out.parts.append({"type": "text", "text": json.dumps(content, ensure_ascii=False)})
        return out
    for block in content:
        if isinstance(block, str):
            out.parts.append({"type": "text", "text": block})
            continue
        if not isinstance(block, dict):
            out.parts.append({"type": "text", "text": json.dumps(block, ensure_ascii=False)})
            continue
        kind = block.get("type") if isinstance(block.get("type"), str) else None
        if kind == "text":
            out.parts.append({"type": "text", "text": str(block.get("text", ""))})
        elif kind in ("tool_use", "server_tool_use"):
            out.calls.append(tool_call(block.get("id"), block.get("name"), block.get("input", {})))
        elif kind == "tool_result" or (isinstance(kind, str) and kind.endswith("_tool_result")):
            text = _result_text(block.get("content"), out.result_images)
            out.results.append(
                (str(block.get("tool_use_id", "")), text, bool(block.get("is_error")))
            )
        elif kind == "thinking":
            out.thinking.append(str(block.get("thinking", "")))
        elif kind == "redacted_thinking":
            out.thinking.append("[redacted thinking]")
        elif kind == "image":
            out.parts.append(_image(block))
        else:
            out.parts.append({"type": "text", "text": json.dumps(block, ensure_ascii=False)})
    return out


def _content(parts: list[dict[str, Any]], role: str) -> Any:
    if not parts:
        return None if role == "assistant" else ""
    if len(parts) == 1 and parts[0]["type"] == "text":
        return parts[0]["text"]
    return normalize_content(parts, role)


def add_blocks(b: Builder, role: str, blocks: Blocks, source: int | str) -> int | None:
    """Feed one Anthropic message's blocks; returns the raw index of the assistant message."""
    if role == "assistant":
        msg: dict[str, Any] = {"role": "assistant", "content": _content(blocks.parts, "assistant")}
        if blocks.calls:
            msg["tool_calls"] = blocks.calls
        elif msg["content"] is None:
            msg["content"] = ""
        index = b.add(msg, source)
        if blocks.thinking:
            b.note(index, "thinking", "\n".join(blocks.thinking))
        for tid, text, is_error in blocks.results:  # server tool results ride in the assistant turn
            result = b.add({"role": "tool", "tool_call_id": tid, "content": text}, source)
            if is_error:
                b.note(result, "tool_error", True)
        return index
    for tid, text, is_error in blocks.results:
        result = b.add({"role": "tool", "tool_call_id": tid, "content": text}, source)
        if is_error:
            b.note(result, "tool_error", True)
    parts = blocks.parts + blocks.result_images  # tool messages cannot carry images
    if parts or not blocks.results:
        b.add({"role": role, "content": _content(parts, role)}, source)
    return None


def add_anthropic_message(b: Builder, m: Any, source: int | str) -> None:
    if not isinstance(m, dict):
        b.drop(source, f"expected a message object, got {type(m).__name__}; left out")
        return
    role = m.get("role")
    if role not in ("user", "assistant", "system"):
        b.drop(source, f"unknown role {role!r} (expected user or assistant); message left out")
        return
    blocks = split_blocks(m.get("content"))
    index = add_blocks(b, role, blocks, source)
    if role == "assistant" and index is not None:
        fields = anthropic_usage(m.get("usage"))
        if fields is not None:
            warn_usage(b.warn, m.get("usage"), source)
            b.add_call(position=index, model=m.get("model"), source=m.get("id") or source, **fields)


def _openai_tool(tool: Any) -> dict[str, Any] | None:
    if not isinstance(tool, dict) or "name" not in tool:
        return None
    function: dict[str, Any] = {"name": tool["name"]}
    if "description" in tool:
        function["description"] = tool["description"]
    if "input_schema" in tool:
        function["parameters"] = tool["input_schema"]
    return {"type": "function", "function": function}


def load_anthropic_document(b: Builder, doc: Any, base: str = "$") -> None:
    """A list of messages, or a request body `{system, messages, tools}`."""
    path = base
    if isinstance(doc, dict):
        messages = doc.get("messages")
        if not isinstance(messages, list):
            raise TranscriptError(
                "no message list",
                path=b.path,
                json_path=f"{base}.messages",
                expected="a list of messages",
            )
        system = doc.get("system")
        if system:
            text = system if isinstance(system, str) else _result_text(system, [])
            b.add({"role": "system", "content": text}, f"{base}.system")
        tools = doc.get("tools")
        if isinstance(tools, list):
            b.tools = [t for t in (_openai_tool(x) for x in tools) if t]
        if isinstance(doc.get("model"), str):
            b.metadata["model"] = doc["model"]
        path = f"{base}.messages"
    else:
        messages = doc
    for i, m in enumerate(messages):
        add_anthropic_message(b, m, f"{path}[{i}]")
