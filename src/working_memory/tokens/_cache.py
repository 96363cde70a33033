"""Prompt caching: the providers' rules, a model of what each call reads from and writes to the
cache, and the cost that follows, checked against what the provider billed.

Rates stay in the price table (`working_memory.clients.Price`); this module holds only the
rules (minimum cacheable length, increment, lifetimes, breakpoints) and the prediction. A call
is described by a `CallShape` (its prompt's tokens, how many leading tokens it shares with what
the previous call left in the cache, the seconds since that call); `CacheModel.predict` turns
shapes into `CachePrediction`s, and `cache_cost` prices one.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

__all__ = [
    "CACHE_RULES",
    "CACHE_RULES_CHECKED",
    "CacheCall",
    "CacheCheck",
    "CacheModel",
    "CachePrediction",
    "CacheRules",
    "CallShape",
    "Rates",
    "cache_cost",
    "cache_family",
    "cache_shares",
    "check_cache",
    "log_shapes",
]

CACHE_RULES_CHECKED = "2026-12"


@dataclass(frozen=True)
class CacheRules:
    """One provider family's caching rules, with the page they come from."""

    family: str
    min_tokens: int  # a prefix shorter than this is never cached
    increment: int  # cached prefixes are whole multiples of this past the minimum (1: any length)
    lifetime_s: float  # how long an unused entry lives (refreshed on every read)
    long_lifetime_s: float | None  # the longer paid lifetime (Anthropic's one hour), if any
    writes_billed: bool  # writes are billed apart (Anthropic), not as plain input
    breakpoints: str  # where the cached prefix ends, in words
    read_multiplier: float  # cache read rate / input rate, when a price has no cached rate
    write_multiplier: float  # cache write rate / input rate (5-minute cache)
    long_write_multiplier: float  # one-hour write rate / input rate
    source: str


CACHE_RULES: dict[str, CacheRules] = {
    "anthropic": CacheRules(
        family="anthropic",
        min_tokens=1024,  # Sonnet and Opus; the Haiku models need 2048
        increment=1,
        lifetime_s=300.0,
        long_lifetime_s=3600.0,
        writes_billed=True,
        # Claude Code marks the system prompt and the last message of every request, so the
        # whole previous prompt is read back by the next call and the rest is written.
        breakpoints="system prompt and tools; the last message of each request",
        read_multiplier=0.1,
        write_multiplier=1.25,
        long_write_multiplier=2.0,
        source="https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching",
    ),
    "openai": CacheRules(
        family="openai",
        min_tokens=1024,
        increment=128,
        lifetime_s=300.0,  # "5 to 10 minutes of inactivity", up to an hour off-peak
        long_lifetime_s=None,
        writes_billed=False,
        breakpoints="automatic: the longest cached prefix of the prompt",
        read_multiplier=0.1,
        write_multiplier=1.0,
        long_write_multiplier=1.0,
        source="https://platform.openai.com/docs/guides/prompt-caching",
    ),
    "deepseek": CacheRules(
        family="deepseek",
        min_tokens=64,
        increment=64,  # the disk cache stores 64-token units
        lifetime_s=3600.0,  # "a few hours to a few days" once unused
        long_lifetime_s=None,
        writes_billed=False,
        breakpoints="automatic: prefixes of earlier requests, in 64-token units",
        read_multiplier=0.02,
        write_multiplier=1.0,
        long_write_multiplier=1.0,
        source="https://api-docs.deepseek.com/guides/kv_cache",
    ),
    "generic": CacheRules(
        family="generic",
        min_tokens=1024,
        increment=1,
        lifetime_s=300.0,
        long_lifetime_s=None,
        writes_billed=False,
        breakpoints="automatic prefix cache (assumed)",
        read_multiplier=1.0,  # no discount is assumed where none is known
        write_multiplier=1.0,
        long_write_multiplier=1.0,
        source="no provider: the cautious default",
    ),
}


def cache_family(model: str | None, rules: Mapping[str, CacheRules] | None = None) -> CacheRules:
    """The rules for a model name: claude -> anthropic, gpt/o-series -> openai, deepseek."""
    table = CACHE_RULES if rules is None else rules
    name = (model or "").strip().lower().rsplit("/", 1)[-1]
    if name.startswith("claude"):
        return table["anthropic"]
    if name.startswith("deepseek"):
        return table["deepseek"]
    if name.startswith(("gpt", "o1", "o3", "o4", "codex")):
        return table["openai"]
    return table["generic"]


@dataclass(frozen=True)
class CallShape:
    """What the cache needs to know about one call."""

    total: int  # the prompt's tokens, as billed or counted
    reused: int  # leading tokens identical to what the previous call left in the cache
    gap_s: float | None = None  # seconds since the previous call; None: unknown (assumed warm)
    output: int = 0
    long_cache: bool = False  # written with the one-hour lifetime (Anthropic)


@dataclass(frozen=True)
class CachePrediction:
    read: int
    write: int
    uncached: int

    @property
    def total(self) -> int:
        return self.read + self.write + self.uncached


@dataclass(frozen=True)
class CacheModel:
    """Rules plus what the logs leave out: a lifetime, and a prefix cached before the first call.

    `warm_share`: the share of the first call's prompt already cached when the session began
    (Claude Code's system prompt and tools usually are); after a break (the cache expired, or
    a compaction rewrote the prompt) that same prefix is still read.
    """

    rules: CacheRules
    lifetime_s: float | None = None  # None: the rules' (the long one where the log used it)
    warm_share: float = 0.0

    def lifetime(self, long_cache: bool) -> float:
        if self.lifetime_s is not None:
            return self.lifetime_s
        if long_cache and self.rules.long_lifetime_s is not None:
            return self.rules.long_lifetime_s
        return self.rules.lifetime_s

    def _cacheable(self, tokens: int) -> int:
        r = self.rules
        if tokens < r.min_tokens:
            return 0
        return r.min_tokens + (tokens - r.min_tokens) // r.increment * r.increment

    def predict(self, shapes: Sequence[CallShape]) -> tuple[CachePrediction, ...]:
        out: list[CachePrediction] = []
        warm = 0
        for k, s in enumerate(shapes):
            total = max(int(s.total), 0)
            if k == 0:
                warm = round(self.warm_share * total)
                reused = warm
            else:
                expired = s.gap_s is not None and s.gap_s > self.lifetime(s.long_cache)
                reused = warm if expired else max(s.reused, warm)
            read = self._cacheable(min(reused, total))
            write = (
                total - read if self.rules.writes_billed and total >= self.rules.min_tokens else 0
            )
            out.append(CachePrediction(read=read, write=write, uncached=total - read - write))
        return tuple(out)

    @classmethod
    def fit(
        cls,
        transcripts: Iterable[Any],
        rules: CacheRules | None = None,
        lifetimes: Sequence[float] = (60, 120, 300, 600, 1800, 3600, 7200),
    ) -> CacheModel:
        """Learn the warm share (median over the logs' first calls) and the lifetime that best
        matches the billed reads (least total absolute error) from logs of one family."""
        logs = [t for t in transcripts if _usable(t)]
        if not logs:
            raise ValueError("CacheModel.fit: no log with at least one call with usage")
        family = rules or cache_family(_model_of(logs[0]))
        shares = [
            calls[0].cached_input_tokens / calls[0].total_input_tokens
            for calls in (_calls(t) for t in logs)
        ]
        base = cls(family, warm_share=statistics.median(shares))
        best, best_error = base, float("inf")
        for lifetime in (None, *lifetimes):
            model = replace(base, lifetime_s=lifetime)
            error = sum(
                abs(c.predicted.read - c.billed_read)
                for t in logs
                for c in check_cache(t, model).calls
            )
            if error < best_error:
                best, best_error = model, error
        return best


class Rates(Protocol):
    """What `cache_cost` needs of a price (`working_memory.clients.Price` is one)."""

    @property
    def input(self) -> float: ...
    @property
    def output(self) -> float: ...
    @property
    def cached_input(self) -> float | None: ...
    @property
    def cache_write(self) -> float | None: ...
    @property
    def cache_write_1h(self) -> float | None: ...


def cache_shares(model: str | None, rates: Rates | None) -> tuple[float, float]:
    """(read, write) prices of a cached token as shares of an uncached input token, for a
    model: from its price where it has cache rates, else from its family's rules. What the
    window's cache-aware gate (`rewrite_pays_over`) weighs."""
    rules = cache_family(model)
    if rates is None or not rates.input:
        return rules.read_multiplier, rules.write_multiplier
    read = (
        rates.cached_input / rates.input
        if rates.cached_input is not None
        else rules.read_multiplier
    )
    write = (
        rates.cache_write / rates.input
        if rules.writes_billed and rates.cache_write is not None
        else rules.write_multiplier
    )
    return read, write


def cache_cost(
    prediction: CachePrediction,
    output_tokens: int,
    rates: Rates,
    rules: CacheRules | None = None,
    *,
    long_cache: bool = False,
) -> float:
    """USD for one call: reads, writes and uncached input at the price's rates (the rules'
    multipliers where a price has no cache rate), plus the output."""
    r = rules or CACHE_RULES["generic"]
    read_rate = (
        rates.cached_input if rates.cached_input is not None else rates.input * r.read_multiplier
    )
    write_rate = (
        rates.cache_write if rates.cache_write is not None else rates.input * r.write_multiplier
    )
    if long_cache:
        write_rate = (
            rates.cache_write_1h
            if rates.cache_write_1h is not None
            else rates.input * r.long_write_multiplier
        )
    usd = (
        prediction.read * read_rate
        + prediction.write * write_rate
        + prediction.uncached * rates.input
        + output_tokens * rates.output
    )
    return usd / 1_000_000


# -- the log as it ran ---------------------------------------------------------------------------


def _calls(transcript: Any) -> list[Any]:
    return [c for c in getattr(transcript, "calls", None) or () if c.total_input_tokens > 0]


def _usable(transcript: Any) -> bool:
    return bool(_calls(transcript))


def _model_of(transcript: Any) -> str | None:
    for call in _calls(transcript):
        if call.model:
            return str(call.model)
    return None


def _segment(call: Any, boundaries: Sequence[int]) -> int:
    # as in call_contexts: a call whose context reaches a compaction's index sees its summary
    return sum(1 for index in boundaries if index <= call.last_message + 1)


def log_shapes(transcript: Any) -> list[CallShape]:
    """Each call of the log as it ran: its billed prompt, the previous prompt reused unless a
    compaction lies between them, and the gap from the log's timestamps."""
    calls = _calls(transcript)
    boundaries = sorted(c.index for c in getattr(transcript, "compactions", None) or ())
    shapes: list[CallShape] = []
    previous = None
    for call in calls:
        reused = 0
        gap = None
        if previous is not None:
            if _segment(call, boundaries) == _segment(previous, boundaries):
                reused = previous.total_input_tokens
            if call.timestamp is not None and previous.timestamp is not None:
                gap = max(call.timestamp - previous.timestamp, 0.0)
        shapes.append(
            CallShape(
                total=call.total_input_tokens,
                reused=reused,
                gap_s=gap,
                output=call.output_tokens,
                long_cache=getattr(call, "cache_creation_1h_input_tokens", 0) > 0,
            )
        )
        previous = call
    return shapes


@dataclass(frozen=True)
class CacheCall:
    index: int
    total: int
    predicted: CachePrediction
    billed_read: int
    billed_write: int

    @property
    def read_error(self) -> float:
        """|predicted - billed cache reads| as a share of the call's input."""
        return abs(self.predicted.read - self.billed_read) / self.total if self.total else 0.0


@dataclass(frozen=True)
class CacheCheck:
    """Predicted cache reads and writes call by call, beside what the provider billed."""

    model: CacheModel
    calls: tuple[CacheCall, ...]

    @property
    def predicted_reads(self) -> int:
        return sum(c.predicted.read for c in self.calls)

    @property
    def billed_reads(self) -> int:
        return sum(c.billed_read for c in self.calls)

    @property
    def reads_ratio(self) -> float:
        """Total predicted cache reads / billed (1.0 is exact)."""
        return self.predicted_reads / self.billed_reads if self.billed_reads else float("nan")

    @property
    def median_error(self) -> float:
        errors = [c.read_error for c in self.calls]
        return statistics.median(errors) if errors else float("nan")

    @property
    def p90_error(self) -> float:
        errors = [c.read_error for c in self.calls]
        if len(errors) < 2:
            return errors[0] if errors else float("nan")
        # "inclusive": linear between closest ranks, as the count checks' percentiles
        return statistics.quantiles(errors, n=10, method="inclusive")[8]

    def meets(self, total: float = 0.03, median: float = 0.02, p90: float = 0.10) -> bool:
        return (
            abs(self.reads_ratio - 1) <= total
            and self.median_error <= median
            and self.p90_error <= p90
        )

    def __str__(self) -> str:
        return (
            f"{self.model.rules.family} cache: {len(self.calls)} calls, predicted reads "
            f"{self.reads_ratio:.3f}x billed, per-call error median {self.median_error:.2%} "
            f"p90 {self.p90_error:.2%}"
        )


def check_cache(transcript: Any, model: CacheModel | None = None) -> CacheCheck:
    """For each call with usage: predicted cache read / write / uncached for the session as it
    ran, beside the billed figures. `model` None: the uncalibrated model of the log's family."""
    model = model or CacheModel(cache_family(_model_of(transcript)))
    calls = _calls(transcript)
    predicted = model.predict(log_shapes(transcript))
    rows = tuple(
        CacheCall(
            index=call.index,
            total=call.total_input_tokens,
            predicted=p,
            billed_read=call.cached_input_tokens,
            billed_write=call.cache_creation_input_tokens,
        )
        for call, p in zip(calls, predicted, strict=True)
    )
    return CacheCheck(model=model, calls=rows)
