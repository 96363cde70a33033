"""The prompt-cache model: rules, predictions, cost, and the check against billed cache reads."""

from __future__ import annotations

import pytest

from tests.paths import FIXTURE_FILES, FIXTURES, REAL_FILES, TRANSCRIPTS
from working_memory.clients import Price, estimate_cost, price_for
from working_memory.tokens import (
    CACHE_RULES,
    CacheModel,
    CachePrediction,
    CallShape,
    cache_cost,
    cache_family,
    check_cache,
    log_shapes,
)
from working_memory.transcripts import CallRecord, RealCompaction, Transcript, load_transcript

ANTHROPIC = CACHE_RULES["anthropic"]
OPENAI = CACHE_RULES["openai"]


def test_every_rule_names_its_source_and_families_resolve():
    assert all(rule.source for rule in CACHE_RULES.values())
    assert cache_family("claude-opus-4-6").family == "anthropic"
    assert cache_family("openai/gpt-5.5").family == "openai"
    assert cache_family("deepseek-reasoner").family == "deepseek"
    assert cache_family(None).family == "generic"


def test_anthropic_reads_the_previous_prompt_and_writes_the_rest():
    model = CacheModel(ANTHROPIC)
    shapes = [CallShape(5000, 0, None), CallShape(6000, 5000, 10.0), CallShape(7000, 6000, 10.0)]
    assert model.predict(shapes) == (
        CachePrediction(0, 5000, 0),
        CachePrediction(5000, 1000, 0),
        CachePrediction(6000, 1000, 0),
    )


def test_expired_cache_keeps_only_the_warm_prefix_and_the_long_lifetime_outlives_it():
    model = CacheModel(ANTHROPIC, warm_share=0.5)
    shapes = [CallShape(4000, 0), CallShape(6000, 4000, 400.0)]
    assert model.predict(shapes)[1].read == 2000  # 400 s > 5 minutes: only the warm half
    long = [CallShape(4000, 0, long_cache=True), CallShape(6000, 4000, 400.0, long_cache=True)]
    assert model.predict(long)[1].read == 4000


def test_openai_minimum_and_increment():
    model = CacheModel(OPENAI)
    got = model.predict([CallShape(900, 0), CallShape(1000, 900, 1.0), CallShape(3000, 1300, 1.0)])
    assert [p.read for p in got] == [0, 0, 1280]  # under 1024: nothing; 1300 -> 1024 + 2 x 128
    assert all(p.write == 0 for p in got)
    assert got[2].uncached == 3000 - 1280


def test_cache_cost_uses_the_price_and_the_one_hour_rate():
    price = Price(3.0, 15.0, cached_input=0.3, cache_write=3.75, cache_write_1h=6.0)
    p = CachePrediction(read=1_000_000, write=1_000_000, uncached=1_000_000)
    assert cache_cost(p, 0, price, ANTHROPIC) == pytest.approx(0.3 + 3.75 + 3.0)
    assert cache_cost(p, 0, price, ANTHROPIC, long_cache=True) == pytest.approx(0.3 + 6.0 + 3.0)
    # no cached rate in the price: the rules' multiplier
    assert cache_cost(p, 1_000_000, Price(1.0, 2.0), OPENAI) == pytest.approx(0.1 + 1 + 1 + 2)
    assert estimate_cost(
        "claude-sonnet-4-5",
        2_000_000,
        0,
        cache_write_tokens=2_000_000,
        cache_write_1h_tokens=1_000_000,
    ) == pytest.approx(3.75 + 6.0)


def test_the_shared_logs_models_have_dated_prices():
    for model in (
        "claude-opus-4-6",
        "gpt-5.5",
        "deepseek-v4-flash",
        "deepseek-reasoner",
        "claude-3-5-sonnet-20241022",
    ):
        price = price_for(model)
        assert price is not None and price.checked and price.source, model


def _log(calls, compactions=()):
    return Transcript(
        messages=[{"role": "user", "content": "x"}] * 20,
        format="test",
        calls=list(calls),
        compactions=list(compactions),
    )


def test_check_cache_follows_a_compaction_and_a_pause():
    calls = [
        CallRecord(0, 1, 5000, 0, 0, model="claude-sonnet-4-5", timestamp=0.0),
        CallRecord(1, 3, 3, 5000, 1000, model="claude-sonnet-4-5", timestamp=10.0),
        CallRecord(2, 5, 3, 0, 7000, model="claude-sonnet-4-5", timestamp=1000.0),  # expired
        CallRecord(3, 7, 3, 0, 3000, model="claude-sonnet-4-5", timestamp=1010.0),  # compacted
    ]
    log = _log(calls, [RealCompaction(7, "auto", None, "summary")])
    shapes = log_shapes(log)
    assert [s.reused for s in shapes] == [0, 5000, 6003, 0]
    assert shapes[2].gap_s == 990.0
    check = check_cache(log)
    assert [c.predicted.read for c in check.calls] == [0, 5000, 0, 0]
    assert check.reads_ratio == 1.0 and check.meets()
    assert [c.predicted.write for c in check.calls] == [5000, 1003, 7003, 3003]


def test_fit_learns_the_warm_share_from_first_calls():
    logs = [
        _log([CallRecord(0, 1, 0, 3000, 1000, model="claude-x"), CallRecord(1, 3, 0, 4000, 500)]),
        _log([CallRecord(0, 1, 0, 1000, 1000, model="claude-x"), CallRecord(1, 3, 0, 2000, 500)]),
    ]
    model = CacheModel.fit(logs)
    assert model.warm_share == pytest.approx((0.75 + 0.5) / 2)
    with pytest.raises(ValueError, match="no log"):
        CacheModel.fit([_log([])])


@pytest.mark.corpus
def test_real_logs_carry_timestamps_and_one_hour_writes():
    for key in ("claude-code-compaction", "codex", "openai-astropy"):
        t = load_transcript(TRANSCRIPTS / REAL_FILES[key])
        stamps = [c.timestamp for c in t.calls]
        assert all(s is not None for s in stamps), key
        assert stamps == sorted(stamps), key
    claude = load_transcript(TRANSCRIPTS / REAL_FILES["claude-code-compaction"])
    assert any(c.cache_creation_1h_input_tokens > 0 for c in claude.calls)


def _shared_logs():
    logs = []
    for path in sorted(TRANSCRIPTS.rglob("*")):
        if path.is_file() and path.suffix in (".jsonl", ".json", ".traj"):
            t = load_transcript(path)
            if sum(c.total_input_tokens > 0 for c in t.calls) >= 6:
                logs.append((path.name, t))
    return logs


# Measured misses (benchmarks/bench_cache.py): the Codex rollout's 12 of 66 calls that read
# nothing although the previous prompt was seconds old; one short Claude Code log whose first
# call read a pre-cached prefix (uncalibrated) or none (fitted on the others).
KNOWN_MISSES = {
    ("codemie-ai__codemie-code", "uncalibrated"),
    ("d-kimuson__claude-code-viewer__1af7fc5e", "uncalibrated"),
    ("d-kimuson__claude-code-viewer__5c0375b4", "fitted"),
}


@pytest.mark.corpus
def test_cache_targets_on_the_shared_logs_uncalibrated_and_leave_one_log_out():
    logs = _shared_logs()
    assert len(logs) >= 6
    scored = 0
    for name, t in logs:
        family = check_cache(t).model.rules.family
        others = [o for _, o in logs if o is not t and check_cache(o).model.rules.family == family]
        models = {"uncalibrated": None}
        if others:
            models["fitted"] = CacheModel.fit(others)
        for label, model in models.items():
            check = check_cache(t, model)
            known = any(name.startswith(prefix) and label == kind for prefix, kind in KNOWN_MISSES)
            if not known:
                scored += 1
                assert check.meets(), (name, label, str(check))
            else:
                assert abs(check.reads_ratio - 1) < 0.25, (name, label, str(check))
    assert scored >= 8


@pytest.mark.parametrize("key", ["claude-code-compaction", "codex", "openai-mini-swe-agent"])
def test_loaders_record_when_each_call_was_made(key):
    t = load_transcript(FIXTURES / FIXTURE_FILES[key])
    stamps = [c.timestamp for c in t.calls]
    assert stamps and all(s is not None and s > 1.7e9 for s in stamps)
    assert stamps == sorted(stamps)
    gaps = [s.gap_s for s in log_shapes(t)[1:]]
    assert all(g is not None and g >= 0 for g in gaps)
