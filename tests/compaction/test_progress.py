"""The offline handoff reads what happened last: next step, current work, fixes, decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from working_memory.compaction import ExtractiveCompactor, grade_summary
from working_memory.compaction._span_state import span_state, step_key
from working_memory.compaction.bench import benchmark_spans
from working_memory.compaction.bench._build import Script


def _handoff(messages: object, words: int = 400) -> str:
    return ExtractiveCompactor(word_limit=words).compact(messages).summary or ""  # type: ignore[arg-type]


def test_the_next_step_is_not_a_check_already_made() -> None:
    span = benchmark_spans()[0]  # claude-ratelimit: ends "Let me check the existing tests first:"
    summary = _handoff(span.messages)
    next_lines = [ln for ln in summary.splitlines() if ln.startswith("Next step")]
    assert next_lines and "parse_retry_after" in next_lines[0]
    assert not any("check the existing tests" in ln for ln in next_lines)
    assert "Current work: " in summary and "untested" in summary and "uncommitted" in summary


def test_each_error_sits_beside_the_change_that_made_it_stop() -> None:
    summary = _handoff(benchmark_spans()[0].messages)
    fixed = [ln for ln in summary.splitlines() if ln.startswith("Error fixed:")]
    assert fixed and "PermissionError" in fixed[0] and "ACME_CACHE_DIR" in fixed[0]
    fix = fixed[0].split("fixed by", 1)[1]
    # the re-run with -p no:cacheprovider is named as what did not help, never as the fix
    assert "no:cacheprovider" not in fix.split("(re-running", 1)[0]
    assert "no:cacheprovider did not help" in fix


def test_a_different_passing_command_is_the_fix_not_a_later_edit() -> None:
    s = Script("agent")
    s.user("Push the branch.")
    s.call("Bash", "fatal: The current branch topic has no upstream branch.", command="git push")
    s.call("Edit", "updated", file_path="/r/app.py", old_string="a", new_string="b = 1")
    s.call("Bash", "branch 'topic' set up to track 'origin/topic'.",
           command="git push --set-upstream origin topic 2>&1")  # fmt: skip
    summary = _handoff(s.messages)
    fixed = next(ln for ln in summary.splitlines() if ln.startswith("Error fixed:"))
    assert fixed.endswith("fixed by $ git push --set-upstream origin topic"), fixed


def test_removed_files_and_rejected_designs_are_marked() -> None:
    summary = _handoff(benchmark_spans()[0].messages, 600)
    design_note = [ln for ln in summary.splitlines() if "design-rate-limit.md" in ln]
    assert any("deleted" in ln for ln in design_note)
    assert not any(ln.startswith("File created: ") for ln in design_note)
    ruled = [ln for ln in summary.splitlines() if ln.startswith("Ruled out: ")]
    assert any("token bucket" in ln and "turned down by" in ln for ln in ruled)
    # the final design is stated as a decision, and the turned-down one never is
    decisions = [ln for ln in summary.splitlines() if ln.startswith("Decision: ")]
    assert any("Retry-After" in ln for ln in decisions)
    assert not any("token bucket" in ln for ln in decisions)


def test_a_plan_newer_than_the_work_gives_the_next_step() -> None:
    span = benchmark_spans()[1]  # codex-toml: update_plan after the review
    summary = _handoff(span.messages)
    assert "Next step: Make migrate refuse to overwrite orbit.toml without --force" in summary


def test_at_production_size_it_never_ranks_above_the_production_summaries() -> None:
    # A reader ranks each hand-written production summary above the offline handoff at its
    # size; the grader may tie them (claude-ratelimit: 12 and 12) but never rank it above.
    for span in benchmark_spans():
        if span.production is None:
            continue
        size = len(span.production.split())
        offline = grade_summary(_handoff(span.messages, size), span.questions).score
        assert offline <= grade_summary(span.production, span.questions).score, span.name


def test_a_correction_turns_down_only_what_it_names() -> None:
    span = next(s for s in benchmark_spans() if s.name == "chat-csv")
    summary = _handoff(span.messages, 600)
    ruled = [ln for ln in summary.splitlines() if ln.startswith("Ruled out")]
    # the delimiter correction does not turn down the csv module chosen before it
    assert not any("pandas" in ln or "csv.writer" in ln for ln in ruled)
    decisions = [ln for ln in summary.splitlines() if ln.startswith("Decision: ")]
    assert any("rules out pandas" in ln for ln in decisions)


def test_each_error_is_paired_with_the_change_that_made_it_stop() -> None:
    s = Script("agent")
    s.user("Make the tests pass.")
    s.call("Bash", "KeyError: 'port'\n1 failed", command="pytest tests -q")
    s.call("Edit", "ok", file_path="/r/config.py", old_string="a", new_string="PORT = 8080")
    s.call("Bash", "ImportError: cannot import name 'dump'\n1 failed", command="pytest tests -q")
    s.call("Edit", "ok", file_path="/r/io.py", old_string="b", new_string="from json import dump")
    s.call("Bash", "12 passed in 0.3s", command="pytest tests -q")
    fixed = [ln for ln in _handoff(s.messages).splitlines() if ln.startswith("Error fixed:")]
    by = {ln.split(" (from")[0]: ln.split("fixed by", 1)[1] for ln in fixed}
    assert "config.py" in by["Error fixed: KeyError: 'port'"]
    assert "io.py" in by["Error fixed: ImportError: cannot import name 'dump'"]


def test_a_test_tool_reports_its_first_failure_and_a_path_is_no_test_run() -> None:
    s = Script("agent")
    s.user("Fix the rounding.")
    report = (
        "collected 3 items\n\n_____ test_total _____\n    def test_total():\n"
        ">       assert total() == 101\nE       assert 100 == 101\nsrc/inv.py:42: AssertionError\n"
        "===== 1 failed, 2 passed in 0.1s ====="
    )
    s.call("run_tests", report, path="tests/test_inv.py")
    s.call("Edit", "ok", file_path="/r/src/inv.py", old_string="a", new_string="def total():")
    s.call("Bash", "", command="git add test/test_inv.py src/inv.py")
    summary = _handoff(s.messages)
    assert "test_total: assert 100 == 101 (src/inv.py:42: AssertionError)" in summary
    current = next(ln for ln in summary.splitlines() if ln.startswith("Current work:"))
    assert "untested since it changed" in current and "git add" not in current


def test_code_lines_are_never_fact_lines() -> None:
    s = Script("agent")
    s.user("Render the badge in lib/app_web/live/page_live.ex")
    code = (
        "  {:noreply, assign(socket, pane_id: pane_id, cols: cols, rows: rows)}\n"
        '  defp badge(:transcript), do: "Transcript"\n'
        '  <div style="color: #555; font-size: 0.9em;">Waiting</div>\n'
        "The page renders badges for transcript annotations in lib/app_web/live/page_live.ex."
    )
    s.call("Read", code, file_path="/r/lib/app_web/live/page_live.ex")
    summary = _handoff(s.messages)
    assert "{:noreply" not in summary and "defp badge" not in summary and "style=" not in summary


def test_the_swe_agent_task_is_the_request_without_its_folder_tag() -> None:
    span = next(s for s in benchmark_spans() if s.name == "swe-pagination")
    summary = _handoff(span.messages)
    first = summary.splitlines()[0]
    assert first.startswith('Task (the only request): "Issue: `paginate(')
    assert "uploaded_files" not in summary


def _review_span() -> Script:
    s = Script("agent")
    s.user("Add a CSV export to the reports page.")
    s.call("Edit", "ok", file_path="/r/app/export.py", old_string="a", new_string="def export():")
    s.call("Bash", "5 passed", command="pytest -q")
    s.user(
        "Lena reviewed it:\n1. The export loads every row into memory before writing, so a large "
        "report runs out of memory. Stream the rows instead.\n2. The header names are the column "
        "ids, not the labels users see. Use the labels.\n\nFix both, with tests. Support also "
        "needs the export described in docs/exports.md."
    )
    return s


def test_a_review_is_quoted_with_its_findings_and_its_closing_ask() -> None:
    s = _review_span()
    s.say("Streaming the rows with a generator.")
    s.call("Edit", "ok", file_path="/r/app/export.py", old_string="b", new_string="def rows():")
    for words in (120, 400):
        summary = _handoff(s.messages, words)
        latest = next(ln for ln in summary.splitlines() if ln.startswith("Latest request"))
        found = next(ln for ln in summary.splitlines() if ln.startswith("Review findings:"))
        assert "loads every row into memory" in found, found  # the first finding, on its line
        assert "docs/exports.md" in latest, latest  # the closing ask, never cut off


def test_tests_asked_for_and_not_written_are_the_next_step_and_an_untouched_file_pending() -> None:
    s = _review_span()
    s.call("Edit", "ok", file_path="/r/app/export.py", old_string="b", new_string="def rows():")
    s.say("Let me read how the existing tests build a report, so the new tests can stream one:")
    s.call("Read", "def make_report(rows): ...", file_path="/r/tests/test_export.py")
    summary = _handoff(s.messages)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert step.startswith("Next step: add tests for app/export.py") or "add tests for" in step
    assert "the new tests can stream one" in step  # the look's purpose, the look itself done
    assert "Let me read" not in step
    pending = [ln for ln in summary.splitlines() if ln.startswith("Pending (asked")]
    assert pending and "docs/exports.md" in pending[0]
    # a test file written since the request: the tests are no longer the step
    s.call("Edit", "ok", file_path="/r/tests/test_export.py", old_string="c", new_string="x = 1")
    step = next(ln for ln in _handoff(s.messages).splitlines() if ln.startswith("Next step:"))
    assert "add tests for" not in step


def test_the_requests_plan_names_the_current_work() -> None:
    s = _review_span()
    plan = [{"step": "Stream the rows", "status": "in_progress"},
            {"step": "Header labels", "status": "pending"}]  # fmt: skip
    s.call("update_plan", "Plan updated", plan=plan)
    s.call("Edit", "ok", file_path="/r/app/export.py", old_string="b", new_string="def rows():")
    summary = _handoff(s.messages)
    current = next(ln for ln in summary.splitlines() if ln.startswith("Current work:"))
    assert "Stream the rows" in current
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "Stream the rows" in step
    # what comes after the item being worked on: the plan's next pending one
    assert step.endswith("; then the plan's next item: Header labels"), step


def test_swe_agent_edits_act_on_the_open_file_and_a_checkout_reverts() -> None:
    s = Script("agent")
    s.user("Fix the off-by-one in pager/core.py")
    s.call("open", "[File: /testbed/pager/core.py (20 lines total)]\n1:def page():",
           path="/testbed/pager/core.py")  # fmt: skip
    s.call("edit", "[File: /testbed/pager/core.py (20 lines total)]\n3:    start = n - 1",
           start_line=3, end_line=3, replacement_text="    start = n - 1\n")  # fmt: skip
    s.call("edit", "[File: /testbed/tests/test_core.py (9 lines total)]\n8:def test_x():",
           start_line=8, end_line=8, replacement_text="def test_x():\n")  # fmt: skip
    s.call("submit", "Please review your changes: the diff touches tests/test_core.py")
    s.call("bash", "", command="cd /testbed && git checkout -- tests/test_core.py")
    s.call("edit", "[File: /testbed/pager/core.py (20 lines total)]\n3:    start = n",
           start_line=3, end_line=3, replacement_text="    start = n\n")  # fmt: skip
    summary = _handoff(s.messages)
    lines = summary.splitlines()
    files = next(ln for ln in lines if ln.startswith("Files changed: "))
    assert "pager/core.py (edited" in files, files
    assert "test_core.py (edited, then reverted (unchanged now))" in files, files
    current = next(ln for ln in lines if ln.startswith("Current work:"))
    assert "pager/core.py" in current and "not submitted again" in current
    assert next(ln for ln in lines if ln.startswith("Next step:")).endswith("then submit again")


def test_a_unittest_error_is_its_test_and_exception_and_a_scripts_subcommand_is_its_step() -> None:
    s = Script("agent")
    s.user("Make names unique per owner.")
    report = (
        "..E.\n" + "=" * 70 + "\nERROR: test_rename (app.tests.test_api.ApiTests)\n" + "-" * 70
        + "\ndjango.db.utils.IntegrityError: UNIQUE constraint failed: app_item.name\n\n"
        "Ran 4 tests in 0.2s\n\nFAILED (errors=1)"
    )  # fmt: skip
    s.call("run_command", report, command="python manage.py test app")
    s.call("edit_file", "Edited app/models.py", path="app/models.py", old="a",
           new="constraints = [models.UniqueConstraint(fields=['owner', 'name'])]")  # fmt: skip
    s.call("run_command", "Applying app.0002... OK", command="python manage.py migrate")
    s.call("run_command", "Ran 4 tests in 0.2s\n\nOK", command="python manage.py test app")
    summary = _handoff(s.messages)
    fixed = next(ln for ln in summary.splitlines() if ln.startswith("Error fixed:"))
    assert "test_rename: django.db.utils.IntegrityError: UNIQUE constraint failed" in fixed
    assert "FAILED (errors=1)" not in fixed
    # `manage.py migrate` passing is not `manage.py test` passing: the edit is the fix
    assert "fixed by edit_file app/models.py" in fixed and "UniqueConstraint" in fixed


def test_a_command_between_a_failure_and_its_rerun_is_the_fix() -> None:
    s = Script("agent")
    s.user("Apply the migrations.")
    s.call("run_command", "CommandError: Conflicting migrations detected",
           command="python manage.py migrate")  # fmt: skip
    s.call("run_command", "Migrations for 'app': app/migrations/0003_x.py",
           command="rm app/migrations/0002_x.py && python manage.py makemigrations app")  # fmt: skip
    s.call("run_command", "Applying app.0003_x... OK", command="python manage.py migrate")
    fixed = next(ln for ln in _handoff(s.messages).splitlines() if ln.startswith("Error fixed:"))
    assert "rm app/migrations/0002_x.py" in fixed and "with no change between" not in fixed


def test_a_look_between_a_failure_and_its_rerun_is_no_fix_and_unstaging_no_revert() -> None:
    s = Script("agent")
    s.user("Apply the migrations.")
    s.call("run_command", "CommandError: database is locked", command="python manage.py migrate")
    s.call("run_command", "0001_initial.py", command="ls app/migrations")
    s.call("run_command", "Applying app.0001... OK", command="python manage.py migrate")
    s.call("Edit", "ok", file_path="/r/app/models.py", old_string="a", new_string="b = 1")
    s.call("Bash", "", command="git restore --staged app/models.py")
    lines = _handoff(s.messages).splitlines()
    fixed = next(ln for ln in lines if ln.startswith("Error fixed:"))
    assert "ls app/migrations" not in fixed and "with no change between" in fixed
    assert not any("reverted" in ln for ln in lines if "models.py" in ln)


def test_a_correction_short_keeps_what_to_do_instead() -> None:
    s = Script("agent")
    s.user("Add a health endpoint to the service.")
    s.say("I'll add a GET /health route on the public router next to the API routes.")
    s.user(
        "Not on the public router. Port 8080 sits behind the internet-facing load balancer and "
        "anyone could probe the service through it. Serve it on the admin listener at "
        "127.0.0.1:9100 instead; the orchestrator checks it from inside the pod."
    )
    s.call("Edit", "ok", file_path="/r/src/admin.rs", old_string="a", new_string="fn health()")
    s.user("Also log each health check at debug level.")
    for words in (90, 400):
        # the user's design ("Serve it on the admin listener ...") beside what it rules out
        ruled = next(
            ln
            for ln in _handoff(s.messages, words).splitlines()
            if ln.startswith(("Ruled out:", "Decision (the user's"))
        )
        assert "127.0.0.1:9100" in ruled, ruled  # the instruction, not only the head


def test_the_next_step_drops_the_assistants_own_plan_label() -> None:
    # The fixture session's agent wrote "Updated plan: keep ...": "Next step: Updated plan:"
    # said it twice and cost the words a one-line budget needs.
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    span = next(s for s in benchmark_spans(fixtures) if s.name == "fixture-claude-rounding")
    summary = _handoff(span.messages, 55)
    assert "Next step: keep total(self, currency); round once in _cents()." in summary
    assert "Updated plan" not in summary


def _search_session() -> Script:
    """A debounce the user turns down with "doesn't fix", a helper file created then deleted
    by a delete tool, a review relayed by the user, and a two-part plan half carried out."""
    s = Script("agent")
    s.user("The search box shows results for an older query when you type fast. Fix it.")
    s.say("I'll debounce the input at 300 ms with a small debounce helper.")
    s.call("write_file", "Wrote src/utils/debounce.ts", path="src/utils/debounce.ts", content="x")
    s.user("A debounce doesn't fix this: a slow response can still arrive last. Abort it.")
    s.say(
        "Final design: a useSearch hook that aborts the previous request with an "
        "AbortController in the effect cleanup."
    )
    s.call("write_file", "Wrote src/hooks/useSearch.ts", path="src/hooks/useSearch.ts", content="y")
    s.call("delete_file", "Deleted src/utils/debounce.ts", path="src/utils/debounce.ts")
    s.user(
        "Lena reviewed it. Two things: the useSearch hook should not fetch for an empty query, "
        "and the test never undoes its fetch stub with vi.unstubAllGlobals()."
    )
    s.say("I'll handle the empty query in useSearch first, then the test cleanup.")
    s.call("edit_file", "Edited src/hooks/useSearch.ts", path="src/hooks/useSearch.ts", old="a")
    return s


def test_doesnt_fix_turns_a_design_down_and_a_relayed_review_does_not() -> None:
    summary = _handoff(_search_session().messages)
    ruled = [ln for ln in summary.splitlines() if ln.startswith("Ruled out:")]
    assert len(ruled) == 1 and "debounce" in ruled[0], summary
    assert "AbortController" not in ruled[0]  # the review did not turn the final design down
    assert "Decision: Final design: a useSearch hook" in summary
    assert "Latest request (a review):" in summary and "(a correction)" not in summary


def test_a_file_removed_by_a_delete_tool_is_marked_gone() -> None:
    summary = _handoff(_search_session().messages)
    assert "src/utils/debounce.ts (created and deleted)" in summary


def test_the_second_part_of_a_two_part_plan_is_the_next_step() -> None:
    summary = _handoff(_search_session().messages)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert step.startswith("Next step: the test cleanup (the second part of the assistant's plan")
    assert "src/hooks/useSearch.ts changed for its first part, untested" in step
    assert "handle the empty query" not in step  # done: the change after the plan made it


def _table_session() -> Script:
    s = Script("agent")
    s.user("Thumbnails of portrait photos come out sideways. Fix make_thumbnail().")
    s.say("Let me check the orientations of the test fixtures first.")
    s.call("Bash", "6\n1", command="python scripts/check_orientation.py tests/fixtures/*.jpg")
    s.say("Plan: a table _ORIENTATION_OPS mapping each Orientation value to its transposes.")
    s.user("Don't hand-roll a table of orientations: ImageOps.exif_transpose handles all eight.")
    s.call("Edit", "ok", file_path="/r/imgsvc/thumbs.py", old_string="a", new_string="b")
    return s


def test_a_look_the_assistant_announced_is_never_a_design_turned_down() -> None:
    summary = _handoff(_table_session().messages)
    ruled = next(ln for ln in summary.splitlines() if ln.startswith("Ruled out:"))
    assert "_ORIENTATION_OPS" in ruled
    assert "Let me check" not in ruled  # a look, carried out: no design


def test_a_tight_budget_keeps_the_next_step_before_a_correction() -> None:
    s = _table_session()
    s.user("Also keep the ICC profile when saving; add a test for it in tests/test_thumbs.py.")
    for words in (30, 45):
        summary = _handoff(s.messages, words)
        assert "Next step:" in summary, (words, summary)


def test_a_file_edited_again_after_a_checkout_is_edited_and_a_dot_folder_rm_is_gone() -> None:
    s = Script("agent")
    s.user("Make the CI cache hit and stop the lock errors in syncd.")
    s.call("Bash", "ok", command="git checkout -- syncd/indexer.py && git status --short")
    s.call(
        "apply_patch",
        "Success. Updated the following files:\nM syncd/indexer.py",
        input="*** Begin Patch\n*** Update File: syncd/indexer.py\n@@\n-a\n+b\n*** End Patch",
    )
    s.call("Write", "ok", file_path="/home/m/app/.github/workflows/probe.yml", content="on: push")
    s.call("Bash", "ok", command="git rm -f .github/workflows/probe.yml")
    summary = _handoff(s.messages)  # fmt: skip
    assert "syncd/indexer.py (edited)" in summary, summary
    assert "reverted" not in summary
    assert "/home/m/app/.github/workflows/probe.yml (created, then deleted (gone))" in summary


def test_reverting_one_thing_turns_down_only_what_names_it() -> None:
    s = Script("agent")
    s.user("compare() says 1.10.0 is older than 1.9.0. Fix it.")
    s.say("Plan: split the prerelease off with partition before int(), then compare tuples.")
    s.call("edit", "ok", path="/testbed/src/compare.py", old="a", new="b")
    s.call("edit", "ok", path="/testbed/setup.cfg", old="a", new="packaging>=23.0")
    s.say("Reverting setup.cfg and removing reproduce.py.")
    summary = _handoff(s.messages)
    assert "Ruled out" not in summary, summary  # the partition design stands


def test_an_intent_to_run_a_removed_file_is_no_next_step() -> None:
    s = Script("agent")
    s.user("compare() says 1.10.0 is older than 1.9.0. Fix it.")
    s.call("create", "ok", path="/testbed/reproduce.py", content="print(compare())")
    s.call("edit", "ok", path="/testbed/src/compare.py", old="a", new="b")
    s.call("Bash", "ok", command="rm /testbed/reproduce.py")
    s.say("First I'll re-run python reproduce.py to make sure compare() still gives 1.")
    summary = _handoff(s.messages)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "reproduce.py" not in step, step


def test_a_one_paragraph_review_keeps_its_closing_ask() -> None:
    s = Script("agent")
    s.user("Stop the database-is-locked errors between the indexer and the uploader.")
    s.call("Edit", "ok", file_path="/r/syncd/db.py", old_string="a", new_string="b")
    s.user(
        "Review from Anjali: WAL fixes the lock errors, but on her machine state.db-wal grew "
        "to 1.8 GB overnight. The uploader iterates over the cursor and uploads each file "
        "inside that loop, so its read transaction stays open for minutes and the checkpoint "
        "can never get past it. Fetch the pending rows in batches of 100 with fetchmany and "
        "finish reading before uploading, and keep the upload order as it is today so the "
        "progress bar still counts up in the same order for every user who watches it. "
        "Also: log a warning when journal_mode is not wal."
    )
    latest = next(ln for ln in _handoff(s.messages, 120).splitlines() if "Latest" in ln)
    assert latest.startswith("Latest request (a review):"), latest
    assert "log a warning when journal_mode is not wal" in latest, latest


# --- round 5 (issue 25): chained re-runs, merged fixes, the current work's content, files ---


def test_a_re_run_chained_after_a_clean_up_is_tried_not_a_new_unresolved_error() -> None:
    s = Script("agent")
    s.user("Make the tests pass.")
    s.call("Bash", "____ test_load ____\nE   KeyError: 'region'\n1 failed in 0.2s",
           command="pytest -q tests/test_load.py")  # fmt: skip
    # the re-run prints the error without the test's header: the same error, not a new one
    s.call("Bash", "E   KeyError: 'region'\n1 failed in 0.2s",
           command="rm -rf .pytest_cache && pytest -q -p no:randomly tests/test_load.py")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/load.py", old_string="a", new_string="REGION = 'eu'")
    s.call("Bash", "1 passed in 0.1s", command="pytest -q tests/test_load.py")
    summary = _handoff(s.messages)
    assert "Error (unresolved)" not in summary, summary
    fixed = [ln for ln in summary.splitlines() if ln.startswith("Error fixed:")]
    assert len(fixed) == 1 and "load.py" in fixed[0].split("fixed by", 1)[1], fixed
    assert "rm -rf .pytest_cache" in fixed[0] and "did not help" in fixed[0], fixed


def test_a_rebuild_chained_before_the_re_run_is_no_fix_the_change_before_it_is() -> None:
    s = Script("agent")
    s.user("Fix the container tests.")
    s.call("Bash", "E   LookupError: no codec 'cp1252'\n2 failed in 0.3s",
           command="docker compose run --rm tests pytest -q")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/requirements.txt", old_string="a", new_string="codecs==1.2")
    s.call("Bash", "2 passed in 0.3s",
           command="docker compose build tests && docker compose run --rm tests pytest -q")  # fmt: skip
    summary = _handoff(s.messages)
    fixed = next(ln for ln in summary.splitlines() if ln.startswith("Error fixed:"))
    assert "requirements.txt" in fixed.split("fixed by", 1)[1], fixed
    assert "fixed by $ docker compose build" not in fixed, fixed


def test_an_error_the_same_run_ended_is_stated_with_that_runs_fix_once() -> None:
    s = Script("agent")
    s.user("Fix the container tests.")
    s.call("Bash", "E   LookupError: no codec 'cp1252'\n2 failed in 0.3s",
           command="docker compose run --rm tests pytest -q")  # fmt: skip
    s.call("Bash", "ModuleNotFoundError: No module named 'codecs_extra'",
           command="docker compose run --rm tests python -c 'import codecs_extra'")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/requirements.txt", old_string="a", new_string="codecs==1.2")
    s.call("Bash", "2 passed in 0.3s",
           command="docker compose build tests && docker compose run --rm tests pytest -q")  # fmt: skip
    summary = _handoff(s.messages)
    fixed = [ln for ln in summary.splitlines() if ln.startswith("Error fixed:")]
    assert len(fixed) == 1, fixed
    assert "also ModuleNotFoundError" in fixed[0] and "requirements.txt" in fixed[0], fixed


def test_a_codex_argv_and_a_container_run_are_test_runs() -> None:
    for command in (["bash", "-lc", "pytest -q"], "docker compose run --rm tests pytest -q"):
        s = Script("agent")
        s.user("Speed up the loader.")
        s.call("Edit", "ok", file_path="/r/load.py", old_string="a", new_string="CHUNK = 64")
        s.call("shell", "12 passed in 0.4s", command=command)
        summary = _handoff(s.messages)
        current = next(ln for ln in summary.splitlines() if ln.startswith("Current work:"))
        assert "run since" in current and "12 passed" in current, (command, current)


def test_the_current_work_says_what_the_last_change_did_in_the_assistants_words() -> None:
    s = Script("agent")
    s.user("Write the cache file atomically.")
    s.call("Edit", "ok", file_path="/r/store.py", old_string="a", new_string="os.replace(tmp, p)")
    s.say("save() now writes a temporary file and renames it over the cache file.")
    s.call("Bash", "src/store.py:9: os.replace(tmp, p)", command="grep -n replace src/store.py")
    summary = _handoff(s.messages)
    current = next(ln for ln in summary.splitlines() if ln.startswith("Current work:"))
    assert "renames it over the cache file" in current and "untested" in current, current


def test_every_changed_file_and_what_became_of_it_is_one_line_at_a_tight_budget() -> None:
    s = Script("agent")
    s.user("Move the parser into its own module and drop the old helper.")
    for path in ("src/parse.py", "src/cli.py", "tests/test_parse.py", "src/helper.py"):
        s.call("Write", "ok", file_path=f"/r/{path}", content="x = 1")
    s.call("Bash", "", command="git rm -q src/helper.py")
    summary = _handoff(s.messages, 60)
    files = next(ln for ln in summary.splitlines() if ln.startswith("Files changed:"))
    for path in ("src/parse.py", "src/cli.py", "tests/test_parse.py"):
        assert f"{path} (created)" in files, files
    assert "src/helper.py (created, then deleted (gone))" in files, files


def test_the_next_step_carries_what_the_latest_request_asks_for_after_it() -> None:
    s = Script("agent")
    s.user("Cache the token lookups.")
    s.call("Edit", "ok", file_path="/r/auth.py", old_string="a", new_string="CACHE = {}")
    s.call("Bash", "9 passed in 0.2s", command="pytest -q")
    s.user(
        "Good. Bound the cache to 100 entries. Then run `make smoke` against staging and "
        "open the PR as a draft. Don't bump the version."
    )
    s.call("Edit", "ok", file_path="/r/auth.py", old_string="{}", new_string="LRU(100)")
    summary = _handoff(s.messages, 300)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "then, as asked: run `make smoke` against staging and open the PR as a draft" in step
    assert "bump" not in step  # a constraint, not a step
    # once its command has run, it is no longer a step to come
    s.call("Bash", "smoke ok", command="make smoke ENV=staging")
    s.call("Edit", "ok", file_path="/r/auth.py", old_string="100", new_string="128")
    step = next(ln for ln in _handoff(s.messages, 300).splitlines() if ln.startswith("Next step:"))
    assert "as asked" not in step, step


def test_the_core_lines_get_their_full_form_before_commands_get_a_line() -> None:
    s = Script("agent")
    s.user("Write the cache file atomically.")
    for n in range(6):
        s.call("Bash", f"line {n} of the listing", command=f"ls -la src/part{n}")
    s.call("Edit", "ok", file_path="/r/store.py", old_string="a", new_string="os.replace(tmp, p)")
    s.say("save() now writes a temporary file and renames it over the cache file.")
    s.call("Bash", "src/store.py:9: os.replace(tmp, p)", command="grep -n replace src/store.py")
    summary = _handoff(s.messages, 75)
    current = next(ln for ln in summary.splitlines() if ln.startswith("Current work:"))
    assert "renames it over the cache file" in current, summary


def test_a_reviews_findings_are_each_stated_by_their_first_sentence() -> None:
    s = Script("agent")
    s.user("Add the export endpoint.")
    s.call("Write", "ok", file_path="/r/export.py", content="def export(): ...")
    detail = " ".join(["The handler streams rows without a cursor timeout."] * 8)
    report = (
        "Review of export.py:\n1. The query loads every row into memory at once. " + detail
        + "\n2. The endpoint skips the permission check for archived projects."
    )  # fmt: skip
    s.call("Task", report, description="Review the export change")
    summary = _handoff(s.messages, 400)
    review = next(ln for ln in summary.splitlines() if ln.startswith("Review:"))
    assert "1. The query loads every row into memory at once." in review, review
    assert "2. The endpoint skips the permission check" in review, review


def _reviewed() -> Script:
    s = Script("agent")
    s.user("Add retries to the uploader.")
    s.call("Edit", "ok", file_path="/r/upload.py", old_string="a", new_string="def send(): ...")
    s.call("Bash", "14 passed in 0.3s", command="pytest -q")
    s.user(
        "Ana reviewed it. Three points:\n"
        "1. The retry loop never waits, so a down server gets hammered. Sleep with "
        "backoff_delay() between tries.\n"
        "2. Retries are not logged. Add a warning per retry.\n"
        "3. MAX_TRIES is hard-coded; read it from upload.toml.\n"
        "Do 1 and 2. Skip 3, a constant is fine. Then open the PR against main."
    )
    s.call(
        "Edit",
        "ok",
        file_path="/r/upload.py",
        old_string="b",
        new_string="time.sleep(backoff_delay(n))",
    )
    return s


def test_each_point_of_the_latest_request_is_stated_with_what_became_of_it() -> None:
    summary = _handoff(_reviewed().messages, 300)
    found = next(ln for ln in summary.splitlines() if ln.startswith("Review findings:"))
    assert (
        "1. The retry loop never waits, so a down server gets hammered. (changed, not yet tested)"
        in found
    ), found
    assert "2. Retries are not logged. (not started)" in found, found
    assert "3. MAX_TRIES is hard-coded; read it from upload.toml. (left as asked)" in found, found
    pending = next(ln for ln in summary.splitlines() if ln.startswith("Pending (points"))
    assert "2. Add a warning per retry. (not started)" in pending, pending
    assert "open the PR against main" in pending and "MAX_TRIES" not in pending, pending


@pytest.mark.parametrize(
    "head",
    [
        "Ana looked at the PR. Three points:",
        "Ana went through the diff:",
        "Ana reviewed it:",
        "Ana from ops commented on OPS-291:",
        "Ana commented on the PR:",
    ],
)
def test_a_review_passed_on_in_other_words_is_a_review(head: str) -> None:
    """ "X looked at the PR" passes a review on as "X reviewed it" does: its points are review
    findings; a numbered list of asks that is no review is headed as the request's points."""
    s = Script("agent")
    s.user("Add retries to the uploader.")
    s.call("Edit", "ok", file_path="/r/upload.py", old_string="a", new_string="def send(): ...")
    s.user(
        f"{head}\n1. The retry loop never waits. Sleep between tries.\n"
        "2. Retries are not logged. Add a warning per retry.\nDo both."
    )
    lines = _handoff(s.messages, 300).splitlines()
    assert any(ln.startswith("Latest request (a review):") for ln in lines), lines
    assert any(ln.startswith("Review findings: 1. The retry loop never waits.") for ln in lines)
    s = Script("agent")
    s.user("Add retries to the uploader.")
    s.call("Edit", "ok", file_path="/r/upload.py", old_string="a", new_string="def send(): ...")
    s.user("Two more things:\n1. Log each retry. Use a warning.\n2. Cap the delay. At 30 s.")
    lines = _handoff(s.messages, 300).splitlines()
    assert any(ln.startswith("The latest request's points: 1. Log each retry.") for ln in lines)
    assert not any(ln.startswith(("Review findings", "Latest request (a review)")) for ln in lines)


def test_a_step_the_assistant_announced_after_doing_it_gives_way_to_the_open_point() -> None:
    s = _reviewed()
    s.say("The loop now backs off. Next I'll call backoff_delay() from send() in upload.py.")
    summary = _handoff(s.messages, 300)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "backoff_delay" not in step, step
    assert "point 2 of the latest request: Add a warning per retry;" in step, step
    assert "then run the tests (not yet tested since the last change)" in step, step


def test_a_dry_run_is_no_test_run() -> None:
    for command in ("make -n test", "pytest --collect-only -q"):
        s = Script("agent")
        s.user("Speed up the loader.")
        s.call("Edit", "ok", file_path="/r/load.py", old_string="a", new_string="CHUNK = 64")
        s.call("Bash", "pytest -q tests\n12 tests collected", command=command)
        summary = _handoff(s.messages)
        current = next(ln for ln in summary.splitlines() if ln.startswith("Current work:"))
        assert "untested" in current and "run since" not in current, (command, current)


def test_a_flags_value_is_no_argument_of_the_step() -> None:
    s = Script("agent")
    s.user("Fix the loader.")
    s.call(
        "Bash", "1 failed", command="python -m pytest -p no:cacheprovider -n 4 tests/test_load.py"
    )
    s.call("Bash", "1 failed", command="make -C sub -k check")
    s.call("Bash", "1 failed", command="DATABASE_URL=sqlite:///x.db CI=1 alembic upgrade head")
    keys = [step_key(c) for c in span_state(s.messages).calls]
    assert keys == ["$ pytest tests/test_load.py", "$ make sub", "$ alembic upgrade"], keys


def _long_review() -> Script:
    s = Script("agent")
    s.user("The importer crashes on empty rows. Fix it.")
    s.call("Bash", "FAILED tests/test_rows.py::test_empty - IndexError: list index out of range",
           command="pytest -q tests/test_rows.py")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/rows.py", old_string="a", new_string="if not row: continue")
    s.call("Bash", "5 passed in 0.2s", command="pytest -q tests/test_rows.py")
    s.call("Write", "ok", file_path="/r/tests/test_rows.py", content="def test_empty(): ...")
    s.user(
        "Lena reviewed it. Skipping the empty row hides a truncated upload, because the "
        "exporter writes an empty row only when the file was cut short by the proxy timeout. "
        "Count the skipped rows and log one warning per file with that count, and fail the "
        "import when more than ten rows in one file are empty, since that means the upload "
        "was cut. Keep the skip for single rows, those come from hand-edited files. Also "
        "add a test for a file with eleven empty rows and one with a single empty row, and "
        "run the whole suite before you commit on the branch fix/empty-rows."
    )
    s.call("Edit", "ok", file_path="/r/rows.py", old_string="b", new_string="skipped += 1")
    return s


def test_a_tight_budget_keeps_a_line_of_each_kind_before_a_long_request_in_full() -> None:
    summary = _handoff(_long_review().messages, 140)
    heads = {ln.split(":", 1)[0] for ln in summary.splitlines()}
    assert {"Latest request (a review)", "Next step", "Files changed", "Error fixed"} <= heads, (
        summary
    )
    # the default size is unchanged: the request keeps its longer short form there
    latest = next(
        ln for ln in _handoff(_long_review().messages, 200).splitlines() if ln.startswith("Latest")
    )
    assert len(latest.split()) > 40, latest


def test_a_chain_that_prints_its_second_steps_error_again_is_that_steps_re_run() -> None:
    s = Script("agent")
    s.user("The parser rejects release candidates. Fix it.")
    s.call("Bash", "ERROR: Could not find a version that satisfies the requirement shiny>=2.0",
           command="pip install -e .")  # fmt: skip
    crash = "Traceback (most recent call last):\nValueError: invalid literal for int(): '0-rc'"
    s.call("Bash", crash, command="python try_it.py")
    s.call("Bash", "Successfully installed parser-0.1\n" + crash,
           command="pip install -e . --no-deps && python try_it.py")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/parse.py", old_string="a", new_string="core, _, pre = v")
    s.call("Bash", "1 -1", command="python try_it.py")
    summary = _handoff(s.messages)
    assert "Error (unresolved)" not in summary, summary
    fixed = [ln for ln in summary.splitlines() if ln.startswith("Error fixed:")]
    assert any("shiny>=2.0" in ln and "--no-deps" in ln.split("fixed by")[1] for ln in fixed)
    assert any("'0-rc'" in ln and "parse.py" in ln for ln in fixed), fixed


def test_a_repro_script_the_span_wrote_re_runs_what_failed_and_the_edit_is_the_fix() -> None:
    s = Script("agent")
    s.user("Rolling the schema back fails. Fix the downgrade.")
    s.call("Bash", "RuntimeError: cannot drop column tag because view tag_counts depends on it",
           command="alembic downgrade base")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/versions/7_tags.py", old_string="a",
           new_string='op.execute("DROP VIEW tag_counts")')  # fmt: skip
    s.call("Write", "ok", file_path="/r/repro.sh",
           content="set -e\nfor i in 1 2; do alembic upgrade head; alembic downgrade base; done")  # fmt: skip
    s.call("Bash", "Running downgrade 7 -> 6", command="sh repro.sh")
    summary = _handoff(s.messages)
    assert "Error (unresolved)" not in summary, summary
    fixed = next(ln for ln in summary.splitlines() if ln.startswith("Error fixed:"))
    assert "cannot drop column tag" in fixed and "7_tags.py" in fixed.split("fixed by")[1], fixed


def test_an_announced_step_the_plan_marks_completed_is_not_the_next_step() -> None:
    s = Script("You are Codex, a coding agent.")
    s.user("Add caching to fetch_user in app/users.py and make the cache expire after an hour.")
    plan = [
        {"step": "Cache fetch_user results in a dict", "status": "completed"},
        {"step": "Expire cached entries after an hour", "status": "in_progress"},
    ]
    s.call(
        "apply_patch",
        "Success. Updated the following files:\nM app/users.py",
        input="*** Begin Patch\n*** Update File: app/users.py\n@@\n+_cache = {}\n*** End Patch",
    )
    s.call("shell", "2 passed in 0.3s", command=["bash", "-lc", "pytest -q"])
    s.call("update_plan", "Plan updated", plan=plan)
    s.call(
        "apply_patch",
        "Success. Updated the following files:\nM app/users.py",
        input="*** Begin Patch\n*** Update File: app/users.py\n@@\n+TTL = 3600\n*** End Patch",
    )
    s.say("The TTL constant is in. Next I'll cache fetch_user results in a dict keyed by id.")
    summary = _handoff(s.messages, 200)
    next_line = next(ln for ln in summary.splitlines() if ln.startswith("Next step"))
    assert "Expire cached entries after an hour" in next_line, next_line
    assert "cache fetch_user results in a dict keyed" not in next_line


def test_an_announced_removal_already_undone_is_not_the_next_step() -> None:
    s = Script("agent")
    s.user("Make report() in app/report.py round totals to cents.")
    s.call("Edit", "updated", file_path="/r/app/cli.py", old_string="def main():",
           new_string="def main(legacy_mode=False):\n    run(legacy_mode)")  # fmt: skip
    s.call("Edit", "updated", file_path="/r/app/report.py", old_string="def report(rows):",
           new_string="def report(rows, legacy_mode=False):\n    return rows")  # fmt: skip
    s.user("No legacy_mode flag: always round. Keep the flag out of the CLI.")
    s.call("Bash", "", command="cd /r && git checkout -- app/cli.py")
    s.call("Edit", "updated", file_path="/r/app/report.py",
           old_string="def report(rows, legacy_mode=False):",
           new_string="def report(rows):\n    return [round(r, 2) for r in rows]")  # fmt: skip
    s.call("Bash", "4 passed in 0.2s", command="cd /r && pytest -q")
    s.say("Rounding works and 4 tests pass. Next I'll remove the legacy_mode flag from main().")
    summary = _handoff(s.messages, 200)
    next_line = next(ln for ln in summary.splitlines() if ln.startswith("Next step"))
    assert "remove the legacy_mode flag" not in next_line, next_line


def test_an_announced_step_past_a_file_already_gone_is_its_rest() -> None:
    s = Script("agent")
    s.user("Fix the off-by-one in pager.py and clean up when done.")
    s.call("Write", "File created", file_path="/r/probe.py", content="print(page(3))\n")
    s.call("Edit", "updated", file_path="/r/pager.py", old_string="n - 1", new_string="n")
    s.call("Bash", "", command="rm probe.py")
    s.call("Bash", "5 passed in 0.1s", command="pytest -q")
    s.say(
        "All 5 pass. Next I'll delete probe.py so it stays out of the diff, then tag the release."
    )
    summary = _handoff(s.messages, 200)
    next_line = next(ln for ln in summary.splitlines() if ln.startswith("Next step"))
    assert "tag the release" in next_line, next_line
    assert "delete probe.py" not in next_line


def test_a_push_step_names_the_untracked_files_to_add() -> None:
    s = Script("agent")
    s.user("Add a --json flag to cli.py, with a test, then push.")
    s.call("Write", "File created", file_path="/r/fmt_json.py", content="def dump(x): ...\n")
    s.call("Edit", "updated", file_path="/r/cli.py", old_string="args", new_string="args, json")
    s.call("Write", "File created", file_path="/r/test_json.py", content="def test_j(): ...\n")
    s.call("Bash", "3 passed in 0.1s", command="pytest -q")
    s.call("Bash", " M cli.py\n?? fmt_json.py\n?? test_json.py\n", command="git status --short")
    s.say("The flag works and 3 tests pass. Next I'll commit and push the branch.")
    summary = _handoff(s.messages, 200)
    next_line = next(ln for ln in summary.splitlines() if ln.startswith("Next step"))
    assert "commit and push" in next_line, next_line
    assert "git add" in next_line and "fmt_json.py" in next_line and "test_json.py" in next_line


def _review_line(summary: str) -> str:
    return next(ln for ln in summary.splitlines() if ln.startswith(("Review findings", "Pending")))


def test_a_point_put_off_to_a_ticket_is_left_as_asked() -> None:
    s = Script("agent")
    s.user("Add retries to fetch() in net/client.py.")
    s.call("Edit", "updated", file_path="/r/net/client.py", old_string="def fetch(url):",
           new_string="def fetch(url, max_tries=3):")  # fmt: skip
    s.user(
        "Ana reviewed it:\n1. max_tries should come from settings.NET_TRIES.\n"
        "2. The backoff sleeps with time.sleep in the event loop.\n"
        "Do 1. 2 is ticket NET-77, not now."
    )
    summary = _handoff(s.messages, 300)
    assert "(left as asked)" in _review_line(summary), summary


def test_a_point_tested_after_its_change_stays_tested_when_later_calls_carry_it() -> None:
    s = Script("agent")
    s.user("Speed up load() in app/store.py.")
    s.call("Edit", "updated", file_path="/r/app/store.py", old_string="def load():",
           new_string="def load():\n    return read_all()")  # fmt: skip
    s.user(
        "Ben reviewed it:\n1. Cache by user: key the cache on user_id.\n"
        "2. Log a hit rate with stats.hit_rate.\n"
        "Do both."
    )
    s.call("Edit", "updated", file_path="/r/app/store.py", old_string="_cache[key]",
           new_string="_cache[user_id]")  # fmt: skip
    s.call("Bash", "6 passed in 0.2s", command="pytest -q")
    s.call("Edit", "updated", file_path="/r/app/store.py", old_string="_cache[user_id]",
           new_string="_cache[user_id]\n    stats.hit_rate = hits / total")  # fmt: skip
    summary = _handoff(s.messages, 300)
    line = _review_line(summary)
    assert "1. Cache by user" in line and "(changed and tested)" in line.split("2.", 1)[0], line


def test_a_narrow_last_run_carries_the_whole_suite_count_before_it() -> None:
    s = Script("agent")
    s.user("Make parse() in app/dates.py accept ISO weeks.")
    s.call("Edit", "updated", file_path="/r/app/dates.py", old_string="def parse(s):",
           new_string="def parse(s):\n    if 'W' in s: return week(s)")  # fmt: skip
    s.call("Bash", "88 passed in 4.1s", command="pytest -q")
    s.call("Edit", "updated", file_path="/r/tests/test_dates.py", old_string="",
           new_string="def test_week(): assert parse('2026-W05')")  # fmt: skip
    s.call("Bash", "1 passed in 0.1s", command="pytest -q tests/test_dates.py")
    s.call("Edit", "updated", file_path="/r/app/dates.py", old_string="return week(s)",
           new_string="return week(s.upper())")  # fmt: skip
    summary = _handoff(s.messages, 200)
    current = next(ln for ln in summary.splitlines() if ln.startswith("Current work"))
    assert "1 passed" in current and "88 passed" in current, current


def _answered_review() -> Script:
    """A review passed on with the user's reply beside each point ("point -> answer")."""
    s = Script("agent")
    s.user("Add a size limit to the image uploader in web/upload.py.")
    s.call("Edit", "ok", file_path="/r/web/upload.py", old_string="a", new_string="MAX_BYTES = 5")
    s.call("Bash", "8 passed in 0.2s", command="pytest -q")
    s.user(
        "Bo reviewed it, with my answers:\n"
        "1. The limit is checked after the whole body is read into memory. -> Yes, check "
        "Content-Length first.\n"
        "2. The status code 413 in web/errors.py clashes with the proxy's page. -> Wrong: "
        "the proxy passes 413 through, I checked. Keep 413.\n"
        "3. The limit should be configurable. -> Out of scope, ticket UP-12.\n"
        "Do 1, add a test, then commit."
    )
    s.call("Edit", "ok", file_path="/r/web/upload.py", old_string="b", new_string="if size > 1:")
    return s


def test_the_users_reply_beside_a_point_is_kept_and_a_turned_down_point_is_left() -> None:
    summary = _handoff(_answered_review().messages, 300)
    found = next(ln for ln in summary.splitlines() if ln.startswith("Review findings:"))
    assert "(the user: Yes, check Content-Length first; not started)" in found, found
    assert (
        "(the user: Wrong: the proxy passes 413 through, I checked. Keep 413; left as asked)"
        in (found)
    ), found
    assert "(the user: Out of scope, ticket UP-12; left as asked)" in found, found
    pending = [ln for ln in summary.splitlines() if ln.startswith("Pending")]
    assert not any("413" in ln or "configurable" in ln for ln in pending), pending


def test_an_announced_step_the_user_turned_down_beside_a_point_gives_way() -> None:
    s = _answered_review()
    s.say("The length is checked first now. Next: change the status code from 413 so it "
          "doesn't clash with the proxy's page.")  # fmt: skip
    summary = _handoff(s.messages, 300)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "413" not in step, step
    assert "point 1 of the latest request" in step, step


def test_a_bulleted_list_answered_beside_its_points_is_a_list_of_points() -> None:
    """Bullets with the user's replies after arrows are points like a numbered list's; an
    agreeing reply's names say what was changed, "yes, but later" leaves the point."""
    s = Script("agent")
    s.user("Add a size limit to the image uploader in web/upload.py.")
    s.call("Edit", "ok", file_path="/r/web/upload.py", old_string="a", new_string="MAX_BYTES = 5")
    s.user(
        "Bo reviewed it, my answers after the arrows:\n"
        "- The limit is checked too late -> yes, check content_length() first.\n"
        "- Uploads are not logged -> yes, but later: UP-14.\n"
        "Do the first."
    )
    s.call(
        "Edit", "ok", file_path="/r/web/upload.py", old_string="b", new_string="content_length()"
    )
    found = next(ln for ln in _handoff(s.messages, 300).splitlines() if ln.startswith("Review"))
    assert "1. The limit is checked too late (the user: yes, check content_length() first; " in (
        found
    ), found
    assert "changed, not yet tested" in found, found
    assert "2. Uploads are not logged (the user: yes, but later: UP-14; left as asked)" in found
    s = Script("agent")
    s.user("Add a size limit to the image uploader in web/upload.py.")
    s.call("Edit", "ok", file_path="/r/web/upload.py", old_string="a", new_string="MAX_BYTES = 5")
    s.user("Bo reviewed it:\n- The limit is checked too late.\n- Uploads are not logged.")
    lines = _handoff(s.messages, 300).splitlines()
    assert not any(ln.startswith("Review findings") for ln in lines), lines


def test_a_reply_cut_after_a_clause_keeps_its_mark_and_no_doubled_semicolon() -> None:
    from working_memory.compaction._handoff import _point_entries
    from working_memory.compaction._review import Point, Points

    answer = (
        "no, nginx already has limit_req on /upload (5r/m), see deploy/nginx.conf; not in the app."
    )
    listed = Points((Point(3, "No rate limit on uploads", "Add one", "left as asked", answer),), ())
    found = _point_entries(listed, review=True)[0]
    assert "see deploy/nginx.conf; not in the app; left as asked)" in found.text, found.text
    assert found.short is not None
    assert "see deploy/nginx.conf ...; left as asked)" in found.short, found.short


def test_nothing_done_since_a_list_of_points_makes_the_first_open_point_the_step() -> None:
    s = Script("agent")
    s.user("Add a size limit to the image uploader in web/upload.py.")
    s.call("Edit", "ok", file_path="/r/web/upload.py", old_string="a", new_string="MAX_BYTES = 5")
    s.user(
        "Bo reviewed it, my answers after the arrows:\n"
        "- Uploads are not logged -> yes, but later: UP-14.\n"
        "- The limit is checked too late -> yes, check content_length() first.\n"
        "Do the second."
    )
    summary = _handoff(s.messages, 200)
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert step.startswith("Next step: point 2 of the latest request: "), step
    assert "checked too late" in step, step


def test_a_quoted_flag_value_is_one_word_of_the_step() -> None:
    s = Script("agent")
    s.user("Fix the loader.")
    s.call("Bash", "1 failed", command='pytest -k "not slow" tests/test_load.py')
    s.call("Bash", "1 failed", command="pytest -m 'db and not flaky' -q")
    keys = [step_key(c) for c in span_state(s.messages).calls]
    assert keys == ["$ pytest tests/test_load.py", "$ pytest"], keys


def test_an_error_in_brief_drops_the_runner_prefix_module_path_and_tool_name() -> None:
    from working_memory.compaction._handoff import _brief_fix
    from working_memory.compaction._progress import Fix

    fix = Fix(
        error="FAILED tests/test_tz.py::test_berlin - zoneinfo._common.ZoneInfoNotFoundError: "
        "'No time zone found with key Europe/Berlin'",
        where="$ pytest -q",
        change="apply_patch requirements.txt: tzdata==2025.2",
        tried=("$ pytest -q --cache-clear",),
    )
    assert _brief_fix(fix) == (
        "Error fixed: ZoneInfoNotFoundError: 'No time zone found with key Europe/Berlin' -> "
        "fixed in requirements.txt: tzdata==2025.2"
    )
    rerun = Fix(error="E   send on closed channel", where="$ go test", change="$ go test ./...")
    assert _brief_fix(rerun) == "Error fixed: send on closed channel -> fixed by $ go test ./..."


def test_the_current_work_in_short_says_its_state_in_fewer_words() -> None:
    s = Script("agent")
    s.user("Speed up the loader.")
    s.call("Bash", "12 passed in 0.3s", command="pytest -q")
    s.call("Edit", "ok", file_path="/r/load.py", old_string="a", new_string="CHUNK = 64")
    from working_memory.compaction._handoff import handoff_entries
    from working_memory.compaction._progress import progress

    state = span_state(s.messages)
    entry = next(
        e
        for e in handoff_entries(state, progress(s.messages, state))
        if e.text.startswith("Current work:")
    )
    assert "untested since it changed" in entry.text  # the full form as it was
    assert entry.short == (
        "Current work: /r/load.py changed last, untested, uncommitted; tests before it: "
        "ok: 12 passed in 0.3s"
    ), entry.short


def test_a_long_review_as_the_latest_request_has_a_brief_form() -> None:
    from working_memory.compaction._handoff import handoff_entries
    from working_memory.compaction._progress import progress

    s = Script("agent")
    s.user("The importer crashes on empty rows. Fix it.")
    s.call("Edit", "ok", file_path="/r/rows.py", old_string="a", new_string="if not row: continue")
    s.user(
        "Review from Lena: skipping the empty row hides a truncated upload, because the exporter "
        "writes an empty row only when the file was cut short by the proxy timeout, and then the "
        "totals are silently wrong for every customer in that batch, which finance only notices "
        "at the end of the month when the invoices go out and nobody can tell which rows were "
        "lost. Raise TruncatedUpload there instead, and log the batch id."
    )
    state = span_state(s.messages)
    latest = next(
        e
        for e in handoff_entries(state, progress(s.messages, state))
        if e.text.startswith("Latest request")
    )
    assert latest.brief is not None and len(latest.brief.split()) < len(
        (latest.short or "").split()
    )
    assert latest.brief.endswith('Raise TruncatedUpload there instead, and log the batch id."')


def test_a_list_under_a_short_head_keeps_the_users_closing_answer() -> None:
    from working_memory.compaction._handoff import _quote

    message = (
        "Bruno commented on the ticket:\n"
        "(1) the rotate hook still sends nothing, add a postrotate script that signals the daemon\n"
        "(2) flush the old file before closing it in reopen or the last lines can be lost\n"
        "(3) the signal also reloads the config every night at midnight, move it elsewhere\n"
        "My take: 1 yes. 2 no, explain it to him. 3 no: keep one signal, log the reload at info."
    )
    quoted = _quote(message, 30, ask=True)
    assert (
        quoted.startswith('"Bruno commented on the ticket:') and "log the reload at info" in quoted
    )
    # a pasted log under a short instruction is still cut to the instruction
    log = "Why does this fail?\n" + "\n".join(f"  File x.py, line {i}, in f" for i in range(12))
    assert _quote(log, 30, ask=True) == '"Why does this fail? ..."'


def test_an_older_plans_open_item_is_kept_before_the_request_grows() -> None:
    s = Script("You are Codex, a coding agent.")
    why = " ".join(f"reason{n}" for n in range(90))
    s.user(f"Add a --since flag to the export command in app/cli.py and document it. {why}")
    plan = [
        {"step": "Parse --since in app/cli.py", "status": "in_progress"},
        {"step": "Test --since in tests/test_cli.py", "status": "pending"},
        {"step": "Document --since in docs/cli.md", "status": "pending"},
    ]
    s.call("update_plan", "Plan updated", plan=plan)
    s.call(
        "apply_patch",
        "Success. Updated the following files:\nM app/cli.py",
        input="*** Begin Patch\n*** Update File: app/cli.py\n@@\n+since = args.since\n*** End Patch",
    )
    summary = _handoff(s.messages, 100)
    # the plan predates the last change (its items may be done), yet it alone says the docs
    # are still to write: kept before the request and the current work grow
    pending = [ln for ln in summary.splitlines() if ln.startswith("Pending (")]
    assert any("docs/cli.md" in ln for ln in pending), summary


def _next_step(s: Script, words: int = 300) -> str:
    return next(ln for ln in _handoff(s.messages, words).splitlines() if ln.startswith("Next step"))


def _bouncer(last: str) -> Script:
    s = Script("agent")
    s.user("The worker throws DuplicatePreparedStatementError behind PgBouncer. Fix it.")
    s.say("Simplest fix: pool_mode = session in pgbouncer.ini, so each client keeps its server "
          "connection.")  # fmt: skip
    s.call("Edit", "updated", file_path="/r/deploy/pgbouncer.ini",
           old_string="pool_mode = transaction", new_string="pool_mode = session")  # fmt: skip
    s.user("No. Session mode is why db01 had 400 idle connections. Keep transaction mode and fix "
           "it on the client side.")  # fmt: skip
    s.call("Edit", "updated", file_path="/r/app/db/pool.py", old_string="init=_init",
           new_string="init=_init, statement_cache_size=0")  # fmt: skip
    s.call("Bash", "144 passed in 40.96s", command="pytest -q")
    s.say(last)
    return s


def test_an_announced_step_that_redoes_a_design_the_user_turned_down_is_no_next_step() -> None:
    step = _next_step(_bouncer(
        "Next I'll set pool_mode = session for the reports database in pgbouncer.ini, so its "
        "engine keeps one server connection."
    ))  # fmt: skip
    assert "pool_mode = session" not in step, step
    # undoing it again is a step of its own, not the design redone
    step = _next_step(_bouncer("Next I'll revert the pool_mode = session line in pgbouncer.ini "
                               "in the docs example too."))  # fmt: skip
    assert "pool_mode = session" in step, step


def test_an_announced_re_run_whose_result_still_holds_is_no_next_step() -> None:
    step = _next_step(_bouncer("Next: re-run pytest -q to confirm the pool works."))
    assert "re-run pytest" not in step, step
    # a change after the run: the re-run is the step
    s = _bouncer("Done.")
    s.call("Edit", "updated", file_path="/r/app/db/pool.py", old_string="max_size=10",
           new_string="max_size=20")  # fmt: skip
    s.say("Next: re-run pytest -q to confirm the pool works.")
    assert "re-run pytest" in _next_step(s)


@pytest.mark.parametrize("head", ["Ines (DBA) commented on DB-77:", "Dana's review on #588:"])
def test_a_role_in_brackets_or_a_possessive_review_is_a_review(head: str) -> None:
    s = _bouncer("Done.")
    s.user(f"{head}\n(1) lock.py takes a session lock\n"
           "(2) raise default_pool_size to 50\nMy take: 1 yes. 2 no, keep 20.")  # fmt: skip
    summary = _handoff(s.messages)
    assert f'Latest request (a review): "{head}' in summary, summary


def test_a_failure_of_the_tests_chained_after_a_set_up_is_fixed_by_their_re_run() -> None:
    s = Script("agent")
    s.user("The reports fail behind PgBouncer. Fix it.")
    s.call("Bash", "F.\nFAILED tests/test_pgbouncer.py::test_reports - DuplicatePreparedStatementError"
           "\n1 failed, 1 passed in 4.87s", command="docker compose up -d pgbouncer && pytest -q -m pgbouncer")  # fmt: skip
    s.call("Edit", "updated", file_path="/r/app/reports/engine.py", old_string="pool_size=5",
           new_string="pool_size=5, connect_args={'statement_cache_size': 0}")  # fmt: skip
    s.call("Bash", "20 passed in 41.30s", command="pytest -q -m pgbouncer --count=10")
    errors = span_state(s.messages).errors
    assert [e.step for e in errors] == ["$ pytest pgbouncer"], errors
    assert errors[0].fixed, errors
    fixed = [ln for ln in _handoff(s.messages).splitlines() if ln.startswith("Error fixed")]
    assert fixed and "engine.py" in fixed[0], fixed


def test_a_stale_announced_re_run_is_no_decision_and_a_how_with_it_follows_its_point() -> None:
    s = _bouncer("Done.")
    s.user("Review from Ines on #88:\n1. the pool needs a docstring\n"
           "2. this breaks the public API, so this is 0.9.0, not 0.8.4\n"
           "My take: 1 is LOGQ-57, later. 2 yes, bump it and say so in the CHANGELOG.")  # fmt: skip
    s.say("Next: re-run pytest -q to rule out a stale cache.")
    summary = _handoff(s.messages)
    assert not any(ln.startswith("Decision:") and "rule out" in ln for ln in summary.splitlines())
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step"))
    # "bump it": after the point it points at, so the version is in the step
    assert "0.9.0" in step.split("bump it")[0], step


def test_a_step_that_does_work_before_its_run_is_the_next_step() -> None:
    step = _next_step(_bouncer("Next I'll add the boundary test to tests/test_pool.py, then run "
                               "pytest -q and submit."))  # fmt: skip
    assert "boundary test" in step, step


def _fixed_lines(summary: str) -> list[str]:
    return [ln for ln in summary.splitlines() if ln.startswith("Error fixed:")]


def test_a_build_error_ends_with_the_test_run_that_built_the_code() -> None:
    # `xcodebuild test` builds before it tests: its tests ran, so the build error it no longer
    # prints is fixed, by the edit between, whatever the tests then found
    s = Script("agent")
    s.user("Make UploadQueue an actor.")
    s.call("Edit", "ok", file_path="/r/Queue.swift", old_string="class Q", new_string="actor Q")
    s.call(
        "Bash",
        "Picker.swift:48:15: error: call to actor-isolated instance method 'enqueue' in a "
        "synchronous main actor-isolated context\n** BUILD FAILED **",
        command="xcodebuild build -scheme App | grep -E 'error:|BUILD'",
    )
    s.call("Edit", "ok", file_path="/r/Picker.swift", old_string="q.enqueue(x)",
           new_string="Task { await q.enqueue(x) }")  # fmt: skip
    s.call("Bash", "Test Case '-[T testRetry]' started.\nExecuted 9 tests, with 0 failures",
           command="xcodebuild test -scheme App | grep -E 'Executed|TEST'")  # fmt: skip
    summary = _handoff(s.messages)
    assert "Error (unresolved)" not in summary
    [line] = _fixed_lines(summary)
    assert "actor-isolated" in line and "Picker.swift: Task { await q.enqueue(x) }" in line


def test_a_rerun_through_another_filter_is_a_rerun_and_the_code_change_is_the_fix() -> None:
    # the same test command piped through `tee` then `grep` re-runs it; the change between
    # (the code's, listed before the test's) made the failure stop, not the passing run
    s = Script("agent")
    s.user("Fix the retry test.")
    failing = 'UploadQueueTests.swift:77: error: -[T testRetries] : XCTAssertEqual failed: ("1") is not equal to ("3")'
    s.call("Bash", failing + "\nExecuted 9 tests, with 1 failure",
           command="xcodebuild test -scheme App 2>&1 | grep -E 'error:|Executed|TEST'")  # fmt: skip
    # the re-run prints the error without the test's name: one error, not two
    s.call("Bash", "UploadQueueTests.swift:77: error: ... XCTAssertEqual failed: (\"1\") is not "
           "equal to (\"3\")\nExecuted 9 tests, with 1 failure",
           command="xcodebuild clean -scheme App && xcodebuild test -scheme App 2>&1 | grep -E 'error:|Executed'")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/Queue.swift", old_string="func enqueue(",
           new_string="func enqueue(_ p: P) async {")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/UploadQueueTests.swift", old_string="q.enqueue(",
           new_string="await q.enqueue(")  # fmt: skip
    s.call("Bash", "Executed 9 tests, with 0 failures",
           command="xcodebuild test -scheme App 2>&1 | tee /tmp/t.log | grep -E 'Executed|TEST'")  # fmt: skip
    [line] = _fixed_lines(_handoff(s.messages))
    fix = line.split("fixed by", 1)[1]
    assert fix.startswith(
        " Edit /r/Queue.swift, /r/UploadQueueTests.swift: func enqueue(_ p: P) async"
    )
    assert "xcodebuild clean" in fix.split("(re-running", 1)[1]


def test_a_points_shared_words_do_not_mark_it_done() -> None:
    # point 1's edit says "report-only" and "reports"; point 2 (a report-uri endpoint) shares
    # those words and is not started; the tested change leaves point 2 as the next step
    s = Script("agent")
    s.user("Add a CSP to server/app.ts.")
    s.call("Write", "ok", file_path="/r/server/csp.ts", content="export const csp = 'x';\n")
    s.call("Bash", "Tests: 98 passed, 98 total", command="npm test")
    s.user(
        "Tomas reviewed PR #88:\n1. Ship it as Content-Security-Policy-Report-Only for a week "
        "first.\n2. Report-only is no use without somewhere for the reports to go: add a "
        "report-uri endpoint.\nMy answers: 1 yes, behind CSP_REPORT_ONLY; 2 yes, POST "
        "/csp-report that logs each report at warn."
    )
    s.call("Edit", "ok", file_path="/r/server/csp.ts", old_string="const csp",
           new_string="// report-only until CSP_REPORT_ONLY=0: a week of reports first\nconst csp")  # fmt: skip
    s.call("Bash", "Tests: 99 passed, 99 total", command="npm test")
    summary = _handoff(s.messages, 600)
    [points] = [ln for ln in summary.splitlines() if ln.startswith("Review findings")]
    assert "1. Ship it" in points and "changed and tested" in points.split("2. ", 1)[0]
    assert "not started" in points.split("2. ", 1)[1]
    [step] = [ln for ln in summary.splitlines() if ln.startswith("Next step")]
    assert step.startswith("Next step: point 2 of the latest request") and "report-uri" in step


def test_a_tight_budget_goes_to_the_handoff_lines_first() -> None:
    # between 80 and 179 words the handoff's own lines take the whole budget: a tenth kept for
    # fact lines bought stray clauses (`call: description: Run the tests`), not answers; only
    # what no handoff line fits in is left to one
    labels = ("Task", "Paths", "User", "Latest", "Review", "Current", "Next", "Decision",
              "Ruled", "Pending", "Files", "File read", "Error", "Command", "The latest")  # fmt: skip
    upload = next(s for s in benchmark_spans() if s.name == "heldout14-claude-uploadactor")
    assert all(ln.startswith(labels) for ln in _handoff(upload.messages, 135).splitlines())
    for span in benchmark_spans():
        for words in (90, 135, 170):
            summary = _handoff(span.messages, words)
            facts = [ln for ln in summary.splitlines() if not ln.startswith(labels)]
            assert sum(len(ln.split()) for ln in facts) <= 14, (span.name, words, facts)
            assert len(summary.split()) <= words


def test_an_errors_brief_form_keeps_its_fix_and_relative_paths() -> None:
    span = next(s for s in benchmark_spans() if s.name == "heldout14-claude-uploadactor")
    summary = _handoff(span.messages, 135)
    # every form of a line is relative to the project (the Paths line names it once)
    assert not [
        ln for ln in summary.splitlines() if "/Users/nadia" in ln and not ln.startswith("Paths: ")
    ]
    fixed = _fixed_lines(summary)
    assert fixed and all(" -> fixed " in ln for ln in fixed)


def test_a_passing_run_of_other_paths_does_not_end_a_failure() -> None:
    # `go test ./internal/...` passing says nothing of `go test ./e2e/...`; a wider run of the
    # failing path (`./internal/...` after `./internal/relay/`) does, by the change between,
    # and a MultiEdit's change is its edits' new text
    s = Script("agent")
    s.user("Keep the order ids exact.")
    s.call("Bash", "--- FAIL: TestRelayEndToEnd\n    e2e_test.go:88: order_id = 1234567890123456800, "
           "want 1234567890123456789\nFAIL", command="go test -count=1 -tags e2e ./e2e/...")  # fmt: skip
    s.call("Bash", "--- FAIL: TestEnrichAddsFee\n    enrich_test.go:31: fee_cents = <nil>, want 30\n"
           "FAIL", command="go test ./internal/relay/")  # fmt: skip
    s.call("MultiEdit", "Applied 1 edit", file_path="/r/internal/relay/enrich.go",
           edits=[{"old_string": "ev[\"amount_cents\"].(float64)",
                   "new_string": "ev[\"amount_cents\"].(json.Number)"}])  # fmt: skip
    s.call("Bash", "ok  \tx/internal/relay\t0.394s", command="go test ./internal/...")
    s.call("MultiEdit", "Applied 1 edit", file_path="/r/internal/relay/dedupe.go",
           edits=[{"old_string": "json.Unmarshal(body, &ev)",
                   "new_string": "ev, err := decodeEvent(body)"}])  # fmt: skip
    s.call("Bash", "ok  \tx/e2e\t13.906s", command="go test -count=1 -tags e2e ./e2e/...")
    by = {ln.split(" -> ", 1)[0]: ln for ln in _fixed_lines(_handoff(s.messages))}
    e2e = next(v for k, v in by.items() if "TestRelayEndToEnd" in k)
    fee = next(v for k, v in by.items() if "TestEnrichAddsFee" in k)
    assert e2e.split(" -> ", 1)[1].endswith("dedupe.go: ev, err := decodeEvent(body)")
    assert fee.endswith('enrich.go: ev["amount_cents"].(json.Number)')


def test_an_error_beside_its_fix_comes_before_a_decision_of_the_same_urgency() -> None:
    from working_memory.compaction._handoff import ERRORS_SECTION, Entry

    decision = Entry(4, 0, 3, "Decision: " + " ".join(f"d{i}" for i in range(20)))
    error = Entry(ERRORS_SECTION, 0, 3, "Error fixed: E -> fixed in a.py: " + "x " * 14)
    kept = ExtractiveCompactor._fit([decision, error], lambda t: len(t.split()), 25)
    assert [e.section for e in kept] == [ERRORS_SECTION]


def test_the_same_error_at_another_time_of_day_is_one_error() -> None:
    # dbt prints its clock and the step's duration on the error line: the run after a
    # --full-refresh that fails the same way did not help; the edit after it is the fix
    s = Script("agent")
    s.user("Fix the duplicate sessions.")
    fail = "{t}  1 of 6 ERROR creating sql incremental model dbt.fct_sessions . [ERROR in {d}s]"
    s.call("Bash", fail.format(t="14:12:13", d="32.88"), command="dbt build --select fct_sessions")
    s.call("Bash", fail.format(t="14:17:52", d="31.47"),
           command="dbt run --select fct_sessions --full-refresh && dbt build --select fct_sessions")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/models/fct_sessions.sql", old_string="from batch",
           new_string="from batch qualify row_number() over (partition by session_id) = 1")  # fmt: skip
    s.call("Bash", "14:23:05  1 of 6 OK created sql incremental model dbt.fct_sessions",
           command="dbt run --select fct_sessions --full-refresh && dbt build --select fct_sessions")  # fmt: skip
    [line] = _fixed_lines(_handoff(s.messages))
    fix, tried = line.split(" -> fixed by ", 1)[1].split(" (re-running ", 1)
    assert "qualify row_number()" in fix and "--full-refresh" in tried


def test_an_swe_agent_task_is_quoted_without_its_template_opening() -> None:
    s = Script("agent")
    s.user(
        "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
        "the directory /testbed. Consider the following issue:\n<issue>\nCookie Expires is "
        "written in the server's language, so browsers drop the cookie under LC_TIME=de_DE and "
        "every session ends at once; the date must use the English names of RFC 9110.\n</issue>\n"
        "Make the minimal changes to non-test files in /testbed so that the issue is resolved."
    )
    s.call("bash", "quail/responses.py:210: time.strftime(...)", command="grep -rn strftime quail/")
    s.user("Keep it inside responses.py.")
    task = next(ln for ln in _handoff(s.messages, 60).splitlines() if ln.startswith("Task"))
    assert task.startswith('Task: "Cookie Expires is written'), task
    marshmallow = Script("agent")
    marshmallow.user(
        "We're currently solving the following issue within our repository. Here's the issue "
        "text:\nISSUE:\nTimeDelta serialization precision is lost: 345 ms serialises as 344."
    )
    marshmallow.call("bash", "ok", command="grep -n precision src/marshmallow/fields.py")
    marshmallow.user("Round, do not truncate.")
    summary = _handoff(marshmallow.messages, 60)
    assert 'Task: "TimeDelta serialization precision' in summary, summary


def test_a_file_checked_out_without_dashes_is_put_back_a_branch_is_not() -> None:
    s = Script("agent")
    s.user("Fix the cookie dates.")
    s.call("edit", "ok", path="/testbed/quail/responses.py", old="a", new="from ._locale import x")
    s.call("edit", "ok", path="/testbed/quail/cli.py", old="a", new="b")
    s.call(
        "bash", "", command="cd /testbed && git checkout quail/responses.py && git checkout main"
    )
    summary = _handoff(s.messages)
    assert "responses.py (edited, then reverted (unchanged now))" in summary, summary
    assert "cli.py (edited)" in summary, summary


def test_a_changed_file_names_what_its_surviving_change_put_in() -> None:
    s = Script("agent")
    s.user("Cookie Expires must use English day and month names whatever the locale.")
    s.call("Read", "import time\n\nclass Response:\n    def set_cookie(self, key, expires=None):\n"
           "        parts.append(time.strftime('%a, %d %b %Y', expires))\n",
           file_path="/r/quail/responses.py")  # fmt: skip
    s.call("Edit", "ok", file_path="/r/quail/responses.py", old_string="import time",
           new_string="import time\nfrom ._locale import c_time_locale")  # fmt: skip
    s.call("Bash", "Updated 1 path from the index", command="git checkout -- quail/responses.py")
    s.say("Now the helper: _http_date() writes the date with email.utils.format_datetime.")
    s.call("Edit", "ok", file_path="/r/quail/responses.py",
           old_string="        parts.append(time.strftime('%a, %d %b %Y', expires))",
           new_string="        parts.append(_http_date(expires))\n\n\ndef _http_date(when):\n"
           "    return format_datetime(when.astimezone(timezone.utc), usegmt=True)")  # fmt: skip
    s.call("apply_patch", "Success.", input=(
        "*** Begin Patch\n*** Add File: tests/test_http_dates.py\n+import locale\n"
        "+def test_expires_is_english_under_de_DE(monkeypatch):\n+    assert 'Thu' in header\n"
        "*** Update File: CHANGES.rst\n+- Cookie dates no longer follow LC_TIME.\n*** End Patch"))  # fmt: skip
    files = next(ln for ln in _handoff(s.messages).splitlines() if ln.startswith("Files changed"))
    assert "quail/responses.py (edited, adds _http_date, format_datetime" in files, files
    assert "c_time_locale" not in files  # put in before the checkout: gone
    assert "tests/test_http_dates.py (created, adds test_expires_is_english_under_de_DE" in files
    assert "CHANGES.rst (edited)" in files, files  # prose names nothing of code


def test_an_swe_agent_run_not_yet_submitted_ends_with_its_scratch_deleted_and_submit() -> None:
    def run(submitted: bool) -> str:
        s = Script("agent")
        s.user(
            "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code "
            "repository in the directory /testbed. Consider the following issue:\n<issue>\n"
            "parse_duration('1h 30m') raises ValueError.\n</issue>"
        )
        s.call("create", "[File: /testbed/reproduce.py (1 lines total)]",
               filename="/testbed/reproduce.py")  # fmt: skip
        s.call("edit", "File updated.", path="/testbed/timeparse/duration.py", start_line=3,
               end_line=3, replacement_text="    text = _SPACES.sub('', text)")  # fmt: skip
        s.call("bash", "5 passed in 0.02s", command="python -m pytest -q tests")
        if submitted:
            s.call("submit", "diff --git a/timeparse/duration.py ...")
        return next(ln for ln in _handoff(s.messages).splitlines() if ln.startswith("Next step"))

    assert run(False).endswith("; last, delete reproduce.py, then submit"), run(False)
    with pytest.raises(StopIteration):
        run(True)  # submitted last, nothing asked since: no step left
