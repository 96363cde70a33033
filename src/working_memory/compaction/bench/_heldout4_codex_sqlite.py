"""Held out, fourth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex: `database is locked` between two threads of a
sync daemon; a process-wide write lock (syncd/locks.py) written, then deleted at the user's
word for WAL, busy_timeout and short indexer transactions; an OperationalError that clearing
pytest's tmp dirs did not fix and moving the PRAGMAs out of the migration's transaction did; a
teammate's review (a 1.8 GB WAL, a journal mode that silently stays 'delete'); the uploader's
batching patched last, untested, and the journal-mode warning not written."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/syncd")
s.user(
    "syncd logs `sqlite3.OperationalError: database is locked` a few times an hour on busy "
    "machines, and when it hits the uploader thread that upload is dropped and never retried. "
    "The indexer and the uploader are two threads in one process, each with its own "
    "connection to ~/.syncd/state.db. Fix it."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read syncd/db.py, indexer.py and uploader.py", "status": "in_progress"},
        {"step": "Stop the two threads' writes from colliding", "status": "pending"},
        {"step": "Concurrency test: indexer and uploader at once", "status": "pending"},
    ],
)
s.call(
    "shell",
    "def connect(path: str) -> sqlite3.Connection:\n"
    "    conn = sqlite3.connect(path, timeout=0.1, check_same_thread=False)\n"
    "    conn.row_factory = sqlite3.Row\n    _migrate(conn)\n    return conn\n\n\n"
    "def _migrate(conn: sqlite3.Connection) -> None:\n    with conn:\n"
    '        conn.execute(SCHEMA)\n        conn.execute("INSERT OR IGNORE INTO schema_version '
    'VALUES (3)")\n',
    command=["bash", "-lc", "sed -n '/^def connect/,$p' syncd/db.py"],
)
s.call(
    "shell",
    "syncd/indexer.py:38:        for entry in walk(root):\n"
    'syncd/indexer.py:39:            conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, '
    "'pending')\", entry)\n"
    "syncd/indexer.py:40:        conn.commit()  # once, after the whole scan\n"
    "syncd/uploader.py:22:        for row in conn.execute(PENDING_SQL):\n"
    "syncd/uploader.py:23:            upload(row['path'])\n"
    "syncd/uploader.py:24:            conn.execute(\"UPDATE files SET state='done' WHERE "
    "path=?\", (row['path'],))\n"
    "syncd/uploader.py:25:            conn.commit()\n"
    "~/.syncd/syncd.log: full scan: 212,480 files in 41.7 s",
    command=[
        "bash",
        "-lc",
        "grep -n -A2 'for entry in walk\\|for row in conn' syncd/indexer.py syncd/uploader.py "
        "&& grep -h 'full scan' ~/.syncd/syncd.log | tail -1",
    ],
)
s.say(
    "Two things collide. connect() passes timeout=0.1, so a writer waits only 100 ms for the "
    "lock, and the indexer's full scan commits once at the end, holding the write lock for the "
    "whole scan (41.7 s for 212,480 files in the log). Plan: a process-wide threading.Lock, "
    "WRITE_LOCK in a new syncd/locks.py, taken around every write in the indexer and the "
    "uploader, so the two threads never write at the same time."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA syncd/locks.py\nM syncd/indexer.py\n"
    "M syncd/uploader.py",
    input="*** Begin Patch\n*** Add File: syncd/locks.py\n+import threading\n+\n"
    "+# one writer at a time across the indexer and uploader threads\n"
    "+WRITE_LOCK = threading.Lock()\n*** Update File: syncd/indexer.py\n@@\n"
    "-        for entry in walk(root):\n+        with WRITE_LOCK:\n"
    "+            for entry in walk(root):\n*** Update File: syncd/uploader.py\n@@\n"
    "-            conn.execute(\"UPDATE files SET state='done' WHERE path=?\", (row['path'],))\n"
    "-            conn.commit()\n+            with WRITE_LOCK:\n"
    "+                conn.execute(\"UPDATE files SET state='done' WHERE path=?\", "
    "(row['path'],))\n+                conn.commit()\n*** End Patch",
)
s.user(
    "No global lock. The indexer would hold it for the whole scan, so the uploader stalls for "
    "40 seconds instead of failing: the same outage, just quieter. SQLite can do this itself: "
    "journal_mode=WAL so readers never block, busy_timeout=5000 on every connection, and make "
    "the indexer commit every 500 rows so no write transaction runs long. Delete locks.py."
)
s.call(
    "shell",
    "rm 'syncd/locks.py'",
    command=[
        "bash",
        "-lc",
        "git rm -q -f syncd/locks.py && git checkout -- syncd/indexer.py syncd/uploader.py && "
        "git status --short",
    ],
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read syncd/db.py, indexer.py and uploader.py", "status": "completed"},
        {
            "step": "WAL + busy_timeout=5000; indexer commits every 500 rows",
            "status": "in_progress",
        },
        {"step": "Concurrency test: indexer and uploader at once", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM syncd/db.py\nM syncd/indexer.py",
    input="*** Begin Patch\n*** Update File: syncd/db.py\n@@\n"
    "-    conn = sqlite3.connect(path, timeout=0.1, check_same_thread=False)\n"
    "+    conn = sqlite3.connect(path, check_same_thread=False)\n"
    '+    conn.execute("PRAGMA busy_timeout = 5000")\n@@\n'
    '         conn.execute("INSERT OR IGNORE INTO schema_version VALUES (3)")\n'
    '+        conn.execute("PRAGMA journal_mode=WAL")\n'
    "*** Update File: syncd/indexer.py\n@@\n"
    "-        for entry in walk(root):\n+        for n, entry in enumerate(walk(root), 1):\n"
    "@@\n+            if n % BATCH == 0:  # BATCH = 500: keep write transactions short\n"
    "+                conn.commit()\n*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tests/test_concurrency.py",
    input="*** Begin Patch\n*** Add File: tests/test_concurrency.py\n"
    "+def test_indexer_and_uploader_write_at_once(tmp_path):\n"
    "+    db = tmp_path / 'state.db'\n+    seed_pending(db, 300)\n"
    "+    errors = run_threads(lambda: index(db, fake_tree(2000)), lambda: upload_all(db))\n"
    "+    assert errors == []\n+    assert count(db, state='done') == 300\n*** End Patch",
)
s.call(
    "shell",
    "F\n=================================== FAILURES ===================================\n"
    "____________________ test_indexer_and_uploader_write_at_once ____________________\n"
    "syncd/db.py:27: in _migrate\n"
    '    conn.execute("PRAGMA journal_mode=WAL")\n'
    "E   sqlite3.OperationalError: cannot change into wal mode from within a transaction\n"
    "1 failed in 0.34s",
    command=["bash", "-lc", "pytest -q tests/test_concurrency.py"],
)
s.say(
    "It may be a leftover state.db from an earlier run in pytest's tmp dir, opened with a hot "
    "journal; clearing the tmp dirs and running again."
)
s.call(
    "shell",
    "F\n=================================== FAILURES ===================================\n"
    "syncd/db.py:27: in _migrate\n"
    '    conn.execute("PRAGMA journal_mode=WAL")\n'
    "E   sqlite3.OperationalError: cannot change into wal mode from within a transaction\n"
    "1 failed in 0.31s",
    command=[
        "bash",
        "-lc",
        "rm -rf /tmp/pytest-of-dev && pytest -q -p no:cacheprovider tests/test_concurrency.py",
    ],
)
s.say(
    "Same error on a fresh database, so it is the code: the PRAGMA runs inside _migrate's "
    "`with conn:` block, after the INSERT into schema_version has opened the implicit "
    "transaction, and SQLite will not switch journal mode inside a transaction. Moving "
    "PRAGMA journal_mode=WAL into connect(), right after busy_timeout and before _migrate()."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM syncd/db.py",
    input="*** Begin Patch\n*** Update File: syncd/db.py\n@@\n"
    '     conn.execute("PRAGMA busy_timeout = 5000")\n'
    '+    conn.execute("PRAGMA journal_mode=WAL")  # outside any transaction\n'
    "     conn.row_factory = sqlite3.Row\n@@\n"
    '         conn.execute("INSERT OR IGNORE INTO schema_version VALUES (3)")\n'
    '-        conn.execute("PRAGMA journal_mode=WAL")\n*** End Patch',
)
s.call(
    "shell",
    ".\n1 passed in 2.91s",
    command=["bash", "-lc", "pytest -q tests/test_concurrency.py"],
)
s.call("shell", "118 passed in 14.2s", command=["bash", "-lc", "pytest -q"])
s.say(
    "All 118 tests pass. The concurrency test runs 2,000 indexer inserts against 300 uploader "
    "updates with no lock error, and every upload is marked done."
)
s.user(
    "Review from Anjali: WAL fixes the lock errors, but on her machine state.db-wal grew to "
    "1.8 GB overnight. The uploader iterates `for row in conn.execute(PENDING_SQL)` and "
    "uploads each file inside that loop, so its read transaction stays open for minutes and "
    "the checkpoint can never get past it. Fetch the pending rows in batches of 100 with "
    "fetchmany and finish reading before uploading. Also: PRAGMA journal_mode=WAL returns the "
    "mode it actually got, and on a network home directory it stays 'delete'. Log a warning "
    "with that mode instead of assuming WAL."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read syncd/db.py, indexer.py and uploader.py", "status": "completed"},
        {"step": "WAL + busy_timeout=5000; indexer commits every 500 rows", "status": "completed"},
        {"step": "Concurrency test: indexer and uploader at once", "status": "completed"},
        {
            "step": "Uploader: fetchmany(100), read before uploading (Anjali)",
            "status": "in_progress",
        },
        {"step": "Warn when journal_mode is not 'wal'", "status": "pending"},
        {"step": "Test both; pytest; commit", "status": "pending"},
    ],
)
s.say("Now I'll switch the uploader to fetch pending rows in batches of 100.")
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM syncd/uploader.py",
    input="*** Begin Patch\n*** Update File: syncd/uploader.py\n@@\n"
    "-        for row in conn.execute(PENDING_SQL):\n-            upload(row['path'])\n"
    "+        while True:\n+            cur = conn.execute(PENDING_SQL)\n"
    "+            rows = cur.fetchmany(100)\n"
    "+            cur.close()  # end the read before the slow uploads: lets the WAL checkpoint\n"
    "+            if not rows:\n+                break\n+            for row in rows:\n"
    "+                upload(row['path'])\n*** End Patch",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Stop `sqlite3.OperationalError: database is locked` between syncd's indexer and "
             "uploader threads on ~/.syncd/state.db (a locked uploader drops the upload).",
             must=(("database is locked", "lock"), ("indexer", "uploader", "state.db")),
             partial_means="The lock error without whose writes collide, or the reverse.",
             wrong="Making uploads faster; moving off SQLite."),
    Question("latest_request", "What did the user last ask?",
             "Anjali's review: fetch the uploader's pending rows in batches of 100 with "
             "fetchmany and finish reading before uploading (the WAL grew to 1.8 GB), and log a "
             "warning with the mode when PRAGMA journal_mode=WAL does not return 'wal' (it stays "
             "'delete' on a network home directory).",
             must=(("fetchmany", "batches of 100", "1.8 gb"),
                   ("warning", "warn", "'delete'", "delete")),
             partial_means="One of the two requests.",
             wrong="Adding a global lock; raising the timeout.",
             stale_means="The lock correction (WAL, busy_timeout) given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "In syncd/db.py connect(), check the mode PRAGMA journal_mode=WAL returns and log "
             "a warning with it when it is not 'wal'; then test the batching and the warning, "
             "run pytest, commit.",
             must=(("warning", "warn"), ("connect()", "db.py", "connect(")),
             stale=("switch the uploader to fetch", "process-wide threading.lock"),
             partial_means="Says to test and commit without the journal-mode warning.",
             wrong="A global write lock; raising busy_timeout.",
             stale_means="Says to switch the uploader to fetchmany batches: the last patch did."),
    Question("files_edited", "Which files were changed, and why?",
             "syncd/db.py (busy_timeout 5000 and journal_mode=WAL in connect(), before "
             "_migrate; timeout=0.1 gone); syncd/indexer.py (commit every 500 rows); "
             "syncd/uploader.py (fetchmany(100) batches, cursor closed before the uploads); "
             "tests/test_concurrency.py (new). syncd/locks.py was created then deleted.",
             must=(("db.py",), ("indexer.py",), ("uploader.py",), ("test_concurrency.py",)),
             stale=("locks.py",), spread=True,
             partial_means="Two or three of the four files.",
             wrong="Files the span never touched.",
             stale_means="syncd/locks.py listed as a file that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Let SQLite handle the concurrency: journal_mode=WAL, busy_timeout=5000 on every "
             "connection, indexer commits every 500 rows; rules out a process-wide "
             "threading.Lock (WRITE_LOCK in syncd/locks.py), which would stall the uploader for "
             "the whole 40 s scan.",
             must=(("wal",), ("write_lock", "global lock", "threading.lock", "locks.py")),
             stale=("process-wide threading.lock",),
             partial_means="WAL without what it rules out.",
             wrong="The write lock given as the design.",
             stale_means="The process-wide lock stated as the fix."),
    Question("review", "What did the review find?",
             "Anjali: state.db-wal grew to 1.8 GB overnight because the uploader uploads inside "
             "its `for row in conn.execute(...)` loop, keeping a read transaction open for "
             "minutes so the checkpoint cannot complete; and journal_mode may silently stay "
             "'delete' on a network home directory.",
             must=(("1.8 gb", "checkpoint"),
                   ("read transaction", "inside that loop", "open for minutes", "uploader")),
             partial_means="The WAL growth without its cause.",
             wrong="The PRAGMA-in-a-transaction error (that was the agent's own)."),
    Question("corrections", "How did the user correct the agent?",
             "No global lock (the uploader would stall ~40 s: the same outage, quieter); use "
             "WAL, busy_timeout=5000 on every connection and indexer commits every 500 rows; "
             "delete locks.py.",
             must=(("global lock", "write_lock", "locks.py", "threading.lock"),
                   ("wal", "busy_timeout", "500 rows")),
             partial_means="No global lock without what to do instead.",
             wrong="Anjali's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "sqlite3.OperationalError: cannot change into wal mode from within a transaction: "
             "the PRAGMA ran inside _migrate's `with conn:` after the INSERT opened a "
             "transaction; clearing pytest's tmp dirs and re-running did not fix it; moving "
             "PRAGMA journal_mode=WAL into connect() before _migrate() did.",
             must=(("cannot change into wal mode", "within a transaction"),
                   ("connect()", "before _migrate", "moving", "moved", "out of _migrate")),
             stale=("fixed by clearing", "leftover state.db", "hot journal"),
             partial_means="The error without its cause or fix.",
             wrong="database is locked given as the error the fix was for.",
             stale_means="The error put down to a leftover database or 'fixed' by clearing the "
                         "tmp dirs."),
    Question("key_values", "Which key values matter?",
             "timeout=0.1 (100 ms) replaced by busy_timeout 5000; commit every 500 rows; "
             "fetchmany batches of 100; 41.7 s full scan of 212,480 files; WAL 1.8 GB; 118 "
             "tests pass; 2,000 inserts against 300 updates in the test.",
             must=(("5000",), ("500 rows", "every 500"), ("118", "41.7", "212,480", "2,000")),
             spread=True,
             partial_means="Some of the values.",
             wrong="The 100 ms timeout as the setting."),
    Question("file_roles", "What is each file for?",
             "syncd/db.py opens connections (connect, _migrate, the PRAGMAs); "
             "syncd/indexer.py's full scan writes the files rows; syncd/uploader.py reads "
             "pending rows and uploads them; ~/.syncd/state.db is the shared database.",
             must=(("uploader.py",), ("pending", "upload")),
             partial_means="The files named without what they do.",
             wrong="locks.py described as a current file."),
    Question("pending", "What work is still pending?",
             "The journal-mode warning in connect(); tests for the uploader batching and the "
             "warning; run pytest; commit.",
             must=(("warning", "warn", "journal_mode"), ("test", "pytest")),
             partial_means="Testing and committing without the warning.",
             wrong="A global lock."),
    Question("state", "What is the state of the work?",
             "The lock errors are fixed and tested (118 pass, the concurrency test passes); "
             "the uploader's fetchmany batching is patched but untested; the journal-mode "
             "warning is not written; nothing is committed.",
             must=(("fetchmany", "batch", "uploader"),
                   ("untested", "not tested", "not yet", "uncommitted", "not committed",
                    "not run")),
             partial_means="The fixed lock errors without saying the batching is untested.",
             wrong="Says the lock errors still occur.",
             stale_means="Says all tests pass after the batching patch (they were not run)."),
)  # fmt: skip

PRODUCTION = """Summary so far: syncd's indexer and uploader threads hit `database is locked` on ~/.syncd/state.db (timeout=0.1; the indexer committed once per 41.7 s scan). The user rejected a global WRITE_LOCK (syncd/locks.py, deleted): db.py connect() now sets busy_timeout 5000 and journal_mode=WAL, indexer.py commits every 500 rows, tests/test_concurrency.py added. Error: "cannot change into wal mode from within a transaction" (the PRAGMA ran inside _migrate); clearing tmp dirs did not help, moving it into connect() before _migrate() did; 118 tests pass.
Anjali's review: the WAL grew to 1.8 GB because the uploader keeps a read transaction open while uploading; journal_mode may stay 'delete'.
State: uploader.py fetchmany(100) batching patched, untested; nothing committed.
Next: in db.py connect(), warn when journal_mode is not 'wal'; test both, pytest, commit."""
