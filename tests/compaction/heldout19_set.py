"""The nineteenth held-out set: four spans written by authors who never ran the handoff on
them, while round 6 was tuned on the eighteenth set: a Claude Code span with its sectioned
production compaction (Airflow/pandas: re-run nights that all load the day they ran on), a Codex
span with its "Summary so far" (a Java/Gradle library whose UUIDv7s of one millisecond sort at
random), an SWE-agent span (a TypeScript npm stream library that splits UTF-8 characters at chunk
boundaries) and an OpenAI-chat span (Go: a tenant map written while it is read); the last two
have no production summary, so a reader's handoff stands in. The status words their answers use,
a careless handoff of each, and which spans' last words name the right next step or none. The
checks every set passes are in `test_bench_heldout_sets.py`; no summariser runs on these
spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the re-run or cache clear
# as the fix, and a step done already or put off to a ticket as the next step.
_STALE = {
    "heldout19-claude-clearedruns": (
        "Decision: resolve_run_date() takes the day from dag_run.conf (or the "
        "settlements_run_date_override Variable), so ops say which day a re-run is for.\n"
        "Files: extract.py; dags/settlements/run_date.py added for resolve_run_date().\n"
        "Error: the extract tests failed with TypeError: Invalid comparison between "
        "dtype=datetime64[ns] and DateTime, stale bytecode from the earlier version; fixed by "
        "clearing __pycache__ and .pytest_cache and a re-run.\n"
        "Next: add a SQLCheckOperator after the load that compares the day's row count with "
        "payments.settlements."
    ),
    "heldout19-codex-monotonicuuid": (
        "Decision: RFC 9562 method 3: rand_a holds a sub-millisecond fraction from "
        "System.nanoTime(), read through SubMillisClock, so ids made in one millisecond sort in "
        "time order.\n"
        "Files: Uuid7Generator.java; src/main/java/dev/lumen/chronoid/SubMillisClock.java added "
        "for the clock.\n"
        "Error: concurrentIdsKeepPerThreadOrder failed with 3 of 400000 ids out of order, a stale "
        "build cache after the file changes; fixed by ./gradlew clean test --no-build-cache "
        "--rerun-tasks.\n"
        "Next: port the 12-bit counter to UlidGenerator.java so ULIDs from one generator are "
        "monotonic too, then push to #427."
    ),
    "heldout19-swe-utf8chunks": (
        "Decision: hold back the incomplete trailing bytes of each chunk with incompleteTail() "
        "from src/utf8Tail.ts and decode them with the following chunk (Buffer.concat).\n"
        "Files: src/split.ts; src/utf8Tail.ts added for incompleteTail().\n"
        "Error: the new 4-byte test hit jest's 5000 ms timeout on a cold cache, compile time "
        "after the checkout; fixed by npx jest --clearCache and --testTimeout=20000.\n"
        "Next: make maxLineLength count bytes with Buffer.byteLength in src/split.ts."
    ),
    "heldout19-chat-tenantswap": (
        "Decision: a guardedMap for the tenants and the plans, a map behind a sync.RWMutex with "
        "an RLock on every lookup and the write lock while Reload swaps in the new maps.\n"
        "Files: internal/tenants/store.go; internal/tenants/guarded.go added for the guarded "
        "map.\n"
        "Error: TestConcurrentLookupReloadOverride reported a DATA RACE from a stale test "
        "binary; fixed by go clean -cache -testcache and a re-run.\n"
        "Next: merge the overrides into the new snapshot in Reload, so that an admin override "
        "survives the next SIGHUP."
    ),
}

# Readers' handoffs of the spans with no production summary, written from the spans: the
# questions are answerable by a careful summary of about 300 words.
_READER_SWE = """Task: resolve fernwood-dev__ndstream-214: ndstream 3.1.0's LineSplitter decoded each chunk alone (chunk.toString('utf8')), so a character cut by a 65536-byte chunk boundary came out as U+FFFD (Kraków as Krak\ufffd\ufffdw); minimal changes to non-test files.
Latest request: @marit-lund's review, relayed with the user's answers: (1) a decoder per instance, already so; (2) no encoding option, answered on the PR; (3) maxLineLength counting UTF-16 units, not bytes, is #219, not this patch; (4) an invalid-byte test (a lone 0xFF gives U+FFFD) and a README Encoding section, README first.
Decision: one StringDecoder per LineSplitter in src/split.ts, write() in _transform, end() in _flush. This rules out the hand-rolled incompleteTail() in a new src/utf8Tail.ts (the old decoder mangled surrogate pairs, #88) and any new module.
Correction: the user said no hand-rolled UTF-8 and no new module: use Node's string_decoder in split.ts.
Files changed: src/split.ts (the StringDecoder field, decoder.write and decoder.end); test/split.test.ts (the Zürich split test, the 4-byte fox over three writes); README.md (the Encoding section). src/utf8Tail.ts was created and deleted, split.ts checked out again.
Errors: the fox test timed out (Exceeded timeout of 5000 ms): it awaited 'end' while nothing read the splitter's output. Clearing jest's cache and --testTimeout=20000 did not help; fixed by reading the output with splitter.toArray().
Review (@marit-lund) found: (1) the decoder must belong to the instance, not the module (done before the review); (2) an encoding option for latin1 (answered: no, use iconv-lite); (3) maxLineLength counts UTF-16 units, not bytes (put off to #219); (4) the invalid-byte test (open) and the README section (done).
Values: 65536-byte chunks; the repro's 600325 bytes, 20000 records, id 17513 mangled before; 29 tests pass; #214, #88, #219.
Roles: src/split.ts holds LineSplitter, the Transform that cuts bytes into lines and JSON.parses them; test/split.test.ts its tests; reproduce.mjs is a scratch repro.
State: all 29 tests pass; the README section is written; the invalid-byte test is not written; not submitted.
Next step: add the invalid-byte test to test/split.test.ts (the bytes of {"a":"\\xff"} parse to { a: '\\uFFFD' }), run npx jest, delete reproduce.mjs, submit.
Pending: the invalid-byte test, deleting reproduce.mjs, submit."""

_READER_CHAT = """Task: GW-412: the tollgate pods crash with 'fatal error: concurrent map read and map write' (14 since Monday on 6 pods): the SIGHUP Reload wrote tenants.yaml into the maps every request's Lookup reads.
Latest request, Priya's review of PR #388 with the user's answers: check that a parse error keeps the old snapshot and tell her; reply why sync.Map does not fit; lost overrides are GW-419, not this PR; add the reload metrics in internal/metrics/metrics.go, set in Store.Reload, tested.
Decision: an immutable Snapshot of tenants and plans, built by Reload and swapped in with an atomic.Pointer; readers never lock; s.mu serialises only the writers. This rules out the guardedMap (RWMutex, 11 times slower) and sync.Map.
The user's correction: no lock on the lookup path at 40k rps; swap a new snapshot with atomic.Pointer instead; delete guarded.go, restore store.go.
Files changed: internal/tenants/store.go (Snapshot, Current, Reload, Override); internal/ratelimit/middleware.go (one snapshot per request); internal/tenants/store_test.go (TestReloadKeepsSnapshotOnBadYAML, TestConcurrentLookupReloadOverride). guarded.go was created and deleted.
Errors: the production fatal error, fixed by the snapshot swap. Then TestConcurrentLookupReloadOverride hit a DATA RACE at store.go:105: go clean -cache -testcache and a re-run did not fix it; Override wrote into the stored snapshot; fixed by Override storing a maps.Clone copy under s.mu.
Review (Priya) found: a parse error must keep the old snapshot (already in, tested); why not sync.Map (answered on the PR); overrides lost on the next SIGHUP (GW-419); no reload metrics (open).
Values: 40k rps a pod; Lookup 3.41 ns/op on main, 38.62 with the RWMutex, 2.93 now; PR #388; GW-412, GW-419.
Roles: store.go holds the tenants and plans; middleware.go looks up each request's tenant; main.go reloads on SIGHUP; limits.go is the admin override endpoint.
State: PR #388 is open and pushed; all tests pass under -race (-count=50 on the race test); point 4 is not started.
Next step: add the tollgate_tenants_reload_total counter and the snapshot_loaded_timestamp gauge in metrics.go, set them in Store.Reload, test with testutil.ToFloat64, go test -race ./..., push to #388.
Pending: the reload metrics and the push; overrides across a reload later in GW-419."""

# clearedruns' and tenantswap's last words name the right step; utf8chunks' only report where
# the points stand; monotonicuuid's start the port to UlidGenerator the user put off to #431.
LAST_STEP_RIGHT = frozenset({"heldout19-claude-clearedruns", "heldout19-chat-tenantswap"})
LAST_STEP_NONE = frozenset({"heldout19-swe-utf8chunks"})

HELDOUT19 = HeldoutSet(
    prefix="heldout19-",
    shapes={
        "heldout19-claude-clearedruns": "claude-code",
        "heldout19-codex-monotonicuuid": "codex",
        "heldout19-swe-utf8chunks": "swe-agent",
        "heldout19-chat-tenantswap": "openai-chat",
    },
    status=STATUS | {"not pushed", "not written", "not submitted", "not started"},
    production={
        # Claude Code's sectioned compaction
        "heldout19-claude-clearedruns": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        # Codex's "Summary so far"
        "heldout19-codex-monotonicuuid": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={
        "heldout19-swe-utf8chunks": _READER_SWE,
        "heldout19-chat-tenantswap": _READER_CHAT,
    },
    # last words that name the right step, or report the review's points, answer a good part
    low=LowScores(first_user=2.5, last_words=5, users=8.5),
)
