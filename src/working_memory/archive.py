"""Append-only JSONL archive: every message that leaves the window is written here first.

What survives what (see docs/archive.md):

- a crash of the process (kill -9, an exception, OOM): every `write()` that returned is on
  disk, whatever `fsync` says: the bytes are in the OS page cache before the message leaves
  the window;
- a power loss or kernel panic: with `fsync=False` (the default) the last few seconds of
  records may be lost and the last line cut; with `fsync=True` every `write()` that returned
  survives (on disks that honour a flush), at one disk sync per write;
- a cut last line (power loss, full disk, a writer killed mid-record): `read_archive` skips it
  and reports it; the next `JsonlArchive` on the path starts on a fresh line.

Two writers on one path (two windows, two processes) take turns under an OS file lock
(`fcntl.flock`, POSIX), so each write's lines are contiguous and every reference names
exactly the lines it wrote. Each record carries the writer's `session`, so records of
different windows can be told apart.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
import uuid
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Protocol, runtime_checkable

try:  # POSIX; elsewhere there is no inter-process lock (one writer per path, documented)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "Archive",
    "ArchiveRead",
    "ArchiveWarning",
    "JsonlArchive",
    "SkippedLine",
    "read_archive",
    "scan_archive",
]

HAS_FILE_LOCK = fcntl is not None


@runtime_checkable
class Archive(Protocol):
    """Stores messages before they leave the window; returns a reference the marker can name."""

    def write(
        self, messages: Sequence[Mapping[str, Any]], *, reason: str, ids: Sequence[int]
    ) -> str: ...


class JsonlArchive:
    """One JSON object per line: {archived_at, reason, session, window_id, message}. Never rewritten.

    The reference it returns is `path:first-last` (1-based line numbers), which goes into the
    compaction marker so the agent, or a person, can find exactly what was dropped.

    - `session`: names this writer in every record (default: a fresh random id per archive
      object, so give each window its own `JsonlArchive`); `window_id` is the message's id
      inside that window.
    - `fsync`: False (default) survives a crash of the process; True also survives a power
      loss, at one disk sync per write (see the module docstring for why the default is off).
    - `lock_timeout_s`: how long a write waits for another writer's lock before raising
      `TimeoutError` (writers hold it for microseconds; 10 s means that one is stuck).
    - Lines are ASCII (`ensure_ascii`): any string `json.loads` accepts, lone surrogates
      included, is written and read back unchanged.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        fsync: bool = False,
        session: str | None = None,
        lock_timeout_s: float = 10.0,
    ) -> None:
        if not (isinstance(lock_timeout_s, int | float) and lock_timeout_s > 0):
            raise ValueError(f"lock_timeout_s must be a positive number, got {lock_timeout_s!r}")
        self.path = Path(path)
        self.fsync = fsync
        self.lock_timeout_s = float(lock_timeout_s)
        self.session = session if session is not None else uuid.uuid4().hex[:12]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._thread_lock = threading.Lock()  # one archive object shared by threads
        # The file as this object last saw it: its size, and how many lines that size holds.
        # Another writer's appends are counted from here on (only the new bytes are read).
        self._size = 0
        self._lines = 0
        self._clean = False  # the file ends with a newline at self._size
        if self.path.exists():  # count its lines, and end a cut last line, now
            with self._locked_file() as handle:
                self._sync(handle)

    def __repr__(self) -> str:
        return f"JsonlArchive({str(self.path)!r}, session={self.session!r})"

    @contextmanager
    def _locked_file(self) -> Iterator[BinaryIO]:
        created = not self.path.exists()
        with self._thread_lock, self.path.open("ab+") as handle:
            if fcntl is not None:
                self._lock(handle)
            try:
                if created and self.fsync:
                    self._sync_directory()
                yield handle
            finally:
                if fcntl is not None:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def _lock(self, handle: BinaryIO) -> None:
        """flock, not lockf: it excludes two archive objects of one process too, and the kernel
        drops it when a writer dies (a kill -9 never leaves the path locked). A writer holds it
        for microseconds; one that holds it for `lock_timeout_s` is stuck (a hung network
        disk), and a clear error beats an agent loop that waits forever."""
        started, pause = time.monotonic(), 0.001
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                waited = time.monotonic() - started
                if waited >= self.lock_timeout_s:
                    raise TimeoutError(
                        f"{self.path}: another writer has held the archive's lock for "
                        f"{waited:.1f}s (lock_timeout_s={self.lock_timeout_s:g})"
                    ) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.05)

    def _sync(self, handle: BinaryIO) -> None:
        """Bring the line count up to the file as it is now (under the lock), and make sure the
        next write starts on a fresh line."""
        size = os.fstat(handle.fileno()).st_size
        if size == self._size and self._clean:
            return  # nobody wrote since our last write, which ended its line
        if size < self._size:  # truncated or replaced behind our back: count it all again
            self._size = self._lines = 0
        if size > self._size:
            handle.seek(self._size)
            new = handle.read(size - self._size)
            self._lines += new.count(b"\n")
            self._size = size
        if size:
            handle.seek(size - 1)
            if handle.read(1) != b"\n":
                # A cut last line (a crash mid-record): end it, so our records do not fuse
                # with it; it is then one bad line that read_archive skips and reports.
                handle.seek(0, os.SEEK_END)
                handle.write(b"\n")
                self._lines += 1
                self._size += 1
        self._clean = True

    def _sync_directory(self) -> None:
        """A new file survives a power loss only once its directory entry is on disk too."""
        try:
            fd = os.open(self.path.parent, os.O_RDONLY)
        except OSError:  # pragma: no cover - platforms that cannot open a directory
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def write(
        self, messages: Sequence[Mapping[str, Any]], *, reason: str, ids: Sequence[int]
    ) -> str:
        if not messages:
            return str(self.path)
        stamp = time.time()
        data = "".join(
            json.dumps(
                {
                    "archived_at": stamp,
                    "reason": reason,
                    "session": self.session,
                    "window_id": wid,
                    "message": dict(message),
                },
                ensure_ascii=True,  # ASCII lines: a lone surrogate is written as \\ud800, losslessly
            )
            + "\n"
            for wid, message in zip(ids, messages, strict=True)
        ).encode("ascii")
        # One write per call, under the lock, on disk (in the page cache) before the messages
        # leave the window.
        with self._locked_file() as handle:
            self._sync(handle)
            handle.flush()
            end = handle.seek(0, os.SEEK_END)
            try:
                _write_all(handle.fileno(), data)
                if self.fsync:
                    os.fsync(handle.fileno())
            except OSError:
                # All or nothing: a partial write (a full disk) is taken back, or its cut
                # record would fill the space that the next, smaller write needs.
                with contextlib.suppress(OSError):
                    os.ftruncate(handle.fileno(), end)
                raise
            first = self._lines + 1
            self._lines += len(messages)
            self._size += len(data)
        return f"{self.path}:{first}-{self._lines}"


def _write_all(fd: int, data: bytes) -> None:
    """os.write until every byte is written (a nearly full disk takes part of a write)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class ArchiveWarning(UserWarning):
    """An archive line that could not be read (a cut last line, most often) was skipped."""


@dataclass(frozen=True)
class SkippedLine:
    """A line of an archive that is not a record, where it is and why."""

    path: str
    line: int  # 1-based
    reason: str
    text: str  # the raw line (up to 200 characters), so nothing is lost from view

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}: {self.text[:80]!r}"


@dataclass(frozen=True)
class ArchiveRead:
    """An archive's records in order, and the lines that were skipped."""

    records: list[dict[str, Any]]
    skipped: list[SkippedLine]


def scan_archive(path: str | os.PathLike[str]) -> ArchiveRead:
    """Read every record; lines that are not one (a cut line) are skipped and listed."""
    records: list[dict[str, Any]] = []
    skipped: list[SkippedLine] = []
    with Path(path).open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            text = raw.decode("utf-8", errors="replace")
            if not text.strip():
                continue
            cut = not raw.endswith(b"\n")
            try:
                record = json.loads(text)
            except ValueError as exc:
                what = (
                    "cut line (no newline at the end)"
                    if cut
                    else "not a JSON record (most likely one cut by a crash, ended by a restart)"
                )
                skipped.append(SkippedLine(str(path), number, f"{what}: {exc}", text[:200]))
                continue
            if not isinstance(record, dict) or "message" not in record:
                skipped.append(
                    SkippedLine(
                        str(path), number, "expected an object with a `message`", text[:200]
                    )
                )
                continue
            records.append(record)
    return ArchiveRead(records, skipped)


def read_archive(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The archive's records, in order. A line that is not a record (a cut last line after a
    crash) is skipped with an `ArchiveWarning` naming the file and line; `scan_archive` returns
    the skipped lines as values."""
    result = scan_archive(path)
    for skipped in result.skipped:
        warnings.warn(f"skipped archive line {skipped}", ArchiveWarning, stacklevel=2)
    return result.records
