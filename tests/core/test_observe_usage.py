"""`ManagedWindow.observe_usage`: the provider's billed input corrects the estimate live."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory import Budget, ExtractiveCompactor, ManagedWindow
from working_memory.transcripts import synthetic_session

SESSION = synthetic_session(100, seed=13)


@settings(max_examples=20, deadline=None)
@given(factor=st.floats(0.5, 3.0), strategy=st.sampled_from(["compact", "evict"]))
def test_the_window_keeps_to_the_limit_in_the_providers_count(factor: float, strategy: str) -> None:
    """A provider that counts `factor` times what the window counts: once told, every context
    after the first stays under evict_at of the budget in the provider's tokens."""
    budget = Budget(window=32_000)
    window = ManagedWindow(budget, compactor=ExtractiveCompactor(), strategy=strategy)
    sent = 0
    for message in SESSION:
        window.append(message)
        if message["role"] != "assistant":
            continue
        window.prepare()
        billed = round(window.tokens() * factor)
        if sent and not all(r is not None for r in window.pin_reasons()):
            assert billed <= window.evict_at * budget.limit * 1.02 + 8
        window.observe_usage({"prompt_tokens": billed})
        sent += 1
    assert abs(window.usage_scale - factor) < 0.05 * factor + 0.01


def test_usage_shapes_and_nonsense() -> None:
    window = ManagedWindow(Budget(window=32_000), messages=SESSION[:10])
    window.prepare()
    tokens = window.tokens()
    anthropic = SimpleNamespace(input_tokens=tokens, cache_read_input_tokens=tokens // 2)
    assert abs(window.observe_usage(anthropic) - 1.5) < 0.01
    window.prepare()
    langchain = {"usage_metadata": {"input_tokens": round(window.tokens() * 1.5)}}
    assert abs(window.observe_usage(langchain) - 1.5) < 0.01  # the same ratio again
    limit = window.limit
    assert window.observe_usage(None) == window.usage_scale
    assert window.observe_usage(window.tokens() * 100) == window.usage_scale  # off by 100x
    assert window.limit == limit
