"""Prompt templates: safe substitution, and clear errors for templates that cannot work."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from working_memory.compactor import Compactor
from working_memory.prompts import (
    COMPACT_PROMPT,
    TEMPLATES,
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
    from working_memory.prompts import get_template

    with pytest.raises(ValueError, match="unknown prompt template"):
        get_template(name)


def test_a_non_text_template_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="must be text"):
        render_prompt(None, span="x", limit=10)  # type: ignore[arg-type]
