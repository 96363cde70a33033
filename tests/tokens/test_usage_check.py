"""check_counts against synthetic call records and against the real logs in ../shared/transcripts."""

from __future__ import annotations

import pytest

from tests.paths import TRANSCRIPTS
from tests.tokens.stand_ins import Call, Log
from working_memory.tokens import GENERIC, EstimateCounter, check_counts, message_tokens
from working_memory.transcripts import load_transcript


def test_prefix_counts_match_direct_counting():
    counter = EstimateCounter()
    messages = [{"role": "user", "content": "x" * (40 * i + 7)} for i in range(6)]
    calls = [
        Call(0, 1, 10, 5, model="m"),
        Call(1, 3, 20, 0, 4, model="m"),
        Call(2, 5, 0, model="m"),
        Call(3, 9, 10, model="m"),
    ]
    check = check_counts(Log(messages, calls), counter)
    assert check.skipped == 2  # zero usage, and an index past the messages
    for row in check.calls:
        direct = sum(message_tokens(m, counter) for m in messages[: row.last_message + 1])
        assert row.counted == direct + GENERIC.per_request
    assert [r.provider_input for r in check.calls] == [15, 24]
    assert check.p5 <= check.median <= check.p95


def _usage_logs():
    paths = [
        p
        for p in sorted(TRANSCRIPTS.rglob("*"))
        if p.is_file() and p.suffix in (".jsonl", ".json", ".traj")
    ]
    return [p for p in paths if load_transcript(p).calls]


@pytest.mark.corpus
def test_real_logs_with_usage_are_checked():
    logs = _usage_logs()
    assert len(logs) >= 6  # claude code, codex, mini-swe-agent, openhands
    for path in logs:
        check = check_counts(load_transcript(path), "approx")
        assert check.calls, path
        assert all(r.counted > 0 and r.provider_input > 0 for r in check.calls)


@pytest.mark.corpus
def test_mini_swe_agent_calibrated_ratio_is_measured():
    # OpenAI-format log with its system prompt and tools in the messages: the count should
    # land near what DeepSeek billed (its tokenizer differs from cl100k, so not exactly).
    path = TRANSCRIPTS / "openai" / "SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json"
    check = check_counts(load_transcript(path), "approx")
    assert len(check.calls) == 64
    assert 0.85 <= check.mean <= 1.0
    frame = check.to_pandas()
    assert list(frame.columns[:6]) == [
        "index",
        "last_message",
        "messages",
        "counted",
        "provider_input",
        "ratio",
    ]


@pytest.mark.corpus
def test_claude_code_context_misses_system_prompt():
    # Claude Code logs do not record the system prompt and tool schemas: the counted context
    # is below the billed input by a roughly constant number of tokens.
    path = (
        TRANSCRIPTS / "claude-code" / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"
    )
    check = check_counts(load_transcript(path), "cl100k")
    gaps = sorted(r.provider_input - r.counted for r in check.calls)
    assert check.p95 < 1.0
    assert gaps[len(gaps) // 2] > 10_000


@pytest.mark.corpus
@pytest.mark.parametrize("counter", ["estimate", "approx", "cl100k"])
def test_summary_fields(counter):
    path = (
        TRANSCRIPTS
        / "codex"
        / "codemie-ai__codemie-code__rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl"
    )
    summary = check_counts(load_transcript(path), counter).summary()
    assert summary["counter"] == counter
    assert summary["calls"] == 66
