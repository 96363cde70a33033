"""The previous estimator (before issue 16), frozen here so benchmarks can time and score the
current one against it in the same process. Not used by the library.

A dependency-free token estimator calibrated against an exact BPE tokenizer (cl100k).

`len(text) / 4` is right for English prose and wrong for everything an agent's context is full
of: code, JSON, logs, other scripts, base64. This estimator reads cheap character statistics of
the text, recognises how dense it is, and applies per-class rates:

1. `features(text)`: counts from a few C-speed passes over the UTF-8 bytes (`bytes.translate`
   into a class alphabet, then `bytes.count`): letters, digits, punctuation, whitespace, word
   runs, long-word runs, camel-case humps, digit groups, punctuation runs, and characters per
   script block (Latin extended, Cyrillic, CJK, Indic, ...). No per-character Python loop.
2. The densities of those counts (per byte) feed a small softmax classifier over the classes
   prose, code, json, logs, i18n and blobs; its probabilities blend the per-class rate vectors,
   so mixed text (code in a log, a base64 string inside JSON) gets a mixed rate, not a hard switch.
3. The estimate is the blended rates dotted with the counts, times a safety scale chosen so that
   no class is undercounted on average.

The constants below are printed by `benchmarks/calibrate_counter.py`, which rebuilds the corpora
from the machine it runs on, fits them and checks them on held-out samples; re-run it to
calibrate for another tokenizer. Accuracy figures: `benchmarks/RESULTS-counters.md`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import mul

__all__ = ["CLASSES", "FEATURES", "ApproxCounter", "features"]


def _high_class(i: int) -> int:
    """For UTF-8 lead bytes, a letter naming the script block they open ('.' for the rest)."""
    for upper, letter in (
        (0xC0, "."),  # ASCII and continuation bytes
        (0xCC, "b"),  # Latin-1 supplement, Latin extended, IPA
        (0xD0, "r"),  # combining marks, Greek, Coptic
        (0xD4, "y"),  # Cyrillic
        (0xE0, "r"),  # Armenian, Hebrew, Arabic, Syriac, Thaana
        (0xE1, "i"),  # Indic, Thai, Lao, Tibetan
        (0xE2, "j"),  # Myanmar, Georgian, Ethiopic, Khmer, Latin extended additional
        (0xE3, "e"),  # punctuation, symbols, arrows, box drawing
        (0xEA, "c"),  # CJK, kana
        (0xEE, "h"),  # Hangul, Yi
    ):
        if i < upper:
            return ord(letter)
    return ord("f")  # private use, fullwidth forms, four-byte (emoji, historic scripts)


def _table(pick: str, hit: str) -> bytes:
    """A `bytes.translate` table sending the ASCII characters in `pick` to `hit`, all else to '.'."""
    chosen = {ord(c) for c in pick}
    return bytes(ord(hit) if i in chosen else ord(".") for i in range(256))


_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()
_DIGITS = "0123456789"
_PUNCT = "".join(chr(i) for i in range(33, 127) if not chr(i).isalnum())
_WORD_TABLE = _table(_LOWER + _UPPER, "w")
_DIGIT_TABLE = _table(_DIGITS, "0")
_PUNCT_TABLE = _table(_PUNCT, "p")
_CASE_TABLE = bytes(
    ord("l") if chr(i) in _LOWER else ord("U") if chr(i) in _UPPER else ord(".") for i in range(256)
)
_DIGIT_ENDS = frozenset(c.encode() for c in _DIGITS)
_PUNCT_ENDS = frozenset(c.encode() for c in _PUNCT)
_HIGH_TABLE = bytes(_high_class(i) for i in range(256))

FEATURES: tuple[str, ...] = (
    "words",  # runs of ASCII letters: cl100k's pre-tokens for words and identifiers
    "long_words",  # sum of floor(run length / 8): long words split into several tokens
    "digit_runs",  # numbers: pre-tokens of at most three digits
    "punct_runs",  # runs of ASCII punctuation: '", "', '})', '->'
    "camel_humps",  # lower -> upper transitions: identifiers, and base64 all over
    "newlines",
    "indents",  # a newline followed by a space
    "spaces",
    "bytes",
    "one",
    # Non-ASCII characters per script block (counted only when the text is not ASCII).
    "latin_ext", "rtl_greek", "cyrillic", "indic", "georgian_etc", "symbols", "cjk", "hangul",
    "other_high",
)  # fmt: skip
_N_ASCII = FEATURES.index("latin_ext")
_BYTES = FEATURES.index("bytes")
_NO_HIGH = (0,) * (len(FEATURES) - _N_ASCII)
# The classifier reads densities (count per byte) of these features.
_DENSITY = tuple(i for i, name in enumerate(FEATURES) if name not in ("bytes", "one"))

CLASSES: tuple[str, ...] = ("prose", "code", "json", "logs", "i18n", "blobs")


def features(text: str) -> tuple[int, ...]:
    """The counts the estimate is made of, in `FEATURES` order (also used by the calibration)."""
    counts = _counts(text)
    return counts if len(counts) == len(FEATURES) else counts + _NO_HIGH


def _counts(text: str) -> tuple[int, ...]:
    """`features`, cut after the ASCII ones when the text is ASCII.

    A dozen C-speed passes over the UTF-8 bytes (translate into a small alphabet, then count),
    a dozen more only for text that is not ASCII.
    """
    raw = text.encode("utf-8", "surrogatepass")
    words = raw.translate(_WORD_TABLE)
    counts = (
        words.count(b"w.") + words.endswith(b"w"),
        words.count(b"wwwwwwww"),
        raw.translate(_DIGIT_TABLE).count(b"0.") + (raw[-1:] in _DIGIT_ENDS),
        raw.translate(_PUNCT_TABLE).count(b"p.") + (raw[-1:] in _PUNCT_ENDS),
        raw.translate(_CASE_TABLE).count(b"lU"),
        raw.count(b"\n"),
        raw.count(b"\n "),
        raw.count(b" "),
        len(raw),
        1,
    )
    if text.isascii():
        return counts
    high = raw.translate(_HIGH_TABLE)
    return (
        *counts,
        high.count(b"b"),
        high.count(b"r"),
        high.count(b"y"),
        high.count(b"i"),
        high.count(b"j"),
        high.count(b"e"),
        high.count(b"c"),
        high.count(b"h"),
        high.count(b"f"),
    )


# --- constants printed by benchmarks/calibrate_counter.py (cl100k_base) ---
# fmt: off
# rows follow CLASSES = ('prose', 'code', 'json', 'logs', 'i18n', 'blobs')
RATES = (
    (0.54994, 0.037046, 1.2924, 0.76451, 0.34228, 0.39936, 0.0020119, 0.18434, 0.060453, 0, 0.84106, 0.67377, 0.069823, 0.81528, 1.4447, 0, 0.35484, 0.33931, 0),
    (0.76181, 0.4128, 2.0411, 0.58021, 0.70786, 0.74106, 0, 0.1104, 0.0070155, 0.32681, 0.80732, 0.64673, 0.067022, 0.78257, 1.3867, 0, 0.34061, 0.3257, 0),
    (0.63492, 0.050369, 1.5676, 0.91802, 1.2403, 0, 0.74744, 0, 0.070289, 0, 0.9315, 0.74621, 0.077331, 0.90294, 1.6, 0, 0.393, 0.3758, 0),
    (0.50634, 0, 1.6576, 0.70169, 4.2293, 1.38, 0, 0, 0.0894, 0.027441, 0.89645, 0.71814, 0.074421, 0.86897, 1.5398, 0, 0.37821, 0.36166, 0),
    (0, 0.82775, 0.53049, 0.44662, 2.0305, 2.001, 1.1469, 0.064968, 0.22559, 1.8878, 0.93289, 0.74733, 0.077447, 0.9043, 1.6024, 0, 0.39359, 0.37636, 0),
    (0.51121, 0, 1.169, 0.63052, 1.7374, 0, 0, 0, 0.21938, 0, 0.89322, 0.71555, 0.074153, 0.86584, 1.5342, 0, 0.37685, 0.36035, 0),
)
CLASSIFIER = (
    (1.2775, 0.74896, -0.4269, -0.26532, -0.51165, -0.12074, 0.82706, -0.26383, 0.17649, -0.15255, -0.15802, -0.46635, -0.2385, -0.15812, 0.33456, -0.35429, -0.14702, -0.073375),
    (0.70563, 0.82913, 0.4765, -1.2242, 1.3041, 1.9132, 0.45607, 0.19605, 0.90691, -0.9773, -0.056655, 0.03895, -0.13027, -0.059761, -0.19082, -0.32267, -0.19088, -0.041793),
    (-0.3864, -1.839, 0.31985, -1.1694, 2.0184, -0.06043, -1.2286, 0.67128, -0.040117, -0.20481, -0.1182, -0.32332, -0.45543, -0.12563, -0.061547, -0.31174, -0.10574, -0.018573),
    (0.34282, -0.26341, -1.0397, 1.2444, 0.77186, -1.8526, -0.54364, 0.21874, 0.45679, -0.55885, -0.098192, -0.21944, -0.28822, -0.091016, -0.17442, -0.15708, -0.10538, -0.030303),
    (-0.3541, 0.56304, 0.47214, -0.89963, -0.90067, -1.0387, 1.4929, -0.89526, 0.34822, 1.8916, 0.48343, 0.99913, 1.1964, 0.50576, 0.13396, 1.1061, 0.52173, 0.13197),
    (-1.5855, -0.038722, 0.19812, 2.3141, -2.682, 1.1593, -1.0038, 0.073031, -1.8483, 0.0018782, -0.052358, -0.028972, -0.084025, -0.07123, -0.041741, 0.039674, 0.027294, 0.032076),
)
DENSITY_MEAN = (0.12138, 0.024194, 0.043643, 0.074669, 0.018911, 0.015425, 0.0037144, 0.11223, 0.0028515, 0.0031896, 0.0073612, 0.0069172, 0.0020786, 0.0011394, 0.0029825, 0.0009959, 4.8977e-05,)
DENSITY_SCALE = (0.052963, 0.021447, 0.066586, 0.057129, 0.048071, 0.01745, 0.008507, 0.11631, 0.013883, 0.038182, 0.054649, 0.045263, 0.023458, 0.013414, 0.027237, 0.015628, 0.00090284,)
SCALE = 1.0
# fmt: on
# ---------------------------------------------------------------------------------------------


class ApproxCounter:
    """Estimate tokens from character statistics with per-class rates; no dependency, no I/O.

    The default constants are calibrated against cl100k; pass the output of
    `benchmarks/calibrate_counter.py` to calibrate for another tokenizer.
    """

    name = "previous"

    def __init__(
        self,
        *,
        rates: Sequence[Sequence[float]] | None = None,
        classifier: Sequence[Sequence[float]] | None = None,
        density_mean: Sequence[float] | None = None,
        density_scale: Sequence[float] | None = None,
        scale: float | None = None,
    ) -> None:
        self._rates = tuple(tuple(float(v) for v in r) for r in (RATES if rates is None else rates))
        weights = tuple(tuple(w) for w in (CLASSIFIER if classifier is None else classifier))
        mean = tuple(DENSITY_MEAN if density_mean is None else density_mean)
        spread = tuple(DENSITY_SCALE if density_scale is None else density_scale)
        self._scale = SCALE if scale is None else float(scale)
        if not self._rates or any(len(r) != len(FEATURES) for r in self._rates):
            raise ValueError(f"rates: expected one row of {len(FEATURES)} per class")
        if len(weights) != len(self._rates) or any(len(w) != len(_DENSITY) + 1 for w in weights):
            raise ValueError(f"classifier: expected one row of {len(_DENSITY) + 1} per class")
        if len(mean) != len(_DENSITY) or len(spread) != len(_DENSITY):
            raise ValueError(f"density_mean/density_scale: expected {len(_DENSITY)} values")
        # Fold the standardisation into the classifier so a logit is one dot product with the raw
        # counts: logit = bias + (w / spread) . counts / bytes - (w / spread) . mean.
        self._bias: list[float] = []
        self._slopes: list[tuple[float, ...]] = []
        for row in weights:
            slope = [0.0] * len(FEATURES)
            bias = row[0]
            for j, w, m, sd in zip(_DENSITY, row[1:], mean, spread, strict=True):
                slope[j] = w / sd
                bias -= w * m / sd
            self._bias.append(bias)
            self._slopes.append(tuple(slope))
        # ASCII text has no high-script counts: shorter vectors, shorter dot products.
        self._ascii_slopes = tuple(s[:_N_ASCII] for s in self._slopes)
        self._ascii_rates = tuple(r[:_N_ASCII] for r in self._rates)

    def class_weights(self, text: str) -> dict[str, float]:
        """The blend of classes the text is read as (softmax over `CLASSES`)."""
        return dict(zip(CLASSES, self._weights(features(text)), strict=True))

    def _weights(self, counts: tuple[int, ...]) -> list[float]:
        inv_bytes = 1.0 / (counts[_BYTES] or 1)
        slopes = self._slopes if len(counts) == len(FEATURES) else self._ascii_slopes
        logits = [
            b + sum(map(mul, s, counts)) * inv_bytes
            for b, s in zip(self._bias, slopes, strict=True)
        ]
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        norm = 1.0 / sum(exps)
        return [e * norm for e in exps]

    def count_float(self, text: str) -> float:
        """The unrounded estimate (the calibration fits against this)."""
        if not text:
            return 0.0
        counts = _counts(text)
        rates = self._rates if len(counts) == len(FEATURES) else self._ascii_rates
        estimate = 0.0
        for weight, row in zip(self._weights(counts), rates, strict=True):
            if weight > 1e-3:  # skip the classes the text is clearly not
                estimate += weight * sum(map(mul, row, counts))
        # A byte-level BPE token is at least one byte: never more tokens than bytes (this also
        # bounds the rates' intercepts on tiny inputs such as a lone newline).
        return min(estimate * self._scale, float(counts[_BYTES]))

    def count(self, text: str) -> int:
        if not text:
            return 0
        return max(1, math.ceil(self.count_float(text)))

    def __repr__(self) -> str:
        return "ApproxCounter()"
