"""Held out, seventeenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Lua (a Neovim plugin, tested with
plenary.nvim's busted): since 0.4.0 fmtsave.nvim's format on save moves the cursor to line 1 in
the other windows on the buffer and drops marks and extmarks (issue #51), because format.lua
replaces the whole buffer with nvim_buf_set_lines(buf, 0, -1, ...); a lua/fmtsave/view.lua that
snapshots winsaveview() and the marks around the write, ruled out by the user (only touch the
lines that changed: vim.diff hunks) and deleted, format.lua checked out again; a new apply.lua
whose spec "apply inserts a line" put the new line at the top, which rm -rf .tests (a fresh
plenary checkout) and a re-run did not fix and an off-by-one fix for pure insertions (start_a,
not start_a - 1) did; a PR review with four points: one done in the session and not committed
(vim.text.diff on nightly, vim.diff on 0.9.5), one answered on the PR (extmarks), one a ticket
(large files, #58), one pending (a CHANGELOG entry and a spec for a formatter that only deletes
lines); a long production compaction; the assistant's last words start the large-file guard,
which the user put off to #58."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/oskar/src/fmtsave.nvim"
_LUA = f"{_ROOT}/lua/fmtsave"
_SPEC = f"{_ROOT}/tests/apply_spec.lua"
_NVIM9 = "~/.local/nvim-0.9.5/bin/nvim"
_NIGHTLY = "~/.local/nvim-nightly/bin/nvim"
_INSERT_FAIL = (
    "========================================\n"
    f"Testing: \t{_SPEC}\n"
    "Success: \t||\tapply replaces a changed line\n"
    "Success: \t||\tapply keeps marks on untouched lines\n"
    "Success: \t||\tapply keeps extmarks on untouched lines\n"
    "Fail\t||\tapply inserts a line\n"
    f"\t\t\t{_SPEC}:41: Expected objects to be the same.\n"
    "\t\t\tPassed in:\n"
    "\t\t\t(table: 0x7f3a1c2d8e40) {\n"
    "\t\t\t  [1] = ''\n"
    "\t\t\t  [2] = 'local a = 1'\n"
    "\t\t\t  [3] = 'local b = 2'\n"
    "\t\t\t  [4] = 'return a + b' }\n"
    "\t\t\tExpected:\n"
    "\t\t\t(table: 0x7f3a1c2d9a10) {\n"
    "\t\t\t  [1] = 'local a = 1'\n"
    "\t\t\t  [2] = ''\n"
    "\t\t\t  [3] = 'local b = 2'\n"
    "\t\t\t  [4] = 'return a + b' }\n"
    "Success: \t||\tapply keeps the cursor in another window\n"
    "\t\nSuccess: \t4\t\nFailed : \t1\t\nErrors : \t0\t\n"
    "========================================\n"
    "Tests Failed. Exit: 1\nmake: *** [Makefile:5: test] Error 1\n"
)


def _pass(version: str) -> str:
    return (
        f"NVIM v{version}\n"
        f"Testing: \t{_ROOT}/tests/apply_spec.lua\nSuccess: \t5\t\nFailed : \t0\t\n"
        f"Testing: \t{_ROOT}/tests/format_spec.lua\nSuccess: \t6\t\nFailed : \t0\t\n"
        f"Testing: \t{_ROOT}/tests/init_spec.lua\nSuccess: \t3\t\nFailed : \t0\t\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "#51 is getting +1s every day: since 0.4.0, format on save moves the cursor to line 1 in "
    "every other window showing the buffer, marks are gone after :w ('a says E20: Mark not "
    "set), and diagnostics and gitsigns signs flicker off and back on for the whole file. "
    'Reporter: "every :w my splits jump to the top". The formatter runs in '
    "lua/fmtsave/format.lua. Fix it. It must keep working on Neovim 0.9.5: CI runs 0.9.5, "
    "0.10.2 and nightly."
)
s.call(
    "Read",
    "     1→local M = {}\n     2→\n"
    "     3→function M.run(buf, cfg)\n"
    "     4→  local old = vim.api.nvim_buf_get_lines(buf, 0, -1, false)\n"
    "     5→  local out = vim.fn.systemlist(cfg.cmd, old)\n"
    "     6→  if vim.v.shell_error ~= 0 then\n"
    '     7→    vim.notify(("fmtsave: %s exited %d"):format(cfg.cmd[1], vim.v.shell_error),\n'
    "     8→      vim.log.levels.WARN)\n"
    "     9→    return\n    10→  end\n"
    "    11→  vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)\n"
    "    12→end\n    13→\n    14→return M\n",
    file_path=f"{_LUA}/format.lua",
)
s.call(
    "Bash",
    "a1c9e04 format: run the formatter through systemlist instead of :%!\n"
    "6d02b7f init: BufWritePre autocmd per filetype from setup({ formatters = ... })\n"
    "---\nMakefile\nlua/fmtsave/format.lua\nlua/fmtsave/init.lua\ntests/format_spec.lua\n"
    "tests/init_spec.lua\ntests/minimal_init.lua\n",
    command="git log --oneline v0.3.2..v0.4.0 -- lua/ && echo --- && git ls-files | grep -v "
    "'^doc/'",
    description="What changed in the formatting path in 0.4.0, and the files",
)
s.call(
    "Write",
    f"File created successfully at: {_LUA}/view.lua",
    "0.4.0 replaced :%! with nvim_buf_set_lines(buf, 0, -1, false, out): Neovim sees every "
    "line deleted and inserted again, so marks on them are dropped and every window's cursor "
    "is clamped to line 1. Quickest fix: snapshot winsaveview() of every window showing the "
    "buffer, and the buffer's lowercase marks, before the write, and restore them after it.",
    file_path=f"{_LUA}/view.lua",
    content="local M = {}\n\n-- Views of every window on `buf` and its marks a-z, to put back.\n"
    "function M.save(buf)\n  local snap = { views = {}, marks = {} }\n"
    "  for _, win in ipairs(vim.fn.win_findbuf(buf)) do\n"
    "    snap.views[win] = vim.api.nvim_win_call(win, vim.fn.winsaveview)\n  end\n"
    "  for c in ('abcdefghijklmnopqrstuvwxyz'):gmatch('.') do\n"
    "    snap.marks[c] = vim.api.nvim_buf_get_mark(buf, c)\n  end\n  return snap\nend\n\n"
    "function M.restore(buf, snap)\n  for win, view in pairs(snap.views) do\n"
    "    vim.api.nvim_win_call(win, function() vim.fn.winrestview(view) end)\n  end\n"
    "  for c, pos in pairs(snap.marks) do\n"
    "    if pos[1] > 0 then vim.api.nvim_buf_set_mark(buf, c, pos[1], pos[2], {}) end\n"
    "  end\nend\n\nreturn M\n",
)
s.call(
    "Edit",
    f"The file {_LUA}/format.lua has been updated.",
    file_path=f"{_LUA}/format.lua",
    old_string="  vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)\n",
    new_string="  local snap = view.save(buf)\n"
    "  vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)\n"
    "  view.restore(buf, snap)\n",
)
s.user(
    "No, don't snapshot and restore. That only covers what we know about: extmarks from other "
    "plugins (diagnostics, gitsigns, todo highlights) still get wiped, folds still close, and "
    "a restored cursor lands on the wrong line when the formatter adds or removes lines above "
    "it. Only touch the lines that changed: diff old and new with vim.diff(..., { result_type "
    "= 'indices' }) and set each hunk. Delete view.lua."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n",
    "Dropping the snapshot: deleting view.lua and putting format.lua back.",
    command=f"rm {_LUA}/view.lua && git checkout -- lua/fmtsave/format.lua",
    description="Delete view.lua and revert format.lua",
)
s.call(
    "Write",
    f"File created successfully at: {_LUA}/apply.lua",
    file_path=f"{_LUA}/apply.lua",
    content="local M = {}\n\n"
    "-- Apply `new` to `buf` hunk by hunk, so untouched lines keep their marks and extmarks.\n"
    "function M.apply(buf, old, new)\n"
    '  local a = table.concat(old, "\\n") .. "\\n"\n'
    '  local b = table.concat(new, "\\n") .. "\\n"\n'
    '  local hunks = vim.diff(a, b, { result_type = "indices", algorithm = "histogram" })\n'
    "  -- bottom-up, so the line numbers of the hunks above stay valid\n"
    "  for i = #hunks, 1, -1 do\n"
    "    local start_a, count_a, start_b, count_b = unpack(hunks[i])\n"
    "    local lines = vim.list_slice(new, start_b, start_b + count_b - 1)\n"
    "    vim.api.nvim_buf_set_lines(buf, start_a - 1, start_a - 1 + count_a, false, lines)\n"
    "  end\nend\n\nreturn M\n",
)
s.call(
    "Edit",
    f"The file {_LUA}/format.lua has been updated.",
    file_path=f"{_LUA}/format.lua",
    old_string="  vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)\n",
    new_string="  if not vim.deep_equal(old, out) then\n"
    '    require("fmtsave.apply").apply(buf, old, out)\n  end\n',
)
s.call(
    "Write",
    f"File created successfully at: {_SPEC}",
    file_path=_SPEC,
    content='local apply = require("fmtsave.apply")\n\n'
    'describe("apply", function()\n'
    "  local buf\n  before_each(function()\n"
    "    buf = vim.api.nvim_create_buf(true, false)\n"
    '    vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "local a = 1", "local b = 2", '
    '"return a + b" })\n  end)\n\n'
    '  it("replaces a changed line", function() ... end)\n'
    '  it("keeps marks on untouched lines", function() ... end)\n'
    '  it("keeps extmarks on untouched lines", function() ... end)\n'
    '  it("inserts a line", function()\n'
    "    local old = vim.api.nvim_buf_get_lines(buf, 0, -1, false)\n"
    '    local new = { "local a = 1", "", "local b = 2", "return a + b" }\n'
    "    apply.apply(buf, old, new)\n"
    "    assert.are.same(new, vim.api.nvim_buf_get_lines(buf, 0, -1, false))\n  end)\n"
    '  it("keeps the cursor in another window", function() ... end)\nend)\n',
)
s.call(
    "Bash",
    _INSERT_FAIL,
    command="make test 2>&1 | tail -32",
    description="Run the plenary specs",
)
s.call(
    "Bash",
    "Cloning into '.tests/site/pack/deps/start/plenary.nvim'...\n" + _INSERT_FAIL,
    "Marks, extmarks and the other window's cursor are kept now. The one failure is the "
    "inserted line landing at the top. The expected table is right and the hunk loop looks "
    "right; tests/minimal_init.lua clones plenary into .tests/ on the first run and that "
    "checkout is from March, possibly a stale plenary with an older luassert. Removing .tests "
    "and running again.",
    command="rm -rf .tests && make test 2>&1 | tail -33",
    description="Fresh plenary checkout, then re-run the specs",
)
s.call(
    "Edit",
    f"The file {_LUA}/apply.lua has been updated.",
    "Same failure with a fresh plenary, so it is my code. vim.diff gives {1, 0, 2, 1} for this "
    "hunk: for a pure insertion (count_a = 0), start_a is the line the new lines go after, not "
    "the first line replaced. start_a - 1 is off by one there, so the line went in above line "
    "1. An insertion has to be set at start_a.",
    file_path=f"{_LUA}/apply.lua",
    old_string="    vim.api.nvim_buf_set_lines(buf, start_a - 1, start_a - 1 + count_a, false, "
    "lines)\n",
    new_string="    -- count_a == 0: a pure insertion, after line start_a\n"
    "    local first = count_a == 0 and start_a or start_a - 1\n"
    "    vim.api.nvim_buf_set_lines(buf, first, first + count_a, false, lines)\n",
)
s.call(
    "Bash",
    _pass("0.10.2") + "---\n" + _pass("0.9.5"),
    command=f"nvim --version | head -1 && make test 2>&1 | grep -E '^(Testing|Success: |Failed)'"
    f" && echo --- && {_NVIM9} --version | head -1 && make test NVIM={_NVIM9} 2>&1 | grep -E "
    "'^(Testing|Success: |Failed)'",
    description="All specs on 0.10.2 and on 0.9.5",
)
s.call(
    "Bash",
    "Checking formatting... ok\n"
    "Switched to a new branch 'fix-51-hunk-apply'\n"
    "[fix-51-hunk-apply 3e8c1d2] format: apply the formatter's output hunk by hunk (#51)\n"
    " 3 files changed, 96 insertions(+), 1 deletion(-)\n"
    " create mode 100644 lua/fmtsave/apply.lua\n create mode 100644 tests/apply_spec.lua\n"
    "https://github.com/oskarv/fmtsave.nvim/pull/53\n",
    command="stylua --check lua tests && echo 'Checking formatting... ok' && git checkout -b "
    "fix-51-hunk-apply && git add -A && git commit -m 'format: apply the formatter's output "
    "hunk by hunk (#51)' && git push -u origin HEAD && gh pr create --fill",
    description="stylua, then commit, push and open the PR",
)
s.say(
    "PR #53 is up. format.lua no longer replaces the buffer: apply.lua diffs the old and new "
    "lines with vim.diff and sets only the changed hunks, bottom-up, so untouched lines keep "
    "their marks and extmarks and other windows keep their cursor. tests/apply_spec.lua has 5 "
    "specs; all 14 tests pass on 0.10.2 and 0.9.5."
)
s.user(
    "Ingrid reviewed #53:\n"
    '1. The nightly job logs "vim.diff is deprecated. Run ":checkhealth vim.deprecated" for '
    'more information" on every save. Users on 0.11 will see it too.\n'
    "2. Do extmarks from other plugins survive (diagnostics, gitsigns)? That was half of the "
    "complaints in #51.\n"
    "3. vim.diff on a 20k-line file on every :w, have you measured it?\n"
    "4. Needs a CHANGELOG entry under Unreleased, and a spec for a formatter that only deletes "
    "lines (one that strips trailing blank lines, say).\n"
    "My take: 1 yes, use vim.text.diff, but keep 0.9.5 working: fall back to vim.diff where "
    "vim.text doesn't exist. 2 answer her: the extmarks spec covers it. 3 is #58, after the "
    "release, not in this PR. 4 yes."
)
s.call(
    "Edit",
    f"The file {_LUA}/apply.lua has been updated.",
    file_path=f"{_LUA}/apply.lua",
    old_string='  local hunks = vim.diff(a, b, { result_type = "indices", algorithm = "histogram" '
    "})\n",
    new_string="  -- vim.diff was renamed vim.text.diff in 0.11; 0.9 and 0.10 only have vim.diff\n"
    "  local diff = (vim.text and vim.text.diff) or vim.diff\n"
    '  local hunks = diff(a, b, { result_type = "indices", algorithm = "histogram" })\n',
)
s.call(
    "Bash",
    "NVIM v0.12.0-dev-1384+g5a2f0e7c1\n"
    f"Testing: \t{_ROOT}/tests/apply_spec.lua\nSuccess: \t5\t\nFailed : \t0\t\n"
    f"Testing: \t{_ROOT}/tests/format_spec.lua\nSuccess: \t6\t\nFailed : \t0\t\n"
    f"Testing: \t{_ROOT}/tests/init_spec.lua\nSuccess: \t3\t\nFailed : \t0\t\n"
    "deprecation messages: 0\n---\n" + _pass("0.9.5"),
    command=f"{_NIGHTLY} --version | head -1 && make test NVIM={_NIGHTLY} 2>&1 | tee "
    "/tmp/nightly.log | grep -E '^(Testing|Success: |Failed)' && echo \"deprecation messages: "
    '$(grep -c deprecated /tmp/nightly.log)" && echo --- && '
    f"{_NVIM9} --version | head -1 && make test NVIM={_NVIM9} 2>&1 | grep -E "
    "'^(Testing|Success: |Failed)'",
    description="Specs on nightly (no deprecation message) and on 0.9.5",
)
s.call(
    "Bash",
    "https://github.com/oskarv/fmtsave.nvim/pull/53#issuecomment-2519044187\n",
    'Answering Ingrid\'s 2 on the PR: the "keeps extmarks on untouched lines" spec sets an '
    "extmark from another namespace and checks it survives a format.",
    command="gh pr comment 53 --body-file /tmp/pr53-extmarks.md",
    description="Reply to the review on extmarks",
)
s.say(
    "1 is in apply.lua: vim.text.diff where it exists, vim.diff on 0.9 and 0.10; all 14 tests "
    "pass on nightly with no deprecation message and on 0.9.5. 2 is answered on #53. 3 goes "
    "to #58."
)
s.say(
    "Now let me add the large-file guard to lua/fmtsave/apply.lua: above 10000 lines, skip the "
    "hunk diff and replace the whole buffer as before."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Issue #51 in fmtsave.nvim: since 0.4.0 format on save moves the cursor to line 1 "
             "in the other windows on the buffer and drops marks and extmarks (diagnostics, "
             "gitsigns), because format.lua replaces the whole buffer; fix it, keeping Neovim "
             "0.9.5 working (CI: 0.9.5, 0.10.2, nightly).",
             must=(("#51", "format on save", "format-on-save", "formatting on save"),
                   ("cursor", "marks", "extmarks")),
             partial_means="The plugin and the issue without what goes wrong, or the reverse.",
             wrong="A formatter that fails to run; a crash in setup()."),
    Question("latest_request", "What did the user last ask?",
             "Ingrid's review of PR #53 with the user's take: (1) use vim.text.diff, falling "
             "back to vim.diff on 0.9.5; (2) answer her that the extmarks spec covers "
             "extmarks; (3) large files are #58, after the release, not this PR; (4) yes: a "
             "CHANGELOG entry under Unreleased and a spec for a formatter that only deletes "
             "lines.",
             must=(("changelog", "deletes lines", "deletion"),
                   ("vim.text.diff", "#58", "deprecat", "answer her")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ingrid", "take"),
             partial_means="One of the points to act on.",
             wrong="Adding the large-file guard now; snapshotting the view.",
             stale_means="The no-snapshot correction or the #51 report given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Ingrid's fourth point: add a CHANGELOG.md entry under Unreleased and a spec in "
             "tests/apply_spec.lua for a formatter that only deletes lines, run make test on "
             "0.9.5 and nightly, then commit (with the uncommitted vim.text.diff fallback) and "
             "push to PR #53. The large-file guard is #58, not now.",
             must=(("changelog", "deletes lines", "deletion"), ("push", "commit")),
             stale=("large-file guard", "10000 lines", "view.save"),
             partial_means="The CHANGELOG entry or the spec without the commit and push, or "
                           "the push alone.",
             wrong="Switching to vim.text.diff (done); answering the extmarks point (done).",
             stale_means="Says to add the large-file guard (put off to #58 by the user), or to "
                         "snapshot and restore the view."),
    Question("files_edited", "Which files were changed, and why?",
             "lua/fmtsave/format.lua (hands the old and new lines to apply.lua instead of "
             "replacing the buffer); lua/fmtsave/apply.lua (new: applies the vim.diff hunks "
             "bottom-up, insertion at start_a, vim.text.diff with the vim.diff fallback); "
             "tests/apply_spec.lua (new: 5 specs). view.lua was created and deleted.",
             must=(("format.lua",), ("apply.lua",), ("apply_spec.lua", "apply_spec")),
             stale=("view.lua",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="init.lua or minimal_init.lua given as edited.",
             stale_means="view.lua listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Only the lines that changed are set: vim.diff(..., { result_type = 'indices' }) "
             "hunks applied bottom-up with nvim_buf_set_lines, in apply.lua; it rules out "
             "snapshotting winsaveview() and the marks around a whole-buffer write (view.lua). "
             "vim.text.diff where it exists, vim.diff on 0.9.5.",
             must=(("vim.diff", "hunk", "changed lines", "lines that changed"),
                   ("winsaveview", "snapshot", "view.lua", "restore")),
             stale=("snapshot winsaveview",),
             partial_means="The hunk-by-hunk apply without what it rules out.",
             wrong="Going back to :%!; dropping support for 0.9.5.",
             stale_means="The snapshot and restore of the view and marks given as the "
                         "design."),
    Question("review", "What did the review find?",
             "Ingrid on #53: (1) vim.diff is deprecated on nightly (done: vim.text.diff with "
             "the vim.diff fallback, not committed); (2) do other plugins' extmarks survive "
             "(answered on the PR: the extmarks spec); (3) vim.diff cost on a 20k-line file "
             "(#58, later); (4) a CHANGELOG entry and a deletion-only spec (pending).",
             must=(("deprecat", "vim.text.diff"), ("extmarks",),
                   ("#58", "20k", "large file", "measured"), ("changelog",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ingrid", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The off-by-one insertion given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No snapshot and restore of the view and marks (it misses other plugins' "
             "extmarks, closes folds, and a restored cursor lands on the wrong line when lines "
             "are added above it): only touch the lines that changed, with vim.diff hunks, and "
             "delete view.lua. Then: keep 0.9.5 working when switching to vim.text.diff.",
             must=(("snapshot", "restore", "view.lua", "winsaveview"),
                   ("vim.diff", "hunk", "changed lines", "lines that changed")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no,", "wants", "ruled out"),
             partial_means="The snapshot ruled out without what to do instead.",
             wrong="The failing insertion spec given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The spec \"apply inserts a line\" failed: the new line landed above line 1. rm -rf "
             ".tests (a stale plenary suspected) and a re-run did not fix it; for a pure "
             "insertion (count_a = 0) vim.diff's start_a is the line to insert after, so "
             "start_a - 1 was off by one; fixed by setting insertions at start_a.",
             must=(("inserts a line", "insertion", "inserted line"),
                   ("start_a", "off by one", "off-by-one")),
             stale=("fixed by rm -rf .tests", "fixed by removing .tests", "fixed by a fresh",
                    "fixed by clearing .tests", "fixed by re-running", "stale plenary"),
             partial_means="The failure without its fix, or the fix without the failure.",
             wrong="A stylua failure; E20: Mark not set given as a test error.",
             stale_means="The failure 'fixed' by rm -rf .tests, a fresh plenary or a re-run."),
    Question("key_values", "Which key values matter?",
             "Neovim 0.9.5, 0.10.2 and nightly (0.12-dev); 14 tests (5 in apply_spec.lua); "
             "issue #51, PR #53, #58; vim.diff's {1, 0, 2, 1} hunk for the insertion; the "
             "fix-51-hunk-apply branch.",
             must=(("14 tests", "14 specs", "14 pass"), ("#53", "#58", "0.9.5")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "lua/fmtsave/init.lua sets up the BufWritePre autocmd per filetype; "
             "lua/fmtsave/format.lua runs the formatter with vim.fn.systemlist; "
             "lua/fmtsave/apply.lua applies the output hunk by hunk; tests/apply_spec.lua "
             "specs it; tests/minimal_init.lua clones plenary into .tests/; make test runs the "
             "specs.",
             must=(("format.lua",), ("apply.lua", "apply_spec.lua", "minimal_init.lua")),
             partial_means="The files named without what they hold.",
             wrong="view.lua as the view snapshot."),
    Question("pending", "What work is still pending?",
             "Ingrid's 4: the CHANGELOG entry under Unreleased and the deletion-only spec, "
             "then commit and push to #53 (with the vim.text.diff fallback); the large-file "
             "question later in #58.",
             must=(("changelog", "deletes lines", "deletion"),
                   ("push", "commit", "not committed", "uncommitted")),
             partial_means="The CHANGELOG entry or the spec without the rest, or the reverse.",
             wrong="The extmarks reply or the vim.text.diff fallback as pending."),
    Question("state", "What is the state of the work?",
             "PR #53 is open with apply.lua and its specs; the vim.text.diff fallback is in "
             "apply.lua, all 14 tests pass on nightly and 0.9.5, but it is not committed or "
             "pushed; the extmarks point is answered on the PR, large files are #58; the "
             "CHANGELOG entry and deletion spec are not written.",
             must=(("14", "tests pass"), ("not committed", "not pushed", "changelog")),
             partial_means="The fix without what remains.",
             wrong="Says the fix is released or the large-file guard is done.",
             stale_means="Says format.lua snapshots and restores the view."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Issue #51; a view snapshot, ruled out by the user; an off-by-one; Ingrid's review of PR #53.

Summary:
1. Primary Request and Intent:
   Issue #51 in fmtsave.nvim: since 0.4.0 format on save moves the cursor to line 1 in other windows and drops marks and extmarks, because format.lua replaces the whole buffer. Keep Neovim 0.9.5 working (CI: 0.9.5, 0.10.2, nightly). Latest request (Ingrid's review of PR #53, with the user's take): use vim.text.diff with a vim.diff fallback; answer her on extmarks; large files are #58, after the release; add a CHANGELOG entry and a spec for a formatter that only deletes lines.
2. Key Technical Concepts:
   - Decision (the user's correction): only the lines that changed are set, vim.diff hunks (result_type "indices") applied bottom-up with nvim_buf_set_lines; this rules out the snapshot and restore of winsaveview() and marks (view.lua).
   - A pure insertion (count_a = 0) goes after line start_a.
3. Files and Code Sections:
   - lua/fmtsave/format.lua (edited): runs the formatter; now hands the old and new lines to apply.lua.
   - lua/fmtsave/apply.lua (new): applies the hunks; vim.text.diff where it exists, else vim.diff.
   - tests/apply_spec.lua (new): 5 specs, marks and extmarks among them.
   - lua/fmtsave/view.lua: created, then deleted when the user ruled out the snapshot.
4. Errors and fixes:
   - Spec "apply inserts a line" failed: the line landed above line 1. rm -rf .tests (a stale plenary suspected) and a re-run did not fix it; fixed by setting an insertion at start_a, not start_a - 1 (off by one).
5. Problem Solving:
   Ingrid's review found: vim.diff deprecated on nightly (fixed with vim.text.diff, uncommitted); do extmarks survive (answered on #53: the extmarks spec); vim.diff cost on a 20k-line file (#58); a CHANGELOG entry and a deletion-only spec (not written).
6. All user messages:
   - The #51 report; "No, don't snapshot and restore ... Only touch the lines that changed ... Delete view.lua."; Ingrid's review, with the user's take.
7. Pending Tasks:
   - The CHANGELOG entry under Unreleased and the deletion-only spec, then commit and push to #53.
   - Large files later (#58).
8. Current Work:
   PR #53 is open; all 14 tests pass on 0.9.5 and nightly; the vim.text.diff fallback is not committed, not pushed.
9. Optional Next Step:
   Write the CHANGELOG entry and the deletion-only spec in tests/apply_spec.lua, run make test, commit with the fallback and push to #53."""
