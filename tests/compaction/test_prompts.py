"""Prompt templates: safe substitution, and clear errors for templates that cannot work."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from working_memory.compaction import (
    COMPACT_PROMPT,
    TEMPLATES,
    Compactor,
    get_template,
    render_prompt,
    template_problems,
)

RENDERED = [
    # (template, span, limit, expected)
    ("{span}", "a", 5, "a"),
    ("Under {limit} words:\n{span}", "x", 120, "Under 120 words:\nx"),
    ("{span}", '{"role": "user", "content": "{x}"}', 5, '{"role": "user", "content": "{x}"}'),
    (
        "{span}",
        "def f(): return {k: v for k, v in d.items()}",
        5,
        "def f(): return {k: v for k, v in d.items()}",
    ),
    (
        "{span}",
        "{limit} and {span} in the span stay literal",
        9,
        "{limit} and {span} in the span stay literal",
    ),
    ("{span}", "}{ unbalanced }}} {{{ braces", 1, "}{ unbalanced }}} {{{ braces"),
    ("{span}", r"backslashes \1 \g<0> \n stay", 1, r"backslashes \1 \g<0> \n stay"),
    ('Reply as {{"summary": ...}}\n{span}', "s", 1, 'Reply as {"summary": ...}\ns'),
    ("{{span}} is literal, {span} is not", "S", 1, "{span} is literal, S is not"),
    ("{{{span}}}", "S", 1, "{S}"),
    ("{span} then {span}", "S", 1, "S then S"),
    ("no limit placeholder is fine: {span}", "S", 1, "no limit placeholder is fine: S"),
]


@pytest.mark.parametrize(("template", "span", "limit", "expected"), RENDERED)
def test_render(template: str, span: str, limit: int, expected: str) -> None:
    assert render_prompt(template, span=span, limit=limit) == expected


PROBLEMS = [
    # (template, fragments every one of which must appear in the error)
    ("Summarise this.", ["no {span} placeholder"]),
    ("{{span}}", ["no {span} placeholder"]),
    ("Summarise {spam}", ["unknown placeholder {spam} at character 10", "no {span} placeholder"]),
    ("{span} in {words} words", ["unknown placeholder {words} at character 10"]),
    ("{span} {0}", ["unknown placeholder {0}"]),
    ("{span} {}", ["unknown placeholder {}"]),
    ("{ span }", ["unknown placeholder { span }", "no {span} placeholder"]),
    ("{span} {", ["unbalanced '{' at character 7", "'{{'"]),
    ("{span} }", ["unbalanced '}' at character 7", "'}}'"]),
    ("{span}}", ["unbalanced '}' at character 6"]),
    ("{{span}", ["unbalanced '}'"]),
    ('{span} reply {"score": 1}', ['unknown placeholder {"score": 1}']),
]


@pytest.mark.parametrize(("template", "fragments"), PROBLEMS)
def test_problems_are_named(template: str, fragments: list[str]) -> None:
    problems = " | ".join(template_problems(template))
    for fragment in fragments:
        assert fragment in problems
    with pytest.raises(ValueError, match="invalid compaction prompt") as info:
        render_prompt(template, span="S", limit=1)
    for fragment in fragments:
        assert fragment in str(info.value)


def test_compactor_rejects_a_bad_template_at_construction() -> None:
    with pytest.raises(ValueError, match="no \\{span\\} placeholder"):
        Compactor(object(), prompt="Summarise please.")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_shipped_templates(name: str) -> None:
    template = TEMPLATES[name]
    assert template.name == name
    assert template.description
    assert "\n" not in template.description
    assert template_problems(template.template) == []
    rendered = render_prompt(template.template, span="SPAN-TEXT {x}", limit=321)
    assert "SPAN-TEXT {x}" in rendered
    assert "321" in rendered
    assert "NOTHING" in rendered
    assert get_template(name) == template.template


def test_default_is_the_seed_prompt() -> None:
    assert TEMPLATES["default"].template == COMPACT_PROMPT


def test_get_template_passes_text_through() -> None:
    assert get_template("Summarise: {span}") == "Summarise: {span}"


@given(st.text(alphabet=st.sampled_from(list("{}ab \n\\$%")), max_size=60), st.integers(0, 10_000))
def test_any_span_renders_verbatim(span: str, limit: int) -> None:
    # whatever the span holds, it arrives unchanged, and exactly once per {span}
    rendered = render_prompt("<<{span}>> under {limit}", span=span, limit=limit)
    assert rendered == f"<<{span}>> under {limit}"


@given(st.text(alphabet=st.sampled_from(list("{}ab")), max_size=12))
def test_problems_agree_with_render(template: str) -> None:
    # a template either renders or raises ValueError listing its problems; never anything else
    problems = template_problems(template)
    if problems:
        with pytest.raises(ValueError):
            render_prompt(template, span="S", limit=1)
    else:
        render_prompt(template, span="S", limit=1)


@pytest.mark.parametrize("name", ["handof", "defualt", "state2"])
def test_a_misspelt_template_name_is_named_as_such(name: str) -> None:
    from working_memory.compaction import get_template

    with pytest.raises(ValueError, match="unknown prompt template"):
        get_template(name)


def test_a_non_text_template_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="must be text"):
        render_prompt(None, span="x", limit=10)  # type: ignore[arg-type]


# What each shipped template must ask for, as patterns over its text (case-insensitive).
SECTIONS = {
    "all user messages": r"all user messages",
    "current work, latest request quoted": r"current[ _]work.*latest user request quoted",
    "next step": r"next[ _]step",
    "errors with their fixes": r"error.*(?:fix|fixed)",
    "files read, edited or created": r"read.{0,12}edited.{0,12}created",
}


@pytest.mark.parametrize("name", list(TEMPLATES))
@pytest.mark.parametrize("section", list(SECTIONS))
def test_each_template_asks_for_each_section(name: str, section: str) -> None:
    import re

    text = TEMPLATES[name].template
    after = text.split("{span}", 1)[1]
    # asked for after the span, where a long span leaves the model's attention
    assert re.search(SECTIONS[section], after, re.IGNORECASE | re.DOTALL), (name, section)


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_instructions_come_before_and_after_the_span(name: str) -> None:
    before, after = TEMPLATES[name].template.split("{span}", 1)
    assert len(before.split()) >= 15 and len(after.split()) >= 60
    assert "{limit}" in after and "NOTHING" in after
    assert template_problems(TEMPLATES[name].template) == []


def test_the_limit_scales_with_the_span_within_bounds() -> None:
    from working_memory.compaction import MAX_WORDS, MIN_WORDS, summary_word_limit

    assert summary_word_limit("word " * 10) == MIN_WORDS
    assert summary_word_limit("word " * 25_000) == 1_000
    assert summary_word_limit("word " * 500_000) == MAX_WORDS
    assert summary_word_limit("word " * 1_000, compression=5, floor=10) == 200
    with pytest.raises(ValueError, match="compression"):
        summary_word_limit("x", compression=1)


def test_compactor_scales_its_limit_and_decodes_tool_arguments() -> None:
    class _Client:
        def complete(self, messages: object) -> object:
            raise AssertionError("not called")

    span = [
        {"role": "user", "content": "Fix it " * 10_000},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {
                        "name": "Edit",
                        "arguments": '{"file_path": "/w/a.py", "old_string": "x = 1\\ny = 2", '
                        '"new_string": "x = 2", "replace_all": false}',
                    },
                }
            ],
        },
    ]
    request = Compactor(_Client()).build_request(span)[0]["content"]  # type: ignore[arg-type]
    from working_memory.compaction import render_span, summary_word_limit

    limit = summary_word_limit(render_span(span))
    assert 800 <= limit <= 802  # ~20,000 span words / 25
    assert f"under {limit} words" in request
    assert "[assistant calls Edit /w/a.py\nold_string: x = 1\ny = 2\nnew_string: x = 2]" in request
    assert "\\n" not in request and "replace_all" not in request
    fixed = Compactor(_Client(), word_limit=120).build_request(span)[0]["content"]  # type: ignore[arg-type]
    assert "under 120 words" in fixed


def test_every_shipped_template_shares_the_span_as_a_prefix_and_instructs_after_it() -> None:
    from working_memory.compaction import SPAN_PREFIX

    span = "user: please rewrite the parser\nassistant: on it"
    rendered = [render_prompt(t.template, span=span, limit=100) for t in TEMPLATES.values()]
    prefix = render_prompt(SPAN_PREFIX, span=span, limit=0)
    for text in rendered:
        assert text.startswith(prefix)  # a server's prompt cache reuses it across variants
        after = text[len(prefix) :]
        assert "Do not continue the conversation" in after
        assert after.rstrip().endswith("NOTHING")
