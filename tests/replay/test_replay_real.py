"""Every real log in ../shared/transcripts/ replays under every strategy, invariants intact.

Windows are chosen per log so that the raw transcript does not fit (so management must act):
the assertion that something happened is never vacuous.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from tests.paths import TRANSCRIPTS
from working_memory.replays._run import Policy, count_orphans, exact_breakdown, replay
from working_memory.transcripts import load_transcript

from .conftest import CODEX, SPOTTER

pytestmark = pytest.mark.corpus  # every test here reads the real corpus

# file -> (window, keep_recent); reserve is a tenth of the window.
LOGS = {
    "claude-code/d-kimuson__claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl": (
        2_000,
        2,
    ),
    "claude-code/d-kimuson__claude-code-viewer__5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl": (
        5_000,
        2,
    ),
    SPOTTER: (32_000, 4),
    "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-a881341.jsonl": (
        6_000,
        1,
    ),
    "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-acompact-fffbd0.jsonl": (
        3_000,
        1,
    ),
    CODEX: (32_000, 4),
    "openai/SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json": (16_000, 4),
    "openai/SWE-agent__mini-swe-agent__deepseek_reasoner_dev__sqlfluff__sqlfluff-1517.traj.json": (
        16_000,
        4,
    ),
    "swe-agent/SWE-agent__SWE-agent__marshmallow-code__marshmallow-1867.function_calling_replace_from_source.traj": (
        8_000,
        2,
    ),
    "openhands/All-Hands-AI__OpenHands__basic_gui_mode.json": (3_000, 2),
}
STRATEGIES = ("compact", "mask", "hybrid", "evict")
_TOTALS: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))


def test_the_table_covers_every_real_log():
    on_disk = {
        str(p.relative_to(TRANSCRIPTS))
        for p in TRANSCRIPTS.rglob("*")
        if p.is_file() and p.name != "MANIFEST.md"
    }
    assert on_disk == set(LOGS)


def _policy(window: int, keep_recent: int, strategy: str) -> Policy:
    limit = int(window * 0.7) - window // 10
    return Policy(
        window=window,
        reserve_completion=window // 10,
        keep_recent=keep_recent,
        strategy=strategy,
        summariser="none" if strategy == "evict" else "offline",
        max_tool_tokens=min(2_000, limit // 3),
        keep_tool_results=1 if window < 10_000 else 3,
    )


@pytest.fixture(scope="module")
def transcripts():
    return {name: load_transcript(TRANSCRIPTS / name) for name in LOGS}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", list(LOGS))
def test_real_log_replays_with_invariants(transcripts, name, strategy):
    window, keep_recent = LOGS[name]
    transcript = transcripts[name]
    seen = []

    def hook(call, sent, window_):
        seen.append((count_orphans(sent), tuple(exact_breakdown(window_))))

    result = replay(transcript, _policy(window, keep_recent, strategy), on_call=hook)
    stats = result.stats
    assert stats.calls == sum(m["role"] == "assistant" for m in transcript.messages) > 0
    assert stats.orphaned_tool_calls == 0 and all(o == 0 for o, _ in seen)
    assert stats.task_survived, result.notes
    assert stats.pinned_survived
    task = next(m for m in transcript.messages if m["role"] == "user")
    if not stats.oversized_messages:
        assert task in result.final_messages
    # The raw log does not fit, so the window had to act.
    assert stats.unmanaged_peak_pressure > 1.0
    acted = (
        stats.compactions
        + stats.evictions
        + stats.maskings
        + stats.truncations
        + stats.oversized_messages
    )
    assert acted > 0
    assert stats.billed_tokens < stats.unmanaged_billed_tokens
    timeline = result.timeline
    for row, (_, exact) in zip(timeline.itertuples(), seen, strict=True):
        parts = (
            row.tokens_system,
            row.tokens_overhead,
            row.tokens_tools,
            row.tokens_pinned,
            row.tokens_summaries,
            row.tokens_recent,
            row.tokens_other,
        )
        assert parts == exact
    totals = _TOTALS[strategy]
    for key in ("compactions", "evictions", "maskings"):
        totals[key] += getattr(stats, key)
    totals["logs"] += 1


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_each_strategy_did_its_own_thing_across_the_corpus(strategy, transcripts):
    # Runs after the per-log tests (same module, declared later); recompute if run alone.
    totals = _TOTALS[strategy]
    if totals["logs"] != len(LOGS):
        totals.clear()
        for name, (window, keep_recent) in LOGS.items():
            stats = replay(transcripts[name], _policy(window, keep_recent, strategy)).stats
            for key in ("compactions", "evictions", "maskings"):
                totals[key] += getattr(stats, key)
    expected = {
        "compact": lambda t: t["compactions"] > 10 and t["maskings"] == 0,
        "mask": lambda t: t["maskings"] > 10 and t["compactions"] == 0,
        "hybrid": lambda t: t["maskings"] > 10 and t["compactions"] > 5,
        "evict": lambda t: t["evictions"] > 10 and t["compactions"] == t["maskings"] == 0,
    }[strategy]
    assert expected(totals), dict(totals)


def test_spotter_marks_the_production_compaction(transcripts):
    transcript = transcripts[SPOTTER]
    assert len(transcript.compactions) == 1
    compaction = transcript.compactions[0]
    result = replay(transcript, _policy(32_000, 4, "compact"))
    ((call, kept),) = result.real_compactions
    assert kept is compaction and kept.summary  # the production summary stays available
    timeline = result.timeline
    row = timeline[timeline.call == call].iloc[0]
    assert row.real_compaction and row.message_index >= compaction.index
    previous = timeline[timeline.call == call - 1].iloc[0]
    assert previous.message_index < compaction.index  # the first call after it took effect
    assert int(timeline.real_compaction.sum()) == 1 == result.stats.real_compactions


def test_codex_rollout_marks_its_compactions_if_it_has_any(transcripts):
    transcript = transcripts[CODEX]
    result = replay(transcript, _policy(32_000, 4, "compact"))
    assert result.stats.real_compactions == len(transcript.compactions)
    assert int(result.timeline.real_compaction.sum()) == sum(
        call is not None for call, _ in result.real_compactions
    )


def test_a_user_message_over_the_whole_budget_is_replayed_truncated(transcripts):
    name = "claude-code/marot__spotter__258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-acompact-fffbd0.jsonl"
    result = replay(transcripts[name], _policy(3_000, 1, "compact"))
    # The pasted conversation (message 2) and the summariser's reply (message 3) each exceed
    # the 1,800-token limit on their own.
    assert result.stats.oversized_messages == 2
    assert [n.split(" (")[0] for n in result.notes] == ["message 2", "message 3"]
    assert all("truncated copy" in n for n in result.notes)
    assert result.stats.calls_over_limit == 0
