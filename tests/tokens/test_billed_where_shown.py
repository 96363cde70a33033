"""Counted vs billed where people look: CLI inspect/replay, the HTML report, explorer, replay lab.

A log with usage whose count is more than 10% off the bill, uncalibrated, gets a visible warning
with the one-line fix; calibrated, it gets the calibrated figures and what the log is missing.
Replay and the workbench take the window from the log's model and say so.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.paths import TRANSCRIPTS, require_corpus
from working_memory import calibrate, load_transcript, replay
from working_memory.cli import main
from working_memory.replays import Policy, render_report

SPOTTER = TRANSCRIPTS / "claude-code" / "marot__spotter__258c7280-ae70-4798-800f-63464d01a85d.jsonl"
ASTROPY = TRANSCRIPTS / "openai" / "SWE-agent__mini-swe-agent__astropy__astropy-12907.traj.json"


@pytest.fixture(scope="module")
def spotter():
    require_corpus()
    return load_transcript(SPOTTER)


def test_cli_inspect_warns_and_calibrates(spotter, capsys):
    assert main(["inspect", str(SPOTTER)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"WARNING: Counted tokens are 0\.[56]\dx", out)
    assert "re-run with --calibrate" in out
    assert main(["inspect", str(SPOTTER), "--calibrate"]) == 0
    out = capsys.readouterr().out
    assert "WARNING" not in out
    assert "counted vs billed (approx, calibrated): median 1.0" in out
    assert "missing: after the compaction at message 231" in out
    assert main(["inspect", str(SPOTTER), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "--calibrate" in data["usage_check"]["warning"]


def test_cli_inspect_no_warning_when_close(capsys):
    require_corpus()
    assert main(["inspect", str(ASTROPY)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"counted vs billed \(approx, uncalibrated\): median 0\.9\d", out)
    assert "WARNING" not in out


def test_cli_replay_takes_the_window_from_the_model_and_calibrates(spotter, capsys):
    assert main(["replay", str(SPOTTER)]) == 0
    out = capsys.readouterr().out
    assert "window 200,000 tokens, from the log's model claude-opus-4-6" in out
    assert "WARNING: Counted tokens" in out
    assert main(["replay", str(SPOTTER), "--window", "150000", "--calibrate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["replays"][0]["policy"]["window"] == 150_000
    assert not any("window" in note for note in data["notes"])
    assert any("calibrated" in note for note in data["notes"])
    assert not any("WARNING" in note for note in data["notes"])


def test_report_warns_visibly_unless_calibrated(spotter):
    plain = render_report([replay(spotter, Policy(window=200_000, summariser="none"))])
    assert "<h2>Counted vs billed</h2>" in plain
    assert '<div class="warn"><b>Counts are off the bill.</b>' in plain
    assert "calibrate(transcript)" in plain
    policy = Policy(window=200_000, summariser="none", calibration=calibrate(spotter))
    fixed = render_report([replay(spotter, policy)])
    assert 'class="warn"' not in fixed
    assert "approx, calibrated" in fixed
    assert "per request" in fixed


def test_calibrated_policy_replays_with_the_billed_scale(spotter):
    import statistics

    policy = Policy(window=200_000, summariser="none", calibration=calibrate(spotter))
    calibrated = replay(spotter, policy)
    plain = replay(spotter, Policy(window=200_000, summariser="none"))
    # Before the production agent compacted, the replay's unmanaged context is what the log's
    # agent sent: counted with the calibration, it is what the provider billed, call by call.
    billed = {c.last_message + 1: c.total_input_tokens for c in spotter.calls}
    first = spotter.compactions[0].index
    for result, low, high in ((calibrated, 0.95, 1.05), (plain, 0.3, 0.7)):
        ratios = [
            tokens / billed[index]
            for index, tokens in zip(
                result.column("message_index"), result.column("unmanaged_tokens"), strict=True
            )
            if index in billed and index < first
        ]
        assert len(ratios) > 50
        assert low < statistics.median(ratios) < high
    assert calibrated.policy.to_dict() == plain.policy.to_dict()  # not a policy-file setting


def test_explorer_warns_and_the_checkbox_calibrates(spotter):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    from working_memory.workbench import TranscriptExplorer

    explorer = TranscriptExplorer(spotter)
    assert explorer.pins.policy.window == 200_000
    assert "from the log&#x27;s model claude-opus-4-6" in explorer.billing.value
    assert 'class="warn"' in explorer.billing.value
    assert "calibrate from billed usage" in explorer.billing.value
    explorer.calibrate.value = True
    assert explorer.pins.policy.calibration is not None
    assert explorer.usage_check is not None
    assert explorer.usage_check.calibration is explorer.pins.policy.calibration
    assert 'class="warn"' not in explorer.billing.value
    assert abs(explorer.usage_check.median - 1) < 0.03
    # Switching counters refits the calibration for the new counter.
    explorer.pins.update(counter="estimate")
    assert explorer.pins.policy.calibration.counter == "estimate"
    explorer.calibrate.value = False
    assert explorer.pins.policy.calibration is None
    assert 'class="warn"' in explorer.billing.value


def test_replay_lab_presets_take_the_log_window_and_warn(spotter):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    from working_memory.workbench import ReplayLab

    lab = ReplayLab(spotter)
    assert all(
        p.window == 200_000 for name, p in lab.state.policies.items() if name in ("default",)
    )
    lab.state.selected = ["default"]
    lab.run()
    assert 'class="warn"' in lab.billing.value
    assert "from the log&#x27;s model" in lab.billing.value
    lab.state.policy_state.set_calibrate(True)
    lab.run()
    assert 'class="warn"' not in lab.billing.value
    assert lab.state.replays["default"].policy.calibration is not None


def test_pin_editor_says_when_its_figures_are_off_the_bill(spotter):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    from working_memory.workbench import PinPolicyEditor

    editor = PinPolicyEditor(spotter)
    assert 'class="warn"' in editor.summary.value
    editor.upto.value = 100
    before = editor.state.preview.tokens
    editor.state.set_calibrate(True)
    editor.upto.value = 100
    assert 'class="warn"' not in editor.summary.value
    assert "calibrated" in editor.summary.value
    # The calibrated budget counts the system prompt and tools the log lacks: more tokens.
    assert editor.state.preview.tokens > before + 20_000


def test_replay_without_a_policy_takes_the_model_window(spotter):
    result = replay(spotter)
    assert result.policy.window == 200_000
    assert any("from the log's model claude-opus-4-6" in n for n in result.notes)
    assert replay(spotter, Policy()).policy.window == 128_000  # a given policy is kept
