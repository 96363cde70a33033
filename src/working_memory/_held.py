"""Originals the archive could not take yet (a full disk), held in memory and written later.

A failing archive must not block the window: eviction, masking, compaction and truncation go
ahead, and what they would have written waits here, one message per piece, so that each
later `prepare()` writes the pieces that fit in whatever space was freed. The queue is
bounded (`max_pending_bytes`): past it the oldest pieces are dropped, and the window says
exactly which ones (a `lost` event), never silently.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .archive import Archive

__all__ = ["Held", "HeldQueue"]

# Failed writes in a row after which one drain stops: the disk is still full, and trying
# every piece on every prepare() would cost a syscall per held message.
_FAILURES_PER_DRAIN = 3


@dataclass(frozen=True, slots=True)
class Held:
    """One message waiting for the archive: what it is, why it left, its size as JSON."""

    id: int
    reason: str  # the archive record's reason: truncated, evicted, compacted, masked
    message: Mapping[str, Any]
    size: int


def _size(message: Mapping[str, Any]) -> int:
    try:
        return len(json.dumps(dict(message), ensure_ascii=True, default=str)) + 100
    except (TypeError, ValueError):  # what the archive could not write either
        return len(repr(message)) + 100


class HeldQueue:
    """Held originals, oldest first, and their total size."""

    def __init__(self) -> None:
        self._items: deque[Held] = deque()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> tuple[Held, ...]:
        return tuple(self._items)

    def hold(
        self,
        messages: Sequence[Mapping[str, Any]],
        reason: str,
        ids: Sequence[int],
        bound: int,
    ) -> list[Held]:
        """Hold these; returns the pieces dropped (oldest first) to stay within `bound`."""
        for ident, message in zip(ids, messages, strict=True):
            piece = Held(ident, reason, message, _size(message))
            self._items.append(piece)
            self.bytes += piece.size
        dropped: list[Held] = []
        while self._items and self.bytes > bound:
            piece = self._items.popleft()
            self.bytes -= piece.size
            dropped.append(piece)
        return dropped

    def drain(self, archive: Archive) -> tuple[list[tuple[Held, str]], str]:
        """Write the pieces that fit, oldest first: ((piece, reference) written, last error)."""
        written: list[tuple[Held, str]] = []
        kept: deque[Held] = deque()
        error, failures = "", 0
        while self._items:
            piece = self._items.popleft()
            if failures >= _FAILURES_PER_DRAIN:
                kept.append(piece)
                continue
            try:
                reference = archive.write([piece.message], reason=piece.reason, ids=[piece.id])
            except Exception as exc:  # still full: keep it for the next prepare()
                error = f"{type(exc).__name__}: {exc}"
                failures += 1
                kept.append(piece)
                continue
            failures = 0
            self.bytes -= piece.size
            written.append((piece, reference))
        self._items = kept
        return written, error
