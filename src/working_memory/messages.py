"""Message shape, in one place: roles, tool calls and their results, tool groups, the summary marker.

Two wire formats carry tool use, and both are first-class:

- OpenAI chat: an assistant message with `tool_calls: [{id, function: {name, arguments}}]`,
  answered by `{"role": "tool", "tool_call_id": id, "content": ...}` messages;
- Anthropic Messages: an assistant message whose `content` holds `{"type": "tool_use", id,
  name, input}` blocks, answered by a user message whose `content` holds `{"type":
  "tool_result", tool_use_id, content}` blocks.

A *tool group* is an assistant turn that calls tools together with every message answering
one of its calls. The window, replay and the workbench all pair calls and results here, so
that compaction and eviction move whole groups and a call never loses its result.

The pairing rule, for both formats: a call is open from its assistant turn until its result
arrives, or until the next message that is not a result (a new user, assistant or system
turn): a provider rejects a call left unanswered there, so the window stops waiting for it.
A result that answers no open call is a message on its own (its call was never seen, already
left the window, or came after it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Required, TypedDict

__all__ = [
    "MEDIA_BLOCKS",
    "ROLES",
    "SUMMARY_MARKER",
    "SYSTEM_ROLES",
    "Message",
    "ToolCall",
    "ToolCallFunction",
    "content_text",
    "count_orphans",
    "is_summary_message",
    "is_summary_text",
    "is_tool_result_turn",
    "is_typed_user_turn",
    "map_tool_results",
    "render_content",
    "summary_message",
    "task_index",
    "tool_call_ids",
    "tool_calls",
    "tool_groups",
    "tool_result_ids",
    "typed_text",
    "validate_message",
]


class ToolCallFunction(TypedDict):
    name: str
    arguments: str  # JSON text, as the chat API carries it


class ToolCall(TypedDict, total=False):
    """One OpenAI-style tool call of an assistant message."""

    id: Required[str]
    type: str  # "function"
    function: Required[ToolCallFunction]


class Message(TypedDict, total=False):
    """The shape of one chat message, in either wire format.

    `content` is text, a list of content blocks (text, images, Anthropic `tool_use` /
    `tool_result` blocks), or None (an assistant turn that only calls tools). The window takes
    any mapping of this shape and gives back plain dicts of it; other keys a provider or a log
    carries (`name`, `reasoning_content`, ...) pass through untouched.
    """

    role: Required[str]
    content: str | list[dict[str, Any]] | None
    name: str
    tool_calls: list[ToolCall]
    tool_call_id: str


MEDIA_BLOCKS = frozenset(
    {"image", "image_url", "input_image", "document", "file", "input_file", "input_audio"}
)


def content_text(content: Any) -> tuple[str, int]:
    """The countable text of a message's content, and the number of media blocks in it.

    Media (images, documents, audio) are counted by block, never by their encoded bytes, also
    inside an Anthropic `tool_result` block (a computer-use screenshot)."""
    if type(content) is str:  # most messages: no block function to build
        return content, 0
    images = 0

    def block_text(block: Mapping[str, Any]) -> str | None:
        nonlocal images
        kind = block.get("type")
        if kind in MEDIA_BLOCKS:
            images += 1
            return None
        if isinstance(block.get("text"), str):
            return str(block["text"])
        if kind == "tool_result":
            text, inner = content_text(block.get("content"))
            images += inner
            return text
        return json.dumps(block, ensure_ascii=False)

    return render_content(content, block_text), images


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def render_content(
    content: Any,
    block: Callable[[Mapping[str, Any]], str | None],
    *,
    item: Callable[[Any], str | None] = str,
    other: Callable[[Any], str] = _json,
) -> str:
    """The one walk over a message's content that every content-to-text rendering shares.

    None is "", a string is itself, a list is joined by newlines from `block(b)` for each
    mapping and `item(x)` for anything else (a None result leaves the entry out), any other
    value is `other(value)` (JSON). What a rendering adds on top (markers for images, decoded
    tool calls) is its `block` function; `content_text` is the counting rule built on it."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts: list[str] = []
        for part in content:
            text = block(part) if isinstance(part, Mapping) else item(part)
            if text is not None:
                parts.append(text)
        return "\n".join(parts)
    return other(content)


# "developer" is OpenAI's newer name for the system role (the o-series models take it).
ROLES = frozenset({"system", "developer", "user", "assistant", "tool"})
SYSTEM_ROLES = frozenset({"system", "developer"})
_PLAIN_ROLES = frozenset({"system", "developer", "user", "assistant"})

# A compaction summary starts with this marker; it is how a plain message list (a saved
# transcript, the workbench) recognises one without the window's metadata.
SUMMARY_MARKER = re.compile(r"^\[\d+ earlier turns compacted\.")


def summary_message(turns: int, summary: str, reference: str | None = None) -> dict[str, Any]:
    """The one visible message a compacted span becomes (a user turn: every provider takes it)."""
    where = f" Full text: {reference}." if reference else ""
    return {
        "role": "user",
        "content": f"[{turns} earlier turns compacted.{where}]\nSummary of what happened:\n{summary}",
    }


def is_summary_text(text: str) -> bool:
    return bool(SUMMARY_MARKER.match(text))


def is_summary_message(message: Mapping[str, Any]) -> bool:
    if message.get("role") != "user":
        return False
    content = message.get("content")
    if isinstance(content, str):
        return is_summary_text(content)
    text, _ = content_text(content)
    return is_summary_text(text)


def _blocks(message: Mapping[str, Any], kind: str) -> Iterator[Mapping[str, Any]]:
    content = message.get("content")
    if isinstance(content, list):
        for block in content:
            if isinstance(block, Mapping) and block.get("type") == kind:
                yield block


def tool_calls(message: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """(call id, tool name) of every tool call an assistant message makes, in either format."""
    if message.get("role") != "assistant":
        return []
    calls: list[tuple[str | None, str]] = []
    for call in message.get("tool_calls") or ():
        function = call.get("function") or {}
        ident = call.get("id")
        calls.append((None if ident is None else str(ident), str(function.get("name") or "tool")))
    for block in _blocks(message, "tool_use"):
        ident = block.get("id")
        calls.append((None if ident is None else str(ident), str(block.get("name") or "tool")))
    return calls


def tool_call_ids(message: Mapping[str, Any]) -> list[str]:
    """The ids of the calls this message opens (empty for anything but an assistant turn)."""
    return [ident for ident, _ in tool_calls(message) if ident is not None]


def tool_result_ids(message: Mapping[str, Any]) -> list[str]:
    """The call ids this message answers: a `tool` message's `tool_call_id`, or the
    `tool_use_id` of each `tool_result` block in a user turn."""
    role = message.get("role")
    if role == "tool":
        ident = message.get("tool_call_id")
        return [] if ident is None else [str(ident)]
    if role == "user":
        if type(message.get("content")) is str:
            return []  # a typed turn: no blocks, and appends see these most
        return [
            str(block["tool_use_id"])
            for block in _blocks(message, "tool_result")
            if block.get("tool_use_id") is not None
        ]
    return []


def typed_text(content: Any) -> str:
    """What a person typed in a user turn's content: its text, without the `tool_result`
    blocks an Anthropic turn may carry before it (tool output is not the user's words, and
    masking or cutting it must not change what the user said)."""
    if type(content) is str:
        return content
    if not isinstance(content, list):
        return content_text(content)[0]
    parts = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping) and block.get("type") == "text":
            text = block.get("text")
            if isinstance(text, str):
                parts.append(text)
    return "\n".join(parts)


def is_tool_result_turn(message: Mapping[str, Any]) -> bool:
    """A message that only carries tool results: a `tool` message, or a user turn made only of
    `tool_result` blocks (an Anthropic user turn the person did not type)."""
    role = message.get("role")
    if role == "tool":
        return True
    content = message.get("content")
    if role != "user" or not isinstance(content, list) or not content:
        return False
    return all(isinstance(b, Mapping) and b.get("type") == "tool_result" for b in content)


def is_typed_user_turn(message: Mapping[str, Any]) -> bool:
    """A user turn a person (or the harness) wrote: not tool results and not a summary."""
    return (
        message.get("role") == "user"
        and not is_tool_result_turn(message)
        and not is_summary_message(message)
    )


def task_index(
    messages: Sequence[Mapping[str, Any]], demonstrations: Collection[int] = ()
) -> int | None:
    """The task statement's position: the first typed user turn that is not a demonstration
    (an example exchange a harness shows before the task, e.g. SWE-agent's `is_demo`)."""
    return next(
        (i for i, m in enumerate(messages) if i not in demonstrations and is_typed_user_turn(m)),
        None,
    )


def map_tool_results(message: Mapping[str, Any], edit: Any) -> dict[str, Any]:
    """A copy of a result-carrying message with each result's text replaced by
    `edit(text, call_id)` (which returns the new text, or None to keep it).

    Works for `tool` messages (the whole content) and for `tool_result` blocks in a user turn
    (each block's content); other blocks are kept as they are.
    """
    out = dict(message)
    if message.get("role") == "tool":
        text, _ = content_text(message.get("content"))
        new = edit(text, str(message.get("tool_call_id")))
        if new is not None:
            out["content"] = new
        return out
    content = message.get("content")
    if not isinstance(content, list):
        return out
    blocks: list[Any] = []
    for block in content:
        if isinstance(block, Mapping) and block.get("type") == "tool_result":
            text, _ = content_text(block.get("content"))
            new = edit(text, str(block.get("tool_use_id")))
            if new is not None:
                block = {**block, "content": new}
        blocks.append(block)
    out["content"] = blocks
    return out


def validate_message(message: Mapping[str, Any], *, where: str = "message") -> None:
    """Raise ValueError naming the field when a message's tool-use structure is malformed.

    Only what pairing and counting rely on is checked; a provider may still reject more.
    """
    role = message.get("role")
    if role in _PLAIN_ROLES and "tool_calls" not in message and type(message.get("content")) is str:
        return  # the common case: nothing to pair, nothing to check
    if role not in ROLES:
        raise ValueError(
            f"{where}: role {role!r} is not one a provider accepts: expected one of "
            f"{', '.join(sorted(ROLES))}"
        )
    calls = message.get("tool_calls")
    if calls is not None:
        if role != "assistant":
            raise ValueError(f"{where}: 'tool_calls' is only valid on an assistant message")
        if not isinstance(calls, list | tuple):
            raise ValueError(
                f"{where}: 'tool_calls' must be a list of calls, got {type(calls).__name__}"
            )
        for index, call in enumerate(calls):
            field = f"{where}: 'tool_calls[{index}]'"
            if not isinstance(call, Mapping):
                raise ValueError(
                    f"{field} must be an object {{id, function: {{name, arguments}}}}, got "
                    f"{type(call).__name__}"
                )
            function = call.get("function")
            if function is not None and not isinstance(function, Mapping):
                raise ValueError(
                    f"{field}.function must be an object {{name, arguments}}, got "
                    f"{type(function).__name__} {function!r:.40}"
                )
    if role == "tool" and isinstance(message.get("tool_call_id"), Mapping | list):
        raise ValueError(f"{where}: 'tool_call_id' must be a string")
    content = message.get("content")
    if isinstance(content, list):
        for index, block in enumerate(content):
            if not isinstance(block, Mapping):
                continue  # counted as text; nothing pairs on it
            kind = block.get("type")
            if kind == "tool_use" and not isinstance(block.get("id"), str):
                raise ValueError(f"{where}: 'content[{index}]' is a tool_use block without an id")
            if kind == "tool_result" and not isinstance(block.get("tool_use_id"), str):
                raise ValueError(
                    f"{where}: 'content[{index}]' is a tool_result block without a tool_use_id"
                )


def tool_groups(messages: Sequence[Mapping[str, Any]]) -> list[int]:
    """For each message, the index of the first message of its tool group (see the module
    docstring for the pairing rule). Linear in the list."""
    groups: list[int] = []
    owner: dict[str, int] = {}  # open call id -> index of the assistant turn that made it
    for index, message in enumerate(messages):
        answered = tool_result_ids(message)
        group = index
        if answered:
            owners = [owner.pop(ident) for ident in answered if ident in owner]
            if owners:
                group = min(owners)
                # One result turn answering two turns' calls joins them into one group.
                for other in set(owners) - {group}:
                    groups[:] = [group if g == other else g for g in groups]
            if message.get("role") == "user" and not is_tool_result_turn(message):
                owner.clear()  # a typed turn beside the results closes what is still open
        else:
            owner.clear()
        for ident in tool_call_ids(message):
            owner[ident] = index
        groups.append(group)
    return groups


def count_orphans(messages: Sequence[Mapping[str, Any]]) -> int:
    """Tool calls without a result plus results without a call in one message list (either
    format): what a provider would reject. A check over a whole list; the window keeps the
    same count for itself (`ManagedWindow.unpaired()`)."""
    open_calls: set[str] = set()
    orphans = 0
    for message in messages:
        for ident in tool_result_ids(message):
            if ident in open_calls:
                open_calls.remove(ident)
            else:
                orphans += 1
        open_calls.update(tool_call_ids(message))
    return orphans + len(open_calls)
