"""The twenty-second held-out set: four spans written by authors who never ran the handoff on
them, after round 10 was tuned on the twenty-first set: a Claude Code span with its sectioned
production compaction (Scala 3/fs2-kafka: an order projector that commits offsets before it
writes a batch, so a rebalance during a deploy loses 1,214 orders' events), a Codex span with
its "Summary so far" (Haskell: a log tally that a lazy fold and a sliced key push past 9.4 GB),
an SWE-agent span (a Python TOC library whose repeated headings share one anchor) and an
OpenAI-chat span (SvelteKit with Drizzle: a checkout action that places an order twice on a
resent POST); the last two have no production summary, so a reader's handoff stands in. The
status words their answers use, a careless handoff of each, and which spans' last words name
the right next step or none. The checks every set passes are in `test_bench_heldout_sets.py`;
no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the clean build, cache
# clear or re-run as the fix, and a step put off to a ticket or ruled out as the next step.
_STALE = {
    "heldout22-claude-offsetcommit": (
        "Decision: keep the offsets next to the projection: PostgresOffsetStore writes "
        "each partition's next offset into a consumer_offsets table in the same "
        "transaction as the batch's upserts, and the stream seeks each assigned partition"
        " to the stored offset.\n"
        "Files: src/main/scala/com/tillhouse/projector/OrderEventsStream.scala; "
        "offsets/PostgresOffsetStore.scala and V42__consumer_offsets.sql added for the "
        "offset store.\n"
        "Error: the it suite failed in beforeAll with FlywayValidateException on "
        "migration 42, stale resources left in target/scala-3.3.3/classes; fixed by sbt "
        "clean and a re-run.\n"
        "Next: stop consuming on SIGTERM with stopConsuming and raise "
        "terminationGracePeriodSeconds from 30 to 60 in the chart."
    ),
    "heldout22-codex-spaceleak": (
        "Decision: stream the log through a conduit pipeline in src/LogTally/Stream.hs "
        "(sourceFile, linesUnboundedAsciiC, foldlC over step), so the 2M-line sample "
        "peaks at 1,146 MB, down from 1,498 MB.\n"
        "Files: src/LogTally/Aggregate.hs; src/LogTally/Stream.hs added for the conduit "
        "pipeline.\n"
        "Error: under +RTS -M512m the run died with Heap exhausted, a stale build left "
        "from the conduit dependency; fixed by rm -rf dist-newstyle, cabal build and a "
        "re-run.\n"
        "Next: give the rolling window in src/LogTally/Follow.hs the same strict Stats "
        "and Data.Map.Strict, then push to #147."
    ),
    "heldout22-swe-dupeanchors": (
        "Decision: a global slug registry in tocsmith/_registry.py: unique_slug() appends"
        " -1, -2 to a slug handed out before, under a lock, and reset_registry() is "
        "called by build_toc and add_anchors at the start of a document.\n"
        "Files: tocsmith/headings.py and tocsmith/toc.py; tocsmith/_registry.py added for"
        " the registry.\n"
        "Error: 61 tests failed with TypeError: slugify() takes exactly one argument (2 "
        "given), stale bytecode and an old install of 2.4.1; fixed by clearing "
        "__pycache__ and .pytest_cache, pip install -e . and a re-run.\n"
        "Next: make build_toc(doc, max_level=2) count the h3 headings it leaves out, so "
        "its links match GitHub's ids (Priya's point 1)."
    ),
    "heldout22-chat-doublesubmit": (
        "Decision: guard the checkout form in the browser: a submitGuard debounce store "
        "(1.5 s) cancels a second submit in the use:enhance callback, and the Place order"
        " button is disabled={$submitting} while the POST is in flight.\n"
        "Files: src/routes/checkout/+page.svelte; src/lib/stores/submitGuard.ts added for"
        " the debounce store.\n"
        "Error: 14 Playwright tests failed with PostgresError 42P10, a stale build and "
        "test database; fixed by rm -rf .svelte-kit build node_modules/.vite, npm run "
        "db:migrate:test and a re-run.\n"
        "Next: write drizzle/0020_cancel_duplicate_orders.sql, a data migration that "
        "cancels the later order of each of the 41 November pairs."
    ),
}

_READER_SWE = """Task: resolve quillpress__tocsmith-318: in tocsmith 2.4.1 two headings with the same text get the same anchor, so the TOC's later links jump to the first heading; GitHub gives example, example-1, example-2.
Latest request: @priya-raman's review of PR #321 with the user's answers: (1) a max_level TOC numbers by every heading, already the case; (2) GitHub's -1, not python-markdown's underscore, answered on the PR; (3) explicit {#id} attributes are #326, not this PR; (4) "## Example" twice then "## Example 1" gave example-1 twice: fix the collision with a test, then a CHANGELOG.md line.
Decision: count per document: extract_headings makes a fresh seen dict for each call and passes it to slugify(text, seen), GitHub's -1, -2, stepping past slugs already handed out; slugify(text) alone unchanged. It rules out a global registry in a new tocsmith/_registry.py (unique_slug, reset_registry) and any new module.
Correction: the user said no global registry, no new module (counts leak between mkdocs-tocsmith's pages); a seen dict per document instead.
Files changed: tocsmith/slugs.py (_slug core, Python slugify(text, seen) wrapper after the C speedup); tocsmith/headings.py (the seen dict); tests/test_duplicate_anchors.py (new, six tests). tocsmith/_registry.py was created and deleted; toc.py checked out.
Errors: 61 tests failed with TypeError: slugify() takes exactly one argument (2 given). Clearing __pycache__ and .pytest_cache and pip install -e . did not help; slugs.py rebinds slugify to the one-argument C speedup from _cslug: fixed by binding it as _slug under a Python wrapper.
Review (@priya-raman) found: (1) max_level numbering, already done; (2) python-markdown's underscore suffix, answered; (3) {#id} ids, deferred to #326; (4) the example-1-1 collision, fixed, and the CHANGELOG line, not written.
Values: 2.4.1, Python 3.11, #318, PR #321, #326; 212 tests before, 218 pass now.
Roles: slugs.py holds slugify and binds the C speedup (_cslug); headings.py extract_headings; toc.py build_toc and add_anchors.
State: all 218 tests pass; CHANGELOG.md not updated; not submitted.
Next step: add the #318 line to CHANGELOG.md under ## Unreleased, run pytest, delete reproduce.py, submit.
Pending: the CHANGELOG line, deleting reproduce.py, submit; {#id} is not this PR (#326)."""

_READER_CHAT = """Task: SHOP-731: the checkout's form action (src/routes/checkout/+page.server.ts) places two orders on a double-click or a resent POST: 41 pairs among 9,312 November orders, 23 Mobile Safari 3.1-8.9 s apart; the cart cookie is only cleared by the response.
Latest request: Tomasz's review of PR #588 with the user's answers: check point 1 (items in the same transaction); reply on Redis SETNX; the November pairs are SHOP-749; in this PR validate checkout_key with z.string().uuid() in checkoutSchema.
Decision: an idempotency key from load() (crypto.randomUUID()) in a hidden checkout_key field, orders.idempotency_key with a partial unique index (0019), onConflictDoNothing in the existing action; a conflict looks the order up by key and redirects to it. This rules out the client-side submitGuard debounce store and disabled button.
The user's correction: not in the browser (Safari resends with no second click; no JavaScript needed); the server recognises the form: idempotency key, hidden field, unique index, ON CONFLICT DO NOTHING.
Files changed:
- src/routes/checkout/+page.server.ts: key in load(), conflict insert and lookup.
- src/routes/checkout/+page.svelte: hidden checkout_key input.
- src/lib/server/db/schema.ts: idempotencyKey and its index.
- drizzle/0019_orders_idempotency_key.sql: new migration.
- tests/checkout-idempotency.spec.ts: new, four tests.
submitGuard.ts was created and deleted.
Errors: 14 of 22 Playwright tests failed with PostgresError 42P10 (no unique or exclusion constraint matching the ON CONFLICT specification). rm -rf .svelte-kit build, re-migrating and a re-run did not fix it; the index is partial: fixed by where: sql`idempotency_key is not null` in onConflictDoNothing.
Review (Tomasz) found: 1. items in the same transaction (already so); 2. why not Redis SETNX (answered); 3. cancel the November pairs (SHOP-749); 4. a malformed key is a 22P02 500, a missing one skips the guard (open).
Values: 42P10, 22 passed; PR #588; SHOP-749.
Roles: +page.server.ts is the checkout's load and action; cart.ts the cart cookie.
State: PR #588 is open and pushed; all 22 tests pass; point 4 is not started.
Next step: add checkout_key: z.string().uuid() to checkoutSchema, fail(400) for a malformed or missing key, tests in checkout-idempotency.spec.ts, run playwright, commit and push to #588.
Pending: the key validation, commit and push; the November pairs are SHOP-749, not this PR."""

# dupeanchors' last words name the right step; offsetcommit's only report; spaceleak's announce
# the Follow.hs window put off to #151, and doublesubmit's the duplicates' clean-up put off to
# SHOP-749: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout22-swe-dupeanchors"})
LAST_STEP_NONE = frozenset({"heldout22-claude-offsetcommit"})

HELDOUT22 = HeldoutSet(
    prefix="heldout22-",
    shapes={
        "heldout22-claude-offsetcommit": "claude-code",
        "heldout22-codex-spaceleak": "codex",
        "heldout22-swe-dupeanchors": "swe-agent",
        "heldout22-chat-doublesubmit": "openai-chat",
    },
    status=STATUS | {"not pushed", "not started", "not submitted", "not updated", "not written"},
    production={
        "heldout22-claude-offsetcommit": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        "heldout22-codex-spaceleak": Production(
            words=(150, 250),
            opens="Summary so far: ",
        ),
    },
    stale=_STALE,
    readers={
        "heldout22-swe-dupeanchors": _READER_SWE,
        "heldout22-chat-doublesubmit": _READER_CHAT,
    },
    low=LowScores(first_user=3.5, last_words=6, users=8),
)
