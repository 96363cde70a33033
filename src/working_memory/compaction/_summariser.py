"""The one way a summariser is built, for code, replay policies, `compare()` variants and the
CLI alike: an LLM `Compactor` when there is a client, else the offline `ExtractiveCompactor`."""

from __future__ import annotations

from typing import Any

from ..protocols import LLMClient, SpanCompactor
from ._compactor import Compactor
from ._extractive import ExtractiveCompactor
from ._prompts import TARGET_COMPRESSION, get_template

__all__ = ["make_summariser"]


def make_summariser(
    client: LLMClient | None = None,
    *,
    word_limit: int | None = None,
    prompt: str = "default",
    **settings: Any,
) -> SpanCompactor:
    """A summariser for `client` (None: the offline extractive one).

    `prompt` is a shipped template's name or a template's text (only a model reads it).
    `word_limit=None` sizes the summary with its span: the LLM compactor scales its limit
    with the span, the offline one aims at the same compression the prompts ask for.
    `settings` go to the compactor (`Compactor(max_span_chars=...)`,
    `ExtractiveCompactor(max_line_words=...)`); a bad template or setting raises.
    """
    if client is None:
        if word_limit is None:
            return ExtractiveCompactor(**{"compression": TARGET_COMPRESSION, **settings})
        return ExtractiveCompactor(word_limit, **settings)
    return Compactor(client, word_limit=word_limit, prompt=get_template(prompt), **settings)
