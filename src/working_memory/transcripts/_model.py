"""The loaded transcript and its plain value types."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..tokens import TokenCounter

__all__ = ["CallRecord", "RealCompaction", "Transcript"]

Provenance = int | str | None


@dataclass(frozen=True)
class CallRecord:
    """One model call the log recorded, with the usage the provider reported for it."""

    index: int  # call number, 0-based
    last_message: int  # index into Transcript.messages of the last message the model saw
    input_tokens: int  # uncached input tokens as reported
    cached_input_tokens: int = 0  # cache reads
    cache_creation_input_tokens: int = 0  # Anthropic cache writes (0 elsewhere)
    output_tokens: int = 0
    model: str | None = None
    source: str | int | None = None  # line number / event id / message.id
    reasoning_tokens: int = 0  # part of output_tokens, where the provider splits it out
    # when the call was made, seconds since the epoch, where the log records it (the gap between
    # calls decides whether a provider's prompt cache was still warm)
    timestamp: float | None = None
    cache_creation_1h_input_tokens: int = 0  # the part of the cache writes made for one hour

    @property
    def total_input_tokens(self) -> int:
        """Everything the model read on this call: uncached + cache reads + cache writes."""
        return self.input_tokens + self.cached_input_tokens + self.cache_creation_input_tokens


@dataclass(frozen=True)
class RealCompaction:
    """A compaction the production agent made: `messages[:index]` were replaced by `summary`."""

    index: int
    trigger: str | None  # 'auto' / 'manual' / None
    pre_tokens: int | None  # reported tokens before it
    summary: str
    source: str | int | None = None
    thread: str | None = None  # key in Transcript.threads of the summarisation call, if logged


@dataclass
class Transcript:
    """A log as OpenAI chat messages plus what the log knows about calls, compactions, threads."""

    messages: list[dict[str, Any]]
    format: str
    source: str | None = None
    provenance: list[Provenance] = field(default_factory=list)
    tools: list[dict[str, Any]] | None = None
    calls: list[CallRecord] = field(default_factory=list)
    compactions: list[RealCompaction] = field(default_factory=list)
    threads: dict[str, Transcript] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return (
            f"Transcript(format={self.format!r}, source={self.source!r}, "
            f"messages={len(self.messages)}, calls={len(self.calls)}, "
            f"compactions={len(self.compactions)}, threads={len(self.threads)}, "
            f"warnings={len(self.warnings)})"
        )

    @property
    def demonstrations(self) -> frozenset[int]:
        """Indices of the messages the log marks as demonstrations (SWE-agent's `is_demo`): an
        example exchange shown before the real task, which is therefore never the task."""
        marked = self.metadata.get("is_demo")
        if not isinstance(marked, Mapping):
            return frozenset()
        return frozenset(i for i, v in marked.items() if isinstance(i, int) and v is True)

    # -- summaries -------------------------------------------------------------------------
    def role_counts(self) -> dict[str, int]:
        return dict(Counter(m["role"] for m in self.messages))

    def tool_call_count(self) -> int:
        return sum(len(m.get("tool_calls") or ()) for m in self.messages)

    def tool_names(self) -> dict[str, str]:
        """tool_call_id -> tool name, over this thread's assistant messages."""
        names: dict[str, str] = {}
        for message in self.messages:
            for call in message.get("tool_calls") or ():
                names[call["id"]] = call["function"]["name"]
        return names

    # -- output ----------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the main thread as OpenAI JSONL, one message per line (loads back as 'openai')."""
        with open(path, "w", encoding="utf-8") as out:
            for message in self.messages:
                out.write(json.dumps(message, ensure_ascii=False))
                out.write("\n")

    def to_pandas(self, counter: str | TokenCounter | None = None) -> pandas.DataFrame:
        """One row per message, main thread first then each thread: index, role, tool, chars,
        tokens (the project's own count), thread, source_line."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError(
                "Transcript.to_pandas() needs pandas: pip install 'working-memory[notebook]'"
            ) from exc
        from ..messages import content_text
        from ..tokens import get_counter, message_tokens

        resolved = get_counter(counter)
        rows: list[dict[str, Any]] = []
        for name, thread in (("main", self), *self.threads.items()):
            names = thread.tool_names()
            for i, message in enumerate(thread.messages):
                calls = message.get("tool_calls") or ()
                if calls:
                    tool = ",".join(c["function"]["name"] for c in calls)
                elif message["role"] == "tool":
                    tool = names.get(message.get("tool_call_id", ""), "")
                else:
                    tool = ""
                text, _ = content_text(message.get("content"))
                chars = len(text) + sum(len(c["function"]["arguments"]) for c in calls)
                rows.append(
                    {
                        "index": i,
                        "role": message["role"],
                        "tool": tool,
                        "chars": chars,
                        "tokens": message_tokens(message, resolved),
                        "thread": name,
                        "source_line": thread.provenance[i] if i < len(thread.provenance) else None,
                    }
                )
        columns = ["index", "role", "tool", "chars", "tokens", "thread", "source_line"]
        return pd.DataFrame(rows, columns=columns)
