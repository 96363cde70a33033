"""compare(): offline variants, error rows, real concurrency over a loopback server, cost estimate."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.llm_servers import OpenAIServer, malformed, status
from working_memory.compaction import (
    COLUMNS,
    CompactionResult,
    Variant,
    compare,
    estimate_compare_cost,
)

SPANS = {
    "fix": [
        {"role": "user", "content": "Fix the failing test in tests/test_io.py"},
        {
            "role": "tool",
            "tool_call_id": "1",
            "content": "FAILED tests/test_io.py::test_read - KeyError: 'path'",
        },
        {
            "role": "assistant",
            "content": "read_file() drops the 'path' key; I'll restore it in src/io.py.",
        },
    ],
    "chat": [
        {"role": "user", "content": "hello!"},
        {"role": "assistant", "content": "Hi, how can I help?"},
    ],
}


def _client(server: OpenAIServer, model: str = "gpt-4o-mini") -> Any:
    from working_memory.clients import OpenAIClient

    return OpenAIClient(
        model, base_url=server.base_url, api_key="sk-test", max_retries=0, timeout=10
    )


def test_offline_frame_shape_and_columns() -> None:
    variants = [
        Variant("short"),
        Variant("long", word_limit=400),
        Variant("nolabels", settings={"labels": False}),
    ]
    frame = compare(SPANS, variants, samples=2, progress=False, counter="estimate")
    assert frame.shape[0] == 2 * 3 * 2
    assert list(frame.columns) == list(COLUMNS)
    assert list(frame["span"].unique()) == ["fix", "chat"]
    assert list(frame["variant"].unique()) == ["short", "long", "nolabels"]
    assert sorted(frame["sample"].unique()) == [0, 1]
    assert frame["error"].isna().all()
    fix = frame[frame["span"] == "fix"]
    assert (fix["fact_retention"] > 0.5).all()
    assert fix["summary"].str.contains("tests/test_io.py").all()
    chat = frame[frame["span"] == "chat"]
    assert chat["nothing"].all()
    assert chat["summary"].isna().all()
    assert (frame["within_limit"]).all()


def test_spans_as_a_list_are_numbered() -> None:
    frame = compare(list(SPANS.values()), [Variant("x")], progress=False, counter="estimate")
    assert list(frame["span"]) == [0, 1]


class _Exploding:
    """A compactor that raises: a third-party SpanCompactor may, and must cost one row only."""

    def compact(self, span: Any) -> CompactionResult:
        raise RuntimeError("boom")


class _ExplodingVariant(Variant):
    def compactor(self) -> Any:
        return _Exploding()


def test_failing_variants_become_error_rows() -> None:
    variants = [
        Variant("good"),
        Variant("bad-template", prompt="Summarise {spam}", client=object()),  # type: ignore[arg-type]
        _ExplodingVariant("raises"),
        Variant("bad-setting", settings={"no_such_option": 1}),
    ]
    frame = compare(SPANS, variants, progress=False, counter="estimate")
    assert frame.shape[0] == 2 * 4
    errors = frame.set_index(["span", "variant"])["error"]
    assert errors["fix", "good"] is None or errors.isna()["fix", "good"]
    assert "unknown placeholder {spam}" in errors["fix", "bad-template"]
    assert errors["fix", "raises"] == "RuntimeError: boom"
    assert "no_such_option" in errors["fix", "bad-setting"]
    failed = frame[frame["variant"] != "good"]
    assert failed["summary"].isna().all()
    assert failed["fact_retention"].isna().all()  # no invented zero for a failed request


def test_http_errors_are_rows_and_keys_stay_out() -> None:
    with OpenAIServer(
        script=[status(500), malformed()], responder=lambda r: "src/io.py restores 'path'"
    ) as srv:
        frame = compare(
            {"fix": SPANS["fix"]}, [Variant("llm", client=_client(srv))], samples=3,
            concurrency=1, progress=False, counter="estimate",
        )  # fmt: skip
    assert frame["error"].notna().sum() == 2
    good = frame[frame["error"].isna()].iloc[0]
    assert good["summary"] == "src/io.py restores 'path'"
    assert good["prompt_tokens"] > 0
    assert good["completion_tokens"] > 0
    assert good["cost_usd"] > 0  # gpt-4o-mini has a price entry
    assert "sk-test" not in frame.to_string()


def test_concurrency_with_a_delayed_server() -> None:
    d = 0.3
    spans = {f"s{i}": SPANS["fix"] for i in range(4)}
    with OpenAIServer(delay=d, responder=lambda r: "src/io.py: restore 'path'") as srv:
        client = _client(srv)
        client.complete([{"role": "user", "content": "warm up"}])  # SDK import and connection setup
        started = time.perf_counter()
        frame = compare(spans, [Variant("llm", client=client)], samples=5, concurrency=5,
                        progress=False, counter="estimate")  # fmt: skip
        elapsed = time.perf_counter() - started
        assert srv.peak_concurrency == 5
    assert frame.shape[0] == 20
    assert frame["error"].isna().all()
    assert 3.5 * d <= elapsed <= 8 * d, f"{elapsed:.2f}s for 20 requests of {d}s at concurrency 5"


def test_progress_bar_renders(capsys: pytest.CaptureFixture[str]) -> None:
    compare(SPANS, [Variant("x")], samples=2, progress=True, counter="estimate")
    assert "4/4" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"samples": 0}, "samples"),
        ({"concurrency": 0}, "concurrency"),
    ],
)
def test_bad_arguments(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        compare(SPANS, [Variant("x")], progress=False, **kwargs)  # type: ignore[arg-type]


def test_bad_spans_and_duplicate_names() -> None:
    with pytest.raises(ValueError, match="repeated: a"):
        compare(SPANS, [Variant("a"), Variant("a")], progress=False)
    with pytest.raises(TypeError, match="span 'x': expected a list of message dicts"):
        compare({"x": "just text"}, [Variant("a")], progress=False)  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="span 0, message 1: expected a dict"):
        compare([[{"role": "user", "content": "a"}, "b"]], [Variant("a")], progress=False)  # type: ignore[list-item]


def test_cost_estimate() -> None:
    with OpenAIServer() as srv:
        priced, unpriced = _client(srv, "gpt-4o-mini"), _client(srv, "my-local-model")
        variants = [
            Variant("offline"),
            Variant("mini", client=priced, word_limit=150),
            Variant("local", prompt="handoff", client=unpriced),
        ]
        estimate = estimate_compare_cost(SPANS, variants, samples=3, counter="estimate")
        assert srv.requests == []  # estimating sends nothing
    offline, mini, local = estimate.variants
    assert offline.requests == 0
    assert offline.cost_usd == 0.0
    assert mini.requests == 2 * 3
    assert mini.completion_tokens == 200 * 6
    assert mini.prompt_tokens > 3 * estimate.span_tokens  # span x samples, plus the template
    from working_memory.clients import estimate_cost

    assert mini.cost_usd == pytest.approx(
        estimate_cost("gpt-4o-mini", mini.prompt_tokens, mini.completion_tokens)
    )
    assert local.cost_usd is None
    assert estimate.unpriced == ("local",)
    assert estimate.cost_usd == pytest.approx(mini.cost_usd)
    text = str(estimate)
    assert "no price for this model" in text
    assert "12 model requests" in text
    assert estimate.to_pandas().shape == (3, 6)


def test_cost_estimate_rejects_a_bad_template() -> None:
    with pytest.raises(ValueError, match="no \\{span\\} placeholder"):
        estimate_compare_cost(SPANS, [Variant("v", prompt="Summarise.", client=object())])  # type: ignore[arg-type]


def test_offline_variants_that_differ_only_by_prompt_are_flagged() -> None:
    variants = [Variant("plain"), Variant("handoff", prompt="handoff")]
    with pytest.warns(UserWarning, match="differ only by their prompt"):
        frame = compare(SPANS, variants, progress=False, counter="estimate")
    assert not frame["prompt_used"].any()
    fix = frame[frame["span"] == "fix"]
    assert fix["summary"].nunique() == 1  # what the warning says
    assert fix["continuation"].notna().all() and "cont_next_step" in frame.columns


def test_offline_variants_that_differ_otherwise_are_not_flagged(recwarn: Any) -> None:
    compare(SPANS, [Variant("a"), Variant("b", word_limit=50)], progress=False, counter="estimate")
    assert not [w for w in recwarn if "differ only" in str(w.message)]


def test_a_client_variant_uses_its_prompt() -> None:
    with OpenAIServer() as server:
        variant = Variant("model", prompt="handoff", client=_client(server))
        frame = compare({"fix": SPANS["fix"]}, [variant], progress=False, counter="estimate")
    assert frame["prompt_used"].all()
