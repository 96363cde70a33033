"""Defaults and thresholds in one place, so that the window, the CLI and the workbench agree."""

from __future__ import annotations

__all__ = [
    "COMPACT_AT",
    "EVICT_AT",
    "KEEP_RECENT",
    "MAX_SPAN",
    "MAX_TOOL_TOKENS",
    "MIN_GAIN",
    "MIN_SPAN",
    "RATIO",
    "RESERVE_COMPLETION",
    "WINDOW",
    "WORD_LIMIT",
]

WINDOW = 128_000  # the model's context window, in tokens
RATIO = 0.70  # share of the window the budget may use: headroom for estimation error
RESERVE_COMPLETION = 4_000  # tokens kept free for the reply
COMPACT_AT = 0.70  # pressure at which the oldest unpinned span is summarised
EVICT_AT = 0.90  # pressure past which unpinned turns are dropped, oldest first
MAX_TOOL_TOKENS = 2_000  # a tool result larger than this is cut head+tail at write time
KEEP_RECENT = 4  # the last N messages are always pinned (local coherence)
MIN_GAIN = 0.05  # a compaction that frees less pressure than this is not repeated
MIN_SPAN = 2  # fewest messages worth a summariser call
MAX_SPAN = 40  # most messages in one compaction span
WORD_LIMIT = 200  # summary length asked of the summariser
