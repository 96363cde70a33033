"""The third held-out set: its spans, a careless handoff of each, a reader's handoff of the
chat span, and its harness summaries (one of them terse) that answer. The checks every set
passes are in `test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import HeldoutSet, LowScores, Production

_STALE = {
    "heldout3-claude-thumbs": (
        "Files: imgsvc/thumbs.py edited; scripts/check_orientation.py added to print "
        "orientations.\n"
        "Decision: an _ORIENTATION_OPS mapping of each Orientation value to Image.Transpose "
        "operations.\n"
        "Error: AttributeError: 'NoneType' object has no attribute 'thumbnail', fixed by "
        "clearing the stale __pycache__.\n"
        "Next step: look at tests/test_thumbs.py to see how the fixtures are loaded."
    ),
    "heldout3-codex-shutdown": (
        "Next: add the ready flag, the drainDelay and /livez to internal/server.\n"
        "Files changed: cmd/ingest/main.go, deploy/chart/values.yaml (grace period, preStop), "
        "scripts/sigterm_load.sh.\n"
        "Decision: raise terminationGracePeriodSeconds to 45 and add a 5 s preStop sleep.\n"
        "Error: panic: send on closed channel, fixed by re-running with go test -count=1."
    ),
    "heldout3-chat-search": (
        "Next step: handle the empty query in useSearch, then re-read the hook.\n"
        "Files: src/utils/debounce.ts added with a 300 ms helper; src/components/SearchBox.tsx "
        "edited.\n"
        "Decision: debounce the input at 300 ms so fewer requests race.\n"
        "Error: AbortError: The operation was aborted, fixed by restoring real timers after "
        "each test."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the span:
# the questions are answerable by a careful summary of about 300 words.
_READER_CHAT = """Task: fix the docs-site search box (src/components/SearchBox.tsx) showing results for an older query (`useE` instead of `useEffect`) when typing fast: responses arrive out of order.
Decision: a shared hook src/hooks/useSearch.ts aborts the previous request with an AbortController in the effect cleanup, plus a 200 ms setTimeout. The user ruled out a debounce alone (the race stays); a request counter was rejected (superseded requests keep running). src/utils/debounce.ts was created, then deleted.
Files: src/hooks/useSearch.ts (new hook: fetch with abort, 200 ms delay, a catch for AbortError, an early return for an empty query); src/components/SearchBox.tsx and src/components/HeaderSearch.tsx edited to use the hook (the header shows 5 hits); src/hooks/useSearch.test.ts (new tests).
Error: vitest reported an unhandled rejection, AbortError, because the fetch chain had no catch; fixed by a .catch in useSearch.ts that ignores AbortError (restoring real timers did not fix it). Then 96 tests in 18 files passed and tsc was clean.
User correction: a debounce does not fix the race; abort the previous request with AbortController, in a hook shared with HeaderSearch.
Latest request, Lena's review: an empty query still fetches the 500-row all-pages list, so return [] for an empty query without fetching; the test's vi.stubGlobal fetch is never undone with vi.unstubAllGlobals() and leaks into later files; then commit with 'search: drop superseded responses'.
State: the empty-query early return is written in useSearch.ts but untested, the fetch stub still leaks, nothing is committed.
Next: add afterEach(() => vi.unstubAllGlobals()) to src/hooks/useSearch.test.ts with a test that an empty query makes no request, run vitest, then commit with 'search: drop superseded responses'."""


HELDOUT3 = HeldoutSet(
    prefix="heldout3-",
    shapes={
        "heldout3-claude-thumbs": "claude-code",
        "heldout3-codex-shutdown": "codex",
        "heldout3-chat-search": "openai-chat",
    },
    production={
        # Claude Code's compaction at its tersest: it keeps the thread of the work and drops the
        # error and most of the values.
        "heldout3-claude-thumbs": Production(words=(40, 80), score=9, missing=("errors",)),
        "heldout3-codex-shutdown": Production(words=(150, 350)),
    },
    stale=_STALE,
    readers={"heldout3-chat-search": _READER_CHAT},
    low=LowScores(first_user=2, last_words=3, users=8),
)
