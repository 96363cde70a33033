"""`working-memory workbench`: the shipped notebooks copied into a working folder (a user's
edit is never overwritten), JupyterLab serving them, and a stop that leaves no process behind."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

from working_memory.cli import main
from working_memory.cli._processes import alive, descendants
from working_memory.cli.workbench_cmd import (
    FIRST_NOTEBOOK,
    MANIFEST,
    copy_notebooks,
    shipped_notebooks,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def test_the_checkout_ships_its_own_notebooks_and_the_wheel_lists_them_all() -> None:
    assert shipped_notebooks() == ROOT / "notebooks"  # an editable install / a checkout
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    notebooks = {k: v for k, v in included.items() if k.startswith("notebooks/")}
    assert notebooks == {
        f"notebooks/{name}": f"working_memory/notebooks/{name}" for name in NOTEBOOKS
    }
    assert not (ROOT / "src" / "working_memory" / "notebooks").exists()  # one copy in the repo


def test_copy_keeps_a_users_edit_and_updates_what_it_copied(tmp_path: Path) -> None:
    folder = tmp_path / "work"
    assert copy_notebooks(folder) == dict.fromkeys(NOTEBOOKS, "copied")
    assert copy_notebooks(folder) == dict.fromkeys(NOTEBOOKS, "unchanged")
    edited, stale, deleted = folder / NOTEBOOKS[1], folder / NOTEBOOKS[2], folder / NOTEBOOKS[3]
    edited.write_text(edited.read_text(encoding="utf-8").replace("# ", "# My ", 1), "utf-8")
    deleted.unlink()
    # A newer release ships a changed notebook 03 (and the user's notebook 02 changed too).
    release = tmp_path / "release"
    shutil.copytree(ROOT / "notebooks", release, ignore=shutil.ignore_patterns("*.py"))
    for name in (NOTEBOOKS[1], NOTEBOOKS[2]):
        path = release / name
        path.write_text(path.read_text(encoding="utf-8").replace("# ", "# New ", 1), "utf-8")
    done = copy_notebooks(folder, release)
    assert done[NOTEBOOKS[0]] == "unchanged"
    assert done[NOTEBOOKS[1]] == "kept" and "# My " in edited.read_text(encoding="utf-8")
    assert done[NOTEBOOKS[2]] == "updated" and "# New " in stale.read_text(encoding="utf-8")
    assert done[NOTEBOOKS[3]] == "copied" and deleted.is_file()
    # still the user's, on every later run
    assert copy_notebooks(folder, release)[NOTEBOOKS[1]] == "kept"
    assert copy_notebooks(folder)[NOTEBOOKS[1]] == "kept"
    assert json.loads((folder / MANIFEST).read_text())[NOTEBOOKS[2]]


def test_print_names_the_transcript_the_folder_and_the_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WM_OUTPUT_DIR", raising=False)
    session = tmp_path / "my session.jsonl"
    session.write_text('{"role": "user", "content": "hi"}\n')
    assert main(["workbench", str(session), "--print"]) == 0
    printed = capsys.readouterr().out
    folder = tmp_path / "working-memory-notebooks"
    assert printed.startswith(f"WM_TRANSCRIPT='{session}' ")
    assert f"WM_OUTPUT_DIR={folder / 'working-memory-output'} " in printed
    assert f"--ServerApp.root_dir={folder}" in printed and str(folder / FIRST_NOTEBOOK) in printed
    assert sorted(p.name for p in folder.glob("*.ipynb")) == NOTEBOOKS
    assert main(["workbench", "--dir", str(tmp_path / "elsewhere"), "--print"]) == 0
    assert (tmp_path / "elsewhere" / FIRST_NOTEBOOK).is_file()
    assert main(["workbench", str(tmp_path / "nope.jsonl"), "--print"]) == 1
    assert "nope.jsonl: no such transcript file" in capsys.readouterr().err
    session.unlink()
    (tmp_path / "afile").write_text("")
    assert main(["workbench", "--dir", str(tmp_path / "afile"), "--print"]) == 1
    assert "is not a folder" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _request(url: str, token: str, method: str = "GET", body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def _environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    pairs = (item.decode(errors="replace").partition("=") for item in raw.split(b"\0") if item)
    return {key: value for key, _, value in pairs}


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_workbench_serves_the_copied_notebook_and_stops_with_its_kernels(
    tmp_path: Path, stop: signal.Signals
) -> None:
    pytest.importorskip("jupyterlab")
    port = _free_port()
    home = tmp_path / "home"
    cwd = tmp_path / "empty"
    cwd.mkdir()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "cfg"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "rt"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "ws"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
    }
    env.pop("WM_OUTPUT_DIR", None)
    log = tmp_path / "lab.log"
    session = ROOT / "tests" / "fixtures" / "openhands" / "invoice-rounding-events.json"
    argv = [sys.executable, "-m", "working_memory", "workbench", str(session), "--no-browser"]
    argv.append("--port")
    with log.open("w") as out:
        proc = subprocess.Popen(
            [*argv, str(port)], cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    tree: list[tuple[int, int]] = []
    try:
        token = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and token is None:
            assert proc.poll() is None, log.read_text()
            match = re.search(
                rf"http://(?:127\.0\.0\.1|localhost):{port}/lab\S*\?token=(\w+)", log.read_text()
            )
            token = match.group(1) if match else None
            time.sleep(0.5)
        assert token, log.read_text()
        base = f"http://127.0.0.1:{port}"
        notebook = _request(f"{base}/api/contents/{FIRST_NOTEBOOK}", token)
        assert notebook["type"] == "notebook"
        assert any("Workbench" in "".join(c["source"]) for c in notebook["content"]["cells"])
        assert (cwd / "working-memory-notebooks" / FIRST_NOTEBOOK).is_file()
        kernel = _request(f"{base}/api/kernels", token, "POST", {"name": "python3"})
        assert kernel["id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the server and the kernel it started
            tree = descendants(proc.pid)
            if len(tree) >= 2:
                break
            time.sleep(0.2)
        assert len(tree) >= 2, tree
        # the kernel sees the transcript to open and the output folder
        environments = [_environ(pid) for pid, _ in tree]
        assert any(e.get("WM_TRANSCRIPT") == str(session) for e in environments)
        output = cwd / "working-memory-notebooks" / "working-memory-output"
        assert all(e.get("WM_OUTPUT_DIR") == str(output) for e in environments if e)
        proc.send_signal(stop)
        assert proc.wait(timeout=90) == 128 + stop
        left = [pid for pid, start in tree if alive(pid, start)]
        assert left == [], f"left running: {left}\n{log.read_text()}"
        assert "stopping JupyterLab" in log.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        for pid, start in tree:  # never leak, even when an assertion above failed
            if alive(pid, start):
                os.kill(pid, signal.SIGKILL)


def test_the_workbench_opens_a_bundled_example_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from working_memory.examples import example_path

    monkeypatch.chdir(tmp_path)
    name = "coding-session-anthropic"
    assert main(["workbench", f"example:{name}", "--print"]) == 0
    assert capsys.readouterr().out.startswith(f"WM_TRANSCRIPT={example_path(name)} ")
