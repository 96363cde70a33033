"""The protocols and values the window itself needs from its pluggable parts.

They live here, at the window's layer, so that the core imports nothing from the packages
that implement them (the LLM compactor, the offline compactor, the clients).

The LLM client protocol: `clients/` implements it over real SDKs; anything with
`.complete(messages)` returning an object with `.content` works (a scripted fake in tests, a
local model, a cache). The Compactor also uses, when a client has them: a `deadline=` keyword
of `complete` (a `time.monotonic()` instant its retries keep to), `call_budget_s()` (its
default deadline) and `redact_secrets(text)` (to scrub the client's own key from error text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "CompactionResult",
    "HasContent",
    "LLMClient",
    "LLMResponse",
    "MessageDict",
    "SpanCompactor",
    "Usage",
]

# A message as clients send it: a plain dict (`messages.Message` describes its shape; a
# client that accepts plain dicts satisfies LLMClient).
MessageDict = dict[str, Any]


@dataclass(frozen=True)
class CompactionResult:
    """What a compactor made of a span: a summary, or none and the reason why.

    `nothing` means the compactor judged the span empty of facts (the NOTHING escape): the
    window removes the span without inserting a summary. `error` means the call failed: the
    window evicts the span instead (it is already archived) and records the reason.
    """

    summary: str | None
    reason: str = ""
    nothing: bool = False
    error: str | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0
    cost_usd: float | None = None
    model: str = ""
    # Seconds the summariser asks the caller to wait before calling again (a 429/503's
    # Retry-After), or None when it did not say. The window backs off until then.
    retry_after: float | None = None

    @property
    def ok(self) -> bool:
        return self.summary is not None


@runtime_checkable
class SpanCompactor(Protocol):
    """Turns a span of messages into a CompactionResult. Must not raise for a failed model call."""

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult: ...


@runtime_checkable
class HasContent(Protocol):
    @property
    def content(self) -> str | None: ...


@runtime_checkable
class LLMClient(Protocol):
    """Anything that answers a list of chat messages with an object carrying `.content`."""

    def complete(self, messages: Sequence[MessageDict]) -> HasContent: ...


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
