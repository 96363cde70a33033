"""Token accounting: what the ceiling is, and what a message, the tools and the system cost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import config
from .overheads import GENERIC, MessageOverheads, message_tokens, tools_tokens
from .tokens import TokenCounter, get_counter

__all__ = ["Budget"]


def _default_counter() -> TokenCounter:
    return get_counter(None)


@dataclass(frozen=True)
class Budget:
    """The ceiling: `window * ratio - reserve_completion` tokens for everything sent.

    `counter` is a TokenCounter or a registered name ("calibrated", the default; "estimate",
    the seed's chars/4; "cl100k"; "hf:<tokenizer.json>").
    """

    window: int = config.WINDOW
    ratio: float = config.RATIO
    reserve_completion: int = config.RESERVE_COMPLETION
    counter: TokenCounter | str = field(default_factory=_default_counter)
    overheads: MessageOverheads = GENERIC

    def __post_init__(self) -> None:
        if isinstance(self.counter, str):
            object.__setattr__(self, "counter", get_counter(self.counter))
        if self.window <= 0:
            raise ValueError(
                f"Budget(window={self.window}): the window must be a positive token count"
            )
        if not 0 < self.ratio <= 1:
            raise ValueError(f"Budget(ratio={self.ratio}): the ratio must be in (0, 1]")
        if self.reserve_completion < 0:
            raise ValueError(
                f"Budget(reserve_completion={self.reserve_completion}) must not be negative"
            )
        if self.limit <= 0:
            raise ValueError(
                f"Budget(window={self.window}, ratio={self.ratio}, reserve_completion="
                f"{self.reserve_completion}) leaves a limit of {self.limit} tokens: nothing could be "
                f"sent. Use a larger window, a larger ratio or a smaller completion reserve."
            )

    @property
    def token_counter(self) -> TokenCounter:
        counter = self.counter
        assert not isinstance(counter, str)  # resolved in __post_init__
        return counter

    @property
    def limit(self) -> int:
        return int(self.window * self.ratio) - self.reserve_completion

    def message_tokens(
        self, message: Mapping[str, Any], *, content_tokens: int | None = None
    ) -> int:
        return message_tokens(
            message, self.token_counter, self.overheads, content_tokens=content_tokens
        )

    def tools_tokens(self, tools: Sequence[Mapping[str, Any]] | None) -> int:
        return tools_tokens(tools, self.token_counter, self.overheads)

    def used(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> int:
        """Everything one request costs: messages, tool schemas and the request's own overhead."""
        if not messages and not tools:
            return 0
        return (
            self.overheads.per_request
            + sum(self.message_tokens(m) for m in messages)
            + self.tools_tokens(tools)
        )

    def pressure(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> float:
        """0.0 is empty, 1.0 is at the limit. This recounts; a ManagedWindow keeps it incrementally."""
        return self.used(messages, tools) / self.limit
