"""load_transcript / load_file: detect, dispatch, and keep every failure a TranscriptError."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from ._builder import Builder
from ._detect import FORMATS, JSONL_ONLY, RUN_KEYS, detect_document, detect_records
from ._errors import TranscriptError
from ._io import MAX_JSON_BYTES, Sink, iter_jsonl, read_json_document, sniff_container
from ._model import Transcript
from .anthropic import add_anthropic_message, load_anthropic_document
from .claude_code import load_claude_code
from .codex import load_codex
from .openai_chat import load_openai_document, load_openai_jsonl
from .openhands import events_of, load_openhands
from .swe_agent import load_swe_agent

__all__ = ["load_file", "load_transcript"]

_ALIASES = {
    "auto": "auto",
    "openai-chat": "openai",
    "claude": "claude-code",
    "swe": "swe-agent",
    "mini-swe": "mini-swe-agent",
}


def load_transcript(
    path: str | Path,
    format: str = "auto",
    *,
    thread: str | None = None,
    run: int | str | None = None,
    strict: bool = False,
    max_json_bytes: int = MAX_JSON_BYTES,
) -> Transcript:
    """Load one run from `path` as OpenAI chat messages plus calls, compactions and threads.

    `format` forces a format (see FORMATS); `thread` returns that subagent thread instead of
    the main one; `run` picks one run of a file that holds several (its 0-based index, or its
    id: the record's `task_id`, `instance_id`, `id` or `run_id`); `strict` turns every
    warning into a TranscriptError.
    """
    runs = load_file(path, format, strict=strict, max_json_bytes=max_json_bytes)
    transcript = _pick_run(runs, run, path)
    if thread is None:
        return transcript
    if thread not in transcript.threads:
        known = ", ".join(transcript.threads) or "none"
        raise TranscriptError(
            f"no thread {thread!r} (threads: {known})", path=path, expected="a known thread id"
        )
    return transcript.threads[thread]


def run_id(transcript: Transcript) -> str | None:
    """The id a multi-run file gives a run (its record's task_id, instance_id, id or run_id)."""
    record = transcript.metadata.get("record")
    if isinstance(record, dict):
        for key in ("task_id", "instance_id", "id", "run_id"):
            if record.get(key) is not None:
                return str(record[key])
    return None


def list_runs(runs: list[Transcript], limit: int = 10) -> str:
    """'0: 12, 1: 40, ...': each run's index and id, for an error message."""
    shown = [f"{i}: {run_id(t) or '(no id)'}" for i, t in enumerate(runs[:limit])]
    more = f", ... {len(runs) - limit} more" if len(runs) > limit else ""
    return ", ".join(shown) + more


def _pick_run(runs: list[Transcript], run: int | str | None, path: str | Path) -> Transcript:
    if run is None:
        if len(runs) == 1:
            return runs[0]
        error = TranscriptError(
            f"the file holds {len(runs)} runs ({list_runs(runs)}); pick one with run=N or "
            "run=ID, or load them all with load_transcripts()",
            path=path,
            expected="a single run",
        )
        error.runs = list_runs(runs)  # type: ignore[attr-defined]  # the CLI words it its way
        raise error
    text = str(run)
    for transcript in runs:
        if run_id(transcript) == text:
            return transcript
    if text.isdigit() and int(text) < len(runs):
        return runs[int(text)]
    raise TranscriptError(
        f"no run {run!r} (runs: {list_runs(runs)})",
        path=path,
        expected="a run index or id",
    )


def load_file(
    path: str | Path,
    format: str = "auto",
    *,
    strict: bool = False,
    max_json_bytes: int = MAX_JSON_BYTES,
) -> list[Transcript]:
    """Every run in one file; any failure is a TranscriptError."""
    fmt = _ALIASES.get(format, format)
    if fmt != "auto" and fmt not in FORMATS:
        raise TranscriptError(
            f"unknown format {format!r}", path=path, expected="auto or one of " + ", ".join(FORMATS)
        )
    sink = Sink(path, strict)
    try:
        return _load(Path(path).expanduser(), fmt, sink, max_json_bytes)
    except TranscriptError:
        raise
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError) as exc:
        # A structure no loader anticipated: still one clear error, never a deep traceback.
        error = TranscriptError(
            f"internal: unexpected structure ({type(exc).__name__}: {exc})",
            path=path,
            expected=f"a {fmt if fmt != 'auto' else 'supported'} transcript",
        )
        error.internal = True  # type: ignore[attr-defined]
        raise error from exc


def _load(path: Path, fmt: str, sink: Sink, max_json_bytes: int) -> list[Transcript]:
    if path.is_dir():
        raise TranscriptError(
            "is a directory",
            path=path,
            expected="a transcript file; load_transcripts() and iter_transcripts() read folders",
        )
    container = sniff_container(path)
    if container == "jsonl":
        if fmt == "auto":
            head = list(itertools.islice(iter_jsonl(path, Sink(path)), 20))
            fmt = detect_records(head, path)
        if fmt == "claude-code":
            return [load_claude_code(path, sink)]
        if fmt == "codex":
            return [load_codex(path, sink)]
        if fmt == "runs":
            return _jsonl_runs(path, sink)
        b = Builder(fmt, path, sink)
        if fmt == "anthropic":
            for lineno, m in iter_jsonl(path, sink):
                add_anthropic_message(b, m, lineno)
        else:
            b.format = "openai"
            load_openai_jsonl(b, iter_jsonl(path, sink))
        return [b.build()]
    if fmt in JSONL_ONLY:
        raise TranscriptError(
            f"a JSON document, but {fmt} logs are JSONL",
            path=path,
            line=1,
            expected="one JSON record per line",
        )
    doc = read_json_document(path, sink, max_json_bytes)
    if fmt == "auto":
        fmt = detect_document(doc, path)
    if fmt == "runs":
        return _document_runs(path, doc, sink)
    return [_from_document(path, doc, fmt, sink, "$")]


def _from_document(path: Path, doc: Any, fmt: str, sink: Sink, base: str) -> Transcript:
    b = Builder(fmt, path, sink)
    if fmt in ("swe-agent", "swe-agent-legacy"):
        if not isinstance(doc, dict):
            raise TranscriptError(
                "expected a SWE-agent trajectory object",
                path=path,
                json_path=base,
                expected="an object with 'history'",
            )
        load_swe_agent(b, doc, base)
    elif fmt == "openhands":
        load_openhands(b, events_of(doc, path), base)
    elif fmt == "anthropic":
        load_anthropic_document(b, doc, base)
    else:
        if isinstance(doc, dict) and "role" in doc:
            doc = [doc]  # a single message
        load_openai_document(b, doc, base)
        if fmt == "openai" and "trajectory_format" in b.metadata:
            b.format = "mini-swe-agent"
    return b.build()


def _document_runs(path: Path, doc: list[Any], sink: Sink) -> list[Transcript]:
    runs = []
    for i, record in enumerate(doc):
        base = f"$[{i}]"
        if not isinstance(record, dict):
            sink.warn(
                f"expected a run record, got {type(record).__name__}; skipped", json_path=base
            )
            continue
        run = _guarded_run(path, record, sink, sink, base)
        if run is not None:
            runs.append(run)
    if not runs:
        raise TranscriptError(
            "no run could be read" + (f": {sink.warnings[-1]}" if sink.warnings else ""),
            path=path,
            json_path="$",
            expected="run records",
        )
    return runs


def _jsonl_runs(path: Path, sink: Sink) -> list[Transcript]:
    runs = []
    for lineno, record in iter_jsonl(path, sink):
        if not isinstance(record, dict):
            sink.warn(
                f"expected a run record, got {type(record).__name__}; line skipped", line=lineno
            )
            continue
        run_sink = Sink(path, sink.strict)
        transcript = _guarded_run(path, record, run_sink, sink, f"line {lineno}: $", lineno)
        if transcript is not None:
            runs.append(transcript)
    if not runs:
        raise TranscriptError(
            "no run could be read" + (f": {sink.warnings[-1]}" if sink.warnings else ""),
            path=path,
            expected="run records",
        )
    for transcript in runs:  # file-level problems (bad lines, skipped runs) concern every run
        transcript.warnings[:0] = sink.warnings
    return runs


def _guarded_run(
    path: Path,
    record: dict[str, Any],
    sink: Sink,
    file_sink: Sink,
    base: str,
    line: int | None = None,
) -> Transcript | None:
    """One run of a multi-run file; a run that cannot be read is warned about and skipped,
    so one bad run does not cost the others."""
    try:
        return _run(path, record, sink, base)
    except TranscriptError as exc:
        if file_sink.strict:
            raise
        problem = exc.without_path()
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError) as exc:
        if file_sink.strict:
            raise
        problem = f"unexpected structure ({type(exc).__name__}: {exc})"
    file_sink.warn(
        f"run skipped: {problem}", line=line, json_path=None if line is not None else base
    )
    return None


def _run(path: Path, record: dict[str, Any], sink: Sink, base: str) -> Transcript:
    """One record of a multi-run file: the record itself, or its `traj` / `trajectory`."""
    payload: Any = record
    where = base
    if "messages" not in record and "history" not in record:
        for key in RUN_KEYS:
            if key in record:
                payload, where = record[key], f"{base}.{key}"
                break
    if isinstance(payload, str):
        try:
            payload = json.loads(payload)
        except ValueError:
            raise TranscriptError(
                "run payload is a string that is not JSON",
                path=path,
                json_path=where,
                expected="a trajectory object or message list",
            ) from None
    fmt = detect_document(payload, path, where)
    transcript = _from_document(path, payload, fmt, sink, where)
    transcript.metadata["record"] = {
        k: v for k, v in record.items() if isinstance(v, (str, int, float, bool)) or v is None
    }
    return transcript
