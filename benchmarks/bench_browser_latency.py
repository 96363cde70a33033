"""Latency per workbench control in a real JupyterLab in Chromium, from the click to the redraw.

    python benchmarks/bench_browser_latency.py            # 500 and 5,000 messages
    python benchmarks/bench_browser_latency.py 5000 20000

For each size: a notebook opens `Workbench` on a synthetic session of that many messages; then
each control is used `REPEATS` times from the page, and the time is measured inside the page
from the input event to the moment the chart element reports the new figure drawn (its
`data-revision` moves past the one before, after Plotly.react resolved) or the table shows the
new page. The kernel is asked, beside, how large each chart's synced figure is and how long
the Python side took. Needs what tests/browser needs (Debian's chromium, playwright).
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Kernel,
    Lab,
    _environment,
    _free_port,
    _wait_until_up,
    _write_settings,
)
from tests.browser.test_jupyterlab import run_notebook

from working_memory.cli._processes import stop_tree

REPEATS = 7

NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "c1",
            "metadata": {},
            "outputs": [],
            "source": (
                "import json, os\n"
                "from pathlib import Path\n"
                "from working_memory.transcripts import synthetic_session\n"
                "from working_memory.workbench import Workbench\n"
                "path = Path('session.jsonl')\n"
                "path.write_text(''.join(json.dumps(m) + '\\n' for m in "
                "synthetic_session(int(os.environ['WM_BENCH_N']), seed=1)))\n"
                "wb = Workbench.from_path(path)\n"
                "wb"
            ),
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}

# Run `act` (a JS statement using `el`), then wait, frame by frame, for `done()`; the time
# from just before the act to the frame where done() holds.
_TIMED = """async ([act, done]) => {
    const check = eval(done);
    const t0 = performance.now();
    eval(act);
    while (!check()) await new Promise(r => requestAnimationFrame(r));
    return performance.now() - t0;
}"""

_REVISION = "(k) => document.querySelector(`.wm-plot[data-key='${k}']`).dataset.revision"


def _measure(page: Any, kernel: Kernel, n: int) -> list[dict[str, Any]]:
    keys = kernel.value(
        "__import__('json').dumps({'explorer': wb.explorer.chart.widget.key, "
        "'pins': wb.pins.chart.widget.key})"
    )
    rows = []

    def timed(label: str, tab: str, act: str, key: str | None) -> None:
        page.locator(".widget-tab .lm-TabBar-tab").filter(has_text=tab).click()
        times = []
        for _ in range(REPEATS):
            if key is not None:
                start = page.evaluate(_REVISION, key)
                done = (
                    f"() => document.querySelector(\".wm-plot[data-key='{key}']\")"
                    f".dataset.revision !== '{start}'"
                )
            else:
                label_text = page.evaluate(
                    "() => [...document.querySelectorAll('.widget-tab .widget-label')]"
                    ".find(e => e.offsetParent && /rows/.test(e.textContent)).textContent"
                )
                done = (
                    "() => [...document.querySelectorAll('.widget-tab .widget-label')]"
                    f".some(e => e.offsetParent && /rows/.test(e.textContent) && e.textContent !== {json.dumps(label_text)})"
                )
            times.append(page.evaluate(_TIMED, [act, done]))
        rows.append({"messages": n, "control": label, "median_ms": statistics.median(times),
                     "max_ms": max(times)})  # fmt: skip

    next_message = (
        "[...document.querySelectorAll('.widget-tab button')].filter(b => b.offsetParent)"
        ".find(b => b.querySelector('.fa-arrow-right')).click()"
    )
    timed("explorer: next message", "Transcript", next_message, keys["explorer"])
    next_page = (
        "[...document.querySelectorAll('.widget-tab button')].filter(b => b.offsetParent)"
        ".find(b => b.querySelector('.fa-chevron-right')).click()"
    )
    timed("explorer: next table page", "Transcript", next_page, None)
    # The pin editor's "keep recent" slider: one step up through its readout's keyboard.
    bump = (
        "(() => { const s = [...document.querySelectorAll('.widget-slider')]"
        ".find(e => e.offsetParent && /keep recent/.test(e.textContent));"
        " const r = s.querySelector('.widget-readout'); r.textContent = String(+r.textContent + 1);"
        " r.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})); })()"
    )
    timed("pin editor: keep recent +1", "Pin policy", bump, keys["pins"])
    sizes = kernel.value(
        "__import__('json').dumps({name: len(__import__('json').dumps(v.widget.figure)) "
        "for name, v in [('explorer', wb.explorer.chart.view), ('pins', wb.pins.chart.view)]})"
    )
    python_ms = kernel.value("__import__('json').dumps(wb.pins.last_update_s * 1000)")
    for row in rows:
        chart = "pins" if row["control"].startswith("pin") else "explorer"
        row["figure_kB"] = sizes[chart] / 1024
        row["python_ms"] = python_ms if chart == "pins" else None
    return rows


def main(sizes: list[int]) -> None:
    from playwright.sync_api import sync_playwright

    results = []
    for n in sizes:
        base = Path(tempfile.mkdtemp(prefix="wm-bench-lab-"))
        root = base / "root"
        root.mkdir()
        (root / "bench.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
        env = _environment(base / "home", root / "unused.json")
        env["WM_BENCH_N"] = str(n)
        _write_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
        port = _free_port()
        log = base / "jupyterlab.log"
        command = [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
            "--ServerApp.password=", f"--ServerApp.root_dir={root}", "--LabApp.news_url=",
            "--ServerApp.terminals_enabled=False", "--allow-root",
        ]  # fmt: skip
        with log.open("wb") as out:
            process = subprocess.Popen(
                command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        lab = Lab(url=f"http://127.0.0.1:{port}", root=root, log=log, process=process)
        try:
            _wait_until_up(lab, 120)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.set_default_timeout(240_000)
                run_notebook(page, lab, "bench.ipynb")
                page.wait_for_selector(".wm-plot[data-revision]")
                kernel = Kernel(lab, page, "bench.ipynb")
                try:
                    results.extend(_measure(page, kernel, n))
                finally:
                    kernel.close()
                browser.close()
        finally:
            stop_tree(process)
            shutil.rmtree(base, ignore_errors=True)
    print("| messages | control | median ms | max ms | chart figure kB | Python ms |")
    print("|---:|---|---:|---:|---:|---:|")
    for r in results:
        python = f"{r['python_ms']:.0f}" if r["python_ms"] is not None else "-"
        print(
            f"| {r['messages']:,} | {r['control']} | {r['median_ms']:.0f} | {r['max_ms']:.0f} "
            f"| {r['figure_kB']:.0f} | {python} |"
        )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [500, 5_000])
