"""`ManagedWindow.copy()`: a copy taken at any point and driven on with the rest of a session
ends in the same state as one window driven with the whole session, and driving the copy
leaves the original as it was."""

from __future__ import annotations

from collections import Counter, deque
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from working_memory import Budget, ManagedWindow, PinPolicy
from working_memory.window import STRATEGIES

from .helpers import fake_compactor

op = st.one_of(
    st.tuples(st.just("user"), st.integers(1, 300)),
    st.tuples(st.just("assistant"), st.integers(1, 300)),
    st.tuples(st.just("tools"), st.integers(1, 3), st.integers(1, 2_000)),
    st.tuples(st.just("orphan"), st.integers(1, 50)),  # a call the next turn leaves unanswered
    st.tuples(st.just("correction"), st.integers(0, 0)),
    st.tuples(st.just("plan"), st.integers(1, 30)),
    st.tuples(st.just("pin"), st.integers(0, 10_000)),
    st.tuples(st.just("prepare"), st.integers(0, 0)),
)


def _window(strategy: str, keep_recent: int) -> ManagedWindow:
    return ManagedWindow(
        budget=Budget(window=8_000, reserve_completion=500, counter="estimate"),
        pins=PinPolicy(keep_recent=keep_recent),
        compactor=fake_compactor(),  # the same reply every time: both paths get the same
        max_tool_tokens=800,
        compact_at=0.5,
        evict_at=0.8,
        strategy=strategy,
        clock=lambda: 0.0,  # shared by a copy: a clock that moves would tell them apart
    )


def _apply(window: ManagedWindow, n: int, kind: str, args: list[int]) -> None:
    if kind == "prepare":
        window.prepare()
    elif kind == "pin":
        ids = [i for i in window.ids() if i >= 0]
        if ids:
            window.pin(ids[args[0] % len(ids)])
    elif kind == "user":
        window.append({"role": "user", "content": f"u{n} " + "word " * args[0]})
    elif kind == "assistant":
        window.append({"role": "assistant", "content": f"a{n} " + "token " * args[0]})
    elif kind == "correction":
        window.append({"role": "user", "content": f"No, use the staging database for step {n}."})
    elif kind == "plan":
        window.append({"role": "assistant", "content": "Plan:\n" + "- step\n" * args[0]})
    elif kind == "orphan":
        call = {"id": f"o{n}", "type": "function", "function": {"name": "sh", "arguments": "{}"}}
        window.append({"role": "assistant", "content": None, "tool_calls": [call]})
    else:
        calls, size = args
        ids = [f"c{n}_{k}" for k in range(calls)]
        window.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": i, "type": "function", "function": {"name": "sh", "arguments": "{}"}}
                    for i in ids
                ],
            }
        )
        for i in ids:
            window.append({"role": "tool", "tool_call_id": i, "content": "out\n" * size})


def _drive(window: ManagedWindow, ops: list[tuple[Any, ...]], start: int = 0) -> None:
    for n, (kind, *args) in enumerate(ops[start:], start):
        _apply(window, n, kind, args)


def _state(window: ManagedWindow) -> tuple[Any, ...]:
    """Everything a caller can read of a window, and the plans its passes would make."""
    return (
        window.messages,
        window.ids(),
        window.pin_reasons(),
        window.message_tokens(),
        window.tokens(),
        window.breakdown(),
        window.next_span(),
        window.eviction_plan(),
        window.masking_plan(),
        window.unpaired(),
        window.open_tool_calls,
        window.events,
        window.pressure_log,
        window.calls,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ops=st.lists(op, min_size=4, max_size=80),
    cut=st.integers(0, 80),
    strategy=st.sampled_from(STRATEGIES),
    keep_recent=st.integers(0, 6),
)
# A call still open at the copy, closed by the copy's next turn; results masked in the copy
# only; a pin and a compaction after the copy.
@example(ops=[("user", 5), ("orphan", 1), ("user", 5)], cut=2, strategy="compact", keep_recent=0)
@example(
    ops=[("user", 5)] + [("tools", 1, 2_000)] * 6 + [("prepare", 0)],
    cut=4,
    strategy="mask",
    keep_recent=1,
)
@example(
    ops=[("user", 200)] * 3 + [("pin", 1), ("tools", 2, 1_500), ("prepare", 0)] * 3,
    cut=3,
    strategy="compact",
    keep_recent=2,
)
def test_a_copy_goes_on_as_the_window_would(
    ops: list[tuple[Any, ...]], cut: int, strategy: str, keep_recent: int
) -> None:
    cut = min(cut, len(ops))
    straight = _window(strategy, keep_recent)
    _drive(straight, ops)

    original = _window(strategy, keep_recent)
    _drive(original, ops[:cut])
    before = _state(original)
    twin = original.copy()
    _drive(twin, ops, cut)

    assert _state(twin) == _state(straight)
    assert _state(original) == before  # the copy's appends, pins and prepares stayed its own


def test_a_copy_shares_no_container_with_its_window() -> None:
    """Every list, dict, set or deque the window holds is its own in a copy: an attribute added
    later that the copy would share fails here until `copy()` copies it."""
    window = _window("compact", 2)
    _drive(window, [("user", 5), ("tools", 2, 50), ("orphan", 3), ("pin", 0), ("prepare", 0)])
    twin = window.copy()
    containers = (list, dict, set, deque, Counter)
    for name, value in vars(window).items():
        if isinstance(value, containers):
            assert vars(twin)[name] is not value, f"the copy shares {name}"
    for mine, its in zip(window._entries, twin._entries, strict=True):
        assert mine is not its and mine.message is its.message
    assert twin._held is not window._held
