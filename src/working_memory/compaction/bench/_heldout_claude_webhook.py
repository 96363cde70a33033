"""Held out: written on 2026-12-02, after the offline handoff was last tuned, by an author who
never ran the handoff (or any summariser) on it. Claude Code: idempotent Stripe webhooks; a
Redis design the user rejects for a Postgres table, a design note written then deleted, an
ON CONFLICT error fixed in the migration (not by the test run after it), a 409 the user
corrects to 200, a subagent's review that the credit is outside the transaction, and the
transaction change written last, untested and uncommitted."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/dana/relay-api"
)
s.user(
    "Stripe is retrying webhooks and we're double-crediting accounts (incident INC-2291). Make "
    "the webhook handler in src/webhooks/stripe.ts idempotent so the same event id is only "
    "processed once. Tests are jest, `npm test`."
)
s.call(
    "Read",
    "     1→import { Request, Response } from 'express';\n"
    "     2→import { stripe } from '../stripe/client';\n"
    "     3→import { db } from '../db/pool';\n"
    "     4→import { creditAccount } from '../billing/credit';\n     5→\n"
    "     6→export async function handleStripeEvent(req: Request, res: Response) {\n"
    "     7→  const sig = req.headers['stripe-signature'] as string;\n"
    "     8→  const event = stripe.webhooks.constructEvent(req.body, sig, process.env.STRIPE_WEBHOOK_SECRET!);\n"
    "     9→  switch (event.type) {\n"
    "    10→    case 'invoice.paid': {\n"
    "    11→      const invoice = event.data.object;\n"
    "    12→      await creditAccount(db, invoice.customer as string, invoice.amount_paid);\n"
    "    13→      break;\n    14→    }\n    15→  }\n"
    "    16→  return res.sendStatus(200);\n    17→}\n",
    file_path="/home/dana/relay-api/src/webhooks/stripe.ts",
)
s.call(
    "Grep",
    "src/cache/redis.ts:3:export const redis = new Redis(process.env.REDIS_URL!);\n"
    "src/sessions/store.ts:8:import { redis } from '../cache/redis';",
    pattern="redis",
    path="/home/dana/relay-api/src",
    output_mode="content",
)
s.say(
    "Plan: before handling an event, record its id in Redis with `SET evt:<id> 1 NX EX 259200` "
    "(72 hours, Stripe retries for up to 3 days). If the SET returns null the event was already "
    "processed and the handler returns early. I'll write the design down first."
)
s.call(
    "Write",
    "File created successfully at: /home/dana/relay-api/docs/design/webhook-idempotency.md",
    file_path="/home/dana/relay-api/docs/design/webhook-idempotency.md",
    content="# Webhook idempotency\n\nSET evt:<id> NX EX 259200 in Redis before processing; "
    "a null reply means the event was seen.\n",
)
s.call(
    "TodoWrite",
    "Todos have been modified successfully. Ensure that you continue to use the todo list to "
    "track your progress.",
    todos=[
        {"content": "Dedupe Stripe events by id in Redis", "status": "in_progress"},
        {"content": "Test a redelivered invoice.paid", "status": "pending"},
    ],
)
s.user(
    "No, not Redis. That's the cache cluster, it runs allkeys-lru and evicts under memory "
    "pressure, and it can't be in the same transaction as the credit. Use Postgres: a "
    "processed_events table keyed by the event id, written in the same transaction as the "
    "credit. And delete that design doc, we keep design notes in Linear, not the repo."
)
s.call(
    "Bash",
    "",
    "Understood: a Postgres table instead of Redis, and no design doc in the repo.",
    command="rm docs/design/webhook-idempotency.md && rmdir docs/design",
    description="Delete the design note",
)
s.call(
    "Glob",
    "/home/dana/relay-api/migrations/0040_accounts_balance_index.sql\n"
    "/home/dana/relay-api/migrations/0041_invoice_status.sql",
    pattern="migrations/*.sql",
)
s.call(
    "Write",
    "File created successfully at: /home/dana/relay-api/migrations/0042_processed_events.sql",
    file_path="/home/dana/relay-api/migrations/0042_processed_events.sql",
    content="CREATE TABLE processed_events (\n  event_id text NOT NULL,\n"
    "  event_type text NOT NULL,\n  processed_at timestamptz NOT NULL DEFAULT now()\n);\n"
    "CREATE INDEX processed_events_event_id_idx ON processed_events (event_id);\n",
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/src/webhooks/stripe.ts has been updated.",
    file_path="/home/dana/relay-api/src/webhooks/stripe.ts",
    old_string="  switch (event.type) {\n",
    new_string="  const seen = await db.query(\n"
    "    'INSERT INTO processed_events (event_id, event_type) VALUES ($1, $2) '\n"
    "      + 'ON CONFLICT (event_id) DO NOTHING RETURNING event_id',\n"
    "    [event.id, event.type],\n  );\n"
    "  if (seen.rowCount === 0) {\n"
    "    return res.status(409).json({ error: 'duplicate event' });\n  }\n"
    "  switch (event.type) {\n",
)
s.call(
    "Bash",
    "> relay-api@3.8.1 test\n> jest src/webhooks\n\n"
    " FAIL  src/webhooks/stripe.test.ts\n"
    "  ● handleStripeEvent › credits the account once for invoice.paid\n\n"
    "    error: there is no unique or exclusion constraint matching the ON CONFLICT "
    "specification\n\n      at Parser.parseErrorMessage (node_modules/pg-protocol/dist/parser.js:287:98)\n\n"
    "Tests:       1 failed, 86 passed, 87 total\n",
    command="npm test -- src/webhooks",
    description="Run the webhook tests",
)
s.say(
    "ON CONFLICT (event_id) needs a unique constraint or unique index on event_id, and the "
    "migration only created a plain index. Making event_id the primary key instead of the "
    "extra index."
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/migrations/0042_processed_events.sql has been updated.",
    file_path="/home/dana/relay-api/migrations/0042_processed_events.sql",
    old_string="  event_id text NOT NULL,\n",
    new_string="  event_id text PRIMARY KEY,\n",
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/migrations/0042_processed_events.sql has been updated.",
    file_path="/home/dana/relay-api/migrations/0042_processed_events.sql",
    old_string="CREATE INDEX processed_events_event_id_idx ON processed_events (event_id);\n",
    new_string="",
)
s.call(
    "Bash",
    "> relay-api@3.8.1 db:test:reset\n> dbmate --url postgres://relay:relay@localhost:5433/relay_test drop && dbmate up\n\n"
    "Dropped database relay_test\nApplied 0042_processed_events.sql\n",
    command="npm run db:test:reset",
    description="Recreate the test database (Postgres on port 5433) with the new migration",
)
s.call(
    "Bash",
    "> relay-api@3.8.1 test\n> jest src/webhooks\n\n PASS  src/webhooks/stripe.test.ts\n\n"
    "Tests:       87 passed, 87 total\n",
    command="npm test -- src/webhooks",
    description="Run the webhook tests",
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/src/webhooks/stripe.test.ts has been updated.",
    "Adding a test that a redelivered event credits the account only once.",
    file_path="/home/dana/relay-api/src/webhooks/stripe.test.ts",
    old_string="describe('handleStripeEvent', () => {\n",
    new_string="describe('handleStripeEvent', () => {\n"
    "  it('credits once when Stripe redelivers evt_1PqX9Z', async () => {\n"
    "    await post(invoicePaid('evt_1PqX9Z', 5000));\n"
    "    const again = await post(invoicePaid('evt_1PqX9Z', 5000));\n"
    "    expect(again.status).toBe(409);\n"
    "    expect(await balance('cus_Q4r2')).toBe(5000);\n  });\n",
)
s.call(
    "Bash",
    " PASS  src/webhooks/stripe.test.ts\n\nTests:       88 passed, 88 total\n",
    command="npm test -- src/webhooks",
    description="Run the webhook tests",
)
s.user(
    "Don't return 409 for a duplicate. Stripe treats any non-2xx as a failed delivery and keeps "
    "retrying for three days, which is exactly what we're trying to stop. A duplicate gets a "
    "plain 200."
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/src/webhooks/stripe.ts has been updated.",
    file_path="/home/dana/relay-api/src/webhooks/stripe.ts",
    old_string="    return res.status(409).json({ error: 'duplicate event' });\n",
    new_string="    return res.sendStatus(200);\n",
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/src/webhooks/stripe.test.ts has been updated.",
    file_path="/home/dana/relay-api/src/webhooks/stripe.test.ts",
    old_string="    expect(again.status).toBe(409);\n",
    new_string="    expect(again.status).toBe(200);\n",
)
s.call(
    "Bash",
    " PASS  src/webhooks/stripe.test.ts\n\nTests:       88 passed, 88 total\n",
    command="npm test -- src/webhooks",
    description="Run the webhook tests",
)
s.call(
    "Task",
    "Review of src/webhooks/stripe.ts:\n\n1. HIGH: the processed_events INSERT and "
    "creditAccount(db, ...) each run on the pool (`db.query`), so they are separate "
    "transactions. If creditAccount throws after the INSERT has committed, the event is marked "
    "processed but the account is never credited, and Stripe's retry now gets a 200 duplicate: "
    "the credit is lost. Run both through one transaction: src/db/tx.ts exports "
    "withTransaction(pool, fn) which passes a client to fn and rolls back if fn throws.\n"
    "2. LOW: constructEvent throws on a bad signature and the error surfaces as a 500; a 400 "
    "would be clearer in the Stripe dashboard.",
    "Asking a subagent to review the handler before going further.",
    description="Review the idempotent webhook handler",
    prompt="Review src/webhooks/stripe.ts and migrations/0042_processed_events.sql for "
    "correctness of the idempotency logic under failures and retries.",
    subagent_type="code-reviewer",
)
s.user(
    "Good catch on the transaction, fix that. Leave the 400 thing for a separate PR. Also add a "
    "counter webhook_duplicate_events_total to src/metrics.ts so we can see how often Stripe "
    "redelivers. Don't commit yet, I want to look at the diff first."
)
s.call(
    "TodoWrite",
    "Todos have been modified successfully. Ensure that you continue to use the todo list to "
    "track your progress.",
    todos=[
        {"content": "processed_events table (migration 0042)", "status": "completed"},
        {"content": "Duplicate returns 200", "status": "completed"},
        {
            "content": "INSERT and creditAccount in one withTransaction",
            "status": "in_progress",
        },
        {
            "content": "Test: a failing credit rolls back the processed_events row",
            "status": "pending",
        },
        {
            "content": "Counter webhook_duplicate_events_total in src/metrics.ts",
            "status": "pending",
        },
    ],
)
s.call(
    "Read",
    "     1→import { Pool, PoolClient } from 'pg';\n     2→\n"
    "     3→export async function withTransaction<T>(pool: Pool, fn: (tx: PoolClient) => "
    "Promise<T>): Promise<T> {\n"
    "     4→  const tx = await pool.connect();\n"
    "     5→  try {\n     6→    await tx.query('BEGIN');\n"
    "     7→    const out = await fn(tx);\n     8→    await tx.query('COMMIT');\n"
    "     9→    return out;\n    10→  } catch (e) {\n    11→    await tx.query('ROLLBACK');\n"
    "    12→    throw e;\n    13→  } finally {\n    14→    tx.release();\n    15→  }\n    16→}\n",
    file_path="/home/dana/relay-api/src/db/tx.ts",
)
s.call(
    "Read",
    "     1→import { Counter } from 'prom-client';\n     2→\n"
    "     3→export const webhookEventsReceived = new Counter({\n"
    "     4→  name: 'webhook_events_received_total',\n"
    "     5→  help: 'Stripe webhook events received',\n     6→  labelNames: ['type'],\n     7→});\n",
    file_path="/home/dana/relay-api/src/metrics.ts",
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/src/webhooks/stripe.ts has been updated.",
    "Moving the INSERT and the credit into one withTransaction so a failed credit rolls back "
    "the processed_events row.",
    file_path="/home/dana/relay-api/src/webhooks/stripe.ts",
    old_string="  const seen = await db.query(\n",
    new_string="  const duplicate = await withTransaction(db, async (tx) => {\n"
    "  const seen = await tx.query(\n",
)
s.call(
    "Edit",
    "The file /home/dana/relay-api/src/webhooks/stripe.ts has been updated.",
    file_path="/home/dana/relay-api/src/webhooks/stripe.ts",
    old_string="      await creditAccount(db, invoice.customer as string, invoice.amount_paid);\n",
    new_string="      await creditAccount(tx, invoice.customer as string, invoice.amount_paid);\n",
)
s.say(
    "The handler now does the INSERT and creditAccount on the same tx inside withTransaction, "
    "and returns 200 early when `duplicate` is true. Let me check how the existing tests set up "
    "the database so I can make creditAccount fail inside the transaction:"
)
s.call(
    "Read",
    "     1→import { db } from '../db/pool';\n"
    "     2→import { post, invoicePaid, balance } from '../../test/helpers';\n     3→\n"
    "     4→beforeEach(async () => {\n"
    "     5→  await db.query('TRUNCATE accounts, processed_events');\n"
    "     6→  await db.query(\"INSERT INTO accounts (customer_id, balance) VALUES ('cus_Q4r2', 0)\");\n"
    "     7→});\n",
    file_path="/home/dana/relay-api/src/webhooks/stripe.test.ts",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Make the Stripe webhook handler (src/webhooks/stripe.ts) idempotent so an event id "
             "is processed only once; Stripe retries were double-crediting accounts (INC-2291).",
             must=(("idempoten", "only once", "processed once", "double-credit", "duplicate"),
                   ("webhook", "stripe")),
             partial_means="Webhooks without the once-per-event-id goal.",
             wrong="Another task (e.g. retrying Stripe calls).",
             stale_means=""),
    Question("latest_request", "What did the user last ask?",
             "Fix the review's transaction finding (INSERT and credit in one transaction), add a "
             "webhook_duplicate_events_total counter in src/metrics.ts; leave the 400 for another "
             "PR; don't commit yet.",
             must=(("transaction",), ("webhook_duplicate_events_total", "counter", "metric")),
             partial_means="Either the transaction fix or the counter, not both.",
             wrong="The original idempotency request, or the 200-for-duplicates correction.",
             stale_means="Says the user asked to return 409 or to use Redis."),
    Question("next_step", "What exactly is the next step?",
             "Add a test where creditAccount fails inside the transaction and check the "
             "processed_events row is rolled back, and run npm test: the withTransaction change "
             "is written but untested.",
             must=(("roll back", "rolled back", "rolls back", "rollback", "npm test", "verify",
                    "run the tests", "run the webhook tests"),
                   ("transaction", "withtransaction")),
             stale=("check how the existing tests set up",),
             partial_means="Says to test the handler without saying it is the transaction "
                           "change that needs testing.",
             wrong="Adding the counter first, or committing.",
             stale_means="Reading the test setup (already read), or writing the migration."),
    Question("files_edited", "Which files were changed, and why?",
             "src/webhooks/stripe.ts (processed_events INSERT ... ON CONFLICT, 200 for "
             "duplicates, withTransaction); migrations/0042_processed_events.sql (created, "
             "event_id PRIMARY KEY); src/webhooks/stripe.test.ts (redelivery test); "
             "docs/design/webhook-idempotency.md created then deleted.",
             must=(("stripe.ts",), ("0042_processed_events", "0042"), ("stripe.test.ts",)),
             stale=("webhook-idempotency.md",), spread=True,
             partial_means="Two of the three kept files.",
             wrong="Files never touched (src/cache/redis.ts, src/metrics.ts as edited).",
             stale_means="The design note listed as an existing file."),
    Question("decisions", "What was decided, and what does it rule out?",
             "A Postgres processed_events table keyed by event id (INSERT ... ON CONFLICT DO "
             "NOTHING) in the same transaction as the credit; rules out Redis SET NX (the cache "
             "cluster evicts allkeys-lru and is not transactional with the credit).",
             must=(("processed_events", "postgres"), ("redis",)),
             stale=("set evt:", "nx ex 259200"),
             partial_means="The Postgres table without what it rules out.",
             wrong="Any other store or approach.",
             stale_means="Redis SET NX stated as the design."),
    Question("review", "What did the review find?",
             "The processed_events INSERT and creditAccount run as separate transactions on the "
             "pool, so a credit that throws after the INSERT committed leaves the event marked "
             "processed and the credit lost; use withTransaction. Also (low) a bad signature "
             "gives 500, not 400, left for another PR.",
             must=(("transaction",), ("creditaccount", "credit"),
                   ("separate", "lost", "never credited", "marked processed", "one transaction",
                    "same transaction", "withtransaction")),
             partial_means="The transaction problem without what it breaks.",
             wrong="Only the 400/500 finding.",
             stale_means=""),
    Question("corrections", "How did the user correct the agent?",
             "Not Redis (cache cluster, allkeys-lru, not transactional) but a Postgres "
             "processed_events table; no design doc in the repo; a duplicate gets a plain 200, "
             "not 409 (Stripe retries any non-2xx).",
             must=(("redis", "postgres"), ("409", "non-2xx")), spread=True,
             partial_means="One of the two corrections.",
             wrong="Corrections the user never made.",
             stale_means="409 stated as the duplicate response."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "'there is no unique or exclusion constraint matching the ON CONFLICT "
             "specification' (the migration had only a plain index); fixed by making event_id "
             "the PRIMARY KEY in migration 0042 and resetting the test database.",
             must=(("on conflict", "exclusion constraint"),
                   ("primary key", "unique constraint", "unique index")),
             stale=("fixed by: $ npm test", "fixed by npm test", "fixed by running npm test",
                    "fixed by: npm test"),
             partial_means="The error without the PRIMARY KEY fix.",
             wrong="An error that never happened.",
             stale_means="The error 'fixed by' re-running npm test."),
    Question("key_values", "Which key values matter?",
             "Test Postgres on localhost:5433 (relay_test); migration 0042; 88 tests pass; "
             "incident INC-2291; test event evt_1PqX9Z, customer cus_Q4r2.",
             must=(("5433",), ("0042", "88", "inc-2291")), spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span.",
             stale_means="The rejected Redis TTL 259200 stated as in use."),
    Question("file_roles", "What is each file for?",
             "src/webhooks/stripe.ts the handler (handleStripeEvent); src/db/tx.ts "
             "withTransaction(pool, fn); src/metrics.ts prom-client counters; src/billing/"
             "credit.ts creditAccount; migrations/0042 the processed_events table.",
             must=(("tx.ts",), ("withtransaction",)),
             partial_means="The handler's file but not where withTransaction lives.",
             wrong="Roles swapped between files.",
             stale_means=""),
    Question("pending", "What work is still pending?",
             "Test the withTransaction change (a failing credit rolls back); add "
             "webhook_duplicate_events_total to src/metrics.ts; show the diff, do not commit.",
             must=(("webhook_duplicate_events_total", "counter", "metric"),
                   ("test", "npm test")),
             partial_means="Only the counter or only the test.",
             wrong="Redis work, the 400 fix (deferred to another PR).",
             stale_means="The migration or the 200 response as still to do."),
    Question("state", "What is the state of the work?",
             "Idempotency through processed_events works with 200 for duplicates (88 passed "
             "before the transaction change); the handler now uses withTransaction but that is "
             "untested; the counter is not added; nothing committed.",
             must=(("withtransaction", "transaction"),
                   ("untested", "not yet tested", "not tested", "not run", "uncommitted",
                    "not committed")),
             partial_means="Says the tests pass without saying the transaction change is "
                           "untested.",
             wrong="Says everything is done or committed.",
             stale_means="Describes the Redis design or the 409 as the current state."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The user asked for idempotent Stripe webhook handling after double credits (INC-2291). I first proposed Redis SET NX with a design doc; the user rejected Redis in favour of a Postgres table in the same transaction as the credit and had the doc deleted. A migration error and a 409 response were fixed, a code-reviewer subagent found the credit runs outside the INSERT's transaction, and I was in the middle of moving both into withTransaction.

Summary:
1. Primary Request and Intent:
   Make the webhook handler in src/webhooks/stripe.ts idempotent so the same Stripe event id is processed only once (accounts were double-credited, incident INC-2291). Latest request: fix the review's transaction finding, add a counter webhook_duplicate_events_total to src/metrics.ts, leave the 400-on-bad-signature for a separate PR, and do not commit until the user has looked at the diff.

2. Key Technical Concepts:
   - Decision: dedupe in Postgres with a processed_events table keyed by event_id (INSERT ... ON CONFLICT (event_id) DO NOTHING RETURNING event_id; rowCount 0 means a duplicate), in the same transaction as the credit. Redis SET NX was rejected: the Redis instance is the cache cluster (allkeys-lru, evicts under pressure) and cannot share a transaction with the credit.
   - Stripe retries any non-2xx for up to three days, so a duplicate must get a plain 200.
   - withTransaction(pool, fn) from src/db/tx.ts: BEGIN, fn(tx), COMMIT, ROLLBACK if fn throws.
   - Tests run against Postgres on localhost:5433 (database relay_test, reset with npm run db:test:reset, dbmate).

3. Files and Code Sections:
   - src/webhooks/stripe.ts (edited): handleStripeEvent inserts into processed_events before the switch, returns res.sendStatus(200) for a duplicate, and now wraps the INSERT and creditAccount(tx, ...) in withTransaction.
   - migrations/0042_processed_events.sql (created): processed_events(event_id text PRIMARY KEY, event_type text, processed_at timestamptz default now()).
   - src/webhooks/stripe.test.ts (edited): test 'credits once when Stripe redelivers evt_1PqX9Z' expects 200 on the redelivery and a balance of 5000 for cus_Q4r2.
   - src/db/tx.ts holds withTransaction, which the handler now uses; src/metrics.ts holds the prom-client counters (webhook_events_received_total); src/billing/credit.ts holds creditAccount.
   - docs/design/webhook-idempotency.md: created for the Redis design, then deleted at the user's request (design notes live in Linear).

4. Errors and fixes:
   - Jest failed with `error: there is no unique or exclusion constraint matching the ON CONFLICT specification`: migration 0042 only had a plain index on event_id; fixed by making event_id the PRIMARY KEY (index dropped) and recreating the test database; 88 tests then passed.

5. Problem Solving:
   The code-reviewer subagent found that the processed_events INSERT and creditAccount ran as separate transactions on the pool: a credit that throws after the INSERT committed leaves the event marked processed, Stripe's retry gets a 200 duplicate and the credit is lost. It also noted (low) that a bad signature gives a 500 instead of a 400; deferred to a separate PR.

6. All user messages:
   - "Stripe is retrying webhooks and we're double-crediting accounts (incident INC-2291). Make the webhook handler in src/webhooks/stripe.ts idempotent ..."
   - "No, not Redis. That's the cache cluster ... Use Postgres: a processed_events table keyed by the event id, written in the same transaction as the credit. And delete that design doc ..."
   - "Don't return 409 for a duplicate. Stripe treats any non-2xx as a failed delivery ... A duplicate gets a plain 200."
   - "Good catch on the transaction, fix that. Leave the 400 thing for a separate PR. Also add a counter webhook_duplicate_events_total ... Don't commit yet ..."

7. Pending Tasks:
   - Test the withTransaction change: a test where creditAccount fails must leave no processed_events row.
   - Add the counter webhook_duplicate_events_total to src/metrics.ts and increment it on duplicates.
   - Show the user the diff; do not commit.

8. Current Work:
   The INSERT and creditAccount now run on one tx inside withTransaction in src/webhooks/stripe.ts; this change is untested (npm test not run since) and nothing is committed. I had just read the test setup in stripe.test.ts (beforeEach truncates accounts and processed_events).

9. Optional Next Step:
   Write the rollback test (make creditAccount throw inside the transaction, expect no processed_events row and a 5xx so Stripe retries), then run npm test -- src/webhooks to verify the withTransaction change."""
