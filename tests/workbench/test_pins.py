"""Panel 2: every control changes the preview, the chart and the table at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from working_memory.budget import Budget
from working_memory.replays import Policy
from working_memory.transcripts import Transcript, load_transcript, synthetic_session
from working_memory.window import ManagedWindow
from working_memory.workbench import PinPolicyEditor, preview_window

from .conftest import ALL_FILES, html_of


def _pinned_x(editor: PinPolicyEditor) -> list[int]:
    return list(editor.chart.trace("pinned").x)


@pytest.mark.parametrize("path", ALL_FILES)
def test_every_real_transcript(path: Path) -> None:
    transcript = load_transcript(path)
    budget = Budget()
    largest = max(budget.message_tokens(m) for m in transcript.messages if m["role"] != "tool")
    # a small window, so that even the short logs cross compact_at, that still fits every message
    window = max(8_000, int((largest * 1.5 + 500) / 0.7))
    editor = PinPolicyEditor(
        transcript, policy=Policy(window=window, reserve_completion=500, max_tool_tokens=1_000)
    )
    assert editor.error.value == ""
    preview = editor.state.preview
    assert _pinned_x(editor) == list(preview.pinned)
    editor.controls["keep_recent"].value = 0
    editor.upto.value = len(transcript.messages)
    assert editor.error.value == ""
    assert editor.state.preview.upto == len(transcript.messages)


def test_a_message_over_the_whole_budget_is_a_readable_error(compacted: Transcript) -> None:
    pasted = {"role": "user", "content": "Traceback (most recent call last): app.py:3\n" * 1_500}
    big = Transcript([*compacted.messages, pasted], format=compacted.format, source="big.jsonl")
    editor = PinPolicyEditor(
        big, policy=Policy(window=8_000, reserve_completion=500, max_tool_tokens=1_000)
    )
    editor.upto.value = len(big.messages)
    assert "over the 5100-token budget: it cannot be sent" in editor.error.value
    assert "message " in editor.error.value and "Traceback" not in editor.error.value
    editor.controls["window"].value = 40_000
    assert editor.error.value == ""


def test_keep_recent_moves_the_pinned_markers(compacted: Transcript) -> None:
    editor = PinPolicyEditor(compacted)
    upto = editor.state.preview.upto
    before = _pinned_x(editor)
    editor.controls["keep_recent"].value = 20
    after = _pinned_x(editor)
    assert set(range(upto - 20, upto)) <= set(after)
    assert len(after) > len(before)
    assert editor.state.policy.keep_recent == 20
    reasons = dict(zip(after, editor.chart.trace("pinned").customdata, strict=True))
    assert reasons[upto - 20] in ("recent", "group")


def test_clicking_a_bar_pins_it_explicitly(long_session: Transcript) -> None:
    editor = PinPolicyEditor(long_session)
    start, end = editor.state.preview.span
    assert end > start
    victim = (
        next(i for i in range(start, end) if long_session.messages[i]["role"] == "user")
        if any(long_session.messages[i]["role"] == "user" for i in range(start, end))
        else start
    )
    editor.chart.click(victim)
    assert victim in editor.state.policy.explicit
    assert victim in _pinned_x(editor)
    new_start, new_end = editor.state.preview.span
    assert not new_start <= victim < new_end  # a pinned message is never in the span
    band = editor.chart.trace("next span")
    assert band.x[0] == new_start - 0.5
    editor.pin_index.value = victim
    editor.pin_button.click()  # unpin again
    assert victim not in editor.state.policy.explicit
    assert editor.state.preview.span == (start, end)


def test_a_smaller_window_highlights_a_new_span(compacted: Transcript) -> None:
    editor = PinPolicyEditor(compacted)
    band = editor.chart.trace("next span")
    old = list(band.x)
    editor.controls["window"].value = 40_000
    assert editor.state.policy.window == 40_000
    preview = editor.state.preview
    start, end = preview.span
    assert end > start and list(band.x) != old
    assert list(band.x) == [start - 0.5, end - 0.5, end - 0.5, start - 0.5, start - 0.5]
    assert 'class="span"' in editor.table.html.value or editor.table.filter.value != "window"
    editor.table.filter.value = "span"
    assert editor.table.html.value.count('class="span"') == min(end - start, editor.table.page_size)
    assert "What the next compaction would" in editor.span_text.value


def test_eviction_preview_when_over_evict_at(compacted: Transcript) -> None:
    editor = PinPolicyEditor(compacted)
    editor.controls["window"].value = 16_000  # the fixture is short: a window it overflows
    editor.upto.value = len(compacted.messages)
    preview = editor.state.preview
    assert preview.pressure > preview.evict_at
    assert preview.evicted
    assert not set(preview.evicted) & set(preview.pinned)
    assert not set(preview.evicted) & set(range(*preview.span))
    assert list(editor.chart.trace("evicted").x) == list(preview.evicted)
    freed = sum(preview.window_tokens[i] for i in preview.evicted) + preview.span_tokens
    freed -= editor.state.policy.word_limit * 4 // 3
    window = ManagedWindow(Budget(), max_tool_tokens=2_000)
    evict_to = window.evict_to  # the window's own bulk-eviction target
    assert preview.tokens - freed <= evict_to * preview.limit
    editor.table.filter.value = "evicted"
    assert 'class="evict"' in editor.table.html.value


def test_pin_rule_checkboxes(compacted: Transcript) -> None:
    editor = PinPolicyEditor(compacted)
    assert editor.state.preview.reasons[0] is not None  # the task (no system prompt in this log)
    editor.controls["pin_task"].value = False
    editor.controls["keep_recent"].value = 0
    task = next(i for i, m in enumerate(compacted.messages) if m["role"] == "user")
    assert editor.state.preview.reasons[task] is None
    assert task not in _pinned_x(editor)


def test_invalid_thresholds_show_an_error_and_keep_the_policy(compacted: Transcript) -> None:
    editor = PinPolicyEditor(compacted)
    editor.controls["compact_at"].value = 0.95  # above evict_at 0.90
    assert "compact_at=0.95 must be" in editor.error.value
    assert "Traceback" not in editor.error.value
    assert editor.state.policy.compact_at == 0.7


def test_correction_patterns_are_editable(hostile: Transcript) -> None:
    editor = PinPolicyEditor(hostile, policy=Policy(keep_recent=0))
    correction = 4  # "No, use src/main.py instead ..."
    assert editor.state.preview.reasons[correction] == "correction"
    editor.corrections.value = r"\bplease\b"
    assert editor.state.rules.correction_patterns == (r"\bplease\b",)
    assert editor.state.preview.reasons[correction] is None
    editor.corrections.value = "(unclosed"
    assert "line 1" in editor.pattern_problems.value
    assert editor.state.rules.correction_patterns == (r"\bplease\b",)


def test_setting_the_policy_from_code_syncs_the_controls(compacted: Transcript) -> None:
    editor = PinPolicyEditor(compacted)
    editor.policy = editor.policy.replace(keep_recent=7, strategy="hybrid", compact_at=0.6)
    assert editor.controls["keep_recent"].value == 7
    assert editor.controls["strategy"].value == "hybrid"
    assert editor.controls["compact_at"].value == 0.6
    assert list(editor.chart.trace("compact_at").y) == [0.6, 0.6]
    frame = editor.frame()
    assert frame["in_span"].sum() == editor.state.preview.span[1] - editor.state.preview.span[0]


def test_markup_in_messages_is_escaped(hostile: Transcript) -> None:
    editor = PinPolicyEditor(
        hostile,
        policy=Policy(window=2_000, reserve_completion=100, max_tool_tokens=500, keep_recent=1),
    )
    editor.upto.value = len(hostile.messages)
    for name in ("all", "span", "pinned", "evicted", "window"):
        editor.table.filter.value = name
        html = html_of(editor.widget).replace("</style>", "")
        assert "<script" not in html and "<img" not in html and "<b>bash" not in html


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    keep_recent=st.integers(0, 12),
    window=st.sampled_from([6_000, 12_000, 30_000]),
    compact_at=st.floats(0.3, 0.85),
    max_span_tokens=st.integers(200, 20_000),
    explicit=st.sets(st.integers(0, 200), max_size=6),
    upto=st.integers(1, 220),
)
def test_preview_agrees_with_a_fresh_window(
    keep_recent: int,
    window: int,
    compact_at: float,
    max_span_tokens: int,
    explicit: set[int],
    upto: int,
) -> None:
    """The cached, re-pinned window gives what a ManagedWindow built from scratch gives."""
    messages = _SESSION
    policy = Policy(
        window=window,
        reserve_completion=500,
        keep_recent=keep_recent,
        compact_at=compact_at,
        max_span_tokens=max_span_tokens,
        explicit=frozenset(explicit),
        max_tool_tokens=1_000,
    )
    preview = preview_window(messages, policy, upto=upto, _cache=_CACHE)
    fresh = policy.build_window()
    fresh.extend(messages[:upto])
    assert preview.span == fresh.next_span()
    assert list(preview.reasons) == fresh.pin_reasons()
    assert preview.tokens == fresh.tokens()


_SESSION = synthetic_session(110, seed=5)
_CACHE = __import__("working_memory.workbench._preview", fromlist=["WindowCache"]).WindowCache()
