"""Strategies (compact, mask, hybrid, evict), truncation and events, transcript in, transcript out."""

from __future__ import annotations

import pytest

from working_memory import Budget, JsonlArchive, ManagedWindow, WindowEvent, read_archive
from working_memory.window import truncate_text

from .helpers import fake_compactor, fill, make_window, orphans, tool_exchange


def session(window: ManagedWindow, exchanges: int = 40) -> None:
    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": "TASK: investigate the logs"})
    for n in range(exchanges):
        tool_exchange(window, n, size=100)
        window.append({"role": "assistant", "content": f"step {n} looked at the output"})
        window.prepare()


@pytest.mark.parametrize(
    ("strategy", "compactor", "kinds", "absent"),
    [
        ("compact", True, {"compacted"}, {"masked"}),
        ("mask", True, {"masked"}, {"compacted"}),
        ("hybrid", True, {"masked"}, set()),
        ("evict", True, {"evicted"}, {"compacted", "masked"}),
        ("compact", False, {"evicted"}, {"compacted"}),
    ],
)
def test_each_strategy_does_what_it_says(
    strategy: str, compactor: bool, kinds: set[str], absent: set[str], tmp_path
) -> None:
    archive = JsonlArchive(tmp_path / "a.jsonl")
    window = make_window(
        strategy=strategy, compactor=fake_compactor() if compactor else None, archive=archive
    )
    session(window, exchanges=70)
    seen = {e.kind for e in window.events}
    assert kinds <= seen, seen
    assert not absent & seen, seen
    assert orphans(window.prepare()) == (set(), set())
    assert window.pressure() <= window.evict_at
    assert "TASK: investigate the logs" in [m.get("content") for m in window.messages]
    kept = {i for i in window.ids() if i >= 0}
    gone = {
        r["window_id"]
        for r in read_archive(archive.path)
        if r["reason"] in ("compacted", "evicted") and r["window_id"] >= 0
    }
    assert kept | gone == set(range(2 + 70 * 3))


def test_masking_keeps_the_last_k_results_and_names_the_tool() -> None:
    window = make_window(strategy="mask", keep_tool_results=2)
    session(window, exchanges=50)
    tool_texts = [m["content"] for m in window.messages if m["role"] == "tool"]
    assert all("line" in t for t in tool_texts[-2:])
    masked = [t for t in tool_texts if "masked" in t]
    assert masked and masked[0].startswith("[run result masked:") and "chars dropped" in masked[0]


@pytest.mark.parametrize(
    ("text", "keep", "expect_marker"),
    [
        ("short", 100, False),
        ("a" * 1_000, 100, True),
        ("line\n" * 1_000, 200, True),
    ],
)
def test_truncate_text_keeps_head_and_tail(text: str, keep: int, expect_marker: bool) -> None:
    out = truncate_text(text, keep)
    assert ("chars dropped" in out) is expect_marker
    if expect_marker:
        assert out.startswith(text[:10]) and out.endswith(text[-10:])
        head, tail = out.split("\n... [")[0], out.split("] ...\n")[1]
        dropped = int(out.split("[")[1].split(" chars")[0])
        assert len(head) + len(tail) + dropped == len(text)


def test_truncation_cuts_at_line_ends() -> None:
    text = "".join(f"line {i:04d}\n" for i in range(2_000))
    out = truncate_text(text, 500)
    head, tail = out.split("\n... [")[0], out.split("] ...\n")[1]
    assert head.endswith("\n") or head.endswith(")")
    assert tail.startswith("line ")


def test_events_are_values_that_print_one_line() -> None:
    window = make_window()
    fill(window, turns=60)
    window.prepare()
    event = window.events[0]
    assert isinstance(event, WindowEvent)
    line = str(event)
    assert "\n" not in line and line.startswith("compacted") and "pressure" in line
    assert event.tokens_after < event.tokens_before
    assert event.pressure_after < event.pressure_before
    assert event.call == 1 and len(event.message_ids) == event.turns


def test_tools_are_counted_on_every_call() -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": f"tool_{i}",
                "description": "does a thing " * 20,
                "parameters": {"type": "object", "properties": {"x": {"type": "string"}}},
            },
        }
        for i in range(12)
    ]
    budget = Budget(window=16_000, reserve_completion=1_000, counter="estimate")
    bare = ManagedWindow(budget=budget)
    with_tools = ManagedWindow(budget=budget, tools=tools)
    for w in (bare, with_tools):
        w.append({"role": "user", "content": "hello"})
    assert with_tools.tokens() - bare.tokens() == budget.tools_tokens(tools) > 700


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"role": "exit", "content": "diff"}, "role 'exit'"),
        ({"content": "no role"}, "role None"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(message: dict, error: str) -> None:
    window = make_window()
    with pytest.raises(ValueError, match=error):
        window.append(message)


def test_attaching_a_long_transcript_then_one_prepare() -> None:
    messages = [{"role": "user", "content": "TASK: long"}]
    for i in range(5_000):
        messages.append({"role": "assistant", "content": f"step {i} " * 10})
    window = make_window(messages=messages)
    sent = window.prepare()
    assert window.pressure() <= window.evict_at
    assert sent[0]["content"] == "TASK: long"
