"""Compaction: summarising the oldest span of a window, and judging the summaries.

`Compactor` asks an LLM (any OpenAI-compatible endpoint or Anthropic, see `clients`);
`ExtractiveCompactor` builds a structured handoff offline, with no model. `judge_summary`
grades a summary with the best judge available (a question set, a model, else the metrics);
`summary_metrics`, `probe_summary` and the continuation probes measure what survived;
`compare` runs several summarisers on the same spans side by side, `compare_matrix` over
several spans as a matrix (rows spans, columns variants) with a pluggable cell metric.
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
from ._evaluate import SummaryScore, summary_metrics, to_pandas, user_instructions
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
from ._grader import GradedSummary, grade_summary, is_fragment
from ._judge import DEFAULT_JUDGE_PROMPTS, Judgement, JudgePrompts, judge_summary, judge_with_model
from ._matrix import (
    PRODUCTION_COLUMN,
    Cell,
    CellMetric,
    CellScore,
    FactMetric,
    JudgeMetric,
    Matrix,
    MatrixSpan,
    compare_matrix,
    shared_offline,
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
from ._questions import GRADES, QUESTION_KINDS, Question, QuestionResult
from ._replies import ReplyVerdict, is_nothing, read_reply
from ._span_state import SpanState, span_state
from ._summariser import make_summariser

__all__ = [
    "COLUMNS",
    "COMPACT_PROMPT",
    "CONTINUATION_PROBES",
    "DECISION_CUES",
    "DEFAULT_JUDGE_PROMPTS",
    "FACT_KINDS",
    "GRADES",
    "MAX_WORDS",
    "MIN_WORDS",
    "NOTHING",
    "PLACEHOLDERS",
    "PROBE_KINDS",
    "PRODUCTION_COLUMN",
    "QUESTION_KINDS",
    "SPAN_PREFIX",
    "TARGET_COMPRESSION",
    "TEMPLATES",
    "Cell",
    "CellMetric",
    "CellScore",
    "CompactionResult",
    "Compactor",
    "ContinuationExpectations",
    "ContinuationScore",
    "CostEstimate",
    "ExtractiveCompactor",
    "Fact",
    "FactMetric",
    "FoundFact",
    "GradedSummary",
    "JudgeMetric",
    "JudgePrompts",
    "Judgement",
    "Line",
    "Matrix",
    "MatrixSpan",
    "Probe",
    "ProbeResult",
    "ProbeScores",
    "PromptTemplate",
    "Question",
    "QuestionResult",
    "ReplyVerdict",
    "Segment",
    "SpanCompactor",
    "SpanState",
    "SummaryScore",
    "Variant",
    "VariantCost",
    "compare",
    "compare_matrix",
    "continuation_expectations",
    "continuation_score",
    "count_facts",
    "estimate_compare_cost",
    "extract_facts",
    "find_facts",
    "get_template",
    "grade_summary",
    "is_fragment",
    "is_nothing",
    "judge_summary",
    "judge_with_model",
    "make_probes",
    "make_summariser",
    "offline_prompt_warning",
    "probe_summary",
    "read_reply",
    "render_prompt",
    "render_span",
    "shared_offline",
    "span_lines",
    "span_state",
    "span_text",
    "summary_metrics",
    "summary_word_limit",
    "template_problems",
    "to_pandas",
    "user_instructions",
]
