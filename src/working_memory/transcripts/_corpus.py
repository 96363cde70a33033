"""Folders of logs: which files are transcripts, loaded one at a time, and what was skipped.

A corpus is a folder (walked recursively), a file, or any iterable of those. Files are
tried when their suffix is one logs use (.json, .jsonl, .ndjson, .traj); hidden files and
folders are passed over. A Claude Code session's own folder (`<session>/subagents/...`,
beside `<session>.jsonl`) is read with the session, not as transcripts of its own. A file
that cannot be loaded (a `package.json`, a named pipe, a truncated log) is skipped with the
reason, collected in `.skipped` and announced as a `CorpusWarning`: one junk file never
aborts the rest.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._errors import TranscriptError
from ._io import MAX_JSON_BYTES
from ._load import load_file
from ._model import Transcript

__all__ = [
    "CORPUS_SUFFIXES",
    "CorpusWarning",
    "Skipped",
    "TranscriptIterator",
    "TranscriptList",
    "corpus_files",
    "iter_transcripts",
    "load_transcripts",
]

CORPUS_SUFFIXES = (".json", ".jsonl", ".ndjson", ".traj")


class CorpusWarning(UserWarning):
    """A file of a corpus was skipped; the message names it and says why."""


@dataclass(frozen=True)
class Skipped:
    """A file (or one run of it) left out of a corpus, and why."""

    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


def _session_folders(folder: Path, names: set[str]) -> set[str]:
    """Sub-folders that are a Claude Code session's own (`<session>/` beside `<session>.jsonl`)."""
    return {name for name in names if f"{name}.jsonl" in names and (folder / name).is_dir()}


MARKDOWN_NOT_SUPPORTED = (
    "Markdown (e.g. Aider's .aider.chat.history.md) is not supported: the loaders read JSON and "
    "JSONL agent logs"
)


def _walk(folder: Path, markdown: list[Path] | None = None) -> Iterator[Path]:
    """Transcript-looking files under `folder`, sorted, depth first; symlinked folders are not
    followed (a link loop must not walk forever). Markdown files met on the way (hidden ones
    too: Aider's history is `.aider.chat.history.md`) are added to `markdown`, to be named."""
    for root, dirs, files in os.walk(folder, onerror=None, followlinks=False):
        here = Path(root)
        names = set(dirs) | set(files)
        owned = _session_folders(here, names)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in owned)
        for name in sorted(files):
            suffix = Path(name).suffix.lower()
            if not name.startswith(".") and suffix in CORPUS_SUFFIXES:
                yield here / name
            elif suffix == ".md" and markdown is not None:
                markdown.append(here / name)


def corpus_files(
    source: str | Path | Iterable[str | Path], *, markdown: list[Path] | None = None
) -> list[tuple[str, Path]]:
    """(label, path) for every file of a corpus; the label is the path relative to the folder
    it was found in (the path itself for files named directly). The Markdown files of its
    folders, which are passed over, are added to `markdown` when it is given."""
    if isinstance(source, str | Path):
        items: list[str | Path] = [source]
    elif isinstance(source, Iterable):
        items = list(source)
    else:
        raise TypeError(f"expected a folder, a file or a list of them, got {type(source).__name__}")
    out: list[tuple[str, Path]] = []
    for item in items:
        if not isinstance(item, str | Path):
            raise TypeError(f"expected a path, got {type(item).__name__}")
        path = Path(item).expanduser()
        if path.is_dir():
            out.extend((p.relative_to(path).as_posix(), p) for p in _walk(path, markdown))
        else:
            out.append((str(item) if len(items) > 1 else path.name, path))
    return out


class TranscriptIterator:
    """Iterates a corpus one transcript at a time (one file in memory); `.skipped` lists what
    could not be loaded so far, `.files` every file tried, `.loaded` the transcripts yielded.
    Each transcript's `metadata['corpus_label']` names it within the corpus."""

    def __init__(
        self,
        source: str | Path | Iterable[str | Path],
        format: str = "auto",
        *,
        strict: bool = False,
        max_json_bytes: int = MAX_JSON_BYTES,
        warn: bool = True,
    ) -> None:
        self.passed_over: list[Path] = []  # Markdown files of its folders (not supported)
        self.files = corpus_files(source, markdown=self.passed_over)
        self.format = format
        self.strict = strict
        self.max_json_bytes = max_json_bytes
        self.warn = warn
        self.skipped: list[Skipped] = []
        self.loaded = 0

    def __len__(self) -> int:
        """Files to read (a multi-run file yields several transcripts)."""
        return len(self.files)

    def __iter__(self) -> Iterator[Transcript]:
        for label, path in self.files:
            yield from self.load_one(label, path)

    def load_one(self, label: str, path: Path) -> list[Transcript]:
        """The runs of one file, labelled; a file that fails is recorded in `.skipped`."""
        try:
            runs = load_file(
                path, self.format, strict=self.strict, max_json_bytes=self.max_json_bytes
            )
        except TranscriptError as exc:
            if self.strict:
                raise
            self.skip(str(path), exc.without_path())
            return []
        for n, run in enumerate(runs):
            run.metadata["corpus_label"] = label if len(runs) == 1 else f"{label}#{n}"
        self.loaded += len(runs)
        return runs

    def skip(self, path: str, reason: str) -> None:
        item = Skipped(path, reason)
        self.skipped.append(item)
        if self.warn:
            warnings.warn(f"skipped {item}", CorpusWarning, stacklevel=3)

    def summary(self) -> str:
        """One line: how many files, transcripts and skips, and the first reasons."""
        text = f"{len(self.files)} files, {self.loaded} transcripts, {len(self.skipped)} skipped"
        if self.passed_over:
            text += f", {len(self.passed_over)} Markdown files passed over (not supported)"
        if self.skipped:
            text += ": " + "; ".join(str(s) for s in self.skipped[:3])
            if len(self.skipped) > 3:
                text += f"; ... {len(self.skipped) - 3} more"
        return text


class TranscriptList(list[Transcript]):
    """What load_transcripts() returns: a list of transcripts, plus `.skipped` (files of a
    folder that could not be loaded, each with its reason)."""

    skipped: list[Skipped]

    def __init__(self, items: Iterable[Transcript] = (), skipped: Iterable[Skipped] = ()) -> None:
        super().__init__(items)
        self.skipped = list(skipped)

    def __reduce__(self) -> Any:  # pickle as list + skipped (process pools, Dask)
        return (TranscriptList, (list(self), self.skipped))


def iter_transcripts(
    folder_or_paths: str | Path | Iterable[str | Path],
    format: str = "auto",
    *,
    strict: bool = False,
    max_json_bytes: int = MAX_JSON_BYTES,
) -> TranscriptIterator:
    """Yield the transcripts of a folder (recursively), a file, or a list of them, one at a
    time. Files that cannot be loaded are skipped: read `.skipped` on the returned iterator
    (also warned about as CorpusWarning). `strict=True` raises on the first problem instead."""
    return TranscriptIterator(folder_or_paths, format, strict=strict, max_json_bytes=max_json_bytes)


def load_transcripts(
    path: str | Path | Iterable[str | Path],
    format: str = "auto",
    *,
    strict: bool = False,
    max_json_bytes: int = MAX_JSON_BYTES,
) -> TranscriptList:
    """Load every run in `path`: one for most logs, several for multi-run files; every
    transcript of a folder (recursively, see iter_transcripts) or of a list of paths.

    The result is a list; its `.skipped` names the files of a folder that could not be loaded
    and why (they are also warned about as CorpusWarning). A single file that cannot be
    loaded raises TranscriptError, as does anything with `strict=True`.
    """
    if isinstance(path, str | Path) and not Path(path).expanduser().is_dir():
        return TranscriptList(load_file(path, format, strict=strict, max_json_bytes=max_json_bytes))
    corpus = iter_transcripts(path, format, strict=strict, max_json_bytes=max_json_bytes)
    transcripts = list(corpus)
    return TranscriptList(transcripts, corpus.skipped)
