"""Held out, fifth set: written 2026-12-05, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code: users of a TypeScript CLI logged out
because parallel requests each spend the same single-use refresh token; a proactive refresh
timer (src/auth/refreshTimer.ts) written, then ruled out by the user for a single-flight
refresh and a re-read of the credentials file, and deleted; a nock `Disallowed net connect`
that `nock.cleanAll()` and a re-run did not fix and reading ACME_AUTH_URL at call time did; a
review subagent finds the non-atomic, world-readable credentials write; the temp-file-and-rename
write done last, untested; the assistant's last words name a check its last call already made.
The production compaction is Claude Code's full nine-section one."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/priya/acme-cli"
)
s.user(
    'People keep getting logged out of the acme CLI: "Session expired, run `acme login`", '
    "roughly once a day each, and it's nearly always during `acme deploy`. Auth lives in "
    "src/auth/session.ts. Our auth server rotates refresh tokens, each one can be used once. "
    "Find out why and fix it."
)
s.call(
    "Read",
    "     1→import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';\n"
    "     2→import { homedir } from 'node:os';\n     3→import { dirname, join } from 'node:path';\n"
    "     4→import axios from 'axios';\n     5→\n"
    "     6→export const CREDS = join(homedir(), '.config', 'acme', 'credentials.json');\n"
    "     7→const TOKEN_URL = `${process.env.ACME_AUTH_URL ?? 'https://auth.acme.dev'}/oauth/token`;\n"
    "     8→const CLIENT_ID = 'acme-cli';\n     9→\n"
    "    10→export async function getAccessToken(): Promise<string> {\n"
    "    11→  const creds = await readCredentials();\n"
    "    12→  if (!creds) throw new SessionExpiredError();\n"
    "    13→  if (creds.expires_at - Date.now() > 60_000) return creds.access_token;\n"
    "    14→  return (await refresh(creds)).access_token;\n    15→}\n    16→\n"
    "    17→async function refresh(creds: Credentials): Promise<Credentials> {\n"
    "    18→  try {\n    19→    const { data } = await axios.post(TOKEN_URL, {\n"
    "    20→      grant_type: 'refresh_token',\n    21→      refresh_token: creds.refresh_token,\n"
    "    22→      client_id: CLIENT_ID,\n    23→    });\n"
    "    24→    const next = { access_token: data.access_token, refresh_token: data.refresh_token,\n"
    "    25→                   expires_at: Date.now() + data.expires_in * 1000 };\n"
    "    26→    await writeCredentials(next);\n    27→    return next;\n    28→  } catch (err) {\n"
    "    29→    if (axios.isAxiosError(err) && err.response?.data?.error === 'invalid_grant') {\n"
    "    30→      await clearCredentials();\n    31→      throw new SessionExpiredError();\n"
    "    32→    }\n    33→    throw err;\n    34→  }\n    35→}\n    36→\n"
    "    37→async function readCredentials(): Promise<Credentials | null> {\n"
    "    38→  try {\n    39→    return JSON.parse(await readFile(CREDS, 'utf8'));\n"
    "    40→  } catch {\n    41→    return null;\n    42→  }\n    43→}\n    44→\n"
    "    45→async function writeCredentials(c: Credentials): Promise<void> {\n"
    "    46→  await mkdir(dirname(CREDS), { recursive: true });\n"
    "    47→  await writeFile(CREDS, JSON.stringify(c));\n    48→}\n",
    file_path="/home/priya/acme-cli/src/auth/session.ts",
)
s.call(
    "Grep",
    "src/api/client.ts:14:  config.headers.Authorization = `Bearer ${await getAccessToken()}`;\n"
    "src/commands/deploy.ts:41:  await Promise.all(services.map((svc) => api.post(`/deploys/${svc}`, "
    "body)));",
    pattern="getAccessToken\\(|Promise\\.all",
    path="/home/priya/acme-cli/src",
    output_mode="content",
)
s.call(
    "Bash",
    "2026-11-30T09:14:02.118Z POST https://auth.acme.dev/oauth/token -> 200 (212 ms)\n"
    "2026-11-30T09:14:02.151Z POST https://auth.acme.dev/oauth/token -> 400 "
    '{"error":"invalid_grant","error_description":"refresh token already used"}\n'
    "2026-11-30T09:14:02.153Z credentials cleared: SessionExpiredError",
    command="grep -A2 'oauth/token' ~/.config/acme/debug.log | tail -3",
    description="Look at the last token refresh in the debug log",
)
s.say(
    "Found it. `acme deploy` fires one request per service through Promise.all, and the axios "
    "interceptor calls getAccessToken() for each. When the access token is within 60 s of "
    "expiring, every one of them calls refresh() with the same refresh token. The first "
    "POST /oauth/token wins (200); the server has rotated the token, so the second gets 400 "
    'invalid_grant, "refresh token already used", 33 ms later, and refresh() answers that by '
    "clearing credentials.json: the user is logged out.\n\nPlan: never let the token get that "
    "close to expiry. A background timer in a new src/auth/refreshTimer.ts refreshes every 45 "
    "minutes (access tokens live 60), started from src/cli.ts, so commands always find a fresh "
    "token and never refresh on the request path."
)
s.call(
    "Write",
    "File created successfully at: /home/priya/acme-cli/src/auth/refreshTimer.ts",
    file_path="/home/priya/acme-cli/src/auth/refreshTimer.ts",
    content="import { forceRefresh } from './session';\n\n"
    "const EVERY_MS = 45 * 60 * 1000; // access tokens live 60 minutes\n\n"
    "export function startRefreshTimer(): NodeJS.Timeout {\n"
    "  const timer = setInterval(() => void forceRefresh(), EVERY_MS);\n"
    "  timer.unref(); // never keep a finished command alive\n  return timer;\n}\n",
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/src/cli.ts has been updated.",
    file_path="/home/priya/acme-cli/src/cli.ts",
    old_string="const program = new Command('acme');\n",
    new_string="const program = new Command('acme');\nstartRefreshTimer();\n",
)
s.user(
    "No timer. acme is a CLI: most commands are done in two seconds, so a 45-minute interval "
    "never fires, and a laptop that slept through it wakes up with an expired token anyway. "
    "The bug is the concurrent refresh, so fix that: make the refresh single-flight, one "
    "in-flight refresh promise that every caller awaits. Two acme processes can race the same "
    "way too (people keep `acme logs -f` open in another terminal), so on invalid_grant "
    "re-read credentials.json before giving up: if the refresh token on disk is not the one "
    "you sent, another process already refreshed, use its tokens instead of logging out. And "
    "get rid of refreshTimer.ts."
)
s.call(
    "Bash",
    "rm 'src/auth/refreshTimer.ts'\n",
    command="git rm -q -f src/auth/refreshTimer.ts && git checkout -- src/cli.ts && "
    "git status --short",
    description="Delete the refresh timer and restore cli.ts",
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/src/auth/session.ts has been updated.",
    file_path="/home/priya/acme-cli/src/auth/session.ts",
    old_string="  return (await refresh(creds)).access_token;\n}\n",
    new_string="  return (await refreshOnce(creds)).access_token;\n}\n\n"
    "// One refresh at a time in this process: every caller awaits the same promise, so a\n"
    "// rotated refresh token is only ever sent once.\n"
    "let inflight: Promise<Credentials> | null = null;\n\n"
    "function refreshOnce(creds: Credentials): Promise<Credentials> {\n"
    "  inflight ??= refresh(creds).finally(() => {\n    inflight = null;\n  });\n"
    "  return inflight;\n}\n",
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/src/auth/session.ts has been updated.",
    file_path="/home/priya/acme-cli/src/auth/session.ts",
    old_string="    if (axios.isAxiosError(err) && err.response?.data?.error === 'invalid_grant') {\n"
    "      await clearCredentials();\n",
    new_string="    if (axios.isAxiosError(err) && err.response?.data?.error === 'invalid_grant') {\n"
    "      // another acme process may have spent this token and stored the new one\n"
    "      const onDisk = await readCredentials();\n"
    "      if (onDisk && onDisk.refresh_token !== creds.refresh_token) return onDisk;\n"
    "      await clearCredentials();\n",
)
s.call(
    "Write",
    "File created successfully at: /home/priya/acme-cli/test/auth/session.test.ts",
    file_path="/home/priya/acme-cli/test/auth/session.test.ts",
    content="import nock from 'nock';\nimport { beforeEach, expect, test } from 'vitest';\n"
    "import { getAccessToken } from '../../src/auth/session';\n"
    "import { writeExpiredCreds, writeCreds } from './helpers';\n\n"
    "process.env.ACME_AUTH_URL = 'http://auth.test';\nnock.disableNetConnect();\n\n"
    "beforeEach(async () => {\n  await writeExpiredCreds({ refresh_token: 'r1' });\n});\n\n"
    "test('six parallel callers share one refresh', async () => {\n"
    "  const token = nock('http://auth.test').post('/oauth/token').once()\n"
    "    .reply(200, { access_token: 'a2', refresh_token: 'r2', expires_in: 3600 });\n"
    "  const got = await Promise.all(Array.from({ length: 6 }, () => getAccessToken()));\n"
    "  expect(got).toEqual(Array(6).fill('a2'));\n  expect(token.isDone()).toBe(true);\n});\n\n"
    "test('invalid_grant after another process refreshed keeps the session', async () => {\n"
    "  nock('http://auth.test').post('/oauth/token').reply(400, async () => {\n"
    "    await writeCreds({ access_token: 'a9', refresh_token: 'r9' });\n"
    "    return { error: 'invalid_grant' };\n  });\n"
    "  expect(await getAccessToken()).toBe('a9');\n});\n",
)
s.call(
    "Bash",
    " FAIL  test/auth/session.test.ts > six parallel callers share one refresh\n"
    'AxiosError: Nock: Disallowed net connect for "auth.acme.dev:443/oauth/token"\n'
    " ❯ refresh src/auth/session.ts:31:24\n"
    " FAIL  test/auth/session.test.ts > invalid_grant after another process refreshed keeps "
    "the session\n"
    'AxiosError: Nock: Disallowed net connect for "auth.acme.dev:443/oauth/token"\n\n'
    " Test Files  1 failed (1)\n      Tests  2 failed (2)",
    command="npx vitest run test/auth",
    description="Run the new session tests",
)
s.say(
    "Both tests fail before any assertion. Possibly an interceptor left over from the first "
    "test is shadowing the second one; I'll reset nock between tests with nock.cleanAll() in "
    "an afterEach and run again."
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/test/auth/session.test.ts has been updated.",
    file_path="/home/priya/acme-cli/test/auth/session.test.ts",
    old_string="import { beforeEach, expect, test } from 'vitest';\n",
    new_string="import { afterEach, beforeEach, expect, test } from 'vitest';\n\n"
    "afterEach(() => {\n  nock.cleanAll();\n});\n",
)
s.call(
    "Bash",
    " FAIL  test/auth/session.test.ts > six parallel callers share one refresh\n"
    'AxiosError: Nock: Disallowed net connect for "auth.acme.dev:443/oauth/token"\n'
    " FAIL  test/auth/session.test.ts > invalid_grant after another process refreshed keeps "
    "the session\n"
    'AxiosError: Nock: Disallowed net connect for "auth.acme.dev:443/oauth/token"\n\n'
    " Test Files  1 failed (1)\n      Tests  2 failed (2)",
    command="npx vitest run test/auth",
    description="Re-run the session tests",
)
s.say(
    "Same failure, so it was not leftover interceptors. Look at the host: the request goes to "
    "auth.acme.dev, not http://auth.test. session.ts builds TOKEN_URL from ACME_AUTH_URL at "
    "module level, when it is first imported, and ES imports are hoisted above the test "
    "file's `process.env.ACME_AUTH_URL = ...` line, so the constant is fixed before the test "
    "sets the variable. Reading ACME_AUTH_URL when the request is made instead."
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/src/auth/session.ts has been updated.",
    file_path="/home/priya/acme-cli/src/auth/session.ts",
    old_string="const TOKEN_URL = `${process.env.ACME_AUTH_URL ?? 'https://auth.acme.dev'}"
    "/oauth/token`;\n",
    new_string="// read per request, not at import: tests and `acme --auth-url` set it later\n"
    "const tokenUrl = () => `${process.env.ACME_AUTH_URL ?? 'https://auth.acme.dev'}"
    "/oauth/token`;\n",
)
s.call(
    "Bash",
    " ✓ test/auth/session.test.ts (2 tests) 51ms\n\n Test Files  1 passed (1)\n"
    "      Tests  2 passed (2)",
    command="npx vitest run test/auth",
    description="Run the session tests",
)
s.call(
    "Bash",
    " Test Files  14 passed (14)\n      Tests  83 passed (83)\n   Duration  4.12s",
    command="npx tsc --noEmit && npm test --silent",
    description="Type-check and run the whole suite",
)
s.say(
    "That was it. Six parallel getAccessToken() calls now make exactly one POST /oauth/token, "
    "and an invalid_grant after another process has refreshed picks up that process's tokens "
    "instead of logging out. tsc is clean and all 83 tests pass in 14 files. Asking a reviewer "
    "to look at the change before I hand it back."
)
s.call(
    "Task",
    "Review of src/auth/session.ts:\n1. writeCredentials() writes credentials.json in place "
    "with fs.writeFile, which truncates the file and then writes it. A second acme process "
    "that reads during that window gets an empty or partial file, JSON.parse throws "
    "(SyntaxError: Unexpected end of JSON input), readCredentials() returns null and "
    "getAccessToken() throws SessionExpiredError: the same logout, by another route, and more "
    "likely now that the re-read on invalid_grant happens exactly while another process is "
    "writing. Write to a temp file in the same directory and rename() it over "
    "credentials.json; rename is atomic on one filesystem.\n2. The file is created with the "
    "default mode (0644 under the usual umask 022), so on a shared machine every user can read "
    "the refresh token. Create it with mode 0o600.\nThe single-flight promise and its reset in "
    ".finally() look right.",
    description="Review the session refresh change",
    prompt="Review the uncommitted changes to src/auth/session.ts in /home/priya/acme-cli: "
    "single-flight token refresh and the re-read of credentials.json on invalid_grant. Look "
    "for races between acme processes and anything else that could log a user out.",
    subagent_type="code-reviewer",
)
s.user(
    "Good, do both, and no new dependency for it (no write-file-atomic). Then run it against "
    "staging with `npm run e2e -- --env staging` before I merge, and open the PR as a draft."
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/src/auth/session.ts has been updated.",
    file_path="/home/priya/acme-cli/src/auth/session.ts",
    old_string="  await writeFile(CREDS, JSON.stringify(c));\n}\n",
    new_string="  // write a private temp file and rename it over the old one: a reader sees the old\n"
    "  // credentials or the new, never half a file\n"
    "  const tmp = `${CREDS}.tmp-${process.pid}`;\n"
    "  await writeFile(tmp, JSON.stringify(c), { mode: 0o600 });\n  await rename(tmp, CREDS);\n}\n",
)
s.call(
    "Edit",
    "The file /home/priya/acme-cli/src/auth/session.ts has been updated.",
    file_path="/home/priya/acme-cli/src/auth/session.ts",
    old_string="import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';\n",
    new_string="import { readFile, writeFile, mkdir, rename, rm } from 'node:fs/promises';\n",
)
s.say(
    "writeCredentials() now writes credentials.json.tmp-<pid> with mode 0o600 and renames it "
    "over credentials.json. Let me check nothing else writes the credentials file directly:"
)
s.call(
    "Grep",
    "src/auth/session.ts:63:  await writeFile(tmp, JSON.stringify(c), { mode: 0o600 });\n"
    "src/commands/logout.ts:9:  await rm(CREDS, { force: true });",
    pattern="writeFile|CREDS\\b",
    path="/home/priya/acme-cli/src",
    output_mode="content",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Find out why acme CLI users get logged out (\"Session expired, run `acme login`\", "
             "mostly during `acme deploy`) and fix it; auth is in src/auth/session.ts and the "
             "server rotates single-use refresh tokens.",
             must=(("logged out", "session expired", "logout"),
                   ("refresh", "session.ts", "acme deploy")),
             partial_means="The logout without the refresh, or the refresh without the logout.",
             wrong="Adding a login command; extending the token lifetime."),
    Question("latest_request", "What did the user last ask?",
             "Do both review fixes (write credentials.json through a temp file and rename, "
             "mode 0o600) without a new dependency (no write-file-atomic); then run "
             "`npm run e2e -- --env staging` before the merge and open the PR as a draft.",
             must=(("e2e", "--env staging"), ("draft",)),
             partial_means="The review fixes without the e2e run and the draft PR, or one of "
                           "the two.",
             wrong="A refresh timer (the user ruled it out).",
             stale_means="The single-flight correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Test the new writeCredentials() (temp file + rename, mode 0o600): npx tsc --noEmit "
             "and npm test, ideally with a test for the file mode; then "
             "`npm run e2e -- --env staging`, then open the PR as a draft.",
             must=(("npm test", "tsc", "vitest", "test"), ("e2e", "--env staging")),
             stale=("check nothing else writes", "refreshtimer", "refreshes every 45 minutes"),
             partial_means="Says to run the e2e or open the PR without testing the new write, "
                           "or to test without the e2e.",
             wrong="Adding write-file-atomic; a refresh timer.",
             stale_means="Says to check for other writers of the credentials file (the last "
                         "Grep did) or to start a refresh timer."),
    Question("files_edited", "Which files were changed, and why?",
             "src/auth/session.ts (single-flight refreshOnce() with an inflight promise; re-read "
             "of credentials.json on invalid_grant; tokenUrl() read per request; "
             "writeCredentials() via temp file + rename with mode 0o600); "
             "test/auth/session.test.ts (new: six parallel callers, one refresh; invalid_grant "
             "after another process refreshed). src/auth/refreshTimer.ts was created and "
             "deleted; src/cli.ts edited and restored.",
             must=(("session.ts",), ("session.test.ts",)),
             stale=("refreshtimer.ts", "cli.ts"), spread=True,
             partial_means="One of the two files.",
             wrong="src/api/client.ts or deploy.ts given as changed.",
             stale_means="src/auth/refreshTimer.ts (or the cli.ts edit) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Fix the concurrent refresh itself: a single-flight refresh (one in-flight promise "
             "all callers await) plus, on invalid_grant, re-reading credentials.json and using "
             "another process's new tokens; rules out a proactive refresh timer "
             "(refreshTimer.ts, every 45 minutes: a short-lived CLI never fires it, a slept "
             "laptop wakes up expired).",
             must=(("single-flight", "in-flight", "inflight"),
                   ("timer", "refreshtimer", "45 minutes")),
             stale=("background timer", "refreshes every 45 minutes"),
             partial_means="The single-flight refresh without what it rules out.",
             wrong="A refresh timer or a longer token lifetime given as the design.",
             stale_means="The 45-minute refresh timer given as the fix."),
    Question("review", "What did the review find?",
             "The code-reviewer subagent: writeCredentials() writes credentials.json in place, "
             "so another process can read a truncated file (SyntaxError: Unexpected end of JSON "
             "input, readCredentials() null, SessionExpiredError: the same logout) — write a "
             "temp file and rename() it; and the file is created 0644, readable by every user — "
             "create it with mode 0o600.",
             must=(("rename", "truncat", "partial file", "unexpected end of json", "in place"),
                   ("0o600", "0644", "readable", "every user can read")),
             partial_means="One of the two findings.",
             wrong="The hoisted TOKEN_URL (the agent found that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "No refresh timer (a two-second CLI never fires a 45-minute interval; a slept laptop "
             "wakes up expired): fix the concurrent refresh with a single-flight refresh; on "
             "invalid_grant re-read credentials.json and use another process's tokens (acme "
             "logs -f in another terminal); delete refreshTimer.ts.",
             must=(("timer", "refreshtimer"), ("single-flight", "in-flight", "inflight")),
             partial_means="No timer without the single-flight refresh, or the reverse.",
             wrong="The review's findings given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new tests failed with AxiosError: Nock: Disallowed net connect for "
             "\"auth.acme.dev:443/oauth/token\": TOKEN_URL was built from ACME_AUTH_URL at import, "
             "before the test set it (imports are hoisted); nock.cleanAll() in an afterEach and "
             "a re-run did not fix it; reading the variable per request (tokenUrl()) did. In "
             "production: invalid_grant \"refresh token already used\" from the parallel "
             "refreshes, fixed by the single-flight refresh.",
             must=(("disallowed net connect", "auth.acme.dev:443"),
                   ("tokenurl", "at import", "hoisted", "per request", "module level",
                    "when the request is made")),
             stale=("fixed by nock.cleanall", "leftover interceptor", "left over from the first "
                    "test", "fixed by re-running"),
             partial_means="The nock error without its cause or fix.",
             wrong="The invalid_grant given as a test error fixed by nock.",
             stale_means="The nock error put down to leftover interceptors or 'fixed' by "
                         "nock.cleanAll() and the re-run."),
    Question("key_values", "Which key values matter?",
             "Refresh when under 60 s to expiry; access tokens live 60 minutes (the rejected "
             "timer: 45); the second POST /oauth/token 33 ms after the first; 83 tests in 14 "
             "files pass; credentials mode 0o600 (was 0644); temp file credentials.json.tmp-<pid>; "
             "ACME_AUTH_URL, default https://auth.acme.dev.",
             must=(("0o600",), ("83", "60 s", "60_000", "33 ms", "acme_auth_url")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/auth/session.ts holds getAccessToken(), the refresh and the credentials file "
             "I/O (~/.config/acme/credentials.json); src/api/client.ts's axios interceptor calls "
             "getAccessToken() per request; src/commands/deploy.ts fires the parallel requests "
             "(Promise.all); test/auth/session.test.ts tests the refresh with nock.",
             must=(("session.ts",), ("credentials.json", "getaccesstoken", "refresh"),
                   ("client.ts", "deploy.ts", "interceptor", "promise.all")),
             partial_means="session.ts without who calls it, or the reverse.",
             wrong="refreshTimer.ts described as a current file."),
    Question("pending", "What work is still pending?",
             "Test the temp-file-and-rename writeCredentials() (tsc, npm test, a mode test); "
             "`npm run e2e -- --env staging`; open the PR as a draft.",
             must=(("e2e", "--env staging"), ("draft",),
                   ("writecredentials", "rename", "0o600", "npm test", "tsc")),
             partial_means="One or two of the three.",
             wrong="A refresh timer; write-file-atomic."),
    Question("state", "What is the state of the work?",
             "The single-flight refresh and the invalid_grant re-read work and are tested (83 "
             "pass); the temp-file-and-rename, mode-0o600 writeCredentials() is written but "
             "neither type-checked nor tested; the e2e on staging has not run; no PR is open.",
             must=(("rename", "0o600", "writecredentials"),
                   ("untested", "not tested", "not yet", "uncommitted", "not committed",
                    "not run", "not verified")),
             partial_means="The working single-flight refresh without saying the new write is "
                           "untested.",
             wrong="Says users are still logged out by parallel refreshes.",
             stale_means="Says all 83 tests pass after the credentials write change (they "
                         "were not run)."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Parallel requests spent the same single-use refresh token; the user rejected my refresh timer; a reviewer found the credentials write unsafe.

Summary:
1. Primary Request and Intent:
   Stop acme CLI users being logged out ("Session expired, run `acme login`", mostly during `acme deploy`); auth is src/auth/session.ts and refresh tokens are single use. Latest request: do both review fixes with no new dependency (no write-file-atomic), then run `npm run e2e -- --env staging` before the merge and open the PR as a draft.
2. Key Technical Concepts:
   - deploy.ts fires requests with Promise.all; client.ts's axios interceptor calls session.ts's getAccessToken() for each; within 60 s of expiry each one refreshed, the second POST /oauth/token got 400 invalid_grant "refresh token already used" and refresh() cleared credentials.json.
   - Decision: a single-flight refresh (refreshOnce(), one inflight promise every caller awaits); on invalid_grant, re-read credentials.json and use another process's tokens if the refresh token changed. Rejected: a refresh timer every 45 minutes (src/auth/refreshTimer.ts): a two-second CLI never fires it and a laptop that slept wakes up expired.
3. Files and Code Sections:
   - src/auth/session.ts (edited): refreshOnce()/inflight; invalid_grant re-read; tokenUrl() reads ACME_AUTH_URL per request; writeCredentials() writes credentials.json.tmp-<pid> with mode 0o600 and rename()s it over credentials.json.
   - test/auth/session.test.ts (created): six parallel callers, one refresh; invalid_grant after another process's refresh.
   - src/auth/refreshTimer.ts: created, then deleted with git rm at the user's word; src/cli.ts restored.
4. Errors and fixes:
   - Tests failed with AxiosError: Nock: Disallowed net connect for "auth.acme.dev:443/oauth/token": TOKEN_URL was built at import, before the test set ACME_AUTH_URL (hoisted imports). nock.cleanAll() in afterEach and a re-run did not help; reading the variable per request (tokenUrl()) fixed it. Then tsc clean, 83 tests passed in 14 files.
5. Problem Solving:
   The code-reviewer found: writeCredentials() wrote credentials.json in place, so another process could read a truncated file (SyntaxError: Unexpected end of JSON input) and log out; and the file was 0644, readable by every user.
6. All user messages:
   - "People keep getting logged out of the acme CLI ... Find out why and fix it."
   - "No timer ... make the refresh single-flight ... on invalid_grant re-read credentials.json ... get rid of refreshTimer.ts."
   - "Good, do both, and no new dependency ... run it against staging with `npm run e2e -- --env staging` before I merge, and open the PR as a draft."
7. Pending Tasks:
   - Test the new writeCredentials() (tsc, npm test).
   - Run `npm run e2e -- --env staging`; open a draft PR.
8. Current Work:
   writeCredentials() now uses a temp file, rename and mode 0o600; it is not yet type-checked or tested. A Grep found no other writer of credentials.json (logout.ts only removes it).
9. Optional Next Step:
   Run npx tsc --noEmit and npm test on the new write, then `npm run e2e -- --env staging`, then open the PR as a draft."""
