"""The first lines of a file are read like every other line (issue 21's smaller defects):
junk on line 1 of JSONL is skipped with a warning as it is on line 2; an error after blank
lines names the line it is on; UTF-16 without a byte-order mark is named as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import fixture
from working_memory.transcripts import TranscriptError, load_transcript

CHAT = fixture("openai-chat")


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("prefix", "line"),
    [
        (b"null\n", 1),
        (b"42\n", 1),
        (b"\n\n\n42\n", 4),
        (b'  \n"text"\n', 2),
    ],
)
def test_junk_before_the_records_is_one_skipped_line(tmp_path, prefix: bytes, line: int) -> None:
    records = CHAT.read_bytes()
    path = _write(tmp_path, "junk-first.jsonl", prefix + records)
    reference = load_transcript(CHAT)
    loaded = load_transcript(path)
    assert len(loaded.messages) == len(reference.messages)
    assert any(w.startswith(f"{path}:{line}:") for w in loaded.warnings), loaded.warnings


def test_junk_on_the_second_line_is_the_same(tmp_path) -> None:
    first, rest = CHAT.read_bytes().split(b"\n", 1)
    path = _write(tmp_path, "junk-second.jsonl", first + b"\nnull\n" + rest)
    assert len(load_transcript(path).messages) == len(load_transcript(CHAT).messages)


def test_an_error_after_blank_lines_names_its_line(tmp_path) -> None:
    path = _write(tmp_path, "prose.jsonl", b"\n\n\nhello\nworld\n")
    with pytest.raises(TranscriptError) as info:
        load_transcript(path)
    assert f"{path}:4:" in str(info.value)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_is_named(tmp_path, encoding: str) -> None:
    path = _write(tmp_path, "wide.jsonl", CHAT.read_text(encoding="utf-8").encode(encoding))
    with pytest.raises(TranscriptError, match="UTF-16 encoded"):
        load_transcript(path)
