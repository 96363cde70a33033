"""Held out, second set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools: a CI cache key that
never changes; a manual CACHE_VERSION bump considered and rejected, the final key hashes the
requirement files and the Python version; a debug workflow created then deleted; an actionlint
error fixed by a step id; the user drops restore-keys; the user's reviewer finds a second cache
step, edited last and not yet linted."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a helpful coding assistant with tools to read, write, edit and delete files and to "
    "run commands in the repository."
)
s.user(
    "Our GitHub Actions builds keep installing a stale numpy: CI run #4821 failed with numpy "
    "1.26.4 even though requirements/base.txt pins numpy==2.0.1 since Monday. I think the pip "
    "cache in .github/workflows/ci.yml is wrong. Please fix it."
)
s.call(
    "read_file",
    "jobs:\n  test:\n    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - uses: actions/setup-python@v5\n        with:\n          python-version: '3.12'\n"
    "      - uses: actions/cache@v4\n        with:\n          path: ~/.cache/pip\n"
    "          key: ${{ runner.os }}-pip-${{ hashFiles('requirements.txt') }}\n"
    "          restore-keys: |\n            ${{ runner.os }}-pip-\n"
    "      - run: pip install -r requirements/base.txt -r requirements/test.txt\n",
    path=".github/workflows/ci.yml",
)
s.call(
    "run_command",
    "requirements/base.txt\nrequirements/test.txt\nrequirements/docs.txt",
    command="ls requirements/*.txt; ls requirements.txt",
)
s.say(
    "Found it: the key hashes requirements.txt, which no longer exists since the requirements "
    "moved to requirements/*.txt. hashFiles() of a missing file is the empty string, so the key "
    "is always `Linux-pip-` and never changes when a pin does."
)
s.call(
    "write_file",
    "Wrote .github/workflows/cache-debug.yml",
    path=".github/workflows/cache-debug.yml",
    content="on: workflow_dispatch\njobs:\n  key:\n    runs-on: ubuntu-22.04\n    steps:\n"
    "      - uses: actions/checkout@v4\n"
    "      - run: echo \"old=${{ hashFiles('requirements.txt') }} "
    "new=${{ hashFiles('requirements/*.txt') }}\"\n",
)
s.call(
    "run_command",
    "[key/key] | old= new=9f2c41d07be3a8e1\nJob succeeded",
    command="act workflow_dispatch -W .github/workflows/cache-debug.yml -j key",
)
s.say(
    "Confirmed with act: the old hash is empty, the new one is 9f2c41d07be3a8e1. Two ways to "
    "fix the key. One is a CACHE_VERSION env (say v3) in the key that people bump by hand when "
    "the cache goes bad; I'm rejecting it, because forgetting to bump it is exactly how we got "
    "here. The other, which I'll do: key on hashFiles('requirements/*.txt', 'pyproject.toml') "
    "plus the Python version, so any pin change or a Python upgrade gives a new key."
)
s.call(
    "edit_file",
    "Edited .github/workflows/ci.yml",
    path=".github/workflows/ci.yml",
    old="          key: ${{ runner.os }}-pip-${{ hashFiles('requirements.txt') }}\n",
    new="          key: ${{ runner.os }}-pip-${{ matrix.python-version }}-"
    "${{ hashFiles('requirements/*.txt', 'pyproject.toml') }}\n",
)
s.call(
    "run_command",
    '.github/workflows/ci.yml:14:35: property "python-version" is not defined in object type '
    "{} [expression]\n   |\n14 |           key: ${{ runner.os }}-pip-${{ matrix.python-version }}-"
    "${{ hashFiles('requirements/*.txt', 'pyproject.toml') }}\n1 error",
    command="actionlint .github/workflows/ci.yml",
)
s.say(
    "The test job has no matrix, so matrix.python-version is undefined. The Python version comes "
    "from setup-python's output instead: I'll give that step `id: setup-python` and use "
    "steps.setup-python.outputs.python-version in the key, which also picks up patch releases "
    "(3.12.4 -> 3.12.5)."
)
s.call(
    "edit_file",
    "Edited .github/workflows/ci.yml",
    path=".github/workflows/ci.yml",
    old="      - uses: actions/setup-python@v5\n",
    new="      - uses: actions/setup-python@v5\n        id: setup-python\n",
)
s.call(
    "edit_file",
    "Edited .github/workflows/ci.yml",
    path=".github/workflows/ci.yml",
    old="${{ matrix.python-version }}",
    new="${{ steps.setup-python.outputs.python-version }}",
)
s.call("run_command", "", command="actionlint .github/workflows/ci.yml")
s.say("actionlint is clean now.")
s.user(
    "Also remove restore-keys completely. The prefix fallback `Linux-pip-` is what restored the "
    "old cache with the numpy 1.26.4 wheel in the first place. A cold cache costs us about 90 "
    "seconds, a stale one cost us a day."
)
s.call(
    "edit_file",
    "Edited .github/workflows/ci.yml",
    path=".github/workflows/ci.yml",
    old="          restore-keys: |\n            ${{ runner.os }}-pip-\n",
    new="",
)
s.call("run_command", "", command="actionlint .github/workflows/ci.yml")
s.call(
    "delete_file",
    "Deleted .github/workflows/cache-debug.yml",
    path=".github/workflows/cache-debug.yml",
)
s.say(
    "Removed restore-keys, so a key miss now means a clean install. I also deleted the "
    "temporary .github/workflows/cache-debug.yml; it was only for checking the hash."
)
s.call(
    "run_command",
    "[CI/test] cache miss for key Linux-pip-3.12.5-4be1d0c9a27f\n"
    "[CI/test] Successfully installed numpy-2.0.1 ...\n[CI/test] 214 passed in 48.2s\n"
    "Job succeeded",
    command="act push -W .github/workflows/ci.yml -j test",
)
s.say(
    "Under act the test job misses the cache with the new key Linux-pip-3.12.5-4be1d0c9a27f, "
    "installs numpy 2.0.1 and 214 tests pass."
)
s.user(
    "Ana reviewed the diff: the lint job further down in ci.yml (around line 78) has its own "
    "actions/cache step with the same broken key on requirements.txt and the same restore-keys. "
    "Fix it the same way. Then open the PR against main with the title "
    "'ci: key pip cache on requirements/*.txt'."
)
s.call(
    "read_file",
    "  lint:\n    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - uses: actions/setup-python@v5\n        with:\n          python-version: '3.12'\n"
    "      - uses: actions/cache@v4\n        with:\n          path: ~/.cache/pip\n"
    "          key: ${{ runner.os }}-pip-${{ hashFiles('requirements.txt') }}\n"
    "          restore-keys: |\n            ${{ runner.os }}-pip-\n"
    "      - run: pip install -r requirements/lint.txt\n",
    path=".github/workflows/ci.yml",
    start_line=70,
)
s.say(
    "The lint job installs requirements/lint.txt, which is covered by requirements/*.txt. I'll "
    "give its setup-python step the id setup-python-lint, key the cache the same way and drop "
    "its restore-keys."
)
s.call(
    "edit_file",
    "Edited .github/workflows/ci.yml",
    path=".github/workflows/ci.yml",
    old="          python-version: '3.12'\n      - uses: actions/cache@v4\n        with:\n"
    "          path: ~/.cache/pip\n          key: ${{ runner.os }}-pip-${{ hashFiles('requirements.txt') }}\n"
    "          restore-keys: |\n            ${{ runner.os }}-pip-\n"
    "      - run: pip install -r requirements/lint.txt\n",
    new="          python-version: '3.12'\n      - uses: actions/cache@v4\n        with:\n"
    "          path: ~/.cache/pip\n          key: ${{ runner.os }}-pip-"
    "${{ steps.setup-python-lint.outputs.python-version }}-"
    "${{ hashFiles('requirements/*.txt', 'pyproject.toml') }}\n"
    "      - run: pip install -r requirements/lint.txt\n",
)
s.say(
    "I edited the lint job's cache key and removed its restore-keys. Let me double-check the "
    "lint job's setup-python step:"
)
s.call(
    "read_file",
    "  lint:\n    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - uses: actions/setup-python@v5\n        with:\n          python-version: '3.12'\n",
    path=".github/workflows/ci.yml",
    start_line=70,
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Fix the pip cache in .github/workflows/ci.yml that keeps restoring a stale numpy "
             "(run #4821 got 1.26.4 though requirements/base.txt pins 2.0.1).",
             must=(("cache",), ("ci.yml", "numpy", "stale", "github actions"))),
    Question("latest_request", "What did the user last ask?",
             "Ana's review: fix the lint job's cache step (~line 78) the same way, then open the "
             "PR against main titled 'ci: key pip cache on requirements/*.txt'.",
             must=(("lint",), ("pull request", "pr against", "pr titled", "open the pr", "line 78",
                               "same way")),
             stale_means="Removing restore-keys from the test job (done) given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Add `id: setup-python-lint` to the lint job's setup-python step (the key refers "
             "to it but the step has no id yet), run actionlint, then open the PR.",
             must=(("setup-python-lint",), ("id",)),
             stale=("double-check the lint job", "key the cache the same way"),
             stale_means="Says to edit the lint job's key or read its setup-python step: done.",
             wrong="Opening the PR straight away (the key references a missing step id)."),
    Question("files_edited", "Which files were changed, and why?",
             ".github/workflows/ci.yml (both cache keys on requirements/*.txt + pyproject.toml "
             "+ Python version, step id setup-python, restore-keys removed). "
             ".github/workflows/cache-debug.yml was created to check the hash and deleted.",
             must=(("ci.yml",),), stale=("cache-debug.yml",), partial=1,
             stale_means="cache-debug.yml listed as a workflow that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Key on hashFiles('requirements/*.txt', 'pyproject.toml') plus the Python version; "
             "rules out a hand-bumped CACHE_VERSION (people forget) and restore-keys.",
             must=(("requirements/*.txt", "hashfiles"), ("cache_version", "bump")),
             partial_means="The final key without the rejected CACHE_VERSION, or the reverse.",
             stale_means="CACHE_VERSION given as the fix."),
    Question("review", "What did the review find?",
             "Ana: the lint job (around line 78) has its own cache step with the same broken "
             "requirements.txt key and restore-keys.",
             must=(("lint",), ("line 78", "same", "requirements.txt", "cache"))),
    Question("corrections", "How did the user correct the agent?",
             "Remove restore-keys entirely: the Linux-pip- prefix fallback restored the stale "
             "cache; a cold cache (~90 s) beats a stale one.",
             must=(("restore-keys", "restore keys"),)),
    Question("errors", "Which errors occurred, and what fixed each?",
             "actionlint: property \"python-version\" is not defined (the test job has no "
             "matrix); fixed by `id: setup-python` and steps.setup-python.outputs.python-version. "
             "The root bug: hashFiles('requirements.txt') of a missing file is empty, so the "
             "key never changed.",
             must=(("python-version", "not defined", "actionlint"),
                   ("steps.setup-python", "outputs.python-version", "id: setup-python",
                    "step id")),
             stale=("fixed by running actionlint", "fixed by re-running actionlint"),
             stale_means="The error 'fixed' by re-running actionlint."),
    Question("key_values", "Which key values matter?",
             "CI run #4821; numpy 1.26.4 stale vs 2.0.1 pinned; actions/cache@v4; Python 3.12 "
             "(3.12.5); new key Linux-pip-3.12.5-4be1d0c9a27f; 214 tests pass; ~90 s cold "
             "cache; lint job near line 78.",
             must=(("2.0.1", "1.26.4"), ("4821", "214", "4be1d0c9a27f")), spread=True),
    Question("file_roles", "What is each file for?",
             "ci.yml has the test and lint jobs with their cache steps; requirements/*.txt "
             "(base, test, docs, lint) hold the pins the key must hash.",
             must=(("requirements/",), ("pin", "key", "hash", "base.txt", "lint.txt"))),
    Question("pending", "What work is still pending?",
             "The lint job's step id, actionlint, then the PR against main titled 'ci: key pip "
             "cache on requirements/*.txt'.",
             must=(("pull request", "pr against", "pr titled", "open the pr", "ci: key pip cache"),
                   ("lint", "actionlint"))),
    Question("state", "What is the state of the work?",
             "Test job fixed and verified (act: cache miss, numpy 2.0.1, 214 passed); lint job "
             "key edited but its setup-python step lacks the id, actionlint not run, no PR.",
             must=(("lint",), ("not run", "no id", "missing", "lacks", "not yet", "untested",
                               "not linted", "unverified")),
             stale_means="Says the whole fix is done or the PR is open."),
)  # fmt: skip

PRODUCTION = None  # the chat format has no compaction of its own
