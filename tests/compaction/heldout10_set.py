"""The tenth held-out set: its spans, the status words its answers use ("not written",
"nothing is committed" among them), a careless handoff of each, a reader's handoff of the chat
span, and the Claude Code and Codex summaries that answer. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout10-codex-pgbouncer": (
        "Decision: pool_mode = session in pgbouncer.ini for the tally database, so each client "
        "keeps its server connection.\n"
        "Files changed: app/db/stmt_cache.py added, app/db/pool.py.\n"
        "Error: DuplicatePreparedStatementError in the worker; fixed by statement_cache_size=0 "
        "in create_pool.\n"
        "Next: set pool_mode = session for the reports database in "
        "deploy/pgbouncer/pgbouncer.ini."
    ),
    "heldout10-claude-csp": (
        "Decision: hash the static inline scripts at build time and build script-src 'self' "
        "https://js.stripe.com plus the hashes.\n"
        "Files: server/csp.ts added; scripts/hash-inline.ts writes server/csp-hashes.json.\n"
        "Error: Playwright card form mounts: Refused to execute inline script, fixed by adding "
        "'strict-dynamic' to script-src.\n"
        "Next step: rerun scripts/hash-inline.ts to regenerate server/csp-hashes.json."
    ),
    "heldout10-chat-slugs": (
        "Decision: append a short random suffix when the slug is taken (hello-world-x7k2qa).\n"
        "Files: blog/slugs.py edited; blog/migrations/0007_slughistory.py added for "
        "redirects.\n"
        "Error: test_concurrent_create raised IntegrityError on blog_post_slug_key, fixed by "
        "select_for_update on the existing rows.\n"
        "Next step: add the reserved-slug list (feed, admin, login) to blog/slugs.py."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 300 words.
_READER_CHAT = """Task: creating a post whose title matches an existing one crashes with IntegrityError on the unique constraint blog_post_slug_key, and a title like "東京" gets an empty slug (URL /p/); fix both (slugs come from blog/slugs.py).
Latest request, Priya's review with the user's answers: get the taken slugs in one query (yes); truncate the base so base plus suffix fits max_length=50 (yes); reserved words no, posts live under /p/<slug>/; the backfill of empty slugs is BLOG-19, later.
Decision: readable counter slugs, hello-world, hello-world-2, -3, with allow_unicode, set once and never changed; the unique constraint settles a race (savepoint and retry). This rules out random suffixes, a SlugHistory of old slugs, select_for_update() and a reserved-slug list.
The user's correction: no random suffixes, the URLs are shared and read out on the podcast, so hello-world-2; slugs never change on a title edit, so drop the SlugHistory migration.
Files changed: blog/slugs.py (unique_slug(): allow_unicode, the -2 counter, the taken slugs in one query); blog/models.py (save() retries in a savepoint, _taken()); tests/test_slugs.py (new: counter, unicode, concurrent create, one query). blog/migrations/0007_slughistory.py was created and deleted.
Errors: test_concurrent_create failed with IntegrityError, Key (slug)=(launch) already exists; select_for_update() did not fix it (it locks only rows that exist); fixed by saving in a savepoint (transaction.atomic()) and retrying with the next free slug, up to 5 times.
Review (Priya) found: exists() in a loop is one query per taken number (done, one query); max_length=50 is varchar(50), a long title plus suffix raises DataError (truncate, not done); reserved words like feed (rejected, posts are under /p/); old empty slugs need a backfill (BLOG-19).
Values: 65 tests pass (61 before); SlugField max_length=50; blog_post_slug_key.
Roles: blog/slugs.py makes the slugs (unique_slug()); blog/models.py holds the Post model, whose save() sets the slug; tests/test_slugs.py tests them.
State: counter slugs, the race and the one query done, 65 pass; truncating to max_length is not written; nothing committed.
Next step: truncate the base in unique_slug() in blog/slugs.py so base plus -N fits max_length=50, with a long-title test, then run pytest.
Pending: the truncation and its test; the BLOG-19 backfill later."""


HELDOUT10 = HeldoutSet(
    prefix="heldout10-",
    shapes={
        "heldout10-codex-pgbouncer": "codex",
        "heldout10-claude-csp": "claude-code",
        "heldout10-chat-slugs": "openai-chat",
    },
    status=STATUS | {"not written", "nothing is committed"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout10-claude-csp": Production(words=(250, 500)),
        "heldout10-codex-pgbouncer": Production(words=(150, 220), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout10-chat-slugs": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
