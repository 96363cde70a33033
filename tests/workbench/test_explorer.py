"""Panel 1 on every real transcript: table, chart, selection, usage, upload, escaping."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from working_memory.replays import message_buckets, message_tokens_figure
from working_memory.transcripts import Transcript, load_transcripts, synthetic_session
from working_memory.workbench import TranscriptExplorer
from working_memory.workbench._chart import MAX_BARS, MessageChart

from .conftest import ALL_FILES, ASTROPY, COMPACTED, IMG, SCRIPT, html_of


@pytest.mark.parametrize("path", ALL_FILES)
def test_every_real_transcript_loads_and_plots(path: Path) -> None:
    explorer = TranscriptExplorer()
    explorer.path.value = str(path)
    explorer.load_button.click()
    assert explorer.error.value == ""
    messages = explorer.state.messages
    assert messages == load_transcripts(path)[0].messages
    bars = explorer.chart.trace("tokens")
    assert list(bars.x) == list(range(len(messages)))
    assert sum(bars.y) == explorer.pins.cumulative[-1] - (explorer.pins.cumulative[0] - bars.y[0])
    line = explorer.chart.trace("pressure")
    assert line.y[-1] == pytest.approx(explorer.pins.cumulative[-1] / explorer.pins.policy.limit)
    frame = explorer.frame()
    assert len(frame) == len(messages)
    assert list(frame.columns) == [
        "index",
        "role",
        "tool",
        "tokens",
        "cumulative",
        "pressure",
        "pinned",
        "thread",
    ]
    # the table shows one page, not the whole transcript
    assert (
        explorer.table.html.value.count("<tr") == min(len(messages), explorer.table.page_size) + 1
    )
    pinned = explorer.chart.trace("pinned")
    assert set(pinned.x) == {i for i, r in enumerate(frame["pinned"]) if isinstance(r, str)}


def test_thresholds_drawn_from_the_policy(compacted: Transcript) -> None:
    explorer = TranscriptExplorer(compacted)
    assert list(explorer.chart.trace("compact_at").y) == [0.7, 0.7]
    assert list(explorer.chart.trace("evict_at").y) == [0.9, 0.9]
    explorer.pins.update(compact_at=0.5, evict_at=0.8)
    assert list(explorer.chart.trace("compact_at").y) == [0.5, 0.5]
    assert list(explorer.chart.trace("evict_at").y) == [0.8, 0.8]


def test_selecting_shows_the_message_and_its_partner(compacted: Transcript) -> None:
    explorer = TranscriptExplorer(compacted)
    call = next(i for i, m in enumerate(compacted.messages) if m.get("tool_calls"))
    explorer.message_index.value = call
    assert explorer.state.selected == call
    assert f"message {call}" in explorer.detail.value
    assert "tool-call partner: message" in explorer.detail.value
    assert list(explorer.chart.trace("selected").x) == [call]
    result = explorer.state.partners(call)[0]
    explorer.chart.click(result)  # what clicking that bar does
    assert explorer.state.selected == result
    assert f"tool-call partner: message {call}" in explorer.detail.value
    explorer.next_message.click()
    assert explorer.state.selected == result + 1
    assert ' class="sel"' in explorer.table.html.value


def test_loader_warnings_are_shown() -> None:
    explorer = TranscriptExplorer.from_path(ASTROPY)
    assert explorer.state.warnings
    assert "loader warning" in explorer.warnings.value
    assert "synthetic tool message" in explorer.warnings.value


def test_estimate_vs_billed(compacted: Transcript) -> None:
    explorer = TranscriptExplorer(compacted)
    check = explorer.usage_check
    assert check is not None and len(check.calls) >= 10
    billed, counted = explorer.usage_figure.data
    assert list(billed.y) == [c.provider_input for c in check.calls]
    assert list(counted.y) == [c.counted for c in check.calls]
    assert "median" in explorer.usage.value


@pytest.mark.parametrize("calibrate", [False, True], ids=["raw", "calibrated"])
@pytest.mark.parametrize("key", ["claude-code-compaction", "codex"])
def test_explorer_counts_agree_with_the_report_to_the_token(key: str, calibrate: bool) -> None:
    """The explorer's running total (the chart's pressure, the info table's tokens) and the
    replay report's unmanaged curve are one accounting: the same fixed part (per-request
    overhead, fitted or not, and tool schemas), the same per-message counts."""
    from tests.paths import fixture
    from working_memory.replays import replay

    explorer = TranscriptExplorer(load_transcripts(fixture(key))[0])
    explorer.pins.set_calibrate(calibrate)
    policy = explorer.pins.policy
    assert (policy.calibration is not None) is calibrate
    item = replay(explorer.state.current, policy)
    cumulative = explorer.pins.cumulative
    assert cumulative[0] - explorer.pins.tokens[0] == item.context().fixed
    for index, unmanaged in zip(
        item.column("message_index"), item.column("unmanaged_tokens"), strict=True
    ):
        assert cumulative[index - 1] == unmanaged
    assert f"{cumulative[-1]:,}" in explorer.info.value
    # The preview's window at the cursor goes through the same accounting.
    preview = explorer.pins.preview
    context = preview.context
    assert context is not None and context.used == preview.tokens
    assert context.fixed == item.context().fixed
    assert sum(context.as_dict().values()) == max(policy.window, preview.tokens)
    assert context.calibrated is calibrate


def test_no_usage_says_so(hostile: Transcript) -> None:
    explorer = TranscriptExplorer(hostile)
    assert explorer.usage_check is None
    assert "recorded no provider usage" in explorer.usage.value


def test_upload_loads_like_a_path() -> None:
    explorer = TranscriptExplorer()
    explorer.load_bytes(COMPACTED.name, COMPACTED.read_bytes())
    assert explorer.error.value == ""
    assert len(explorer.state.messages) == len(load_transcripts(COMPACTED)[0].messages)
    assert explorer.state.transcript is not None
    assert explorer.state.transcript.source == COMPACTED.name


def test_bad_file_is_a_readable_error(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"messages": [1, 2')
    explorer = TranscriptExplorer()
    explorer.load(bad)
    assert "broken.json:1: not valid JSON" in explorer.error.value
    assert "Traceback" not in explorer.error.value
    explorer.load("")
    assert "type the path" in explorer.error.value


def test_threads_can_be_explored(compacted: Transcript) -> None:
    explorer = TranscriptExplorer(compacted)
    threads = list(compacted.threads)
    assert list(explorer.thread.options) == ["main", *threads]
    explorer.thread.value = threads[0]
    assert explorer.state.messages == compacted.threads[threads[0]].messages
    assert len(explorer.chart.trace("tokens").x) == len(compacted.threads[threads[0]].messages)


def test_table_paging_and_filters(compacted: Transcript) -> None:
    explorer = TranscriptExplorer(compacted, page_size=10)
    explorer.table.next.click()
    assert explorer.table.page == 1
    assert '<td class="num">10</td>' in explorer.table.html.value
    explorer.table.filter.value = "user"
    users = [i for i, m in enumerate(compacted.messages) if m["role"] == "user"]
    assert explorer.table.label.value.endswith(f"of {len(users)}")


def test_script_tags_render_as_text(hostile: Transcript) -> None:
    explorer = TranscriptExplorer(hostile)
    for index in range(len(hostile.messages)):
        explorer.state.selected = index
        html = html_of(explorer.widget).replace("</style>", "")
        assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in explorer.detail.value or "&lt;script&gt;" in html_of(explorer.widget)
    hover = " ".join(explorer.chart.trace("tokens").customdata)
    assert "<b>bash</b>" not in hover and "&lt;b&gt;bash" in hover


def test_a_large_transcript_is_bucketed_not_thinned() -> None:
    messages = synthetic_session(3_200, seed=3)
    assert len(messages) > 2 * MAX_BARS
    explorer = TranscriptExplorer(Transcript(messages, format="openai"))
    bars = explorer.chart.trace("tokens")
    assert len(bars.x) <= MAX_BARS
    assert max(bars.y) == max(explorer.pins.tokens)  # each bucket shows its largest message
    assert len(explorer.frame()) == len(messages)
    explorer.chart.click(5)
    assert explorer.state.selected == bars.x[5]
    assert SCRIPT not in explorer.detail.value and IMG not in explorer.detail.value


def test_both_per_message_charts_bucket_a_long_session_the_same_way() -> None:
    """The explorer's and pin editor's chart and `replays.message_tokens_figure` put the same
    messages in each bar (one bucketing rule), so a 20,000-message session reads the same in
    both; every message is in exactly one bar."""
    count = 20_000
    roles = ["assistant" if i % 2 else "user" for i in range(count)]
    messages = [{"role": role, "content": "x"} for role in roles]
    tokens = [1 + (i * 7919) % 97 for i in range(count)]
    total, pressure = 0, []
    for value in tokens:
        total += value
        pressure.append(total / 2_000_000)
    chart = MessageChart()
    chart.set_messages(roles, [""] * count, tokens, pressure, 0.7, 0.9)
    figure = message_tokens_figure(messages, tokens, [i % 5 == 0 for i in range(count)])

    def ranges(labels: Any) -> list[tuple[int, int]]:
        found = [re.match(r"messages (\d+)–(\d+)", str(label)) for label in labels]
        assert all(found), labels[:3]
        return [(int(m.group(1)), int(m.group(2))) for m in found if m]

    in_chart = ranges(chart.trace("tokens").customdata)
    bars = next(t for t in figure.data if t.name == "unpinned messages")
    in_figure = ranges(bars.text)
    assert in_chart == in_figure
    assert in_chart == [(r.start, r.stop - 1) for r in message_buckets(count)]
    assert 1 < len(in_chart) <= MAX_BARS
    assert in_chart[0][0] == 0 and in_chart[-1][1] == count - 1
    assert all(b[0] == a[1] + 1 for a, b in pairwise(in_chart))
