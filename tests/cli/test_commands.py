"""The CLI, driven in-process: inspect on every format, compact, demo (skipped and for real).

They run on the project's fixtures (tests/fixtures/); `inspect` also runs on every file of the
real corpus when there is one (tests/paths.py says where)."""

from __future__ import annotations

import json

import pytest

from tests.llm_servers import OpenAIServer
from tests.paths import FIXTURE_FILES, REAL_FILES, fixture, real
from working_memory.cli import main


@pytest.mark.parametrize(
    "path",
    [*(pytest.param((fixture, name), id=name) for name in sorted(FIXTURE_FILES)),
     *(pytest.param((real, name), id=f"corpus-{name}", marks=pytest.mark.corpus)
       for name in sorted(REAL_FILES))],
)  # fmt: skip
def test_inspect_reads_every_format(path, capsys) -> None:
    where, name = path
    assert main(["inspect", str(where(name)), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["messages"], name
    assert out["messages"][0]["pinned"] in ("system", "task")
    assert all(row["tokens"] > 0 for row in out["messages"])
    cumulative = [row["cumulative"] for row in out["messages"]]
    assert cumulative == sorted(cumulative)


def test_inspect_text_table_and_provider_usage(capsys) -> None:
    assert main(["inspect", str(fixture("codex"))]) == 0
    out = capsys.readouterr().out
    assert "format=codex" in out and "pinned" in out and "task" in out
    assert "billed input" in out and "counted/provider mean" in out


def test_inspect_check_usage_json_has_a_row_per_call(capsys) -> None:
    assert main(["inspect", str(fixture("claude-code-compaction")), "--json", "--check-usage"]) == 0
    out = json.loads(capsys.readouterr().out)
    calls = out["usage_check"]["calls"]
    assert len(calls) == out["calls"] - out["usage_check"]["summary"]["skipped"]
    assert all(c["provider_input"] > 0 for c in calls)


def test_inspect_a_subagent_thread(capsys) -> None:
    assert main(["inspect", str(fixture("claude-code-sidechain")), "--json"]) == 0
    threads = json.loads(capsys.readouterr().out)["threads"]
    assert threads
    assert (
        main(["inspect", str(fixture("claude-code-sidechain")), "--thread", threads[0], "--json"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["messages"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("", "empty"),
        ("this is not a transcript\n", "rans"),
        ('{"messages": [{"role": "user", "content": "hi"}', ":1: not valid JSON"),
    ],
)
def test_inspect_bad_input_is_one_clear_line(tmp_path, capsys, content: str, expected: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert main(["inspect", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("working-memory inspect: error:") and str(path) in err and expected in err
    assert "Traceback" not in err


def test_inspect_a_missing_file(capsys) -> None:
    assert main(["inspect", "/nonexistent/t.jsonl"]) == 1
    assert "/nonexistent/t.jsonl" in capsys.readouterr().err


def test_compact_offline_prints_summary_and_metrics(capsys) -> None:
    assert main(["compact", str(fixture("swe-agent")), "--client", "offline", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"] and out["compactor"] == "offline extractive compactor"
    assert 0 < out["metrics"]["fact_retention"] <= 1 and out["metrics"]["compression"] > 1


def test_compact_against_a_real_endpoint(monkeypatch, capsys, tmp_path) -> None:
    with OpenAIServer(
        responder=lambda request: "- /src/marshmallow/fields.py: TimeDelta rounds with int()"
    ) as srv:
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("WM_PROVIDER", "openai-compatible")
        monkeypatch.setenv("WM_BASE_URL", srv.base_url)
        monkeypatch.setenv("WM_MODEL", "local-model")
        assert (
            main(
                [
                    "compact",
                    str(fixture("swe-agent")),
                    "--client",
                    "env",
                    "--span",
                    "2:10",
                    "--prompt",
                    "state",
                ]
            )
            == 0
        )
        out = capsys.readouterr().out
        assert "TimeDelta rounds with int()" in out and "span 2:10" in out
        sent = srv.requests[0].body["messages"][0]["content"]
        assert "USER_CONTEXT" in sent  # the 'state' template was used


def test_compact_bad_span(capsys) -> None:
    assert main(["compact", str(fixture("openhands")), "--span", "5:2"]) == 1
    assert "--span 5:2" in capsys.readouterr().err


def test_demo_without_an_endpoint_says_why(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    for name in (
        "WM_PROVIDER",
        "WM_MODEL",
        "WM_BASE_URL",
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "WM_API_KEY",
    ):
        monkeypatch.delenv(name, raising=False)
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "demo skipped: no endpoint configured" in out
    # The file to start from, by a path that exists (a pip user has no checkout to look in).
    from working_memory.clients import env_example_path

    example = env_example_path()
    assert example.is_absolute() and example.is_file()
    assert f"copy {example} to .env" in out


def test_demo_runs_a_real_session_against_a_configured_endpoint(
    monkeypatch, tmp_path, capsys
) -> None:
    with OpenAIServer(
        responder=lambda request: "- task: integer cents in src/billing/service.py"
    ) as srv:
        monkeypatch.chdir(tmp_path)
        (tmp_path / ".env").write_text(
            f"WM_PROVIDER=openai-compatible\nWM_BASE_URL={srv.base_url}\nWM_MODEL=m\n"
        )
        for name in ("WM_PROVIDER", "WM_MODEL", "WM_BASE_URL"):
            monkeypatch.delenv(name, raising=False)
        assert main(["demo", "--turns", "40"]) == 0
        out = capsys.readouterr().out
        assert "turns compacted" in out and "the model, from the managed window" in out
        assert len(srv.requests) >= 2  # at least one compaction and the final question
