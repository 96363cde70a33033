"""The sixteenth held-out set: four spans written by four authors who never ran the handoff on
them, while its round 2 was tuned on the fifteenth (a Claude Code span with a brief production
compaction, one with Claude Code's sectioned one, an OpenAI-chat span, a Codex span); the status
words their answers use ("not pushed", "not written"), a careless handoff of each, a reader's
handoff of the chat span (which has no production summary), the span whose last words name the
right next step (Codex) and the span whose last words name none (the chat one). The checks every
set passes are in `test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted or reverted file as a change, the re-run as
# the fix, and a step already done as the next step.
_STALE = {
    "heldout16-claude-smoothdrive": (
        "Decision: a ParamLock<float> (a std::mutex guard) holds the Drive target; processBlock "
        "reads it with try_lock and ramps the gain across each block.\n"
        "Files: PluginProcessor.h; Source/ParamLock.h added for the lock.\n"
        "Error: render_ramp kept reporting a 0.412 click on every block edge because it linked "
        "a stale build of the shared code; fixed by rm -rf build and a clean configure.\n"
        "Next: move driveGain.getNextValue() out of the channel loop."
    ),
    "heldout16-chat-aftercommit": (
        "Decision: purchase_label retries ShipmentNotFound through a RetryOnMissingRowTask "
        "base class with autoretry_for and retry_backoff.\n"
        "Files: labels.py; app/tasks/base.py added for the retry base class.\n"
        "Error: test_label_task_sent_after_commit saw no task sent because of a stale test "
        "database; fixed by recreating postgres-test with docker compose and a re-run.\n"
        "Next: switch returns.py to enqueue_after_commit."
    ),
    "heldout16-claude-sessiondupes": (
        "Decision: a fct_sessions_deduped view on top of fct_sessions keeps the latest row per "
        "session_id; point the exposures at it.\n"
        "Files: fct_sessions.sql; models/marts/fct_sessions_deduped.sql added for the "
        "deduplicated view.\n"
        "Error: dbt build failed with UPDATE/MERGE must match at most one source row, because "
        "the dev table was full of duplicate session_ids; fixed by a full refresh and a "
        "re-run.\n"
        "Next: switch the unique test on session_id in models/marts/schema.yml to severity: "
        "error."
    ),
    "heldout16-codex-staticinit": (
        "Decision: give the codec map __attribute__((init_priority(101))) in its own "
        "translation unit, so it is constructed before the codec registrars.\n"
        "Files: src/codec/registry.cpp; src/codec/registry_storage.cpp added for the map.\n"
        "Error: the asan preset reported a heap-use-after-free in unregister_codec from stale "
        "objects in the ccache; fixed by ccache -C and a clean rebuild of build/asan.\n"
        "Next: move the map in src/filter/registry.cpp behind a function as well, for "
        "PIX_REGISTER_FILTER."
    ),
}

# A reader's handoff of the span, written from the span: the questions are answerable by a
# careful summary of about 300 words.
_READER_CHAT = """Task: SHIP-412: about 3% of new shipments never get a label and stay in pending_label: the purchase_label Celery task raises ShipmentNotFound because create_shipment sent it after db.flush(), before get_db committed.
Latest request, Priya's review of PR #588 with the user's answers: move returns.py to the helper; say the rollback test exists; a message lost while RabbitMQ is down is the outbox, SHIP-430, not now; catch an apply_async failure in the hook, log it with logger.exception, keep the 201, add a test.
Decision: tasks are sent only after the commit, by enqueue_after_commit(db, task, *args) in app/db.py on the session's after_commit event. This rules out retrying ShipmentNotFound with a RetryOnMissingRowTask base class (autoretry_for).
The user's correction: no retries, they hide the race; send the task after the commit instead.
Files changed: app/db.py (the helper); app/api/shipments.py (create_shipment uses it); tests/api/test_shipments.py; tests/conftest.py (override_get_db commits like get_db); app/api/returns.py. app/tasks/base.py was created and deleted; labels.py checked out again.
Errors: ShipmentNotFound (17 of 500 in the smoke run), fixed by enqueue_after_commit. test_label_task_sent_after_commit saw no task sent; recreating postgres-test did not help; override_get_db never committed, so after_commit never fired; fixed by committing in override_get_db.
Review (Priya): returns.py has the same bug (done); a rollback test? (answered: test_no_task_when_request_rolls_back); a message is lost if RabbitMQ is down (SHIP-430); an apply_async failure in after_commit gives a 500 for a created shipment (open).
Values: 17 of 500 stuck before, 0 after; 47 tests; PR #588; SHIP-412, SHIP-430.
Roles: app/api/shipments.py has create_shipment; app/tasks/labels.py the purchase_label task; tests/conftest.py the test fixtures; scripts/smoke_shipments.py posts 500 shipments locally.
State: PR #588 is open; all 47 tests pass; the returns.py change is not committed, not pushed; the apply_async handling is not written.
Next step: in enqueue_after_commit (app/db.py), catch an apply_async failure in the hook and log it with logger.exception so the create keeps its 201; add a test; run pytest; then push it with returns.py to #588.
Pending: that handling with its test, the push to #588; the outbox later in SHIP-430."""

# The spans whose last words name the right next step, and those whose last words only report
# what was done; the other two end on a stale step.
LAST_STEP_RIGHT = frozenset({"heldout16-codex-staticinit"})
LAST_STEP_NONE = frozenset({"heldout16-chat-aftercommit"})

HELDOUT16 = HeldoutSet(
    prefix="heldout16-",
    shapes={
        "heldout16-claude-smoothdrive": "claude-code",
        "heldout16-chat-aftercommit": "openai-chat",
        "heldout16-claude-sessiondupes": "claude-code",
        "heldout16-codex-staticinit": "codex",
    },
    status=STATUS | {"not pushed", "not written"},
    production={
        # a brief Claude Code compaction, Claude Code's sectioned one, and Codex's "Summary so far"
        "heldout16-claude-smoothdrive": Production(words=(80, 130)),
        "heldout16-claude-sessiondupes": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        "heldout16-codex-staticinit": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout16-chat-aftercommit": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
