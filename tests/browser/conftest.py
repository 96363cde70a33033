"""A real JupyterLab on 127.0.0.1 and a real Chromium driving it (Playwright, no install).

Nothing is installed here: the test needs Debian's `/usr/bin/chromium` and the `playwright`
Python package. Without them it is skipped with the reason, unless `WM_REQUIRE_BROWSER=1`
(CI sets it), which turns the skip into a failure.

The server runs with no token on a free loopback port, in a temporary root holding copies
of the notebooks and the transcripts, with its own Jupyter config, data, runtime, settings
and workspace folders, so the user's own Jupyter setup cannot change what the test sees.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from working_memory.cli._processes import stop_tree

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # root in a container: the sandbox needs user namespaces we may not have
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT_S = 90.0  # JupyterLab answers in ~4 s here; 2 busy cores can make it much slower

# Lab settings the test pins down: no news or update checks (they pop notifications over the
# page and reach the network), and every cell rendered in the DOM (the default windowing
# leaves off-screen cells, and their outputs, out of the page).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def require_browser() -> str:
    """Chromium's path; skip (or fail, with WM_REQUIRE_BROWSER=1) when it or Playwright is missing."""
    missing = []
    if not Path(CHROMIUM).is_file():
        missing.append(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright package is not installed (pip install -e '.[dev]')")
    if missing:
        reason = "; ".join(missing)
        if os.environ.get("WM_REQUIRE_BROWSER") == "1":
            pytest.fail(f"WM_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(f"{reason}; set WM_REQUIRE_BROWSER=1 to fail instead of skipping")
    return CHROMIUM


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Lab:
    """A running JupyterLab: its base URL, its root folder and its log."""

    url: str
    root: Path
    log: Path
    process: subprocess.Popen[bytes]

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])


def _wait_until_up(lab: Lab, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if lab.process.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with {lab.process.returncode}:\n{lab.log_tail()}"
            )
        try:
            with urllib.request.urlopen(f"{lab.url}/api/status", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    raise RuntimeError(f"JupyterLab did not answer within {timeout:.0f} s:\n{lab.log_tail()}")


def _environment(home: Path, transcript: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        # No configured LLM endpoint: the notebooks must run offline, and no key may reach them.
        if not (k.startswith("WM_") or k.endswith("_API_KEY") or k.endswith("_BASE_URL"))
    }
    for name, folder in {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTERLAB_SETTINGS_DIR": "settings",
        "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
        "IPYTHONDIR": "ipython",
    }.items():
        (home / folder).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / folder)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["WM_TRANSCRIPT"] = str(transcript)  # the notebooks open this instead of the example
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _write_settings(settings: Path) -> None:
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def hostile_transcript(path: Path) -> Path:
    """The bundled example with script and event-handler HTML in the places panels show text."""
    from working_memory.examples import example_path

    doc = json.loads(example_path().read_text(encoding="utf-8"))
    script = "<script>window.__wm_xss=1</script>"
    image = '<img src=x onerror="window.__wm_xss=2">'
    messages = doc["messages"]
    messages[1]["content"] += f"\n\n{script} {image}"  # the task: pinned, selected in 01
    for message in messages:
        if message["role"] == "tool":
            message["content"] = f"{image}\n{message['content']}\n{script}"
            break
    messages.insert(
        4, {"role": "user", "content": f"No, {script}{image} use the staging database."}
    )
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    require_browser()
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "root"
    root.mkdir()
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy2(notebook, root / notebook.name)
    transcript = hostile_transcript(root / "hostile-session.json")
    env = _environment(base / "home", transcript)
    _write_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
    port = _free_port()
    log = base / "jupyterlab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}", "--LabApp.news_url=", "--ServerApp.terminals_enabled=False",
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # CI runs as root in a throwaway container
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    running = Lab(url=f"http://127.0.0.1:{port}", root=root, log=log, process=process)
    try:
        _wait_until_up(running, START_TIMEOUT_S)
        yield running
    finally:
        # The server and the kernels the notebooks started (in sessions of their own): a
        # test run leaves no process behind.
        stop_tree(process)


@pytest.fixture(scope="module")
def browser(lab: Lab) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


# -- the notebook's kernel, from the test -----------------------------------------------------
class Kernel:
    """The kernel behind a notebook open in the page, reached directly (jupyter_client), so a
    test can change a panel's state from code and read what Python holds, then compare the page."""

    def __init__(self, lab: Lab, page: Any, notebook: str) -> None:
        from jupyter_client import BlockingKernelClient

        sessions = page.evaluate("async () => await (await fetch('/api/sessions')).json()")
        ids = [s["kernel"]["id"] for s in sessions if s.get("path", "").endswith(notebook)]
        if not ids:
            raise RuntimeError(f"no kernel session for {notebook}: {sessions}")
        runtime = lab.root.parent / "home" / "runtime"  # JUPYTER_RUNTIME_DIR, see _environment
        files = list(runtime.glob(f"kernel-{ids[0]}.json"))
        if not files:
            raise RuntimeError(f"no connection file for kernel {ids[0]}")
        self.client = BlockingKernelClient()
        self.client.load_connection_file(str(files[0]))
        self.client.start_channels()
        self.client.wait_for_ready(timeout=60)

    def run(self, code: str, timeout: float = 240) -> None:
        """Run `code` (silently: nothing reaches the notebook's outputs); raise on its error."""
        reply = self.client.execute_interactive(code, silent=True, timeout=timeout)
        content = reply["content"]
        if content["status"] != "ok":
            raise RuntimeError(f"{content.get('ename')}: {content.get('evalue')}\n{code}")

    def value(self, expression: str, timeout: float = 240) -> Any:
        """The JSON value of `expression` (which must give a str of JSON) in the kernel."""
        import ast

        msg_id = self.client.execute(
            "", silent=True, user_expressions={"v": expression}, store_history=False
        )
        reply = self.client.get_shell_msg(timeout=timeout)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = self.client.get_shell_msg(timeout=timeout)
        result = reply["content"]["user_expressions"]["v"]
        if result["status"] != "ok":
            raise RuntimeError(f"{result.get('ename')}: {result.get('evalue')}\n{expression}")
        return json.loads(ast.literal_eval(result["data"]["text/plain"]))

    def close(self) -> None:
        self.client.stop_channels()
