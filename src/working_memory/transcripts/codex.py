"""Codex CLI rollouts (~/.codex/sessions/.../rollout-*.jsonl), wrapped or legacy bare items.

Only `response_item` lines are context; `event_msg` lines repeat them, except `token_count`,
which is the real per-call usage (one CallRecord per change of the running total), and
`user_message`, which some rollouts write instead of a user `response_item`: a prompt that
no user response item carries is taken from its event (listed in
`metadata['prompts_from_events']`). Calls and
outputs pair by `call_id`. `compacted` lines are compactions (the history goes on in full).
The session's base instructions are sent with every request, so they open the transcript
as a system message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ._builder import Builder, tool_call
from ._io import Sink, iter_jsonl
from ._model import Transcript

__all__ = ["load_codex"]

_ROLE = {"developer": "system", "system": "system", "user": "user", "assistant": "assistant"}
_OUTPUTS = (
    "reasoning",
    "message",
    "function_call",
    "custom_tool_call",
    "web_search_call",
    "local_shell_call",
)
WEB_SEARCH_RESULT = "[web search ({status}): results are not recorded in Codex rollouts]"


def _parts(content: Any) -> Any:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    texts: list[str] = []
    parts: list[dict[str, Any]] = []
    for item in content:
        if not isinstance(item, dict):
            continue
        if item.get("type") == "input_image":
            parts.append(
                {"type": "image_url", "image_url": {"url": str(item.get("image_url", ""))}}
            )
        elif isinstance(item.get("text"), str):
            texts.append(item["text"])
            parts.append({"type": "text", "text": item["text"]})
    if any(p["type"] == "image_url" for p in parts):
        return parts
    return "\n".join(texts)


def _plain(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if p.get("type") == "text").strip()
    return str(content).strip()


def _output_text(output: Any) -> str:
    if isinstance(output, str):
        return output
    if isinstance(output, dict) and isinstance(output.get("content"), str):
        return str(output["content"])
    if isinstance(output, list):
        return "\n".join(str(i.get("text", "")) for i in output if isinstance(i, dict))
    return json.dumps(output, ensure_ascii=False)


class _Rollout:
    def __init__(self, b: Builder) -> None:
        self.b = b
        self.open_assistant: int | None = None  # assistant message collecting this response's calls
        self.call_start: int | None = None
        self.reasoning: list[str] = []
        self.web_results: list[tuple[str, str, int]] = []
        self.last_total: Any = None
        self.last_context: int | None = None
        self.model: str | None = None
        self.skipped: dict[str, int] = {}
        # User prompts since the model last spoke, to pair response items with user_message
        # events (either may come first): texts not yet matched, and prompts taken from events.
        self.unmatched_items: list[str] = []
        self.from_events: list[tuple[int, str]] = []
        self.prompts_from_events: list[int] = []

    def _assistant(self, lineno: int) -> int:
        if self.open_assistant is None:
            self.open_assistant = self.b.add({"role": "assistant", "content": None}, lineno)
            self._attach_reasoning()
        return self.open_assistant

    def _attach_reasoning(self) -> None:
        if self.reasoning and self.open_assistant is not None:
            self.b.note(self.open_assistant, "reasoning", "\n".join(self.reasoning))
            self.reasoning = []

    def _input_arrives(self) -> None:
        """An input item ends the model's response: flush web-search stand-ins."""
        self.open_assistant = None
        for call_id, status, lineno in self.web_results:
            self.b.add(
                {
                    "role": "tool",
                    "tool_call_id": call_id,
                    "content": WEB_SEARCH_RESULT.format(status=status),
                },
                lineno,
            )
        self.web_results = []

    def item(self, p: dict[str, Any], lineno: int) -> None:
        b = self.b
        kind = p.get("type") if isinstance(p.get("type"), str) else repr(p.get("type"))
        is_output = kind in _OUTPUTS and (kind != "message" or p.get("role") == "assistant")
        if is_output and self.call_start is None:
            self.call_start = len(b.raw)
        if is_output:
            self.unmatched_items, self.from_events = [], []
        if kind == "message":
            role = _ROLE.get(str(p.get("role")))
            if role is None:
                b.drop(
                    lineno,
                    f"unknown message role {p.get('role')!r} (expected developer, user or assistant); left out",
                )
                return
            if role == "assistant":
                self.web_results_flush_if_needed()
                index = b.add({"role": "assistant", "content": _parts(p.get("content"))}, lineno)
                self.open_assistant = index
                self._attach_reasoning()
            else:
                self._input_arrives()
                content = _parts(p.get("content"))
                if role == "user":
                    text = _plain(content)
                    for n, (_, prompt) in enumerate(self.from_events):
                        if prompt == text:  # the event came first: it already holds this prompt
                            del self.from_events[n]
                            return
                    self.unmatched_items.append(text)
                b.add({"role": role, "content": content}, lineno)
        elif kind == "reasoning":
            summary = p.get("summary")
            texts = (
                [s.get("text", "") for s in summary if isinstance(s, dict)]
                if isinstance(summary, list)
                else []
            )
            self.reasoning.append("\n".join(texts) if texts else "[encrypted reasoning]")
        elif kind in ("function_call", "custom_tool_call", "local_shell_call"):
            index = self._assistant(lineno)
            if kind == "function_call":
                call = tool_call(p.get("call_id"), p.get("name"), p.get("arguments"))
            elif kind == "custom_tool_call":  # plain-text input (apply_patch): kept verbatim
                call = tool_call(p.get("call_id"), p.get("name"), p.get("input"))
                b.note(index, "custom_tool_call", True)
            else:
                call = tool_call(p.get("call_id") or p.get("id"), "local_shell", p.get("action"))
            message = b.raw[index]
            message.setdefault("tool_calls", []).append(call)
        elif kind == "web_search_call":
            index = self._assistant(lineno)
            call_id = str(p.get("id") or f"ws_{lineno}")
            action = p.get("action") if p.get("action") is not None else {}
            b.raw[index].setdefault("tool_calls", []).append(
                tool_call(call_id, "web_search", action)
            )
            self.web_results.append((call_id, str(p.get("status", "completed")), lineno))
        elif kind in ("function_call_output", "custom_tool_call_output", "local_shell_call_output"):
            self._input_arrives()
            b.add(
                {
                    "role": "tool",
                    "tool_call_id": str(p.get("call_id", "")),
                    "content": _output_text(p.get("output")),
                },
                lineno,
            )
        else:
            self.skipped[f"response_item:{kind}"] = self.skipped.get(f"response_item:{kind}", 0) + 1
            if self.skipped[f"response_item:{kind}"] == 1:
                b.warn(f"response item of unknown type {kind!r} left out of the context", lineno)

    def web_results_flush_if_needed(self) -> None:
        # a text message after a web search in the same response: results go first
        if self.web_results:
            self._input_arrives()

    def user_message(self, p: dict[str, Any], lineno: int) -> None:
        """An `event_msg` user_message: context only when no user response item carries it."""
        message = p.get("message")
        if not isinstance(message, str) or not message.strip():
            return
        text = message.strip()
        if text in self.unmatched_items:
            self.unmatched_items.remove(text)
            return
        self._input_arrives()
        index = self.b.add({"role": "user", "content": message}, lineno)
        self.from_events.append((index, text))
        self.prompts_from_events.append(index)

    def token_count(self, p: dict[str, Any], lineno: int, stamp: Any = None) -> None:
        info = p.get("info")
        if not isinstance(info, dict):
            return
        total = info.get("total_token_usage")
        if total is not None and total == self.last_total:  # a repeat (rate-limit refresh)
            return
        self.last_total = total
        last = info.get("last_token_usage")
        if not isinstance(last, dict):
            return
        from ._usage import epoch_seconds, usage_int, warn_usage

        warn_usage(self.b.warn, last, lineno)
        prompt = usage_int(last.get("input_tokens"))
        cached = usage_int(last.get("cached_input_tokens"))
        output = usage_int(last.get("output_tokens"))
        self.b.add_call(
            position=self.call_start,
            input_tokens=max(prompt - cached, 0),
            cached_input_tokens=cached,
            output_tokens=output,
            reasoning_tokens=usage_int(last.get("reasoning_output_tokens")),
            model=self.model,
            source=lineno,
            timestamp=epoch_seconds(stamp),  # the usage event's time: when the call finished
        )
        self.last_context = prompt + output
        if isinstance(info.get("model_context_window"), int):
            self.b.metadata["model_context_window"] = info["model_context_window"]
        self.call_start = None

    def compacted(self, p: dict[str, Any], lineno: int) -> None:
        message = p.get("message")
        summary = message if isinstance(message, str) else ""
        if not summary and isinstance(p.get("replacement_history"), list):
            texts = [
                _parts(i.get("content"))
                for i in p["replacement_history"]
                if isinstance(i, dict) and i.get("type") == "message" and i.get("role") == "user"
            ]
            summary = str(texts[-1]) if texts else ""
        self._input_arrives()
        self.b.add_compaction(None, self.last_context, summary, lineno)


def load_codex(path: str | Path, sink: Sink) -> Transcript:
    b = Builder("codex", path, sink)
    r = _Rollout(b)
    for lineno, rec in iter_jsonl(path, sink):
        if not isinstance(rec, dict):
            sink.warn(f"expected a JSON object, got {type(rec).__name__}; line skipped", lineno)
            continue
        kind = rec.get("type") if isinstance(rec.get("type"), str) else None
        payload = rec.get("payload")
        if "payload" not in rec:  # legacy rollouts: a header line, then bare response items
            if "instructions" in rec or ("id" in rec and "timestamp" in rec and kind is None):
                _session(b, rec, lineno)
            elif kind is not None:
                r.item(rec, lineno)
            continue
        if not isinstance(payload, dict):
            sink.warn(f"'{kind}' line has a non-object payload; line skipped", lineno)
            continue
        if kind == "response_item":
            r.item(payload, lineno)
        elif kind == "event_msg":
            if payload.get("type") == "token_count":
                r.token_count(payload, lineno, rec.get("timestamp"))
            elif payload.get("type") == "user_message":
                r.user_message(payload, lineno)
        elif kind == "compacted":
            r.compacted(payload, lineno)
        elif kind == "session_meta":
            _session(b, payload, lineno)
        elif kind == "turn_context":
            if isinstance(payload.get("model"), str):
                r.model = payload["model"]
                b.metadata.setdefault("model", r.model)
        else:
            r.skipped[str(kind)] = r.skipped.get(str(kind), 0) + 1
    r._input_arrives()
    if r.reasoning:
        b.metadata["trailing_reasoning"] = len(r.reasoning)
    if r.skipped:
        b.metadata["skipped_lines"] = r.skipped
    for index in r.prompts_from_events:
        b.note(index, "prompts_from_events", True)
    return b.build()


def _session(b: Builder, p: dict[str, Any], lineno: int) -> None:
    for key in ("id", "cwd", "cli_version", "originator", "model_provider"):
        if key in p:
            b.metadata[f"session_{key}" if key == "id" else key] = p[key]
    instructions = p.get("base_instructions")
    text = instructions.get("text") if isinstance(instructions, dict) else instructions
    if text is None:
        text = p.get("instructions")
    if isinstance(text, str) and text and not b.raw:
        b.add({"role": "system", "content": text}, lineno)
        b.metadata["system_from_session_meta"] = True
