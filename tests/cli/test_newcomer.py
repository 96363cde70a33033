"""What a newcomer hits on the CLI (issue 21): one `error:` line, never a traceback."""

from __future__ import annotations

import sys

import pytest

from tests.paths import fixture
from working_memory.cli import main

LOG = str(fixture("openai-chat"))
COMMANDS = {
    "inspect": ["inspect", LOG, "--check-usage"],
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
    tmp_path: object,
) -> None:
    if counter == "hf":
        tokenizer = tmp_path / "tokenizer.json"  # type: ignore[operator]
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
    """"saved 50%" with no compaction, eviction or masking is explained by a trunc column."""
    from working_memory import Policy, replay

    expected = replay(fixture("openai-chat"), Policy(max_tool_tokens=60)).stats.truncations
    assert expected > 0
    assert main(["replay", LOG, "--max-tool-tokens", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("policy"))
    columns = header.split()
    assert "trunc" in columns
    row = next(line for line in lines if line.startswith("default "))
    assert row.split()[columns.index("trunc")] == str(expected)
