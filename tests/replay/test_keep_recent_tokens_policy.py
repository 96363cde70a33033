"""`keep_recent_tokens` is a Policy setting like `keep_recent`: declared once, it reaches the
window a replay builds, policy files, the CLI's flags and the pin editor's controls."""

from __future__ import annotations

import pytest

from working_memory.cli import build_parser
from working_memory.cli._common import policy_from
from working_memory.replays import Policy, replay, resolve_policy


def _session(turns: int = 60) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "TASK: go"}]
    for i in range(turns):
        messages.append({"role": "assistant", "content": f"did {i} " + "x " * 200})
        messages.append({"role": "user", "content": f"ok {i} " + "y " * 200})
    return messages


def test_the_replayed_window_pins_the_newest_tokens() -> None:
    policy = Policy(window=16_000, reserve_completion=500, keep_recent=2, keep_recent_tokens=3_000)
    assert policy.build_window().pins.keep_recent_tokens == 3_000
    messages = _session()
    plain = replay(messages, policy.replace(keep_recent_tokens=None))
    by_tokens = replay(messages, policy)
    recent = sum(1 for r in by_tokens.final_pin_reasons if r == "recent")
    assert sum(1 for r in plain.final_pin_reasons if r == "recent") == 2
    # ~200-word turns: 3,000 tokens reach back further than two messages.
    assert recent > 2
    window = policy.build_window()
    window.extend(messages)
    window.prepare()
    assert recent == sum(1 for r in window.pin_reasons() if r == "recent")


def test_policy_files_carry_it(tmp_path) -> None:
    path = tmp_path / "p.toml"
    path.write_text("[policy]\nkeep_recent_tokens = 4000\n")
    _, policy = resolve_policy(str(path))
    assert policy.keep_recent_tokens == 4_000
    assert Policy.from_dict(policy.to_dict()) == policy
    assert Policy().keep_recent_tokens is None
    with pytest.raises(ValueError, match="keep_recent_tokens=-5"):
        Policy(keep_recent_tokens=-5)


@pytest.mark.parametrize("command", [["replay", "t.jsonl"], ["simulate"], ["inspect", "t.jsonl"]])
def test_the_cli_has_a_flag_for_it(command: list[str]) -> None:
    args = build_parser().parse_args([*command, "--keep-recent-tokens", "2500"])
    assert policy_from(args).keep_recent_tokens == 2_500
    # "none" turns off what a policy file set (a flag's None means "not given").
    args = build_parser().parse_args([*command, "--keep-recent-tokens", "none"])
    assert policy_from(args, Policy(keep_recent_tokens=9)).keep_recent_tokens is None
    args = build_parser().parse_args([*command, "--max-tool-tokens", "none"])
    assert policy_from(args).max_tool_tokens is None
    assert policy_from(build_parser().parse_args(command)) == Policy()


def test_the_pin_editor_has_a_control_for_it() -> None:
    pytest.importorskip("ipywidgets")
    from working_memory.transcripts import Transcript
    from working_memory.workbench import PinPolicyEditor

    transcript = Transcript(_session(), format="openai", source="s.jsonl")
    policy = Policy(window=16_000, reserve_completion=500, keep_recent=2)
    editor = PinPolicyEditor(transcript, policy=policy)
    editor.upto.value = len(transcript.messages)
    before = len(editor.state.preview.pinned)
    control = editor.controls["keep_recent_tokens"]
    assert control.value == 0  # 0 stands for off
    control.value = 3_000
    assert editor.state.policy.keep_recent_tokens == 3_000
    assert len(editor.state.preview.pinned) > before
    control.value = 0
    assert editor.state.policy.keep_recent_tokens is None
