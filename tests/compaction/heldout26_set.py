"""The twenty-sixth held-out set: four spans written by authors who never ran the handoff on
them, while round 14 was tuned on the twenty-fifth set, and read only after it was done: a
Claude Code span with its sectioned production compaction (Vue 3 and Pinia: a support agent's
reply draft lost on a switch of tickets), a Codex span with its "Summary so far" (FastAPI with
async SQLAlchemy: a synchronous PDF render that blocks the event loop and starves the pool), an
SWE-agent span (a Python HTTP client whose base_url loses its path to urljoin) and an
OpenAI-chat span (Go: a fan-out handler's goroutines that never end when the client leaves);
the last two have no production summary, so a reader's handoff stands in. The status words
their answers use, a careless handoff of each, and which spans' last words name the right next
step or none. The checks every set passes are in `test_bench_heldout_sets.py`; no summariser
runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the clean build, cache
# clear or re-run as the fix, and a step put off to a ticket as the next step.
_STALE = {
    "heldout26-claude-draftloss": (
        "Decision: a draftVault Pinia plugin in src/stores/plugins/draftVault.ts mirrors "
        "every reply draft into IndexedDB by ticket id and registers a Background Sync "
        "tag, so the service worker pushes unsent drafts to PUT /api/tickets/:id/draft.\n"
        "Files: src/components/ticket/ReplyComposer.vue; src/stores/plugins/draftVault.ts"
        " added for the vault, src/main.ts for pinia.use(draftVault).\n"
        "Error: 9 Vitest tests failed with a TypeError on onBeforeRouteLeave "
        "(__vite_ssr_import_3__), a stale pre-bundle in node_modules/.vite after the "
        "vue-router bump; fixed by rm -rf node_modules/.vite, npm ci and a re-run.\n"
        "Next: namespace the drafts key by agent id and clear it on logout in the session"
        " store, then push to #3317."
    ),
    "heldout26-codex-poolstarve": (
        "Decision: raise the asyncpg pool to pool_size=50 with max_overflow=10 in "
        "app/db.py and add a LoadShedMiddleware that times every request and answers 503 "
        "past 64 in flight, so p99 falls from 30.01 s to 14.6 s.\n"
        "Files: app/routers/reports.py; app/db.py for pool_size=50; "
        "app/middleware/load_shed.py added for LoadShedMiddleware.\n"
        "Error: test_statement_pdf_renders failed with MissingGreenlet in the worker "
        "thread, a stale venv with greenlet 3.0.3; fixed by rm -rf .venv, uv sync and a "
        "re-run.\n"
        "Next: render the annual summary in app/routers/annual.py in a worker thread with"
        " the same limiter, then push to #562."
    ),
    "heldout26-swe-urljoin": (
        "Decision: a URLBuilder class in a new ferrule/_urlbuilder.py joins base_url and "
        "the relative URL with '/' and collapses repeated slashes with a regex, so "
        "'/users' on https://api.example.com/v2 goes to https://api.example.com/v2/users."
        "\n"
        "Files: ferrule/_client.py; ferrule/_urlbuilder.py added for URLBuilder.\n"
        "Error: six tests failed with UnmatchedRequest: No mocked route matched GET "
        "https://api.example.com/v2/users, stale bytecode of the first design and a stale"
        " install from the image; fixed by clearing __pycache__, pip install -e . and a "
        "re-run.\n"
        "Next: make _merge_url send absolute URLs such as "
        "https://status.example.com/health out as they are, with "
        "test_absolute_url_ignores_base_url (point 1)."
    ),
    "heldout26-chat-ctxleak": (
        "Decision: bound ratefan's backend goroutines with internal/gopool: a global "
        "semaphore of 4,096 slots that gopool.Go takes before each carrier call, and a "
        "watchdog started from cmd/ratefan/main.go that cancels the tasks older than 5 s "
        "and frees their slots.\n"
        "Files: internal/quote/handler.go; internal/gopool/pool.go added for the "
        "semaphore and the watchdog.\n"
        "Error: TestClientDisconnectCancelsCarrierCalls failed with goroutines: 18046 "
        "after 3s, want <= 88, a stale test binary from the build cache; fixed by go "
        "clean -cache -testcache and a re-run with -count=1.\n"
        "Next: add keepalive.ClientParameters (Time 30s, Timeout 10s) to the carrier dial"
        " options in internal/carrier/dial.go (Tomasz's point 3), then push to #612."
    ),
}

_READER_SWE = """Task: brightline-oss__ferrule-537 (issue #537): in ferrule 3.4.0 a Client with base_url="https://api.example.com/v2" sends get("/users") and get("users") to https://api.example.com/users, dropping /v2, because since #498 (a41c9e2) _merge_url uses urljoin; 3.3.2 worked.
Latest request: @amara-lindqvist's review of PR #541 with the user's answers: (1) absolute URLs, already the case, confirm; (2) keep urljoin and document a trailing slash, answered on the PR; (3) dot segments are #545, leave them out; (4) add a query string test, then a CHANGELOG.md entry under 3.4.1 for the client and MockRouter.
Decision: base_url is a prefix, as in httpx, inside the existing _merge_url: the base_url setter makes its path end with "/" (_enforce_trailing_slash) and _merge_url strips one leading "/" from the relative raw path and appends it. It rules out URLBuilder, a regex in a new ferrule/_urlbuilder.py (deleted).
Correction: the user said no new module, no class, no regex (it rewrote /objects/2024//03?prefix=a//b): the prefix rule in _merge_url instead.
Files changed: ferrule/_client.py (_enforce_trailing_slash, _merge_url); ferrule/testing.py (MockRouter._resolve and its base_url); tests/test_client.py (five tests). ferrule/_urlbuilder.py was created and deleted; reproduce.py is scratch.
Errors: six tests failed with UnmatchedRequest: No mocked route matched GET https://api.example.com/v2/users. Clearing __pycache__, pip install -e . and a re-run did not fix it; the cause was MockRouter._resolve in ferrule/testing.py, which registered routes with urljoin; fixed by merging routes with the same prefix rule.
Review (@amara-lindqvist) found: (1) absolute URLs must bypass base_url, already done; (2) why not keep urljoin and document it (answered); (3) "../v1/legacy" dot segments (#545); (4) CHANGELOG entry (not written) and a query-string test (done).
Values: ferrule 3.4.0, 3.3.2 worked; #537, #498, PR #541, #545; 418 tests before, 423 passed now.
Roles: _client.py holds BaseClient and _merge_url; _urls.py the URL class; testing.py MockRouter; reproduce.py a scratch repro.
State: all 423 tests pass; the CHANGELOG.md entry is not written; not submitted.
Next step: add the CHANGELOG.md entry under 3.4.1, run pytest, delete reproduce.py, submit.
Pending: the CHANGELOG entry, deleting reproduce.py, submit; dot segments are #545, not this PR."""

_READER_CHAT = """Task: RATE-341: ratefan's pods are OOM-killed every ~26 hours: go_goroutines climbs from 200 to 40,000 a day (2.3 GiB, limit 2.5 GiB). Handler.ServeHTTP (GET /v1/quotes) ran each carrier call on context.Background() and sent on an unbuffered channel nobody read after the 900 ms budget: a goroutine leak.
Latest request: Tomasz's review of PR #612 with the user's answers: check point 1 and tell him; reply on the per-call timeout; keepalive is RATE-352; add the go_goroutines alert in this PR.
Decision: fix the handler: the calls take context.WithTimeout(r.Context(), budget) through errgroup.WithContext, errors logged and nil returned, the results channel buffered to len(h.Carriers). This rules out internal/gopool (a global semaphore of 4,096 slots and a watchdog) and a timeout on context.Background().
The user's correction: no pool (one stuck carrier takes every slot, a watchdog kills no goroutine); instead r.Context() with errgroup and a buffered channel.
Files changed:
- internal/quote/handler.go: errgroup, r.Context(), buffered channel.
- internal/quote/handler_leak_test.go: new, three tests.
- internal/carrier/fakecarrier/server.go: Rate waits on ctx.Done().
- go.mod and go.sum: the new golang.org/x/sync v0.7.0 dependency for errgroup.
internal/gopool/pool.go was created and deleted; handler.go and cmd/ratefan/main.go reverted first.
Errors: TestClientDisconnectCancelsCarrierCalls failed, goroutines: 18046 after 3s, want <= 88. go clean -cache -testcache and -count=1 did not fix it; the goroutine profile showed the fake carriers' Rate in time.Sleep ignoring its context; fixed in fakecarrier/server.go with ctx.Done().
Review (Tomasz) found: 1. a carrier's error would cancel the others through errgroup (already done, returns nil); 2. why not context.WithTimeout on context.Background() (answered); 3. keepalive on the conns (RATE-352); 4. an alert on go_goroutines (open).
Values: 38,412 goroutines in staging; repro 12,241, then 231; 18046 in the test; PR #612; RATE-341, RATE-352.
Roles: handler.go is the /v1/quotes fan-out; fakecarrier/server.go the tests' bufconn carrier; dial.go the gRPC dial options; ratefan.rules.yml the alerts.
State: PR #612 is open and pushed; go test -race passes, 14 quote tests; the alert is not written.
Next step: add RatefanGoroutinesHigh (go_goroutines{job="ratefan"} > 5000 for 15m) next to RatefanOOMKilled in deploy/prometheus/ratefan.rules.yml, run promtool check rules, push to #612.
Pending: the RatefanGoroutinesHigh alert in ratefan.rules.yml, promtool and the push; keepalive is not this PR (RATE-352)."""

# urljoin's last words name the right step; poolstarve's only report; draftloss's and
# ctxleak's announce a step the user put off to a ticket: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout26-swe-urljoin"})
LAST_STEP_NONE = frozenset({"heldout26-codex-poolstarve"})

HELDOUT26 = HeldoutSet(
    prefix="heldout26-",
    shapes={
        "heldout26-claude-draftloss": "claude-code",
        "heldout26-codex-poolstarve": "codex",
        "heldout26-swe-urljoin": "swe-agent",
        "heldout26-chat-ctxleak": "openai-chat",
    },
    status=STATUS | {"not pushed", "not submitted", "not updated", "not written"},
    production={
        "heldout26-claude-draftloss": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        "heldout26-codex-poolstarve": Production(
            words=(150, 250),
            opens="Summary so far: ",
        ),
    },
    stale=_STALE,
    readers={
        "heldout26-swe-urljoin": _READER_SWE,
        "heldout26-chat-ctxleak": _READER_CHAT,
    },
    low=LowScores(first_user=3.5, last_words=6, users=8),
)
