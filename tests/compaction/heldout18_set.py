"""The eighteenth held-out set: four spans written by authors who never ran the handoff on
them, while round 5 was tuned on the sets before: a Claude Code span with its sectioned
production compaction (Kotlin/Ktor: an exchange-rate cache that stampedes its provider every
hour), a Codex span with its "Summary so far" (a Rust CLI that panics when its stdout pipe
closes), an SWE-agent span (Python: a .env parser that reads a '#' inside quotes as a comment)
and an OpenAI-chat span (C#/ASP.NET Core: a new HttpClient per geocode exhausts the ports); the
last two have no production summary, so a reader's handoff stands in. The status words their
answers use, a careless handoff of each, and which spans' last words name the right next step
or none. The checks every set passes are in `test_bench_heldout_sets.py`; no summariser runs on
these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do:
# the superseded design as the decision, the deleted file as a change, the re-run or clean build
# as the fix, and a step done already or put off to a ticket as the next step.
_STALE = {
    "heldout18-claude-fxstampede": (
        "Decision: a Redis lock (SET NX with a 5 s expiry) so one pod at a time loads the rates "
        "from Openrates; the other pods poll Redis for them.\n"
        "Files: RateCache.kt; src/main/kotlin/com/harbourline/checkout/fx/RedisRateLock.kt "
        "added for the lock.\n"
        "Error: the build failed in :compileKotlin with Unresolved reference: future, a stale "
        "Gradle dependency cache; fixed by ./gradlew --stop, a clean build and "
        "--refresh-dependencies.\n"
        "Next: add jitter to the expiry in RateCache.kt, a random 0 to 20 seconds on "
        "next_update."
    ),
    "heldout18-codex-brokenpipe": (
        "Decision: restore the default SIGPIPE handler at startup, sigpipe::reset() calling "
        "libc::signal(SIGPIPE, SIG_DFL), so that a closed pipe ends churnr quietly.\n"
        "Files: src/report.rs; src/sigpipe.rs added for the signal handler.\n"
        "Error: top_into_closed_pipe_exits_zero kept failing with exit status 2 because "
        "assert_cmd ran a stale binary; fixed by cargo clean -p churnr and a re-run.\n"
        "Next: make src/json_out.rs write through the BufWriter as well."
    ),
    "heldout18-swe-quotedhash": (
        "Decision: read each value with shlex.shlex (posix, commenters='#') in lex_value, so "
        "a # inside quotes is kept.\n"
        "Files: envfile/parser.py calls it; envfile/_lexer.py added for the tokenizer.\n"
        "Error: the Hypothesis round trip failed on value='\"', a stale example saved in "
        ".hypothesis from an earlier run; fixed by rm -rf .hypothesis and a re-run.\n"
        "Next step: add the CHANGELOG entry under Unreleased, then submit."
    ),
    "heldout18-chat-portexhaust": (
        "Decision: one static HttpClient for the process, SharedHttpClient.Instance, so every "
        "geocode reuses the same pooled connections.\n"
        "Files: GeocodingClient.cs; src/Routewise.Api/Geocoding/SharedHttpClient.cs added for "
        "the shared client.\n"
        "Error: 23 tests failed with Unable to resolve service for type HttpClient because of a "
        "stale build; fixed by dotnet build-server shutdown, deleting bin and obj and a "
        "re-run.\n"
        "Next: add Microsoft.Extensions.Http.Resilience and chain "
        "AddStandardResilienceHandler() onto the geocoding client's registration in Program.cs."
    ),
}

# Readers' handoffs of the spans with no production summary, written from the spans: the
# questions are answerable by a careful summary of about 300 words.
_READER_SWE = """Task: resolve kestrel-labs__envfile-142: envfile 1.4.2's parse_line() reads a '#' inside a quoted value as a comment, so DATABASE_URL="postgres://app:p#ss@db:5432/app" loads as '"postgres://app:p' (cut at the #, opening quote kept); minimal changes to non-test files.
Latest request: the user relayed @ingrid-holm's review with answers: (1) single quotes, done already; (2) an unterminated quote stays lenient, answered on the thread; (3) a # after whitespace in unquoted values is #151, leave unquoted values alone; (4) a CHANGELOG.md entry under Unreleased, then an export KEY="a#b" test.
Decision: _split_value() in parser.py takes a quoted value up to its closing quote (skipping backslash escapes in double quotes) and drops a comment only after it; unquoted values keep the first-# rule. This rules out shlex (it turns C:\\logs\\app into C:logsapp, #97) and any new module.
Correction: the user rejected shlex and the new module: keep the closing-quote scan in parser.py.
Files changed: envfile/parser.py (_split_value); tests/test_parser.py (test_double_quoted_hash, test_single_quoted_hash); tests/test_roundtrip.py (# let into the Hypothesis values); CHANGELOG.md (Unreleased entry). envfile/_lexer.py was created and deleted, parser.py checked out again.
Errors: the round trip test_dump_load_roundtrip failed, falsifying example value='"' loaded as a lone backslash: the scan closed at the escaped \\" that dumps() writes. Clearing .hypothesis and __pycache__ and re-running did not help; fixed by skipping the backslash-escaped character inside double quotes.
Review (@ingrid-holm) found: single-quoted values (done before the review); should an unterminated quote raise (answered: no, 1.x stays lenient); whitespace before # in unquoted values, as docker compose does (put off to #151); the CHANGELOG entry (written) and the export test (open).
Values: p#ss@db:5432; 38 tests before, 40 passed now; #142, #97, #151.
Roles: envfile/parser.py reads .env lines; dumps() writes them, escaping quotes; tests/test_roundtrip.py is the Hypothesis dump/load round trip; reproduce.py is a scratch repro.
State: all 40 tests pass; the CHANGELOG entry is written; the export test is not written, not submitted.
Next step: add test_export_quoted_hash to tests/test_parser.py (export KEY="a#b" gives a#b), run python -m pytest -q, delete reproduce.py, then submit.
Pending: the export test, deleting reproduce.py, submit."""

_READER_CHAT = """Task: DISP-219: in the weekday morning peak POST /api/routes/plan answers 500 with SocketException (99) Cannot assign requested address: GeocodingClient made a new HttpClient per stop and the sockets sat in TIME_WAIT (28213 on a pod) until the ephemeral ports ran out.
Latest request, Tomasz's review of PR #731 with the user's answers: confirm the 10 s Timeout; reply that both lifetimes stay; retries are DISP-231, not this PR; make WeatherClient a typed client in this PR.
Decision: a typed client from IHttpClientFactory, AddHttpClient<IGeocodingClient, GeocodingClient> (10 s Timeout, X-Api-Key) on a SocketsHttpHandler with PooledConnectionLifetime 2 minutes. This rules out one static client (SharedHttpClient.Instance).
The user's correction: no static HttpClient, it never re-resolves DNS and Mapquill fails over between IPs; use IHttpClientFactory.
Files changed: GeocodingClient.cs (HttpClient injected); Program.cs (the AddHttpClient registration); RoutingServiceCollectionExtensions.cs (old AddScoped removed); HttpClientRegistrationTests.cs (new). SharedHttpClient.cs was created and deleted.
Errors: the SocketException, fixed by the typed client. Then 23 of 87 tests failed with Unable to resolve service for type HttpClient; build-server shutdown, deleting bin/obj and a re-run did not help; fixed by removing services.AddScoped<IGeocodingClient, GeocodingClient>() from AddRoutePlanning, which overrode the typed client.
Review (Tomasz) found: default Timeout 100 s, keep 10 s (already in); PooledConnectionLifetime on top of HandlerLifetime (answered on the PR: both stay); no retries on a Mapquill 503 (DISP-231); WeatherClient.cs has the same new HttpClient() per call (open).
Values: 28213 TIME_WAIT on a pod, 7 after the fix locally; 31.20% failed plans, 0.00% after; 89 tests; PR #731; DISP-219, DISP-231.
Roles: GeocodingClient.cs is the Mapquill geocoding client; Program.cs holds the registrations; RoutingServiceCollectionExtensions.cs has AddRoutePlanning; WeatherClient.cs fetches depot forecasts; scripts/load/plan-peak.sh is the k6 peak run.
State: PR #731 is open and pushed; all 89 tests pass; Tomasz is answered on points 1-3; the WeatherClient change is not started.
Next step: make WeatherClient a typed client (AddHttpClient<IWeatherClient, WeatherClient>), remove its AddScoped line in AddRoutePlanning, add it to HttpClientRegistrationTests, run dotnet test, push to #731.
Pending: the WeatherClient typed client and the push to #731; the resilience handler is not for this PR (DISP-231)."""

# fxstampede's last words start the jitter the user put off to FX-231, portexhaust's the
# resilience handler put off to DISP-231: stale steps, in neither set. brokenpipe's only report
# the replies to the review; quotedhash's name the right step (the export test).
LAST_STEP_RIGHT = frozenset({"heldout18-swe-quotedhash"})
LAST_STEP_NONE = frozenset({"heldout18-codex-brokenpipe"})

HELDOUT18 = HeldoutSet(
    prefix="heldout18-",
    shapes={
        "heldout18-claude-fxstampede": "claude-code",
        "heldout18-codex-brokenpipe": "codex",
        "heldout18-swe-quotedhash": "swe-agent",
        "heldout18-chat-portexhaust": "openai-chat",
    },
    status=STATUS | {"not pushed", "not written", "not submitted", "not started"},
    production={
        # Claude Code's sectioned compaction
        "heldout18-claude-fxstampede": Production(
            words=(250, 420),
            opens="This session is being continued from a previous conversation",
        ),
        # Codex's "Summary so far"
        "heldout18-codex-brokenpipe": Production(words=(150, 230), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={
        "heldout18-swe-quotedhash": _READER_SWE,
        "heldout18-chat-portexhaust": _READER_CHAT,
    },
    # quotedhash's last words name the right step: alone they answer a quarter
    low=LowScores(first_user=2.5, last_words=3.5, users=8),
)
