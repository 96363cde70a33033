"""Token counters side by side, per class: accuracy against cl100k and speed, in one run.

Counters: chars/4 (`estimate`), LangChain's `count_tokens_approximately` (when langchain-core is
installed; skipped with a note otherwise), the previous estimator (frozen in
`previous_estimator.py`), the current one (`approx`), and tiktoken's exact cl100k. Samples: the
held-out half of the shipped corpus (`counter_corpus/holdout.jsonl`), never fitted on.

For each class and length band: mean, p5 and p95 of counted / exact. Speed: microseconds per
short message (5-200 characters) and MB/s on long ones (best of several rounds, CPU time, all
in this process), and each counter's cost as a ratio of the previous estimator's.

    .venv/bin/python benchmarks/bench_counters.py
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _langchain() -> Callable[[str], int] | None:
    try:
        from langchain_core.messages import HumanMessage
        from langchain_core.messages.utils import count_tokens_approximately
    except ImportError:
        return None

    def count(text: str) -> int:
        # One message, without the per-message extra: the text's own count, like the others.
        return count_tokens_approximately([HumanMessage(text)], extra_tokens_per_message=0)

    return count


def _cpu_time(count: Callable[[str], int], texts: list[str], rounds: int = 7) -> float:
    """Best CPU seconds for one pass over `texts` (CPU time: the machine is shared)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for text in texts:
            count(text)
        best = min(best, time.process_time() - start)
    return best


def _short_by_length(cc, samples) -> None:
    """`approx` on short messages by length, rounded (what `count` returns) and unrounded
    (`count_float`): where the two bands match, the miss is the estimate, not the rounding.
    Below 10 tokens one token is more than 10%: only an exact count is inside 0.90..1.10."""
    from working_memory.tokens import ApproxCounter

    approx = ApproxCounter()
    print("\nShort messages by length, `approx`: p5 .. p95 (mean), rounded and unrounded\n")
    print("| class | chars | n | under 10 tokens | exact | rounded | unrounded |")
    print("|---|---|---|---|---|---|---|")
    for cls in [*cc.CLASSES, "all"]:
        for low, high in ((5, 50), (50, 201)):
            rows = [
                s
                for s in samples
                if (cls == "all" or s.cls == cls) and low <= len(s.text) < high and s.cl100k
            ]
            if len(rows) < 5:
                continue
            cells = []
            for count in (approx.count, approx.count_float):
                ratios = [count(s.text) / s.cl100k for s in rows]
                p5, p95 = cc.percentile(ratios, 5), cc.percentile(ratios, 95)
                cells.append(f"{p5:.2f} .. {p95:.2f} ({sum(ratios) / len(ratios):.3f})")
            small = sum(1 for s in rows if s.cl100k < 10)
            exact = sum(1 for s in rows if approx.count(s.text) == s.cl100k)
            print(
                f"| {cls} | {low}-{min(high, 200)} | {len(rows)} | {small} | {exact} | "
                + " | ".join(cells)
                + " |"
            )


def main() -> int:
    from working_memory.tokens import get_counter

    cc = _module("calibrate_counter")
    previous = _module("previous_estimator").ApproxCounter()
    samples = cc.load_corpus("holdout")
    counters: list[tuple[str, Callable[[str], int]]] = [("chars/4", get_counter("estimate").count)]
    langchain = _langchain()
    if langchain is None:
        print("note: langchain-core is not installed: its count_tokens_approximately is skipped\n")
    else:
        counters.append(("langchain", langchain))
    counters += [("previous", previous.count), ("approx", get_counter("approx").count)]
    try:
        counters.append(("cl100k", get_counter("cl100k").count))
    except Exception as exc:  # tiktoken absent: the stored exact counts still score the others
        print(f"note: tiktoken cl100k unavailable ({exc}); exact counts come from the corpus\n")

    print("Accuracy: counted / exact cl100k, mean (p5 .. p95), held-out samples\n")
    print("| class | band | n | " + " | ".join(name for name, _ in counters) + " |")
    print("|---|---|---|" + "---|" * len(counters))
    classes = sorted({s.cls for s in samples}, key=cc.CLASSES.index)
    for cls in classes:
        for short in (False, True):
            rows = [s for s in samples if s.cls == cls and s.short == short and s.cl100k]
            cells = []
            for _, count in counters:
                ratios = [count(s.text) / s.cl100k for s in rows]
                p5, p95 = cc.percentile(ratios, 5), cc.percentile(ratios, 95)
                cells.append(f"{sum(ratios) / len(ratios):.2f} ({p5:.2f}..{p95:.2f})")
            band = "short" if short else "long"
            print(f"| {cls} | {band} | {len(rows)} | " + " | ".join(cells) + " |")

    _short_by_length(cc, samples)

    short_texts = [s.text for s in samples if s.short]
    long_texts = [s.text for s in samples if not s.short]
    size = sum(len(t.encode()) for t in long_texts)
    print("\nSpeed (CPU time, best of 7, same process)\n")
    print("| counter | us per short message | ratio to previous | long text MB/s |")
    print("|---|---|---|---|")
    base = _cpu_time(previous.count, short_texts)
    for name, count in counters:
        per = _cpu_time(count, short_texts)
        rate = size / _cpu_time(count, long_texts, rounds=3) / 1e6
        print(f"| {name} | {per / len(short_texts) * 1e6:.2f} | {per / base:.2f} | {rate:.1f} |")
    print(f"\n{len(short_texts)} short messages (5-200 chars), {len(long_texts)} long texts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
