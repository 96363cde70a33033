"""The twenty-fifth held-out set: four spans written by authors who never ran the handoff on
them, while round 13 was tuned on the twenty-fourth set, and read only after it was done: a
Claude Code span with its sectioned production compaction (Django and Celery: webhook
callbacks that fetch the cloud metadata address, an SSRF a hostname blocklist lets through), a
Codex span with its "Summary so far" (a Rust key-value store whose write-ahead log loses
acknowledged writes in a power cut: flushed, never synced), an SWE-agent span (a Python CSV
reader that takes Excel's byte-order mark for part of the first header) and an OpenAI-chat span
(Kotlin/Spring: invoices for Auckland and Sydney dated the month before, computed in UTC); the
last two have no production summary, so a reader's handoff stands in. The status words their
answers use, a careless handoff of each, and which spans' last words name the right next step
or none. The checks every set passes are in `test_bench_heldout_sets.py`; no summariser runs on
these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the clean build, cache
# clear or re-run as the fix, and a step done already or put off to a ticket as the next step.
_STALE = {
    "heldout25-claude-ssrfcheck": (
        "Decision: webhook deliveries go out through Smokescreen (WEBHOOK_EGRESS_PROXY, "
        "smokescreen.egress.svc.cluster.local:4750), and callback hosts are checked "
        "against the regex blocklist in validate_not_blocklisted (rbndr.us, nip.io, "
        "decimal and hex IPv4).\n"
        "Files: webhooks/validators.py; webhooks/ssrf_blocklist.py added for the regex "
        "blocklist; deploy/smokescreen/acl.yaml for the proxy.\n"
        "Error: the webhook tests errored at setup with ModuleNotFoundError: No module "
        "named 'webhooks.ssrf_blocklist', stale bytecode and the reused test database; "
        "fixed by clearing __pycache__ and .pytest_cache, --create-db and recreating the "
        "venv.\n"
        "Next: write a management command that disables the existing endpoints whose host"
        " resolves to a private address, and email their owners."
    ),
    "heldout25-codex-fsyncloss": (
        "Decision: a background syncer thread in src/syncer.rs calls sync_data on the "
        "active segment every 10 ms, set by Options::sync_interval, so an acknowledged "
        "write reaches the disk within 10 ms.\n"
        "Files: src/wal.rs; src/syncer.rs added for the syncer thread, src/config.rs for "
        "sync_interval.\n"
        "Error: the power_cut harness lost 1 to 3 acknowledged writes in 4 of 50 runs, a "
        "stale crashwriter binary after the checkout; fixed by cargo clean, rm -rf target"
        " and a re-run.\n"
        "Next: make Segment::sync call fcntl F_FULLFSYNC on macOS, then push to #149."
    ),
    "heldout25-swe-bomheader": (
        "Decision: strip invisible characters (the BOM, zero-width spaces and joiners, "
        "no-break spaces) from every header and cell with a regex, strip_invisible in "
        "sheetrows/_clean.py, so '\\ufeffid' reads as 'id'.\n"
        "Files: sheetrows/reader.py; sheetrows/_clean.py added for strip_invisible.\n"
        "Error: three path tests still failed with MissingColumnError for '\\ufeffid', a "
        "stale install from the testbed's pip install .; fixed by clearing __pycache__, "
        "pip install -e . and a re-run.\n"
        "Next: change _strip_bom in reader.py so that file objects lose the BOM from the "
        "first header name only and every cell is left alone, with a test."
    ),
    "heldout25-chat-tzbilling": (
        "Decision: bill each zone at its own local midnight with ZoneBillingScheduler: a "
        "CronTrigger per customer zone at 00:05 on the 1st, running "
        "MonthlyBillingJob.runForZone with LocalDate.now(zone), so Auckland and Sydney "
        "get the month of their own date.\n"
        "Files: src/main/kotlin/nz/co/harbourline/billing/invoice/MonthlyBillingJob.kt "
        "for runForZone; scheduling/ZoneBillingScheduler.kt added for the 38 zone "
        "triggers.\n"
        "Error: 41 Spring tests failed to load the ApplicationContext with a "
        "SchemaManagementException on invoice.issued_at (found timestamp, expecting "
        "timestamp with time zone), a stale build in the Gradle build cache; fixed by "
        "./gradlew clean test --rerun-tasks and rm -rf build "
        "~/.gradle/caches/build-cache-1.\n"
        "Next: issue credit notes and reissue the 214 November invoices of the Auckland "
        "and Sydney customers (Mereana's point 3), then push to #531."
    ),
}

_READER_SWE = """Task: tallyforge__sheetrows-318 (issue #318): Excel's "CSV UTF-8" export starts with a byte-order mark, so the first header is '\ufeffid' and read_records raises MissingColumnError for 'id'.
Latest request: @tomasz-wrobel's review of PR #321 with the user's answers: add a test that an explicit encoding="cp1252" still works, then update docs/encodings.md and add a CHANGELOG.md entry under 2.4.2; charset-normalizer answered on the PR; UTF-16 is #324, not this PR.
Decision: the BOM is handled as encoding in the existing reader.py: a path with no encoding is opened as utf-8-sig, a file object's leading BOM is dropped from its first name, no cell is touched. This rules out strip_invisible, a regex on every cell in a new sheetrows/_clean.py (deleted).
Correction: the user said not to strip characters out of data (no-break spaces and U+200D are real content; the regex took bench_read from 1.84 s to 2.61 s) and no new module: utf-8-sig instead.
Files changed: sheetrows/reader.py (_open_source uses utf-8-sig, _strip_bom); sheetrows/api.py (read_records' encoding default None, was "utf-8"); tests/test_reader.py (six tests). sheetrows/_clean.py was created and deleted; reproduce.py is scratch.
Errors: after utf-8-sig, three path tests still failed with MissingColumnError. Clearing __pycache__, pip install -e . and a re-run did not fix it (sheetrows.__file__ is /testbed); the cause was api.py's default encoding "utf-8", so the reader's None branch never ran; fixed by making the default None.
Review (@tomasz-wrobel) found: (1) file objects: cells untouched, already done; (2) why not charset-normalizer (answered); (3) UTF-16 "Unicode Text" exports (#324); (4) explicit cp1252 test (done since), docs/encodings.md and CHANGELOG (not written).
Values: sheetrows 2.4.1, Python 3.11; #318, PR #321, #324; 204 tests before, 210 passed now.
Roles: reader.py holds Reader and _open_source; api.py the public read_records; reproduce.py a scratch repro.
State: all 210 tests pass; docs/encodings.md and CHANGELOG.md are not updated; not submitted.
Next step: update docs/encodings.md and add the CHANGELOG.md 2.4.2 entry, run pytest, delete reproduce.py, submit.
Pending: the docs and CHANGELOG entry, deleting reproduce.py, submit; UTF-16 is #324, not this PR."""

_READER_CHAT = """Task: BILL-412: the December invoices of 214 customers in Auckland and Sydney are dated 30 November with a November period: since BILL-377 they renew at local midnight (11:00/13:00 UTC on 30 November) and the hourly MonthlyBillingJob took the period from LocalDate.now() in UTC.
Latest request: Mereana's review of PR #531 with the user's answers: check V47's AT TIME ZONE 'UTC'; reply on TZ=Pacific/Auckland; credit notes are BILL-418; point 4, the DST and west-of-UTC tests, in this PR.
Decision: BillingPeriodCalculator.periodFor bills the month of the renewal instant as a ZonedDateTime in the customer's zone; the job stays hourly; issued_at and next_renewal_at become timestamptz (Flyway V47); an injected Clock. This rules out ZoneBillingScheduler (a CronTrigger per zone) and TZ=Pacific/Auckland.
The user's correction: not a scheduler per zone (3 replicas, 38 locks, missed triggers gone); instead the period from the renewal instant, timestamptz, a Clock.
Files changed:
- BillingPeriodCalculator.kt now has periodFor; MonthlyBillingJob.kt reads the Clock.
- ClockConfig.kt is the new Clock bean; V47__invoice_timestamptz.sql the new migration.
- Invoice.kt, Subscription.kt, RenewalSchedule.kt, InvoiceMapper.kt and application.yml follow.
- MonthlyBillingJobIT.kt is new, BillingPeriodCalculatorTest.kt has four cases.
ZoneBillingScheduler.kt was created and deleted.
Errors: 41 of 219 tests failed to load the ApplicationContext with SchemaManagementException (issued_at found timestamp). ./gradlew clean test --rerun-tasks and deleting the build cache did not fix it; V47 had one underscore, so Flyway skipped it; fixed by renaming it with two underscores and validate-migration-naming: true.
Review (Mereana) found: 1. V47 must convert AT TIME ZONE 'UTC' (already in); 2. why not TZ=Pacific/Auckland (answered); 3. credit notes for the 214 invoices (BILL-418); 4. no test across DST or west of UTC (open).
Values: 131 + 83 invoices; 41 failed, now 219 tests pass; PR #531; BILL-412, BILL-418.
Roles: BillingPeriodCalculator computes the period; MonthlyBillingJob is the hourly billing job; RenewalSchedule computes the next renewal.
State: PR #531 is open and pushed; all 219 tests pass; point 4 is not written.
Next step: a @ParameterizedTest in BillingPeriodCalculatorTest with Auckland 2026-08-31T12:00Z and 2026-09-30T11:00Z (NZDT) and America/Chicago; ./gradlew test, push to #531.
Pending: the parameterised DST test and the push; BILL-418 is finance's, not this PR."""

# tzbilling's last words name the right step; ssrfcheck's only report; fsyncloss's announce a
# step put off to a ticket and bomheader's one done already: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout25-chat-tzbilling"})
LAST_STEP_NONE = frozenset({"heldout25-claude-ssrfcheck"})

HELDOUT25 = HeldoutSet(
    prefix="heldout25-",
    shapes={
        "heldout25-claude-ssrfcheck": "claude-code",
        "heldout25-codex-fsyncloss": "codex",
        "heldout25-swe-bomheader": "swe-agent",
        "heldout25-chat-tzbilling": "openai-chat",
    },
    status=STATUS | {"not pushed", "not submitted", "not updated", "not written"},
    production={
        "heldout25-claude-ssrfcheck": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        "heldout25-codex-fsyncloss": Production(
            words=(150, 250),
            opens="Summary so far: ",
        ),
    },
    stale=_STALE,
    readers={
        "heldout25-swe-bomheader": _READER_SWE,
        "heldout25-chat-tzbilling": _READER_CHAT,
    },
    low=LowScores(first_user=3.5, last_words=6, users=8),
)
