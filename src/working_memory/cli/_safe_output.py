"""Terminal-safe output: transcript text is printed as text, never as terminal commands.

Logs hold whatever tools printed: ESC sequences that clear the screen or set the window
title, OSC-8 hyperlinks, bidi overrides, lone surrogates from broken UTF-16. Everything the
CLI writes to stdout goes through `SafeStream`, which shows each such character as a visible
escape (`\\x1b`, `\\u202e`, `\\udc80`) and never fails on a character the terminal's
encoding lacks.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

__all__ = ["SafeStream", "neutralise"]

# C0 controls except tab and newline, DEL and C1 controls, bidi embeddings/overrides/isolates,
# and lone surrogates (which no encoder accepts).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def neutralise(text: str) -> str:
    """`text` with every control character a terminal would act on shown as an escape."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


class SafeStream:
    """Wraps a text stream: neutralises control characters and replaces what the stream's
    encoding cannot write, so output is never cut off half-way by a UnicodeEncodeError."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        safe = neutralise(text)
        try:
            self._stream.write(safe)
        except UnicodeEncodeError:
            encoding = getattr(self._stream, "encoding", None) or "ascii"
            self._stream.write(safe.encode(encoding, "replace").decode(encoding))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding...
        return getattr(self._stream, name)
