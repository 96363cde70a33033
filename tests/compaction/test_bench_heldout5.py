"""The fifth held-out set of benchmark spans: their shape, that every answer the questions
require is in the span itself, that the harness's own summaries answer them, that the span's
traps grade as stale, and that summaries which do not follow the work (nothing, the first
request, the assistant's last words, the user's messages pasted) score low. No summariser runs
here: these spans test the handoff, they must not be fitted to it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from working_memory.compaction import grade_summary
from working_memory.compaction._questions import QUESTION_KINDS
from working_memory.compaction.bench import BenchSpan, benchmark_spans

# Words that judge the state of the work rather than quote it: a span shows that nothing ran
# after the last change, it does not say "untested".
_STATUS = frozenset(
    [
        "untested",
        "not tested",
        "not yet",
        "uncommitted",
        "not committed",
        "not run",
        "not pushed",
        "not verified",
        "not written",
    ]
)
HELDOUT5 = {s.name: s for s in benchmark_spans() if s.name.startswith("heldout5-")}

# What a careless handoff of each span says: the assistant's last stated plan as the next step,
# the deleted or reverted file as a change, the superseded design, the re-run as the fix. Each
# trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout5-claude-oauth": (
        "Decision: a background timer in src/auth/refreshTimer.ts refreshes every 45 minutes, "
        "started from src/cli.ts, so commands find a fresh token.\n"
        "Files: src/auth/session.ts edited; src/auth/refreshTimer.ts added for the refresh "
        "timer.\n"
        "Error: AxiosError: Nock: Disallowed net connect for auth.acme.dev:443/oauth/token, a "
        "leftover interceptor from the first test; fixed by nock.cleanAll() in an afterEach.\n"
        "Next step: check nothing else writes the credentials file directly."
    ),
    "heldout5-codex-dst": (
        "Decision: powerlog/dst.py with is_cest(ts_utc) implementing the EU rule; local_day() "
        "adds 2 h when it holds.\n"
        "Files changed: powerlog/dst.py added, powerlog/rollup.py.\n"
        "Error: ZoneInfoNotFoundError: No time zone found with key Europe/Berlin, from an old "
        "image; fixed by rebuilding the tests image without the cache.\n"
        "Next: key the hourly buckets by UTC hour in hourly.py."
    ),
    "heldout5-chat-upload": (
        "Decision: the API returns a presigned PUT URL from generate_presigned_url('put_object') "
        "valid for 300 s, and the browser PUTs the photo to S3.\n"
        "Files: api/routes/photos.py edited; scripts/try_presign.py added to try the upload; "
        "deploy/nginx/tripnotes.conf sets client_max_body_size 20m.\n"
        "Error: the CORS error on the preflight, the browser cached the failed preflight; fixed "
        "by re-running the Playwright test.\n"
        "Next step: re-read upload_url to check the content-length-range condition."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 375 words.
_READER_CHAT = """Task: photo uploads over about 1 MB failed in production with 413 Request Entity Too Large (nginx's default client_max_body_size of 1m; phone photos are 3-8 MB); uploads went through POST /api/notes/{note_id}/photos in api/routes/photos.py.
Latest request, Marco's review of the PR, fix all three: use a presigned POST with a content-length-range condition (max 20 MB) instead of the PUT URL; generate the key on the server as notes/{note_id}/{uuid4}.jpg; make complete() check the key starts with notes/{note_id}/ and that the object exists.
Decision: the browser uploads straight to S3 with a presigned POST (content-length-range up to 20 MB, a uuid4 key made by the server) and then calls complete(). This rules out raising nginx's client_max_body_size and streaming photos through the API pods (512 MB memory limit, a worker tied up per upload), and the presigned PUT URL (no size limit).
The user's correction: don't raise the nginx limit; upload straight to S3 with a presigned URL; nginx and photos.py were reverted with git checkout.
Files: api/routes/photos.py edited (upload-url returns a presigned POST, uuid4 key; complete() records the photo). web/src/api/uploadPhoto.ts created: the browser side, posts the form to S3, then calls complete. infra/s3.tf edited: an aws_s3_bucket_cors_configuration rule for the photos bucket, applied to staging. scripts/try_presign.py was created and is deleted.
Errors: the Playwright upload failed with a CORS error (No 'Access-Control-Allow-Origin' header on the preflight); a re-run gave the same; get-bucket-cors showed NoSuchCORSConfiguration; fixed by the CORS rule in infra/s3.tf, applied with terraform.
Review (Marco): a presigned PUT has no size limit (a 5 GB object); the client's filename as key lets two IMG_0001.JPG overwrite each other and ../ escape the prefix; complete() trusts the client's key.
Values: 20 MB limit; URL valid 300 s; 57 API tests pass; the 8 MB Playwright upload passed with the PUT.
State: the presigned POST and uuid4 key are written in photos.py and uploadPhoto.ts but untested; the CORS rule still allows only PUT; complete() does not check the key yet.
Next: add the check in complete() (key starts with notes/{note_id}/, head_object), allow POST in the CORS rule in infra/s3.tf and apply it to staging, then run pytest and the Playwright upload test.
Pending: the complete() check, POST in the CORS rule in s3.tf, and the Playwright test on the presigned POST."""


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[`*_\"“”‘’]", " ", text).lower().replace("'", " ").split())


def _flat(value: Any) -> str:
    if isinstance(value, Mapping):
        return " ".join(_flat(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(_flat(v) for v in value)
    return str(value)


def _span_text(span: BenchSpan) -> str:
    parts: list[str] = []
    for m in span.messages:
        parts.append(str(m.get("content") or ""))
        for call in m.get("tool_calls") or ():
            parts.append(_flat(json.loads(call["function"]["arguments"])))
    return _norm("\n".join(parts))


def _users(span: BenchSpan) -> list[str]:
    return [str(m["content"]) for m in span.messages if m["role"] == "user"]


def _last_words(span: BenchSpan) -> str:
    return next(
        str(m["content"])
        for m in reversed(span.messages)
        if m["role"] == "assistant" and m["content"]
    )


def test_the_set_is_registered() -> None:
    assert {(s.name, s.shape) for s in HELDOUT5.values()} == {
        ("heldout5-claude-oauth", "claude-code"),
        ("heldout5-codex-dst", "codex"),
        ("heldout5-chat-upload", "openai-chat"),
    }


@pytest.mark.parametrize("span", HELDOUT5.values(), ids=lambda s: s.name)
def test_shape(span: BenchSpan) -> None:
    assert span.held_out
    assert 25 <= len(span.messages) <= 60
    assert tuple(q.kind for q in span.questions) == QUESTION_KINDS
    assert span.messages[0]["role"] == "system"
    assert span.messages[-1]["role"] in ("assistant", "tool")
    for q in span.questions:
        assert q.answer and q.partial_means and q.wrong, (span.name, q.kind)


@pytest.mark.parametrize("span", HELDOUT5.values(), ids=lambda s: s.name)
def test_required_answers_are_in_the_span(span: BenchSpan) -> None:
    text = _span_text(span)
    for q in span.questions:
        for group in q.must:
            in_span = any(_norm(p) in text for p in group)
            assert in_span or set(group) <= _STATUS, (q.kind, group)
        for phrase in q.stale:
            if not phrase.startswith("fixed by"):
                assert _norm(phrase) in text, (q.kind, phrase)


def test_the_production_summaries_answer() -> None:
    # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
    claude = HELDOUT5["heldout5-claude-oauth"]
    assert claude.production and 250 <= len(claude.production.split()) <= 500
    graded = grade_summary(claude.production, claude.questions)
    assert graded.score >= 11, str(graded)
    codex = HELDOUT5["heldout5-codex-dst"]
    assert codex.production and codex.production.startswith("Summary so far: ")
    assert 100 <= len(codex.production.split()) <= 250
    graded = grade_summary(codex.production, codex.questions)
    assert graded.score >= 11, str(graded)
    assert HELDOUT5["heldout5-chat-upload"].production is None


def test_a_readers_handoff_of_the_chat_span_answers() -> None:
    span = HELDOUT5["heldout5-chat-upload"]
    graded = grade_summary(_READER_CHAT, span.questions)
    assert graded.score >= 11, str(graded)


@pytest.mark.parametrize("span", HELDOUT5.values(), ids=lambda s: s.name)
def test_hard_in_the_ways_the_issue_names(span: BenchSpan) -> None:
    """The assistant's last words name a step already done or impossible (a stale next step),
    a file the span created and deleted (or reverted) is a stale answer to the files question,
    and the careless handoff's traps grade as stale."""
    q = {q.kind: q for q in span.questions}
    last = _last_words(span)
    assert any(_norm(p) in _norm(last) for p in q["next_step"].stale), last
    assert all(q[k].stale and q[k].stale_means for k in ("next_step", "files_edited", "errors"))
    graded = grade_summary(_STALE[span.name], span.questions).by_kind()
    for kind in ("next_step", "files_edited", "decisions", "errors"):
        assert graded[kind].grade == "stale", (kind, graded[kind])
    # the assistant's last words, taken as the handoff, give a stale or incomplete next step
    assert grade_summary(last, span.questions).by_kind()["next_step"].grade != "correct"


@pytest.mark.parametrize("span", HELDOUT5.values(), ids=lambda s: s.name)
def test_a_summary_that_does_not_follow_the_work_scores_low(span: BenchSpan) -> None:
    assert grade_summary("", span.questions).score == 0
    assert grade_summary(_users(span)[0], span.questions).score <= 2.5
    assert grade_summary(_last_words(span), span.questions).score <= 3
    # the user's messages carry the corrections and the requests, not what was done about them
    assert grade_summary("\n".join(_users(span)), span.questions).score <= 8
