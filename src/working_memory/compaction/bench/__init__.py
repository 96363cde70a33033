"""The continuation benchmark: spans in the shapes real harnesses write, each with a question
set of the twelve kinds and reference answers written from the span alone, before any summary
of it was read, and a production-style summary where the format has one.

    from working_memory.compaction.bench import benchmark_spans
    from working_memory.compaction import grade_summary
    for span in benchmark_spans():
        print(span.name, grade_summary(my_summary(span.messages), span.questions).score)

Spans written by hand ship with the package; the project's fixture session (tests/fixtures,
Claude Code and Codex files with their own compaction records) joins when `fixtures` names
that folder. `held_out` spans were written after the offline handoff was last tuned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._questions import Question

__all__ = ["BenchSpan", "benchmark_spans"]


@dataclass(frozen=True)
class BenchSpan:
    name: str
    shape: str  # the harness whose log shape it has
    messages: Sequence[Mapping[str, Any]]
    questions: tuple[Question, ...]
    production: str | None  # the harness's own compaction of the span, where it has one
    held_out: bool = False


_CLAUDE_FIXTURE = "claude-code/7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl"
_CODEX_FIXTURE = "codex/rollout-2026-05-11T09-00-00-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl"


def benchmark_spans(fixtures: str | Path | None = None) -> list[BenchSpan]:
    """Every benchmark span: the hand-written ones, and the fixture spans when `fixtures` is the
    project's tests/fixtures folder."""
    from . import _chat_csv, _claude_ratelimit, _codex_toml, _swe_pagination

    spans = [
        BenchSpan(
            "claude-ratelimit",
            "claude-code",
            _claude_ratelimit.MESSAGES,
            _claude_ratelimit.QUESTIONS,
            _claude_ratelimit.PRODUCTION,
        ),
        BenchSpan(
            "codex-toml",
            "codex",
            _codex_toml.MESSAGES,
            _codex_toml.QUESTIONS,
            _codex_toml.PRODUCTION,
        ),
        BenchSpan("chat-csv", "openai-chat", _chat_csv.MESSAGES, _chat_csv.QUESTIONS, None),
        BenchSpan(
            "swe-pagination", "swe-agent", _swe_pagination.MESSAGES, _swe_pagination.QUESTIONS, None
        ),
    ]
    from . import _heldout_chat_softdelete as softdelete
    from . import _heldout_claude_deploy as deploy
    from . import _heldout_claude_webhook as webhook
    from . import _heldout_codex_clock as clock
    from . import _heldout_codex_metrics as metrics
    from . import _heldout_swe_duration as duration

    for name, shape, module in (
        ("heldout-claude-deploy", "claude-code", deploy),
        ("heldout-codex-clock", "codex", clock),
        ("heldout-claude-webhook", "claude-code", webhook),
        ("heldout-codex-metrics", "codex", metrics),
        ("heldout-chat-softdelete", "openai-chat", softdelete),
        ("heldout-swe-duration", "swe-agent", duration),
    ):
        spans.append(
            BenchSpan(name, shape, module.MESSAGES, module.QUESTIONS, module.PRODUCTION, True)
        )
    from . import _heldout2_chat_cache as cache
    from . import _heldout2_claude_leak as leak
    from . import _heldout2_codex_migration as migration

    for name, shape, module in (
        ("heldout2-codex-migration", "codex", migration),
        ("heldout2-chat-cache", "openai-chat", cache),
        ("heldout2-claude-leak", "claude-code", leak),
    ):
        spans.append(
            BenchSpan(name, shape, module.MESSAGES, module.QUESTIONS, module.PRODUCTION, True)
        )
    from . import _heldout3_chat_search as search
    from . import _heldout3_claude_thumbs as thumbs
    from . import _heldout3_codex_shutdown as shutdown

    for name, shape, module in (
        ("heldout3-claude-thumbs", "claude-code", thumbs),
        ("heldout3-codex-shutdown", "codex", shutdown),
        ("heldout3-chat-search", "openai-chat", search),
    ):
        spans.append(
            BenchSpan(name, shape, module.MESSAGES, module.QUESTIONS, module.PRODUCTION, True)
        )
    from . import _heldout4_claude_cicache as cicache
    from . import _heldout4_codex_sqlite as sqlite
    from . import _heldout4_swe_semver as semver

    for name, shape, module in (
        ("heldout4-swe-semver", "swe-agent", semver),
        ("heldout4-claude-cicache", "claude-code", cicache),
        ("heldout4-codex-sqlite", "codex", sqlite),
    ):
        spans.append(
            BenchSpan(name, shape, module.MESSAGES, module.QUESTIONS, module.PRODUCTION, True)
        )
    from . import _heldout5_chat_upload as upload
    from . import _heldout5_claude_oauth as oauth
    from . import _heldout5_codex_dst as dst

    for name, shape, module in (
        ("heldout5-claude-oauth", "claude-code", oauth),
        ("heldout5-codex-dst", "codex", dst),
        ("heldout5-chat-upload", "openai-chat", upload),
    ):
        spans.append(
            BenchSpan(name, shape, module.MESSAGES, module.QUESTIONS, module.PRODUCTION, True)
        )
    if fixtures is not None:
        from . import _fixture_rounding as rounding

        root = Path(fixtures)
        for name, shape, rel, review in (
            ("fixture-claude-rounding", "claude-code", _CLAUDE_FIXTURE, rounding.REVIEW_CLAUDE),
            ("fixture-codex-rounding", "codex", _CODEX_FIXTURE, rounding.REVIEW_CODEX),
        ):
            messages, production = rounding.load(root / rel)
            spans.append(BenchSpan(name, shape, messages, rounding.questions(review), production))
    return spans
