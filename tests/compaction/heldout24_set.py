"""The twenty-fourth held-out set: four spans written by authors who never ran the handoff on
them, while round 12 was tuned on the twenty-third set, and read only after it was done: a
Claude Code span with its sectioned production compaction (Phoenix LiveView: a whiteboard that
counts every lingering socket as a person), a Codex span with its "Summary so far" (.NET: an
export worker whose timer starts a second run over a slow one, so invoices are posted twice),
an SWE-agent span (a Python retry library whose jitter goes past max_delay) and an OpenAI-chat
span (Express: a login limit of 10 a minute that six pods' own counters let through 60 times);
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
    "heldout24-claude-presence": (
        "Decision: an Easel.Boards.ViewerRegistry GenServer keeps one {board, user} row "
        "per viewer in an ETS table, touched by BoardLive every 10 s, with a sweeper "
        "every 15 s dropping rows older than 30 s; the toolbar counts its rows.\n"
        "Files: lib/easel_web/live/board_live.ex; lib/easel/boards/viewer_registry.ex "
        "added for the registry, started in lib/easel/application.ex.\n"
        "Error: the presence tests failed with Expected truthy, got false on has_element?"
        " #viewer-count, a stale beam of BoardLive in _build/test; fixed by mix clean, rm"
        " -rf _build deps, mix deps.get and a re-run.\n"
        "Next: lower the websocket timeout on the /live socket in "
        "lib/easel_web/endpoint.ex from 300_000 to 45_000."
    ),
    "heldout24-codex-overlap": (
        "Decision: a run takes the sp_getapplock 'job:invoice-export' through "
        "JobLockService and its SqlAppLock wrapper, with a JobLocks table holding the "
        "lease, so a second run skips while the first one holds the lock.\n"
        "Files: src/Billing.Export/ExportWorker.cs; Locking/SqlAppLock.cs and "
        "Locking/JobLockService.cs added for the lock, BillingDbContext.cs for the "
        "JobLocks set, and the AddJobLocks migration.\n"
        "Error: the two new ExportWorkerTests timed out with System.TimeoutException, a "
        "stale build of Billing.Export.dll after the checkout; fixed by dotnet clean, rm "
        "-rf bin obj and a re-run.\n"
        "Next: send our invoice number as Tripletex's externalId on POST /v2/invoice, "
        "then push to #418."
    ),
    "heldout24-swe-jittercap": (
        "Decision: a Delay value class in a new backstep/_delay.py, a float subclass "
        "whose Delay.clamp(seconds, max_delay) keeps each sleep within max_delay once the"
        " jitter is added; compute_delay returns Delay.clamp(delay, policy.max_delay).\n"
        "Next: make AsyncRetrying._next_delay in backstep/aio.py call compute_delay as "
        "well (the review's point 1).\n"
        "Files: backstep/backoff.py; backstep/_delay.py added for the Delay value class.\n"
        "Error: test_retry_async_sleeps_within_max_delay failed with assert "
        "40.603157651253184 <= 30.0, a stale non-editable install of backstep 2.4.1 and a"
        " stale .hypothesis database; fixed by clearing __pycache__ and .hypothesis, pip "
        "install -e . and a re-run."
    ),
    "heldout24-chat-ratelimit": (
        "Decision: pin each client IP to one auth-api pod with the ingress annotation "
        'nginx.ingress.kubernetes.io/upstream-hash-by: "$remote_addr", so each pod\'s own '
        "in-memory counter of 10 a minute is the client's whole count, with trust proxy "
        "1.\n"
        "Files: src/middleware/loginLimiter.js; deploy/k8s/ingress.yaml for "
        "upstream-hash-by; src/config/login-limit.js added for the per-pod limit.\n"
        "Error: 14 tests got 429 Too Many Requests after the limiter change, a stale Jest"
        " cache; fixed by npx jest --clearCache, rm -rf node_modules && npm ci and a "
        "re-run.\n"
        "Next: add the per-username limit for Priya's point 2, keyed by the lowercased "
        "email, beside the IP one."
    ),
}

_READER_SWE = """Task: resolve larkspur-dev__backstep-318: backstep 2.4.1's compute_delay caps at max_delay and then adds full jitter (up to half again): with max_delay=30 a client sleeps 30 to 45 s.
Latest request: @ines-hartmann's review of PR #321 with the user's answers: (1) AsyncRetrying, already fixed; (2) why not min(delay, max_delay), answered on the PR; (3) Retry-After past max_delay is #324, leave it; (4) attempt 1025 overflows: fix the OverflowError with a test, and add a CHANGELOG.md entry under ## Unreleased.
Decision: in the existing compute_delay, cap the exponential first and draw the jitter within [0, capped]: FULL is rng.uniform(0, capped), documented in the docstring and docs/jitter.md. It rules out the Delay class (a float subclass clamping after the jitter) in a new backstep/_delay.py and any new module.
Correction: the user rejected the Delay class and any new module (the clamp put every sleep at the cap at 30.0, lockstep retries; a new public type): cap first and draw within [0, capped], as the docs say.
Files changed: backstep/backoff.py (compute_delay caps first, FULL uniform(0, capped), OverflowError taken as inf); backstep/aio.py (_next_delay calls compute_delay); tests/test_jitter.py (new); docs/jitter.md (table). backstep/_delay.py was created and deleted.
Errors: test_retry_async_sleeps_within_max_delay failed with assert 40.603157651253184 <= 30.0. Clearing __pycache__, .hypothesis and .pytest_cache, pip install -e . and a re-run did not help; AsyncRetrying._next_delay in aio.py was its own copy of the old formula: fixed by calling compute_delay. Later an OverflowError at attempt 1025, fixed by treating the raw delay as inf.
Review (@ines-hartmann) found: (1) AsyncRetrying skips compute_delay, already done; (2) why not min(delay, max_delay), answered; (3) Retry-After: 120 past max_delay, deferred to #324; (4) tests stop at attempt 20, overflow at 1025 (fixed) and a CHANGELOG entry (not written).
Values: backstep 2.4.1; mean at the cap 37.57 before, 15.13 now; 187 tests before, 195 passed now; #318, PR #321, #324.
Roles: backoff.py holds BackoffPolicy, Jitter and compute_delay; aio.py AsyncRetrying and retry_async; retrying.py Retrying; reproduce.py is scratch.
State: all 195 tests pass; CHANGELOG.md not written; not submitted.
Next step: add the CHANGELOG.md entry under ## Unreleased, run pytest, delete reproduce.py, submit.
Pending: the CHANGELOG entry, deleting reproduce.py, submit; Retry-After is not this PR (#324)."""

_READER_CHAT = """Task: AUTH-231: the pentest (CB-07) got 60 attempts a minute through POST /api/auth/login against 10, and users were locked out on Monday: each of the 6 pods counted in its own memory store, and without trust proxy req.ip was the ingress's address.
Latest request: Priya's review of PR #588 with the user's answers: check point 1 and tell her; point 2 is AUTH-240; reply on redis-sessions; point 4 in this PR: passOnStoreError: true and a test with a failing Redis, then push.
Decision: all pods share one counter per client IP in redis-sessions through rate-limit-redis's RedisStore (prefix rl:login:), with app.set('trust proxy', 1), one hop. This rules out sticky routing (upstream-hash-by) and a per-pod memory store.
The user's correction: not sticky routing, which moves clients on every scale or deploy (new pods count from zero); instead the existing redis-sessions with rate-limit-redis and trust proxy 1.
Files changed:
- src/middleware/loginLimiter.js: createLoginLimiter with the RedisStore.
- src/app.js: trust proxy 1.
- .env.test: REDIS_URL on db 1.
- tests/auth/loginLimiter.test.js: four new tests.
- package.json, package-lock.json: rate-limit-redis 4.2.0.
src/config/login-limit.js was created and deleted; deploy/k8s/ingress.yaml was reverted.
Errors: with the Redis store 14 tests got 429 Too Many Requests. npx jest --clearCache and rm -rf node_modules && npm ci did not fix it, not a Jest cache; .env.test had no REDIS_URL, so the app wrote to db 0 while resetRedis.js flushed db 1; fixed by REDIS_URL in .env.test.
Review (Priya) found: 1. a client-sent X-Forwarded-For (already covered by trust proxy 1 and its test); 2. a per-account limit (AUTH-240); 3. why redis-sessions (answered: 3% CPU, noeviction); 4. Redis unreachable makes logins a 500, passOnStoreError (open).
Values: 60 attempts, 6 pods, 10.42.3.17; 146 passed; PR #588; AUTH-231, AUTH-240.
Roles: loginLimiter.js is the login limiter; src/lib/redis.js the redis-sessions client; resetRedis.js flushes the test db; routes/auth.js mounts the limiter.
State: PR #588 is open and pushed; 146 tests pass; point 4 is not started.
Next step: passOnStoreError: true in createLoginLimiter, a test in loginLimiter.test.js where call() rejects with ECONNREFUSED and a wrong password gets 401, npm test, push to #588.
Pending: passOnStoreError and its test, then the push to #588; the per-account limit later in AUTH-240."""

# overlap's last words name the right step; jittercap's only report; presence's and ratelimit's
# announce a step the user put off to a ticket: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout24-codex-overlap"})
LAST_STEP_NONE = frozenset({"heldout24-swe-jittercap"})

HELDOUT24 = HeldoutSet(
    prefix="heldout24-",
    shapes={
        "heldout24-claude-presence": "claude-code",
        "heldout24-codex-overlap": "codex",
        "heldout24-swe-jittercap": "swe-agent",
        "heldout24-chat-ratelimit": "openai-chat",
    },
    status=STATUS | {"not pushed", "not started", "not submitted", "not written"},
    production={
        "heldout24-claude-presence": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        "heldout24-codex-overlap": Production(
            words=(150, 250),
            opens="Summary so far: ",
        ),
    },
    stale=_STALE,
    readers={
        "heldout24-swe-jittercap": _READER_SWE,
        "heldout24-chat-ratelimit": _READER_CHAT,
    },
    low=LowScores(first_user=3.5, last_words=6, users=8),
)
