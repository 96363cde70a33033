"""Names and modules that moved in 0.2 (see CHANGELOG.md), importable from their old places
for one release with a DeprecationWarning that says where they live now."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any

__all__ = ["MOVED_MODULES", "MOVED_NAMES", "install", "moved_name"]

# Old module -> where its contents live now. `working_memory.replay` is not here: that name is
# the `replay()` function, and an alias module would hide it (the package is `replays`).
MOVED_MODULES = {
    "working_memory.policy": "working_memory.pins",
    "working_memory.llm": "working_memory.protocols",
    "working_memory.calibrated": "working_memory.tokens._approx",
    "working_memory.exact": "working_memory.tokens._exact",
    "working_memory.overheads": "working_memory.tokens._overheads",
    "working_memory.model_windows": "working_memory.tokens._model_windows",
    "working_memory.usage_check": "working_memory.tokens._usage_check",
    "working_memory.calibration": "working_memory.tokens._calibration",
    "working_memory.simulate": "working_memory.transcripts._synthetic",
    "working_memory.compactor": "working_memory.compaction._compactor",
    "working_memory.extractive": "working_memory.compaction._extractive",
    "working_memory.facts": "working_memory.compaction._facts",
    "working_memory.prompts": "working_memory.compaction._prompts",
    "working_memory.evaluate": "working_memory.compaction._evaluate",
    "working_memory.compare": "working_memory.compaction._compare",
    "working_memory.continuation": "working_memory.compaction._continuation",
    "working_memory.span_state": "working_memory.compaction._span_state",
    "working_memory.plots": "working_memory.replays._plots",
    "working_memory.report": "working_memory.replays._report",
    "working_memory.workbench.pins": "working_memory.workbench.pin_editor",
}

# Names the top level exported before 0.2 -> the package that exports them now.
_BY_HOME = {
    "working_memory.archive": "Archive ArchiveWarning scan_archive",
    "working_memory.tokens": "ApproxCounter CalibratedCounter Calibration Gap HeldOut held_out"
    " CounterUnavailableError HFTokenizerCounter TiktokenCounter CONTEXT_WINDOWS"
    " set_context_window ANTHROPIC GENERIC OPENAI MessageOverheads EstimateCounter ScaledCounter"
    " TokenCounter available_counters get_counter CallCheck CountCheck",
    "working_memory.clients": "AnthropicClient ClientConfig ClientNotConfigured LLMCallError"
    " OpenAIClient client_from_env estimate_cost",
    "working_memory.compaction": "NOTHING render_span CostEstimate Variant compare"
    " estimate_compare_cost ProbeScores SummaryScore probe_summary Fact extract_facts"
    " COMPACT_PROMPT TEMPLATES PromptTemplate render_prompt template_problems",
    "working_memory.protocols": "CompactionResult SpanCompactor LLMClient LLMResponse Usage",
    "working_memory.examples": "EXAMPLES",
    "working_memory.pins": "CorrectionRule RegexCorrectionRule",
    "working_memory.messages": "tool_groups",
    "working_memory.replays": "PRESETS Replay ReplayCancelled ReplayStats write_report",
    "working_memory.transcripts": "synthetic_session CallRecord RealCompaction Transcript"
    " TranscriptError",
    "working_memory.window": "STRATEGIES Strategy truncate_text",
}
MOVED_NAMES = {name: home for home, names in _BY_HOME.items() for name in names.split()}


def moved_name(name: str) -> Any:
    """The object an old top-level name stands for, with a warning naming its new home."""
    home = MOVED_NAMES.get(name)
    if home is None:
        raise AttributeError(f"module 'working_memory' has no attribute {name!r}")
    warnings.warn(
        f"working_memory.{name} moved: import it from {home} (the old name goes in 0.3)",
        DeprecationWarning,
        stacklevel=3,
    )
    value = getattr(importlib.import_module(home), name)
    # Said once: `from working_memory import X` looks the name up twice.
    vars(sys.modules["working_memory"])[name] = value
    return value


class _OldModules:  # a meta path finder and loader (importlib.abc costs 14 ms to import)
    """Finds an old module path and hands back the module that holds its contents now."""

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == "working_memory.replay":
            raise ModuleNotFoundError(
                "working_memory.replay is the replay() function since 0.2; the module's "
                "contents are in the package working_memory.replays",
                name=fullname,
            )
        if fullname not in MOVED_MODULES:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED_MODULES[spec.name]
        home = new.split("._")[0]  # the package's public face, not its private module
        warnings.warn(
            f"{spec.name} moved: import from {home} (the old path goes in 0.3)",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(new)

    def load_module(self, fullname: str) -> ModuleType:
        """The loader API before exec_module (unused by the import system today)."""
        return importlib.import_module(MOVED_MODULES[fullname])

    def exec_module(self, module: ModuleType) -> None:
        """The module is already loaded under its new name."""


def install() -> None:
    if not any(isinstance(finder, _OldModules) for finder in sys.meta_path):
        sys.meta_path.append(_OldModules())
