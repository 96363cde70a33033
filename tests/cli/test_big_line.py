"""A huge tool result is counted once per command, not once per view of it (a 50 MB line was
counted 6 times: 16 of the 19 seconds `inspect` took)."""

from __future__ import annotations

import json

import pytest

from working_memory.cli import main
from working_memory.tokens import _approx

BIG = 2_000_000  # characters: "huge" for the counter, small enough for a test


@pytest.fixture
def big_log(tmp_path):
    messages = [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "Fix it"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "cat", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "line of output\n" * (BIG // 15)},
        {"role": "assistant", "content": "done"},
    ]
    path = tmp_path / "big.jsonl"
    path.write_text("".join(json.dumps(m) + "\n" for m in messages))
    return path


@pytest.mark.parametrize("command", ["inspect", "replay"])
def test_a_huge_result_is_counted_once(monkeypatch, big_log, command: str, capsys) -> None:
    counted = []
    original = _approx.ApproxCounter.count

    def count(self, text, *args, **kwargs):
        if isinstance(text, str) and len(text) > BIG // 2:
            counted.append(len(text))
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(_approx.ApproxCounter, "count", count)
    assert main([command, str(big_log)]) == 0
    capsys.readouterr()
    assert len(counted) == 1, counted
