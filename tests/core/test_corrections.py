"""Correction detection (defect 6): anchored rules, measured on a corpus of user turns."""

from __future__ import annotations

import pytest

from working_memory import PinPolicy
from working_memory.pins import RegexCorrectionRule

from .user_turns import CORRECTIONS, ORDINARY

SUBSTRING_MARKERS = ("actually", "no,", "not ", "instead", "i meant", "wrong")


def substring_rule(text: str) -> bool:
    return any(marker in text.lower() for marker in SUBSTRING_MARKERS)


def test_false_positive_rate_is_under_five_percent() -> None:
    rule = RegexCorrectionRule()
    hits = [t for t in ORDINARY if rule.matches(t)]
    rate = len(hits) / len(ORDINARY)
    assert len(ORDINARY) >= 100
    assert rate < 0.05, hits


def test_the_reference_substring_rule_fails_the_same_corpus() -> None:
    rate = sum(substring_rule(t) for t in ORDINARY) / len(ORDINARY)
    assert rate > 0.20  # what this test exists to prevent


def test_real_corrections_are_recognised() -> None:
    rule = RegexCorrectionRule()
    missed = [t for t in CORRECTIONS if not rule.matches(t)]
    assert len(missed) / len(CORRECTIONS) <= 0.10, missed


@pytest.mark.parametrize(
    "text",
    ["do not change the public API", "It cannot find the module", "piano, guitar", "I'm not sure"],
)
def test_the_issue_examples_are_not_corrections(text: str) -> None:
    assert not RegexCorrectionRule().matches(text)


def test_summaries_are_never_corrections() -> None:
    summary = {
        "role": "user",
        "content": "[12 earlier turns compacted.]\nSummary of what happened:\nNo, use staging.",
    }
    assert not PinPolicy().is_correction(summary)
    assert PinPolicy().is_correction({"role": "user", "content": "No, use staging."})
    assert not PinPolicy().is_correction({"role": "assistant", "content": "No, use staging."})


def test_the_rule_is_configurable() -> None:
    policy = PinPolicy(correction_rule=RegexCorrectionRule(patterns=(r"^CORRECTION:",)))
    assert policy.is_correction({"role": "user", "content": "CORRECTION: port 8080"})
    assert not policy.is_correction({"role": "user", "content": "No, use staging."})
    assert not PinPolicy(pin_corrections=False, keep_recent=0).pinned(
        [
            {"role": "user", "content": "task"},
            {"role": "user", "content": "No, x."},
            {"role": "user", "content": "y"},
        ]
    ) >= {1}


def test_only_the_latest_corrections_stay_pinned() -> None:
    messages = [{"role": "user", "content": "TASK: t"}]
    for i in range(12):
        messages.append({"role": "user", "content": f"No, use port {8000 + i}."})
        messages.append({"role": "assistant", "content": "ok"})
    reasons = PinPolicy(keep_recent=0, max_corrections=3).pin_reasons(messages)
    pinned = [messages[i]["content"] for i, r in enumerate(reasons) if r == "correction"]
    assert pinned == ["No, use port 8009.", "No, use port 8010.", "No, use port 8011."]
    assert (
        sum(
            r == "correction"
            for r in PinPolicy(keep_recent=0, max_corrections=None).pin_reasons(messages)
        )
        == 12
    )
