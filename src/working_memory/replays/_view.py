"""What the figures and the report read of a replay.

`Replay` (in `_result`) is one; it draws itself and writes its report through `_plots` and
`_report`, so those modules take this protocol and never import `Replay`, not even for types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..events import WindowEvent
from ..messages import Message
from ..pins import PinReason
from ..transcripts import RealCompaction, Transcript
from ._policy import Policy
from ._stats import ReplayStats

__all__ = ["ReplayView"]


class ReplayView(Protocol):
    @property
    def policy(self) -> Policy: ...
    @property
    def name(self) -> str: ...
    @property
    def transcript(self) -> Transcript: ...
    @property
    def events(self) -> Sequence[WindowEvent]: ...
    @property
    def real_compactions(self) -> Sequence[tuple[int | None, RealCompaction]]: ...
    @property
    def final_messages(self) -> Sequence[Message]: ...
    @property
    def final_tokens(self) -> Sequence[int]: ...
    @property
    def final_pin_reasons(self) -> Sequence[PinReason | None]: ...
    @property
    def message_tokens(self) -> Sequence[int]: ...
    @property
    def limit(self) -> int: ...
    @property
    def notes(self) -> Sequence[str]: ...
    @property
    def stats(self) -> ReplayStats: ...
    @property
    def compact_at(self) -> float: ...
    @property
    def evict_at(self) -> float: ...
    def column(self, name: str) -> list[Any]: ...
