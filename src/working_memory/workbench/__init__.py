"""The Jupyter workbench: ipywidgets panels over plain state objects (`[notebook]` extra).

    from working_memory.workbench import Workbench
    Workbench.from_path("session.jsonl")

Each panel works alone (TranscriptExplorer, PinPolicyEditor, PromptLab, ReplayLab) and keeps
its state in a plain object (`.state`) that code can read and set; the widgets only show it.
Importing this package needs no third-party package; building a panel needs ipywidgets,
plotly, anywidget and pandas (`pip install 'working-memory[notebook]'`).
"""

from __future__ import annotations

from ._policy_state import PolicyState
from ._preview import WindowPreview, preview_window
from ._state import TranscriptState
from .app import Workbench
from .call_view import CallViewPanel, CallViewState
from .curves import PressureCurves
from .explorer import TranscriptExplorer
from .pin_editor import PinPolicyEditor
from .prompt_lab import PRODUCTION, PromptLab, PromptLabState, PromptVariant
from .replay_lab import EDITED, ReplayLab, ReplayLabState

__all__ = [
    "EDITED",
    "PRODUCTION",
    "CallViewPanel",
    "CallViewState",
    "PinPolicyEditor",
    "PolicyState",
    "PressureCurves",
    "PromptLab",
    "PromptLabState",
    "PromptVariant",
    "ReplayLab",
    "ReplayLabState",
    "TranscriptExplorer",
    "TranscriptState",
    "WindowPreview",
    "Workbench",
    "preview_window",
]
