"""A plotly chart in the notebook as one small anywidget whose synced state is the figure.

Why not plotly's FigureWidget: each one carries the whole plotly.js bundle (4.96 MB) in its
widget state, and it replays incremental restyle/relayout messages on the front end, so a view
that missed one (created late, hidden in a tab, re-created after a page reload) stayed stale or
empty. Here a chart is a function of one trait, `figure` (the figure's JSON): the front end calls
`Plotly.react` with it when a view is rendered (first display, re-display, page reload) and on
every change (a change of markers and lines alone: `Plotly.animate` of those traces, which
leaves the bars as drawn), so what is drawn is always what the trait holds. plotly.js travels
once per kernel, in a single `PlotlyLibrary` model every chart refers to (anywidget's widget
references), and the page evaluates it once; nothing is fetched from the network.

An update sends only what changed: `publish` encodes each trace (and the layout) to JSON,
compares it with what was sent last, and sends the changed traces as one custom message
(`{"kind": "patch", "base": r, "revision": r + 1, "traces": {index: trace}}`). The model's
`figure` and `revision` in the kernel still hold the whole figure (a page reload or a new view
gets it from there); the front end applies the patch to its copy of the model, or asks for the
whole figure (`resync`) when its revision is not the patch's base. At 5,000 messages that is
the difference between ~215 kB and ~1 kB per pin change (benchmarks/bench_browser_latency.py).
"""

from __future__ import annotations

import contextlib
import functools
import json
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

// One handler per model (not per view): a patch brings the model to the patch's revision,
// then every view of it redraws through change:revision. A model that is not on the patch's
// base (a patch lost while the page reloaded) asks for the whole figure instead.
function initialize({ model }) {
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "patch") return;
    const figure = model.get("figure") || {};
    if (model.get("revision") !== msg.base || !Array.isArray(figure.data)) {
      model.send({kind: "resync", revision: model.get("revision")});
      return;
    }
    const data = figure.data.slice();
    for (const [index, trace] of Object.entries(msg.traces || {})) data[Number(index)] = trace;
    model.set("figure", {data, layout: msg.layout || figure.layout});
    model.set("revision", msg.revision);
  });
}

// Plotly.react recomputes and redraws every trace when any trace's data changes: at 5,000
// messages, ~700 bars redrawn for one marker moving (~100 ms in a bare page). When only
// scatter traces changed, each keeping its name, keys and visibility, on axes whose ranges the
// layout fixes, under the very layout object drawn last (a patch without a layout), nothing
// but those traces can look different (no axis, legend or other trace): Plotly.animate with
// no redraw replots just them (~3x faster). Returns their indices, or null: draw it all.
function onlyTraces(drawn, figure) {
  const data = figure.data || [];
  const layout = figure.layout || {};
  if (figure.layout !== drawn.layout || data.length !== drawn.data.length) return null;
  const fixed = (ref, letter) => {
    const axis = layout[letter + "axis" + String(ref || letter).slice(1)];
    return Boolean(axis) && Array.isArray(axis.range);
  };
  const changed = [];
  for (let i = 0; i < data.length; i++) {
    const now = data[i], was = drawn.data[i];
    if (now === was) continue;
    const keys = Object.keys(now);
    if ((now.type || "scatter") !== "scatter" || now.type !== was.type || now.name !== was.name
        || now.visible !== was.visible || now.showlegend !== was.showlegend
        || keys.length !== Object.keys(was).length || !keys.every((k) => k in was)
        || !fixed(now.xaxis, "x") || !fixed(now.yaxis, "y")) return null;
    changed.push(i);
  }
  return changed;
}

const HIDDEN_WIDTH = 900;

async function render({ model, el, host }) {
  const Plotly = await plotly(host, model);
  const gd = document.createElement("div");
  gd.className = "wm-plot";
  el.appendChild(gd);
  let chain = Promise.resolve();
  // The width plotly lays the chart out at, measured by the ResizeObserver (0 in a hidden
  // tab: plotly's default until it is shown). Given in the layout, plotly need not read it
  // with getComputedStyle, which forced a layout of the whole page on every draw, right
  // after the table and summary widgets had changed it.
  let width = Math.round(el.getBoundingClientRect().width);
  let drawn = null;
  const draw = () => {
    chain = chain.then(async () => {
      const revision = model.get("revision");
      // A burst of changes: the latest is already drawn, at this width.
      if (drawn && drawn.revision === revision && drawn.width === width) return;
      const figure = model.get("figure") || {};
      const changed = drawn && drawn.width === width ? onlyTraces(drawn, figure) : null;
      if (changed && changed.length) {
        // (plotly merges each into the trace object it drew before: the model's old one.)
        await Plotly.animate(gd, {data: changed.map((i) => figure.data[i]), traces: changed},
          {transition: {duration: 0}, frame: {duration: 0, redraw: false}, mode: "immediate"});
      } else if (!changed) {
        // Unchanged traces keep their objects; the layout is a fresh copy each time, as
        // plotly writes computed ranges into the one it is given.
        const layout = structuredClone(figure.layout || {});
        // A hidden tab measures 0: plotly then sized the chart from an empty box and wrote
        // negative heights into its SVG (console errors); it is drawn at a stand-in width
        // until the ResizeObserver sees the real one.
        if (layout.width === undefined) {
          Object.assign(layout, {width: width > 0 ? width : HIDDEN_WIDTH, autosize: false});
        }
        await Plotly.react(gd, figure.data || [], layout, {displaylogo: false, responsive: false});
      }
      drawn = {revision, width, data: figure.data || [], layout: figure.layout};
      gd.dataset.revision = String(revision);
      gd.dataset.key = model.get("key");
    }).catch((err) => console.warn("working-memory chart:", err));
  };
  const observer = new ResizeObserver((entries) => {
    const w = Math.round(entries[entries.length - 1].contentRect.width);
    if (w > 0 && w !== width) {
      width = w;
      draw();
    }
  });
  observer.observe(el);
  draw();
  chain = chain.then(() => {
    gd.on("plotly_click", (event) => {
      const p = event && event.points && event.points[0];
      if (p) model.send({kind: "click", curve: p.curveNumber, point: p.pointIndex});
    });
    // What this view drew; the kernel sends the whole figure if it has moved on since.
    model.send({kind: "have", revision: model.get("revision")});
  });
  model.on("change:revision", draw);
  return () => {
    observer.disconnect();
    model.off("change:revision", draw);
    Plotly.purge(gd);
  };
}

export default { initialize, render };
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
        _patched: frozenset[str] = frozenset()

        def _should_send_property(self, key: str, value: Any) -> bool:
            # Set while a patch message carries the change: the front ends get it from there.
            if key in self._patched:
                return False
            return bool(super()._should_send_property(key, value))

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
    return _json_default(value)


def _json_default(value: Any) -> Any:
    """What `json.dumps` cannot write itself: numpy arrays and scalars, pandas objects."""
    tolist = getattr(value, "tolist", None)
    if tolist is not None:  # numpy array or scalar, pandas Series / Index
        return plain(tolist())
    item = getattr(value, "item", None)
    if item is not None:
        return item()
    return str(value)


def _encoded(value: Any) -> str:
    # The C encoder over plotly's own dicts: no deep copy of the figure (to_plotly_json made
    # one, and walking it again in Python was most of an update's time at 5,000 messages).
    return json.dumps(value, default=_json_default, separators=(",", ":"))


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
        self._sent: tuple[list[str], str] | None = None  # the JSON last published, per trace
        self.last_patch: dict[str, Any] | None = None  # what the last publish sent (tests)
        self.widget.on_msg(self._on_msg)
        self.publish()

    def _encode(self) -> tuple[list[str], str]:
        """Each trace's JSON and the layout's, as plotly holds them (properties explicitly set;
        plotly's to_plotly_json is a deep copy of the same dicts)."""
        figure = self.figure
        data = [_encoded(trace._props) for trace in figure.data]
        return data, _encoded(figure.layout._props)

    def spec(self) -> dict[str, Any]:
        """The figure's JSON as the front end gets it."""
        data, layout = self._encode()
        return {"data": [json.loads(t) for t in data], "layout": json.loads(layout)}

    def publish(self) -> None:
        """Bring the front ends to the figure as it stands: only the traces (and layout) whose
        JSON changed since the last publish, or the whole figure when the traces were added or
        removed. Nothing is sent, and nothing redrawn, when nothing changed."""
        if self._held:
            return
        data, layout = self._encode()
        sent, self._sent = self._sent, (data, layout)
        widget = self.widget
        if sent is None or len(sent[0]) != len(data):
            self.last_patch = None
            with widget.hold_sync():
                widget.figure = {
                    "data": [json.loads(t) for t in data],
                    "layout": json.loads(layout),
                }
                widget.revision += 1
            return
        changed = {
            i: json.loads(t)
            for i, (t, old) in enumerate(zip(data, sent[0], strict=True))
            if t != old
        }
        if not changed and layout == sent[1]:
            return
        held = widget.figure
        figure = {
            "data": [changed.get(i, trace) for i, trace in enumerate(held["data"])],
            "layout": json.loads(layout) if layout != sent[1] else held["layout"],
        }
        patch: dict[str, Any] = {
            "kind": "patch",
            "base": widget.revision,
            "revision": widget.revision + 1,
            "traces": {str(i): trace for i, trace in changed.items()},
        }
        if layout != sent[1]:
            patch["layout"] = figure["layout"]
        widget._patched = frozenset({"figure", "revision"})
        try:
            widget.figure = figure
            widget.revision = patch["revision"]
        finally:
            widget._patched = frozenset()
        self.last_patch = patch
        widget.send(patch)

    def resend(self) -> None:
        """The whole figure to every front end (one that missed a patch asks for it)."""
        self.widget.send_state(["figure", "revision"])

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
        if not isinstance(content, dict):
            return
        kind = content.get("kind")
        if kind == "click" and self._click:
            self._click(int(content.get("curve", -1)), int(content.get("point", -1)))
        elif kind == "resync" or (kind == "have" and content.get("revision") != widget.revision):
            self.resend()
