"""The package surface: every exported name resolves, and importing it loads no heavy package."""

from __future__ import annotations

import subprocess
import sys

import pytest

import working_memory


def test_every_exported_name_resolves() -> None:
    missing = [name for name in working_memory.__all__ if not hasattr(working_memory, name)]
    assert not missing


def test_importing_the_package_loads_no_optional_dependency() -> None:
    code = (
        "import sys, working_memory, working_memory.workbench, working_memory.replays, working_memory.compaction, working_memory.clients\n"
        "heavy = ('pandas', 'plotly', 'ipywidgets', 'openai', 'anthropic', 'tiktoken', 'tokenizers', 'tqdm', 'numpy')\n"
        "print(','.join(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_top_level_is_small_and_hides_no_subpackage() -> None:
    assert len(working_memory.__all__) <= 22
    import importlib

    for name in working_memory.__all__:
        try:
            found = importlib.util.find_spec(f"working_memory.{name}") if name.islower() else None
        except ModuleNotFoundError:  # working_memory.replay: the function, and it says so
            found = None
        assert found is None or name == "__version__", f"{name} hides the module {found}"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("working_memory.extractive", "working_memory.compaction._extractive"),
        ("working_memory.policy", "working_memory.pins"),
        ("working_memory.calibrated", "working_memory.tokens._approx"),
        ("working_memory.workbench.pins", "working_memory.workbench.pin_editor"),
    ],
)
def test_a_moved_module_still_imports_with_a_warning(old: str, new: str) -> None:
    code = (
        "import warnings, importlib\n"
        "warnings.simplefilter('always')\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        f"    old = importlib.import_module({old!r})\n"
        f"assert old is importlib.import_module({new!r}), old\n"
        "print(caught[0].category.__name__, caught[0].message)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("DeprecationWarning") and "moved" in out.stdout


def test_an_old_top_level_name_resolves_with_a_warning() -> None:
    from working_memory.tokens import get_counter

    with pytest.warns(DeprecationWarning, match="working_memory.tokens"):
        old = working_memory.get_counter  # type: ignore[attr-defined]
    assert old is get_counter
    with pytest.raises(AttributeError):
        working_memory.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_the_old_replay_module_path_says_where_it_went() -> None:
    with pytest.raises(ModuleNotFoundError, match=r"package working_memory\.replays"):
        import working_memory.replay  # noqa: F401


def test_an_old_name_warns_once() -> None:
    code = (
        "import warnings\nwarnings.simplefilter('always')\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    from working_memory import Variant\n"
        "print(len(caught))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_an_agent_loop_imports_the_core_only() -> None:
    """`import working_memory` loads the window and what it stands on; replays, compaction
    and the loaders load on first use of their names."""
    code = (
        "import sys, working_memory as wm\n"
        "late = ('working_memory.replays', 'working_memory.compaction', 'multiprocessing')\n"
        "print(','.join(m for m in late if m in sys.modules))\n"
        "assert callable(wm.replay) and wm.Policy().window and callable(wm.ExtractiveCompactor)\n"
        "print('working_memory.replays' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["", "True"]
