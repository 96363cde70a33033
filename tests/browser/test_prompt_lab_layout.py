"""The prompt lab's layout at 1400x900 in a real JupyterLab, asserted by element bounding boxes.

Notebook 03 runs top to bottom; then, through its own kernel, the test loads a Claude Code log
with a production compaction, chooses that span and adds offline variants up to six columns
(five word limits and an edited prompt, plus the production summary), runs them and a matrix
over spans. In the page it measures: no lost-fact chip outside its card; every column inside
the panel with nothing scrolled sideways (more columns than fit wrap into a new row); the
diff and the matrix within the first 1.5 screens of the panel; the variant list showing what
an edited prompt changed; the summary table's cost and NOTHING columns in view; and a matrix
cell's click showing its per-question results.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Kernel, Lab
from .test_jupyterlab import Console, run_notebook, watched_page

pytestmark = pytest.mark.browser

NOTEBOOK = "03-compaction-prompt-lab.ipynb"
LOG = (
    Path(__file__).resolve().parents[1]
    / "fixtures/claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl"
)
WIDTH, HEIGHT = 1400, 900
# A path with no break opportunity a browser takes ("_" and "/" are none), put into a tool result
# of the compaction span: the lost-fact chip that once ran out of its card into the next one.
LONG = "/srv/ci/" + "/".join(f"segment_{n:02d}_of_a_deeply_nested_build_output" for n in range(4))
LONG += "/report.json"


def with_long_fact(source: Path, target: Path) -> None:
    """The log with LONG appended to its first tool result given as a string."""
    lines = source.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        entry = json.loads(line)
        content = entry.get("message", {}).get("content") if entry.get("type") == "user" else None
        if isinstance(content, list) and content and isinstance(content[0].get("content"), str):
            content[0]["content"] += f"\nreport written to {LONG}"
            lines[n] = json.dumps(entry)
            break
    else:
        raise AssertionError(f"no tool result in {source}")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


EDIT = "Keep every file path and error message verbatim."

SETUP = """
from working_memory.compaction import TEMPLATES
from working_memory.workbench import PromptVariant
lab.state.transcript.load({path!r})
lab.span_choice.value = "compaction:0"
for words in (60, 120, 200, 400):
    lab.state.set_variant(PromptVariant(f"offline-{{words}}", mode="offline", word_limit=words))
lab.state.set_variant(PromptVariant(
    "edited", TEMPLATES["default"].template + "\\n{edit}", "offline"))
lab.run()
lab.state.matrix_spans = ["compaction:0", "bench:claude-ratelimit", "bench:chat-csv"]
lab.run_matrix()
"""

# Boxes of everything the assertions need, relative to the panel's top.
_MEASURE = """() => {
    const box = (e) => { const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
    const lab = document.querySelector('.wm-prompt-lab');
    const top = lab.getBoundingClientRect().top;
    const grid = document.querySelector('.wm-prompt-columns .grid');
    const cards = [...grid.querySelectorAll(':scope > .card')];
    const spills = [];
    for (const card of cards) {
        const c = card.getBoundingClientRect();
        for (const chip of card.querySelectorAll('span.lost')) {
            const r = chip.getBoundingClientRect();
            if (r.right > c.right + 0.5 || r.left < c.left - 0.5)
                spills.push({card: card.querySelector('h4').textContent, chip: chip.textContent,
                             chipRight: r.right, cardRight: c.right});
        }
    }
    const sideways = [...lab.querySelectorAll('*')]
        .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1
                && getComputedStyle(e).overflowX !== 'visible'
                && getComputedStyle(e).overflowX !== 'hidden' && e.tagName !== 'PRE'
                && e.tagName !== 'TEXTAREA' && e.tagName !== 'SELECT')
        .map(e => `${e.tagName}.${e.className}: ${e.scrollWidth} in ${e.clientWidth}`);
    return {top, height: lab.getBoundingClientRect().height, lab: box(lab), grid: box(grid),
            gridScroll: [grid.scrollWidth, grid.clientWidth],
            cards: cards.map(box), names: cards.map(c => c.querySelector('h4').textContent),
            spills, sideways, chips: grid.querySelectorAll('span.lost').length,
            metrics: box(document.querySelector('.wm-prompt-metrics table')),
            metricRows: [...document.querySelectorAll('.wm-prompt-metrics tbody tr')]
                .map(r => r.cells[0].textContent),
            long: [...grid.querySelectorAll('span.lost')].filter(c => c.textContent === LONG).length,
            output: (() => { const o = lab.closest('.jp-OutputArea-output');
                             return [o.scrollWidth, o.clientWidth]; })()};
}"""

# The top of `selector` below the panel's top, once it is shown (null until then).
_TOP = """(selector) => {
    const lab = document.querySelector('.wm-prompt-lab');
    const e = document.querySelector(selector);
    if (!e || !e.offsetParent || !e.getBoundingClientRect().height) return null;
    return e.getBoundingClientRect().top - lab.getBoundingClientRect().top;
}"""


def tab_top(page: Any, tab: str, selector: str) -> float:
    """Show the results tab `tab`, then the top of `selector` relative to the panel's top."""
    # A real click: Lumino's tab bar answers pointer events, not element.click().
    page.locator(".wm-prompt-views .lm-TabBar-tab").filter(
        has_text=re.compile(f"^{re.escape(tab)}$")
    ).click()
    return float(page.wait_for_function(_TOP, arg=selector).json_value())


# The summary table (the notebook's `state.summary_table()` output): the header cells of its
# cost and NOTHING columns against the part of its output box a reader sees.
_SUMMARY_HEADERS = """() => {
    const table = [...document.querySelectorAll('.jp-OutputArea-output table.dataframe')]
        .find(t => [...t.querySelectorAll('th')].some(h => h.textContent.trim() === 'cost_usd'));
    if (!table) return null;
    const out = table.closest('.jp-OutputArea-output');
    const o = out.getBoundingClientRect();
    const visible = o.left + out.clientWidth;
    return Object.fromEntries([...table.querySelectorAll('thead th')]
        .filter(h => ['cost_usd', 'nothing'].includes(h.textContent.trim()))
        .map(h => [h.textContent.trim(), {right: h.getBoundingClientRect().right, visible}]));
}"""


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Console]]:
    with watched_page(browser, tmp_path / "prompt-lab.png", WIDTH, HEIGHT) as p:
        yield p


def test_prompt_lab_layout_at_1400x900(lab: Lab, page: tuple[Any, Console], tmp_path: Path) -> None:
    browser_page, console = page
    run_notebook(browser_page, lab, NOTEBOOK)
    path = lab.root / LOG.name
    with_long_fact(LOG, path)
    kernel = Kernel(lab, browser_page, NOTEBOOK)
    try:
        kernel.run(SETUP.format(path=str(path), edit=EDIT))
        names = kernel.value(
            "__import__('json').dumps(list(dict.fromkeys(lab.results['variant'])))"
        )
        spans = kernel.value("__import__('json').dumps(list(lab.state.matrix.spans))")
    finally:
        kernel.close()
    assert len(names) >= 6 and "production" in names, names
    browser_page.wait_for_function(
        "(n) => document.querySelectorAll('.wm-prompt-columns .grid > .card').length === n",
        arg=len(names),
    )
    browser_page.locator(".wm-prompt-lab").scroll_into_view_if_needed()
    m = browser_page.evaluate(_MEASURE.replace("LONG", json.dumps(LONG)))
    browser_page.locator(".wm-prompt-lab").screenshot(path=str(tmp_path / "side-by-side.png"))

    # Lost-fact chips stay inside their card.
    assert m["chips"] > 0 and m["long"] > 0, (m["chips"], m["long"])  # the long one is lost
    assert m["spills"] == [], json.dumps(m["spills"][:5])
    # Every column inside the panel, nothing scrolled sideways: more columns than fit in one
    # row wrap (deliberately) into the next, each column at its minimum width or wider.
    assert m["names"] == names
    assert m["gridScroll"][0] <= m["gridScroll"][1] + 1, m["gridScroll"]
    assert m["output"][0] <= m["output"][1] + 1, m["output"]
    assert m["sideways"] == [], m["sideways"]
    for card in m["cards"]:
        assert m["grid"]["left"] - 0.5 <= card["left"] and card["right"] <= m["grid"]["right"] + 0.5
        assert card["width"] >= 270, card
    per_row = sum(abs(c["top"] - m["cards"][0]["top"]) < 1 for c in m["cards"])
    if per_row < len(names):  # wrapped: only because one more column would not fit
        assert (per_row + 1) * 270 > m["grid"]["width"], (per_row, m["grid"])

    # The metrics table (a column per variant): within the panel, its cost and NOTHING rows too.
    assert m["metrics"]["right"] <= m["lab"]["right"] + 0.5, (m["metrics"], m["lab"])
    assert {"cost", "NOTHING", "judge"} <= set(m["metricRows"]), m["metricRows"]

    # The diff and the matrix within the first 1.5 screens of the panel.
    reach = 1.5 * HEIGHT
    diff_top = tab_top(browser_page, "diff", ".wm-prompt-diff")
    assert diff_top <= reach, diff_top
    browser_page.wait_for_function(
        "(n) => document.querySelectorAll('.wm-prompt-matrix button').length >= n",
        arg=len(spans) * 2,
    )
    matrix_top = tab_top(browser_page, "matrix over spans", ".wm-prompt-matrix")
    assert matrix_top <= reach, matrix_top
    matrix_bottom = browser_page.evaluate(
        "() => document.querySelector('.wm-prompt-matrix').getBoundingClientRect().bottom"
        " - document.querySelector('.wm-prompt-lab').getBoundingClientRect().top"
    )
    assert matrix_bottom <= 2 * HEIGHT, matrix_bottom
    grid = browser_page.evaluate(
        "() => { const g = document.querySelector('.wm-prompt-matrix');"
        " return [g.scrollWidth, g.clientWidth]; }"
    )
    assert grid[0] <= grid[1] + 1, grid

    # A matrix cell's click shows its per-question results (benchmark spans have questions).
    cell = browser_page.locator(".wm-prompt-matrix button").nth(len(names))  # row 2, column 1
    cell.click()
    browser_page.wait_for_function(
        "() => (document.querySelector('.wm-prompt-matrix-detail') || {}).textContent"
        "?.includes('per question')"
    )
    detail = browser_page.locator(".wm-prompt-matrix-detail").inner_text()
    browser_page.locator(".wm-prompt-lab").screenshot(path=str(tmp_path / "matrix.png"))
    assert "claude-ratelimit" in detail and "[" in detail, detail[:500]

    # The variant list shows what the edited prompt changed, so it reads unlike the default.
    rows = browser_page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.wm-prompt-variants tbody tr')]"
        ".map(r => [r.cells[0].textContent.trim(), r.cells[3].innerText]))"
    )
    assert EDIT in rows["edited"], rows["edited"]
    assert EDIT not in rows["offline"] and rows["edited"] != rows["offline"], rows

    # The summary table's cost and NOTHING columns are in view, not off to the right.
    headers = browser_page.evaluate(_SUMMARY_HEADERS)
    assert headers and set(headers) == {"cost_usd", "nothing"}, headers
    for name, h in headers.items():
        assert h["right"] <= h["visible"] + 0.5, (name, h)
        assert h["right"] <= WIDTH, (name, h)
    print(
        f"prompt lab: {m['height']:.0f} px tall, diff at {diff_top:.0f} px, matrix at "
        f"{matrix_top:.0f} px, {len(names)} columns, {per_row} per row, {m['chips']} chips"
    )
    assert console.unexpected() == [], "\n".join(console.unexpected())
