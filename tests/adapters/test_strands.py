"""The Strands conversation manager, driven by `Agent`'s own event loop (real tools, run one by
one) with a model written against Strands' public `Model` interface answering from the record
(Strands ships no fake model)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.adapters.session import (
    as_chat,
    check_contexts,
    make_window,
    problems,
    recorded_session,
    reference_contexts,
    require,
)

require("strands")

from strands import Agent, tool  # noqa: E402
from strands.models import Model  # noqa: E402
from strands.tools.executors import SequentialToolExecutor  # noqa: E402
from strands.types.exceptions import ContextWindowOverflowException  # noqa: E402

from working_memory.adapters.strands import (  # noqa: E402
    WindowConversationManager,
    from_strands,
    input_tokens,
    to_strands,
)


def strands_messages(session) -> list[dict[str, Any]]:
    """The session as Strands messages (the system prompt is the agent's own)."""
    out: list[dict[str, Any]] = []
    for run in session.runs:
        out.append({"role": "user", "content": [{"text": run.user["content"]}]})
        for reply, results in zip(run.replies, run.results, strict=True):
            blocks: list[dict[str, Any]] = [{"text": reply["content"]}] if reply["content"] else []
            blocks += [
                {
                    "toolUse": {
                        "toolUseId": c["id"],
                        "name": c["function"]["name"],
                        "input": json.loads(c["function"]["arguments"]),
                    }
                }
                for c in reply.get("tool_calls") or ()
            ]
            out.append({"role": "assistant", "content": blocks})
            if results:
                out.append(
                    {
                        "role": "user",
                        "content": [
                            {
                                "toolResult": {
                                    "toolUseId": r["tool_call_id"],
                                    "status": "success",
                                    "content": [{"text": r["content"]}],
                                }
                            }
                            for r in results
                        ],
                    }
                )
    return out


class RecordedModel(Model):
    def __init__(self, session, overflow_at: int | None = None) -> None:
        self.replies = [m for m in strands_messages(session) if m["role"] == "assistant"]
        self.seen: list[list[dict[str, Any]]] = []
        self.record = True
        self.overflow_at = overflow_at
        self.config: dict[str, Any] = {}
        self.billing: Any = None  # a manager: bill twice its window's estimate

    def usage(self) -> dict[str, int]:
        if self.billing is None:
            return {"inputTokens": 0, "outputTokens": 0, "totalTokens": 0}
        # As Anthropic reports it through Strands: cache reads apart from inputTokens.
        billed = self.billing.window.tokens() * 2
        self.seen[-1] = [{"billed": billed}]
        read = billed // 3
        return {
            "inputTokens": billed - read,
            "cacheReadInputTokens": read,
            "outputTokens": 1,
            "totalTokens": billed + 1,
        }

    def update_config(self, **model_config: Any) -> None:
        self.config.update(model_config)

    def get_config(self) -> Any:
        return self.config

    def structured_output(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    async def stream(self, messages, tool_specs=None, system_prompt=None, **kwargs: Any):
        if self.overflow_at is not None and len(self.seen) == self.overflow_at:
            self.overflow_at = None  # the provider refuses once; the manager must cut down
            raise ContextWindowOverflowException("input is too long for the model")
        if not self.record:  # the benchmark: answer only
            self.seen.append([])
        else:
            self.seen.append([from_strands(m) for m in messages])
        reply = self.replies[len(self.seen) - 1]
        yield {"messageStart": {"role": "assistant"}}
        calls = False
        for block in reply["content"]:
            if "text" in block:
                yield {"contentBlockDelta": {"delta": {"text": block["text"]}}}
            else:
                calls = True
                use = block["toolUse"]
                yield {
                    "contentBlockStart": {
                        "start": {"toolUse": {"toolUseId": use["toolUseId"], "name": use["name"]}}
                    }
                }
                yield {
                    "contentBlockDelta": {"delta": {"toolUse": {"input": json.dumps(use["input"])}}}
                }
            yield {"contentBlockStop": {}}
        yield {"messageStop": {"stopReason": "tool_use" if calls else "end_turn"}}
        yield {"metadata": {"usage": self.usage(), "metrics": {"latencyMs": 0}}}


def agent_for(session, model, manager) -> Agent:
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

    return Agent(
        model=model,
        tools=[read_file, edit_file, run_tests, grep, bash],
        system_prompt=session.system["content"],
        conversation_manager=manager,
        tool_executor=SequentialToolExecutor(),
        callback_handler=None,
    )


@pytest.mark.slow
def test_the_agent_loop_sends_what_the_window_sends_over_a_long_session() -> None:
    session = recorded_session()
    assert session.model_calls >= 200
    model = RecordedModel(session)
    manager = WindowConversationManager(make_window)
    agent = agent_for(session, model, manager)
    for run in session.runs:
        agent(run.user["content"])
    expected = reference_contexts([from_strands(m) for m in strands_messages(session)])
    check_contexts([as_chat(c) for c in model.seen], session, [as_chat(c) for c in expected])
    assert manager.removed_message_count > 0
    state = manager.get_state()
    assert state["__name__"] == "WindowConversationManager"


@pytest.mark.slow
def test_a_context_overflow_cuts_the_window_down_and_the_loop_goes_on() -> None:
    session = recorded_session(turns=120, seed=3)
    model = RecordedModel(session, overflow_at=60)
    manager = WindowConversationManager(make_window)
    agent = agent_for(session, model, manager)
    for run in session.runs:
        agent(run.user["content"])
    assert len(model.seen) == session.model_calls  # the refused call was made again
    assert any(e.reason.startswith("context overflow") for e in manager.window.events)
    for index, context in enumerate(model.seen):
        assert problems(as_chat(context)) == [], f"model call {index}"


def test_blocks_round_trip() -> None:
    message = {
        "role": "user",
        "content": [
            {"toolResult": {"toolUseId": "t1", "status": "error", "content": [{"text": "boom"}]}},
            {"image": {"format": "png", "source": {"bytes": b"\x89PNG"}}},
            {"text": "and?"},
        ],
    }
    assert to_strands(from_strands(message)) == message


def test_the_providers_usage_corrects_the_window() -> None:
    session = recorded_session(turns=120, seed=3)
    model = RecordedModel(session)
    manager = WindowConversationManager(make_window)
    model.billing = manager
    agent = agent_for(session, model, manager)
    for run in session.runs:
        agent(run.user["content"])
    assert abs(manager.window.usage_scale - 2.0) < 0.01
    billed = [context[0]["billed"] for context in model.seen]
    limit = manager.window.budget.limit
    # Once told, every context stays under evict_at of the budget in the provider's count.
    assert max(billed[1:]) <= manager.window.evict_at * limit
    assert max(billed) > limit / 2  # the session did fill the window
    # The replies keep their usage in agent.messages, through the window.
    assert all("metadata" in m for m in agent.messages if m["role"] == "assistant")


def test_billed_input_from_each_providers_usage() -> None:
    # OpenAI: inputTokens includes the cached part; Anthropic: it leaves it apart.
    openai = {"inputTokens": 100, "cacheReadInputTokens": 40, "outputTokens": 5, "totalTokens": 105}
    anthropic = {
        "inputTokens": 60,
        "cacheReadInputTokens": 40,
        "outputTokens": 5,
        "totalTokens": 105,
    }
    assert input_tokens(openai) == input_tokens(anthropic) == 100
    no_total = {"inputTokens": 60, "cacheReadInputTokens": 40, "outputTokens": 5, "totalTokens": 0}
    assert input_tokens(no_total) == 100
    assert input_tokens({"inputTokens": 0, "outputTokens": 0, "totalTokens": 0}) is None
    assert input_tokens(None) is None
