"""Where the tokens are: tokens per message as bars, pinned ones in their own colour, with
the running total (as pressure against a limit, with the thresholds).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .._theme import CATEGORY_COLORS, THRESHOLD_STYLE
from ._plotting import figure, plotly, sample_indices

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

__all__ = ["MAX_BARS", "message_buckets", "message_tokens_figure"]

# A per-message chart draws at most this many bars; past it, buckets. About the plot's width in
# pixels at 1400 px: more bars are narrower than a pixel and add nothing to see, while the
# browser's redraw time grows with them (2,000 bars were most of a control's 0.6-1 s at 5,000
# messages; benchmarks/bench_browser_latency.py).
MAX_BARS = 800


def message_buckets(count: int, max_bars: int = MAX_BARS) -> list[range]:
    """The messages each bar of a per-message chart stands for: one bar per message up to
    `max_bars` messages, past that runs of consecutive messages of one length (the last may
    be shorter), so every message is in exactly one bar. Both per-message charts (this
    module's figure and the workbench's) bucket with it, so a session reads the same in both."""
    size = max(1, -(-count // max_bars))
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


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
    fixed: int = 0,
) -> go.Figure:
    """Tokens per message as bars (pinned ones in their own colour), with the running total.

    The running total starts at `fixed`: what every request carries before its first
    message (the per-request overhead and the tool schemas, `ContextUse.fixed`), so that at
    message i it is what a request ending there sends, as the pressure curve counts it; its
    tokens are the trace's customdata. With `limit`, it is drawn as pressure (share of the
    limit) on a second axis with the thresholds. Past MAX_BARS messages, bars are summed per
    bucket (`message_buckets`).
    """
    if not len(messages) == len(tokens) == len(pinned):
        raise ValueError(
            f"messages ({len(messages)}), tokens ({len(tokens)}) and pinned ({len(pinned)}) "
            "must have the same length"
        )
    go = plotly()
    fig = figure()
    count = len(tokens)
    buckets = message_buckets(count)
    size = len(buckets[0]) if buckets else 1
    xs: list[int] = []
    pinned_y: list[int] = []
    free_y: list[int] = []
    labels: list[str] = []
    for bucket in buckets:
        start, stop = bucket.start, bucket.stop
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
        total = fixed
        for value in tokens:
            total += value
            running.append(total)
        keep = sample_indices(running)
        ys: list[float] = (
            [running[i] / limit for i in keep] if limit else [float(running[i]) for i in keep]
        )
        name = "running total (pressure)" if limit else "running total (tokens)"
        if fixed:
            name += f", from {fixed:,} fixed tokens"
        fig.add_trace(
            go.Scatter(
                x=keep,
                y=ys,
                customdata=[running[i] for i in keep],
                mode="lines",
                yaxis="y2",
                name=name,
                line={"color": "#000000", "width": 2},
                hovertemplate=(
                    "message %{x}<br>pressure %{y:.2f}<br>%{customdata:,} tokens"
                    if limit
                    else "message %{x}<br>%{y:,} tokens"
                )
                + "<extra></extra>",
                meta={"cumulative": True, "fixed": fixed},
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
