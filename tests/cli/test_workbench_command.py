"""The README's main command really starts JupyterLab on the explore notebook."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_working_memory_workbench_serves_the_explore_notebook(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlab")
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "ws"),
    }
    log = tmp_path / "lab.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "working_memory",
                "workbench",
                "--no-browser",
                "--port",
                str(port),
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        token = None
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and token is None:
            assert proc.poll() is None, log.read_text()
            match = re.search(
                rf"http://(?:127\.0\.0\.1|localhost):{port}/lab\S*\?token=(\w+)", log.read_text()
            )
            token = match.group(1) if match else None
            time.sleep(0.5)
        assert token, log.read_text()
        # JupyterLab serves the notebook's folder when started on a notebook file.
        url = f"http://127.0.0.1:{port}/api/contents/01-explore-a-transcript.ipynb?token={token}"
        with urllib.request.urlopen(url, timeout=30) as response:
            notebook = json.load(response)
        assert notebook["type"] == "notebook"
        assert any("Workbench" in "".join(cell["source"]) for cell in notebook["content"]["cells"])
    finally:
        proc.terminate()
        proc.wait(timeout=30)
