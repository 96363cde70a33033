"""Every subcommand's --help prints (a literal % in a setting's default once broke three)."""

from __future__ import annotations

import pytest

from working_memory.cli import build_parser, main

COMMANDS = sorted(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_prints(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    assert f"usage: working-memory {command}" in capsys.readouterr().out


def test_the_command_line_offers_no_summariser_it_cannot_build(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["replay", "x.json", "--summariser", "client"])
    assert "invalid choice: 'client'" in capsys.readouterr().err
