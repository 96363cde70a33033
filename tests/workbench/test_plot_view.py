"""The charts as state: each view's synced figure is the chart's figure, whole, after any change."""

from __future__ import annotations

import json
from pathlib import Path

from tests.paths import fixture
from working_memory.transcripts import synthetic_session
from working_memory.workbench import TranscriptExplorer, Workbench
from working_memory.workbench._plot_view import plotly_library

from .conftest import COMPACTED

NO_USAGE = fixture("openai-chat")


def _published(view) -> dict:  # type: ignore[no-untyped-def]
    return view.widget.figure


def test_each_view_publishes_its_figure_whole_after_every_change() -> None:
    wb = Workbench.from_path(COMPACTED)
    wb.show(1)
    for chart in (wb.explorer.chart, wb.pins.chart):
        assert _published(chart.view) == chart.view.spec()
    before = wb.pins.chart.widget.revision
    wb.policy = wb.policy.replace(keep_recent=12)
    assert wb.pins.chart.widget.revision > before
    assert _published(wb.pins.chart.view) == wb.pins.chart.view.spec()
    wb.explorer.select(3)
    assert _published(wb.explorer.chart.view) == wb.explorer.chart.view.spec()
    assert wb.explorer.chart.widget.figure["data"][7]["x"] == [3]  # the "selected" marker


def test_no_chart_carries_plotly_js_and_all_share_one_library() -> None:
    """Plotly's FigureWidget put its 4.96 MB bundle in every chart's widget state."""
    wb = Workbench.from_path(COMPACTED)
    views = [wb.explorer.chart.widget, wb.pins.chart.widget, wb.explorer.usage_view.widget]
    library = plotly_library()
    assert len(library.source) > 1_000_000
    for view in views:
        assert view.library is library
        state = view.get_state()
        size = len(json.dumps({k: v for k, v in state.items() if k != "library"}))
        assert size < 400_000, size
        assert "Plotly" not in state["_esm"][:20_000] or len(state["_esm"]) < 20_000


def test_counted_vs_billed_comes_back_after_a_log_without_usage() -> None:
    explorer = TranscriptExplorer.from_path(COMPACTED)
    shown = explorer.usage_view.widget
    assert shown in explorer.usage_box.children and shown.layout.display != "none"
    assert len(explorer.usage_view.widget.figure["data"]) == 2
    explorer.load(NO_USAGE)
    assert explorer.error.value == ""
    assert shown.layout.display == "none" and shown.figure["data"] == []
    explorer.load(COMPACTED)
    assert explorer.error.value == ""
    assert shown in explorer.usage_box.children and shown.layout.display != "none"
    billed, counted = shown.figure["data"]
    assert counted["name"].startswith("counted")
    assert billed["name"] == "billed" and len(billed["x"]) == len(explorer.usage_check.calls)


def test_a_shorter_log_loads_with_the_tool_filter_on_and_a_late_message_selected(
    tmp_path: Path,
) -> None:
    """IndexError from the table's render: the picker's max, lowered first, selected a message
    and the table rendered the previous (longer) log's rows."""
    long = tmp_path / "long.jsonl"
    long.write_text("".join(json.dumps(m) + "\n" for m in synthetic_session(400, seed=3)))
    explorer = TranscriptExplorer.from_path(long)
    explorer.table.filter.value = "tool"
    explorer.message_index.value = len(explorer.state.messages) - 2
    assert explorer.state.selected == len(explorer.state.messages) - 2
    explorer.load(NO_USAGE)
    assert explorer.error.value == "", explorer.error.value
    assert explorer.state.selected < len(explorer.state.messages)
    tools = [i for i, m in enumerate(explorer.state.messages) if m.get("role") == "tool"]
    assert explorer.table._indices == tools


def test_pressure_curves_follow_the_loaded_log() -> None:
    from working_memory import load_transcript
    from working_memory.replays import PRESETS
    from working_memory.workbench import PressureCurves

    policies = {"default": PRESETS["default"], "32k": PRESETS["small-window-32k"]}
    curves = PressureCurves(load_transcript(COMPACTED), policies, stack="32k")
    first = curves.pressure_view.widget.figure
    assert {t["name"].split(":")[0] for t in first["data"] if "name" in t} >= set(policies)
    curves.load(NO_USAGE)
    assert curves.transcript.messages == load_transcript(NO_USAGE).messages
    assert all(r.transcript is curves.transcript for r in curves.replays.values())
    assert curves.pressure_view.widget.figure == curves.pressure_view.spec() != first
    assert curves.stack_view.widget.figure == curves.stack_view.spec()
    assert NO_USAGE.name in curves.title.value


# -- an update sends the traces that changed, not the figure ----------------------------------
def _record(view) -> list[dict]:  # type: ignore[no-untyped-def]
    """Every message the view's widget sends from now on (state updates and custom ones)."""
    sent: list[dict] = []
    widget = view.widget
    original = widget._send

    def send(msg, buffers=None):  # type: ignore[no-untyped-def]
        sent.append(msg)
        return original(msg, buffers)

    widget._send = send
    return sent


def test_a_pin_change_sends_only_the_changed_traces_and_the_state_stays_whole(
    tmp_path: Path,
) -> None:
    log = tmp_path / "long.jsonl"
    log.write_text("".join(json.dumps(m) + "\n" for m in synthetic_session(2600, seed=7)))
    wb = Workbench.from_path(log)
    wb.show(1)
    view = wb.pins.chart.view
    whole = len(json.dumps(view.widget.figure))
    assert whole > 100_000  # thousands of bars: the figure is large
    sent = _record(view)
    revision = view.widget.revision
    wb.pins.controls["keep_recent"].value += 3
    assert [m["method"] for m in sent] == ["custom"], sent  # no state update with the figure
    patch = sent[0]["content"]
    assert patch["kind"] == "patch" and patch["base"] == revision
    assert patch["revision"] == view.widget.revision == revision + 1
    names = {t.get("name") for t in patch["traces"].values()}
    assert "tokens" not in names and "pinned" in names, names
    assert len(json.dumps(sent[0])) < whole / 20
    # The kernel's state is the whole figure, as a page reload or a new view gets it.
    assert view.widget.figure == view.spec()


def test_selecting_a_message_sends_the_marker_and_nothing_changed_sends_nothing() -> None:
    explorer = TranscriptExplorer.from_path(COMPACTED)
    view = explorer.chart.view
    sent = _record(view)
    explorer.select(3)
    assert len(sent) == 1 and list(sent[0]["content"]["traces"]) == ["7"]  # "selected"
    assert sent[0]["content"]["traces"]["7"]["x"] == [3]
    revision = view.widget.revision
    view.publish()  # the figure is what was sent: no message, no redraw
    explorer.select(3)
    assert len(sent) == 1 and view.widget.revision == revision


def test_a_figure_with_other_traces_is_sent_whole() -> None:
    import plotly.graph_objects as go

    from working_memory.workbench._plot_view import FigureView

    view = FigureView(go.Figure())
    sent = _record(view)
    view.figure.add_scatter(x=[1, 2], y=[3, 4], name="a")
    view.publish()
    assert [m["method"] for m in sent] == ["update"]
    assert sent[0]["state"]["figure"]["data"][0]["x"] == [1, 2]
    view.figure.data[0].y = [5, 6]  # same traces: a patch
    view.publish()
    assert sent[1]["method"] == "custom" and sent[1]["content"]["traces"]["0"]["y"] == [5, 6]
    assert view.widget.figure["data"][0]["y"] == [5, 6]


def test_a_front_end_behind_the_kernel_gets_the_whole_figure() -> None:
    """A view that drew an older revision (a patch lost during a page reload) says so, or a
    model that is not on a patch's base asks: either way the kernel sends the figure whole."""
    explorer = TranscriptExplorer.from_path(COMPACTED)
    view = explorer.chart.view
    sent = _record(view)
    current = view.widget.revision
    view._on_msg(view.widget, {"kind": "have", "revision": current}, [])
    assert sent == []
    view._on_msg(view.widget, {"kind": "have", "revision": current - 1}, [])
    view._on_msg(view.widget, {"kind": "resync", "revision": current - 1}, [])
    assert [m["method"] for m in sent] == ["update", "update"]
    assert sent[0]["state"]["revision"] == current
    assert sent[0]["state"]["figure"] == view.spec()
