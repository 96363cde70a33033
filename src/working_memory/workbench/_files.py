"""A folder picker beside the path box: sub-folders and the transcripts the loader can read.

A file is listed when its suffix is one logs use (the corpus loader's, CORPUS_SUFFIXES) and its
first bytes are a JSON document or JSONL records (`sniff_container`, no full parse): a
`package.json` may still be listed, and loading it then says why it is not a transcript.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..transcripts import CORPUS_SUFFIXES
from ._html import notice_html
from ._widgets import guarded, require, show_error_in

__all__ = ["Entry", "FileBrowser", "list_folder"]

MAX_ENTRIES = 2_000  # a folder of 100,000 logs lists its first 2,000 (and says so)


@dataclass(frozen=True)
class Entry:
    """One row of the listing: a sub-folder or a loadable file."""

    path: Path
    folder: bool
    size: int = 0

    @property
    def label(self) -> str:
        if self.folder:
            return f"📁 {self.path.name}/"
        return f"{self.path.name}  ({_size(self.size)})"


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB"):
        if n < 1024:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n = n / 1024  # type: ignore[assignment]
    return f"{n:.1f} GB"


def _loadable(path: Path) -> bool:
    from ..transcripts import sniff_container

    try:
        sniff_container(path)
    except Exception:
        return False
    return True


def list_folder(folder: str | Path) -> tuple[list[Entry], int]:
    """(entries, how many were left off): sub-folders first, then loadable files, by name."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise ValueError(f"{folder}: not a folder")
    folders: list[Entry] = []
    files: list[Entry] = []
    try:
        with os.scandir(folder) as scan:
            items = sorted(scan, key=lambda e: e.name.lower())
    except OSError as exc:
        raise ValueError(f"{folder}: cannot list ({exc.strerror})") from None
    for item in items:
        if item.name.startswith("."):
            continue
        try:
            if item.is_dir():
                folders.append(Entry(Path(item.path), True))
            elif item.is_file() and Path(item.name).suffix.lower() in CORPUS_SUFFIXES:
                path = Path(item.path)
                if _loadable(path):
                    files.append(Entry(path, False, item.stat().st_size))
        except OSError:
            continue  # a broken link or a file removed while listing
    entries = folders + files
    return entries[:MAX_ENTRIES], max(0, len(entries) - MAX_ENTRIES)


class FileBrowser:
    """Folder box, an Up button and a list; double use: pick a folder, pick a file to load.

    `on_pick(path)` is called with the file chosen (the explorer loads it).
    """

    def __init__(self, on_pick: Callable[[Path], None], folder: str | Path = ".") -> None:
        widgets, _ = require()
        self._on_pick = on_pick
        self.folder = widgets.Text(description="folder", layout=widgets.Layout(width="520px"))
        self.up = widgets.Button(icon="level-up", tooltip="parent folder")
        self.up.layout.width = "40px"
        self.listing = widgets.Select(options=[], rows=8, layout=widgets.Layout(width="620px"))
        self.open_button = widgets.Button(description="Open", icon="folder-open")
        self.status = widgets.HTML()
        self.entries: list[Entry] = []
        self.folder.observe(lambda change: self.show(change["new"]), names="value")
        self.up.on_click(lambda _: self.show(str(Path(self.folder.value).expanduser().parent)))
        self.open_button.on_click(lambda _: self.open(self.listing.value))
        self.box = widgets.VBox(
            [
                widgets.HBox([self.folder, self.up]),
                widgets.HBox([self.listing, self.open_button]),
                self.status,
            ]
        )
        self.show(str(Path(folder).expanduser().resolve()))

    def show_error(self, exc: BaseException | str) -> None:
        show_error_in(self.status, exc)

    @guarded
    def show(self, folder: str) -> None:
        """List `folder` (also what typing in the folder box does)."""
        entries, left_off = list_folder(folder)
        if self.folder.value != folder:
            self.folder.value = folder  # observes back into show(): same folder, cheap
            return
        self.entries = entries
        self.listing.options = [(e.label, str(e.path)) for e in entries]
        files = sum(1 for e in entries if not e.folder)
        more = f" ({left_off:,} more not listed)" if left_off else ""
        self.status.value = notice_html(
            f"{files} loadable transcript file(s), {len(entries) - files} folder(s){more}: "
            "pick one and press Open (a folder opens in the list)"
        )

    @guarded
    def open(self, path: str | None) -> None:
        """Open a listed folder, or hand a listed file to `on_pick`."""
        if not path:
            raise ValueError("pick a file or a folder in the list first")
        target = Path(path)
        if target.is_dir():
            self.show(str(target))
        else:
            self._on_pick(target)
