"""OpenAI chat-completions logs: message lists, JSONL, `{"messages": [...]}`, mini-swe-agent."""

from __future__ import annotations

import json
from typing import Any

from ._builder import Builder, as_dict, normalize_content, tool_call
from ._usage import epoch_seconds, openai_usage, warn_usage

__all__ = ["add_openai_message", "load_openai_document", "load_openai_jsonl"]

_ROLE_ALIASES = {"developer": "system", "function": "tool"}
_ROLES = ("system", "user", "assistant", "tool")


def add_openai_message(b: Builder, m: Any, source: int | str) -> int | None:
    """Convert one OpenAI-style dict (with litellm / agent extras) and feed it to the builder."""
    if not isinstance(m, dict):
        b.drop(source, f"expected a message object, got {type(m).__name__}; left out")
        return None
    role = m.get("role")
    if role == "exit":  # mini-swe-agent's end marker: the submission, not context
        b.metadata["exit"] = {
            "content": m.get("content"),
            "extra": m.get("extra"),
            "source": source,
        }
        return None
    role = _ROLE_ALIASES.get(role, role) if isinstance(role, str) else role
    if role not in _ROLES:
        b.drop(
            source,
            f"unknown role {role!r} (expected system, user, assistant or tool); message left out",
        )
        return None
    msg: dict[str, Any] = {"role": role}
    if role == "assistant":
        calls = []
        raw_calls = _call_list(b, m.get("tool_calls"), source)
        if raw_calls:
            for call in raw_calls:
                if not isinstance(call, dict):
                    b.warn(f"tool call is not an object ({type(call).__name__}); left out", source)
                    continue
                calls.append(_openai_call(b, call, source))
        elif isinstance(m.get("function_call"), dict):  # legacy function calling
            fc = m["function_call"]
            calls.append(tool_call(None, fc.get("name"), fc.get("arguments")))
        msg["content"] = normalize_content(m.get("content"), role)
        if calls:
            msg["tool_calls"] = calls
        elif msg["content"] is None:
            msg["content"] = ""
    else:
        msg["content"] = normalize_content(m.get("content"), role)
        if role == "tool":
            tid = m.get("tool_call_id")
            msg["tool_call_id"] = "" if tid is None else str(tid)
        elif isinstance(m.get("name"), str):
            msg["name"] = m["name"]
    index = b.add(msg, source)
    psf = m.get("provider_specific_fields")
    reasoning = m.get("reasoning_content") or (
        psf.get("reasoning_content") if isinstance(psf, dict) else None
    )
    if reasoning:
        b.note(index, "reasoning_content", reasoning)
    extra = m.get("extra")
    if extra is not None:
        b.note(index, "extra", extra)
    if role == "assistant":
        response = extra.get("response") if isinstance(extra, dict) else None
        usage = m.get("usage")
        if usage is None and isinstance(response, dict):
            usage = response.get("usage")
        fields = openai_usage(usage)
        if fields is not None:
            warn_usage(b.warn, usage, source)
            model = response.get("model") if isinstance(response, dict) else None
            rid = response.get("id") if isinstance(response, dict) else None
            stamp = extra.get("timestamp") if isinstance(extra, dict) else None
            if stamp is None and isinstance(response, dict):
                stamp = response.get("created")
            b.add_call(
                position=index,
                model=model,
                source=rid if rid else source,
                timestamp=epoch_seconds(stamp),
                **fields,
            )
    return index


def _call_list(b: Builder, raw: Any, source: int | str) -> list[Any] | None:
    """`tool_calls` as a list; a single call object or a JSON string of them is accepted with a
    warning, anything else is warned about (never dropped silently)."""
    if raw is None or isinstance(raw, list):
        return raw
    if isinstance(raw, str):
        try:
            decoded = json.loads(raw)
        except (ValueError, RecursionError):
            decoded = None
        if isinstance(decoded, (list, dict)):
            b.warn("tool_calls is a JSON string, not a list; decoded it", source)
            raw = decoded
            if isinstance(raw, list):
                return raw
        elif raw.strip():
            b.warn(
                f"tool_calls is a string that is not JSON ({raw[:40]!r}); calls left out "
                "(expected a list of tool calls)",
                source,
            )
            return None
        else:
            return None
    if isinstance(raw, dict):
        b.warn("tool_calls is a single object, not a list; read as one call", source)
        return [raw]
    b.warn(
        f"tool_calls is a {type(raw).__name__}; calls left out (expected a list of tool calls)",
        source,
    )
    return None


def _openai_call(b: Builder, call: dict[str, Any], source: int | str) -> dict[str, Any]:
    function = call.get("function")
    if isinstance(function, str):  # `"function": "bash"`: the name, with the arguments beside it
        b.warn(f"tool call 'function' is the string {function[:40]!r}; used as the name", source)
        return tool_call(call.get("id"), function, call.get("arguments"))
    if function is not None and not isinstance(function, dict):
        b.warn(
            f"tool call 'function' is a {type(function).__name__} (expected an object with "
            "name and arguments); name left empty",
            source,
        )
    function = as_dict(function)
    name = function.get("name", call.get("name"))
    return tool_call(call.get("id"), name, function.get("arguments", call.get("arguments")))


def load_openai_document(b: Builder, doc: Any, base: str = "$") -> None:
    """A list of messages, or an object holding `messages` (plus tools / mini-swe-agent info)."""
    if isinstance(doc, dict):
        messages = doc.get("messages")
        if not isinstance(messages, list):
            from ._errors import TranscriptError

            raise TranscriptError(
                "no message list",
                path=b.path,
                json_path=f"{base}.messages",
                expected="a list of messages",
            )
        tools = doc.get("tools")
        if isinstance(tools, list):
            b.tools = [t for t in tools if isinstance(t, dict)]
        if "trajectory_format" in doc:
            b.metadata["trajectory_format"] = doc["trajectory_format"]
        for key in ("instance_id", "model", "id"):
            if isinstance(doc.get(key), str):
                b.metadata[key] = doc[key]
        info = doc.get("info")
        if isinstance(info, dict):
            for key in ("exit_status", "submission", "model_stats", "mini_version"):
                if key in info:
                    b.metadata[key] = info[key]
        path = f"{base}.messages"
    else:
        messages = doc
        path = base
    for i, m in enumerate(messages):
        add_openai_message(b, m, f"{path}[{i}]")
    _set_model(b)


def load_openai_jsonl(b: Builder, records: Any) -> None:
    """JSONL, one message per line; provenance is the line number."""
    for lineno, m in records:
        add_openai_message(b, m, lineno)
    _set_model(b)


def _set_model(b: Builder) -> None:
    for call in b.calls:
        if call.fields.get("model"):
            b.metadata.setdefault("model", call.fields["model"])
            break
