"""A client for Anthropic's messages API, and the conversion from OpenAI-format messages."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from ..messages import render_content
from ..protocols import LLMResponse, MessageDict
from ._base import BaseClient, usage_counts
from ._errors import EmptyResponse
from ._prices import Price
from ._settings import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S, ClientConfig

__all__ = ["DEFAULT_ANTHROPIC_MAX_TOKENS", "AnthropicClient", "to_anthropic"]

DEFAULT_ANTHROPIC_MAX_TOKENS = 4096  # the API requires max_tokens; the others leave it out
_DATA_URL = re.compile(r"^data:(?P<media>[\w/+.-]+);base64,(?P<data>.+)$", re.DOTALL)
_PASSTHROUGH = {"image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking"}


def _text_of(content: Any) -> str:
    return render_content(content, lambda part: str(part.get("text", "")))


def _blocks(content: Any) -> list[dict[str, Any]]:
    """OpenAI content (a string or a list of parts) as Anthropic content blocks."""
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list):
        return [{"type": "text", "text": _text_of(content)}]
    blocks: list[dict[str, Any]] = []
    for part in content:
        if isinstance(part, str):
            blocks.append({"type": "text", "text": part})
            continue
        if not isinstance(part, Mapping):
            continue
        kind = part.get("type")
        if kind in ("text", "input_text", "output_text"):
            block: dict[str, Any] = {"type": "text", "text": str(part.get("text", ""))}
            if "cache_control" in part:
                block["cache_control"] = part["cache_control"]
            blocks.append(block)
        elif kind == "image_url":
            image = part.get("image_url")
            url = str(image.get("url", "") if isinstance(image, Mapping) else image or "")
            match = _DATA_URL.match(url)
            source = (
                {"type": "base64", "media_type": match["media"], "data": match["data"]}
                if match
                else {"type": "url", "url": url}
            )
            blocks.append({"type": "image", "source": source})
        elif kind in _PASSTHROUGH:  # already Anthropic-shaped
            blocks.append(dict(part))
        else:
            blocks.append({"type": "text", "text": f"[{kind or 'part'}]"})
    return blocks


def _tool_use(call: Mapping[str, Any]) -> dict[str, Any]:
    function = call.get("function") or {}
    arguments = function.get("arguments")
    try:
        parsed = (
            json.loads(arguments) if isinstance(arguments, str) and arguments else arguments or {}
        )
    except ValueError:
        parsed = None
    if not isinstance(parsed, dict):  # the API wants an object; keep what the model wrote
        parsed = {"arguments": arguments}
    return {
        "type": "tool_use",
        "id": str(call.get("id", "")),
        "name": str(function.get("name", "tool")),
        "input": parsed,
    }


def _as_text(block: Mapping[str, Any]) -> dict[str, Any]:
    """A tool block that lost its partner (a span cut mid tool group) kept as plain text."""
    if block.get("type") == "tool_use":
        args = json.dumps(block.get("input"), ensure_ascii=False)
        return {"type": "text", "text": f"[called {block.get('name')}({args})]"}
    return {"type": "text", "text": f"[tool result]: {_text_of(block.get('content'))}"}


def to_anthropic(messages: Sequence[MessageDict]) -> tuple[str | None, list[dict[str, Any]]]:
    """OpenAI-format chat messages as Anthropic's `(system, messages)`.

    - system and developer messages become the `system` string (joined in order);
    - assistant `tool_calls` become `tool_use` blocks, `tool` messages become `tool_result`
      blocks in a user turn, so a tool exchange survives the trip;
    - consecutive turns of one role merge (the API wants user and assistant to alternate);
    - a tool call without its result, or a result without its call, becomes text, since the
      API rejects either half alone and a compaction span may be cut mid group;
    - empty text is dropped (the API rejects empty text blocks).
    """
    system: list[str] = []
    turns: list[tuple[str, list[dict[str, Any]]]] = []
    for index, message in enumerate(messages):
        role = message.get("role")
        if role in ("system", "developer"):
            text = _text_of(message.get("content")).strip()
            if text:
                system.append(text)
            continue
        if role == "user":
            blocks = _blocks(message.get("content"))
        elif role == "assistant":
            blocks = _blocks(message.get("content"))
            blocks += [_tool_use(call) for call in message.get("tool_calls") or []]
        elif role in ("tool", "function"):
            role = "user"
            result: dict[str, Any] = {
                "type": "tool_result",
                "tool_use_id": str(message.get("tool_call_id", "")),
            }
            text = _text_of(message.get("content"))
            if text:
                result["content"] = text
            blocks = [result]
        else:
            raise ValueError(
                f"message {index} has role {role!r}; expected system, developer, user, assistant or tool"
            )
        blocks = [
            b
            for b in blocks
            if not (b.get("type") == "text" and not str(b.get("text", "")).strip())
        ]
        if not blocks:
            continue
        if turns and turns[-1][0] == role:
            turns[-1][1].extend(blocks)
        else:
            turns.append((role, blocks))

    # Pair tool_use blocks with the tool_result blocks of the very next turn.
    for i, (role, blocks) in enumerate(turns):
        if role == "assistant":
            following = turns[i + 1] if i + 1 < len(turns) else ("", [])
            answered = {
                b.get("tool_use_id") for b in following[1] if b.get("type") == "tool_result"
            }
            turns[i] = (
                role,
                [
                    _as_text(b)
                    if b.get("type") == "tool_use" and b.get("id") not in answered
                    else b
                    for b in blocks
                ],
            )
        else:
            previous = turns[i - 1] if i > 0 else ("", [])
            offered = {b.get("id") for b in previous[1] if b.get("type") == "tool_use"}
            turns[i] = (
                role,
                [
                    _as_text(b)
                    if b.get("type") == "tool_result" and b.get("tool_use_id") not in offered
                    else b
                    for b in blocks
                ],
            )
    # tool_result blocks must lead their turn.
    converted: list[dict[str, Any]] = []
    for role, blocks in turns:
        results = [b for b in blocks if b.get("type") == "tool_result"]
        others = [b for b in blocks if b.get("type") != "tool_result"]
        ordered = results + others
        if (
            len(ordered) == 1
            and ordered[0].get("type") == "text"
            and set(ordered[0]) == {"type", "text"}
        ):
            converted.append({"role": role, "content": ordered[0]["text"]})
        else:
            converted.append({"role": role, "content": ordered})
    return ("\n\n".join(system) or None), converted


class AnthropicClient(BaseClient):
    """Messages over the official `anthropic` SDK; takes OpenAI-format messages.

    client = AnthropicClient("claude-haiku-4-5")               # key from ANTHROPIC_API_KEY
    """

    provider = "anthropic"
    _sdk_module = "anthropic"
    _key_variable = "ANTHROPIC_API_KEY"

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
                provider="anthropic",
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
        if config.provider != "anthropic":
            raise ValueError(f"a {config.provider} ClientConfig belongs to OpenAIClient")
        super().__init__(config, prices=prices)

    def _build(self, sdk: ModuleType, key: str) -> Any:
        return self._sdk_client(sdk.Anthropic, key)

    def _build_async(self, sdk: ModuleType, key: str) -> Any:
        return self._sdk_client(sdk.AsyncAnthropic, key)

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
        """The keyword arguments for `messages.create` (without extra_body)."""
        system, converted = to_anthropic(messages)
        if not converted:
            raise ValueError("nothing to send: the messages hold no user or assistant text")
        config = self.config
        body: dict[str, Any] = {
            "model": config.model,
            "max_tokens": config.max_tokens or DEFAULT_ANTHROPIC_MAX_TOKENS,
            "messages": converted,
        }
        if system:
            body["system"] = system
        if config.temperature is not None:
            body["temperature"] = config.temperature
        return body

    def _call(self, messages: Sequence[MessageDict], *, timeout: float, attempt: int = 0) -> Any:
        return self._create(
            self._client.messages.create,
            self.request_body(messages),
            timeout=timeout,
            attempt=attempt,
        )

    def _acall(
        self, messages: Sequence[MessageDict], *, timeout: float, attempt: int = 0
    ) -> Awaitable[Any]:
        return cast(
            "Awaitable[Any]",
            self._create(
                self._async_client().messages.create,
                self.request_body(messages),
                timeout=timeout,
                attempt=attempt,
            ),
        )

    def _parse(self, raw: Any, latency: float) -> LLMResponse:
        self._require_model_object(raw, "content")
        blocks = getattr(raw, "content", None)
        if not blocks:
            raise self._fail(EmptyResponse, "empty", "the response's content list is empty")
        texts = [getattr(b, "text", None) for b in blocks if getattr(b, "type", None) == "text"]
        content = "".join(t for t in texts if isinstance(t, str))
        if not content.strip():
            stop = getattr(raw, "stop_reason", None)
            kinds = ", ".join(str(getattr(b, "type", "?")) for b in blocks)
            hint = "; raise max_tokens" if stop == "max_tokens" else ""
            what = "the response's text is empty" if texts else "the response has no text block"
            raise self._fail(
                EmptyResponse, "empty", f"{what} (blocks: {kinds}; stop_reason={stop}){hint}"
            )
        usage = getattr(raw, "usage", None)
        counts = usage_counts(
            usage,
            ("input_tokens", "output_tokens"),
            ("cache_read_input_tokens", "cache_creation_input_tokens"),
        )
        if counts is None:
            counts, usage = [0, 0, 0, 0], None  # garbage counts: keep the text, no usage
        fresh, completion, cached, written = counts
        model = self._model_of(raw)
        # input_tokens excludes cache reads and writes; the common Usage counts the whole prompt.
        return self._response(
            content,
            model,
            fresh + cached + written,
            completion,
            cached,
            written,
            latency,
            has_usage=usage is not None,
        )
