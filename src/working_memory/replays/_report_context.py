"""The report's context table: the model's window at the last call by category, free space
and reserve included, as Claude Code's `/context` lays it out (see `_context`)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .._theme import CATEGORY_COLORS
from ._context import USED, context_at

if TYPE_CHECKING:  # pragma: no cover
    from ._view import ReplayView

__all__ = ["context_block"]


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def context_block(item: ReplayView) -> str:
    """One table: each category's tokens and share of the model's window, at the last call."""
    if not item.column("call"):
        return ""
    context = context_at(item)
    window = context.window
    rows = []
    for key, tokens in context.as_dict().items():
        swatch = CATEGORY_COLORS.get(key)
        mark = f'<span class="swatch" style="background:{swatch}"></span> ' if swatch else ""
        kind = "used" if key in USED else "spare"
        rows.append(
            f'<tr data-category="{key}" data-tokens="{tokens}" class="{kind}">'
            f"<th>{mark}{_e(context.label(key))}</th>"
            f'<td class="num">{tokens:,}</td><td class="num">{tokens / window:.1%}</td></tr>'
        )
    caption = f"At the last call (call {context.call}): {context.describe()}"
    return (
        f'<table class="context" data-policy="{_e(item.name)}" data-call="{context.call}">'
        f"<caption>{_e(caption)}</caption>"
        "<thead><tr><th>category</th><th>tokens</th><th>of the window</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr data-total="{sum(context.as_dict().values())}"><th>the model\'s window'
        f"{' and what went past it' if context.over_window else ''}</th>"
        f'<td class="num">{sum(context.as_dict().values()):,}</td><td class="num">'
        f"{sum(context.as_dict().values()) / window:.1%}</td></tr></tfoot></table>"
    )
