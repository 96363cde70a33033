"""The message-count trigger and the cache-aware gate (`_triggers.py`), in the window."""

from __future__ import annotations

import argparse

import pytest

from working_memory import Budget, ManagedWindow, WindowSettings
from working_memory._triggers import Always, PaysForRewrite, Rewrite, Trigger, gate_for
from working_memory.cli._common import add_policy_options, policy_from

from .helpers import fake_compactor, orphans, tool_exchange

TASK = "TASK: investigate the logs"


def big_window(**settings: object) -> ManagedWindow:
    # 200k tokens: pressure stays far under compact_at; only the count trigger can fire.
    return ManagedWindow(
        budget=Budget(window=200_000, reserve_completion=1_000, counter="estimate"),
        compactor=fake_compactor(),
        **settings,
    )


def start(window: ManagedWindow) -> None:
    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": TASK})


def test_the_count_trigger_fires_under_low_pressure_and_keeps_the_count_down() -> None:
    window = big_window(compact_at_messages=20)
    start(window)
    counts = []
    for n in range(40):
        tool_exchange(window, n, size=30)
        window.append({"role": "assistant", "content": f"step {n} done"})
        sent = window.prepare()
        counts.append(len(sent))
        assert orphans(sent) == (set(), set())
        assert window.pressure() < 0.1
    compacted = [e for e in window.events if e.kind == "compacted"]
    assert compacted, [str(e) for e in window.events]
    assert max(counts) <= 20, counts
    # Each compaction goes down to 0.7 x 20 messages (a steady cadence, not one per call).
    assert len(compacted) < 40 // 3
    assert TASK in [m.get("content") for m in window.messages]


def test_without_the_count_trigger_the_same_session_never_compacts() -> None:
    window = big_window()
    start(window)
    for n in range(40):
        tool_exchange(window, n, size=30)
        window.prepare()
    assert not [e for e in window.events if e.kind == "compacted"]
    assert len(window.messages) > 80


def test_either_trigger_may_fire() -> None:
    window = ManagedWindow(
        budget=Budget(window=8_000, reserve_completion=500, counter="estimate"),
        compactor=fake_compactor(),
        compact_at_messages=10_000,  # never reached: pressure fires
    )
    start(window)
    for n in range(40):
        tool_exchange(window, n, size=150)
        window.prepare()
    assert [e for e in window.events if e.kind == "compacted"]
    assert window.pressure() <= window.evict_at


def test_trigger_values() -> None:
    trigger = Trigger.of(WindowSettings(compact_at_messages=50))
    assert trigger.due(tokens=10, limit=1_000, messages=50) is None
    due = trigger.due(tokens=10, limit=1_000, messages=51)
    assert due is not None and due.messages == 51 - 35 and due.tokens == 0
    assert due.by == "message count"
    both = trigger.due(tokens=800, limit=1_000, messages=60)
    assert both is not None and both.by == "pressure and message count"
    assert both.tokens == pytest.approx(800 - 0.7 * 0.7 * 1_000)
    with pytest.raises(ValueError, match="compact_at_messages=1 must be at least 2"):
        WindowSettings(compact_at_messages=1)


def test_the_gate_is_the_cache_arithmetic() -> None:
    gate = PaysForRewrite(horizon=10, read=0.1, write=1.25)
    # Freeing 1,000 tok saves 100 a call; rewriting 1,000 costs 1,150 once: 11.5 calls.
    small = Rewrite(freed=1_000, rewritten=1_000)
    assert gate.calls_to_pay(small) == pytest.approx(11.5)
    assert gate.saving(small) == pytest.approx(-150)
    refused = gate.refuses(small)
    assert refused is not None and "after 12 calls" in refused
    assert gate.refuses(Rewrite(freed=2_000, rewritten=1_000)) is None
    assert Always().refuses(small) is None
    assert isinstance(gate_for(WindowSettings()), Always)
    openai = gate_for(
        WindowSettings(rewrite_pays_over=10, cache_read_share=0.1, cache_write_share=1.0)
    )
    assert isinstance(openai, PaysForRewrite)
    # No write premium: the rewrite costs 0.9 x what it re-sends.
    assert openai.calls_to_pay(small) == pytest.approx(9.0)


def session(window: ManagedWindow, exchanges: int) -> None:
    start(window)
    for n in range(exchanges):
        tool_exchange(window, n, size=120)
        window.append({"role": "assistant", "content": f"step {n} looked at the output"})
        window.prepare()
        assert window.pressure() <= window.evict_at + 1e-9
        assert orphans(window.messages) == (set(), set())


def small_budget() -> Budget:
    return Budget(window=12_000, reserve_completion=500, counter="estimate")


def test_cache_aware_compaction_rewrites_less_often_and_goes_deeper() -> None:
    plain = ManagedWindow(budget=small_budget(), compactor=fake_compactor())
    aware = ManagedWindow(budget=small_budget(), compactor=fake_compactor(), rewrite_pays_over=8)
    session(plain, 80)
    session(aware, 80)
    plain_rewrites = [e for e in plain.events if e.kind == "compacted"]
    aware_rewrites = [e for e in aware.events if e.kind == "compacted"]
    assert 0 < len(aware_rewrites) < len(plain_rewrites), (
        len(aware_rewrites),
        len(plain_rewrites),
    )

    # Fewer rewrites, each taking more: the same work done in bigger pieces.
    def mean_turns(events: list) -> float:
        return sum(e.turns for e in events) / len(events)

    assert mean_turns(aware_rewrites) > 1.5 * mean_turns(plain_rewrites)
    assert TASK in [m.get("content") for m in aware.messages]


def test_a_rewrite_that_cannot_pay_waits_until_evict_at() -> None:
    # Spans capped at 400 tok can never pay for rewriting the rest at horizon 2: the
    # compaction waits (a `deferred` event) while evict_at is further than that away.
    settings = {"max_span_tokens": 400, "min_gain": 0.0}
    plain = ManagedWindow(budget=small_budget(), compactor=fake_compactor(), **settings)
    aware = ManagedWindow(
        budget=small_budget(), compactor=fake_compactor(), rewrite_pays_over=2, **settings
    )
    session(plain, 60)
    session(aware, 60)
    deferred = [e for e in aware.events if e.kind == "deferred"]
    assert deferred and all("cache-aware" in e.reason for e in deferred)
    assert "rewrite_pays_over=2" in str(deferred[0])
    compacted = [e for e in aware.events if e.kind == "compacted"]
    assert compacted
    # It waits until evict_at is within the horizon (about 2 calls' growth away), then
    # compacts: waiting longer would only make the rewrite's tail longer.
    growth = aware._appended_tokens / aware.calls / aware.limit
    assert min(e.pressure_before for e in compacted) >= aware.evict_at - 2 * growth - 0.01
    assert min(e.pressure_before for e in plain.events if e.kind == "compacted") < 0.75


def test_a_rewrite_that_pays_at_once_is_never_deferred() -> None:
    # A horizon of 1,000 calls: every compaction pays; the same events as without the gate.
    plain = ManagedWindow(budget=small_budget(), compactor=fake_compactor())
    aware = ManagedWindow(
        budget=small_budget(), compactor=fake_compactor(), rewrite_pays_over=1_000
    )
    session(plain, 60)
    session(aware, 60)
    assert [e.kind for e in aware.events] == [e.kind for e in plain.events]
    assert aware.messages == plain.messages


def test_cache_aware_masking_waits_for_a_rewrite_that_pays() -> None:
    plain = ManagedWindow(budget=small_budget(), strategy="mask")
    aware = ManagedWindow(budget=small_budget(), strategy="mask", rewrite_pays_over=1)
    session(plain, 60)
    session(aware, 60)
    plain_masks = [e for e in plain.events if e.kind == "masked"]
    aware_masks = [e for e in aware.events if e.kind == "masked"]
    assert [e for e in aware.events if e.kind == "deferred"]
    assert len(aware_masks) < len(plain_masks)


def test_the_cache_settings_are_flags_and_a_write_price_above_one_is_accepted() -> None:
    parser = argparse.ArgumentParser()
    add_policy_options(parser)
    args = parser.parse_args(
        ["--rewrite-pays-over", "12", "--cache-write-share", "1.25", "--compact-at-messages", "40"]
    )
    policy = policy_from(args)
    assert (policy.rewrite_pays_over, policy.cache_write_share) == (12, 1.25)
    assert policy.compact_at_messages == 40
    with pytest.raises(SystemExit):
        parser.parse_args(["--cache-write-share", "5"])
