"""The window inside the agent frameworks people use: one module per framework, each behind its
own extra, imported on first use with an error naming the extra.

- `working_memory.adapters.langchain`: `WindowMiddleware`, a LangChain v1 `AgentMiddleware`
  (``pip install 'working-memory[langchain]'``);
- `working_memory.adapters.openai_agents`: `ManagedSession` and `WindowInputFilter` for the
  OpenAI Agents SDK (``[openai-agents]``);
- `working_memory.adapters.strands`: `WindowConversationManager` for Strands Agents
  (``[strands]``);
- `working_memory.adapters.autogen`: `WindowChatCompletionContext` for autogen-core
  (``[autogen]``).

An adapter converts the framework's messages to the window's and back, and calls the window:
every rule (what is pinned, when to compact or evict, how calls pair with results) stays in
`ManagedWindow`, so a framework's agent sends what the window alone would send.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["EXTRAS"]

# adapter module -> (the framework's module it needs, the extra that installs it)
EXTRAS = {
    "langchain": ("langchain", "langchain"),
    "openai_agents": ("agents", "openai-agents"),
    "strands": ("strands", "strands"),
    "autogen": ("autogen_core", "autogen"),
}

_NAMES = {
    "WindowMiddleware": "langchain",
    "ManagedSession": "openai_agents",
    "WindowInputFilter": "openai_agents",
    "WindowConversationManager": "strands",
    "WindowChatCompletionContext": "autogen",
}


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
