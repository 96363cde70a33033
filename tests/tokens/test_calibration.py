"""Calibration from billed usage: the fit, the Budget it yields, and held-out accuracy on real logs."""

from __future__ import annotations

import dataclasses
import warnings

import pytest

import working_memory.tokens
from tests.paths import require_corpus
from tests.tokens.stand_ins import Call, Log
from working_memory import (
    Budget,
    ManagedWindow,
    calibrate,
    check_counts,
    context_window,
    load_transcript,
)
from working_memory.tokens import (
    GENERIC,
    EstimateCounter,
    ScaledCounter,
    available_counters,
    get_counter,
    held_out,
    message_tokens,
    set_context_window,
)
from working_memory.transcripts import RealCompaction


def _synthetic(scale: float, per_request: int, n: int = 12) -> Log:
    """A log whose provider bills `per_request + scale * text + structure` on every call."""
    counter = EstimateCounter()
    messages = []
    calls = []
    for i in range(n):
        messages.append({"role": "user", "content": "word " * (60 * (i + 1))})
        messages.append({"role": "assistant", "content": "ok " * (10 + 7 * i)})
        text = sum(counter.count(m["content"]) for m in messages)
        structure = GENERIC.per_message * len(messages)
        calls.append(Call(i, len(messages) - 1, round(per_request + scale * text + structure)))
    return Log(messages, calls)


def test_fit_recovers_scale_and_per_request_overhead():
    log = _synthetic(scale=1.3, per_request=14_000)
    cal = calibrate(log, counter="estimate")
    assert cal.scale == pytest.approx(1.3, abs=0.01)
    assert cal.per_request == pytest.approx(14_000, abs=60)
    assert cal.median_error < 0.005
    assert cal.model == "claude-sonnet-4-5"
    assert [g.kind for g in cal.missing] == ["per_request"]  # no system prompt in the log
    assert cal.complete


def test_check_counts_applies_the_calibration():
    log = _synthetic(scale=0.8, per_request=3_000)
    cal = calibrate(log, counter="estimate")
    plain = check_counts(log, "estimate")
    fixed = check_counts(log, calibration=cal)
    assert plain.warning() is not None  # far off the bill, uncalibrated: say so
    assert "calibrate" in plain.warning()
    assert fixed.warning() is None
    assert fixed.off_by < 0.01 < plain.off_by
    assert fixed.counter == "estimate, calibrated"
    with pytest.raises(ValueError, match="fitted with the 'estimate' counter"):
        check_counts(log, "cl100k", calibration=cal)


def test_calibration_yields_a_budget_and_applies_once():
    log = _synthetic(scale=1.25, per_request=9_000)
    cal = calibrate(log, counter="estimate")
    budget = Budget.calibrated(cal, window=200_000)
    assert isinstance(budget.token_counter, ScaledCounter)
    assert budget.overheads.per_request == cal.per_request
    # Re-applying (dataclasses.replace re-runs __post_init__) must not scale twice.
    again = dataclasses.replace(budget, window=150_000)
    assert again.token_counter.scale == budget.token_counter.scale
    assert again.token_counter.inner.name == "estimate"
    assert again.overheads.per_request == cal.per_request
    same = Budget(window=200_000, counter=budget.token_counter, calibration=cal)
    assert same.token_counter == budget.token_counter
    # A ManagedWindow with that budget counts what the provider billed for the last call.
    window = ManagedWindow(budget=budget)
    for message in log.messages:
        window.append(message)
    assert window.tokens() == pytest.approx(log.calls[-1].total_input_tokens, rel=0.01)
    with pytest.raises(ValueError, match="fitted with the 'estimate' counter"):
        Budget(counter="approx", calibration=cal)


def test_budget_default_window_comes_from_the_model():
    cal = calibrate(_synthetic(1.0, 100), counter="estimate")
    assert Budget.calibrated(cal).window == 200_000  # claude-sonnet-4-5


def test_too_few_calls_is_a_clear_error():
    log = _synthetic(1.0, 100, n=1)
    with pytest.raises(ValueError, match="at least 2"):
        calibrate(log)


def test_calls_selects_what_the_fit_sees():
    log = _synthetic(1.1, 5_000)
    assert calibrate(log, slice(0, 4), counter="estimate").calls == 4
    assert calibrate(log, [1, 3, 5], counter="estimate").calls == 3


def test_first_call_after_a_compaction_sees_the_summary():
    # The call whose last message is k-1 produced message k, the first after a compaction at k:
    # it saw the summary, not the messages the compaction replaced. (Counted the old context
    # before: a ratio of 3.16 on a real Claude Code log.)
    counter = EstimateCounter()
    messages = [{"role": "user", "content": "x" * 4_000} for _ in range(6)]
    log = Log(
        messages,
        [Call(0, 3, 5_000), Call(1, 4, 300), Call(2, 5, 1_300)],
        compactions=[RealCompaction(index=5, trigger="auto", pre_tokens=5_000, summary="short")],
    )
    check = check_counts(log, counter)
    summary = message_tokens({"role": "user", "content": "short"}, counter)
    first_after = check.calls[1]
    assert first_after.messages == 1
    assert first_after.counted == summary + GENERIC.per_request
    assert check.calls[2].counted == summary + message_tokens(messages[5], counter) + 4


def test_the_old_counter_name_and_class_are_gone():
    with pytest.raises(ValueError, match="unknown token counter 'calibrated'"):
        get_counter("calibrated")
    assert "calibrated" not in available_counters()
    assert not hasattr(working_memory.tokens, "CalibratedCounter")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert get_counter().name == "approx"


def test_context_windows_table_and_overrides(monkeypatch):
    assert context_window("claude-opus-4-6") == 200_000
    assert context_window("anthropic/claude-3-5-sonnet-20241022") == 200_000
    assert context_window("gpt-4o-2024-08-06") == 128_000
    assert context_window("gpt-4o-mini") == 128_000
    assert context_window("gpt-4.1-mini") == 1_047_576
    assert context_window("GPT-4") == 8_192
    assert context_window("o1-mini") == 128_000
    assert context_window("some-model") is None
    assert context_window(None) is None
    set_context_window("some-model", 32_000)
    try:
        assert context_window("some-model-v2") == 32_000
        assert Budget.for_model("some-model").window == 32_000
    finally:
        set_context_window("some-model", None)
    monkeypatch.setenv("WM_CONTEXT_WINDOWS", "claude-=100000")
    assert context_window("claude-opus-4-6") == 100_000
    monkeypatch.setenv("WM_CONTEXT_WINDOWS", "oops")
    with pytest.raises(ValueError, match="WM_CONTEXT_WINDOWS"):
        context_window("claude-opus-4-6")
    monkeypatch.delenv("WM_CONTEXT_WINDOWS")
    with pytest.raises(ValueError, match="not in the context-window table"):
        Budget.for_model("some-model")
    assert Budget.for_model("gpt-4o", ratio=0.5).limit == 64_000 - 4_000


# -- real logs ---------------------------------------------------------------------------------

# What each log of the shared corpus is: "complete" when its messages carry everything the
# provider billed but a constant per-request part (system prompt, tool schemas), "omits" when
# context the provider billed is not in the messages (files re-attached after a compaction,
# encrypted reasoning, reasoning kept beside the messages, an @-mentioned file).
CATEGORIES = {
    "claude-code/d-kimuson__claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl": "complete",
    # '@CLAUDE.md' in a slash command: Claude Code attaches the file.
    "claude-code/d-kimuson__claude-code-viewer__5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl": "omits",
    "openai/SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json": "complete",
    "openai/SWE-agent__mini-swe-agent__deepseek_reasoner_dev__sqlfluff__sqlfluff-1517.traj.json": "omits",
    "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl": "omits",
    "codex/codemie-ai__codemie-code__rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl": "omits",
}


def _real(name: str):
    return load_transcript(require_corpus() / name)


def _threads(transcript):
    yield transcript
    yield from transcript.threads.values()


@pytest.mark.parametrize("name", sorted(CATEGORIES))
def test_held_out_targets_on_every_log_with_usage(name):
    """Fitted on the first half of the calls, the second half: complete logs within 5% median and
    10% p90; logs that omit billed context within 15% median, and the fit says what is missing."""
    tested = 0
    main = _real(name)
    for thread in _threads(main):
        if sum(1 for c in thread.calls if c.total_input_tokens > 0) < 6:
            continue
        tested += 1
        result = held_out(thread)
        full = calibrate(thread)
        category = "complete" if full.complete else "omits"
        if thread is main:
            assert category == CATEGORIES[name]
        assert result.median_error < result.uncalibrated_median_error
        if category == "complete":
            assert result.median_error <= 0.05
            assert result.p90_error <= 0.10
        else:
            assert result.median_error <= 0.15
            assert {g.kind for g in full.missing} - {"per_request"}
    assert tested


def test_spotter_log_calibrated_figures():
    transcript = _real("claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl")
    plain = check_counts(transcript, "approx")
    assert plain.median < 0.7  # the log carries no system prompt nor tool schemas
    # The first call after the real compaction is counted against the summary now.
    assert max(c.ratio for c in plain.calls) < 1.5
    cal = calibrate(transcript)
    fixed = check_counts(transcript, calibration=cal)
    assert abs(fixed.median - 1) < 0.03
    assert cal.per_request > 20_000
    assert any(g.kind == "compaction" for g in cal.missing)
    assert Budget.calibrated(calibrate(transcript)).window == 200_000


def test_deepseek_reasoner_bill_tracks_reasoning_content():
    name = (
        "openai/SWE-agent__mini-swe-agent__deepseek_reasoner_dev__sqlfluff__sqlfluff-1517.traj.json"
    )
    cal = calibrate(_real(name))
    assert cal.reasoning
    assert any(g.kind == "reasoning" for g in cal.missing)
    assert abs(check_counts(_real(name), calibration=cal).median - 1) < 0.02


def test_a_compaction_inside_the_fitted_calls_does_not_break_the_fit():
    # The context shrinks at message 12 (a summary replaces messages[:12]); the provider bills
    # the same way before and after: the fit still recovers scale and overhead.
    counter = EstimateCounter()
    messages = [{"role": "user", "content": "word " * (40 + 9 * i)} for i in range(24)]
    summary = "the summary " * 20
    compaction = RealCompaction(index=12, trigger="auto", pre_tokens=None, summary=summary)
    calls = []
    for i, last in enumerate(range(1, 24, 2)):
        seen = messages[12 : last + 1] if last + 1 > 12 else messages[: last + 1]
        texts = [m["content"] for m in seen] + ([summary] if last + 1 > 12 else [])
        text = sum(counter.count(t) for t in texts)
        calls.append(Call(i, last, round(5_000 + 1.2 * text + GENERIC.per_message * len(texts))))
    log = Log(messages, calls, compactions=[compaction])
    cal = calibrate(log, counter="estimate")
    assert cal.scale == pytest.approx(1.2, abs=0.01)
    assert cal.per_request == pytest.approx(5_000, abs=30)
    assert cal.complete  # nothing re-attached after the compaction: nothing else missing


def test_the_gaps_name_redacted_text_and_context_added_after_a_compaction():
    counter = EstimateCounter()
    messages = [{"role": "user", "content": "word " * 50} for _ in range(20)]
    messages[3]["content"] += " [REDACTED_TEXT len=4000 sha=ab12]"
    messages[5]["content"] += " see @src/app.py and @docs/notes.md, not me@example.com"
    compaction = RealCompaction(index=10, trigger="auto", pre_tokens=None, summary="short")
    calls = []
    for i, last in enumerate(range(1, 20, 2)):
        after = last + 1 > 10
        seen = messages[10 : last + 1] if after else messages[: last + 1]
        text = sum(counter.count(m["content"]) for m in seen)
        # After compacting, the agent re-attached 3,000 tokens of files the log does not show.
        calls.append(Call(i, last, 2_000 + text + 4 * len(seen) + (3_000 if after else 0)))
    cal = calibrate(Log(messages, calls, compactions=[compaction]), slice(0, 5), counter="estimate")
    kinds = {g.kind: g for g in cal.missing}
    assert "redacted" in kinds
    assert "4,000 characters" in kinds["redacted"].text
    assert "2 @-mentioned file(s) (@docs/notes.md, @src/app.py)" in kinds["mentioned"].text
    assert "compaction" in kinds
    assert kinds["compaction"].tokens == pytest.approx(3_000, rel=0.1)
    assert not cal.complete
