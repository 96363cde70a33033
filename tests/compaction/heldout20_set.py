"""The twentieth held-out set: four spans written by authors who never ran the handoff on them,
after wave 11's last change to it: a Claude Code span with its sectioned production compaction
(PHP/Laravel: a queue's retry_after shorter than the import, so three workers import one CSV),
a Codex span with its "Summary so far" (a Python asyncio fan-out that a slow subscriber runs
out of memory), an SWE-agent span (a Python ASGI framework whose cookie dates follow the
server's locale) and an OpenAI-chat span (NestJS: a webhook signature checked over re-encoded
JSON); the last two have no production summary, so a reader's handoff stands in. The status
words their answers use, a careless handoff of each, and which spans' last words name the
right next step or none. The checks every set passes are in `test_bench_heldout_sets.py`; no
summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the re-run or cache clear
# as the fix, and a step done already or put off to a ticket as the next step.
_STALE = {
    "heldout20-claude-retryafter": (
        "Decision: a unique index on contacts (account_id, email) with Contact::upsert keyed on "
        "it, so a second run of the import updates the rows the first one wrote.\n"
        "Files: app/Jobs/ImportContactsCsv.php; "
        "database/migrations/2026_12_04_093000_add_unique_account_email_to_contacts.php added "
        "for the index.\n"
        "Error: dispatching the import threw InvalidArgumentException for Redis connection "
        "[imports], a stale config cache; fixed by php artisan config:clear, queue:restart and "
        "a re-run.\n"
        "Next: raise stopwaitsecs in deploy/supervisor/queue-imports.conf above the 600 s "
        "timeout."
    ),
    "heldout20-codex-slowconsumer": (
        "Decision: skip frames for a subscriber whose transport buffer holds more than 1 MiB "
        "(writer.transport.get_write_buffer_size()), counted per peer by FrameShedder, so a "
        "slow terminal's backlog stays bounded.\n"
        "Files: src/tickfan/hub.py; src/tickfan/shedding.py added for FrameShedder.\n"
        "Error: test_slow_subscriber_is_cut_off failed with the slow subscriber still connected "
        "after 20000 frames, a stale install of hub.py in site-packages; fixed by uv pip "
        "install -e . --reinstall and a re-run.\n"
        "Next: bound the per-client list of the long-poll fallback in src/tickfan/longpoll.py "
        "with the same queue, then push to #142."
    ),
    "heldout20-swe-cookiedates": (
        "Decision: switch LC_TIME to C around the strftime call with c_time_locale() from "
        "quail/_locale.py, so that the cookie's Expires always has English names.\n"
        "Files: quail/responses.py; quail/_locale.py added for c_time_locale().\n"
        "Error: 9 tests failed with ValueError: usegmt option requires a UTC datetime, stale "
        "bytecode after the checkout; fixed by clearing __pycache__ and .pytest_cache and a "
        "re-run.\n"
        "Next: switch the access log's stamp in quail/cli.py to English month names as well."
    ),
    "heldout20-chat-rawbody": (
        "Decision: the guard hashes stringifyLikeFleetpost(req.body), which writes JSON the way "
        "Fleetpost's v3 serializer does, with non-ASCII escaped as \\uXXXX.\n"
        "Files: src/webhooks/fleetpost-signature.guard.ts; src/webhooks/fleetpost-json.ts added "
        "for stringifyLikeFleetpost().\n"
        "Error: the fleetpost e2e tests answered 500 with TypeError [ERR_INVALID_ARG_TYPE] "
        "(Received undefined at Hmac.update), stale compiled output in ts-jest's cache; fixed by "
        "rm -rf dist and npx jest --clearCache and a re-run.\n"
        "Next: check X-Fleetpost-Timestamp in the guard and answer 401 to callbacks older than 5 "
        "minutes."
    ),
}

# Readers' handoffs of the spans with no production summary, written from the spans: the
# questions are answerable by a careful summary of about 300 words.
_READER_SWE = """Task: resolve harbor-oss__quail-318: quail 2.3.1's set_cookie() writes Expires with time.strftime, whose day and month names follow the process locale, so an app that calls setlocale(LC_ALL, "") under LANG=de_DE.UTF-8 sends Expires=Do, 17 Dez 2026 09:30:00 GMT, which browsers drop; minimal changes to non-test files.
Latest request: @sanna-koivu's review of PR #322 with the user's answers: (1) Last-Modified, already fixed; (2) SimpleCookie, answered on the PR; (3) the access log is #331, leave quail/cli.py alone; (4) a German LC_TIME regression test first, then a CHANGES.rst entry.
Decision: one _http_date() helper in quail/responses.py, email.utils.format_datetime(datetime.fromtimestamp(when, timezone.utc), usegmt=True), for set_cookie's Expires and FileResponse's Last-Modified. It rules out c_time_locale() in a new quail/_locale.py (setlocale is process-wide) and any new module.
Correction: the user said library code must never call setlocale (sync handlers run in a thread pool): use format_datetime with usegmt=True in responses.py, no new module.
Files changed: quail/responses.py (_http_date for Expires and Last-Modified); tests/test_http_dates.py (new: both dates under de_DE). quail/_locale.py was created and deleted, responses.py checked out again.
Errors: after the switch 9 tests and reproduce.py failed with ValueError: usegmt option requires a UTC datetime. Clearing __pycache__ and .pytest_cache and a re-run did not help; _http_date used ZoneInfo("UTC"), which format_datetime does not take for timezone.utc: fixed by building the datetime with timezone.utc.
Review (@sanna-koivu) found: (1) Last-Modified needs the same fix (done before the review); (2) why not SimpleCookie (answered: it quotes values, #141); (3) the access log reads 03/Dez/2026 (#331, not this PR); (4) the regression test (written) and the CHANGES.rst entry (not written).
Values: expires=1209600 (14 days); quail 2.3.1; #318, #322, #331; 212 tests before, 214 passed now.
Roles: quail/responses.py holds Response.set_cookie and FileResponse; quail/cli.py is quail serve with its access log; reproduce.py is a scratch repro.
State: all 214 tests pass, the de_DE ones included; CHANGES.rst is not written; not submitted.
Next step: add the CHANGES.rst entry under Unreleased, run pytest, delete reproduce.py, submit.
Pending: the CHANGES.rst entry, deleting reproduce.py, submit; the access log is left to #331, not this patch."""

_READER_CHAT = """Task: TRK-214: since Fleetpost's webhooks moved to API v3, 1,382 of 23,640 callbacks to POST /webhooks/fleetpost (5.8%) got 401 invalid signature: FleetpostSignatureGuard hashed JSON.stringify(req.body), not the bytes Fleetpost signed.
Latest request: Ines's review of PR #517 with the user's answers: confirm the length check before timingSafeEqual; reply that rawBody stays global; replay protection is TRK-231; accept an optional FLEETPOST_WEBHOOK_SECRET_PREVIOUS in this PR.
Decision: verify the HMAC over the raw body, the exact bytes sent (rawBody: true, req.rawBody). This rules out stringifyLikeFleetpost in fleetpost-json.ts (29 of 200 still failed) and lossless-json.
The user's correction: stop re-creating Fleetpost's serializer; a signature is over the bytes sent, so use Nest's rawBody; fleetpost-json.ts deleted, the guard restored.
Files changed:
- src/webhooks/fleetpost-signature.guard.ts: hashes req.rawBody.
- src/main.ts, test/utils/create-app.ts: rawBody: true.
- src/setup-app.ts: app.useBodyParser('json', { limit: '2mb' }) replaces app.use(json(...)).
- test/fleetpost-webhook.e2e-spec.ts: the 200 captured callbacks.
Errors: 203 fleetpost e2e tests got 500, TypeError [ERR_INVALID_ARG_TYPE] ... Received undefined at Hmac.update. Deleting dist, npx jest --clearCache and a re-run did not fix it; setup-app.ts registered its own jsonParser, so Nest left out the parser that keeps rawBody; fixed by useBodyParser.
Review (Ines) found: 1. timingSafeEqual throws a RangeError on a length mismatch (already handled); 2. rawBody keeps a Buffer of every body (answered); 3. no replay protection (TRK-231); 4. secret rotation every 90 days with one secret known (open).
Values: 1,382 of 23,640; 171 of 200 with stringifyLikeFleetpost; 2mb; 235 passed e2e, 148 unit; PR #517; TRK-214, TRK-231.
Roles: fleetpost-signature.guard.ts checks X-Fleetpost-Signature; fleetpost-webhook.controller.ts is POST /webhooks/fleetpost; setup-app.ts is the setup main.ts and create-app.ts share.
State: PR #517 is open and pushed; all 235 e2e and 148 unit tests pass; the previous secret is not started.
Next step: in the guard accept FLEETPOST_WEBHOOK_SECRET or FLEETPOST_WEBHOOK_SECRET_PREVIOUS, add it to .env.example, an e2e test for each secret, push to #517.
Pending: the previous secret and the push; the timestamp check in TRK-231."""

# slowconsumer's last words name the right step; rawbody's only report the reply to the review;
# retryafter's announce stopwaitsecs, done already, and cookiedates' the access log the
# maintainer put off to #331: stale steps, in neither set.
LAST_STEP_RIGHT = frozenset({"heldout20-codex-slowconsumer"})
LAST_STEP_NONE = frozenset({"heldout20-chat-rawbody"})

HELDOUT20 = HeldoutSet(
    prefix="heldout20-",
    shapes={
        "heldout20-claude-retryafter": "claude-code",
        "heldout20-codex-slowconsumer": "codex",
        "heldout20-swe-cookiedates": "swe-agent",
        "heldout20-chat-rawbody": "openai-chat",
    },
    status=STATUS | {"not pushed", "not written", "not submitted", "not started"},
    production={
        # Claude Code's sectioned compaction
        "heldout20-claude-retryafter": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        # Codex's "Summary so far"
        "heldout20-codex-slowconsumer": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={
        "heldout20-swe-cookiedates": _READER_SWE,
        "heldout20-chat-rawbody": _READER_CHAT,
    },
    # a user who dictates the design, or last words that name the step, answer a good part
    low=LowScores(first_user=3, last_words=5.5, users=8.5),
)
