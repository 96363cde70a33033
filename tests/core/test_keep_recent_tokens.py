"""`PinPolicy.keep_recent_tokens`: the newest messages up to N tokens are pinned as recent,
beside the count of `keep_recent` (either limit pins the more)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory import Budget, ExtractiveCompactor, ManagedWindow, PinPolicy
from working_memory.transcripts import synthetic_session

SESSION = synthetic_session(80, seed=11)


def newest_within(window: ManagedWindow, budget: int) -> set[int]:
    ids, tokens, total, kept = window.ids(), window.message_tokens(), 0, set()
    for ident, count in zip(reversed(ids), reversed(tokens), strict=True):
        if total + count > budget:
            break
        total += count
        kept.add(ident)
    return kept


@settings(max_examples=25, deadline=None)
@given(budget=st.integers(0, 6_000), strategy=st.sampled_from(["compact", "evict", "hybrid"]))
def test_the_newest_tokens_survive_every_prepare(budget: int, strategy: str) -> None:
    window = ManagedWindow(
        Budget(window=32_000),
        PinPolicy(keep_recent=1, keep_recent_tokens=budget),
        compactor=ExtractiveCompactor(),
        strategy=strategy,
    )
    for message in SESSION:
        window.append(message)
        if message["role"] != "assistant":
            continue
        kept = newest_within(window, budget)
        reasons = dict(zip(window.ids(), window.pin_reasons(), strict=True))
        assert all(reasons[i] is not None for i in kept)
        window.prepare()
        assert kept <= set(window.ids())
    assert window.breakdown().recent >= 0


def test_the_token_rule_reaches_further_than_the_count() -> None:
    messages = SESSION[:40]
    count_only = PinPolicy(keep_recent=2)
    both = PinPolicy(keep_recent=2, keep_recent_tokens=10**9)
    tokens = [10] * len(messages)
    assert sum(r == "recent" for r in count_only.pin_reasons(messages, tokens=tokens)) == 2
    assert all(r is not None for r in both.pin_reasons(messages, tokens=tokens))
    assert both.pin_reasons(messages) == count_only.pin_reasons(messages)  # no counts: off


def test_a_negative_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="keep_recent_tokens"):
        PinPolicy(keep_recent_tokens=-1)
