"""Held out, sixth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex: the nightly digest e-mail goes out twice since
the mail worker runs two replicas, each with its own scheduler; an fcntl file lock in /tmp
(mailroom/filelock.py) written, then deleted at the user's word for a Postgres advisory lock; a
session lock taken and released on different pooled connections, so the next night's run is
skipped, which a commit after the unlock did not fix and a transaction-level lock on one
connection did; a teammate's review relayed with three findings, one dropped; the per-user send
record patched last, untested; the assistant's last words name that patch; the dedicated lock
connection not written."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/mailroom")
s.user(
    "Users got the nightly digest e-mail twice this morning, support has 212 complaints. Since "
    "Monday the worker runs as two replicas (deployment mailroom-worker, replicas: 2), and "
    "each replica starts the scheduler in mailroom/scheduler.py, which calls "
    "send_nightly_digest() at 06:00 UTC. Make the digest go out once."
)
s.call(
    "shell",
    "from apscheduler.schedulers.background import BackgroundScheduler\n\n"
    "from .digest import send_nightly_digest\nfrom .db import pool\n\n\n"
    "def start() -> BackgroundScheduler:\n    sched = BackgroundScheduler(timezone='UTC')\n"
    "    sched.add_job(send_nightly_digest, 'cron', hour=6, args=[pool])\n"
    "    sched.start()\n    return sched\n",
    command=["bash", "-lc", "cat mailroom/scheduler.py"],
)
s.call(
    "shell",
    "def send_nightly_digest(pool) -> int:\n    sent = 0\n"
    "    with pool.connection() as conn:\n"
    "        users = conn.execute(DIGEST_USERS_SQL).fetchall()\n"
    "    for user in users:\n        mailer.send(render_digest(user))\n        sent += 1\n"
    "    log.info('digest: sent %d', sent)\n    return sent\n",
    command=["bash", "-lc", "sed -n '20,40p' mailroom/digest.py"],
)
s.say(
    "Both replicas run the same cron job at 06:00 UTC and nothing coordinates them, so every "
    "user gets one digest per replica. Plan: hold an exclusive lock around the run, "
    "fcntl.flock on /tmp/mailroom-digest.lock with LOCK_NB, in a small mailroom/filelock.py; "
    "the replica that cannot take it logs and skips the run."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA mailroom/filelock.py\nM mailroom/digest.py",
    input="*** Begin Patch\n*** Add File: mailroom/filelock.py\n"
    "+import fcntl\n+from contextlib import contextmanager\n\n\n"
    "+@contextmanager\n+def try_lock(path: str):\n"
    "+    with open(path, 'w') as fh:\n+        try:\n"
    "+            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)\n"
    "+        except BlockingIOError:\n+            yield False\n+            return\n"
    "+        yield True\n"
    "*** Update File: mailroom/digest.py\n@@\n"
    "+def run_nightly_digest(pool) -> int:\n"
    "+    with try_lock('/tmp/mailroom-digest.lock') as got:\n"
    "+        return send_nightly_digest(pool) if got else 0\n*** End Patch",
)
s.user(
    "A file lock can't work here: the replicas are separate pods, usually on different nodes, "
    "and /tmp is each pod's own. We already have Postgres, so use an advisory lock: "
    "pg_try_advisory_lock, and the replica that doesn't get it skips the run. Delete "
    "filelock.py."
)
s.call(
    "shell",
    "rm 'mailroom/filelock.py'\n",
    command=[
        "bash",
        "-lc",
        "git rm -q -f mailroom/filelock.py && git checkout -- mailroom/digest.py "
        "&& git status --short",
    ],
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Find why the digest is sent twice", "status": "completed"},
        {"step": "Advisory lock around the run; the other replica skips", "status": "in_progress"},
        {"step": "Tests: two replicas the same night, the next night runs", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM mailroom/digest.py\nM mailroom/scheduler.py",
    input="*** Begin Patch\n*** Update File: mailroom/digest.py\n@@\n"
    "+DIGEST_LOCK = 7301  # advisory lock key for the nightly digest\n\n\n"
    "+def run_nightly_digest(pool) -> int:\n"
    "+    with pool.connection() as conn:\n"
    "+        got = conn.execute('SELECT pg_try_advisory_lock(%s)', (DIGEST_LOCK,)).fetchone()[0]\n"
    "+    if not got:\n"
    "+        log.info('digest skipped: another replica holds the lock')\n+        return 0\n"
    "+    try:\n+        return send_nightly_digest(pool)\n+    finally:\n"
    "+        with pool.connection() as conn:\n"
    "+            conn.execute('SELECT pg_advisory_unlock(%s)', (DIGEST_LOCK,))\n"
    "*** Update File: mailroom/scheduler.py\n@@\n"
    "-from .digest import send_nightly_digest\n+from .digest import run_nightly_digest\n@@\n"
    "-    sched.add_job(send_nightly_digest, 'cron', hour=6, args=[pool])\n"
    "+    sched.add_job(run_nightly_digest, 'cron', hour=6, args=[pool])\n*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tests/test_digest_lock.py",
    input="*** Begin Patch\n*** Add File: tests/test_digest_lock.py\n"
    "+def test_two_replicas_send_once(pool, outbox, three_users):\n"
    "+    with ThreadPoolExecutor(2) as ex:\n"
    "+        counts = list(ex.map(lambda _: run_nightly_digest(pool), range(2)))\n"
    "+    assert sorted(counts) == [0, 3]\n+    assert len(outbox) == 3\n\n\n"
    "+def test_next_night_runs(pool, outbox, three_users):\n"
    "+    run_nightly_digest(pool)\n+    assert run_nightly_digest(pool) == 3\n"
    "*** End Patch",
)
s.call(
    "shell",
    ".F\n=================================== FAILURES ===================================\n"
    "_____________________________ test_next_night_runs _____________________________\n"
    "    assert run_nightly_digest(pool) == 3\nE   assert 0 == 3\n"
    "------------------------------ Captured log call -------------------------------\n"
    "WARNING  psycopg:pq.py:214 you don't own a lock of type ExclusiveLock\n"
    "INFO     mailroom.digest:digest.py:31 digest skipped: another replica holds the lock\n"
    "1 failed, 1 passed in 1.84s",
    command=["bash", "-lc", "pytest -q tests/test_digest_lock.py"],
)
s.say(
    "The second night's run is skipped, so the lock outlives the first run. Probably the "
    "unlock is rolled back: psycopg opens a transaction implicitly and the pool rolls back "
    "whatever is left open when a connection goes back. Adding conn.commit() after the unlock."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM mailroom/digest.py",
    input="*** Begin Patch\n*** Update File: mailroom/digest.py\n@@\n"
    "             conn.execute('SELECT pg_advisory_unlock(%s)', (DIGEST_LOCK,))\n"
    "+            conn.commit()\n*** End Patch",
)
s.call(
    "shell",
    ".F\n=================================== FAILURES ===================================\n"
    "_____________________________ test_next_night_runs _____________________________\n"
    "E   assert 0 == 3\n"
    "WARNING  psycopg:pq.py:214 you don't own a lock of type ExclusiveLock\n"
    "1 failed, 1 passed in 1.79s",
    command=["bash", "-lc", "pytest -q tests/test_digest_lock.py"],
)
s.say(
    "Same failure, and the warning is the real clue: a session-level advisory lock belongs to "
    "the connection that took it. The unlock runs on whatever connection the pool hands out "
    "next, which does not own the lock, so pg_advisory_unlock returns false, and the "
    "connection that took the lock goes back into the pool still holding it until it is "
    "closed. Taking a transaction-level lock instead, pg_try_advisory_xact_lock, on one "
    "connection held for the whole run: Postgres releases it at commit or rollback, so there "
    "is no unlock to get wrong."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM mailroom/digest.py",
    input="*** Begin Patch\n*** Update File: mailroom/digest.py\n@@\n"
    "-    with pool.connection() as conn:\n"
    "-        got = conn.execute('SELECT pg_try_advisory_lock(%s)', (DIGEST_LOCK,)).fetchone()[0]\n"
    "-    if not got:\n"
    "-        log.info('digest skipped: another replica holds the lock')\n-        return 0\n"
    "-    try:\n-        return send_nightly_digest(pool)\n-    finally:\n"
    "-        with pool.connection() as conn:\n"
    "-            conn.execute('SELECT pg_advisory_unlock(%s)', (DIGEST_LOCK,))\n"
    "-            conn.commit()\n"
    "+    # one connection and one transaction for the whole run: the xact lock is released at\n"
    "+    # commit or rollback, on the connection that took it\n"
    "+    with pool.connection() as conn, conn.transaction():\n"
    "+        got = conn.execute('SELECT pg_try_advisory_xact_lock(%s)', (DIGEST_LOCK,))"
    ".fetchone()[0]\n"
    "+        if not got:\n"
    "+            log.info('digest skipped: another replica holds the lock')\n"
    "+            return 0\n+        return send_nightly_digest(conn)\n@@\n"
    "-def send_nightly_digest(pool) -> int:\n+def send_nightly_digest(conn) -> int:\n"
    "     sent = 0\n-    with pool.connection() as conn:\n"
    "-        users = conn.execute(DIGEST_USERS_SQL).fetchall()\n"
    "+    users = conn.execute(DIGEST_USERS_SQL).fetchall()\n*** End Patch",
)
s.call(
    "shell",
    "..\n2 passed in 1.12s",
    command=["bash", "-lc", "pytest -q tests/test_digest_lock.py"],
)
s.call(
    "shell",
    "88 passed in 9.42s",
    command=["bash", "-lc", "pytest -q"],
)
s.say(
    "run_nightly_digest() now takes pg_try_advisory_xact_lock(7301) in one transaction on one "
    "connection; the replica that does not get it logs and skips. Two replicas at once send "
    "each digest once, the next night's run goes ahead, and all 88 tests pass."
)
s.user(
    "Inès reviewed it:\n"
    "1. If the worker dies halfway through the send (we had OOM kills last month), the run "
    "rolls back and the retry sends again to everyone who already got one. Record each send in "
    "a digest_sends table (user_id, digest_date, primary key on both) and skip users already "
    "in it for today.\n"
    "2. The run holds a pool connection and one transaction open for the whole send, about 25 "
    "minutes for our 180k users: it starves the pool (max_size=10) and the long transaction "
    "holds back vacuum. Take the lock on a dedicated connection from psycopg.connect(), not "
    "from the pool, and commit each send on its own.\n"
    "3. 7301 is a magic number; derive the key with hashtext('nightly_digest').\n"
    "Skip 3, a named constant is fine. Do 1 first, with a test that the retry after a crash "
    "sends only to the rest, then 2. The table goes in db/migrations as usual."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Advisory lock around the run; the other replica skips", "status": "completed"},
        {"step": "digest_sends table; skip users already sent today", "status": "in_progress"},
        {"step": "Test: a retry after a crash sends only to the rest", "status": "pending"},
        {
            "step": "Lock on a dedicated psycopg.connect() connection; commit per send",
            "status": "pending",
        },
    ],
)
s.say("Now I'll add the digest_sends table and skip users already sent today.")
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA db/migrations/0031_digest_sends.sql\n"
    "M mailroom/digest.py",
    input="*** Begin Patch\n*** Add File: db/migrations/0031_digest_sends.sql\n"
    "+CREATE TABLE digest_sends (\n+    user_id     bigint NOT NULL REFERENCES users (id),\n"
    "+    digest_date date   NOT NULL,\n+    sent_at     timestamptz NOT NULL DEFAULT now(),\n"
    "+    PRIMARY KEY (user_id, digest_date)\n+);\n"
    "*** Update File: mailroom/digest.py\n@@\n"
    "     for user in users:\n"
    "+        # a retry after a crash skips whoever this night's run already reached\n"
    "+        first = conn.execute(\n"
    "+            'INSERT INTO digest_sends (user_id, digest_date) VALUES (%s, current_date) '\n"
    "+            'ON CONFLICT DO NOTHING RETURNING user_id', (user.id,)).fetchone()\n"
    "+        if first is None:\n+            continue\n"
    "         mailer.send(render_digest(user))\n*** End Patch",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Make the nightly digest e-mail go out once: since the mailroom-worker deployment "
             "runs two replicas, each one's scheduler (mailroom/scheduler.py) calls "
             "send_nightly_digest() at 06:00 UTC and users get it twice (212 complaints).",
             must=(("digest",), ("twice", "once", "two replicas", "replicas: 2")),
             partial_means="The digest without the double send, or the reverse.",
             wrong="Changing the digest's content or its time."),
    Question("latest_request", "What did the user last ask?",
             "Inès's review: first record each send in a digest_sends table (user_id, "
             "digest_date, primary key on both; migration in db/migrations) and skip users "
             "already sent today, with a test that a retry after a crash sends only to the "
             "rest; then take the lock on a dedicated psycopg.connect() connection and commit "
             "each send; skip point 3 (hashtext key).",
             must=(("digest_sends",), ("psycopg.connect", "dedicated connection",
                                       "not from the pool")),
             partial_means="One of the two requests.",
             wrong="A file lock; deriving the key with hashtext.",
             stale_means="The advisory-lock correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Write the test that a retry after a crash (a run that dies partway) sends only to "
             "the users not yet in digest_sends, and run pytest (applying 0031_digest_sends.sql "
             "to the test database); then move the lock to a dedicated psycopg.connect() "
             "connection.",
             must=(("test", "pytest"), ("crash", "retry", "dies", "halfway", "only to the rest")),
             stale=("add the digest_sends table", "fcntl.flock on /tmp"),
             partial_means="Says to do the dedicated connection, skipping the retry test the "
                           "user put first; or a test without saying which.",
             wrong="Deriving the lock key with hashtext; a file lock.",
             stale_means="Says to add the digest_sends table: the last patch did."),
    Question("files_edited", "Which files were changed, and why?",
             "mailroom/digest.py (run_nightly_digest(): pg_try_advisory_xact_lock(7301) in one "
             "transaction on one connection, the other replica skips; digest_sends insert, skip "
             "if already sent); mailroom/scheduler.py (schedules run_nightly_digest); "
             "tests/test_digest_lock.py (new: two replicas send once, the next night runs); "
             "db/migrations/0031_digest_sends.sql (new table). mailroom/filelock.py was created "
             "and deleted.",
             must=(("digest.py",), ("scheduler.py",), ("test_digest_lock.py",),
                   ("0031_digest_sends.sql", "db/migrations")),
             stale=("filelock.py",), spread=True,
             partial_means="Two or three of the four files.",
             wrong="The Kubernetes deployment given as changed.",
             stale_means="mailroom/filelock.py listed as a file that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "A Postgres advisory lock; the replica that does not get it skips the run; in its "
             "final form a transaction-level pg_try_advisory_xact_lock on one connection for "
             "the run. Rules out the fcntl file lock in /tmp (mailroom/filelock.py: the pods are "
             "on different nodes, /tmp is each pod's own) and the session-level lock with an "
             "unlock on another pooled connection.",
             must=(("advisory",), ("filelock", "fcntl", "file lock", "/tmp")),
             stale=("fcntl.flock on /tmp", "hold an exclusive lock around the run"),
             partial_means="The advisory lock without what it rules out.",
             wrong="Running a single replica given as the design.",
             stale_means="The fcntl file lock given as the fix."),
    Question("review", "What did the review find?",
             "Inès: (1) a worker that dies mid-send rolls back and the retry resends to everyone "
             "already sent: record sends in digest_sends; (2) one pool connection and one "
             "transaction held ~25 minutes for 180k users starves the pool (max_size=10) and "
             "holds back vacuum: use a dedicated psycopg.connect() connection, commit per send; "
             "(3) the magic key 7301 should come from hashtext('nightly_digest') (skipped).",
             must=(("digest_sends", "dies halfway", "oom", "resend", "sends again"),
                   ("vacuum", "starves the pool", "max_size", "25 minutes"),
                   ("hashtext", "magic number")),
             partial_means="One or two of the three findings.",
             wrong="The 'you don't own a lock' warning (the agent hit that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "A file lock cannot work: the replicas are separate pods on different nodes and "
             "/tmp is each pod's own; use a Postgres advisory lock (pg_try_advisory_lock), the "
             "replica without it skips; delete filelock.py.",
             must=(("advisory",), ("file lock", "filelock", "/tmp", "different nodes")),
             partial_means="The advisory lock without why the file lock fails, or the reverse.",
             wrong="Inès's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_next_night_runs failed (assert 0 == 3, 'digest skipped', WARNING you don't "
             "own a lock of type ExclusiveLock): the session-level lock was taken and unlocked "
             "on different pooled connections, so the lock stayed held; conn.commit() after the "
             "unlock did not fix it; pg_try_advisory_xact_lock in one transaction on one "
             "connection did.",
             must=(("you don t own a lock", "exclusivelock", "test_next_night_runs",
                    "assert 0 == 3"),
                   ("xact", "one connection", "transaction-level")),
             stale=("unlock is rolled back", "fixed by conn.commit", "fixed by adding conn"),
             partial_means="The failure without its cause or fix.",
             wrong="The double digest given as the test error.",
             stale_means="The failure put down to a rolled-back unlock or 'fixed' by "
                         "conn.commit()."),
    Question("key_values", "Which key values matter?",
             "06:00 UTC; replicas: 2; 212 complaints; lock key DIGEST_LOCK = 7301; 88 tests "
             "pass; ~25 minutes for 180k users; pool max_size=10; "
             "0031_digest_sends.sql.",
             must=(("7301",), ("06:00", "88", "180k", "212")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "mailroom/scheduler.py starts the APScheduler cron job at 06:00 UTC in each "
             "replica; mailroom/digest.py sends the nightly digest (send_nightly_digest, now "
             "run_nightly_digest with the lock); db/migrations holds the schema changes.",
             must=(("scheduler.py",), ("cron", "schedul", "06:00"), ("digest.py",)),
             partial_means="One of the two files with its role.",
             wrong="filelock.py described as a current file."),
    Question("pending", "What work is still pending?",
             "The retry-after-crash test of the digest_sends skip and a pytest run; the lock on "
             "a dedicated psycopg.connect() connection with a commit per send; nothing "
             "committed.",
             must=(("crash", "retry", "test"), ("psycopg.connect", "dedicated connection",
                                                "commit each send", "commit per send")),
             partial_means="One of the two.",
             wrong="Deriving the key with hashtext."),
    Question("state", "What is the state of the work?",
             "The transaction-level advisory lock works and is tested (88 pass); the "
             "digest_sends table and the skip are patched but untested; the dedicated "
             "connection is not written; nothing is committed.",
             must=(("digest_sends",), ("untested", "not tested", "not yet", "uncommitted",
                                       "not committed", "not run", "not written")),
             partial_means="The working lock without saying the digest_sends change is "
                           "untested.",
             wrong="Says both replicas still send the digest.",
             stale_means="Says all 88 tests pass after the digest_sends change (they were not "
                         "run)."),
)  # fmt: skip

PRODUCTION = """Summary so far: mailroom's nightly digest went out twice: two mailroom-worker replicas each run the scheduler (mailroom/scheduler.py, cron at 06:00 UTC). The user rejected my fcntl file lock in /tmp (mailroom/filelock.py, deleted): the pods are on different nodes. Decision: a Postgres advisory lock; the replica that doesn't get it skips. Error: test_next_night_runs failed (assert 0 == 3; WARNING you don't own a lock of type ExclusiveLock): the session lock and its unlock ran on different pooled connections. conn.commit() after the unlock did not help; pg_try_advisory_xact_lock(7301) in one transaction on one connection fixed it. tests/test_digest_lock.py added; 88 tests pass.
Inès's review: a worker that dies mid-send resends to everyone on retry; the long transaction (~25 min, 180k users) starves the pool and holds back vacuum; 7301 is a magic number (user: skip).
State: db/migrations/0031_digest_sends.sql added and digest.py skips users already in digest_sends today; untested, nothing committed.
Next: a test that a retry after a crash sends only to the rest, run pytest; then take the lock on a dedicated psycopg.connect() connection and commit each send."""
