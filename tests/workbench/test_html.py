"""The escaping helpers: markup from a transcript renders as text, everywhere."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from working_memory.workbench._html import (
    diff_html,
    esc,
    highlight_facts,
    message_html,
    table_html,
)

from .conftest import IMG, SCRIPT

HOSTILE = [SCRIPT, IMG, "<iframe src=javascript:alert(1)>", '"><svg onload=alert(1)>', "&lt;ok&gt;"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<script>", "&lt;script&gt;"),
        ('a"b', "a&quot;b"),
        ("x & y", "x &amp; y"),
        (None, ""),
        (3, "3"),
    ],
)
def test_esc(text: object, expected: str) -> None:
    assert esc(text) == expected


def _no_live_markup(html: str) -> None:
    body = html.split("</style>", 1)[-1]
    assert "<script" not in body
    assert "<img" not in body and "<iframe" not in body and "<svg" not in body
    assert not re.search(r"<[^>]*\son\w+=", body)


@pytest.mark.parametrize("payload", HOSTILE)
def test_table_cells_are_escaped(payload: str) -> None:
    html = table_html([{"a": payload, "b": 1}], ["a", "b"], numeric=["b"])
    _no_live_markup(html)
    assert esc(payload) in html


@pytest.mark.parametrize("payload", HOSTILE)
def test_message_is_escaped_with_partners_and_calls(payload: str) -> None:
    message = {
        "role": "assistant",
        "content": payload,
        "tool_calls": [{"id": payload, "function": {"name": payload, "arguments": payload}}],
    }
    partner = {"role": "tool", "content": payload * 500}
    html = message_html(3, message, tokens=10, reason=payload, partners=[(4, partner)])
    _no_live_markup(html)


def test_long_tool_result_folds_into_details() -> None:
    html = message_html(0, {"role": "tool", "content": "line\n" * 2_000})
    assert "<details>" in html and "click to expand" in html
    short = message_html(0, {"role": "tool", "content": "short"})
    assert "<details>" not in short


@pytest.mark.parametrize(
    ("text", "kept", "marked"),
    [
        ("edit src/a.py then src/a.py.bak", ["src/a.py"], 2),
        ("run pytest -x now", ["pytest -x", "pytest"], 1),  # the longer fact wins, no nesting
        ("nothing here", ["src/b.py"], 0),
        ("<b>src/a.py</b>", ["src/a.py"], 1),
    ],
)
def test_highlight_facts(text: str, kept: list[str], marked: int) -> None:
    html = highlight_facts(text, kept)
    assert html.count('<mark class="kept">') == marked
    assert "<b>" not in html


@given(st.text(max_size=200), st.lists(st.text(min_size=1, max_size=10), max_size=5))
def test_highlight_never_lets_markup_through(text: str, kept: list[str]) -> None:
    html = highlight_facts(text, kept)
    stripped = html.replace('<mark class="kept">', "").replace("</mark>", "")
    assert "<" not in stripped and ">" not in stripped


@given(st.text(max_size=120), st.text(max_size=120))
def test_diff_keeps_both_texts_and_escapes(a: str, b: str) -> None:
    html = diff_html(a, b)
    plain = re.sub(r"</?(ins|del)>", "", html)
    assert "<" not in plain and ">" not in plain
    old = re.sub(r"<ins>.*?</ins>", "", html, flags=re.S)
    new = re.sub(r"<del>.*?</del>", "", html, flags=re.S)
    unescape = __import__("html").unescape
    assert unescape(re.sub(r"</?del>", "", old)) == a
    assert unescape(re.sub(r"</?ins>", "", new)) == b
