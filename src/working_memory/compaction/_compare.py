"""Run compaction variants over the same spans, concurrently, and tabulate what each kept.

    variants = [
        Variant("offline"),                                    # ExtractiveCompactor, no key
        Variant("default", prompt="default", client=client),
        Variant("handoff", prompt="handoff", client=client, word_limit=300),
    ]
    print(estimate_compare_cost(spans, variants, samples=3))
    df = compare(spans, variants, samples=3, concurrency=8)

Every (span, variant, sample) is one request in a bounded thread pool; a failed request is a
row with its `error`, never a failed batch.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .._redact import redact
from ..protocols import LLMClient
from ..tokens import TokenCounter, get_counter
from ._compactor import CompactionResult, Compactor, SpanCompactor, render_span
from ._evaluate import PreparedSpan, prepare, score_prepared
from ._probes import probe_summary
from ._prompts import summary_word_limit
from ._segments import span_text
from ._summariser import make_summariser

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COLUMNS",
    "CostEstimate",
    "Variant",
    "VariantCost",
    "compare",
    "estimate_compare_cost",
    "offline_prompt_warning",
]

Span = Sequence[Mapping[str, Any]]
Spans = Sequence[Span] | Mapping[str, Span]

# Columns every compare() frame has, in order (probe_* columns follow when probing).
COLUMNS = (
    "span", "variant", "sample", "prompt_used", "summary", "nothing", "reason",
    "fact_retention", "facts", "facts_kept", "frequent_retention",
    "continuation", "cont_latest_request", "cont_user_messages", "cont_files_edited",
    "cont_last_error", "cont_pending_todos", "cont_next_step",
    "corrections", "corrections_kept", "compression", "span_tokens", "summary_tokens",
    "summary_words", "word_limit", "within_limit",
    "prompt_tokens", "completion_tokens", "latency_s", "cost_usd", "model", "error",
    "kept", "lost",
)  # fmt: skip

# A summary runs at about 4/3 tokens per English word; used only for the cost estimate.
_TOKENS_PER_WORD = 4 / 3


@dataclass(frozen=True)
class Variant:
    """One way of compacting: a prompt (template name or text), a client and settings.

    `client=None` is the offline ExtractiveCompactor: it takes no prompt, so `prompt` is not
    used (rows say `prompt_used=False`, and compare() warns when offline variants differ
    only by prompt).
    `settings` are extra keyword arguments for the compactor (`Compactor(max_span_chars=...)`,
    `ExtractiveCompactor(max_line_words=...)`).
    """

    name: str
    prompt: str = "default"
    client: LLMClient | None = None
    word_limit: int | None = None  # None: scaled with each span (prompts.summary_word_limit)
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def offline(self) -> bool:
        return self.client is None

    @property
    def prompt_used(self) -> bool:
        """Whether the prompt reaches a model: never offline."""
        return self.client is not None

    def compactor(self) -> SpanCompactor:
        """Build the compactor; raises ValueError/TypeError for a bad template or setting."""
        return make_summariser(
            self.client, word_limit=self.word_limit, prompt=self.prompt, **dict(self.settings)
        )


def _named_spans(spans: Spans) -> list[tuple[Any, Span]]:
    items = list(spans.items()) if isinstance(spans, Mapping) else list(enumerate(spans))
    for label, span in items:
        if isinstance(span, str | bytes) or not isinstance(span, Sequence):
            raise TypeError(
                f"span {label!r}: expected a list of message dicts, got {type(span).__name__}"
            )
        for position, message in enumerate(span):
            if not isinstance(message, Mapping):
                raise TypeError(
                    f"span {label!r}, message {position}: expected a dict with 'role' and "
                    f"'content', got {type(message).__name__}"
                )
    return items


def offline_prompt_warning(variants: Sequence[Variant]) -> str | None:
    """A warning when offline variants differ only by prompt (or not at all): offline, the
    prompt is not used, so they give the same summary. None when there is nothing to say."""
    groups: dict[tuple[int, str], list[str]] = {}
    for variant in variants:
        # A subclass that builds its own compactor may well use its prompt.
        if variant.offline and type(variant).compactor is Variant.compactor:
            key = (variant.word_limit or 0, repr(sorted(dict(variant.settings).items())))
            groups.setdefault(key, []).append(variant.name)
    same = [names for names in groups.values() if len(names) > 1]
    if not same:
        return None
    listed = "; ".join(", ".join(names) for names in same)
    return (
        f"offline variants {listed} differ only by their prompt, which the offline extractive "
        "compactor does not use: they will give the same summary (give them a client to "
        "compare prompts)"
    )


def _check(variants: Sequence[Variant], samples: int, concurrency: int) -> None:
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples!r}")
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency!r}")
    names = [v.name for v in variants]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"variant names must be unique; repeated: {', '.join(duplicates)}")
    for variant in variants:
        if not isinstance(variant, Variant):
            raise TypeError(f"expected Variant objects, got {type(variant).__name__}")


@dataclass(frozen=True)
class _Job:
    span_label: Any
    span: Span
    prepared: PreparedSpan
    variant: Variant
    compactor: SpanCompactor | None
    build_error: str | None
    sample: int


def _run(job: _Job, counter: TokenCounter, probe_client: LLMClient | None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "span": job.span_label,
        "variant": job.variant.name,
        "sample": job.sample,
        "prompt_used": job.variant.prompt_used,
    }
    started = time.perf_counter()
    result: CompactionResult | None = None
    error = job.build_error
    if job.compactor is not None:
        try:
            result = job.compactor.compact(job.span)
        except Exception as exc:  # a custom compactor may raise: one row, not the batch
            error = redact(f"{type(exc).__name__}: {exc}")[:500]
    if result is not None and result.error:
        error = result.error
    row.update(
        summary=result.summary if result else None,
        nothing=result.nothing if result else False,
        reason=result.reason if result else (error or ""),
        prompt_tokens=result.prompt_tokens if result else 0,
        completion_tokens=result.completion_tokens if result else 0,
        latency_s=result.latency_s
        if result and result.latency_s
        else time.perf_counter() - started,
        cost_usd=result.cost_usd if result else None,
        model=result.model if result else "",
        error=error,
    )
    if error is None and result is not None:
        score = score_prepared(job.prepared, result.summary, counter, job.variant.word_limit, 5)
        row.update(score.to_row())
        if probe_client is not None:
            row.update(probe_summary(job.span, result.summary, probe_client).to_row())
    else:
        row.update(
            span_tokens=job.prepared.tokens, word_limit=job.variant.word_limit,
            facts=len(job.prepared.counts), corrections=len(job.prepared.instructions),
        )  # fmt: skip
    return row


def _progress_bar(total: int, enabled: bool) -> Any:
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError as exc:
        raise ImportError(
            "compare(progress=True) needs tqdm: pip install 'working-memory[notebook]' "
            "(or pass progress=False)"
        ) from exc
    return tqdm(total=total, desc="compare", unit="request")


def compare(
    spans: Spans,
    variants: Sequence[Variant],
    *,
    samples: int = 1,
    concurrency: int = 4,
    progress: bool = True,
    counter: TokenCounter | str | None = None,
    probe_client: LLMClient | None = None,
) -> pd.DataFrame:
    """Compact every span with every variant `samples` times, concurrently; one row each.

    `spans` is a list of spans (labelled 0, 1, ...) or a mapping of label -> span; a span is
    a list of OpenAI-style message dicts. At most `concurrency` requests are in flight.
    Metrics columns come from `summary_metrics` (fact share, and the continuation probes in
    `continuation` and cont_*); with `probe_client`, probe_* columns from `probe_summary` too.
    A request that fails is a row whose `error` says why. Offline variants that differ only
    by prompt raise a UserWarning: offline, the prompt is not used (`prompt_used` is False).
    """
    try:
        import pandas as pd
    except ImportError as exc:
        raise ImportError(
            "compare() returns a DataFrame: pip install 'working-memory[notebook]'"
        ) from exc
    _check(variants, samples, concurrency)
    warning = offline_prompt_warning(variants)
    if warning is not None:
        warnings.warn(warning, UserWarning, stacklevel=2)
    named = _named_spans(spans)
    tokens = get_counter(counter)
    built: dict[str, tuple[SpanCompactor | None, str | None]] = {}
    for variant in variants:
        try:
            built[variant.name] = (variant.compactor(), None)
        except Exception as exc:  # a bad variant is error rows, not a failed batch
            built[variant.name] = (None, redact(f"{type(exc).__name__}: {exc}")[:500])
    jobs: list[_Job] = []
    for label, span in named:
        prepared = prepare(span, tokens)
        for variant in variants:
            compactor, build_error = built[variant.name]
            for sample in range(samples):
                jobs.append(_Job(label, span, prepared, variant, compactor, build_error, sample))

    rows: list[dict[str, Any] | None] = [None] * len(jobs)
    bar = _progress_bar(len(jobs), progress and bool(jobs))
    try:
        with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="wm-compare") as pool:
            futures = {
                pool.submit(_run, job, tokens, probe_client): i for i, job in enumerate(jobs)
            }
            for future in as_completed(futures):
                rows[futures[future]] = future.result()
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    frame = pd.DataFrame([r for r in rows if r is not None])
    extra = [c for c in frame.columns if c not in COLUMNS]
    return frame.reindex(columns=[*COLUMNS, *extra])


@dataclass(frozen=True)
class VariantCost:
    """Expected use of one variant over all spans and samples. `cost_usd` None: no price known."""

    variant: str
    model: str
    requests: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float | None


@dataclass(frozen=True)
class CostEstimate:
    """What a compare() run will send, before it is run. Completion tokens are the word limit's
    worth (an upper estimate: summaries are usually shorter)."""

    variants: tuple[VariantCost, ...]
    span_tokens: int  # sum over spans, counted once

    @property
    def requests(self) -> int:
        return sum(v.requests for v in self.variants)

    @property
    def prompt_tokens(self) -> int:
        return sum(v.prompt_tokens for v in self.variants)

    @property
    def completion_tokens(self) -> int:
        return sum(v.completion_tokens for v in self.variants)

    @property
    def cost_usd(self) -> float | None:
        """Total dollars over the variants with a known price (None when none has one)."""
        known = [v.cost_usd for v in self.variants if v.cost_usd is not None]
        return sum(known) if known else None

    @property
    def unpriced(self) -> tuple[str, ...]:
        return tuple(v.variant for v in self.variants if v.cost_usd is None)

    def to_pandas(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([v.__dict__ for v in self.variants])

    def __str__(self) -> str:
        lines = [
            f"{self.requests} model requests, {self.prompt_tokens:,} prompt + up to "
            f"{self.completion_tokens:,} completion tokens"
        ]
        for v in self.variants:
            cost = (
                "offline"
                if v.model == "extractive"
                else (f"${v.cost_usd:.4f}" if v.cost_usd is not None else "no price for this model")
            )
            lines.append(
                f"  {v.variant}: {v.requests} x {v.model or '?'}, {v.prompt_tokens:,} + "
                f"{v.completion_tokens:,} tokens, {cost}"
            )
        if self.cost_usd is not None:
            suffix = f" (unpriced: {', '.join(self.unpriced)})" if self.unpriced else ""
            lines.append(f"  total: ${self.cost_usd:.4f}{suffix}")
        return "\n".join(lines)


def _price(model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    try:
        from ..clients import estimate_cost
    except ImportError:  # pragma: no cover - the clients package imports no SDK at import time
        return None
    return estimate_cost(model, prompt_tokens, completion_tokens)


def estimate_compare_cost(
    spans: Spans,
    variants: Sequence[Variant],
    samples: int = 1,
    *,
    counter: TokenCounter | str | None = None,
) -> CostEstimate:
    """Tokens and dollars a compare() run would spend: the rendered prompt (span + template)
    x samples per model variant, and the word limit's worth of completion tokens. Offline
    variants cost nothing. Dollars come from `working_memory.clients.PRICES` where the
    client's model has an entry; elsewhere the cost is None, never guessed."""
    _check(variants, samples, 1)
    named = _named_spans(spans)
    tokens = get_counter(counter)
    span_tokens = sum(tokens.count(span_text(span)) for _, span in named)
    rows: list[VariantCost] = []
    for variant in variants:
        if variant.offline:
            rows.append(VariantCost(variant.name, "extractive", 0, 0, 0, 0.0))
            continue
        compactor = variant.compactor()
        if not isinstance(compactor, Compactor):  # pragma: no cover - compactor() builds one
            raise TypeError(f"variant {variant.name!r}: expected a Compactor for a model client")
        prompt = 0
        for _, span in named:
            request = compactor.build_request(span)
            prompt += sum(tokens.count(str(m.get("content") or "")) for m in request)
        requests = len(named) * samples
        prompt *= samples
        words = sum(
            variant.word_limit or summary_word_limit(render_span(span)) for _, span in named
        )
        completion = int(words * _TOKENS_PER_WORD) * samples
        model = str(getattr(variant.client, "model", "") or "")
        rows.append(
            VariantCost(variant.name, model, requests, prompt, completion,
                        _price(model, prompt, completion) if model else None)
        )  # fmt: skip
    return CostEstimate(tuple(rows), span_tokens)
