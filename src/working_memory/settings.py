"""Every window setting, declared once: its default (from `config`), bounds and help.

`WindowSettings` is the one value `ManagedWindow` takes; replay's `Policy` extends it with the
budget, the pins and the summariser. The CLI flags, the pin editor's controls, the report's
settings table and the checks all read the declarations below, so adding a setting is one
field here (or in `Policy`), with its `setting(...)` metadata.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from . import config

__all__ = [
    "STRATEGIES",
    "Setting",
    "Strategy",
    "WindowSettings",
    "setting",
    "setting_fields",
]

Strategy = Literal["compact", "mask", "hybrid", "evict"]
STRATEGIES: tuple[Strategy, ...] = ("compact", "mask", "hybrid", "evict")

Kind = Literal["share", "fraction", "int", "seconds", "bool", "choice", "text", "texts", "indices"]


@dataclass(frozen=True)
class Setting:
    """How a setting is checked, offered and explained (a field's metadata).

    `kind`: "share" (a pressure above 0; controls and flags offer up to 1), "fraction" (0 <= x < 1), "int",
    "seconds" (a duration above 0), "bool", "choice" (one of `choices`), "text" (a string), "texts" (a tuple of strings),
    "indices" (a set of message indices). `low`/`high` bound an int; `optional` allows None,
    which means `none_means`. `label` is the short name controls and tables show; `step` and
    `high` shape a control's range. `flag=False` keeps a setting off the command line and
    `control=False` out of the pin editor (deprecated or structured settings); `flag_choices`
    narrows what the command line offers.
    """

    help: str
    kind: Kind
    label: str = ""
    low: float | None = None
    high: float | None = None
    step: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    none_means: str = ""
    flag: bool = True
    control: bool = True
    group: str = "window"
    # Choices the command line offers, when fewer than `choices` (a client cannot be given
    # on the command line).
    flag_choices: tuple[str, ...] = ()
    # Another name the flag answers to (its name before 0.2).
    flag_alias: str = ""
    # What a control offers for a text setting whose good values depend on the machine
    # (the installed token counters), asked when the control is built.
    offers: Callable[[], Sequence[str]] | None = None

    def problem(self, name: str, value: Any) -> str | None:
        """Why `value` is not acceptable for this setting, or None."""
        if value is None:
            return None if self.optional else f"{name}=None: expected {self._expected()}"
        kind = self.kind
        if kind == "bool":
            ok = isinstance(value, bool)
        elif kind in ("share", "fraction", "seconds"):
            ok = isinstance(value, float | int) and not isinstance(value, bool)
        elif kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif kind in ("choice", "text"):
            ok = isinstance(value, str)
        elif kind == "texts":
            ok = isinstance(value, tuple) and all(isinstance(v, str) for v in value)
        else:  # indices
            ok = isinstance(value, frozenset)
        if not ok:
            return f"{name}={value!r}: expected {self._expected()}"
        if isinstance(value, float) and not math.isfinite(value):
            return f"{name}={value!r}: expected a finite number"
        if kind in ("share", "seconds") and not value > 0:
            return f"{name}={value} must be above 0"
        if kind == "fraction" and not 0 <= value < 1:
            return f"{name}={value} must be in [0, 1)"
        if kind == "choice" and value not in self.choices:
            return f"{name}={value!r}: expected one of {', '.join(self.choices)}"
        if kind == "int" and self.low is not None and value < self.low:
            floor = int(self.low)
            if floor == 0:
                return f"{name}={value} must not be negative"
            return f"{name}={value} must be at least {floor}"
        if kind == "indices" and any(not isinstance(i, int) or i < 0 for i in value):
            return f"{name} holds message indices, which are never negative"
        return None

    def _expected(self) -> str:
        base = {
            "share": "float",
            "fraction": "float",
            "int": "int",
            "seconds": "float",
            "bool": "bool",
            "choice": "str",
            "text": "str",
            "texts": "tuple",
            "indices": "a set of message indices",
        }[self.kind]
        return f"{base} or null" if self.optional else base

    def describe(self, value: Any) -> str:
        """The value as a person reads it in a table."""
        if value is None:
            return self.none_means or "none"
        if self.kind == "share":
            return f"{value:.0%}"
        if self.kind == "seconds":
            return f"{value:g} s"
        if self.kind == "bool":
            return "yes" if value else "no"
        if isinstance(value, int):
            return f"{value:,}"
        if isinstance(value, tuple | frozenset):
            return ", ".join(map(str, sorted(value) if isinstance(value, frozenset) else value))
        return str(value)


def setting(default: Any, help: str, kind: Kind, **how: Any) -> Any:
    """A dataclass field carrying its `Setting` (use as the field's default)."""
    return field(default=default, metadata={"setting": Setting(help, kind, **how)})


def setting_fields(cls: Any) -> Iterator[tuple[dataclasses.Field[Any], Setting]]:
    """(field, its Setting) for every declared setting of a settings class or instance."""
    for f in dataclasses.fields(cls):
        spec = f.metadata.get("setting")
        if spec is not None:
            yield f, spec


@dataclass(frozen=True)
class WindowSettings:
    """The window's thresholds and strategy: what `ManagedWindow` does with its budget.

    A plain frozen value: build one, `replace()` it, pass it to `ManagedWindow(settings=...)`
    or `window.configure(...)`. Invalid combinations raise `ValueError` naming the setting.
    """

    max_tool_tokens: int | None = setting(
        config.MAX_TOOL_TOKENS,
        "a tool result larger than this many tokens is cut head+tail when appended",
        "int",
        label="max tool tokens",
        low=1,
        high=1_000_000,
        step=500,
        optional=True,
        none_means="no truncation",
    )
    compact_at: float = setting(
        config.COMPACT_AT,
        "pressure at which the oldest unpinned span is summarised",
        "share",
        label="compact at",
        step=0.01,
    )
    evict_at: float = setting(
        config.EVICT_AT,
        "pressure past which unpinned turns are dropped, oldest tool group first",
        "share",
        label="evict at",
        step=0.01,
    )
    compact_to: float | None = setting(
        None,
        "pressure a compaction brings the window down to",
        "share",
        label="compact to",
        step=0.01,
        optional=True,
        control=False,  # a slider cannot show "derived"; set it in code or a policy file
        none_means="0.7 x compact at",
    )
    evict_to: float | None = setting(
        None,
        "pressure an eviction brings the window down to",
        "share",
        label="evict to",
        step=0.01,
        optional=True,
        control=False,  # a slider cannot show "derived"; set it in code or a policy file
        none_means="evict at - 0.1",
    )
    compact_at_messages: int | None = setting(
        None,
        "message count past which the oldest unpinned span is summarised, whatever the "
        "pressure (either trigger may fire); it compacts down to 0.7 x this many",
        "int",
        label="compact at msgs",
        low=2,
        high=100_000,
        step=10,
        optional=True,
        none_means="no count trigger",
    )
    strategy: Strategy = setting(
        "compact",
        "what relieves pressure: compact (summarise), mask (hide old tool results), hybrid "
        "(both), evict (drop only)",
        "choice",
        choices=STRATEGIES,
    )
    min_gain: float = setting(
        config.MIN_GAIN,
        "least pressure one compaction must free",
        "fraction",
        label="min gain",
        high=0.5,
        step=0.01,
    )
    min_span: int = setting(
        config.MIN_SPAN,
        "fewest messages worth a summariser call",
        "int",
        label="min span",
        low=1,
        high=64,
    )
    max_span_tokens: int = setting(
        config.MAX_SPAN_TOKENS,
        "most tokens one compaction sends the summariser (at least twice min gain's worth)",
        "int",
        label="max span tok",
        low=1,
        high=200_000,
        step=1_000,
    )
    keep_tool_results: int = setting(
        config.KEEP_TOOL_RESULTS,
        "tool results masking keeps verbatim, newest first",
        "int",
        label="keep tool results",
        low=0,
        high=50,
    )
    max_compactions_per_prepare: int = setting(
        config.MAX_COMPACTIONS_PER_PREPARE,
        "most summariser calls one prepare() makes",
        "int",
        label="max compactions",
        low=1,
        high=16,
    )
    max_summaries: int = setting(
        config.MAX_SUMMARIES,
        "summaries kept; older ones are evicted, never re-summarised",
        "int",
        label="max summaries",
        low=1,
        high=32,
    )
    # -- the provider's prompt cache (see docs/replay.md, "Policies that respect the cache") --
    rewrite_pays_over: int | None = setting(
        None,
        "cache-aware: compact or mask below evict_at only when the tokens it frees, read on "
        "this many coming calls, pay for the cached prompt it rewrites; else take a deeper "
        "span that does, or wait",
        "int",
        label="pays over calls",
        low=1,
        high=1_000,
        optional=True,
        none_means="compact regardless of the cache",
    )
    cache_read_share: float | None = setting(
        None,
        "price of a cached input token, as a share of an uncached one (for rewrite_pays_over)",
        "share",
        label="cache read price",
        optional=True,
        none_means="the model's price in a replay, else 10%",
        control=False,  # a replay takes it from the log's model (tokens.cache_shares)
    )
    cache_write_share: float | None = setting(
        None,
        "price of writing a token into the cache, as a share of uncached input: 1.25 for "
        "Anthropic's 5-minute cache, 1 where writes cost nothing extra (OpenAI, DeepSeek)",
        "share",
        label="cache write price",
        high=4.0,
        optional=True,
        none_means="the model's price in a replay, else 125%",
        control=False,
    )
    # -- a full disk, a slow summariser (one concurrency design: see docs/archive.md) --
    max_pending_bytes: int = setting(
        config.MAX_PENDING_BYTES,
        "bytes of originals held in memory while the archive cannot be written (a full "
        "disk), retried on every prepare(); past it the oldest are dropped with a `lost` event",
        "int",
        label="max pending bytes",
        low=0,
        control=False,
    )
    compact_timeout_s: float | None = setting(
        config.COMPACT_TIMEOUT_S,
        "longest one prepare() waits on the summariser, retries included; a summary not "
        "back by then stays in flight and lands on a later call (eviction guards evict_at)",
        "seconds",
        label="compact timeout",
        optional=True,
        none_means="wait inline, unbounded",
        control=False,
    )
    compact_in_background: bool = setting(
        False,
        "prepare() never waits on the summariser: the summary is written beside the loop and "
        "put in on a later call if its span is still there unchanged",
        "bool",
        flag=False,
        control=False,
    )

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise ValueError("; ".join(problems))

    def problems(self) -> list[str]:
        """Every reason these settings are refused (empty when they are fine)."""
        found = [
            problem
            for f, spec in setting_fields(type(self))
            if (problem := spec.problem(f.name, getattr(self, f.name))) is not None
        ]
        if found:
            return found
        if self.compact_at > self.evict_at:
            found.append(
                f"compact_at={self.compact_at} must be above 0 and at most evict_at={self.evict_at}"
            )
        if self.compact_to is not None and self.compact_to > self.compact_at:
            found.append(
                f"compact_to={self.compact_to} must be above 0 and at most "
                f"compact_at={self.compact_at}"
            )
        if self.evict_to is not None and self.evict_to > self.evict_at:
            found.append(
                f"evict_to={self.evict_to} must be above 0 and at most evict_at={self.evict_at}"
            )
        return found

    @property
    def compact_target(self) -> float:
        """Where a compaction aims: well below the threshold, so the next one is many turns
        away (a steady cadence, not one per turn)."""
        return self.compact_to if self.compact_to is not None else self.compact_at * 0.7

    @property
    def compact_target_messages(self) -> int | None:
        """How many messages a count-triggered compaction leaves (None: no count trigger)."""
        if self.compact_at_messages is None:
            return None
        return max(1, int(self.compact_at_messages * 0.7))

    @property
    def evict_target(self) -> float:
        """Where an eviction aims: a little below the line, in bulk, so that evictions are
        rare and the provider's prompt cache stays valid for longer."""
        if self.evict_to is not None:
            return self.evict_to
        return max(self.compact_at, self.evict_at - 0.1)

    def replace(self, **changes: Any) -> WindowSettings:
        return dataclasses.replace(self, **changes)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f, _ in setting_fields(cls))
