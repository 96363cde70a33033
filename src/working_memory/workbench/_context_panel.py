"""The context panel: the model's window at one point, by category, as Claude Code's
`/context` lays it out (what was sent, then free space, the autocompact buffer, the reply
reserve and the counting headroom), one stacked bar and one table.

Every figure is read from a `replays.ContextUse`, the report's accounting, with its labels and
its sentence (`ContextUse.describe`), so the panel and the report's context table say the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._theme import CATEGORY_COLORS
from ._html import CSS, esc

if TYPE_CHECKING:
    from ..replays import ContextUse

__all__ = ["context_html"]

# The spare part of the window in greys (the palette's colours are what was sent); the
# autocompact buffer striped: tokens sent into it make the window act.
_SPARE_FILL = {
    "free": "#ffffff",
    "autocompact_buffer": "repeating-linear-gradient(135deg, #cbd2d9 0 3px, #f5f7fa 3px 7px)",
    "reply_reserve": "#9aa5b1",
    "headroom": "#e4e7eb",
}


def _fill(key: str) -> str:
    return CATEGORY_COLORS.get(key) or _SPARE_FILL.get(key, "#e4e7eb")


def context_html(context: ContextUse, *, title: str, counter: str, note: str = "") -> str:
    """The panel for `context`: a headline (`title`: which window this is), the counts' state
    as the report words it, a bar along the window and a table of every category."""
    parts = context.as_dict()
    whole = sum(parts.values())  # the window, or what was sent when that is over it
    window = context.window
    used = context.used_parts()
    segments = []
    rows = []
    for key, tokens in parts.items():
        label = context.label(key)
        fill = _fill(key)
        if tokens > 0:
            segments.append(
                f'<span class="seg" data-category="{key}" title="{esc(label)}: {tokens:,}" '
                f'style="width:{100 * tokens / whole:.3f}%;background:{fill}"></span>'
            )
        kind = "used" if key in used else "spare"
        rows.append(
            f'<tr data-category="{key}" data-tokens="{tokens}" class="{kind}">'
            f'<td><span class="swatch" style="background:{fill}"></span>{esc(label)}</td>'
            f'<td class="num">{tokens:,}</td><td class="num">{tokens / window:.1%}</td></tr>'
        )
    counts = f"Counts: {counter}, {context.counts}" + (f"; {note}" if note else "")
    past = " and what went past it" if context.over_window else ""
    return (
        f'{CSS}<div class="wm-wb wm-context" data-used="{context.used}" data-window="{window}">'
        f"<div><b>{esc(title)}</b>: {esc(context.describe())}</div>"
        f'<div class="muted">{esc(counts)}.</div>'
        f'<div class="ctx-bar">{"".join(segments)}</div>'
        '<table class="context"><thead><tr><th>category</th><th>tokens</th>'
        f"<th>of the window</th></tr></thead><tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr data-total="{whole}"><td>the model\'s window{past}</td>'
        f'<td class="num">{whole:,}</td><td class="num">{whole / window:.1%}</td></tr></tfoot>'
        "</table></div>"
    )
