"""The package's shape, checked: no import cycles, the core needs no third-party package,
dependencies point down the layers, and every `__all__` names what its module has.

Imports are read from the source (every import, also inside functions), so a cycle hidden in a
function body is caught too. For cycles and layers an import under `if TYPE_CHECKING:` counts as
well: a lower layer must not need to know a higher one even for its types. Importing a name from
a package's face runs the whole `__init__`, so it counts as importing every module the face loads.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "working_memory"

# Lower layers never import higher ones. Modules not listed sit in the layer of their package.
_LAYERED = [
    # 0, the core: the window and what it stands on
    "config _numbers _redact messages protocols tokens settings budget pins events archive"
    " spans breakdown _entry _held _in_flight _triggers _window_base _evicting _compacting window",
    # 1, what feeds and serves the window
    "transcripts clients examples outputs _theme",
    # 2, what runs windows over transcripts and judges summaries
    "compaction replays",
    # 3, what people drive, and the adapters into the agent frameworks
    "workbench cli __main__ adapters",
]
LAYERS = {name: rank for rank, names in enumerate(_LAYERED) for name in names.split()}
CORE = {name for name, layer in LAYERS.items() if layer == 0}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (PACKAGE.parent / name.replace(".", "/") / "__init__.py").exists()


def imports(path: Path, *, top_level_only: bool = False) -> tuple[set[str], set[str]]:
    """(project modules, top-level third-party or stdlib names) that `path` imports at run time
    (`top_level_only`: only at import time, leaving out the lazy imports inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if top_level_only:
        tree = ast.Module(
            body=[n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ClassDef)],
            type_ignores=[],
        )
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(child) for body in node.body for child in ast.walk(body))
    local: set[str] = set()
    external: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                (local if top == "working_memory" else external).add(
                    alias.name if top == "working_memory" else top
                )
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "working_memory":
                target = node.module
            else:
                if node.module:
                    external.add(node.module.split(".")[0])
                continue
            # `from . import config` names a module; `from .x import name` names x.
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                exists = (PACKAGE.parent / (candidate.replace(".", "/") + ".py")).exists()
                local.add(candidate if exists or is_package(candidate) else target)
    return local, external


def sources() -> list[Path]:
    """The package's modules, leaving out the scripts that generate its data (make_*.py)."""
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not p.name.startswith("make_")]


def face_exports(package: str) -> dict[str, str]:
    """name -> the module that defines it, for what a package's `__init__` re-exports."""
    init = PACKAGE.parent / package.replace(".", "/") / "__init__.py"
    exports: dict[str, str] = {}
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for alias in node.names:
                exports[alias.asname or alias.name] = f"{package}.{node.module}"
    return exports


def graph(*, types: bool = True) -> dict[str, set[str]]:
    """module -> the modules it imports (`types`: also under `if TYPE_CHECKING:`). An import
    from a package's face counts as an import of the module that defines the name and of
    every module the face imports at import time (running the `__init__` loads them all), so
    a cycle through an `__init__` is still seen. The top level's face loads its names lazily."""
    loads = {
        module_name(init.parent / "__init__.py"): {
            m for m, _ in imported_names(init, types=False, top_level_only=True)
        }
        for init in PACKAGE.rglob("__init__.py")
    }
    edges: dict[str, set[str]] = {}
    for path in sources():
        name = module_name(path)
        targets: set[str] = set()
        for module, names in imported_names(path, types=types):
            if is_package(module) and module != "working_memory":
                exports = face_exports(module)
                targets.update(exports.get(n, module) for n in names)
                if module != name and not name.startswith(module + "."):
                    targets.update(loads.get(module, ()))
            else:
                targets.add(module)
        edges[name] = {m for m in targets if not is_package(m) and m != name}
    return edges


def imported_names(
    path: Path, *, types: bool = False, top_level_only: bool = False
) -> list[tuple[str, list[str]]]:
    """(project module, names taken from it) for each run-time import in `path` (`types`: and
    each import under `if TYPE_CHECKING:`; `top_level_only`: only those run at import time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if top_level_only:
        tree = ast.Module(
            body=[n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ClassDef)],
            type_ignores=[],
        )
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if not types and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(child) for body in node.body for child in ast.walk(body))
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found += [(a.name, []) for a in node.names if a.name.startswith("working_memory")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "working_memory":
                target = node.module
            else:
                continue
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                exists = (PACKAGE.parent / (candidate.replace(".", "/") + ".py")).exists()
                if exists or is_package(candidate):
                    found.append((candidate, []))
                else:
                    found.append((target, [alias.name]))
    return found


def layer(module: str) -> int:
    parts = module.split(".")[1:]
    return LAYERS.get(parts[0], 2) if parts else 3


def test_there_is_no_import_cycle() -> None:
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    assert cycles == []


def test_the_core_imports_no_third_party_package() -> None:
    """Optional backends (tiktoken for the exact counters) are imported lazily, inside the
    function that needs them, with a helpful error; nothing else outside the stdlib."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    offenders = {}
    for path in sources():
        name = module_name(path)
        if name == "working_memory" or layer(name) != 0:
            continue
        local, _ = imports(path)
        _, external = imports(path, top_level_only=True)
        third_party = external - stdlib
        upward = {m for m in local if layer(m) > 0 and not is_package(m)}
        if third_party or upward:
            offenders[name] = sorted(third_party | upward)
    assert offenders == {}


def test_no_module_reaches_into_another_packages_private_modules() -> None:
    """A package's `__init__` is its face: from outside, `working_memory.tokens` and never
    `working_memory.tokens._approx`. (The top level's own private modules, `_numbers`,
    `_redact`, `_theme`, are shared by the whole project.)"""
    reaching = []
    for path in sources():
        here = module_name(path)
        for module, _names in imported_names(path):
            parts = module.split(".")
            for i, part in enumerate(parts[2:], start=2):
                owner = ".".join(parts[:i])
                if part.startswith("_") and not (here == owner or here.startswith(owner + ".")):
                    reaching.append(f"{here} -> {module}")
                    break
    assert sorted(set(reaching)) == []


def test_dependencies_point_down() -> None:
    upward = sorted(
        f"{source} -> {target}"
        for source, targets in graph().items()
        for target in targets
        if layer(target) > layer(source)
    )
    assert upward == []


def _defines_all(path: Path) -> bool:
    """The module assigns `__all__` at its top level (not a benchmark span's file text that
    quotes one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, (ast.Assign, ast.AnnAssign))
        and any(
            isinstance(t, ast.Name) and t.id == "__all__"
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
        for node in tree.body
    )


@pytest.mark.parametrize(
    "module",
    sorted(
        module_name(p)
        for p in PACKAGE.rglob("*.py")
        if _defines_all(p) and not p.name.startswith("make_") and p.name != "__main__.py"
    ),
)
def test_all_names_what_the_module_has(module: str) -> None:
    loaded = importlib.import_module(module)
    missing = [name for name in getattr(loaded, "__all__", ()) if not hasattr(loaded, name)]
    assert missing == []
    assert len(set(loaded.__all__)) == len(loaded.__all__), "a name is listed twice"


def test_no_module_imports_another_modules_private_names() -> None:
    """A leading underscore means "this module's own": what another module needs is named
    without one (its module may still be private to the package)."""
    found = []
    for path in sources():
        for module, names in imported_names(path):
            found += [
                f"{module_name(path)} imports {module}.{name}"
                for name in names
                if name.startswith("_") and not name.startswith("__")
            ]
    assert found == []
