"""Readable at a glance: the charts as drawn in JupyterLab at 1400x900, by bounding boxes and
plotly's own layout in the page (`gd._fullLayout`, `gd._fullData`).

Notebook 01 with a 5,000-message Claude Code log (a production compaction at message 23) loaded
through its kernel: each panel's main chart wholly above the fold; the pin editor's axes fitted
to the window (its right axis went to 788%, the window took 5% of the x axis), its line the
managed window's pressure with the raw count faint; role colours and the two thresholds in the
legend, told apart; the log's compaction marked on the explorer's and the pin editor's charts;
markers binned, never closer than a few pixels. Notebook 04: the y-axis title clear of the chart
title, the legend clear of the x-axis title, identical policies not drawn on top of each other.
"""

from __future__ import annotations

import itertools
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.paths import long_claude_code

from .conftest import Kernel, Lab
from .test_charts_follow_state import wait_until_drawn_as_held
from .test_jupyterlab import Console, run_notebook, watched_page

pytestmark = pytest.mark.browser

HEIGHT = 900
COMPACTED = (
    Path(__file__).parents[1] / "fixtures/claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl"
)
# Markers closer than this merge into one band (200 bins over a ~800 px plot: ~4 px apart;
# one marker per event put 1,500 of them within 800 px).
MIN_MARKER_GAP_PX = 3.0

# One chart by its key: scrolled so its panel (tab, else notebook output) starts at the top of
# the window, its boxes, its axes and each trace as plotly drew it (markers with pixel x).
_MEASURE = """(key) => {
    const gd = document.querySelector(`.wm-plot[data-key='${key}']`);
    const panel = gd.closest('.widget-tab') || gd.closest('.jp-OutputArea-output');
    panel.scrollIntoView({block: 'start'});
    const box = (e) => { if (!e) return null; const b = e.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
    const fl = gd._fullLayout, xa = fl.xaxis;
    return {
        chart: box(gd), panelTop: panel.getBoundingClientRect().top,
        title: box(gd.querySelector('.gtitle')), ytitle: box(gd.querySelector('.g-ytitle')),
        xtitle: box(gd.querySelector('.g-xtitle')), legend: box(gd.querySelector('.legend')),
        xrange: xa.range, y2range: fl.yaxis2 ? fl.yaxis2.range : null,
        legendItems: [...gd.querySelectorAll('.legend .traces')].map(t => t.textContent),
        annotations: [...gd.querySelectorAll('.annotation-text')].map(t => t.textContent),
        traces: gd._fullData.map(t => {
            const xs = Array.from(t.x || []);
            const markers = (t.mode || '').includes('markers');
            return {name: t.name, mode: t.mode || t.type, dash: t.line ? t.line.dash : null,
                    opacity: t.opacity, meta: t.meta ?? null, n: xs.length,
                    last: [xs[xs.length - 1] ?? null, Array.from(t.y || []).slice(-1)[0] ?? null],
                    x: markers || t.name === 'real compaction' ? xs : [],
                    px: markers ? xs.filter(v => v !== null).map(v => xa.l2p(v)) : []};
        }),
    };
}"""

# The context panels (the window by category) shown in the chart's tab, as drawn there.
_CONTEXT = """(key) => {
    const gd = document.querySelector(`.wm-plot[data-key='${key}']`);
    const tab = gd.closest('.widget-tab') || gd.closest('.jp-OutputArea-output');
    return [...tab.querySelectorAll('.wm-context')].filter(e => e.offsetParent).map(e => {
        const b = e.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right,
                rows: e.querySelectorAll('tr[data-category]').length,
                bar: e.querySelector('.ctx-bar').getBoundingClientRect().width};
    });
}"""

_READY = """(key) => { const d = document.querySelector(`.wm-plot[data-key='${key}']`);
    return d && d.offsetParent && d._fullLayout && d.querySelector('.legend .traces'); }"""


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Console]]:
    with watched_page(browser, tmp_path / "jupyterlab.png", 1400, HEIGHT) as p:
        yield p


def measure(page: Any, key: str) -> dict[str, Any]:
    page.wait_for_function(_READY, arg=key)
    return dict(page.evaluate(_MEASURE, key))


def trace(drawn: dict[str, Any], prefix: str) -> dict[str, Any]:
    found = [t for t in drawn["traces"] if (t["name"] or "").startswith(prefix)]
    assert found, f"no trace {prefix!r} in {[t['name'] for t in drawn['traces']]}"
    return dict(found[0])


def assert_above_the_fold(drawn: dict[str, Any], what: str) -> None:
    assert drawn["chart"]["bottom"] - drawn["panelTop"] <= HEIGHT, (what, drawn["chart"])


def assert_markers_apart(drawn: dict[str, Any], what: str) -> None:
    for t in drawn["traces"]:
        px = sorted(t["px"])
        gaps = [b - a for a, b in itertools.pairwise(px)]
        assert not gaps or min(gaps) >= MIN_MARKER_GAP_PX, (what, t["name"], len(px), min(gaps))


def assert_titles_clear(drawn: dict[str, Any], what: str) -> None:
    title, ytitle, xtitle, legend = (drawn[k] for k in ("title", "ytitle", "xtitle", "legend"))
    if title and ytitle:
        assert ytitle["top"] >= title["bottom"], (what, "y-axis title over the title", drawn)
    if xtitle and legend:
        assert legend["top"] >= xtitle["bottom"] - 1, (what, "legend over the x-axis title", drawn)


def assert_context_panel_clear(
    drawn: dict[str, Any], panels: list[dict[str, Any]], tab: int
) -> None:
    """One context panel in the tab, drawn (its eleven rows, its bar), screen-sized, and clear
    of the chart."""
    assert len(panels) == 1, (tab, panels)
    box, chart = panels[0], drawn["chart"]
    assert box["rows"] == 11 and box["bar"] > 100, (tab, box)
    assert 0 < box["bottom"] - box["top"] <= HEIGHT, (tab, box)
    apart = (
        box["top"] >= chart["bottom"] - 1
        or box["bottom"] <= chart["top"] + 1
        or box["left"] >= chart["right"] - 1
        or box["right"] <= chart["left"] + 1
    )
    assert apart, (tab, "context panel over the chart", box, chart)


def _cleanup(page: Any, kernel: Kernel) -> None:
    kernel.close()
    page.evaluate(
        """async () => {
            const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1];
            const headers = xsrf ? {'X-XSRFToken': decodeURIComponent(xsrf)} : {};
            const kernels = await (await fetch('/api/kernels')).json();
            for (const k of kernels) await fetch('/api/kernels/' + k.id, {method: 'DELETE', headers});
        }"""
    )


def test_workbench_charts_read_at_a_glance_at_5k_messages(
    lab: Lab, page: tuple[Any, Console], tmp_path: Path
) -> None:
    browser_page, _ = page
    log = long_claude_code(lab.root / "long")
    run_notebook(browser_page, lab, "01-explore-a-transcript.ipynb")
    kernel = Kernel(lab, browser_page, "01-explore-a-transcript.ipynb")
    try:
        kernel.run(
            f"wb.show(0); wb.explorer.load({str(log)!r}); "
            "wb.replay_lab.state.selected = ['default', 'masking']; wb.replay_lab.run()",
            timeout=600,
        )
        state = kernel.value(
            "__import__('json').dumps({'n': len(wb.explorer.state.messages), "
            "'upto': wb.pins.state.preview.upto, 'pressure': wb.pins.state.preview.pressure, "
            "'evict': wb.pins.state.policy.evict_at, "
            "'peak': max(wb.pins.state.managed_pressure), "
            "'compactions': [c.index for c in wb.explorer.state.current.compactions], "
            "'keys': [wb.explorer.chart.widget.key, wb.pins.chart.widget.key, "
            "wb.replay_lab.pressure_view.widget.key]})"
        )
        assert state["n"] >= 5_000 and state["compactions"] == [23], state
        explorer_key, pins_key, replay_key = state["keys"]
        drawn: dict[str, dict[str, Any]] = {}
        for tab, key in zip((0, 1, 3), state["keys"], strict=True):
            kernel.run(f"wb.show({tab})")
            wait_until_drawn_as_held(browser_page, kernel, f"tab {tab} at 5k messages")
            drawn[key] = measure(browser_page, key)
            assert_above_the_fold(drawn[key], f"tab {tab}")
            assert_markers_apart(drawn[key], f"tab {tab}")
            assert_titles_clear(drawn[key], f"tab {tab}")
            if tab in (0, 1):
                assert_context_panel_clear(drawn[key], browser_page.evaluate(_CONTEXT, key), tab)
        (tmp_path / "drawn.json").write_text(json.dumps(drawn)[:200_000])

        for key in (explorer_key, pins_key):
            chart = drawn[key]
            # Role colours have a legend; compact and evict lines differ, each named.
            assert {"system", "user", "assistant", "tool"} <= set(chart["legendItems"]), chart
            compact, evict = trace(chart, "compact at"), trace(chart, "evict at")
            assert compact["dash"] != evict["dash"], (compact, evict)
            # The log's own compaction, before message 23, on both charts.
            real = trace(chart, "real compaction")
            assert [x for x in real["x"] if x is not None] == [22.5, 22.5], real

        pins = drawn[pins_key]
        # The line to read is the managed window's, ending at the cursor on the summary's
        # pressure; the raw count is a faint reference.
        managed = trace(pins, "pressure (managed window)")
        assert managed["last"][0] == state["upto"] - 1, managed
        assert managed["last"][1] == pytest.approx(state["pressure"]), managed
        raw = trace(pins, "raw cumulative count")
        assert raw["opacity"] < 0.6 and raw["n"] > managed["n"], raw
        # Axes fitted to the window: the right axis to the evict line or the window's peak (it
        # went to 788%), the window at least three quarters of the x axis (it was 5%).
        assert pins["y2range"][1] <= 1.1 * max(state["evict"], state["peak"]), pins["y2range"]
        left, right = pins["xrange"]
        assert state["upto"] / (right - left) >= 0.75, (pins["xrange"], state["upto"])

        # The replay lab's chart: events binned (masking fires hundreds of times at 5k).
        events = [t for t in drawn[replay_key]["traces"] if (t["meta"] or {}).get("events")]
        assert any(t["n"] > 1 for t in events), events
    finally:
        _cleanup(browser_page, kernel)


def test_pressure_curves_titles_legend_and_identical_policies(
    lab: Lab, page: tuple[Any, Console]
) -> None:
    browser_page, _ = page
    run_notebook(browser_page, lab, "04-pressure-curves-for-the-team.ipynb")
    kernel = Kernel(lab, browser_page, "04-pressure-curves-for-the-team.ipynb")
    try:
        # A real-format log on which three of the four policies never act (one curve, thrice).
        log = lab.root / COMPACTED.name
        shutil.copy2(COMPACTED, log)
        kernel.run(f"curves.load({str(log)!r})")
        keys = kernel.value(
            "__import__('json').dumps([curves.pressure_view.widget.key, "
            "curves.stack_view.widget.key])"
        )
        twins = kernel.value(
            "__import__('json').dumps([[t.name, (t.meta or {}).get('same_as')] "
            "for t in curves.pressure.data if (t.meta or {}).get('same_as')])"
        )
        wait_until_drawn_as_held(browser_page, kernel, "notebook 04")
        for n, key in enumerate(keys):
            drawn = measure(browser_page, key)
            assert_titles_clear(drawn, f"chart {n}")
            if n == 0:  # the main chart; the window stack comes under it
                assert_above_the_fold(drawn, "the pressure chart")
        # Policies that never act draw one curve: each twin is dashed (both colours show) and
        # a note at its end says whose it is.
        assert twins, "no two policies with identical curves: the check below would be vacuous"
        drawn = measure(browser_page, keys[0])
        for name, same_as in twins:
            mine, theirs = trace(drawn, name), trace(drawn, f"{same_as}: pressure")
            assert mine["dash"] != theirs["dash"], (mine, theirs)
            label = name.removesuffix(": pressure")
            assert f"{label}: identical to {same_as}" in drawn["annotations"], drawn["annotations"]
    finally:
        _cleanup(browser_page, kernel)
