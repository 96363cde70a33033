"""Panel 3, the prompt lab: compaction prompt variants on one span, side by side, and over
several spans as a matrix (rows spans, columns variants, "differences only").

The state (`PromptLabState`) holds the variants, the span choice and the results; `run()`
calls `working_memory.compaction._compare.compare` once per (variant, sample) in a thread pool, so the
progress bar moves per request and Cancel stops what has not started; `run_matrix()` calls
`compare_matrix` over the chosen spans. The results are in three tabs (side by side, diff,
matrix) that start at the same height, so none is screens down the page.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..compaction import TEMPLATES, Matrix, template_problems
from ..config import WORD_LIMIT
from ..protocols import LLMClient
from ..transcripts import Transcript
from ._export import ExportBar
from ._html import CSS, diff_html, esc, notice_html, table_html
from ._policy_state import PolicyState
from ._prompt_cards import metrics_table_html, prompt_excerpt, variant_card
from ._prompt_state import PRODUCTION, PromptLabState, PromptVariant
from ._state import TranscriptState
from ._widgets import BackgroundTask, guarded, require, show_error_in

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PRODUCTION", "PromptLab", "PromptLabState", "PromptVariant"]


class PromptLab:
    """Edit compaction prompts, run variants on a span, compare the summaries side by side.

    lab = PromptLab(transcript)                      # offline variant ready
    lab.state.set_variant(PromptVariant("handoff", TEMPLATES["handoff"].template, "client"))
    lab.state.client = my_client
    lab.state.span_choice, lab.state.range = "range", (10, 40)
    lab.run()                                         # synchronous; the button runs it in a thread
    lab.results                                       # one row per variant x sample
    """

    def __init__(
        self,
        transcript: Transcript | None = None,
        *,
        state: PromptLabState | None = None,
        transcript_state: TranscriptState | None = None,
        policy_state: PolicyState | None = None,
        client: LLMClient | None = None,
    ) -> None:
        widgets, _ = require()
        if state is None:
            ts = transcript_state if transcript_state is not None else TranscriptState(transcript)
            state = PromptLabState(ts, policy_state, client=client)
        self.state = state
        self.live = True
        style = {"description_width": "90px"}
        self.name = widgets.Text(
            value="variant-1", description="name", style=style, layout=widgets.Layout(width="260px")
        )
        self.shipped = widgets.Dropdown(
            options=[(f"{t.name}: {t.description}", t.name) for t in TEMPLATES.values()],
            value="default",
            description="template",
            style=style,
            layout=widgets.Layout(width="620px"),
        )
        self.template = widgets.Textarea(
            value=TEMPLATES["default"].template, rows=6, layout=widgets.Layout(width="720px")
        )
        self.problems = widgets.HTML()
        self.mode = widgets.ToggleButtons(
            options=[("offline (extractive)", "offline"), ("client", "client")],
            value="offline",
            style={"button_width": "180px"},  # "offline (extractive)" in full
        )
        self.word_limit = widgets.BoundedIntText(
            value=WORD_LIMIT,
            min=10,
            max=5_000,
            description="word limit",
            style=style,
            layout=widgets.Layout(width="200px"),
        )
        self.add_button = widgets.Button(
            description="add / update variant",
            icon="plus",
            button_style="info",
            layout=widgets.Layout(width="200px"),
        )
        self.remove_choice = widgets.Dropdown(
            description="remove", style=style, layout=widgets.Layout(width="260px")
        )
        self.remove_button = widgets.Button(icon="trash", layout=widgets.Layout(width="40px"))
        self.variant_list = widgets.HTML()
        self.warnings = widgets.HTML()
        self.client_label = widgets.HTML()
        self.env_button = widgets.Button(description="use .env client", icon="plug")
        self.span_choice = widgets.Dropdown(
            description="span", style=style, layout=widgets.Layout(width="520px")
        )
        self.range_start = widgets.BoundedIntText(
            value=0,
            min=0,
            max=0,
            description="from",
            style=style,
            layout=widgets.Layout(width="180px"),
        )
        self.range_end = widgets.BoundedIntText(
            value=0,
            min=0,
            max=0,
            description="to (excl.)",
            style=style,
            layout=widgets.Layout(width="180px"),
        )
        self.samples = widgets.BoundedIntText(
            value=1,
            min=1,
            max=20,
            description="samples",
            style=style,
            layout=widgets.Layout(width="180px"),
        )
        self.production = widgets.Checkbox(
            value=True, indent=False, description="add the production summary as a column"
        )
        # Models on this machine's local servers, beside the configured key: one pick uses one.
        self.find_button = widgets.Button(description="find local models", icon="search")
        self.local_models = widgets.Dropdown(
            options=[("(none found yet)", None)],
            value=None,
            description="local",
            layout=widgets.Layout(width="360px"),
        )
        self.run_button = widgets.Button(description="Run", icon="play", button_style="success")
        self.task = BackgroundTask("requests")
        self.error = widgets.HTML()
        self.baseline = widgets.Dropdown(
            description="diff against", style=style, layout=widgets.Layout(width="300px")
        )
        self.sample_shown = widgets.BoundedIntText(
            value=0,
            min=0,
            max=0,
            description="sample",
            style=style,
            layout=widgets.Layout(width="160px"),
        )
        self.metrics = widgets.HTML()
        self.columns = widgets.HTML()
        self.diff = widgets.HTML()
        # The matrix: rows spans, columns variants; a cell's button shows its per-question results.
        self.matrix_spans = widgets.SelectMultiple(
            description="rows", style=style, rows=5, layout=widgets.Layout(width="560px")
        )
        self.matrix_button = widgets.Button(
            description="Run matrix", icon="table", button_style="success"
        )
        self.differences = widgets.Checkbox(
            value=False, indent=False, description="differences only"
        )
        self.matrix_task = BackgroundTask("cells")
        self.matrix_note = widgets.HTML()
        self.matrix_grid = widgets.GridBox(layout=widgets.Layout(width="100%", grid_gap="2px"))
        self.matrix_detail = widgets.HTML()
        self.matrix_cell: tuple[str, str] | None = None

        self.shipped.observe(lambda c: self._on_shipped(c["new"]), names="value")
        self.template.observe(lambda c: self._validate(), names="value")
        self.mode.observe(lambda c: self._on_mode(), names="value")
        self.add_button.on_click(lambda _: self.add_variant())
        self.remove_button.on_click(lambda _: self.remove_variant(self.remove_choice.value))
        self.env_button.on_click(lambda _: self.use_env_client())
        self.find_button.on_click(lambda _: self.find_local_models())
        self.local_models.observe(lambda c: self.use_local_model(c["new"]), names="value")
        self.span_choice.observe(lambda c: self._on_span(), names="value")
        self.range_start.observe(lambda c: self._on_span(), names="value")
        self.range_end.observe(lambda c: self._on_span(), names="value")
        self.samples.observe(lambda c: setattr(self.state, "samples", c["new"]), names="value")
        self.production.observe(
            lambda c: setattr(self.state, "include_production", c["new"]), names="value"
        )
        self.run_button.on_click(lambda _: self.run_in_background())
        self.baseline.observe(lambda c: self._render_results(), names="value")
        self.sample_shown.observe(lambda c: self._render_results(), names="value")
        self.matrix_spans.observe(lambda c: self._on_matrix_spans(c["new"]), names="value")
        self.matrix_button.on_click(lambda _: self.run_matrix_in_background())
        self.differences.observe(lambda c: self.show_differences_only(c["new"]), names="value")
        self.state.observe_variants(self._sync_variants)
        self.state.transcript.observe(
            lambda what: self._on_transcript() if what == "transcript" else None
        )
        self.state.policy.observe(lambda what: self._sync_span())

        editor = widgets.VBox(
            [
                widgets.HTML(
                    "<b>Variant</b> — offline variants use the extractive compactor and "
                    "ignore the prompt; client variants send it to the configured model."
                ),
                widgets.HBox([self.name, self.mode, self.word_limit]),
                self.shipped,
                self.template,
                self.problems,
                widgets.HBox([self.add_button, self.remove_choice, self.remove_button]),
                self.variant_list,
                self.warnings,
            ]
        )
        setup = widgets.VBox(
            [
                widgets.HBox(
                    [self.client_label, self.env_button, self.find_button, self.local_models]
                ),
                widgets.HBox([self.span_choice, self.range_start, self.range_end]),
                widgets.HBox([self.samples, self.production, self.run_button]),
                self.task.box,
            ]
        )
        self.exports = ExportBar("prompt-lab", dict, self._export_tables)
        side = widgets.VBox([self.sample_shown, self.metrics, self.columns])
        diff = widgets.VBox([self.baseline, self.diff])
        matrix = widgets.VBox(
            [
                widgets.HBox(
                    [
                        self.matrix_spans,
                        widgets.VBox([self.matrix_button, self.differences]),
                    ]
                ),
                self.matrix_task.box,
                self.matrix_note,
                self.matrix_grid,
                self.matrix_detail,
            ]
        )
        self.views = widgets.Tab(children=[side, diff, matrix])
        for n, title in enumerate(("side by side", "diff", "matrix over spans")):
            self.views.set_title(n, title)
        self.widget = widgets.VBox([editor, setup, self.error, self.views, self.exports.box])
        # Names for the page (the browser layout test measures these boxes).
        for part, name in (
            (self.widget, "lab"), (self.variant_list, "variants"), (self.views, "views"),
            (self.metrics, "metrics"), (self.columns, "columns"), (self.diff, "diff"),
            (self.matrix_grid, "matrix"), (self.matrix_detail, "matrix-detail"),
        ):  # fmt: skip
            part.add_class(f"wm-prompt-{name}")
        self._on_mode()
        self._sync_variants()
        self._sync_span()
        self.client_label.value = self._client_html()

    def _export_tables(self) -> dict[str, Any]:
        tables: dict[str, Any] = {
            "variants": [
                {"name": v.name, "mode": v.mode, "word_limit": v.word_limit, "template": v.template}
                for v in self.state.variants
            ]
        }
        if self.state.results is not None and not self.state.results.empty:
            tables["results"] = self.state.results
            tables["means per variant"] = self.state.summary_table().reset_index()
        if self.state.matrix is not None and self.state.matrix.spans:
            tables["matrix"] = self.state.matrix.to_pandas().reset_index()
        return tables

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook
        from IPython.display import display

        display(self.widget)

    @property
    def results(self) -> pd.DataFrame | None:
        return self.state.results

    def show_error(self, exc: BaseException | str) -> None:
        show_error_in(self.error, exc)

    def _client_html(self) -> str:
        return f"client: <b>{esc(self.state.client_label)}</b>"

    # -- editing -----------------------------------------------------------------------------
    def _on_shipped(self, name: str) -> None:
        self.template.value = TEMPLATES[name].template
        if self.name.value.startswith("variant-") or self.name.value in TEMPLATES:
            self.name.value = name

    def _on_mode(self) -> None:
        # Offline, the prompt goes nowhere: the editor is disabled and says so.
        offline = self.mode.value == "offline"
        self.template.disabled = self.shipped.disabled = offline
        self._validate()

    def _validate(self) -> list[str]:
        if self.mode.value == "offline":
            self.problems.value = notice_html(
                "offline: the prompt is not used. The extractive compactor takes no prompt, so "
                "every offline variant gives the same summary at the same word limit; switch to "
                "'client' to send this prompt to a model."
            )
            return []
        problems = template_problems(self.template.value)
        if not problems:
            self.problems.value = notice_html("template OK: {span} and {limit} are filled in.")
        else:
            kind = "err" if self.mode.value == "client" else "warn"
            self.problems.value = (
                f'{CSS}<div class="wm-wb"><div class="{kind}"><b>template problems</b><ul>'
                + "".join(f"<li>{esc(p)}</li>" for p in problems)
                + "</ul></div></div>"
            )
        return problems

    @guarded
    def add_variant(self) -> None:
        variant = PromptVariant(
            self.name.value.strip(), self.template.value, self.mode.value, self.word_limit.value
        )
        self.state.set_variant(variant)
        self.error.value = ""
        self._sync_variants()
        taken = {v.name for v in self.state.variants}
        n = len(taken) + 1
        while f"variant-{n}" in taken:
            n += 1
        self.name.value = f"variant-{n}"

    @guarded
    def remove_variant(self, name: str | None) -> None:
        if name:
            self.state.remove_variant(name)
            self._sync_variants()

    @guarded
    def use_env_client(self) -> None:
        self.state.use_env_client()
        self.client_label.value = self._client_html()
        if self.state.client is None:
            self.show_error(
                "no client is configured: set WM_PROVIDER / WM_MODEL and a key in "
                ".env (see .env.example), or keep to offline variants"
            )

    @guarded
    def find_local_models(self) -> None:
        found = self.state.find_local_models()
        options: list[tuple[str, Any]] = [(label, (url, model)) for label, url, model in found]
        self.local_models.options = [
            ("(pick one to use it)" if options else "(no local server found)", None),
            *options,
        ]
        self.local_models.value = None

    @guarded
    def use_local_model(self, choice: tuple[str, str] | None) -> None:
        if choice is None:
            return
        self.state.use_local_model(*choice)
        self.client_label.value = self._client_html()

    def _sync_variants(self) -> None:
        variants = self.state.variants
        rows = [
            {
                "name": v.name,
                "mode": v.mode,
                "word limit": v.word_limit,
                "prompt": prompt_excerpt(v.template, v.prompt_used),
            }
            for v in variants
        ]
        self.variant_list.value = table_html(
            rows, ["name", "mode", "word limit", "prompt"], raw=["prompt"]
        )
        names = [v.name for v in variants]
        keep = self.remove_choice.value
        self.remove_choice.options = names
        # Something is always selected (an empty-looking dropdown read as "nothing to remove").
        self.remove_choice.value = keep if keep in names else (names[-1] if names else None)
        found = self.state.warnings()
        self.warnings.value = (
            f'{CSS}<div class="wm-wb"><div class="warn">'
            + "<br>".join(esc(w) for w in found)
            + "</div></div>"
            if found
            else ""
        )

    # -- the span ------------------------------------------------------------------------------
    def _on_transcript(self) -> None:
        # A matrix's rows may be spans of the old log: a new log clears it, never shows it stale.
        self.state.matrix = None
        self.matrix_cell = None
        self._render_matrix()
        self._sync_span()

    def _sync_span(self) -> None:
        if not self.live:
            return
        options = self.state.span_options()
        values = [v for _, v in options]
        self._span_syncing = True
        try:
            self.span_choice.options = options
            self.span_choice.value = (
                self.state.span_choice if self.state.span_choice in values else "next"
            )
            count = len(self.state.transcript.messages)
            self.range_start.max = max(0, count - 1)
            self.range_end.max = count
            self.production.layout.display = "" if len(options) > 2 else "none"
            matrix = self.state.matrix_span_options()
            keys = [k for _, k in matrix]
            self.matrix_spans.options = matrix
            self.matrix_spans.value = tuple(k for k in self.state.matrix_spans if k in keys)
        finally:
            self._span_syncing = False
        self._on_span()

    @guarded
    def _on_span(self) -> None:
        if getattr(self, "_span_syncing", False):
            return
        self.state.span_choice = self.span_choice.value or "next"
        self.state.range = (self.range_start.value, self.range_end.value)
        is_range = self.state.span_choice == "range"
        self.range_start.layout.display = self.range_end.layout.display = "" if is_range else "none"
        self.error.value = ""

    # -- running -------------------------------------------------------------------------------
    @guarded
    def run(self) -> pd.DataFrame:
        """Run synchronously (what the Run button does in a background thread)."""
        self.error.value = ""
        results = self.state.run(self.task.report)
        self._after_run()
        return results

    @guarded
    def run_in_background(self) -> threading.Thread:
        self.error.value = ""
        self.state.span()  # a bad span is an error now, not in the thread
        self.state._variants()
        return self.task.start(
            lambda progress, cancel: self.state.run(progress, cancel),
            lambda _: self._after_run(),
            self._failed,
        )

    def _failed(self, exc: BaseException) -> None:
        self.show_error(exc)

    def _after_run(self) -> None:
        results = self.state.results
        if results is None:
            return
        names = list(dict.fromkeys(results["variant"]))
        self.baseline.options = names
        if self.baseline.value not in names:
            self.baseline.value = names[0] if names else None
        self.sample_shown.max = max(0, int(results["sample"].max()) if len(results) else 0)
        self._render_results()

    def _render_results(self) -> None:
        if hasattr(self, "exports"):
            self.exports.refresh()
        results = self.state.results
        if results is None or results.empty:
            self.metrics.value = self.columns.value = self.diff.value = ""
            return
        self.state.baseline = self.baseline.value
        sample = self.sample_shown.value
        names = list(dict.fromkeys(results["variant"]))
        chosen = {}
        for name in names:
            rows = results[results["variant"] == name]
            pick = rows[rows["sample"] == sample]
            chosen[name] = (pick if len(pick) else rows).iloc[0]
        label = self.state.run_span[0] if self.state.run_span else ""
        cards = [
            variant_card(name, chosen[name], results[results["variant"] == name]) for name in names
        ]
        self.metrics.value = (
            f'{CSS}<div class="wm-wb"><div class="note">{esc(label)} · sample {sample} shown; '
            f"metrics are means over samples. <mark class='kept'>green</mark>: facts of the span "
            f"the summary kept; red: facts it lost.</div>"
            f"{metrics_table_html(names, chosen, results)}</div>"
        )
        # As many columns as fit, then a new row: never a page scrolled sideways.
        self.columns.value = (
            f'{CSS}<div class="wm-wb"><div class="grid" style="grid-template-columns:'
            f'repeat(auto-fill, minmax(280px, 1fr))">{"".join(cards)}</div></div>'
        )
        base = self.baseline.value
        if base not in chosen:
            self.diff.value = ""
            return
        base_text = str(chosen[base]["summary"] or "")
        diffs = [
            f'<div class="card"><h4>{esc(name)} vs {esc(base)}</h4><pre>'
            f"{diff_html(base_text, str(chosen[name]['summary'] or ''))}</pre></div>"
            for name in names
            if name != base
        ]
        self.diff.value = (
            f'{CSS}<div class="wm-wb"><div class="grid" style="grid-template-columns:'
            f'repeat(auto-fill, minmax(280px, 1fr))">{"".join(diffs)}</div></div>'
            if diffs
            else notice_html("Only one variant: nothing to diff against.")
        )

    # -- the matrix ----------------------------------------------------------------------------
    def _on_matrix_spans(self, keys: Sequence[str]) -> None:
        if not getattr(self, "_span_syncing", False):
            self.state.matrix_spans = list(keys)

    @guarded
    def run_matrix(self) -> Matrix:
        """Run the matrix synchronously (what 'Run matrix' does in a background thread)."""
        self.error.value = ""
        matrix = self.state.run_matrix(self.matrix_task.report)
        self._render_matrix()
        return matrix

    @guarded
    def run_matrix_in_background(self) -> threading.Thread:
        self.error.value = ""
        self.state._variants()  # a variant that cannot run is an error now, not in the thread
        return self.matrix_task.start(
            lambda progress, cancel: self.state.run_matrix(progress, cancel),
            lambda _: self._render_matrix(),
            self._failed,
        )

    def show_differences_only(self, on: bool) -> None:
        self.state.differences_only = bool(on)
        if self.differences.value != bool(on):
            self.differences.value = bool(on)  # from code: the checkbox follows
        self._render_matrix()

    def _render_matrix(self) -> None:
        widgets, _ = require()
        if hasattr(self, "exports"):
            self.exports.refresh()
        full = self.state.matrix
        view = self.state.matrix_view()
        for child in self.matrix_grid.children:
            child.close()
        if full is None or view is None:
            self.matrix_grid.children = ()
            self.matrix_note.value = ""
            return
        hidden = len(full.spans) - len(view.spans)
        counts = view.pass_counts()
        shared = {c.variant: c.same_as for c in full.cells.values() if c.same_as}
        self.matrix_note.value = notice_html(
            f"{len(view.spans)} of {len(full.spans)} spans shown"
            + (f" ({hidden} where every variant agrees are hidden)" if hidden else "")
            + f"; cell metric: {full.metric}. Click a cell for its per-question results."
            + "".join(
                f" {name}: not run, offline it would repeat {base}'s summary."
                for name, base in shared.items()
            )
        )

        def label(html: str) -> Any:  # the widget's own line-height is a control's (28 px)
            return widgets.HTML(f'<div style="line-height:1.3;padding:4px 0">{html}</div>')

        children: list[Any] = [label("<b>span</b>")]
        for variant in view.variants:
            passed, scored = counts[variant]
            tally = f" · {passed}/{scored} pass" if scored else ""
            children.append(label(f"<b>{esc(variant)}</b>{esc(tally)}"))
        styles = {"pass": "success", "fail": "danger", "error": "warning"}
        for span in view.spans:
            children.append(label(esc(span)))
            for variant in view.variants:
                cell = view.cells.get((span, variant))
                if cell is None:
                    children.append(widgets.HTML("—"))
                    continue
                share = cell.score.score if cell.score is not None else None
                text = (
                    f"= {cell.same_as}"
                    if cell.same_as
                    else cell.verdict + (f" {share:.0%}" if share is not None else "")
                )
                button = widgets.Button(
                    description=text,
                    button_style=styles.get(cell.verdict, ""),
                    tooltip=(cell.summary or cell.error or text)[:300],
                    layout=widgets.Layout(width="auto"),
                )
                button.on_click(lambda _, s=span, v=variant: self.select_cell(s, v))
                children.append(button)
        self.matrix_grid.layout.grid_template_columns = (
            f"minmax(140px, 1.3fr) repeat({len(view.variants)}, minmax(0, 1fr))"
        )
        self.matrix_grid.children = tuple(children)
        if self.matrix_cell is not None and self.matrix_cell in view.cells:
            self.select_cell(*self.matrix_cell)
        else:
            self.matrix_cell = None
            self.matrix_detail.value = ""

    def select_cell(self, span: str, variant: str) -> None:
        """Show one cell: its verdict, its metric's per-question results, its summary."""
        matrix = self.state.matrix
        if matrix is None or (span, variant) not in matrix.cells:
            raise ValueError(f"no matrix cell ({span!r}, {variant!r})")
        self.matrix_cell = (span, variant)
        cell = matrix.cell(span, variant)
        if cell.same_as:
            body = (
                f'<div class="note">Not run: offline, the prompt is not used, so it would give '
                f"the same summary as <b>{esc(cell.same_as)}</b>.</div>"
            )
        else:
            score = cell.score
            head = f"{cell.verdict}" + (
                f" · {score.score:.0%} by {score.label}"
                if score is not None and score.score is not None
                else ""
            )
            lines = "\n".join(score.results) if score is not None else ""
            body = (
                f'<div class="verdict">{esc(head)}</div>'
                + (f'<div class="err">{esc(cell.error)}</div>' if cell.error else "")
                + (
                    f"<small>per question</small><pre>{esc(lines)}</pre>"
                    if lines
                    else '<div class="note">no per-question results for this metric</div>'
                )
                + f"<details><summary>summary</summary><pre>{esc(cell.summary or '')}</pre>"
                "</details>"
            )
        self.matrix_detail.value = (
            f'{CSS}<div class="wm-wb"><div class="card"><h4>{esc(span)} · {esc(variant)}</h4>'
            f"{body}</div></div>"
        )

    def variants_table(self) -> Sequence[PromptVariant]:
        return list(self.state.variants)
