"""Options and output helpers shared by the subcommands."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..budget import Budget
from ..pins import PinPolicy
from ..settings import Setting, WindowSettings, setting_fields

if TYPE_CHECKING:
    from ..replays import Policy

__all__ = [
    "add_policy_options",
    "add_run_option",
    "budget_from",
    "example_help",
    "load_one",
    "non_negative_int",
    "option_problem",
    "pins_from",
    "policy_for_log",
    "policy_from",
    "positive_int",
    "share",
    "sparkline",
    "table",
    "transcript_path",
]

_BARS = "▁▂▃▄▅▆▇█"


EXAMPLE_PREFIX = "example:"
TRANSCRIPT_HELP = (
    "; example:NAME reads a bundled example ({names}), so the command runs with no log of your own"
)


def transcript_path(text: str) -> str:
    """argparse type: a transcript's path, or `example:NAME` for a bundled example's."""
    if not text.startswith(EXAMPLE_PREFIX):
        return text
    from ..examples import example_path

    try:
        return str(example_path(text[len(EXAMPLE_PREFIX) :] or "coding-session"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None


def example_help() -> str:
    from ..examples import EXAMPLES

    return TRANSCRIPT_HELP.format(names=", ".join(EXAMPLES))


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


def _float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number such as 0.05") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"{text!r}: expected a finite number")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number") from None


def option_problem(args: argparse.Namespace) -> str | None:
    """A contradiction between options argparse checked one by one, or None."""
    given = getattr(args, "compact_at", None), getattr(args, "evict_at", None)
    if given == (None, None) or (getattr(args, "_overrides", False) and None in given):
        return None  # one flag over a policy file's other value: the policy's check says
    defaults = WindowSettings()
    compact_at = defaults.compact_at if given[0] is None else given[0]
    evict_at = defaults.evict_at if given[1] is None else given[1]
    if compact_at > evict_at:
        return (
            f"--compact-at {compact_at} is above --evict-at {evict_at}: compaction must start "
            "at or below the eviction line"
        )
    return None


_GROUP_TITLES = {
    "budget": "budget",
    "pins": "pins",
    "window": "thresholds and strategy",
    "summariser": "summariser",
}


def add_policy_options(
    parser: argparse.ArgumentParser,
    groups: Sequence[str] = ("budget", "pins", "window"),
    *,
    default_text: str | None = None,
) -> None:
    """One flag per policy setting in `groups`, derived from the declarations (`Policy`
    and `WindowSettings`): name, type, bounds and help. Every flag defaults to None, so that
    only what the command line gives overrides a policy (`policy_from`). `default_text`
    replaces "default <value>" in the help (replay: "the policy's")."""
    from ..replays import Policy

    # main() reports option_problem() with this parser
    parser.set_defaults(_parser=parser, _overrides=default_text is not None)
    base = Policy()
    sections = {group: parser.add_argument_group(_GROUP_TITLES[group]) for group in groups}
    for f, spec in setting_fields(Policy):
        if not spec.flag or spec.group not in sections:
            continue
        names = [f"--{f.name.replace('_', '-')}", *([spec.flag_alias] if spec.flag_alias else [])]
        default = default_text or f"default {spec.describe(getattr(base, f.name))}"
        options: dict[str, Any] = {"dest": f.name, "default": None}
        if spec.kind == "bool":
            options["action"] = argparse.BooleanOptionalAction
        elif spec.kind == "choice":
            options["choices"] = spec.flag_choices or spec.choices
        else:
            options["type"] = _parse(spec)
            options["metavar"] = "N" if spec.kind == "int" else "X" if spec.kind != "text" else None
        # argparse formats help with %: a literal one (a share such as 70%) is doubled.
        text = f"{spec.help} ({default})".replace("%", "%%")
        sections[spec.group].add_argument(*names, help=text, **options)


# `--flag none` for an optional setting: a None of its own, since a flag's None means "not
# given" (the policy's value stays).
NONE_GIVEN = object()


def _parse(spec: Setting) -> Any:
    def parse(text: str) -> Any:
        if spec.optional and text.lower() == "none":
            return NONE_GIVEN
        if spec.kind == "share" and (spec.high or 1) > 1:
            value = _float(text)
            if not 0 < value <= (spec.high or 1):
                raise argparse.ArgumentTypeError(
                    f"{text!r}: expected a number above 0 and at most {spec.high:g}"
                )
            return value
        if spec.kind == "share":
            return share(text)
        if spec.kind == "fraction":
            value = _float(text)
            if not 0 <= value < 1:
                raise argparse.ArgumentTypeError(f"{text!r}: expected a number in [0, 1)")
            return value
        if spec.kind == "int":
            return positive_int(text) if (spec.low or 0) >= 1 else non_negative_int(text)
        if spec.kind == "seconds":
            seconds = _float(text)
            if not seconds > 0:
                raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds above 0")
            return seconds
        return text

    parse.__name__ = spec.kind  # argparse names the type in its error messages
    return parse


def policy_from(args: argparse.Namespace, base: Policy | None = None) -> Policy:
    """`base` (default: the default policy) with every setting the command line gave."""
    from ..replays import Policy

    given = {
        f.name: None if value is NONE_GIVEN else value
        for f, _ in setting_fields(Policy)
        if (value := getattr(args, f.name, None)) is not None
    }
    start = base if base is not None else Policy()
    return start.replace(**given) if given else start


RUN_HELP = "one run of a file that holds several (tau-bench results): its 0-based index or its id"


def add_run_option(parser: argparse.ArgumentParser) -> None:
    # dest: `args.run` is the subcommand's own function
    parser.add_argument("--run", dest="which_run", default=None, metavar="N|ID", help=RUN_HELP)


def load_one(args: argparse.Namespace) -> Any:
    """The transcript a command reads: `args.transcript`, the run `--run` names if the file
    holds several (an error listing them otherwise)."""
    from ..transcripts import TranscriptError, load_transcript

    try:
        return load_transcript(
            args.transcript,
            format=getattr(args, "format", "auto"),
            run=getattr(args, "which_run", None),
        )
    except TranscriptError as exc:
        runs = getattr(exc, "runs", None)
        if runs is None:
            raise
        raise ValueError(
            f"{args.transcript}: the file holds several runs ({runs}); pick one with --run N|ID"
        ) from None


def policy_for_log(
    args: argparse.Namespace, transcript: Any = None, base: Policy | None = None
) -> tuple[Policy, str | None]:
    """The one window rule of every command: `--window` if given, else the policy's own if it
    sets one, else the window of the log's model when it is known, else the default; then
    every other flag given (so `--max-tool-tokens` is checked against that window). Returns
    the policy and a line saying where the log's window came from (None when it did not)."""
    from .. import config
    from ..replays import Policy
    from ..tokens import log_window

    start = base if base is not None else Policy()
    if transcript is None:
        return policy_from(args, start), None
    note = None  # --window, or the policy's own window: nothing to say
    if getattr(args, "window", None) is None and start.window == config.WINDOW:
        window, where = log_window(transcript)
        if window is not None:
            start = start.replace(window=window)
            note = f"window {window:,} tokens, {where} (--window overrides)"
        else:
            note = f"window: the policy's ({where})"
    return policy_from(args, start), note


def budget_from(args: argparse.Namespace, transcript: Any = None) -> Budget:
    return policy_for_log(args, transcript)[0].budget()


def pins_from(args: argparse.Namespace, transcript: Any = None) -> PinPolicy:
    return policy_for_log(args, transcript)[0].pin_policy()


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
