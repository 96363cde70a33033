"""Figures a team can read: pressure curves, what the window holds, where the tokens are.

plotly is imported inside each function (the `[notebook]` extra). Colours are the
Okabe-Ito palette, readable with every common colour-vision deficiency; every figure uses
the one `working-memory` layout template. Long series are reduced (min/max per bucket for
curves, sums per bucket for bars) so a 100,000-call replay still draws quickly.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

# The palette and layout are the workbench theme's (one look for panels, notebooks, report).
from .._theme import CATEGORY_COLORS, COLORS, GREY, THRESHOLD_STYLE, figure_layout

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

    from ._result import Replay

__all__ = [
    "CATEGORY_COLORS",
    "COLORS",
    "EVENT_STYLE",
    "MAX_POINTS",
    "TEMPLATE_NAME",
    "ExportError",
    "export_png",
    "layout_template",
    "message_tokens_figure",
    "pressure_figure",
    "window_stack_figure",
]

CATEGORY_LABELS: dict[str, str] = {
    "system": "system prompt + request overhead",
    "tools": "tool schemas",
    "pinned": "pinned (task, plan, corrections, explicit)",
    "summaries": "compaction summaries",
    "recent": "recent turns (kept verbatim)",
    "other": "older history (may be compacted or evicted)",
}
# event kind -> (legend label, marker symbol)
EVENT_STYLE: dict[str, tuple[str, str]] = {
    "compactions": ("compaction", "diamond"),
    "evictions": ("eviction", "x"),
    "maskings": ("masking", "triangle-down"),
}
TEMPLATE_NAME = "working-memory"
MAX_POINTS = 5_000  # above this many points a curve or bar chart is reduced per bucket
_MAX_MARKERS = 1_500


def _plotly() -> Any:
    try:
        import plotly.graph_objects as go
    except ImportError as exc:
        raise ImportError(
            "working_memory.replays._plots needs plotly: pip install 'working-memory[notebook]'"
        ) from exc
    return go


def layout_template() -> Any:
    """The shared look (registered once as plotly template `working-memory`)."""
    go = _plotly()
    import plotly.io as pio

    if TEMPLATE_NAME not in pio.templates:
        pio.templates[TEMPLATE_NAME] = go.layout.Template(
            layout=go.Layout(
                **figure_layout(),
                title={"x": 0.01, "xanchor": "left", "font": {"size": 17}},
                xaxis={
                    "showgrid": True,
                    "gridcolor": "#e5e5e5",
                    "zeroline": False,
                    "linecolor": "#888",
                },
                yaxis={
                    "showgrid": True,
                    "gridcolor": "#e5e5e5",
                    "zeroline": False,
                    "linecolor": "#888",
                },
                height=520,
            )
        )
    return pio.templates[TEMPLATE_NAME]


def _figure() -> Any:
    go = _plotly()
    layout_template()
    return go.Figure(layout={"template": TEMPLATE_NAME})


# -- reduction -------------------------------------------------------------------------------
def _sample_indices(values: Sequence[float], max_points: int = MAX_POINTS) -> list[int]:
    """Indices keeping each bucket's min and max (the shape and the peaks survive)."""
    count = len(values)
    if count <= max_points:
        return list(range(count))
    buckets = max(1, max_points // 2)
    size = math.ceil(count / buckets)
    keep: list[int] = []
    for start in range(0, count, size):
        stop = min(count, start + size)
        low = min(range(start, stop), key=values.__getitem__)
        high = max(range(start, stop), key=values.__getitem__)
        keep.extend(sorted({low, high}))
    if keep[-1] != count - 1:
        keep.append(count - 1)
    return keep


def _pick(values: Sequence[Any], indices: Sequence[int]) -> list[Any]:
    return [values[i] for i in indices]


def _escape(text: str, limit: int = 600) -> str:
    """Hover text: escaped (plotly renders a subset of HTML) and cut to a readable size."""
    if len(text) > limit:
        text = text[:limit] + " …"
    return html.escape(text).replace("; ", "<br>").replace("\n", "<br>")


# -- pressure ---------------------------------------------------------------------------------
def pressure_figure(
    replays: Sequence[Replay] | Replay, *, show_unmanaged: bool = True, title: str | None = None
) -> go.Figure:
    """Pressure per model call for one or more replays, overlaid.

    Compact and evict thresholds and the limit are drawn as lines; compactions, evictions and
    maskings as markers whose hover text says what happened; where the production agent
    compacted (Claude Code, Codex logs) a star marks the call. The unmanaged curve (the raw
    transcript, no management) is dotted.
    """
    # One replay (it has a timeline) or several; replay is not imported at run time: it imports
    # this module for Replay.figure().
    one = hasattr(replays, "timeline")
    items = [cast("Replay", replays)] if one else list(cast("Sequence[Replay]", replays))
    if not items:
        raise ValueError("pressure_figure() needs at least one Replay")
    go = _plotly()
    fig = _figure()
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
        keep = _sample_indices(pressure)
        fig.add_trace(
            go.Scatter(
                x=_pick(calls, keep),
                y=_pick(pressure, keep),
                customdata=_pick(totals, keep),
                mode="lines",
                name=f"{label}: pressure" if len(items) > 1 else "pressure (managed)",
                legendgroup=f"replay{n}",
                line={"color": color, "width": 2},
                hovertemplate="call %{x}<br>pressure %{y:.2f}<br>%{customdata:,} tokens sent<extra></extra>",
            )
        )
        if show_unmanaged and not (shared_unmanaged and n > 0):
            raw = item.column("unmanaged_pressure")
            raw_tokens = item.column("unmanaged_tokens")
            unmanaged_peak = max(unmanaged_peak, max(raw))
            keep = _sample_indices(raw)
            same = shared_unmanaged
            fig.add_trace(
                go.Scatter(
                    x=_pick(calls, keep),
                    y=_pick(raw, keep),
                    customdata=_pick(raw_tokens, keep),
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
        yaxis_title="pressure (1.0 = the budget's limit)",
        yaxis_range=[0, top],
        hovermode="closest",
    )
    return fig


def _add_thresholds(fig: Any, go: Any, items: Sequence[Replay], x0: float, x1: float) -> None:
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
    item: Replay,
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
        # Many events (masking fires often): one marker per bucket of calls.
        step = max(1, math.ceil(len(hits) / _MAX_MARKERS))
        for start in range(0, len(hits), step):
            bucket = hits[start : start + step]
            first = bucket[0]
            xs.append(calls[first])
            ys.append(pressure[first])
            if len(bucket) == 1:
                texts.append(f"<b>call {calls[first]}</b><br>{_escape(events[first])}")
            else:
                total = sum(counts[i] for i in bucket)
                texts.append(
                    f"<b>calls {calls[bucket[0]]}–{calls[bucket[-1]]}</b><br>{total} {kind_label}s; "
                    f"first: {_escape(events[first], 300)}"
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


def _add_real_compactions(fig: Any, go: Any, items: Sequence[Replay], top: float) -> None:
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
                f"{before}<br>its summary: {_escape(compaction.summary, 400)}"
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


# -- what the window holds ----------------------------------------------------------------------
def window_stack_figure(replay: Replay, *, title: str | None = None) -> go.Figure:
    """Tokens in the window at each call, stacked by category, with the limit and thresholds."""
    go = _plotly()
    fig = _figure()
    calls = replay.column("call")
    keep = _sample_indices(replay.column("tokens_total"))
    x = _pick(calls, keep)
    for category, color in CATEGORY_COLORS.items():
        values = _pick(replay.column(f"tokens_{category}"), keep)
        fig.add_trace(
            go.Scatter(
                x=x,
                y=values,
                mode="lines",
                stackgroup="window",
                name=CATEGORY_LABELS[category],
                line={"width": 0.5, "color": color},
                fillcolor=color,
                hovertemplate=f"{CATEGORY_LABELS[category]}: %{{y:,}} tokens<extra></extra>",
                meta={"category": category},
            )
        )
    x0, x1 = (calls[0], calls[-1]) if calls else (0, 1)
    for kind, value in (
        ("compact", replay.compact_at * replay.limit),
        ("evict", replay.evict_at * replay.limit),
        ("limit", float(replay.limit)),
    ):
        color, dash = THRESHOLD_STYLE[kind]
        name = (
            f"limit ({replay.limit:,} tokens)"
            if kind == "limit"
            else f"{kind} threshold ({value:,.0f} tokens)"
        )
        fig.add_trace(
            go.Scatter(
                x=[x0, x1],
                y=[value, value],
                mode="lines",
                name=name,
                line={"color": color, "width": 1.2, "dash": dash},
                hovertemplate=f"{html.escape(name)}<extra></extra>",
                meta={"threshold": kind, "value": value},
            )
        )
    fig.update_layout(
        title=title or f"What the window holds at each call: {replay.name}",
        xaxis_title="model call",
        yaxis_title="tokens sent",
        hovermode="x unified",
    )
    return fig


# -- where the tokens are --------------------------------------------------------------------
def message_tokens_figure(
    messages: Sequence[Mapping[str, Any]],
    tokens: Sequence[int],
    pinned: Sequence[bool],
    *,
    cumulative: bool = True,
    limit: int | None = None,
    compact_at: float = 0.7,
    evict_at: float = 0.9,
    title: str | None = None,
) -> go.Figure:
    """Tokens per message as bars (pinned ones in their own colour), with the running total.

    With `limit`, the running total is drawn as pressure (share of the limit) on a second
    axis with the thresholds. Past MAX_POINTS messages, bars are summed per bucket.
    """
    if not len(messages) == len(tokens) == len(pinned):
        raise ValueError(
            f"messages ({len(messages)}), tokens ({len(tokens)}) and pinned ({len(pinned)}) "
            "must have the same length"
        )
    go = _plotly()
    fig = _figure()
    count = len(tokens)
    size = max(1, math.ceil(count / 2_000)) if count > MAX_POINTS else 1
    xs: list[int] = []
    pinned_y: list[int] = []
    free_y: list[int] = []
    labels: list[str] = []
    for start in range(0, count, size):
        stop = min(count, start + size)
        xs.append(start)
        pinned_y.append(sum(tokens[i] for i in range(start, stop) if pinned[i]))
        free_y.append(sum(tokens[i] for i in range(start, stop) if not pinned[i]))
        if size == 1:
            labels.append(_describe(start, messages[start]))
        else:
            labels.append(f"messages {start}–{stop - 1}")
    unit = "message" if size == 1 else f"bucket of {size} messages"
    for name, values, color in (
        ("pinned messages", pinned_y, CATEGORY_COLORS["pinned"]),
        ("unpinned messages", free_y, CATEGORY_COLORS["other"]),
    ):
        fig.add_trace(
            go.Bar(
                x=xs,
                y=values,
                name=name,
                marker={"color": color},
                text=labels,
                hovertemplate="%{text}<br>%{y:,} tokens<extra>" + name + "</extra>",
                textposition="none",
                meta={"bars": name},
            )
        )
    if cumulative:
        running = []
        total = 0
        for value in tokens:
            total += value
            running.append(total)
        keep = _sample_indices(running)
        ys: list[float] = (
            [running[i] / limit for i in keep] if limit else [float(running[i]) for i in keep]
        )
        fig.add_trace(
            go.Scatter(
                x=keep,
                y=ys,
                mode="lines",
                yaxis="y2",
                name="running total (pressure)" if limit else "running total (tokens)",
                line={"color": "#000000", "width": 2},
                hovertemplate=(
                    "message %{x}<br>pressure %{y:.2f}"
                    if limit
                    else "message %{x}<br>%{y:,} tokens"
                )
                + "<extra></extra>",
                meta={"cumulative": True},
            )
        )
        if limit:
            x1 = max(count - 1, 1)
            lines: tuple[tuple[str, float], ...] = (
                ("compact", compact_at),
                ("evict", evict_at),
                ("limit", 1.0),
            )
            for kind, threshold in lines:
                color, dash = THRESHOLD_STYLE[kind]
                name = "limit (1.0)" if kind == "limit" else f"{kind} threshold ({threshold:.2f})"
                fig.add_trace(
                    go.Scatter(
                        x=[0, x1],
                        y=[threshold, threshold],
                        mode="lines",
                        yaxis="y2",
                        name=name,
                        line={"color": color, "width": 1.2, "dash": dash},
                        hovertemplate=f"{name}<extra></extra>",
                        meta={"threshold": kind, "value": threshold},
                    )
                )
        fig.update_layout(
            yaxis2={
                "title": "running total: pressure" if limit else "running total: tokens",
                "overlaying": "y",
                "side": "right",
                "showgrid": False,
                "rangemode": "tozero",
                "tickmode": "auto",
                "tickformat": ".2f" if limit else ",d",
            },
        )
    fig.update_layout(
        title=title or "Tokens per message",
        xaxis_title=f"message index ({unit} per bar)",
        yaxis_title="tokens",
        barmode="stack",
        bargap=0.05,
        hovermode="closest",
    )
    return fig


def _describe(index: int, message: Mapping[str, Any]) -> str:
    from ..messages import content_text

    role = str(message.get("role"))
    calls = message.get("tool_calls") or ()
    if calls:
        names = ", ".join(str((c.get("function") or {}).get("name")) for c in calls)
        return html.escape(f"#{index} {role} → {names}")
    text, _ = content_text(message.get("content"))
    preview = " ".join(text.split())[:80]
    return html.escape(f"#{index} {role}: {preview}")


# -- export ----------------------------------------------------------------------------------
class ExportError(RuntimeError):
    """A figure could not be written as an image (kaleido or a Chromium is missing)."""


def export_png(fig: Any, path: str | Path, *, scale: float = 2.0) -> Path:
    """Write `fig` as a PNG. Needs kaleido and a Chromium/Chrome; raises ExportError otherwise."""
    try:
        import kaleido  # noqa: F401
    except ImportError:
        raise ExportError(
            "PNG export needs kaleido and a Chromium or Chrome: pip install kaleido, then "
            "install chromium (e.g. apt-get install chromium). The HTML report needs neither."
        ) from None
    path = Path(path)
    try:
        fig.write_image(str(path), format="png", scale=scale)
    except Exception as exc:  # kaleido raises various types when no browser starts
        raise ExportError(
            f"PNG export to {path} failed: kaleido could not render with a Chromium "
            f"({type(exc).__name__}: {str(exc)[:300]}). Install chromium or Chrome, or use the "
            "HTML report instead."
        ) from exc
    return path
