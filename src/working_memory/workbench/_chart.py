"""The per-message token chart shared by the explorer and the pin editor.

Bars are the messages' tokens (coloured by role, a legend entry per role), the line is the
pressure with the compact/evict thresholds (the explorer's: the raw cumulative count; the pin
editor's: the managed window's, with the raw count as a faint reference), markers show pins
(shape by reason), the next compaction span is a shaded band, eviction victims are crosses and
the log's own compactions vertical lines. Past `MAX_BARS` messages the bars are bucketed (by
`replays.message_buckets`, as `message_tokens_figure` is; each bucket shows its largest
message), and markers are binned (`replays.marker_bins`: one per bin, its hover says how many),
so a 50,000-message session still plots quickly and readably; the data behind it is never thinned.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .._theme import figure_layout
from ..replays import (  # one rule for every chart
    MARKER_BINS,
    MAX_BARS,
    marker_bins,
    message_buckets,
)
from ._html import esc
from ._plot_view import FigureView
from ._widgets import colors, require

__all__ = ["MAX_BARS", "REASON_SYMBOLS", "MessageChart"]

REASON_SYMBOLS = {
    "system": "diamond",
    "task": "star",
    "plan": "square",
    "correction": "triangle-up",
    "explicit": "circle",
    "recent": "circle-open",
    "group": "circle-open-dot",
}

# trace order (tests and the benchmark look traces up by name, not position)
TRACES = (
    "tokens",
    "pressure",
    "compact_at",
    "evict_at",
    "next span",
    "pinned",
    "evicted",
    "selected",
    "window at",
    "masked",
    "real compaction",
    "raw pressure",
)
ROLES = ("system", "user", "assistant", "tool")  # the bars' colours, each with a legend entry


class MessageChart:
    """A figure over a message list, shown by `view` (a FigureView: `view.widget` goes in a panel).

    The `set_*` methods change the traces they own and publish the whole figure (once per
    `hold()` block), so every view draws the figure as it stands, never a sequence of patches.
    """

    def __init__(self, *, title: str = "", height: int = 440) -> None:
        _, go = require()
        self.palette = colors()
        self.figure = go.Figure(
            layout=dict(
                figure_layout(title=bool(title)),  # legend in rows below: never over the title
                height=height,
                template="plotly_white",
                title=dict(text=title, x=0.01, font=dict(size=14)) if title else None,
                bargap=0.05,
                hovermode="closest",
                xaxis=dict(title="message", zeroline=False),
                yaxis=dict(title="tokens per message", rangemode="tozero"),
                yaxis2=dict(
                    title="pressure (share of limit)",
                    overlaying="y",
                    side="right",
                    rangemode="tozero",
                    tickformat=".0%",
                    showgrid=False,
                ),
            )
        )
        p = self.palette
        fig = self.figure
        fig.add_bar(
            name="tokens",
            x=[],
            y=[],
            marker=dict(line=dict(width=0)),
            showlegend=False,
            hovertemplate="%{customdata}<extra></extra>",
        )
        fig.add_scatter(
            name="pressure",
            x=[],
            y=[],
            yaxis="y2",
            mode="lines",
            line=dict(color=p["pressure"], width=2),
            hovertemplate="after message %{x}: %{y:.1%}<extra></extra>",
        )
        self._line_x: list[int] = []  # where the pressure line has points (bucket ends)
        for name in ("compact_at", "evict_at"):
            fig.add_scatter(
                name=name,
                x=[],
                y=[],
                yaxis="y2",
                mode="lines",
                hoverinfo="skip",
                # Compact dashed, evict dotted and heavier: told apart without the colour.
                line=dict(
                    color=p[name],
                    width=1.5 if name == "compact_at" else 2.5,
                    dash="dash" if name == "compact_at" else "dot",
                ),
            )
        fig.add_scatter(
            name="next span",
            x=[],
            y=[],
            mode="lines",
            fill="toself",
            fillcolor="rgba(204,121,167,0.22)",
            line=dict(color=p["span"], width=1),
            hoverinfo="skip",
        )
        fig.add_scatter(
            name="pinned",
            legendgroup="pinned",
            x=[],
            y=[],
            mode="markers",
            marker=dict(size=9, color=p["pinned"], line=dict(width=1, color="#fff")),
            hovertemplate="%{text}<extra></extra>",
        )
        fig.add_scatter(
            name="evicted",
            x=[],
            y=[],
            mode="markers",
            marker=dict(symbol="x", size=7, color=p["evicted"]),
            hovertemplate="%{customdata}: would be evicted<extra></extra>",
        )
        fig.add_scatter(
            name="selected",
            x=[],
            y=[],
            mode="markers",
            showlegend=False,
            marker=dict(symbol="triangle-down", size=14, color="#1f2933"),
            hoverinfo="skip",
        )
        fig.add_scatter(
            name="window at",
            x=[],
            y=[],
            yaxis="y2",
            mode="lines",
            hoverinfo="skip",
            line=dict(color="#52606d", width=1, dash="dot"),
        )
        fig.add_scatter(
            name="masked next",
            x=[],
            y=[],
            mode="markers",
            marker=dict(symbol="triangle-down", size=8, color=p["tool"]),
            hovertemplate="%{customdata}: its tool result would be masked<extra></extra>",
        )
        self._bar_index: list[int] = []
        self._tops: list[int] = []
        self._tokens: Sequence[int] = []
        self._bucket = 1
        self._click: Callable[[int], None] | None = None
        fig.add_scatter(
            name="real compaction",
            x=[],
            y=[],
            yaxis="y2",
            mode="lines",
            line=dict(color=p["summary"], width=2),
            hovertemplate="the log's own compaction before message %{x}<extra></extra>",
        )
        fig.add_scatter(
            name="raw pressure",
            x=[],
            y=[],
            yaxis="y2",
            mode="lines",
            opacity=0.45,  # a reference, not the line to read
            line=dict(color="#7b8794", width=1.5, dash="dot"),
            hovertemplate="raw count after message %{x}: %{y:.1%}<extra></extra>",
        )
        self._real: list[int] = []
        self._whole: tuple[list[float] | None, list[float] | None] = (None, None)
        self._top = 1.0  # the pressure axis's top (see _set_ceiling)
        for role in ROLES:  # legend only: the bars carry no legend entry of their own
            fig.add_bar(name=role, x=[None], y=[None], marker=dict(color=p[role]), hoverinfo="skip")
        self.view = FigureView(self.figure)
        self.view.on_click(lambda curve, point: self.click(point) if curve == 0 else None)

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Changes inside reach the browser as one figure, at the end."""
        with self.view.hold():
            yield

    @property
    def widget(self) -> Any:
        return self.view.widget

    def trace(self, name: str) -> Any:
        """A trace by its role (see TRACES); its legend name may say more ("compact at 70%")."""
        return self.figure.data[TRACES.index(name)]

    def on_select(self, callback: Callable[[int], None]) -> None:
        """Call `callback(message_index)` when a bar is clicked."""
        self._click = callback

    def click(self, point: int) -> None:
        """What a click on bar `point` does (the browser sends the same)."""
        if self._click is not None and 0 <= point < len(self._bar_index):
            self._click(self._bar_index[point])

    # -- data ---------------------------------------------------------------------------------
    def _y(self, index: int) -> float:
        """Where a marker for message `index` sits: on top of its bar (or its bucket's bar)."""
        if self._bucket == 1:
            return self._tokens[index]
        return self._tops[index // self._bucket]

    def set_messages(
        self,
        roles: Sequence[str],
        tools: Sequence[str],
        tokens: Sequence[int],
        pressure: Sequence[float],
        compact_at: float,
        evict_at: float,
        *,
        managed: bool = False,
    ) -> None:
        """Bars and pressure line for a new transcript (or counter / limit).

        `pressure` is the raw cumulative count. With `managed`, it is drawn as the faint
        reference and the main line is the managed window's, given by `set_managed`.
        """
        p = self.palette
        n = len(tokens)
        self._tokens = tokens
        buckets = message_buckets(n)
        bucket = len(buckets[0]) if buckets else 1
        self._bucket = bucket
        if bucket == 1:
            xs = list(range(n))
            ys = list(tokens)
            bar_colors = [p.get(r, "#9aa5b1") for r in roles]
            text = [
                f"message {i} · {esc(r)}{' · ' + esc(t) if t else ''}<br>{tokens[i]:,} tokens"
                for i, (r, t) in enumerate(zip(roles, tools, strict=True))
            ]
            line_x = xs
        else:
            xs, ys, bar_colors, text = [], [], [], []
            for part in buckets:
                start = part.start
                chunk = tokens[start : part.stop]
                largest = max(range(len(chunk)), key=chunk.__getitem__)
                xs.append(start + largest)
                ys.append(chunk[largest])
                bar_colors.append(p.get(roles[start + largest], "#9aa5b1"))
                text.append(
                    f"messages {start}–{start + len(chunk) - 1}: largest {chunk[largest]:,} "
                    f"tokens (message {start + largest}), {sum(chunk):,} in all"
                )
            line_x = [part.stop - 1 for part in buckets]
        self._bar_index = xs
        self._tops = ys  # each bucket's bar (markers sit on it: thousands looked up per change)
        self._line_x = line_x
        # The whole log's ranges, given rather than autoranged: a marker's change then leaves
        # the axes as they were, and the browser redraws only the markers (see _plot_view).
        half = bucket / 2 if bucket > 1 else 0.5
        self._whole = (
            ([min(-0.5, xs[0] - half), max(n - 0.5, xs[-1] + half)], [0, max(ys) * 1.08 or 1])
            if xs
            else (None, None)
        )
        line_y = [pressure[i] for i in line_x]
        main, raw = self.trace("pressure"), self.trace("raw pressure")
        with self.hold(), self.figure.batch_update():
            bars = self.trace("tokens")
            bars.x, bars.y, bars.customdata = xs, ys, text
            bars.marker.color = bar_colors
            bars.width = bucket if bucket > 1 else None
            if managed:
                raw.update(x=line_x, y=line_y)
                main.update(x=[], y=[])
            else:
                main.update(x=line_x, y=line_y)
                raw.update(x=[], y=[])
            self._set_ceiling(0.0 if managed else max(line_y, default=0.0), evict_at)
            self.figure.layout.xaxis.range, self.figure.layout.yaxis.range = self._whole
            self.set_thresholds(compact_at, evict_at, n)
        # Names outside the batch (see _set_pins).
        main.name = "pressure (managed window)" if managed else "pressure (raw cumulative count)"
        raw.name = "raw cumulative count (nothing managed)"

    def _set_ceiling(self, peak: float, evict_at: float) -> None:
        """The pressure axis: up to the main line's peak or the evict line, whichever is higher
        (not the raw reference: on a long log it went to 788% and flattened the window)."""
        # Inside a batch_update the layout reads back its old value: keep the new top here.
        # On a 2% grid, 6-8% above the peak: each step of the cursor moves the window's peak a
        # little, and an axis that followed it made the browser redraw every bar each time.
        top = max(peak, evict_at, 0.0)
        self._top = 1.02 ** math.ceil(math.log(top * 1.06, 1.02)) if top > 0 else 1.0
        self.figure.layout.yaxis2.range = [0, self._top]
        self._draw_real()  # its lines span the axis

    def set_managed(self, line: Sequence[float], evict_at: float, upto: int) -> None:
        """The managed window's pressure after each message up to the cursor `upto` (its last
        value is the preview's), the axes fitted to that window, and the raw reference named
        with its peak when it runs off the top."""
        n = len(self._tokens)
        xs = [i for i in self._line_x if i < len(line)]
        if line and (not xs or xs[-1] != len(line) - 1):
            xs.append(len(line) - 1)  # the line ends at the cursor, on the summary's value
        ys = [line[i] for i in xs]
        raw = self.trace("raw pressure")
        with self.hold(), self.figure.batch_update():
            self.trace("pressure").update(x=xs, y=ys)
            self._set_ceiling(max(ys, default=0.0), evict_at)
            layout = self.figure.layout
            # The window at the cursor fills the x axis (it was 5% of a 5,000-message axis);
            # the rest of the log is a zoom-out away (the modebar's autoscale).
            right = min(n, upto + max(20, upto // 4)) if upto else n
            if 0 < right < n:
                layout.xaxis.range = [-0.5, right - 0.5]
                layout.yaxis.range = [0, max(max(self._tokens[:right]), 1) * 1.08]
            else:
                layout.xaxis.range, layout.yaxis.range = self._whole
        top = self._top
        peak = max(raw.y or (0.0,))
        raw.name = "raw cumulative count (nothing managed)" + (
            f", peaks at {peak:.0%}, off scale" if peak > top else ""
        )

    def set_real_compactions(self, indices: Sequence[int]) -> None:
        """Vertical lines where the production agent compacted (the log's own compactions)."""
        self._real = list(indices)
        with self.hold():
            self._draw_real()

    def _draw_real(self) -> None:
        top = self._top
        xs: list[float | None] = []
        ys: list[float | None] = []
        for i in self._real:
            xs += [i - 0.5, i - 0.5, None]
            ys += [0, top, None]
        self.trace("real compaction").update(x=xs, y=ys)

    def set_thresholds(self, compact_at: float, evict_at: float, n: int) -> None:
        edge = [-0.5, max(0, n - 1) + 0.5]
        with self.hold(), self.figure.batch_update():
            self.trace("compact_at").update(
                x=edge, y=[compact_at, compact_at], name=f"compact at {compact_at:.0%}"
            )
            self.trace("evict_at").update(
                x=edge, y=[evict_at, evict_at], name=f"evict at {evict_at:.0%}"
            )

    def set_pins(
        self,
        reasons: Sequence[str | None],
        span: tuple[int, int] = (0, 0),
        evicted: Sequence[int] = (),
        upto: int | None = None,
        masked: Sequence[int] = (),
    ) -> None:
        """Pinned markers (shape by reason), the next span's band, eviction crosses, the cursor.

        Markers are binned (`replays.marker_bins`) when the bars are bucketed or more than
        `MAX_BARS` messages are shown: one marker per bin (never narrower than a bar's bucket,
        at most `MARKER_BINS`), at its centre, its hover saying how many it stands for;
        otherwise one a message, on its bar."""
        extent = upto if upto else len(self._tokens)
        if self._bucket == 1 and extent <= MAX_BARS:
            bins = extent
        else:
            bins = max(1, min(MARKER_BINS, extent // self._bucket))
        pinned = [i for i, r in enumerate(reasons) if r is not None]
        start, end = span
        peak = max(self._tokens, default=1) or 1
        with self.hold(), self.figure.batch_update():
            marks = self.trace("pinned")
            xs, ys, labels, kinds_of, symbols = [], [], [], [], []
            for centre, group in marker_bins(pinned, extent, bins):
                xs.append(centre)
                ys.append(max(self._y(i) for i in group))
                kinds = sorted({str(reasons[i]) for i in group})
                kinds_of.append(", ".join(kinds))  # the reason (the reasons, for a bin)
                labels.append(
                    f"message {group[0]}: pinned ({reasons[group[0]]})"
                    if len(group) == 1
                    else f"messages {group[0]}–{group[-1]}: {len(group)} pinned ({', '.join(kinds)})"
                )
                symbols.append(REASON_SYMBOLS.get(str(reasons[group[0]]), "circle"))
            marks.x, marks.y, marks.customdata, marks.text = xs, ys, kinds_of, labels
            marks.marker.symbol = symbols
            for name, positions in (("evicted", evicted), ("masked", masked)):
                groups = marker_bins(list(positions), extent, bins)
                self.trace(name).update(
                    x=[c for c, _ in groups],
                    y=[max(self._y(i) for i in g) for _, g in groups],
                    customdata=[
                        f"message {g[0]}" if len(g) == 1 else f"{len(g)} of messages {g[0]}–{g[-1]}"
                        for _, g in groups
                    ],
                )
            # The band and the cursor keep their legend names ("next span", "window at"; the
            # summary says which span and message): a renamed trace redraws the whole chart.
            band = self.trace("next span")
            if end > start:
                left, right = start - 0.5, end - 0.5
                band.update(x=[left, right, right, left, left], y=[0, 0, peak, peak, 0])
            else:
                band.update(x=[], y=[])
            cursor = self.trace("window at")
            if upto is not None and self._tokens:
                x = upto - 0.5
                cursor.update(x=[x, x], y=[0, self._top])
            else:
                cursor.update(x=[], y=[])

    def set_selected(self, index: int | None) -> None:
        trace = self.trace("selected")
        with self.hold():
            if index is None or not 0 <= index < len(self._tokens):
                trace.update(x=[], y=[])
            else:
                trace.update(x=[index], y=[self._y(index)])
