"""Pressure curves as a live view: one transcript replayed under named policies, drawn.

    curves = PressureCurves(transcript, {"default": PRESETS["default"], ...})
    curves                      # the pressure chart and what the window held at each call
    curves.load("other.jsonl")  # the same policies on another log; both charts follow

The charts are functions of `replays` (pressure_figure, window_stack_figure), redrawn whole
whenever they change, so what the page shows is always the replays held here.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..transcripts import Transcript, load_transcript
from ._html import esc
from ._plot_view import FigureView
from ._widgets import require

if TYPE_CHECKING:
    from ..replays import Policy, Replay

__all__ = ["PressureCurves"]


class PressureCurves:
    """`replays` of `transcript` under `policies`; `stack` names the policy whose window is shown."""

    def __init__(
        self,
        transcript: Transcript,
        policies: Mapping[str, Policy],
        *,
        replays: Mapping[str, Replay] | None = None,
        stack: str | None = None,
    ) -> None:
        widgets, go = require()
        if not policies:
            raise ValueError("give at least one policy to replay")
        self.policies = dict(policies)
        self.stack_of = stack if stack is not None else next(iter(self.policies))
        if self.stack_of not in self.policies:
            raise ValueError(f"no policy {self.stack_of!r}: expected one of {sorted(policies)}")
        self.title = widgets.HTML()
        self.pressure_view = FigureView(go.Figure())
        self.stack_view = FigureView(go.Figure())
        self.widget = widgets.VBox([self.title, self.pressure_view.widget, self.stack_view.widget])
        self.transcript = transcript
        self.replays: dict[str, Replay] = {}
        if replays is not None and set(replays) == set(self.policies):
            self.replays = dict(replays)
            self._draw()
        else:
            self.set_transcript(transcript)

    @property
    def pressure(self) -> Any:
        return self.pressure_view.figure

    @property
    def stack(self) -> Any:
        return self.stack_view.figure

    def load(self, path: str | Path) -> None:
        """Replay the log at `path` under the same policies and redraw."""
        self.set_transcript(load_transcript(Path(path).expanduser()))

    def set_transcript(self, transcript: Transcript) -> None:
        from ..replays import replay

        replays = {name: replay(transcript, p, name=name) for name, p in self.policies.items()}
        self.transcript, self.replays = transcript, replays
        self._draw()

    def _draw(self) -> None:
        from ..replays import pressure_figure, window_stack_figure

        name = Path(str(self.transcript.source or "")).name or "a transcript from code"
        self.title.value = (
            f"<b>{esc(name)}</b>: {len(self.transcript.messages):,} messages, "
            f"{len(self.replays)} policies"
        )
        self.pressure_view.replace(pressure_figure(list(self.replays.values())))
        self.stack_view.replace(window_stack_figure(self.replays[self.stack_of]))

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook
        from IPython.display import display

        display(self.widget)
