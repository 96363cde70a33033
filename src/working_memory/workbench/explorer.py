"""Panel 1, the transcript explorer: where the tokens go, message by message."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._theme import figure_layout
from ..tokens import available_counters
from ..transcripts import Transcript
from ._chart import MessageChart
from ._explorer_panels import SummaryPanels
from ._export import ExportBar
from ._files import FileBrowser
from ._html import badge, message_html
from ._plot_view import FigureView
from ._policy_state import PolicyState, tool_of
from ._state import TranscriptState
from ._table import PagedTable
from ._widgets import colors, guarded, readable_error, require, show_error_in

if TYPE_CHECKING:
    import pandas as pd

    from ..tokens import CountCheck

__all__ = ["TranscriptExplorer"]


class TranscriptExplorer(SummaryPanels):
    """Load a transcript; see its messages, tokens, pins and pressure; read any message in full.

    ex = TranscriptExplorer.from_path("session.jsonl")
    ex.state.selected = 42          # same as picking message 42
    ex.frame()                      # the table as a DataFrame
    """

    def __init__(
        self,
        transcript: Transcript | None = None,
        *,
        state: TranscriptState | None = None,
        policy_state: PolicyState | None = None,
        page_size: int = 20,
    ) -> None:
        widgets, go = require()
        self.state = state if state is not None else TranscriptState(transcript)
        self.pins = policy_state if policy_state is not None else PolicyState(self.state)
        self.live = True  # False while hidden in a Workbench tab: refresh when shown
        self._dirty = False
        self._palette = colors()
        self._reasons: list[Any] = []
        self.usage_check: CountCheck | None = None

        self.path = widgets.Text(
            placeholder="path to a transcript (any supported format)",
            layout=widgets.Layout(width="420px"),
        )
        self.load_button = widgets.Button(
            description="Load", icon="folder-open", button_style="primary"
        )
        self.browse_button = widgets.ToggleButton(
            description="Browse…", icon="folder", tooltip="pick a transcript from a folder"
        )
        self.browser: FileBrowser | None = None  # built on first use: listing a folder sniffs files
        self.browser_box = widgets.VBox([])
        self.upload = widgets.FileUpload(
            accept=".json,.jsonl,.traj,.txt", multiple=False, description="Upload"
        )
        self.run_choice = widgets.Dropdown(
            description="run", options=[("1", 0)], layout=widgets.Layout(width="300px")
        )
        self.thread = widgets.Dropdown(
            description="thread", options=["main"], layout=widgets.Layout(width="260px")
        )
        self.counter = widgets.Dropdown(
            description="counter",
            options=available_counters(),
            value=self.pins.policy.counter,
            layout=widgets.Layout(width="220px"),
        )
        self.calibrate = widgets.Checkbox(
            value=self.pins.calibrate,
            description="calibrate from billed usage",
            indent=False,
            layout=widgets.Layout(width="230px"),
        )
        self.info = widgets.HTML()
        self.billing = widgets.HTML()  # counted vs billed; a warning when far off the bill
        self.warnings = widgets.HTML()
        self.error = widgets.HTML()
        self.chart = MessageChart(title="Tokens per message and cumulative pressure")
        self.context_panel = widgets.HTML()  # the window at the selected message, by category
        self.message_index = widgets.BoundedIntText(
            value=0, min=0, max=0, description="message", layout=widgets.Layout(width="170px")
        )
        self.prev_message = widgets.Button(icon="arrow-left", layout=widgets.Layout(width="36px"))
        self.next_message = widgets.Button(icon="arrow-right", layout=widgets.Layout(width="36px"))
        self.detail = widgets.HTML()
        self.table = PagedTable(
            ["index", "role", "tool", "tokens", "cumulative", "pressure", "pinned", "thread"],
            numeric=["index", "tokens", "cumulative", "pressure"],
            raw=["role", "pinned"],
            page_size=page_size,
            filters=("all", "pinned", "user", "assistant", "tool", "system"),
        )
        self.table.bind(self._indices, self._row, self._row_class)
        self.usage = widgets.HTML()
        self.usage_figure = go.Figure(
            layout=dict(
                figure_layout(),
                height=300,
                template="plotly_white",
                title=dict(
                    text="Counted vs billed input tokens per call", x=0.01, font=dict(size=13)
                ),
                xaxis=dict(title="call"),
                yaxis=dict(title="input tokens"),
            )
        )
        self.usage_view = FigureView(self.usage_figure)
        self.usage_view.widget.layout.display = "none"
        self.usage_box = widgets.VBox([self.usage, self.usage_view.widget])
        self.exports = ExportBar("transcript", self._export_figures, self._export_tables)

        self.load_button.on_click(lambda _: self.load(self.path.value))
        self.browse_button.observe(lambda change: self.browse(change["new"]), names="value")
        self.upload.observe(lambda change: self._on_upload(), names="value")
        self.run_choice.observe(lambda change: self._on_run(change["new"]), names="value")
        self.thread.observe(lambda change: self._on_thread(change["new"]), names="value")
        self.counter.observe(lambda change: self._on_counter(change["new"]), names="value")
        self.calibrate.observe(lambda change: self._on_calibrate(change["new"]), names="value")
        self.message_index.observe(lambda change: self.select(change["new"]), names="value")
        self.prev_message.on_click(lambda _: self.select(self.state.selected - 1))
        self.next_message.on_click(lambda _: self.select(self.state.selected + 1))
        self.chart.on_select(self.select)
        self.state.observe(self._on_state)
        self.pins.observe(self._on_policy)

        source = widgets.HBox([self.path, self.load_button, self.browse_button, self.upload])
        choose = widgets.HBox([self.run_choice, self.thread, self.counter, self.calibrate])
        picker = widgets.HBox([self.prev_message, self.message_index, self.next_message])
        self.widget = widgets.VBox(
            [
                source,
                self.browser_box,
                choose,
                self.error,
                self.billing,
                # The chart first, above the fold at 1400x900; what the file holds below it.
                self.chart.widget,
                self.context_panel,
                self.info,
                self.warnings,
                widgets.HTML("<b>Messages</b>"),
                self.table.box,
                widgets.HTML("<b>Selected message</b> (click a bar, or pick a number)"),
                picker,
                self.detail,
                self.usage_box,
                self.exports.box,
            ]
        )
        if self.state.transcript is not None:
            self.refresh()

    @classmethod
    def from_path(cls, path: str | Path, **kwargs: Any) -> TranscriptExplorer:
        explorer = cls(**kwargs)
        explorer.load(path)
        return explorer

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook
        from IPython.display import display

        display(self.widget)

    # -- callbacks --------------------------------------------------------------------------
    def show_error(self, exc: BaseException | str) -> None:
        show_error_in(self.error, exc)

    @guarded
    def load(self, path: str | Path) -> None:
        path = str(path).strip()
        if not path:
            raise ValueError("type the path of a transcript first")
        self.error.value = ""
        try:
            self.state.load(Path(path).expanduser())
        except Exception as exc:
            raise self._failed_load(path, exc) from exc

    @guarded
    def browse(self, on: bool = True, folder: str | Path | None = None) -> FileBrowser | None:
        """Show (or hide) the folder picker; it opens in `folder`, the path box's folder, or
        the working directory."""
        if not on:
            self.browser_box.children = ()
            return self.browser
        if self.browser is None:
            typed = Path(self.path.value.strip()).expanduser() if self.path.value.strip() else None
            start = folder or (
                typed
                if typed is not None and typed.is_dir()
                else typed.parent
                if typed is not None and typed.parent.is_dir()
                else Path.cwd()
            )
            self.browser = FileBrowser(self._picked, start)
        elif folder is not None:
            self.browser.show(str(Path(folder).expanduser()))
        self.browser_box.children = (self.browser.box,)
        if not self.browse_button.value:
            self.browse_button.value = True
        return self.browser

    def _picked(self, path: Path) -> None:
        self.path.value = str(path)
        self.load(path)

    @guarded
    def load_bytes(self, name: str, content: bytes) -> None:
        self.error.value = ""
        try:
            self.state.load_bytes(name, content)
        except Exception as exc:
            raise self._failed_load(name, exc) from exc

    def _failed_load(self, name: str, exc: Exception) -> Exception:
        """The error for a failed load; the previous transcript stays loaded (nothing is lost)
        but its loader warnings no longer sit under the new error as if they were the new file's."""
        self.warnings.value = ""
        current = self.state.current
        still = (
            f" (still showing the previous transcript, {current.source or 'loaded from code'})"
            if current is not None
            else ""
        )
        return ValueError(f"could not load {name}: {readable_error(exc)}{still}")

    def _on_upload(self) -> None:
        for item in self.upload.value:
            self.load_bytes(item["name"], bytes(item["content"]))

    @guarded
    def _on_run(self, index: int | None) -> None:
        if index is None or not self.state.runs or self.state.transcript is self.state.runs[index]:
            return
        runs = self.state.runs
        self.state.set_runs([runs[index], *runs[:index], *runs[index + 1 :]])

    @guarded
    def _on_thread(self, name: str | None) -> None:
        if name and name != self.state.thread:
            self.state.thread = name

    def _on_counter(self, name: str) -> None:
        if name == self.pins.policy.counter:
            return
        try:
            self.pins.update(counter=name)
        except Exception as exc:
            # Not installed here: the policy keeps its counter, and so does the dropdown.
            self._sync_counter()
            self.show_error(exc)

    @guarded
    def _on_calibrate(self, on: bool) -> None:
        if on != self.pins.calibrate:
            self.pins.set_calibrate(on)

    @guarded
    def select(self, index: int) -> None:
        if not self.state.messages:
            return
        index = max(0, min(index, len(self.state.messages) - 1))
        self.state.selected = index

    def _on_state(self, what: str) -> None:
        if what == "selected":
            self._show_selected()
        # "transcript" arrives through the policy state, which recounts first

    def _on_policy(self, what: str) -> None:
        if not self.live:
            self._dirty = True
            return
        if what == "transcript":
            self.refresh()
        elif what == "policy":
            self._sync_counter()
            self._draw(pins_only=self._drawn_key() == getattr(self, "_key", None))
            if self.usage_check is None or self.usage_check.calibration is not (
                self.pins.policy.calibration
            ):
                self._show_usage()
        # "upto" moves only the pin editor's cursor

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the state (after a load, or when a hidden tab is shown)."""
        self._dirty = False
        try:
            self.error.value = ""
            self._sync_choices()
            self._sync_counter()
            self._draw(pins_only=False)
            self._show_usage()
            self.exports.refresh()
        except Exception as exc:
            self.show_error(exc)

    def _drawn_key(self) -> tuple[Any, ...]:
        policy = self.pins.policy
        return (
            id(self.state.messages),
            policy.counter,
            id(policy.calibration),
            policy.limit,
            policy.compact_at,
            policy.evict_at,
        )

    def _draw(self, *, pins_only: bool) -> None:
        state, pins = self.state, self.pins
        messages = state.messages
        self._reasons = pins.whole_reasons()
        with self.chart.hold():  # one figure reaches the browser, not one per step
            if not pins_only:
                current = state.current
                names = current.tool_names() if current else {}
                self._tools = [tool_of(m, names) for m in messages]
                self.chart.set_messages(
                    [str(m.get("role")) for m in messages],
                    self._tools,
                    pins.tokens,
                    pins.pressure,
                    pins.policy.compact_at,
                    pins.policy.evict_at,
                )
                self.chart.set_real_compactions(
                    [c.index for c in current.compactions or ()] if current else []
                )
                self._key = self._drawn_key()
                # The table's rows first: lowering the picker's max clamps its value, which
                # selects a message and renders the table (with the previous log's rows, an
                # IndexError when that log was longer).
                self.table.refresh()
                self.message_index.value = min(self.message_index.value, state.selected)
                self.message_index.max = max(0, len(messages) - 1)
                self._info()
            self.chart.set_pins(self._reasons)
            self.table.refresh()
            self._show_selected()

    def _sync_choices(self) -> None:
        state = self.state
        runs = [(f"{i + 1}: {len(r.messages)} messages", i) for i, r in enumerate(state.runs)]
        self.run_choice.options = runs or [("1", 0)]
        self.run_choice.layout.display = "" if len(runs) > 1 else "none"
        threads = ["main", *(state.transcript.threads if state.transcript else ())]
        self.thread.options = threads
        self.thread.value = state.thread
        self.thread.layout.display = "" if len(threads) > 1 else "none"

    def _sync_counter(self) -> None:
        if self.counter.value != self.pins.policy.counter:
            self.counter.value = self.pins.policy.counter
        if self.calibrate.value != self.pins.calibrate:
            self.calibrate.value = self.pins.calibrate

    # -- the table ------------------------------------------------------------------------------
    def _indices(self, name: str) -> list[int]:
        messages = self.state.messages
        if name == "all":
            return list(range(len(messages)))
        if name == "pinned":
            return [i for i, r in enumerate(self._reasons) if r is not None]
        return [i for i, m in enumerate(messages) if m.get("role") == name]

    def _row(self, i: int) -> dict[str, Any]:
        message = self.state.messages[i]
        role = str(message.get("role"))
        reason = self._reasons[i] if i < len(self._reasons) else None
        return {
            "index": i,
            "role": badge(role, self._palette.get(role, "#9aa5b1")),
            "tool": self._tools[i],
            "tokens": self.pins.tokens[i],
            "cumulative": self.pins.cumulative[i],
            "pressure": self.pins.cumulative[i] / self.pins.policy.limit,
            "pinned": badge(reason, self._palette["pinned"]) if reason else "",
            "thread": self.state.thread,
        }

    def _row_class(self, i: int) -> str:
        return "sel" if i == self.state.selected else ""

    def frame(self) -> pd.DataFrame:
        """The message table as a DataFrame (every row, not just the page shown)."""
        from ._widgets import require_pandas

        pd = require_pandas()
        self._reasons = self.pins.whole_reasons()
        messages = self.state.messages
        names = self.state.current.tool_names() if self.state.current else {}
        return pd.DataFrame(
            {
                "index": range(len(messages)),
                "role": [m.get("role") for m in messages],
                "tool": [tool_of(m, names) for m in messages],
                "tokens": self.pins.tokens,
                "cumulative": self.pins.cumulative,
                "pressure": self.pins.pressure,
                "pinned": self._reasons,
                "thread": self.state.thread,
            }
        )

    def _export_figures(self) -> dict[str, Any]:
        if not self.state.messages:
            return {}
        figures = {"tokens per message": self.chart.figure}
        if self.usage_check is not None:
            figures["counted vs billed"] = self.usage_figure
        return figures

    def _export_tables(self) -> dict[str, Any]:
        if not self.state.messages:
            return {}
        tables: dict[str, Any] = {"messages": self.frame()}
        if self.usage_check is not None:
            tables["counted vs billed"] = [
                {
                    "call": c.index,
                    "last_message": c.last_message,
                    "messages": c.messages,
                    "counted": c.counted,
                    "billed": c.provider_input,
                    "ratio": c.ratio,
                    "model": c.model,
                }
                for c in self.usage_check.calls
            ]
        return tables

    # -- the selected message ---------------------------------------------------------------------
    def _show_selected(self) -> None:
        messages = self.state.messages
        if not messages:
            self.detail.value = ""
            self.chart.set_selected(None)
            self._show_context()
            return
        i = self.state.selected
        if self.message_index.value != i:
            self.message_index.value = i
        partners = [(j, messages[j]) for j in self.state.partners(i)]
        role = str(messages[i].get("role"))
        self.detail.value = message_html(
            i,
            messages[i],
            tokens=self.pins.tokens[i],
            reason=self._reasons[i] if i < len(self._reasons) else None,
            partners=partners,
            role_color=self._palette.get(role, "#52606d"),
        )
        self.chart.set_selected(i)
        self.table.show(i)
        self.table.render()
        # Last: on a step back its window is rebuilt from message 0 (70 ms at 5,000), which
        # the chart's marker, already sent, does not wait for.
        self._show_context()
