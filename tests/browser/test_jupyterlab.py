"""The notebooks in a real JupyterLab, in a real Chromium: the widgets and plotly charts render,
the controls work, no JavaScript error reaches the console, and hostile transcript text
stays text.

Every notebook runs through the toolbar's restart-and-run-all command (then the dialog's
accept button): measured here, that is reliable where key presses and menus are not.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .conftest import Lab

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the fixtures skip (or fail) with the reason
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]

pytestmark = pytest.mark.browser

TIMEOUT_MS = 90_000  # per wait: JupyterLab and the kernel share 2 cores with everything else
RUN_TIMEOUT_MS = 240_000  # a whole notebook, top to bottom

# Console errors that are not failures, each with why. Everything else fails the test.
BENIGN_CONSOLE = [
    # Chromium logs every non-2xx response as a console error. JupyterLab probes a few
    # optional endpoints that this bare server does not serve (lab/api/translations' language
    # packs, the workspace it is told to reset, the favicon's busy variant); a 404 or 400
    # there is the expected answer, not a bug. Errors raised by code still fail the test:
    # they arrive as `pageerror` or as error text, never as "Failed to load resource".
    re.compile(r"^Failed to load resource: the server responded with a status of 40[04]"),
    # JupyterLab's debugger sidebar asks a new kernel for its debug state; restart-and-run-all
    # (how the test runs a notebook) restarts that kernel while the request is in flight, and
    # the debugger logs the cancelled request. It is about the kernel restart, not the page.
    re.compile(r"^Could not restore the debugger state: Canceled future for debug_request"),
]


@dataclass
class Console:
    """Everything the page said at error level, and the uncaught exceptions."""

    errors: list[str] = field(default_factory=list)

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in BENIGN_CONSOLE)]


@contextlib.contextmanager
def watched_page(
    browser: Any, shot: Path, width: int, height: int, *, shut_down_kernels: bool = False
) -> Iterator[tuple[Any, Console]]:
    """A page of this size whose console errors and uncaught exceptions are kept; a full-page
    screenshot at `shot` when it closes (each browser test's `page` fixture)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    console = Console()
    page.on("console", lambda m: console.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: console.errors.append(f"pageerror: {exc}"))
    try:
        yield page, console
    finally:
        page.screenshot(path=str(shot), full_page=True)
        if shut_down_kernels:
            page.evaluate(_SHUT_DOWN_KERNELS)  # each kernel holds a workbench: free the cores
        context.close()


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Console]]:
    with watched_page(
        browser, tmp_path / "jupyterlab.png", 1500, 1100, shut_down_kernels=True
    ) as p:
        yield p


# -- driving JupyterLab ---------------------------------------------------------------------
_ALL_RAN = """() => {
    const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""

# The status bar's kernel item reads "Python 3 (ipykernel) | Idle" once the kernel is up and
# connected. (The toolbar's execution indicator already says idle while the session still
# reads "No Kernel | Initializing": restarting then races the kernel's own start.)
_KERNEL_IDLE = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .map(e => e.textContent.trim())
    .some(t => / [|] Idle$/.test(t) && !t.startsWith('No Kernel'))"""

# From the page, so the request carries JupyterLab's XSRF cookie as the server requires.
_SHUT_DOWN_KERNELS = """async () => {
    const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1];
    const headers = xsrf ? {'X-XSRFToken': decodeURIComponent(xsrf)} : {};
    const kernels = await (await fetch('/api/kernels')).json();
    for (const k of kernels) await fetch('/api/kernels/' + k.id, {method: 'DELETE', headers});
    return kernels.length;
}"""

_CELL_ERRORS = """() => [...document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
    .map(e => e.textContent).filter(t => /Traceback|Error/.test(t))"""

# Plotly text (axis titles, labels) placed at Infinity or NaN: a figure laid out in a space
# too small for its margins. Chromium also logs it, as an SVG attribute error.
_BROKEN_PLOT_TEXT = """() => [...document.querySelectorAll('.js-plotly-plot text')]
    .filter(t => /Infinity|NaN/.test((t.getAttribute('x') || '') + (t.getAttribute('transform') || '')))
    .map(t => (t.getAttribute('class') || 'text') + ': ' + t.textContent)"""

_WIDGET_FAILURES = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .map(e => e.textContent)
    .filter(t => /Error displaying widget|Failed to load model class|model not found/.test(t))"""


def run_notebook(page: Any, lab: Lab, name: str) -> None:
    """Open `name` fresh and run every cell; return when all of them have an execution count."""
    page.goto(f"{lab.url}/lab/tree/{name}?reset")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell")
    page.wait_for_function(_KERNEL_IDLE)  # the kernel must be up before it can be restarted
    page.locator("[data-command='notebook:restart-run-all']").first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function(_ALL_RAN, timeout=RUN_TIMEOUT_MS)
    page.wait_for_function(_KERNEL_IDLE)
    assert page.evaluate(_CELL_ERRORS) == [], f"a cell failed in {name}"
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.all_inner_texts()


def plot_traces(page: Any, scope: str = "") -> list[list[dict[str, Any]]]:
    """Each rendered plotly graph's traces (name, number of points) under `scope`."""
    return page.evaluate(
        """(scope) => [...document.querySelectorAll(scope + ' .js-plotly-plot')]
            .filter(div => div.data)
            .map(div => div.data.map(t => {
                // x, else y (a box plot has only y); plotly may send a typed array as bdata
                const v = t.x || t.y || [];
                return {name: t.name || '', n: v.length ?? (v.bdata ? v.bdata.length : 0)};
            }))""",
        scope,
    )


def trace_points(page: Any, scope: str, name: str) -> list[int]:
    """Number of points of trace `name` in each visible graph under `scope`."""
    return [t["n"] for graph in plot_traces(page, scope) for t in graph if t["name"] == name]


# -- the tests -----------------------------------------------------------------------------------
def test_workbench_notebook_renders_and_its_controls_work(
    lab: Lab, page: tuple[Any, Console]
) -> None:
    browser_page, console = page
    run_notebook(browser_page, lab, "01-explore-a-transcript.ipynb")

    # The workbench's tabs, and the explorer's token chart drawn by plotly.
    # The workbench's own tabs ("1 · Transcript" ...), not the prompt lab's result tabs inside.
    tabs = browser_page.locator(".widget-tab .lm-TabBar-tab", has_text=" · ")
    assert tabs.count() == 4, tabs.all_inner_texts()
    browser_page.wait_for_selector(".widget-tab .js-plotly-plot .main-svg")
    assert max(trace_points(browser_page, ".widget-tab", "tokens")) > 100
    assert_readable_plot(browser_page, "^tokens$", "explorer.png")

    # The hostile transcript's HTML is shown as text, and none of it ran.
    assert browser_page.evaluate("() => window.__wm_xss") is None
    shown = browser_page.locator(
        ".widget-tab"
    ).first.inner_text()  # the workbench, not a nested tab
    assert "<script>window.__wm_xss=1</script>" in shown

    # Pin policy tab: raise keep-recent and watch the pinned markers on the chart follow.
    tabs.filter(has_text="Pin policy").click()
    browser_page.wait_for_function(
        """() => [...document.querySelectorAll('.widget-tab .js-plotly-plot')]
            .some(d => d.offsetParent && d.data && d.data.some(t => t.name === 'pinned'))"""
    )
    before = _visible_trace_points(browser_page, "pinned")
    readout = browser_page.locator(
        ".widget-slider:has(label:text-is('keep recent')) .widget-readout"
    ).filter(visible=True)
    readout.first.click()
    browser_page.keyboard.press("Control+A")
    browser_page.keyboard.type("30")
    browser_page.keyboard.press("Enter")
    browser_page.wait_for_function(
        """(before) => {
            const divs = [...document.querySelectorAll('.widget-tab .js-plotly-plot')]
                .filter(d => d.offsetParent && d.data);
            const n = divs.flatMap(d => d.data).filter(t => t.name === 'pinned')
                .map(t => (t.x || []).length);
            return n.length > 0 && n[0] !== before;
        }""",
        arg=before,
    )
    after = _visible_trace_points(browser_page, "pinned")
    assert after > before, (before, after)
    assert_readable_plot(browser_page, "^pinned$", "pin-editor.png")

    # Replay lab tab: pick four policies, press Replay and see one curve per policy, with the
    # plot across the panel and every legend entry shown (no scrolling legend).
    tabs.filter(has_text="Replay lab").click()
    choices = browser_page.locator(".widget-tab .widget-select-multiple select").filter(
        visible=True
    )
    choices.first.select_option(label=FOUR_POLICIES)
    button = browser_page.locator(".widget-tab button:has-text('Replay')").filter(visible=True)
    button.first.click()
    browser_page.wait_for_function(
        """() => [...document.querySelectorAll('.widget-tab .js-plotly-plot')]
            .filter(d => d.offsetParent && d.data)
            .some(d => d.data.filter(t => / pressure$/.test(t.name || '')).length >= 4)""",
        timeout=RUN_TIMEOUT_MS,
    )
    geometry = assert_readable_plot(browser_page, " pressure$", "replay-lab-4-policies.png")
    assert sum(n.endswith(": pressure") for n in geometry["names"]) == 4
    # The stats table wraps inside the panel instead of being cut off on the right. (It is
    # written after the chart: wait for it, not for a time.)
    browser_page.wait_for_function(
        """() => [...document.querySelectorAll('.widget-tab table')]
            .some(t => t.offsetParent && t.textContent.includes('billed_'))"""
    )
    edges = browser_page.evaluate(
        """() => {
            const table = [...document.querySelectorAll('.widget-tab table')]
                .find(t => t.offsetParent && t.textContent.includes('billed_'));
            const panel = table.closest('.widget-tab');
            return [table.getBoundingClientRect().right, panel.getBoundingClientRect().right];
        }"""
    )
    assert edges[0] <= edges[1], edges
    if SHOTS:
        stats = browser_page.locator(".widget-tab table").filter(has_text="billed_")
        stats.filter(visible=True).first.screenshot(path=str(Path(SHOTS) / "replay-stats.png"))

    # Transcript tab: load logs with and without usage in turn (the counted-vs-billed chart is
    # hidden and shown again), then a path that fails: no console error ("gd.data must be an
    # array" came from here), and the failure names the file and what is still shown.
    tabs.filter(has_text="Transcript").click()
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    for source in (
        fixtures / "claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl",
        fixtures / "openai/chat-session.jsonl",
        next((fixtures / "codex").glob("*.jsonl")),
    ):
        shutil.copy2(source, lab.root / source.name)
        _load_in_explorer(browser_page, source.name)
        browser_page.wait_for_function(
            """(name) => [...document.querySelectorAll('.widget-tab .widget-html')]
                .some(e => e.offsetParent && e.textContent.includes(name))""",
            arg=source.name,
        )
    _load_in_explorer(browser_page, "no-such-file.jsonl")
    browser_page.wait_for_function(
        """() => [...document.querySelectorAll('.widget-tab .err')]
            .some(e => e.offsetParent && e.textContent.includes('still showing'))"""
    )

    assert browser_page.evaluate(_WIDGET_FAILURES) == []
    assert browser_page.evaluate(_BROKEN_PLOT_TEXT) == []
    assert browser_page.evaluate("() => window.__wm_xss") is None
    assert console.unexpected() == [], "\n".join(console.unexpected())


def _load_in_explorer(page: Any, path: str) -> None:
    box = page.locator(".widget-tab input[placeholder^='path to a transcript']").filter(
        visible=True
    )
    box.first.fill(path)
    box.first.press("Enter")  # commits the Text widget's value before the click
    page.locator(".widget-tab button:has-text('Load')").filter(visible=True).first.click()


FOUR_POLICIES = ["default", "masking", "evict-only", "edited"]
SHOTS = os.environ.get("WM_SCREENSHOTS")  # a folder: keep screenshots to look at

# The replay lab's pressure chart against its panel: the plot area's width, the legend's
# place, any legend scrollbar and any legend entry clipped out of the legend's box.
_PLOT_GEOMETRY = """(pattern) => {
    const d = [...document.querySelectorAll('.widget-tab .js-plotly-plot')]
        .filter(d => d.offsetParent && d.data)
        .find(d => d.data.some(t => new RegExp(pattern).test(t.name || '')));
    const panel = d.closest('.widget-tab > .widget-tab-contents, .widget-tab .lm-TabPanel-stackedPanel')
        || d.closest('.widget-tab');
    const plot = d.querySelector('.nsewdrag').getBoundingClientRect();
    const legend = d.querySelector('.legend');
    const box = legend.querySelector('.bg').getBoundingClientRect();
    const bar = legend.querySelector('.scrollbar');
    const hidden = [...legend.querySelectorAll('.traces')].filter(t => {
        const r = t.getBoundingClientRect();
        return r.bottom > box.bottom + 1 || r.top < box.top - 1 || r.right > box.right + 1;
    }).map(t => t.textContent);
    return {plot: plot.width, panel: panel.getBoundingClientRect().width,
            plotBottom: plot.bottom, legendTop: box.top, hidden,
            scrollbar: bar ? bar.getBoundingClientRect().height : 0,
            bg: d._fullLayout.plot_bgcolor,
            titleBottom: d.querySelector('.gtitle') ?
                d.querySelector('.gtitle').getBoundingClientRect().bottom : 0,
            names: [...legend.querySelectorAll('.traces')].map(t => t.textContent),
            data: d.data.map(t => [t.name, t.legendgroup || '', t.showlegend, (t.x || []).length])};
}"""


def assert_readable_plot(page: Any, pattern: str, shot: str) -> dict[str, Any]:
    """The visible chart with a trace matching `pattern`: across >= 80% of its panel, its legend
    below the plot (so under the title too), no legend scrollbar, nothing clipped, no 'trace N'."""
    # A chart is laid out at its panel's width once the panel has one (a busy machine gets
    # there later): wait for that state, then read the geometry; a chart that never gets
    # there fails below with its numbers.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"(pattern) => {{ try {{ const g = ({_PLOT_GEOMETRY})(pattern);"
            " return g.plot >= 0.8 * g.panel; } catch (e) { return false; } }",
            arg=pattern,
        )
    geometry: dict[str, Any] = page.evaluate(_PLOT_GEOMETRY, pattern)
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / shot), full_page=True)
    assert geometry["plot"] >= 0.8 * geometry["panel"], geometry
    assert geometry["scrollbar"] == 0 and geometry["hidden"] == [], geometry
    assert geometry["legendTop"] >= geometry["plotBottom"] > geometry["titleBottom"], geometry
    assert not [n for n in geometry["names"] if re.fullmatch(r"trace \d+", n)], (
        geometry["names"],
        geometry["data"],
    )
    assert geometry["bg"] in ("white", "#fff", "#ffffff", "rgb(255, 255, 255)"), geometry
    return geometry


def _visible_trace_points(page: Any, name: str) -> int:
    return int(
        page.evaluate(
            """(name) => {
                const divs = [...document.querySelectorAll('.widget-tab .js-plotly-plot')]
                    .filter(d => d.offsetParent && d.data);
                const n = divs.flatMap(d => d.data).filter(t => t.name === name)
                    .map(t => (t.x || []).length);
                return n.length ? n[0] : -1;
            }""",
            name,
        )
    )


@pytest.mark.parametrize(
    ("name", "plots"),
    [
        ("02-tune-the-pin-policy.ipynb", 1),
        ("03-compaction-prompt-lab.ipynb", 0),
        ("04-pressure-curves-for-the-team.ipynb", 2),
        ("05-wrap-your-agent-loop.ipynb", 0),
    ],
)
def test_notebook_runs_in_jupyterlab(
    lab: Lab, page: tuple[Any, Console], name: str, plots: int
) -> None:
    browser_page, console = page
    run_notebook(browser_page, lab, name)
    if plots:
        # Wait for the state "n graphs, each with points", not for the first SVG (a graph is
        # drawn empty before its data on a busy machine: that was "a chart with 0 points").
        with contextlib.suppress(PlaywrightTimeout):
            browser_page.wait_for_function(
                """(n) => {
                    const g = [...document.querySelectorAll('.js-plotly-plot')].filter(d => d.data);
                    return g.length >= n && g.every(d => d.data.some(t => {
                        const v = t.x || t.y || [];
                        return (v.length ?? (v.bdata ? v.bdata.length : 0)) > 0;
                    }));
                }""",
                arg=plots,
            )
        graphs = plot_traces(browser_page)
        assert len(graphs) >= plots, graphs
        assert all(any(t["n"] for t in graph) for graph in graphs), graphs
    assert browser_page.evaluate(_WIDGET_FAILURES) == []
    assert browser_page.evaluate(_BROKEN_PLOT_TEXT) == []
    assert browser_page.evaluate("() => window.__wm_xss") is None
    assert console.unexpected() == [], "\n".join(console.unexpected())
