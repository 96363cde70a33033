"""Plain stand-ins for a transcript's call records and for a transcript, for the count tests."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Call:
    index: int
    last_message: int
    input_tokens: int
    cached_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    model: str | None = "claude-sonnet-4-5"

    @property
    def total_input_tokens(self) -> int:
        return self.input_tokens + self.cached_input_tokens + self.cache_creation_input_tokens


@dataclass
class Log:
    messages: list
    calls: list
    tools: list | None = None
    compactions: list = field(default_factory=list)
    source: str | None = "synthetic"
    metadata: dict = field(default_factory=dict)
