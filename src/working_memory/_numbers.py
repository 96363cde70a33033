"""Reading numbers a provider (or a plug-in) reports, where garbage must not become a crash."""

from __future__ import annotations

import math
from typing import Any

__all__ = ["token_count"]


def token_count(value: Any) -> int | None:
    """A token count if `value` is one (a non-negative whole number), else None.

    Strings, booleans, negatives, NaN and infinities are garbage: whatever carried them keeps
    its text and loses its usage, rather than failing."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, float) and math.isfinite(value) and value >= 0 and value.is_integer():
        return int(value)
    return None
