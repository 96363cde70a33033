"""A review point with no code-like names is matched to the edit that did it by its values,
the file it names and its words in the edit's new text, and never by one shared word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from working_memory.compaction import ExtractiveCompactor
from working_memory.compaction._progress import _is_test_run
from working_memory.compaction._review import Points, points
from working_memory.compaction._span_state import span_calls
from working_memory.compaction.bench._build import Script

_REVIEW = "Ada reviewed it:\n1. {first}\n2. Rename get_user to fetch_user.\nDo both."
_RENAME = ("Edit", {"file_path": "/r/app/users.py", "old_string": "def get_user(uid):",
                    "new_string": "def fetch_user(uid):"})  # fmt: skip
_TESTS = ("Bash", {"command": "pytest -q"}, "12 passed in 0.3s")


def _listed(request: str, calls: Sequence[tuple[Any, ...]] = ()) -> Points:
    """The request's points after a first edit, with `calls` made since it."""
    s = Script("agent")
    s.user("Add retries to the client in app/net.py.")
    s.call("Edit", "updated", file_path="/r/app/net.py", old_string="a", new_string="b")
    s.user(request)
    after = len(s.messages) - 1
    for name, args, *result in calls:
        s.call(name, result[0] if result else "updated", **args)
    listed = points(request, span_calls(s.messages), after, _is_test_run)
    assert listed is not None
    return listed


def _statuses(first: str, calls: list[tuple[Any, ...]]) -> tuple[str, ...]:
    return tuple(p.status for p in _listed(_REVIEW.format(first=first), calls).points)


CASES = [
    # a value swapped in for the old one: done, and tested by the run after it
    ("value swapped in", "The retry count should be 5, not 3.",
     [("Edit", {"file_path": "/r/app/settings.py", "old_string": "RETRIES = 3",
                "new_string": "RETRIES = 5"}), _TESTS, _RENAME],
     ("changed and tested", "changed, not yet tested")),
    # a value word ("sha256") in a Codex patch's added lines, with a word of the ask
    ("value word in a patch", "Use sha256 for the cache key instead.",
     [("apply_patch", {"input": "*** Begin Patch\n*** Update File: app/keys.py\n"
                                "-    return hashlib.md5(raw).hexdigest()\n"
                                "+    return hashlib.sha256(raw).hexdigest()\n*** End Patch"})],
     ("changed, not yet tested", "not started")),
    # the value only in what was read or searched: nothing changed
    ("value only read", "The page size should be 50.",
     [("Read", {"file_path": "/r/app/pages.py"}, "PAGE_SIZE = 50\nLIMIT = 10\n"),
      ("Grep", {"pattern": "50"}, "app/pages.py:1:PAGE_SIZE = 50")],
     ("not started", "not started")),
    # the value in the text an edit took out, or carried along unchanged beside its change
    ("value only removed", "The page size should be 50.",
     [("Edit", {"file_path": "/r/app/pages.py", "old_string": "PAGE_SIZE = 50\nLIMIT = 10",
                "new_string": "LIMIT = 20"}),
      ("Edit", {"file_path": "/r/app/pages.py", "old_string": "TIMEOUT = 50",
                "new_string": "TIMEOUT = 50\nBACKOFF = 2"})],
     ("not started", "not started")),
    # an edit that failed put nothing in
    ("edit failed", "The retry count should be 5, not 3.",
     [("Edit", {"file_path": "/r/app/settings.py", "old_string": "RETRIES = 3",
                "new_string": "RETRIES = 5"},
       "<tool_use_error>String to replace not found in file.</tool_use_error>")],
     ("not started", "not started")),
    # a prose point done through the file it names and a word of it in the new text
    ("file named", "Add a note to the README about the proxy.",
     [("Edit", {"file_path": "/r/README.md", "old_string": "## Setup\n",
                "new_string": "## Setup\n\nBehind a proxy, set HTTPS_PROXY first.\n"}), _RENAME],
     ("changed, not yet tested", "changed, not yet tested")),
    # a whole file written with two of the point's uncommon words
    ("words in a write", "Log a warning when the cache misses.",
     [("Write", {"file_path": "/r/app/cache.py",
                 "content": "def get(key):\n    if key not in store:\n"
                            "        logger.warning('cache miss: %s', key)\n"}), _TESTS],
     ("changed and tested", "not started")),
    # one shared word ("user") in an unrelated edit is chance, not the point done
    ("one common word", "The error message should name the user whose upload failed.",
     [("Edit", {"file_path": "/r/app/users.py", "old_string": "def get_user(uid):",
                "new_string": "def fetch_user(uid):\n    user = db.get(uid)\n"
                              "    if user is None: raise LookupError(uid)"})],
     ("not started", "changed, not yet tested")),
    # the file the point names, edited for something else: one sign, not enough
    ("file alone", "The config loader reads the settings twice.",
     [("Edit", {"file_path": "/r/app/config.py", "old_string": "DEBUG = False",
                "new_string": "DEBUG = True"})],
     ("not started", "not started")),
    # a point with identifiers is still matched by them alone: its value in an edit of
    # another name does not make it changed
    ("identifiers unchanged", "Set max_tries to 5 in app/net.py.",
     [("Edit", {"file_path": "/r/app/net.py", "old_string": "retries = 3",
                "new_string": "retries = 5"})],
     ("not started", "not started")),
    ("identifiers found", "Key the cache on user_id.",
     [("Edit", {"file_path": "/r/app/net.py", "old_string": "_cache[key]",
                "new_string": "_cache[user_id]"}), _TESTS],
     ("changed and tested", "not started")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "calls", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_points_status_comes_from_the_edit_that_did_it(
    first: str, calls: list[tuple[Any, ...]], expected: tuple[str, ...]
) -> None:
    assert _statuses(first, calls) == expected


def test_the_next_step_is_not_a_value_point_already_done() -> None:
    """A point done by a value ("-> agreed, 30 minutes") is not the next step when the
    assistant's own step is one the user turned down beside another point."""
    s = Script("agent")
    s.user("Make reset links in src/reset.js work once.")
    s.call("edit_file", "Edited", path="src/reset.js", old="a", new="pwf: fingerprint(user)")
    s.user(
        "Ravi reviewed it, my answers after the arrows:\n"
        "- 24h is far too long for a reset link -> agreed, 30 minutes.\n"
        "- The reset page leaks the token -> yes, send Referrer-Policy: no-referrer.\n"
        "- The forgot endpoint has no rate limit -> no, nginx already limits it.\n"
        "Do the first two."
    )
    s.call("edit_file", "Edited", path="src/reset.js", old="{ expiresIn: '24h' }",
           new="{ expiresIn: '30m' }")  # fmt: skip
    s.call("run", "Tests: 3 passed, 3 total", command="npx jest")
    s.call("edit_file", "Edited", path="src/routes.js", old="{\n",
           new="{\n  res.set('Referrer-Policy', 'no-referrer');\n")  # fmt: skip
    s.say("Done both. Next I'll add a rate limit to the forgot endpoint so no one is flooded.")
    summary = ExtractiveCompactor(word_limit=300).compact(s.messages).summary or ""
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step"))
    assert "point 2 of the latest request" in step, step
    assert "24h" not in step, step


_OPS = (
    "Bruno commented on the ticket:\n"
    "(1) add a postrotate with systemctl kill -s HUP ingestd.service\n"
    "(2) the daily rotation keeps too few days\n"
    "(3) move config reload to SIGUSR1?\n"
    "(4) rotate by size in-process\n"
    "My take: 1 yes. 2 agreed, keep 30 days. 3 no: keep HUP for both, but log the reload at "
    "info. 4 is OPS-300, later. Then commit and push."
)


def test_points_numbered_in_brackets_with_the_users_answers_by_number_after_them() -> None:
    listed = _listed(_OPS)
    assert [p.number for p in listed.points] == [1, 2, 3, 4]
    answers = [p.answer for p in listed.points]
    assert answers == ["yes.", "agreed, keep 30 days.",
                       "no: keep HUP for both, but log the reload at info.",
                       "is OPS-300, later."]  # fmt: skip
    by = {p.number: p for p in listed.points}
    assert by[4].status == "left as asked"  # put off to a ticket
    # turned down, with something still to do: open, and what to do is the part after "but"
    assert by[3].open and by[3].ask == "log the reload at info", by[3]
    assert listed.closing == ("Then commit and push.",), listed.closing


def test_one_sentence_after_the_list_that_starts_with_a_number_is_not_an_answer() -> None:
    request = _OPS.split("My take:")[0] + "3 tests fail on main already, ignore those."
    listed = _listed(request)
    assert all(p.answer == "" for p in listed.points), listed.points


def test_an_announced_step_the_user_turned_down_by_number_is_no_next_step() -> None:
    s = Script("agent")
    s.user("Make log rotation work without a restart.")
    s.call("Edit", "updated", file_path="/r/logx/file.go", old_string="a", new_string="b")
    s.user(_OPS)
    s.call("Edit", "updated", file_path="/r/deploy/logrotate", old_string="x",
           new_string="postrotate\n  systemctl kill -s HUP ingestd.service\nendscript")  # fmt: skip
    s.say("Next I'll move config reload to SIGUSR1 in cmd/ingestd/main.go.")
    summary = ExtractiveCompactor(word_limit=300).compact(s.messages).summary or ""
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "SIGUSR1" not in step, step
    assert "point " in step, step


def test_an_arrow_between_two_values_is_the_point_not_the_users_answer() -> None:
    request = (
        "Priya reviewed #231:\n1. output the running minor version\n"
        "2. add an allow_major_version_upgrade variable so 15 -> 16 can go through terraform\n"
        "Mine: 1 yes. 2 is INFRA-412, not in this PR."
    )
    by = {p.number: p for p in _listed(request).points}
    assert "15 -> 16" in by[2].text, by[2]
    assert by[2].answer.startswith("is INFRA-412"), by[2]
    assert by[2].status == "left as asked" and by[2].brief_status == "INFRA-412"


_BULLETED = (
    "Dana's review on #588:\n"
    "- 10,000 rows per batch is too many, the replicas fall behind\n"
    "- new invoices are written without account_id. InvoiceBuilder needs to set it\n"
    "- where's the NOT NULL?\n"
    "- the docs page is out of date\n"
    "1: do it. 2: yes, before merge. 3: that's migration 2, next deploy, I've opened LED-77 "
    "for it. 4: I think you already did that, check."
)


def test_bullets_answered_by_number_after_them_are_points_and_a_ticket_puts_one_off() -> None:
    listed = _listed(_BULLETED)
    by = {p.number: p for p in listed.points}
    assert sorted(by) == [1, 2, 3, 4]
    assert by[3].status == "left as asked" and by[3].brief_status == "LED-77", by[3]
    assert by[4].status == "done already", by[4]  # the user thinks it is, nothing to do
    assert by[2].open
    # a short ask ("... needs to set it") comes after what was found
    assert by[2].step.startswith("new invoices are written without account_id"), by[2].step


def test_a_point_whose_names_are_nowhere_is_not_done_by_an_edit_of_another_file() -> None:
    request = (
        "Ines commented on DB-77:\n"
        "(1) the SET search_path in pool.py's init leaks onto whichever server connection "
        "it lands on\n(2) lock.py takes a session lock\n"
        "My take: 1 yes, SET LOCAL inside transaction() in pool.py instead of the init. 2 yes."
    )
    lock = ("apply_patch", {"input": "*** Begin Patch\n*** Update File: app/jobs/lock.py\n"
                                     "+# call inside transaction(): the lock goes with the "
                                     "transaction, on the server connection that took it\n"
                                     "*** End Patch"})  # fmt: skip
    by = {p.number: p for p in _listed(request, [lock]).points}
    assert by[1].status == "not started", by[1]
    # the user's how comes first in the step: the point's own words say what was found
    assert by[1].step.startswith("SET LOCAL inside transaction() in pool.py"), by[1].step


def test_a_point_the_user_asks_to_answer_on_the_pr_is_answered_by_the_comment_posted() -> None:
    request = (
        "Review from Ines on #88:\n1. what happens if the file is truncated while we read it?\n"
        "2. Record<'a> breaks the public API, so this is 0.9.0\n"
        "My take: 1 answer on the PR: we only read closed archive files. 2 yes, bump it."
    )
    comment = ("Bash", {"command": "gh pr comment 88 --body-file /tmp/pr88.md"},
               "https://github.com/o/r/pull/88#issuecomment-1")  # fmt: skip
    by = {p.number: p for p in _listed(request, [comment]).points}
    assert by[1].status == "answered in a comment", by[1]
    assert by[2].status == "not started"


def _status_of(request: str, calls: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    return {p.number: p.status for p in _listed(request, calls).points}


def test_what_a_point_found_is_not_what_it_asks_for() -> None:
    # point 2 describes the old code ("the dedupe key used %v of a float64 ...") and asks for
    # a test that two such events are both forwarded: the edits since for point 1 (cents(),
    # its test) share the finding's words, not the test asked for
    from working_memory.compaction._progress import progress
    from working_memory.compaction._span_state import span_state
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout15-claude-bigids")
    listed = progress(span.messages, span_state(span.messages)).points
    assert listed is not None
    status = {p.number: p.status for p in listed.points}
    assert status == {1: "changed and tested", 2: "not started", 3: "answered in a comment"}


def test_a_failure_reported_is_done_as_the_users_answer_says() -> None:
    request = (
        "Tomasz reviewed #418:\n1. Return 503 with Retry-After: 1 when the retries run out.\n"
        "2. CI: build (windows-latest) fails in ApiFactory.InitializeAsync: no matching "
        "manifest for windows/amd64.\nMy answers: 1, yes. 2, the Windows runners only run "
        "Windows containers: skip the database tests on the windows runner."
    )
    ci = ("Edit", {"file_path": "/r/.github/workflows/ci.yml", "old_string": "dotnet test",
                   "new_string": "dotnet test --filter Category!=Database # windows runner: "
                   "database tests skipped"})  # fmt: skip
    checks = ("Bash", {"command": "git push && gh pr checks 418 --watch"},
              "build (windows-latest)  pass  2m47s")  # fmt: skip
    # the CI checks watched to the end are a test run of the change
    assert _status_of(request, [ci, checks]) == {1: "not started", 2: "changed and tested"}


def test_a_quoted_comments_points_and_one_that_puts_itself_off() -> None:
    request = (
        "The maintainer commented on the issue:\n> Some notes before a PR:\n"
        "> 1. Please don't read the body into memory; use req.GetBody.\n"
        "> 2. Honouring Retry-After would be nice, but it's a separate change: I opened #63.\n"
    )
    assert _status_of(request, []) == {1: "not started", 2: "left as asked"}


def test_a_look_or_a_comment_posted_changes_nothing_and_a_check_is_checked() -> None:
    request = (
        "Dario reviewed #2317:\n1. with sideEffects set, does tokens.css still get into the "
        "build?\n2. moment is still in package.json; remove it so nobody re-imports it.\n"
        "Mine: 1 check it. 2 yes, do it."
    )
    look = ("Bash", {"command": "ls dist/assets/*.css && grep -c -- '--sf-brand' dist/assets/a.css"},
            "dist/assets/a.css\n1")  # fmt: skip
    grep = ("Bash", {"command": "git grep -n moment -- package.json src"},
            'package.json:27:    "moment": "^2.30.1",')  # fmt: skip
    reply = ("Bash", {"command": "gh pr comment 2317 --body 'tokens.css ships; moment stays in "
                      "package.json for now'"}, "https://example.test/c/1")  # fmt: skip
    assert _status_of(request, [look, grep, reply]) == {1: "checked", 2: "not started"}


def test_a_path_in_a_step_is_no_word_of_a_declined_point() -> None:
    from working_memory.compaction._review import declined_step

    listed = _listed(
        "Dario:\n1. remove moment from package.json.\n2. add a size-limit budget for the "
        "account page too.\nMine: 1 yes. 2 is WEB-530, not this PR."
    )
    step = "Next: port src/pages/account/OrderHistory.tsx off moment, then run pnpm size-limit."
    assert not declined_step(step, listed)
    assert declined_step("Next: add the size-limit budget for the account page.", listed)


def test_tell_her_is_answered_by_a_comment_and_not_in_this_pr_puts_a_point_off() -> None:
    request = (
        "Priya reviewed #588:\n1. is there a test that nothing is sent on rollback?\n"
        "2. if RabbitMQ is down when the hook runs, the message is lost.\n"
        "3. an exception from apply_async inside after_commit becomes a 500.\n"
        "My take: 1 you wrote one, check and tell her. 2 is the outbox, SHIP-430, not in this "
        "PR. 3 catch it in the hook and log it."
    )
    reply = ("Bash", {"command": "gh pr comment 588 --body-file /tmp/pr588.md"},
             "https://example.test/c/2")  # fmt: skip
    assert _status_of(request, [reply]) == {
        1: "answered in a comment",
        2: "left as asked",
        3: "not started",
    }


def test_an_announced_step_that_redoes_a_tested_point_gives_way_to_the_open_one() -> None:
    # the last words announce moving getNextValue() out of the channel loop, which point 1's
    # tested edit already did: the open point 4 (a stereo test) is the step
    from working_memory.compaction._progress import progress
    from working_memory.compaction._span_state import span_state
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout16-claude-smoothdrive")
    step = progress(span.messages, span_state(span.messages)).next_step or ""
    assert step.startswith("point 4 of the latest request") and "stereo" in step


def test_a_code_comment_a_point_asks_for_is_no_reply_and_i_think_its_in_check_is_a_check() -> None:
    # "send a `: ping` comment" is a comment in the stream, not one to post on the PR; "I think
    # that's in, check" and a look at the header's name is checked (X-Accel-Buffering is a name)
    request = (
        "Jonas reviewed #214:\n1. set X-Accel-Buffering: no, or nginx buffers the stream\n"
        "2. the ALB's 60 s idle timeout closes a quiet stream; send a `: ping` comment every "
        "15 s\nMine: 1 I think that's in, check. 2 yes, add it."
    )
    look = ("Bash", {"command": "git grep -n X-Accel-Buffering -- src"},
            "src/routes/events.ts:19: reply.header('X-Accel-Buffering', 'no')")  # fmt: skip
    comment = ("Bash", {"command": "gh pr comment 214 --body-file /tmp/pr214.md"},
               "https://github.com/o/r/pull/214#issuecomment-1")  # fmt: skip
    assert _status_of(request, [look, comment]) == {1: "checked", 2: "not started"}


def test_an_announced_step_about_a_point_put_off_in_other_plurals_is_no_next_step() -> None:
    # "a 20k-line file" put off to #58; "a guard above 10000 lines" is that point: its words
    # as singular and plural are the same words
    s = Script("agent")
    s.user("Format on save moves the cursor; fix it in lua/fmt/format.lua.")
    s.call("Edit", "updated", file_path="/r/lua/fmt/apply.lua", old_string="a", new_string="b")
    s.user(
        "Ingrid reviewed #53:\n1. vim.diff on a 20k-line file on every :w, have you measured "
        "it?\n2. Needs a CHANGELOG entry under Unreleased.\nMy take: 1 is #58, after the "
        "release, not in this PR. 2 yes."
    )
    s.say("Now let me add the large-file guard to lua/fmt/apply.lua: above 10000 lines, skip "
          "the diff and replace the whole buffer.")  # fmt: skip
    summary = ExtractiveCompactor(word_limit=300).compact(s.messages).summary or ""
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "large-file" not in step, step
    assert "CHANGELOG" in step, step


def test_the_users_lines_under_quoted_points_answer_them() -> None:
    # a reply on a thread: each point quoted, the user's answer under it
    request = (
        "Ingrid reviewed the patch. Her points, with my answers:\n\n"
        "> 1. Single-quoted values need the same: PASSWORD='p#ss' has to load as p#ss.\n\n"
        "Done already: _split_value handles both quote kinds.\n\n"
        "> 2. Shouldn't an unterminated quote raise ParseError?\n\n"
        "I answered her on the thread: no. 1.x stays lenient.\n\n"
        "> 3. Should a # in an unquoted value need whitespace before it?\n\n"
        "That changes what existing files load to, so not in this fix. I opened #151 for it.\n\n"
        "> 4. Add a CHANGELOG entry under Unreleased.\n\n"
        "Still to do."
    )
    listed = _listed(request)
    by = {p.number: p for p in listed.points}
    assert by[1].status == "done already" and by[1].answer.startswith("Done already"), by[1]
    assert by[2].status == "answered in a comment", by[2]  # the user answered it
    assert by[3].status == "left as asked", by[3]  # "opened #151", "not in this fix"
    assert by[4].status == "not started" and by[4].answer == "Still to do.", by[4]
    assert not listed.closing, listed.closing  # the answers are no closing asks


@pytest.mark.parametrize(
    "answer",
    ["you did already, it's the .executor(...) line", "should be done already, run() flushes",
     "Done already: both are in."],
)  # fmt: skip
def test_a_point_the_user_says_is_done_already_is_not_open(answer: str) -> None:
    request = f"Ada reviewed it:\n1. Give the cache its own executor.\n2. Add a test.\nMine: 1 {answer}. 2 yes."
    by = {p.number: p for p in _listed(request).points}
    assert by[1].status == "done already" and not by[1].open, by[1]
    assert by[2].open


def test_answers_on_lines_of_their_own_keep_their_later_sentences() -> None:
    # "2: we keep both. Reply that ..." asks for a reply in its second sentence
    request = (
        "Tomasz reviewed #731:\n1. Keep the 10 s timeout.\n2. Why both lifetimes?\n"
        "3. WeatherClient does the same.\n\nMy answers:\n1: should already be in.\n"
        "2: we keep both. Reply that HandlerLifetime only swaps the handler.\n"
        "3: yes, in this PR. Make WeatherClient a typed client the same way.\n"
    )
    comment = ("Bash", {"command": "gh pr comment 731 --body-file /tmp/r.md"}, "posted")
    by = {p.number: p for p in _listed(request, [comment]).points}
    assert by[2].answer.endswith("swaps the handler."), by[2]
    assert by[2].status == "answered in a comment", by[2]
    assert by[1].status == "done already", by[1]
    assert "typed client" in by[3].answer and by[3].open, by[3]


def test_put_off_answered_and_done_already_in_the_users_words() -> None:
    request = (
        "Marit reviewed the patch:\n1. The decoder has to belong to the splitter instance.\n"
        "2. Should parse() take an `encoding` option?\n"
        "3. maxLineLength counts UTF-16 units, not bytes.\n4. Log the window.\n\n"
        "1: Already the case: it's a field of LineSplitter.\n"
        "2: I replied on the PR: no. NDJSON is UTF-8.\n"
        "3: True, but changing it changes which files get rejected. I opened #219 for it.\n"
        "4: you did that already, it's the log.info line.\n"
    )
    by = {p.number: p.status for p in _listed(request).points}
    assert by == {
        1: "done already",
        2: "answered in a comment",  # the user replied: "no" does not make it put off
        3: "left as asked",  # "but changing it ..." is no ask: the ticket puts it off
        4: "done already",
    }, by


def test_a_point_that_asks_for_a_test_is_open_until_a_test_file_changes() -> None:
    request = (
        "Marit reviewed it:\n1. Rename get_user to fetch_user.\n"
        "2. Please test that a lone 0xFF comes out as U+FFFD, and add an Encoding section to "
        "the README.\n2: the README first, then the test. 1: yes."
    )
    readme = ("Edit", {"file_path": "/r/README.md", "old_string": "## API",
                       "new_string": "## Encoding\n\nA lone 0xFF comes out as U+FFFD.\n\n## API"})  # fmt: skip
    listed = _listed(request, [readme, _TESTS])
    second = listed.points[1]
    assert second.status == "changed, the test not written" and second.open, second
    assert second.test_ask == "Please test that a lone 0xFF comes out as U+FFFD", second.test_ask
    test = ("Edit", {"file_path": "/r/test/split.test.ts", "old_string": "});",
                     "new_string": "it('0xFF', () => { expect(parse('\\xff')).toBe('U+FFFD'); });"})  # fmt: skip
    assert _listed(request, [readme, test, _TESTS]).points[1].status == "changed and tested"


def test_a_point_whose_test_is_written_and_whose_file_is_not_is_half_done() -> None:
    request = (
        "Sanna reviewed PR #322:\n1. Rename get_user to fetch_user.\n"
        "2. Please add a regression test that formats the dates under a German LC_TIME, and a "
        "changelog entry in CHANGES.rst under Unreleased.\n2: the test first, then CHANGES.rst."
    )
    made = ("create", {"filename": "/testbed/tests/test_http_dates.py"}, "[File: created]")
    second = _listed(request, [made, _TESTS]).points[1]
    assert second.status == "the test written, CHANGES.rst not yet changed", second
    assert second.open and second.left == "a changelog entry in CHANGES.rst under Unreleased"
    assert second.step == "a changelog entry in CHANGES.rst under Unreleased (its test is written)"
    entry = ("edit", {"path": "/testbed/CHANGES.rst", "start_line": 3, "end_line": 3,
                      "replacement_text": "- Cookie dates are English whatever LC_TIME says."}, "ok")  # fmt: skip
    done = _listed(request, [made, entry, _TESTS]).points[1]
    assert done.status == "changed and tested" and not done.open, done


def test_a_point_fixed_whose_docs_file_is_untouched_is_half_done() -> None:
    request = (
        "Ngozi reviewed PR #409:\n1. Rename get_user to fetch_user.\n"
        "2. Adding a difference back gives -245.65 degC, because __add__ converts the delta as a "
        "temperature. Fix it, with a test, and update the example in docs/offset-units.md, which "
        "still shows the old result.\n1: yes.\n2: the __add__ fix and its test first, then the "
        "docs."
    )
    fix = ("Edit", {"file_path": "/r/measurand/quantity.py", "old_string": "return self._add(o)",
                    "new_string": "return self._add(o.to(self.units.delta))  # __add__: by scale"})  # fmt: skip
    test = ("Edit", {"file_path": "/r/tests/test_offset.py", "old_string": "# end",
                     "new_string": "def test_adding_a_difference(): ...\n# end"})  # fmt: skip
    second = _listed(request, [fix, test, _TESTS]).points[1]
    assert second.status == "changed and tested, docs/offset-units.md not yet changed", second
    assert second.open and second.step.startswith("update the example in docs/offset-units.md")
    assert second.step.endswith("(the rest is done)"), second.step
    docs = ("Edit", {"file_path": "/r/docs/offset-units.md", "old_string": "<Quantity(7.5, 'degC')>",
                     "new_string": "<Quantity(7.5, 'delta_degC')>"})  # fmt: skip
    done = _listed(request, [fix, test, docs, _TESTS]).points[1]
    assert done.status == "changed and tested" and not done.open, done


_DAGNY = (
    "Dagny reviewed #2207:\n"
    "1. supervisor SIGKILLs after stopwaitsecs, which is 10 in queue-worker.conf.\n"
    "2. gateway timeouts (PaymentTimeoutException) aren't recorded either.\n"
    "3. add a command that deletes the extra copies of an import's contacts.\n"
    "My take: 1 you did already, it's stopwaitsecs=660. 2 is PLAT-688, not this PR. 3 yes."
)


@pytest.mark.parametrize(
    "announced",
    [
        # it names the point the user says is done
        "Next, Dagny's 1: I'll raise stopwaitsecs in queue-imports.conf above the timeout.",
        # it does what a point put off to a ticket names in code
        "Next: make the recorder record PaymentTimeoutException as well, with status TIMEOUT.",
    ],
    ids=["names-a-point-done-already", "a-code-name-put-off"],
)
def test_an_announced_step_about_a_point_done_or_put_off_is_no_next_step(announced: str) -> None:
    s = Script("agent")
    s.user("Imports run three times; fix it.")
    s.call("Edit", "updated", file_path="/r/config/queue.php", old_string="a", new_string="b")
    s.user(_DAGNY)
    s.call("Bash", "Tests: 186 passed", command="php artisan test")
    s.say(announced)
    summary = ExtractiveCompactor(word_limit=300).compact(s.messages).summary or ""
    step = next(ln for ln in summary.splitlines() if ln.startswith("Next step:"))
    assert "point 3 of the latest request" in step, step


def test_i_think_its_in_already_check_and_tell_her_is_answered_by_the_comment() -> None:
    request = (
        "Ines reviewed #517:\n1. timingSafeEqual throws on buffers of different lengths.\n"
        "2. rotate the secret.\nMine: 1 I think the guard compares the lengths first already; "
        "check and tell her. 2 yes."
    )
    comment = ("Bash", {"command": "gh pr comment 517 --body-file /tmp/r.md"}, "posted")
    by = {p.number: p.status for p in _listed(request, [comment]).points}
    assert by[1] == "answered in a comment", by
    assert by[2] == "not started", by
