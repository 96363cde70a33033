"""The explorer's summary panels: what the loaded transcript holds (sizes, roles, loader
warnings), the window at the selected message by category (the context panel) and its counts
against the bill (counted vs billed per logged call).

A mixin of `TranscriptExplorer`: its methods read the explorer's state and widgets, declared
below for the type checker.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._context_panel import context_html
from ._html import esc, notice_html, table_html
from ._policy_state import PolicyState
from ._state import TranscriptState
from ._widgets import readable_error

if TYPE_CHECKING:
    from ..tokens import CountCheck

__all__ = ["SummaryPanels"]


class SummaryPanels:
    """The info table, the loader warnings, and the counted-vs-billed table and chart."""

    state: TranscriptState
    pins: PolicyState
    usage_check: CountCheck | None
    _palette: dict[str, str]
    info: Any
    warnings: Any
    context_panel: Any
    billing: Any
    usage: Any
    usage_box: Any
    usage_figure: Any
    usage_view: Any

    def _info(self) -> None:
        state, pins = self.state, self.pins
        transcript = state.current
        if transcript is None:
            self.info.value = notice_html(
                "Load a transcript: type a path and press Load, or upload a file."
            )
            self.warnings.value = ""
            return
        roles = transcript.role_counts()
        total = pins.cumulative[-1] if pins.cumulative else 0
        peak = max(pins.tokens, default=0)
        policy = pins.policy
        rows = [
            {
                "source": Path(str(state.transcript.source or "")).name if state.transcript else "",
                "format": transcript.format,
                "thread": state.thread,
                "messages": len(transcript.messages),
                "roles": ", ".join(f"{k} {v}" for k, v in roles.items()),
                "tool calls": transcript.tool_call_count(),
                "tokens": total,
                "largest": peak,
                "limit": policy.limit,
                "pressure": total / policy.limit,
                "calls logged": len(transcript.calls),
                "compactions": len(transcript.compactions),
            }
        ]
        self.info.value = table_html(
            rows,
            list(rows[0]),
            numeric=["messages", "tool calls", "tokens", "largest", "limit", "pressure"],
        )
        warnings = state.warnings
        if warnings:
            shown = "".join(f"<li>{esc(w)}</li>" for w in warnings[:50])
            more = f"<li>… and {len(warnings) - 50} more</li>" if len(warnings) > 50 else ""
            self.warnings.value = (
                f'<div class="wm-wb"><div class="warn"><b>{len(warnings)} loader warning(s)</b>'
                f"<ul>{shown}{more}</ul></div></div>"
            )
        else:
            self.warnings.value = ""

    def _show_context(self) -> None:
        """The window a call made after the selected message would send, by category."""
        messages = self.state.messages
        if not messages:
            self.context_panel.value = ""
            return
        i = self.state.selected
        try:
            context = self.pins.window_context(i + 1)
        except Exception as exc:  # a message the window refuses: the rest of the panel stands
            self.context_panel.value = notice_html(
                f"the window at message {i}: {readable_error(exc)}", "warn"
            )
            return
        self.context_panel.value = context_html(
            context,
            title=f"Context window at message {i} (messages 0-{i} as the window holds them: "
            "tool results cut, nothing compacted yet)",
            counter=self.pins.policy.counter,
            note=self.pins.window_note,
        )

    # -- estimate vs billed --------------------------------------------------------------------------
    def _billing_html(self, check: CountCheck) -> str:
        """Counted vs billed at the top of the panel: a warning with the fix when far off."""
        note = self.pins.window_note
        warning = check.warning(
            fix="tick 'calibrate from billed usage' above (in code: "
            "explorer.pins.set_calibrate(True), or Budget(calibration=working_memory.calibrate(t)))"
        )
        if warning:
            return notice_html(warning, "warn") + (notice_html(note) if note else "")
        return notice_html(check.headline() + (f"; {note}" if note else ""))

    def _show_usage(self) -> None:
        transcript = self.state.current
        self.usage_check = None
        self.billing.value = notice_html(self.pins.window_note) if self.pins.window_note else ""
        if transcript is None or not transcript.calls:
            self.usage.value = notice_html(
                "This log recorded no provider usage, so there is no billed count to compare with."
            )
            # The chart is hidden, not removed from its box (removed, it never came back once
            # a log without usage had been loaded), and emptied so it shows no other log.
            self.usage_figure.data = ()
            self.usage_view.publish()
            self.usage_view.widget.layout.display = "none"
            return
        from ..tokens import check_counts

        calibration = self.pins.policy.calibration
        try:
            check = check_counts(
                transcript,
                None if calibration is not None else self.pins.policy.counter,
                calibration=calibration,
            )
        except Exception as exc:
            self.usage.value = notice_html(f"usage check failed: {readable_error(exc)}", "warn")
            self.usage_figure.data = ()
            self.usage_view.publish()
            self.usage_view.widget.layout.display = "none"
            return
        self.usage_check = check
        self.billing.value = self._billing_html(check)
        summary = check.summary()
        self.usage.value = table_html(
            [summary],
            list(summary),
            numeric=["calls", "skipped", "mean", "p5", "median", "p95"],
            caption="Counter estimate ÷ provider-billed input tokens, per logged call "
            "(1.0 is exact; under 1 the counter undercounts)."
            + (f" {calibration.describe()}" if calibration is not None else ""),
        )
        p = self._palette
        xs = [c.index for c in check.calls]
        self.usage_figure.layout.height = 260
        self.usage_view.widget.layout.display = ""
        with self.usage_view.hold(), self.usage_figure.batch_update():
            self.usage_figure.data = ()
            self.usage_figure.add_scatter(
                x=xs,
                y=[c.provider_input for c in check.calls],
                name="billed",
                mode="lines+markers",
                line=dict(color=p["user"]),
            )
            self.usage_figure.add_scatter(
                x=xs,
                y=[c.counted for c in check.calls],
                name=f"counted ({check.counter})",
                mode="lines+markers",
                line=dict(color=p["tool"], dash="dot"),
            )
