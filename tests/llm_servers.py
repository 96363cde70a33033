"""Loopback LLM servers for tests: real HTTP on 127.0.0.1 speaking the providers' wire formats.

`OpenAIServer` answers `POST /v1/chat/completions` as the OpenAI chat-completions API does;
`AnthropicServer` answers `POST /v1/messages` as the Anthropic messages API does (bodies,
usage fields, error bodies, request-id headers). Both validate requests the way the real APIs
reject them (missing model, a `system` role sent to Anthropic, a tool result without its tool
call, a wrong key), record every request, and answer from a script of replies:

    from tests.llm_servers import OpenAIServer, ok, status, delay

    with OpenAIServer(script=[status(429, headers={"retry-after": "0"}), ok("fine")]) as srv:
        client = OpenAIClient("gpt-4o-mini", base_url=srv.base_url, api_key="sk-test")
        client.complete([...])
        assert len(srv.requests) == 2

- `script`: replies used in order, one per request; `srv.push(...)` appends more.
- `responder(request) -> Reply | str`: answers once the script is exhausted (default: an
  echo of the last user message, so every request gets a distinct, deterministic answer).
- `delay`: a fixed delay in seconds added to every request (for concurrency tests: with
  `delay=0.2`, 20 requests at concurrency 5 take about 4 delays). Requests are served
  concurrently (one thread each); `srv.peak_concurrency` is the most in flight at once.
- `api_key`: when set, requests must carry it (`Authorization: Bearer` / `x-api-key`),
  else a 401 in the provider's format whose message echoes the key that was sent, as a
  careless proxy would, so tests can check that clients scrub it.
- `srv.base_url` is what the SDK wants: `http://127.0.0.1:PORT/v1` for OpenAI, the bare
  origin for Anthropic (its SDK adds `/v1/messages`).

Reply factories: `ok`, `delay`, `trickle`, `status`, `malformed`, `empty`, `null_content`,
`raw`, `disconnect`. `ok(text, usage=...)` sends that usage object verbatim (garbage
included; `usage=MISSING` leaves it out). Closing the server wakes any request still
sleeping in a delay or trickling its body.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

__all__ = [
    "MISSING",
    "AnthropicServer",
    "OpenAIServer",
    "RecordedRequest",
    "Reply",
    "delay",
    "disconnect",
    "empty",
    "malformed",
    "null_content",
    "ok",
    "post",
    "raw",
    "status",
    "trickle",
]


# --------------------------------------------------------------------------- replies


MISSING: Any = "<no usage object>"  # ok(usage=MISSING): the reply carries no usage at all
_COMPUTED: Any = "<usage computed from the request>"


@dataclass(frozen=True)
class Reply:
    """One scripted answer. Build them with the factories below rather than by hand."""

    kind: str  # ok | status | empty | null | raw | disconnect
    text: str = ""
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)
    delay: float = 0.0
    body: bytes = b""
    content_type: str = "application/json"
    message: str | None = None
    error_type: str | None = None
    model: str | None = None
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    trickle: float = 0.0  # seconds between the body's bytes (0: all at once)
    usage: Any = _COMPUTED


def ok(
    text: str,
    *,
    model: str | None = None,
    finish_reason: str | None = None,
    prompt_tokens: int | None = None,
    completion_tokens: int | None = None,
    cached_tokens: int = 0,
    cache_write_tokens: int = 0,
    usage: Any = _COMPUTED,
) -> Reply:
    """A successful completion with `text`. Token counts default to chars/4 of request and reply;
    `model` defaults to the model the request named (real APIs may answer a dated snapshot)."""
    return Reply(
        "ok",
        text=text,
        model=model,
        finish_reason=finish_reason,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        cached_tokens=cached_tokens,
        cache_write_tokens=cache_write_tokens,
        usage=usage,
    )


def delay(seconds: float, then: Reply | str | None = None) -> Reply:
    """Sleep `seconds` before answering `then` (default: the responder's answer)."""
    if then is None:
        return Reply("default", delay=seconds)
    reply = ok(then) if isinstance(then, str) else then
    return replace(reply, delay=reply.delay + seconds)


def trickle(interval: float, then: Reply | str | None = None) -> Reply:
    """Send the headers at once, then the body one byte every `interval` seconds: a server (or
    proxy) that never trips a per-read timeout but takes minutes to answer."""
    reply = ok(then) if isinstance(then, str) else then or Reply("default")
    return replace(reply, trickle=interval)


def status(
    code: int,
    *,
    headers: Mapping[str, str] | None = None,
    message: str | None = None,
    error_type: str | None = None,
) -> Reply:
    """An HTTP error with the provider's error body (`error_type` defaults by status code)."""
    return Reply(
        "status", status=code, headers=dict(headers or {}), message=message, error_type=error_type
    )


def malformed(body: bytes = b'{"id": "chatcmpl-broken", "choices": [{"index": 0, "mess') -> Reply:
    """A 200 whose body, though labelled JSON, does not parse."""
    return Reply("raw", status=200, body=body)


def empty() -> Reply:
    """A 200 with nothing in it: OpenAI `choices: []`, Anthropic `content: []`."""
    return Reply("empty")


def null_content() -> Reply:
    """A 200 whose message has no text: OpenAI `content: null`, Anthropic only a thinking block."""
    return Reply("null")


def raw(
    code: int,
    body: bytes | str,
    *,
    content_type: str = "application/json",
    headers: Mapping[str, str] | None = None,
) -> Reply:
    """Exactly these bytes with this status."""
    data = body.encode() if isinstance(body, str) else body
    return Reply(
        "raw", status=code, body=data, content_type=content_type, headers=dict(headers or {})
    )


def disconnect() -> Reply:
    """Close the connection without answering (the client sees a connection error)."""
    return Reply("disconnect")


def post(
    url: str, body: Any, headers: Mapping[str, str] | None = None, timeout: float = 10.0
) -> tuple[int, Any, dict[str, str]]:
    """POST JSON with the standard library, no SDK: (status, parsed body or text, headers)."""
    import urllib.error
    import urllib.request

    data = json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method="POST",
        headers={"content-type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            code, raw_body, got = answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        code, raw_body, got = error.code, error.read(), dict(error.headers)
    try:
        parsed: Any = json.loads(raw_body)
    except ValueError:
        parsed = raw_body.decode(errors="replace")
    return code, parsed, {k.lower(): v for k, v in got.items()}


# --------------------------------------------------------------------------- recording


@dataclass(frozen=True)
class RecordedRequest:
    """What the server received: method, path, lower-cased headers, raw and parsed body."""

    method: str
    path: str
    headers: Mapping[str, str]
    raw: bytes
    body: Any  # parsed JSON, or None if the body did not parse
    received_at: float

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", [])) if isinstance(self.body, dict) else []

    @property
    def sent_key(self) -> str | None:
        """The API key this request carried, in whichever header the SDK put it."""
        if "x-api-key" in self.headers:
            return self.headers["x-api-key"]
        auth = self.headers.get("authorization", "")
        return auth.removeprefix("Bearer ") if auth.startswith("Bearer ") else None

    def last_user_text(self) -> str:
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return _text(message.get("content"))
        return ""


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(block.get("text", ""))
            for block in content
            if isinstance(block, dict) and block.get("type") == "text"
        )
    return ""


def _estimate_tokens(value: Any) -> int:
    return max(1, len(json.dumps(value, ensure_ascii=False)) // 4)


class _BadRequest(Exception):
    def __init__(self, code: int, message: str, error_type: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.error_type = error_type


# --------------------------------------------------------------------------- the server


class _LoopbackServer:
    """The provider-neutral part: threads, script, recording, delays, concurrency tracking."""

    endpoint = ""
    provider = ""

    def __init__(
        self,
        script: Iterable[Reply | str] = (),
        *,
        delay: float = 0.0,
        responder: Callable[[RecordedRequest], Reply | str] | None = None,
        api_key: str | None = None,
    ) -> None:
        self.delay = delay
        self.responder = responder
        self.api_key = api_key
        self._script: deque[Reply] = deque(ok(r) if isinstance(r, str) else r for r in script)
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._ids = itertools.count(1)
        self._in_flight = 0
        self.peak_concurrency = 0
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle ---------------------------------------------------------------------

    def start(self) -> Self:
        owner: _LoopbackServer = self

        class Handler(_Handler):
            server_owner = owner

        httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name=f"{type(self).__name__}",
            daemon=True,
        )
        self._thread.start()
        return self

    def close(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # what tests read ---------------------------------------------------------------------

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("server not started: use `with Server(...) as srv:` or srv.start()")
        return int(self._httpd.server_address[1])

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        raise NotImplementedError

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def in_flight(self) -> int:
        with self._lock:
            return self._in_flight

    def push(self, *replies: Reply | str) -> None:
        with self._lock:
            self._script.extend(ok(r) if isinstance(r, str) else r for r in replies)

    # request handling ---------------------------------------------------------------------

    def _next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            scripted = self._script.popleft() if self._script else None
        if scripted is not None and scripted.kind != "default":
            return scripted
        answer = (self.responder or self._echo)(request)
        reply = ok(answer) if isinstance(answer, str) else answer
        if scripted is not None:  # a bare delay(...)/trickle(...) whose answer is the responder's
            reply = replace(
                reply, delay=reply.delay + scripted.delay, trickle=reply.trickle or scripted.trickle
            )
        return reply

    @staticmethod
    def _echo(request: RecordedRequest) -> str:
        return "echo: " + request.last_user_text()[:200]

    def _handle(self, handler: _Handler, method: str) -> None:
        length = int(handler.headers.get("content-length") or 0)
        data = handler.rfile.read(length) if length else b""
        try:
            body = json.loads(data) if data else None
        except ValueError:
            body = None
        request = RecordedRequest(
            method=method,
            path=handler.path,
            headers={k.lower(): v for k, v in handler.headers.items()},
            raw=data,
            body=body,
            received_at=time.monotonic(),
        )
        with self._lock:
            self._requests.append(request)
            self._in_flight += 1
            self.peak_concurrency = max(self.peak_concurrency, self._in_flight)
        handler.wm_in_flight = True
        try:
            self._answer(handler, request)
        finally:
            self._finished(handler)

    def _finished(self, handler: _Handler) -> None:
        """A request stops counting as in flight before its answer is written: once the client
        has the answer it may send the next request before this thread gets to run again."""
        if getattr(handler, "wm_in_flight", False):
            handler.wm_in_flight = False
            with self._lock:
                self._in_flight -= 1

    def _answer(self, handler: _Handler, request: RecordedRequest) -> None:
        try:
            if request.method != "POST" or request.path.split("?")[0] != self.endpoint:
                raise _BadRequest(404, f"Unknown request URL: {request.method} {request.path}")
            self._check_auth(request)
            if not isinstance(request.body, dict):
                raise _BadRequest(400, "We could not parse the JSON body of your request.")
            self._validate(request.body, request.headers)
        except _BadRequest as bad:
            self._send(
                handler, bad.code, self._error_body(bad.code, bad.message, bad.error_type), {}
            )
            return
        reply = self._next_reply(request)
        if self.delay + reply.delay > 0 and self._stopping.wait(self.delay + reply.delay):
            handler.close_connection = True
            return
        if reply.kind == "disconnect":
            handler.close_connection = True
            return
        if reply.kind == "raw":
            self._send(
                handler,
                reply.status,
                reply.body,
                reply.headers,
                reply.content_type,
                trickle=reply.trickle,
            )
            return
        if reply.kind == "status":
            message = reply.message or f"test server error {reply.status}"
            self._send(
                handler,
                reply.status,
                self._error_body(reply.status, message, reply.error_type),
                reply.headers,
                trickle=reply.trickle,
            )
            return
        body = self._success(request.body, reply)
        if reply.usage is MISSING:
            body.pop("usage", None)
        elif reply.usage is not _COMPUTED:
            body["usage"] = reply.usage
        self._send(handler, 200, json.dumps(body).encode(), reply.headers, trickle=reply.trickle)

    def _send(
        self,
        handler: _Handler,
        code: int,
        body: bytes,
        headers: Mapping[str, str],
        content_type: str = "application/json",
        *,
        trickle: float = 0.0,
    ) -> None:
        self._finished(handler)
        try:
            handler.send_response(code)
            handler.send_header("content-type", content_type)
            handler.send_header("content-length", str(len(body)))
            handler.send_header(self._request_id_header, f"req_{next(self._ids):06d}")
            for name, value in headers.items():
                handler.send_header(name, value)
            handler.end_headers()
            if trickle <= 0:
                handler.wfile.write(body)
                return
            for index in range(len(body)):
                handler.wfile.write(body[index : index + 1])
                handler.wfile.flush()
                if self._stopping.wait(trickle):
                    handler.close_connection = True
                    return
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
            handler.close_connection = True

    # provider-specific ----------------------------------------------------------------------

    _request_id_header = "x-request-id"

    def _check_auth(self, request: RecordedRequest) -> None:
        raise NotImplementedError

    def _validate(self, body: dict[str, Any], headers: Mapping[str, str]) -> None:
        raise NotImplementedError

    def _error_body(self, code: int, message: str, error_type: str | None) -> bytes:
        raise NotImplementedError

    def _success(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        raise NotImplementedError


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True  # a request still sleeping must not hold up close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up mid-reply (a timeout test) is expected, not news


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDKs' connection pools expect
    timeout = 30  # an idle keep-alive connection does not hold a thread forever
    server_owner: _LoopbackServer
    wm_in_flight = False  # set while the owner counts this request as in flight

    def do_POST(self) -> None:
        self.server_owner._handle(self, "POST")

    def do_GET(self) -> None:
        self.server_owner._handle(self, "GET")

    def log_message(self, format: str, *args: Any) -> None:  # quiet test output
        pass


# --------------------------------------------------------------------------- OpenAI


_OPENAI_ERROR_TYPES = {
    400: ("invalid_request_error", None),
    401: ("invalid_request_error", "invalid_api_key"),
    403: ("invalid_request_error", "unsupported_country_region_territory"),
    404: ("invalid_request_error", "model_not_found"),
    429: ("requests", "rate_limit_exceeded"),
}
_OPENAI_ROLES = {"system", "developer", "user", "assistant", "tool", "function"}


class OpenAIServer(_LoopbackServer):
    """`POST /v1/chat/completions` as the OpenAI API answers it."""

    endpoint = "/v1/chat/completions"
    provider = "openai"

    @property
    def base_url(self) -> str:
        return f"{self.origin}/v1"

    def _check_auth(self, request: RecordedRequest) -> None:
        if self.api_key is None:
            return
        sent = request.headers.get("authorization", "")
        if sent != f"Bearer {self.api_key}":
            shown = sent.removeprefix("Bearer ") or "(none)"
            raise _BadRequest(
                401,
                f"Incorrect API key provided: {shown}. You can find your API key "
                "at https://platform.openai.com/account/api-keys.",
            )

    def _validate(self, body: dict[str, Any], headers: Mapping[str, str]) -> None:
        if not isinstance(body.get("model"), str) or not body["model"]:
            raise _BadRequest(400, "you must provide a model parameter")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise _BadRequest(400, "[] is too short - 'messages'")
        for i, message in enumerate(messages):
            if not isinstance(message, dict) or message.get("role") not in _OPENAI_ROLES:
                raise _BadRequest(400, f"Invalid value for 'messages[{i}].role'.")
            if message["role"] == "tool" and not message.get("tool_call_id"):
                raise _BadRequest(400, f"Missing required parameter: 'messages[{i}].tool_call_id'.")
        temperature = body.get("temperature")
        if temperature is not None and not 0 <= temperature <= 2:
            raise _BadRequest(
                400,
                f"Invalid 'temperature': decimal above maximum value. Expected a "
                f"value <= 2, but got {temperature} instead.",
            )
        if body.get("stream"):
            raise _BadRequest(400, "streaming is not supported by this test server")

    def _error_body(self, code: int, message: str, error_type: str | None) -> bytes:
        default_type, error_code = _OPENAI_ERROR_TYPES.get(
            code, ("server_error" if code >= 500 else "invalid_request_error", None)
        )
        return json.dumps(
            {
                "error": {
                    "message": message,
                    "type": error_type or default_type,
                    "param": None,
                    "code": error_code,
                }
            }
        ).encode()

    def _success(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        if reply.kind == "empty":
            choices: list[dict[str, Any]] = []
        else:
            content = None if reply.kind == "null" else reply.text
            choices = [
                {
                    "index": 0,
                    "message": {
                        "role": "assistant",
                        "content": content,
                        "refusal": None,
                        "annotations": [],
                    },
                    "logprobs": None,
                    "finish_reason": reply.finish_reason or "stop",
                }
            ]
        prompt = (
            reply.prompt_tokens
            if reply.prompt_tokens is not None
            else _estimate_tokens(body["messages"])
        )
        completion = (
            reply.completion_tokens
            if reply.completion_tokens is not None
            else max(1, len(reply.text) // 4)
            if reply.text
            else 0
        )
        return {
            "id": f"chatcmpl-test{next(self._ids):06d}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": reply.model or body["model"],
            "choices": choices,
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
                "prompt_tokens_details": {"cached_tokens": reply.cached_tokens, "audio_tokens": 0},
                "completion_tokens_details": {
                    "reasoning_tokens": 0,
                    "audio_tokens": 0,
                    "accepted_prediction_tokens": 0,
                    "rejected_prediction_tokens": 0,
                },
            },
            "service_tier": "default",
            "system_fingerprint": "fp_loopback",
        }


# --------------------------------------------------------------------------- Anthropic


_ANTHROPIC_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


class AnthropicServer(_LoopbackServer):
    """`POST /v1/messages` as the Anthropic API answers it."""

    endpoint = "/v1/messages"
    provider = "anthropic"
    _request_id_header = "request-id"

    @property
    def base_url(self) -> str:
        return self.origin

    def _check_auth(self, request: RecordedRequest) -> None:
        if self.api_key is None:
            return
        # The API takes `x-api-key`; newer SDKs send the key as `Authorization: Bearer`.
        sent = request.headers.get("x-api-key") or request.headers.get(
            "authorization", ""
        ).removeprefix("Bearer ")
        if sent != self.api_key:
            raise _BadRequest(401, f"invalid x-api-key: {sent or '(none)'}")

    def _validate(self, body: dict[str, Any], headers: Mapping[str, str]) -> None:
        if "anthropic-version" not in headers:
            raise _BadRequest(400, "anthropic-version: header is required")
        if not isinstance(body.get("model"), str) or not body["model"]:
            raise _BadRequest(400, "model: Field required")
        if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
            raise _BadRequest(400, "max_tokens: Field required")
        system = body.get("system")
        if (
            system is not None
            and not isinstance(system, str)
            and not (
                isinstance(system, list)
                and all(isinstance(b, dict) and b.get("type") == "text" for b in system)
            )
        ):
            raise _BadRequest(
                400, "system: Input should be a valid string or a list of text blocks"
            )
        temperature = body.get("temperature")
        if temperature is not None and not 0 <= temperature <= 1:
            raise _BadRequest(400, "temperature: Input should be less than or equal to 1")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise _BadRequest(400, "messages: at least one message is required")
        self._validate_messages(messages)
        if body.get("stream"):
            raise _BadRequest(400, "streaming is not supported by this test server")

    @staticmethod
    def _validate_messages(messages: Sequence[Any]) -> None:
        """The API's pairing rule: every tool_use is answered by a tool_result in the very next
        (user) turn, and every tool_result answers a tool_use of the turn before."""
        offered: set[str] = set()  # tool_use ids of the previous turn
        for i, message in enumerate(messages):
            role = message.get("role") if isinstance(message, dict) else None
            if role not in ("user", "assistant"):
                raise _BadRequest(400, f"messages.{i}.role: Input should be 'user' or 'assistant'")
            content = message["content"]
            if isinstance(content, str):
                content = [{"type": "text", "text": content}]
            if not isinstance(content, list) or not content:
                raise _BadRequest(400, f"messages.{i}.content: Input should be a valid list")
            used: set[str] = set()
            answered: set[str] = set()
            for j, block in enumerate(content):
                kind = block.get("type") if isinstance(block, dict) else None
                where = f"messages.{i}.content.{j}"
                if kind == "text" and isinstance(block.get("text"), str):
                    if not block["text"].strip():
                        raise _BadRequest(400, f"{where}: text content blocks must be non-empty")
                elif (
                    kind == "tool_use"
                    and role == "assistant"
                    and isinstance(block.get("input"), dict)
                ):
                    used.add(str(block.get("id")))
                elif kind == "tool_result" and role == "user":
                    if block.get("tool_use_id") not in offered:
                        raise _BadRequest(
                            400,
                            f"{where}: unexpected `tool_use_id` found in `tool_result` "
                            "blocks. Each `tool_result` block must have a "
                            "corresponding `tool_use` block in the previous message.",
                        )
                    answered.add(str(block.get("tool_use_id")))
                elif not (kind == "image" and isinstance(block.get("source"), dict)):
                    raise _BadRequest(
                        400, f"{where}: invalid content block of type {kind!r} for role {role!r}"
                    )
            if offered - answered:
                raise _BadRequest(
                    400,
                    f"messages.{i}: `tool_use` ids were found without `tool_result` "
                    f"blocks immediately after: {', '.join(sorted(offered - answered))}",
                )
            offered = used
        if offered:
            raise _BadRequest(
                400,
                f"messages.{len(messages) - 1}: `tool_use` ids were found without "
                f"`tool_result` blocks immediately after: {', '.join(sorted(offered))}",
            )

    def _error_body(self, code: int, message: str, error_type: str | None) -> bytes:
        kind = error_type or _ANTHROPIC_ERROR_TYPES.get(code, "api_error")
        return json.dumps({"type": "error", "error": {"type": kind, "message": message}}).encode()

    def _success(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        if reply.kind == "empty":
            content: list[dict[str, Any]] = []
        elif reply.kind == "null":
            content = [{"type": "thinking", "thinking": "...", "signature": "sig"}]
        else:
            content = [{"type": "text", "text": reply.text}]
        prompt = (
            reply.prompt_tokens
            if reply.prompt_tokens is not None
            else _estimate_tokens([body.get("system"), body["messages"]])
        )
        completion = (
            reply.completion_tokens
            if reply.completion_tokens is not None
            else max(1, len(reply.text) // 4)
            if reply.text
            else 0
        )
        # Anthropic's input_tokens excludes the cache reads and writes, reported beside it.
        uncached = max(0, prompt - reply.cached_tokens - reply.cache_write_tokens)
        return {
            "id": f"msg_test{next(self._ids):06d}",
            "type": "message",
            "role": "assistant",
            "model": reply.model or body["model"],
            "content": content,
            "stop_reason": reply.finish_reason or "end_turn",
            "stop_sequence": None,
            "usage": {
                "input_tokens": uncached,
                "output_tokens": completion,
                "cache_read_input_tokens": reply.cached_tokens,
                "cache_creation_input_tokens": reply.cache_write_tokens,
            },
        }
