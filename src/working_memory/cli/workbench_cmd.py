"""`working-memory workbench [PATH]`: JupyterLab on the explore notebook (the `[notebook]` extra)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

NOTEBOOK = Path("notebooks") / "01-explore-a-transcript.ipynb"
# The notebooks read this variable (when set) as the transcript to open instead of the example.
TRANSCRIPT_VARIABLE = "WM_TRANSCRIPT"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "workbench",
        help="open the Jupyter workbench (JupyterLab on the explore notebook)",
        description="Start JupyterLab on notebooks/01-explore-a-transcript.ipynb. With PATH, the "
        f"notebook opens that transcript (passed as {TRANSCRIPT_VARIABLE}). Needs the [notebook] "
        "extra: pip install 'working-memory[notebook]'.",
    )
    parser.add_argument("path", nargs="?", help="a transcript to open (any supported format)")
    parser.add_argument(
        "--notebook",
        type=Path,
        default=None,
        help=f"notebook to open (default: {NOTEBOOK}, found from here upwards)",
    )
    parser.add_argument(
        "--print",
        dest="print_only",
        action="store_true",
        help="print the command instead of running it",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--port", type=int, default=None, help="port for JupyterLab (default: its own)"
    )
    parser.set_defaults(run=run)


def find_notebook(start: Path | None = None) -> Path | None:
    """The explore notebook in `start` (default: the working directory), a parent, or the
    source checkout this package runs from."""
    here = (start or Path.cwd()).resolve()
    checkout = Path(__file__).resolve().parents[3]
    for folder in (here, *here.parents, checkout):
        candidate = folder / NOTEBOOK
        if candidate.is_file():
            return candidate
    return None


def command(notebook: Path, *, no_browser: bool = False, port: int | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "jupyterlab", str(notebook)]
    if no_browser:
        cmd.append("--no-browser")
    if port is not None:
        cmd.append(f"--port={port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI run as root; JupyterLab refuses without it
    return cmd


def run(args: argparse.Namespace) -> int:
    missing = [
        m
        for m in ("jupyterlab", "ipywidgets", "plotly", "anywidget")
        if importlib.util.find_spec(m) is None
    ]
    notebook = args.notebook or find_notebook()
    if notebook is None or not Path(notebook).is_file():
        where = args.notebook or NOTEBOOK
        raise ValueError(
            f"no notebook at {where}: run this from the project's checkout, pass --notebook, or "
            "open the workbench in any notebook with:\n"
            "    from working_memory.workbench import Workbench\n"
            "    Workbench.from_path('session.jsonl')"
        )
    env = dict(os.environ)
    if args.path:
        transcript = Path(args.path).expanduser().resolve()
        if not transcript.is_file():
            raise ValueError(f"{args.path}: no such transcript file")
        env[TRANSCRIPT_VARIABLE] = str(transcript)
    cmd = command(Path(notebook), no_browser=args.no_browser, port=args.port)
    if args.print_only:
        prefix = (
            f"{TRANSCRIPT_VARIABLE}={shlex.quote(env[TRANSCRIPT_VARIABLE])} " if args.path else ""
        )
        print(prefix + shlex.join(cmd))
        return 0
    if missing:
        raise ImportError(
            f"the workbench needs {', '.join(missing)}: pip install 'working-memory[notebook]'"
        )
    return subprocess.call(cmd, env=env)
