"""The per-call view in a real JupyterLab, on the Claude Code log with a compaction in it.

A notebook (written for the test into the lab's root) replays the log under a small-window
hybrid policy, keeping a copy of the list every `prepare()` returned, and shows a
`CallViewPanel` of the replay and one of the log as it ran. From the page, the test types a
call number, steps with next / previous and picks a call to compare with; after each, it waits
until the page shows that call, then asserts the displayed list (roles and texts) equals what
`prepare()` returned at that call, read from the kernel, and that the page marks each change
and the end of the cached prefix where the kernel's view says. Waits are on the page's state.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Kernel, Lab
from .test_jupyterlab import Console, run_notebook, watched_page

pytestmark = pytest.mark.browser

LOG = (
    Path(__file__).resolve().parents[1]
    / "fixtures/claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl"
)
NOTEBOOK = "call-view-test.ipynb"

_SETUP = """\
import copy, dataclasses, json
from working_memory.messages import content_text
from working_memory.replays import PRESETS, replay
from working_memory.transcripts import load_transcript
from working_memory.workbench import CallViewPanel, CallViewState
from working_memory.workbench.call_view import PREVIEW_CHARS

t = load_transcript({path!r})
sent = []  # what every prepare() returned, copied as it was returned
policy = dataclasses.replace(PRESETS["hybrid"], window=6_000, reserve_completion=500)
result = replay(t, policy, on_call=lambda call, s, window: sent.append(copy.deepcopy(list(s))))


def expected(panel, lists):
    v = panel.state.view
    return json.dumps({{
        "call": v.call,
        "rows": [[m.get("role", "?"), content_text(m.get("content"))[0].replace("\\n", " ")[:PREVIEW_CHARS]]
                 for m in lists[panel.state.current - 1]],
        "ids": list(v.ids), "marks": list(v.marks), "cached": v.cached_messages,
        "gone": [[i, m] for i, m in v.removed],
        "compare": panel.state.comparison_line(),
    }})
"""

_REPLAY_CELL = "panel = CallViewPanel(CallViewState.from_replay(result))\npanel.widget"
_LAB_CELL = (
    "from working_memory.workbench import ReplayLab\n"
    "lab = ReplayLab(t)\n"
    "lab.state.policy_state.update(window=16_000)\n"
    "lab.choices.value = ('default', 'edited')\n"
    "lab.run()\n"
    "lab_lists = lambda: [list(v.messages) for v in lab.calls.state.views]\n"
    "lab.widget"
)
_LOG_CELL = (
    "log_state = CallViewState.from_log(t)\n"
    "log_lists = [list(v.messages) for v in log_state.views]\n"
    "log_panel = CallViewPanel(log_state)\nlog_panel.widget"
)

# What the n-th panel shows: the call, each message row (role, text, id, mark), where the
# cached prefix ends (messages above the line), the rows of messages gone, the comparison.
_SHOWN = """(n) => {
    const view = document.querySelectorAll('.wm-call-panel')[n]?.querySelector('.wm-call-view');
    if (!view) return null;
    const rows = [...view.querySelectorAll('tr')];
    const end = rows.findIndex(r => r.classList.contains('wm-cache-end'));
    const messages = rows.filter(r => r.classList.contains('wm-call-message'));
    return {
        call: Number(view.dataset.call),
        rows: messages.map(r => [r.dataset.role, r.querySelector('.wm-call-text').textContent]),
        ids: messages.map(r => Number(r.dataset.id)),
        marks: messages.map(r => r.dataset.mark),
        cached: end < 0 ? null : rows.slice(0, end).filter(r => r.classList.contains('wm-call-message')).length,
        gone: [...view.querySelectorAll('tr.wm-call-gone')].map(r => [Number(r.dataset.id), r.dataset.mark]),
        compare: view.querySelector('.wm-call-compare')?.textContent ?? null,
    };
}"""


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Console]]:
    with watched_page(browser, tmp_path / "call-view.png", 1500, 1100, shut_down_kernels=True) as p:
        yield p


def _write_notebook(lab: Lab) -> None:
    import nbformat

    path = lab.root / LOG.name
    shutil.copy2(LOG, path)
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(_SETUP.format(path=str(path))),
        nbformat.v4.new_code_cell(_REPLAY_CELL),
        nbformat.v4.new_code_cell(_LOG_CELL),
        nbformat.v4.new_code_cell(_LAB_CELL),
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, str(lab.root / NOTEBOOK))


def _shows_as_held(page: Any, kernel: Kernel, n: int, panel: str, lists: str, call: int) -> dict:
    """Wait until panel `n` shows `call`; then the page must equal the kernel's view of it."""
    page.wait_for_function(f"(n) => ({_SHOWN})(n)?.call === {call}", arg=n)
    held = kernel.value(f"expected({panel}, {lists})")
    assert held["call"] == call, held
    shown = page.evaluate(_SHOWN, n)
    if held["compare"] is not None:  # the comparison line is drawn with the same render
        page.wait_for_function(
            f"(n) => ({_SHOWN})(n)?.compare === {json.dumps(held['compare'])}", arg=n
        )
        shown = page.evaluate(_SHOWN, n)
    # The list on the page is the list prepare() returned (role and text of every message) ...
    assert shown["rows"] == held["rows"], f"call {call}: the page does not show what was sent"
    # ... with each message's id and change, and the cached prefix's end, as the view says.
    assert shown["ids"] == held["ids"] and shown["marks"] == held["marks"], call
    assert shown["cached"] == held["cached"], (call, shown["cached"], held["cached"])
    assert shown["gone"] == held["gone"] and shown["compare"] == held["compare"], call
    return shown


def test_pick_step_and_compare_calls_of_a_real_log_with_a_compaction(
    lab: Lab, page: tuple[Any, Console]
) -> None:
    browser_page, console = page
    _write_notebook(lab)
    run_notebook(browser_page, lab, NOTEBOOK)
    browser_page.wait_for_function("() => document.querySelectorAll('.wm-call-view').length === 3")
    kernel = Kernel(lab, browser_page, NOTEBOOK)
    try:
        # The replay: calls where the window was cut, masked, summarised and evicted.
        first = kernel.value(
            "json.dumps(next(k for k in range(1, len(result.deltas) + 1)"
            " if 'truncated' in result.call(k).changes()))"
        )
        panel = browser_page.locator(".wm-call-panel").nth(0)
        box = panel.locator("input[type='number']")
        box.fill(str(first))
        box.press("Enter")
        seen = [_shows_as_held(browser_page, kernel, 0, "panel", "sent", first)]
        calls = kernel.value("json.dumps(len(result.deltas))")
        for call in range(first + 1, min(first + 5, calls) + 1):
            panel.locator("button", has_text="next").click()
            seen.append(_shows_as_held(browser_page, kernel, 0, "panel", "sent", call))
        panel.locator("button", has_text="previous").click()
        seen.append(_shows_as_held(browser_page, kernel, 0, "panel", "sent", seen[-2]["call"]))
        marks = {m for s in seen for m in s["marks"]} | {m for s in seen for _, m in s["gone"]}
        assert {"added", "truncated", "masked", "summarised", "evicted", "kept"} <= marks, marks
        assert any(0 < s["cached"] < len(s["rows"]) for s in seen)  # a prefix line mid-list
        # Compare the call shown with the first one stepped through.
        panel.locator("select").select_option(label=f"call {first}")
        shown = _shows_as_held(browser_page, kernel, 0, "panel", "sent", seen[-1]["call"])
        assert shown["compare"].startswith(f"against call {first}: ")
        assert kernel.value("json.dumps(panel.state.compare_with)") == first

        # The log as it ran: the call after Claude Code's own compaction starts with its
        # summary, and nothing of the previous prompt is cached.
        after = kernel.value(
            "json.dumps(next(v.call for v in log_state.views if v.ids and v.ids[0] < 0))"
        )
        log_box = browser_page.locator(".wm-call-panel").nth(1).locator("input[type='number']")
        log_box.fill(str(after))
        log_box.press("Enter")
        shown = _shows_as_held(browser_page, kernel, 1, "log_panel", "log_lists", after)
        assert shown["marks"][0] == "summarised" and shown["cached"] == 0
        assert shown["rows"][0][1].startswith("This session is being continued")

        # The replay lab shows the calls of the replay it draws, stepped the same way.
        lab_panel = browser_page.locator(".wm-call-panel").nth(2)
        _shows_as_held(browser_page, kernel, 2, "lab.calls", "lab_lists()", 1)
        lab_panel.locator("button", has_text="next").click()
        shown = _shows_as_held(browser_page, kernel, 2, "lab.calls", "lab_lists()", 2)
        assert kernel.value("json.dumps(lab.calls.state.views == lab.replays['default'].calls())")
    finally:
        kernel.close()
    assert console.unexpected() == [], console.unexpected()
