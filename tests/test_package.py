"""The package surface: every exported name resolves, and importing it loads no heavy package."""

from __future__ import annotations

import subprocess
import sys

import working_memory


def test_every_exported_name_resolves() -> None:
    missing = [name for name in working_memory.__all__ if not hasattr(working_memory, name)]
    assert not missing


def test_importing_the_package_loads_no_optional_dependency() -> None:
    code = (
        "import sys, working_memory, working_memory.workbench, working_memory.replay, working_memory.clients\n"
        "heavy = ('pandas', 'plotly', 'ipywidgets', 'openai', 'anthropic', 'tiktoken', 'tokenizers', 'tqdm', 'numpy')\n"
        "print(','.join(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_core_modules_import_nothing_outside_the_standard_library() -> None:
    import ast
    from pathlib import Path

    core = (
        "config",
        "tokens",
        "overheads",
        "budget",
        "policy",
        "compactor",
        "window",
        "events",
        "prompts",
        "llm",
        "archive",
        "_redact",
        "calibrated",
        "simulate",
        "outputs",
    )
    root = Path(working_memory.__file__).parent
    stdlib = sys.stdlib_module_names
    for name in core:
        tree = ast.parse((root / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module or ""]
            else:
                continue
            for module in modules:
                assert module.split(".")[0] in stdlib, f"{name}.py imports {module}"
