"""The second held-out set: its spans, the status words its answers use, and its harness
summaries that answer. The checks every set passes are in `test_bench_heldout_sets.py`; no
summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, Production

# Written before the questions said what a partial and a wrong answer are, and before the sets
# came with careless handoffs and low-score bounds.
HELDOUT2 = HeldoutSet(
    prefix="heldout2-",
    shapes={
        "heldout2-codex-migration": "codex",
        "heldout2-chat-cache": "openai-chat",
        "heldout2-claude-leak": "claude-code",
    },
    status=STATUS
    | {"not used", "not wired", "unverified", "missing", "lacks", "no id", "not linted"},
    grades_explained=False,
    production={"heldout2-codex-migration": Production(), "heldout2-claude-leak": Production()},
)
