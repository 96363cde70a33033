"""The project's clients against a real model server (llama-cpp-python, SmolLM2-135M).

Assertions never depend on the model's prose: where a test needs NOTHING, the server's grammar
forces it; format checks of real replies live in benchmarks/.
"""

from __future__ import annotations

import time

import pytest

from working_memory import Budget, Compactor, JsonlArchive, ManagedWindow
from working_memory.clients import LLMCallError, OpenAIClient

from .conftest import MODEL, N_CTX, RealServer

pytestmark = [pytest.mark.real_server, pytest.mark.slow]

NOTHING_GRAMMAR = 'root ::= "NOTHING"'


def _client(server: RealServer, **settings: object) -> OpenAIClient:
    return OpenAIClient(
        MODEL,
        base_url=server.base_url,
        max_tokens=settings.pop("max_tokens", 32),  # type: ignore[arg-type]
        temperature=0,
        max_retries=0,
        **settings,  # type: ignore[arg-type]
    )


def test_a_completion_reports_its_usage(real_server: RealServer) -> None:
    reply = _client(real_server).complete([{"role": "user", "content": "Say hello."}])
    assert reply.content.strip()
    assert reply.usage is not None
    assert reply.usage.prompt_tokens > 0 and reply.usage.completion_tokens > 0
    assert reply.latency_s > 0


def test_nothing_forced_by_the_grammar_is_the_empty_answer(real_server: RealServer) -> None:
    client = _client(real_server, extra_body={"grammar": NOTHING_GRAMMAR})
    span = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    result = Compactor(client).compact(span)
    assert result.nothing and result.error is None
    assert result.prompt_tokens > 0


def test_a_real_compaction_inside_a_managed_window_with_the_archive(
    real_server: RealServer, tmp_path
) -> None:
    client = _client(real_server, max_tokens=96, timeout=120)
    window = ManagedWindow(
        budget=Budget(window=900, reserve_completion=100, counter="estimate"),
        max_tool_tokens=200,
        compactor=Compactor(client),
        archive=JsonlArchive(tmp_path / "archive.jsonl"),
    )
    window.append({"role": "system", "content": "You are a coding agent."})
    for i in range(14):
        window.append({"role": "user", "content": f"Step {i}: edit src/app_{i}.py to log errors."})
        window.append({"role": "assistant", "content": f"Edited src/app_{i}.py: added logging."})
    window.prepare()
    if window.summary_in_flight:
        # a loaded machine: the model took longer than compact_timeout_s, so the summary
        # stays in flight and lands on the next prepare(); the loop never waits on it
        assert window.wait_summary(timeout=300)
        window.prepare()
    done = [e for e in window.events if e.kind in ("compacted", "nothing", "compaction_failed")]
    assert done, [str(e) for e in window.events]
    assert all(e.archive for e in done)  # whatever the model wrote, the span is archived
    assert (tmp_path / "archive.jsonl").stat().st_size > 0
    assert any(e.summariser_tokens > 0 for e in done)  # the real server was called


def test_a_context_overflow_carries_the_servers_limit_and_the_size(real_server: RealServer) -> None:
    long = "word " * (N_CTX * 2)
    with pytest.raises(LLMCallError) as caught:
        _client(real_server).complete([{"role": "user", "content": long}])
    error = caught.value
    assert error.kind == "context_overflow", error
    assert error.context_limit == N_CTX
    assert error.requested_tokens is not None and error.requested_tokens > N_CTX


def test_a_deadline_against_a_busy_server_and_the_next_call(real_server: RealServer) -> None:
    slow = _client(real_server, max_tokens=400, timeout=60)
    compactor = Compactor(slow, deadline_s=0.5)
    span = [{"role": "user", "content": "Write a long story about a parser. " * 5}] * 2
    started = time.perf_counter()
    first = compactor.compact(span)
    assert first.error == "deadline"
    assert time.perf_counter() - started < 5
    second = compactor.compact(span)  # the abandoned request still runs on the server
    assert second.error in ("busy", "deadline")
    assert time.perf_counter() - started < 10


def test_a_server_stopped_mid_request_is_a_failed_call(tmp_path) -> None:
    from .conftest import RealServer, _missing

    if _missing():
        pytest.skip(_missing())
    server = RealServer()
    server.start()
    client = _client(server, max_tokens=400, timeout=30)
    import threading

    outcome: dict[str, object] = {}

    def call() -> None:
        try:
            client.complete([{"role": "user", "content": "Write a long story. " * 10}])
        except LLMCallError as exc:
            outcome["error"] = exc

    worker = threading.Thread(target=call)
    worker.start()
    time.sleep(1.0)
    server.stop(grace_s=1.0)  # SIGTERM, then SIGKILL when the request holds it
    worker.join(35)
    assert not worker.is_alive()
    error = outcome.get("error")
    assert isinstance(error, LLMCallError), outcome
    assert error.kind in ("connection", "timeout", "server_error")
