"""autogen-core: `WindowChatCompletionContext`, a `ChatCompletionContext` whose `get_messages()`
is what a `ManagedWindow` sends. The context keeps every message it was given (its
`save_state` holds the whole history); the window decides what the model reads.

    agent = AssistantAgent("coder", model_client, tools=[...],
                           model_context=WindowChatCompletionContext(model_client=model_client))

Given the model client, the prompt tokens it was billed since the last `get_messages()` (its
`total_usage()`) go to `window.observe_usage`, so the window works in the provider's count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._common import WindowFactory, require

require("autogen_core", "autogen", for_="working_memory.adapters.autogen")

from autogen_core.model_context import ChatCompletionContext  # noqa: E402
from autogen_core.models import (  # noqa: E402
    AssistantMessage,
    ChatCompletionClient,
    FunctionExecutionResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    SystemMessage,
    UserMessage,
)

from ..window import ManagedWindow  # noqa: E402

__all__ = ["WindowChatCompletionContext", "from_autogen", "to_autogen"]

_KEY = "autogen"  # the original message or result, for a lossless way back
SOURCE = "working-memory"  # the source of a summary the window wrote


def from_autogen(message: LLMMessage) -> list[dict[str, Any]]:
    """One autogen message as the window's messages (a result message is one per result)."""
    if isinstance(message, SystemMessage):
        return [{"role": "system", "content": message.content, _KEY: message}]
    if isinstance(message, UserMessage):
        content = message.content
        blocks: str | list[dict[str, Any]] = (
            content
            if isinstance(content, str)
            else [
                {"type": "text", "text": part}
                if isinstance(part, str)
                else {"type": "image", _KEY: part}
                for part in content
            ]
        )
        return [{"role": "user", "content": blocks, _KEY: message}]
    if isinstance(message, AssistantMessage):
        if isinstance(message.content, str):
            return [{"role": "assistant", "content": message.content, _KEY: message}]
        calls = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in message.content
        ]
        return [
            {"role": "assistant", "content": message.thought, "tool_calls": calls, _KEY: message}
        ]
    if isinstance(message, FunctionExecutionResultMessage):
        return [
            {"role": "tool", "tool_call_id": r.call_id, "content": r.content, _KEY: r}
            for r in message.content
        ]
    raise TypeError(f"not an autogen LLMMessage: {type(message).__name__}")


def to_autogen(messages: Sequence[Mapping[str, Any]]) -> list[LLMMessage]:
    """The window's messages as autogen's: consecutive results are one result message."""
    out: list[LLMMessage] = []
    results: list[FunctionExecutionResult] = []
    for message in messages:
        original = message.get(_KEY)
        if message["role"] == "tool":
            result = original or FunctionExecutionResult(
                content="", name="", call_id=message["tool_call_id"]
            )
            if result.content != message.get("content"):  # the window cut or masked it
                result = result.model_copy(update={"content": message.get("content") or ""})
            results.append(result)
            continue
        if results:
            out.append(FunctionExecutionResultMessage(content=results))
            results = []
        if original is not None:
            out.append(original)
        elif message["role"] == "system":
            out.append(SystemMessage(content=str(message.get("content") or "")))
        else:  # a summary the window wrote
            out.append(UserMessage(content=str(message.get("content") or ""), source=SOURCE))
    if results:
        out.append(FunctionExecutionResultMessage(content=results))
    return out


class WindowChatCompletionContext(ChatCompletionContext):
    """`window`: builds the window (default `ManagedWindow()`). `model_client`: the agent's
    client; its usage between two `get_messages()` calls is what the model was billed for the
    context the first one returned (the agent calls the model once per `get_messages()`; a
    client shared with other callers would bill their calls here too)."""

    def __init__(
        self,
        initial_messages: list[LLMMessage] | None = None,
        *,
        window: WindowFactory = ManagedWindow,
        model_client: ChatCompletionClient | None = None,
    ) -> None:
        super().__init__(initial_messages)
        self._make = window
        self.window = window()
        self.model_client = model_client
        self._held = 0  # how many of the context's messages the window has
        self._billed: int | None = None  # the client's prompt tokens at the last get_messages

    async def get_messages(self) -> list[LLMMessage]:
        self._observe_usage()
        for message in self._messages[self._held :]:
            self.window.extend(from_autogen(message))
        self._held = len(self._messages)
        return to_autogen(await self.window.aprepare())

    def _observe_usage(self) -> None:
        if self.model_client is None:
            return
        billed = self.model_client.total_usage().prompt_tokens
        if self._billed is not None and billed > self._billed:
            self.window.observe_usage(billed - self._billed)
        self._billed = billed

    async def clear(self) -> None:
        await super().clear()
        self.window, self._held = self._make(), 0

    async def load_state(self, state: Mapping[str, Any]) -> None:
        await super().load_state(state)
        self.window, self._held = self._make(), 0
