"""LangChain v1: `WindowMiddleware`, an `AgentMiddleware` whose `before_model` hands the state's
messages to a `ManagedWindow` and puts back what the window sends.

    agent = create_agent(model, tools, middleware=[WindowMiddleware()], checkpointer=...)

One window per `thread_id` (a middleware instance is shared by every thread of an agent).
Messages convert both ways keeping tool calls, ids, names and content blocks.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ._common import WindowFactory, require

require("langchain", "langchain", for_="working_memory.adapters.langchain")

from langchain.agents.middleware import AgentMiddleware  # noqa: E402
from langchain_core.messages import (  # noqa: E402
    AIMessage,
    BaseMessage,
    HumanMessage,
    RemoveMessage,
    SystemMessage,
    ToolMessage,
)
from langgraph.config import get_config  # noqa: E402
from langgraph.graph.message import REMOVE_ALL_MESSAGES  # noqa: E402

from ..messages import Message  # noqa: E402
from ..window import ManagedWindow  # noqa: E402

__all__ = ["WindowMiddleware", "from_langchain", "to_langchain"]

_ROLES = {"system": "system", "human": "user", "ai": "assistant", "tool": "tool"}
# What a LangChain message carries besides role, content, name and tool calls: kept in the
# window's dict under this key (the window passes unknown keys through uncounted).
_EXTRA = "langchain"
_KEPT = ("additional_kwargs", "response_metadata", "usage_metadata", "invalid_tool_calls")


def from_langchain(message: BaseMessage) -> dict[str, Any]:
    """A LangChain message as the window's dict (OpenAI chat shape)."""
    role = _ROLES.get(message.type)
    if role is None:
        raise ValueError(
            f"a {type(message).__name__} (type {message.type!r}) has no chat role: expected a "
            "system, human, ai or tool message"
        )
    content = message.content
    out: dict[str, Any] = {
        "role": role,
        "content": [dict(b) if isinstance(b, Mapping) else b for b in content]
        if isinstance(content, list)
        else content,
    }
    if message.id is not None:
        out["id"] = message.id
    if message.name:
        out["name"] = message.name
    if isinstance(message, AIMessage) and message.tool_calls:
        out["tool_calls"] = [
            {
                "id": call["id"],
                "type": "function",
                "function": {"name": call["name"], "arguments": json.dumps(call["args"])},
            }
            for call in message.tool_calls
        ]
    if isinstance(message, ToolMessage):
        out["tool_call_id"] = message.tool_call_id
        if message.status != "success":
            out["status"] = message.status
    extra = {key: getattr(message, key) for key in _KEPT if getattr(message, key, None)}
    if extra:
        out[_EXTRA] = extra
    return out


def to_langchain(message: Mapping[str, Any]) -> BaseMessage:
    """The window's dict (as `from_langchain` made it, or a summary) as a LangChain message."""
    role = message["role"]
    content = message.get("content")
    fields: dict[str, Any] = {"content": "" if content is None else content}
    if message.get("id") is not None:
        fields["id"] = message["id"]
    if message.get("name"):
        fields["name"] = message["name"]
    fields.update(message.get(_EXTRA) or {})
    if role in ("system", "developer"):
        return SystemMessage(**fields)
    if role == "user":
        return HumanMessage(**fields)
    if role == "assistant":
        calls = [
            {
                "id": call["id"],
                "name": call["function"]["name"],
                "args": json.loads(call["function"].get("arguments") or "{}"),
                "type": "tool_call",
            }
            for call in message.get("tool_calls") or ()
        ]
        return AIMessage(tool_calls=calls, **fields)
    if role == "tool":
        return ToolMessage(
            tool_call_id=message["tool_call_id"], status=message.get("status", "success"), **fields
        )
    raise ValueError(f"message role {role!r} has no LangChain message type")


class _Thread:
    """One thread's window and the ids of the state's messages it holds."""

    def __init__(self, window: ManagedWindow) -> None:
        self.window = window
        self.held: list[str | None] = []


class WindowMiddleware(AgentMiddleware):
    """Keeps an agent's messages inside a `ManagedWindow` before every model call.

        `window`: builds the window of a new thread (default `ManagedWindow()`; pass e.g.
        `lambda: ManagedWindow(Budget(window=32_000), compactor=...)`). The state's messages
        become what the window sends: when the window truncated, masked, compacted or evicted, the
        state's list is replaced (as LangChain's own `SummarizationMiddleware` does), otherwise it
        is left alone. A reply's `usage_metadata` (what the provider billed for the context sent)
    goes to `window.observe_usage`, so the window works in the provider's count. `windows` maps
    each thread_id to its window, to read pressure and events."""

    def __init__(self, window: WindowFactory = ManagedWindow) -> None:
        super().__init__()
        self._make = window
        self.windows: dict[str, ManagedWindow] = {}
        self._threads: dict[str, _Thread] = {}

    def before_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        thread, events = self._take(state["messages"])
        return self._update(thread, state["messages"], thread.window.prepare(), events)

    async def abefore_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        thread, events = self._take(state["messages"])
        sent = await thread.window.aprepare()  # a summary is awaited, never blocking the loop
        return self._update(thread, state["messages"], sent, events)

    def _take(self, messages: Sequence[BaseMessage]) -> tuple[_Thread, int]:
        """This thread's window with the state's new messages appended, and its event count
        before them."""
        try:
            configurable = get_config().get("configurable") or {}
        except RuntimeError:  # called outside a graph run: one window for all
            configurable = {}
        key = str(configurable.get("thread_id", ""))
        thread = self._threads.get(key)
        held = len(thread.held) if thread is not None else 0
        if thread is None or [m.id for m in messages[:held]] != thread.held:
            # A new thread, or a state that is not what the window last sent (edited, or
            # restored from elsewhere): the window starts again from the state.
            thread = self._threads[key] = _Thread(self._make())
            self.windows[key] = thread.window
            held = 0
        new = messages[held:]
        # The reply to the last context says what the provider billed for it: the window
        # corrects its estimate before it prepares the next one.
        billed = next(
            (
                m.usage_metadata
                for m in reversed(new)
                if isinstance(m, AIMessage) and m.usage_metadata
            ),
            None,
        )
        if billed is not None and held:
            thread.window.observe_usage(billed)
        events = len(thread.window.events)
        for message in new:
            thread.window.append(from_langchain(message))
        return thread, events

    def _update(
        self, thread: _Thread, messages: Sequence[BaseMessage], sent: list[Message], events: int
    ) -> dict[str, Any] | None:
        if len(thread.window.events) == events:  # the window sends the state as it is
            thread.held = [m.id for m in messages]
            return None
        replaced = [to_langchain(_with_id(m)) for m in sent]
        thread.held = [m.id for m in replaced]
        return {"messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), *replaced]}


def _with_id(message: Mapping[str, Any]) -> Mapping[str, Any]:
    """A summary the window wrote has no id: one from its text, so the state can track it."""
    if message.get("id") is not None:
        return message
    digest = hashlib.sha1(json.dumps(message, sort_keys=True, default=str).encode()).hexdigest()
    return {**message, "id": f"working-memory-{digest[:16]}"}
