"""Find OpenAI-compatible model servers already running on this machine.

Many users run a model locally (ollama, llama.cpp's server, LM Studio, vLLM), each on its
well-known port and each answering `GET /v1/models`. Probing is opt-in (`client_from_env`
only looks when asked) so the offline contract of the tests and notebooks stays as it is.
Plain `urllib`: the probe needs no SDK, and every port is tried at once.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from ._settings import ClientConfig

__all__ = ["LOCAL_SERVERS", "LocalServer", "discover_local_servers"]

# Port -> the server that listens there by default.
LOCAL_SERVERS: dict[int, str] = {
    11434: "ollama",
    8080: "llama.cpp",
    1234: "LM Studio",
    8000: "vLLM",
}


@dataclass(frozen=True)
class LocalServer:
    """A server found on this machine: its usual name, the base URL and the models it lists."""

    name: str
    base_url: str
    models: tuple[str, ...]

    def config(self, model: str | None = None) -> ClientConfig:
        """A ClientConfig for `model` on this server (default: the first one it lists)."""
        chosen = model or (self.models[0] if self.models else None)
        if chosen is None:
            raise ValueError(f"{self.name} at {self.base_url} lists no models")
        return ClientConfig(
            provider="openai-compatible",
            model=chosen,
            base_url=self.base_url,
            source=f"found: {self.name} at {self.base_url}",
        )


def _probe(host: str, port: int, name: str, timeout_s: float) -> LocalServer | None:
    base_url = f"http://{host}:{port}/v1"
    try:
        with urllib.request.urlopen(f"{base_url}/models", timeout=timeout_s) as response:
            body = json.loads(response.read(1_000_000))
    except (OSError, ValueError, urllib.error.URLError):
        return None  # nothing there, not HTTP, or not this API
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, list):
        return None
    models = tuple(
        str(item["id"])
        for item in data
        if isinstance(item, dict) and isinstance(item.get("id"), str)
    )
    return LocalServer(name, base_url, models)


def discover_local_servers(
    timeout_s: float = 0.3,
    *,
    host: str = "127.0.0.1",
    ports: dict[int, str] | None = None,
) -> list[LocalServer]:
    """The OpenAI-compatible servers answering `/v1/models` on this machine's well-known ports
    (`LOCAL_SERVERS`), in that order; each port is given `timeout_s`, all at once."""
    candidates = LOCAL_SERVERS if ports is None else ports
    with ThreadPoolExecutor(max_workers=max(1, len(candidates))) as pool:
        found = pool.map(lambda item: _probe(host, item[0], item[1], timeout_s), candidates.items())
        return [server for server in found if server is not None]
