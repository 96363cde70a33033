"""A plotly chart in the notebook as one small anywidget whose synced state is the figure.

Why not plotly's FigureWidget: each one carries the whole plotly.js bundle (4.96 MB) in its
widget state, and it replays incremental restyle/relayout messages on the front end, so a view
that missed one (created late, hidden in a tab, re-created after a page reload) stayed stale or
empty. Here a chart is a function of one trait, `figure` (the figure's JSON): the front end calls
`Plotly.react` with it when a view is rendered (first display, re-display, page reload) and on
every change, so what is drawn is always what the trait holds. plotly.js travels once per kernel,
in a single `PlotlyLibrary` model every chart refers to (anywidget's widget references), and the
page evaluates it once; nothing is fetched from the network.
"""

from __future__ import annotations

import contextlib
import functools
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ._widgets import require

__all__ = ["FigureView", "live_views", "plain", "plotly_library"]

# The front end. `host.getModel` resolves the library reference; plotly.js is evaluated once per
# page (a UMD bundle: given a `module`, it exports itself there). Draws are chained, and each
# reads the model's figure when it runs, so a burst of changes ends on the latest figure. A
# ResizeObserver redraws at the view's real width (a view rendered in a hidden tab has none).
# After each draw the element carries the revision it shows (tests and benchmarks wait on it).
_ESM = r"""
function plotly(host, model) {
  if (!globalThis.__wmPlotly) {
    globalThis.__wmPlotly = (async () => {
      const lib = await host.getModel(model.get("library"));
      const module = {exports: {}};
      new Function("module", "exports", "define", lib.get("source"))(
        module, module.exports, undefined);
      return module.exports;
    })();
    globalThis.__wmPlotly.catch(() => { globalThis.__wmPlotly = null; });
  }
  return globalThis.__wmPlotly;
}

async function render({ model, el, host }) {
  const Plotly = await plotly(host, model);
  const gd = document.createElement("div");
  gd.className = "wm-plot";
  el.appendChild(gd);
  let chain = Promise.resolve();
  let width = 0;
  const draw = () => {
    chain = chain.then(async () => {
      const figure = model.get("figure") || {};
      const revision = model.get("revision");
      await Plotly.react(gd, figure.data || [], figure.layout || {},
                         {displaylogo: false, responsive: false});
      gd.dataset.revision = String(revision);
      gd.dataset.key = model.get("key");
    }).catch((err) => console.warn("working-memory chart:", err));
  };
  const observer = new ResizeObserver(() => {
    const w = Math.round(el.getBoundingClientRect().width);
    if (w > 0 && w !== width) {
      width = w;
      chain = chain.then(() => gd._fullLayout && Plotly.Plots.resize(gd)).catch(() => {});
    }
  });
  observer.observe(el);
  draw();
  chain = chain.then(() => {
    gd.on("plotly_click", (event) => {
      const p = event && event.points && event.points[0];
      if (p) model.send({kind: "click", curve: p.curveNumber, point: p.pointIndex});
    });
  });
  model.on("change:revision", draw);
  return () => {
    observer.disconnect();
    model.off("change:revision", draw);
    Plotly.purge(gd);
  };
}

export default { render };
"""

_CSS = ".wm-plot { width: 100%; }"


@functools.cache
def _classes() -> tuple[type, type]:
    require()
    import anywidget
    import traitlets

    class PlotlyLibrary(anywidget.AnyWidget):
        """plotly.js itself, sent once per kernel; never displayed, only referred to."""

        _esm = "export default {};"
        source = traitlets.Unicode("").tag(sync=True)

    class PlotView(anywidget.AnyWidget):
        """One chart: `figure` is its JSON ({data, layout}); `revision` counts its changes."""

        _esm = _ESM
        _css = _CSS
        library = anywidget.WidgetTrait().tag(sync=True)
        figure = traitlets.Dict().tag(sync=True)
        revision = traitlets.Int(0).tag(sync=True)
        key = traitlets.Unicode("").tag(sync=True)  # names the view's element in the page

    return PlotlyLibrary, PlotView


_LIBRARY: list[Any] = []
_VIEWS: weakref.WeakSet[FigureView] = weakref.WeakSet()


def live_views() -> list[FigureView]:
    """Every FigureView alive in this process (the browser tests compare each with the page)."""
    return sorted(_VIEWS, key=lambda v: str(v.widget.key))


def plotly_library() -> Any:
    """The kernel's one PlotlyLibrary widget (made again if it was closed)."""
    if _LIBRARY and getattr(_LIBRARY[0], "comm", None) is not None:
        return _LIBRARY[0]
    import plotly

    library_class, _ = _classes()
    source = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    _LIBRARY[:] = [library_class(source=source.read_text(encoding="utf-8"))]
    return _LIBRARY[0]


def plain(value: Any) -> Any:
    """JSON-ready: numpy arrays and scalars, tuples and pandas objects become lists and numbers."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (str, bool, int, float)) or value is None:
        return value
    tolist = getattr(value, "tolist", None)
    if tolist is not None:  # numpy array or scalar, pandas Series / Index
        return plain(tolist())
    item = getattr(value, "item", None)
    if item is not None:
        return item()
    return str(value)


class FigureView:
    """Shows a plotly Figure (graph objects, no widget) through a PlotView.

    Change `figure` (or assign a new one to `.figure`) and call `publish()`; inside `hold()`,
    one publish at the end. Clicks on a point call the `on_click(trace_index, point_index)`.
    """

    def __init__(self, figure: Any) -> None:
        _, view_class = _classes()
        self.figure = figure
        self.widget = view_class(library=plotly_library())
        self.widget.key = self.widget.model_id
        _VIEWS.add(self)
        self._held = 0
        self._click: Callable[[int, int], None] | None = None
        self.widget.on_msg(self._on_msg)
        self.publish()

    def spec(self) -> dict[str, Any]:
        """The figure's JSON as the front end gets it."""
        result: dict[str, Any] = plain(self.figure.to_plotly_json())
        result.setdefault("data", [])
        result.setdefault("layout", {})
        return result

    def publish(self) -> None:
        if self._held:
            return
        spec = self.spec()
        with self.widget.hold_sync():
            self.widget.figure = spec
            self.widget.revision += 1

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
        self.publish()

    def replace(self, figure: Any) -> None:
        self.figure = figure
        self.publish()

    def on_click(self, callback: Callable[[int, int], None]) -> None:
        self._click = callback

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "click" and self._click:
            self._click(int(content.get("curve", -1)), int(content.get("point", -1)))
