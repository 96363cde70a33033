"""Held out, seventeenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, Ruby/Rails with
Sidekiq: after the upgrade from Sidekiq 6.5.12 to 7.2.4 the report Export button answers 500,
because strict args rejects the Symbol and the Time the two call sites pass to ReportExportJob;
a JsonSafeArgs client middleware (a new file, and a line in the Sidekiq initializer) written,
then ruled out by the user for JSON-native arguments at the call sites with strict_args left on;
the middleware deleted and the initializer checked out; the assistant's keyword arguments fail
the request spec with ':format is a Symbol', which bin/spring stop and a re-run did not fix and
positional arguments did; a review with four points: one done in the span (Time.iso8601), one
answered (strict_args stays on), one a ticket (the exports that failed since the deploy), one
pending (a spec of the nightly ScheduledReports path); the assistant's last words only report
what it did and announce no next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_JOB = "app/sidekiq/report_export_job.rb"
_CTRL = "app/controllers/reports_controller.rb"
_SCHED = "app/services/scheduled_reports.rb"
_MW = "app/sidekiq/middleware/json_safe_args.rb"
_INIT = "config/initializers/sidekiq.rb"
_SPEC = "spec/requests/report_exports_spec.rb"
_STRICT = (
    "Job arguments to ReportExportJob must be native JSON types, but {bad} is a {cls}.\n"
    "       See https://github.com/sidekiq/sidekiq/wiki/Best-Practices\n"
    "       To disable this error, add `Sidekiq.strict_args!(false)` to your initializer."
)
_SPEC_FAIL = (
    "Running via Spring preloader in process {pid}\nF\n\nFailures:\n\n"
    "  1) POST /reports/:id/export enqueues one export and the job writes it\n"
    "     Failure/Error:\n"
    "       ReportExportJob.perform_async(@report.id, format: export_format,\n"
    "                                     requested_at: Time.current.iso8601)\n\n"
    "     ArgumentError:\n       "
    + _STRICT.format(bad=":format", cls="Symbol")
    + "\n     # ./app/controllers/reports_controller.rb:41:in `export'\n"
    "     # ./spec/requests/report_exports_spec.rb:11:in `block (2 levels) in <top (required)>'\n\n"
    "Finished in 0.91 seconds (files took 0.34 seconds to load)\n1 example, 1 failure\n\n"
    "Failed examples:\n\nrspec ./spec/requests/report_exports_spec.rb:8 # POST /reports/:id/export "
    "enqueues one export and the job writes it\n"
)

s = Script(
    "You are a coding assistant working in the reportly-web repository (Rails 7.1, Ruby 3.3, "
    "Sidekiq 7.2 on Redis, PostgreSQL, RSpec run through Spring with bin/rspec). You can read "
    "and edit files and run shell commands through the tools you are given."
)
s.user(
    "REP-318: since Tuesday's deploy, which took Sidekiq from 6.5.12 to 7.2.4, the Export button "
    "on a report gives a 500. Sentry has 1,284 events since Tuesday 14:02:\n\n"
    "ArgumentError: " + _STRICT.format(bad=":csv", cls="Symbol").replace("       ", "") + "\n"
    "  app/controllers/reports_controller.rb:41 in `export'\n\n"
    "Please get exports working again."
)
s.call(
    "run_command",
    "$ grep -rn 'ReportExportJob.perform_async' app lib\n"
    "app/controllers/reports_controller.rb:41:    ReportExportJob.perform_async(@report.id, "
    'params.fetch(:export_format, "csv").to_sym, Time.current)\n'
    "app/services/scheduled_reports.rb:7:      ReportExportJob.perform_async(report.id, "
    "report.delivery_format.to_sym, now)\n\n"
    f"$ cat {_JOB}\n"
    "class ReportExportJob\n  include Sidekiq::Job\n  sidekiq_options queue: :exports, retry: 5\n\n"
    "  def perform(report_id, format, requested_at)\n"
    "    report = Report.find(report_id)\n"
    "    requested_at = Time.zone.parse(requested_at.to_s)\n"
    "    ReportExporter.new(report, format: format.to_sym, as_of: requested_at).call\n"
    "  end\nend\n",
    command=f"grep -rn 'ReportExportJob.perform_async' app lib && cat {_JOB}",
)
s.call(
    "write_file",
    f"Wrote {_MW} (24 lines)",
    "Sidekiq 7 turns strict args on by default: job arguments must be native JSON (nil, "
    "booleans, integers, floats, strings, arrays and string-keyed hashes of those). Both call "
    "sites pass a Symbol (the format) and a Time; Sidekiq 6 let them through and JSON turned "
    "them into strings. Plan: one client middleware, JsonSafeArgs, that converts symbols to "
    "strings and Time values to ISO 8601 strings before every push, registered in the Sidekiq "
    "initializer, so the two call sites and any other job with the same habit keep working.",
    path=_MW,
    content="module Sidekiq\n  module Middleware\n    class JsonSafeArgs\n"
    "      include Sidekiq::ClientMiddleware\n\n"
    "      def call(_job_class, job, _queue, _redis_pool)\n"
    '        job["args"] = job["args"].map { |arg| coerce(arg) }\n        yield\n      end\n\n'
    "      private\n\n      def coerce(arg)\n        case arg\n"
    "        when Symbol then arg.to_s\n        when Time, DateTime then arg.iso8601\n"
    "        when Hash then arg.to_h { |k, v| [k.to_s, coerce(v)] }\n"
    "        when Array then arg.map { |v| coerce(v) }\n        else arg\n        end\n"
    "      end\n    end\n  end\nend\n",
)
s.call(
    "edit_file",
    f"Edited {_INIT}: 1 hunk, +4 -0",
    path=_INIT,
    old='Sidekiq.configure_client do |config|\n  config.redis = { url: ENV.fetch("REDIS_URL") }\n',
    new='Sidekiq.configure_client do |config|\n  config.redis = { url: ENV.fetch("REDIS_URL") }\n'
    "  config.client_middleware do |chain|\n    chain.add Sidekiq::Middleware::JsonSafeArgs\n"
    "  end\n",
)
s.user(
    "No middleware that rewrites job arguments behind the caller's back, and don't switch "
    "strict_args off either: the whole point is that a job gets exactly what it was given. "
    "Fix the two call sites so they pass JSON-native arguments (the report id, the format as a "
    "string, requested_at as an ISO 8601 string) and parse requested_at in perform. Take the "
    "middleware out."
)
s.call(
    "run_command",
    f"$ rm {_MW} && git checkout -- {_INIT} && git status --short\n",
    command=f"rm {_MW} && git checkout -- {_INIT} && git status --short",
)
s.call(
    "edit_file",
    f"Edited {_JOB}: 1 hunk, +3 -3",
    "Middleware deleted and the initializer back as it was. While changing the signature I'm "
    "making perform take keyword args, format: and requested_at:, so the call sites say what "
    "each value is.",
    path=_JOB,
    old="  def perform(report_id, format, requested_at)\n"
    "    report = Report.find(report_id)\n"
    "    requested_at = Time.zone.parse(requested_at.to_s)\n",
    new="  def perform(report_id, format:, requested_at:)\n"
    "    report = Report.find(report_id)\n"
    "    requested_at = Time.zone.parse(requested_at)\n",
)
s.call(
    "edit_file",
    f"Edited {_CTRL}: 1 hunk, +3 -1",
    path=_CTRL,
    old='    ReportExportJob.perform_async(@report.id, params.fetch(:export_format, "csv").to_sym, '
    "Time.current)\n",
    new='    export_format = params.fetch(:export_format, "csv").to_s\n'
    "    ReportExportJob.perform_async(@report.id, format: export_format,\n"
    "                                  requested_at: Time.current.iso8601)\n",
)
s.call(
    "edit_file",
    f"Edited {_SCHED}: 1 hunk, +2 -1",
    path=_SCHED,
    old="      ReportExportJob.perform_async(report.id, report.delivery_format.to_sym, now)\n",
    new="      ReportExportJob.perform_async(report.id, format: report.delivery_format.to_s,\n"
    "                                    requested_at: now.iso8601)\n",
)
s.call(
    "write_file",
    f"Wrote {_SPEC} (19 lines)",
    path=_SPEC,
    content='require "rails_helper"\n\nRSpec.describe "POST /reports/:id/export", type: :request '
    "do\n  let(:user) { create(:user) }\n  let(:report) { create(:report, account: user.account) }\n\n"
    "  before { sign_in user }\n\n"
    '  it "enqueues one export and the job writes it" do\n'
    "    Sidekiq::Testing.fake! do\n"
    '      post export_report_path(report), params: { export_format: "csv" }\n\n'
    "      expect(response).to redirect_to(report_path(report))\n"
    "      expect(ReportExportJob.jobs.size).to eq(1)\n"
    "      ReportExportJob.drain\n"
    '      expect(report.exports.last.format).to eq("csv")\n'
    "    end\n  end\nend\n",
)
s.call(
    "run_command",
    "$ bin/rspec spec/requests/report_exports_spec.rb\n" + _SPEC_FAIL.format(pid=48211),
    command="bin/rspec spec/requests/report_exports_spec.rb",
)
s.call(
    "run_command",
    "$ bin/spring stop && bin/rspec spec/requests/report_exports_spec.rb\nSpring stopped.\n"
    + _SPEC_FAIL.format(pid=48377),
    "The values are strings now, so this looks like the Spring preloader still serving the "
    "controller as it was before the edit. Stopping Spring and running the spec again.",
    command="bin/spring stop && bin/rspec spec/requests/report_exports_spec.rb",
)
s.call(
    "edit_file",
    f"Edited {_JOB}: 1 hunk, +2 -2",
    "Not Spring: a fresh process fails the same way. Sidekiq has no keyword arguments; Ruby "
    "hands the keywords to perform_async as a trailing Hash, and its keys are symbols, so "
    "strict args rejects :format (the values were never the problem now). Even with strict args "
    "off, perform would get a string-keyed Hash and raise missing keyword: :format. Back to "
    "positional arguments: perform(report_id, format, requested_at), with an Integer and two "
    "Strings at the call sites.",
    path=_JOB,
    old="  def perform(report_id, format:, requested_at:)\n",
    new="  def perform(report_id, format, requested_at)\n",
)
s.call(
    "edit_file",
    f"Edited {_CTRL}: 1 hunk, +1 -2",
    path=_CTRL,
    old="    ReportExportJob.perform_async(@report.id, format: export_format,\n"
    "                                  requested_at: Time.current.iso8601)\n",
    new="    ReportExportJob.perform_async(@report.id, export_format, Time.current.iso8601)\n",
)
s.call(
    "edit_file",
    f"Edited {_SCHED}: 1 hunk, +1 -2",
    path=_SCHED,
    old="      ReportExportJob.perform_async(report.id, format: report.delivery_format.to_s,\n"
    "                                    requested_at: now.iso8601)\n",
    new="      ReportExportJob.perform_async(report.id, report.delivery_format.to_s, now.iso8601)\n",
)
s.call(
    "run_command",
    "$ bin/rspec\nRunning via Spring preloader in process 48502\n"
    "...................................................................................\n"
    "...................................................................................\n"
    "................................................\n\n"
    "Finished in 38.62 seconds (files took 2.87 seconds to load)\n"
    "214 examples, 0 failures\n\n"
    '$ bin/rails runner \'p ReportExportJob.perform_async(Report.first.id, "csv", '
    'Time.current.iso8601)\'\n"b3f6c1d2a9e04f7c81a5e0d4"\n',
    command="bin/rspec && bin/rails runner 'p ReportExportJob.perform_async(Report.first.id, "
    '"csv", Time.current.iso8601)\'',
)
s.say(
    "All 214 examples pass, including the new request spec, and a push from the console now "
    "returns a jid instead of raising. Both call sites pass the report id, the format as a "
    "String and requested_at as an ISO 8601 String; strict_args stays on."
)
s.call(
    "run_command",
    "$ git checkout -b rep-318-json-job-args && git add -A && git commit -m 'Pass JSON-native "
    "args to ReportExportJob (REP-318)' && git push -u origin HEAD && gh pr create --fill\n"
    "Switched to a new branch 'rep-318-json-job-args'\n"
    "[rep-318-json-job-args 5d0e8a1] Pass JSON-native args to ReportExportJob (REP-318)\n"
    " 4 files changed, 26 insertions(+), 3 deletions(-)\n create mode 100644 "
    "spec/requests/report_exports_spec.rb\n"
    "https://github.com/reportly/reportly-web/pull/2217\n",
    command="git checkout -b rep-318-json-job-args && git add -A && git commit -m 'Pass "
    "JSON-native args to ReportExportJob (REP-318)' && git push -u origin HEAD && gh pr create "
    "--fill",
)
s.user(
    "Dana reviewed #2217:\n"
    "1. perform uses Time.zone.parse, which returns nil for a string it can't read; use "
    "Time.iso8601 so a bad argument fails loudly.\n"
    "2. Why not Sidekiq.strict_args!(false) until we've audited every job?\n"
    "3. What about the 1,284 exports that failed since Tuesday? Those users never got a file.\n"
    "4. ScheduledReports.enqueue_due has no spec at all, and the nightly deliveries broke the "
    "same way.\n"
    "My answers: 1, yes, do it. 2, no: tell her strict_args stays on, it's what caught this. "
    "3 is REP-325, support will email them, not in this PR. 4, yes: add "
    "spec/services/scheduled_reports_spec.rb that runs enqueue_due and checks the job's args "
    "are the id, the format string and an ISO 8601 string."
)
s.call(
    "edit_file",
    f"Edited {_JOB}: 1 hunk, +1 -1",
    path=_JOB,
    old="    requested_at = Time.zone.parse(requested_at)\n",
    new="    requested_at = Time.iso8601(requested_at).in_time_zone\n",
)
s.call(
    "run_command",
    "$ bin/rspec\nRunning via Spring preloader in process 48940\n"
    "...................................................................................\n"
    "...................................................................................\n"
    "................................................\n\n"
    "Finished in 37.94 seconds (files took 2.91 seconds to load)\n"
    "214 examples, 0 failures\n",
    command="bin/rspec",
)
s.say(
    "perform in app/sidekiq/report_export_job.rb now reads requested_at with "
    "Time.iso8601(requested_at).in_time_zone, so a malformed value raises ArgumentError "
    "instead of becoming nil; the 214 examples pass with it."
)
s.call(
    "run_command",
    "$ gh pr comment 2217 --body-file /tmp/pr2217.md\n"
    "https://github.com/reportly/reportly-web/pull/2217#issuecomment-2210584\n",
    command="gh pr comment 2217 --body-file /tmp/pr2217.md",
)
s.say(
    "Replied to Dana on #2217: strict_args stays on because it is what caught these arguments, "
    "and the exports that failed since Tuesday are tracked in REP-325, where support emails the "
    "affected users."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "REP-318: since the deploy that upgraded Sidekiq from 6.5.12 to 7.2.4 the report "
             "Export button gives a 500 (ArgumentError: job arguments to ReportExportJob must be "
             "native JSON types, :csv is a Symbol); get exports working again.",
             must=(("500", "argumenterror", "native json", "export"),
                   ("sidekiq 7", "7.2.4", "strict", "rep-318")),
             partial_means="The 500 without the Sidekiq upgrade, or the ticket alone.",
             wrong="Exports that are slow or produce a wrong file."),
    Question("latest_request", "What did the user last ask?",
             "Dana's review of PR #2217 with the user's answers: use Time.iso8601 instead of "
             "Time.zone.parse; tell Dana strict_args stays on; the 1,284 failed exports are "
             "REP-325, not this PR; add spec/services/scheduled_reports_spec.rb that runs "
             "enqueue_due and checks the job's args are the id, the format string and an "
             "ISO 8601 string.",
             must=(("scheduled_reports_spec", "scheduledreports", "scheduled reports",
                    "enqueue_due", "nightly"),
                   ("iso8601", "strict_args", "strict args", "rep-325")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "dana", "answers"),
             partial_means="One of the points to act on.",
             wrong="Turning strict_args off; re-running the failed exports now.",
             stale_means="The no-middleware correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Dana's last point, the one left: write spec/services/scheduled_reports_spec.rb "
             "that runs ScheduledReports.enqueue_due and asserts the ReportExportJob args are "
             "the report id, the format string and an ISO 8601 string, run bin/rspec, then "
             "commit and push it with the Time.iso8601 change to PR #2217.",
             must=(("scheduled_reports_spec", "spec for scheduledreports",
                    "scheduledreports spec", "spec for enqueue_due", "enqueue_due spec"),
                   ("enqueue_due", "args", "iso 8601", "iso8601")),
             stale=("time.iso8601", "json_safe_args", "jsonsafeargs", "bin/spring stop"),
             partial_means="Says to push without the ScheduledReports spec, or a spec without "
                           "what it checks.",
             wrong="Turning strict_args off; re-sending the failed exports.",
             stale_means="Says to switch perform to Time.iso8601 (done), or to add the "
                         "JsonSafeArgs middleware (ruled out)."),
    Question("files_edited", "Which files were changed, and why?",
             "app/sidekiq/report_export_job.rb (positional perform(report_id, format, "
             "requested_at), parses requested_at with Time.iso8601); "
             "app/controllers/reports_controller.rb and app/services/scheduled_reports.rb (the "
             "two call sites pass the id, the format String and an ISO 8601 String); "
             "spec/requests/report_exports_spec.rb (new request spec). "
             "app/sidekiq/middleware/json_safe_args.rb was created and deleted, and "
             "config/initializers/sidekiq.rb checked out again.",
             must=(("report_export_job.rb",), ("reports_controller.rb",),
                   ("scheduled_reports.rb", "report_exports_spec.rb")),
             stale=("json_safe_args.rb",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="config/initializers/sidekiq.rb given as changed for strict_args.",
             stale_means="The json_safe_args.rb middleware listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The call sites pass JSON-native positional arguments (the report id, the format "
             "as a String, requested_at as an ISO 8601 String) and strict_args stays on; it "
             "rules out the JsonSafeArgs client middleware that rewrote arguments before each "
             "push, and Sidekiq.strict_args!(false).",
             must=(("call sites", "call site", "json-native", "native json", "positional",
                    "strings"),
                   ("strict_args", "strict args"),
                   ("middleware", "jsonsafeargs", "json_safe_args")),
             partial=2,
             stale=("client middleware",),
             partial_means="JSON-native arguments without strict_args staying on or without "
                           "what it rules out.",
             wrong="Turning strict args off; serialising the job arguments with Marshal.",
             stale_means="The JsonSafeArgs middleware given as the design."),
    Question("review", "What did the review find?",
             "Dana on #2217: Time.zone.parse returns nil on bad input, use Time.iso8601 (done); "
             "why not strict_args!(false) until every job is audited (answered: it stays on); "
             "the 1,284 exports that failed since Tuesday (REP-325, support emails the users); "
             "ScheduledReports.enqueue_due has no spec (pending).",
             must=(("iso8601", "time.zone.parse"), ("strict_args", "strict args"),
                   ("1,284", "1284", "rep-325", "failed since", "failed exports"),
                   ("scheduledreports", "scheduled_reports", "enqueue_due", "nightly")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "dana", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The ':format is a Symbol' spec failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No middleware that rewrites job arguments and no strict_args!(false): fix the two "
             "call sites to pass JSON-native arguments (id, format String, ISO 8601 "
             "requested_at), parse requested_at in perform, and take the middleware out.",
             must=(("middleware",),
                   ("call sites", "call site", "json-native", "native json", "strict_args",
                    "strict args")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No middleware without what to do instead, or the reverse.",
             wrong="The spec failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The Export 500: ArgumentError, job arguments must be native JSON types, :csv is a "
             "Symbol (strict args in Sidekiq 7, a Symbol and a Time passed); then the request "
             "spec failed with ':format is a Symbol' because keyword args reach perform_async "
             "as a symbol-keyed Hash; bin/spring stop and a re-run did not fix it; fixed by "
             "positional arguments perform(report_id, format, requested_at) with an id and two "
             "Strings.",
             must=(("symbol",), ("positional",)),
             stale=("fixed by bin/spring stop", "fixed by stopping spring",
                    "fixed by restarting spring", "fixed by re-running", "spring preloader"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A Redis connection error; a missing ReportExporter.",
             stale_means="The spec failure 'fixed' by bin/spring stop or a re-run."),
    Question("key_values", "Which key values matter?",
             "Sidekiq 6.5.12 to 7.2.4; 1,284 Sentry events since Tuesday 14:02; 214 examples, "
             "0 failures; PR #2217; REP-318 and REP-325; queue exports, retry 5.",
             must=(("1,284", "1284", "214 examples", "214", "7.2.4"),
                   ("#2217", "2217", "rep-325")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/sidekiq/report_export_job.rb is the ReportExportJob Sidekiq job; "
             "app/controllers/reports_controller.rb has the export action (the Export button); "
             "app/services/scheduled_reports.rb enqueues the nightly deliveries; "
             "spec/requests/report_exports_spec.rb tests the export request; "
             "config/initializers/sidekiq.rb configures the Sidekiq client.",
             must=(("report_export_job.rb",),
                   ("reports_controller.rb", "scheduled_reports.rb", "report_exports_spec.rb")),
             partial_means="The files named without what they hold.",
             wrong="json_safe_args.rb as the argument converter in use."),
    Question("pending", "What work is still pending?",
             "spec/services/scheduled_reports_spec.rb (Dana's last point), then commit and push "
             "it with the Time.iso8601 change to #2217; the failed exports later in REP-325.",
             must=(("scheduled_reports_spec", "spec for scheduledreports",
                    "scheduledreports spec", "enqueue_due"),
                   ("push", "commit", "#2217", "rep-325")),
             partial_means="The spec without the rest, or the reverse.",
             wrong="The Time.iso8601 change or the strict_args reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #2217 is open with JSON-native positional arguments at both call sites and the "
             "request spec; 214 examples pass; since the review the Time.iso8601 change is made "
             "but not committed or pushed, Dana is answered on strict_args, the failed exports "
             "are REP-325; the ScheduledReports spec is not written.",
             must=(("214 examples", "0 failures", "specs pass", "tests pass", "214 pass"),
                   ("not committed", "not pushed", "not written", "uncommitted")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the failed exports re-sent.",
             stale_means="Says a middleware converts the job arguments."),
)  # fmt: skip

PRODUCTION = None
