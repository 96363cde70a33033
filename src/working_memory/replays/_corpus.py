"""compare_policies over a corpus: streamed, in parallel, written as the rows arrive.

The unit of work is one file (or one in-memory transcript): a worker loads it, replays it
under every policy and sends back only the result rows, so each worker holds one transcript
at a time and the caller holds only rows. Junk files come back as `Skipped` entries instead
of rows. `workers=N` runs the jobs on N local processes; `executor=` on any
`concurrent.futures.Executor` (a Dask `Client.get_executor()` for a cluster). At most a few
jobs per worker are in flight, so in-memory sources are not all pickled at once either.
"""

from __future__ import annotations

import csv
import dataclasses
import logging
import multiprocessing
import os
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..transcripts import CorpusWarning, Skipped, Transcript, TranscriptIterator
from ._cost import cost_totals, cost_verdict, frame_verdicts
from ._policy import Policy
from ._stats import ReplayStats

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["ROW_COLUMNS", "Job", "JobResult", "RowWriter", "run_jobs"]

log = logging.getLogger("working_memory")

# One row per transcript x policy: who, what the log was, then every ReplayStats field, the
# cost with the prompt cache first and the tokens beside it.
_LEADING = (
    "calls",
    "cost_usd",
    "unmanaged_cost_usd",
    "saved_cost_share",
    "cache_breaks",
    "billed_tokens",
    "unmanaged_billed_tokens",
    "saved_share",
)
ROW_COLUMNS: tuple[str, ...] = (
    "transcript",
    "policy",
    "format",
    "messages",
    "load_warnings",
    *_LEADING,
    *(f.name for f in dataclasses.fields(ReplayStats) if f.name not in _LEADING),
)


@dataclass(frozen=True)
class Job:
    """One file to load (path) or one transcript already in memory, with its label."""

    index: int
    label: str
    path: Path | None = None
    transcript: Transcript | None = None


@dataclass(frozen=True)
class JobResult:
    index: int
    rows: list[dict[str, Any]]
    skipped: list[Skipped]


# `replay.replay`, handed down by compare_policies (this module must not import replay,
# which imports it); a module-level function, so process pools and Dask pickle it by name.
ReplayFunction = Callable[..., Any]


def replay_job(job: Job, policies: Mapping[str, Policy], replay: ReplayFunction) -> JobResult:
    """Load (if a path) and replay one job under every policy. Runs in the worker; never
    raises for a bad transcript: a failure is a Skipped entry with its reason."""
    skipped: list[Skipped] = []
    if job.transcript is not None:
        transcripts = [(job.label, job.transcript)]
    else:
        assert job.path is not None
        loader = TranscriptIterator([job.path], warn=False)
        runs = loader.load_one(job.label, job.path)
        skipped.extend(loader.skipped)
        transcripts = [(t.metadata.get("corpus_label", job.label), t) for t in runs]
    rows: list[dict[str, Any]] = []
    for label, transcript in transcripts:
        try:
            found = []
            for name, policy in policies.items():
                stats = replay(transcript, policy, name=f"{label} / {name}").stats
                found.append(
                    {
                        "transcript": label,
                        "policy": name,
                        "format": transcript.format,
                        "messages": len(transcript.messages),
                        "load_warnings": len(transcript.warnings),
                        **stats.to_dict(),
                    }
                )
            rows.extend(found)
        except Exception as exc:
            where = str(job.path) if job.path is not None else label
            skipped.append(Skipped(where, f"replay failed: {type(exc).__name__}: {exc}"))
    return JobResult(job.index, rows, skipped)


# -- output -------------------------------------------------------------------------------------
class RowWriter:
    """Appends rows to a .csv (stdlib; readable after an interruption) or a .parquet file
    (pyarrow, the [parquet] extra; row groups flushed every `batch` rows, readable once
    closed)."""

    def __init__(self, path: str | Path, batch: int = 1000) -> None:
        self.path = Path(path).expanduser()
        self.batch = batch
        suffix = self.path.suffix.lower()
        self._buffer: list[dict[str, Any]] = []
        self._csv: Any = None
        self._parquet: Any = None
        if suffix == ".csv":
            self._handle = open(self.path, "w", newline="", encoding="utf-8")  # noqa: SIM115
            self._csv = csv.DictWriter(self._handle, fieldnames=ROW_COLUMNS)
            self._csv.writeheader()
        elif suffix == ".parquet":
            try:
                import pyarrow as pa  # type: ignore[import-untyped]
                import pyarrow.parquet as pq  # type: ignore[import-untyped]
            except ImportError as exc:
                raise ImportError(
                    f"writing {self.path.name} needs pyarrow: pip install 'working-memory[parquet]' "
                    "(or write a .csv, which needs nothing)"
                ) from exc
            self._pa = pa
            self._schema = pa.schema([(name, _arrow_type(pa, name)) for name in ROW_COLUMNS])
            self._parquet = pq.ParquetWriter(self.path, self._schema)
        else:
            raise ValueError(
                f"{self.path}: unknown output type {suffix!r} (expected .csv or .parquet)"
            )

    def write(self, rows: Iterable[dict[str, Any]]) -> None:
        if self._csv is not None:
            self._csv.writerows(rows)
            self._handle.flush()
            return
        self._buffer.extend(rows)
        if len(self._buffer) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        if self._buffer:
            table = self._pa.Table.from_pylist(self._buffer, schema=self._schema)
            self._parquet.write_table(table)
            self._buffer = []

    def close(self) -> None:
        if self._csv is not None:
            self._handle.close()
        else:
            self._flush()
            self._parquet.close()


_STAT_TYPES = {f.name: str(f.type) for f in dataclasses.fields(ReplayStats)}


def _arrow_type(pa: Any, name: str) -> Any:
    if name in ("transcript", "policy", "format") or _STAT_TYPES.get(name, "").startswith("str"):
        return pa.string()
    if name in ("messages", "load_warnings"):
        return pa.int64()
    kind = _STAT_TYPES[name]
    if kind.startswith("bool"):
        return pa.bool_()  # task_survived may be null: unknown
    return pa.float64() if kind.startswith("float") else pa.int64()


# -- running --------------------------------------------------------------------------------------
def _completed(
    jobs: Iterator[Job],
    policies: Mapping[str, Policy],
    replay: ReplayFunction,
    executor: Executor,
    in_flight: int,
) -> Iterator[JobResult]:
    """Results as they finish, with at most `in_flight` jobs submitted at a time."""
    pending: set[Future[JobResult]] = set()
    for job in jobs:
        pending.add(executor.submit(replay_job, job, policies, replay))
        if len(pending) >= in_flight:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    while pending:
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            yield future.result()


def run_jobs(
    jobs: list[Job],
    policies: Mapping[str, Policy],
    *,
    replay: ReplayFunction,
    workers: int | None = None,
    executor: Executor | None = None,
    out: str | Path | None = None,
    progress: bool = False,
    on_rows: Callable[[list[dict[str, Any]]], None] | None = None,
) -> pandas.DataFrame:
    import pandas as pd

    if workers is not None and workers < 1:
        raise ValueError(f"workers={workers}: expected 1 or more (or None for this process)")
    writer = RowWriter(out) if out is not None else None
    own: Executor | None = None
    if executor is None and workers is not None:
        # spawn, not fork: forking a process that runs threads (Jupyter, tqdm) can deadlock.
        own = executor = ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn")
        )
    bar = _progress(len(jobs)) if progress else None
    results: list[JobResult] = []
    skipped: list[Skipped] = []
    try:
        if executor is None:
            stream: Iterator[JobResult] = (replay_job(job, policies, replay) for job in jobs)
        else:
            in_flight = 2 * (
                workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 2
            )
            stream = _completed(iter(jobs), policies, replay, executor, in_flight)
        for result in stream:
            # Keep only the rows: the transcript stayed in the worker.
            results.append(JobResult(result.index, result.rows, []))
            skipped.extend(result.skipped)
            if writer is not None and result.rows:
                writer.write(result.rows)
            if on_rows is not None and result.rows:
                on_rows(result.rows)
            if bar is not None:
                bar.update(1)
                if result.skipped:
                    bar.set_postfix(skipped=len(skipped))
    finally:
        if bar is not None:
            bar.close()
        if own is not None:
            own.shutdown(cancel_futures=True)
        if writer is not None:
            writer.close()
    results.sort(key=lambda r: r.index)
    frame = pd.DataFrame([row for r in results for row in r.rows], columns=list(ROW_COLUMNS))
    frame.attrs["skipped"] = [dataclasses.asdict(s) for s in skipped]
    frame.attrs["files"] = len(jobs)
    records = cast("list[dict[str, Any]]", frame.to_dict("records"))
    frame.attrs["verdict"] = cost_verdict(cost_totals(records))
    frame.attrs["verdicts"] = frame_verdicts(records)
    if skipped:
        lines = "; ".join(str(s) for s in skipped[:5])
        more = f"; ... {len(skipped) - 5} more" if len(skipped) > 5 else ""
        message = f"compare_policies: skipped {len(skipped)} of {len(jobs)} inputs: {lines}{more}"
        warnings.warn(message, CorpusWarning, stacklevel=3)
    return frame


def _progress(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        log.warning("progress=True needs tqdm: pip install 'working-memory[notebook]'")
        return None
    return tqdm(total=total, desc="compare_policies", unit="file")
