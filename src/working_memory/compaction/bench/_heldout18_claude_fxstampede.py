"""Held out, eighteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Kotlin (a Ktor 2.2 backend on
kotlinx.coroutines 1.6.4 with Caffeine, built with Gradle): every hour on the hour checkout-api
answers 502 for about 40 s to payments in a foreign currency (INC-2291), because RateCache.kt
keeps Openrates' rates until the provider's next_update and then checks and fills the cache in
two steps, so every coroutine that misses at :00:00 calls Openrates (312 calls in one second
against a plan of 10 a second) and gets a 429; a RedisRateLock.kt (a SET NX lock across the
pods, the others polling Redis for the rates) written, ruled out by the user (the stampede is
inside each pod: an AsyncLoadingCache whose concurrent gets share the one load in flight, the
next_update expiry kept) and deleted, RateCache.kt checked out again; a compile error
(Unresolved reference: future and await) that ./gradlew --stop, clean and
--refresh-dependencies did not fix and the kotlinx-coroutines-jdk8 artifact (separate before
coroutines 1.7) did; a PR review with four points: one pending (a load-failure counter with a
test), one answered on the PR (why no lock across pods), one done in the first commit (the
cache's own executor), one a ticket (jitter on the expiry, FX-231); a long production
compaction; the assistant's last words start the jitter, which the user put off to FX-231."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/marta/src/checkout-api"
_FX = f"{_ROOT}/src/main/kotlin/com/harbourline/checkout/fx"
_CACHE = f"{_FX}/RateCache.kt"
_LOCK = f"{_FX}/RedisRateLock.kt"
_TEST = f"{_ROOT}/src/test/kotlin/com/harbourline/checkout/fx/RateCacheTest.kt"
_GRADLE = f"{_ROOT}/build.gradle.kts"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_OLD_CACHE = """package com.harbourline.checkout.fx

import com.github.benmanes.caffeine.cache.Cache
import com.github.benmanes.caffeine.cache.Caffeine
import com.github.benmanes.caffeine.cache.Expiry
import java.time.Clock
import java.time.Duration

/**
 * Openrates' rates per base currency, kept until the provider's next_update (the top of the
 * hour).
 */
class RateCache(
    private val client: OpenratesClient,
    private val clock: Clock = Clock.systemUTC(),
) {
    private val cache: Cache<String, Rates> = Caffeine.newBuilder()
        .maximumSize(200)
        .expireAfter(UntilNextUpdate(clock))
        .build()

    suspend fun rates(base: String): Rates =
        cache.getIfPresent(base) ?: client.latest(base).also { cache.put(base, it) }
}

internal class UntilNextUpdate(private val clock: Clock) : Expiry<String, Rates> {
    override fun expireAfterCreate(key: String, value: Rates, currentTime: Long): Long =
        Duration.between(clock.instant(), value.nextUpdate).toNanos().coerceAtLeast(0)

    override fun expireAfterUpdate(key: String, value: Rates, currentTime: Long, currentDuration: Long): Long =
        expireAfterCreate(key, value, currentTime)

    override fun expireAfterRead(key: String, value: Rates, currentTime: Long, currentDuration: Long): Long =
        currentDuration
}
"""

_NEW_CACHE = """package com.harbourline.checkout.fx

import com.github.benmanes.caffeine.cache.AsyncLoadingCache
import com.github.benmanes.caffeine.cache.Caffeine
import com.github.benmanes.caffeine.cache.Expiry
import com.github.benmanes.caffeine.cache.Ticker
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asExecutor
import kotlinx.coroutines.future.await
import kotlinx.coroutines.future.future
import java.time.Clock
import java.time.Duration

/**
 * Openrates' rates per base currency, kept until the provider's next_update (the top of the
 * hour). Concurrent callers for a base share the one load in flight (INC-2291).
 */
class RateCache(
    private val client: OpenratesClient,
    private val clock: Clock = Clock.systemUTC(),
    ticker: Ticker = Ticker.systemTicker(),
) {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.IO)

    private val cache: AsyncLoadingCache<String, Rates> = Caffeine.newBuilder()
        .maximumSize(200)
        .expireAfter(UntilNextUpdate(clock))
        .executor(Dispatchers.IO.asExecutor()) // not ForkJoinPool.commonPool()
        .ticker(ticker)
        .buildAsync { base, _ -> scope.future { client.latest(base) } }

    suspend fun rates(base: String): Rates = cache.get(base).await()
}

internal class UntilNextUpdate(private val clock: Clock) : Expiry<String, Rates> {
    override fun expireAfterCreate(key: String, value: Rates, currentTime: Long): Long =
        Duration.between(clock.instant(), value.nextUpdate).toNanos().coerceAtLeast(0)

    override fun expireAfterUpdate(key: String, value: Rates, currentTime: Long, currentDuration: Long): Long =
        expireAfterCreate(key, value, currentTime)

    override fun expireAfterRead(key: String, value: Rates, currentTime: Long, currentDuration: Long): Long =
        currentDuration
}
"""

_LOCK_SRC = """package com.harbourline.checkout.fx

import io.lettuce.core.SetArgs
import io.lettuce.core.api.coroutines.RedisCoroutinesCommands
import kotlinx.coroutines.delay
import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.Json

/**
 * One pod at a time loads a base currency's rates from Openrates; the other pods wait for the
 * rates it writes to Redis (INC-2291).
 */
class RedisRateLock(
    private val redis: RedisCoroutinesCommands<String, String>,
    private val pod: String = System.getenv("HOSTNAME") ?: "local",
) {
    suspend fun load(base: String, fetch: suspend () -> Rates): Rates {
        redis.get("fx:rates:$base")?.let { return Json.decodeFromString(it) }
        if (redis.set("fx:lock:$base", pod, SetArgs().nx().px(5_000)) == "OK") {
            try {
                val rates = fetch()
                redis.set("fx:rates:$base", Json.encodeToString(rates), SetArgs().px(60_000))
                return rates
            } finally {
                redis.del("fx:lock:$base")
            }
        }
        repeat(50) {
            delay(100)
            redis.get("fx:rates:$base")?.let { return Json.decodeFromString(it) }
        }
        throw RateProviderException("timed out waiting for the $base rates another pod loads")
    }
}
"""

_TEST_SRC = """package com.harbourline.checkout.fx

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.time.Clock
import java.time.Instant
import java.time.ZoneOffset
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.assertEquals

class RateCacheTest {
    private val now = Instant.parse("2026-12-04T13:00:00Z")
    private val clock = Clock.fixed(now, ZoneOffset.UTC)

    private class FakeOpenrates(private val failFirst: Int = 0) : OpenratesClient {
        val calls = AtomicInteger()
        override suspend fun latest(base: String): Rates {
            val n = calls.incrementAndGet()
            delay(200) // Openrates answers in 150-400 ms
            if (n <= failFirst) throw RateProviderException("Openrates answered 429 Too Many Requests")
            return Rates(base, mapOf("GBP" to "0.8571".toBigDecimal()), nextUpdate = Instant.parse("2026-12-04T14:00:00Z"))
        }
    }

    @Test
    fun `100 concurrent callers on a cold cache make one Openrates call`() = runBlocking {
        val openrates = FakeOpenrates()
        val cache = RateCache(openrates, clock)
        (1..100).map { async(Dispatchers.Default) { cache.rates("EUR") } }.awaitAll()
        assertEquals(1, openrates.calls.get())
    }

    @Test
    fun `the rates are kept until next_update`() = runBlocking { ... }

    @Test
    fun `a failed load is not cached`() = runBlocking {
        val openrates = FakeOpenrates(failFirst = 1)
        val cache = RateCache(openrates, clock)
        assertThrows<RateProviderException> { runBlocking { cache.rates("EUR") } }
        assertEquals("EUR", cache.rates("EUR").base)
        assertEquals(2, openrates.calls.get())
    }
}
"""

_F = "e: file://" + _CACHE
_COMPILE_FAIL = (
    "> Task :compileKotlin FAILED\n"
    f"{_F}:11:27 Unresolved reference: future\n"
    f"{_F}:12:27 Unresolved reference: future\n"
    f"{_F}:32:40 Unresolved reference: future\n"
    f"{_F}:32:56 Suspension functions can be called only within coroutine body\n"
    f"{_F}:34:62 Unresolved reference: await\n\n"
    "FAILURE: Build failed with an exception.\n\n"
    "* What went wrong:\nExecution failed for task ':compileKotlin'.\n"
    "> A failure occurred while executing "
    "org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$"
    "GradleKotlinCompilerWorkAction\n   > Compilation error. See log for more details\n\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "INC-2291: every hour on the hour checkout-api answers 502 for about 40 seconds to anyone "
    "paying in a currency other than EUR. Sentry has a few hundred RateProviderException: "
    "Openrates answered 429 Too Many Requests for GET /v2/latest?base=EUR every hour, all in "
    "the first minute. The rates are cached in "
    "src/main/kotlin/com/harbourline/checkout/fx/RateCache.kt until Openrates' next update. "
    "Find out why and fix it. We run 6 pods; our Openrates plan allows 10 requests per second "
    "and we are not upgrading it."
)
s.call("Read", _numbered(_OLD_CACHE), file_path=_CACHE)
s.call(
    "Bash",
    "    312 2026-12-04T13:00:00\n    305 2026-12-04T11:00:00\n    297 2026-12-04T12:00:00\n"
    "     41 2026-12-04T13:00:01\n     38 2026-12-04T11:00:01\n     35 2026-12-04T12:00:01\n"
    "---\n     55 [pod/checkout-api-6f8d9c7b54-q7c2n/checkout-api]\n"
    "     54 [pod/checkout-api-6f8d9c7b54-2xkqp/checkout-api]\n"
    "     53 [pod/checkout-api-6f8d9c7b54-v9hbt/checkout-api]\n"
    "     51 [pod/checkout-api-6f8d9c7b54-8mz4t/checkout-api]\n"
    "     50 [pod/checkout-api-6f8d9c7b54-kd3wr/checkout-api]\n"
    "     49 [pod/checkout-api-6f8d9c7b54-tx5lm/checkout-api]\n",
    command="kubectl -n checkout logs -l app=checkout-api --since=3h --prefix --timestamps | "
    "grep 'openrates request base=' | awk '{print substr($2,1,19)}' | sort | uniq -c | "
    "sort -rn | head -6 && echo --- && kubectl -n checkout logs -l app=checkout-api "
    "--since=3h --prefix --timestamps | grep 'openrates request base=' | grep "
    "'T13:00:00' | awk '{print $1}' | sort | uniq -c | sort -rn",
    description="Openrates calls per second over the last 3 hours, and per pod at 13:00:00",
)
s.call(
    "Bash",
    "e41b7d2 fx: keep the rates until Openrates' next_update instead of 60 minutes\n"
    "9a0c3f5 fx: Caffeine cache for Openrates rates\n---\n"
    "src/main/kotlin/com/harbourline/checkout/fx/FxModule.kt:14:    single { "
    "RateCache(get<OpenratesClient>()) }\n"
    "src/main/kotlin/com/harbourline/checkout/fx/OpenratesClient.kt:31:        val res = "
    'http.get("$baseUrl/v2/latest") { parameter("base", base) }\n'
    "src/main/kotlin/com/harbourline/checkout/quote/QuoteService.kt:41:        val fx = "
    "rates.rates(cart.currency.baseFor(settlement))\n---\n"
    "src/main/kotlin/com/harbourline/checkout/session/RedisSessions.kt\n"
    "src/main/kotlin/com/harbourline/checkout/session/SessionModule.kt\n",
    "312 Openrates calls in the single second 13:00:00, spread evenly over the 6 pods (49 to "
    "55 each), against a limit of 10 a second.",
    command="git log --oneline -2 -- src/main/kotlin/com/harbourline/checkout/fx/ && echo --- "
    "&& grep -rn 'RateCache(\\|rates.rates(\\|/v2/latest' src/main && echo --- && grep -rl "
    "lettuce src/main",
    description="History of the fx package, who calls the cache, and where Redis is used",
)
s.call(
    "Write",
    f"File created successfully at: {_LOCK}",
    "Found it. Since e41b7d2 every pod's EUR entry expires at exactly next_update, the top of "
    "the hour, and rates() checks and fills the cache in two steps (getIfPresent, then "
    "latest() and put), so every request that arrives while the first call is in flight "
    "misses too and calls Openrates itself: about 50 per pod in that second, 312 in all, and "
    "Openrates answers 429 to most of them, which QuoteService turns into the 502. Plan: one "
    "pod at a time loads the rates under a Redis lock (SET NX with a 5 s expiry, Redis is "
    "already here for the sessions) and writes them to Redis; the other pods poll Redis for "
    "them.",
    file_path=_LOCK,
    content=_LOCK_SRC,
)
s.call(
    "Edit",
    f"The file {_CACHE} has been updated.",
    file_path=_CACHE,
    old_string="    suspend fun rates(base: String): Rates =\n"
    "        cache.getIfPresent(base) ?: client.latest(base).also { cache.put(base, it) }\n",
    new_string="    suspend fun rates(base: String): Rates =\n"
    "        cache.getIfPresent(base)\n"
    "            ?: lock.load(base) { client.latest(base) }.also { cache.put(base, it) }\n",
)
s.user(
    "No Redis lock. Six pods means six calls at 13:00, nothing against 10 a second: the "
    "stampede is inside each pod, 50 coroutines missing at once. And I'm not putting a Redis "
    "round trip and a polling wait in front of every checkout. Caffeine does this already: make "
    "it an AsyncLoadingCache, so concurrent gets for a base share the one load in flight. Keep "
    "the next_update expiry. Delete RedisRateLock.kt and put RateCache.kt back first."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n",
    "Dropping the lock: deleting RedisRateLock.kt and checking RateCache.kt out again.",
    command="rm src/main/kotlin/com/harbourline/checkout/fx/RedisRateLock.kt && git checkout "
    "-- src/main/kotlin/com/harbourline/checkout/fx/RateCache.kt && git status --short",
    description="Delete the Redis lock and revert RateCache.kt",
)
s.call(
    "Write",
    f"The file {_CACHE} has been updated.",
    "An AsyncLoadingCache keeps one CompletableFuture per base while it loads, and every get "
    "in the meantime gets that future. The loader bridges to the suspending client with "
    "scope.future; the cache gets Dispatchers.IO as its executor rather than "
    "ForkJoinPool.commonPool(), and a Ticker so the test can move time.",
    file_path=_CACHE,
    content=_NEW_CACHE,
)
s.call(
    "Write",
    f"File created successfully at: {_TEST}",
    file_path=_TEST,
    content=_TEST_SRC,
)
s.call(
    "Bash",
    _COMPILE_FAIL + "BUILD FAILED in 14s\n",
    command="./gradlew test --console=plain 2>&1 | tail -16",
    description="Run the tests",
)
s.call(
    "Bash",
    "Stopping Daemon(s)\n1 Daemon stopped\n" + _COMPILE_FAIL + "BUILD FAILED in 52s\n",
    "kotlinx.coroutines.future is part of kotlinx-coroutines-core, so the classes should be "
    "there; this looks like a stale Gradle dependency cache or a daemon holding an old "
    "classpath. Stopping the daemon and building clean with fresh dependencies.",
    command="./gradlew --stop && ./gradlew clean test --refresh-dependencies --console=plain "
    "2>&1 | tail -16",
    description="Stop the daemon, clean, refresh dependencies and test again",
)
s.call(
    "Bash",
    "+--- io.ktor:ktor-server-core-jvm:2.2.4\n"
    "|    +--- org.jetbrains.kotlinx:kotlinx-coroutines-core:1.6.4\n"
    "|    |    \\--- org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.6.4\n"
    "+--- org.jetbrains.kotlinx:kotlinx-coroutines-slf4j:1.6.4\n",
    "Same errors after a clean build with fresh dependencies, so it isn't the cache. Checking "
    "which coroutines version the build actually resolves.",
    command="./gradlew dependencies --configuration compileClasspath --console=plain | grep -E "
    "'ktor-server-core-jvm:|kotlinx-coroutines'",
    description="The kotlinx-coroutines artifacts on the compile classpath",
)
s.call(
    "Edit",
    f"The file {_GRADLE} has been updated.",
    "kotlinx-coroutines 1.6.4, from Ktor 2.2.4. The future integration (future {} and await() "
    "on a CompletableFuture) only moved into kotlinx-coroutines-core in 1.7; before that it is "
    "its own artifact, kotlinx-coroutines-jdk8. Adding it at the version Ktor pins.",
    file_path=_GRADLE,
    old_string='    implementation("com.github.ben-manes.caffeine:caffeine:3.1.8")\n',
    new_string='    implementation("com.github.ben-manes.caffeine:caffeine:3.1.8")\n'
    "    // future {} and await(): a separate artifact before kotlinx-coroutines 1.7\n"
    '    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-jdk8:1.6.4")\n',
)
s.call(
    "Bash",
    "> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
    "BUILD SUCCESSFUL in 41s\n7 actionable tasks: 7 executed\n---\n"
    "tests: 48, failures: 0, errors: 0\n"
    "RateCacheTest: 3 tests, 0 failures\n",
    command="./gradlew test --console=plain 2>&1 | tail -7 && echo --- && awk -F'\"' "
    "'/<testsuite /{for(i=1;i<NF;i++){if($i~/ tests=$/)t+=$(i+1); if($i~/ failures=$/)"
    'f+=$(i+1); if($i~/ errors=$/)e+=$(i+1)}} END{print "tests: "t", failures: "f", '
    'errors: "e}\' build/test-results/test/*.xml && grep -o \'tests="[0-9]*" '
    'skipped="[0-9]*" failures="[0-9]*"\' build/test-results/test/'
    "TEST-com.harbourline.checkout.fx.RateCacheTest.xml | awk -F'\"' '{print "
    '"RateCacheTest: "$2" tests, "$6" failures"}\'',
    description="Run all the tests and count the results",
)
s.call(
    "Bash",
    "> Task :ktlintCheck\nBUILD SUCCESSFUL in 6s\n"
    "Switched to a new branch 'fix/inc-2291-rate-stampede'\n"
    "[fix/inc-2291-rate-stampede 7b41e9a] fx: one Openrates load per base in an "
    "AsyncLoadingCache (INC-2291)\n 3 files changed, 87 insertions(+), 6 deletions(-)\n"
    " create mode 100644 src/test/kotlin/com/harbourline/checkout/fx/RateCacheTest.kt\n"
    "branch 'fix/inc-2291-rate-stampede' set up to track 'origin/fix/inc-2291-rate-stampede'.\n"
    "https://github.com/harbourline/checkout-api/pull/1184\n",
    command="./gradlew ktlintCheck --console=plain | tail -2 && git checkout -b "
    "fix/inc-2291-rate-stampede && git add -A && git commit -m 'fx: one Openrates load per "
    "base in an AsyncLoadingCache (INC-2291)' && git push -u origin HEAD && gh pr create "
    "--fill",
    description="ktlint, then commit, push and open the PR",
)
s.say(
    "PR #1184 is up. RateCache is an AsyncLoadingCache now: concurrent rates() calls for a base "
    "share the one Openrates load in flight, so each pod makes one call at the top of the hour "
    "(six in all) instead of about 50, and the next_update expiry is unchanged. "
    "build.gradle.kts adds kotlinx-coroutines-jdk8 1.6.4 for future {} and await(). "
    "RateCacheTest has 3 tests (100 concurrent callers make one call, the rates are kept until "
    "next_update, a failed load is not cached); all 48 tests pass."
)
s.user(
    "Renata reviewed #1184:\n"
    "1. A failed load isn't cached, good, but while Openrates is failing every checkout on a "
    "pod starts a new load, one after another, and we'd only find out from Sentry. Count them: "
    "a Micrometer counter fx_rates_load_failures_total tagged with the base currency.\n"
    "2. Why not a lock across the pods? With 6 pods that's still 6 calls at 13:00:00.\n"
    "3. Caffeine completes loads and does its expiry work on ForkJoinPool.commonPool() unless "
    "told otherwise, and the PDF export saturates that pool with parallel streams. Give the "
    "cache its own executor.\n"
    "4. Every pod's entry expires at exactly :00:00, so we still send 6 calls in the same "
    "second, and it will be 14 pods in July. Add a few seconds of random jitter to the "
    "expiry.\n"
    "My take: 1 yes, do it, with a test. 2 answer her: 6 calls an hour against 10 a second, "
    "and no Redis round trip on the checkout path. 3 you did already, it's the "
    ".executor(Dispatchers.IO.asExecutor()) line. 4 is FX-231, for before the summer "
    "scale-up, not this PR."
)
s.call(
    "Bash",
    "https://github.com/harbourline/checkout-api/pull/1184#issuecomment-2538117406\n",
    "Answering Renata's 2 on the PR: the stampede was inside each pod; with one load per pod "
    "it is 6 calls an hour against a limit of 10 a second, and a lock would put a Redis round "
    "trip and a wait in front of every checkout.",
    command="gh pr comment 1184 --body-file /tmp/pr1184-lock.md",
    description="Reply to the review on the lock across pods",
)
s.say(
    "2 is answered on #1184. 3 was in the first commit: the cache runs on "
    "Dispatchers.IO.asExecutor(), not ForkJoinPool.commonPool(). 4 goes to FX-231."
)
s.say(
    "Now let me add jitter to the expiry in RateCache.kt: UntilNextUpdate will add a random "
    "0 to 20 seconds to next_update, so the six pods spread their loads over 20 seconds."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "INC-2291: every hour on the hour checkout-api answers 502 for about 40 s to "
             "foreign-currency payments, because Openrates answers 429: RateCache.kt keeps the "
             "rates until next_update and then every request that misses calls Openrates "
             "itself (a stampede, 312 calls in one second against 10 a second); find why and "
             "fix it without upgrading the plan.",
             must=(("ratecache", "rates cache", "exchange rates", "openrates", "fx rates"),
                   ("429", "502", "stampede", "inc-2291", "too many requests")),
             partial_means="The 502s without the rates cache or the 429s behind them, or the "
                           "reverse.",
             wrong="A slow database at checkout; upgrading the Openrates plan; a wrong "
                   "exchange rate."),
    Question("latest_request", "What did the user last ask?",
             "Renata's review of PR #1184 with the user's take: (1) yes, a Micrometer counter "
             "fx_rates_load_failures_total tagged with the base, with a test; (2) answer her: "
             "6 calls an hour against 10 a second, no Redis round trip on the checkout path; "
             "(3) the executor is done already; (4) jitter is FX-231, not this PR.",
             must=(("fx_rates_load_failures_total", "load failures", "counter", "metric"),
                   ("fx-231", "jitter", "answer her", "6 calls", "six calls", "executor")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "renata", "take"),
             partial_means="One of the points to act on.",
             wrong="Adding jitter to the expiry now; a Redis lock across the pods.",
             stale_means="The no-Redis-lock correction or the INC-2291 report given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Renata's first point: add the Micrometer counter fx_rates_load_failures_total, "
             "tagged with the base currency, incremented in RateCache's loader when Openrates "
             "fails, with a test in RateCacheTest.kt; run ./gradlew test, then commit and push "
             "to PR #1184. The jitter is FX-231, not now.",
             must=(("fx_rates_load_failures_total", "load failures", "counter", "metric"),
                   ("push", "commit", "gradlew test")),
             stale=("add jitter", "random 0 to 20 seconds", "redis lock"),
             partial_means="The counter without its test or the push, or the push alone.",
             wrong="Setting the cache's executor (done); answering the lock question (done).",
             stale_means="Says to add jitter to the expiry (put off to FX-231 by the user), "
                         "or to put a Redis lock across the pods."),
    Question("files_edited", "Which files were changed, and why?",
             "src/main/kotlin/com/harbourline/checkout/fx/RateCache.kt (an AsyncLoadingCache: "
             "concurrent gets share the one load, scope.future bridging to the client, "
             "Dispatchers.IO as the executor, a Ticker for the test, the next_update expiry "
             "kept); build.gradle.kts (kotlinx-coroutines-jdk8:1.6.4); "
             "src/test/kotlin/.../fx/RateCacheTest.kt (new: 3 tests). RedisRateLock.kt was "
             "created and deleted, and the lock edit to RateCache.kt reverted.",
             must=(("ratecache.kt",), ("build.gradle.kts",),
                   ("ratecachetest.kt", "ratecachetest")),
             stale=("redisratelock.kt",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="OpenratesClient.kt or QuoteService.kt given as edited.",
             stale_means="RedisRateLock.kt listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The stampede is fixed inside each pod: RateCache becomes a Caffeine "
             "AsyncLoadingCache, so concurrent gets for a base share the one load in flight "
             "(one call per pod, six in all at :00), with the next_update expiry kept; it rules "
             "out a Redis lock across the pods (RedisRateLock.kt, SET NX, the others polling "
             "Redis).",
             must=(("asyncloadingcache", "one load in flight", "single-flight", "share the one "
                    "load"),
                   ("redis", "redisratelock", "lock across")),
             stale=("redis lock", "set nx", "poll redis"),
             partial_means="The AsyncLoadingCache without what it rules out.",
             wrong="Upgrading the Openrates plan; caching the rates longer than next_update.",
             stale_means="A Redis lock across the pods, with the rates shared in Redis, given "
                         "as the design."),
    Question("review", "What did the review find?",
             "Renata on #1184: (1) failed loads are invisible but for Sentry: a counter "
             "fx_rates_load_failures_total (pending); (2) why not a lock across the pods "
             "(answered on the PR: 6 calls an hour against 10 a second, no Redis on the "
             "checkout path); (3) Caffeine runs on ForkJoinPool.commonPool() unless given an "
             "executor (done already: Dispatchers.IO.asExecutor()); (4) every pod expires at "
             ":00:00, add jitter (FX-231).",
             must=(("fx_rates_load_failures_total", "load failures", "counter", "metric"),
                   ("lock across", "6 calls", "six calls", "redis"),
                   ("executor", "commonpool", "forkjoinpool"), ("jitter", "fx-231")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "renata", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The compile error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No Redis lock: six pods make six calls at 13:00, nothing against 10 a second, "
             "the stampede is inside each pod, and no Redis round trip and polling wait in "
             "front of every checkout; make it an AsyncLoadingCache so concurrent gets share "
             "the one load in flight, keep the next_update expiry, delete RedisRateLock.kt and "
             "put RateCache.kt back first.",
             must=(("redis", "redisratelock", "lock across"),
                   ("asyncloadingcache", "one load in flight", "share the one load",
                    "single-flight")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The Redis lock ruled out without what to do instead.",
             wrong="The compile error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The incident's 429s (and the 502s) stop with the AsyncLoadingCache's one load per "
             "pod. The build failed in :compileKotlin with Unresolved reference: future and await "
             "in RateCache.kt; ./gradlew --stop, clean and --refresh-dependencies (a stale "
             "Gradle cache suspected) did not fix it; the build resolves kotlinx-coroutines "
             "1.6.4 from Ktor 2.2.4, where the future integration is its own artifact (it "
             "moved into core in 1.7); fixed by adding kotlinx-coroutines-jdk8:1.6.4 to "
             "build.gradle.kts.",
             must=(("unresolved reference", "compilekotlin", "compile error"),
                   ("kotlinx-coroutines-jdk8", "coroutines-jdk8")),
             stale=("fixed by --refresh-dependencies", "fixed by refreshing",
                    "fixed by a clean build", "fixed by ./gradlew clean",
                    "fixed by stopping the daemon", "fixed by re-running",
                    "stale gradle dependency cache"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A ktlint failure; the 429 given as a test error.",
             stale_means="The compile error 'fixed' by --refresh-dependencies, a clean build, "
                         "stopping the daemon or a re-run, or put down to a stale Gradle "
                         "cache."),
    Question("key_values", "Which key values matter?",
             "312 Openrates calls in the second 13:00:00 (49 to 55 per pod, 6 pods) against a "
             "plan of 10 requests per second; Ktor 2.2.4, kotlinx-coroutines 1.6.4, Caffeine "
             "3.1.8; 48 tests pass (3 in RateCacheTest); PR #1184, commit 7b41e9a, INC-2291, "
             "FX-231; fx_rates_load_failures_total.",
             must=(("312", "10 requests per second", "10 a second"),
                   ("#1184", "fx-231", "1.6.4", "48 tests", "2.2.4")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "RateCache.kt caches Openrates' rates per base currency until next_update; "
             "OpenratesClient.kt calls GET /v2/latest; QuoteService.kt converts the cart at "
             "checkout with rates.rates(); FxModule.kt wires RateCache; RedisSessions.kt is "
             "where Redis is used (sessions); build.gradle.kts holds the dependencies; "
             "RateCacheTest.kt tests the cache.",
             must=(("ratecache.kt",),
                   ("openratesclient.kt", "quoteservice.kt", "fxmodule.kt",
                    "ratecachetest.kt")),
             partial_means="The files named without what they hold.",
             wrong="RedisRateLock.kt as the lock the pods share."),
    Question("pending", "What work is still pending?",
             "Renata's 1: the fx_rates_load_failures_total counter tagged with the base, and "
             "its test, then commit and push to #1184; the jitter later in FX-231 (before the "
             "summer scale-up to 14 pods).",
             must=(("fx_rates_load_failures_total", "load failures", "counter", "metric"),
                   ("push", "commit", "ratecachetest", "gradlew test")),
             partial_means="The counter without its test or the push, or the reverse.",
             wrong="The executor or the reply on the lock as pending.",
             stale_means="The Redis lock as pending."),
    Question("state", "What is the state of the work?",
             "PR #1184 is open (commit 7b41e9a) with the AsyncLoadingCache, the jdk8 "
             "dependency and RateCacheTest; all 48 tests pass and ktlint is clean; Renata's 2 "
             "is answered on the PR, 3 was already in the first commit, 4 is FX-231; the "
             "load-failure counter is not written.",
             must=(("48 tests", "tests pass", "#1184 is open"),
                   ("not written", "counter", "fx_rates_load_failures_total", "metric")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the jitter is done.",
             stale_means="Says the pods share a Redis lock."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
INC-2291: an hourly 429 stampede on Openrates; a Redis lock, ruled out by the user for an AsyncLoadingCache; a compile error; Renata's review.

Summary:
1. Primary Request and Intent:
   INC-2291: every hour on the hour checkout-api answers 502 for about 40 s to foreign-currency payments because Openrates answers 429; find why and fix it, 6 pods, the plan stays at 10 requests per second. Latest request (Renata's review of PR #1184, with the user's take): (1) yes, a Micrometer counter fx_rates_load_failures_total tagged with the base, with a test; (2) answer her; (3) the executor is done already; (4) jitter is FX-231, not this PR.
2. Key Technical Concepts:
   - Cause: RateCache.kt keeps the rates until next_update, then checks and fills in two steps, so every request that misses calls Openrates: 312 calls in the second 13:00:00.
   - Decision (the user's correction): a Caffeine AsyncLoadingCache, concurrent gets share the one load in flight, next_update expiry kept; this rules out a Redis lock across the pods (RedisRateLock.kt).
3. Files and Code Sections:
   - src/main/kotlin/com/harbourline/checkout/fx/RateCache.kt (edited): caches the rates per base that OpenratesClient.kt fetches; now an AsyncLoadingCache on Dispatchers.IO.asExecutor().
   - build.gradle.kts (edited): adds kotlinx-coroutines-jdk8:1.6.4.
   - src/test/kotlin/com/harbourline/checkout/fx/RateCacheTest.kt (new): 3 tests, 100 concurrent callers make one call.
   - RedisRateLock.kt: created, then deleted when the user ruled out the lock.
4. Errors and fixes:
   - :compileKotlin failed with Unresolved reference: future and await. ./gradlew --stop, clean and --refresh-dependencies did not fix it; Ktor 2.2.4 pins kotlinx-coroutines 1.6.4, where the future integration is separate; fixed by adding kotlinx-coroutines-jdk8:1.6.4.
5. Problem Solving:
   Renata's review found: failed loads go uncounted (counter, not written); why not a lock across pods (answered on #1184: 6 calls an hour against 10 a second); ForkJoinPool.commonPool() (done already: the executor); all pods expire at :00:00, add jitter (FX-231).
6. All user messages:
   - The INC-2291 report; "No Redis lock ... I'm not putting a Redis round trip and a polling wait in front of every checkout ... make it an AsyncLoadingCache"; Renata's review, with the user's take.
7. Pending Tasks:
   - The fx_rates_load_failures_total counter and its test, then commit and push to #1184.
   - Jitter later (FX-231).
8. Current Work:
   PR #1184 is open (7b41e9a); all 48 tests pass; the counter is not written.
9. Optional Next Step:
   Add the fx_rates_load_failures_total counter in RateCache's loader with a test in RateCacheTest.kt, run ./gradlew test, commit and push to #1184."""
