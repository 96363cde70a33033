"""Panel 4, the replay lab: replay the transcript under several policies and compare.

The state (`ReplayLabState`) holds the candidate policies (the presets plus the one edited in
the pin editor, as "edited"), which are selected, and the replays; the figures come from
`working_memory.replays._plots`, the report from `working_memory.replays._report.write_report`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._theme import figure_layout
from ..transcripts import Transcript
from ._export import ExportBar
from ._html import notice_html, table_html
from ._plot_view import FigureView
from ._policy_state import PolicyState
from ._state import TranscriptState, presets
from ._widgets import BackgroundTask, Cancelled, guarded, require, require_pandas, show_error_in
from .call_view import CallViewPanel, CallViewState

if TYPE_CHECKING:
    import pandas as pd

    from ..replays import Policy, Replay

__all__ = ["EDITED", "ReplayLab", "ReplayLabState"]

EDITED = "edited"  # the policy from the pin editor

_STAT_COLUMNS = (
    # cost with the prompt cache leads (None where the model has no price)
    "cost_usd",
    "unmanaged_cost_usd",
    "saved_cost_share",
    "cache_breaks",
    "calls",
    "billed_tokens",
    "unmanaged_billed_tokens",
    "saved_share",
    "net_saved_share",
    "peak_pressure",
    "mean_pressure",
    "compactions",
    "evictions",
    "maskings",
    "summariser_tokens",
    "calls_over_limit",
    "task_survived",
    "pinned_survived",
    "orphaned_tool_calls",
    "real_compactions",
)


def _survival_words(row: dict[Any, Any]) -> dict[str, Any]:
    """Survival as words: a lost task must not look like an unknown one (both blank before)."""
    out = {str(k): v for k, v in row.items()}
    for key in ("task_survived", "pinned_survived"):
        if key in out:
            value = out[key]
            out[key] = "unknown" if value is None else ("yes" if value else "NO")
    return out


_EMPTY = dict(
    figure_layout(),
    template="plotly_white",
    height=260,
    title=dict(text="Press Replay to replay this transcript under the selected policies", x=0.01),
)


class ReplayLabState:
    """Policies by name, the selection, and the replays of the last run."""

    def __init__(self, transcript: TranscriptState, policy: PolicyState | None = None) -> None:
        self.transcript = transcript
        self.policy_state = policy if policy is not None else PolicyState(transcript)
        self.extra: dict[str, Policy] = {}
        self.selected: list[str] = ["default", EDITED]
        self.replays: dict[str, Replay] = {}
        # Replays belong to the transcript they ran on: another one loaded, they are gone (the
        # lab's charts showed the previous log's curves beside the new log's explorer).
        transcript.observe(self._on_transcript)

    def _on_transcript(self, what: str) -> None:
        if what == "transcript":
            self.replays = {}

    @property
    def policies(self) -> dict[str, Policy]:
        """Presets, policies added with `add_policy`, and the edited one (always current).

        Presets and added policies that keep the default window take the window the edited
        policy took from the log's model, and its calibration when it has one (same counter).
        """
        from .. import config

        edited = self.policy_state.policy
        fitted: dict[str, Policy] = {}
        for name, policy in {**presets(), **self.extra}.items():
            if policy.window == config.WINDOW and edited.window != config.WINDOW:
                policy = policy.replace(window=edited.window)
            if edited.calibration is not None and policy.counter == edited.counter:
                policy = policy.replace(calibration=edited.calibration)
            fitted[name] = policy
        return {**fitted, EDITED: edited}

    def billing(self) -> list[tuple[str, str]]:
        """(kind, text) lines for the replays: counted vs billed, the window, warnings."""
        from ..tokens import check_counts

        lines: list[tuple[str, str]] = []
        if self.policy_state.window_note:
            lines.append(("note", self.policy_state.window_note))
        transcript = self.transcript.current
        if transcript is None or not any(c.total_input_tokens > 0 for c in transcript.calls):
            return lines
        seen: set[tuple[str, int]] = set()
        for name, replayed in self.replays.items():
            policy = replayed.policy
            key = (policy.counter, id(policy.calibration))
            if key in seen:
                continue
            seen.add(key)
            calibration = policy.calibration
            check = check_counts(
                transcript,
                None if calibration is not None else policy.counter,
                calibration=calibration,
            )
            warning = check.warning(
                fix="tick 'calibrate from billed usage' in the explorer, or "
                "policy.replace(calibration=working_memory.calibrate(transcript))"
            )
            lines.append(("warn", f"{name}: {warning}") if warning else ("note", check.headline()))
        return lines

    def add_policy(self, name: str, policy: Policy) -> None:
        if not name.strip() or name == EDITED:
            raise ValueError(f"pick a name other than {EDITED!r} for the policy")
        self.extra[name] = policy

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> dict[str, Replay]:
        """Replay the transcript under every selected policy; sets and returns `replays`."""
        from ..replays import ReplayCancelled, replay

        transcript = self.transcript.current
        if transcript is None or not transcript.messages:
            raise ValueError("load a transcript first")
        names = list(dict.fromkeys(self.selected))
        if not names:
            raise ValueError("select at least one policy")
        policies = self.policies
        unknown = [n for n in names if n not in policies]
        if unknown:
            raise ValueError(
                f"unknown policy {', '.join(unknown)}: expected some of {', '.join(policies)}"
            )
        calls = max(1, sum(1 for m in transcript.messages if m.get("role") == "assistant"))
        total = calls * len(names)
        results: dict[str, Replay] = {}
        for n, name in enumerate(names):

            def on_call(call: int, sent: Any, window: Any, base: int = n * calls) -> None:
                if progress and call % 5 == 0:
                    progress(min(base + call, total), total)

            try:
                results[name] = replay(
                    transcript, policies[name], name=name, cancel=cancel, on_call=on_call
                )
            except ReplayCancelled:
                self.replays = results
                raise Cancelled(f"cancelled during {name!r}") from None
            if progress:
                progress((n + 1) * calls, total)
        self.replays = results
        return results

    @property
    def stats(self) -> pd.DataFrame:
        """One row per replayed policy, ReplayStats columns."""
        pd = require_pandas()
        rows = [{"policy": name, **r.stats.to_dict()} for name, r in self.replays.items()]
        return pd.DataFrame(rows)

    def report(self, path: str | Path, *, title: str | None = None) -> Path:
        """The self-contained HTML report of the replays, for the team."""
        if not self.replays:
            raise ValueError("run the replays first")
        from ..replays import write_report

        return write_report(list(self.replays.values()), path, title=title)


class ReplayLab:
    """Replay under two or more policies; overlaid pressure, window stack, stats, HTML report.

    lab = ReplayLab(transcript)
    lab.state.selected = ["default", "masking", "edited"]
    lab.run()                 # synchronous; the Run button runs it in a thread
    lab.state.stats           # DataFrame
    lab.state.report("report.html")
    """

    def __init__(
        self,
        transcript: Transcript | None = None,
        *,
        state: ReplayLabState | None = None,
        transcript_state: TranscriptState | None = None,
        policy_state: PolicyState | None = None,
    ) -> None:
        widgets, go = require()
        self._go = go
        if state is None:
            ts = transcript_state if transcript_state is not None else TranscriptState(transcript)
            state = ReplayLabState(ts, policy_state)
        self.state = state
        self.live = True
        self.choices = widgets.SelectMultiple(
            options=list(state.policies),
            value=tuple(state.selected),
            rows=8,
            description="policies",
            layout=widgets.Layout(width="320px"),
        )
        self.policy_info = widgets.HTML()
        self.run_button = widgets.Button(description="Replay", icon="play", button_style="success")
        self.task = BackgroundTask("calls")
        self.error = widgets.HTML()
        # White and full width from the start (an empty FigureWidget is plotly's grey).
        self.pressure = go.Figure(layout=_EMPTY)
        self.pressure_view = FigureView(self.pressure)
        self.stack_choice = widgets.Dropdown(
            description="window of", layout=widgets.Layout(width="320px")
        )
        self.stack = go.Figure(layout=dict(_EMPTY, title=None))
        self.stack_view = FigureView(self.stack)
        # What the model saw at each call of the replay chosen above (a CallViewPanel).
        self.calls: CallViewPanel | None = None
        self.calls_box = widgets.VBox([])
        self.stats = widgets.HTML()
        self.billing = widgets.HTML()  # counted vs billed of the replays; warnings when far off
        self.report_path = widgets.Text(
            value="working-memory-report.html",
            description="report",
            layout=widgets.Layout(width="420px"),
        )
        self.report_button = widgets.Button(description="export HTML", icon="download")
        self.report_result = widgets.HTML()
        self.exports = ExportBar("replay", self._export_figures, self._export_tables)

        self.choices.observe(lambda c: self._on_choice(c["new"]), names="value")
        self.run_button.on_click(lambda _: self.run_in_background())
        self.stack_choice.observe(lambda c: self._draw_stack(), names="value")
        self.report_button.on_click(lambda _: self.export(self.report_path.value))
        state.policy_state.observe(lambda what: self._describe() if what == "policy" else None)
        state.transcript.observe(lambda what: self._after_run() if what == "transcript" else None)

        self.widget = widgets.VBox(
            [
                # The chart above the fold at 1400x900 (under the policy list and the billing
                # notice it started ~300 px down and ended below it); the list right under it.
                widgets.HBox([self.run_button, self.task.box]),
                self.error,
                self.pressure_view.widget,
                widgets.HBox([self.choices, self.policy_info]),
                self.billing,
                self.stack_choice,
                self.stack_view.widget,
                self.calls_box,
                self.stats,
                widgets.HBox([self.report_path, self.report_button]),
                self.report_result,
                self.exports.box,
            ]
        )
        self._describe()

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook
        from IPython.display import display

        display(self.widget)

    def show_error(self, exc: BaseException | str) -> None:
        show_error_in(self.error, exc)

    @property
    def replays(self) -> dict[str, Replay]:
        return self.state.replays

    def _on_choice(self, names: Sequence[str]) -> None:
        self.state.selected = list(names)
        self._describe()

    def _describe(self) -> None:
        policies = self.state.policies
        rows = []
        for name in self.state.selected:
            policy = policies.get(name)
            if policy is None:
                continue
            changes = policy.changes()
            rows.append(
                {
                    "policy": name,
                    "settings": ", ".join(f"{k}={v}" for k, v in changes.items()) or "defaults",
                }
            )
        self.policy_info.value = (
            table_html(rows, ["policy", "settings"])
            if rows
            else notice_html("Select two or more policies (ctrl/cmd-click) to compare them.")
        )

    @guarded
    def run(self) -> dict[str, Replay]:
        """Replay synchronously (the Replay button does it in a background thread)."""
        self.error.value = ""
        result = self.state.run(self.task.report)
        self._after_run()
        return result

    @guarded
    def run_in_background(self) -> threading.Thread:
        self.error.value = ""
        return self.task.start(
            lambda progress, cancel: self.state.run(progress, cancel),
            lambda _: self._after_run(),
            self.show_error,
        )

    def _after_run(self) -> None:
        from ..replays import pressure_figure

        replays = list(self.state.replays.values())
        if not replays:
            self.pressure = self._show(self.pressure_view, self._go.Figure(layout=_EMPTY))
            self.stack = self._show(self.stack_view, self._go.Figure(layout=_EMPTY))
            self.calls, self.calls_box.children = None, ()
            self.stats.value = self.billing.value = ""
            self.exports.refresh()
            return
        self.billing.value = "".join(notice_html(text, kind) for kind, text in self.state.billing())
        self.pressure = self._show(self.pressure_view, pressure_figure(replays))
        self.stack_choice.options = list(self.state.replays)
        if self.stack_choice.value not in self.state.replays:
            self.stack_choice.value = replays[0].name
        self._draw_stack()
        self.exports.refresh()
        stats = self.state.stats
        columns = [c for c in _STAT_COLUMNS if c in stats.columns]
        records = [_survival_words(row) for row in stats[["policy", *columns]].to_dict("records")]
        names = [str(r["policy"]) for r in records]
        # One row per statistic, one column per policy: sixteen statistics side by side were
        # cut off (or broken mid-word) in the panel; a few policies side by side always fit.
        from ..replays import cost_verdict

        verdict = "".join(
            notice_html(line)
            for line in cost_verdict({name: r.stats for name, r in self.state.replays.items()})
        )
        self.stats.value = verdict + table_html(
            [
                {"statistic": c, **{n: r[c] for n, r in zip(names, records, strict=True)}}
                for c in columns
            ],
            ["statistic", *names],
            numeric=names,
        )

    @guarded
    def _draw_stack(self) -> None:
        from ..replays import window_stack_figure

        replay = self.state.replays.get(self.stack_choice.value or "")
        if replay is not None:
            self.stack = self._show(self.stack_view, window_stack_figure(replay))
            self.calls = CallViewPanel(CallViewState.from_replay(replay))
            self.calls_box.children = (self.calls.widget,)

    @staticmethod
    def _show(view: FigureView, figure: Any) -> Any:
        """Show a replays figure as it is (its template, its height) and return it."""
        if figure.layout.height is None:
            figure.layout.height = figure.layout.template.layout.height or 520
        view.replace(figure)
        return figure

    def _export_figures(self) -> dict[str, Any]:
        if not self.state.replays:
            return {}
        return {"pressure": self.pressure, f"window of {self.stack_choice.value}": self.stack}

    def _export_tables(self) -> dict[str, Any]:
        tables: dict[str, Any] = {}
        if self.state.replays:
            tables["stats"] = self.state.stats
        policies = self.state.policies
        tables["policy settings"] = [
            {"policy": name, **policies[name].to_dict()}
            for name in self.state.selected
            if name in policies
        ]
        return tables

    @guarded
    def export(self, path: str | Path) -> Path:
        """Write the HTML report; a relative path lands in the output folder (WM_OUTPUT_DIR)."""
        from ..outputs import output_path

        written = self.state.report(output_path(str(path)))
        self.report_result.value = notice_html(f"report written to {written.resolve()}")
        return written
