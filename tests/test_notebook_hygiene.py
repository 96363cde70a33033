"""The committed notebooks: generated, stripped, and collected by nbval under a plain `pytest`.

An executed notebook carries outputs and, with widgets, megabytes of widget state; the
committed ones carry only the stored output of their `# NBVAL_CHECK_OUTPUT` cells (plain
stdout, which nbval compares against). `notebook_problems` says what is wrong with one.
"""

from __future__ import annotations

import copy
import importlib.util
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"
EXPECTED = [
    "01-explore-a-transcript.ipynb",
    "02-tune-the-pin-policy.ipynb",
    "03-compaction-prompt-lab.ipynb",
    "04-pressure-curves-for-the-team.ipynb",
    "05-wrap-your-agent-loop.ipynb",
    "06-drop-into-your-framework.ipynb",
]
MAX_BYTES = 64_000
WIDGET_MIMES = (
    "application/vnd.jupyter.widget-view+json",
    "application/vnd.jupyter.widget-state+json",
)
# Things that look like credentials: provider key prefixes and key assignments.
SECRET = re.compile(
    r"sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{8,}|(?i:api_key\s*=\s*['\"][^'\"]+)"
)


def notebook_problems(nb: Any, size: int = 0) -> list[str]:
    """What a committed notebook must not carry, or must carry, as readable lines."""
    problems = []
    if "widgets" in nb.metadata:
        problems.append("metadata.widgets: widget state saved in the notebook")
    if size > MAX_BYTES:
        problems.append(f"{size} bytes: larger than {MAX_BYTES}, outputs were saved")
    for n, cell in enumerate(nb.cells):
        where = f"cell {n}"
        if "widgets" in cell.get("metadata", {}):
            problems.append(f"{where}: metadata.widgets")
        if SECRET.search(cell.source):
            problems.append(f"{where}: looks like a credential")
        if cell.cell_type != "code":
            continue
        checked = cell.source.startswith(CHECK)
        for output in cell.outputs:
            mimes = set(output.get("data", {}))
            if mimes & set(WIDGET_MIMES):
                problems.append(f"{where}: a widget view in its outputs")
            if not checked:
                problems.append(f"{where}: has {output.output_type} output but is not checked")
            elif output.output_type != "stream" or output.get("name") != "stdout":
                problems.append(
                    f"{where}: checked cells store stdout only, not {output.output_type}"
                )
        if checked and not cell.outputs:
            problems.append(f"{where}: checked but stores no output to compare with")
        if not checked and cell.execution_count is not None:
            problems.append(f"{where}: execution_count {cell.execution_count} on an unchecked cell")
    return problems


def _load(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_notebooks", NOTEBOOKS / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_five_notebooks_are_there() -> None:
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == EXPECTED


@pytest.mark.parametrize("name", EXPECTED)
def test_committed_notebook_is_clean(name: str) -> None:
    nb = _load(name)
    nbformat.validate(nb)
    assert notebook_problems(nb, (NOTEBOOKS / name).stat().st_size) == []


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_shape(name: str) -> None:
    nb = _load(name)
    first, last = nb.cells[0], nb.cells[-1]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert len(first.source.split("\n\n", 1)[1]) > 100, "open with a paragraph of what you will do"
    assert last.cell_type == "markdown" and "## What to try next" in last.source
    setup = next(c for c in nb.cells if c.cell_type == "code")
    assert "TRANSCRIPT = " in setup.source and "example_path()" in setup.source
    assert any(c.source.startswith(CHECK) for c in nb.cells), "check something deterministic"


def test_the_agent_loop_notebook_uses_no_widgets() -> None:
    code = "\n".join(c.source for c in _load(EXPECTED[4]).cells if c.cell_type == "code")
    assert "ManagedWindow" in code and ".prepare()" in code
    for widgetry in ("import ipywidgets", "working_memory.workbench", "FigureWidget", "plotly"):
        assert widgetry not in code


def test_the_generator_reproduces_the_committed_bytes() -> None:
    built = _generator().build()
    assert sorted(built) == EXPECTED
    for name, text in built.items():
        assert (NOTEBOOKS / name).read_text(encoding="utf-8") == text, (
            f"{name} differs from notebooks/make_notebooks.py: run python notebooks/make_notebooks.py"
        )


def _clean() -> Any:
    return _load(EXPECTED[0])


def _first(nb: Any, checked: bool) -> Any:
    return next(
        c for c in nb.cells if c.cell_type == "code" and c.source.startswith(CHECK) == checked
    )


def _add_widget_state(nb: Any) -> None:
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}


def _add_widget_view(nb: Any) -> None:
    _first(nb, False).outputs = [
        nbformat.v4.new_output("display_data", data={WIDGET_MIMES[0]: {"model_id": "x"}})
    ]


def _add_stray_output(nb: Any) -> None:
    _first(nb, False).outputs = [nbformat.v4.new_output("stream", name="stdout", text="hi\n")]


def _add_html_to_checked(nb: Any) -> None:
    _first(nb, True).outputs.append(
        nbformat.v4.new_output("execute_result", data={"text/html": "<b>x</b>"}, execution_count=1)
    )


def _drop_checked_output(nb: Any) -> None:
    _first(nb, True).outputs = []


def _add_count(nb: Any) -> None:
    _first(nb, False).execution_count = 7


def _add_key(nb: Any) -> None:
    _first(nb, False).source += '\nOPENAI_API_KEY = "sk-proj-abcdefghijklmnopqrstuv"'


@pytest.mark.parametrize(
    ("mutate", "problem"),
    [
        (_add_widget_state, "metadata.widgets"),
        (_add_widget_view, "a widget view"),
        (_add_stray_output, "is not checked"),
        (_add_html_to_checked, "stdout only"),
        (_drop_checked_output, "stores no output"),
        (_add_count, "execution_count 7"),
        (_add_key, "credential"),
    ],
)
def test_the_check_catches(mutate: Callable[[Any], None], problem: str) -> None:
    nb = copy.deepcopy(_clean())
    mutate(nb)
    found = notebook_problems(nb)
    assert found and any(problem in p for p in found), found


def test_an_executed_notebook_is_too_big() -> None:
    assert any("bytes" in p for p in notebook_problems(_clean(), 5_000_000))


def test_plain_pytest_collects_the_notebooks_with_nbval() -> None:
    """`pytest` (no flags) runs the notebooks: notebooks/conftest.py turns nbval-lax on."""
    pytest.importorskip("nbval", reason="nbval is in the [dev] extra")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "notebooks"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    for name in EXPECTED:
        assert f"notebooks/{name}::Cell 0" in done.stdout, done.stdout


def test_a_notebook_run_writes_nothing_into_the_checkout(monkeypatch) -> None:
    # The notebooks write reports and archives to $WM_OUTPUT_DIR, by default beside them: a
    # plain test run left 5.5 MB in notebooks/working-memory-output/. The notebooks' conftest
    # sends them to a temporary folder unless the caller chose one.
    import importlib.util
    import os
    from types import SimpleNamespace

    checkout = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location(
        "notebooks_conftest", checkout / "notebooks" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.delenv("WM_OUTPUT_DIR", raising=False)
    cleanups: list = []
    module.pytest_configure(SimpleNamespace(option=SimpleNamespace(), add_cleanup=cleanups.append))
    folder = Path(os.environ["WM_OUTPUT_DIR"])
    assert folder.is_dir() and checkout not in folder.parents
    for cleanup in reversed(cleanups):
        cleanup()
    assert not folder.exists() and "WM_OUTPUT_DIR" not in os.environ
    # a folder the caller chose is kept
    monkeypatch.setenv("WM_OUTPUT_DIR", "/tmp/chosen")
    module.pytest_configure(SimpleNamespace(option=SimpleNamespace(), add_cleanup=cleanups.append))
    assert os.environ["WM_OUTPUT_DIR"] == "/tmp/chosen"
