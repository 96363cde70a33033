"""The held-out benchmark spans written on 2026-12-02: their shape, that their reference answers
come from the span, that a production summary answers them, and that the span's traps (the last
sentence, the rejected design, the re-run "fix", the deleted file) grade as stale. No summariser
runs here: the held-out spans must stay unseen by whoever tunes one."""

from __future__ import annotations

import pytest

from working_memory.compaction import grade_summary
from working_memory.compaction._grader import _has
from working_memory.compaction._questions import QUESTION_KINDS
from working_memory.compaction.bench import BenchSpan, benchmark_spans

from .heldout_checks import span_text

NEW = (
    "heldout-claude-webhook",
    "heldout-codex-metrics",
    "heldout-chat-softdelete",
    "heldout-swe-duration",
)
SPANS = {s.name: s for s in benchmark_spans()}

# A group of the answer that says only how far the work got: a reader's word, not the span's.
_STATUS = ("not ", "untested", "uncommitted", "no tests", "resubmit", "submit again")


def _span(name: str) -> BenchSpan:
    return SPANS[name]


@pytest.mark.parametrize("name", NEW)
def test_the_new_spans_are_held_out_and_complete(name: str) -> None:
    span = _span(name)
    assert span.held_out and span.name.startswith("heldout-")
    assert 25 <= len(span.messages) <= 60
    assert tuple(q.kind for q in span.questions) == QUESTION_KINDS
    for q in span.questions:
        assert q.answer and q.partial_means and q.wrong, (name, q.kind)
        if q.stale:
            assert q.stale_means, (name, q.kind)
    assert {"claude-code", "codex", "openai-chat", "swe-agent"} == {_span(n).shape for n in NEW}


@pytest.mark.parametrize("name", NEW)
def test_every_answer_is_taken_from_the_span(name: str) -> None:
    span = _span(name)
    text = span_text(span)
    for q in span.questions:
        for group in q.must:
            if all(p.startswith(_STATUS) or p in _STATUS for p in group):
                continue
            assert any(_has(text, p) for p in group), (name, q.kind, group)


@pytest.mark.parametrize("name", [n for n in NEW if _span(n).production is not None])
def test_the_production_summary_answers_the_questions(name: str) -> None:
    span = _span(name)
    graded = grade_summary(span.production, span.questions)
    assert graded.score >= 11, str(graded)
    assert not [r for r in graded.results if r.grade == "stale"]


# What a summary that copies the span's surface would say: the last sentence as the next step,
# the first design as the decision, the test re-run as the fix, the deleted file as created.
STALE = {
    "heldout-claude-webhook": (
        "Next step: Let me check how the existing tests set up the database so I can make "
        "creditAccount fail inside the transaction.\n"
        "Decision: record each event id in Redis with SET evt:<id> 1 NX EX 259200 before "
        "handling it.\n"
        "Error: there is no unique or exclusion constraint matching the ON CONFLICT "
        "specification, fixed by: $ npm test -- src/webhooks\n"
        "File created: docs/design/webhook-idempotency.md"
    ),
    "heldout-codex-metrics": (
        "Next step: I'll check how the router registers the metrics middleware in "
        "src/server.rs.\n"
        "Decision: add a GET /metrics route on the existing router.\n"
        "Error: E0277 Rc<RefCell<Registry>> cannot be sent between threads safely, fixed by: "
        "$ cargo test --test metrics\n"
        "File created: src/bin/metrics_probe.rs"
    ),
    "heldout-chat-softdelete": (
        "Next step: Let me look at how the existing API tests log in as a second user, so the "
        "new tests can try a restore as a non-member.\n"
        "Decision: use django-safedelete, SafeDeleteModel gives soft delete and undelete, so "
        "I'll add it.\n"
        "Error: IntegrityError duplicate key value violates unique constraint, fixed by: "
        "$ python manage.py test projects\n"
        "File created: projects/migrations/0017_project_archived_at.py"
    ),
    "heldout-swe-duration": (
        "Next step: Let me confirm that the diff now only touches src/timeparse/duration.py.\n"
        "Decision: the simplest fix is to strip all whitespace first, "
        'text = re.sub(r"\\s+", "", text).\n'
        'Error: test_space_inside_number_is_invalid failed on "1 0m", fixed by: $ cd /testbed && '
        "python -m pytest tests/test_duration.py -q\n"
        "File created: /testbed/reproduce.py"
    ),
}


@pytest.mark.parametrize("name", NEW)
def test_the_traps_grade_stale(name: str) -> None:
    span = _span(name)
    grades = grade_summary(STALE[name], span.questions).by_kind()
    for kind in ("next_step", "decisions", "errors", "files_edited"):
        # stale, or at best partial with the stale statement named
        r = grades[kind]
        assert r.grade == "stale" or "also the stale" in r.why, (kind, r)
    # the same statements said as superseded or done are not stale
    undone = "\n".join(
        line.replace("Next step: ", "Already done: ")
        .replace("Decision: ", "Rejected, not used: ")
        .replace("File created: ", "File deleted: ")
        for line in STALE[name].splitlines()
        if not line.startswith("Error")
    )
    undone_grades = grade_summary(undone, span.questions).by_kind()
    for kind in ("next_step", "decisions", "files_edited"):
        assert undone_grades[kind].grade != "stale", (kind, undone_grades[kind])


# A careful reader's handoff of each span without a production summary, written from the span:
# the questions can be answered in plain words.
READER = {
    "heldout-chat-softdelete": """Task: make project deletion in the Atlas Django app a soft delete: set archived_at instead of removing the row, hide archived projects from the API, and add a way to restore them.

Decisions:
- An archived_at field with ActiveProjectManager as Project.objects (filters archived_at__isnull=True) and all_objects = models.Manager(); django-safedelete was rejected by the user (no new dependency; its cascade policy soft-deleted tasks in billing). requirements.txt was edited and reverted.
- Project names are unique per owner only among active projects: a conditional UniqueConstraint uniq_active_project_name_per_owner replaces unique_together.

User corrections:
- No django-safedelete, no new dependency.
- No merge migration (CI's scripts/check_migrations.py rejects *_merge_* files): delete our 0017 and regenerate on top of 0017_project_color.

Files changed:
- projects/models.py: added the archived_at field, ActiveProjectManager, archive() and the conditional UniqueConstraint.
- projects/views.py: ProjectViewSet.perform_destroy archives; restore action (POST /api/projects/{id}/restore/); get_queryset returns the user's archived projects for restore.
- projects/migrations/0018_project_archived_at.py: created (field and constraint), on top of 0017_project_color. Our first 0017_project_archived_at.py was deleted.

Errors fixed:
- migrate failed with conflicting migrations (two 0017 leaves): fixed by deleting our 0017 and regenerating it as 0018.
- IntegrityError (duplicate key on unique owner, name) in test_recreate_after_delete: fixed by the conditional UniqueConstraint on active projects instead of unique_together. 112 tests then passed.

Review (Marta) found: restore() used get_object_or_404(Project.all_objects) and skipped self.get_object(), so any logged-in user could restore any project; and restoring over an active same-named project would 500 on the constraint, it should return 409.

Latest request: fix both review points with tests, and document the restore endpoint in docs/api/projects.md.

Current state: the review fixes are written in projects/views.py (restore goes through get_object(), 409 on IntegrityError) but untested; no tests for them yet; docs not written.

Next step: add tests for a non-member restore (bo gets 404) and a restore conflicting with an active Roadmap (409), then run python manage.py test projects.
Still pending: document POST /api/projects/{id}/restore/ in docs/api/projects.md.""",
    "heldout-swe-duration": """Task: resolve issue timeparse__timeparse-212: parse_duration("1h 30m") raises ValueError; whitespace between parts and around the string must be accepted ("1h 30m" == 5400), with minimal changes to non-test files.

Decision: the fix strips the ends with text.strip() and lets _PART consume trailing whitespace after each part (_PART = re.compile(r"(\\d+)([dhms])\\s*")). Stripping all whitespace with re.sub was rejected: it turned "1 0m" into "10m".

Errors fixed:
- test_space_inside_number_is_invalid failed (DID NOT RAISE for "1 0m") with the strip-all fix; fixed by replacing the re.sub with text.strip() and \\s* after each part in _PART.
- An edit was refused with E999 IndentationError; redone with the right indentation.

Files: src/timeparse/duration.py is the only change (whitespace handling in _PART and text.strip()); reproduce.py was created and then deleted; the test added to tests/test_duration.py was reverted.
src/timeparse/duration.py holds parse_duration and _PART.

The review on submit showed in its diff a leftover debug print(pos, m) in duration.py, reproduce.py still present and the modified tests/test_duration.py; the agent removed the print, reverted the test file with git checkout (test files must not be modified) and deleted reproduce.py.

State: 31 tests passed before the print removal; git diff --stat now shows only src/timeparse/duration.py; the tests were not re-run after the last edit and the submission is not confirmed.
Next step: run python -m pytest tests/test_duration.py again, then run submit again to confirm.""",
}


@pytest.mark.parametrize("name", sorted(READER))
def test_a_readers_handoff_answers_the_questions(name: str) -> None:
    span = _span(name)
    assert span.production is None
    graded = grade_summary(READER[name], span.questions)
    assert graded.score >= 11, str(graded)
