"""Where the work stands at the end of a span, read from what happened last, for the handoff.

`span_state` lists what the span did; this reads its order: which statement of intent was
already carried out (a "Let me check X" followed by the check), which plan is older than the
work after it, which design a later user correction rejected, which change made a failing step
pass (not the re-run that showed it), which files were removed again, what the file worked on
last defines and whether it has been run or committed since.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ._lines import DECISION_CUES
from ._review import Points, declined_step, done_point_step, done_step, identifiers, points
from ._segments import content_text, is_chit_chat, is_typed_user_text, strip_line_numbers
from ._span_state import (
    LOOK_COMMAND,
    OUTPUT_FILTERS,
    RUNNER,
    SEGMENT,
    STATED_NEXT,
    Call,
    SpanState,
    TodoItem,
    builds_before,
    command_of,
    core_error,
    covers_paths,
    described_call,
    error_line,
    is_run_tool,
    is_test_path,
    outcome_line,
    runs_tests,
    same_ending,
    same_step,
    split_sentences,
    step_key,
    test_targets,
    untimed,
)

__all__: list[str] = []  # private to the compaction package

_INTENT = re.compile(
    r"\b(?:next(?: step)?|still need(?:s|ed)? to|remaining|after that|then|let me|let's|i'll|"
    r"i will|i need to|we need to|need to|going to|now i|plan)\b",
    re.IGNORECASE,
)
# A statement of the very next action ("Let me check X first:"): done once a call follows it.
_IMMEDIATE = re.compile(
    r"^(?:now,? )?(?:let me|let's|i'll (?:first |now )?(?:look|check|read|open|see|run|search|"
    r"inspect|view)|first,? i'll|now i'll (?:look|check|read|open|see|run))\b"
    # what the assistant is doing as it writes ("Checking which version the build resolves",
    # "Answering Ifeoma's 2 on the PR: ..."): an action, not a design
    r"|^(?:checking|answering|replying|posting|running|re-?running|looking|reading|"
    r"reproducing|verifying|confirming|trying|investigating|testing)\b",
    re.IGNORECASE,
)
_REJECTION = re.compile(
    r"^\s*(?:no\b|nope\b|not\b|don't\b|do not\b|stop\b|wrong\b|instead\b)|\b(?:not in|instead of|"
    r"(?:is|are|'s) (?:the )?wrong|"  # "A 409 is the wrong answer: ..."
    r"rather than|don't|do not|never|no fallback|not a|(?:doesn't|does not|won't|will not) "
    r"(?:fix|work|help|solve))\b",
    re.IGNORECASE,
)
# A review passed on by the user ("Lena reviewed it. Two things: ..."): findings to act on,
# not a correction of the design; its words are the design's own, so it would "turn it down".
REVIEW_HEAD = re.compile(
    # "Dana's review on #588:", "Ines Carvalho reviewed #447:" (a name of up to three words)
    r"^\s*(?:[\w.@-]+ ){0,2}[\w.@-]+'s (?:code )?review\b|"
    r"^\s*(?:(?:[\w.@-]+ ){1,3}(?:\([\w .-]{1,24}\) )?(?:from [\w.-]+ )?)?(?:reviewed\b|review (?:from|by)\b|code review\b|"
    r"review:|(?:looked (?:at|over|through)|went (?:over|through)) (?:the|my|your|our|this) "
    r"(?:pr|pull request|mr|merge request|diff|patch|changes?|branch|code)\b|"
    # "Bruno from ops commented on OPS-291:", "Ada commented on the PR"
    r"commented on (?:(?:the|my|your|our|this) (?:pr|pull request|mr|merge request|ticket|"
    r"issue|diff|patch)\b|[A-Z][A-Z0-9]+-\d+\b|#\d+\b))"
    # "I pushed your branch as PR #321 and @ines-hartmann reviewed it." (a named reviewer)
    r"|^[^\n]{0,80}?(?:@[\w.-]+|(?-i:[A-Z][\w.-]+)) reviewed (?:it|this|(?:the|my|your) "
    r"(?:pr|branch|change)|(?:pr )?#\d+)\b",
    re.IGNORECASE,
)
# A plan in two parts after the latest request: "I'll handle X first, then Y."
_FIRST_THEN = re.compile(r"^.{8,}?,? first,? (?:and )?then (?P<then>.{4,}?)[.!]?$", re.I)
_DESIGN = re.compile(
    r"\b(?:design|final design|decided|decision|approach|i'll use|we'll use|use the|going with|"
    r"rules? out|instead|rather than|two options|updated plan|"
    r"(?:simplest|easiest|cleanest|quickest|smallest|safest|minimal) "
    r"(?:fix|way|option|approach|change))\b",
    re.IGNORECASE,
)
# A plan stated under its label ("Plan: a guardedMap behind a sync.RWMutex"): what a correction
# turns down, before the explanation beside it (not a decision by itself: it may be turned down)
_PLAN_HEAD = re.compile(r"^(?:(?:updated |new |my )?plan|options?)\s*:", re.IGNORECASE)
_DEFINES = re.compile(
    r"^\s*(?:async\s+)?(?:def|class|function|fn|defp?|func)\s+([A-Za-z_][\w?!]*)", re.MULTILINE
)
# The purpose of a look ("Let me read X, so the new tests can ..."): still to do once looked.
_PURPOSE = re.compile(r",? (?:so (?:that )?|in order to )(.{12,})$", re.IGNORECASE)
_ASKS_TESTS = re.compile(
    r"\b(?:with tests|add (?:a )?tests?|write (?:a )?tests?|tests? for)\b", re.I
)
# A file named in a request: `docs/api/projects.md`, `src/a.rs`.
_NAMED_PATH = re.compile(r"(?<![\w/.])((?:[\w.-]+/)*[\w-]+\.[A-Za-z]{1,5})\b")
# Commands that only look (a `cat` between a failure and its re-run fixed nothing).
_REVERT = re.compile(r"\bgit\s+(?:checkout\s+(?:HEAD\s+)?(?:--\s+)?|restore\s+)([^;&|\n]+)")
# `git checkout x` without `--` puts a file back, or switches to a branch: a file has a path
_FILE_LIKE = re.compile(r"/|\.\w{1,5}$")
_MOVE = re.compile(r"(?:^|[;&|]\s*|\s)(?:git\s+)?mv\s+(?:-\w+\s+)*([^\s;&|]+)\s+([^\s;&|]+)")
_RM = re.compile(r"(?:^|[;&|]\s*|\s)(?:git\s+rm|rm)\s+((?:-\w+\s+)*)([^;&|\n]+)")


def _parts(call: Call) -> list[list[str]]:
    """The words of each command a call's `&&` / `;` chain runs, runners dropped: a re-run
    may follow a set-up (`rm -rf tmp && pytest -q`)."""
    if not call.text.startswith("$ "):
        return [_same_step_text(call.text).split()]
    return _split_chain(call.text)


# A flag's value (`-count=5`): a re-run may ask for more repeats or another seed.
_FLAG_VALUE = re.compile(r"(?<!\S)(--?[\w-]+)=\S*")


# A pipe outside quotes (`grep -E 'error:|TEST'` holds none).
_PIPE = re.compile(r"""((?:[^|'"]|'[^']*'|"[^"]*")*)(?:\|(?!\|)|$)""")


def _unfiltered(piece: str) -> str:
    stages = [m.group(1).strip() for m in _PIPE.finditer(piece) if m.group(1).strip()]
    tail = [s.split()[0].rsplit("/", 1)[-1] for s in stages[1:] if s.split()]
    return stages[0] if tail and all(t in OUTPUT_FILTERS for t in tail) else piece


def _split_chain(text: str) -> list[list[str]]:
    pieces = re.split(r"\s*(?:&&|;)\s*", _same_step_text(text).removeprefix("$ "))
    return [
        _FLAG_VALUE.sub(r"\1", RUNNER.sub("", _unfiltered(p.strip()))).split()
        for p in pieces
        if p.strip()
    ]


def _is_test_run(call: Call) -> bool:
    if is_run_tool(call.name):
        return True
    command = _command(call)
    return command is not None and any(runs_tests(p) for p in SEGMENT.split(command))


def _command(call: Call) -> str | None:
    # Codex's argv (`["bash", "-lc", "pytest -q"]`) runs `pytest -q`, not the program `bash`
    value = command_of(call.args)
    return value if value is not None and call.text.startswith("$ ") else None


_SUBAGENT_TOOLS = frozenset({"task", "agent", "subagent", "dispatch_agent"})


@dataclass(frozen=True)
class Fix:
    """An error beside the change that made it stop."""

    error: str  # the error's line
    where: str  # the failing call, and a file:line
    change: str  # the change that made the step pass, or the passing call when it is the fix
    why: str | None = None  # the assistant's explanation between the error and the change
    tried: tuple[str, ...] = ()  # re-runs in between that failed again (did not help)
    also: tuple[str, ...] = ()  # other errors the same passing run ended, with no fix of their own
    # its change was undone since (its files deleted or put back): the error stopped for a
    # design that was dropped, and where it came back, the later fix is the one that stands
    undone: bool = False


@dataclass(frozen=True)
class Ruled:
    """A design or plan the span turned down, and who turned it down with what words."""

    text: str
    by: str  # 'the user: "..."' or 'the assistant: "..."'


@dataclass(frozen=True)
class Progress:
    next_step: str | None
    current: str | None  # the current work, in a sentence
    decisions: tuple[str, ...]  # final ones, each with what it rules out where it says so
    rejected: tuple[Ruled, ...]  # designs a later user message or self-correction turned down
    fixes: tuple[Fix, ...]
    reviews: tuple[str, ...]
    corrections: tuple[str, ...]
    removed: frozenset[str] = field(default=frozenset())
    reverted: frozenset[str] = field(default=frozenset())  # put back as committed (git checkout)
    renamed: Mapping[str, str] = field(default_factory=dict)  # `git mv a b`: a is b now
    plan_is_older: bool = False  # the latest plan predates the last change to a file
    roles: Mapping[str, str] = field(default_factory=dict)  # path -> what it defines or says
    why: Mapping[str, str] = field(default_factory=dict)  # path -> the assistant's word on it
    added: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # path -> names put in
    last_run: str | None = None  # the last test or build run and its outcome
    current_short: str | None = None  # the current work without the last run's details
    open_asks: tuple[str, ...] = ()  # the latest request's asks naming a file not touched since
    later_asks: tuple[str, ...] = ()  # its asks for after the current step, not yet run
    finish: str = ""  # how the harness ends the work ("delete reproduce.py, then submit")
    points: Points | None = None  # the latest request's numbered points, each with its status
    # what the user said to do instead of a design turned down, by the ruling's `by`
    instead: Mapping[str, str] = field(default_factory=dict)


def _clip(text: str, limit: int = 260) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 4] + " ..."


def _change_text(call: Call, hint: str = "") -> str:
    """What an edit put in, in one line: the added lines of a patch or new text that name a
    word of `hint` (the error, the explanation), else the first ones (a whole file rewritten
    starts with its imports, not with the fix)."""
    args = call.args
    new = args.get("new_string") or args.get("new_str") or args.get("new") or args.get("content")
    new = new or args.get("file_text") or args.get("replacement_text")
    if new is None and isinstance(args.get("edits"), list):  # MultiEdit: each edit's text
        new = "\n".join(
            str(e.get("new_string") or "") for e in args["edits"] if isinstance(e, dict)
        )
    if new is None and isinstance(args.get("input"), str):
        added = [ln[1:] for ln in str(args["input"]).splitlines() if ln.startswith("+")]
        new = "\n".join(added)
    lines = [ln.strip() for ln in str(new or "").splitlines() if ln.strip()]
    if len(lines) > 6 and hint:
        wanted = _words(hint)
        hits = [i for i, ln in enumerate(lines) if _words(ln) & wanted]
        # each line that names the error with its neighbours: a lone `fields=[...],` says
        # nothing without the call it sits in
        near = sorted({j for i in hits for j in (i - 1, i, i + 1) if 0 <= j < len(lines)})
        lines = [lines[j] for j in near] or lines
    return _clip(" ".join(lines[:6]), 160)


def _is_change(call: Call) -> bool:
    name = call.name.lower()
    if name in ("apply_patch", "applypatch"):
        return True
    if name == "str_replace_editor":
        return str(call.args.get("command")) in ("str_replace", "insert", "create")
    return name in {"edit", "multiedit", "write", "edit_file", "write_file", "create_file",
                    "str_replace", "create", "notebookedit", "replace"}  # fmt: skip


def _texts(
    span: Sequence[Mapping[str, Any]],
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    users: list[tuple[int, str]] = []
    said: list[tuple[int, str]] = []
    for i, message in enumerate(span):
        text, tool_result = content_text(message.get("content"))
        role = message.get("role")
        if role == "user" and not tool_result and is_typed_user_text(text):
            if not is_chit_chat(text):
                users.append((i, text.strip()))
        elif role == "assistant" and text.strip():
            said.append((i, text.strip()))
    return users, said


def _same_step_text(text: str) -> str:
    """A call's text as span_state names the step that fixed an error (no redirections)."""
    return re.sub(r"\s*2>(?:&1|/dev/null)", "", text).strip()


def _explanation(said: Sequence[tuple[int, str]], start: int, end: int) -> str | None:
    """The assistant's words between two messages that say why (the cause, the fix)."""
    for index, text in reversed(said):
        if start < index <= end:
            return _clip(text, 220)
    return None


# An assistant's own word that what it just did or proposed does not hold.
_SELF_WRONG = re.compile(
    r"\b(?:that was wrong|was wrong|that's wrong|that is wrong|revert(?:ing|ed)?|"
    r"doesn't work|didn't work|won't work|scrap(?:ping)?|wrong approach|my mistake)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z][a-z_\-]{4,}")
_COMMON_WORDS = frozenset(
    [
        "about",
        "after",
        "again",
        "before",
        "being",
        "could",
        "every",
        "first",
        "other",
        "their",
        "there",
        "these",
        "thing",
        "those",
        "three",
        "which",
        "while",
        "would",
        "should",
        "where",
        "still",
        "using",
        "until",
        "under",
        "since",
        "right",
        "going",
        "great",
        "think",
        "maybe",
        "might",
        "really",
        "please",
        "thanks",
        "instead",
        "rather",
        "never",
        "always",
        "without",
    ]
)
_DOCSTRING = re.compile(r'^\s*(?:"""|\'\'\'|#|//|/\*\*?)\s*([A-Z][^\n"]{8,})', re.MULTILINE)
_ROLE_CHARS = 6000
_READS = frozenset({"read", "view", "read_file", "open", "readfile", "cat"})


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _COMMON_WORDS}


def _path(call: Call) -> str:
    path = str(call.args.get("file_path") or call.args.get("path") or "")
    if not path and isinstance(call.args.get("input"), str):
        found = re.search(r"\*\*\* (?:Add|Update) File: (.+)", str(call.args["input"]))
        path = found.group(1).strip() if found else ""
    return path


def _body(call: Call) -> str:
    return str(
        call.args.get("content") or call.args.get("file_text")
        or call.args.get("new_string") or call.args.get("new_str") or call.args.get("new")
        or call.args.get("replacement_text") or call.args.get("input") or ""
    )  # fmt: skip


def _role(text: str) -> str | None:
    """What a file's text says it is: the names it defines and its first docstring or comment."""
    text = strip_line_numbers(text[:_ROLE_CHARS])  # a file says what it is near its top
    defines = list(dict.fromkeys(_DEFINES.findall(text)))[:3]
    doc = _DOCSTRING.search(text)
    parts = [f"defines {', '.join(defines)}"] if defines else []
    if doc:
        parts.append(f'"{_clip(doc.group(1).strip(), 90)}"')
    return "; ".join(parts) or None


# A name in code: `format_datetime`, `decoder.write`, `StringDecoder`, `HttpClientFactory`.
_CODE_NAME = re.compile(r"(?<![\w.$])[A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)*")
_NAME_SHAPE = re.compile(r"[a-z][A-Z]|\w_\w|\w\.\w")
_RECEIVER = re.compile(r"^(?:self|this|cls|s|t|m|r|w|ctx|req|res|app|it)\.")
_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$", re.MULTILINE)
# `main.ts`, `pyproject.toml` in code are files named, not what the change defines
_FILE_NAME = re.compile(
    r"\.(?:py|pyi|ts|tsx|js|mjs|jsx|rs|go|rb|php|java|kt|kts|cs|c|h|cpp|hpp|ex|exs|lua|swift|"
    r"toml|json|ya?ml|ini|cfg|conf|md|rst|txt|sql|sh|lock|env|html|css|xml|gradle|csv|log)$"
)
# A name defined: `def _http_date`, `export function setupApp`, `pub fn is_broken_pipe`.
_DEFINED = re.compile(
    r"\b(?:def|class|function|fn|defp?|func|interface|struct|enum|trait|object|record)\s+"
    r"([A-Za-z_]\w{3,})"
)
# The module an import names (`from email.utils import`, `use std::io`): where, not what.
_IMPORTED = re.compile(
    r"^\s*(?:from\s+\S+(?=\s+import)|import\s+(?:type\s+)?[\w.]+(?=\s*(?:;|$|\s+as\b))|"
    r"(?:use|using|package|require|import)\s+[\w.:]+)",
    re.MULTILINE,
)
_ANY_METHOD = frozenset(
    ["strip", "split", "get", "map", "close", "find", "join", "append", "format", "replace",
     "keys", "items", "values", "push", "slice", "length", "parse", "stringify", "toString",
     "log", "error", "filter", "forEach", "includes", "startsWith", "endsWith", "lower", "upper",
     "trim", "encode", "decode", "copy", "update", "pop", "add", "read", "open", "now"]
)  # fmt: skip
# A sentence on undoing work ("Deleting RedisRateLock.kt and checking RateCache.kt out again",
# "responses.py was restored by git checkout"): what became of a design, not why a file changed
_PUTS_BACK = re.compile(
    r"\b(?:revert\w*|restor\w*|remov(?:e|es|ed|ing)|delet\w*|dropp\w*|check(?:s|ed|ing)? \S+ out|"
    r"put(?:s|ting)? \S+ back|undo\w*|back out)\b",
    re.IGNORECASE,
)
_COUNT = re.compile(r"\d+")
# a count's noun in either number: "2 failures" again as "1 failure" is the same failure
_PLURAL = re.compile(r"\b(failure|error|test|example|spec|warning|assertion|case)s\b", re.I)


def _uncounted(text: str) -> str:
    """The text with its counts, and the number of the nouns they count, left out."""
    return _PLURAL.sub(r"\1", _COUNT.sub("0", text))


_PROSE_FILE = re.compile(r"\.(?:md|rst|txt|adoc)$|(?:^|/)(?:CHANGES|CHANGELOG|NEWS)[^/]*$", re.I)
_ADDED_NAMES = 3  # a file's line names what its change brought in, not all of it


def _patch_sides(call: Call, path: str) -> tuple[str, str] | None:
    """The text a change took out of `path` and the text it put in (a patch's `-` and `+`
    lines of that file's section; an edit's old and new strings; a whole file written)."""
    args = call.args
    patch = args.get("input")
    if isinstance(patch, str) and _PATCH_FILE.search(patch):
        sections = _PATCH_FILE.split(patch)[1:]  # [path, body, path, body, ...]
        taken: list[str] = []
        put: list[str] = []
        for named, body in zip(sections[::2], sections[1::2], strict=False):
            if same_file(path, named.strip()):
                for ln in body.splitlines():
                    if ln.startswith("-"):
                        taken.append(ln[1:])
                    elif ln.startswith("+"):
                        put.append(ln[1:])
        return "\n".join(taken), "\n".join(put)
    if isinstance(args.get("edits"), list):  # MultiEdit: each edit's strings
        edits = [e for e in args["edits"] if isinstance(e, dict)]
        old_text = "\n".join(str(e.get("old_string") or e.get("old") or "") for e in edits)
        new_text = "\n".join(str(e.get("new_string") or e.get("new") or "") for e in edits)
        return old_text, new_text
    before = args.get("old_string") or args.get("old_str") or args.get("old") or ""
    body = _body(call)
    return (str(before), body) if body else None


def _added_names(
    changes: Sequence[Call],
    calls: Sequence[Call],
    paths: Sequence[str],
    since: Mapping[str, int],
    prose: str,
) -> dict[str, tuple[str, ...]]:
    """What each file's change brought in, by name: the code names its changes put in that
    the file did not have (in what the edit took out, or what was read of it before), those
    the conversation names first (`_http_date`, `StringDecoder`: what the work is about).
    Changes before the file was put back as committed (`since`) are gone, and count not."""
    out: dict[str, tuple[str, ...]] = {}
    for path in paths:
        if _PROSE_FILE.search(path):
            continue  # a changelog's or a README's names are mentions: it defines none
        start = since.get(path, -1)
        before: set[str] = set()
        for call in calls:
            looks = call.name.lower() in _READS or str(call.args.get("command")) == "view"
            if looks and call.index > start and call.result and same_file(_path(call), path):
                before.update(_CODE_NAME.findall(call.result))
        found: list[str] = []
        defines: set[str] = set()
        for change in changes:
            if change.index <= start or not any(same_file(p, path) for p in _change_paths(change)):
                continue
            sides = _patch_sides(change, path)
            if sides is None:
                continue
            old, new = sides
            before.update(_CODE_NAME.findall(old))
            defines.update(_DEFINED.findall(new))
            for name in _CODE_NAME.findall(_IMPORTED.sub("", new)):
                name = _RECEIVER.sub("", name)
                if (
                    name not in before
                    and name not in found
                    and (_NAME_SHAPE.search(name) or name in defines)
                    and not _FILE_NAME.search(name)
                ):
                    found.append(name)
            before.update(_CODE_NAME.findall(new))
        # what it defines, then what the conversation names, then the rest but a method of
        # any value (`raw.strip`, `ids.map`)
        defined = [n for n in found if n in defines]
        named = [n for n in found if n in prose and n not in defines]
        rest = [
            n
            for n in found
            if n not in defines and n not in prose and n.rsplit(".", 1)[-1] not in _ANY_METHOD
        ]
        names = (defined + named + rest)[:_ADDED_NAMES]
        if names:
            out[path] = tuple(names)
    return out


def _proposals(said: Sequence[tuple[int, str]], start: int, end: int) -> list[tuple[int, str]]:
    """The assistant's designs and intentions between two messages, sentence by sentence."""
    out = []
    for index, text in said:
        if start < index < end:
            for sentence in split_sentences(text):
                if (
                    len(sentence.split()) >= 5
                    and not _IMMEDIATE.search(sentence)  # "Let me check X first": a look
                    and (
                        _DESIGN.search(sentence)
                        or DECISION_CUES.search(sentence)
                        or _INTENT.search(sentence)
                    )
                ):
                    out.append((index, sentence))
    return out


def _change_account(
    said: Sequence[tuple[int, str]], calls: Sequence[Call], last: Call, last_user: int
) -> str | None:
    """The assistant's own words on the last changes: its text between the call before them
    (or the latest request) and the first call after them ("writeCredentials() now writes a
    temp file and renames it", "Now I'll batch the reads"), less the looks it announces."""
    before = max((c.index for c in calls if c.index < last.index and not _is_change(c)), default=-1)
    start = max(before, last_user)
    end = min((c.index for c in calls if c.index > last.index and not _is_change(c)), default=None)
    kept = [
        (index, sentence)
        for index, text in said
        if start < index and (end is None or index < end)
        for sentence in split_sentences(text)
        if len(sentence.split()) >= 5
        and not _IMMEDIATE.search(sentence)
        and not _FIRST_THEN.search(sentence)  # a plan's "X first, then Y" says what is to come
        and not sentence.rstrip().endswith(("?", ":"))
    ]
    # its report after the change ("X now does Y") before its announcement ("Now I'll do Y")
    after = [sentence for index, sentence in kept if index >= last.index]
    return _clip((after or [s for _, s in kept])[-1], 200) if kept else None


# An ask for after the current one: "Then run it on staging", "And add a test that ...".
_LATER = re.compile(r"^(?:and |but )?(?:then|after that|afterwards|finally|also|and)\b,?\s*", re.I)
_CONSTRAINT = re.compile(r"^(?:and |but |also,? )?(?:don't|do not|never|no|not)\b", re.I)
_BACKTICKED = re.compile(r"`([^`]{3,})`")


def _later_asks(
    users: Sequence[tuple[int, str]],
    calls: Sequence[Call],
    last_user: int,
    listed: Sequence[str],
    last_change: Call | None,
    last_run: str | None,
) -> tuple[str, ...]:
    """The latest request's asks for after its first ("Then run `npm run e2e` and open the PR
    as a draft", "And add a test that ..."), while the work since it is not yet tested: still
    to do, unless a command it names has run since."""
    if len(users) < 2 or len(split_sentences(users[-1][1])) < 2:
        return ()  # the first request is the task: its asks are the whole work, not later
    tested = last_change is not None and any(
        c.index > last_change.index and _is_test_run(c) for c in calls
    )
    if last_change is None or last_change.index < last_user or tested:
        return ()  # no work since the request, or it was tested: the asks may be done
    ran = " ".join(_command(c) or "" for c in calls if c.index > last_user)
    sentences = split_sentences(users[-1][1])[1:]
    out = []
    for sentence in sentences:
        if not _LATER.search(sentence) or sentence.rstrip().endswith(("?", ".'", ":")):
            continue
        if _CONSTRAINT.search(sentence):
            continue  # "Don't commit yet": a constraint on the work, not a step after it
        if any(sentence in ask or ask in sentence for ask in listed):
            continue  # listed as naming a file not touched since
        if any(m.group(1).strip() in ran for m in _BACKTICKED.finditer(sentence)):
            continue  # its command ran since the request
        out.append(_clip(_LATER.sub("", sentence, count=1), 200))  # "then" is said once
    return tuple(out[-2:])


_SAYS_TEST = re.compile(r"\btests?\b", re.I)


def _test_file_of(path: str, files: Sequence[str]) -> str | None:
    """The test file of `path` among the span's files: `a/useSearch.ts` ->
    `a/useSearch.test.ts`, `app/x.py` -> `tests/test_x.py`, `x.go` -> `x_test.go`."""
    stem = path.rsplit("/", 1)[-1].split(".", 1)[0]
    for f in files:
        name = f.rsplit("/", 1)[-1]
        head = name.split(".", 1)[0]
        if f != path and "test" in name.lower() and head in (stem, f"test_{stem}", f"{stem}_test"):
            return f
    return None


def _second_part(said: Sequence[tuple[int, str]], after: int, before: int) -> str | None:
    """Y of the latest "X first, then Y" the assistant stated between the latest request and
    the change after it. X is what the change did: not quoted as a step."""
    found = None
    for index, text in said:
        if after < index < before:
            for sentence in split_sentences(text):
                m = _FIRST_THEN.search(sentence.strip())
                if m:
                    found = m.group("then").strip()
    return found


# The user's sentence that says what to do instead of a design turned down: an imperative
# ("Use IHttpClientFactory: ...", "Take data_interval_start ... from the task context"), not the
# clean-up ("Delete guarded.go and put store.go back first").
_INSTEAD = re.compile(
    r"^(?:instead[,:]?\s+|just\s+|so\s+)?(?:use|make|build|take|keep|fix|add|set|read|decode|"
    r"swap|switch to|go with|pass|return|store|load|compute|call|give|exclude|skip|handle|"
    r"wrap|check|count|compare|lock|move|tag|realise|realize|insert|replace|cache|invalidate|"
    r"send|write|emit|validate|parse|copy|convert|stream|batch|group|hash|guard|retry|"
    r"cap|draw|track|serve|save|mark|pin|limit|queue|index|"
    r"do what|do (?:that|this|it) (?:in|with|where|the way))\b",
    re.IGNORECASE,
)


# "Caffeine does this already: make it ...", "Node's string_decoder does exactly this": the
# user names the design that does the job
_DOES_THIS = re.compile(
    r"\b(?:does (?:exactly )?(?:this|that)(?: already)?|ha(?:s|ve) (?:this|that|it) built in)\b"
    r"|^the (?:fix|answer|way to (?:do|fix) it) is\b"
    r"|[:,;]\s*(?:just )?use (?:that|this|it|them|those)\W*$",
    re.IGNORECASE,
)
# "..., so check the HMAC over the raw body": the imperative after a reason
_SO_DO = re.compile(r",? so (?=\w)", re.IGNORECASE)


def _instead(text: str) -> str | None:
    """What the user said to do instead, in their words: the first imperative sentence of a
    correction, or one whose clause after a colon is ("Reload doesn't need to touch it: build a
    new snapshot ..."), of four words or more ("Keep it." says nothing of the design); else the
    sentence that names what does the job, with the next one."""
    sentences = split_sentences(" ".join(text.split()))
    for i, sentence in enumerate(sentences):
        clause = sentence.rsplit(": ", 1)[-1]
        after = _SO_DO.split(sentence, 1)[-1]
        if len(clause.split()) >= 4 and (_INSTEAD.match(sentence) or _INSTEAD.match(clause)):
            return _clip(sentence, 240)
        if len(after.split()) >= 4 and after != sentence and _INSTEAD.match(after):
            return _clip(sentence, 240)
        if _DOES_THIS.search(sentence):
            # "The fix is to not read ... Group by size first.": the sentence that names it
            # first, and the one that says how
            return _clip(" ".join(sentences[i : i + 2]), 240)
    return None


def _ruled_out(
    users: Sequence[tuple[int, str]], said: Sequence[tuple[int, str]]
) -> tuple[list[Ruled], set[str]]:
    """Designs turned down: by a user correction that names what they proposed (a correction of
    the delimiter does not turn down the library chosen before it), or by the assistant's own
    'that was wrong' / 'reverting' about what it said just before."""
    ruled: list[Ruled] = []
    gone: set[str] = set()
    starts = [-1, *(i for i, _ in users)]
    for (index, text), previous in zip(users, starts, strict=False):
        if previous < 0 or not _REJECTION.search(text) or REVIEW_HEAD.search(text):
            continue  # the first request corrects nothing; a review asks for changes
        said_no = _words(text)
        hits = [s for _, s in _proposals(said, previous, index) if _words(s) & said_no]
        # a design ("Simplest fix: pool_mode = session") is what was turned down, not the
        # explanation beside it, where there is one
        designs = [s for s in hits if _DESIGN.search(s) or _PLAN_HEAD.search(s)]
        for sentence in designs or hits:
            if sentence not in gone:
                gone.add(sentence)
                ruled.append(Ruled(_clip(sentence, 200), f'the user: "{_clip(text, 240)}"'))
    boundary = -1
    for index, text in said:
        hit = next((s for s in split_sentences(text) if _SELF_WRONG.search(s)), None)
        if hit is None:
            continue
        user_before = max((i for i, _ in users if i < index), default=-1)
        # "Reverting setup.cfg" turns down what names setup.cfg, not every design before it;
        # a bare "That was wrong" names nothing and turns down what came just before.
        named = _words(_SELF_WRONG.sub(" ", hit))
        for _, sentence in _proposals(said, max(boundary, user_before), index):
            if named and not named & _words(sentence):
                continue
            if sentence not in gone:
                gone.add(sentence)
                ruled.append(Ruled(_clip(sentence, 200), f'the assistant: "{_clip(hit, 140)}"'))
        if ruled and ruled[-1].by.endswith(f'"{_clip(hit, 140)}"'):
            gone.add(hit)  # quoted beside what it turned down
        boundary = index
    return ruled, gone


def progress(span: Sequence[Mapping[str, Any]], state: SpanState) -> Progress:
    users, said = _texts(span)
    calls = list(state.calls)
    last_user = users[-1][0] if users else -1
    changes = [c for c in calls if _is_change(c)]
    last_change = changes[-1] if changes else None
    plans = [c for c in calls if c.name.lower() in ("todowrite", "update_plan")]
    last_plan = plans[-1] if plans else None

    # Files removed again: by a shell rm / git rm, or a patch's Delete File.
    removed: set[str] = set()
    removed_at: dict[str, int] = {}  # where each was removed by a command
    renamed: dict[str, str] = {}
    written = [f.path for f in state.files if {"created", "edited"} & set(f.actions)]
    for call in calls:
        command = call.args.get("command") or call.args.get("cmd")
        if isinstance(command, list):
            command = " ".join(str(c) for c in command)
        if isinstance(command, str):
            for m in _RM.finditer(command):
                for target in m.group(2).split():
                    removed.add(target.strip("'\""))
                    removed_at[target.strip("'\"")] = call.index
            # a file renamed (`git mv V47_x.sql V47__x.sql`, `mv a b`): what it is called now
            for m in _MOVE.finditer(command):
                renamed[m.group(1).strip("'\"")] = m.group(2).strip("'\"")
    # a folder removed (`rm -r src/Locking`) takes the files the span wrote under it
    for f in state.files:
        folder = next((r for r in list(removed) if _under(f.path, r)), None)
        if folder is not None:
            removed.add(f.path)
            if folder in removed_at:
                removed_at.setdefault(f.path, removed_at[folder])
    for f in state.files:
        if "deleted" in f.actions:
            removed.add(f.path)
            removed_at.setdefault(f.path, f.last_index)
    # the files a design brought in and took away again (what marks a design dropped), and
    # where each came in
    new_and_gone = {
        f.path: min((c.index for c in changes if f.path in _change_paths(c)), default=-1)
        for f in state.files
        if "created" in f.actions and any(same_file(f.path, r) for r in removed)
    }
    # Files put back as committed (`git checkout -- x`, `git restore x`): their edits are gone.
    put_back: dict[str, int] = {}
    for call in calls:
        command = _command(call) or ""
        for m in _REVERT.finditer(command):
            if "--staged" in m.group(0) and "--worktree" not in m.group(0):
                continue  # unstaged only: the edits are still in the file
            dashes = "--" in m.group(0) or "restore" in m.group(0)
            for target in m.group(1).split():
                if not target.startswith("-") and (dashes or _FILE_LIKE.search(target)):
                    put_back[target.strip("'\"")] = call.index
    # A file edited again after it was put back is changed now, not as committed.
    reverted = {
        target
        for target, at in put_back.items()
        if not any(
            c.index > at and any(same_file(p, target) for p in _change_paths(c)) for c in changes
        )
    }

    # The last test or build run, and whether the files changed after it.
    runs = [c for c in calls if c.result is not None and _is_test_run(c)]
    last_run = whole_run = None
    if runs:
        run = runs[-1]
        # this run's own record first: `sed -i ... && npx vitest run` passing is not the
        # earlier `npx vitest run` that failed, though its text ends with that command
        mine = [r for r in state.commands if r.index == run.index or r.command == run.text[2:]]
        alike = [r for r in state.commands if run.text.endswith(r.command)]
        outcome = next((r.outcome for r in (*mine, *alike)), None)
        if outcome is None:
            problem = error_line(run.result or "", shell=True)
            counts = outcome_line(run.result or "")
            outcome = f"failed: {problem}" if problem else "ok"
            if counts and counts not in outcome:
                outcome += f" ({counts})"
        last_run = f"{_clip(run.text, 80)} -> {_clip(outcome, 110)}"
        # a run of a few tests last, the whole suite before: the suite's count is the one
        # that says how much passes
        whole = next(
            (c for c in reversed(runs[:-1]) if not _NAMES_TESTS.search(_command(c) or "")), None
        )
        if _NAMES_TESTS.search(_command(run) or "") and whole is not None:
            counts = outcome_line(whole.result or "")
            if counts and error_line(whole.result or "", shell=True) is None:
                whole_run = f"whole suite earlier: {counts}"

    # The next step, from what happened last.
    next_step: str | None = None
    plan_next = last_plan is not None and last_plan.index > last_user
    if plan_next and last_plan is not None and last_change is not None:
        plan_next = last_plan.index > last_change.index
    if plan_next:
        step = next((t for t in state.todos if "progress" in t.status.lower()), None)
        step = step or (state.todos[0] if state.todos else None)
        if step is not None:
            rest = [t.text for t in state.todos if t is not step][:2]
            then = f"; then {'; '.join(rest)}" if rest else ""
            next_step = f"{step.text} (the plan's {step.status.replace('_', ' ')} item){then}"
    announced: str | None = None  # the step the assistant said it would take next
    stale_step = ""  # an announced step done, redone or turned down: no decision either
    aim: str | None = None  # why the last look was done ("..., so the new tests can ...")
    gone_names = {r.rstrip("/").rsplit("/", 1)[-1] for r in removed if "." in r}
    if next_step is None:
        for index, text in reversed(said):
            if index < last_user:
                break
            followed = [c for c in calls if c.index >= index]  # its own message's calls too
            if any(_is_change(c) for c in followed):
                break  # work happened after it: the intent is older than the work
            if followed and aim is None:
                for sentence in split_sentences(text):
                    purpose = _PURPOSE.search(sentence) if _IMMEDIATE.search(sentence) else None
                    if purpose:
                        aim = purpose.group(1).rstrip(":. ")
            kept = [
                s
                for s in map(lambda s: _past_gone(s, gone_names), split_sentences(text))
                if _INTENT.search(s)
                and len(s.split()) >= 4
                and not (followed and _IMMEDIATE.search(s))
                and not any(name in s for name in gone_names)  # "re-run reproduce.py": gone
            ]
            if kept:
                next_step = announced = " ".join(kept)
                break
    listed = points(users[-1][1], calls, last_user, _is_test_run) if users else None
    ruled, gone = _ruled_out(users, said)
    # what the user said to use instead, by the correction's quote a ruling carries
    ruled_by = {r.by for r in ruled}
    instead = {
        by: said_instead
        for _, text in users
        if (by := f'the user: "{_clip(text, 240)}"') in ruled_by
        and (said_instead := _instead(text)) is not None
    }
    worked = [c for c in calls if c not in plans]  # a plan names its items, it does not do them
    if (
        announced is not None
        and last_plan is not None
        and last_plan.index > last_user
        and _plan_marks_done(announced, last_plan)
    ):
        # "Next I'll do X" where the latest plan already marks X completed: the plan's
        # in-progress item (else its first open one) is the step
        step = next((t for t in state.todos if "progress" in t.status.lower()), None)
        step = step or (state.todos[0] if state.todos else None)
        if step is not None:
            rest = [t.text for t in state.todos if t is not step][:2]
            then = f"; then {'; '.join(rest)}" if rest else ""
            kind = step.status.replace("_", " ")
            done = "the step the assistant announced is done"
            next_step = f"{step.text} (the plan's {kind} item; {done}){then}"
            announced = None
    if announced is not None and (
        done_step(announced, worked, last_user)
        or _removed_by_revert(announced, changes, put_back)
        or (listed is not None and declined_step(announced, listed))
        or (listed is not None and done_point_step(announced, listed))
        or _redoes_ruled(announced, ruled)
        or _run_is_current(announced, calls, last_change, users[-1][1] if users else "")
    ):
        # "Next I'll copy X into Y" after the call that copied it: the step is done; or it
        # does a point the user turned down beside it: the request's first point not yet
        # started (else not yet tested) is the step
        open_points = [p for p in listed.points if p.open] if listed else []
        open_points.sort(key=lambda p: p.status == "changed, not yet tested")
        next_step = None
        stale_step = announced
        if open_points:
            untested = last_change is not None and not any(
                _is_test_run(c) for c in calls if c.index > last_change.index
            )
            then = "; then run the tests (not yet tested since the last change)" if untested else ""
            point = open_points[0]
            next_step = f"point {point.number} of the latest request: {point.step}{then}"
    current = current_short = None
    submitted = False  # the harness's submit, the last call, after the last request
    if last_change is not None:
        path = _path(last_change)
        defines = list(dict.fromkeys(_DEFINES.findall(_body(last_change))))[:4]
        after = [c for c in calls if c.index > last_change.index]
        ran = any(_is_test_run(c) for c in after)
        committed = any("git commit" in str(c.args.get("command") or "") for c in after)
        status = [
            "run since" if ran else "untested since it changed",
            "committed" if committed else "uncommitted",
        ]
        submits = [c for c in calls if c.name.lower() == "submit"]
        resubmit = bool(submits) and submits[-1].index < last_change.index
        if resubmit:  # a harness's submit that asked for changes: the work goes in again
            status.append("changed after the last submit, not submitted again")
        # (its last call: a submit that asks for a review is followed by more work)
        submitted = bool(submits) and submits[-1] is calls[-1] and calls[-1].index > last_user
        if submitted:
            status.append("submitted")
        what = f" (defines {', '.join(defines)})" if defines else ""
        current = f"{path or last_change.text}{what} changed last; {', '.join(status)}"
        current_short = current
        account = _change_account(said, calls, last_change, last_user)
        if account is not None:
            # what the change did, in the assistant's words: "changed last" names no content
            current = current.replace(" changed last;", f' changed last ("{account}");', 1)

        if last_run is not None:
            before = "" if ran else " (before that change)"
            current += f"; last test run{before}: {last_run}"
            outcome = last_run.rsplit(" -> ", 1)[-1]
            verdict = " ".join(outcome.split()[:10]) + (" ..." if len(outcome.split()) > 10 else "")
            current_short += f"; last test run{before}: {verdict}"
            if whole_run is not None:
                current += f"; {whole_run}"
                current_short += f"; {whole_run}"
        staged = (
            _second_part(said, last_user, last_change.index)
            if next_step is None and last_change.index > last_user
            else None
        )
        if staged is not None:
            # The plan's first part is the change made since; its second part is the step.
            tested = "tested since" if ran else "untested"
            beside = _test_file_of(path, [f.path for f in state.files]) if path else None
            if beside and _SAYS_TEST.search(staged) and beside not in staged:
                staged += f" in {beside}"  # "then the test cleanup": the changed file's tests
            next_step = (
                f"{staged} (the second part of the assistant's plan for the latest request; "
                f"{path or last_change.text} changed for its first part, {tested})"
            )
        not_started = [
            p
            for p in (listed.points if listed else ())
            if p.left or p.status in ("not started", "changed, the test not written")
        ]
        if next_step is None and last_change.index > last_user and ran and not_started:
            # the change since the request is tested; a point of it not started (or its test
            # not written) is the step, not "check" the file that change was in
            first = not_started[0]
            if first.left or first.status == "not started":
                next_step = f"point {first.number} of the latest request: {first.step}"
            else:  # the rest of the point is done: the test it asks for is the step
                next_step = (
                    f"point {first.number} of the latest request, its test: {first.test_ask}"
                )
        if next_step is None and last_change.index > last_user and not submitted:
            then_item: TodoItem | None = None
            verb = "finish and test" if not ran else "check"
            next_step = f"{verb} {path or last_change.text}{what}"
            in_progress = next((t for t in state.todos if "progress" in t.status.lower()), None)
            plan_newer = last_plan is not None and last_plan.index > last_change.index
            # A plan written after the latest request is this request's plan: its in-progress
            # item is what the changes since work on, even when it predates the last one.
            # (unless a test run passed between the plan and the last change: the item was
            # done then, and the work moved on)
            plan_for_request = (
                last_plan is not None
                and last_plan.index > last_user
                and not any(
                    last_plan.index < c.index < last_change.index
                    and error_line(c.result or "", shell=True) is None
                    for c in runs
                )
            )
            if in_progress is not None and (
                in_progress.source == "bd" or plan_newer or plan_for_request
            ):
                next_step += f", for {in_progress.text} (in progress)"
                later = state.todos[state.todos.index(in_progress) + 1 :]
                then_item = next((t for t in later if "pending" in t.status.lower()), None)
                # the full form only: the next step names it, as in progress, in short
                item = f" changed last, for {in_progress.text} (the plan's in-progress item);"
                current = current.replace(" changed last;", item, 1)
            if users and not ran:
                request = users[-1][1]
                tests_since = any(
                    "test" in p.lower()
                    for c in changes
                    if c.index > last_user
                    for p in _change_paths(c)
                )
                if _ASKS_TESTS.search(request) and not tests_since:
                    # the request asks for tests and none were written since: writing them is
                    # the step, not only running the old ones
                    next_step = next_step.replace("finish and test", "add tests for", 1)
                    next_step += (
                        " (the latest request asks for tests; none written yet), then run them"
                    )
            if resubmit:
                next_step += ", then submit again"
            if aim:
                next_step += f"; the assistant's aim: {aim}"
            if then_item is not None:  # after the item being worked on
                next_step += f"; then the plan's next item: {then_item.text}"
    open_now = [p for p in listed.points if p.open] if listed else []
    if next_step is None and open_now and not submitted:
        # nothing done since a request that lists points: its first open one is the step,
        # not "answer" the whole request
        open_now.sort(key=lambda p: p.status != "not started")
        next_step = f"point {open_now[0].number} of the latest request: {open_now[0].step}"
    if next_step is None and users and not submitted:
        request = users[-1][1].strip()
        head = request.splitlines()[0]  # a pasted log under a question: the question
        head = head if len(head.split()) >= 3 or head == request else request
        next_step = f"answer the latest request: {_clip(head, 200)}"

    if next_step is not None and _SHIPS.search(next_step):
        # a commit or push leaves out what git does not track: the files the latest status
        # lists as untracked, still there, go in with `git add`
        statuses = [c for c in calls if "git status" in (_command(c) or "") and c.result]
        if statuses and any(
            c.index > statuses[-1].index
            and re.search(r"\bgit\s+(?:add|commit)\b", _command(c) or "")
            for c in calls
        ):
            statuses = []  # added or committed since: the status is out of date
        untracked = [
            m.group(1).strip()
            for m in _UNTRACKED.finditer(statuses[-1].result or "" if statuses else "")
            if not any(same_file(m.group(1).strip(), r) for r in removed)
        ]
        if untracked:
            next_step += f"; untracked, to git add first: {', '.join(untracked[:4])}"
    # The latest request's asks that name a file nothing has touched since it was sent.
    open_asks: list[str] = []
    if users:
        touched = {
            p for c in calls if c.index > last_user for p in [*_change_paths(c), _path(c)] if p
        }
        # a point's sentence is not to do when the user left or turned it down, and listed
        # with the points still open when not
        points_ = listed.points if listed else ()
        listed_texts = [t for p in points_ for t in (p.text or p.head, p.answer) if t]
        for sentence in split_sentences(users[-1][1]):
            if any(sentence in text or text in sentence for text in listed_texts):
                continue  # (the user's answer beside a point is listed with it)
            named = [
                p
                for p in _NAMED_PATH.findall(sentence)
                if "/" in p and not any(t.endswith(p) or p.endswith(t) for t in touched)
            ]
            if named:
                open_asks.append(_clip(sentence, 200))

    # Decisions: design statements, less those a later message turned down.
    decisions: list[str] = []
    for _, text in said:
        for sentence in split_sentences(text):
            if sentence in gone or len(sentence.split()) < 6 or _IMMEDIATE.search(sentence):
                continue  # "Let me apply all the changes at once" is an action, not a decision
            if sentence in stale_step:
                continue  # "Next: re-run x to rule out y", stale: neither a step nor a design
            if _DESIGN.search(sentence) or DECISION_CUES.search(sentence):
                decisions.append(_clip(sentence, 240))
    corrections = tuple(
        _clip(text, 300)
        for i, text in users[1:]
        if _REJECTION.search(text) and not REVIEW_HEAD.search(text)
    )

    # Each error beside the change that made it stop.
    fixes: list[Fix] = []
    for error in state.errors:
        if not error.fixed:
            continue
        fixing_run = next(
            (
                c
                for c in calls
                if c.index > error.index
                and described_call(c) == error.fixed_by
                and c.result is not None
                and (
                    error_line(c.result, shell=c.text.startswith("$ ") or is_run_tool(c.name))
                    is None
                    or builds_before(step_key(c), error.step)  # built, whatever the tests found
                )
            ),
            None,
        )
        message = _clip(error.message, 160)
        failing_call = next((c for c in calls if (c.result_index or c.index) == error.index), None)
        failing = (
            _same_step_text(failing_call.text)
            if failing_call is not None and failing_call.text.startswith("$ ")
            else error.where.split(" at ")[0]
        )
        failing_words = {w for part in _split_chain(failing) for w in part}
        # A re-run: the same command, or the same step with fewer arguments (`tox -q` after
        # `tox -e py310 -q`), also chained after a set-up (`docker compose build x && <it>`);
        # `git push --set-upstream origin x` after `git push` is the fix.
        # (or with more flags: `pytest -m db --count=10` re-runs `... && pytest -m db`)
        # (`mvn -pl x clean test` re-runs `mvn -pl x test`: a clean first builds it anew)
        rerun = fixing_run is not None and any(
            set(part) <= failing_words
            or (
                same_step(step_key(fixing_run), error.step)
                and {w for w in part if not w.startswith("-") and w != "clean"} <= failing_words
            )
            for part in _parts(fixing_run)
        )
        # a script the span wrote after the error, run clean, re-runs what failed (the span
        # state says so); the change it shows to work is the one before, not the script
        wrapper = {
            p
            for c in changes
            if fixing_run is not None and error.index < c.index < fixing_run.index
            for p in _change_paths(c)
            if p.rsplit("/", 1)[-1] in {w.rsplit("/", 1)[-1] for w in fixing_run.text.split()}
        }
        # `xcodebuild test` after `xcodebuild build` failed: the tests' build is the re-run
        builds = fixing_run is not None and builds_before(step_key(fixing_run), error.step)
        # `go test ./internal/...` after `go test ./internal/relay/` failed: a wider run of it
        failed_paths = test_targets(failing[2:])
        wider = (
            fixing_run is not None
            and bool(failed_paths)
            and same_step(step_key(fixing_run), error.step)
            and covers_paths(test_targets(fixing_run.text[2:]), failed_paths)
        )
        rerun = rerun or bool(wrapper) or builds or wider
        if fixing_run is None or not rerun:
            fixes.append(Fix(message, error.where, str(error.fixed_by)))
            continue
        # The run where this error stopped showing (another may still fail it): the change
        # before that run fixed this error, not the last change before the step passed.
        # a re-run may print it without the test's name, or at another time of day
        head = untimed(core_error(message))[:50]
        plain = {w for w in failing_words if not w.startswith("-")}
        runs_after = [
            c
            for c in calls
            if error.index < c.index <= fixing_run.index
            and c.result is not None
            and (same_step(step_key(c), error.step) or same_step(error.step, step_key(c)))
            # the failing command again, maybe with more flags; not another use of the program
            # (`docker compose run x sh -c 'ls ...'` looks, it does not re-run the tests)
            and any(plain <= set(part) or set(part) <= failing_words for part in _parts(c))
        ]
        runs_after += [
            c
            for c in calls
            if error.index < c.index < fixing_run.index
            and c.result is not None
            and c not in runs_after
            and any(plain <= set(part) for part in _parts(c)[1:])  # chained after a set-up
        ]
        runs_after.sort(key=lambda c: c.index)
        if fixing_run not in runs_after:
            runs_after.append(fixing_run)
        # (its counts aside: "5 of 400000 ids sort before ..." after "3 of 400000" still fails)
        stop = next(
            (
                c
                for c in runs_after
                if _uncounted(head) not in _uncounted(untimed(c.result or ""))
                and not same_ending(message, c.result or "")
                # a line read from two of the output's lines (jest's Expected: over Received:)
                and _uncounted(untimed(error_line(c.result or "", shell=True) or ""))
                != _uncounted(untimed(message))
            ),
            fixing_run,
        )
        between = [
            c
            for c in changes
            if error.index < c.index < stop.index and not set(_change_paths(c)) <= wrapper
        ]
        tried = tuple(
            dict.fromkeys(_same_step_text(c.text) for c in runs_after if c.index < stop.index)
        )
        if between:
            # the code's change over the test's where both came between: a test adapted to
            # the fix (a no-op sleep passed in) is not what made the error stop
            # the changes after the last run that still failed made it stop: not those before
            # it (a design tried and dropped, a file deleted since)
            still = max((c.index for c in runs_after if c.index < stop.index), default=-1)
            recent = [c for c in between if c.index > still] or between[-1:]
            code = [c for c in recent if not all(is_test_path(p) for p in _change_paths(c))]
            change = (code or recent)[-1]
            paths = [p for c in (code or recent) for p in _change_paths(c)]
            paths += [p for c in recent for p in _change_paths(c)]
            # a file removed since, or put back as committed (a design dropped), is no part of
            # the fix that stands
            kept = [p for p in paths if not any(same_file(p, r) for r in (*removed, *reverted))]
            files = ", ".join(dict.fromkeys(kept or paths)) or change.text
            why = _explanation(said, error.index, change.index)
            what = _change_text(change, f"{message} {why or ''}")
            # a design dropped between the error and the change (its new file removed, the files
            # it edited put back): the error went with it, the change came after
            dropped = [
                path
                for path, at in (*removed_at.items(), *put_back.items())
                if error.index < at < change.index and any(same_file(f, path) for f in written)
            ]
            # an error that came under the design (not one it was written to fix: the pool
            # exhausted before the reaper was tried is fixed by the change that stands)
            if any(
                same_file(f, path) and came < error.index
                for path in dropped
                for f, came in new_and_gone.items()
            ):
                names = ", ".join(dict.fromkeys(dropped))
                fixes.append(
                    Fix(message, error.where, f"dropping that design ({names} removed or put back)")
                )
                continue
            undone = all(
                any(same_file(p, r) for r in removed)
                or any(same_file(p, back) and at > change.index for back, at in put_back.items())
                for p in paths
            )
            fixes.append(
                Fix(message, error.where, f"{change.name} {files}: {what}", why, tried, (), undone)
            )
        else:
            # no edit between, but maybe a command that changed files (`rm x && generate`)
            done_between = [
                c
                for c in calls
                if error.index < c.index < stop.index
                and c.text.startswith("$ ")
                and not _is_test_run(c)
                and not LOOK_COMMAND.match(RUNNER.sub("", c.text[2:]))
                and c not in runs_after
            ]
            # the set-up chained before the re-run that passed (`docker compose down -v && up
            # && sbt it/test`): what changed between the failure and the pass, more recent
            # than any command before it
            chain = _parts(stop)
            at = next((n for n, part in enumerate(chain) if plain and plain <= set(part)), 0)
            # (a check chained first, `go vet ./... && go test ...`, changes nothing)
            setup = [
                " ".join(part)
                for part in chain[:at]
                if part
                and not LOOK_COMMAND.match(" ".join(part))
                and part[0] != "cd"
                and not runs_tests(" ".join(part))
            ]
            if setup:
                command = _clip("$ " + " && ".join(setup), 160)
                why = _explanation(said, error.index, stop.index)
                fixes.append(Fix(message, error.where, f"{command}, then the re-run", why, tried))
            elif done_between:  # the command between is the fix; the re-run only showed it
                command = _clip(done_between[-1].text, 160)
                fixes.append(Fix(message, error.where, f"{command}, then {error.fixed_by}"))
            else:
                fixes.append(
                    Fix(
                        message, error.where, f"re-running {error.fixed_by}, with no change between"
                    )
                )

    fixes = _merge_fixes(fixes, [e for e in state.errors if e.fixed])
    # an error that came back after its change was undone is stated once, with the fix that
    # stands (the strict fold's heap exhausted again, once the conduit design was reverted)
    fixes = [
        f
        for n, f in enumerate(fixes)
        if not (
            f.undone and any(core_error(g.error) == core_error(f.error) for g in fixes[n + 1 :])
        )
    ]

    # What each file is: what it defines and says, from what was read or written.
    roles: dict[str, str] = {}
    for call in calls:
        path = _path(call)
        if not path or path in roles:
            continue
        if call.name.lower() in _READS or str(call.args.get("command")) == "view":
            role = _role(call.result or "")
        elif _is_change(call):
            role = _role(_body(call))
        else:
            continue
        if role:
            roles[path] = role

    # Why each changed file changed: the assistant's last sentence after its first change that
    # names it ("customTypes in src/app.ts no longer matches text/event-stream").
    # (not a step it announces, a look, a question: what was done)
    accounts = [
        (index, sentence)
        for index, text in said
        for sentence in split_sentences(text)
        if len(sentence.split()) >= 6
        and not _IMMEDIATE.search(sentence)
        and not STATED_NEXT.search(sentence)
        and not _PUTS_BACK.search(sentence)  # "Removing x.ts and restoring y.ts": no role
        and not sentence.rstrip().endswith(("?", ":"))
    ]
    first_change: dict[str, int] = {}
    for c in changes:
        for p in _change_paths(c):
            first_change.setdefault(p, c.index)
    file_why: dict[str, str] = {}
    for f in state.files:
        changed_at = first_change.get(f.path)
        name = f.path.rsplit("/", 1)[-1]
        if changed_at is None or "." not in name or any(same_file(f.path, r) for r in removed):
            continue
        said_of = [
            sentence for index, sentence in accounts if index > changed_at and name in sentence
        ]
        if said_of:
            file_why[f.path] = _clip(said_of[-1], 200)

    # What each changed file's surviving changes put in, by name.
    kept_paths = [
        f.path
        for f in state.files
        if f.path in first_change and not any(same_file(f.path, r) for r in removed)
    ]
    since = {
        f: max((at for target, at in put_back.items() if same_file(f, target)), default=-1)
        for f in kept_paths
    }
    prose = " ".join(text for _, text in users) + " " + " ".join(text for _, text in said)
    added = _added_names(changes, calls, kept_paths, since, prose)

    reviews = tuple(
        f"{c.args.get('description') or c.name} reported: {_findings(c.result or '')}"
        for c in calls
        if c.name.lower() in _SUBAGENT_TOOLS and c.result
    )
    return Progress(
        next_step=_clip(next_step, 300) if next_step else None,
        current=current,
        decisions=tuple(dict.fromkeys(decisions))[-5:],
        rejected=tuple(ruled)[-4:],
        fixes=tuple(fixes),
        reviews=reviews,
        corrections=corrections,
        instead=instead,
        removed=frozenset(removed),
        reverted=frozenset(reverted),
        renamed=renamed,
        plan_is_older=(
            last_plan is not None
            and last_change is not None
            and last_plan.index < last_change.index
        ),
        roles=roles,
        why=file_why,
        added=added,
        last_run=last_run,
        current_short=current_short,
        open_asks=tuple(open_asks[:3]),
        later_asks=_later_asks(users, calls, last_user, open_asks, last_change, last_run),
        points=listed,
        finish=_finish(users, calls, state, removed),
    )


# SWE-agent's task: the work ends with `submit`, its scratch scripts deleted first
_SWE_TASK = re.compile(
    r"<uploaded_files>|I've uploaded an? [\w#+.-]+ code repository|"
    r"We're currently solving the following issue within our repository"
)
_SCRATCH = re.compile(r"(?:^|/)(?:reproduce|repro)[\w.-]*$", re.IGNORECASE)


def _finish(
    users: Sequence[tuple[int, str]],
    calls: Sequence[Call],
    state: SpanState,
    removed: set[str],
) -> str:
    """An SWE-agent run not yet submitted ends with `submit`, its reproduction scripts
    deleted before it (the harness submits the diff of the whole tree)."""
    if not users or not _SWE_TASK.search(users[0][1]):
        return ""
    last_submit = max((c.index for c in calls if c.name.lower() == "submit"), default=-1)
    if calls and calls[-1].index == last_submit and users[-1][0] < last_submit:
        return ""  # submitted last, nothing asked since: the work is in
    scratch = [
        f.path.rsplit("/", 1)[-1]
        for f in state.files
        if "created" in f.actions
        and _SCRATCH.search(f.path)
        and not any(same_file(f.path, r) for r in removed)
    ]
    submit = "submit again" if last_submit >= 0 else "submit"
    return f"delete {', '.join(scratch)}, then {submit}" if scratch else submit


# "revert the session mode", "undo X": a step that takes a turned-down design away again
_UNDOES = re.compile(r"\b(?:revert|undo|roll back|put back|back out|remove|drop)\b", re.I)


def _redoes_ruled(step: str, ruled: Sequence[Ruled]) -> bool:
    """An announced step that does again what a user correction turned down ("Next I'll set
    pool_mode = session ..." after "No. Session mode is why ..."): a code name and three
    uncommon words of the turned-down design in it."""
    if _UNDOES.search(step):
        return False
    names, words = identifiers(step), _words(step)
    return any(
        r.by.startswith("the user:")
        and names & identifiers(r.text)
        and len(words & _words(r.text)) >= 3
        for r in ruled
    )


# "re-run terraform plan in envs/prod to confirm ...": what the step runs, up to a word that
# says where or why
_RERUN = re.compile(r"\b(?:re-?run|run)\s+(?:the\s+)?`?([\w./:-]+(?:\s+[\w./:-]+){0,2})", re.I)
# a step whose first act is the run: "Next: re-run x", "Next I'll run x", "Let me run x"
_RUN_FIRST = re.compile(
    r"^(?:next(?: step)?[:,]?\s+)?(?:(?:i'll|i will|let me|let's|we'll)\s+)?(?:re-?run|run)\b", re.I
)
_RUN_STOP = frozenset({"to", "in", "so", "and", "for", "again", "with", "on", "once", "then"})
_SUITE = frozenset({"tests", "test", "suite", "specs", "spec", "checks"})


def _run_is_current(
    step: str, calls: Sequence[Call], last_change: Call | None, request: str
) -> bool:
    """An announced run ("re-run terraform plan to confirm the plan is clean", "run cargo clean
    and re-run cargo test") that was all done before, its last run without an error after the
    last change: its result still holds. Not when the latest request names a command (the
    user may ask for it again)."""
    if last_change is None or not _RUN_FIRST.match(step):
        return False  # "add the boundary test, then run make test": the run is not the step
    phrases = []
    for m in _RERUN.finditer(step):
        words: list[str] = []
        for word in m.group(1).split():
            if word.lower() in _RUN_STOP:
                break
            words.append(word.strip("`"))
        if words:
            phrases.append(" ".join(words[:2]))
    if not phrases or any(p.lower() in request.lower() for p in phrases):
        return False

    def ran(phrase: str, among: Sequence[Call]) -> bool:
        if phrase.split()[0].lower() in _SUITE:  # "re-run the tests"
            return any(_is_test_run(c) for c in among)
        return any(phrase in (_command(c) or "") for c in among)

    since = [
        c
        for c in calls
        if c.index > last_change.index and error_line(c.result or "", shell=True) is None
    ]
    return all(ran(p, calls) for p in phrases[:-1]) and ran(phrases[-1], since)


# "remove the X option", "drop X", "take X out": a step that takes a name away.
_REMOVAL = re.compile(r"\b(?:remove|drop|delete|take out|get rid of|back out)\b", re.IGNORECASE)


def _removed_by_revert(step: str, changes: Sequence[Call], put_back: Mapping[str, int]) -> bool:
    """Whether an announced removal ("Next I'll remove the X option") is done already: every
    change that wrote a name it gives was undone since, its file put back as committed or the
    definition it wrote rewritten without the name."""
    sentence = next((s for s in split_sentences(step) if _REMOVAL.search(s)), None)
    if sentence is None:
        return False
    tail = sentence[_REMOVAL.search(sentence).end() :]  # type: ignore[union-attr]

    def undone(change: Call, name: str) -> bool:
        path = _path(change)
        if not path:
            return False
        if any(same_file(path, t) and at > change.index for t, at in put_back.items()):
            return True
        defined = set(_DEFINES.findall(_body(change)))
        return bool(defined) and any(
            c.index > change.index
            and same_file(_path(c), path)
            and defined & set(_DEFINES.findall(_body(c)))
            and name not in _body(c)
            for c in changes
        )

    for name in identifiers(tail):
        holders = [c for c in changes if name in _body(c)]
        if holders and all(undone(c, name) for c in holders):
            return True
    return False


# A test command that names what it runs: a test file, a test id (`a.py::t`), `-k`.
_NAMES_TESTS = re.compile(r"\S+\.[a-z]{1,4}\b|::|\s-k\s")

# A step that ships the work, and `git status --short`'s untracked lines.
_SHIPS = re.compile(r"\b(?:commit|push|pull request|open (?:the|a) PR)\b", re.IGNORECASE)
_UNTRACKED = re.compile(r"^\?\? (\S+)\s*$", re.MULTILINE)

# "Next I'll delete x.py, then push": the part after the last "then".
_THEN_REST = re.compile(r"^(.*?)[,;]?\s+(?:and\s+)?then\s+(.+?)\.?$", re.IGNORECASE)


def _past_gone(sentence: str, gone: set[str]) -> str:
    """An announced step whose first part acts on a file already gone ("Next I'll delete x.py,
    then push" after x.py was deleted): its first part is done, so what it says next is the
    step."""
    m = _THEN_REST.match(sentence)
    if m is None:
        return sentence
    first, rest = m.group(1), m.group(2)
    names = [n for n in gone if n in first]
    if not names or any(n in rest for n in gone):
        return sentence
    return f"Next I'll {rest} (the rest of the announced step; its first part's file is gone)"


def _plan_marks_done(step: str, plan: Call) -> bool:
    """Whether `plan` (an update_plan or TodoWrite call) marks an item completed whose every
    word (three at least, short words aside) the announced `step` names."""
    items = plan.args.get("plan") or plan.args.get("todos")
    if not isinstance(items, list):
        return False
    said = _words(step)
    for item in items:
        if not isinstance(item, Mapping):
            continue
        if str(item.get("status") or "").lower() not in ("completed", "complete", "done"):
            continue
        named = {
            w for w in _words(str(item.get("step") or item.get("content") or "")) if len(w) > 2
        }
        if len(named) >= 3 and named <= said:
            return True
    return False


def _merge_fixes(fixes: list[Fix], errors: Sequence[Any]) -> list[Fix]:
    """An error whose only 'fix' is the passing run that also ended another error, whose fix
    is a change, was ended by that change too (a look's `ModuleNotFoundError` beside the test
    failure it explained): stated with it, once, not as fixed by the run."""
    by_run: dict[str, int] = {}
    for n, (fix, error) in enumerate(zip(fixes, errors, strict=True)):
        if fix.change != str(error.fixed_by):
            by_run.setdefault(str(error.fixed_by), n)
    out: dict[int, Fix] = {}
    for n, (fix, error) in enumerate(zip(fixes, errors, strict=True)):
        into = by_run.get(str(error.fixed_by))
        if fix.change == str(error.fixed_by) and into is not None:
            host = out.get(into, fixes[into])
            out[into] = replace(host, also=(*host.also, fix.error))
        else:
            out.setdefault(n, fix)
    # the same failure again with other counts ("5 of 400000" after "3 of 400000"), ended by
    # the same change: one error, its re-run among what did not help
    seen: set[tuple[str, str]] = set()
    kept = []
    for n in sorted(out):
        key = (_uncounted(out[n].error), out[n].change)
        if key not in seen:
            seen.add(key)
            kept.append(out[n])
    return kept


_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+(.+)$")


def _findings(report: str) -> str:
    """A report, short: a numbered or bulleted list of findings is each item's first sentence
    (the second finding is no less a finding than the first one's details); else its head."""
    lines = report.strip().splitlines()
    items = [m.group(1) for m in map(_ITEM.match, lines) if m]
    if len(items) < 2:
        return _clip(report, 300)
    head = lines[0].strip() if not _ITEM.match(lines[0]) else ""
    heads = [
        f"{n}. {_clip((split_sentences(item) or [item])[0], 160)}"
        for n, item in enumerate(items, 1)
    ]
    return _clip(" ".join([head, *heads]).strip(), 420)


def same_file(path: str, named: str) -> bool:
    """A file's path and one a command named (`syncd/x.py`, `./syncd/x.py`, absolute): the one
    rule for matching an `rm` / `git checkout --` target to the files the span touched."""
    named = named.removeprefix("./")
    if not path or not named:
        return False
    return path == named or path.endswith("/" + named) or named.endswith("/" + path)


def _under(path: str, folder: str) -> bool:
    """A file under a folder a command named (`src/Locking` holds `/repo/src/Locking/a.cs`)."""
    folder = folder.removeprefix("./").rstrip("/")
    if not folder or "." in folder.rsplit("/", 1)[-1] or not path:
        return False  # `a.py` names a file, not a folder
    return path.startswith(folder + "/") or f"/{folder}/" in path


def _change_paths(call: Call) -> list[str]:
    if isinstance(call.args.get("input"), str):
        found = re.findall(r"\*\*\* (?:Add|Update|Delete) File: (.+)", str(call.args["input"]))
        if found:
            return [f.strip() for f in found]
    path = _path(call)
    return [path] if path else []
