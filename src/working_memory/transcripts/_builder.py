"""Assemble a Transcript from the messages a format module reads, in log order.

Every format module feeds the same builder, which then makes the list acceptable to an
OpenAI-compatible API in one place:

- tool calls get unique ids (a reused id is suffixed `~2`, `~3`...; the original is kept in
  `metadata['tool_call_id_renames']`), and results pair with calls by position: a result
  claims the first unanswered call with its id in the latest assistant message that has one;
- each assistant message is followed directly by its results (results that arrived after
  other messages move up, keeping their provenance);
- a call that never got a result gets a synthetic tool message whose content is
  `SYNTHETIC_RESULT` (listed in `metadata['synthetic_results']`, and warned about);
- a result with no call is kept as a user message with its text (listed in
  `metadata['orphan_results']`, and warned about).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..messages import render_content
from ._io import Sink
from ._model import CallRecord, Provenance, RealCompaction, Transcript

__all__ = ["SYNTHETIC_RESULT", "Builder", "as_dict", "normalize_content", "tool_call"]

SYNTHETIC_RESULT = "[working-memory: no result was recorded for this tool call]"


def as_dict(value: Any) -> dict[str, Any]:
    """The value if it is an object, else an empty one (logs put anything anywhere)."""
    return value if isinstance(value, dict) else {}


def tool_call(call_id: Any, name: Any, arguments: Any) -> dict[str, Any]:
    """An OpenAI tool call; arguments always a string (JSON-encoded when the log has an object)."""
    if arguments is None:
        arguments = ""
    elif not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    return {
        "id": "" if call_id is None else str(call_id),
        "type": "function",
        "function": {"name": "" if name is None else str(name), "arguments": arguments},
    }


def _text_of(part: Any) -> str:
    if isinstance(part, dict) and isinstance(part.get("text"), str):
        return str(part["text"])
    if isinstance(part, str):
        return part
    return json.dumps(part, ensure_ascii=False)


def normalize_content(content: Any, role: str) -> Any:
    """Content as the chat API takes it: a string, or (user only) a list of text/image parts."""
    if content is None:
        return None if role == "assistant" else ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        if role == "user" and any(
            isinstance(p, dict) and p.get("type") == "image_url" for p in content
        ):
            parts: list[dict[str, Any]] = []
            for part in content:
                if isinstance(part, dict) and part.get("type") == "image_url":
                    parts.append({"type": "image_url", "image_url": part.get("image_url")})
                else:
                    parts.append({"type": "text", "text": _text_of(part)})
            return parts
        return render_content(content, _text_of, item=_text_of)
    return json.dumps(content, ensure_ascii=False)


@dataclass
class _Call:
    position: int  # raw message count when the call's output began
    fields: dict[str, Any]


@dataclass
class Compaction:
    position: int
    trigger: str | None
    pre_tokens: int | None
    summary: str
    source: str | int | None
    thread: str | None = None
    key: str | None = None  # loader's own handle, e.g. a logical parent uuid


class Builder:
    """Collects raw messages with provenance; `build()` pairs, orders and maps indices."""

    def __init__(self, fmt: str, path: object, sink: Sink) -> None:
        self.format = fmt
        self.path = path
        self.sink = sink
        self.raw: list[dict[str, Any]] = []
        self.prov: list[Provenance] = []
        self.notes: dict[str, dict[int, Any]] = {}
        self.calls: list[_Call] = []
        self.compactions: list[Compaction] = []
        self.metadata: dict[str, Any] = {}
        self.tools: list[dict[str, Any]] | None = None
        self.threads: dict[str, Transcript] = {}
        self.dropped: list[dict[str, Any]] = []

    # -- feeding ---------------------------------------------------------------------------
    def add(self, message: dict[str, Any], source: Provenance) -> int:
        self.raw.append(message)
        self.prov.append(source)
        return len(self.raw) - 1

    def note(self, index: int, key: str, value: Any) -> None:
        """Per-message material that is not context (reasoning, extra): mapped to final indices."""
        self.notes.setdefault(key, {})[index] = value

    def drop(self, source: Provenance, reason: str) -> None:
        """Something left out of the context on purpose; warned about and listed."""
        self.dropped.append({"source": source, "reason": reason})
        self.warn(reason, source)

    def warn(self, message: str, source: Provenance = None) -> None:
        if isinstance(source, int):
            self.sink.warn(message, line=source)
        else:
            self.sink.warn(message, json_path=source)

    def add_call(self, position: int | None = None, **fields: Any) -> None:
        """One model call whose output begins at raw message `position` (default: next)."""
        self.calls.append(_Call(len(self.raw) if position is None else position, fields))

    def add_compaction(
        self,
        trigger: str | None,
        pre_tokens: int | None,
        summary: str,
        source: str | int | None,
        key: str | None = None,
    ) -> Compaction:
        item = Compaction(len(self.raw), trigger, pre_tokens, summary, source, key=key)
        self.compactions.append(item)
        return item

    # -- building --------------------------------------------------------------------------
    def build(self) -> Transcript:
        raw = self.raw
        renames: dict[str, str] = {}
        new_ids: dict[tuple[int, int], str] = {}
        seen: set[str] = set()
        suffix: dict[str, int] = {}
        pending: dict[str, list[tuple[int, int]]] = {}
        results_of: dict[int, list[int]] = {}
        result_id: dict[int, str] = {}
        orphans: list[int] = []

        for j, message in enumerate(raw):
            role = message.get("role")
            if role == "assistant" and message.get("tool_calls"):
                for k, call in enumerate(message["tool_calls"]):
                    original = call.get("id") or ""
                    new = original or f"call_{j}_{k}"
                    if new in seen:
                        # Models that reuse one id every turn would make a scan from ~2 up
                        # quadratic: continue from the last suffix given to this id.
                        n = suffix.get(original, 1) + 1
                        while f"{original}~{n}" in seen:
                            n += 1
                        suffix[original] = n
                        new = f"{original}~{n}"
                    if new != original:
                        renames[new] = original
                    seen.add(new)
                    new_ids[(j, k)] = new
                    pending.setdefault(original, []).append((j, k))
            elif role == "tool":
                slot = self._claim(pending, message.get("tool_call_id") or "")
                if slot is None:
                    orphans.append(j)
                else:
                    results_of.setdefault(slot[0], []).append(j)
                    result_id[j] = new_ids[slot]

        orphan_set = set(orphans)
        answered = {(a, k) for slots in pending.values() for a, k in slots}  # still unclaimed
        out: list[dict[str, Any]] = []
        prov: list[Provenance] = []
        final_of: list[int | None] = [None] * len(raw)
        synthetic: list[int] = []
        orphan_final: list[int] = []

        def emit(message: dict[str, Any], source: Provenance, j: int | None) -> None:
            if j is not None:
                final_of[j] = len(out)
            out.append(message)
            prov.append(source)

        for j, message in enumerate(raw):
            role = message.get("role")
            if role == "tool" and j not in orphan_set:
                continue
            if j in orphan_set:
                tid = message.get("tool_call_id")
                self.warn(
                    f"tool result (tool_call_id {tid!r}) answers no earlier tool call; "
                    "kept as a user message",
                    self.prov[j],
                )
                orphan_final.append(len(out))
                emit(
                    {"role": "user", "content": normalize_content(message.get("content"), "user")},
                    self.prov[j],
                    j,
                )
                continue
            calls = message.get("tool_calls") if role == "assistant" else None
            originals = [call["id"] for call in calls] if calls else []
            if calls:  # the builder owns these dicts: rewrite in place, no copies
                for k, call in enumerate(calls):
                    call["id"] = new_ids[(j, k)]
            emit(message, self.prov[j], j)
            if calls:
                for r in results_of.get(j, ()):
                    result = raw[r]
                    result["tool_call_id"] = result_id[r]
                    emit(result, self.prov[r], r)
                for k, call in enumerate(calls):
                    if (j, k) in answered:
                        name = call["function"]["name"]
                        self.warn(
                            f"tool call {name!r} (id {originals[k]!r}) has no result; "
                            "added a synthetic tool message",
                            self.prov[j],
                        )
                        synthetic.append(len(out))
                        emit(
                            {
                                "role": "tool",
                                "tool_call_id": call["id"],
                                "content": SYNTHETIC_RESULT,
                            },
                            self.prov[j],
                            None,
                        )

        position_map = self._position_map(final_of, len(out))
        metadata = dict(self.metadata)
        for key, values in self.notes.items():
            metadata[key] = {final_of[j]: v for j, v in values.items() if final_of[j] is not None}
        if renames:
            metadata["tool_call_id_renames"] = renames
        if synthetic:
            metadata["synthetic_results"] = synthetic
        if orphan_final:
            metadata["orphan_results"] = orphan_final
        if self.dropped:
            metadata["dropped"] = self.dropped

        calls_out = [
            CallRecord(index=i, last_message=position_map[c.position] - 1, **c.fields)
            for i, c in enumerate(self.calls)
        ]
        compactions = [
            RealCompaction(
                index=position_map[c.position],
                trigger=c.trigger,
                pre_tokens=c.pre_tokens,
                summary=c.summary,
                source=c.source,
                thread=c.thread,
            )
            for c in self.compactions
        ]
        return Transcript(
            messages=out,
            format=self.format,
            source=None if self.path is None else str(self.path),
            provenance=prov,
            tools=self.tools,
            calls=calls_out,
            compactions=compactions,
            threads=self.threads,
            warnings=self.sink.warnings,
            metadata=metadata,
        )

    @staticmethod
    def _claim(pending: dict[str, list[tuple[int, int]]], tid: str) -> tuple[int, int] | None:
        """The call a result answers: by id in the latest assistant message that has it open;
        with no id, the first open call of the latest assistant message with any open."""
        if tid:
            slots = pending.get(tid)
            if not slots:
                return None
            latest = slots[-1][0]
            for i, slot in enumerate(slots):
                if slot[0] == latest:
                    return slots.pop(i)
            return None  # pragma: no cover - latest is always present
        best: tuple[int, int] | None = None
        best_key = ""
        for key, slots in pending.items():
            if slots:
                latest = max(s[0] for s in slots)
                first = min(s for s in slots if s[0] == latest)
                if (
                    best is None
                    or first[0] > best[0]
                    or (first[0] == best[0] and first[1] < best[1])
                ):
                    best, best_key = first, key
        if best is None:
            return None
        pending[best_key].remove(best)
        return best

    @staticmethod
    def _position_map(final_of: list[int | None], total: int) -> list[int]:
        """Raw position -> final index of the first message at or after it (total at the end)."""
        mapped = [total] * (len(final_of) + 1)
        running = total
        for j in range(len(final_of) - 1, -1, -1):
            value = final_of[j]
            if value is not None and value < running:
                running = value
            mapped[j] = running
        return mapped


def strip_keys(message: dict[str, Any], keep: Iterable[str]) -> dict[str, Any]:
    return {k: message[k] for k in keep if k in message}
