"""Held out: written on 2026-12-02, after the offline handoff was last tuned, by an author who
never ran the handoff (or any summariser) on it. SWE-agent: spaces in a duration parser; an edit
the linter refuses, a first fix (strip all whitespace) that a test proves wrong and the regex fix
that replaced it (not the test run after it), a reproduction script created then deleted, the
review on submit that finds a debug print and a modified test file, and the resubmission still
to do."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "timeparse__timeparse-212)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nparse_duration rejects "
    'spaces between units\n\n`parse_duration("1h 30m")` raises `ValueError: invalid duration '
    "'1h 30m'`, but the README shows `parse_duration(\"2h 15m\")` as an example. Whitespace "
    'between the parts (and around the whole string) should be accepted: "1h 30m" == 5400.\n'
    "</issue>\nMake the minimal changes to non-test files in /testbed so that the issue is "
    "resolved."
)
s.call(
    "find_file",
    'Found 1 matches for "duration.py" in /testbed:\n/testbed/src/timeparse/duration.py',
    file_name="duration.py",
    dir="/testbed",
)
s.call(
    "open",
    "[File: /testbed/src/timeparse/duration.py (19 lines total)]\n"
    '1:import re\n2:\n3:_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}\n'
    '4:_PART = re.compile(r"(\\d+)([dhms])")\n5:\n6:\n'
    "7:def parse_duration(text: str) -> int:\n"
    '8:    """\'1h30m\' -> 5400. Raises ValueError on anything else."""\n'
    "9:    pos = 0\n10:    total = 0\n11:    while pos < len(text):\n"
    "12:        m = _PART.match(text, pos)\n13:        if not m:\n"
    '14:            raise ValueError(f"invalid duration {text!r}")\n'
    "15:        total += int(m.group(1)) * _UNITS[m.group(2)]\n"
    "16:        pos = m.end()\n17:    if not total and not text:\n"
    '18:        raise ValueError("empty duration")\n19:    return total\n',
    path="/testbed/src/timeparse/duration.py",
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (4 lines total)]\n1:from timeparse.duration import "
    'parse_duration\n2:print(parse_duration("1h30m"))\n3:print(parse_duration("1h 30m"))\n'
    '4:print(parse_duration(" 2h 15m "))\n',
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    '5400\nTraceback (most recent call last):\n  File "/testbed/reproduce.py", line 3, in '
    '<module>\n    print(parse_duration("1h 30m"))\n  File '
    '"/testbed/src/timeparse/duration.py", line 14, in parse_duration\n    raise '
    "ValueError(f\"invalid duration {text!r}\")\nValueError: invalid duration '1h 30m'\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    "Reproduced. The simplest fix is to drop all whitespace before parsing: text = "
    're.sub(r"\\s+", "", text) at the top of parse_duration.'
)
s.call(
    "edit",
    "Your proposed edit has introduced new syntax error(s). Please read this error message "
    "carefully and then retry editing the file.\n\nERRORS:\n- E999 IndentationError: unexpected "
    "indent\n\nThis is how your edit would have looked if applied\n"
    '-------------------------------------------------\n8:    """\'1h30m\' -> 5400. Raises '
    'ValueError on anything else."""\n9:        text = re.sub(r"\\s+", "", text)\n'
    "10:    pos = 0\n-------------------------------------------------\n"
    "Your changes have NOT been applied. Please fix your edit command and try again.",
    start_line=9,
    end_line=9,
    replacement_text='        text = re.sub(r"\\s+", "", text)\n    pos = 0\n',
)
s.call(
    "edit",
    "[File: /testbed/src/timeparse/duration.py (20 lines total)]\n"
    '8:    """\'1h30m\' -> 5400. Raises ValueError on anything else."""\n'
    '9:    text = re.sub(r"\\s+", "", text)\n10:    pos = 0\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=9,
    end_line=9,
    replacement_text='    text = re.sub(r"\\s+", "", text)\n    pos = 0\n',
)
s.call("bash", "5400\n5400\n8100\n", command="cd /testbed && python reproduce.py")
s.call(
    "bash",
    "============================= test session starts ==============================\n"
    "collected 31 items\n\ntests/test_duration.py ..........F....................   [100%]\n\n"
    "=================================== FAILURES ===================================\n"
    "_____________________ test_space_inside_number_is_invalid ______________________\n\n"
    "    def test_space_inside_number_is_invalid():\n"
    '        with pytest.raises(ValueError):\n>           parse_duration("1 0m")\n'
    "E           Failed: DID NOT RAISE <class 'ValueError'>\n\n"
    "tests/test_duration.py:41: Failed\n"
    "FAILED tests/test_duration.py::test_space_inside_number_is_invalid - Failed: DID NOT "
    "RAISE <class 'ValueError'>\n========================= 1 failed, 30 passed in 0.09s "
    "=========================\n",
    command="cd /testbed && python -m pytest tests/test_duration.py -q",
)
s.say(
    'Stripping every space was wrong: it turns "1 0m" into "10m", silently accepting a '
    "malformed duration the tests require to be rejected. Whitespace must only be allowed "
    "between parts and around the string. Instead of the re.sub: strip the ends with "
    "text.strip() and let _PART consume trailing whitespace after each part, "
    '_PART = re.compile(r"(\\d+)([dhms])\\s*").'
)
s.call(
    "edit",
    "[File: /testbed/src/timeparse/duration.py (20 lines total)]\n"
    '4:_PART = re.compile(r"(\\d+)([dhms])\\s*")\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=4,
    end_line=4,
    replacement_text='_PART = re.compile(r"(\\d+)([dhms])\\s*")\n',
)
s.call(
    "edit",
    "[File: /testbed/src/timeparse/duration.py (21 lines total)]\n"
    "9:    text = text.strip()\n10:    pos = 0\n11:    total = 0\n"
    "12:    while pos < len(text):\n13:        m = _PART.match(text, pos)\n"
    "14:        print(pos, m)\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=9,
    end_line=13,
    replacement_text="    text = text.strip()\n    pos = 0\n    total = 0\n"
    "    while pos < len(text):\n        m = _PART.match(text, pos)\n        print(pos, m)\n",
)
s.call(
    "bash",
    "0 <re.Match object; span=(0, 2), match='1h'>\n2 <re.Match object; span=(2, 5), "
    "match='30m'>\n5400\n0 <re.Match object; span=(0, 3), match='1h '>\n3 <re.Match object; "
    "span=(3, 6), match='30m'>\n5400\n0 <re.Match object; span=(0, 3), match='2h '>\n3 "
    "<re.Match object; span=(3, 6), match='15m'>\n8100\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "bash",
    "collected 31 items\n\ntests/test_duration.py ...............................  [100%]\n\n"
    "============================== 31 passed in 0.08s ==============================\n",
    command="cd /testbed && python -m pytest tests/test_duration.py -q",
)
s.call(
    "edit",
    "[File: /testbed/tests/test_duration.py (62 lines total)]\n"
    '58:def test_spaces_between_parts():\n59:    assert parse_duration("1h 30m") == 5400\n'
    '60:    assert parse_duration(" 2h 15m ") == 8100\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    'All 31 tests pass and "1 0m" is still rejected. Adding a regression test for the issue.',
    start_line=57,
    end_line=57,
    replacement_text='\ndef test_spaces_between_parts():\n    assert parse_duration("1h 30m") '
    '== 5400\n    assert parse_duration(" 2h 15m ") == 8100\n',
)
s.call(
    "submit",
    "Thank you for your work on this issue. Please carefully follow the steps below to help "
    "review your changes.\n\n1. If you made any changes to your code after running the "
    "reproduction script, please run the reproduction script again.\n  If the reproduction "
    "script is failing, please revisit your changes and make sure they are correct.\n  If you "
    "have already removed your reproduction script, please ignore this step.\n2. Remove your "
    "reproduction script (if you haven't done so already).\n3. If you have modified any TEST "
    "files, please revert them to the state they had before you started fixing the issue.\n  "
    "You can do this with `git checkout -- /path/to/test/file.py`. Use below <diff> to find the "
    "files you need to revert.\n4. Run the submit command again to confirm.\n\nHere is a list of "
    "all of your changes:\n\n<diff>\ndiff --git a/reproduce.py b/reproduce.py\nnew file mode "
    "100644\n+from timeparse.duration import parse_duration\n"
    "diff --git a/src/timeparse/duration.py b/src/timeparse/duration.py\n"
    '-_PART = re.compile(r"(\\d+)([dhms])")\n+_PART = re.compile(r"(\\d+)([dhms])\\s*")\n'
    "+    text = text.strip()\n+        print(pos, m)\n"
    "diff --git a/tests/test_duration.py b/tests/test_duration.py\n"
    "+def test_spaces_between_parts():\n</diff>",
)
s.say(
    "The diff shows three problems: the debug print(pos, m) I left on line 14 of "
    "src/timeparse/duration.py, reproduce.py still present, and my change to "
    "tests/test_duration.py, which must be reverted because test files may not be modified. "
    "Removing the print first."
)
s.call(
    "edit",
    "[File: /testbed/src/timeparse/duration.py (20 lines total)]\n"
    "13:        m = _PART.match(text, pos)\n14:        if not m:\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=13,
    end_line=14,
    replacement_text="        m = _PART.match(text, pos)\n",
)
s.call(
    "bash",
    "",
    command="cd /testbed && git checkout -- tests/test_duration.py && rm reproduce.py",
)
s.say("Let me confirm that the diff now only touches src/timeparse/duration.py:")
s.call(
    "bash",
    " src/timeparse/duration.py | 4 +++-\n 1 file changed, 3 insertions(+), 1 deletion(-)\n",
    command="cd /testbed && git diff --stat",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve the issue that parse_duration rejects spaces between units: \"1h 30m\" "
             "must give 5400 and surrounding whitespace be accepted; minimal changes to non-test "
             "files.",
             must=(("parse_duration",), ("space", "whitespace", "1h 30m")),
             partial_means="parse_duration without the whitespace problem.",
             wrong="Another bug (e.g. fractional units).",
             stale_means=""),
    Question("latest_request", "What did the user last ask?",
             "The issue (the only request): accept whitespace between parts and around the "
             "string, \"1h 30m\" == 5400; change only non-test files.",
             must=(("parse_duration", "whitespace", "space", "1h 30m"),
                   ("5400", "non-test", "test files", "issue")),
             cue=("issue", "task", "request", "asked", "user", "fix", "resolve"),
             partial_means="The parsing change without the constraint or the expected value.",
             wrong="A request not in the span.",
             stale_means=""),
    Question("next_step", "What exactly is the next step?",
             "Run python -m pytest tests/test_duration.py once more (the print removal and "
             "revert came after the last run), then run submit again to confirm.",
             must=(("submit",), ("pytest", "test", "run")),
             stale=("confirm that the diff", "removing the print",
                    "re.sub(r"),
             partial_means="Submit without re-running the tests, or the tests without submit.",
             wrong="More code changes (the fix is done).",
             stale_means="Checking the diff (done: only duration.py), removing the print or "
                         "reproduce.py (done)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/timeparse/duration.py: _PART consumes trailing whitespace (\\s*) and "
             "text.strip(); reproduce.py created then deleted; tests/test_duration.py edited then "
             "reverted with git checkout.",
             must=(("duration.py",), ("whitespace", "strip", "space", "_part")),
             stale=("reproduce.py",),
             partial_means="duration.py without what changed in it.",
             wrong="Any other file as changed.",
             stale_means="reproduce.py or a test added to tests/test_duration.py stated as "
                         "part of the change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Allow whitespace only between parts and around the string: _PART = "
             "(\\d+)([dhms])\\s* plus text.strip(); rules out stripping all whitespace with "
             "re.sub, which turned \"1 0m\" into \"10m\".",
             must=(("between parts", "after each part", "trailing whitespace", "text.strip",
                    "strip()", "([dhms])\\s*"),
                   ("re.sub", "all whitespace", "every space", "1 0m")),
             stale=("text = re.sub(r", "simplest fix is to"),
             partial_means="The regex change without what it rules out.",
             wrong="Another approach.",
             stale_means="Stripping all whitespace stated as the fix."),
    Question("review", "What did the review find?",
             "The review on submit (its diff) showed a leftover debug print(pos, m) in "
             "duration.py, reproduce.py still present, and a modified tests/test_duration.py "
             "to revert.",
             must=(("print", "debug"), ("test_duration.py", "reproduce.py", "test file")),
             cue=("review", "found", "finding", "diff", "showed", "submit"),
             partial_means="One of the three findings.",
             wrong="Findings not in the diff.",
             stale_means=""),
    Question("corrections", "How did the user correct the agent?",
             "No user correction; the submit review told it to revert test files, so the test "
             "it added to tests/test_duration.py was reverted with git checkout. The agent also "
             "corrected its own first fix (stripping all whitespace).",
             must=(("test_duration.py", "test file"), ("revert", "checkout")),
             cue=("revert", "review", "correct", "instead", "wrong", "must", "not "),
             partial_means="Names the test file without the revert.",
             wrong="A user correction that never happened.",
             stale_means="Keeps the added test as part of the fix."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_space_inside_number_is_invalid failed (DID NOT RAISE for \"1 0m\") after the "
             "strip-all fix; fixed by replacing the re.sub with text.strip() and \\s* after each "
             "part in _PART. Also an edit refused for E999 IndentationError, redone with the "
             "right indentation.",
             must=(("test_space_inside_number_is_invalid", "did not raise", "1 0m"),
                   ("text.strip", "strip()", "_part", "between parts", "after each part",
                    "([dhms])\\s*")),
             stale=("fixed by: $ cd /testbed && python -m pytest", "fixed by python -m pytest",
                    "fixed by running pytest", "fixed by: bash", "fixed by: cd /testbed"),
             partial_means="The failure without the fix, or only the IndentationError.",
             wrong="A fix paired with the wrong error.",
             stale_means="The failure 'fixed by' the pytest re-run."),
    Question("key_values", "Which key values matter?",
             "\"1h 30m\" == 5400, \" 2h 15m \" == 8100; 31 tests pass; _PART = "
             "(\\d+)([dhms])\\s*; instance timeparse__timeparse-212.",
             must=(("5400",), ("31", "8100", "timeparse__timeparse-212")), spread=True,
             partial_means="Some values.",
             wrong="Values not in the span.",
             stale_means=""),
    Question("file_roles", "What is each file for?",
             "src/timeparse/duration.py holds parse_duration and _PART; tests/test_duration.py "
             "the tests (not to be modified); reproduce.py was a throwaway reproduction.",
             must=(("duration.py",), ("parse_duration", "_part")),
             partial_means="Files without roles.",
             wrong="Roles swapped.",
             stale_means=""),
    Question("pending", "What work is still pending?",
             "Re-run the tests after the print removal and revert; run submit again to confirm.",
             must=(("submit",), ("test", "pytest", "re-run")),
             partial_means="Submit without the test run, or the reverse.",
             wrong="More code changes.",
             stale_means="Removing the print or reproduce.py, reverting the test (all done)."),
    Question("state", "What is the state of the work?",
             "The fix is in src/timeparse/duration.py and 31 tests passed; the debug print is "
             "removed, the test file reverted and reproduce.py deleted, but the tests were not "
             "re-run after that and the submission is not confirmed.",
             must=(("duration.py", "fix", "31", "pass"),
                   ("not re-run", "not rerun", "not confirmed", "not yet", "not submitted",
                    "submit again", "resubmit")),
             partial_means="Says the fix works without saying the submission is pending.",
             wrong="Says it is submitted.",
             stale_means="States the debug print or the added test as present."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
