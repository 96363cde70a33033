"""A replay policy: every setting of a managed window as one plain, serialisable value."""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import config
from ..archive import Archive
from ..budget import Budget
from ..compaction import SpanCompactor
from ..pins import PinPolicy, RegexCorrectionRule
from ..settings import WindowSettings, setting
from ..tokens import available_counters
from ..window import ManagedWindow

if TYPE_CHECKING:
    from ..tokens import Calibration

__all__ = ["PRESETS", "SUMMARISERS", "Policy", "resolve_policy"]

SUMMARISERS = ("offline", "none", "client")

# Fields that are not settings (never serialised, never compared).
_NOT_SETTINGS = frozenset({"client", "calibration"})


@dataclass(frozen=True)
class Policy(WindowSettings):
    """Everything a replay needs to rebuild the window: the window's settings (inherited
    from `WindowSettings`), the budget, the pins and the summariser.

    `explicit` holds message indices of the transcript to pin. `client` (an LLMClient, used
    when `summariser == "client"`) is left out of repr, equality and `to_dict()`: a policy
    file never carries a client or a key.
    """

    window: int = setting(
        config.WINDOW,
        "the model's context window in tokens",
        "int",
        low=1,
        high=10_000_000,
        step=1_000,
        group="budget",
    )
    ratio: float = setting(
        config.RATIO,
        "share of the window the budget may use (headroom for counting error)",
        "share",
        step=0.05,
        group="budget",
    )
    reserve_completion: int = setting(
        config.RESERVE_COMPLETION,
        "tokens kept free for the reply",
        "int",
        label="reserve",
        low=0,
        high=1_000_000,
        step=500,
        flag_alias="--reserve",
        group="budget",
    )
    counter: str = setting(
        config.COUNTER,
        "token counter: approx (the default estimator), estimate (chars/4), cl100k, o200k, "
        "tiktoken:<encoding>, hf:<tokenizer.json>",
        "text",
        offers=available_counters,
        group="budget",
    )
    keep_recent: int = setting(
        config.KEEP_RECENT,
        "the last N messages are always pinned",
        "int",
        label="keep recent",
        low=0,
        high=64,
        group="pins",
    )
    keep_recent_tokens: int | None = setting(
        None,
        "the newest messages up to N tokens are pinned too (either rule pins the more)",
        "int",
        label="keep recent tokens",
        low=1,
        high=200_000,
        step=500,
        optional=True,
        none_means="off",
        group="pins",
    )
    pin_system: bool = setting(
        True, "pin the system prompt", "bool", label="pin system prompt", group="pins"
    )
    pin_task: bool = setting(
        True,
        "pin the task (the first typed user turn)",
        "bool",
        label="pin the task",
        group="pins",
    )
    pin_plan: bool = setting(
        True, "pin the latest plan", "bool", label="pin the latest plan", group="pins"
    )
    pin_corrections: bool = setting(
        True, "pin the user's corrections", "bool", label="pin user corrections", group="pins"
    )
    max_corrections: int | None = setting(
        config.MAX_CORRECTIONS,
        "only the latest N corrections stay pinned",
        "int",
        label="max corrections",
        low=0,
        high=64,
        optional=True,
        none_means="all",
        group="pins",
    )
    # None: the default anchored rules / "Plan:" openings (the pin editor edits them as text).
    correction_patterns: tuple[str, ...] | None = setting(
        None,
        "regular expressions a user turn must match to count as a correction",
        "texts",
        optional=True,
        none_means="the default rules",
        flag=False,
        control=False,
        group="pins",
    )
    plan_pattern: str | None = setting(
        None,
        "regular expression that marks a plan",
        "text",
        optional=True,
        none_means='"Plan:" openings',
        flag=False,
        control=False,
        group="pins",
    )
    explicit: frozenset[int] = setting(
        frozenset(),
        "message indices of the transcript to pin",
        "indices",
        flag=False,
        control=False,
        group="pins",
    )
    summariser: str = setting(
        config.SUMMARISER,
        "offline (extractive, no model), none (evict only) or client (Policy(client=...))",
        "choice",
        choices=SUMMARISERS,
        flag_choices=("offline", "none"),
        control=False,
        group="summariser",
    )
    prompt: str = setting(
        "default",
        "the compaction prompt template a client summariser is asked with",
        "text",
        flag=False,
        control=False,
        group="summariser",
    )
    word_limit: int = setting(
        config.WORD_LIMIT,
        "summary length in words",
        "int",
        label="word limit",
        low=1,
        high=2_000,
        control=False,
        group="summariser",
    )
    client: Any = field(default=None, repr=False, compare=False)
    # A calibration from billed usage (`working_memory.calibrate`): the budget counts like the
    # provider billed. Not a setting a policy file carries (it belongs to one provider's logs).
    calibration: Calibration | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.explicit, frozenset) and isinstance(
            self.explicit, list | tuple | set
        ):
            object.__setattr__(self, "explicit", frozenset(self.explicit))
        if isinstance(self.correction_patterns, list):
            object.__setattr__(self, "correction_patterns", tuple(self.correction_patterns))
        problems = self.problems()
        if self.summariser == "client" and self.client is None:
            problems.append('summariser="client" needs a client (Policy(client=...))')
        if not problems:
            try:
                for pattern in (*(self.correction_patterns or ()), self.plan_pattern or ""):
                    re.compile(pattern)
            except re.error as exc:
                problems.append(
                    f"a correction or plan pattern is not a valid regular expression: {exc}"
                )
        if problems:
            raise ValueError("invalid Policy: " + "; ".join(problems))
        limit = self.limit  # Budget validates window / ratio / reserve here
        if (
            not self.counter.startswith(("hf:", "tiktoken:"))
            and self.counter not in available_counters()
        ):
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
        """The budget's ceiling in tokens (the budget's rule; its counter is not resolved)."""
        return Budget(self.window, self.ratio, self.reserve_completion, counter="estimate").limit

    def pin_policy(self) -> PinPolicy:
        return PinPolicy(
            keep_recent=self.keep_recent,
            keep_recent_tokens=self.keep_recent_tokens,
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
        from ..compaction import make_summariser

        client = self.client if self.summariser == "client" else None
        return make_summariser(client, word_limit=self.word_limit, prompt=self.prompt)

    def build_window(
        self,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        archive: Archive | None = None,
        pins: PinPolicy | None = None,
    ) -> ManagedWindow:
        """A fresh ManagedWindow with these settings (`pins` overrides `pin_policy()`)."""
        return ManagedWindow(
            self.budget(),
            pins if pins is not None else self.pin_policy(),
            self.compactor() if self.strategy in ("compact", "hybrid") else None,
            self.window_settings(),
            tools=tools,
            archive=archive,
        )

    def window_settings(self) -> WindowSettings:
        """The window's own settings, as the plain value `ManagedWindow` takes."""
        return WindowSettings(**{name: getattr(self, name) for name in WindowSettings.names()})

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
        path = Path(path).expanduser()
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
    # Deeper, rarer compactions: one rewrite of the cached prompt instead of several (cheaper
    # with a provider's prompt cache; docs/replay.md has the figures).
    "deep-compaction": Policy(compact_at=0.85, compact_to=0.35, evict_at=0.95),
    # Compacts or masks below evict_at only when the saving over the next 10 calls pays for
    # the rewrite at the log's model's cache prices; else a deeper span, or waits.
    "cache-aware": Policy(rewrite_pays_over=10),
}


def resolve_policy(spec: str | Path | Policy | Mapping[str, Any]) -> tuple[str, Policy]:
    """(name, policy) from a preset name, a JSON/TOML file, a mapping or a Policy."""
    if isinstance(spec, Policy):
        return "policy", spec
    if isinstance(spec, Mapping):
        return "policy", Policy.from_dict(spec)
    text = str(spec)
    if text in PRESETS:
        return text, PRESETS[text]
    path = Path(text).expanduser()
    if path.is_file():
        return path.stem, Policy.from_file(path)
    raise ValueError(
        f"{text!r} is neither a preset ({', '.join(PRESETS)}) nor a policy file that exists"
    )
