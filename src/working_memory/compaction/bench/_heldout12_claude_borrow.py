"""Held out, twelfth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Rust: logq's parser allocates a String
for every field of every line, and a 2 GB file takes 41 s; a design that leaks each line with
Box::leak for &'static str fields (with a src/arena.rs helper), ruled out by the user (it
keeps the whole file in memory, forever) for Record<'a> borrowing from a memmap2 Mmap; the
helper deleted; an E0597 because the Mmap lived inside open_records; a test on escaped quotes
that cargo clean and a re-run did not fix and a Cow<'a, str> message field did; a PR review
with four points: one done (into_owned), one answered on the PR (a file truncated while read,
no code identifier), one a ticket (stdin), one pending (the version bump); a short production
summary; the assistant's last words name cargo clean and a re-run."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/marek/logq"

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "logq is slow on big files: `logq stats access-2026-11.log` (2 GB) takes 41 s and perf "
    "says most of it is malloc. parse_line in src/record.rs makes a String for every field. "
    "Make it borrow from the input instead of allocating."
)
s.call(
    "Read",
    "pub struct Record {\n    pub host: String,\n    pub path: String,\n"
    "    pub status: u16,\n    pub msg: String,\n}\n\n"
    "pub fn parse_line(line: &str) -> Option<Record> {\n"
    "    let mut f = fields(line);\n    Some(Record {\n"
    "        host: f.next()?.to_string(),\n        path: f.next()?.to_string(),\n"
    "        status: f.next()?.parse().ok()?,\n        msg: unescape(f.next()?),\n    })\n}\n",
    file_path=f"{_ROOT}/src/record.rs",
)
s.call(
    "Bash",
    'memmap2 = "0.9"\nsrc/index.rs:3:use memmap2::Mmap;\n'
    "src/main.rs:14:    for line in BufReader::new(file).lines() {\n",
    command="grep memmap2 Cargo.toml; grep -rn 'memmap2\\|lines()' src/",
    description="Check dependencies and how lines are read",
)
s.say(
    "Lines come from BufReader::lines(), so each line is a fresh String dropped at the end of "
    "the loop, and the records outlive it in stats. Simplest way to keep the API: leak each "
    "line with Box::leak so the fields are &'static str, with a small src/arena.rs that owns "
    "the leaking in one place."
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/src/arena.rs",
    file_path=f"{_ROOT}/src/arena.rs",
    content="pub fn keep(line: String) -> &'static str {\n    Box::leak(line.into_boxed_str())\n}\n",
)
s.user(
    "No, don't leak. That keeps all 2 GB in memory until the process exits, and logq runs "
    "inside the ingest daemon too. Give Record a lifetime, Record<'a> with &'a str fields, "
    "and borrow from a memmap2 Mmap of the file; memmap2 is already a dependency for the "
    "index command. Breaking the Record API is fine."
)
s.call(
    "Bash",
    "",
    "Deleting the arena helper.",
    command="rm src/arena.rs",
    description="Remove src/arena.rs",
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/record.rs has been updated.",
    file_path=f"{_ROOT}/src/record.rs",
    old_string="pub struct Record {\n    pub host: String,\n    pub path: String,\n"
    "    pub status: u16,\n    pub msg: String,",
    new_string="pub struct Record<'a> {\n    pub host: &'a str,\n    pub path: &'a str,\n"
    "    pub status: u16,\n    pub msg: &'a str,",
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/record.rs has been updated.",
    file_path=f"{_ROOT}/src/record.rs",
    old_string="pub fn parse_line(line: &str) -> Option<Record> {",
    new_string="pub fn parse_line<'a>(line: &'a str) -> Option<Record<'a>> {",
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/record.rs has been updated.",
    file_path=f"{_ROOT}/src/record.rs",
    old_string="        host: f.next()?.to_string(),\n        path: f.next()?.to_string(),\n"
    "        status: f.next()?.parse().ok()?,\n        msg: unescape(f.next()?),",
    new_string="        host: f.next()?,\n        path: f.next()?,\n"
    "        status: f.next()?.parse().ok()?,\n        msg: f.next()?,",
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/main.rs has been updated.",
    file_path=f"{_ROOT}/src/main.rs",
    old_string="    for line in BufReader::new(file).lines() {",
    new_string="    for rec in open_records(&path)? {",
)
s.call(
    "Write",
    f"File created successfully at: {_ROOT}/src/input.rs",
    file_path=f"{_ROOT}/src/input.rs",
    content="use std::{fs::File, io, path::Path};\n\nuse memmap2::Mmap;\n\n"
    "use crate::record::{parse_line, Record};\n\n"
    "pub fn open_records(path: &Path) -> io::Result<impl Iterator<Item = Record<'_>>> {\n"
    "    let file = File::open(path)?;\n    let mmap = unsafe { Mmap::map(&file)? };\n"
    "    Ok(std::str::from_utf8(&mmap)?.lines().filter_map(parse_line))\n}\n",
)
s.call(
    "Bash",
    "error[E0597]: `mmap` does not live long enough\n  --> src/input.rs:9:5\n   |\n"
    "6  |     let mmap = unsafe { Mmap::map(&file)? };\n"
    "9  |     Ok(std::str::from_utf8(&mmap)?.lines().filter_map(parse_line))\n"
    "   |     ^^^^ borrowed value does not live long enough\n"
    "10 | }\n   | - `mmap` dropped here while still borrowed\n",
    command="cargo build 2>&1 | head -12",
    description="Build",
)
s.say(
    "open_records creates the Mmap and returns records that borrow it, so the Mmap is dropped "
    "when the function returns. The caller has to own the map: src/input.rs gets "
    "map_file(path) -> Mmap, and main keeps the Mmap and calls records(&mmap)."
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/input.rs has been updated.",
    file_path=f"{_ROOT}/src/input.rs",
    old_string="pub fn open_records(path: &Path) -> io::Result<impl Iterator<Item = Record<'_>>> {",
    new_string="pub fn map_file(path: &Path) -> io::Result<Mmap> {\n"
    "    let file = File::open(path)?;\n    unsafe { Mmap::map(&file) }\n}\n\n"
    "pub fn records(data: &[u8]) -> Result<impl Iterator<Item = Record<'_>>, Utf8Error> {",
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/main.rs has been updated.",
    file_path=f"{_ROOT}/src/main.rs",
    old_string="    for rec in open_records(&path)? {",
    new_string="    let mmap = map_file(&path)?;\n    for rec in records(&mmap)? {",
)
s.call(
    "Bash",
    "running 23 tests\n...\ntest record::tests::parses_escaped_quotes ... FAILED\n\n"
    "---- record::tests::parses_escaped_quotes stdout ----\n"
    "thread 'record::tests::parses_escaped_quotes' panicked at src/record.rs:88:9:\n"
    'assertion `left == right` failed\n  left: "say \\\\\\"hi\\\\\\""\n'
    ' right: "say \\"hi\\""\n\ntest result: FAILED. 22 passed; 1 failed\n',
    command="cargo test 2>&1 | tail -12",
    description="Run the tests",
)
s.say(
    "Only the escaped-quotes test. That may be a stale test binary from before the signature "
    "change; cleaning the crate and running again."
)
s.call(
    "Bash",
    "test record::tests::parses_escaped_quotes ... FAILED\n"
    "test result: FAILED. 22 passed; 1 failed\n",
    command="cargo clean -p logq && cargo test 2>&1 | grep -E 'FAILED|test result'",
    description="Clean the crate and re-run the tests",
)
s.say(
    "It is the code: with msg as &'a str I dropped the unescape() call, so a message with "
    "\\\" keeps its backslashes. A borrowed slice can't hold the unescaped text. msg becomes "
    "Cow<'a, str>: Cow::Borrowed when the field has no backslash, Cow::Owned(unescape(..)) "
    "when it does, so only the rare escaped messages allocate."
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/record.rs has been updated.",
    file_path=f"{_ROOT}/src/record.rs",
    old_string="    pub msg: &'a str,",
    new_string="    pub msg: Cow<'a, str>,",
)
s.call(
    "Edit",
    f"The file {_ROOT}/src/record.rs has been updated.",
    file_path=f"{_ROOT}/src/record.rs",
    old_string="        msg: f.next()?,",
    new_string="        msg: unescape_cow(f.next()?),",
)
s.call(
    "Bash",
    "test result: ok. 23 passed; 0 failed\n"
    "    Finished `release` profile [optimized] target(s)\n"
    "real\t6.84s\n",
    command="cargo test 2>&1 | grep 'test result' && cargo build --release 2>&1 | tail -1 && "
    "time ./target/release/logq stats /data/access-2026-11.log > /dev/null",
    description="Tests, then time the 2 GB file",
)
s.say(
    "All 23 tests pass and the 2 GB file takes 6.84 s instead of 41 s. I also added "
    "Record::into_owned() -> OwnedRecord for callers that keep records past the map."
)
s.call(
    "Bash",
    "https://github.com/marek/logq/pull/88\n",
    command="cargo clippy -- -D warnings && git checkout -b borrow-records && git commit -am "
    "'Borrow Record fields from a memory map' && git push -u origin HEAD && gh pr create --fill",
    description="Clippy, commit, push and open the PR",
)
s.user(
    "Review from Ines on #88:\n"
    "1. the ingest daemon stores records across batches, it needs an owned version\n"
    "2. what happens if someone truncates the file while we are reading it?\n"
    "3. `logq stats -` (stdin) can't be mmapped, what then?\n"
    "4. Record<'a> breaks the public API, so this is 0.9.0, not 0.8.4\n"
    "My take: 1 you did that already. 2 answer on the PR: we only read closed archive files, "
    "and the docs already say so. 3 is LOGQ-57, later. 4 yes, bump it and say so in the "
    "CHANGELOG."
)
s.call(
    "Bash",
    "src/record.rs:41:    pub fn into_owned(self) -> OwnedRecord {\n",
    command="grep -n 'fn into_owned' src/record.rs",
    description="Check into_owned exists",
)
s.call(
    "Bash",
    "https://github.com/marek/logq/pull/88#issuecomment-3310042\n",
    "Answering 1 and 2 on the PR.",
    command="gh pr comment 88 --body-file /tmp/pr88.md",
    description="Reply to the review",
)
s.say(
    "1 was already done (Record::into_owned), 2 is answered on #88 (only closed archive files "
    "are read), 3 is LOGQ-57."
)
s.say("Next: run cargo clean and re-run cargo test to rule out a stale test binary.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "logq stats on a 2 GB file takes 41 s, mostly malloc, because parse_line in "
             "src/record.rs allocates a String for every field; make the parser borrow from "
             "the input instead.",
             must=(("borrow", "allocat", "malloc", "string for every field"),
                   ("parse_line", "record.rs", "logq")),
             partial_means="The slowness without the allocation, or the reverse.",
             wrong="Parallelising the parser; switching the log format."),
    Question("latest_request", "What did the user last ask?",
             "Ines's review of PR #88 with the user's take: (1) the owned version, already "
             "done; (2) answer on the PR that only closed archive files are read; (3) stdin is "
             "LOGQ-57, later; (4) bump the version to 0.9.0 and say so in the CHANGELOG.",
             must=(("0.9.0", "bump"), ("logq-57", "closed archive", "answer on the pr")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ines", "take"),
             partial_means="One of the points to act on.",
             wrong="Adding stdin support now.",
             stale_means="The don't-leak correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Ines's fourth point: bump the version in Cargo.toml from 0.8.4 to 0.9.0 (Record<'a> "
             "breaks the public API), note the breaking change in the CHANGELOG, then commit "
             "and push to PR #88. The tests already pass.",
             must=(("0.9.0", "bump"), ("cargo.toml", "changelog", "version")),
             stale=("cargo clean", "box::leak", "arena.rs"),
             partial_means="Says to push without the version bump, or the bump without where.",
             wrong="Adding stdin support; adding into_owned.",
             stale_means="Says to run cargo clean and re-run the tests (they already pass), or "
                         "to leak the lines."),
    Question("files_edited", "Which files were changed, and why?",
             "src/record.rs (Record<'a> with &'a str fields, msg as Cow<'a, str>, "
             "into_owned); src/input.rs (map_file returns the Mmap, records(&mmap) borrows "
             "it); src/main.rs (owns the Mmap and iterates the records). src/arena.rs was "
             "created and deleted.",
             must=(("record.rs",), ("input.rs",), ("main.rs",)),
             stale=("arena.rs",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="src/index.rs given as edited.",
             stale_means="src/arena.rs listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Record<'a> borrows its fields (&'a str) from a memmap2 Mmap of the file, which "
             "the caller owns; msg is a Cow so only escaped messages allocate; it rules out "
             "leaking each line with Box::leak for &'static str (the whole file kept in "
             "memory until exit) and keeping the Record API.",
             must=(("record<'a>", "borrow", "&'a str"), ("mmap", "memmap2"),
                   ("box::leak", "leak")),
             partial=2,
             stale=("leak each line with box::leak", "simplest way to keep the api"),
             partial_means="The borrowing without what it rules out.",
             wrong="Reading with a larger BufReader; an arena allocator.",
             stale_means="Box::leak of each line for &'static str given as the design."),
    Question("review", "What did the review find?",
             "Ines on #88: (1) the ingest daemon needs an owned version (already done, "
             "into_owned); (2) a file truncated while being read (answered on the PR: only "
             "closed archive files are read); (3) stdin can't be mmapped (LOGQ-57); (4) "
             "Record<'a> breaks the API, so 0.9.0 not 0.8.4 (pending).",
             must=(("owned", "into_owned"), ("truncat",), ("stdin", "logq-57"),
                   ("0.9.0",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ines", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The E0597 error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Don't leak: Box::leak keeps all 2 GB in memory until exit, and logq runs inside "
             "the ingest daemon; give Record a lifetime and borrow from a memmap2 Mmap "
             "instead; breaking the Record API is fine.",
             must=(("leak",), ("mmap", "memmap2", "record<'a>", "lifetime")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No leaking without what to do instead, or the reverse.",
             wrong="The escaped-quotes failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "E0597 `mmap` does not live long enough in src/input.rs (open_records made the "
             "Mmap and returned records borrowing it); fixed by map_file returning the Mmap, "
             "owned by main. parses_escaped_quotes failed (backslashes kept in msg); cargo "
             "clean -p logq and a re-run did not fix it; fixed by msg as Cow<'a, str>, "
             "unescaped only when it has a backslash.",
             must=(("parses_escaped_quotes", "escaped"), ("cow",)),
             stale=("fixed by cargo clean", "fixed by re-running", "fixed by a clean",
                    "stale test binary"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A borrow checker error in stats; a UTF-8 panic.",
             stale_means="The test failure 'fixed' by cargo clean or a re-run."),
    Question("key_values", "Which key values matter?",
             "41 s before, 6.84 s after on the 2 GB file; 23 tests; version 0.8.4 -> 0.9.0; "
             "PR #88; LOGQ-57.",
             must=(("41 s", "6.84"), ("0.9.0", "#88", "logq-57")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/record.rs holds Record and parse_line; src/input.rs maps the file and "
             "iterates its records; src/main.rs is the CLI that runs stats; src/index.rs is "
             "the index command that already used memmap2.",
             must=(("record.rs",), ("input.rs", "main.rs"), ("parse_line", "record", "mmap")),
             partial_means="The files named without what they hold.",
             wrong="arena.rs as the allocator."),
    Question("pending", "What work is still pending?",
             "Bump the version to 0.9.0 and note the breaking change in the CHANGELOG (Ines's "
             "4), push to #88; stdin input later in LOGQ-57.",
             must=(("0.9.0", "bump"), ("logq-57", "push", "changelog")),
             partial_means="The bump without the rest, or the reverse.",
             wrong="into_owned or the truncation reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #88 is open with Record<'a> borrowing from the Mmap; all 23 tests pass and "
             "the 2 GB file takes 6.84 s; Ines's 1 was already done, 2 answered on the PR, "
             "3 is LOGQ-57; the 0.9.0 bump is not written or pushed.",
             must=(("23 tests", "6.84", "tests pass"), ("0.9.0", "not pushed", "not written")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or released.",
             stale_means="Says the lines are leaked with Box::leak."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. Summary:
Making logq's parser borrow instead of allocating (2 GB file took 41 s). The user rejected Box::leak of each line (src/arena.rs, deleted).
Changed src/record.rs (Record<'a> borrows &'a str fields in parse_line), src/input.rs (map_file, records over a memmap2 Mmap) and src/main.rs (owns the Mmap).
E0597 (mmap dropped in open_records) fixed by the caller owning the Mmap. parses_escaped_quotes failed; cargo clean did not help; fixed with msg as Cow<'a, str>.
State: 23 tests pass, 6.84 s; PR #88 open, the 0.9.0 bump not written.
Ines's review: into_owned (done), truncation answered on the PR, stdin is LOGQ-57.
Next: bump Cargo.toml to 0.9.0 (breaking Record API), note it in the CHANGELOG, push to #88."""
