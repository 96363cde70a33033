"""`acomplete` and `Compactor.acompact` against real loopback servers, for both providers:
the same replies, retries, errors and deadline as the sync path, and a stuck server's
attempt cancelled at the deadline, with the event loop free meanwhile."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.clients.conftest import ANTHROPIC_KEY, OPENAI_KEY, Make
from tests.core.helpers import fill
from tests.llm_servers import delay, ok, status, trickle
from working_memory import Budget, Compactor, ManagedWindow
from working_memory.clients import LLMCallError

MESSAGES = [{"role": "user", "content": "Summarise the span."}]
SPAN = [
    {"role": "user", "content": "Fix the failing test in tests/test_io.py"},
    {"role": "assistant", "content": "Ran pytest: 3 passed, 1 failed (KeyError: 'path')."},
]
SLACK_S = 3.0


def test_acomplete_answers_as_complete_does(make: Make) -> None:
    server, client = make([ok("fine", prompt_tokens=12, completion_tokens=3)] * 2)
    sync = client.complete(MESSAGES)
    answer = asyncio.run(client.acomplete(MESSAGES))
    assert (answer.content, answer.usage) == (sync.content, sync.usage)
    assert answer.model == sync.model
    assert server.requests[1].body == server.requests[0].body


def test_acomplete_retries_and_reports_retry_after(make: Make) -> None:
    server, client = make([status(503), ok("second try")], max_retries=1)
    assert asyncio.run(client.acomplete(MESSAGES)).content == "second try"
    assert len(server.requests) == 2
    server, client = make([status(429, headers={"retry-after": "20"})], max_retries=2)
    started = time.perf_counter()
    with pytest.raises(LLMCallError) as caught:
        asyncio.run(client.acomplete(MESSAGES, wait_retry_after=False))
    assert time.perf_counter() - started < SLACK_S
    assert caught.value.retry_after == 20.0
    assert caught.value.kind == "rate_limited"


def test_an_auth_error_is_scrubbed(make: Make) -> None:
    _, client = make([])
    client = client.with_settings(api_key="sk-wrong-key-0123456789abcdef")
    with pytest.raises(LLMCallError) as caught:
        asyncio.run(client.acomplete(MESSAGES))
    assert caught.value.kind == "auth"
    assert "sk-wrong-key-0123456789abcdef" not in str(caught.value)
    assert OPENAI_KEY not in str(caught.value) and ANTHROPIC_KEY not in str(caught.value)


def test_a_trickling_server_is_cancelled_at_the_deadline_and_the_loop_runs_meanwhile(
    make: Make,
) -> None:
    server, client = make([trickle(0.2, ok("late " * 100))], timeout=60)
    ticks = 0

    async def main() -> Any:
        nonlocal ticks

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        other = asyncio.create_task(ticker())
        result = await Compactor(client, deadline_s=0.5).acompact(SPAN)
        other.cancel()
        return result

    started = time.perf_counter()
    result = asyncio.run(main())
    assert time.perf_counter() - started < 0.5 + SLACK_S
    assert result.summary is None and result.error == "deadline"
    assert ticks > 5  # another coroutine kept running while the summary was in flight
    server.close()


def test_aprepare_with_the_bundled_client_against_a_hanging_server(make: Make) -> None:
    server, client = make([delay(60, ok("late"))] * 3)
    window = ManagedWindow(
        budget=Budget(window=16_000, reserve_completion=1_000, counter="estimate"),
        compactor=Compactor(client),
        compact_timeout_s=1.0,
    )
    window.append({"role": "user", "content": "TASK: fix the build"})
    fill(window, turns=60)

    async def loop() -> float:
        started = time.perf_counter()
        for step in range(9):
            fill(window, turns=5, start=100 + 5 * step)
            await window.aprepare()
            assert window.pressure() <= window.evict_at
        return time.perf_counter() - started

    assert asyncio.run(loop()) < 1.0 + 2 * SLACK_S
    server.close()
