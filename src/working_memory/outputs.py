"""Where the workbench and the notebooks write files: one output folder.

Reports, archives and exports go to `output_dir()`: the folder in `WM_OUTPUT_DIR`, else
`working-memory-output/` in the working directory (git-ignored in this repository). Nothing
is ever written into the installed package or next to the notebooks themselves.

    from working_memory.outputs import output_path
    write_report(replays, output_path("pressure-curves.html"))
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DEFAULT_OUTPUT_DIR", "OUTPUT_VARIABLE", "output_dir", "output_path"]

OUTPUT_VARIABLE = "WM_OUTPUT_DIR"
DEFAULT_OUTPUT_DIR = "working-memory-output"


def output_dir(*, create: bool = True) -> Path:
    """The output folder ($WM_OUTPUT_DIR, else ./working-memory-output), made if missing."""
    folder = Path(os.environ.get(OUTPUT_VARIABLE) or DEFAULT_OUTPUT_DIR).expanduser()
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def output_path(name: str | Path) -> Path:
    """`name` inside the output folder; an absolute path (or ~/...) is kept as it is."""
    path = Path(name).expanduser()
    if path.is_absolute():
        path.parent.mkdir(parents=True, exist_ok=True)
        return path
    path = output_dir() / path
    path.parent.mkdir(parents=True, exist_ok=True)
    return path
