"""A paged, escaped HTML table of messages: only one page is ever in the DOM."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._html import table_html
from ._widgets import require

__all__ = ["PagedTable"]


class PagedTable:
    """Rows come from `row(i)` for i in `indices`; `page` and `filter` are plain attributes too."""

    def __init__(
        self,
        columns: Sequence[str],
        *,
        numeric: Sequence[str] = (),
        raw: Sequence[str] = (),
        page_size: int = 20,
        filters: Sequence[str] = ("all",),
    ) -> None:
        widgets, _ = require()
        self.columns = list(columns)
        self.numeric = list(numeric)
        self.raw = list(raw)
        self.page_size = page_size
        self.html = widgets.HTML()
        self.prev = widgets.Button(icon="chevron-left", layout=widgets.Layout(width="36px"))
        self.next = widgets.Button(icon="chevron-right", layout=widgets.Layout(width="36px"))
        self.page_box = widgets.BoundedIntText(
            value=1, min=1, max=1, description="page", layout=widgets.Layout(width="130px")
        )
        self.label = widgets.Label()
        self.filter = widgets.Dropdown(
            options=list(filters),
            value=filters[0],
            description="show",
            layout=widgets.Layout(width="180px"),
        )
        self.page = 0
        self.prev.on_click(lambda _: self.go(self.page - 1))
        self.next.on_click(lambda _: self.go(self.page + 1))
        self.page_box.observe(lambda change: self.go(change["new"] - 1), names="value")
        self.filter.observe(lambda change: self._filter_changed(), names="value")
        self.box = widgets.VBox(
            [
                widgets.HBox([self.filter, self.prev, self.page_box, self.next, self.label]),
                self.html,
            ]
        )
        self._indices: Sequence[int] = []
        self._row: Callable[[int], Mapping[str, Any]] = lambda i: {}
        self._row_class: Callable[[int], str] | None = None
        self._source: Callable[[str], Sequence[int]] = lambda name: []
        self._rendering = False

    def bind(
        self,
        source: Callable[[str], Sequence[int]],
        row: Callable[[int], Mapping[str, Any]],
        row_class: Callable[[int], str] | None = None,
    ) -> None:
        """`source(filter_name)` gives the indices to list; `row(i)` one row's cells."""
        self._source, self._row, self._row_class = source, row, row_class

    @property
    def pages(self) -> int:
        return max(1, -(-len(self._indices) // self.page_size))

    def _filter_changed(self) -> None:
        self.page = 0
        self.refresh()

    def go(self, page: int) -> None:
        if self._rendering:
            return
        self.page = max(0, min(page, self.pages - 1))
        self.render()

    def show(self, index: int) -> None:
        """Turn to the page holding message `index` (if the filter lists it)."""
        try:
            position = list(self._indices).index(index)
        except ValueError:
            return
        self.go(position // self.page_size)

    def refresh(self) -> None:
        self._indices = self._source(self.filter.value)
        self.page = min(self.page, self.pages - 1)
        self.render()

    def render(self) -> None:
        start = self.page * self.page_size
        shown = self._indices[start : start + self.page_size]
        rows = [self._row(i) for i in shown]
        classes = [self._row_class(i) for i in shown] if self._row_class else None
        self.html.value = table_html(
            rows, self.columns, numeric=self.numeric, raw=self.raw, row_class=classes
        )
        self._rendering = True
        try:
            self.page_box.max = self.pages
            self.page_box.value = self.page + 1
        finally:
            self._rendering = False
        total = len(self._indices)
        self.label.value = (
            f"rows {start + 1:,}–{start + len(shown):,} of {total:,}" if total else "no rows"
        )
