"""Continuation probes and the span reading behind them, against answers written by hand."""

from __future__ import annotations

from typing import Any

import pytest

from working_memory.compaction import (
    ExtractiveCompactor,
    continuation_expectations,
    continuation_score,
    span_state,
    summary_metrics,
)

from .continuation_fixtures import CLAUDE_STYLE, FIXTURES
from .handoff_lines import fact_body


@pytest.mark.parametrize("name", list(FIXTURES))
def test_span_state_matches_the_hand_written_answers(name: str) -> None:
    span, expected = FIXTURES[name]
    state = span_state(span)
    assert tuple(state.user_messages) == expected["user_messages"]
    assert state.latest_request == expected["latest_request"]
    assert set(state.files_with("edited") + state.files_with("created")) == set(
        expected["files_edited"]
    )
    assert tuple(state.files_with("created")) == expected["files_created"]
    assert (
        tuple(f.path for f in state.files if f.actions == ("read",)) == expected["files_read_only"]
    )
    unresolved = state.unresolved_errors
    if expected["last_error"] is None:
        assert not unresolved
    else:
        assert unresolved and expected["last_error"] in unresolved[-1].message
    fixed = [e.message for e in state.errors if e.fixed]
    assert len(fixed) == len(expected["fixed_errors"])
    for want, got in zip(expected["fixed_errors"], fixed, strict=True):
        assert want in got
    assert tuple(t.text for t in state.todos) == expected["pending_todos"]
    assert state.next_step == expected["next_step"]
    assert state.stated_next == expected["stated_next"]


@pytest.mark.parametrize("name", list(FIXTURES))
def test_expectations_are_the_hand_written_answers(name: str) -> None:
    span, expected = FIXTURES[name]
    got = continuation_expectations(span)
    assert got.latest_request == expected["latest_request"]
    assert got.user_messages == expected["user_messages"]
    assert set(got.files_edited) == set(expected["files_edited"])
    assert got.pending_todos == expected["pending_todos"]
    assert got.next_step == expected["next_step"]
    assert (got.last_error is None) == (expected["last_error"] is None)


# Summaries written by hand for CLAUDE_STYLE: one an agent could continue from, one that
# keeps facts but not the state of the work.
GOOD = """The user asked: "Make load_config() return a str and keep the tests green", then
"also add a CHANGELOG entry, and run mypy". Edited src/app/config.py and tests/test_config.py;
created CHANGELOG.md. Tests pass. Now: add a CHANGELOG entry (in progress), then run mypy on
src. Open error: src/app/cli.py:12: error: Argument 1 to "open" has incompatible type "int"."""

FACT_BAG = """/repo/src/app/config.py load_config 1251 1252 1253 pytest -q tests/test_config.py
timeout: 30000 replace_all: false 0.12s 0.10s"""


def test_a_handoff_scores_full_and_a_fact_bag_does_not() -> None:
    good = continuation_score(CLAUDE_STYLE, GOOD)
    assert good.overall == 1.0, good.missing
    bag = continuation_score(CLAUDE_STYLE, FACT_BAG)
    assert bag.latest_request == 0.0
    assert bag.user_messages == 0.0
    assert bag.pending_todos == 0.0
    assert bag.next_step == 0.0
    assert bag.last_error == 0.0
    assert bag.files_edited == pytest.approx(2 / 3)  # config.py and test_config.py, no CHANGELOG
    assert bag.overall == pytest.approx(1 / 9)
    assert any(m.startswith("pending_todos: Run mypy") for m in bag.missing)


def test_probes_that_do_not_apply_are_none() -> None:
    span = [{"role": "user", "content": "what is 2+2?"}, {"role": "assistant", "content": "4"}]
    score = continuation_score(span, "The user asked what is 2+2.")
    assert score.files_edited is None and score.last_error is None
    assert score.pending_todos is None
    assert score.latest_request == 1.0
    assert score.overall is not None


def test_summary_metrics_reports_the_probes_beside_fact_share() -> None:
    score = summary_metrics(CLAUDE_STYLE, GOOD, counter="estimate")
    assert score.continuation is not None and score.continuation.overall == 1.0
    row = score.to_row()
    assert row["continuation"] == 1.0 and row["cont_next_step"] == 1.0
    assert "fact_retention" in row
    assert summary_metrics("plain text span", "x").continuation is None


@pytest.mark.parametrize("name", list(FIXTURES))
def test_the_offline_handoff_answers_every_probe(name: str) -> None:
    span: list[dict[str, Any]] = FIXTURES[name][0]
    summary = ExtractiveCompactor(word_limit=400).compact(span).summary or ""
    score = continuation_score(span, summary)
    assert score.overall == 1.0, (score.missing, summary)
    for line in summary.splitlines():
        fact_body(line)  # every line labelled
    assert "→" not in summary  # Read's line numbers are gone
    assert "timeout" not in summary and "replace_all" not in summary  # plumbing too
