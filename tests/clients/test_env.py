"""client_from_env / settings_from_env: the environment, .env files, and the messages when
something is missing or wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.llm_servers import OpenAIServer
from working_memory.clients import (
    AnthropicClient,
    ClientConfigError,
    ClientNotConfigured,
    OpenAIClient,
    client_from_env,
    read_env_file,
    settings_from_env,
)

# (environment, expected (provider, model, base_url, key, extra fields))
CASES: list[tuple[str, dict[str, str], dict[str, Any]]] = [
    (
        "openai key only",
        {"OPENAI_API_KEY": "sk-o-123456"},
        {"provider": "openai", "model": "gpt-4.1-mini", "base_url": None, "key": "sk-o-123456"},
    ),
    (
        "anthropic key only",
        {"ANTHROPIC_API_KEY": "sk-a-123456"},
        {"provider": "anthropic", "model": "claude-haiku-4-5", "key": "sk-a-123456"},
    ),
    (
        "both keys, claude model",
        {"OPENAI_API_KEY": "o", "ANTHROPIC_API_KEY": "a", "WM_MODEL": "claude-opus-4-5"},
        {"provider": "anthropic", "key": "a"},
    ),
    (
        "both keys, explicit provider",
        {"OPENAI_API_KEY": "o", "ANTHROPIC_API_KEY": "a", "WM_PROVIDER": "OpenAI"},
        {"provider": "openai", "key": "o"},
    ),
    (
        "local server: base URL and model",
        {"WM_BASE_URL": "http://localhost:11434/v1", "WM_MODEL": "qwen2.5:7b"},
        {
            "provider": "openai-compatible",
            "model": "qwen2.5:7b",
            "base_url": "http://localhost:11434/v1",
            "key": None,
        },
    ),
    (
        "local server ignores the OpenAI key",
        {"WM_BASE_URL": "http://h/v1", "WM_MODEL": "m", "OPENAI_API_KEY": "o"},
        {"provider": "openai-compatible", "key": None},
    ),
    (
        "local server with its own key",
        {
            "WM_PROVIDER": "openai_compatible",
            "WM_BASE_URL": "http://h/v1",
            "WM_MODEL": "m",
            "WM_API_KEY": "loc",
        },
        {"provider": "openai-compatible", "key": "loc"},
    ),
    (
        "openai through a proxy",
        {"WM_PROVIDER": "openai", "WM_BASE_URL": "https://proxy.test/v1", "OPENAI_API_KEY": "o"},
        {"provider": "openai", "base_url": "https://proxy.test/v1", "key": "o"},
    ),
    (
        "knobs",
        {
            "OPENAI_API_KEY": "o",
            "WM_TIMEOUT": "12.5",
            "WM_MAX_RETRIES": "0",
            "WM_TEMPERATURE": "0",
            "WM_MAX_TOKENS": "800",
        },
        {"timeout": 12.5, "max_retries": 0, "temperature": 0.0, "max_tokens": 800},
    ),
    (
        "defaults",
        {"OPENAI_API_KEY": "o"},
        {"timeout": 60.0, "max_retries": 2, "temperature": None, "max_tokens": None},
    ),
    (
        "blank values count as unset",
        {"OPENAI_API_KEY": "o", "WM_MODEL": "  ", "WM_BASE_URL": ""},
        {"provider": "openai", "model": "gpt-4.1-mini", "base_url": None},
    ),
]


@pytest.mark.parametrize(("environ", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_settings_from_env(environ: dict[str, str], expected: dict[str, Any]) -> None:
    config = settings_from_env(None, environ=environ)
    assert config is not None
    for name, value in expected.items():
        assert getattr(config, name) == value, name


# (environment, error class, words the message must contain)
ERRORS: list[tuple[str, dict[str, str], type[Exception], str]] = [
    ("nothing", {}, ClientNotConfigured, r"(?s)OPENAI_API_KEY=.*ANTHROPIC_API_KEY=.*WM_BASE_URL="),
    (
        "bad provider",
        {"WM_PROVIDER": "gemini"},
        ClientConfigError,
        r"WM_PROVIDER='gemini' \(environment\): expected one of openai, anthropic, openai-compatible",
    ),
    (
        "anthropic without key",
        {"WM_PROVIDER": "anthropic", "OPENAI_API_KEY": "o"},
        ClientNotConfigured,
        "needs ANTHROPIC_API_KEY",
    ),
    ("model alone", {"WM_MODEL": "gpt-4o"}, ClientNotConfigured, "No LLM client is configured"),
    (
        "compatible without model",
        {"WM_BASE_URL": "http://h/v1"},
        ClientNotConfigured,
        "needs WM_MODEL",
    ),
    (
        "compatible without base URL",
        {"WM_PROVIDER": "openai-compatible", "WM_MODEL": "m"},
        ClientNotConfigured,
        "needs WM_BASE_URL",
    ),
    (
        "timeout not a number",
        {"OPENAI_API_KEY": "o", "WM_TIMEOUT": "soon"},
        ClientConfigError,
        r"WM_TIMEOUT='soon' \(environment\): expected a number of seconds",
    ),
    (
        "negative timeout",
        {"OPENAI_API_KEY": "o", "WM_TIMEOUT": "-1"},
        ClientConfigError,
        "timeout must be a positive",
    ),
    (
        "fractional retries",
        {"OPENAI_API_KEY": "o", "WM_MAX_RETRIES": "1.5"},
        ClientConfigError,
        "WM_MAX_RETRIES",
    ),
    (
        "temperature too hot for anthropic",
        {"ANTHROPIC_API_KEY": "a", "WM_TEMPERATURE": "1.5"},
        ClientConfigError,
        "between 0 and 1 for anthropic",
    ),
    (
        "zero max tokens",
        {"OPENAI_API_KEY": "o", "WM_MAX_TOKENS": "0"},
        ClientConfigError,
        "max_tokens must be",
    ),
]


@pytest.mark.parametrize(
    ("environ", "cls", "words"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
def test_settings_errors_say_what_to_set(
    environ: dict[str, str], cls: type[Exception], words: str
) -> None:
    with pytest.raises(cls, match=words):
        settings_from_env(None, environ=environ)


def test_required_false_returns_none_only_when_nothing_is_set() -> None:
    assert client_from_env(None, required=False, environ={}) is None
    with pytest.raises(ClientNotConfigured):  # something set, but not enough: still an error
        client_from_env(None, required=False, environ={"WM_BASE_URL": "http://h/v1"})


def test_client_classes_follow_the_provider() -> None:
    assert isinstance(client_from_env(None, environ={"OPENAI_API_KEY": "o"}), OpenAIClient)
    assert isinstance(client_from_env(None, environ={"ANTHROPIC_API_KEY": "a"}), AnthropicClient)


def test_dot_env_file_is_read_and_the_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(
        "# provider settings\nWM_PROVIDER=openai\nOPENAI_API_KEY='sk-from-file-123456'\nWM_MODEL=gpt-4o # cheap\n"
    )
    config = settings_from_env()
    assert config is not None
    assert (config.provider, config.model, config.key) == (
        "openai",
        "gpt-4o",
        "sk-from-file-123456",
    )
    assert str(tmp_path / ".env") in config.source
    monkeypatch.setenv("WM_MODEL", "gpt-4.1")
    config = settings_from_env()
    assert config is not None
    assert config.model == "gpt-4.1"


def test_reading_dot_env_does_not_change_the_environment(tmp_path: Path) -> None:
    import os

    (tmp_path / ".env").write_text("OPENAI_API_KEY=sk-file-only-123456\n")
    settings_from_env()
    assert "OPENAI_API_KEY" not in os.environ


def test_dot_env_is_found_from_a_subdirectory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("ANTHROPIC_API_KEY=sk-ant-xyz-123456\n")
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    config = settings_from_env()
    assert config is not None
    assert config.provider == "anthropic"


def test_a_named_env_file_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ClientConfigError, match=r"no such \.env file"):
        settings_from_env(tmp_path / "missing.env")
    assert settings_from_env(required=False) is None  # the default .env is optional


def test_a_bad_value_in_the_file_names_file_and_line(tmp_path: Path) -> None:
    env = tmp_path / "settings.env"
    env.write_text("OPENAI_API_KEY=o\n\nWM_MAX_RETRIES=lots\n")
    with pytest.raises(
        ClientConfigError, match=rf"WM_MAX_RETRIES='lots' \({env} line 3\): expected a whole"
    ):
        settings_from_env(env)


@pytest.mark.parametrize("use_dotenv", [True, False], ids=["python-dotenv", "fallback parser"])
class TestEnvFileParsing:
    def test_values(self, tmp_path: Path, use_dotenv: bool) -> None:
        env = tmp_path / ".env"
        env.write_text(
            "# comment\n"
            "\n"
            "export WM_MODEL=gpt-4o\n"
            "WM_BASE_URL = http://localhost:8000/v1\n"
            "OPENAI_API_KEY='sk-single # not a comment'\n"
            'WM_API_KEY="two\\nlines"\n'
            "WM_TIMEOUT=30 # seconds\n"
            "WM_EMPTY=\n"
        )
        values = read_env_file(env, use_dotenv=use_dotenv)
        assert {k: v.value for k, v in values.items()} == {
            "WM_MODEL": "gpt-4o",
            "WM_BASE_URL": "http://localhost:8000/v1",
            "OPENAI_API_KEY": "sk-single # not a comment",
            "WM_API_KEY": "two\nlines",
            "WM_TIMEOUT": "30",
            "WM_EMPTY": "",
        }
        assert values["WM_TIMEOUT"].source == f"{env} line 7"
        assert "sk-single" not in repr(values)  # values may be keys: the repr hides them

    @pytest.mark.parametrize(
        ("text", "line"),
        [
            ("OPENAI_API_KEY sk-oops-no-equals-123456\n", 1),
            ("WM_MODEL=ok\nthis is not a setting\n", 2),
            ("WM_MODEL=ok\n\nWM_BASE_URL='unterminated\n", 3),
        ],
    )
    def test_bad_lines_name_file_and_line_without_echoing(
        self, tmp_path: Path, use_dotenv: bool, text: str, line: int
    ) -> None:
        env = tmp_path / ".env"
        env.write_text(text)
        with pytest.raises(ClientConfigError, match=rf"line {line}: expected NAME=value") as caught:
            read_env_file(env, use_dotenv=use_dotenv)
        assert str(env) in str(caught.value)
        assert "sk-oops" not in str(caught.value)


def test_only_base_url_and_model_reach_a_local_server(tmp_path: Path) -> None:
    with OpenAIServer() as server:
        (tmp_path / ".env").write_text(f"WM_BASE_URL={server.base_url}\nWM_MODEL=llama3.2\n")
        client = client_from_env()
        assert client is not None
        reply = client.complete([{"role": "user", "content": "ping"}])
        assert reply.content == "echo: ping"
        assert server.requests[0].body["model"] == "llama3.2"


def test_env_example_documents_every_variable_and_parses(tmp_path: Path) -> None:
    import re

    from working_memory.clients import ENV_VARIABLES

    example = Path(__file__).resolve().parents[2] / ".env.example"
    text = example.read_text()
    assignments = re.findall(r"^# ([A-Z_]+)=(.*)$", text, flags=re.MULTILINE)
    assert {name for name, _ in assignments} == set(ENV_VARIABLES)
    assert read_env_file(example) == {}  # everything is commented out: copying it changes nothing
    uncommented = tmp_path / "filled.env"
    uncommented.write_text("\n".join(f"{name}={value}" for name, value in assignments))
    values = read_env_file(uncommented)
    assert set(values) == set(ENV_VARIABLES)


def test_the_errors_are_named_by_the_package_they_are_imported_from() -> None:
    # A traceback of a missing .env said `working_memory.clients._errors.ClientNotConfigured`.
    import pickle
    import traceback

    import working_memory.clients as clients

    for name in (
        "ClientError",
        "ClientConfigError",
        "ClientNotConfigured",
        "LLMCallError",
        "MalformedResponse",
        "EmptyResponse",
    ):
        cls = getattr(clients, name)
        assert cls.__module__ == "working_memory.clients", name
    with pytest.raises(clients.ClientNotConfigured) as caught:
        clients.client_from_env(None)
    shown = "".join(traceback.format_exception_only(caught.type, caught.value))
    assert shown.startswith("working_memory.clients.ClientNotConfigured: No LLM client")
    assert type(pickle.loads(pickle.dumps(caught.value))) is clients.ClientNotConfigured
