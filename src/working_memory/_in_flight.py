"""A summary in flight: a pending value tied to the span it summarises.

One mechanism for the three ways a window waits on its summariser:

- `prepare()` starts the summary in a worker thread and waits for it at most the time left
  of its `compact_timeout_s` (retries included); a summary not back by then stays pending;
- with `compact_in_background` it does not wait at all;
- `aprepare()` awaits it (an `acompact` coroutine, or the sync summariser in a thread), so
  the event loop runs other work meanwhile.

A later call puts the summary in if its span is still in the window, unchanged; until then
the cheap means (eviction) keep the window under `evict_at`. Only the caller's thread ever
changes the window: the worker only calls the summariser with the span's messages.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # asyncio loads on the first aprepare(), not with the window
    import asyncio

from ._entry import Entry
from .protocols import CompactionResult

__all__ = ["PendingSummary"]


class PendingSummary:
    """The summary of the entries `ids` (sent as `messages`), once it lands."""

    def __init__(self, ids: Sequence[int], messages: Sequence[dict[str, Any]]) -> None:
        self.ids = tuple(ids)
        self.messages = tuple(messages)
        self._landed = threading.Event()
        self._result: CompactionResult | None = None
        self._task: asyncio.Future[CompactionResult] | None = None

    # -- starting ---------------------------------------------------------------------------
    @classmethod
    def inline(
        cls, ids: Sequence[int], messages: Sequence[dict[str, Any]], result: CompactionResult
    ) -> PendingSummary:
        """A summary written in the caller's thread (no bound): already landed."""
        pending = cls(ids, messages)
        pending._land(result)
        return pending

    @classmethod
    def in_thread(
        cls,
        ids: Sequence[int],
        messages: Sequence[dict[str, Any]],
        summarise: Callable[[list[dict[str, Any]]], CompactionResult],
    ) -> PendingSummary:
        pending = cls(ids, messages)

        def run() -> None:
            try:
                result = summarise(list(messages))
            except BaseException as exc:  # it must land, whatever happens
                result = CompactionResult(
                    None, reason=f"summary thread died: {exc!r}"[:300], error="thread"
                )
            pending._land(result)

        threading.Thread(target=run, name="working-memory-summary", daemon=True).start()
        return pending

    @classmethod
    def in_task(
        cls,
        ids: Sequence[int],
        messages: Sequence[dict[str, Any]],
        summarise: Callable[[list[dict[str, Any]]], Awaitable[CompactionResult]],
    ) -> PendingSummary:
        """Written by a task of the running event loop (`aprepare`)."""
        pending = cls(ids, messages)

        async def run() -> CompactionResult:
            try:
                result = await summarise(list(messages))
            except BaseException as exc:  # cancelled (its loop ended): it must land all the same
                pending._land(
                    CompactionResult(
                        None, reason=f"the summary's task ended: {exc!r}"[:300], error="cancelled"
                    )
                )
                raise
            pending._land(result)
            return result

        import asyncio

        pending._task = asyncio.ensure_future(run())
        return pending

    def _land(self, result: CompactionResult) -> None:
        self._result = result
        self._landed.set()

    # -- waiting ----------------------------------------------------------------------------
    def done(self) -> bool:
        return self._landed.is_set()

    def wait(self, timeout: float | None) -> bool:
        """Block up to `timeout` seconds (None: until it lands); True once landed. A summary
        written by an event loop's task cannot be waited on from a thread: only checked."""
        if self._task is not None:
            return self.done()
        return self._landed.wait(timeout)

    async def await_for(self, timeout: float | None) -> bool:
        """Wait up to `timeout` seconds without blocking the event loop; True once landed."""
        if self.done():
            return True
        import asyncio

        if self._task is not None and self._task.get_loop() is asyncio.get_running_loop():
            await asyncio.wait({self._task}, timeout=timeout)
        else:  # a thread's summary (started by prepare()) or another loop's task
            await asyncio.to_thread(self._landed.wait, timeout)
        return self.done()

    def result(self) -> CompactionResult:
        assert self._result is not None, "result() before the summary landed"
        return self._result

    # -- its span ---------------------------------------------------------------------------
    def positions(self, entries: Sequence[Entry]) -> tuple[int, int] | None:
        """Where the span is now, [start, end), if it is still there unchanged: the same
        entries, in order, holding the very messages that were sent. None otherwise."""
        if not self.ids:
            return None
        first = self.ids[0]
        start = next((i for i, entry in enumerate(entries) if entry.id == first), None)
        end = None if start is None else start + len(self.ids)
        if start is None or end is None or end > len(entries):
            return None
        for entry, ident, message in zip(entries[start:end], self.ids, self.messages, strict=True):
            if entry.id != ident or entry.message is not message:
                return None
        return start, end
