"""Every figure in the report comes from one accounting: the panels agree to the token.

The report is rendered for real-format fixture logs (Claude Code, Codex), counted raw and
calibrated from their billed usage, and its figures are read back out of the HTML (what a
reader sees), not from the objects that built them. At the same call, the pressure curve,
the window-by-category chart, the "at the last call" chart, the "where the tokens are" chart
and the context table must all give the same number of tokens, and the context table's
categories plus free space and reserve must add up to the model's window.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.paths import fixture
from working_memory import calibrate, load_transcript
from working_memory.replays import (
    PRESETS,
    ContextUse,
    Policy,
    render_report,
    replay,
    summary_sentence,
)

LOGS = ("claude-code-compaction", "claude-code-sidechain", "codex")
_PLOT = re.compile(r'Plotly\.newPlot\(\s*"(figure-\d+)",\s*')
_FIGURE = re.compile(r'<div class="figure" data-label="([^"]*)">')


def figures(text: str) -> dict[str, list[dict[str, Any]]]:
    """The traces of each figure in the report, by the label of the box that holds it."""
    labels = [(m.start(), html.unescape(m.group(1))) for m in _FIGURE.finditer(text)]
    decoder = json.JSONDecoder()
    found = {}
    for match in _PLOT.finditer(text):
        label = [name for start, name in labels if start < match.start()][-1]
        data, _ = decoder.raw_decode(text, match.end())
        found[label] = data
    assert len(found) == len(labels)
    return found


def context_tables(text: str) -> dict[str, dict[str, int]]:
    """The context table of each policy: category -> tokens, as the HTML states them."""
    tables = {}
    for name, call, body in re.findall(
        r'<table class="context" data-policy="([^"]*)" data-call="(\d+)">(.*?)</table>',
        text,
        re.S,
    ):
        rows = re.findall(r'<tr data-category="([a-z_]+)" data-tokens="(-?\d+)"', body)
        tables[html.unescape(name)] = {"call": int(call)} | {k: int(v) for k, v in rows}
    return tables


def _tokens(pressure: float, limit: int) -> int:
    return round(pressure * limit)


def _running(trace: dict[str, Any]) -> dict[int, int]:
    """A running-total trace's tokens by x (it carries them as customdata)."""
    return dict(zip(trace["x"], trace["customdata"], strict=True))


@pytest.fixture(scope="module", params=[(log, cal) for log in LOGS for cal in (False, True)])
def report(request):
    log, calibrated = request.param
    transcript = load_transcript(fixture(log))
    calibration = calibrate(transcript) if calibrated else None
    items = [
        replay(transcript, PRESETS[name].replace(calibration=calibration), name=name)
        for name in ("default", "small-window-32k")
    ]
    return items, render_report(items)


def test_the_panels_agree_to_the_token_at_the_last_call(report):
    items, text = report
    found = figures(text)
    tables = context_tables(text)
    pressure = found["Pressure"]
    for item in items:
        last = item.column("call")[-1]
        limit = item.limit
        curve = next(t for t in pressure if t["name"] == f"{item.name}: pressure")
        at = dict(zip(curve["x"], curve["y"], strict=True))
        sent = _tokens(at[last], limit)
        assert sent == item.column("tokens_total")[-1]
        # The window by category, stacked: its areas at the last call.
        stack = found[f"Window contents: {item.name}"]
        areas = [t for t in stack if (t.get("meta") or {}).get("category")]
        stacked = sum(t["y"][t["x"].index(last)] for t in areas)
        assert stacked == sent, f"{item.name}: stack {stacked} vs pressure curve {sent}"
        # What the model saw at the last call: its running total ends where the curve is.
        final = found[f"Final window: {item.name}"]
        running = next(t for t in final if (t.get("meta") or {}).get("cumulative"))
        end = _tokens(running["y"][-1], limit)
        assert end == sent, f"{item.name}: 'at the last call' ends at {end}, curve {sent}"
        assert running["customdata"][-1] == sent
        # The context table of that call, in categories.
        table = tables[item.name]
        assert table["call"] == last
        used = sum(table[k] for k in item.context().used_parts())
        assert used == sent, f"{item.name}: context table {used} vs pressure curve {sent}"


def test_where_the_tokens_are_follows_the_unmanaged_curve_at_every_call(report):
    items, text = report
    found = figures(text)
    first = items[0]
    unmanaged = next(t for t in found["Pressure"] if "unmanaged" in t["name"])
    raw = dict(zip(unmanaged["x"], unmanaged["customdata"], strict=True))
    running = next(t for t in found["Transcript"] if (t.get("meta") or {}).get("cumulative"))
    tokens = _running(running)
    for call, index in zip(first.column("call"), first.column("message_index"), strict=True):
        # The call saw messages[:index]: the running total through message index - 1.
        assert tokens[index - 1] == raw[call], f"call {call}: {tokens[index - 1]} vs {raw[call]}"
        assert _tokens(running["y"][running["x"].index(index - 1)], first.limit) == raw[call]


def test_categories_free_space_and_reserve_add_up_to_the_window(report):
    items, text = report
    tables = context_tables(text)
    for item in items:
        table = tables[item.name]
        context = item.context()
        parts = {k: v for k, v in table.items() if k != "call"}
        assert parts == context.as_dict()
        assert all(v >= 0 for v in parts.values())
        assert sum(parts.values()) == max(item.policy.window, context.used)
        assert parts["reply_reserve"] == item.policy.reserve_completion
        assert context.used + parts["free"] + parts["autocompact_buffer"] == item.limit or (
            context.used > context.compact_line
        )
        # The per-request overhead is its own labelled category, fitted or not.
        assert parts["overhead"] == item.policy.budget().overheads.per_request
        assert f'<tfoot><tr data-total="{item.policy.window}">' in text
    assert 'data-category="free"' in text and "free space" in text
    assert "autocompact buffer" in text and "reply reserve" in text


def test_every_call_of_the_timeline_accounts_for_the_whole_window():
    """A live window's breakdown (what the workbench reads) and the replayed call's timeline go
    through the same accounting and give the same figures, at every call of a managed run."""
    transcript = load_transcript(fixture("claude-code-compaction"))
    policy = PRESETS["small-window-32k"].replace(window=9_000)
    live: list[ContextUse] = []
    item = replay(
        transcript,
        policy,
        on_call=lambda call, sent, window: live.append(
            ContextUse.of(window.breakdown(), policy, call=call)
        ),
    )
    assert item.stats.compactions + item.stats.evictions > 0  # the window was managed
    assert item.stats.calls_over_limit == 0
    for call, total in zip(item.column("call"), item.column("tokens_total"), strict=True):
        context = item.context(call)
        assert context == live[call - 1]
        assert context.used == total
        assert sum(context.as_dict().values()) == policy.window
    with pytest.raises(IndexError):
        item.context(len(live) + 1)
    # The pressure chart's event markers say what the window did; its last act of a call
    # leaves the window at what that call sent.
    last_act = {e.call: e for e in item.events if e.kind != "truncated"}
    assert last_act
    for call, event in last_act.items():
        assert event.tokens_after == item.column("tokens_total")[call - 1]
    # The cost part's calls where the window was rewritten state the same tokens sent.
    text = render_report([item])
    rows = re.findall(
        r'<tr data-call="(\d+)"><td>\d+</td><td>[^<]*</td><td>[^<]*</td><td>([\d,]+)</td>', text
    )
    assert rows
    totals = item.column("tokens_total")
    assert all(int(tokens.replace(",", "")) == totals[int(call) - 1] for call, tokens in rows)
    table = context_tables(text)[item.name]
    assert sum(table[k] for k in context.used_parts()) == totals[-1]


def test_a_fixed_overhead_over_the_budget_is_headlined_as_failing():
    """The issue's 32k preset with calibration: the fitted per-request overhead alone was over
    its budget on 55 of 55 calls and the headline said "64% saved"."""
    transcript = load_transcript(fixture("claude-code-compaction"))
    calibration = calibrate(transcript)
    per_request = Policy(calibration=calibration).budget().overheads.per_request
    # A budget smaller than what is billed on every call before any message.
    policy = PRESETS["small-window-32k"].replace(
        window=1_000, ratio=1.0, reserve_completion=1_000 - per_request + 50, max_tool_tokens=None
    )
    policy = policy.replace(calibration=calibration)
    assert policy.limit < per_request
    item = replay(transcript, policy, name="tiny")
    assert item.stats.calls_over_limit == item.stats.calls
    assert item.context().overhead > item.limit
    sentence = summary_sentence(item)
    assert "FAILS: over the limit on" in sentence and "saved" not in sentence
    assert f"per-request overhead (fitted from billed usage) {per_request:,}" in sentence
    assert "over the 451-token limit alone" in sentence
    head = render_report([item]).split("<h2>")[0]
    assert "FAILS: over the limit" in head and "calibrated from the log" in head


def test_a_log_without_a_model_call_has_a_report_and_no_context_table():
    item = replay([{"role": "system", "content": "Rules."}, {"role": "user", "content": "hi"}])
    assert item.stats.calls == 0 and item.last_call is None
    with pytest.raises(ValueError, match="no model call"):
        item.context()
    text = render_report([item])
    assert "no model call" in text and '<table class="context"' not in text
