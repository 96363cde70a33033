"""The fourth held-out set: its spans, the status words its answers use, a careless handoff of
each, a reader's handoff of the SWE-agent span, and the Claude Code and Codex summaries that
answer. The checks every set passes are in `test_bench_heldout_sets.py`; no summariser runs on
these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout4-swe-semver": (
        "Files: src/verlib/compare.py edited; setup.cfg adds packaging>=23.0 to "
        "install_requires; reproduce.py added to reproduce the issue.\n"
        "Error: ValueError: invalid literal for int() with base 10: '0-rc', from the stale "
        "egg-link; fixed by reinstalling with pip install -e . --no-deps.\n"
        "Decision: replace parse() with packaging.version.Version, which implements the SemVer "
        "ordering.\n"
        "Next step: re-run python reproduce.py to make sure compare() gives 1 and -1."
    ),
    "heldout4-claude-cicache": (
        "Decision: cache the whole .venv with actions/cache@v4 keyed on "
        "hashFiles('requirements/*.txt').\n"
        "Files: .github/workflows/ci.yml edited; .github/workflows/cache-probe.yml added to "
        "print the requirements hash.\n"
        "Error: setup-python failed with No file in /home/runner/work/ledgerly/ledgerly "
        "matched to [**/requirements.txt or **/pyproject.toml], a transient runner problem, "
        "fixed by re-running the failed jobs.\n"
        "Next step: look at the Dockerfile to confirm it calls make deps without PIP_FLAGS."
    ),
    "heldout4-codex-sqlite": (
        "Decision: a process-wide threading.Lock, WRITE_LOCK in syncd/locks.py, around every "
        "write in the indexer and the uploader.\n"
        "Files changed: syncd/locks.py added, syncd/indexer.py, syncd/uploader.py.\n"
        "Error: sqlite3.OperationalError: cannot change into wal mode from within a "
        "transaction, from a leftover state.db with a hot journal; fixed by clearing pytest's "
        "tmp dirs.\n"
        "Next: switch the uploader to fetch pending rows in batches of 100."
    ),
}

# A reader's handoff of the SWE-agent span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 350 words.
_READER_SWE = """Task: resolve verlib__verlib-87: compare() and sort_versions() in src/verlib/compare.py ordered versions as strings (compare("1.10.0", "1.9.0") gave -1) and put a prerelease after its release (compare("2.0.0-rc.1", "2.0.0") gave 1); SemVer 2.0.0 precedence, minimal changes to non-test files.
Latest request, from the maintainer @okafor on the issue: no packaging or any other dependency (verlib is vendored into the installer's bootstrap; install_requires is empty on purpose); implement SemVer 2.0.0 precedence in parse() itself; compare() keeps returning -1, 0 or 1.
Decision: parse() returns a SemVer key (major, minor, patch, pre_key) built with partition: build metadata dropped, a release gets (1,) so it sorts after any prerelease (0, ...), identifiers via _ident as (0, int) or (1, str). This rules out packaging.version.Version (the maintainer's correction) and comparing strings.
Files: src/verlib/compare.py edited (the SemVer key in parse(), the core padded with zeros to three parts). setup.cfg was edited to add packaging>=23.0 and has been reverted with git checkout; reproduce.py was created and is deleted.
Errors: ValueError: invalid literal for int() with base 10: '0-rc' (the prerelease glued to the patch number); reinstalling with pip install -e . --no-deps did not fix it; splitting off the prerelease with partition before int() did. ValueError: not enough values to unpack (expected 3, got 2) for "1.2", fixed by padding the core with zeros. ModuleNotFoundError: No module named 'packaging' went away with the packaging import.
Review: the submit review's diff still showed setup.cfg adding packaging>=23.0 and reproduce.py (both since undone); a grep then found ranges.py:41, where max_satisfying() uses a plain string max().
Values: 46 tests passed (tests/test_compare.py, tests/test_ranges.py); compare("1.10.0", "1.9.0") is now 1.
Roles: src/verlib/compare.py holds parse(), compare() and sort_versions(); src/verlib/ranges.py holds max_satisfying().
State: the compare.py fix is done and 46 tests passed; ranges.py still has the bug; the tests were not re-run after the revert and the work is not submitted.
Next: fix max_satisfying() in src/verlib/ranges.py:41 to max(candidates, key=parse), run python -m pytest tests, then submit again (reproduce.py is deleted, nothing to re-run)."""


HELDOUT4 = HeldoutSet(
    prefix="heldout4-",
    shapes={
        "heldout4-swe-semver": "swe-agent",
        "heldout4-claude-cicache": "claude-code",
        "heldout4-codex-sqlite": "codex",
    },
    status=STATUS | {"not pushed", "not verified"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout4-claude-cicache": Production(words=(200, 450)),
        "heldout4-codex-sqlite": Production(words=(60, 150), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout4-swe-semver": _READER_SWE},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
