"""Stopping a child process and everything it started, kernels included.

JupyterLab starts each kernel in a session of its own (jupyter_client uses start_new_session),
so signalling the server's process group does not reach them. The tree is therefore read from
/proc (Linux) before the stop: the server is asked to stop (SIGTERM: it shuts its kernels down
itself), then anything of the tree still alive after a grace period is killed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

__all__ = ["alive", "descendants", "stop_tree"]

_PROC = Path("/proc")


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of `pid`, or None when it is gone or unreadable."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: split after the last ')'.
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0], int(fields[19])


def descendants(pid: int) -> list[tuple[int, int]]:
    """(pid, start time) of every process under `pid`, children first; [] without /proc."""
    if not _PROC.is_dir():
        return []
    children: dict[int, list[tuple[int, int]]] = {}
    for entry in _PROC.iterdir():
        if not entry.name.isdigit():
            continue
        info = _stat(int(entry.name))
        if info is not None:
            children.setdefault(info[0], []).append((int(entry.name), info[2]))
    out: list[tuple[int, int]] = []
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), ()):
            out.append(child)
            stack.append(child[0])
    return out


def alive(pid: int, start: int | None = None) -> bool:
    """Whether `pid` runs (not a zombie) and, given `start`, is still the same process."""
    info = _stat(pid)
    if info is None:
        if _PROC.is_dir():
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return info[1] != "Z" and (start is None or info[2] == start)


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)


def stop_tree(process: subprocess.Popen[bytes], *, grace: float = 20.0) -> int:
    """Stop `process` (started with start_new_session=True) and everything under it.

    SIGTERM to its process group, a wait of `grace` seconds for it to shut down cleanly, then
    SIGKILL to the group; then SIGTERM / SIGKILL to any process of the tree (read before the
    stop) that outlived it, such as kernels in sessions of their own. Returns its exit code.
    """
    tree = descendants(process.pid)
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            _signal(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                _signal(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    left = [(pid, start) for pid, start in tree if alive(pid, start)]
    for pid, _ in left:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + 5
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = [(pid, start) for pid, start in left if alive(pid, start)]
    for pid, _ in left:
        _signal(pid, signal.SIGKILL)
    return process.returncode
