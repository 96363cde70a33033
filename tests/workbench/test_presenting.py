"""Issue 17, headless: the workbench built as notebook 01 builds it (`Workbench.from_path`),
checked for what a presenter sees: one look, legends below and named, the preview per strategy,
the slider in step with the table, the counter fallback, variants from code, loading, export."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from working_memory._theme import COLORS, LEGEND_BELOW, figure_layout
from working_memory.examples import example_path
from working_memory.tokens import get_counter, register_counter
from working_memory.workbench import EDITED, Workbench
from working_memory.workbench._files import list_folder
from working_memory.workbench.prompt_lab import PromptVariant
from working_memory.workbench.replay_lab import _STAT_COLUMNS

from .conftest import COMPACTED

FOUR = ["default", "masking", "evict-only", EDITED]
_STAT_ROWS = _STAT_COLUMNS


@pytest.fixture
def wb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workbench:
    monkeypatch.setenv("WM_OUTPUT_DIR", str(tmp_path / "out"))
    return Workbench.from_path(example_path())


def _legend_names(figure: Any) -> list[str]:
    return [t.name for t in figure.data if t.showlegend is not False]


def _legend(figure: Any, key: str) -> Any:
    """A legend setting as plotly applies it: the figure's own, else its template's."""
    own = getattr(figure.layout.legend, key)
    return own if own is not None else getattr(figure.layout.template.layout.legend, key)


def _assert_legend_below_and_named(figure: Any) -> None:
    # Below: at the figure's bottom edge (the container's y=0), so never over the x-axis
    # title (the browser tests measure it), whatever the plot's height.
    where = [_legend(figure, k) for k in ("orientation", "yref", "y", "yanchor")]
    assert where == ["h", "container", 0, "bottom"], where
    for name in _legend_names(figure):
        assert name and not name.startswith("trace "), _legend_names(figure)


# -- 1. the replay lab with four policies ------------------------------------------------------
def test_replay_lab_with_four_policies_is_readable(wb: Workbench) -> None:
    lab = wb.replay_lab
    lab.choices.value = tuple(FOUR)
    lab.run()
    assert lab.error.value == ""
    figure = lab.pressure
    _assert_legend_below_and_named(figure)
    # White, in the project's palette (the empty FigureWidget was plotly's grey).
    template = figure.layout.template.layout
    assert template.plot_bgcolor == "white" and tuple(template.colorway) == COLORS
    names = _legend_names(figure)
    # One entry per policy curve, one shared unmanaged curve, one per event kind and threshold:
    # the four policies' 16 entries (4 per policy) and their scrolling legend are gone.
    assert sum(n.endswith(": pressure") for n in names) == 4
    assert sum("unmanaged" in n for n in names) == 1
    assert len(names) == len(set(names)) and len(names) <= 4 + 1 + 3 + 3 + 1, names
    for note in figure.layout.annotations:
        if note.name == "identical":  # "edited: identical to default", at that curve's end
            assert note.y <= figure.layout.yaxis.range[1] and "identical to" in note.text
            continue
        assert note.yanchor == "top" and note.y <= 1  # "unmanaged curve peaks…": inside the plot
    # The stats table: a row per statistic, a column per policy (it fits the panel), cells wrap.
    assert "overflow-wrap: break-word" in lab.stats.value
    assert lab.stats.value.count("<tr>") == 1 + len(_STAT_ROWS)
    for name in FOUR:
        assert f"<th>{name}</th>" in lab.stats.value
    stack = lab.stack
    _assert_legend_below_and_named(stack)


def test_pressure_figure_keeps_per_policy_unmanaged_curves_when_budgets_differ(
    wb: Workbench,
) -> None:
    lab = wb.replay_lab
    lab.choices.value = ("default", "small-window-32k")
    lab.run()
    names = _legend_names(lab.pressure)
    assert "default: unmanaged" in names and "small-window-32k: unmanaged" in names


# -- 2. legends in the explorer and the pin editor -----------------------------------------------
def test_explorer_and_pin_editor_charts_have_named_legends_below(wb: Workbench) -> None:
    wb.show(1)
    for chart in (wb.explorer.chart, wb.pins.chart):
        figure = chart.figure
        _assert_legend_below_and_named(figure)
        assert figure.layout.title.text  # the title is above, the legend below: no overlap
        assert figure.layout.autosize is True and figure.layout.width is None
    assert "pinned" in _legend_names(wb.pins.chart.figure)


def test_theme_is_one_source(wb: Workbench) -> None:
    from working_memory.replays import _plots as plots

    assert plots.COLORS is COLORS
    assert plots.layout_template().layout.legend.orientation == LEGEND_BELOW["orientation"]
    assert figure_layout()["paper_bgcolor"] == "white"


# -- 3. the pin editor's preview follows the strategy ---------------------------------------------
@pytest.mark.parametrize("strategy", ["compact", "mask", "hybrid", "evict"])
def test_preview_under_each_strategy(strategy: str) -> None:
    wb = Workbench.from_path(COMPACTED)
    wb.show(1)
    wb.policy = wb.policy.replace(window=16_000, strategy=strategy, keep_tool_results=1)
    wb.pins.upto.value = len(wb.transcript.messages)
    preview = wb.policy_state.preview
    editor = wb.pins
    rows = [editor._row(i)["next"] for i in range(preview.upto)]
    text = editor.span_text.value
    if strategy in ("compact", "hybrid"):
        assert preview.span[1] > preview.span[0]
        assert "What the next compaction would summarise" in text
        assert any("compacted next" in r for r in rows)
    else:
        assert preview.span == (0, 0)
        assert "What the next compaction would summarise" not in text
        assert not any("compacted next" in r for r in rows)
        assert list(editor.chart.trace("next span").x) == []
    if strategy in ("mask", "hybrid"):
        assert preview.masked, "the mask preview names the tool results it would hide"
        assert "Tool results the next masking pass would hide" in text
        assert any("masked next" in r for r in rows)
        assert list(editor.chart.trace("masked").x) == list(preview.masked)
        assert all(wb.transcript.messages[i]["role"] == "tool" for i in preview.masked)
    else:
        assert preview.masked == ()
    if strategy == "evict":
        assert "never summarises" in text


# -- 4. the "window at" slider and the table agree ------------------------------------------------
def test_window_at_slider_is_in_step_with_the_preview(wb: Workbench) -> None:
    wb.show(1)
    editor, state = wb.pins, wb.policy_state
    assert editor.upto.value == state.preview.upto
    wb.policy = wb.policy.replace(compact_at=0.69)
    wb.show(1)
    assert editor.upto.value == state.preview.upto == state.upto
    assert f"message {state.preview.upto}" in editor.summary.value


def test_compact_at_above_evict_at_puts_the_slider_back(wb: Workbench) -> None:
    wb.show(1)
    editor = wb.pins
    before = wb.policy.compact_at
    editor.controls["compact_at"].value = 1.0  # above evict_at: the policy refuses it
    assert wb.policy.compact_at == before
    assert editor.controls["compact_at"].value == pytest.approx(before)
    assert "evict" in editor.error.value


# -- 5. a counter that is not installed -----------------------------------------------------------
def _broken_counter() -> Any:
    raise ImportError("no module named 'notinstalled' (pip install notinstalled)")


def test_a_counter_that_is_not_installed_leaves_everything_working(wb: Workbench) -> None:
    register_counter("broken-test", _broken_counter)
    try:
        with pytest.raises(ImportError):
            get_counter("broken-test")
        explorer = wb.explorer
        explorer.counter.options = [*explorer.counter.options, "broken-test"]
        explorer.counter.value = "broken-test"
        assert wb.policy.counter == "approx"
        assert explorer.counter.value == "approx"  # the dropdown is back on what is in use
        assert "broken-test" in explorer.error.value and "notinstalled" in explorer.error.value
        wb.show(1)
        assert wb.pins.error.value == "" and wb.pins.chart.trace("tokens").y  # not blank
        wb.pins.controls["counter"].options = [*wb.pins.controls["counter"].options, "broken-test"]
        wb.pins.controls["counter"].value = "broken-test"
        assert wb.pins.controls["counter"].value == "approx" and wb.policy.counter == "approx"
        wb.replay_lab.run()
        assert wb.replay_lab.error.value == "" and wb.replays
    finally:
        from working_memory.tokens import _counters as tokens

        tokens._FACTORIES.pop("broken-test", None)
        from working_memory.workbench import _state

        _state._COUNTERS.pop("broken-test", None)


# -- 7. the prompt lab -----------------------------------------------------------------------------
def test_variants_added_from_code_are_listed_and_removable(wb: Workbench) -> None:
    lab = wb.prompt_lab
    assert lab.remove_choice.value == "offline"  # something is selected, not an empty box
    lab.state.set_variant(PromptVariant("from-code", "Summarise: {span}", "offline"))
    assert "from-code" in lab.variant_list.value
    assert "from-code" in lab.remove_choice.options
    assert lab.remove_choice.value == "offline"  # the selection is kept
    lab.remove_variant("from-code")
    assert "from-code" not in lab.variant_list.value
    assert lab.remove_choice.value == "offline"
    assert lab.mode.style.button_width == "180px"


def test_pattern_boxes_are_checked_as_you_type(wb: Workbench) -> None:
    editor = wb.pins
    assert editor.corrections.continuous_update and editor.plan_pattern.continuous_update
    editor.plan_pattern.value = "(unclosed"
    assert "unclosed" in editor.pattern_problems.value or "missing" in editor.pattern_problems.value


def test_run_picker_is_wide_enough_for_its_labels(wb: Workbench) -> None:
    assert int(wb.explorer.run_choice.layout.width.rstrip("px")) >= 260


# -- 8. loading ------------------------------------------------------------------------------------
def test_a_failed_load_drops_the_old_warnings_and_says_what_is_shown(
    wb: Workbench, tmp_path: Path
) -> None:
    explorer = wb.explorer
    explorer.load(COMPACTED)  # a fixture with a loader warning
    assert explorer.warnings.value
    shown = wb.transcript
    bad = tmp_path / "bad.jsonl"
    bad.write_text("this is not a transcript\n")
    explorer.load(bad)
    assert "bad.jsonl" in explorer.error.value
    assert "still showing the previous transcript" in explorer.error.value
    assert explorer.warnings.value == ""  # not the old file's warnings under the new error
    assert wb.transcript is shown  # nothing lost
    explorer.load(COMPACTED)
    assert explorer.error.value == ""


def test_file_browser_lists_loadable_transcripts_and_loads_one(
    wb: Workbench, tmp_path: Path
) -> None:
    folder = tmp_path / "logs"
    (folder / "sub").mkdir(parents=True)
    good = folder / "session.jsonl"
    good.write_bytes(COMPACTED.read_bytes())
    (folder / "notes.txt").write_text("not a log")
    (folder / "binary.json").write_bytes(b"\x00\x01 not json")
    (folder / ".hidden.jsonl").write_bytes(COMPACTED.read_bytes())
    entries, left_off = list_folder(folder)
    assert [(e.path.name, e.folder) for e in entries] == [("sub", True), ("session.jsonl", False)]
    assert left_off == 0
    browser = wb.explorer.browse(True, folder)
    assert browser is not None and wb.explorer.browser_box.children
    assert [label for label, _ in browser.listing.options][1].startswith("session.jsonl")
    browser.open(str(folder / "sub"))
    assert browser.folder.value == str(folder / "sub")
    browser.open(str(good))
    assert wb.transcript.source == str(good)
    assert wb.explorer.path.value == str(good)
    with pytest.raises(ValueError, match="not a folder"):
        list_folder(good)


# -- export from every panel -------------------------------------------------------------------------
def test_every_panel_exports_its_tables_as_csv(wb: Workbench, tmp_path: Path) -> None:
    wb.show(1)
    wb.replay_lab.run()
    written = []
    for panel in (wb.explorer, wb.pins, wb.replay_lab, wb.prompt_lab):
        bar = panel.exports
        bar.refresh()
        tables = [key for _, key in bar.choices() if key.startswith("table:")]
        assert tables, type(panel).__name__
        for key in tables:
            path = bar.export(key, "csv")
            assert path is not None, bar.result.value
            with path.open(encoding="utf-8") as handle:
                rows = list(csv.reader(handle))
            assert len(rows) >= 2 and rows[0], (key, rows[:2])
            written.append(path)
    assert all(p.parent == tmp_path / "out" for p in written)
    messages = wb.explorer.exports.export("table:messages", "csv")
    assert messages is not None
    assert sum(1 for _ in messages.open()) == len(wb.transcript.messages) + 1


def test_figure_export_writes_an_image_or_says_what_is_missing(wb: Workbench) -> None:
    bar = wb.explorer.exports
    figures = [key for _, key in bar.choices() if key.startswith("figure:")]
    assert figures == ["figure:tokens per message"]
    for fmt in ("png", "svg"):
        path = bar.export(figures[0], fmt)
        try:
            import kaleido  # noqa: F401
        except ImportError:
            assert path is None
            assert "needs kaleido and a Chromium or Chrome" in bar.result.value
        else:  # pragma: no cover - depends on what is installed
            if path is None:
                assert "kaleido" in bar.result.value
            else:
                assert path.stat().st_size > 1_000


def test_every_published_trace_has_a_name() -> None:
    """A batch that renamed one trace once sent the others an undefined name: the browser's
    legend then called the pinned markers "trace 5". The browser now draws the published
    figure whole; every trace in it is named (tests/browser checks the legend too)."""
    wb = Workbench.from_path(COMPACTED)
    wb.show(1)
    wb.policy = wb.policy.replace(window=16_000, keep_recent=3, compact_at=0.6)
    wb.pins.upto.value = 30
    for chart in (wb.pins.chart, wb.explorer.chart):
        published = chart.widget.figure["data"]
        assert published and all(isinstance(t.get("name"), str) for t in published), published


def test_thresholds_do_not_wear_a_policys_colour() -> None:
    from working_memory._theme import COLORS, THRESHOLD_STYLE

    assert not {color for color, _ in THRESHOLD_STYLE.values()} & set(COLORS[:-1])
