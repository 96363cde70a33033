"""The CLI on bad input and bad options: a clear line and a non-zero exit, never a traceback,
and transcript text printed as text, never as terminal commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.llm_servers import OpenAIServer, Reply, status
from tests.paths import real
from working_memory.cli import main
from working_memory.cli._safe_output import SafeStream, neutralise

SRC = Path(__file__).resolve().parents[2] / "src"

# (argv, text in the argparse error)
BAD_OPTIONS: list[tuple[list[str], str]] = [
    (
        ["compact", "t.jsonl", "--compact-at", "0.95", "--evict-at", "0.9"],
        "--compact-at 0.95 is above --evict-at 0.9",
    ),
    (["simulate", "--compact-at", "0.97"], "--compact-at 0.97 is above --evict-at"),
    (["inspect", "t.jsonl", "--max-tool-tokens", "0"], "argument --max-tool-tokens: '0'"),
    (["compact", "t.jsonl", "--prompt", "/nonexistent"], "'/nonexistent': no such file"),
    (["compact", "t.jsonl", "--prompt", "/tmp"], "'/tmp' is not a regular file"),
    (
        ["simulate", "--turns", "-1"],
        "argument --turns: '-1': expected a whole number of at least 1",
    ),
    (["simulate", "--turns", "many"], "'many': expected a whole number"),
    (["demo", "--turns", "0"], "argument --turns: '0'"),
    (["simulate", "--ratio", "1.5"], "argument --ratio: '1.5': expected a share above 0"),
    (["simulate", "--evict-at", "nan"], "argument --evict-at: 'nan'"),
    (["inspect", "t.jsonl", "--window", "-5"], "argument --window: '-5'"),
    (["inspect", "t.jsonl", "--keep-recent", "-1"], "argument --keep-recent: '-1'"),
    (["replay", "t.jsonl", "--compact-at", "0.9", "--evict-at", "0.5"], "is above --evict-at 0.5"),
]


@pytest.mark.parametrize(("argv", "text"), BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_bad_options_are_argparse_errors(capsys, argv: list[str], text: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"working-memory {argv[0]}: error:" in err and text in err, err
    assert "Traceback" not in err


def test_a_template_text_with_span_is_still_accepted(capsys) -> None:
    template = "Summarise this: {span}"
    assert (
        main(["compact", str(real("swe-agent")), "--client", "offline", "--prompt", template]) == 0
    )


# -- control characters and lone surrogates ------------------------------------------------------

HOSTILE = (
    "clear\x1b[2J\x1b[H title\x1b]0;pwned\x07 link\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\"
    " csi\x9b31m bell\x07 bs\x08 rtl\u202etxt.exe cr\rX"
)


def _hostile_log(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.jsonl"
    messages = [
        {"role": "user", "content": HOSTILE},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "b\x1b[2Jash", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "lone \ud800 surrogate " + HOSTILE},
        {"role": "robot\x1b]0;x\x07", "content": "dropped, and warned about with its role"},
    ]
    # json.dumps escapes the surrogate as \ud800, as a broken UTF-16 source would write it
    path.write_text("".join(json.dumps(m) + "\n" for m in messages))
    return path


def _run_cli(*argv: str, encoding: str = "utf-8") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "working_memory", *argv],
        capture_output=True,
        env=env,
        timeout=300,
        check=False,
    )


def _assert_inert(data: bytes) -> None:
    for byte in (b"\x1b", b"\x07", b"\x08", b"\r", b"\xc2\x9b", "\u202e".encode()):
        assert byte not in data, byte


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_inspect_prints_control_characters_inert_and_survives_surrogates(
    tmp_path: Path, fmt: str
) -> None:
    path = _hostile_log(tmp_path)
    extra = ["--json"] if fmt == "json" else ["--width", "400"]
    done = _run_cli("inspect", str(path), *extra)
    assert done.returncode == 0, done.stderr.decode()
    _assert_inert(done.stdout)
    out = done.stdout.decode("utf-8")  # strict: the output is valid UTF-8 to the end
    if fmt == "text":
        assert "\\x1b[2J" in out and "\\x1b]8;;http://evil.example" in out and "\\u202e" in out
        assert "lone \\ud800 surrogate" in out and "b\\x1b[2Jash" in out
        assert out.rstrip().splitlines()[-1].startswith("total ")  # the table was not cut off
        assert "warning:" in out and "robot\\x1b]0;x\\x07" in out
    else:
        data = json.loads(out)
        assert data["messages"][0]["preview"].startswith("clear\x1b[2J")  # JSON escapes it


def test_inspect_on_an_ascii_terminal_replaces_what_it_cannot_encode(tmp_path: Path) -> None:
    path = _hostile_log(tmp_path)
    done = _run_cli("inspect", str(path), encoding="ascii")
    assert done.returncode == 0, done.stderr.decode()
    done.stdout.decode("ascii")
    assert b"Traceback" not in done.stderr


def test_error_lines_are_neutralised_too(tmp_path: Path, capsys) -> None:
    path = tmp_path / "evil\x1b[2J.jsonl"
    path.write_text("not json\n")
    assert main(["inspect", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "evil\\x1b[2J.jsonl" in err


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain tab\tnewline\n", "plain tab\tnewline\n"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("\x00nul\x7fdel", "\\x00nul\\x7fdel"),
        ("\u2066iso\u2069", "\\u2066iso\\u2069"),
        ("\udc80", "\\udc80"),
        ("émoji 🎉 ▁▂▃", "émoji 🎉 ▁▂▃"),
    ],
)
def test_neutralise(text: str, shown: str) -> None:
    assert neutralise(text) == shown


def test_safe_stream_never_raises_on_encoding(tmp_path: Path) -> None:
    with open(tmp_path / "out.txt", "w", encoding="ascii") as handle:
        stream = SafeStream(handle)  # type: ignore[arg-type]
        stream.write("pressure ▁▂█ \udc80 done\n")
    assert (tmp_path / "out.txt").read_text() == "pressure ??? \\udc80 done\n"


# -- usage Infinity and named pipes through the commands ------------------------------------------


def test_usage_infinity_through_inspect_and_replay(tmp_path: Path, capsys) -> None:
    path = tmp_path / "log.jsonl"
    reply = {
        "role": "assistant",
        "content": "ok",
        "usage": {"prompt_tokens": float("inf"), "completion_tokens": 2},
    }
    path.write_text(json.dumps({"role": "user", "content": "go"}) + "\n" + json.dumps(reply) + "\n")
    assert main(["inspect", str(path)]) == 0
    assert "usage holds values that are not token counts" in capsys.readouterr().out
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["replays"][0]["stats"]["calls"] == 1


def test_a_named_pipe_is_one_error_line(tmp_path: Path) -> None:
    pipe = tmp_path / "p.jsonl"
    os.mkfifo(pipe)
    done = _run_cli("inspect", str(pipe))  # the subprocess timeout guards against the old hang
    assert done.returncode == 1
    assert done.stderr.decode().strip() == (
        f"working-memory inspect: error: {pipe}: is a named pipe, not a regular file "
        "(expected a transcript file)"
    )


# -- a failing endpoint ------------------------------------------------------------------------------


def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, base_url: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(
        f"WM_PROVIDER=openai-compatible\nWM_BASE_URL={base_url}\nWM_MODEL=m\nWM_MAX_RETRIES=0\n"
    )
    for name in ("WM_PROVIDER", "WM_MODEL", "WM_BASE_URL", "WM_MAX_RETRIES"):
        monkeypatch.delenv(name, raising=False)


def test_demo_against_a_failing_endpoint_is_one_line_and_non_zero(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    with OpenAIServer(responder=lambda request: status(500, message="upstream exploded")) as srv:
        _env(monkeypatch, tmp_path, srv.base_url)
        assert main(["demo", "--turns", "40"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("working-memory demo: error:") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_demo_when_only_the_final_call_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    def answer(request: Any) -> Reply | str:
        last = request.messages[-1].get("content") if request.messages else ""
        if isinstance(last, str) and last.startswith("In two lines"):
            return status(500, message="down for maintenance")
        return "- task: integer cents in src/billing/service.py"

    with OpenAIServer(responder=answer) as srv:
        _env(monkeypatch, tmp_path, srv.base_url)
        assert main(["demo", "--turns", "40"]) == 1
    captured = capsys.readouterr()
    assert "turns compacted" in captured.out
    assert captured.err.startswith("working-memory demo: error: the endpoint failed:")
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


@pytest.mark.parametrize("as_json", [False, True])
def test_compact_says_the_summariser_failed_and_exits_non_zero(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys, as_json: bool
) -> None:
    with OpenAIServer(responder=lambda request: status(500, message="no capacity")) as srv:
        _env(monkeypatch, tmp_path, srv.base_url)
        argv = ["compact", str(real("swe-agent")), "--client", "env", "--span", "2:10"]
        assert main(argv + (["--json"] if as_json else [])) == 1
    captured = capsys.readouterr()
    assert "working-memory compact: error: the summariser failed on span 2:10" in captured.err
    assert "nothing: True" not in captured.out
    if as_json:
        data = json.loads(captured.out)
        assert data["error"] and data["summary"] is None and data["metrics"] is None
