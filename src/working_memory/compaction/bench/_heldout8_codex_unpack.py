"""Held out, eighth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, Rust: `bundlr unpack` writes outside the
destination for archive entries like ../../etc/cron.d/x (security report SEC-77); stripping the
`..` components silently (src/sanitize.rs) written, then ruled out by the user (refuse the
archive, exit code 3) and deleted; a second correction that partly undoes the first (an entry
such as pkg/../LICENSE that stays inside is fine, refuse only what escapes); a symlink escape
test that canonicalizing the output path did not fix (every unpack then failed with os error 2)
and checking symlink targets lexically did; a security review relayed with four findings: one
done and untested, one rejected with a reason, one answered as already done, one a ticket; the
assistant's last words name the rejected exit-code change."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/bundlr")
s.user(
    "Security report SEC-77: `bundlr unpack evil.tar -C out/` writes files outside out/ when "
    "an entry is named like ../../etc/cron.d/x. Unpacking is src/unpack.rs. Fix it so an "
    "archive can't write outside the destination."
)
s.call(
    "shell",
    "pub fn unpack(archive: &Path, dest: &Path) -> Result<usize, UnpackError> {\n"
    "    let mut ar = tar::Archive::new(File::open(archive)?);\n    let mut n = 0;\n"
    "    for entry in ar.entries()? {\n        let mut entry = entry?;\n"
    "        let path = dest.join(entry.path()?);\n"
    "        entry.unpack(&path)?;\n        n += 1;\n    }\n    Ok(n)\n}\n",
    command=["bash", "-lc", "sed -n '20,34p' src/unpack.rs"],
)
s.call(
    "shell",
    "src/exit.rs:3:pub const USAGE: i32 = 2;\nsrc/exit.rs:4:pub const CHECKSUM_MISMATCH: i32 = 4;\n"
    "src/main.rs:31:        Err(UnpackError::Checksum(_)) => exit(exit::CHECKSUM_MISMATCH),\n"
    'src/main.rs:32:        Err(e) => { eprintln!("bundlr: {e}"); exit(1) }\n',
    command=["bash", "-lc", "rg -n 'exit' src/exit.rs src/main.rs"],
)
s.call(
    "shell",
    "running 20 tests\n....................\ntest result: ok. 20 passed; 0 failed; 0 ignored",
    command=["bash", "-lc", "cargo test"],
)
s.say(
    "dest.join(entry.path()) takes the entry's path as given, so ../.. climbs out of dest and "
    "an absolute path replaces dest entirely. Plan: sanitize each entry path the way GNU tar "
    "does, drop the `..` components and a leading `/` and unpack what is left inside dest, in "
    "a new src/sanitize.rs."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/sanitize.rs\nM src/unpack.rs\nM src/lib.rs",
    input="*** Begin Patch\n*** Add File: src/sanitize.rs\n"
    "+/// The entry path with `..`, `/` and prefix components dropped: always inside dest.\n"
    "+pub fn sanitize(p: &Path) -> PathBuf {\n"
    "+    p.components().filter(|c| matches!(c, Component::Normal(_))).collect()\n+}\n"
    "*** Update File: src/unpack.rs\n@@\n"
    "-        let path = dest.join(entry.path()?);\n"
    "+        let path = dest.join(sanitize(&entry.path()?));\n"
    "*** Update File: src/lib.rs\n@@\n+mod sanitize;\n*** End Patch",
)
s.user(
    "Don't rewrite paths. An archive with ../ entries is either broken or hostile, and "
    "unpacking ../../etc/cron.d/x as out/etc/cron.d/x hides that. Refuse the whole archive: "
    "stop before writing anything, print which entry, exit code 3. Same for absolute paths. "
    "Drop sanitize.rs."
)
s.call(
    "shell",
    "",
    command=[
        "bash",
        "-lc",
        "git rm -q -f src/sanitize.rs && git checkout -- src/unpack.rs "
        "src/lib.rs && git status --short",
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/unpack.rs\nM src/error.rs\nM src/main.rs",
    input="*** Begin Patch\n*** Update File: src/error.rs\n@@\n"
    '+    #[error("refusing archive: entry {0:?} would be written outside the destination")]\n'
    "+    Escapes(PathBuf),\n"
    "*** Update File: src/unpack.rs\n@@\n"
    "+/// Every entry checked before anything is written: a hostile archive leaves no files.\n"
    "+fn check_entries(archive: &Path) -> Result<(), UnpackError> {\n"
    "+    for entry in tar::Archive::new(File::open(archive)?).entries()? {\n"
    "+        let p = entry?.path()?.into_owned();\n"
    "+        if p.is_absolute() || p.components().any(|c| c == Component::ParentDir) {\n"
    "+            return Err(UnpackError::Escapes(p));\n        }\n    }\n    Ok(())\n+}\n"
    "@@\n pub fn unpack(archive: &Path, dest: &Path) -> Result<usize, UnpackError> {\n"
    "+    check_entries(archive)?;\n"
    "*** Update File: src/main.rs\n@@\n"
    '+        Err(e @ UnpackError::Escapes(_)) => { eprintln!("bundlr: {e}"); exit(3) }\n'
    "*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA tests/escape.rs",
    input="*** Begin Patch\n*** Add File: tests/escape.rs\n"
    '+#[test]\nfn refuses_dotdot() { assert_refused(tar_with(&[("../../x", b"x")])); }\n'
    '+#[test]\nfn refuses_absolute() { assert_refused(tar_with(&[("/tmp/x", b"x")])); }\n'
    "+#[test]\nfn refuses_symlink_escape() {\n"
    "+    // a link to outside, then a file written through it\n"
    '+    assert_refused(tar_with_link("link", "../../outside", &[("link/passwd", b"x")]));\n'
    "+}\n*** End Patch",
)
s.call(
    "shell",
    "running 3 tests\ntest refuses_absolute ... ok\ntest refuses_dotdot ... ok\n"
    "test refuses_symlink_escape ... FAILED\n\nfailures:\n\n"
    "---- refuses_symlink_escape stdout ----\n"
    "thread 'refuses_symlink_escape' panicked at tests/escape.rs:14:5:\n"
    "archive was unpacked; wrote /tmp/.tmpQ3v9/outside/passwd\n\n"
    "test result: FAILED. 2 passed; 1 failed; 0 ignored",
    command=["bash", "-lc", "cargo test --test escape"],
)
s.say(
    "Paths are caught, but a symlink entry pointing out of dest passes the check (its own "
    "path has no `..`) and then link/passwd is written through it. Checking the real location "
    "should cover every case: canonicalize the output path before each write and refuse it "
    "unless it starts with the canonical dest."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/unpack.rs",
    input="*** Begin Patch\n*** Update File: src/unpack.rs\n@@\n"
    "         let path = dest.join(entry.path()?);\n"
    "+        if !path.canonicalize()?.starts_with(dest.canonicalize()?) {\n"
    "+            return Err(UnpackError::Escapes(path));\n+        }\n*** End Patch",
)
s.call(
    "shell",
    "test refuses_absolute ... ok\ntest refuses_dotdot ... ok\n"
    "test refuses_symlink_escape ... FAILED\n"
    'Error: Io(Os { code: 2, kind: NotFound, message: "No such file or directory" })\n'
    "test result: FAILED. 2 passed; 1 failed\n"
    "     Running tests/unpack.rs\n"
    "test unpacks_nested_dirs ... FAILED\ntest unpacks_plain_files ... FAILED\n"
    'Error: Io(Os { code: 2, kind: NotFound, message: "No such file or directory" })\n'
    "test result: FAILED. 9 passed; 11 failed",
    command=["bash", "-lc", "cargo test"],
)
s.say(
    "Worse: canonicalize() needs the path to exist, and an entry's output file never exists "
    "before it is written, so every unpack fails with os error 2. Reverting that. The escape "
    "is decided by the archive alone: a symlink entry whose target is absolute, or whose "
    "target joined to the link's own directory climbs above the root, is refused in "
    "check_entries, like a `..` path. Then nothing can be written through it."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/unpack.rs",
    input="*** Begin Patch\n*** Update File: src/unpack.rs\n@@\n"
    "-        if !path.canonicalize()?.starts_with(dest.canonicalize()?) {\n"
    "-            return Err(UnpackError::Escapes(path));\n-        }\n@@\n"
    "-        let p = entry?.path()?.into_owned();\n"
    "+        let entry = entry?;\n        let p = entry.path()?.into_owned();\n"
    "+        if entry.header().entry_type().is_symlink() {\n"
    "+            let target = entry.link_name()?.unwrap_or_default();\n"
    '+            let parent = p.parent().unwrap_or(Path::new(""));\n'
    "+            if target.is_absolute() || climbs_out(&parent.join(&target)) {\n"
    "+                return Err(UnpackError::Escapes(p));\n            }\n        }\n"
    "*** End Patch",
)
s.call(
    "shell",
    "test result: ok. 3 passed; 0 failed\n...\ntest result: ok. 20 passed; 0 failed\n",
    command=["bash", "-lc", "cargo test"],
)
s.say(
    "All 23 tests pass. An archive with a `..` entry, an absolute path, or a symlink whose "
    "target leaves the destination is refused before anything is written; bundlr prints the "
    "entry and exits 3."
)
s.user(
    "Hm, one thing I didn't think of: our own CI's release tarballs have entries like "
    "pkg/../LICENSE (the packaging script joins paths badly), and I just tried one, refused. "
    "Those stay inside the destination. So not every `..` is hostile: only refuse an entry "
    "that ends up outside. Keep refusing absolute paths."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/unpack.rs\nM tests/escape.rs",
    input="*** Begin Patch\n*** Update File: src/unpack.rs\n@@\n"
    "-        if p.is_absolute() || p.components().any(|c| c == Component::ParentDir) {\n"
    "+        if p.is_absolute() || climbs_out(&p) {\n"
    "@@\n+/// Walks the components lexically: true when a `..` goes above the root.\n"
    "+fn climbs_out(p: &Path) -> bool {\n    let mut depth = 0i32;\n"
    "+    for c in p.components() {\n        match c {\n"
    "+            Component::ParentDir => { depth -= 1; if depth < 0 { return true; } }\n"
    "+            Component::Normal(_) => depth += 1,\n            _ => {}\n        }\n    }\n"
    "+    false\n+}\n"
    "*** Update File: tests/escape.rs\n@@\n"
    "+#[test]\nfn allows_dotdot_that_stays_inside() {\n"
    '+    assert_unpacked(tar_with(&[("pkg/../LICENSE", b"MIT")]), "LICENSE");\n+}\n'
    "*** End Patch",
)
s.call(
    "shell",
    "test result: ok. 4 passed; 0 failed\n...\ntest result: ok. 20 passed; 0 failed\n",
    command=["bash", "-lc", "cargo test"],
)
s.say(
    "An inner `..` that stays inside (pkg/../LICENSE) now unpacks; an entry that climbs above "
    "the destination, an absolute path or an escaping symlink still refuses the archive. All "
    "24 tests pass."
)
s.user(
    "From the security review thread, Amara's points, with my answers:\n"
    "1. Hard links (EntryType::Link) have the same hole as symlinks: a hard link to "
    "../../etc/passwd. -> Yes, refuse those the same way.\n"
    "2. Exit code 3 is already 'checksum mismatch' in src/exit.rs. -> Wrong: checksum "
    "mismatch is 4, 3 is unused, I checked exit.rs. Keep 3.\n"
    "3. The error should name the offending entry. -> It already does, no change.\n"
    "4. Windows: `..\\` and `C:\\` entries. -> Out of scope, ticket SEC-81.\n"
    "Do 1, add a test, then commit."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/unpack.rs",
    input="*** Begin Patch\n*** Update File: src/unpack.rs\n@@\n"
    "-        if entry.header().entry_type().is_symlink() {\n"
    "+        let kind = entry.header().entry_type();\n"
    "+        // a hard link's target is a path in the archive: the same escape check applies\n"
    "+        if kind.is_symlink() || kind.is_hard_link() {\n*** End Patch",
)
s.say(
    "Hard links are now checked like symlinks: an absolute target or one that climbs out of "
    "the destination refuses the archive. Next: change the exit code from 3 so it doesn't "
    "collide with checksum mismatch."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Security report SEC-77: bundlr unpack writes files outside the destination for "
             "entries like ../../etc/cron.d/x; fix src/unpack.rs so an archive cannot write "
             "outside the destination.",
             must=(("sec-77", "outside", "../../etc/cron.d/x"),
                   ("unpack", "archive", "tar")),
             partial_means="The unpack code without the escape, or the reverse.",
             wrong="A checksum bug; a Windows path bug."),
    Question("latest_request", "What did the user last ask?",
             "Amara's review, as the user answered it: refuse hard links (EntryType::Link) like "
             "symlinks and add a test; keep exit code 3 (checksum mismatch is 4); the message "
             "already names the entry; Windows paths are SEC-81; then commit.",
             must=(("hard link", "entrytype::link"), ("test",), ("commit",)),
             partial_means="Hard links without the test or the commit.",
             wrong="Changing the exit code; Windows paths.",
             stale_means="The pkg/../LICENSE correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Add a test that an archive with a hard link escaping the destination (to "
             "../../etc/passwd) is refused, run cargo test, then commit. The hard-link check is "
             "written but untested; the exit code stays 3.",
             must=(("hard link",), ("test", "cargo test")),
             stale=("change the exit code from 3", "sanitize each entry path",
                    "canonicalize the output path"),
             partial_means="Says to commit without the hard-link test, or to test without "
                           "what.",
             wrong="Windows paths; the error message.",
             stale_means="Says to change the exit code from 3: the user rejected Amara's "
                         "point 2 (checksum mismatch is 4)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/unpack.rs (check_entries() refuses absolute paths, paths that climb out "
             "(climbs_out), symlinks and now hard links whose target escapes, before anything "
             "is written); src/error.rs (UnpackError::Escapes); src/main.rs (exit code 3); "
             "tests/escape.rs (new). src/sanitize.rs was created and deleted; the canonicalize "
             "check was reverted.",
             must=(("unpack.rs",), ("error.rs", "main.rs"), ("escape.rs",)),
             stale=("sanitize.rs",),
             spread=True,
             partial_means="One or two of the three.",
             wrong="src/exit.rs given as changed.",
             stale_means="src/sanitize.rs listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Refuse the whole archive before writing anything when an entry would land "
             "outside the destination (absolute path, a `..` that climbs out, a symlink or "
             "hard link whose target escapes), printing the entry and exiting 3; an inner "
             "`..` like pkg/../LICENSE that stays inside is allowed. Rules out sanitizing paths "
             "by dropping `..` (sanitize.rs), refusing every `..`, and canonicalize().",
             must=(("refuse", "refusing"),
                   ("sanitiz", "rewrite paths", "drop the", "pkg/../license")),
             stale=("sanitize each entry path", "drop the `..` components"),
             partial_means="Refusing without what it rules out.",
             wrong="Silently rewriting entry paths given as the design.",
             stale_means="Sanitizing paths (dropping `..`) given as the design."),
    Question("review", "What did the review find?",
             "Amara: (1) hard links have the same hole as symlinks: being done; (2) exit code 3 "
             "collides with checksum mismatch: wrong, mismatch is 4, keep 3; (3) the error "
             "should name the entry: it already does; (4) Windows `..\\` and `C:\\` entries: "
             "SEC-81.",
             must=(("hard link", "entrytype::link"), ("exit code", "checksum mismatch"),
                   ("name the", "offending entry"), ("windows", "sec-81")),
             partial_means="Two or three of the four findings.",
             wrong="The symlink escape (the agent's own test found that)."),
    Question("corrections", "How did the user correct the agent?",
             "Don't rewrite paths: refuse the whole archive, print the entry, exit code 3, also "
             "for absolute paths; drop sanitize.rs. Then, partly undoing that: an entry like "
             "pkg/../LICENSE that stays inside is fine, refuse only entries that end up outside.",
             must=(("rewrite", "refuse the whole archive", "sanitize.rs"),
                   ("pkg/../license", "ends up outside", "stay inside", "stays inside")),
             partial_means="One of the two corrections.",
             wrong="Amara's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "refuses_symlink_escape failed (the archive was unpacked, wrote "
             "/tmp/.../outside/passwd through a symlink); canonicalizing the output path did "
             "not fix it and broke every unpack (Os code 2, No such file or directory, 11 "
             "failed: the file does not exist yet); fixed by checking symlink targets "
             "lexically in check_entries (absolute or climbing out is refused).",
             must=(("refuses_symlink_escape", "symlink"),
                   ("link target", "symlink target", "target", "check_entries")),
             stale=("fixed by canonicaliz", "canonicalize the output path"),
             partial_means="The symlink failure without the target check.",
             wrong="The ../ escape itself given as the test error.",
             stale_means="The symlink escape 'fixed' by canonicalize()."),
    Question("key_values", "Which key values matter?",
             "SEC-77; exit code 3 (checksum mismatch is 4); 23 then 24 tests pass; the "
             "canonicalize attempt: 11 failed, os error 2; SEC-81.",
             must=(("exit code 3", "exits 3", "exit(3)"), ("24", "23", "sec-81", "sec-77")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/unpack.rs unpacks the archive (unpack(), check_entries(), climbs_out()); "
             "src/error.rs UnpackError; src/main.rs maps errors to exit codes; src/exit.rs "
             "defines the exit codes (checksum mismatch 4); tests/escape.rs the escape tests.",
             must=(("unpack.rs",), ("unpack(", "check_entries", "unpacks"),
                   ("exit.rs", "escape.rs", "main.rs")),
             partial_means="unpack.rs without the other files, or the reverse.",
             wrong="sanitize.rs described as a current file."),
    Question("pending", "What work is still pending?",
             "A test for an escaping hard link; run cargo test; commit. Windows paths wait for "
             "SEC-81.",
             must=(("hard link",), ("test", "untested"), ("commit",)),
             partial_means="One or two of the three.",
             wrong="Changing the exit code; the error message."),
    Question("state", "What is the state of the work?",
             "Escaping paths and symlinks are refused and 24 tests pass (the pkg/../LICENSE "
             "test included); the hard-link check is written but untested and has no test; "
             "nothing is committed.",
             must=(("24",), ("hard link",),
                   ("untested", "not tested", "not run", "uncommitted", "not committed")),
             partial_means="The passing tests without the untested hard-link change.",
             wrong="Says archives can still write outside the destination.",
             stale_means="Says every `..` entry is refused."),
)  # fmt: skip

PRODUCTION = """Summary so far: SEC-77: bundlr unpack (src/unpack.rs) wrote outside the destination for entries like ../../etc/cron.d/x. I first sanitized paths by dropping `..` (src/sanitize.rs); the user said don't rewrite paths, refuse the whole archive with exit code 3, and sanitize.rs was deleted. Later the user partly undid that: pkg/../LICENSE in our CI tarballs stays inside, so refuse only entries that end up outside; absolute paths are still refused.
Decision: check_entries() refuses the archive before anything is written when an entry is absolute, climbs out (climbs_out(), lexical), or is a symlink whose target escapes; src/error.rs has UnpackError::Escapes, src/main.rs exits 3; tests/escape.rs added.
Error: refuses_symlink_escape failed (a file written through the link); canonicalizing the output path failed every unpack with os error 2, reverted; fixed by checking the symlink target in check_entries. 24 tests pass.
Amara's review found: hard links have the same hole; exit code 3 collides with checksum mismatch (the user: wrong, mismatch is 4, keep 3); the error should name the entry (it already does); Windows paths, SEC-81.
State: 24 tests pass; the hard-link check is written but untested, it has no test yet; nothing is committed.
Next: add a test that an escaping hard link is refused, run cargo test, then commit."""
