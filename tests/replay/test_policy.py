"""Policy: a plain value that builds the window, and that round-trips through files."""

from __future__ import annotations

import dataclasses
import json

import pytest

from working_memory.compaction import ExtractiveCompactor
from working_memory.replays import PRESETS, Policy, replay, resolve_policy


@pytest.mark.parametrize(
    ("changes", "check"),
    [
        ({"window": 32_000}, lambda w: w.limit == int(32_000 * 0.7) - 4_000),
        ({"keep_recent": 7}, lambda w: w.pins.keep_recent == 7),
        (
            {"strategy": "mask", "keep_tool_results": 5},
            lambda w: (w.strategy, w.keep_tool_results) == ("mask", 5),
        ),
        ({"strategy": "evict"}, lambda w: w.compactor is None),
        ({"summariser": "none"}, lambda w: w.compactor is None),
        ({}, lambda w: isinstance(w.compactor, ExtractiveCompactor)),
        ({"word_limit": 50}, lambda w: w.compactor.word_limit == 50),
        ({"compact_at": 0.5, "evict_at": 0.8}, lambda w: (w.compact_at, w.evict_at) == (0.5, 0.8)),
        ({"max_tool_tokens": None}, lambda w: w.max_tool_tokens is None),
        (
            {"max_span_tokens": 9_000, "max_summaries": 2},
            lambda w: (w.max_span_tokens, w.max_summaries) == (9_000, 2),
        ),
        ({"counter": "estimate"}, lambda w: w.budget.token_counter.name == "estimate"),
        ({"pin_corrections": False}, lambda w: w.pins.pin_corrections is False),
    ],
)
def test_build_window_carries_each_setting(changes, check):
    assert check(Policy(**changes).build_window())


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"strategy": "fold"}, "strategy='fold'"),
        ({"summariser": "gpt"}, "summariser='gpt'"),
        ({"summariser": "client"}, "needs a client"),
        ({"compact_at": 0.95, "evict_at": 0.9}, "compact_at=0.95"),
        ({"keep_recent": -1}, "keep_recent=-1"),
        ({"window": 1_000}, "limit"),
        ({"max_tool_tokens": 10**7}, "max_tool_tokens"),
        ({"window": "big"}, "window='big'"),
        ({"pin_task": 1}, "pin_task=1"),
        ({"keep_recent": True}, "keep_recent=True"),
        ({"ratio": float("nan")}, "finite"),
        ({"counter": "nonsense"}, "counter='nonsense'"),
        ({"explicit": {-3}}, "never negative"),
    ],
)
def test_bad_settings_are_one_clear_error(changes, message):
    with pytest.raises(ValueError, match=r"invalid Policy|Budget") as info:
        Policy(**changes)
    assert message in str(info.value)


def test_client_is_not_part_of_the_value():
    class FakeClient:
        def complete(self, *a, **k):  # pragma: no cover - never called
            raise AssertionError

    client = FakeClient()
    with_client = Policy(summariser="client", client=client)
    assert "client" not in with_client.to_dict()
    assert "FakeClient" not in repr(with_client)
    assert with_client == Policy(summariser="client", client=object())
    assert type(with_client.compactor()).__name__ == "Compactor"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_round_trip_through_dicts_and_json(name, tmp_path):
    policy = PRESETS[name]
    assert Policy.from_dict(policy.to_dict()) == policy
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(policy.to_dict()))
    assert Policy.from_file(path) == policy
    policy.build_window()  # every preset builds


def test_explicit_pins_serialise_sorted_and_come_back_as_a_frozenset():
    policy = Policy(explicit=[9, 2, 5])  # type: ignore[arg-type]
    assert policy.explicit == frozenset({2, 5, 9})
    assert policy.to_dict()["explicit"] == [2, 5, 9]
    assert Policy.from_dict(policy.to_dict()).explicit == frozenset({2, 5, 9})


def test_toml_file_with_a_preset_and_a_policy_table(tmp_path):
    path = tmp_path / "team.toml"
    path.write_text('[policy]\npreset = "masking"\nwindow = 32000\nkeep_tool_results = 5\n')
    policy = Policy.from_file(path)
    assert (policy.strategy, policy.window, policy.keep_tool_results) == ("mask", 32_000, 5)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("bad.json", '{"window": 32000,\n "keep_recent": }', r"bad\.json:2:\d+: invalid JSON"),
        ("typo.json", '{"keep_recnt": 3}', r"typo\.json: unknown setting\(s\) 'keep_recnt'"),
        ("type.json", '{"window": "32k"}', r"type\.json: .*window='32k': expected int"),
        ("list.json", "[1, 2]", r"list\.json: expected a table of settings"),
        ("preset.json", '{"preset": "nope"}', r"preset\.json: unknown preset 'nope'"),
        ("pins.json", '{"explicit": "1,2"}', r"pins\.json: explicit: expected a list"),
        ("bad.toml", "window = = 3", r"bad\.toml: invalid TOML"),
    ],
)
def test_bad_policy_files_name_the_file_and_what_was_expected(tmp_path, name, text, expected):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match=expected):
        Policy.from_file(path)


def test_resolve_policy_takes_presets_files_mappings_and_values(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text('{"keep_recent": 9}')
    assert resolve_policy("hybrid") == ("hybrid", PRESETS["hybrid"])
    assert resolve_policy(path) == ("mine", Policy(keep_recent=9))
    assert resolve_policy({"keep_recent": 9})[1] == Policy(keep_recent=9)
    with pytest.raises(ValueError, match="neither a preset"):
        resolve_policy(tmp_path / "missing.json")


def test_policy_is_frozen_and_changes_lists_only_differences():
    policy = Policy(keep_recent=6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.keep_recent = 3  # type: ignore[misc]
    assert policy.changes() == {"keep_recent": 6}
    assert policy.replace(window=64_000).changes() == {"keep_recent": 6, "window": 64_000}


def test_the_old_preset_name_is_gone() -> None:
    with pytest.raises(ValueError, match="neither a preset"):
        resolve_policy("seed")
    assert resolve_policy("chars4") == ("chars4", PRESETS["chars4"])


def test_replay_applies_the_policys_own_correction_rule() -> None:
    """The replayed window pins what `policy.build_window()` pins (it once used the defaults)."""
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "TASK: go"}]
    for i in range(60):
        messages.append({"role": "assistant", "content": f"did {i} " + "x " * 200})
        said = "BANANA stop that " if i == 3 else f"ok {i} "
        messages.append({"role": "user", "content": said + "y " * 200})
    policy = Policy(
        window=16_000, reserve_completion=500, correction_patterns=("BANANA",), keep_recent=2
    )
    result = replay(messages, policy)
    assert any("BANANA" in str(m.get("content")) for m in result.final_messages)
    built = policy.build_window()
    built.extend(messages)
    built.prepare()
    assert any("BANANA" in str(m.get("content")) for m in built.messages)


def test_replay_categories_follow_max_corrections() -> None:
    """More corrections than max_corrections: the old ones are unpinned in the window, and the
    replay's categories and pinned_survived say what the window did (a shadow copy once did not)."""
    from working_memory.replays._run import exact_breakdown

    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "TASK: go"}]
    for i in range(80):
        messages.append({"role": "assistant", "content": f"did {i} " + "x " * 100})
        said = f"No, use the staging database for step {i}. " if i % 3 == 0 else f"ok {i} "
        messages.append({"role": "user", "content": said + "y " * 100})
    seen: list[tuple[int, ...]] = []
    result = replay(
        messages,
        Policy(window=16_000, reserve_completion=500, keep_recent=2),
        on_call=lambda call, sent, window: seen.append(tuple(exact_breakdown(window))),
    )
    columns = ["tokens_system", "tokens_overhead", "tokens_tools", "tokens_pinned"]
    columns += ["tokens_summaries"]
    columns += ["tokens_recent", "tokens_other"]
    rows = [tuple(row) for row in result.timeline[columns].itertuples(index=False)]
    assert rows == seen
    assert result.stats.pinned_survived
