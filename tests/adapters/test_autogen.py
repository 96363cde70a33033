"""The autogen-core model context, driven by autogen-agentchat's `AssistantAgent` (its tool
loop running real `FunctionTool`s) with autogen-ext's `ReplayChatCompletionClient` answering
from the record."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from tests.adapters.session import (
    check_contexts,
    make_window,
    recorded_session,
    reference_contexts,
    require,
)

require("autogen_core")
require("autogen_agentchat")
require("autogen_ext")

from autogen_agentchat.agents import AssistantAgent  # noqa: E402
from autogen_core import FunctionCall  # noqa: E402
from autogen_core.models import (  # noqa: E402
    AssistantMessage,
    CreateResult,
    FunctionExecutionResult,
    FunctionExecutionResultMessage,
    RequestUsage,
    SystemMessage,
    UserMessage,
)
from autogen_ext.models.replay import ReplayChatCompletionClient  # noqa: E402

from working_memory.adapters.autogen import (  # noqa: E402
    WindowChatCompletionContext,
    from_autogen,
    to_autogen,
)


class _NotTheirCount(logging.Filter):
    """autogen's replay client counts words of string contents and warns on every other
    message (each tool result) at every call: thousands of lines about a count nobody reads.
    A real client bills the whole prompt; the test and the benchmark drop that one warning."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != "Token count has been done only on string content"


logging.getLogger("autogen_core.events").addFilter(_NotTheirCount())


class RecordedClient(ReplayChatCompletionClient):
    """autogen's replay client, keeping what it was sent (the system message is the agent's)."""

    def __init__(self, replies: list[CreateResult]) -> None:
        super().__init__(
            replies,
            model_info={
                "vision": False,
                "function_calling": True,
                "json_output": False,
                "family": "unknown",
                "structured_output": False,
            },
        )
        self.seen: list[list[dict[str, Any]]] = []
        self.record = True

    async def create(self, messages, **kwargs: Any) -> CreateResult:
        if not self.record:  # the benchmark: answer only
            self.seen.append([])
        else:
            self.seen.append(
                [d for m in messages if not isinstance(m, SystemMessage) for d in from_autogen(m)]
            )
        return await super().create(messages, **kwargs)


def result(reply: dict[str, Any]) -> CreateResult:
    usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
    calls = reply.get("tool_calls")
    if not calls:
        return CreateResult(
            finish_reason="stop", content=reply["content"], usage=usage, cached=False
        )
    return CreateResult(
        finish_reason="function_calls",
        content=[
            FunctionCall(
                id=c["id"], name=c["function"]["name"], arguments=c["function"]["arguments"]
            )
            for c in calls
        ],
        thought=reply["content"] or None,
        usage=usage,
        cached=False,
    )


def agent_for(session, client, context) -> AssistantAgent:
    output = session.outputs()

    async def read_file(path: str) -> str:
        """Read a file."""
        return output("read_file", {"path": path})

    async def edit_file(path: str) -> str:
        """Edit a file."""
        return output("edit_file", {"path": path})

    async def run_tests(path: str) -> str:
        """Run tests."""
        return output("run_tests", {"path": path})

    async def grep(pattern: str) -> str:
        """Search."""
        return output("grep", {"pattern": pattern})

    async def bash(command: str) -> str:
        """Run a command."""
        return output("bash", {"command": command})

    return AssistantAgent(
        "coder",
        model_client=client,
        tools=[read_file, edit_file, run_tests, grep, bash],
        system_message=session.system["content"],
        model_context=context,
        max_tool_iterations=1_000,
        reflect_on_tool_use=False,
    )


def window_messages(session) -> list[dict[str, Any]]:
    """The session as the context receives it, in the window's form."""
    out: list[dict[str, Any]] = []
    for run in session.runs:
        out += from_autogen(UserMessage(content=run.user["content"], source="user"))
        for reply, results in zip(run.replies, run.results, strict=True):
            r = result(reply)
            out += from_autogen(
                AssistantMessage(content=r.content, thought=r.thought, source="coder")
            )
            if results:
                out += from_autogen(
                    FunctionExecutionResultMessage(
                        content=[
                            FunctionExecutionResult(
                                content=m["content"], name="", call_id=m["tool_call_id"]
                            )
                            for m in results
                        ]
                    )
                )
    return out


@pytest.mark.slow
def test_assistant_agent_sends_what_the_window_sends_over_a_long_session() -> None:
    session = recorded_session()
    assert session.model_calls >= 200
    client = RecordedClient([result(r) for run in session.runs for r in run.replies])
    context = WindowChatCompletionContext(window=make_window)
    agent = agent_for(session, client, context)

    async def drive() -> None:
        for run in session.runs:
            await agent.run(task=run.user["content"])

    asyncio.run(drive())
    check_contexts(client.seen, session, reference_contexts(window_messages(session)))
    # The context keeps the whole history; the model read the window.
    state = asyncio.run(context.save_state())
    assert len(state["messages"]) > 3 * len(context.window)


def test_messages_round_trip() -> None:
    messages = [
        SystemMessage(content="be brief"),
        UserMessage(content="read a.py", source="user"),
        AssistantMessage(
            content=[
                FunctionCall(id="c1", name="read_file", arguments=json.dumps({"path": "a.py"})),
                FunctionCall(id="c2", name="grep", arguments="{}"),
            ],
            thought="reading",
            source="coder",
        ),
        FunctionExecutionResultMessage(
            content=[
                FunctionExecutionResult(content="1", name="read_file", call_id="c1"),
                FunctionExecutionResult(content="2", name="grep", call_id="c2", is_error=True),
            ]
        ),
    ]
    window = [d for m in messages for d in from_autogen(m)]
    assert [d["role"] for d in window] == ["system", "user", "assistant", "tool", "tool"]
    assert to_autogen(window) == messages


class BillingClient(RecordedClient):
    """Bills twice the window's estimate for each context, as a provider with another
    tokenizer would; `seen` holds what it billed."""

    def __init__(self, replies: list[CreateResult]) -> None:
        super().__init__(replies)
        self.context: WindowChatCompletionContext | None = None
        self.billed = 0

    async def create(self, messages, **kwargs: Any) -> CreateResult:
        assert self.context is not None
        billed = self.context.window.tokens() * 2
        self.billed += billed
        self.record = False
        reply = await super().create(messages, **kwargs)
        self.seen[-1] = [{"billed": billed}]
        return reply

    def total_usage(self) -> RequestUsage:
        return RequestUsage(prompt_tokens=self.billed, completion_tokens=0)


def test_the_providers_usage_corrects_the_window() -> None:
    session = recorded_session(turns=120, seed=3)
    client = BillingClient([result(r) for run in session.runs for r in run.replies])
    context = WindowChatCompletionContext(window=make_window, model_client=client)
    client.context = context
    agent = agent_for(session, client, context)

    async def drive() -> None:
        for run in session.runs:
            await agent.run(task=run.user["content"])

    asyncio.run(drive())
    window = context.window
    assert abs(window.usage_scale - 2.0) < 0.01
    billed = [c[0]["billed"] for c in client.seen]
    # Once told, every context stays under evict_at of the budget in the provider's count.
    assert max(billed[1:]) <= window.evict_at * window.budget.limit
    assert max(billed) > window.budget.limit / 2  # the session did fill the window
