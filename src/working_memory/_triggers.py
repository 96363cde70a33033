"""When the window compacts, and whether a rewrite of the prompt is worth its cost.

Two small strategy objects the compaction and masking passes consult, each built from
`WindowSettings` and holding no state of its own:

- `Trigger`: is a compaction due, and how much must its span take? The pressure trigger
  (`compact_at`, down to `compact_to`) and the message-count trigger (`compact_at_messages`,
  down to 0.7 x that); either may fire, and the span must satisfy both that fired.
- `Gate`: may a compaction or a masking that is due rewrite the prompt now? `Always`, or
  `PaysForRewrite` (`rewrite_pays_over`): with a provider's prompt cache the call after a
  rewrite pays the cache-write price for everything from the first changed message on,
  instead of the cache-read price, so a small span freed early in a long window can cost
  more than it saves.

The cost model is the one `tokens.CacheModel` checks against billed usage: the previous
call's whole prompt is cached. Over the next `horizon` calls, with read price r and write
price w (shares of the uncached input price), freeing `freed` tokens and rewriting
`rewritten` tokens (everything after the change, the summary included) saves

    horizon * freed * r - rewritten * (w - r)

against leaving the prompt as it is: what comes before the change is read from the cache
either way and cancels out. When the session's growth will push the window past `evict_at`
within the horizon, a rewrite comes anyway, later and with a longer tail: then it happens now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from . import config
from .settings import WindowSettings

__all__ = ["Always", "Due", "Gate", "PaysForRewrite", "Rewrite", "Trigger", "gate_for"]


@dataclass(frozen=True)
class Due:
    """A compaction that is due: what its span must hold. `tokens` is how many tokens it
    should free (0: not due by pressure); `messages` how many messages it must remove
    (0: not due by count)."""

    tokens: float
    messages: int

    @property
    def by(self) -> str:
        if self.tokens > 0 and self.messages > 0:
            return "pressure and message count"
        return "message count" if self.messages > 0 else "pressure"


@dataclass(frozen=True)
class Trigger:
    """The pressure trigger and the message-count trigger, from one `WindowSettings`."""

    compact_at: float
    compact_to: float
    at_messages: int | None
    to_messages: int | None

    @classmethod
    def of(cls, settings: WindowSettings) -> Trigger:
        return cls(
            settings.compact_at,
            settings.compact_target,
            settings.compact_at_messages,
            settings.compact_target_messages,
        )

    def by_count(self, messages: int) -> bool:
        return self.at_messages is not None and messages > self.at_messages

    def due(self, *, tokens: int, limit: int, messages: int) -> Due | None:
        """What a compaction must take now, or None when neither trigger fires."""
        by_pressure = tokens > self.compact_at * limit
        by_count = self.by_count(messages)
        if not (by_pressure or by_count):
            return None
        return Due(
            tokens=max(0.0, tokens - self.compact_to * limit) if by_pressure else 0.0,
            messages=messages - (self.to_messages or 0) if by_count else 0,
        )


@dataclass(frozen=True)
class Rewrite:
    """What a compaction or a masking would do to the cached prompt: the tokens it takes
    out of every later call, and the tokens the next call must write again."""

    freed: int
    rewritten: int
    # Calls until evict_at forces a rewrite anyway, at the session's rate of growth.
    forced_in: float = float("inf")


class Gate(Protocol):
    """Whether a rewrite may happen now; a refusal is the reason, for the event."""

    def pays(self, rewrite: Rewrite) -> bool:
        """Whether the rewrite saves more than it costs over the horizon."""
        ...

    def refuses(self, rewrite: Rewrite) -> str | None: ...

    def least_span(self, after: int, summary: int) -> float:
        """The fewest tokens a span must hold to pass, when it starts `after` tokens from
        the end of the window and its summary costs `summary` tokens."""
        ...


class Always:
    """No prompt cache to respect: every rewrite that is due happens."""

    def pays(self, rewrite: Rewrite) -> bool:
        return True

    def refuses(self, rewrite: Rewrite) -> str | None:
        return None

    def least_span(self, after: int, summary: int) -> float:
        return 0.0


@dataclass(frozen=True)
class PaysForRewrite:
    """A rewrite happens only when what it frees, read on `horizon` coming calls, pays for
    writing the rest of the prompt again (see the module's docstring for the formula)."""

    horizon: int
    read: float
    write: float

    def saving(self, rewrite: Rewrite) -> float:
        """What the rewrite saves over the horizon, in uncached-input tokens' worth
        (negative: it costs more than it saves)."""
        return self.horizon * rewrite.freed * self.read - rewrite.rewritten * (
            self.write - self.read
        )

    def calls_to_pay(self, rewrite: Rewrite) -> float:
        """How many calls the rewrite needs to pay for itself (inf: never)."""
        if rewrite.freed <= 0 or self.read <= 0:
            return float("inf")
        return max(0.0, rewrite.rewritten * (self.write - self.read)) / (rewrite.freed * self.read)

    def least_span(self, after: int, summary: int) -> float:
        # saving(span) > 0 with freed = span - summary, rewritten = summary + after - span:
        #   span * (h r + w - r) > h r summary + (summary + after) (w - r)
        hr, premium = self.horizon * self.read, self.write - self.read
        return (hr * summary + (summary + after) * premium) / (hr + premium)

    def pays(self, rewrite: Rewrite) -> bool:
        return self.saving(rewrite) > 0

    def refuses(self, rewrite: Rewrite) -> str | None:
        # A rewrite forced within the horizon anyway costs more later (its tail has grown)
        # and saves for fewer calls: waiting cannot pay.
        if rewrite.forced_in <= self.horizon or self.pays(rewrite):
            return None
        calls = self.calls_to_pay(rewrite)
        after = "never" if calls == float("inf") else f"after {calls:.0f} calls"
        return (
            f"cache-aware: freeing {rewrite.freed} tok pays for rewriting {rewrite.rewritten} "
            f"cached tok {after}, not within rewrite_pays_over={self.horizon}"
        )


def gate_for(settings: WindowSettings) -> Gate:
    if settings.rewrite_pays_over is None:
        return Always()
    read, write = settings.cache_read_share, settings.cache_write_share
    return PaysForRewrite(
        settings.rewrite_pays_over,
        config.CACHE_READ_SHARE if read is None else read,
        config.CACHE_WRITE_SHARE if write is None else write,
    )
