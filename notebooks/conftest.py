"""Make a plain `pytest` run the notebooks in this folder with nbval.

pytest loads this file because pyproject's `testpaths` lists "notebooks" (or because a path
under it was given), so `pytest` alone executes every notebook top to bottom:

- `--nbval-lax`: a cell fails the run if it raises; its output is compared with the stored one
  only when the cell starts with `# NBVAL_CHECK_OUTPUT` (the deterministic ones);
- `--nbval-current-env`: the kernel is this Python (the venv pytest runs in), not whatever
  `python3` kernel the user's Jupyter config points at.

Passing `--nbval` (strict) or `--nbval-kernel-name` on the command line still wins. Without
nbval installed, the notebooks are not collected and `tests/test_notebook_hygiene.py` says so.
"""

from __future__ import annotations

import os
import tempfile

import pytest

# A cell that takes longer than this is a bug in the notebook (they run in seconds).
CELL_TIMEOUT_S = 300.0


def pytest_configure(config: pytest.Config) -> None:
    # The notebooks write reports and archives to $WM_OUTPUT_DIR (default: beside them). A
    # test run must leave the checkout as it found it: unless the caller chose a folder, they
    # write to a temporary one (removed when pytest exits).
    if not os.environ.get("WM_OUTPUT_DIR"):
        folder = tempfile.TemporaryDirectory(prefix="wm-notebook-output-")
        config.add_cleanup(folder.cleanup)
        os.environ["WM_OUTPUT_DIR"] = folder.name
        config.add_cleanup(lambda: os.environ.pop("WM_OUTPUT_DIR", None))
    option = config.option
    if not hasattr(option, "nbval_lax"):  # nbval not installed (or disabled with -p no:nbval)
        return
    if not (option.nbval or option.nbval_lax):
        option.nbval_lax = True
    if not option.nbval_kernel_name:
        option.nbval_current_env = True
    if option.nbval_cell_timeout == 2000:  # nbval's default: keep a hung cell from eating CI
        option.nbval_cell_timeout = CELL_TIMEOUT_S
