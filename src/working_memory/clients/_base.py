"""What the OpenAI and Anthropic clients share: SDK import, timing, error translation, repr."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
import logging
import os
import time
from collections.abc import Awaitable, Mapping, Sequence
from types import ModuleType
from typing import Any, Self

from .._numbers import token_count
from .._redact import redact
from ..protocols import LLMResponse, MessageDict, Usage
from ._errors import ClientNotConfigured, EmptyResponse, LLMCallError, MalformedResponse
from ._overflow import context_overflow
from ._prices import Price, estimate_cost
from ._retry import MAX_RETRY_AFTER_S, retry_wait
from ._settings import ClientConfig, Secret

__all__ = ["BaseClient", "import_sdk", "token_count", "usage_counts"]

log = logging.getLogger("working_memory.clients")

# Sent to local servers that ignore the key but whose SDK insists on one.
NO_KEY = "no-key-required"


def import_sdk(name: str) -> ModuleType:
    """Import a provider SDK on first use, naming the extra that installs it."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ImportError(
            f"this client needs the `{name}` package: pip install 'working-memory[llm]'"
        ) from exc


def _server_message(exc: Exception) -> str:
    """The provider's own error message from an SDK status error, else the exception text."""
    body = getattr(exc, "body", None)
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        if isinstance(body.get("message"), str):
            return str(body["message"])
    return str(exc)


def _mro_names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def usage_counts(
    usage: Any, required: Sequence[str], optional: Sequence[str] = ()
) -> list[int] | None:
    """The usage object's counts, required fields first; None when any present field is garbage
    or a required one is missing (the caller then reports no usage at all)."""
    if usage is None or isinstance(usage, str | bytes | int | float | list):
        return None
    counts = []
    for name in (*required, *optional):
        value = usage.get(name) if isinstance(usage, Mapping) else getattr(usage, name, None)
        if value is None and name in optional:
            counts.append(0)
            continue
        count = token_count(value)
        if count is None:
            log.debug("usage dropped: %s=%r is not a token count", name, value)
            return None
        counts.append(count)
    return counts


class BaseClient:
    """A chat client over a provider SDK. Subclasses build the SDK client, call it, parse."""

    provider = ""
    _sdk_module = ""
    _key_variable = ""

    def __init__(self, config: ClientConfig, *, prices: Mapping[str, Price] | None = None) -> None:
        self.config = config
        self.prices = prices  # None: the module-level PRICES table, read at call time
        self._sdk = import_sdk(self._sdk_module)
        key, self._key_origin = self._resolve_key(config)
        self._key = Secret(key)  # for the async client, built on first use
        self._async: tuple[Any, Any] | None = None
        self._client = self._build(self._sdk, key)

    # construction -----------------------------------------------------------------------

    def _resolve_key(self, config: ClientConfig) -> tuple[str, str]:
        """The key to hand the SDK, and where it came from (for repr: never the key itself)."""
        if config.key:
            return config.key, "set"
        from_env = os.environ.get(self._key_variable)
        if from_env:
            return from_env, f"from {self._key_variable}"
        if config.base_url:  # a local server or proxy that may not check keys
            return NO_KEY, "none"
        raise ClientNotConfigured(
            f"no API key for {self.provider}: set {self._key_variable} (in the environment or "
            f"a .env file) or pass api_key=...; for a local server set base_url instead"
        )

    def _build(self, sdk: ModuleType, key: str) -> Any:
        raise NotImplementedError

    @classmethod
    def from_config(
        cls, config: ClientConfig, *, prices: Mapping[str, Price] | None = None
    ) -> Self:
        return cls(config, prices=prices)

    def with_settings(self, **changes: Any) -> Self:
        """A new client with some settings changed: `client.with_settings(temperature=0.7)`."""
        return type(self).from_config(self.config.with_settings(**changes), prices=self.prices)

    @property
    def model(self) -> str:
        return self.config.model

    # the call ----------------------------------------------------------------------------------

    def complete(
        self,
        messages: Sequence[MessageDict],
        *,
        deadline: float | None = None,
        wait_retry_after: bool = True,
    ) -> LLMResponse:
        """Send chat messages, return the reply. Raises LLMCallError (or a subclass) on failure,
        after up to `max_retries` retries; latency covers the retries too.

        `deadline` is a `time.monotonic()` instant the whole call must end by: each attempt's
        timeout is cut to the time left, and a wait before a retry (a server's Retry-After,
        or the backoff) that would pass it ends the call now, with the server's Retry-After
        on the error as `retry_after`. `wait_retry_after=False` never sleeps a server's
        Retry-After: the call ends at once with it on the error (the window turns it into
        its backoff, so the agent loop is not held). A per-read timeout cannot stop a server
        that trickles bytes; the Compactor's worker thread does (it stops waiting at its
        deadline), and `acomplete` cancels the attempt.
        """
        started = time.perf_counter()
        attempt, last = 0, None
        while True:
            timeout = self._attempt_timeout(deadline, attempt, last)
            try:
                raw = self._call(messages, timeout=timeout, attempt=attempt)
            except Exception as exc:
                wait, last = self._retry_or_raise(
                    exc,
                    attempt,
                    started,
                    deadline,
                    wait_retry_after,
                    timeout=timeout,
                )
                time.sleep(wait)
                attempt += 1
                continue
            return self._parsed(raw, time.perf_counter() - started)

    async def acomplete(
        self,
        messages: Sequence[MessageDict],
        *,
        deadline: float | None = None,
        wait_retry_after: bool = True,
    ) -> LLMResponse:
        """`complete` for an event loop, over the SDK's async client: the same retries, errors
        and deadline; waits are `asyncio.sleep`, and an attempt still running at the deadline
        is cancelled (a trickling server cannot hold it)."""
        started = time.perf_counter()
        attempt, last = 0, None
        while True:
            timeout = self._attempt_timeout(deadline, attempt, last)
            try:
                call = self._acall(messages, timeout=timeout, attempt=attempt)
                if deadline is None:
                    raw = await call
                else:
                    try:
                        raw = await asyncio.wait_for(call, max(0.0, deadline - time.monotonic()))
                    except TimeoutError:
                        error = self._fail(
                            LLMCallError,
                            "timeout",
                            f"the call's deadline passed during attempt {attempt + 1}",
                        )
                        error.deadline_passed = last is None
                        raise error from None
            except LLMCallError:
                raise
            except Exception as exc:
                wait, last = self._retry_or_raise(
                    exc,
                    attempt,
                    started,
                    deadline,
                    wait_retry_after,
                    timeout=timeout,
                )
                await asyncio.sleep(wait)
                attempt += 1
                continue
            return self._parsed(raw, time.perf_counter() - started)

    def _attempt_timeout(
        self, deadline: float | None, attempt: int, last: LLMCallError | None
    ) -> float:
        timeout = self.config.timeout
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                # A backoff that was within the deadline can overrun it (a busy machine):
                # the error that led to it is still what went wrong.
                why = f"; the last: {last}" if last is not None else ""
                raise self._fail(
                    LLMCallError,
                    "timeout",
                    f"the call's deadline passed after {attempt} attempt(s){why}",
                )
            timeout = min(timeout, left)
        return timeout

    def _retry_or_raise(
        self,
        exc: Exception,
        attempt: int,
        started: float,
        deadline: float | None,
        wait_retry_after: bool,
        *,
        timeout: float,
    ) -> tuple[float, LLMCallError]:
        """The seconds to wait before the next attempt and the error it retries, or raises.
        `timeout`: the attempt's, shorter than the configured one when the deadline cut it."""
        if not self._is_sdk_error(exc):
            raise exc
        error = self._translate(exc, time.perf_counter() - started, attempt + 1)
        # The first attempt timed out because the deadline cut it short: nothing went wrong
        # but the deadline (the caller, a Compactor, reports it as one, whichever thread wins).
        cut = timeout < self.config.timeout
        error.deadline_passed = cut and attempt == 0 and error.kind == "timeout"
        wait, error.retry_after = retry_wait(exc, attempt)
        log.debug("%s", error)
        if wait is None or attempt >= self.config.max_retries:
            raise error from None  # the SDK exception may carry the request, key and all
        if error.retry_after and not wait_retry_after:  # "0" costs nothing to honour
            error.args = (f"{error} (the server asked: wait {wait:g}s; not waited here)",)
            raise error from None
        if wait > MAX_RETRY_AFTER_S or (
            deadline is not None and time.monotonic() + wait >= deadline
        ):
            # Waiting would outlast the deadline (or any sensible wait): give up now
            # and let the caller back off; a sleep here would hold the agent loop.
            asked = "the server asked" if error.retry_after is not None else "backoff"
            error.args = (f"{error} ({asked}: wait {wait:g}s, more than the time left)",)
            raise error from None
        return wait, error

    def _parsed(self, raw: Any, latency: float) -> LLMResponse:
        try:
            response = self._parse(raw, latency)
        except LLMCallError:
            raise
        except Exception as exc:  # a reply this parser did not foresee: its text may echo the key
            raise self._fail(
                MalformedResponse,
                "malformed",
                f"could not read the response: {type(exc).__name__}: {exc}",
            ) from None
        log.debug(
            "%s %s answered in %.2fs: %s prompt + %s completion tokens",
            self.provider,
            response.model,
            latency,
            response.usage.prompt_tokens if response.usage else "?",
            response.usage.completion_tokens if response.usage else "?",
        )
        return response

    def call_budget_s(self) -> float:
        """The wall-clock bound of one call, retries included: one request `timeout`
        (retries happen inside it while time is left). The Compactor's default deadline; a
        real summary of a big span can take tens of seconds, so it is not smaller."""
        return self.config.timeout

    def redact_secrets(self, text: str) -> str:
        """`text` without this client's key (however it was given) or any key-shaped string."""
        return redact(text, self._secret())

    def _call(self, messages: Sequence[MessageDict], *, timeout: float, attempt: int = 0) -> Any:
        raise NotImplementedError

    def _acall(
        self, messages: Sequence[MessageDict], *, timeout: float, attempt: int = 0
    ) -> Awaitable[Any]:
        raise NotImplementedError

    def _async_client(self) -> Any:
        """The SDK's async client for the running event loop (built on first use there: an
        async HTTP client's connections belong to one loop)."""
        loop = asyncio.get_running_loop()
        if self._async is None or self._async[0] is not loop:
            self._async = (loop, self._build_async(self._sdk, self._key.reveal()))
        return self._async[1]

    def _build_async(self, sdk: ModuleType, key: str) -> Any:
        raise NotImplementedError

    def _parse(self, raw: Any, latency: float) -> LLMResponse:
        raise NotImplementedError

    def _create(
        self, create: Any, body: Mapping[str, Any], *, timeout: float, attempt: int = 0
    ) -> Any:
        """Call an SDK `create` with `body`: fields the installed SDK version has no keyword for
        (it drops and renames some across versions) travel in `extra_body`, same JSON on the wire."""
        try:
            known = set(inspect.signature(create).parameters)
        except (TypeError, ValueError):
            known = set(body)
        kwargs = {k: v for k, v in body.items() if k in known}
        extra = {k: v for k, v in body.items() if k not in known}
        extra.update(self.config.extra_body)
        if extra:
            kwargs["extra_body"] = extra
        # The SDK numbers its own retries in this header; the retries are ours now, so say it.
        retry_count = {"x-stainless-retry-count": str(attempt)}
        return create(**kwargs, timeout=timeout, extra_headers=retry_count)

    # helpers for subclasses ----------------------------------------------------------------

    def _fail(self, cls: type[LLMCallError], kind: str, what: str) -> LLMCallError:
        message = redact(f"{self.provider} {self.model}: {what}", self._secret())
        return cls(message, kind=kind, provider=self.provider, model=self.model)

    def _secret(self) -> str | None:
        return self.config.key or os.environ.get(self._key_variable)

    def _require_model_object(self, raw: Any, field: str) -> None:
        # A body that was JSON but not an object comes back from the SDK as a str/list/dict.
        if isinstance(raw, str | bytes | list | int | float) or raw is None:
            shown = raw if isinstance(raw, str | bytes) else json.dumps(raw)[:200]
            raise self._fail(
                MalformedResponse,
                "malformed",
                f"the response is not a completion object: {str(shown)[:200]!r}",
            )
        if not hasattr(raw, field) and not (isinstance(raw, Mapping) and field in raw):
            raise self._fail(MalformedResponse, "malformed", f"the response has no `{field}` field")

    def _model_of(self, raw: Any) -> str:
        """The model the reply names (a dated snapshot, say), or ours when it names none usable."""
        model = getattr(raw, "model", None)
        if not isinstance(model, str) or not model.strip():
            return self.model
        return redact(model, self._secret())[:200]

    def _response(
        self,
        content: str,
        model: str,
        prompt: int,
        completion: int,
        cached: int,
        cache_write: int,
        latency: float,
        *,
        has_usage: bool,
    ) -> LLMResponse:
        if not content.strip():
            raise self._fail(EmptyResponse, "empty", "the response's text is empty")
        if not has_usage:
            return LLMResponse(content=content, model=model, usage=None, latency_s=latency)
        cost = estimate_cost(
            model,
            prompt,
            completion,
            cached_tokens=cached,
            cache_write_tokens=cache_write,
            prices=self.prices,
        )
        if cost is None and model != self.model:  # a snapshot name the table lacks
            cost = estimate_cost(
                self.model,
                prompt,
                completion,
                cached_tokens=cached,
                cache_write_tokens=cache_write,
                prices=self.prices,
            )
        return LLMResponse(
            content=content,
            model=model,
            latency_s=latency,
            cost_usd=cost,
            usage=Usage(
                prompt_tokens=prompt, completion_tokens=completion, cached_prompt_tokens=cached
            ),
        )

    # errors --------------------------------------------------------------------------------

    def _is_sdk_error(self, exc: Exception) -> bool:
        base = getattr(self._sdk, "OpenAIError", None) or getattr(self._sdk, "AnthropicError", None)
        return (base is not None and isinstance(exc, base)) or isinstance(exc, json.JSONDecodeError)

    def _translate(self, exc: Exception, elapsed: float, attempts: int = 1) -> LLMCallError:
        names = _mro_names(exc)
        status = getattr(exc, "status_code", None)
        request_id = getattr(exc, "request_id", None)
        retries = f"{attempts} attempt(s), max_retries={self.config.max_retries}"
        cls: type[LLMCallError] = LLMCallError
        overflow = None
        if "APITimeoutError" in names:
            kind = "timeout"
            what = f"timed out after {elapsed:.1f}s (timeout={self.config.timeout:g}s per attempt, {retries})"
        elif "APIConnectionError" in names:
            kind = "connection"
            cause = exc.__cause__ or exc.__context__
            detail = f": {type(cause).__name__}: {cause}" if cause else ""
            what = f"could not reach {self._endpoint()} ({retries}){detail}"
        elif isinstance(exc, json.JSONDecodeError) or "APIResponseValidationError" in names:
            kind, cls = "malformed", MalformedResponse
            what = f"the response body is not valid JSON for this API: {exc}"
        elif status is not None:
            server = _server_message(exc)
            if status == 429:
                kind, what = "rate_limited", f"rate limited (HTTP 429) after {retries}: {server}"
            elif status in (401, 403):
                kind = "auth"
                what = f"HTTP {status}, the key was refused: {server} (check {self._key_variable})"
            elif status >= 500:
                kind, what = "server_error", f"HTTP {status} after {retries}: {server}"
            elif (overflow := context_overflow(server)) is not None:
                kind = "context_overflow"
                what = (
                    f"HTTP {status}, the request ({overflow[1]} tokens) is over the server's "
                    f"context of {overflow[0]}: {server}"
                )
            else:
                kind, what = "http_error", f"HTTP {status}: {server}"
        else:
            kind, what = "http_error", f"{type(exc).__name__}: {exc}"
        if request_id:
            what += f" [request {request_id}]"
        message = redact(f"{self.provider} {self.model}: {what}", self._secret())
        return cls(
            message,
            kind=kind,
            provider=self.provider,
            model=self.model,
            status_code=status,
            request_id=request_id,
            context_limit=overflow[0] if overflow else None,
            requested_tokens=overflow[1] if overflow else None,
        )

    def _endpoint(self) -> str:
        return self.config.base_url or f"the {self.provider} API"

    # lifecycle and display ------------------------------------------------------------------

    def close(self) -> None:
        close = getattr(self._client, "close", None)
        if callable(close):
            close()

    async def aclose(self) -> None:
        """Close the async client `acomplete` built in the running loop (if any)."""
        if self._async is not None:
            _, client = self._async
            self._async = None
            close = getattr(client, "close", None)
            if callable(close):
                await close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        config = self.config
        parts = [f"model={config.model!r}"]
        if config.base_url:
            parts.append(f"base_url={config.base_url!r}")
        parts.append(f"api_key={self._key_origin!r}")
        for name in ("temperature", "max_tokens"):
            value = getattr(config, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        parts.append(f"timeout={config.timeout:g}")
        parts.append(f"max_retries={config.max_retries}")
        return f"{type(self).__name__}({', '.join(parts)})"

    __str__ = __repr__
