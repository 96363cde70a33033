"""`working-memory inspect <transcript>`: tokens, cumulative pressure and pins, per message."""

from __future__ import annotations

import argparse
import json
from itertools import accumulate
from typing import Any

from ..messages import content_text
from ..pins import tool_groups
from ._billing import add_calibrate_option, billed_check, billed_lines
from ._common import (
    add_policy_options,
    add_run_option,
    budget_from,
    example_help,
    load_one,
    pins_from,
    policy_for_log,
    table,
    transcript_path,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "inspect",
        help="per-message tokens, cumulative pressure and what the pin policy protects",
        description="Reads a transcript in any supported format (OpenAI chat, Anthropic, Claude Code, "
        "Codex, SWE-agent, OpenHands; detected from content) and prints one row per message.",
    )
    parser.add_argument(
        "transcript", type=transcript_path, help="path to the transcript file" + example_help()
    )
    add_run_option(parser)
    parser.add_argument("--format", default="auto", help="force a format instead of detecting it")
    parser.add_argument("--thread", default=None, help="show a subagent / sidechain thread by id")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--check-usage",
        action="store_true",
        help="put the counter's total beside the provider-reported input tokens of each call",
    )
    parser.add_argument(
        "--width", type=int, default=72, help="characters of text preview (default %(default)s)"
    )
    add_policy_options(parser)
    add_calibrate_option(parser)
    parser.set_defaults(run=run)


def rows_for(transcript: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    budget = budget_from(args, transcript)
    messages = transcript.messages
    tokens = [budget.message_tokens(m) for m in messages]
    cumulative = list(accumulate(tokens))
    reasons = pins_from(args, transcript).pin_reasons(
        messages, demonstrations=transcript.demonstrations
    )
    groups = tool_groups(messages)
    names: dict[str, str] = {}
    rows = []
    for index, message in enumerate(messages):
        for call in message.get("tool_calls") or ():
            names[str(call.get("id"))] = str((call.get("function") or {}).get("name"))
        tool = ",".join(
            str((c.get("function") or {}).get("name")) for c in message.get("tool_calls") or ()
        )
        if message.get("role") == "tool":
            tool = names.get(str(message.get("tool_call_id")), "?")
        text, _ = content_text(message.get("content"))
        provenance = transcript.provenance[index] if index < len(transcript.provenance) else None
        rows.append(
            {
                "index": index,
                "role": message.get("role"),
                "tool": tool,
                "tokens": tokens[index],
                "cumulative": cumulative[index],
                "pressure": round(cumulative[index] / budget.limit, 4),
                "pinned": reasons[index] or "",
                "group": groups[index],
                "source": provenance,
                "preview": " ".join(text.split())[: args.width],
            }
        )
    return rows


def run(args: argparse.Namespace) -> int:

    transcript = load_one(args)
    if args.thread:
        if args.thread not in transcript.threads:
            known = ", ".join(transcript.threads) or "none"
            raise ValueError(f"no thread {args.thread!r} in {args.transcript}; threads: {known}")
        transcript = transcript.threads[args.thread]
    if args.check_usage and not transcript.calls:
        raise ValueError(
            f"{args.transcript}: no model call in the log recorded its billed usage, so there is "
            "nothing to check (Claude Code, Codex, OpenHands and mini-swe-agent logs carry it)"
        )
    rows = rows_for(transcript, args)
    check = calibration = None
    if args.check_usage or transcript.calls:
        # Where the log recorded what each call was billed, show it beside our own count.
        check, calibration = billed_check(
            transcript, budget_from(args, transcript).token_counter, args.calibrate
        )
    if args.json:
        out: dict[str, Any] = {
            "source": str(transcript.source),
            "format": transcript.format,
            "messages": rows,
            "warnings": list(transcript.warnings),
            "threads": list(transcript.threads),
            "calls": len(transcript.calls),
            "compactions": len(transcript.compactions),
        }
        if check is not None:
            out["usage_check"] = {
                "summary": check.summary(),
                "warning": check.warning(fix="--calibrate"),
                "calibration": str(calibration) if calibration else None,
                "calls": [
                    {
                        "call": c.index,
                        "last_message": c.last_message,
                        "counted": c.counted,
                        "provider_input": c.provider_input,
                        "ratio": round(c.ratio, 4),
                        "model": c.model,
                    }
                    for c in check.calls
                ],
            }
        print(json.dumps(out, indent=2, default=str))
        return 0
    print(
        f"{transcript.source}  format={transcript.format}  messages={len(rows)}  "
        f"threads={len(transcript.threads)}  model calls recorded={len(transcript.calls)}  "
        f"real compactions={len(transcript.compactions)}"
    )
    for warning in transcript.warnings:
        print(f"warning: {warning}")
    print(
        table(
            [
                [
                    r["index"],
                    r["role"],
                    r["tool"],
                    r["tokens"],
                    r["cumulative"],
                    r["pressure"],
                    r["pinned"],
                    r["preview"],
                ]
                for r in rows
            ],
            ["#", "role", "tool", "tokens", "cumulative", "pressure", "pinned", "text"],
        )
    )
    total = rows[-1]["cumulative"] if rows else 0
    policy, window_note = policy_for_log(args, transcript)
    limit = policy.limit
    print(
        f"\ntotal {total} tokens = {total / limit:.2f} of the {limit}-token budget "
        f"({policy.window} window x {policy.ratio} - {policy.reserve_completion} reserve, "
        f"counter {policy.counter}); "
        f"{sum(bool(r['pinned']) for r in rows)} messages pinned"
        + (f"; {window_note}" if window_note else "")
    )
    if check is not None and check.calls:
        print(
            "\nprovider-reported input tokens per model call, beside this counter's total for what the model saw:"
        )
        calls = check.calls if args.check_usage else check.calls[:10]
        print(
            table(
                [
                    [
                        c.index,
                        c.last_message,
                        c.provider_input,
                        c.counted,
                        round(c.ratio, 3),
                        c.model or "",
                    ]
                    for c in calls
                ],
                ["call", "last msg", "billed input", "counted", "ratio", "model"],
            )
        )
        if len(calls) < len(check.calls):
            print(f"... {len(check.calls) - len(calls)} more calls (--check-usage shows all)")
        print(f"\n{check}")
    for line in billed_lines(check, calibration):
        print(line)
    return 0
