"""Figures a team can read: pressure curves, what the window holds, where the tokens are.

plotly is imported inside each function (the `[notebook]` extra). Colours are the
Okabe-Ito palette, readable with every common colour-vision deficiency; every figure uses
the one `working-memory` layout template. Long series are reduced (min/max per bucket for
curves, sums per bucket of messages for bars, see `message_buckets`) so a 100,000-call
replay still draws quickly.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The palette and layout are the workbench theme's (one look for panels, notebooks, report).
from .._theme import CATEGORY_COLORS, COLORS, THRESHOLD_STYLE
from ._message_plot import message_tokens_figure
from ._plotting import (
    CATEGORY_LABELS,
    EVENT_STYLE,
    MAX_POINTS,
    TEMPLATE_NAME,
    figure,
    layout_template,
    pick,
    plotly,
    sample_indices,
)
from ._pressure_plot import pressure_figure

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

    from ._view import ReplayView

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


# -- what the window holds ----------------------------------------------------------------------
def window_stack_figure(replay: ReplayView, *, title: str | None = None) -> go.Figure:
    """Tokens in the window at each call, stacked by category, with the limit and thresholds."""
    go = plotly()
    fig = figure()
    calls = replay.column("call")
    keep = sample_indices(replay.column("tokens_total"))
    x = pick(calls, keep)
    for category, color in CATEGORY_COLORS.items():
        values = pick(replay.column(f"tokens_{category}"), keep)
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
    path = Path(path).expanduser()
    try:
        fig.write_image(str(path), format="png", scale=scale)
    except Exception as exc:  # kaleido raises various types when no browser starts
        raise ExportError(
            f"PNG export to {path} failed: kaleido could not render with a Chromium "
            f"({type(exc).__name__}: {str(exc)[:300]}). Install chromium or Chrome, or use the "
            "HTML report instead."
        ) from exc
    return path
