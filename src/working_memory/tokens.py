"""Token counters: the Protocol the budget counts with, and the registry of named counters.

Counting happens once per message, at append time (the window caches it), so a counter's
speed matters at load and replay time, not on every model call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

__all__ = [
    "CHARS_PER_TOKEN",
    "EstimateCounter",
    "TokenCounter",
    "available_counters",
    "get_counter",
    "register_counter",
]

CHARS_PER_TOKEN = 4.0


@runtime_checkable
class TokenCounter(Protocol):
    """Anything that turns text into a token count. `name` labels it in tables and events."""

    name: str

    def count(self, text: str) -> int: ...


class EstimateCounter:
    """The seed's `len(text) / 4`: free, and kept for comparison. Undercounts code, JSON and logs."""

    name = "estimate"

    def count(self, text: str) -> int:
        if not text:
            return 0
        return int(len(text) / CHARS_PER_TOKEN) + 1

    def __repr__(self) -> str:
        return "EstimateCounter()"


_FACTORIES: dict[str, Callable[[], TokenCounter]] = {}


def register_counter(name: str, factory: Callable[[], TokenCounter]) -> None:
    """Make a counter selectable by name (`Budget(counter="name")`, `--counter name`)."""
    _FACTORIES[name] = factory


def _calibrated() -> TokenCounter:
    from .calibrated import CalibratedCounter

    return CalibratedCounter()


def _tiktoken(encoding: str) -> Callable[[], TokenCounter]:
    def make() -> TokenCounter:
        from .exact import TiktokenCounter

        return TiktokenCounter(encoding)

    return make


register_counter("estimate", EstimateCounter)
register_counter("calibrated", _calibrated)
register_counter("cl100k", _tiktoken("cl100k_base"))
register_counter("o200k", _tiktoken("o200k_base"))


def available_counters() -> list[str]:
    return sorted(_FACTORIES)


def get_counter(spec: str | TokenCounter | None = None) -> TokenCounter:
    """Resolve a counter from a name, a `hf:<path to tokenizer.json>` spec, or pass one through.

    `None` gives the default, the calibrated estimator.
    """
    if spec is None:
        spec = "calibrated"
    if not isinstance(spec, str):
        return spec
    if spec.startswith("hf:"):
        from .exact import HFTokenizerCounter

        return HFTokenizerCounter(spec[3:])
    if spec.startswith("tiktoken:"):
        from .exact import TiktokenCounter

        return TiktokenCounter(spec.split(":", 1)[1])
    try:
        factory = _FACTORIES[spec]
    except KeyError:
        known = ", ".join(available_counters())
        raise ValueError(
            f"unknown token counter {spec!r}; expected one of {known}, "
            "'tiktoken:<encoding>' or 'hf:<path/to/tokenizer.json>'"
        ) from None
    return factory()
