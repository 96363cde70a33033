"""Held out, second set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code: a memory leak in a Node WebSocket hub;
raising setMaxListeners and a WeakRef registry considered and rejected, the final design removes
each listener on disconnect; a heap-snapshot script created then deleted; a test error fixed in
vitest.config.ts, not by the re-run; the user corrects the reproduction; a review subagent finds
the error path and a timer; cleanup() written last, untested and uncommitted."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Claude Code, Anthropic's CLI for Claude. Working directory: /srv/notifier")
s.user(
    "The notifier service leaks memory in production: heap grows about 38 MB an hour until the "
    "pod is OOM-killed at 512 MB. Logs also show `MaxListenersExceededWarning: Possible "
    "EventEmitter memory leak detected. 11 message listeners added to [RedisClient]`. Find the "
    "leak and fix it."
)
s.call(
    "Read",
    "     1→import { WebSocketServer } from 'ws';\n     2→import { redis } from '../redis';\n"
    "     8→export function startHub(port = 8081) {\n"
    "     9→  const wss = new WebSocketServer({ port });\n"
    "    10→  wss.on('connection', (socket, req) => {\n"
    "    11→    const user = authenticate(req);\n"
    "    12→    const onMessage = (channel: string, msg: string) => {\n"
    "    13→      if (channel === `user:${user.id}`) socket.send(msg);\n    14→    };\n"
    "    15→    redis.on('message', onMessage);\n"
    "    16→    const presence = setInterval(() => redis.publish('presence', user.id), 30_000);\n"
    "    17→    socket.on('close', () => log.info('closed', user.id));\n    18→  });\n    19→}\n",
    file_path="/srv/notifier/src/ws/hub.ts",
)
s.say(
    "Every connection adds an onMessage listener to the shared redis client and nothing ever "
    "removes it, so each closed socket stays reachable from redis through its closure. That "
    "matches the MaxListenersExceededWarning. Before changing anything I'll confirm it with heap "
    "snapshots."
)
s.call(
    "Write",
    "File created successfully at: /srv/notifier/scripts/heap-snap.js",
    file_path="/srv/notifier/scripts/heap-snap.js",
    content="const v8 = require('v8');\nconst WebSocket = require('ws');\n"
    "async function burst(n) { /* send n messages over one socket */ }\n"
    "(async () => { v8.writeHeapSnapshot('before.heapsnapshot'); await burst(10000);\n"
    "  global.gc(); v8.writeHeapSnapshot('after.heapsnapshot'); })();\n",
)
s.user(
    "Careful: the heap grows per reconnect, not per message. Mobile clients reconnect every few "
    "minutes. Reproduce with 1,000 connect/disconnect cycles, not a message burst."
)
s.call(
    "Edit",
    "The file /srv/notifier/scripts/heap-snap.js has been updated.",
    file_path="/srv/notifier/scripts/heap-snap.js",
    old_string="await burst(10000);",
    new_string="for (let i = 0; i < 1000; i++) { const ws = await connect(8081); ws.close(); }",
)
s.call(
    "Bash",
    "Wrote before.heapsnapshot (41.2 MB heap)\nWrote after.heapsnapshot (87.9 MB heap)\n"
    "Top retained by constructor: Closure (onMessage) x1000 via RedisClient._events.message\n"
    "Timeout x1000 (presence)",
    command="node --expose-gc scripts/heap-snap.js && node scripts/diff-snapshots.js "
    "before.heapsnapshot after.heapsnapshot",
    description="Heap snapshots around 1,000 reconnects",
)
s.say(
    "Confirmed: after 1,000 reconnects the heap went from 41.2 MB to 87.9 MB and 1000 onMessage "
    "closures are retained through RedisClient._events.message. Options:\n"
    "1. Raise redis.setMaxListeners(0): silences the warning and leaks exactly as before. No.\n"
    "2. Keep sockets in a WeakRef registry with a FinalizationRegistry that removes the "
    "listener once the socket is collected: non-deterministic, and the listener itself keeps "
    "the socket alive, so it may never be collected. Rejected.\n"
    "3. Remove the listener explicitly when the socket disconnects: "
    "redis.off('message', onMessage) in the socket's close handler. That's the fix."
)
s.call(
    "Edit",
    "The file /srv/notifier/src/ws/hub.ts has been updated.",
    file_path="/srv/notifier/src/ws/hub.ts",
    old_string="    socket.on('close', () => log.info('closed', user.id));\n",
    new_string="    socket.on('close', () => {\n      redis.off('message', onMessage);\n"
    "      log.info('closed', user.id);\n    });\n",
)
s.call(
    "Write",
    "File created successfully at: /srv/notifier/test/leak.test.ts",
    file_path="/srv/notifier/test/leak.test.ts",
    content="import { test, expect } from 'vitest';\n"
    "test('1000 reconnects leave no redis listeners', async () => {\n"
    "  const hub = startHub(0);\n  for (let i = 0; i < 1000; i++) await connectAndClose(hub);\n"
    "  gc();\n  expect(redis.listenerCount('message')).toBe(0);\n"
    "  expect(process.memoryUsage().heapUsed - baseline).toBeLessThan(5 * 1024 * 1024);\n});\n",
)
s.call(
    "Bash",
    " FAIL  test/leak.test.ts > 1000 reconnects leave no redis listeners\n"
    "ReferenceError: gc is not defined\n ❯ test/leak.test.ts:5:3\n"
    " Test Files  1 failed | 23 passed (24)",
    command="npx vitest run",
    description="Run the test suite",
)
s.say(
    "gc() only exists when node runs with --expose-gc, and vitest runs tests in worker threads "
    "that don't get it. vitest.config.ts needs pool: 'forks' with "
    "poolOptions.forks.execArgv: ['--expose-gc'] so each test process is started with the flag."
)
s.call(
    "Edit",
    "The file /srv/notifier/vitest.config.ts has been updated.",
    file_path="/srv/notifier/vitest.config.ts",
    old_string="  test: {\n    environment: 'node',\n",
    new_string="  test: {\n    environment: 'node',\n    pool: 'forks',\n"
    "    poolOptions: { forks: { execArgv: ['--expose-gc'] } },\n",
)
s.call(
    "Bash",
    " ✓ test/leak.test.ts (1 test) 4210ms\n Test Files  24 passed (24)\n Tests  131 passed (131)",
    command="npx vitest run",
    description="Run the test suite",
)
s.call(
    "Bash",
    "",
    command="rm scripts/heap-snap.js before.heapsnapshot after.heapsnapshot",
    description="Remove the heap snapshot script and snapshots",
)
s.say(
    "The leak test passes: 0 message listeners after 1,000 reconnects and the heap stays within "
    "5 MB. 131 tests pass. I removed scripts/heap-snap.js and the snapshots; test/leak.test.ts "
    "replaces them."
)
s.call(
    "Task",
    "Review of src/ws/hub.ts:\n1. redis.off runs only on 'close'. With ws 8.16.0 a socket that "
    "hits ECONNRESET emits 'error' and, on that path, no 'close' (fixed upstream in 8.17), so "
    "those connections still leak their listener.\n2. The presence setInterval (30 s) is never "
    "cleared; each closed connection keeps a live timer that publishes forever. The heap diff "
    "already showed Timeout x1000.\nSuggest one idempotent cleanup() called from both 'close' "
    "and 'error' that does redis.off and clearInterval(presence).",
    "Asking a reviewer subagent to check the fix before committing.",
    description="Review the leak fix",
    prompt="Review src/ws/hub.ts for anything that still leaks per connection.",
    subagent_type="code-reviewer",
)
s.user(
    "Good catches. Do the cleanup() the reviewer suggests, and add a test for the error path "
    "(a socket destroyed with ECONNRESET). Don't bump ws to 8.17 in this PR, the upgrade has its "
    "own ticket NOTIF-212."
)
s.call(
    "Edit",
    "The file /srv/notifier/src/ws/hub.ts has been updated.",
    file_path="/srv/notifier/src/ws/hub.ts",
    old_string="    socket.on('close', () => {\n      redis.off('message', onMessage);\n"
    "      log.info('closed', user.id);\n    });\n",
    new_string="    let cleaned = false;\n    const cleanup = () => {\n"
    "      if (cleaned) return;\n      cleaned = true;\n"
    "      redis.off('message', onMessage);\n      clearInterval(presence);\n"
    "      log.info('closed', user.id);\n    };\n"
    "    socket.on('close', cleanup);\n    socket.on('error', cleanup);\n",
)
s.say(
    "cleanup() is in place in src/ws/hub.ts: idempotent, called on both 'close' and 'error', "
    "removes the listener and clears the presence timer. Let me look at how test/leak.test.ts "
    "connects so the error-path test can reuse it:"
)
s.call(
    "Read",
    "     1→import { test, expect } from 'vitest';\n"
    "     2→test('1000 reconnects leave no redis listeners', async () => {\n"
    "     3→  const hub = startHub(0);\n"
    "     4→  for (let i = 0; i < 1000; i++) await connectAndClose(hub);\n",
    file_path="/srv/notifier/test/leak.test.ts",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Find and fix the notifier's memory leak (heap +38 MB/hour to OOM at 512 MB, "
             "MaxListenersExceededWarning on RedisClient).",
             must=(("leak",), ("notifier", "heap", "memory", "redis", "listener"))),
    Question("latest_request", "What did the user last ask?",
             "Implement the reviewer's idempotent cleanup() on close and error, add a test for "
             "the ECONNRESET error path, and don't bump ws to 8.17 (ticket NOTIF-212).",
             must=(("cleanup",), ("econnreset", "error path", "error-path")),
             stale_means="The first request (find the leak) or the reconnect correction."),
    Question("next_step", "What exactly is the next step?",
             "Write the error-path test in test/leak.test.ts (a socket destroyed with "
             "ECONNRESET leaves no listener and no timer), then run npx vitest run.",
             must=(("econnreset", "error path", "error-path"), ("test",)),
             stale=("look at how test/leak.test.ts connects", "do the cleanup()"),
             stale_means="Says to write cleanup() or read leak.test.ts: both done.",
             wrong="Bumping ws to 8.17, raising setMaxListeners."),
    Question("files_edited", "Which files were changed, and why?",
             "src/ws/hub.ts (listener removed on disconnect, then cleanup() on close and error "
             "with clearInterval); test/leak.test.ts (new: 1,000 reconnects leave 0 "
             "listeners); vitest.config.ts (pool forks, --expose-gc). scripts/heap-snap.js "
             "was created and deleted.",
             must=(("hub.ts",), ("leak.test.ts",), ("vitest.config.ts",)),
             stale=("heap-snap.js",), spread=True,
             stale_means="scripts/heap-snap.js listed as a file that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Remove the listener explicitly when the socket disconnects (now one cleanup()); "
             "rules out setMaxListeners(0) (hides the leak) and a WeakRef/FinalizationRegistry "
             "registry (non-deterministic).",
             must=(("redis.off", "remove the listener", "removes the listener", "cleanup",
                    "explicit"),
                   ("setmaxlisteners", "weakref", "finalizationregistry")),
             stale_means="WeakRef or setMaxListeners given as the fix."),
    Question("review", "What did the review find?",
             "redis.off ran only on 'close'; with ws 8.16.0 ECONNRESET emits 'error' without "
             "'close', so those still leak; and the 30 s presence setInterval is never cleared.",
             must=(("error", "econnreset"), ("interval", "presence", "timer"))),
    Question("corrections", "How did the user correct the agent?",
             "The heap grows per reconnect, not per message: reproduce with 1,000 "
             "connect/disconnect cycles, not a message burst. Also: don't bump ws in this PR.",
             must=(("reconnect", "connect/disconnect"), ("message", "1,000", "1000"))),
    Question("errors", "Which errors occurred, and what fixed each?",
             "ReferenceError: gc is not defined in test/leak.test.ts: vitest workers lack "
             "--expose-gc; fixed in vitest.config.ts with pool 'forks' and "
             "poolOptions.forks.execArgv ['--expose-gc'].",
             must=(("gc is not defined", "referenceerror"), ("vitest.config", "expose-gc",
                                                             "forks", "execargv")),
             stale=("fixed by npx vitest run", "fixed by running npx vitest",
                    "fixed by re-running"),
             stale_means="The error 'fixed' by the command that re-ran vitest."),
    Question("key_values", "Which key values matter?",
             "38 MB/hour, OOM at 512 MB; 1,000 reconnects took the heap 41.2 -> 87.9 MB; port "
             "8081; presence every 30 s; ws 8.16.0 (fix in 8.17, ticket NOTIF-212); 131 tests "
             "pass; heap bound 5 MB.",
             must=(("8.16.0", "8.17", "notif-212"), ("131", "87.9", "41.2", "38 mb")),
             spread=True),
    Question("file_roles", "What is each file for?",
             "src/ws/hub.ts runs the WebSocket hub (per-connection redis listener and presence "
             "timer); test/leak.test.ts the reconnect leak test; vitest.config.ts the test "
             "runner's pool and node flags.",
             must=(("hub.ts",), ("websocket", "connection", "listener"))),
    Question("pending", "What work is still pending?",
             "The ECONNRESET error-path test, running vitest on cleanup(), committing; the ws "
             "upgrade stays out (NOTIF-212).",
             must=(("econnreset", "error path", "error-path"), ("test",))),
    Question("state", "What is the state of the work?",
             "Leak found and the close-path fix verified (0 listeners after 1,000 reconnects, "
             "131 tests pass); cleanup() now covers close and error and clears the timer, but "
             "is untested, has no error-path test, and nothing is committed.",
             must=(("cleanup",), ("untested", "not tested", "not yet", "uncommitted",
                                  "not committed", "not run")),
             stale_means="Says cleanup() is tested or the work is committed."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The user reported a production memory leak in the notifier's WebSocket hub; the agent confirmed it with heap snapshots, fixed it, and a reviewer subagent found two more leaks that the agent is now fixing.

Summary:
1. Primary Request and Intent:
   Find and fix the notifier memory leak: heap grows about 38 MB/hour until OOM at 512 MB; logs show MaxListenersExceededWarning (11 message listeners on RedisClient). Latest request: implement the reviewer's cleanup() on both close and error, add a test for the ECONNRESET error path, and do not bump ws to 8.17 in this PR (ticket NOTIF-212).
2. Key Technical Concepts:
   - Each connection in src/ws/hub.ts added an onMessage listener to the shared redis client and never removed it; closed sockets stayed reachable through the closure.
   - Decision: remove the listener explicitly on disconnect (redis.off, now in cleanup()). Rejected: redis.setMaxListeners(0) only silences the warning; a WeakRef/FinalizationRegistry registry is non-deterministic and may never collect.
   - vitest runs tests in worker threads without --expose-gc unless pool 'forks' passes execArgv.
3. Files and Code Sections:
   - src/ws/hub.ts: edited; the WebSocket hub (port 8081). Per connection: redis 'message' listener and a 30 s presence setInterval. Now an idempotent cleanup() on 'close' and 'error' does redis.off('message', onMessage) and clearInterval(presence).
   - test/leak.test.ts: created; 1,000 connect/close cycles must leave 0 redis message listeners and heap growth under 5 MB.
   - vitest.config.ts: changed to pool: 'forks', poolOptions.forks.execArgv: ['--expose-gc'].
   - scripts/heap-snap.js: created for heap snapshots, then deleted with the .heapsnapshot files.
4. Errors and fixes:
   - ReferenceError: gc is not defined in test/leak.test.ts: vitest workers lacked --expose-gc; fixed in vitest.config.ts with pool 'forks' and execArgv ['--expose-gc']. Then 131 tests passed (24 files).
5. Problem Solving:
   Heap snapshots around 1,000 reconnects: heap 41.2 MB -> 87.9 MB, 1000 onMessage closures retained via RedisClient._events.message, Timeout x1000. The code-reviewer subagent found: redis.off ran only on 'close', but with ws 8.16.0 an ECONNRESET socket emits 'error' without 'close' (fixed in 8.17), so those still leak; and the presence interval is never cleared.
6. All user messages:
   - "The notifier service leaks memory in production: heap grows about 38 MB an hour ... Find the leak and fix it."
   - The user corrected the reproduction: "the heap grows per reconnect, not per message ... Reproduce with 1,000 connect/disconnect cycles, not a message burst."
   - "Good catches. Do the cleanup() the reviewer suggests, and add a test for the error path (a socket destroyed with ECONNRESET). Don't bump ws to 8.17 in this PR, the upgrade has its own ticket NOTIF-212."
7. Pending Tasks:
   - Add the ECONNRESET error-path test to test/leak.test.ts; run npx vitest run; commit.
8. Current Work:
   cleanup() is written in src/ws/hub.ts but untested: vitest has not run since, there is no error-path test yet, and nothing is committed.
9. Optional Next Step:
   Write the error-path test in test/leak.test.ts (destroy a socket with ECONNRESET, expect 0 listeners and the presence timer cleared), then run npx vitest run."""
