"""Verbatim facts in agent text: the paths, identifiers, numbers, errors, URLs and commands
a summary has to keep, and the span rendering both the offline compactor and the metrics read.

Deliberately regex-based and deterministic: it judges summaries, so it must give the same
answer every run, and it runs over hundreds of kilobytes of history in well under a second.
It leans towards precision: prose words, small numbers in prose ("3 times") and markdown
punctuation are not facts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "FACT_KINDS",
    "PLUMBING_ARGS",
    "Fact",
    "FoundFact",
    "Segment",
    "call_text",
    "count_facts",
    "extract_facts",
    "fact_in",
    "find_facts",
    "is_chit_chat",
    "is_typed_user_text",
    "span_segments",
    "span_text",
    "strip_line_numbers",
]

FACT_KINDS = ("url", "path", "error", "command", "identifier", "number")


@dataclass(frozen=True, order=True)
class Fact:
    """One verbatim fact: its kind (one of FACT_KINDS) and the exact text."""

    kind: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


@dataclass(frozen=True)
class FoundFact:
    """A fact and where it occurs in the text it was found in."""

    fact: Fact
    start: int
    end: int


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- patterns -------------------------------------------------------------------------------

_URL = re.compile(r"\bhttps?://[^\s<>\"'`\])}]+")

_EXTENSIONS = _words(
    "py pyi pyx ipynb js mjs cjs ts tsx jsx json jsonl yaml yml toml ini cfg conf md mdx rst txt "
    "csv tsv html htm css scss sass less xml svg png jpg jpeg gif webp ico ex exs eex heex leex "
    "erl hrl rs go c h cc cpp cxx hpp java kt kts scala rb php pl sh bash zsh fish ps1 bat sql db "
    "sqlite sqlite3 lock log env gradle swift dart lua jl vue svelte proto graphql tf hcl mk pdf "
    "zip gz tgz tar whl so dylib dll exe wasm patch diff cs fs zig nim ml mli hs elm clj cljs edn "
    "el vim tex bib pem crt bak"
)
_EXT = "|".join(sorted(_EXTENSIONS, key=len, reverse=True))

_SEG = r"\.?[\w@+\-][\w.@+\-]*"
# A run of path segments joined by slashes, optionally anchored at /, ~/, ./ or ../
_SLASH_PATH = re.compile(rf"(?<![\w./~\-])(?:~|\.{{1,2}})?/?(?:{_SEG}/)+(?:{_SEG})?")
_BARE_FILE = re.compile(rf"(?<![\w./\-@])\.?[\w\-]+(?:\.[\w\-]+)*\.(?:{_EXT})(?![\w/\-(])")
_OBJECT_PREFIXES = ("self.", "this.", "cls.", "ctx.")
_LINE_SUFFIX = re.compile(r"(?::\d+){1,2}$")
_ARITY = re.compile(r"^[A-Za-z_][\w.?!]*/\d{1,2}$")  # Elixir/Erlang name/arity
_PROSE_SLASH = _words(
    "and/or or/and n/a w/o w/ i/o input/output read/write yes/no on/off true/false he/she "
    "his/her client/server and/also either/or km/h"
)

_ERROR_NAME = re.compile(
    r"\b(?:[A-Z][A-Za-z0-9]*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception|Failure)\b"
    r"(?:(?::| -|\)) +([^\n]{1,200}))?"
)
_ERROR_LINE = re.compile(
    r"(?m)^[ \t>*\-]*(?:(?:error|fatal|panic|Error|Fatal)(?:\[[\w\-]+\])?:|(?:ERROR|FATAL|FAILED)\b:?)"
    r" *([^\n]{1,200})"
)

_COMMAND_WORDS = _words(
    "git mix npm npx pnpm yarn node python python3 pip pip3 uv uvx pytest ruff mypy cargo rustc "
    "go make cmake docker docker-compose kubectl curl wget ls cd cat grep rg find sed awk head "
    "tail echo export rm mv cp mkdir chmod chown ssh scp rsync tar gh bd iex elixir erl rails "
    "bundle rake gem java mvn gradle dotnet deno bun tsc jest vitest eslint prettier brew apt "
    "apt-get sudo source bash sh zsh poetry conda jupyter psql sqlite3 redis-cli terraform helm "
    "systemctl journalctl tmux which env touch wc sort diff kill ps xargs jq tox nox hatch "
    "black isort flake8 pylint coverage ollama vllm"
)
_DOLLAR_LINE = re.compile(r"(?m)^[ \t]*\$ +([^\n]+)")
_FENCE = re.compile(r"(?ms)^[ \t]*```([\w+\-]*)[^\n]*\n(.*?)^[ \t]*```")
_SHELL_FENCES = frozenset({"", "bash", "sh", "shell", "console", "zsh", "terminal", "cmd"})
_BACKTICK = re.compile(r"(?<!`)`([^`\n]{1,300})`(?!`)")

_IDENTIFIERS = [
    re.compile(r"(?<![\w.])__[A-Za-z][A-Za-z0-9_]*__(?!\w)"),  # dunder
    re.compile(
        r"(?<![\w.\-])_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w\-])"
    ),  # snake/SCREAMING
    re.compile(r"(?<![\w.\-])[a-z]+[0-9]*[A-Z][A-Za-z0-9]*(?![\w\-])"),  # camelCase
    re.compile(r"(?<![\w.\-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w\-])"),  # PascalCase, 2+ humps
    re.compile(
        r"(?<![\w.\-])[A-Z]{2,}[A-Z][a-z0-9]{2,}(?:[A-Z][A-Za-z0-9]*)*(?![\w\-])"
    ),  # HTTPServer
    re.compile(
        r"(?<![\w.\-])[A-Za-z]\w*-[\w\-]*\d[\w\-]*(?:\.\d+)*(?![\w\-])"
    ),  # kebab with a digit: gqc-12
    re.compile(
        r"(?<![\w\-])[a-z][\w\-]*-[a-z][\w\-]*\.\d+(?![\w\-])"
    ),  # beads-style: spotter-gqc.4
    re.compile(
        r"(?<![\w\-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w\-])"
    ),
    re.compile(
        r"(?<![\w\-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w\-])"
    ),  # git sha
    re.compile(r"(?<![\w\-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w\-])"),  # CLI flag
    re.compile(r"(?<![\w:\"'])(?<=[\s(\[{,])(:[a-z_][a-z0-9_]+[?!]?)(?![\w:])"),  # Elixir/Ruby atom
    re.compile(r"(?<![\w.\-])[A-Za-z_]\w*\(\)"),  # call: compact()
]

# dotted: os.path.join, Spotter.Transcripts.Annotation
_DOTTED = re.compile(r"(?<![\w.\-/])[A-Za-z_][\w]+(?:\.[A-Za-z_][\w]*)+(?:\(\))?(?![\w\-/])")

_UNITS = (
    "ms|µs|us|ns|s|sec|secs|seconds?|min|mins|minutes?|h|hr|hrs|hours?|days?|"
    "B|KB|kB|MB|GB|TB|KiB|MiB|GiB|TiB|bytes?|tokens?|tok|k|K|M|px|em|rem|pt|"
    "chars?|characters?|words?|lines?|LOC|tests?|doctests?|failures?|failed|passed|errors?|"
    "warnings?|rows?|columns|commits?|req/s|rps|qps|fps|Hz|kHz|MHz|GHz|cores?|CPUs?|GPUs?|"
    "USD|EUR|dollars?|tps|mg|kg|g|m|cm|mm|km"
)
_NUMBERS = [
    re.compile(r"(?<![\w.$])\$\d[\d,]*(?:\.\d+)?(?![\w.])"),  # money
    re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?%"),  # percent
    re.compile(rf"(?<![\w.,])\d[\d,]*(?:\.\d+)? ?(?:{_UNITS})(?![\w/])"),  # with a unit
    re.compile(r"(?<![\w.,])\d+(?:\.\d+)?x(?!\w)"),  # ratio: 22x
    re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+(?:[\-+][\w.]+)?(?![\w.])"),  # version
    re.compile(r"(?<![\w.])v\d+(?:\.\d+)?(?![\w.])"),  # v2, v1.5
    re.compile(r"\b(?:HTTP|status(?: code)?|exit (?:code|status)|port) \d{1,5}\b"),
    re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,]|\.\d)"),  # 327,000
    re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])"),  # decimal: 0.75
    re.compile(r"(?<![\w.,:\-/])\d{4,}(?![\w.,:\-/])"),  # long integer: 167094, 2024
]

_TRAILING = ".,;:!?)]}'\"`*"


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    """Blank out matched spans (same length, so offsets hold) so later patterns skip them."""
    if not spans:
        return text
    pieces: list[str] = []
    last = 0
    for start, end in sorted(spans):
        start = max(start, last)
        if end <= start:
            continue
        pieces.append(text[last:start])
        pieces.append(" " * (end - start))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def _path_ok(value: str) -> bool:
    if "/" not in value:
        return True
    if value.lower() in _PROSE_SLASH:
        return False
    segments = [s for s in value.split("/") if s not in ("", ".", "..", "~")]
    if not segments or all(s.replace(".", "").replace(",", "").isdigit() for s in segments):
        return False  # 1/2, 2024/01/02
    if value.startswith(("/", "~/", "./", "../")) and (len(segments) > 1 or len(segments[0]) > 1):
        return True
    if len(segments) >= 3:
        return True
    last = segments[-1]
    if "." in last and last.rsplit(".", 1)[1].lower() in _EXTENSIONS:
        return True
    return any(c in s for s in segments for c in "_-.") or (
        value.endswith("/") and len(segments) >= 2
    )


def find_facts(text: str) -> list[FoundFact]:
    """Every fact occurrence in `text`, with offsets, in order of position.

    Kinds are found in a fixed order and each match is blanked out before the next pattern
    runs, so a path inside a URL or a number inside a path is not counted twice.
    """
    found: list[FoundFact] = []
    work = text
    spans: list[tuple[int, int]] = []
    # Literal prefilters: each pattern below needs some character or word to match, and
    # masking only blanks text out, so a pattern whose literal is absent from `text` is
    # skipped without changing the result (most short texts skip most of the ~35 scans).
    has = _present(text)

    def add(
        kind: str, value: str, start: int, end: int, mask: tuple[int, int] | None = None
    ) -> None:
        found.append(FoundFact(Fact(kind, value), start, end))
        if mask is not None:
            spans.append(mask)

    def flush() -> None:
        nonlocal work
        work = _mask(work, spans)
        spans.clear()

    if has.url:
        for m in _URL.finditer(work):
            value = m.group(0).rstrip(_TRAILING)
            add("url", value, m.start(), m.start() + len(value), (m.start(), m.end()))
        flush()

    if has.error_name:
        for m in _ERROR_NAME.finditer(work):
            name_end = m.start() + len(m.group(0)) - (len(m.group(1)) + 2 if m.group(1) else 0)
            name = work[m.start() : name_end].rstrip(":) -")
            message = (m.group(1) or "").strip()
            value = f"{name}: {_clip(message)}" if message else name
            add("error", value, m.start(), m.end(), (m.start(), m.start() + len(name)))
    if has.error_word:
        for m in _ERROR_LINE.finditer(work):
            message = _clip(m.group(1).strip())
            if len(message.split()) >= 2 or any(c in message for c in "/:'\"_"):
                add("error", message, m.start(1), m.end(1))
    flush()

    if has.dollar or has.backtick:
        for value, start, end in _commands(work):
            add("command", value if len(value) <= 200 else value[:200], start, end)

    for pattern, needed in ((_SLASH_PATH, has.slash), (_BARE_FILE, has.dot)):
        if not needed:
            continue
        for m in pattern.finditer(work):
            value = _LINE_SUFFIX.sub("", m.group(0).rstrip(_TRAILING)).rstrip(_TRAILING)
            if len(value) < 3 or not any(c.isalpha() for c in value):
                continue
            if value.startswith(_OBJECT_PREFIXES):
                continue  # self.db is an attribute, not a file
            kind = "identifier" if _ARITY.match(value) else "path" if _path_ok(value) else ""
            if kind:
                add(kind, value, m.start(), m.start() + len(value), (m.start(), m.end()))
        flush()

    if has.backtick:
        for m in _BACKTICK.finditer(work):
            inner = m.group(1).strip().rstrip(_TRAILING + "(")
            if inner and " " not in inner and len(inner) >= 2 and any(c.isalpha() for c in inner):
                add("identifier", inner, m.start(1), m.start(1) + len(inner), (m.start(), m.end()))
        flush()
    if has.dot:
        for m in _DOTTED.finditer(work):
            if _dotted_ok(m.group(0)):
                add("identifier", m.group(0), m.start(), m.end(), (m.start(), m.end()))
        flush()
    for pattern, needed in zip(_IDENTIFIERS, has.identifier_needs(), strict=True):
        if not needed:
            continue
        group = 1 if pattern.groups else 0
        for m in pattern.finditer(work):
            add("identifier", m.group(group), m.start(group), m.end(group), (m.start(), m.end()))
        flush()

    if has.digit:
        for pattern, needed in zip(_NUMBERS, has.number_needs(), strict=True):
            if not needed:
                continue
            for m in pattern.finditer(work):
                add("number", m.group(0), m.start(), m.end(), (m.start(), m.end()))
            flush()

    found.sort(key=lambda f: (f.start, f.end))
    return found


_ANY_DIGIT = re.compile(r"\d")


class _Present:
    """Which literals a text holds, each one a C-speed check, for find_facts' prefilters.

    Every test is a necessary condition of the pattern it guards (a superset is fine: the
    pattern still decides), so skipping a pattern never changes what find_facts returns.
    """

    __slots__ = (
        "backtick",
        "digit",
        "dollar",
        "dot",
        "error_name",
        "error_word",
        "slash",
        "text",
        "upper",
        "url",
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self.url = "://" in text
        self.error_name = "Error" in text or "Exception" in text or "Failure" in text
        self.dollar = "$" in text
        self.backtick = "`" in text
        self.slash = "/" in text
        self.dot = "." in text
        self.digit = _ANY_DIGIT.search(text) is not None
        self.upper = text != text.lower()  # some A-Z (lower() maps every ASCII capital)
        lowered = text.lower() if self.upper else text
        self.error_word = (
            "error" in lowered or "fatal" in lowered or "panic" in text or "FAILED" in text
        )

    def identifier_needs(self) -> tuple[bool, ...]:
        """One flag per pattern of _IDENTIFIERS, in order."""
        text = self.text
        dash = "-" in text
        return (
            "__" in text,  # dunder
            "_" in text,  # snake
            self.upper,  # camelCase
            self.upper,  # PascalCase
            self.upper,  # HTTPServer
            dash and self.digit,  # kebab with a digit
            dash and self.dot and self.digit,  # beads-style
            dash,  # uuid (may be all letters)
            self.digit,  # git sha
            "--" in text,  # CLI flag
            ":" in text,  # atom
            "()" in text,  # call
        )

    def number_needs(self) -> tuple[bool, ...]:
        """One flag per pattern of _NUMBERS, in order (all of them need a digit)."""
        text = self.text
        dot = self.dot
        return (
            "$" in text,  # money
            "%" in text,  # percent
            True,  # with a unit
            "x" in text,  # ratio
            dot,  # version
            "v" in text,  # v2
            True,  # HTTP / status / exit code / port
            "," in text,  # 327,000
            dot,  # decimal
            True,  # long integer
        )


class _Everything(_Present):
    """Claims every literal present: find_facts with no prefilter, as it was before them.

    Tests compare against it, and benchmarks/bench_extractive.py times it as the baseline.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.url = self.error_name = self.dollar = self.backtick = self.slash = self.dot = True
        self.digit = self.upper = self.error_word = True

    def identifier_needs(self) -> tuple[bool, ...]:
        return (True,) * len(_IDENTIFIERS)

    def number_needs(self) -> tuple[bool, ...]:
        return (True,) * len(_NUMBERS)


_present: type[_Present] = _Present  # swapped for _Everything to run without prefilters


def _commands(text: str) -> list[tuple[str, int, int]]:
    """Shell commands: `$ ` lines, lines of shell code fences, and backticked commands."""
    commands: list[tuple[str, int, int]] = []
    for m in _DOLLAR_LINE.finditer(text):
        commands.append((m.group(1).strip(), m.start(1), m.end(1)))
    for m in _FENCE.finditer(text):
        if m.group(1).lower() not in _SHELL_FENCES:
            continue
        offset = m.start(2)
        for line in m.group(2).splitlines(keepends=True):
            stripped = line.strip()
            if stripped.split(" ", 1)[0] in _COMMAND_WORDS and " " in stripped:
                at = offset + line.index(stripped)
                commands.append((stripped, at, at + len(stripped)))
            offset += len(line)
    for m in _BACKTICK.finditer(text):
        inner = m.group(1).strip()
        if inner.split(" ", 1)[0] in _COMMAND_WORDS and " " in inner:
            commands.append((inner, m.start(1), m.end(1)))
    return [c for c in commands if c[0] and not c[0].startswith("$")]


def _dotted_ok(value: str) -> bool:
    parts = value.removesuffix("()").split(".")
    # e.g / i.e and sentence joins ("done.Next") are prose; code has 2+ char heads.
    return (
        len(parts[0]) >= 2
        and all(parts)
        and not (
            len(parts) == 2
            and parts[0].islower()
            and parts[1][:1].isupper()
            and not value.endswith("()")
        )
    )


def _clip(message: str, limit: int = 80) -> str:
    """Error messages are kept to their head: a summary quotes the head, rarely the whole line."""
    message = message.rstrip(" .,;:")
    if len(message) <= limit:
        return message
    cut = message[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(" .,;:") or message[:limit]


def extract_facts(text: str) -> list[Fact]:
    """The distinct facts of `text`, in order of first appearance."""
    seen: dict[Fact, None] = {}
    for found in find_facts(text):
        seen.setdefault(found.fact, None)
    return list(seen)


def count_facts(text: str | Iterable[str]) -> Counter[Fact]:
    """How often each fact is mentioned (in one text, or summed over several)."""
    counts: Counter[Fact] = Counter()
    texts = [text] if isinstance(text, str) else text
    for part in texts:
        counts.update(found.fact for found in find_facts(part))
    return counts


def fact_in(fact: Fact, text: str) -> bool:
    """Whether `fact` survives verbatim in `text` (whole-token match, whitespace-insensitive)."""
    value = " ".join(fact.value.split())
    if value not in text and value not in " ".join(text.split()):
        return False
    haystack = " ".join(text.split()) if "\n" in text or "  " in text else text
    pattern = (
        rf"(?<![\w]){re.escape(value)}(?![\w])"
        if value[-1:].isalnum() or value[-1:] == "_"
        else None
    )
    if pattern is None:
        return value in haystack
    return re.search(pattern, haystack) is not None


# --- span rendering ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Segment:
    """A piece of a span's text: which message it came from and what kind of turn it is.

    `kind` is "user" (typed user text), "system", "assistant", "call" (a tool call's
    arguments) or "tool" (a tool result, or text injected by the harness).
    """

    index: int
    kind: str
    text: str


# Harness text in user turns: tags (<environment_context>, <system-reminder>), Claude Code's
# interruption notice and caveats, Codex's AGENTS.md preamble.
_INJECTED = re.compile(
    r"^\s*(?:<[a-z][\w\-]*>|\[Request interrupted|Caveat: |# AGENTS\.md instructions for )"
)
_PRIMARY_ARGS = ("command", "cmd", "file_path", "path", "notebook_path", "pattern", "url", "query")
# Tool-call parameters that steer the harness, not the work: `timeout: 30000` or
# `replace_all: false` is no fact a summary must keep, and would be picked as one.
PLUMBING_ARGS = frozenset(
    {
        "timeout", "offset", "limit", "replace_all", "run_in_background", "head_limit",
        "output_mode", "multiline", "-n", "-i", "-A", "-B", "-C", "type", "max_output_tokens",
        "yield_time_ms", "with_escalated_permissions", "sandbox_permissions", "justification",
        "timeout_ms", "block", "is_input", "security_risk", "view_range", "shell", "login",
        "session_id",
    }
)  # fmt: skip
# Claude Code's Read output numbers every line ("  1252→text"); the number is the harness's.
_LINE_NUMBER_PREFIX = re.compile(r"(?m)^[ \t]*\d+→")


def strip_line_numbers(text: str) -> str:
    """Text without Read's `  12→` line-number prefixes (unchanged when it has none)."""
    return _LINE_NUMBER_PREFIX.sub("", text) if "→" in text else text


def is_typed_user_text(text: str) -> bool:
    """User text a person typed, as opposed to harness-injected tags, notices and reminders."""
    return bool(text.strip()) and not _INJECTED.match(text)


_CHIT_CHAT = _words(
    "hi hello hey thanks thank thx ty you ok okay great cool nice perfect good awesome lgtm yes "
    "yep yeah sure sounds looks that's thats it is the a so much very well done bye cheers "
    "morning afternoon evening how are doing going today there appreciated appreciate lovely "
    "brilliant excellent wonderful fine all right alright please glad to hear welcome np"
)


def is_chit_chat(text: str) -> bool:
    """True for a line of pleasantries only ("thanks, looks great!"): it carries nothing to keep."""
    words = re.findall(r"[A-Za-z']+", text.lower())
    return all(w in _CHIT_CHAT for w in words) and not re.search(r"\d", text)


def _content_text(content: Any) -> tuple[str, bool]:
    """Text of a message's content, and whether it is a tool result in user clothing."""
    if content is None:
        return "", False
    if isinstance(content, str):
        return content, False
    if isinstance(content, list):
        parts: list[str] = []
        tool_result = False
        for block in content:
            if not isinstance(block, Mapping):
                parts.append(str(block))
                continue
            kind = block.get("type")
            if kind == "tool_result":
                tool_result = True
                parts.append(_content_text(block.get("content"))[0])
            elif isinstance(block.get("text"), str):
                parts.append(block["text"])
        return "\n".join(p for p in parts if p), tool_result
    return json.dumps(content, ensure_ascii=False), False


def call_text(call: Mapping[str, Any]) -> str:
    """A tool call as readable lines: the tool and its main argument, `$ command`, then the
    other arguments decoded (tool plumbing such as `timeout` left out)."""
    function = call.get("function") or {}
    name = str(function.get("name") or call.get("name") or "tool")
    raw = function.get("arguments", call.get("input", call.get("arguments")))
    args: Any = raw
    if isinstance(raw, str):
        try:
            args = json.loads(raw)
        except ValueError:
            return f"{name}: {raw}"
    if not isinstance(args, Mapping):
        return f"{name}: {json.dumps(args, ensure_ascii=False)}" if args is not None else name
    lines: list[str] = []
    head = name
    for key in _PRIMARY_ARGS:
        value = args.get(key)
        if isinstance(value, str) and value and "\n" not in value and key not in ("command", "cmd"):
            head = f"{name} {value}"
            break
    lines.append(head)
    for key, value in args.items():
        if key in PLUMBING_ARGS:
            continue
        if key in ("command", "cmd") and isinstance(value, str):
            lines.append(f"$ {value}")
        elif isinstance(value, str):
            if head != f"{name} {value}":
                lines.append(f"{key}: {value}")
        elif value is not None:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


def span_segments(span: Sequence[Mapping[str, Any]]) -> list[Segment]:
    """A span's messages as typed text segments, with tool-call arguments decoded from JSON."""
    segments: list[Segment] = []
    for index, message in enumerate(span):
        role = str(message.get("role", ""))
        text, tool_result = _content_text(message.get("content"))
        if role == "user" and not tool_result:
            kind = "user" if is_typed_user_text(text) else "tool"
        elif role in ("user", "tool", "function", "observation") or tool_result:
            kind = "tool"
        elif role in ("system", "developer"):
            kind = "system"
        else:
            kind = "assistant"
        if kind == "tool":
            text = strip_line_numbers(text)
        if text.strip():
            segments.append(Segment(index, kind, text))
        for call in message.get("tool_calls") or []:
            if isinstance(call, Mapping):
                segments.append(Segment(index, "call", call_text(call)))
        if isinstance(message.get("content"), list):  # Anthropic-style tool_use blocks
            for block in message["content"]:
                if isinstance(block, Mapping) and block.get("type") == "tool_use":
                    segments.append(Segment(index, "call", call_text(block)))
    return segments


def span_text(span: str | Sequence[Mapping[str, Any]]) -> str:
    """The span as one text, tool-call arguments decoded: what fact extraction reads."""
    if isinstance(span, str):
        return span
    return "\n".join(segment.text for segment in span_segments(span))
