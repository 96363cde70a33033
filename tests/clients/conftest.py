"""Fixtures for the client tests: a clean environment and loopback servers with a key."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.llm_servers import AnthropicServer, OpenAIServer

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
