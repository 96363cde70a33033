"""The project's own fixture session (an EUR rounding bug), as Claude Code and Codex wrote it,
cut where each compacted; the compaction record in the file is the production summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .._questions import Question

# Both spans end at the user's correction and the agent's updated plan; the Claude Code one has
# a subagent that reported the callers, the Codex one a web search instead.
_COMMON = (
    Question("task", "What is the task?",
             "Fix the rounding bug in src/billing/invoice.py: EUR invoice totals off by one cent "
             "with more than three lines; run the tests.",
             must=(("round",), ("eur", "cent"))),
    Question("latest_request", "What did the user last ask?",
             "Do not change the public signature of Invoice.total(); callers in "
             "src/billing/export.py pass currency positionally; keep total(self, currency).",
             must=(("total(self, currency)", "signature"),)),
    Question("next_step", "What exactly is the next step?",
             "Round once (half-even) in _cents() keeping total(self, currency), then re-run "
             "tests/test_invoice.py (2 tests still fail at invoice.py:42).",
             must=(("_cents", "round once", "rounds once"), ("test", "total(self, currency)")),
             stale=("git diff --stat src/billing/ledger.py",)),
    Question("files_edited", "Which files were changed, and why?",
             "src/billing/currency.py and src/billing/invoice.py, each to stop rounding the cents "
             "twice.", must=(("currency.py",), ("invoice.py",)), spread=True),
    Question("decisions", "What was decided, and what does it rule out?",
             "Keep total(self, currency) and round once in _cents(); rules out changing the "
             "public signature of Invoice.total().",
             must=(("_cents", "round once"), ("total(self, currency)", "signature"))),
    Question("corrections", "How did the user correct the agent?",
             "Do not change Invoice.total()'s signature; export.py passes currency positionally.",
             must=(("signature", "total(self, currency)"), ("export.py", "positional"))),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_total_rounds_half_even fails at src/billing/invoice.py:42 (assert 10000 == "
             "1001): 3 failed, then 2 after the currency.py edit; not fixed yet.",
             must=(("test_total_rounds_half_even", "invoice.py:42", "10000", "assertionerror"),
                   ("fail", "not fixed", "still")),
             stale=("all tests pass", "tests pass")),
    Question("key_values", "Which key values matter?",
             "invoice.py:42; expected 10_01 (1001), got 10000; 3 failed of 50, then 2 of 55.",
             must=(("invoice.py:42", ":42"), ("1001", "10_01", "10000", "2 failed", "3 failed")),
             spread=True),
    Question("file_roles", "What is each file for?",
             "invoice.py holds Invoice.total(); export.py calls it with currency positional; "
             "currency.py rounds cents.",
             must=(("export.py",), ("positional",))),
    Question("pending", "What work is still pending?",
             "The rounding fix in _cents() and the test run until tests/test_invoice.py passes.",
             must=(("test",), ("_cents", "round", "fix")),
             cue=("pending", "remaining", "todo", "to do", "next", "still", "not yet", "left",
                  "need", "then", "after")),
    Question("state", "What is the state of the work?",
             "currency.py and invoice.py edited; 2 tests still fail at invoice.py:42; the plan is "
             "to round once in _cents() with the signature kept.",
             must=(("fail", "failing"), ("invoice.py", "test"))),
)  # fmt: skip

REVIEW_CLAUDE = Question(
    "review",
    "What did the review find?",
    "The Explore subagent found the callers: export.py:88 calls total(inv, 'EUR') with currency "
    "positional; ledger.py:12 uses total(currency='EUR').",
    must=(("export.py:88", "ledger.py:12", "ledger.py"),),
    cue=("found", "caller", "subagent", "review", "report"),
)
REVIEW_CODEX = Question(
    "review",
    "What did the checks find?",
    "The test run found test_total_rounds_half_even failing at invoice.py:42 (3 failed, 47 "
    "passed); the search found invoice_total's callers in currency.py, discount.py, tax.py.",
    must=(("invoice.py:42", "test_total_rounds_half_even"), ("fail",)),
    cue=("found", "test", "fail", "run", "check"),
)


def questions(review: Question) -> tuple[Question, ...]:
    return (*_COMMON[:5], review, *_COMMON[5:])


def load(path: Path) -> tuple[Sequence[Mapping[str, Any]], str]:
    """The span before the file's first compaction, and that compaction's summary."""
    from ...transcripts import load_transcript

    transcript = load_transcript(path)
    compaction = transcript.compactions[0]
    return transcript.messages[: compaction.index], compaction.summary
