"""Held out, fifth set: written 2026-12-05, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex: an energy-metering service's daily rollup puts
the first local hour of every summer day on the day before (a fixed +1 h offset); a hand-rolled
EU DST rule (powerlog/dst.py) written, then deleted at the user's word for zoneinfo with each
site's own zone; a ZoneInfoNotFoundError that rebuilding the test image without cache did not
fix and the tzdata package did; a teammate's review (stored rollups never recomputed, hourly
buckets merging the repeated 02:00 hour); the hourly change patched last, untested; the
assistant's last words name that patch; the backfill command not written."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/powerlog")
s.user(
    "Site totals in powerlog's daily report don't match the utility bills from April to "
    "October. The difference is always the readings between 00:00 and 01:00 local time: they "
    "land on the previous day. Readings are stored in UTC (readings.ts_utc); the rollup is "
    "powerlog/rollup.py. Fix it."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read rollup.py: how a reading gets its local day", "status": "in_progress"},
        {"step": "Fix the day boundary", "status": "pending"},
        {"step": "Tests for a summer and a winter day", "status": "pending"},
    ],
)
s.call(
    "shell",
    "from datetime import date, datetime, timedelta\n\n"
    "LOCAL_OFFSET = timedelta(hours=1)  # CET\n\n\n"
    "def local_day(ts_utc: datetime) -> date:\n    return (ts_utc + LOCAL_OFFSET).date()\n\n\n"
    "def rollup_site(conn, site) -> dict[date, float]:\n"
    "    totals: dict[date, float] = defaultdict(float)\n"
    "    for ts_utc, kwh in conn.execute(READINGS_SQL, (site.id,)):\n"
    "        totals[local_day(ts_utc)] += kwh\n    return totals\n",
    command=["bash", "-lc", "sed -n '1,40p' powerlog/rollup.py"],
)
s.call(
    "shell",
    "powerlog/rollup.py:3:LOCAL_OFFSET = timedelta(hours=1)  # CET\n"
    "powerlog/rollup.py:7:    return (ts_utc + LOCAL_OFFSET).date()\n"
    "powerlog/hourly.py:4:LOCAL_OFFSET = timedelta(hours=1)  # CET, as in rollup.py\n"
    "powerlog/hourly.py:12:        hour = (ts_utc + LOCAL_OFFSET).hour\n",
    command=["bash", "-lc", "rg -n 'LOCAL_OFFSET' powerlog"],
)
s.say(
    "The rollup adds a fixed LOCAL_OFFSET of +1 h (CET) to every UTC timestamp. From the last "
    "Sunday of March to the last Sunday of October the sites are on CEST, +2 h, so a reading at "
    "22:30 UTC (00:30 local) becomes 23:30 of the day before: exactly the missing hour. Plan: a "
    "small powerlog/dst.py with is_cest(ts_utc) implementing the EU rule (summer time from "
    "01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October), and "
    "local_day() adds 2 h when it holds."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA powerlog/dst.py\nM powerlog/rollup.py",
    input="*** Begin Patch\n*** Add File: powerlog/dst.py\n"
    "+from datetime import datetime, timedelta, timezone\n\n\n"
    "+def _last_sunday(year: int, month: int) -> datetime:\n"
    "+    d = datetime(year, month + 1, 1, 1, tzinfo=timezone.utc) - timedelta(days=1)\n"
    "+    return d - timedelta(days=(d.weekday() + 1) % 7)\n\n\n"
    "+def is_cest(ts_utc: datetime) -> bool:\n"
    "+    # EU rule: summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the\n"
    "+    # last Sunday of October\n"
    "+    return _last_sunday(ts_utc.year, 3) <= ts_utc < _last_sunday(ts_utc.year, 10)\n"
    "*** Update File: powerlog/rollup.py\n@@\n"
    "-    return (ts_utc + LOCAL_OFFSET).date()\n"
    "+    offset = timedelta(hours=2) if is_cest(ts_utc) else LOCAL_OFFSET\n"
    "+    return (ts_utc + offset).date()\n*** End Patch",
)
s.user(
    "Don't hand-roll DST rules. And not every site is in Berlin: sites.tz has Europe/Lisbon "
    "and Europe/Helsinki sites too, which are an hour either side of it. Use "
    "zoneinfo.ZoneInfo(site.tz) from the standard library, no pytz, and convert each reading "
    "to its own site's zone. Delete dst.py."
)
s.call(
    "shell",
    "rm 'powerlog/dst.py'\n",
    command=[
        "bash",
        "-lc",
        "git rm -q -f powerlog/dst.py && git checkout -- powerlog/rollup.py && git status --short",
    ],
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read rollup.py: how a reading gets its local day", "status": "completed"},
        {"step": "local_day() via ZoneInfo(site.tz); drop LOCAL_OFFSET", "status": "in_progress"},
        {"step": "Tests: Berlin summer, Berlin winter, Lisbon", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM powerlog/rollup.py",
    input="*** Begin Patch\n*** Update File: powerlog/rollup.py\n@@\n"
    "-from datetime import date, datetime, timedelta\n+from datetime import date, datetime\n"
    "+from zoneinfo import ZoneInfo\n@@\n"
    "-LOCAL_OFFSET = timedelta(hours=1)  # CET\n-\n-\n"
    "-def local_day(ts_utc: datetime) -> date:\n-    return (ts_utc + LOCAL_OFFSET).date()\n"
    "+def local_day(ts_utc: datetime, tz: ZoneInfo) -> date:\n"
    "+    # the site's own zone: its offset changes with summer time, and sites differ\n"
    "+    return ts_utc.astimezone(tz).date()\n@@\n"
    "     totals: dict[date, float] = defaultdict(float)\n+    tz = ZoneInfo(site.tz)\n@@\n"
    "-        totals[local_day(ts_utc)] += kwh\n+        totals[local_day(ts_utc, tz)] += kwh\n"
    "*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tests/test_rollup.py",
    input="*** Begin Patch\n*** Add File: tests/test_rollup.py\n"
    "+UTC = timezone.utc\n\n\n"
    "+def test_berlin_summer_first_hour_is_its_own_day():\n"
    "+    # 2025-07-14 22:30 UTC is 00:30 CEST on the 15th\n"
    "+    assert local_day(datetime(2025, 7, 14, 22, 30, tzinfo=UTC), ZoneInfo('Europe/Berlin'))"
    " == date(2025, 7, 15)\n\n\n"
    "+def test_berlin_winter():\n"
    "+    assert local_day(datetime(2025, 1, 14, 22, 30, tzinfo=UTC), ZoneInfo('Europe/Berlin'))"
    " == date(2025, 1, 14)\n\n\n"
    "+def test_lisbon_summer():\n"
    "+    assert local_day(datetime(2025, 7, 14, 23, 30, tzinfo=UTC), ZoneInfo('Europe/Lisbon'))"
    " == date(2025, 7, 15)\n*** End Patch",
)
s.call(
    "shell",
    "FFF\n=================================== FAILURES ===================================\n"
    "_______________ test_berlin_summer_first_hour_is_its_own_day _______________\n"
    "/usr/local/lib/python3.12/zoneinfo/_common.py:24: in load_tzdata\n"
    "E   zoneinfo._common.ZoneInfoNotFoundError: 'No time zone found with key Europe/Berlin'\n"
    "3 failed in 0.41s",
    command=["bash", "-lc", "docker compose run --rm tests pytest -q tests/test_rollup.py"],
)
s.say(
    "The tests container may be an old image built before something changed in the base; "
    "rebuilding the tests image without the cache and running again."
)
s.call(
    "shell",
    " => [tests 1/4] FROM docker.io/library/python:3.12-slim\n ...\n"
    "FFF\n=================================== FAILURES ===================================\n"
    "E   zoneinfo._common.ZoneInfoNotFoundError: 'No time zone found with key Europe/Berlin'\n"
    "E   zoneinfo._common.ZoneInfoNotFoundError: 'No time zone found with key Europe/Lisbon'\n"
    "3 failed in 0.39s",
    command=[
        "bash",
        "-lc",
        "docker compose build --no-cache tests && "
        "docker compose run --rm tests pytest -q tests/test_rollup.py",
    ],
)
s.call(
    "shell",
    "ls: cannot access '/usr/share/zoneinfo': No such file or directory\n"
    "ModuleNotFoundError: No module named 'tzdata'",
    command=[
        "bash",
        "-lc",
        "docker compose run --rm tests sh -c "
        "'ls /usr/share/zoneinfo | head -1; python -c \"import tzdata\"'",
    ],
)
s.say(
    "Same error on a fresh image, so the build was not stale. The tests image is "
    "python:3.12-slim, which has no /usr/share/zoneinfo, and zoneinfo's fallback, the tzdata "
    "package, is not installed. Adding tzdata to requirements.txt: it is the fallback the "
    "zoneinfo docs name, and it makes the zones available in any image."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM requirements.txt",
    input="*** Begin Patch\n*** Update File: requirements.txt\n@@\n psycopg[binary]==3.2.3\n"
    "+tzdata==2025.2  # zoneinfo's data where the image has no /usr/share/zoneinfo\n"
    "*** End Patch",
)
s.call(
    "shell",
    "...\n3 passed in 0.22s",
    command=[
        "bash",
        "-lc",
        "docker compose build tests && docker compose run --rm tests pytest -q tests/test_rollup.py",
    ],
)
s.call(
    "shell",
    "64 passed in 6.87s",
    command=["bash", "-lc", "docker compose run --rm tests pytest -q"],
)
s.say(
    "The rollup now converts each reading to its site's own zone with ZoneInfo(site.tz), and "
    "the summer midnight hour lands on its own day for Berlin and Lisbon. All 64 tests pass in "
    "the tests container."
)
s.user(
    "Tomás reviewed it. Two things. First, daily_rollup still holds the wrong totals for every "
    "summer day since launch, 2024-03-31 up to 2025-10-25, and nothing recomputes them: add a "
    "`powerlog backfill --from DATE --to DATE` command that recomputes daily_rollup for those "
    "days site by site, and try it with --dry-run against staging. Don't run it against prod. "
    "Second, hourly.py still uses LOCAL_OFFSET: on 2025-10-26 Berlin has the 02:00 hour twice, "
    "and keying buckets by the local hour merges the two into one. Key the buckets by the UTC "
    "hour and only make local labels for display. Do the hourly fix first, then the "
    "backfill."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "local_day() via ZoneInfo(site.tz); drop LOCAL_OFFSET", "status": "completed"},
        {"step": "Tests: Berlin summer, Berlin winter, Lisbon", "status": "completed"},
        {"step": "hourly.py: key buckets by UTC hour, local labels", "status": "in_progress"},
        {"step": "Test 2025-10-26: 25 buckets, two 02:00 labels", "status": "pending"},
        {"step": "powerlog backfill --from --to (--dry-run on staging)", "status": "pending"},
    ],
)
s.say("Now I'll key the hourly buckets by UTC hour in hourly.py.")
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM powerlog/hourly.py",
    input="*** Begin Patch\n*** Update File: powerlog/hourly.py\n@@\n"
    "-from datetime import timedelta\n+from zoneinfo import ZoneInfo\n@@\n"
    "-LOCAL_OFFSET = timedelta(hours=1)  # CET, as in rollup.py\n@@\n"
    "     buckets: dict[datetime, float] = defaultdict(float)\n+    tz = ZoneInfo(site.tz)\n@@\n"
    "-        hour = (ts_utc + LOCAL_OFFSET).hour\n-        buckets[hour] += kwh\n"
    "+        # key by the UTC hour: on the fall-back day a local hour happens twice\n"
    "+        key = ts_utc.replace(minute=0, second=0, microsecond=0)\n"
    "+        buckets[key] += kwh\n@@\n"
    "-    return [(f'{h:02d}:00', kwh) for h, kwh in sorted(buckets.items())]\n"
    "+    return [(k.astimezone(tz).strftime('%H:%M %Z'), kwh) for k, kwh in sorted(buckets.items())]\n"
    "*** End Patch",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Fix powerlog's daily rollup (powerlog/rollup.py): from April to October the "
             "readings between 00:00 and 01:00 local time land on the previous day, so site "
             "totals don't match the utility bills.",
             must=(("rollup", "daily report", "site totals"),
                   ("00:00", "previous day", "day before", "summer", "local day")),
             partial_means="The rollup named without the misplaced hour, or the reverse.",
             wrong="Changing how readings are stored; fixing the bills."),
    Question("latest_request", "What did the user last ask?",
             "Tomás's review: key hourly.py's buckets by the UTC hour with local labels only for "
             "display (2025-10-26 has 02:00 twice) first; then a `powerlog backfill "
             "--from DATE --to DATE` command that recomputes daily_rollup site by site for "
             "2024-03-31 to 2025-10-25, tried with --dry-run against staging, never prod.",
             must=(("backfill",), ("hourly", "utc hour", "2025-10-26")),
             partial_means="One of the two requests.",
             wrong="A hand-rolled DST rule; a fixed +2 h offset.",
             stale_means="The zoneinfo correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Write the test for 2025-10-26 in Berlin (25 hourly buckets, two 02:00 labels, "
             "CEST and CET) for the hourly.py change and run pytest in the tests container; "
             "then the backfill command.",
             must=(("2025-10-26", "25 buckets", "two 02:00", "02:00"), ("test", "pytest")),
             stale=("key the hourly buckets by utc", "is_cest", "adds 2 h"),
             partial_means="Says to write the backfill, skipping the hourly test the user put "
                           "first.",
             wrong="Running the backfill against prod; a fixed offset.",
             stale_means="Says to key the hourly buckets by UTC hour: the last patch did."),
    Question("files_edited", "Which files were changed, and why?",
             "powerlog/rollup.py (local_day() converts with ZoneInfo(site.tz), LOCAL_OFFSET "
             "gone); tests/test_rollup.py (new: Berlin summer and winter, Lisbon); "
             "requirements.txt (tzdata==2025.2); powerlog/hourly.py (buckets keyed by UTC hour, "
             "local labels). powerlog/dst.py was created and deleted.",
             must=(("rollup.py",), ("test_rollup.py",), ("requirements.txt",), ("hourly.py",)),
             stale=("dst.py",), spread=True,
             partial_means="Two or three of the four files.",
             wrong="The database schema or a migration given as changed.",
             stale_means="powerlog/dst.py listed as a file that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Convert each reading to its own site's zone with zoneinfo.ZoneInfo(site.tz) "
             "(stdlib, tzdata as its data); rules out a fixed offset, a hand-rolled EU DST rule "
             "(is_cest in powerlog/dst.py: sites are also in Lisbon and Helsinki) and pytz.",
             must=(("zoneinfo",), ("dst.py", "is_cest", "hand-roll", "hand roll", "own dst")),
             stale=("is_cest(ts_utc) implementing", "adds 2 h"),
             partial_means="zoneinfo without what it rules out.",
             wrong="A +2 h summer offset given as the design.",
             stale_means="The hand-rolled DST rule (is_cest, dst.py) given as the fix."),
    Question("review", "What did the review find?",
             "Tomás: daily_rollup still holds wrong totals for every summer day from 2024-03-31 "
             "to 2025-10-25 and nothing recomputes them; hourly.py still uses LOCAL_OFFSET, and "
             "keying by local hour merges the two 02:00 hours of 2025-10-26.",
             must=(("daily_rollup", "recompute", "2024-03-31"),
                   ("hourly", "02:00", "2025-10-26")),
             partial_means="One of the two findings.",
             wrong="The ZoneInfoNotFoundError (the agent hit that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "Don't hand-roll DST rules; sites are also in Europe/Lisbon and Europe/Helsinki: "
             "use zoneinfo.ZoneInfo(site.tz) per reading, no pytz; delete dst.py.",
             must=(("zoneinfo",), ("hand-roll", "dst.py", "lisbon", "helsinki", "site.tz")),
             partial_means="zoneinfo without why the hand-rolled rule was wrong.",
             wrong="Tomás's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "zoneinfo._common.ZoneInfoNotFoundError: 'No time zone found with key "
             "Europe/Berlin' in the tests container: python:3.12-slim has no "
             "/usr/share/zoneinfo and the tzdata package was not installed; rebuilding the image "
             "with --no-cache did not fix it; adding tzdata==2025.2 to requirements.txt did.",
             must=(("zoneinfonotfounderror", "no time zone found"), ("tzdata",)),
             stale=("fixed by rebuilding", "old image", "without the cache"),
             partial_means="The error without its cause or fix.",
             wrong="The misplaced midnight hour given as the error tzdata fixed.",
             stale_means="The error put down to an old image or 'fixed' by the no-cache "
                         "rebuild."),
    Question("key_values", "Which key values matter?",
             "Fixed LOCAL_OFFSET +1 h vs CEST +2 h; sites in Europe/Berlin, Europe/Lisbon, "
             "Europe/Helsinki; tzdata==2025.2; python:3.12-slim; 64 tests pass; backfill "
             "2024-03-31 to 2025-10-25; 2025-10-26 has 25 hours with 02:00 twice.",
             must=(("2025-10-26",), ("2024-03-31", "2025-10-25"), ("64", "2025.2")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "powerlog/rollup.py computes the daily totals per site (local_day, rollup_site) "
             "stored in daily_rollup; powerlog/hourly.py builds the hourly buckets for the "
             "report; readings.ts_utc holds readings in UTC; sites.tz each site's zone.",
             must=(("hourly.py",), ("bucket", "hourly report", "hour")),
             partial_means="The files named without what they do.",
             wrong="dst.py described as a current file."),
    Question("pending", "What work is still pending?",
             "The 2025-10-26 test of the hourly change and a pytest run; the `powerlog "
             "backfill --from --to` command; its --dry-run against staging (never prod); "
             "nothing is committed.",
             must=(("backfill",), ("dry-run", "staging"), ("test", "pytest", "untested")),
             partial_means="The backfill without the hourly test, or the reverse.",
             wrong="Running the backfill against prod."),
    Question("state", "What is the state of the work?",
             "The daily rollup fix (zoneinfo per site, tzdata) is done and 64 tests pass; the "
             "hourly.py UTC-keyed buckets are patched but untested; the backfill command is not "
             "written; nothing is committed.",
             must=(("hourly",), ("untested", "not tested", "not yet", "uncommitted",
                                 "not committed", "not run", "not written")),
             partial_means="The fixed rollup without saying the hourly change is untested.",
             wrong="Says the midnight hour still lands on the previous day.",
             stale_means="Says all 64 tests pass after the hourly change (they were not run)."),
)  # fmt: skip

PRODUCTION = """Summary so far: powerlog's daily rollup (powerlog/rollup.py) put the 00:00-01:00 local hour of every summer day on the day before: it added a fixed LOCAL_OFFSET of +1 h to readings.ts_utc. The user rejected a hand-rolled EU DST rule (powerlog/dst.py, is_cest; deleted): local_day() now uses zoneinfo.ZoneInfo(site.tz), since sites are in Berlin, Lisbon and Helsinki; tests/test_rollup.py added. Error: ZoneInfoNotFoundError 'No time zone found with key Europe/Berlin' in the python:3.12-slim tests container; a --no-cache rebuild did not help, adding tzdata==2025.2 to requirements.txt fixed it; 64 tests pass.
Tomás's review: daily_rollup keeps wrong totals for 2024-03-31 to 2025-10-25; hourly.py keyed buckets by local hour, merging the two 02:00 hours of 2025-10-26.
State: hourly.py now keys buckets by UTC hour with local labels; untested. Nothing committed.
Next: test 2025-10-26 in Berlin (25 buckets, two 02:00 labels) and run pytest; then `powerlog backfill --from DATE --to DATE`, --dry-run against staging only, never prod."""
