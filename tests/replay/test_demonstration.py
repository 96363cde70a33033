"""A demonstration (SWE-agent's `is_demo` turn) before the real issue is never the task."""

from __future__ import annotations

from tests.paths import fixture
from working_memory import ManagedWindow, PinPolicy, Policy, load_transcript, replay
from working_memory.messages import content_text

DEMO = fixture("swe-agent-demo")


def test_the_loader_marks_the_demonstration() -> None:
    transcript = load_transcript(DEMO)
    assert transcript.demonstrations == frozenset({1})
    assert "demonstration" in str(transcript.messages[1]["content"])


def test_replay_pins_the_issue_not_the_demonstration_and_keeps_it() -> None:
    transcript = load_transcript(DEMO)
    issue = content_text(transcript.messages[2]["content"])[0]
    # 12k is small enough that an unpinned issue is evicted (it was, with the demo pinned).
    result = replay(transcript, Policy(window=12_000))
    tasks = [
        m
        for m, r in zip(result.final_messages, result.final_pin_reasons, strict=True)
        if r == "task"
    ]
    assert [content_text(m["content"])[0] for m in tasks] == [issue]
    assert result.stats.task_survived is True
    assert any(content_text(m["content"])[0] == issue for m in result.final_messages)


def test_task_survived_is_false_when_the_issue_is_gone() -> None:
    """Without the task pin the issue is evicted; the demonstration's fate does not count."""
    transcript = load_transcript(DEMO)
    issue = content_text(transcript.messages[2]["content"])[0]
    result = replay(transcript, Policy(window=12_000, pin_task=False))
    assert not any(content_text(m["content"])[0] == issue for m in result.final_messages)
    assert result.stats.task_survived is False


def test_the_window_and_the_pin_policy_skip_a_demonstration() -> None:
    messages = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "Here is a demonstration ..."},
        {"role": "user", "content": "The real task"},
        {"role": "assistant", "content": "ok"},
    ]
    window = ManagedWindow(pins=PinPolicy(keep_recent=1))
    for i, message in enumerate(messages):
        window.append(message, demonstration=i == 1)
    assert window.task_id == 2
    assert window.pin_reasons()[:3] == ["system", None, "task"]
    reasons = PinPolicy(keep_recent=1).pin_reasons(messages, demonstrations={1})
    assert reasons[:3] == ["system", None, "task"]
    # Without the mark, the first typed user turn is the task, as before.
    assert PinPolicy(keep_recent=1).pin_reasons(messages)[1] == "task"
