"""working-memory: an LLM agent's short-term memory as a designed budget.

The top level holds what an agent loop and a notebook need first; everything else comes from
its package: `tokens`, `compaction`, `transcripts`, `clients`, `replays`, `workbench`, and the
core modules (`messages`, `pins`, `spans`, `archive`, `window`, ...).
"""

from typing import TYPE_CHECKING

from .archive import JsonlArchive, read_archive
from .budget import Budget
from .events import WindowEvent
from .pins import PinPolicy
from .settings import WindowSettings
from .tokens import calibrate, check_counts, context_window
from .window import ManagedWindow

if TYPE_CHECKING:  # imported on first use (below): an agent loop needs the core only
    from .compaction import Compactor, ExtractiveCompactor, judge_summary
    from .examples import example_path
    from .replays import Policy, compare_policies, replay
    from .transcripts import load_transcript, load_transcripts

# Top-level names whose package is imported on first use: the core above loads in ~40 ms,
# replays and compaction (multiprocessing, the summarisers) add ~100 ms.
_LAZY = {
    "Compactor": "compaction",
    "ExtractiveCompactor": "compaction",
    "judge_summary": "compaction",
    "example_path": "examples",
    "Policy": "replays",
    "compare_policies": "replays",
    "replay": "replays",
    "load_transcript": "transcripts",
    "load_transcripts": "transcripts",
}

__version__ = "0.2.0"

__all__ = [
    "Budget",
    "Compactor",
    "ExtractiveCompactor",
    "JsonlArchive",
    "ManagedWindow",
    "PinPolicy",
    "Policy",
    "WindowEvent",
    "WindowSettings",
    "__version__",
    "calibrate",
    "check_counts",
    "compare_policies",
    "context_window",
    "example_path",
    "judge_summary",
    "load_transcript",
    "load_transcripts",
    "read_archive",
    "replay",
]


def __getattr__(name: str) -> object:
    package = _LAZY.get(name)
    if package is not None:
        import importlib

        value = getattr(importlib.import_module(f"{__name__}.{package}"), name)
        globals()[name] = value  # resolved once
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
