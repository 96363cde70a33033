"""OpenAI Agents SDK: `ManagedSession`, a `Session` whose `get_items()` is the managed window
(alone, or over any other session such as `SQLiteSession`, which keeps the whole history), and
`WindowInputFilter` for `RunConfig(call_model_input_filter=...)`, which manages every model
call of a run, tool loops included (the runner reads a session once per run).

    session, window = ManagedSession(SQLiteSession("user-42", "chats.db")), WindowInputFilter()
    result = await Runner.run(agent, "fix the bug", session=session, hooks=window.hooks,
                              run_config=RunConfig(call_model_input_filter=window))

`hooks=window.hooks` hands each response's usage (the input tokens the provider billed for
the context the filter sent) to `window.observe_usage`, so the window works in the
provider's count.

Items convert to the window's chat messages and back unchanged: an assistant turn (its
reasoning, text and function calls, which the Responses API gives as separate items) is one
window message holding its original items, so a call and its output stay one tool group.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ._common import WindowFactory, require

require("agents", "openai-agents", for_="working_memory.adapters.openai_agents")

from agents.items import ModelResponse  # noqa: E402
from agents.lifecycle import RunHooks  # noqa: E402
from agents.memory import SessionABC  # noqa: E402
from agents.run_config import CallModelData, ModelInputData  # noqa: E402

from ..window import ManagedWindow  # noqa: E402

__all__ = ["ItemsToMessages", "ManagedSession", "UsageHooks", "WindowInputFilter", "to_items"]

_INPUT_ROLES = ("user", "system", "developer")


class ItemsToMessages:
    """Turns a stream of Responses input items into chat messages. The items of one assistant
    turn may arrive in separate batches: the turn is held until an item that is not part of it
    (or `flush()`)."""

    def __init__(self) -> None:
        self._turn: dict[str, Any] | None = None

    def feed(self, items: Iterable[Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for raw in items:
            item = _plain(raw)
            kind, role = item.get("type"), item.get("role")
            if kind in (None, "message") and role in _INPUT_ROLES:
                out += self.flush()
                out.append({"role": role, "content": item.get("content"), "item": item})
            elif kind == "function_call_output":
                out += self.flush()
                output = item.get("output")
                content = output if isinstance(output, str | list) else json.dumps(output)
                out.append(
                    {
                        "role": "tool",
                        "tool_call_id": item["call_id"],
                        "content": content,
                        "item": item,
                    }
                )
            else:  # part of an assistant turn: text, function calls, reasoning, other calls
                if self._turn is None:
                    self._turn = {"role": "assistant", "content": None, "items": []}
                turn = self._turn
                if kind == "function_call":
                    turn.setdefault("tool_calls", []).append(
                        {
                            "id": item["call_id"],
                            "type": "function",
                            "function": {"name": item["name"], "arguments": item["arguments"]},
                        }
                    )
                elif role == "assistant":
                    said = item.get("content")
                    blocks = (
                        [{"type": "output_text", "text": said}]
                        if isinstance(said, str)
                        else list(said or ())
                    )
                    turn["content"] = [*(turn["content"] or []), *blocks]
                turn["items"].append(item)
        return out

    def flush(self) -> list[dict[str, Any]]:
        turn, self._turn = self._turn, None
        return [] if turn is None else [turn]


def _plain(item: Any) -> dict[str, Any]:
    if isinstance(item, Mapping):
        return dict(item)
    dump = getattr(item, "model_dump", None)  # a pydantic item from the openai package
    if dump is None:
        raise TypeError(f"a session item must be a mapping, got {type(item).__name__}")
    return dict(dump(exclude_unset=True))


def to_items(messages: Sequence[Mapping[str, Any]]) -> list[Any]:
    """The window's messages as Responses input items: each as it came (a tool output with the
    text the window left it), a summary as a user message."""
    items: list[Any] = []
    for message in messages:
        if "items" in message:
            items += message["items"]
        elif "item" in message:
            item = message["item"]
            if message["role"] == "tool" and message.get("content") != item.get("output"):
                item = {**item, "output": message["content"]}  # truncated or masked
            items.append(item)
        else:
            role = message["role"]
            items.append(
                {
                    "role": role if role in _INPUT_ROLES else "user",
                    "content": message.get("content") or "",
                }
            )
    return items


class ManagedSession(SessionABC):
    """A session whose history is what the window sends. Over `inner` (any session), every
    item is stored there too and the window is rebuilt from it on first use, after a
    `pop_item()`, or in a new process; alone, the items are kept in memory."""

    def __init__(
        self,
        inner: Any = None,
        *,
        session_id: str | None = None,
        window: WindowFactory = ManagedWindow,
        session_settings: Any = None,
    ) -> None:
        self.inner = inner
        self.session_id = session_id or getattr(inner, "session_id", None) or "working-memory"
        self.session_settings = session_settings
        self._make = window
        self.window: ManagedWindow | None = None
        self._items: list[Any] = []  # the whole history, when there is no inner session
        self._convert = ItemsToMessages()

    async def _window(self) -> ManagedWindow:
        if self.window is None:
            history = await self.inner.get_items() if self.inner is not None else self._items
            self.window, self._convert = self._make(), ItemsToMessages()
            self.window.extend(self._convert.feed(history))
        return self.window

    async def get_items(self, limit: int | None = None) -> list[Any]:
        window = await self._window()
        window.extend(self._convert.flush())
        items = to_items(await window.aprepare())
        if limit is not None:
            items = items[-limit:] if limit > 0 else []
            while items and _plain(items[0]).get("type") == "function_call_output":
                items = items[1:]  # a cut never leaves an output without its call
        return items

    async def add_items(self, items: list[Any]) -> None:
        window = await self._window()
        if self.inner is not None:
            await self.inner.add_items(items)
        else:
            self._items += items
        window.extend(self._convert.feed(items))

    async def pop_item(self) -> Any:
        if self.inner is not None:
            item = await self.inner.pop_item()
        else:
            item = self._items.pop() if self._items else None
        self.window = None  # rebuilt from what is left
        return item

    async def clear_session(self) -> None:
        if self.inner is not None:
            await self.inner.clear_session()
        self._items, self.window = [], None


class WindowInputFilter:
    """`RunConfig(call_model_input_filter=WindowInputFilter())`: every model call of a run
    sends what the window sends. The window follows the run's input as it grows (the items
    after those it saw last); an input that does not continue it starts a new window."""

    def __init__(self, window: WindowFactory = ManagedWindow) -> None:
        self._make = window
        self.window: ManagedWindow | None = None
        self._held = 0
        self._last: str | None = None
        self.hooks = UsageHooks(self)  # Runner.run(..., hooks=this): the billed usage

    def observe(self, response: ModelResponse) -> None:
        """A model response's usage, for the context this filter sent it."""
        if self.window is not None and response.usage.requests <= 1:
            self.window.observe_usage(response.usage)

    async def __call__(self, data: CallModelData[Any]) -> ModelInputData:
        items = list(data.model_data.input)
        held = self._held
        if (
            self.window is None
            or len(items) < held
            or (held and _fingerprint(items[held - 1]) != self._last)
        ):
            self.window, held = self._make(), 0
        convert = ItemsToMessages()
        self.window.extend(convert.feed(items[held:]) + convert.flush())
        self._held, self._last = len(items), _fingerprint(items[-1]) if items else None
        return ModelInputData(
            input=to_items(await self.window.aprepare()), instructions=data.model_data.instructions
        )


class UsageHooks(RunHooks[Any]):
    """Run hooks that give each model response to `filter.observe` (its billed input
    corrects the window). Subclass it to add hooks of your own, calling `super()`."""

    def __init__(self, filter: WindowInputFilter) -> None:
        self.filter = filter

    async def on_llm_end(self, context: Any, agent: Any, response: ModelResponse) -> None:
        self.filter.observe(response)


def _fingerprint(item: Any) -> str:
    # The runner rebuilds items between calls: compare what they say, not their ids.
    plain = {k: v for k, v in _plain(item).items() if k not in ("id", "status")}
    return json.dumps(plain, sort_keys=True, default=str)
