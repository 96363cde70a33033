"""Widget plumbing shared by the panels: lazy imports, error display, background tasks."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from .._redact import redact
from .._theme import CATEGORY_COLORS, COLORS, THRESHOLD_STYLE
from ._html import error_html

__all__ = [
    "ROLE_COLORS",
    "BackgroundTask",
    "Cancelled",
    "colors",
    "guarded",
    "readable_error",
    "require",
]

_EXTRA = "pip install 'working-memory[notebook]'"

F = TypeVar("F", bound=Callable[..., Any])


def require() -> tuple[Any, Any]:
    """(ipywidgets, plotly.graph_objects), or one ImportError that names the extra."""
    try:
        import ipywidgets
        import plotly.graph_objects as go
    except ImportError as exc:
        raise ImportError(
            f"the workbench needs ipywidgets and plotly ({exc.name} is missing): {_EXTRA}"
        ) from exc
    try:
        import anywidget  # noqa: F401  # plotly's FigureWidget is an anywidget
    except ImportError as exc:
        raise ImportError(
            f"plotly's FigureWidget needs anywidget, which plotly does not install: {_EXTRA}"
        ) from exc
    return ipywidgets, go


def require_pandas() -> Any:
    try:
        import pandas
    except ImportError as exc:
        raise ImportError(f"the workbench needs pandas: {_EXTRA}") from exc
    return pandas


def colors() -> dict[str, str]:
    """Colours by meaning for the panels, from the one theme the report and replays use."""
    return {
        "system": CATEGORY_COLORS["system"],
        "user": COLORS[0],
        "assistant": COLORS[2],
        "tool": COLORS[1],
        "summary": CATEGORY_COLORS["summaries"],
        "pressure": "#000000",
        "compact_at": THRESHOLD_STYLE["compact"][0],
        "evict_at": THRESHOLD_STYLE["evict"][0],
        "pinned": CATEGORY_COLORS["pinned"],
        "span": COLORS[5],
        "evicted": "#000000",
    }


ROLE_COLORS = colors()


def readable_error(exc: BaseException) -> str:
    """One line for a person: the exception's own message (keys scrubbed), no traceback."""
    text = str(exc).strip() or type(exc).__name__
    if (
        not isinstance(exc, (ValueError, OSError, ImportError, KeyError, TypeError))
        or type(exc).__name__ not in text
    ):
        text = f"{type(exc).__name__}: {text}"
    return redact(text)[:2_000]


def guarded(method: F) -> F:
    """A widget callback that shows its failure in the panel's `error` HTML widget, not a traceback."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            result = method(self, *args, **kwargs)
        except Exception as exc:
            self.show_error(exc)
            return None
        return result

    return wrapper  # type: ignore[return-value]


class Cancelled(Exception):
    """Raised inside a background job when its Cancel button was pressed."""


class BackgroundTask:
    """One job at a time in a daemon thread, with an IntProgress, a Cancel button and a status line.

    `job(progress, cancel)` gets `progress(done, total)` and a threading.Event; its return value
    goes to `on_done`, an exception to `on_error` (Cancelled is reported as cancelled).
    """

    def __init__(self, label: str) -> None:
        widgets, _ = require()
        self.progress = widgets.IntProgress(
            value=0,
            min=0,
            max=1,
            description=label,
            bar_style="info",
            layout=widgets.Layout(width="360px", visibility="hidden"),
        )
        self.cancel_button = widgets.Button(
            description="Cancel", icon="stop", disabled=True, layout=widgets.Layout(width="90px")
        )
        self.status = widgets.HTML("")
        self.cancel_button.on_click(lambda _: self.cancel())
        self.box = widgets.HBox([self.progress, self.cancel_button, self.status])
        self._event = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def cancel(self) -> None:
        self._event.set()
        self.status.value = "cancelling…"

    def report(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = min(done, self.progress.max)

    def start(
        self,
        job: Callable[[Callable[[int, int], None], threading.Event], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> threading.Thread:
        if self.running:
            raise RuntimeError("a run is already in progress: wait for it or press Cancel")
        self._event = threading.Event()
        self.progress.value = 0
        self.progress.bar_style = "info"
        self.progress.layout.visibility = "visible"
        self.cancel_button.disabled = False
        self.status.value = "running…"
        event = self._event

        def target() -> None:
            try:
                result = job(self.report, event)
            except Cancelled:
                self.status.value = "cancelled"
                self.progress.bar_style = "warning"
                try:
                    on_done(None)  # show what finished before the cancel
                except Exception as exc:
                    on_error(exc)
            except Exception as exc:
                self.status.value = "failed"
                self.progress.bar_style = "danger"
                on_error(exc)
            else:
                try:
                    on_done(result)
                except Exception as exc:
                    on_error(exc)
                    self.status.value = "failed"
                else:
                    self.progress.bar_style = "success"
                    self.status.value = "cancelled" if event.is_set() else "done"
            finally:
                self.cancel_button.disabled = True

        self._thread = threading.Thread(target=target, name="wm-workbench", daemon=True)
        self._thread.start()
        return self._thread

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


def show_error_in(widget: Any, exc: BaseException | str) -> None:
    widget.value = error_html(exc if isinstance(exc, str) else readable_error(exc))
