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
from ._html import CSS, esc, notice_html
from ._widgets import require

if TYPE_CHECKING:  # pragma: no cover
    from ..replays import CallView, Replay

__all__ = ["CallViewPanel", "CallViewState"]

PREVIEW_CHARS = 160

# One colour per change, so a rewrite stands out while stepping (kept rows stay plain).
MARK_COLOURS = {
    "added": "#e6f4ea",
    "resent": "#f1f3f4",
    "summarised": "#e8f0fe",
    "masked": "#fef7e0",
    "evicted": "#fce8e6",
    "truncated": "#fff4e5",
}


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

    def gone(self) -> list[dict[str, Any]]:
        """The messages sent at the previous call and not at this one, and why."""
        return [{"id": i, "change": mark} for i, mark in self.view.removed]

    def comparison_line(self) -> str | None:
        diff = self.comparison()
        if diff is None:
            return None
        ids = {k: ", ".join(map(str, v)) or "none" for k, v in diff.items()}
        return (
            f"against call {self.compare_with}: {len(diff['only_here'])} only here "
            f"({ids['only_here']}), {len(diff['only_there'])} only there ({ids['only_there']}), "
            f"{len(diff['changed'])} changed ({ids['changed']})"
        )

    def html(self) -> str:
        """The call as a table: one row per message sent (its id, change and role as data
        attributes), a line where the cached prefix ends, then the messages gone since."""
        if not self.views:
            return notice_html("This log has no calls with usage to show.")
        v = self.view
        body = []
        for row in self.rows():
            colour = MARK_COLOURS.get(row["change"])
            style = f' style="background:{colour}"' if colour else ""
            body.append(
                f'<tr class="wm-call-message" data-id="{row["id"]}" data-mark="{esc(row["change"])}"'
                f' data-role="{esc(row["role"])}"{style}><td>{row["#"]}</td><td>{row["id"]}</td>'
                f"<td>{esc(row['change'])}</td><td>{esc(row['role'])}</td>"
                f'<td class="wm-call-text">{esc(row["text"])}</td></tr>'
            )
            if row["#"] + 1 == v.cached_messages:
                body.append(
                    '<tr class="wm-cache-end"><td colspan="5"><b>cached prefix ends here</b> '
                    f"(after message {v.cached_messages})</td></tr>"
                )
        if v.cached_messages == 0:
            body.insert(
                0,
                '<tr class="wm-cache-end"><td colspan="5"><b>nothing cached</b> '
                "(the prompt differs from the previous call's from its first message)</td></tr>",
            )
        for row in self.gone():
            colour = MARK_COLOURS.get(row["change"], "")
            body.append(
                f'<tr class="wm-call-gone" data-id="{row["id"]}" data-mark="{esc(row["change"])}"'
                f' style="background:{colour}"><td></td><td>{row["id"]}</td>'
                f"<td>{esc(row['change'])}</td><td colspan='2'><i>gone since the previous "
                "call</i></td></tr>"
            )
        compared = self.comparison_line()
        extra = f'<p class="wm-call-compare">{esc(compared)}</p>' if compared else ""
        return (
            f'{CSS}<div class="wm-wb wm-call-view" data-call="{v.call}" '
            f'data-cached="{v.cached_messages}"><p class="wm-call-headline">'
            f"{esc(self.headline())}</p>{extra}<table><tr><th>#</th><th>id</th><th>change</th>"
            f"<th>role</th><th>text</th></tr>{''.join(body)}</table></div>"
        )

    def comparison(self) -> dict[str, tuple[int, ...]] | None:
        if self.compare_with is None:
            return None
        return self.view.compare(self.views[min(max(self.compare_with, 1), len(self.views)) - 1])


class CallViewPanel:
    """ipywidgets over a CallViewState: a call slider and a box to type a call number,
    previous/next, a call to compare with."""

    def __init__(self, state: CallViewState) -> None:
        widgets, _ = require()
        self.state = state
        n = max(len(state.views), 1)
        self.slider = widgets.IntSlider(value=state.current, min=1, max=n, description="call")
        self.pick = widgets.BoundedIntText(
            value=state.current, min=1, max=n, description="go to", layout={"width": "150px"}
        )
        self.prev = widgets.Button(description="previous")
        self.next = widgets.Button(description="next")
        self.other = widgets.Dropdown(
            options=[("none", 0), *((f"call {k}", k) for k in range(1, n + 1))],
            value=0,
            description="compare",
        )
        self.out = widgets.HTML()
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        self.pick.observe(lambda change: self._pick(change["new"]), names="value")
        self.prev.on_click(lambda _: self._move(-1))
        self.next.on_click(lambda _: self._move(1))
        self.other.observe(lambda change: self._compare(change["new"]), names="value")
        self.widget = widgets.VBox(
            [widgets.HBox([self.prev, self.slider, self.next, self.pick, self.other]), self.out]
        )
        self.widget.add_class("wm-call-panel")
        self._render()

    def _move(self, by: int) -> None:
        self.slider.value = min(max(self.state.current + by, 1), self.slider.max)

    def _pick(self, k: int) -> None:
        self.slider.value = min(max(k, 1), self.slider.max)

    def _show(self, k: int) -> None:
        self.state.go(k)
        self.pick.value = self.state.current
        self._render()

    def _compare(self, k: int) -> None:
        self.state.compare_with = k or None
        self._render()

    def _render(self) -> None:
        self.out.value = self.state.html()

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)
