"""`working-memory compact <transcript>`: one compaction of a span, with its metrics."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..compaction import TEMPLATES, SpanCompactor, get_template, make_summariser, render_span
from ..window import ManagedWindow
from ._common import (
    add_policy_options,
    add_run_option,
    budget_from,
    example_help,
    load_one,
    pins_from,
    positive_int,
    transcript_path,
)


def _prompt_option(value: str) -> str:
    """argparse type for --prompt: a shipped template name, an existing file, or template
    text with {span}; a path that does not exist is refused, never taken as the template."""
    if value in TEMPLATES or "{span}" in value:
        return value
    path = Path(value)
    if path.is_file():
        return value
    if path.exists():
        raise argparse.ArgumentTypeError(f"{value!r} is not a regular file")
    raise argparse.ArgumentTypeError(
        f"{value!r}: no such file, and not a template name ({', '.join(TEMPLATES)})"
    )


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compact",
        help="compact one span of a transcript and print the summary and its metrics",
        description="Summarises a span (the policy's next span by default) with the model configured "
        "in .env, or offline with the extractive compactor, and judges the summary.",
    )
    parser.add_argument(
        "transcript",
        type=transcript_path,
        help="path to the transcript file" + example_help(),
    )
    add_run_option(parser)
    parser.add_argument("--format", default="auto")
    parser.add_argument(
        "--prompt",
        default="default",
        type=_prompt_option,
        help=f"template name ({', '.join(TEMPLATES)}) or a file holding a template",
    )
    parser.add_argument(
        "--span", default="auto", help="auto (the policy's next span) or START:END message indices"
    )
    parser.add_argument(
        "--client",
        choices=("auto", "offline", "env"),
        default="auto",
        help="auto: the .env endpoint if configured, else offline (default)",
    )
    parser.add_argument("--word-limit", type=positive_int, default=200)
    parser.add_argument("--env-file", default=".env")
    parser.add_argument("--json", action="store_true")
    add_policy_options(parser)
    parser.set_defaults(run=run)


def _span(args: argparse.Namespace, transcript: Any) -> tuple[int, int]:
    messages = transcript.messages
    if args.span != "auto":
        try:
            start_text, end_text = args.span.split(":")
            start, end = int(start_text or 0), int(end_text or len(messages))
        except ValueError:
            raise ValueError(
                f"--span {args.span!r}: expected auto or START:END, e.g. 10:40"
            ) from None
        if not 0 <= start < end <= len(messages):
            raise ValueError(
                f"--span {args.span}: the transcript has messages 0..{len(messages) - 1}"
            )
        return start, end
    window = ManagedWindow(
        budget_from(args, transcript),
        pins_from(args, transcript),
        max_tool_tokens=None,
        messages=messages,
    )
    start, end = window.next_span(regardless_of_pressure=True)
    if end <= start:
        raise ValueError(
            "no compactable span: every message is pinned (try --keep-recent 0 or --span START:END)"
        )
    return start, end


def _compactor(args: argparse.Namespace, template: str) -> tuple[SpanCompactor, str]:
    client = None
    if args.client != "offline":
        from ..clients import client_from_env

        client = client_from_env(args.env_file, required=args.client == "env")
    label = repr(client) if client is not None else "offline extractive compactor"
    return make_summariser(client, word_limit=args.word_limit, prompt=template), label


def run(args: argparse.Namespace) -> int:
    from ..compaction import summary_metrics

    transcript = load_one(args)
    prompt_path = Path(args.prompt)
    template = (
        prompt_path.read_text(encoding="utf-8")
        if prompt_path.is_file()
        else get_template(args.prompt)
    )
    start, end = _span(args, transcript)
    span = transcript.messages[start:end]
    compactor, label = _compactor(args, template)
    result = compactor.compact(span)
    if result.error is not None:
        return _failed(args, start, end, label, result)
    score = summary_metrics(
        span,
        result.summary or "",
        counter=budget_from(args, transcript).token_counter,
        word_limit=args.word_limit,
    )
    if args.json:
        print(
            json.dumps(
                {
                    "span": [start, end],
                    "compactor": label,
                    "summary": result.summary,
                    "reason": result.reason,
                    "nothing": result.nothing,
                    "error": result.error,
                    "metrics": score.to_row(),
                },
                indent=2,
                default=str,
            )
        )
        return 0
    print(
        f"span {start}:{end} ({end - start} messages, {len(render_span(span))} chars) with {label}"
    )
    if result.summary is None:
        print(f"no summary: {result.reason}")
    else:
        print("\n" + result.summary + "\n")
    row = score.to_row()
    for key in (
        "span_tokens",
        "summary_tokens",
        "compression",
        "fact_retention",
        "facts_kept",
        "facts",
        "frequent_retention",
        "summary_words",
        "word_limit",
        "within_limit",
        "corrections_kept",
        "corrections",
        "nothing",
    ):
        if key in row:
            value = row[key]
            print(f"{key:>18}: {value:.3f}" if isinstance(value, float) else f"{key:>18}: {value}")
    if row.get("lost"):
        print(f"{'facts lost':>18}: {', '.join(map(str, list(row['lost'])[:12]))}")
    return 0


def _failed(args: argparse.Namespace, start: int, end: int, label: str, result: Any) -> int:
    """The summariser failed: no metrics (they would grade an empty summary), exit 1."""
    if args.json:
        out = {
            "span": [start, end],
            "compactor": label,
            "summary": None,
            "reason": result.reason,
            "nothing": False,
            "error": result.error,
            "metrics": None,
        }
        print(json.dumps(out, indent=2, default=str))
    print(
        f"working-memory compact: error: the summariser failed on span {start}:{end} "
        f"({label}): {result.error}",
        file=sys.stderr,
    )
    return 1
