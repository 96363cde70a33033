"""A slow or throttling summariser must not hold the agent: a wall-clock deadline per
compaction, retries and Retry-After waits held to it, and `retry_after` reported to the caller.

The elapsed-time bounds here are generous on purpose: they tell "stopped at the deadline"
from "waited for the server" (tens of seconds), they do not measure anything."""

from __future__ import annotations

import email.utils
import math
import time
from typing import Any

import pytest

from tests.clients.conftest import Make
from tests.llm_servers import delay, ok, status, trickle
from working_memory.clients import LLMCallError
from working_memory.compaction import Compactor
from working_memory.protocols import LLMResponse

SPAN = [
    {"role": "user", "content": "Fix the failing test in tests/test_io.py"},
    {"role": "assistant", "content": "Ran pytest: 3 passed, 1 failed (KeyError: 'path')."},
]
MESSAGES = [{"role": "user", "content": "Summarise the span."}]
SLACK_S = 3.0  # a loaded 2-core machine; the failures this catches take 20 s and more


def test_the_default_deadline_is_one_request_timeout_retries_included(make: Make) -> None:
    _, client = make([], timeout=1.0, max_retries=2)
    # One request timeout, not three plus the backoff (4.5 s): the retries fit inside it.
    assert client.call_budget_s() == pytest.approx(1.0)
    assert Compactor(client).deadline_s == pytest.approx(1.0)
    assert Compactor(client, deadline_s=2).deadline_s == 2
    assert math.isinf(Compactor(client, deadline_s=math.inf).deadline_s)
    with pytest.raises(ValueError, match="deadline_s must be a positive number"):
        Compactor(client, deadline_s=0)


def test_a_scripted_client_without_a_budget_runs_inline() -> None:
    class Scripted:
        def complete(self, messages: Any) -> Any:
            return LLMResponse("Fixed the KeyError in tests/test_io.py.")

    compactor = Compactor(Scripted())  # type: ignore[arg-type]
    assert math.isinf(compactor.deadline_s)
    assert compactor.compact(SPAN).summary == "Fixed the KeyError in tests/test_io.py."


def test_a_trickling_server_does_not_hold_compact_past_the_deadline(make: Make) -> None:
    # One byte every 0.2 s never trips the 0.5 s read timeout; the whole body takes minutes.
    server, client = make([trickle(0.2, ok("Fixed tests/test_io.py."))], timeout=0.5, max_retries=1)
    compactor = Compactor(client)
    assert compactor.deadline_s == pytest.approx(0.5)
    started = time.perf_counter()
    result = compactor.compact(SPAN)
    elapsed = time.perf_counter() - started
    assert elapsed < compactor.deadline_s + SLACK_S, elapsed
    assert result.summary is None
    assert result.error == "deadline"
    assert "deadline" in result.reason
    assert "billed" in result.reason  # the abandoned request may still cost money
    assert result.retry_after is None
    assert len(server.requests) == 1
    # While the abandoned request still trickles, the next compaction does not stack another.
    busy = compactor.compact(SPAN)
    assert busy.error == "busy"
    assert len(server.requests) == 1
    server.close()  # the server stops trickling; the abandoned request ends
    [abandoned] = compactor._abandoned
    abandoned.join(timeout=30)
    assert not abandoned.is_alive()
    again = compactor.compact(SPAN)  # no longer busy: a new request goes out (and fails fast)
    assert again.error != "busy"


def test_an_explicit_deadline_is_kept_even_with_long_client_timeouts(make: Make) -> None:
    _, client = make([trickle(0.1, ok("Fixed."))], timeout=60, max_retries=2)
    started = time.perf_counter()
    result = Compactor(client, deadline_s=0.5).compact(SPAN)
    assert time.perf_counter() - started < 0.5 + SLACK_S
    assert result.error == "deadline"


def test_a_retry_after_longer_than_the_time_left_gives_up_now(make: Make) -> None:
    server, client = make(
        [status(429, headers={"retry-after": "30"}), ok("too late")], timeout=5, max_retries=2
    )
    compactor = Compactor(client)  # 5 s: a 30 s wait does not fit
    started = time.perf_counter()
    result = compactor.compact(SPAN)
    assert time.perf_counter() - started < SLACK_S  # not 30 s asleep inside prepare()
    assert result.summary is None
    assert result.retry_after == 30.0  # the window waits this long before calling again
    assert "429" in result.reason
    assert len(server.requests) == 1


def test_a_retry_after_that_fits_is_waited_out_by_the_client_alone(make: Make) -> None:
    server, client = make(
        [status(429, headers={"retry-after": "0.3"}), ok("Fixed tests/test_io.py.")],
        max_retries=2,
    )
    assert client.complete(MESSAGES).content == "Fixed tests/test_io.py."
    assert [r.headers.get("x-stainless-retry-count") for r in server.requests] == ["0", "1"]
    assert server.requests[1].received_at - server.requests[0].received_at >= 0.3


def test_the_compactor_never_sleeps_a_retry_after_it_reports_it(make: Make) -> None:
    # Inside prepare() a Retry-After becomes the window's backoff: even one that would fit.
    server, client = make(
        [status(429, headers={"retry-after": "3"}), ok("Fixed tests/test_io.py.")],
        max_retries=2,
    )
    started = time.perf_counter()
    result = Compactor(client).compact(SPAN)
    assert time.perf_counter() - started < 3
    assert result.summary is None
    assert result.retry_after == 3.0
    assert "not waited here" in result.reason
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"retry-after": "7"}, 7.0),
        ({"retry-after-ms": "1500"}, 1.5),
        ({"retry-after": "soon"}, None),
        ({}, None),
    ],
    ids=["seconds", "milliseconds", "unreadable", "absent"],
)
def test_retry_after_is_reported_when_the_retries_run_out(
    make: Make, headers: dict[str, str], expected: float | None
) -> None:
    _, client = make([status(503, headers=headers)], max_retries=0)
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES)
    assert caught.value.retry_after == expected
    assert caught.value.kind == "server_error"


def test_retry_after_as_an_http_date(make: Make) -> None:
    when = email.utils.formatdate(time.time() + 30, usegmt=True)
    _, client = make([status(429, headers={"retry-after": when})], max_retries=0)
    result = Compactor(client).compact(SPAN)
    assert result.retry_after is not None
    assert 25 < result.retry_after <= 31


def test_a_retry_after_past_a_minute_is_not_slept_even_without_a_deadline(make: Make) -> None:
    server, client = make([status(429, headers={"retry-after": "120"}), ok("x")], max_retries=2)
    started = time.perf_counter()
    with pytest.raises(
        LLMCallError, match="the server asked: wait 120s, more than the time left"
    ) as caught:
        client.complete(MESSAGES)
    assert time.perf_counter() - started < SLACK_S
    assert caught.value.retry_after == 120.0
    assert caught.value.kind == "rate_limited"
    assert len(server.requests) == 1


def test_a_deadline_cuts_the_attempt_timeout(make: Make) -> None:
    _, client = make([delay(20, ok("late"))], timeout=60, max_retries=2)
    started = time.perf_counter()
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES, deadline=time.monotonic() + 0.5)
    assert time.perf_counter() - started < 0.5 + SLACK_S
    assert caught.value.kind == "timeout"


def test_backoff_between_retries_stays_within_the_deadline(make: Make) -> None:
    # No Retry-After: backoff 0.5, 1, 2, 4 s (less up to a quarter, jitter) would take 7.5 s.
    # With a 2.5 s deadline the third 500 comes by 1.5 s and its 1.5-2 s backoff would pass
    # the deadline, so the client gives up then: a second before the compactor would, so the
    # 500 and not "deadline" is the error also on a loaded machine (a 1.2 s deadline left
    # 0.6 s, and a busy CI run lost that race).
    server, client = make([status(500)] * 5, timeout=5, max_retries=4)
    started = time.perf_counter()
    result = Compactor(client, deadline_s=2.5).compact(SPAN)
    assert time.perf_counter() - started < 2.5 + SLACK_S
    assert result.summary is None
    assert result.error is not None and "500" in result.error
    assert len(server.requests) < 5


def test_a_backoff_that_overruns_the_deadline_names_the_error_it_retried(
    make: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A busy machine: the 0.5 s backoff, within the deadline when it began, sleeps past it.
    server, client = make([status(500)] * 5, timeout=5, max_retries=4)
    real_sleep = time.sleep
    monkeypatch.setattr(
        "working_memory.clients._base.time.sleep", lambda seconds: real_sleep(seconds + 0.8)
    )
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES, deadline=time.monotonic() + 1.0)
    assert "deadline passed after 1 attempt(s)" in str(caught.value)
    assert "500" in str(caught.value)
    assert len(server.requests) == 1


def test_max_abandoned_bounds_the_requests_left_running(make: Make) -> None:
    server, client = make([trickle(0.1, ok("Fixed."))] * 3, timeout=60)
    compactor = Compactor(client, deadline_s=0.3, max_abandoned=2)
    assert [compactor.compact(SPAN).error for _ in range(3)] == ["deadline", "deadline", "busy"]
    assert len(server.requests) == 2
    with pytest.raises(ValueError, match="max_abandoned"):
        Compactor(client, max_abandoned=0)


class _AheadOfTheCompactor:
    """The real client, told a deadline 0.3 s before the compactor's: the client's own
    timeout always wins the race that a busy machine can also make it win."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def complete(self, messages: Any, *, deadline: float | None = None, **kw: Any) -> Any:
        return self.client.complete(messages, deadline=_ahead(deadline), **kw)

    async def acomplete(self, messages: Any, *, deadline: float | None = None, **kw: Any) -> Any:
        return await self.client.acomplete(messages, deadline=_ahead(deadline), **kw)


def _ahead(deadline: float | None) -> float | None:
    return None if deadline is None else deadline - 0.3


@pytest.mark.parametrize("server_does", ["hang", "trickle"])
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_deadline_the_client_reaches_first_is_still_the_deadline(
    make: Make, server_does: str, mode: str
) -> None:
    # A loaded CI run let the client's own timeout (cut to the deadline) land before the
    # compactor's wait ended: the result was its LLMCallError, where a calm run says
    # "deadline". Both are the same miss and must read the same.
    reply = delay(5, ok("Fixed.")) if server_does == "hang" else trickle(0.1, ok("Fixed."))
    _server, client = make([reply] * 2, timeout=30, max_retries=0)
    compactor = Compactor(_AheadOfTheCompactor(client), deadline_s=1.0)
    if mode == "sync":
        result = compactor.compact(SPAN)
    else:
        import asyncio

        result = asyncio.run(compactor.acompact(SPAN))
    assert result.summary is None
    assert result.error == "deadline", result.reason
    assert "missed its deadline of 1s" in result.reason


def test_a_deadline_after_a_server_error_keeps_the_error(make: Make) -> None:
    # Not the deadline alone: a 500 came first, and the error says so.
    server, client = make([status(500), delay(5, ok("Fixed."))], timeout=30, max_retries=3)
    with pytest.raises(LLMCallError) as caught:
        client.complete(MESSAGES, deadline=time.monotonic() + 1.2)
    assert caught.value.deadline_passed is False
    assert len(server.requests) == 2


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_first_attempt_cut_by_the_deadline_says_the_deadline_passed(
    make: Make, mode: str
) -> None:
    import asyncio

    _server, client = make([delay(5, ok("Fixed."))], timeout=30, max_retries=2)

    def call() -> Any:
        if mode == "sync":
            return client.complete(MESSAGES, deadline=time.monotonic() + 0.5)
        return asyncio.run(client.acomplete(MESSAGES, deadline=time.monotonic() + 0.5))

    with pytest.raises(LLMCallError) as caught:
        call()
    assert caught.value.kind == "timeout"
    assert caught.value.deadline_passed is True
    # the client's own timeout (no deadline involved) is a plain timeout
    _server2, client2 = make([delay(5, ok("Fixed."))], timeout=0.5, max_retries=0)
    with pytest.raises(LLMCallError) as plain:
        client2.complete(MESSAGES)
    assert plain.value.kind == "timeout" and plain.value.deadline_passed is False
