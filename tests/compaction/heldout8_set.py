"""The eighth held-out set: its spans, the status words its answers use ("no pr", "not
checked" among them), a careless handoff of each, a reader's handoff of the chat span, and the
Claude Code and Codex summaries that answer. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout8-claude-cron": (
        "Decision: swap the parser, replace it with github.com/robfig/cron/v3 (the standard "
        "day semantics) behind a thin wrapper.\n"
        "Files: sched/match.go edited; sched/compat.go added, a wrapper that keeps the Spec "
        "API.\n"
        "Error: TestWeekdaysOnly fired on 2026-02-28; the bitset's range is off by one, fixed "
        "by checking fullSet.\n"
        "Next step: make day-of-week 7 parse as Sunday, then look at the jobs file."
    ),
    "heldout8-codex-unpack": (
        "Decision: sanitize each entry path the way GNU tar does and unpack what is left "
        "inside dest.\n"
        "Files changed: src/sanitize.rs added, src/unpack.rs.\n"
        "Error: refuses_symlink_escape wrote a file through the link; fixed by canonicalizing "
        "the output path before each write.\n"
        "Next: change the exit code from 3 so it doesn't collide with checksum mismatch."
    ),
    "heldout8-chat-reset": (
        "Decision: give each token a jti and keep the used ones in a used_reset_tokens table; "
        "markUsed(jti) fails on a duplicate.\n"
        "Files: src/auth/reset.js edited; src/auth/usedTokens.js added with markUsed().\n"
        "Error: the reuse test got 204 where 400 was expected: userNamed() hands back a cached user row, "
        "fixed by reloading the user in test/helpers.js.\n"
        "Next step: add a rate limit to POST /password/forgot against mail-bombing."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 350 words.
_READER_CHAT = """Task: a pen-tester found that a password reset link can be used over and over for 24 hours; make a link work once (reset is in src/auth/reset.js, a JWT signed with RESET_SECRET).
Latest request, Ravi's review with the user's answers: do the first two, 30 minutes instead of 24h and Referrer-Policy: no-referrer on GET /password/reset; no rate limit in the app (nginx limit_req on /password/, 5r/m); other sessions later, AUTH-212.
Decision: a fingerprint of the current password hash (pwf, an HMAC of the whole password_hash with RESET_SECRET, 16 characters) is signed into the token and checked by resetPassword(), so any password change retires older links and a link works once. This rules out the used_reset_tokens table of used jtis (an older link would still work) and a bare prefix of the hash.
The user's correction came as a question: does an older link still work after a newer one is used, or after a password change in settings? It does with the table, so: no new table; the migration and usedTokens.js were deleted.
Files changed: src/auth/reset.js (pwf, expiresIn 30m); test/reset.test.js (new: works once, expires after 30 minutes, a password change retires older links); src/routes/password.js (Referrer-Policy: no-referrer). migrations/20261202_used_reset_tokens.js and src/auth/usedTokens.js were created and deleted; test/helpers.js was edited and reverted.
Error: both reset tests failed, Expected: 400, Received: 204. Reloading the user in test/helpers.js did not fix it; the cause: the fingerprint was the first seven characters of the bcrypt hash, '$2b$12$' for everyone; fixed by an HMAC of the whole password hash.
Review (Ravi) found: 24h is far too long (30 minutes, done); the token in the query string leaks through the Referer header (header written); POST /password/forgot has no rate limit (rejected: nginx limit_req already); other sessions stay logged in after a reset (AUTH-212).
Values: 58 tests passed; 3 passed in reset.test.js after the expiry test.
Roles: src/auth/reset.js issues and checks reset tokens (issueResetToken, resetPassword); src/routes/password.js holds the /password routes; deploy/nginx.conf has the limit_req.
State: links expire after 30 minutes (tested); the Referrer-Policy header is untested; nothing committed.
Next step: add a test for the Referrer-Policy header on GET /password/reset and run npx jest.
Pending: the Referrer-Policy test and a jest run; AUTH-212 later."""


HELDOUT8 = HeldoutSet(
    prefix="heldout8-",
    shapes={
        "heldout8-claude-cron": "claude-code",
        "heldout8-codex-unpack": "codex",
        "heldout8-chat-reset": "openai-chat",
    },
    status=STATUS | {"no pr", "not checked"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout8-claude-cron": Production(words=(250, 500)),
        "heldout8-codex-unpack": Production(words=(100, 250), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout8-chat-reset": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
