"""The HTML report in a real Chromium at a 1400 px window: nothing overflows to the right, the
settings that differ (and only those) are bold, and the pressure chart keeps its legend below
the plot at the page's width."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from working_memory.replays import Policy, differing_settings, replay, write_report
from working_memory.transcripts import load_transcript

from .conftest import CHROMIUM_ARGS, require_browser

FIXTURE = (
    Path(__file__).resolve().parents[1]
    / "fixtures/claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl"
)
pytestmark = pytest.mark.browser
SHOTS = os.environ.get("WM_SCREENSHOTS")  # a folder: keep screenshots to look at


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    transcript = load_transcript(FIXTURE)
    policies = {
        "compact": Policy(window=16_000, strategy="compact"),
        "mask": Policy(window=16_000, strategy="mask", keep_tool_results=7),
        "evict": Policy(window=16_000, strategy="evict"),
        "hybrid, keep 12": Policy(window=16_000, strategy="hybrid", keep_recent=12),
    }
    replays = [replay(transcript, p, name=name) for name, p in policies.items()]
    path = tmp_path_factory.mktemp("report") / "report.html"
    write_report(replays, path, title="Four policies on one session")
    return path, differing_settings(replays)


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    chromium = require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport={"width": 1400, "height": 1000})
        finally:
            browser.close()


def test_report_fits_1400px_and_bolds_exactly_the_differing_settings(
    report: tuple[Path, list[str]], page: Any
) -> None:
    path, differ = report
    assert set(differ) == {"strategy", "keep_tool_results", "keep_recent"}
    page.goto(path.as_uri())
    page.wait_for_selector("#figure-0 .main-svg")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "report-1400.png"), full_page=False)
    overflow = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert overflow[0] <= overflow[1], overflow
    tables = page.evaluate(
        """() => [...document.querySelectorAll('table')].map(t => {
            const r = t.getBoundingClientRect(); return [t.className, r.right]; })"""
    )
    assert tables and all(right <= 1400 for _, right in tables), tables
    bold = page.evaluate(
        """() => [...document.querySelectorAll('table.policy tbody tr')]
            .filter(tr => [...tr.querySelectorAll('td')].every(
                td => parseInt(getComputedStyle(td.querySelector('strong') || td).fontWeight) >= 600))
            .map(tr => tr.dataset.setting)"""
    )
    assert sorted(bold) == sorted(differ)
    # The rest of the settings table is not bold (a bold header cell made everything look bold).
    plain = page.evaluate(
        """() => [...document.querySelectorAll('table.policy tbody tr:not(.differs) > *')]
            .filter(c => parseInt(getComputedStyle(c).fontWeight) >= 600).length"""
    )
    assert plain == 0
    # The pressure chart: legend below the plot area, the plot area most of the figure's width.
    geometry = page.evaluate(
        """() => { const d = document.getElementById('figure-0');
            const s = d._fullLayout._size; const legend = d.querySelector('.legend').getBBox();
            const box = d.querySelector('.legend').getBoundingClientRect();
            const plot = d.querySelector('.nsewdrag').getBoundingClientRect();
            return {plot: s.w, width: d._fullLayout.width, legendTop: box.top, plotBottom: plot.bottom,
                    legendH: legend.height, scroll: d.querySelectorAll('.legend .scrollbar').length ?
                    d.querySelector('.legend .scrollbar').getBBox().height : 0}; }"""
    )
    assert geometry["plot"] >= 0.8 * geometry["width"], geometry
    assert geometry["legendTop"] >= geometry["plotBottom"], geometry
    assert geometry["scroll"] == 0, geometry
