"""SWE-agent: an off-by-one in pagination; a reproduction script created and later
removed, a first fix that broke another test, the real fix, and submission still to do."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("SETTING: You are an autonomous programmer working in a repository at /testbed.")
s.user(
    "<uploaded_files>/testbed</uploaded_files>\nIssue: `paginate(items, page=2, per_page=10)` "
    "returns items 11-21 (eleven items) instead of 11-20. Fix it so each page has at most "
    "per_page items. Do not modify the tests."
)
s.call(
    "str_replace_editor",
    "Here's the result of running `cat -n` on /testbed/pager/core.py:\n"
    "    12\tdef paginate(items, page=1, per_page=20):\n"
    "    13\t    start = (page - 1) * per_page\n    14\t    end = start + per_page + 1\n"
    "    15\t    return items[start:end]\n",
    command="view",
    path="/testbed/pager/core.py",
)
s.call(
    "str_replace_editor",
    "File created successfully at: /testbed/reproduce.py",
    command="create",
    path="/testbed/reproduce.py",
    file_text="from pager.core import paginate\nprint(len(paginate(list(range(100)), 2, 10)))\n",
)
s.call("bash", "11", command="python /testbed/reproduce.py")
s.say(
    "The bug: end = start + per_page + 1. My first thought is to subtract one from start "
    "instead: start = (page - 1) * per_page - 1."
)
s.call(
    "str_replace_editor",
    "The file /testbed/pager/core.py has been edited.",
    command="str_replace",
    path="/testbed/pager/core.py",
    old_str="    start = (page - 1) * per_page\n",
    new_str="    start = (page - 1) * per_page - 1\n",
)
s.call(
    "bash",
    "FAILED tests/test_core.py::test_first_page - AssertionError: assert [99, 0, 1, 2] == "
    "[0, 1, 2]\n1 failed, 17 passed",
    command="cd /testbed && python -m pytest tests/test_core.py -q",
)
s.say(
    "That was wrong: on page 1 start becomes -1 and the slice wraps to the last item. "
    "Reverting start and fixing end instead: end = start + per_page."
)
s.call(
    "str_replace_editor",
    "The file /testbed/pager/core.py has been edited.",
    command="str_replace",
    path="/testbed/pager/core.py",
    old_str="    start = (page - 1) * per_page - 1\n    end = start + per_page + 1\n",
    new_str="    start = (page - 1) * per_page\n    end = start + per_page\n",
)
s.call("bash", "10", command="python /testbed/reproduce.py")
s.call(
    "bash", "18 passed in 0.12s", command="cd /testbed && python -m pytest tests/test_core.py -q"
)
s.call(
    "bash",
    "pager/cli.py:31:    rows = paginate(rows, args.page, args.per_page + 1)\n",
    "Checking whether any caller compensated for the old behaviour.",
    command="grep -rn 'paginate(' /testbed/pager --include=*.py",
)
s.say(
    "pager/cli.py:31 passes per_page + 1, compensating for... no: with the old end it asked "
    "for one more on purpose, to detect whether a next page exists. With the fix it still gets "
    "per_page + 1 items and shows the extra row. It must pass args.per_page and detect the "
    "next page with has_next() instead."
)
s.call(
    "str_replace_editor",
    "The file /testbed/pager/cli.py has been edited.",
    command="str_replace",
    path="/testbed/pager/cli.py",
    old_str="    rows = paginate(rows, args.page, args.per_page + 1)\n",
    new_str="    rows = paginate(rows, args.page, args.per_page)\n",
)
s.call("bash", "", command="rm /testbed/reproduce.py")
s.say(
    "Now I need to make the CLI's 'more results' hint use has_next(rows_total, page, per_page), "
    "which does not exist yet, then run the full test suite and submit."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Fix paginate() returning per_page+1 items (11-21 for page 2); at most per_page per "
             "page; do not modify the tests.",
             must=(("paginate",), ("per_page", "eleven", "11"))),
    Question("latest_request", "What did the user last ask?",
             "The issue itself (the only request): pages of at most per_page items, tests "
             "untouched.", must=(("paginate", "per_page", "page"), ("test",)),
             cue=("issue", "task", "request", "asked", "user", "fix")),
    Question("next_step", "What exactly is the next step?",
             "Write has_next(rows_total, page, per_page) and use it for the CLI's 'more results' "
             "hint; then run the full suite and submit.",
             must=(("has_next",), ("cli", "hint", "more results")),
             stale=("subtract one from start", "start = (page - 1) * per_page - 1")),
    Question("files_edited", "Which files were changed, and why?",
             "pager/core.py (end = start + per_page), pager/cli.py (pass per_page, not "
             "per_page + 1); reproduce.py created and removed.",
             must=(("core.py",), ("cli.py",)), stale=("reproduce.py",), spread=True),
    Question("decisions", "What was decided, and what does it rule out?",
             "Fix end (end = start + per_page), not start: shifting start to -1 wraps the slice "
             "on page 1; the CLI detects a next page with has_next() instead of fetching one "
             "extra row.",
             must=(("end",), ("start",)),
             stale=("start = (page - 1) * per_page - 1",)),
    Question("review", "What did the review find?",
             "Checking callers found pager/cli.py:31 asking for per_page + 1 on purpose, to "
             "detect a next page; with the fix it would show the extra row.",
             must=(("cli.py",), ("per_page + 1", "per_page+1", "extra row", "next page")),
             cue=("found", "caller", "check", "review", "grep", "compensat")),
    Question("corrections", "How did the user correct the agent?",
             "No correction from the user; the agent corrected its own first fix (start - 1).",
             must=(("start",), ("wrong", "wrap", "revert", "-1")),
             cue=("wrong", "revert", "instead", "first", "broke", "correct")),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_first_page AssertionError ([99, 0, 1, 2] == [0, 1, 2]) after the start - 1 "
             "change; fixed by reverting start and setting end = start + per_page.",
             must=(("test_first_page", "assertionerror", "[99"), ("end = start + per_page",
                                                                  "revert", "end")),
             stale=("fixed by: $ cd /testbed && python -m pytest", "fixed by python -m pytest")),
    Question("key_values", "Which key values matter?",
             "page=2, per_page=10 returned 11 items, now 10; 18 tests pass; cli.py line 31.",
             must=(("18",), ("11", "10")), spread=True),
    Question("file_roles", "What is each file for?",
             "pager/core.py holds paginate(); pager/cli.py calls it and prints the 'more "
             "results' hint; reproduce.py was a throwaway reproduction.",
             must=(("core.py",), ("paginate",))),
    Question("pending", "What work is still pending?",
             "has_next() for the CLI hint; full test suite; submit.",
             must=(("has_next",), ("submit", "full test", "test suite"))),
    Question("state", "What is the state of the work?",
             "core.py fixed and tests/test_core.py passes (18); cli.py passes per_page; has_next "
             "not written; not submitted.",
             must=(("pass", "18"), ("has_next", "submit"))),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
