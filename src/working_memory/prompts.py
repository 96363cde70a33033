"""Compaction prompts as data: named templates, validation, and safe substitution.

A template has two placeholders, `{span}` (required) and `{limit}` (the word limit).
Substitution is done by hand, not with `str.format`, so a span full of `{` and `}` (JSON,
code) cannot break it. `{{` and `}}` stand for literal braces in a template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "COMPACT_PROMPT",
    "PLACEHOLDERS",
    "TEMPLATES",
    "PromptTemplate",
    "get_template",
    "render_prompt",
    "template_problems",
]

PLACEHOLDERS = ("span", "limit")

COMPACT_PROMPT = """Compress this span of an agent transcript into a dense note for the agent itself.
Keep, as explicit lines:
- decisions made, and what each one rules out;
- facts discovered, verbatim and not paraphrased: file paths, names, values, commands, errors;
- what was tried and failed, and why;
- every correction or instruction the user gave.

Leave out: pleasantries, restatements of the task, reasoning that went nowhere, and tool
calls whose results the lines above already capture.

Write under {limit} words, with no preamble. If the span holds nothing worth keeping,
reply with exactly one word: NOTHING

Span:
{span}"""

_STATE_PROMPT = """You maintain the state of a software agent whose older history is being removed.
From the span below, write these sections, each a short list of lines (write "none" if empty):

USER_CONTEXT: what the user asked for, their constraints and corrections, verbatim where short.
COMPLETED: tasks finished, with the files and commands involved.
PENDING: tasks still open.
CODE_STATE: file paths, function and class names, and what changed in each.
TESTS: tests run, which failed, the exact error lines.
CHANGES: edits made, as path: one-line description.
DEPS: packages, versions and environment facts.
VERSION_CONTROL: branch, commits, uncommitted state.

Under {limit} words in all. If the span has nothing an agent would need, reply exactly: NOTHING

Span:
{span}"""

_HANDOFF_PROMPT = """You are handing this work over to another agent who has not seen the span below.
Write the handoff note they need to carry on without asking questions: the goal, what is done,
what is in progress and the very next step, the exact file paths, commands, values and error
messages involved, and anything the user said to do or not to do. Quote facts verbatim.

Under {limit} words, no preamble. If the span contains nothing to hand over, reply exactly: NOTHING

Span:
{span}"""


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    description: str
    template: str


TEMPLATES: dict[str, PromptTemplate] = {
    t.name: t
    for t in (
        PromptTemplate(
            "default",
            "Dense fact list: decisions, verbatim facts, failures, corrections.",
            COMPACT_PROMPT,
        ),
        PromptTemplate(
            "state",
            "Sectioned state tracking in the style of OpenHands' summariser.",
            _STATE_PROMPT,
        ),
        PromptTemplate(
            "handoff",
            "A handoff note for a fresh agent, in the style of Codex's compaction.",
            _HANDOFF_PROMPT,
        ),
    )
}

# `{name}` not preceded by another brace; `{{`/`}}` are escapes and are skipped by the scanner.
_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")


def template_problems(template: str) -> list[str]:
    """Everything wrong with a template, as readable sentences (empty when it is usable)."""
    if not isinstance(template, str):
        return [f"a template must be text, got {type(template).__name__}"]
    problems: list[str] = []
    seen: set[str] = set()
    for match in _TOKEN.finditer(template):
        token = match.group(0)
        if token in ("{{", "}}"):
            continue
        name = match.group(1)
        if name is None:
            problems.append(
                f"unbalanced {token!r} at character {match.start()}: write {token * 2!r} for a literal brace"
            )
            continue
        if name not in PLACEHOLDERS:
            problems.append(
                f"unknown placeholder {{{name}}} at character {match.start()}: "
                "only {span} and {limit} are filled in (write {{ and }} for literal braces)"
            )
        seen.add(name)
    if "span" not in seen:
        problems.append(
            "the template has no {span} placeholder: the model would never see the span"
        )
    return problems


def render_prompt(template: str, *, span: str, limit: int) -> str:
    """Fill `{span}` and `{limit}`; raises ValueError naming every problem with the template."""
    problems = template_problems(template)
    if problems:
        raise ValueError("invalid compaction prompt: " + "; ".join(problems))
    values = {"span": span, "limit": str(limit)}

    def fill(match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        return values[match.group(1)]

    return _TOKEN.sub(fill, template)


def get_template(name_or_text: str) -> str:
    """A shipped template by name, or the text itself when it is not a name.

    A single word that is not a shipped name is taken for a misspelt name, not a template.
    """
    if name_or_text in TEMPLATES:
        return TEMPLATES[name_or_text].template
    if re.fullmatch(r"[A-Za-z0-9_-]+", name_or_text.strip()):
        raise ValueError(
            f"unknown prompt template {name_or_text!r}: expected one of "
            f"{', '.join(TEMPLATES)} or the text of a template containing {{span}}"
        )
    return name_or_text
