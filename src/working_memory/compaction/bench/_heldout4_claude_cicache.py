"""Held out, fourth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code: a GitHub Actions pip cache that never
hits (its key has github.sha in it); a cache of the whole .venv written, then ruled out by the
user for setup-python's own pip cache; a probe workflow created then deleted; a setup-python
error that `gh run rerun` did not fix and cache-dependency-path did; a review subagent finds
the Makefile's --no-cache-dir (the cache that now hits is 2 KB) and the Dockerfile that needs
it; the PIP_FLAGS change written last, not pushed; the assistant's last words name a check its
last call already made. The production compaction is Claude Code's full nine-section one."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/maya/ledgerly"
)
s.user(
    "CI on ledgerly takes about 14 minutes a run, and most of it is `make deps` installing "
    "every wheel from scratch. The pip cache step in .github/workflows/ci.yml reports a miss "
    "on every single run. Make the cache actually hit."
)
s.call(
    "Read",
    "     1→name: ci\n     2→on: [push, pull_request]\n     3→jobs:\n     4→  test:\n"
    "     5→    runs-on: ubuntu-22.04\n     6→    strategy:\n     7→      matrix:\n"
    '     8→        python: ["3.11", "3.12"]\n     9→    steps:\n'
    "    10→      - uses: actions/checkout@v4\n    11→      - uses: actions/setup-python@v5\n"
    "    12→        with:\n    13→          python-version: ${{ matrix.python }}\n"
    "    14→      - uses: actions/cache@v3\n    15→        with:\n"
    "    16→          path: ~/.cache/pip\n"
    "    17→          key: pip-${{ runner.os }}-${{ github.sha }}\n"
    "    18→      - run: make deps\n    19→      - run: make test\n",
    file_path="/home/maya/ledgerly/.github/workflows/ci.yml",
)
s.call(
    "Bash",
    "X  main  ci  #4817  9187011532  13m52s\n"
    "Run actions/cache@v3\nCache not found for input keys: pip-Linux-8d1e4f0c27b9a6e1\n"
    "Run make deps\n  ... make deps took 6m41s\n",
    command="gh run list --workflow ci.yml --limit 1 && gh run view 9187011532 --log | "
    "grep -E 'Cache|make deps'",
    description="Look at the cache step of the latest CI run",
)
s.say(
    "The key is pip-${{ runner.os }}-${{ github.sha }}: every commit has a new sha, so every "
    "run looks up a key that has never been saved, and there are no restore-keys to fall back "
    "on. It can never hit. Plan: cache the whole .venv with actions/cache@v4, keyed on the "
    "Python version and hashFiles('requirements/*.txt'), and skip make deps when cache-hit is "
    "'true'. That saves the install and the wheel builds."
)
s.call(
    "Edit",
    "The file /home/maya/ledgerly/.github/workflows/ci.yml has been updated.",
    file_path="/home/maya/ledgerly/.github/workflows/ci.yml",
    old_string="      - uses: actions/cache@v3\n        with:\n          path: ~/.cache/pip\n"
    "          key: pip-${{ runner.os }}-${{ github.sha }}\n      - run: make deps\n",
    new_string="      - uses: actions/cache@v4\n        id: venv\n        with:\n"
    "          path: .venv\n"
    "          key: venv-${{ matrix.python }}-${{ hashFiles('requirements/*.txt') }}\n"
    "      - run: make deps\n        if: steps.venv.outputs.cache-hit != 'true'\n",
)
s.call(
    "Write",
    "File created successfully at: /home/maya/ledgerly/.github/workflows/cache-probe.yml",
    file_path="/home/maya/ledgerly/.github/workflows/cache-probe.yml",
    content="name: cache-probe\non: workflow_dispatch\njobs:\n  probe:\n"
    "    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - run: echo \"${{ hashFiles('requirements/*.txt') }}\"\n",
)
s.user(
    "Don't cache the .venv. The matrix runs 3.11 and 3.12 and a venv has absolute paths to its "
    "interpreter baked in; restoring one after a runner image update broke every job for a day "
    "last spring (INFRA-77). Use setup-python's built-in `cache: pip` with "
    "cache-dependency-path on the requirements files, and leave actions/cache out of it. And "
    "delete that probe workflow: test on a branch with the real CI run."
)
s.call(
    "Bash",
    "rm '.github/workflows/cache-probe.yml'",
    command="git rm -f .github/workflows/cache-probe.yml",
    description="Delete the probe workflow",
)
s.call(
    "Edit",
    "The file /home/maya/ledgerly/.github/workflows/ci.yml has been updated.",
    file_path="/home/maya/ledgerly/.github/workflows/ci.yml",
    old_string="          python-version: ${{ matrix.python }}\n"
    "      - uses: actions/cache@v4\n        id: venv\n        with:\n"
    "          path: .venv\n"
    "          key: venv-${{ matrix.python }}-${{ hashFiles('requirements/*.txt') }}\n"
    "      - run: make deps\n        if: steps.venv.outputs.cache-hit != 'true'\n",
    new_string="          python-version: ${{ matrix.python }}\n          cache: pip\n"
    "      - run: make deps\n",
)
s.say(
    "The actions/cache step is gone; setup-python now caches ~/.cache/pip itself, keyed on a "
    "hash of the requirements files. Pushing to a branch, ci-cache, to try it on the real run."
)
s.call(
    "Bash",
    "Switched to a new branch 'ci-cache'\n[ci-cache 51c0e2a] ci: setup-python pip cache\n"
    "branch 'ci-cache' set up to track 'origin/ci-cache'.\n"
    "X ci-cache ci · 9187342210\nTriggered via push less than a minute ago\n\nJOBS\n"
    "X test (3.11) in 14s\n  ✓ Run actions/checkout@v4\n  X Run actions/setup-python@v5\n"
    "X test (3.12) in 12s\n\nANNOTATIONS\n"
    "X No file in /home/runner/work/ledgerly/ledgerly matched to [**/requirements.txt or "
    "**/pyproject.toml], make sure you have checked out the target repository\n"
    "test (3.11): .github#L1\n\nrun 9187342210 failed",
    command="git checkout -b ci-cache && git commit -qam 'ci: setup-python pip cache' && "
    "git push -qu origin ci-cache && gh run watch --exit-status",
    description="Push the branch and watch its CI run",
)
s.say("That could be a transient runner problem; re-running the failed jobs.")
s.call(
    "Bash",
    "X ci-cache ci · 9187342210 (attempt 2)\n\nJOBS\n"
    "X test (3.11) in 13s\n  X Run actions/setup-python@v5\nX test (3.12) in 13s\n\n"
    "ANNOTATIONS\nX No file in /home/runner/work/ledgerly/ledgerly matched to [**/requirements.txt or "
    "**/pyproject.toml], make sure you have checked out the target repository\n\n"
    "run 9187342210 failed",
    command="gh run rerun 9187342210 --failed && gh run watch 9187342210 --exit-status",
    description="Re-run the failed jobs",
)
s.say(
    "The same error on the re-run, so it is the configuration: without cache-dependency-path, "
    "setup-python hashes **/requirements.txt or **/pyproject.toml, and ledgerly has neither; "
    "its pins are requirements/base.txt and requirements/dev.txt. Setting "
    "cache-dependency-path: requirements/*.txt."
)
s.call(
    "Edit",
    "The file /home/maya/ledgerly/.github/workflows/ci.yml has been updated.",
    file_path="/home/maya/ledgerly/.github/workflows/ci.yml",
    old_string="          cache: pip\n",
    new_string="          cache: pip\n          cache-dependency-path: requirements/*.txt\n",
)
s.call(
    "Bash",
    "[ci-cache 7a3f9d1] ci: hash requirements/*.txt for the pip cache\n"
    "✓ ci-cache ci · 9187401877\n\nJOBS\n✓ test (3.11) in 8m02s\n✓ test (3.12) in 8m11s\n"
    "setup-python: Cache not found for input keys: "
    "setup-python-Linux-x64-22.04-python-3.11.9-pip-5be14c7e\n"
    "make deps took 6m38s\n"
    "Post setup-python: Cache saved with key: "
    "setup-python-Linux-x64-22.04-python-3.11.9-pip-5be14c7e",
    command="git commit -qam 'ci: hash requirements/*.txt for the pip cache' && git push -q "
    "&& gh run watch --exit-status && gh run view --log | grep -E 'Cache|make deps'",
    description="Push the fix and watch the run",
)
s.call(
    "Bash",
    "✓ ci-cache ci · 9187455020\n\nJOBS\n✓ test (3.11) in 7m49s\n✓ test (3.12) in 7m58s\n"
    "setup-python: Cache restored from key: "
    "setup-python-Linux-x64-22.04-python-3.11.9-pip-5be14c7e\n"
    "Cache Size: ~0 MB (2214 B)\nmake deps took 6m29s",
    command="gh workflow run ci.yml --ref ci-cache && sleep 5 && gh run watch --exit-status && "
    "gh run view --log | grep -E 'Cache|make deps'",
    description="Run CI a second time to see the cache restored",
)
s.say(
    "The second run restored the cache from key "
    "setup-python-Linux-x64-22.04-python-3.11.9-pip-5be14c7e, so the key is stable across "
    "runs now. Asking a reviewer to look over the workflow before I hand it back."
)
s.call(
    "Task",
    "Review of the ci-cache branch:\n1. The cache hits, but it is empty. `make deps` (Makefile "
    "line 7) runs `pip install --no-cache-dir -r requirements/dev.txt`, so pip never writes a "
    "wheel to ~/.cache/pip: the cache saved after the first run is 2214 B, and on the hit make "
    "deps still took 6m29s against 6m38s cold. The hit saves nothing.\n2. Don't just delete "
    "--no-cache-dir: the Dockerfile runs the same target (`RUN make deps`), and there the flag "
    "keeps about 400 MB of wheels out of the image.\nSuggest making the flag overridable and "
    "turning it off for CI only.",
    description="Review the CI cache change",
    prompt="Review the ci-cache branch of ledgerly: does the pip cache in "
    ".github/workflows/ci.yml now make `make deps` faster, and does anything else change?",
    subagent_type="code-reviewer",
)
s.user(
    "Good catch. The Docker build has to keep --no-cache-dir; only CI should use pip's cache. "
    "And it only counts if the install step takes under 90 seconds on a warm cache. Squash the "
    "ci-cache commits into one before I look at the PR."
)
s.call(
    "Edit",
    "The file /home/maya/ledgerly/Makefile has been updated.",
    "Making the flag overridable: PIP_FLAGS ?= --no-cache-dir in the Makefile, and ci.yml "
    "passes PIP_FLAGS= so CI keeps pip's wheel cache while the Docker build keeps the flag.",
    file_path="/home/maya/ledgerly/Makefile",
    old_string="deps:\n\tpip install --no-cache-dir -r requirements/dev.txt\n",
    new_string="PIP_FLAGS ?= --no-cache-dir\n\n"
    "deps:\n\tpip install $(PIP_FLAGS) -r requirements/dev.txt\n",
)
s.call(
    "Edit",
    "The file /home/maya/ledgerly/.github/workflows/ci.yml has been updated.",
    file_path="/home/maya/ledgerly/.github/workflows/ci.yml",
    old_string="      - run: make deps\n",
    new_string="      - run: make deps PIP_FLAGS=  # CI keeps pip's wheel cache\n",
)
s.call(
    "Bash",
    "pip install  -r requirements/dev.txt\n---\npip install --no-cache-dir -r requirements/dev.txt",
    command="make -n deps PIP_FLAGS= && echo --- && make -n deps",
    description="Dry-run make deps with and without the CI override",
)
s.say(
    "Both expand as intended: CI installs without the flag, the default keeps --no-cache-dir. "
    "Let me look at the Dockerfile to confirm it calls make deps without PIP_FLAGS, so the "
    "image keeps --no-cache-dir:"
)
s.call(
    "Read",
    "     1→FROM python:3.12-slim\n     2→WORKDIR /app\n"
    "     3→COPY Makefile requirements/ ./\n     4→RUN make deps\n     5→COPY . .\n",
    file_path="/home/maya/ledgerly/Dockerfile",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Make the pip cache in ledgerly's CI (.github/workflows/ci.yml) actually hit, so "
             "`make deps` stops installing every wheel from scratch (runs take ~14 minutes).",
             must=(("cache",), ("ci.yml", "make deps", "workflow")),
             partial_means="Speeding up CI without the cache, or the cache without CI.",
             wrong="Caching the test results; changing the test matrix."),
    Question("latest_request", "What did the user last ask?",
             "Keep --no-cache-dir for the Docker build and use pip's cache in CI only; the "
             "install step must take under 90 seconds on a warm cache; squash the ci-cache "
             "commits into one before the user looks at the PR.",
             must=(("no-cache-dir", "docker"), ("90", "squash")),
             partial_means="The Docker/CI split without the 90-second target or the squash.",
             wrong="Caching the .venv (the user ruled it out).",
             stale_means="The first request or the setup-python correction given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Commit and push the PIP_FLAGS change to ci-cache, watch the run and then a second "
             "run: make deps should take under 90 seconds with a cache bigger than 2214 B; then "
             "squash the ci-cache commits into one.",
             must=(("push", "second run", "gh run watch", "gh workflow run"), ("90",)),
             stale=("look at the dockerfile", "confirm it calls make deps",
                    "cache the whole .venv"),
             partial_means="Says to push without the 90-second check, or to squash only.",
             wrong="Deleting --no-cache-dir from the Makefile; caching the .venv.",
             stale_means="Says to check the Dockerfile (the last Read did) or to cache the "
                         ".venv."),
    Question("files_edited", "Which files were changed, and why?",
             ".github/workflows/ci.yml (the github.sha actions/cache step replaced by "
             "setup-python cache: pip with cache-dependency-path: requirements/*.txt; make deps "
             "PIP_FLAGS=); Makefile (PIP_FLAGS ?= --no-cache-dir, used by deps). "
             ".github/workflows/cache-probe.yml was created and deleted.",
             must=(("ci.yml",), ("makefile",)),
             stale=("cache-probe.yml",), spread=True,
             partial_means="One of the two files.",
             wrong="The Dockerfile or the requirements files as changed.",
             stale_means="cache-probe.yml listed as a file that exists or was added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "setup-python's built-in cache: pip keyed on requirements/*.txt, --no-cache-dir "
             "turned off for CI only through PIP_FLAGS; rules out caching the .venv with "
             "actions/cache (INFRA-77: interpreter paths across 3.11/3.12 and runner images), "
             "the github.sha key, and deleting --no-cache-dir (the Dockerfile needs it).",
             must=(("cache: pip", "setup-python"), (".venv", "venv")),
             stale=("cache the whole .venv",),
             partial_means="setup-python's cache without what it rules out.",
             wrong="A .venv cache keyed on the Python version.",
             stale_means="The .venv cache given as the design."),
    Question("review", "What did the review find?",
             "The cache hits but is empty: the Makefile's deps runs pip install --no-cache-dir, "
             "so ~/.cache/pip stays empty (2214 B saved) and make deps still takes 6m29s; and "
             "the Dockerfile runs the same target, where --no-cache-dir keeps ~400 MB of wheels "
             "out of the image.",
             must=(("no-cache-dir",), ("2214", "0 mb", "empty", "6m29s", "saves nothing")),
             partial_means="The --no-cache-dir flag without what it does to the cache.",
             wrong="The github.sha key (the agent found that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "Don't cache the .venv (absolute interpreter paths; restoring one after a runner "
             "image update broke every job for a day, INFRA-77): use setup-python's cache: pip "
             "with cache-dependency-path, no actions/cache; delete the probe workflow and test "
             "on a branch.",
             must=((".venv", "venv"), ("infra-77", "cache: pip", "setup-python")),
             partial_means="No .venv cache without what to use instead, or the reverse.",
             wrong="The review's findings given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "setup-python failed with 'No file in /home/runner/work/ledgerly/ledgerly matched to "
             "[**/requirements.txt or **/pyproject.toml]' (ledgerly's pins are in "
             "requirements/); `gh run rerun --failed` gave the same error; fixed by "
             "cache-dependency-path: requirements/*.txt.",
             must=(("no file in", "matched to", "**/requirements.txt"),
                   ("cache-dependency-path",)),
             stale=("fixed by re-running", "fixed by gh run rerun", "transient runner"),
             partial_means="The error without its cause or fix.",
             wrong="A cache miss given as the error's fix.",
             stale_means="The failure put down to a transient runner or 'fixed' by the "
                         "re-run."),
    Question("key_values", "Which key values matter?",
             "~14 minute runs; make deps 6m38s cold, 6m29s on the empty hit; cache 2214 B; "
             "target under 90 seconds; Python 3.11 and 3.12; INFRA-77; key "
             "setup-python-Linux-x64-22.04-python-3.11.9-pip-5be14c7e; ~400 MB kept out of the "
             "image.",
             must=(("90",), ("2214", "6m29s", "6m38s", "400 mb")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             ".github/workflows/ci.yml is the CI workflow (matrix 3.11/3.12, setup-python, make "
             "deps, make test); the Makefile's deps target installs requirements/dev.txt and is "
             "shared with the Dockerfile (RUN make deps); requirements/base.txt and dev.txt "
             "hold the pins the cache key hashes.",
             must=(("makefile", "make deps", "deps target"),
                   ("dockerfile", "docker build", "run make deps")),
             partial_means="The files named without what they do.",
             wrong="The Dockerfile described as part of CI."),
    Question("pending", "What work is still pending?",
             "Push the PIP_FLAGS change and check the second run (make deps under 90 s); "
             "squash the ci-cache commits into one before the user reviews the PR.",
             must=(("push", "second run", "gh workflow run"), ("squash",)),
             partial_means="One of the two.",
             wrong="Caching the .venv; removing --no-cache-dir."),
    Question("state", "What is the state of the work?",
             "The cache key is fixed (the second run restored it), but the cache was empty; "
             "the PIP_FLAGS change in the Makefile and ci.yml is written and dry-run with "
             "make -n but not pushed or verified on CI, and the commits are not squashed.",
             must=(("pip_flags",), ("not pushed", "untested", "not yet", "not verified",
                                    "uncommitted", "not committed", "not run")),
             partial_means="The fixed key without saying the PIP_FLAGS change is unverified.",
             wrong="Says the cache still never hits.",
             stale_means="Says make deps is now under 90 seconds (never measured)."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The cache key contained github.sha; my .venv cache was rejected for setup-python's own pip cache; a code-reviewer subagent found the cache empty because of --no-cache-dir.

Summary:
1. Primary Request and Intent:
   Make the pip cache in .github/workflows/ci.yml hit so `make deps` stops installing every wheel from scratch (CI runs ~14 minutes). Latest request: the Docker build keeps --no-cache-dir, only CI uses pip's cache; the install must take under 90 seconds on a warm cache; squash the ci-cache commits into one before the user reviews the PR.
2. Key Technical Concepts:
   - The old key pip-${{ runner.os }}-${{ github.sha }} changed every commit (no restore-keys), so it never hit.
   - Decision: setup-python's built-in `cache: pip` with cache-dependency-path: requirements/*.txt; --no-cache-dir stays the Makefile default and CI overrides it with PIP_FLAGS=. Rejected: caching .venv with actions/cache (absolute interpreter paths across the 3.11/3.12 matrix; a restored venv broke every job after a runner image update, INFRA-77).
3. Files and Code Sections:
   - .github/workflows/ci.yml (edited): actions/cache step removed; setup-python cache: pip, cache-dependency-path: requirements/*.txt; `make deps PIP_FLAGS=`.
   - Makefile (edited): PIP_FLAGS ?= --no-cache-dir; deps runs pip install $(PIP_FLAGS) -r requirements/dev.txt.
   - Dockerfile (read): RUN make deps, no PIP_FLAGS.
   - .github/workflows/cache-probe.yml: created, then deleted with git rm at the user's request.
4. Errors and fixes:
   - setup-python failed with "No file in /home/runner/work/ledgerly/ledgerly matched to [**/requirements.txt or **/pyproject.toml]" (the pins live in requirements/); `gh run rerun --failed` gave the same error; fixed by cache-dependency-path: requirements/*.txt.
5. Problem Solving:
   The second run restored setup-python-Linux-x64-22.04-python-3.11.9-pip-5be14c7e; the reviewer found the cache holds 2214 B because make deps uses --no-cache-dir, so make deps still took 6m29s (6m38s cold); the Dockerfile needs the flag (~400 MB of wheels).
6. All user messages:
   - "CI on ledgerly takes about 14 minutes a run ... Make the cache actually hit."
   - "Don't cache the .venv ... Use setup-python's built-in `cache: pip` ... delete that probe workflow"
   - "Good catch. The Docker build has to keep --no-cache-dir; only CI should use pip's cache ... under 90 seconds on a warm cache. Squash the ci-cache commits"
7. Pending Tasks:
   - Push the PIP_FLAGS change; check the second run: make deps under 90 seconds.
   - Squash the ci-cache commits into one.
8. Current Work:
   The PIP_FLAGS change is written in the Makefile and ci.yml and checked with make -n, but not pushed or verified on CI; the commits are not squashed.
9. Optional Next Step:
   Commit and push to ci-cache, trigger a second run with gh workflow run and check that make deps takes under 90 seconds; then squash the branch into one commit."""
