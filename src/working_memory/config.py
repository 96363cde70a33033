"""Defaults and thresholds in one place, so that the window, the CLI and the workbench agree."""

from __future__ import annotations

__all__ = [
    "CACHE_READ_SHARE",
    "CACHE_WRITE_SHARE",
    "COMPACT_AT",
    "COMPACT_BACKOFF_MAX_S",
    "COMPACT_BACKOFF_S",
    "COMPACT_TIMEOUT_S",
    "COUNTER",
    "EVICT_AT",
    "KEEP_RECENT",
    "KEEP_TOOL_RESULTS",
    "MAX_COMPACTIONS_PER_PREPARE",
    "MAX_CORRECTIONS",
    "MAX_PENDING_BYTES",
    "MAX_SPAN_TOKENS",
    "MAX_SUMMARIES",
    "MAX_TOOL_TOKENS",
    "MIN_GAIN",
    "MIN_SPAN",
    "RATIO",
    "RESERVE_COMPLETION",
    "SUMMARISER",
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
MAX_CORRECTIONS = 8  # only the latest N user corrections stay pinned
COUNTER = "approx"  # the dependency-free estimator (tokens/_approx.py)
MIN_GAIN = 0.05  # a compaction that frees less pressure than this is not repeated
MIN_SPAN = 2  # fewest messages worth a summariser call
# Most tokens one compaction span sends the summariser: a request of a sensible size. A span
# may still grow to twice min_gain of the budget, so that one can always qualify.
MAX_SPAN_TOKENS = 32_000
MAX_SUMMARIES = 3  # old summaries past this many are evicted, never re-summarised
KEEP_TOOL_RESULTS = 3  # the mask strategy keeps the last N tool results unmasked
MAX_COMPACTIONS_PER_PREPARE = 4  # bounds the summariser calls one prepare() can make
# After a failed summariser call the window does not call it again for this long (doubling
# on each further failure, up to the maximum), unless the failure said how long to wait.
COMPACT_BACKOFF_S = 2.0
COMPACT_BACKOFF_MAX_S = 300.0
WORD_LIMIT = 200  # summary length asked of the summariser
SUMMARISER = "offline"  # replays summarise with the offline extractive compactor
# The longest one prepare() waits on the summariser, retries included: one request timeout of
# the bundled clients (a real summary of a big span can take tens of seconds).
COMPACT_TIMEOUT_S = 60.0
# Originals the archive could not take yet (a full disk) are held in memory up to this many
# bytes of JSON, and written on later prepare() calls; past it the oldest are dropped, named.
MAX_PENDING_BYTES = 64 * 2**20
# Cache-aware compaction's default rates (Anthropic's 5-minute cache, as shares of the input
# price); a model's own `Price` replaces them (tokens.cache_shares).
CACHE_READ_SHARE = 0.10
CACHE_WRITE_SHARE = 1.25
