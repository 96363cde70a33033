"""The twenty-first held-out set: four spans written by authors who never ran the handoff on
them, after round 8 was tuned on the twentieth set: a Claude Code span with its sectioned
production compaction (Dart/Flutter: a parking countdown that stands still while iOS suspends
the app), a Codex span with its "Summary so far" (OCaml: a duplicate finder that hashes every
file whole), an SWE-agent span (a Python units library whose temperature differences convert
with the offset) and an OpenAI-chat span (Java/Quarkus: a product listing that serialises
entities, 125 statements a page); the last two have no production summary, so a reader's
handoff stands in. The status words their answers use, a careless handoff of each, and which
spans' last words name the right next step or none. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the cache clear, clean
# build or re-run as the fix, and a step done already or put off to a ticket as the next step.
_STALE = {
    "heldout21-claude-countdown": (
        "Decision: a PauseCatchUp observer notes when the app goes to the background and, on "
        "resume, the countdown takes the time away off the counter and shows the warning at once "
        "if its time passed.\n"
        "Files: lib/parking/parking_countdown.dart; lib/parking/pause_catchup.dart added for "
        "PauseCatchUp.\n"
        "Error: the parking widget tests failed with MissingPluginException (No implementation "
        "found for method cancel on channel dexterous.com/flutter/local_notifications), a stale "
        "build after the plugin change; fixed by flutter clean, flutter pub get and a re-run.\n"
        "Next: take a server clock offset from the Date header of the GET /v2/sessions response "
        "in ApiClient and subtract it in the countdown."
    ),
    "heldout21-codex-dupescan": (
        "Decision: hash the files in parallel on 8 OCaml 5 domains with Pool.map from "
        "lib/pool.ml, with dune-project raised to ocaml >= 5.0, so the NAS sample takes 598 s, "
        "down from 1001 s.\n"
        "Files: lib/dupes.ml; lib/pool.ml added for Pool.map.\n"
        "Error: the cram test test/cli.t lost the IMG_0412.xmp group, a stale cache after the "
        "checkout; fixed by dune clean, rm -rf ~/.cache/dune and a re-run.\n"
        "Next: make twins watch in lib/watch.ml use the same size and prefix passes, then push "
        "to #91."
    ),
    "heldout21-swe-tempdelta": (
        "Decision: a difference of two temperatures is a TemperatureDelta, a Quantity subclass "
        "in measurand/_temperature.py whose to() multiplies by the scales and ignores the "
        "offsets, so a 7.5 degC rise is 13.5 degF.\n"
        "Files: measurand/quantity.py; measurand/_temperature.py added for TemperatureDelta.\n"
        "Error: six tests failed with AttributeError: 'Units' object has no attribute 'delta', "
        "a stale definitions cache in ~/.cache/measurand; fixed by clearing it and __pycache__ "
        "and a re-run.\n"
        "Next: make Quantity.__sub__ convert the right-hand side into self's units for mixed "
        "units, Q(31.5, 'degC') - Q(75.2, 'degF'), and add test_mixed_unit_difference."
    ),
    "heldout21-chat-listingrows": (
        "Decision: cache each listing page with @CacheResult in CatalogCache (quarkus-cache, a "
        "10-minute expiry), so a category's page is read from the database once.\n"
        "Files: catalog-service/.../api/ProductResource.java; catalog/CatalogCache.java added "
        "for the cached pages; catalog-service/pom.xml for quarkus-cache.\n"
        "Error: 7 ProductResourceTest tests answered 500 with PanacheQueryException (must be "
        "built with parameter names), stale classes from quarkus:dev's hot reload; fixed by "
        "./mvnw clean test and a re-run.\n"
        "Next: make erp-import write the prices in a single transaction, so a listing page "
        "shows one consistent set of prices (Oksana's point 3)."
    ),
}

# Readers' handoffs of the spans with no production summary, written from the spans: the
# questions are answerable by a careful summary of about 300 words.
_READER_SWE = """Task: resolve orrery-labs__measurand-407: in measurand 1.8.2 Quantity.__sub__ keeps self's units, so Q(31.5, 'degC') - Q(24.0, 'degC') is the temperature 7.5 degC and converts with the offset (45.5 degF, 280.65 K, not 13.5 delta_degF and 7.5 K).
Latest request: @ngozi-eze's review of PR #409 with the user's answers: (1) mixed units, already the case; (2) no kelvin for every difference, answered on the PR; (3) a temperature times a number is #412, leave __mul__ alone; (4) adding a difference back gave -245.65 degC: fix __add__ with a test, then update the docs/offset-units.md example.
Decision: the difference of two offset quantities is a plain Quantity in the delta unit of self's unit (delta_degC, already in default_units.txt), through a delta property in registry.py. It rules out a TemperatureDelta subclass in a new measurand/_temperature.py and any new module.
Correction: the user said no subclass and no new module (downstream code checks type(q) is Quantity; TemperatureDelta still printed 'degC'): a plain Quantity in delta_degC instead.
Files changed: measurand/registry.py (delta on Unit and Units); measurand/quantity.py (__sub__ returns self.units.delta; __add__ converts a difference by scale); tests/test_offset.py (seven tests). measurand/_temperature.py was created and deleted.
Errors: six tests failed with AttributeError: 'Units' object has no attribute 'delta'. Clearing ~/.cache/measurand and __pycache__ and a re-run did not help; Quantity.units is a Units, the property was only on Unit: fixed by adding a delta property to Units.
Review (@ngozi-eze) found: (1) mixed units must give delta_degC, already done; (2) why not kelvin, as astropy does (answered); (3) Q(20, 'degC') * 2 is 40 degC (#412); (4) adding a difference back gave -245.65 degC (fixed) and the docs/offset-units.md example (not updated).
Values: measurand 1.8.2; #407, PR #409, #412; 316 tests before, 323 passed now.
Roles: quantity.py holds Quantity's to() and arithmetic; registry.py Unit, Units and the registry; reproduce.py a scratch repro.
State: all 323 tests pass; docs/offset-units.md is not updated; not submitted.
Next step: update the docs/offset-units.md example to <Quantity(7.5, 'delta_degC')>, run pytest, delete reproduce.py, submit.
Pending: the docs example, deleting reproduce.py, submit; __mul__ is left to #412, not this PR."""

_READER_CHAT = """Task: CAT-188: since 1.14.0 added pack-size variants, GET /api/catalog/products is at p95 3.8 s (180 ms before): ProductResource served Product entities to Jackson, an N+1 of 125 statements for a page of 100.
Latest request: Oksana's review of PR #274 with the user's answers: check the archived filter and tell her; reply why not @BatchSize; the ERP import's transactions are CAT-196; add the statement-count test in this PR.
Decision: the listing reads rows, not entities: CatalogListing reads the page with Panache's project() into ProductRow and the page's variants in one query by product id into VariantRow, 3 statements a page, same JSON. This rules out CatalogCache (@CacheResult, 10-minute expiry) and @BatchSize.
The user's correction: no cache (prices change every 15 minutes, 3 pods); use project() row classes and one query by product id; keep the JSON.
Files changed:
- api/ProductResource.java: returns CatalogListing's page.
- listing/CatalogListing.java, ProductRow.java, VariantRow.java, ProductListItem.java: new.
- catalog-service/pom.xml: compilerArgs combine.children="append".
- ProductResourceTest.java: variants, brand, archived.
CatalogCache.java was created and deleted; pom.xml, application.properties and ProductResource.java checked out first.
Errors: 7 ProductResourceTest tests got 500 with PanacheQueryException (must be built with parameter names). Stopping quarkus:dev and ./mvnw clean test did not fix it, not stale classes; the module's own compilerArgs (-Xlint:unchecked) replaced the root pom's -parameters; fixed by combine.children="append".
Review (Oksana) found: 1. archived variants bypass @SQLRestriction (already filtered); 2. why not @BatchSize (answered); 3. the ERP import's 500-row transactions (CAT-196); 4. a test that counts a page's statements (open).
Values: 125 statements and 2.947 s, then 3 and 0.058 s; 41 tests pass; PR #274; CAT-188, CAT-196.
Roles: CatalogListing.java reads a page; ProductResource.java is the endpoint; Product.java and Variant.java are the entities; import-test.sql seeds the tests.
State: PR #274 is open and pushed; all 41 tests pass; the statement-count test (point 4) is not started.
Next step: %test.quarkus.hibernate-orm.statistics=true, 100 products in import-test.sql, assert a prepared statement count of 3 in ProductResourceTest, run the tests, push to #274.
Pending: the statement-count test and the push; the import's transactions later in CAT-196."""

# dupescan's last words name the right step; listingrows' only report the reply to the review;
# countdown's announce the Date-header offset the user put off to PARK-1187, and tempdelta's the
# mixed-unit conversion done before the review: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout21-codex-dupescan"})
LAST_STEP_NONE = frozenset({"heldout21-chat-listingrows"})

HELDOUT21 = HeldoutSet(
    prefix="heldout21-",
    shapes={
        "heldout21-claude-countdown": "claude-code",
        "heldout21-codex-dupescan": "codex",
        "heldout21-swe-tempdelta": "swe-agent",
        "heldout21-chat-listingrows": "openai-chat",
    },
    status=STATUS | {"not pushed", "not written", "not started", "not updated", "not submitted"},
    production={
        # Claude Code's sectioned compaction
        "heldout21-claude-countdown": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        # Codex's "Summary so far"
        "heldout21-codex-dupescan": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={
        "heldout21-swe-tempdelta": _READER_SWE,
        "heldout21-chat-listingrows": _READER_CHAT,
    },
    # a user who dictates the design and relays the review, or last words that name the step
    # and where the review's points stand, answer a good part
    low=LowScores(first_user=3.5, last_words=6, users=8),
)
