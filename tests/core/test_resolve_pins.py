"""resolve_pins marks only the positions each rule pins; it must give, position by position,
the reasons of a pass that judges every position by the whole chain of rules."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory.pins import (
    STATIC_CORRECTION,
    STATIC_PLAN,
    STATIC_SYSTEM,
    PinPolicy,
    PinReason,
    resolve_pins,
)


def _every_position(  # the rule chain applied to each position, as resolve_pins once did
    policy: PinPolicy,
    *,
    roles: Sequence[str],
    static: Sequence[int],
    ids: Sequence[int],
    summary: Sequence[bool],
    groups: Sequence[int],
    task_id: int | None,
    explicit: frozenset[int],
) -> list[PinReason | None]:
    count = len(roles)
    reasons: list[PinReason | None] = [None] * count
    latest_plan = -1
    if policy.pin_plan:
        for index in range(count - 1, -1, -1):
            if static[index] & STATIC_PLAN and not summary[index]:
                latest_plan = index
                break
    recent_from = count - policy.keep_recent
    all_explicit = explicit | policy.explicit
    first_correction = 0
    if policy.pin_corrections and policy.max_corrections is not None:
        remaining = policy.max_corrections
        first_correction = count
        for index in range(count - 1, -1, -1):
            if remaining <= 0:
                break
            if static[index] & STATIC_CORRECTION and not summary[index]:
                first_correction = index
                remaining -= 1
    for index in range(count):
        flags = static[index]
        reason: PinReason | None = None
        if policy.pin_system and flags & STATIC_SYSTEM:
            reason = "system"
        elif policy.pin_task and task_id is not None and ids[index] == task_id:
            reason = "task"
        elif index == latest_plan:
            reason = "plan"
        elif (
            policy.pin_corrections
            and flags & STATIC_CORRECTION
            and not summary[index]
            and index >= first_correction
        ):
            reason = "correction"
        elif ids[index] in all_explicit:
            reason = "explicit"
        elif index >= recent_from:
            reason = "recent"
        reasons[index] = reason
    pinned_groups = {groups[i] for i in range(count) if reasons[i] is not None}
    for index in range(count):
        if reasons[index] is None and groups[index] in pinned_groups:
            reasons[index] = "group"
    return reasons


@st.composite
def _windows(draw: st.DrawFn) -> dict:
    count = draw(st.integers(0, 40))
    # Flags in any combination (a summary's flags too), mostly none as in real windows.
    static = draw(
        st.lists(
            st.one_of(st.just(0), st.just(0), st.integers(0, 7)), min_size=count, max_size=count
        )
    )
    ids = draw(st.permutations(range(-5, count + 5)))[:count]
    groups: list[int] = []
    for i in range(count):
        joins = groups and draw(st.booleans())
        groups.append(draw(st.sampled_from(groups)) if joins else ids[i])
    return {
        "roles": ["user"] * count,
        "static": static,
        "ids": ids,
        "summary": draw(st.lists(st.booleans(), min_size=count, max_size=count)),
        "groups": groups,
        "task_id": draw(st.one_of(st.none(), st.sampled_from(ids or [0]), st.just(999))),
        "explicit": frozenset(draw(st.lists(st.integers(-5, count + 5), max_size=4))),
    }


_POLICIES = st.builds(
    PinPolicy,
    keep_recent=st.integers(0, 8),
    pin_system=st.booleans(),
    pin_task=st.booleans(),
    pin_plan=st.booleans(),
    pin_corrections=st.booleans(),
    max_corrections=st.one_of(st.none(), st.integers(0, 4)),
    explicit=st.frozensets(st.integers(-5, 45), max_size=3),
)


@settings(max_examples=1000, deadline=None)
@given(_POLICIES, _windows())
def test_resolve_pins_is_the_rule_chain_at_every_position(policy: PinPolicy, window: dict) -> None:
    assert resolve_pins(policy, **window) == _every_position(policy, **window)
