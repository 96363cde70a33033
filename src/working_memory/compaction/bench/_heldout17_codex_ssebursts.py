"""Held out, seventeenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, TypeScript/Fastify: the live build log page
(GET /builds/:id/events, server-sent events) shows nothing for about 38 s and then a burst
(RUN-317), because the customTypes regex in src/app.ts, widened for the CSV exports in #188,
matches text/event-stream, so @fastify/compress gzips the stream and zlib holds it until a 16 KB
chunk fills; a hand-rolled gzip with a Z_SYNC_FLUSH after every event in a new
src/sse/flushingGzip.ts (and compress: false on the route) written, then ruled out by the user
for excluding text/event-stream from customTypes plus X-Accel-Buffering: no; the file deleted
and the route's compress: false taken out again; a new vitest case that timed out because
app.inject() waits for a response that never ends, which a re-run with --testTimeout=20000 did
not fix and listening on port 0 with fetch did; a PR review with four points: one answered on
the PR (uncompressed bytes: only the last 500 lines on connect), one already done
(X-Accel-Buffering), one a ticket (deployEvents.ts, RUN-322), one pending (a `: ping`
heartbeat every 15 s for the ALB's 60 s idle timeout); the assistant's last words name the
right next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROUTE = "src/routes/buildEvents.ts"
_TEST = "test/buildEvents.test.ts"
_GZIP = "src/sse/flushingGzip.ts"
_TIMING = (
    'for enc in gzip identity; do echo "== Accept-Encoding: $enc =="; '
    'timeout 75 curl -sN -D /tmp/h.txt -H "Accept-Encoding: $enc" '
    "localhost:3000/builds/88123/events | ts -s '%s' | awk '{print $1}' | uniq -c | head -5; "
    "grep -i -E 'content-encoding|x-accel' /tmp/h.txt; done"
)

s = Script("You are Codex, a coding agent. cwd: /home/mei/runway-api")
s.user(
    "RUN-317: the live build log on /builds/:id shows nothing for the first 30-40 seconds and "
    "then dumps a whole screen at once, and after that it keeps coming in bursts. The runners "
    "post their lines fine (the lines are in Postgres within a second), so it's our SSE "
    "endpoint. Make the events reach the browser as they are published."
)
s.call(
    "shell",
    "import type { FastifyInstance } from 'fastify';\n"
    "import { PassThrough } from 'node:stream';\n"
    "import { subscribe } from '../logs/bus.js';\n\n"
    "const frame = (line: LogLine) => `id: ${line.seq}\\ndata: ${JSON.stringify(line)}\\n\\n`;\n\n"
    "export default async function buildEvents(app: FastifyInstance) {\n"
    "  app.get<{ Params: { id: string } }>('/builds/:id/events', async (req, reply) => {\n"
    "    const stream = new PassThrough();\n"
    "    for (const line of await app.logs.tail(req.params.id, 500)) stream.write(frame(line));\n"
    "    const off = subscribe(req.params.id, (line) => stream.write(frame(line)));\n"
    "    req.raw.on('close', () => { off(); stream.end(); });\n"
    "    reply.header('Cache-Control', 'no-cache').type('text/event-stream');\n"
    "    return reply.send(stream);\n  });\n}\n",
    command=["bash", "-lc", f"cat {_ROUTE}"],
)
s.call(
    "shell",
    "src/app.ts:4:import compress from '@fastify/compress';\n"
    "src/app.ts:31:  // text/csv exports are 40+ MB uncompressed (#188)\n"
    "src/app.ts:32:  await app.register(compress, { global: true, customTypes: "
    "/^text\\/|\\+json$|\\/json$/ });\n"
    '    "fastify": "^4.26.2",\n    "@fastify/compress": "^7.0.3",\n'
    '    "vitest": "^1.4.0",\n'
    "      Tests  57 passed (57)\n",
    command=[
        "bash",
        "-lc",
        "grep -n compress src/app.ts; grep -E '\"(fastify|@fastify/compress|vitest)\"' "
        "package.json; npx vitest run 2>&1 | grep 'Tests '",
    ],
)
s.call(
    "shell",
    "== Accept-Encoding: gzip ==\n   1000 38\n   1386 71\n"
    "content-encoding: gzip\n"
    "== Accept-Encoding: identity ==\n   1000 0\n      2 1\n      4 2\n      2 3\n      6 4\n",
    command=["bash", "-lc", _TIMING],
)
s.say(
    "It is compression, not the bus. customTypes in src/app.ts (/^text\\//, widened for the CSV "
    "exports in #188) also matches text/event-stream, so @fastify/compress pipes the stream "
    "through gzip, and zlib emits nothing until its 16 KB (16384-byte) output chunk fills. Log "
    "lines are ~120 bytes and compress about 8:1, so the 500-line tail and the live lines sit in "
    "the buffer for 38 s; with identity encoding they arrive at once. The fix that keeps "
    "compression on for the stream: set compress: false on the route and gzip it ourselves in "
    "a small src/sse/flushingGzip.ts that does a Z_SYNC_FLUSH after every event."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_GZIP}\nM {_ROUTE}\n",
    input=f"*** Begin Patch\n*** Add File: {_GZIP}\n"
    "+import { constants, createGzip } from 'node:zlib';\n"
    "+import type { FastifyReply, FastifyRequest } from 'fastify';\n+\n"
    "+// gzip that flushes after every SSE frame, so the browser gets each event at once\n"
    "+export function flushingGzip(req: FastifyRequest, reply: FastifyReply) {\n"
    "+  if (!/\\bgzip\\b/.test(req.headers['accept-encoding'] ?? '')) return null;\n"
    "+  const gzip = createGzip();\n"
    "+  reply.header('Content-Encoding', 'gzip').header('Vary', 'Accept-Encoding');\n"
    "+  return {\n+    gzip,\n"
    "+    write(frame: string) { gzip.write(frame); gzip.flush(constants.Z_SYNC_FLUSH); },\n"
    "+  };\n+}\n"
    f"*** Update File: {_ROUTE}\n@@\n"
    "-  app.get<{ Params: { id: string } }>('/builds/:id/events', async (req, reply) => {\n"
    "+  app.get<{ Params: { id: string } }>('/builds/:id/events', { compress: false }, "
    "async (req, reply) => {\n"
    "     const stream = new PassThrough();\n"
    "+    const gz = flushingGzip(req, reply);\n"
    "+    const send = gz ? (f: string) => gz.write(f) : (f: string) => stream.write(f);\n"
    "@@\n"
    "-    return reply.send(stream);\n"
    "+    return reply.send(gz ? stream.pipe(gz.gzip) : stream);\n"
    "*** End Patch\n",
)
s.user(
    "No hand-rolled gzip on the stream. A sync flush after every 120-byte event makes gzip "
    "nearly worthless, and it's one more thing to get wrong with Accept-Encoding and Vary. Fix "
    "the actual mistake: customTypes in src/app.ts must not match text/event-stream, make it "
    "/^text\\/(?!event-stream)|\\+json$|\\/json$/. And set X-Accel-Buffering: no on the build "
    "events response so the nginx in front doesn't buffer it either. Delete flushingGzip.ts."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nD {_GZIP}\nM src/app.ts\nM {_ROUTE}\n",
    "Deleting flushingGzip.ts, taking compress: false back off the route, and excluding "
    "text/event-stream in customTypes.",
    input=f"*** Begin Patch\n*** Delete File: {_GZIP}\n"
    "*** Update File: src/app.ts\n@@\n"
    "-  // text/csv exports are 40+ MB uncompressed (#188)\n"
    "-  await app.register(compress, { global: true, customTypes: /^text\\/|\\+json$|\\/json$/ });\n"
    "+  // text/csv exports are 40+ MB uncompressed (#188); never text/event-stream: zlib\n"
    "+  // holds SSE frames until 16 KB of output is ready (RUN-317)\n"
    "+  await app.register(compress, {\n+    global: true,\n"
    "+    customTypes: /^text\\/(?!event-stream)|\\+json$|\\/json$/,\n+  });\n"
    f"*** Update File: {_ROUTE}\n@@\n"
    "-  app.get<{ Params: { id: string } }>('/builds/:id/events', { compress: false }, "
    "async (req, reply) => {\n"
    "+  app.get<{ Params: { id: string } }>('/builds/:id/events', async (req, reply) => {\n"
    "     const stream = new PassThrough();\n"
    "-    const gz = flushingGzip(req, reply);\n"
    "-    const send = gz ? (f: string) => gz.write(f) : (f: string) => stream.write(f);\n"
    "@@\n"
    "-    reply.header('Cache-Control', 'no-cache').type('text/event-stream');\n"
    "-    return reply.send(gz ? stream.pipe(gz.gzip) : stream);\n"
    "+    reply.header('Cache-Control', 'no-cache').type('text/event-stream');\n"
    "+    reply.header('X-Accel-Buffering', 'no'); // nginx must not buffer the stream\n"
    "+    return reply.send(stream);\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "== Accept-Encoding: gzip ==\n   1000 0\n      2 1\n      4 2\n      2 3\n      6 4\n"
    "x-accel-buffering: no\n"
    "== Accept-Encoding: identity ==\n   1000 0\n      4 1\n      2 2\n      2 3\n      4 4\n"
    "x-accel-buffering: no\n",
    command=["bash", "-lc", _TIMING],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_TEST}\n",
    input=f"*** Begin Patch\n*** Update File: {_TEST}\n@@\n"
    "+  it('streams the first event uncompressed before the build ends', async () => {\n"
    "+    const app = await buildApp({ logs: fakeLogs(['compiling…']) });\n"
    "+    const res = await app.inject({\n"
    "+      method: 'GET', url: '/builds/1/events', headers: { 'accept-encoding': 'gzip' },\n"
    "+    });\n"
    "+    expect(res.headers['content-encoding']).toBeUndefined();\n"
    "+    expect(res.headers['x-accel-buffering']).toBe('no');\n"
    "+    expect(res.body).toContain('data: {\"seq\":1');\n"
    "+  });\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    f" \u276f {_TEST} (3 tests | 1 failed) 5021ms\n"
    f"   \u276f {_TEST} > build events > streams the first event uncompressed before the build "
    "ends\n     \u2192 Test timed out in 5000ms.\n"
    "If this is a long-running test, pass a timeout value as the last argument or configure it "
    'globally with "testTimeout".\n\n'
    " Test Files  1 failed (1)\n      Tests  1 failed | 2 passed (3)\n",
    command=["bash", "-lc", f"npx vitest run {_TEST} 2>&1 | tail -8"],
)
s.say(
    "The first run pays Vite's cold transform of the whole app on top of the test; re-running "
    "with a longer timeout."
)
s.call(
    "shell",
    f"   \u276f {_TEST} > build events > streams the first event uncompressed before the build "
    "ends\n     \u2192 Test timed out in 20000ms.\n\n"
    " Test Files  1 failed (1)\n      Tests  1 failed | 2 passed (3)\n   Duration  20.84s\n",
    command=["bash", "-lc", f"npx vitest run {_TEST} --testTimeout=20000 2>&1 | tail -6"],
)
s.say(
    "Not a slow start: app.inject() resolves only when the response ends, and an event stream "
    "for a running build never ends, so any timeout runs out. The test has to listen on port 0 "
    "and read the body with fetch, then abort once the first event is in."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_TEST}\n",
    input=f"*** Begin Patch\n*** Update File: {_TEST}\n@@\n"
    "-    const res = await app.inject({\n"
    "-      method: 'GET', url: '/builds/1/events', headers: { 'accept-encoding': 'gzip' },\n"
    "-    });\n"
    "-    expect(res.headers['content-encoding']).toBeUndefined();\n"
    "-    expect(res.headers['x-accel-buffering']).toBe('no');\n"
    "-    expect(res.body).toContain('data: {\"seq\":1');\n"
    "+    await app.listen({ port: 0 });\n"
    "+    const { port } = app.server.address() as AddressInfo;\n"
    "+    const ac = new AbortController();\n"
    "+    const res = await fetch(`http://127.0.0.1:${port}/builds/1/events`, {\n"
    "+      headers: { 'accept-encoding': 'gzip' }, signal: ac.signal,\n+    });\n"
    "+    expect(res.headers.get('content-encoding')).toBeNull();\n"
    "+    expect(res.headers.get('x-accel-buffering')).toBe('no');\n"
    "+    const first = await res.body!.getReader().read();\n"
    "+    expect(new TextDecoder().decode(first.value)).toContain('data: {\"seq\":1');\n"
    "+    ac.abort();\n+    await app.close();\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    " Test Files  9 passed (9)\n      Tests  58 passed (58)\n   Duration  3.41s\n\n"
    "> runway-api@2.14.0 typecheck\n> tsc --noEmit\n\n",
    command=["bash", "-lc", "npx vitest run 2>&1 | tail -3 && npm run typecheck"],
)
s.say(
    "text/event-stream is out of customTypes in src/app.ts, and the build events response "
    "sends X-Accel-Buffering: no; the 500-line tail arrives at once and live lines as they are "
    "published, gzip requested or not. The new test reads the stream over a real socket; 58 "
    "tests pass and tsc is clean."
)
s.call(
    "shell",
    "[run-317-sse-uncompressed 9c1e4b7] Do not gzip build event streams (RUN-317)\n"
    " 3 files changed, 41 insertions(+), 6 deletions(-)\n"
    "https://github.com/runway-ci/runway-api/pull/214\n",
    command=[
        "bash",
        "-lc",
        "git checkout -b run-317-sse-uncompressed && git add -A && git commit -m 'Do not gzip "
        "build event streams (RUN-317)' && git push -u origin HEAD && gh pr create --fill",
    ],
)
s.user(
    "Jonas reviewed #214:\n"
    "1. with event-stream out of customTypes a long build log goes out uncompressed; a 40 MB "
    "log is 40 MB to the browser\n"
    "2. set X-Accel-Buffering: no, or the nginx in front buffers the stream anyway\n"
    "3. src/routes/deployEvents.ts streams deploy events the same way and has no "
    "X-Accel-Buffering either\n"
    "4. a quiet step (a 3-minute docker push prints nothing) hits the ALB's 60 s idle timeout "
    "and the browser reconnects; send a `: ping` comment every 15 s\n"
    "Mine: 1 answer him: on connect the page gets only the last 500 lines, about 60 KB, then "
    "live lines as they come; the full log downloads from /builds/:id/log, which is still "
    "gzipped. 2 I think that's in, check. 3 is RUN-322, separate PR. 4 yes, add it."
)
s.call(
    "shell",
    f"{_ROUTE}:19:    reply.header('X-Accel-Buffering', 'no'); // nginx must not buffer the "
    "stream\n",
    command=["bash", "-lc", "git grep -n X-Accel-Buffering -- src"],
)
s.call(
    "shell",
    "https://github.com/runway-ci/runway-api/pull/214#issuecomment-2417730\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 214 --body-file /tmp/pr214.md"],
    body="(1) On connect the page streams only the last 500 lines (about 60 KB), then live "
    "lines; the full log still downloads gzipped from /builds/:id/log. (2) Already in: "
    "buildEvents.ts sets X-Accel-Buffering: no (line 19). (3) deployEvents.ts is RUN-322, a "
    "separate PR.",
)
s.say(
    "(2) needed no change: buildEvents.ts already sends X-Accel-Buffering: no (line 19). (1) is "
    "answered on #214 (500 lines, about 60 KB, on connect; the full log stays gzipped), and (3) "
    "is RUN-322."
)
s.say(
    "Next: add the heartbeat to src/routes/buildEvents.ts, a `: ping` comment every 15 s "
    "(setInterval, cleared when the client disconnects), with a vitest case on fake timers; "
    "then run npx vitest run and push to #214."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "RUN-317: the live build log (the SSE endpoint GET /builds/:id/events) shows "
             "nothing for 30-40 s and then arrives in bursts; make the events reach the browser "
             "as they are published.",
             must=(("burst", "nothing for", "delayed", "buffered", "buffering", "38 s"),
                   ("sse", "event stream", "event-stream", "build log", "run-317", "/events")),
             partial_means="The delay without which endpoint, or the ticket alone.",
             wrong="Runners failing to post log lines; a slow Postgres query."),
    Question("latest_request", "What did the user last ask?",
             "Jonas's review of PR #214 with the user's answers: (1) answer that on connect the "
             "page gets only the last 500 lines (about 60 KB) and the full log is still "
             "gzipped; (2) check X-Accel-Buffering is set; (3) deployEvents.ts is RUN-322, a "
             "separate PR; (4) add a `: ping` heartbeat every 15 s.",
             must=(("heartbeat", "ping", "idle timeout"),
                   ("run-322", "deployevents", "x-accel-buffering", "500 lines", "60 kb")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "jonas", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Fixing deployEvents.ts now; turning compression back on.",
             stale_means="The no-hand-rolled-gzip correction or the first request given as "
                         "the latest."),
    Question("next_step", "What exactly is the next step?",
             "Jonas's fourth point: add a `: ping` comment every 15 s to the stream in "
             "src/routes/buildEvents.ts (cleared on disconnect), with a vitest case on fake "
             "timers, run npx vitest run, and push to PR #214. deployEvents.ts is RUN-322, a "
             "separate PR.",
             must=(("heartbeat", "ping", "keep-alive", "keepalive"),
                   ("15 s", "15s", "15 seconds", "15-second", "every 15")),
             stale=("deployevents.ts", "flushinggzip", "z_sync_flush",
                    "testtimeout"),
             partial_means="The heartbeat without its interval, or only the push.",
             wrong="Raising the ALB idle timeout; turning compression back on for the stream.",
             stale_means="Says to set X-Accel-Buffering in deployEvents.ts (put off to RUN-322 "
                         "by the user), to gzip the stream with a sync flush, or to raise the "
                         "test timeout."),
    Question("files_edited", "Which files were changed, and why?",
             "src/app.ts (customTypes no longer matches text/event-stream); "
             "src/routes/buildEvents.ts (X-Accel-Buffering: no); test/buildEvents.test.ts (a "
             "test that reads the first event, uncompressed, over a real socket). "
             "src/sse/flushingGzip.ts was created and deleted; the route's compress: false was "
             "added and taken out again.",
             must=(("app.ts",), ("buildevents.ts",), ("buildevents.test.ts",)),
             stale=("flushinggzip.ts",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="package.json or deployEvents.ts given as edited.",
             stale_means="src/sse/flushingGzip.ts listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Event streams are not compressed: customTypes in src/app.ts becomes "
             "/^text\\/(?!event-stream)|\\+json$|\\/json$/ (CSV exports stay gzipped), and the "
             "route sends X-Accel-Buffering: no; it rules out keeping compression on the stream "
             "with a hand-rolled gzip that sync-flushes after every event (flushingGzip.ts, "
             "compress: false on the route).",
             must=(("customtypes", "event-stream", "not compressed", "uncompressed",
                    "no compression"),
                   ("flushinggzip", "hand-rolled gzip", "own gzip", "z_sync_flush",
                    "sync flush", "sync-flush")),
             stale=("flush after every event", "keeps compression on"),
             partial_means="The customTypes change without what it rules out.",
             wrong="Turning compression off for the whole app; a polling fallback.",
             stale_means="Gzipping the stream in flushingGzip.ts with a Z_SYNC_FLUSH after "
                         "every event given as the design."),
    Question("review", "What did the review find?",
             "Jonas on #214: (1) a long log now goes out uncompressed, 40 MB for a 40 MB log "
             "(answered: only the last 500 lines, about 60 KB, on connect; the full log is "
             "still gzipped); (2) set X-Accel-Buffering: no (already done); (3) deployEvents.ts "
             "has the same problem (RUN-322); (4) a `: ping` every 15 s for the ALB's 60 s idle "
             "timeout (pending).",
             must=(("uncompressed", "40 mb", "500 lines", "60 kb", "bytes"),
                   ("x-accel-buffering",), ("deployevents", "run-322", "deploy"),
                   ("heartbeat", "ping", "idle timeout")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "jonas", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The test timeout given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No hand-rolled gzip on the stream (a sync flush after every 120-byte event makes "
             "gzip nearly worthless, and it is easy to get wrong with Accept-Encoding and "
             "Vary); fix customTypes in src/app.ts so it does not match text/event-stream, set "
             "X-Accel-Buffering: no, and delete flushingGzip.ts.",
             must=(("hand-rolled gzip", "own gzip", "flushinggzip", "flushing gzip",
                    "sync flush", "sync-flush"),
                   ("customtypes", "event-stream", "x-accel-buffering")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No hand-rolled gzip without what to do instead, or the reverse.",
             wrong="The test timeout given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new test timed out (5000 ms) because app.inject() resolves only when the "
             "response ends and the event stream never ends; re-running with "
             "--testTimeout=20000 did not fix it (timed out in 20000 ms); fixed by listening "
             "on port 0 and reading the body with fetch, aborting after the first event. The "
             "bursts themselves: gzip from customTypes matching text/event-stream, fixed in "
             "src/app.ts.",
             must=(("timed out", "timeout", "inject"),
                   ("port 0", "listen", "fetch", "abortcontroller", "real socket")),
             stale=("fixed by a re-run", "fixed by re-running", "fixed by a longer timeout",
                    "fixed by raising the timeout", "fixed by --testtimeout", "cold transform"),
             partial_means="The timeout without its fix, or only the gzip bursts.",
             wrong="A TypeScript error; a crashed dev server.",
             stale_means="The test timeout 'fixed' by a re-run with --testTimeout=20000, or "
                         "put down to Vite's cold start."),
    Question("key_values", "Which key values matter?",
             "First event after 38 s with gzip; zlib's 16 KB (16384-byte) chunk; ~120-byte "
             "lines compressing ~8:1; 500-line tail (about 60 KB); 57 tests before, 58 after; "
             "ALB idle timeout 60 s, heartbeat 15 s; PR #214, #188; RUN-317, RUN-322; build "
             "88123.",
             must=(("#214", "run-317", "run-322"),
                   ("16 kb", "16384", "58 tests", "58 passed", "38 s", "57 tests")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/app.ts builds the Fastify app and registers @fastify/compress (customTypes); "
             "src/routes/buildEvents.ts is the SSE route GET /builds/:id/events (the 500-line "
             "tail, then live lines from the bus); test/buildEvents.test.ts tests it; "
             "src/routes/deployEvents.ts streams deploy events the same way.",
             must=(("buildevents.ts",), ("app.ts", "deployevents.ts", "buildevents.test.ts"),
                   ("registers", "sse", "event stream", "compress", "route", "streams",
                    "tests")),
             partial_means="The files named without what they hold.",
             wrong="flushingGzip.ts as the stream's compressor."),
    Question("pending", "What work is still pending?",
             "The `: ping` heartbeat every 15 s with its test (Jonas's 4), the vitest run and "
             "the push to #214; deployEvents.ts later in RUN-322.",
             must=(("heartbeat", "ping"), ("run-322", "deployevents")),
             partial_means="The heartbeat without the deploy-events ticket, or the reverse.",
             wrong="The uncompressed-bytes reply or the X-Accel-Buffering check as pending."),
    Question("state", "What is the state of the work?",
             "PR #214 is open: text/event-stream is out of customTypes, the route sends "
             "X-Accel-Buffering: no, events arrive as published, and all 58 tests pass; "
             "Jonas's 1 is answered on the PR, 2 already done, 3 is RUN-322; the heartbeat is "
             "not written and nothing is pushed since.",
             must=(("58 tests", "58 passed", "tests pass"),
                   ("not written", "not pushed", "not yet", "heartbeat")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or deployEvents.ts is fixed.",
             stale_means="Says the stream is gzipped by flushingGzip.ts."),
)  # fmt: skip

PRODUCTION = """Summary so far: RUN-317: the live build log (SSE, GET /builds/:id/events) showed nothing for 38 s, then bursts. Cause: customTypes in src/app.ts (widened for CSV exports in #188) matched text/event-stream, so @fastify/compress gzipped the stream and zlib held it until a 16 KB chunk filled. I first set compress: false on the route and gzipped it myself with a Z_SYNC_FLUSH per event in src/sse/flushingGzip.ts; the user ruled that out (a flush per 120-byte event makes gzip worthless), so the file is deleted and compress: false removed.
Decision: event streams are not compressed: customTypes is now /^text\\/(?!event-stream)|\\+json$|\\/json$/, instead of a hand-rolled gzip; the route sends X-Accel-Buffering: no for nginx.
Error: the new test timed out because app.inject() waits for the response to end and the stream never ends; a re-run with --testTimeout=20000 did not help; fixed by listening on port 0 and reading the body with fetch, then aborting.
Files: src/app.ts (registers compress), src/routes/buildEvents.ts (the SSE route), test/buildEvents.test.ts. All 58 tests pass; PR #214 open.
Jonas's review: uncompressed bytes answered on the PR (500 lines, about 60 KB, on connect); X-Accel-Buffering already in; deployEvents.ts is RUN-322, not this PR; a `: ping` heartbeat every 15 s for the ALB's 60 s idle timeout is pending, not written.
Next: add that heartbeat to buildEvents.ts with a fake-timer test, run vitest, push to #214."""
