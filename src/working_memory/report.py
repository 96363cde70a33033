"""One self-contained HTML file per report: figures (plotly.js inlined), stats, policy settings.

It opens offline and can be mailed: no script or style is fetched from anywhere. Every text
taken from a transcript or a policy is HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._replay_stats import STAT_LABELS

if TYPE_CHECKING:  # pragma: no cover
    from .replay import Replay

__all__ = ["render_report", "write_report"]

_MAX_EVENTS = 400  # events listed per replay (the full list is in Replay.events)

_CSS = """
body { font-family: Helvetica, Arial, sans-serif; color: #222; margin: 2rem auto; max-width: 1200px;
       padding: 0 1rem; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.25rem; margin-top: 2.2rem; }
h3 { font-size: 1.05rem; margin-top: 1.6rem; }
.meta { color: #555; font-size: .9rem; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .88rem; }
th, td { border: 1px solid #ccc; padding: .25rem .55rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.bad { color: #D55E00; font-weight: bold; } .good { color: #009E73; }
details { margin: .6rem 0; } summary { cursor: pointer; color: #0072B2; }
pre { white-space: pre-wrap; background: #f7f7f7; padding: .6rem; font-size: .82rem; max-height: 30rem;
      overflow: auto; }
.figure { margin: 1rem 0 2rem; }
.warn { border: 2px solid #D55E00; background: #fff4ec; padding: .6rem .9rem; margin: 1rem 0; }
"""

_HEADLINE = (
    "calls",
    "billed_tokens",
    "unmanaged_billed_tokens",
    "saved_share",
    "compactions",
    "evictions",
    "maskings",
    "summariser_calls",
    "summariser_tokens",
    "peak_pressure",
    "mean_pressure",
    "calls_over_limit",
    "task_survived",
    "pinned_survived",
    "orphaned_tool_calls",
    "real_compactions",
)


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _cell(key: str, value: object) -> str:
    if value is None:
        return '<td title="the transcript has no user message">unknown</td>'
    if isinstance(value, bool):
        ok = value if key != "orphaned_tool_calls" else not value
        return f'<td class="{"good" if ok else "bad"}">{"yes" if value else "no"}</td>'
    if key == "orphaned_tool_calls" and value:
        return f'<td class="num bad">{_e(value)}</td>'
    if isinstance(value, float):
        text = f"{value:.1%}" if key.endswith("share") else f"{value:.2f}"
        return f'<td class="num">{text}</td>'
    if isinstance(value, int):
        return f'<td class="num">{value:,}</td>'
    return f"<td>{_e(value)}</td>"


def _stats_table(replays: Sequence[Replay]) -> str:
    head = "".join(f"<th>{_e(STAT_LABELS.get(k, k))}</th>" for k in _HEADLINE)
    rows = []
    for item in replays:
        stats = item.stats.to_dict()
        cells = "".join(_cell(k, stats[k]) for k in _HEADLINE)
        rows.append(f"<tr><th>{_e(item.name)}</th>{cells}</tr>")
    return f'<table class="stats"><tr><th>replay</th>{head}</tr>{"".join(rows)}</table>'


def _policy_table(replays: Sequence[Replay]) -> str:
    settings = [item.policy.to_dict() for item in replays]
    keys = list(settings[0]) if settings else []
    head = "".join(f"<th>{_e(item.name)}</th>" for item in replays)
    rows = []
    for key in keys:
        values = [s[key] for s in settings]
        differs = len({repr(v) for v in values}) > 1
        name = f"<b>{_e(key)}</b>" if differs else _e(key)
        cells = "".join(f"<td>{_e(v)}</td>" for v in values)
        rows.append(f"<tr><th>{name}</th>{cells}</tr>")
    return f'<table class="policy"><tr><th>setting</th>{head}</tr>{"".join(rows)}</table>'


def _events_block(item: Replay) -> str:
    lines = [f"call {e.call}: {e}" for e in item.events[:_MAX_EVENTS]]
    more = len(item.events) - _MAX_EVENTS
    if more > 0:
        lines.append(f"... and {more} more")
    body = _e("\n".join(lines)) if lines else "no events: the window never needed managing"
    notes = ""
    if item.notes:
        notes = "<ul>" + "".join(f"<li>{_e(n)}</li>" for n in item.notes[:50]) + "</ul>"
    return (
        f"<details><summary>{len(item.events)} window events of {_e(item.name)}</summary>"
        f"<pre>{body}</pre></details>{notes}"
    )


def _real_block(item: Replay) -> str:
    if not item.real_compactions:
        return ""
    parts = []
    for call, compaction in item.real_compactions:
        where = f"at call {call}" if call is not None else "after the last call"
        size = f", {compaction.pre_tokens:,} tokens before" if compaction.pre_tokens else ""
        parts.append(
            f"<details><summary>production compaction {where} (message {compaction.index}, "
            f"trigger {_e(compaction.trigger or 'unknown')}{size})</summary>"
            f"<pre>{_e(compaction.summary)}</pre></details>"
        )
    return "".join(parts)


def _billed_block(items: Sequence[Replay]) -> str:
    """Counted against billed when the log has usage; a visible warning when it is >10% off and
    no calibration is applied. Each distinct counter/calibration of the replays is checked."""
    from .usage_check import check_counts

    first = items[0]
    if not any(c.total_input_tokens > 0 for c in first.transcript.calls or ()):
        return ""
    seen: set[tuple[str, int]] = set()
    parts = []
    for item in items:
        calibration = item.policy.calibration
        key = (item.policy.counter, id(calibration))
        if key in seen:
            continue
        seen.add(key)
        check = check_counts(
            first.transcript,
            None if calibration is not None else item.policy.counter,
            calibration=calibration,
        )
        parts.append(f"<p>{_e(check.headline())}</p>")
        if calibration is not None:
            parts.append(f"<pre>{_e(calibration.describe())}</pre>")
        warning = check.warning(
            fix="replay(transcript, policy.replace(calibration=working_memory.calibrate(transcript)))"
            " or `working-memory replay --calibrate`"
        )
        if warning:
            parts.append(f'<div class="warn"><b>Counts are off the bill.</b> {_e(warning)}</div>')
    return "<h2>Counted vs billed</h2>" + "".join(parts)


def render_report(replays: Sequence[Replay], *, title: str = "Working-memory replay") -> str:
    """The report as one HTML string (see write_report)."""
    from .plots import message_tokens_figure, pressure_figure, window_stack_figure

    items = list(replays)
    if not items:
        raise ValueError("a report needs at least one Replay")
    figures: list[tuple[str, Any]] = [("Pressure", pressure_figure(items))]
    for item in items:
        figures.append((f"Window contents: {item.name}", window_stack_figure(item)))
    for item in items:
        pinned = [reason is not None for reason in item.final_pin_reasons]
        figures.append(
            (
                f"Final window: {item.name}",
                message_tokens_figure(
                    item.final_messages,
                    item.final_tokens,
                    pinned,
                    limit=item.limit,
                    compact_at=item.compact_at,
                    evict_at=item.evict_at,
                    title=f"What the model saw at the last call: {item.name}",
                ),
            )
        )
    first = items[0]
    raw_pins = first.policy.pin_policy().pin_reasons(first.transcript.messages)
    figures.append(
        (
            "Transcript",
            message_tokens_figure(
                first.transcript.messages,
                first.message_tokens,
                [r is not None for r in raw_pins],
                limit=first.limit,
                compact_at=first.compact_at,
                evict_at=first.evict_at,
                title="Tokens per transcript message, unmanaged (pins as the policy sets them)",
            ),
        )
    )
    config = {"displaylogo": False, "responsive": True}
    blocks = []
    for n, (label, fig) in enumerate(figures):
        div = fig.to_html(
            full_html=False,
            include_plotlyjs=(n == 0),
            config=config,
            div_id=f"figure-{n}",
        )
        blocks.append(f'<div class="figure" data-label="{_e(label)}">{div}</div>')
    pressure, stacks = blocks[0], blocks[1 : 1 + len(items)]
    finals, transcript = blocks[1 + len(items) : 1 + 2 * len(items)], blocks[-1]
    source = first.transcript.source or "messages"
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    per_replay = "".join(
        f"<h3>{_e(item.name)}</h3>{stack}{final}{_events_block(item)}{_real_block(item)}"
        for item, stack, final in zip(items, stacks, finals, strict=True)
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title><style>{_CSS}</style></head>
<body>
<h1>{_e(title)}</h1>
<p class="meta">Transcript: {_e(source)} ({_e(first.transcript.format)}, {len(first.transcript.messages):,} messages).
Generated {generated} by working-memory. Pressure is the share of the token budget sent at a call
(1.0 = the budget's limit); "unmanaged" is what the raw transcript would have sent.</p>
{_billed_block(items)}
<h2>Totals</h2>
{_stats_table(items)}
<h2>Pressure over the session</h2>
{pressure}
<h2>Each policy</h2>
{per_replay}
<h2>Where the tokens are</h2>
{transcript}
<h2>Policy settings</h2>
<p class="meta">Settings that differ between the replays are in bold.</p>
{_policy_table(items)}
</body></html>
"""


def write_report(
    replays: Sequence[Replay] | Replay, path: str | Path, *, title: str | None = None
) -> Path:
    """Write one self-contained HTML report (plotly.js inlined) of one or more replays."""
    from .replay import Replay

    items = [replays] if isinstance(replays, Replay) else list(replays)
    default = "Working-memory replay" + (f": {items[0].name}" if len(items) == 1 else "")
    text = render_report(items, title=title or default)
    path = Path(path)
    path.write_text(text, encoding="utf-8")
    return path
