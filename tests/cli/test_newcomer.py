"""What a newcomer hits on the CLI (issue 21): one `error:` line, never a traceback."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from tests.paths import fixture
from working_memory.cli import main
from working_memory.transcripts import iter_transcripts

LOG = str(fixture("openai-chat"))
COMMANDS = {
    "inspect": ["inspect", str(fixture("claude-code-sidechain")), "--check-usage"],
    "replay": ["replay", LOG],
    "simulate": ["simulate", "--turns", "20"],
    "compact": ["compact", LOG],
}


def _one_error_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ": error: " in err[0], err
    assert "Traceback" not in err[0]
    return err[0]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(
    ("counter", "missing"),
    [
        ("cl100k", "tiktoken"),
        ("o200k", "tiktoken"),
        ("tiktoken:cl100k_base", "tiktoken"),
        ("hf", "tokenizers"),
    ],
)
def test_an_exact_counter_without_its_extra_is_one_error_line(
    command: str,
    counter: str,
    missing: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    if counter == "hf":
        tokenizer = tmp_path / "tokenizer.json"
        tokenizer.write_text("{}")
        counter = f"hf:{tokenizer}"
    monkeypatch.setitem(sys.modules, missing, None)  # `import tiktoken` raises ImportError
    line = _one_error_line([*COMMANDS[command], "--counter", counter], capsys)
    assert f"working-memory {command}: error:" in line
    assert missing in line and "pip install" in line


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_unknown_encoding_is_one_error_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _one_error_line([*COMMANDS[command], "--counter", "tiktoken:nosuch"], capsys)
    assert "unknown tiktoken encoding 'nosuch'" in line


def test_the_replay_table_shows_truncations(capsys: pytest.CaptureFixture[str]) -> None:
    """ "saved 50%" with no compaction, eviction or masking is explained by a trunc column."""
    from working_memory import Policy, replay

    expected = replay(fixture("openai-chat"), Policy(max_tool_tokens=60)).stats.truncations
    assert expected > 0
    assert main(["replay", LOG, "--max-tool-tokens", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # the token table (the cost table comes first): its header names the calls
    at = next(i for i, line in enumerate(lines) if line.split()[:2] == ["policy", "calls"])
    columns = lines[at].split()
    assert "trunc" in columns
    row = next(line for line in lines[at:] if line.startswith("default "))
    assert row.split()[columns.index("trunc")] == str(expected)


AIDER = (
    "# aider chat started at 2024-05-01 10:00:00\n\n#### fix the bug\n\nSure, here is the fix.\n"
)
SHAREGPT = [
    {
        "id": "x1",
        "conversations": [{"from": "human", "value": "hi"}, {"from": "gpt", "value": "hello"}],
    }
]


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        (".aider.chat.history.md", AIDER, "Aider chat history (Markdown): not supported"),
        ("sharegpt.json", json.dumps(SHAREGPT), "ShareGPT"),
        ("one.json", json.dumps(SHAREGPT[0]), "ShareGPT"),
    ],
)
def test_an_unsupported_format_says_not_supported(
    name: str, text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_text(text)
    line = _one_error_line(["inspect", str(path)], capsys)
    assert said in line and "not supported" in line


def test_a_folder_replay_names_the_markdown_it_passes_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copyfile(fixture("openai-chat"), tmp_path / "chat.jsonl")
    (tmp_path / ".aider.chat.history.md").write_text(AIDER)
    (tmp_path / "notes.md").write_text("# notes\n")
    assert main(["replay", str(tmp_path), "--out", str(tmp_path / "rows.csv")]) == 0
    out = capsys.readouterr().out
    assert "passed over 2 Markdown file(s)" in out and "not supported" in out
    stream = iter_transcripts(tmp_path)
    assert len(list(stream)) == 1
    assert [p.name for p in stream.passed_over] == [".aider.chat.history.md", "notes.md"]
    assert "2 Markdown files passed over" in stream.summary()


CLAUDE = str(fixture("claude-code-sidechain"))  # claude-sonnet-4-5: a 200k window


def test_inspect_takes_the_window_from_the_log_as_replay_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from working_memory import Policy

    limit = Policy(window=200_000).limit
    assert main(["inspect", CLAUDE]) == 0
    out = capsys.readouterr().out
    assert f"of the {limit}-token budget (200000 window" in out
    assert "window 200,000 tokens, from the log's model" in out
    assert main(["inspect", CLAUDE, "--window", "64000"]) == 0
    assert "(64000 window" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["replay", "inspect", "compact"])
def test_max_tool_tokens_is_checked_against_the_logs_window(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """100k is over the 128k default's limit but within a 200k model's."""
    assert main([command, CLAUDE, "--max-tool-tokens", "100000"]) == 0, capsys.readouterr().err
    line = _one_error_line([command, CLAUDE, "--max-tool-tokens", "190000"], capsys)
    assert "max_tool_tokens=190000" in line


def test_check_usage_on_a_log_without_usage_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    line = _one_error_line(["inspect", LOG, "--check-usage"], capsys)
    assert "no model call in the log recorded its billed usage" in line


def test_a_newline_in_a_file_name_cannot_forge_an_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b\nworking-memory inspect: error: forged.jsonl"
    path.write_text("garbage")
    line = _one_error_line(["inspect", str(path)], capsys)  # one line, not two
    assert "b\\nworking-memory inspect: error: forged.jsonl" in line


def test_replay_help_lists_the_presets_and_only_summarisers_it_can_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from working_memory.replays import PRESETS

    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    unwrapped = re.sub(r"-\s+", "-", text)  # argparse wraps a name at its hyphen
    assert all(name in unwrapped for name in PRESETS), text
    assert "{offline,none}" in text and "client" not in text.split("--summariser")[1][:40]


@pytest.mark.parametrize("where", ["file", "folder"])
def test_html_without_plotly_is_one_error_line_naming_the_extra(
    where: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setitem(sys.modules, "plotly", None)  # `import plotly` raises ImportError
    target = LOG if where == "file" else str(Path(LOG).parent)
    line = _one_error_line(["replay", target, "--html", str(tmp_path / "r.html")], capsys)
    assert "--html needs plotly: pip install 'working-memory[notebook]'" in line
    assert "working_memory." not in line  # no internal module names
    assert not (tmp_path / "r.html").exists()


def test_the_error_of_a_chart_without_plotly_names_no_internal_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from working_memory.replays import Policy, replay
    from working_memory.transcripts import load_transcript

    monkeypatch.setitem(sys.modules, "plotly", None)
    monkeypatch.setitem(sys.modules, "plotly.graph_objects", None)
    result = replay(load_transcript(LOG), Policy(window=16_000))
    with pytest.raises(ImportError) as caught:
        result.figure()
    assert str(caught.value) == (
        "charts and the HTML report need plotly: pip install 'working-memory[notebook]'"
    )


@pytest.mark.parametrize("command", ["inspect", "replay", "compact"])
def test_a_bundled_example_is_reached_with_example_colon(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(
            [command, "example:coding-session", "--json"]
            if command == "replay"
            else [command, "example:coding-session"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.strip()
    if command == "replay":
        from working_memory.examples import example_path

        assert json.loads(out)["transcript"] == str(example_path())


def test_an_unknown_example_names_the_ones_there_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["inspect", "example:nope"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "no bundled example named 'nope'" in err and "coding-session-anthropic" in err


def test_example_colon_alone_is_the_default_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "example:"]) == 0
    assert "coding-session.openai.json" in capsys.readouterr().out


@pytest.mark.parametrize("extra", [[], ["--out", "results.csv"]])
def test_a_folder_replay_without_pandas_is_one_error_line_naming_the_extra(
    extra: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "pandas", None)
    line = _one_error_line(["replay", str(Path(LOG).parent), *extra], capsys)
    assert "a folder replay (or --out) needs pandas: pip install 'working-memory[notebook]'" in line
    assert "compare_policies" not in line
