"""Small spans written by hand, each with the answers a continuing agent needs, also by hand.

The expected answers were written from reading the span, not from running the code: they
check `span_state`/`continuation_expectations` (and so the probes and the handoff), rather
than letting the compactor be graded by its own heuristics.
"""

from __future__ import annotations

import json
from typing import Any


def _call(call_id: str, name: str, **args: Any) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }


def _assistant(text: str | None, *calls: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": text, "tool_calls": list(calls)}


def _tool(call_id: str, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": text}


# Claude Code, as the loaders deliver it: TodoWrite, Read with numbered lines, Edit, Bash.
CLAUDE_STYLE: list[dict[str, Any]] = [
    {"role": "system", "content": "You are a coding agent."},
    {"role": "user", "content": "Make load_config() return a str and keep the tests green"},
    _assistant(
        "I'll plan this first.",
        _call(
            "t1",
            "TodoWrite",
            todos=[
                {"content": "Fix load_config return type", "status": "in_progress"},
                {"content": "Run the test suite", "status": "pending"},
            ],
        ),
    ),
    _tool("t1", "Todos have been modified successfully."),
    _assistant(None, _call("r1", "Read", file_path="/repo/src/app/config.py", limit=40)),
    _tool(
        "r1",
        "     1→import os\n     2→\n  1251→def load_config(path):\n  1252→    return 1\n  1253→",
    ),
    _assistant(
        None,
        _call(
            "e1",
            "Edit",
            file_path="/repo/src/app/config.py",
            old_string="    return 1",
            new_string="    return str(1)",
            replace_all=False,
        ),
    ),
    _tool("e1", "The file /repo/src/app/config.py has been updated."),
    _assistant(None, _call("b1", "Bash", command="pytest -q tests/test_config.py", timeout=30000)),
    _tool(
        "b1",
        "Exit code 1\nF\n    assert load_config('x') == '2'\n"
        "E   AssertionError: assert '1' == '2'\n1 failed in 0.12s",
    ),
    _assistant(
        None,
        _call(
            "e2",
            "Edit",
            file_path="/repo/tests/test_config.py",
            old_string="== '2'",
            new_string="== '1'",
        ),
    ),
    _tool("e2", "The file /repo/tests/test_config.py has been updated."),
    _assistant(None, _call("b2", "Bash", command="pytest -q tests/test_config.py")),
    _tool("b2", ".\n1 passed in 0.10s"),
    {"role": "user", "content": "also add a CHANGELOG entry, and run mypy"},
    _assistant(
        None,
        _call(
            "t2",
            "TodoWrite",
            todos=[
                {"content": "Fix load_config return type", "status": "completed"},
                {"content": "Run the test suite", "status": "completed"},
                {"content": "Add a CHANGELOG entry", "status": "in_progress"},
                {"content": "Run mypy on src", "status": "pending"},
            ],
        ),
    ),
    _tool("t2", "Todos have been modified successfully."),
    _assistant(
        None, _call("w1", "Write", file_path="/repo/CHANGELOG.md", content="- load_config: str\n")
    ),
    _tool("w1", "File created successfully at: /repo/CHANGELOG.md"),
    _assistant(None, _call("b3", "Bash", command="mypy src")),
    _tool(
        "b3",
        'src/app/cli.py:12: error: Argument 1 to "open" has incompatible type "int"\n'
        "Found 1 error in 1 file (checked 4 source files)",
    ),
    _assistant("mypy flags cli.py. Next I'll fix the open() call in src/app/cli.py."),
]

CLAUDE_EXPECTED = {
    "user_messages": (
        "Make load_config() return a str and keep the tests green",
        "also add a CHANGELOG entry, and run mypy",
    ),
    "latest_request": "also add a CHANGELOG entry, and run mypy",
    "files_edited": ("/repo/src/app/config.py", "/repo/tests/test_config.py", "/repo/CHANGELOG.md"),
    "files_created": ("/repo/CHANGELOG.md",),
    "files_read_only": (),
    "last_error": 'src/app/cli.py:12: error: Argument 1 to "open" has incompatible type "int"',
    "fixed_errors": ("AssertionError: assert '1' == '2'",),
    "pending_todos": ("Add a CHANGELOG entry", "Run mypy on src"),
    "next_step": "Add a CHANGELOG entry",
    "stated_next": "Next I'll fix the open() call in src/app/cli.py.",
}

# Codex: exec_command with argv, update_plan, apply_patch with a plain-text patch.
_PATCH = """*** Begin Patch
*** Update File: src/server.ts
@@
-import config from './conf'
+import config from './config'
*** Add File: src/config.ts
+export default { port: 8080 }
*** End Patch"""

CODEX_STYLE: list[dict[str, Any]] = [
    {"role": "user", "content": "The server does not start. Fix it and set the port to 8080."},
    _assistant(
        None,
        _call(
            "p1",
            "update_plan",
            plan=[
                {"step": "Reproduce the start failure", "status": "in_progress"},
                {"step": "Fix the import", "status": "pending"},
                {"step": "Set port 8080", "status": "pending"},
            ],
        ),
    ),
    _tool("p1", "Plan updated"),
    _assistant(None, _call("x1", "exec_command", cmd=["bash", "-lc", "npm start"])),
    _tool(
        "x1",
        "Exit code 1\nError: Cannot find module './conf'\nRequire stack:\n- /w/src/server.ts",
    ),
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "a1",
                "type": "function",
                "function": {"name": "apply_patch", "arguments": _PATCH},
            }
        ],
    },
    _tool("a1", "Success. Updated the following files:\nM src/server.ts\nA src/config.ts"),
    _assistant(None, _call("x2", "exec_command", cmd=["bash", "-lc", "npm start"])),
    _tool("x2", "listening on 8080"),
    _assistant(
        None,
        _call(
            "p2",
            "update_plan",
            plan=[
                {"step": "Reproduce the start failure", "status": "completed"},
                {"step": "Fix the import", "status": "completed"},
                {"step": "Set port 8080", "status": "completed"},
                {"step": "Add a start-up test", "status": "pending"},
            ],
        ),
    ),
    _tool("p2", "Plan updated"),
]

CODEX_EXPECTED = {
    "user_messages": ("The server does not start. Fix it and set the port to 8080.",),
    "latest_request": "The server does not start. Fix it and set the port to 8080.",
    "files_edited": ("src/server.ts", "src/config.ts"),
    "files_created": ("src/config.ts",),
    "files_read_only": (),
    "last_error": None,  # the one error was fixed by the next `npm start`
    "fixed_errors": ("Error: Cannot find module './conf'",),
    "pending_todos": ("Add a start-up test",),
    "next_step": "Add a start-up test",
    "stated_next": None,
}

# Anthropic-native blocks: tool_use / tool_result with is_error; OpenHands' str_replace_editor.
ANTHROPIC_STYLE: list[dict[str, Any]] = [
    {"role": "user", "content": [{"type": "text", "text": "Rename the helper to parse_row"}]},
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Let me look at the file."},
            {
                "type": "tool_use",
                "id": "v1",
                "name": "str_replace_editor",
                "input": {"command": "view", "path": "/w/lib/rows.py"},
            },
        ],
    },
    {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "v1", "content": "def parse(r): ..."}],
    },
    {
        "role": "assistant",
        "content": [
            {
                "type": "tool_use",
                "id": "v2",
                "name": "str_replace_editor",
                "input": {
                    "command": "str_replace",
                    "path": "/w/lib/rows.py",
                    "old_str": "def parse_line(",
                    "new_str": "def parse_row(",
                },
            }
        ],
    },
    {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "v2",
                "is_error": True,
                "content": "No replacement was performed, old_str `def parse_line(` did not appear "
                "verbatim in /w/lib/rows.py.",
            }
        ],
    },
    {"role": "user", "content": [{"type": "text", "text": "it is called parse, not parse_line"}]},
    {
        "role": "assistant",
        "content": [{"type": "text", "text": "Thanks. I will rename parse to parse_row next."}],
    },
]

ANTHROPIC_EXPECTED = {
    "user_messages": ("Rename the helper to parse_row", "it is called parse, not parse_line"),
    "latest_request": "it is called parse, not parse_line",
    "files_edited": (),  # the one edit attempted failed
    "files_created": (),
    "files_read_only": ("/w/lib/rows.py",),
    "last_error": "No replacement was performed, old_str `def parse_line(` did not appear "
    "verbatim in /w/lib/rows.py.",
    "fixed_errors": (),
    "pending_todos": (),
    "next_step": "I will rename parse to parse_row next.",
    "stated_next": "I will rename parse to parse_row next.",
}

FIXTURES = {
    "claude": (CLAUDE_STYLE, CLAUDE_EXPECTED),
    "codex": (CODEX_STYLE, CODEX_EXPECTED),
    "anthropic": (ANTHROPIC_STYLE, ANTHROPIC_EXPECTED),
}
