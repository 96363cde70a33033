"""Fuzzer-style sessions against an archive that fills up, fails at random and frees space.

After every `prepare()` (and every `aprepare()`): pressure <= max(evict_at, the pinned share),
no split tool pair, no pin lost, every message that left the window archived, held for the
archive, or named in a `lost` event; and once the archive works again, full recovery."""

from __future__ import annotations

import asyncio
import errno
import itertools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from working_memory import Budget, Compactor, JsonlArchive, ManagedWindow, PinPolicy, read_archive
from working_memory.window import STRATEGIES

from .helpers import ScriptedClient, orphans, pinned_share
from .test_properties import REPLIES, Misbehaving, _message
from .test_regimes import anthropic_pairing_ok


class FaultyDisk:
    """A real JsonlArchive behind a fault injector: a disk with `free` bytes left (a write
    that does not fit raises ENOSPC, as a full filesystem does), or flaky (fails at random)."""

    def __init__(self, path: Path) -> None:
        self.inner = JsonlArchive(path)
        self.free: float = float("inf")
        self.flaky: random.Random | None = None

    def write(
        self, messages: Sequence[Mapping[str, Any]], *, reason: str, ids: Sequence[int]
    ) -> str:
        size = sum(len(json.dumps(dict(m), default=str)) + 100 for m in messages)
        if self.flaky is not None and self.flaky.random() < 0.5:
            raise OSError(errno.EIO, "Input/output error")
        if size > self.free:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.free -= size
        return self.inner.write(messages, reason=reason, ids=ids)


op = st.one_of(
    st.tuples(st.just("user"), st.integers(1, 400)),
    st.tuples(st.just("assistant"), st.integers(1, 400)),
    st.tuples(st.just("tools"), st.integers(1, 3), st.integers(1, 3_000)),
    st.tuples(st.just("correction"), st.integers(0, 0)),
    st.tuples(st.just("pin"), st.integers(0, 10_000)),
    st.tuples(st.just("prepare"), st.integers(0, 0)),
    st.tuples(st.just("prepare"), st.integers(0, 0)),
    st.tuples(st.just("disk_full"), st.integers(0, 0)),
    st.tuples(st.just("disk_free"), st.integers(0, 40_000)),
    st.tuples(st.just("flaky"), st.integers(0, 10_000)),
    st.tuples(st.just("healthy"), st.integers(0, 0)),
)

policy = st.fixed_dictionaries(
    {
        "keep_recent": st.integers(0, 8),
        "compact_at": st.floats(0.3, 0.8),
        "gap": st.floats(0.0, 0.2),
        "strategy": st.sampled_from(STRATEGIES),
        "compactor": st.sampled_from(["none", "scripted", "misbehaving"]),
        "max_tool_tokens": st.sampled_from([None, 300, 1_000]),
        "window": st.integers(3_000, 20_000),
        "format": st.sampled_from(["openai", "anthropic"]),
        "max_pending_bytes": st.sampled_from([0, 5_000, 60_000, 64 * 2**20]),
        "aprepare": st.booleans(),
    }
)


def append_tools(window: ManagedWindow, n: int, calls: int, size: int, anthropic: bool) -> None:
    call_ids = [f"c{n}_{k}" for k in range(calls)]
    if anthropic:
        window.append(
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": c, "name": "sh", "input": {}} for c in call_ids
                ],
            }
        )
        blocks = [
            {"type": "tool_result", "tool_use_id": c, "content": "out\n" * size} for c in call_ids
        ]
        try:
            window.append({"role": "user", "content": blocks})
        except ValueError:
            for block in blocks:
                block["content"] = "error: output too large"
            window.append({"role": "user", "content": blocks})
        return
    window.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": c, "type": "function", "function": {"name": "sh", "arguments": "{}"}}
                for c in call_ids
            ],
        }
    )
    for c in call_ids:
        try:
            window.append({"role": "tool", "tool_call_id": c, "content": "out\n" * size})
        except ValueError:
            window.append({"role": "tool", "tool_call_id": c, "content": "error: output too large"})


def accounted(
    window: ManagedWindow, disk: FaultyDisk, appended: set[int]
) -> tuple[set[int], set[int], set[int], set[int]]:
    """(left the window, archived, held, lost), each a set of message ids."""
    path = disk.inner.path
    records = read_archive(path) if path.exists() else []
    archived = {r["window_id"] for r in records if r["reason"] in ("compacted", "evicted")}
    held = {i for i, reason in window.pending_archive if reason in ("compacted", "evicted")}
    lost = {i for e in window.events if e.kind == "lost" for i in e.message_ids}
    left = appended - set(window.ids())
    return left, archived, held, lost


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(ops=st.lists(op, min_size=20, max_size=140), config=policy)
def test_a_full_or_flaky_archive_keeps_every_invariant_and_recovers(
    ops: list[tuple[Any, ...]], config: dict[str, Any], tmp_path_factory: Any
) -> None:
    disk = FaultyDisk(Path(tmp_path_factory.mktemp("disk")) / "a.jsonl")
    compactors = {
        "none": None,
        "scripted": Compactor(ScriptedClient(default=REPLIES[0])),  # type: ignore[arg-type]
        "misbehaving": Misbehaving(len(ops)),
    }
    anthropic = config["format"] == "anthropic"
    window = ManagedWindow(
        budget=Budget(window=config["window"], reserve_completion=500, counter="estimate"),
        pins=PinPolicy(keep_recent=config["keep_recent"]),
        compactor=compactors[config["compactor"]],
        max_tool_tokens=config["max_tool_tokens"],
        compact_at=config["compact_at"],
        evict_at=min(0.95, config["compact_at"] + config["gap"]),
        archive=disk,
        strategy=config["strategy"],
        max_pending_bytes=config["max_pending_bytes"],
        clock=itertools.count(step=7.0).__next__,
    )
    loop = asyncio.new_event_loop()
    prepare: Callable[[], list[Any]] = (
        (lambda: loop.run_until_complete(window.aprepare()))
        if config["aprepare"]
        else window.prepare
    )
    try:
        window.append({"role": "system", "content": "you are an agent"})
        window.append({"role": "user", "content": "TASK: the task statement"})
        appended = {0, 1}
        for n, (kind, *args) in enumerate(ops):
            before = set(window.ids())
            if kind == "prepare":
                pinned = {i for i, r in zip(window.ids(), window.pin_reasons(), strict=True) if r}
                sent = prepare()
                assert pinned <= set(window.ids()), "a pinned message left the window"
                assert window.pressure() <= max(window.evict_at, pinned_share(window)) + 1e-9
                if anthropic:
                    assert anthropic_pairing_ok(sent)
                else:
                    assert orphans(sent) == (set(), set())
                assert window.tokens() == window.budget.used(sent, window.tools)
                left, archived, held, lost = accounted(window, disk, appended)
                assert left <= archived | held | lost, left - (archived | held | lost)
                for e in window.events:
                    if e.kind == "truncated":
                        assert e.archive is not None or "not yet archived" in e.reason
            elif kind == "disk_full":
                disk.free = 0
            elif kind == "disk_free":
                disk.free = (0 if disk.free == float("inf") else disk.free) + args[0]
            elif kind == "flaky":
                disk.flaky = random.Random(args[0])
            elif kind == "healthy":
                disk.free, disk.flaky = float("inf"), None
            elif kind == "pin":
                ids = [i for i in window.ids() if i >= 0]
                if ids:
                    window.pin(ids[args[0] % len(ids)])
            elif kind == "tools":
                append_tools(window, n, args[0], args[1], anthropic)
            else:
                try:
                    for message in _message(kind, args[0], n):
                        window.append(message)
                except ValueError as exc:
                    assert "cannot be sent" in str(exc)
            appended |= set(window.ids()) - before
        # The archive works again: one prepare() writes everything held, no restart needed.
        disk.free, disk.flaky = float("inf"), None
        prepare()
        assert window.pending_archive == ()
        left, archived, held, lost = accounted(window, disk, appended)
        assert left <= archived | lost
        assert not set(window.ids()) & archived
        for kind in ("archived", "lost", "evicted", "compacted", "truncated"):
            if any(e.kind == kind for e in window.events):
                event(f"had {kind}")  # shown by --hypothesis-show-statistics
    finally:
        loop.close()
