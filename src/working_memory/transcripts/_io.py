"""Reading files: streamed JSONL records, size-limited JSON documents, and the warning sink.

JSONL is read one line at a time with a per-line size cap, so memory follows what the
loader keeps, not the file size. A JSON document has to be parsed whole, so it is refused
past `max_json_bytes` with an error saying so.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ._errors import TranscriptError, where

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_LINE_BYTES",
    "Sink",
    "check_regular_file",
    "iter_jsonl",
    "read_json_document",
    "sniff_container",
]

MAX_JSON_BYTES = 512 * 1024 * 1024  # a single JSON document is parsed whole: refuse beyond this
MAX_LINE_BYTES = 256 * 1024 * 1024  # one JSONL line
_BOM = b"\xef\xbb\xbf"
_BAD_LINES_BEFORE_GIVING_UP = 20
_DECODE = json.JSONDecoder().decode  # skips json.loads' encoding sniffing: lines are UTF-8

_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def check_regular_file(path: str | Path) -> None:
    """Refuse anything but a regular file before opening it: open() on a named pipe blocks
    until a writer appears, and a device never ends."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise TranscriptError(f"cannot open: {exc.strerror}", path=path) from None
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    raise TranscriptError(f"is {kind}, not a regular file", path=path, expected="a transcript file")


def _unparseable(exc: Exception) -> str:
    """What a line that json could not take holds, for values json.loads rejects late."""
    if isinstance(exc, RecursionError):
        return "nested too deeply to parse"
    text = str(exc)
    if "integer string conversion" in text:
        return "an integer with more digits than Python converts (over 4300)"
    return f"not valid JSON ({text})"


class Sink:
    """Collects recoverable problems, each naming file, line and what was expected."""

    def __init__(self, path: object, strict: bool = False) -> None:
        self.path = path
        self.strict = strict
        self.warnings: list[str] = []

    def warn(self, message: str, line: int | None = None, json_path: str | None = None) -> None:
        if self.strict:
            raise TranscriptError(message, path=self.path, line=line, json_path=json_path)
        self.warnings.append(f"{where(self.path, line, json_path)}: {message}")


def _decode_error_position(raw: bytes, exc: UnicodeDecodeError) -> str:
    return f"byte {exc.start} of the line (0x{raw[exc.start]:02x})"


def iter_jsonl(path: str | Path, sink: Sink) -> Iterator[tuple[int, Any]]:
    """Yield (1-based line number, parsed value) for each non-blank line; bad lines are warned
    about and skipped, unless nothing at all parses (then the file is not JSONL)."""
    parsed = bad = nonblank = 0
    check_regular_file(path)
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed in finally; generator
    except OSError as exc:
        raise TranscriptError(f"cannot open: {exc.strerror}", path=path) from None
    try:
        lineno = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            lineno += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise TranscriptError(
                    f"line is longer than {MAX_LINE_BYTES} bytes",
                    path=path,
                    line=lineno,
                    expected="one JSON record per line",
                )
            if lineno == 1 and raw.startswith(_BOM):
                raw = raw[3:]
            if not raw.strip():
                continue
            nonblank += 1
            try:
                value = _DECODE(raw.decode("utf-8"))
            except UnicodeDecodeError as exc:
                text = raw.decode("utf-8", "replace")
                sink.warn(
                    f"invalid UTF-8 at {_decode_error_position(raw, exc)}; replaced with U+FFFD",
                    line=lineno,
                )
                try:
                    value = json.loads(text)
                except json.JSONDecodeError as err:
                    bad += 1
                    sink.warn(
                        f"not valid JSON ({err.msg}: column {err.pos + 1}); line skipped", lineno
                    )
                    continue
                except (ValueError, RecursionError) as err:
                    bad += 1
                    sink.warn(f"{_unparseable(err)}; line skipped", lineno)
                    continue
            except json.JSONDecodeError as err:
                bad += 1
                if not parsed and bad >= _BAD_LINES_BEFORE_GIVING_UP:
                    raise TranscriptError(
                        f"none of the first {bad} non-blank lines is valid JSON",
                        path=path,
                        line=lineno,
                        expected="JSONL: one JSON object per line",
                    ) from None
                sink.warn(
                    f"not valid JSON ({err.msg}: column {err.pos + 1}); line skipped "
                    "(expected one JSON object per line)",
                    lineno,
                )
                continue
            except (ValueError, RecursionError) as err:
                # Valid JSON Python will not hold (a 5000-digit integer, 100,000 nested lists):
                # one bad line, not a bad file.
                bad += 1
                sink.warn(f"{_unparseable(err)}; line skipped", lineno)
                continue
            parsed += 1
            yield lineno, value
    finally:
        handle.close()
    if not nonblank:
        raise TranscriptError("file is empty", path=path, expected="a JSON or JSONL transcript")
    if not parsed:
        raise TranscriptError("no JSON line could be read", path=path, expected="JSONL records")


def read_json_document(path: str | Path, sink: Sink, max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Parse a whole-file JSON document, refusing files over `max_bytes`."""
    check_regular_file(path)
    try:
        size = os.path.getsize(path)
    except OSError as exc:
        raise TranscriptError(f"cannot open: {exc.strerror}", path=path) from None
    if size > max_bytes:
        raise TranscriptError(
            f"a single JSON document of {size:,} bytes is over the {max_bytes:,}-byte limit "
            "(it must be parsed whole); raise max_json_bytes or convert it to JSONL",
            path=path,
            expected=f"a JSON document under {max_bytes:,} bytes",
        )
    with open(path, "rb") as handle:
        data = handle.read()
    if data.startswith(_BOM):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        sink.warn(
            f"invalid UTF-8 at byte {exc.start} of the file (0x{data[exc.start]:02x}); "
            "replaced with U+FFFD",
            line=line,
        )
        text = data.decode("utf-8", "replace")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise TranscriptError(
            f"not valid JSON ({err.msg}: column {err.colno})",
            path=path,
            line=err.lineno,
            expected="a complete JSON document" if err.pos >= len(text.rstrip()) else None,
        ) from None
    except RecursionError:
        raise TranscriptError(
            "JSON nested too deeply to parse", path=path, expected="a transcript"
        ) from None
    except ValueError as exc:  # e.g. an integer over Python's 4300-digit conversion limit
        raise TranscriptError(
            _unparseable(exc), path=path, expected="a JSON document Python can hold"
        ) from None


def sniff_container(path: str | Path) -> str:
    """'jsonl' or 'json', from the first bytes and lines (never from the file name)."""
    check_regular_file(path)
    try:
        handle = open(path, "rb")  # noqa: SIM115
    except OSError as exc:
        raise TranscriptError(f"cannot open: {exc.strerror}", path=path) from None
    with handle:
        head = handle.read(4096)
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise TranscriptError("file is UTF-16 encoded", path=path, expected="UTF-8 JSON/JSONL")
        if _utf16_without_bom(head):
            raise TranscriptError(
                "file is UTF-16 encoded (without a byte-order mark)",
                path=path,
                expected="UTF-8 JSON/JSONL; convert it with iconv -f UTF-16LE -t UTF-8",
            )
        head = head.lstrip(_BOM)
        stripped = head.lstrip()
        newlines = head[: len(head) - len(stripped)].count(b"\n")
        while not stripped and head:  # leading whitespace longer than one block
            head = handle.read(65536)
            stripped = head.lstrip()
            newlines += head[: len(head) - len(stripped)].count(b"\n")
        if not stripped:
            raise TranscriptError("file is empty", path=path, expected="a JSON or JSONL transcript")
        first_line = newlines + 1  # where the first non-blank byte is
        first = stripped[:1]
        if first == b"[":
            return "json"
        if first != b"{" and _records_follow(stripped):
            # Junk on the first line of JSONL (`null`, `42`): skipped with a warning by the
            # loader, as the same junk on any later line is, not a reason to refuse the file.
            return "jsonl"
        if first != b"{":
            shown = stripped[:16].decode("utf-8", "replace")
            if stripped.startswith(b"# aider chat started"):
                raise TranscriptError(
                    "an Aider chat history (Markdown): not supported",
                    path=path,
                    line=first_line,
                    expected="a JSON or JSONL agent log (export the session as one)",
                )
            if first == b"#":
                raise TranscriptError(
                    f"Markdown text ({shown!r}...): not supported",
                    path=path,
                    line=first_line,
                    expected="a JSON or JSONL agent log",
                )
            raise TranscriptError(
                f"not a transcript: the file starts with {shown!r}",
                path=path,
                line=first_line,
                expected="a JSON document or JSONL records starting with '[' or '{'",
            )
        # A line that parses on its own as an object means JSONL, unless it is the only line.
        handle.seek(0)
        chunk = handle.readline(1024 * 1024)
        while chunk and not chunk.endswith(b"\n"):  # skip to the end of a long first line
            chunk = handle.readline(1024 * 1024)
        if not chunk or not _more_content(handle):
            return "json"  # one line (or a long one): a document, not worth parsing twice
        handle.seek(0)
        records = others = 0
        budget = 8 * 1024 * 1024
        for _ in range(6):
            raw = handle.readline(budget)
            if not raw:
                break
            budget -= len(raw)
            raw = raw.lstrip(_BOM)
            if not raw.strip():
                continue
            others += 1
            if not raw.startswith(
                b"{"
            ):  # records start at column 0; pretty-printed JSON is indented
                continue
            try:
                value = json.loads(raw)
            except (ValueError, UnicodeDecodeError, RecursionError):
                continue
            if isinstance(value, dict):
                records += 1
                others -= 1
            if records >= 2:
                return "jsonl"
            if budget <= 0:
                break
        return "jsonl" if records == 1 else "json"


def _utf16_without_bom(head: bytes) -> bool:
    """UTF-16 text with no byte-order mark: ASCII JSON then has a NUL in every other byte."""
    sample = head[:512]
    if len(sample) < 8 or b"\x00" not in sample:
        return False
    even, odd = sample[0::2], sample[1::2]
    zeros = sorted((even.count(0) / len(even), odd.count(0) / len(odd)))
    # One byte of each pair NUL, the other not: a sparse or binary file has NULs in both.
    return zeros[1] > 0.4 and zeros[0] < 0.1


def _records_follow(stripped: bytes, lines: int = 6) -> bool:
    """Whether JSON objects, one per line, follow a first line that is not one."""
    rest = stripped.split(b"\n", 1)[1] if b"\n" in stripped else b""
    for raw in rest.split(b"\n")[:lines]:
        if not raw.strip():
            continue
        if raw.startswith(b"{"):
            try:
                return isinstance(json.loads(raw), dict)
            except (ValueError, UnicodeDecodeError, RecursionError):
                return False
        return False
    return False


def _more_content(handle: Any) -> bool:
    """Is there a non-blank byte after the current position?"""
    while True:
        block = handle.read(65536)
        if not block:
            return False
        if block.strip():
            return True
