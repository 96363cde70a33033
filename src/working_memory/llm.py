"""The small client Protocol the compactor talks to, and the plain values a call returns.

`clients/` implements it over real SDKs; anything with `.complete(messages)` returning an
object with `.content` works (a scripted fake in tests, a local model, a cache). The Compactor
also uses, when a client has them: a `deadline=` keyword of `complete` (a `time.monotonic()`
instant its retries keep to), `call_budget_s()` (its default deadline) and
`redact_secrets(text)` (to scrub the client's own key from error text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

__all__ = ["HasContent", "LLMClient", "LLMResponse", "Message", "Usage"]

Message = dict[str, Any]


@runtime_checkable
class HasContent(Protocol):
    @property
    def content(self) -> str | None: ...


@runtime_checkable
class LLMClient(Protocol):
    """Anything that answers a list of chat messages with an object carrying `.content`."""

    def complete(self, messages: Sequence[Message]) -> HasContent: ...


@dataclass(frozen=True)
class Usage:
    """Provider-reported token use of one call."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True)
class LLMResponse:
    """One completion: its text, what the provider says it cost, how long it took."""

    content: str
    model: str = ""
    usage: Usage | None = None
    latency_s: float = 0.0
    cost_usd: float | None = None  # None where no price table entry exists: never invented
