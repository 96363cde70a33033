"""Held out, ninth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, Go: after logrotate renames
/var/log/ingestd/ingestd.log, ingestd keeps writing into ingestd.log.1 until it restarts
(ticket OPS-291); switching the logrotate config to copytruncate written, then ruled out by
the user (it drops the lines written during the copy) and put back; a mutex the assistant adds
to internal/logx/file.go and reverts itself after reading writer.go, which already serialises
writes; a Reopen() whose lost-lines test kept failing after an atomic.Pointer swap (the old file
closed under an in-flight write) until Reopen took the writer's lock; its own SIGHUP handler in
a new internal/logx/signals.go that made the passing TestReloadOnHUP fail (signal.Reset
unregistered main's handler), deleted for a call in the existing handler; an ops review in the
ticket with four points: one done, one answered with an explanation, one pending, one a
ticket; the assistant's last words name moving config reload to SIGUSR1, which the user
ruled out."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/ingestd")
s.user(
    "OPS-291: after the nightly logrotate, ingestd keeps logging into "
    "/var/log/ingestd/ingestd.log.1 and the new ingestd.log stays empty until someone restarts "
    "it. Logging is internal/logx. Make rotation work without a restart."
)
s.call(
    "shell",
    "/var/log/ingestd/*.log {\n    daily\n    rotate 14\n    compress\n    delaycompress\n"
    "    missingok\n    create 0640 ingestd ingestd\n}\n",
    command=["bash", "-lc", "cat deploy/logrotate/ingestd"],
)
s.call(
    "shell",
    "type File struct {\n\tpath string\n\tf    *os.File\n}\n\n"
    "func Open(path string) (*File, error) {\n"
    "\tf, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o640)\n"
    "\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn &File{path: path, f: f}, nil\n}\n\n"
    "func (l *File) Write(p []byte) (int, error) { return l.f.Write(p) }\n",
    command=["bash", "-lc", "sed -n '1,40p' internal/logx/file.go"],
)
s.call(
    "shell",
    'func main() {\n\tcfgPath := flag.String("config", "/etc/ingestd/config.yaml", "")\n'
    "\tflag.Parse()\n\tcfg := mustLoad(*cfgPath)\n"
    "\tlf, err := logx.Open(cfg.LogPath) // /var/log/ingestd/ingestd.log\n"
    "\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tlogw := logx.NewWriter(lf)\n"
    '\taudit := logx.New(logw, "audit")\n\tapp := logx.New(logw, "app")\n'
    "\tctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)\n"
    "\tdefer stop()\n\tsrv := server.New(cfg, audit, app)\n",
    command=["bash", "-lc", "sed -n '20,40p' cmd/ingestd/main.go"],
)
s.call(
    "shell",
    "ok  \tgithub.com/acme/ingestd/internal/logx\t0.012s\n"
    "ok  \tgithub.com/acme/ingestd/cmd/ingestd\t0.208s\n"
    "ok  \tgithub.com/acme/ingestd/internal/queue\t1.044s\n",
    command=["bash", "-lc", "go test ./... 2>&1 | tail -5"],
)
s.say(
    "The cause: logrotate renames ingestd.log to ingestd.log.1 and creates a new empty file, "
    "but ingestd keeps the old descriptor, so writes follow the inode into .log.1. The config "
    "has no postrotate and nothing in the process reopens. Simplest fix with no code change: "
    "`copytruncate` in deploy/logrotate/ingestd, so logrotate copies the file and truncates it "
    "in place and the descriptor stays valid."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM deploy/logrotate/ingestd\n",
    input="*** Begin Patch\n*** Update File: deploy/logrotate/ingestd\n@@\n"
    "     missingok\n-    create 0640 ingestd ingestd\n+    copytruncate\n }\n*** End Patch\n",
)
s.user(
    "No copytruncate. Anything written between the copy and the truncate is lost, and that's "
    "the audit stream. Put the config back and make the process reopen its log file on "
    "SIGHUP, like nginx does."
)
s.call(
    "shell",
    "",
    "Reverting the config; the process will reopen on SIGHUP.",
    command=["bash", "-lc", "git checkout -- deploy/logrotate/ingestd"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM internal/logx/file.go\n",
    "A Reopen() on File, and a mutex so Write and Reopen don't race on l.f.",
    input="*** Begin Patch\n*** Update File: internal/logx/file.go\n@@\n type File struct {\n"
    "+\tmu   sync.Mutex\n \tpath string\n \tf    *os.File\n }\n"
    "-func (l *File) Write(p []byte) (int, error) { return l.f.Write(p) }\n"
    "+func (l *File) Write(p []byte) (int, error) {\n+\tl.mu.Lock()\n+\tdefer l.mu.Unlock()\n"
    "+\treturn l.f.Write(p)\n+}\n*** End Patch\n",
)
s.call(
    "shell",
    "// Writer is the only io.Writer the loggers get: every Write goes through w.mu,\n"
    "// so records from concurrent goroutines never interleave.\n"
    "type Writer struct {\n\tmu  sync.Mutex\n\tout io.Writer\n}\n\n"
    "func (w *Writer) Write(p []byte) (int, error) {\n\tw.mu.Lock()\n"
    "\tdefer w.mu.Unlock()\n\treturn w.out.Write(p)\n}\n",
    command=["bash", "-lc", "sed -n '1,30p' internal/logx/writer.go && rg -n 'NewWriter' cmd"],
)
s.say(
    "writer.go already serialises every Write under Writer.mu, and main only ever hands the "
    "loggers a Writer wrapping the File, so a second mutex inside File.Write would just be a "
    "second lock on the same path. Reverting my mutex in file.go; Reopen has to take the "
    "writer's lock instead."
)
s.call(
    "shell",
    "",
    command=["bash", "-lc", "git checkout -- internal/logx/file.go"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM internal/logx/file.go\n",
    input="*** Begin Patch\n*** Update File: internal/logx/file.go\n@@\n type File struct {\n"
    "\tpath string\n-\tf    *os.File\n+\tf    atomic.Pointer[os.File]\n }\n"
    "+// Reopen opens path afresh (logrotate has renamed the old one) and swaps it in.\n"
    "+func (l *File) Reopen() error {\n"
    "+\tnf, err := os.OpenFile(l.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o640)\n"
    "+\tif err != nil {\n+\t\treturn err\n+\t}\n"
    "+\tif old := l.f.Swap(nf); old != nil {\n+\t\treturn old.Close()\n+\t}\n"
    "+\treturn nil\n+}\n*** End Patch\n",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA internal/logx/reopen_test.go\n",
    input="*** Begin Patch\n*** Add File: internal/logx/reopen_test.go\n+package logx\n+\n"
    "+// 1000 lines from 8 goroutines, a rename and Reopen in the middle: every line lands\n"
    "+// in one of the two files.\n+func TestReopenNoLostLines(t *testing.T) {\n"
    '+\tgot := countLines(t, dir, "ingestd.log", "ingestd.log.1")\n'
    '+\tif got != 1000 {\n+\t\tt.Fatalf("got %d lines, want 1000", got)\n+\t}\n+}\n'
    "*** End Patch\n",
)
s.call(
    "shell",
    "--- FAIL: TestReopenNoLostLines (0.04s)\n"
    "    reopen_test.go:31: got 994 lines, want 1000\n"
    "FAIL\nFAIL\tgithub.com/acme/ingestd/internal/logx\t0.061s\n",
    command=["bash", "-lc", "go test -race ./internal/logx/ -run Reopen -count=5"],
)
s.say(
    "The race detector is quiet, but six lines are lost. The swap is atomic, the close is "
    "not ordered with the writes: a goroutine that loaded the old *os.File before the swap "
    "writes into it after old.Close(), gets 'file already closed', and Writer drops the "
    "error. So the atomic.Pointer doesn't help; Reopen has to hold the same lock the writes "
    "hold. Moving Reopen onto Writer, under w.mu, and putting File back to a plain *os.File."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM internal/logx/file.go\nM internal/logx/writer.go\n",
    input="*** Begin Patch\n*** Update File: internal/logx/file.go\n@@\n-\tf    "
    "atomic.Pointer[os.File]\n+\tf    *os.File\n*** Update File: internal/logx/writer.go\n@@\n"
    "+// Reopen reopens the file under w.mu, so no write is in flight on the old one when it\n"
    "+// is closed.\n+func (w *Writer) Reopen() error {\n\tw.mu.Lock()\n\tdefer w.mu.Unlock()\n"
    "+\tif r, ok := w.out.(interface{ Reopen() error }); ok {\n+\t\treturn r.Reopen()\n+\t}\n"
    "+\treturn nil\n+}\n*** End Patch\n",
)
s.call(
    "shell",
    "ok  \tgithub.com/acme/ingestd/internal/logx\t0.318s\n",
    command=["bash", "-lc", "go test -race ./internal/logx/ -run Reopen -count=20"],
)
s.say(
    "TestReopenNoLostLines passes 20 times under -race with Reopen holding Writer.mu. Now "
    "the signal: a small internal/logx/signals.go with ReopenOnHUP(w) that does "
    "signal.Notify for SIGHUP and calls w.Reopen(), and signal.Reset on stop."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA internal/logx/signals.go\nM cmd/ingestd/main.go\n",
    input="*** Begin Patch\n*** Add File: internal/logx/signals.go\n+package logx\n+\n"
    "+func ReopenOnHUP(ctx context.Context, w *Writer) {\n+\tch := make(chan os.Signal, 1)\n"
    "+\tsignal.Notify(ch, syscall.SIGHUP)\n+\tgo func() {\n"
    "+\t\tdefer signal.Reset(syscall.SIGHUP)\n+\t\tfor {\n+\t\t\tselect {\n"
    "+\t\t\tcase <-ch:\n+\t\t\t\t_ = w.Reopen()\n+\t\t\tcase <-ctx.Done():\n"
    "+\t\t\t\treturn\n+\t\t\t}\n+\t\t}\n+\t}()\n+}\n"
    "*** Update File: cmd/ingestd/main.go\n@@\n \tlogw := logx.NewWriter(lf)\n"
    "+\tlogx.ReopenOnHUP(ctx, logw)\n*** End Patch\n",
)
s.call(
    "shell",
    "--- FAIL: TestReloadOnHUP (2.00s)\n"
    "    main_test.go:58: config not reloaded after SIGHUP: batch_size = 500, want 250\n"
    "FAIL\nFAIL\tgithub.com/acme/ingestd/cmd/ingestd\t2.231s\n"
    "ok  \tgithub.com/acme/ingestd/internal/logx\t0.297s\n"
    "ok  \tgithub.com/acme/ingestd/internal/queue\t1.051s\n",
    command=["bash", "-lc", "go test ./... 2>&1 | tail -8"],
)
s.say(
    "TestReloadOnHUP passed before and fails now. main.go already has a SIGHUP handler that "
    "reloads config.yaml; the test starts and stops the server twice, and my goroutine's "
    "signal.Reset(SIGHUP) on the first stop unregisters every channel for SIGHUP, main's "
    "included. Two handlers for one signal is the wrong shape anyway. Deleting signals.go and "
    "calling logw.Reopen() from the existing handler in main.go, after the reload."
)
s.call(
    "shell",
    "",
    command=["bash", "-lc", "rm internal/logx/signals.go"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM cmd/ingestd/main.go\n",
    input="*** Begin Patch\n*** Update File: cmd/ingestd/main.go\n@@\n \tlogw := "
    "logx.NewWriter(lf)\n-\tlogx.ReopenOnHUP(ctx, logw)\n@@\n \t\tcase syscall.SIGHUP:\n"
    "\t\t\treloadConfig(cfgPath)\n+\t\t\tif err := logw.Reopen(); err != nil {\n"
    '+\t\t\t\tlog.Printf("logx: reopen %s: %v", lf.Path(), err)\n+\t\t\t}\n*** End Patch\n',
)
s.call(
    "shell",
    "ok  \tgithub.com/acme/ingestd/cmd/ingestd\t2.204s\n"
    "ok  \tgithub.com/acme/ingestd/internal/logx\t0.301s\n"
    "ok  \tgithub.com/acme/ingestd/internal/queue\t1.049s\n"
    "DONE 87 tests in 4.311s\n",
    command=["bash", "-lc", "go test ./... && gotestsum --format dots ./..."],
)
s.say(
    "All 87 tests pass. SIGHUP now reloads config.yaml and then reopens the log file under "
    "the writer's lock; signals.go is gone, the logrotate config is unchanged."
)
s.user(
    "Bruno from ops commented on OPS-291:\n"
    "(1) logrotate still doesn't send anything. add `postrotate` with "
    "`systemctl kill -s HUP ingestd.service` and `sharedscripts`\n"
    "(2) fsync the old file before closing it in Reopen, or the last lines can be lost on "
    "a crash\n"
    "(3) SIGHUP now also reloads config at 00:00 every night. Move config reload to SIGUSR1?\n"
    "(4) in-process rotation by size so we don't depend on logrotate\n"
    "My take: 1 yes. 2 I don't think that's right, but explain it to him in a comment. 3 "
    "no: keep HUP for both, reloading an unchanged config is harmless, but log the reload at "
    "info so it shows in the nightly logs. 4 is OPS-300, later."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM deploy/logrotate/ingestd\n",
    input="*** Begin Patch\n*** Update File: deploy/logrotate/ingestd\n@@\n     missingok\n"
    "     create 0640 ingestd ingestd\n+    sharedscripts\n+    postrotate\n"
    "+        systemctl kill -s HUP ingestd.service\n+    endscript\n }\n*** End Patch\n",
)
s.call(
    "shell",
    "Reading state information... logrotate 3.21.0\n"
    "considering log /var/log/ingestd/ingestd.log\n  log does not need rotating\n"
    "not running postrotate script, since no logs were rotated\n",
    command=["bash", "-lc", "logrotate -d deploy/logrotate/ingestd 2>&1 | tail -4"],
)
s.call(
    "shell",
    "Comment posted to OPS-291.\n",
    "Drafting the answer to (2) for the ticket.",
    command=["bash", "-lc", "jira comment OPS-291 --body-file /tmp/ops291-fsync.md"],
    body="On (2): Close() on an *os.File has no user-space buffer to lose, every Write is "
    "already a write(2) into the page cache, and the renamed file is still on disk. An "
    "fsync would only guard against a power loss in the seconds after rotation, which "
    "the old behaviour didn't guard against either.",
)
s.say(
    "(1) is done: deploy/logrotate/ingestd has sharedscripts and a postrotate that runs "
    "systemctl kill -s HUP ingestd.service, and logrotate -d parses it. (2) is answered in "
    "a comment on OPS-291: Close() loses nothing, so no fsync. (4) is OPS-300."
)
s.say("Next I'll move config reload to SIGUSR1 in cmd/ingestd/main.go.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "OPS-291: after the nightly logrotate ingestd keeps writing into "
             "/var/log/ingestd/ingestd.log.1 and the new ingestd.log stays empty until a "
             "restart; make rotation work without a restart (logging is internal/logx).",
             must=(("logrotate", "rotation", "ingestd.log.1"),
                   ("restart", "reopen", "sighup")),
             partial_means="The rotation named without what goes wrong, or the reverse.",
             wrong="Log levels; a disk that filled up."),
    Question("latest_request", "What did the user last ask?",
             "Bruno's OPS-291 review with the user's answers: (1) add postrotate with "
             "systemctl kill -s HUP ingestd.service and sharedscripts; (2) no fsync, explain "
             "why in a comment; (3) keep SIGHUP for both reload and reopen, but log the reload "
             "at info; (4) in-process rotation by size is OPS-300, later.",
             must=(("postrotate", "systemctl kill"), ("fsync", "explain"),
                   ("info", "keep hup", "hup for both")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "bruno", "answers", "answered", "take"),
             partial_means="One or two of the points to act on.",
             wrong="Moving config reload to SIGUSR1; rotating by size in-process now.",
             stale_means="The first request or the no-copytruncate correction given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Log the config reload at info level in the SIGHUP handler in cmd/ingestd/main.go "
             "(SIGHUP stays for both reload and reopen), run go test ./..., then commit. The "
             "postrotate and the fsync comment are done.",
             must=(("info",), ("reload", "sighup", "main.go")),
             stale=("move config reload to sigusr1", "sigusr1", "copytruncate"),
             partial_means="Says to run the tests or commit without the info log line.",
             wrong="Adding an fsync; rotating by size.",
             stale_means="Says to move config reload to SIGUSR1: the user said keep HUP for "
                         "both."),
    Question("files_edited", "Which files were changed, and why?",
             "internal/logx/writer.go (Writer.Reopen() under w.mu); internal/logx/file.go "
             "(File.Reopen() opens the path afresh and closes the old file); "
             "internal/logx/reopen_test.go (new, TestReopenNoLostLines); cmd/ingestd/main.go "
             "(the existing SIGHUP handler calls logw.Reopen() after reloadConfig); "
             "deploy/logrotate/ingestd (sharedscripts, postrotate systemctl kill -s HUP). "
             "internal/logx/signals.go was created and deleted; the copytruncate change and "
             "the mutex in file.go were reverted.",
             must=(("writer.go",), ("main.go",), ("reopen_test.go", "deploy/logrotate",
                                                  "file.go")),
             stale=("signals.go",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="config.yaml given as edited.",
             stale_means="internal/logx/signals.go listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The process reopens its log file on SIGHUP, from the existing handler in main.go "
             "and under the Writer's lock (Writer.Reopen()); rules out copytruncate (loses the "
             "lines written between copy and truncate), an atomic.Pointer swap, a second "
             "mutex in File, a separate SIGHUP handler, and moving reload to SIGUSR1.",
             must=(("reopen", "sighup"),
                   ("copytruncate", "signals.go", "sigusr1", "atomic.pointer")),
             stale=("copytruncate in deploy/logrotate/ingestd, so logrotate copies",
                    "simplest fix with no code change"),
             partial_means="Reopen on SIGHUP without what it rules out.",
             wrong="In-process rotation by size.",
             stale_means="copytruncate given as the design."),
    Question("review", "What did the review find?",
             "Bruno on OPS-291: (1) logrotate sends no signal, add postrotate (done); (2) "
             "fsync the old file before closing (answered in a comment, no fsync); (3) SIGHUP "
             "also reloads config every night, move reload to SIGUSR1 (no: keep HUP, log the "
             "reload at info, pending); (4) in-process rotation by size (OPS-300).",
             must=(("postrotate", "no signal", "doesn't send"), ("fsync",),
                   ("sigusr1", "reload"), ("ops-300", "by size")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "bruno", "ops"),
             partial_means="Two or three of the four points.",
             wrong="A failing test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No copytruncate: it loses what is written between the copy and the truncate "
             "(the audit stream); put the config back and reopen the log file on SIGHUP. "
             "Later: keep SIGHUP for both reload and reopen rather than SIGUSR1.",
             must=(("copytruncate",), ("lost", "lose", "audit", "reopen", "sighup")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No copytruncate without why, or the reverse.",
             wrong="The lost-lines test failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "TestReopenNoLostLines: got 994 lines, want 1000, under the atomic.Pointer swap "
             "(a write in flight on the closed old file); fixed by Reopen taking the Writer's "
             "lock (w.mu). Then TestReloadOnHUP, which had passed, failed (config not "
             "reloaded, batch_size = 500, want 250) because signals.go's signal.Reset "
             "unregistered main's handler; fixed by deleting signals.go and calling Reopen "
             "from main's handler.",
             must=(("994", "lost lines", "testreopennolostlines"),
                   ("w.mu", "writer's lock", "writer.reopen", "same lock", "under the lock")),
             stale=("fixed by atomic.pointer", "fixed by the atomic swap",
                    "fixed by swapping atomically"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A permission error opening the log file.",
             stale_means="The lost lines 'fixed' by the atomic.Pointer swap."),
    Question("key_values", "Which key values matter?",
             "87 tests pass; OPS-291, OPS-300; systemctl kill -s HUP ingestd.service; 994 of "
             "1000 lines; /var/log/ingestd/ingestd.log.",
             must=(("87",), ("ops-291", "ops-300", "ingestd.service", "994")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "internal/logx/file.go is the log File (Open, Reopen); internal/logx/writer.go the "
             "Writer that serialises every Write under w.mu; cmd/ingestd/main.go the server and "
             "its SIGHUP handler (reloadConfig); deploy/logrotate/ingestd the logrotate config.",
             must=(("writer.go",), ("serialis", "w.mu", "every write", "mutex", "lock"),
                   ("main.go", "deploy/logrotate")),
             partial_means="The files named without what they hold.",
             wrong="signals.go as the signal handler."),
    Question("pending", "What work is still pending?",
             "Log the config reload at info in the SIGHUP handler (Bruno's 3), run the tests, "
             "commit; in-process rotation by size later (OPS-300).",
             must=(("info",), ("commit", "ops-300")),
             partial_means="The info log line without the rest, or the reverse.",
             wrong="The postrotate or the fsync as pending."),
    Question("state", "What is the state of the work?",
             "Reopen on SIGHUP works under the Writer's lock and 87 tests pass; logrotate has "
             "the postrotate (logrotate -d parses it); the fsync point is answered on OPS-291; "
             "the info log for the reload is not written; nothing is committed.",
             must=(("87",), ("not committed", "info", "nothing is committed")),
             partial_means="The fix without what remains.",
             wrong="Says it is committed or deployed.",
             stale_means="Says copytruncate is in the config."),
)  # fmt: skip

PRODUCTION = """Summary so far: OPS-291: after logrotate renames /var/log/ingestd/ingestd.log, ingestd kept writing into ingestd.log.1 until a restart. I first set copytruncate in deploy/logrotate/ingestd; the user said no (lines written during the copy are lost, the audit stream), reverted; the process now reopens its log on SIGHUP.
Decision: Writer.Reopen() in internal/logx/writer.go reopens the File under w.mu, called from the existing SIGHUP handler in cmd/ingestd/main.go after reloadConfig. My extra mutex in file.go was reverted (writer.go already serialises writes); internal/logx/signals.go was deleted.
Errors: TestReopenNoLostLines got 994 lines, want 1000 with an atomic.Pointer swap (a write on the closed old file); fixed by holding the writer's lock in Reopen. TestReloadOnHUP then failed (signals.go's signal.Reset unregistered main's handler); fixed by calling Reopen from main's handler. 87 tests pass.
Bruno's review: postrotate with systemctl kill -s HUP ingestd.service (done); fsync before close (answered in a comment on OPS-291, no fsync); move reload to SIGUSR1 (the user: keep HUP for both, log the reload at info); in-process rotation by size is OPS-300.
Next: add an info-level log line for the config reload in the SIGHUP handler, run go test ./..., then commit."""
