"""The OpenAI Agents SDK adapters, driven by `Runner.run` (its own loop, running real function
tools) with a model written against the SDK's public `Model` interface answering from the
record (the SDK ships no fake model)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.adapters.session import (
    check_contexts,
    make_window,
    problems,
    recorded_session,
    reference_contexts,
    require,
)

require("agents")

from agents import Agent, RunConfig, Runner, SQLiteSession, function_tool  # noqa: E402
from agents.items import ModelResponse  # noqa: E402
from agents.models.interface import Model  # noqa: E402
from agents.usage import Usage  # noqa: E402
from openai.types.responses import (  # noqa: E402
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
)

from working_memory.adapters.openai_agents import (  # noqa: E402
    ItemsToMessages,
    ManagedSession,
    WindowInputFilter,
    to_items,
)


def output_items(reply: dict[str, Any]) -> list[Any]:
    """A recorded assistant turn as the Responses API returns it: text, then calls."""
    out: list[Any] = []
    if reply.get("content"):
        out.append(
            ResponseOutputMessage(
                id=f"msg_{len(reply['content'])}",
                type="message",
                role="assistant",
                status="completed",
                content=[
                    ResponseOutputText(type="output_text", text=reply["content"], annotations=[])
                ],
            )
        )
    for call in reply.get("tool_calls") or ():
        out.append(
            ResponseFunctionToolCall(
                type="function_call",
                call_id=call["id"],
                name=call["function"]["name"],
                arguments=call["function"]["arguments"],
                status="completed",
            )
        )
    return out


def recorded_items(session) -> list[Any]:
    """The session as Responses items, in the order the runner sees them."""
    items: list[Any] = []
    for run in session.runs:
        items.append({"role": "user", "content": run.user["content"]})
        for reply, results in zip(run.replies, run.results, strict=True):
            items += [i.model_dump(exclude_unset=True) for i in output_items(reply)]
            items += [
                {
                    "type": "function_call_output",
                    "call_id": r["tool_call_id"],
                    "output": r["content"],
                }
                for r in results
            ]
    return items


class RecordedModel(Model):
    def __init__(self, session) -> None:
        self.replies = [r for run in session.runs for r in run.replies]
        self.seen: list[list[dict[str, Any]]] = []
        self.record = True

    async def get_response(self, system_instructions, input, *args: Any, **kwargs: Any):
        convert = ItemsToMessages()
        items = [{"role": "user", "content": input}] if isinstance(input, str) else input
        if not self.record:  # the benchmark: answer only
            self.seen.append([])
        else:
            self.seen.append(convert.feed(items) + convert.flush())
        reply = self.replies[len(self.seen) - 1]
        return ModelResponse(output=output_items(reply), usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any):
        raise NotImplementedError("the test runs without streaming")


def agent_for(session, model) -> Agent:
    output = session.outputs()

    @function_tool
    def read_file(path: str) -> str:
        """Read a file."""
        return output("read_file", {"path": path})

    @function_tool
    def edit_file(path: str) -> str:
        """Edit a file."""
        return output("edit_file", {"path": path})

    @function_tool
    def run_tests(path: str) -> str:
        """Run tests."""
        return output("run_tests", {"path": path})

    @function_tool
    def grep(pattern: str) -> str:
        """Search."""
        return output("grep", {"pattern": pattern})

    @function_tool
    def bash(command: str) -> str:
        """Run a command."""
        return output("bash", {"command": command})

    return Agent(
        name="coder",
        instructions=session.system["content"],
        model=model,
        tools=[read_file, edit_file, run_tests, grep, bash],
    )


def reference(session) -> list[list[dict[str, Any]]]:
    convert = ItemsToMessages()
    return reference_contexts(convert.feed(recorded_items(session)) + convert.flush())


@pytest.mark.slow
def test_the_input_filter_manages_every_model_call_of_every_run() -> None:
    session = recorded_session()
    assert session.model_calls >= 200
    model = RecordedModel(session)
    agent = agent_for(session, model)
    config = RunConfig(
        call_model_input_filter=WindowInputFilter(make_window), tracing_disabled=True
    )

    async def drive() -> None:
        history: list[Any] = []
        for run in session.runs:
            turn = [*history, {"role": "user", "content": run.user["content"]}]
            result = await Runner.run(agent, turn, run_config=config, max_turns=10_000)
            history = result.to_input_list()

    asyncio.run(drive())
    check_contexts(model.seen, session, reference(session))


@pytest.mark.slow
def test_a_managed_session_over_sqlite_keeps_everything_there_and_sends_the_window(
    tmp_path,
) -> None:
    session = recorded_session(turns=120, seed=3)
    model = RecordedModel(session)
    agent = agent_for(session, model)
    store = SQLiteSession("user-42", str(tmp_path / "chats.db"))
    managed = ManagedSession(store, window=make_window)
    config = RunConfig(
        call_model_input_filter=WindowInputFilter(make_window), tracing_disabled=True
    )

    async def drive() -> tuple[int, int]:
        for run in session.runs:
            await Runner.run(
                agent, run.user["content"], session=managed, run_config=config, max_turns=10_000
            )
        return len(await store.get_items()), len(await managed.get_items())

    stored, sent = asyncio.run(drive())
    assert stored == len(recorded_items(session))  # the whole history, in SQLite
    assert sent < stored / 3  # what the next run starts from: the window
    for index, context in enumerate(model.seen):
        assert problems(context) == [], f"model call {index}"
        assert any(m.get("content") == session.task for m in context), f"call {index}: task lost"
    # A new process: the same session rebuilds its window from the whole history in SQLite
    # (compacting it afresh), inside the budget, with the task.
    again = ManagedSession(SQLiteSession("user-42", str(tmp_path / "chats.db")), window=make_window)
    convert = ItemsToMessages()
    rebuilt = convert.feed(asyncio.run(again.get_items())) + convert.flush()
    assert problems(rebuilt) == [] and rebuilt[0]["content"] == session.task
    assert again.window is not None and again.window.pressure() <= again.window.evict_at


def test_items_round_trip_through_the_window() -> None:
    items = [
        {"role": "user", "content": "read a.py"},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {
            "type": "message",
            "role": "assistant",
            "id": "m1",
            "content": [{"type": "output_text", "text": "ok", "annotations": []}],
        },
        {
            "type": "function_call",
            "call_id": "c1",
            "name": "read_file",
            "arguments": json.dumps({"path": "a.py"}),
        },
        {"type": "function_call_output", "call_id": "c1", "output": "print(1)"},
    ]
    convert = ItemsToMessages()
    messages = convert.feed(items[:3]) + convert.feed(items[3:]) + convert.flush()
    assert [m["role"] for m in messages] == ["user", "assistant", "tool"]
    assert problems(messages) == []
    assert to_items(messages) == items


class BillingModel(RecordedModel):
    """Bills twice the window's estimate for each context, as a provider with another
    tokenizer would; `seen` holds what it billed."""

    def __init__(self, session, window: WindowInputFilter) -> None:
        super().__init__(session)
        self.window = window

    async def get_response(self, system_instructions, input, *args: Any, **kwargs: Any):
        assert self.window.window is not None
        billed = self.window.window.tokens() * 2
        self.seen.append([{"billed": billed}])
        reply = self.replies[len(self.seen) - 1]
        usage = Usage(requests=1, input_tokens=billed, output_tokens=1, total_tokens=billed + 1)
        return ModelResponse(output=output_items(reply), usage=usage, response_id=None)


def test_the_providers_usage_corrects_the_window() -> None:
    session = recorded_session(turns=120, seed=3)
    window = WindowInputFilter(make_window)
    model = BillingModel(session, window)
    agent = agent_for(session, model)
    config = RunConfig(call_model_input_filter=window, tracing_disabled=True)

    async def drive() -> None:
        history: list[Any] = []
        for run in session.runs:
            turn = [*history, {"role": "user", "content": run.user["content"]}]
            result = await Runner.run(
                agent, turn, run_config=config, hooks=window.hooks, max_turns=10_000
            )
            history = result.to_input_list()

    asyncio.run(drive())
    assert window.window is not None
    assert abs(window.window.usage_scale - 2.0) < 0.01
    billed = [context[0]["billed"] for context in model.seen]
    limit = window.window.budget.limit
    # Once told, every context stays under evict_at of the budget in the provider's count.
    assert max(billed[1:]) <= window.window.evict_at * limit
    assert max(billed) > limit / 2  # the session did fill the window
