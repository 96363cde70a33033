"""working-memory: an LLM agent's short-term memory as a designed budget."""

from __future__ import annotations

from .compactor import NOTHING, CompactionResult, Compactor, SpanCompactor, render_span
from .llm import LLMClient, LLMResponse, Usage
from .prompts import COMPACT_PROMPT, TEMPLATES, PromptTemplate, render_prompt, template_problems
from .tokens import EstimateCounter, TokenCounter, available_counters, get_counter

__version__ = "0.1.0"

__all__ = [
    "COMPACT_PROMPT",
    "NOTHING",
    "TEMPLATES",
    "CompactionResult",
    "Compactor",
    "EstimateCounter",
    "LLMClient",
    "LLMResponse",
    "PromptTemplate",
    "SpanCompactor",
    "TokenCounter",
    "Usage",
    "__version__",
    "available_counters",
    "get_counter",
    "render_prompt",
    "render_span",
    "template_problems",
]
