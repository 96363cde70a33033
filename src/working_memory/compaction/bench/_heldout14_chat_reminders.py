"""Held out, fourteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, PHP/Laravel: the
overdue-invoice reminder goes out twice because both servers run the scheduler; a
reminder_logs table (a new migration) written, then ruled out by the user for onOneServer()
on the schedule and a reminder_sent_at column on invoices; the log-table migration deleted; a
test that queued 150 reminders instead of 250, which php artisan optimize:clear and a re-run
did not fix and chunkById() did; a review with four points: one done in the span (the index),
one answered (the mails are already queued), one a ticket (the UTC send time), one pending (a
test of a second run the same day); the assistant's last words only report what it did and
announce no next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_CMD = "app/Console/Commands/SendInvoiceReminders.php"
_LOG_MIGRATION = "database/migrations/2026_12_03_090000_create_reminder_logs_table.php"
_COL_MIGRATION = "database/migrations/2026_12_03_093000_add_reminder_sent_at_to_invoices_table.php"
_TEST = "tests/Feature/SendInvoiceRemindersTest.php"
_QUEUED_150 = (
    "The expected [App\\Mail\\InvoiceReminder] mailable was queued 150 times instead of 250 "
    "times.\nFailed asserting that false is true."
)

_HANDLE_CHUNK = (
    "    public function handle(): int\n    {\n"
    "        Invoice::overdue()\n"
    "            ->where(fn ($q) => $q->whereNull('reminder_sent_at')\n"
    "                ->orWhereDate('reminder_sent_at', '<', today()))\n"
    "            ->chunk(100, function ($invoices) {\n"
    "                foreach ($invoices as $invoice) {\n"
    "                    Mail::to($invoice->customer)->send(new InvoiceReminder($invoice));\n"
    "                    $invoice->update(['reminder_sent_at' => now()]);\n"
    "                }\n            });\n\n        return self::SUCCESS;\n    }\n"
)

s = Script(
    "You are a coding assistant working in the billing-portal repository (Laravel 11, PHP "
    "8.3, Redis for cache and queues, tests with PHPUnit through php artisan test). You can "
    "read, write and delete files and run shell commands."
)
s.user(
    "BILL-877: customers got the overdue-invoice reminder twice this morning. We run two app "
    "servers, web-1 and web-2, and both have the scheduler cron. The command is "
    f"{_CMD}, scheduled in routes/console.php. Make sure each overdue invoice gets one "
    "reminder a day."
)
s.call(
    "read_file",
    "<?php\n\nuse Illuminate\\Support\\Facades\\Schedule;\n\n"
    "Schedule::command('invoices:remind')->dailyAt('08:00');\n"
    "Schedule::command('invoices:close-stale')->hourly();\n",
    path="routes/console.php",
)
s.call(
    "read_file",
    "<?php\n\nnamespace App\\Console\\Commands;\n\n"
    "class SendInvoiceReminders extends Command\n{\n"
    "    protected $signature = 'invoices:remind';\n\n"
    "    public function handle(): int\n    {\n"
    "        Invoice::overdue()->chunk(100, function ($invoices) {\n"
    "            foreach ($invoices as $invoice) {\n"
    "                Mail::to($invoice->customer)->send(new InvoiceReminder($invoice));\n"
    "            }\n        });\n\n        return self::SUCCESS;\n    }\n}\n",
    path=_CMD,
)
s.say(
    "Both servers fire invoices:remind at 08:00 and each sends every reminder. Plan: a "
    "reminder_logs table with (invoice_id, sent_on) unique; the command would insert a row "
    "before sending and skip the invoice when the insert hits the unique key, so whichever "
    "server comes second sends nothing."
)
s.call(
    "write_file",
    f"Wrote {_LOG_MIGRATION}",
    path=_LOG_MIGRATION,
    content="<?php\n\nreturn new class extends Migration\n{\n"
    "    public function up(): void\n    {\n"
    "        Schema::create('reminder_logs', function (Blueprint $table) {\n"
    "            $table->id();\n"
    "            $table->foreignId('invoice_id')->constrained();\n"
    "            $table->date('sent_on');\n"
    "            $table->unique(['invoice_id', 'sent_on']);\n"
    "        });\n    }\n};\n",
)
s.user(
    "No new table. Both servers share the Redis cache, so put ->onOneServer() and "
    "->withoutOverlapping() on the schedule entry, that's what they're for. For re-runs "
    "(someone runs invoices:remind by hand after a failure) add a reminder_sent_at timestamp "
    "to invoices and skip the ones already reminded today."
)
s.call("delete_file", f"Deleted {_LOG_MIGRATION}", path=_LOG_MIGRATION)
s.call(
    "write_file",
    f"Wrote {_COL_MIGRATION}",
    path=_COL_MIGRATION,
    content="<?php\n\nreturn new class extends Migration\n{\n"
    "    public function up(): void\n    {\n"
    "        Schema::table('invoices', function (Blueprint $table) {\n"
    "            $table->timestamp('reminder_sent_at')->nullable();\n"
    "        });\n    }\n};\n",
)
s.call(
    "write_file",
    "Wrote routes/console.php",
    path="routes/console.php",
    content="<?php\n\nuse Illuminate\\Support\\Facades\\Schedule;\n\n"
    "Schedule::command('invoices:remind')\n    ->dailyAt('08:00')\n"
    "    ->onOneServer()\n    ->withoutOverlapping();\n"
    "Schedule::command('invoices:close-stale')->hourly();\n",
)
s.call(
    "write_file",
    f"Wrote {_CMD}",
    path=_CMD,
    content="<?php\n\nnamespace App\\Console\\Commands;\n\n"
    "class SendInvoiceReminders extends Command\n{\n"
    "    protected $signature = 'invoices:remind';\n\n" + _HANDLE_CHUNK + "}\n",
)
s.call(
    "write_file",
    f"Wrote {_TEST}",
    path=_TEST,
    content="<?php\n\nclass SendInvoiceRemindersTest extends TestCase\n{\n"
    "    use RefreshDatabase;\n\n"
    "    public function test_reminds_each_overdue_invoice_once(): void\n    {\n"
    "        Mail::fake();\n        Invoice::factory()->overdue()->count(250)->create();\n\n"
    "        $this->artisan('invoices:remind')->assertSuccessful();\n\n"
    "        Mail::assertQueued(InvoiceReminder::class, 250);\n"
    "        $this->assertSame(0, Invoice::whereNull('reminder_sent_at')->count());\n"
    "    }\n}\n",
)
s.call(
    "run",
    "$ php artisan test --filter=SendInvoiceRemindersTest\n\n"
    "   FAIL  Tests\\Feature\\SendInvoiceRemindersTest\n"
    "  \u2a2f reminds each overdue invoice once                  0.61s\n\n"
    f"  {_QUEUED_150}\n\n  Tests:    1 failed (1 assertions)\n",
    command="php artisan test --filter=SendInvoiceRemindersTest",
)
s.say(
    "That might be a stale config cache on this machine (bootstrap/cache has a config.php "
    "from before Mail was faked in tests); clearing it with php artisan optimize:clear and "
    "running the test again."
)
s.call(
    "run",
    "$ php artisan optimize:clear && php artisan test --filter=SendInvoiceRemindersTest\n"
    "   INFO  Clearing cached bootstrap files.\n  config ... DONE\n  cache ... DONE\n"
    "  route ... DONE\n  events ... DONE\n\n"
    "   FAIL  Tests\\Feature\\SendInvoiceRemindersTest\n"
    "  \u2a2f reminds each overdue invoice once                  0.58s\n\n"
    f"  {_QUEUED_150}\n",
    command="php artisan optimize:clear && php artisan test --filter=SendInvoiceRemindersTest",
)
s.say(
    "Not the cache. chunk() pages with LIMIT/OFFSET over a query filtered on "
    "reminder_sent_at, and the callback sets reminder_sent_at, so every page shifts the rest: "
    "page 1 gets invoices 1-100 and stamps them, page 2 skips 100 of the remaining 150 and "
    "gets 50, page 3 finds nothing. 100 + 50 = 150. chunkById() pages by id instead of by "
    "offset, which is safe when the callback changes the filtered column."
)
s.call(
    "write_file",
    f"Wrote {_CMD}",
    path=_CMD,
    content="<?php\n\nnamespace App\\Console\\Commands;\n\n"
    "class SendInvoiceReminders extends Command\n{\n"
    "    protected $signature = 'invoices:remind';\n\n"
    + _HANDLE_CHUNK.replace("->chunk(100,", "->chunkById(100,")
    + "}\n",
)
s.call(
    "run",
    "$ php artisan test\n\n   PASS  Tests\\Feature\\SendInvoiceRemindersTest\n"
    "  \u2713 reminds each overdue invoice once                  0.64s\n  ...\n\n"
    "  Tests:    18 passed (61 assertions)\n  Duration: 4.12s\n\n"
    "$ php artisan schedule:list\n"
    "  0 8 * * *  php artisan invoices:remind ........ Next Due: 21 hours from now\n"
    "  0 * * * *  php artisan invoices:close-stale ... Next Due: 12 minutes from now\n",
    command="php artisan test && php artisan schedule:list",
)
s.say(
    "All 18 tests pass. invoices:remind runs at 08:00 with onOneServer() and "
    "withoutOverlapping(), so only one of web-1 and web-2 takes the Redis lock and sends; a "
    "manual re-run skips invoices whose reminder_sent_at is today, and the command pages with "
    "chunkById(100)."
)
s.call(
    "run",
    "$ git checkout -b bill-877-one-reminder && git add -A && git commit -m 'Send each "
    "overdue reminder once a day (BILL-877)' && git push -u origin HEAD && gh pr create "
    "--fill\n[bill-877-one-reminder 71c2e9a] Send each overdue reminder once a day "
    "(BILL-877)\n 4 files changed, 52 insertions(+), 6 deletions(-)\n"
    "https://github.com/billing/billing-portal/pull/341\n",
    command="git checkout -b bill-877-one-reminder && git add -A && git commit -m 'Send each "
    "overdue reminder once a day (BILL-877)' && git push -u origin HEAD && gh pr create --fill",
)
s.user(
    "Marta reviewed #341:\n"
    "- the new column needs an index, the overdue query filters on it every morning\n"
    "- why not queue the reminders instead of sending them inline in the command?\n"
    "- 08:00 is UTC, so customers in Sydney get theirs in the evening\n"
    "- there's no test for a manual second run on the same day\n"
    "My answers, same order: add the index in the migration. Tell her they are queued, "
    "InvoiceReminder implements ShouldQueue, but check it first. The Sydney time is BILL-902, "
    "not now. And yes, add that test: run invoices:remind twice, the second run queues "
    "nothing."
)
s.call(
    "run",
    "$ grep -n 'class InvoiceReminder' app/Mail/InvoiceReminder.php\n"
    "12:class InvoiceReminder extends Mailable implements ShouldQueue\n",
    command="grep -n 'class InvoiceReminder' app/Mail/InvoiceReminder.php",
)
s.call(
    "write_file",
    f"Wrote {_COL_MIGRATION}",
    "InvoiceReminder implements ShouldQueue, so the mails are already queued. Adding the "
    "index to the migration.",
    path=_COL_MIGRATION,
    content="<?php\n\nreturn new class extends Migration\n{\n"
    "    public function up(): void\n    {\n"
    "        Schema::table('invoices', function (Blueprint $table) {\n"
    "            $table->timestamp('reminder_sent_at')->nullable()->index();\n"
    "        });\n    }\n};\n",
)
s.call(
    "run",
    "$ php artisan test\n\n  Tests:    18 passed (61 assertions)\n  Duration: 4.08s\n",
    command="php artisan test",
)
s.say(
    "Added ->index() to reminder_sent_at in the add_reminder_sent_at_to_invoices_table "
    "migration, and the 18 tests pass with it."
)
s.call(
    "run",
    "$ gh pr comment 341 --body-file /tmp/pr341.md\n"
    "https://github.com/billing/billing-portal/pull/341#issuecomment-1944073\n",
    command="gh pr comment 341 --body-file /tmp/pr341.md",
)
s.say(
    "Replied to Marta on #341: InvoiceReminder already implements ShouldQueue, so the command "
    "only puts the mails on the queue, and the Sydney send time is tracked in BILL-902."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "BILL-877: customers got the overdue-invoice reminder twice because both web-1 "
             "and web-2 run the scheduler; make each overdue invoice get one reminder a day "
             "(app/Console/Commands/SendInvoiceReminders.php, routes/console.php).",
             must=(("twice", "two reminders", "duplicate", "once a day", "one reminder"),
                   ("reminder", "bill-877", "invoices:remind")),
             partial_means="The duplicate without the two servers, or the ticket alone.",
             wrong="Reminders not sent at all; a slow command."),
    Question("latest_request", "What did the user last ask?",
             "Marta's review of PR #341 with the user's answers: add an index on "
             "reminder_sent_at in the migration; tell her the reminders are already queued "
             "(InvoiceReminder implements ShouldQueue), after checking; the Sydney (UTC) send "
             "time is BILL-902, not now; add a test that a second run the same day queues "
             "nothing.",
             must=(("second run", "twice", "same day"), ("index", "shouldqueue", "bill-902")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "marta", "answers"),
             partial_means="One of the points to act on.",
             wrong="Sending at local time now; queueing the mails now.",
             stale_means="The no-new-table correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Marta's last point, the one left: add a test to "
             "tests/Feature/SendInvoiceRemindersTest.php that runs invoices:remind twice on "
             "the same day and asserts the second run queues nothing, run php artisan test, "
             "then commit and push the index and the test to PR #341.",
             must=(("second run", "twice", "same day"), ("sendinvoicereminderstest.php",)),
             stale=("add the index", "reminder_logs", "optimize:clear"),
             partial_means="Says to push without the second-run test, or a test without what "
                           "it checks.",
             wrong="Changing the send time for Sydney; making the mailable queued.",
             stale_means="Says to add the index (done), or to write the reminder_logs table "
                         "(ruled out)."),
    Question("files_edited", "Which files were changed, and why?",
             "app/Console/Commands/SendInvoiceReminders.php (skips invoices reminded today, "
             "stamps reminder_sent_at, pages with chunkById); routes/console.php "
             "(onOneServer, withoutOverlapping); the add_reminder_sent_at_to_invoices_table "
             "migration (the column, then its index); tests/Feature/SendInvoiceRemindersTest.php "
             "(250 overdue invoices, each reminded once). The create_reminder_logs_table "
             "migration was created and deleted.",
             must=(("sendinvoicereminders.php",), ("routes/console.php", "console.php"),
                   ("add_reminder_sent_at", "sendinvoicereminderstest.php")),
             stale=("create_reminder_logs_table",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="app/Mail/InvoiceReminder.php given as edited.",
             stale_means="The create_reminder_logs_table migration listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The schedule entry gets onOneServer() and withoutOverlapping() (the servers "
             "share Redis), and invoices get a reminder_sent_at column so a re-run skips "
             "invoices reminded today; it rules out a reminder_logs table with a unique "
             "(invoice_id, sent_on) row per reminder.",
             must=(("ononeserver",), ("reminder_sent_at",),
                   ("reminder_logs",)),
             partial=2,
             stale=("reminder_logs table", "insert a row before sending"),
             partial_means="onOneServer without the column or without what it rules out.",
             wrong="Running the scheduler on one server only; a database lock.",
             stale_means="The reminder_logs table given as the design."),
    Question("review", "What did the review find?",
             "Marta on #341: the reminder_sent_at column needs an index (added); why not "
             "queue the reminders (answered: InvoiceReminder already implements "
             "ShouldQueue); 08:00 is UTC, Sydney gets them in the evening (BILL-902); no test "
             "for a manual second run on the same day (pending).",
             must=(("index",), ("queue", "shouldqueue"), ("utc", "sydney", "bill-902"),
                   ("second run", "same day", "twice")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "marta", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The 150-of-250 failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No new table: put onOneServer() and withoutOverlapping() on the schedule entry "
             "(both servers share the Redis cache), and for manual re-runs add a "
             "reminder_sent_at timestamp to invoices and skip those reminded today.",
             must=(("new table", "reminder_logs", "no table"),
                   ("ononeserver", "reminder_sent_at")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No table without what to do instead, or the reverse.",
             wrong="The test failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_reminds_each_overdue_invoice_once failed: the InvoiceReminder mailable was "
             "queued 150 times instead of 250; php artisan optimize:clear and a re-run did not "
             "fix it; the cause was chunk() paging by offset over a query filtered on "
             "reminder_sent_at, which the callback sets; fixed by chunkById(100).",
             must=(("150 times", "150", "instead of 250"), ("chunkbyid",)),
             stale=("fixed by php artisan optimize:clear", "fixed by optimize:clear",
                    "fixed by clearing", "fixed by re-running", "stale config cache"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A missing-column SQL error; a Redis connection error.",
             stale_means="The failure 'fixed' by optimize:clear or a re-run."),
    Question("key_values", "Which key values matter?",
             "250 overdue invoices in the test, 150 queued before the fix; chunks of 100; "
             "08:00 UTC; 18 tests (61 assertions); PR #341; BILL-877 and BILL-902; web-1 and "
             "web-2.",
             must=(("250", "150", "18 tests", "18 passed"), ("#341", "bill-877", "bill-902")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/Console/Commands/SendInvoiceReminders.php is the invoices:remind command; "
             "routes/console.php schedules it; the add_reminder_sent_at_to_invoices_table "
             "migration adds the column; tests/Feature/SendInvoiceRemindersTest.php tests the "
             "command; app/Mail/InvoiceReminder.php is the queued mailable.",
             must=(("sendinvoicereminders.php",),
                   ("sendinvoicereminderstest.php", "add_reminder_sent_at", "invoicereminder.php")),
             partial_means="The files named without what they hold.",
             wrong="The reminder_logs migration as the log of sent reminders."),
    Question("pending", "What work is still pending?",
             "The second-run test (Marta's last point), then commit and push the index and the "
             "test to #341; the Sydney send time later in BILL-902.",
             must=(("second run", "same day", "twice"), ("bill-902", "push", "#341")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The index or the ShouldQueue reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #341 is open with onOneServer, reminder_sent_at and chunkById; all 18 tests "
             "pass; since the review the index is added (not pushed), Marta is answered on "
             "the queueing, the Sydney time is BILL-902; the second-run test is not written.",
             must=(("18 tests", "18 passed", "tests pass"),
                   ("not written", "not pushed", "second run")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the Sydney time is fixed.",
             stale_means="Says a reminder_logs table records the sends."),
)  # fmt: skip

PRODUCTION = None
