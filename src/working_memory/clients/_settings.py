"""The plain values that describe a client: which provider, which model, which knobs.

The API key lives in a `Secret`, whose repr and str never show it, so a config can be
printed, logged, put in an event or shown in a notebook without leaking the key.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ._errors import ClientConfigError

__all__ = ["DEFAULT_MODELS", "PROVIDERS", "ClientConfig", "Provider", "Secret"]

Provider = Literal["openai", "anthropic", "openai-compatible"]
PROVIDERS: tuple[str, ...] = ("openai", "anthropic", "openai-compatible")

# A cheap, non-reasoning model per hosted provider, used when WM_MODEL is unset. Local
# OpenAI-compatible servers have no sensible default: their model names are the user's.
DEFAULT_MODELS: dict[str, str] = {"openai": "gpt-4.1-mini", "anthropic": "claude-haiku-4-5"}

DEFAULT_TIMEOUT_S = 60.0
DEFAULT_MAX_RETRIES = 2


class Secret:
    """A string that does not print itself. `reveal()` is the only way to read it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        if not isinstance(value, str):
            raise TypeError("Secret wraps a string")
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(("Secret", self._value))

    def __reduce__(self) -> Any:  # refuse pickling: a pickle on disk would hold the key
        raise TypeError("a Secret cannot be pickled; keep API keys in the environment")


def _masked_headers(headers: Mapping[str, str]) -> dict[str, str]:
    return {name: "********" for name in headers}


class Headers(dict[str, str]):
    """Extra headers: a plain dict that prints its names only (values may be credentials)."""

    def __repr__(self) -> str:
        return repr(_masked_headers(self))

    __str__ = __repr__


@dataclass(frozen=True)
class ClientConfig:
    """Everything needed to build a client. `api_key` may be given as a str; it is kept as a Secret.

    - `temperature` / `max_tokens` of None leave the provider's default (Anthropic requires
      max_tokens, so its client sends 4096 then).
    - `timeout` (seconds per attempt) and `max_retries`: the client retries timeouts,
      connection errors, 408/409/429 and 5xx with backoff, honouring `retry-after` (up to 60 s,
      and never past the deadline a call is given; the SDK's own retry loop is off).
    - `extra_headers` are sent with every request; `extra_body` is merged into the JSON body
      (for server-specific options such as vLLM's or Ollama's).
    - `source` says where the settings came from (".env", "environment"), for messages.
    """

    provider: Provider
    model: str
    api_key: Secret | str | None = None
    base_url: str | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    timeout: float = DEFAULT_TIMEOUT_S
    max_retries: int = DEFAULT_MAX_RETRIES
    extra_headers: Mapping[str, str] = field(default_factory=dict)
    extra_body: Mapping[str, Any] = field(default_factory=dict)
    source: str = "arguments"

    def __post_init__(self) -> None:
        if isinstance(self.api_key, str):
            object.__setattr__(self, "api_key", Secret(self.api_key) if self.api_key else None)
        if self.provider not in PROVIDERS:
            raise ClientConfigError(
                f"provider {self.provider!r} is not one of {', '.join(PROVIDERS)}"
            )
        if not isinstance(self.model, str) or not self.model.strip():
            raise ClientConfigError("model must be a non-empty model name, e.g. 'gpt-4.1-mini'")
        if self.temperature is not None:
            top = 1.0 if self.provider == "anthropic" else 2.0
            if not (isinstance(self.temperature, int | float) and 0 <= self.temperature <= top):
                raise ClientConfigError(
                    f"temperature must be between 0 and {top:g} for {self.provider}, got {self.temperature!r}"
                )
        if self.max_tokens is not None and (
            not isinstance(self.max_tokens, int)
            or isinstance(self.max_tokens, bool)
            or self.max_tokens < 1
        ):
            raise ClientConfigError(
                f"max_tokens must be a positive integer, got {self.max_tokens!r}"
            )
        if not (
            isinstance(self.timeout, int | float)
            and math.isfinite(self.timeout)
            and self.timeout > 0
        ):
            raise ClientConfigError(
                f"timeout must be a positive number of seconds, got {self.timeout!r}"
            )
        if (
            not isinstance(self.max_retries, int)
            or isinstance(self.max_retries, bool)
            or self.max_retries < 0
        ):
            raise ClientConfigError(
                f"max_retries must be an integer >= 0, got {self.max_retries!r}"
            )
        if self.provider == "openai-compatible" and not self.base_url:
            raise ClientConfigError(
                "an openai-compatible provider needs base_url (e.g. http://localhost:11434/v1 for Ollama)"
            )
        object.__setattr__(self, "extra_headers", Headers(self.extra_headers))
        object.__setattr__(self, "extra_body", dict(self.extra_body))

    @property
    def key(self) -> str | None:
        """The API key in clear, for handing to the SDK. Never log this."""
        return self.api_key.reveal() if isinstance(self.api_key, Secret) else None

    def with_settings(self, **changes: Any) -> ClientConfig:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)

    def describe(self) -> dict[str, Any]:
        """The settings as a plain dict, safe to show: the key as set/unset, header values masked."""
        return {
            "provider": self.provider,
            "model": self.model,
            "base_url": self.base_url,
            "api_key": "set" if self.api_key is not None else "unset",
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "timeout": self.timeout,
            "max_retries": self.max_retries,
            "extra_headers": _masked_headers(self.extra_headers),
            "extra_body": sorted(self.extra_body),
            "source": self.source,
        }

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{k}={v!r}"
            for k, v in self.describe().items()
            if v not in (None, {}, []) and k != "source"
        )
        return f"ClientConfig({shown})"

    __str__ = __repr__

    def __hash__(self) -> int:  # the dict fields would defeat the generated hash
        return hash(
            (
                self.provider,
                self.model,
                self.api_key,
                self.base_url,
                self.temperature,
                self.max_tokens,
                self.timeout,
                self.max_retries,
                tuple(sorted(self.extra_headers.items())),
                repr(sorted(self.extra_body.items())),
            )
        )
