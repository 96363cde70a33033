"""`working-memory replay <transcript>`: what a policy would have done to a real session."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ._billing import add_calibrate_option, fit_to_log
from ._common import (
    add_policy_options,
    add_run_option,
    example_help,
    load_one,
    policy_for_log,
    positive_int,
    sparkline,
    table,
    transcript_path,
)

_COLUMNS = (
    ("calls", "calls"),
    ("billed_tokens", "billed"),
    ("unmanaged_billed_tokens", "unmanaged"),
    ("saved_share", "saved"),
    ("compactions", "compact"),
    ("evictions", "evict"),
    ("maskings", "mask"),
    ("truncations", "trunc"),
    ("summariser_calls", "summ.calls"),
    ("peak_pressure", "peak"),
    ("mean_pressure", "mean"),
    ("calls_over_limit", "over"),
    ("task_survived", "task"),
    ("orphaned_tool_calls", "orphans"),
)


def add_parser(subparsers: Any) -> None:
    from ..replays import PRESETS  # the policy options below load replays already

    parser = subparsers.add_parser(
        "replay",
        help="replay a transcript under one or more policies: pressure, cost, events",
        description="Feed a real transcript, call by call, through a managed window and report what "
        "the model would have seen: tokens billed with and without management, compactions, "
        "evictions, peak pressure, whether the task survived. Budget and policy flags override the "
        "setting in every policy replayed.",
    )
    parser.add_argument(
        "transcript",
        type=transcript_path,
        help="a transcript file (any format the loaders read), or a folder of them: then one row "
        "per policy with totals over every session" + example_help(),
    )
    add_run_option(parser)
    parser.add_argument(
        "--policy",
        default="default",
        metavar="FILE|PRESET",
        help="policy file (JSON or TOML) or preset name: "
        + ", ".join(PRESETS)
        + " (default %(default)s)",
    )
    parser.add_argument(
        "--compare",
        nargs="+",
        action="extend",
        default=[],
        metavar="FILE|PRESET",
        help="more policies to replay beside --policy",
    )
    parser.add_argument(
        "--html",
        metavar="PATH",
        help="write a self-contained HTML report here (needs the [notebook] extra: plotly)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument(
        "--out",
        metavar="RESULTS.parquet|.csv",
        help="write one row per session x policy here, as each session finishes",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="replay a folder on N processes (default: one after another in this process)",
    )
    add_policy_options(
        parser, ("budget", "pins", "window", "summariser"), default_text="default: the policy's"
    )
    add_calibrate_option(parser)
    parser.set_defaults(run=run)


def _policies(args: argparse.Namespace, transcript: Any = None) -> tuple[dict[str, Any], list[str]]:
    """Each policy named, with the flags given over it and the window rule of every command
    (`policy_for_log`); and the lines saying where the windows came from."""
    from ..replays import resolve_policy

    policies: dict[str, Any] = {}
    said: list[str] = []
    for spec in [args.policy, *args.compare]:
        name, policy = resolve_policy(spec)
        policy, note = policy_for_log(args, transcript, base=policy)
        if note and note not in said:
            said.append(note)
        unique, n = name, 2
        while unique in policies:
            unique, n = f"{name}-{n}", n + 1
        policies[unique] = policy
    return policies, said


def cost_table(replays: list[Any]) -> str:
    """Cost first (with the provider's prompt cache), tokens beside it, then the verdict."""
    from ..replays import cost_verdict, usd

    rows = []
    for r in replays:
        s = r.stats
        money = (
            [usd(s.cost_usd), usd(s.unmanaged_cost_usd), f"{s.saved_cost_share:.0%}"]
            if s.cost_usd is not None
            else ["no price", "no price", "-"]
        )
        rows.append(
            [
                r.name,
                *money,
                f"{s.saved_share:.0%}",
                s.cache_read_tokens,
                s.cache_write_tokens,
                s.cache_breaks,
            ]
        )
    headers = [
        "policy",
        "cost",
        "unmanaged",
        "saved $",
        "saved tok",
        "cache read",
        "write",
        "breaks",
    ]
    model = replays[0].stats.model or "unknown model"
    lines = [f"cost with the prompt cache ({model}):", table(rows, headers)]
    lines.extend(cost_verdict({r.name: r.stats for r in replays}))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ..replays import cost_verdict, replay

    if args.html:
        # Before the replay, not after it: a long replay must not end in a missing extra.
        try:
            import plotly  # noqa: F401
        except ImportError:
            raise ImportError(
                "--html needs plotly: pip install 'working-memory[notebook]'"
            ) from None
    if Path(args.transcript).is_dir() or args.out:
        return _corpus(args, _policies(args)[0])
    transcript = load_one(args)
    policies, windows = _policies(args, transcript)
    policies, said = fit_to_log(policies, transcript, args)
    said = [*windows, *said]
    replays = [replay(transcript, policy, name=name) for name, policy in policies.items()]
    report_path = None
    if args.html:
        from ..replays import write_report

        report_path = write_report(replays, args.html)
    broken = any(r.stats.orphaned_tool_calls for r in replays)
    if args.json:
        out = {
            "transcript": transcript.source,
            "format": transcript.format,
            "messages": len(transcript.messages),
            "html": str(report_path) if report_path else None,
            "notes": said,
            "replays": [
                {
                    "name": r.name,
                    "policy": r.policy.to_dict(),
                    "stats": r.stats.to_dict(),
                    "pressure": [round(p, 4) for p in r.pressure],
                    "real_compactions": [
                        {
                            "call": call,
                            "index": c.index,
                            "trigger": c.trigger,
                            "pre_tokens": c.pre_tokens,
                        }
                        for call, c in r.real_compactions
                    ],
                    "notes": r.notes,
                }
                for r in replays
            ],
        }
        out["verdict"] = cost_verdict({r.name: r.stats for r in replays})
        print(json.dumps(out, indent=2))
        return 1 if broken else 0
    print(f"{transcript.source} ({transcript.format}, {len(transcript.messages)} messages)")
    for line in said:
        print(line)
    print()
    print(cost_table(replays))
    print()
    rows = []
    for r in replays:
        stats = r.stats.to_dict()
        row: list[object] = [r.name]
        for key, _ in _COLUMNS:
            value = stats[key]
            if key == "saved_share":
                value = f"{value:.0%}"
            elif isinstance(value, bool):
                value = "yes" if value else "NO"
            elif value is None:
                value = "unknown"
            row.append(value)
        rows.append(row)
    print(table(rows, ["policy", *(label for _, label in _COLUMNS)]))
    print()
    width = max(len(r.name) for r in replays)
    top = max([1.0, *(r.stats.peak_pressure for r in replays)])
    print(
        f"pressure per call (0 .. {top:.2f}; compact at {replays[0].compact_at:.2f}, limit 1.00):"
    )
    for r in replays:
        print(f"{r.name.ljust(width)}  {sparkline(r.pressure, top=top)}")
    for r in replays:
        for call, compaction in r.real_compactions:
            where = f"call {call}" if call is not None else "after the last call"
            print(f"production agent compacted at {where} (message {compaction.index})")
        break  # the same for every policy
    for r in replays:
        for note in r.notes[:5]:
            print(f"note ({r.name}): {note}")
    if report_path:
        print(f"\nreport: {report_path}")
    if broken:
        print(
            "ORPHANED TOOL CALLS: a policy sent a tool call without its result (a bug; please report)"
        )
    return 1 if broken else 0


def _corpus(args: argparse.Namespace, policies: dict[str, Any]) -> int:
    """A folder (or --out): compare_policies streamed over every session, totals per policy."""
    import warnings

    from ..replays import compare_policies
    from ..transcripts import MARKDOWN_NOT_SUPPORTED, CorpusWarning, corpus_files

    if args.html:
        raise ValueError("--html reports one transcript; for a folder use --out results.csv")
    try:
        import pandas  # noqa: F401
    except ImportError:
        raise ImportError(
            "a folder replay (or --out) needs pandas: pip install 'working-memory[notebook]'"
        ) from None
    with warnings.catch_warnings():
        # The skipped files are printed below, once, not as warnings on stderr.
        warnings.simplefilter("ignore", CorpusWarning)
        frame = compare_policies(
            args.transcript,
            policies,
            workers=args.workers,
            out=args.out,
            progress=not args.json and sys.stderr.isatty(),
        )
    skipped = frame.attrs.get("skipped", [])
    markdown: list[Path] = []
    corpus_files(args.transcript, markdown=markdown)
    totals = corpus_totals(frame, list(policies))
    sessions = frame.transcript.nunique()
    if args.json:
        out = {
            "corpus": args.transcript,
            "files": frame.attrs.get("files"),
            "sessions": sessions,
            "out": args.out,
            "policies": totals,
            "skipped": skipped,
            "passed_over": [str(p) for p in markdown],
            "verdict": frame.attrs.get("verdict", []),
        }
        print(json.dumps(out, indent=2))
    else:
        from ..replays import usd

        headers = ["policy", "sessions", "priced", "cost", "unmanaged $", "breaks", "billed"]
        headers += ["unmanaged", "saved", "tasks lost", "task unknown", "peak", "over", "orphans"]
        rows = [
            [
                t["policy"],
                t["sessions"],
                t["priced_sessions"],
                usd(t["cost_usd"]),
                usd(t["unmanaged_cost_usd"]),
                t["cache_breaks"],
                t["billed_tokens"],
                t["unmanaged_billed_tokens"],
                f"{t['saved_share']:.0%}",
                t["tasks_lost"],
                t["task_unknown"],
                t["peak_pressure"],
                t["calls_over_limit"],
                t["orphaned_tool_calls"],
            ]
            for t in totals
        ]
        print(
            f"{args.transcript}: {sessions} sessions from {frame.attrs.get('files')} files; "
            f"{len(skipped)} skipped"
        )
        print()
        print(table(rows, headers))
        for line in frame.attrs.get("verdict", []):
            print(line)
        for item in skipped[:20]:
            print(f"skipped {item['path']}: {item['reason']}")
        if len(skipped) > 20:
            print(f"... {len(skipped) - 20} more skipped")
        if markdown:
            shown = ", ".join(str(p) for p in markdown[:5])
            more = f" and {len(markdown) - 5} more" if len(markdown) > 5 else ""
            print(
                f"passed over {len(markdown)} Markdown file(s): {shown}{more} "
                f"({MARKDOWN_NOT_SUPPORTED})"
            )
        if args.out:
            written = len(frame)
            print(
                f"\n{written} row{'s' if written != 1 else ''} (a session x policy each) written to {args.out}"
            )
    broken = bool(frame.orphaned_tool_calls.sum()) if len(frame) else False
    if broken and not args.json:
        print(
            "ORPHANED TOOL CALLS: a policy sent a tool call without its result (a bug; please report)"
        )
    return 1 if broken else 0


def corpus_totals(frame: Any, policies: list[str]) -> list[dict[str, Any]]:
    """Per policy: sessions, summed tokens, saved share of the sum, tasks lost / unknown, and
    the cost with the prompt cache over the sessions priced under every policy."""
    from ..replays import cost_totals

    money = cost_totals(frame.to_dict("records"))
    out = []
    for name in policies:
        part = frame[frame.policy == name]
        cost = money.get(name)
        billed, raw = int(part.billed_tokens.sum()), int(part.unmanaged_billed_tokens.sum())
        survived = part.task_survived
        out.append(
            {
                "policy": name,
                "sessions": len(part),
                "billed_tokens": billed,
                "unmanaged_billed_tokens": raw,
                "saved_share": 1 - billed / raw if raw else 0.0,
                "tasks_lost": int((survived == False).sum()),  # noqa: E712 - None is unknown
                "task_unknown": int(survived.isna().sum()),
                "peak_pressure": float(part.peak_pressure.max()) if len(part) else 0.0,
                "calls_over_limit": int(part.calls_over_limit.sum()),
                "orphaned_tool_calls": int(part.orphaned_tool_calls.sum()),
                "priced_sessions": cost.priced_sessions if cost else 0,
                "cost_usd": cost.cost_usd if cost else None,
                "unmanaged_cost_usd": cost.unmanaged_cost_usd if cost else None,
                "cache_breaks": int(part.cache_breaks.sum()),
            }
        )
    return out
