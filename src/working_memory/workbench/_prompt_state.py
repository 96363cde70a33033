"""The prompt lab's state: the variants, the span choice, and the results of the last run.

`run()` calls `working_memory.compaction.compare` once per (variant, sample) in a thread pool,
so the progress bar moves per request and Cancel stops what has not started.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..compaction import (
    COLUMNS,
    TEMPLATES,
    CellMetric,
    JudgeMetric,
    Matrix,
    MatrixSpan,
    Question,
    Variant,
    compare,
    compare_matrix,
    judge_summary,
    offline_prompt_warning,
    render_prompt,
    render_span,
    summary_metrics,
    template_problems,
)
from ..config import WORD_LIMIT
from ..protocols import LLMClient
from ._policy_state import PolicyState
from ._state import TranscriptState
from ._widgets import Cancelled, require_pandas

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PRODUCTION", "PromptLabState", "PromptVariant"]


PRODUCTION = "production"  # the column holding the production agent's own summary


@dataclass(frozen=True)
class PromptVariant:
    """A named way to compact: a template (text), offline or through the client, a word limit.

    Offline variants use the extractive compactor, which takes no prompt: their template is
    not used (`prompt_used` is False, and the lab warns when offline variants differ only by it).
    """

    name: str
    template: str = TEMPLATES["default"].template
    mode: str = "offline"  # "offline" | "client"
    word_limit: int = WORD_LIMIT

    @property
    def prompt_used(self) -> bool:
        return self.mode == "client"

    def problems(self) -> list[str]:
        found = [] if self.name.strip() else ["a variant needs a name"]
        if self.mode not in ("offline", "client"):
            found.append(f"mode {self.mode!r}: expected 'offline' or 'client'")
        if self.word_limit < 1:
            found.append(f"word limit {self.word_limit} must be at least 1")
        if self.mode == "client":
            found.extend(template_problems(self.template))
        return found


@functools.cache
def _bench() -> tuple[Any, ...]:
    """The benchmark spans that ship with the package (built once: they do not change)."""
    from ..compaction.bench import benchmark_spans

    return tuple(benchmark_spans())


def _client_label(client: LLMClient | None) -> str:
    """What the UI may say about a client: provider and model, never its key."""
    if client is None:
        return "no client configured"
    provider = getattr(client, "provider", type(client).__name__)
    return f"{provider} · {getattr(client, 'model', '?')}"


class PromptLabState:
    """Variants, the span, samples and the results of the last run (a DataFrame)."""

    def __init__(
        self,
        transcript: TranscriptState,
        policy: PolicyState | None = None,
        *,
        client: LLMClient | None = None,
    ) -> None:
        self.transcript = transcript
        self.policy = policy if policy is not None else PolicyState(transcript)
        self._client = client
        self.variants: list[PromptVariant] = [PromptVariant("offline")]
        # Called after set_variant / remove_variant, so a panel shows variants added from code.
        self._variant_observers: list[Callable[[], None]] = []
        self.span_choice = "next"  # "next" | "range" | "compaction:<k>"
        self.range = (0, 0)
        self.samples = 1
        self.concurrency = 4
        self.baseline: str | None = None
        self.include_production = True
        # The judge of the headline: these questions (the offline grader), else this client
        # (the model judge), else the metrics, labelled as such (see judge_summary).
        self.questions: Sequence[Question] | None = None
        self.judge_client: LLMClient | None = None
        self.results: pd.DataFrame | None = None
        self.run_span: tuple[str, int, int] | None = None
        # The matrix (rows spans, columns variants): which spans, the cell metric (None: the
        # judge, with `judge_client` when set), the last matrix and whether to show only rows
        # where the variants disagree.
        self.matrix_spans: list[str] = [f"bench:{s.name}" for s in _bench()]
        self.matrix_metric: CellMetric | None = None
        self.matrix: Matrix | None = None
        self.differences_only = False

    @property
    def client(self) -> LLMClient | None:
        return self._client

    @client.setter
    def client(self, client: LLMClient | None) -> None:
        self._client = client

    @property
    def client_label(self) -> str:
        return _client_label(self._client)

    def use_env_client(self) -> str:
        """Take the client `.env` / the environment configures (client_from_env); say which."""
        from ..clients import client_from_env

        self._client = client_from_env(required=False)
        return self.client_label

    def find_local_models(self, timeout_s: float = 0.3) -> list[tuple[str, str, str]]:
        """(label, base URL, model) for each model a server on a well-known local port lists."""
        from ..clients import discover_local_servers

        return [
            (f"{model} ({server.name}, {server.base_url})", server.base_url, model)
            for server in discover_local_servers(timeout_s)
            for model in server.models
        ]

    def use_local_model(self, base_url: str, model: str) -> str:
        """Use `model` on the local server at `base_url`; say which client that is."""
        from ..clients import OpenAIClient

        self._client = OpenAIClient(model, base_url=base_url)
        return self.client_label

    # -- variants --------------------------------------------------------------------------------
    def set_variant(self, variant: PromptVariant) -> None:
        """Add a variant, or replace the one with the same name."""
        problems = variant.problems()
        if problems:
            raise ValueError(f"variant {variant.name!r}: " + "; ".join(problems))
        if variant.name == PRODUCTION:
            raise ValueError(
                f"{PRODUCTION!r} is the production summary's column: pick another name"
            )
        self.variants = [v for v in self.variants if v.name != variant.name] + [variant]
        self._variants_changed()

    def remove_variant(self, name: str) -> None:
        self.variants = [v for v in self.variants if v.name != name]
        self._variants_changed()

    def observe_variants(self, callback: Callable[[], None]) -> None:
        self._variant_observers.append(callback)

    def _variants_changed(self) -> None:
        for callback in list(self._variant_observers):
            callback()

    def warnings(self) -> list[str]:
        """What the user should know before running: offline variants that can only tie."""
        found = []
        offline = [v for v in self.variants if not v.prompt_used]
        if any(v.template != TEMPLATES["default"].template for v in offline):
            found.append(
                "offline variants do not use their prompt: the extractive compactor takes none, "
                "so an edited prompt gives the same summary as the default"
            )
        warning = offline_prompt_warning(
            [Variant(v.name, word_limit=v.word_limit) for v in offline]
        )
        if warning:
            found.append(warning)
        return found

    # -- the span ----------------------------------------------------------------------------------
    def span_options(self) -> list[tuple[str, str]]:
        options = [("the policy's next compaction span", "next"), ("a range of messages", "range")]
        transcript = self.transcript.current
        for k, compaction in enumerate(transcript.compactions if transcript else ()):
            options.append(
                (
                    f"production compaction {k + 1} (messages before {compaction.index})",
                    f"compaction:{k}",
                )
            )
        return options

    def span(self) -> tuple[str, int, int, str | None]:
        """(label, start, end, production summary or None) of the chosen span."""
        messages = self.transcript.messages
        choice = self.span_choice
        if choice == "next":
            start, end = self.policy.preview.span
            if end <= start:
                raise ValueError(
                    "the policy has no compaction span at this point: move 'window at' in the "
                    "pin editor, or choose a range of messages"
                )
            return f"next span {start}–{end - 1}", start, end, None
        if choice == "range":
            start, end = self.range
            if not 0 <= start < end <= len(messages):
                raise ValueError(
                    f"range {start}–{end}: expected 0 <= start < end <= {len(messages)} messages"
                )
            return f"messages {start}–{end - 1}", start, end, None
        if choice.startswith("compaction:"):
            compactions = self.transcript.current.compactions if self.transcript.current else []
            k = int(choice.split(":", 1)[1])
            if not 0 <= k < len(compactions):
                raise ValueError(f"no production compaction {k + 1} in this transcript")
            start = compactions[k - 1].index if k else 0
            end = min(compactions[k].index, len(messages))
            return f"production compaction {k + 1}", start, end, compactions[k].summary
        raise ValueError(f"span choice {choice!r}: expected 'next', 'range' or 'compaction:<k>'")

    # -- the matrix --------------------------------------------------------------------------------
    def matrix_span_options(self) -> list[tuple[str, str]]:
        """(label, key) of the spans a matrix row can be: the lab's chosen span, each
        production compaction of the transcript, each benchmark span (with its questions)."""
        options = [("the span chosen above", "chosen")]
        options += [(label, key) for label, key in self.span_options() if key.startswith("comp")]
        options += [
            (f"benchmark: {s.name} ({len(s.messages)} messages, {len(s.questions)} questions)",
             f"bench:{s.name}")
            for s in _bench()
        ]  # fmt: skip
        return options

    def _matrix_span(self, key: str) -> MatrixSpan:
        if key.startswith("bench:"):
            name = key.split(":", 1)[1]
            for bench in _bench():
                if bench.name == name:
                    return MatrixSpan(name, bench.messages, bench.questions, bench.production)
            raise ValueError(f"no benchmark span {name!r}")
        if key == "chosen":
            label, start, end, production = self.span()
            questions = tuple(self.questions) if self.questions is not None else None
            return MatrixSpan(label, self.transcript.messages[start:end], questions, production)
        if key.startswith("compaction:"):
            keep = self.span_choice
            try:
                self.span_choice = key
                label, start, end, production = self.span()
            finally:
                self.span_choice = keep
            return MatrixSpan(label, self.transcript.messages[start:end], None, production)
        raise ValueError(
            f"matrix span {key!r}: expected 'chosen', 'compaction:<k>' or 'bench:<name>'"
        )

    def run_matrix(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> Matrix:
        """Every variant on every span of `matrix_spans`, graded by `matrix_metric` (default:
        the judge); sets and returns `matrix`. Offline variants that differ only by their
        prompt run once (the others' cells name whose summary they would repeat)."""
        if not self.variants:
            raise ValueError("add at least one variant")
        if not self.matrix_spans:
            raise ValueError("choose at least one span for the matrix's rows")
        spans = [self._matrix_span(key) for key in self.matrix_spans]
        metric = self.matrix_metric or JudgeMetric(client=self.judge_client)
        self.matrix = compare_matrix(
            spans,
            self._variants(),
            metric=metric,
            include_production=self.include_production,
            concurrency=self.concurrency,
            counter=self.policy.policy.counter,
            progress=progress,
            cancel=cancel,
        )
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"cancelled: {len(self.matrix.cells)} cells kept")
        return self.matrix

    def matrix_view(self) -> Matrix | None:
        """The matrix as shown: only the rows where variants disagree when `differences_only`."""
        if self.matrix is None:
            return None
        return self.matrix.differences_only() if self.differences_only else self.matrix

    def _variants(self) -> list[Variant]:
        built = []
        for v in self.variants:
            if v.mode == "client":
                if self._client is None:
                    raise ValueError(
                        f"variant {v.name!r} needs a client: configure one in .env "
                        "(WM_PROVIDER, WM_MODEL, key) and press 'use .env client', or make it offline"
                    )
                built.append(
                    Variant(v.name, prompt=v.template, client=self._client, word_limit=v.word_limit)
                )
            else:
                built.append(Variant(v.name, word_limit=v.word_limit))
        return built

    # -- running ---------------------------------------------------------------------------------
    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> pd.DataFrame:
        """Every variant x sample on the chosen span; sets and returns `results`.

        Requests run `concurrency` at a time; with `cancel` set, requests not yet started are
        dropped and the rows finished so far are kept.
        """
        pd = require_pandas()
        if not self.variants:
            raise ValueError("add at least one variant")
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")
        label, start, end, production = self.span()
        span = self.transcript.messages[start:end]
        shares_summary = self.shared_summaries()
        variants = [v for v in self._variants() if v.name not in shares_summary]
        jobs = [(v, s) for v in variants for s in range(self.samples)]
        total = len(jobs)
        rows: list[Any] = []
        done = 0
        if progress:
            progress(0, total)
        with ThreadPoolExecutor(
            max_workers=max(1, self.concurrency), thread_name_prefix="wm-prompt-lab"
        ) as pool:
            pending: set[Future[Any]] = set()
            queue = list(jobs)
            while queue or pending:
                while (
                    queue and len(pending) < self.concurrency and not (cancel and cancel.is_set())
                ):
                    variant, sample = queue.pop(0)
                    future = pool.submit(
                        compare,
                        {label: span},
                        [variant],
                        samples=1,
                        concurrency=1,
                        progress=False,
                        counter=self.policy.policy.counter,
                    )
                    future.sample = sample  # type: ignore[attr-defined]
                    pending.add(future)
                if cancel and cancel.is_set():
                    queue.clear()
                if not pending:
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    frame = future.result()
                    frame["sample"] = future.sample  # type: ignore[attr-defined]
                    rows.append(frame)
                    done += 1
                    if progress:
                        progress(done, total)
        frame = pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(columns=list(COLUMNS))
        frame["prompt_used"] = frame["variant"].map({v.name: v.prompt_used for v in self.variants})
        if production is not None and self.include_production:
            score = summary_metrics(span, production, counter=self.policy.policy.counter)
            row = {
                "span": label,
                "variant": PRODUCTION,
                "sample": 0,
                "summary": production,
                "reason": "the production agent's own compaction",
                "model": PRODUCTION,
                "error": None,
                **score.to_row(),
            }
            frame = pd.concat([frame, pd.DataFrame([row])], ignore_index=True)
        frame = self._judged(span, frame)
        frame = self._not_run(label, span, frame, shares_summary)
        order = {v.name: n for n, v in enumerate(self.variants)}
        frame = frame.sort_values(
            ["variant", "sample"],
            key=lambda col: col.map(order).fillna(len(order)) if col.name == "variant" else col,
            kind="stable",
        ).reset_index(drop=True)
        self.results = frame.reindex(
            columns=[*COLUMNS, *[c for c in frame.columns if c not in COLUMNS]]
        )
        self.run_span = (label, start, end)
        if cancel is not None and cancel.is_set() and done < total:
            raise Cancelled(f"cancelled after {done} of {total} requests")
        return self.results

    def shared_summaries(self) -> dict[str, str]:
        """Offline variants that would only repeat another's summary, each with that one's
        name. Offline, the prompt is not used: variants that differ only by it give the same
        summary, and the lab runs the first once (the offline baseline) instead of showing
        identical scores side by side as if they were a comparison."""
        first: dict[int, str] = {}
        shared: dict[str, str] = {}
        for variant in self.variants:
            if variant.prompt_used:
                continue
            if variant.word_limit in first:
                shared[variant.name] = first[variant.word_limit]
            else:
                first[variant.word_limit] = variant.name
        return shared

    def would_send(self, name: str) -> str:
        """The request a variant sends a model for the chosen span (offline: what it would
        send once a client is given)."""
        variant = next(v for v in self.variants if v.name == name)
        _, start, end, _ = self.span()
        span = self.transcript.messages[start:end]
        return render_prompt(variant.template, span=render_span(span), limit=variant.word_limit)

    def _not_run(
        self, label: str, span: Any, frame: pd.DataFrame, shared: Mapping[str, str]
    ) -> pd.DataFrame:
        """Rows for the variants not run (`shared_summaries`): no scores, the prompt they
        would send, and whose summary they would repeat."""
        pd = require_pandas()
        if not shared:
            return frame
        frame = frame.copy()
        frame["same_as"] = None
        frame["would_send"] = None
        rows = [
            {
                "span": label,
                "variant": name,
                "sample": 0,
                "summary": None,
                "reason": f"not run: offline, its prompt is not used, so it would give "
                f"{base!r}'s summary; it shows what it would send to a model",
                "model": "offline (not run)",
                "error": None,
                "prompt_used": False,
                "same_as": base,
                "would_send": self.would_send(name),
            }
            for name, base in shared.items()
        ]
        return pd.concat([frame, pd.DataFrame(rows)], ignore_index=True)

    def _judged(self, span: Any, frame: pd.DataFrame) -> pd.DataFrame:
        """The headline judge's columns: its label, its share, its points and per-question
        results (the best judge available; the metrics' continuation when there is none)."""
        labels: list[str] = []
        shares: list[float | None] = []
        points: list[str | None] = []
        results: list[list[str]] = []
        for summary, cont in zip(frame["summary"], frame["continuation"], strict=True):
            if self.questions is None and self.judge_client is None:
                labels.append("metrics (continuation probes; no judge given)")
                shares.append(cont)
                points.append(None)
                results.append([])
                continue
            judged = judge_summary(
                span,
                summary if isinstance(summary, str) else None,
                questions=self.questions,
                client=self.judge_client,
            )
            labels.append(judged.label)
            shares.append(judged.share)
            points.append(judged.headline)
            results.append([str(r) for r in judged.results] or [judged.error or ""])
        frame["judge"], frame["judge_share"] = labels, shares
        frame["judge_headline"], frame["judge_results"] = points, results
        return frame

    def summary_table(self) -> pd.DataFrame:
        """Mean metrics per variant over its samples."""
        if self.results is None or self.results.empty:
            raise ValueError("nothing has run yet")
        # The deciding columns first (judge, facts, size, cost, NOTHING), so a notebook's
        # table shows them without scrolling sideways.
        columns = [
            "judge_share",
            "fact_retention",
            "continuation",
            "summary_tokens",
            "compression",
            "cost_usd",
            "nothing",
            "latency_s",
            "corrections_kept",
            "corrections",
            "summary_words",
        ]
        frame = self.results.copy()
        frame["nothing"] = frame["nothing"].astype(float)
        return frame.groupby("variant", sort=False)[columns].mean(numeric_only=False)
