"""Claude Code: rate limiting for an HTTP client; a design the user rejects, a design note
written then deleted, a sandbox error fixed by a settings change, a review by a subagent, and
a function written last, untested and uncommitted."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/dev/acme-sdk")
s.user(
    "The SDK keeps getting 429s from the API when batch jobs run. Add rate limiting to the "
    "HTTP client so we back off properly. Keep the public API of AcmeClient unchanged."
)
s.call(
    "TodoWrite",
    "Todos have been modified successfully.",
    "I'll plan this out.",
    todos=[
        {"content": "Read the HTTP client and middleware", "status": "in_progress"},
        {"content": "Design the rate limiter", "status": "pending"},
        {"content": "Implement and test", "status": "pending"},
    ],
)
s.call(
    "Read",
    "     1→import httpx\n     2→from .middleware import Pipeline\n     3→\n"
    "     4→class AcmeClient:\n     5→    def __init__(self, api_key, *, base_url=BASE_URL, timeout=30.0):\n"
    "     6→        self._http = httpx.Client(base_url=base_url, timeout=timeout)\n"
    "     7→        self._pipeline = Pipeline.default()\n"
    "    12→    def request(self, method, path, **kw):\n"
    "    13→        response = self._pipeline.send(self._http, method, path, **kw)\n"
    "    14→        response.raise_for_status()\n    15→        return response.json()\n",
    file_path="/home/dev/acme-sdk/src/acme/client.py",
)
s.call(
    "Read",
    '     1→class Pipeline:\n     2→    """Shared by AcmeClient and the webhook receiver."""\n'
    "     3→    @classmethod\n     4→    def default(cls):\n"
    "     5→        return cls([LoggingStep(), AuthStep()])\n",
    file_path="/home/dev/acme-sdk/src/acme/middleware.py",
)
s.say(
    "Design: a token bucket as a new middleware step, RateLimitStep, added to "
    "Pipeline.default(), 10 requests per second with a burst of 20. I'll write the design down "
    "first."
)
s.call(
    "Write",
    "File created successfully at: /home/dev/acme-sdk/docs/design-rate-limit.md",
    file_path="/home/dev/acme-sdk/docs/design-rate-limit.md",
    content="# Rate limiting\n\nA RateLimitStep token bucket in the middleware Pipeline, "
    "10 rps, burst 20.\n",
)
s.user(
    "No, not in the middleware: Pipeline is shared with the webhook receiver and webhooks must "
    "never be throttled. Put it in AcmeClient itself, and honour the server's Retry-After "
    "instead of a fixed rate. And don't add design docs to the repo, we keep those in Notion."
)
s.call(
    "Bash",
    "",
    "Understood: the limiter goes in AcmeClient, driven by Retry-After, and no design doc.",
    command="git rm -f docs/design-rate-limit.md",
    description="Delete the design note",
)
s.call(
    "TodoWrite",
    "Todos have been modified successfully.",
    todos=[
        {"content": "Read the HTTP client and middleware", "status": "completed"},
        {
            "content": "Retry on 429 in AcmeClient.request honouring Retry-After",
            "status": "in_progress",
        },
        {"content": "Write parse_retry_after in src/acme/retry.py", "status": "pending"},
        {"content": "Tests for the retry loop and parse_retry_after", "status": "pending"},
    ],
)
s.call(
    "Edit",
    "The file /home/dev/acme-sdk/src/acme/client.py has been updated.",
    "Final design: AcmeClient.request retries a 429 up to max_retries=5 times, sleeping what "
    "Retry-After says (capped at 60 s), with exponential backoff from 0.5 s when the header is "
    "absent.",
    file_path="/home/dev/acme-sdk/src/acme/client.py",
    old_string="        response = self._pipeline.send(self._http, method, path, **kw)\n",
    new_string="        for attempt in range(MAX_RETRIES + 1):\n"
    "            response = self._pipeline.send(self._http, method, path, **kw)\n"
    "            if response.status_code != 429 or attempt == MAX_RETRIES:\n                break\n"
    "            time.sleep(retry_delay(response, attempt))\n",
)
s.call(
    "Bash",
    "ERROR tests/test_client.py - PermissionError: [Errno 13] Permission denied: "
    "'/home/dev/.cache/acme/fixtures.sqlite'\n1 error in 0.41s",
    command="uv run pytest tests/test_client.py -q",
    description="Run the client tests",
)
s.call(
    "Bash",
    "ERROR tests/test_client.py - PermissionError: [Errno 13] Permission denied: "
    "'/home/dev/.cache/acme/fixtures.sqlite'\n1 error in 0.39s",
    command="uv run pytest tests/test_client.py -q -p no:cacheprovider",
    description="Run again without the cache plugin",
)
s.say(
    "The sandbox blocks writes outside the workspace, and the fixture cache lives in ~/.cache. "
    "Pointing the cache into the workspace via ACME_CACHE_DIR in pyproject's pytest env fixes "
    "it."
)
s.call(
    "Edit",
    "The file /home/dev/acme-sdk/pyproject.toml has been updated.",
    file_path="/home/dev/acme-sdk/pyproject.toml",
    old_string="[tool.pytest.ini_options]\n",
    new_string='[tool.pytest.ini_options]\nenv = ["ACME_CACHE_DIR=.pytest-cache/acme"]\n',
)
s.call(
    "Bash",
    "........................\n24 passed in 1.87s",
    command="uv run pytest tests/test_client.py -q",
    description="Run the client tests",
)
s.call(
    "Task",
    "Review of src/acme/client.py: the retry loop is sound, but Retry-After can be an HTTP-date "
    "('Wed, 21 Oct 2026 07:28:00 GMT') as well as seconds; int(header) would raise ValueError "
    "on a date. Also the loop sleeps even when max_retries is reached (fixed by the break).",
    "Asking a reviewer subagent to check the retry loop.",
    description="Review retry loop",
    prompt="Review the 429 retry loop in src/acme/client.py for correctness.",
    subagent_type="code-reviewer",
)
s.say(
    "The reviewer found that Retry-After may be an HTTP-date, which int() would crash on. I'll "
    "write parse_retry_after() in a new module src/acme/retry.py that accepts both forms."
)
s.call(
    "Write",
    "File created successfully at: /home/dev/acme-sdk/src/acme/retry.py",
    file_path="/home/dev/acme-sdk/src/acme/retry.py",
    content="from email.utils import parsedate_to_datetime\n\n"
    'def parse_retry_after(value, now):\n    """Seconds to wait: an int of seconds or an '
    'HTTP-date; None when unparseable."""\n    ...\n',
)
s.say("Let me check the existing tests for the client first:")
s.call(
    "Read",
    "     1→import httpx\n     2→from acme import AcmeClient\n     3→\n"
    "     4→def test_request_returns_json(mock_api):\n",
    file_path="/home/dev/acme-sdk/tests/test_client.py",
)

MESSAGES = s.messages

# Written from the span above, before any summary of it was read.
QUESTIONS = (
    Question(
        "task",
        "What is the task?",
        "Add rate limiting to the SDK's HTTP client (AcmeClient) so batch jobs back off on 429s, "
        "keeping AcmeClient's public API unchanged.",
        must=(("429", "rate limit", "back off", "backoff", "retry"), ("acmeclient", "client")),
        partial_means="says rate limiting without where or why",
        wrong="describes the webhook receiver or a middleware rate limiter as the task",
    ),
    Question(
        "latest_request",
        "What did the user last ask?",
        "Put the limiter in AcmeClient, not the shared middleware; honour Retry-After instead of "
        "a fixed rate; no design docs in the repo (they live in Notion).",
        must=(("retry-after", "retry after"), ("middleware", "pipeline", "acmeclient")),
        stale=("10 rps", "token bucket"),
        wrong="quotes the first request only",
    ),
    Question(
        "next_step",
        "What exactly is the next step?",
        "Finish parse_retry_after in src/acme/retry.py (seconds or HTTP-date), use it in the "
        "retry loop, and write tests for it (the test file was just read).",
        must=(("parse_retry_after",), ("test", "finish", "implement", "http-date", "wire", "use")),
        stale=("check the existing tests", "retry on 429 in acmeclient"),
        stale_means="'check the existing tests first': already done, the last read",
        wrong="design the limiter, or add RateLimitStep",
    ),
    Question(
        "files_edited",
        "Which files were changed, and why?",
        "src/acme/client.py (429 retry loop), pyproject.toml (ACME_CACHE_DIR for the sandbox), "
        "src/acme/retry.py (created, parse_retry_after); docs/design-rate-limit.md created then "
        "deleted.",
        must=(("client.py",), ("pyproject",), ("retry.py",)),
        stale=("design-rate-limit.md",),
        spread=True,
        stale_means="lists the design note as a file of the change",
    ),
    Question(
        "decisions",
        "What was decided, and what does it rule out?",
        "Retry inside AcmeClient.request honouring Retry-After (max 5 retries, cap 60 s, backoff "
        "from 0.5 s): rules out a middleware RateLimitStep / fixed-rate token bucket, because "
        "webhooks share the Pipeline and must never be throttled.",
        must=(
            ("retry-after", "retry after"),
            ("middleware", "pipeline", "token bucket", "webhook"),
            ("cap", "backoff", "max_retries", "retries"),
        ),
        stale=("ratelimitstep", "token bucket in the middleware", "10 requests per second"),
        stale_means="states the token bucket in the middleware as the design",
    ),
    Question(
        "review",
        "What did the review find?",
        "Retry-After can be an HTTP-date, not only seconds; int() would raise ValueError on it.",
        must=(("http-date", "http date", "date"),),
        wrong="says the review approved the loop with no finding",
    ),
    Question(
        "corrections",
        "How did the user correct the agent?",
        "Not in the middleware (shared with webhooks, which must never be throttled); use "
        "Retry-After, not a fixed rate; no design docs in the repo.",
        must=(("middleware", "pipeline", "webhook"),),
        partial_means="names one of the three corrections only",
    ),
    Question(
        "errors",
        "Which errors occurred, and what fixed each?",
        "PermissionError writing ~/.cache/acme/fixtures.sqlite under the sandbox; fixed by "
        "setting ACME_CACHE_DIR into the workspace in pyproject's pytest env (re-running with "
        "-p no:cacheprovider did not).",
        must=(("permissionerror", "permission denied", "errno 13"), ("acme_cache_dir", "cache dir")),
        stale=("fixed by uv run pytest", "fixed by: $ uv run pytest"),
        stale_means="pairs the error with a re-run of the tests as its fix",
    ),
    Question(
        "key_values",
        "Which key values matter?",
        "max_retries 5, Retry-After capped at 60 s, backoff from 0.5 s; 24 tests passed.",
        must=(("5",), ("60",)),
        cue=("retr", "cap", "max", "wait", "sleep", "second", "backoff"),
    ),
    Question(
        "file_roles",
        "What is each file for?",
        "client.py holds AcmeClient and the retry loop; middleware.py the Pipeline shared with "
        "the webhook receiver; retry.py parse_retry_after.",
        must=(("middleware.py",), ("webhook", "shared")),
    ),
    Question(
        "pending",
        "What work is still pending?",
        "parse_retry_after unfinished and untested; tests for the retry loop and parse_retry_after.",
        must=(("test",), ("parse_retry_after", "retry loop", "retry")),
        stale=("retry on 429 in acmeclient",),
        cue=("pending", "remaining", "todo", "to do", "next", "still", "not yet", "left",
             "untested", "need"),
    ),
    Question(
        "state",
        "What is the state of the work?",
        "The retry loop is in client.py and the client tests pass (24); parse_retry_after is a "
        "stub in retry.py, not yet used, untested, nothing committed.",
        must=(("parse_retry_after", "retry.py"), ("stub", "untested", "not yet", "unfinished",
                                                  "not used", "no tests", "uncommitted")),
    ),
)  # fmt: skip

# Claude Code's own compaction of this span, in its format.
PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The user asked for rate limiting in the SDK's HTTP client because batch jobs hit 429s. I first proposed a token bucket in the middleware Pipeline and wrote docs/design-rate-limit.md; the user rejected both.

Summary:
1. Primary Request and Intent:
   Add rate limiting to AcmeClient (src/acme/client.py) so batch jobs back off on 429s; keep AcmeClient's public API unchanged.
2. Key Technical Concepts:
   - Retry on 429 inside AcmeClient.request, honouring Retry-After; max_retries=5, Retry-After capped at 60 s, exponential backoff from 0.5 s when the header is absent.
   - Not a middleware step: Pipeline is shared with the webhook receiver and webhooks must never be throttled (this rules out the RateLimitStep token bucket).
3. Files and Code Sections:
   - src/acme/client.py: edited, the 429 retry loop in request().
   - pyproject.toml: edited, pytest env ACME_CACHE_DIR=.pytest-cache/acme so the fixture cache is inside the sandbox.
   - src/acme/retry.py: created, parse_retry_after(value, now) stub.
   - src/acme/middleware.py: Pipeline, shared with the webhook receiver (read only).
   - docs/design-rate-limit.md: created, then deleted with git rm at the user's request.
4. Errors and fixes:
   - PermissionError [Errno 13] writing ~/.cache/acme/fixtures.sqlite in the sandbox; re-running with -p no:cacheprovider did not help; fixed by setting ACME_CACHE_DIR into the workspace in pyproject.toml.
5. Problem Solving:
   The code-reviewer subagent found that Retry-After may be an HTTP-date as well as seconds, so int() would raise ValueError.
6. All user messages:
   - "The SDK keeps getting 429s ... Keep the public API of AcmeClient unchanged."
   - "No, not in the middleware ... honour the server's Retry-After instead of a fixed rate. And don't add design docs to the repo."
7. Pending Tasks:
   - Finish parse_retry_after (seconds or HTTP-date) and use it in the retry loop.
   - Tests for the retry loop and parse_retry_after.
8. Current Work:
   parse_retry_after in src/acme/retry.py is a stub, untested and not yet used; the client tests pass (24 passed); nothing is committed.
9. Optional Next Step:
   Implement parse_retry_after for both forms, call it from the retry loop, then add tests in tests/test_client.py."""
