"""Figures, checked on their data: traces, markers, thresholds, reduction of long series."""

from __future__ import annotations

import pytest

from working_memory.replays import Policy, replay
from working_memory.replays import _plots as plots
from working_memory.replays._plots import (
    CATEGORY_COLORS,
    COLORS,
    MAX_POINTS,
    ExportError,
    export_png,
    message_tokens_figure,
    pressure_figure,
    window_stack_figure,
)
from working_memory.transcripts import SIM_TOOLS, load_transcript, synthetic_session

from .conftest import COMPACTED


@pytest.fixture(scope="module")
def replays():
    messages = synthetic_session(150, seed=4)
    return [
        replay(messages, Policy(window=20_000, strategy=s), name=s, tools=SIM_TOOLS)
        for s in ("compact", "mask", "evict")
    ]


def _by_name(fig):
    return {trace.name: trace for trace in fig.data}


def test_pressure_figure_of_one_replay(replays):
    item = replays[0]
    fig = pressure_figure(item)
    traces = _by_name(fig)
    assert list(traces["pressure (managed)"].y) == item.pressure
    assert list(traces["unmanaged (raw transcript)"].y) == item.unmanaged_pressure
    thresholds = {t.meta["threshold"]: t.y[0] for t in fig.data if t.meta and "threshold" in t.meta}
    assert thresholds == {"compact": item.compact_at, "evict": item.evict_at, "limit": 1.0}
    markers = {t.meta["events"]: t for t in fig.data if t.meta and "events" in t.meta}
    calls_with = item.timeline[item.timeline.compactions > 0].call.tolist()
    assert list(markers["compactions"].x) == calls_with
    assert len(markers["compactions"].text) == len(calls_with)
    assert (
        "compacted" in markers["compactions"].text[0]
        and "pressure" in markers["compactions"].text[0]
    )
    assert fig.layout.xaxis.title.text == "model call"
    assert fig.layout.template.layout.colorway == COLORS
    # The raw transcript is far over the budget: the managed curve stays readable, with a note.
    assert fig.layout.yaxis.range[1] < 2
    assert any("off scale" in a.text for a in fig.layout.annotations)


def test_pressure_figure_overlays_several_replays_in_distinct_colours(replays):
    fig = pressure_figure(replays, show_unmanaged=False)
    names = [t.name for t in fig.data]
    for item in replays:
        assert f"{item.name}: pressure" in names
        assert f"{item.name}: unmanaged" not in names
    colours = {t.line.color for t in fig.data if t.name.endswith(": pressure")}
    assert len(colours) == 3 and colours <= set(COLORS)
    # One legend entry per event kind stands for every replay's markers (issue 17: four entries
    # per policy made a legend that scrolled); each marker keeps its replay's colour.
    events = [t for t in fig.data if t.meta and "events" in t.meta]
    shown = [t.name for t in events if t.showlegend is not False]
    assert len(shown) == len(set(shown)) and {"maskings", "evictions"} <= set(shown)
    curve = {t.name.split(":")[0]: t.line.color for t in fig.data if t.name.endswith(": pressure")}
    for trace in events:
        owner = trace.name.split(":")[0] if ":" in trace.name else None
        if owner:
            assert trace.marker.color == curve[owner]
    # Thresholds once each (all three share them), plus the limit.
    assert sum(1 for t in fig.data if t.meta and "threshold" in t.meta) == 3


def test_production_compaction_is_marked_once_with_its_summary():
    transcript = load_transcript(COMPACTED)
    items = [
        replay(transcript, Policy(window=16_000, strategy=s), name=s) for s in ("compact", "evict")
    ]
    fig = pressure_figure(items)
    stars = [t for t in fig.data if t.meta and t.meta.get("events") == "real_compaction"]
    assert len(stars) == 1 and len(stars[0].x) == 1
    assert stars[0].x[0] == items[0].real_compactions[0][0]
    assert "production agent compacted" in stars[0].text[0]
    assert "&lt;" in stars[0].text[0] or "<" not in transcript.compactions[0].summary[:400]


def test_window_stack_adds_up_to_the_total(replays):
    item = replays[1]
    fig = window_stack_figure(item)
    areas = [t for t in fig.data if t.stackgroup == "window"]
    assert [t.meta["category"] for t in areas] == list(CATEGORY_COLORS)
    for i, total in enumerate(item.column("tokens_total")):
        assert sum(t.y[i] for t in areas) == total
    limit = next(t for t in fig.data if t.meta and t.meta.get("threshold") == "limit")
    assert limit.y[0] == item.limit


def test_message_tokens_figure_marks_pins_and_the_running_pressure():
    messages = synthetic_session(40, seed=1)
    tokens = [10 * (i + 1) for i in range(len(messages))]
    pinned = [i in (0, 1) for i in range(len(messages))]
    fig = message_tokens_figure(messages, tokens, pinned, limit=1_000)
    traces = _by_name(fig)
    assert list(traces["pinned messages"].y[:3]) == [10, 20, 0]
    assert list(traces["unpinned messages"].y[:3]) == [0, 0, 30]
    running = traces["running total (pressure)"]
    assert running.y[-1] == pytest.approx(sum(tokens) / 1_000)
    assert {t.meta["threshold"] for t in fig.data if t.meta and "threshold" in t.meta} == {
        "compact",
        "evict",
        "limit",
    }
    with pytest.raises(ValueError, match="same length"):
        message_tokens_figure(messages, tokens[:-1], pinned)


def test_long_series_are_reduced_but_keep_their_peaks():
    count = 40_000
    messages = [{"role": "user", "content": "x"}] * count
    tokens = [1] * count
    tokens[12_345] = 5_000  # one spike must survive aggregation
    fig = message_tokens_figure(messages, tokens, [False] * count, limit=100_000)
    bars = _by_name(fig)["unpinned messages"]
    assert len(bars.x) <= 2_000 and sum(bars.y) == sum(tokens) and max(bars.y) >= 5_000
    values = [((i * 7919) % 1000) / 1000 for i in range(count)]
    values[777] = 9.0
    keep = plots.sample_indices(values)
    assert len(keep) <= MAX_POINTS + 1 and 777 in keep and keep == sorted(keep)


def test_png_export_writes_a_png_or_says_what_is_missing(tmp_path, replays):
    fig = pressure_figure(replays[0])
    try:
        path = export_png(fig, tmp_path / "p.png")
    except ExportError as exc:
        assert "kaleido" in str(exc) and ("Chromium" in str(exc) or "chromium" in str(exc))
    else:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_export_without_kaleido_is_a_readable_error(tmp_path, replays, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "kaleido", None)  # as if not installed
    with pytest.raises(ExportError, match=r"pip install kaleido.*HTML report needs neither"):
        export_png(pressure_figure(replays[0]), tmp_path / "p.png")
    assert not (tmp_path / "p.png").exists()


def test_identical_policies_are_drawn_distinct():
    """Two policies with the same curve drew exactly on top of each other (one vanished)."""
    from tests.paths import fixture
    from working_memory import load_transcript, replay
    from working_memory.replays import PRESETS, pressure_figure

    transcript = load_transcript(fixture("openai-chat"))
    same = [replay(transcript, PRESETS["default"], name=n) for n in ("a", "b")]
    curves = [t for t in pressure_figure(same).data if (t.name or "").endswith(": pressure")]
    assert [c.line.dash for c in curves] == ["solid", "dash"]
    assert curves[1].meta == {"same_as": "a"}
