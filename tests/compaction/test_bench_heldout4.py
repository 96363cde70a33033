"""The fourth held-out set of benchmark spans: their shape, that every answer the questions
require is in the span itself, that the harness's own summaries answer them, that the span's
traps grade as stale, and that summaries which do not follow the work (nothing, the first
request, the assistant's last words, the user's messages pasted) score low. No summariser runs
here: these spans test the handoff, they must not be fitted to it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from working_memory.compaction import grade_summary
from working_memory.compaction._questions import QUESTION_KINDS
from working_memory.compaction.bench import BenchSpan, benchmark_spans

# Words that judge the state of the work rather than quote it: a span shows that nothing ran
# after the last change, it does not say "untested".
_STATUS = frozenset(
    [
        "untested",
        "not tested",
        "not yet",
        "uncommitted",
        "not committed",
        "not run",
        "not pushed",
        "not verified",
    ]
)
HELDOUT4 = {s.name: s for s in benchmark_spans() if s.name.startswith("heldout4-")}

# What a careless handoff of each span says: the assistant's last stated plan as the next step,
# the deleted or reverted file as a change, the superseded design, the re-run as the fix. Each
# trap sits apart from the lines that would complete it, as a careless handoff's lines do.
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


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[`*_\"“”‘’]", " ", text).lower().replace("'", " ").split())


def _flat(value: Any) -> str:
    if isinstance(value, Mapping):
        return " ".join(_flat(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(_flat(v) for v in value)
    return str(value)


def _span_text(span: BenchSpan) -> str:
    parts: list[str] = []
    for m in span.messages:
        parts.append(str(m.get("content") or ""))
        for call in m.get("tool_calls") or ():
            parts.append(_flat(json.loads(call["function"]["arguments"])))
    return _norm("\n".join(parts))


def _users(span: BenchSpan) -> list[str]:
    return [str(m["content"]) for m in span.messages if m["role"] == "user"]


def _last_words(span: BenchSpan) -> str:
    return next(
        str(m["content"])
        for m in reversed(span.messages)
        if m["role"] == "assistant" and m["content"]
    )


def test_the_set_is_registered() -> None:
    assert {(s.name, s.shape) for s in HELDOUT4.values()} == {
        ("heldout4-swe-semver", "swe-agent"),
        ("heldout4-claude-cicache", "claude-code"),
        ("heldout4-codex-sqlite", "codex"),
    }


@pytest.mark.parametrize("span", HELDOUT4.values(), ids=lambda s: s.name)
def test_shape(span: BenchSpan) -> None:
    assert span.held_out
    assert 25 <= len(span.messages) <= 60
    assert tuple(q.kind for q in span.questions) == QUESTION_KINDS
    assert span.messages[0]["role"] == "system"
    assert span.messages[-1]["role"] in ("assistant", "tool")
    for q in span.questions:
        assert q.answer and q.partial_means and q.wrong, (span.name, q.kind)


@pytest.mark.parametrize("span", HELDOUT4.values(), ids=lambda s: s.name)
def test_required_answers_are_in_the_span(span: BenchSpan) -> None:
    text = _span_text(span)
    for q in span.questions:
        for group in q.must:
            in_span = any(_norm(p) in text for p in group)
            assert in_span or set(group) <= _STATUS, (q.kind, group)
        for phrase in q.stale:
            if not phrase.startswith("fixed by"):
                assert _norm(phrase) in text, (q.kind, phrase)


def test_the_production_summaries_answer() -> None:
    # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
    claude = HELDOUT4["heldout4-claude-cicache"]
    assert claude.production and 200 <= len(claude.production.split()) <= 450
    graded = grade_summary(claude.production, claude.questions)
    assert graded.score >= 11, str(graded)
    codex = HELDOUT4["heldout4-codex-sqlite"]
    assert codex.production and codex.production.startswith("Summary so far: ")
    assert 60 <= len(codex.production.split()) <= 150
    graded = grade_summary(codex.production, codex.questions)
    assert graded.score >= 11, str(graded)
    assert HELDOUT4["heldout4-swe-semver"].production is None


def test_a_readers_handoff_of_the_swe_span_answers() -> None:
    span = HELDOUT4["heldout4-swe-semver"]
    graded = grade_summary(_READER_SWE, span.questions)
    assert graded.score >= 11, str(graded)


@pytest.mark.parametrize("span", HELDOUT4.values(), ids=lambda s: s.name)
def test_hard_in_the_ways_the_issue_names(span: BenchSpan) -> None:
    """The assistant's last words name a step already done or impossible (a stale next step),
    a file the span created and deleted (or reverted) is a stale answer to the files question,
    and the careless handoff's traps grade as stale."""
    q = {q.kind: q for q in span.questions}
    last = _last_words(span)
    assert any(_norm(p) in _norm(last) for p in q["next_step"].stale), last
    assert all(q[k].stale and q[k].stale_means for k in ("next_step", "files_edited", "errors"))
    graded = grade_summary(_STALE[span.name], span.questions).by_kind()
    for kind in ("next_step", "files_edited", "decisions", "errors"):
        assert graded[kind].grade == "stale", (kind, graded[kind])
    # the assistant's last words, taken as the handoff, give a stale or incomplete next step
    assert grade_summary(last, span.questions).by_kind()["next_step"].grade != "correct"


@pytest.mark.parametrize("span", HELDOUT4.values(), ids=lambda s: s.name)
def test_a_summary_that_does_not_follow_the_work_scores_low(span: BenchSpan) -> None:
    assert grade_summary("", span.questions).score == 0
    assert grade_summary(_users(span)[0], span.questions).score <= 2.5
    assert grade_summary(_last_words(span), span.questions).score <= 3
    # the user's messages carry the corrections and the requests, not what was done about them
    assert grade_summary("\n".join(_users(span)), span.questions).score <= 8
