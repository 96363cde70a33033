"""working-memory: an LLM agent's short-term memory as a designed budget."""

from __future__ import annotations

from .archive import Archive, ArchiveWarning, JsonlArchive, read_archive, scan_archive
from .budget import Budget
from .calibrated import ApproxCounter, CalibratedCounter
from .calibration import Calibration, Gap, HeldOut, calibrate, held_out
from .clients import (
    AnthropicClient,
    ClientConfig,
    ClientNotConfigured,
    LLMCallError,
    OpenAIClient,
    client_from_env,
    estimate_cost,
)
from .compactor import NOTHING, CompactionResult, Compactor, SpanCompactor, render_span
from .compare import CostEstimate, Variant, compare, estimate_compare_cost
from .evaluate import ProbeScores, SummaryScore, judge_summary, probe_summary
from .events import WindowEvent
from .exact import CounterUnavailableError, HFTokenizerCounter, TiktokenCounter
from .examples import EXAMPLES, example_path
from .extractive import ExtractiveCompactor
from .facts import Fact, extract_facts
from .llm import LLMClient, LLMResponse, Usage
from .model_windows import CONTEXT_WINDOWS, context_window, set_context_window
from .overheads import ANTHROPIC, GENERIC, OPENAI, MessageOverheads
from .policy import CorrectionRule, PinPolicy, RegexCorrectionRule, tool_groups
from .prompts import COMPACT_PROMPT, TEMPLATES, PromptTemplate, render_prompt, template_problems
from .replay import (
    PRESETS,
    Policy,
    Replay,
    ReplayCancelled,
    ReplayStats,
    compare_policies,
    replay,
)
from .report import write_report
from .simulate import synthetic_session
from .tokens import EstimateCounter, ScaledCounter, TokenCounter, available_counters, get_counter
from .transcripts import (
    CallRecord,
    RealCompaction,
    Transcript,
    TranscriptError,
    load_transcript,
    load_transcripts,
)
from .usage_check import CallCheck, CountCheck, check_counts
from .window import STRATEGIES, ManagedWindow, Strategy, truncate_text

__version__ = "0.1.0"

__all__ = [
    "ANTHROPIC",
    "COMPACT_PROMPT",
    "CONTEXT_WINDOWS",
    "EXAMPLES",
    "GENERIC",
    "NOTHING",
    "OPENAI",
    "PRESETS",
    "STRATEGIES",
    "TEMPLATES",
    "AnthropicClient",
    "ApproxCounter",
    "Archive",
    "ArchiveWarning",
    "Budget",
    "CalibratedCounter",
    "Calibration",
    "CallCheck",
    "CallRecord",
    "ClientConfig",
    "ClientNotConfigured",
    "CompactionResult",
    "Compactor",
    "CorrectionRule",
    "CostEstimate",
    "CountCheck",
    "CounterUnavailableError",
    "EstimateCounter",
    "ExtractiveCompactor",
    "Fact",
    "Gap",
    "HFTokenizerCounter",
    "HeldOut",
    "JsonlArchive",
    "LLMCallError",
    "LLMClient",
    "LLMResponse",
    "ManagedWindow",
    "MessageOverheads",
    "OpenAIClient",
    "PinPolicy",
    "Policy",
    "ProbeScores",
    "PromptTemplate",
    "RealCompaction",
    "RegexCorrectionRule",
    "Replay",
    "ReplayCancelled",
    "ReplayStats",
    "ScaledCounter",
    "SpanCompactor",
    "Strategy",
    "SummaryScore",
    "TiktokenCounter",
    "TokenCounter",
    "Transcript",
    "TranscriptError",
    "Usage",
    "Variant",
    "WindowEvent",
    "__version__",
    "available_counters",
    "calibrate",
    "check_counts",
    "client_from_env",
    "compare",
    "compare_policies",
    "context_window",
    "estimate_compare_cost",
    "estimate_cost",
    "example_path",
    "extract_facts",
    "get_counter",
    "held_out",
    "judge_summary",
    "load_transcript",
    "load_transcripts",
    "probe_summary",
    "read_archive",
    "render_prompt",
    "render_span",
    "replay",
    "scan_archive",
    "set_context_window",
    "synthetic_session",
    "template_problems",
    "tool_groups",
    "truncate_text",
    "write_report",
]
