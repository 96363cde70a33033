"""`working-memory workbench [PATH]`: the notebooks in a working folder, JupyterLab on them.

The notebooks ship inside the package. The command copies them into a working folder
(default `./working-memory-notebooks/`, or `--dir`), never overwriting one the user edited,
and starts JupyterLab there on the explore notebook. With PATH, the notebooks open that
transcript instead of the bundled example (they read WM_TRANSCRIPT). Stopping the command
(Ctrl-C, SIGTERM) stops JupyterLab and its kernels. Needs the `[notebook]` extra.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from ..outputs import OUTPUT_VARIABLE
from ._common import example_help, transcript_path

FIRST_NOTEBOOK = "01-explore-a-transcript.ipynb"
DEFAULT_DIR = Path("working-memory-notebooks")
# The notebooks read this variable (when set) as the transcript to open instead of the example.
TRANSCRIPT_VARIABLE = "WM_TRANSCRIPT"
# In the working folder: the hash of each notebook as copied, to tell a user's edit from an
# older shipped version (which is safe to replace).
MANIFEST = ".working-memory-notebooks.json"
NEEDS = ("jupyterlab", "ipywidgets", "plotly", "anywidget")


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "workbench",
        help="open the Jupyter workbench (JupyterLab on the notebooks)",
        description="Copy the workbench notebooks into a working folder (never overwriting one "
        "you edited) and start JupyterLab there on the explore notebook. With PATH, the "
        f"notebooks open that transcript (passed as {TRANSCRIPT_VARIABLE}). Reports and "
        f"archives go to ${OUTPUT_VARIABLE} (default: working-memory-output/ inside the "
        "notebooks folder). Needs the [notebook] extra: pip install 'working-memory[notebook]'.",
    )
    parser.add_argument(
        "path",
        nargs="?",
        type=transcript_path,
        help="a transcript to open (any supported format)" + example_help(),
    )
    parser.add_argument(
        "--dir",
        type=Path,
        default=DEFAULT_DIR,
        help=f"working folder for the notebooks (default: ./{DEFAULT_DIR})",
    )
    parser.add_argument(
        "--print",
        dest="print_only",
        action="store_true",
        help="copy the notebooks and print the command instead of running it",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--port", type=int, default=None, help="port for JupyterLab (default: its own)"
    )
    parser.set_defaults(run=run)


def shipped_notebooks() -> Path:
    """The folder of notebooks this install ships: inside the package (a wheel), or the
    checkout's notebooks/ (an editable install runs from src/)."""
    import working_memory

    package = Path(working_memory.__file__).resolve().parent
    for folder in (package / "notebooks", package.parents[1] / "notebooks"):
        if (folder / FIRST_NOTEBOOK).is_file():
            return folder
    raise FileNotFoundError(
        f"the workbench notebooks are missing from this install (looked in {package / 'notebooks'}"
        "); reinstall working-memory, or open the workbench in any notebook with:\n"
        "    from working_memory.workbench import Workbench\n"
        "    Workbench.from_path('session.jsonl')"
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_notebooks(folder: Path, source: Path | None = None) -> dict[str, str]:
    """Copy the shipped notebooks into `folder`: name -> what happened ('copied', 'updated',
    'unchanged', or 'kept' for a notebook the user edited, which is never overwritten)."""
    source = source or shipped_notebooks()
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    if not isinstance(manifest, dict):
        manifest = {}
    done: dict[str, str] = {}
    for shipped in sorted(source.glob("*.ipynb")):
        target = folder / shipped.name
        new = _digest(shipped)
        if not target.exists():
            shutil.copyfile(shipped, target)
            done[shipped.name] = "copied"
        else:
            have = _digest(target)
            if have == new:
                done[shipped.name] = "unchanged"
            elif have == manifest.get(shipped.name):  # as we copied it: an older version
                shutil.copyfile(shipped, target)
                done[shipped.name] = "updated"
            else:
                done[shipped.name] = "kept"
                continue  # edited by the user: theirs stays, and so does its recorded hash
        manifest[shipped.name] = new
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", "utf-8")
    return done


def command(folder: Path, *, no_browser: bool = False, port: int | None = None) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={folder}",
        str(folder / FIRST_NOTEBOOK),
    ]
    if no_browser:
        cmd.append("--no-browser")
    if port is not None:
        cmd.append(f"--port={port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI run as root; JupyterLab refuses without it
    return cmd


class _Stop(Exception):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    raise _Stop(signum)


def serve(cmd: list[str], env: dict[str, str], cwd: Path) -> int:
    """Run JupyterLab until it exits or this process is told to stop (SIGINT, SIGTERM,
    SIGHUP); then stop it and its kernels, and return 128 + the signal number."""
    from ._processes import stop_tree

    # A session of its own: Ctrl-C reaches only this process, which stops the server cleanly
    # (a SIGINT would make JupyterLab ask "Shutdown this Jupyter server (y/[n])?").
    process = subprocess.Popen(cmd, env=env, cwd=cwd, start_new_session=True)
    stops = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    previous = {s: signal.signal(s, _raise_stop) for s in stops}
    code: int
    try:
        code = process.wait()
    except _Stop as stop:
        print(f"\nworking-memory workbench: stopping JupyterLab (pid {process.pid})", flush=True)
        code = 128 + stop.signum
    finally:
        for s in stops:  # a second Ctrl-C must not interrupt the clean-up
            signal.signal(s, signal.SIG_IGN)
        try:
            stop_tree(process)
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)
    return code


def run(args: argparse.Namespace) -> int:
    missing = [m for m in NEEDS if importlib.util.find_spec(m) is None]
    if missing and not args.print_only:
        raise ImportError(
            f"the workbench needs {', '.join(missing)}: pip install 'working-memory[notebook]'"
        )
    env = dict(os.environ)
    if args.path:
        transcript = Path(args.path).expanduser().resolve()
        if not transcript.is_file():
            raise ValueError(f"{args.path}: no such transcript file")
        env[TRANSCRIPT_VARIABLE] = str(transcript)
    folder = Path(args.dir).expanduser().resolve()
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--dir {args.dir}: exists and is not a folder")
    copied = copy_notebooks(folder)
    kept = [name for name, what in copied.items() if what == "kept"]
    if kept:
        print(
            f"kept your edited {', '.join(kept)} in {folder} (delete a notebook to get the "
            "shipped version back)",
            file=sys.stderr,
        )
    # Outputs go to one folder: $WM_OUTPUT_DIR, else working-memory-output/ inside the notebooks folder.
    if not env.get(OUTPUT_VARIABLE):
        env[OUTPUT_VARIABLE] = str(folder / "working-memory-output")
    cmd = command(folder, no_browser=args.no_browser, port=args.port)
    if args.print_only:
        prefix = (
            f"{TRANSCRIPT_VARIABLE}={shlex.quote(env[TRANSCRIPT_VARIABLE])} " if args.path else ""
        )
        print(f"{prefix}{OUTPUT_VARIABLE}={shlex.quote(env[OUTPUT_VARIABLE])} {shlex.join(cmd)}")
        return 0
    print(f"notebooks in {folder}; reports and archives in {env[OUTPUT_VARIABLE]}", flush=True)
    return serve(cmd, env, folder)


__all__ = ["command", "copy_notebooks", "serve", "shipped_notebooks"]
