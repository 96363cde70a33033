"""Exact counters: offline tiktoken, HF tokenizer.json, and their errors."""

from __future__ import annotations

import pytest

from working_memory.tokens import (
    CounterUnavailableError,
    HFTokenizerCounter,
    TiktokenCounter,
    get_counter,
)

tiktoken = pytest.importorskip("tiktoken", reason="tiktoken is not installed ([tokenizers] extra)")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", 0), ("hello world", 2), ("hello <|endoftext|>", 7), ("    return x", 3)],
)
def test_cl100k_counts(text, expected):
    assert TiktokenCounter("cl100k").count(text) == expected


def test_registry_names():
    assert get_counter("cl100k").name == "cl100k"
    assert get_counter("tiktoken:cl100k_base").name == "cl100k"


def test_o200k_is_refused_offline_not_downloaded(tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))  # empty cache: the file is not here
    with pytest.raises(CounterUnavailableError, match=r"o200k_base.*not available offline"):
        get_counter("o200k")
    assert list(tmp_path.iterdir()) == []


def test_unknown_encoding():
    with pytest.raises(CounterUnavailableError, match="unknown tiktoken encoding"):
        TiktokenCounter("nope_base")


def _trained_tokenizer(path):
    tokenizers = pytest.importorskip("tokenizers", reason="tokenizers is not installed")
    from tokenizers import models, pre_tokenizers, trainers

    tok = tokenizers.Tokenizer(models.BPE(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    trainer = trainers.BpeTrainer(vocab_size=200, special_tokens=["[UNK]"])
    tok.train_from_iterator(["hello world", "hello there", "world peace"] * 50, trainer)
    tok.save(str(path))
    return tok


def test_hf_counter_matches_the_tokenizer(tmp_path):
    path = tmp_path / "tokenizer.json"
    tok = _trained_tokenizer(path)
    counter = get_counter(f"hf:{path}")
    assert isinstance(counter, HFTokenizerCounter)
    for text in ("hello world", "hello there world peace", ""):
        assert (
            counter.count(text) == len(tok.encode(text).ids) if text else counter.count(text) == 0
        )


def test_hf_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"no such tokenizer\.json"):
        HFTokenizerCounter(tmp_path / "absent.json")


def test_hf_invalid_file(tmp_path):
    bad = tmp_path / "tokenizer.json"
    bad.write_text('{"not": "a tokenizer"}')
    with pytest.raises(ValueError, match=r"tokenizer\.json.*not a valid"):
        HFTokenizerCounter(bad)
