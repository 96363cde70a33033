"""Held out, fifteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, TypeScript/React on Vite in a pnpm workspace:
since PR #2290 (delivery estimates) the checkout entry chunk is 241.8 kB gzipped against the
120 kB size-limit budget (ticket WEB-512), because src/lib/dates.ts pulls in moment with all its
locales and the @storefront/ui barrel drags chart.js in; a manualChunks split into a
vendor-heavy chunk from a new src/build/manualChunks.ts written, then ruled out by the user (it
moves the bytes, the chunk still loads on first paint) for date-fns and finding why chart.js is
there; the helper deleted and vite.config.ts reverted; date-fns rejecting moment's format
tokens (RangeError) fixed by Unicode tokens; a chunk still at 173.6 kB that clearing
node_modules/.vite and rebuilding did not shrink and a sideEffects field in
packages/ui/package.json did; a PR review with four points: one answered on the PR (the 'ago'
suffix), one checked and already fine (tokens.css), one a ticket (an account page budget), one
pending (remove moment, which OrderHistory.tsx still imports); the assistant's last words name
the right next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/ines/storefront"
_DATES = "src/lib/dates.ts"
_UI_PKG = "packages/ui/package.json"
_BUILD = "pnpm build 2>&1 | grep -E 'checkout|built in'; pnpm size-limit"


def _limit(size: str, *, over: str | None = None) -> str:
    """size-limit's report for the checkout entry."""
    head = f"  Package size limit has exceeded by {over}\n" if over else ""
    return (
        f"\n  checkout entry\n{head}  Size limit: 120 kB\n"
        f"  Size:       {size} with all dependencies, minified and gzipped\n"
    )


s = Script("You are Codex, a coding agent. cwd: " + _ROOT)
s.user(
    "WEB-512: since #2290 (delivery estimates on checkout) the size-limit check in CI fails on "
    "the checkout entry chunk, and LCP on checkout went from 1.9 s to 3.4 s on the slow-4G "
    "profile. Before #2290 the chunk was 96.4 kB gzipped; the budget is 120 kB. Get it back "
    "under budget."
)
s.call(
    "shell",
    '[\n  { "name": "checkout entry", "path": "dist/assets/checkout-*.js", "limit": "120 kB" }\n]\n'
    "vite v5.2.8 building for production...\n\u2713 1412 modules transformed.\n"
    "dist/assets/checkout-9b2d41c0.css       18.40 kB \u2502 gzip:   4.12 kB\n"
    "dist/assets/checkout-4f1c9a2e.js       812.35 kB \u2502 gzip: 241.83 kB\n"
    "(!) Some chunks are larger than 500 kB after minification. Consider:\n"
    "- Using dynamic import() to code-split the application\n"
    "- Use build.rollupOptions.output.manualChunks to improve chunking: "
    "https://rollupjs.org/configuration-options/#output-manualchunks\n"
    "\u2713 built in 9.84s\n" + _limit("241.8 kB", over="121.8 kB"),
    command=["bash", "-lc", "cat .size-limit.json; pnpm build 2>&1 | tail -9; pnpm size-limit"],
)
s.call(
    "shell",
    "289.7 kB\tmoment\n203.6 kB\tchart.js\n88.0 kB\tsrc\n61.2 kB\tpackages/ui\n",
    command=[
        "bash",
        "-lc",
        "pnpm vite build --sourcemap >/dev/null && npx source-map-explorer "
        "'dist/assets/checkout-*.js' --json | jq -r '.results[0].files | to_entries | "
        'group_by(.key | sub("^.*node_modules/(?<p>[^/]+)/.*$"; "\\(.p)") | '
        'sub("^(?<d>src|packages/ui)/.*$"; "\\(.d)")) | map({k: .[0].key, s: '
        "(map(.value.size) | add)}) | sort_by(-.s) | .[:4][] | "
        '"\\(.s / 1000 | . * 10 | round / 10) kB\\t\\(.k)"\'',
    ],
)
s.call(
    "shell",
    'src/lib/dates.ts:1:import moment from "moment";\n'
    'src/pages/checkout/DeliveryEstimate.tsx:2:import { formatDeliveryDate } from "../../lib/dates";\n'
    'src/pages/checkout/PriceBreakdown.tsx:3:import { Money, Tooltip } from "@storefront/ui";\n',
    command=[
        "bash",
        "-lc",
        'grep -rn \'from "moment"\\|lib/dates"\\|from "@storefront/ui"\' src/lib src/pages/checkout',
    ],
)
s.say(
    "Two heavy packages in the checkout entry: moment with every locale (289.7 kB minified), "
    "which came in with src/lib/dates.ts in #2290 for DeliveryEstimate, and chart.js (203.6 kB), "
    "which reaches checkout through the @storefront/ui barrel. Vite itself suggests "
    "manualChunks: I'll move both into a vendor-heavy chunk with a small manualChunks helper in "
    "src/build/manualChunks.ts, wired into vite.config.ts, so the entry chunk is back under the "
    "120 kB budget."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/build/manualChunks.ts\nM vite.config.ts\n",
    input="*** Begin Patch\n*** Add File: src/build/manualChunks.ts\n"
    "+const HEAVY = [/node_modules\\/\\.pnpm\\/moment@/, /node_modules\\/\\.pnpm\\/chart\\.js@/];\n\n"
    "+export function manualChunks(id: string): string | undefined {\n"
    '+  return HEAVY.some((re) => re.test(id)) ? "vendor-heavy" : undefined;\n+}\n'
    "*** Update File: vite.config.ts\n@@\n"
    ' import react from "@vitejs/plugin-react";\n'
    '+import { manualChunks } from "./src/build/manualChunks";\n'
    "@@\n   build: {\n"
    "+    rollupOptions: { output: { manualChunks } },\n"
    "     sourcemap: false,\n*** End Patch\n",
)
s.call(
    "shell",
    "dist/assets/checkout-1d7e53b8.js       297.10 kB \u2502 gzip: 102.94 kB\n"
    "dist/assets/vendor-heavy-a03c6f15.js   515.02 kB \u2502 gzip: 139.21 kB\n"
    "\u2713 built in 9.61s\n" + _limit("102.9 kB"),
    command=["bash", "-lc", _BUILD],
)
s.say(
    "The checkout entry is 102.9 kB now, under the 120 kB limit; moment and chart.js sit in "
    "vendor-heavy-a03c6f15.js (139.2 kB)."
)
s.user(
    "No, that just moves the bytes. Checkout imports both statically, so vendor-heavy is still "
    "on the critical path and LCP stays at 3.4 s; size-limit only passes because it measures "
    "one file. Drop manualChunks. Replace moment with date-fns in src/lib/dates.ts (it's "
    "already a dependency, 3.6.0), and find out why chart.js is in checkout at all: nothing on "
    "that page draws a chart."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nD src/build/manualChunks.ts\nM vite.config.ts\n",
    "Reverting the chunk split: deleting the helper and taking it out of vite.config.ts.",
    input="*** Begin Patch\n*** Delete File: src/build/manualChunks.ts\n"
    "*** Update File: vite.config.ts\n@@\n"
    ' import react from "@vitejs/plugin-react";\n'
    '-import { manualChunks } from "./src/build/manualChunks";\n'
    "@@\n   build: {\n"
    "-    rollupOptions: { output: { manualChunks } },\n"
    "     sourcemap: false,\n*** End Patch\n",
)
s.call(
    "shell",
    'import moment from "moment";\n\n'
    '// delivery estimate on checkout: "Fri, Mar 15"\n'
    'export const formatDeliveryDate = (d: Date) => moment(d).format("ddd, MMM D");\n'
    '// order lists: "Mar 15, 2024"\n'
    'export const formatOrderDate = (d: Date) => moment(d).format("MMM D, YYYY");\n'
    '// "3 days ago"\n'
    "export const formatRelative = (d: Date) => moment(d).fromNow();\n",
    command=["bash", "-lc", f"cat {_DATES}"],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_DATES}\n",
    input=f"*** Begin Patch\n*** Update File: {_DATES}\n@@\n"
    '-import moment from "moment";\n'
    '+import { format, formatDistanceToNowStrict } from "date-fns";\n'
    "@@\n"
    '-export const formatDeliveryDate = (d: Date) => moment(d).format("ddd, MMM D");\n'
    '+export const formatDeliveryDate = (d: Date) => format(d, "EEE, MMM D");\n'
    "@@\n"
    '-export const formatOrderDate = (d: Date) => moment(d).format("MMM D, YYYY");\n'
    '+export const formatOrderDate = (d: Date) => format(d, "MMM D, YYYY");\n'
    "@@\n"
    "-export const formatRelative = (d: Date) => moment(d).fromNow();\n"
    "+export const formatRelative = (d: Date) =>\n"
    "+  formatDistanceToNowStrict(d, { addSuffix: true });\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    " FAIL  src/lib/dates.test.ts > formatDeliveryDate > shows weekday, month and day\n"
    "RangeError: Use `d` instead of `D` (in `EEE, MMM D`) for formatting days of the month to "
    "the input `Fri Mar 15 2024 00:00:00 GMT+0000 (Coordinated Universal Time)`; see: "
    "https://github.com/date-fns/date-fns/blob/main/docs/unicodeTokens.md\n"
    " \u276f format node_modules/.pnpm/date-fns@3.6.0/node_modules/date-fns/format.mjs:372:7\n"
    " FAIL  src/lib/dates.test.ts > formatOrderDate > shows month, day and year\n"
    "RangeError: Use `d` instead of `D` (in `MMM D, YYYY`) for formatting days of the month to "
    "the input `Fri Mar 15 2024 00:00:00 GMT+0000 (Coordinated Universal Time)`; see: "
    "https://github.com/date-fns/date-fns/blob/main/docs/unicodeTokens.md\n\n"
    " Test Files  1 failed | 37 passed (38)\n      Tests  2 failed | 212 passed (214)\n",
    command=["bash", "-lc", "pnpm vitest run 2>&1 | grep -E 'FAIL|RangeError|format |Test' "],
)
s.say(
    "date-fns uses Unicode tokens, not moment's: D is the day of the year and YYYY the "
    "week-numbering year, so it refuses them. The day of the month is d and the calendar year "
    "yyyy."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_DATES}\n",
    input=f"*** Begin Patch\n*** Update File: {_DATES}\n@@\n"
    '-export const formatDeliveryDate = (d: Date) => format(d, "EEE, MMM D");\n'
    '+export const formatDeliveryDate = (d: Date) => format(d, "EEE, MMM d");\n'
    "@@\n"
    '-export const formatOrderDate = (d: Date) => format(d, "MMM D, YYYY");\n'
    '+export const formatOrderDate = (d: Date) => format(d, "MMM d, yyyy");\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    " Test Files  38 passed (38)\n      Tests  214 passed (214)\n"
    "dist/assets/checkout-c40a9e12.js       577.44 kB \u2502 gzip: 173.61 kB\n"
    "\u2713 built in 8.92s\n" + _limit("173.6 kB", over="53.6 kB"),
    command=["bash", "-lc", "pnpm vitest run 2>&1 | grep -E '^ +Test'; " + _BUILD],
)
s.say(
    "All 214 tests pass and moment is out of the chunk, but checkout is still 173.6 kB, over "
    "the budget. That could be a stale pre-bundle in node_modules/.vite from the moment build; "
    "clearing it and dist, then building again."
)
s.call(
    "shell",
    "dist/assets/checkout-c40a9e12.js       577.44 kB \u2502 gzip: 173.61 kB\n"
    "\u2713 built in 11.37s\n" + _limit("173.6 kB", over="53.6 kB"),
    command=["bash", "-lc", "rm -rf node_modules/.vite dist && " + _BUILD],
)
s.say(
    "Same 173.6 kB, same hash, so it isn't a cache: the chart.js code is really being bundled. "
    "Looking at how @storefront/ui is packaged."
)
s.call(
    "shell",
    '{\n  "name": "@storefront/ui",\n  "version": "0.0.0",\n  "private": true,\n'
    '  "type": "module",\n  "main": "src/index.ts",\n'
    '  "peerDependencies": { "react": "^18.2.0" },\n'
    '  "dependencies": { "chart.js": "^4.4.2", "react-chartjs-2": "^5.2.0" }\n}\n'
    "---\n"
    'import "./styles/tokens.css";\n\n'
    'export * from "./Money";\n'
    'export * from "./Tooltip";\n'
    'export * from "./charts/SalesChart";\n'
    'export * from "./charts/Sparkline";\n'
    "---\n"
    'packages/ui/src/charts/SalesChart.tsx:1:import "chart.js/auto";\n'
    'packages/ui/src/charts/Sparkline.tsx:1:import "chart.js/auto";\n',
    command=[
        "bash",
        "-lc",
        f"cat {_UI_PKG}; echo ---; cat packages/ui/src/index.ts; echo ---; "
        "grep -rn 'chart.js' packages/ui/src --include=*.tsx",
    ],
)
s.say(
    "That's it. PriceBreakdown only imports Money and Tooltip from the barrel, but "
    f"{_UI_PKG} has no sideEffects field, so Rollup has to assume every module of "
    "@storefront/ui has side effects and keeps SalesChart.tsx and Sparkline.tsx, and with "
    'them import "chart.js/auto", which registers every controller when it loads. Declaring '
    'the package free of side effects except its CSS: "sideEffects": ["**/*.css"], so '
    "tokens.css stays and the unused chart modules are dropped."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_UI_PKG}\n",
    input=f"*** Begin Patch\n*** Update File: {_UI_PKG}\n@@\n"
    '   "type": "module",\n'
    '+  "sideEffects": ["**/*.css"],\n'
    '   "main": "src/index.ts",\n*** End Patch\n',
)
s.call(
    "shell",
    "dist/assets/checkout-9b2d41c0.css       18.40 kB \u2502 gzip:   4.12 kB\n"
    "dist/assets/checkout-e81f2b57.js       321.96 kB \u2502 gzip: 104.27 kB\n"
    "\u2713 built in 8.40s\n" + _limit("104.2 kB") + "\n"
    " Test Files  38 passed (38)\n      Tests  214 passed (214)\n",
    command=["bash", "-lc", _BUILD + "; pnpm vitest run 2>&1 | grep -E '^ +Test'"],
)
s.say(
    "The checkout entry is 104.2 kB gzipped, under the 120 kB budget, with no vendor chunk "
    "beside it: moment is replaced by date-fns in src/lib/dates.ts, and the sideEffects field "
    "lets Rollup drop the chart modules and chart.js. All 214 tests pass."
)
s.call(
    "shell",
    "[web-512-checkout-bundle 7c2e9f4] Shrink the checkout entry chunk: date-fns, "
    "tree-shakeable ui (WEB-512)\n 2 files changed, 6 insertions(+), 5 deletions(-)\n"
    "https://github.com/storefront/storefront/pull/2317\n",
    command=[
        "bash",
        "-lc",
        "git checkout -b web-512-checkout-bundle && git add -A && git commit -m 'Shrink the "
        "checkout entry chunk: date-fns, tree-shakeable ui (WEB-512)' && git push -u origin "
        "HEAD && gh pr create --fill",
    ],
)
s.user(
    "Dario reviewed #2317:\n"
    "1. formatRelative: formatDistanceToNowStrict drops the 'ago' that moment's fromNow() gave\n"
    "2. with sideEffects set, does tokens.css still get into the build? It's only imported for "
    "its side effect in packages/ui/src/index.ts\n"
    "3. moment is still in package.json; remove it so nobody re-imports it\n"
    "4. add a size-limit budget for the account page too\n"
    "Mine: 1 answer him: we pass addSuffix: true and dates.test.ts checks '3 days ago'. 2 "
    "check it. 3 yes, do it. 4 is WEB-530, not this PR."
)
s.call(
    "shell",
    "dist/assets/checkout-9b2d41c0.css\n1\n",
    command=[
        "bash",
        "-lc",
        "ls dist/assets/*.css && grep -c -- '--sf-color-brand' dist/assets/checkout-*.css",
    ],
)
s.call(
    "shell",
    'package.json:27:    "moment": "^2.30.1",\n'
    'src/pages/account/OrderHistory.tsx:3:import moment from "moment";\n'
    'src/pages/account/OrderHistory.tsx:41:            <td>{moment(order.placedAt).format("MMM '
    'D, YYYY")}</td>\n',
    command=["bash", "-lc", "git grep -n moment -- package.json src"],
)
s.call(
    "shell",
    "https://github.com/storefront/storefront/pull/2317#issuecomment-1987432\n",
    "Answering (1), (2) and (4) on the PR.",
    command=["bash", "-lc", "gh pr comment 2317 --body-file /tmp/pr2317.md"],
    body="(1) formatRelative passes addSuffix: true, and dates.test.ts checks '3 days ago'. (2) "
    "tokens.css still ships: the sideEffects field keeps **/*.css, and the --sf-color-brand "
    "tokens are in dist/assets/checkout-9b2d41c0.css. (4) The account page budget is WEB-530, a "
    "separate PR.",
)
s.say(
    "(2) needed no change: tokens.css is still in the build (dist/assets/checkout-9b2d41c0.css "
    "has the tokens). (1) and (4) are answered on #2317. For (3), moment can't be removed from "
    "package.json yet: src/pages/account/OrderHistory.tsx still imports it for the order date."
)
s.say(
    "Next: port src/pages/account/OrderHistory.tsx to formatOrderDate from src/lib/dates.ts, "
    "then pnpm remove moment, run pnpm vitest run and pnpm size-limit, and push to #2317."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "WEB-512: since #2290 the checkout entry chunk is 241.8 kB gzipped, over the 120 "
             "kB size-limit budget (it was 96.4 kB), and checkout LCP went from 1.9 s to 3.4 s; "
             "get the chunk back under budget.",
             must=(("checkout",),
                   ("budget", "size limit", "120 kb", "web-512", "bundle", "241.8")),
             partial_means="The size regression without the checkout chunk, or the ticket alone.",
             wrong="A slow checkout API; a broken delivery estimate."),
    Question("latest_request", "What did the user last ask?",
             "Dario's review of PR #2317 with the user's answers: (1) answer that formatRelative "
             "passes addSuffix: true and dates.test.ts checks '3 days ago'; (2) check that "
             "tokens.css still gets into the build; (3) remove moment from package.json; (4) "
             "the account page budget is WEB-530, not this PR.",
             must=(("remove moment", "moment from package.json", "moment is still in package.json",
                    "drop moment", "remove it"),
                   ("web-530", "addsuffix", "tokens.css", "ago")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "dario", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Adding the account page budget now; splitting chunks.",
             stale_means="The drop-manualChunks correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Dario's third point, which cannot be done as it stands: port "
             "src/pages/account/OrderHistory.tsx from moment to formatOrderDate in "
             "src/lib/dates.ts, then pnpm remove moment, run vitest and size-limit, and push "
             "to #2317. The account page budget is WEB-530, a separate PR.",
             must=(("orderhistory",),
                   ("remove moment", "moment from package.json", "drop moment",
                    "uninstall moment", "pnpm remove")),
             stale=("add a size-limit budget", "manualchunks", "vendor-heavy",
                    "rm -rf node_modules/.vite"),
             partial_means="Says to remove moment without porting OrderHistory.tsx first, or "
                           "the reverse.",
             wrong="Lazy-loading the checkout page; raising the budget.",
             stale_means="Says to add the account page budget (put off to WEB-530 by the user), "
                         "to split chunks with manualChunks, or to clear node_modules/.vite."),
    Question("files_edited", "Which files were changed, and why?",
             "src/lib/dates.ts (moment replaced by date-fns format and "
             "formatDistanceToNowStrict with addSuffix, Unicode tokens d and yyyy); "
             "packages/ui/package.json (\"sideEffects\": [\"**/*.css\"], so the unused chart "
             "modules are dropped). src/build/manualChunks.ts was created and deleted; "
             "vite.config.ts was edited and reverted.",
             must=(("dates.ts",),
                   ("packages/ui/package.json", "ui/package.json", "ui package.json",
                    "ui s package.json", "@storefront/ui package.json")),
             stale=("manualchunks.ts",),
             spread=True,
             partial_means="One of the two files.",
             wrong="OrderHistory.tsx or the root package.json given as edited.",
             stale_means="src/build/manualChunks.ts listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Shrink the chunk itself: replace moment with date-fns in src/lib/dates.ts and "
             "make @storefront/ui tree-shakeable with a sideEffects field (only CSS keeps side "
             "effects), so chart.js leaves checkout; it rules out splitting moment and chart.js "
             "into a vendor-heavy chunk with manualChunks, which only moves the bytes (still "
             "loaded on first paint, size-limit passing because it measures one file).",
             must=(("date-fns",), ("sideeffects", "side effects", "side-effect", "tree-shak"),
                   ("manualchunks", "vendor-heavy", "chunk split", "split", "separate chunk",
                    "moves the bytes")),
             partial=2,
             stale=("vendor-heavy chunk", "manualchunks helper"),
             partial_means="date-fns or the sideEffects field without what it rules out.",
             wrong="Lazy-loading the checkout route; raising the budget to 250 kB.",
             stale_means="The manualChunks split into a vendor-heavy chunk given as the design."),
    Question("review", "What did the review find?",
             "Dario on #2317: (1) formatDistanceToNowStrict drops moment's 'ago' (answered: "
             "addSuffix: true, the test checks '3 days ago'); (2) does tokens.css still get "
             "into the build with sideEffects set (checked: it ships in checkout-*.css); (3) "
             "moment is still in package.json (pending: OrderHistory.tsx still imports it); "
             "(4) a size-limit budget for the account page (WEB-530).",
             must=(("ago", "addsuffix", "formatrelative", "formatdistancetonowstrict"),
                   ("tokens.css", "css"), ("moment",), ("account page", "web-530")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "dario", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The RangeError or the 173.6 kB chunk given as review findings."),
    Question("corrections", "How did the user correct the agent?",
             "No manualChunks: splitting moment and chart.js into vendor-heavy only moves the "
             "bytes, since checkout imports both statically (still on the critical path, LCP "
             "unchanged) and size-limit passes only because it measures one file; replace "
             "moment with date-fns and find out why chart.js is in checkout.",
             must=(("manualchunks", "moves the bytes", "vendor-heavy", "chunk split"),
                   ("date-fns", "chart.js")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "wants", "ruled out", "rejected"),
             partial_means="No manualChunks without what to do instead, or the reverse.",
             wrong="The RangeError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "After date-fns the checkout chunk was still 173.6 kB, over budget; clearing "
             "node_modules/.vite and dist and rebuilding did not change it (same size, same "
             "hash); fixed by \"sideEffects\": [\"**/*.css\"] in packages/ui/package.json, "
             "since without it Rollup kept the barrel's SalesChart and Sparkline and their "
             "import of chart.js/auto. Earlier, date-fns threw RangeError on moment's tokens "
             "(D, YYYY); fixed by d and yyyy.",
             must=(("173.6", "chart.js", "still over", "over budget", "over the budget"),
                   ("sideeffects", "side effects", "side-effect")),
             stale=("fixed by rm -rf node_modules/.vite", "fixed by clearing",
                    "fixed by a rebuild", "fixed by rebuilding", "fixed by a clean build",
                    "stale pre-bundle"),
             partial_means="The error without its fix, or only the RangeError.",
             wrong="A TypeScript compile error; a failing CI lint step.",
             stale_means="The 173.6 kB chunk 'fixed' by clearing node_modules/.vite and "
                         "rebuilding."),
    Question("key_values", "Which key values matter?",
             "Budget 120 kB gzipped for the checkout entry; 96.4 kB before #2290, 241.8 kB at "
             "the start, 173.6 kB after date-fns, 104.2 kB at the end; LCP 1.9 s to 3.4 s; "
             "date-fns 3.6.0; 214 tests; PR #2317; WEB-512 and WEB-530.",
             must=(("241.8", "173.6", "104.2"), ("120 kb",), ("#2317", "web-530")),
             spread=True,
             partial_means="One or two groups of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/lib/dates.ts holds the date formatting helpers (delivery date, order date, "
             "relative time); packages/ui/src/index.ts is the @storefront/ui barrel that "
             "re-exports Money, Tooltip and the chart components; packages/ui/package.json is "
             "that package's manifest; .size-limit.json holds the checkout budget; "
             "DeliveryEstimate.tsx shows the delivery date on checkout; OrderHistory.tsx lists "
             "account orders and still uses moment.",
             must=(("dates.ts",),
                   ("index.ts", ".size-limit.json", "deliveryestimate", "orderhistory",
                    "package.json"),
                   ("formatting", "helpers", "barrel", "re-export", "budget", "manifest")),
             partial_means="The files named without what they hold.",
             wrong="manualChunks.ts as the chunk configuration."),
    Question("pending", "What work is still pending?",
             "Port OrderHistory.tsx off moment, remove moment from package.json (Dario's 3), "
             "re-run the tests and size-limit, push to #2317; the account page budget later in "
             "WEB-530.",
             must=(("orderhistory", "remove moment", "moment from package.json", "drop moment"),
                   ("web-530", "account page")),
             partial_means="The moment removal without the account page budget, or the "
                           "reverse.",
             wrong="The 'ago' reply or the tokens.css check as pending."),
    Question("state", "What is the state of the work?",
             "PR #2317 is open with date-fns and the sideEffects field; the checkout entry is "
             "104.2 kB, under the 120 kB budget, and all 214 tests pass; Dario's 1 is answered "
             "on the PR, 2 checked (tokens.css ships), 4 is WEB-530; moment is still in "
             "package.json and imported by OrderHistory.tsx, not removed, nothing pushed since.",
             must=(("104.2", "under budget", "under the 120 kb", "214 tests", "tests pass"),
                   ("not removed", "not pushed", "orderhistory", "still in package.json",
                    "not yet")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or moment is gone.",
             stale_means="Says moment and chart.js sit in a vendor-heavy chunk."),
)  # fmt: skip

PRODUCTION = """Summary so far: WEB-512: since #2290 the checkout entry chunk was 241.8 kB gzipped against the 120 kB size-limit budget (96.4 kB before; LCP 1.9 s to 3.4 s): moment with all locales came in via src/lib/dates.ts, and chart.js via the @storefront/ui barrel. I first split both into a vendor-heavy chunk with manualChunks (src/build/manualChunks.ts); the user rejected it (it only moves the bytes, still loaded on first paint), so the helper is deleted and vite.config.ts reverted.
Decision: replace moment with date-fns in src/lib/dates.ts, and make the ui package tree-shakeable with "sideEffects": ["**/*.css"] in packages/ui/package.json instead of splitting chunks.
Errors: date-fns threw RangeError on moment's tokens (D, YYYY); fixed with d and yyyy. The chunk was still 173.6 kB over budget; clearing node_modules/.vite and rebuilding did not help; fixed by the sideEffects field, which drops SalesChart, Sparkline and chart.js.
Now 104.2 kB, all 214 tests pass; PR #2317 open.
Dario's review: the 'ago' (addSuffix) answered on the PR; tokens.css still ships (checked); the account page budget is WEB-530, not this PR; removing moment from package.json is pending because OrderHistory.tsx still imports it.
Next: port src/pages/account/OrderHistory.tsx to formatOrderDate, pnpm remove moment, run vitest and size-limit, push to #2317."""
