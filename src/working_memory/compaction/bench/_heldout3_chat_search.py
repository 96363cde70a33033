"""Held out, third set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools: a React search box
showing results for an older query; a debounce helper written, then superseded at the user's
word by an AbortController in a shared useSearch hook, and deleted; an unhandled AbortError that
a timer cleanup and re-run did not fix and a catch in the hook did; a colleague's review (empty
query, a global fetch stub left in place); the empty-query change written last, the test
cleanup and the commit not done."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a helpful coding assistant with tools to read, write, edit and delete files and to "
    "run commands in the repository."
)
s.user(
    "The search box on our docs site shows wrong results when you type fast: type `useEffect` "
    "and you sometimes end up looking at the results for `useE`. The component is "
    "src/components/SearchBox.tsx. Can you fix it?"
)
s.call(
    "read_file",
    "import { useEffect, useState } from 'react';\nimport type { Hit } from '../api/types';\n\n"
    "export function SearchBox() {\n  const [query, setQuery] = useState('');\n"
    "  const [results, setResults] = useState<Hit[]>([]);\n\n  useEffect(() => {\n"
    "    fetch(`/api/search?q=${encodeURIComponent(query)}`)\n"
    "      .then((r) => r.json())\n      .then((data) => setResults(data.hits));\n"
    "  }, [query]);\n\n  return (\n    <>\n"
    "      <input value={query} onChange={(e) => setQuery(e.target.value)} />\n"
    "      <ResultList hits={results} />\n    </>\n  );\n}\n",
    path="src/components/SearchBox.tsx",
)
s.say(
    "Every keystroke starts a request and whichever response arrives last wins. Short prefixes "
    "like `useE` match more pages, so the backend answers them more slowly, and their response "
    "can land after the one for `useEffect` and overwrite it. I'll debounce the input with "
    "lodash's debounce at 300 ms so that far fewer requests are in flight at once."
)
s.call(
    "run_command",
    "docs-site@2.4.0 /app\n└── (empty)",
    command="npm ls lodash lodash.debounce",
)
s.say("lodash isn't a dependency here, so I'll write a small debounce helper instead.")
s.call(
    "write_file",
    "Wrote src/utils/debounce.ts",
    path="src/utils/debounce.ts",
    content="export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms = 300) {\n"
    "  let t: ReturnType<typeof setTimeout> | undefined;\n"
    "  return (...args: A) => {\n    clearTimeout(t);\n    t = setTimeout(() => fn(...args), ms);\n"
    "  };\n}\n",
)
s.call(
    "edit_file",
    "Edited src/components/SearchBox.tsx",
    path="src/components/SearchBox.tsx",
    old="      <input value={query} onChange={(e) => setQuery(e.target.value)} />\n",
    new="      <input defaultValue={query} onChange={debouncedSetQuery} />\n",
)
s.user(
    "A debounce doesn't fix this. If I pause 300 ms after `useE` and then finish typing, the "
    "slow `useE` response can still arrive last. A response for a query that is no longer "
    "current has to be thrown away. Cancel the previous request with an AbortController. And "
    "put it in a hook, src/hooks/useSearch.ts: the header search in "
    "src/components/HeaderSearch.tsx has the same bug."
)
s.say(
    "You're right, debouncing only makes the race rarer. Final design: a useSearch(query) hook "
    "whose effect creates an AbortController per query, passes its signal to fetch, and aborts "
    "it in the effect's cleanup, so only the current query's response can ever call "
    "setResults. A 200 ms setTimeout in the same effect (cleared in the cleanup) keeps the "
    "typing from firing a request per key, so src/utils/debounce.ts goes. I considered a "
    "request counter that ignores out-of-date responses, but it leaves the superseded requests "
    "running on the server; aborting cancels them."
)
s.call(
    "write_file",
    "Wrote src/hooks/useSearch.ts",
    path="src/hooks/useSearch.ts",
    content="import { useEffect, useState } from 'react';\nimport type { Hit } from '../api/types';\n\n"
    "export function useSearch(query: string, delayMs = 200): Hit[] {\n"
    "  const [results, setResults] = useState<Hit[]>([]);\n  useEffect(() => {\n"
    "    const controller = new AbortController();\n"
    "    const timer = setTimeout(() => {\n"
    "      fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal })\n"
    "        .then((r) => r.json())\n        .then((data) => setResults(data.hits));\n"
    "    }, delayMs);\n    return () => {\n      clearTimeout(timer);\n      controller.abort();\n"
    "    };\n  }, [query, delayMs]);\n  return results;\n}\n",
)
s.call(
    "edit_file",
    "Edited src/components/SearchBox.tsx",
    path="src/components/SearchBox.tsx",
    old="  const [results, setResults] = useState<Hit[]>([]);\n\n  useEffect(() => {\n"
    "    fetch(`/api/search?q=${encodeURIComponent(query)}`)\n"
    "      .then((r) => r.json())\n      .then((data) => setResults(data.hits));\n"
    "  }, [query]);\n",
    new="  const results = useSearch(query);\n",
)
s.call(
    "edit_file",
    "Edited src/components/SearchBox.tsx",
    path="src/components/SearchBox.tsx",
    old="      <input defaultValue={query} onChange={debouncedSetQuery} />\n",
    new="      <input value={query} onChange={(e) => setQuery(e.target.value)} />\n",
)
s.call(
    "edit_file",
    "Edited src/components/HeaderSearch.tsx",
    path="src/components/HeaderSearch.tsx",
    old="  const [hits, setHits] = useState<Hit[]>([]);\n  useEffect(() => {\n"
    "    fetch(`/api/search?q=${encodeURIComponent(q)}&limit=5`)\n"
    "      .then((r) => r.json())\n      .then((data) => setHits(data.hits));\n  }, [q]);\n",
    new="  const hits = useSearch(q).slice(0, 5);\n",
)
s.call(
    "delete_file",
    "Deleted src/utils/debounce.ts",
    path="src/utils/debounce.ts",
)
s.call(
    "write_file",
    "Wrote src/hooks/useSearch.test.ts",
    path="src/hooks/useSearch.test.ts",
    content="import { renderHook, act } from '@testing-library/react';\n"
    "import { vi, test, expect } from 'vitest';\nimport { useSearch } from './useSearch';\n\n"
    "test('drops the response of a superseded query', async () => {\n"
    "  vi.useFakeTimers();\n  vi.stubGlobal('fetch', fakeFetch({ useE: 900, useEffect: 100 }));\n"
    "  const { result, rerender } = renderHook(({ q }) => useSearch(q), "
    "{ initialProps: { q: 'useE' } });\n"
    "  await act(() => vi.advanceTimersByTimeAsync(250));\n  rerender({ q: 'useEffect' });\n"
    "  await act(() => vi.advanceTimersByTimeAsync(1200));\n"
    "  expect(result.current.map((h) => h.title)).toEqual(['useEffect']);\n});\n\n"
    "test('one request per pause in typing', async () => { /* ... */ });\n",
)
s.call(
    "run_command",
    " ✓ src/hooks/useSearch.test.ts (2 tests) 41ms\n\n"
    "⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯\n"
    "AbortError: The operation was aborted.\n ❯ src/hooks/useSearch.test.ts:7:3\n"
    " ❯ src/hooks/useSearch.ts:10:9\n\n"
    " Test Files  1 passed (1)\n      Tests  2 passed (2)\n     Errors  1 error\n"
    "Vitest caught 1 unhandled error during the test run.",
    command="npx vitest run src/hooks",
)
s.say(
    "Both tests pass but vitest reports an unhandled AbortError, which fails the run. It may "
    "come from the fake timers still being installed when the test ends; I'll restore real "
    "timers after each test and run it again."
)
s.call(
    "edit_file",
    "Edited src/hooks/useSearch.test.ts",
    path="src/hooks/useSearch.test.ts",
    old="import { vi, test, expect } from 'vitest';\n",
    new="import { vi, test, expect, afterEach } from 'vitest';\n\n"
    "afterEach(() => {\n  vi.useRealTimers();\n});\n",
)
s.call(
    "run_command",
    " ✓ src/hooks/useSearch.test.ts (2 tests) 39ms\n\n"
    "⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯\n"
    "AbortError: The operation was aborted.\n ❯ src/hooks/useSearch.ts:10:9\n\n"
    "     Errors  1 error\nVitest caught 1 unhandled error during the test run.",
    command="npx vitest run src/hooks",
)
s.say(
    "Same error, so the timers weren't it. The real cause is in the hook: aborting a fetch "
    "rejects its promise with an AbortError, and the chain in useSearch.ts has no catch, so "
    "every superseded request ends in an unhandled rejection, in the browser too. Adding a "
    "catch that ignores AbortError and logs anything else."
)
s.call(
    "edit_file",
    "Edited src/hooks/useSearch.ts",
    path="src/hooks/useSearch.ts",
    old="        .then((data) => setResults(data.hits));\n",
    new="        .then((data) => setResults(data.hits))\n        .catch((err) => {\n"
    "          if (err.name !== 'AbortError') console.error('search failed', err);\n"
    "        });\n",
)
s.call(
    "run_command",
    " ✓ src/hooks/useSearch.test.ts (2 tests) 37ms\n\n Test Files  1 passed (1)\n"
    "      Tests  2 passed (2)",
    command="npx vitest run src/hooks",
)
s.call(
    "run_command",
    " Test Files  18 passed (18)\n      Tests  96 passed (96)\n",
    command="npx tsc --noEmit && npx vitest run",
)
s.say(
    "The hook's catch fixed it: no unhandled errors, and the whole suite passes (96 tests in "
    "18 files), tsc clean. SearchBox and HeaderSearch both use useSearch now, and "
    "src/utils/debounce.ts is gone."
)
s.user(
    "Lena reviewed it. Two things: (1) an empty query still calls /api/search?q= which returns "
    "the 500-row all-pages list, so clearing the box flashes every page for a moment; the hook "
    "should return [] for an empty or whitespace-only query without fetching. (2) The test "
    "stubs fetch with vi.stubGlobal but never calls vi.unstubAllGlobals(), so the fake fetch "
    "leaks into the test files that run after it. Fix both, then commit with the message "
    "'search: drop superseded responses'."
)
s.say("I'll handle the empty query in useSearch first, then the test cleanup.")
s.call(
    "edit_file",
    "Edited src/hooks/useSearch.ts",
    path="src/hooks/useSearch.ts",
    old="  useEffect(() => {\n    const controller = new AbortController();\n",
    new="  useEffect(() => {\n    if (!query.trim()) {\n      setResults([]);\n      return;\n"
    "    }\n    const controller = new AbortController();\n",
)
s.say(
    "useSearch now returns [] for an empty or whitespace-only query without calling fetch. Let "
    "me re-read the hook to check the early return comes before the timer is set:"
)
s.call(
    "read_file",
    "export function useSearch(query: string, delayMs = 200): Hit[] {\n"
    "  const [results, setResults] = useState<Hit[]>([]);\n  useEffect(() => {\n"
    "    if (!query.trim()) {\n      setResults([]);\n      return;\n    }\n"
    "    const controller = new AbortController();\n"
    "    const timer = setTimeout(() => {\n",
    path="src/hooks/useSearch.ts",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Fix the docs-site search box (src/components/SearchBox.tsx) showing results for an "
             "older query (`useE` instead of `useEffect`) when typing fast.",
             must=(("search",), ("searchbox", "stale", "older query", "out of date",
                                 "out-of-order", "useeffect", "race")),
             partial_means="The search box named without the out-of-date results.",
             wrong="Making search faster; a backend search bug."),
    Question("latest_request", "What did the user last ask?",
             "Lena's review: make useSearch return [] for an empty/whitespace query without "
             "fetching, add vi.unstubAllGlobals() so the fetch stub doesn't leak, then commit "
             "with 'search: drop superseded responses'.",
             must=(("empty",), ("unstuball", "stubglobal", "commit")),
             partial_means="One of Lena's two points, without the other or the commit.",
             wrong="AbortController (an earlier correction).",
             stale_means="The first request (fix the search box) or the AbortController "
                         "correction given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Add afterEach(() => vi.unstubAllGlobals()) to src/hooks/useSearch.test.ts (and a "
             "test that an empty query makes no request), run vitest, then commit with "
             "'search: drop superseded responses'.",
             must=(("unstuball", "stubglobal", "fetch stub", "test cleanup"),
                   ("usesearch.test.ts", "aftereach")),
             stale=("handle the empty query", "re-read the hook"),
             partial_means="Says to commit without the test cleanup.",
             wrong="Adding lodash or a debounce; changing the backend.",
             stale_means="Says to handle the empty query or re-read the hook: both done."),
    Question("files_edited", "Which files were changed, and why?",
             "src/hooks/useSearch.ts (new: AbortController per query, 200 ms delay, catch for "
             "AbortError, empty-query early return); src/components/SearchBox.tsx and "
             "src/components/HeaderSearch.tsx (use the hook); src/hooks/useSearch.test.ts (new). "
             "src/utils/debounce.ts was created and deleted.",
             must=(("usesearch.ts",), ("searchbox.tsx",), ("headersearch.tsx",),
                   ("usesearch.test.ts",)),
             stale=("debounce.ts",), spread=True,
             partial_means="Two or three of the four files.",
             wrong="Files the span never touched (the backend, package.json).",
             stale_means="src/utils/debounce.ts listed as a file that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "A shared useSearch hook that aborts the previous request with an AbortController "
             "in the effect cleanup (plus a 200 ms setTimeout); rules out a debounce alone "
             "(lodash or the helper: the race stays) and a request counter (leaves superseded "
             "requests running).",
             must=(("abortcontroller", "abort"), ("debounce",), ("counter",)), partial=2,
             stale=("debounce the input",),
             partial_means="The AbortController with only one of the two rejected designs.",
             wrong="A debounce given as the design.",
             stale_means="Debouncing (lodash, 300 ms, debounce.ts) given as the fix."),
    Question("review", "What did the review find?",
             "Lena: an empty query still fetches /api/search?q= (the 500-row all-pages list "
             "flashes when the box is cleared); the test's vi.stubGlobal fetch is never undone "
             "with vi.unstubAllGlobals() and leaks into later test files.",
             must=(("empty",), ("stubglobal", "unstuball", "leaks", "500")),
             partial_means="One of the two findings.",
             wrong="The unhandled AbortError (the agent found that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "A debounce doesn't fix the race (a slow `useE` response can still arrive last): "
             "discard out-of-date responses by aborting the previous request with "
             "AbortController, in a hook src/hooks/useSearch.ts shared with HeaderSearch.",
             must=(("debounce",), ("abortcontroller", "abort")),
             partial_means="The AbortController without saying the debounce was not enough.",
             wrong="Lena's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "Unhandled Rejection AbortError: The operation was aborted (vitest fails the run): "
             "the fetch chain in useSearch.ts had no catch; fixed by a .catch that ignores "
             "AbortError. Restoring real timers (vi.useRealTimers) and re-running did not fix "
             "it.",
             must=(("aborterror", "unhandled rejection"), ("catch",)),
             stale=("fixed by restoring real timers", "fake timers still being installed",
                    "fixed by re-running"),
             partial_means="The AbortError without the catch.",
             wrong="A TypeScript error; lodash missing given as an error fixed by code.",
             stale_means="The AbortError put down to the fake timers or 'fixed' by the re-run."),
    Question("key_values", "Which key values matter?",
             "200 ms delay in useSearch (the superseded debounce was 300 ms); 96 tests in 18 "
             "files pass; the empty query returns a 500-row list; commit message 'search: drop "
             "superseded responses'; header search shows 5 hits.",
             must=(("200 ms", "200ms", "delayms = 200"), ("96", "500-row", "500 rows"),
                   ("search: drop superseded responses",)),
             spread=True,
             partial_means="Some of the values.",
             wrong="300 ms given as the current delay."),
    Question("file_roles", "What is each file for?",
             "src/hooks/useSearch.ts holds the shared search logic (fetch, abort, delay) used by "
             "SearchBox.tsx (the docs search box) and HeaderSearch.tsx (the header search, 5 "
             "hits).",
             must=(("usesearch",), ("shared", "headersearch", "both components")),
             partial_means="The hook named without the components that use it.",
             wrong="useSearch described as a test helper or a debounce."),
    Question("pending", "What work is still pending?",
             "vi.unstubAllGlobals() in the test (and an empty-query test), running vitest on the "
             "empty-query change, then the commit 'search: drop superseded responses'.",
             must=(("unstuball", "stubglobal", "fetch stub", "test cleanup"), ("commit",),
                   ("vitest", "run the tests", "rerun the tests", "re-run the tests")),
             partial_means="One of the test cleanup and the commit.",
             wrong="Adding a debounce."),
    Question("state", "What is the state of the work?",
             "The abort-based useSearch hook works in both components and the suite passes (96 "
             "tests); the empty-query early return is written but untested, the fetch stub "
             "still leaks, and nothing is committed.",
             must=(("empty",), ("untested", "not tested", "not yet", "uncommitted",
                                "not committed", "not run")),
             partial_means="The working hook without saying the empty-query change is untested.",
             wrong="Says the race is still unfixed.",
             stale_means="Says everything passes after the empty-query change, or it is "
                         "committed."),
)  # fmt: skip

PRODUCTION = None  # the chat format has no compaction of its own
