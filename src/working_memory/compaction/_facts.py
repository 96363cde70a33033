"""Verbatim facts in agent text: the paths, identifiers, numbers, errors, URLs and commands
a summary has to keep. The patterns are in `_fact_patterns`; the span rendering both the
offline compactor and the metrics read is in `_segments` (its names importable from here too).

Deliberately regex-based and deterministic: it judges summaries, so it must give the same
answer every run, and it runs over hundreds of kilobytes of history in well under a second.
It leans towards precision: prose words, small numbers in prose ("3 times") and markdown
punctuation are not facts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ._fact_patterns import (
    ARITY,
    BACKTICK,
    BARE_FILE,
    COMMAND_WORDS,
    DOLLAR_LINE,
    DOTTED,
    ERROR_LINE,
    ERROR_NAME,
    EXTENSIONS,
    FENCE,
    IDENTIFIERS,
    LINE_SUFFIX,
    NUMBERS,
    OBJECT_PREFIXES,
    PROSE_SLASH,
    SHELL_FENCES,
    SLASH_PATH,
    TRAILING,
    URL,
)

# The span rendering moved to _segments; its names stay importable from here.
from ._segments import (
    PLUMBING_ARGS,
    Segment,
    call_text,
    is_chit_chat,
    is_typed_user_text,
    span_segments,
    span_text,
    strip_line_numbers,
)

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
    if value.lower() in PROSE_SLASH:
        return False
    segments = [s for s in value.split("/") if s not in ("", ".", "..", "~")]
    if not segments or all(s.replace(".", "").replace(",", "").isdigit() for s in segments):
        return False  # 1/2, 2024/01/02
    if value.startswith(("/", "~/", "./", "../")) and (len(segments) > 1 or len(segments[0]) > 1):
        return True
    if len(segments) >= 3:
        return True
    last = segments[-1]
    if "." in last and last.rsplit(".", 1)[1].lower() in EXTENSIONS:
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
        for m in URL.finditer(work):
            value = m.group(0).rstrip(TRAILING)
            add("url", value, m.start(), m.start() + len(value), (m.start(), m.end()))
        flush()

    if has.error_name:
        for m in ERROR_NAME.finditer(work):
            name_end = m.start() + len(m.group(0)) - (len(m.group(1)) + 2 if m.group(1) else 0)
            name = work[m.start() : name_end].rstrip(":) -")
            message = (m.group(1) or "").strip()
            value = f"{name}: {_clip(message)}" if message else name
            add("error", value, m.start(), m.end(), (m.start(), m.start() + len(name)))
    if has.error_word:
        for m in ERROR_LINE.finditer(work):
            message = _clip(m.group(1).strip())
            if len(message.split()) >= 2 or any(c in message for c in "/:'\"_"):
                add("error", message, m.start(1), m.end(1))
    flush()

    if has.dollar or has.backtick:
        for value, start, end in _commands(work):
            add("command", value if len(value) <= 200 else value[:200], start, end)

    for pattern, needed in ((SLASH_PATH, has.slash), (BARE_FILE, has.dot)):
        if not needed:
            continue
        for m in pattern.finditer(work):
            value = LINE_SUFFIX.sub("", m.group(0).rstrip(TRAILING)).rstrip(TRAILING)
            if len(value) < 3 or not any(c.isalpha() for c in value):
                continue
            if value.startswith(OBJECT_PREFIXES):
                continue  # self.db is an attribute, not a file
            kind = "identifier" if ARITY.match(value) else "path" if _path_ok(value) else ""
            if kind:
                add(kind, value, m.start(), m.start() + len(value), (m.start(), m.end()))
        flush()

    if has.backtick:
        for m in BACKTICK.finditer(work):
            inner = m.group(1).strip().rstrip(TRAILING + "(")
            if inner and " " not in inner and len(inner) >= 2 and any(c.isalpha() for c in inner):
                add("identifier", inner, m.start(1), m.start(1) + len(inner), (m.start(), m.end()))
        flush()
    if has.dot:
        for m in DOTTED.finditer(work):
            if _dotted_ok(m.group(0)):
                add("identifier", m.group(0), m.start(), m.end(), (m.start(), m.end()))
        flush()
    for pattern, needed in zip(IDENTIFIERS, has.identifier_needs(), strict=True):
        if not needed:
            continue
        group = 1 if pattern.groups else 0
        for m in pattern.finditer(work):
            add("identifier", m.group(group), m.start(group), m.end(group), (m.start(), m.end()))
        flush()

    if has.digit:
        for pattern, needed in zip(NUMBERS, has.number_needs(), strict=True):
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
        """One flag per pattern of IDENTIFIERS, in order."""
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
        """One flag per pattern of NUMBERS, in order (all of them need a digit)."""
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
        return (True,) * len(IDENTIFIERS)

    def number_needs(self) -> tuple[bool, ...]:
        return (True,) * len(NUMBERS)


_present: type[_Present] = _Present  # swapped for _Everything to run without prefilters


def _commands(text: str) -> list[tuple[str, int, int]]:
    """Shell commands: `$ ` lines, lines of shell code fences, and backticked commands."""
    commands: list[tuple[str, int, int]] = []
    for m in DOLLAR_LINE.finditer(text):
        commands.append((m.group(1).strip(), m.start(1), m.end(1)))
    for m in FENCE.finditer(text):
        if m.group(1).lower() not in SHELL_FENCES:
            continue
        offset = m.start(2)
        for line in m.group(2).splitlines(keepends=True):
            stripped = line.strip()
            if stripped.split(" ", 1)[0] in COMMAND_WORDS and " " in stripped:
                at = offset + line.index(stripped)
                commands.append((stripped, at, at + len(stripped)))
            offset += len(line)
    for m in BACKTICK.finditer(text):
        inner = m.group(1).strip()
        if inner.split(" ", 1)[0] in COMMAND_WORDS and " " in inner:
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
