"""Held out, twentieth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, TypeScript/NestJS 10
on Express (Node 20, Jest with supertest for the e2e tests): since Fleetpost moved its tracking
webhooks to API v3, 1,382 of 23,640 callbacks (5.8%) to POST /webhooks/fleetpost are rejected
with 401 "invalid signature" (TRK-214), because FleetpostSignatureGuard hashes
JSON.stringify(req.body), the parsed body serialised again, not the bytes Fleetpost signed (v3
escapes non-ASCII as \\uXXXX and writes decimals like 2.50); a stringifyLikeFleetpost() in a new
src/webhooks/fleetpost-json.ts written (171 of the 200 captured callbacks verify), then ruled
out by the user (no re-creating their serializer: a signature is over the bytes sent) for
Nest's rawBody: true and req.rawBody; the file deleted and the guard checked out again; the e2e
suite then answers 500 with TypeError [ERR_INVALID_ARG_TYPE] ... Received undefined at
Hmac.update, which deleting dist and the build info, npx jest --clearCache and a re-run did not
fix and replacing app.use(json({ limit: '2mb' })) in src/setup-app.ts with app.useBodyParser
(Nest skipped its own raw-body parser because a jsonParser was already registered) did; a
review with four points: one done already (lengths compared before timingSafeEqual), one
answered on the PR (rawBody stays global), one a ticket (replay protection, TRK-231), one still
to do (accept FLEETPOST_WEBHOOK_SECRET_PREVIOUS during a secret rotation); the assistant's last
words only report the reply, and name no step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_GUARD = "src/webhooks/fleetpost-signature.guard.ts"
_CTRL = "src/webhooks/fleetpost-webhook.controller.ts"
_JSON = "src/webhooks/fleetpost-json.ts"
_MAIN = "src/main.ts"
_SETUP = "src/setup-app.ts"
_CREATE = "test/utils/create-app.ts"
_E2E = "test/fleetpost-webhook.e2e-spec.ts"
_FIXTURES = "test/fixtures/fleetpost/rejected-200.ndjson"
_HOME = "/home/dev/hearthware-api"

_GUARD_HEAD = (
    "import {\n  CanActivate,\n  ExecutionContext,\n  Injectable,\n"
    "  UnauthorizedException,\n} from '@nestjs/common';\n"
)
_GUARD_BODY = (
    "import { ConfigService } from '@nestjs/config';\n"
    "import { createHmac, timingSafeEqual } from 'node:crypto';\n"
    "import type { Request } from 'express';\n\n"
    '/** Checks X-Fleetpost-Signature: "sha256=" and the hex HMAC-SHA256 of the body, keyed with '
    "our webhook secret. */\n"
    "@Injectable()\n"
    "export class FleetpostSignatureGuard implements CanActivate {\n"
    "  constructor(private readonly config: ConfigService) {}\n\n"
    "  canActivate(context: ExecutionContext): boolean {\n"
    "    const req = context.switchToHttp().getRequest<Request>();\n"
    "    const header = req.header('x-fleetpost-signature');\n"
    "    if (!header) {\n      throw new UnauthorizedException('missing signature');\n    }\n"
    "    const secret = this.config.getOrThrow<string>('FLEETPOST_WEBHOOK_SECRET');\n"
    "    const expected = `sha256=${createHmac('sha256', secret)\n"
    "      .update(JSON.stringify(req.body))\n"
    "      .digest('hex')}`;\n"
    "    const given = Buffer.from(header);\n"
    "    const wanted = Buffer.from(expected);\n"
    "    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {\n"
    "      throw new UnauthorizedException('invalid signature');\n    }\n"
    "    return true;\n  }\n}\n"
)
_GUARD_SRC = _GUARD_HEAD + _GUARD_BODY
# The guard as committed: it hashes the bytes Nest kept in req.rawBody.
_GUARD_FINAL = _GUARD_HEAD.replace(
    "  Injectable,\n", "  Injectable,\n  RawBodyRequest,\n"
) + _GUARD_BODY.replace("getRequest<Request>()", "getRequest<RawBodyRequest<Request>>()").replace(
    "      .update(JSON.stringify(req.body))\n",
    "      .update(req.rawBody) // the exact bytes Fleetpost signed\n",
)


def _line(src: str, text: str) -> int:
    return next(i for i, line in enumerate(src.splitlines(), 1) if text in line)


_UPDATE_AT = _line(_GUARD_FINAL, ".update(req.rawBody)")
_COMPARE_AT = _line(_GUARD_FINAL, "!timingSafeEqual(given, wanted)")
_IMPORT_AT = _line(_GUARD_FINAL, "timingSafeEqual } from")

_CTRL_GREP = (
    f"{_CTRL}:12:@Controller('webhooks/fleetpost')\n"
    f"{_CTRL}:13:@UseGuards(FleetpostSignatureGuard)\n"
    f"{_CTRL}:19:  async receive(@Body() event: FleetpostEvent): Promise<void> {{\n"
    f"{_CTRL}:20:    await this.tracking.apply(event);\n"
)

# Two of the captured callbacks, as Fleetpost sent them and as JSON.stringify writes them again.
_SENT_1 = (
    '{"event_id":"evt_01JCXK4R9T","type":"delivered","parcel_id":"FP-7730-2281-09",'
    '"recipient":{"name":"J\\u00fcrgen M\\u00fcller","city":"M\\u00fcnchen"},'
    '"occurred_at":"2026-11-12T09:14:51Z"}'
)
_OURS_1 = (
    '{"event_id":"evt_01JCXK4R9T","type":"delivered","parcel_id":"FP-7730-2281-09",'
    '"recipient":{"name":"J\u00fcrgen M\u00fcller","city":"M\u00fcnchen"},'
    '"occurred_at":"2026-11-12T09:14:51Z"}'
)
_SENT_2 = (
    '{"event_id":"evt_01JCXM0B2D","type":"picked_up","parcel_id":"FP-7730-4410-51",'
    '"weight_kg":2.50,"occurred_at":"2026-11-12T11:02:37Z"}'
)
_OURS_2 = _SENT_2.replace("2.50", "2.5")
_SENT_3 = (
    '{"event_id":"evt_01JCXQ7H5W","type":"delivered","parcel_id":"FP-7731-0095-13",'
    '"cod_amount":120.00,"currency":"EUR","occurred_at":"2026-11-12T15:48:09Z"}'
)
_OURS_3 = _SENT_3.replace("120.00", "120")

_CHECK = (
    "node - <<'EOF'\n"
    "const fs = require('node:fs');\n"
    "const { createHmac } = require('node:crypto');\n"
    "const secret = fs.readFileSync('.env.test', 'utf8').match(/^FLEETPOST_WEBHOOK_SECRET=(.*)$/m)"
    "[1];\n"
    "const sign = (s) => 'sha256=' + createHmac('sha256', secret).update(s).digest('hex');\n"
    f"const all = fs.readFileSync('{_FIXTURES}', 'utf8').trim().split('\\n')"
    ".map((l) => JSON.parse(l));\n"
    "const again = (c) => JSON.stringify(JSON.parse(c.body));\n"
    "console.log(`HMAC over the bytes sent: ${all.filter((c) => sign(c.body) === c.signature)"
    ".length} of ${all.length} match`);\n"
    "console.log(`HMAC over JSON.stringify(JSON.parse(body)): ${all.filter((c) => "
    "sign(again(c)) === c.signature).length} of ${all.length} match`);\n"
    "console.log(`non-ASCII escaped as \\\\uXXXX: ${all.filter((c) => /\\\\u[0-9a-f]{4}/"
    ".test(c.body)).length}`);\n"
    "console.log(`decimal with a trailing zero: ${all.filter((c) => /\\d\\.\\d*0[,}]/.test(c.body))"
    ".length}`);\n"
    "for (const c of [all[0], all[57]]) console.log(`sent: ${c.body}\\nours: ${again(c)}`);\n"
    "EOF"
)

_CHECK_JSON = (
    "npx ts-node -T <<'EOF'\n"
    "import { readFileSync } from 'node:fs';\n"
    "import { createHmac } from 'node:crypto';\n"
    "import { stringifyLikeFleetpost } from './src/webhooks/fleetpost-json';\n"
    "const secret = readFileSync('.env.test', 'utf8').match(/^FLEETPOST_WEBHOOK_SECRET=(.*)$/m)!"
    "[1];\n"
    "const sign = (s: string) => 'sha256=' + createHmac('sha256', secret).update(s)"
    ".digest('hex');\n"
    f"const all = readFileSync('{_FIXTURES}', 'utf8').trim().split('\\n')"
    ".map((l) => JSON.parse(l));\n"
    "const ours = (c: { body: string }) => stringifyLikeFleetpost(JSON.parse(c.body));\n"
    "const bad = all.filter((c) => sign(ours(c)) !== c.signature);\n"
    "console.log(`stringifyLikeFleetpost: ${all.length - bad.length} of ${all.length} match`);\n"
    "for (const c of bad.slice(0, 2)) console.log(`sent: ${c.body}\\nours: ${ours(c)}`);\n"
    "EOF"
)

_SETUP_OLD = (
    "import { INestApplication, ValidationPipe } from '@nestjs/common';\n"
    "import { json, urlencoded } from 'express';\n\n"
    "/** What main.ts and the e2e app share: the pipes, the body limits, shutdown hooks. */\n"
    "export function setupApp(app: INestApplication): void {\n"
    "  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));\n"
    "  // the bulk order imports (POST /orders/import) send up to 2 MB of JSON\n"
    "  app.use(json({ limit: '2mb' }));\n"
    "  app.use(urlencoded({ extended: true, limit: '2mb' }));\n"
    "  app.enableShutdownHooks();\n"
    "}\n"
)
_SETUP_NEW = (
    "import { ValidationPipe } from '@nestjs/common';\n"
    "import type { NestExpressApplication } from '@nestjs/platform-express';\n\n"
    "/** What main.ts and the e2e app share: the pipes, the body limits, shutdown hooks. */\n"
    "export function setupApp(app: NestExpressApplication): void {\n"
    "  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));\n"
    "  // the bulk order imports (POST /orders/import) send up to 2 MB of JSON. useBodyParser,\n"
    "  // not app.use(json()): Nest leaves out its own parser, the one that keeps req.rawBody\n"
    "  // for the webhook signatures, when a jsonParser is registered already.\n"
    "  app.useBodyParser('json', { limit: '2mb' });\n"
    "  app.useBodyParser('urlencoded', { extended: true, limit: '2mb' });\n"
    "  app.enableShutdownHooks();\n"
    "}\n"
)

_E2E_CMD = "npm run test:e2e -- fleetpost"
_E2E_HEAD = "\n> hearthware-api@1.42.0 test:e2e\n> jest --config ./test/jest-e2e.json fleetpost\n\n"
_NEST_ERROR = (
    '[Nest] {pid}  - 11/18/2026, {time}   ERROR [ExceptionsHandler] The "data" argument '
    "must be of type string or an instance of Buffer, TypedArray, or DataView. Received "
    "undefined\n"
    'TypeError [ERR_INVALID_ARG_TYPE]: The "data" argument must be of type string or an '
    "instance of Buffer, TypedArray, or DataView. Received undefined\n"
    "    at Hmac.update (node:internal/crypto/hash:113:11)\n"
    f"    at FleetpostSignatureGuard.canActivate ({_HOME}/{_GUARD}:{_UPDATE_AT}:8)\n"
    f"    at GuardsConsumer.tryActivate ({_HOME}/node_modules/@nestjs/core/guards/"
    "guards-consumer.js:15:34)\n"
    f"    at canActivateFn ({_HOME}/node_modules/@nestjs/core/router/"
    "router-execution-context.js:135:59)\n"
    f"    at {_HOME}/node_modules/@nestjs/core/router/router-execution-context.js:42:37\n"
    "[... the same error for 202 more requests ...]\n"
)
_E2E_FAIL = (
    " FAIL  test/fleetpost-webhook.e2e-spec.ts ({secs} s)\n"
    "  POST /webhooks/fleetpost\n"
    "    \u2715 accepts a signed delivered callback (41 ms)\n"
    "    \u2713 rejects a callback without a signature (6 ms)\n"
    "    \u2715 accepts captured callback #0 (4 ms)\n"
    "    \u2715 accepts captured callback #1 (3 ms)\n"
    "    [... \u2715 accepts captured callback #2 to #198 ...]\n"
    "    \u2715 accepts captured callback #199 (3 ms)\n"
    "    \u2715 rejects a captured callback whose body was changed (3 ms)\n"
    "    \u2715 rejects a callback with a truncated signature (5 ms)\n\n"
    "  \u25cf POST /webhooks/fleetpost \u203a accepts a signed delivered callback\n\n"
    '    expected 204 "No Content", got 500 "Internal Server Error"\n\n'
    "      at Test._assertStatus (../node_modules/supertest/lib/test.js:252:14)\n"
    "      at ../node_modules/supertest/lib/test.js:308:17\n\n"
    "  [... 202 more failures: expected 204 or 401, got 500 ...]\n\n"
    "Test Suites: 1 failed, 1 total\n"
    "Tests:       203 failed, 1 passed, 204 total\n"
    "Snapshots:   0 total\n"
    "Time:        {secs} s\n"
    "Ran all test suites matching /fleetpost/i.\n"
)

# The e2e tests the user asked for: the 200 captured callbacks, sent as Fleetpost sent them.
_CAPTURED_TESTS = (
    "  const captured = readFileSync(join(__dirname, 'fixtures/fleetpost/rejected-200.ndjson'), "
    "'utf8')\n"
    "    .trim()\n    .split('\\n')\n"
    "    .map((line) => JSON.parse(line) as { signature: string; body: string });\n\n"
    "  it.each(captured.map((c, i) => [i, c] as const))(\n"
    "    'accepts captured callback #%i',\n"
    "    async (_, c) => {\n"
    "      await request(app.getHttpServer())\n"
    "        .post('/webhooks/fleetpost')\n"
    "        .set('Content-Type', 'application/json')\n"
    "        .set('X-Fleetpost-Signature', c.signature)\n"
    "        .send(c.body) // a string: supertest sends it byte for byte\n"
    "        .expect(204);\n    },\n  );\n\n"
    "  it('rejects a captured callback whose body was changed', async () => {\n"
    "    const c = captured[0];\n"
    "    await request(app.getHttpServer())\n"
    "      .post('/webhooks/fleetpost')\n"
    "      .set('Content-Type', 'application/json')\n"
    "      .set('X-Fleetpost-Signature', c.signature)\n"
    "      .send(c.body.replace('\"delivered\"', '\"returned\"'))\n"
    "      .expect(401);\n  });\n\n"
    "  it('rejects a callback with a truncated signature', async () => {\n"
)

s = Script(
    "You are a coding assistant working in the hearthware-api repository (NestJS 10 on Express, "
    "Node 20, TypeORM on PostgreSQL, @nestjs/config, Jest with ts-jest for the unit tests and "
    "supertest for the e2e tests, npm). You can read, write, edit and delete files and run "
    "shell commands through the tools you are given."
)
s.user(
    "TRK-214: Fleetpost tracking callbacks are being rejected. Since we moved our Fleetpost "
    "webhooks to their API v3 on 4 November, 1,382 of the 23,640 callbacks to POST "
    '/webhooks/fleetpost got a 401 "invalid signature" (5.8%). Fleetpost retries 5 times over '
    '2 hours and then drops the event, so those parcels stay "in transit" on the customer\'s '
    "order page long after delivery; support has 61 tickets about it. Fleetpost says "
    "X-Fleetpost-Signature is sha256= plus the hex HMAC-SHA256 of the exact request body, keyed "
    "with our webhook secret, and their logs show they sign correctly. They re-sent 200 of the "
    "rejected callbacks byte for byte, signed with our sandbox secret (the "
    f"FLEETPOST_WEBHOOK_SECRET in .env.test); they're in {_FIXTURES}, one "
    '{"signature", "body"} per line. Find out why and fix it.'
)
s.call(
    "run_command",
    f"$ cat {_GUARD}\n{_GUARD_SRC}\n"
    f"$ grep -n 'Controller\\|UseGuards\\|receive\\|tracking' {_CTRL}\n" + _CTRL_GREP,
    command=f"cat {_GUARD} && grep -n 'Controller\\|UseGuards\\|receive\\|tracking' {_CTRL}",
)
s.call(
    "run_command",
    f"$ {_CHECK}\n"
    "HMAC over the bytes sent: 200 of 200 match\n"
    "HMAC over JSON.stringify(JSON.parse(body)): 0 of 200 match\n"
    "non-ASCII escaped as \\uXXXX: 171\n"
    "decimal with a trailing zero: 29\n"
    f"sent: {_SENT_1}\nours: {_OURS_1}\n"
    f"sent: {_SENT_2}\nours: {_OURS_2}\n",
    "The guard does not hash the request body it received: it hashes JSON.stringify(req.body), "
    "the body Express has already parsed, serialised again. That gives the same bytes only if "
    "Fleetpost writes JSON exactly as JSON.stringify does. Checking the 200 captured callbacks "
    "both ways.",
    command=_CHECK,
)
s.call(
    "write_file",
    f"Wrote {_JSON} (10 lines)",
    "That is the cause: an HMAC over the bytes sent matches all 200, one over JSON.stringify of "
    "the parsed body matches none. Fleetpost's v3 serializer escapes non-ASCII characters as "
    "\\uXXXX (171 of the 200: J\\u00fcrgen M\\u00fcller, M\\u00fcnchen) and writes decimals "
    "as they were given (2.50, 120.00: the other 29), while JSON.stringify writes M\u00fcller "
    "and 2.5. Plan: a stringifyLikeFleetpost() in a new src/webhooks/fleetpost-json.ts that "
    "serialises the way their v3 serializer does, JSON.stringify with every non-ASCII "
    "character escaped as \\uXXXX, and the guard hashes that instead.",
    path=_JSON,
    content="/**\n"
    " * JSON as Fleetpost's v3 serializer writes it: JSON.stringify, with every character\n"
    " * outside ASCII escaped as \\uXXXX. The signature guard hashes this to match their HMAC.\n"
    " */\n"
    "export function stringifyLikeFleetpost(value: unknown): string {\n"
    "  return JSON.stringify(value).replace(\n"
    "    /[\\u0080-\\uffff]/g,\n"
    "    (ch) => `\\\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,\n"
    "  );\n"
    "}\n",
)
s.call(
    "edit_file",
    f"Edited {_GUARD}: 2 hunks, +2 -1",
    path=_GUARD,
    edits=[
        {
            "old_string": "import type { Request } from 'express';\n",
            "new_string": "import type { Request } from 'express';\n"
            "import { stringifyLikeFleetpost } from './fleetpost-json';\n",
        },
        {
            "old_string": "      .update(JSON.stringify(req.body))\n",
            "new_string": "      .update(stringifyLikeFleetpost(req.body))\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ {_CHECK_JSON}\n"
    "stringifyLikeFleetpost: 171 of 200 match\n"
    f"sent: {_SENT_2}\nours: {_OURS_2}\n"
    f"sent: {_SENT_3}\nours: {_OURS_3}\n",
    command=_CHECK_JSON,
)
s.say(
    "With the guard hashing stringifyLikeFleetpost(req.body), 171 of the 200 captured callbacks "
    "verify. The 29 that fail all carry a decimal with a trailing zero (weight_kg 2.50, "
    "cod_amount 120.00): JSON.parse has made those 2.5 and 120 before the guard runs, so no "
    "serializer of the parsed body can write them back. I could parse the webhook route's "
    "bodies with lossless-json, which keeps every number as the text it came in, and have "
    "stringifyLikeFleetpost write those. Shall I do that?"
)
s.user(
    "No. Stop trying to re-create Fleetpost's serializer: the 29 already show it doesn't work, "
    "and the next change on their side (key order, a space after a colon) breaks it again. A "
    "signature is over the bytes that were sent, so check the HMAC over the raw request body, "
    "exactly as it arrived. Nest has this built in: NestFactory.create(AppModule, { rawBody: "
    "true }) and req.rawBody from RawBodyRequest. Do it in the e2e app as well, and add the 200 "
    "captured callbacks as an e2e test. Delete fleetpost-json.ts and put the guard back before "
    "you start."
)
s.call(
    "run_command",
    f"$ rm {_JSON} && git checkout -- {_GUARD} && git status --short\n?? test/fixtures/fleetpost/\n",
    command=f"rm {_JSON} && git checkout -- {_GUARD} && git status --short",
)
s.call(
    "edit_file",
    f"Edited {_MAIN}: 1 hunk, +2 -1",
    "fleetpost-json.ts is deleted and the guard is back as it was. Now rawBody: true where the "
    "app is created, so Nest keeps the bytes of each JSON body in req.rawBody as it parses it.",
    path=_MAIN,
    old="import { AppModule } from './app.module';\n"
    "import { setupApp } from './setup-app';\n\n"
    "async function bootstrap() {\n"
    "  const app = await NestFactory.create(AppModule);\n",
    new="import type { NestExpressApplication } from '@nestjs/platform-express';\n"
    "import { AppModule } from './app.module';\n"
    "import { setupApp } from './setup-app';\n\n"
    "async function bootstrap() {\n"
    "  const app = await NestFactory.create<NestExpressApplication>(AppModule, { rawBody: true "
    "});\n",
)
s.call(
    "edit_file",
    f"Edited {_CREATE}: 1 hunk, +3 -1",
    path=_CREATE,
    old="import { Test } from '@nestjs/testing';\n"
    "import { AppModule } from '../../src/app.module';\n"
    "import { setupApp } from '../../src/setup-app';\n\n"
    "export async function createApp(): Promise<INestApplication> {\n"
    "  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();\n"
    "  const app = moduleRef.createNestApplication();\n",
    new="import { Test } from '@nestjs/testing';\n"
    "import type { NestExpressApplication } from '@nestjs/platform-express';\n"
    "import { AppModule } from '../../src/app.module';\n"
    "import { setupApp } from '../../src/setup-app';\n\n"
    "export async function createApp(): Promise<INestApplication> {\n"
    "  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();\n"
    "  // as in main.ts: the webhook guards need req.rawBody\n"
    "  const app = moduleRef.createNestApplication<NestExpressApplication>({ rawBody: true });\n",
)
s.call(
    "write_file",
    f"Wrote {_GUARD} ({len(_GUARD_FINAL.splitlines())} lines)",
    "The guard now takes a RawBodyRequest and hashes req.rawBody, the Buffer of the body as it "
    "arrived, instead of JSON.stringify(req.body). The header check and the comparison stay "
    "as they were.",
    path=_GUARD,
    content=_GUARD_FINAL,
)
s.call(
    "edit_file",
    f"Edited {_E2E}: 2 hunks, +31 -0",
    "The e2e spec gets the 200 captured callbacks, each sent as the exact string Fleetpost "
    "sent, and a captured body with one word changed, which must get a 401.",
    path=_E2E,
    edits=[
        {
            "old_string": "import request from 'supertest';\n",
            "new_string": "import { readFileSync } from 'node:fs';\n"
            "import { join } from 'node:path';\n"
            "import request from 'supertest';\n",
        },
        {
            "old_string": "  it('rejects a callback with a truncated signature', async () => {\n",
            "new_string": _CAPTURED_TESTS,
        },
    ],
)
s.call(
    "run_command",
    f"$ {_E2E_CMD}\n"
    + _E2E_HEAD
    + _NEST_ERROR.format(pid="48211", time="10:42:07 AM")
    + _E2E_FAIL.format(secs="6.913"),
    command=_E2E_CMD,
)
_CLEAN = f"rm -rf dist tsconfig.build.tsbuildinfo && npx jest --clearCache && {_E2E_CMD}"
s.call(
    "run_command",
    f"$ {_CLEAN}\nCleared /tmp/jest_rs\n"
    + _E2E_HEAD
    + _NEST_ERROR.format(pid="48790", time="10:44:31 AM")
    + _E2E_FAIL.format(secs="9.208"),
    "req.rawBody is undefined in the guard, as if the app had been created without rawBody: "
    "true, yet main.ts and create-app.ts both pass it now. ts-jest keeps the files it compiled "
    "in jest's cache, and the build info can stop tsc from emitting again, so this looks like "
    "stale compiled output: a create-app.ts compiled before the edit. Deleting dist and the "
    "build info, clearing jest's cache and running the suite again.",
    command=_CLEAN,
)
_GREP = 'grep -rn "json(\\|urlencoded(\\|bodyParser\\|useBodyParser" src test/utils'
s.call(
    "run_command",
    f"$ {_GREP}\n"
    f"{_SETUP}:8:  app.use(json({{ limit: '2mb' }}));\n"
    f"{_SETUP}:9:  app.use(urlencoded({{ extended: true, limit: '2mb' }}));\n",
    "The same 203 failures from a cold cache and a fresh compile, so it is not stale output. "
    "Nest fills req.rawBody from inside its own JSON parser; checking what else parses the "
    "request bodies.",
    command=_GREP,
)
s.call(
    "write_file",
    f"Wrote {_SETUP} ({len(_SETUP_NEW.splitlines())} lines)",
    "There it is: setupApp, which main.ts and create-app.ts both call, registers body-parser's "
    "json({ limit: '2mb' }) itself, for the 2 MB bulk order imports. Nest adds its own JSON "
    "parser, the one that keeps the raw bytes, only where no middleware named jsonParser is "
    "registered yet, so every body was parsed by ours and req.rawBody was never set. "
    "app.useBodyParser('json', { limit: '2mb' }) keeps the 2 MB limit and honours rawBody; "
    "setupApp takes a NestExpressApplication for it.",
    path=_SETUP,
    content=_SETUP_NEW,
)
s.call(
    "run_command",
    "$ npm run test:e2e && npm test\n\n"
    "> hearthware-api@1.42.0 test:e2e\n> jest --config ./test/jest-e2e.json\n\n"
    " PASS  test/fleetpost-webhook.e2e-spec.ts (7.204 s)\n"
    " PASS  test/orders-import.e2e-spec.ts\n"
    " PASS  test/orders.e2e-spec.ts\n"
    " PASS  test/shipments.e2e-spec.ts\n"
    " PASS  test/health.e2e-spec.ts\n\n"
    "Test Suites: 5 passed, 5 total\n"
    "Tests:       235 passed, 235 total\n"
    "Snapshots:   0 total\nTime:        14.882 s\nRan all test suites.\n\n"
    "> hearthware-api@1.42.0 test\n> jest\n\n"
    "Test Suites: 27 passed, 27 total\n"
    "Tests:       148 passed, 148 total\n"
    "Snapshots:   0 total\nTime:        9.316 s\nRan all test suites.\n",
    command="npm run test:e2e && npm test",
)
_PR = (
    "git checkout -b trk-214-raw-body-signature && git add -A && git commit -m 'Verify "
    "Fleetpost signatures over the raw request body (TRK-214)' && git push -u origin HEAD && "
    "gh pr create --fill"
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'trk-214-raw-body-signature'\n"
    "[trk-214-raw-body-signature 5d2a9e1] Verify Fleetpost signatures over the raw request "
    "body (TRK-214)\n"
    " 6 files changed, 241 insertions(+), 9 deletions(-)\n"
    f" create mode 100644 {_FIXTURES}\n"
    "branch 'trk-214-raw-body-signature' set up to track "
    "'origin/trk-214-raw-body-signature'.\n"
    "https://github.com/hearthware/hearthware-api/pull/517\n",
    "All 235 e2e tests pass, the 200 captured callbacks among them, and so do the 148 unit "
    "tests; orders-import still takes its 2 MB bodies. Committing, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Ines reviewed #517:\n"
    "1. timingSafeEqual throws a RangeError when the two buffers differ in length, so a "
    "truncated or garbage X-Fleetpost-Signature would be a 500, not a 401. Compare the lengths "
    "first.\n"
    "2. rawBody: true keeps a Buffer copy of every JSON body on every route, the 2 MB bulk "
    "order imports too. Can we capture the raw body on /webhooks only?\n"
    "3. There's no replay protection: a captured callback can be replayed forever. Fleetpost "
    "sends X-Fleetpost-Timestamp; reject anything older than 5 minutes.\n"
    "4. Fleetpost rotates the webhook secret every 90 days and keeps the old one valid for 24 "
    "hours, but the guard only knows FLEETPOST_WEBHOOK_SECRET, so on the day of every rotation "
    "we 401 whatever they still sign with the old one.\n\n"
    "My answers:\n"
    "1: I think the guard compares the lengths first already; check and tell her.\n"
    "2: it stays global. Reply that it's one Buffer per request, freed with the request, and "
    "the bulk import runs 3 times an hour; a parser of our own in front of Nest's for "
    "/webhooks is exactly what broke it in the first place.\n"
    "3: that's TRK-231, not this PR: Fleetpost only puts the timestamp into the signature from "
    "API v3.1, in January, and an unsigned timestamp proves nothing.\n"
    "4: yes, in this PR: read an optional FLEETPOST_WEBHOOK_SECRET_PREVIOUS, accept a "
    "signature that matches either secret, add it to .env.example, and test a callback signed "
    "with each."
)
_POINT1 = f"grep -n 'length\\|timingSafeEqual' {_GUARD} && {_E2E_CMD} -t 'truncated'"
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    f"{_IMPORT_AT}:import {{ createHmac, timingSafeEqual }} from 'node:crypto';\n"
    f"{_COMPARE_AT}:    if (given.length !== wanted.length || !timingSafeEqual(given, "
    "wanted)) {\n"
    + _E2E_HEAD.replace("fleetpost\n\n", "fleetpost -t truncated\n\n")
    + " PASS  test/fleetpost-webhook.e2e-spec.ts\n"
    "  POST /webhooks/fleetpost\n"
    "    \u25cb skipped accepts a signed delivered callback\n"
    "    \u25cb skipped rejects a callback without a signature\n"
    "    [... 201 more skipped ...]\n"
    "    \u2713 rejects a callback with a truncated signature (9 ms)\n\n"
    "Test Suites: 1 passed, 1 total\n"
    "Tests:       203 skipped, 1 passed, 204 total\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 517 --body-file /tmp/pr517.md\n"
    "https://github.com/hearthware/hearthware-api/pull/517#issuecomment-2251384\n",
    f"Point 1 is already in: line {_COMPARE_AT} of the guard compares the lengths before "
    "timingSafeEqual, and the truncated-signature e2e test gets its 401. Posting the reply to "
    "Ines: point 1 is covered by that test; rawBody stays on for every route, one Buffer per "
    "request freed with it, and a parser of our own ahead of Nest's is what broke the "
    "signatures; the timestamp check is TRK-231, since Fleetpost only signs it from API v3.1.",
    command="gh pr comment 517 --body-file /tmp/pr517.md",
)
s.say(
    "Replied to Ines on #517. Point 1 was in before her review: the guard compares the two "
    "lengths before the constant-time compare, and the truncated-signature e2e test gets its "
    "401. On point 2, the raw body stays captured for every route: one Buffer per request, "
    "freed with it, and a parser of our own in front of Nest's is what broke the signatures. "
    "Point 3 is TRK-231, since Fleetpost signs the timestamp only from API v3.1 in January."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "TRK-214: since Fleetpost moved the tracking webhooks to API v3 on 4 November, "
             "1,382 of 23,640 callbacks to POST /webhooks/fleetpost (5.8%) were rejected with "
             "401 'invalid signature' (Fleetpost drops them after 5 retries, the parcels stay "
             "in transit, 61 support tickets), because FleetpostSignatureGuard hashed "
             "JSON.stringify(req.body), the parsed body serialised again, not the bytes "
             "Fleetpost signed; find why and fix it.",
             must=(("invalid signature", "401", "signature mismatch", "rejected callbacks"),
                   ("trk-214", "fleetpost", "json.stringify")),
             partial_means="The rejected callbacks without their cause (the guard hashing a "
                           "re-serialised body), or the ticket alone.",
             wrong="Fleetpost signing with the wrong secret; a clock skew; a missing header."),
    Question("latest_request", "What did the user last ask?",
             "Ines's review of PR #517 with the user's answers: point 1 (lengths compared "
             "before timingSafeEqual, so a truncated signature gets 401, not a RangeError 500) "
             "should already be in, check and tell her; point 2, reply why rawBody stays "
             "global (one Buffer per request, a parser of our own ahead of Nest's is what "
             "broke it); point 3, replay protection with X-Fleetpost-Timestamp is TRK-231, not "
             "this PR; point 4, in this PR: read an optional FLEETPOST_WEBHOOK_SECRET_PREVIOUS, "
             "accept a signature that matches either secret, add it to .env.example and test a "
             "callback signed with each.",
             must=(("fleetpost_webhook_secret_previous", "secret_previous", "previous secret",
                    "either secret", "rotation"),
                   ("trk-231", "timingsafeequal", "truncated", "ines", "timestamp",
                    "replay")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ines", "answers"),
             partial_means="One of the points to act on, without the previous secret or "
                           "without the others.",
             wrong="Adding the timestamp check now; capturing the raw body on /webhooks "
                   "only.",
             stale_means="The raw-body correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Ines's point 4, the one left: in src/webhooks/fleetpost-signature.guard.ts read an "
             "optional FLEETPOST_WEBHOOK_SECRET_PREVIOUS beside FLEETPOST_WEBHOOK_SECRET and "
             "accept a signature that matches either (each compared with the length check and "
             "timingSafeEqual), add the variable to .env.example, add e2e tests for a callback "
             "signed with each secret, run npm run test:e2e and npm test, then commit and push "
             "to #517.",
             must=(("fleetpost_webhook_secret_previous", "secret_previous", "previous secret",
                    "either secret", "both secrets", "two secrets", "old secret"),
                   ("the guard", "fleetpost-signature.guard.ts", ".env.example", "e2e test",
                    "npm run test:e2e", "push")),
             stale=("x-fleetpost-timestamp", "replay protection", "older than 5 minutes",
                    "compare the lengths", "stringifylikefleetpost", "lossless-json",
                    "fleetpost-json.ts", "clearcache"),
             partial_means="Says to accept the previous secret without where or what then "
                           "(the guard, .env.example, the tests, the push), or to push "
                           "without it.",
             wrong="Capturing the raw body on /webhooks only; asking Fleetpost to change "
                   "their serializer.",
             stale_means="Says to add the X-Fleetpost-Timestamp replay check (put off by the "
                         "user to TRK-231), to compare the lengths before timingSafeEqual "
                         "(already in), or to go on with stringifyLikeFleetpost or "
                         "lossless-json (ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/webhooks/fleetpost-signature.guard.ts (a RawBodyRequest; the HMAC over "
             "req.rawBody instead of JSON.stringify(req.body)); src/main.ts and "
             "test/utils/create-app.ts (the app created with rawBody: true as a "
             "NestExpressApplication); src/setup-app.ts (app.useBodyParser('json' and "
             "'urlencoded', limit 2mb) instead of app.use(json(...)), which kept Nest's "
             "raw-body parser out); test/fleetpost-webhook.e2e-spec.ts (the 200 captured "
             "callbacks and a changed body rejected); test/fixtures/fleetpost/"
             "rejected-200.ndjson committed. src/webhooks/fleetpost-json.ts was created and "
             "deleted, and the guard checked out before its real change.",
             must=(("fleetpost-signature.guard.ts",), ("main.ts", "create-app.ts"),
                   ("setup-app.ts",), ("fleetpost-webhook.e2e-spec.ts", "e2e-spec")),
             stale=("fleetpost-json.ts",),
             spread=True,
             partial_means="Two or three of the files.",
             wrong="fleetpost-webhook.controller.ts or .env.example given as changed.",
             stale_means="fleetpost-json.ts (stringifyLikeFleetpost) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The guard verifies the HMAC over the raw request body, the exact bytes Fleetpost "
             "sent: the app is created with rawBody: true (main.ts and the e2e app) and the "
             "guard hashes req.rawBody from a RawBodyRequest; the 2 MB body limits are set "
             "with app.useBodyParser so that Nest's parser keeps the raw body. It rules out "
             "re-creating Fleetpost's serializer over the parsed body (stringifyLikeFleetpost "
             "in fleetpost-json.ts, escaping non-ASCII as \\uXXXX: 29 of 200 still failed on "
             "decimals like 2.50), parsing with lossless-json, and JSON.stringify(req.body).",
             must=(("rawbody", "raw body", "raw request body", "exact bytes", "bytes sent"),
                   ("stringifylikefleetpost", "fleetpost-json", "serializer", "json.stringify",
                    "lossless-json", "re-serialis")),
             stale=("stringifylikefleetpost", "lossless-json"),
             partial_means="The raw body without what it rules out, or the reverse.",
             wrong="Asking Fleetpost to sign JSON.stringify's output; dropping the signature "
                   "check.",
             stale_means="stringifyLikeFleetpost (re-serialising the parsed body with "
                         "non-ASCII escaped) or lossless-json given as the design."),
    Question("review", "What did the review find?",
             "Ines on #517: 1. timingSafeEqual throws a RangeError on buffers of different "
             "lengths, so a truncated signature would be a 500 (already in: the guard compares "
             "the lengths first, the truncated-signature e2e test gets a 401); 2. rawBody: "
             "true keeps a Buffer copy of every JSON body on every route, the 2 MB imports too "
             "(answered on the PR: it stays global, one Buffer per request); 3. no replay "
             "protection, reject an X-Fleetpost-Timestamp older than 5 minutes (put off to "
             "TRK-231: the timestamp is signed only from API v3.1); 4. the secret rotates "
             "every 90 days with the old one valid for 24 hours, the guard knows one secret "
             "(still to do in this PR: FLEETPOST_WEBHOOK_SECRET_PREVIOUS).",
             must=(("timingsafeequal", "rangeerror", "truncated", "length"),
                   ("rawbody", "raw body", "buffer"),
                   ("replay", "timestamp", "trk-231"),
                   ("rotat", "secret_previous", "previous secret", "old secret")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ines", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The ERR_INVALID_ARG_TYPE failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Stop re-creating Fleetpost's serializer (the 29 failing callbacks already show "
             "it does not work, and their next change would break it again): a signature is "
             "over the bytes that were sent, so check the HMAC over the raw request body with "
             "Nest's rawBody: true and req.rawBody (RawBodyRequest), in the e2e app too; add "
             "the 200 captured callbacks as an e2e test; delete fleetpost-json.ts and put the "
             "guard back first.",
             must=(("serializer", "stringifylikefleetpost", "fleetpost-json", "re-creat"),
                   ("rawbody", "raw body", "raw request body", "bytes")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no.", "stop", "wants", "ruled out"),
             partial_means="No re-created serializer without what to do instead, or the "
                           "reverse.",
             wrong="The ERR_INVALID_ARG_TYPE failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The production 401 'invalid signature': the guard hashed JSON.stringify(req.body), "
             "not the bytes sent; fixed by hashing req.rawBody. Then the fleetpost e2e suite "
             "failed, 203 of 204 tests answering 500 with TypeError [ERR_INVALID_ARG_TYPE]: The "
             "'data' argument must be of type string or an instance of Buffer... Received "
             "undefined at Hmac.update in the guard (req.rawBody undefined); deleting dist and "
             "tsconfig.build.tsbuildinfo, npx jest --clearCache and a re-run did not fix it "
             "(not stale compiled output); src/setup-app.ts registered body-parser's json({ "
             "limit: '2mb' }) itself, so Nest left out its own parser that keeps rawBody; "
             "fixed by app.useBodyParser('json', { limit: '2mb' }) (and 'urlencoded').",
             must=(("err_invalid_arg_type", "received undefined", "rawbody undefined",
                    "rawbody is undefined", "rawbody was undefined", "203 failed"),
                   ("usebodyparser", "setup-app.ts", "jsonparser")),
             stale=("fixed by clearing", "fixed by rm -rf dist", "fixed by deleting dist",
                    "fixed by npx jest --clearcache", "fixed by jest --clearcache",
                    "fixed by re-running", "fixed by a re-run", "stale compiled output"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A TypeORM connection error; Fleetpost's retries timing out.",
             stale_means="The ERR_INVALID_ARG_TYPE failures 'fixed' by deleting dist, npx jest "
                         "--clearCache or a re-run (stale compiled output)."),
    Question("key_values", "Which key values matter?",
             "1,382 of 23,640 callbacks (5.8%) rejected since 4 November; 61 support tickets; "
             "200 captured callbacks: 200 match over the bytes sent, 0 over JSON.stringify, "
             "171 with stringifyLikeFleetpost (29 with decimals like 2.50, 120.00); the 2mb "
             "body limit; 203 of 204 fleetpost e2e tests failing, then 235 e2e and 148 unit "
             "tests passing; secrets rotated every 90 days, old one valid 24 hours; PR #517; "
             "TRK-214 and TRK-231.",
             must=(("1,382", "23,640", "5.8%", "171 of 200", "29 of", "235 passed",
                    "235 e2e", "2mb", "61 tickets"),
                   ("#517", "trk-214", "trk-231")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/webhooks/fleetpost-signature.guard.ts checks X-Fleetpost-Signature (sha256= "
             "and the HMAC-SHA256 of the body, keyed with FLEETPOST_WEBHOOK_SECRET); "
             "src/webhooks/fleetpost-webhook.controller.ts is POST /webhooks/fleetpost behind "
             "the guard and hands each event to TrackingService; src/main.ts creates and "
             "starts the app; src/setup-app.ts is the setup main.ts and the e2e app share (the "
             "pipes, the 2 MB body parsers, shutdown hooks); test/utils/create-app.ts builds "
             "the e2e app; test/fixtures/fleetpost/rejected-200.ndjson holds the 200 rejected "
             "callbacks Fleetpost re-sent signed with the sandbox secret from .env.test.",
             must=(("fleetpost-signature.guard.ts",),
                   ("setup-app.ts", "create-app.ts", "fleetpost-webhook.controller.ts",
                    "rejected-200.ndjson", "main.ts")),
             partial_means="The files named without what they hold.",
             wrong="fleetpost-json.ts as the serializer in use."),
    Question("pending", "What work is still pending?",
             "Ines's point 4: accept FLEETPOST_WEBHOOK_SECRET_PREVIOUS beside the current "
             "secret (the guard, .env.example, an e2e test for each secret), then commit and "
             "push to #517; the timestamp replay check later in TRK-231.",
             must=(("fleetpost_webhook_secret_previous", "secret_previous", "previous secret",
                    "either secret", "both secrets", "two secrets", "old secret"),
                   ("push", "#517", "trk-231", ".env.example", "e2e test")),
             partial_means="The previous secret without the rest, or the reverse.",
             wrong="The length check or the reply on rawBody as pending.",
             stale_means="The timestamp check or the lossless-json parsing as pending in this "
                         "PR."),
    Question("state", "What is the state of the work?",
             "PR #517 (branch trk-214-raw-body-signature) is open and pushed with rawBody in "
             "main.ts and create-app.ts, the guard on req.rawBody, useBodyParser in "
             "setup-app.ts, the 200 captured callbacks as e2e tests and the fixture file; all "
             "235 e2e and 148 unit tests pass; Ines is answered on points 1 to 3; the previous "
             "secret (point 4) is not started.",
             must=(("#517",),
                   ("235 passed", "235 e2e", "148", "tests pass"),
                   ("not started", "point 4", "secret_previous", "previous secret")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or that the previous secret is accepted.",
             stale_means="Says the guard hashes stringifyLikeFleetpost's output."),
)  # fmt: skip

PRODUCTION = None
