"""Held out, fourth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent: version strings compared as strings
("1.10.0" before "1.9.0"); a packaging.version design the maintainer rules out (no
dependencies), with a setup.cfg line it left behind; a ValueError that a reinstall-and-re-run
did not fix and splitting off the prerelease did; reproduce.py created then deleted; the submit
review's diff that shows the forgotten setup.cfg line; a grep that finds the same bug in
ranges.py; the assistant's last words name a re-run of the deleted reproduce.py."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "verlib__verlib-87)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\ncompare() says 1.10.0 is "
    'older than 1.9.0\n\n`compare("1.10.0", "1.9.0")` returns -1, and '
    '`sort_versions(["1.9.0", "1.10.0"])` gives `["1.10.0", "1.9.0"]`. Prereleases are wrong '
    'too: `compare("2.0.0-rc.1", "2.0.0")` returns 1, but a prerelease comes before its '
    "release (SemVer 2.0.0, section 11).\n</issue>\nMake the minimal changes to non-test files "
    "in /testbed so that the issue is resolved."
)
s.call(
    "find_file",
    'Found 1 matches for "compare.py" in /testbed:\n/testbed/src/verlib/compare.py',
    file_name="compare.py",
    dir="/testbed",
)
s.call(
    "open",
    "[File: /testbed/src/verlib/compare.py (15 lines total)]\n"
    '1:"""Compare version strings: compare("1.2.0", "1.10.0") -> -1."""\n2:\n3:\n'
    "4:def parse(text: str) -> tuple[str, ...]:\n"
    '5:    return tuple(text.strip().lstrip("v").split("."))\n6:\n7:\n'
    "8:def compare(a: str, b: str) -> int:\n"
    '9:    """-1, 0 or 1 as a is older than, the same as, or newer than b."""\n'
    "10:    ka, kb = parse(a), parse(b)\n11:    return (ka > kb) - (ka < kb)\n12:\n13:\n"
    "14:def sort_versions(versions: list[str]) -> list[str]:\n"
    "15:    return sorted(versions, key=parse)\n",
    path="/testbed/src/verlib/compare.py",
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (4 lines total)]\n"
    "1:from verlib.compare import compare, sort_versions\n"
    '2:print(compare("1.10.0", "1.9.0"))\n3:print(compare("2.0.0-rc.1", "2.0.0"))\n'
    '4:print(sort_versions(["1.9.0", "1.10.0", "1.10.0-rc.2"]))\n',
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "-1\n1\n['1.10.0', '1.10.0-rc.2', '1.9.0']\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    'Reproduced: parse() returns a tuple of strings, so "10" < "9", and "2.0.0-rc.1" '
    "splits into ('2', '0', '0-rc', '1'), a longer tuple that sorts after ('2', '0', '0'). "
    "Plan: replace parse() with packaging.version.Version, which already implements this "
    "ordering, prereleases included."
)
s.call(
    "edit",
    "[File: /testbed/src/verlib/compare.py (16 lines total)]\n"
    '1:"""Compare version strings: compare("1.2.0", "1.10.0") -> -1."""\n'
    "2:from packaging.version import Version\n3:\n4:\n"
    "5:def parse(text: str) -> Version:\n"
    '6:    return Version(text.strip().lstrip("v"))\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=2,
    end_line=5,
    replacement_text="from packaging.version import Version\n\n\n"
    'def parse(text: str) -> Version:\n    return Version(text.strip().lstrip("v"))\n',
)
s.call(
    "bash",
    'Traceback (most recent call last):\n  File "/testbed/reproduce.py", line 1, in <module>\n'
    "    from verlib.compare import compare, sort_versions\n"
    '  File "/testbed/src/verlib/compare.py", line 2, in <module>\n'
    "    from packaging.version import Version\n"
    "ModuleNotFoundError: No module named 'packaging'\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "edit",
    "[File: /testbed/setup.cfg (14 lines total)]\n9:[options]\n10:package_dir =\n"
    "11:    = src\n12:packages = find:\n13:install_requires =\n14:    packaging>=23.0\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    "packaging is not installed in this environment. Adding it to install_requires in "
    "setup.cfg and installing the package.",
    start_line=13,
    end_line=13,
    replacement_text="install_requires =\n    packaging>=23.0\n",
)
s.call(
    "bash",
    "Obtaining file:///testbed\n  Installing build dependencies ... done\n"
    "ERROR: Could not find a version that satisfies the requirement packaging>=23.0 (from "
    "verlib) (from versions: none)\nERROR: No matching distribution found for packaging>=23.0\n",
    command="cd /testbed && pip install -e .",
)
s.user(
    "A maintainer (@okafor) commented on the issue:\n> Please don't pull in packaging, or any "
    "other dependency. verlib is vendored into our installer's bootstrap, which runs before "
    "anything can be pip-installed; install_requires is empty on purpose. Implement the SemVer "
    "2.0.0 precedence rules in parse() itself: numeric core parts compared as integers, a "
    "prerelease before its release, prerelease identifiers compared numerically when both are "
    "digits, build metadata (+...) ignored. compare() must keep returning -1, 0 or 1."
)
s.call(
    "edit",
    "[File: /testbed/src/verlib/compare.py (15 lines total)]\n"
    '1:"""Compare version strings: compare("1.2.0", "1.10.0") -> -1."""\n2:\n3:\n'
    "4:def parse(text: str) -> tuple[int, ...]:\n"
    '5:    return tuple(int(p) for p in text.strip().lstrip("v").split("."))\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    "No dependency, then. Removing the packaging import and making parse() compare the parts "
    "as integers.",
    start_line=2,
    end_line=6,
    replacement_text="\n\ndef parse(text: str) -> tuple[int, ...]:\n"
    '    return tuple(int(p) for p in text.strip().lstrip("v").split("."))\n',
)
s.call(
    "bash",
    '1\nTraceback (most recent call last):\n  File "/testbed/reproduce.py", line 3, in <module>\n'
    '    print(compare("2.0.0-rc.1", "2.0.0"))\n'
    '  File "/testbed/src/verlib/compare.py", line 10, in compare\n'
    "    ka, kb = parse(a), parse(b)\n"
    '  File "/testbed/src/verlib/compare.py", line 5, in <genexpr>\n'
    '    return tuple(int(p) for p in text.strip().lstrip("v").split("."))\n'
    "ValueError: invalid literal for int() with base 10: '0-rc'\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    "1.10.0 against 1.9.0 now gives 1. The ValueError may come from the egg-link still "
    "pointing at the build from before the failed pip install -e .; reinstalling without "
    "dependencies and running reproduce.py again."
)
s.call(
    "bash",
    "Obtaining file:///testbed\nInstalling collected packages: verlib\n"
    "Successfully installed verlib-0.4.1\n1\n"
    'Traceback (most recent call last):\n  File "/testbed/reproduce.py", line 3, in <module>\n'
    '    print(compare("2.0.0-rc.1", "2.0.0"))\n'
    '  File "/testbed/src/verlib/compare.py", line 5, in <genexpr>\n'
    '    return tuple(int(p) for p in text.strip().lstrip("v").split("."))\n'
    "ValueError: invalid literal for int() with base 10: '0-rc'\n",
    command="cd /testbed && pip install -e . --no-deps -q && python reproduce.py",
)
s.say(
    "Same error after the reinstall, so it is the code: the prerelease is glued to the patch "
    'number ("0-rc") and int() cannot read it. The prerelease has to be split off first: drop '
    'build metadata with partition("+"), then core, _, pre = partition("-"). The key is '
    "(major, minor, patch, pre_key): a release gets (1,), so it sorts after every prerelease, "
    "which gets (0, identifiers...), and each identifier is (0, int) when it is all digits, "
    "else (1, str), so numeric identifiers sort below alphanumeric ones as section 11 says."
)
s.call(
    "edit",
    "[File: /testbed/src/verlib/compare.py (23 lines total)]\n"
    "4:def _ident(part: str) -> tuple[int, int | str]:\n"
    "5:    return (0, int(part)) if part.isdigit() else (1, part)\n6:\n7:\n"
    "8:def parse(text: str) -> tuple:\n"
    '9:    core, _, pre = text.strip().lstrip("v").partition("+")[0].partition("-")\n'
    '10:    major, minor, patch = (int(p) for p in core.split("."))\n'
    "11:    if not pre:\n12:        return (major, minor, patch, (1,))\n"
    '13:    return (major, minor, patch, (0, *(_ident(p) for p in pre.split("."))))\n'
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=4,
    end_line=5,
    replacement_text="def _ident(part: str) -> tuple[int, int | str]:\n"
    "    return (0, int(part)) if part.isdigit() else (1, part)\n\n\n"
    "def parse(text: str) -> tuple:\n"
    '    core, _, pre = text.strip().lstrip("v").partition("+")[0].partition("-")\n'
    '    major, minor, patch = (int(p) for p in core.split("."))\n'
    "    if not pre:\n        return (major, minor, patch, (1,))\n"
    '    return (major, minor, patch, (0, *(_ident(p) for p in pre.split("."))))\n',
)
s.call(
    "bash",
    "1\n-1\n['1.9.0', '1.10.0-rc.2', '1.10.0']\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "bash",
    "collected 46 items\n\ntests/test_compare.py ...................F..............  [ 73%]\n"
    "tests/test_ranges.py ............                                 [100%]\n\n"
    "=================================== FAILURES ===================================\n"
    "____________________________ test_two_part_versions ____________________________\n\n"
    "    def test_two_part_versions():\n"
    '>       assert compare("1.2", "1.2.0") == 0\n\n'
    "src/verlib/compare.py:10: in parse\n"
    '    major, minor, patch = (int(p) for p in core.split("."))\n'
    "E   ValueError: not enough values to unpack (expected 3, got 2)\n"
    "FAILED tests/test_compare.py::test_two_part_versions - ValueError: not enough values to "
    "unpack (expected 3, got 2)\n========================= 1 failed, 45 passed in 0.19s "
    "=========================\n",
    command="cd /testbed && python -m pytest tests -q",
)
s.say(
    'Two-part versions such as "1.2" are supported and equal "1.2.0". Padding the core with '
    "zeros to three parts instead of unpacking exactly three."
)
s.call(
    "edit",
    "[File: /testbed/src/verlib/compare.py (24 lines total)]\n"
    '10:    nums = [int(p) for p in core.split(".")] + [0, 0]\n'
    "11:    major, minor, patch = nums[:3]\n"
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary.",
    start_line=10,
    end_line=10,
    replacement_text='    nums = [int(p) for p in core.split(".")] + [0, 0]\n'
    "    major, minor, patch = nums[:3]\n",
)
s.call(
    "bash",
    "collected 46 items\n\ntests/test_compare.py ..................................  [ 73%]\n"
    "tests/test_ranges.py ............                                 [100%]\n\n"
    "============================== 46 passed in 0.17s ==============================\n",
    command="cd /testbed && python -m pytest tests -q",
)
s.call(
    "submit",
    "Thank you for your work on this issue. Please carefully follow the steps below to help "
    "review your changes.\n\n1. If you made any changes to your code after running the "
    "reproduction script, please run the reproduction script again.\n  If the reproduction "
    "script is failing, please revisit your changes and make sure they are correct.\n  If you "
    "have already removed your reproduction script, please ignore this step.\n2. Remove your "
    "reproduction script (if you haven't done so already).\n3. If you have modified any TEST "
    "files, please revert them to the state they had before you started fixing the issue.\n"
    "4. Run the submit command again to confirm.\n\nHere is a list of all of your changes:\n\n"
    "<diff>\ndiff --git a/reproduce.py b/reproduce.py\nnew file mode 100644\n"
    "+from verlib.compare import compare, sort_versions\n"
    "diff --git a/setup.cfg b/setup.cfg\n@@ -13 +13,2 @@\n install_requires =\n"
    "+    packaging>=23.0\n"
    "diff --git a/src/verlib/compare.py b/src/verlib/compare.py\n"
    "-def parse(text: str) -> tuple[str, ...]:\n"
    '-    return tuple(text.strip().lstrip("v").split("."))\n'
    "+def _ident(part: str) -> tuple[int, int | str]:\n+def parse(text: str) -> tuple:\n"
    '+    core, _, pre = text.strip().lstrip("v").partition("+")[0].partition("-")\n</diff>',
)
s.say(
    "The diff shows setup.cfg still adding packaging>=23.0 to install_requires, left from my "
    "first attempt: the maintainer wants install_requires empty. And reproduce.py is still "
    "there. Reverting setup.cfg and removing reproduce.py."
)
s.call("bash", "", command="cd /testbed && git checkout -- setup.cfg && rm reproduce.py")
s.call(
    "bash",
    "src/verlib/compare.py:24:    return sorted(versions, key=parse)\n"
    "src/verlib/ranges.py:41:    return max(candidates) if candidates else None\n",
    "Checking whether anything else orders versions without parse().",
    command="cd /testbed && grep -rn 'max(\\|min(\\|sorted(' src/verlib",
)
s.say(
    "max_satisfying() in src/verlib/ranges.py:41 picks the newest candidate with a plain "
    'string max(), so it has the same bug: max(["1.9.0", "1.10.0"]) is "1.9.0". First '
    "I'll re-run python reproduce.py to make sure compare() still gives 1, -1 and the sorted "
    "list."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve verlib__verlib-87: compare() and sort_versions() order versions as "
             "strings (1.10.0 before 1.9.0) and put a prerelease after its release; implement "
             "SemVer 2.0.0 precedence, with minimal changes to non-test files.",
             must=(("compare", "sort_versions", "parse"),
                   ("1.10.0", "1.9.0", "prerelease", "semver")),
             partial_means="Names compare() without what is wrong with the ordering.",
             wrong="Adding a version-range syntax; packaging the library."),
    Question("latest_request", "What did the user last ask?",
             "The maintainer @okafor: no packaging or any other dependency (verlib is vendored "
             "into the installer's bootstrap, install_requires stays empty); implement SemVer "
             "2.0.0 precedence in parse() itself (integer core parts, prerelease before "
             "release, numeric identifiers numerically, build metadata ignored); compare() "
             "keeps returning -1, 0 or 1.",
             must=(("packaging", "dependency", "dependencies"),
                   ("semver", "precedence", "parse()", "prerelease", "bootstrap")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "maintainer", "okafor", "comment"),
             partial_means="The no-dependency rule without what parse() must do, or the "
                           "reverse.",
             wrong="Using packaging.version.Version.",
             stale_means="The issue alone given as the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Fix max_satisfying() in src/verlib/ranges.py:41 to use max(candidates, "
             "key=parse), run python -m pytest tests, then run submit again. reproduce.py is "
             "deleted: there is nothing to re-run.",
             must=(("max_satisfying", "ranges.py"), ("key=parse", "with parse", "submit")),
             stale=("re-run python reproduce.py", "reverting setup.cfg",
                    "with packaging.version.version"),
             partial_means="Says to run the tests and submit without the ranges.py fix.",
             wrong="More changes to compare.py; adding packaging.",
             stale_means="Says to re-run reproduce.py (deleted) or to revert setup.cfg (done)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/verlib/compare.py: parse() returns a SemVer key (integer core padded to three "
             "parts, prerelease identifiers via _ident, build metadata dropped). setup.cfg was "
             "edited (packaging>=23.0) and reverted with git checkout; reproduce.py created "
             "then deleted. ranges.py not yet changed.",
             must=(("compare.py",), ("parse", "semver", "prerelease", "_ident", "key")),
             stale=("setup.cfg", "reproduce.py"),
             partial_means="compare.py without what changed in it.",
             wrong="tests/test_compare.py as changed; ranges.py as already fixed.",
             stale_means="setup.cfg (packaging) or reproduce.py listed as part of the change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "SemVer precedence implemented in parse() itself: key (major, minor, patch, "
             "pre_key), a release (1,) after any prerelease (0, ...), identifiers (0, int) or "
             "(1, str); rules out packaging.version.Version (no dependencies: the installer "
             "bootstrap) and comparing the parts as strings.",
             must=(("_ident", "partition", "pre_key", "(1,)", "semver key", "as integers"),
                   ("packaging",)),
             stale=("with packaging.version.version",),
             partial_means="The SemVer key without what it rules out.",
             wrong="Adding packaging to install_requires.",
             stale_means="packaging.version.Version given as the design."),
    Question("review", "What did the review find?",
             "The submit review's diff still showed setup.cfg adding packaging>=23.0 (the "
             "ruled-out dependency) and reproduce.py; both were undone. The grep check after it "
             "found ranges.py:41 max_satisfying() using a plain string max().",
             must=(("setup.cfg", "packaging>=23.0"),
                   ("reproduce.py", "ranges.py", "max_satisfying")),
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "caught",
                  "reported", "diff", "showed", "submit", "grep", "check"),
             partial_means="One of the findings.",
             wrong="A modified test file (none was modified)."),
    Question("corrections", "How did the user correct the agent?",
             "The maintainer ruled out packaging (or any dependency): verlib is vendored into "
             "the installer's bootstrap and install_requires is empty on purpose.",
             must=(("packaging", "dependency", "dependencies"),
                   ("bootstrap", "vendored", "install_requires")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "must", "should", "wants", "keep", "not ", "maintainer", "okafor",
                  "ruled out"),
             partial_means="No packaging without why.",
             wrong="The submit review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "ValueError: invalid literal for int() with base 10: '0-rc' (the prerelease glued "
             "to the patch): reinstalling with pip install -e . --no-deps and re-running did "
             "not fix it; splitting off build metadata and the prerelease with partition before "
             "int() did. Then ValueError: not enough values to unpack (expected 3, got 2) for "
             "\"1.2\", fixed by padding the core with zeros. Before that ModuleNotFoundError: "
             "No module named 'packaging' (and no matching distribution for packaging>=23.0), "
             "resolved by dropping packaging.",
             must=(("0-rc", "invalid literal"),
                   ("partition", "split off", "split the prerelease", "prerelease first",
                    "splitting off")),
             stale=("fixed by reinstalling", "fixed by pip install", "egg-link"),
             partial_means="The ValueError without its cause or fix, or only the other errors.",
             wrong="A failing test in test_ranges.py.",
             stale_means="The ValueError put down to the egg-link or 'fixed' by the reinstall."),
    Question("key_values", "Which key values matter?",
             "compare(\"1.10.0\", \"1.9.0\") now 1 (was -1); compare(\"2.0.0-rc.1\", "
             "\"2.0.0\") now -1; 46 tests pass; instance verlib__verlib-87; ranges.py line 41; "
             "packaging>=23.0 ruled out.",
             must=(("46",), ("verlib__verlib-87", "ranges.py:41", "line 41", "packaging>=23.0")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/verlib/compare.py holds parse(), compare() and sort_versions(); "
             "src/verlib/ranges.py holds max_satisfying(); setup.cfg's install_requires stays "
             "empty; reproduce.py was a throwaway reproduction.",
             must=(("compare.py",), ("parse", "sort_versions", "compare()")),
             partial_means="The files named without what they hold.",
             wrong="ranges.py described as the test file."),
    Question("pending", "What work is still pending?",
             "Fix max_satisfying() in ranges.py (key=parse), run the tests, and submit again.",
             must=(("max_satisfying", "ranges.py"), ("submit",)),
             partial_means="Submit without the ranges.py fix, or the reverse.",
             wrong="Adding packaging; reverting compare.py."),
    Question("state", "What is the state of the work?",
             "compare.py implements SemVer precedence and 46 tests passed; setup.cfg reverted "
             "and reproduce.py deleted; ranges.py's max_satisfying() still has the bug; not "
             "re-run since, not submitted (the first submit returned the review).",
             must=(("compare.py", "parse", "46"),
                   ("ranges.py", "max_satisfying", "not submitted", "submit again", "not yet")),
             partial_means="The compare.py fix without what remains.",
             wrong="Says it is submitted, or that packaging is used.",
             stale_means="States setup.cfg's packaging line or reproduce.py as present."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
