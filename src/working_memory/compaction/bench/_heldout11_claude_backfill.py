"""Held out, eleventh set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Rails: invoices (about 40M rows) need
an account_id NOT NULL with a foreign key to accounts; one migration with add_reference
null: false and an update_all backfill, stopped by strong_migrations and then ruled out by
the user (a nullable column with an unvalidated foreign key now, the backfill as a job in
app/jobs/backfills, NOT NULL only in the next deploy); a rake task to enqueue the job created
and deleted for the generic backfills:run task; a backfill spec that failed on soft-deleted
invoices, which db:test:prepare and a re-run did not fix and Invoice.unscoped did; a PR review
with four points: one done (the batch size, a number), one answered on the PR, one pending
(new invoices are still written without account_id), one a ticket; a short production
summary; the assistant's last words name writing the NOT NULL migration, which the user put
in the next deploy."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/tomas/ledgerly"
_MIGRATION = f"{_ROOT}/db/migrate/20261202101500_add_account_to_invoices.rb"
_JOB = f"{_ROOT}/app/jobs/backfills/invoice_account_backfill_job.rb"

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "invoices needs an account_id, NOT NULL, with a foreign key to accounts. Today we only "
    "have customer_id and go through customers to find the account. invoices is about 40M "
    "rows in prod. Write the migration."
)
s.call(
    "Bash",
    '  create_table "invoices", force: :cascade do |t|\n'
    '    t.bigint "customer_id", null: false\n    t.integer "total_cents", null: false\n'
    '    t.datetime "deleted_at"\n    t.index ["customer_id"], name: '
    '"index_invoices_on_customer_id"\n  end\n'
    "    strong_migrations (1.8.0)\n",
    command="grep -n -A6 'create_table \"invoices\"' db/schema.rb; grep strong_migrations "
    "Gemfile.lock",
    description="Look at the invoices table and check for strong_migrations",
)
s.call(
    "Write",
    f"File created successfully at: {_MIGRATION}",
    file_path=_MIGRATION,
    content="class AddAccountToInvoices < ActiveRecord::Migration[7.1]\n  def up\n"
    "    add_reference :invoices, :account, foreign_key: true, index: true\n"
    "    execute <<~SQL\n      UPDATE invoices SET account_id = customers.account_id\n"
    "      FROM customers WHERE customers.id = invoices.customer_id\n    SQL\n"
    "    change_column_null :invoices, :account_id, false\n  end\nend\n",
)
s.call(
    "Bash",
    "rails aborted!\nStandardError: An error has occurred, all later migrations canceled:\n\n"
    "=== Dangerous operation detected #strong_migrations ===\n\n"
    "Adding an index non-concurrently blocks writes. Instead, use:\n\n"
    "class AddAccountToInvoices < ActiveRecord::Migration[7.1]\n"
    "  disable_ddl_transaction!\n\n  def change\n"
    "    add_reference :invoices, :account, index: {algorithm: :concurrently}\n  end\nend\n",
    command="bin/rails db:migrate",
    description="Run the migration",
)
s.say(
    "strong_migrations stops it: the index has to be built concurrently, outside the "
    "transaction. I'll add disable_ddl_transaction! and index: {algorithm: :concurrently}, and "
    "keep the UPDATE and change_column_null in the same migration so it is one step."
)
s.user(
    "No, stop. Not in one migration, and no 40M-row UPDATE inside a migration. How we do this "
    "here: migration 1 adds the nullable column, the concurrent index and the foreign key with "
    "validate: false. The backfill is a job in app/jobs/backfills/. Validating the FK and the "
    "NOT NULL (a check constraint, validated separately) is migration 2, in the next deploy, "
    "after the backfill has finished in prod. This PR is migration 1 and the job, nothing else."
)
s.call(
    "Write",
    f"File created successfully at: {_MIGRATION}",
    "Rewriting it as migration 1 only.",
    file_path=_MIGRATION,
    content="class AddAccountToInvoices < ActiveRecord::Migration[7.1]\n"
    "  disable_ddl_transaction!\n\n  def change\n"
    "    add_reference :invoices, :account, index: {algorithm: :concurrently}\n"
    "    add_foreign_key :invoices, :accounts, validate: false\n  end\nend\n",
)
s.call(
    "Bash",
    "== 20261202101500 AddAccountToInvoices: migrating ============================\n"
    "-- add_reference(:invoices, :account, {:index=>{:algorithm=>:concurrently}})\n"
    "   -> 0.0113s\n-- add_foreign_key(:invoices, :accounts, {:validate=>false})\n"
    "   -> 0.0031s\n"
    "== 20261202101500 AddAccountToInvoices: migrated (0.0149s) ===================\n",
    command="bin/rails db:migrate",
    description="Run migration 1",
)
s.call(
    "Bash",
    "app/jobs/backfills/customer_region_backfill_job.rb\n"
    "app/jobs/backfills/base_job.rb\n---\n"
    "class Backfills::BaseJob < ApplicationJob\n  queue_as :backfills\n"
    "  # Subclasses implement #each_batch; the job re-enqueues itself until a batch is empty.\n",
    command="ls app/jobs/backfills/ && sed -n 1,4p app/jobs/backfills/base_job.rb",
    description="See how the existing backfill jobs are written",
)
s.call(
    "Write",
    f"File created successfully at: {_JOB}",
    file_path=_JOB,
    content="class Backfills::InvoiceAccountBackfillJob < Backfills::BaseJob\n"
    "  def each_batch\n"
    "    Invoice.where(account_id: nil).in_batches(of: 10_000) do |batch|\n"
    '      batch.update_all("account_id = (SELECT customers.account_id FROM customers " \\\n'
    '                       "WHERE customers.id = invoices.customer_id)")\n'
    "      yield batch\n    end\n  end\nend\n",
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/lib/tasks/backfill_invoice_accounts.rake",
    "And a rake task so ops can start it.",
    file_path=f"{_ROOT}/lib/tasks/backfill_invoice_accounts.rake",
    content="namespace :backfills do\n  task invoice_accounts: :environment do\n"
    "    Backfills::InvoiceAccountBackfillJob.perform_later\n  end\nend\n",
)
s.call(
    "Bash",
    "bin/rails backfills:run[NAME]  # Enqueue Backfills::<NAME>Job (e.g. CustomerRegion)\n"
    "bin/rails backfills:invoice_accounts\n",
    command="bin/rails -T backfills",
    description="Check the rake task is listed",
)
s.say(
    "There is already a generic backfills:run[NAME] task in lib/tasks/backfill.rake that "
    "enqueues any Backfills:: job by name, so mine duplicates it: "
    "bin/rails backfills:run[InvoiceAccount] does the same. Deleting my rake file."
)
s.call(
    "Bash",
    "",
    command="rm lib/tasks/backfill_invoice_accounts.rake",
    description="Delete the duplicate rake task",
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/spec/jobs/backfills/invoice_account_backfill_job_spec.rb",
    file_path=f"{_ROOT}/spec/jobs/backfills/invoice_account_backfill_job_spec.rb",
    content="RSpec.describe Backfills::InvoiceAccountBackfillJob do\n"
    '  it "sets account_id from the customer on every invoice, deleted ones too" do\n'
    "    live = create(:invoice, account_id: nil)\n"
    "    gone = create(:invoice, account_id: nil, deleted_at: 1.day.ago)\n"
    "    described_class.perform_now\n"
    "    expect(Invoice.unscoped.where(account_id: nil).count).to eq(0)\n  end\nend\n",
)
s.call(
    "Bash",
    "F\n\nFailures:\n\n  1) Backfills::InvoiceAccountBackfillJob sets account_id from the "
    "customer on every invoice, deleted ones too\n     Failure/Error: expect(Invoice.unscoped"
    ".where(account_id: nil).count).to eq(0)\n\n       expected: 0\n            got: 1\n\n"
    "1 example, 1 failure\n",
    command="bundle exec rspec spec/jobs/backfills/invoice_account_backfill_job_spec.rb",
    description="Run the backfill spec",
)
s.say(
    "One invoice left without an account. The test database may not have the new column's "
    "schema yet; preparing it and running again."
)
s.call(
    "Bash",
    "F\n\n       expected: 0\n            got: 1\n\n1 example, 1 failure\n",
    command="bin/rails db:test:prepare && bundle exec rspec "
    "spec/jobs/backfills/invoice_account_backfill_job_spec.rb",
    description="Prepare the test database and re-run the spec",
)
s.call(
    "Bash",
    "  default_scope { where(deleted_at: nil) }\n",
    command="grep -n default_scope app/models/invoice.rb",
    description="Look for a default scope on Invoice",
)
s.say(
    "Not the schema: Invoice has default_scope { where(deleted_at: nil) }, so the job never "
    "sees soft-deleted invoices, and those would break the NOT NULL later. The job has to use "
    "Invoice.unscoped."
)
s.call(
    "Edit",
    f"The file {_JOB} has been updated.",
    file_path=_JOB,
    old_string="    Invoice.where(account_id: nil).in_batches(of: 10_000) do |batch|\n",
    new_string="    # unscoped: the default scope hides soft-deleted invoices, and the NOT NULL\n"
    "    # will apply to them too.\n"
    "    Invoice.unscoped.where(account_id: nil).in_batches(of: 10_000) do |batch|\n",
)
s.call(
    "Bash",
    ".\n\nFinished in 0.41 seconds (files took 2.3 seconds to load)\n1 example, 0 failures\n",
    command="bundle exec rspec spec/jobs/backfills/invoice_account_backfill_job_spec.rb",
    description="Re-run the backfill spec",
)
s.call(
    "Bash",
    "Finished in 1 minute 52.6 seconds (files took 3.1 seconds to load)\n"
    "1214 examples, 0 failures\n"
    "https://github.com/ledgerly/ledgerly/pull/588\n",
    command="bundle exec rspec && git checkout -b invoices-account-id && git add -A && git "
    "commit -m 'Add invoices.account_id (nullable, FK not validated) and its backfill job' && "
    "git push -u origin HEAD && gh pr create --fill",
    description="Full suite, commit, push, open the PR",
)
s.say(
    "All 1214 examples pass. PR #588: migration 1 (nullable account_id, concurrent index, "
    "foreign key with validate: false) and Backfills::InvoiceAccountBackfillJob, run with "
    "bin/rails backfills:run[InvoiceAccount]."
)
s.user(
    "Dana's review on #588:\n"
    "- 10,000 rows per batch is too many, the replicas fall behind; we keep batches at 1,000\n"
    "- the FK should be ON DELETE RESTRICT, shouldn't it?\n"
    "- new invoices are still written without account_id, so the backfill never catches up. "
    "InvoiceBuilder needs to set it\n"
    "- where's the NOT NULL?\n"
    "1: do it. 2: no change, our default is fine, explain it to her. 3: yes, before merge. "
    "4: that's migration 2, next deploy, I've opened LED-77 for it."
)
s.call(
    "Edit",
    f"The file {_JOB} has been updated.",
    file_path=_JOB,
    old_string="in_batches(of: 10_000)",
    new_string="in_batches(of: 1_000)",
)
s.call(
    "Bash",
    "https://github.com/ledgerly/ledgerly/pull/588#issuecomment-8841023\n",
    command="gh pr comment 588 --body 'On ON DELETE: add_foreign_key without on_delete is "
    "NO ACTION in Postgres, which refuses to delete an account that still has invoices, the "
    "same as RESTRICT except that it is checked at the end of the statement. So deleting an "
    "account with invoices already fails; no change. NOT NULL is LED-77.'",
    description="Answer the ON DELETE question on the PR",
)
s.call(
    "Bash",
    ".\n\n1 example, 0 failures\n",
    command="bundle exec rspec spec/jobs/backfills/invoice_account_backfill_job_spec.rb",
    description="Re-run the backfill spec after the batch size change",
)
s.say(
    "Batches are 1,000 now and the spec passes; the ON DELETE question is answered on #588 "
    "(NO ACTION already refuses the delete); the NOT NULL is LED-77."
)
s.say(
    "Next I'll write migration 2: validate_foreign_key :invoices, :accounts and the check "
    "constraint on account_id."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Add invoices.account_id, NOT NULL, with a foreign key to accounts (invoices only "
             "has customer_id today; about 40M rows in prod), done safely: this PR is "
             "migration 1 and a backfill job.",
             must=(("account_id",), ("invoices",)),
             partial_means="The column named without the table, or the reverse.",
             wrong="Dropping customer_id; a new accounts table."),
    Question("latest_request", "What did the user last ask?",
             "Dana's review of #588 with the user's answers: batches of 1,000 (do it); the ON "
             "DELETE question needs no change, explain it to her; InvoiceBuilder must set "
             "account_id on new invoices before merge; the NOT NULL is migration 2, next "
             "deploy, LED-77.",
             must=(("1,000", "batch"), ("invoicebuilder", "new invoices")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "dana", "answers"),
             partial_means="One of the points to act on.",
             wrong="Writing the NOT NULL migration now; changing the FK to ON DELETE RESTRICT.",
             stale_means="The one-migration correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Make new invoices get account_id: set it in InvoiceBuilder from the customer's "
             "account (Dana's point 3, needed before merge), with a spec, run the specs and "
             "push to #588. The batch size and the ON DELETE answer are done; migration 2 is "
             "LED-77, next deploy.",
             must=(("invoicebuilder", "new invoices"), ("account_id", "account")),
             stale=("migration 2", "validate_foreign_key", "check constraint on account_id",
                    "backfills:invoice_accounts", "change_column_null"),
             partial_means="Says to push or run the specs without the InvoiceBuilder change.",
             wrong="Changing the foreign key's ON DELETE; running the backfill in prod.",
             stale_means="Says to write migration 2 (validate_foreign_key and the NOT NULL): "
                         "the user put it in the next deploy, LED-77."),
    Question("files_edited", "Which files were changed, and why?",
             "db/migrate/20261202101500_add_account_to_invoices.rb (migration 1: nullable "
             "account_id, concurrent index, foreign key with validate: false); "
             "app/jobs/backfills/invoice_account_backfill_job.rb (the backfill, "
             "Invoice.unscoped, batches of 1,000); "
             "spec/jobs/backfills/invoice_account_backfill_job_spec.rb; db/schema.rb (dumped by "
             "db:migrate). "
             "lib/tasks/backfill_invoice_accounts.rake was created and deleted.",
             must=(("add_account_to_invoices", "db/migrate"),
                   ("invoice_account_backfill_job",)),
             stale=("backfill_invoice_accounts.rake",),
             spread=True,
             partial_means="One of the files.",
             wrong="app/models/invoice.rb given as edited.",
             stale_means="The rake task listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Three steps: migration 1 adds a nullable account_id with a concurrent index and "
             "a foreign key with validate: false; the backfill runs as a job; the FK "
             "validation and NOT NULL check constraint are migration 2 in the next deploy. "
             "Rules out one migration with add_reference, an UPDATE backfill and "
             "change_column_null.",
             must=(("validate: false", "nullable"), ("job", "migration 2", "next deploy")),
             stale=("keep the update and change_column_null in the same migration",
                    "so it is one step"),
             partial_means="The nullable column without the job and the later migration.",
             wrong="Backfilling in a data migration.",
             stale_means="One migration with the UPDATE and change_column_null given as the "
                         "design."),
    Question("review", "What did the review find?",
             "Dana on #588: 10,000 rows per batch is too many, use 1,000 (done); should the FK "
             "be ON DELETE RESTRICT (answered on the PR: NO ACTION already refuses); new "
             "invoices are written without account_id, InvoiceBuilder must set it (pending); "
             "where's the NOT NULL (migration 2, LED-77).",
             must=(("10,000", "1,000", "batch"), ("on delete", "restrict"),
                   ("invoicebuilder", "new invoices"), ("not null", "led-77")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "dana"),
             partial_means="Two or three of the four points.",
             wrong="The strong_migrations error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not in one migration and no 40M-row UPDATE inside a migration: migration 1 is "
             "the nullable column, concurrent index and FK with validate: false; the backfill "
             "is a job in app/jobs/backfills; validation and NOT NULL are migration 2, next "
             "deploy.",
             must=(("one migration", "update", "40m"), ("job", "validate: false", "nullable")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "wants", "ruled out", "stop"),
             partial_means="Not in one migration without what to do instead.",
             wrong="The strong_migrations error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "strong_migrations' Dangerous operation detected (adding an index "
             "non-concurrently) on the one-migration version, replaced by migration 1 with a "
             "concurrent index; the backfill spec expected 0 invoices without an account, got "
             "1: the default_scope hid soft-deleted invoices; db:test:prepare and a re-run did "
             "not help; fixed by Invoice.unscoped in the job.",
             must=(("got: 1", "got 1", "soft-deleted", "deleted_at", "default_scope"),
                   ("unscoped",)),
             stale=("fixed by db:test:prepare", "fixed by preparing the test database",
                    "fixed by re-running"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A PG::NotNullViolation; a deadlock.",
             stale_means="The spec failure 'fixed' by db:test:prepare."),
    Question("key_values", "Which key values matter?",
             "About 40M rows; batches of 1,000 (were 10,000); PR #588; LED-77; 1214 examples "
             "pass; migration 20261202101500.",
             must=(("1,000", "1_000"), ("#588", "led-77", "1214")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "The migration adds the column; Backfills::InvoiceAccountBackfillJob fills it "
             "(Backfills::BaseJob re-enqueues until a batch is empty); lib/tasks/backfill.rake "
             "holds the generic backfills:run[NAME]; app/models/invoice.rb has the default "
             "scope that hides soft-deleted invoices.",
             must=(("backfill.rake", "backfills:run", "base_job"),
                   ("invoice.rb", "default_scope", "default scope")),
             partial_means="The files named without what they hold.",
             wrong="The deleted rake task as how the job is started."),
    Question("pending", "What work is still pending?",
             "InvoiceBuilder setting account_id on new invoices, with a spec, then push; "
             "migration 2 (validate the FK, NOT NULL check constraint) in the next deploy, "
             "LED-77, after the backfill has run in prod.",
             must=(("invoicebuilder", "new invoices"), ("led-77", "migration 2", "next deploy")),
             partial_means="One of the two.",
             wrong="The batch size or the ON DELETE reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #588 is open with migration 1 and the backfill job; 1214 examples passed; "
             "batches are 1,000 and the backfill spec passes (not pushed); the ON DELETE "
             "question is answered; InvoiceBuilder still writes invoices without account_id; "
             "the backfill has not run in prod.",
             must=(("#588", "1214", "1,000"), ("invoicebuilder", "not pushed", "new invoices")),
             partial_means="The PR without what remains.",
             wrong="Says the NOT NULL is in place or the PR is merged.",
             stale_means="Says the backfill runs in the migration."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. Summary:
Adding invoices.account_id (FK to accounts, ~40M rows). The user rejected one migration with an UPDATE and change_column_null; NOT NULL is migration 2, next deploy (LED-77).
PR #588 adds db/migrate/20261202101500_add_account_to_invoices.rb (nullable account_id, concurrent index, FK validate: false) and app/jobs/backfills/invoice_account_backfill_job.rb, run with bin/rails backfills:run[InvoiceAccount] (my rake task deleted).
The backfill spec failed on soft-deleted invoices (Invoice's default_scope); fixed with Invoice.unscoped.
Dana's review: batches of 1,000 (done, not pushed), ON DELETE answered on the PR.
Next: make InvoiceBuilder set account_id on new invoices, spec it, push to #588."""
