"""Every chart in the page is its Python state, after each load and after a page reload.

For each of notebooks 01-04: run it in JupyterLab, then (through the notebook's own kernel,
from the test) load real-format logs from tests/fixtures one after the other and, after each,
wait until every chart's data in the page (plotly's `gd.data`) equals the figure the kernel
holds for it, and the kernel's figure equals what its panel's state says. Then save, reload the
page, and wait for the same again. Notebook 03 (the prompt lab) has no chart: there the
displays bound to its state (the span choices, one card per variant run, the span it ran on)
are compared with the state the same way. Every wait is on that state, never on a time; the ceiling
only turns a chart that never gets there into a failure that shows the difference.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Kernel, Lab
from .test_jupyterlab import _KERNEL_IDLE, Console, run_notebook, watched_page

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOGS = {
    "claude-code": FIXTURES / "claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl",
    "openai": FIXTURES / "openai/chat-session.jsonl",
    "codex": next((FIXTURES / "codex").glob("*.jsonl")),
    "anthropic": FIXTURES / "anthropic/messages-session.json",
}

# What the kernel holds: each live chart's traces (name, x, y), by the key its element carries.
_HELD = (
    "__import__('json').dumps({v.widget.key: [[t.get('name'), list(t.get('x') or []), "
    "list(t.get('y') or [])] for t in v.spec()['data']] "
    "for v in __import__('working_memory.workbench._plot_view', fromlist=['x']).live_views()})"
)

# What the page draws, compared with `expected` value by value (1.0 and 1 are one number).
_DRAWN = """() => Object.fromEntries([...document.querySelectorAll('.wm-plot')]
    .filter(d => d.dataset.key && d.data)
    .map(d => [d.dataset.key, d.data.map(t => [t.name ?? null,
        Array.from(t.x ?? []), Array.from(t.y ?? [])])]))"""

_MATCHES = """(expected) => {
    const drawn = (DRAWN)();
    const same = (a, b) => Array.isArray(a) ? Array.isArray(b) && a.length === b.length
        && a.every((v, i) => same(v, b[i])) : a === b;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(drawn).length
        && keys.every(k => k in drawn && same(drawn[k], expected[k]));
}""".replace("DRAWN", _DRAWN)

# The prompt lab (03): what its state says its displays show, and what the page shows. The test
# tags the two widgets (a class on each, model state like any other, so it survives a reload).
_LAB_TAGS = (
    "lab.span_choice.add_class('wm-test-span'); lab.columns.add_class('wm-test-columns'); "
    "lab.metrics.add_class('wm-test-metrics')"
)
_LAB_HELD = (
    "__import__('json').dumps({'options': [str(label) for label, _ in lab.span_choice.options], "
    "'cards': list(dict.fromkeys(lab.state.results['variant'])), "
    "'label': lab.state.run_span[0]})"
)
# (ipywidgets writes a dropdown's labels with no-break spaces: compared as spaces.)
_LAB_SHOWN = """() => {
    const plain = (s) => (s || '').replace(/\u00a0/g, ' ');
    const options = [...document.querySelectorAll('.wm-test-span select option')]
        .map(o => plain(o.textContent));
    const columns = document.querySelector('.wm-test-columns');
    // The span's label heads the metrics table above the cards.
    const metrics = document.querySelector('.wm-test-metrics');
    return {options, cards: columns ? [...columns.querySelectorAll('.card > h4')]
        .map(h => plain(h.textContent)) : [], text: plain(metrics ? metrics.textContent : '')};
}"""
_LAB_MATCHES = """(expected) => { const shown = (SHOWN)();
    return JSON.stringify(shown.options) === JSON.stringify(expected.options)
        && JSON.stringify(shown.cards) === JSON.stringify(expected.cards)
        && shown.text.includes(expected.label); }""".replace("SHOWN", _LAB_SHOWN)


def wait_until_shown_as_held(page: Any, kernel: Kernel, when: str) -> dict[str, Any]:
    """The prompt lab's state-bound displays: wait until the page shows what the state says."""
    held = kernel.value(_LAB_HELD)
    assert held["cards"] and held["options"], f"{when}: the lab holds nothing to show: {held}"
    try:
        page.wait_for_function(_LAB_MATCHES, arg=held)
    except Exception as exc:
        shown = page.evaluate(_LAB_SHOWN)
        shown["text"] = shown["text"][:300]
        raise AssertionError(f"{when}: the page shows {shown}, the state holds {held}") from exc
    return dict(held)


# Per notebook: how to load a log into its panel, what must hold between the panel's state and
# its chart's figure in the kernel, and the logs to load in turn.
CASES = {
    "01-explore-a-transcript.ipynb": (
        # A panel hidden in a tab redraws when shown: show the pin editor after the load.
        "wb.show(0); wb.explorer.load({path!r}); wb.replay_lab.run(); wb.show(1)",
        "assert list(wb.explorer.chart.trace('tokens').y) == list(wb.explorer.pins.tokens)\n"
        "assert list(wb.pins.chart.trace('tokens').y) == list(wb.pins.state.tokens)\n"
        "assert {{(t.name or '').split(':')[0] for t in wb.replay_lab.pressure.data}} "
        ">= set(wb.replay_lab.state.replays)\n"
        "assert (wb.explorer.usage_view.widget.layout.display == 'none') == "
        "(not wb.explorer.state.current.calls)",
        ["claude-code", "openai", "codex"],
    ),
    "02-tune-the-pin-policy.ipynb": (
        "editor.state.transcript.load({path!r}); editor.state.update(keep_recent=5)",
        "assert list(editor.chart.trace('tokens').y) == list(editor.state.tokens)\n"
        "assert list(editor.chart.trace('pinned').x) == "
        "[i for i, r in enumerate(editor.state.preview.reasons) if r is not None]",
        ["codex", "anthropic"],
    ),
    "03-compaction-prompt-lab.ipynb": (
        # The lab follows the log (its span choices at once); its cards follow a run.
        "lab.state.transcript.load({path!r}); lab.run()",
        "assert set(lab.state.results['variant']) <= {{v.name for v in lab.state.variants}}\n"
        "assert lab.state.run_span is not None and lab.state.run_span[2] <= "
        "len(lab.state.transcript.messages)",
        ["claude-code", "codex"],
    ),
    "04-pressure-curves-for-the-team.ipynb": (
        "curves.load({path!r})",
        "assert {{(t.name or '').split(':')[0] for t in curves.pressure.data}} >= set(curves.replays)\n"
        "assert all(r.transcript.messages == curves.transcript.messages "
        "for r in curves.replays.values())",
        ["claude-code", "codex"],
    ),
}


# Per notebook, after the loads: changes of markers and lines alone (the selected message, the
# cursor over the whole log), which the page draws without redrawing the bars (Plotly.animate):
# what it draws must still be the state.
MOVES = {
    "01-explore-a-transcript.ipynb": "wb.explorer.select(1); wb.explorer.select(2)",
    "02-tune-the-pin-policy.ipynb": (
        "n = len(editor.state.transcript.messages); editor.state.upto = n; "
        "editor.state.upto = n - 1; editor.state.update(keep_recent=3)"
    ),
}


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Console]]:
    with watched_page(browser, tmp_path / "jupyterlab.png", 1400, 900) as p:
        yield p


def wait_until_drawn_as_held(page: Any, kernel: Kernel, when: str) -> dict[str, Any]:
    """Wait until the page draws what the kernel holds; fail with the difference if it never does."""
    held = kernel.value(_HELD)
    assert held, f"{when}: the kernel holds no chart"
    try:
        page.wait_for_function(_MATCHES, arg=held)
    except Exception as exc:
        drawn = page.evaluate(_DRAWN)
        summary = {
            k: {
                "held": [(t[0], len(t[1])) for t in v],
                "drawn": [(t[0], len(t[1])) for t in drawn.get(k, [])],
            }
            for k, v in held.items()
        }
        extra = sorted(set(drawn) - set(held))
        raise AssertionError(
            f"{when}: the page does not draw what the kernel holds: "
            f"{json.dumps(summary)[:3000]}; drawn but not held: {extra}"
        ) from exc
    return dict(held)


# The visible chart of the shown tab, its box with the tab panel's top at the window's top,
# and what its legend and threshold lines say.
_CHART_BOX = """(key) => {
    const gd = document.querySelector(`.wm-plot[data-key='${key}']`);
    const panel = gd.closest('.widget-tab');
    panel.scrollIntoView({block: 'start'});
    const box = gd.getBoundingClientRect();
    const full = gd._fullData || [];
    const dash = (prefix) => (full.find(t => (t.name || '').startsWith(prefix)) || {line: {}}).line.dash;
    return {top: box.top, bottom: box.bottom, panelTop: panel.getBoundingClientRect().top,
            height: window.innerHeight,
            legend: [...gd.querySelectorAll('.legend .traces')].map(t => t.textContent),
            compact: dash('compact at'), evict: dash('evict at')};
}"""


def assert_layout_at_a_glance(page: Any, kernel: Kernel) -> None:
    """Explorer and pin editor at 1400x900: the chart wholly above the fold with the panel's
    top at the top of the window, a legend entry per role colour, compact and evict lines of
    different dashes."""
    keys = kernel.value(
        "__import__('json').dumps([wb.explorer.chart.widget.key, wb.pins.chart.widget.key])"
    )
    for tab, key in enumerate(keys):
        kernel.run(f"wb.show({tab})")
        page.wait_for_function(
            "(k) => { const d = document.querySelector(`.wm-plot[data-key='${k}']`);"
            " return d && d.offsetParent && d._fullLayout; }",
            arg=key,
        )
        # The legend and the threshold lines are drawn after the layout: wait on them (on a
        # loaded machine they come later), then measure.
        with contextlib.suppress(Exception):  # the assertions below say what is missing
            page.wait_for_function(
                f"(k) => {{ const b = ({_CHART_BOX})(k); return b.legend.length >= 4"
                " && b.compact !== undefined && b.evict !== undefined; }",
                arg=key,
                timeout=120_000,
            )
        box = page.evaluate(_CHART_BOX, key)
        assert box["bottom"] - box["panelTop"] <= box["height"], box  # above the fold
        assert {"system", "user", "assistant", "tool"} <= set(box["legend"]), box
        assert box["compact"] != box["evict"], box
    kernel.run("wb.show(0)")


def reload(page: Any, lab: Lab, name: str) -> None:
    """Save the notebook (its outputs refer to the widgets), then open it again in a new page
    load: the same kernel, its widgets restored from it."""
    page.locator("[data-command='docmanager:save']").first.click()
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')")
    page.goto(f"{lab.url}/lab/tree/{name}")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell")
    page.wait_for_function(_KERNEL_IDLE)


@pytest.mark.parametrize("name", list(CASES))
def test_every_chart_is_its_state_after_each_load_and_a_reload(
    lab: Lab, page: tuple[Any, Console], name: str
) -> None:
    browser_page, console = page
    load, holds, logs = CASES[name]
    run_notebook(browser_page, lab, name)
    kernel = Kernel(lab, browser_page, name)
    prompt_lab = name.startswith("03")
    wait = wait_until_shown_as_held if prompt_lab else wait_until_drawn_as_held
    try:
        if prompt_lab:
            kernel.run(_LAB_TAGS)
        wait(browser_page, kernel, "after run-all")
        if name.startswith("01"):
            assert_layout_at_a_glance(browser_page, kernel)
        seen: list[dict[str, Any]] = []
        for log in logs:
            path = lab.root / LOGS[log].name
            shutil.copy2(LOGS[log], path)
            kernel.run(load.format(path=str(path)))
            kernel.run(holds.format())
            seen.append(wait(browser_page, kernel, f"after loading {log}"))
        assert seen[0] != seen[1], "two different logs drew the same charts"
        if name in MOVES:
            kernel.run(MOVES[name])
            seen.append(wait(browser_page, kernel, "after markers moved"))
        reload(browser_page, lab, name)
        after = wait(browser_page, kernel, "after a page reload")
        assert after == seen[-1]
    finally:
        kernel.close()
        browser_page.evaluate(
            """async () => {
                const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1];
                const headers = xsrf ? {'X-XSRFToken': decodeURIComponent(xsrf)} : {};
                const kernels = await (await fetch('/api/kernels')).json();
                for (const k of kernels) await fetch('/api/kernels/' + k.id, {method: 'DELETE', headers});
            }"""
        )
    failures = [e for e in console.unexpected() if "anywidget" in e or "pageerror" in e]
    assert failures == [], "\n".join(failures)
    assert console.unexpected() == [], "\n".join(console.unexpected())
