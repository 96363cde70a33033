from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.paths import require_corpus


@pytest.fixture(scope="session")
def transcripts_dir() -> Path:
    """The real corpus (tests/paths.py): skipped without it, failed with WM_REQUIRE_CORPUS=1."""
    return require_corpus()


def _check_api_shape(messages: list[dict[str, Any]]) -> None:
    """What an OpenAI-compatible API accepts: known roles and keys, string arguments, unique
    tool-call ids, and every assistant's calls answered by the tool messages right after it."""
    allowed = {
        "system": {"role", "content", "name"},
        "user": {"role", "content", "name"},
        "assistant": {"role", "content", "tool_calls"},
        "tool": {"role", "content", "tool_call_id"},
    }
    seen_ids: set[str] = set()
    i = 0
    while i < len(messages):
        m = messages[i]
        assert m["role"] in allowed, m
        assert set(m) <= allowed[m["role"]], (i, set(m) - allowed[m["role"]])
        assert m["role"] != "tool", f"tool message {i} does not follow its assistant message"
        content = m.get("content")
        assert content is None or isinstance(content, (str, list)), (i, type(content))
        if m["role"] == "assistant" and m.get("tool_calls"):
            ids = []
            for call in m["tool_calls"]:
                assert set(call) == {"id", "type", "function"}
                assert call["type"] == "function"
                assert isinstance(call["function"]["arguments"], str)
                assert isinstance(call["function"]["name"], str)
                assert call["id"], call
                assert call["id"] not in seen_ids, call["id"]
                seen_ids.add(call["id"])
                ids.append(call["id"])
            answered = []
            j = i + 1
            while j < len(messages) and messages[j]["role"] == "tool":
                assert isinstance(messages[j]["content"], str)
                answered.append(messages[j]["tool_call_id"])
                j += 1
            assert sorted(answered) == sorted(ids), (i, ids, answered)
            i = j
        else:
            assert content is not None, i
            i += 1


@pytest.fixture(scope="session")
def check_api_shape() -> Callable[[list[dict[str, Any]]], None]:
    return _check_api_shape
