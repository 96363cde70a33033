"""Export from a panel: each figure as PNG or SVG, each table as CSV.

Images need kaleido and a Chromium or Chrome; where they are missing the panel says so (and
what to install) instead of failing silently. CSV needs nothing. Relative names land in the
output folder (WM_OUTPUT_DIR, see working_memory.outputs).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ._html import notice_html
from ._widgets import guarded, require, show_error_in

__all__ = ["IMAGE_FORMATS", "ExportBar", "ExportError", "write_csv", "write_image"]

IMAGE_FORMATS = ("png", "svg")


class ExportError(RuntimeError):
    """A figure could not be written as an image (kaleido or a browser is missing)."""


def write_image(figure: Any, path: str | Path, fmt: str = "png", *, scale: float = 2.0) -> Path:
    """`figure` (a plotly Figure or FigureWidget) as PNG or SVG; ExportError says what is missing."""
    if fmt not in IMAGE_FORMATS:
        raise ValueError(f"image format {fmt!r}: expected one of {', '.join(IMAGE_FORMATS)}")
    try:
        import kaleido  # noqa: F401
    except ImportError:
        raise ExportError(
            f"{fmt.upper()} export needs kaleido and a Chromium or Chrome: pip install kaleido, "
            "and install a browser (apt-get install chromium, or kaleido's "
            "`plotly_get_chrome`). Tables export as CSV without either; the HTML report "
            "needs neither."
        ) from None
    import plotly.graph_objects as go

    path = Path(path).expanduser()
    static = go.Figure(figure)  # a FigureWidget's state, without the widget
    try:
        static.write_image(str(path), format=fmt, scale=scale)
    except Exception as exc:  # kaleido raises various types when no browser starts
        raise ExportError(
            f"{fmt.upper()} export to {path} failed: kaleido could not start a browser "
            f"({type(exc).__name__}: {str(exc)[:300]}). Install chromium or Chrome."
        ) from exc
    return path


def write_csv(table: Any, path: str | Path) -> Path:
    """A DataFrame, or a list of row dicts, as CSV (columns in first-seen order)."""
    path = Path(path).expanduser()
    if hasattr(table, "to_csv"):
        table.to_csv(path, index=False)
        return path
    rows: Sequence[Mapping[str, Any]] = list(table)
    columns: list[str] = []
    for row in rows:
        columns.extend(str(k) for k in row if str(k) not in columns)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({str(k): v for k, v in row.items()})
    return path


class ExportBar:
    """A row under a panel: pick a figure or a table, a format and a file name, press Export.

    `figures()` and `tables()` return {label: figure} and {label: DataFrame or rows}; they are
    called at export time, so the bar always writes what the panel shows now.
    """

    def __init__(
        self,
        stem: str,
        figures: Callable[[], Mapping[str, Any]],
        tables: Callable[[], Mapping[str, Any]],
    ) -> None:
        widgets, _ = require()
        self.stem = stem
        self._figures = figures
        self._tables = tables
        self.what = widgets.Dropdown(description="export", layout=widgets.Layout(width="340px"))
        self.format = widgets.Dropdown(layout=widgets.Layout(width="90px"))
        self.name = widgets.Text(
            placeholder="file name (default: from the panel)", layout=widgets.Layout(width="300px")
        )
        self.button = widgets.Button(description="Export", icon="download")
        self.result = widgets.HTML()
        self.what.observe(lambda change: self._formats(), names="value")
        self.button.on_click(lambda _: self.export())
        self.box = widgets.VBox(
            [widgets.HBox([self.what, self.format, self.name, self.button]), self.result]
        )
        self.refresh()

    def show_error(self, exc: BaseException | str) -> None:
        show_error_in(self.result, exc)

    def choices(self) -> list[tuple[str, str]]:
        """(label shown, key) for every figure and table the panel has now."""
        out = [(f"figure: {name}", f"figure:{name}") for name in self._figures()]
        out += [(f"table: {name}", f"table:{name}") for name in self._tables()]
        return out

    def refresh(self) -> None:
        keep = self.what.value
        options = self.choices()
        self.what.options = options
        keys = [key for _, key in options]
        if keep in keys:
            self.what.value = keep
        elif keys:
            self.what.value = keys[0]
        self._formats()

    def _formats(self) -> None:
        key = self.what.value or ""
        formats = list(IMAGE_FORMATS) if key.startswith("figure:") else ["csv"]
        self.format.options = formats
        if self.format.value not in formats:
            self.format.value = formats[0]

    @guarded
    def export(self, key: str | None = None, fmt: str | None = None, name: str = "") -> Path:
        """Write one figure or table; returns the path (also shown under the bar)."""
        from ..outputs import output_path

        self.refresh()
        key = key or self.what.value
        if not key:
            raise ValueError("nothing to export yet: load a transcript (or run the panel) first")
        kind, _, label = key.partition(":")
        fmt = fmt or self.format.value or ("png" if kind == "figure" else "csv")
        slug = "".join(c if c.isalnum() else "-" for c in label.lower()).strip("-")
        name = name or self.name.value.strip() or f"{self.stem}-{slug}.{fmt}"
        if not name.endswith(f".{fmt}"):
            name += f".{fmt}"
        path = output_path(name)
        if kind == "figure":
            figures = self._figures()
            if label not in figures:
                raise ValueError(f"no figure {label!r}: expected one of {', '.join(figures)}")
            written = write_image(figures[label], path, fmt)
        else:
            tables = self._tables()
            if label not in tables:
                raise ValueError(f"no table {label!r}: expected one of {', '.join(tables)}")
            if fmt != "csv":
                raise ValueError(f"tables export as csv, not {fmt}")
            written = write_csv(tables[label], path)
        self.result.value = notice_html(f"written to {written.resolve()}")
        return written
