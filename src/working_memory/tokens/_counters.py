"""Token counters: the Protocol the budget counts with, and the registry of named counters.

Counting happens once per message, at append time (the window caches it), so a counter's
speed matters at load and replay time, not on every model call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from .. import config

__all__ = [
    "CHARS_PER_TOKEN",
    "DEFAULT_COUNTER",
    "EstimateCounter",
    "ScaledCounter",
    "TokenCounter",
    "available_counters",
    "get_counter",
    "register_counter",
]

CHARS_PER_TOKEN = 4.0
DEFAULT_COUNTER = config.COUNTER


@runtime_checkable
class TokenCounter(Protocol):
    """Anything that turns text into a token count. `name` labels it in tables and events."""

    name: str

    def count(self, text: str) -> int: ...


class EstimateCounter:
    """`len(text) / 4`: free, and kept for comparison. Undercounts code, JSON and logs."""

    name = "estimate"

    def count(self, text: str) -> int:
        if not text:
            return 0
        return int(len(text) / CHARS_PER_TOKEN) + 1

    def __repr__(self) -> str:
        return "EstimateCounter()"


class ScaledCounter:
    """Another counter's counts times `scale`: a calibration's bridge to a provider's tokenizer.

    Each text's count is scaled and rounded on its own (never below 1 for non-empty text), so
    the sum over many texts is the inner sum times `scale` to within rounding.
    """

    def __init__(self, inner: TokenCounter, scale: float) -> None:
        if not scale > 0:
            raise ValueError(f"ScaledCounter(scale={scale}): the scale must be positive")
        self.inner = inner
        self.scale = float(scale)
        self.base_name = str(getattr(inner, "base_name", inner.name))
        self.name = f"{inner.name}x{self.scale:.3f}"

    def count(self, text: str) -> int:
        n = self.inner.count(text)
        return max(1, round(n * self.scale)) if n else 0

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ScaledCounter)
            and other.scale == self.scale
            and (other.inner == self.inner or type(other.inner) is type(self.inner))
        )

    def __hash__(self) -> int:
        return hash((type(self.inner), self.scale))

    def __repr__(self) -> str:
        return f"ScaledCounter({self.inner!r}, {self.scale:.4f})"


_FACTORIES: dict[str, Callable[[], TokenCounter]] = {}


def register_counter(name: str, factory: Callable[[], TokenCounter]) -> None:
    """Make a counter selectable by name (`Budget(counter="name")`, `--counter name`)."""
    _FACTORIES[name] = factory


def _approx() -> TokenCounter:
    from ._approx import ApproxCounter

    return ApproxCounter()


def _tiktoken(encoding: str) -> Callable[[], TokenCounter]:
    def make() -> TokenCounter:
        from ._exact import TiktokenCounter

        return TiktokenCounter(encoding)

    return make


register_counter("estimate", EstimateCounter)
register_counter("approx", _approx)
register_counter("cl100k", _tiktoken("cl100k_base"))
register_counter("o200k", _tiktoken("o200k_base"))


def available_counters() -> list[str]:
    """Registered counter names."""
    return sorted(_FACTORIES)


def get_counter(spec: str | TokenCounter | None = None) -> TokenCounter:
    """Resolve a counter from a name, a `hf:<path to tokenizer.json>` spec, or pass one through.

    `None` gives the default, the dependency-free estimator ("approx").
    """
    if spec is None:
        spec = DEFAULT_COUNTER
    if not isinstance(spec, str):
        return spec
    if spec.startswith("hf:"):
        from ._exact import HFTokenizerCounter

        return HFTokenizerCounter(spec[3:])
    if spec.startswith("tiktoken:"):
        from ._exact import TiktokenCounter

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
