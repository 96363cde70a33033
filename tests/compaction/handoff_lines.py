"""Reading the offline handoff's lines in tests: every line is labelled, fact lines are verbatim."""

from __future__ import annotations

import re

# Every line of a handoff starts with one of these labels; fact lines carry their source.
SECTION = re.compile(
    r"^(?:Task(?: \(the only request\))?|Paths|User (?:message|correction) \(\d+ of \d+\)|"
    r"Latest request(?: \([^)]*\))?|Current work|Decision|Ruled out|Review|"
    r"Last said by the assistant|Last actions|Next step|"
    r"Pending \([^)]*\)|File [a-z ,()]+|Files changed|Error (?:fixed|\(unresolved\))|Command): "
)
FACT = re.compile(r"^(?:user|assistant|call|tool|system|output of [^:]+): ")


def fact_body(line: str) -> str | None:
    """The span text of a fact line, None for a section line; fails on an unlabelled line."""
    if SECTION.match(line):
        return None
    match = FACT.match(line)
    assert match, f"unlabelled line: {line!r}"
    return line[match.end() :]
