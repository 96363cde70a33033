"""The window as one model call sent it (the report's "what the model saw at the last call")."""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Message
from ..pins import PinReason

__all__ = ["WindowSnapshot"]


@dataclass(frozen=True)
class WindowSnapshot:
    """What the window sent at one model call: its messages, each one's tokens, pin reasons."""

    call: int
    messages: list[Message]
    tokens: list[int]
    pin_reasons: list[PinReason | None]
