"""summary_metrics figures on hand-made cases, and probes answered over a real loopback server."""

from __future__ import annotations

import pytest

from tests.llm_servers import OpenAIServer, RecordedRequest, status
from working_memory.compaction import (
    CONTINUATION_PROBES,
    PROBE_KINDS,
    Fact,
    SummaryScore,
    make_probes,
    probe_summary,
    summary_metrics,
    to_pandas,
    user_instructions,
)
from working_memory.tokens import EstimateCounter

SPAN = [
    {"role": "user", "content": "Fix the import error in lib/a.ex, and never touch lib/b.ex"},
    {"role": "assistant", "content": "Running `mix test` on lib/a.ex now."},
    {
        "role": "tool",
        "tool_call_id": "1",
        "content": "** (CompileError) lib/a.ex:3: undefined function go/0\n3 tests, 1 failure",
    },
    {
        "role": "assistant",
        "content": "I decided to rename go/0 to start_link/1 in lib/a.ex because go/0 clashes.",
    },
    {"role": "user", "content": "thanks!"},
]


def test_hand_made_figures() -> None:
    summary = "Fixed lib/a.ex: renamed go/0 to start_link/1. User: never touch lib/b.ex."
    score = summary_metrics(SPAN, summary, counter=EstimateCounter(), word_limit=20, frequent=4)
    values = {f.value for f in score.kept_facts}
    assert values == {"lib/a.ex", "go/0", "start_link/1", "lib/b.ex"}
    lost = {f.value for f in score.lost_facts}
    assert {"mix test", "3 tests", "1 failure"} <= lost
    assert score.span_facts == len(values) + len(lost)
    assert score.fact_retention == pytest.approx(4 / score.span_facts)
    assert score.summary_words == 10
    assert score.within_limit is True
    counter = EstimateCounter()
    assert score.summary_tokens == counter.count(summary)
    assert score.compression == pytest.approx(score.span_tokens / score.summary_tokens)
    # "thanks!" is not an instruction; the first user turn is, and it survives in part
    assert score.corrections == 1
    assert score.corrections_kept == 1
    # only lib/a.ex is mentioned 4 times or more, and it is kept
    assert score.frequent_facts == 1
    assert score.frequent_kept == 1


@pytest.mark.parametrize("summary", [None, "", "NOTHING", " nothing. ", "**NOTHING**"])
def test_nothing_keeps_nothing(summary: str | None) -> None:
    score = summary_metrics(SPAN, summary, counter="estimate", word_limit=50)
    assert score.nothing
    assert score.kept_facts == ()
    assert score.fact_retention == 0.0
    assert score.compression is None
    assert score.summary_tokens == 0
    assert score.corrections_kept == 0
    assert score.corrections_lost


@pytest.mark.parametrize(
    ("words", "limit", "within"), [(10, 10, True), (11, 10, False), (3, None, None)]
)
def test_word_limit_adherence(words: int, limit: int | None, within: bool | None) -> None:
    score = summary_metrics(
        "lib/a.ex", " ".join(["w"] * words), counter="estimate", word_limit=limit
    )
    assert score.within_limit is within


def test_span_as_text_and_no_facts() -> None:
    score = summary_metrics("just some words here", "words", counter="estimate")
    assert score.span_facts == 0
    assert score.fact_retention == 1.0
    assert score.corrections == 0


def test_correction_lost_when_summary_drops_it() -> None:
    score = summary_metrics(SPAN, "Renamed go/0 in lib/a.ex.", counter="estimate")
    assert score.corrections_kept == 0
    assert score.corrections_lost == ("Fix the import error in lib/a.ex, and never touch lib/b.ex",)


def test_user_instructions_skip_injected_and_chit_chat() -> None:
    span = [*SPAN, {"role": "user", "content": "<system-reminder>be brief</system-reminder>"}]
    assert user_instructions(span) == ["Fix the import error in lib/a.ex, and never touch lib/b.ex"]


def test_rows_and_frame() -> None:
    scores = [summary_metrics(SPAN, s, counter="estimate") for s in ("lib/a.ex", "NOTHING")]
    row = scores[0].to_row()
    assert row["facts_kept"] == 1
    assert row["kept"] == ["path:lib/a.ex"]
    frame = to_pandas(scores)
    assert list(frame["nothing"]) == [False, True]
    assert frame.shape[0] == 2
    assert "fact_retention" in frame.columns
    assert isinstance(scores[0], SummaryScore)


# --- probes over HTTP --------------------------------------------------------------------------


def _parrot(request: RecordedRequest) -> str:
    """A 'model' that answers every probe with the whole summary it was given."""
    prompt = request.messages[-1]["content"]
    return prompt.split("Summary:\n", 1)[1].split("\n\nQuestion:", 1)[0]


def _client(server: OpenAIServer):  # type: ignore[no-untyped-def]
    from working_memory.clients import OpenAIClient

    return OpenAIClient(
        "gpt-4o-mini", base_url=server.base_url, api_key="sk-test", max_retries=0, timeout=5
    )


def test_make_probes_covers_the_kinds() -> None:
    probes = make_probes(SPAN)
    # the span has typed user messages, nothing edited, no todo list
    assert {p.kind for p in probes} == {*PROBE_KINDS, "latest_request", "user_messages"}
    assert {p.kind for p in make_probes(SPAN, continuation=False)} == set(PROBE_KINDS)
    recall = [p for p in probes if p.kind == "recall"]
    assert recall
    assert all("_____" in p.question and len(p.expected) == 1 for p in recall)
    artifact = next(p for p in probes if p.kind == "artifact")
    assert artifact.expected[0] == "lib/a.ex"


def test_probes_full_summary_scores_one_empty_scores_zero() -> None:
    full = "\n".join(str(m["content"]) for m in SPAN)
    with OpenAIServer(responder=_parrot) as server:
        client = _client(server)
        good = probe_summary(SPAN, full, client)
        bad = probe_summary(SPAN, "nothing useful", client)
        assert len(server.requests) == 2 * len(make_probes(SPAN))
    assert all(v == 1.0 for v in good.by_kind().values())
    assert good.overall == 1.0
    assert bad.overall == 0.0
    row = good.to_row()
    kinds = [*PROBE_KINDS, "latest_request", "user_messages"]
    assert set(row) == {*(f"probe_{k}" for k in kinds), "probe_overall", "probe_errors"}


def test_probes_graded_by_a_model() -> None:
    with (
        OpenAIServer(responder=_parrot) as answers,
        OpenAIServer(responder=lambda r: '{"score": 4}') as grades,
    ):
        scores = probe_summary(SPAN, "lib/a.ex", _client(answers), _client(grades))
        assert len(grades.requests) == len(scores.results)
        assert "Original record" in grades.requests[0].messages[-1]["content"]
    assert scores.overall == pytest.approx(0.8)


def test_probe_failure_is_a_result_not_a_crash() -> None:
    with OpenAIServer(script=[status(500)] * 20) as server:
        scores = probe_summary(SPAN, "lib/a.ex", _client(server))
    assert scores.results
    assert all(r.error and r.score is None for r in scores.results)
    assert scores.overall is None
    assert scores.to_row()["probe_errors"] == len(scores.results)
    assert "sk-test" not in " ".join(r.error or "" for r in scores.results)


def test_probe_needs_a_client() -> None:
    with pytest.raises(TypeError, match="client"):
        probe_summary(SPAN, "x", None)  # type: ignore[arg-type]


def test_fact_is_reexported() -> None:
    assert Fact("path", "a.py").kind == "path"


def test_a_model_is_asked_the_continuation_probes() -> None:
    from .continuation_fixtures import CLAUDE_STYLE
    from .test_continuation import FACT_BAG, GOOD

    probes = [p for p in make_probes(CLAUDE_STYLE) if p.kind in CONTINUATION_PROBES]
    expected = {p.kind: p.expected for p in probes}
    # the hand-written answers of the fixture
    assert expected["latest_request"] == ("also add a CHANGELOG entry, and run mypy",)
    assert expected["pending_todos"] == ("Add a CHANGELOG entry", "Run mypy on src")
    assert expected["next_step"] == ("Add a CHANGELOG entry",)
    assert set(expected["files_edited"]) == {
        "/repo/src/app/config.py",
        "/repo/tests/test_config.py",
        "/repo/CHANGELOG.md",
    }
    with OpenAIServer(responder=_parrot) as server:
        good = probe_summary(CLAUDE_STYLE, GOOD, _client(server), probes=probes)
        bad = probe_summary(CLAUDE_STYLE, FACT_BAG, _client(server), probes=probes)
        asked = [r.messages[-1]["content"] for r in server.requests]
    assert any("very next step" in q for q in asked)
    assert all(good.by_kind()[k] == 1.0 for k in CONTINUATION_PROBES), good.by_kind()
    assert bad.by_kind()["next_step"] == 0.0 and bad.by_kind()["latest_request"] == 0.0
    assert good.to_row()["probe_next_step"] == 1.0
