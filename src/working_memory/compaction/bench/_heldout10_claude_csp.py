"""Held out, tenth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, TypeScript/Express: the pentest (SEC-37)
finds no Content-Security-Policy; hashes of the inline scripts computed into a new
server/csp-hashes.json by a new scripts/hash-inline.ts, then the user changes the plan to a
nonce per request and both files are deleted; a Playwright failure ("Refused to execute inline
script") that adding 'strict-dynamic' did not fix and turning off helmet's own default CSP (a
second header the browser also enforced) did; a PR review relayed with four points: one done,
one pending, one answered on the PR, one a ticket; the assistant's last words name
regenerating the deleted hash file."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/lena/shopfront"
)
s.user(
    "The pentest report (SEC-37) says shopfront sends no Content-Security-Policy. Add a "
    "strict CSP to the Express app, server/app.ts. The checkout page has inline scripts and "
    "loads Stripe from js.stripe.com, and it has to keep working. Playwright e2e tests are in "
    "e2e/."
)
s.call(
    "Read",
    "     1→import express from 'express';\n     2→import helmet from 'helmet';\n"
    "     3→import { router } from './routes';\n     4→\n"
    "     5→export const app = express();\n     6→app.set('view engine', 'ejs');\n"
    "     7→app.use(helmet());\n     8→app.use(express.static('public'));\n"
    "     9→app.use(router);\n",
    file_path="/home/lena/shopfront/server/app.ts",
)
s.call(
    "Bash",
    "views/layout.ejs:12:    <script>window.__CONFIG__ = <%- JSON.stringify(config) %>;</script>\n"
    'views/checkout.ejs:4:  <script src="https://js.stripe.com/v3/"></script>\n'
    "views/checkout.ejs:5:  <script>const stripe = Stripe('<%= stripeKey %>'); "
    "mountCard(stripe);</script>\n"
    "views/account.ejs:30:  <script>document.getElementById('logout').onclick = () => "
    "logout();</script>\n",
    command='grep -rn "<script" views',
    description="Find the inline scripts in the templates",
)
s.call(
    "Bash",
    "Test Suites: 14 passed, 14 total\nTests:       96 passed, 96 total\n\n"
    "Running 4 tests using 2 workers\n  4 passed (11.2s)\n",
    command="npm test && npx playwright test",
    description="Run unit and e2e tests before changing anything",
)
s.say(
    "Three inline scripts. The checkout and account ones are static; layout.ejs inlines the "
    'config, which can be moved into a non-executable <script type="application/json"> '
    "block. Plan: hash the static inline scripts at build time. A scripts/hash-inline.ts "
    "computes the sha256 of every inline <script> in views/ into server/csp-hashes.json, and a "
    "server/csp.ts middleware builds script-src 'self' https://js.stripe.com plus the hashes."
)
s.call(
    "Write",
    "File created successfully at: /home/lena/shopfront/scripts/hash-inline.ts",
    file_path="/home/lena/shopfront/scripts/hash-inline.ts",
    content="import { createHash } from 'node:crypto';\nimport { readFileSync, readdirSync, "
    "writeFileSync } from 'node:fs';\n\nconst hashes: string[] = [];\n"
    "for (const f of readdirSync('views')) {\n"
    "  for (const m of readFileSync(`views/${f}`, 'utf8').matchAll(/<script>([\\s\\S]*?)"
    "<\\/script>/g)) {\n"
    "    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);\n"
    "  }\n}\nwriteFileSync('server/csp-hashes.json', JSON.stringify(hashes, null, 2));\n"
    "console.log(`wrote server/csp-hashes.json (${hashes.length} hashes)`);\n",
)
s.call(
    "Bash",
    "wrote server/csp-hashes.json (3 hashes)\n",
    command="npx tsx scripts/hash-inline.ts",
    description="Compute the inline script hashes",
)
s.user(
    "Change of plan: nonces, not hashes. Every edit to a template would need the hash file "
    "regenerated, and someone will forget and break checkout in prod. Generate a nonce per "
    "request in a middleware, put it on every inline script, and delete the hash script and "
    "csp-hashes.json."
)
s.say(
    "Right, a nonce per request has nothing to keep in step with the templates. Deleting "
    "scripts/hash-inline.ts and server/csp-hashes.json; server/csp.ts will make the nonce."
)
s.call(
    "Bash",
    "",
    command="rm scripts/hash-inline.ts server/csp-hashes.json",
    description="Delete the hash script and its output",
)
s.call(
    "Write",
    "File created successfully at: /home/lena/shopfront/server/csp.ts",
    file_path="/home/lena/shopfront/server/csp.ts",
    content="import { randomBytes } from 'node:crypto';\n"
    "import type { RequestHandler } from 'express';\n\n"
    "// a fresh nonce per response: only the scripts this response rendered may run\n"
    "export const csp: RequestHandler = (req, res, next) => {\n"
    "  const nonce = randomBytes(16).toString('base64');\n  res.locals.nonce = nonce;\n"
    "  res.setHeader('Content-Security-Policy', [\n    \"default-src 'self'\",\n"
    "    `script-src 'self' 'nonce-${nonce}' https://js.stripe.com`,\n"
    "    'frame-src https://js.stripe.com',\n    \"style-src 'self' 'unsafe-inline'\",\n"
    "    \"object-src 'none'\",\n    \"base-uri 'self'\",\n  ].join('; '));\n  next();\n};\n",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/server/app.ts has been updated.",
    file_path="/home/lena/shopfront/server/app.ts",
    old_string="import { router } from './routes';\n\nexport const app = express();\n"
    "app.set('view engine', 'ejs');\napp.use(helmet());\n",
    new_string="import { router } from './routes';\nimport { csp } from './csp';\n\n"
    "export const app = express();\napp.set('view engine', 'ejs');\napp.use(helmet());\n"
    "app.use(csp);\n",
)
s.call(
    "Bash",
    'views/layout.ejs:12:    <script nonce="<%= nonce %>">window.__CONFIG__ = <%- '
    "JSON.stringify(config) %>;</script>\n"
    'views/checkout.ejs:4:  <script src="https://js.stripe.com/v3/"></script>\n'
    'views/checkout.ejs:5:  <script nonce="<%= nonce %>">const stripe = Stripe(\'<%= '
    "stripeKey %>'); mountCard(stripe);</script>\n"
    "views/account.ejs:30:  <script nonce=\"<%= nonce %>\">document.getElementById('logout')"
    ".onclick = () => logout();</script>\n",
    command="sed -i 's/<script>/<script nonce=\"<%= nonce %>\">/' views/layout.ejs "
    "views/checkout.ejs views/account.ejs && grep -rn '<script' views",
    description="Put the nonce on every inline script",
)
s.call(
    "Bash",
    "Running 4 tests using 2 workers\n\n  ✘ e2e/checkout.spec.ts:8:3 › card form mounts (5.1s)\n"
    "  ✘ e2e/account.spec.ts:14:3 › logout button (5.0s)\n\n"
    "    Error: page console: Refused to execute inline script because it violates the "
    "following Content Security Policy directive: \"script-src 'self'\". Either the "
    "'unsafe-inline' keyword, a hash ('sha256-...'), or a nonce ('nonce-...') is required "
    "to enable inline execution.\n\n  2 failed\n  2 passed (14.8s)\n",
    command="npx playwright test",
    description="Run the e2e tests",
)
s.say(
    "The nonced scripts are refused. Stripe's v3 script loads more scripts of its own, so "
    "I'll add 'strict-dynamic': scripts loaded by a nonced script are then trusted too."
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/server/csp.ts has been updated.",
    file_path="/home/lena/shopfront/server/csp.ts",
    old_string="    `script-src 'self' 'nonce-${nonce}' https://js.stripe.com`,\n",
    new_string="    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://js.stripe.com`,\n",
)
s.call(
    "Bash",
    "  ✘ e2e/checkout.spec.ts:8:3 › card form mounts (5.1s)\n"
    "  ✘ e2e/account.spec.ts:14:3 › logout button (5.0s)\n\n"
    "    Error: page console: Refused to execute inline script because it violates the "
    "following Content Security Policy directive: \"script-src 'self'\".\n\n"
    "  2 failed\n  2 passed (14.6s)\n",
    command="npx playwright test",
    description="Re-run the e2e tests",
)
s.say(
    "Same failure, and the directive it quotes is \"script-src 'self'\" with no nonce: that "
    "isn't the policy csp.ts writes. Checking the headers the server actually sends."
)
s.call(
    "Bash",
    "content-security-policy: default-src 'self';base-uri 'self';font-src 'self' https: data:;"
    "form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';"
    "script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';"
    "upgrade-insecure-requests\n"
    "content-security-policy: default-src 'self'; script-src 'self' "
    "'nonce-mP3k0vQ8a1ZtY2xw9bH4Jg==' 'strict-dynamic' https://js.stripe.com; frame-src "
    "https://js.stripe.com; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri "
    "'self'\n",
    command="npm run dev & sleep 3; curl -sI localhost:3000/checkout | grep -i "
    "content-security-policy",
    description="Look at the CSP headers on /checkout",
)
s.say(
    "Two CSP headers. helmet() sets a default Content-Security-Policy of its own, and a "
    "browser enforces every CSP it receives, so helmet's script-src 'self' blocks each inline "
    "script whatever my nonce allows. The fix is helmet({ contentSecurityPolicy: false }), so "
    "csp.ts sends the only policy. I'm also taking 'strict-dynamic' out again: it wasn't the "
    "cause, and with it the browser ignores the https://js.stripe.com allow-list entry."
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/server/app.ts has been updated.",
    file_path="/home/lena/shopfront/server/app.ts",
    old_string="app.use(helmet());\n",
    new_string="// csp.ts sends the only policy: helmet's default would be enforced as well\n"
    "app.use(helmet({ contentSecurityPolicy: false }));\n",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/server/csp.ts has been updated.",
    file_path="/home/lena/shopfront/server/csp.ts",
    old_string="    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://js.stripe.com`,\n",
    new_string="    `script-src 'self' 'nonce-${nonce}' https://js.stripe.com`,\n",
)
s.call(
    "Write",
    "File created successfully at: /home/lena/shopfront/server/csp.test.ts",
    file_path="/home/lena/shopfront/server/csp.test.ts",
    content="import request from 'supertest';\nimport { app } from './app';\n\n"
    "test('one CSP header with a fresh nonce per response', async () => {\n"
    "  const a = await request(app).get('/checkout');\n"
    "  const b = await request(app).get('/checkout');\n"
    "  expect(a.headers['content-security-policy'].split(',')).toHaveLength(1);\n"
    "  expect(nonceOf(a)).not.toBe(nonceOf(b));\n});\n",
)
s.call(
    "Bash",
    "Test Suites: 15 passed, 15 total\nTests:       98 passed, 98 total\n\n"
    "Running 4 tests using 2 workers\n  4 passed (11.6s)\n",
    command="npm test && npx playwright test",
    description="Run unit and e2e tests",
)
s.say(
    "All 98 unit tests and the 4 Playwright tests pass. server/csp.ts sends the only CSP, "
    "with a 16-byte nonce per response on every inline script; helmet's own CSP is off."
)
s.user(
    "Tomás reviewed PR #88:\n"
    "1. Ship it as Content-Security-Policy-Report-Only for a week first, so we see what it "
    "breaks in prod.\n"
    "2. Report-only is no use without somewhere for the reports to go: add a report-uri "
    "endpoint.\n"
    "3. Math.random nonces are guessable.\n"
    "4. style-src still allows 'unsafe-inline'.\n"
    "My answers: 1 yes, behind an env var CSP_REPORT_ONLY, on by default. 2 yes, POST "
    "/csp-report that logs each report at warn. 3 he's misread it, it's randomBytes(16): "
    "reply on the PR. 4 is SEC-41, the inline styles in the email templates have to go "
    "first."
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/server/csp.ts has been updated.",
    file_path="/home/lena/shopfront/server/csp.ts",
    old_string="  res.setHeader('Content-Security-Policy', [\n",
    new_string="  // report-only until CSP_REPORT_ONLY=0: a week of reports before we enforce\n"
    "  const header = process.env.CSP_REPORT_ONLY === '0'\n"
    "    ? 'Content-Security-Policy' : 'Content-Security-Policy-Report-Only';\n"
    "  res.setHeader(header, [\n",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/server/csp.test.ts has been updated.",
    file_path="/home/lena/shopfront/server/csp.test.ts",
    old_string="test('one CSP header",
    new_string="test('report-only unless CSP_REPORT_ONLY=0', async () => {\n"
    "  const res = await request(app).get('/checkout');\n"
    "  expect(res.headers['content-security-policy-report-only']).toBeDefined();\n"
    "  expect(res.headers['content-security-policy']).toBeUndefined();\n});\n\n"
    "test('one CSP header",
)
s.call(
    "Bash",
    "Test Suites: 15 passed, 15 total\nTests:       99 passed, 99 total\n",
    command="npm test",
    description="Run the unit tests",
)
s.call(
    "Bash",
    "https://github.com/lena/shopfront/pull/88#issuecomment-2291047\n",
    command='gh pr comment 88 --body "On 3: the nonce is crypto.randomBytes(16), base64, '
    'new for every response (server/csp.ts), not Math.random."',
    description="Answer point 3 on the PR",
)
s.say(
    "Point 1 is done: csp.ts sends Content-Security-Policy-Report-Only unless "
    "CSP_REPORT_ONLY=0, with a test; 99 tests pass. Point 3 is answered on PR #88. Point 4 "
    "is SEC-41."
)
s.call(
    "Bash",
    " M server/app.ts\n M views/account.ejs\n M views/checkout.ejs\n M views/layout.ejs\n"
    "?? server/csp.test.ts\n?? server/csp.ts\n",
    command="git status --short",
    description="See what the branch changes",
)
s.say(
    "Next I'll rerun scripts/hash-inline.ts to regenerate server/csp-hashes.json now that the "
    "inline scripts carry nonce attributes."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "SEC-37: shopfront sends no Content-Security-Policy; add a strict CSP to the "
             "Express app (server/app.ts) without breaking checkout, which has inline scripts "
             "and loads Stripe from js.stripe.com.",
             must=(("content-security-policy", "csp"),
                   ("checkout", "stripe", "inline script")),
             partial_means="The CSP without the checkout and its inline scripts, or the "
                           "reverse.",
             wrong="A CORS problem; an XSS bug in one template."),
    Question("latest_request", "What did the user last ask?",
             "Tomás's PR #88 review with the user's answers: (1) ship as "
             "Content-Security-Policy-Report-Only behind CSP_REPORT_ONLY, on by default; (2) a "
             "POST /csp-report endpoint that logs each report at warn; (3) reply on the PR "
             "that the nonce is randomBytes(16); (4) style-src 'unsafe-inline' is SEC-41.",
             must=(("report-only", "csp_report_only"), ("csp-report", "report-uri"),
                   ("randombytes", "sec-41", "reply")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomás", "tomas", "answers", "answered"),
             partial_means="One or two of the points to act on.",
             wrong="Removing 'unsafe-inline' from style-src in this PR.",
             stale_means="The first request or the change of plan to nonces given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomás's 2: add the POST /csp-report endpoint that logs each report at warn, "
             "point the policy at it (report-uri /csp-report in server/csp.ts), test it, run "
             "npm test and the Playwright tests. The hash script and csp-hashes.json were "
             "deleted; report-only and the reply are done.",
             must=(("csp-report", "report-uri"), ("post", "endpoint", "route", "warn")),
             stale=("csp-hashes.json", "hash-inline.ts"),
             partial_means="Says to run the tests or update the PR without the endpoint.",
             wrong="Dropping 'unsafe-inline' from style-src; adding 'strict-dynamic'.",
             stale_means="Says to regenerate server/csp-hashes.json with hash-inline.ts: both "
                         "were deleted when the user chose nonces."),
    Question("files_edited", "Which files were changed, and why?",
             "server/csp.ts (new: the middleware, a randomBytes(16) nonce per response, the "
             "policy, report-only unless CSP_REPORT_ONLY=0); server/app.ts (helmet({ "
             "contentSecurityPolicy: false }), app.use(csp)); views/layout.ejs, "
             "views/checkout.ejs, views/account.ejs (nonce on every inline script); "
             "server/csp.test.ts (one header, fresh nonce, report-only). scripts/hash-inline.ts "
             "and server/csp-hashes.json were created and deleted.",
             must=(("csp.ts",), ("app.ts",),
                   ("checkout.ejs", "layout.ejs", "account.ejs", "csp.test.ts", "views")),
             stale=("csp-hashes.json", "hash-inline.ts"),
             spread=True,
             partial_means="One or two of the files.",
             wrong="e2e/checkout.spec.ts given as edited.",
             stale_means="scripts/hash-inline.ts or server/csp-hashes.json listed as current "
                         "changes."),
    Question("decisions", "What was decided, and what does it rule out?",
             "A nonce per request, made in server/csp.ts and put on every inline script, and "
             "csp.ts sends the only policy (helmet's CSP off); rules out hashing the inline "
             "scripts (hash-inline.ts, csp-hashes.json), 'strict-dynamic', and helmet's "
             "default CSP.",
             must=(("nonce",), ("hash", "strict-dynamic", "helmet")),
             stale=("hash the static inline scripts at build time",
                    "script-src 'self' https://js.stripe.com plus the hashes"),
             partial_means="Nonces without what they rule out.",
             wrong="'unsafe-inline' for scripts.",
             stale_means="Hashes of the inline scripts given as the design."),
    Question("review", "What did the review find?",
             "Tomás on PR #88: (1) ship report-only for a week first (done, CSP_REPORT_ONLY); "
             "(2) report-only needs a report-uri endpoint (pending); (3) Math.random nonces are "
             "guessable (misread: randomBytes(16), answered on the PR); (4) style-src still "
             "allows 'unsafe-inline' (SEC-41).",
             must=(("report-only",), ("report-uri", "csp-report", "endpoint"),
                   ("math.random", "guessable"), ("style-src", "sec-41")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomás", "tomas", "pr #88"),
             partial_means="Two or three of the four points.",
             wrong="The Playwright failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Change of plan: nonces, not hashes, because every template edit would need the "
             "hash file regenerated and someone would forget; delete the hash script and "
             "csp-hashes.json.",
             must=(("nonce",), ("hash", "regenerat", "forget")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "wants", "change of plan", "changed"),
             partial_means="Nonces without why, or the reverse.",
             wrong="The two CSP headers given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The Playwright checkout and account tests failed: \"Refused to execute inline "
             "script because it violates ... script-src 'self'\"; adding 'strict-dynamic' did "
             "not fix it; the cause was helmet()'s own default CSP, a second header the browser "
             "also enforces; fixed by helmet({ contentSecurityPolicy: false }) ('strict-dynamic' "
             "taken out again).",
             must=(("refused to execute", "playwright", "card form mounts"),
                   ("helmet", "contentsecuritypolicy: false", "two csp headers",
                    "second header")),
             stale=("fixed by adding 'strict-dynamic'", "fixed by 'strict-dynamic'",
                    "fixed by strict-dynamic"),
             partial_means="The failure without helmet's header as the cause and fix.",
             wrong="Stripe's iframe blocked by frame-src.",
             stale_means="The failure 'fixed' by 'strict-dynamic': the tests failed the same "
                         "way after it."),
    Question("key_values", "Which key values matter?",
             "99 unit tests and 4 Playwright tests pass (96 before); PR #88; SEC-37, SEC-41; a "
             "16-byte nonce (randomBytes(16)); CSP_REPORT_ONLY.",
             must=(("99",), ("#88", "sec-41", "sec-37", "csp_report_only")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "server/app.ts is the Express app (helmet, the middleware, the router); "
             "server/csp.ts the CSP middleware (nonce and header); views/*.ejs the templates "
             "with the inline scripts (layout, checkout, account).",
             must=(("csp.ts",), ("middleware", "nonce", "header"),
                   ("app.ts", "checkout.ejs", "views")),
             partial_means="The files named without what they hold.",
             wrong="csp-hashes.json as the policy."),
    Question("pending", "What work is still pending?",
             "The POST /csp-report endpoint and report-uri (Tomás's 2), with a test and a test "
             "run; style-src 'unsafe-inline' later (SEC-41).",
             must=(("csp-report", "report-uri"), ("sec-41", "style-src", "test")),
             partial_means="The endpoint without the rest, or the reverse.",
             wrong="Report-only or the reply on the PR as pending."),
    Question("state", "What is the state of the work?",
             "A nonce CSP from server/csp.ts is the only policy (helmet's off), report-only by "
             "default; 99 unit and 4 Playwright tests pass; the nonce point is answered on PR "
             "#88; the /csp-report endpoint is not written; nothing committed.",
             must=(("99",), ("csp-report", "report-uri", "not written")),
             partial_means="The CSP without what remains.",
             wrong="Says the report endpoint is done.",
             stale_means="Says the policy is built from csp-hashes.json."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
SEC-37 asked for a strict CSP on shopfront; I started with hashes of the inline scripts, the user changed the plan to nonces; a Playwright failure came from helmet's own CSP; Tomás reviewed PR #88.

Summary:
1. Primary Request and Intent:
   The pentest (SEC-37) found that shopfront sends no Content-Security-Policy: add a strict CSP to the Express app (server/app.ts) without breaking checkout, which has inline scripts and loads Stripe from js.stripe.com. The user then changed the plan: a nonce per request, not hashes. Latest request (Tomás's review of PR #88, with the user's answers): (1) ship as Content-Security-Policy-Report-Only behind CSP_REPORT_ONLY, on by default; (2) add a POST /csp-report endpoint that logs each report at warn; (3) reply on the PR that the nonce is randomBytes(16); (4) style-src 'unsafe-inline' is SEC-41.
2. Key Technical Concepts:
   - Decision: a nonce per response made in server/csp.ts, on every inline script; this rules out hashing the inline scripts (scripts/hash-inline.ts, server/csp-hashes.json).
   - A browser enforces every CSP header it receives, so helmet's default CSP must be off.
3. Files and Code Sections:
   - server/csp.ts (new): the CSP middleware, randomBytes(16) nonce in res.locals.nonce, report-only unless CSP_REPORT_ONLY=0.
   - server/app.ts (edited): helmet({ contentSecurityPolicy: false }), app.use(csp).
   - views/layout.ejs, views/checkout.ejs, views/account.ejs (edited): nonce on every inline script.
   - server/csp.test.ts (new): one header, a fresh nonce per response, report-only by default.
   - scripts/hash-inline.ts and server/csp-hashes.json: created, then deleted when the plan changed.
4. Errors and fixes:
   - Playwright "card form mounts" failed: Refused to execute inline script, directive "script-src 'self'". Adding 'strict-dynamic' did not fix it; the cause was helmet's default CSP, a second header; fixed by helmet({ contentSecurityPolicy: false }), and 'strict-dynamic' was removed again.
5. Problem Solving:
   Tomás's review found: report-only for a week first (done); report-only needs a report-uri endpoint (not written); Math.random nonces are guessable (misread, answered on PR #88); style-src still allows 'unsafe-inline' (SEC-41).
6. All user messages:
   - The SEC-37 request for a strict CSP.
   - "Change of plan: nonces, not hashes ... delete the hash script and csp-hashes.json."
   - Tomás's comments on PR #88, with answers.
7. Pending Tasks:
   - The POST /csp-report endpoint (logs at warn) and report-uri in the policy, with a test.
   - style-src 'unsafe-inline' later (SEC-41).
8. Current Work:
   Report-only and the PR reply are done; 99 unit tests and 4 Playwright tests pass; nothing committed.
9. Optional Next Step:
   Add the POST /csp-report route that logs each report at warn, add report-uri /csp-report to the policy in server/csp.ts, with a test, then run npm test and npx playwright test."""
