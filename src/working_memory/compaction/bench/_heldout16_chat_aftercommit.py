"""Held out, sixteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, Python/FastAPI with
SQLAlchemy 2.0 and Celery on RabbitMQ: about 3% of new shipments never get a label because the
endpoint sends the purchase_label task after db.flush() but before get_db commits, so the
worker's db.get() finds no row and raises ShipmentNotFound (17 of 500 in the smoke run); a
RetryOnMissingRowTask base class with autoretry_for (app/tasks/base.py) written, then ruled out
by the user for an enqueue_after_commit() helper on the session's after_commit event in
app/db.py; base.py deleted and labels.py checked out again; the new test sees no task sent,
which recreating the test database did not fix and committing in the tests' override_get_db
did; a review with four points: one done in the span (returns.py), one answered (the rollback
test exists), one a ticket (the outbox, SHIP-430), one pending (an apply_async failure in the
hook turns a committed create into a 500); the assistant's last words only report what it did
and announce no next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_API = "app/api/shipments.py"
_TASK = "app/tasks/labels.py"
_BASE = "app/tasks/base.py"
_DB = "app/db.py"
_TEST = "tests/api/test_shipments.py"
_CONFTEST = "tests/conftest.py"
_SMOKE = (
    "docker compose up -d postgres rabbitmq && celery -A app.worker worker -c 8 "
    "--logfile /tmp/worker.log --detach && python scripts/smoke_shipments.py --count 500 && "
    "grep -c ShipmentNotFound /tmp/worker.log"
)
_FAILED = (
    "F.                                                                       [100%]\n"
    "=================================== FAILURES ===================================\n"
    "______________________ test_label_task_sent_after_commit _______________________\n\n"
    "client = <starlette.testclient.TestClient object at 0x7f3a2c1d5e50>, sent_tasks = []\n\n"
    "    def test_label_task_sent_after_commit(client, sent_tasks):\n"
    '        resp = client.post("/shipments", json=SHIPMENT)\n'
    "        assert resp.status_code == 201\n"
    '>       assert sent_tasks == [("app.tasks.labels.purchase_label", (resp.json()["id"],))]\n'
    "E       AssertionError: assert [] == [('app.tasks.labels.purchase_label', (1,))]\n"
    "E         Right contains one more item: ('app.tasks.labels.purchase_label', (1,))\n\n"
    "tests/api/test_shipments.py:23: AssertionError\n"
    "=========================== short test summary info ============================\n"
    "FAILED tests/api/test_shipments.py::test_label_task_sent_after_commit - AssertionError: "
    "assert [] == [('app.tasks.labels.purchase_label', (1,))]\n"
)
_TASK_SRC = (
    "from app.carrier import carrier\nfrom app.db import SessionLocal\n"
    "from app.models import Shipment\nfrom app.worker import celery_app\n\n\n"
    "class ShipmentNotFound(Exception):\n    pass\n\n\n"
    "@celery_app.task(bind=True, max_retries=3)\n"
    "def purchase_label(self, shipment_id: int) -> None:\n"
    "    with SessionLocal() as db:\n"
    "        shipment = db.get(Shipment, shipment_id)\n"
    "        if shipment is None:\n"
    '            raise ShipmentNotFound(f"shipment {shipment_id} not found")\n'
    "        label = carrier.buy_label(shipment)\n"
    "        shipment.label_url = label.url\n"
    "        shipment.tracking_number = label.tracking_number\n"
    '        shipment.status = "label_purchased"\n'
    "        db.commit()\n"
)
_GET_DB = (
    "def get_db() -> Iterator[Session]:\n"
    "    db = SessionLocal()\n    try:\n        yield db\n        db.commit()\n"
    "    except Exception:\n        db.rollback()\n        raise\n"
    "    finally:\n        db.close()\n"
)

s = Script(
    "You are a coding assistant working in the shipdesk repository (Python 3.12, FastAPI, "
    "SQLAlchemy 2.0 on PostgreSQL 16, Celery 5.4 with a RabbitMQ broker; tests with pytest, "
    "docker compose for Postgres and RabbitMQ). You can read, write, edit and delete files "
    "and run shell commands."
)
s.user(
    "SHIP-412: about 3% of new shipments never get a label and sit in pending_label forever. "
    "Sentry shows ShipmentNotFound raised by the purchase_label task in the worker, for "
    "shipment ids that do exist when you look them up a second later. The endpoint is "
    f"{_API} and the task is {_TASK}. Find out why and fix it."
)
s.call(
    "read_file",
    "from fastapi import APIRouter, Depends\nfrom sqlalchemy.orm import Session\n\n"
    "from app.db import get_db\nfrom app.models import Shipment\n"
    "from app.schemas import ShipmentIn, ShipmentOut\n"
    "from app.tasks.labels import purchase_label\n\nrouter = APIRouter()\n\n\n"
    '@router.post("/shipments", status_code=201)\n'
    "def create_shipment(body: ShipmentIn, db: Session = Depends(get_db)) -> ShipmentOut:\n"
    '    shipment = Shipment(**body.model_dump(), status="pending_label")\n'
    "    db.add(shipment)\n    db.flush()\n"
    "    purchase_label.delay(shipment.id)\n"
    "    return ShipmentOut.model_validate(shipment)\n",
    path=_API,
)
s.call("read_file", _TASK_SRC, path=_TASK)
s.call(
    "read_file",
    "from collections.abc import Iterator\n\nfrom sqlalchemy import create_engine\n"
    "from sqlalchemy.orm import Session, sessionmaker\n\nfrom app.settings import settings\n\n"
    "engine = create_engine(settings.database_url, pool_size=10)\n"
    "SessionLocal = sessionmaker(engine, expire_on_commit=False)\n\n\n" + _GET_DB,
    path=_DB,
)
s.say(
    "create_shipment flushes the INSERT (so shipment.id exists) and calls "
    "purchase_label.delay() right away, but get_db only commits after the handler returns. "
    "The worker reads on its own connection under READ COMMITTED, so when it picks the "
    "message up before that commit, db.get() returns None and the task raises. Reproducing "
    "it with the smoke script against local Postgres and RabbitMQ."
)
s.call(
    "run_command",
    f"$ {_SMOKE}\n[+] Running 2/2\n \u2714 Container shipdesk-postgres-1  Started\n"
    " \u2714 Container shipdesk-rabbitmq-1  Started\n"
    "posted 500 shipments in 38.7s (CARRIER_MODE=sandbox)\n"
    "label_purchased: 483\npending_label: 17\n17\n",
    command=_SMOKE,
)
s.say(
    "17 of 500 shipments (3.4%) stay in pending_label, each with a ShipmentNotFound in the "
    "worker log. Plan: let the task ride out the window. A RetryOnMissingRowTask base class "
    f"in {_BASE} with autoretry_for=(ShipmentNotFound,), retry_backoff=True and "
    "max_retries=5, and purchase_label declared with base=RetryOnMissingRowTask."
)
s.call(
    "write_file",
    f"Wrote {_BASE}",
    path=_BASE,
    content="from celery import Task\n\nfrom app.tasks.labels import ShipmentNotFound\n\n\n"
    "class RetryOnMissingRowTask(Task):\n"
    "    autoretry_for = (ShipmentNotFound,)\n    retry_backoff = True\n"
    "    retry_backoff_max = 30\n    max_retries = 5\n",
)
s.call(
    "edit_file",
    f"Edited {_TASK} (1 replacement)",
    path=_TASK,
    old_string="@celery_app.task(bind=True, max_retries=3)",
    new_string="@celery_app.task(bind=True, base=RetryOnMissingRowTask)",
)
s.user(
    "No retries. That hides the race behind a backoff, and a shipment whose request rolls "
    "back would be retried for a row that never exists. Send the message after the commit: "
    f"add an enqueue_after_commit(db, task, *args) helper in {_DB} that hooks the session's "
    "after_commit event, so nothing goes out before the row is committed and nothing at all "
    "if the request rolls back. Put labels.py back and drop base.py."
)
s.call("delete_file", f"Deleted {_BASE}", path=_BASE)
s.call(
    "run_command",
    f"$ git checkout -- {_TASK} && git status --short\nUpdated 1 path from the index\n",
    command=f"git checkout -- {_TASK} && git status --short",
)
s.call(
    "write_file",
    f"Wrote {_DB}",
    path=_DB,
    content="from collections.abc import Iterator\nfrom typing import Any\n\n"
    "from celery import Task\nfrom sqlalchemy import create_engine, event\n"
    "from sqlalchemy.orm import Session, sessionmaker\n\nfrom app.settings import settings\n\n"
    "engine = create_engine(settings.database_url, pool_size=10)\n"
    "SessionLocal = sessionmaker(engine, expire_on_commit=False)\n\n\n" + _GET_DB + "\n\n"
    "def enqueue_after_commit(db: Session, task: Task, *args: Any) -> None:\n"
    '    """Send `task` once `db` commits; never, if it rolls back."""\n\n'
    '    @event.listens_for(db, "after_commit", once=True)\n'
    "    def _send(session: Session) -> None:\n"
    "        task.apply_async(args=args)\n",
)
s.call(
    "edit_file",
    f"Edited {_API} (2 replacements)",
    path=_API,
    edits=[
        {
            "old_string": "from app.db import get_db\n",
            "new_string": "from app.db import enqueue_after_commit, get_db\n",
        },
        {
            "old_string": "    purchase_label.delay(shipment.id)\n",
            "new_string": "    enqueue_after_commit(db, purchase_label, shipment.id)\n",
        },
    ],
)
s.call(
    "write_file",
    f"Wrote {_TEST}",
    path=_TEST,
    content="import pytest\nfrom celery.app.task import Task\n\n"
    'SHIPMENT = {"order_id": "SO-1001", "carrier": "ups", "weight_g": 1200}\n\n\n'
    'def boom(*args, **kwargs):\n    raise RuntimeError("boom")\n\n\n'
    "@pytest.fixture\ndef sent_tasks(monkeypatch):\n    sent = []\n"
    "    monkeypatch.setattr(\n"
    '        Task, "apply_async", lambda self, args=(), **kw: sent.append((self.name, args))\n'
    "    )\n    return sent\n\n\n"
    "def test_label_task_sent_after_commit(client, sent_tasks):\n"
    '    resp = client.post("/shipments", json=SHIPMENT)\n'
    "    assert resp.status_code == 201\n"
    '    assert sent_tasks == [("app.tasks.labels.purchase_label", (resp.json()["id"],))]\n\n\n'
    "def test_no_task_when_request_rolls_back(client, sent_tasks, monkeypatch):\n"
    '    monkeypatch.setattr("app.api.shipments.ShipmentOut.model_validate", boom)\n'
    "    with pytest.raises(RuntimeError):\n"
    '        client.post("/shipments", json=SHIPMENT)\n'
    "    assert sent_tasks == []\n",
)
s.call(
    "run_command",
    f"$ pytest -q {_TEST}\n{_FAILED}1 failed, 1 passed in 0.84s\n",
    command=f"pytest -q {_TEST}",
)
s.say(
    "Nothing was sent at all, not even after the 201. That may be a stale test database: the "
    "postgres-test container has been up since before the last migration. Recreating it, "
    "applying the migrations and running the test again."
)
_RECREATE = (
    "docker compose rm -sfv postgres-test && docker compose up -d postgres-test && "
    f"alembic upgrade head && pytest -q {_TEST}"
)
s.call(
    "run_command",
    f"$ {_RECREATE}\n[+] Removing 1/1\n \u2714 Container shipdesk-postgres-test-1  Removed\n"
    "[+] Running 1/1\n \u2714 Container shipdesk-postgres-test-1  Started\n"
    "INFO  [alembic.runtime.migration] Running upgrade  -> 3b1f0c2a9d4e, initial\n"
    "INFO  [alembic.runtime.migration] Running upgrade 3b1f0c2a9d4e -> 8e27c5d1f6ab, "
    f"shipments label columns\n{_FAILED}1 failed, 1 passed in 0.81s\n",
    command=_RECREATE,
)
s.call(
    "read_file",
    "import pytest\nfrom fastapi.testclient import TestClient\nfrom sqlalchemy.orm import "
    "Session\n\nfrom app.db import engine, get_db\nfrom app.main import app\n\n\n"
    "@pytest.fixture\ndef db_session():\n    connection = engine.connect()\n"
    "    outer = connection.begin()\n"
    '    session = Session(bind=connection, join_transaction_mode="create_savepoint")\n'
    "    yield session\n    session.close()\n    outer.rollback()\n    connection.close()\n\n\n"
    "@pytest.fixture\ndef client(db_session):\n    def override_get_db():\n"
    "        yield db_session\n\n"
    "    app.dependency_overrides[get_db] = override_get_db\n"
    "    yield TestClient(app)\n    app.dependency_overrides.clear()\n",
    path=_CONFTEST,
)
s.say(
    "Not the database. The tests replace get_db with override_get_db, which yields the "
    "session and never commits, so the session's after_commit event never fires and the "
    "helper never sends. Production's get_db does commit. The override should commit and roll "
    'back the way get_db does; with join_transaction_mode="create_savepoint" its commit '
    "only releases a savepoint, and the outer transaction still rolls every test back."
)
s.call(
    "edit_file",
    f"Edited {_CONFTEST} (1 replacement)",
    path=_CONFTEST,
    old_string="    def override_get_db():\n        yield db_session\n",
    new_string="    def override_get_db():\n        try:\n            yield db_session\n"
    "            db_session.commit()\n        except Exception:\n"
    "            db_session.rollback()\n            raise\n",
)
s.call(
    "run_command",
    "$ pytest -q\n...............................................                  [100%]\n"
    "47 passed in 6.31s\n",
    command="pytest -q",
)
s.call(
    "run_command",
    f"$ rm -f /tmp/worker.log && celery -A app.worker control shutdown && {_SMOKE}\n"
    "-> celery@devbox: OK\n        shutdown, sent to celery@devbox\n"
    "[+] Running 2/2\n \u2714 Container shipdesk-postgres-1  Running\n"
    " \u2714 Container shipdesk-rabbitmq-1  Running\n"
    "posted 500 shipments in 39.2s (CARRIER_MODE=sandbox)\n"
    "label_purchased: 500\npending_label: 0\n0\n",
    command=f"rm -f /tmp/worker.log && celery -A app.worker control shutdown && {_SMOKE}",
)
s.say(
    "All 47 tests pass, and the smoke run labels all 500 shipments with no ShipmentNotFound "
    "in the worker log (17 of 500 before). create_shipment now hands purchase_label to "
    "enqueue_after_commit, which sends it from the session's after_commit hook."
)
_PR = (
    "git checkout -b ship-412-enqueue-after-commit && git add -A && git commit -m 'Send "
    "purchase_label after the commit (SHIP-412)' && git push -u origin HEAD && gh pr create "
    "--fill"
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'ship-412-enqueue-after-commit'\n"
    "[ship-412-enqueue-after-commit 3f9c1d7] Send purchase_label after the commit (SHIP-412)\n"
    " 4 files changed, 71 insertions(+), 4 deletions(-)\n create mode 100644 "
    "tests/api/test_shipments.py\nhttps://github.com/shipdesk/shipdesk/pull/588\n",
    command=_PR,
)
s.user(
    "Priya reviewed #588:\n"
    "1. app/api/returns.py has the same bug: refund_return.delay(ret.id) right after "
    "db.flush()\n"
    "2. is there a test that nothing is sent when the request rolls back?\n"
    "3. if RabbitMQ is down when the hook runs, the shipment is committed and the message is "
    "lost, no label ever\n"
    "4. an exception from apply_async inside after_commit propagates out of get_db's commit, "
    "so the client gets a 500 for a shipment that was created\n"
    "My answers: 1 yes, switch returns.py to enqueue_after_commit in this PR. 2 you wrote one, "
    "check and tell her. 3 is the outbox, SHIP-430, not in this PR. 4 catch it in the hook, "
    "log it with logger.exception and the task name, keep the 201, and add a test for it."
)
s.call(
    "read_file",
    "from fastapi import APIRouter, Depends\nfrom sqlalchemy.orm import Session\n\n"
    "from app.db import get_db\nfrom app.models import Return\n"
    "from app.schemas import ReturnIn, ReturnOut\nfrom app.tasks.refunds import refund_return\n\n"
    "router = APIRouter()\n\n\n"
    '@router.post("/returns", status_code=201)\n'
    "def create_return(body: ReturnIn, db: Session = Depends(get_db)) -> ReturnOut:\n"
    '    ret = Return(**body.model_dump(), status="requested")\n'
    "    db.add(ret)\n    db.flush()\n    refund_return.delay(ret.id)\n"
    "    return ReturnOut.model_validate(ret)\n",
    path="app/api/returns.py",
)
s.call(
    "edit_file",
    "Edited app/api/returns.py (2 replacements)",
    path="app/api/returns.py",
    edits=[
        {
            "old_string": "from app.db import get_db\n",
            "new_string": "from app.db import enqueue_after_commit, get_db\n",
        },
        {
            "old_string": "    refund_return.delay(ret.id)\n",
            "new_string": "    enqueue_after_commit(db, refund_return, ret.id)\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ grep -n 'def test_' {_TEST}\n20:def test_label_task_sent_after_commit(client, "
    "sent_tasks):\n26:def test_no_task_when_request_rolls_back(client, sent_tasks, "
    "monkeypatch):\n",
    command=f"grep -n 'def test_' {_TEST}",
)
s.call(
    "run_command",
    "$ pytest -q\n...............................................                  [100%]\n"
    "47 passed in 6.24s\n",
    command="pytest -q",
)
s.call(
    "run_command",
    "$ gh pr comment 588 --body-file /tmp/pr588.md\n"
    "https://github.com/shipdesk/shipdesk/pull/588#issuecomment-2210457\n",
    command="gh pr comment 588 --body-file /tmp/pr588.md",
)
s.say(
    "Replied to Priya on #588: the rollback path is covered by "
    "test_no_task_when_request_rolls_back in tests/api/test_shipments.py, and a message lost "
    "while RabbitMQ is down is the outbox work in SHIP-430. app/api/returns.py sends "
    "refund_return through the same helper now, and the full suite passes."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "SHIP-412: about 3% of new shipments never get a label and stay in pending_label "
             "because the purchase_label Celery task raises ShipmentNotFound; find why (the "
             "task is sent before the request's commit) and fix it (app/api/shipments.py, "
             "app/tasks/labels.py).",
             must=(("shipmentnotfound", "pending_label", "never get a label", "no label"),
                   ("ship-412", "purchase_label", "label")),
             partial_means="The stuck shipments without the task's error, or the ticket "
                           "alone.",
             wrong="The carrier API failing; labels bought twice."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review of PR #588 with the user's answers: switch app/api/returns.py to "
             "enqueue_after_commit in this PR; check the rollback test exists and tell her; "
             "a message lost while RabbitMQ is down is the outbox, SHIP-430, not in this PR; "
             "catch an apply_async failure in the hook, log it with logger.exception and the "
             "task name, keep the 201, and add a test.",
             must=(("logger.exception", "catch", "500", "keep the 201"),
                   ("returns.py", "ship-430", "outbox", "rolls back", "rollback")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "answers"),
             partial_means="One of the points to act on.",
             wrong="Building the outbox now; adding retries to the task.",
             stale_means="The no-retries correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Priya's fourth point, the one left: in app/db.py's enqueue_after_commit, catch "
             "an exception from apply_async in the after_commit hook and log it with "
             "logger.exception and the task name so the create keeps its 201; add a test for "
             "it; run pytest; then commit and push it with the returns.py change to #588.",
             must=(("logger.exception", "catch", "try/except"),
                   ("apply_async", "enqueue_after_commit", "hook", "after_commit")),
             stale=("switch returns.py", "autoretry_for", "RetryOnMissingRowTask",
                    "tasks/base.py", "docker compose rm"),
             partial_means="Says to push without handling the apply_async failure, or a "
                           "test without what it checks.",
             wrong="Building the SHIP-430 outbox; writing the rollback test.",
             stale_means="Says to switch returns.py (done), or to add the retry base class "
                         "(ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "app/db.py (enqueue_after_commit: sends a task from the session's after_commit "
             "event); app/api/shipments.py (create_shipment sends purchase_label through it); "
             "tests/api/test_shipments.py (the task is sent after the commit, none on "
             "rollback); tests/conftest.py (override_get_db commits and rolls back like "
             "get_db); app/api/returns.py (refund_return through the helper, after the "
             "review). app/tasks/base.py was created and deleted, app/tasks/labels.py edited "
             "and checked out again.",
             must=(("db.py",), ("api/shipments.py", "create_shipment"),
                   ("conftest.py", "test_shipments.py")),
             stale=("tasks/base.py",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="app/tasks/labels.py given as changed in the PR.",
             stale_means="app/tasks/base.py (the retry base class) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Tasks are sent only after the request's transaction commits, through an "
             "enqueue_after_commit(db, task, *args) helper in app/db.py on the session's "
             "after_commit event (nothing sent on rollback); it rules out retrying "
             "ShipmentNotFound with a RetryOnMissingRowTask base class (autoretry_for, "
             "retry_backoff).",
             must=(("enqueue_after_commit", "after_commit", "after the commit"),
                   ("retr", "backoff", "autoretry")),
             stale=("autoretry_for", "RetryOnMissingRowTask"),
             partial_means="The helper without what it rules out.",
             wrong="Committing inside the endpoint; a sleep before the task reads.",
             stale_means="Retrying the task on ShipmentNotFound given as the design."),
    Question("review", "What did the review find?",
             "Priya on #588: app/api/returns.py has the same bug with refund_return.delay() "
             "(switched); is there a rollback test (answered: "
             "test_no_task_when_request_rolls_back); a message is lost if RabbitMQ is down at "
             "the hook (the outbox, SHIP-430); an apply_async exception in after_commit turns "
             "a created shipment into a 500 (pending).",
             must=(("returns.py", "refund_return"), ("roll",),
                   ("rabbitmq", "ship-430", "outbox"), ("500", "apply_async")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The test failure or ShipmentNotFound given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No retries (they hide the race, and a rolled-back shipment would be retried for "
             "a row that never exists): send the task after the commit with an "
             "enqueue_after_commit helper in app/db.py on the session's after_commit event; "
             "put labels.py back and drop base.py.",
             must=(("retr", "backoff"),
                   ("after_commit", "after the commit", "enqueue_after_commit")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No retries without what to do instead, or the reverse.",
             wrong="The test failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "ShipmentNotFound in purchase_label (17 of 500 in the smoke run): the task was "
             "sent after flush, before get_db committed; fixed by enqueue_after_commit. "
             "test_label_task_sent_after_commit failed with assert [] == "
             "[('app.tasks.labels.purchase_label', (1,))]; recreating postgres-test and "
             "re-running did not fix it; the tests' override_get_db never committed, so "
             "after_commit never fired; fixed by committing (and rolling back) in "
             "override_get_db in tests/conftest.py.",
             must=(("test_label_task_sent_after_commit", "assert [] ==", "no task"),
                   ("override_get_db", "conftest")),
             stale=("fixed by recreating", "fixed by docker compose", "fixed by re-running",
                    "stale test database"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A migration error; a RabbitMQ connection error.",
             stale_means="The test failure 'fixed' by recreating the test database or a "
                         "re-run."),
    Question("key_values", "Which key values matter?",
             "17 of 500 shipments (3.4%) stuck before the fix, 0 after; 47 tests; PR #588; "
             "SHIP-412 and SHIP-430; the task app.tasks.labels.purchase_label; "
             "join_transaction_mode=\"create_savepoint\".",
             must=(("17 of 500", "3.4%", "47 passed", "47 tests", "500 shipments"),
                   ("#588", "ship-412", "ship-430")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/api/shipments.py has the create_shipment endpoint; app/tasks/labels.py the "
             "purchase_label task that buys the label; app/db.py the engine, get_db and "
             "enqueue_after_commit; tests/conftest.py the db_session and client fixtures with "
             "override_get_db; tests/api/test_shipments.py the endpoint's tests; "
             "app/api/returns.py the returns endpoint; scripts/smoke_shipments.py posts "
             "shipments against local Postgres and RabbitMQ.",
             must=(("conftest.py", "smoke_shipments.py", "test_shipments.py"),
                   ("api/shipments.py", "create_shipment", "labels.py", "db.py")),
             partial_means="The files named without what they hold.",
             wrong="app/tasks/base.py as the task's base class."),
    Question("pending", "What work is still pending?",
             "Priya's point 4: catch and log an apply_async failure in the after_commit hook "
             "(keep the 201) with a test; commit and push it with the returns.py change to "
             "#588; the outbox later in SHIP-430.",
             must=(("logger.exception", "catch", "apply_async", "500"),
                   ("push", "#588", "ship-430", "outbox")),
             partial_means="The apply_async handling without the rest, or the reverse.",
             wrong="The rollback test or the returns.py switch as pending.",
             stale_means="The retry base class as pending."),
    Question("state", "What is the state of the work?",
             "PR #588 is open with enqueue_after_commit, the endpoint change, the conftest fix "
             "and the tests; all 47 tests pass and the smoke run labels 500 of 500; since the "
             "review returns.py is switched (not committed, not pushed), Priya is answered on "
             "the rollback test and SHIP-430; the apply_async handling is not written.",
             must=(("47 passed", "47 tests", "tests pass"),
                   ("not pushed", "not committed", "not written", "uncommitted")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the outbox is built.",
             stale_means="Says purchase_label retries ShipmentNotFound."),
)  # fmt: skip

PRODUCTION = None
