"""Claude Code session logs (~/.claude/projects/<project>/<session>.jsonl) and subagent files.

One API response is spread over several assistant lines sharing `message.id`: they merge into
one assistant message and one CallRecord (the last line's usage, never a sum). Tool results
come once, from the `tool_result` blocks (`toolUseResult` is a structured duplicate). Lines
that are not model context (progress, file-history-snapshot, queue-operation, summary,
system) are counted in `metadata['skipped_lines']`. Sidechain lines in the main file (older
layout) become threads keyed by their root; `<session>/subagents/agent-*.jsonl` attach as
threads keyed by agent id; `agent-acompact-*` is linked to its compaction.
"""

from __future__ import annotations

from collections import Counter, deque
from pathlib import Path
from typing import Any

from ._builder import Builder, Compaction, as_dict
from ._errors import TranscriptError
from ._io import Sink, iter_jsonl
from ._model import Transcript
from ._usage import anthropic_usage, epoch_seconds, warn_usage
from .anthropic import add_blocks, split_blocks

__all__ = ["load_claude_code"]

NON_CONTEXT = frozenset(
    {
        "summary",
        "progress",
        "file-history-snapshot",
        "queue-operation",
        "custom-title",
        "tag",
        "attachment",
        "agent-name",
        "last-prompt",
    }
)
_TASK_TOOLS = ("Task", "Agent")


class _Thread:
    def __init__(self, builder: Builder) -> None:
        self.b = builder
        self.by_id: dict[str, int] = {}
        self.usage: dict[str, tuple[Any, Any]] = {}
        self.started: dict[str, float] = {}  # message.id -> its first line's timestamp
        self.pending: Compaction | None = None
        self.root_line: dict[str, Any] | None = None


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = split_blocks(content).parts
    return "\n".join(p.get("text", "") for p in parts if p.get("type") == "text")


def _merge(b: Builder, index: int, blocks: Any, lineno: int) -> None:
    """Fold another line of the same API response into the assistant message already made."""
    message = b.raw[index]
    texts = [p["text"] for p in blocks.parts if p.get("type") == "text"]
    if texts:
        joined = "\n".join(texts)
        message["content"] = f"{message['content']}\n{joined}" if message.get("content") else joined
    if blocks.calls:
        message.setdefault("tool_calls", []).extend(blocks.calls)
        if message.get("content") == "":
            message["content"] = None
    if blocks.thinking:
        previous = b.notes.get("thinking", {}).get(index)
        joined = "\n".join(blocks.thinking)
        b.note(index, "thinking", f"{previous}\n{joined}" if previous else joined)
    for tid, text, _ in blocks.results:
        b.add({"role": "tool", "tool_call_id": tid, "content": text}, lineno)


def _add_line(
    t: _Thread, rec: dict[str, Any], lineno: int, kind: str, skipped: Counter[str]
) -> None:
    b = t.b
    msg = rec.get("message")
    if not isinstance(msg, dict):
        b.warn(
            f"{kind} line has no 'message' object; line skipped (expected message{{role, content}})",
            lineno,
        )
        return
    if kind == "user":
        if rec.get("isCompactSummary"):
            text = _text(msg.get("content"))
            if t.pending is not None:
                t.pending.summary = text
                t.pending = None
            else:  # a summary with no boundary line: still a compaction the agent made
                b.add_compaction(None, None, text, lineno)
            return
        if rec.get("isVisibleInTranscriptOnly"):
            skipped["user:transcript-only"] += 1
            return
        before = len(b.raw)
        add_blocks(b, "user", split_blocks(msg.get("content")), lineno)
        if rec.get("isMeta"):
            for i in range(before, len(b.raw)):
                b.note(i, "is_meta", True)
        return
    mid = msg.get("id") if isinstance(msg.get("id"), str) else None
    blocks = split_blocks(msg.get("content"))
    if mid is not None and mid in t.by_id:
        _merge(b, t.by_id[mid], blocks, lineno)
    else:
        index = add_blocks(b, "assistant", blocks, lineno)
        if mid is not None and index is not None:
            t.by_id[mid] = index
    model = msg.get("model")
    if model == "<synthetic>":  # written by the CLI itself (errors, interruptions): no model call
        if mid in t.by_id:
            b.note(t.by_id[mid], "synthetic", True)
        return
    if mid is not None:
        t.usage[mid] = (msg.get("usage"), model)  # later lines carry the final output count
        stamp = epoch_seconds(rec.get("timestamp"))
        if stamp is not None:
            t.started.setdefault(mid, stamp)


def _finish_thread(t: _Thread) -> None:
    b = t.b
    for mid, index in t.by_id.items():
        usage, model = t.usage.get(mid, (None, None))
        fields = anthropic_usage(usage)
        if fields is not None:
            warn_usage(b.warn, usage, b.prov[index])
            b.add_call(
                position=index, model=model, source=mid, timestamp=t.started.get(mid), **fields
            )
    if t.pending is not None:
        b.warn(
            "compact_boundary is not followed by an isCompactSummary user line; summary unknown",
            t.pending.source,
        )
    for call in b.calls:
        if call.fields.get("model"):
            b.metadata.setdefault("model", call.fields["model"])
            break


def load_claude_code(path: str | Path, sink: Sink, *, subagents: bool = True) -> Transcript:
    path = Path(path)
    main = _Thread(Builder("claude-code", path, sink))
    side: dict[str, _Thread] = {}
    side_root: dict[str, str] = {}
    file_is_sidechain: bool | None = None
    skipped: Counter[str] = Counter()
    unknown_kinds: set[str] = set()
    agent_links: dict[str, str] = {}
    agent_lines: dict[str, int] = {}  # agent id -> first line naming it (missing-file warnings)
    task_prompts: dict[str, str] = {}
    local_uuids: set[str] = set()
    external_parents: list[str] = []
    meta: dict[str, Any] = {}
    queued: deque[tuple[str, int]] = deque()

    for lineno, rec in iter_jsonl(path, sink):
        if not isinstance(rec, dict):
            sink.warn(f"expected a JSON object, got {type(rec).__name__}; line skipped", lineno)
            continue
        kind = rec.get("type") if isinstance(rec.get("type"), str) else repr(rec.get("type"))
        if kind in ("user", "assistant"):
            if not meta:
                meta = {k: rec.get(k) for k in ("sessionId", "version", "cwd", "gitBranch")}
            is_side = bool(rec.get("isSidechain"))
            if file_is_sidechain is None:
                file_is_sidechain = is_side
                if is_side:
                    meta["agentId"] = rec.get("agentId")
            if file_is_sidechain:
                uuid, parent = rec.get("uuid"), rec.get("parentUuid")
                if (
                    isinstance(parent, str)
                    and parent not in local_uuids
                    and parent not in external_parents
                ):
                    external_parents.append(parent)
                if isinstance(uuid, str):
                    local_uuids.add(uuid)
                _add_line(main, rec, lineno, kind, skipped)
            elif is_side:
                uuid, parent = str(rec.get("uuid")), rec.get("parentUuid")
                root = side_root.get(parent) if isinstance(parent, str) else None
                if root is None:
                    root = uuid
                    side[root] = _Thread(Builder("claude-code", path, sink))
                    side[root].root_line = rec
                side_root[uuid] = root
                _add_line(side[root], rec, lineno, kind, skipped)
            else:
                _add_line(main, rec, lineno, kind, skipped)
                if kind == "assistant":
                    _remember_tasks(rec, task_prompts)
                result = rec.get("toolUseResult")
                if isinstance(result, dict) and isinstance(result.get("agentId"), str):
                    agent_lines.setdefault(result["agentId"], lineno)
        elif kind == "queue-operation" and not file_is_sidechain:
            _queue_operation(main, rec, lineno, queued)
            skipped["queue-operation"] += 1
        elif kind == "system" and rec.get("subtype") == "compact_boundary":
            info = as_dict(rec.get("compactMetadata"))
            pre = info.get("preTokens")
            main.pending = main.b.add_compaction(
                info.get("trigger") if isinstance(info.get("trigger"), str) else None,
                pre if isinstance(pre, int) else None,
                "",
                lineno,
                key=rec.get("logicalParentUuid"),
            )
        else:
            if kind == "progress":
                data = rec.get("data")
                if isinstance(data, dict) and isinstance(data.get("agentId"), str):
                    agent_links.setdefault(data["agentId"], str(rec.get("parentToolUseID")))
                    agent_lines.setdefault(data["agentId"], lineno)
            if file_is_sidechain and isinstance(rec.get("uuid"), str):
                local_uuids.add(rec["uuid"])
            label = f"system:{rec.get('subtype')}" if kind == "system" else str(kind)
            skipped[label] += 1
            if kind not in NON_CONTEXT and kind != "system" and str(kind) not in unknown_kinds:
                unknown_kinds.add(str(kind))
                sink.warn(
                    f"unknown line type {kind!r} (expected user, assistant, system or a known "
                    "non-context type); lines of this type skipped",
                    line=lineno,
                )

    _finish_thread(main)
    b = main.b
    b.metadata.update({k: v for k, v in meta.items() if v is not None})
    b.metadata["skipped_lines"] = dict(skipped)
    if file_is_sidechain:
        b.metadata["external_parents"] = external_parents
    for root, thread in side.items():
        _finish_thread(thread)
        line = thread.root_line or {}
        prompt = _text((line.get("message") or {}).get("content"))
        parent_tool = task_prompts.get(prompt)
        key = line.get("agentId") or parent_tool or f"sidechain-{root[:8]}"
        thread.b.metadata.update({"root_uuid": root, "parent_tool_use_id": parent_tool})
        b.threads[str(key)] = thread.b.build()
    if subagents and not file_is_sidechain:
        _attach_subagents(path, main, agent_links)
        for agent, first_line in agent_lines.items():
            if agent not in b.threads and f"agent-{agent}" not in b.metadata.get(
                "unreadable_subagents", {}
            ):
                b.warn(
                    f"subagent {agent!r} ran here but its log "
                    f"{path.with_suffix('').name}/subagents/agent-{agent}.jsonl is missing; "
                    "its thread is left out",
                    first_line,
                )
    return b.build()


def _queue_operation(
    t: _Thread, rec: dict[str, Any], lineno: int, queued: deque[tuple[str, int]]
) -> None:
    """Prompts the user typed while the agent was busy are queued, then delivered to the model
    when the CLI removes them from the queue: they are context, at the point of delivery.
    Background-task notifications are delivered through other lines and are not queued here."""
    operation, content = rec.get("operation"), rec.get("content")
    if operation == "enqueue" and isinstance(content, str) and content.strip():
        if not content.lstrip().startswith("<task-notification>"):
            queued.append((content, lineno))
    elif operation in ("remove", "dequeue") and queued:
        text, enqueued_at = queued.popleft()
        index = t.b.add({"role": "user", "content": text}, enqueued_at)
        t.b.note(index, "queued", True)


def _remember_tasks(rec: dict[str, Any], task_prompts: dict[str, str]) -> None:
    content = (rec.get("message") or {}).get("content")
    if not isinstance(content, list):
        return
    for block in content:
        if (
            isinstance(block, dict)
            and block.get("type") == "tool_use"
            and block.get("name") in _TASK_TOOLS
        ):
            prompt = (block.get("input") or {}).get("prompt")
            if isinstance(prompt, str):
                task_prompts[prompt] = str(block.get("id"))


def _attach_subagents(path: Path, main: _Thread, agent_links: dict[str, str]) -> None:
    folder = path.with_suffix("") / "subagents"
    if not folder.is_dir():
        return
    b = main.b
    for file in sorted(folder.glob("agent-*.jsonl")):
        sub_sink = Sink(file, main.b.sink.strict)
        try:
            thread = load_claude_code(file, sub_sink, subagents=False)
        except (TranscriptError, OSError, ValueError, RecursionError) as exc:
            # One unreadable subagent log (empty, garbage, a directory, a symlink loop) costs
            # its own thread, not the main session.
            if b.sink.strict:
                raise
            reason = str(exc) if isinstance(exc, TranscriptError) else f"{file}: {exc}"
            b.sink.warnings.append(f"{reason}; subagent thread left out")
            b.metadata.setdefault("unreadable_subagents", {})[file.stem] = reason
            continue
        key = str(thread.metadata.get("agentId") or file.stem[len("agent-") :])
        thread.metadata["parent_tool_use_id"] = agent_links.get(key)
        b.threads[key] = thread
        b.sink.warnings.extend(sub_sink.warnings)
        if key.startswith("acompact"):
            parents = set(thread.metadata.get("external_parents") or ())
            for comp in b.compactions:
                if comp.thread is None and comp.key in parents:
                    comp.thread = key
                    break
            else:
                unlinked = [c for c in b.compactions if c.thread is None]
                if len(unlinked) == 1:
                    unlinked[0].thread = key
