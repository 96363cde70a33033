"""Several policies over several transcripts: `compare_policies` turns its corpus argument
into jobs (one per file, loaded in the worker, or per transcript given in memory) and streams
them through `run_jobs`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..transcripts import CORPUS_SUFFIXES, Transcript, TranscriptError, corpus_files
from ._policy import Policy, resolve_policy
from ._run import as_transcript, name_of, replay

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["compare_policies"]


# -- several policies, several transcripts ----------------------------------------------------
def _jobs(source: Any) -> list[Any]:
    """Jobs for compare_policies: one per file of a folder / path list (loaded in the worker),
    one per transcript or message list given in memory."""
    from ._corpus import Job

    jobs: list[Job] = []

    def add(label: str, item: Any) -> None:
        if isinstance(item, Transcript):
            jobs.append(Job(len(jobs), label, transcript=item))
        elif isinstance(item, str | Path):
            path = Path(item)
            if path.is_dir():
                for name, file in corpus_files(path):
                    jobs.append(Job(len(jobs), f"{label}/{name}" if label else name, path=file))
            else:
                jobs.append(Job(len(jobs), label or path.name, path=path))
        else:
            jobs.append(Job(len(jobs), label or "session", transcript=as_transcript(item)))

    if isinstance(source, Transcript):
        add(name_of(source), source)
    elif isinstance(source, str | Path):
        path = Path(source).expanduser()
        if not path.exists():
            raise TranscriptError("cannot open: No such file or directory", path=path)
        add("", path)
        if path.is_dir() and not jobs:
            suffixes = ", ".join(f"*{s}" for s in CORPUS_SUFFIXES)
            raise ValueError(f"{path}: no transcript files ({suffixes}) in it")
    elif isinstance(source, Mapping):
        for key, value in source.items():
            add(str(key), value)
    elif isinstance(source, Sequence) and not isinstance(source, bytes):
        items = list(source)
        if items and all(isinstance(m, Mapping) and "role" in m for m in items):
            add("session", items)
        else:
            for n, item in enumerate(items):
                if isinstance(item, Transcript):
                    add(name_of(item, f"session-{n}"), item)
                elif isinstance(item, str | Path):
                    add("" if Path(item).is_dir() else str(item), item)
                else:
                    add(f"session-{n}", item)
    else:
        raise TypeError(
            "compare_policies() takes a transcript, a message list, a path (file or folder), "
            f"a mapping or a sequence of those; got {type(source).__name__}"
        )
    return jobs


def compare_policies(
    transcript_or_corpus: Any,
    policies: Mapping[str, Policy | str | Path],
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    out: str | Path | None = None,
    progress: bool = False,
    on_rows: Callable[[list[dict[str, Any]]], None] | None = None,
) -> pandas.DataFrame:
    """One row per transcript x policy: transcript, policy, format, messages, load_warnings
    and every ReplayStats column, the cost with the prompt cache (None where the model has no
    price) and its cache breaks first, the tokens beside them (see ROW_COLUMNS).

    `frame.attrs["verdict"]`: the sentences naming the cheapest policy over the corpus (summed
    over the sessions priced under every policy) and each policy that saves tokens but costs
    more than no management; `frame.attrs["verdicts"]`: the same per transcript. They are
    `cost_verdict`'s, as in CLI `replay`, the replay lab and the report.

    The corpus is a transcript, a message list, a file, a folder (recursively; see
    iter_transcripts), a mapping name -> any of those, or a sequence of them. It is
    streamed: each file is loaded, replayed under every policy and dropped before the next,
    so memory holds one transcript per worker plus the rows.

    - `workers=N`: N local processes; `executor=`: any concurrent.futures.Executor (e.g. a
      Dask `Client.get_executor()`); default: this process, one file after another.
    - `out`: also append the rows to a .csv or .parquet file as each file finishes.
    - `on_rows(rows)`: called with each file's rows as they finish (in completion order).
    - `progress`: a tqdm progress bar over files.

    Files that cannot be loaded or replayed are skipped, listed in `frame.attrs["skipped"]`
    (path and reason) and summarised in one CorpusWarning at the end. Policies may be Policy
    values, preset names or policy files. Rows are returned in corpus order.
    """
    try:
        import pandas  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "compare_policies() returns a DataFrame and needs pandas: "
            "pip install 'working-memory[notebook]'"
        ) from exc
    from ._corpus import run_jobs

    resolved = {
        name: p if isinstance(p, Policy) else resolve_policy(p)[1] for name, p in policies.items()
    }
    return run_jobs(
        _jobs(transcript_or_corpus),
        resolved,
        replay=replay,
        workers=workers,
        executor=executor,
        out=out,
        progress=progress,
        on_rows=on_rows,
    )
