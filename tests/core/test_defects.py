"""One test per defect of the design reference's code (issue 2). Each docstring says how the
reference code fails the same scenario."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from working_memory import Budget, Compactor, JsonlArchive, ManagedWindow, PinPolicy, read_archive

from .helpers import ScriptedClient, fake_compactor, fill, make_window, orphans, tool_exchange

PROVIDER_KEYS = {"role", "content", "tool_calls", "tool_call_id", "name"}


def contents(window: ManagedWindow) -> str:
    return "\n".join(m.get("content") or "" for m in window.messages)


def test_1_fresh_summary_is_not_the_first_thing_evicted() -> None:
    """Reference design: `_evict_once` pops the first unpinned index, which is the summary just inserted."""
    window = make_window(max_span_tokens=700, max_compactions_per_prepare=1)
    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": "TASK: port the parser"})
    fill(window, turns=90)
    assert window.pressure() > window.evict_at
    window.prepare()
    kinds = [e.kind for e in window.events]
    assert kinds[:2] == ["compacted", "evicted"]
    assert "turns compacted" in contents(window)
    assert window.pressure() <= window.evict_at


def test_2_summaries_are_never_fed_back_to_the_compactor() -> None:
    """Reference design: a summary is an ordinary unpinned user turn, so the next span includes it."""
    client = ScriptedClient(default="- fact: /srv/app/main.py line 12")
    window = make_window(compactor=Compactor(client))
    window.append({"role": "user", "content": "TASK: keep going"})
    for turn in range(400):
        fill(window, turns=1, start=turn)
        window.prepare()
    assert len(client.requests) >= 5
    for request in client.requests:
        assert "earlier turns compacted" not in request[0]["content"]
    # Old summaries go by eviction, never by re-compaction.
    assert sum(e.kind == "compacted" for e in window.events) == len(client.requests)


def test_3_eviction_removes_whole_tool_groups() -> None:
    """Reference design: eviction pops single messages, leaving a call without its results (or the reverse)."""
    window = make_window(compactor=None)
    window.append({"role": "user", "content": "TASK: run the tools"})
    for n in range(60):
        tool_exchange(window, n, calls=3, size=30)
    assert window.pressure() > window.evict_at
    sent = window.prepare()
    assert any(e.kind == "evicted" for e in window.events)
    assert orphans(sent) == (set(), set())


def test_3_compaction_spans_respect_groups_with_explicit_pins_inside() -> None:
    """Reference design: an explicit pin on a tool result splits its group, and the span cut orphans it."""
    window = make_window()
    window.append({"role": "user", "content": "TASK: run the tools"})
    for n in range(70):
        tool_exchange(window, n, calls=2, size=30)
        if n == 3:
            window.pin(window.ids()[-1])  # pin the second result of group 3
    for _ in range(5):
        sent = window.prepare()
        assert orphans(sent) == (set(), set())
    assert any(e.kind == "compacted" for e in window.events)
    text = contents(window)
    assert "output of call_3_0" in text and "output of call_3_1" in text


def test_4_explicit_pins_follow_the_message() -> None:
    """Reference design: `explicit` holds list indices, which point at other messages after a compaction."""
    window = make_window()
    window.append({"role": "user", "content": "TASK: refactor"})
    fill(window, turns=20)
    window.append({"role": "user", "content": "REMEMBER: the staging DSN is pg://stage:5432/app"})
    pinned_id = window.ids()[-1]
    window.pin(pinned_id)
    policy_pinned = window.ids()[10]
    window.pins = replace(window.pins, explicit=frozenset({policy_pinned}))
    pinned_text = window.messages[10]["content"]
    for turn in range(200):
        fill(window, turns=1, start=100 + turn)
        window.prepare()
    assert sum(e.kind == "compacted" for e in window.events) >= 3
    assert "pg://stage:5432/app" in contents(window)
    assert pinned_text in [m["content"] for m in window.messages]


def test_5_task_stays_pinned_when_the_log_starts_with_tool_calls() -> None:
    """Reference design: the summary (role user) lands before the task and becomes the 'first user turn'."""
    window = make_window()
    for n in range(3):
        tool_exchange(window, n, size=40)  # the agent explores before the user speaks
    window.append({"role": "user", "content": "TASK: fix the flaky test in tests/test_io.py"})
    for turn in range(150):
        fill(window, turns=1, start=turn)
        window.prepare()
    assert any(e.kind == "compacted" for e in window.events)
    assert "TASK: fix the flaky test" in contents(window)
    reasons = dict(
        zip([m.get("content") for m in window.messages], window.pin_reasons(), strict=True)
    )
    assert reasons["TASK: fix the flaky test in tests/test_io.py"] == "task"
    for message, reason in zip(window.messages, window.pin_reasons(), strict=True):
        if "turns compacted" in (message.get("content") or ""):
            assert reason != "task"


def test_7_a_single_unpinned_message_does_not_block_compaction() -> None:
    """Reference design: `next_span` stops at the first unpinned run; too short, so it returns (0, 0)."""
    window = make_window()
    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": "TASK: tidy the repo"})
    window.append({"role": "assistant", "content": "Looking."})  # a run of one
    window.append(
        {"role": "user", "content": "No, use the staging database instead."}
    )  # pinned correction
    fill(window, turns=60)
    window.prepare()
    assert any(e.kind == "compacted" for e in window.events)
    assert "Looking." in contents(window)


def test_8_a_summary_not_smaller_than_its_span_is_rejected() -> None:
    """Reference design: any non-NOTHING reply replaces the span, even one longer than the span."""
    client = ScriptedClient(default="very long summary " * 2_000)
    window = make_window(compactor=Compactor(client))
    fill(window, turns=60)
    window.prepare()
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    assert failed and "than its span" in failed[0].reason
    assert "very long summary" not in contents(window)
    assert len(client.requests) == 1  # not retried in the same prepare()


def test_8_low_gain_compaction_is_not_repeated_the_window_evicts_instead() -> None:
    """Reference design: compacts again on the next call however little the last pass freed."""
    client = ScriptedClient(default="- fact: /srv/a/b.py " * 300)  # a summary ~3/4 of its span
    window = make_window(compactor=Compactor(client), min_gain=0.1, max_span_tokens=2_000)
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=60)
    window.prepare()
    assert len(client.requests) == 1
    evicted = [e for e in window.events if e.kind == "evicted"]
    assert evicted and "min_gain" in evicted[0].reason
    assert window.pressure() <= window.compact_at
    window.prepare()
    assert len(client.requests) == 1  # under the threshold now: no second summariser call


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"window": 4096}, "limit of -1133"),
        ({"window": 8000, "ratio": 0.5}, "limit of 0"),
        ({"window": 0}, "positive"),
        ({"ratio": 1.5}, "ratio"),
        ({"reserve_completion": -1}, "negative"),
    ],
)
def test_9_budget_validates_itself(kwargs: dict[str, float], match: str) -> None:
    """Reference design: `Budget(window=4096)` gives a negative limit and every message is 'over budget'."""
    with pytest.raises(ValueError, match=match):
        Budget(counter="estimate", **kwargs)  # type: ignore[arg-type]


def test_9_max_tool_tokens_over_the_limit_is_rejected() -> None:
    with pytest.raises(ValueError, match="max_tool_tokens=20000 is larger than the budget"):
        ManagedWindow(
            budget=Budget(window=16_000, reserve_completion=1_000, counter="estimate"),
            max_tool_tokens=20_000,
        )


def test_10_prepare_returns_only_provider_keys(tmp_path) -> None:
    """Reference design: the summary dict carries `_compacted`, which providers reject as an unknown field."""
    window = make_window(archive=JsonlArchive(tmp_path / "a.jsonl"))
    tool_exchange(window, 0)
    fill(window, turns=80)
    for message in window.prepare():
        assert set(message) <= PROVIDER_KEYS, message.keys()
    assert any(e.kind == "compacted" for e in window.events)
    json.dumps(window.prepare())  # and it serialises as-is


def test_nothing_is_lost_with_an_archive(tmp_path) -> None:
    archive = JsonlArchive(tmp_path / "archive.jsonl")
    window = make_window(archive=archive, compactor=fake_compactor())
    appended = []
    window.append({"role": "user", "content": "TASK: everything"})
    appended.append(0)
    for turn in range(300):
        before = len(window.ids())
        if turn % 7 == 0:
            tool_exchange(window, turn, calls=2, size=2_000)
        else:
            fill(window, turns=1, start=turn)
        appended.extend(window.ids()[before:])
        window.prepare()
    records = read_archive(archive.path)
    archived = {
        r["window_id"]
        for r in records
        if r["reason"] in ("compacted", "evicted") and r["window_id"] >= 0
    }
    kept = {i for i in window.ids() if i >= 0}
    assert kept | archived == set(appended)
    assert not kept & archived
    # Truncated tool results keep their full text in the archive too.
    truncated = [r for r in records if r["reason"] == "truncated"]
    assert truncated and all("line\n" * 1_900 in r["message"]["content"] for r in truncated)
    # The marker names where the span went.
    markers = [
        m["content"] for m in window.messages if "turns compacted" in (m.get("content") or "")
    ]
    assert markers and str(archive.path) in markers[-1]


def test_prepare_under_the_threshold_counts_nothing() -> None:
    class CountingCounter:
        name = "counting"

        def __init__(self) -> None:
            self.calls = 0

        def count(self, text: str) -> int:
            self.calls += 1
            return len(text) // 4 + 1

    counter = CountingCounter()
    window = ManagedWindow(budget=Budget(window=16_000, reserve_completion=1_000, counter=counter))
    fill(window, turns=10)
    calls = counter.calls
    for _ in range(100):
        window.prepare()
    assert counter.calls == calls
    assert window.pressure_log[-1] == window.pressure()


def test_failed_summariser_never_raises_and_the_span_is_archived(tmp_path) -> None:
    client = ScriptedClient(replies=[TimeoutError("read timed out after 30s")])
    archive = JsonlArchive(tmp_path / "a.jsonl")
    window = make_window(compactor=Compactor(client), archive=archive)
    fill(window, turns=60)
    window.prepare()
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    assert failed and "TimeoutError" in failed[0].reason
    assert len(read_archive(archive.path)) == failed[0].turns
    assert "compaction failed" in str(failed[0])


def test_pin_policy_pure_function_matches_the_window() -> None:
    window = make_window()
    window.append({"role": "system", "content": "sys"})
    window.append({"role": "user", "content": "TASK: a"})
    window.append({"role": "assistant", "content": "Plan:\n1. read\n2. write"})
    fill(window, turns=3)
    window.append({"role": "user", "content": "Actually, use tabs."})
    fill(window, turns=3)
    assert PinPolicy().pin_reasons(window.messages) == window.pin_reasons()
    assert window.pin_reasons()[:4] == ["system", "task", "plan", None]


def test_appending_to_the_returned_list_is_caught_loudly() -> None:
    window = make_window()
    fill(window, turns=2)
    sent = window.prepare()
    sent.append({"role": "assistant", "content": "oops"})
    with pytest.raises(RuntimeError, match=r"window\.append"):
        window.prepare()
