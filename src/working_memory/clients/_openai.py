"""A client for OpenAI and any OpenAI-compatible server (vLLM, Ollama, llama.cpp, LM Studio)."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from ..protocols import LLMResponse, MessageDict
from ._base import BaseClient, usage_counts
from ._errors import EmptyResponse
from ._prices import Price
from ._settings import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S, ClientConfig

__all__ = ["OpenAIClient"]


class OpenAIClient(BaseClient):
    """Chat completions over the official `openai` SDK.

    With `base_url` it talks to any OpenAI-compatible server; a local server that checks no
    key needs none. `timeout` is seconds per attempt; `max_retries` retries timeouts,
    connection errors, 408/409/429 and 5xx, waiting as the server's `retry-after` asks (or
    backing off), always within the deadline `complete()` is given.

        client = OpenAIClient("gpt-4.1-mini")                      # key from OPENAI_API_KEY
        local = OpenAIClient("qwen2.5:7b", base_url="http://localhost:11434/v1")
    """

    provider = "openai"
    _sdk_module = "openai"

    @property
    def _key_variable(self) -> str:  # type: ignore[override]
        # Never send an OpenAI key to some other host: compatible servers get their own.
        return "OPENAI_API_KEY" if self.provider == "openai" else "WM_API_KEY"

    def __init__(
        self,
        model: str | ClientConfig,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        extra_headers: Mapping[str, str] | None = None,
        extra_body: Mapping[str, Any] | None = None,
        prices: Mapping[str, Price] | None = None,
    ) -> None:
        if isinstance(model, ClientConfig):
            config = model
        else:
            config = ClientConfig(
                provider="openai-compatible" if base_url else "openai",
                model=model,
                api_key=api_key,
                base_url=base_url,
                temperature=temperature,
                max_tokens=max_tokens,
                timeout=timeout,
                max_retries=max_retries,
                extra_headers=extra_headers or {},
                extra_body=extra_body or {},
            )
        if config.provider == "anthropic":
            raise ValueError("an anthropic ClientConfig belongs to AnthropicClient")
        self.provider = config.provider
        super().__init__(config, prices=prices)

    def _build(self, sdk: ModuleType, key: str) -> Any:
        return self._sdk_client(sdk.OpenAI, key)

    def _build_async(self, sdk: ModuleType, key: str) -> Any:
        return self._sdk_client(sdk.AsyncOpenAI, key)

    def _sdk_client(self, make: Any, key: str) -> Any:
        config = self.config
        return make(
            api_key=key,
            base_url=config.base_url or None,
            timeout=config.timeout,
            max_retries=0,  # BaseClient.complete retries, holding the waits to a deadline
            default_headers=dict(config.extra_headers) or None,
        )

    def request_body(self, messages: Sequence[MessageDict]) -> dict[str, Any]:
        """The keyword arguments for `chat.completions.create` (without extra_body)."""
        config = self.config
        body: dict[str, Any] = {"model": config.model, "messages": [dict(m) for m in messages]}
        if config.temperature is not None:
            body["temperature"] = config.temperature
        if config.max_tokens is not None:
            # OpenAI's own API has renamed it (reasoning models reject the old name); most
            # compatible servers only know the old one.
            name = "max_completion_tokens" if config.provider == "openai" else "max_tokens"
            body[name] = config.max_tokens
        return body

    def _call(self, messages: Sequence[MessageDict], *, timeout: float, attempt: int = 0) -> Any:
        if not messages:
            raise ValueError("complete() needs at least one message")
        return self._create(
            self._client.chat.completions.create,
            self.request_body(messages),
            timeout=timeout,
            attempt=attempt,
        )

    def _acall(
        self, messages: Sequence[MessageDict], *, timeout: float, attempt: int = 0
    ) -> Awaitable[Any]:
        if not messages:
            raise ValueError("complete() needs at least one message")
        return cast(
            "Awaitable[Any]",
            self._create(
                self._async_client().chat.completions.create,
                self.request_body(messages),
                timeout=timeout,
                attempt=attempt,
            ),
        )

    def _parse(self, raw: Any, latency: float) -> LLMResponse:
        self._require_model_object(raw, "choices")
        choices = getattr(raw, "choices", None)
        if not choices:
            raise self._fail(EmptyResponse, "empty", "the response has no choices")
        choice = choices[0]
        message = getattr(choice, "message", None)
        finish = getattr(choice, "finish_reason", None)
        content = getattr(message, "content", None)
        if not isinstance(content, str) or not content.strip():
            refusal = getattr(message, "refusal", None)
            if refusal:
                what = f"the model refused: {str(refusal)[:300]}"
            elif getattr(message, "tool_calls", None):
                what = "the model answered with tool calls, not text"
            elif finish == "length":
                what = "the reply is empty: max_tokens ran out first (finish_reason=length); raise max_tokens"
            else:
                state = "null" if content is None else "empty"
                what = f"the message content is {state} (finish_reason={finish})"
            raise self._fail(EmptyResponse, "empty", what)
        usage = getattr(raw, "usage", None)
        counts = usage_counts(usage, ("prompt_tokens", "completion_tokens"))
        details = getattr(usage, "prompt_tokens_details", None)
        cached = usage_counts(details, (), ("cached_tokens",)) if details is not None else [0]
        if counts is None or cached is None:
            counts, cached = [0, 0], [0]
            usage = None  # garbage counts: keep the text, report no usage
        prompt, completion = counts
        model = self._model_of(raw)
        return self._response(
            content, model, prompt, completion, cached[0], 0, latency, has_usage=usage is not None
        )
