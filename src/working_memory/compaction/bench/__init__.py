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

import importlib
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


# The held-out sets, in the order they were written (each by another author, scored blind once).
_HELD_OUT = (
    ("heldout-claude-deploy", "claude-code", "_heldout_claude_deploy"),
    ("heldout-codex-clock", "codex", "_heldout_codex_clock"),
    ("heldout-claude-webhook", "claude-code", "_heldout_claude_webhook"),
    ("heldout-codex-metrics", "codex", "_heldout_codex_metrics"),
    ("heldout-chat-softdelete", "openai-chat", "_heldout_chat_softdelete"),
    ("heldout-swe-duration", "swe-agent", "_heldout_swe_duration"),
    ("heldout2-codex-migration", "codex", "_heldout2_codex_migration"),
    ("heldout2-chat-cache", "openai-chat", "_heldout2_chat_cache"),
    ("heldout2-claude-leak", "claude-code", "_heldout2_claude_leak"),
    ("heldout3-claude-thumbs", "claude-code", "_heldout3_claude_thumbs"),
    ("heldout3-codex-shutdown", "codex", "_heldout3_codex_shutdown"),
    ("heldout3-chat-search", "openai-chat", "_heldout3_chat_search"),
    ("heldout4-swe-semver", "swe-agent", "_heldout4_swe_semver"),
    ("heldout4-claude-cicache", "claude-code", "_heldout4_claude_cicache"),
    ("heldout4-codex-sqlite", "codex", "_heldout4_codex_sqlite"),
    ("heldout5-claude-oauth", "claude-code", "_heldout5_claude_oauth"),
    ("heldout5-codex-dst", "codex", "_heldout5_codex_dst"),
    ("heldout5-chat-upload", "openai-chat", "_heldout5_chat_upload"),
    ("heldout6-claude-flags", "claude-code", "_heldout6_claude_flags"),
    ("heldout6-codex-digest", "codex", "_heldout6_codex_digest"),
    ("heldout6-chat-invoice", "openai-chat", "_heldout6_chat_invoice"),
    ("heldout7-claude-usernames", "claude-code", "_heldout7_claude_usernames"),
    ("heldout7-codex-charges", "codex", "_heldout7_codex_charges"),
    ("heldout7-swe-widths", "swe-agent", "_heldout7_swe_widths"),
    ("heldout8-claude-cron", "claude-code", "_heldout8_claude_cron"),
    ("heldout8-codex-unpack", "codex", "_heldout8_codex_unpack"),
    ("heldout8-chat-reset", "openai-chat", "_heldout8_chat_reset"),
    ("heldout9-claude-plurals", "claude-code", "_heldout9_claude_plurals"),
    ("heldout9-codex-logrotate", "codex", "_heldout9_codex_logrotate"),
    ("heldout9-swe-merge", "swe-agent", "_heldout9_swe_merge"),
    ("heldout10-codex-pgbouncer", "codex", "_heldout10_codex_pgbouncer"),
    ("heldout10-claude-csp", "claude-code", "_heldout10_claude_csp"),
    ("heldout10-chat-slugs", "openai-chat", "_heldout10_chat_slugs"),
    ("heldout11-codex-rdsdrift", "codex", "_heldout11_codex_rdsdrift"),
    ("heldout11-claude-backfill", "claude-code", "_heldout11_claude_backfill"),
    ("heldout11-swe-wheelversion", "swe-agent", "_heldout11_swe_wheelversion"),
    ("heldout12-codex-dataloader", "codex", "_heldout12_codex_dataloader"),
    ("heldout12-claude-borrow", "claude-code", "_heldout12_claude_borrow"),
    ("heldout12-chat-dtypes", "openai-chat", "_heldout12_chat_dtypes"),
    ("heldout13-codex-csvstream", "codex", "_heldout13_codex_csvstream"),
    ("heldout13-claude-roommigration", "claude-code", "_heldout13_claude_roommigration"),
    ("heldout13-swe-appendf", "swe-agent", "_heldout13_swe_appendf"),
    ("heldout14-codex-txpropagation", "codex", "_heldout14_codex_txpropagation"),
    ("heldout14-claude-uploadactor", "claude-code", "_heldout14_claude_uploadactor"),
    ("heldout14-chat-reminders", "openai-chat", "_heldout14_chat_reminders"),
    ("heldout15-claude-bigids", "claude-code", "_heldout15_claude_bigids"),
    ("heldout15-claude-overbooking", "claude-code", "_heldout15_claude_overbooking"),
    ("heldout15-swe-retrybody", "swe-agent", "_heldout15_swe_retrybody"),
    ("heldout15-codex-bundlesize", "codex", "_heldout15_codex_bundlesize"),
    ("heldout16-claude-smoothdrive", "claude-code", "_heldout16_claude_smoothdrive"),
    ("heldout16-chat-aftercommit", "openai-chat", "_heldout16_chat_aftercommit"),
    ("heldout16-claude-sessiondupes", "claude-code", "_heldout16_claude_sessiondupes"),
    ("heldout16-codex-staticinit", "codex", "_heldout16_codex_staticinit"),
    ("heldout17-chat-strictargs", "openai-chat", "_heldout17_chat_strictargs"),
    ("heldout17-claude-fmtsave", "claude-code", "_heldout17_claude_fmtsave"),
    ("heldout17-codex-ssebursts", "codex", "_heldout17_codex_ssebursts"),
    ("heldout18-claude-fxstampede", "claude-code", "_heldout18_claude_fxstampede"),
    ("heldout18-codex-brokenpipe", "codex", "_heldout18_codex_brokenpipe"),
    ("heldout18-swe-quotedhash", "swe-agent", "_heldout18_swe_quotedhash"),
    ("heldout18-chat-portexhaust", "openai-chat", "_heldout18_chat_portexhaust"),
    ("heldout19-claude-clearedruns", "claude-code", "_heldout19_claude_clearedruns"),
    ("heldout19-codex-monotonicuuid", "codex", "_heldout19_codex_monotonicuuid"),
    ("heldout19-swe-utf8chunks", "swe-agent", "_heldout19_swe_utf8chunks"),
    ("heldout19-chat-tenantswap", "openai-chat", "_heldout19_chat_tenantswap"),
    ("heldout20-claude-retryafter", "claude-code", "_heldout20_claude_retryafter"),
    ("heldout20-codex-slowconsumer", "codex", "_heldout20_codex_slowconsumer"),
    ("heldout20-swe-cookiedates", "swe-agent", "_heldout20_swe_cookiedates"),
    ("heldout20-chat-rawbody", "openai-chat", "_heldout20_chat_rawbody"),
    ("heldout21-claude-countdown", "claude-code", "_heldout21_claude_countdown"),
    ("heldout21-codex-dupescan", "codex", "_heldout21_codex_dupescan"),
    ("heldout21-swe-tempdelta", "swe-agent", "_heldout21_swe_tempdelta"),
    ("heldout21-chat-listingrows", "openai-chat", "_heldout21_chat_listingrows"),
    ("heldout22-claude-offsetcommit", "claude-code", "_heldout22_claude_offsetcommit"),
    ("heldout22-codex-spaceleak", "codex", "_heldout22_codex_spaceleak"),
    ("heldout22-swe-dupeanchors", "swe-agent", "_heldout22_swe_dupeanchors"),
    ("heldout22-chat-doublesubmit", "openai-chat", "_heldout22_chat_doublesubmit"),
    ("heldout23-claude-poolleak", "claude-code", "_heldout23_claude_poolleak"),
    ("heldout23-codex-closedem", "codex", "_heldout23_codex_closedem"),
    ("heldout23-swe-negativeargs", "swe-agent", "_heldout23_swe_negativeargs"),
    ("heldout23-chat-staleprice", "openai-chat", "_heldout23_chat_staleprice"),
    ("heldout24-claude-presence", "claude-code", "_heldout24_claude_presence"),
    ("heldout24-codex-overlap", "codex", "_heldout24_codex_overlap"),
    ("heldout24-swe-jittercap", "swe-agent", "_heldout24_swe_jittercap"),
    ("heldout24-chat-ratelimit", "openai-chat", "_heldout24_chat_ratelimit"),
    ("heldout25-claude-ssrfcheck", "claude-code", "_heldout25_claude_ssrfcheck"),
    ("heldout25-codex-fsyncloss", "codex", "_heldout25_codex_fsyncloss"),
    ("heldout25-swe-bomheader", "swe-agent", "_heldout25_swe_bomheader"),
    ("heldout25-chat-tzbilling", "openai-chat", "_heldout25_chat_tzbilling"),
    ("heldout26-claude-draftloss", "claude-code", "_heldout26_claude_draftloss"),
    ("heldout26-codex-poolstarve", "codex", "_heldout26_codex_poolstarve"),
    ("heldout26-swe-urljoin", "swe-agent", "_heldout26_swe_urljoin"),
    ("heldout26-chat-ctxleak", "openai-chat", "_heldout26_chat_ctxleak"),
)
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
    for name, shape, module_name in _HELD_OUT:
        module = importlib.import_module(f".{module_name}", __name__)
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
