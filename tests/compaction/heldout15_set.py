"""The fifteenth held-out set: four spans written by four authors who never ran the handoff on
them, after it was last tuned (two Claude Code spans with brief production compactions, a
SWE-agent span, a Codex span); the status words their answers use ("not pushed", "not written",
"not started", "not submitted", "not removed"), a careless handoff of each, a reader's handoff
of the SWE-agent span (which has no production summary), the span whose last words name the
right next step (Codex) and the span whose last words name none (a Claude Code one). The checks
every set passes are in `test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted or reverted file as a change, the re-run as
# the fix, and a step already done (or put off) as the next step.
_STALE = {
    "heldout15-claude-bigids": (
        "Decision: decode into typed structs with int64 fields, one per event type, in "
        "internal/relay/events.go.\n"
        "Files: transform.go; internal/relay/events.go added for the event types.\n"
        "Error: TestRelayEndToEnd still saw 1234567890123456800 because the reused Kafka "
        "container held a message from a run before the fix; fixed by docker rm -f "
        "relay-e2e-kafka and a re-run.\n"
        "Next: fix the errcheck finding: check the error n.Int64() returns in enrich.go."
    ),
    "heldout15-claude-overbooking": (
        "Decision: a SemaphoreSlim per class session in ClassSessionLocks.cs serialises the "
        "read-check-save in BookAsync.\n"
        "Files: BookingService.cs; Bookings/ClassSessionLocks.cs added for the per-class "
        "locks.\n"
        "Error: ParallelBookingsNeverExceedCapacity booked 24 of 20 because the test "
        "host ran a stale build; fixed by dotnet clean and a rebuild.\n"
        "Next: make the windows-latest job skip the database tests."
    ),
    "heldout15-swe-retrybody": (
        "Decision: read the body into memory once with bufferBody and give each attempt a "
        "fresh bytes.Reader.\n"
        "Files: retry.go; bodybuf.go added for the buffered body.\n"
        "Error: go test -race reported a DATA RACE in TestRetryPostBody; fixed by re-running "
        "with -count=1.\n"
        "Next step: delete bodybuf.go and submit."
    ),
    "heldout15-codex-bundlesize": (
        "Decision: move moment and chart.js into a vendor-heavy chunk with the manualChunks "
        "helper, so the checkout entry stays under the 120 kB budget.\n"
        "Files: vite.config.ts; src/build/manualChunks.ts added for the chunk split.\n"
        "Error: size-limit still measured 173.6 kB after the date-fns change, from a stale "
        "pre-bundle in node_modules/.vite; fixed by rm -rf node_modules/.vite and a rebuild.\n"
        "Next: add a size-limit budget for the account page."
    ),
}

# A reader's handoff of the span, written from the span: the questions are answerable by a
# careful summary of about 300 words.
_READER_SWE = """Task: resolve hollis-io__retryhttp-58: Client.Do re-sends the caller's request after a 503 with the body the first attempt consumed, so every retried POST fails with "http: ContentLength=11 with Body length 0"; minimal changes to non-test files.
Latest request, the maintainer @tomasz-w's comment: (1) don't read the body into memory (the backup uploader streams multi-GB archives), use req.GetBody; (2) a body without GetBody (an io.Pipe) is sent once, said in Do's doc comment; (3) Retry-After is a separate change, #63; (4) tests: a retried POST arrives with its full body, an io.Pipe body is sent exactly once.
Decision: each retry sends req.Clone() with a fresh body from req.GetBody; a body without GetBody is not retried. This rules out buffering the body in memory (bufferBody, io.ReadAll).
The maintainer's correction: no buffering in memory; use req.GetBody instead.
Files changed: retry.go (Do clones the request per retry with a GetBody body, sends a body without GetBody once, doc comment); retry_test.go (TestRetryPostBody). bodybuf.go was created and deleted; retry.go's buffering edit was checked out again.
Errors: the retries failed with ContentLength=11 with Body length 0, fixed by GetBody. Then go test -race reported a DATA RACE in TestRetryPostBody: Do set req.Body (retry.go:55) while the transport's writeLoop still read the first body; a re-run with -count=1 did not help; fixed by sending a req.Clone() per retry.
Review (@tomasz-w) found: no buffering, use GetBody (done); a body without GetBody sent once (done); Retry-After goes to #63; tests: TestRetryPostBody done, the io.Pipe test pending.
Values: 11 bytes; MaxRetries defaults to 3; 12 tests pass under -race; #58, #63.
Roles: retry.go holds Client and Do; retry_test.go its tests; cmd/repro58/main.go is a scratch repro.
State: 12 tests pass under -race; the io.Pipe test is not written; cmd/repro58 still untracked; not submitted.
Next step: add the io.Pipe test to retry_test.go (a body without GetBody answered 503 is sent exactly once), run go test -race ./..., delete cmd/repro58, then submit.
Pending: the io.Pipe test, removing cmd/repro58, and submit."""

# The spans whose last words name the right next step, and those whose last words only report
# what was done; the other two end on a stale step.
LAST_STEP_RIGHT = frozenset({"heldout15-codex-bundlesize"})
LAST_STEP_NONE = frozenset({"heldout15-claude-overbooking"})

HELDOUT15 = HeldoutSet(
    prefix="heldout15-",
    shapes={
        "heldout15-claude-bigids": "claude-code",
        "heldout15-claude-overbooking": "claude-code",
        "heldout15-swe-retrybody": "swe-agent",
        "heldout15-codex-bundlesize": "codex",
    },
    status=STATUS | {"not pushed", "not written", "not started", "not submitted", "not removed"},
    production={
        # brief Claude Code compactions (the context compacted early), and Codex's "Summary so far"
        "heldout15-claude-bigids": Production(words=(80, 130)),
        "heldout15-claude-overbooking": Production(words=(60, 110)),
        "heldout15-codex-bundlesize": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout15-swe-retrybody": _READER_SWE},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
