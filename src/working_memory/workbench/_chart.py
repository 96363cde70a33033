"""The per-message token chart shared by the explorer and the pin editor.

Bars are the messages' tokens (coloured by role), the line is the cumulative pressure with
the compact/evict thresholds, markers show pins (shape by reason), the next compaction span is
a shaded band and eviction victims are crosses. Past `MAX_BARS` messages the bars are bucketed
(by `replays.message_buckets`, as `message_tokens_figure` is; each bucket shows its largest
message), so a 50,000-message session still plots quickly; the data behind it is never thinned.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .._theme import figure_layout
from ..replays import MAX_BARS, message_buckets  # one bucketing rule for both message charts
from ._html import esc
from ._plot_view import FigureView
from ._widgets import colors, require

__all__ = ["MAX_BARS", "REASON_SYMBOLS", "MessageChart"]

MAX_MARKERS = MAX_BARS  # markers per trace; more overlap at the bars' width and slow each redraw

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
            hovertemplate="message %{x}: pinned (%{customdata})<extra></extra>",
        )
        fig.add_scatter(
            name="evicted",
            x=[],
            y=[],
            mode="markers",
            marker=dict(symbol="x", size=7, color=p["evicted"]),
            hovertemplate="message %{x}: would be evicted<extra></extra>",
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
            hovertemplate="message %{x}: its tool result would be masked<extra></extra>",
        )
        self._bar_index: list[int] = []
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
        start = (index // self._bucket) * self._bucket
        return max(self._tokens[start : start + self._bucket])

    def set_messages(
        self,
        roles: Sequence[str],
        tools: Sequence[str],
        tokens: Sequence[int],
        pressure: Sequence[float],
        compact_at: float,
        evict_at: float,
    ) -> None:
        """Bars and pressure line for a new transcript (or counter / limit)."""
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
            line_x, line_y = xs, list(pressure)
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
            ends = [part.stop - 1 for part in buckets]
            line_x, line_y = ends, [pressure[i] for i in ends]
        self._bar_index = xs
        ceiling = max(max(line_y, default=0.0), evict_at, 0.0) * 1.08
        with self.hold(), self.figure.batch_update():
            bars = self.trace("tokens")
            bars.x, bars.y, bars.customdata = xs, ys, text
            bars.marker.color = bar_colors
            bars.width = bucket if bucket > 1 else None
            self.trace("pressure").update(x=line_x, y=line_y)
            self.figure.layout.yaxis2.range = [0, ceiling]
            self.set_thresholds(compact_at, evict_at, n)

    def set_real_compactions(self, indices: Sequence[int]) -> None:
        """Vertical lines where the production agent compacted (the log's own compactions)."""
        top = self.figure.layout.yaxis2.range[1] if self.figure.layout.yaxis2.range else 1
        xs: list[float | None] = []
        ys: list[float | None] = []
        for i in indices:
            xs += [i - 0.5, i - 0.5, None]
            ys += [0, top, None]
        with self.hold():
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
        """Pinned markers (shape by reason), the next span's band, eviction crosses, the cursor."""
        pinned = [i for i, r in enumerate(reasons) if r is not None]
        if len(pinned) > MAX_MARKERS:
            step = -(-len(pinned) // MAX_MARKERS)
            pinned = pinned[::step]
        symbols = [REASON_SYMBOLS.get(str(reasons[i]), "circle") for i in pinned]
        victims = list(evicted)
        if len(victims) > MAX_MARKERS:
            victims = victims[:: -(-len(victims) // MAX_MARKERS)]
        start, end = span
        peak = max(self._tokens, default=1) or 1
        with self.hold():
            self._set_pins(pinned, symbols, reasons, victims, masked, start, end, peak, upto)

    def _set_pins(
        self,
        pinned: list[int],
        symbols: list[str],
        reasons: Sequence[str | None],
        victims: list[int],
        masked: Sequence[int],
        start: int,
        end: int,
        peak: int,
        upto: int | None,
    ) -> None:
        with self.figure.batch_update():
            marks = self.trace("pinned")
            marks.x = pinned
            marks.y = [self._y(i) for i in pinned]
            marks.customdata = [reasons[i] for i in pinned]
            marks.marker.symbol = symbols
            self.trace("evicted").update(x=victims, y=[self._y(i) for i in victims])
            hidden = list(masked)[:: -(-len(masked) // MAX_MARKERS) or 1]  # thinned, as above
            self.trace("masked").update(x=hidden, y=[self._y(i) for i in hidden])
            band = self.trace("next span")
            if end > start:
                left, right = start - 0.5, end - 0.5
                band.update(x=[left, right, right, left, left], y=[0, 0, peak, peak, 0])
                band_name = f"next span {start}–{end - 1}"
            else:
                band.update(x=[], y=[])
                band_name = "next span (none)"
            cursor = self.trace("window at")
            if upto is not None and self._tokens:
                x = upto - 0.5
                cursor.update(x=[x, x], y=[0, self.figure.layout.yaxis2.range[1]])
                cursor_name = f"window at message {upto}"
            else:
                cursor.update(x=[], y=[])
                cursor_name = "window at"
        # Names change outside the batch: a batched update that renames one trace sends the
        # other traces of the batch an undefined name, and the browser's legend then showed
        # the pinned markers as "trace 5".
        band.name = band_name
        cursor.name = cursor_name

    def set_selected(self, index: int | None) -> None:
        trace = self.trace("selected")
        with self.hold():
            if index is None or not 0 <= index < len(self._tokens):
                trace.update(x=[], y=[])
            else:
                trace.update(x=[index], y=[self._y(index)])
