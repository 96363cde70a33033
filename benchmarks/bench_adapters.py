"""Each framework adapter's cost per model call over the framework alone, same process.

    python benchmarks/bench_adapters.py            # the recorded 240-step session (215 calls)
    python benchmarks/bench_adapters.py --quick    # a 60-step session

Each framework's own agent loop runs the recorded session (the adapter tests' drivers: the
same scripted model answering from the record, the same real tools) twice: alone (the whole
history sent on every call: no middleware, no filter, `NullConversationManager`,
`UnboundedChatCompletionContext`) and with the adapter over a 32k window compacting offline.
The overhead per call is the difference over the number of model calls; it includes the
window's work (counting, compaction), which also makes the framework's own per-call work
smaller, since it then handles fewer messages. `import working_memory` is measured by
`bench_import.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.adapters.session import make_window, recorded_session


def langchain(session, managed: bool) -> None:
    from langchain_core.messages import HumanMessage, SystemMessage
    from tests.adapters.test_langchain import build

    from working_memory.adapters.langchain import WindowMiddleware

    agent, model = build(session, WindowMiddleware(make_window) if managed else None)
    model.record = False
    config = {"configurable": {"thread_id": "t"}, "recursion_limit": 100_000}
    for index, run in enumerate(session.runs):
        first = [SystemMessage(session.system["content"])] if index == 0 else []
        agent.invoke({"messages": [*first, HumanMessage(run.user["content"])]}, config)


def openai_agents(session, managed: bool) -> None:
    from agents import RunConfig, Runner
    from tests.adapters.test_openai_agents import RecordedModel, agent_for

    from working_memory.adapters.openai_agents import WindowInputFilter

    model = RecordedModel(session)
    model.record = False
    agent = agent_for(session, model)
    filters = {"call_model_input_filter": WindowInputFilter(make_window)} if managed else {}
    config = RunConfig(tracing_disabled=True, **filters)

    async def drive() -> None:
        history: list = []
        for run in session.runs:
            turn = [*history, {"role": "user", "content": run.user["content"]}]
            result = await Runner.run(agent, turn, run_config=config, max_turns=100_000)
            history = result.to_input_list()

    asyncio.run(drive())


def strands(session, managed: bool) -> None:
    from strands.agent.conversation_manager import NullConversationManager
    from tests.adapters.test_strands import RecordedModel, agent_for

    from working_memory.adapters.strands import WindowConversationManager

    model = RecordedModel(session)
    model.record = False
    manager = WindowConversationManager(make_window) if managed else NullConversationManager()
    agent = agent_for(session, model, manager)
    for run in session.runs:
        agent(run.user["content"])


def autogen(session, managed: bool) -> None:
    from autogen_core.model_context import UnboundedChatCompletionContext
    from tests.adapters.test_autogen import RecordedClient, agent_for, result

    from working_memory.adapters.autogen import WindowChatCompletionContext

    client = RecordedClient([result(r) for run in session.runs for r in run.replies])
    client.record = False
    context = (
        WindowChatCompletionContext(window=make_window)
        if managed
        else UnboundedChatCompletionContext()
    )
    agent = agent_for(session, client, context)

    async def drive() -> None:
        for run in session.runs:
            await agent.run(task=run.user["content"])

    asyncio.run(drive())


FRAMEWORKS: dict[str, Callable] = {
    "LangChain `create_agent` + `WindowMiddleware`": langchain,
    "OpenAI Agents `Runner.run` + `WindowInputFilter`": openai_agents,
    "Strands `Agent` + `WindowConversationManager`": strands,
    "autogen `AssistantAgent` + `WindowChatCompletionContext`": autogen,
}


def best(fn: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    session = recorded_session(60 if args.quick else 240)
    calls = session.model_calls
    print(f"{calls} model calls, {len(session.messages())} messages\n")
    print(
        "| framework + adapter | alone, ms/call | with the adapter, ms/call | overhead, ms/call | ratio |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, drive in FRAMEWORKS.items():
        alone = best(lambda d=drive: d(session, False), args.repeat) / calls * 1e3
        managed = best(lambda d=drive: d(session, True), args.repeat) / calls * 1e3
        print(
            f"| {name} | {alone:.2f} | {managed:.2f} | {managed - alone:+.2f} | {managed / alone:.2f}x |"
        )


if __name__ == "__main__":
    main()
