"""A full disk, for real: a 1 MB tmpfs filled up, then space freed, with no restart.

The window cuts tool results and evicts as usual while the archive cannot be written; what
the archive could not take waits in memory (bounded by `max_pending_bytes`) and is written,
in pieces that fit, on each later `prepare()`, even with no new message."""

from __future__ import annotations

import contextlib
import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.core.helpers import fill, tool_exchange
from working_memory import Budget, JsonlArchive, ManagedWindow
from working_memory.archive import scan_archive


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB tmpfs (needs root; skipped, saying why, where mounting is refused)."""
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.strip() or done.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)


def fill_disk(where: Path, leave: int) -> Path:
    """Take all but about `leave` bytes of the filesystem."""
    filler = where / "filler"
    stat = os.statvfs(where)
    free = stat.f_bavail * stat.f_frsize
    with filler.open("wb") as handle, contextlib.suppress(OSError):
        handle.write(b"\0" * max(0, free - leave))
    return filler


def make(archive: Any, **settings: Any) -> ManagedWindow:
    return ManagedWindow(
        budget=Budget(window=16_000, reserve_completion=1_000, counter="estimate"),
        archive=archive,
        compactor=None,
        **{"max_tool_tokens": 500, **settings},
    )


def archived_ids(path: Path) -> set[int]:
    read = scan_archive(path)
    assert read.skipped == [], read.skipped  # no cut record: a failed write is taken back
    return {r["window_id"] for r in read.records}


def test_a_partial_write_is_taken_back(small_disk: Path) -> None:
    archive = JsonlArchive(small_disk / "a.jsonl")
    archive.write([{"role": "user", "content": "fits"}], reason="evicted", ids=[0])
    size = archive.path.stat().st_size
    fill_disk(small_disk, leave=8_192)
    big = [{"role": "tool", "tool_call_id": "c", "content": "x" * 4_000} for _ in range(10)]
    with pytest.raises(OSError):
        archive.write(big, reason="evicted", ids=list(range(1, 11)))
    assert archive.path.stat().st_size == size  # the cut batch did not stay on the disk
    # The space is there for a write that fits, and the line numbers are still right.
    ref = archive.write([{"role": "user", "content": "small"}], reason="evicted", ids=[11])
    assert ref.endswith(":2-2")
    assert archived_ids(archive.path) == {0, 11}


def test_a_full_disk_blocks_nothing_and_the_window_recovers_when_space_is_freed(
    small_disk: Path,
) -> None:
    archive = JsonlArchive(small_disk / f"{uuid.uuid4().hex}.jsonl")
    window = make(archive)
    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": "TASK: fix the build"})
    filler = fill_disk(small_disk, leave=2_048)
    for n in range(40):
        tool_exchange(window, n, size=600)  # each result is cut to 500 tokens
        window.prepare()
        assert window.pressure() <= window.evict_at  # never 66x: eviction is not blocked
    assert not any(e.kind == "over_budget" for e in window.events)
    truncated = [e for e in window.events if e.kind == "truncated"]
    assert len(truncated) == 40
    unarchived = [e for e in truncated if "not yet archived" in e.reason]
    assert len(unarchived) >= 35  # the event says when the original is not on disk
    assert all(e.archive is None for e in unarchived)
    held = {i for i, _ in window.pending_archive}
    left = set(range(window._next_id)) - set(window.ids())
    assert left and left <= held | archived_ids(archive.path)
    assert not any(e.kind == "lost" for e in window.events)  # 64 MB is far from full

    filler.unlink()  # space freed; no new message, no restart: the next prepare() writes it
    window.prepare()
    assert window.pending_archive == ()
    assert any(e.kind == "archived" for e in window.events)
    on_disk = archived_ids(archive.path)
    assert left <= on_disk
    originals = [
        r
        for r in scan_archive(archive.path).records
        if r["reason"] == "truncated" and r["window_id"] in {e.message_ids[0] for e in unarchived}
    ]
    assert len(originals) == len(unarchived)
    assert all("line\n" * 600 in r["message"]["content"] for r in originals)


def test_past_the_bound_only_what_is_named_is_lost(small_disk: Path) -> None:
    archive = JsonlArchive(small_disk / "a.jsonl")
    window = make(archive, max_pending_bytes=30_000, max_tool_tokens=None)
    window.append({"role": "user", "content": "TASK: go"})
    filler = fill_disk(small_disk, leave=0)
    fill(window, turns=120, size=60)
    window.prepare()
    lost_events = [e for e in window.events if e.kind == "lost"]
    assert lost_events
    lost = {i for e in lost_events for i in e.message_ids}
    assert all("max_pending_bytes=30,000" in e.reason for e in lost_events)
    assert all(str(i) in lost_events[0].reason for i in lost_events[0].message_ids)
    held = {i for i, _ in window.pending_archive}
    left = set(range(window._next_id)) - set(window.ids())
    assert left == held | lost | archived_ids(archive.path)
    assert not held & lost
    filler.unlink()
    window.prepare()
    assert window.pending_archive == ()
    assert left == lost | archived_ids(archive.path)
