"""The fast paths: find_facts' literal prefilters change nothing, and the compactor's
per-token fact reading keeps the exact path's lines and quality at a fraction of its cost."""

from __future__ import annotations

import os
import string
import subprocess
import sys
from collections import Counter
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.paths import TRANSCRIPTS, corpus_files, fixture_files
from working_memory.compaction import (
    DECISION_CUES,
    ExtractiveCompactor,
    span_lines,
    summary_metrics,
)
from working_memory.compaction import _facts as facts
from working_memory.compaction._facts import find_facts, span_segments
from working_memory.compaction._fast_lines import _clear_caches, _token_facts, fast_lines
from working_memory.compaction._lines import is_decision
from working_memory.transcripts import load_transcript, synthetic_session

CLAUDE = TRANSCRIPTS / "claude-code" / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"
ROOT = Path(__file__).resolve().parents[2]


def _unfiltered(text: str) -> list[facts.FoundFact]:
    """find_facts with every prefilter off: the algorithm as it was before them."""
    saved = facts._present
    facts._present = facts._Everything
    try:
        return find_facts(text)
    finally:
        facts._present = saved


def _real_texts() -> list[str]:
    texts: list[str] = []
    # The project's fixtures, plus the real corpus when there is one.
    for path in [*fixture_files(subagents=True), *corpus_files(subagents=True)]:
        if path.suffix not in (".jsonl", ".json"):
            continue
        try:
            messages = load_transcript(path).messages
        except ValueError:
            continue
        texts.extend(segment.text for segment in span_segments(messages))
    assert texts, "no transcripts found under tests/fixtures"
    return texts


def test_prefilters_change_nothing_on_real_transcripts() -> None:
    texts = _real_texts()
    lines = sorted({line for text in texts for line in text.split("\n")})
    for text in [*texts, *lines[::5]]:
        assert find_facts(text) == _unfiltered(text), text[:200]


# Text built from the characters and words the patterns key on, so every prefilter flips.
_PIECES = st.sampled_from(
    [
        " ", "\n", "/", ".", "_", "__", "-", "--", ":", "()", "`", "```", "$ ", "%", ",", "x",
        "v", "http://a.io/b", "Error", "Exception: bad", "Failure", "error: no such file",
        "FAILED", "fatal:", "panic", "src/app.py", "lib/a.ex:12", "0.75", "2024", "1,200",
        "12ms", "v1.2.3", "HTTP 404", "fooBar", "FooBar", "HTTPServer", "snake_case", "gqc-12",
        "spotter-gqc.4", "deadbeef1", "--dry-run", ":ok", "compact()", "os.path.join", "git ",
        "status ", "ab", "7", "Z", "\t", "ß", "İ", "٣",
    ]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_property_prefilters_change_nothing(text: str) -> None:
    assert find_facts(text) == _unfiltered(text)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="0123456789٣", min_size=1, max_size=12),
    st.sampled_from(["", *string.punctuation, "a", "x", "٣"]),
)
def test_number_token_shortcuts_match_find_facts(digits: str, end: str) -> None:
    token = digits + end
    _clear_caches()
    exact = frozenset(f"{f.fact.kind}:{f.fact.value}" for f in find_facts(" " + token))
    assert _token_facts(token) == exact


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        ["src/app.py", "lib/a.ex", "a.b", "os.path.join", "1.5", "v1.2", "x", "12", "FooBar.py"]
    ),
    st.lists(st.integers(min_value=0, max_value=99_999), min_size=1, max_size=3),
    st.booleans(),
)
def test_line_number_shortcut_matches_find_facts(
    stem: str, numbers: list[int], colon: bool
) -> None:
    token = stem + "".join(f":{n}" for n in numbers) + (":" if colon else "")
    _clear_caches()
    exact = frozenset(f"{f.fact.kind}:{f.fact.value}" for f in find_facts(" " + token))
    assert _token_facts(token) == exact


# Cue words and their pieces, in any case, beside the characters IGNORECASE folds onto
# ASCII letters (the long s, the Kelvin sign, the dotted capital I) and word boundaries.
_CUE_PIECES = st.sampled_from(
    [
        " ", "'", ".", "-", "_", "x", "decided", "Decision", "CHOSE", "choose", "instead",
        "going with", "switch to", "switched to", "mustn't", "must not", "never", "Always",
        "do not", "don't", "doesn't work", "won't", "shouldn't", "avoid", "prefer", "root cause",
        "the fix", "fixed by", "because", "ruled out", "rules out", "wrong", "actually",
        "rather than", "not supported", "workaround", "ſhould", "wor\u212around", "nevеr", "İnstead",
        "cho", "rule", "must", "going", "fix", "Step 12:",
    ]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(_CUE_PIECES, max_size=12).map("".join))
def test_decision_prefilter_changes_nothing(text: str) -> None:
    assert is_decision(text) == (DECISION_CUES.search(text) is not None)


def test_decision_prefilter_on_real_lines() -> None:
    lines = {line for text in _real_texts() for line in text.split("\n")}
    assert any(is_decision(line) for line in lines)
    for line in lines:
        assert is_decision(line) == (DECISION_CUES.search(line) is not None), line[:200]


def _span(turns: int) -> list[dict[str, Any]]:
    return synthetic_session(turns, seed=3)


def test_fast_lines_are_the_exact_lines() -> None:
    """span_lines' lines, pieces, kinds and word counts, less tool lines with no fact."""
    span = _span(60)
    exact = span_lines(span, max_line_words=12)
    fast, total = fast_lines(span, 12)
    assert total == len(exact)
    assert [ln.order for ln in fast] == list(range(len(fast)))
    remaining = iter(exact)
    dropped_with_facts = 0
    for new in fast:
        old = next(remaining)
        while (old.text, old.kind, old.index) != (new.text, new.kind, new.message):
            assert old.kind == "tool", old  # only tool lines are dropped
            dropped_with_facts += bool(old.facts)
            old = next(remaining)
        assert old.words == new.words
        if old.kind != "tool":  # the compactor reads decisions of non-tool lines only
            assert old.decision == new.decision
        # a fact read per token is a fact of the line (no invented ones)
        line_values = {f.fact.value for f in find_facts("\n" + old.text)}
        for key in new.facts:
            value = key.split(":", 1)[1]
            assert value in old.text or value in line_values, (key, old.text)
    # per-token reading misses few facts the whole-message reading finds
    assert dropped_with_facts <= 0.02 * len(exact)


@pytest.mark.corpus
def test_fast_path_keeps_the_exact_paths_quality() -> None:
    limit = 1_180  # about the production summary's length, as in the benchmark
    messages = list(load_transcript(CLAUDE).messages)
    scores = {}
    for exact in (True, False):
        summary = ExtractiveCompactor(word_limit=limit, exact=exact).compact(messages).summary
        scores[exact] = summary_metrics(messages, summary, counter="estimate", word_limit=limit)
    fast, slow = scores[False], scores[True]
    assert fast.within_limit
    assert fast.fact_retention >= slow.fact_retention - 0.02
    assert fast.frequent_retention >= slow.frequent_retention - 0.03
    assert fast.corrections_kept == slow.corrections_kept


def test_same_summary_under_any_hash_seed() -> None:
    """Facts are hashed strings and sets iterate in hash order; the summary must not care."""
    code = (
        "from working_memory.compaction._extractive import ExtractiveCompactor;"
        "from working_memory.transcripts._synthetic import synthetic_session;"
        "print(ExtractiveCompactor(word_limit=120).compact(synthetic_session(80, seed=5)).summary)"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT / "src")}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_long_lines_and_tokens_are_read_but_not_cached() -> None:
    from working_memory.compaction import _fast_lines as extractive

    blob = "Z" * 500 + "_9"  # a long token (base64, minified code) is read uncached
    filler = " ".join(("read", "the", "notes", "again")[i % 4] + str(i // 4) for i in range(60))
    line = "see lib/needle_file.ex then read the notes " + filler + " " + blob
    span = [{"role": "tool", "tool_call_id": "x", "content": line}]
    _clear_caches()
    summary = ExtractiveCompactor(word_limit=60, max_line_words=30).compact(span).summary or ""
    assert "lib/needle_file.ex" in summary
    cached = extractive._cached_line.cache_info().currsize
    assert cached >= 1  # the 30-word pieces are short enough to cache
    assert extractive._cached_token.cache_info().currsize < 70
    extractive.line_facts(line)
    assert extractive._cached_line.cache_info().currsize == cached  # the whole line is not
    assert _token_facts(blob) == frozenset(
        f"{f.fact.kind}:{f.fact.value}" for f in find_facts(" " + blob)
    )


def test_a_decision_line_outranks_a_plain_line_with_the_same_facts() -> None:
    """Lines sharing a fact set share their first score, but a decision earns its bonus: the
    score is kept per fact set, kind and decision flag, never per fact set alone."""
    span = [
        {"role": "assistant", "content": "Reading src/app_main.py and lib/util_x.py now."},
        {"role": "assistant", "content": "Reading src/app_main.py and lib/util_x.py instead."},
    ]
    lines, _ = fast_lines(span, 40)
    assert [ln.decision for ln in lines] == [False, True]
    assert lines[0].facts == lines[1].facts
    compactor = ExtractiveCompactor(word_limit=50)
    counts = Counter(chain.from_iterable(ln.facts for ln in lines))
    chosen = compactor._select(lines, counts, 7, set(), set(), lambda ln: ln.words)
    assert [ln.text for ln in chosen] == [lines[1].text]
