"""Fact extraction: what is found, and what must not be (prose, small numbers, markdown)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory.compaction import summary_metrics
from working_memory.compaction._facts import (
    Fact,
    count_facts,
    extract_facts,
    fact_in,
    is_chit_chat,
    is_typed_user_text,
    span_segments,
    span_text,
)

FOUND = [
    # paths
    (
        "edit lib/spotter/transcripts/annotation.ex now",
        Fact("path", "lib/spotter/transcripts/annotation.ex"),
    ),
    ("see /home/USER/projects/x.py:42 for it", Fact("path", "/home/USER/projects/x.py")),
    ("open ./scripts/run.sh", Fact("path", "./scripts/run.sh")),
    ("update README.md and", Fact("path", "README.md")),
    ("config in ~/.config/wm/settings.toml.", Fact("path", "~/.config/wm/settings.toml")),
    ("package src/working_memory holds it", Fact("path", "src/working_memory")),
    # identifiers
    ("call load_transcript(path)", Fact("identifier", "load_transcript")),
    ("the TokenCounter protocol", Fact("identifier", "TokenCounter")),
    ("uses getCounter here", Fact("identifier", "getCounter")),
    ("set MAX_TOKENS to", Fact("identifier", "MAX_TOKENS")),
    ("in Spotter.Transcripts.Annotation the", Fact("identifier", "Spotter.Transcripts.Annotation")),
    ("then os.path.join it", Fact("identifier", "os.path.join")),
    ("override __init__ so", Fact("identifier", "__init__")),
    ("guard on length/1 fails", Fact("identifier", "length/1")),
    ("close spotter-gqc.4 next", Fact("identifier", "spotter-gqc.4")),
    ("at commit 3fa9c2b we", Fact("identifier", "3fa9c2b")),
    ("the `state` field", Fact("identifier", "state")),
    ("pass --warnings-as-errors too", Fact("identifier", "--warnings-as-errors")),
    ("a HTTPServer instance", Fact("identifier", "HTTPServer")),
    # numbers with units, versions, big numbers
    ("it took 1.5s overall", Fact("number", "1.5s")),
    ("p50 was 250 ms", Fact("number", "250 ms")),
    ("43 tests, 0 failures", Fact("number", "43 tests")),
    ("43 tests, 0 failures", Fact("number", "0 failures")),
    ("about 327,000 characters", Fact("number", "327,000 characters")),
    ("roughly 22x smaller", Fact("number", "22x")),
    ("kept 10% of facts", Fact("number", "10%")),
    ("costs $0.0042 per call", Fact("number", "$0.0042")),
    ("upgrade to 2.1.39 now", Fact("number", "2.1.39")),
    ("preTokens was 167094 then", Fact("number", "167094")),
    ("set ratio 0.75 here", Fact("number", "0.75")),
    ("got HTTP 429 back", Fact("number", "HTTP 429")),
    ("uses 128 tokens", Fact("number", "128 tokens")),
    # errors
    ("KeyError: 'session_id' was raised", Fact("error", "KeyError: 'session_id' was raised")),
    (
        "** (CompileError) lib/a.ex:3: undefined function x/0",
        Fact("error", "CompileError: lib/a.ex:3: undefined function x/0"),
    ),
    (
        "error: could not compile dependency :ash",
        Fact("error", "could not compile dependency :ash"),
    ),
    ("FAILED tests/test_x.py::test_y - boom", Fact("error", "tests/test_x.py::test_y - boom")),
    ("raise ValueError", Fact("error", "ValueError")),
    # URLs
    ("docs at https://example.com/a/b?x=1.", Fact("url", "https://example.com/a/b?x=1")),
    ("(http://127.0.0.1:8080/v1)", Fact("url", "http://127.0.0.1:8080/v1")),
    # commands
    ("run `mix test --trace` again", Fact("command", "mix test --trace")),
    ("$ git commit -m 'fix'", Fact("command", "git commit -m 'fix'")),
    ("```bash\nuv pip install -e .\n```", Fact("command", "uv pip install -e .")),
]


@pytest.mark.parametrize(
    ("text", "fact"), FOUND, ids=[f"{f.kind}:{f.value}"[:40] for _, f in FOUND]
)
def test_finds(text: str, fact: Fact) -> None:
    assert fact in extract_facts(text)


NOT_FOUND = [
    "I tried 3 times, in step 2 of 5 options.",
    "The **bold** text, _emphasis_, and ## Heading\n- item one\n---\n| a | b |\n|---|---|",
    "Use and/or, w/o or n/a; 1/2 of 2/3 and a date 01/02.",
    "e.g. this and i.e. that. It was done.Next it ended.",
    "Error handling is well-known and long-running work; the error was mine.",
    "We have URLs, IDs, APIs and PRs in prose.",
    "Thanks! That looks great, see you tomorrow.",
    "> a quoted line\n* another bullet\n1. numbered item\n2. second item",
]


@pytest.mark.parametrize("text", NOT_FOUND)
def test_not_over_found(text: str) -> None:
    assert extract_facts(text) == []


def test_kinds_do_not_double_count() -> None:
    facts = extract_facts("see https://github.com/a/b/blob/main/src/x.py and lib/foo.ex:12")
    assert facts == [
        Fact("url", "https://github.com/a/b/blob/main/src/x.py"),
        Fact("path", "lib/foo.ex"),
    ]


def test_self_attribute_is_not_a_file() -> None:
    assert Fact("path", "self.db") not in extract_facts("then self.db.commit() runs")


def test_count_facts_counts_mentions() -> None:
    counts = count_facts(["edit a/b.py", "a/b.py again; and a/b.py", "nothing"])
    assert counts[Fact("path", "a/b.py")] == 3


FACT_IN = [
    (Fact("identifier", "foo_bar"), "we call foo_bar here", True),
    (Fact("identifier", "foo_bar"), "we call foo_bar_baz here", False),
    (Fact("path", "lib/a.ex"), "edited /x/lib/a.ex today", True),
    (Fact("number", "22x"), "about 22x", True),
    (Fact("number", "2.1"), "version 2.1.39", True),  # token boundary is \w only
    (Fact("error", "KeyError: 'x'"), "got KeyError:\n  'x' again", True),
    (Fact("path", "a.py"), "b.py", False),
]


@pytest.mark.parametrize(("fact", "text", "expected"), FACT_IN)
def test_fact_in(fact: Fact, text: str, expected: bool) -> None:
    assert fact_in(fact, text) is expected


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("Implement spotter-gqc", True),
        ("<task-notification>\n<task-id>1</task-id>", False),
        ("[Request interrupted by user for tool use]", False),
        ("<system-reminder>x</system-reminder>", False),
        ("   ", False),
    ],
)
def test_typed_user_text(text: str, typed: bool) -> None:
    assert is_typed_user_text(text) is typed


@pytest.mark.parametrize(
    ("text", "chat"),
    [
        ("thanks, looks great!", True),
        ("Hello! How are you doing today?", True),
        ("ok", True),
        ("check again", False),
        ("no, use sqlite instead", False),
        ("thanks, now run it 3 times", False),
    ],
)
def test_chit_chat(text: str, chat: bool) -> None:
    assert is_chit_chat(text) is chat


def test_span_segments_kinds_and_decoded_calls() -> None:
    span = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": "fix lib/a.ex"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {
                        "name": "Bash",
                        "arguments": '{"command": "mix test\\nmix format", "timeout": 5}',
                    },
                },
                {
                    "id": "c2",
                    "type": "function",
                    "function": {"name": "Read", "arguments": '{"file_path": "/w/lib/a.ex"}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "3 tests, 1 failure"},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x", "content": "ok"}]},
    ]
    segments = span_segments(span)
    assert [(s.index, s.kind) for s in segments] == [
        (0, "system"),
        (1, "user"),
        (2, "call"),
        (2, "call"),
        (3, "tool"),
        (4, "tool"),
    ]
    assert segments[2].text == "Bash\n$ mix test\nmix format"  # timeout: plumbing, dropped
    assert segments[3].text == "Read /w/lib/a.ex"
    text = span_text(span)
    assert Fact("command", "mix test") in extract_facts(text)
    assert "\\n" not in text  # arguments are decoded, not shown as JSON escapes


_ALPHABET = st.sampled_from(
    [*list("abcXYZ019_-./:`$ %\n"), "lib/", ".py", "Error", " ms", "http://"]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_properties(text: str) -> None:
    facts = extract_facts(text)
    assert facts == extract_facts(text)  # deterministic
    assert len(set(facts)) == len(facts)  # distinct
    for fact in facts:
        assert fact.value.strip() == fact.value
        assert fact.value
        if fact.kind in ("path", "identifier", "number", "url"):
            assert fact.value in text  # verbatim


def _read_span() -> list[dict[str, Any]]:
    numbered = "\n".join(f"  {n}→" for n in range(1240, 1260))
    return [
        {"role": "user", "content": "Make load_config() return a str"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "r1",
                    "type": "function",
                    "function": {
                        "name": "Read",
                        "arguments": '{"file_path": "/repo/src/app/config.py", "offset": 1240, '
                        '"limit": 20}',
                    },
                },
                {
                    "id": "e1",
                    "type": "function",
                    "function": {
                        "name": "Edit",
                        "arguments": '{"file_path": "/repo/src/app/config.py", "replace_all": '
                        'false, "old_string": "return 1", "new_string": "return str(1)"}',
                    },
                },
            ],
        },
        {"role": "tool", "tool_call_id": "r1", "content": numbered + "\n  1260→def load_config():"},
        {"role": "tool", "tool_call_id": "e1", "content": "updated"},
    ]


def test_a_meaningful_line_beats_a_block_of_numbered_empty_lines() -> None:
    span = _read_span()
    meaningful = "Edited /repo/src/app/config.py: load_config() now returns str."
    numbers = "\n".join(f"{n}→" for n in range(1240, 1261))
    good = summary_metrics(span, meaningful, counter="estimate")
    bad = summary_metrics(span, numbers, counter="estimate")
    assert good.fact_retention > bad.fact_retention
    assert bad.fact_retention == 0.0
    assert not any(f.value.startswith("12") for f in extract_facts(span_text(span)))


def test_plumbing_parameters_are_not_facts() -> None:
    text = span_text(_read_span())
    assert "offset" not in text and "limit" not in text and "replace_all" not in text
    values = {f.value for f in extract_facts(text)}
    assert "/repo/src/app/config.py" in values and "load_config" in values
    assert "1240" not in values and "false" not in values
