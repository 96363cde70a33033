"""One self-contained HTML file per report: figures (plotly.js inlined), stats, policy settings.

It opens offline and can be mailed: no script or style is fetched from anywhere. Every text
taken from a transcript or a policy is HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .._theme import REPORT_CSS
from ..settings import setting_fields
from ._context import context_at, counts_state
from ._stats import STAT_LABELS

if TYPE_CHECKING:  # pragma: no cover
    from ._view import ReplayView

__all__ = ["differing_settings", "render_report", "summary_sentence", "write_report"]

_MAX_EVENTS = 400  # events listed per replay (the full list is in Replay.events)

# The look is the workbench theme's (panels, notebooks and report share it).
_CSS = REPORT_CSS

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


def _stats_table(replays: Sequence[ReplayView]) -> str:
    # One row per statistic, one column per replay: 16 statistics side by side overflowed a
    # 1400 px window; a few replays side by side fit any page, printed too.
    head = "".join(f"<th>{_e(item.name)}</th>" for item in replays)
    stats = [item.stats.to_dict() for item in replays]
    rows = []
    for key in _HEADLINE:
        cells = "".join(_cell(key, s[key]) for s in stats)
        rows.append(
            f'<tr data-stat="{_e(key)}"><th>{_e(STAT_LABELS.get(key, key))}</th>{cells}</tr>'
        )
    return (
        f'<table class="stats"><thead><tr><th>statistic</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _policy_table(replays: Sequence[ReplayView]) -> str:
    """One row per declared setting (settings.py, Policy): its name as a policy file spells
    it, its help on hover, each replay's value as a person reads it."""
    head = "".join(f"<th>{_e(item.name)}</th>" for item in replays)
    rows = []
    differ = set(differing_settings(replays))
    for f, spec in setting_fields(replays[0].policy) if replays else ():
        key = f.name
        values = [spec.describe(getattr(item.policy, key)) for item in replays]
        name = f'<th title="{_e(spec.help)}">{_e(key)}</th>'
        # A header cell is bold already: the row is marked (class + <strong>), not the name.
        if key in differ:
            cells = "".join(f"<td><strong>{_e(v)}</strong></td>" for v in values)
            rows.append(f'<tr class="differs" data-setting="{_e(key)}">{name}{cells}</tr>')
        else:
            cells = "".join(f"<td>{_e(v)}</td>" for v in values)
            rows.append(f'<tr data-setting="{_e(key)}">{name}{cells}</tr>')
    return (
        f'<table class="policy"><thead><tr><th>setting</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def differing_settings(
    replays: Sequence[ReplayView], keys: Sequence[str] | None = None
) -> list[str]:
    """The policy settings whose values are not the same in every replay (the bold rows)."""
    settings = [item.policy.to_dict() for item in replays]
    if len(settings) < 2:
        return []
    keys = list(settings[0]) if keys is None else list(keys)
    return [k for k in keys if len({repr(s.get(k)) for s in settings}) > 1]


def failing(item: ReplayView) -> bool:
    """Over the limit on more than half of its calls: the policy does not fit the session."""
    stats = item.stats
    return bool(stats.calls) and stats.calls_over_limit * 2 > stats.calls


def summary_sentence(item: ReplayView) -> str:
    """One plain sentence on what a policy did to the session (the report's per-policy line)."""
    stats = item.stats
    acts = [
        f"{n:,} {word}{'s' if n != 1 else ''}"
        for n, word in (
            (stats.compactions, "compaction"),
            (stats.maskings, "masking"),
            (stats.evictions, "eviction"),
        )
        if n
    ]
    did = ", ".join(acts) if acts else "no intervention"
    over = (
        f"; {stats.calls_over_limit:,} of {stats.calls:,} calls were still over the limit"
        if stats.calls_over_limit
        else "; no call went over the limit"
    )
    task = {True: "the task survived", False: "the task was LOST", None: "no task to keep"}[
        stats.task_survived
    ]
    if failing(item):
        # Over the limit on most calls, the policy does not manage this session: a lower bill
        # then is requests the provider would have refused, not a saving.
        return (
            f"{item.name}: FAILS: over the limit on {stats.calls_over_limit:,} of "
            f"{stats.calls:,} calls (peak pressure {stats.peak_pressure:.2f}) with {did}"
            f"{_fixed_over(item)}; it "
            f"sent {stats.billed_tokens:,} input tokens against {stats.unmanaged_billed_tokens:,} "
            f"unmanaged, which is no saving when the requests do not fit; {task}."
        )
    return (
        f"{item.name}: {did} kept peak pressure at {stats.peak_pressure:.2f} (unmanaged "
        f"{stats.unmanaged_peak_pressure:.2f}) and sent {stats.billed_tokens:,} input tokens "
        f"against {stats.unmanaged_billed_tokens:,} unmanaged ({stats.saved_share:.0%} saved)"
        f"{over}; {task}."
    )


def _fixed_over(item: ReplayView) -> str:
    """Why nothing could help: what every request carries before its history is over the
    limit by itself (a fitted overhead, tool schemas, the system prompt)."""
    if not item.column("call"):
        return ""
    context = context_at(item)
    alone = context.fixed + context.system
    if alone <= item.limit:
        return ""
    return (
        f"; what every request carries before any history ({context.label('overhead')} "
        f"{context.overhead:,}, tool schemas {context.tools:,}, system prompt "
        f"{context.system:,}) is {alone:,} tokens, over the {item.limit:,}-token limit alone"
    )


def _summary_block(items: Sequence[ReplayView]) -> str:
    return _counts_headline(items[0]) + "".join(_summary_p(item) for item in items)


def _counts_headline(item: ReplayView) -> str:
    """Whether the counts behind every figure are calibrated, and a warning in the headline
    (not below it) when they are far from what the provider billed."""
    from ..tokens import check_counts

    calibration = item.policy.calibration
    if not any(c.total_input_tokens > 0 for c in item.transcript.calls or ()):
        return (
            f'<p class="summary">Counts: {_e(item.policy.counter)}, not checked against a bill '
            "(the log records no billed usage).</p>"
        )
    check = check_counts(
        item.transcript,
        None if calibration is not None else item.policy.counter,
        calibration=calibration,
    )
    state = counts_state(calibration is not None)
    line = (
        f'<p class="summary">Counts: {_e(item.policy.counter)}, {state}; median '
        f"{check.median:.2f}x the billed input over {len(check.ratios)} calls.</p>"
    )
    if check.warning() is not None:
        line += (
            f'<div class="warn"><b>Every figure below rests on counts {check.median:.2f}x '
            "what was billed</b>: pressures and savings are "
            f"{'under' if check.median < 1 else 'over'}stated; see Counted vs billed.</div>"
        )
    return line


def _summary_p(item: ReplayView) -> str:
    sentence = summary_sentence(item)
    name = f"{item.name}: "
    return f'<p class="summary"><b>{_e(name)}</b>{_e(sentence[len(name) :])}</p>'


def _lacks_block(items: Sequence[ReplayView]) -> str:
    """What the log does not carry, which every count here then leaves out."""
    transcript = items[0].transcript
    messages = transcript.messages
    absent = []
    if not any(m.get("role") == "system" for m in messages):
        absent.append("no system prompt")
    if not transcript.tools and any(m.get("tool_calls") for m in messages):
        absent.append("no tool schemas")
    gaps: list[str] = []
    for item in items:
        calibration = item.policy.calibration
        for gap in getattr(calibration, "missing", ()) or ():
            text = str(getattr(gap, "text", None) or gap)
            if text not in gaps:
                gaps.append(text)
    if not absent and not gaps:
        return ""
    calibrated = all(item.policy.calibration is not None for item in items)
    parts = []
    if absent and calibrated:
        parts.append(
            f"<p>The log has {_e(' and '.join(absent))}; the calibration from billed usage "
            "adds what it billed on every call back into the counts.</p>"
        )
    elif absent:
        parts.append(
            f"<p>The log has {_e(' and '.join(absent))}: the model was sent more than it records, "
            "so every token count and pressure in this report is an underestimate (a "
            "calibration from billed usage adds the missing part back where the log has usage).</p>"
        )
    if gaps:
        parts.append("<ul>" + "".join(f"<li>{_e(g)}</li>" for g in gaps[:20]) + "</ul>")
    # A warning only while the counts still understate; with a calibration, a note.
    kind = "note" if calibrated else "warn"
    return f'<h2>What the log lacks</h2><div class="{kind}">' + "".join(parts) + "</div>"


def _events_block(item: ReplayView) -> str:
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


def _real_block(item: ReplayView) -> str:
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


def _billed_block(items: Sequence[ReplayView]) -> str:
    """Counted against billed when the log has usage; a visible warning when it is >10% off and
    no calibration is applied. Each distinct counter/calibration of the replays is checked."""
    from ..tokens import check_counts

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


# Printed, the page is narrower than the window the charts were laid out in: lay them out
# again at the page's width before printing, and back after (plotly's `responsive` only
# follows window resizes).
_PRINT_SCRIPT = """
(function () {
  function fit() {
    document.querySelectorAll('.js-plotly-plot').forEach(function (d) {
      if (window.Plotly) { window.Plotly.Plots.resize(d); }
    });
  }
  window.addEventListener('beforeprint', fit);
  window.addEventListener('afterprint', fit);
})();
"""


def _differ_line(items: Sequence[ReplayView]) -> str:
    differ = differing_settings(items)
    if len(items) < 2:
        return "The settings of the one replay."
    if not differ:
        return "The replays use the same settings."
    return f"Settings that differ between the replays are in bold: {_e(', '.join(differ))}."


def default_title(items: Sequence[ReplayView]) -> str:
    """The log's own name, and the policy's when there is one."""
    first = items[0]
    source = Path(str(first.transcript.source or "")).name or "a transcript"
    return f"Working-memory replay of {source}" + (f": {first.name}" if len(items) == 1 else "")


def _last_call_figure(item: ReplayView) -> Any:
    """What the model saw at the last call, its running total from the call's fixed part
    (so it ends at the pressure curve's last point)."""
    from ._plots import message_tokens_figure

    snapshot = item.last_call
    common = {"limit": item.limit, "compact_at": item.compact_at, "evict_at": item.evict_at}
    if snapshot is None:  # no model call: the window as the transcript left it
        return message_tokens_figure(
            item.final_messages,
            item.final_tokens,
            [reason is not None for reason in item.final_pin_reasons],
            title=f"The window after the transcript (no model call): {item.name}",
            **common,  # type: ignore[arg-type]
        )
    return message_tokens_figure(
        snapshot.messages,
        snapshot.tokens,
        [reason is not None for reason in snapshot.pin_reasons],
        title=f"What the model saw at the last call (call {snapshot.call}): {item.name}",
        fixed=context_at(item, snapshot.call).fixed,
        **common,  # type: ignore[arg-type]
    )


def _fixed_line(item: ReplayView, fixed: int) -> str:
    if not fixed:
        return "The running total is the messages' tokens."
    context = context_at(item)
    return (
        f"The running total starts at the {fixed:,} tokens every request carries before its "
        f"first message ({context.label('overhead')} {context.overhead:,}, tool schemas "
        f"{context.tools:,}): at the message before each call it is the unmanaged curve's "
        "value at that call."
    )


def render_report(replays: Sequence[ReplayView], *, title: str | None = None) -> str:
    """The report as one HTML string (see write_report)."""
    from ._plots import message_tokens_figure, pressure_figure, window_stack_figure
    from ._report_context import context_block
    from ._report_cost import cost_block

    items = list(replays)
    if not items:
        raise ValueError("a report needs at least one Replay")
    title = title or default_title(items)
    figures: list[tuple[str, Any]] = [("Pressure", pressure_figure(items))]
    for item in items:
        figures.append((f"Window contents: {item.name}", window_stack_figure(item)))
    for item in items:
        figures.append((f"Final window: {item.name}", _last_call_figure(item)))
    first = items[0]
    raw_pins = first.policy.pin_policy().pin_reasons(
        first.transcript.messages,
        demonstrations=first.transcript.demonstrations,
        tokens=first.message_tokens,
    )
    # The unmanaged request carries the same fixed part as the managed one: the running
    # total starts there, so at each call it is the unmanaged curve's value.
    fixed = context_at(first).fixed if first.column("call") else 0
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
                fixed=fixed,
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
        f"<h3>{_e(item.name)}</h3>{_summary_p(item)}{context_block(item)}"
        f"{stack}{final}{_events_block(item)}{_real_block(item)}"
        for item, stack, final in zip(items, stacks, finals, strict=True)
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title><style>{_CSS}</style></head>
<body>
<h1>{_e(title)}</h1>
{_summary_block(items)}
{cost_block(items)}
<p class="meta">Transcript: {_e(source)} ({_e(first.transcript.format)}, {len(first.transcript.messages):,} messages).
Generated {generated} by working-memory. Pressure is the share of the token budget sent at a call
(1.0 = the budget's limit); "unmanaged" is what the raw transcript would have sent.</p>
{_billed_block(items)}
{_lacks_block(items)}
<h2>Totals</h2>
{_stats_table(items)}
<h2>Pressure over the session</h2>
{pressure}
<h2>Each policy</h2>
{per_replay}
<h2>Where the tokens are</h2>
<p class="meta">{_e(_fixed_line(first, fixed))}</p>
{transcript}
<h2>Policy settings</h2>
<p class="meta">{_differ_line(items)}</p>
{_policy_table(items)}
<script>{_PRINT_SCRIPT}</script>
</body></html>
"""


def write_report(
    replays: Sequence[ReplayView] | ReplayView, path: str | Path, *, title: str | None = None
) -> Path:
    """Write one self-contained HTML report (plotly.js inlined) of one or more replays."""
    # One replay (it has a timeline) or several. `Replay` is not imported: it draws itself (and
    # writes its report) through this module.
    one = hasattr(replays, "timeline")
    items = [cast("ReplayView", replays)] if one else list(cast("Sequence[ReplayView]", replays))
    text = render_report(items, title=title)
    path = Path(path).expanduser()
    path.write_text(text, encoding="utf-8")
    return path
