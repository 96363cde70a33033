"""Tier 2 of the design reference: `working-memory simulate --turns 500`, read as a person would."""

from __future__ import annotations

import json
import subprocess
import sys

from working_memory.cli import main


def test_simulate_500_turns_keeps_the_budget(capsys) -> None:
    assert main(["simulate", "--turns", "500", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert not report["budget_blown"]
    assert max(report["pressure"]) <= report["evict_at"]
    assert report["task_present"]
    # A steady cadence, not a compaction every call.
    assert report["compactions"] >= 5
    assert report["min_calls_between_compactions"] >= 3
    assert report["compactions"] < report["calls"] / 5


def test_simulate_text_output_shows_events_curve_and_verdict(capsys) -> None:
    assert main(["simulate", "--turns", "120", "--window", "32000"]) == 0
    out = capsys.readouterr().out
    assert (
        "compacted" in out
        and "budget never blown" in out
        and "task present at the end: True" in out
    )


def test_python_dash_m_and_help() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "working_memory", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for command in ("inspect", "simulate", "demo"):
        assert command in done.stdout


def test_bad_option_is_one_line_not_a_traceback(capsys) -> None:
    assert main(["simulate", "--turns", "10", "--window", "4096"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("working-memory simulate: error:") and "Traceback" not in err
