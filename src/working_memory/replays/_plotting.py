"""What every figure shares: plotly imported lazily, the one layout template, the category
labels and event markers, and the reduction of long series (min/max per bucket).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from .._theme import figure_layout
from ._context import CONTEXT_LABELS, USED

__all__ = [
    "CATEGORY_LABELS",
    "EVENT_STYLE",
    "MARKER_BINS",
    "MAX_POINTS",
    "TEMPLATE_NAME",
    "layout_template",
    "marker_bins",
]


# The stacked categories are the accounting's (`_context`): one wording everywhere.
CATEGORY_LABELS: dict[str, str] = {key: CONTEXT_LABELS[key] for key in USED}
# event kind -> (legend label, marker symbol)
EVENT_STYLE: dict[str, tuple[str, str]] = {
    "compactions": ("compaction", "diamond"),
    "evictions": ("eviction", "x"),
    "maskings": ("masking", "triangle-down"),
}
TEMPLATE_NAME = "working-memory"
MAX_POINTS = 5_000  # above this many points a curve or bar chart is reduced per bucket
# Event and pin markers: at most this many bins across the x axis, one marker per bin. A
# chart ~1,100 px wide then has a marker at most every ~5 px: at 5,000 calls a marker per
# event (1,500 of them) smeared into one thick band.
MARKER_BINS = 200


def plotly() -> Any:
    try:
        import plotly.graph_objects as go
    except ImportError as exc:
        raise ImportError(
            "charts and the HTML report need plotly: pip install 'working-memory[notebook]'"
        ) from exc
    return go


def layout_template() -> Any:
    """The shared look (registered once as plotly template `working-memory`)."""
    go = plotly()
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


def figure() -> Any:
    go = plotly()
    layout_template()
    return go.Figure(layout={"template": TEMPLATE_NAME})


# -- reduction -------------------------------------------------------------------------------
def sample_indices(values: Sequence[float], max_points: int = MAX_POINTS) -> list[int]:
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


def marker_bins(
    positions: Sequence[int], extent: float, bins: int = MARKER_BINS
) -> list[tuple[float, list[int]]]:
    """Sorted positions grouped into at most `bins` equal bins over [0, extent): for each bin
    that holds any, (its centre, the positions in it). Bins one wide are the positions
    themselves (centre = the position), so short series keep one marker per event."""
    width = max(1, math.ceil(extent / max(1, bins)))
    groups: dict[int, list[int]] = {}
    for position in positions:
        groups.setdefault(int(position) // width, []).append(position)
    if width == 1:
        return [(float(group[0]), group) for _, group in sorted(groups.items())]
    return [(key * width + (width - 1) / 2, group) for key, group in sorted(groups.items())]


def pick(values: Sequence[Any], indices: Sequence[int]) -> list[Any]:
    return [values[i] for i in indices]


def escape(text: str, limit: int = 600) -> str:
    """Hover text: escaped (plotly renders a subset of HTML) and cut to a readable size."""
    if len(text) > limit:
        text = text[:limit] + " …"
    return html.escape(text).replace("; ", "<br>").replace("\n", "<br>")
