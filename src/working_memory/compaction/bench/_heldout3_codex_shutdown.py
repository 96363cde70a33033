"""Held out, third set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex: 502s during rolling deploys of a Go service;
a Helm chart edit (longer grace period, preStop sleep) made and reverted at the user's word, so
the drain fits the existing 10 s; a panic that a -count=1 re-run did not fix and shutting the
server down before closing the Kafka producer did; a load script created then deleted; a review
about the readiness probe; the readiness flip patched last, untested."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/dev/ingest")
s.user(
    "Every rolling deploy of the ingest service gives us a burst of 502s at the load balancer, "
    "about 1.2% of requests for roughly 40 seconds. I think the process dies on SIGTERM without "
    "draining. Make cmd/ingest/main.go shut down gracefully."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read cmd/ingest/main.go and the deploy settings", "status": "in_progress"},
        {"step": "Handle SIGTERM and drain in-flight requests", "status": "pending"},
        {"step": "Test that in-flight requests complete", "status": "pending"},
    ],
)
s.call(
    "shell",
    "func main() {\n\tcfg := config.Load()\n\tprod := kafka.NewProducer(cfg.Brokers)\n"
    '\tsrv := &http.Server{Addr: ":8080", Handler: server.Routes(prod)}\n'
    "\tlog.Fatal(srv.ListenAndServe())\n}\n",
    command=["bash", "-lc", "sed -n '/^func main/,$p' cmd/ingest/main.go"],
)
s.call(
    "shell",
    "deploy/chart/values.yaml:31:terminationGracePeriodSeconds: 10\n"
    "deploy/chart/values.yaml:44:  readinessProbe:\n"
    "deploy/chart/values.yaml:45:    httpGet: {path: /healthz, port: 8080}\n"
    "deploy/chart/values.yaml:46:    periodSeconds: 2\n"
    "deploy/chart/values.yaml:47:    failureThreshold: 1",
    command=[
        "bash",
        "-lc",
        "grep -n -A3 'terminationGracePeriodSeconds\\|readinessProbe' deploy/chart/values.yaml",
    ],
)
s.say(
    "There is no signal handling at all: on SIGTERM the Go runtime exits and every request in "
    "flight is cut off. Plan: catch SIGTERM with signal.NotifyContext and call "
    "srv.Shutdown(ctx), which stops accepting and waits for active requests; srv.Close() is no "
    "good, it drops them just like now. The chart only gives the pod 10 s before SIGKILL, so "
    "I'll also raise terminationGracePeriodSeconds to 45 and add a 5 s preStop sleep."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM deploy/chart/values.yaml",
    input="*** Begin Patch\n*** Update File: deploy/chart/values.yaml\n@@\n"
    "-terminationGracePeriodSeconds: 10\n+terminationGracePeriodSeconds: 45\n"
    "+lifecycle:\n+  preStop:\n+    exec: {command: [sleep, '5']}\n*** End Patch",
)
s.user(
    "Don't touch deploy/chart. The platform team owns it and deploys it from their own repo, so "
    "our edits would just be overwritten. Revert that and make the drain fit the 10 seconds we "
    "have."
)
s.call(
    "shell",
    "",
    command=["bash", "-lc", "git checkout -- deploy/chart/values.yaml && git status --short"],
)
s.say(
    "Reverted deploy/chart/values.yaml; git status is clean. Working inside the 10 s grace "
    "period: the drain gets 8 s, leaving 2 s of margin before the kubelet's SIGKILL."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read cmd/ingest/main.go and the deploy settings", "status": "completed"},
        {"step": "Handle SIGTERM and drain within 8 s (no chart changes)", "status": "in_progress"},
        {"step": "Test that in-flight requests complete", "status": "pending"},
    ],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA internal/server/shutdown.go\nM cmd/ingest/main.go",
    input="*** Begin Patch\n*** Add File: internal/server/shutdown.go\n+package server\n+\n"
    "+// Run serves until ctx is done, then drains within timeout.\n"
    "+func Run(ctx context.Context, srv *http.Server, prod *kafka.Producer, "
    "timeout time.Duration) error {\n"
    "+\terrc := make(chan error, 1)\n+\tgo func() { errc <- srv.ListenAndServe() }()\n"
    "+\tselect {\n+\tcase err := <-errc:\n+\t\treturn err\n+\tcase <-ctx.Done():\n+\t}\n"
    "+\tprod.Close()\n"
    "+\tshCtx, cancel := context.WithTimeout(context.Background(), timeout)\n"
    "+\tdefer cancel()\n+\treturn srv.Shutdown(shCtx)\n+}\n"
    "*** Update File: cmd/ingest/main.go\n@@\n-\tlog.Fatal(srv.ListenAndServe())\n"
    "+\tctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)\n"
    "+\tdefer stop()\n"
    "+\tif err := server.Run(ctx, srv, prod, 8*time.Second); err != nil && "
    "err != http.ErrServerClosed {\n+\t\tlog.Fatal(err)\n+\t}\n*** End Patch",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA internal/server/shutdown_test.go",
    input="*** Begin Patch\n*** Add File: internal/server/shutdown_test.go\n+package server\n+\n"
    "+func TestShutdownDrainsInFlight(t *testing.T) {\n"
    "+\tprod := kafka.NewMockProducer()\n"
    "+\tsrv, url := newTestServer(t, slowHandler(prod, 2*time.Second))\n"
    "+\tctx, cancel := context.WithCancel(context.Background())\n"
    "+\tdone := make(chan error)\n+\tgo func() { done <- Run(ctx, srv, prod, 8*time.Second) }()\n"
    '+\tresp := startRequest(t, url+"/ingest")\n+\ttime.Sleep(100 * time.Millisecond)\n'
    "+\tcancel() // what SIGTERM does\n"
    '+\tif r := <-resp; r.StatusCode != 200 {\n+\t\tt.Fatalf("in-flight request got %d", '
    "r.StatusCode)\n+\t}\n+\tif err := <-done; err != nil {\n+\t\tt.Fatal(err)\n+\t}\n+}\n"
    "*** End Patch",
)
s.call(
    "shell",
    "panic: send on closed channel\n\ngoroutine 23 [running]:\n"
    "github.com/acme/ingest/internal/kafka.(*Producer).Produce(...)\n"
    "\t/home/dev/ingest/internal/kafka/producer.go:58 +0x8c\n"
    "github.com/acme/ingest/internal/server.slowHandler.func1(...)\n"
    "\t/home/dev/ingest/internal/server/shutdown_test.go:41 +0x1d0\n"
    "FAIL\tgithub.com/acme/ingest/internal/server\t2.114s\nFAIL",
    command=["bash", "-lc", "go test ./internal/server/..."],
)
s.say(
    "That could be a cached result from an earlier build of the package; re-running with "
    "-count=1 to rule the test cache out."
)
s.call(
    "shell",
    "panic: send on closed channel\n\ngoroutine 19 [running]:\n"
    "github.com/acme/ingest/internal/kafka.(*Producer).Produce(...)\n"
    "\t/home/dev/ingest/internal/kafka/producer.go:58 +0x8c\n"
    "FAIL\tgithub.com/acme/ingest/internal/server\t2.097s\nFAIL",
    command=["bash", "-lc", "go test -count=1 ./internal/server/..."],
)
s.say(
    "Same panic without the cache, so it is the code: Run closes the Kafka producer before "
    "srv.Shutdown has drained, and the request still in flight then calls Produce on the closed "
    "producer's channel. The order must be: srv.Shutdown first (wait for handlers), then "
    "prod.Flush and prod.Close."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM internal/server/shutdown.go",
    input="*** Begin Patch\n*** Update File: internal/server/shutdown.go\n@@\n"
    "-\tprod.Close()\n \tshCtx, cancel := context.WithTimeout(context.Background(), timeout)\n"
    " \tdefer cancel()\n-\treturn srv.Shutdown(shCtx)\n"
    "+\terr := srv.Shutdown(shCtx)\n+\t// only after the handlers are done: they produce\n"
    "+\tprod.Flush(shCtx)\n+\tprod.Close()\n+\treturn err\n*** End Patch",
)
s.call(
    "shell",
    "ok  \tgithub.com/acme/ingest/internal/server\t2.308s",
    command=["bash", "-lc", "go test -count=1 ./internal/server/..."],
)
s.call(
    "shell",
    "ok  \tgithub.com/acme/ingest/cmd/ingest\t0.412s\n"
    "ok  \tgithub.com/acme/ingest/internal/kafka\t1.960s\n"
    "ok  \tgithub.com/acme/ingest/internal/server\t2.301s",
    command=["bash", "-lc", "go vet ./... && go test ./..."],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA scripts/sigterm_load.sh",
    input="*** Begin Patch\n*** Add File: scripts/sigterm_load.sh\n+#!/bin/sh\n"
    "+# 50 concurrent slow requests, SIGTERM in the middle: none may be dropped\n"
    "+go run ./cmd/ingest & pid=$!\n+sleep 1\n"
    "+hey -z 6s -c 50 http://localhost:8080/ingest > /tmp/hey.txt & sleep 3\n"
    "+kill -TERM $pid\n+wait\n+grep -E 'in flight|completed|dropped' /tmp/hey.txt\n"
    "*** End Patch",
)
s.call(
    "shell",
    "requests in flight at SIGTERM: 37\ncompleted: 37  dropped: 0\nserver exited after 1.9s",
    command=["bash", "-lc", "sh scripts/sigterm_load.sh"],
)
s.call("shell", "", command=["bash", "-lc", "rm scripts/sigterm_load.sh"])
s.say(
    "Under load, all 37 requests in flight at SIGTERM completed and none were dropped; the "
    "server exited after 1.9 s, well inside the 8 s drain. I removed scripts/sigterm_load.sh; "
    "TestShutdownDrainsInFlight covers the same thing."
)
s.user(
    "Review from Tomás: /healthz is also the readiness probe (periodSeconds 2, failureThreshold "
    "1) and it keeps returning 200 while we drain, so the Service keeps sending new connections "
    "to the pod, and once Shutdown closes the listener those get refused: that's part of the "
    "502s too. Flip readiness on SIGTERM: /healthz returns 503 at once, wait drainDelay = 3s so "
    "the endpoints update, then Shutdown with the remaining 5s. Add /livez that always returns "
    "200 so liveness stays separate."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Read cmd/ingest/main.go and the deploy settings", "status": "completed"},
        {"step": "Handle SIGTERM and drain within 8 s (no chart changes)", "status": "completed"},
        {"step": "Test that in-flight requests complete", "status": "completed"},
        {
            "step": "Readiness 503 on SIGTERM, drainDelay 3s, /livez (Tomás)",
            "status": "in_progress",
        },
        {"step": "Test /healthz 503 after the signal; go test -race ./...", "status": "pending"},
        {"step": "Commit", "status": "pending"},
    ],
)
s.say("Now I'll add the ready flag, the drainDelay and /livez to internal/server.")
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM internal/server/shutdown.go\n"
    "M internal/server/routes.go\nM cmd/ingest/main.go",
    input="*** Begin Patch\n*** Update File: internal/server/shutdown.go\n@@\n"
    "-func Run(ctx context.Context, srv *http.Server, prod *kafka.Producer, "
    "timeout time.Duration) error {\n"
    "+var ready atomic.Bool\n+\n"
    "+func Run(ctx context.Context, srv *http.Server, prod *kafka.Producer, "
    "drainDelay, timeout time.Duration) error {\n+\tready.Store(true)\n@@\n"
    " \tcase <-ctx.Done():\n \t}\n+\tready.Store(false) // /healthz answers 503 from now on\n"
    "+\ttime.Sleep(drainDelay)\n"
    "*** Update File: internal/server/routes.go\n@@\n"
    '-\tmux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { '
    "w.WriteHeader(200) })\n"
    '+\tmux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {\n'
    "+\t\tif !ready.Load() {\n+\t\t\tw.WriteHeader(http.StatusServiceUnavailable)\n"
    "+\t\t\treturn\n+\t\t}\n+\t\tw.WriteHeader(200)\n+\t})\n"
    '+\tmux.HandleFunc("/livez", func(w http.ResponseWriter, _ *http.Request) { '
    "w.WriteHeader(200) })\n"
    "*** Update File: cmd/ingest/main.go\n@@\n"
    "-\tif err := server.Run(ctx, srv, prod, 8*time.Second); err != nil && "
    "err != http.ErrServerClosed {\n"
    "+\tif err := server.Run(ctx, srv, prod, 3*time.Second, 5*time.Second); err != nil && "
    "err != http.ErrServerClosed {\n*** End Patch",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Stop the 502s during rolling deploys (about 1.2% for ~40 s) by making the ingest "
             "service (cmd/ingest/main.go) shut down gracefully on SIGTERM.",
             must=(("sigterm", "graceful", "shut down", "shutdown", "drain"),
                   ("502", "deploy", "ingest")),
             partial_means="Graceful shutdown without what it is for, or the 502s without the "
                           "shutdown.",
             wrong="Tuning the load balancer; changing the Helm chart."),
    Question("latest_request", "What did the user last ask?",
             "Tomás's review: flip readiness on SIGTERM (/healthz 503 at once), wait drainDelay "
             "3s, then Shutdown with the remaining 5s; add /livez that always returns 200.",
             must=(("healthz", "readiness"), ("503", "draindelay", "livez")),
             partial_means="Mentions the readiness review without the 503, the delay or /livez.",
             wrong="Raising terminationGracePeriodSeconds.",
             stale_means="The first request (graceful shutdown) or the chart revert given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Write a test that /healthz returns 503 (and /livez 200) once the context is "
             "cancelled, fix TestShutdownDrainsInFlight for Run's new drainDelay argument, run "
             "go test -race ./..., then commit.",
             must=(("test",), ("healthz", "503", "readiness", "-race")),
             stale=("add the ready flag", "drain in-flight requests"),
             partial_means="Says to run the tests without the readiness check.",
             wrong="Editing deploy/chart; raising the grace period.",
             stale_means="Says to add the ready flag or /livez: the last patch did."),
    Question("files_edited", "Which files were changed, and why?",
             "cmd/ingest/main.go (signal.NotifyContext, server.Run with 3s + 5s); "
             "internal/server/shutdown.go (new: Run drains with srv.Shutdown, then flushes and "
             "closes the producer; ready flag and drainDelay); internal/server/shutdown_test.go "
             "(new: TestShutdownDrainsInFlight); internal/server/routes.go (/healthz 503 when "
             "not ready, /livez). deploy/chart/values.yaml was edited and reverted; "
             "scripts/sigterm_load.sh created and deleted.",
             must=(("main.go",), ("shutdown.go",), ("shutdown_test.go",), ("routes.go",)),
             stale=("values.yaml", "sigterm_load.sh"), spread=True,
             partial_means="Two or three of the four files.",
             wrong="Files the span never touched.",
             stale_means="deploy/chart/values.yaml or scripts/sigterm_load.sh listed as changed "
                         "or existing."),
    Question("decisions", "What was decided, and what does it rule out?",
             "signal.NotifyContext plus srv.Shutdown within the existing 10 s grace (8 s drain, "
             "now 3s readiness delay + 5s), the producer closed only after Shutdown; rules out "
             "srv.Close() (drops requests) and raising terminationGracePeriodSeconds / a preStop "
             "sleep in the chart.",
             must=(("srv.shutdown", "shutdown(ctx)", "shutdown("),
                   ("srv.close", "terminationgraceperiodseconds", "prestop", "chart")),
             stale=("terminationgraceperiodseconds to 45", "raise terminationgraceperiodseconds"),
             partial_means="srv.Shutdown without what it rules out.",
             wrong="A longer grace period given as the plan.",
             stale_means="The 45 s grace period or the preStop sleep given as the design."),
    Question("review", "What did the review find?",
             "Tomás: /healthz is the readiness probe and keeps answering 200 during the drain, "
             "so the Service keeps routing new connections that get refused once the listener "
             "closes.",
             must=(("healthz", "readiness"), ("200", "new connections", "refused", "routing")),
             partial_means="Names the readiness probe without what goes wrong.",
             wrong="The producer ordering (that was the agent's own panic)."),
    Question("corrections", "How did the user correct the agent?",
             "Don't touch deploy/chart (the platform team owns it; edits get overwritten): "
             "revert it and fit the drain into the existing 10 seconds.",
             must=(("chart", "values.yaml"), ("platform team", "revert", "10 s", "10 seconds")),
             partial_means="The revert without why, or the reverse.",
             wrong="Tomás's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "panic: send on closed channel in kafka Producer.Produce: Run closed the producer "
             "before srv.Shutdown drained the handlers; fixed by Shutdown first, then "
             "prod.Flush and prod.Close. The -count=1 re-run did not fix it.",
             must=(("send on closed channel", "panic"),
                   ("flush", "shutdown first", "before closing the producer",
                    "closed the producer before", "producer after")),
             stale=("fixed by re-running", "fixed by running go test", "test cache"),
             partial_means="The panic without its cause or fix.",
             wrong="A go vet error; a chart problem.",
             stale_means="The panic put down to the test cache or 'fixed' by the -count=1 "
                         "re-run."),
    Question("key_values", "Which key values matter?",
             "1.2% 502s for ~40 s; terminationGracePeriodSeconds 10 (not 45); 8 s drain, now "
             "drainDelay 3s + 5s Shutdown; port 8080; readiness periodSeconds 2, "
             "failureThreshold 1; 37 in flight, 0 dropped, exit after 1.9 s.",
             must=(("10 s", "10 seconds", "terminationgraceperiodseconds: 10"),
                   ("3s", "3 s", "5s", "5 s", "8 s"), ("37", "1.2%", "1.9")),
             spread=True,
             partial_means="Some of the values.",
             wrong="The 45 s grace period as the setting."),
    Question("file_roles", "What is each file for?",
             "cmd/ingest/main.go wires the signal context; internal/server/shutdown.go runs the "
             "server and drains it (Run); routes.go serves /healthz and /livez; "
             "deploy/chart/values.yaml is the platform team's chart, not ours to edit.",
             must=(("shutdown.go",), ("drain", "runs the server")),
             partial_means="The files named without what they do.",
             wrong="values.yaml described as a file this change edits."),
    Question("pending", "What work is still pending?",
             "Test the readiness flip (/healthz 503 after the signal, /livez 200), update the "
             "existing test for the new Run signature, go test -race ./..., commit.",
             must=(("healthz", "readiness", "503", "-race"), ("test",)),
             cue=("pending", "remaining", "todo", "to do", "next", "still", "not yet", "left",
                  "need", "then", "untested", "uncommitted"),
             partial_means="Says to test and commit without the readiness part.",
             wrong="Raising the grace period in the chart."),
    Question("state", "What is the state of the work?",
             "Graceful shutdown works and is tested (go test ./... ok, 37 in flight, 0 dropped); "
             "the readiness flip (ready flag, drainDelay 3s, /livez) is patched but untested, "
             "and nothing is committed.",
             must=(("ready", "readiness", "healthz", "livez", "draindelay"),
                   ("untested", "not tested", "not yet", "uncommitted", "not committed",
                    "not run")),
             partial_means="The working shutdown without saying the readiness patch is "
                           "untested.",
             wrong="Says the shutdown still drops requests, or the chart was changed.",
             stale_means="Says all tests pass after the readiness patch (they were not run)."),
)  # fmt: skip

PRODUCTION = """Summary so far: the task is stopping the 502s (about 1.2% of requests for ~40 s) during rolling deploys of the ingest service: it died on SIGTERM without draining because cmd/ingest/main.go had no signal handling.
Decision: cmd/ingest/main.go uses signal.NotifyContext (SIGTERM, os.Interrupt) and calls server.Run in the new internal/server/shutdown.go, which on the signal calls srv.Shutdown (not srv.Close, which drops requests) and only then flushes and closes the Kafka producer.
The user said not to touch deploy/chart (the platform team owns it; edits get overwritten), so the edit raising terminationGracePeriodSeconds to 45 with a preStop sleep was reverted; the drain must fit the existing 10 s grace (8 s drain, 2 s margin).
Error: TestShutdownDrainsInFlight (internal/server/shutdown_test.go, new) panicked with "send on closed channel" in kafka Producer.Produce because Run closed the producer before Shutdown drained the handlers; a -count=1 re-run showed the same panic, so it was not the test cache. Fixed by the order: Shutdown first, then prod.Flush and prod.Close. Then go vet and go test ./... passed. A load script (scripts/sigterm_load.sh, created then deleted) showed 37 requests in flight at SIGTERM, 37 completed, 0 dropped, exit after 1.9 s.
Latest request, Tomás's review: /healthz is also the readiness probe (periodSeconds 2, failureThreshold 1) and kept answering 200 during the drain, so new connections were routed to the pod and refused. Flip readiness on SIGTERM: /healthz returns 503 at once, wait drainDelay 3s, then Shutdown with the remaining 5s; /livez always 200.
Current state: the last patch adds a ready atomic.Bool and drainDelay to Run (shutdown.go), /healthz 503 when not ready and /livez in internal/server/routes.go, and Run(ctx, srv, prod, 3s, 5s) in main.go; it is untested (the existing test still calls the old Run signature) and nothing is committed.
Next: update TestShutdownDrainsInFlight, add a test that /healthz returns 503 after the signal, run go test -race ./..., then commit."""
