"""Held out, twentieth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, a Python 3.12 asyncio service (asyncio streams,
pytest with pytest-asyncio, uv): tickfan, which fans market-data deltas out to the trading
terminals, is OOM-killed (MD-233; RSS from about 180 MB to the 3 GiB limit in some 40 minutes)
whenever one terminal falls behind, because Hub.broadcast writes every frame with
StreamWriter.write and nothing ever waits, so a slow reader's bytes pile up in its transport's
buffer; skipping frames for a subscriber with more than 1 MiB buffered (a FrameShedder in a new
src/tickfan/shedding.py) written, then ruled out by the user (the frames are deltas and the
terminals do not resync on a gap, so a desk would trade on a wrong book) for a bounded
asyncio.Queue of 256 frames per subscriber with its own sender task, put_nowait in broadcast and
the subscriber cut off with a slow_consumer error frame on QueueFull, inside hub.py; shedding.py
deleted and hub.py checked out again; a new test whose slow subscriber was still connected after
20,000 frames with its queue empty, which reinstalling the package editable and a re-run (the
suspected stale install) did not fix and an await writer.drain() after each write in the sender
task did (write() never blocks, so the sender emptied the queue into the transport); a PR review
(#142) with four points: one already done (the sender task cancelled and awaited on
disconnect), one answered on the PR (why cut off rather than drop the oldest frames), one a
ticket (the long-poll fallback in src/tickfan/longpoll.py, MD-241), one pending (a test that a
cut-off terminal gets a full snapshot when it reconnects); the assistant's last words name that
test as the next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HUB = "src/tickfan/hub.py"
_SERVER = "src/tickfan/server.py"
_SHED = "src/tickfan/shedding.py"
_TESTS = "tests/test_hub.py"
_LOAD = (
    "uv run python -m tickfan --replay tests/data/sgx-2026-11-27.jsonl.gz --speed 10 & "
    "sleep 2; uv run python scripts/loadterms.py --terminals 40 --slow 1 --seconds 60; "
    "kill %1"
)
_CUT_OFF = "test_slow_subscriber_is_cut_off"


def _failed(seconds: str, buffered: str, port: str) -> str:
    """uv run pytest -q with the slow-subscriber test failing on a queue that never fills."""
    return (
        "..........................F..                                            [100%]\n"
        "=================================== FAILURES ===================================\n"
        f"_______________________ {_CUT_OFF} ________________________\n\n"
        f"hub_server = HubServer(host='127.0.0.1', port={port}, hub=<tickfan.hub.Hub object at "
        "0x7f3a2c1e5d90>)\n\n"
        f"    async def {_CUT_OFF}(hub_server):\n"
        "        ...\n"
        "        slow = peers(hub).get(local_peer(slow_w))\n"
        ">       assert slow is None, (\n"
        '            f"slow subscriber still connected after {N} frames; "\n'
        '            f"queue depth {slow.queue.qsize()}, "\n'
        '            f"transport buffer {slow.writer.transport.get_write_buffer_size()} bytes"\n'
        "        )\n"
        "E       AssertionError: slow subscriber still connected after 20000 frames; queue "
        f"depth 0, transport buffer {buffered} bytes\n"
        "E       assert Subscriber(peer='127.0.0.1:52814', symbols=frozenset({'ESZ6'})) is "
        "None\n\n"
        "tests/test_hub.py:131: AssertionError\n"
        "=========================== short test summary info ============================\n"
        f"FAILED tests/test_hub.py::{_CUT_OFF} - AssertionError: slow subscriber still "
        f"connected after 20000 frames; queue depth 0, transport buffer {buffered} bytes\n"
        f"1 failed, 28 passed in {seconds}s\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/dana/tickfan")
s.user(
    "MD-233: tickfan keeps getting OOM-killed on the trading floor cluster. RSS climbs from "
    "about 180 MB to the 3 GiB limit in roughly 40 minutes whenever one of the desks on the "
    "Singapore VPN link falls behind, and when the pod dies every terminal loses its book and "
    "resyncs at once. The hub writes every delta to every subscriber and nothing ever waits for "
    "a slow one. Make it so one slow terminal can't grow our memory, without slowing the "
    "others down. Python 3.12, tests with `uv run pytest`."
)
s.call(
    "shell",
    '"""Fan-out of market-data deltas to the connected terminals."""\n\n'
    "from __future__ import annotations\n\n"
    "import asyncio\nimport logging\nfrom dataclasses import dataclass, field\n\n"
    "from .frames import encode\n\n"
    "log = logging.getLogger(__name__)\n\n\n"
    "@dataclass(eq=False)\nclass Subscriber:\n    peer: str\n"
    "    writer: asyncio.StreamWriter\n"
    "    symbols: frozenset[str] = field(default_factory=frozenset)\n\n\n"
    "class Hub:\n    def __init__(self) -> None:\n"
    "        self._subs: set[Subscriber] = set()\n"
    "        self.book: dict[str, dict] = {}\n        self.seq = 0\n\n"
    "    @property\n    def subscribers(self) -> frozenset[Subscriber]:\n"
    "        return frozenset(self._subs)\n\n"
    "    def subscribe(self, sub: Subscriber) -> None:\n        self._subs.add(sub)\n\n"
    "    def unsubscribe(self, sub: Subscriber) -> None:\n        self._subs.discard(sub)\n\n"
    "    def broadcast(self, delta: dict) -> None:\n"
    "        self.seq += 1\n"
    "        self.book.setdefault(delta['sym'], {}).update(delta)\n"
    '        frame = encode(self.seq, delta)  # b\'{"seq":...,"d":{...}}\\n\'\n'
    "        for sub in self._subs:\n"
    '            if delta["sym"] in sub.symbols:\n'
    "                sub.writer.write(frame)\n"
    "---\n"
    "38:def make_handler(hub: Hub) -> Handler:\n"
    "39:    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> "
    "None:\n"
    '40:        peer = "%s:%d" % writer.get_extra_info("peername")[:2]\n'
    '41:        hello = await read_hello(reader)  # {"type": "hello", "symbols": [...]}\n'
    '42:        sub = Subscriber(peer, writer, frozenset(hello["symbols"]))\n'
    "43:        writer.write(snapshot_frame(hub.book, sub.symbols, hub.seq))\n"
    "44:        hub.subscribe(sub)\n"
    "45:        try:\n"
    "46:            await pump_heartbeats(reader, writer)  # until the terminal hangs up\n"
    "47:        finally:\n"
    "48:            hub.unsubscribe(sub)\n"
    "49:            writer.close()\n"
    "50:\n51:    return handle\n"
    "---\n"
    "27 passed in 3.41s\n",
    command=[
        "bash",
        "-lc",
        f"cat {_HUB}; echo ---; sed -n '38,51p' {_SERVER} | nl -v38 -ba -w2 -s': '; "
        "echo ---; uv run pytest -q 2>&1 | tail -1",
    ],
)
s.call(
    "shell",
    "replay: tests/data/sgx-2026-11-27.jsonl.gz at 10x (41,200 deltas/s)\n"
    "t=  0s  rss=183 MB   subscribers=41  slow: buffered=0 B\n"
    "t= 15s  rss=398 MB   subscribers=41  slow: buffered=214.7 MB\n"
    "t= 30s  rss=611 MB   subscribers=41  slow: buffered=428.3 MB\n"
    "t= 45s  rss=826 MB   subscribers=41  slow: buffered=642.9 MB\n"
    "t= 60s  rss=1040 MB  subscribers=41  slow: buffered=857.1 MB\n"
    "fast terminals: 40/40 in sync, 0 seq gaps\n",
    "Reproducing with the load harness: 40 terminals that read, one that never reads, the "
    "replay at 10x.",
    command=["bash", "-lc", _LOAD],
)
s.say(
    "Reproduced: with one terminal that stops reading, RSS grows by about 14 MB/s and all of "
    "it is that terminal's transport buffer (857.1 MB after 60 s). StreamWriter.write() never "
    "blocks: what the socket won't take, asyncio keeps in the transport's buffer, without a "
    "limit, and only drain() applies backpressure. broadcast() never calls drain(), and "
    "awaiting it inline would stall all 40 other terminals behind the slow one. I'll shed load "
    "per subscriber instead: when a transport has more than 1 MiB buffered "
    "(writer.transport.get_write_buffer_size()), skip frames for that subscriber and count "
    "them, in a small FrameShedder in a new src/tickfan/shedding.py."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_SHED}\nM {_HUB}\n",
    input=f"*** Begin Patch\n*** Add File: {_SHED}\n"
    '+"""Per-subscriber load shedding: skip frames for a terminal whose socket is backed up\n'
    '+(MD-233)."""\n+\n'
    "+from __future__ import annotations\n+\n+import asyncio\n+\n"
    "+LIMIT = 1 << 20  # 1 MiB waiting in the transport\n+\n+\n"
    "+class FrameShedder:\n"
    "+    def __init__(self, limit: int = LIMIT) -> None:\n"
    "+        self.limit = limit\n"
    "+        self.skipped: dict[str, int] = {}\n+\n"
    "+    def admit(self, peer: str, writer: asyncio.StreamWriter) -> bool:\n"
    '+        """Whether the next frame may be written to this subscriber."""\n'
    "+        if writer.transport.get_write_buffer_size() < self.limit:\n"
    "+            return True\n"
    "+        self.skipped[peer] = self.skipped.get(peer, 0) + 1\n"
    "+        return False\n"
    f"*** Update File: {_HUB}\n@@\n"
    " from .frames import encode\n+from .shedding import FrameShedder\n@@\n"
    "         self._subs: set[Subscriber] = set()\n"
    "+        self._shedder = FrameShedder()\n@@\n"
    "         for sub in self._subs:\n"
    '             if delta["sym"] in sub.symbols:\n'
    "-                sub.writer.write(frame)\n"
    "+                if self._shedder.admit(sub.peer, sub.writer):\n"
    "+                    sub.writer.write(frame)\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "replay: tests/data/sgx-2026-11-27.jsonl.gz at 10x (41,200 deltas/s)\n"
    "t=  0s  rss=184 MB  subscribers=41  slow: buffered=0 B       skipped=0\n"
    "t= 15s  rss=190 MB  subscribers=41  slow: buffered=1.0 MB    skipped=598112\n"
    "t= 30s  rss=191 MB  subscribers=41  slow: buffered=1.0 MB    skipped=1201940\n"
    "t= 45s  rss=190 MB  subscribers=41  slow: buffered=1.0 MB    skipped=1802377\n"
    "t= 60s  rss=191 MB  subscribers=41  slow: buffered=1.0 MB    skipped=2401877\n"
    "fast terminals: 40/40 in sync, 0 seq gaps\n",
    command=["bash", "-lc", _LOAD],
)
s.say(
    "With the shedder, RSS stays between 184 and 191 MB for the whole minute: the slow "
    "terminal's buffer stops at 1.0 MB and its frames are skipped (2,401,877 in 60 s), while "
    "the other 40 terminals still see every frame with no seq gaps."
)
s.user(
    "No, don't skip frames. Every frame is a delta against the book the terminal already "
    "holds; the seq is how it would notice a gap, and the terminals don't resync on a gap, they "
    "just apply the next delta. A desk would be trading on a wrong book without knowing it. A "
    "terminal that can't keep up has to be cut off, so it reconnects and gets a fresh "
    "snapshot. Give every subscriber its own bounded asyncio.Queue, 256 frames, and a sender "
    "task; broadcast does put_nowait, and on QueueFull you close that subscriber with a "
    "slow_consumer error frame. Keep it in hub.py, no new module. Delete shedding.py and put "
    "hub.py back first."
)
s.call(
    "shell",
    "",
    "Deleting shedding.py and checking hub.py out again.",
    command=["bash", "-lc", f"rm {_SHED} && git checkout -- {_HUB} && git status --short"],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_HUB}\n",
    "Each subscriber gets a queue of 256 frames and a sender task; broadcast only enqueues, and "
    "a full queue cuts the subscriber off. unsubscribe() becomes async so that it can cancel "
    "and await the sender task.",
    input=f"*** Begin Patch\n*** Update File: {_HUB}\n@@\n"
    " import asyncio\n+import contextlib\n import logging\n@@\n"
    " log = logging.getLogger(__name__)\n+\n"
    "+QUEUE_FRAMES = 256  # per subscriber; full means the terminal can't keep up (MD-233)\n"
    '+SLOW_CONSUMER = b\'{"type":"error","code":"slow_consumer"}\\n\'\n@@\n'
    " class Subscriber:\n     peer: str\n"
    "-    writer: asyncio.StreamWriter\n"
    "+    writer: asyncio.StreamWriter = field(repr=False)\n"
    "     symbols: frozenset[str] = field(default_factory=frozenset)\n"
    "+    queue: asyncio.Queue[bytes] = field(\n"
    "+        default_factory=lambda: asyncio.Queue(QUEUE_FRAMES), repr=False\n+    )\n"
    "+    task: asyncio.Task[None] | None = field(default=None, repr=False)\n@@\n"
    "     def subscribe(self, sub: Subscriber) -> None:\n         self._subs.add(sub)\n"
    '+        sub.task = asyncio.create_task(self._send(sub), name=f"send {sub.peer}")\n\n'
    "-    def unsubscribe(self, sub: Subscriber) -> None:\n"
    "+    async def unsubscribe(self, sub: Subscriber) -> None:\n"
    "         self._subs.discard(sub)\n"
    "+        if sub.task is not None:\n"
    "+            sub.task.cancel()  # else every reconnect leaves a task parked on queue.get()\n"
    "+            with contextlib.suppress(asyncio.CancelledError):\n"
    "+                await sub.task\n@@\n"
    '         frame = encode(self.seq, delta)  # b\'{"seq":...,"d":{...}}\\n\'\n'
    "-        for sub in self._subs:\n"
    '-            if delta["sym"] in sub.symbols:\n'
    "-                sub.writer.write(frame)\n"
    "+        for sub in list(self._subs):\n"
    '+            if delta["sym"] not in sub.symbols:\n'
    "+                continue\n"
    "+            try:\n"
    "+                sub.queue.put_nowait(frame)\n"
    "+            except asyncio.QueueFull:\n"
    "+                self._cut_off(sub)\n+\n"
    "+    def _cut_off(self, sub: Subscriber) -> None:\n"
    '+        """A terminal that can\'t keep up: close it, so it reconnects for a fresh '
    'snapshot."""\n'
    '+        log.warning("cutting off %s: %d frames queued", sub.peer, sub.queue.qsize())\n'
    "+        self._subs.discard(sub)\n"
    "+        if sub.task is not None:\n"
    "+            sub.task.cancel()\n"
    "+        sub.writer.write(SLOW_CONSUMER)\n"
    "+        sub.writer.close()\n+\n"
    "+    async def _send(self, sub: Subscriber) -> None:\n"
    "+        while True:\n"
    "+            frame = await sub.queue.get()\n"
    "+            sub.writer.write(frame)\n"
    "*** End Patch\n",
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_SERVER}\n",
    input=f"*** Begin Patch\n*** Update File: {_SERVER}\n@@\n"
    "         try:\n"
    "             await pump_heartbeats(reader, writer)  # until the terminal hangs up\n"
    "         finally:\n"
    "-            hub.unsubscribe(sub)\n"
    "+            await hub.unsubscribe(sub)  # cancels and awaits its sender task\n"
    "             writer.close()\n"
    "*** End Patch\n",
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_TESTS}\n",
    "Two tests on a real server on 127.0.0.1: a terminal that never reads is cut off, and one "
    "that reads gets every frame in seq order meanwhile.",
    input=f"*** Begin Patch\n*** Update File: {_TESTS}\n@@\n"
    "+N = 20_000\n+\n+\n"
    f"+async def {_CUT_OFF}(hub_server):\n"
    "+    hub = hub_server.hub\n"
    '+    slow_r, slow_w = await connect(hub_server, ["ESZ6"])  # never reads after the '
    "snapshot\n"
    '+    fast_r, fast_w = await connect(hub_server, ["ESZ6"])\n'
    "+    fast = asyncio.create_task(read_frames(fast_r, N))\n"
    "+    for i in range(N):\n"
    '+        hub.broadcast({"sym": "ESZ6", "px": 5912.25 + i / 4, "qty": 3})\n'
    "+        if i % 10 == 0:\n"
    "+            await asyncio.sleep(0)  # let the sender tasks run\n"
    "+    await asyncio.sleep(0.2)\n"
    "+    slow = peers(hub).get(local_peer(slow_w))\n"
    "+    assert slow is None, (\n"
    '+        f"slow subscriber still connected after {N} frames; "\n'
    '+        f"queue depth {slow.queue.qsize()}, "\n'
    '+        f"transport buffer {slow.writer.transport.get_write_buffer_size()} bytes"\n'
    "+    )\n"
    "+    assert len(await fast) == N\n+\n+\n"
    "+async def test_fast_subscribers_get_every_frame(hub_server):\n"
    "+    hub = hub_server.hub\n"
    '+    readers = [await connect(hub_server, ["ESZ6", "NQZ6"]) for _ in range(3)]\n'
    "+    tasks = [asyncio.create_task(read_frames(r, 3000)) for r, _ in readers]\n"
    "+    first = hub.seq + 1\n"
    "+    for i in range(3000):\n"
    '+        hub.broadcast({"sym": ("ESZ6", "NQZ6")[i % 2], "px": 100.0 + i, "qty": 1})\n'
    "+        await asyncio.sleep(0)\n"
    "+    for frames in await asyncio.gather(*tasks):\n"
    '+        assert [f["seq"] for f in frames] == list(range(first, first + 3000))\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    _failed("4.87", "842117", "40117"),
    command=["bash", "-lc", "uv run pytest -q 2>&1 | tail -28"],
)
s.call(
    "shell",
    "Resolved 9 packages in 41ms\n"
    "Prepared 1 package in 612ms\n"
    "Uninstalled 1 package in 3ms\n"
    "Installed 1 package in 4ms\n"
    " ~ tickfan==0.9.2 (from file:///home/dana/tickfan)\n"
    "/home/dana/tickfan/src/tickfan/hub.py\n" + _failed("4.91", "842117", "40263"),
    "The queue should have filled long before 20,000 frames. tickfan was installed into .venv "
    "with a plain `uv pip install .` at some point, so the test may be importing a stale "
    "install of hub.py from site-packages rather than src/. Reinstalling it editable and "
    "re-running.",
    command=[
        "bash",
        "-lc",
        "uv pip install -e . --reinstall && uv run python -c 'import tickfan.hub as h; "
        "print(h.__file__)' && uv run pytest -q 2>&1 | tail -28",
    ],
)
s.say(
    "Same failure with tickfan.hub imported from src/tickfan/hub.py itself, so it is not a "
    "stale install. Queue depth 0 is the clue: _send() takes each frame off the queue and "
    "calls writer.write(), which never blocks, so the sender empties the queue into the "
    "transport as fast as broadcast fills it (842117 bytes sit in the transport's buffer). The "
    "memory has only moved from the queue to the transport. The sender task has to await "
    "writer.drain() after each write: drain() waits while the transport holds more than its "
    "64 KiB high-water mark, so a terminal that stops reading backs its frames up into its "
    "own 256-frame queue, and that queue filling is what cuts it off."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_HUB}\n",
    input=f"*** Begin Patch\n*** Update File: {_HUB}\n@@\n"
    "     async def _send(self, sub: Subscriber) -> None:\n"
    "-        while True:\n"
    "-            frame = await sub.queue.get()\n"
    "-            sub.writer.write(frame)\n"
    "+        try:\n"
    "+            while True:\n"
    "+                frame = await sub.queue.get()\n"
    "+                sub.writer.write(frame)\n"
    "+                # wait while the transport holds more than its 64 KiB high-water mark: a\n"
    "+                # terminal that isn't reading backs frames up into its queue, not our "
    "memory\n"
    "+                await sub.writer.drain()\n"
    "+        except ConnectionError:\n"
    "+            self._subs.discard(sub)  # hung up mid-write; server.py's finally cleans up\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "29 passed in 4.02s\n"
    "replay: tests/data/sgx-2026-11-27.jsonl.gz at 10x (41,200 deltas/s)\n"
    "t=  0s  rss=183 MB  subscribers=41  slow: buffered=0 B\n"
    "t=  1s  rss=186 MB  subscribers=40  slow: cut off (slow_consumer) after 0.4 s\n"
    "t= 15s  rss=188 MB  subscribers=40\n"
    "t= 30s  rss=189 MB  subscribers=40\n"
    "t= 45s  rss=188 MB  subscribers=40\n"
    "t= 60s  rss=189 MB  subscribers=40\n"
    "fast terminals: 40/40 in sync, 0 seq gaps\n",
    command=["bash", "-lc", f"uv run pytest -q 2>&1 | tail -1 && {_LOAD}"],
)
s.call(
    "shell",
    "[md-233-bounded-fanout 7d2f0c9] Bound each terminal's backlog and cut off slow ones "
    "(MD-233)\n"
    " 3 files changed, 96 insertions(+), 8 deletions(-)\n"
    "https://github.com/meridian-md/tickfan/pull/142\n",
    "All 29 tests pass, and under the load harness the slow terminal is cut off after 0.4 s "
    "with a slow_consumer frame while RSS stays at 183-189 MB and the other 40 terminals see "
    "no seq gaps. Committing and opening the PR.",
    command=[
        "bash",
        "-lc",
        'git checkout -b md-233-bounded-fanout && git add -A && git commit -m "Bound each '
        "terminal's backlog and cut off slow ones (MD-233)\" && git push -q -u origin HEAD "
        "&& gh pr create --fill",
    ],
)
s.user(
    "Tomasz reviewed #142:\n"
    "1. when a terminal disconnects on its own, its sender task has to be cancelled and awaited, "
    "or every reconnect leaks a task blocked on queue.get()\n"
    "2. why cut the terminal off instead of dropping its oldest frames? After a network blip "
    "40 desks reconnecting cost a snapshot each, about 2 MB\n"
    "3. the HTTP long-poll fallback in src/tickfan/longpoll.py keeps the same unbounded list "
    "per client\n"
    "4. there's no test that a terminal that was cut off gets a full snapshot when it "
    "reconnects, with seq carrying on from the hub's\n"
    "Mine: 1 is done already, server.py awaits hub.unsubscribe in its finally, confirm. 2 "
    "answer him: the frames are deltas, a gap means a wrong book, and the terminals don't "
    "resync on a gap. 3 is MD-241, separate PR. 4 yes, add it."
)
s.call(
    "shell",
    f"{_SERVER}:48:            await hub.unsubscribe(sub)  # cancels and awaits its sender "
    "task\n"
    f"{_HUB}:47:    async def unsubscribe(self, sub: Subscriber) -> None:\n"
    f"{_HUB}:50:            sub.task.cancel()  # else every reconnect leaves a task parked on "
    "queue.get()\n",
    command=[
        "bash",
        "-lc",
        "git grep -n 'unsubscribe(sub\\|def unsubscribe\\|task.cancel() ' -- src",
    ],
)
s.call(
    "shell",
    "https://github.com/meridian-md/tickfan/pull/142#issuecomment-2531907\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 142 --body-file /tmp/pr142.md"],
    body="(1) Already in: server.py's finally awaits hub.unsubscribe(), which cancels and "
    "awaits the sender task (hub.py:47-52), so a terminal that hangs up leaves no task behind. "
    "(2) Every frame is a delta against the terminal's book, and the terminals don't resync on "
    "a gap: dropping the oldest frames would leave a desk trading on a wrong book without "
    "knowing it. A 2 MB snapshot on reconnect is the price of a correct book. (3) The "
    "long-poll fallback in src/tickfan/longpoll.py is MD-241, a separate PR.",
)
s.say(
    "(1) needed no change: server.py awaits hub.unsubscribe() in its finally, and that cancels "
    "and awaits the sender task (hub.py:47-52). (2) and (3) are answered on #142. Next I'll "
    "add test_cut_off_terminal_resyncs_from_snapshot to tests/test_hub.py: cut a terminal off, "
    "reconnect it, and check that its first frame is a full snapshot whose seq is the hub's; "
    "then run uv run pytest and push to #142."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "MD-233: tickfan is OOM-killed (RSS from about 180 MB to the 3 GiB limit in some "
             "40 minutes) whenever one terminal falls behind, because Hub.broadcast writes "
             "every delta to every subscriber with StreamWriter.write and nothing waits; make "
             "one slow terminal unable to grow the hub's memory without slowing the others.",
             must=(("oom", "md-233", "memory", "rss", "3 gib"),
                   ("slow terminal", "slow subscriber", "slow consumer", "slow reader",
                    "slow one", "falls behind", "fell behind", "keep up", "stops reading")),
             partial_means="The memory growth without the slow terminal, or the ticket alone.",
             wrong="A memory leak in the replay; a slow upstream feed; a crash on startup."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #142 with the user's answers: (1) confirm server.py already "
             "awaits hub.unsubscribe, which cancels and awaits the sender task; (2) answer him "
             "that the frames are deltas, a gap means a wrong book and the terminals don't "
             "resync on a gap; (3) the long-poll fallback is MD-241, a separate PR; (4) add the "
             "test that a cut-off terminal gets a full snapshot when it reconnects.",
             must=(("snapshot",),
                   ("md-241", "long-poll", "longpoll", "unsubscribe", "sender task", "deltas",
                    "gap")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Bounding the long-poll fallback now; going back to skipping frames.",
             stale_means="The cut-off correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's fourth point: add test_cut_off_terminal_resyncs_from_snapshot to "
             "tests/test_hub.py (cut a terminal off, reconnect it, check that its first frame "
             "is a full snapshot whose seq is the hub's), run uv run pytest, and push to PR "
             "#142. The long-poll fallback (src/tickfan/longpoll.py) is MD-241, a separate PR.",
             must=(("snapshot",), ("reconnect", "resync", "cut off", "cut-off"),
                   ("test_hub.py", "push")),
             stale=("longpoll.py", "long-poll", "shedding", "--reinstall",
                    "get_write_buffer_size"),
             partial_means="A test without saying it is the reconnect snapshot test, or only "
                           "the push.",
             wrong="Making the queue bigger; awaiting drain() inside broadcast.",
             stale_means="Says to bound the long-poll fallback in longpoll.py (put off to "
                         "MD-241 by the user), to bring the shedder back, or to reinstall the "
                         "package and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/tickfan/hub.py (a bounded asyncio.Queue of 256 frames and a sender task per "
             "subscriber that awaits writer.drain(), put_nowait in broadcast, the subscriber "
             "cut off with a slow_consumer frame on QueueFull, an async unsubscribe that "
             "cancels and awaits the sender task); src/tickfan/server.py (its finally awaits "
             "hub.unsubscribe); tests/test_hub.py (the slow-subscriber and the fast-subscriber "
             "tests). src/tickfan/shedding.py was created and deleted; hub.py was checked out "
             "again before the queue.",
             must=(("hub.py",), ("server.py",), ("test_hub.py",)),
             stale=("shedding.py",),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="longpoll.py or frames.py given as edited.",
             stale_means="src/tickfan/shedding.py (the FrameShedder) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Each subscriber gets a bounded asyncio.Queue of 256 frames and its own sender "
             "task, which awaits writer.drain() after each write; broadcast does put_nowait, "
             "and on QueueFull the subscriber is cut off with a slow_consumer error frame, so "
             "it reconnects for a fresh snapshot; all inside hub.py. It rules out skipping "
             "frames for a subscriber with more than 1 MiB in its transport buffer (the "
             "FrameShedder in shedding.py: the frames are deltas and the terminals do not "
             "resync on a gap, so a desk would trade on a wrong book), and awaiting drain() "
             "inline in broadcast (one slow terminal would stall the others).",
             must=(("queue", "queuefull", "cut off", "cut it off", "slow_consumer"),
                   ("skip", "shedding", "frameshedder", "shedder", "1 mib",
                    "get_write_buffer_size")),
             stale=("skip frames", "frameshedder",
                    "get_write_buffer_size"),
             partial_means="The queue and the cut off without what they rule out.",
             wrong="Dropping the oldest frames; one global queue; a bigger memory limit.",
             stale_means="Skipping frames for a subscriber over 1 MiB of transport buffer "
                         "(the FrameShedder) given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #142: (1) the sender task must be cancelled and awaited when a "
             "terminal disconnects, or each reconnect leaks a task (already done: server.py "
             "awaits hub.unsubscribe); (2) why cut a terminal off instead of dropping its "
             "oldest frames, when 40 reconnects cost a 2 MB snapshot each (answered on the "
             "PR: deltas, a gap is a wrong book, no resync on a gap); (3) the long-poll "
             "fallback in src/tickfan/longpoll.py keeps the same unbounded list (MD-241); (4) "
             "no test that a cut-off terminal gets a full snapshot on reconnect (pending).",
             must=(("sender task", "cancel", "leak", "unsubscribe"),
                   ("oldest", "dropping", "why cut", "instead of", "deltas"),
                   ("long-poll", "longpoll", "md-241"), ("snapshot",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The failing slow-subscriber test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Don't skip frames: every frame is a delta against the terminal's book and the "
             "terminals don't resync on a gap, so a desk would trade on a wrong book; a "
             "terminal that can't keep up must be cut off, so it reconnects for a fresh "
             "snapshot: a bounded asyncio.Queue of 256 frames and a sender task per "
             "subscriber, put_nowait in broadcast, a slow_consumer error frame and close on "
             "QueueFull, inside hub.py with no new module; delete shedding.py and restore "
             "hub.py first.",
             must=(("skip", "shedding", "shedder", "gap", "delta"),
                   ("queue", "cut off", "cut it off", "slow_consumer", "reconnect")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No skipping without what to do instead, or the reverse.",
             wrong="The stale-install guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new test_slow_subscriber_is_cut_off failed: the slow subscriber was still "
             "connected after 20000 frames with queue depth 0 and 842117 bytes in its "
             "transport buffer; uv pip install -e . --reinstall and a re-run did not fix it "
             "(hub.py came from src/, no stale install); _send() emptied the queue into the "
             "transport with writer.write(), which never blocks; fixed by await "
             "writer.drain() after each write in the sender task. Earlier, the OOM itself: "
             "unbounded transport buffers, fixed by the bounded queue and the cut off.",
             must=(("queue depth 0", "still connected", "test_slow_subscriber_is_cut_off",
                    "20000 frames", "20,000 frames", "842117"),
                   ("drain",)),
             stale=("fixed by reinstalling", "fixed by uv pip install", "fixed by a reinstall",
                    "fixed by an editable install", "fixed by a re-run", "fixed by re-running",
                    "stale install"),
             partial_means="The failing slow-subscriber test without its fix, or only the "
                           "OOM.",
             wrong="A ConnectionResetError; a pytest-asyncio event loop error.",
             stale_means="The slow-subscriber test 'fixed' by uv pip install -e . --reinstall "
                         "and a re-run, or put down to a stale install."),
    Question("key_values", "Which key values matter?",
             "MD-233, MD-241 (the long-poll fallback), PR #142; RSS about 180 MB up to the 3 "
             "GiB limit in some 40 minutes; 256 frames per queue; the 64 KiB high-water mark; "
             "the rejected 1 MiB shedding limit; 20,000 frames in the test (queue depth 0, "
             "842117 bytes buffered); 27 tests before, 29 after; the slow terminal cut off "
             "after 0.4 s with RSS at 183-189 MB; a snapshot about 2 MB.",
             must=(("md-233", "md-241", "#142"),
                   ("256", "64 kib", "3 gib", "20000", "20,000", "29 tests", "29 passed",
                    "1 mib", "180 mb", "842117")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/tickfan/hub.py holds the Hub that fans each delta out to the subscribed "
             "terminals (Subscriber, broadcast, subscribe/unsubscribe); src/tickfan/server.py "
             "is the connection handler (reads the hello, sends the snapshot, subscribes, "
             "unsubscribes when the terminal hangs up); src/tickfan/frames.py encodes frames; "
             "src/tickfan/longpoll.py is the HTTP long-poll fallback (MD-241); "
             "tests/test_hub.py holds the hub's tests; scripts/loadterms.py is the load "
             "harness.",
             must=(("hub.py",),
                   ("server.py", "longpoll.py", "test_hub.py", "frames.py", "loadterms.py"),
                   ("fan", "connection handler", "handler", "snapshot", "long-poll",
                    "encodes", "tests", "load harness", "broadcast")),
             partial_means="The files named without what they hold.",
             wrong="shedding.py as the hub's load shedder."),
    Question("pending", "What work is still pending?",
             "The reconnect snapshot test (Tomasz's 4), uv run pytest and the push to #142; "
             "the long-poll fallback later in MD-241.",
             must=(("snapshot",), ("md-241", "longpoll", "long-poll")),
             partial_means="The snapshot test without the long-poll ticket, or the reverse.",
             wrong="The sender-task cleanup or the reply on dropping frames as pending."),
    Question("state", "What is the state of the work?",
             "PR #142 is open and pushed: a bounded queue and a draining sender task per "
             "subscriber, slow terminals cut off; all 29 tests pass and the load harness holds "
             "RSS at 183-189 MB; Tomasz's 1 needed no change, 2 and 3 are answered on the PR; "
             "the snapshot test is not written and nothing is pushed since.",
             must=(("29 tests", "29 passed", "tests pass"),
                   ("not written", "not pushed", "not yet", "snapshot")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the long-poll fallback is bounded.",
             stale_means="Says the hub skips frames for slow terminals through the "
                         "FrameShedder."),
)  # fmt: skip

PRODUCTION = """Summary so far: MD-233: tickfan was OOM-killed (RSS ~180 MB to the 3 GiB limit) whenever one terminal fell behind: Hub.broadcast wrote every delta with StreamWriter.write and nothing waited, piling a slow reader's bytes into its transport buffer. I first skipped frames for subscribers over 1 MiB buffered (FrameShedder, new shedding.py); the user ruled it out (frames are deltas, terminals don't resync on a gap), so shedding.py is deleted and hub.py restored.
Decision: each subscriber gets a bounded asyncio.Queue (256 frames) and a sender task; broadcast does put_nowait; on QueueFull the subscriber is cut off with a slow_consumer frame and reconnects for a fresh snapshot; all in hub.py.
Error: test_slow_subscriber_is_cut_off failed (still connected after 20000 frames, queue depth 0); uv pip install -e . --reinstall and a re-run did not help; _send() emptied the queue into the transport; fixed by await writer.drain() after each write.
Files: hub.py (the fan-out), server.py (awaits the async hub.unsubscribe), tests/test_hub.py.
State: all 29 tests pass; PR #142 open and pushed; the snapshot test is not written yet.
Tomasz's review: cancelling the sender task on disconnect already done; why cut off instead of dropping the oldest frames answered on the PR; the long-poll fallback is MD-241, not this PR; the reconnect snapshot test pending.
Next: add a test that a cut-off terminal reconnects to a full snapshot, run uv run pytest, push to #142."""
