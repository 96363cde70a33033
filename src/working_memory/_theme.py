"""The workbench's one look, shared by the panels, the notebooks' figures and the HTML report.

White background, the Okabe-Ito palette (readable with every common colour-vision deficiency),
legends in rows below the plot (they wrap instead of scrolling and never cover a title), figures
that take the panel's full width, and tables that wrap their cells instead of overflowing.
It sits below replay and the workbench, so that both import it downward, and imports no
third-party package: replays/_plots.py builds its plotly template from these
values, the panels and replays/_report.py take their CSS from here.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CATEGORY_COLORS",
    "COLORS",
    "FONT",
    "GREY",
    "LEGEND_BELOW",
    "REPORT_CSS",
    "TABLE_WRAP_CSS",
    "THRESHOLD_STYLE",
    "figure_layout",
]

# Okabe & Ito (2008): blue, orange, bluish green, vermillion, sky blue, reddish purple, yellow, black.
COLORS: tuple[str, ...] = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#56B4E9",
    "#CC79A7",
    "#F0E442",
    "#000000",
)
GREY = "#999999"
FONT = "Helvetica, Arial, sans-serif"

# What the window holds, by category (stacked charts in replays, the report and the panels).
CATEGORY_COLORS: dict[str, str] = {
    "system": GREY,
    "overhead": "#009E73",
    "tools": "#F0E442",
    "pinned": "#D55E00",
    "summaries": "#CC79A7",
    "recent": "#0072B2",
    "other": "#56B4E9",
}
# Thresholds in greys, told apart by their dash: the palette's colours belong to the policies'
# curves, and a threshold drawn in one of them reads as that policy's.
THRESHOLD_STYLE: dict[str, tuple[str, str]] = {
    "compact": ("#8C8C8C", "dash"),
    "evict": ("#4D4D4D", "dashdot"),
    "limit": ("#000000", "solid"),
}

# Rows at the figure's bottom edge, left-aligned: plotly grows the bottom margin to fit them, so
# a legend of 17 entries wraps into rows instead of scrolling or squeezing the plot sideways.
# Placed on the container, not the plot: at y=-0.2 of the plot the gap under the axis shrank
# with the plot (a wide legend, a narrow notebook cell) and the legend covered the x-axis title.
LEGEND_BELOW: dict[str, Any] = {
    "orientation": "h",
    "x": 0,
    "xanchor": "left",
    "yref": "container",
    "y": 0,
    "yanchor": "bottom",
    "font": {"size": 12},
    "tracegroupgap": 4,
    "itemsizing": "constant",
}


def figure_layout(*, title: bool = True) -> dict[str, Any]:
    """Layout settings every figure shares (plotly template and the panels' FigureWidgets)."""
    return {
        "font": {"family": FONT, "size": 13, "color": "#222"},
        "paper_bgcolor": "white",
        "plot_bgcolor": "white",
        "colorway": list(COLORS),
        "legend": dict(LEGEND_BELOW),
        "autosize": True,  # the panel's width, not a fixed 700 px
        "margin": {"l": 70, "r": 70, "t": 70 if title else 24, "b": 70},
        "hoverlabel": {"font": {"size": 12}, "align": "left"},
    }


# Long unbreakable headers (unmanaged_billed_tokens) and values wrap instead of pushing the
# table past the panel's or the page's right edge.
TABLE_WRAP_CSS = (
    "table {max-width: 100%; table-layout: auto} "
    "th, td {overflow-wrap: anywhere; word-break: normal; hyphens: auto}"
)

REPORT_CSS = """
body { font-family: Helvetica, Arial, sans-serif; color: #222; margin: 2rem auto; max-width: 1600px;
       padding: 0 1rem; line-height: 1.45; background: white; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.25rem; margin-top: 2.2rem; }
h3 { font-size: 1.05rem; margin-top: 1.6rem; }
.meta { color: #555; font-size: .9rem; }
.summary { font-size: 1rem; margin: .3rem 0; } .summary b { color: #000; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .84rem; width: 100%; }
th, td { border: 1px solid #ccc; padding: .25rem .45rem; text-align: left; vertical-align: top;
         overflow-wrap: break-word; hyphens: auto; }
td.num { white-space: nowrap; }
th { background: #f3f3f3; font-weight: 600; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.policy th, table.policy td { font-weight: normal; }
table.policy tr.differs th, table.policy tr.differs td { font-weight: bold; background: #fff4ec; }
table.context { width: auto; min-width: 28rem; } table.context caption { text-align: left; color: #555; }
table.context th { font-weight: normal; background: none; } table.context tr.spare { color: #555; }
.swatch { display: inline-block; width: .8em; height: .8em; vertical-align: -.05em; }
.bad { color: #D55E00; font-weight: bold; } .good { color: #009E73; }
details { margin: .6rem 0; } summary { cursor: pointer; color: #0072B2; }
pre { white-space: pre-wrap; background: #f7f7f7; padding: .6rem; font-size: .82rem; max-height: 30rem;
      overflow: auto; }
.figure { margin: 1rem 0 2rem; max-width: 100%; overflow: hidden; }
.warn { border: 2px solid #D55E00; background: #fff4ec; padding: .6rem .9rem; margin: 1rem 0; }
.note { border-left: 4px solid #999; background: #f5f5f5; padding: .6rem .9rem; margin: 1rem 0; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; }
  .figure { page-break-inside: avoid; break-inside: avoid; }
  details > pre { max-height: none; }
  h2 { page-break-after: avoid; }
}
"""
