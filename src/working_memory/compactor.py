"""Span -> summary. The only model call in the core, and it never raises into the agent loop."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ._redact import redact
from .facts import call_text
from .llm import LLMClient
from .prompts import COMPACT_PROMPT, render_prompt, summary_word_limit

__all__ = [
    "NOTHING",
    "CompactionResult",
    "Compactor",
    "SpanCompactor",
    "render_span",
]

NOTHING = "NOTHING"


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

    @property
    def ok(self) -> bool:
        return self.summary is not None


@runtime_checkable
class SpanCompactor(Protocol):
    """Turns a span of messages into a CompactionResult. Must not raise for a failed model call."""

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult: ...


def _text_of(content: Any) -> str:
    """Message content as text: strings pass through, content-block lists are joined."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, Mapping):
                text = block.get("text")
                if block.get("type") == "tool_use":  # Anthropic-style blocks, decoded too
                    parts.append(f"[calls {call_text(block)}]")
                elif block.get("type") == "tool_result":
                    parts.append(f"tool result: {_text_of(block.get('content'))}")
                else:
                    parts.append(
                        text if isinstance(text, str) else f"[{block.get('type', 'block')}]"
                    )
            else:
                parts.append(str(block))
        return "\n".join(parts)
    return json.dumps(content, ensure_ascii=False)


def render_span(messages: Sequence[Mapping[str, Any]]) -> str:
    """A span as plain text for a summariser: one `role: text` line per message, calls inline."""
    lines: list[str] = []
    for message in messages:
        role = str(message.get("role", "?"))
        for call in message.get("tool_calls") or []:
            # Arguments decoded for reading: a JSON string of `\n` escapes is hard to follow.
            lines.append(f"[{role} calls {call_text(call)}]")
        text = _text_of(message.get("content")).strip()
        if text:
            if role == "tool":
                label = f"tool result{' ' + str(message['name']) if message.get('name') else ''}"
                lines.append(f"{label}: {text}")
            else:
                lines.append(f"{role}: {text}")
    return "\n".join(lines)


def _usage_of(response: Any) -> tuple[int, int, float | None, str]:
    usage = getattr(response, "usage", None)
    prompt = int(getattr(usage, "prompt_tokens", 0) or 0) if usage is not None else 0
    completion = int(getattr(usage, "completion_tokens", 0) or 0) if usage is not None else 0
    cost = getattr(response, "cost_usd", None)
    model = str(getattr(response, "model", "") or "")
    return prompt, completion, cost, model


class Compactor:
    """Summarises a span with an LLM client, using a prompt template.

    Any exception from the client (timeouts, 429s, 5xx, malformed responses) becomes a
    result with `error` set: a failed summariser costs the window a span, never the loop.
    """

    def __init__(
        self,
        client: LLMClient,
        *,
        word_limit: int | None = None,
        prompt: str = COMPACT_PROMPT,
        max_span_chars: int = 400_000,
    ) -> None:
        render_prompt(
            prompt, span="", limit=word_limit or 0
        )  # reject a bad template now, not mid-session
        self.client = client
        self.word_limit = word_limit
        self.prompt = prompt
        self.max_span_chars = max_span_chars

    def __repr__(self) -> str:
        return f"Compactor(client={type(self.client).__name__}, word_limit={self.word_limit})"

    def build_request(self, span: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        text = render_span(span)
        # None: the limit scales with the span (prompts.summary_word_limit).
        limit = self.word_limit or summary_word_limit(text)
        if len(text) > self.max_span_chars:
            # Keep the head and the tail: the summariser's own window is finite too.
            half = self.max_span_chars // 2
            text = f"{text[:half]}\n... [{len(text) - 2 * half} chars of the span omitted] ...\n{text[-half:]}"
        return [
            {
                "role": "user",
                "content": render_prompt(self.prompt, span=text, limit=limit),
            }
        ]

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        request = self.build_request(span)
        started = time.perf_counter()
        try:
            response = self.client.complete(request)
            content = response.content
        except Exception as exc:
            reason = redact(f"{type(exc).__name__}: {exc}")[:500]
            return CompactionResult(
                None,
                reason=f"summariser failed: {reason}",
                error=reason,
                latency_s=time.perf_counter() - started,
            )
        latency = getattr(response, "latency_s", None) or time.perf_counter() - started
        prompt_tokens, completion_tokens, cost, model = _usage_of(response)
        meta: dict[str, Any] = dict(
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            latency_s=latency,
            cost_usd=cost,
            model=model,
        )
        if not isinstance(content, str):
            return CompactionResult(
                None, reason="summariser returned no text", error="malformed response", **meta
            )
        summary = content.strip()
        if not summary:
            return CompactionResult(
                None, reason="summariser returned an empty reply", error="empty", **meta
            )
        if summary.strip(" .\n\"'`*").upper() == NOTHING:
            return CompactionResult(
                None, reason="summariser answered NOTHING", nothing=True, **meta
            )
        span_chars = len(render_span(span))
        if len(summary) >= span_chars:
            return CompactionResult(
                None,
                reason=f"summary ({len(summary)} chars) is not shorter than its span ({span_chars} chars)",
                error="summary longer than span",
                **meta,
            )
        return CompactionResult(summary, reason="summarised", **meta)
