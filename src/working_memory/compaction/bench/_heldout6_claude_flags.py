"""Held out, sixth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code: customers in a 10% feature-flag rollout
flip between the old and the new checkout because every evaluation rolls Math.random(); a
per-user assignment store in Redis (src/flags/assignmentStore.ts) written, then ruled out by the
user for a stateless sha1 bucket the Go billing service computes too, and deleted; a bucket that
disagrees with the Go service's golden values, which passing 'utf8' to update() did not fix and
reading the digest's first four bytes as Go does did; a review the user relays with three
findings, one left for the PR description; the anonymous-visitor fallback written last,
untested, the debug log line still in; the assistant's last words name the fallback its last
call already wrote. The production compaction is Claude Code's full nine-section one."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/lena/shopfront"
)
s.user(
    "Customers in the new-checkout rollout keep flipping between the old and the new checkout: "
    "the cart page shows the new one, then payment shows the old one, and the order fails "
    "validation. Support has 40 tickets this week. The flag is at 10% and flags are evaluated "
    "in src/flags/rollout.ts. Find out why and fix it."
)
s.call(
    "Read",
    "     1→import { flags } from './config';\n     2→\n"
    "     3→export interface FlagContext {\n     4→  userId?: string;\n     5→}\n     6→\n"
    "     7→export function isEnabled(flagKey: string, ctx: FlagContext): boolean {\n"
    "     8→  const flag = flags[flagKey];\n     9→  if (!flag) return false;\n"
    "    10→  if (flag.percent >= 100) return true;\n"
    "    11→  return Math.random() * 100 < flag.percent;\n    12→}\n",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
)
s.call(
    "Grep",
    "src/routes/cart.ts:22:  const newCheckout = isEnabled('new-checkout', { userId: "
    "req.user?.id });\n"
    "src/routes/payment.ts:17:  if (isEnabled('new-checkout', { userId: req.user?.id })) {\n"
    "src/flags/config.ts:4:  'new-checkout': { percent: 10 },\n"
    "src/flags/config.ts:5:  'saved-carts': { percent: 50 },",
    pattern="isEnabled\\(|percent:",
    path="/home/lena/shopfront/src",
    output_mode="content",
)
s.say(
    "Found it. isEnabled() ignores the user entirely: every call rolls Math.random(), so each "
    "request gets a fresh 10% chance. cart.ts and payment.ts evaluate new-checkout separately, "
    "so a customer who was in on the cart page is out again on the payment page nine times in "
    "ten.\n\nPlan: assign each user once and remember it. A new src/flags/assignmentStore.ts "
    "keeps each user's variant in Redis (HSET flag:new-checkout <userId> on|off, no expiry); "
    "isEnabled() reads the stored variant first and only rolls, then stores, on a miss."
)
s.call(
    "Write",
    "File created successfully at: /home/lena/shopfront/src/flags/assignmentStore.ts",
    file_path="/home/lena/shopfront/src/flags/assignmentStore.ts",
    content="import { redis } from '../redis';\n\n"
    "// A user's variant is rolled once and kept, so every page agrees.\n"
    "export async function assignment(flagKey: string, userId: string, percent: number): "
    "Promise<boolean> {\n"
    "  const key = `flag:${flagKey}`;\n  const stored = await redis.hget(key, userId);\n"
    "  if (stored) return stored === 'on';\n  const on = Math.random() * 100 < percent;\n"
    "  await redis.hset(key, userId, on ? 'on' : 'off');\n  return on;\n}\n",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="export function isEnabled(flagKey: string, ctx: FlagContext): boolean {\n",
    new_string="export async function isEnabled(flagKey: string, ctx: FlagContext): "
    "Promise<boolean> {\n",
)
s.user(
    "No store. That puts a Redis round trip on every flag check, and the Go billing service "
    "(billing/flags.go) evaluates the same flags and can't read your hash, so it would still "
    "disagree with the web app. The bucket has to be a pure function of the flag and the user, "
    "the same one billing/flags.go already computes: sha1 of `${flagKey}:${userId}`, mod "
    "10000, enabled when the bucket is below percent * 100. That also keeps everyone who is in "
    "at 10% in when we go to 20%. No new dependency, node:crypto is enough. Delete "
    "assignmentStore.ts and put rollout.ts back to sync."
)
s.call(
    "Bash",
    "rm 'src/flags/assignmentStore.ts'\n",
    command="git rm -q -f src/flags/assignmentStore.ts && git checkout -- src/flags/rollout.ts "
    "&& git status --short",
    description="Delete the assignment store and restore rollout.ts",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="  if (flag.percent >= 100) return true;\n"
    "  return Math.random() * 100 < flag.percent;\n}\n",
    new_string="  if (flag.percent >= 100) return true;\n  if (!ctx.userId) return false;\n"
    "  return bucketFor(flagKey, ctx.userId) < flag.percent * 100;\n}\n\n"
    "// The same bucket billing/flags.go computes: 0..9999, stable per flag and user, so raising\n"
    "// the percentage only ever adds users.\n"
    "export function bucketFor(flagKey: string, userId: string): number {\n"
    "  const hex = createHash('sha1').update(`${flagKey}:${userId}`).digest('hex');\n"
    "  return parseInt(hex, 16) % 10_000;\n}\n",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="import { flags } from './config';\n",
    new_string="import { createHash } from 'node:crypto';\nimport { flags } from './config';\n",
)
s.call(
    "Bash",
    'billing/flags_test.go:11:\t{"new-checkout", "u_1001", 4711},\n'
    'billing/flags_test.go:12:\t{"new-checkout", "u_2002", 183},\n'
    'billing/flags_test.go:13:\t{"saved-carts", "u_1001", 9020},',
    command="grep -n 'u_' billing/flags_test.go",
    description="Find the Go service's golden bucket values",
)
s.call(
    "Write",
    "File created successfully at: /home/lena/shopfront/test/flags/rollout.test.ts",
    file_path="/home/lena/shopfront/test/flags/rollout.test.ts",
    content="import { expect, test } from 'vitest';\n"
    "import { bucketFor, isEnabled } from '../../src/flags/rollout';\n\n"
    "test.each([\n  ['new-checkout', 'u_1001', 4711],\n  ['new-checkout', 'u_2002', 183],\n"
    "  ['saved-carts', 'u_1001', 9020],\n])('%s/%s lands in the Go service\\'s bucket', "
    "(flag, user, bucket) => {\n  expect(bucketFor(flag, user)).toBe(bucket);\n});\n\n"
    "test('a user gets the same answer on every page', () => {\n"
    "  const first = isEnabled('new-checkout', { userId: 'u_2002' });\n"
    "  for (let i = 0; i < 50; i++) expect(isEnabled('new-checkout', { userId: 'u_2002' }))"
    ".toBe(first);\n});\n",
)
s.call(
    "Bash",
    " FAIL  test/flags/rollout.test.ts > new-checkout/u_1001 lands in the Go service's bucket\n"
    "AssertionError: expected 2848 to be 4711 // Object.is equality\n"
    " FAIL  test/flags/rollout.test.ts > new-checkout/u_2002 lands in the Go service's bucket\n"
    "AssertionError: expected 6656 to be 183 // Object.is equality\n"
    " FAIL  test/flags/rollout.test.ts > saved-carts/u_1001 lands in the Go service's bucket\n"
    "AssertionError: expected 1312 to be 9020 // Object.is equality\n\n"
    " Test Files  1 failed (1)\n      Tests  3 failed | 1 passed (4)",
    command="npx vitest run test/flags",
    description="Run the new rollout tests",
)
s.say(
    "The stability test passes but every bucket differs from Go's. Go hashes the key's UTF-8 "
    "bytes; update() with a string and no encoding might be hashing it differently, so I'll "
    "pass 'utf8' explicitly and log the bucket while I compare."
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="  const hex = createHash('sha1').update(`${flagKey}:${userId}`).digest('hex');\n"
    "  return parseInt(hex, 16) % 10_000;\n",
    new_string="  const hex = createHash('sha1').update(`${flagKey}:${userId}`, 'utf8')"
    ".digest('hex');\n  const bucket = parseInt(hex, 16) % 10_000;\n"
    "  console.debug('flag', flagKey, userId, bucket);\n  return bucket;\n",
)
s.call(
    "Bash",
    "flag new-checkout u_1001 2848\n"
    " FAIL  test/flags/rollout.test.ts > new-checkout/u_1001 lands in the Go service's bucket\n"
    "AssertionError: expected 2848 to be 4711 // Object.is equality\n"
    "flag new-checkout u_2002 6656\n"
    " FAIL  test/flags/rollout.test.ts > new-checkout/u_2002 lands in the Go service's bucket\n"
    "AssertionError: expected 6656 to be 183 // Object.is equality\n"
    " FAIL  test/flags/rollout.test.ts > saved-carts/u_1001 lands in the Go service's bucket\n"
    "AssertionError: expected 1312 to be 9020 // Object.is equality\n\n"
    "      Tests  3 failed | 1 passed (4)",
    command="npx vitest run test/flags",
    description="Re-run the rollout tests",
)
s.call(
    "Read",
    "    18→func Bucket(flagKey, userID string) uint32 {\n"
    '    19→\tsum := sha1.Sum([]byte(flagKey + ":" + userID))\n'
    "    20→\treturn binary.BigEndian.Uint32(sum[:4]) % 10000\n    21→}\n",
    file_path="/home/lena/shopfront/billing/flags.go",
    offset=18,
    limit=4,
)
s.say(
    "Same numbers, so the encoding was never the problem (a JS string is hashed as UTF-8 "
    "anyway). billing/flags.go takes only the first four bytes of the digest as a big-endian "
    "uint32 and reduces that mod 10000. parseInt(hex, 16) reads all 40 hex digits, a 160-bit "
    "number that a double cannot hold: everything past 53 bits is rounded away before the "
    "% 10_000, so the result matches nothing. Reading the first four bytes of the digest the way "
    "Go does."
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="  const hex = createHash('sha1').update(`${flagKey}:${userId}`, 'utf8')"
    ".digest('hex');\n  const bucket = parseInt(hex, 16) % 10_000;\n",
    new_string="  // the first four bytes as a big-endian uint32, as Go's binary.BigEndian.Uint32"
    "(sum[:4])\n"
    "  const digest = createHash('sha1').update(`${flagKey}:${userId}`).digest();\n"
    "  const bucket = digest.readUInt32BE(0) % 10_000;\n",
)
s.call(
    "Bash",
    "flag new-checkout u_1001 4711\nflag new-checkout u_2002 183\nflag saved-carts u_1001 9020\n"
    " ✓ test/flags/rollout.test.ts (4 tests) 9ms\n\n Test Files  1 passed (1)\n"
    "      Tests  4 passed (4)",
    command="npx vitest run test/flags",
    description="Run the rollout tests",
)
s.call(
    "Bash",
    " Test Files  18 passed (18)\n      Tests  96 passed (96)\n   Duration  5.31s",
    command="npx tsc --noEmit && npm test --silent",
    description="Type-check and run the whole suite",
)
s.say(
    "Fixed. isEnabled() now puts a user in new-checkout when bucketFor() (sha1 of "
    "flagKey:userId, first four bytes as a uint32, mod 10000) is below percent * 100, so a "
    "customer gets the same answer on every page, and the buckets match billing/flags.go's "
    "golden values (4711, 183, 9020). tsc is clean and all 96 tests in 18 files pass."
)
s.user(
    "Marek reviewed the diff. Three points:\n"
    "1. Logged-out visitors have no userId, so isEnabled() now always says no for them; before "
    "they at least got the rollout some of the time. Key them on the sf_anon cookie id "
    "(req.cookies.sf_anon), which every visitor already has.\n"
    "2. When a guest logs in mid-checkout the key changes from sf_anon to the user id, so they "
    "can switch variants at login.\n"
    "3. rollout.ts has a console.debug that logs user ids with their bucket on every flag "
    "check; that goes to our log pipeline, take it out.\n"
    "Do 1 and 3. Leave 2: product is fine with a switch at login, but say so in the PR "
    "description. Then run everything again and open the PR against main."
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="export interface FlagContext {\n  userId?: string;\n}\n",
    new_string="export interface FlagContext {\n  userId?: string;\n"
    "  anonId?: string; // the sf_anon cookie, for visitors who are not logged in\n}\n",
)
s.call(
    "Edit",
    "The file /home/lena/shopfront/src/flags/rollout.ts has been updated.",
    file_path="/home/lena/shopfront/src/flags/rollout.ts",
    old_string="  if (!ctx.userId) return false;\n"
    "  return bucketFor(flagKey, ctx.userId) < flag.percent * 100;\n",
    new_string="  const who = ctx.userId ?? ctx.anonId;\n  if (!who) return false;\n"
    "  return bucketFor(flagKey, who) < flag.percent * 100;\n",
)
s.call(
    "Bash",
    "src/routes/cart.ts:22:  const newCheckout = isEnabled('new-checkout', { userId: "
    "req.user?.id, anonId: req.cookies.sf_anon });\n"
    "src/routes/payment.ts:17:  if (isEnabled('new-checkout', { userId: req.user?.id, anonId: "
    "req.cookies.sf_anon })) {",
    command='sed -i "s/{ userId: req.user?.id }/{ userId: req.user?.id, anonId: '
    'req.cookies.sf_anon }/" src/routes/cart.ts src/routes/payment.ts && '
    "grep -n \"isEnabled('new-checkout'\" src/routes/cart.ts src/routes/payment.ts",
    description="Pass the sf_anon cookie id from the cart and payment routes",
)
s.say(
    "Logged-out visitors are now keyed on their sf_anon cookie id in both routes. Next I'll "
    "make isEnabled() fall back to the sf_anon cookie id when there is no user, so guests stop "
    "being shut out of the rollout."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Stop customers in the 10% new-checkout rollout flipping between the old and the "
             "new checkout (cart shows new, payment old; 40 support tickets): flags are "
             "evaluated in src/flags/rollout.ts.",
             must=(("flip", "old and the new checkout", "same answer on every page"),
                   ("rollout", "new-checkout", "flag")),
             partial_means="The flag named without the flipping, or the reverse.",
             wrong="Removing the new checkout; a bug in order validation."),
    Question("latest_request", "What did the user last ask?",
             "Fix Marek's points 1 (key logged-out visitors on the sf_anon cookie id) and 3 "
             "(remove the console.debug that logs user ids); leave 2 (the variant can switch "
             "at login) but say so in the PR description; run everything again and open the PR "
             "against main.",
             must=(("sf_anon", "logged-out", "anonid"), ("console.debug", "logs user ids"),
                   ("pr against main", "open the pr", "pr description")),
             partial_means="One or two of: the sf_anon key, the debug log, the PR.",
             wrong="A Redis assignment store; fixing the switch at login.",
             stale_means="The stateless-bucket correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Remove the console.debug('flag', flagKey, userId, bucket) line from bucketFor() in "
             "src/flags/rollout.ts (Marek's point 3), then run npx tsc --noEmit and npm test "
             "(ideally with a test for the sf_anon fallback), then open the PR against main "
             "noting the switch at login.",
             must=(("console.debug", "debug line", "debug log", "logs user ids"),
                   ("test", "tsc", "vitest")),
             stale=("fall back to the sf_anon cookie", "assignmentstore.ts keeps"),
             partial_means="Says to run the tests or open the PR, leaving the debug log in; or "
                           "removes the log without testing.",
             wrong="Fixing the switch at login; a Redis store.",
             stale_means="Says to make isEnabled() fall back to the sf_anon cookie id: the "
                         "last edits did."),
    Question("files_edited", "Which files were changed, and why?",
             "src/flags/rollout.ts (bucketFor(): sha1 of flagKey:userId, first four bytes as a "
             "uint32, mod 10000; enabled below percent * 100; anonId fallback; still a "
             "console.debug); test/flags/rollout.test.ts (new: Go golden buckets, same answer on "
             "every page); src/routes/cart.ts and src/routes/payment.ts (pass anonId: "
             "req.cookies.sf_anon). src/flags/assignmentStore.ts was created and deleted.",
             must=(("rollout.ts",), ("rollout.test.ts",), ("cart.ts", "payment.ts")),
             stale=("assignmentstore.ts",), spread=True,
             partial_means="One or two of the three.",
             wrong="billing/flags.go or config.ts given as changed.",
             stale_means="src/flags/assignmentStore.ts listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "A stateless bucket, the one billing/flags.go computes: sha1 of flagKey:userId, "
             "first four bytes as a big-endian uint32, mod 10000, enabled below percent * 100 "
             "(raising the percentage only adds users); rules out the per-user Redis assignment "
             "store (assignmentStore.ts, HSET flag:<key>: a round trip per check, the Go "
             "service cannot read it) and Math.random().",
             must=(("sha1", "bucketfor", "pure function", "stateless"),
                   ("redis", "assignmentstore", "store")),
             stale=("keeps each user's variant in redis", "hset flag:new-checkout"),
             partial_means="The hash bucket without what it rules out.",
             wrong="Math.random() or a stored assignment given as the design.",
             stale_means="The Redis assignment store given as the fix."),
    Question("review", "What did the review find?",
             "Marek: (1) logged-out visitors have no userId and are now always out: key them on "
             "the sf_anon cookie; (2) a guest who logs in mid-checkout can switch variants (left, "
             "noted in the PR); (3) a console.debug logs user ids with their bucket on every "
             "check.",
             must=(("sf_anon", "logged-out", "no userid"), ("console.debug", "logs user ids"),
                   ("log in", "logs in", "at login", "switch variants")),
             partial_means="One or two of the three findings.",
             wrong="The parseInt precision loss (the agent found that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "No Redis assignment store (a round trip per check; billing/flags.go cannot read "
             "it): the bucket must be a pure function, sha1 of flagKey:userId mod 10000 as the "
             "Go service computes, no new dependency; delete assignmentStore.ts and keep "
             "rollout.ts sync.",
             must=(("store", "redis", "assignmentstore"),
                   ("sha1", "pure function", "billing/flags.go", "go billing")),
             partial_means="No store without what to do instead, or the reverse.",
             wrong="Marek's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The golden-bucket tests failed (AssertionError: expected 2848 to be 4711, also "
             "6656/183, 1312/9020): parseInt(hex, 16) reads the 160-bit digest as a double and "
             "loses everything past 53 bits; passing 'utf8' to update() and re-running did not "
             "fix it; reading the first four bytes with digest.readUInt32BE(0), as Go's "
             "binary.BigEndian.Uint32(sum[:4]), did.",
             must=(("2848", "4711", "golden", "go service s bucket"),
                   ("readuint32be", "first four bytes", "53 bits", "parseint")),
             stale=("fixed by passing", "hashing it differently", "fixed by the utf8"),
             partial_means="The mismatch without its cause or fix.",
             wrong="The flipping checkout given as the test error.",
             stale_means="The mismatch put down to the string encoding or 'fixed' by passing "
                         "'utf8'."),
    Question("key_values", "Which key values matter?",
             "Rollout 10% (later 20%); 10000 buckets, enabled below percent * 100; golden "
             "buckets 4711, 183, 9020; the wrong ones 2848, 6656, 1312; 96 tests in 18 files; "
             "40 support tickets; the sf_anon cookie.",
             must=(("4711", "2848", "183", "9020"), ("96", "18 files"),
                   ("10000", "10_000", "percent * 100")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/flags/rollout.ts evaluates flags (isEnabled, bucketFor); src/flags/config.ts "
             "holds each flag's percent; src/routes/cart.ts and payment.ts evaluate "
             "new-checkout per page; billing/flags.go is the Go billing service's own bucket "
             "(golden values in billing/flags_test.go).",
             must=(("rollout.ts",), ("isenabled", "evaluat", "bucketfor"),
                   ("flags.go", "cart.ts", "payment.ts", "config.ts")),
             partial_means="rollout.ts without the other files, or the reverse.",
             wrong="assignmentStore.ts described as a current file."),
    Question("pending", "What work is still pending?",
             "Remove the console.debug from rollout.ts; test the sf_anon fallback and run tsc "
             "and npm test; open the PR against main, saying in its description that a guest "
             "can switch variants at login.",
             must=(("console.debug", "debug"),
                   ("pr against main", "open the pr", "pr description", "pull request"),
                   ("test", "tsc", "untested")),
             partial_means="One or two of the three.",
             wrong="Fixing the switch at login; a Redis store."),
    Question("state", "What is the state of the work?",
             "The stateless bucket matches the Go service and passes (96 tests); the sf_anon "
             "fallback is written in rollout.ts, cart.ts and payment.ts but untested; the "
             "console.debug is still there; no PR is open.",
             must=(("sf_anon", "anonid", "logged-out"),
                   ("untested", "not tested", "not yet", "uncommitted", "not committed",
                    "not run", "not verified")),
             partial_means="The working bucket without saying the fallback is untested.",
             wrong="Says customers still flip between checkouts.",
             stale_means="Says all 96 tests pass after the sf_anon change (they were not "
                         "run)."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The rollout rolled Math.random() per check; the user rejected my Redis assignment store for a stateless sha1 bucket shared with the Go billing service; a parseInt precision bug made the buckets disagree with Go; Marek reviewed.

Summary:
1. Primary Request and Intent:
   Stop customers in the 10% new-checkout rollout flipping between the old and new checkout (cart new, payment old; 40 support tickets); flags are evaluated in src/flags/rollout.ts. Latest request: fix Marek's points 1 (key logged-out visitors on the sf_anon cookie) and 3 (remove the console.debug that logs user ids), leave 2 but note it in the PR description, run everything again and open the PR against main.
2. Key Technical Concepts:
   - isEnabled() (src/flags/rollout.ts) ignored the user and rolled Math.random() on every call, so cart.ts and payment.ts, which each evaluate new-checkout, disagreed.
   - Decision: a stateless bucket, as billing/flags.go computes it: bucketFor() = sha1 of flagKey:userId, first four bytes as a big-endian uint32, mod 10000; enabled below percent * 100, so going to 20% only adds users. Rejected: the Redis assignment store (src/flags/assignmentStore.ts, HSET per user): a round trip per check and the Go service cannot read it.
3. Files and Code Sections:
   - src/flags/rollout.ts (edited): bucketFor(); FlagContext.anonId; isEnabled() keys on userId ?? anonId. It still has a console.debug('flag', flagKey, userId, bucket).
   - test/flags/rollout.test.ts (created): Go golden buckets; same answer on every page.
   - src/routes/cart.ts, src/routes/payment.ts (edited): pass anonId: req.cookies.sf_anon.
   - src/flags/assignmentStore.ts: created, then deleted with git rm at the user's word.
4. Errors and fixes:
   - Golden tests failed: AssertionError: expected 2848 to be 4711 (and 6656/183, 1312/9020). Passing 'utf8' to update() did not help; parseInt(hex, 16) loses everything past 53 bits of the 160-bit digest. Fixed with digest.readUInt32BE(0), as Go's binary.BigEndian.Uint32(sum[:4]); then tsc clean, 96 tests passed in 18 files.
5. Problem Solving:
   Marek's review found: logged-out visitors have no userId and were always out; a guest who logs in mid-checkout can switch variants (left, to note in the PR); a console.debug logs user ids on every check.
6. All user messages:
   - "Customers in the new-checkout rollout keep flipping ... Find out why and fix it."
   - "No store ... sha1 of `${flagKey}:${userId}`, mod 10000 ... put rollout.ts back to sync."
   - "Marek reviewed the diff ... Do 1 and 3. Leave 2 ... open the PR against main."
7. Pending Tasks:
   - Remove the console.debug; test the sf_anon fallback.
   - Open the PR against main, noting the switch at login.
8. Current Work:
   The sf_anon fallback is written in rollout.ts, cart.ts and payment.ts; not yet tested.
9. Optional Next Step:
   Remove the console.debug line from bucketFor(), then run npx tsc --noEmit and npm test, then open the PR."""
