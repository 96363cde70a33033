"""Keep API keys out of events, archives, reprs and error messages."""

from __future__ import annotations

import os
import re

_KEY_PATTERNS = re.compile(
    r"(sk-ant-[A-Za-z0-9_\-]{8,}|sk-[A-Za-z0-9_\-]{16,}|(?:Bearer|bearer)\s+[A-Za-z0-9._\-]{12,}"
    r"|x-api-key['\"]?\s*[:=]\s*['\"]?[A-Za-z0-9._\-]{12,})"
)
_KEY_VARIABLES = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "WM_API_KEY")


def redact(text: str, *secrets: str | None) -> str:
    """Replace key-shaped strings, the given secrets and the usual key variables' values."""
    for secret in (*secrets, *(os.environ.get(name) for name in _KEY_VARIABLES)):
        if secret and len(secret) >= 6:
            text = text.replace(secret, "[REDACTED]")
    return _KEY_PATTERNS.sub("[REDACTED]", text)


def error_text(exc: BaseException) -> str:
    """`str(exc)`, or a stand-in when the exception cannot render itself (a `__str__` that
    raises must not turn a failed call into a crash)."""
    try:
        return str(exc)
    except Exception:
        return f"<{type(exc).__name__} whose message could not be read>"


def error_attribute(exc: BaseException, name: str) -> object:
    """An exception's attribute, None when it is missing or reading it raises."""
    try:
        return getattr(exc, name, None)
    except Exception:
        return None
