"""`working-memory demo`: a short real session against the endpoint `.env` configures."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ..budget import Budget
from ..compaction import Compactor
from ..transcripts import synthetic_session
from ..window import ManagedWindow
from ._common import positive_int


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="a short real session with one real compaction (needs an endpoint in .env)",
        description="Runs a synthetic coding session through a small managed window whose compactor "
        "is the model configured by WM_PROVIDER / WM_MODEL / WM_BASE_URL and the provider's key "
        "(environment or .env). Without one, says so and exits 0.",
    )
    parser.add_argument(
        "--env-file", default=".env", help="where to read settings from (default %(default)s)"
    )
    parser.add_argument(
        "--turns",
        type=positive_int,
        default=40,
        help="synthetic steps before the real call (default %(default)s)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..clients import ClientError, client_from_env, env_example_path
    except ImportError as exc:
        print(
            f"demo skipped: the [llm] extra is not installed ({exc}); pip install 'working-memory[llm]'"
        )
        return 0
    client = client_from_env(args.env_file, required=False)
    if client is None:
        print(
            "demo skipped: no endpoint configured. Set WM_PROVIDER and WM_MODEL (and OPENAI_API_KEY or "
            "ANTHROPIC_API_KEY, or WM_BASE_URL for a local server) in the environment or .env; "
            f"copy {env_example_path()} to .env to start from. "
            "Offline, try: working-memory simulate --turns 200"
        )
        return 0
    print(f"demo: using {client!r}")
    try:
        return _session(args, client)
    except ClientError as exc:
        # The endpoint failed (after the client's own retries): say so in one line.
        print(f"working-memory demo: error: the endpoint failed: {exc}", file=sys.stderr)
        return 1


def _session(args: argparse.Namespace, client: Any) -> int:
    window = ManagedWindow(
        budget=Budget(window=24_000, reserve_completion=2_000), compactor=Compactor(client)
    )
    started = time.perf_counter()
    for message in synthetic_session(args.turns, seed=7):
        window.append(message)
        if message["role"] == "tool" and window.open_tool_calls == 0:
            window.prepare()
            print(f"  call {window.calls:3d}: pressure {window.pressure():.2f}")
    for event in window.events:
        print(f"  event: {event}")
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    if failed and not any(e.kind in ("compacted", "nothing") for e in window.events):
        print(
            f"working-memory demo: error: every compaction failed ({len(failed)}); "
            f"the endpoint said: {failed[-1].reason}",
            file=sys.stderr,
        )
        return 1
    summaries = [
        m["content"] for m in window.messages if "turns compacted" in (m.get("content") or "")
    ]
    if summaries:
        print("\nthe summary the model wrote (read it: decisions and verbatim facts, or prose?):\n")
        print(summaries[-1])
    window.append(
        {"role": "user", "content": "In two lines: what is the task, and what is the next step?"}
    )
    reply = client.complete(window.prepare())
    print(f"\nthe model, from the managed window:\n{reply.content}")
    print(
        f"\n{window.calls} calls, {window.summariser_tokens} summariser tokens, "
        f"{time.perf_counter() - started:.1f} s"
    )
    return 0
