"""The thirteenth held-out set: its spans, the status words its answers use ("not pushed",
"not written", "not submitted" among them), a careless handoff of each, a reader's handoff of
the SWE-agent span, the Codex and Claude Code summaries that answer, and the span whose last
words name the right next step. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
# The SWE-agent span ends on the right step, so its careless handoff takes an earlier plan.
_STALE = {
    "heldout13-codex-csvstream": (
        "Decision: page through with LIMIT/OFFSET, pages of 5,000 rows sent with chunk/2.\n"
        "Files: lib/ledgerly_web/controllers/export_controller.ex; "
        "lib/ledgerly/exports/paginator.ex added for the pages.\n"
        "Error: the export hit DBConnection's 15000ms timeout with the old compiled "
        "controller; fixed by a recompile and a restart of the dev server.\n"
        "Next: add the date to the Content-Disposition filename."
    ),
    "heldout13-claude-roommigration": (
        "Decision: the fastest way to get 3.3.x users launching is "
        "fallbackToDestructiveMigrationFrom(6), and so unsynced notes survive, a backup.\n"
        "Files: NotesDatabase.kt; DraftBackup.kt added to save unsynced notes.\n"
        "Error: Migration didn't properly handle: notes, from a stale 7.json; fixed by "
        "./gradlew clean and a re-run.\n"
        "Next: make NotesDao.observeAll() sort pinned notes first, ORDER BY pinned DESC."
    ),
    "heldout13-swe-appendf": (
        "Decision: let vasprintf() allocate the output, with a fallback in src/compat.\n"
        "Files: src/sbuf.c; src/compat/vasprintf.c added for the fallback.\n"
        "Error: make test segfaulted on a stale object from the earlier build; fixed by make "
        "clean and a rebuild.\n"
        "Next step: build src/compat/vasprintf.c from the Makefile and submit."
    ),
}

# A reader's handoff of the SWE-agent span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 300 words.
_READER_SWE = """Task: resolve sbuf-c__sbuf-77: sbuf_appendf() in src/sbuf.c silently truncates output longer than 255 bytes (it formats into char tmp[256] and ignores vsnprintf's return); minimal changes to non-test files.
Latest request, the maintainer @okoye's comment on the issue: (1) no vasprintf and no src/compat/ files, call vsnprintf twice (measure on a copy of the va_list, sbuf_grow(), format straight into sb->data + sb->len); (2) keep the return value, bytes appended or -1 on error; (3) a public sbuf_vappendf() goes to a separate issue; (4) add a test at 255, 256 and 257 bytes.
Decision: two vsnprintf calls, the first on a va_copy, then sbuf_grow() and formatting in place, no temporary buffer. This rules out vasprintf and a src/compat/ fallback: sbuf is C99 and builds with MSVC.
The maintainer's correction: no vasprintf or compat file; use vsnprintf twice.
Files changed: src/sbuf.c (sbuf_appendf with va_copy, vsnprintf and sbuf_grow). The Makefile's SRCS line was edited and reverted; src/compat/vasprintf.c was created and deleted.
Errors: make test segfaulted in test_appendf at the second vsnprintf (src/sbuf.c:153), which reused the consumed va_list; make clean and a rebuild did not help; fixed by va_copy(ap2, ap) for the measuring call.
Review (@okoye) found: vasprintf and compat ruled out (done); the return value, bytes appended (holds); sbuf_vappendf for a separate issue; the 255/256/257 boundary test (pending).
Values: the 256-byte buffer cut output at 255; the repro now prints 300; 11 tests pass; issue #77.
Roles: src/sbuf.c implements the buffer (sbuf_appendf, sbuf_grow); tests/test_appendf.c tests sbuf_appendf; /tmp/repro_77.c reproduces the issue; the Makefile builds and runs the tests.
State: all 11 tests pass and the repro prints 300; the boundary test is not written, not submitted.
Next step: add the boundary test to tests/test_appendf.c with 255, 256 and 257 bytes of output, run make test, then submit.
Pending: the 257-byte boundary test and submit; sbuf_vappendf left to a separate issue."""

# The spans whose last words name the right next step: the set does not simply reward a
# handoff that ignores the assistant's last sentence.
LAST_STEP_RIGHT = frozenset({"heldout13-swe-appendf"})

HELDOUT13 = HeldoutSet(
    prefix="heldout13-",
    shapes={
        "heldout13-codex-csvstream": "codex",
        "heldout13-claude-roommigration": "claude-code",
        "heldout13-swe-appendf": "swe-agent",
    },
    status=STATUS | {"not pushed", "not written", "not submitted"},
    production={
        # Codex's "Summary so far", and Claude Code's full sectioned compaction.
        "heldout13-codex-csvstream": Production(words=(150, 220), opens="Summary so far: "),
        "heldout13-claude-roommigration": Production(words=(250, 450)),
    },
    stale=_STALE,
    readers={"heldout13-swe-appendf": _READER_SWE},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
