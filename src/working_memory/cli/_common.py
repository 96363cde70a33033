"""Options and output helpers shared by the subcommands."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .. import config
from ..budget import Budget
from ..pins import PinPolicy

__all__ = [
    "add_budget_options",
    "budget_from",
    "non_negative_int",
    "option_problem",
    "pins_from",
    "positive_int",
    "share",
    "sparkline",
    "table",
]

_BARS = "▁▂▃▄▅▆▇█"


def positive_int(text: str) -> int:
    """argparse type: an integer of at least 1."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number of at least 1")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: an integer of at least 0."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number of at least 0")
    return value


def share(text: str) -> float:
    """argparse type: a share of the window, above 0 and at most 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number such as 0.8") from None
    if not 0 < value <= 1:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text!r}: expected a share above 0 and at most 1")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number") from None


def option_problem(args: argparse.Namespace) -> str | None:
    """A contradiction between options argparse checked one by one, or None."""
    compact_at, evict_at = getattr(args, "compact_at", None), getattr(args, "evict_at", None)
    if compact_at is not None and evict_at is not None and compact_at > evict_at:
        return (
            f"--compact-at {compact_at} is above --evict-at {evict_at}: compaction must start "
            "at or below the eviction line"
        )
    return None


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    parser.set_defaults(_parser=parser)  # main() reports option_problem() with this parser
    group = parser.add_argument_group("budget and policy")
    group.add_argument(
        "--window",
        type=positive_int,
        default=config.WINDOW,
        help="model context window in tokens (default %(default)s)",
    )
    group.add_argument(
        "--ratio",
        type=share,
        default=config.RATIO,
        help="share of the window to use (default %(default)s)",
    )
    group.add_argument(
        "--reserve",
        type=non_negative_int,
        default=config.RESERVE_COMPLETION,
        help="tokens reserved for the reply (default %(default)s)",
    )
    group.add_argument(
        "--counter",
        default="approx",
        help="token counter: approx (default), estimate, cl100k, o200k, hf:<tokenizer.json>",
    )
    group.add_argument(
        "--keep-recent",
        type=non_negative_int,
        default=config.KEEP_RECENT,
        help="last N messages always pinned (default %(default)s)",
    )
    group.add_argument(
        "--compact-at",
        type=share,
        default=config.COMPACT_AT,
        help="pressure that triggers compaction (default %(default)s)",
    )
    group.add_argument(
        "--evict-at",
        type=share,
        default=config.EVICT_AT,
        help="pressure that triggers eviction (default %(default)s)",
    )
    group.add_argument(
        "--max-tool-tokens",
        type=positive_int,
        default=config.MAX_TOOL_TOKENS,
        help="truncate tool results above this (default %(default)s)",
    )


def budget_from(args: argparse.Namespace) -> Budget:
    return Budget(
        window=args.window, ratio=args.ratio, reserve_completion=args.reserve, counter=args.counter
    )


def pins_from(args: argparse.Namespace) -> PinPolicy:
    return PinPolicy(keep_recent=args.keep_recent)


def sparkline(values: Sequence[float], *, width: int = 72, top: float | None = None) -> str:
    """Pressure as one line of block characters; long series are bucketed by their maximum."""
    if not values:
        return ""
    if len(values) > width:
        size = len(values) / width
        values = [
            max(values[int(i * size) : max(int(i * size) + 1, int((i + 1) * size))])
            for i in range(width)
        ]
    high = top if top is not None else max(max(values), 1e-9)
    return "".join(
        _BARS[min(len(_BARS) - 1, max(0, int(v / high * (len(_BARS) - 1) + 0.5)))] for v in values
    )


def table(rows: Sequence[Sequence[object]], headers: Sequence[str]) -> str:
    """A plain aligned text table: numbers right-aligned, text left-aligned."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [
        all(isinstance(row[i], int | float) for row in rows) if rows else False
        for i in range(len(headers))
    ]
    lines = []
    for n, row in enumerate(cells):
        parts = [
            c.rjust(w) if numeric[i] else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)
