"""spans: the pure planning functions the window, replay and the workbench share."""

from __future__ import annotations

import pytest

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
        # The deprecated message cap still holds.
        (
            ALL,
            {"need": 500, "min_tokens": 0, "cap": 1_000, "min_span": 1, "max_messages": 3},
            (0, 1),
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
