"""Build a client from the environment and an optional `.env` file.

Variables already set in the environment win over the file; the file never changes the
environment. python-dotenv parses the file when it is installed, a small parser otherwise;
either way a line that is not `NAME=value` is reported with its file and line number.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._anthropic import AnthropicClient
from ._errors import ClientConfigError, ClientNotConfigured
from ._openai import OpenAIClient
from ._prices import Price
from ._settings import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_MODELS,
    DEFAULT_TIMEOUT_S,
    PROVIDERS,
    ClientConfig,
)

__all__ = [
    "ENV_VARIABLES",
    "EnvValue",
    "client_from_config",
    "client_from_env",
    "env_example_path",
    "find_env_file",
    "read_env_file",
    "settings_from_env",
]

# Every variable client_from_env reads, with what it means (mirrored in .env.example).
ENV_VARIABLES: dict[str, str] = {
    "WM_PROVIDER": "openai | anthropic | openai-compatible (inferred when unset)",
    "WM_MODEL": "model name; defaults per hosted provider, required for openai-compatible",
    "WM_BASE_URL": "API base URL, e.g. http://localhost:11434/v1 (Ollama)",
    "OPENAI_API_KEY": "key for provider openai",
    "ANTHROPIC_API_KEY": "key for provider anthropic",
    "WM_API_KEY": "key for provider openai-compatible (optional: local servers need none)",
    "WM_TIMEOUT": "seconds per attempt before the SDK gives up (default 60)",
    "WM_MAX_RETRIES": "retries the SDK makes on timeouts, 429 and 5xx (default 2)",
    "WM_TEMPERATURE": "sampling temperature (default: the provider's)",
    "WM_MAX_TOKENS": "cap on the reply's tokens (default: the provider's; 4096 for anthropic)",
    "WM_DISCOVER": "1: with nothing else set, use a model server found on a local port",
}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_DEFAULT_ENV_FILE = ".env"


@dataclass(frozen=True)
class EnvValue:
    """A variable's value and where it came from ("environment" or "path/.env line 3")."""

    value: str
    source: str

    def __repr__(self) -> str:  # values may be keys: never shown
        return f"EnvValue(source={self.source!r})"


# --------------------------------------------------------------------------- .env files


def find_env_file(name: str = _DEFAULT_ENV_FILE, start: Path | None = None) -> Path | None:
    """`name` in `start` (default: the working directory) or the nearest parent, stopping at
    the project root (a directory holding .git or pyproject.toml): notebooks run from
    `notebooks/` still find the project's `.env`."""
    here = (start or Path.cwd()).resolve()
    for directory in (here, *here.parents):
        candidate = directory / name
        if candidate.is_file():
            return candidate
        if (directory / ".git").exists() or (directory / "pyproject.toml").is_file():
            return None
    return None


def _bad_line(path: Path, line: int) -> ClientConfigError:
    # The line itself is not quoted back: it may hold a key.
    return ClientConfigError(
        f"{path} line {line}: expected NAME=value (a variable name, '=', a value; "
        "# starts a comment)"
    )


def _parse_with_dotenv(path: Path, text: str) -> dict[str, EnvValue] | None:
    try:
        from dotenv.parser import parse_stream
    except ImportError:
        return None
    import io

    values: dict[str, EnvValue] = {}
    for binding in parse_stream(io.StringIO(text)):
        # A binding's text starts with the blank lines before it; count past them.
        source = binding.original.string
        leading = source[: len(source) - len(source.lstrip())]
        line = binding.original.line + leading.count("\n")
        if binding.error:
            raise _bad_line(path, line)
        if binding.key is None:  # a blank or comment line
            continue
        if binding.value is None:  # `NAME` alone: python-dotenv's "unset", ignored here
            continue
        values[binding.key] = EnvValue(binding.value, f"{path} line {line}")
    return values


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def _unquote(raw: str, path: Path, line: int) -> str:
    raw = raw.strip()
    if raw[:1] in ("'", '"'):
        quote = raw[0]
        end = raw.find(quote, 1)
        while quote == '"' and end > 0 and raw[end - 1] == "\\":
            end = raw.find(quote, end + 1)
        if end < 0 or raw[end + 1 :].strip()[:1] not in ("", "#"):
            raise _bad_line(path, line)
        body = raw[1:end]
        if quote == '"':
            body = re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], "\\" + m[1]), body)
        return body
    return re.split(r"\s+#", raw, maxsplit=1)[0].strip()


def _parse_plain(path: Path, text: str) -> dict[str, EnvValue]:
    """The fallback parser: NAME=value, optional `export `, quotes, comments. No multi-line."""
    values: dict[str, EnvValue] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("export "):
            stripped = stripped[len("export ") :].lstrip()
        name, sep, rest = stripped.partition("=")
        name = name.strip()
        if not sep or not _NAME.fullmatch(name):
            raise _bad_line(path, number)
        values[name] = EnvValue(_unquote(rest, path, number), f"{path} line {number}")
    return values


def read_env_file(path: str | os.PathLike[str], *, use_dotenv: bool = True) -> dict[str, EnvValue]:
    """The variables a `.env` file sets, each with its file and line."""
    file = Path(path).expanduser()
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ClientConfigError(f"{file}: no such .env file") from None
    except UnicodeDecodeError as exc:
        raise ClientConfigError(
            f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    parsed = _parse_with_dotenv(file, text) if use_dotenv else None
    return parsed if parsed is not None else _parse_plain(file, text)


# --------------------------------------------------------------------------- settings


def _gather(
    env_file: str | os.PathLike[str] | None, environ: Mapping[str, str] | None
) -> dict[str, EnvValue]:
    values: dict[str, EnvValue] = {}
    if env_file is not None:
        if os.fspath(env_file) == _DEFAULT_ENV_FILE:  # optional: look for it, quietly
            found = find_env_file()
            if found is not None:
                values.update(read_env_file(found))
        else:  # named explicitly: it must exist
            values.update(read_env_file(env_file))
    live = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        value = live.get(name)
        if value is not None and value.strip():
            values[name] = EnvValue(value, "environment")  # the environment wins over the file
    return {name: v for name, v in values.items() if name in ENV_VARIABLES and v.value.strip()}


def _number(values: Mapping[str, EnvValue], name: str, kind: type, expected: str) -> Any:
    item = values.get(name)
    if item is None:
        return None
    try:
        return kind(item.value.strip())
    except ValueError:
        raise ClientConfigError(
            f"{name}={item.value.strip()!r} ({item.source}): expected {expected}"
        ) from None


def env_example_path() -> Path:
    """The `.env.example` to copy to `.env`: the installed package's copy (a wheel ships one
    beside the code), else the checkout's (an editable install), else the name alone."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package / ".env.example", package.parents[1] / ".env.example"):
        if candidate.is_file():
            return candidate
    return Path(".env.example")


_NOTHING_SET = (
    "No LLM client is configured. Set, in the environment or a .env file (see {example}):\n"
    "  OpenAI:      OPENAI_API_KEY=...   (optional WM_MODEL, default {openai})\n"
    "  Anthropic:   ANTHROPIC_API_KEY=...  (optional WM_MODEL, default {anthropic})\n"
    "  Local server (Ollama, vLLM, llama.cpp, LM Studio): WM_BASE_URL=http://localhost:11434/v1 and WM_MODEL=<name>"
)


def _provider(values: Mapping[str, EnvValue]) -> str:
    item = values.get("WM_PROVIDER")
    if item is not None:
        name = item.value.strip().lower().replace("_", "-")
        if name not in PROVIDERS:
            raise ClientConfigError(
                f"WM_PROVIDER={item.value.strip()!r} ({item.source}): expected one of {', '.join(PROVIDERS)}"
            )
        return name
    if "WM_BASE_URL" in values:
        return "openai-compatible"
    has_openai, has_anthropic = "OPENAI_API_KEY" in values, "ANTHROPIC_API_KEY" in values
    if has_openai and has_anthropic:  # both keys: let the model name decide
        model = values.get("WM_MODEL")
        return "anthropic" if model and model.value.strip().startswith("claude") else "openai"
    if has_anthropic:
        return "anthropic"
    if has_openai:
        return "openai"
    raise ClientNotConfigured(_NOTHING_SET.format(example=env_example_path(), **DEFAULT_MODELS))


def settings_from_env(
    env_file: str | os.PathLike[str] | None = _DEFAULT_ENV_FILE,
    *,
    environ: Mapping[str, str] | None = None,
    required: bool = True,
) -> ClientConfig | None:
    """The ClientConfig the environment (and `.env`) describes.

    With `required=False`, None when nothing at all is configured; a partial or invalid
    configuration still raises, since the user clearly meant to configure something.
    """
    values = _gather(env_file, environ)
    values.pop("WM_DISCOVER", None)  # how to look for a client, not part of one
    if not values:
        if required:
            raise ClientNotConfigured(
                _NOTHING_SET.format(example=env_example_path(), **DEFAULT_MODELS)
            )
        return None
    provider = _provider(values)
    key_variable = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}.get(
        provider, "WM_API_KEY"
    )
    key = values.get(key_variable)
    base_url = values.get("WM_BASE_URL")
    model = values.get("WM_MODEL")
    if provider == "openai-compatible":
        missing = [
            name for name, item in (("WM_BASE_URL", base_url), ("WM_MODEL", model)) if item is None
        ]
        if missing:
            raise ClientNotConfigured(
                f"provider openai-compatible needs {' and '.join(missing)}: e.g. "
                "WM_BASE_URL=http://localhost:11434/v1 and WM_MODEL=qwen2.5:7b (WM_API_KEY only if "
                "the server checks keys)"
            )
    elif key is None and base_url is None:
        raise ClientNotConfigured(
            f"provider {provider} needs {key_variable}: set it in the environment or a .env file"
        )
    timeout = _number(values, "WM_TIMEOUT", float, "a number of seconds > 0, e.g. 60")
    retries = _number(values, "WM_MAX_RETRIES", int, "a whole number >= 0, e.g. 2")
    temperature = _number(values, "WM_TEMPERATURE", float, "a number such as 0 or 0.7")
    max_tokens = _number(values, "WM_MAX_TOKENS", int, "a whole number > 0, e.g. 1024")
    sources = sorted({item.source.rsplit(" line ", 1)[0] for item in values.values()})
    try:
        return ClientConfig(
            provider=provider,  # type: ignore[arg-type]
            model=model.value.strip() if model else DEFAULT_MODELS[provider],
            api_key=key.value.strip() if key else None,
            base_url=base_url.value.strip() if base_url else None,
            temperature=temperature,
            max_tokens=max_tokens,
            timeout=DEFAULT_TIMEOUT_S if timeout is None else timeout,
            max_retries=DEFAULT_MAX_RETRIES if retries is None else retries,
            source=" + ".join(sources),
        )
    except ClientConfigError as exc:
        raise ClientConfigError(f"{exc} (settings from {' + '.join(sources)})") from None


def client_from_config(
    config: ClientConfig, *, prices: Mapping[str, Price] | None = None
) -> OpenAIClient | AnthropicClient:
    """The client class that serves `config.provider`."""
    if config.provider == "anthropic":
        return AnthropicClient(config, prices=prices)
    return OpenAIClient(config, prices=prices)


def client_from_env(
    env_file: str | os.PathLike[str] | None = _DEFAULT_ENV_FILE,
    *,
    required: bool = True,
    environ: Mapping[str, str] | None = None,
    prices: Mapping[str, Price] | None = None,
    discover: bool | None = None,
) -> OpenAIClient | AnthropicClient | None:
    """A client built from WM_PROVIDER, WM_MODEL, WM_BASE_URL and the provider's key variable.

    `env_file`: ".env" (the default) is looked for in the working directory and its parents
    up to the project root, and is optional; any other path must exist; None reads only the
    environment. Raises ClientNotConfigured saying what to set, or returns None when
    `required=False` and nothing is set.

    `discover=True` (or WM_DISCOVER=1 when `discover` is None): with nothing configured, use
    the first model of the first local server `discover_local_servers()` finds. Never by
    default, so an unconfigured run stays offline.
    """
    config = settings_from_env(env_file, environ=environ, required=False)
    if config is None:
        if discover is None:
            flag = _gather(env_file, environ).get("WM_DISCOVER")
            discover = flag is not None and flag.value.strip().lower() in {"1", "true", "yes", "on"}
        if discover:
            from ._discover import discover_local_servers

            for server in discover_local_servers():
                if server.models:
                    return client_from_config(server.config(), prices=prices)
        if required:
            raise ClientNotConfigured(
                _NOTHING_SET.format(example=env_example_path(), **DEFAULT_MODELS)
            )
        return None
    return client_from_config(config, prices=prices)
