"""A replay policy: every setting of a managed window as one plain, serialisable value."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import tomllib
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import config
from ..archive import Archive
from ..budget import Budget
from ..compaction import SpanCompactor
from ..pins import PinPolicy, RegexCorrectionRule
from ..tokens import available_counters
from ..window import STRATEGIES, ManagedWindow

if TYPE_CHECKING:
    from ..tokens import Calibration

__all__ = ["PRESETS", "SUMMARISERS", "Policy", "resolve_policy"]

SUMMARISERS = ("offline", "none", "client")

# Fields that are not settings (never serialised, never compared).
_NOT_SETTINGS = frozenset({"client", "calibration"})


@dataclass(frozen=True)
class Policy:
    """Everything a replay needs to rebuild the window: budget, pins, thresholds, strategy.

    `explicit` holds message indices of the transcript to pin. `client` (an LLMClient, used
    when `summariser == "client"`) is left out of repr, equality and `to_dict()`: a policy
    file never carries a client or a key.
    """

    window: int = config.WINDOW
    ratio: float = config.RATIO
    reserve_completion: int = config.RESERVE_COMPLETION
    counter: str = "approx"
    keep_recent: int = config.KEEP_RECENT
    pin_system: bool = True
    pin_task: bool = True
    pin_plan: bool = True
    pin_corrections: bool = True
    max_corrections: int | None = 8
    correction_patterns: tuple[str, ...] | None = None  # None: the default anchored rules
    plan_pattern: str | None = None  # None: the default ("Plan:" openings)
    explicit: frozenset[int] = frozenset()
    compact_at: float = config.COMPACT_AT
    evict_at: float = config.EVICT_AT
    min_gain: float = config.MIN_GAIN
    max_span_tokens: int = config.MAX_SPAN_TOKENS
    max_span: int | None = None  # deprecated: a message cap on spans (max_span_tokens bounds them)
    max_summaries: int = config.MAX_SUMMARIES
    strategy: str = "compact"
    keep_tool_results: int = 3
    max_tool_tokens: int | None = config.MAX_TOOL_TOKENS
    summariser: str = "offline"
    client: Any = field(default=None, repr=False, compare=False)
    # A calibration from billed usage (`working_memory.calibrate`): the budget counts like the
    # provider billed. Not a setting a policy file carries (it belongs to one provider's logs).
    calibration: Calibration | None = field(default=None, repr=False)
    prompt: str = "default"
    word_limit: int = config.WORD_LIMIT

    def __post_init__(self) -> None:
        if not isinstance(self.explicit, frozenset):
            object.__setattr__(self, "explicit", frozenset(int(i) for i in self.explicit))
        if self.correction_patterns is not None and not isinstance(self.correction_patterns, tuple):
            object.__setattr__(self, "correction_patterns", tuple(self.correction_patterns))
        _check_types(self)
        problems: list[str] = []
        if self.strategy not in STRATEGIES:
            problems.append(f"strategy={self.strategy!r}: expected one of {', '.join(STRATEGIES)}")
        if self.summariser not in SUMMARISERS:
            problems.append(
                f"summariser={self.summariser!r}: expected one of {', '.join(SUMMARISERS)}"
            )
        if self.summariser == "client" and self.client is None:
            problems.append('summariser="client" needs a client (Policy(client=...))')
        if not 0 < self.compact_at <= self.evict_at:
            problems.append(
                f"compact_at={self.compact_at} must be above 0 and at most evict_at={self.evict_at}"
            )
        for name in ("keep_recent", "keep_tool_results"):
            if getattr(self, name) < 0:
                problems.append(f"{name}={getattr(self, name)} must not be negative")
        for name in ("max_span_tokens", "max_summaries", "word_limit"):
            if getattr(self, name) < 1:
                problems.append(f"{name}={getattr(self, name)} must be at least 1")
        if not 0 <= self.min_gain < 1:
            problems.append(f"min_gain={self.min_gain} must be in [0, 1)")
        if any(i < 0 for i in self.explicit):
            problems.append("explicit holds message indices, which are never negative")
        if self.max_corrections is not None and self.max_corrections < 0:
            problems.append(f"max_corrections={self.max_corrections} must not be negative")
        try:
            for pattern in (*(self.correction_patterns or ()), self.plan_pattern or ""):
                re.compile(pattern)
        except re.error as exc:
            problems.append(
                f"a correction or plan pattern is not a valid regular expression: {exc}"
            )
        if problems:
            raise ValueError("invalid Policy: " + "; ".join(problems))
        # Budget validates window / ratio / reserve; the counter itself is resolved lazily.
        limit = Budget(self.window, self.ratio, self.reserve_completion, counter="estimate").limit
        if not self.counter.startswith(
            ("hf:", "tiktoken:")
        ) and self.counter not in available_counters(deprecated=True):
            raise ValueError(
                f"invalid Policy: counter={self.counter!r}: expected one of "
                f"{', '.join(available_counters())}, 'tiktoken:<encoding>' or 'hf:<tokenizer.json>'"
            )
        if self.max_tool_tokens is not None and not 0 < self.max_tool_tokens <= limit:
            raise ValueError(
                f"invalid Policy: max_tool_tokens={self.max_tool_tokens} must be positive and at "
                f"most the budget's limit of {limit} tokens (or None for no truncation)"
            )

    # -- the parts -----------------------------------------------------------------------
    def budget(self) -> Budget:
        return Budget(
            window=self.window,
            ratio=self.ratio,
            reserve_completion=self.reserve_completion,
            counter=self.counter,
            calibration=self.calibration,
        )

    @property
    def limit(self) -> int:
        """The budget's ceiling in tokens (window * ratio - reserve_completion)."""
        return int(self.window * self.ratio) - self.reserve_completion

    def pin_policy(self) -> PinPolicy:
        return PinPolicy(
            keep_recent=self.keep_recent,
            pin_system=self.pin_system,
            pin_task=self.pin_task,
            pin_plan=self.pin_plan,
            pin_corrections=self.pin_corrections,
            max_corrections=self.max_corrections,
            explicit=self.explicit,
            **self._rule_overrides(),
        )

    def _rule_overrides(self) -> dict[str, Any]:
        overrides: dict[str, Any] = {}
        if self.correction_patterns is not None:
            overrides["correction_rule"] = RegexCorrectionRule(
                patterns=tuple(self.correction_patterns)
            )
        if self.plan_pattern is not None:
            overrides["plan_pattern"] = self.plan_pattern
        return overrides

    def compactor(self) -> SpanCompactor | None:
        """The summariser: offline extractive, an LLM client's, or None (eviction only)."""
        if self.summariser == "none":
            return None
        if self.summariser == "client":
            from ..compaction import Compactor, get_template

            return Compactor(
                self.client, word_limit=self.word_limit, prompt=get_template(self.prompt)
            )
        from ..compaction import ExtractiveCompactor

        return ExtractiveCompactor(self.word_limit)

    def build_window(
        self,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        archive: Archive | None = None,
        pins: PinPolicy | None = None,
    ) -> ManagedWindow:
        """A fresh ManagedWindow with these settings (`pins` overrides `pin_policy()`)."""
        return ManagedWindow(
            budget=self.budget(),
            pins=pins if pins is not None else self.pin_policy(),
            compactor=self.compactor() if self.strategy in ("compact", "hybrid") else None,
            max_tool_tokens=self.max_tool_tokens,
            compact_at=self.compact_at,
            evict_at=self.evict_at,
            tools=tools,
            archive=archive,
            strategy=self.strategy,  # type: ignore[arg-type]  # checked in __post_init__
            min_gain=self.min_gain,
            max_span_tokens=self.max_span_tokens,
            keep_tool_results=self.keep_tool_results,
            max_summaries=self.max_summaries,
            max_span=self.max_span,
        )

    def replace(self, **changes: Any) -> Policy:
        return dataclasses.replace(self, **changes)

    # -- serialisation ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready values (no client)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name in _NOT_SETTINGS:
                continue
            value = getattr(self, f.name)
            out[f.name] = sorted(value) if isinstance(value, frozenset) else value
        return out

    def changes(self) -> dict[str, Any]:
        """The settings that differ from the defaults."""
        base = Policy().to_dict()
        return {k: v for k, v in self.to_dict().items() if base[k] != v}

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, base: Policy | None = None, where: str = "policy"
    ) -> Policy:
        """A policy from plain values. `preset` names a preset to start from; unknown keys are
        an error naming them (a misspelt setting must not be silently ignored)."""
        if not isinstance(data, Mapping):
            raise ValueError(f"{where}: expected a table of settings, got {type(data).__name__}")
        data = dict(data)
        if "policy" in data and isinstance(data["policy"], Mapping) and len(data) == 1:
            data = dict(data["policy"])  # a TOML file with a [policy] table
        start = base if base is not None else Policy()
        preset = data.pop("preset", None)
        if preset is not None:
            if preset not in PRESETS:
                raise ValueError(
                    f"{where}: unknown preset {preset!r}: expected one of {', '.join(PRESETS)}"
                )
            start = PRESETS[preset]
        known = {f.name for f in dataclasses.fields(cls)} - _NOT_SETTINGS
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"{where}: unknown setting(s) {', '.join(map(repr, unknown))}: expected some of "
                f"preset, {', '.join(sorted(known))}"
            )
        if "explicit" in data:
            explicit = data["explicit"]
            if not isinstance(explicit, list | tuple | set | frozenset) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in explicit
            ):
                raise ValueError(f"{where}: explicit: expected a list of message indices")
            data["explicit"] = frozenset(explicit)
        try:
            return dataclasses.replace(start, **data)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}: {exc}") from None

    @classmethod
    def from_file(cls, path: str | Path) -> Policy:
        """A policy from a JSON or TOML file (by extension; `.toml` is TOML, anything else JSON)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{path}: not UTF-8 text ({exc.reason})") from None
        if path.suffix.lower() == ".toml":
            try:
                data: Any = tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                raise ValueError(f"{path}: invalid TOML: {exc}") from None
        else:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ValueError(
                    f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg} "
                    f"(expected an object of policy settings)"
                ) from None
        return cls.from_dict(data, where=str(path))


_TYPES: dict[str, tuple[type, ...]] = {
    "window": (int,),
    "ratio": (float, int),
    "reserve_completion": (int,),
    "counter": (str,),
    "keep_recent": (int,),
    "pin_system": (bool,),
    "pin_task": (bool,),
    "pin_plan": (bool,),
    "pin_corrections": (bool,),
    "max_corrections": (int, type(None)),
    "plan_pattern": (str, type(None)),
    "correction_patterns": (tuple, type(None)),
    "compact_at": (float, int),
    "evict_at": (float, int),
    "min_gain": (float, int),
    "max_span_tokens": (int,),
    "max_span": (int, type(None)),
    "max_summaries": (int,),
    "strategy": (str,),
    "keep_tool_results": (int,),
    "max_tool_tokens": (int, type(None)),
    "summariser": (str,),
    "prompt": (str,),
    "word_limit": (int,),
}


def _check_types(policy: Policy) -> None:
    for name, types in _TYPES.items():
        value = getattr(policy, name)
        is_bool = isinstance(value, bool)
        if (is_bool and bool not in types) or not isinstance(value, types):
            expected = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise ValueError(f"invalid Policy: {name}={value!r}: expected {expected}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"invalid Policy: {name}={value!r}: expected a finite number")


PRESETS: dict[str, Policy] = {
    # The simplest design: chars/4 token estimate, the last 4 turns pinned, compact then evict.
    "chars4": Policy(counter="estimate", keep_recent=4, strategy="compact"),
    "default": Policy(),
    # Observation masking (Anthropic's clear_tool_uses, the JetBrains "complexity trap" study).
    "masking": Policy(strategy="mask", keep_tool_results=3),
    "hybrid": Policy(strategy="hybrid", keep_tool_results=3),
    # The cheap baseline: no summariser at all.
    "evict-only": Policy(strategy="evict", summariser="none"),
    "small-window-32k": Policy(window=32_000, reserve_completion=2_000),
}


_RENAMED_PRESETS = {"seed": "chars4"}


def resolve_policy(spec: str | Path | Policy | Mapping[str, Any]) -> tuple[str, Policy]:
    """(name, policy) from a preset name, a JSON/TOML file, a mapping or a Policy."""
    if isinstance(spec, Policy):
        return "policy", spec
    if isinstance(spec, Mapping):
        return "policy", Policy.from_dict(spec)
    text = str(spec)
    if text in _RENAMED_PRESETS:
        new = _RENAMED_PRESETS[text]
        warnings.warn(
            f"the preset {text!r} is now called {new!r}; the old name goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        text = new
    if text in PRESETS:
        return text, PRESETS[text]
    path = Path(text)
    if path.is_file():
        return path.stem, Policy.from_file(path)
    raise ValueError(
        f"{text!r} is neither a preset ({', '.join(PRESETS)}) nor a policy file that exists"
    )
