"""The report's cost part, self-contained: cost with the prompt cache beside tokens, which
policy is cheapest, and a compact per-call view (the calls where the window was rewritten)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._cost import cost_verdict, usd

if TYPE_CHECKING:  # pragma: no cover
    from ._view import ReplayView

__all__ = ["cost_block"]

MAX_ROWS = 12  # rewritten calls listed per policy


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def cost_block(items: Sequence[ReplayView]) -> str:
    rows = []
    for r in items:
        s = r.stats
        saved = f"{s.saved_cost_share:.0%}" if s.saved_cost_share is not None else "-"
        rows.append(
            f'<tr data-policy="{_e(r.name)}"><th>{_e(r.name)}</th><td>{_e(usd(s.cost_usd))}</td>'
            f"<td>{_e(usd(s.unmanaged_cost_usd))}</td><td>{saved}</td>"
            f"<td>{s.billed_tokens:,}</td><td>{s.saved_share:.0%}</td>"
            f"<td>{s.cache_read_tokens:,}</td><td>{s.cache_write_tokens:,}</td>"
            f"<td>{s.cache_breaks}</td></tr>"
        )
    verdict = "".join(
        f"<p>{_e(line)}</p>" for line in cost_verdict({r.name: r.stats for r in items})
    )
    model = items[0].stats.model or "unknown model"
    calls = "".join(_rewrites(r) for r in items)
    return (
        f'<h2>Cost with the prompt cache</h2><div class="cost">{verdict}'
        f'<table class="stats"><tr><th>policy ({_e(model)})</th><th>cost</th><th>unmanaged</th>'
        "<th>money saved</th><th>input tokens</th><th>tokens saved</th><th>cache reads</th>"
        f"<th>cache writes</th><th>cache breaks</th></tr>{''.join(rows)}</table>"
        '<p class="meta">Predicted with the cache rules of the model\'s provider '
        "(working_memory.tokens.CACHE_RULES) and the prices in working_memory.clients.PRICES. "
        "A compaction or masking rewrites the prompt from that point on: the rest is written to "
        "the cache again (Anthropic) or loses the cached discount (OpenAI, DeepSeek).</p>"
        f"{calls}</div>"
    )


def _rewrites(r: ReplayView) -> str:
    views = [v for v in r.calls() if set(v.changes()) - {"added", "truncated"}]
    if not views:
        return ""
    rows = []
    for v in views[:MAX_ROWS]:
        changes = ", ".join(f"{n} {mark}" for mark, n in sorted(v.changes().items()))
        cache = v.cache
        rows.append(
            f'<tr data-call="{v.call}"><td>{v.call}</td><td>{_e(changes)}</td>'
            f"<td>{v.cached_messages} of {len(v.messages)}</td><td>{v.tokens:,}</td>"
            f"<td>{cache.read if cache else 0:,}</td><td>{cache.write if cache else 0:,}</td>"
            f"<td>{_e(usd(v.cost_usd))}</td></tr>"
        )
    more = (
        f"<p class='meta'>... and {len(views) - MAX_ROWS} more.</p>"
        if len(views) > MAX_ROWS
        else ""
    )
    return (
        f"<h3>Calls where {_e(r.name)} rewrote the window</h3>"
        '<table class="calls"><tr><th>call</th><th>what changed</th><th>cached prefix '
        "(messages)</th><th>tokens</th><th>cache read</th><th>cache write</th><th>cost</th></tr>"
        f"{''.join(rows)}</table>{more}"
    )
