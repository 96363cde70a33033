"""Span -> summary. The only model call in the core, and it never raises into the agent loop."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import math
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from .._numbers import token_count
from .._redact import error_attribute, error_text, redact
from ..messages import render_content
from ..protocols import CompactionResult, LLMClient, SpanCompactor
from ._prompts import COMPACT_PROMPT, render_prompt, summary_word_limit
from ._replies import NOTHING, read_reply
from ._segments import call_text

__all__ = [
    "NOTHING",
    "CompactionResult",
    "Compactor",
    "SpanCompactor",
    "render_span",
]


def _span_block(block: Mapping[str, Any]) -> str:
    """A block as the summariser reads it: calls decoded, results labelled, media named."""
    text = block.get("text")
    if block.get("type") == "tool_use":  # Anthropic-style blocks, decoded too
        return f"[calls {call_text(block)}]"
    if block.get("type") == "tool_result":
        return f"tool result: {_text_of(block.get('content'))}"
    return text if isinstance(text, str) else f"[{block.get('type', 'block')}]"


def _text_of(content: Any) -> str:
    """Message content as text: strings pass through, content-block lists are joined."""
    return render_content(content, _span_block)


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
    """Token counts, cost and model of a reply; garbage in any of them (strings, negatives,
    NaN, infinities) is dropped, never a reason to throw the summary away."""
    usage = getattr(response, "usage", None)
    prompt = token_count(getattr(usage, "prompt_tokens", 0) or 0) if usage is not None else 0
    completion = (
        token_count(getattr(usage, "completion_tokens", 0) or 0) if usage is not None else 0
    )
    if prompt is None or completion is None:
        prompt = completion = 0
    cost = getattr(response, "cost_usd", None)
    if isinstance(cost, bool) or not (
        isinstance(cost, int | float) and math.isfinite(cost) and cost >= 0
    ):
        cost = None
    model = getattr(response, "model", "")
    return prompt, completion, cost, model if isinstance(model, str) else ""


def _seconds(value: Any) -> float | None:
    """A non-negative, finite number of seconds, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) and value >= 0 else None


class Compactor:
    """Summarises a span with an LLM client, using a prompt template.

    Any exception from the client (timeouts, 429s, 5xx, malformed responses) becomes a
    result with `error` set: a failed summariser costs the window a span, never the loop.

    `deadline_s` bounds one `compact()` by the wall clock, retries included: the request
    runs in a worker thread and `compact()` stops waiting at the deadline, returning a
    failed result (`acompact()` cancels the request instead). A per-read timeout alone
    cannot do that (a server trickling one byte a second never times out). The default is
    derived from the client: `client.call_budget_s()`, which for the bundled clients is one
    request `timeout` (60 s; WM_TIMEOUT=1: 1 s); the client's retries are held to it, and a
    server's Retry-After is never slept: it ends the call, and the window backs off that
    long (eviction guards `evict_at` meanwhile). A client without
    `call_budget_s` (a scripted fake, a local function) runs inline with no deadline
    unless one is given; `deadline_s=math.inf` turns it off.

    An abandoned request is not cancelled on the server: it may still finish, and be billed.
    While `max_abandoned` of them (default 1) are still running, `compact()` fails at once
    (`error="busy"`) rather than stack more requests on a stuck server.
    """

    def __init__(
        self,
        client: LLMClient,
        *,
        word_limit: int | None = None,
        prompt: str = COMPACT_PROMPT,
        max_span_chars: int = 400_000,
        deadline_s: float | None = None,
        max_abandoned: int = 1,
    ) -> None:
        render_prompt(
            prompt, span="", limit=word_limit or 0
        )  # reject a bad template now, not mid-session
        if deadline_s is not None and (
            isinstance(deadline_s, bool)
            or not isinstance(deadline_s, int | float)
            or math.isnan(deadline_s)
            or deadline_s <= 0
        ):
            raise ValueError(
                f"deadline_s must be a positive number of seconds (or math.inf), got {deadline_s!r}"
            )
        self.client = client
        self.word_limit = word_limit
        self.prompt = prompt
        self.max_span_chars = max_span_chars
        self.deadline_s = float(deadline_s) if deadline_s is not None else _budget_of(client)
        # Keywords the client's calls take: a deadline, and "do not sleep a Retry-After".
        self._sync_keywords = _keywords(getattr(client, "complete", None))
        acomplete = getattr(client, "acomplete", None)
        self._acomplete = acomplete if inspect.iscoroutinefunction(acomplete) else None
        self._async_keywords = _keywords(acomplete)
        if (
            not isinstance(max_abandoned, int)
            or isinstance(max_abandoned, bool)
            or max_abandoned < 1
        ):
            raise ValueError(f"max_abandoned must be an integer >= 1, got {max_abandoned!r}")
        self.max_abandoned = max_abandoned
        self._abandoned: list[threading.Thread] = []  # requests given up on, maybe still running
        self._abandoned_lock = threading.Lock()  # compare() calls one compactor from many threads

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

    def _redact(self, text: str) -> str:
        """Scrub keys: the client's own (given in code or not) when it can, the usual ones always."""
        scrub = getattr(self.client, "redact_secrets", None)
        if callable(scrub):
            # A redactor that fails must not turn a result into a raise.
            with contextlib.suppress(Exception):
                text = str(scrub(text))
        return redact(text)

    def _failed(self, exc: BaseException, started: float) -> CompactionResult:
        if getattr(exc, "deadline_passed", False) is True:
            # The client gave up at our deadline a moment before our own wait did: the same
            # miss, so the same result, however the two threads (or timers) were scheduled.
            return self._missed(self.deadline_s, started)
        reason = self._redact(f"{type(exc).__name__}: {error_text(exc)}")[:500]
        return CompactionResult(
            None,
            reason=f"summariser failed: {reason}",
            error=reason,
            latency_s=time.perf_counter() - started,
            retry_after=_seconds(error_attribute(exc, "retry_after")),
        )

    def _call(self, request: list[dict[str, Any]]) -> Any:
        """The client's reply, or raises what it raised; within the deadline when there is one."""
        if math.isinf(self.deadline_s):
            return self.client.complete(request, **self._sync_keywords(None))
        deadline = time.monotonic() + self.deadline_s
        outcome: dict[str, Any] = {}
        done = threading.Event()

        def run() -> None:
            try:
                outcome["response"] = self.client.complete(request, **self._sync_keywords(deadline))
            except Exception as exc:
                outcome["error"] = exc
            finally:
                done.set()

        worker = threading.Thread(target=run, name="working-memory-compactor", daemon=True)
        worker.start()
        if not done.wait(self.deadline_s):
            with self._abandoned_lock:
                self._abandoned.append(worker)
            raise _DeadlinePassed(self.deadline_s)
        if "error" in outcome:
            raise outcome["error"]
        return outcome["response"]

    async def acompact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        """`compact` for an event loop: the client's `acomplete` when it has one (an attempt
        still running at the deadline is cancelled), else its `complete` in a thread. Never
        raises, never blocks the loop."""
        request = self.build_request(span)
        started = time.perf_counter()
        try:
            if self._acomplete is not None:
                deadline = (
                    None if math.isinf(self.deadline_s) else time.monotonic() + self.deadline_s
                )
                call = self._acomplete(request, **self._async_keywords(deadline))
                if deadline is None:
                    response = await call
                else:
                    response = await asyncio.wait_for(call, self.deadline_s)
            else:
                return await asyncio.to_thread(self.compact, span)
            content = response.content
        except TimeoutError:
            return self._missed(self.deadline_s, started)
        except Exception as exc:
            return self._failed(exc, started)
        return self._result(response, content, span, started)

    def _missed(self, seconds: float, started: float) -> CompactionResult:
        return CompactionResult(
            None,
            reason=f"summariser missed its deadline of {seconds:g}s; the request was "
            "abandoned (it may still finish, and be billed)",
            error="deadline",
            latency_s=time.perf_counter() - started,
        )

    def compact(self, span: Sequence[Mapping[str, Any]]) -> CompactionResult:
        request = self.build_request(span)
        started = time.perf_counter()
        if self._abandoned:
            with self._abandoned_lock:
                self._abandoned = [t for t in self._abandoned if t.is_alive()]
                stuck = len(self._abandoned)
            if stuck >= self.max_abandoned:
                return CompactionResult(
                    None,
                    reason=f"summariser busy: {stuck} request(s) abandoned at their deadline "
                    "are still running",
                    error="busy",
                )
        try:
            response = self._call(request)
            content = response.content
        except _DeadlinePassed as passed:
            return self._missed(passed.seconds, started)
        except Exception as exc:
            return self._failed(exc, started)
        return self._result(response, content, span, started)

    def _result(
        self, response: Any, content: Any, span: Sequence[Mapping[str, Any]], started: float
    ) -> CompactionResult:
        latency = _seconds(getattr(response, "latency_s", None)) or time.perf_counter() - started
        prompt_tokens, completion_tokens, cost, model = _usage_of(response)
        meta: dict[str, Any] = dict(
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            latency_s=latency,
            cost_usd=cost,
            model=self._redact(model),
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
        span_text = render_span(span)
        verdict = read_reply(summary, span_text)
        if verdict.kind == "nothing":
            return CompactionResult(
                None, reason="summariser answered NOTHING", nothing=True, **meta
            )
        if verdict.kind == "rejected":
            return CompactionResult(
                None, reason=f"not a note: {verdict.why}", error="not a note", **meta
            )
        span_chars = len(span_text)
        if len(summary) >= span_chars:
            return CompactionResult(
                None,
                reason=f"summary ({len(summary)} chars) is not shorter than its span ({span_chars} chars)",
                error="summary longer than span",
                **meta,
            )
        return CompactionResult(summary, reason="summarised", **meta)


def _keywords(complete: Any) -> Any:
    """The keywords a client's call is given, as far as its signature takes them: a
    deadline, and `wait_retry_after=False` (a Retry-After becomes the window's backoff; it is
    never slept inside `prepare()`)."""
    try:
        names = set(inspect.signature(complete).parameters)
    except (TypeError, ValueError):
        names = set()

    def keywords(deadline: float | None) -> dict[str, Any]:
        given: dict[str, Any] = {}
        if "deadline" in names and deadline is not None:
            given["deadline"] = deadline
        if "wait_retry_after" in names:
            given["wait_retry_after"] = False
        return given

    return keywords


def _budget_of(client: Any) -> float:
    """The client's own call budget (seconds), or no deadline when it has none worth using."""
    budget = getattr(client, "call_budget_s", None)
    if not callable(budget):
        return math.inf
    try:
        seconds = float(budget())
    except Exception:
        return math.inf
    return seconds if seconds > 0 and not math.isnan(seconds) else math.inf


class _DeadlinePassed(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"deadline of {seconds:g}s passed")
        self.seconds = seconds
