"""Readings of a span behind the handoff: Go's test failures and their fixes, source lines that
are no error, review points answered in a comment or done under another name, a correction
that calls the design wrong."""

from __future__ import annotations

from typing import Any

import pytest

from working_memory.compaction._progress import _is_test_run, progress
from working_memory.compaction._review import points
from working_memory.compaction._span_state import error_line, span_calls, span_state
from working_memory.compaction.bench._build import Script

_GO_FAIL = (
    "--- FAIL: TestReopenNoLostLines (0.04s)\n"
    "    reopen_test.go:31: got 994 lines, want 1000\n"
    "FAIL\nFAIL\tgithub.com/acme/app/logx\t0.061s\n"
)


def test_a_go_test_failure_is_an_error_named_by_its_test_and_message() -> None:
    assert error_line(_GO_FAIL, shell=True) == "TestReopenNoLostLines: got 994 lines, want 1000"


_RSPEC = (
    "  1) POST /reports/:id/export enqueues one export\n     Failure/Error:\n"
    "       ReportExportJob.perform_async(@report.id, format: export_format)\n\n"
    "     ArgumentError:\n       Job arguments must be native JSON types, but :format is a "
    "Symbol.\n     # ./app/controllers/reports_controller.rb:41:in `export'\n\n"
    "1 example, 1 failure\n"
)
_PLENARY = (
    "Testing: \t/home/o/p/tests/apply_spec.lua\nSuccess: \t||\tapply replaces a line\n"
    "Fail\t||\tapply inserts a line\n\t\t\t/home/o/p/tests/apply_spec.lua:41: Expected objects "
    "to be the same.\n\t\t\tPassed in:\nSuccess: \t1\t\nFailed : \t1\t\nErrors : \t0\t\n"
    "Tests Failed. Exit: 1\nmake: *** [Makefile:5: test] Error 1\n"
)
_VITEST = (
    " \u276f test/events.test.ts (3 tests | 1 failed) 5021ms\n"
    "   \u276f test/events.test.ts > build events > streams the first event\n"
    "     \u2192 Test timed out in 5000ms.\n\n Test Files  1 failed (1)\n"
)
_JEST = (
    " FAIL  test/reset.test.js\n  \u2715 a reset link works once (61 ms)\n"
    "  \u2715 a password change retires older links (48 ms)\n"
    "    expect(received).toBe(expected)\n    Expected: 400\n    Received: 204\n"
    "Tests:       2 failed, 2 total"
)
_JEST_HEADER = (
    "  \u25cf reset \u203a a reset link works once\n\n"
    "    expect(received).toBe(expected) // Object.is equality\n\n"
    "    Expected: 400\n    Received: 204\n\nTests:       1 failed, 2 total"
)


@pytest.mark.parametrize(
    ("output", "line"),
    [
        # RSpec prints the exception's class alone, its message on the next line
        (_RSPEC, "ArgumentError: Job arguments must be native JSON types, but :format is a Symbol."),
        # plenary names the failing spec, its message under it; make's own line says less
        (_PLENARY, "apply inserts a line: apply_spec.lua:41: Expected objects to be the same."),
        # vitest's tree: the failing test, then its message after an arrow
        (_VITEST, "streams the first event: Test timed out in 5000ms."),
        # jest's failed matcher: the test's name and what it expected and received; the
        # count line says less
        (_JEST, "a reset link works once: Expected: 400, Received: 204"),
        (_JEST_HEADER, "a reset link works once: Expected: 400, Received: 204"),
        # a failed make recipe with nothing else to say
        ("cc -o app main.c\nmake: *** [Makefile:3: app] Error 1\n",
         "make: *** [Makefile:3: app] Error 1"),
    ],
    ids=["rspec", "plenary", "vitest", "jest", "jest-header", "make"],
)  # fmt: skip
def test_a_runners_failure_is_the_failing_test_and_its_message(output: str, line: str) -> None:
    assert error_line(output, shell=True) == line


def test_a_source_line_that_names_an_error_type_is_no_error() -> None:
    printed = "pub fn unpack(archive: &Path) -> Result<usize, UnpackError> {\n    let n = 0;\n"
    assert error_line(printed, shell=True) is None


def test_a_go_rerun_with_more_repeats_pairs_the_failure_with_the_edit_before_it() -> None:
    s = Script("You are Codex. cwd: /home/dev/app")
    s.user("Reopening the log file loses lines; fix it.")
    s.call("shell", _GO_FAIL, command=["bash", "-lc", "go test -race ./logx/ -count=5"])
    s.call(
        "apply_patch",
        "Success. Updated the following files:\nM logx/writer.go\n",
        input="*** Begin Patch\n*** Update File: logx/writer.go\n@@\n"
        "+func (w *Writer) Reopen() error {\n+\tw.mu.Lock()\n+\tdefer w.mu.Unlock()\n"
        "*** End Patch\n",
    )
    s.call("shell", "ok  \tgithub.com/acme/app/logx\t0.3s\n",
           command=["bash", "-lc", "go test -race ./logx/ -count=20"])  # fmt: skip
    done = progress(s.messages, span_state(s.messages))
    assert len(done.fixes) == 1, done.fixes
    assert "TestReopenNoLostLines" in done.fixes[0].error
    assert "logx/writer.go" in done.fixes[0].change and "w.mu" in done.fixes[0].change


def _the_one_fix(
    failed: tuple[str, str],
    again: tuple[str, str],
    tried: tuple[str, str, str] | None,
    fixed: tuple[str, str, str],
) -> Any:
    """The one fix read from a run that failed, an edit that did not help (or none), a re-run
    that failed the same way, the edit that fixed it and a run that passed."""
    s = Script("You are a coding agent.")
    s.user("It fails; fix it.")
    s.call("run", failed[1], command=failed[0])
    for path, old, new in [tried] if tried else []:
        s.call("edit_file", f"Edited {path}", path=path, old=old, new=new)
    s.call("run", again[1], command=again[0])
    path, old, new = fixed
    s.call("edit_file", f"Edited {path}", path=path, old=old, new=new)
    s.call("run", "Tests:       3 passed, 3 total", command=failed[0])
    done = progress(s.messages, span_state(s.messages))
    assert len(done.fixes) == 1, done.fixes
    return done.fixes[0]


def test_a_rerun_that_prints_the_same_jest_failure_does_not_make_the_edit_before_it_the_fix() -> (
    None
):
    # the error line is read from two lines (Expected: over Received:), so it is not one piece
    # of the re-run's output: the re-run still fails it, the helper's edit did not fix it
    fix = _the_one_fix(
        ("npx jest test/reset.test.js", _JEST),
        ("npx jest test/reset.test.js", _JEST.replace("61 ms", "59 ms")),
        ("test/helpers.js", "a", "b"),
        ("src/auth/reset.js", "hash.slice(0, 7)", "createHmac('sha256', SECRET).update(hash)"),
    )
    assert "Received: 204" in fix.error
    assert "src/auth/reset.js" in fix.change and "test/helpers.js" not in fix.change, fix


_OPS_REVIEW = (
    "Bruno commented on OPS-291:\n"
    "(1) fsync the old file before closing it in Reopen, or lines can be lost on a crash\n"
    "(2) hard links (EntryType::Link) have the same hole as symlinks\n"
    "My take: 1 I don't think that's right, but explain it to him in a comment. "
    "2 yes, refuse those the same way."
)


def _review_points(calls: list[tuple[str, str, dict[str, object]]]) -> dict[int, str]:
    s = Script("You are Codex. cwd: /home/dev/app")
    s.user("Make log rotation work.")
    s.user(_OPS_REVIEW)
    after = len(s.messages) - 1
    for name, result, args in calls:
        s.call(name, result, **args)
    listed = points(_OPS_REVIEW, span_calls(s.messages), after, _is_test_run)
    assert listed is not None
    return {p.number: p.status for p in listed.points}


def test_a_point_to_answer_in_a_comment_is_done_by_the_comment_posted() -> None:
    posted = ("shell", "Comment posted.", {"command": ["bash", "-lc", "jira comment OPS-291"]})
    assert _review_points([posted])[1] == "answered in a comment"
    assert _review_points([])[1] == "not started"


def test_a_point_done_under_another_name_than_the_one_it_gives_is_changed() -> None:
    patch = (
        "apply_patch",
        "Success. Updated the following files:\nM src/unpack.rs\n",
        {
            "input": "*** Begin Patch\n*** Update File: src/unpack.rs\n@@\n"
            "-        if entry.header().entry_type().is_symlink() {\n"
            "+        let kind = entry.header().entry_type();\n"
            "+        // a hard link's target is a path too: the same check applies\n"
            "+        if kind.is_symlink() || kind.is_hard_link() {\n*** End Patch"
        },
    )
    assert _review_points([patch])[2] == "changed, not yet tested"


def test_a_message_that_calls_the_design_the_wrong_answer_corrects_it() -> None:
    s = Script("You are Codex. cwd: /home/dev/app")
    s.user("Retried charges charge twice; make a retry not charge again.")
    s.say(
        "Plan: claim the key in Redis before capturing, SET idem:<key> NX EX 86400, in a new "
        "app/idempotency.py; a request whose key is already claimed gets 409 Conflict."
    )
    s.user(
        "A 409 is the wrong answer: a retry must get the original response back. And Redis "
        "isn't durable here, keep the key in Postgres."
    )
    done = progress(s.messages, span_state(s.messages))
    assert any(c.startswith("A 409 is the wrong answer") for c in done.corrections)
    assert any("Redis" in r.text for r in done.rejected), done.rejected


def test_a_planned_test_step_after_the_change_names_the_changed_files_test_file() -> None:
    s = Script("agent")
    s.user("Make search drop superseded responses.")
    s.call("Write", "created", file_path="src/hooks/useSearch.ts", content="export function a() {}")
    s.call("Write", "created", file_path="src/hooks/useSearch.test.ts", content="test('a')")
    s.user("Review: an empty query still fetches, and the fetch stub leaks. Fix both.")
    s.say("I'll handle the empty query in useSearch first, then the test cleanup.")
    s.call("Edit", "updated", file_path="src/hooks/useSearch.ts", old_string="a", new_string="b")
    done = progress(s.messages, span_state(s.messages))
    assert done.next_step is not None
    assert done.next_step.startswith("the test cleanup in src/hooks/useSearch.test.ts"), done


def test_an_error_beside_its_fix_takes_the_fact_lines_tenth_before_stray_lines() -> None:
    # at 300 words the core lines leave no room for strictargs' error in nine tenths; the
    # tenth kept for fact lines went to `user: See https://...` and the like
    from working_memory.compaction import ExtractiveCompactor
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout17-chat-strictargs")
    summary = ExtractiveCompactor(word_limit=300).compact(list(span.messages)).summary or ""
    errors = [ln for ln in summary.splitlines() if ln.startswith("Error fixed: ")]
    assert errors and "native JSON types" in errors[0], summary
    assert len(summary.split()) <= 300


def test_an_error_whose_brief_form_overruns_the_tenth_is_cut_to_fit_it() -> None:
    # at 200 words reset's error with its fix (24 words in brief) overran the 20 words left,
    # which went to `call: $ npx jest` and a line of source instead
    from working_memory.compaction import ExtractiveCompactor
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout8-chat-reset")
    summary = ExtractiveCompactor(word_limit=200).compact(list(span.messages)).summary or ""
    errors = [ln for ln in summary.splitlines() if ln.startswith("Error fixed: ")]
    assert len(errors) == 1, summary
    assert "Received: 204" in errors[0] and "src/auth/reset.js" in errors[0], errors
    assert len(summary.split()) <= 200


def test_a_bang_before_a_lowercase_word_ends_no_sentence() -> None:
    from working_memory.compaction._span_state import split_sentences

    text = "put #![deny(clippy::print_stdout)] in src/lib.rs so a println! can't come back. Go!"
    assert split_sentences(text) == [
        "put #![deny(clippy::print_stdout)] in src/lib.rs so a println! can't come back.",
        "Go!",
    ]


@pytest.mark.parametrize(
    ("output", "line"),
    [
        # cargo: the unit tests, the integration tests, then the doc-tests that count nothing
        ("test result: ok. 46 passed; 0 failed\ntest result: ok. 12 passed; 0 failed\n"
         "test result: ok. 0 passed; 0 failed; 0 ignored",
         "test result: ok. 12 passed; 0 failed"),
        # dotnet test counts after its words
        ("Starting test execution, please wait...\n"
         "A total of 1 test files matched the specified pattern.\n"
         "Passed!  - Failed:     0, Passed:    89, Skipped:     0, Total:    89",
         "Passed! - Failed: 0, Passed: 89, Skipped: 0, Total: 89"),
        ("Tests:       3 passed, 3 total", "Tests: 3 passed, 3 total"),
    ],
    ids=["cargo", "dotnet", "jest"],
)  # fmt: skip
def test_a_runs_outcome_is_its_last_line_that_counts_something(output: str, line: str) -> None:
    from working_memory.compaction._span_state import outcome_line

    assert outcome_line(output) == line


def test_the_fact_lines_tenth_holds_the_files_changed_before_stray_lines() -> None:
    # at 195 words a review of four points with the user's answers leaves no room for the
    # files in nine tenths; the tenth went to `call: -  match &args.output {`
    from working_memory.compaction import ExtractiveCompactor
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout18-codex-brokenpipe")
    summary = ExtractiveCompactor(word_limit=195).compact(list(span.messages)).summary or ""
    files = [ln for ln in summary.splitlines() if ln.startswith("Files changed: ")]
    assert files and "src/sigpipe.rs (created, then deleted)" in files[0], summary
    assert "match &args.output" not in summary
    assert len(summary.split()) <= 195


def test_a_pending_ask_of_the_latest_request_is_not_listed_twice() -> None:
    # the user's answer beside a point names a file: the point's pending line says it already
    from working_memory.compaction import ExtractiveCompactor
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout18-chat-portexhaust")
    summary = ExtractiveCompactor(word_limit=300).compact(list(span.messages)).summary or ""
    assert "Pending (asked in the latest request" not in summary, summary
    assert "Next step: point 4 of the latest request" in summary, summary


def test_a_line_that_ends_open_is_code_whatever_its_words() -> None:
    from working_memory.compaction._extractive import _code_like

    assert _code_like("override fun expireAfterUpdate(key: String, value: Rates): Long =")
    assert _code_like("public GeocodingClient(IOptions<GeocodingOptions> options, ILogger logger)")
    assert _code_like("at Routewise.Api.Routing.RoutePlanner.PlanAsync(PlanRequest request)")
    assert not _code_like("With envfile 1.4.2 and this .env:")
    assert not _code_like("at the top of the hour the cache expires and every request calls it.")


_JEST_TIMEOUT = (
    "FAIL test/split.test.ts (6.1 s)\n"
    "  \u25cf LineSplitter \u203a keeps a 4-byte character split over three writes\n\n"
    '    thrown: "Exceeded timeout of {ms} ms for a test.\n'
    '    Add a timeout value to this test to increase the timeout."\n\n'
    "Test Suites: 1 failed, 2 passed, 3 total\nTests:       1 failed, 28 passed, 29 total\n"
)


def test_jests_thrown_timeout_is_the_error_and_a_longer_timeout_did_not_fix_it() -> None:
    assert error_line(_JEST_TIMEOUT.format(ms=5000), shell=True) == (
        "keeps a 4-byte character split over three writes: thrown: Exceeded timeout of 5000 ms "
        "for a test."
    )
    fix = _the_one_fix(
        ("npx jest", _JEST_TIMEOUT.format(ms=5000)),
        ("npx jest --testTimeout=20000", _JEST_TIMEOUT.format(ms=20000)),
        None,
        ("test/split.test.ts", "await once(splitter, 'end');", "const out = splitter.toArray();"),
    )
    assert "test/split.test.ts" in fix.change and "toArray" in fix.change, fix
    assert any("testTimeout=20000" in t for t in fix.tried), fix


def test_a_commits_create_mode_line_counts_no_tests() -> None:
    """Nor does its stat chained after sbt's tests: that read "tests since: ok (3 files
    changed, ...)" while sbt's own counts went unread."""
    from working_memory.compaction._span_state import outcome_line

    made = "[main 5c2e8a1] x\n 3 files changed, 80 insertions(+)\n create mode 100644 tests/a.py"
    assert outcome_line(made) == "3 files changed, 80 insertions(+)"
    sbt = (
        "[info] Passed: Total 86, Failed 0, Errors 0, Passed 86\n[success] Total time: 94 s\n---\n"
    )
    assert outcome_line(sbt + made) == "[info] Passed: Total 86, Failed 0, Errors 0, Passed 86"


def test_the_file_of_a_design_dropped_since_is_no_part_of_the_fix() -> None:
    s = Script("You are a coding agent.")
    s.user("The pods crash with a concurrent map write; fix it.")
    crash = "fatal error: concurrent map read and map write\n\ngoroutine 7 [running]:\n"
    s.call("run", crash, command="go run ./tools/storm")
    s.call("write_file", "Wrote internal/guarded.go", path="internal/guarded.go", content="a")
    s.call("edit_file", "Edited internal/store.go", path="internal/store.go", old="a", new="b")
    s.call("run", "500 reloads, no crash", command="go run ./tools/storm")
    s.user("No lock on the lookup path. Use an atomic.Pointer to a snapshot instead.")
    s.call("run", "", command="rm internal/guarded.go")
    done = progress(s.messages, span_state(s.messages))
    assert done.fixes and "internal/store.go" in done.fixes[0].change, done.fixes
    assert "guarded.go" not in done.fixes[0].change, done.fixes[0]


def test_the_design_the_user_said_to_use_instead_is_beside_what_it_rules_out() -> None:
    from working_memory.compaction import ExtractiveCompactor

    s = Script("You are a coding agent.")
    s.user("Ids made in one millisecond sort at random; fix it in Uuid7Generator.java.")
    s.say("Plan: fill rand_a with a sub-millisecond fraction of System.nanoTime().")
    s.user(
        "No, not method 3. Our ids end up in public URLs. Use method 1: a 12-bit counter in "
        "rand_a, seeded each new millisecond. Delete SubMillisClock.java first."
    )
    done = progress(s.messages, span_state(s.messages))
    assert list(done.instead.values()) == [
        "Use method 1: a 12-bit counter in rand_a, seeded each new millisecond."
    ], done.instead
    summary = ExtractiveCompactor(word_limit=400).compact(s.messages).summary or ""
    # one statement: the final design in the user's words, what it rules out, who said so
    decided = next(ln for ln in summary.splitlines() if ln.startswith("Decision (the user's): "))
    assert decided.startswith("Decision (the user's): Use method 1: a 12-bit counter"), decided
    assert "It rules out: " in decided and "nanoTime" in decided, decided
    assert "(turned down by the user's latest request)" in decided, decided  # quoted above
    assert "Ruled out: " not in summary  # said once


@pytest.mark.parametrize(
    ("correction", "instead"),
    [
        # the imperative after a colon
        ("No lock on the lookup path. Reload doesn't need to touch what the readers hold: "
         "build a new snapshot and swap it in with an atomic.Pointer. Delete guarded.go first.",
         "Reload doesn't need to touch what the readers hold: build a new snapshot and swap it "
         "in with an atomic.Pointer."),
        # what does the job, named, and the sentence after it
        ("No, please don't hand-roll UTF-8 decoding. Node's string_decoder does exactly this: "
         "it keeps the incomplete bytes. One StringDecoder per LineSplitter. And no new module.",
         "Node's string_decoder does exactly this: it keeps the incomplete bytes. One "
         "StringDecoder per LineSplitter."),
        # the design named, then "use that" after a colon
        ("No, don't touch the locale. email.utils.format_datetime(dt, usegmt=True) writes the "
         "English names itself: use that. And no new module.",
         "email.utils.format_datetime(dt, usegmt=True) writes the English names itself: use "
         "that. And no new module."),
        # the imperative after a reason's "so"
        ("No. Stop re-creating their serializer. A signature is over the bytes that were sent, "
         "so check the HMAC over the raw request body. Delete fleetpost-json.ts.",
         "A signature is over the bytes that were sent, so check the HMAC over the raw request "
         "body."),
        # a framework that has it built in
        ("No. Nest has this built in: rawBody: true and req.rawBody.",
         "Nest has this built in: rawBody: true and req.rawBody."),
        # "The fix is ...", with the sentence that says how
        ("No, not domains. The fix is to not read what can't be a duplicate. Group by size "
         "first. Delete pool.ml.",
         "The fix is to not read what can't be a duplicate. Group by size first."),
        # "Do what argparse does", a verb the list lacked ("Tag ...", "realise ...")
        ("Not a pre-pass, please. argv has to reach the lexer as typed. Do what argparse does, "
         "in the lexer: a dash token that parses as a number is a VALUE. Delete _numbers.py.",
         "Do what argparse does, in the lexer: a dash token that parses as a number is a VALUE."),
        ("No. The polling is worse. Tag the price fetch with product:<id> and call revalidateTag "
         "in updatePrice. Delete the hook.",
         "Tag the price fetch with product:<id> and call revalidateTag in updatePrice."),
        ("No. A bigger pool only moves the outage. The bug is the lazy seq: realise the "
         "statement inside the transaction. Take the reopen out.",
         "The bug is the lazy seq: realise the statement inside the transaction."),
        # nothing said of what to do instead
        ("No, not that. It breaks the public URLs.", None),
        # "so" with no imperative after it is no design
        ("No, so far it never failed. Leave it.", None),
    ],
    ids=["after-a-colon", "does-exactly-this", "use-that", "so-do", "built-in", "the-fix-is",
         "do-what", "tag", "realise", "none", "so-no-imperative"],
)  # fmt: skip
def test_what_the_user_said_to_do_instead(correction: str, instead: str | None) -> None:
    from working_memory.compaction._progress import _instead

    assert _instead(correction) == instead


def test_what_the_assistant_is_doing_as_it_writes_is_no_decision() -> None:
    s = Script("You are a coding agent.")
    s.user("The build fails on future {}; fix it.")
    s.say("Checking which coroutines version the build actually resolves.")
    s.say("Answering Ifeoma's 2 on the PR: no depends_on_past, one bad night shouldn't block.")
    s.say("We must keep the next_update expiry rather than a fixed TTL.")
    done = progress(s.messages, span_state(s.messages))
    assert done.decisions == ("We must keep the next_update expiry rather than a fixed TTL.",)


def test_a_changed_files_why_is_the_assistants_last_word_on_it() -> None:
    from working_memory.compaction import ExtractiveCompactor

    s = Script("You are a coding agent.")
    s.user("The live build log arrives in bursts; fix it.")
    s.call("edit_file", "Edited src/app.ts", path="src/app.ts", old="a", new="b")
    s.say("Next I'll check the route in src/app.ts again.")
    s.say("customTypes in src/app.ts no longer matches text/event-stream, so nothing gzips it.")
    # what became of a design, not why the file changed
    s.say("Removing src/gz.ts and restoring src/app.ts from the first attempt's backup.")
    s.call("write_file", "Wrote src/gz.ts", path="src/gz.ts", content="x")
    s.call("run", "", command="rm src/gz.ts")
    s.say("Deleted src/gz.ts, which flushed gzip after every event.")
    done = progress(s.messages, span_state(s.messages))
    assert done.why == {
        "src/app.ts": "customTypes in src/app.ts no longer matches text/event-stream, so nothing "
        "gzips it."
    }, done.why  # not the step it announced, nor the file removed since
    summary = ExtractiveCompactor(word_limit=400).compact(s.messages).summary or ""
    files = next(ln for ln in summary.splitlines() if ln.startswith("Files changed: "))
    assert "src/app.ts (edited; customTypes in src/app.ts no longer matches" in files, files


def test_a_loggers_date_and_process_id_do_not_make_another_error() -> None:
    # (a line long enough to be clipped: its ending is no longer in the re-run's output)
    said = (
        'The "data" argument must be of type string or an instance of Buffer, TypedArray, or '
        "DataView. Received undefined"
    )
    nest = (
        f"[Nest] {{pid}}  - 11/18/2026, {{time}} AM   ERROR [ExceptionsHandler] {said}\n"
        f"TypeError [ERR_INVALID_ARG_TYPE]: {said}\n    at Hmac.update (node:internal/crypto)\n"
    )
    s = Script("You are a coding agent.")
    s.user("Signed webhooks are rejected; fix it.")
    s.call("run", nest.format(pid=48211, time="10:42:07"), command="npm run test:e2e")
    s.call(
        "run",
        nest.format(pid=48790, time="10:44:31"),
        command="rm -rf dist && npx jest --clearCache && npm run test:e2e",
    )
    s.call("edit_file", "Edited src/setup-app.ts", path="src/setup-app.ts", old="a", new="b")
    s.call("run", "Tests: 148 passed, 148 total", command="npm run test:e2e")
    state = span_state(s.messages)
    assert len(state.errors) == 1, state.errors
    done = progress(s.messages, state)
    assert len(done.fixes) == 1 and "src/setup-app.ts" in done.fixes[0].change, done.fixes
    assert done.fixes[0].tried, done.fixes[0]  # the clean re-run did not help


def test_a_name_in_an_import_list_is_no_error() -> None:
    source = "import {\n  Injectable,\n  UnauthorizedException,\n} from '@nestjs/common';\n"
    assert error_line(source, shell=True) is None


def test_what_a_decision_rules_out_is_the_design_proposed_not_the_problem_told_before_it() -> None:
    from working_memory.compaction import ExtractiveCompactor

    s = Script("You are a coding agent.")
    s.user("The gateway crashes with concurrent map read and map write; fix it in store.go.")
    s.say(
        "The race is on the tenants map: Reload swaps it while Lookup reads it on the lookup "
        "path, the approach the old dispatcher took too. "
        "Plan: a small generic guardedMap, a map behind a sync.RWMutex, for the tenants."
    )
    s.call("edit_file", "ok", path="internal/tenants/guarded.go", old="", new="type guardedMap")
    s.user(
        "No RWMutex on the lookup path, it races nothing the tenants map needs. Reload doesn't "
        "need to touch what the readers hold: build a new snapshot and swap it in with an "
        "atomic.Pointer. Delete guarded.go first."
    )
    s.call("run_command", "", command="rm internal/tenants/guarded.go")
    s.call("edit_file", "ok", path="internal/tenants/store.go", old="mu sync.Mutex",
           new="snap atomic.Pointer[Snapshot]")  # fmt: skip
    s.user("Good. Now run go test -race ./internal/tenants/ and push.")
    summary = ExtractiveCompactor(word_limit=120).compact(s.messages).summary or ""
    decided = next(ln for ln in summary.splitlines() if ln.startswith("Decision (the user's): "))
    assert "It rules out: Plan: a small generic guardedMap" in decided, decided


@pytest.mark.parametrize(
    ("command", "step", "tests"),
    [
        ("./mvnw -pl catalog-service test", "$ ./mvnw test", True),
        ("./mvnw -pl catalog-service clean test", "$ ./mvnw test", True),
        ("./mvnw -q verify", "$ ./mvnw verify", True),
        ("./mvnw -q -pl catalog-service help:effective-pom", "$ ./mvnw help:effective-pom", False),
        ("./gradlew -p app test --tests X", "$ ./gradlew test", True),
        ("pytest -p no:cacheprovider tests/a.py", "$ pytest tests/a.py", True),
    ],
)
def test_a_build_tools_goals_come_after_its_flags_values(
    command: str, step: str, tests: bool
) -> None:
    from working_memory.compaction._span_state import Call, runs_tests, step_key

    assert (
        step_key(Call(0, "run_command", {"command": command}, "$ " + command, None, None)) == step
    )
    assert runs_tests(command) is tests


@pytest.mark.parametrize(
    ("output", "outcome"),
    [
        # a commit chained after the tests counts no outcome of theirs
        ("00:21 +214: All tests passed!\n[fix/x 7be20f4] Fix it\n 5 files changed, 91 insertions(+)",
         "00:21 +214: All tests passed!"),
        ("00:06 +7 -4: Some tests failed.", "00:06 +7 -4: Some tests failed."),
        # a commit alone: its stat is what it did
        ("[main 5c2e8a1] x\n 3 files changed, 80 insertions(+)", "3 files changed, 80 insertions(+)"),
    ],
)  # fmt: skip
def test_dart_tests_outcome_and_a_commits_stat(output: str, outcome: str) -> None:
    from working_memory.compaction._span_state import outcome_line

    assert outcome_line(output) == outcome


def test_a_clean_rerun_that_fails_with_other_counts_did_not_help() -> None:
    s = Script("You are Codex.")
    s.user("Ids made in one millisecond sort at random; fix Uuid7Generator.")
    fail = "AssertionFailedError: {} of 400000 ids sort before the id their thread made just before"
    s.call(
        "shell", f"> Task :test FAILED\n{fail.format(3)}", command="./gradlew test --console=plain"
    )
    s.call("shell", f"> Task :test FAILED\n{fail.format(5)}",
           command="./gradlew clean test --no-build-cache --console=plain")  # fmt: skip
    s.call("apply_patch", "Success.", input="*** Begin Patch\n*** Update File: src/Uuid7Generator.java\n"
           "+    private final Object lock = new Object();\n*** End Patch")  # fmt: skip
    s.call(
        "shell",
        "BUILD SUCCESSFUL in 9s\n61 tests completed",
        command="./gradlew test --console=plain",
    )
    done = progress(s.messages, span_state(s.messages))
    assert len(done.fixes) == 1, done.fixes  # one error, not one per count
    fix = done.fixes[0]
    assert "Uuid7Generator.java" in fix.change and "lock" in fix.change, fix
    assert fix.tried == ("$ ./gradlew clean test --no-build-cache --console=plain",), fix.tried


@pytest.mark.parametrize(
    ("output", "error"),
    [
        # munit's failing test under sbt: the exception's package no longer hides its name
        ("com.x.StreamIT:\n==> X com.x.StreamIT.beforeAll  1.184s org.flywaydb.core.api."
         "exception.FlywayValidateException: Validate failed\n[error] Failed: Total 1, Failed 1",
         "FlywayValidateException"),
        # GHC's runtime giving up: its line ends with a semicolon, as a line of source does
        ("lines 2000000\n---\nlogtally: Heap exhausted;\nlogtally: Current maximum heap size "
         "is 536870912 bytes (512 MB).\nexit 251", "Heap exhausted"),
        ("java.lang.IllegalStateException: pool closed", "IllegalStateException"),
    ],
)  # fmt: skip
def test_errors_of_sbt_and_ghc_are_read(output: str, error: str) -> None:
    assert error in (error_line(output, shell=True) or "")


def test_sbt_counts_are_the_outcome_not_the_commit_chained_after() -> None:
    s = Script("You are a coding agent.")
    s.user("Make the consumer commit after it writes.")
    s.call("edit_file", "ok", path="src/Stream.scala", old="a", new="b")
    s.call(
        "run",
        "[info] Passed: Total 86, Failed 0, Errors 0, Passed 86\n[success] Total time: 9 s\n---\n"
        "[main 9c3f0d2] commit after\n 3 files changed, 41 insertions(+), 14 deletions(-)",
        command="sbt test && echo --- && git commit -am 'commit after'",
    )
    done = progress(s.messages, span_state(s.messages))
    assert "Passed: Total 86" in (done.current or ""), done.current
    assert "files changed" not in (done.current or ""), done.current


def _flyway() -> Script:
    failed = (
        "==> X a.StreamIT.beforeAll  1.1s org.flywaydb.core.api.exception."
        "FlywayValidateException: Validate failed: applied migration not resolved locally: 42\n"
        "[error] Failed: Total 1, Failed 1, Errors 0, Passed 0"
    )
    s = Script("You are a coding agent.")
    s.user("Fix the integration tests.")
    s.call("edit_file", "ok", path="src/Stream.scala", old="a", new="b")
    s.call("run", failed, command="sbt it/test")
    s.call("run", "[success]\n" + failed, command="sbt clean && rm -rf target && sbt it/test")
    s.say("The it database's volume still has migration 42 from the first design.")
    s.call(
        "run",
        "Volume removed\n[info] Passed: Total 15, Failed 0, Errors 0, Passed 15",
        command="docker compose -f it.yml down -v && docker compose -f it.yml up -d --wait "
        "&& sbt it/test",
    )
    return s


def test_the_set_up_chained_before_the_passing_rerun_is_the_fix() -> None:
    """`docker compose down -v && up && sbt it/test`: the re-run only showed what the set-up
    changed; the clean re-run before it did not help."""
    s = _flyway()
    done = progress(s.messages, span_state(s.messages))
    [fix] = done.fixes
    assert "FlywayValidateException" in fix.error
    assert fix.change.startswith("$ docker compose -f it.yml down -v"), fix.change
    assert "sbt clean" not in fix.change and any("sbt clean" in t for t in fix.tried), fix
    assert fix.why and "volume" in fix.why


def test_a_fix_undone_since_gives_way_to_the_one_that_stands() -> None:
    """The heap ran out; a streaming design (a new file) made it stop, was turned down and
    taken out; the strict fold ran out again and a copied key fixed it: one error, one fix."""
    heap = "logtally: Heap exhausted;\nlogtally: Current maximum heap size is 536870912 bytes."
    s = Script("You are a coding agent.")
    s.user("logtally runs out of memory on big logs; it must run under +RTS -M512m.")
    s.call("run", heap, command="logtally summarize big.log +RTS -M512m")
    s.call("write_file", "ok", path="src/Stream.hs", content="module Stream")
    s.call("edit_file", "ok", path="src/Aggregate.hs", old="a", new="b")
    s.call("run", "done", command="logtally summarize big.log +RTS -M512m")
    s.user("No conduit. Fix the fold where it is.")
    s.call("run", "", command="rm src/Stream.hs && git checkout -- src/Aggregate.hs")
    s.call("edit_file", "ok", path="src/Aggregate.hs", old="foldl", new="foldl'")
    s.call("run", heap, command="logtally summarize big.log +RTS -M512m")
    s.call("edit_file", "ok", path="src/Parse.hs", old="client", new="BS.copy client")
    s.call("run", "done", command="logtally summarize big.log +RTS -M512m")
    done = progress(s.messages, span_state(s.messages))
    assert [f.change for f in done.fixes if "Heap exhausted" in f.error] == [
        f.change for f in done.fixes
    ]
    assert len(done.fixes) == 1 and "src/Parse.hs" in done.fixes[0].change, done.fixes


def test_an_error_that_went_with_a_design_dropped_says_so() -> None:
    """Nine tests broke under a global registry (a new module); the user turned it down, the
    module was deleted and the files put back; the per-document counter came after: the
    error went with the registry, the counter did not fix it."""
    s = Script("You are a coding agent.")
    s.user("Repeated headings get the same anchor; give them -1, -2 suffixes.")
    s.call("write_file", "ok", path="pkg/_registry.py", content="SEEN = {}")
    s.call("edit_file", "ok", path="pkg/headings.py", old="a", new="b")
    s.call("run", "E AssertionError: assert ['intro-2'] == ['intro']\n1 failed", command="pytest")
    s.user("No global registry, please, and no new module.")
    s.call("run", "", command="rm pkg/_registry.py && git checkout -- pkg/headings.py")
    s.call("edit_file", "ok", path="pkg/headings.py", old="a", new="seen = {}")
    s.call("run", "12 passed in 0.1s", command="pytest")
    done = progress(s.messages, span_state(s.messages))
    [fix] = done.fixes
    assert fix.change.startswith("dropping that design"), fix.change
    assert "pkg/_registry.py" in fix.change


def test_an_error_from_before_a_design_dropped_is_fixed_by_the_change_that_stands() -> None:
    """The pool ran dry before a reaper was tried; the reaper (a new file) went, the lazy
    rows were realised inside the transaction and the pool held: that change is the fix, not
    dropping the reaper."""
    dry = "SQLTransientConnectionException: HikariPool-1 - Connection is not available"
    s = Script("You are a coding agent.")
    s.user("The reports pods stop answering after a few hours; find the connection leak.")
    s.call("run", dry, command="bin/load-test")
    s.call("write_file", "ok", path="src/leak_reaper.clj", content="(ns reaper)")
    s.call("edit_file", "ok", path="src/db.clj", old="a", new="b")
    s.user("No. A reaper hides the bug. Realise the statement inside the transaction.")
    s.call("run", "", command="rm src/leak_reaper.clj && git checkout -- src/db.clj")
    s.call("edit_file", "ok", path="src/statements.clj", old="for", new="into []")
    s.call("run", "200 requests, active=0", command="bin/load-test")
    done = progress(s.messages, span_state(s.messages))
    [fix] = done.fixes
    assert "src/statements.clj" in fix.change and "dropping" not in fix.change, fix.change


@pytest.mark.parametrize(
    ("command", "output", "error"),
    [
        # a file's text printed: its `throw new ...Exception(` is code, not a failure
        ("cat src/Handler.php; echo ---; git log --oneline -2",
         "<?php\n    ?? throw new UnrecoverableMessageHandlingException(\n", None),
        # a production log grepped: its errors are the evidence, not this session's runs
        ("grep -h 'failure transport' var/worker-1.log | cut -c1-400",
         "messenger.WARNING: Error thrown while handling message App\\Message\\X.", None),
        # a look's own failure still is one
        ("cat config/missing.yaml",
         "cat: config/missing.yaml: No such file or directory\nExit code 1",
         "No such file or directory"),
        # PHP's namespaced exception over phpunit's count of errors
        ("bin/phpunit",
         "There were 6 errors:\n\n1) App\\Tests\\HandlerTest::testDuplicate\nDoctrine\\DBAL\\"
         "Exception\\DriverException: An exception occurred: SQLSTATE[42P10]\n", "42P10"),
    ],
)  # fmt: skip
def test_what_a_look_printed_is_no_error_of_the_work(
    command: str, output: str, error: str | None
) -> None:
    s = Script("You are a coding agent.")
    s.user("Look into it.")
    s.call("shell", output, command=command)
    errors = span_state(s.messages).errors
    if error is None:
        assert errors == (), errors
    else:
        assert errors and error in errors[0].message, errors


@pytest.mark.parametrize(
    "head",
    ["Ines Carvalho reviewed #447:", "Ines Carvalho's review of #447:", "Priya reviewed #318:"],
)
def test_a_review_passed_on_by_a_name_of_two_words_is_a_review(head: str) -> None:
    from working_memory.compaction._progress import REVIEW_HEAD

    assert REVIEW_HEAD.search(f"{head}\n1. The reopen has to go.\n2. Why not doall?")


def test_kaochas_labelled_exception_is_the_error() -> None:
    out = (
        "ERROR in unit (system.clj:1)\nException: clojure.lang.Compiler$CompilerException: "
        "Syntax error compiling at (tally/system.clj:1:1).\n"
    )
    assert "Syntax error compiling" in (error_line(out, shell=True) or "")


def test_a_rerun_with_one_failure_where_there_were_two_still_fails() -> None:
    """`188 tests, 2 failures`, then after `mix clean && rm -rf _build deps` `188 tests, 1
    failure` (the other test, by seed): the clean build did not help; the template's change
    after it did."""
    s = Script("You are a coding agent.")
    s.user("The board says 5 people are here when 2 are; fix the count.")
    s.call("edit_file", "ok", path="lib/board_live.ex", old="a", new="b")
    s.call("run", "188 tests, 2 failures", command="mix test")
    s.call("run", "188 tests, 1 failure", command="mix clean && rm -rf _build deps && mix test")
    s.call("edit_file", "ok", path="lib/board_live.html.heex", old="a", new="data-count")
    s.call("run", "188 tests, 0 failures", command="mix test")
    done = progress(s.messages, span_state(s.messages))
    assert done.fixes and "board_live.html.heex" in done.fixes[0].change, done.fixes
    assert any("mix clean" in t for t in done.fixes[0].tried), done.fixes[0]


def test_a_folder_removed_takes_the_files_written_under_it() -> None:
    s = Script("You are a coding agent.")
    s.user("Stop the export from running twice.")
    s.call("write_file", "ok", path="src/Export/Locking/SqlAppLock.cs", content="class A {}")
    s.call("write_file", "ok", path="src/Export/Locking/JobLock.cs", content="class B {}")
    s.user("No, no lock service. Use PeriodicTimer in ExportWorker.ExecuteAsync.")
    s.call("run", "", command="rm -r src/Export/Locking")
    s.call("edit_file", "ok", path="src/Export/ExportWorker.cs", old="Timer", new="PeriodicTimer")
    done = progress(s.messages, span_state(s.messages))
    assert {"src/Export/Locking/SqlAppLock.cs", "src/Export/Locking/JobLock.cs"} <= done.removed


def test_a_review_passed_on_inside_a_sentence_is_a_review() -> None:
    from working_memory.compaction._progress import REVIEW_HEAD

    said = "I pushed your branch as PR #321 and @ines-hartmann reviewed it. Her points:\n> 1. x"
    assert REVIEW_HEAD.search(said)
    assert not REVIEW_HEAD.search("The tests still fail after you reviewed it.")


def test_the_users_own_answered_and_the_ask_in_their_answer() -> None:
    """ "Answered on the PR: ..." is answered; a point whose fix and test are in, with the
    user's "And add an entry to CHANGELOG.md" undone, is half done, and that is the step."""
    s = Script("You are a coding agent.")
    s.user("Full jitter sleeps past max_delay; fix compute_delay.")
    s.call("edit_file", "ok", path="backstep/backoff.py", old="a", new="b")
    s.call("run", "190 passed in 2.0s", command="pytest -q")
    s.user(
        "@ines reviewed it. Her points, and my answers:\n\n"
        "> 1. Why not min(delay, max_delay) after the jitter?\n\n"
        "Answered on the PR: that is the clamp you tried first. No change.\n\n"
        "> 2. The property tests stop at attempt 20, and attempt 1025 raises OverflowError "
        "in compute_delay. Draw attempts up to 10_000 and fix the overflow.\n\n"
        "Yes: fix it, with a test. And add an entry to CHANGELOG.md under ## Unreleased."
    )
    s.call(
        "run",
        "ok",
        command="sed -i 's/st.integers(1, 20)/st.integers(1, 10_000)/' tests/test_jitter.py",
    )
    s.call(
        "edit_file",
        "ok",
        path="backstep/backoff.py",
        old="raw = x",
        new="try: raw = x\nexcept OverflowError: raw = math.inf  # compute_delay",
    )
    s.call("run", "195 passed in 2.1s", command="pytest -q")
    listed = progress(s.messages, span_state(s.messages)).points
    assert listed is not None
    status = {p.number: p.status for p in listed.points}
    assert status[1] == "answered in a comment", status
    assert status[2].endswith("CHANGELOG.md not yet changed"), status


def test_a_step_for_a_point_the_user_says_is_done_and_an_ask_after_its_file() -> None:
    """ "Next I'll change _strip_bom ..." for a point the user answered "That's already the
    case: _strip_bom only looks at header[0]" is stale; "docs/encodings.md still says ...:
    update it" (the file first, the verb after) is undone, and that is the step."""
    s = Script("You are a coding agent.")
    s.user("Excel's CSV UTF-8 exports fail with MissingColumnError for 'id'; fix the reader.")
    s.call("edit_file", "ok", path="sheetrows/reader.py", old="a", new="utf-8-sig _strip_bom")
    s.call("run", "204 passed in 2.0s", command="pytest -q")
    s.user(
        "@tomasz reviewed PR #321. His points, and my answers:\n\n"
        "> 1. For file objects only the first header name may lose the BOM.\n\n"
        "That's already the case: _strip_bom only looks at header[0]. Nothing to do.\n\n"
        '> 2. An explicit encoding must still work: add a test that encoding="cp1252" still '
        "reads a Windows-1252 export. And docs/encodings.md still says the default is "
        '"utf-8": update it.\n\n'
        "Still to do: the test first, then the docs."
    )
    s.call("edit_file", "ok", path="tests/test_reader.py", old="a", new='encoding="cp1252"')
    s.call("run", "210 passed in 2.1s", command="pytest -q")
    s.say("Next I'll change _strip_bom so that it strips the BOM from the first header only.")
    done = progress(s.messages, span_state(s.messages))
    assert done.points is not None
    status = {p.number: p.status for p in done.points.points}
    assert status[2].endswith("docs/encodings.md not yet changed"), status
    assert done.next_step and "docs/encodings.md" in done.next_step, done.next_step
    assert "_strip_bom" not in done.next_step


def test_a_file_renamed_is_listed_under_its_new_name() -> None:
    from working_memory.compaction import ExtractiveCompactor

    s = Script("You are a coding agent.")
    s.user("Make the invoice columns timestamptz.")
    s.call("write_file", "ok", path="db/migration/V47_tz.sql", content="alter table x")
    s.call("run", "renamed", command="git mv db/migration/V47_tz.sql db/migration/V47__tz.sql")
    summary = ExtractiveCompactor(word_limit=300).compact(s.messages).summary or ""
    assert "renamed to db/migration/V47__tz.sql" in summary, summary


def test_a_check_chained_before_the_passing_run_is_no_set_up() -> None:
    """`go vet ./... && go test ./...` after a failure: vet changes nothing, so it is not what
    made the error stop."""
    s = Script("You are a coding agent.")
    s.user("Fix the leak test.")
    s.call(
        "run",
        "--- FAIL: TestLeak (3.0s)\n    goroutines: 18046",
        command="go test ./internal/quote/",
    )
    s.call(
        "run", "ok  \tx/internal/quote\t1.2s", command="go vet ./... && go test ./internal/quote/"
    )
    done = progress(s.messages, span_state(s.messages))
    [fix] = done.fixes
    assert fix.change.startswith("re-running"), fix.change  # no change between, vet is none


def test_a_runs_own_outcome_not_an_earlier_runs_of_the_command_it_ends_with() -> None:
    """`sed -i ... && npx vitest run` passed; the earlier `npx vitest run` failed: the state
    is the passing run's, not "failed: TypeError"."""
    s = Script("You are a coding agent.")
    s.user("Keep the reply draft when the agent switches tickets.")
    s.call("edit_file", "ok", path="src/stores/drafts.ts", old="a", new="b")
    s.call(
        "run",
        "FAIL  x.spec.ts\nTypeError: onBeforeRouteLeave is not a function\n"
        "Tests  9 failed | 607 passed (616)",
        command="npx vitest run",
    )
    s.call("edit_file", "ok", path="__mocks__/vue-router.ts", old="a", new="onBeforeRouteLeave")
    s.call(
        "run",
        "Tests  616 passed (616)",
        command="sed -i 's/^beforeEach/beforeEach/' vitest.setup.ts && npx vitest run",
    )
    done = progress(s.messages, span_state(s.messages))
    assert "616 passed" in (done.current or ""), done.current
    assert "TypeError" not in (done.current or ""), done.current


@pytest.mark.parametrize(
    "line",
    ["from fastapi import APIRouter, Depends, HTTPException, Response",
     'raise HTTPException(status_code=404, detail="statement not found")'],
)  # fmt: skip
def test_a_line_of_source_naming_an_exception_is_no_error(line: str) -> None:
    assert error_line(f"{line}\n", shell=True) is None
