"""`ManagedWindow.shrink`: recovery from a context overflow, at once and without a summariser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory import Budget, ManagedWindow
from working_memory.clients import LLMCallError
from working_memory.messages import count_orphans
from working_memory.transcripts import synthetic_session

SESSION = synthetic_session(120, seed=5)


def filled(count: int) -> ManagedWindow:
    # Over the ceiling on purpose: eviction is left to shrink() (evict_at=1.0 never fires).
    window = ManagedWindow(Budget(window=400_000), strategy="evict", evict_at=1.0)
    window.extend(SESSION[:count])
    return window


@settings(max_examples=40, deadline=None)
@given(count=st.integers(20, len(SESSION)), to=st.floats(0.01, 0.9))
def test_shrink_reaches_its_target_keeping_pairs_and_pins(count: int, to: float) -> None:
    window = filled(count)
    window.prepare()
    task = window.task_id
    before, pinned = window.tokens(), {window.ids()[i] for i in window.pinned()}
    orphans = count_orphans(window.messages)  # a cut ending on a call still open
    events = window.shrink(to=to)
    assert window.pressure() <= to or all(r is not None for r in window.pin_reasons())
    assert count_orphans(window.messages) == orphans
    assert task in window.ids() and pinned <= set(window.ids())
    assert sum(e.turns for e in events) == count - len(window)
    assert (window.tokens() < before) == bool(events)


def test_shrink_takes_the_providers_count_from_a_context_overflow() -> None:
    window = filled(len(SESSION))
    tokens = window.tokens()
    # The provider counted 30% more than the window, over its limit of the window's own size.
    error = LLMCallError(
        "too long",
        kind="context_overflow",
        provider="openai",
        model="m",
        context_limit=tokens,
        requested_tokens=int(tokens * 1.3),
    )
    events = window.shrink(error, to=0.5)
    assert events and events[0].kind == "evicted"
    # Under half the provider's limit in the provider's own count.
    assert window.tokens() * 1.3 <= 0.5 * tokens
    assert window.shrink(to=0.99) == []  # already under: nothing goes
