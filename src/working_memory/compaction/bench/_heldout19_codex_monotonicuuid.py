"""Held out, nineteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, a Java library built with Gradle (Java 17,
JUnit 5, JMH): chronoid's Uuid7Generator hands out version 7 UUIDs that sort at random inside a
millisecond, so cursor pagination on them skips and repeats rows (issue #412; 4,987 of 9,999
adjacent pairs out of order), because next() fills rand_a and rand_b with fresh random bits; a
sub-millisecond fraction from System.nanoTime() in rand_a (RFC 9562 method 3, a new
SubMillisClock.java) written, then ruled out by the user (the ids are public and #377 took
sub-millisecond time out of them; nanoTime anchored at startup drifts from the wall clock) for
method 1, a 12-bit counter in rand_a seeded below 2048 each new millisecond that moves the
timestamp on 1 ms past 4095, inside Uuid7Generator; SubMillisClock.java deleted and
Uuid7Generator.java checked out again; a new concurrent test in which 3 of 400,000 ids sorted
before their thread's previous id, which ./gradlew clean test --no-build-cache --rerun-tasks
(the suspected stale build cache) did not fix (5 then) and a synchronized block over lastMillis
and the counter, in place of the lock-free AtomicInteger and volatile field, did; a PR review
(#427) with four points: one already done (Math.max when the clock steps back), one answered
on the PR (the lock's cost, with the JMH numbers), one a ticket (UlidGenerator.java, #431), one
pending (a counter-overflow test on a frozen clock); the assistant's last words announce the
ULID port the user put off to #431."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_PKG = "src/main/java/dev/lumen/chronoid"
_GEN = f"{_PKG}/Uuid7Generator.java"
_CLOCK = f"{_PKG}/SubMillisClock.java"
_TEST = "src/test/java/dev/lumen/chronoid/Uuid7GeneratorTest.java"
_ORDER = "./gradlew -q jar && jshell --class-path build/libs/chronoid-2.3.1.jar /tmp/order.jsh"
_JSH = (
    "var g = new dev.lumen.chronoid.Uuid7Generator();\n"
    "var ids = new java.util.UUID[10_000];\n"
    "for (int i = 0; i < ids.length; i++) ids[i] = g.next();\n"
    "int bad = 0;\n"
    "for (int i = 1; i < ids.length; i++) if (ids[i].compareTo(ids[i - 1]) < 0) bad++;\n"
    "long ms = java.util.Arrays.stream(ids).mapToLong(u -> u.getMostSignificantBits() >>> 16)"
    ".distinct().count();\n"
    'System.out.printf("ids: %d  distinct ms: %d  out of order pairs: %d of %d%n", '
    "ids.length, ms, bad, ids.length - 1);\n"
    'System.out.println("first: " + ids[0] + "  second: " + ids[1]);\n'
    "/exit\n"
)


def _failed(bad: int, build: str, tasks: str, clean: bool = False) -> str:
    """./gradlew test with the concurrent ordering test failing on `bad` ids."""
    return (
        ("> Task :clean\n" if clean else "") + "> Task :compileJava\n"
        "> Task :processResources NO-SOURCE\n"
        "> Task :classes\n"
        "> Task :compileTestJava\n"
        "> Task :testClasses\n"
        "> Task :test\n\n"
        "Uuid7GeneratorTest > concurrentIdsKeepPerThreadOrder() FAILED\n"
        f"    org.opentest4j.AssertionFailedError: {bad} of 400000 ids sort before the id their "
        f"thread made just before ==> expected: <0> but was: <{bad}>\n"
        "        at app//org.junit.jupiter.api.AssertionFailureBuilder.build("
        "AssertionFailureBuilder.java:151)\n"
        "        at app//org.junit.jupiter.api.AssertEquals.failNotEqual("
        "AssertEquals.java:197)\n"
        "        at app//org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:563)\n"
        "        at app//dev.lumen.chronoid.Uuid7GeneratorTest.concurrentIdsKeepPerThreadOrder("
        "Uuid7GeneratorTest.java:97)\n\n"
        "Results: FAILURE (33 tests, 32 passed, 1 failed, 0 skipped)\n\n"
        "> Task :test FAILED\n\n"
        "FAILURE: Build failed with an exception.\n\n"
        "* What went wrong:\n"
        "Execution failed for task ':test'.\n"
        "> There were failing tests. See the report at: "
        "file:///home/anja/chronoid/build/reports/tests/test/index.html\n\n"
        f"BUILD FAILED in {build}s\n"
        f"{tasks}\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/anja/chronoid")
s.user(
    "Issue #412: ids from Uuid7Generator.next() made in the same millisecond don't sort in the "
    "order they were made. People use them as Postgres primary keys and page with WHERE id > "
    ":cursor ORDER BY id, so rows inserted in a burst get skipped or show up twice on the next "
    "page. RFC 9562 lets one generator make its v7 ids monotonic and people assume we do. Make "
    "ids from one generator strictly increasing, across threads too. We're on 2.3.1, this goes "
    "into 2.4.0."
)
s.call(
    "shell",
    "package dev.lumen.chronoid;\n\n"
    "import java.security.SecureRandom;\nimport java.util.UUID;\n"
    "import java.util.function.LongSupplier;\nimport java.util.random.RandomGenerator;\n\n"
    "/** Time-ordered UUIDs, version 7 (RFC 9562). Thread-safe. */\n"
    "public final class Uuid7Generator {\n"
    "  private final LongSupplier millis;\n  private final RandomGenerator random;\n\n"
    "  public Uuid7Generator() {\n"
    "    this(System::currentTimeMillis, new SecureRandom());\n  }\n\n"
    "  Uuid7Generator(LongSupplier millis, RandomGenerator random) { // tests inject the clock\n"
    "    this.millis = millis;\n    this.random = random;\n  }\n\n"
    "  public UUID next() {\n"
    "    long ts = millis.getAsLong();\n"
    "    long msb = (ts << 16) | 0x7000L | (random.nextLong() & 0xFFFL); // ver 7, rand_a\n"
    "    long lsb = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;\n"
    "    return new UUID(msb, lsb);\n  }\n}\n"
    "---\n"
    "Results: SUCCESS (31 tests, 31 passed, 0 failed, 0 skipped)\n\n"
    "BUILD SUCCESSFUL in 7s\n4 actionable tasks: 4 executed\n",
    command=["bash", "-lc", f"cat {_GEN}; echo ---; ./gradlew test --console=plain | tail -4"],
)
s.call(
    "shell",
    "ids: 10000  distinct ms: 3  out of order pairs: 4987 of 9999\n"
    "first: 01a2406d-cb38-7e41-b0c2-5d7f19a3e604  second: 01a2406d-cb38-72a9-9f4e-08b6c1d27a3b\n",
    command=["bash", "-lc", f"cat > /tmp/order.jsh <<'EOF'\n{_JSH}EOF\n{_ORDER}"],
)
s.say(
    "Confirmed: 10,000 ids from one generator fall into 3 milliseconds, and 4,987 of the 9,999 "
    "adjacent pairs are out of order. Inside a millisecond next() fills rand_a (12 bits) and "
    "rand_b (62 bits) with fresh random bits, so the order there is a coin toss (the second id "
    "above, ...-72a9-..., sorts before the first, ...-7e41-...). RFC 9562 section 6.2 gives "
    "three ways out; Method 3 puts a sub-millisecond fraction of the timestamp in rand_a, so "
    "ids stay time ordered with no state to share between threads. I'll read it from a small "
    "package-private SubMillisClock.java that anchors System.nanoTime() to currentTimeMillis "
    "once at startup."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_CLOCK}\nM {_GEN}\n",
    input=f"*** Begin Patch\n*** Add File: {_CLOCK}\n"
    "+package dev.lumen.chronoid;\n+\n"
    "+/** Unix time in ms with a 12-bit fraction of the ms (RFC 9562, 6.2 Method 3). */\n"
    "+final class SubMillisClock {\n"
    "+  private final long originMillis = System.currentTimeMillis();\n"
    "+  private final long originNanos = System.nanoTime();\n+\n"
    "+  /** ms since the epoch << 12 | the elapsed part of the current ms in 1/4096ths. */\n"
    "+  long now() {\n"
    "+    long nanos = originMillis * 1_000_000L + (System.nanoTime() - originNanos);\n"
    "+    long frac = (nanos % 1_000_000L) * 4096L / 1_000_000L;\n"
    "+    return (nanos / 1_000_000L) << 12 | frac;\n+  }\n+}\n"
    f"*** Update File: {_GEN}\n@@\n"
    "   private final RandomGenerator random;\n"
    "+  private final SubMillisClock clock = new SubMillisClock();\n@@\n"
    "   public UUID next() {\n"
    "-    long ts = millis.getAsLong();\n"
    "-    long msb = (ts << 16) | 0x7000L | (random.nextLong() & 0xFFFL); // ver 7, rand_a\n"
    "+    long t = clock.now(); // ms << 12 | sub-millisecond fraction\n"
    "+    long msb = (t >>> 12) << 16 | 0x7000L | (t & 0xFFFL); // ver 7, rand_a = fraction\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "ids: 10000  distinct ms: 3  out of order pairs: 0 of 9999\n"
    "first: 01a2406d-d0f2-7a13-8c51-e2d04b7f9a10  second: 01a2406d-d0f2-7a14-a7b3-1c6e90f2d845\n",
    command=["bash", "-lc", _ORDER],
)
s.say(
    "With the sub-millisecond fraction in rand_a, 0 of 9,999 pairs are out of order: "
    "consecutive ids now differ in rand_a (7a13, then 7a14)."
)
s.user(
    "No, not method 3. Our ids end up in public URLs and #377 took sub-millisecond time out of "
    "them on purpose, I don't want it back in. And anchoring nanoTime to one currentTimeMillis "
    "at startup drifts away from the wall clock on a box that's been up for weeks, nanoTime "
    "doesn't follow NTP. It also ignores the LongSupplier the tests inject. Use method 1: a "
    "12-bit counter in rand_a, seeded from the random each new millisecond with its top bit "
    "clear, plus one per id, and when it runs past 4095 move the timestamp on by 1 ms. Keep it "
    "inside Uuid7Generator, no helper class. Delete SubMillisClock.java and put Uuid7Generator "
    "back first."
)
s.call(
    "shell",
    "",
    "Deleting SubMillisClock.java and checking Uuid7Generator.java out again.",
    command=["bash", "-lc", f"rm {_CLOCK} && git checkout -- {_GEN} && git status --short"],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_GEN}\n",
    "Method 1 in Uuid7Generator: the counter seeded below 2048 each new millisecond, kept "
    "lock-free with an AtomicInteger and a volatile lastMillis.",
    input=f"*** Begin Patch\n*** Update File: {_GEN}\n@@\n"
    "+import java.util.concurrent.atomic.AtomicInteger;\n"
    " import java.util.function.LongSupplier;\n@@\n"
    "   private final RandomGenerator random;\n"
    "+  private final AtomicInteger counter = new AtomicInteger(); // rand_a, RFC 9562 Method 1\n"
    "+  private volatile long lastMillis = -1;\n@@\n"
    "   public UUID next() {\n"
    "-    long ts = millis.getAsLong();\n"
    "-    long msb = (ts << 16) | 0x7000L | (random.nextLong() & 0xFFFL); // ver 7, rand_a\n"
    "+    // never below the last timestamp: a clock that steps back (NTP) must not reorder ids\n"
    "+    long ts = Math.max(millis.getAsLong(), lastMillis);\n"
    "+    if (ts != lastMillis) {\n"
    "+      lastMillis = ts;\n"
    "+      counter.set(random.nextInt(2048)); // top bit clear: 2048+ ids of headroom\n"
    "+    }\n"
    "+    int seq = counter.getAndIncrement();\n"
    "+    if (seq > 0xFFF) { // past 4095: move the timestamp on by 1 ms\n"
    "+      ts = ++lastMillis;\n"
    "+      counter.set(random.nextInt(2048));\n"
    "+      seq = counter.getAndIncrement();\n"
    "+    }\n"
    "+    long msb = (ts << 16) | 0x7000L | seq; // ver 7, rand_a = counter\n"
    "*** End Patch\n",
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_TEST}\n",
    input=f"*** Begin Patch\n*** Update File: {_TEST}\n@@\n"
    "+  @Test\n+  void idsFromOneGeneratorStrictlyIncrease() {\n"
    "+    assertEquals(0, inversions(new Uuid7Generator(), 100_000));\n+  }\n+\n"
    "+  @Test\n+  void concurrentIdsKeepPerThreadOrder() throws Exception {\n"
    "+    var gen = new Uuid7Generator();\n"
    "+    var pool = Executors.newFixedThreadPool(8);\n"
    "+    var tasks = Collections.nCopies(8, (Callable<Integer>) () -> inversions(gen, 50_000));\n"
    "+    int bad = 0;\n"
    "+    for (var f : pool.invokeAll(tasks)) bad += f.get();\n"
    "+    pool.shutdown();\n"
    '+    assertEquals(0, bad, bad + " of 400000 ids sort before the id their thread made just '
    'before");\n'
    "+  }\n+\n"
    "+  private static int inversions(Uuid7Generator gen, int n) {\n"
    "+    int bad = 0;\n+    UUID prev = gen.next();\n"
    "+    for (int i = 1; i < n; i++) {\n"
    "+      UUID id = gen.next();\n"
    "+      if (id.compareTo(prev) <= 0) bad++;\n"
    "+      prev = id;\n+    }\n+    return bad;\n+  }\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    _failed(3, "6", "4 actionable tasks: 4 executed"),
    command=["bash", "-lc", "./gradlew test --console=plain 2>&1 | tail -40"],
)
s.call(
    "shell",
    _failed(5, "14", "5 actionable tasks: 5 executed", clean=True),
    "The SubMillisClock classes were built with the build cache on (org.gradle.caching=true in "
    "gradle.properties), and after the rm and checkout the test JVM may have run classes from a "
    "stale build cache. Cleaning and re-running every task with the cache off.",
    command=[
        "bash",
        "-lc",
        "./gradlew clean test --no-build-cache --rerun-tasks --console=plain 2>&1 | tail -40",
    ],
)
s.say(
    "Still failing from a clean build with the cache off, 5 this time, so it is the code, not "
    "the cache. The check of lastMillis and the reset of the counter are two separate steps: "
    "two threads entering a new millisecond both see ts != lastMillis, the first takes ids from "
    "its seed, and the second thread's counter.set() puts the counter back to a lower seed, so "
    "the first thread's next id in that millisecond sorts before its last one. The overflow "
    "branch races the same way. The timestamp and the counter have to change together, under "
    "one lock."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_GEN}\n",
    input=f"*** Begin Patch\n*** Update File: {_GEN}\n@@\n"
    "-import java.util.concurrent.atomic.AtomicInteger;\n"
    " import java.util.function.LongSupplier;\n@@\n"
    "-  private final AtomicInteger counter = new AtomicInteger(); // rand_a, RFC 9562 Method 1\n"
    "-  private volatile long lastMillis = -1;\n"
    "+  private final Object lock = new Object();\n"
    "+  private long lastMillis = -1; // guarded by lock\n"
    "+  private int counter; // rand_a, RFC 9562 Method 1; guarded by lock\n@@\n"
    "   public UUID next() {\n"
    "-    // never below the last timestamp: a clock that steps back (NTP) must not reorder ids\n"
    "-    long ts = Math.max(millis.getAsLong(), lastMillis);\n"
    "-    if (ts != lastMillis) {\n"
    "-      lastMillis = ts;\n"
    "-      counter.set(random.nextInt(2048)); // top bit clear: 2048+ ids of headroom\n"
    "-    }\n"
    "-    int seq = counter.getAndIncrement();\n"
    "-    if (seq > 0xFFF) { // past 4095: move the timestamp on by 1 ms\n"
    "-      ts = ++lastMillis;\n"
    "-      counter.set(random.nextInt(2048));\n"
    "-      seq = counter.getAndIncrement();\n"
    "-    }\n"
    "+    long ts;\n+    int seq;\n"
    "+    synchronized (lock) { // the timestamp and the counter change together (#412)\n"
    "+      // never below the last timestamp: a clock that steps back (NTP) must not reorder ids\n"
    "+      ts = Math.max(millis.getAsLong(), lastMillis);\n"
    "+      if (ts != lastMillis) {\n"
    "+        lastMillis = ts;\n"
    "+        counter = random.nextInt(2048); // top bit clear: 2048+ ids of headroom\n"
    "+      } else if (++counter > 0xFFF) { // past 4095: move the timestamp on by 1 ms\n"
    "+        ts = ++lastMillis;\n"
    "+        counter = random.nextInt(2048);\n"
    "+      }\n"
    "+      seq = counter;\n"
    "+    }\n"
    "     long msb = (ts << 16) | 0x7000L | seq; // ver 7, rand_a = counter\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "Results: SUCCESS (33 tests, 33 passed, 0 failed, 0 skipped)\n\n"
    "BUILD SUCCESSFUL in 8s\n4 actionable tasks: 4 executed\n"
    "ids: 10000  distinct ms: 4  out of order pairs: 0 of 9999\n"
    "first: 01a2406e-0417-7311-9d2a-4be07c15f3e8  second: 01a2406e-0417-7312-b86f-e3a59d0c7214\n",
    command=[
        "bash",
        "-lc",
        f"./gradlew test --console=plain 2>&1 | tail -4 && {_ORDER}",
    ],
)
s.call(
    "shell",
    "== v2.3.1 ==\n"
    "Benchmark          Mode  Cnt  Score   Error   Units\n"
    "Uuid7Bench.next   thrpt    5  4.188 \u00b1 0.072  ops/us\n"
    "Uuid7Bench.next8  thrpt    5  3.611 \u00b1 0.094  ops/us\n"
    "== HEAD ==\n"
    "Benchmark          Mode  Cnt  Score   Error   Units\n"
    "Uuid7Bench.next   thrpt    5  4.102 \u00b1 0.058  ops/us\n"
    "Uuid7Bench.next8  thrpt    5  3.472 \u00b1 0.101  ops/us\n",
    "Comparing throughput with 2.3.1 on the JMH benchmark (src/jmh/java/dev/lumen/chronoid/"
    "Uuid7Bench.java, one thread and eight).",
    command=[
        "bash",
        "-lc",
        "git worktree add -q /tmp/c231 v2.3.1 && for d in /tmp/c231 .; do "
        'echo "== $( [ $d = . ] && echo HEAD || echo v2.3.1 ) =="; (cd $d && ./gradlew -q jmh '
        "&& grep -A2 '^Benchmark' build/results/jmh/results.txt); done; "
        "git worktree remove /tmp/c231",
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM CHANGELOG.md\n",
    input="*** Begin Patch\n*** Update File: CHANGELOG.md\n@@\n # Changelog\n+\n"
    "+## 2.4.0 (unreleased)\n+\n"
    "+- Uuid7Generator: ids from one generator are strictly increasing, also within one "
    "millisecond and across threads: rand_a is a 12-bit counter (RFC 9562 Method 1) (#412).\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "[fix-412-monotonic-uuid7 5e1c9a2] Monotonic Uuid7Generator: a 12-bit counter in rand_a "
    "(#412)\n"
    " 3 files changed, 71 insertions(+), 4 deletions(-)\n"
    "https://github.com/lumen-dev/chronoid/pull/427\n",
    "All 33 tests pass; 0 of 9,999 pairs are out of order, and the lock costs about 2% on one "
    "thread (4.102 against 4.188 ops/us) and 4% on eight (3.472 against 3.611), where "
    "SecureRandom dominates. Committing and opening the PR.",
    command=[
        "bash",
        "-lc",
        "git checkout -b fix-412-monotonic-uuid7 && git add -A && git commit -m 'Monotonic "
        "Uuid7Generator: a 12-bit counter in rand_a (#412)' && git push -u origin HEAD && "
        "gh pr create --fill",
    ],
)
s.user(
    "Kenji reviewed #427:\n"
    "1. if the wall clock steps back (NTP slew, a VM resumed from suspend) next() must not hand "
    "out an id below the last one\n"
    "2. synchronized on every next() is a step back from 2.3.1, which was lock-free; throughput "
    "under contention will drop\n"
    "3. UlidGenerator.java has the same problem, ULIDs within one millisecond are random too\n"
    "4. there's no test for the counter overflow: freeze the clock, take 5,000 ids, check the "
    "timestamp moved on by exactly 1 ms and the order held\n"
    "Mine: 1 should already be handled by the Math.max, confirm. 2 answer him with the JMH "
    "numbers, SecureRandom is the cost and the lock barely shows. 3 is #431, separate PR. 4 "
    "yes, add it."
)
s.call(
    "shell",
    f"{_GEN}:30:      ts = Math.max(millis.getAsLong(), lastMillis);\n",
    command=["bash", "-lc", "git grep -n 'Math.max' -- src/main"],
)
s.call(
    "shell",
    "https://github.com/lumen-dev/chronoid/pull/427#issuecomment-2518734\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 427 --body-file /tmp/pr427.md"],
    body="(1) Already in: next() takes Math.max of the clock and the last timestamp "
    "(Uuid7Generator.java:30), so a clock that steps back keeps the last millisecond and the "
    "counter goes on. (2) JMH against v2.3.1: 4.102 vs 4.188 ops/us on one thread, 3.472 vs "
    "3.611 on eight; SecureRandom is the cost and the lock barely shows. (3) UlidGenerator is "
    "#431, a separate PR.",
)
s.say(
    "(1) needed no change: next() already keeps the last timestamp when the clock steps back "
    "(Math.max, Uuid7Generator.java:30). (2) is answered on #427 with the JMH numbers, and (3) "
    "is noted there. Next I'll port the same 12-bit counter to UlidGenerator.java so ULIDs "
    "from one generator are monotonic too, then push to #427."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Issue #412: ids from Uuid7Generator.next() made in the same millisecond do not "
             "sort in the order they were made, so cursor pagination (WHERE id > :cursor ORDER "
             "BY id) skips or repeats rows; make ids from one generator strictly increasing, "
             "across threads too, for chronoid 2.4.0.",
             must=(("same millisecond", "one millisecond", "out of order", "strictly increasing",
                    "sort in", "sorted", "#412"),
                   ("uuid7generator", "uuidv7", "v7", "uuid7", "ids")),
             partial_means="The ordering problem without which generator, or the issue number "
                           "alone.",
             wrong="Duplicate ids; a slow generator; a Postgres index problem."),
    Question("latest_request", "What did the user last ask?",
             "Kenji's review of PR #427 with the user's answers: (1) confirm Math.max already "
             "keeps ids from going back when the clock steps back; (2) answer with the JMH "
             "numbers (SecureRandom is the cost, the lock barely shows); (3) UlidGenerator is "
             "#431, a separate PR; (4) add the counter-overflow test (frozen clock, 5,000 ids, "
             "the timestamp moves on exactly 1 ms, order held).",
             must=(("overflow",),
                   ("#431", "ulid", "jmh", "math.max", "steps back", "securerandom")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "kenji", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Porting the counter to UlidGenerator now; going back to a lock-free "
                   "generator.",
             stale_means="The method-1 correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Kenji's fourth point: add the counter-overflow test to Uuid7GeneratorTest.java "
             "(a frozen clock through the package-private constructor, 5,000 ids, the "
             "timestamp moves on by exactly 1 ms and the order holds), run ./gradlew test, and "
             "push to PR #427. UlidGenerator.java is #431, a separate PR.",
             must=(("overflow",), ("frozen", "freeze", "5,000", "5000", "1 ms", "test")),
             stale=("ulidgenerator", "ulids", "nanotime", "--rerun-tasks", "--no-build-cache"),
             partial_means="The test without saying it is the overflow test, or only the push.",
             wrong="Making next() lock-free again; raising the counter to 16 bits.",
             stale_means="Says to port the counter to UlidGenerator.java (put off to #431 by "
                         "the user), to bring the nanoTime fraction back, or to clean and "
                         "re-run the build with the cache off."),
    Question("files_edited", "Which files were changed, and why?",
             "src/main/java/dev/lumen/chronoid/Uuid7Generator.java (rand_a is a 12-bit "
             "counter, seeded below 2048 each new millisecond, moving the timestamp on past "
             "4095, with Math.max against a clock stepping back, all under one lock); "
             "src/test/java/dev/lumen/chronoid/Uuid7GeneratorTest.java (the single-thread and "
             "the 8-thread ordering tests); CHANGELOG.md (the 2.4.0 entry). SubMillisClock.java "
             "was created and deleted; Uuid7Generator.java was checked out again before the "
             "counter.",
             must=(("uuid7generator.java",), ("uuid7generatortest.java",), ("changelog",)),
             stale=("submillisclock.java",),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="UlidGenerator.java or Uuid7Bench.java given as edited.",
             stale_means="SubMillisClock.java listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "RFC 9562 Method 1: rand_a is a 12-bit counter, seeded from the random with its "
             "top bit clear (below 2048) each new millisecond, plus one per id, moving the "
             "timestamp on by 1 ms past 4095, kept inside Uuid7Generator with the timestamp "
             "and counter under one synchronized lock; it rules out Method 3, a sub-millisecond "
             "fraction from System.nanoTime() in rand_a via SubMillisClock.java (public ids "
             "would carry sub-millisecond time again, which #377 removed; nanoTime anchored at "
             "startup drifts from the wall clock; it ignores the injected LongSupplier), and "
             "the lock-free AtomicInteger/volatile version.",
             must=(("counter",),
                   ("submillisclock", "nanotime", "sub-millisecond", "method 3")),
             stale=("sub-millisecond fraction", "nanotime", "method 3"),
             partial_means="The counter without what it rules out.",
             wrong="A random increment (Method 2); a 16-bit counter; a global static lock.",
             stale_means="A sub-millisecond fraction of System.nanoTime() in rand_a "
                         "(SubMillisClock, Method 3) given as the design."),
    Question("review", "What did the review find?",
             "Kenji on #427: (1) ids must not go back when the wall clock steps back (already "
             "done: Math.max); (2) synchronized on every next() may cost throughput against "
             "2.3.1's lock-free generator (answered on the PR with JMH: 4.102 vs 4.188 ops/us "
             "on one thread, 3.472 vs 3.611 on eight); (3) UlidGenerator.java has the same "
             "problem (#431); (4) no test of the counter overflow (pending).",
             must=(("steps back", "clock", "math.max", "backwards"),
                   ("synchronized", "lock", "throughput", "jmh"),
                   ("ulid", "#431"), ("overflow",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "kenji", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The failing concurrent test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not Method 3: the ids are in public URLs and #377 took sub-millisecond time out "
             "of them; nanoTime anchored to one currentTimeMillis drifts from the wall clock "
             "(no NTP); it ignores the tests' LongSupplier. Use Method 1, a 12-bit counter in "
             "rand_a seeded each new millisecond with its top bit clear, moving the timestamp "
             "on past 4095, inside Uuid7Generator with no helper class; delete "
             "SubMillisClock.java and restore Uuid7Generator first.",
             must=(("nanotime", "submillisclock", "sub-millisecond", "method 3"),
                   ("counter", "method 1")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No nanoTime fraction without what to do instead, or the reverse.",
             wrong="The stale-build-cache guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new test concurrentIdsKeepPerThreadOrder failed: 3 of 400000 ids sorted "
             "before the id their thread made just before; ./gradlew clean test "
             "--no-build-cache --rerun-tasks did not fix it (5 then), it was no stale build "
             "cache; the lock-free version's lastMillis check and counter.set() were separate "
             "steps, so a second thread entering a new millisecond reset the counter lower; "
             "fixed by a synchronized block over the timestamp and the counter. Earlier, 4,987 "
             "of 9,999 adjacent pairs out of order from random rand_a bits, fixed by the "
             "counter.",
             must=(("400000", "400,000", "sort before", "sorts before", "sorted before",
                    "concurrentidskeepperthreadorder", "per-thread"),
                   ("synchronized", "one lock", "single lock", "under a lock")),
             stale=("fixed by a clean build", "fixed by ./gradlew clean", "fixed by --rerun-tasks",
                    "fixed by re-running", "fixed by a re-run", "fixed by --no-build-cache",
                    "stale build cache"),
             partial_means="The failing concurrent test without its fix, or only the "
                           "out-of-order pairs of the issue.",
             wrong="A compile error after the delete; duplicate ids from SecureRandom.",
             stale_means="The concurrent test 'fixed' by ./gradlew clean test --no-build-cache "
                         "--rerun-tasks, or put down to a stale build cache."),
    Question("key_values", "Which key values matter?",
             "Issue #412, PR #427, #431 (UlidGenerator), #377; 4,987 of 9,999 pairs out of "
             "order before, 0 after; a 12-bit counter seeded below 2048, overflow past 4095; 3 "
             "then 5 of 400000 ids in the failing test; 31 tests before, 33 after; JMH 4.188 / "
             "4.102 ops/us (one thread), 3.611 / 3.472 (eight); chronoid 2.3.1, 2.4.0 next.",
             must=(("#412", "#427", "#431"),
                   ("4,987", "4987", "4095", "2048", "12-bit", "400,000", "400000", "33 tests",
                    "2.4.0", "4.102", "3.472")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "Uuid7Generator.java makes the version 7 UUIDs (next(), with a package-private "
             "constructor that lets the tests inject the clock and the random); "
             "Uuid7GeneratorTest.java holds its JUnit tests; UlidGenerator.java makes ULIDs "
             "(#431); src/jmh/.../Uuid7Bench.java is the JMH throughput benchmark; CHANGELOG.md "
             "holds the release notes.",
             must=(("uuid7generator.java",),
                   ("uuid7generatortest.java", "ulidgenerator.java", "uuid7bench.java",
                    "changelog"),
                   ("makes", "generates", "the generator", "tests", "junit", "benchmark",
                    "release notes", "changelog entry", "2.4.0 entry")),
             partial_means="The files named without what they hold.",
             wrong="SubMillisClock.java as the generator's clock."),
    Question("pending", "What work is still pending?",
             "The counter-overflow test (Kenji's 4), ./gradlew test and the push to #427; "
             "UlidGenerator later in #431.",
             must=(("overflow",), ("#431", "ulidgenerator", "ulid")),
             partial_means="The overflow test without the ULID ticket, or the reverse.",
             wrong="The Math.max check or the JMH reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #427 is open and pushed: rand_a is a 12-bit counter under one lock, 0 of "
             "9,999 pairs out of order, all 33 tests pass, JMH within 2-4% of 2.3.1; Kenji's 1 "
             "needed no change, 2 and 3 are answered on the PR; the overflow test is not "
             "written and nothing is pushed since.",
             must=(("33 tests", "33 passed", "tests pass"),
                   ("not written", "not pushed", "not yet", "overflow")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or 2.4.0 is released.",
             stale_means="Says rand_a holds a nanoTime fraction from SubMillisClock."),
)  # fmt: skip

PRODUCTION = """Summary so far: Issue #412: ids from Uuid7Generator.next() made in the same millisecond sorted at random (4,987 of 9,999 adjacent pairs out of order), because rand_a and rand_b were fresh random bits. I first put a sub-millisecond fraction from System.nanoTime() in rand_a through a new SubMillisClock.java (RFC 9562 method 3); the user ruled it out (public ids, #377 took sub-millisecond time out; nanoTime drifts from the wall clock), so SubMillisClock.java is deleted and Uuid7Generator.java was checked out again.
Decision: method 1, a 12-bit counter in rand_a, seeded below 2048 each new millisecond, +1 per id, moving the timestamp on 1 ms past 4095, all under one lock inside Uuid7Generator.
Error: the new concurrentIdsKeepPerThreadOrder test failed (3 of 400000 ids sorted before their thread's previous id); ./gradlew clean test --no-build-cache --rerun-tasks did not help (5); the lock-free AtomicInteger/volatile check-then-reset raced; fixed by a synchronized block over lastMillis and the counter.
Files: Uuid7Generator.java (the generator), Uuid7GeneratorTest.java (two ordering tests), CHANGELOG.md (2.4.0 entry).
State: all 33 tests pass; JMH within 4% of 2.3.1; PR #427 open.
Kenji's review: the clock stepping back already handled by Math.max; the lock's cost answered on the PR with JMH; UlidGenerator.java is #431, not this PR; the overflow test is pending, not written.
Next: add the overflow test (frozen clock, 5,000 ids, timestamp +1 ms, order held), run ./gradlew test, push to #427."""
