"""The eleventh held-out set: its spans, the status words its answers use ("not pushed",
"not submitted" among them), a careless handoff of each, a reader's handoff of the SWE-agent
span, and the Codex and Claude Code summaries that answer (Claude Code's a short one). The
checks every set passes are in `test_bench_heldout_sets.py`; no summariser runs on these
spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout11-codex-rdsdrift": (
        "Decision: lifecycle { ignore_changes = [engine_version] } on aws_db_instance.this, so "
        "Terraform stops comparing the version.\n"
        "Files: modules/rds-postgres/main.tf; modules/rds-postgres/moved.tf added for the "
        "parameter group.\n"
        'Error: TestRdsPostgres expected engine_version "15.4", got "15"; fixed by clearing '
        "the fixture's .terraform and running with -count=1.\n"
        "Next: re-run terraform plan in envs/prod to confirm the plan is clean for orders_db."
    ),
    "heldout11-claude-backfill": (
        "Decision: keep the UPDATE and change_column_null in the same migration so it is one "
        "step, with disable_ddl_transaction!.\n"
        "Files: db/migrate/20261202101500_add_account_to_invoices.rb; "
        "lib/tasks/backfill_invoice_accounts.rake added to start the job.\n"
        "Error: the backfill spec expected 0, got 1; fixed by db:test:prepare.\n"
        "Next: write migration 2 with validate_foreign_key and the check constraint on account_id."
    ),
    "heldout11-swe-wheelversion": (
        "Decision: the wheel needs VERSION named in [tool.setuptools.package-data].\n"
        "Files: MANIFEST.in added with include yamlfig/VERSION; pyproject.toml.\n"
        "Error: FileNotFoundError for yamlfig/VERSION from the fallback; fixed by rm -rf dist "
        "build and rebuilding.\n"
        "Next step: delete MANIFEST.in and submit."
    ),
}

# A reader's handoff of the SWE-agent span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 300 words.
_READER_SWE = """Task: resolve yamlfig__yamlfig-142: import yamlfig fails with FileNotFoundError for site-packages/yamlfig/VERSION when installed from a wheel (works from a git checkout); minimal changes to non-test files.
Latest request, the maintainer @ines-r's comment on the issue: don't ship VERSION as package-data, read the installed version with importlib.metadata (VERSION stays the build-time source via [tool.setuptools.dynamic]); a never-installed checkout must still report its version; is the importlib_metadata backport needed (dropping 3.7 is #150); the CHANGES.rst entry under 2.3.1 in the issue's words.
Decision: __version__ comes from importlib.metadata, version("yamlfig-core"), falling back to the VERSION file only in a never-installed checkout. This rules out VERSION as package-data and MANIFEST.in.
The maintainer's correction: don't ship VERSION as package-data; use importlib.metadata.
Files changed: yamlfig/_version.py (importlib.metadata version("yamlfig-core"), checkout fallback, a comment on the backport). The package-data section in pyproject.toml was added and removed (net unchanged); MANIFEST.in was created and deleted; reproduce.sh is a scratch script, still there.
Errors: FileNotFoundError from the wheel; MANIFEST.in did not fix it (include-package-data = false). Then the same FileNotFoundError from the fallback because version("yamlfig") raised PackageNotFoundError; cleaning dist/ did not help; fixed by the distribution's name, version("yamlfig-core").
Review (@ines-r) found: package-data ruled out for importlib.metadata (done); a never-installed checkout reports its version (done, the fallback); the backport question (answered in a comment in _version.py: requires-python >=3.8, no backport); the CHANGES.rst entry (pending).
Values: 41 tests pass; version 2.3.0; distribution yamlfig-core; #150.
Roles: yamlfig/_version.py sets __version__; pyproject.toml is the build config (name yamlfig-core, include-package-data = false); CHANGES.rst the changelog; reproduce.sh builds and installs the wheel in /tmp/venv.
State: the installed wheel reports 2.3.0 and 41 tests pass; the CHANGES.rst entry is not written; not submitted.
Next step: add the CHANGES.rst entry under 2.3.1, "import fails when installed from a wheel", delete reproduce.sh, then submit.
Pending: the CHANGES.rst entry, deleting reproduce.sh, and submit."""


HELDOUT11 = HeldoutSet(
    prefix="heldout11-",
    shapes={
        "heldout11-codex-rdsdrift": "codex",
        "heldout11-claude-backfill": "claude-code",
        "heldout11-swe-wheelversion": "swe-agent",
    },
    status=STATUS | {"not pushed", "not submitted", "not written"},
    production={
        # Codex's "Summary so far", and a brief Claude Code compaction.
        "heldout11-codex-rdsdrift": Production(words=(150, 220), opens="Summary so far: "),
        "heldout11-claude-backfill": Production(words=(60, 130)),
    },
    stale=_STALE,
    readers={"heldout11-swe-wheelversion": _READER_SWE},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
