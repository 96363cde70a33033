"""spans: the pure planning functions the window, replay and the workbench share."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory.spans import eviction_plan, find_span, mask_victims

# Ten messages: a plain turn, a tool group of three (ids 1-3), plain turns after it.
TOKENS = [10, 5, 100, 100, 20, 20, 20, 20, 20, 20]
GROUPS = [0, 1, 1, 1, 4, 5, 6, 7, 8, 9]
IDS = list(range(10))
ALL = [True] * 10


@pytest.mark.parametrize(
    ("eligible", "kwargs", "expected"),
    [
        # Grows group by group until it holds `need` tokens; the group of three stays whole.
        (ALL, {"need": 50, "min_tokens": 0, "cap": 1_000, "min_span": 2}, (0, 4)),
        # The cap stops it before the big group (a first group is always taken whole).
        (ALL, {"need": 500, "min_tokens": 0, "cap": 100, "min_span": 1}, (0, 1)),
        # A run too small to free min_tokens is skipped for the next run.
        (
            [True, False] + [True] * 8,
            {"need": 500, "min_tokens": 100, "cap": 1_000, "min_span": 2},
            (4, 10),
        ),
        # A group cut by an ineligible member cannot be split off.
        (
            [True, True, True, False] + [True] * 6,
            {"need": 500, "min_tokens": 0, "cap": 1_000, "min_span": 2},
            (4, 10),
        ),
    ],
)
def test_find_span(eligible: list[bool], kwargs: dict, expected: tuple[int, int]) -> None:
    start, end, why = find_span(TOKENS, GROUPS, IDS, eligible, **kwargs)
    assert (start, end) == expected
    assert why == ""


def test_find_span_says_why_there_is_none() -> None:
    assert find_span(TOKENS, GROUPS, IDS, [False] * 10, need=1, min_tokens=1, cap=9, min_span=1)[
        2
    ].startswith("every message is pinned")
    _, _, why = find_span(
        TOKENS, GROUPS, IDS, ALL, need=1e9, min_tokens=10_000, cap=1e9, min_span=1
    )
    assert "10000 tok" in why and "largest of 1 run(s) holds 335 tok" in why


def test_eviction_plan_drops_oldest_groups_whole_and_summaries_last() -> None:
    summary = [True] + [False] * 9
    assert eviction_plan(TOKENS, GROUPS, summary, blocked=set(), need=1) == {1}
    assert eviction_plan(TOKENS, GROUPS, summary, blocked={1}, need=30) == {4, 5}
    everything = eviction_plan(TOKENS, GROUPS, summary, blocked=set(), need=10_000)
    assert everything == set(GROUPS)
    assert eviction_plan(TOKENS, GROUPS, summary, blocked=set(), need=0) == set()


def test_mask_victims_keep_the_last_results_and_the_pinned() -> None:
    results = [False, True, True, True, True]
    masked = [False, True, False, False, False]
    pinned = [False, False, True, False, False]
    assert mask_victims(results, masked, pinned, keep=1) == [3]
    assert mask_victims(results, masked, pinned, keep=0) == [3, 4]


def _find_span_summing_every_group(  # type: ignore[no-untyped-def]
    tokens, groups, ids, eligible, *, need, min_tokens, cap, min_span
):
    """find_span as it was before it summed groups lazily: every group's tokens up front."""
    from collections import Counter

    count = len(tokens)
    group_tokens: Counter[int] = Counter()
    group_sizes: Counter[int] = Counter()
    for size, group in zip(tokens, groups, strict=True):
        group_tokens[group] += size
        group_sizes[group] += 1
    best, runs, index = 0, 0, 0
    while index < count:
        if not eligible[index]:
            index += 1
            continue
        runs += 1
        start = position = index
        total = 0
        while position < count and eligible[position]:
            group = groups[position]
            if group != ids[position]:
                break
            size = group_sizes[group]
            if position + size > count or not all(
                eligible[j] and groups[j] == group for j in range(position + 1, position + size)
            ):
                break
            if position > start and total + group_tokens[group] > cap:
                break
            total += group_tokens[group]
            position += size
            if total >= need:
                break
        if position - start >= min_span and total >= min_tokens and total > 0:
            return start, position, ""
        best = max(best, total)
        index = max(position, index + 1)
    return 0, 0, f"{runs} {best}"


@st.composite
def _windows(draw: st.DrawFn) -> tuple[list[int], list[int], list[int], list[bool]]:
    """Messages in tool groups, some groups interleaved or merged, some members ineligible."""
    count = draw(st.integers(min_value=0, max_value=30))
    tokens = draw(st.lists(st.integers(0, 60), min_size=count, max_size=count))
    groups: list[int] = []
    for i in range(count):
        # A member of an earlier group (its call's results, or a merged group), or its own.
        joins = groups and draw(st.booleans())
        groups.append(draw(st.sampled_from(groups)) if joins else i)
    eligible = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    eligible = [e or draw(st.booleans()) for e in eligible]  # mostly eligible
    return tokens, groups, list(range(count)), eligible


@settings(max_examples=500, deadline=None)
@given(
    _windows(),
    st.integers(0, 300),
    st.integers(0, 100),
    st.integers(1, 400),
    st.integers(1, 4),
)
def test_find_span_is_the_span_of_summing_every_group_first(
    window: tuple[list[int], list[int], list[int], list[bool]],
    need: int,
    min_tokens: int,
    cap: int,
    min_span: int,
) -> None:
    tokens, groups, ids, eligible = window
    settings_ = {
        "need": need,
        "min_tokens": min_tokens,
        "cap": cap,
        "min_span": min_span,
    }
    start, end, why = find_span(tokens, groups, ids, eligible, **settings_)
    old_start, old_end, old_why = _find_span_summing_every_group(
        tokens, groups, ids, eligible, **settings_
    )
    assert (start, end) == (old_start, old_end)
    if not old_why:
        assert why == ""
    elif start == end == 0 and why.startswith("no run"):
        runs, best = old_why.split()
        assert f"largest of {runs} run(s) holds {best} tok" in why


def test_find_span_refuses_lists_of_different_lengths() -> None:
    with pytest.raises(ValueError):
        find_span([1, 2], [0], [0, 1], [True, True], need=1, min_tokens=0, cap=9, min_span=1)
