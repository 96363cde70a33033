"""The fourteenth held-out set: its spans, the status words its answers use ("not pushed",
"not written" among them), a careless handoff of each, a reader's handoff of the chat span, the
Codex and Claude Code summaries that answer (Claude Code's a short one), the span whose last
words name the right next step and the span whose last words name none. The checks every set
passes are in `test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
# The Claude Code span ends on the right step and the chat span on none, so their careless
# handoffs take a step already done.
_STALE = {
    "heldout14-codex-txpropagation": (
        "Decision: expose the proxy with @EnableAspectJAutoProxy(exposeProxy = true) and call "
        "recordAttempt through AopContext.currentProxy().\n"
        "Files: OrderService.java; config/ProxyConfig.java added for the proxy.\n"
        "Error: the context failed to start on a bean cycle between orderService and "
        "paymentAttemptRecorder; fixed by setting spring.main.allow-circular-references to "
        "true.\n"
        "Next: make PaymentAttemptRecorder record PaymentTimeoutException as well, with status "
        "TIMEOUT."
    ),
    "heldout14-claude-uploadactor": (
        "Decision: a @Locked property wrapper around os_unfair_lock guards pending and "
        "isUploading.\n"
        "Files: UploadQueue.swift; Trailmate/Support/Locked.swift added for the lock.\n"
        "Error: testRetriesThreeTimesThenFails failed on a stale module in DerivedData; fixed "
        "by xcodebuild clean and a re-run.\n"
        "Next: run the whole suite under the TSan scheme."
    ),
    "heldout14-chat-reminders": (
        "Decision: a reminder_logs table with a unique (invoice_id, sent_on) row per reminder, "
        "inserted before sending.\n"
        "Files: SendInvoiceReminders.php; the create_reminder_logs_table migration added for "
        "the log.\n"
        "Error: the test queued only 150 of the 250 reminders because of a stale config cache; "
        "fixed by php artisan optimize:clear and a re-run.\n"
        "Next step: add the index on reminder_sent_at."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 300 words.
_READER_CHAT = """Task: BILL-877: customers got the overdue-invoice reminder twice because both app servers (web-1, web-2) run the scheduler; make each overdue invoice get one reminder a day.
Latest request, Marta's review of PR #341 with the user's answers: add an index on reminder_sent_at; say the reminders are already queued (InvoiceReminder implements ShouldQueue); the Sydney send time (08:00 UTC) is BILL-902, not now; add a test that a second run on the same day queues nothing.
Decision: onOneServer() and withoutOverlapping() on the schedule (the servers share Redis), and a reminder_sent_at column so a manual re-run skips invoices reminded today. This rules out a reminder_logs table.
The user's correction: no new table; use onOneServer() on the schedule and a reminder_sent_at timestamp instead.
Files changed: SendInvoiceReminders.php (skips invoices reminded today, stamps reminder_sent_at, pages with chunkById); routes/console.php (onOneServer, withoutOverlapping); the add_reminder_sent_at_to_invoices_table migration (the column, then its index); tests/Feature/SendInvoiceRemindersTest.php. The create_reminder_logs_table migration was created and deleted.
Errors: test_reminds_each_overdue_invoice_once queued the mailable 150 times instead of 250; php artisan optimize:clear and a re-run did not fix it; chunk() paged by offset while the callback set the filtered reminder_sent_at; fixed by chunkById(100).
Review (Marta) found: the column needs an index (added); why not queue the reminders (answered: InvoiceReminder already implements ShouldQueue); 08:00 UTC reaches Sydney in the evening (BILL-902); no test for a manual second run on the same day (pending).
Values: 250 overdue invoices in the test, 150 queued before the fix; chunks of 100; 18 tests (61 assertions); PR #341; BILL-877, BILL-902.
Roles: SendInvoiceReminders.php is the invoices:remind command; routes/console.php schedules it; app/Mail/InvoiceReminder.php is the queued mailable; SendInvoiceRemindersTest.php tests the command.
State: PR #341 is open; all 18 tests pass; the index is added but not pushed; the second-run test is not written.
Next step: add a test to tests/Feature/SendInvoiceRemindersTest.php that runs invoices:remind twice on the same day and asserts the second run queues nothing, run php artisan test, then push the index and the test to #341.
Pending: the second-run test and the push to #341; the Sydney send time later in BILL-902."""

# The spans whose last words name the right next step, and those whose last words only report
# what was done: the set does not simply reward a handoff that ignores the assistant's last
# sentence, nor one that copies it.
LAST_STEP_RIGHT = frozenset({"heldout14-claude-uploadactor"})
LAST_STEP_NONE = frozenset({"heldout14-chat-reminders"})

HELDOUT14 = HeldoutSet(
    prefix="heldout14-",
    shapes={
        "heldout14-codex-txpropagation": "codex",
        "heldout14-claude-uploadactor": "claude-code",
        "heldout14-chat-reminders": "openai-chat",
    },
    status=STATUS | {"not pushed", "not written"},
    production={
        # Codex's "Summary so far", and a brief Claude Code compaction.
        "heldout14-codex-txpropagation": Production(words=(150, 220), opens="Summary so far: "),
        "heldout14-claude-uploadactor": Production(words=(90, 160)),
    },
    stale=_STALE,
    readers={"heldout14-chat-reminders": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
