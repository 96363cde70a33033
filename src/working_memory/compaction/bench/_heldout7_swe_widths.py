"""Held out, seventh set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent: tables misalign with CJK and combining
accents because cell widths are len(); a display_width() in a new tabulyte/_width.py, first
behind an opt-in wide_chars option that the maintainer's review rules out (the option in
tabulyte/__init__.py reverted with git checkout); an AssertionError for a combining mark that
measuring the NFC form did not fix (q + U+0307 has no precomposed form) and counting
combining marks as zero width did; a review with four points, two done, truncation in
tabulyte/trunc.py still cutting by len(), emoji sequences out of scope; reproduce.py still in
the tree; the assistant's last words name the option's removal, done long before."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "tabulyte__tabulyte-212)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nColumns misalign with "
    'CJK and accented text\n\n`tabulate([["東京", 1], ["Paris", 2]], headers=["city", '
    '"n"])` prints the 東京 row two columns too wide: widths are counted with len(), but '
    "East Asian wide characters take two terminal columns. Text with combining accents "
    '("Zoe\\u0301", as macOS types it) comes out one column too narrow.\n</issue>\nMake the '
    "minimal changes to non-test files in /testbed so that the issue is resolved."
)
s.call(
    "search_dir",
    'Found 4 matches for "len(" in /testbed/tabulyte:\n'
    "/testbed/tabulyte/core.py (2 matches)\n/testbed/tabulyte/trunc.py (1 matches)\n"
    "/testbed/tabulyte/__init__.py (1 matches)\n"
    'End of matches for "len(" in /testbed/tabulyte',
    search_term="len(",
    dir="/testbed/tabulyte",
)
s.call(
    "open",
    "[File: /testbed/tabulyte/core.py (96 lines total)]\n(40 more lines above)\n"
    "41:def _render(rows, headers, maxcolwidths=None):\n"
    "42:    cells = [[str(c) for c in row] for row in [headers, *rows]]\n"
    "43:    if maxcolwidths:\n"
    "44:        cells = [[truncate(c, maxcolwidths) for c in row] for row in cells]\n"
    "45:    columns = list(zip(*cells))\n"
    "46:    widths = [max(len(c) for c in col) for col in columns]\n"
    "47:    lines = [_line(row, widths) for row in cells]\n"
    '48:    return "\\n".join([lines[0], _rule(widths), *lines[1:]])\n'
    "(28 more lines below)\n",
    path="/testbed/tabulyte/core.py",
    line_number=46,
)
s.call(
    "goto",
    "[File: /testbed/tabulyte/core.py (96 lines total)]\n(70 more lines above)\n"
    "71:def _pad(cell, width):\n"
    '72:    return cell + " " * (width - len(cell))\n'
    "(24 more lines below)\n",
    line_number=71,
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (3 lines total)]\n1:from tabulyte import tabulate\n"
    '2:print(tabulate([["東京", 1], ["Paris", 2]], headers=["city", "n"]))\n'
    '3:print(tabulate([["Zoe\\u0301", 1], ["Anna", 2]], headers=["name", "n"]))\n',
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "city   n\n-----  -\n東京   1\nParis  2\nname  n\n----  -\nZoé  1\nAnna  2\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    "Reproduced: 東京 is padded to five characters like Paris, but it is four columns wide, so "
    "its row sticks out; Zoé is four characters (the combining acute is one) but three columns. "
    "Plan: a display_width() in a new tabulyte/_width.py using unicodedata.east_asian_width "
    "('W' and 'F' count 2), used for the widths and the padding in core.py. Since that "
    "changes the output for existing users, it goes behind an opt-in wide_chars=False option "
    "on tabulate() in tabulyte/__init__.py."
)
s.call(
    "create",
    "[File: /testbed/tabulyte/_width.py (7 lines total)]\n1:import unicodedata\n2:\n3:\n"
    "4:def display_width(text: str) -> int:\n"
    '5:    """Terminal columns: East Asian wide and fullwidth characters take two."""\n'
    '6:    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1\n'
    "7:               for ch in text)\n",
    filename="/testbed/tabulyte/_width.py",
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/__init__.py (14 lines total)]\n"
    "8:def tabulate(rows, headers=(), maxcolwidths=None, wide_chars=False):\n"
    "9:    return _render(rows, headers, maxcolwidths, wide_chars=wide_chars)\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=8,
    end_line=9,
    replacement_text="def tabulate(rows, headers=(), maxcolwidths=None, wide_chars=False):\n"
    "    return _render(rows, headers, maxcolwidths, wide_chars=wide_chars)\n",
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/core.py (97 lines total)]\n"
    "41:def _render(rows, headers, maxcolwidths=None, wide_chars=False):\n"
    "42:    width_of = display_width if wide_chars else len\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=41,
    end_line=41,
    replacement_text="def _render(rows, headers, maxcolwidths=None, wide_chars=False):\n"
    "    width_of = display_width if wide_chars else len\n",
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/core.py (97 lines total)]\n"
    "47:    widths = [max(width_of(c) for c in col) for col in columns]\n"
    "48:    lines = [_line(row, widths, width_of) for row in cells]\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=47,
    end_line=48,
    replacement_text="    widths = [max(width_of(c) for c in col) for col in columns]\n"
    "    lines = [_line(row, widths, width_of) for row in cells]\n",
)
s.call(
    "bash",
    "city   n\n-----  -\n東京  1\nParis  2\nname  n\n----  -\nZoé  1\nAnna  2\n",
    command='cd /testbed && sed -i \'s/headers=\\["city", "n"\\])/headers=["city", "n"], '
    "wide_chars=True)/' reproduce.py && python reproduce.py",
)
s.user(
    "The maintainer (@hollis) reviewed the approach on the issue:\n"
    "> 1. No wide_chars option. Misaligned output is a bug, not a style choice: tabulate() "
    "must always measure display width.\n"
    '> 2. Combining marks are zero width: "Zoe\\u0301" is three columns, and any mark after '
    "any base letter, precomposed form or not.\n"
    "> 3. maxcolwidths truncation in tabulyte/trunc.py also cuts by len(), so a truncated CJK "
    "cell is still too wide; it must cut by display width and never split a wide character.\n"
    "> 4. Emoji ZWJ sequences and flags: out of scope for this issue, please don't attempt "
    "them.\n"
    "> And don't change the bytes we print: whatever the caller passed is what comes out."
)
s.call(
    "open",
    "[File: /testbed/tabulyte/trunc.py (14 lines total)]\n"
    '1:ELLIPSIS = "…"\n2:\n3:\n4:def truncate(cell: str, maxwidth: int) -> str:\n'
    "5:    if len(cell) <= maxwidth:\n6:        return cell\n"
    "7:    return cell[: maxwidth - 1] + ELLIPSIS\n",
    "Looking at trunc.py for point 3 first.",
    path="/testbed/tabulyte/trunc.py",
)
s.say(
    "truncate() compares len(cell) with maxwidth and slices by characters, so "
    'truncate("東京都庁舎", 5) keeps four wide characters, eight columns plus the ellipsis. '
    "It needs display_width() too, so first the option and display_width() itself."
)
s.call(
    "bash",
    "",
    "No option, then: reverting tabulyte/__init__.py and making core.py always use "
    "display_width().",
    command="cd /testbed && git checkout -- tabulyte/__init__.py",
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/core.py (96 lines total)]\n"
    "41:def _render(rows, headers, maxcolwidths=None):\n"
    "46:    widths = [max(display_width(c) for c in col) for col in columns]\n"
    "47:    lines = [_line(row, widths) for row in cells]\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=41,
    end_line=48,
    replacement_text="def _render(rows, headers, maxcolwidths=None):\n"
    "    cells = [[str(c) for c in row] for row in [headers, *rows]]\n"
    "    if maxcolwidths:\n"
    "        cells = [[truncate(c, maxcolwidths) for c in row] for row in cells]\n"
    "    columns = list(zip(*cells))\n"
    "    widths = [max(display_width(c) for c in col) for col in columns]\n"
    "    lines = [_line(row, widths) for row in cells]\n",
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/core.py (96 lines total)]\n"
    "71:def _pad(cell, width):\n"
    '72:    return cell + " " * (width - display_width(cell))\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=72,
    end_line=72,
    replacement_text='    return cell + " " * (width - display_width(cell))\n',
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (6 lines total)]\n1:from tabulyte import tabulate\n"
    "2:from tabulyte._width import display_width\n"
    '3:print(tabulate([["東京", 1], ["Paris", 2]], headers=["city", "n"]))\n'
    '4:assert display_width("東京") == 4, display_width("東京")\n'
    '5:assert display_width("Zoe\\u0301") == 3, display_width("Zoe\\u0301")\n'
    '6:assert display_width("q\\u0307") == 1, display_width("q\\u0307")\n',
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "city   n\n-----  -\n東京   1\nParis  2\n"
    'Traceback (most recent call last):\n  File "/testbed/reproduce.py", line 5, in <module>\n'
    '    assert display_width("Zoe\\u0301") == 3, display_width("Zoe\\u0301")\n'
    "AssertionError: 4\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    "The CJK row lines up without the option now. The combining acute still counts one. "
    "Measuring the NFC form should fix that: NFC composes e + U+0301 into é, one character, "
    "and the printed cell keeps its bytes because only the measurement is normalized."
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/_width.py (8 lines total)]\n"
    "4:def display_width(text: str) -> int:\n"
    '5:    """Terminal columns: East Asian wide and fullwidth characters take two."""\n'
    '6:    text = unicodedata.normalize("NFC", text)\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=6,
    end_line=6,
    replacement_text='    text = unicodedata.normalize("NFC", text)\n'
    '    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1\n',
)
s.call(
    "bash",
    "city   n\n-----  -\n東京   1\nParis  2\n"
    'Traceback (most recent call last):\n  File "/testbed/reproduce.py", line 6, in <module>\n'
    '    assert display_width("q\\u0307") == 1, display_width("q\\u0307")\n'
    "AssertionError: 2\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    "Zoé passes, q + U+0307 (combining dot above) does not: q̇ has no precomposed form, so NFC "
    "leaves two code points, which is exactly the maintainer's 'precomposed form or not'. "
    "NFC was the wrong tool. The rule is per code point: unicodedata.combining(ch) is nonzero "
    "for a combining mark, which takes no column. Dropping the normalize() and counting "
    "combining marks as 0."
)
s.call(
    "edit",
    "[File: /testbed/tabulyte/_width.py (12 lines total)]\n"
    "4:def _columns(ch: str) -> int:\n5:    if unicodedata.combining(ch):\n"
    "6:        return 0  # a mark sits on the character before it\n"
    '7:    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1\n8:\n9:\n'
    "10:def display_width(text: str) -> int:\n"
    '11:    """Terminal columns: wide and fullwidth take two, combining marks none."""\n'
    "12:    return sum(_columns(ch) for ch in text)\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=4,
    end_line=8,
    replacement_text="def _columns(ch: str) -> int:\n    if unicodedata.combining(ch):\n"
    "        return 0  # a mark sits on the character before it\n"
    '    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1\n\n\n'
    "def display_width(text: str) -> int:\n"
    '    """Terminal columns: wide and fullwidth take two, combining marks none."""\n'
    "    return sum(_columns(ch) for ch in text)\n",
)
s.call(
    "bash",
    "city   n\n-----  -\n東京   1\nParis  2\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "bash",
    "collected 71 items\n\ntests/test_core.py .......................................  [ 54%]\n"
    "tests/test_trunc.py ................                              [ 77%]\n"
    "tests/test_formats.py ................                            [100%]\n\n"
    "============================== 71 passed in 0.31s ==============================\n",
    command="cd /testbed && python -m pytest tests -q",
)
s.say(
    "All 71 tests pass and the reproduce cases hold (東京, Zoe + U+0301, q + U+0307). Next "
    "I'll remove the wide_chars option from tabulate() so display width is always used."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve tabulyte__tabulyte-212: tables misalign with CJK and accented text "
             "because column widths use len(): East Asian wide characters take two columns, a "
             "combining accent none; minimal changes to non-test files.",
             must=(("misalign", "width", "len()"),
                   ("cjk", "wide", "combining", "東京")),
             partial_means="The misalignment without which characters, or the reverse.",
             wrong="Emoji support; a new output format."),
    Question("latest_request", "What did the user last ask?",
             "The maintainer @hollis: (1) no wide_chars option, always measure display width; "
             "(2) combining marks are zero width, precomposed form or not; (3) truncation in "
             "tabulyte/trunc.py must cut by display width and never split a wide character; (4) "
             "emoji ZWJ sequences and flags out of scope; don't change the printed bytes.",
             must=(("wide_chars", "no option", "always measure"),
                   ("combining", "zero width"), ("trunc", "truncation")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "maintainer", "hollis", "review"),
             partial_means="One or two of the three points to act on.",
             wrong="Adding emoji support; keeping the option.",
             stale_means="The issue alone given as the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Fix truncate() in tabulyte/trunc.py to compare display_width(cell) with maxwidth "
             "and cut by display width without splitting a wide character, then run python -m "
             "pytest tests, remove reproduce.py and submit. The wide_chars option is already "
             "gone (tabulyte/__init__.py reverted).",
             must=(("truncate", "trunc.py"), ("submit", "reproduce.py", "pytest")),
             stale=("remove the wide_chars option", "measuring the nfc form should"),
             partial_means="Says to run the tests or submit without the trunc.py fix.",
             wrong="Emoji sequences; adding an option.",
             stale_means="Says to remove the wide_chars option: tabulyte/__init__.py was "
                         "reverted right after the review."),
    Question("files_edited", "Which files were changed, and why?",
             "tabulyte/_width.py (new: display_width(), wide and fullwidth 2, combining marks "
             "0 via unicodedata.combining); tabulyte/core.py (_render() and _pad() measure with "
             "display_width(), no option). tabulyte/__init__.py got a wide_chars option, "
             "reverted with git checkout; reproduce.py is a scratch script still to delete.",
             must=(("_width.py",), ("core.py",)),
             stale=("tabulyte/__init__.py",),
             spread=True,
             partial_means="One of the two.",
             wrong="trunc.py given as already changed.",
             stale_means="tabulyte/__init__.py (the wide_chars option) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Always measure display width with display_width() (wide 'W'/'F' count 2, "
             "combining marks 0, per code point) and print the caller's bytes unchanged; rules "
             "out the opt-in wide_chars option and measuring the NFC form.",
             must=(("display_width", "display width"),
                   ("combining", "zero width", "east_asian_width"),
                   ("wide_chars", "option", "nfc")),
             stale=("behind an opt-in wide_chars", "opt-in wide_chars=false option"),
             partial_means="display_width() without what it rules out.",
             wrong="Emoji-aware widths; NFC as the rule.",
             stale_means="The opt-in wide_chars option given as the design."),
    Question("review", "What did the review find?",
             "@hollis: (1) the wide_chars option is wrong, misalignment is a bug; (2) "
             "combining marks must be zero width; (3) trunc.py's truncation cuts by len(), "
             "too wide for CJK; (4) emoji ZWJ sequences and flags out of scope. (1) and (2) "
             "are done, (3) is not.",
             must=(("wide_chars", "option"), ("combining", "zero width"),
                   ("trunc", "truncat")),
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "caught",
                  "reported", "maintainer", "hollis"),
             partial_means="One or two of the points.",
             wrong="A failing test in the suite (none failed)."),
    Question("corrections", "How did the user correct the agent?",
             "The maintainer ruled out the opt-in wide_chars option (misaligned output is a "
             "bug; tabulate() must always measure display width) and said not to change the "
             "printed bytes.",
             must=(("wide_chars", "option"), ("bug", "always measure", "bytes")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "must", "should", "wants", "keep", "not ", "maintainer", "hollis",
                  "ruled out"),
             partial_means="No option without why, or the reverse.",
             wrong="The combining-mark AssertionError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "reproduce.py's AssertionError: 4 for display_width(\"Zoe\\u0301\") == 3; "
             "measuring the NFC form fixed that case but not q + U+0307 (AssertionError: 2, no "
             "precomposed form); counting combining marks as zero width with "
             "unicodedata.combining() fixed both.",
             must=(("assertionerror", "zoe", "q\\u0307", "u+0307"),
                   ("combining(", "unicodedata.combining", "combining marks as 0",
                    "zero width")),
             stale=("fixed by nfc", "fixed by normalizing", "measuring the nfc form should "
                    "fix"),
             partial_means="The AssertionError without the combining() fix.",
             wrong="A test failure in tests/test_trunc.py.",
             stale_means="The combining-mark error 'fixed' by measuring the NFC form."),
    Question("key_values", "Which key values matter?",
             "Instance tabulyte__tabulyte-212; 71 tests pass; east_asian_width 'W' and 'F' "
             "count 2; 東京 is four columns; truncate(\"東京都庁舎\", 5) gives eight columns plus "
             "the ellipsis.",
             must=(("71",), ("tabulyte__tabulyte-212", "東京都庁舎", "\"w\" and \"f\"",
                             "'w' and 'f'")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "tabulyte/core.py renders the table (_render() widths, _pad()); tabulyte/_width.py "
             "holds display_width(); tabulyte/trunc.py holds truncate() for maxcolwidths; "
             "tabulyte/__init__.py the public tabulate().",
             must=(("core.py",), ("_render", "_pad", "render"),
                   ("trunc.py", "_width.py")),
             partial_means="The files named without what they hold.",
             wrong="trunc.py described as the test file."),
    Question("pending", "What work is still pending?",
             "Fix truncate() in trunc.py to cut by display width; run the tests; delete "
             "reproduce.py; submit.",
             must=(("truncate", "trunc.py"), ("reproduce.py", "submit")),
             partial_means="The trunc.py fix without the clean-up and submit, or the reverse.",
             wrong="Emoji sequences; the wide_chars option."),
    Question("state", "What is the state of the work?",
             "display_width() is used everywhere in core.py, combining marks count 0, and 71 "
             "tests pass; the wide_chars option is reverted; truncation still uses len(); "
             "reproduce.py is still there; not submitted.",
             must=(("71",), ("trunc", "truncat", "not submitted")),
             partial_means="The width fix without what remains.",
             wrong="Says it is submitted, or that the option is still there.",
             stale_means="Says the wide_chars option is still in tabulate()."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
