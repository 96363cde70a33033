"""Held out, twenty-fourth set: written 2026-12-07, while round 12 was tuned on the twenty-third
set, by an author who never ran the handoff on them. OpenAI chat with function tools, Node
20/Express 4.19 (express-rate-limit 7.4, ioredis 5.4 on the redis-sessions Redis, six auth-api
pods behind ingress-nginx in Kubernetes, Jest 29 with supertest, run in band): the Cobalt
pentest (finding CB-07) got 60 login attempts from one IP through POST /api/auth/login in a
minute against a limit of 10 (AUTH-231), because each of the 6 pods counts in its own memory
store, and support's Monday-morning lockouts come from every request's req.ip being an
ingress-nginx controller's address (10.42.3.17, 10.42.5.9) while trust proxy is unset
(express-rate-limit logs ERR_ERL_UNEXPECTED_X_FORWARDED_FOR); a first design pins each client
IP to one pod with the ingress annotation upstream-hash-by "$remote_addr" and a per-pod
src/config/login-limit.js, ruled out by the user (the hash moves clients whenever the HPA
scales from 6 to 14 or a deploy replaces a pod, and a new pod counts from zero; it stops the
load balancing of a bcrypt-heavy endpoint) for rate-limit-redis's RedisStore on the existing
redis-sessions through src/lib/redis.js, keyed by the client IP with app.set('trust proxy', 1);
ingress.yaml, loginLimiter.js and app.js checked out and the config file deleted; the suite then
answers 429 Too Many Requests in 14, 31 and 19 tests, which npx jest --clearCache and rm -rf
node_modules && npm ci did not fix, and REDIS_URL in .env.test did (since AUTH-176 it had only
TEST_REDIS_URL, so the app wrote to db 0 while tests/setup/resetRedis.js flushed db 1, and the
counters outlived the tests); PR #588 opened; Priya Raman's four points, answered by the user:
one done already (a client-sent X-Forwarded-For cannot pick its key: trust proxy 1 and its
test), one answered on the PR (why redis-sessions and not a Redis of its own), one a ticket (a
per-account limit, AUTH-240), one to do (passOnStoreError: true and a test with a failing
Redis, then the push); the assistant's last words announce the per-username limit put off to
AUTH-240."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/dev/quillpay-auth-api"
_LIMITER = "src/middleware/loginLimiter.js"
_APP = "src/app.js"
_REDIS = "src/lib/redis.js"
_INGRESS = "deploy/k8s/ingress.yaml"
_CONFIG = "src/config/login-limit.js"
_TEST = "tests/auth/loginLimiter.test.js"
_RESET = "tests/setup/resetRedis.js"
_ENV = ".env.test"

_LIMITER_SRC = (
    "const { rateLimit } = require('express-rate-limit');\n\n"
    "// 10 login attempts a minute per IP (SEC-118, the 2025 pentest)\n"
    "const loginLimiter = rateLimit({\n"
    "  windowMs: 60 * 1000,\n"
    "  limit: 10,\n"
    "  standardHeaders: 'draft-7',\n"
    "  legacyHeaders: false,\n"
    "  message: {\n"
    "    error: 'too_many_attempts',\n"
    "    message: 'Too many login attempts, try again in a minute.',\n"
    "  },\n"
    "});\n\n"
    "module.exports = { loginLimiter };\n"
)
_APP_HEAD = (
    "const express = require('express');\n"
    "const helmet = require('helmet');\n"
    "const cookieParser = require('cookie-parser');\n"
    "const { requestLogger } = require('./lib/logger');\n"
    "const authRoutes = require('./routes/auth');\n"
    "const healthRoutes = require('./routes/health');\n"
    "const { errorHandler } = require('./middleware/errorHandler');\n\n"
    "function buildApp() {\n"
    "  const app = express();\n"
    "  app.disable('x-powered-by');\n"
)
_APP_TAIL = (
    "  app.use(helmet());\n"
    "  app.use(express.json({ limit: '16kb' }));\n"
    "  app.use(cookieParser());\n"
    "  app.use(requestLogger);\n"
    "  app.use('/healthz', healthRoutes);\n"
    "  app.use('/api/auth', authRoutes);\n"
    "  app.use(errorHandler);\n"
    "  return app;\n"
    "}\n\n"
    "module.exports = { buildApp };\n"
)
_ROUTES_GREP = (
    "src/routes/auth.js:4:const { loginLimiter } = require('../middleware/loginLimiter');\n"
    "src/routes/auth.js:19:router.post('/login', loginLimiter, validate(loginSchema), "
    "login);\n"
)
_READ = f"cat {_LIMITER} {_APP} && grep -n loginLimiter src/routes/auth.js"

_KUBE = (
    "kubectl -n auth get deploy,hpa auth-api && kubectl -n ingress-nginx get pods -o wide "
    "-l app.kubernetes.io/component=controller && kubectl -n auth logs -l app=auth-api "
    "--prefix --since=3h | grep -E 'ERR_ERL|/api/auth/login' | head -7"
)
_KUBE_OUT = (
    "NAME                       READY   UP-TO-DATE   AVAILABLE   AGE\n"
    "deployment.apps/auth-api   6/6     6            6           212d\n\n"
    "NAME                                           REFERENCE             TARGETS   MINPODS"
    "   MAXPODS   REPLICAS   AGE\n"
    "horizontalpodautoscaler.autoscaling/auth-api   Deployment/auth-api   23%/65%   6    "
    "     14        6          212d\n"
    "NAME                                       READY   STATUS    RESTARTS   AGE   IP       "
    "    NODE\n"
    "ingress-nginx-controller-7c9d8b6f4-k2xqp   1/1     Running   0          19d   "
    "10.42.3.17   pool-a-3\n"
    "ingress-nginx-controller-7c9d8b6f4-v8m4n   1/1     Running   0          19d   "
    "10.42.5.9    pool-a-5\n"
    "[pod/auth-api-6f8d9c7b5-2lq9x/auth-api] ValidationError: The 'X-Forwarded-For' header is "
    "set but the Express 'trust proxy' setting is false (default). This could indicate a "
    "misconfiguration which would prevent express-rate-limit from accurately identifying "
    "users. See https://express-rate-limit.github.io/ERR_ERL_UNEXPECTED_X_FORWARDED_FOR/ for "
    "more information. { code: 'ERR_ERL_UNEXPECTED_X_FORWARDED_FOR' }\n"
    '[pod/auth-api-6f8d9c7b5-2lq9x/auth-api] {"level":30,"time":"2026-12-07T08:02:11.406Z",'
    '"req":{"method":"POST","url":"/api/auth/login","ip":"10.42.3.17","xff":"81.140.22.196"}'
    ',"res":{"statusCode":200},"responseTime":231}\n'
    '[pod/auth-api-6f8d9c7b5-2lq9x/auth-api] {"level":30,"time":"2026-12-07T08:02:11.958Z",'
    '"req":{"method":"POST","url":"/api/auth/login","ip":"10.42.3.17","xff":"92.40.197.61"}'
    ',"res":{"statusCode":429},"responseTime":2}\n'
    "[pod/auth-api-6f8d9c7b5-9tz4k/auth-api] ValidationError: The 'X-Forwarded-For' header is "
    "set but the Express 'trust proxy' setting is false (default). [...] { code: "
    "'ERR_ERL_UNEXPECTED_X_FORWARDED_FOR' }\n"
    '[pod/auth-api-6f8d9c7b5-9tz4k/auth-api] {"level":30,"time":"2026-12-07T08:02:12.113Z",'
    '"req":{"method":"POST","url":"/api/auth/login","ip":"10.42.5.9","xff":"86.12.233.8"},'
    '"res":{"statusCode":401},"responseTime":214}\n'
    '[pod/auth-api-6f8d9c7b5-9tz4k/auth-api] {"level":30,"time":"2026-12-07T08:02:12.540Z",'
    '"req":{"method":"POST","url":"/api/auth/login","ip":"10.42.5.9","xff":"31.94.7.140"},'
    '"res":{"statusCode":429},"responseTime":1}\n'
)

_INGRESS_OLD = (
    "  annotations:\n"
    '    nginx.ingress.kubernetes.io/proxy-body-size: "16k"\n'
    '    nginx.ingress.kubernetes.io/proxy-read-timeout: "15"\n'
)
_INGRESS_NEW = (
    "  annotations:\n"
    '    nginx.ingress.kubernetes.io/proxy-body-size: "16k"\n'
    '    nginx.ingress.kubernetes.io/proxy-read-timeout: "15"\n'
    "    # pin each client IP to one auth-api pod, so that pod's login counter is the client's\n"
    '    nginx.ingress.kubernetes.io/upstream-hash-by: "$remote_addr"\n'
)
_CONFIG_SRC = (
    "// Per-pod login limit (AUTH-231). The ingress pins each client IP to one pod\n"
    '// (upstream-hash-by "$remote_addr" in deploy/k8s/ingress.yaml), so a pod\'s own\n'
    "// in-memory count is the client's whole count and 10 a minute holds over the 6 pods.\n"
    "module.exports = {\n"
    "  windowMs: 60 * 1000,\n"
    "  limit: 10,\n"
    "  // ingress-nginx is the one proxy in front of the pods\n"
    "  trustProxy: 1,\n"
    "};\n"
)

_LIMITER_FINAL = (
    "const { rateLimit } = require('express-rate-limit');\n"
    "const { RedisStore } = require('rate-limit-redis');\n"
    "const redis = require('../lib/redis');\n\n"
    "// 10 login attempts a minute per client IP (SEC-118), counted in redis-sessions so that\n"
    "// all pods share one counter (AUTH-231). The key is req.ip: the client's address only\n"
    "// with app.set('trust proxy', 1) in app.js.\n"
    "function createLoginLimiter({ client = redis } = {}) {\n"
    "  return rateLimit({\n"
    "    windowMs: 60 * 1000,\n"
    "    limit: 10,\n"
    "    standardHeaders: 'draft-7',\n"
    "    legacyHeaders: false,\n"
    "    message: {\n"
    "      error: 'too_many_attempts',\n"
    "      message: 'Too many login attempts, try again in a minute.',\n"
    "    },\n"
    "    store: new RedisStore({\n"
    "      prefix: 'rl:login:',\n"
    "      sendCommand: (command, ...args) => client.call(command, ...args),\n"
    "    }),\n"
    "  });\n"
    "}\n\n"
    "module.exports = { createLoginLimiter, loginLimiter: createLoginLimiter() };\n"
)
_TRUST = (
    "  app.disable('x-powered-by');\n"
    "  // One hop: ingress-nginx. req.ip is then the address the ingress saw, which the login\n"
    "  // limiter keys on; `true` would let a client choose its own X-Forwarded-For (AUTH-231).\n"
    "  app.set('trust proxy', 1);\n"
)

_NEW_TESTS = (
    "  const wrong = { email: 'ana@example.test', password: 'not-her-password' };\n"
    "  const attempt = (app, xff) =>\n"
    "    request(app).post('/api/auth/login').set('X-Forwarded-For', xff).send(wrong);\n\n"
    "  test('counts one client across pods sharing redis', async () => {\n"
    "    let podA;\n"
    "    let podB;\n"
    "    jest.isolateModules(() => { podA = require('../../src/app').buildApp(); });\n"
    "    jest.isolateModules(() => { podB = require('../../src/app').buildApp(); });\n"
    "    for (let i = 0; i < 10; i++) {\n"
    "      await attempt(i % 2 ? podA : podB, '203.0.113.7').expect(401);\n"
    "    }\n"
    "    await attempt(podA, '203.0.113.7').expect(429);\n"
    "    await attempt(podB, '203.0.113.7').expect(429);\n"
    "  });\n\n"
    "  test('keeps a counter per client IP', async () => {\n"
    "    const app = buildApp();\n"
    "    for (let i = 0; i < 10; i++) await attempt(app, '203.0.113.7').expect(401);\n"
    "    await attempt(app, '203.0.113.8').expect(401);\n"
    "  });\n\n"
    "  test('keys on the address the ingress saw, not a client-sent X-Forwarded-For', "
    "async () => {\n"
    "    const app = buildApp();\n"
    "    for (let i = 0; i < 10; i++) {\n"
    "      await attempt(app, `198.51.100.${i}, 203.0.113.7`).expect(401);\n"
    "    }\n"
    "    await attempt(app, '198.51.100.99, 203.0.113.7').expect(429);\n"
    "  });\n\n"
    "  test('sends the draft-7 RateLimit headers', async () => {\n"
    "    const res = await attempt(buildApp(), '203.0.113.9').expect(401);\n"
    "    expect(res.headers['ratelimit-policy']).toBe('10;w=60');\n"
    "    expect(res.headers.ratelimit).toMatch(/^limit=10, remaining=9, reset=\\d+$/);\n"
    "  });\n\n"
)

_JEST_HEAD = "\n> quillpay-auth-api@2.31.4 test\n> jest --runInBand\n\n"


def _fail(file: str, name: str, want: str, line: int, before: str, code: str) -> str:
    col = code.index(".expect(") + 2
    return (
        f" FAIL  {file}\n"
        f"  \u25cf {name}\n\n"
        f'    expected {want}, got 429 "Too Many Requests"\n\n'
        f"      {line - 1} | {before}\n"
        f"    > {line} | {code}\n"
        f"         | {' ' * (col - 1)}^\n\n"
        f"      at Object.<anonymous> ({file}:{line}:{col})\n"
        "      ----\n"
        "      at Test._assertStatus (node_modules/supertest/lib/test.js:252:14)\n\n"
    )


# The limiter's first failing test: in the first run the count for 203.0.113.7 starts at 0 and
# the across-pods test passes, so the next test on that address fails; after it, both do.
_PER_IP = (
    "keeps a counter per client IP",
    26,
    "    const app = buildApp();",
    "    for (let i = 0; i < 10; i++) await attempt(app, '203.0.113.7').expect(401);",
)
_PODS = (
    "counts one client across pods sharing redis",
    16,
    "    for (let i = 0; i < 10; i++) {",
    "      await attempt(i % 2 ? podA : podB, '203.0.113.7').expect(401);",
)


def _failed_run(
    first: str, limiter: tuple[str, int, str, str], more: str, suites: int, failed: int, secs: str
) -> str:
    name, line, before, code = limiter
    return (
        _JEST_HEAD
        + " PASS  tests/health.test.js\n"
        + " PASS  tests/auth/password.test.js\n"
        + " PASS  tests/auth/register.test.js\n"
        + _fail(
            "tests/auth/session.test.js",
            first,
            '200 "OK"',
            20,
            "      .send({ email: 'ana@example.test', password: 'correct-horse-9' })",
            "      .expect(200);",
        )
        + _fail(_TEST, f"login limiter \u203a {name}", '401 "Unauthorized"', line, before, code)
        + f"[... {more} ...]\n\n"
        + f"Test Suites: {suites} failed, {19 - suites} passed, 19 total\n"
        + f"Tests:       {failed} failed, {146 - failed} passed, 146 total\n"
        + "Snapshots:   0 total\n"
        + f"Time:        {secs} s\n"
        + "Ran all test suites.\n"
    )


_REDIS_LOOK = (
    "redis-cli -n 0 --scan --pattern 'rl:*' && redis-cli -n 0 GET 'rl:login:::ffff:127.0.0.1' "
    "&& redis-cli -n 0 TTL 'rl:login:::ffff:127.0.0.1' && redis-cli -n 1 DBSIZE && cat "
    f"{_ENV} {_RESET} {_REDIS} && git log --oneline -S TEST_REDIS_URL -- {_ENV}"
)
_REDIS_LOOK_OUT = (
    "rl:login:::ffff:127.0.0.1\n"
    "rl:login:203.0.113.7\n"
    "rl:login:203.0.113.8\n"
    "rl:login:203.0.113.9\n"
    "27\n"
    "(integer) 44\n"
    "(integer) 0\n"
    "NODE_ENV=test\n"
    "TEST_REDIS_URL=redis://127.0.0.1:6379/1\n"
    "SESSION_SECRET=test-only-not-a-secret\n"
    "BCRYPT_COST=4\n"
    "LOG_LEVEL=silent\n"
    "// Every test starts from an empty test Redis (jest.config.js setupFilesAfterEnv).\n"
    "const Redis = require('ioredis');\n\n"
    "const redis = new Redis(process.env.TEST_REDIS_URL);\n\n"
    "beforeEach(() => redis.flushdb());\n"
    "afterAll(() => redis.quit());\n"
    "const Redis = require('ioredis');\n\n"
    "// redis-sessions: the sessions, and whatever else the pods share\n"
    "module.exports = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {\n"
    "  maxRetriesPerRequest: 2,\n"
    "});\n"
    "5e1a9c0 tests: keep the test data off the dev database (AUTH-176)\n"
)

_TWO_PODS = (
    "(PORT=3001 node src/server.js > /tmp/a.log 2>&1 & echo $! > /tmp/a.pid); (PORT=3002 node "
    "src/server.js > /tmp/b.log 2>&1 & echo $! > /tmp/b.pid); sleep 2; for i in $(seq 1 14); "
    'do p=$((3001 + i % 2)); curl -s -o /dev/null -w "$p %{http_code}\\n" -H '
    "'X-Forwarded-For: 198.51.100.23' -H 'Content-Type: application/json' -d "
    '\'{"email":"ana@example.test","password":"nope"}\' localhost:$p/api/auth/login; done; '
    "redis-cli GET 'rl:login:198.51.100.23'; kill $(cat /tmp/a.pid) $(cat /tmp/b.pid)"
)
_TWO_PODS_OUT = (
    "".join(f"{3001 + i % 2} 401\n" for i in range(1, 11))
    + "".join(f"{3001 + i % 2} 429\n" for i in range(11, 15))
    + "14\n"
)
_PR = (
    "git checkout -b auth-231-shared-login-limit && git add -A && git commit -m 'Count login "
    "attempts per client IP in redis-sessions, shared by all pods (AUTH-231)' && git push -u "
    "origin HEAD && gh pr create --fill"
)
_POINT1 = (
    f"grep -n \"trust proxy\" {_APP} && npx jest {_TEST} -t 'not a client-sent X-Forwarded-For'"
)

s = Script(
    "You are a coding assistant working in the quillpay-auth-api repository (Node 20, Express "
    "4.19, express-rate-limit 7.4, ioredis 5.4, Jest 29 with supertest, deployed as the "
    "auth-api Deployment in the auth namespace of the prod Kubernetes cluster behind "
    "ingress-nginx). You can read, write, edit and delete files and run shell commands, "
    "kubectl included, through the tools you are given."
)
s.user(
    "AUTH-231: Cobalt's pentest report is in, and finding CB-07 says the login isn't really "
    "rate limited: we configure 10 attempts a minute per IP, and they got 60 attempts from one "
    "IP through POST /api/auth/login in 58 seconds before the first 429. At the same time "
    "support has 37 tickets (ZD-88412 and the ones linked to it) from Monday morning, 09:00 to "
    "09:20, of people told 'Too many login attempts' on their first try. Find out what's going "
    "on and fix it. The limiter is in src/middleware/loginLimiter.js; you have kubectl on the "
    "prod cluster, read only."
)
s.call(
    "run_command",
    f"$ {_READ}\n{_LIMITER_SRC}{_APP_HEAD}{_APP_TAIL}{_ROUTES_GREP}",
    command=_READ,
)
s.call(
    "run_command",
    f"$ {_KUBE}\n{_KUBE_OUT}",
    "The limiter uses express-rate-limit's default store, a MemoryStore inside each process, "
    "and app.js never sets trust proxy. Checking how many pods there are and what req.ip "
    "looks like in prod.",
    command=_KUBE,
)
s.call(
    "edit_file",
    f"Edited {_INGRESS}: 1 hunk, +2 -0",
    "Two faults, one for each report. Each of the 6 pods counts attempts in its own memory, and "
    "the ingress spreads a client's requests over all of them, so one IP gets 6 x 10 = 60 "
    "attempts a minute: CB-07 exactly. And without trust proxy, req.ip is the address of the "
    "ingress-nginx controller that forwarded the request, 10.42.3.17 or 10.42.5.9, for every "
    "user (the logs have the real client only in xff), and express-rate-limit says so with "
    "ERR_ERL_UNEXPECTED_X_FORWARDED_FOR. So at the Monday peak all users share about 12 "
    "counters of 10 and get 429 on their first try. Plan: pin each client IP to one pod with "
    "ingress-nginx's upstream-hash-by, so a pod's own counter is the client's whole count, "
    "keep the per-pod limit in a config file of its own, and trust the one proxy hop.",
    path=_INGRESS,
    old=_INGRESS_OLD,
    new=_INGRESS_NEW,
)
s.call(
    "write_file",
    f"Wrote {_CONFIG} ({len(_CONFIG_SRC.splitlines())} lines)",
    path=_CONFIG,
    content=_CONFIG_SRC,
)
s.call(
    "edit_file",
    f"Edited {_LIMITER}: 1 hunk, +4 -3",
    path=_LIMITER,
    old="const { rateLimit } = require('express-rate-limit');\n\n"
    "// 10 login attempts a minute per IP (SEC-118, the 2025 pentest)\n"
    "const loginLimiter = rateLimit({\n"
    "  windowMs: 60 * 1000,\n"
    "  limit: 10,\n",
    new="const { rateLimit } = require('express-rate-limit');\n"
    "const loginLimit = require('../config/login-limit');\n\n"
    "// per pod: the ingress pins each client IP to one pod (see config/login-limit.js)\n"
    "const loginLimiter = rateLimit({\n"
    "  windowMs: loginLimit.windowMs,\n"
    "  limit: loginLimit.limit,\n",
)
s.call(
    "edit_file",
    f"Edited {_APP}: 2 hunks, +2 -0",
    path=_APP,
    edits=[
        {
            "old_string": "const { errorHandler } = require('./middleware/errorHandler');\n",
            "new_string": "const { errorHandler } = require('./middleware/errorHandler');\n"
            "const loginLimit = require('./config/login-limit');\n",
        },
        {
            "old_string": "  app.disable('x-powered-by');\n",
            "new_string": "  app.disable('x-powered-by');\n"
            "  app.set('trust proxy', loginLimit.trustProxy);\n",
        },
    ],
)
s.call(
    "run_command",
    "$ npm test\n" + _JEST_HEAD + "[... 19 suites ...]\n\n"
    "Test Suites: 19 passed, 19 total\n"
    "Tests:       142 passed, 142 total\n"
    "Snapshots:   0 total\n"
    "Time:        9.84 s\n"
    "Ran all test suites.\n",
    command="npm test",
)
s.say(
    'The 142 tests pass. With nginx.ingress.kubernetes.io/upstream-hash-by: "$remote_addr" '
    "in deploy/k8s/ingress.yaml each client IP always lands on the same pod, so that pod's "
    "memory counter is the only one the client has and 10 a minute holds again; "
    "src/config/login-limit.js holds the per-pod window, limit and trust proxy 1, so req.ip is "
    "the client and not the ingress. The ingress change needs platform to apply it. Shall I "
    "open the PR?"
)
s.user(
    "No sticky routing. upstream-hash-by moves clients to other pods every time the HPA scales "
    "(6 pods at night, up to 14 at the Monday peak) and every time a deploy replaces a pod, "
    "and we deploy two or three times a day; a new pod starts with an empty memory counter, so "
    "an attacker gets a fresh 10 attempts every time. It also stops ingress-nginx balancing the "
    "login by load, and bcrypt at cost 12 is about 200 ms of CPU an attempt. A limit that only "
    "holds because of a routing annotation is one somebody removes without knowing. Use the "
    "Redis we already have, redis-sessions: the sessions live there and src/lib/redis.js is "
    "its client. Put the limiter's counters in it with rate-limit-redis, so all pods share one "
    "counter per client IP, and set app.set('trust proxy', 1) in app.js: exactly one hop, the "
    "ingress, not true, or anyone can send their own X-Forwarded-For. Keep 10 a minute. Revert "
    "ingress.yaml and delete that config file before you start."
)
s.call(
    "run_command",
    f"$ git checkout -- {_INGRESS} {_LIMITER} {_APP} && rm {_CONFIG} && git status --short\n",
    command=f"git checkout -- {_INGRESS} {_LIMITER} {_APP} && rm {_CONFIG} && git status --short",
)
s.call(
    "run_command",
    "$ npm install rate-limit-redis@4.2.0 && npm ls express-rate-limit rate-limit-redis ioredis"
    "\n\nadded 1 package, and audited 413 packages in 3s\n\n"
    "61 packages are looking for funding\n  run `npm fund` for details\n\n"
    "found 0 vulnerabilities\n"
    f"quillpay-auth-api@2.31.4 {_HOME}\n"
    "\u251c\u2500\u2500 express-rate-limit@7.4.0\n"
    "\u251c\u2500\u2500 ioredis@5.4.1\n"
    "\u2514\u2500\u2500 rate-limit-redis@4.2.0\n",
    "ingress.yaml, loginLimiter.js and app.js are back as they were and "
    "src/config/login-limit.js is gone; the tree is clean. Adding rate-limit-redis.",
    command="npm install rate-limit-redis@4.2.0 && npm ls express-rate-limit rate-limit-redis "
    "ioredis",
)
s.call(
    "write_file",
    f"Wrote {_LIMITER} ({len(_LIMITER_FINAL.splitlines())} lines)",
    "The limiter keeps its window, limit, headers and message; its counters go to "
    "redis-sessions through RedisStore, under rl:login:<client ip>. RedisStore talks to Redis "
    "through sendCommand, which ioredis gives as client.call. createLoginLimiter takes the "
    "client so a test can hand it another; loginLimiter is still exported, so "
    "src/routes/auth.js does not change.",
    path=_LIMITER,
    content=_LIMITER_FINAL,
)
s.call(
    "edit_file",
    f"Edited {_APP}: 1 hunk, +3 -0",
    path=_APP,
    old="  app.disable('x-powered-by');\n",
    new=_TRUST,
)
s.call(
    "edit_file",
    f"Edited {_TEST}: 1 hunk, +37 -0",
    "Tests for what AUTH-231 is about: two app instances loaded apart with "
    "jest.isolateModules, as two pods, share one count; a second client IP has its own; an "
    "address a client puts in front of X-Forwarded-For does not change the key; and the "
    "RateLimit headers still say 10 a minute.",
    path=_TEST,
    old="  test('answers 429 on the 11th attempt in a minute', async () => {\n",
    new=_NEW_TESTS + "  test('answers 429 on the 11th attempt in a minute', async () => {\n",
)
s.call(
    "run_command",
    "$ npm test\n"
    + _failed_run(
        "session \u203a refresh rotates the refresh token",
        _PER_IP,
        "mfa.test.js, logout.test.js and 10 more tests: the same 429",
        4,
        14,
        "11.62",
    ),
    command="npm test",
)
s.call(
    "run_command",
    "$ npx jest --clearCache && npm test\n"
    "Cleared /tmp/jest_rs\n"
    + _failed_run(
        "session \u203a login sets the session cookie",
        _PODS,
        "every test that logs in after it: 29 more, the same 429",
        6,
        31,
        "10.27",
    ),
    "14 tests get 429 Too Many Requests, and most of them, session.test.js, mfa.test.js, "
    "logout.test.js, never go near the limit: each logs in a few times at most. Jest caches "
    "what it transforms, and these files required the old module-level loginLimiter with its "
    "memory store; a stale Jest cache could still hand them that. Clearing it and running the "
    "suite again.",
    command="npx jest --clearCache && npm test",
)
s.call(
    "run_command",
    "$ rm -rf node_modules && npm ci && npm test\n\n"
    "added 412 packages, and audited 413 packages in 38s\n\n"
    "found 0 vulnerabilities\n"
    + _failed_run(
        "session \u203a refresh rotates the refresh token",
        _PODS,
        "mfa.test.js, logout.test.js, password-reset.test.js and 15 more tests: the same 429",
        5,
        19,
        "11.08",
    ),
    "Worse: 31 failures with the cache cleared, every test that logs in after the first few. "
    "Perhaps rate-limit-redis went in beside a second copy of express-rate-limit from an older "
    "lock. A clean install from the lock file.",
    command="rm -rf node_modules && npm ci && npm test",
)
s.call(
    "run_command",
    f"$ {_REDIS_LOOK}\n{_REDIS_LOOK_OUT}",
    "19 now. The cache and the install are not it: the failures move with the time between "
    "runs, 14, then 31 straight after, then 19 after the 38 s of npm ci, which is what a "
    "60-second window would do if the counts outlived the run. Yet tests/setup/resetRedis.js "
    "is meant to flush Redis before every test. Looking at what is in Redis.",
    command=_REDIS_LOOK,
)
s.call(
    "edit_file",
    f"Edited {_ENV}: 1 hunk, +2 -0",
    "There it is. The counters are in db 0: rl:login:::ffff:127.0.0.1, the address supertest "
    "connects from, is at 27 with 44 s to live, and db 1 is empty. resetRedis.js flushes "
    "TEST_REDIS_URL, db 1, but the app's client in src/lib/redis.js reads REDIS_URL, and "
    ".env.test has had no REDIS_URL since AUTH-176 renamed it to TEST_REDIS_URL, so in the "
    "tests the app falls back to db 0, the dev database, which nothing flushes. The sessions "
    "never showed it, their keys are random; the login counters add up over the whole run and "
    "over the runs before it. Giving the app the test database.",
    path=_ENV,
    old="TEST_REDIS_URL=redis://127.0.0.1:6379/1\n",
    new="TEST_REDIS_URL=redis://127.0.0.1:6379/1\n"
    "# the app's own client (src/lib/redis.js), the same db resetRedis.js flushes\n"
    "REDIS_URL=redis://127.0.0.1:6379/1\n",
)
s.call(
    "run_command",
    "$ redis-cli -n 0 --scan --pattern 'rl:login:*' | xargs redis-cli -n 0 DEL && npm test && "
    "npm test\n"
    "(integer) 4\n" + _JEST_HEAD + "[... 19 suites ...]\n\n"
    "Test Suites: 19 passed, 19 total\n"
    "Tests:       146 passed, 146 total\n"
    "Snapshots:   0 total\n"
    "Time:        10.94 s\n"
    "Ran all test suites.\n" + _JEST_HEAD + "[... 19 suites ...]\n\n"
    "Test Suites: 19 passed, 19 total\n"
    "Tests:       146 passed, 146 total\n"
    "Snapshots:   0 total\n"
    "Time:        10.71 s\n"
    "Ran all test suites.\n",
    command="redis-cli -n 0 --scan --pattern 'rl:login:*' | xargs redis-cli -n 0 DEL && npm "
    "test && npm test",
)
s.call(
    "run_command",
    f"$ {_TWO_PODS}\n{_TWO_PODS_OUT}",
    "146 passed, twice in a row, so nothing carries over between runs now. Checking it as the "
    "pods see it: two processes on the dev Redis, the requests alternating between them, one "
    "client address in X-Forwarded-For.",
    command=_TWO_PODS,
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'auth-231-shared-login-limit'\n"
    "[auth-231-shared-login-limit 8d41f2c] Count login attempts per client IP in "
    "redis-sessions, shared by all pods (AUTH-231)\n"
    " 6 files changed, 71 insertions(+), 9 deletions(-)\n"
    "branch 'auth-231-shared-login-limit' set up to track "
    "'origin/auth-231-shared-login-limit'.\n"
    "https://github.com/quillpay/auth-api/pull/588\n",
    "Two processes, one count: 10 attempts at 401 spread over both, then 429 on both, and the "
    "counter rl:login:198.51.100.23 at 14. Committing loginLimiter.js, app.js, .env.test, the "
    "tests, package.json and package-lock.json, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Priya reviewed #588:\n"
    "1. With trust proxy on, a client can send its own X-Forwarded-For and get a fresh key on "
    "every attempt. Make sure only the ingress's hop is trusted, and test it.\n"
    "2. An IP limit doesn't stop credential stuffing from a botnet spread over thousands of "
    "IPs. Add a per-account limit keyed by the username as well.\n"
    "3. Why put the counters in redis-sessions? A Redis of their own would keep a login flood "
    "from evicting sessions.\n"
    "4. If redis-sessions is unreachable, the store's error turns every login into a 500. Set "
    "passOnStoreError: true so the limiter fails open when Redis is down, and add a test with "
    "a store that fails.\n\n"
    "My answers:\n"
    "1: I think your X-Forwarded-For test covers that already; check and tell her.\n"
    "2: that's AUTH-240, not this PR: product has to decide first what a locked account sees.\n"
    "3: reply: redis-sessions runs at 3% CPU with 41 MB of its 2 GB used and maxmemory-policy "
    "noeviction, so nothing gets evicted; the counters are one key per client IP that lives "
    "60 s, a few thousand at the Monday peak. A second Redis is one more thing to run for no "
    "gain.\n"
    "4: yes, in this PR: passOnStoreError: true in createLoginLimiter, and a test in "
    "loginLimiter.test.js where the client's call() rejects with ECONNREFUSED and a wrong "
    "password still gets 401, not 500. Then push to #588."
)
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    "14:  app.set('trust proxy', 1);\n\n"
    f" PASS  {_TEST}\n"
    "  login limiter\n"
    "    \u25cb skipped counts one client across pods sharing redis\n"
    "    \u25cb skipped keeps a counter per client IP\n"
    "    \u2713 keys on the address the ingress saw, not a client-sent X-Forwarded-For (64 ms)\n"
    "    \u25cb skipped sends the draft-7 RateLimit headers\n"
    "    \u25cb skipped answers 429 on the 11th attempt in a minute\n\n"
    "Test Suites: 1 passed, 1 total\n"
    "Tests:       4 skipped, 1 passed, 5 total\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 588 --body-file /tmp/pr588.md\n"
    "https://github.com/quillpay/auth-api/pull/588#issuecomment-2271946\n",
    "Point 1 is already covered: app.js trusts exactly one hop, so req.ip is the last address "
    "in X-Forwarded-For, the one ingress-nginx adds, and the test that sends ten different "
    "addresses in front of 203.0.113.7 gets its 429 on the eleventh. Posting the reply to Priya "
    "on points 1 to 3.",
    command="gh pr comment 588 --body-file /tmp/pr588.md",
)
s.say(
    "Replied to Priya on #588. Point 1 was in before her review: app.js trusts exactly one "
    "hop and the X-Forwarded-For test passes. Point 3's reply gives redis-sessions' load, 3% "
    "CPU and 41 MB of 2 GB with noeviction, so the counters evict nothing. Point 2 is "
    "AUTH-240. Next I'll add the per-username limit beside the IP one, keyed by the lowercased "
    "email, so a botnet spread over many addresses is caught too."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "AUTH-231: the Cobalt pentest (CB-07) got 60 attempts from one IP through POST "
             "/api/auth/login in 58 s against a limit of 10 a minute, and 37 users were told "
             "'Too many login attempts' on their first try on Monday morning (ZD-88412): each "
             "of the 6 auth-api pods counts in its own memory store, and without trust proxy "
             "req.ip is an ingress-nginx controller's address for everyone; find why and fix "
             "it.",
             must=(("auth-231", "/api/auth/login", "login limit", "login limiter", "cb-07"),
                   ("60 attempts", "6 pods", "memory store", "own memory", "trust proxy",
                    "ingress")),
             partial_means="The login limit not holding without why (a counter per pod, "
                           "req.ip the ingress's), or the ticket alone.",
             wrong="A brute-force bug in bcrypt; a broken session store."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review of PR #588 with the user's answers: point 1 (a client-sent "
             "X-Forwarded-For) should already be covered, check and tell her; point 2, the "
             "per-account limit, is AUTH-240, not this PR; point 3, reply why redis-sessions "
             "(3% CPU, 41 MB of 2 GB, noeviction, a few thousand 60 s keys); point 4, in this "
             "PR: passOnStoreError: true in createLoginLimiter and a test in "
             "loginLimiter.test.js whose client's call() rejects with ECONNREFUSED and a wrong "
             "password still gets 401, then push to #588.",
             must=(("passonstoreerror", "fail open", "fails open", "econnrefused",
                    "store that fails", "failing redis"),
                   ("priya", "auth-240", "#588", "per-account", "redis-sessions")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "answers"),
             partial_means="One of the points to act on, without passOnStoreError and its "
                           "test or without the others.",
             wrong="Adding a per-account limit now; moving the counters to a Redis of their "
                   "own.",
             stale_means="The Redis-store correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Priya's point 4, the one left: set passOnStoreError: true in createLoginLimiter "
             "(src/middleware/loginLimiter.js), add a test to tests/auth/loginLimiter.test.js "
             "with a client whose call() rejects with ECONNREFUSED, where a wrong password "
             "still gets 401 and not 500; run npm test, then commit and push to #588.",
             must=(("passonstoreerror", "fail open", "fails open", "econnrefused",
                    "store that fails", "failing redis"),
                   ("loginlimiter.test.js", "loginlimiter.js", "createloginlimiter", "npm test",
                    "push", "#588")),
             stale=("per-username", "lowercased email", "upstream-hash-by", "sticky",
                    "login-limit.js"),
             partial_means="Says to make the limiter fail open without the test or the push, "
                           "or to push without it.",
             wrong="Raising the limit; scaling redis-sessions.",
             stale_means="Says to add the per-username limit keyed by the lowercased email "
                         "(put off to AUTH-240, as the last words announce), to add the "
                         "X-Forwarded-For test (already in), or to apply the upstream-hash-by "
                         "annotation (ruled out, reverted)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/middleware/loginLimiter.js (createLoginLimiter with rate-limit-redis's "
             "RedisStore on src/lib/redis.js's client, prefix rl:login:, loginLimiter still "
             "exported); src/app.js (app.set('trust proxy', 1)); .env.test (REDIS_URL set to "
             "db 1, the one resetRedis.js flushes); tests/auth/loginLimiter.test.js (four "
             "tests: two pods, a counter per IP, a client-sent X-Forwarded-For, the headers); "
             "package.json and package-lock.json (rate-limit-redis 4.2.0). "
             "deploy/k8s/ingress.yaml (upstream-hash-by) was edited and checked out, and "
             "src/config/login-limit.js created and deleted.",
             must=(("loginlimiter.js",), ("app.js",), (".env.test",),
                   ("loginlimiter.test.js",),
                   ("package.json", "package-lock.json", "rate-limit-redis")),
             stale=("login-limit.js", "ingress.yaml", "upstream-hash-by"),
             spread=True,
             partial_means="Two to four of the files.",
             wrong="src/routes/auth.js or src/lib/redis.js given as changed.",
             stale_means="src/config/login-limit.js (the per-pod config) or the "
                         "upstream-hash-by annotation in deploy/k8s/ingress.yaml listed as a "
                         "current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "All pods share one counter per client IP in the existing redis-sessions Redis: "
             "express-rate-limit's store is rate-limit-redis's RedisStore (prefix rl:login:, "
             "sendCommand through ioredis's call), still 10 a minute, and app.set('trust "
             "proxy', 1), exactly one hop, so req.ip is the client's address and not the "
             "ingress's, and true is not used (a client could choose its X-Forwarded-For). It "
             "rules out sticky routing (upstream-hash-by \"$remote_addr\" on the ingress with a "
             "per-pod src/config/login-limit.js): clients move on every scale and deploy and "
             "new pods count from zero, and the login would no longer be balanced by load.",
             must=(("redisstore", "rl:login:", "sendcommand"),
                   ("trust proxy", "client ip"),
                   ("sticky", "upstream-hash-by", "per-pod", "memory store", "in-memory")),
             stale=("upstream-hash-by", "login-limit.js", "sticky"),
             partial_means="The Redis store without what it rules out, or the reverse.",
             wrong="Raising the limit to 60; a limit in the ingress itself.",
             stale_means="Pinning clients to a pod with upstream-hash-by and a per-pod limit "
                         "config given as the design."),
    Question("review", "What did the review find?",
             "Priya on #588: 1. with trust proxy a client could send its own X-Forwarded-For "
             "for a fresh key, trust only the ingress's hop and test it (already in: trust "
             "proxy 1 and the test keyed on the address the ingress saw pass); 2. an IP limit "
             "misses a botnet, add a per-account limit by username (AUTH-240, not this PR); "
             "3. why redis-sessions and not a Redis of their own, a login flood could evict "
             "sessions (answered: 3% CPU, 41 MB of 2 GB, noeviction); 4. Redis unreachable "
             "makes every login a 500, set passOnStoreError: true with a failing-store test "
             "(still to do in this PR).",
             must=(("x-forwarded-for", "spoof", "ingress's hop", "trust proxy"),
                   ("auth-240", "per-account", "username", "botnet"),
                   ("redis-sessions", "redis of their own", "evict", "3% cpu"),
                   ("passonstoreerror", "fail open", "fails open", "unreachable", "500")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The 429s in the test suite given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No sticky routing: upstream-hash-by moves clients whenever the HPA scales (6 to "
             "14) or a deploy replaces a pod (two or three deploys a day), and a new pod's "
             "memory counter starts empty, a fresh 10 attempts; it stops load balancing of a "
             "bcrypt-heavy login; a limit held up by a routing annotation gets removed. Use "
             "the existing redis-sessions Redis with rate-limit-redis so all pods share one "
             "counter per client IP, app.set('trust proxy', 1) (one hop, not true); keep 10 a "
             "minute; revert ingress.yaml and delete the config file first.",
             must=(("no sticky", "sticky", "upstream-hash-by"),
                   ("rate-limit-redis", "redis-sessions", "one counter", "redis we already "
                    "have", "existing redis")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "stop", "wants", "ruled out"),
             partial_means="No sticky routing without what to do instead, or the reverse.",
             wrong="The 429s in the tests given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "In prod, express-rate-limit's ERR_ERL_UNEXPECTED_X_FORWARDED_FOR (trust proxy "
             "unset, req.ip the ingress's), fixed by trust proxy 1. Then with the Redis store "
             "14 tests got 429 Too Many Requests instead of 200 or 401; npx jest --clearCache "
             "(31 failing) and rm -rf node_modules && npm ci (19) did not fix it, not a stale "
             "Jest cache nor the install; .env.test had no REDIS_URL since AUTH-176 (only "
             "TEST_REDIS_URL), so the app's client in src/lib/redis.js wrote to db 0 while "
             "tests/setup/resetRedis.js flushed db 1 and the counters outlived the tests; "
             "fixed by REDIS_URL=redis://127.0.0.1:6379/1 in .env.test.",
             must=(("too many requests", "tests got 429", "14 tests"),
                   (".env.test", "redis_url", "db 0", "db 1")),
             stale=("fixed by npm ci", "fixed by a clean install", "fixed by clearing the jest "
                    "cache", "fixed by --clearcache", "fixed by re-running", "fixed by a "
                    "re-run", "stale jest cache"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A Lua script error in rate-limit-redis; a Redis that did not start.",
             stale_means="The 429s 'fixed' by clearing the Jest cache, rm -rf node_modules && "
                         "npm ci or a re-run (a stale Jest cache)."),
    Question("key_values", "Which key values matter?",
             "10 attempts a minute; 60 through in 58 s (CB-07), 37 tickets (ZD-88412); 6 "
             "pods, the HPA 6 to 14; ingress controllers 10.42.3.17 and 10.42.5.9; 429s in 14, "
             "31 and 19 tests, then 146 passed (142 before); the counter at 27 with 44 s left, "
             "14 in the two-process check; rate-limit-redis 4.2.0; redis-sessions 3% CPU, 41 MB "
             "of 2 GB; PR #588; AUTH-231, AUTH-240, AUTH-176.",
             must=(("10.42.3.17", "10.42.5.9", "146 passed", "146 tests", "4.2.0"),
                   ("#588", "auth-231", "auth-240")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/middleware/loginLimiter.js is the login limiter (createLoginLimiter, the "
             "RedisStore); src/routes/auth.js mounts it on POST /login; src/app.js builds the "
             "app (buildApp, trust proxy); src/lib/redis.js is the ioredis client of "
             "redis-sessions (REDIS_URL, falling back to db 0 on localhost); .env.test is the "
             "tests' environment; tests/setup/resetRedis.js flushes TEST_REDIS_URL before each "
             "test; deploy/k8s/ingress.yaml is auth-api's ingress.",
             must=(("loginlimiter.js", "loginlimiter", "createloginlimiter"),
                   ("resetredis.js", ".env.test", "routes/auth.js", "tests/setup")),
             partial_means="The files named without what they hold.",
             wrong="src/config/login-limit.js as the limiter's settings in use."),
    Question("pending", "What work is still pending?",
             "Priya's point 4: passOnStoreError: true in createLoginLimiter and the test with "
             "a client whose call() rejects with ECONNREFUSED (a wrong password still 401), "
             "then npm test and the push to #588; the per-account limit later in AUTH-240.",
             must=(("passonstoreerror", "fail open", "fails open", "econnrefused",
                    "store that fails", "failing redis"),
                   ("push", "#588", "auth-240", "loginlimiter.test.js")),
             partial_means="passOnStoreError without its test or the push, or the reverse.",
             wrong="The X-Forwarded-For test or the reply on redis-sessions as pending.",
             stale_means="The per-username limit as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #588 (branch auth-231-shared-login-limit) is open and pushed with the Redis "
             "store, trust proxy 1, the .env.test fix and four new tests; all 146 tests pass, "
             "twice in a row; two processes share one count (401 ten times, then 429); Priya "
             "is answered on points 1 to 3; passOnStoreError and its test (point 4) are not "
             "started.",
             must=(("#588",),
                   ("146 passed", "146 tests", "tests pass"),
                   ("not started", "not written")),
             partial=2,
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or the limiter already fails open.",
             stale_means="Says each client is pinned to a pod by the ingress."),
)  # fmt: skip

PRODUCTION = None
