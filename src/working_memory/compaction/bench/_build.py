"""Helpers that write a span as the loaders deliver it: OpenAI-chat messages with tool calls."""

from __future__ import annotations

import json
from typing import Any

Message = dict[str, Any]


class Script:
    """A span written turn by turn; call ids are numbered in order."""

    def __init__(self, system: str) -> None:
        self.messages: list[Message] = [{"role": "system", "content": system}]
        self._n = 0

    def user(self, text: str) -> Script:
        self.messages.append({"role": "user", "content": text})
        return self

    def say(self, text: str) -> Script:
        self.messages.append({"role": "assistant", "content": text})
        return self

    def call(self, name: str, result: str, text: str | None = None, **args: Any) -> Script:
        """One assistant turn (optional words) calling `name`, then its result."""
        self._n += 1
        call_id = f"call_{self._n:03d}"
        self.messages.append(
            {
                "role": "assistant",
                "content": text,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": name, "arguments": json.dumps(args)},
                    }
                ],
            }
        )
        self.messages.append({"role": "tool", "tool_call_id": call_id, "content": result})
        return self
