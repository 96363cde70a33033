"""Corpora: folders of logs loaded and replayed one file at a time, in parallel, junk skipped."""

from __future__ import annotations

import json
import os
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pandas as pd
import pytest

from tests.paths import FIXTURE_FILES, FIXTURES, TRANSCRIPTS
from working_memory.cli import main
from working_memory.replays import Policy, compare_policies
from working_memory.transcripts import (
    CorpusWarning,
    TranscriptError,
    iter_transcripts,
    load_transcript,
    load_transcripts,
    synthetic_session,
)

POLICIES = {"compact": Policy(window=12_000), "evict": Policy(window=12_000, strategy="evict")}


def _write_session(path: Path, seed: int, turns: int = 30) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(m) + "\n" for m in synthetic_session(turns, seed=seed)))


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """Five good sessions in nested folders, and the junk a real log folder collects."""
    root = tmp_path / "logs"
    _write_session(root / "a.jsonl", 1)
    _write_session(root / "team" / "b.jsonl", 2)
    _write_session(root / "team" / "deep" / "c.jsonl", 3)
    runs = [{"instance_id": f"r{n}", "messages": synthetic_session(10, seed=n)} for n in (4, 5)]
    (root / "runs.json").write_text(json.dumps(runs))
    (root / "package.json").write_text('{"name": "x", "version": "1.0.0"}')  # not a transcript
    (root / "empty.json").write_text("")
    (root / "cut.json").write_text('[{"role": "user", "content": "hi"')  # truncated
    (root / "README.md").write_text("# notes")  # not a log suffix: not even tried
    (root / ".hidden.jsonl").write_text("junk")  # hidden: passed over
    os.mkfifo(root / "pipe.jsonl")  # would block open() forever
    return root


SKIPPED = {"package.json", "empty.json", "cut.json", "pipe.jsonl"}
LOADED = ["a.jsonl", "runs.json#0", "runs.json#1", "team/b.jsonl", "team/deep/c.jsonl"]


def test_load_transcripts_reads_a_folder_and_says_what_it_skipped(corpus: Path) -> None:
    with pytest.warns(CorpusWarning) as caught:
        loaded = load_transcripts(corpus)
    assert isinstance(loaded, list)
    assert [t.metadata["corpus_label"] for t in loaded] == LOADED
    assert {Path(s.path).name for s in loaded.skipped} == SKIPPED
    reasons = {Path(s.path).name: s.reason for s in loaded.skipped}
    assert reasons["package.json"].startswith("not a transcript: a JSON object with keys name")
    assert (
        reasons["pipe.jsonl"] == "is a named pipe, not a regular file (expected a transcript file)"
    )
    assert reasons["empty.json"].startswith("file is empty")
    assert len(caught) == len(SKIPPED)
    assert all(str(corpus) in str(w.message) for w in caught)


def test_iter_transcripts_yields_one_at_a_time(corpus: Path) -> None:
    stream = iter_transcripts(corpus)
    assert len(stream) == 8  # files tried (README.md and the hidden file are not)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", CorpusWarning)
        it = iter(stream)
        first = next(it)
        assert stream.loaded == 1 and first.metadata["corpus_label"] == "a.jsonl"
        rest = list(it)
    assert len(rest) == 4 and stream.loaded == 5
    assert "8 files, 5 transcripts, 4 skipped" in stream.summary()


def test_a_list_of_paths_and_strict_mode(corpus: Path) -> None:
    loaded = load_transcripts([corpus / "a.jsonl", corpus / "team" / "b.jsonl"])
    assert len(loaded) == 2 and loaded.skipped == []
    with pytest.raises(TranscriptError):
        load_transcripts(corpus, strict=True)
    with pytest.raises(TranscriptError, match="is a directory"):
        load_transcript(corpus)  # one transcript from a folder is ambiguous


def test_claude_code_fixture_folder_loads_sessions_with_their_subagents() -> None:
    loaded = load_transcripts(FIXTURES / "claude-code")
    labels = [t.metadata["corpus_label"] for t in loaded]
    assert len(labels) == 2 and not any("subagents" in label for label in labels)
    compacted = next(t for t in loaded if "7c9e6679" in t.metadata["corpus_label"])
    assert {"a7d41c2", "acompact-5e1f0a"} <= set(compacted.threads)
    assert loaded.skipped == []


@pytest.mark.corpus
def test_claude_code_project_folder_loads_sessions_with_their_subagents() -> None:
    folder = TRANSCRIPTS / "claude-code"
    loaded = load_transcripts(folder)
    labels = [t.metadata["corpus_label"] for t in loaded]
    assert len(labels) == 3 and not any("subagents" in label for label in labels)
    spotter = next(t for t in loaded if "spotter" in t.metadata["corpus_label"])
    assert {"a881341", "acompact-fffbd0"} <= set(spotter.threads)
    assert loaded.skipped == []


# -- compare_policies over a corpus ------------------------------------------------------------


def _sequential(corpus: Path) -> pd.DataFrame:
    with pytest.warns(CorpusWarning, match="compare_policies: skipped 4 of 8 inputs"):
        return compare_policies(corpus, POLICIES)


def test_compare_policies_streams_a_folder_and_survives_junk(corpus: Path) -> None:
    seen: list[list[str]] = []
    with pytest.warns(CorpusWarning):
        frame = compare_policies(
            corpus, POLICIES, on_rows=lambda rows: seen.append([r["transcript"] for r in rows])
        )
    assert list(frame.transcript) == [label for label in LOADED for _ in POLICIES]
    assert list(frame.policy[:2]) == ["compact", "evict"]
    assert {Path(s["path"]).name for s in frame.attrs["skipped"]} == SKIPPED
    assert frame.attrs["files"] == 8
    # rows arrive file by file (the multi-run file's two runs together)
    assert [len(rows) for rows in seen] == [2, 4, 2, 2]
    assert (frame.orphaned_tool_calls == 0).all()
    assert frame.billed_tokens.gt(0).all() and (frame.format == "openai").all()


@pytest.mark.parametrize("how", ["workers", "threads"])
def test_parallel_runs_give_the_same_rows(corpus: Path, how: str) -> None:
    expected = _sequential(corpus)
    kwargs = {"workers": 2} if how == "workers" else {"executor": ThreadPoolExecutor(2)}
    with pytest.warns(CorpusWarning, match="skipped 4 of 8"):
        frame = compare_policies(corpus, POLICIES, **kwargs)
    pd.testing.assert_frame_equal(frame, expected)
    assert frame.attrs["skipped"] == expected.attrs["skipped"] or sorted(
        s["path"] for s in frame.attrs["skipped"]
    ) == sorted(s["path"] for s in expected.attrs["skipped"])


def test_a_local_dask_cluster_runs_the_corpus(corpus: Path) -> None:
    distributed = pytest.importorskip("distributed")
    expected = _sequential(corpus)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        with pytest.warns(CorpusWarning, match="skipped 4 of 8"):
            frame = compare_policies(corpus, POLICIES, executor=client.get_executor())
        workers = client.run(os.getpid)
    assert len(workers) == 2 and os.getpid() not in workers.values()
    pd.testing.assert_frame_equal(frame, expected)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_rows_are_written_as_they_finish(corpus: Path, tmp_path: Path, suffix: str) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"results{suffix}"
    with pytest.warns(CorpusWarning):
        frame = compare_policies(corpus, POLICIES, workers=2, out=out)
    back = pd.read_csv(out) if suffix == ".csv" else pd.read_parquet(out)
    back = back.sort_values(["transcript", "policy"]).reset_index(drop=True)
    mine = frame.sort_values(["transcript", "policy"]).reset_index(drop=True)
    assert list(back.columns) == list(frame.columns)
    assert list(back.transcript) == list(mine.transcript)
    assert list(back.billed_tokens) == list(mine.billed_tokens)
    assert list(back.task_survived) == list(mine.task_survived)


def test_parquet_without_pyarrow_says_which_extra(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if not installed
    with pytest.raises(ImportError, match=r"pip install 'working-memory\[parquet\]'"):
        compare_policies(corpus, POLICIES, out=tmp_path / "r.parquet")
    with pytest.raises(ValueError, match=r"expected \.csv or \.parquet"):
        compare_policies(corpus, POLICIES, out=tmp_path / "r.xlsx")


def test_a_session_without_a_user_message_counts_as_unknown_not_survived(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    _write_session(folder / "good.jsonl", 1)
    (folder / "taskless.jsonl").write_text(
        json.dumps({"role": "system", "content": "s"})
        + "\n"
        + json.dumps({"role": "assistant", "content": "hello"})
        + "\n"
    )
    frame = compare_policies(folder, {"d": Policy()})
    survived = dict(zip(frame.transcript, frame.task_survived, strict=True))
    assert survived == {"good.jsonl": True, "taskless.jsonl": None}


# -- the CLI -----------------------------------------------------------------------------------


def test_cli_replays_a_folder_into_a_results_file(corpus: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "results.csv"
    argv = ["replay", str(corpus), "--window", "12000", "--compare", "evict-only"]
    code = main([*argv, "--out", str(out), "--workers", "2"])
    printed = capsys.readouterr()
    assert printed.err == ""  # the skipped files are listed once, on stdout
    assert code == 0, printed.err
    assert len(pd.read_csv(out)) == 2 * len(LOADED)
    lines = printed.out.splitlines()
    assert any(line.startswith("default ") for line in lines)
    assert any(line.startswith("evict-only ") for line in lines)
    assert "5 sessions from 8 files; 4 skipped" in printed.out
    assert "package.json: not a transcript" in printed.out
    assert f"{2 * len(LOADED)} rows (a session x policy each) written to {out}" in printed.out


def test_streaming_holds_no_transcript_between_files(corpus: Path) -> None:
    """When a file's rows arrive, its transcript is already gone: memory holds rows only."""
    import gc

    from working_memory.transcripts import Transcript

    def transcripts() -> int:
        gc.collect()
        return sum(isinstance(o, Transcript) for o in gc.get_objects())

    # Earlier tests in the process may keep theirs (ipywidgets keeps every open widget):
    # counted from what is alive before.
    before = transcripts()
    alive: list[int] = []
    with pytest.warns(CorpusWarning):
        compare_policies(corpus, POLICIES, on_rows=lambda rows: alive.append(transcripts()))
    assert alive == [before] * 4


def test_progress_bar_counts_files(corpus: Path, capsys) -> None:
    pytest.importorskip("tqdm")
    with pytest.warns(CorpusWarning):
        compare_policies(corpus, POLICIES, progress=True)
    err = capsys.readouterr().err
    assert "compare_policies" in err and "8/8" in err


def test_cli_folder_json_and_refusals(corpus: Path, capsys) -> None:
    assert main(["replay", str(corpus), "--json", "--compare", "evict-only"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["files"] == 8 and data["sessions"] == 5 and len(data["skipped"]) == 4
    assert [p["policy"] for p in data["policies"]] == ["default", "evict-only"]
    assert all(p["sessions"] == 5 and p["billed_tokens"] > 0 for p in data["policies"])
    assert main(["replay", str(corpus), "--html", "r.html"]) == 1
    assert "--html reports one transcript" in capsys.readouterr().err


def test_cli_on_a_folder_leads_with_cost_and_names_the_cheapest(tmp_path: Path, capsys) -> None:
    import shutil

    for key in ("claude-code-compaction", "codex"):
        shutil.copy2(FIXTURES / FIXTURE_FILES[key], tmp_path)
    argv = ["replay", str(tmp_path), "--window", "12000", "--compare", "masking"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("policy "))
    assert lines[at].split()[:5] == ["policy", "sessions", "priced", "cost", "unmanaged"]
    rows = {line.split()[0]: line.split() for line in lines[at + 2 : at + 4]}
    assert rows["default"][2] == rows["masking"][2] == "2"  # both sessions priced
    assert all(r[3].startswith("$") for r in rows.values())
    verdict = next(line for line in lines if line.startswith("Cheapest: "))
    cheapest = min(rows, key=lambda n: float(rows[n][3].lstrip("$")))
    assert verdict.startswith(f"Cheapest: {cheapest} at {rows[cheapest][3]} ")
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"][0] == verdict
    assert {p["policy"]: p["priced_sessions"] for p in out["policies"]} == {
        "default": 2,
        "masking": 2,
    }
