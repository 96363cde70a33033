"""What a span of agent history did, read from its messages without a model.

The typed user messages, the files touched (read, edited, created), the errors (message line,
where, and whether a later run of the same step passed), the shell commands and their outcomes,
the pending todo items (Claude Code `TodoWrite`, Codex `update_plan`, beads `bd` commands) and
the next step. The offline compactor writes its handoff from this, and the continuation probes
(`working_memory.compaction._continuation`) ask a summary for the same things.

Heuristic and format-aware, not universal: tools are recognised by the names real harnesses
use (Claude Code, Codex, OpenHands, SWE-agent, mini-swe-agent); an error is a line that looks
like one in a shell command's output or a tool's error reply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ._facts import find_facts
from ._segments import content_text, is_chit_chat, is_typed_user_text

__all__ = [
    "Call",
    "CommandRun",
    "ErrorRecord",
    "FileTouch",
    "SpanState",
    "TodoItem",
    "span_state",
]

# Tool names, lower-cased, by what they do to a file.
_READ_TOOLS = frozenset({"read", "view", "read_file", "open", "notebookread", "readfile"})
_EDIT_TOOLS = frozenset(
    {"edit", "multiedit", "notebookedit", "str_replace", "insert", "edit_file", "replace"}
)
_WRITE_TOOLS = frozenset({"write", "create", "write_file", "create_file"})
_DELETE_TOOLS = frozenset({"delete", "delete_file", "remove", "remove_file", "rm", "unlink"})
_SHELL_TOOLS = frozenset(
    {"bash", "shell", "exec_command", "execute_bash", "run_command", "terminal", "local_shell"}
)
_PATH_KEYS = ("file_path", "path", "notebook_path", "filename", "file")

# GHC's runtime giving up (`logtally: Heap exhausted;`): its line ends with a semicolon, as a
# line of source does.
_RUNTIME_GAVE_UP = re.compile(
    r"[\w.-]+: (?:Heap exhausted|out of memory|Stack space overflow|<<loop>>)"
)
# A line that reports an error: an exception with its message, a compiler's `error:`, a
# failing test count, `fatal:`, Elixir's `** (CompileError)`, a harness's `<tool_use_error>`,
# Go's failing test (`--- FAIL: TestX (0.04s)`).
_ERROR_LINE = re.compile(
    r"(?:^|\s)(?:[a-z_]\w*\.|[A-Za-z_]\w*\\)*(?:[A-Z][\w.]*(?:Error|Exception)\b(?::|\)|\s-)?\s*\S"
    r"|--- FAIL: \w"
    # sbt's failed run (`Failed: Total 1, Failed 1`), munit's failing test (`==> X a.Spec.t`),
    # GHC's runtime giving up (`logtally: Heap exhausted;`, `prog: out of memory`)
    r"|Failed: Total \d+, Failed [1-9]|^==> X \S"
    rf"|^{_RUNTIME_GAVE_UP.pattern}"
    r"|(?i:error|fatal|panic)(?:\[[\w\-]+\])?:\s*\S"
    r"|\*\* \(\w+"
    r"|<tool_use_error>"
    r"|\b(?:ERROR|FAILED|FATAL)\b"
    r"|\b[1-9]\d* (?:failed|failures?|errors?)\b"
    # plenary's failing spec (`Fail\t||\tapply inserts a line`), make's failed recipe
    r"|Fail\s*\|\|\s*\S|make(?:\[\d+\])?: \*\*\* )",
)
_PROBLEM_WORDS = (
    "rror", "RROR", "ail", "AIL", "atal", "ATAL", "anic", "xception", "xit code", "returncode",
    "** (", "xhausted", "of memory", "overflow", "<<loop>>",
)  # fmt: skip


def _may_report_problem(text: str) -> bool:
    """A necessary condition for error_line to find anything: substring checks at C speed
    (a case-insensitive regex over every tool output cost more than the rest of the reading)."""
    return any(word in text for word in _PROBLEM_WORDS)


_EXIT_CODE = re.compile(r"^(?:Exit code|exit code:?|<returncode>)\s*([1-9]\d*)", re.MULTILINE)
_NOT_ERROR = re.compile(r"\b0 (?:failures?|errors?|failed)\b|\bno errors?\b", re.IGNORECASE)
# Lines a test run or build ends with: "43 tests, 0 failures", "12 passed in 2.1s".
_OUTCOME_LINE = re.compile(
    r"\b\d+ (?:tests?|passed|failures?|failed|examples?|doctests?|errors?|warnings?|files?|"
    r"issues?|problems?|checks?)\b(?![/.]\w)"  # not git's `create mode 100644 tests/a.py`
    r"|\b(?:Passed|Failed|Total):\s+\d+"  # dotnet test: `Passed!  - Failed: 0, Passed: 89`
    r"|\b(?:Passed|Failed): Total \d+"  # sbt: `[info] Passed: Total 86, Failed 0, Errors 0`
    r"|\+\d+(?: ~\d+)?(?: -\d+)?: (?:All tests passed|Some tests failed)",  # dart/flutter test
    re.IGNORECASE,
)
_GIT_STAT = re.compile(r"^\d+ files? changed\b")  # `5 files changed, 91 insertions(+)`
_COUNTS = re.compile(
    r"\b\d+(?= (?:tests?|passed|failed|examples?)\b)|(?<=Passed:)\s*\d+|(?<=\+)\d+(?=[: ])"
    r"|(?<=: Total )\d+"
)
_LOCATION = re.compile(r"(?<![\w/.])((?:[\w.\-]+/)*[\w.\-]+\.[A-Za-z]{1,5}):(\d+)")
STATED_NEXT = re.compile(
    r"\b(?:next(?: step)?|still need(?:s|ed)? to|remaining|after that|"
    r"let me|let's|i'll|i will|i need to|we need to|going to)\b",
    re.IGNORECASE,
)
# (a `!` before a lowercase word ends no sentence: Rust's `println! can't come back`)
_SENTENCE = re.compile(r"\S.*?(?:(?:[.?]|!(?!\s+[a-z]))+(?=\s|$)|$)", re.MULTILINE)
_BD_ID = r"[a-z][\w]*-[\w]+(?:\.\d+)*"
_BD_UPDATE = re.compile(rf"\bbd update ({_BD_ID}(?: {_BD_ID})*)[^|;&\n]*--status[= ]?(\w+)")
_BD_CLOSE = re.compile(rf"\bbd close((?: +{_BD_ID})+)")
_BD_SHOW = re.compile(rf"\bbd show((?: +{_BD_ID})+)")
_BD_TITLE = re.compile(rf"^[○◐●✓✗\s]*({_BD_ID}) · (.+?)(?:\s{{2,}}\[|$)", re.MULTILINE)
_PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.MULTILINE)
_DONE = frozenset({"completed", "complete", "done", "closed", "cancelled", "canceled"})


@dataclass(frozen=True)
class Call:
    """One tool call: its name, decoded arguments, a one-line description, and its result."""

    index: int  # message index of the call
    name: str
    args: Mapping[str, Any]
    text: str  # "$ mix test" or "Edit lib/a.ex"
    result: str | None
    result_index: int | None


@dataclass(frozen=True)
class FileTouch:
    path: str
    actions: tuple[str, ...]  # of "read", "edited", "created", "deleted", in first-seen order
    last_index: int


@dataclass(frozen=True)
class ErrorRecord:
    message: str  # the error's line, clipped
    where: str  # the call that produced it ("$ mix test", "Edit lib/a.ex") and a file:line
    index: int  # message index of the result
    fixed: bool  # a later run of the same step succeeded
    fixed_by: str | None = None
    step: str = ""  # what makes a later call the same step (see `step_key`)


@dataclass(frozen=True)
class CommandRun:
    command: str
    outcome: str  # "ok", "ok: 43 tests, 0 failures", "failed: <error line>"
    failed: bool
    index: int
    runs: int = 1


@dataclass(frozen=True)
class TodoItem:
    text: str
    status: str  # "in_progress", "pending", "open", ...
    source: str  # "TodoWrite", "update_plan", "bd"


@dataclass(frozen=True)
class SpanState:
    """The state of the work at the end of a span, as a continuing agent needs it."""

    user_messages: tuple[str, ...]  # typed user messages in order, pleasantries included
    latest_request: str | None  # the last typed user message that is not a pleasantry
    files: tuple[FileTouch, ...]
    errors: tuple[ErrorRecord, ...]
    commands: tuple[CommandRun, ...]
    todos: tuple[TodoItem, ...]  # the pending items of the latest plan / tracker state
    next_step: str | None
    stated_next: str | None  # the assistant's own last statement of what it does next
    last_said: str | None  # the last assistant text
    calls: tuple[Call, ...] = field(default=(), repr=False)

    @property
    def task(self) -> str | None:
        return next((m for m in self.user_messages if not is_chit_chat(m)), None)

    def files_with(self, action: str) -> list[str]:
        return [f.path for f in self.files if action in f.actions]

    @property
    def unresolved_errors(self) -> list[ErrorRecord]:
        return [e for e in self.errors if not e.fixed]


# --- reading calls ----------------------------------------------------------------------------


def _decode(raw: Any) -> Mapping[str, Any]:
    if isinstance(raw, Mapping):
        return raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw)
        except ValueError:
            return {"input": raw}  # Codex apply_patch and custom tools take plain text
        return value if isinstance(value, Mapping) else {"input": value}
    return {}


def command_of(args: Mapping[str, Any]) -> str | None:
    """A shell call's command line, Codex's `bash -lc` argv unwrapped."""
    value = args.get("command", args.get("cmd"))
    if isinstance(value, list):  # Codex's shell takes an argv list
        value = " ".join(str(v) for v in value)
        if value.startswith(("bash -lc ", "bash -c ")):
            value = value.split(" ", 2)[2]
    return value if isinstance(value, str) and value.strip() else None


def path_of(args: Mapping[str, Any]) -> str | None:
    for key in _PATH_KEYS:
        value = args.get(key)
        if isinstance(value, str) and value.strip() and "\n" not in value:
            return value.strip()
    return None


def _describe(name: str, args: Mapping[str, Any]) -> str:
    command = command_of(args)
    lowered = name.lower()
    if command is not None and (lowered in _SHELL_TOOLS or not path_of(args)):
        return "$ " + " ".join(command.split())[:200]
    path = path_of(args)
    if path:
        return f"{name} {path}"
    for key in ("pattern", "query", "url", "description"):
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            return f"{name} {' '.join(value.split())[:120]}"
    return name


def _message_calls(message: Mapping[str, Any]) -> list[tuple[str | None, str, Mapping[str, Any]]]:
    calls: list[tuple[str | None, str, Mapping[str, Any]]] = []
    for call in message.get("tool_calls") or []:
        if not isinstance(call, Mapping):
            continue
        function = call.get("function") or {}
        name = str(function.get("name") or call.get("name") or "tool")
        calls.append((call.get("id"), name, _decode(function.get("arguments", call.get("input")))))
    content = message.get("content")
    if isinstance(content, list):
        for block in content:
            if isinstance(block, Mapping) and block.get("type") == "tool_use":
                calls.append(
                    (block.get("id"), str(block.get("name") or "tool"), _decode(block.get("input")))
                )
    return calls


def _results(message: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """(call id, text) of each tool result a message carries."""
    role = message.get("role")
    content = message.get("content")
    if role in ("tool", "function", "observation"):
        return [(message.get("tool_call_id"), content_text(content)[0])]
    if isinstance(content, list):
        out = []
        for block in content:
            if isinstance(block, Mapping) and block.get("type") == "tool_result":
                text = content_text(block.get("content"))[0]
                if block.get("is_error") and "<tool_use_error>" not in text:
                    text = "<tool_use_error>" + text
                out.append((block.get("tool_use_id"), text))
        return out
    return []


# SWE-agent's file window at the head of a result: `[File: /testbed/a.py (20 lines total)]`.
_OPEN_FILE = re.compile(r"\[File: ([^\s\]]+)(?: \(\d+ lines total\))?\]")


def span_calls(span: Sequence[Mapping[str, Any]]) -> list[Call]:
    """Every tool call of the span with its result, paired by id (or by order without ids)."""
    pending: list[tuple[int, str | None, str, Mapping[str, Any]]] = []
    done: dict[int, Call] = {}
    order: list[int] = []
    for index, message in enumerate(span):
        for call_id, name, args in _message_calls(message):
            pending.append((len(order), call_id, name, args))
            order.append(index)
            done[len(order) - 1] = Call(index, name, args, _describe(name, args), None, None)
        for result_id, text in _results(message):
            at = next((i for i, p in enumerate(pending) if result_id and p[1] == result_id), None)
            if at is None and pending:
                at = 0  # no id (or an id reused): the oldest unanswered call
            if at is None:
                continue
            slot, _, name, args = pending.pop(at)
            window = _OPEN_FILE.match(text) if not path_of(args) else None
            if window:  # SWE-agent's `edit` acts on the open file, its window names it
                args = {**args, "path": window.group(1)}
            done[slot] = Call(order[slot], name, args, _describe(name, args), text, index)
    return [done[i] for i in range(len(order))]


# --- errors and outcomes ----------------------------------------------------------------------


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + " ..."


def error_line(result: str, *, shell: bool) -> str | None:
    """The line that says what went wrong in a tool result, or None when it reports no error."""
    if not result or not _may_report_problem(result):
        return None  # most results report nothing wrong
    text = result.replace("<tool_use_error>", "\n<tool_use_error>").replace(
        "</tool_use_error>", "\n"
    )
    exit_code = _EXIT_CODE.search(text)
    if not shell and "<tool_use_error>" not in text and not text.lstrip().startswith("Error"):
        return None  # a file's text that mentions "error" is not an error
    best: str | None = None
    exception = False  # best is an exception line: a later summary line ("FAILED") says less
    lines = text.splitlines()
    for n, raw in enumerate(lines):
        if "<tool_use_error>" not in raw and not _may_report_problem(raw):
            continue  # cheap: the regexes below only run on lines that may report one
        line = raw.strip().removeprefix("<tool_use_error>").strip()
        if not line or len(line) > 400 or _NOT_ERROR.search(line):
            continue
        if _CODE_LINE.search(line) and not _RUNTIME_GAVE_UP.match(line):
            continue  # source printed; GHC's `prog: Heap exhausted;` ends as a statement does
        if _EXCEPTION.fullmatch(line):
            # RSpec prints the exception's class alone (`ArgumentError:`), its message under it
            said = next((ln.strip() for ln in lines[n + 1 : n + 3] if ln.strip()), "")
            line = f"{line} {said}".strip()
        if _EXCEPTION.match(line):
            # a traceback ends with its exception: prefer "XError: message" over frames;
            # unittest's "ERROR: test_x (mod.Class)" then its exception: both, in one
            header = _UNITTEST_HEADER.match(best or "")
            best = f"{header.group(1)}: {line}" if header else line
            exception = True
        elif ("<tool_use_error>" in raw or _ERROR_LINE.search(line)) and (
            best is None or (not exception and _ERROR_LINE.search(best) is None)
        ):
            best = line
    if best is not None and _COUNT_ONLY.search(best):
        best = _pytest_failure(text) or best  # "2 failed, 53 passed" says less than its first
    if best is not None and best.startswith("--- FAIL: "):
        best = _go_failure(text) or best  # the header names the test, the next line what broke
    elif best is not None and not exception:
        best = _named_failure(text) or best  # `Fail || x`, `Test Files 1 failed` say less
    if best is None and exit_code is not None:
        shown = [ln.strip() for ln in lines if ln.strip()]
        best = next((ln for ln in shown if not ln.startswith(("Exit code", "<"))), shown[0])
    return _clip(best) if best else None


# A line of source a look printed (`pub fn unpack(...) -> Result<usize, UnpackError> {`): it
# names an error type, it reports none.
_CODE_LINE = re.compile(
    r"^(?:pub |fn |func |def |class |impl |let |const |import |use |from \S+ import |raise \w|"
    r"throw new |except \w|catch \()|[{;]$"
    r"|^[A-Z]\w*,$"  # a name in an import list (`UnauthorizedException,`)
)
# An exception line, its module path too (`django.db.utils.IntegrityError: ...`).
# PHP's namespaced one too (`Doctrine\DBAL\Exception\DriverException: ...`).
# Kaocha's `Exception: clojure.lang.Compiler$CompilerException: ...` names it after a label.
_EXCEPTION = re.compile(
    r"(?:Exception:\s+)?(?:[a-z_]\w*\.|[A-Za-z_]\w*\\)*[A-Z][\w$]*(?:Error|Exception):"
)
# unittest's header of one failing test: `ERROR: test_x (pkg.tests.Class)`.
_UNITTEST_HEADER = re.compile(r"^(?:ERROR|FAIL): (\w+)(?: \([\w.]+\))?$")
# A pytest run's summary line, and the parts of its first failure: the test's header, its
# `E   ` explanation, its `path:line: XError` location.
_COUNT_ONLY = re.compile(r"^[=\s]*\d+ (?:failed|errors?)\b.*\bin [\d.]+s\b")
_PYTEST_HEADER = re.compile(r"^_{3,} (\S+) _{3,}$", re.MULTILINE)
_PYTEST_E = re.compile(r"^E\s+(\S.*)$", re.MULTILINE)
_PYTEST_AT = re.compile(r"^((?:[\w.\-]+/)*[\w.\-]+\.\w+:\d+): (\w+)$", re.MULTILINE)


# Go's first failing test and the message under it: `--- FAIL: TestX (0.04s)` then
# `    x_test.go:31: got 994 lines, want 1000`.
_GO_FAILURE = re.compile(r"^--- FAIL: (\w+) \([\d.]+s\)\n\s+(?:[\w.\-]+\.go:\d+: )?(\S.*)$", re.M)


# A runner's failing test named on one line and its message on the next: plenary's `Fail || x`
# then `spec.lua:41: Expected objects to be the same.`; vitest's `❯ file > suite > x` (or `×`)
# then `→ Test timed out in 5000ms.`
_NAMED_FAILURE = (
    re.compile(r"^Fail\s*\|\|\s*(\S.*?)\s*\n\s*(?:\S*/)?(\S.*)$", re.M),
    # jest's `● suite › test` header, then what it threw (`thrown: "Exceeded timeout of ..."`)
    re.compile(r"^\s*\u25cf\s+(\S.*?)\s*\n\s*\n?\s*(thrown: .+|(?:\w+\.)*\w*Error: .+)$", re.M),
    re.compile(
        r"^\s*(?:\u276f|\u00d7|\u2715|\u2717)\s+\S+ > (.+?)(?:\s+\d+ms)?\n\s*\u2192\s+(\S.*)$", re.M
    ),
)


# Jest's (and expect's) failed matcher: `Expected: 400` over `Received: 204`, the test named
# by its `● suite › test` header or its `✕ test (61 ms)` line.
_EXPECTED_RECEIVED = re.compile(r"^\s*Expected:\s*(\S.*?)\s*\n\s*Received:\s*(\S.*?)\s*$", re.M)
_JEST_TEST = re.compile(r"^\s*(?:\u25cf|\u2715|\u00d7)\s+(\S.*?)(?:\s+\(\d+\s?ms\))?\s*$", re.M)
_JEST_PATH = " \u203a "  # `suite › test`


def _named_failure(text: str) -> str | None:
    """The first failing test a runner names with its message under it: `x: message`."""
    for pattern in _NAMED_FAILURE:
        m = pattern.search(text)
        if m:
            test = m.group(1).rsplit(" > ", 1)[-1].rsplit(_JEST_PATH, 1)[-1]
            said = m.group(2).strip()
            if said.startswith('thrown: "'):  # jest quotes what was thrown, to the next line
                said = "thrown: " + said.removeprefix('thrown: "').rstrip('"')
            return f"{test}: {said}"
    m = _EXPECTED_RECEIVED.search(text)
    if m:
        said = f"Expected: {m.group(1)}, Received: {m.group(2)}"
        test = _JEST_TEST.search(text)
        return f"{test.group(1).rsplit(_JEST_PATH, 1)[-1]}: {said}" if test else said
    return None


def _go_failure(text: str) -> str | None:
    """Go's first failure: `TestX: got 994 lines, want 1000` (its file:line is the where)."""
    m = _GO_FAILURE.search(text)
    return f"{m.group(1)}: {m.group(2).strip()}" if m else None


def _pytest_failure(text: str) -> str | None:
    """The first failure of a pytest report: `test_x: assert 1 == 2 (a.py:4: AssertionError)`."""
    header = _PYTEST_HEADER.search(text)
    if header is None:
        return None
    rest = text[header.end() :]
    explained = _PYTEST_E.search(rest)
    at = _PYTEST_AT.search(rest)
    out = header.group(1)
    if explained:
        out += f": {explained.group(1).strip()}"
    if at:
        out += f" ({at.group(1)}: {at.group(2)})"
    return out


def outcome_line(result: str) -> str | None:
    """The run's last line that counts its outcome; not one that counts nothing (cargo's
    doc-tests, `0 passed; 0 failed`, after the 46 tests that ran) where another counts some."""
    found = [
        line
        for raw in reversed(result.splitlines()[-40:])
        if (line := raw.strip()) and len(line) <= 160 and _OUTCOME_LINE.search(line)
    ]
    # a commit chained after the tests (`5 files changed, ...`) is no outcome of theirs
    found = [ln for ln in found if not _GIT_STAT.match(ln)] or found
    some = next((ln for ln in found if any(n != "0" for n in _COUNTS.findall(ln))), None)
    return _clip(some or found[0], 100) if found else None


# Tools that run the project's tests or build rather than read or write a file.
_RUN_TOOL = re.compile(r"(?:^|_)(?:tests?|pytest|build|lint|check)(?:$|_)")


# Runners in front of the program that names the step: `uv run pytest` is the step `pytest`.
RUNNER = re.compile(
    r"^(?:(?:uv|poetry|pipenv|pdm|hatch|rye) run |python3? -m |npx |bunx |bundle exec )+"
)


# The commands of a chain or a pipe, one by one.
SEGMENT = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")
# A command that runs the tests or the build: its program or its subcommand says so (a path
# such as `test/a_test.exs` in `git add` does not).
_TEST_PROGRAMS = frozenset(
    [
        "pytest",
        "tox",
        "nox",
        "jest",
        "vitest",
        "mocha",
        "make",
        "ctest",
        "phpunit",
        "rspec",
        "unittest",
        "credo",
        "ruff",
        "mypy",
        "tsc",
        "eslint",
    ]
)
_TEST_SUBCOMMANDS = frozenset(
    ["test", "tests", "check", "build", "compile", "lint", "vet", "typecheck"]
)
# Build tools that take a list of goals, anywhere after flags with values (`-pl module`).
_GOAL_TOOLS = frozenset(["mvn", "mvnw", "gradle", "gradlew", "sbt", "lein", "ant"])
# Their flags that take a value: `mvn -pl catalog-service test` runs the goal `test`.
_GOAL_VALUE_FLAGS = frozenset(
    ["-pl", "--projects", "-f", "--file", "-P", "--activate-profiles", "-s", "--settings",
     "-rf", "--resume-from", "-p", "--project-dir", "-b", "--build-file"]
)  # fmt: skip
# Flags that make a command print what it would run, running nothing.
_DRY_RUN = frozenset(["--dry-run", "--just-print", "--recon", "--collect-only", "--co"])
_MAKE_DRY = re.compile(r"(?:^|\s)-[a-zA-Z]*n[a-zA-Z]*(?:\s|$)")  # `make -n`, `make -kn`
# Programs that run another program inside a container or on a host.
_CONTAINERS = frozenset(["docker", "docker-compose", "podman", "kubectl", "ssh"])


# A test runner's count of the tests it ran: the code compiled.
_TESTS_RAN = re.compile(
    r"\bexecuted \d+ tests?\b|\b\d+ (?:tests? )?(?:passed|failed)\b|\btests? run: \d|"
    r"\btest result: |\btest case '",
    re.IGNORECASE,
)
_BUILD_SUBCOMMANDS = frozenset(["build", "compile", "assemble"])
_TEST_RUN_SUBCOMMANDS = frozenset(["test", "tests", "check"])


def test_targets(command: str) -> frozenset[str]:
    """The paths a test command runs (`./e2e/...`, `tests/test_a.py`), over its chain."""
    out: set[str] = set()
    for part in SEGMENT.split(command):
        words = _arguments(_SHELL_WORD.findall(RUNNER.sub("", part.strip())))
        if len(words) > 2 and runs_tests(part):
            out.update(w for w in words[2:] if "/" in w or w.startswith("."))
    return frozenset(out)


def covers_paths(ran: frozenset[str], failed: Iterable[str]) -> bool:
    """A run of `ran` covers a failure under `failed`: it named no paths, or each failed path
    lies under one it ran (`./...` covers `./e2e/...`, `tests` covers `tests/test_a.py`)."""

    def norm(path: str) -> str:
        return path.removesuffix("...").rstrip("/").removeprefix("./").removeprefix(".")

    roots = [norm(r) for r in ran]
    if not ran or "" in roots:
        return True  # no paths named, or the whole tree (`./...`, `.`)
    return all(any(norm(f).startswith(r) for r in roots) for f in failed)


def builds_before(running: str, failed: str) -> bool:
    """`$ xcodebuild test` (`running`) builds what `$ xcodebuild build` (`failed`) built."""
    ran, was = running.removeprefix("$ ").split(), failed.removeprefix("$ ").split()
    return (
        running.startswith("$ ")
        and failed.startswith("$ ")
        and len(ran) >= 2
        and len(was) >= 2
        and ran[0] == was[0]
        and was[1] in _BUILD_SUBCOMMANDS
        and ran[1] in _TEST_RUN_SUBCOMMANDS
    )


def runs_tests(segment: str) -> bool:
    """Whether one command (a segment of a chain) runs the tests or the build."""
    words = RUNNER.sub("", segment.strip()).split()
    if not words or words[0] == "cd":
        return False
    program = words[0].rsplit("/", 1)[-1]
    if _DRY_RUN & set(words) or (program == "make" and _MAKE_DRY.search(segment)):
        return False  # it prints what would run (`make -n`, `pytest --collect-only`): no run
    sub = next((w for w in words[1:] if not w.startswith("-")), "")
    if program == "gh" and words[1:3] in (["pr", "checks"], ["run", "watch"]):
        return True  # CI's checks, watched to the end: the tests and the build, run remotely
    if program in _TEST_PROGRAMS or sub in _TEST_SUBCOMMANDS or program.startswith("test"):
        return True
    if program in _GOAL_TOOLS and (_TEST_SUBCOMMANDS | {"verify"}) & set(words[1:]):
        return True  # `./mvnw -pl catalog-service clean test`: goals after a flag's value
    # `docker compose run --rm tests pytest -q`: the tests, in a container
    return program in _CONTAINERS and bool(_TEST_PROGRAMS & set(words[2:]))


_SCRIPT = re.compile(r"\.(?:py|sh|js|mjs|rb|php|pl)$")


# A flag's value, not an argument: `-p no:cacheprovider`, `-n 4`, `-k "not slow"`, `-o x=1`.
_ENV_SET = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_FLAG_VALUE = re.compile(r"""^(?:\d+|["'].*|[^/]*[:=].*)$""")
# A shell word: a quoted value is one word (`-k "not slow"`), quotes kept.
_SHELL_WORD = re.compile(r"""(?:[^\s"']+|"[^"]*"?|'[^']*'?)+""")


def _arguments(words: list[str]) -> list[str]:
    """A command's words without the variables it sets, its flags and the values they take
    (`CI=1 pytest -p no:cacheprovider tests/a.py` -> `pytest tests/a.py`)."""
    out: list[str] = []
    flag = value = False
    while words and _ENV_SET.match(words[0]):
        words = words[1:]  # `DATABASE_URL=... alembic upgrade`: the program is alembic
    goals = bool(words) and words[0].rsplit("/", 1)[-1] in _GOAL_TOOLS
    for w in words:
        if w.startswith("-"):
            flag = "=" not in w
            value = goals and w in _GOAL_VALUE_FLAGS
        elif flag and value:
            flag = value = False  # `-pl catalog-service`: the module, no argument of the step
        elif goals and w == "clean":
            flag = False  # `mvn clean test` runs the tests as `mvn test` does, from scratch
        elif not (flag and _FLAG_VALUE.match(w)):
            out.append(w)
            flag = False
        else:
            flag = False
    return out


def _script_words(body: str) -> frozenset[str]:
    """The words a script's lines run (a patch's `+` marks dropped)."""
    text = "\n".join(ln.removeprefix("+") for ln in body.splitlines())
    return frozenset(w for w in re.split(r"[\s;&|()]+", text) if w)


def _names_script(command: str, path: str) -> bool:
    """`sh scripts/x.sh`, `./x.sh`, `python x.py` run the script at `path`."""
    name = path.rsplit("/", 1)[-1]
    return any(w.rsplit("/", 1)[-1] == name for w in command.split())


def _command_key(command: str) -> str:
    command = re.split(r"\s*(?:\||2>&1|&&|;)\s*", command)[0]
    words = _arguments(_SHELL_WORD.findall(RUNNER.sub("", command)))
    # a script's subcommand names the step: `python manage.py migrate` is not `... test`
    n = 3 if len(words) > 2 and _SCRIPT.search(words[1]) else 2
    return "$ " + " ".join(words[:n])


def step_key(call: Call) -> str:
    """What makes two calls the same step: the program and its first argument, or tool+file."""
    command = command_of(call.args)
    if command is not None:
        return _command_key(re.sub(r"^(?:cd \S+ *&& *)+", "", command.strip()))
    path = path_of(call.args)
    return f"{call.name} {path}" if path else call.text  # a tool and its file, or its query


def _tests_after_setup(command: str) -> str | None:
    """The step of the tests a chain runs after a set-up (`docker compose up -d db && pytest
    -m db`: `$ pytest db`), whose failure is the tests', not the set-up's."""
    parts = [p for p in re.split(r"\s*(?:&&|;)\s*", command.strip()) if p]
    parts = [p for p in parts if not p.startswith("cd ")]
    if len(parts) < 2 or runs_tests(parts[0]):
        return None
    return next((_command_key(p) for p in parts[1:] if runs_tests(p)), None)


def chain_steps(call: Call) -> tuple[frozenset[str], ...]:
    """The words of each command a `&&` / `;` chain runs after its first (`rm -rf tmp && pytest
    -q` then runs `pytest -q`), runners dropped; none for a call that is no chain."""
    command = command_of(call.args)
    if command is None:
        return ()
    parts = re.split(r"\s*(?:&&|;)\s*", command.strip().strip("'\""))[1:]
    return tuple(frozenset(RUNNER.sub("", p.split("|")[0].strip()).split()) for p in parts)


def reruns(step: str, words: frozenset[str]) -> bool:
    """A command of `words` runs the step `step` again: its program and first argument."""
    named = step.removeprefix("$ ").split()
    return bool(named) and step.startswith("$ ") and set(named) <= words


# A log line's clock and a step's duration: `14:12:13 1 of 6 ERROR ... [ERROR in 32.88s]`
# printed again at 14:17:52 in 31.47s is the same error.
# (and a logger's date and process id: `[Nest] 48211  - 11/18/2026, 10:42:07 AM`)
_CLOCK = re.compile(
    r"\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b|\b\d+(?:\.\d+)?\s?(?:ms|s)\b"
    r"|\b\d{1,4}[/-]\d{1,2}[/-]\d{2,4}\b|^\[[A-Za-z][\w.-]*\]\s+\d+\b"
)


def untimed(message: str) -> str:
    return " ".join(_CLOCK.sub("", message).split())


_ENDING = 30  # characters: an assertion's own words (`is not equal to ("3")`)


def same_ending(message: str, output: str) -> bool:
    """The error again with another header: a re-run through a filter prints `error: ...
    XCTAssertEqual failed: ("1") is not equal to ("3")` without the test's name."""
    return len(message) >= 2 * _ENDING and message[-_ENDING:] in output


def core_error(message: str) -> str:
    """An error's line without the test that raised it (`test_x: KeyError: 'a'` -> `KeyError:
    'a'`): a re-run printed without the test's header still shows the same error."""
    name, sep, rest = message.partition(": ")
    return rest if sep and " " not in name and len(rest) >= 12 else message


# A command or tool that only reads: what it names it looks at, it changes none of it.
LOOK_COMMAND = re.compile(
    r"^(?:cd \S+ *&& *)*(?:cat|ls|grep|rg|head|tail|find|less|wc|echo|pwd|which|tree|file|stat|"
    r"env|printenv|sed -n|awk|diff|git (?:status|diff|log|show|branch|blame|grep))\b"
)
_LOOK_TOOLS = frozenset(["read", "grep", "glob", "ls", "view", "read_file", "search", "find"])


def is_look(call: Call) -> bool:
    """A call that reads without changing: `git grep x`, `ls dist`, Read, Grep."""
    command = command_of(call.args)
    if command is None:
        return call.name.lower() in _LOOK_TOOLS
    parts = [p for p in SEGMENT.split(command.strip()) if p]
    return bool(parts) and all(LOOK_COMMAND.match(RUNNER.sub("", p)) for p in parts)


def is_test_path(path: str) -> bool:
    """`tests/test_x.py`, `x_test.go`, `UploadQueueTests.swift`, `a.spec.ts`."""
    name = path.rsplit("/", 1)[-1].lower()
    return "test" in name or ".spec." in name or "/tests/" in path.lower()


def is_run_tool(name: str) -> bool:
    """A tool that runs the tests or the build (`run_tests`), read as a shell command is."""
    return _RUN_TOOL.search(name.lower()) is not None


def same_step(passing: str, failing: str) -> bool:
    """A passing run of `passing` covers a failure of `failing`: the same step, or the step
    it narrows (`tox` passing covers `tox -e py310`, `pytest` covers `pytest tests/a.py`)."""
    return failing == passing or failing.startswith(passing + " ")


def described_call(call: Call) -> str:
    """A call as an error's `fixed_by` names it: its command cleaned, else its text."""
    command = command_of(call.args)
    return "$ " + clean_command(command) if command is not None else call.text


def clean_command(command: str) -> str:
    command = " ".join(command.split())
    command = re.sub(r"\s*2>(?:&1|/dev/null)", "", command)
    return command[:160]


# --- todos ------------------------------------------------------------------------------------


def _todos(calls: Sequence[Call]) -> list[TodoItem]:
    latest: list[TodoItem] | None = None
    tracker: dict[str, str] = {}  # bd issue id -> status, in first-seen order
    titles: dict[str, str] = {}
    for call in calls:
        name = call.name.lower()
        if name == "todowrite" and isinstance(call.args.get("todos"), list):
            latest = [
                TodoItem(
                    str(t.get("content") or ""), str(t.get("status") or "pending"), "TodoWrite"
                )
                for t in call.args["todos"]
                if isinstance(t, Mapping) and t.get("content")
            ]
        elif name == "update_plan" and isinstance(call.args.get("plan"), list):
            latest = [
                TodoItem(str(t.get("step") or ""), str(t.get("status") or "pending"), "update_plan")
                for t in call.args["plan"]
                if isinstance(t, Mapping) and t.get("step")
            ]
        command = command_of(call.args)
        if command is None or "bd " not in command:
            continue
        for m in _BD_SHOW.finditer(command):
            for issue in m.group(1).split():
                tracker.setdefault(issue, "open")
        for m in _BD_UPDATE.finditer(command):
            for issue in m.group(1).split():
                tracker[issue] = m.group(2)
        for m in _BD_CLOSE.finditer(command):
            for issue in m.group(1).split():
                tracker[issue] = "closed"
        for m in _BD_TITLE.finditer(call.result or ""):
            titles.setdefault(m.group(1), m.group(2).strip())
    items = [t for t in latest or [] if t.status.lower() not in _DONE]
    for issue, status in tracker.items():
        if status.lower() not in _DONE:
            title = titles.get(issue)
            items.append(TodoItem(f"{issue} · {title}" if title else issue, status, "bd"))
    return items


def split_sentences(text: str) -> list[str]:
    """`text` cut into sentences (at `.`, `!` or `?` before a space or the end, and at line ends)."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def _stated_next(texts: Sequence[str]) -> str | None:
    """The assistant's last sentence about what it does next, from its last few messages."""
    for text in reversed(texts):
        for sentence in reversed(split_sentences(text)):
            if STATED_NEXT.search(sentence) and len(sentence.split()) >= 3:
                return _clip(sentence, 240)
    return None


def _last_said(texts: Sequence[str]) -> str | None:
    """The assistant's last words that say something: a fact, a decision or a plan."""
    for text in reversed(texts[-3:]):
        if STATED_NEXT.search(text) or find_facts(text):
            return _clip(text, 300)
    return None


# --- the whole span ---------------------------------------------------------------------------


# Programs that only print what they are given or filter it: a run's output piped through them
# (`| tee log | grep -E 'Executed'`) is still that run's, and a chain of them and of looks
# prints what is there.
OUTPUT_FILTERS = frozenset(["tee", "grep", "egrep", "head", "tail", "sed", "awk", "sort", "uniq",
                            "wc", "cut", "less", "more", "cat", "tr", "xcpretty", "column", "jq",
                            "xxd", "od", "nl", "fold"])  # fmt: skip
# A look's own failure: the file it was to print is missing.
_LOOK_FAILED = re.compile(
    r"No such file or directory|not found|Permission denied|Is a directory", re.IGNORECASE
)


def _only_looks(command: str, problem: str) -> bool:
    """Every command of the chain prints a file, a log or the history (`cat a.php; echo ---;
    git log -2`, `grep -h 'failed' worker.log | cut -c1-400`), and what it printed is no
    failure of its own: the `throw new ...Exception(` of a file, a production log's error."""
    parts = [p.strip() for p in SEGMENT.split(command) if p.strip()]
    looks = all(
        LOOK_COMMAND.match(p) or p.split()[0].rsplit("/", 1)[-1] in OUTPUT_FILTERS for p in parts
    )
    return bool(parts) and looks and not _LOOK_FAILED.search(problem)


def span_state(span: Sequence[Mapping[str, Any]]) -> SpanState:
    """Read what the span did. Deterministic; messages in any of the supported shapes."""
    user_messages: list[str] = []
    assistant_texts: list[str] = []
    for message in span:
        role = message.get("role")
        text, tool_result = content_text(message.get("content"))
        if role == "user" and not tool_result and is_typed_user_text(text):
            user_messages.append(text.strip())
        elif role == "assistant" and text.strip():
            assistant_texts.append(text.strip())
    latest_request = next((m for m in reversed(user_messages) if not is_chit_chat(m)), None)

    calls = span_calls(span)
    files: dict[str, dict[str, Any]] = {}

    def touch(path: str, action: str, index: int) -> None:
        entry = files.setdefault(path, {"actions": [], "last": index})
        if action == "created" and entry["actions"]:
            action = "edited"  # writing a file already seen rewrites it
        if action not in entry["actions"]:
            entry["actions"].append(action)
        entry["last"] = index

    errors: list[ErrorRecord] = []
    open_errors: dict[str, list[int]] = {}  # step key -> positions in `errors`
    targets: dict[int, frozenset[str]] = {}  # position in `errors` -> the paths its run named
    scripts: dict[str, frozenset[str]] = {}  # a script the span wrote -> the words it runs
    commands: dict[str, CommandRun] = {}

    def end(step: str, ended: list[int], by: str) -> None:
        """The open errors of `step` at `ended` are fixed by `by`; the rest stay open."""
        for position in ended:
            errors[position] = replace(errors[position], fixed=True, fixed_by=by)
        still = [p for p in open_errors.pop(step) if p not in ended]
        if still:
            open_errors[step] = still

    for call in calls:
        name = call.name.lower()
        path = path_of(call.args)
        sub = str(call.args.get("command") or "") if name == "str_replace_editor" else ""
        command = command_of(call.args) if not sub else None
        # A test or build tool (`run_tests`) reports as a shell command does.
        shell = command is not None or is_run_tool(name)
        problem = error_line(call.result, shell=shell) if call.result is not None else None
        if problem is not None and command is not None and _only_looks(command, problem):
            problem = None  # a file's or a log's text quoted: no error of this session's runs
        if path and (name in _READ_TOOLS or sub == "view"):
            touch(path, "read", call.index)
        elif problem is not None:
            pass  # a failed edit or write changed nothing
        elif path and (name in _EDIT_TOOLS or sub in ("str_replace", "insert", "undo_edit")):
            touch(path, "edited", call.index)
        elif path and (name in _WRITE_TOOLS or sub == "create"):
            touch(path, "created", call.index)
        elif path and name in _DELETE_TOOLS:
            touch(path, "deleted", call.index)
        if name in ("apply_patch", "applypatch") and problem is None:
            patch = str(call.args.get("input") or call.args.get("patch") or "")
            for m in _PATCH_FILE.finditer(patch):
                kind = {"Add": "created", "Update": "edited", "Delete": "deleted"}[m.group(1)]
                touch(m.group(2).strip(), kind, call.index)
                if m.group(1) == "Add" and _SCRIPT.search(m.group(2).strip()):
                    body = patch[m.end() :].split("\n*** ", 1)[0]
                    scripts[m.group(2).strip()] = _script_words(body)
        elif path and problem is None and _SCRIPT.search(path) and "content" in call.args:
            scripts[path] = _script_words(str(call.args.get("content") or ""))
        if call.result is None:
            continue
        key = step_key(call)
        chained = chain_steps(call) if command is not None else ()
        described = described_call(call)
        if problem is not None:
            rerun = [o for w in chained for o in open_errors if reruns(o, w)]
            # a chain that runs a failing step again after a set-up (`rm -rf tmp && pytest`,
            # `docker compose build && docker compose run ...`) is that step's re-run; and
            # so is one whose set-up failed before (`pip install -e . && python x.py`) when
            # it prints the chained step's own error again
            again = [o for o in rerun if any(errors[p].message == problem for p in open_errors[o])]
            if again:
                if key in open_errors and key not in again and "&&" in (command or ""):
                    # its set-up ran clean this time: `&&` ran the step after it
                    for position in open_errors.pop(key):
                        errors[position] = replace(errors[position], fixed=True, fixed_by=described)
                key = again[0]
            elif key not in open_errors:
                key = next(iter(rerun), None) or _tests_after_setup(command or "") or key
        if problem is None:
            # a script the span wrote runs what it holds: a repro script that wraps the
            # failing commands and now passes is their re-run
            wrapped = [w for p, w in scripts.items() if command and _names_script(command, p)]
            rerun_of = [
                k
                for k in open_errors
                if same_step(key, k) or any(reruns(k, w) for w in (*chained, *wrapped))
            ]
            ran = test_targets(command or "") if rerun_of else frozenset()
            for failing in rerun_of:
                # `go test ./internal/...` passing does not end what `go test ./e2e/...` failed
                covered = [p for p in open_errors[failing] if covers_paths(ran, targets.get(p, ()))]
                end(failing, covered, described)
        if command is not None and _TESTS_RAN.search(call.result):
            # `xcodebuild test`, `cargo test`: a test run builds first, so tests that ran end
            # the same program's build error they no longer print (whatever the tests found)
            for failing in [k for k in open_errors if builds_before(key, k)]:
                gone = [p for p in open_errors[failing] if errors[p].message not in call.result]
                end(failing, gone, described)
        if problem is not None:
            where = described if len(described) <= 100 else described[:100] + " ..."
            # where: a file:line on the error's own line, else the first in the output
            location = _LOCATION.search(problem) or _LOCATION.search(call.result)
            if location:
                where += f" at {location.group(0)}"
            # the same error again from the same step is one record, also when the re-run
            # prints it without its test's header (then its summary line is the error line)
            same = [
                p
                for p in open_errors.get(key, [])
                if errors[p].message == problem
                or untimed(errors[p].message) == untimed(problem)
                or core_error(errors[p].message) in call.result
                or same_ending(errors[p].message, call.result)
            ]
            if not same:
                targets[len(errors)] = test_targets(command or "")
                open_errors.setdefault(key, []).append(len(errors))
                errors.append(
                    ErrorRecord(problem, where, call.result_index or call.index, False, step=key)
                )
        if shell and command is not None:
            clean = clean_command(command)
            if problem is not None:
                outcome = f"failed: {problem}"
            else:
                line = outcome_line(call.result)
                outcome = f"ok: {line}" if line else "ok"
            runs = commands[clean].runs + 1 if clean in commands else 1
            commands.pop(clean, None)  # re-insert: commands are listed by their last run
            commands[clean] = CommandRun(
                clean, outcome, problem is not None, call.result_index or call.index, runs
            )

    todos = _todos(calls)
    stated = _stated_next(assistant_texts[-3:])
    in_progress = next((t for t in todos if "progress" in t.status.lower()), None)
    first = in_progress or (todos[0] if todos else None)
    next_step = first.text if first is not None else stated
    return SpanState(
        user_messages=tuple(user_messages),
        latest_request=latest_request,
        files=tuple(
            FileTouch(path, tuple(entry["actions"]), entry["last"]) for path, entry in files.items()
        ),
        errors=tuple(errors),
        commands=tuple(commands.values()),
        todos=tuple(todos),
        next_step=next_step,
        stated_next=stated,
        last_said=_last_said(assistant_texts),
        calls=tuple(calls),
    )
