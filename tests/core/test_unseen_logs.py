"""Defects found on logs the project had never seen (issue 21): the window's own counts."""

from __future__ import annotations

import logging

import pytest

from working_memory import Compactor, ManagedWindow
from working_memory.messages import count_orphans

from .helpers import ScriptedClient, fill, make_window


def _result(ident: str, text: str = "ok") -> dict[str, object]:
    return {"type": "tool_result", "tool_use_id": ident, "content": text}


def test_unpaired_counts_each_result_as_the_provider_does(caplog: pytest.LogCaptureFixture) -> None:
    messages = [
        {"role": "user", "content": "go"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "live", "name": "ls", "input": {}}],
        },
        # one result for the live call, one for an id never called
        {"role": "user", "content": [_result("live"), _result("ghost")]},
        {"role": "assistant", "content": "next"},
        # a turn answering two ids that were never called
        {"role": "user", "content": [_result("nope-1"), _result("nope-2")]},
    ]
    window = ManagedWindow()
    with caplog.at_level(logging.ERROR, "working_memory"):
        for message in messages:
            window.append(message)
    assert count_orphans(messages) == 3
    assert window.unpaired() == 3
    # The incremental count and the recount from the entries agree.
    window.pins = window.pins  # forgets the categories: the next call recounts them
    window.breakdown()
    assert window.unpaired() == 3


class _Unprintable(RuntimeError):
    """An exception whose message cannot be rendered (a broken SDK error class)."""

    def __str__(self) -> str:
        raise ValueError("cannot render this error")

    @property
    def retry_after(self) -> float:
        raise KeyError("no header")


class _RaisingSummariser:
    def compact(self, span: object) -> object:
        raise _Unprintable()


@pytest.mark.parametrize(
    "compactor",
    [_RaisingSummariser(), Compactor(ScriptedClient([_Unprintable()] * 20))],
    ids=["bare-summariser", "Compactor"],
)
def test_a_summariser_error_that_cannot_be_printed_does_not_raise(compactor: object) -> None:
    window = make_window(compactor=compactor, min_gain=0.0)
    window.append({"role": "system", "content": "s"})
    window.append({"role": "user", "content": "TASK: go"})
    fill(window, turns=90)
    sent = window.prepare()  # raised ValueError from the exception's __str__
    assert sent
    failed = [e for e in window.events if e.kind == "compaction_failed"]
    assert failed and "_Unprintable" in failed[0].reason
    assert window.pressure() <= window.evict_at
