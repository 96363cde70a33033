"""Example transcripts bundled with the package, so the notebooks and the CLI work offline.

They are the project's own: one long coding session made by `working_memory.transcripts._synthetic`, saved
in two formats (OpenAI chat and Anthropic Messages request bodies). Regenerate them with
`python -m working_memory.examples.make_examples`; a test checks the bytes do not drift.

    from working_memory.examples import example_path
    transcript = load_transcript(example_path())            # the OpenAI-format session
    load_transcript(example_path("coding-session-anthropic"))
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["EXAMPLES", "example_path"]

_HERE = Path(__file__).resolve().parent

# name -> file name inside this package.
EXAMPLES: dict[str, str] = {
    "coding-session": "coding-session.openai.json",
    "coding-session-anthropic": "coding-session.anthropic.json",
}


def example_path(name: str = "coding-session") -> Path:
    """The path of a bundled example transcript (see EXAMPLES for the names)."""
    try:
        file_name = EXAMPLES[name]
    except KeyError:
        raise ValueError(
            f"no bundled example named {name!r}: expected one of {', '.join(EXAMPLES)}"
        ) from None
    path = _HERE / file_name
    if not path.is_file():  # pragma: no cover - only in a broken install
        raise FileNotFoundError(
            f"the bundled example {path} is missing from this install; regenerate it with "
            "`python -m working_memory.examples.make_examples`"
        )
    return path
