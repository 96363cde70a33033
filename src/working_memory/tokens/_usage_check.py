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

from ._counters import TokenCounter, get_counter
from ._overheads import GENERIC, MessageOverheads, message_tokens, tools_tokens

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "REASONING_KEYS",
    "CallCheck",
    "CallContext",
    "CountCheck",
    "Fit",
    "call_contexts",
    "check_counts",
    "reasoning_texts",
]


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


class Fit(Protocol):
    """What a count check needs of a calibration. `Calibration` is one; it is built on this
    module, so this module does not import it, not even for its types."""

    @property
    def counter(self) -> str: ...
    @property
    def overheads(self) -> MessageOverheads: ...
    @property
    def reasoning(self) -> bool: ...
    def base_counter(self) -> TokenCounter: ...
    def predict(self, text_tokens: int, structure_tokens: int) -> int: ...


@dataclass(frozen=True)
class CountCheck:
    """Per-call rows and the distribution of `counted / provider_input` over the calls."""

    counter: str
    calls: tuple[CallCheck, ...]
    skipped: int  # calls without usable usage (zero input tokens or an index past the messages)
    calibration: Fit | None = None  # applied to `counted`, if any

    @property
    def off_by(self) -> float:
        """Median |counted / billed - 1|: how far the count is from the bill on a typical call."""
        errors = [abs(r - 1) for r in self.ratios]
        return statistics.median(errors) if errors else float("nan")

    def headline(self) -> str:
        """One line: counted against billed, and whether a calibration is applied."""
        if not self.ratios:
            return "counted vs billed: the log recorded no usable usage"
        state = "" if self.calibration is not None else ", uncalibrated"
        return (
            f"counted vs billed ({self.counter}{state}): median {self.median:.2f}x the billed "
            f"input over {len(self.ratios)} calls (p5 {self.p5:.2f}, p95 {self.p95:.2f})"
        )

    def warning(
        self,
        threshold: float = 0.10,
        fix: str = "Budget(..., calibration=working_memory.calibrate(transcript))",
    ) -> str | None:
        """A sentence to show when the uncalibrated count is more than `threshold` off the bill,
        ending with the one-line fix (`fix`: how to apply a calibration where it is shown)."""
        if self.calibration is not None or not self.ratios or not self.off_by > threshold:
            return None
        return (
            f"Counted tokens are {self.median:.2f}x what the provider billed (median over "
            f"{len(self.ratios)} calls, {self.counter}): budgets and pressures from this count are "
            f"{'under' if self.median < 1 else 'over'}stated. Calibrate from the log's own usage: "
            f"{fix}"
        )

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


@dataclass(frozen=True)
class CallContext:
    """What one call's context costs, split so a calibration can scale the text part alone."""

    index: int
    last_message: int
    messages: int  # messages the model saw (a compaction's summary counts as one)
    text_tokens: int  # the counter's count of the texts (messages, tool-call arguments, schemas)
    structure_tokens: int  # per-message, per-tool-call and per-schema overheads (not per-request)
    provider_input: int  # as billed: input + cache reads + cache writes
    model: str | None
    segment: int  # 0 before the log's first compaction, 1 after it, ...


class _Tally:
    """A counter that adds up what it counts, to split a message's cost into text and structure."""

    def __init__(self, inner: TokenCounter) -> None:
        self.inner = inner
        self.name = inner.name
        self.total = 0

    def count(self, text: str) -> int:
        n = self.inner.count(text)
        self.total += n
        return n


def _split_tokens(
    message: Mapping[str, Any], tally: _Tally, overheads: MessageOverheads
) -> tuple[int, int]:
    before = tally.total
    whole = message_tokens(message, tally, overheads)
    text = tally.total - before
    return text, whole - text


# Loader metadata holding per-message reasoning that the messages themselves do not carry.
REASONING_KEYS = ("reasoning_content", "reasoning", "thinking")


def reasoning_texts(transcript: Any) -> dict[int, str]:
    """Readable reasoning the loader set aside (message index -> text); encrypted items left out."""
    metadata = getattr(transcript, "metadata", None) or {}
    found: dict[int, str] = {}
    for key in REASONING_KEYS:
        notes = metadata.get(key)
        if isinstance(notes, Mapping):
            for index, text in notes.items():
                readable = isinstance(text, str) and not text.startswith("[encrypted")
                if isinstance(index, int) and text and readable:
                    found[index] = found.get(index, "") + text
    return found


def call_contexts(
    transcript: _TranscriptLike,
    counter: TokenCounter | str | None = None,
    overheads: MessageOverheads = GENERIC,
    *,
    reasoning: bool = False,
) -> tuple[list[CallContext], int]:
    """Every recorded call with usage, its context counted; and how many calls were skipped.

    After a real compaction at message k (`messages[:k]` replaced by its summary), every call
    whose context reaches message k or later sees the summary and `messages[k:]`. That includes
    the call whose last message is k - 1: it produced message k, the first message after the
    boundary, so it was made after the compaction.

    `reasoning`: also count the reasoning the loader kept beside the messages
    (`reasoning_texts`), for providers that bill it again on later calls.
    """
    tally = _Tally(get_counter(counter))
    messages: Sequence[Mapping[str, Any]] = transcript.messages
    calls = list(transcript.calls or ())
    before = tally.total
    tools_total = tools_tokens(transcript.tools, tally, overheads)
    tools_text = tally.total - before
    # prefix sums over the messages; only as far as the furthest call needs.
    needed = max((c.last_message + 1 for c in calls if c.last_message < len(messages)), default=0)
    text_prefix, struct_prefix = [0], [0]
    extra = reasoning_texts(transcript) if reasoning else {}
    for index, message in enumerate(messages[:needed]):
        text, struct = _split_tokens(message, tally, overheads)
        if index in extra:
            text += tally.count(extra[index])
        text_prefix.append(text_prefix[-1] + text)
        struct_prefix.append(struct_prefix[-1] + struct)
    compactions = sorted(
        (c.index, _split_tokens({"role": "user", "content": c.summary}, tally, overheads))
        for c in getattr(transcript, "compactions", None) or ()
    )
    rows: list[CallContext] = []
    skipped = 0
    for call in calls:
        seen = call.last_message + 1
        provider = int(call.total_input_tokens)
        if seen <= 0 or seen > len(messages) or provider <= 0:
            skipped += 1
            continue
        start, summary, segment = 0, (0, 0), 0
        for number, (index, tokens) in enumerate(compactions, 1):
            if index <= seen:
                start, summary, segment = index, tokens, number
        rows.append(
            CallContext(
                index=call.index,
                last_message=call.last_message,
                messages=seen - start + (1 if segment else 0),
                text_tokens=text_prefix[seen] - text_prefix[start] + summary[0] + tools_text,
                structure_tokens=struct_prefix[seen]
                - struct_prefix[start]
                + summary[1]
                + tools_total
                - tools_text,
                provider_input=provider,
                model=getattr(call, "model", None),
                segment=segment,
            )
        )
    return rows, skipped


def check_counts(
    transcript: _TranscriptLike,
    counter: TokenCounter | str | None = None,
    overheads: MessageOverheads = GENERIC,
    *,
    calibration: Fit | None = None,
) -> CountCheck:
    """For each recorded call, the counter's total for the context the model saw vs. the billed input.

    `counter` is a TokenCounter or a registry name (`None`: the default estimator). With a
    `calibration` (see `working_memory.calibrate`), the count is the calibrated one: the text
    scaled to the provider's tokenizer plus the per-request tokens the log does not carry; its
    counter and overheads are then the calibration's.
    """
    if calibration is not None:
        if counter is not None and _base_name(counter) != calibration.counter:
            raise ValueError(
                f"check_counts: the calibration was fitted with the {calibration.counter!r} "
                f"counter, not {_base_name(counter)!r}; pass counter=None or refit"
            )
        overheads = calibration.overheads
    contexts, skipped = call_contexts(
        transcript,
        calibration.base_counter() if calibration is not None else counter,
        overheads,
        reasoning=calibration is not None and calibration.reasoning,
    )
    rows = [
        CallCheck(
            index=c.index,
            last_message=c.last_message,
            messages=c.messages,
            counted=calibration.predict(c.text_tokens, c.structure_tokens)
            if calibration is not None
            else c.text_tokens + c.structure_tokens + overheads.per_request,
            provider_input=c.provider_input,
            model=c.model,
        )
        for c in contexts
    ]
    name = calibration.counter if calibration is not None else get_counter(counter).name
    return CountCheck(
        counter=name if calibration is None else f"{name}, calibrated",
        calls=tuple(rows),
        skipped=skipped,
        calibration=calibration,
    )


def _base_name(counter: TokenCounter | str) -> str:
    resolved = get_counter(counter)
    return str(getattr(resolved, "base_name", resolved.name))
