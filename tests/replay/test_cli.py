"""`working-memory replay`: text, JSON and HTML output, policies from presets and files."""

from __future__ import annotations

import json

import pytest

from working_memory.cli import main

from .conftest import COMPACTED, MINI_SWE

SWE = str(MINI_SWE)
CALLS = "18"  # assistant messages in the fixture, each one model call


def test_text_output_has_a_row_and_a_sparkline_per_policy(capsys):
    code = main(["replay", SWE, "--window", "16000", "--compare", "masking", "evict-only"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    # cost leads (its own table), the token table follows
    cost = next(n for n, line in enumerate(lines) if line.startswith("cost with the prompt cache"))
    start = next(
        n for n, line in enumerate(lines) if line.startswith("policy") and "billed" in line
    )
    assert cost < start and "orphans" in lines[start]
    assert lines[cost + 1].split()[:3] == ["policy", "cost", "unmanaged"]
    for name in ("default", "masking", "evict-only"):
        row = next(line for line in lines[start:] if line.startswith(name + " "))
        assert row.split()[1] == CALLS
        priced = next(line for line in lines[cost:start] if line.startswith(name + " "))
        assert priced.split()[1].startswith("$") or priced.split()[1] == "no"
    sparks = [line for line in lines if any(ch in line for ch in "▁▂▃▄▅▆▇█")]
    assert len(sparks) == 3


def test_json_output_and_flags_override_every_policy(capsys, tmp_path):
    policy = tmp_path / "team.toml"
    policy.write_text('strategy = "hybrid"\nkeep_recent = 6\n')
    code = main(
        [
            "replay",
            SWE,
            "--policy",
            str(policy),
            "--compare",
            "evict-only",
            "--window",
            "16000",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    names = [r["name"] for r in data["replays"]]
    assert names == ["team", "evict-only"]
    team, evict = data["replays"]
    assert team["policy"]["strategy"] == "hybrid" and team["policy"]["keep_recent"] == 6
    assert team["policy"]["window"] == evict["policy"]["window"] == 16000
    assert evict["policy"]["strategy"] == "evict"
    assert len(team["pressure"]) == team["stats"]["calls"] == int(CALLS)
    assert team["stats"]["orphaned_tool_calls"] == 0 and team["stats"]["task_survived"]


def test_unset_flags_keep_the_policy_file_settings(capsys, tmp_path):
    policy = tmp_path / "p.json"
    policy.write_text('{"window": 20000, "compact_at": 0.5}')
    main(["replay", SWE, "--policy", str(policy), "--json"])
    settings = json.loads(capsys.readouterr().out)["replays"][0]["policy"]
    assert (settings["window"], settings["compact_at"], settings["keep_recent"]) == (20000, 0.5, 4)


def test_html_report_and_production_compaction_line(capsys, tmp_path):
    out_path = tmp_path / "r.html"
    code = main(["replay", str(COMPACTED), "--window", "16000", "--html", str(out_path)])
    out = capsys.readouterr().out
    assert code == 0 and out_path.stat().st_size > 1_000_000
    assert "production agent compacted at call" in out and f"report: {out_path}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "/nonexistent/t.jsonl"], "t.jsonl"),
        (["replay", SWE, "--policy", "nope"], "neither a preset"),
        (["replay", SWE, "--compact-at", "0.95"], "compact_at=0.95"),
    ],
)
def test_errors_are_one_line(capsys, argv, message):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "working-memory replay: error:" in err and message in err
    assert "Traceback" not in err
