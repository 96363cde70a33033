"""The seventeenth held-out set: three spans written by authors who never ran the handoff on
them: an OpenAI-chat span (Ruby/Rails with Sidekiq 7's strict args; a chat log has no production
summary, so a reader's handoff stands in), a Claude Code span with its sectioned production
compaction (a Lua Neovim plugin), and a Codex span with its "Summary so far" (server-sent events
held back by gzip). The status words their answers use ("not pushed", "not written"), a careless
handoff of each, and which spans' last words name the right next step or none. The checks every
set passes are in `test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the re-run as the fix,
# and a step done already or put off to a ticket as the next step.
_STALE = {
    "heldout17-chat-strictargs": (
        "Decision: a JsonSafeArgs client middleware converts symbols and Time values to "
        "strings before every push.\n"
        "Files: report_export_job.rb; app/sidekiq/middleware/json_safe_args.rb added for the "
        "conversion.\n"
        "Error: the request spec kept failing with ':format is a Symbol' because Spring served "
        "the old controller; fixed by bin/spring stop and a re-run.\n"
        "Next: switch perform in report_export_job.rb to Time.iso8601."
    ),
    "heldout17-claude-fmtsave": (
        "Decision: snapshot winsaveview() of every window on the buffer and its lowercase marks "
        "before the write, and put them back after it.\n"
        "Files: lua/fmtsave/format.lua; lua/fmtsave/view.lua added for the snapshot.\n"
        "Error: the spec apply inserts a line failed against a stale plenary checkout in "
        ".tests; fixed by rm -rf .tests and a re-run.\n"
        "Next: add the large-file guard to lua/fmtsave/apply.lua for buffers over 10000 lines."
    ),
    "heldout17-codex-ssebursts": (
        "Decision: keep compression on for the build events: compress: false on the route and "
        "our own gzip in flushingGzip.ts, with a Z_SYNC_FLUSH after every event.\n"
        "Files: src/routes/buildEvents.ts; src/sse/flushingGzip.ts added for the flushing "
        "gzip.\n"
        "Error: the build events test timed out in 5000ms on Vite's cold transform of the app; "
        "fixed by a re-run with --testTimeout=20000.\n"
        "Next: set X-Accel-Buffering: no in src/routes/deployEvents.ts as well."
    ),
}

# A reader's handoff of the chat span, written from the span: the questions are answerable by a
# careful summary of about 300 words.
_READER_CHAT = """Task: REP-318: since the deploy that took Sidekiq from 6.5.12 to 7.2.4, the report Export button gives a 500: ArgumentError, job arguments to ReportExportJob must be native JSON types (:csv is a Symbol, and a Time was passed too).
Latest request, Dana's review of PR #2217 with the user's answers: use Time.iso8601 instead of Time.zone.parse; tell her strict_args stays on; the 1,284 failed exports are REP-325, not this PR; add spec/services/scheduled_reports_spec.rb checking the args enqueue_due pushes.
Decision: the call sites pass JSON-native positional arguments (report id, format String, ISO 8601 requested_at) and strict_args stays on. This rules out the JsonSafeArgs client middleware and strict_args!(false).
The user's correction: no middleware rewriting job arguments, no strict_args off; fix the two call sites and parse requested_at in perform.
Files changed: app/sidekiq/report_export_job.rb (positional perform, parses requested_at with Time.iso8601); app/controllers/reports_controller.rb and app/services/scheduled_reports.rb (the call sites); spec/requests/report_exports_spec.rb (new). app/sidekiq/middleware/json_safe_args.rb was created and deleted; the initializer was reverted.
Errors: the Export 500 (:csv is a Symbol), fixed by strings at the call sites. With keyword args the request spec failed with ':format is a Symbol' (a symbol-keyed Hash); bin/spring stop and a re-run did not help; fixed by positional arguments.
Review (Dana) found: Time.zone.parse returns nil on bad input (done: Time.iso8601); why not strict_args!(false) (answered: it stays on); the 1,284 exports that failed since Tuesday (REP-325); ScheduledReports.enqueue_due has no spec (open).
Values: Sidekiq 7.2.4; 1,284 Sentry events; 214 examples, 0 failures; PR #2217; REP-318, REP-325.
Roles: report_export_job.rb is the ReportExportJob Sidekiq job; reports_controller.rb has the export action; scheduled_reports.rb enqueues the nightly deliveries; report_exports_spec.rb tests the export request.
State: PR #2217 is open; 214 examples pass; the iso8601 parsing is changed but not committed, not pushed; the ScheduledReports spec is not written.
Next step: write spec/services/scheduled_reports_spec.rb that runs enqueue_due and checks the job's args are the id, the format string and an ISO 8601 string; run bin/rspec; then commit and push to #2217.
Pending: that spec and the push to #2217; the failed exports later in REP-325."""

# strictargs' last words only report what was done: the next step is inferred from what remains.
# fmtsave's last words start the large-file guard, which the user put off to #58: a stale step.
# ssebursts' last words name the right next step.
LAST_STEP_RIGHT = frozenset({"heldout17-codex-ssebursts"})
LAST_STEP_NONE = frozenset({"heldout17-chat-strictargs"})

HELDOUT17 = HeldoutSet(
    prefix="heldout17-",
    shapes={
        "heldout17-chat-strictargs": "openai-chat",
        "heldout17-claude-fmtsave": "claude-code",
        "heldout17-codex-ssebursts": "codex",
    },
    status=STATUS | {"not pushed", "not written"},
    production={
        # Claude Code's sectioned compaction
        "heldout17-claude-fmtsave": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        # Codex's "Summary so far"
        "heldout17-codex-ssebursts": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout17-chat-strictargs": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
