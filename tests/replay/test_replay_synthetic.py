"""The replay on synthetic sessions: arithmetic, invariants of every strategy, edge cases."""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from working_memory.budget import Budget
from working_memory.replays._run import (
    TIMELINE_COLUMNS,
    Policy,
    ReplayCancelled,
    count_orphans,
    exact_breakdown,
    replay,
)
from working_memory.transcripts import SIM_TOOLS, RealCompaction, Transcript, synthetic_session

CATEGORIES = ("system", "overhead", "tools", "pinned", "summaries", "recent", "other")
STRATEGIES = ("compact", "mask", "hybrid", "evict")


def _checked(messages, policy, **kwargs):
    """Replay with an independent check after every prepare(): orphan scan and exact categories."""
    seen = []

    def hook(call, sent, window):
        seen.append((call, count_orphans(sent), tuple(exact_breakdown(window)), window.tokens()))

    result = replay(messages, policy, on_call=hook, **kwargs)
    return result, seen


@pytest.fixture(scope="module")
def session():
    return synthetic_session(180, seed=7)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("keep_recent", [0, 4, 11])
def test_every_strategy_keeps_the_invariants(session, strategy, keep_recent):
    policy = Policy(window=24_000, strategy=strategy, keep_recent=keep_recent)
    result, seen = _checked(session, policy, tools=SIM_TOOLS)
    stats = result.stats
    calls = sum(m["role"] == "assistant" for m in session)
    assert stats.calls == calls == len(seen)
    assert stats.orphaned_tool_calls == 0
    assert all(orphans == 0 for _, orphans, _, _ in seen)
    assert stats.task_survived and stats.pinned_survived
    assert session[1]["content"] in [m.get("content") for m in result.final_messages]
    # The incremental categories equal the window's own pin reasons at every call, and add up.
    timeline = result.timeline
    for row, (_, _, exact, tokens) in zip(timeline.itertuples(), seen, strict=True):
        mine = tuple(getattr(row, f"tokens_{c}") for c in CATEGORIES)
        assert mine == exact
        assert sum(mine) == row.tokens_total == tokens
        assert row.tokens_total <= row.unmanaged_tokens  # management never sends more
    # The strategy did what it says.
    assert stats.unmanaged_peak_pressure > 2
    assert stats.peak_pressure <= policy.evict_at + 1e-9
    if strategy == "compact":
        assert stats.compactions > 0 and stats.maskings == 0
    elif strategy == "mask":
        assert stats.maskings > 0 and stats.compactions == 0
    elif strategy == "hybrid":
        assert stats.maskings > 0 and stats.compactions > 0
    else:
        assert stats.evictions > 0 and stats.compactions == stats.maskings == 0


def test_stats_arithmetic(session):
    result = replay(session, Policy(window=24_000), tools=SIM_TOOLS)
    stats, timeline = result.stats, result.timeline
    assert list(timeline.columns) == list(TIMELINE_COLUMNS)
    assert stats.billed_tokens == timeline.tokens_total.sum()
    assert stats.unmanaged_billed_tokens == timeline.unmanaged_tokens.sum()
    assert stats.saved_share == pytest.approx(
        1 - stats.billed_tokens / stats.unmanaged_billed_tokens
    )
    assert 0 < stats.saved_share < 1
    assert stats.peak_pressure == pytest.approx(timeline.pressure.max())
    assert stats.mean_pressure == pytest.approx(timeline.pressure.mean())
    assert stats.calls_over_limit == (timeline.tokens_total > result.limit).sum()
    assert (
        stats.compactions
        == timeline.compactions.sum()
        == sum(e.kind in ("compacted", "nothing") for e in result.events)
    )
    assert stats.evictions == timeline.evictions.sum()
    assert stats.summariser_calls >= stats.compactions
    assert stats.summariser_tokens == 0  # the offline compactor spends no model tokens
    assert list(timeline.call) == list(range(1, stats.calls + 1))
    # Each call is made right before an assistant message.
    assert all(session[i]["role"] == "assistant" for i in timeline.message_index)


def test_unmanaged_size_is_the_prefix_sum_of_the_raw_transcript(session):
    policy = Policy(window=24_000)
    result = replay(session, policy, tools=SIM_TOOLS)
    budget = Budget(window=24_000, counter="approx")
    raw = [budget.message_tokens(m) for m in session]
    assert result.message_tokens == raw
    fixed = budget.tools_tokens(SIM_TOOLS) + budget.overheads.per_request
    expected = [sum(raw[:i]) + fixed for i in result.timeline.message_index]
    assert list(result.timeline.unmanaged_tokens) == expected


def test_no_management_under_the_threshold_means_identical_to_unmanaged():
    messages = synthetic_session(20, seed=3)
    result = replay(messages, Policy(max_tool_tokens=None), tools=SIM_TOOLS)
    assert result.stats.saved_share == 0
    assert result.events == []
    assert list(result.timeline.tokens_total) == list(result.timeline.unmanaged_tokens)
    assert result.final_messages == messages


def test_oversized_messages_are_replayed_truncated_and_counted():
    huge = "line of a pasted log with a path src/app/main.py:12 and error code E42\n" * 3_000
    messages = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": "Fix the bug in src/app/main.py."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": huge},
        {"role": "user", "content": huge},
        {"role": "assistant", "content": "done"},
    ]
    policy = Policy(window=16_000, max_tool_tokens=None)
    result, _ = _checked(messages, policy)
    stats = result.stats
    assert stats.oversized_messages == 2 and stats.skipped_messages == 0
    assert len(result.notes) == 2 and "replayed as a truncated copy" in result.notes[0]
    assert stats.orphaned_tool_calls == 0 and stats.task_survived
    assert stats.unmanaged_peak_pressure > 5  # the raw message really was over the budget
    assert all(row.tokens_total <= result.limit for row in result.timeline.itertuples())


def test_explicit_pins_are_transcript_indices_and_survive(session):
    # Message 30 would be compacted early; pinning it keeps it to the end.
    index = next(i for i in range(30, 60) if session[i]["role"] == "tool")
    owner = next(i for i in range(index, 0, -1) if session[i]["role"] == "assistant")
    policy = Policy(window=24_000, strategy="evict", explicit=frozenset({index}))
    result = replay(session, policy, tools=SIM_TOOLS)
    assert result.stats.pinned_survived and index in result.final_ids and owner in result.final_ids
    unpinned = replay(session, Policy(window=24_000, strategy="evict"), tools=SIM_TOOLS)
    assert index not in unpinned.final_ids


def test_cancel_stops_at_the_next_call(session):
    cancel = threading.Event()
    calls = []

    def hook(call, sent, window):
        calls.append(call)
        if call == 5:
            cancel.set()

    with pytest.raises(ReplayCancelled, match="cancelled"):
        replay(session, Policy(), cancel=cancel, on_call=hook)
    assert calls == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("messages", "error", "match"),
    [
        (
            [{"role": "user", "content": "x"}, {"role": "exit", "content": ""}],
            ValueError,
            r"message 1: role 'exit'",
        ),
        ([{"role": "user", "content": "x"}, "hello"], TypeError, r"message 1: expected a mapping"),
    ],
)
def test_bad_messages_name_their_index(messages, error, match):
    with pytest.raises(error, match=match):
        replay(messages)


def test_no_user_message_is_noted_not_a_crash():
    result = replay([{"role": "system", "content": "s"}, {"role": "assistant", "content": "hi"}])
    # no task statement: unknown (None), never reported as survived
    assert result.stats.task_survived is None and result.stats.calls == 1
    assert any("no user message" in n for n in result.notes)


def test_real_compactions_map_to_the_first_call_at_or_after_their_index():
    messages = synthetic_session(30, seed=2)
    assistants = [i for i, m in enumerate(messages) if m["role"] == "assistant"]
    target = assistants[10] - 1  # took effect just before the 11th call's message
    transcript = Transcript(
        messages=messages,
        format="test",
        compactions=[RealCompaction(index=target, trigger="auto", pre_tokens=1234, summary="S")],
    )
    result = replay(transcript)
    assert [(call, c.summary) for call, c in result.real_compactions] == [(11, "S")]
    assert list(result.timeline.real_compaction).count(True) == 1
    assert result.timeline.real_compaction[10]
    assert result.stats.real_compactions == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    turns=st.integers(5, 90),
    window=st.sampled_from([6_000, 9_000, 14_000]),
    strategy=st.sampled_from(STRATEGIES),
    keep_recent=st.integers(0, 8),
    keep_tool_results=st.integers(0, 4),
)
def test_property_invariants_hold_for_any_session(
    seed, turns, window, strategy, keep_recent, keep_tool_results
):
    messages = synthetic_session(turns, seed=seed)
    limit = int(window * 0.7) - 1_000
    policy = Policy(
        window=window,
        reserve_completion=1_000,
        strategy=strategy,
        keep_recent=keep_recent,
        keep_tool_results=keep_tool_results,
        max_tool_tokens=limit // 3,
    )
    result, seen = _checked(messages, policy, tools=SIM_TOOLS)
    assert result.stats.orphaned_tool_calls == 0
    assert all(orphans == 0 for _, orphans, _, _ in seen)
    assert result.stats.task_survived and result.stats.pinned_survived
    for row, (_, _, exact, _) in zip(result.timeline.itertuples(), seen, strict=True):
        assert tuple(getattr(row, f"tokens_{c}") for c in CATEGORIES) == exact
        assert row.tokens_total <= row.unmanaged_tokens


def test_orphans_in_a_raw_message_list_are_counted_at_every_call_they_are_sent():
    # Not from a loader (which repairs pairs): a call with no result, then a stray result.
    call = {"id": "a", "type": "function", "function": {"name": "ls", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "task"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "assistant", "content": "thinking"},  # call 2: 'a' still unanswered
        {"role": "tool", "tool_call_id": "zzz", "content": "stray"},
        {"role": "assistant", "content": "more"},  # call 3: 'a' open + stray result
        {"role": "assistant", "content": "end"},  # call 4: same
    ]
    result, seen = _checked(messages, Policy())
    per_call = [orphans for _, orphans, _, _ in seen]
    assert per_call == [0, 1, 2, 2]
    assert result.stats.orphaned_tool_calls == sum(per_call) == 5
    assert any("still unanswered" in note for note in result.notes)


def test_unknown_task_reads_unknown_in_the_report_and_the_cli(tmp_path, capsys):
    import json

    from working_memory.cli import main
    from working_memory.replays import write_report

    messages = [{"role": "system", "content": "s"}, {"role": "assistant", "content": "hi"}]
    html = write_report([replay(messages)], tmp_path / "r.html").read_text()
    assert ">unknown</td>" in html
    path = tmp_path / "taskless.jsonl"
    path.write_text("".join(json.dumps(m) + "\n" for m in messages))
    assert main(["replay", str(path)]) == 0
    # the token table's row (the cost table, which leads, has one too)
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("default")]
    row = rows[1]
    assert " unknown " in row
