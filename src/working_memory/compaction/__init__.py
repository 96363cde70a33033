"""Compaction: summarising the oldest span of a window, and judging the summaries.

`Compactor` asks an LLM (any OpenAI-compatible endpoint or Anthropic, see `clients`);
`ExtractiveCompactor` builds a structured handoff offline, with no model. `judge_summary`,
`probe_summary` and the continuation probes score whether an agent could go on from a
summary; `compare` runs several summarisers on the same spans side by side.
"""

from __future__ import annotations

from ..protocols import CompactionResult, SpanCompactor
from ._compactor import NOTHING, Compactor, render_span
from ._compare import (
    COLUMNS,
    CostEstimate,
    Variant,
    VariantCost,
    compare,
    estimate_compare_cost,
    offline_prompt_warning,
)
from ._continuation import (
    CONTINUATION_PROBES,
    ContinuationExpectations,
    ContinuationScore,
    continuation_expectations,
    continuation_score,
)
from ._evaluate import SummaryScore, judge_summary, to_pandas, user_instructions
from ._extractive import DECISION_CUES, ExtractiveCompactor, Line, span_lines
from ._facts import (
    FACT_KINDS,
    Fact,
    FoundFact,
    Segment,
    count_facts,
    extract_facts,
    find_facts,
    span_text,
)
from ._probes import (
    PROBE_KINDS,
    Probe,
    ProbeResult,
    ProbeScores,
    make_probes,
    probe_summary,
)
from ._prompts import (
    COMPACT_PROMPT,
    MAX_WORDS,
    MIN_WORDS,
    PLACEHOLDERS,
    SPAN_PREFIX,
    TARGET_COMPRESSION,
    TEMPLATES,
    PromptTemplate,
    get_template,
    render_prompt,
    summary_word_limit,
    template_problems,
)
from ._replies import ReplyVerdict, is_nothing, read_reply
from ._span_state import SpanState, span_state
from ._summariser import make_summariser

__all__ = [
    "COLUMNS",
    "COMPACT_PROMPT",
    "CONTINUATION_PROBES",
    "DECISION_CUES",
    "FACT_KINDS",
    "MAX_WORDS",
    "MIN_WORDS",
    "NOTHING",
    "PLACEHOLDERS",
    "PROBE_KINDS",
    "SPAN_PREFIX",
    "TARGET_COMPRESSION",
    "TEMPLATES",
    "CompactionResult",
    "Compactor",
    "ContinuationExpectations",
    "ContinuationScore",
    "CostEstimate",
    "ExtractiveCompactor",
    "Fact",
    "FoundFact",
    "Line",
    "Probe",
    "ProbeResult",
    "ProbeScores",
    "PromptTemplate",
    "ReplyVerdict",
    "Segment",
    "SpanCompactor",
    "SpanState",
    "SummaryScore",
    "Variant",
    "VariantCost",
    "compare",
    "continuation_expectations",
    "continuation_score",
    "count_facts",
    "estimate_compare_cost",
    "extract_facts",
    "find_facts",
    "get_template",
    "is_nothing",
    "judge_summary",
    "make_probes",
    "make_summariser",
    "offline_prompt_warning",
    "probe_summary",
    "read_reply",
    "render_prompt",
    "render_span",
    "span_lines",
    "span_state",
    "span_text",
    "summary_word_limit",
    "template_problems",
    "to_pandas",
    "user_instructions",
]
