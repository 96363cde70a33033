"""Hypothesis property tests: random sessions under random policies keep every invariant."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from working_memory import Budget, Compactor, JsonlArchive, ManagedWindow, PinPolicy, read_archive
from working_memory.breakdown import exact_breakdown
from working_memory.messages import count_orphans
from working_memory.protocols import CompactionResult
from working_memory.window import STRATEGIES

from .helpers import ScriptedClient, orphans, pinned_share
from .test_regimes import anthropic_pairing_ok


class Misbehaving:
    """A summariser that does everything a real one might: oversize summaries, NOTHING,
    garbage return values, garbage usage, exceptions."""

    REPLIES: tuple[object, ...] = (
        CompactionResult("- fact: /src/a.py:12 raised KeyError", prompt_tokens=50),
        CompactionResult("x " * 20_000),  # oversize: rejected
        CompactionResult(None, nothing=True),
        None,
        CompactionResult(123),  # type: ignore[arg-type]
        CompactionResult("ok", prompt_tokens=float("nan")),  # type: ignore[arg-type]
        RuntimeError("boom"),
    )

    def __init__(self, start: int) -> None:
        self.calls = itertools.count(start)

    def compact(self, span: Any) -> Any:
        reply = self.REPLIES[next(self.calls) % len(self.REPLIES)]
        if isinstance(reply, BaseException):
            raise reply
        return reply


REPLIES = [
    "- fact: /src/a.py:12 raised KeyError",
    "NOTHING",
    TimeoutError("timed out"),
    "x " * 3_000,
    "",
]

op = st.one_of(
    st.tuples(st.just("user"), st.integers(1, 400)),
    st.tuples(st.just("assistant"), st.integers(1, 400)),
    st.tuples(st.just("tools"), st.integers(1, 3), st.integers(1, 3_000)),
    st.tuples(st.just("correction"), st.integers(0, 0)),
    st.tuples(st.just("plan"), st.integers(1, 50)),
    st.tuples(st.just("pin"), st.integers(0, 10_000)),
    st.tuples(st.just("prepare"), st.integers(0, 0)),
    st.tuples(st.just("configure"), st.integers(0, 10_000)),
)

policy = st.fixed_dictionaries(
    {
        "keep_recent": st.integers(0, 8),
        "compact_at": st.floats(0.3, 0.8),
        "gap": st.floats(0.0, 0.2),
        "strategy": st.sampled_from(STRATEGIES),
        "replies": st.lists(st.sampled_from(range(len(REPLIES))), max_size=6),
        "compactor": st.sampled_from(["none", "scripted", "misbehaving", "misbehaving"]),
        "max_tool_tokens": st.sampled_from([None, 300, 1_500]),
        "max_span_tokens": st.integers(100, 6_000),
        "window": st.integers(3_000, 20_000),
        "format": st.sampled_from(["openai", "anthropic"]),
        "aprepare": st.booleans(),  # the same invariants through the async path
        # The count trigger and the cache-aware gate: the same invariants with either on.
        "compact_at_messages": st.sampled_from([None, None, 6, 25]),
        "rewrite_pays_over": st.sampled_from([None, None, 1, 20]),
    }
)


def _message(kind: str, size: int, n: int) -> list[dict[str, Any]]:
    if kind == "user":
        return [{"role": "user", "content": f"u{n} " + "word " * size}]
    if kind == "assistant":
        return [{"role": "assistant", "content": f"a{n} " + "token " * size}]
    if kind == "correction":
        return [{"role": "user", "content": f"No, use the staging database for step {n}."}]
    if kind == "plan":
        return [{"role": "assistant", "content": "Plan:\n" + "- step\n" * size}]
    raise AssertionError(kind)


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(ops=st.lists(op, min_size=20, max_size=160), config=policy)
def test_random_sessions_keep_every_invariant(
    ops: list[tuple[Any, ...]], config: dict[str, Any], tmp_path_factory
) -> None:
    archive = JsonlArchive(Path(tmp_path_factory.mktemp("arch")) / "a.jsonl")
    client = ScriptedClient(replies=[REPLIES[i] for i in config["replies"]], default=REPLIES[0])
    compactors = {
        "none": None,
        "scripted": Compactor(client),
        "misbehaving": Misbehaving(sum(config["replies"])),
    }
    anthropic = config["format"] == "anthropic"
    window = ManagedWindow(
        budget=Budget(window=config["window"], reserve_completion=500, counter="estimate"),
        pins=PinPolicy(keep_recent=config["keep_recent"]),
        compactor=compactors[config["compactor"]],
        max_tool_tokens=min(config["max_tool_tokens"], 1_000)
        if config["max_tool_tokens"]
        else None,
        compact_at=config["compact_at"],
        evict_at=min(0.95, config["compact_at"] + config["gap"]),
        archive=archive,
        strategy=config["strategy"],
        max_span_tokens=config["max_span_tokens"],
        compact_at_messages=config["compact_at_messages"],
        rewrite_pays_over=config["rewrite_pays_over"],
        clock=itertools.count(step=7.0).__next__,  # time passes: backoffs end
    )
    loop = asyncio.new_event_loop()
    try:
        _drive(window, ops, archive, anthropic, loop if config["aprepare"] else None)
    finally:
        loop.close()


def _drive(
    window: ManagedWindow,
    ops: list[tuple[Any, ...]],
    archive: JsonlArchive,
    anthropic: bool,
    loop: asyncio.AbstractEventLoop | None,
) -> None:
    def prepare() -> list[Any]:
        if loop is None:
            return window.prepare()
        return loop.run_until_complete(window.aprepare())

    window.append({"role": "system", "content": "you are an agent"})
    window.append({"role": "user", "content": "TASK: the task statement"})
    appended = {0, 1}
    for n, (kind, *args) in enumerate(ops):
        if kind == "prepare":
            pinned_ids = {i for i, r in zip(window.ids(), window.pin_reasons(), strict=True) if r}
            try:
                sent = prepare()
            except Exception as exc:  # pragma: no cover - the property is that this never happens
                raise AssertionError(f"prepare() raised {exc!r}") from exc
            assert pinned_ids <= set(window.ids()), "a pinned message left the window"
            assert window.pressure() <= max(window.evict_at, pinned_share(window)) + 1e-9
            if anthropic:
                assert anthropic_pairing_ok(sent)
            else:
                assert orphans(sent) == (set(), set())
            assert window.tokens() == window.budget.used(sent, window.tools), "totals drifted"
            assert window.breakdown() == exact_breakdown(window), "categories drifted"
            assert window.unpaired() == count_orphans(sent)
            if window.pressure() > window.evict_at:
                # Said once when the stretch over the line began (not on every call).
                assert any(e.kind == "over_budget" for e in window.events)
            assert "TASK: the task statement" in [m.get("content") for m in sent]
            # The incremental count of results still to mask matches the entries'.
            unmasked = sum(1 for e in window._entries if e.result and not e.masked)
            assert window._unmasked_tools == unmasked
            continue
        if kind == "configure":  # settings change mid-session (WindowSettings, configure())
            draw = random.Random(args[0])
            compact_at = round(draw.uniform(0.3, 0.85), 2)
            window.configure(
                compact_at=compact_at,
                evict_at=min(0.97, round(compact_at + draw.uniform(0.0, 0.15), 2)),
                compact_to=None
                if draw.random() < 0.5
                else round(compact_at * draw.uniform(0.3, 1), 2),
                max_summaries=draw.randint(1, 4),
                keep_tool_results=draw.randint(0, 5),
                min_span=draw.randint(1, 4),
                strategy=draw.choice(STRATEGIES),
            )
            continue
        if kind == "pin":
            ids = [i for i in window.ids() if i >= 0]
            if ids:
                window.pin(ids[args[0] % len(ids)])
            continue
        before = set(window.ids())
        try:
            if kind == "tools":
                calls, size = args
                call_ids = [f"c{n}_{k}" for k in range(calls)]
                if anthropic:
                    window.append(
                        {
                            "role": "assistant",
                            "content": [
                                {"type": "tool_use", "id": c, "name": "sh", "input": {}}
                                for c in call_ids
                            ],
                        }
                    )
                    result = [
                        {"type": "tool_result", "tool_use_id": c, "content": "out\n" * size}
                        for c in call_ids
                    ]
                    try:
                        window.append({"role": "user", "content": result})
                    except ValueError as exc:
                        assert "cannot be sent" in str(exc)
                        for block in result:
                            block["content"] = "error: output too large"
                        window.append({"role": "user", "content": result})
                    appended |= set(window.ids()) - before
                    continue
                window.append(
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": c,
                                "type": "function",
                                "function": {"name": "sh", "arguments": "{}"},
                            }
                            for c in call_ids
                        ],
                    }
                )
                for c in call_ids:
                    try:
                        window.append(
                            {"role": "tool", "tool_call_id": c, "content": "out\n" * size}
                        )
                    except ValueError as exc:
                        # What an agent does with a refused result: answer the call briefly.
                        assert "cannot be sent" in str(exc)
                        window.append(
                            {
                                "role": "tool",
                                "tool_call_id": c,
                                "content": "error: output too large",
                            }
                        )
            else:
                for message in _message(kind, args[0], n):
                    window.append(message)
        except ValueError as exc:
            assert "cannot be sent" in str(exc)
        appended |= set(window.ids()) - before
    prepare()
    records = read_archive(archive.path) if archive.path.exists() else []
    archived = {
        r["window_id"]
        for r in records
        if r["reason"] in ("compacted", "evicted") and r["window_id"] >= 0
    }
    kept = {i for i in window.ids() if i >= 0}
    assert kept | archived == appended
    assert not kept & archived
    for message in prepare():
        assert set(message) <= {"role", "content", "tool_calls", "tool_call_id", "name"}
