"""What a replay gives back: `Replay` (the timeline, per-call columns as TIMELINE_COLUMNS
names them, the statistics, the window at the end) and `ReplayCancelled`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..events import WindowEvent
from ..messages import Message
from ..pins import PinReason
from ..transcripts import RealCompaction, Transcript
from ._calls import CallDelta, CallView, views_from
from ._context import ContextUse, context_at
from ._policy import Policy
from ._snapshot import WindowSnapshot
from ._stats import ReplayStats

if TYPE_CHECKING:  # pragma: no cover
    import pandas
    import plotly.graph_objects as go

__all__ = ["TIMELINE_COLUMNS", "Replay", "ReplayCancelled", "WindowSnapshot"]


TIMELINE_COLUMNS = (
    "call",  # 1-based model call
    "message_index",  # transcript index of the assistant message this call produced
    "tokens_total",
    "tokens_system",
    "tokens_overhead",  # the per-request overhead (fitted, with a calibration)
    "tokens_tools",
    "tokens_pinned",
    "tokens_summaries",
    "tokens_recent",
    "tokens_other",
    "pressure",
    "unmanaged_tokens",
    "unmanaged_pressure",
    "events",
    "compactions",
    "evictions",
    "maskings",
    "summariser_tokens",
    "messages",  # messages in the window
    "real_compaction",
    # with the provider's prompt cache (working_memory.tokens.CacheModel)
    "cache_read",
    "cache_write",
    "cache_uncached",
    "cost_usd",  # None where the model has no price
    "unmanaged_cost_usd",
)


class ReplayCancelled(RuntimeError):
    """The `cancel` event was set: the replay stopped before the end of the transcript."""


@dataclass(eq=False)
class Replay:
    """One transcript replayed under one policy. `timeline` and `stats` hold the results."""

    policy: Policy
    name: str
    transcript: Transcript
    events: list[WindowEvent]
    real_compactions: list[tuple[int | None, RealCompaction]]
    final_messages: list[Message]
    final_ids: list[int]
    final_tokens: list[int]
    final_pin_reasons: list[PinReason | None]
    message_tokens: list[int]  # raw counted tokens of every transcript message
    limit: int
    notes: list[str] = field(default_factory=list)
    _views: list[CallView] | None = field(default=None, repr=False)
    _columns: dict[str, list[Any]] = field(default_factory=dict, repr=False)
    _stats: ReplayStats | None = field(default=None, repr=False)
    deltas: list[CallDelta] = field(default_factory=list, repr=False)  # one per prepare()
    # The window as the last call sent it (the final_* fields are the window after the whole
    # transcript, the last reply and anything after it included). None: no call was made.
    last_call: WindowSnapshot | None = field(default=None, repr=False)

    def call(self, k: int) -> CallView:
        """The k-th `prepare()` (1-based) as the model saw it, rebuilt from the deltas."""
        if not 1 <= k <= len(self.deltas):
            raise IndexError(f"call {k}: this replay made calls 1 to {len(self.deltas)}")
        return self.calls()[k - 1]

    def calls(self) -> list[CallView]:
        """Every call's view (built once, then kept)."""
        if self._views is None:
            from ..tokens import CachePrediction

            cols = self._columns
            predictions = [
                CachePrediction(r, w, u)
                for r, w, u in zip(
                    cols["cache_read"], cols["cache_write"], cols["cache_uncached"], strict=True
                )
            ]
            self._views = views_from(self.deltas, predictions, cols["cost_usd"])
        return self._views

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"Replay({self.name!r}, {s.calls} calls, saved {s.saved_share:.0%}, peak pressure "
            f"{s.peak_pressure:.2f}, {s.compactions} compactions, {s.evictions} evictions)"
        )

    @property
    def stats(self) -> ReplayStats:
        assert self._stats is not None
        return self._stats

    @property
    def pressure(self) -> list[float]:
        """Pressure after prepare() at each call (no pandas needed)."""
        return list(self._columns["pressure"])

    @property
    def unmanaged_pressure(self) -> list[float]:
        return list(self._columns["unmanaged_pressure"])

    def column(self, name: str) -> list[Any]:
        """One timeline column as a plain list (see TIMELINE_COLUMNS)."""
        return list(self._columns[name])

    @cached_property
    def timeline(self) -> pandas.DataFrame:
        """One row per model call; columns as in TIMELINE_COLUMNS."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError(
                "Replay.timeline needs pandas: pip install 'working-memory[notebook]'"
            ) from exc
        return pd.DataFrame({name: self._columns[name] for name in TIMELINE_COLUMNS})

    def context(self, call: int | None = None) -> ContextUse:
        """The model's window at `call` (default the last) by category, free space and
        reserve included: the one accounting every figure and the report read."""
        return context_at(self, call)

    @property
    def compact_at(self) -> float:
        return self.policy.compact_at

    @property
    def evict_at(self) -> float:
        return self.policy.evict_at

    def figure(self, **kwargs: Any) -> go.Figure:
        """The pressure curve (see plots.pressure_figure)."""
        from ._pressure_plot import pressure_figure

        return pressure_figure(self, **kwargs)

    def report(self, path: str | Path, *, title: str | None = None) -> Path:
        """Write a self-contained HTML report of this replay (see report.write_report)."""
        from ._report import write_report

        return write_report([self], path, title=title)
