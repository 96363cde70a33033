"""The per-call view: pick a call of a replay (or of the log as it ran), see the exact list
sent with each change since the previous call marked, where the cached prefix ended, the
call's tokens and cost; step call by call; compare two calls.

`CallViewState` is plain (code can drive it); `CallViewPanel` shows it with ipywidgets. The
views themselves come from `Replay.calls()` / `working_memory.replays.log_call_views`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..messages import content_text
from ._html import esc, notice_html, table_html
from ._widgets import require

if TYPE_CHECKING:  # pragma: no cover
    from ..replays import CallView, Replay

__all__ = ["CallViewPanel", "CallViewState"]

PREVIEW_CHARS = 160


@dataclass
class CallViewState:
    """Which call is shown (1-based), and which one it is compared with (None: none)."""

    views: Sequence[CallView]
    current: int = 1
    compare_with: int | None = None
    label: str = "replay"

    @classmethod
    def from_replay(cls, replay: Replay) -> CallViewState:
        return cls(replay.calls(), label=replay.name)

    @classmethod
    def from_log(cls, transcript: Any) -> CallViewState:
        from ..clients import price_for
        from ..replays import log_call_views
        from ..tokens import log_model

        name = log_model(transcript)
        rates = price_for(name) if name else None
        return cls(log_call_views(transcript, rates=rates), label="the log as it ran")

    def go(self, k: int) -> CallView:
        if not self.views:
            raise IndexError("no calls to show")
        self.current = min(max(k, 1), len(self.views))
        return self.view

    def step(self, by: int = 1) -> CallView:
        return self.go(self.current + by)

    @property
    def view(self) -> CallView:
        return self.views[self.current - 1]

    def rows(self) -> list[dict[str, Any]]:
        v = self.view
        rows = []
        for n, (message, mark, i) in enumerate(zip(v.messages, v.marks, v.ids, strict=True)):
            text = content_text(message.get("content"))[0].replace("\n", " ")
            rows.append(
                {
                    "#": n,
                    "id": i,
                    "change": mark,
                    "cached": "yes" if n < v.cached_messages else "",
                    "role": message.get("role", "?"),
                    "text": text[:PREVIEW_CHARS],
                }
            )
        return rows

    def headline(self) -> str:
        v = self.view
        cost = f", ${v.cost_usd:.4f}" if v.cost_usd is not None else ""
        cache = (
            f"; predicted cache read {v.cache.read:,}, write {v.cache.write:,}, "
            f"uncached {v.cache.uncached:,}"
            if v.cache is not None
            else ""
        )
        billed = (
            f"; billed read {v.billed.read:,}, write {v.billed.write:,}, uncached {v.billed.uncached:,}"
            if v.billed is not None
            else ""
        )
        changes = ", ".join(f"{n} {m}" for m, n in sorted(v.changes().items())) or "nothing"
        return (
            f"{self.label}: call {v.call} of {len(self.views)}: {len(v.messages)} messages, "
            f"{v.tokens:,} tokens{cost}; cached prefix ends after message "
            f"{v.cached_messages}; changed since the previous call: {changes}{cache}{billed}"
        )

    def comparison(self) -> dict[str, tuple[int, ...]] | None:
        if self.compare_with is None:
            return None
        return self.view.compare(self.views[min(max(self.compare_with, 1), len(self.views)) - 1])


class CallViewPanel:
    """ipywidgets over a CallViewState: a call slider, previous/next, a call to compare with."""

    def __init__(self, state: CallViewState) -> None:
        widgets, _ = require()
        self.state = state
        n = max(len(state.views), 1)
        self.slider = widgets.IntSlider(value=state.current, min=1, max=n, description="call")
        self.prev = widgets.Button(description="previous")
        self.next = widgets.Button(description="next")
        self.other = widgets.Dropdown(
            options=[("none", 0), *((f"call {k}", k) for k in range(1, n + 1))],
            value=0,
            description="compare",
        )
        self.out = widgets.HTML()
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        self.prev.on_click(lambda _: self._move(-1))
        self.next.on_click(lambda _: self._move(1))
        self.other.observe(lambda change: self._compare(change["new"]), names="value")
        self.widget = widgets.VBox(
            [widgets.HBox([self.prev, self.slider, self.next, self.other]), self.out]
        )
        self._render()

    def _move(self, by: int) -> None:
        self.slider.value = min(max(self.state.current + by, 1), self.slider.max)

    def _show(self, k: int) -> None:
        self.state.go(k)
        self._render()

    def _compare(self, k: int) -> None:
        self.state.compare_with = k or None
        self._render()

    def _render(self) -> None:
        if not self.state.views:
            self.out.value = notice_html("This log has no calls with usage to show.")
            return
        diff = self.state.comparison()
        extra = ""
        if diff is not None:
            extra = (
                "<p>"
                + esc(
                    f"against call {self.state.compare_with}: {len(diff['only_here'])} only here, "
                    f"{len(diff['only_there'])} only there, {len(diff['changed'])} changed"
                )
                + "</p>"
            )
        table = table_html(self.state.rows(), ["#", "id", "change", "cached", "role", "text"])
        self.out.value = f"<p>{esc(self.state.headline())}</p>{extra}{table}"

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)
