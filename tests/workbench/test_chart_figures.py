"""The figure builders behind the panels' charts, on a 5,000-message log: which line is the
managed window's and which the raw count, the axes fitted to the window, the log's own
compaction marked, markers binned, identical policies told apart (tests/browser/
test_chart_layout.py measures the same charts drawn in JupyterLab)."""

from __future__ import annotations

import itertools
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")


from tests.paths import long_claude_code
from working_memory import load_transcript
from working_memory.replays import MARKER_BINS, MAX_BARS, marker_bins, pressure_figure
from working_memory.transcripts import Transcript
from working_memory.workbench import PinPolicyEditor, TranscriptExplorer


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> Transcript:
    return load_transcript(long_claude_code(tmp_path_factory.mktemp("long")))


@pytest.fixture(scope="module")
def editor(long_log: Transcript) -> PinPolicyEditor:
    return PinPolicyEditor(long_log)


@pytest.fixture(scope="module")
def explorer(long_log: Transcript) -> TranscriptExplorer:
    return TranscriptExplorer(long_log)


def _trace(chart: Any, name: str) -> Any:
    return chart.trace(name)


def test_the_long_log_is_long_and_compacted(long_log: Transcript) -> None:
    assert len(long_log.messages) >= 5_000
    assert [c.index for c in long_log.compactions] == [23]


def test_pin_editor_line_is_the_managed_window_and_the_raw_count_a_faint_reference(
    long_log: Transcript, editor: PinPolicyEditor
) -> None:
    preview = editor.state.preview
    managed, raw = _trace(editor.chart, "pressure"), _trace(editor.chart, "raw pressure")
    # The line ends at the cursor on the summary's pressure (it showed the raw count, over
    # evict, while the summary said 0.68).
    assert managed.name == "pressure (managed window)"
    assert managed.x[-1] == preview.upto - 1
    assert managed.y[-1] == pytest.approx(preview.pressure)
    assert max(managed.y) <= preview.evict_at
    # The raw count is there, over the whole log, faint and dotted, and says it runs off scale.
    assert raw.x[-1] == len(long_log.messages) - 1 and raw.opacity < 0.6 and raw.line.dash == "dot"
    raw_at_cursor = editor.state.pressure[preview.upto - 1]
    assert raw_at_cursor > preview.pressure  # truncated tool results: the two differ
    assert "off scale" in raw.name
    # Both lines are what the state says, message for message.
    line = editor.state.managed_pressure
    assert [line[int(x)] for x in managed.x] == list(managed.y)
    assert [editor.state.pressure[int(x)] for x in raw.x] == list(raw.y)


def test_pin_editor_axes_fit_the_window_at_5k_messages(
    long_log: Transcript, editor: PinPolicyEditor
) -> None:
    layout, preview = editor.chart.figure.layout, editor.state.preview
    top = layout.yaxis2.range[1]
    # The right axis went to 788% (the raw count); now to the evict line or the window's peak.
    assert top <= 1.1 * max(preview.evict_at, max(editor.state.managed_pressure))
    # The window took 5% of the x axis; now at least three quarters of it.
    left, right = layout.xaxis.range
    assert preview.upto / (right - left) >= 0.75
    assert max(editor.state.tokens[: int(right)]) <= layout.yaxis.range[1]
    # Moving the cursor to the end shows the whole log again.
    editor.state.upto = len(long_log.messages)
    try:
        whole = editor.chart.figure.layout
        left, right = whole.xaxis.range
        assert left <= -0.5 and right >= len(long_log.messages) - 0.5
        assert whole.yaxis.range[1] >= max(editor.state.tokens)
    finally:
        editor.state.upto = None


def test_real_compaction_is_marked_in_the_explorer_and_the_pin_editor(
    explorer: TranscriptExplorer, editor: PinPolicyEditor
) -> None:
    for chart in (explorer.chart, editor.chart):
        line = _trace(chart, "real compaction")
        assert [x for x in line.x if x is not None] == [22.5, 22.5]
        assert max(y for y in line.y if y is not None) == chart.figure.layout.yaxis2.range[1]


def test_markers_are_binned_past_max_bars(
    long_log: Transcript, explorer: TranscriptExplorer
) -> None:
    pinned = _trace(explorer.chart, "pinned")
    reasons = explorer.pins.whole_reasons()
    wanted = [i for i, r in enumerate(reasons) if r is not None]
    assert len(long_log.messages) > MAX_BARS
    assert len(pinned.x) <= MARKER_BINS
    width = -(-len(long_log.messages) // MARKER_BINS)
    # Every pinned message is in a drawn bin, and every bin drawn holds one.
    assert {i // width for i in wanted} == {int(x) // width for x in pinned.x}
    # A short log keeps one marker per pinned message, on its bar.
    short = load_transcript(Path(__file__).parents[1] / "fixtures/openai/chat-session.jsonl")
    small = TranscriptExplorer(short)
    wanted = [i for i, r in enumerate(small.pins.whole_reasons()) if r is not None]
    assert list(_trace(small.chart, "pinned").x) == wanted


def test_marker_bins_keep_every_position_once() -> None:
    positions = list(range(0, 5_000, 3))
    bins = marker_bins(positions, 5_000)
    assert len(bins) <= MARKER_BINS
    assert sorted(p for _, group in bins for p in group) == positions
    centres = [c for c, _ in bins]
    assert min(b - a for a, b in itertools.pairwise(centres)) >= 5_000 / MARKER_BINS
    assert marker_bins([4, 9], 50) == [(4.0, [4]), (9.0, [9])]  # bins one wide: the positions


def _fake_replay(name: str, calls: int, *, every: int = 1) -> Any:
    """What pressure_figure reads of a replay: its columns, thresholds and name."""
    pressure = [0.2 + 0.5 * (i % 50) / 50 for i in range(calls)]
    columns = {
        "call": list(range(calls)),
        "pressure": pressure,
        "tokens_total": [int(p * 100_000) for p in pressure],
        "unmanaged_pressure": [0.2 + i / calls for i in range(calls)],
        "unmanaged_tokens": [20_000 + i for i in range(calls)],
        "events": ["masked 1 result" if i % every == 0 else "" for i in range(calls)],
        "compactions": [0] * calls,
        "evictions": [0] * calls,
        "maskings": [1 if i % every == 0 else 0 for i in range(calls)],
    }
    return SimpleNamespace(
        name=name,
        column=columns.__getitem__,
        compact_at=0.7,
        evict_at=0.9,
        real_compactions=[],
        transcript=SimpleNamespace(source=None),
    )


def test_event_markers_are_binned_at_5k_calls() -> None:
    figure = pressure_figure([_fake_replay("masking", 5_000)])
    markers = next(t for t in figure.data if (t.meta or {}).get("events") == "maskings")
    # One marker per call (1,500 after the old thinning) smeared into a band.
    assert len(markers.x) <= MARKER_BINS
    assert min(b - a for a, b in zip(markers.x, markers.x[1:], strict=False)) >= 5_000 / MARKER_BINS
    # Each bin's hover says how many events it stands for; together, all of them.
    counts = [int(t.split("<br>")[1].split()[0]) for t in markers.text]
    assert sum(counts) == 5_000
    few = pressure_figure([_fake_replay("masking", 120, every=10)])
    markers = next(t for t in few.data if (t.meta or {}).get("events") == "maskings")
    assert list(markers.x) == list(range(0, 120, 10))  # a short replay: a marker per event


def test_identical_policies_are_dashed_and_noted() -> None:
    figure = pressure_figure([_fake_replay("a", 300), _fake_replay("b", 300)])
    curves = [t for t in figure.data if (t.name or "").endswith(": pressure")]
    assert [c.line.dash for c in curves] == ["solid", "dash"]
    notes = [a.text for a in figure.layout.annotations if a.name == "identical"]
    assert notes == ["b: identical to a"]
