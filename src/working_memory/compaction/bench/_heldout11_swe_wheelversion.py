"""Held out, eleventh set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, Python packaging: import yamlfig raises
FileNotFoundError when installed from a wheel, because yamlfig/_version.py opens a VERSION
file the wheel does not carry; a MANIFEST.in that did not help (include-package-data is off,
so it feeds only the sdist), created and deleted; VERSION shipped as package-data, which
worked and which the maintainer then ruled out for importlib.metadata; importlib.metadata
raising the same FileNotFoundError from the wheel (the package is installed as yamlfig-core,
so version("yamlfig") fell through to the file), which rebuilding the wheel from a clean dist
did not fix and the distribution's name did; the maintainer's four points: two done, one
answered in a comment, one pending (the CHANGES.rst entry's wording); reproduce.sh still in
the tree; the assistant's last words name deleting MANIFEST.in, already deleted."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "yamlfig__yamlfig-142)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nimport fails when "
    "installed from a wheel\n\n```\n$ pip install yamlfig-core==2.3.0\n$ python -c 'import "
    "yamlfig'\nFileNotFoundError: [Errno 2] No such file or directory: "
    "'/usr/lib/python3.11/site-packages/yamlfig/VERSION'\n```\nIt works from a git "
    "checkout.\n</issue>\nMake the minimal changes to non-test files in /testbed so that the "
    "issue is resolved."
)
s.call(
    "search_dir",
    'Found 3 matches for "VERSION" in /testbed:\n/testbed/yamlfig/_version.py (1 matches)\n'
    "/testbed/pyproject.toml (1 matches)\n/testbed/CHANGES.rst (1 matches)\n"
    'End of matches for "VERSION" in /testbed',
    search_term="VERSION",
    dir="/testbed",
)
s.call(
    "open",
    "[File: /testbed/yamlfig/_version.py (6 lines total)]\n1:import os\n2:\n"
    "3:_HERE = os.path.dirname(__file__)\n4:\n"
    '5:with open(os.path.join(_HERE, "VERSION")) as f:\n'
    "6:    __version__ = f.read().strip()\n",
    path="/testbed/yamlfig/_version.py",
)
s.call(
    "open",
    "[File: /testbed/pyproject.toml (21 lines total)]\n1:[project]\n"
    '2:name = "yamlfig-core"\n3:dynamic = ["version"]\n4:requires-python = ">=3.8"\n'
    '...\n14:[tool.setuptools]\n15:packages = ["yamlfig"]\n'
    "16:include-package-data = false  # keep tests/fixtures out of the wheel\n17:\n"
    '18:[tool.setuptools.dynamic]\n19:version = {file = "yamlfig/VERSION"}\n',
    path="/testbed/pyproject.toml",
)
s.call(
    "create",
    "[File: /testbed/reproduce.sh (5 lines total)]\n1:set -e\n"
    "2:rm -rf /tmp/venv && python -m venv /tmp/venv\n"
    "3:python -m build --wheel --outdir dist . >/dev/null\n"
    "4:/tmp/venv/bin/pip install -q dist/*.whl\n"
    "5:cd /tmp && /tmp/venv/bin/python -c 'import yamlfig; print(yamlfig.__version__)'\n",
    filename="/testbed/reproduce.sh",
)
s.call(
    "bash",
    'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
    '  File "/tmp/venv/lib/python3.11/site-packages/yamlfig/_version.py", line 5, in '
    '<module>\n    with open(os.path.join(_HERE, "VERSION")) as f:\n'
    "FileNotFoundError: [Errno 2] No such file or directory: "
    "'/tmp/venv/lib/python3.11/site-packages/yamlfig/VERSION'\n",
    command="cd /testbed && bash reproduce.sh",
)
s.say(
    "Reproduced: the wheel has no yamlfig/VERSION, so _version.py can't open it. The usual "
    "way to get a data file into the distribution is MANIFEST.in; adding one with include "
    "yamlfig/VERSION."
)
s.call(
    "create",
    "[File: /testbed/MANIFEST.in (1 lines total)]\n1:include yamlfig/VERSION\n",
    filename="/testbed/MANIFEST.in",
)
s.call(
    "bash",
    "FileNotFoundError: [Errno 2] No such file or directory: "
    "'/tmp/venv/lib/python3.11/site-packages/yamlfig/VERSION'\n---\n",
    command="cd /testbed && rm -rf dist && bash reproduce.sh 2>&1 | tail -1; echo ---; "
    "unzip -l dist/*.whl | grep VERSION",
)
s.say(
    "Still missing from the wheel. pyproject.toml has include-package-data = false, so "
    "MANIFEST.in only decides what goes into the sdist, not the wheel. The wheel needs "
    "VERSION named in [tool.setuptools.package-data]."
)
s.call(
    "edit",
    "[File: /testbed/pyproject.toml (24 lines total)]\n17:\n"
    '18:[tool.setuptools.package-data]\n19:yamlfig = ["VERSION"]\n20:\n'
    f"{_EDITED}",
    start_line=17,
    end_line=17,
    replacement_text='\n[tool.setuptools.package-data]\nyamlfig = ["VERSION"]\n\n',
)
s.call(
    "bash",
    "2.3.0\n---\n        6  2026-11-20 09:12   yamlfig/VERSION\n---\n"
    "yamlfig_core-2.3.0/yamlfig/VERSION\n",
    command="cd /testbed && rm -rf dist && bash reproduce.sh && echo --- && unzip -l "
    "dist/*.whl | grep VERSION; echo ---; python -m build --sdist --outdir dist . >/dev/null "
    "&& tar tzf dist/*.tar.gz | grep VERSION",
)
s.say(
    "The wheel carries VERSION now and the import prints 2.3.0. The sdist has VERSION "
    "without MANIFEST.in (setuptools includes package-data in it), so MANIFEST.in does "
    "nothing here; removing it."
)
s.call(
    "bash",
    "",
    command="cd /testbed && rm MANIFEST.in",
)
s.call(
    "bash",
    "collected 41 items\n\ntests/test_load.py .....................                [ 51%]\n"
    "tests/test_env.py ....................                                [100%]\n\n"
    "============================== 41 passed in 0.88s ==============================\n",
    command="cd /testbed && python -m pytest tests -q",
)
s.user(
    "The maintainer (@ines-r) commented on the issue:\n"
    "> Thanks. Notes before this goes in:\n"
    "> 1. Please don't ship VERSION inside the package as package-data. Read the installed "
    "version with importlib.metadata; VERSION stays only the build-time source, through "
    "[tool.setuptools.dynamic].\n"
    "> 2. A plain git checkout that was never installed must still report its version.\n"
    "> 3. The CHANGES.rst entry under 2.3.1 should use the issue's words, 'import fails when "
    "installed from a wheel', not 'fix packaging'.\n"
    "> 4. Do we now need the importlib_metadata backport for older Pythons? (Dropping 3.7 "
    "from the classifiers is #150, not this.)"
)
s.call(
    "edit",
    "[File: /testbed/pyproject.toml (21 lines total)]\n17:\n"
    '18:[tool.setuptools.dynamic]\n19:version = {file = "yamlfig/VERSION"}\n'
    f"{_EDITED}",
    start_line=17,
    end_line=20,
    replacement_text="\n",
)
s.call(
    "edit",
    "[File: /testbed/yamlfig/_version.py (11 lines total)]\n"
    "1:import os\n2:from importlib.metadata import PackageNotFoundError, version\n3:\n"
    "4:try:\n"
    '5:    __version__ = version("yamlfig")\n'
    "6:except PackageNotFoundError:\n"
    "7:    # a source checkout that was never installed: read the build-time source\n"
    '8:    with open(os.path.join(os.path.dirname(__file__), "VERSION")) as f:\n'
    "9:        __version__ = f.read().strip()\n"
    f"{_EDITED}",
    start_line=1,
    end_line=6,
    replacement_text="import os\nfrom importlib.metadata import PackageNotFoundError, "
    'version\n\ntry:\n    __version__ = version("yamlfig")\nexcept PackageNotFoundError:\n'
    "    # a source checkout that was never installed: read the build-time source\n"
    '    with open(os.path.join(os.path.dirname(__file__), "VERSION")) as f:\n'
    "        __version__ = f.read().strip()\n",
)
s.call(
    "bash",
    '  File "/tmp/venv/lib/python3.11/site-packages/yamlfig/_version.py", line 8, in '
    "<module>\n"
    "FileNotFoundError: [Errno 2] No such file or directory: "
    "'/tmp/venv/lib/python3.11/site-packages/yamlfig/VERSION'\n",
    command="cd /testbed && bash reproduce.sh 2>&1 | tail -2",
)
s.say(
    "Line 8 is the fallback, so version() raised PackageNotFoundError inside the venv. "
    "Possibly the old wheel in dist/ got installed again; cleaning dist/ and build/ and "
    "rebuilding."
)
s.call(
    "bash",
    "FileNotFoundError: [Errno 2] No such file or directory: "
    "'/tmp/venv/lib/python3.11/site-packages/yamlfig/VERSION'\n",
    command="cd /testbed && rm -rf dist build && bash reproduce.sh 2>&1 | tail -1",
)
s.call(
    "bash",
    "Name: yamlfig-core\nVersion: 2.3.0\nLocation: /tmp/venv/lib/python3.11/site-packages\n",
    command="/tmp/venv/bin/pip show yamlfig-core | head -3",
)
s.say(
    "The wheel is fine: the distribution is called yamlfig-core, not yamlfig, so "
    'version("yamlfig") finds no metadata and falls through to the file. It has to ask for '
    'version("yamlfig-core").'
)
s.call(
    "edit",
    "[File: /testbed/yamlfig/_version.py (13 lines total)]\n"
    "4:# importlib.metadata is in the standard library from 3.8, and requires-python is\n"
    "5:# >=3.8, so no importlib_metadata backport is needed.\n"
    "6:try:\n"
    '7:    __version__ = version("yamlfig-core")  # the distribution\'s name, not the '
    "package's\n"
    f"{_EDITED}",
    start_line=4,
    end_line=5,
    replacement_text="# importlib.metadata is in the standard library from 3.8, and "
    "requires-python is\n# >=3.8, so no importlib_metadata backport is needed.\ntry:\n"
    '    __version__ = version("yamlfig-core")  # the distribution\'s name, not the '
    "package's\n",
)
s.call(
    "bash",
    "2.3.0\n---\n---\n2.3.0\n",
    command="cd /testbed && rm -rf dist && bash reproduce.sh && echo --- && unzip -l "
    "dist/*.whl | grep VERSION; echo ---; cd /testbed && python -c 'import yamlfig; "
    "print(yamlfig.__version__)'",
)
s.call(
    "bash",
    "collected 41 items\n\ntests/test_load.py .....................                [ 51%]\n"
    "tests/test_env.py ....................                                [100%]\n\n"
    "============================== 41 passed in 0.91s ==============================\n",
    command="cd /testbed && python -m pytest tests -q",
)
s.say(
    "The installed wheel reports 2.3.0 through importlib.metadata without carrying VERSION, "
    "a plain checkout reads VERSION, and 41 tests pass."
)
s.say("Next I'll delete MANIFEST.in and submit.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve yamlfig__yamlfig-142: import yamlfig raises FileNotFoundError for "
             "yamlfig/VERSION when installed from a wheel (it works from a git checkout); "
             "minimal changes to non-test files.",
             must=(("filenotfounderror", "import fails"), ("wheel",)),
             partial_means="The error without the wheel, or the reverse.",
             wrong="A YAML parsing bug; a failing test in tests/test_load.py."),
    Question("latest_request", "What did the user last ask?",
             "The maintainer @ines-r's comment: don't ship VERSION as package-data, read the "
             "installed version with importlib.metadata; a never-installed checkout must "
             "still report its version; the CHANGES.rst entry under 2.3.1 in the issue's "
             "words; is the importlib_metadata backport needed (3.7 is #150).",
             must=(("importlib.metadata",), ("changes.rst", "checkout", "backport")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "maintainer", "ines", "comment"),
             partial_means="One of the points.",
             wrong="Dropping Python 3.7 now.",
             stale_means="The issue's first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Add the CHANGES.rst entry under 2.3.1 in the issue's words (\"import fails when "
             "installed from a wheel\"), delete reproduce.sh, then submit. MANIFEST.in is "
             "already deleted.",
             must=(("changes.rst",), ("import fails when installed from a wheel", "2.3.1",
                                      "issue's words")),
             stale=("delete manifest.in", "package-data", "include yamlfig/version"),
             partial_means="Says to delete reproduce.sh or submit without the CHANGES.rst "
                           "entry.",
             wrong="Dropping 3.7 from the classifiers; adding the backport.",
             stale_means="Says to delete MANIFEST.in (already deleted) or to add VERSION to "
                         "package-data (ruled out)."),
    Question("files_edited", "Which files were changed, and why?",
             "yamlfig/_version.py (importlib.metadata version(\"yamlfig-core\"), falling back "
             "to the VERSION file in a checkout, with a comment on the backport). "
             "pyproject.toml's package-data section was added and removed again (net "
             "unchanged); MANIFEST.in was created and deleted; reproduce.sh is a scratch "
             "script, still there.",
             must=(("_version.py",), ("importlib.metadata", "yamlfig-core")),
             stale=("manifest.in",),
             partial_means="_version.py without what changed in it.",
             wrong="setup.py given as edited.",
             stale_means="MANIFEST.in listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "__version__ comes from importlib.metadata for the installed distribution "
             "yamlfig-core, falling back to the VERSION file only in a never-installed "
             "checkout; VERSION stays the build-time source via [tool.setuptools.dynamic]. "
             "Rules out shipping VERSION as package-data and MANIFEST.in.",
             must=(("importlib.metadata",), ("package-data", "manifest.in")),
             stale=("the wheel needs version named in [tool.setuptools.package-data]",
                    "usual way to get a data file"),
             partial_means="importlib.metadata without what it rules out.",
             wrong="Hardcoding __version__ in the source.",
             stale_means="VERSION as package-data (or MANIFEST.in) given as the design."),
    Question("review", "What did the review find?",
             "@ines-r: (1) don't ship VERSION as package-data, use importlib.metadata (done); "
             "(2) a never-installed checkout must still report its version (done, the "
             "fallback); (3) the CHANGES.rst entry in the issue's words (pending); (4) is the "
             "importlib_metadata backport needed (answered in a comment: requires-python "
             ">=3.8, no); dropping 3.7 is #150.",
             must=(("package-data", "importlib.metadata"), ("checkout", "never installed"),
                   ("backport",), ("changes.rst",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "maintainer", "ines"),
             partial_means="Two or three of the four points.",
             wrong="The FileNotFoundError from the fallback given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Don't ship VERSION inside the package as package-data; read the installed "
             "version with importlib.metadata, VERSION only the build-time source.",
             must=(("package-data", "ship version"), ("importlib.metadata",)),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "maintainer"),
             partial_means="importlib.metadata without what it replaced.",
             wrong="The MANIFEST.in failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "FileNotFoundError for site-packages/yamlfig/VERSION from the wheel: MANIFEST.in "
             "did not fix it (include-package-data = false); package-data did, then was ruled "
             "out. With importlib.metadata the same FileNotFoundError came from the fallback: "
             "version(\"yamlfig\") raised PackageNotFoundError; rebuilding from a clean dist "
             "did not fix it; fixed by asking for the distribution's name, "
             "version(\"yamlfig-core\").",
             must=(("filenotfounderror", "packagenotfounderror"), ("yamlfig-core",)),
             stale=("fixed by rm -rf dist", "fixed by rebuilding", "fixed by cleaning dist",
                    "fixed by manifest.in"),
             partial_means="One of the errors, or the errors without their fixes.",
             wrong="An ImportError for importlib.metadata.",
             stale_means="The fallback's error 'fixed' by cleaning dist/ and rebuilding."),
    Question("key_values", "Which key values matter?",
             "Version 2.3.0 (CHANGES.rst entry under 2.3.1); 41 tests pass; the distribution "
             "name yamlfig-core; requires-python >=3.8; #150.",
             must=(("41",), ("2.3.1", "#150")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "yamlfig/_version.py sets __version__; pyproject.toml is the build config (name "
             "yamlfig-core, include-package-data = false, version read from yamlfig/VERSION); "
             "yamlfig/VERSION is the build-time source of the version; CHANGES.rst the "
             "changelog; reproduce.sh builds and installs the wheel in /tmp/venv.",
             must=(("_version.py", "pyproject.toml"), ("__version__", "build config", "build-time")),
             partial_means="The files named without what they hold.",
             wrong="MANIFEST.in as what puts VERSION in the wheel."),
    Question("pending", "What work is still pending?",
             "The CHANGES.rst entry under 2.3.1 in the issue's words; delete reproduce.sh; "
             "submit.",
             must=(("changes.rst",), ("reproduce.sh", "submit")),
             partial_means="One of them.",
             wrong="The package-data change or the backport as pending."),
    Question("state", "What is the state of the work?",
             "_version.py reads version(\"yamlfig-core\") with a checkout fallback; the "
             "installed wheel reports 2.3.0 without carrying VERSION and 41 tests pass; "
             "pyproject.toml is back as it was; the CHANGES.rst entry is not written; not "
             "submitted.",
             must=(("41",), ("changes.rst", "not submitted", "not written")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted.",
             stale_means="Says VERSION ships in the wheel as package-data."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
