"""Codex: a config loader moved from YAML to TOML; a plan, apply_patch adds and deletes, an
import error on the CI's Python fixed by a fallback import, a user correction about the old
file, a review comment pasted by the user."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /work/orbit")
s.user(
    "Move orbit's config from orbit.yaml to orbit.toml. Drop the PyYAML dependency. "
    "Config keys stay the same."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read orbit/config.py", "status": "in_progress"},
        {"step": "Switch the loader to tomllib", "status": "pending"},
        {"step": "Convert orbit.yaml to orbit.toml", "status": "pending"},
        {"step": "Run the test suite", "status": "pending"},
    ],
)
s.call(
    "shell",
    "import yaml\nfrom pathlib import Path\n\nDEFAULT_PATH = Path('orbit.yaml')\n\n"
    "def load(path=DEFAULT_PATH):\n    with open(path) as f:\n        return yaml.safe_load(f)\n",
    command=["bash", "-lc", "sed -n 1,40p orbit/config.py"],
)
s.say(
    "I'll convert the loader to tomllib and keep a YAML fallback reader so existing installs "
    "keep working."
)
s.user(
    "No fallback: read only orbit.toml. If orbit.yaml exists and orbit.toml doesn't, fail with "
    "a clear error telling people to run `orbit config migrate`. Write that migrate command."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM orbit/config.py",
    input="*** Begin Patch\n*** Update File: orbit/config.py\n@@\n-import yaml\n+import tomllib\n"
    "-DEFAULT_PATH = Path('orbit.yaml')\n+DEFAULT_PATH = Path('orbit.toml')\n"
    "+class LegacyConfigError(RuntimeError):\n+    pass\n*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA orbit/cli/migrate.py",
    input="*** Begin Patch\n*** Add File: orbit/cli/migrate.py\n+def migrate(src='orbit.yaml', "
    "dst='orbit.toml'):\n+    ...\n*** End Patch",
)
s.call(
    "shell",
    "ModuleNotFoundError: No module named 'tomllib'\nERROR: 12 errors during collection\n"
    "Process exited with code 2",
    command=["bash", "-lc", "tox -e py310 -q"],
)
s.say(
    "tomllib is only in the standard library from Python 3.11 and orbit still supports 3.10. "
    "Using tomli as a fallback on 3.10: `if sys.version_info >= (3, 11): import tomllib else: "
    "import tomli as tomllib`, with tomli declared for python_version < '3.11'."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM orbit/config.py\nM pyproject.toml",
    input="*** Begin Patch\n*** Update File: orbit/config.py\n@@\n-import tomllib\n"
    "+if sys.version_info >= (3, 11):\n+    import tomllib\n+else:\n+    import tomli as tomllib\n"
    '*** Update File: pyproject.toml\n@@\n-    "PyYAML>=6.0",\n'
    "+    \"tomli>=2.0; python_version < '3.11'\",\n*** End Patch",
)
s.call(
    "shell",
    "py310: 148 passed in 6.02s\npy311: 148 passed in 5.71s\npy312: 148 passed in 5.80s",
    command=["bash", "-lc", "tox -q"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA orbit.toml\nD orbit.yaml",
    input="*** Begin Patch\n*** Add File: orbit.toml\n+[server]\n+port = 8420\n+workers = 4\n"
    "*** Delete File: orbit.yaml\n*** End Patch",
)
s.user(
    "Review from Dana on the PR: migrate() overwrites an existing orbit.toml without asking. "
    "It must refuse unless --force is given. Also the migrate command isn't registered in the "
    "CLI yet."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read orbit/config.py", "status": "completed"},
        {"step": "Switch the loader to tomllib", "status": "completed"},
        {"step": "Convert orbit.yaml to orbit.toml", "status": "completed"},
        {
            "step": "Make migrate refuse to overwrite orbit.toml without --force",
            "status": "in_progress",
        },
        {"step": "Register migrate in orbit/cli/__init__.py", "status": "pending"},
    ],
)
s.call(
    "shell",
    "from .serve import serve\nfrom .status import status\n\nCOMMANDS = {'serve': serve, "
    "'status': status}\n",
    "Now I'll look at how commands are registered.",
    command=["bash", "-lc", "cat orbit/cli/__init__.py"],
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Move orbit's config from orbit.yaml to orbit.toml, drop PyYAML, same keys.",
             must=(("toml",), ("yaml",))),
    Question("latest_request", "What did the user last ask?",
             "Dana's review: migrate() must refuse to overwrite an existing orbit.toml unless "
             "--force; and register the migrate command in the CLI.",
             must=(("--force", "force"), ("overwrit",))),
    Question("next_step", "What exactly is the next step?",
             "Make migrate() refuse to overwrite orbit.toml without --force (in progress), then "
             "register migrate in COMMANDS in orbit/cli/__init__.py.",
             must=(("force",), ("migrate",)),
             stale=("look at how commands are registered", "convert orbit.yaml to orbit.toml",
                    "switch the loader to tomllib"),
             stale_means="a finished plan step, or the last read as the next step"),
    Question("files_edited", "Which files were changed, and why?",
             "orbit/config.py (tomllib loader, LegacyConfigError), orbit/cli/migrate.py (new), "
             "pyproject.toml (tomli instead of PyYAML), orbit.toml added, orbit.yaml deleted.",
             must=(("config.py",), ("migrate.py",), ("pyproject",), ("orbit.toml",)),
             stale=("orbit.yaml (created", "orbit.yaml (edited"), spread=True),
    Question("decisions", "What was decided, and what does it rule out?",
             "Read only orbit.toml, no YAML fallback; fail with LegacyConfigError pointing to "
             "`orbit config migrate` when only orbit.yaml exists. Rules out the YAML fallback "
             "reader.",
             must=(("fallback",), ("migrate", "legacyconfigerror", "fail", "error")),
             stale=("keep a yaml fallback", "yaml fallback reader so existing"),
             stale_means="states the YAML fallback as the design"),
    Question("review", "What did the review find?",
             "migrate() overwrites an existing orbit.toml without asking (needs --force); the "
             "command is not registered in the CLI.",
             must=(("overwrit",), ("force", "regist"))),
    Question("corrections", "How did the user correct the agent?",
             "No YAML fallback; only orbit.toml, with a clear error pointing to a migrate "
             "command the agent must write.",
             must=(("fallback",),)),
    Question("errors", "Which errors occurred, and what fixed each?",
             "ModuleNotFoundError: No module named 'tomllib' on Python 3.10 (tox py310); fixed "
             "by importing tomli as tomllib below 3.11 and declaring tomli for python < 3.11.",
             must=(("tomllib",), ("tomli ", "tomli>", "tomli as", "tomli;", "tomli,", "tomli.", "tomli fallback", "tomli for")),
             stale=("fixed by: $ tox", "fixed by tox")),
    Question("key_values", "Which key values matter?",
             "Python 3.10 still supported (tomllib from 3.11); 148 tests pass on py310-312; "
             "port 8420, workers 4 in orbit.toml.",
             must=(("3.10", "3.11"), ("148",)), spread=True),
    Question("file_roles", "What is each file for?",
             "orbit/config.py loads the config; orbit/cli/migrate.py converts orbit.yaml to "
             "orbit.toml; orbit/cli/__init__.py registers commands in COMMANDS.",
             must=(("__init__.py",), ("regist", "commands"))),
    Question("pending", "What work is still pending?",
             "--force guard in migrate(); registering migrate in orbit/cli/__init__.py.",
             must=(("force",), ("regist",)),
             stale=("convert orbit.yaml to orbit.toml",)),
    Question("state", "What is the state of the work?",
             "Loader on TOML (tomli fallback on 3.10), tests pass on 3.10-3.12, orbit.yaml "
             "converted and deleted; migrate() written but overwrites without --force and is "
             "not registered.",
             must=(("pass", "148"), ("force", "regist", "overwrit"))),
)  # fmt: skip

# A Codex-style compaction ("handoff summary") of the span.
PRODUCTION = """Summary so far: orbit's config moved from orbit.yaml to orbit.toml (same keys). orbit/config.py now reads only orbit.toml with tomllib (tomli as tomllib below Python 3.11, since 3.10 is still supported; PyYAML dropped from pyproject.toml, tomli added for python < 3.11) and raises LegacyConfigError telling users to run `orbit config migrate` when only orbit.yaml exists. The user rejected a YAML fallback reader. orbit/cli/migrate.py (new) converts orbit.yaml to orbit.toml; orbit.toml was added and orbit.yaml deleted. Error seen: ModuleNotFoundError: No module named 'tomllib' under tox py310, fixed by the tomli fallback import; now 148 tests pass on py310, py311 and py312.
Dana's review: migrate() overwrites an existing orbit.toml without asking and must refuse unless --force; migrate is not registered in the CLI yet (commands are registered in COMMANDS in orbit/cli/__init__.py).
Next: add the --force guard to migrate(), then register migrate in COMMANDS in orbit/cli/__init__.py, then run tox."""
