"""The workbench's state: plain Python objects that the widgets only display and edit.

Everything a panel shows is computed here from the library (transcripts, Policy, PinPolicy,
ManagedWindow, usage_check), so a notebook user can read and set it from code:

    state = TranscriptState.from_path("session.jsonl")
    pins = PolicyState(state)
    pins.policy = pins.policy.replace(keep_recent=10)
    pins.preview.span          # (start, end) of the span the next compaction would take
"""

from __future__ import annotations

import re
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..pins import tool_groups
from ..tokens import TokenCounter, get_counter
from ..transcripts import Transcript, load_transcripts

if TYPE_CHECKING:
    from ..replays import Policy

__all__ = [
    "CachedCounter",
    "Observable",
    "TranscriptState",
    "load_upload",
    "policy_class",
    "presets",
]


def policy_class() -> type[Policy]:
    """replay.Policy (the one replays use), wherever this checkout defines it."""
    try:
        from ..replays import Policy
    except ImportError:
        from ..replays import Policy
    return Policy


def presets() -> dict[str, Policy]:
    try:
        from ..replays import PRESETS
    except ImportError:
        from ..replays import PRESETS
    return dict(PRESETS)


class Observable:
    """Callbacks run after a change; `what` names the part that changed."""

    def __init__(self) -> None:
        self._observers: list[Callable[[str], None]] = []

    def observe(self, callback: Callable[[str], None]) -> None:
        self._observers.append(callback)

    def _changed(self, what: str) -> None:
        for callback in list(self._observers):
            callback(what)


class CachedCounter:
    """A TokenCounter that remembers each text's count: recounting on every control change
    would make the workbench crawl. (str caches its own hash, so a repeat lookup is cheap.)"""

    def __init__(self, counter: TokenCounter) -> None:
        self.inner = counter
        self.name = counter.name
        self._cache: dict[str, int] = {}

    def count(self, text: str) -> int:
        value = self._cache.get(text)
        if value is None:
            value = self._cache[text] = self.inner.count(text)
        return value


T = TypeVar("T")


class Recent(Generic[T]):
    """The last `size` values by key, each stored with the objects its key names by id (held
    here, and checked to be the same objects when it is read back)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], tuple[tuple[object, ...], T]] = OrderedDict()

    def get(self, key: tuple[Any, ...], *of: object) -> T | None:
        item = self._items.get(key)
        if (
            item is None
            or len(item[0]) != len(of)
            or any(a is not b for a, b in zip(item[0], of, strict=True))
        ):
            return None
        self._items.move_to_end(key)
        return item[1]

    def pop(self, key: tuple[Any, ...], *of: object) -> T | None:
        """`get`, and no longer kept (for a value its taker goes on changing)."""
        value = self.get(key, *of)
        self._items.pop(key, None)
        return value

    def __len__(self) -> int:
        return len(self._items)

    def put(self, key: tuple[Any, ...], value: T, *of: object) -> T:
        self._items[key] = (of, value)
        self._items.move_to_end(key)
        self.resize(self.size)
        return value

    def resize(self, size: int) -> None:
        self.size = size
        while len(self._items) > size:
            self._items.popitem(last=False)


_COUNTERS: dict[str, CachedCounter] = {}


def cached_counter(name: str) -> CachedCounter:
    counter = _COUNTERS.get(name)
    if counter is None:
        counter = _COUNTERS[name] = CachedCounter(get_counter(name))
    return counter


# --------------------------------------------------------------------------- transcript


def load_upload(name: str, content: bytes) -> list[Transcript]:
    """Load an uploaded file (FileUpload's name and bytes) with the same loaders as a path."""
    safe = re.sub(r"[^\w.\-]+", "_", Path(name).name) or "upload.jsonl"
    with tempfile.TemporaryDirectory(prefix="wm-upload-") as folder:
        path = Path(folder) / safe
        path.write_bytes(content)
        runs = load_transcripts(path)
    for run in runs:
        run.source = name
        run.warnings[:] = [w.replace(str(path), name) for w in run.warnings]
    return runs


class TranscriptState(Observable):
    """The loaded transcript, which thread is shown, and which message is selected."""

    def __init__(self, transcript: Transcript | None = None) -> None:
        super().__init__()
        self.runs: list[Transcript] = [transcript] if transcript is not None else []
        self._transcript = transcript
        self._thread = "main"
        self._selected = 0

    @classmethod
    def from_path(cls, path: str | Path) -> TranscriptState:
        state = cls()
        state.load(path)
        return state

    def load(self, path: str | Path) -> None:
        """Load every run in the file (most files hold one) and show the first."""
        self.set_runs(load_transcripts(path))

    def load_bytes(self, name: str, content: bytes) -> None:
        self.set_runs(load_upload(name, content))

    def set_runs(self, runs: Sequence[Transcript]) -> None:
        if not runs:
            raise ValueError("the file holds no run to show")
        self.runs = list(runs)
        self._transcript = self.runs[0]
        self._thread, self._selected = "main", 0
        self._changed("transcript")

    @property
    def transcript(self) -> Transcript | None:
        return self._transcript

    @transcript.setter
    def transcript(self, transcript: Transcript) -> None:
        self.set_runs([transcript])

    @property
    def thread(self) -> str:
        return self._thread

    @thread.setter
    def thread(self, name: str) -> None:
        if name != "main" and (self._transcript is None or name not in self._transcript.threads):
            known = ", ".join(["main", *(self._transcript.threads if self._transcript else ())])
            raise ValueError(f"no thread {name!r}: expected one of {known}")
        self._thread, self._selected = name, 0
        self._changed("transcript")

    @property
    def current(self) -> Transcript | None:
        """The transcript of the thread being shown (the main one unless a thread is picked)."""
        if self._transcript is None or self._thread == "main":
            return self._transcript
        return self._transcript.threads[self._thread]

    @property
    def messages(self) -> list[dict[str, Any]]:
        current = self.current
        return current.messages if current is not None else []

    @property
    def demonstrations(self) -> frozenset[int]:
        """Positions of the shown thread's demonstrations (never its task)."""
        current = self.current
        return current.demonstrations if current is not None else frozenset()

    @property
    def warnings(self) -> list[str]:
        return list(self._transcript.warnings) if self._transcript is not None else []

    @property
    def selected(self) -> int:
        return self._selected

    @selected.setter
    def selected(self, index: int) -> None:
        count = len(self.messages)
        if not 0 <= index < max(1, count):
            raise ValueError(f"message {index} is out of range: the thread has {count} messages")
        if index != self._selected:
            self._selected = index
            self._changed("selected")

    def partners(self, index: int) -> list[int]:
        """The tool-call partners of a message: its results (for a call) or its call (for a result)."""
        groups = self._groups()
        if not 0 <= index < len(groups):
            return []
        if groups[index] != index:
            return [groups[index]]
        return [j for j in self._members().get(index, ()) if j != index]

    def _groups(self) -> list[int]:
        key = (id(self.messages), len(self.messages))
        if getattr(self, "_groups_key", None) != key:
            self._groups_cache = tool_groups(self.messages)
            members: dict[int, list[int]] = {}
            for i, g in enumerate(self._groups_cache):
                members.setdefault(g, []).append(i)
            self._members_cache = members
            self._groups_key = key
        return self._groups_cache

    def _members(self) -> dict[int, list[int]]:
        self._groups()
        return self._members_cache
