"""Token accounting: what the ceiling is, and what a message, the tools and the system cost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import config
from .tokens import (
    GENERIC,
    MessageOverheads,
    TokenCounter,
    get_counter,
    message_tokens,
    tools_tokens,
)

if TYPE_CHECKING:
    from .tokens import Calibration

__all__ = ["Budget"]


@dataclass(frozen=True)
class Budget:
    """The ceiling: `window * ratio - reserve_completion` tokens for everything sent.

    `counter` is a TokenCounter or a registered name ("approx", the default estimator;
    "estimate", chars/4; "cl100k"; "hf:<tokenizer.json>").

    `calibration` (from `working_memory.calibrate(transcript)`) makes the budget count like the
    provider billed: the counter is scaled to the provider's tokenizer and the per-request
    overhead becomes the fitted one (the system prompt and tool schemas a log does not carry).
    Applying it again (e.g. `dataclasses.replace` of a calibrated budget) changes nothing.
    """

    window: int = config.WINDOW
    ratio: float = config.RATIO
    reserve_completion: int = config.RESERVE_COMPLETION
    # None: the default estimator, or the counter a `calibration` was fitted with.
    counter: TokenCounter | str | None = None
    overheads: MessageOverheads = GENERIC
    calibration: Calibration | None = None

    @classmethod
    def for_model(cls, model: str, **kwargs: Any) -> Budget:
        """A budget with `model`'s context window (`working_memory.context_window`)."""
        from .tokens import CONTEXT_WINDOWS_AS_OF, context_window

        window = context_window(model)
        if window is None:
            raise ValueError(
                f"Budget.for_model({model!r}): the model is not in the context-window table (as "
                f"of {CONTEXT_WINDOWS_AS_OF}); pass Budget(window=...) or add it with "
                "working_memory.tokens.set_context_window(model, tokens)"
            )
        return cls(window=window, **kwargs)

    @classmethod
    def calibrated(
        cls, calibration: Calibration, window: int | None = None, **kwargs: Any
    ) -> Budget:
        """A budget that counts like `calibration`; `window` defaults to its model's."""
        from .tokens import context_window

        if window is None:
            window = context_window(calibration.model) or config.WINDOW
        return cls(window=window, calibration=calibration, **kwargs)

    def __post_init__(self) -> None:
        if self.counter is None and self.calibration is not None:
            object.__setattr__(self, "counter", self.calibration.base_counter())
        elif self.counter is None or isinstance(self.counter, str):
            object.__setattr__(self, "counter", get_counter(self.counter))
        if self.calibration is not None:
            # Idempotent: the scaled counter unwraps a scaled one; per_request is set, not added.
            object.__setattr__(self, "counter", self.calibration.scaled_counter(self.counter))
            object.__setattr__(
                self,
                "overheads",
                replace(self.calibration.overheads, per_request=self.calibration.per_request),
            )
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
        assert counter is not None  # resolved in __post_init__
        assert not isinstance(counter, str)
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
