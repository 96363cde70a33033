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
    "old",
    [
        "working_memory.extractive",
        "working_memory.policy",
        "working_memory.calibrated",
        "working_memory.workbench.pins",
    ],
)
def test_old_module_paths_are_gone(old: str) -> None:
    """Nothing has been released: a module that moved has one path, its new one."""
    import importlib

    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


@pytest.mark.parametrize("old", ["get_counter", "Variant", "TranscriptError", "STRATEGIES"])
def test_old_top_level_names_are_gone(old: str) -> None:
    with pytest.raises(AttributeError, match=old):
        getattr(working_memory, old)
    with pytest.raises(ImportError):
        exec(f"from working_memory import {old}", {})


def test_the_source_has_no_deprecation_path() -> None:
    from pathlib import Path

    src = Path(working_memory.__file__).parent
    found = [
        str(path.relative_to(src))
        for path in src.rglob("*.py")
        if "DeprecationWarning" in path.read_text(encoding="utf-8")
    ]
    assert found == []
    assert not (src / "_moved.py").exists()


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


def test_the_wheel_ships_the_env_example_the_errors_name() -> None:
    """Error messages say "see .env.example": a wheel install must have it too."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included.get(".env.example") == "working_memory/.env.example"
    assert (root / ".env.example").is_file()
