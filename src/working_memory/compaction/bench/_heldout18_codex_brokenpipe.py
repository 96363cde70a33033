"""Held out, eighteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, a Rust CLI (clap, anyhow, assert_cmd): `churnr
top | head -3` prints a panic, "failed printing to stdout: Broken pipe (os error 32)", and exits
101 (issue #288), because Rust ignores SIGPIPE and report.rs's print_table writes with println!;
restoring the default SIGPIPE disposition with libc::signal in a new src/sigpipe.rs (libc added
to Cargo.toml) written, then ruled out by the user (unsafe, no SIGPIPE on the Windows build, and
the kill skips CacheLock's Drop so .git/churnr/lock stays behind) for one BufWriter over stdout
and an exit 0 in main when the error chain holds a BrokenPipe io::Error; sigpipe.rs deleted and
Cargo.toml and Cargo.lock checked out again; a new assert_cmd test that still saw exit status 2
("writing report: Broken pipe"), which cargo clean -p churnr and a re-run did not fix (the
suspected stale binary) and replacing lib.rs's map_err(anyhow!("writing report: {e}")), which
drops the io::Error from the chain, with .context("writing report") did; a PR review (#301)
with four points: one answered on the PR (exit 0 hides nothing), one already done (the explicit
flush), one a ticket (the --json output in src/json_out.rs, #305), one pending (a
#![deny(clippy::print_stdout)] in src/lib.rs); the assistant's last words only report the
replies and name no next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ATLAS = "~/src/atlas"
_PIPE = (
    f"cargo build --release -q && ./target/release/churnr top --limit 0 --repo {_ATLAS} | "
    'head -3; echo "exit=${PIPESTATUS[0]}"'
)
_TEST = "top_into_closed_pipe_exits_zero"


def _failed(build: str, seconds: str) -> str:
    """cargo test --test cli with the closed-pipe test failing on exit status 2."""
    return (
        f"    Finished `test` profile [unoptimized + debuginfo] target(s) in {build}s\n"
        "     Running tests/cli.rs (target/debug/deps/cli-3f9c2a7d1e5b8046)\n\n"
        "running 12 tests\n"
        "test authors_groups_by_mailmap ... ok\n"
        "test authors_since_filters ... ok\n"
        "test json_top_is_an_array ... ok\n"
        "test missing_repo_exits_2 ... ok\n"
        "test numstat_file_matches_git ... ok\n"
        "test output_flag_writes_the_file ... ok\n"
        "test since_filters_commits ... ok\n"
        "test top_default_limit_is_20 ... ok\n"
        "test top_limit_three ... ok\n"
        "test top_renames_follow ... ok\n"
        "test width_truncates_paths ... ok\n"
        f"test {_TEST} ... FAILED\n\n"
        "failures:\n\n"
        f"---- {_TEST} stdout ----\n"
        f"thread '{_TEST}' panicked at tests/cli.rs:214:5:\n"
        "churnr exited with exit status: 2\n"
        "stderr: churnr: writing report: Broken pipe (os error 32)\n\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n\n"
        f"failures:\n    {_TEST}\n\n"
        "test result: FAILED. 11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; "
        f"finished in {seconds}s\n\n"
        "error: test failed, to rerun pass `--test cli`\n"
    )


s = Script("You are Codex, a coding agent. cwd: /home/ruth/churnr")
s.user(
    'Issue #288: `churnr top | head -3` prints the three lines and then a panic, "failed '
    'printing to stdout: Broken pipe", and exits 101. People pipe churnr into head, less and '
    "grep -m all the time and the CI scripts that do it treat 101 as a crash. Make a closed "
    "stdout a clean exit. It reproduces on the atlas monorepo at ~/src/atlas."
)
s.call(
    "shell",
    "COMMITS   ADDED  DELETED  PATH\n"
    "   4211   98112    61730  services/billing/src/invoice.rs\n"
    "   3876   70554    52019  web/app/routes/checkout.tsx\n"
    "thread 'main' panicked at library/std/src/io/stdio.rs:1123:9:\n"
    "failed printing to stdout: Broken pipe (os error 32)\n"
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    "exit=101\n",
    command=["bash", "-lc", _PIPE],
)
s.call(
    "shell",
    "use std::process::ExitCode;\n\nuse clap::Parser;\n\nuse churnr::cli::Cli;\n\n"
    "fn main() -> ExitCode {\n    let cli = Cli::parse();\n    match churnr::run(cli) {\n"
    "        Ok(()) => ExitCode::SUCCESS,\n        Err(err) => {\n"
    '            eprintln!("churnr: {err:#}");\n            ExitCode::from(2)\n        }\n'
    "    }\n}\n"
    "---\n"
    "48:        Command::Top(args) => {\n"
    "49:            let rows = stats.top(args.limit);\n"
    "50:            match &args.output {\n"
    "51:                Some(path) => {\n"
    "52:                    let file = File::create(path)\n"
    '53:                        .with_context(|| format!("creating {}", path.display()))?;\n'
    "54:                    report::write_table(BufWriter::new(file), &rows, args.width)\n"
    '55:                        .map_err(|e| anyhow!("writing report: {e}"))?;\n'
    "56:                }\n"
    "57:                None => report::print_table(&rows, args.width),\n"
    "58:            }\n"
    "59:        }\n"
    "---\n"
    "src/report.rs:31:pub fn print_table(rows: &[FileChurn], width: usize) {\n"
    'src/report.rs:32:    println!("{}", header(width));\n'
    'src/report.rs:34:        println!("{}", format_row(row, width));\n'
    "src/report.rs:38:pub fn write_table<W: Write>(mut out: W, rows: &[FileChurn], width: usize) "
    "-> io::Result<()> {\n"
    "src/cache.rs:71:impl Drop for CacheLock {\n"
    "src/cache.rs-72-    fn drop(&mut self) {\n"
    "src/cache.rs-73-        self.save_pending();\n"
    "src/cache.rs-74-        let _ = fs::remove_file(&self.lock_path); // .git/churnr/lock\n"
    "---\n"
    "test result: ok. 46 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.29s\n"
    "test result: ok. 11 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "1.74s\n"
    "test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.00s\n",
    command=[
        "bash",
        "-lc",
        "cat src/main.rs; echo ---; sed -n '48,59p' src/lib.rs | nl -v48 -ba -w2 -s': '; "
        "echo ---; grep -Hn 'println!\\|pub fn' src/report.rs; grep -Hn -A3 'impl Drop' "
        "src/cache.rs; echo ---; cargo test 2>&1 | grep 'test result'",
    ],
)
s.say(
    "The Rust runtime sets SIGPIPE to SIG_IGN before main, so when head exits, the next write "
    "to stdout fails with EPIPE instead of killing the process, and println! in "
    "report::print_table panics on that error (exit 101). The usual fix for a Unix filter is "
    "to restore the default SIGPIPE disposition first thing in main, so churnr dies quietly "
    "the way cat does. I'll put it in a small src/sigpipe.rs (a no-op off Unix) and add libc."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/sigpipe.rs\nM src/main.rs\nM Cargo.toml\n",
    input="*** Begin Patch\n*** Add File: src/sigpipe.rs\n"
    "+//! Restore the default SIGPIPE disposition, which the Rust runtime sets to SIG_IGN,\n"
    "+//! so that a closed stdout ends churnr the way it ends cat (#288).\n+\n"
    "+#[cfg(unix)]\n+pub fn reset() {\n"
    "+    // SAFETY: called first thing in main, before any thread is spawned.\n"
    "+    unsafe {\n+        libc::signal(libc::SIGPIPE, libc::SIG_DFL);\n+    }\n+}\n+\n"
    "+#[cfg(not(unix))]\n+pub fn reset() {}\n"
    "*** Update File: src/main.rs\n@@\n"
    "+mod sigpipe;\n+\n use std::process::ExitCode;\n@@\n fn main() -> ExitCode {\n"
    "+    sigpipe::reset();\n     let cli = Cli::parse();\n"
    "*** Update File: Cargo.toml\n@@\n [dependencies]\n"
    ' anyhow = "1.0.89"\n clap = { version = "4.5.20", features = ["derive"] }\n'
    '+libc = "0.2.161"\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    "COMMITS   ADDED  DELETED  PATH\n"
    "   4211   98112    61730  services/billing/src/invoice.rs\n"
    "   3876   70554    52019  web/app/routes/checkout.tsx\n"
    "exit=141\n",
    command=["bash", "-lc", _PIPE],
)
s.say(
    "With SIGPIPE back to SIG_DFL, `churnr top | head -3` prints its three lines and ends with "
    "141 (128 + SIGPIPE), as cat and grep do, and the panic message is gone."
)
s.user(
    "No libc and no unsafe for this. We ship a Windows build, which has no SIGPIPE at all, and "
    "on Linux SIG_DFL kills us on the spot: CacheLock's Drop never runs, the cache isn't saved "
    "and .git/churnr/lock stays behind, so the next run says another churnr is running. Handle "
    "the error instead: stop using println! for the report, write it through one BufWriter, let "
    "the BrokenPipe come back up as an io::Error and exit 0 for it in main. Delete sigpipe.rs "
    "and take libc back out of Cargo.toml."
)
s.call(
    "shell",
    " M src/main.rs\n",
    "Removing sigpipe.rs and restoring Cargo.toml and Cargo.lock from HEAD.",
    command=[
        "bash",
        "-lc",
        "rm src/sigpipe.rs && git checkout -- Cargo.toml Cargo.lock && git status --short",
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/main.rs\nM src/lib.rs\nM src/report.rs\n",
    input="*** Begin Patch\n*** Update File: src/main.rs\n@@\n"
    "-mod sigpipe;\n-\n+use std::io;\n use std::process::ExitCode;\n@@\n"
    " fn main() -> ExitCode {\n-    sigpipe::reset();\n     let cli = Cli::parse();\n"
    "     match churnr::run(cli) {\n         Ok(()) => ExitCode::SUCCESS,\n"
    "+        // the reader closed the pipe (`churnr top | head`): not a failure of ours (#288)\n"
    "+        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,\n"
    "         Err(err) => {\n@@\n }\n+\n"
    "+fn is_broken_pipe(err: &anyhow::Error) -> bool {\n+    err.chain()\n"
    "+        .filter_map(|e| e.downcast_ref::<io::Error>())\n"
    "+        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)\n+}\n"
    "*** Update File: src/lib.rs\n@@\n"
    "-use std::io::BufWriter;\n+use std::io::{self, BufWriter, Write};\n@@\n"
    "         Command::Top(args) => {\n             let rows = stats.top(args.limit);\n"
    "-            match &args.output {\n-                Some(path) => {\n"
    "-                    let file = File::create(path)\n"
    '-                        .with_context(|| format!("creating {}", path.display()))?;\n'
    "-                    report::write_table(BufWriter::new(file), &rows, args.width)\n"
    '-                        .map_err(|e| anyhow!("writing report: {e}"))?;\n'
    "-                }\n-                None => report::print_table(&rows, args.width),\n"
    "-            }\n"
    "+            // stdout or the -o file through one buffered writer: a closed pipe comes back\n"
    "+            // as an io::Error for main, not as a println! panic (#288)\n"
    "+            let sink: Box<dyn Write> = match &args.output {\n"
    "+                Some(path) => Box::new(\n"
    '+                    File::create(path).with_context(|| format!("creating {}", '
    "path.display()))?,\n"
    "+                ),\n"
    "+                None => Box::new(io::stdout().lock()),\n+            };\n"
    "+            let mut out = BufWriter::new(sink);\n"
    "+            report::write_table(&mut out, &rows, args.width)\n"
    "+                .and_then(|()| out.flush())\n"
    '+                .map_err(|e| anyhow!("writing report: {e}"))?;\n'
    "         }\n"
    "*** Update File: src/report.rs\n@@\n"
    "-pub fn print_table(rows: &[FileChurn], width: usize) {\n"
    '-    println!("{}", header(width));\n-    for row in rows {\n'
    '-        println!("{}", format_row(row, width));\n-    }\n-}\n-\n'
    " pub fn write_table<W: Write>(mut out: W, rows: &[FileChurn], width: usize) -> "
    "io::Result<()> {\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "   Compiling churnr v0.7.3 (/home/ruth/churnr)\n"
    "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 4.87s\n"
    "    Checking churnr v0.7.3 (/home/ruth/churnr)\n"
    "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 2.12s\n",
    command=["bash", "-lc", "cargo build && cargo clippy --all-targets -- -D warnings"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM tests/cli.rs\n",
    "Adding an integration test that closes the pipe after the first line; 20,000 numstat "
    "lines make the report far larger than the 64 KiB pipe buffer.",
    input="*** Begin Patch\n*** Update File: tests/cli.rs\n@@\n"
    "-use std::process::Command;\n+use std::fs::File;\n"
    "+use std::io::{BufRead, BufReader, Write};\n+use std::process::{Command, Stdio};\n@@\n"
    f"+#[test]\n+fn {_TEST}() {{\n"
    "+    let dir = tempfile::tempdir().unwrap();\n"
    '+    let numstat = dir.path().join("big.numstat");\n'
    "+    let mut f = File::create(&numstat).unwrap();\n"
    "+    for i in 0..20_000 {\n"
    '+        writeln!(f, "{}\\t{}\\tsrc/mod_{i:05}.rs", i % 97 + 1, i % 13).unwrap();\n'
    "+    }\n+    drop(f);\n"
    '+    let mut child = Command::new(cargo_bin("churnr"))\n'
    '+        .args(["top", "--limit", "0", "--numstat-file"])\n'
    "+        .arg(&numstat)\n+        .stdout(Stdio::piped())\n+        .stderr(Stdio::piped())\n"
    "+        .spawn()\n+        .unwrap();\n+    let mut first = String::new();\n"
    "+    // the reader is dropped after one line, as head -1 would: the next writes get EPIPE\n"
    "+    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();\n"
    "+    let out = child.wait_with_output().unwrap();\n"
    "+    let stderr = String::from_utf8_lossy(&out.stderr);\n"
    '+    assert!(out.status.success(), "churnr exited with {}\\nstderr: {stderr}", '
    "out.status);\n"
    '+    assert!(stderr.is_empty(), "stderr: {stderr}");\n+}\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    _failed("3.08", "1.96"),
    command=["bash", "-lc", "cargo test --test cli 2>&1 | tail -32"],
)
s.call(
    "shell",
    "     Removed 214 files, 61.3MiB total\n" + _failed("41.73", "2.41"),
    "The BrokenPipe arm in main should catch exactly this, so the test is probably running a "
    "stale binary: cargo_bin picks target/debug/churnr, which may predate the change. Cleaning "
    "the package and re-running.",
    command=["bash", "-lc", "cargo clean -p churnr && cargo test --test cli 2>&1 | tail -32"],
)
s.call(
    "shell",
    "src/lib.rs:60:                .and_then(|()| out.flush())\n"
    'src/lib.rs:61:                .map_err(|e| anyhow!("writing report: {e}"))?;\n'
    "src/main.rs:21:fn is_broken_pipe(err: &anyhow::Error) -> bool {\n",
    "Same exit status 2 from a clean build, so it is not a stale binary. Looking at how the "
    "error reaches main.",
    command=["bash", "-lc", "grep -n 'writing report\\|out.flush\\|fn is_broken_pipe' src/*.rs"],
)
s.say(
    'The error loses its type on the way up. map_err(|e| anyhow!("writing report: {e}")) '
    "formats the io::Error into the text of a new, message-only error, so err.chain() in main "
    "holds no io::Error at all, is_broken_pipe() never matches, and main prints it and exits 2. "
    '.context("writing report") gives the same message but keeps the io::Error as the '
    "source, where downcast_ref finds it."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/lib.rs\n",
    input="*** Begin Patch\n*** Update File: src/lib.rs\n@@\n"
    "             report::write_table(&mut out, &rows, args.width)\n"
    "                 .and_then(|()| out.flush())\n"
    '-                .map_err(|e| anyhow!("writing report: {e}"))?;\n'
    '+                .context("writing report")?; // keeps the io::Error for is_broken_pipe\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    "test result: ok. 46 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.31s\n"
    "test result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "1.92s\n"
    "test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in "
    "0.00s\n"
    "clippy-ok\n"
    "COMMITS   ADDED  DELETED  PATH\n"
    "   4211   98112    61730  services/billing/src/invoice.rs\n"
    "   3876   70554    52019  web/app/routes/checkout.tsx\n"
    "exit=0\n"
    "cache.bin\n",
    command=[
        "bash",
        "-lc",
        "cargo test 2>&1 | grep 'test result'; cargo clippy --all-targets -q -- -D warnings && "
        f"echo clippy-ok; {_PIPE}; ls {_ATLAS}/.git/churnr",
    ],
)
s.call(
    "shell",
    "[fix-288-broken-pipe 4e7a1c2] Exit 0 when the reader closes stdout (#288)\n"
    " 4 files changed, 52 insertions(+), 21 deletions(-)\n"
    "https://github.com/ruthk/churnr/pull/301\n",
    "All 58 tests pass and clippy is clean; on atlas, `churnr top | head -3` now exits 0 with "
    "nothing on stderr, and .git/churnr holds only cache.bin, no lock left. Committing and "
    "opening the PR.",
    command=[
        "bash",
        "-lc",
        "git checkout -b fix-288-broken-pipe && git add -A && git commit -m 'Exit 0 when the "
        "reader closes stdout (#288)' && git push -u origin HEAD && gh pr create --fill",
    ],
)
s.user(
    "Ines reviewed #301:\n"
    "1. exiting 0 on a broken pipe hides failures: if the consumer dies halfway, a script sees "
    "churnr succeed\n"
    "2. flush the BufWriter yourself and check the result; its Drop swallows the error, so a "
    "full disk under -o would exit 0 with a truncated report\n"
    "3. `churnr top --json` goes through src/json_out.rs, serde_json::to_writer(io::stdout()), "
    "and still exits 2 with 'churnr: Broken pipe (os error 32)' when piped into head\n"
    "4. put #![deny(clippy::print_stdout)] in src/lib.rs so a println! can't come back into "
    "the output path\n"
    "Mine:\n"
    "1 reply to her: a closed pipe means the reader stopped reading, not that churnr failed; "
    "git log and ripgrep exit 0 the same way, and under pipefail it's the consumer's own status "
    "that fails the pipeline.\n"
    "2 should be done already, run() flushes, confirm.\n"
    "3 is #305, separate PR.\n"
    "4 yes, add the lint and convert whatever it flags."
)
s.call(
    "shell",
    "src/lib.rs:60:                .and_then(|()| out.flush())\n"
    'src/lib.rs-61-                .context("writing report")?; // keeps the io::Error for '
    "is_broken_pipe\n",
    command=["bash", "-lc", "git grep -n -A1 'out.flush' -- src"],
)
s.call(
    "shell",
    "https://github.com/ruthk/churnr/pull/301#issuecomment-2469318\n",
    "Answering (1), (2) and (3) on the PR.",
    command=["bash", "-lc", "gh pr comment 301 --body-file /tmp/pr301.md"],
    body="(1) A closed pipe means the reader stopped reading, not that churnr failed; git log "
    "and ripgrep exit 0 the same way, and under pipefail the consumer's own status fails the "
    "pipeline. (2) Already in: run() flushes the BufWriter and returns its error "
    "(src/lib.rs:60-61). (3) --json through src/json_out.rs is #305, a separate PR.",
)
s.say(
    "(2) needed no change: the BufWriter is already flushed and its error returned, for "
    "stdout and the -o file alike. The answers to (1), that a closed "
    "pipe means the reader stopped and churnr exits 0 as git log and ripgrep do, and to (3), "
    "that the --json output is #305, are posted on #301."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Issue #288: `churnr top | head -3` prints its lines, then panics with 'failed "
             "printing to stdout: Broken pipe (os error 32)' and exits 101; make a closed "
             "stdout a clean exit.",
             must=(("broken pipe", "brokenpipe", "panic", "#288", "epipe"),
                   ("head", "churnr top", "piped", "closed stdout", "reader", "closes")),
             partial_means="The panic without the pipe into head, or the issue number alone.",
             wrong="A crash on a large repository; a slow report."),
    Question("latest_request", "What did the user last ask?",
             "Ines's review of PR #301 with the user's answers: (1) reply that a closed pipe "
             "means the reader stopped (git log and ripgrep exit 0 too; pipefail reports the "
             "consumer's status); (2) confirm run() already flushes; (3) the --json output is "
             "#305, a separate PR; (4) add #![deny(clippy::print_stdout)] to src/lib.rs and "
             "convert whatever it flags.",
             must=(("print_stdout", "deny", "lint"),
                   ("#305", "json", "flush", "exit 0", "pipefail", "reader stopped")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ines", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Fixing the --json output now; bringing SIGPIPE back.",
             stale_means="The no-libc correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Ines's fourth point: add #![deny(clippy::print_stdout)] to src/lib.rs, run cargo "
             "clippy --all-targets -- -D warnings and convert every println! it flags to the "
             "writer, run cargo test, and push to PR #301. The --json output (src/json_out.rs) "
             "is #305, a separate PR.",
             must=(("print_stdout",), ("deny", "lint", "clippy")),
             stale=("json_out.rs", "sigpipe", "cargo clean", "to_writer"),
             partial_means="The lint without naming print_stdout, or only the push.",
             wrong="Making exit 0 on a broken pipe optional; adding an -o flag.",
             stale_means="Says to fix src/json_out.rs's serde_json::to_writer (put off to #305 "
                         "by the user), to restore SIGPIPE in sigpipe.rs, or to cargo clean and "
                         "re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/main.rs (exit 0 when the error chain holds a BrokenPipe io::Error, "
             "is_broken_pipe); src/lib.rs (run() writes the report through one BufWriter over "
             "stdout or the -o file, flushes it, and uses .context instead of map_err); "
             "src/report.rs (print_table with its println! removed; write_table only); "
             "tests/cli.rs (the closed-pipe test). src/sigpipe.rs was created and deleted; "
             "Cargo.toml and Cargo.lock (libc) were checked out again.",
             must=(("main.rs",), ("lib.rs",), ("report.rs",), ("cli.rs",)),
             stale=("sigpipe.rs",),
             spread=True,
             partial_means="Two or three of the four files.",
             wrong="src/json_out.rs or src/cache.rs given as edited.",
             stale_means="src/sigpipe.rs (or libc in Cargo.toml) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Handle the error, not the signal: the report is written through one BufWriter "
             "(stdout or the -o file), the BrokenPipe comes back as an io::Error, and main "
             "exits 0 for it; it rules out restoring SIGPIPE to SIG_DFL with libc::signal in "
             "src/sigpipe.rs (unsafe, no SIGPIPE on Windows, and the kill skips CacheLock's "
             "Drop and leaves .git/churnr/lock).",
             must=(("bufwriter", "brokenpipe", "broken pipe", "exit 0", "exits 0",
                    "handle the error", "io::error"),
                   ("sigpipe", "sig_dfl", "libc", "signal")),
             stale=("sig_dfl", "restore the default", "sigpipe::reset", "libc::signal"),
             partial_means="The BufWriter and exit 0 without what they rule out.",
             wrong="Ignoring every write error; exiting 141 on purpose.",
             stale_means="Restoring the default SIGPIPE disposition (sigpipe::reset, "
                         "libc::signal with SIG_DFL) given as the design."),
    Question("review", "What did the review find?",
             "Ines on #301: (1) exiting 0 on a broken pipe hides failures (answered on the PR: "
             "the reader stopped; git log and ripgrep do the same; pipefail reports the "
             "consumer); (2) flush the BufWriter and check the result, or a full disk under "
             "-o exits 0 (already done); (3) --json via src/json_out.rs still exits 2 on a "
             "broken pipe (#305); (4) #![deny(clippy::print_stdout)] in src/lib.rs (pending).",
             must=(("exit 0", "exiting 0", "hides failures", "hide", "pipefail"),
                   ("flush",), ("json", "#305"), ("print_stdout", "deny", "lint")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ines", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The exit status 2 of the test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No libc and no unsafe: the Windows build has no SIGPIPE, and SIG_DFL kills the "
             "process so CacheLock's Drop never runs, the cache isn't saved and "
             ".git/churnr/lock stays behind; handle the error instead (no println!, one "
             "BufWriter, BrokenPipe back as an io::Error, exit 0 in main), delete sigpipe.rs "
             "and take libc out of Cargo.toml.",
             must=(("libc", "sigpipe", "sig_dfl", "unsafe", "signal"),
                   ("bufwriter", "brokenpipe", "broken pipe", "handle the error", "exit 0",
                    "io::error")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No libc without what to do instead, or the reverse.",
             wrong="The stale-binary guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new test top_into_closed_pipe_exits_zero failed: churnr exited with exit "
             "status 2, 'writing report: Broken pipe (os error 32)', because lib.rs's "
             "map_err(|e| anyhow!(\"writing report: {e}\")) formatted the io::Error into a "
             "message-only error, so is_broken_pipe found no io::Error in the chain; cargo "
             "clean -p churnr and a re-run did not fix it (no stale binary); fixed by "
             ".context(\"writing report\"), which keeps the io::Error as the source. Earlier, "
             "the panic (exit 101) from println! on the closed pipe, fixed by the BufWriter "
             "and exit 0.",
             must=(("status 2", "status: 2", "exit 2", "exits 2", "writing report",
                    "closed pipe", "closed_pipe"),
                   ("context(", ".context", "with_context", "keeps the io::error",
                    "as the source")),
             stale=("fixed by cargo clean", "fixed by a clean build", "fixed by rebuilding",
                    "fixed by a re-run", "fixed by re-running", "stale binary"),
             partial_means="The exit status 2 without its fix, or only the println! panic.",
             wrong="A compile error; a clippy warning.",
             stale_means="The exit status 2 'fixed' by cargo clean -p churnr and a re-run, "
                         "or put down to a stale binary."),
    Question("key_values", "Which key values matter?",
             "Issue #288, PR #301, #305 (the --json output); exit 101 (the panic), 141 (with "
             "SIG_DFL), 2 (the test's failure), 0 now; 20,000 numstat lines past the 64 KiB "
             "pipe buffer; 57 tests before, 58 after; churnr 0.7.3.",
             must=(("#288", "#301", "#305"),
                   ("101", "141", "20,000", "20000", "58 tests", "58 passed", "57 tests",
                    "64 kib")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/main.rs is the binary's entry point and maps run()'s result to the exit "
             "code; src/lib.rs holds run(), which dispatches the subcommands; src/report.rs "
             "formats and writes the top table; src/cache.rs has CacheLock, whose Drop saves "
             "the cache and removes .git/churnr/lock; src/json_out.rs writes --json output; "
             "tests/cli.rs holds the assert_cmd integration tests.",
             must=(("report.rs",), ("main.rs", "lib.rs", "cache.rs", "json_out.rs", "cli.rs"),
                   ("prints", "writes", "table", "entry", "integration tests", "cache lock",
                    "exit code", "run()", "dispatch")),
             partial_means="The files named without what they hold.",
             wrong="sigpipe.rs as the signal setup."),
    Question("pending", "What work is still pending?",
             "The #![deny(clippy::print_stdout)] lint in src/lib.rs and converting what it "
             "flags (Ines's 4), cargo test and the push to #301; the --json output later in "
             "#305.",
             must=(("print_stdout", "deny", "lint"),
                   ("#305", "json_out", "json output", "--json")),
             partial_means="The lint without the --json ticket, or the reverse.",
             wrong="The exit-0 reply or the flush check as pending."),
    Question("state", "What is the state of the work?",
             "PR #301 is open with the fix: the report goes through one BufWriter, main exits "
             "0 on a broken pipe, all 58 tests pass and clippy is clean; Ines's 1 and 3 are "
             "answered on the PR, 2 was already done; the print_stdout lint is not written and "
             "nothing is pushed since.",
             must=(("58 tests", "58 passed", "tests pass"),
                   ("not written", "not pushed", "not yet", "print_stdout", "lint")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the --json output is fixed.",
             stale_means="Says churnr resets SIGPIPE with libc at startup."),
)  # fmt: skip

PRODUCTION = """Summary so far: Issue #288: `churnr top | head -3` panicked with 'failed printing to stdout: Broken pipe' (exit 101), since Rust ignores SIGPIPE and report.rs's print_table used println!. I first restored SIGPIPE to SIG_DFL with libc in a new src/sigpipe.rs; the user ruled it out (unsafe, no SIGPIPE on Windows, and the kill skips CacheLock's Drop, leaving .git/churnr/lock), so sigpipe.rs is deleted and Cargo.toml/Cargo.lock reverted.
Decision: handle the error instead of the signal: the report goes through one BufWriter (stdout or -o), and main exits 0 when the chain holds a BrokenPipe io::Error.
Error: the new test top_into_closed_pipe_exits_zero saw exit status 2 ('writing report: Broken pipe'); cargo clean -p churnr and a re-run did not help; lib.rs's map_err(anyhow!(...)) dropped the io::Error from the chain; fixed with .context("writing report").
Files: src/main.rs (exit codes), src/lib.rs (run()), src/report.rs (print_table removed), tests/cli.rs.
State: all 58 tests pass, clippy clean; PR #301 open.
Ines's review: exit 0 hiding failures answered on the PR; the explicit flush already done; --json via src/json_out.rs is #305, not this PR; the print_stdout lint is pending, not written.
Next: add #![deny(clippy::print_stdout)] to src/lib.rs, convert what cargo clippy flags, run cargo test, push to #301."""
