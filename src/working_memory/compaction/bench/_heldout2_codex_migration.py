"""Held out, second set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex: a failing Alembic downgrade; CASCADE
considered and rejected, the final design drops the dependents in order; a repro script created
then deleted; a test error whose fix was the test database port, not the re-run; the user forbids
staging; a review about the legacy constraint name; that fix patched but untested."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/billing")
s.user(
    "Rolling back migration 0042_add_tenant_id fails: `alembic downgrade 0041` errors out. "
    "Fix the downgrade in migrations/versions/0042_add_tenant_id.py so the rollback works. "
    "We need it before release 3.8.0 on Thursday."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read migration 0042", "status": "in_progress"},
        {"step": "Reproduce the downgrade failure locally", "status": "pending"},
        {"step": "Fix downgrade()", "status": "pending"},
        {"step": "Add a round-trip migration test", "status": "pending"},
    ],
)
s.call(
    "shell",
    'revision = "0042"\ndown_revision = "0041"\n\ndef upgrade():\n'
    '    op.add_column("invoices", sa.Column("tenant_id", sa.Integer(), nullable=True))\n'
    '    op.create_index("ix_invoices_tenant_id", "invoices", ["tenant_id"])\n'
    '    op.create_foreign_key("fk_invoices_tenant", "invoices", "tenants", ["tenant_id"], ["id"])\n'
    '    op.execute("CREATE VIEW invoice_summary_v AS SELECT tenant_id, sum(total) FROM invoices '
    'GROUP BY tenant_id")\n\ndef downgrade():\n    op.drop_column("invoices", "tenant_id")\n'
    '    op.drop_index("ix_invoices_tenant_id")\n',
    command=["bash", "-lc", "cat migrations/versions/0042_add_tenant_id.py"],
)
s.say(
    "downgrade() drops the column first, while the index, the foreign key fk_invoices_tenant "
    "and the view invoice_summary_v still depend on it. I'll reproduce it against staging with "
    "`alembic -x env=staging downgrade 0041` to see the exact error."
)
s.user(
    "No. Never run migrations against staging from your shell, other teams share it. Use the "
    "local docker Postgres: `make db-up` starts it on port 5433."
)
s.call(
    "shell",
    "Creating billing-db-1 ... done\npostgres listening on 0.0.0.0:5433",
    command=["bash", "-lc", "make db-up"],
)
s.call(
    "shell",
    "INFO  [alembic.runtime.migration] Running downgrade 0042 -> 0041\n"
    "sqlalchemy.exc.InternalError: (psycopg2.errors.DependentObjectsStillExist) cannot drop "
    "column tenant_id of table invoices because other objects depend on it\n"
    "DETAIL:  view invoice_summary_v depends on column tenant_id of table invoices\n"
    "HINT:  Use DROP ... CASCADE to drop the dependent objects too.",
    command=[
        "bash",
        "-lc",
        "DATABASE_URL=postgresql://billing@localhost:5433/billing alembic upgrade 0042 && "
        "DATABASE_URL=postgresql://billing@localhost:5433/billing alembic downgrade 0041",
    ],
)
s.say(
    "Reproduced: DependentObjectsStillExist. The hint suggests DROP COLUMN ... CASCADE. I "
    "considered it, but CASCADE drops whatever depends on the column without naming it; if "
    "someone later builds another view on tenant_id, a rollback would silently delete it. "
    "Rejected. Final design: downgrade() undoes upgrade() in reverse order, explicitly: drop the "
    "view invoice_summary_v, then the foreign key fk_invoices_tenant, then the index "
    "ix_invoices_tenant_id, then the column."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM migrations/versions/0042_add_tenant_id.py",
    input="*** Begin Patch\n*** Update File: migrations/versions/0042_add_tenant_id.py\n@@\n"
    ' def downgrade():\n-    op.drop_column("invoices", "tenant_id")\n'
    '-    op.drop_index("ix_invoices_tenant_id")\n'
    '+    op.execute("DROP VIEW invoice_summary_v")\n'
    '+    op.drop_constraint("fk_invoices_tenant", "invoices", type_="foreignkey")\n'
    '+    op.drop_index("ix_invoices_tenant_id", table_name="invoices")\n'
    '+    op.drop_column("invoices", "tenant_id")\n*** End Patch',
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA scripts/repro_downgrade.sh",
    input="*** Begin Patch\n*** Add File: scripts/repro_downgrade.sh\n+#!/bin/sh\n+set -e\n"
    "+export DATABASE_URL=postgresql://billing@localhost:5433/billing\n"
    "+for i in 1 2 3; do alembic upgrade 0042; alembic downgrade 0041; done\n*** End Patch",
)
s.call(
    "shell",
    "INFO  [alembic.runtime.migration] Running upgrade 0041 -> 0042\n"
    "INFO  [alembic.runtime.migration] Running downgrade 0042 -> 0041\n"
    "(3 round trips, exit 0)",
    command=["bash", "-lc", "sh scripts/repro_downgrade.sh"],
)
s.say(
    "The downgrade now works locally, three round trips clean. A shell script is not a test, so "
    "I'm turning it into tests/migrations/test_roundtrip.py that upgrades to head, downgrades to "
    "0041 and upgrades again."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tests/migrations/test_roundtrip.py",
    input="*** Begin Patch\n*** Add File: tests/migrations/test_roundtrip.py\n"
    "+def test_0042_round_trip(alembic_runner):\n+    alembic_runner.migrate_up_to('0042')\n"
    "+    alembic_runner.migrate_down_to('0041')\n+    alembic_runner.migrate_up_to('head')\n"
    "*** End Patch",
)
s.call(
    "shell",
    "E   sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "
    '"localhost" (127.0.0.1), port 5432 failed: Connection refused\n'
    "ERROR tests/migrations/test_roundtrip.py::test_0042_round_trip - OperationalError\n"
    "1 error in 0.41s",
    command=["bash", "-lc", "pytest tests/migrations/test_roundtrip.py -q"],
)
s.call(
    "shell",
    'TEST_DATABASE_URL = os.environ.get(\n    "TEST_DATABASE_URL", '
    '"postgresql://billing@localhost:5432/billing_test"\n)\n',
    command=["bash", "-lc", "grep -n -A2 TEST_DATABASE_URL tests/conftest.py"],
)
s.say(
    "The test fixtures default to port 5432, but the docker database from `make db-up` listens "
    "on 5433, so the connection is refused. Changing the default in tests/conftest.py to 5433 "
    "(the port docker-compose.yml publishes)."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tests/conftest.py",
    input="*** Begin Patch\n*** Update File: tests/conftest.py\n@@\n"
    '-    "TEST_DATABASE_URL", "postgresql://billing@localhost:5432/billing_test"\n'
    '+    "TEST_DATABASE_URL", "postgresql://billing@localhost:5433/billing_test"\n*** End Patch',
)
s.call(
    "shell",
    ".\n1 passed in 1.87s",
    command=["bash", "-lc", "pytest tests/migrations/test_roundtrip.py -q"],
)
s.call(
    "shell",
    "",
    command=["bash", "-lc", "rm scripts/repro_downgrade.sh"],
)
s.say("Removed scripts/repro_downgrade.sh; the round-trip test covers it.")
s.call(
    "shell",
    "...........................................................\n59 passed in 12.40s",
    command=["bash", "-lc", "pytest tests/migrations -q"],
)
s.user(
    "Review from Marek: databases migrated before 3.6 got the foreign key from an older "
    "migration under Postgres's default name invoices_tenant_id_fkey, not fk_invoices_tenant. "
    "On those (eu-prod-2 is one) drop_constraint('fk_invoices_tenant') fails with "
    "UndefinedObject. Drop whichever exists: DROP CONSTRAINT IF EXISTS for both names."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read migration 0042", "status": "completed"},
        {"step": "Reproduce the downgrade failure locally", "status": "completed"},
        {"step": "Fix downgrade()", "status": "completed"},
        {"step": "Add a round-trip migration test", "status": "completed"},
        {"step": "Drop both FK names with IF EXISTS (Marek)", "status": "in_progress"},
        {"step": "Test the legacy constraint name, run tests/migrations", "status": "pending"},
        {"step": "Commit", "status": "pending"},
    ],
)
s.say("Now I'll patch the downgrade to drop both constraint names with IF EXISTS.")
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM migrations/versions/0042_add_tenant_id.py",
    input="*** Begin Patch\n*** Update File: migrations/versions/0042_add_tenant_id.py\n@@\n"
    '-    op.drop_constraint("fk_invoices_tenant", "invoices", type_="foreignkey")\n'
    '+    op.execute("ALTER TABLE invoices DROP CONSTRAINT IF EXISTS fk_invoices_tenant")\n'
    '+    op.execute("ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_tenant_id_fkey")\n'
    "*** End Patch",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Fix the downgrade of migration 0042_add_tenant_id so `alembic downgrade 0041` "
             "works, before release 3.8.0.",
             must=(("downgrade", "rollback", "roll back"), ("0042", "migration")),
             wrong="Adding tenant_id, or running the migration forward."),
    Question("latest_request", "What did the user last ask?",
             "Marek's review: on databases migrated before 3.6 the FK is named "
             "invoices_tenant_id_fkey; drop both names with DROP CONSTRAINT IF EXISTS.",
             must=(("invoices_tenant_id_fkey", "if exists", "both names"),
                   ("constraint", "foreign key", "fk")),
             partial_means="Mentions the review without the second constraint name or IF EXISTS.",
             stale_means="The user's first request (fix the downgrade) given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Test the IF EXISTS downgrade against the legacy constraint name "
             "invoices_tenant_id_fkey, run tests/migrations, then commit.",
             must=(("test", "pytest"), ("invoices_tenant_id_fkey", "legacy", "if exists",
                                                 "both")),
             stale=("patch the downgrade to drop both",),
             stale_means="Says to patch the downgrade for both names: the last patch already did.",
             wrong="Reproducing on staging; fixing the column order (done)."),
    Question("files_edited", "Which files were changed, and why?",
             "migrations/versions/0042_add_tenant_id.py (downgrade in reverse order, then IF "
             "EXISTS for both FK names); tests/migrations/test_roundtrip.py (new round-trip "
             "test); tests/conftest.py (test DB port 5433). scripts/repro_downgrade.sh was "
             "created and then deleted.",
             must=(("0042_add_tenant_id.py",), ("test_roundtrip.py",), ("conftest.py",)),
             stale=("repro_downgrade.sh",), spread=True,
             stale_means="Lists scripts/repro_downgrade.sh as an existing or created file."),
    Question("decisions", "What was decided, and what does it rule out?",
             "downgrade() drops the view, the FK, the index, then the column, explicitly in "
             "reverse order; DROP COLUMN ... CASCADE was rejected (it would silently drop "
             "unknown dependents).",
             must=(("cascade",), ("reverse order", "view", "explicit")),
             partial_means="The final order without saying CASCADE was rejected, or the reverse.",
             stale_means="CASCADE stated as the fix."),
    Question("review", "What did the review find?",
             "Marek: pre-3.6 databases (eu-prod-2) have the FK as invoices_tenant_id_fkey, so "
             "dropping fk_invoices_tenant fails with UndefinedObject.",
             must=(("invoices_tenant_id_fkey",), ("3.6", "eu-prod-2", "undefinedobject",
                                                  "older", "legacy"))),
    Question("corrections", "How did the user correct the agent?",
             "Never run migrations against staging; use the local docker Postgres "
             "(`make db-up`, port 5433).",
             must=(("staging",), ("docker", "local", "5433", "make db-up"))),
    Question("errors", "Which errors occurred, and what fixed each?",
             "DependentObjectsStillExist on downgrade (view depends on tenant_id): fixed by "
             "dropping dependents first in reverse order. OperationalError connection refused "
             "on port 5432 in the test: fixed by the tests/conftest.py default port 5433.",
             must=(("dependentobjectsstillexist", "depend"), ("connection refused", "5432",
                                                              "operationalerror"),
                   ("conftest", "5433")),
             stale=("fixed by running pytest", "fixed by re-running", "fixed by rerunning"),
             partial_means="One of the two errors with its fix.",
             stale_means="An error 'fixed' by the command that re-ran the tests."),
    Question("key_values", "Which key values matter?",
             "Revisions 0042 -> 0041; release 3.8.0; docker Postgres port 5433 (not 5432); "
             "constraint names fk_invoices_tenant and invoices_tenant_id_fkey; 59 migration "
             "tests passed.",
             must=(("5433",), ("3.8.0",), ("fk_invoices_tenant", "invoices_tenant_id_fkey")),
             spread=True),
    Question("file_roles", "What is each file for?",
             "0042_add_tenant_id.py adds tenant_id with index, FK and view (and undoes them); "
             "tests/conftest.py holds TEST_DATABASE_URL; test_roundtrip.py tests up/down/up.",
             must=(("conftest.py",), ("test_database_url", "test database", "database url",
                                      "port"))),
    Question("pending", "What work is still pending?",
             "Test the IF EXISTS change (legacy FK name), rerun tests/migrations, commit.",
             must=(("commit",), ("test", "pytest")),
             cue=("pending", "remaining", "todo", "to do", "next", "still", "not yet", "left",
                  "need", "then", "untested", "uncommitted")),
    Question("state", "What is the state of the work?",
             "Reordered downgrade works, round-trip test and 59 migration tests pass; the IF "
             "EXISTS patch for both FK names is applied but untested and nothing is committed.",
             must=(("if exists", "both", "invoices_tenant_id_fkey"),
                   ("untested", "not tested", "not yet", "uncommitted", "not committed")),
             stale_means="Says all tests pass after the last patch (they were not run)."),
)  # fmt: skip

PRODUCTION = """Summary so far: the task is fixing the downgrade of migrations/versions/0042_add_tenant_id.py so `alembic downgrade 0041` works before release 3.8.0. It failed with DependentObjectsStillExist (view invoice_summary_v depends on column tenant_id) because downgrade() dropped the column first.
Decision: downgrade() now undoes upgrade() explicitly in reverse order (drop view invoice_summary_v, FK fk_invoices_tenant, index ix_invoices_tenant_id, then the column). DROP COLUMN ... CASCADE was rejected: it would silently drop unknown dependents.
The user said never run migrations against staging; use the local docker Postgres (`make db-up`, port 5433).
Files: tests/migrations/test_roundtrip.py added (upgrade 0042, down to 0041, up to head). tests/conftest.py changed: the TEST_DATABASE_URL default port 5432 -> 5433. scripts/repro_downgrade.sh was a scratch repro, created then deleted.
Error: the round-trip test failed with OperationalError, connection refused on port 5432; fixed by the conftest.py default port 5433 (the docker port). Then 1 passed and tests/migrations 59 passed.
Latest request, Marek's review: databases migrated before 3.6 (eu-prod-2) have the FK under Postgres's default name invoices_tenant_id_fkey, so dropping fk_invoices_tenant fails with UndefinedObject; drop both names with DROP CONSTRAINT IF EXISTS.
Current state: the IF EXISTS patch for both FK names is applied to 0042 but untested and nothing is committed.
Next: test the downgrade against the legacy invoices_tenant_id_fkey name, run tests/migrations, then commit."""
