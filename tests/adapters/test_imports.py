"""The adapters cost nothing until used: `import working_memory` loads no framework, and an
adapter whose framework is missing says which extra installs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from working_memory.adapters import EXTRAS

# Top-level packages of the frameworks (and what they pull in), by prefix; and asyncio, which
# only the async paths need.
FRAMEWORKS = ("langchain", "langgraph", "agents", "strands", "autogen", "openai", "pydantic")


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("imported", ["working_memory", "working_memory.adapters"])
def test_importing_the_package_loads_no_framework_and_no_asyncio(imported: str) -> None:
    code = (
        f"import sys, {imported}\n"
        "for name in sorted(sys.modules):\n"
        "    top = name.split('.')[0]\n"
        f"    if top == 'asyncio' or top.startswith({FRAMEWORKS!r}):\n"
        "        print(name)"
    )
    done = run(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []
    # The check sees a framework when there is one.
    seen = run(code.replace(f"import sys, {imported}", f"import sys, {imported}, asyncio"))
    assert "asyncio" in seen.stdout.split()


@pytest.mark.parametrize("adapter", sorted(EXTRAS))
def test_a_missing_framework_names_its_extra(adapter: str) -> None:
    framework, extra = EXTRAS[adapter]
    # A None in sys.modules makes the import fail as if the package were not installed.
    done = run(
        f"import sys; sys.modules[{framework!r}] = None\nimport working_memory.adapters.{adapter}"
    )
    assert done.returncode != 0
    assert f"pip install 'working-memory[{extra}]'" in done.stderr
    assert "ModuleNotFoundError" not in done.stderr.splitlines()[-1]


def test_an_unknown_name_is_an_attribute_error() -> None:
    import working_memory.adapters as adapters

    with pytest.raises(AttributeError, match="Nothing"):
        _ = adapters.Nothing
