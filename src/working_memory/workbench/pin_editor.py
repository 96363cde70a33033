"""Panel 2, the pin policy editor: every rule and threshold, and at once what it does.

Each control writes one field of `state.policy` (a replay.Policy); every change recomputes
the window preview (pins, the next compaction span, eviction victims) and redraws the chart
and the table. Clicking a bar pins or unpins that message explicitly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..compaction import render_span
from ..transcripts import Transcript
from ._chart import MessageChart
from ._context_panel import context_html
from ._controls import from_control, setting_controls, to_control
from ._export import ExportBar
from ._html import badge, esc, notice_html, table_html
from ._policy_state import PolicyState, check_patterns, tool_of
from ._state import TranscriptState
from ._table import PagedTable
from ._widgets import colors, guarded, require, show_error_in

if TYPE_CHECKING:
    import pandas as pd

    from ..replays import Policy
    from ._preview import WindowPreview

__all__ = ["PinPolicyEditor"]

_SPAN_PREVIEW_CHARS = 20_000


class PinPolicyEditor:
    """Edit the pin rules and thresholds; see what is pinned, compacted next and evicted.

    ed = PinPolicyEditor(transcript)
    ed.state.update(keep_recent=12)        # same as moving the slider
    ed.state.preview.span                  # (start, end)
    ed.frame()                             # per-message pinned / in_span / evicted
    """

    def __init__(
        self,
        transcript: Transcript | None = None,
        *,
        policy: Policy | None = None,
        state: PolicyState | None = None,
        page_size: int = 20,
    ) -> None:
        widgets, _ = require()
        self.state = (
            state if state is not None else PolicyState(TranscriptState(transcript), policy)
        )
        self.live = True
        self._dirty = False
        self._syncing = False
        self._palette = colors()
        self._tools: list[str] = []
        self._key: tuple[Any, ...] | None = None
        self.last_update_s = 0.0
        p = self.state.policy
        style = {"description_width": "120px"}
        # One control per declared setting (settings.py / replays.Policy), in its group.
        declared = setting_controls(p, widgets)
        self._specs = {name: spec for name, (spec, _) in declared.items()}
        self.controls: dict[str, Any] = {name: control for name, (_, control) in declared.items()}
        for name, control in self.controls.items():
            control.observe(
                lambda change, name=name: self._on_control(name, change["new"]), names="value"
            )
        self.corrections = widgets.Textarea(
            value="\n".join(self.state.rules.correction_patterns),
            rows=6,
            description="corrections",
            layout=widgets.Layout(width="620px"),
            style=style,
            continuous_update=True,  # checked as you type (docs/workbench.md)
        )
        self.plan_pattern = widgets.Text(
            value=self.state.rules.plan_pattern,
            description="plan marker",
            layout=widgets.Layout(width="620px"),
            style=style,
            continuous_update=True,
        )
        self.pattern_problems = widgets.HTML()
        self.corrections.observe(lambda change: self._on_patterns(), names="value")
        self.plan_pattern.observe(lambda change: self._on_patterns(), names="value")
        self.upto = widgets.IntSlider(
            value=0,
            min=0,
            max=0,
            description="window at",
            continuous_update=False,
            style=style,
            layout=widgets.Layout(width="620px"),
        )
        self.upto_auto = widgets.Button(
            description="first compaction",
            icon="crosshairs",
            tooltip="where the transcript first crosses compact_at",
        )
        self.upto.observe(lambda change: self._on_upto(change["new"]), names="value")
        self.upto_auto.on_click(lambda _: self._set_upto(None))
        self.pin_index = widgets.BoundedIntText(
            value=0, min=0, max=0, description="message", layout=widgets.Layout(width="170px")
        )
        self.pin_button = widgets.Button(description="pin / unpin", icon="thumb-tack")
        self.pin_button.on_click(lambda _: self.toggle_pin(self.pin_index.value))
        self.error = widgets.HTML()
        self.summary = widgets.HTML()
        self.context_panel = widgets.HTML()  # the window at the cursor, by category
        self.chart = MessageChart(title="Pins, next compaction span and eviction")
        self.chart.on_select(self.toggle_pin)
        self.table = PagedTable(
            ["index", "role", "tool", "tokens", "window tokens", "pinned", "next"],
            numeric=["index", "tokens", "window tokens"],
            raw=["role", "pinned", "next"],
            page_size=page_size,
            filters=("window", "span", "masked", "pinned", "evicted", "all"),
        )
        self.table.bind(self._indices, self._row, self._row_class)
        self.span_text = widgets.HTML()
        self.exports = ExportBar("pins", self._export_figures, self._export_tables)

        column = widgets.VBox

        def group(name: str) -> list[Any]:
            return [c for key, c in self.controls.items() if self._specs[key].group == name]

        rules = column(
            [
                widgets.HTML("<b>Pin rules</b>"),
                *group("pins"),
                widgets.HBox([self.pin_index, self.pin_button]),
                widgets.HTML("<small>or click a bar to pin / unpin it</small>"),
            ]
        )
        thresholds = column([widgets.HTML("<b>Thresholds</b>"), *group("window")])
        budget = column([widgets.HTML("<b>Budget</b>"), *group("budget")])
        markers = widgets.Accordion(
            children=[column([self.corrections, self.plan_pattern, self.pattern_problems])]
        )
        markers.set_title(0, "Correction and plan markers (regular expressions, one per line)")
        markers.selected_index = None
        self.widget = column(
            [
                # The chart above the fold at 1400x900 (it was 694 px down, under the
                # controls); the controls right under it, still in view as they move it.
                widgets.HBox([self.upto, self.upto_auto]),
                self.error,
                self.summary,
                self.chart.widget,
                widgets.HBox([rules, thresholds, budget]),
                self.context_panel,
                markers,
                self.table.box,
                self.span_text,
                self.exports.box,
            ]
        )
        self.state.observe(self._on_state)
        if self.state.transcript.transcript is not None:
            self.refresh()

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook
        from IPython.display import display

        display(self.widget)

    @property
    def policy(self) -> Policy:
        return self.state.policy

    @policy.setter
    def policy(self, policy: Policy) -> None:
        self.state.policy = policy

    def show_error(self, exc: BaseException | str) -> None:
        show_error_in(self.error, exc)

    # -- controls -> state ---------------------------------------------------------------------
    def _on_control(self, name: str, value: Any) -> None:
        if self._syncing:
            return
        value = from_control(self._specs[name], value)
        if getattr(self.state.policy, name) == value:
            return
        try:
            self.state.update(**{name: value})
        except Exception as exc:
            # The policy refused the value (compact_at above evict_at, a counter that is not
            # installed): put the control back on what the policy holds, and say why.
            self._sync_controls()
            self.show_error(exc)

    @guarded
    def _on_patterns(self) -> None:
        if self._syncing:
            return
        lines = [line for line in self.corrections.value.splitlines() if line.strip()]
        problems = check_patterns([*lines, self.plan_pattern.value])
        if problems:
            self.pattern_problems.value = notice_html("; ".join(problems), "err")
            return
        self.pattern_problems.value = ""
        self.state.set_patterns(lines, self.plan_pattern.value)

    @guarded
    def _on_upto(self, value: int) -> None:
        if not self._syncing and value != self.state.upto:
            self.state.upto = value

    @guarded
    def _set_upto(self, value: int | None) -> None:
        self.state.upto = value

    @guarded
    def toggle_pin(self, index: int) -> None:
        """Pin message `index` explicitly, or unpin it (what clicking its bar does)."""
        if not 0 <= index < len(self.state.transcript.messages):
            raise ValueError(f"no message {index} to pin")
        self.state.toggle_pin(index)

    # -- state -> view -------------------------------------------------------------------------
    def _on_state(self, what: str) -> None:
        if not self.live:
            self._dirty = True
            return
        self.refresh(full=what == "transcript")

    def refresh(self, *, full: bool = False) -> None:
        """Recompute the preview and redraw what changed."""
        import time

        started = time.perf_counter()
        self._dirty = False
        try:
            self.error.value = ""
            self._sync_controls()
            messages = self.state.transcript.messages
            policy = self.state.policy
            key = (
                id(messages),
                len(messages),
                policy.counter,
                id(policy.calibration),
                policy.limit,
            )
            with self.chart.hold():  # one figure per refresh reaches the browser
                self._draw_chart(full or key != self._key)
                self._key = key
            self.table.refresh()
            self._summary()
            if full:
                self.exports.refresh()
        except Exception as exc:
            self.show_error(exc)
        self.last_update_s = time.perf_counter() - started

    def _draw_chart(self, messages_changed: bool) -> None:
        state = self.state
        messages = state.transcript.messages
        policy = state.policy
        if messages_changed:
            names = state.transcript.current.tool_names() if state.transcript.current else {}
            self._tools = [tool_of(m, names) for m in messages]
            # The raw cumulative count is the faint reference; the line to read is the managed
            # window's (set below): the raw one crossed evict while the summary said 0.68.
            self.chart.set_messages(
                [str(m.get("role")) for m in messages],
                self._tools,
                state.tokens,
                state.pressure,
                policy.compact_at,
                policy.evict_at,
                managed=True,
            )
            current = state.transcript.current
            self.chart.set_real_compactions(
                [c.index for c in current.compactions or ()] if current else []
            )
        else:
            self.chart.set_thresholds(policy.compact_at, policy.evict_at, len(messages))
        preview = state.preview
        self.chart.set_managed(state.managed_pressure, policy.evict_at, preview.upto)
        self.chart.set_pins(
            preview.reasons, preview.span, preview.evicted, preview.upto, preview.masked
        )

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            policy = self.state.policy
            for name, control in self.controls.items():
                value = to_control(self._specs[name], getattr(policy, name))
                if control.value != value:
                    control.value = value
            count = len(self.state.transcript.messages)
            self.upto.max = count
            self.upto.value = self.state.upto
            self.pin_index.max = max(0, count - 1)
            rules = self.state.rules
            if [ln for ln in self.corrections.value.splitlines() if ln.strip()] != list(
                rules.correction_patterns
            ):
                self.corrections.value = "\n".join(rules.correction_patterns)
            if self.plan_pattern.value != rules.plan_pattern:
                self.plan_pattern.value = rules.plan_pattern
        finally:
            self._syncing = False

    def _billing(self) -> str:
        """Counted vs billed when the log has usage: a warning with the fix when far off."""
        check = self.state.count_check()
        note = self.state.window_note
        if check is None:
            return notice_html(note) if note else ""
        warning = check.warning(
            fix="tick 'calibrate from billed usage' in the explorer (in code: "
            "editor.state.set_calibrate(True))"
        )
        if warning:
            return notice_html(warning, "warn") + (notice_html(note) if note else "")
        return notice_html(check.headline() + (f"; {note}" if note else ""))

    def _summary(self) -> None:
        preview = self.state.preview
        if not self.state.transcript.messages:
            self.summary.value = notice_html("Load a transcript to see what the policy does to it.")
            self.span_text.value = ""
            self.context_panel.value = ""
            return
        self._show_context(preview)
        start, end = preview.span
        changes = self.state.policy.changes()
        row = {
            "window at": f"message {preview.upto}",
            "pressure": preview.pressure,
            "tokens": preview.tokens,
            "limit": preview.limit,
            "pinned": len(preview.pinned),
            "next span": f"{start}–{end - 1} ({end - start} msgs, {preview.span_tokens:,} tok)"
            if end > start
            else ("none" if preview.compacts else f"— ({preview.strategy} does not compact)"),
            "masked next": len(preview.masked) if preview.strategy in ("mask", "hybrid") else "—",
            "evicted": len(preview.evicted),
            "policy changes": ", ".join(f"{k}={v}" for k, v in changes.items()) or "defaults",
        }
        self.summary.value = self._billing() + table_html(
            [row], list(row), numeric=["pressure", "tokens", "limit", "pinned", "evicted"]
        )
        masked_note = ""
        if preview.masked:
            names = [f"{i} ({self._tools[i] or 'tool'})" for i in preview.masked[:200]]
            more = len(preview.masked) - len(names)
            masked_note = (
                f'<div class="wm-wb"><details><summary><b>Tool results the next masking pass '
                f"would hide</b>: {len(preview.masked)} messages</summary><p>"
                f"{esc(', '.join(names))}{f' … and {more} more' if more > 0 else ''}</p>"
                "</details></div>"
            )
        if end > start:
            text = render_span(self.state.transcript.messages[start:end])
            cut = len(text) > _SPAN_PREVIEW_CHARS
            shown = text[:_SPAN_PREVIEW_CHARS] + ("\n…" if cut else "")
            self.span_text.value = masked_note + (
                f'<div class="wm-wb"><details><summary><b>What the next compaction would '
                f"summarise</b>: messages {start}–{end - 1}, {len(text):,} characters</summary>"
                f"<pre>{esc(shown)}</pre></details></div>"
            )
        elif not preview.compacts:
            self.span_text.value = masked_note or notice_html(
                f"Strategy {preview.strategy!r} never summarises: "
                + (
                    "tool results are masked when pressure passes compact_at (none to mask yet)."
                    if preview.strategy == "mask"
                    else "whole unpinned tool groups are evicted when pressure passes evict_at."
                )
            )
        else:
            self.span_text.value = masked_note + notice_html(
                "No span is eligible for compaction at this point (everything is pinned, too "
                "short, or would free less than min_gain)."
            )

    def _show_context(self, preview: WindowPreview) -> None:
        """The preview's window by category (the report's accounting), free space included."""
        if preview.context is None:
            self.context_panel.value = ""
            return
        held = f"messages 0-{preview.upto - 1}" if preview.upto else "no message yet"
        self.context_panel.value = context_html(
            preview.context,
            title=f"Context window at the cursor ({held}, nothing compacted yet)",
            counter=self.state.policy.counter,
            note=self.state.window_note,
        )

    # -- the table -----------------------------------------------------------------------------
    def _indices(self, name: str) -> list[int] | range:
        preview = self.state.preview
        if name == "all":
            return range(len(self.state.transcript.messages))
        if name == "window":
            return range(preview.upto)
        if name == "span":
            return range(*preview.span)
        if name == "evicted":
            return list(preview.evicted)
        if name == "masked":
            return list(preview.masked)
        return list(preview.pinned)

    def _row(self, i: int) -> dict[str, Any]:
        preview = self.state.preview
        message = self.state.transcript.messages[i]
        role = str(message.get("role"))
        inside = i < preview.upto
        reason = preview.reasons[i] if inside else None
        start, end = preview.span
        if not inside:
            nxt = "not yet in window"
        elif start <= i < end:
            nxt = badge("compacted next", self._palette["span"])
        elif i in self._evicted:
            nxt = badge("evicted", self._palette["evicted"])
        elif i in self._masked:
            nxt = badge("masked next", self._palette["tool"])
        else:
            nxt = ""
        return {
            "index": i,
            "role": badge(role, self._palette.get(role, "#9aa5b1")),
            "tool": self._tools[i] if i < len(self._tools) else "",
            "tokens": self.state.tokens[i],
            "window tokens": preview.window_tokens[i] if inside else None,
            "pinned": badge(reason, self._palette["pinned"]) if reason else "",
            "next": nxt,
        }

    @property
    def _evicted(self) -> frozenset[int]:
        preview = self.state.preview
        if getattr(self, "_evicted_for", None) is not preview:
            self._evicted_set = frozenset(preview.evicted)
            self._evicted_for = preview
        return self._evicted_set

    @property
    def _masked(self) -> frozenset[int]:
        preview = self.state.preview
        if getattr(self, "_masked_for", None) is not preview:
            self._masked_set = frozenset(preview.masked)
            self._masked_for = preview
        return self._masked_set

    def _row_class(self, i: int) -> str:
        start, end = self.state.preview.span
        if start <= i < end:
            return "span"
        return "evict" if i in self._evicted else ""

    def _export_figures(self) -> dict[str, Any]:
        return {"pins and spans": self.chart.figure} if self.state.transcript.messages else {}

    def _export_tables(self) -> dict[str, Any]:
        if not self.state.transcript.messages:
            return {}
        window = {**self.state.preview.to_dict(), **self.state.policy.to_dict()}
        return {"messages": self.frame(), "window and policy": [window]}

    def frame(self) -> pd.DataFrame:
        """Per-message pinned reason, in_span and evicted under the current policy."""
        return self.state.frame()
