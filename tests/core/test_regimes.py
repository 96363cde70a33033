"""The window in the regimes real agents hit: short messages, misbehaving summarisers,
content a provider accepts, results before calls, failing archives, throttling summarisers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from working_memory import (
    Budget,
    ExtractiveCompactor,
    JsonlArchive,
    ManagedWindow,
    PinPolicy,
    read_archive,
)
from working_memory.protocols import CompactionResult

from .helpers import fake_compactor, fill, make_window

BIG = Budget(window=128_000)


def recount(window: ManagedWindow) -> int:
    """What a fresh window over the same messages would count."""
    return window.budget.used(window.messages, window.tools)


def short_session(window: ManagedWindow, until: float) -> None:
    window.append({"role": "system", "content": "You are a coding agent."})
    window.append({"role": "user", "content": "TASK: refactor billing"})
    i = 0
    while window.pressure() < until:
        window.append(
            {
                "role": "user" if i % 2 else "assistant",
                "content": f"Step {i}: I checked src/billing/ledger.py and the tests still pass.",
            }
        )
        i += 1


def band_window(*, keep_recent: int) -> ManagedWindow:
    """A small window that stays between compact_at and evict_at (evict_at near 1)."""
    return ManagedWindow(
        budget=Budget(window=16_000, counter="estimate"),
        pins=PinPolicy(keep_recent=keep_recent),
        compactor=fake_compactor(),
        evict_at=0.99,
    )


class CountingPins:
    """Counts how often the window resolves its pins: the O(n) step of every span search."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = ManagedWindow.pin_reasons

        def counted(window: ManagedWindow) -> Any:
            self.calls += 1
            return real(window)

        monkeypatch.setattr(ManagedWindow, "pin_reasons", counted)


# -- 1. short messages ---------------------------------------------------------------------
def test_short_messages_compact_instead_of_stalling() -> None:
    window = ManagedWindow(budget=BIG, compactor=ExtractiveCompactor())
    short_session(window, until=0.85)
    assert len(window) > 1_000  # thousands of short turns: 40 of them free far under min_gain
    window.prepare()
    kinds = [e.kind for e in window.events]
    assert kinds[0] == "compacted", kinds
    assert window.pressure() <= window.compact_at
    assert "evicted" not in kinds


def test_short_tool_loop_compacts_at_a_steady_cadence() -> None:
    window = ManagedWindow(budget=Budget(window=32_000), compactor=ExtractiveCompactor())
    window.append({"role": "system", "content": "You are a coding agent."})
    window.append({"role": "user", "content": "TASK: make the suite pass"})
    for n in range(1_500):
        window.prepare()
        window.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"c{n}",
                        "type": "function",
                        "function": {"name": "sh", "arguments": f'{{"cmd": "pytest t{n}.py"}}'},
                    }
                ],
            }
        )
        window.append(
            {"role": "tool", "tool_call_id": f"c{n}", "content": f"one {n}\ntwo ok\n3 passed"}
        )
    kinds = Counter(e.kind for e in window.events)
    assert kinds["compacted"] >= 5, kinds
    # Only surplus old summaries are evicted, never history that could have been compacted.
    evicted = [e for e in window.events if e.kind == "evicted"]
    assert all("max_summaries" in e.reason for e in evicted), [e.reason for e in evicted]
    assert max(window.pressure_log) <= window.evict_at


def test_span_is_bounded_by_tokens() -> None:
    window = ManagedWindow(
        budget=BIG, compactor=ExtractiveCompactor(), max_span_tokens=5_000, min_gain=0.01
    )
    short_session(window, until=0.75)
    start, end = window.next_span()
    span_tokens = sum(window.message_tokens()[start:end])
    assert 0.01 * window.limit <= span_tokens <= 5_000
    assert end - start > 40  # more messages than the old max_span could take


def test_max_span_is_a_deprecated_alias_that_still_caps_messages() -> None:
    with pytest.deprecated_call():
        window = make_window(max_span=6, min_gain=0.0)
    fill(window, turns=60)
    start, end = window.next_span()
    assert 0 < end - start <= 6


def test_no_qualifying_span_says_why_once_and_stops_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every turn is recent-pinned: no span can ever qualify until much more has arrived.
    window = band_window(keep_recent=10_000)
    short_session(window, until=0.8)
    pins = CountingPins(monkeypatch)
    for _ in range(300):
        window.prepare()
    skipped = [e for e in window.events if e.kind == "compaction_skipped"]
    assert len(skipped) == 1
    assert "pinned" in skipped[0].reason and "next search after" in skipped[0].reason
    assert pins.calls == 1  # the pin/span search ran once, not once per prepare()
    # Enough new tokens make the window look again.
    for i in range(40):
        window.append({"role": "assistant", "content": f"more work {i} " * 4})
    assert window.pressure() < window.evict_at
    window.prepare()
    assert pins.calls == 2
    assert [e.kind for e in window.events] == ["compaction_skipped"] * 2


def test_prepare_in_the_band_is_amortised(monkeypatch: pytest.MonkeyPatch) -> None:
    """Appending short turns in the band between compact_at and evict_at: the pin and span
    search runs about once per min_gain of new tokens, not on every call."""
    window = band_window(keep_recent=300)
    short_session(window, until=0.75)
    pins = CountingPins(monkeypatch)
    for i in range(200):
        window.append({"role": "assistant", "content": f"step {i} fine"})
        window.prepare()
    assert pins.calls <= 10, pins.calls


def test_pin_changes_make_the_window_search_again() -> None:
    window = band_window(keep_recent=10_000)
    short_session(window, until=0.8)
    window.prepare()
    assert window.events[-1].kind == "compaction_skipped"
    window.pins = PinPolicy(keep_recent=4)
    window.prepare()
    assert window.events[-1].kind == "compacted"


# -- 2. accounting ---------------------------------------------------------------------------
class Returns:
    """A compactor that returns what it is given, in turn (raising exceptions it is given)."""

    def __init__(self, *results: Any) -> None:
        self.results = list(results)
        self.calls = 0

    def compact(self, span: Sequence[dict[str, Any]]) -> Any:
        self.calls += 1
        result = self.results.pop(0) if len(self.results) > 1 else self.results[0]
        if isinstance(result, BaseException):
            raise result
        if callable(result):
            return result(span)
        return result


def test_rejected_summary_leaves_the_totals_true() -> None:
    oversize = CompactionResult("fact " * 20_000)
    window = make_window(compactor=Returns(oversize))
    window.append({"role": "system", "content": "sys"})
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=60)
    window.prepare()
    assert any("not smaller than its span" in e.reason for e in window.events)
    assert window.tokens() == recount(window)
    assert window.pressure() < 0.7


@pytest.mark.parametrize(
    "result",
    [
        None,
        "a bare string",
        CompactionResult(12345),  # type: ignore[arg-type]
        CompactionResult("ok", prompt_tokens=float("inf"), completion_tokens=-3),  # type: ignore[arg-type]
        CompactionResult("ok", prompt_tokens="12"),  # type: ignore[arg-type]
        RuntimeError("boom"),
    ],
    ids=["none", "str", "int-summary", "inf-usage", "str-usage", "raises"],
)
def test_a_misbehaving_compactor_never_breaks_prepare(result: Any) -> None:
    window = make_window(compactor=Returns(result))
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=60)
    window.prepare()
    assert window.tokens() == recount(window)
    assert window.summariser_tokens >= 0
    kinds = {e.kind for e in window.events}
    assert kinds & {"compacted", "compaction_failed"}


# -- 3. content a provider accepts -------------------------------------------------------------
def test_lone_surrogate_never_breaks_prepare(tmp_path: Any) -> None:
    window = make_window(archive=JsonlArchive(tmp_path / "a.jsonl"))
    window.append({"role": "user", "content": "TASK: go"})
    window.append({"role": "user", "content": "broken \ud800 text " * 30})
    fill(window, turns=60)
    for _ in range(3):
        window.prepare()
    records = read_archive(tmp_path / "a.jsonl")
    archived = {r["window_id"]: r["message"] for r in records if r["reason"] == "compacted"}
    assert archived[1] == {"role": "user", "content": "broken \ud800 text " * 30}  # lossless
    assert any(e.kind == "compacted" for e in window.events)


@pytest.mark.parametrize(
    ("tool_calls", "field"),
    [
        ("call_1", "'tool_calls' must be a list"),
        ({"id": "x"}, "'tool_calls' must be a list"),
        ([None], "'tool_calls[0]' must be an object"),
        ([{"id": "x", "function": "bash"}], "'tool_calls[0]'.function must be an object"),
    ],
)
def test_malformed_tool_calls_are_refused_and_change_nothing(tool_calls: Any, field: str) -> None:
    window = make_window()
    window.append({"role": "user", "content": "TASK: go"})
    before = (window.messages, window.ids(), window.tokens(), window.open_tool_calls)
    with pytest.raises(ValueError, match="message 1 \\(assistant\\)") as info:
        window.append({"role": "assistant", "content": None, "tool_calls": tool_calls})
    assert field in str(info.value)
    assert (window.messages, window.ids(), window.tokens(), window.open_tool_calls) == before
    window.append({"role": "assistant", "content": "fine"})  # the window still works
    assert window.ids() == [0, 1]


def test_a_result_before_its_call_does_not_leave_the_call_open_forever() -> None:
    window = make_window(min_gain=0.0)
    window.append({"role": "user", "content": "TASK: go"})
    window.append({"role": "tool", "tool_call_id": "early", "content": "output"})
    call = {"id": "early", "type": "function", "function": {"name": "sh", "arguments": "{}"}}
    window.append({"role": "assistant", "content": None, "tool_calls": [call]})
    assert window.open_tool_calls == 1  # waiting for a result, as a call should
    window.append({"role": "user", "content": "go on"})
    assert window.open_tool_calls == 0  # the next turn closes it: its group can go
    fill(window, turns=60)
    window.prepare()
    assert 2 not in window.ids()  # the unanswered call was compacted or evicted like any turn


# -- 4. Anthropic format -------------------------------------------------------------------------
def anthropic_exchange(n: int, *, calls: int = 1, size: int = 200) -> list[dict[str, Any]]:
    ids = [f"toolu_{n}_{k}" for k in range(calls)]
    return [
        {
            "role": "assistant",
            "content": [{"type": "text", "text": f"Running step {n}."}]
            + [
                {"type": "tool_use", "id": i, "name": "bash", "input": {"cmd": f"ls {n}"}}
                for i in ids
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": i, "content": f"out {i}\n" + "line\n" * size}
                for i in ids
            ],
        },
    ]


def anthropic_pairing_ok(messages: Sequence[dict[str, Any]]) -> bool:
    """Each tool_result answers a tool_use in the immediately preceding assistant turn, and
    each tool_use is answered in the turn right after it."""
    for index, message in enumerate(messages):
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        results = {b["tool_use_id"] for b in blocks if b.get("type") == "tool_result"}
        uses = {b["id"] for b in blocks if b.get("type") == "tool_use"}
        if results:
            previous = messages[index - 1] if index else {}
            before = previous.get("content") if isinstance(previous.get("content"), list) else []
            if previous.get("role") != "assistant" or not results <= {
                b["id"] for b in before if b.get("type") == "tool_use"
            }:
                return False
        if uses:
            following = messages[index + 1] if index + 1 < len(messages) else None
            if following is None:
                continue  # still waiting for its results
            after = following.get("content") if isinstance(following.get("content"), list) else []
            if not uses <= {b.get("tool_use_id") for b in after if b.get("type") == "tool_result"}:
                return False
    return True


def test_anthropic_tool_use_and_result_form_one_group() -> None:
    window = make_window()
    window.append({"role": "user", "content": "TASK: go"})
    for message in anthropic_exchange(1, calls=2):
        window.append(message)
    assert window.open_tool_calls == 0
    assert window.pin_reasons()[1:] == ["recent", "recent"]
    from working_memory.messages import tool_groups

    assert tool_groups(window.messages) == [0, 1, 1]


def test_anthropic_tool_result_turn_is_never_the_task_or_a_correction() -> None:
    window = make_window()
    call = {"type": "tool_use", "id": "t1", "name": "bash", "input": {}}
    window.append({"role": "assistant", "content": [call]})
    window.append(
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "No, wrong file."}],
        }
    )
    window.append({"role": "user", "content": "TASK: the real task"})
    reasons = PinPolicy(keep_recent=0).pin_reasons(window.messages)
    assert reasons == [None, None, "task"]
    assert window.message_rules(1) == (False, False)


def test_anthropic_groups_are_compacted_and_evicted_whole() -> None:
    window = make_window()
    window.append({"role": "user", "content": "TASK: go"})
    for n in range(40):
        for message in anthropic_exchange(n, size=250):
            window.append(message)
        window.prepare()
        assert anthropic_pairing_ok(window.messages)
    kinds = {e.kind for e in window.events}
    assert "compacted" in kinds
    assert window.tokens() == recount(window)


def test_anthropic_tool_results_are_truncated_at_write_time() -> None:
    window = make_window(max_tool_tokens=100)
    window.append({"role": "user", "content": "TASK: go"})
    for message in anthropic_exchange(1, calls=2, size=2_000):
        window.append(message)
    blocks = window.messages[-1]["content"]
    assert [b["type"] for b in blocks] == ["tool_result", "tool_result"]
    assert all("chars dropped" in b["content"] for b in blocks)
    assert [e.kind for e in window.events] == ["truncated", "truncated"]
    assert window.tokens() == recount(window)


def test_anthropic_tool_results_are_masked() -> None:
    window = make_window(strategy="mask", keep_tool_results=1, compactor=None)
    window.append({"role": "user", "content": "TASK: go"})
    for n in range(30):
        for message in anthropic_exchange(n, size=400):
            window.append(message)
    window.prepare()
    masked = [
        b["content"]
        for m in window.messages
        if isinstance(m.get("content"), list)
        for b in m["content"]
        if b.get("type") == "tool_result" and "result masked" in str(b.get("content"))
    ]
    assert masked and all(text.startswith("[bash result masked:") for text in masked)
    assert anthropic_pairing_ok(window.messages)
    assert window.tokens() == recount(window)


# -- archive failures ------------------------------------------------------------------------------
class BrokenArchive:
    def write(self, messages: Sequence[Any], *, reason: str, ids: Sequence[int]) -> str:
        raise OSError(28, "No space left on device")


def test_a_failing_archive_loses_nothing_and_blocks_nothing() -> None:
    window = make_window(archive=BrokenArchive())
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=80)
    before = set(window.ids())
    window.prepare()
    # The window relieved its pressure as usual (it used to stay over, "everything pinned")...
    assert window.pressure() <= window.evict_at
    assert not any(e.kind == "over_budget" for e in window.events)
    # ...and every message that left is held in memory for the archive, and said so.
    left = before - set(window.ids())
    assert left and left == {i for i, _ in window.pending_archive}
    assert any("not yet archived" in e.reason for e in window.events)


# -- 6. the window side of a throttling summariser --------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def throttled(retry_after: float | None) -> CompactionResult:
    return CompactionResult(None, reason="HTTP 429", error="RateLimited", retry_after=retry_after)


def test_a_throttled_summariser_is_not_called_again_before_its_retry_time() -> None:
    clock = Clock()
    summariser = Returns(throttled(30.0), CompactionResult("- fact: /src/a.py"))
    window = make_window(compactor=summariser, clock=clock, evict_at=0.99)
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=60)
    window.prepare()
    assert summariser.calls == 1
    assert "not called again for 30 s" in window.events[-1].reason
    fill(window, turns=20, start=100)
    for _ in range(5):
        clock.now += 5
        window.prepare()
    assert summariser.calls == 1  # 25 s later: still backing off
    clock.now += 10
    window.prepare()
    assert summariser.calls == 2
    assert window.events[-1].kind in ("compacted", "evicted")


def test_failures_back_off_exponentially_and_success_resets() -> None:
    clock = Clock()
    summariser = Returns(RuntimeError("503"))
    window = make_window(compactor=summariser, clock=clock, evict_at=0.99)
    window.append({"role": "user", "content": "TASK: go"})
    delays = []
    for round_ in range(4):
        fill(window, turns=60, start=round_ * 100)
        window.prepare()
        delays.append(window.events[-1].reason.rsplit("for ", 1)[1])
        clock.now += 10_000
    assert delays == ["2 s", "4 s", "8 s", "16 s"]
    window.compactor = fake_compactor()  # a new compactor starts with a clean slate
    fill(window, turns=60, start=900)
    window.prepare()
    assert window.events[-1].kind in ("compacted", "evicted")


def test_a_developer_message_is_accepted_and_pinned_like_a_system_prompt() -> None:
    window = make_window(compactor=None)
    window.append({"role": "developer", "content": "You are terse."})
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=100)
    window.prepare()
    assert window.messages[0] == {"role": "developer", "content": "You are terse."}
    assert window.pin_reasons()[:2] == ["system", "task"]


# -- found by trying the window as a hostile user would ----------------------------------------
def test_a_pinned_summary_outlives_max_summaries() -> None:
    window = make_window(max_summaries=1, compactor=fake_compactor())
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=60)
    window.prepare()
    first = next(i for i in window.ids() if i < 0)
    window.pin(first)
    for round_ in range(1, 4):
        fill(window, turns=40, start=round_ * 100)
        window.prepare()
    assert first in window.ids()
    assert sum(1 for flag in window.is_summary() if flag) >= 2  # others came and went


def test_an_image_inside_a_tool_result_costs_what_an_image_costs() -> None:
    data = "QUJD" * 20_000  # 80 kB of base64
    shot = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}}
    as_user = make_window()
    as_user.append({"role": "user", "content": [shot]})
    window = make_window()
    window.append(
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t", "name": "s", "input": {}}],
        }
    )
    window.append(
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t", "content": [shot]}],
        }
    )
    per_result = window.budget.overheads.per_tool_result
    assert window.message_tokens()[-1] <= as_user.tokens() + per_result + 5
    assert window.tokens() == recount(window)


def test_masking_leaves_small_results_alone_once(tmp_path: Any) -> None:
    archive = JsonlArchive(tmp_path / "a.jsonl")
    window = make_window(strategy="mask", compactor=None, keep_tool_results=2, archive=archive)
    window.append({"role": "user", "content": "TASK: go"})
    for n in range(300):
        call = {"id": f"c{n}", "type": "function", "function": {"name": "sh", "arguments": "{}"}}
        window.append({"role": "assistant", "content": f"step {n} " * 10, "tool_calls": [call]})
        window.append({"role": "tool", "tool_call_id": f"c{n}", "content": "ok"})
        window.prepare()
    assert not [
        e for e in window.events if e.kind == "masked"
    ]  # "ok" is smaller than any placeholder
    records = read_archive(archive.path) if archive.path.exists() else []
    assert not [r for r in records if r["reason"] == "masked"]


def test_many_parallel_results_are_cut_to_fit_instead_of_refused(tmp_path: Any) -> None:
    archive = JsonlArchive(tmp_path / "a.jsonl")
    window = make_window(archive=archive, max_tool_tokens=1_000)
    window.append({"role": "user", "content": "TASK: go"})
    ids = [f"t{k}" for k in range(24)]
    window.append(
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": i, "name": "cat", "input": {}} for i in ids],
        }
    )
    results = [{"type": "tool_result", "tool_use_id": i, "content": "line\n" * 4_000} for i in ids]
    window.append({"role": "user", "content": results})
    assert window.open_tool_calls == 0
    assert window.tokens() <= window.limit
    assert [r["window_id"] for r in read_archive(archive.path)] == [2]


def test_a_refused_message_leaves_no_trace(tmp_path: Any) -> None:
    archive = JsonlArchive(tmp_path / "a.jsonl")
    window = make_window(archive=archive, max_tool_tokens=None)
    window.append({"role": "user", "content": "TASK: go"})
    call = {"id": "c", "type": "function", "function": {"name": "sh", "arguments": "{}"}}
    window.append({"role": "assistant", "content": None, "tool_calls": [call]})
    before = (window.messages, list(window.events), window.tokens())
    with pytest.raises(ValueError, match="cannot be sent at all"):
        window.append({"role": "tool", "tool_call_id": "c", "content": "x " * 60_000})
    assert (window.messages, list(window.events), window.tokens()) == before
    assert not archive.path.exists() or read_archive(archive.path) == []


@pytest.mark.parametrize(
    "settings",
    [
        {"strategy": "hybird"},
        {"compact_at": 0.95, "evict_at": 0.5},
        {"max_span_tokens": 0},
        {"compact_at": -1},
    ],
)
def test_configure_refuses_what_the_constructor_refuses(settings: dict[str, Any]) -> None:
    window = make_window()
    before = {name: getattr(window, name) for name in settings}
    with pytest.raises(ValueError):
        window.configure(**settings)
    assert {name: getattr(window, name) for name in settings} == before


def test_the_window_owns_the_blocks_it_counted() -> None:
    window = make_window()
    blocks = [{"type": "text", "text": "hello"}]
    window.append({"role": "user", "content": blocks})
    blocks.append({"type": "text", "text": "more " * 500})
    blocks[0]["text"] = "changed " * 100
    assert window.tokens() == recount(window)


def test_over_budget_is_said_once_per_stretch() -> None:
    window = make_window(pins=PinPolicy(keep_recent=10_000), compactor=None)
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=120)
    for n in range(50):
        window.append({"role": "assistant", "content": f"more {n}"})
        window.prepare()
    assert [e.kind for e in window.events].count("over_budget") == 1
