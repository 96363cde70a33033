"""How far is a counter from what the provider billed? Checked call by call on a real log.

For every call a transcript records (`Transcript.calls`), count the context the model saw
(`messages[:last_message + 1]` plus the tool schemas, with the per-message overheads; after a
real compaction, its summary instead of the messages it replaced) and put it
beside the provider's input tokens, cached ones included. Where the provider's tokenizer is not
public (Anthropic), this ratio is the only honest accuracy figure there is.

Counting is incremental (prefix sums over the messages), so a log with N messages and C calls
costs N message counts, not N x C.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .overheads import GENERIC, MessageOverheads, message_tokens, tools_tokens
from .tokens import TokenCounter, get_counter

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CallCheck", "CountCheck", "check_counts"]


class _Call(Protocol):
    index: int
    last_message: int
    input_tokens: int
    cached_input_tokens: int
    cache_creation_input_tokens: int
    model: str | None

    @property
    def total_input_tokens(self) -> int: ...


class _TranscriptLike(Protocol):
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]] | None
    calls: list[Any]
    compactions: list[Any]


@dataclass(frozen=True)
class CallCheck:
    """One call: the counter's total for the context beside the provider's input tokens."""

    index: int
    last_message: int
    messages: int  # how many messages the model saw
    counted: int  # counter total: messages + tools + per-request overhead
    provider_input: int  # input + cache reads + cache writes, as billed
    model: str | None

    @property
    def ratio(self) -> float:
        return self.counted / self.provider_input if self.provider_input else float("nan")


@dataclass(frozen=True)
class CountCheck:
    """Per-call rows and the distribution of `counted / provider_input` over the calls."""

    counter: str
    calls: tuple[CallCheck, ...]
    skipped: int  # calls without usable usage (zero input tokens or an index past the messages)

    @property
    def ratios(self) -> list[float]:
        return [c.ratio for c in self.calls if c.provider_input > 0]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.ratios) if self.ratios else float("nan")

    @property
    def median(self) -> float:
        return statistics.median(self.ratios) if self.ratios else float("nan")

    @property
    def p5(self) -> float:
        return _percentile(self.ratios, 5)

    @property
    def p95(self) -> float:
        return _percentile(self.ratios, 95)

    def summary(self) -> dict[str, float | int | str]:
        return {
            "counter": self.counter,
            "calls": len(self.calls),
            "skipped": self.skipped,
            "mean": self.mean,
            "p5": self.p5,
            "median": self.median,
            "p95": self.p95,
        }

    def to_pandas(self) -> pd.DataFrame:
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError(
                "CountCheck.to_pandas() needs pandas: pip install 'working-memory[notebook]'"
            ) from exc
        return pd.DataFrame(
            [
                {
                    "index": c.index,
                    "last_message": c.last_message,
                    "messages": c.messages,
                    "counted": c.counted,
                    "provider_input": c.provider_input,
                    "ratio": c.ratio,
                    "model": c.model,
                }
                for c in self.calls
            ]
        )

    def __str__(self) -> str:
        return (
            f"{self.counter}: {len(self.calls)} calls, counted/provider mean {self.mean:.3f} "
            f"p5 {self.p5:.3f} median {self.median:.3f} p95 {self.p95:.3f}"
        )


def _percentile(values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default), without numpy."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def check_counts(
    transcript: _TranscriptLike,
    counter: TokenCounter | str | None = None,
    overheads: MessageOverheads = GENERIC,
) -> CountCheck:
    """For each recorded call, the counter's total for the context the model saw vs. the billed input.

    `counter` is a TokenCounter or a registry name (`None`: the calibrated default).
    """
    resolved = get_counter(counter)
    messages: Sequence[Mapping[str, Any]] = transcript.messages
    calls = list(transcript.calls or ())
    fixed = tools_tokens(transcript.tools, resolved, overheads) + overheads.per_request
    # prefix[i] = tokens of messages[:i]; only as far as the furthest call needs.
    needed = max((c.last_message + 1 for c in calls if c.last_message < len(messages)), default=0)
    prefix = [0]
    for message in messages[:needed]:
        prefix.append(prefix[-1] + message_tokens(message, resolved, overheads))
    # A real compaction replaced messages[:index] with its summary for every later call.
    compactions = sorted(
        (c.index, message_tokens({"role": "user", "content": c.summary}, resolved, overheads))
        for c in getattr(transcript, "compactions", None) or ()
    )
    rows: list[CallCheck] = []
    skipped = 0
    for call in calls:
        seen = call.last_message + 1
        provider = int(call.total_input_tokens)
        if seen <= 0 or seen > len(messages) or provider <= 0:
            skipped += 1
            continue
        start, summary = 0, 0
        for index, tokens in compactions:
            if index < seen:
                start, summary = index, tokens
        rows.append(
            CallCheck(
                index=call.index,
                last_message=call.last_message,
                messages=seen - start + (1 if summary else 0),
                counted=prefix[seen] - prefix[start] + summary + fixed,
                provider_input=provider,
                model=getattr(call, "model", None),
            )
        )
    return CountCheck(counter=resolved.name, calls=tuple(rows), skipped=skipped)
