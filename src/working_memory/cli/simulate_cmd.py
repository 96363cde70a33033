"""`working-memory simulate --turns N`: synthetic turns through a ManagedWindow, offline."""

from __future__ import annotations

import argparse
import itertools
import json
from typing import Any

from ..transcripts import SIM_TOOLS, synthetic_session
from ..window import ManagedWindow
from ._common import add_policy_options, policy_from, positive_int, sparkline


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="run a synthetic session through a managed window and print events and pressure",
        description="Synthetic coding-agent turns through a ManagedWindow with the offline extractive "
        "compactor. Proves, without spending a token, that the budget is never blown.",
    )
    parser.add_argument(
        "--turns",
        type=positive_int,
        default=200,
        help="agent steps to simulate (default %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print a JSON report instead of text")
    parser.add_argument(
        "--quiet", action="store_true", help="print the summary only, not every event"
    )
    add_policy_options(parser)
    parser.set_defaults(run=run)


def simulate(args: argparse.Namespace) -> dict[str, Any]:
    policy = policy_from(args)
    window = ManagedWindow(
        policy.budget(),
        policy.pin_policy(),
        policy.compactor(),  # the offline summariser: no token spent
        policy.window_settings(),
        tools=SIM_TOOLS,
    )
    messages = synthetic_session(args.turns, seed=args.seed)
    task = messages[1]["content"]
    curve: list[float] = []
    for message in messages:
        window.append(message)
        if message["role"] == "user" or (message["role"] == "tool" and _answered(window)):
            window.prepare()
            curve.append(window.pressure())
    compactions = [e.call for e in window.events if e.kind in ("compacted", "nothing")]
    gaps = [b - a for a, b in itertools.pairwise(compactions)]
    return {
        "turns": args.turns,
        "calls": window.calls,
        "limit": window.limit,
        "compact_at": window.settings.compact_at,
        "evict_at": window.settings.evict_at,
        "max_pressure": max(curve) if curve else 0.0,
        "final_pressure": window.pressure(),
        "budget_blown": any(p > window.settings.evict_at for p in curve),
        "compactions": len(compactions),
        "compaction_calls": compactions,
        "min_calls_between_compactions": min(gaps) if gaps else None,
        "evictions": sum(e.kind == "evicted" for e in window.events),
        "task_present": any(m.get("content") == task for m in window.messages),
        "pressure": [round(p, 4) for p in curve],
        "events": [str(e) for e in window.events],
    }


def _answered(window: ManagedWindow) -> bool:
    # The model is called once every tool call of the last assistant turn has its result.
    return window.open_tool_calls == 0


def run(args: argparse.Namespace) -> int:
    report = simulate(args)
    if args.json:
        print(json.dumps(report, indent=2))
        return 1 if report["budget_blown"] else 0
    if not args.quiet:
        for line in report["events"]:
            print(line)
        print()
    print(
        f"pressure over {report['calls']} model calls (0 .. {report['evict_at']:.2f} evict line):"
    )
    print(sparkline(report["pressure"], top=1.0))
    print()
    verdict = "never blown" if not report["budget_blown"] else "BLOWN"
    gap = report["min_calls_between_compactions"]
    apart = f" (at least {gap} calls apart)" if gap is not None else ""
    print(
        f"budget {verdict}: max pressure {report['max_pressure']:.2f} (compact at "
        f"{report['compact_at']:.2f}, evict at {report['evict_at']:.2f}, limit {report['limit']} tok)"
    )
    print(
        f"compactions: {report['compactions']}{apart}; "
        f"evictions: {report['evictions']}; task present at the end: {report['task_present']}"
    )
    return 1 if report["budget_blown"] else 0
