"""The ninth held-out set: its spans, the status words its answers use ("not submitted",
"not written" among them), a careless handoff of each, a reader's handoff of the SWE-agent
span, and the Claude Code and Codex summaries that answer. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout9-claude-plurals": (
        "Decision: a polishForm(n) rule, used by t() when the locale is pl, with few/many "
        "forms in locales/pl.json.\n"
        "Files: src/i18n/t.ts edited; src/i18n/plural.ts added with the Polish rule.\n"
        "Error: TypeError: Cannot read properties of undefined (reading 'replace') for pl-PL, "
        "fixed by falling back to 'other' when a category is missing.\n"
        "Next step: add tests for polishForm() in plural.ts."
    ),
    "heldout9-codex-logrotate": (
        "Decision: copytruncate in deploy/logrotate/ingestd, so logrotate copies the file and "
        "truncates it in place.\n"
        "Files changed: internal/logx/signals.go added, internal/logx/file.go.\n"
        "Error: TestReopenNoLostLines got 994 lines, want 1000; fixed by the atomic swap of "
        "the *os.File.\n"
        "Next: move config reload to SIGUSR1 in cmd/ingestd/main.go."
    ),
    "heldout9-swe-merge": (
        "Decision: deep-copy base first with safe_deepcopy(), and deep_merge merges into the "
        "copy.\n"
        "Files: confmerge/merge.py; confmerge/_copy.py added with safe_deepcopy().\n"
        "Error: reproduce.py's AssertionError on DEFAULTS, fixed by copy.copy(base).\n"
        "Next step: all 58 tests pass, submitting now."
    ),
}

# A reader's handoff of the SWE-agent span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 350 words.
_READER_SWE = """Task: resolve confmerge__confmerge-87: deep_merge(base, override) in confmerge/merge.py mutates its first argument, so shared DEFAULTS say prod-db after one merge; minimal changes to non-test files.
Latest request, the maintainer @okonkwo's comment on the issue: no deepcopy (configs carry loggers, locks and open clients that must come out as the same object); lists are concatenated on purpose, document it in README.md; fix merge_all() in confmerge/api.py, which mutates configs[0] too; dict onto a scalar raising is #91, not this issue.
Decision: deep_merge() returns a new dict, result = dict(base) at every level the override reaches, every other value shared as the same object; lists stay concatenated. This rules out copy.deepcopy (safe_deepcopy) and a shallow copy.copy(base), which left nested dicts shared.
The maintainer's correction: no deepcopy, loggers and locks can't be copied and must come out as the same object; document lists rather than change them.
Files changed: confmerge/merge.py (deep_merge builds a new dict per level); README.md (merge section: returns a new dict, lists concatenated on purpose). confmerge/_copy.py (safe_deepcopy) was created and deleted; reproduce.py is a scratch script, still there.
Errors: reproduce.py's AssertionError (DEFAULTS['db']['host'] was prod-db); the deepcopy failed test_logger_passes_through with TypeError: cannot pickle '_thread.RLock' object; copy.copy(base) did not fix the AssertionError; fixed by a new dict at every level (dict(base), recursing into the copy).
Review (@okonkwo) found: deepcopy can't copy loggers (done, no deepcopy); lists concatenated, document it (done in README.md); merge_all() mutates configs[0] (not fixed); dict onto scalar, #91, out of scope.
Values: 58 tests pass; merge_all(a, b) returns a unchanged.
Roles: confmerge/merge.py holds deep_merge(); confmerge/api.py holds merge_all(), a reduce over deep_merge; README.md documents merging.
State: deep_merge() fixed and 58 tests pass; merge_all() now returns configs[0] unmerged because it ignores the return value; not submitted.
Next step: fix merge_all() in confmerge/api.py with acc = deep_merge(acc, cfg), run python -m pytest tests, delete reproduce.py, then submit.
Pending: the merge_all() fix, deleting reproduce.py, and submit."""


HELDOUT9 = HeldoutSet(
    prefix="heldout9-",
    shapes={
        "heldout9-claude-plurals": "claude-code",
        "heldout9-codex-logrotate": "codex",
        "heldout9-swe-merge": "swe-agent",
    },
    status=STATUS | {"not submitted", "not written", "nothing is committed"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout9-claude-plurals": Production(words=(250, 500)),
        "heldout9-codex-logrotate": Production(words=(100, 250), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout9-swe-merge": _READER_SWE},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
