"""When to retry a failed call and how long to wait first: the SDKs' rules, done here so that
the waits can be held to a caller's deadline (the SDKs' own retry loops cannot be)."""

from __future__ import annotations

import email.utils
import math
import random
import time
from collections.abc import Mapping

__all__ = [
    "INITIAL_RETRY_DELAY_S",
    "MAX_RETRY_AFTER_S",
    "MAX_RETRY_DELAY_S",
    "retry_after_of",
    "retry_wait",
]

# As the openai and anthropic SDKs do: 0.5 s doubling to 8 s, less up to 25% jitter.
INITIAL_RETRY_DELAY_S = 0.5
MAX_RETRY_DELAY_S = 8.0
# A Retry-After longer than this is not slept through inside one call even without a
# deadline (the SDKs ignore such values): the caller is told, and backs off across calls.
MAX_RETRY_AFTER_S = 60.0

_RETRYABLE_STATUS = {408, 409, 429}


def retry_after_of(headers: Mapping[str, str] | None) -> float | None:
    """Seconds a response asks the caller to wait: `retry-after-ms`, or `retry-after` as
    seconds or an HTTP date. None when absent or unreadable."""
    if not headers:
        return None
    try:
        value = headers.get("retry-after-ms")
        if value is not None:
            seconds = float(value) / 1000
        else:
            value = headers.get("retry-after")
            if value is None:
                return None
            try:
                seconds = float(value)
            except ValueError:
                when = email.utils.parsedate_to_datetime(value)
                seconds = when.timestamp() - time.time()
    except (TypeError, ValueError, OverflowError):
        return None
    if not math.isfinite(seconds):
        return None
    return max(0.0, seconds)


def _headers(exc: BaseException) -> Mapping[str, str] | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    return headers if isinstance(headers, Mapping) else None


def retry_wait(exc: BaseException, attempt: int) -> tuple[float | None, float | None]:
    """(seconds to wait before retrying, or None: do not retry; the server's Retry-After)."""
    headers = _headers(exc)
    retry_after = retry_after_of(headers)
    names = {cls.__name__ for cls in type(exc).__mro__}
    should = headers.get("x-should-retry") if headers is not None else None
    if should in ("true", "false"):  # the server's own word wins, as in the SDKs
        retryable = should == "true"
    elif "APIConnectionError" in names:  # timeouts are connection errors too
        retryable = True
    else:
        status = getattr(exc, "status_code", None)
        retryable = isinstance(status, int) and (status in _RETRYABLE_STATUS or status >= 500)
    if not retryable:
        return None, retry_after
    if retry_after is not None:
        return retry_after, retry_after
    backoff = min(INITIAL_RETRY_DELAY_S * 2**attempt, MAX_RETRY_DELAY_S)
    return backoff * (1 - 0.25 * random.random()), None
