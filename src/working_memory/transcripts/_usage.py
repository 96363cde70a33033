"""Provider usage objects -> CallRecord fields. Each provider counts cached input differently."""

from __future__ import annotations

import math
from datetime import UTC
from typing import Any

__all__ = ["anthropic_usage", "openai_usage"]


def usage_int(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return max(value, 0)
    if isinstance(value, float) and math.isfinite(value):  # json reads NaN and Infinity too
        return max(int(value), 0)
    return 0


def openai_usage(usage: Any) -> dict[str, int] | None:
    """Chat-completions usage (also litellm's): prompt_tokens includes cached and cache writes."""
    if not isinstance(usage, dict) or "prompt_tokens" not in usage:
        return None
    details = usage.get("prompt_tokens_details")
    cached = usage_int(details.get("cached_tokens")) if isinstance(details, dict) else 0
    cached = max(cached, usage_int(usage.get("cache_read_input_tokens")))
    creation = usage_int(usage.get("cache_creation_input_tokens"))
    prompt = usage_int(usage.get("prompt_tokens"))
    out_details = usage.get("completion_tokens_details")
    return {
        "input_tokens": max(prompt - cached - creation, 0),
        "cached_input_tokens": cached,
        "cache_creation_input_tokens": creation,
        "output_tokens": usage_int(usage.get("completion_tokens")),
        "reasoning_tokens": usage_int(out_details.get("reasoning_tokens"))
        if isinstance(out_details, dict)
        else 0,
    }


def anthropic_usage(usage: Any) -> dict[str, int] | None:
    """Anthropic Messages usage: input_tokens is already the uncached part."""
    if not isinstance(usage, dict) or "input_tokens" not in usage:
        return None
    return {
        "input_tokens": usage_int(usage.get("input_tokens")),
        "cached_input_tokens": usage_int(usage.get("cache_read_input_tokens")),
        "cache_creation_input_tokens": usage_int(usage.get("cache_creation_input_tokens")),
        "cache_creation_1h_input_tokens": usage_int(detail.get("ephemeral_1h_input_tokens"))
        if isinstance(detail := usage.get("cache_creation"), dict)
        else 0,
        "output_tokens": usage_int(usage.get("output_tokens")),
    }


def epoch_seconds(value: Any) -> float | None:
    """A log's timestamp (ISO 8601 text or epoch seconds) as epoch seconds; None if unreadable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) and value > 0 else None
    if isinstance(value, str) and value:
        from datetime import datetime

        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        return parsed.timestamp()
    return None


def usage_problems(usage: Any) -> list[str]:
    """Token counts a log holds that cannot be counts (Infinity, NaN, negative, text): each is
    read as 0, and the loader warns with this text."""
    problems: list[str] = []
    if not isinstance(usage, dict):
        return problems
    for key, value in usage.items():
        if isinstance(value, dict):
            problems.extend(f"{key}.{p}" for p in usage_problems(value))
        elif not key.endswith("tokens") or value is None:
            continue
        elif (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or (isinstance(value, float) and not math.isfinite(value))
            or value < 0
        ):
            problems.append(f"{key}={value!r}")
    return problems


def warn_usage(warn: Any, usage: Any, source: Any) -> None:
    """Warn (through a Builder's warn) about usage values read as 0."""
    problems = usage_problems(usage)
    if problems:
        warn(
            f"usage holds values that are not token counts ({', '.join(problems[:4])}); "
            "read as 0 (expected non-negative integers)",
            source,
        )
