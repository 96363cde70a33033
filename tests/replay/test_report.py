"""The HTML report: one self-contained file, escaped text, and it renders in a real Chromium."""

from __future__ import annotations

import re

import pytest

from working_memory.replays import Policy, differing_settings, render_report, replay, write_report
from working_memory.transcripts import load_transcript

from .conftest import COMPACTED, chromium_or_skip

HOSTILE = "<script>alert('x')</script>"


@pytest.fixture(scope="module")
def replays():
    transcript = load_transcript(COMPACTED)
    return [
        replay(transcript, Policy(window=16_000, strategy="compact"), name=f"compact {HOSTILE}"),
        replay(transcript, Policy(window=16_000, strategy="mask"), name="mask"),
    ]


@pytest.fixture(scope="module")
def report(replays, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "report.html"
    return write_report(replays, path, title=f"Team review {HOSTILE}")


def test_report_is_self_contained(report):
    text = report.read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]+src=", text)  # nothing fetched
    assert not re.search(r"<link[^>]+href=", text)
    assert (
        text.count("Plotly.newPlot") == 1 + 2 + 2 + 1
    )  # pressure, 2 stacks, 2 final windows, transcript
    assert len(text) > 3_000_000  # plotly.js is inlined


def test_report_escapes_names_and_titles(report):
    text = report.read_text(encoding="utf-8")
    assert HOSTILE not in text
    assert "Team review &lt;script&gt;" in text
    assert "compact &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in text


def test_report_has_stats_policy_settings_and_the_production_summary(report, replays):
    text = report.read_text(encoding="utf-8")
    assert "input tokens billed" in text and f"{replays[0].stats.billed_tokens:,}" in text
    assert re.search(r"<tr class=\"differs\" data-setting=\"strategy\">", text)  # highlighted
    assert differing_settings(replays) == ["strategy"]
    assert "production compaction at call" in text
    summary_start = replays[0].real_compactions[0][1].summary[:60]
    assert __import__("html").escape(summary_start) in text


def test_replay_report_method_writes_one_file(tmp_path, replays):
    path = replays[1].report(tmp_path / "one.html")
    assert (
        path.exists()
        and "Working-memory replay of " in path.read_text(encoding="utf-8")
        and ": mask</h1>" in path.read_text(encoding="utf-8")
    )
    with pytest.raises(ValueError, match="at least one Replay"):
        render_report([])


def test_report_renders_in_headless_chromium(report):
    executable = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=executable,
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        try:
            page = browser.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            # Offline: any request that is not the file itself fails the test.
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(report.as_uri())
            page.wait_for_selector(".js-plotly-plot .main-svg", timeout=60_000)
            page.wait_for_function(
                "() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 6",
                timeout=60_000,
            )
            traces = page.evaluate(
                "() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(d => d.data.length)"
            )
            curves = page.evaluate(
                "() => document.querySelectorAll('#figure-0 .scatterlayer .trace').length"
            )
            title = page.title()
        finally:
            browser.close()
    assert errors == []
    assert requests == [report.as_uri()]
    assert len(traces) == 6 and all(n > 0 for n in traces)
    assert curves == traces[0]  # every trace of the pressure figure was drawn
    assert title.startswith("Team review <script>")  # the escaped title reads back as text


def test_report_says_what_the_log_lacks(report):
    # The Claude Code fixture carries no system prompt: every count understates (issue 17).
    text = report.read_text(encoding="utf-8")
    assert "<h2>What the log lacks</h2>" in text
    assert "no system prompt" in text and "underestimate" in text


def test_report_has_a_summary_sentence_per_policy(report, replays):
    from working_memory.replays import summary_sentence

    text = report.read_text(encoding="utf-8")
    for item in replays:
        sentence = summary_sentence(item)
        assert f"{item.stats.billed_tokens:,} input tokens" in sentence
        assert __import__("html").escape(sentence[len(item.name) + 2 :]) in text


def test_a_policy_over_the_limit_on_most_calls_is_headlined_as_failing():
    """It was headlined "64% saved" while over the limit on 55 of 55 calls."""
    from working_memory import replay
    from working_memory.replays import PRESETS, render_report, summary_sentence
    from working_memory.transcripts import Transcript

    # Tool schemas are sent on every call and nothing can shrink them: over a 16k window.
    schema = {"type": "function", "function": {"name": "run", "description": "x " * 12_000}}
    system = {"role": "system", "content": "Rules."}
    turns = []
    for i in range(12):
        turns.append({"role": "user", "content": f"step {i}: " + "look at the logs " * 200})
        turns.append({"role": "assistant", "content": f"done {i}"})
    transcript = Transcript(
        messages=[system, *turns], format="openai", source="big-system.jsonl", tools=[schema]
    )
    item = replay(transcript, PRESETS["default"].replace(window=16_000), name="16k")
    assert item.stats.calls_over_limit * 2 > item.stats.calls
    sentence = summary_sentence(item)
    assert "FAILS: over the limit on" in sentence and "saved" not in sentence
    text = render_report([item])
    assert "<h1>Working-memory replay of big-system.jsonl: 16k</h1>" in text
    assert "FAILS: over the limit" in text.split("<h2>")[0]  # in the headline, above all else
    assert "not checked against a bill" in text.split("<h2>")[0]


def test_the_headline_says_whether_counts_are_calibrated_and_warns_when_far_off():
    from tests.paths import fixture
    from working_memory import calibrate, load_transcript, replay
    from working_memory.replays import PRESETS, render_report

    transcript = load_transcript(fixture("codex"))
    raw = render_report([replay(transcript, PRESETS["default"], name="raw")])
    head = raw.split("<h2>")[0]
    assert "uncalibrated" in head and "Every figure below rests on counts" in head
    policy = PRESETS["default"].replace(calibration=calibrate(transcript))
    fitted = render_report([replay(transcript, policy, name="fitted")]).split("<h2>")[0]
    assert "calibrated from the log's billed usage" in fitted
    assert "Every figure below rests on counts" not in fitted
