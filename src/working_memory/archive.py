"""Append-only JSONL archive: every message that leaves the window is written here first."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

__all__ = ["Archive", "JsonlArchive", "read_archive"]


@runtime_checkable
class Archive(Protocol):
    """Stores messages before they leave the window; returns a reference the marker can name."""

    def write(
        self, messages: Sequence[Mapping[str, Any]], *, reason: str, ids: Sequence[int]
    ) -> str: ...


class JsonlArchive:
    """One JSON object per line: {archived_at, reason, window_id, message}. Never rewritten.

    The reference it returns is `path:first-last` (1-based line numbers), which goes into the
    compaction marker so the agent, or a person, can find exactly what was dropped.
    """

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync  # True: survive a machine crash too, at a disk sync per write
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lines = self._count_existing()

    def _count_existing(self) -> int:
        if not self.path.exists():
            return 0
        with self.path.open("rb") as handle:
            return sum(1 for _ in handle)

    def __repr__(self) -> str:
        return f"JsonlArchive({str(self.path)!r})"

    def write(
        self, messages: Sequence[Mapping[str, Any]], *, reason: str, ids: Sequence[int]
    ) -> str:
        if not messages:
            return str(self.path)
        stamp = time.time()
        lines = [
            json.dumps(
                {
                    "archived_at": stamp,
                    "reason": reason,
                    "window_id": wid,
                    "message": dict(message),
                },
                ensure_ascii=False,
            )
            for wid, message in zip(ids, messages, strict=True)
        ]
        # One write per call, flushed before the messages leave the window.
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
            handle.flush()
            if self.fsync:
                os.fsync(handle.fileno())
        first = self._lines + 1
        self._lines += len(lines)
        return f"{self.path}:{first}-{self._lines}"


def read_archive(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The archive's records, in order."""
    records = []
    with Path(path).open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                records.append(json.loads(line))
    return records
