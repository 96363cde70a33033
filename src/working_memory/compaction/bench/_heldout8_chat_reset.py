"""Held out, eighth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, Node: password reset
links work again and again for 24 hours; a used_reset_tokens table (src/auth/usedTokens.js and a
migration) written, then dropped after the user asks mid-task whether an older link survives a
newer reset, for a fingerprint of the password hash signed into the token; a reuse test that
still passes the old token, which reloading the user did not fix and an HMAC of the whole bcrypt
hash did (the first seven characters, '$2b$12$', are the same for every user); a review with the
user's answers inline: one done, one written and untested, one rejected (nginx already limits
the endpoint), one a ticket; the assistant's last words name the rejected rate limit."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a coding assistant working in the harbornote repository (Node 20, Express API in "
    "src/, Postgres through knex, migrations in migrations/, tests with jest in test/). You can "
    "read, write, edit and delete files and run shell commands."
)
s.user(
    "A pen-tester found that a password reset link can be used over and over for 24 hours: "
    "whoever gets hold of the e-mail can reset the password again after the user did. Reset "
    "is in src/auth/reset.js. A link must work once."
)
s.call(
    "read_file",
    "const jwt = require('jsonwebtoken');\nconst { RESET_SECRET } = require('../config');\n\n"
    "function issueResetToken(user) {\n"
    "  return jwt.sign({ sub: user.id, purpose: 'reset' }, RESET_SECRET, { expiresIn: '24h' });\n"
    "}\n\nasync function resetPassword(db, token, newPassword) {\n"
    "  const claims = jwt.verify(token, RESET_SECRET);\n"
    "  if (claims.purpose !== 'reset') throw new BadToken();\n"
    "  await db('users').where({ id: claims.sub })\n"
    "    .update({ password_hash: await bcrypt.hash(newPassword, 12) });\n}\n\n"
    "module.exports = { issueResetToken, resetPassword };\n",
    path="src/auth/reset.js",
)
s.call(
    "read_file",
    "const { issueResetToken, resetPassword } = require('../auth/reset');\n\n"
    "router.post('/password/forgot', async (req, res) => {\n"
    "  const user = await req.db('users').where({ email: req.body.email }).first();\n"
    "  if (user) await mailer.send(user.email, 'reset', { link: `${BASE}/password/reset?token=$"
    "{issueResetToken(user)}` });\n"
    "  res.sendStatus(202);  // the same answer whether or not the address exists\n});\n\n"
    "router.get('/password/reset', (req, res) => {\n"
    "  res.render('reset', { token: req.query.token });\n});\n\n"
    "router.post('/password/reset', async (req, res) => {\n"
    "  try { await resetPassword(req.db, req.body.token, req.body.password); }\n"
    "  catch (e) { return res.sendStatus(400); }\n  res.sendStatus(204);\n});\n",
    path="src/routes/password.js",
)
s.say(
    "The token is a stateless JWT: nothing records that it was used, so it verifies until it "
    "expires. I'll give each token a jti and keep the used ones: a used_reset_tokens table "
    "(jti primary key, used_at), a small src/auth/usedTokens.js with markUsed(jti) that fails "
    "on a duplicate, and resetPassword() calls it before updating the password."
)
s.call(
    "write_file",
    "Wrote migrations/20261202_used_reset_tokens.js",
    path="migrations/20261202_used_reset_tokens.js",
    content="exports.up = (knex) => knex.schema.createTable('used_reset_tokens', (t) => {\n"
    "  t.string('jti', 36).primary();\n  t.timestamp('used_at').defaultTo(knex.fn.now());\n"
    "});\nexports.down = (knex) => knex.schema.dropTable('used_reset_tokens');\n",
)
s.call(
    "write_file",
    "Wrote src/auth/usedTokens.js",
    path="src/auth/usedTokens.js",
    content="async function markUsed(db, jti) {\n"
    "  // the primary key makes a second use fail\n"
    "  await db('used_reset_tokens').insert({ jti });\n}\nmodule.exports = { markUsed };\n",
)
s.user(
    "Before you go on, a question: if I request two reset links and use the newer one, does "
    "the older one still work afterwards? And if I change my password from the settings page, "
    "does an old reset link still work?"
)
s.say(
    "With the table, yes to both: the older link has its own jti, never used, so it still "
    "resets the password until it expires, and a password change from settings doesn't touch "
    "the table. That's a better rule than 'once per token': a reset link should die as soon as "
    "the password changes, by any route. Putting a fingerprint of the current password hash "
    "in the token does that with no table: resetPassword() rejects a token whose fingerprint "
    "no longer matches, and using it changes the hash, so it also works only once. I'd drop "
    "the table and usedTokens.js."
)
s.user("Yes, do that. Delete the migration and usedTokens.js; no new table.")
s.call(
    "run",
    "$ rm migrations/20261202_used_reset_tokens.js src/auth/usedTokens.js && git status "
    "--short\n(no output)",
    command="rm migrations/20261202_used_reset_tokens.js src/auth/usedTokens.js && git status "
    "--short",
)
s.call(
    "edit_file",
    "Edited src/auth/reset.js",
    path="src/auth/reset.js",
    old="function issueResetToken(user) {\n"
    "  return jwt.sign({ sub: user.id, purpose: 'reset' }, RESET_SECRET, { expiresIn: '24h' });\n",
    new="// a token names the password it may replace: any change of the hash retires it\n"
    "const fingerprint = (user) => user.password_hash.slice(0, 7);\n\n"
    "function issueResetToken(user) {\n"
    "  return jwt.sign({ sub: user.id, purpose: 'reset', pwf: fingerprint(user) }, "
    "RESET_SECRET,\n    { expiresIn: '24h' });\n",
)
s.call(
    "edit_file",
    "Edited src/auth/reset.js",
    path="src/auth/reset.js",
    old="  if (claims.purpose !== 'reset') throw new BadToken();\n",
    new="  if (claims.purpose !== 'reset') throw new BadToken();\n"
    "  const user = await db('users').where({ id: claims.sub }).first();\n"
    "  if (!user || claims.pwf !== fingerprint(user)) throw new BadToken();\n",
)
s.call(
    "write_file",
    "Wrote test/reset.test.js",
    path="test/reset.test.js",
    content="test('a reset link works once', async () => {\n"
    "  const token = issueResetToken(await userNamed('ada'));\n"
    "  expect((await post('/password/reset', { token, password: 'n3w-pass' })).status)"
    ".toBe(204);\n"
    "  expect((await post('/password/reset', { token, password: 'again' })).status)"
    ".toBe(400);\n});\n\n"
    "test('a password change retires older links', async () => {\n"
    "  const old = issueResetToken(await userNamed('ada'));\n"
    "  await changePassword('ada', 'settings-pass');\n"
    "  expect((await post('/password/reset', { token: old, password: 'x' })).status)"
    ".toBe(400);\n});\n",
)
s.call(
    "run",
    "$ npx jest test/reset.test.js\n FAIL  test/reset.test.js\n"
    "  ✕ a reset link works once (61 ms)\n  ✕ a password change retires older links (48 ms)\n"
    "    expect(received).toBe(expected)\n    Expected: 400\n    Received: 204\n"
    "Tests:       2 failed, 2 total",
    command="npx jest test/reset.test.js",
)
s.say(
    "Both fail the same way: the second use still gets 204. userNamed() in the test helpers "
    "probably hands back a cached user row, so the token is issued from an old object. I'll "
    "make the helper reload the user from the database."
)
s.call(
    "edit_file",
    "Edited test/helpers.js",
    path="test/helpers.js",
    old="const userNamed = (name) => cache[name];\n",
    new="const userNamed = (name) => db('users').where({ name }).first();\n",
)
s.call(
    "run",
    "$ npx jest test/reset.test.js\n  ✕ a reset link works once (59 ms)\n"
    "  ✕ a password change retires older links (51 ms)\n    Expected: 400\n    Received: 204\n"
    "Tests:       2 failed, 2 total",
    command="npx jest test/reset.test.js",
)
s.call(
    "run",
    '$ node -e "...print fingerprints before and after a reset"\nbefore: $2b$12$  after: $2b$12$',
    command="node -e \"const b=require('bcrypt');(async()=>{const a=await b.hash('x',12),"
    "c=await b.hash('y',12);console.log('before:',a.slice(0,7),' after:',c.slice(0,7))})()\"",
)
s.say(
    "The helper was not it. The first seven characters of a bcrypt hash are the algorithm and "
    "cost, '$2b$12$', the same for every user and every password, so the fingerprint never "
    "changes. Putting the test helper back. The fingerprint has to cover the whole hash, and "
    "since the token is only signed, not encrypted, it must not reveal any of it: an HMAC of "
    "the full password_hash with RESET_SECRET, cut to 16 characters."
)
s.call(
    "run",
    "$ git checkout -- test/helpers.js\n(no output)",
    command="git checkout -- test/helpers.js",
)
s.call(
    "edit_file",
    "Edited src/auth/reset.js",
    path="src/auth/reset.js",
    old="const fingerprint = (user) => user.password_hash.slice(0, 7);\n",
    new="const fingerprint = (user) => crypto.createHmac('sha256', RESET_SECRET)\n"
    "  .update(user.password_hash).digest('base64url').slice(0, 16);\n",
)
s.call(
    "run",
    "$ npx jest\nTest Suites: 9 passed, 9 total\nTests:       58 passed, 58 total",
    command="npx jest",
)
s.say(
    "Fixed: the token carries pwf, an HMAC of the user's whole password hash, and "
    "resetPassword() refuses a token whose pwf no longer matches. A link works once, and any "
    "password change (another reset link, the settings page) retires older links. All 58 "
    "tests pass."
)
s.user(
    "Ravi reviewed it. His notes, my answers after the arrows:\n"
    "- 24h is far too long for a reset link -> agreed, 30 minutes.\n"
    "- The token is in the URL's query string, so the reset page leaks it to any third-party "
    "script or image through the Referer header -> yes, send Referrer-Policy: no-referrer on "
    "GET /password/reset.\n"
    "- POST /password/forgot has no rate limit, anyone can mail-bomb a user -> no, nginx "
    "already has limit_req on /password/ (5r/m), see deploy/nginx.conf; not in the app.\n"
    "- Other sessions stay logged in after a reset -> yes, but later: AUTH-212.\n"
    "Do the first two."
)
s.call(
    "edit_file",
    "Edited src/auth/reset.js",
    path="src/auth/reset.js",
    old="    { expiresIn: '24h' });\n",
    new="    { expiresIn: '30m' });\n",
)
s.call(
    "edit_file",
    "Edited test/reset.test.js",
    path="test/reset.test.js",
    old="test('a password change retires older links', async () => {\n",
    new="test('a link expires after 30 minutes', async () => {\n"
    "  const token = issueResetToken(await userNamed('ada'));\n"
    "  jest.setSystemTime(Date.now() + 31 * 60 * 1000);\n"
    "  expect((await post('/password/reset', { token, password: 'x' })).status).toBe(400);\n"
    "});\n\n"
    "test('a password change retires older links', async () => {\n",
)
s.call(
    "run",
    "$ npx jest test/reset.test.js\nTests:       3 passed, 3 total",
    command="npx jest test/reset.test.js",
)
s.call(
    "edit_file",
    "Edited src/routes/password.js",
    path="src/routes/password.js",
    old="router.get('/password/reset', (req, res) => {\n",
    new="router.get('/password/reset', (req, res) => {\n"
    "  // the token is in the query string: never send it on as a Referer\n"
    "  res.set('Referrer-Policy', 'no-referrer');\n",
)
s.say(
    "Reset links now expire after 30 minutes, and GET /password/reset sends "
    "Referrer-Policy: no-referrer. Next I'll add a rate limit to POST /password/forgot so it "
    "can't be used to mail-bomb a user."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "A pen-tester found that a password reset link can be used over and over for 24 "
             "hours; make a link work once (reset is in src/auth/reset.js).",
             must=(("reset link", "reset token", "password reset"),
                   ("once", "over and over", "again")),
             partial_means="The reset named without the reuse, or the reverse.",
             wrong="A login bug; rate limiting the forgot endpoint."),
    Question("latest_request", "What did the user last ask?",
             "Ravi's review, with the user's answers: do the first two, 30-minute links and "
             "Referrer-Policy: no-referrer on GET /password/reset; no rate limit in the app "
             "(nginx limit_req already); other sessions later, AUTH-212.",
             must=(("30 minutes", "30m"), ("referrer-policy", "no-referrer", "referer"),
                   ("nginx", "limit_req", "no rate limit", "auth-212", "first two")),
             partial_means="One or two of: the expiry, the header, what is not to be done.",
             wrong="A rate limit on POST /password/forgot.",
             stale_means="The no-table decision or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Test the Referrer-Policy header on GET /password/reset (the change is written, "
             "nothing ran after it): add a test and run npx jest, then report. No rate limit: "
             "nginx already limits /password/.",
             must=(("referrer-policy", "no-referrer", "referer"), ("test", "jest")),
             stale=("add a rate limit to post /password/forgot", "reload the user from the "
                    "database"),
             partial_means="Says to run the tests without the header, or the header without "
                           "a test.",
             wrong="Logging out other sessions now; a used-token table.",
             stale_means="Says to add a rate limit to POST /password/forgot: the user rejected "
                         "it (nginx limit_req)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/auth/reset.js (pwf, an HMAC of the whole password hash, in the token and "
             "checked in resetPassword(); expiresIn 30m); test/reset.test.js (new: once, "
             "expiry, password change); src/routes/password.js (Referrer-Policy: no-referrer). "
             "migrations/20261202_used_reset_tokens.js and src/auth/usedTokens.js were created "
             "and deleted; test/helpers.js reverted.",
             must=(("reset.js",), ("reset.test.js",), ("routes/password.js",)),
             stale=("usedtokens.js", "20261202_used_reset_tokens"),
             spread=True,
             partial_means="One or two of the three.",
             wrong="deploy/nginx.conf given as changed.",
             stale_means="usedTokens.js or the used_reset_tokens migration listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Sign a fingerprint of the current password hash (pwf, an HMAC with RESET_SECRET) "
             "into the token so any password change retires every older link and a link works "
             "once; rules out a used_reset_tokens table of used jtis (older links would still "
             "work) and a bare prefix of the hash.",
             must=(("fingerprint", "pwf", "hmac"),
                   ("used_reset_tokens", "no table", "no new table", "jti")),
             stale=("keep the used ones", "markused"),
             partial_means="The fingerprint without what it rules out.",
             wrong="A table of used tokens given as the design.",
             stale_means="The used_reset_tokens table given as the design."),
    Question("review", "What did the review find?",
             "Ravi: (1) 24h is far too long: 30 minutes, done; (2) the token in the query "
             "string leaks through the Referer header: Referrer-Policy: no-referrer, written; "
             "(3) POST /password/forgot has no rate limit: rejected, nginx limit_req already; "
             "(4) other sessions stay logged in after a reset: AUTH-212.",
             must=(("24h", "too long", "30 minutes"), ("referer", "referrer"),
                   ("rate limit", "mail-bomb", "limit_req"),
                   ("sessions", "logged in", "auth-212")),
             partial_means="Two or three of the four findings.",
             wrong="The '$2b$12$' fingerprint (the agent's own test found that)."),
    Question("corrections", "How did the user correct the agent?",
             "The user's question (does an older link still work after a newer one is used, or "
             "after a password change in settings?) turned the plan: no new table; delete the "
             "migration and usedTokens.js.",
             must=(("older", "settings", "two reset links"),
                   ("no new table", "usedtokens.js", "migration")),
             partial_means="The question without what it changed, or the reverse.",
             wrong="Ravi's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test/reset.test.js: both tests failed (Expected: 400, Received: 204), the second "
             "use still worked; reloading the user in test/helpers.js did not fix it (the "
             "helper was not the cause, reverted); the fingerprint, the first seven characters "
             "of the bcrypt hash, is '$2b$12$' for everyone; fixed by an HMAC of the whole "
             "password_hash.",
             must=(("received: 204", "204", "expected: 400"),
                   ("$2b$12$", "hmac", "whole hash", "whole password hash")),
             stale=("fixed by reloading", "hands back a cached user row"),
             partial_means="The failing tests without the HMAC fix.",
             wrong="The pen-tester's reuse given as the test error.",
             stale_means="The failure put down to a cached user in the test helper."),
    Question("key_values", "Which key values matter?",
             "24h then 30 minutes; '$2b$12$'; the fingerprint cut to 16 characters; 58 tests "
             "passed (3 in reset.test.js after the expiry test); nginx limit_req 5r/m; "
             "AUTH-212.",
             must=(("58", "3 passed"), ("30 minutes", "30m", "5r/m", "auth-212", "$2b$12$")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/auth/reset.js issues and checks reset tokens (issueResetToken, "
             "resetPassword); src/routes/password.js holds the /password routes; "
             "deploy/nginx.conf has the limit_req on /password/; test/helpers.js the test "
             "helpers (userNamed).",
             must=(("reset.js",), ("issueresettoken", "resetpassword", "reset tokens"),
                   ("routes/password.js", "nginx.conf")),
             partial_means="reset.js without the other files, or the reverse.",
             wrong="usedTokens.js described as a current file."),
    Question("pending", "What work is still pending?",
             "Test the Referrer-Policy header and run the suite; AUTH-212 (log out other "
             "sessions) later.",
             must=(("referrer-policy", "no-referrer", "referer"),
                   ("test", "untested", "jest")),
             partial_means="One of the two.",
             wrong="A rate limit in the app; a used-token table."),
    Question("state", "What is the state of the work?",
             "Links work once and die on any password change (58 tests passed); they expire "
             "after 30 minutes (tested, 3 passed); the Referrer-Policy header is written but "
             "untested; nothing is committed.",
             must=(("30 minutes", "30m"), ("referrer-policy", "no-referrer", "referer"),
                   ("untested", "not tested", "not run", "uncommitted", "not committed")),
             partial_means="The working links without the untested header.",
             wrong="Says a reset link still works twice.",
             stale_means="Says links still last 24h."),
)  # fmt: skip

PRODUCTION = None
