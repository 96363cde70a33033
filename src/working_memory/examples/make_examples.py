"""Regenerate the bundled example transcripts, byte for byte.

    python -m working_memory.examples.make_examples          # rewrite the files
    python -m working_memory.examples.make_examples --check  # exit 1 if they would change

One simulated coding session (`synthetic_session(TURNS, seed=RANDOM_STATE)`), written as
- an OpenAI chat request body `{"tools": [...], "messages": [...]}`, and
- an Anthropic Messages request body `{"system": ..., "tools": [...], "messages": [...]}`,
each message on its own line so a diff of the file reads like a diff of the session.
The size is chosen so the default 128k policy compacts a few times and a 32k window
compacts and evicts often, while each file stays near 400 kB.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..clients import to_anthropic
from ..transcripts._synthetic import SIM_TOOLS, synthetic_session
from . import _HERE, EXAMPLES

__all__ = ["RANDOM_STATE", "TURNS", "build_examples", "main"]

TURNS = 110
RANDOM_STATE = 11


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _document(head: dict[str, Any], messages: Sequence[dict[str, Any]]) -> bytes:
    """A JSON object whose `messages` list holds one message per line."""
    lines = ["{"]
    lines += [f"  {_dump(key)}: {_dump(value)}," for key, value in head.items()]
    lines.append('  "messages": [')
    lines += [
        f"    {_dump(m)}{',' if i < len(messages) - 1 else ''}" for i, m in enumerate(messages)
    ]
    lines += ["  ]", "}", ""]
    return "\n".join(lines).encode("utf-8")


def _anthropic_tool(tool: dict[str, Any]) -> dict[str, Any]:
    function = tool["function"]
    return {
        "name": function["name"],
        "description": function["description"],
        "input_schema": function["parameters"],
    }


def build_examples() -> dict[str, bytes]:
    """file name -> the exact bytes of each bundled example."""
    messages = synthetic_session(TURNS, seed=RANDOM_STATE)
    system, anthropic_messages = to_anthropic(messages)
    return {
        EXAMPLES["coding-session"]: _document({"tools": SIM_TOOLS}, messages),
        EXAMPLES["coding-session-anthropic"]: _document(
            {"system": system, "tools": [_anthropic_tool(t) for t in SIM_TOOLS]},
            anthropic_messages,
        ),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report files that would change")
    parser.add_argument("--out", type=Path, default=_HERE, help="folder to write to")
    args = parser.parse_args(argv)
    stale = []
    for name, data in build_examples().items():
        path = args.out / name
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(path)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path} ({len(data):,} bytes)")
    if args.check and stale:
        print("out of date: " + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
