"""A separate process that writes to an archive, for the two-writer and kill -9 tests.

    python -m tests.archive._writer PATH SESSION COUNT   # COUNT writes (0: until killed)
    python -m tests.archive._writer PATH --hold          # lock the file, write half a record, wait

Each write's reference is printed (and flushed) after `write()` returns, so the parent knows
which writes a crash must not lose.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from working_memory.archive import JsonlArchive


def message(session: str, wid: int) -> dict[str, object]:
    return {"role": "user", "content": f"{session} message {wid} " + "x" * (wid % 50)}


def write_batches(
    path: str, session: str, count: int, seed: int = 0, ready: Callable[[], object] | None = None
) -> list[tuple[str, list[int]]]:
    """`count` writes of 1-5 messages each (0: forever); returns (reference, ids) per write.
    `ready` is called once the archive is open, before the first write (a barrier)."""
    archive = JsonlArchive(path, session=session)
    if ready is not None:
        ready()
    rng = random.Random(seed)
    done: list[tuple[str, list[int]]] = []
    wid = 0
    while count == 0 or len(done) < count:
        ids = list(range(wid, wid + rng.randint(1, 5)))
        wid = ids[-1] + 1
        reference = archive.write([message(session, i) for i in ids], reason="evicted", ids=ids)
        done.append((reference, ids))
        if count == 0:
            print(reference, ",".join(map(str, ids)), flush=True)
    return done


def hold(path: str) -> None:
    import fcntl

    with open(path, "ab") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        handle.write(b'{"archived_at": 1.0, "reason": "evicted", "session": "held", "mess')
        handle.flush()
        print("holding", flush=True)
        time.sleep(120)


if __name__ == "__main__":
    if sys.argv[2] == "--hold":
        hold(sys.argv[1])
    else:
        write_batches(sys.argv[1], sys.argv[2], int(sys.argv[3]))
