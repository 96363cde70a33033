"""compare_policies: one row per transcript x policy, from any kind of corpus."""

from __future__ import annotations

import pytest

from tests.paths import FIXTURES
from working_memory.replays import PRESETS, Policy, ReplayStats, compare_policies, replay
from working_memory.transcripts import synthetic_session

POLICIES = {
    "compact": Policy(window=16_000),
    "evict": "evict-only",
    "mask": Policy(window=16_000, strategy="mask"),
}


def test_rows_match_individual_replays():
    messages = synthetic_session(80, seed=5)
    frame = compare_policies(messages, POLICIES)
    assert list(frame.policy) == ["compact", "evict", "mask"]
    assert list(frame.columns[:2]) == ["transcript", "policy"]
    assert set(ReplayStats.__dataclass_fields__) <= set(frame.columns)
    alone = replay(messages, PRESETS["evict-only"]).stats
    row = frame[frame.policy == "evict"].iloc[0]
    assert row.billed_tokens == alone.billed_tokens and row.evictions == alone.evictions


def test_a_folder_is_a_corpus_of_every_log_in_it():
    folder = FIXTURES / "openai"
    frame = compare_policies(
        folder, {"a": Policy(window=16_000), "b": Policy(window=16_000, strategy="hybrid")}
    )
    files = sorted(p.name for p in folder.iterdir())
    assert len(frame) == 2 * len(files)
    assert sorted(set(frame.transcript)) == files
    assert (frame.orphaned_tool_calls == 0).all() and frame.task_survived.all()


def test_a_mapping_and_a_list_of_sessions():
    sessions = {"s1": synthetic_session(20, seed=1), "s2": synthetic_session(20, seed=2)}
    frame = compare_policies(sessions, {"d": Policy()})
    assert list(frame.transcript) == ["s1", "s2"]
    frame = compare_policies(list(sessions.values()), {"d": Policy()})
    assert list(frame.transcript) == ["session-0", "session-1"]


@pytest.mark.parametrize(("corpus", "error"), [(42, TypeError), (FIXTURES / "nope.json", OSError)])
def test_bad_corpus(corpus, error):
    with pytest.raises((error, ValueError)):
        compare_policies(corpus, {"d": Policy()})
