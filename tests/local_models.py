"""A loopback server on one of the well-known local ports, answering `GET /v1/models` as
ollama, llama.cpp, LM Studio and vLLM do; the test skips when every such port is taken."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from working_memory.clients import LOCAL_SERVERS

MODELS = ("qwen2.5:7b", "llama3.2:3b")


class _Models(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path.rstrip("/") != "/v1/models":
            self.send_error(404)
            return
        body = json.dumps(
            {"object": "list", "data": [{"id": m, "object": "model"} for m in MODELS]}
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def local_models_server() -> Iterator[int]:
    """Serve /v1/models on the first free well-known port; yields the port."""
    taken = []
    for port in LOCAL_SERVERS:
        try:
            server = ThreadingHTTPServer(("127.0.0.1", port), _Models)
        except OSError:
            taken.append(port)
            continue
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield port
        finally:
            server.shutdown()
            server.server_close()
        return
    pytest.skip(f"every well-known local port is taken here ({', '.join(map(str, taken))})")
