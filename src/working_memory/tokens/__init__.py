"""Counting tokens: the estimator, exact counters, provider framing, model windows, and
counts checked against (and calibrated from) what the provider billed.

`get_counter(name)` is the way in: "approx" (the default estimator, no dependency), "chars4"
(chars/4), "cl100k"/"o200k" (tiktoken, the `[tiktoken]` extra) or a Hugging Face tokenizer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._approx import FEATURES, ApproxCounter, features
from ._calibration import Calibration, Gap, HeldOut, calibrate, held_out
from ._counters import (
    CHARS_PER_TOKEN,
    DEFAULT_COUNTER,
    EstimateCounter,
    ScaledCounter,
    TokenCounter,
    available_counters,
    get_counter,
    register_counter,
)
from ._exact import CounterUnavailableError, HFTokenizerCounter, TiktokenCounter
from ._model_windows import (
    CONTEXT_WINDOWS,
    CONTEXT_WINDOWS_AS_OF,
    context_window,
    log_model,
    log_window,
    set_context_window,
)
from ._overheads import ANTHROPIC, GENERIC, OPENAI, MessageOverheads, message_tokens, tools_tokens
from ._usage_check import (
    REASONING_KEYS,
    CallCheck,
    CallContext,
    CountCheck,
    call_contexts,
    check_counts,
    reasoning_texts,
)

if TYPE_CHECKING:
    from ._cache import (
        CACHE_RULES,
        CACHE_RULES_CHECKED,
        CacheCall,
        CacheCheck,
        CacheModel,
        CachePrediction,
        CacheRules,
        CallShape,
        Rates,
        cache_cost,
        cache_family,
        cache_shares,
        check_cache,
        log_shapes,
    )

# The prompt-cache model is for replays and reports, never on the window's path: loaded on
# first use of one of its names (its dataclasses cost `import working_memory` ~10%).
_LAZY = frozenset(
    {
        "CACHE_RULES",
        "CACHE_RULES_CHECKED",
        "CacheCall",
        "CacheCheck",
        "CacheModel",
        "CachePrediction",
        "CacheRules",
        "CallShape",
        "Rates",
        "cache_cost",
        "cache_family",
        "cache_shares",
        "check_cache",
        "log_shapes",
    }
)

__all__ = [
    "ANTHROPIC",
    "CACHE_RULES",
    "CACHE_RULES_CHECKED",
    "CHARS_PER_TOKEN",
    "CONTEXT_WINDOWS",
    "CONTEXT_WINDOWS_AS_OF",
    "DEFAULT_COUNTER",
    "FEATURES",
    "GENERIC",
    "OPENAI",
    "REASONING_KEYS",
    "ApproxCounter",
    "CacheCall",
    "CacheCheck",
    "CacheModel",
    "CachePrediction",
    "CacheRules",
    "Calibration",
    "CallCheck",
    "CallContext",
    "CallShape",
    "CountCheck",
    "CounterUnavailableError",
    "EstimateCounter",
    "Gap",
    "HFTokenizerCounter",
    "HeldOut",
    "MessageOverheads",
    "Rates",
    "ScaledCounter",
    "TiktokenCounter",
    "TokenCounter",
    "available_counters",
    "cache_cost",
    "cache_family",
    "cache_shares",
    "calibrate",
    "call_contexts",
    "check_cache",
    "check_counts",
    "context_window",
    "features",
    "get_counter",
    "held_out",
    "log_model",
    "log_shapes",
    "log_window",
    "message_tokens",
    "reasoning_texts",
    "register_counter",
    "set_context_window",
    "tools_tokens",
]


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from . import _cache

        value = getattr(_cache, name)
        globals()[name] = value  # resolved once
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
