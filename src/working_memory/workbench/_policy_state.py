"""The pin editor's state: the policy being edited and what it does to the loaded transcript
(pins, the next span, eviction, per-message tokens, counts against the bill).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from ..budget import Budget
from ..pins import (
    DEFAULT_CORRECTION_PATTERNS,
    DEFAULT_PLAN_PATTERN,
    PinPolicy,
    PinReason,
    RegexCorrectionRule,
)
from ..transcripts import Transcript
from ._preview import WindowCache, WindowPreview, preview_window
from ._state import Observable, Recent, TranscriptState, cached_counter, policy_class

if TYPE_CHECKING:
    import pandas as pd

    from ..replays import ContextUse, Policy

__all__ = ["PinRules", "PolicyState", "check_patterns"]


@dataclass
class PinRules:
    """Pin-rule details a Policy does not carry: the correction and plan markers."""

    correction_patterns: tuple[str, ...] = DEFAULT_CORRECTION_PATTERNS
    plan_pattern: str = DEFAULT_PLAN_PATTERN
    _rule: RegexCorrectionRule | None = field(default=None, repr=False)

    def apply(self, pins: PinPolicy) -> PinPolicy:
        if (
            self.correction_patterns == DEFAULT_CORRECTION_PATTERNS
            and self.plan_pattern == DEFAULT_PLAN_PATTERN
        ):
            return pins
        if self._rule is None or self._rule.patterns != self.correction_patterns:
            self._rule = RegexCorrectionRule(self.correction_patterns)
        return dataclasses.replace(pins, correction_rule=self._rule, plan_pattern=self.plan_pattern)


def check_patterns(patterns: Sequence[str]) -> list[str]:
    """Each pattern that does not compile, with the reason (for inline validation)."""
    problems = []
    for n, pattern in enumerate(patterns, 1):
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.append(f"line {n}: {exc} in {pattern!r}")
    return problems


class PolicyState(Observable):
    """The policy being edited and what it does to the loaded transcript.

    `policy` is a replay.Policy (settable); `rules` the correction/plan markers; `upto` where
    the window stands (None: where the transcript first crosses `compact_at`, else its end).
    """

    def __init__(self, transcript: TranscriptState, policy: Policy | None = None) -> None:
        super().__init__()
        self.transcript = transcript
        self._policy = policy if policy is not None else policy_class()()
        self.rules = PinRules()
        self._upto: int | None = None
        self._cache = WindowCache()
        self._context_cache = WindowCache()  # the explorer's cursor, apart from the preview's
        self._preview: WindowPreview | None = None
        self._tokens_key: tuple[Any, ...] | None = None
        self._tokens: list[int] = []
        self._cumulative: list[int] = []
        # The last few counters' counts and whole-log pins, each with the messages they are of
        # (held, so that the id in the key names no other log): a counter switched back to, or
        # a policy change that leaves the pins as they were, recounts and re-pins nothing.
        self._counts: Recent[tuple[list[int], list[int]]] = Recent(3)
        self._whole: Recent[list[PinReason | None]] = Recent(3)
        # Counts that match the bill: calibrate from each loaded log's usage when True;
        # `window_note` says where the window came from (the log's model, when known).
        self.calibrate = False
        self.window_note = ""
        self._log_window: int | None = None
        self._calibrations: dict[tuple[int, str], Any] = {}
        self._check: Any = None
        self._check_key: tuple[Any, ...] | None = None
        transcript.observe(self._on_transcript)
        if transcript.current is not None:
            self._fit_to_log()

    def _on_transcript(self, what: str) -> None:
        if what == "transcript":
            self._upto = None
            self._preview = None
            self._fit_to_log()
            self._changed("transcript")

    def _fit_to_log(self) -> None:
        """The window of the log's model (unless the user set one) and, when `calibrate` is on,
        a calibration from the log's own usage; a calibration of another log is dropped."""
        from .. import config
        from ..tokens import log_window

        current = self.transcript.current
        policy = self._policy
        changes: dict[str, Any] = {}
        window, where = log_window(current) if current is not None else (None, "")
        if policy.window in (config.WINDOW, self._log_window):
            if window is not None:
                changes["window"] = window
                self.window_note = f"window {window:,} tokens, {where}"
            else:
                changes["window"] = config.WINDOW
                self.window_note = f"window {config.WINDOW:,} tokens, the default ({where})"
            self._log_window = window
        else:
            self.window_note = f"window {policy.window:,} tokens, as set"
        calibration = self._calibration_for(current) if self.calibrate else None
        if calibration is not policy.calibration:
            changes["calibration"] = calibration
        if changes:
            self._policy = policy.replace(**changes)

    def _calibration_for(self, current: Transcript | None, counter: str | None = None) -> Any:
        from ..tokens import calibrate

        if current is None:
            return None
        counter = counter or self._policy.counter
        key = (id(current), counter)
        if key not in self._calibrations:
            try:
                fitted = calibrate(current, counter=cached_counter(counter))
            except ValueError:  # fewer than two calls with usage: nothing to fit
                fitted = None
            self._calibrations = {key: fitted}  # one log at a time
        return self._calibrations[key]

    def count_check(self) -> Any:
        """Counted against billed for the loaded log (a CountCheck), None without usage."""
        from ..tokens import check_counts

        current = self.transcript.current
        if current is None or not any(c.total_input_tokens > 0 for c in current.calls):
            return None
        calibration = self._policy.calibration
        key = (id(current), self._policy.counter, id(calibration))
        if key != self._check_key:
            self._check = check_counts(
                current,
                None if calibration is not None else cached_counter(self._policy.counter),
                calibration=calibration,
            )
            self._check_key = key
        return self._check

    def set_calibrate(self, on: bool) -> None:
        """Count like the provider billed this log (a calibration from its usage), or not."""
        self.calibrate = bool(on)
        calibration = self._calibration_for(self.transcript.current) if on else None
        if calibration is not self._policy.calibration:
            self.policy = self._policy.replace(calibration=calibration)

    # -- the policy ------------------------------------------------------------------------
    @property
    def policy(self) -> Policy:
        return self._policy

    @policy.setter
    def policy(self, policy: Policy) -> None:
        if not isinstance(policy, policy_class()):
            raise TypeError(f"expected a Policy, got {type(policy).__name__}")
        if policy.counter != self._policy.counter:
            # Load the counter before taking the policy: a counter that is not installed must
            # leave the old policy (and every panel drawn from it) in place.
            try:
                cached_counter(policy.counter)
            except Exception as exc:
                raise ValueError(
                    f"counter {policy.counter!r} cannot be used here ({exc}); the policy keeps "
                    f"{self._policy.counter!r}"
                ) from exc
        self._policy = policy
        self._preview = None
        self._changed("policy")

    def update(self, **changes: Any) -> None:
        """Change policy settings by name (`state.update(keep_recent=8)`); validated by Policy."""
        counter = changes.get("counter", self._policy.counter)
        if counter != self._policy.counter and "calibration" not in changes:
            # A calibration holds for the counter it was fitted with: refit or drop it.
            on = self.calibrate and self._policy.calibration is not None
            changes["calibration"] = (
                self._calibration_for(self.transcript.current, counter) if on else None
            )
        self.policy = self._policy.replace(**changes)

    def set_patterns(
        self, correction_patterns: Sequence[str] | None = None, plan_pattern: str | None = None
    ) -> None:
        problems = check_patterns(
            [*(correction_patterns or ()), *([plan_pattern] if plan_pattern else [])]
        )
        if problems:
            raise ValueError("invalid pattern: " + "; ".join(problems))
        if correction_patterns is not None:
            self.rules.correction_patterns = tuple(p for p in correction_patterns if p.strip())
        if plan_pattern is not None:
            self.rules.plan_pattern = plan_pattern
        self._preview = None
        self._changed("policy")

    def toggle_pin(self, index: int) -> None:
        """Pin message `index` explicitly, or unpin it if it was."""
        explicit = set(self._policy.explicit)
        explicit.symmetric_difference_update({index})
        self.update(explicit=frozenset(explicit))

    def pin_policy(self) -> PinPolicy:
        return self.rules.apply(self._policy.pin_policy())

    # -- where the window stands ---------------------------------------------------------------
    @property
    def upto(self) -> int:
        if self._upto is not None:
            return min(self._upto, len(self.transcript.messages))
        # The estimate (default_upto) is walked to the real crossing by the preview: report
        # that one, or the slider and the table disagree by a few messages.
        return self.preview.upto

    @upto.setter
    def upto(self, value: int | None) -> None:
        self._upto = value
        self._preview = None
        self._changed("upto")

    def default_upto(self) -> int:
        """The first message at which the transcript, uncompacted, crosses compact_at."""
        policy = self._policy
        line = policy.compact_at * policy.limit
        messages = self.transcript.messages
        # The window cuts big tool results at append: cap them the same way (approximately;
        # this only places the cursor, the preview itself uses the real window).
        cap = None if policy.max_tool_tokens is None else policy.max_tool_tokens + 16
        total = self.cumulative[0] - self.tokens[0] if self.tokens else 0
        for index, size in enumerate(self.tokens):
            if cap is not None and size > cap and messages[index].get("role") == "tool":
                size = cap
            total += size
            if total > line:
                return index + 1
        return len(messages)

    # -- token counts ------------------------------------------------------------------------
    def _count(self) -> None:
        messages = self.transcript.messages
        calibration = self._policy.calibration
        key = (id(messages), len(messages), self._policy.counter, id(calibration))
        if key == self._tokens_key:
            return
        current = self.transcript.current
        tools = current.tools if current else None
        counted = self._counts.get((*key, id(tools)), messages, tools)
        if counted is None:
            budget = Budget(counter=cached_counter(self._policy.counter), calibration=calibration)
            tokens = [budget.message_tokens(m) for m in messages]
            fixed = budget.overheads.per_request + budget.tools_tokens(tools)
            cumulative = [fixed + total for total in accumulate(tokens)]
            counted = self._counts.put((*key, id(tools)), (tokens, cumulative), messages, tools)
        self._tokens, self._cumulative = counted
        self._tokens_key = key

    @property
    def tokens(self) -> list[int]:
        """Each message's tokens as sent (policy's counter, overheads included, not truncated)."""
        self._count()
        return self._tokens

    @property
    def cumulative(self) -> list[int]:
        """What a request ending at message i would cost with nothing compacted."""
        self._count()
        return self._cumulative

    @property
    def pressure(self) -> list[float]:
        limit = self._policy.limit
        return [total / limit for total in self.cumulative]

    @property
    def managed_pressure(self) -> list[float]:
        """The managed window's pressure after each message up to the cursor (`upto`): its
        tool results cut as the window cuts them, nothing compacted yet. Its last value is the
        preview's pressure (the summary's); `pressure` is the raw count, the chart's faint
        reference. Past the cursor the window has not been: no value."""
        preview = self.preview
        sizes = preview.window_tokens
        total = preview.tokens - sum(sizes)  # tool schemas and the request overhead
        line = []
        for size in sizes:
            total += size
            line.append(total / preview.limit)
        return line

    # -- the preview ---------------------------------------------------------------------------
    @property
    def preview(self) -> WindowPreview:
        if self._preview is None:
            current = self.transcript.current
            messages = self.transcript.messages
            upto = min(self._upto, len(messages)) if self._upto is not None else self.default_upto()

            def make(upto: int) -> WindowPreview:
                return preview_window(
                    messages,
                    self._policy,
                    upto=upto,
                    pins=self.pin_policy(),
                    tools=current.tools if current else None,
                    demonstrations=self.transcript.demonstrations,
                    _cache=self._cache,
                )

            if self._upto is None:
                # The default cursor is estimated; walk it to the real crossing (the cached
                # window only grows, so each step appends one message: O(1) pressure).
                pins, tools = self.pin_policy(), current.tools if current else None
                window = self._cache.get(messages, self._policy, pins, upto, tools)
                while window.pressure() <= self._policy.compact_at and upto < len(messages):
                    upto += 1
                    window = self._cache.get(messages, self._policy, pins, upto, tools)
            self._preview = make(upto)
        return self._preview

    def window_context(self, upto: int) -> ContextUse:
        """The window holding `messages[:upto]` by category, free space and reserve included
        (`replays.ContextUse`, the report's accounting): its tool results cut as the window cuts
        them, nothing compacted yet. The explorer's context panel at its selected message."""
        from ..replays import ContextUse

        current = self.transcript.current
        messages = self.transcript.messages
        window = self._context_cache.get(
            messages,
            self._policy,
            self.pin_policy(),
            max(0, min(upto, len(messages))),
            current.tools if current else None,
            self.transcript.demonstrations,
        )
        return ContextUse.of(window.breakdown(), self._policy)

    def whole_reasons(self) -> list[PinReason | None]:
        """Why each message is pinned were the whole thread one window (the explorer's column)."""
        transcript, pins, tokens = self.transcript, self.pin_policy(), self.tokens
        messages, demonstrations = transcript.messages, transcript.demonstrations
        key = (id(messages), len(messages), pins, demonstrations, id(tokens))
        reasons = self._whole.get(key, messages, tokens)
        if reasons is None:
            reasons = self._whole.put(
                key,
                pins.pin_reasons(messages, demonstrations=demonstrations, tokens=tokens),
                messages,
                tokens,
            )
        return list(reasons)

    def frame(self) -> pd.DataFrame:
        """One row per message: index, role, tool, tokens, cumulative, pressure, pinned (the
        reason, in the window at `upto`), in_window, in_span, evicted, thread."""
        from ._widgets import require_pandas

        pd = require_pandas()
        messages = self.transcript.messages
        preview = self.preview
        start, end = preview.span
        evicted = set(preview.evicted)
        names = self.transcript.current.tool_names() if self.transcript.current else {}
        rows = []
        for i, message in enumerate(messages):
            rows.append(
                {
                    "index": i,
                    "role": message.get("role"),
                    "tool": tool_of(message, names),
                    "tokens": self.tokens[i],
                    "cumulative": self.cumulative[i],
                    "pressure": self.cumulative[i] / self._policy.limit,
                    "pinned": preview.reasons[i] if i < preview.upto else None,
                    "in_window": i < preview.upto,
                    "in_span": start <= i < end,
                    "evicted": i in evicted,
                    "thread": self.transcript.thread,
                }
            )
        columns = [
            "index",
            "role",
            "tool",
            "tokens",
            "cumulative",
            "pressure",
            "pinned",
            "in_window",
            "in_span",
            "evicted",
            "thread",
        ]
        return pd.DataFrame(rows, columns=columns)


def tool_of(message: Mapping[str, Any], names: Mapping[str, str]) -> str:
    calls = message.get("tool_calls") or ()
    if calls:
        return ",".join(str((c.get("function") or {}).get("name") or "?") for c in calls)
    if message.get("role") == "tool":
        return names.get(str(message.get("tool_call_id")), "")
    return ""
