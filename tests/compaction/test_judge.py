"""The question grader, the continuation benchmark, the model judge and judge_summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.llm_servers import OpenAIServer, RecordedRequest, malformed
from working_memory.compaction import (
    QUESTION_KINDS,
    ExtractiveCompactor,
    JudgePrompts,
    Question,
    grade_summary,
    is_fragment,
    judge_summary,
    judge_with_model,
)
from working_memory.compaction.bench import benchmark_spans

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

NEXT = Question(
    "next_step",
    "What is the next step?",
    "Write tests for parse_retry_after.",
    must=(("parse_retry_after",), ("test",)),
    stale=("check the existing tests",),
)
ERROR = Question(
    "errors",
    "What failed and what fixed it?",
    "PermissionError in the sandbox, fixed by ACME_CACHE_DIR.",
    must=(("permissionerror",), ("acme_cache_dir",)),
)
DECISION = Question(
    "decisions",
    "What was decided?",
    "Retry in the client, not the middleware.",
    must=(("retry-after",), ("middleware",)),
    stale=("token bucket",),
)


def test_an_answer_must_be_stated_as_one() -> None:
    assert grade_summary("Next step: write tests for parse_retry_after.", [NEXT]).score == 1
    # the words are there, but nothing says this is what comes next
    scattered = "Wrote parse_retry_after in retry.py.\nThe test suite has 24 tests."
    assert grade_summary(scattered, [NEXT]).results[0].grade in ("wrong", "partial")
    assert grade_summary("", [NEXT]).results[0].grade == "missing"


def test_a_stale_next_step_counts_against() -> None:
    stale = 'Next step as the assistant put it: "Let me check the existing tests first:"'
    assert grade_summary(stale, [NEXT]).results[0].grade == "stale"
    both = stale + "\nNext step: write tests for parse_retry_after."
    assert grade_summary(both, [NEXT]).results[0].grade == "partial"
    # said as done, it is not stale
    done = "Already checked the existing tests.\nNext step: write tests for parse_retry_after."
    assert grade_summary(done, [NEXT]).results[0].grade == "correct"


def test_a_superseded_design_stated_as_current_is_stale() -> None:
    current = "Design: a token bucket in the middleware, 10 rps."
    assert grade_summary(current, [DECISION]).results[0].grade == "stale"
    final = "Decided: honour Retry-After in the client; the middleware token bucket was rejected."
    assert grade_summary(final, [DECISION]).results[0].grade == "correct"


def test_the_fix_must_sit_beside_its_error() -> None:
    beside = "Error: PermissionError writing the cache; fixed by setting ACME_CACHE_DIR."
    assert grade_summary(beside, [ERROR]).score == 1
    apart = (
        "Error: PermissionError writing the cache.\n\nSome other section:\n"
        "- the env now sets ACME_CACHE_DIR in pyproject.toml"
    )
    assert grade_summary(apart, [ERROR]).score < 1


def test_fragment_lines_never_answer_whatever_their_label() -> None:
    assert is_fragment("call: dryRun: context.dryRun")
    assert is_fragment("call: {:noreply, socket}")
    assert is_fragment("output of $ grep: lib/a.ex:12: def parse_retry_after(")
    assert not is_fragment("- src/acme/retry.py: added parse_retry_after()")
    assert not is_fragment("Next step: write tests for parse_retry_after.")
    assert not is_fragment("File edited: reports/cli.py")
    assert is_fragment("next: parse_retry_after(value)")
    fragments = (
        "next: parse_retry_after(value)\ntest: test_retry_after_date()\ncall: ACME_CACHE_DIR"
    )
    graded = grade_summary(fragments, [NEXT, ERROR])
    assert graded.score == 0 and graded.noise == 1.0


def test_a_quoted_request_is_not_the_state_of_the_work() -> None:
    pending = Question(
        "pending", "What is pending?", "The docs.", must=(("docs",),), cue=("pending", "also")
    )
    quoted = 'Latest request: "Format the amounts. Also add the export to the docs."'
    assert grade_summary(quoted, [pending]).score <= 0.5  # what was asked, not what is left
    own = "Pending: the docs for the export."
    assert grade_summary(own, [pending]).score == 1


def test_question_validation() -> None:
    with pytest.raises(ValueError, match="kind"):
        Question("mood", "?", "", must=(("x",),))
    with pytest.raises(ValueError, match="must"):
        Question("task", "?", "", must=())


def test_the_benchmark_covers_the_shapes_and_the_twelve_kinds() -> None:
    spans = benchmark_spans(FIXTURES)
    assert len(spans) >= 6
    assert {"claude-code", "codex", "openai-chat", "swe-agent"} <= {s.shape for s in spans}
    for span in spans:
        assert tuple(q.kind for q in span.questions) == QUESTION_KINDS, span.name
        assert all(q.answer for q in span.questions)
        assert span.messages
    assert sum(s.production is not None for s in spans) >= 4
    # without the fixtures folder, the hand-written spans alone
    assert {s.name for s in benchmark_spans()} < {s.name for s in spans}


@pytest.mark.parametrize("span", benchmark_spans(FIXTURES), ids=lambda s: s.name)
def test_each_benchmark_span_ranks_as_a_reader_does(span: Any) -> None:
    """A reader's ranking, written before the grader ran on these: the hand-written
    production summaries (full handoffs) above the offline handoff at their size; the
    fixture files' one-line compactions below the offline handoff at its default size. A terse
    hand-written compaction (heldout3-claude-thumbs, under 100 words) is no full handoff: a
    reader ranks nothing against it."""
    offline_default = ExtractiveCompactor().compact(span.messages).summary
    default = grade_summary(offline_default, span.questions).score
    if span.production is None:
        return
    production = grade_summary(span.production, span.questions).score
    if span.name.startswith("fixture-"):
        assert default > production
    elif len(span.production.split()) >= 100:
        assert production >= 11 and production > default


def _model(request: RecordedRequest) -> str:
    """Answers as a model would: JSON (in a code fence) shaped by which prompt it got."""
    prompt = request.last_user_text()
    if "<history>" in prompt:
        body: Any = [
            {"kind": k, "question": f"What about {k}?", "answer": f"the {k}", "stale": ""}
            for k in QUESTION_KINDS
        ]
    elif "<summary>" in prompt:
        body = [{"kind": k, "answer": f"the {k}"} for k in QUESTION_KINDS]
    else:
        body = [
            {"kind": k, "grade": "correct" if i % 2 else "stale", "why": "compared"}
            for i, k in enumerate(QUESTION_KINDS)
        ]
    return "Here you go:\n```json\n" + json.dumps(body) + "\n```"


def _client(server: OpenAIServer) -> Any:
    from working_memory.clients import OpenAIClient

    return OpenAIClient(
        "gpt-4o-mini", base_url=server.base_url, api_key="sk-test", max_retries=0, timeout=10
    )


def test_judge_with_model_over_loopback_http() -> None:
    span = benchmark_spans()[0]
    with OpenAIServer(responder=_model) as server:
        judged = judge_with_model(_client(server), span.messages, span.production)
        prompts = [r.last_user_text() for r in server.requests]
    assert len(prompts) == 3
    assert "AcmeClient" in prompts[0] and span.production is not None
    assert (
        span.production[:60] in prompts[1] and "AcmeClient" not in prompts[1].split("<summary>")[0]
    )
    assert judged.method == "model" and judged.error is None
    assert [r.kind for r in judged.results] == list(QUESTION_KINDS)
    assert judged.score == 6 and judged.out_of == 12
    assert "gpt-4o-mini" in judged.label and "6 of 12" in judged.headline


def test_judge_with_model_given_questions_asks_two_calls_and_edited_prompts() -> None:
    span = benchmark_spans()[1]
    prompts = JudgePrompts(answers="SUMMARY <summary>{summary}</summary> Q: {questions}")
    with OpenAIServer(responder=_model) as server:
        judged = judge_with_model(
            _client(server), span.messages, "s", questions=span.questions, prompts=prompts
        )
        sent = [r.last_user_text() for r in server.requests]
    assert len(sent) == 2 and sent[0].startswith("SUMMARY")
    assert judged.results[0].reference == span.questions[0].answer
    with pytest.raises(ValueError, match="summary"):
        JudgePrompts(answers="no placeholders")


def test_a_failed_model_judge_is_a_result_not_a_crash() -> None:
    span = benchmark_spans()[0]
    with OpenAIServer(script=[malformed()]) as server:
        judged = judge_with_model(_client(server), span.messages, "x")
    assert judged.score is None and judged.error
    with OpenAIServer(responder=lambda r: "I cannot answer in JSON.") as server:
        judged = judge_with_model(_client(server), span.messages, "x")
    assert judged.score is None and "JSON" in (judged.error or "")


def test_judge_summary_picks_the_best_judge_and_says_which() -> None:
    span = benchmark_spans()[0]
    by_questions = judge_summary(span.messages, span.production, questions=span.questions)
    assert by_questions.method == "questions" and by_questions.out_of == 12
    assert "question grader" in by_questions.headline
    assert len(by_questions.results) == 12
    with OpenAIServer(responder=_model) as server:
        by_model = judge_summary(span.messages, span.production, client=_client(server))
    assert by_model.method == "model"
    metrics = judge_summary(span.messages, span.production, counter="estimate")
    assert metrics.method == "metrics" and metrics.metrics is not None
    assert metrics.label.startswith("metrics") and not metrics.results
