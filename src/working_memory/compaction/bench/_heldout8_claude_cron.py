"""Held out, eighth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Go: a job scheduled "0 9 1 * 1" (the 1st
and every Monday) fires only on a 1st that is a Monday, because the home-grown cron matcher ANDs
day-of-month and day-of-week; swapping the parser for robfig/cron (a wrapper in sched/compat.go,
go.mod changed) written, then ruled out by the user (no new dependency), the wrapper deleted
and go.mod reverted; an OR-when-both-restricted fix that made weekday jobs spelled with '?'
fire every day, and a restriction flag recorded at parse time that fixed it; a review pasted
from chat with four findings: one done, one rejected for the reason already given, one to be
listed and not changed, one a ticket; the assistant's last words name the day-of-week 7 change,
already done and tested. The production compaction is Claude Code's full nine-section one."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/ines/tidewater"
)
s.user(
    'The invoice-reminder job is scheduled "0 9 1 * 1" in deploy/jobs.yaml: it should run on '
    "the 1st of every month AND every Monday, like crontab does. It ran on no Monday in "
    "February and skipped March 1st too. Our scheduler parses cron itself, in sched/parse.go "
    "and sched/match.go. Fix it."
)
s.call(
    "Read",
    "     1→package sched\n     2→\n     3→// Matches reports whether t falls on the spec.\n"
    "     4→func (s *Spec) Matches(t time.Time) bool {\n"
    "     5→\treturn s.minute.has(t.Minute()) && s.hour.has(t.Hour()) &&\n"
    "     6→\t\ts.dom.has(t.Day()) && s.month.has(int(t.Month())) &&\n"
    "     7→\t\ts.dow.has(int(t.Weekday()))\n     8→}\n",
    file_path="/home/ines/tidewater/sched/match.go",
)
s.call(
    "Read",
    "    31→func parseField(f string, lo, hi int) (bitset, error) {\n"
    '    32→\tif f == "*" || f == "?" {\n    33→\t\treturn fullSet(lo, hi), nil\n    34→\t}\n'
    "    ...\n    58→func Parse(expr string) (*Spec, error) {\n"
    "    59→\tparts := strings.Fields(expr)\n    60→\tif len(parts) != 5 {\n"
    '    61→\t\treturn nil, fmt.Errorf("cron: want 5 fields, got %d", len(parts))\n',
    file_path="/home/ines/tidewater/sched/parse.go",
)
s.call(
    "Bash",
    "deploy/jobs.yaml:41:  - name: invoice-reminder\n"
    'deploy/jobs.yaml:42-    schedule: "0 9 1 * 1"\n'
    "deploy/jobs.yaml:43-    run: billing remind --overdue\n",
    command="grep -n -A2 'invoice-reminder' deploy/jobs.yaml",
    description="Find the job's schedule",
)
s.call(
    "Read",
    "     1→package sched\n     2→\n"
    "     3→// Next returns the first time after t that matches, scanning minute by minute.\n"
    "     4→func (s *Spec) Next(t time.Time) (time.Time, error) {\n"
    "     5→\tt = t.Truncate(time.Minute).Add(time.Minute)\n"
    "     6→\tfor i := 0; i < 4*366*24*60; i++ {\n"
    "     7→\t\tif s.Matches(t) {\n     8→\t\t\treturn t, nil\n     9→\t\t}\n"
    "    10→\t\tt = t.Add(time.Minute)\n    11→\t}\n"
    "    12→\treturn time.Time{}, ErrNoMatch\n    13→}\n",
    file_path="/home/ines/tidewater/sched/next.go",
)
s.call(
    "Bash",
    "ok  \tgithub.com/tidewater/ops/sched\t0.027s\nDONE 50 tests in 1.982s\n",
    command="go test ./sched/ -count=1 && gotestsum --format dots ./...",
    description="Run the tests before changing anything",
)
s.say(
    'Found it: Matches() ANDs day-of-month and day-of-week, so "0 9 1 * 1" only matches a '
    "1st that is a Monday (the next one is 2026-06-01). Vixie cron ORs the two fields when "
    "both are restricted. Rather than patch our parser I'd replace it with "
    "github.com/robfig/cron/v3, which implements the standard semantics and is widely used: a "
    "thin wrapper in sched/compat.go keeps the Spec API."
)
s.call(
    "Bash",
    "go: added github.com/robfig/cron/v3 v3.0.1\n",
    command="go get github.com/robfig/cron/v3@v3.0.1",
    description="Add robfig/cron",
)
s.call(
    "Write",
    "File created successfully at: /home/ines/tidewater/sched/compat.go",
    file_path="/home/ines/tidewater/sched/compat.go",
    content='package sched\n\nimport cron "github.com/robfig/cron/v3"\n\n'
    "// Spec wraps robfig's schedule so callers keep Parse/Next.\n"
    "type Spec struct{ s cron.Schedule }\n\n"
    "func Parse(expr string) (*Spec, error) {\n"
    "\ts, err := cron.ParseStandard(expr)\n\treturn &Spec{s}, err\n}\n",
)
s.user(
    "No new dependency for this. The scheduler runs inside the billing service, and every "
    "module we add there goes through a security review that takes weeks. Keep our parser and "
    "fix the day matching in match.go. Delete compat.go and put go.mod and go.sum back."
)
s.call(
    "Bash",
    "",
    command="rm sched/compat.go && git checkout -- go.mod go.sum && git status --short",
    description="Delete the wrapper, revert go.mod and go.sum",
)
s.call(
    "Edit",
    "The file /home/ines/tidewater/sched/match.go has been updated.",
    file_path="/home/ines/tidewater/sched/match.go",
    old_string="\t\ts.dom.has(t.Day()) && s.month.has(int(t.Month())) &&\n"
    "\t\ts.dow.has(int(t.Weekday()))\n",
    new_string="\t\ts.month.has(int(t.Month())) && s.dayMatches(t)\n}\n\n"
    "// dayMatches ORs day-of-month and day-of-week when both are restricted, as cron does.\n"
    "func (s *Spec) dayMatches(t time.Time) bool {\n"
    "\tdom, dow := s.dom.has(t.Day()), s.dow.has(int(t.Weekday()))\n"
    "\tif s.dom != fullSet(1, 31) && s.dow != fullSet(0, 6) {\n\t\treturn dom || dow\n\t}\n"
    "\treturn dom && dow\n",
)
s.call(
    "Write",
    "File created successfully at: /home/ines/tidewater/sched/days_test.go",
    file_path="/home/ines/tidewater/sched/days_test.go",
    content="package sched\n\nfunc TestDomOrDow(t *testing.T) {\n"
    '\tassertNext(t, "0 9 1 * 1", "2026-02-27T10:00", "2026-03-01T09:00")\n'
    '\tassertNext(t, "0 9 1 * 1", "2026-03-01T10:00", "2026-03-02T09:00")\n}\n\n'
    "func TestWeekdaysOnly(t *testing.T) {\n"
    '\tassertNext(t, "30 6 ? * 1-5", "2026-02-27T07:00", "2026-03-02T06:30")\n}\n',
)
s.call(
    "Bash",
    "--- FAIL: TestWeekdaysOnly (0.00s)\n"
    '    days_test.go:9: Next("30 6 ? * 1-5", 2026-02-27T07:00) = 2026-02-28T06:30, want '
    "2026-03-02T06:30\nFAIL\nFAIL\tgithub.com/tidewater/ops/sched\t0.031s\n",
    command="go test ./sched/ -run 'Dom|Weekdays' -count=1",
    description="Run the day-matching tests",
)
s.say(
    "TestDomOrDow passes, but TestWeekdaysOnly now fires on Saturday 2026-02-28. "
    "The deploy configs write an unrestricted day-of-month as '?', Quartz style; parseField "
    "expands '?' to the full set, so comparing the bitset with fullSet(1, 31) should already "
    "treat it as unrestricted. Maybe the bitset's range is off by one; checking fullSet."
)
s.call(
    "Bash",
    "sched/parse.go:12:func fullSet(lo, hi int) bitset { return bitset(1<<(hi+1) - 1<<lo) }\n"
    "sched/parse.go:40:\t\tdom, err = parseField(parts[2], 1, 31)\n"
    "sched/parse.go:44:\t\tdow, err = parseField(parts[4], 0, 7)\n",
    command="grep -n 'fullSet\\|parseField(parts' sched/parse.go",
    description="Check how the day fields are parsed",
)
s.say(
    "fullSet is right; the ranges are not what match.go assumed. Day-of-week is parsed over "
    "0-7 (7 is Sunday too), so a full day-of-week set is fullSet(0, 7), never fullSet(0, 6), "
    'and every dow looks restricted. Comparing bitsets is fragile anyway: "1-31" would also '
    "count as unrestricted. Recording at parse time whether the field was written as '*' or "
    "'?' is what cron itself does."
)
s.call(
    "Edit",
    "The file /home/ines/tidewater/sched/parse.go has been updated.",
    file_path="/home/ines/tidewater/sched/parse.go",
    old_string="\t\tdom, err = parseField(parts[2], 1, 31)\n",
    new_string="\t\t// cron ORs the day fields only when both were written restricted\n"
    '\t\tspec.domStar = parts[2] == "*" || parts[2] == "?"\n'
    '\t\tspec.dowStar = parts[4] == "*" || parts[4] == "?"\n'
    "\t\tdom, err = parseField(parts[2], 1, 31)\n",
)
s.call(
    "Edit",
    "The file /home/ines/tidewater/sched/match.go has been updated.",
    file_path="/home/ines/tidewater/sched/match.go",
    old_string="\tif s.dom != fullSet(1, 31) && s.dow != fullSet(0, 6) {\n",
    new_string="\tif !s.domStar && !s.dowStar {\n",
)
s.call(
    "Bash",
    "ok  \tgithub.com/tidewater/ops/sched\t0.029s\nDONE 52 tests in 2.114s\n",
    command="go test ./sched/ -run 'Dom|Weekdays' -count=1 && gotestsum --format dots ./...",
    description="Re-run the day tests, then the whole module",
)
s.say(
    "Fixed. Parse() records whether day-of-month and day-of-week were written as '*' or '?' "
    '(domStar, dowStar), and dayMatches() ORs them only when both are restricted. "0 9 1 * 1" '
    "now fires on 2026-03-01 and on 2026-03-02; weekday jobs written with '?' skip weekends. "
    "All 52 tests pass."
)
s.user(
    "Pasting what Dmitri wrote in #billing-eng about the branch:\n"
    '> a) dow 7 parses but Matches never sees 7, time.Weekday is 0-6, so "0 9 * * 7" '
    "never fires. Fold 7 into 0.\n"
    "> b) honestly just vendor robfig/cron, it's battle-tested\n"
    "> c) this changes behaviour for every job with both fields set. Someone may rely on the "
    "AND. grep deploy/jobs.yaml\n"
    '> d) Next() gives up after 4 years of minutes, "0 0 29 2 1" might hit that\n'
    "a yes. b no, same reason as before: no new modules in billing. c: don't change any "
    "schedule, just list every job in deploy/jobs.yaml with both day fields restricted in the "
    "PR description so the owners can check. d is SCHED-140, leave it. Then commit and open "
    "the PR."
)
s.call(
    "Edit",
    "The file /home/ines/tidewater/sched/parse.go has been updated.",
    file_path="/home/ines/tidewater/sched/parse.go",
    old_string="\t\tdow, err = parseField(parts[4], 0, 7)\n",
    new_string="\t\tdow, err = parseField(parts[4], 0, 7)\n"
    "\t\tif dow.has(7) { // 7 is Sunday too; time.Weekday only gives 0\n"
    "\t\t\tdow = dow.with(0).without(7)\n\t\t}\n",
)
s.call(
    "Edit",
    "The file /home/ines/tidewater/sched/days_test.go has been updated.",
    file_path="/home/ines/tidewater/sched/days_test.go",
    old_string="func TestWeekdaysOnly(t *testing.T) {\n",
    new_string="func TestSundayAsSeven(t *testing.T) {\n"
    '\tassertNext(t, "0 9 * * 7", "2026-02-27T10:00", "2026-03-01T09:00")\n}\n\n'
    "func TestWeekdaysOnly(t *testing.T) {\n",
)
s.call(
    "Bash",
    "ok  \tgithub.com/tidewater/ops/sched\t0.033s\nDONE 53 tests in 2.087s\n",
    command="go test ./sched/ -count=1 && gotestsum --format dots ./...",
    description="Run the sched tests and the module",
)
s.say(
    "Dmitri's (a) is done: Parse() folds day-of-week 7 into 0, and TestSundayAsSeven passes "
    '("0 9 * * 7" fires on Sunday 2026-03-01). All 53 tests pass. Next I\'ll make day-of-week '
    "7 parse as Sunday, then look at the jobs file."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "The invoice-reminder job \"0 9 1 * 1\" in deploy/jobs.yaml should run on the 1st "
             "of every month and every Monday, as crontab does, but the home-grown scheduler "
             "(sched/parse.go, sched/match.go) ANDs day-of-month and day-of-week, so it skipped "
             "February's Mondays and March 1st; fix it.",
             must=(("0 9 1 * 1", "invoice-reminder", "monday"),
                   ("cron", "day-of-week", "day-of-month", "match.go", "scheduler")),
             partial_means="The scheduler named without the day-matching bug, or the reverse.",
             wrong="A time zone bug; a job that runs twice."),
    Question("latest_request", "What did the user last ask?",
             "Dmitri's review: do (a) (fold day-of-week 7 into 0); not (b) (no new modules in "
             "billing); for (c) change no schedule but list every job in deploy/jobs.yaml with "
             "both day fields restricted in the PR description; (d) is SCHED-140, leave it; then "
             "commit and open the PR.",
             must=(("7",), ("jobs.yaml", "both day fields", "list every job"),
                   ("open the pr", "commit", "pr description")),
             partial_means="One or two of: the 7 fix, the job list, the PR.",
             wrong="Vendoring robfig/cron; fixing the four-year limit in Next().",
             stale_means="The no-dependency correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Grep deploy/jobs.yaml for every job whose day-of-month and day-of-week are both "
             "restricted (neither '*' nor '?'), list them in the PR description for their "
             "owners to check, change none of them, then commit and open the PR. Day-of-week 7 "
             "is already folded into 0 and tested.",
             must=(("jobs.yaml",), ("both day fields", "both restricted", "both fields",
                                    "list", "pr description")),
             stale=("make day-of-week 7 parse as sunday", "vendor robfig", "checking fullset"),
             partial_means="Says to open the PR without listing the jobs, or to list them "
                           "without the PR.",
             wrong="Changing the schedules in jobs.yaml; vendoring robfig/cron.",
             stale_means="Says to make day-of-week 7 parse as Sunday: done and tested two calls "
                         "before."),
    Question("files_edited", "Which files were changed, and why?",
             "sched/match.go (dayMatches(): OR the day fields when both are restricted); "
             "sched/parse.go (domStar/dowStar recorded at parse time, day-of-week 7 folded into "
             "0); sched/days_test.go (new: TestDomOrDow, TestWeekdaysOnly, TestSundayAsSeven). "
             "sched/compat.go (a robfig/cron wrapper) was created and deleted; go.mod and go.sum "
             "reverted.",
             must=(("match.go",), ("parse.go",), ("days_test.go",)),
             stale=("compat.go", "robfig/cron/v3 v3.0.1"),
             spread=True,
             partial_means="One or two of the three.",
             wrong="deploy/jobs.yaml given as changed.",
             stale_means="sched/compat.go or the robfig/cron dependency listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Keep the project's own parser and fix the day matching: OR day-of-month and "
             "day-of-week when both are restricted, with the restriction (domStar/dowStar, "
             "written as '*' or '?') recorded at parse time. Rules out replacing the parser "
             "with robfig/cron (no new dependency in billing: security review takes weeks) and "
             "comparing bitsets with fullSet.",
             must=(("domstar", "dowstar", "ors", "both are restricted",
                    "both restricted"),
                   ("robfig", "no new dependency", "no new module")),
             stale=("replace it with github.com/robfig/cron", "rather than patch our parser"),
             partial_means="The OR fix without what it rules out.",
             wrong="Vendoring robfig/cron given as the design.",
             stale_means="Replacing the parser with robfig/cron given as the design."),
    Question("review", "What did the review find?",
             "Dmitri: (a) day-of-week 7 parses but never matches (time.Weekday is 0-6): done; "
             "(b) vendor robfig/cron: rejected, no new modules in billing; (c) the change "
             "alters every job with both day fields set, someone may rely on the AND: list "
             "them; (d) Next() gives up after 4 years, \"0 0 29 2 1\" might hit it: SCHED-140.",
             must=(("7",), ("robfig", "vendor"), ("rely on the and", "both fields",
                                                   "jobs.yaml"),
                   ("4 years", "sched-140", "gives up")),
             partial_means="Two or three of the four findings.",
             wrong="The weekend firing of '?' jobs (the agent's own test found that)."),
    Question("corrections", "How did the user correct the agent?",
             "No new dependency: every module added to the billing service goes through a "
             "security review that takes weeks; keep the own parser and fix the day matching "
             "in match.go; delete compat.go and put go.mod and go.sum back.",
             must=(("dependency", "security review", "module"),
                   ("compat.go", "go.mod", "own parser", "our parser")),
             partial_means="No dependency without where the fix goes, or the reverse.",
             wrong="Dmitri's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "TestWeekdaysOnly failed: Next(\"30 6 ? * 1-5\") = 2026-02-28T06:30 (a Saturday), "
             "want 2026-03-02T06:30: day-of-week is parsed over 0-7, so comparing it with "
             "fullSet(0, 6) made every dow look restricted. Not an off-by-one in fullSet; fixed "
             "by recording domStar/dowStar ('*' or '?') at parse time.",
             must=(("testweekdaysonly", "2026-02-28", "saturday", "weekend"),
                   ("domstar", "dowstar", "parse time", "0-7")),
             stale=("fixed by checking fullset", "the bitset s range is off by one",
                    "off by one"),
             partial_means="The failing test without the parse-time fix.",
             wrong="The March 1st skip given as the test error.",
             stale_means="The error put down to an off-by-one in fullSet."),
    Question("key_values", "Which key values matter?",
             "\"0 9 1 * 1\" fires 2026-03-01 and 2026-03-02 (AND: next 2026-06-01); \"30 6 ? * "
             "1-5\"; 50 tests before, 52 then 53; robfig/cron/v3 v3.0.1 (rejected); SCHED-140; Next()'s "
             "4-year limit.",
             must=(("53", "52"), ("2026-03-01", "2026-06-01", "sched-140", "v3.0.1")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "sched/parse.go parses cron expressions (Parse, parseField, fullSet); "
             "sched/match.go holds Matches()/dayMatches(); deploy/jobs.yaml holds the jobs' "
             "schedules; sched/days_test.go the day-matching tests.",
             must=(("parse.go",), ("matches()", "daymatches", "parsefield"),
                   ("jobs.yaml", "days_test.go")),
             partial_means="Two of the three.",
             wrong="compat.go described as a current file."),
    Question("pending", "What work is still pending?",
             "List the jobs in deploy/jobs.yaml with both day fields restricted in the PR "
             "description (no schedule changed); commit and open the PR; SCHED-140 stays for "
             "later.",
             must=(("jobs.yaml",), ("open the pr", "commit", "pr description")),
             partial_means="One of the two.",
             wrong="Vendoring robfig/cron; the day-of-week 7 fix (done)."),
    Question("state", "What is the state of the work?",
             "The OR matching with parse-time restriction and the day-of-week 7 fold are done; "
             "all 53 tests pass (TestSundayAsSeven included); jobs.yaml is not checked, nothing "
             "is committed and no PR is open.",
             must=(("53",), ("uncommitted", "not committed", "not yet", "no pr",
                             "not checked")),
             partial_means="The passing tests without what is left.",
             wrong="Says the job still skips Mondays or the tests fail.",
             stale_means="Says the sched package still uses robfig/cron."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The invoice-reminder job "0 9 1 * 1" skipped Mondays and March 1st because our cron matcher ANDed the day fields; my robfig/cron replacement was rejected by the user; a weekday test failed until the day restriction was recorded at parse time; Dmitri reviewed.

Summary:
1. Primary Request and Intent:
   The job "0 9 1 * 1" in deploy/jobs.yaml must run on the 1st of every month and every Monday, as crontab does; the scheduler parses cron itself in sched/parse.go and sched/match.go. Latest request (Dmitri's review, answered by the user): do (a), fold day-of-week 7 into 0; not (b), no new modules in billing; for (c) change no schedule, list every job in deploy/jobs.yaml with both day fields restricted in the PR description; (d) is SCHED-140; then commit and open the PR.
2. Key Technical Concepts:
   - Decision: keep our own parser; dayMatches() ORs day-of-month and day-of-week only when both are restricted, with domStar/dowStar (field written as '*' or '?') recorded at parse time. This rules out replacing the parser with github.com/robfig/cron/v3 (the user: no new dependency, every module in billing needs a security review that takes weeks).
   - Day-of-week is parsed over 0-7; time.Weekday gives 0-6.
   - sched/parse.go parses the expressions (Parse, parseField, fullSet); sched/match.go holds Matches() and dayMatches(); deploy/jobs.yaml holds every job's schedule.
3. Files and Code Sections:
   - sched/match.go (edited): Matches() calls dayMatches(), OR when !domStar && !dowStar.
   - sched/parse.go (edited): sets domStar/dowStar in Parse(); folds day-of-week 7 into 0.
   - sched/days_test.go (new): TestDomOrDow, TestWeekdaysOnly, TestSundayAsSeven.
   - sched/compat.go: a robfig/cron wrapper, created and then deleted; go.mod and go.sum reverted with git checkout.
4. Errors and fixes:
   - TestWeekdaysOnly failed: Next("30 6 ? * 1-5", 2026-02-27T07:00) = 2026-02-28T06:30, want 2026-03-02T06:30. Comparing the dow bitset with fullSet(0, 6) made every dow look restricted (it is parsed over 0-7); fixed by recording domStar/dowStar at parse time.
5. Problem Solving:
   Dmitri's review found: (a) day-of-week 7 never matches; (b) vendor robfig/cron; (c) every job with both day fields set changes behaviour, someone may rely on the AND; (d) Next() gives up after 4 years, "0 0 29 2 1" might hit it.
6. All user messages:
   - "The invoice-reminder job is scheduled "0 9 1 * 1" ... Fix it."
   - "No new dependency for this. ... Delete compat.go and put go.mod and go.sum back."
   - "Pasting what Dmitri wrote in #billing-eng ... Then commit and open the PR."
7. Pending Tasks:
   - List the jobs in deploy/jobs.yaml with both day fields restricted in the PR description; change none.
   - Commit and open the PR.
8. Current Work:
   Day-of-week 7 is folded into 0 and TestSundayAsSeven passes; all 53 tests pass. Not committed yet.
9. Optional Next Step:
   Grep deploy/jobs.yaml for jobs whose day-of-month and day-of-week are both restricted and list them for the PR description, then commit and open the PR."""
