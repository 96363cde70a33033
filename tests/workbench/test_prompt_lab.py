"""Panel 3: offline and against the loopback OpenAI-compatible server; keys never shown."""

from __future__ import annotations

import html
import json

import pytest

from tests.llm_servers import OpenAIServer, ok, status
from working_memory.clients import OpenAIClient
from working_memory.compaction import TEMPLATES
from working_memory.replays import Policy
from working_memory.transcripts import Transcript
from working_memory.workbench import PRODUCTION, PromptLab, PromptVariant

from .conftest import html_of, walk

KEY = "sk-test-abcdefghijklmnopqrstuvwxyz0123456789"


def _all_state(widget: object) -> str:
    return json.dumps([w.get_state() for w in walk(widget) if hasattr(w, "get_state")], default=str)


def test_offline_run_on_the_policys_next_span(long_session: Transcript) -> None:
    lab = PromptLab(long_session)
    assert lab.state.span_choice == "next"
    lab.run()
    assert lab.error.value == ""
    results = lab.results
    assert results is not None and list(results["variant"]) == ["offline"]
    row = results.iloc[0]
    assert row["error"] is None and row["summary"]
    assert 0 < row["fact_retention"] <= 1
    start, end = lab.state.policy.preview.span
    assert lab.state.run_span == (f"next span {start}–{end - 1}", start, end)
    assert "fact retention" in lab.metrics.value and '<mark class="kept">' in lab.columns.value
    assert lab.task.progress.value == lab.task.progress.max == 1


def test_template_validation_is_inline(compacted: Transcript) -> None:
    lab = PromptLab(compacted)
    lab.mode.value = "client"
    assert not lab.template.disabled
    assert "template OK" in lab.problems.value
    lab.template.value = "Summarise {spam} in {limit} words"
    assert "unknown placeholder {spam}" in lab.problems.value
    assert "no {span} placeholder" in lab.problems.value
    lab.name.value = "broken"
    lab.add_variant()
    assert "unknown placeholder" in lab.error.value
    assert [v.name for v in lab.state.variants] == ["offline"]
    lab.shipped.value = "state"
    assert lab.template.value == TEMPLATES["state"].template
    assert "template OK" in lab.problems.value


def test_offline_says_the_prompt_is_not_used(long_session: Transcript) -> None:
    lab = PromptLab(long_session)
    assert lab.mode.value == "offline"
    assert lab.template.disabled and lab.shipped.disabled  # the editor is off offline
    assert "the prompt is not used" in lab.problems.value
    assert lab.warnings.value == ""
    edited = TEMPLATES["handoff"].template
    lab.state.set_variant(PromptVariant("offline-handoff", edited, "offline"))
    lab._sync_variants()
    warning = lab.warnings.value
    assert "do not use their prompt" in warning
    assert "offline, offline-handoff differ only by their prompt" in warning
    assert "not used (offline)" in lab.variant_list.value
    lab.run()
    results = lab.results
    assert results is not None and not results["prompt_used"].any()
    # Without a model, identical scores are never shown as a comparison: the baseline runs
    # once, the other variant says whose summary it would repeat and what it would send.
    baseline, other = (
        results[results["variant"] == n].iloc[0] for n in ("offline", "offline-handoff")
    )
    assert isinstance(baseline["summary"], str) and baseline["fact_retention"] > 0
    assert other["summary"] is None and other["same_as"] == "offline"
    assert other["fact_retention"] != other["fact_retention"]  # NaN: no score
    assert other["would_send"].startswith(TEMPLATES["handoff"].template.split("{span}")[0])
    assert "not used (offline)" in lab.metrics.value
    assert "continuation probes" in lab.metrics.value
    assert "not run (= offline)" in lab.metrics.value
    assert "Not run: offline" in lab.columns.value and "what it would send" in lab.columns.value


def test_offline_variants_of_different_sizes_all_run(long_session: Transcript) -> None:
    lab = PromptLab(long_session)
    lab.state.set_variant(PromptVariant("short", word_limit=60))
    lab._sync_variants()
    lab.run()
    results = lab.results
    assert results is not None and set(results["variant"]) == {"offline", "short"}
    assert results["summary"].map(lambda s: isinstance(s, str)).all()
    assert "same_as" not in results or results["same_as"].isna().all()


def test_client_variant_without_a_client_is_a_readable_error(long_session: Transcript) -> None:
    lab = PromptLab(long_session)
    lab.state.set_variant(PromptVariant("handoff", TEMPLATES["handoff"].template, "client"))
    lab.run_button.click()
    assert "needs a client" in lab.error.value
    assert not lab.task.running


def test_production_summary_is_a_column(compacted: Transcript) -> None:
    lab = PromptLab(compacted)
    lab.span_choice.value = "compaction:0"
    lab.run()
    results = lab.results
    assert list(results["variant"]) == ["offline", PRODUCTION]
    production = results.iloc[1]
    assert production["summary"] == compacted.compactions[0].summary
    assert production["facts"] == results.iloc[0]["facts"]  # judged on the same span
    assert lab.columns.value.count('class="card"') == 2


def test_range_span_and_bad_ranges(compacted: Transcript) -> None:
    lab = PromptLab(compacted)
    lab.span_choice.value = "range"
    lab.range_start.value, lab.range_end.value = 10, 30
    lab.run()
    assert lab.state.run_span == ("messages 10–29", 10, 30)
    lab.range_start.value, lab.range_end.value = 30, 10
    lab.run()
    assert "range 30–10" in lab.error.value


def test_no_span_at_this_point_says_what_to_do(hostile: Transcript) -> None:
    lab = PromptLab(hostile)
    lab.run()
    assert "no compaction span at this point" in lab.error.value


def test_against_the_loopback_server(compacted: Transcript) -> None:
    replies = [
        ok("Fixed src/spotter/app.py; NOTHING else", prompt_tokens=900, completion_tokens=12)
    ] * 4
    with OpenAIServer(script=replies, api_key=KEY) as server:
        client = OpenAIClient("gpt-4o-mini", base_url=server.base_url, api_key=KEY)
        lab = PromptLab(compacted, client=client)
        assert "gpt-4o-mini" in lab.client_label.value and KEY not in lab.client_label.value
        for name in ("default", "handoff"):
            lab.name.value = name
            lab.shipped.value = name
            lab.mode.value = "client"
            lab.add_variant()
        assert lab.error.value == ""
        lab.samples.value = 2
        lab.span_choice.value = "range"
        lab.range_start.value, lab.range_end.value = 0, 40
        thread = lab.run_in_background()
        thread.join(60)
        assert lab.task.status.value == "done", lab.error.value
        assert len(server.requests) == 4
        prompts = [r.last_user_text() for r in server.requests]
        assert sum("handoff note" in p for p in prompts) == 2
    results = lab.results
    assert list(results["variant"]) == [
        "offline",
        "offline",
        "default",
        "default",
        "handoff",
        "handoff",
    ]
    client_rows = results[results["variant"] != "offline"]
    assert set(client_rows["sample"]) == {0, 1}
    assert (client_rows["prompt_tokens"] == 900).all()
    assert client_rows["cost_usd"].notna().all()
    assert lab.task.progress.value == 6
    assert lab.columns.value.count('class="card"') == 3
    lab.baseline.value = "default"
    assert "handoff vs default" in lab.diff.value and "offline vs default" in lab.diff.value
    everything = _all_state(lab.widget) + results.to_json() + html_of(lab.widget)
    assert KEY not in everything


def test_failed_requests_are_rows_not_tracebacks(compacted: Transcript) -> None:
    with OpenAIServer(script=[status(401, message=f"bad key {KEY}")], api_key=KEY) as server:
        client = OpenAIClient("gpt-4o-mini", base_url=server.base_url, api_key=KEY, max_retries=0)
        lab = PromptLab(compacted, client=client)
        lab.state.variants = [PromptVariant("default", TEMPLATES["default"].template, "client")]
        lab.state.span_choice, lab.state.range = "range", (0, 20)
        lab.span_choice.value = "range"
        lab.range_start.value, lab.range_end.value = 0, 20
        lab.run()
    row = lab.results.iloc[0]
    assert row["error"]
    assert KEY not in str(row["error"]) and KEY not in lab.columns.value
    assert 'class="err"' in lab.columns.value


def test_cancel_keeps_what_finished(compacted: Transcript) -> None:
    import threading

    with OpenAIServer(delay=0.3) as server:
        client = OpenAIClient("gpt-4o-mini", base_url=server.base_url, api_key="test")
        lab = PromptLab(compacted, client=client)
        lab.state.variants = [PromptVariant("default", TEMPLATES["default"].template, "client")]
        lab.state.samples, lab.state.concurrency = 8, 1
        lab.state.span_choice, lab.state.range = "range", (0, 10)
        cancel = threading.Event()
        done: list[int] = []

        def progress(n: int, total: int) -> None:
            done.append(n)
            if n == 2:
                cancel.set()

        with pytest.raises(Exception, match="cancelled after 2 of 8"):
            lab.state.run(progress, cancel)
    assert lab.results is not None and len(lab.results) == 2
    assert len(server.requests) == 2


def test_script_in_the_span_renders_as_text(hostile: Transcript) -> None:
    lab = PromptLab(hostile, policy_state=None)
    lab.state.policy.policy = Policy(keep_recent=0)
    lab.span_choice.value = "range"
    lab.range_start.value, lab.range_end.value = 1, 6
    lab.run()
    assert lab.error.value == ""
    html = html_of(lab.widget).replace("</style>", "")
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in lab.columns.value


def test_the_headline_uses_the_best_judge_and_says_which(long_session: Transcript) -> None:
    from working_memory.compaction import Question

    lab = PromptLab(long_session)
    lab.run()
    row = lab.results.iloc[0]  # type: ignore[union-attr]
    assert row["judge"].startswith("metrics") and row["judge_share"] == row["continuation"]
    assert "metrics (continuation probes" in lab.metrics.value
    lab.state.questions = [
        Question("task", "What is the task?", "-", must=(("zzqx-not-in-any-summary",),)),
    ]
    lab.run()
    row = lab.results.iloc[0]  # type: ignore[union-attr]
    assert row["judge"] == "question grader (offline)" and row["judge_share"] == 0
    assert "0 of 1" in row["judge_headline"] and "[missing] task" in row["judge_results"][0]
    assert "question grader (offline): 0 of 1" in lab.metrics.value
    assert "question grader (offline): 0 of 1" in lab.columns.value  # the card's verdict
    assert "per question" in lab.columns.value


def test_the_matrix_runs_variants_over_spans_with_differences_only(compacted: Transcript) -> None:
    lab = PromptLab(compacted)
    state = lab.state
    # Rows: the benchmark spans by default; the lab's span and the production compaction too.
    keys = [k for _, k in state.matrix_span_options()]
    assert "chosen" in keys and "compaction:0" in keys
    assert list(lab.matrix_spans.value) == [k for k in keys if k.startswith("bench:")]
    lab.matrix_spans.value = ("compaction:0", "bench:chat-csv", "bench:swe-pagination")
    assert state.matrix_spans == ["compaction:0", "bench:chat-csv", "bench:swe-pagination"]
    state.set_variant(PromptVariant("same-limit", TEMPLATES["handoff"].template, "offline"))
    state.set_variant(PromptVariant("tiny", word_limit=15))
    matrix = lab.run_matrix()
    assert lab.error.value == ""
    assert matrix.spans == ("production compaction 1", "chat-csv", "swe-pagination")
    assert matrix.variants == ("offline", "same-limit", "tiny", PRODUCTION)
    # Offline and differing only by its prompt: not run, never a tie shown as a comparison.
    assert all(matrix.cell(s, "same-limit").same_as == "offline" for s in matrix.spans)
    buttons = [c for c in lab.matrix_grid.children if hasattr(c, "on_click")]
    texts = [b.description for b in buttons]
    assert texts.count("= offline") == 3
    assert len(buttons) == sum(len(matrix.row(s)) for s in matrix.spans)
    assert "not run, offline it would repeat offline's summary" in html.unescape(
        lab.matrix_note.value
    )
    # A cell's click shows its per-question results (the benchmark's questions).
    span = "chat-csv"
    cell = matrix.cell(span, "offline")
    assert cell.score is not None and cell.score.label == "question grader (offline)"
    before = list(matrix.spans)[: list(matrix.spans).index(span)]
    index = sum(len(matrix.row(s)) for s in before)  # row-major; "offline" leads each row
    buttons[index].click()
    assert lab.matrix_cell == (span, "offline")
    assert "per question" in lab.matrix_detail.value
    assert all(html.escape(line) in lab.matrix_detail.value for line in cell.score.results)
    # Differences only: rows where every run variant agrees are hidden, and say so.
    lab.show_differences_only(True)
    assert lab.differences.value is True and state.differences_only
    view = state.matrix_view()
    assert view is not None
    assert view.spans == tuple(s for s in matrix.spans if matrix.disagrees(s))
    shown = [c for c in lab.matrix_grid.children if hasattr(c, "on_click")]
    assert len(shown) == sum(len(view.row(s)) for s in view.spans)
    lab.differences.value = False
    assert state.matrix_view() is matrix


def test_the_matrix_metric_is_the_states_choice(compacted: Transcript) -> None:
    from working_memory.compaction import FactMetric

    lab = PromptLab(compacted)
    lab.state.matrix_spans = ["bench:chat-csv"]
    lab.state.matrix_metric = FactMetric()
    matrix = lab.run_matrix()
    assert matrix.metric == "fact retention"
    assert "cell metric: fact retention" in lab.matrix_note.value
    assert "table:matrix" in [key for _, key in lab.exports.choices()]
    # The button runs it in the background; a new log clears it (its rows may be the old log's).
    lab.state.matrix_spans = ["compaction:0", "bench:chat-csv"]
    lab.run_matrix_in_background()
    lab.matrix_task.wait(120)
    assert lab.state.matrix is not None and len(lab.state.matrix.spans) == 2
    assert len(lab.matrix_grid.children) > 0
    lab.state.transcript.transcript = compacted
    assert lab.state.matrix is None and lab.matrix_grid.children == ()
    lab.state.matrix_spans = []
    lab.run_matrix()
    assert "at least one span" in lab.error.value


def test_the_variant_list_shows_where_a_prompt_differs(compacted: Transcript) -> None:
    lab = PromptLab(compacted)
    edited = TEMPLATES["default"].template + "\nKeep every file path verbatim."
    lab.state.set_variant(PromptVariant("handoff", TEMPLATES["handoff"].template, "client"))
    lab.state.set_variant(PromptVariant("edited", edited, "client"))
    listing = lab.variant_list.value
    assert "shipped <b>handoff</b> template" in listing
    assert "edited default" in listing and "<ins>\nKeep every file path verbatim.</ins>" in listing
    assert listing.count("whole prompt") == 3
