"""What the model saw at each call (`Replay.call(k)`), and the replay in money."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from tests.paths import FIXTURE_FILES, FIXTURES, REAL_FILES, TRANSCRIPTS
from working_memory.replays import PRESETS, Policy, cost_verdict, log_call_views, replay
from working_memory.transcripts import load_transcript, synthetic_session

MARKS = {"kept", "resent", "added", "summarised", "masked", "evicted", "truncated"}


def _replay_with_copies(transcript, policy):
    sent_lists = []
    result = replay(
        transcript,
        policy,
        on_call=lambda call, sent, window: sent_lists.append(copy.deepcopy(sent)),
    )
    return result, sent_lists


def _check_views(result, sent_lists):
    assert len(result.deltas) == len(sent_lists) == result.stats.calls
    for k, sent in enumerate(sent_lists, 1):
        view = result.call(k)
        assert [dict(m) for m in view.messages] == sent, k
        assert len(view.marks) == len(view.messages) == len(view.ids)
        assert set(view.marks) | {m for _, m in view.removed} <= MARKS
        assert 0 <= view.cached_messages <= len(view.messages)
        assert view.cache is not None and view.cache.total == view.tokens


@pytest.mark.parametrize("preset", ["small-window-32k", "masking", "evict-only"])
def test_each_call_view_is_exactly_what_prepare_returned(preset):
    session = synthetic_session(turns=60, seed=3)
    policy = dataclasses.replace(PRESETS[preset], window=12_000, reserve_completion=1_000)
    result, sent_lists = _replay_with_copies(session, policy)
    _check_views(result, sent_lists)
    changes = [result.call(k).changes() for k in range(1, result.stats.calls + 1)]
    assert any(c for c in changes if set(c) - {"added"}), "the policy never rewrote the window"


def test_deltas_are_differences_not_copies():
    result, _ = _replay_with_copies(
        synthetic_session(turns=60, seed=3), Policy(window=12_000, reserve_completion=1_000)
    )
    stored = sum(len(d.tail) for d in result.deltas)
    full = sum(len(result.call(k).messages) for k in range(1, result.stats.calls + 1))
    assert stored < full / 3
    assert result.stats.cache_breaks >= result.stats.compactions > 0


def test_a_compaction_is_marked_and_breaks_the_cached_prefix():
    result, _ = _replay_with_copies(
        synthetic_session(turns=60, seed=3), Policy(window=12_000, reserve_completion=1_000)
    )
    k = next(
        k for k, d in enumerate(result.deltas, 1) if any(m == "summarised" for *_, m in d.tail)
    )
    before, view = result.call(k - 1), result.call(k)
    assert view.cached_messages < len(before.messages)
    assert "summarised" in view.changes()
    diff = view.compare(before)
    assert diff["only_here"] and diff["only_there"]
    assert view.cache.read < before.tokens  # the rewrite is not read from the cache


def test_replay_costs_with_the_cache_on_a_priced_model():
    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    result = replay(t, Policy(window=12_000, reserve_completion=1_000))
    s = result.stats
    assert s.model and s.cost_usd is not None and s.unmanaged_cost_usd is not None
    assert s.cost_usd == pytest.approx(sum(result.column("cost_usd")))
    assert s.cache_read_tokens == sum(result.column("cache_read"))
    assert s.saved_cost_share == pytest.approx(1 - s.cost_usd / s.unmanaged_cost_usd)


def test_no_price_means_no_cost_and_a_token_verdict():
    result = replay(synthetic_session(turns=20, seed=1), Policy())
    assert result.stats.cost_usd is None
    assert "no price" in cost_verdict({"default": result.stats})[0]


def test_verdict_names_the_cheapest_and_a_policy_that_saves_tokens_but_costs_more():
    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    a = replay(t, Policy()).stats
    b = replay(t, Policy(window=12_000, reserve_completion=1_000)).stats
    lines = cost_verdict({"default": a, "small": b})
    assert lines[0].startswith("Cheapest: ")
    dearer = dataclasses.replace(b, cost_usd=(b.unmanaged_cost_usd or 0) * 1.5)
    lines = cost_verdict({"default": a, "small": dearer})
    assert any("saves" in line and "costs" in line and "more" in line for line in lines)


def test_the_log_as_it_ran_call_by_call():
    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    views = log_call_views(t)
    assert len(views) == sum(c.total_input_tokens > 0 for c in t.calls)
    after = [v for v in views if v.ids and v.ids[0] < 0]
    assert after and after[0].marks[0] == "summarised" and after[0].cached_messages == 0
    assert all(v.billed is not None for v in views)


@pytest.mark.corpus
def test_views_on_a_real_log_with_a_compaction():
    t = load_transcript(TRANSCRIPTS / REAL_FILES["claude-code-compaction"])
    result, sent_lists = _replay_with_copies(t, PRESETS["small-window-32k"])
    _check_views(result, sent_lists)
    assert result.stats.compactions > 0 and result.stats.cost_usd is not None
    views = log_call_views(t)
    assert any(v.ids and v.ids[0] < 0 for v in views)  # the production compaction


def test_report_leads_with_cost_and_lists_the_rewritten_calls():
    from working_memory.replays import render_report

    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    small = dataclasses.replace(PRESETS["masking"], window=6_000, reserve_completion=500)
    page = render_report([replay(t, Policy(), name="default"), replay(t, small, name="small")])
    assert page.index("Cost with the prompt cache") < page.index("<h2>Totals</h2>")
    assert "Cheapest: " in page
    assert 'data-policy="small"' in page and "$" in page
    assert "rewrote the window" in page and "data-call=" in page


def test_deeper_rarer_compactions_break_the_cache_less_often():
    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    small = {"window": 6_000, "reserve_completion": 500}
    shallow = replay(t, dataclasses.replace(PRESETS["default"], **small)).stats
    deep = replay(t, dataclasses.replace(PRESETS["deep-compaction"], **small)).stats
    assert shallow.compactions > 0 and deep.compactions > 0
    assert deep.cache_breaks < shallow.cache_breaks
    assert deep.cost_usd < shallow.cost_usd


@pytest.mark.corpus
def test_deeper_rarer_compactions_cost_less_on_the_real_deepseek_log():
    t = load_transcript(TRANSCRIPTS / REAL_FILES["openai-sqlfluff"])
    base = PRESETS["small-window-32k"]
    deep = dataclasses.replace(base, compact_at=0.85, compact_to=0.35, evict_at=0.95)
    a, b = replay(t, base).stats, replay(t, deep).stats
    assert a.saved_share > 0 and a.cost_usd > a.unmanaged_cost_usd  # saves tokens, costs more
    assert "costs" in " ".join(cost_verdict({"small": a, "deep": b}))
    assert b.cache_breaks < a.cache_breaks and b.cost_usd < b.unmanaged_cost_usd


@pytest.mark.parametrize("key", ["claude-code-compaction", "codex"])
@pytest.mark.parametrize("preset", ["default", "masking", "deep-compaction"])
def test_every_call_of_a_real_fixture_log_is_what_prepare_returned_stored_as_differences(
    key, preset
):
    t = load_transcript(FIXTURES / FIXTURE_FILES[key])
    policy = dataclasses.replace(PRESETS[preset], window=6_000, reserve_completion=500)
    result, sent_lists = _replay_with_copies(t, policy)
    _check_views(result, sent_lists)
    calls = result.stats.calls
    assert calls >= 15
    # Stored: only the messages after each call's unchanged prefix, so the new messages once
    # and, at each call that rewrote the window, what it resent after the rewrite.
    stored = sum(len(d.tail) for d in result.deltas)
    rewritten = [
        k
        for k, d in enumerate(result.deltas[1:], 2)
        if d.removed or d.kept < len(sent_lists[k - 2])
    ]
    bound = len(t.messages) + 1 + sum(len(sent_lists[k - 1]) for k in rewritten)
    assert stored <= bound, (stored, bound)
    assert len(rewritten) <= result.stats.cache_breaks + result.stats.truncations
    marks = {m for k in range(1, calls + 1) for m in result.call(k).changes()}
    assert {"added", "truncated"} <= marks  # the log's long tool results are cut at append
    assert marks & {"summarised", "masked", "evicted"}  # and the small window rewrote it


@pytest.mark.parametrize("key", ["claude-code-compaction", "codex"])
def test_a_full_window_stores_each_message_once_not_once_per_call(key):
    t = load_transcript(FIXTURES / FIXTURE_FILES[key])
    result, sent_lists = _replay_with_copies(t, PRESETS["default"])
    _check_views(result, sent_lists)
    stored = sum(len(d.tail) for d in result.deltas)
    full = sum(len(sent) for sent in sent_lists)  # a copy per call
    assert stored <= len(t.messages) + 1 < full / 4, (stored, full)


def test_a_truncated_tool_result_is_marked_on_the_call_that_first_sent_it():
    t = load_transcript(FIXTURES / FIXTURE_FILES["claude-code-compaction"])
    result = replay(t, Policy())
    cut = {e.message_ids[0] for e in result.events if e.kind == "truncated"}
    assert cut and result.stats.truncations == len(cut)
    marked = set()
    for k in range(1, result.stats.calls + 1):
        view = result.call(k)
        marked |= {i for i, m in zip(view.ids, view.marks, strict=True) if m == "truncated"}
        # Once sent, it is in the cached prefix of the next call, not marked again.
        if k > 1:
            before = result.call(k - 1)
            assert not {
                i for i, m in zip(view.ids, view.marks, strict=True) if m == "truncated"
            } & set(before.ids)
    assert marked == cut
