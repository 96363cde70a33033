"""The errors a client raises: configuration problems, and failed or unusable calls.

Messages never carry an API key: every one is built from scrubbed text, and the SDK's own
exception is not chained (its request and body could echo the key back).
"""

from __future__ import annotations

__all__ = [
    "ClientConfigError",
    "ClientError",
    "ClientNotConfigured",
    "EmptyResponse",
    "LLMCallError",
    "MalformedResponse",
]


class ClientError(Exception):
    """Base of every error raised by `working_memory.clients`."""


class ClientConfigError(ClientError, ValueError):
    """A setting has a value the client cannot use (names the setting, its source, the fix)."""


class ClientNotConfigured(ClientConfigError):
    """Nothing (or not enough) is configured to build a client; the message says what to set."""


class LLMCallError(ClientError):
    """A call that failed after the client's retries.

    `kind` is one of: timeout, rate_limited, server_error, http_error, auth, connection,
    malformed, empty, context_overflow (the request was over the model's context window; hand
    the error to `ManagedWindow.shrink`). `status_code` is the last HTTP status seen, if any.
    `retry_after` is the seconds the server asked the caller to wait (its Retry-After header), if
    it said. `deadline_passed` is true when the caller's `deadline` is the whole story: the
    first attempt, its time cut to the deadline, ran out (no server error came before it).
    For a context overflow, `context_limit` is the server's limit and `requested_tokens` the
    size of the request it refused (prompt and completion), both read from its message.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        provider: str,
        model: str,
        status_code: int | None = None,
        request_id: str | None = None,
        retry_after: float | None = None,
        context_limit: int | None = None,
        requested_tokens: int | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.provider = provider
        self.model = model
        self.status_code = status_code
        self.request_id = request_id
        self.retry_after = retry_after
        self.context_limit = context_limit
        self.requested_tokens = requested_tokens
        self.deadline_passed = False

    @property
    def retryable(self) -> bool:
        """Whether trying again later could help (the client already retried these)."""
        return self.kind in {"timeout", "rate_limited", "server_error", "connection"}


class MalformedResponse(LLMCallError):
    """The provider answered, but not with a body this client understands."""


class EmptyResponse(LLMCallError):
    """The provider answered well-formed JSON with no text in it (no choices, null content)."""


# Raised from deep inside the clients, shown in tracebacks and reprs: name them by the public
# package they are imported from, not this private module.
for _cls in (
    ClientError,
    ClientConfigError,
    ClientNotConfigured,
    LLMCallError,
    MalformedResponse,
    EmptyResponse,
):
    _cls.__module__ = "working_memory.clients"
del _cls
