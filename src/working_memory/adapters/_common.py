"""What every adapter shares: the framework import with an error naming the extra, and the
type of what builds a window."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from ..window import ManagedWindow

__all__ = ["WindowFactory", "require"]

WindowFactory = Callable[[], ManagedWindow]


def require(module: str, extra: str, *, for_: str) -> ModuleType:
    """`module` imported, or an ImportError saying which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"{for_} needs {module!r}, which is not installed: "
            f"pip install 'working-memory[{extra}]'"
        ) from exc
