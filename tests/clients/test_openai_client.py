"""The OpenAI client against a loopback server speaking the chat-completions wire format."""

from __future__ import annotations

from typing import Any

import pytest

from tests.clients.conftest import LOCAL_KEY, OPENAI_KEY
from tests.llm_servers import OpenAIServer, ok
from working_memory.clients import PRICES, ClientConfig, OpenAIClient, Price
from working_memory.protocols import LLMClient, LLMResponse, Usage

MESSAGES = [
    {"role": "system", "content": "You summarise."},
    {"role": "user", "content": "Summarise: edited src/app.py, tests pass."},
]


def _client(server: OpenAIServer, model: str = "gpt-4o-mini", **kwargs: Any) -> OpenAIClient:
    config = ClientConfig(
        provider="openai", model=model, base_url=server.base_url, api_key=OPENAI_KEY, **kwargs
    )
    return OpenAIClient(config)


def test_satisfies_the_protocol_and_returns_text_usage_latency_cost(
    openai_server: OpenAIServer,
) -> None:
    openai_server.push(
        ok("Edited src/app.py; tests pass.", prompt_tokens=1200, completion_tokens=40)
    )
    client = _client(openai_server)
    assert isinstance(client, LLMClient)
    response = client.complete(MESSAGES)
    assert isinstance(response, LLMResponse)
    assert response.content == "Edited src/app.py; tests pass."
    assert response.model == "gpt-4o-mini"
    assert response.usage == Usage(prompt_tokens=1200, completion_tokens=40, cached_prompt_tokens=0)
    assert 0 < response.latency_s < 5
    assert response.cost_usd == pytest.approx((1200 * 0.15 + 40 * 0.60) / 1e6)


def test_request_body_headers_and_auth_reach_the_server(openai_server: OpenAIServer) -> None:
    client = _client(
        openai_server,
        temperature=0.2,
        max_tokens=300,
        extra_headers={"X-Team": "memory"},
        extra_body={"seed": 7},
    )
    client.complete(MESSAGES)
    (request,) = openai_server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {OPENAI_KEY}"
    assert request.sent_key == OPENAI_KEY
    assert request.headers["x-team"] == "memory"
    assert request.body["model"] == "gpt-4o-mini"
    assert request.body["messages"] == MESSAGES
    assert request.body["temperature"] == 0.2
    # OpenAI's own API gets the new name; reasoning models reject the old one.
    assert request.body["max_completion_tokens"] == 300
    assert "max_tokens" not in request.body
    assert request.body["seed"] == 7
    assert "stream" not in request.body or request.body["stream"] is False


def test_unset_knobs_are_not_sent(openai_server: OpenAIServer) -> None:
    _client(openai_server).complete(MESSAGES)
    body = openai_server.requests[0].body
    assert set(body) == {"model", "messages"}


def test_compatible_server_gets_max_tokens_and_works_without_a_key() -> None:
    # Ollama, vLLM, llama.cpp, LM Studio: base URL + model, nothing else.
    with OpenAIServer() as server:
        client = OpenAIClient("qwen2.5:7b", base_url=server.base_url, max_tokens=256)
        assert client.config.provider == "openai-compatible"
        response = client.complete(MESSAGES)
        request = server.requests[0]
    assert response.content.startswith("echo: Summarise")
    assert request.body["max_tokens"] == 256
    assert "max_completion_tokens" not in request.body
    assert request.sent_key == "no-key-required"
    assert response.cost_usd is None  # a local model has no price entry: none is invented
    assert response.usage is not None
    assert response.usage.prompt_tokens > 0


def test_compatible_server_with_a_key_sends_it() -> None:
    with OpenAIServer(api_key=LOCAL_KEY) as server:
        OpenAIClient("llama3", base_url=server.base_url, api_key=LOCAL_KEY).complete(MESSAGES)
        assert server.requests[0].sent_key == LOCAL_KEY


def test_compatible_server_never_gets_the_openai_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    with OpenAIServer() as server:
        OpenAIClient("llama3", base_url=server.base_url).complete(MESSAGES)
        assert server.requests[0].sent_key != OPENAI_KEY


def test_cached_tokens_are_reported_and_priced(openai_server: OpenAIServer) -> None:
    openai_server.push(ok("ok", prompt_tokens=10_000, completion_tokens=100, cached_tokens=8_000))
    response = _client(openai_server, model="gpt-4.1").complete(MESSAGES)
    assert response.usage == Usage(10_000, 100, 8_000)
    assert response.cost_usd == pytest.approx((2_000 * 2.00 + 8_000 * 0.50 + 100 * 8.00) / 1e6)


def test_dated_snapshot_in_the_response_is_priced_as_its_model(openai_server: OpenAIServer) -> None:
    openai_server.push(
        ok("ok", model="gpt-4o-mini-2024-07-18", prompt_tokens=1000, completion_tokens=0)
    )
    response = _client(openai_server).complete(MESSAGES)
    assert response.model == "gpt-4o-mini-2024-07-18"
    assert response.cost_usd == pytest.approx(1000 * 0.15 / 1e6)


def test_price_table_edits_apply_to_existing_clients(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = _client(openai_server, model="house-model")
    openai_server.push(ok("a", prompt_tokens=1_000_000, completion_tokens=0))
    assert client.complete(MESSAGES).cost_usd is None
    monkeypatch.setitem(PRICES, "house-model", Price(input=3.0, output=4.0))
    openai_server.push(ok("b", prompt_tokens=1_000_000, completion_tokens=0))
    assert client.complete(MESSAGES).cost_usd == pytest.approx(3.0)


def test_per_client_price_table(openai_server: OpenAIServer) -> None:
    config = ClientConfig(
        provider="openai", model="gpt-4o-mini", base_url=openai_server.base_url, api_key=OPENAI_KEY
    )
    client = OpenAIClient(config, prices={"gpt-4o-mini": Price(1.0, 1.0)})
    openai_server.push(ok("x", prompt_tokens=500_000, completion_tokens=500_000))
    assert client.complete(MESSAGES).cost_usd == pytest.approx(1.0)


def test_with_settings_makes_a_variant_and_leaves_the_original(openai_server: OpenAIServer) -> None:
    client = _client(openai_server, temperature=0.0)
    hotter = client.with_settings(temperature=0.9)
    hotter.complete(MESSAGES)
    client.complete(MESSAGES)
    assert [r.body["temperature"] for r in openai_server.requests] == [0.9, 0.0]
    assert type(hotter) is OpenAIClient
    assert client.config.temperature == 0.0


def test_no_messages_is_a_clear_error(openai_server: OpenAIServer) -> None:
    with pytest.raises(ValueError, match="at least one message"):
        _client(openai_server).complete([])
    assert openai_server.requests == []


def test_missing_key_for_hosted_openai_says_what_to_set() -> None:
    from working_memory.clients import ClientNotConfigured

    with pytest.raises(ClientNotConfigured, match="OPENAI_API_KEY"):
        OpenAIClient("gpt-4o-mini")


def test_anthropic_config_is_refused() -> None:
    config = ClientConfig(provider="anthropic", model="claude-haiku-4-5", api_key="k")
    with pytest.raises(ValueError, match="AnthropicClient"):
        OpenAIClient(config)


def test_concurrent_calls_share_one_client() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with OpenAIServer(delay=0.2) as server:
        client = OpenAIClient("m", base_url=server.base_url)
        prompts = [[{"role": "user", "content": f"span {i}"}] for i in range(10)]
        with ThreadPoolExecutor(5) as pool:
            replies = list(pool.map(client.complete, prompts))
        peak = server.peak_concurrency
    assert [r.content for r in replies] == [f"echo: span {i}" for i in range(10)]
    assert peak == 5


@pytest.mark.parametrize("sdk", ["openai", "anthropic"])
def test_a_missing_sdk_names_the_extra(sdk: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from working_memory.clients import AnthropicClient

    monkeypatch.setitem(sys.modules, sdk, None)  # as if not installed
    cls = OpenAIClient if sdk == "openai" else AnthropicClient
    with pytest.raises(ImportError, match=r"pip install 'working-memory\[llm\]'"):
        cls("m", api_key="k")


def test_importing_the_package_loads_no_sdk() -> None:
    import subprocess
    import sys

    code = "import sys, working_memory.clients; print(sorted({'openai', 'anthropic'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
