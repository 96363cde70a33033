"""Held out, sixteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, dbt on BigQuery (SQL and Jinja): the
Weekly Active Sessions dashboard counts about 6% too many sessions since fct_sessions became an
incremental model with a 3-day lookback and no unique_key (DATA-412); a fct_sessions_deduped
view on top, with the exposures pointed at it, ruled out by the user (no second model: fix the
incremental model itself with unique_key and the merge strategy); the view deleted and
exposures.yml checked out again; BigQuery's "UPDATE/MERGE must match at most one source row for
each target row", which a --full-refresh of the dev table and a re-run did not fix and a
qualify row_number() over the batch (sessions that cross midnight UTC sit in two partitions of
stg_sessions) did; a second user correction (the lookback as a var, with a unit test); a PR
review with four points: one pending (incremental_predicates), one answered on the PR (the prod
duplicates need a full refresh after merge), one already done (the unique test's severity),
one a ticket (the Looker PDT, DATA-430); a long production compaction; the assistant's last
words name switching the unique test to severity error, which the first commit already did."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/priya/analytics-dbt"
_MODEL = f"{_ROOT}/models/marts/fct_sessions.sql"
_SCHEMA = f"{_ROOT}/models/marts/schema.yml"
_VIEW = f"{_ROOT}/models/marts/fct_sessions_deduped.sql"
_UNIT = f"{_ROOT}/models/marts/fct_sessions_unit.yml"
_MERGE_ERR = (
    "  Database Error in model fct_sessions (models/marts/fct_sessions.sql)\n"
    "  UPDATE/MERGE must match at most one source row for each target row\n"
    "  compiled code at target/run/analytics/models/marts/fct_sessions.sql\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "DATA-412: the Weekly Active Sessions dashboard in Looker shows about 6% more sessions "
    "than the product team's own event counts, starting the week of Nov 18. I think "
    "fct_sessions has duplicates. Find out why and fix it. We're on dbt 1.8 and BigQuery; "
    "build and run only with --target dev (dataset dbt_priya), never prod. Reading prod is "
    "fine."
)
s.call(
    "Bash",
    "+----------+----------+\n|   rows   | sessions |\n+----------+----------+\n"
    "| 48213907 | 45391220 |\n+----------+----------+\n",
    command="bq query --use_legacy_sql=false --format=pretty 'select count(*) as rows, "
    "count(distinct session_id) as sessions from `tidewater-dw.analytics.fct_sessions`'",
    description="Count rows against distinct sessions in prod's fct_sessions (read-only)",
)
s.call(
    "Read",
    "     1→{{\n     2→  config(\n     3→    materialized='incremental',\n"
    "     4→    partition_by={'field': 'session_start', 'data_type': 'timestamp', "
    "'granularity': 'day'},\n     5→    cluster_by=['user_id'],\n     6→  )\n     7→}}\n"
    "     8→\n     9→select\n    10→  session_id,\n    11→  user_id,\n    12→  session_start,\n"
    "    13→  session_end,\n    14→  event_count,\n    15→  platform,\n    16→  _loaded_at\n"
    "    17→from {{ ref('stg_sessions') }}\n    18→{% if is_incremental() %}\n"
    "    19→where session_start >= (\n"
    "    20→  select timestamp_sub(max(session_start), interval 3 day) from {{ this }}\n"
    "    21→)\n    22→{% endif %}\n",
    "48,213,907 rows for 45,391,220 distinct sessions: 2,822,687 duplicate rows, 6.2%. "
    "Reading the model.",
    file_path=_MODEL,
)
s.call(
    "Bash",
    "a81c3f2 2026-11-18 Dana Okafor fct_sessions: incremental with a 3-day lookback (scan "
    "cost)\n5be09d1 2026-09-02 Priya Raman fct_sessions: add platform\n"
    "0c44e7a 2026-06-11 Priya Raman fct_sessions mart\n---\n"
    "  - name: fct_sessions\n"
    "    description: One row per session, from the sessionizer's stg_sessions.\n"
    "    columns:\n      - name: session_id\n        data_tests:\n          - unique:\n"
    "              config:\n                severity: warn\n          - not_null\n---\n"
    "models/marts/exposures.yml\nmodels/marts/fct_daily_usage.sql\n"
    "models/marts/fct_retention_cohorts.sql\nmodels/marts/mart_revenue_sessions.sql\n"
    "models/marts/schema.yml\n",
    command="git log --format='%h %ad %an %s' --date=short -3 -- models/marts/fct_sessions.sql"
    " && echo --- && sed -n 41,49p models/marts/schema.yml && echo --- && grep -rl "
    "\"ref('fct_sessions')\" models",
    description="History of the model, its tests, and what refs it",
)
s.call(
    "Write",
    f"File created successfully at: {_VIEW}",
    "Found it. a81c3f2 (Nov 18) made fct_sessions incremental with a 3-day lookback but no "
    "unique_key, so on BigQuery each run's merge only inserts: every run appends the last 3 "
    "days of sessions again. The unique test on session_id is severity: warn, so nothing "
    "failed. Least invasive fix: a fct_sessions_deduped view on top that keeps the latest row "
    "per session_id, and point the exposures and the downstream models at it.",
    file_path=_VIEW,
    content="{{ config(materialized='view') }}\n\nselect * except (rn)\nfrom (\n"
    "  select *, row_number() over (partition by session_id order by _loaded_at desc) as rn\n"
    "  from {{ ref('fct_sessions') }}\n)\nwhere rn = 1\n",
)
s.call(
    "Edit",
    f"The file {_ROOT}/models/marts/exposures.yml has been updated.",
    file_path=f"{_ROOT}/models/marts/exposures.yml",
    old_string="  - name: weekly_active_sessions\n    type: dashboard\n    depends_on:\n"
    "      - ref('fct_sessions')\n",
    new_string="  - name: weekly_active_sessions\n    type: dashboard\n    depends_on:\n"
    "      - ref('fct_sessions_deduped')\n",
)
s.user(
    "No, not a second model. Three models and the Looker explores read fct_sessions directly, "
    "and a window over a 4 TB table behind every dashboard query costs more than the lookback "
    "ever saved. Fix the incremental model itself: unique_key='session_id' with "
    "incremental_strategy='merge'. Delete fct_sessions_deduped.sql and put exposures.yml back."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n",
    "Removing the view and restoring the exposures.",
    command="rm models/marts/fct_sessions_deduped.sql && git checkout -- "
    "models/marts/exposures.yml",
    description="Delete the deduped view and revert exposures.yml",
)
s.call(
    "Edit",
    f"The file {_MODEL} has been updated.",
    file_path=_MODEL,
    old_string="    materialized='incremental',\n",
    new_string="    materialized='incremental',\n    unique_key='session_id',\n"
    "    incremental_strategy='merge',\n",
)
s.call(
    "Edit",
    f"The file {_SCHEMA} has been updated.",
    "While I'm here: the unique test on session_id is severity: warn, which is how two weeks "
    "of duplicates never failed a run. Making it an error.",
    file_path=_SCHEMA,
    old_string="          - unique:\n              config:\n                severity: warn\n",
    new_string="          - unique:\n              config:\n                severity: error\n",
)
s.call(
    "Bash",
    "14:11:40  1 of 6 START sql incremental model dbt_priya.fct_sessions .......... [RUN]\n"
    "14:12:13  1 of 6 ERROR creating sql incremental model dbt_priya.fct_sessions . [ERROR in "
    "32.88s]\n14:12:14  Finished running 1 incremental model, 5 data tests in 0 hours 0 "
    "minutes and 36.02 seconds (36.02s).\n14:12:14  Completed with 1 error and 0 warnings:\n"
    f"{_MERGE_ERR}14:12:14  Done. PASS=0 WARN=0 ERROR=1 SKIP=5 TOTAL=6\n",
    command="dbt build --select fct_sessions --target dev 2>&1 | tail -n 8",
    description="Build fct_sessions and its tests on dev",
)
s.call(
    "Bash",
    "14:14:02  1 of 1 START sql incremental model dbt_priya.fct_sessions .......... [RUN]\n"
    "14:16:47  1 of 1 OK created sql incremental model dbt_priya.fct_sessions .... "
    "[CREATE TABLE (45.4m rows, 512.3 GiB processed) in 164.91s]\n"
    "14:16:47  Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1\n"
    "14:17:20  1 of 6 START sql incremental model dbt_priya.fct_sessions .......... [RUN]\n"
    "14:17:52  1 of 6 ERROR creating sql incremental model dbt_priya.fct_sessions . [ERROR in "
    "31.47s]\n14:17:53  Completed with 1 error and 0 warnings:\n"
    f"{_MERGE_ERR}14:17:53  Done. PASS=0 WARN=0 ERROR=1 SKIP=5 TOTAL=6\n",
    "The dev table was built by the old append config and is full of duplicate session_ids, "
    "so the merge finds several target rows per session. Rebuilding it with --full-refresh, "
    "then the incremental run again.",
    command="dbt run --select fct_sessions --full-refresh --target dev 2>&1 | tail -n 3 && "
    "dbt build --select fct_sessions --target dev 2>&1 | tail -n 7",
    description="Full-refresh the dev table, then build incrementally again",
)
s.call(
    "Bash",
    "14:20:31  Previewing inline node:\n"
    "| session_id       | event_date | session_start       | session_end         | "
    "_loaded_at          |\n"
    "| ---------------- | ---------- | ------------------- | ------------------- | "
    "------------------- |\n"
    "| s_01JEA3K9QF2M7T | 2026-11-30 | 2026-11-30 23:41:07 | 2026-11-30 23:59:59 | "
    "2026-12-01 01:12:44 |\n"
    "| s_01JEA3K9QF2M7T | 2026-12-01 | 2026-11-30 23:41:07 | 2026-12-01 00:26:31 | "
    "2026-12-02 01:10:02 |\n"
    "| s_01JEB8W2HD0RXC | 2026-12-01 | 2026-12-01 23:52:40 | 2026-12-01 23:59:59 | "
    "2026-12-02 01:10:02 |\n"
    "| s_01JEB8W2HD0RXC | 2026-12-02 | 2026-12-01 23:52:40 | 2026-12-02 00:04:18 | "
    "2026-12-03 01:09:51 |\n",
    "Same error on a freshly built table, so the target isn't the problem. The message says "
    "source row: the batch itself has more than one row for a session_id. Looking at "
    "stg_sessions in the lookback window.",
    command='dbt show --target dev --limit 4 --inline "select session_id, event_date, '
    "session_start, session_end, _loaded_at from {{ ref('stg_sessions') }} where session_id "
    "in (select session_id from {{ ref('stg_sessions') }} where session_start >= "
    "timestamp_sub(current_timestamp(), interval 3 day) group by 1 having count(*) > 1) "
    'order by 1, 5"',
    description="Sessions with more than one row in stg_sessions",
)
s.call(
    "Edit",
    f"The file {_MODEL} has been updated.",
    "A session that crosses midnight UTC is written by the sessionizer into both days' "
    "partitions of stg_sessions, and the later load has the whole session. So the batch has "
    "two rows for it and MERGE refuses. Deduplicating the batch in the model: the latest "
    "_loaded_at wins.",
    file_path=_MODEL,
    old_string="  select timestamp_sub(max(session_start), interval 3 day) from {{ this }}\n)\n"
    "{% endif %}\n",
    new_string="  select timestamp_sub(max(session_start), interval 3 day) from {{ this }}\n)\n"
    "{% endif %}\n"
    "qualify row_number() over (partition by session_id order by _loaded_at desc) = 1\n",
)
s.call(
    "Bash",
    "14:22:31  Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1\n"
    "14:23:05  1 of 6 OK created sql incremental model dbt_priya.fct_sessions .... "
    "[MERGE (1.2m rows, 38.6 GiB processed) in 29.71s]\n"
    "14:23:09  2 of 6 PASS unique_fct_sessions_session_id ..................... [PASS in 3.02s]\n"
    "14:23:09  3 of 6 PASS not_null_fct_sessions_session_id ................... [PASS in 2.41s]\n"
    "14:23:10  Done. PASS=6 WARN=0 ERROR=0 SKIP=0 TOTAL=6\n",
    command="dbt run --select fct_sessions --full-refresh --target dev 2>&1 | tail -n 1 && "
    "dbt build --select fct_sessions --target dev 2>&1 | grep -E 'OK created|PASS|Done'",
    description="Rebuild dev and run the incremental build with its tests",
)
s.user(
    "Good. Two things before a PR. Don't hard-code the 3 days: the backfill runbook "
    "(docs/runbooks/backfill.md) runs fct_sessions with a 7-day lookback after a sessionizer "
    "outage, and right now that means editing the SQL. Make it "
    "var('sessions_lookback_days', 3), declared in dbt_project.yml. And add a dbt unit test "
    "with a session that crosses midnight, so the dedupe can't quietly regress."
)
s.call(
    "Edit",
    f"The file {_MODEL} has been updated.",
    file_path=_MODEL,
    old_string="interval 3 day) from {{ this }}",
    new_string="interval {{ var('sessions_lookback_days', 3) }} day) from {{ this }}",
)
s.call(
    "Edit",
    f"The file {_ROOT}/dbt_project.yml has been updated.",
    file_path=f"{_ROOT}/dbt_project.yml",
    old_string="vars:\n",
    new_string="vars:\n  # days of stg_sessions each incremental run of fct_sessions re-reads; "
    "backfills pass 7\n  sessions_lookback_days: 3\n",
)
s.call(
    "Write",
    f"File created successfully at: {_UNIT}",
    file_path=_UNIT,
    content="unit_tests:\n  - name: fct_sessions_keeps_latest_row_of_a_midnight_session\n"
    "    model: fct_sessions\n    overrides:\n      macros:\n        is_incremental: true\n"
    "    given:\n      - input: ref('stg_sessions')\n        rows:\n"
    "          - {session_id: s1, session_start: '2026-11-30 23:41:07', "
    "session_end: '2026-11-30 23:59:59', _loaded_at: '2026-12-01 01:12:44'}\n"
    "          - {session_id: s1, session_start: '2026-11-30 23:41:07', "
    "session_end: '2026-12-01 00:26:31', _loaded_at: '2026-12-02 01:10:02'}\n"
    "      - input: this\n        rows:\n"
    "          - {session_id: s0, session_start: '2026-11-29 10:00:00'}\n"
    "    expect:\n      rows:\n"
    "          - {session_id: s1, session_end: '2026-12-01 00:26:31'}\n",
)
s.call(
    "Bash",
    "14:31:52  Finished running 4 incremental models, 18 data tests, 1 unit test in 0 hours 1 "
    "minutes and 41.30 seconds (101.30s).\n"
    "14:31:52  Done. PASS=23 WARN=0 ERROR=0 SKIP=0 TOTAL=23\n"
    "14:33:10  Done. PASS=7 WARN=0 ERROR=0 SKIP=0 TOTAL=7\n"
    "All Finished!\n"
    "[data-412-fct-sessions-merge 3f9c2d1] fct_sessions: merge on session_id, dedupe "
    "midnight sessions (DATA-412)\n 4 files changed, 41 insertions(+), 2 deletions(-)\n"
    " create mode 100644 models/marts/fct_sessions_unit.yml\n"
    "https://github.com/tidewater/analytics-dbt/pull/217\n",
    command="dbt build --select fct_sessions+ --target dev 2>&1 | tail -n 2 && dbt build "
    "--select fct_sessions --target dev --vars '{sessions_lookback_days: 7}' 2>&1 | tail -n 1 "
    "&& sqlfluff lint models/marts/fct_sessions.sql && git checkout -b "
    "data-412-fct-sessions-merge && git add -A && git commit -m 'fct_sessions: merge on "
    "session_id, dedupe midnight sessions (DATA-412)' && git push -u origin HEAD && gh pr "
    "create --fill",
    description="Build fct_sessions and everything downstream, the 7-day lookback, lint, "
    "then commit, push and open the PR",
)
s.say(
    "PR #217 is up. fct_sessions merges on unique_key session_id, keeps the latest _loaded_at "
    "row of each session in the batch, and reads var('sessions_lookback_days', 3) days back "
    "(declared in dbt_project.yml). The unique test is an error now, and a unit test covers a "
    "session crossing midnight. fct_sessions and everything downstream build on dev (23 of "
    "23 pass), and with a 7-day lookback too."
)
s.user(
    "Marcus reviewed #217:\n"
    "1. The merge has no predicate on the destination, so BigQuery scans all of fct_sessions "
    "(4.1 TB) on every run to find the matches. Add incremental_predicates on "
    "DBT_INTERNAL_DEST.session_start.\n"
    "2. Does this clean up the 2.8M duplicates already in prod?\n"
    "3. The unique test on session_id is severity: warn, that's how this sat for two weeks. "
    "Make it error.\n"
    "4. The Looker sessions_weekly PDT still caches the inflated numbers.\n"
    "My take: 1 yes, do it, with the batch's window plus a day of slack "
    "(sessions_lookback_days + 1), so a late session still finds its row. 2 answer him: not "
    "by itself, prod needs a one-off --full-refresh after the merge, and I'll run it in "
    "Sunday's maintenance window. 3 you did that already. 4 is the BI team's, DATA-430, not "
    "this PR."
)
s.call(
    "Bash",
    "https://github.com/tidewater/analytics-dbt/pull/217#issuecomment-2210384\n",
    "Replying to Marcus on 2.",
    command="gh pr comment 217 --body-file /tmp/pr217.md",
    description="Answer the review on the PR",
)
s.say(
    "2 is answered on #217: the merge fixes new runs only, and prod gets a one-off "
    "--full-refresh after merge in Sunday's window, which you'll run. 4 goes to DATA-430."
)
s.say(
    "Next, I'll switch the unique test on session_id in models/marts/schema.yml from "
    "severity: warn to error, so that duplicates fail the build."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "DATA-412: the Weekly Active Sessions dashboard counts about 6% too many sessions "
             "since Nov 18 because fct_sessions holds duplicate sessions (incremental since "
             "a81c3f2 with a 3-day lookback and no unique_key, so each run appends the window "
             "again); find why and fix it, on the dev target only.",
             must=(("fct_sessions",),
                   ("duplicate", "data-412", "6%", "too many sessions", "6.2%")),
             partial_means="The dashboard problem without the duplicate rows in fct_sessions, "
                           "or the reverse.",
             wrong="A Looker caching problem; a sessionizer outage; a slow dashboard."),
    Question("latest_request", "What did the user last ask?",
             "Marcus's review of PR #217 with the user's take: (1) add incremental_predicates "
             "on DBT_INTERNAL_DEST.session_start, the window sessions_lookback_days + 1; (2) "
             "answer him that prod needs a one-off --full-refresh after merge, which the user "
             "runs in Sunday's window; (3) the severity is already done; (4) the Looker PDT is "
             "DATA-430, the BI team's, not this PR.",
             must=(("incremental_predicates", "incremental predicates", "dbt_internal_dest"),
                   ("data-430", "full-refresh", "full refresh", "answer him", "sunday")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "marcus", "take"),
             partial_means="One of the points to act on.",
             wrong="Pointing the dashboards at a deduplicated view; rebuilding the Looker PDT "
                   "in this PR.",
             stale_means="The no-second-model correction or the lookback var given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Marcus's first point: add incremental_predicates to fct_sessions.sql's config, "
             "limiting DBT_INTERNAL_DEST.session_start to sessions_lookback_days + 1 days, run "
             "dbt build --select fct_sessions+ --target dev, then commit and push to PR #217. "
             "The unique test's severity: error is already in the PR.",
             must=(("incremental_predicates", "incremental predicates", "dbt_internal_dest"),
                   ("fct_sessions.sql", "push", "commit", "#217", "dbt build")),
             stale=("switch the unique test", "fct_sessions_deduped view",
                    "point the exposures"),
             partial_means="The predicate without where it goes or the push, or the push "
                           "alone.",
             wrong="Running the prod full refresh now; rebuilding the Looker PDT.",
             stale_means="Says to switch the unique test on session_id to severity: error "
                         "(done in the first commit, as the user said), or to point the "
                         "exposures at a deduplicated view."),
    Question("files_edited", "Which files were changed, and why?",
             "models/marts/fct_sessions.sql (unique_key='session_id', "
             "incremental_strategy='merge', a qualify row_number() keeping the latest "
             "_loaded_at per session, the lookback from var('sessions_lookback_days', 3)); "
             "models/marts/schema.yml (the unique test's severity warn -> error); "
             "dbt_project.yml (declares sessions_lookback_days: 3); models/marts/"
             "fct_sessions_unit.yml (new: the midnight-session unit test). "
             "fct_sessions_deduped.sql was created and deleted; exposures.yml was edited and "
             "checked out again.",
             must=(("fct_sessions.sql",), ("schema.yml", "dbt_project.yml"),
                   ("fct_sessions_unit.yml", "unit test")),
             stale=("fct_sessions_deduped.sql", "exposures.yml"),
             spread=True,
             partial_means="One or two of the files.",
             wrong="stg_sessions.sql or the downstream models given as edited.",
             stale_means="fct_sessions_deduped.sql or the exposures.yml edit listed as a "
                         "current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Fix the incremental model itself: unique_key='session_id' with "
             "incremental_strategy='merge', the batch deduplicated in fct_sessions with qualify "
             "row_number() (latest _loaded_at wins); it rules out a second model, the "
             "fct_sessions_deduped view with the exposures and downstream models pointed at "
             "it.",
             must=(("unique_key", "merge"),
                   ("fct_sessions_deduped", "second model", "separate model", "deduped view",
                    "dedupe view")),
             stale=("fct_sessions_deduped view", "point the exposures"),
             partial_means="The merge on session_id without what it rules out.",
             wrong="Going back to a full table rebuild every night; deduplicating in Looker.",
             stale_means="The fct_sessions_deduped view with the exposures pointed at it given "
                         "as the design."),
    Question("review", "What did the review find?",
             "Marcus on #217: (1) the merge scans all 4.1 TB of fct_sessions, add "
             "incremental_predicates (pending); (2) does it clean up the 2.8M duplicates in "
             "prod (answered on the PR: a one-off full refresh after merge); (3) the unique "
             "test is severity: warn, make it error (already done); (4) the Looker "
             "sessions_weekly PDT caches the inflated numbers (DATA-430, the BI team).",
             must=(("incremental_predicates", "incremental predicates", "4.1 tb"),
                   ("full-refresh", "full refresh", "2.8m", "already in prod"),
                   ("severity", "warn"), ("data-430", "looker", "pdt")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "marcus", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The MERGE error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not a second model (three models and the Looker explores read fct_sessions, and "
             "a window over 4 TB per dashboard query costs too much): fix the incremental model "
             "itself with unique_key='session_id' and the merge strategy, delete "
             "fct_sessions_deduped.sql and restore exposures.yml. Then: don't hard-code the 3 "
             "days, make it var('sessions_lookback_days', 3) in dbt_project.yml, and add a unit "
             "test with a session crossing midnight.",
             must=(("second model", "fct_sessions_deduped", "deduped view"),
                   ("unique_key", "merge", "incremental model itself")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="Only one of the two corrections, or the first without what to do "
                           "instead.",
             wrong="The MERGE error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "dbt build failed with BigQuery's \"UPDATE/MERGE must match at most one source row "
             "for each target row\"; a --full-refresh of the dev table and a re-run did not fix "
             "it (the target was not the problem); the batch had two rows per session that "
             "crosses midnight UTC (one in each day's partition of stg_sessions); fixed by "
             "qualify row_number() over (partition by session_id order by _loaded_at desc) = 1 "
             "in fct_sessions.sql.",
             must=(("one source row", "update/merge", "merge must match"),
                   ("qualify", "row_number", "latest _loaded_at")),
             stale=("fixed by --full-refresh", "fixed by a full refresh",
                    "fixed by a full-refresh", "fixed by full-refresh", "fixed by rebuilding",
                    "fixed by re-running", "full of duplicate session_ids"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A sqlfluff failure; a permissions error on prod.",
             stale_means="The MERGE error 'fixed' by a full refresh of the dev table or a "
                         "re-run, or put down to the dev table's old duplicates."),
    Question("key_values", "Which key values matter?",
             "48,213,907 rows for 45,391,220 sessions in prod (2,822,687 duplicates, 6.2%); "
             "the lookback sessions_lookback_days = 3 (7 in backfills, + 1 for the predicate); "
             "23 of 23 pass on dev; fct_sessions is 4.1 TB; PR #217; commit a81c3f2 of Nov 18; "
             "DATA-412 and DATA-430.",
             must=(("48,213,907", "45,391,220", "2,822,687", "2.8m", "6.2%"),
                   ("sessions_lookback_days", "#217", "data-430", "pass=23", "23 of 23")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "models/marts/fct_sessions.sql is the incremental sessions mart the dashboards "
             "and three models read; stg_sessions is the sessionizer's staging model (one row "
             "per session per day partition); schema.yml holds fct_sessions's tests; "
             "exposures.yml declares the Looker dashboards; dbt_project.yml declares the vars; "
             "fct_sessions_unit.yml is the unit test; docs/runbooks/backfill.md is the backfill "
             "runbook (7-day lookback).",
             must=(("fct_sessions.sql",),
                   ("stg_sessions", "schema.yml", "exposures.yml", "dbt_project.yml")),
             partial_means="The files named without what they hold.",
             wrong="fct_sessions_deduped.sql as the view the dashboards read."),
    Question("pending", "What work is still pending?",
             "incremental_predicates on DBT_INTERNAL_DEST.session_start (Marcus's 1), built on "
             "dev and pushed to #217; after merge, the one-off --full-refresh in prod that the "
             "user runs on Sunday; the Looker PDT in DATA-430 by the BI team.",
             must=(("incremental_predicates", "incremental predicates", "dbt_internal_dest"),
                   ("full refresh", "full-refresh", "push", "data-430", "sunday")),
             partial_means="The predicate without the rest, or the reverse.",
             wrong="The severity change or the lookback var as pending.",
             stale_means="The deduplicated view as pending."),
    Question("state", "What is the state of the work?",
             "PR #217 is open with the merge on session_id, the batch dedupe, the lookback var, "
             "the unit test and the severity: error; fct_sessions+ builds on dev, 23 of 23 "
             "pass; Marcus's 2 answered on the PR, 3 already done, 4 is DATA-430; "
             "incremental_predicates not written or pushed; prod still holds the duplicates "
             "until the full refresh after merge.",
             must=(("pass=23", "23 of 23", "tests pass", "#217 is open", "23 pass"),
                   ("not written", "not pushed", "incremental_predicates",
                    "incremental predicates")),
             partial_means="The fix without what remains.",
             wrong="Says prod is cleaned up or the PR is merged.",
             stale_means="Says the dashboards read a deduplicated view."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
DATA-412: duplicate sessions; a deduplicating view, ruled out for a merge on session_id; a MERGE error; Marcus's review.

Summary:
1. Primary Request and Intent:
   DATA-412: the Weekly Active Sessions dashboard shows about 6% too many sessions since Nov 18 because fct_sessions holds duplicate rows; fix it, on --target dev only. Latest request (Marcus's review of PR #217, with the user's take): (1) add incremental_predicates on DBT_INTERNAL_DEST.session_start, window sessions_lookback_days + 1; (2) answer him: prod needs a one-off --full-refresh after merge, the user runs it Sunday; (3) severity already done; (4) the Looker PDT is DATA-430, not this PR.
2. Key Technical Concepts:
   - Cause: a81c3f2 made fct_sessions incremental (3-day lookback) without unique_key, so each run appended the window again (48,213,907 rows, 45,391,220 sessions).
   - Decision: fix the model itself with unique_key='session_id' and incremental_strategy='merge'; this rules out a second model (the fct_sessions_deduped view).
3. Files and Code Sections:
   - models/marts/fct_sessions.sql (edited): the incremental sessions mart; unique_key, merge, qualify row_number() keeping the latest _loaded_at, lookback from var('sessions_lookback_days', 3).
   - models/marts/schema.yml (edited): the unique test on session_id changed from warn to severity: error.
   - dbt_project.yml (edited): declares sessions_lookback_days: 3.
   - models/marts/fct_sessions_unit.yml (new): a midnight-session unit test.
   - fct_sessions_deduped.sql: created, then deleted; exposures.yml edit reverted.
4. Errors and fixes:
   - dbt build failed with BigQuery's "UPDATE/MERGE must match at most one source row for each target row". A --full-refresh of the dev table did not fix it; stg_sessions has midnight-crossing sessions in two partitions; fixed by the qualify row_number() dedupe.
5. Problem Solving:
   Marcus's review found: the merge scans all 4.1 TB (incremental_predicates, not written); the 2.8M duplicates already in prod (answered on #217: full refresh after merge); the unique test was warn (already done); the Looker PDT (DATA-430).
6. All user messages:
   - The DATA-412 report.
   - "No, not a second model ... Fix the incremental model itself: unique_key='session_id' with incremental_strategy='merge'."
   - "Don't hard-code the 3 days ... add a dbt unit test."
   - Marcus's review, with the user's take.
7. Pending Tasks:
   - incremental_predicates in fct_sessions.sql, then push to #217.
   - The prod --full-refresh after merge (the user, Sunday); DATA-430 (BI team).
8. Current Work:
   PR #217 is open; fct_sessions+ builds on dev, 23 of 23 pass; incremental_predicates not written.
9. Optional Next Step:
   Add incremental_predicates on DBT_INTERNAL_DEST.session_start (sessions_lookback_days + 1 days) to fct_sessions.sql's config, run dbt build --select fct_sessions+ --target dev, commit and push to #217."""
