"""Fixtures for the client tests: a clean environment and loopback servers with a key."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.llm_servers import AnthropicServer, OpenAIServer, Reply
from working_memory.clients import AnthropicClient, BaseClient, OpenAIClient

# Key-shaped on purpose, so that the redaction patterns would also catch them.
OPENAI_KEY = "sk-test-openai-0123456789abcdefXYZ"
ANTHROPIC_KEY = "sk-ant-test-0123456789abcdefXYZ"
LOCAL_KEY = "local-secret-7f3a9c2e1b"

_OWNED = ("OPENAI_", "ANTHROPIC_", "WM_")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> None:
    """No provider variable from the developer's shell, and no .env from the repo, leaks in."""
    for name in list(os.environ):
        if name.startswith(_OWNED):
            monkeypatch.delenv(name)
    (tmp_path / ".git").mkdir()  # type: ignore[operator]  # stops the .env search here
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    with OpenAIServer(api_key=OPENAI_KEY) as server:
        yield server


@pytest.fixture
def anthropic_server() -> Iterator[AnthropicServer]:
    with AnthropicServer(api_key=ANTHROPIC_KEY) as server:
        yield server


Make = Callable[..., tuple[Any, BaseClient]]


@pytest.fixture(params=["openai", "anthropic"])
def make(request: pytest.FixtureRequest) -> Iterator[Make]:
    """make(script, **client_settings) -> (running server, client pointed at it)."""
    servers: list[Any] = []

    def build(script: list[Reply], **settings: Any) -> tuple[Any, BaseClient]:
        if request.param == "openai":
            server: Any = OpenAIServer(script, api_key=OPENAI_KEY).start()
            client: BaseClient = OpenAIClient(
                "gpt-4o-mini", base_url=server.base_url, api_key=OPENAI_KEY, **settings
            )
        else:
            server = AnthropicServer(script, api_key=ANTHROPIC_KEY).start()
            client = AnthropicClient(
                "claude-haiku-4-5", base_url=server.base_url, api_key=ANTHROPIC_KEY, **settings
            )
        servers.append(server)
        return server, client

    yield build
    for server in servers:
        server.close()
