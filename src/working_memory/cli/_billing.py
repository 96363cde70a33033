"""Counted against billed, for the commands that read a log: `--calibrate` and the warning."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..tokens import Calibration, CountCheck

__all__ = ["add_calibrate_option", "billed_check", "billed_lines"]

FIX = "re-run with --calibrate"


def add_calibrate_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="fit the counter to the provider's billed input tokens recorded in the log "
        "(per-request overhead and tokenizer scale) and count with that",
    )


def billed_check(
    transcript: Any, counter: Any, calibrate: bool
) -> tuple[CountCheck | None, Calibration | None]:
    """check_counts of the log (None without usage), calibrated from the log when asked."""
    from ..tokens import calibrate as fit
    from ..tokens import check_counts

    if not any(c.total_input_tokens > 0 for c in transcript.calls or ()):
        return None, None
    calibration = None
    if calibrate:
        try:
            calibration = fit(transcript, counter=counter)
        except ValueError as exc:  # too few calls: say so, count uncalibrated
            print(f"warning: --calibrate: {exc}")
    check = check_counts(transcript, None if calibration else counter, calibration=calibration)
    return check, calibration


def billed_lines(check: CountCheck | None, calibration: Calibration | None) -> list[str]:
    """What to print: the headline, the calibration and what the log lacks, or the warning."""
    if check is None:
        return []
    lines = [check.headline()]
    if calibration is not None:
        lines.append(calibration.describe())
    warning = check.warning(fix=FIX)
    if warning:
        lines.append(f"WARNING: {warning}")
    return lines


def fit_to_log(
    policies: dict[str, Any], transcript: Any, args: argparse.Namespace
) -> tuple[dict[str, Any], list[str]]:
    """Replay policies with a calibration from the log's billed usage with --calibrate (their
    window already follows the log, `policy_for_log`); and lines saying so."""
    said: list[str] = []
    first = next(iter(policies.values()))
    check, calibration = billed_check(transcript, first.counter, args.calibrate)
    if calibration is not None:
        policies = {
            name: p.replace(calibration=calibration) if p.counter == first.counter else p
            for name, p in policies.items()
        }
    return policies, [*said, *billed_lines(check, calibration)]
