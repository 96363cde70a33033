"""The README's agent-loop example runs as written, against a real HTTP server on loopback."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.llm_servers import OpenAIServer, ok, raw

README = Path(__file__).resolve().parents[1] / "README.md"


def _completion(message: dict) -> str:
    return json.dumps(
        {
            "id": "chatcmpl-readme",
            "object": "chat.completion",
            "created": 1,
            "model": "m",
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                }
            ],
            "usage": {"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55},
        }
    )


def test_the_readme_agent_loop_runs(monkeypatch, tmp_path) -> None:
    text = README.read_text()
    code = re.search(
        r"\*\*Wrap an existing agent loop\*\*.*?```python\n(.*?)```", text, re.S
    ).group(1)
    assert "window.prepare()" in code
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "app.py"}'},
    }
    script = [
        raw(200, _completion({"role": "assistant", "content": None, "tool_calls": [call]})),
        raw(200, _completion({"role": "assistant", "content": "Done: fixed app.py"})),
    ]
    with (
        OpenAIServer(script=script) as agent,
        OpenAIServer(responder=lambda r: ok("- summary")) as summariser,
    ):
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("OPENAI_BASE_URL", agent.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-readme-0000000000")
        monkeypatch.setenv("WM_PROVIDER", "openai-compatible")
        monkeypatch.setenv("WM_BASE_URL", summariser.base_url)
        monkeypatch.setenv("WM_MODEL", "summariser")
        namespace = {
            "TOOLS": [
                {
                    "type": "function",
                    "function": {
                        "name": "read_file",
                        "parameters": {"type": "object", "properties": {}},
                    },
                }
            ],
            "SYSTEM": "You are a coding agent.",
            "TASK": "Fix app.py",
            "MODEL": "m",
            "run": lambda call: "def main():\n    return 1\n" * 3_000,
        }
        exec(compile(code, "README.md", "exec"), namespace)
        window = namespace["window"]
        roles = [m["role"] for m in window.messages]
        assert roles == ["system", "user", "assistant", "tool", "assistant"]
        assert "chars dropped" in window.messages[3]["content"]  # truncated at write time
        second_request = agent.requests[1].body["messages"]
        assert second_request[2]["tool_calls"][0]["id"] == "call_1"
        assert second_request[3]["tool_call_id"] == "call_1"


def test_the_readme_agent_loop_shows_each_event_once(monkeypatch, tmp_path, capsys) -> None:
    # Three tool turns, only the first with a result big enough to be cut: its event is news
    # on the first turn only (the loop used to print the window's last event on every turn).
    text = README.read_text()
    code = re.search(
        r"\*\*Wrap an existing agent loop\*\*.*?```python\n(.*?)```", text, re.S
    ).group(1)
    calls = [
        {
            "id": f"call_{i}",
            "type": "function",
            "function": {"name": "read_file", "arguments": "{}"},
        }
        for i in range(3)
    ]
    script = [
        *(
            raw(200, _completion({"role": "assistant", "content": None, "tool_calls": [c]}))
            for c in calls
        ),
        raw(200, _completion({"role": "assistant", "content": "Done"})),
    ]
    results = iter(["def main():\n    return 1\n" * 3_000, "ok", "ok"])
    with (
        OpenAIServer(script=script) as agent,
        OpenAIServer(responder=lambda r: ok("- summary")) as summariser,
    ):
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("OPENAI_BASE_URL", agent.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-readme-0000000000")
        monkeypatch.setenv("WM_PROVIDER", "openai-compatible")
        monkeypatch.setenv("WM_BASE_URL", summariser.base_url)
        monkeypatch.setenv("WM_MODEL", "summariser")
        namespace = {
            "TOOLS": [],
            "SYSTEM": "You are a coding agent.",
            "TASK": "Fix app.py",
            "MODEL": "m",
            "run": lambda call: next(results),
        }
        exec(compile(code, "README.md", "exec"), namespace)
    window = namespace["window"]
    printed = [line.strip() for line in capsys.readouterr().out.splitlines()]
    shown = [line for line in printed if not line.startswith("pressure")]
    assert len([line for line in printed if line.startswith("pressure")]) == 3
    assert window.events and shown == [str(e) for e in window.events]


def test_the_readme_compare_example_runs_offline(monkeypatch, tmp_path) -> None:
    from tests.paths import fixture

    text = README.read_text()
    code = re.search(
        r"## Real compactions, with or without a key\n\n```python\n(.*?)```", text, re.S
    ).group(1)
    # The path as written: `~` is the (temporary) home folder, where the session is.
    assert 'load_transcript("~/.claude/projects/my-repo/session.jsonl")' in code
    home = tmp_path / "home"
    session = home / ".claude" / "projects" / "my-repo" / "session.jsonl"
    session.parent.mkdir(parents=True)
    shutil.copyfile(fixture("claude-code-sidechain"), session)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    for name in (
        "WM_PROVIDER",
        "WM_MODEL",
        "WM_BASE_URL",
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "WM_API_KEY",
    ):
        monkeypatch.delenv(name, raising=False)
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    frame = namespace["frame"]
    assert len(frame) == 3 * 2
    assert set(frame["variant"]) == {"default", "state", "handoff"}
    assert frame["error"].isna().all() and (frame["fact_retention"] > 0).all()
