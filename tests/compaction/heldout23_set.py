"""The twenty-third held-out set: four spans written by authors who never ran the handoff on
them, while round 11 was tuned on the twenty-second set, and read only after it was done: a
Claude Code span with its sectioned production compaction (Clojure with next.jdbc and
HikariCP: a report handler's lazy rows and an old fallback leak pool connections until the
pods stop answering), a Codex span with its "Summary so far" (Symfony Messenger: one unique
violation closes a long-running worker's EntityManager for every later message), an
SWE-agent span (a Python argument parser that takes a negative number for an option) and an
OpenAI-chat span (Next.js: a product page that shows the old price for an hour after a change);
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
    "heldout23-claude-poolleak": (
        "Decision: raise :maximumPoolSize to 40 and add a tally.db.leak-reaper namespace "
        "whose chime job closes, every 60 s, the connections tally.db/live reopened that "
        "are out more than 5 minutes.\n"
        "Files: src/tally/db.clj; src/tally/db/leak_reaper.clj added for the reaper job.\n"
        "Error: bin/kaocha failed with FileNotFoundException for "
        "tally/db/leak_reaper__init.class on classpath, a stale .cpcache after the "
        "deps.edn checkout; fixed by rm -rf .cpcache, clojure -T:build clean and a "
        "re-run.\n"
        "Next: move the ledger.csv export in ledger_csv.clj onto a cursor with "
        ":fetch-size 500."
    ),
    "heldout23-codex-closedem": (
        "Decision: when a message fails with the EntityManager closed, "
        "ResetClosedEntityManagerSubscriber calls ManagerRegistry::resetManager() on "
        "WorkerMessageFailedEvent, so the worker's next message gets a fresh "
        "EntityManager.\n"
        "Files: src/MessageHandler/RecordTrackingEventHandler.php; "
        "src/EventSubscriber/ResetClosedEntityManagerSubscriber.php added for the reset.\n"
        "Error: the handler tests failed with SQLSTATE[42P10] (no unique or exclusion "
        "constraint matching the ON CONFLICT specification), a stale test database and a "
        "stale container in var/cache/test; fixed by bin/console cache:clear --env=test, "
        "rm -rf var/cache/test and a re-run.\n"
        "Next: add a listener that stops the worker with StopWorkerException when the "
        "EntityManager is closed, then push to #862."
    ),
    "heldout23-swe-negativeargs": (
        "Decision: a pre-pass in a new argot/_numbers.py: join_negative_values() joins a "
        "long option that takes a value and a following negative number (the "
        "NEGATIVE_NUMBER regex) into one --offset=-5 token, called at the top of "
        "Parser.parse.\n"
        "Files: argot/parser.py; argot/_numbers.py added for join_negative_values.\n"
        "Error: five tests failed with NoSuchOption: no such option: -5, stale bytecode "
        "and a non-editable install of argot 3.2.0; fixed by clearing __pycache__ and "
        ".pytest_cache, pip install -e . and a re-run.\n"
        "Next: let _is_negative_number accept -inf and -nan for float options and add a "
        "test for --temp -inf (the review's point 3)."
    ),
    "heldout23-chat-staleprice": (
        "Decision: render the product page on every request with export const dynamic = "
        "'force-dynamic', and a usePricePolling hook fetches the price from "
        "/api/prices/[id] every 30 s, so a change shows at once.\n"
        "Files: src/lib/pricing.ts; src/hooks/usePricePolling.ts added for the polling "
        "hook and src/app/api/prices/[id]/route.ts for the price route.\n"
        "Error: the two Playwright price-change tests read €149.00 after the save, a "
        "stale .next and a reused server; fixed by rm -rf .next node_modules, npm ci and "
        "a CI=1 re-run.\n"
        "Next: make importPrices in the CSV import at /admin/prices/import call "
        "revalidateTag for each product it changes (Kwame's point 3)."
    ),
}

_READER_SWE = """Task: resolve kestrel-tools__argot-583: in argot 3.2.0 a negative number given as an option's value (--offset -5, --temp -3.5e2) is taken for an unknown option: "no such option: -5".
Latest request: @tomasz-wierzbicki's review of PR #586 with the user's answers: (1) tarpit's digit flags, already the case; (2) why not click's rule, answered on the PR; (3) -inf and -nan are #592, leave them; (4) the lexer built once by parse() misses options added later: fix with a test, then update the "Values that start with a dash" section of docs/parsing.md.
Decision: argparse's rule in the lexer: Lexer._classify gives a dash token that parses as a number as a VALUE, unless an option looks like a negative number (tarpit's -1). It rules out the join_negative_values pre-pass in a new argot/_numbers.py and any new module.
Correction: the user rejected the pre-pass and any new module (raw_args and errors would quote what nobody typed; argot.complete would disagree): do it in the lexer, as argparse does.
Files changed: argot/_lexer.py (_is_negative_number, _numbers_are_values); argot/parser.py (_take_value checks nxt.kind, add_option drops self._lexer); tests/test_negative_numbers.py (new, nine tests). argot/_numbers.py was created and deleted.
Errors: five new tests failed with NoSuchOption: no such option: -5. Clearing __pycache__ and .pytest_cache, pip install -e . and a re-run did not help; the guard in _take_value (parser.py:230) checked the text for a dash: fixed by checking nxt.kind is not Kind.VALUE.
Review (@tomasz-wierzbicki) found: (1) tarpit's digit flags, already done; (2) click's always-take-the-next-token, answered; (3) -inf and -nan, deferred to #592; (4) options added after the first parse (fixed, add_option) and docs/parsing.md (not updated).
Values: 3.2.0, Python 3.11, #583, PR #586, #592; 214 tests before, 223 passed now.
Roles: _lexer.py splits argv into tokens; parser.py holds parse(), add_option, _take_value; reproduce.py is scratch.
State: all 223 tests pass; docs/parsing.md not updated; not submitted.
Next step: update the "Values that start with a dash" section of docs/parsing.md, run pytest, delete reproduce.py, submit.
Pending: the docs section, deleting reproduce.py, submit; -inf and -nan are not this PR (#592)."""

_READER_CHAT = """Task: STORE-612: after an admin price change, product pages kept the old price for up to an hour (prd_8812 €149.00 to €129.00): price reads are cached with next: { revalidate: 3600 } and updatePrice's revalidatePath(`/products/${productId}`) hit a path no page lives at (the route is /products/[slug]).
Latest request: Kwame's review of PR #903 with the user's answers: check point 1; reply on revalidatePath with the slug; the CSV import is STORE-640; in this PR productTag(id) in src/lib/cache-tags.ts and a 409 test.
Decision: pages stay cached; getPrice tags the price fetch next: { tags: [`product:${productId}`] } and updatePrice calls revalidateTag after a saved price. This rules out force-dynamic, the usePricePolling hook and revalidatePath with the slug.
The user's correction: no force-dynamic, no polling (150 requests a second limit, 41 to 388 ms); tag the price fetch and revalidateTag instead.
Files changed:
- src/lib/pricing-client.ts: pricingFetch merges ...init.next.
- src/lib/pricing.ts: getPrice tags its fetch.
- src/app/admin/products/[id]/actions.ts: revalidateTag.
- actions.test.ts: mocks and asserts revalidateTag.
- e2e/price-change.spec.ts: new, two Playwright tests.
usePricePolling.ts and the api/prices route were created and deleted; page.tsx and ProductPrice.tsx checked out.
Errors: the Vitest next/cache mock had no revalidateTag, fixed in actions.test.ts. Both price-change Playwright tests still read €149.00; rm -rf .next, npm ci and a CI=1 re-run did not fix it. pricingFetch in pricing-client.ts set next after ...init and dropped the tags; fixed by merging init.next.
Review (Kwame) found: 1. no revalidation after a 409 (already so); 2. why a tag, not revalidatePath with the slug (answered); 3. the bulk CSV import (STORE-640); 4. the tag in two files, one function and a 409 test (open).
Values: p50 41 ms vs 388 ms; 214 Vitest, 38 Playwright; PR #903; prd_8812; STORE-612, STORE-640.
Roles: pricing-client.ts holds pricingFetch; pricing.ts getPrice; actions.ts updatePrice; page.tsx the product page.
State: PR #903 is open and pushed; 214 passed in Vitest, 38 passed in Playwright; point 4 is not started.
Next step: add productTag(id) in a new src/lib/cache-tags.ts, use it in getPrice and updatePrice, add the 409 test to actions.test.ts, run vitest, push to #903.
Pending: productTag and the 409 test, then the push to #903; the CSV import is not this PR (STORE-640)."""

# staleprice's last words name the right step; closedem's only report; poolleak's and
# negativeargs' announce a step the user put off to a ticket: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout23-chat-staleprice"})
LAST_STEP_NONE = frozenset({"heldout23-codex-closedem"})

HELDOUT23 = HeldoutSet(
    prefix="heldout23-",
    shapes={
        "heldout23-claude-poolleak": "claude-code",
        "heldout23-codex-closedem": "codex",
        "heldout23-swe-negativeargs": "swe-agent",
        "heldout23-chat-staleprice": "openai-chat",
    },
    status=STATUS | {"not pushed", "not started", "not submitted", "not updated", "not written"},
    production={
        "heldout23-claude-poolleak": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        "heldout23-codex-closedem": Production(
            words=(150, 250),
            opens="Summary so far: ",
        ),
    },
    stale=_STALE,
    readers={
        "heldout23-swe-negativeargs": _READER_SWE,
        "heldout23-chat-staleprice": _READER_CHAT,
    },
    low=LowScores(first_user=3.5, last_words=6, users=8),
)
