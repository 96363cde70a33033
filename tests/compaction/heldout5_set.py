"""The fifth held-out set: its spans, the status words its answers use ("not written" among
them), a careless handoff of each, a reader's handoff of the chat span, and the Claude Code and
Codex summaries that answer. The checks every set passes are in `test_bench_heldout_sets.py`;
no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
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


HELDOUT5 = HeldoutSet(
    prefix="heldout5-",
    shapes={
        "heldout5-claude-oauth": "claude-code",
        "heldout5-codex-dst": "codex",
        "heldout5-chat-upload": "openai-chat",
    },
    status=STATUS | {"not pushed", "not verified", "not written"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout5-claude-oauth": Production(words=(250, 500)),
        "heldout5-codex-dst": Production(words=(100, 250), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout5-chat-upload": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
