"""The Workbench: the four panels in tabs, over one shared transcript and policy."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..protocols import LLMClient
from ..transcripts import Transcript
from ._policy_state import PolicyState
from ._state import TranscriptState
from ._widgets import require
from .explorer import TranscriptExplorer
from .pin_editor import PinPolicyEditor
from .prompt_lab import PromptLab, PromptLabState
from .replay_lab import ReplayLab, ReplayLabState

if TYPE_CHECKING:
    import pandas as pd

    from ..replays import Policy, Replay

__all__ = ["Workbench"]

_TITLES = ("1 · Transcript", "2 · Pin policy", "3 · Prompt lab", "4 · Replay lab")


class Workbench:
    """Explore a transcript, tune the pins, iterate on the compaction prompt, compare policies.

        wb = Workbench.from_path("session.jsonl")
        wb                         # in a notebook: the tabs
        wb.policy = wb.policy.replace(keep_recent=10)
        wb.messages                # DataFrame: tokens, pins, next span, evicted
        wb.prompt_lab.run(); wb.results
        wb.replay_lab.run(); wb.stats

    Only the visible tab redraws on a change; the others catch up when shown.
    """

    def __init__(
        self,
        transcript: Transcript | None = None,
        *,
        policy: Policy | None = None,
        client: LLMClient | None = None,
    ) -> None:
        widgets, _ = require()
        self.transcript_state = TranscriptState(transcript)
        self.policy_state = PolicyState(self.transcript_state, policy)
        self.explorer = TranscriptExplorer(
            state=self.transcript_state, policy_state=self.policy_state
        )
        self.pins = PinPolicyEditor(state=self.policy_state)
        self.prompt_lab = PromptLab(
            state=PromptLabState(self.transcript_state, self.policy_state, client=client)
        )
        self.replay_lab = ReplayLab(state=ReplayLabState(self.transcript_state, self.policy_state))
        self.panels: tuple[Any, ...] = (self.explorer, self.pins, self.prompt_lab, self.replay_lab)
        self.tabs = widgets.Tab(children=[p.widget for p in self.panels])
        for n, title in enumerate(_TITLES):
            self.tabs.set_title(n, title)
        self.tabs.observe(lambda change: self.show(change["new"]), names="selected_index")
        self.widget = self.tabs
        self.show(0)

    @classmethod
    def from_path(cls, path: str | Path, **kwargs: Any) -> Workbench:
        """A workbench on the transcript at `path` (any format the loaders read)."""
        bench = cls(**kwargs)
        bench.transcript_state.load(Path(path).expanduser())
        return bench

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook
        from IPython.display import display

        display(self.widget)

    def show(self, index: int | None) -> None:
        """Make tab `index` the live one (and redraw it if it missed changes while hidden)."""
        index = 0 if index is None else index
        if self.tabs.selected_index != index:
            self.tabs.selected_index = index  # comes back here through the observer
            return
        for n, panel in enumerate(self.panels):
            panel.live = n == index
        panel = self.panels[index]
        if getattr(panel, "_dirty", False) or not getattr(panel, "_shown", False):
            panel._shown = True
            if isinstance(panel, (TranscriptExplorer, PinPolicyEditor)):
                if self.transcript_state.transcript is not None:
                    panel.refresh()
            elif isinstance(panel, PromptLab):
                panel._sync_span()

    # -- the state, from code ---------------------------------------------------------------------
    @property
    def transcript(self) -> Transcript | None:
        return self.transcript_state.transcript

    @transcript.setter
    def transcript(self, transcript: Transcript) -> None:
        self.transcript_state.transcript = transcript

    @property
    def policy(self) -> Policy:
        return self.policy_state.policy

    @policy.setter
    def policy(self, policy: Policy) -> None:
        self.policy_state.policy = policy

    @property
    def messages(self) -> pd.DataFrame:
        """Per message: tokens, cumulative pressure, pin reason, next span, evicted."""
        return self.policy_state.frame()

    @property
    def results(self) -> pd.DataFrame | None:
        """The prompt lab's last run: one row per variant x sample."""
        return self.prompt_lab.results

    @property
    def replays(self) -> dict[str, Replay]:
        return self.replay_lab.replays

    @property
    def stats(self) -> pd.DataFrame:
        """The replay lab's stats: one row per replayed policy."""
        return self.replay_lab.state.stats
