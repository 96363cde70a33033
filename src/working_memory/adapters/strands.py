"""Strands Agents: `WindowConversationManager`, a `ConversationManager` that keeps
`agent.messages` to what a `ManagedWindow` sends, before every model call (a tool loop
included) and after each invocation, and cuts down at once on a context overflow.

    agent = Agent(model=..., tools=[...], conversation_manager=WindowConversationManager())

Strands messages (Bedrock Converse blocks) convert to the window's Anthropic-style blocks and
back: `text`, `toolUse` and `toolResult` as text, `tool_use` and `tool_result`; images and
documents as media; any other block kept whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._common import WindowFactory, require

require("strands", "strands", for_="working_memory.adapters.strands")

from strands.agent.conversation_manager import ConversationManager  # noqa: E402
from strands.hooks import AfterModelCallEvent, BeforeModelCallEvent  # noqa: E402
from strands.types.exceptions import ContextWindowOverflowException  # noqa: E402

from ..messages import content_text  # noqa: E402
from ..window import ManagedWindow  # noqa: E402

__all__ = ["WindowConversationManager", "from_strands", "input_tokens", "to_strands"]

_KEY = "strands"  # the original block, kept for a lossless way back
_MEDIA = {"image": "image", "document": "document", "video": "video"}


def from_strands(message: Mapping[str, Any]) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = []
    for block in message.get("content") or ():
        if "text" in block:
            blocks.append({"type": "text", "text": block["text"], _KEY: block})
        elif "toolUse" in block:
            use = block["toolUse"]
            blocks.append(
                {
                    "type": "tool_use",
                    "id": use["toolUseId"],
                    "name": use["name"],
                    "input": use.get("input"),
                    _KEY: block,
                }
            )
        elif "toolResult" in block:
            result = block["toolResult"]
            blocks.append(
                {
                    "type": "tool_result",
                    "tool_use_id": result["toolUseId"],
                    "content": [from_strands_block(b) for b in result.get("content") or ()],
                    _KEY: block,
                }
            )
        else:
            blocks.append(from_strands_block(block))
    out: dict[str, Any] = {"role": message["role"], "content": blocks}
    if "metadata" in message:  # a reply's usage and metrics, kept for the way back
        out[_KEY] = {"metadata": message["metadata"]}
    return out


def from_strands_block(block: Mapping[str, Any]) -> dict[str, Any]:
    if "text" in block:
        return {"type": "text", "text": block["text"], _KEY: block}
    kind = next((_MEDIA[k] for k in block if k in _MEDIA), None)
    if kind is not None:  # counted as one media block, never by its bytes
        return {"type": kind, _KEY: block}
    return {"type": "text", "text": content_text([dict(block)])[0], _KEY: block}


def to_strands(message: Mapping[str, Any]) -> dict[str, Any]:
    content = message.get("content")
    if isinstance(content, str):  # a summary the window wrote
        return {"role": message["role"], "content": [{"text": content}]}
    out = {"role": message["role"], "content": [_block(b) for b in content or ()]}
    out.update(message.get(_KEY) or {})
    return out


def _block(block: Mapping[str, Any]) -> dict[str, Any]:
    original = block.get(_KEY)
    if block.get("type") == "tool_result":
        result = dict(original["toolResult"]) if original else {"toolUseId": block["tool_use_id"]}
        inner = block.get("content")
        # The window may have cut or masked the result's text: send what it kept.
        result["content"] = (
            [{"text": inner}] if isinstance(inner, str) else [_block(b) for b in inner or ()]
        )
        return {"toolResult": result}
    if block.get("type") == "text" and original is not None and "text" in original:
        return {**original, "text": block["text"]}
    if original is not None:
        return dict(original)
    return {"text": content_text([dict(block)])[0]}


class WindowConversationManager(ConversationManager):
    """Keeps `agent.messages` to what the window sends.

    `window`: builds the window (default `ManagedWindow()`). `per_turn` (default True) manages
    before every model call, so a long tool loop inside one invocation stays inside the
    budget; False manages only after each invocation, as Strands' own managers do by default.
    `reduce_context` (a context overflow) cuts the window down to `evict_to` at once. With
    `per_turn`, each response's billed input (its `metadata.usage`) goes to
    `window.observe_usage`, so the window works in the provider's count."""

    def __init__(self, window: WindowFactory = ManagedWindow, *, per_turn: bool = True) -> None:
        super().__init__()
        self._make = window
        self.per_turn = per_turn
        self.window = window()
        self._held: list[int] = []  # id() of the agent's messages the window holds

    def register_hooks(self, registry: Any, **kwargs: Any) -> None:
        super().register_hooks(registry, **kwargs)
        registry.add_callback(BeforeModelCallEvent, self._before_model_call)
        registry.add_callback(AfterModelCallEvent, self._after_model_call)

    def _before_model_call(self, event: Any) -> None:
        if self.per_turn:
            self.apply_management(event.agent)

    def _after_model_call(self, event: Any) -> None:
        # Only per turn is the context the model was sent the one the window prepared.
        if self.per_turn and event.stop_response is not None:
            billed = input_tokens(event.stop_response.message.get("metadata", {}).get("usage"))
            if billed:
                self.window.observe_usage(billed)

    def apply_management(self, agent: Any, **kwargs: Any) -> None:
        self._sync(agent)
        self._send(agent, self.window.prepare())

    def reduce_context(self, agent: Any, e: Exception | None = None, **kwargs: Any) -> None:
        self._sync(agent)
        events = self.window.shrink(e)
        if not events:
            raise ContextWindowOverflowException(
                "the window cannot shrink further: everything left is pinned"
            ) from e
        self._send(agent, self.window.messages, force=True)

    def _sync(self, agent: Any) -> None:
        messages: list[Any] = agent.messages
        held = len(self._held)
        if [id(m) for m in messages[:held]] != self._held:
            # Not what the window last sent (restored from a session, or edited): start over.
            self.window, held = self._make(), 0
        self._events = len(self.window.events)
        self._before = len(messages)
        for message in messages[held:]:
            self.window.append(from_strands(message))

    def _send(self, agent: Any, sent: Sequence[Mapping[str, Any]], *, force: bool = False) -> None:
        if force or len(self.window.events) != self._events:
            kept = sum(1 for m in sent if not _is_summary(m))
            self.removed_message_count += max(0, self._before - kept)
            agent.messages[:] = [to_strands(m) for m in sent]
        self._held = [id(m) for m in agent.messages]

    def get_state(self) -> dict[str, Any]:
        return super().get_state()

    def restore_from_session(self, state: dict[str, Any]) -> list[Any] | None:
        super().restore_from_session(state)
        self._held = []  # the window is rebuilt from the restored messages at the next call
        return None


def input_tokens(usage: Mapping[str, Any] | None) -> int | None:
    """The whole input a Strands `Usage` says was billed. Its providers disagree on
    `inputTokens` (OpenAI's includes cached input, Anthropic's leaves reads and writes apart),
    but each makes `totalTokens` the whole input plus the output."""
    if not usage or not usage.get("inputTokens"):
        return None
    whole = int(usage.get("totalTokens") or 0) - int(usage.get("outputTokens") or 0)
    if whole >= usage["inputTokens"]:
        return whole
    cached = ("cacheReadInputTokens", "cacheWriteInputTokens")
    return int(usage["inputTokens"]) + sum(int(usage.get(k) or 0) for k in cached)


def _is_summary(message: Mapping[str, Any]) -> bool:
    return isinstance(message.get("content"), str)
