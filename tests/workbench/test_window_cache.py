"""The preview's window cache going back and forth on a long log: every step gives what a
window built from the first message gives, and a step back starts from a checkpoint."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from working_memory.replays import Policy
from working_memory.transcripts import Transcript, synthetic_session
from working_memory.workbench._preview import WindowCache, preview_window

_SESSION = synthetic_session(520, seed=11)  # 1,000+ messages: checkpoints at 256, 512, ...
_POLICY = Policy(window=30_000, reserve_completion=500, keep_recent=3, max_tool_tokens=800)


def _fresh(upto: int) -> tuple[object, ...]:
    window = _POLICY.build_window()
    window.extend(_SESSION[:upto])
    return window.next_span(), window.pin_reasons(), window.tokens(), window.breakdown()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(st.integers(0, len(_SESSION)), min_size=2, max_size=6))
def test_every_step_agrees_with_a_fresh_window(moves: list[int]) -> None:
    cache = WindowCache()
    for upto in moves:
        window = cache.get(_SESSION, _POLICY, _POLICY.pin_policy(), upto, None)
        got = (window.next_span(), window.pin_reasons(), window.tokens(), window.breakdown())
        assert got == _fresh(upto), upto
        preview = preview_window(_SESSION, _POLICY, upto=upto, _cache=cache)
        assert preview.span == got[0] and preview.tokens == got[2]


def test_a_step_back_starts_from_the_checkpoint_before_it() -> None:
    cache, pins = WindowCache(), _POLICY.pin_policy()
    every = cache.spacing(len(_SESSION))
    assert every == 256 < len(_SESSION) // 3
    last = cache.get(_SESSION, _POLICY, pins, 3 * every + 40, None)
    assert sorted(cache.checkpoints) == [every, 2 * every, 3 * every]
    back = cache.get(_SESSION, _POLICY, pins, 3 * every + 10, None)
    assert back is not last and len(back) == 3 * every + 10
    assert [len(w) for w in cache.checkpoints.values()] == [every, 2 * every, 3 * every]
    # Before the first checkpoint there is none to start from: built from the first message.
    assert len(cache.get(_SESSION, _POLICY, pins, every - 1, None)) == every - 1
    # Another log (or budget) is another key: its checkpoints start again.
    cache.get(_SESSION[:-1], _POLICY, pins, 10, None)
    assert cache.checkpoints == {}


def test_a_switch_back_to_a_counter_takes_up_its_window_again() -> None:
    cache, pins = WindowCache(), _POLICY.pin_policy()
    other = dataclasses.replace(_POLICY, counter="estimate")
    assert other.counter != _POLICY.counter
    first = cache.get(_SESSION, _POLICY, pins, 600, None)
    second = cache.get(_SESSION, other, pins, 600, None)
    assert second is not first and second.tokens() != first.tokens()
    assert cache.get(_SESSION, _POLICY, pins, 600, None) is first  # kept, not recounted
    # Its checkpoints were not kept: a step back builds anew, and makes them on its way.
    back = cache.get(_SESSION, other, pins, 300, None)
    assert len(back) == 300 and back.tokens() == _fresh_with(other, 300)
    assert sorted(cache.checkpoints) == [256]
    # A copy of the log (another list, the same length) is never taken for the kept one.
    assert cache.get(list(_SESSION), _POLICY, pins, 600, None) is not first
    for n in range(WindowCache.KEPT + 1):  # at most KEPT other budgets are kept
        cache.get(_SESSION, dataclasses.replace(_POLICY, window=20_000 + n), pins, 10, None)
    assert len(cache._kept) == WindowCache.KEPT
    # A log too long to keep windows of other budgets for: none is kept.
    cache.KEPT_MESSAGES = len(_SESSION) - 1
    cache.get(_SESSION, _POLICY, pins, 10, None)
    assert len(cache._kept) == 0
    assert cache.get(_SESSION, other, pins, 10, None) is not second


def _fresh_with(policy: Policy, upto: int) -> int:
    window = policy.build_window()
    window.extend(_SESSION[:upto])
    return window.tokens()


def test_a_counter_switched_back_recounts_and_repins_nothing() -> None:
    from working_memory.budget import Budget
    from working_memory.workbench._policy_state import PolicyState
    from working_memory.workbench._state import TranscriptState

    transcript = Transcript(_SESSION, format="openai")
    state = PolicyState(TranscriptState(transcript), _POLICY)
    first, reasons = state.tokens, state.whole_reasons()
    state.update(counter="estimate")
    other = state.tokens
    assert other != first
    assert other == [Budget(counter="estimate").message_tokens(m) for m in transcript.messages]
    state.update(counter=_POLICY.counter)
    assert state.tokens is first  # kept: not recounted
    assert state.whole_reasons() == reasons
    # A new log with the same messages in another list is counted again, not taken for it.
    state.transcript.set_runs([Transcript(list(_SESSION), format="openai")])
    assert state.tokens is not first and state.tokens == first
