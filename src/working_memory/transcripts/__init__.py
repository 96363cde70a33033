"""Load the agent logs people actually have as OpenAI chat messages plus what the log knows.

`load_transcript(path)` detects the format from the content (`load_transcripts(folder)` and
`iter_transcripts(folder)` read whole folders, skipping what is not a transcript): OpenAI chat lists / JSONL /
mini-swe-agent trajectories, Anthropic Messages lists, Claude Code sessions (with sidechains,
subagent files and compactions), Codex CLI rollouts, SWE-agent `.traj` and OpenHands event
streams. See docs/transcripts.md for the quirks handled and the warnings policy.
"""

from __future__ import annotations

from ._builder import SYNTHETIC_RESULT
from ._corpus import (
    CORPUS_SUFFIXES,
    MARKDOWN_NOT_SUPPORTED,
    CorpusWarning,
    Skipped,
    TranscriptIterator,
    TranscriptList,
    corpus_files,
    iter_transcripts,
    load_transcripts,
)
from ._detect import FORMATS
from ._errors import TranscriptError
from ._io import MAX_JSON_BYTES, sniff_container
from ._load import load_transcript
from ._model import CallRecord, RealCompaction, Transcript
from ._synthetic import SIM_TOOLS, synthetic_session

__all__ = [
    "CORPUS_SUFFIXES",
    "FORMATS",
    "MARKDOWN_NOT_SUPPORTED",
    "MAX_JSON_BYTES",
    "SIM_TOOLS",
    "SYNTHETIC_RESULT",
    "CallRecord",
    "CorpusWarning",
    "RealCompaction",
    "Skipped",
    "Transcript",
    "TranscriptError",
    "TranscriptIterator",
    "TranscriptList",
    "corpus_files",
    "iter_transcripts",
    "load_transcript",
    "load_transcripts",
    "sniff_container",
    "synthetic_session",
]
