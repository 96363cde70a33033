"""Latency per control in a real browser: notebooks 01 and 02 in JupyterLab on a 5,000-message log.

    python benchmarks/bench_browser_latency.py                    # this checkout's src
    python benchmarks/bench_browser_latency.py --baseline main    # and `main`'s src, same run
    python benchmarks/bench_browser_latency.py --repeat 7 --messages 5000

For each control (the explorer's message box, next button, counter and table filter
dropdowns; the pin editor's sliders, thresholds, strategy dropdown, pin checkbox and table
filter) Chromium (Playwright) acts on the control as a user does, and the page measures, with
`performance.now()`:

- *chart*: from the input event (the first keydown / mousedown / change after the benchmark
  arms the page) to the moment the chart's element carries the revision the kernel ended on
  (FigureView sets `data-revision` after its draw resolves), plus one animation frame;
- *settled*: to the last DOM change in the notebook caused by the update (table, summary,
  chart), once the kernel is idle and the page has been quiet for `QUIET_S`;
- *react*: the time spent drawing (inside `Plotly.react` or `Plotly.animate`) during the update.

Beside them, from the kernel (ipywidgets patched for the run): *python*, the time spent
handling the control's message (`Widget.set_state` / the custom message of a button), and
*sent*, the bytes of widget messages the kernel sent for the update (JSON + buffers), with the
share that chart views (`PlotView`) sent. Median and p90 over `--repeat` repetitions.

`--baseline REV` runs the same steps first with `git archive REV src` on the kernel's path (a
second JupyterLab), so before and after are measured in one run on the same machine state.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    START_TIMEOUT_S,
    Kernel,
    Lab,
    _environment,
    _free_port,
    _wait_until_up,
    _write_settings,
)
from tests.browser.test_jupyterlab import run_notebook

from working_memory.cli._processes import stop_tree

QUIET_S = 0.4  # no DOM change for this long (with the kernel idle): the update is over
GOAL_MS = 200.0

# In the kernel: time the handling of each control message and count the bytes sent back.
_INSTRUMENT = r"""
import json as _j, time as _t
from ipywidgets import Widget as _W
if not hasattr(_W, "_wm_bench"):
    _W._wm_bench = {"python": 0.0, "calls": 0, "sent": {}}
    def _timed(name):
        original = getattr(_W, name)
        def wrapper(self, *args, **kwargs):
            started = _t.perf_counter()
            try:
                return original(self, *args, **kwargs)
            finally:
                _W._wm_bench["python"] += _t.perf_counter() - started
                _W._wm_bench["calls"] += 1
        setattr(_W, name, wrapper)
    _timed("set_state")
    _timed("_handle_custom_msg")
    _send = _W._send
    def _counted(self, msg, buffers=None):
        size = len(_j.dumps(msg, default=str)) + sum(len(b) for b in buffers or [])
        sent = _W._wm_bench["sent"]
        sent[type(self).__name__] = sent.get(type(self).__name__, 0) + size
        return _send(self, msg, buffers)
    _W._send = _counted
"""
_RESET = "_W._wm_bench.update(python=0.0, calls=0, sent={})"
_CALLS = "__import__('json').dumps(__import__('ipywidgets').Widget._wm_bench['calls'])"
_READ = "__import__('json').dumps(__import__('ipywidgets').Widget._wm_bench)"

# In the page: arm, then record the first input event, every DOM change in the notebook and
# each chart's revision as it is drawn, and the time spent drawing.
_PAGE_SETUP = """async () => {
    if (window.__wm) return;
    const wm = window.__wm = {armed: false, t0: null, last: 0, revs: {}, react: 0};
    for (const type of ['keydown', 'mousedown', 'change', 'input']) {
        window.addEventListener(type, () => {
            if (wm.armed && wm.t0 === null) wm.t0 = performance.now();
        }, true);
    }
    const root = document.querySelector('.jp-Notebook') || document.body;
    // Only the revision attribute, and nodes added or removed: recording every attribute
    // plotly sets (thousands per draw) would slow down what is measured.
    new MutationObserver((records) => {
        const now = performance.now();
        wm.last = now;
        for (const r of records) {
            wm.revs[r.target.dataset.key] = {rev: Number(r.target.dataset.revision), t: now};
        }
    }).observe(root, {subtree: true, attributes: true, attributeFilter: ['data-revision']});
    new MutationObserver(() => { wm.last = performance.now(); })
        .observe(root, {subtree: true, childList: true, characterData: true});
    const Plotly = await globalThis.__wmPlotly;
    // Both ways FigureView draws (animate: a change of markers and lines alone).
    for (const name of ['react', 'animate']) {
        const draw = Plotly[name];
        Plotly[name] = async (...args) => {
            const started = performance.now();
            try { return await draw.apply(Plotly, args); }
            finally { wm.react += performance.now() - started; }
        };
    }
}"""
_ARM = "() => { Object.assign(window.__wm, {armed: true, t0: null, react: 0, revs: {}}); }"
_REVISION = """(key) => {
    const gd = document.querySelector(`.wm-plot[data-key='${key}']`);
    return gd ? Number(gd.dataset.revision) : -1;
}"""
_RESULT = """(key) => new Promise((resolve) => requestAnimationFrame(() => {
    const wm = window.__wm;
    wm.armed = false;
    const drawn = wm.revs[key];
    resolve({t0: wm.t0, chart: drawn ? drawn.t : null, last: wm.last, react: wm.react,
             now: performance.now()});
}))"""


@dataclass
class Sample:
    chart_ms: float | None
    settled_ms: float
    react_ms: float
    python_ms: float
    sent: dict[str, int]


@dataclass
class Control:
    """One control: `act(page, n)` changes it (n counts repetitions); `chart` names the chart's
    key expression in the kernel; `prepare` runs once before its repetitions."""

    label: str
    act: Callable[[Any, int], None]
    chart: str | None
    prepare: Callable[[Any], None] | None = None


def write_log(path: Path, messages: int) -> Path:
    """A synthetic coding session of exactly `messages` messages, as OpenAI chat JSONL."""
    from working_memory.transcripts import synthetic_session

    turns = int(messages / 1.95)
    out = synthetic_session(turns, seed=7)
    while len(out) < messages:
        turns += max(10, (messages - len(out)) // 2)
        out = synthetic_session(turns, seed=7)
    out = out[:messages]
    if out[-1].get("tool_calls"):  # its results were cut off: the loader would add them
        out[-1] = {"role": "assistant", "content": out[-1].get("content") or "Done."}
    path.write_text("".join(json.dumps(m) + "\n" for m in out), encoding="utf-8")
    return path


@contextmanager
def jupyterlab(base: Path, transcript: Path, src: Path) -> Iterator[Lab]:
    """A JupyterLab as tests/browser/conftest.py starts it, its kernels importing `src`."""
    root = base / "root"
    root.mkdir(parents=True)
    for name in ("01-explore-a-transcript.ipynb", "02-tune-the-pin-policy.ipynb"):
        shutil.copy2(ROOT / "notebooks" / name, root / name)
    env = _environment(base / "home", transcript)
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [os.environ.get("PYTHONPATH")])])
    _write_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
    port = _free_port()
    log = base / "jupyterlab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}", "--LabApp.news_url=", "--ServerApp.terminals_enabled=False",
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    lab = Lab(url=f"http://127.0.0.1:{port}", root=root, log=log, process=process)
    try:
        _wait_until_up(lab, START_TIMEOUT_S)
        yield lab
    finally:
        stop_tree(process)


def measure(page: Any, kernel: Kernel, control: Control, repeat: int) -> list[Sample]:
    key = kernel.value(f"__import__('json').dumps({control.chart})") if control.chart else None
    if control.prepare is not None:
        kernel.run(_RESET)
        control.prepare(page)
        settle(page, kernel)
    samples = []
    for n in range(repeat):
        kernel.run(_RESET)
        page.evaluate(_ARM)
        control.act(page, n)
        settle(page, kernel)
        if key is not None:  # wait until the chart draws the revision the kernel ended on
            held = kernel.value(
                f"__import__('json').dumps({control.chart.replace('.key', '.revision')})"
            )
            page.wait_for_function(f"(k) => ({_REVISION})(k) >= {held}", arg=key)
        result = page.evaluate(_RESULT, key or "")
        bench = kernel.value(_READ)
        t0 = result["t0"]
        if t0 is None:
            raise RuntimeError(f"{control.label}: no input event reached the page")
        chart = result["chart"]
        samples.append(
            Sample(
                chart_ms=chart - t0 if chart is not None and chart >= t0 else None,
                settled_ms=result["last"] - t0,
                react_ms=result["react"],
                python_ms=bench["python"] * 1000,
                sent=bench["sent"],
            )
        )
    return samples


def settle(page: Any, kernel: Kernel) -> None:
    """Until the kernel has handled the control's message and is idle, and the page has had no
    DOM change for QUIET_S."""
    deadline = time.monotonic() + 30
    while kernel.value(_CALLS) == 0 and time.monotonic() < deadline:
        time.sleep(0.05)  # the message is still on its way (a request sent after it waits)
    page.wait_for_function(
        f"() => performance.now() - window.__wm.last > {QUIET_S * 1000}", polling=50
    )
    kernel.run("pass")


# -- the controls, as a user reaches them -----------------------------------------------------
def _visible(page: Any, selector: str) -> Any:
    return page.locator(selector).filter(visible=True).first


def slider(
    label: str, keys: tuple[str, str] = ("ArrowRight", "ArrowLeft")
) -> Callable[[Any, int], None]:
    def act(page: Any, n: int) -> None:
        handle = _visible(page, f".widget-slider:has(label:text-is('{label}')) .noUi-handle")
        handle.focus()
        handle.press(keys[n % 2])

    return act


def dropdown(label: str, values: list[str]) -> Callable[[Any, int], None]:
    def act(page: Any, n: int) -> None:
        select = _visible(page, f".widget-dropdown:has(label:text-is('{label}')) select")
        select.select_option(label=values[n % len(values)])

    return act


def checkbox(label: str) -> Callable[[Any, int], None]:
    def act(page: Any, n: int) -> None:
        _visible(page, f".widget-checkbox:has(span:text-is('{label}')) input").click()

    return act


def number(label: str, values: list[int]) -> Callable[[Any, int], None]:
    def act(page: Any, n: int) -> None:
        box = _visible(page, f".widget-inline-hbox:has(label:text-is('{label}')) input")
        box.fill(str(values[n % len(values)]))
        # The box sends its value on Enter (no continuous update): the update starts there,
        # not at the fill's input event (Playwright's round trip between the two was counted).
        page.evaluate("() => { window.__wm.t0 = null; }")
        box.press("Enter")

    return act


def button(icon: str) -> Callable[[Any, int], None]:
    def act(page: Any, n: int) -> None:
        _visible(page, f".widget-tab button:has(i.fa-{icon})").click()

    return act


def explorer_controls(messages: int) -> list[Control]:
    chart = "wb.explorer.chart.widget.key"
    picks = [messages // 2 + 7 * k for k in range(10)]
    return [
        Control("message box (select a message)", number("message", picks), chart),
        Control("next message button", button("arrow-right"), chart),
        Control("table filter dropdown", dropdown("show", ["tool", "all"]), None),
        Control("counter dropdown (recount)", dropdown("counter", ["cl100k", "approx"]), chart),
    ]


def pin_editor_controls(messages: int) -> list[Control]:
    chart = "editor.chart.widget.key"
    return [
        Control("keep recent slider", slider("keep recent"), chart),
        Control("compact at slider (threshold)", slider("compact at"), chart),
        Control("evict at slider (threshold)", slider("evict at"), chart),
        Control("strategy dropdown", dropdown("strategy", ["hybrid", "compact"]), chart),
        Control("pin user corrections checkbox", checkbox("pin user corrections"), chart),
        Control("table filter dropdown", dropdown("show", ["all", "window"]), None),
        Control("window at slider, whole log", slider("window at"), chart, _window_at_end),
        Control("keep recent slider, whole log", slider("keep recent"), chart),
    ]


def _window_at_end(page: Any) -> None:
    handle = _visible(page, ".widget-slider:has(label:text-is('window at')) .noUi-handle")
    handle.focus()
    handle.press("End")


NOTEBOOKS = {
    "01-explore-a-transcript.ipynb": ("explorer (notebook 01)", explorer_controls),
    "02-tune-the-pin-policy.ipynb": ("pin editor (notebook 02)", pin_editor_controls),
}


def run(
    src: Path, transcript: Path, messages: int, repeat: int, base: Path
) -> list[tuple[str, str, list[Sample]]]:
    from playwright.sync_api import sync_playwright

    rows: list[tuple[str, str, list[Sample]]] = []
    with jupyterlab(base, transcript, src) as lab, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for name, (panel, controls) in NOTEBOOKS.items():
                context = browser.new_context(viewport={"width": 1400, "height": 900})
                page = context.new_page()
                page.set_default_timeout(240_000)
                run_notebook(page, lab, name)
                page.wait_for_selector(".wm-plot .main-svg")
                page.evaluate(_PAGE_SETUP)
                kernel = Kernel(lab, page, name)
                try:
                    kernel.run(_INSTRUMENT)
                    assert (
                        kernel.value(
                            "__import__('json').dumps(len(editor.state.transcript.messages) "
                            "if 'editor' in globals() else len(wb.transcript.messages))"
                        )
                        == messages
                    )
                    for control in controls(messages):
                        rows.append((panel, control.label, measure(page, kernel, control, repeat)))
                        print(f"  {panel}: {control.label} done", file=sys.stderr, flush=True)
                finally:
                    kernel.close()
                    context.close()
        finally:
            browser.close()
    return rows


def _stats(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return statistics.median(ordered), p90


def table(rows: list[tuple[str, str, list[Sample]]], title: str) -> str:
    lines = [
        f"#### {title}\n",
        "| panel | control | chart median | chart p90 | settled median | settled p90 "
        "| in plotly | python | kB sent (charts) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for panel, label, samples in rows:
        charts = [s.chart_ms for s in samples if s.chart_ms is not None]
        chart_cells = "{:.0f} ms | {:.0f} ms".format(*_stats(charts)) if charts else "- | -"
        settled = "{:.0f} ms | {:.0f} ms".format(*_stats([s.settled_ms for s in samples]))
        react = statistics.median(s.react_ms for s in samples)
        python = statistics.median(s.python_ms for s in samples)
        sent = statistics.median(sum(s.sent.values()) for s in samples) / 1000
        plots = statistics.median(s.sent.get("PlotView", 0) for s in samples) / 1000
        lines.append(
            f"| {panel} | {label} | {chart_cells} | {settled} | {react:.0f} ms "
            f"| {python:.0f} ms | {sent:.1f} ({plots:.1f}) |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--baseline", metavar="REV", help="also measure `git archive REV src`")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wm-latency-") as tmp:
        base = Path(tmp)
        transcript = write_log(base / "session-5k.jsonl", args.messages)
        runs: list[tuple[str, Path]] = []
        if args.baseline:
            old = base / "baseline"
            old.mkdir()
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline, "src"],
                check=True, capture_output=True,
            ).stdout  # fmt: skip
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
            runs.append((f"before ({args.baseline})", old / "src"))
        runs.append(("now", ROOT / "src"))
        out = []
        for title, src in runs:
            print(f"measuring {title} ...", file=sys.stderr, flush=True)
            rows = run(src, transcript, args.messages, args.repeat, base / title.split()[0])
            out.append(
                table(rows, f"{title}: {args.messages:,} messages, {args.repeat} repetitions")
            )
        print("\n\n".join(out))
        print(f"\ngoal: chart under {GOAL_MS:.0f} ms per control at 5,000 messages")


if __name__ == "__main__":
    main()
