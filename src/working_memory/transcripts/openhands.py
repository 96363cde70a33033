"""OpenHands event streams: actions and observations are separate events linked by `cause`.

An agent action with `tool_call_metadata` is a tool call (actions of one model response are
merged by the response id, which is also the CallRecord); its observation is the result.
Environment bookkeeping (agent_state_changed, change_agent_state) and empty 'null'
observations are not context; they are counted in `metadata['skipped_events']`.
"""

from __future__ import annotations

import json
from typing import Any

from ._builder import Builder, as_dict, tool_call
from ._errors import TranscriptError
from ._usage import openai_usage, warn_usage

__all__ = ["load_openhands"]

_NON_CONTEXT_ACTIONS = ("change_agent_state", "null")
_NON_CONTEXT_OBSERVATIONS = ("agent_state_changed", "null")


def _text_value(b: Builder, value: Any, source: int | str, key: str) -> str | None:
    """A text field's value; a number, list or object there is kept as its JSON, with a warning."""
    if value is None or (isinstance(value, str) and not value):
        return None
    if isinstance(value, str):
        return value
    b.warn(
        f"'{key}' is a {type(value).__name__}, not text; kept as its JSON {json.dumps(value)[:40]}",
        source,
    )
    return json.dumps(value, ensure_ascii=False)


def _event_text(b: Builder, e: dict[str, Any], source: int | str) -> str:
    args = as_dict(e.get("args"))
    for key, value in (("args.content", args.get("content")), ("content", e.get("content"))):
        text = _text_value(b, value, source, key)
        if text is not None:
            return text
    return _text_value(b, e.get("message"), source, "message") or ""


def _arguments(e: dict[str, Any], response: dict[str, Any] | None, call_id: str) -> Any:
    """The model's own arguments for this call, from the response; else the action's args."""
    choices = response.get("choices") if isinstance(response, dict) else None
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        message = choices[0].get("message") or {}
        for call in message.get("tool_calls") or ():
            if isinstance(call, dict) and call.get("id") == call_id:
                return (call.get("function") or {}).get("arguments")
    args = as_dict(e.get("args"))
    return json.dumps(args, ensure_ascii=False)


def load_openhands(b: Builder, events: list[Any], base: str = "$") -> None:
    by_response: dict[str, int] = {}
    skipped: dict[str, int] = {}
    for i, e in enumerate(events):
        event_id = e.get("id") if isinstance(e, dict) else None
        source: int | str = event_id if isinstance(event_id, int) else f"{base}[{i}]"
        if not isinstance(e, dict):
            b.drop(f"{base}[{i}]", f"expected an event object, got {type(e).__name__}; left out")
            continue
        action, observation = e.get("action"), e.get("observation")
        meta = (
            e.get("tool_call_metadata") if isinstance(e.get("tool_call_metadata"), dict) else None
        )
        if action is not None:
            if action in _NON_CONTEXT_ACTIONS:
                skipped[f"action:{action}"] = skipped.get(f"action:{action}", 0) + 1
                continue
            if action == "system":
                b.add({"role": "system", "content": _event_text(b, e, source)}, source)
                tools = (e.get("args") or {}).get("tools")
                if isinstance(tools, list):
                    b.tools = [t for t in tools if isinstance(t, dict)]
                continue
            role = "user" if e.get("source") == "user" else "assistant"
            if meta is None or role == "user":
                b.add({"role": role, "content": _event_text(b, e, source)}, source)
                continue
            response = (
                meta.get("model_response") if isinstance(meta.get("model_response"), dict) else None
            )
            rid = str(response.get("id")) if response and response.get("id") else None
            call_id = str(meta.get("tool_call_id") or "")
            call = tool_call(call_id, meta.get("function_name"), _arguments(e, response, call_id))
            if rid is not None and rid in by_response:
                b.raw[by_response[rid]].setdefault("tool_calls", []).append(call)
                continue
            thought = (
                (e.get("args") or {}).get("thought") if isinstance(e.get("args"), dict) else None
            )
            content = None
            if response:
                choice = (response.get("choices") or [{}])[0]
                content = (
                    (choice.get("message") or {}).get("content")
                    if isinstance(choice, dict)
                    else None
                )
            index = b.add(
                {"role": "assistant", "content": content or thought or None, "tool_calls": [call]},
                source,
            )
            if rid is not None:
                by_response[rid] = index
                fields = openai_usage(response.get("usage") if response else None)
                if fields is not None:
                    warn_usage(b.warn, response.get("usage") if response else None, source)
                    b.add_call(
                        position=index,
                        model=response.get("model") if response else None,
                        source=rid,
                        **fields,
                    )
        elif observation is not None:
            if observation in _NON_CONTEXT_OBSERVATIONS:
                skipped[f"observation:{observation}"] = (
                    skipped.get(f"observation:{observation}", 0) + 1
                )
                continue
            text = (
                _text_value(b, e.get("content"), source, "content")
                or _text_value(b, e.get("message"), source, "message")
                or ""
            )
            if meta is not None:
                b.add(
                    {
                        "role": "tool",
                        "tool_call_id": str(meta.get("tool_call_id") or ""),
                        "content": text,
                    },
                    source,
                )
            else:  # recall and other observations reach the model as user text
                b.add({"role": "user", "content": text}, source)
        else:
            b.drop(source, "event is neither an action nor an observation; left out")
    b.metadata["skipped_events"] = skipped
    for record in b.calls:
        if record.fields.get("model"):
            b.metadata.setdefault("model", record.fields["model"])
            break


def events_of(doc: Any, path: object) -> list[Any]:
    if isinstance(doc, list):
        return doc
    if isinstance(doc, dict) and isinstance(doc.get("events"), list):
        return list(doc["events"])
    raise TranscriptError(
        "no event list", path=path, json_path="$", expected="a list of OpenHands events"
    )
