"""The LangChain v1 middleware, driven by `create_agent`'s own loop (LangGraph, a checkpointer,
the ToolNode running real tools) with LangChain's fake chat model answering from the record."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.adapters.session import (
    check_contexts,
    make_window,
    recorded_session,
    reference_contexts,
    require,
)

require("langchain")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.language_models.fake_chat_models import (  # noqa: E402
    FakeMessagesListChatModel,
)
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage  # noqa: E402
from langchain_core.tools import tool  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from working_memory.adapters.langchain import (  # noqa: E402
    WindowMiddleware,
    from_langchain,
    to_langchain,
)


class RecordedModel(FakeMessagesListChatModel):
    """LangChain's fake chat model, answering from the record; it also keeps what it was sent.
    `bind_tools` returns it unchanged: the answers are recorded, the tools only shape them."""

    seen: list[list[dict[str, Any]]] = []  # noqa: RUF012 (a pydantic field: copied per model)
    record: bool = True  # False: answer only (the benchmark)

    def bind_tools(self, tools: Any, **kwargs: Any) -> RecordedModel:
        return self

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any):
        if self.record:
            self.seen.append([from_langchain(m) for m in messages])
        else:
            self.seen.append([])
        return super()._generate(messages, stop, run_manager, **kw)


def build(session, middleware, model=None):
    replies = [to_langchain(r) for run in session.runs for r in run.replies]
    output = session.outputs()

    @tool
    def read_file(path: str) -> str:
        """Read a file."""
        return output("read_file", {"path": path})

    @tool
    def edit_file(path: str) -> str:
        """Edit a file."""
        return output("edit_file", {"path": path})

    @tool
    def run_tests(path: str) -> str:
        """Run tests."""
        return output("run_tests", {"path": path})

    @tool
    def grep(pattern: str) -> str:
        """Search."""
        return output("grep", {"pattern": pattern})

    @tool
    def bash(command: str) -> str:
        """Run a command."""
        return output("bash", {"command": command})

    if model is None:
        model = RecordedModel(responses=replies, seen=[])
    agent = create_agent(
        model,
        [read_file, edit_file, run_tests, grep, bash],
        middleware=[] if middleware is None else [middleware],
        checkpointer=InMemorySaver(),
    )
    return agent, model


def inputs(session):
    for index, run in enumerate(session.runs):
        first = [SystemMessage(session.system["content"])] if index == 0 else []
        yield [*first, HumanMessage(run.user["content"])]


@pytest.mark.slow
def test_create_agent_sends_what_the_window_sends_over_a_long_session() -> None:
    session = recorded_session()
    assert session.model_calls >= 200
    middleware = WindowMiddleware(make_window)
    agent, model = build(session, middleware)
    config = {"configurable": {"thread_id": "t1"}, "recursion_limit": 10_000}
    for messages in inputs(session):
        agent.invoke({"messages": messages}, config)
    check_contexts(model.seen, session, reference_contexts(session.messages()))
    window = middleware.windows["t1"]
    assert window.unpaired() == 0
    # The checkpointed state is what the window holds, not the whole history.
    state = agent.get_state(config).values["messages"]
    assert len(state) < len(session.messages()) / 3


@pytest.mark.slow
def test_async_agent_and_one_window_per_thread() -> None:
    session = recorded_session(turns=120, seed=3)
    middleware = WindowMiddleware(make_window)
    agent, model = build(session, middleware)

    async def drive() -> None:
        for messages in inputs(session):
            await agent.ainvoke(
                {"messages": messages},
                {"configurable": {"thread_id": "a"}, "recursion_limit": 10_000},
            )
        # Another thread starts from nothing: its own window.
        await agent.ainvoke(
            {"messages": [HumanMessage("hello")]}, {"configurable": {"thread_id": "b"}}
        )

    model.responses.append(AIMessage("hi"))
    asyncio.run(drive())
    assert sorted(middleware.windows) == ["a", "b"]
    assert len(middleware.windows["b"]) == 1  # the reply joins it at the thread's next call
    assert model.seen[-1] == [from_langchain(HumanMessage("hello", id=model.seen[-1][0]["id"]))]
    check_contexts(model.seen[:-1], session, reference_contexts(session.messages()))


def test_conversion_keeps_calls_ids_names_and_blocks() -> None:
    message = AIMessage(
        content=[{"type": "text", "text": "reading"}],
        id="run-1",
        name="coder",
        tool_calls=[{"id": "c1", "name": "read_file", "args": {"path": "a.py"}}],
        usage_metadata={"input_tokens": 5, "output_tokens": 2, "total_tokens": 7},
    )
    back = to_langchain(from_langchain(message))
    assert back == message
    assert from_langchain(message)["tool_calls"][0]["function"]["name"] == "read_file"


class BillingModel(RecordedModel):
    """Reports what a provider counting twice the window's estimate would bill."""

    middleware: Any = None

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any):
        window = self.middleware.windows["t"]
        self.seen.append([window.tokens() * 2])
        result = FakeMessagesListChatModel._generate(self, messages, stop, run_manager, **kw)
        reply = result.generations[0].message
        usage = {"input_tokens": window.tokens() * 2, "output_tokens": 1, "total_tokens": 0}
        result.generations[0].message = reply.model_copy(update={"usage_metadata": usage})
        return result


def test_the_providers_usage_corrects_the_window() -> None:
    session = recorded_session(turns=120, seed=3)
    middleware = WindowMiddleware(make_window)
    model = BillingModel(responses=[to_langchain(r) for run in session.runs for r in run.replies])
    model.middleware = middleware
    agent, _ = build(session, middleware, model)
    config = {"configurable": {"thread_id": "t"}, "recursion_limit": 10_000}
    for messages in inputs(session):
        agent.invoke({"messages": messages}, config)
    window = middleware.windows["t"]
    assert abs(window.usage_scale - 2.0) < 0.01
    billed = [tokens for (tokens,) in model.seen]
    limit = window.budget.limit
    # Once told, every context stays under evict_at of the budget in the provider's count.
    assert max(billed[1:]) <= window.evict_at * limit
    assert max(billed) > limit / 2  # the session did fill the window
