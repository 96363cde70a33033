"""Finding a model server on this machine's well-known ports, only when asked."""

from __future__ import annotations

from tests.local_models import MODELS, local_models_server
from working_memory.clients import (
    LOCAL_SERVERS,
    OpenAIClient,
    client_from_env,
    discover_local_servers,
)


def test_a_server_on_a_well_known_port_is_found_with_its_models() -> None:
    with local_models_server() as port:
        found = discover_local_servers(timeout_s=0.3)
    mine = [s for s in found if s.base_url == f"http://127.0.0.1:{port}/v1"]
    assert mine, found
    assert mine[0].name == LOCAL_SERVERS[port]
    assert mine[0].models == MODELS


def test_nothing_listening_finds_nothing() -> None:
    # A port this test just closed: nothing answers there.
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert discover_local_servers(ports={port: "nobody"}) == []


def test_client_from_env_discovers_only_when_asked() -> None:
    with local_models_server() as port:
        assert client_from_env(None, environ={}, required=False) is None  # offline by default
        asked = client_from_env(None, environ={}, discover=True)
        by_env = client_from_env(None, environ={"WM_DISCOVER": "1"})
    for client in (asked, by_env):
        assert isinstance(client, OpenAIClient)
        assert client.config.provider == "openai-compatible"
        assert client.config.base_url is not None
        assert client.model in MODELS
    assert any(str(port) in (c.config.base_url or "") for c in (asked, by_env))
