"""compare_policies: one row per transcript x policy, from any kind of corpus."""

from __future__ import annotations

import dataclasses

import pytest

from tests.paths import FIXTURES, fixture, real
from working_memory.replays import (
    PRESETS,
    Policy,
    ReplayStats,
    compare_policies,
    cost_totals,
    cost_verdict,
    replay,
)
from working_memory.transcripts import load_transcript, synthetic_session

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


# -- cost with the prompt cache, beside tokens -------------------------------------------------
SMALL = {"window": 6_000, "reserve_completion": 500}
COST_POLICIES = {
    "default": Policy(),
    "small": Policy(**SMALL),
    "mask-small": dataclasses.replace(PRESETS["masking"], **SMALL),
    "deep-small": dataclasses.replace(PRESETS["deep-compaction"], **SMALL),
}


def _expected_verdict(rows):
    """What the sentences must say, worked out here from the rows alone."""
    best = min(rows, key=lambda r: r["cost_usd"])
    dearer = [
        r["policy"]
        for r in rows
        if r["billed_tokens"] < r["unmanaged_billed_tokens"]
        and r["cost_usd"] > r["unmanaged_cost_usd"]
    ]
    return best["policy"], dearer


@pytest.mark.parametrize("key", ["claude-code-compaction", "codex"])
def test_cost_columns_lead_and_the_verdict_names_the_cheapest(key):
    frame = compare_policies({key: fixture(key)}, COST_POLICIES)
    leading = list(frame.columns[5:10])
    assert leading == [
        "calls",
        "cost_usd",
        "unmanaged_cost_usd",
        "saved_cost_share",
        "cache_breaks",
    ]
    assert frame.cost_usd.notna().all() and (frame.cost_usd > 0).all()
    t = load_transcript(fixture(key))
    for name, policy in COST_POLICIES.items():
        alone = replay(t, policy).stats
        row = frame[frame.policy == name].iloc[0]
        assert row.cost_usd == pytest.approx(alone.cost_usd)
        assert row.cache_breaks == alone.cache_breaks
        assert row.billed_tokens == alone.billed_tokens
    # Compactions and maskings break the cache; the unmanaged log and the replayed production
    # compaction do not break it more than once.
    assert (frame[frame.policy != "default"].cache_breaks > 0).all()
    rows = frame.to_dict("records")
    best, dearer = _expected_verdict(rows)
    lines = frame.attrs["verdict"]
    assert lines == frame.attrs["verdicts"][key]  # one log: the corpus is that log
    assert lines[0].startswith(f"Cheapest: {best} at $")
    assert len(lines) == 1 + len(dearer)
    assert all(line.startswith(f"{n} saves ") for n, line in zip(dearer, lines[1:], strict=True))
    # The same sentences as CLI replay, the lab and the report read, for the same log.
    assert lines == cost_verdict({n: replay(t, p).stats for n, p in COST_POLICIES.items()})


def test_the_corpus_verdict_sums_the_sessions_priced_under_every_policy():
    corpus = {k: fixture(k) for k in ("claude-code-compaction", "codex")}
    corpus["unpriced"] = synthetic_session(30, seed=4)  # no model, no price
    frame = compare_policies(corpus, COST_POLICIES)
    totals = cost_totals(frame.to_dict("records"))
    priced = frame[frame.transcript != "unpriced"]
    for name, total in totals.items():
        part = priced[priced.policy == name]
        assert total.sessions == 3 and total.priced_sessions == 2
        assert total.cost_usd == pytest.approx(part.cost_usd.sum())
        assert total.billed_tokens == part.billed_tokens.sum()
    best = min(totals, key=lambda n: totals[n].cost_usd)
    assert frame.attrs["verdict"][0].startswith(f"Cheapest: {best} at ")
    assert "2 sessions" in frame.attrs["verdict"][0]
    assert frame.attrs["verdicts"]["unpriced"][0].startswith("Fewest input tokens: ")


def test_a_policy_that_saves_tokens_but_costs_more_is_named():
    frame = compare_policies({"cc": fixture("claude-code-compaction")}, COST_POLICIES)
    rows = frame.to_dict("records")
    # Make one policy dearer than no management while it still saves tokens: the sentence
    # comes from the rows, so it follows them.
    small = next(r for r in rows if r["policy"] == "small")
    small["cost_usd"] = small["unmanaged_cost_usd"] * 1.25
    lines = cost_verdict(cost_totals(rows))
    assert lines[-1].startswith(
        f"small saves {1 - small['billed_tokens'] / small['unmanaged_billed_tokens']:.0%}"
    )
    assert "costs 25% more than no management" in lines[-1]
    assert f"its {small['cache_breaks']} cache breaks" in lines[-1]


@pytest.mark.corpus
def test_on_the_real_deepseek_log_the_small_window_saves_tokens_and_costs_more():
    path = real("openai-sqlfluff")
    base = PRESETS["small-window-32k"]
    deep = dataclasses.replace(base, compact_at=0.85, compact_to=0.35, evict_at=0.95)
    frame = compare_policies({"sqlfluff": path}, {"small": base, "deep": deep})
    small = frame[frame.policy == "small"].iloc[0]
    assert small.billed_tokens < small.unmanaged_billed_tokens
    assert small.cost_usd > small.unmanaged_cost_usd
    assert any(line.startswith("small saves ") for line in frame.attrs["verdict"])
