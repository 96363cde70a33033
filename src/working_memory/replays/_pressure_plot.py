"""Pressure curves: one line per replay against its thresholds and limit, markers for
compactions, evictions and maskings, the unmanaged curve dotted, and where the production
agent compacted.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from .._theme import COLORS, GREY, THRESHOLD_STYLE
from ._plotting import EVENT_STYLE, escape, figure, marker_bins, pick, plotly, sample_indices

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

    from ._view import ReplayView

__all__ = ["pressure_figure"]


# -- pressure ---------------------------------------------------------------------------------
def pressure_figure(
    replays: Sequence[ReplayView] | ReplayView,
    *,
    show_unmanaged: bool = True,
    title: str | None = None,
) -> go.Figure:
    """Pressure per model call for one or more replays, overlaid.

    Compact and evict thresholds and the limit are drawn as lines; compactions, evictions and
    maskings as markers whose hover text says what happened; where the production agent
    compacted (Claude Code, Codex logs) a star marks the call. The unmanaged curve (the raw
    transcript, no management) is dotted.
    """
    # One replay (it has a timeline) or several. `Replay` is not imported: it draws itself (and
    # writes its report) through this module.
    one = hasattr(replays, "timeline")
    items = [cast("ReplayView", replays)] if one else list(cast("Sequence[ReplayView]", replays))
    if not items:
        raise ValueError("pressure_figure() needs at least one Replay")
    go = plotly()
    fig = figure()
    managed_peak = 0.0
    unmanaged_peak = 0.0
    first_call, last_call = math.inf, -math.inf
    # Replays of one log under the same budget share one unmanaged curve: draw it once (four
    # identical dotted lines were four legend entries saying the same thing).
    shared_unmanaged = len(items) > 1 and all(
        other.column("unmanaged_pressure") == items[0].column("unmanaged_pressure")
        for other in items[1:]
    )
    events_shown: set[str] = set()
    twins = 0
    for n, item in enumerate(items):
        color = COLORS[n % len(COLORS)]
        label = item.name if len(items) > 1 else "managed window"
        calls = item.column("call")
        pressure = item.column("pressure")
        totals = item.column("tokens_total")
        if not calls:
            continue
        first_call, last_call = min(first_call, calls[0]), max(last_call, calls[-1])
        managed_peak = max(managed_peak, max(pressure))
        keep = sample_indices(pressure)
        # A policy whose curve is another's exactly was drawn on top of it (one curve
        # vanished): dashed over the first, so both colours show; its hover says whose it is.
        twin = next(
            (
                o.name
                for o in items[:n]
                if o.column("pressure") == pressure and o.column("call") == calls
            ),
            None,
        )
        name = f"{label}: pressure" if len(items) > 1 else "pressure (managed)"
        if twin is not None:
            # ...and a note at its end says so (a dash alone reads as a different curve).
            twins += 1
            fig.add_annotation(
                x=calls[-1],
                y=pressure[-1],
                text=f"{html.escape(label)}: identical to {html.escape(twin)}",
                showarrow=True,
                arrowhead=0,
                ax=-60,
                ay=-24 * twins,
                font={"size": 11, "color": color},
                bgcolor="rgba(255,255,255,0.85)",
                name="identical",
            )
        fig.add_trace(
            go.Scatter(
                x=pick(calls, keep),
                y=pick(pressure, keep),
                customdata=pick(totals, keep),
                mode="lines",
                name=name,
                meta={"same_as": twin},
                legendgroup=f"replay{n}",
                line={"color": color, "width": 2, "dash": "solid" if twin is None else "dash"},
                hovertemplate="call %{x}<br>pressure %{y:.2f}<br>%{customdata:,} tokens sent<extra></extra>",
            )
        )
        if show_unmanaged and not (shared_unmanaged and n > 0):
            raw = item.column("unmanaged_pressure")
            raw_tokens = item.column("unmanaged_tokens")
            unmanaged_peak = max(unmanaged_peak, max(raw))
            keep = sample_indices(raw)
            same = shared_unmanaged
            fig.add_trace(
                go.Scatter(
                    x=pick(calls, keep),
                    y=pick(raw, keep),
                    customdata=pick(raw_tokens, keep),
                    mode="lines",
                    name=f"{label}: unmanaged"
                    if len(items) > 1 and not same
                    else "unmanaged (raw transcript)",
                    legendgroup="unmanaged" if same else f"replay{n}",
                    line={"color": GREY if same else color, "width": 1.5, "dash": "dot"},
                    opacity=0.75,
                    hovertemplate="call %{x}<br>unmanaged pressure %{y:.2f}<br>%{customdata:,} tokens"
                    "<extra></extra>",
                )
            )
        _add_event_markers(fig, go, item, n, label, color, multi=len(items) > 1, shown=events_shown)
    if first_call is math.inf:
        first_call, last_call = 0, 1
    _add_thresholds(fig, go, items, first_call, last_call)
    top = max(1.1, managed_peak * 1.1)
    if show_unmanaged and unmanaged_peak > top * 1.5:
        # The raw transcript can be many times the budget: keep the managed curve readable and
        # say where the unmanaged one goes.
        fig.add_annotation(
            x=0.01,
            y=0.99,
            xref="paper",
            yref="paper",
            xanchor="left",
            yanchor="top",
            showarrow=False,
            bgcolor="rgba(255,255,255,0.85)",  # inside the plot: nothing can clip or cover it
            font={"size": 11, "color": "#555"},
            text=f"unmanaged curve peaks at {unmanaged_peak:.1f}× the limit (off scale; zoom out to see it)",
        )
    else:
        top = max(top, unmanaged_peak * 1.05)
    _add_real_compactions(fig, go, items, top)
    fig.update_layout(
        title=title or "Context pressure at each model call",
        xaxis_title="model call",
        # Short: a long rotated title outgrew a short plot and ran into the chart's title.
        yaxis_title="pressure (1.0 = limit)",
        yaxis_range=[0, top],
        hovermode="closest",
    )
    return fig


def _add_thresholds(fig: Any, go: Any, items: Sequence[ReplayView], x0: float, x1: float) -> None:
    lines: dict[tuple[str, float], list[str]] = {}
    for item in items:
        lines.setdefault(("compact", item.compact_at), []).append(item.name)
        lines.setdefault(("evict", item.evict_at), []).append(item.name)
    lines[("limit", 1.0)] = []
    multi = (
        len({v for (k, v) in lines if k == "compact"}) > 1
        or len({v for (k, v) in lines if k == "evict"}) > 1
    )
    for (kind, value), names in lines.items():
        color, dash = THRESHOLD_STYLE[kind]
        if kind == "limit":
            label = "limit (1.0)"
        else:
            label = f"{kind} threshold ({value:.2f})"
            if multi:
                label += f": {', '.join(names)}"
        fig.add_trace(
            go.Scatter(
                x=[x0, x1],
                y=[value, value],
                mode="lines",
                name=label,
                legendgroup="thresholds",
                line={"color": color, "width": 1.2, "dash": dash},
                hovertemplate=f"{html.escape(label)}<extra></extra>",
                meta={"threshold": kind, "value": value},
            )
        )


def _add_event_markers(
    fig: Any,
    go: Any,
    item: ReplayView,
    n: int,
    label: str,
    color: str,
    *,
    multi: bool,
    shown: set[str] | None = None,
) -> None:
    """Event markers in the replay's colour. With several replays each kind has one legend
    entry (the markers take their curve's colour), not one per replay."""
    calls = item.column("call")
    pressure = item.column("pressure")
    events = item.column("events")
    for column, (kind_label, symbol) in EVENT_STYLE.items():
        counts = item.column(column)
        hits = [i for i, c in enumerate(counts) if c]
        if not hits:
            continue
        xs, ys, texts = [], [], []
        # Many events (masking fires often): one marker per bin of calls, at the bin's centre
        # and the highest pressure in it, so markers never pile into one band.
        row_of = {calls[i]: i for i in hits}
        extent = calls[-1] + 1 if calls else 1
        for centre, group in marker_bins([calls[i] for i in hits], extent):
            bucket = [row_of[c] for c in group]
            first = bucket[0]
            xs.append(centre)
            ys.append(max(pressure[i] for i in bucket))
            if len(bucket) == 1:
                texts.append(f"<b>call {calls[first]}</b><br>{escape(events[first])}")
            else:
                total = sum(counts[i] for i in bucket)
                texts.append(
                    f"<b>calls {calls[bucket[0]]}–{calls[bucket[-1]]}</b><br>{total} {kind_label}s; "
                    f"first: {escape(events[first], 300)}"
                )
        if shown is not None:
            shown_before = column in shown
            shown.add(column)
        else:
            shown_before = False
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="markers",
                # With several replays one entry per kind stands for all (toggles all).
                name=f"{label}: {kind_label}s" if multi and shown_before else f"{kind_label}s",
                legendgroup=f"events-{column}" if multi else f"replay{n}",
                showlegend=not (multi and shown_before),
                legendrank=1100,  # after the curves
                marker={
                    "symbol": symbol,
                    "size": 10,
                    "color": color,
                    "line": {"width": 1, "color": "white"},
                },
                text=texts,
                hovertemplate="%{text}<extra></extra>",
                meta={"events": column},
            )
        )


def _add_real_compactions(fig: Any, go: Any, items: Sequence[ReplayView], top: float) -> None:
    """A dotted vertical line and a star at each call where the production agent compacted
    (once per compaction, however many replays of the same log are overlaid)."""
    seen: set[tuple[str | None, int]] = set()
    xs: list[Any] = []
    ys: list[Any] = []
    star_x, star_y, texts = [], [], []
    for item in items:
        for call, compaction in item.real_compactions:
            key = (item.transcript.source, compaction.index)
            if call is None or key in seen:
                continue
            seen.add(key)
            xs += [call, call, None]
            ys += [0, top, None]
            star_x.append(call)
            star_y.append(top * 0.97)
            before = (
                f"{compaction.pre_tokens:,} tokens before"
                if compaction.pre_tokens
                else "size not logged"
            )
            texts.append(
                f"<b>the production agent compacted here</b><br>call {call}, message "
                f"{compaction.index}, trigger {html.escape(str(compaction.trigger or 'unknown'))}, "
                f"{before}<br>its summary: {escape(compaction.summary, 400)}"
            )
    if not star_x:
        return
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=ys,
            mode="lines",
            line={"color": "#000000", "width": 1, "dash": "dot"},
            legendgroup="production",
            showlegend=False,
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=star_x,
            y=star_y,
            mode="markers",
            name="production agent compacted",
            legendgroup="production",
            marker={
                "symbol": "star",
                "size": 15,
                "color": "#000000",
                "line": {"width": 1, "color": "white"},
            },
            text=texts,
            hovertemplate="%{text}<extra></extra>",
            meta={"events": "real_compaction"},
        )
    )
