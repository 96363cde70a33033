"""A server's "the prompt is too long" message, read for its limit and the size asked for.

Each server words it its own way; the numbers are what a caller needs to shrink the request.
"""

from __future__ import annotations

import re

__all__ = ["context_overflow"]

# (pattern, group of the limit, group of the requested size)
_PATTERNS: tuple[tuple[re.Pattern[str], int, int], ...] = (
    # llama-cpp-python: "Requested tokens (5000) exceed context window of 2048"
    (re.compile(r"requested tokens \((\d+)\) exceed context window of (\d+)", re.I), 2, 1),
    # OpenAI, llama-cpp-python's server, vLLM: "maximum context length is 2048 tokens, however
    # you requested 5000 tokens" / "However, your messages resulted in 5000 tokens"
    (
        re.compile(
            r"maximum context length is (\d+) tokens.*?(?:requested|resulted in) (\d+) tokens",
            re.I | re.S,
        ),
        1,
        2,
    ),
    # llama.cpp's server: "request (5000 tokens) exceeds the available context size (2048 tokens)"
    (
        re.compile(
            r"request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)", re.I
        ),
        2,
        1,
    ),
    # Anthropic: "prompt is too long: 210000 tokens > 200000 maximum"
    (re.compile(r"prompt is too long: (\d+) tokens > (\d+) maximum", re.I), 2, 1),
)


def context_overflow(message: str) -> tuple[int, int] | None:
    """(the server's context limit, the tokens requested), or None when `message` is not a
    context overflow this reader knows."""
    for pattern, limit, requested in _PATTERNS:
        match = pattern.search(message)
        if match:
            return int(match.group(limit)), int(match.group(requested))
    return None
