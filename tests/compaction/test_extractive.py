"""ExtractiveCompactor: keeps fact lines verbatim, keeps the user's words, fits the limit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from working_memory.compaction import (
    ExtractiveCompactor,
    Fact,
    SpanCompactor,
    extract_facts,
    span_lines,
    span_text,
)

from .handoff_lines import fact_body as _fact_body

SPAN = [
    {"role": "system", "content": "You are a coding agent."},
    {"role": "user", "content": "Add a retry to the uploader in src/uploader/client.py"},
    {"role": "assistant", "content": "Sure, happy to help! Let me take a look at the code first."},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {
                    "name": "Bash",
                    "arguments": '{"command": "pytest tests/test_uploader.py -q"}',
                },
            }
        ],
    },
    {
        "role": "tool",
        "tool_call_id": "c1",
        "content": "FAILED tests/test_uploader.py::test_retry - TimeoutError: upload took 31.5s\n1 failed, 12 passed in 2.41s",
    },
    {
        "role": "assistant",
        "content": "The upload_chunk function has no timeout. I'll wrap it with backoff.\nThat should be enough.",
    },
    {"role": "user", "content": "No, don't add a dependency. Use the stdlib only, max 3 retries."},
    {
        "role": "assistant",
        "content": "Understood. I decided to use time.sleep with RETRY_DELAYS = (0.5, 1.0, 2.0) instead.",
    },
    {
        "role": "assistant",
        "content": "Great, that all looks good to me and I think we are nearly there now.",
    },
]


def test_satisfies_the_protocol() -> None:
    assert isinstance(ExtractiveCompactor(), SpanCompactor)


def test_keeps_facts_and_user_words_verbatim() -> None:
    result = ExtractiveCompactor(word_limit=200).compact(SPAN)
    assert result.ok
    assert not result.nothing
    assert result.error is None
    summary = result.summary or ""
    # every line is labelled; a fact line is a verbatim line of the span
    text = span_text(SPAN)
    for line in summary.splitlines():
        body = _fact_body(line)
        assert body is None or body in text
    # the user's instruction and correction are kept whole
    assert "Add a retry to the uploader in src/uploader/client.py" in summary
    assert "No, don't add a dependency. Use the stdlib only, max 3 retries." in summary
    for fact in [
        Fact("path", "tests/test_uploader.py"),
        Fact("number", "31.5s"),
        Fact("identifier", "upload_chunk"),
        Fact("identifier", "RETRY_DELAYS"),
    ]:
        assert fact.value in summary, fact
    # pleasantries carry nothing
    assert "happy to help" not in summary
    assert "nearly there" not in summary


@pytest.mark.parametrize("limit", [8, 15, 25, 40, 80, 400])
def test_respects_word_limit(limit: int) -> None:
    result = ExtractiveCompactor(word_limit=limit).compact(SPAN)
    assert result.summary is not None
    assert len(result.summary.split()) <= limit


def test_tight_limit_prefers_the_correction() -> None:
    summary = ExtractiveCompactor(word_limit=25).compact(SPAN).summary or ""
    assert "No, don't add a dependency. Use the stdlib only, max 3 retries." in summary


def test_a_pasted_log_does_not_crowd_out_facts() -> None:
    log = "\n".join(f"line {i} of the log" for i in range(200))
    span = [{"role": "user", "content": "why does this fail?\n" + log}, *SPAN[3:5]]
    summary = ExtractiveCompactor(word_limit=60).compact(span).summary or ""
    assert "why does this fail?" in summary
    assert "tests/test_uploader.py" in summary
    assert summary.count("of the log") <= 2


def test_more_words_keep_more_facts() -> None:
    kept = []
    for limit in (20, 40, 80, 160):
        summary = ExtractiveCompactor(word_limit=limit).compact(SPAN).summary or ""
        kept.append(len(set(extract_facts(summary))))
    assert kept == sorted(kept)
    assert kept[-1] > kept[0]


CHIT_CHAT = [
    [
        {"role": "user", "content": "hi there!"},
        {"role": "assistant", "content": "Hello! How can I help you today?"},
    ],
    [
        {"role": "user", "content": "thanks, looks great"},
        {"role": "assistant", "content": "Glad to hear it. Have a nice day."},
    ],
    [{"role": "assistant", "content": "Let me think about this for a moment."}],
    [],
]


@pytest.mark.parametrize("span", CHIT_CHAT)
def test_nothing_for_chit_chat(span: list[dict[str, str]]) -> None:
    result = ExtractiveCompactor().compact(span)
    assert result.summary is None
    assert result.nothing
    assert result.error is None
    assert result.reason


def test_deduplicates_repeated_lines() -> None:
    line = "Error: connection refused at 127.0.0.1:5432"
    span = [{"role": "tool", "tool_call_id": str(i), "content": line} for i in range(6)]
    summary = ExtractiveCompactor(word_limit=200).compact(span).summary or ""
    assert summary.count("connection refused") == 1


def test_recurring_facts_win_under_pressure() -> None:
    span = [{"role": "tool", "tool_call_id": "a", "content": "see lib/rare_thing.ex once"}]
    span += [
        {"role": "tool", "tool_call_id": str(i), "content": f"step {i}: lib/core.ex still failing"}
        for i in range(8)
    ]
    summary = ExtractiveCompactor(word_limit=7, labels=False).compact(span).summary or ""
    assert "lib/core.ex" in summary
    assert "rare_thing" not in summary


def test_deterministic() -> None:
    compactor = ExtractiveCompactor(word_limit=50)
    assert len({compactor.compact(SPAN).summary for _ in range(5)}) == 1


def test_long_lines_are_cut_into_verbatim_runs() -> None:
    words = [("read", "the", "notes", "again")[i % 4] for i in range(100)]
    words[70] = "lib/needle.ex"
    span = [{"role": "tool", "tool_call_id": "x", "content": " ".join(words)}]
    summary = ExtractiveCompactor(word_limit=60, max_line_words=20).compact(span).summary or ""
    assert "lib/needle.ex" in summary
    assert len(summary.split()) <= 21
    assert " ".join(words[60:80]) in summary


def test_span_lines_attach_facts_to_their_line() -> None:
    lines = span_lines(
        [{"role": "tool", "tool_call_id": "x", "content": "alpha\nread lib/a.ex\nbeta 2.5s"}]
    )
    assert [(ln.text, sorted(f.value for f in ln.facts)) for ln in lines] == [
        ("alpha", []),
        ("read lib/a.ex", ["lib/a.ex"]),
        ("beta 2.5s", ["2.5s"]),
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"word_limit": 0}, "word_limit"),
        ({"user_share": 1.5}, "user_share"),
        ({"max_line_words": 0}, "max_line_words"),
        ({"target_tokens": 0}, "target_tokens"),
        ({"compression": 1.0}, "compression"),
        ({"target_tokens": 100, "compression": 10.0}, "not both"),
    ],
)
def test_bad_settings_are_named(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ExtractiveCompactor(**kwargs)  # type: ignore[arg-type]


_LINE = st.sampled_from(
    [
        "edit lib/a.ex",
        "run `mix test` now",
        "took 2.5s",
        "ok",
        "thanks!",
        "KeyError: 'k'",
        "see https://x.org/y",
        "call do_thing()",
        "no, use sqlite instead",
        "hmm",
    ]
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["user", "assistant", "tool"]), st.lists(_LINE, min_size=1, max_size=4)
        ),
        max_size=8,
    ),
    st.integers(min_value=1, max_value=60),
)
def test_property_limit_and_verbatim(turns: list[tuple[str, list[str]]], limit: int) -> None:
    span = [
        {
            "role": role,
            "content": "\n".join(lines),
            **({"tool_call_id": "t"} if role == "tool" else {}),
        }
        for role, lines in turns
    ]
    result = ExtractiveCompactor(word_limit=limit).compact(span)
    if result.summary is None:
        assert result.nothing
        return
    assert len(result.summary.split()) <= limit
    source = span_text(span).splitlines()
    for line in result.summary.splitlines():
        body = _fact_body(line)
        assert body is None or body in source


@pytest.mark.parametrize("target", [40, 120, 600])
def test_target_tokens_sets_the_size(target: int) -> None:
    from working_memory.tokens import get_counter
    from working_memory.transcripts import synthetic_session

    span = synthetic_session(60, seed=2)
    summary = ExtractiveCompactor(target_tokens=target, counter="estimate").compact(span).summary
    assert summary is not None
    tokens = get_counter("estimate").count(summary)
    assert tokens <= target
    if target >= 120:  # room for more than the handoff's first lines: it is filled
        assert tokens >= 0.9 * target


def test_compression_scales_with_the_span() -> None:
    from working_memory.tokens import get_counter
    from working_memory.transcripts import synthetic_session

    count = get_counter("estimate").count
    sizes = []
    for turns in (40, 160):
        span = synthetic_session(turns, seed=4)
        compactor = ExtractiveCompactor(compression=20, counter="estimate", min_tokens=10)
        summary = compactor.compact(span).summary or ""
        assert count(summary) <= count(span_text(span)) / 20 + 1
        sizes.append(count(summary))
    assert sizes[1] > 2 * sizes[0]


def test_a_line_whose_short_form_does_not_fit_keeps_its_brief_form() -> None:
    from working_memory.compaction._handoff import Entry

    long = "Error fixed: " + " ".join(f"w{i}" for i in range(40))
    entries = [
        Entry(0, 0, 0, "Next step: run the tests again"),
        Entry(7, 0, 3, long, long, "Error fixed: KeyError -> fixed in a.py: default"),
    ]
    kept = ExtractiveCompactor._fit(entries, lambda t: len(t.split()), 20)
    assert [e.text for e in kept][-1] == "Error fixed: KeyError -> fixed in a.py: default"


def test_a_short_form_of_over_a_third_of_the_budget_gives_way_to_its_brief() -> None:
    from working_memory.compaction._handoff import Entry

    quote = "Latest request: " + " ".join(f"w{i}" for i in range(40))
    entries = [
        Entry(2, 0, 0, quote, quote, "Latest request: fix both findings"),
        Entry(2, 1, 1, "Current work: a.py changed last, untested, uncommitted"),
        Entry(6, 0, 2, "Files changed: a.py (edited); b.py (created)"),
    ]
    kept = ExtractiveCompactor._fit(entries, lambda t: len(t.split()), 50)
    texts = [e.text for e in kept]
    # the 42-word quote would leave no room for the files: its brief form comes instead
    assert texts[0] == "Latest request: fix both findings" and len(texts) == 3, texts


def test_a_tight_budget_starts_each_line_from_its_brief_form_not_its_head() -> None:
    from working_memory.compaction._handoff import Entry

    entries = [
        Entry(
            k,
            0,
            1,
            f"Line {k}: " + " ".join(f"w{i}" for i in range(40)),
            f"Line {k}: " + " ".join(f"w{i}" for i in range(30)),
            f"Line {k}: the answer in brief",
        )
        for k in range(8)
    ]
    kept = ExtractiveCompactor._fit(entries, lambda t: len(t.split()), 160)
    assert len(kept) == 8
    # every line whole in one of its forms; none cut to its first words ("w0 ... w17 ...")
    assert not [e.text for e in kept if e.text.endswith("...")], [e.text for e in kept]


def test_a_tight_budget_keeps_a_list_of_points_whole_not_its_head() -> None:
    from working_memory.compaction._handoff import Entry

    points = "Review findings: " + "; ".join(
        f"{n}. finding number {n} of the review, with what it asks (changed and tested)"
        for n in range(1, 5)  # 58 words: within the half of a 175-word budget a list may take
    )
    others = [
        Entry(k, 0, 1, f"Line {k}: " + " ".join(f"w{i}" for i in range(28))) for k in (0, 1, 3, 4)
    ]
    entries = [*others, Entry(2, 1, 1, points, points, listing=True)]
    kept = ExtractiveCompactor._fit(entries, lambda t: len(t.split()), 175)
    texts = [e.text for e in kept]
    # the list whole (its head would be point 1 alone, cut before its status), then the rest
    # by their heads, not the rest grown and the list left at its head
    assert points in texts and len(texts) == 5, texts
    # a list that would take most of the budget is still cut to its head
    kept = ExtractiveCompactor._fit(entries, lambda t: len(t.split()), 100)
    assert points not in [e.text for e in kept]


def test_a_hundred_word_handoff_gives_each_core_kind_of_line_a_start() -> None:
    """Between 72 and 120 section words every core line starts at 15 words: the current work
    and the files are not pushed out by the request, the step and a correction in full; only
    a list of points whole, each with what became of it, may take their place (at most half the
    budget: its head would name point 1 alone)."""
    from working_memory.compaction.bench import benchmark_spans

    span = next(s for s in benchmark_spans() if s.name == "heldout11-claude-backfill")
    summary = ExtractiveCompactor(word_limit=100).compact(span.messages).summary or ""
    lines = {ln.split(":", 1)[0]: ln for ln in summary.splitlines()}
    assert {"Next step", "Task"} <= lines.keys(), summary
    points = lines.get("Review findings", "")
    whole = all(f"{n}. " in points for n in range(1, 5)) and len(points.split()) <= 50
    assert whole or {"Current work", "Files changed"} <= lines.keys(), summary
    assert "LED-77" in points or "Current work" in lines, summary
