"""LLM clients behind the `[llm]` extra: OpenAI (and compatible servers) and Anthropic.

Both satisfy `working_memory.protocols.LLMClient`: `complete(messages) -> LLMResponse` with the
text, the provider-reported usage, latency and, where the price table knows the model, a
cost. The SDKs are imported when a client is built, not when this package is.

    from working_memory.clients import client_from_env
    client = client_from_env()          # WM_PROVIDER, WM_MODEL, WM_BASE_URL, *_API_KEY, .env
"""

from __future__ import annotations

from ._anthropic import DEFAULT_ANTHROPIC_MAX_TOKENS, AnthropicClient, to_anthropic
from ._base import BaseClient
from ._discover import LOCAL_SERVERS, LocalServer, discover_local_servers
from ._env import (
    ENV_VARIABLES,
    EnvValue,
    client_from_config,
    client_from_env,
    env_example_path,
    find_env_file,
    read_env_file,
    settings_from_env,
)
from ._errors import (
    ClientConfigError,
    ClientError,
    ClientNotConfigured,
    EmptyResponse,
    LLMCallError,
    MalformedResponse,
)
from ._openai import OpenAIClient
from ._prices import PRICES, PRICES_CHECKED, Price, estimate_cost, price_for
from ._settings import DEFAULT_MODELS, PROVIDERS, ClientConfig, Provider, Secret

__all__ = [
    "DEFAULT_ANTHROPIC_MAX_TOKENS",
    "DEFAULT_MODELS",
    "ENV_VARIABLES",
    "LOCAL_SERVERS",
    "PRICES",
    "PRICES_CHECKED",
    "PROVIDERS",
    "AnthropicClient",
    "BaseClient",
    "ClientConfig",
    "ClientConfigError",
    "ClientError",
    "ClientNotConfigured",
    "EmptyResponse",
    "EnvValue",
    "LLMCallError",
    "LocalServer",
    "MalformedResponse",
    "OpenAIClient",
    "Price",
    "Provider",
    "Secret",
    "client_from_config",
    "client_from_env",
    "discover_local_servers",
    "env_example_path",
    "estimate_cost",
    "find_env_file",
    "price_for",
    "read_env_file",
    "settings_from_env",
    "to_anthropic",
]
