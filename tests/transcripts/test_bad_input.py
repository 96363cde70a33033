"""Bad input: one clear error, or a warning naming file and line while loading goes on."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.paths import fixture
from working_memory.transcripts import (
    SYNTHETIC_RESULT,
    Transcript,
    TranscriptError,
    load_transcript,
    load_transcripts,
)


def _jsonl(*records: Any) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


USER = {"role": "user", "content": "hi"}
CALL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
    ],
}
RESULT = {"role": "tool", "tool_call_id": "c1", "content": "ok"}

# (name, file bytes, kwargs, error text, line named in the error or None)
ERRORS: list[tuple[str, bytes, dict[str, Any], str, int | None]] = [
    ("empty", b"", {}, "file is empty (expected a JSON or JSONL transcript)", None),
    ("blank", b"\n  \n\t", {}, "file is empty", None),
    ("plain text", b"hello world\n", {}, "not a transcript: the file starts with 'hello world", 1),
    ("binary", bytes(range(256)) * 4, {}, "not a transcript", 1),
    ("utf-16", "[]".encode("utf-16"), {}, "UTF-16 encoded", None),
    ("truncated json", b'[{"role": "user", "content": "hi"', {}, "not valid JSON", 1),
    ("truncated later line", b'[\n{"role": "user",\n "content": "hi"}\n', {}, "not valid JSON", 4),
    (
        "object of unknown shape",
        b'{"foo": 1, "bar": 2}',
        {},
        "a JSON object with keys bar, foo",
        None,
    ),
    ("list of numbers", b"[1, 2, 3]", {}, "a list whose first item is a int", None),
    ("empty list", b"[]", {}, "empty list: no messages (expected at least one message)", None),
    ("json scalar", b'{"messages": 3}', {}, "JSON object with keys messages", None),
    ("unknown jsonl records", _jsonl({"a": 1}, {"b": 2}), {}, "no line looks like", 1),
    ("jsonl garbage", b"{oops\n{still bad\n", {}, "not valid JSON", 1),
    (
        "over size limit",
        b"[" + b" " * 5000 + b"]",
        {"max_json_bytes": 1000},
        "over the 1,000-byte limit",
        None,
    ),
    (
        "two runs via load_transcript",
        json.dumps([{"messages": [USER]}, {"messages": [USER]}]).encode(),
        {},
        "holds 2 runs; use load_transcripts()",
        None,
    ),
    ("unknown format", _jsonl(USER), {"format": "nope"}, "unknown format 'nope'", None),
    (
        "claude-code forced on JSON",
        json.dumps([USER]).encode(),
        {"format": "claude-code"},
        "logs are JSONL",
        1,
    ),
    ("missing thread", _jsonl(USER), {"thread": "x"}, "no thread 'x' (threads: none)", None),
    (
        "swe-agent without history",
        b'{"history": 5, "trajectory": []}',
        {"format": "swe-agent"},
        "SWE-agent trajectory without a history list",
        None,
    ),
]


@pytest.mark.parametrize(
    ("name", "data", "kwargs", "text", "line"), ERRORS, ids=[e[0] for e in ERRORS]
)
def test_errors(
    tmp_path: Path, name: str, data: bytes, kwargs: dict[str, Any], text: str, line: int | None
) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    with pytest.raises(TranscriptError) as info:
        load_transcript(path, **kwargs)
    message = str(info.value)
    assert message.startswith(str(path)), message
    assert text in message
    assert info.value.line == line
    assert not getattr(info.value, "internal", False)


def test_two_gigabyte_files_fail_fast(tmp_path: Path) -> None:
    # sparse files: 2 GB on paper, nothing on disk, and nothing read into memory
    doc = tmp_path / "huge.json"
    with open(doc, "wb") as f:
        f.write(b"[")
        f.truncate(2 * 1024**3)
    with pytest.raises(
        TranscriptError, match="2,147,483,648 bytes is over the 536,870,912-byte limit"
    ):
        load_transcript(doc)
    zeros = tmp_path / "zeros.jsonl"
    with open(zeros, "wb") as f:
        f.truncate(2 * 1024**3)
    with pytest.raises(TranscriptError, match="not a transcript"):
        load_transcript(zeros)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="cannot open"):
        load_transcript(tmp_path / "nope.jsonl")
    with pytest.raises(TranscriptError, match="is a directory"):
        load_transcript(tmp_path)


# (name, file bytes, expected roles, warning text, line named, metadata key that lists it)
RECOVERABLE: list[tuple[str, bytes, list[str], str, int, str | None]] = [
    (
        "bad line in the middle",
        _jsonl(USER)
        + b'{"role": "assistant", "content": \n'
        + _jsonl({"role": "assistant", "content": "yo"}),
        ["user", "assistant"],
        "not valid JSON (Expecting value: column 35); line skipped (expected one JSON object per line)",
        2,
        None,
    ),
    (
        "truncated last line",
        _jsonl(USER, CALL, RESULT) + b'{"role": "assistant", "cont',
        ["user", "assistant", "tool"],
        "not valid JSON (Unterminated string starting at: column 23); line skipped (expected one JSON object per line)",
        4,
        None,
    ),
    (
        "non-utf8 bytes",
        _jsonl(USER) + b'{"role": "assistant", "content": "caf\xe9"}\n',
        ["user", "assistant"],
        "invalid UTF-8 at byte 37 of the line (0xe9); replaced with U+FFFD",
        2,
        None,
    ),
    (
        "unknown role",
        _jsonl(USER, {"role": "robot", "content": "beep"}),
        ["user"],
        "unknown role 'robot' (expected system, user, assistant or tool); message left out",
        2,
        "dropped",
    ),
    (
        "result with no call",
        _jsonl(USER, {"role": "tool", "tool_call_id": "zz", "content": "stray"}),
        ["user", "user"],
        "tool result (tool_call_id 'zz') answers no earlier tool call; kept as a user message",
        2,
        "orphan_results",
    ),
    (
        "call with no result (crashed run)",
        _jsonl(USER, CALL),
        ["user", "assistant", "tool"],
        "tool call 'bash' (id 'c1') has no result; added a synthetic tool message",
        2,
        "synthetic_results",
    ),
    (
        "non-object line",
        _jsonl(USER) + b"[1, 2]\n",
        ["user"],
        "expected a message object, got list; left out",
        2,
        "dropped",
    ),
]


@pytest.mark.parametrize(
    ("name", "data", "roles", "warning", "line", "key"),
    RECOVERABLE,
    ids=[r[0] for r in RECOVERABLE],
)
def test_recoverable(
    tmp_path: Path,
    check_api_shape: Callable[..., None],
    name: str,
    data: bytes,
    roles: list[str],
    warning: str,
    line: int,
    key: str | None,
) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    t = load_transcript(path)
    assert [m["role"] for m in t.messages] == roles
    assert len(t.warnings) == 1, t.warnings
    assert t.warnings[0] == f"{path}:{line}: {warning}"
    if key is not None:
        assert len(t.metadata[key]) == 1
    check_api_shape(t.messages)
    with pytest.raises(TranscriptError, match=f":{line}: "):
        load_transcript(path, strict=True)


def test_synthetic_result_is_marked(tmp_path: Path) -> None:
    path = tmp_path / "crash.jsonl"
    path.write_bytes(_jsonl(USER, CALL))
    t = load_transcript(path)
    assert t.messages[-1] == {"role": "tool", "tool_call_id": "c1", "content": SYNTHETIC_RESULT}
    assert t.metadata["synthetic_results"] == [2]


def test_claude_code_bad_line_among_many(tmp_path: Path) -> None:
    source = fixture("claude-code-sidechain")
    lines = source.read_bytes().splitlines(keepends=True)
    assert b'"tool_result"' in lines[11]
    lines[11] = (
        b'{"type": "user", "message": {"role": "user", "content": [{"tool_res\n'  # line 12: a tool result
    )
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(b"".join(lines))
    t = load_transcript(path)
    assert t.format == "claude-code"
    assert t.warnings[0].startswith(f"{path}:12: not valid JSON")
    # the call whose result was on the damaged line now has a synthetic result, and says so
    assert any("has no result; added a synthetic tool message" in w for w in t.warnings)
    assert len(t.messages) == len(load_transcript(source).messages)
    assert len(t.metadata["synthetic_results"]) == 1


# -- fuzzing ---------------------------------------------------------------------------------


def _load_any(data: bytes, name: str = "fuzz.jsonl") -> list[Transcript] | None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        try:
            return load_transcripts(path)
        except TranscriptError as exc:
            error = exc
        assert not getattr(error, "internal", False), error
        assert str(error).startswith(str(path))
        return None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_fuzz_random_bytes(data: bytes) -> None:
    _load_any(data)


_KEYS = [
    "role",
    "content",
    "tool_calls",
    "tool_call_id",
    "id",
    "type",
    "function",
    "name",
    "arguments",
    "message",
    "payload",
    "uuid",
    "parentUuid",
    "isSidechain",
    "usage",
    "history",
    "messages",
    "events",
    "action",
    "observation",
    "cause",
    "text",
    "input",
    "tool_use_id",
    "call_id",
    "output",
    "info",
    "extra",
    "subtype",
    "isCompactSummary",
]
_WORDS = [
    "user",
    "assistant",
    "tool",
    "system",
    "developer",
    "exit",
    "function",
    "text",
    "tool_use",
    "tool_result",
    "thinking",
    "image",
    "message",
    "function_call",
    "function_call_output",
    "response_item",
    "event_msg",
    "token_count",
    "compacted",
    "session_meta",
    "compact_boundary",
    "c1",
    "c2",
    "run",
    "null",
    "progress",
]
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(_WORDS), st.text(max_size=5)
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(_KEYS), inner, max_size=5),
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_JSON, min_size=1, max_size=6), st.booleans())
def test_fuzz_random_json(values: list[Any], as_jsonl: bool) -> None:
    from .conftest import _check_api_shape

    if as_jsonl:
        data = b"".join(json.dumps(v).encode() + b"\n" for v in values)
    else:
        data = json.dumps(values if len(values) > 1 else values[0]).encode()
    runs = _load_any(data)
    for t in runs or ():
        _check_api_shape(t.messages)
        for thread in t.threads.values():
            _check_api_shape(thread.messages)
        assert len(t.provenance) == len(t.messages)
        for call in t.calls:
            assert -1 <= call.last_message < len(t.messages)


_ID = st.sampled_from(["c1", "c2", "c3", "", None])
_CALLS = st.lists(
    st.fixed_dictionaries(
        {
            "id": _ID,
            "type": st.just("function"),
            "function": st.fixed_dictionaries(
                {
                    "name": st.sampled_from(["a", "b"]),
                    "arguments": st.sampled_from(["{}", '{"x": 1}']),
                }
            ),
        }
    ),
    max_size=3,
)
_MESSAGE = st.one_of(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "system"]), "content": st.text(max_size=5)}
    ),
    st.fixed_dictionaries(
        {
            "role": st.just("assistant"),
            "content": st.one_of(st.none(), st.text(max_size=5)),
            "tool_calls": _CALLS,
        }
    ),
    st.fixed_dictionaries(
        {"role": st.just("tool"), "tool_call_id": _ID, "content": st.text(max_size=5)}
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_MESSAGE, min_size=1, max_size=12))
def test_fuzz_pairing(messages: list[dict[str, Any]]) -> None:
    """Any order of calls and results, with reused and missing ids, comes out API-valid, and
    every input tool result is accounted for (paired, or kept as a user message)."""
    from .conftest import _check_api_shape

    runs = _load_any(b"".join(json.dumps(m).encode() + b"\n" for m in messages))
    assert runs is not None
    assert len(runs) == 1
    t = runs[0]
    _check_api_shape(t.messages)
    results_in = sum(1 for m in messages if m["role"] == "tool")
    calls_in = sum(len(m.get("tool_calls") or ()) for m in messages if m["role"] == "assistant")
    synthetic = len(t.metadata.get("synthetic_results", []))
    orphans = len(t.metadata.get("orphan_results", []))
    tool_out = sum(1 for m in t.messages if m["role"] == "tool")
    assert tool_out == results_in - orphans + synthetic
    assert t.tool_call_count() == calls_in == tool_out
    assert len(t.warnings) == synthetic + orphans


def test_detection_ignores_line_length_and_name(tmp_path: Path) -> None:
    big = {"role": "user", "content": "x" * 3_000_000}  # a first line longer than any sniff buffer
    path = tmp_path / "looks.json"
    path.write_bytes(_jsonl(big, USER))
    assert [len(m["content"]) for m in load_transcript(path).messages] == [3_000_000, 2]
    one = tmp_path / "one.jsonl"
    one.write_bytes(json.dumps({"messages": [USER]}).encode())  # a compact document on one line
    assert load_transcript(one).messages == [USER]
