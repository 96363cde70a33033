"""WindowSettings: one declaration per setting, and everything that offers or checks a
setting derives from it (the window, replay's Policy, the CLI, the pin editor, the report)."""

from __future__ import annotations

import dataclasses

import pytest

from working_memory import Budget, ManagedWindow, Policy, WindowSettings, config
from working_memory.settings import setting_fields


def test_defaults_come_from_config() -> None:
    s = WindowSettings()
    for name in ("compact_at", "evict_at", "min_gain", "min_span", "max_span_tokens"):
        assert getattr(s, name) == getattr(config, name.upper())
    assert (s.max_summaries, s.keep_tool_results) == (
        config.MAX_SUMMARIES,
        config.KEEP_TOOL_RESULTS,
    )
    assert s.max_tool_tokens == config.MAX_TOOL_TOKENS
    assert Policy().max_corrections == config.MAX_CORRECTIONS
    assert Policy().counter == config.COUNTER


def test_every_field_is_declared_with_help() -> None:
    declared = {f.name for f, _ in setting_fields(WindowSettings)}
    assert declared == {f.name for f in dataclasses.fields(WindowSettings)}
    for _, spec in setting_fields(Policy):
        assert spec.help and spec.kind


def test_settings_value_and_keywords_build_the_same_window() -> None:
    settings = WindowSettings(compact_at=0.6, evict_at=0.8, strategy="hybrid", max_summaries=5)
    a = ManagedWindow(Budget(window=32_000), settings=settings)
    b = ManagedWindow(
        Budget(window=32_000), compact_at=0.6, evict_at=0.8, strategy="hybrid", max_summaries=5
    )
    assert a.settings == b.settings == settings
    assert (a.compact_at, a.compact_to, a.evict_to) == (
        0.6,
        pytest.approx(0.42),
        pytest.approx(0.7),
    )
    # keywords win over the value they are given with
    c = ManagedWindow(settings=settings, compact_at=0.5)
    assert c.settings == settings.replace(compact_at=0.5)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"compact_at": 0.95, "evict_at": 0.9},
            "compact_at=0.95 must be above 0 and at most evict_at",
        ),
        ({"strategy": "fold"}, "strategy='fold': expected one of compact, mask, hybrid, evict"),
        ({"min_gain": 1.0}, "min_gain=1.0 must be in [0, 1)"),
        ({"max_summaries": 0}, "max_summaries=0 must be at least 1"),
        ({"keep_tool_results": -1}, "keep_tool_results=-1 must not be negative"),
        ({"compact_to": 0.9}, "compact_to=0.9 must be above 0 and at most compact_at"),
        ({"max_span_tokens": "big"}, "max_span_tokens='big': expected int"),
        ({"compact_at": float("nan")}, "expected a finite number"),
    ],
)
def test_bad_values_are_refused_with_the_setting_named(changes, message) -> None:
    with pytest.raises(ValueError) as info:
        WindowSettings(**changes)
    assert message in str(info.value)
    with pytest.raises(ValueError) as info:
        ManagedWindow(**changes)
    assert message in str(info.value)
    with pytest.raises(ValueError, match="invalid Policy") as info:
        Policy(**changes)
    assert message in str(info.value)


def test_configure_takes_a_value_or_names_and_refuses_unknown_ones() -> None:
    window = ManagedWindow(Budget(window=32_000))
    window.configure(WindowSettings(compact_at=0.5, evict_at=0.8))
    assert (window.settings.compact_at, window.compact_to) == (0.5, pytest.approx(0.35))
    window.configure(max_summaries=7)
    assert window.settings.max_summaries == 7 and window.settings.compact_at == 0.5
    with pytest.raises(TypeError, match="unknown setting"):
        window.configure(compact_att=0.5)
    with pytest.raises(ValueError, match="evict_at"):
        window.configure(compact_at=0.95)
    assert window.settings.compact_at == 0.5  # refused: nothing changed
    window.max_summaries = 2  # an attribute write goes through configure()
    assert window.settings.max_summaries == 2
    with pytest.raises(ValueError):
        window.max_summaries = 0
    with pytest.raises(TypeError, match="takes a WindowSettings"):
        ManagedWindow(Budget(), None, None, 2_000)  # type: ignore[arg-type]


def test_the_derived_targets_follow_their_threshold() -> None:
    window = ManagedWindow(Budget(window=32_000))
    window.configure(compact_at=0.8, evict_at=0.95)
    assert (window.compact_to, window.evict_to) == (pytest.approx(0.56), pytest.approx(0.85))
    window.configure(compact_to=0.3)
    assert window.compact_to == 0.3


def test_policy_is_the_window_settings_plus_budget_pins_and_summariser() -> None:
    window_names = set(WindowSettings.names())
    assert window_names <= {f.name for f, _ in setting_fields(Policy)}
    policy = Policy(compact_at=0.6, max_summaries=4, keep_recent=9)
    assert policy.window_settings() == WindowSettings(compact_at=0.6, max_summaries=4)
    window = policy.build_window()
    assert window.settings == policy.window_settings()
    assert Policy.from_dict(policy.to_dict()) == policy
    assert {"max_summaries", "min_span", "compact_to"} <= set(policy.to_dict())


def test_every_setting_has_a_flag_and_a_control_unless_declared_otherwise() -> None:
    from working_memory.cli import build_parser

    parser = build_parser()
    replay = next(
        a for a in parser._subparsers._group_actions[0].choices.items() if a[0] == "replay"
    )[1]
    dests = {action.dest for action in replay._actions}
    for f, spec in setting_fields(Policy):
        assert (f.name in dests) == spec.flag, f.name
    pytest.importorskip("ipywidgets")
    from working_memory.workbench import PinPolicyEditor

    editor = PinPolicyEditor()
    for f, spec in setting_fields(Policy):
        assert (f.name in editor.controls) == spec.control, f.name
    assert editor.controls["max_summaries"].value == config.MAX_SUMMARIES


def test_the_report_lists_every_setting() -> None:
    from working_memory import load_transcript, replay
    from working_memory.examples import example_path
    from working_memory.replays import render_report

    pytest.importorskip("plotly")
    transcript = load_transcript(example_path("coding-session"))
    html = render_report([replay(transcript, Policy(window=16_000, max_summaries=2), name="a")])
    for f, _ in setting_fields(Policy):
        assert f'data-setting="{f.name}"' in html


def test_assigning_settings_is_configure() -> None:
    window = ManagedWindow(Budget(window=32_000))
    window.settings = WindowSettings(compact_at=0.4)
    assert window.compact_to == pytest.approx(0.28)  # the derived target follows
    with pytest.raises(ValueError, match="larger than the budget's limit"):
        window.settings = WindowSettings(max_tool_tokens=10**6)
    with pytest.raises(TypeError, match="takes a WindowSettings or keywords"):
        window.configure({"compact_at": 0.5})  # type: ignore[arg-type]
    assert window.settings.compact_at == 0.4
