"""The one exception a loader raises, and how its message names the place and the expectation."""

from __future__ import annotations

__all__ = ["TranscriptError", "where"]


def where(path: object, line: int | None = None, json_path: str | None = None) -> str:
    """`file:line` or `file at $.messages[3]`: the place a problem was found."""
    place = str(path) if path is not None else "<transcript>"
    if line is not None:
        place += f":{line}"
    if json_path:
        place += f" at {json_path}"
    return place


class TranscriptError(ValueError):
    """A file that cannot be read as a transcript. The message names file, line or JSON path,
    and what was expected there; the parts are kept as attributes for programs."""

    def __init__(
        self,
        message: str,
        *,
        path: object = None,
        line: int | None = None,
        json_path: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.path = None if path is None else str(path)
        self.line = line
        self.json_path = json_path
        self.expected = expected
        self.reason = message  # without the place
        text = f"{where(path, line, json_path)}: {message}"
        if expected:
            text += f" (expected {expected})"
        super().__init__(text)

    def without_path(self) -> str:
        """The message with line / JSON path but not the file: for lists that name it already."""
        place = f"line {self.line}: " if self.line is not None else ""
        if self.json_path and self.json_path != "$":
            place += f"at {self.json_path}: "
        text = place + self.reason
        return text + (f" (expected {self.expected})" if self.expected else "")
