"""Context windows of current models, by name: a dated table you can override.

`context_window("claude-opus-4-6")` is 200,000; an unknown model is `None` (never a guess).
Names are matched case-insensitively after dropping a provider prefix (`anthropic/`,
`openrouter/openai/`, ...), by the longest table key the name starts with, so dated snapshots
(`gpt-4o-2024-08-06`) find their family. Override or extend with `set_context_window`, or with
`WM_CONTEXT_WINDOWS="model=tokens,prefix=tokens"` in the environment.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

__all__ = [
    "CONTEXT_WINDOWS",
    "CONTEXT_WINDOWS_AS_OF",
    "context_window",
    "log_model",
    "log_window",
    "set_context_window",
]

# From the providers' model pages as of this date. Windows change with releases and with
# opt-in betas (Claude Sonnet's 1M beta is not the default); what is here is the default window.
CONTEXT_WINDOWS_AS_OF = "2025-10"
CONTEXT_WINDOWS: dict[str, int] = {
    # Anthropic: every current Claude model has a 200k window by default.
    "claude-": 200_000,
    # OpenAI
    "gpt-5": 400_000,
    "gpt-4.1": 1_047_576,
    "gpt-4o": 128_000,
    "chatgpt-4o": 128_000,
    "gpt-4-turbo": 128_000,
    "gpt-4-1106": 128_000,
    "gpt-4-0125": 128_000,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385,
    "o1": 200_000,
    "o1-mini": 128_000,
    "o1-preview": 128_000,
    "o3": 200_000,
    "o4-mini": 200_000,
    "codex-mini": 200_000,
    # DeepSeek API (V3.1 and later behind both names)
    "deepseek-chat": 128_000,
    "deepseek-reasoner": 128_000,
    # Google
    "gemini-1.5-pro": 2_097_152,
    "gemini-1.5-flash": 1_048_576,
    "gemini-2.0": 1_048_576,
    "gemini-2.5": 1_048_576,
    # Open-weight models as commonly served
    "llama-3.1": 128_000,
    "llama-3.3": 128_000,
    "mistral-large": 128_000,
    "qwen2.5": 32_768,
}


def _normalise(model: str) -> str:
    name = model.strip().lower()
    # "openrouter/anthropic/claude-..." and "bedrock/..." -> the last path component.
    return name.rsplit("/", 1)[-1]


def _environment() -> dict[str, int]:
    spec = os.environ.get("WM_CONTEXT_WINDOWS", "")
    table: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, _, value = item.partition("=")
        try:
            table[_normalise(name)] = int(value.replace("_", ""))
        except ValueError:
            raise ValueError(
                f"WM_CONTEXT_WINDOWS: {item!r} is not 'model=tokens' (e.g. 'my-model=32000')"
            ) from None
    return table


def set_context_window(model: str, tokens: int | None) -> None:
    """Add or change a model (or name prefix) in the table; `None` removes it."""
    key = _normalise(model)
    if tokens is None:
        CONTEXT_WINDOWS.pop(key, None)
        return
    if tokens <= 0:
        raise ValueError(f"set_context_window({model!r}, {tokens}): tokens must be positive")
    CONTEXT_WINDOWS[key] = int(tokens)


def context_window(model: str | None) -> int | None:
    """The model's context window in tokens, or None when the model is not in the table."""
    if not model:
        return None
    name = _normalise(model)
    for table in (_environment(), CONTEXT_WINDOWS):
        matches = [key for key in table if name.startswith(key)]
        if matches:
            return table[max(matches, key=len)]
    return None


def log_model(transcript: Any) -> str | None:
    """The model a log's calls were made with (the most frequent), else its metadata's."""
    models = Counter(c.model for c in getattr(transcript, "calls", None) or () if c.model)
    if models:
        return str(models.most_common(1)[0][0])
    metadata = getattr(transcript, "metadata", None) or {}
    model = metadata.get("model")
    return model if isinstance(model, str) and model else None


def log_window(transcript: Any) -> tuple[int | None, str]:
    """The window a log's model had, and a phrase saying where the figure comes from.

    A window the log records itself (Codex's `model_context_window`) wins over the table.
    """
    metadata = getattr(transcript, "metadata", None) or {}
    recorded = metadata.get("model_context_window")
    model = log_model(transcript)
    if isinstance(recorded, int) and recorded > 0:
        return recorded, f"recorded in the log for {model or 'its model'}"
    window = context_window(model)
    if window is None:
        why = f"model {model} is not in the table" if model else "the log names no model"
        return None, why
    return window, f"from the log's model {model} (table as of {CONTEXT_WINDOWS_AS_OF})"
