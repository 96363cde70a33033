"""Calibration from billed usage: what a log's provider charges beyond what the counter sees.

A counter counts the messages a log carries. The provider bills more: a system prompt and tool
schemas the log never recorded, its own framing, and a tokenizer that is not the counter's.
`calibrate(transcript)` fits, from the calls' billed input tokens,

    billed ~= per_request + scale * text_tokens + structure_tokens

where `text_tokens` is the counter's count of the texts the call saw and `structure_tokens` the
per-message overheads. The fit minimises the relative error (iteratively reweighted least
absolute deviations, so a few odd calls do not pull it), with `scale` pulled gently towards 1
when the calls barely differ in size. The result is Budget-level: `Budget.calibrated(cal)` or
`Budget(..., calibration=cal)` counts with the scaled counter and the fitted per-request
overhead, so a ManagedWindow, a replay policy, the workbench and the report all use it.

`held_out(transcript)` fits on the first half of the calls and scores the second half, which is
how `benchmarks/bench_calibration.py` measures it.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ._counters import ScaledCounter, TokenCounter, get_counter
from ._overheads import GENERIC, MessageOverheads
from ._usage_check import REASONING_KEYS, CallContext, call_contexts, reasoning_texts

__all__ = ["Calibration", "Gap", "HeldOut", "calibrate", "held_out"]

_SCALE_BOUNDS = (0.5, 2.0)
_MIN_CALLS = 2
_GAP_SHARE = 0.05  # an unexplained share of the bill above this is reported as missing context


@dataclass(frozen=True)
class Gap:
    """Something the provider billed that the log does not carry, as far as the fit can tell."""

    kind: str  # per_request | compaction | reasoning | encrypted | mentioned | redacted | drift
    tokens: int | None  # how many tokens it comes to on a typical affected call, if measurable
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Calibration:
    """A counter scale and a per-request overhead fitted to one log's billed input tokens."""

    counter: str  # the counter the fit counted with (its registry name)
    scale: float  # provider tokens per counted text token
    per_request: int  # tokens billed on every call that no message carries
    overheads: MessageOverheads  # the per-message overheads fitted with, per_request replaced
    calls: int  # calls the fit used
    median_error: float  # in-sample median |predicted / billed - 1|
    p90_error: float
    missing: tuple[Gap, ...] = ()
    reasoning: bool = False  # the bill tracks reasoning kept beside the messages: it is counted
    model: str | None = None
    source: str | None = None
    # The counter instance, for counters a name cannot rebuild (hf:<path>); not compared.
    counter_instance: TokenCounter | None = field(default=None, compare=False, repr=False)

    @property
    def complete(self) -> bool:
        """True when the only thing the log lacks is the constant per-request part."""
        return all(g.kind == "per_request" for g in self.missing)

    def base_counter(self) -> TokenCounter:
        return self.counter_instance or get_counter(self.counter)

    def scaled_counter(self, counter: TokenCounter | str | None = None) -> ScaledCounter:
        """`counter` (default: the one fitted with) scaled to the provider's tokenizer.

        A counter that is already a ScaledCounter is unwrapped first, so applying a calibration
        twice (`dataclasses.replace` of a calibrated Budget) does not scale twice.
        """
        base = self.base_counter() if counter is None else get_counter(counter)
        while isinstance(base, ScaledCounter):
            base = base.inner
        if base.name != self.counter:
            raise ValueError(
                f"this calibration was fitted with the {self.counter!r} counter; a budget counting "
                f"with {base.name!r} would apply its scale to the wrong counts. Use "
                f"counter={self.counter!r} or calibrate with counter={base.name!r}"
            )
        return ScaledCounter(base, self.scale)

    def predict(self, text_tokens: int, structure_tokens: int) -> int:
        return round(self.per_request + self.scale * text_tokens + structure_tokens)

    def describe(self) -> str:
        """Several lines: the fit, its error on the calls it saw, and what the log is missing."""
        lines = [str(self)]
        lines += [f"  missing: {gap}" for gap in self.missing]
        return "\n".join(lines)

    def __str__(self) -> str:
        return (
            f"calibration ({self.counter}, {self.calls} calls{', ' + self.model if self.model else ''}"
            f"): scale {self.scale:.3f}, per request {self.per_request:,} tokens; "
            f"fit error median {self.median_error:.1%}, p90 {self.p90_error:.1%}"
        )


@dataclass(frozen=True)
class HeldOut:
    """Fitted on the first calls, scored on the rest: |predicted / billed - 1| on the held-out."""

    calibration: Calibration
    fitted_calls: int
    held_out_calls: int
    median_error: float
    p90_error: float
    uncalibrated_median_error: float  # the plain count on the same held-out calls


# -- fitting -----------------------------------------------------------------------------------


def _solve(
    rows: Sequence[tuple[float, float, float]], prior: float
) -> tuple[float, float, list[float]]:
    """min sum |P + s*x - t| / y over rows (x, t, y) + prior * |s - 1|; P >= 0, s bounded.

    Iteratively reweighted least squares (each step a 2x2 solve). The prior term keeps the scale
    near 1 when the calls are too alike in size to pin it down; otherwise the data win.
    """
    low, high = _SCALE_BOUNDS
    p, s = 0.0, 1.0
    errors = [1.0] * len(rows)
    for _ in range(80):
        a11 = a12 = a22 = b1 = b2 = 0.0
        for (x, t, y), e in zip(rows, errors, strict=True):
            w = 1.0 / (y * y * max(abs(e), 1e-5))
            a11 += w
            a12 += w * x
            a22 += w * x * x
            b1 += w * t
            b2 += w * x * t
        w = prior / max(abs(s - 1.0), 1e-5)
        a22 += w
        b2 += w
        det = a11 * a22 - a12 * a12
        p = (a22 * b1 - a12 * b2) / det
        s = (a11 * b2 - a12 * b1) / det
        if not low <= s <= high:
            s = min(max(s, low), high)
            p = (b1 - s * a12) / a11
        if p < 0:
            p = 0.0
            s = min(max(b2 / a22, low), high)
        errors = [(p + s * x - t) / y for x, t, y in rows]
    return p, s, errors


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _select(contexts: list[CallContext], calls: slice | Iterable[int] | None) -> list[CallContext]:
    if calls is None:
        return contexts
    if isinstance(calls, slice):
        return contexts[calls]
    wanted = set(calls)
    return [c for c in contexts if c.index in wanted]


def calibrate(
    transcript: Any,
    calls: slice | Iterable[int] | None = None,
    *,
    counter: TokenCounter | str | None = None,
    overheads: MessageOverheads = GENERIC,
    reasoning: bool | None = None,
) -> Calibration:
    """Fit a counter scale and a per-request overhead to the log's billed input tokens.

    `calls`: which calls to fit on: None (every call with usage), a slice of them in log order
    (`slice(0, 20)`), or an iterable of `CallRecord.index` values. `counter`: the counter to
    calibrate (default: the dependency-free estimator). `reasoning`: count the reasoning the
    loader kept beside the messages (DeepSeek's `reasoning_content`, ...) as billed context;
    None decides from the fit (counted when that explains the bill clearly better).
    """
    resolved = get_counter(counter)
    if reasoning is None:
        reasoning = bool(reasoning_texts(transcript))
        if reasoning:
            without = calibrate(
                transcript, calls, counter=resolved, overheads=overheads, reasoning=False
            )
            with_it = calibrate(
                transcript, calls, counter=resolved, overheads=overheads, reasoning=True
            )
            better = with_it.median_error < 0.8 * without.median_error
            return with_it if better else without
    contexts, _skipped = call_contexts(transcript, resolved, overheads, reasoning=reasoning)
    chosen = _select(contexts, calls)
    source = getattr(transcript, "source", None)
    if len(chosen) < _MIN_CALLS:
        raise ValueError(
            f"calibrate: {source or 'the transcript'} has {len(chosen)} call(s) with billed usage "
            f"in the selection ({len(contexts)} in the log); at least {_MIN_CALLS} are needed"
        )
    rows = [
        (c.text_tokens, c.provider_input - c.structure_tokens, c.provider_input) for c in chosen
    ]
    p, s, errors = _solve(rows, prior=0.03 * max(1.0, len(rows) / 4))
    models = Counter(c.model for c in chosen if c.model)
    calibration = Calibration(
        counter=resolved.name,
        scale=round(s, 4),
        per_request=round(p),
        overheads=replace(overheads, per_request=round(p)),
        calls=len(chosen),
        median_error=statistics.median(abs(e) for e in errors),
        p90_error=_quantile([abs(e) for e in errors], 0.9),
        model=models.most_common(1)[0][0] if models else None,
        source=source,
        reasoning=reasoning,
        counter_instance=resolved,
    )
    gaps = _gaps(transcript, contexts, calibration, resolved)
    return replace(calibration, missing=tuple(gaps))


def held_out(
    transcript: Any,
    *,
    counter: TokenCounter | str | None = None,
    overheads: MessageOverheads = GENERIC,
    fraction: float = 0.5,
) -> HeldOut:
    """Calibrate on the first `fraction` of the calls with usage, score it on the rest."""
    resolved = get_counter(counter)
    contexts, _ = call_contexts(transcript, resolved, overheads)
    cut = int(len(contexts) * fraction)
    if cut < _MIN_CALLS or cut >= len(contexts):
        raise ValueError(
            f"held_out: {len(contexts)} calls with usage leave {cut} to fit and "
            f"{len(contexts) - cut} to test; need at least {_MIN_CALLS} and 1"
        )
    calibration = calibrate(transcript, slice(0, cut), counter=resolved, overheads=overheads)
    if calibration.reasoning:
        counted, _ = call_contexts(transcript, resolved, overheads, reasoning=True)
    else:
        counted = contexts
    test = counted[cut:]
    errors = [
        abs(calibration.predict(c.text_tokens, c.structure_tokens) / c.provider_input - 1)
        for c in test
    ]
    plain = [
        abs((c.text_tokens + c.structure_tokens + overheads.per_request) / c.provider_input - 1)
        for c in contexts[cut:]
    ]
    return HeldOut(
        calibration=calibration,
        fitted_calls=cut,
        held_out_calls=len(test),
        median_error=statistics.median(errors),
        p90_error=_quantile(errors, 0.9),
        uncalibrated_median_error=statistics.median(plain),
    )


# -- what the log is missing ---------------------------------------------------------------------

_REDACTED = re.compile(r"\[REDACTED_TEXT len=(\d+)")
# '@src/app.py' in a user message: Claude Code attaches the file, often as a line the log drops.
_MENTION = re.compile(r"(?<![\w@])@(?:[\w.-]+/)*[\w-]+\.\w{1,8}\b")


def _gaps(
    transcript: Any,
    contexts: list[CallContext],
    calibration: Calibration,
    counter: TokenCounter,
) -> list[Gap]:
    messages: list[Mapping[str, Any]] = transcript.messages
    gaps: list[Gap] = []
    if calibration.per_request >= 200:
        absent = []
        if not any(m.get("role") == "system" for m in messages):
            absent.append("no system prompt")
        if not getattr(transcript, "tools", None) and any(m.get("tool_calls") for m in messages):
            absent.append("no tool schemas")
        gaps.append(
            Gap(
                "per_request",
                calibration.per_request,
                f"{calibration.per_request:,} tokens billed on every call that no message carries"
                f" (system prompt, tool schemas, provider framing"
                f"{'; the log has ' + ' and '.join(absent) if absent else ''})",
            )
        )
    if not contexts:
        return gaps
    residual = [
        (c, (c.provider_input - calibration.predict(c.text_tokens, c.structure_tokens)))
        for c in contexts
    ]
    # After a real compaction: context the agent re-attached (Claude Code re-reads files).
    compactions = sorted(getattr(transcript, "compactions", None) or (), key=lambda c: c.index)
    for number, compaction in enumerate(compactions, 1):
        after = [r for c, r in residual if c.segment == number]
        before = [r for c, r in residual if c.segment == number - 1]
        if not after:
            continue
        extra = statistics.median(after) - (statistics.median(before) if before else 0.0)
        share = extra / statistics.median(c.provider_input for c in contexts if c.segment == number)
        if share > _GAP_SHARE:
            gaps.append(
                Gap(
                    "compaction",
                    round(extra),
                    f"after the compaction at message {compaction.index}: ~{round(extra):,} billed "
                    f"tokens per call ({share:.0%}) that the log does not show (files or "
                    "instructions the agent re-attached after compacting)",
                )
            )
    metadata = getattr(transcript, "metadata", None) or {}
    last = max(c.last_message for c in contexts)
    for key in REASONING_KEYS:
        notes = metadata.get(key)
        if not isinstance(notes, Mapping):
            continue
        texts = [str(v) for i, v in notes.items() if isinstance(i, int) and i <= last]
        if not texts:
            continue
        encrypted = sum(1 for t in texts if t.startswith("[encrypted"))
        readable = [t for t in texts if not t.startswith("[encrypted")]
        if encrypted:
            gaps.append(
                Gap(
                    "encrypted",
                    None,
                    f"{encrypted} encrypted reasoning items: the provider may bill them on later "
                    "calls and no counter can read them",
                )
            )
        if readable and calibration.reasoning:
            tokens = sum(counter.count(t) for t in readable)
            gaps.append(
                Gap(
                    "reasoning",
                    tokens,
                    f"{key}: {tokens:,} counted tokens of reasoning by the last call are billed "
                    "again on later calls but are not in the messages (the calibration counts "
                    "them; a Budget over the messages alone cannot)",
                )
            )
    mentions = sorted(
        {
            m
            for message in messages[: last + 1]
            if message.get("role") == "user" and isinstance(message.get("content"), str)
            for m in _MENTION.findall(message["content"])
        }
    )
    if mentions:
        shown = ", ".join(mentions[:3]) + (", ..." if len(mentions) > 3 else "")
        gaps.append(
            Gap(
                "mentioned",
                None,
                f"{len(mentions)} @-mentioned file(s) ({shown}): the agent attaches their content, "
                "which the log may not carry",
            )
        )
    redacted = sum(
        int(n)
        for m in messages[: last + 1]
        for n in _REDACTED.findall(m["content"] if isinstance(m.get("content"), str) else "")
    )
    if redacted:
        gaps.append(
            Gap(
                "redacted",
                redacted // 4,
                f"{redacted:,} characters of redacted text: billed in full, counted as placeholders",
            )
        )
    # Drift: the bill grows faster than the count (context the log does not carry, accumulating).
    quarter = max(len(residual) // 4, 1)
    if len(residual) >= 8:
        head = statistics.median(r / c.provider_input for c, r in residual[:quarter])
        tail = statistics.median(r / c.provider_input for c, r in residual[-quarter:])
        if tail - head > _GAP_SHARE:
            gaps.append(
                Gap(
                    "drift",
                    None,
                    f"the bill grows faster than the count: the last calls are {tail - head:.0%} "
                    "further above the fit than the first ones (context accumulating outside the "
                    "messages)",
                )
            )
    return gaps
