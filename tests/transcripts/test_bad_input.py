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
        "holds 2 runs (0: (no id), 1: (no id)); pick one with run=N",
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


# -- cases that used to be silently wrong, a traceback, a hang, or an overbroad refusal -------

# (name, one assistant message, expected tool calls as (name, arguments), warning text)
ODD_CALLS: list[tuple[str, dict[str, Any], list[tuple[str, str]], str]] = [
    (
        "tool_calls as a single object",
        {"role": "assistant", "content": None, "tool_calls": CALL["tool_calls"][0]},
        [("bash", "{}")],
        "tool_calls is a single object, not a list; read as one call",
    ),
    (
        "tool_calls as a JSON string",
        {"role": "assistant", "content": None, "tool_calls": json.dumps(CALL["tool_calls"])},
        [("bash", "{}")],
        "tool_calls is a JSON string, not a list; decoded it",
    ),
    (
        "tool_calls as plain text",
        {"role": "assistant", "content": "x", "tool_calls": "bash ls"},
        [],
        "tool_calls is a string that is not JSON ('bash ls'); calls left out",
    ),
    (
        "tool_calls as a number",
        {"role": "assistant", "content": "x", "tool_calls": 3},
        [],
        "tool_calls is a int; calls left out (expected a list of tool calls)",
    ),
    (
        "function given as a string",
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "c1", "function": "bash", "arguments": '{"cmd": "ls"}'}],
        },
        [("bash", '{"cmd": "ls"}')],
        "tool call 'function' is the string 'bash'; used as the name",
    ),
]


@pytest.mark.parametrize(
    ("name", "message", "calls", "warning"), ODD_CALLS, ids=[c[0] for c in ODD_CALLS]
)
def test_odd_tool_calls_are_read_or_warned_about(
    tmp_path: Path,
    check_api_shape: Callable[..., None],
    name: str,
    message: dict[str, Any],
    calls: list[tuple[str, str]],
    warning: str,
) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(_jsonl(USER, message, RESULT))
    t = load_transcript(path)
    got = [
        (c["function"]["name"], c["function"]["arguments"])
        for m in t.messages
        for c in m.get("tool_calls") or ()
    ]
    assert got == calls
    assert any(w.startswith(f"{path}:2: {warning}") for w in t.warnings), t.warnings
    if calls:  # the result pairs with the recovered call instead of becoming an orphan
        assert "orphan_results" not in t.metadata
    check_api_shape(t.messages)


@pytest.mark.parametrize("value", [7, 2.5, [1, 2], {"a": 1}, True])
def test_openhands_content_that_is_not_text_is_kept_and_warned(tmp_path: Path, value: Any) -> None:
    path = tmp_path / "events.json"
    events = [
        {"id": 1, "source": "user", "action": "message", "args": {"content": "fix it"}},
        {"id": 2, "source": "agent", "observation": "run", "content": value},
    ]
    path.write_text(json.dumps(events))
    t = load_transcript(path)
    assert t.format == "openhands"
    assert t.messages[-1]["content"] == json.dumps(value)
    assert any("'content' is a" in w and "not text; kept as its JSON" in w for w in t.warnings)


@pytest.mark.parametrize(
    ("usage", "bad"),
    [
        ({"prompt_tokens": float("inf"), "completion_tokens": 3}, "prompt_tokens=inf"),
        ({"prompt_tokens": 10, "completion_tokens": float("-inf")}, "completion_tokens=-inf"),
        ({"prompt_tokens": float("nan"), "completion_tokens": 3}, "prompt_tokens=nan"),
        ({"prompt_tokens": "12", "completion_tokens": 3}, "prompt_tokens='12'"),
        ({"prompt_tokens": 1e400, "completion_tokens": 3}, "prompt_tokens=inf"),
    ],
)
def test_usage_that_is_not_a_count_is_zero_with_a_warning(
    tmp_path: Path, usage: dict[str, Any], bad: str
) -> None:
    path = tmp_path / "log.jsonl"
    reply = {"role": "assistant", "content": "ok", "usage": usage}
    path.write_text(json.dumps(USER) + "\n" + json.dumps(reply) + "\n")  # writes Infinity / NaN
    t = load_transcript(path)
    assert len(t.calls) == 1
    call = t.calls[0]
    assert all(v >= 0 for v in (call.input_tokens, call.output_tokens))
    assert any(f":2: usage holds values that are not token counts ({bad}" in w for w in t.warnings)


def test_anthropic_and_codex_usage_infinity(tmp_path: Path) -> None:
    anthropic = tmp_path / "a.json"
    reply = {
        "role": "assistant",
        "content": [{"type": "text", "text": "hi"}],
        "usage": {"input_tokens": float("inf"), "output_tokens": 1},
    }
    anthropic.write_text(json.dumps({"system": "s", "messages": [USER, reply]}))
    t = load_transcript(anthropic)
    assert t.format == "anthropic"
    assert t.calls[0].input_tokens == 0
    assert any("input_tokens=inf" in w for w in t.warnings)
    codex = tmp_path / "rollout.jsonl"
    usage = {"input_tokens": float("inf"), "cached_input_tokens": 0, "output_tokens": 4}
    codex.write_bytes(
        _codex(
            _user_item("go"),
            ANSWER,
            _event(
                {
                    "type": "token_count",
                    "info": {"total_token_usage": usage, "last_token_usage": usage},
                }
            ),
        )
    )
    t = load_transcript(codex)
    assert t.calls[0].input_tokens == 0 and t.calls[0].output_tokens == 4
    assert any(":4: usage holds values" in w and "input_tokens=inf" in w for w in t.warnings)


def test_a_named_pipe_is_refused_before_anything_blocks(tmp_path: Path) -> None:
    import os
    import threading

    pipe = tmp_path / "session.jsonl"
    os.mkfifo(pipe)
    outcome: list[BaseException | None] = []

    def load() -> None:
        try:
            load_transcripts(pipe)
        except BaseException as exc:
            outcome.append(exc)
        else:
            outcome.append(None)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(timeout=60)  # a guard against the old hang, not a timing assertion
    if worker.is_alive():  # unblock the reader so the thread can end, then fail
        with open(pipe, "wb"):
            pass
        pytest.fail("load_transcripts() blocked on a named pipe")
    assert isinstance(outcome[0], TranscriptError)
    assert str(outcome[0]) == (
        f"{pipe}: is a named pipe, not a regular file (expected a transcript file)"
    )


def test_character_device_is_refused() -> None:
    with pytest.raises(TranscriptError, match="is a character device, not a regular file"):
        load_transcript("/dev/zero")


def test_over_long_integer_and_over_deep_lines_are_skipped_with_their_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(
        _jsonl(USER)
        + b'{"role": "assistant", "content": "x", "n": '
        + b"9" * 5000
        + b"}\n"
        + b"[" * 100_000
        + b"]" * 100_000
        + b"\n"
        + _jsonl({"role": "assistant", "content": "still here"})
    )
    t = load_transcript(path)
    assert [m["content"] for m in t.messages] == ["hi", "still here"]
    assert t.warnings == [
        f"{path}:2: an integer with more digits than Python converts (over 4300); line skipped",
        f"{path}:3: nested too deeply to parse; line skipped",
    ]


def test_over_long_integer_in_a_json_document_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(b'[{"role": "user", "content": "hi", "n": ' + b"1" * 5000 + b"}]")
    with pytest.raises(TranscriptError) as info:
        load_transcript(path)
    assert "an integer with more digits than Python converts" in str(info.value)
    assert not getattr(info.value, "internal", False)


def _runs_file(tmp_path: Path, as_jsonl: bool) -> Path:
    good = {"instance_id": "a", "messages": [USER, {"role": "assistant", "content": "ok"}]}
    bad = {"instance_id": "b", "traj": "not json at all"}
    other = {"instance_id": "c", "messages": [USER]}
    path = tmp_path / ("runs.jsonl" if as_jsonl else "runs.json")
    if as_jsonl:
        path.write_bytes(_jsonl(good, bad, other))
    else:
        path.write_text(json.dumps([good, bad, other]))
    return path


@pytest.mark.parametrize("as_jsonl", [False, True])
def test_one_bad_run_does_not_refuse_a_multi_run_file(tmp_path: Path, as_jsonl: bool) -> None:
    path = _runs_file(tmp_path, as_jsonl)
    runs = load_transcripts(path)
    assert [r.metadata["record"]["instance_id"] for r in runs] == ["a", "c"]
    where = f"{path}:2" if as_jsonl else f"{path} at $[1]"
    expected = f"{where}: run skipped: "
    assert any(w.startswith(expected) and "not JSON" in w for w in runs[0].warnings), runs[
        0
    ].warnings
    with pytest.raises(TranscriptError, match="not JSON"):
        load_transcripts(path, strict=True)


# -- Claude Code subagent files -----------------------------------------------------------------


def _claude_session(folder: Path, agent: str = "abc") -> Path:
    def line(
        kind: str, uuid: str, parent: str | None, message: dict[str, Any], **extra: Any
    ) -> dict[str, Any]:
        return {
            "type": kind,
            "uuid": uuid,
            "parentUuid": parent,
            "sessionId": "s1",
            "message": message,
            **extra,
        }

    main = folder / "session.jsonl"
    main.write_bytes(
        _jsonl(
            line("user", "u1", None, {"role": "user", "content": "do it"}),
            line(
                "assistant",
                "a1",
                "u1",
                {
                    "id": "m1",
                    "role": "assistant",
                    "model": "claude-x",
                    "content": [
                        {"type": "tool_use", "id": "t1", "name": "Task", "input": {"prompt": "sub"}}
                    ],
                    "usage": {"input_tokens": 10, "output_tokens": 2},
                },
            ),
            line(
                "user",
                "u2",
                "a1",
                {
                    "role": "user",
                    "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "done"}],
                },
                toolUseResult={"agentId": agent, "status": "completed"},
            ),
        )
    )
    return main


def _subagent(folder: Path, agent: str) -> Path:
    sub = folder / "session" / "subagents"
    sub.mkdir(parents=True, exist_ok=True)
    path = sub / f"agent-{agent}.jsonl"
    common = {"sessionId": "s1", "isSidechain": True, "agentId": agent}
    path.write_bytes(
        _jsonl(
            {
                "type": "user",
                "uuid": "s1",
                "parentUuid": None,
                **common,
                "message": {"role": "user", "content": "sub"},
            },
            {
                "type": "assistant",
                "uuid": "s2",
                "parentUuid": "s1",
                **common,
                "message": {
                    "id": "m2",
                    "role": "assistant",
                    "content": [{"type": "text", "text": "ok"}],
                },
            },
        )
    )
    return path


def test_claude_code_subagent_present_loads_as_a_thread(tmp_path: Path) -> None:
    main = _claude_session(tmp_path)
    _subagent(tmp_path, "abc")
    t = load_transcript(main)
    assert list(t.threads) == ["abc"] and t.warnings == []


def test_claude_code_missing_subagent_file_is_warned_about(tmp_path: Path) -> None:
    main = _claude_session(tmp_path)
    t = load_transcript(main)
    assert t.threads == {}
    assert t.warnings == [
        f"{main}:3: subagent 'abc' ran here but its log session/subagents/agent-abc.jsonl is "
        "missing; its thread is left out"
    ]


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00\x01garbage\n")


def _directory(path: Path) -> None:
    path.mkdir()


def _symlink_loop(path: Path) -> None:
    path.symlink_to(path)


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (_empty, "file is empty"),
        (_garbage, "no JSON line could be read"),
        (_directory, "is a directory"),
        (_symlink_loop, "cannot open"),
    ],
    ids=["empty", "garbage", "directory", "symlink loop"],
)
def test_one_unreadable_subagent_costs_only_its_thread(
    tmp_path: Path, make: Callable[[Path], None], reason: str
) -> None:
    main = _claude_session(tmp_path)
    _subagent(tmp_path, "abc")
    bad = tmp_path / "session" / "subagents" / "agent-zzz.jsonl"
    make(bad)
    t = load_transcript(main)
    assert list(t.threads) == ["abc"]
    assert [m["role"] for m in t.messages] == ["user", "assistant", "tool"]
    assert len(t.warnings) == 1, t.warnings
    assert t.warnings[0].startswith(f"{bad}") and reason in t.warnings[0]
    assert t.warnings[0].endswith("; subagent thread left out")
    with pytest.raises(TranscriptError):
        load_transcript(main, strict=True)


# -- Codex prompts that exist only as event_msg user_message lines ---------------------------------


def _codex(*lines: dict[str, Any]) -> bytes:
    return _jsonl(
        {
            "timestamp": "t",
            "type": "session_meta",
            "payload": {"id": "x", "base_instructions": {"text": "sys"}},
        },
        *lines,
    )


def _item(payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": "t", "type": "response_item", "payload": payload}


def _event(payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": "t", "type": "event_msg", "payload": payload}


def _user_item(text: str) -> dict[str, Any]:
    return _item(
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}
    )


ANSWER = _item(
    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "done"}]}
)


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ([_event({"type": "user_message", "message": "fix the bug"}), ANSWER], ["fix the bug"]),
        (
            [
                _user_item("fix the bug"),
                _event({"type": "user_message", "message": "fix the bug"}),
                ANSWER,
            ],
            ["fix the bug"],
        ),
        (
            [
                _event({"type": "user_message", "message": "fix the bug"}),
                _user_item("fix the bug"),
                ANSWER,
            ],
            ["fix the bug"],
        ),
        (
            [
                _event({"type": "user_message", "message": "one"}),
                ANSWER,
                _event({"type": "user_message", "message": "two"}),
                ANSWER,
            ],
            ["one", "two"],
        ),
    ],
    ids=["event only", "item then event", "event then item", "two turns, events only"],
)
def test_codex_user_prompts_from_events(
    tmp_path: Path, lines: list[dict[str, Any]], expected: list[str]
) -> None:
    path = tmp_path / "rollout.jsonl"
    path.write_bytes(_codex(*lines))
    t = load_transcript(path)
    assert t.format == "codex"
    assert [m["content"] for m in t.messages if m["role"] == "user"] == expected
    assert t.messages[0]["role"] == "system" and t.messages[1]["role"] == "user"


def test_codex_real_rollout_prompts_are_not_doubled(transcripts_dir: Path) -> None:
    path = next((transcripts_dir / "codex").glob("*.jsonl"))
    items = 0
    for raw in path.read_bytes().splitlines():
        record = json.loads(raw)
        payload = record.get("payload") or {}
        if record.get("type") == "response_item" and payload.get("type") == "message":
            items += payload.get("role") == "user"
    t = load_transcript(path)
    assert sum(m["role"] == "user" for m in t.messages) == items
    assert "prompts_from_events" not in t.metadata
