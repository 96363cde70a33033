"""The archive survives what disks and processes do: cut lines, restarts, two writers, kill -9,
lone surrogates; and `fsync=True` really syncs."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.archive._writer import message, write_batches
from working_memory.archive import (
    HAS_FILE_LOCK,
    ArchiveWarning,
    JsonlArchive,
    read_archive,
    scan_archive,
)

ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(not HAS_FILE_LOCK, reason="the file lock is POSIX-only")


def lines_of(reference: str) -> tuple[str, int, int]:
    path, _, span = reference.rpartition(":")
    first, _, last = span.partition("-")
    return path, int(first), int(last)


def file_lines(path: Path) -> list[str]:
    return path.read_bytes().decode("ascii").split("\n")


def check_reference(path: Path, reference: str, session: str, ids: list[int]) -> None:
    """The reference names exactly the lines holding these records of this writer."""
    named, first, last = lines_of(reference)
    assert named == str(path)
    lines = file_lines(path)
    assert last <= len(lines), f"{reference} points past the end ({len(lines)} lines)"
    records = [json.loads(line) for line in lines[first - 1 : last]]
    assert [(r["session"], r["window_id"]) for r in records] == [(session, i) for i in ids]


def test_a_cut_last_line_is_skipped_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    archive = JsonlArchive(path, session="s")
    archive.write([message("s", i) for i in range(3)], reason="evicted", ids=[0, 1, 2])
    with path.open("ab") as handle:  # power loss mid-record
        handle.write(b'{"archived_at": 1.0, "reason": "evicted", "mess')
    with pytest.warns(ArchiveWarning, match=rf"{path}:4: cut line"):
        records = read_archive(path)
    assert [r["window_id"] for r in records] == [0, 1, 2]
    scanned = scan_archive(path)
    assert len(scanned.records) == 3
    [skipped] = scanned.skipped
    assert (skipped.path, skipped.line) == (str(path), 4)
    assert skipped.text.startswith('{"archived_at": 1.0')  # the raw text is kept in view


def test_a_restarted_archive_starts_on_a_fresh_line(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    JsonlArchive(path, session="before").write(
        [message("before", i) for i in range(3)], reason="evicted", ids=[0, 1, 2]
    )
    with path.open("ab") as handle:
        handle.write(b'{"archived_at": 1.0, "rea')
    restarted = JsonlArchive(path, session="after")
    reference = restarted.write(
        [message("after", 7), message("after", 8)], reason="compacted", ids=[7, 8]
    )
    assert reference == f"{path}:5-6"  # line 4 is the cut one, ended by the restart
    check_reference(path, reference, "after", [7, 8])
    assert path.read_bytes().endswith(b"\n")
    scanned = scan_archive(path)
    assert [(r["session"], r["window_id"]) for r in scanned.records] == [
        ("before", 0),
        ("before", 1),
        ("before", 2),
        ("after", 7),
        ("after", 8),
    ]
    assert [s.line for s in scanned.skipped] == [4]
    assert "not a JSON record" in scanned.skipped[0].reason


def test_a_lone_surrogate_is_archived_losslessly(tmp_path: Path) -> None:
    # json.loads accepts these, so a provider's reply or a tool's output can carry them.
    texts = ["\ud800", "a\udfffb", "\ud83d", "é 日本 🙂", "tab\tand\u2028sep", "nul\x00"]
    messages = [{"role": "tool", "tool_call_id": "c1", "content": t} for t in texts]
    messages.append(
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "\ud800 in a block"}],
            "tool_calls": [{"id": "c1", "function": {"name": "f", "arguments": '{"x": "\udc00"}'}}],
        }
    )
    path = tmp_path / "a.jsonl"
    archive = JsonlArchive(path)
    archive.write(messages, reason="truncated", ids=list(range(len(messages))))
    assert [r["message"] for r in read_archive(path)] == messages
    path.read_bytes().decode("ascii")  # plain ASCII on disk, whatever the content


def test_records_carry_the_writers_session(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    first, second = JsonlArchive(path), JsonlArchive(path)
    named = JsonlArchive(path, session="run-42/window-a")
    assert len({first.session, second.session, named.session}) == 3
    for archive in (first, second, named):
        archive.write([message("x", 0)], reason="evicted", ids=[0])
    records = read_archive(path)
    assert [r["session"] for r in records] == [first.session, second.session, "run-42/window-a"]
    assert [r["window_id"] for r in records] == [0, 0, 0]  # ids collide; (session, id) does not
    assert "run-42/window-a" in repr(named)


def test_two_archive_objects_on_one_path_keep_their_references_right(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    writers = {name: JsonlArchive(path, session=name) for name in ("a", "b")}
    written: list[tuple[str, str, list[int]]] = []
    for step in range(30):
        name = "ab"[step % 3 == 0]
        ids = list(range(step * 10, step * 10 + 1 + step % 4))
        reference = writers[name].write([message(name, i) for i in ids], reason="evicted", ids=ids)
        written.append((reference, name, ids))
    for reference, name, ids in written:
        check_reference(path, reference, name, ids)


def _process_writer(path: str, session: str, seed: int, start: Any, out: Any) -> None:
    # Every writer opens the archive (and counts its lines) before any of them writes.
    out.put((session, write_batches(path, session, 150, seed=seed, ready=start.wait)))


@posix_only
def test_two_processes_on_one_path_keep_their_references_right(tmp_path: Path) -> None:
    path = tmp_path / "shared.jsonl"
    context = multiprocessing.get_context("spawn")
    sessions = ["p0", "p1", "p2"]
    start, out = context.Barrier(len(sessions)), context.Queue()
    processes = [
        context.Process(target=_process_writer, args=(str(path), s, n, start, out))
        for n, s in enumerate(sessions)
    ]
    for process in processes:
        process.start()
    results = dict(out.get(timeout=120) for _ in processes)
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    total = 0
    for session, writes in results.items():
        for reference, ids in writes:
            check_reference(path, reference, session, ids)
            total += len(ids)
    scanned = scan_archive(path)
    assert not scanned.skipped
    assert len(scanned.records) == total


def _spawn_writer(path: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.archive._writer", str(path), *args],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


@posix_only
def test_kill_9_of_a_writer_loses_no_returned_write(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    writer = _spawn_writer(path, "doomed", "0")
    assert writer.stdout is not None
    returned: list[tuple[str, list[int]]] = []
    for line in writer.stdout:  # every write whose reference was printed has returned
        reference, ids = line.split()
        returned.append((reference, [int(i) for i in ids.split(",")]))
        if len(returned) == 300:
            break
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=30)
    writer.stdout.close()
    assert writer.returncode == -signal.SIGKILL
    for reference, ids in returned:
        check_reference(path, reference, "doomed", ids)
    after = JsonlArchive(path, session="after")
    reference = after.write(
        [message("after", i) for i in range(3)], reason="evicted", ids=[0, 1, 2]
    )
    check_reference(path, reference, "after", [0, 1, 2])
    scanned = scan_archive(path)
    assert len(scanned.skipped) <= 1  # at most the record the kill cut in half
    doomed = [r["window_id"] for r in scanned.records if r["session"] == "doomed"]
    assert doomed == list(range(len(doomed)))  # in order, none missing
    assert len(doomed) >= sum(len(ids) for _, ids in returned)


@posix_only
def test_a_writer_killed_holding_the_lock_mid_record(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    JsonlArchive(path, session="first").write([message("first", 0)], reason="evicted", ids=[0])
    holder = _spawn_writer(path, "--hold")
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "holding"
    references: list[str] = []
    blocked = threading.Thread(
        target=lambda: references.append(
            JsonlArchive(path, session="next").write(
                [message("next", 5)], reason="evicted", ids=[5]
            )
        ),
        daemon=True,
    )
    blocked.start()
    blocked.join(timeout=0.5)
    assert blocked.is_alive(), "the second writer went ahead while the first held the lock"
    os.kill(holder.pid, signal.SIGKILL)  # the kernel drops the dead writer's lock
    holder.wait(timeout=30)
    holder.stdout.close()
    blocked.join(timeout=30)
    assert not blocked.is_alive()
    [reference] = references
    assert reference == f"{path}:3-3"  # line 2 is the half record, ended by the next writer
    check_reference(path, reference, "next", [5])
    scanned = scan_archive(path)
    assert [s.line for s in scanned.skipped] == [2]
    assert [r["session"] for r in scanned.records] == ["first", "next"]


def test_fsync_true_syncs_every_write_and_false_never(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def counting_fsync(fd: int) -> None:  # a wrapper: the real sync still happens
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counting_fsync)
    lazy = JsonlArchive(tmp_path / "lazy.jsonl")
    for i in range(5):
        lazy.write([message("x", i)], reason="evicted", ids=[i])
    assert synced == []
    durable = JsonlArchive(tmp_path / "durable.jsonl", fsync=True)
    for i in range(5):
        durable.write([message("x", i)], reason="evicted", ids=[i])
    # One sync per write, and one of the directory when the write created the file.
    assert len(synced) == 6
    assert len(read_archive(durable.path)) == 5


@posix_only
def test_a_stuck_writer_is_a_clear_error_not_a_stall(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    archive = JsonlArchive(path, session="late", lock_timeout_s=0.3)
    holder = _spawn_writer(path, "--hold")
    assert holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(TimeoutError, match=rf"{path}: another writer has held"):
            archive.write([message("late", 0)], reason="evicted", ids=[0])
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=30)
        holder.stdout.close()
    with pytest.raises(ValueError, match="lock_timeout_s"):
        JsonlArchive(path, lock_timeout_s=0)


def test_an_archive_truncated_behind_its_back_is_counted_again(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    archive = JsonlArchive(path, session="s")
    archive.write([message("s", i) for i in range(5)], reason="evicted", ids=list(range(5)))
    path.write_bytes(b"")  # rotated by hand, say
    reference = archive.write([message("s", 9)], reason="evicted", ids=[9])
    assert reference == f"{path}:1-1"
    check_reference(path, reference, "s", [9])


def test_threads_sharing_one_archive_keep_their_references_right(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    archive = JsonlArchive(path, session="shared")
    written: list[tuple[str, list[int]]] = []

    def work(base: int) -> None:
        for step in range(40):
            ids = list(range(base + step * 10, base + step * 10 + 1 + step % 3))
            reference = archive.write([message("shared", i) for i in ids], reason="x", ids=ids)
            written.append((reference, ids))

    threads = [threading.Thread(target=work, args=(n * 1_000,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(written) == 160
    for reference, ids in written:
        check_reference(path, reference, "shared", ids)


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("write"), st.integers(0, 2), st.integers(1, 4)),
        st.tuples(st.just("cut"), st.integers(1, 40), st.just(0)),
        st.tuples(st.just("restart"), st.integers(0, 2), st.just(0)),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(OPERATIONS)
def test_any_mix_of_writers_cuts_and_restarts_keeps_every_reference_right(
    operations: list[tuple[str, int, int]],
) -> None:
    cut_record = b'{"archived_at": 1.0, "reason": "evicted", "session": "cut", "message": {"x'
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.jsonl"
        generation = [0, 0, 0]
        writers = [JsonlArchive(path, session=f"w{k}-0") for k in range(3)]
        written: list[tuple[str, str, list[int]]] = []
        next_id = 0
        for op, k, n in operations:
            if op == "write":
                ids = list(range(next_id, next_id + n))
                next_id += n
                session = writers[k].session
                reference = writers[k].write(
                    [message(session, i) for i in ids], reason="evicted", ids=ids
                )
                written.append((reference, session, ids))
            elif op == "cut":
                with path.open("ab") as handle:
                    handle.write(cut_record[:k])
            else:
                generation[k] += 1
                writers[k] = JsonlArchive(path, session=f"w{k}-{generation[k]}")
        for reference, session, ids in written:
            check_reference(path, reference, session, ids)
        if not path.exists():
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ArchiveWarning)
            scanned = scan_archive(path)
        assert [(r["session"], r["window_id"]) for r in scanned.records] == [
            (session, i) for _, session, ids in written for i in ids
        ]
        # Skipped lines hold the cut bytes only, never a writer's record fused with them.
        assert all('"session": "w' not in skipped.text for skipped in scanned.skipped)
