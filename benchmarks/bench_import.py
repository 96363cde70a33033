"""`import working_memory` now against before the adapters landed, in fresh interpreters.

    python benchmarks/bench_import.py [--runs 30] [--baseline COMMIT]

The baseline (default: the newest first-parent ancestor of HEAD without
`src/working_memory/adapters`) is exported with `git archive` into a temporary folder; each
round runs both trees in turn, in an order that alternates, so that load on a shared machine
falls on both alike. Per tree and round: the wall time of `python -c "import working_memory"`
(minus a bare `python -c pass` of the same round) and the cumulative microseconds
`-X importtime` gives the `working_memory` package. Then min and median of each, the ratio
now / baseline, the modules each import loads and, for the modules only the current tree
loads, what they cost.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "src/working_memory/adapters/__init__.py"


def git(*args: str) -> bytes:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=True).stdout


def before_the_adapters() -> str:
    for commit in git("rev-list", "--first-parent", "HEAD").decode().split():
        has = subprocess.run(
            ["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}:{PACKAGE}"],
            capture_output=True,
            check=False,
        )
        if has.returncode != 0:
            return commit
    raise SystemExit("no ancestor of HEAD without the adapters package")


def export(commit: str, where: Path) -> Path:
    with tarfile.open(fileobj=BytesIO(git("archive", commit, "src"))) as archive:
        archive.extractall(where, filter="data")
    return where / "src"


def env_for(src: Path) -> dict[str, str]:
    # Only the tree's src first on the path; no user site, no inherited PYTHONPATH.
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(src)}


def wall(src: Path, code: str) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of `python -c code`. The CPU time is what
    the import itself costs, little moved by other jobs waiting for the same cores."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-s", "-c", code], env=env_for(src), check=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed, cpu


def importtime(src: Path) -> tuple[int, dict[str, tuple[int, int]]]:
    """The package's cumulative microseconds, and (self, cumulative) of every module."""
    done = subprocess.run(
        [sys.executable, "-s", "-X", "importtime", "-c", "import working_memory"],
        env=env_for(src),
        capture_output=True,
        text=True,
        check=True,
    )
    modules: dict[str, tuple[int, int]] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        modules[name.strip()] = (int(own), int(cumulative))
    return modules["working_memory"][1], modules


def loaded(src: Path) -> set[str]:
    code = "import sys; before = set(sys.modules); import working_memory; "
    code += "print('\\n'.join(sorted(set(sys.modules) - before)))"
    done = subprocess.run(
        [sys.executable, "-s", "-c", code],
        env=env_for(src),
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


def stats(values: list[float]) -> tuple[float, float]:
    return min(values), statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--baseline", help="a commit (default: the last one before the adapters)")
    args = parser.parse_args()
    commit = args.baseline or before_the_adapters()
    head = git("rev-parse", "--short", "HEAD").decode().strip()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": ROOT / "src", "baseline": export(commit, Path(tmp))}
        for src in trees.values():  # compile the bytecode before anything is timed
            wall(src, "import working_memory")
        walls: dict[str, list[float]] = {name: [] for name in trees}
        cpus: dict[str, list[float]] = {name: [] for name in trees}
        cumulative: dict[str, list[float]] = {name: [] for name in trees}
        profiles: dict[str, list[dict[str, tuple[int, int]]]] = {name: [] for name in trees}
        bare: list[float] = []
        bare_cpu: list[float] = []
        for round_ in range(args.runs):
            order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
            elapsed, cpu = wall(trees["now"], "pass")
            bare.append(elapsed * 1e3)
            bare_cpu.append(cpu * 1e3)
            for name in order:
                elapsed, cpu = wall(trees[name], "import working_memory")
                walls[name].append(elapsed * 1e3)
                cpus[name].append(cpu * 1e3)
                total, modules = importtime(trees[name])
                cumulative[name].append(total / 1e3)
                profiles[name].append(modules)
        sets = {name: loaded(src) for name, src in trees.items()}
    # The interpreter's own start, taken off each statistic (its min from the min, its median
    # from the median): the difference of single samples would add the noise of both.
    start, start_cpu = stats(bare), stats(bare_cpu)

    print(
        f"HEAD {head} against {commit[:10]} (before the adapters), {args.runs} interleaved runs\n"
    )
    print("| measure, ms | now min | now median | baseline min | baseline median | ratio (min) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for label, series, off in (
        ("fresh interpreter, wall, `python -c pass` taken off", walls, start),
        ("fresh interpreter, CPU (user + system), `python -c pass` taken off", cpus, start_cpu),
        ("`-X importtime`, the package's cumulative", cumulative, (0.0, 0.0)),
    ):
        now, base = stats(series["now"]), stats(series["baseline"])
        now = now[0] - off[0], now[1] - off[1]
        base = base[0] - off[0], base[1] - off[1]
        print(
            f"| {label} | {now[0]:.1f} | {now[1]:.1f} | {base[0]:.1f} | {base[1]:.1f} "
            f"| {now[0] / base[0]:.3f} (median {now[1] / base[1]:.3f}) |"
        )
    print(
        f"\n`python -c pass`: wall min {start[0]:.1f} ms, median {start[1]:.1f} ms; "
        f"CPU min {start_cpu[0]:.1f} ms, median {start_cpu[1]:.1f} ms"
    )
    print(f"\nmodules loaded: now {len(sets['now'])}, baseline {len(sets['baseline'])}")
    only_now, only_base = (
        sorted(sets["now"] - sets["baseline"]),
        sorted(sets["baseline"] - sets["now"]),
    )
    print(f"only now: {', '.join(only_now) or 'none'}")
    print(f"only in the baseline: {', '.join(only_base) or 'none'}")
    if only_now:
        print("\n| module only now | self us (median) | cumulative us (median) |")
        print("| --- | ---: | ---: |")
        for name in only_now:
            timed = [p[name] for p in profiles["now"] if name in p]
            if timed:
                own = statistics.median(t[0] for t in timed)
                total = statistics.median(t[1] for t in timed)
                print(f"| {name} | {own:.0f} | {total:.0f} |")


if __name__ == "__main__":
    main()
