"""working-memory: an LLM agent's short-term memory as a designed budget.

The top level holds what an agent loop and a notebook need first; everything else comes from
its package: `tokens`, `compaction`, `transcripts`, `clients`, `replays`, `workbench`, and the
core modules (`messages`, `pins`, `spans`, `archive`, `window`, ...).
"""

from . import _moved
from .archive import JsonlArchive, read_archive
from .budget import Budget
from .compaction import Compactor, ExtractiveCompactor, judge_summary
from .events import WindowEvent
from .examples import example_path
from .pins import PinPolicy
from .replays import Policy, compare_policies, replay
from .settings import WindowSettings
from .tokens import calibrate, check_counts, context_window
from .transcripts import load_transcript, load_transcripts
from .window import ManagedWindow

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

_moved.install()


def __getattr__(name: str) -> object:
    # Names the top level exported before 0.2 still resolve, with a DeprecationWarning.
    return _moved.moved_name(name)
