"""The `working-memory` command. Each subcommand lives in its own small module with
`add_parser(subparsers)` and `run(args) -> int`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

__all__ = ["COMMANDS", "main"]

# name -> module; modules import only the core at import time, heavier packages inside run().
COMMANDS = {
    "inspect": "inspect_cmd",
    "simulate": "simulate_cmd",
    "compact": "compact_cmd",
    "replay": "replay_cmd",
    "demo": "demo_cmd",
    "workbench": "workbench_cmd",
}


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__

    parser = argparse.ArgumentParser(
        prog="working-memory",
        description="Design an LLM agent's working memory: inspect transcripts, simulate and replay policies.",
    )
    parser.add_argument("--version", action="version", version=f"working-memory {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMANDS.values():
        import_module(f".{module_name}", __name__).add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from ..tokens import CounterUnavailableError
    from ._common import option_problem
    from ._safe_output import SafeStream, neutralise

    parser = build_parser()
    args = parser.parse_args(argv)
    _expand_home(args)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    problem = option_problem(args)
    if problem:  # options that are each valid but contradict each other
        getattr(args, "_parser", parser).error(problem)
    stdout = sys.stdout
    sys.stdout = SafeStream(stdout)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (OSError, ValueError, ImportError, CounterUnavailableError) as exc:
        # Expected failures (bad files, bad options, missing extras) get one line, not a traceback.
        # One line: a newline (in a file name, say) must not forge a second error line.
        text = neutralise(str(exc)).replace("\r", "\\r").replace("\n", "\\n")
        print(f"working-memory {args.command}: error: {text}", file=sys.stderr)
        return 1
    finally:
        sys.stdout = stdout


def _expand_home(args: argparse.Namespace) -> None:
    """`~/x` given quoted, or as `--out=~/x`, reaches us unexpanded by the shell: every
    option value that starts with `~` is a path under the home folder."""
    from pathlib import Path

    def expand(value: object) -> object:
        if isinstance(value, str) and value.startswith("~"):
            return str(Path(value).expanduser())
        if isinstance(value, list):
            return [expand(v) for v in value]
        return value

    for name, value in vars(args).items():
        setattr(args, name, expand(value))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
