"""working-memory: an LLM agent's short-term memory as a designed budget."""

from __future__ import annotations

from .archive import Archive, JsonlArchive, read_archive
from .budget import Budget
from .compactor import NOTHING, CompactionResult, Compactor, SpanCompactor, render_span
from .events import WindowEvent
from .llm import LLMClient, LLMResponse, Usage
from .overheads import ANTHROPIC, GENERIC, OPENAI, MessageOverheads
from .policy import CorrectionRule, PinPolicy, RegexCorrectionRule, tool_groups
from .prompts import COMPACT_PROMPT, TEMPLATES, PromptTemplate, render_prompt, template_problems
from .tokens import EstimateCounter, TokenCounter, available_counters, get_counter
from .window import STRATEGIES, ManagedWindow, Strategy, truncate_text

__version__ = "0.1.0"

__all__ = [
    "ANTHROPIC",
    "COMPACT_PROMPT",
    "GENERIC",
    "NOTHING",
    "OPENAI",
    "STRATEGIES",
    "TEMPLATES",
    "Archive",
    "Budget",
    "CompactionResult",
    "Compactor",
    "CorrectionRule",
    "EstimateCounter",
    "JsonlArchive",
    "LLMClient",
    "LLMResponse",
    "ManagedWindow",
    "MessageOverheads",
    "PinPolicy",
    "PromptTemplate",
    "RegexCorrectionRule",
    "SpanCompactor",
    "Strategy",
    "TokenCounter",
    "Usage",
    "WindowEvent",
    "__version__",
    "available_counters",
    "get_counter",
    "read_archive",
    "render_prompt",
    "render_span",
    "template_problems",
    "tool_groups",
    "truncate_text",
]
