"""Replays: a recorded session driven through a real `ManagedWindow` under a `Policy`, call
by call, and what it shows: statistics, pressure curves, an HTML report; over one transcript
(`replay`) or a whole corpus (`compare_policies`, streaming, with workers).

The package is `replays` so that the function `working_memory.replay` never hides it.
"""

from __future__ import annotations

from ._calls import CallDelta, CallView, describe_call, log_call_views
from ._compare import compare_policies
from ._context import CONTEXT_LABELS, ContextUse, context_at
from ._corpus import ROW_COLUMNS
from ._cost import CostTotals, cost_totals, cost_verdict, frame_verdicts, usd
from ._message_plot import MAX_BARS, message_buckets, message_tokens_figure
from ._plots import (
    CATEGORY_COLORS,
    MAX_POINTS,
    ExportError,
    export_png,
    layout_template,
    window_stack_figure,
)
from ._plotting import MARKER_BINS, marker_bins
from ._policy import PRESETS, SUMMARISERS, Policy, resolve_policy
from ._pressure_plot import pressure_figure
from ._report import differing_settings, render_report, summary_sentence, write_report
from ._result import TIMELINE_COLUMNS, Replay, ReplayCancelled
from ._run import replay
from ._snapshot import WindowSnapshot
from ._stats import STAT_LABELS, ReplayStats

__all__ = [
    "CATEGORY_COLORS",
    "CONTEXT_LABELS",
    "MARKER_BINS",
    "MAX_BARS",
    "MAX_POINTS",
    "PRESETS",
    "ROW_COLUMNS",
    "STAT_LABELS",
    "SUMMARISERS",
    "TIMELINE_COLUMNS",
    "CallDelta",
    "CallView",
    "ContextUse",
    "CostTotals",
    "ExportError",
    "Policy",
    "Replay",
    "ReplayCancelled",
    "ReplayStats",
    "WindowSnapshot",
    "compare_policies",
    "context_at",
    "cost_totals",
    "cost_verdict",
    "describe_call",
    "differing_settings",
    "export_png",
    "frame_verdicts",
    "layout_template",
    "log_call_views",
    "marker_bins",
    "message_buckets",
    "message_tokens_figure",
    "pressure_figure",
    "render_report",
    "replay",
    "resolve_policy",
    "summary_sentence",
    "usd",
    "window_stack_figure",
    "write_report",
]
