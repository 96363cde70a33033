"""The cache-aware setting (`rewrite_pays_over`) in replay: the log's model's cache prices,
and what it does to the cost on real logs."""

from __future__ import annotations

import dataclasses

import pytest

from tests.paths import FIXTURE_FILES, FIXTURES, REAL_FILES, TRANSCRIPTS
from working_memory.clients import price_for
from working_memory.replays import PRESETS, Policy, replay
from working_memory.tokens import cache_shares
from working_memory.transcripts import load_transcript


def gate_of(transcript, policy):
    gates = []
    replay(transcript, policy, on_call=lambda call, sent, window: gates.append(window._gate))
    return gates[-1]


@pytest.mark.parametrize(
    ("key", "read", "write"),
    [("claude-code-compaction", 0.1, 1.25), ("codex", 0.1, 1.0)],
)
def test_a_replay_weighs_rewrites_at_the_logs_model_prices(key, read, write):
    t = load_transcript(FIXTURES / FIXTURE_FILES[key])
    gate = gate_of(t, PRESETS["cache-aware"])
    assert (gate.read, gate.write) == pytest.approx((read, write))
    # What the prices say, not a table of its own.
    model = next(c.model for c in t.calls if c.model)
    assert (gate.read, gate.write) == pytest.approx(cache_shares(model, price_for(model)))
    # A policy's own prices win.
    own = gate_of(t, Policy(rewrite_pays_over=10, cache_read_share=0.5, cache_write_share=2.0))
    assert (own.read, own.write) == (0.5, 2.0)


def test_without_the_setting_there_is_no_gate():
    t = load_transcript(FIXTURES / FIXTURE_FILES["codex"])
    assert type(gate_of(t, PRESETS["default"])).__name__ == "Always"


@pytest.mark.corpus
@pytest.mark.parametrize("key", ["openai-sqlfluff", "claude-code-compaction"])
def test_on_real_logs_the_gate_makes_a_32k_window_cheaper_not_dearer(key):
    t = load_transcript(TRANSCRIPTS / REAL_FILES[key])
    plain = PRESETS["small-window-32k"]
    aware = dataclasses.replace(plain, rewrite_pays_over=10)
    a, b = replay(t, plain).stats, replay(t, aware).stats
    assert a.cost_usd is not None and b.cost_usd is not None
    # Measured 2026-12-02: $0.0180 -> $0.0121 (sqlfluff), $3.69 -> $3.18 (spotter).
    assert b.cost_usd < 0.95 * a.cost_usd
    assert b.compactions < a.compactions
