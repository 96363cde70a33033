"""Held out, twenty-sixth set: written 2026-12-07, while round 14 was tuned on the twenty-fifth
set, by an author who never ran the handoff on them. OpenAI chat with function tools, Go 1.22
(an HTTP service, ratefan, that asks six parcel carriers for a shipping rate through gRPC
clients, tested with go test -race over bufconn fakes of the carriers, alerts in Prometheus
rules): since the checkout started calling GET /v1/quotes on every keystroke of the postcode,
ratefan's goroutines climb from about 200 to 40,000 over a day and the pods are OOM-killed at
their 2.5 GiB limit about every 26 hours (RATE-341), because Handler.ServeHTTP starts a goroutine
per carrier call with context.Background(), which nothing cancels when the client goes away,
and sends on an unbuffered results channel that nobody reads once the 900 ms budget is spent,
so every late carrier's goroutine blocks in its send for ever (38,412 in a staging pod's
profile); a first design, a new internal/gopool package with a global semaphore of 4,096 slots
and a watchdog that abandons tasks older than 5 s, started from cmd/ratefan/main.go, written
and measured (p99 1.91 s, 9,212 abandoned), then ruled out by the user (one stuck carrier takes
every slot, a watchdog cannot kill a goroutine, a new package for a bug in one handler) for the
calls' context derived from r.Context() under the budget with errgroup.WithContext in the
existing handler and a results channel buffered to len(h.Carriers); gopool deleted and the
handler and main.go checked out again; the new disconnect test then fails with 18,046
goroutines left after 3 s, which go clean -cache -testcache and a re-run with -count=1 did not
fix (not a stale test binary), and the goroutine profile showed were the bufconn fake carrier's
(fakecarrier's Rate slept its Delay with time.Sleep, ignoring the cancelled context), fixed in
fakecarrier/server.go; PR #612 with Tomasz's four points, answered by the user: one done
already (a carrier's error must not cancel the others), one answered on the PR (why not a
per-call timeout on context.Background()), one a ticket (gRPC keepalive in dial.go, RATE-352),
one still to do (a RatefanGoroutinesHigh alert in the rules file, checked with promtool); the
assistant's last words announce the keepalive the user put off to RATE-352."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/dev/ratefan"
_MOD = "github.com/tidewell/ratefan"
_HANDLER = "internal/quote/handler.go"
_HTEST = "internal/quote/handler_test.go"
_LEAK = "internal/quote/handler_leak_test.go"
_FAKE = "internal/carrier/fakecarrier/server.go"
_POOL = "internal/gopool/pool.go"
_MAIN = "cmd/ratefan/main.go"
_DIAL = "internal/carrier/dial.go"
_RULES = "deploy/prometheus/ratefan.rules.yml"

_HANDLER_HEAD = (
    "package quote\n\n"
    "import (\n"
    '\t"context"\n'
    '\t"log/slog"\n'
    '\t"net/http"\n'
    '\t"time"\n\n'
    f'\tratepb "{_MOD}/gen/rate/v1"\n'
    f'\t"{_MOD}/internal/carrier"\n'
    ")\n\n"
    "// Handler answers GET /v1/quotes with the rates of every carrier that answers in time.\n"
    "type Handler struct {\n"
    "\tCarriers []carrier.Client // dhl, ups, fedex, dpd, gls, postnl\n"
    "\tBudget   time.Duration    // RATEFAN_QUOTE_BUDGET, 900ms in production\n"
    "\tLog      *slog.Logger\n"
    "}\n\n"
    "type carrierQuote struct {\n"
    "\tcarrier string\n"
    "\tquote   *ratepb.RateQuote\n"
    "\terr     error\n"
    "}\n\n"
    "func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {\n"
    "\treq, err := parseRateRequest(r)\n"
    "\tif err != nil {\n"
    "\t\thttp.Error(w, err.Error(), http.StatusBadRequest)\n"
    "\t\treturn\n"
    "\t}\n\n"
)
_HANDLER_BODY = (
    "\tresults := make(chan carrierQuote)\n"
    "\tfor _, c := range h.Carriers {\n"
    "\t\tgo func(c carrier.Client) {\n"
    "\t\t\tq, err := c.Rate(context.Background(), req)\n"
    "\t\t\tresults <- carrierQuote{carrier: c.Name(), quote: q, err: err}\n"
    "\t\t}(c)\n"
    "\t}\n\n"
    "\tdeadline := time.After(h.Budget)\n"
    "\tvar quotes []Quote\n"
    "\tfor range h.Carriers {\n"
    "\t\tselect {\n"
    "\t\tcase res := <-results:\n"
    "\t\t\tif res.err != nil {\n"
    '\t\t\t\th.Log.Warn("carrier rate failed", "carrier", res.carrier, "err", res.err)\n'
    "\t\t\t\tcontinue\n"
    "\t\t\t}\n"
    "\t\t\tquotes = append(quotes, fromProto(res.carrier, res.quote))\n"
    "\t\tcase <-deadline:\n"
    '\t\t\th.Log.Info("quote budget spent", "budget", h.Budget, "got", len(quotes))\n'
    "\t\t\twriteQuotes(w, quotes)\n"
    "\t\t\treturn\n"
    "\t\t}\n"
    "\t}\n"
    "\twriteQuotes(w, quotes)\n"
    "}\n"
)
_HANDLER_SRC = _HANDLER_HEAD + _HANDLER_BODY


def _line(src: str, text: str) -> int:
    return next(i for i, line in enumerate(src.splitlines(), 1) if text in line)


_RATE_AT = _line(_HANDLER_SRC, "c.Rate(context.Background(), req)")
_SEND_AT = _line(_HANDLER_SRC, "results <- carrierQuote{")

_LOOK = (
    f"cat {_HANDLER} && grep -rn 'context.Background()' --include='*.go' internal cmd | "
    f"grep -v _test.go && ls deploy/prometheus && grep -n 'alert:' {_RULES}"
)

_PROFILE = (
    "kubectl -n ratefan exec deploy/ratefan -- wget -qO- "
    "'http://localhost:6060/debug/pprof/goroutine?debug=1' | head -n 28"
)

_FAKES = "(go run ./cmd/fakecarriers -listen :7070 -delay gls=30s > /tmp/fakes.log 2>&1 &)"
_START = (
    "(RATEFAN_CARRIERS_ADDR=localhost:7070 go run ./cmd/ratefan > /tmp/ratefan.log 2>&1 & "
    "echo $! > /tmp/ratefan.pid) && sleep 5"
)
_ATTACK = (
    "echo 'GET http://localhost:8080/v1/quotes?from=NL-1012AB&to=DE-10115&kg=2.5' | "
    "vegeta attack -duration=60s -rate=200 -timeout={timeout} | vegeta report"
)
_GOROUTINES = "curl -s 'localhost:6060/debug/pprof/goroutine?debug=1' | head -n 1"
_REPRO = f"{_FAKES} && {_START} && {_ATTACK.format(timeout='300ms')} && {_GOROUTINES}"

_POOL_SRC = (
    "// Package gopool bounds the goroutines ratefan starts for backend calls: a global\n"
    "// semaphore of MaxInFlight slots, and a watchdog that abandons the tasks running longer\n"
    "// than maxAge, so that a stuck backend cannot pile them up (RATE-341).\n"
    "package gopool\n\n"
    "import (\n"
    '\t"context"\n'
    '\t"sync"\n'
    '\t"sync/atomic"\n'
    '\t"time"\n'
    ")\n\n"
    "const MaxInFlight = 4096\n\n"
    "var (\n"
    "\tsem     = make(chan struct{}, MaxInFlight)\n"
    "\tmu      sync.Mutex\n"
    "\trunning = map[uint64]*task{}\n"
    "\tnextID  atomic.Uint64\n\n"
    "\t// InFlight and Abandoned are exported as ratefan_gopool_inflight and\n"
    "\t// ratefan_gopool_abandoned_total.\n"
    "\tInFlight  atomic.Int64\n"
    "\tAbandoned atomic.Int64\n"
    ")\n\n"
    "type task struct {\n"
    "\tstarted time.Time\n"
    "\tcancel  context.CancelFunc\n"
    "}\n\n"
    "// Go runs fn in a goroutine once a slot is free; the watchdog may cancel fn's context.\n"
    "func Go(fn func(ctx context.Context)) {\n"
    "\tsem <- struct{}{}\n"
    "\tInFlight.Add(1)\n"
    "\tctx, cancel := context.WithCancel(context.Background())\n"
    "\tid := nextID.Add(1)\n"
    "\tmu.Lock()\n"
    "\trunning[id] = &task{started: time.Now(), cancel: cancel}\n"
    "\tmu.Unlock()\n"
    "\tgo func() {\n"
    "\t\tdefer release(id)\n"
    "\t\tfn(ctx)\n"
    "\t}()\n"
    "}\n\n"
    "func release(id uint64) {\n"
    "\tmu.Lock()\n"
    "\tt, ok := running[id]\n"
    "\tdelete(running, id)\n"
    "\tmu.Unlock()\n"
    "\tif ok {\n"
    "\t\tt.cancel()\n"
    "\t\tInFlight.Add(-1)\n"
    "\t\t<-sem\n"
    "\t}\n"
    "}\n\n"
    "// StartWatchdog cancels and forgets every task older than maxAge, freeing its slot.\n"
    "func StartWatchdog(ctx context.Context, maxAge time.Duration) {\n"
    "\tgo func() {\n"
    "\t\ttick := time.NewTicker(time.Second)\n"
    "\t\tdefer tick.Stop()\n"
    "\t\tfor {\n"
    "\t\t\tselect {\n"
    "\t\t\tcase <-ctx.Done():\n"
    "\t\t\t\treturn\n"
    "\t\t\tcase now := <-tick.C:\n"
    "\t\t\t\tmu.Lock()\n"
    "\t\t\t\tfor id, t := range running {\n"
    "\t\t\t\t\tif now.Sub(t.started) > maxAge {\n"
    "\t\t\t\t\t\tt.cancel()\n"
    "\t\t\t\t\t\tdelete(running, id)\n"
    "\t\t\t\t\t\tInFlight.Add(-1)\n"
    "\t\t\t\t\t\tAbandoned.Add(1)\n"
    "\t\t\t\t\t\t<-sem\n"
    "\t\t\t\t\t}\n"
    "\t\t\t\t}\n"
    "\t\t\t\tmu.Unlock()\n"
    "\t\t\t}\n"
    "\t\t}\n"
    "\t}()\n"
    "}\n"
)

_POOL_BODY = (
    "\tresults := make(chan carrierQuote)\n"
    "\tfor _, c := range h.Carriers {\n"
    "\t\tgopool.Go(func(ctx context.Context) {\n"
    "\t\t\tq, err := c.Rate(ctx, req)\n"
    "\t\t\tresults <- carrierQuote{carrier: c.Name(), quote: q, err: err}\n"
    "\t\t})\n"
    "\t}\n"
)

_POOL_RUN = (
    f"go build ./... && go test -race ./internal/gopool/ ./internal/quote/ && kill $(cat "
    f"/tmp/ratefan.pid) && {_START} && {_ATTACK.format(timeout='2s')} && curl -s "
    "localhost:6060/metrics | grep gopool"
)

_FINAL_BODY = (
    "\t// The carrier calls end when the client goes away or the budget is spent, whichever\n"
    "\t// comes first (RATE-341: with context.Background() they outlived both).\n"
    "\tctx, cancel := context.WithTimeout(r.Context(), h.Budget)\n"
    "\tdefer cancel()\n"
    "\tg, ctx := errgroup.WithContext(ctx)\n\n"
    "\t// One slot per carrier: a late sender never waits for a reader.\n"
    "\tresults := make(chan carrierQuote, len(h.Carriers))\n"
    "\tfor _, c := range h.Carriers {\n"
    "\t\tg.Go(func() error {\n"
    "\t\t\tq, err := c.Rate(ctx, req)\n"
    "\t\t\tif err != nil {\n"
    "\t\t\t\t// logged, not returned: errgroup would cancel the other carriers' calls\n"
    '\t\t\t\th.Log.Warn("carrier rate failed", "carrier", c.Name(), "err", err)\n'
    "\t\t\t\treturn nil\n"
    "\t\t\t}\n"
    "\t\t\tresults <- carrierQuote{carrier: c.Name(), quote: q}\n"
    "\t\t\treturn nil\n"
    "\t\t})\n"
    "\t}\n"
    "\t_ = g.Wait() // every call has returned: the budget or the disconnect ended the rest\n"
    "\tclose(results)\n\n"
    "\tif r.Context().Err() != nil {\n"
    "\t\treturn // the client is gone, nobody reads the answer\n"
    "\t}\n"
    "\tquotes := make([]Quote, 0, len(h.Carriers))\n"
    "\tfor res := range results {\n"
    "\t\tquotes = append(quotes, fromProto(res.carrier, res.quote))\n"
    "\t}\n"
    "\twriteQuotes(w, quotes)\n"
    "}\n"
)
_FINAL_SRC = (
    _HANDLER_HEAD.replace(
        '\t"time"\n\n',
        '\t"time"\n\n\t"golang.org/x/sync/errgroup"\n\n',
    )
    + _FINAL_BODY
)
_RETURN_NIL_AT = _line(_FINAL_SRC, "logged, not returned")

_LEAK_SRC = (
    "package quote\n\n"
    "import (\n"
    '\t"context"\n'
    '\t"net/http"\n'
    '\t"net/http/httptest"\n'
    '\t"runtime"\n'
    '\t"sync"\n'
    '\t"testing"\n'
    '\t"time"\n\n'
    '\t"google.golang.org/grpc/codes"\n'
    '\t"google.golang.org/grpc/status"\n\n'
    f'\t"{_MOD}/internal/carrier/fakecarrier"\n'
    ")\n\n"
    "// RATE-341: a client that goes away takes its carrier calls with it. Ten rounds of 300\n"
    "// requests that give up after 20 ms, against six carriers that take 10 s to answer.\n"
    "func TestClientDisconnectCancelsCarrierCalls(t *testing.T) {\n"
    "\th := newTestHandler(t, fakecarrier.Six(fakecarrier.Config{Delay: 10 * time.Second})...)\n"
    "\th.Budget = 5 * time.Second\n"
    "\tsrv := httptest.NewServer(h)\n"
    "\tdefer srv.Close()\n\n"
    "\tbase := runtime.NumGoroutine()\n"
    "\tfor round := 0; round < 10; round++ {\n"
    "\t\tvar wg sync.WaitGroup\n"
    "\t\tfor i := 0; i < 300; i++ {\n"
    "\t\t\twg.Add(1)\n"
    "\t\t\tgo func() {\n"
    "\t\t\t\tdefer wg.Done()\n"
    "\t\t\t\tctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)\n"
    "\t\t\t\tdefer cancel()\n"
    '\t\t\t\treq, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/v1/quotes?"+testQuery, '
    "nil)\n"
    "\t\t\t\tif resp, err := srv.Client().Do(req); err == nil {\n"
    "\t\t\t\t\tresp.Body.Close()\n"
    "\t\t\t\t}\n"
    "\t\t\t}()\n"
    "\t\t}\n"
    "\t\twg.Wait()\n"
    "\t}\n"
    "\tsrv.Client().CloseIdleConnections()\n\n"
    "\twant := base + 50\n"
    "\tfor end := time.Now().Add(3 * time.Second); time.Now().Before(end); {\n"
    "\t\tif runtime.NumGoroutine() <= want {\n"
    "\t\t\treturn\n"
    "\t\t}\n"
    "\t\ttime.Sleep(50 * time.Millisecond)\n"
    "\t}\n"
    '\tt.Fatalf("goroutines: %d after 3s, want <= %d (base %d + 50)", runtime.NumGoroutine(), '
    "want, base)\n"
    "}\n\n"
    "// A carrier that answers after the budget is left out, and its goroutine still ends.\n"
    "func TestLateCarrierDoesNotBlock(t *testing.T) {\n"
    "\tservers := fakecarrier.Six(fakecarrier.Config{})\n"
    "\tservers[4].Delay = 2 * time.Second // gls\n"
    "\th := newTestHandler(t, servers...)\n"
    "\th.Budget = 200 * time.Millisecond\n"
    "\tbase := runtime.NumGoroutine()\n\n"
    "\tgot := getQuotes(t, h)\n"
    '\tif len(got) != 5 || hasCarrier(got, "gls") {\n'
    '\t\tt.Fatalf("quotes: %v, want the five carriers but gls", carrierNames(got))\n'
    "\t}\n"
    "\tif n := runtime.NumGoroutine(); n > base+5 {\n"
    '\t\tt.Fatalf("goroutines: %d after the answer, want <= %d", n, base+5)\n'
    "\t}\n"
    "}\n\n"
    "// One carrier's error must not cancel the others' calls (errgroup.WithContext would).\n"
    "func TestOneCarrierErrorKeepsOthers(t *testing.T) {\n"
    "\tservers := fakecarrier.Six(fakecarrier.Config{Delay: 50 * time.Millisecond})\n"
    '\tservers[0].Err = status.Error(codes.Unavailable, "dhl: upstream 503")\n'
    "\tservers[0].Delay = 0\n"
    "\tgot := getQuotes(t, newTestHandler(t, servers...))\n"
    "\tif len(got) != 5 {\n"
    '\t\tt.Fatalf("quotes: %v, want the five carriers but dhl", carrierNames(got))\n'
    "\t}\n"
    "}\n"
)

_FAKE_HEAD = (
    "package fakecarrier\n\n"
    "import (\n"
    '\t"context"\n'
    '\t"sync/atomic"\n'
    '\t"time"\n\n'
    f'\tratepb "{_MOD}/gen/rate/v1"\n'
    ")\n\n"
    "// Server is one carrier's Rate service for the tests, served over bufconn by Start.\n"
    "type Server struct {\n"
    "\tratepb.UnimplementedCarrierServer\n\n"
    "\tName  string\n"
    "\tDelay time.Duration // how long Rate takes to answer\n"
    "\tErr   error         // what Rate answers instead of a quote, if set\n"
    "\tPrice int64         // cents\n\n"
    "\tcalls atomic.Int64\n"
    "}\n\n"
    "func (s *Server) Rate(ctx context.Context, req *ratepb.RateRequest) (*ratepb.RateQuote, "
    "error) {\n"
    "\ts.calls.Add(1)\n"
)
_FAKE_SLEEP = "\tif s.Delay > 0 {\n\t\ttime.Sleep(s.Delay)\n\t}\n"
_FAKE_TAIL = (
    "\tif s.Err != nil {\n"
    "\t\treturn nil, s.Err\n"
    "\t}\n"
    '\treturn &ratepb.RateQuote{Carrier: s.Name, PriceCents: s.Price, Currency: "EUR", '
    "TransitDays: 2}, nil\n"
    "}\n\n"
    "// Calls is how many Rate calls the server has had.\n"
    "func (s *Server) Calls() int64 { return s.calls.Load() }\n"
)
_FAKE_SRC = _FAKE_HEAD + _FAKE_SLEEP + _FAKE_TAIL
_SLEEP_AT = _line(_FAKE_SRC, "time.Sleep(s.Delay)")
_FAKE_WAIT = (
    "\tif s.Delay > 0 {\n"
    "\t\t// as a carrier's own server does: the call ends when its caller cancels it\n"
    "\t\tselect {\n"
    "\t\tcase <-time.After(s.Delay):\n"
    "\t\tcase <-ctx.Done():\n"
    "\t\t\treturn nil, status.FromContextError(ctx.Err()).Err()\n"
    "\t\t}\n"
    "\t}\n"
)

_LEAK_RUN = "go test -race ./internal/quote/"
_FAILED = (
    "--- FAIL: TestClientDisconnectCancelsCarrierCalls ({secs}s)\n"
    "    handler_leak_test.go:{at}: goroutines: {n} after 3s, want <= 88 (base 38 + 50)\n"
    "FAIL\n"
    f"FAIL\t{_MOD}/internal/quote\t{{total}}s\n"
    "FAIL\n"
)
_LEAK_FAIL_AT = _line(_LEAK_SRC, 't.Fatalf("goroutines: %d after 3s')
_CLEAN = "go clean -cache -testcache && go test -race -count=1 ./internal/quote/"
_DUMP_RUN = (
    "go test -race -count=1 -run TestClientDisconnectCancelsCarrierCalls ./internal/quote/ "
    "2>&1 | head -n 24"
)
_DUMP_OLD = (
    '\tt.Fatalf("goroutines: %d after 3s, want <= %d (base %d + 50)", runtime.NumGoroutine(), '
    "want, base)\n"
)
_DUMP_NEW = (
    '\tpprof.Lookup("goroutine").WriteTo(os.Stderr, 1) // which goroutines are left, and where\n'
    + _DUMP_OLD
)

_ALL_TESTS = (
    "go vet ./... && go test -race -count=1 ./... && go test -race -count=1 -v ./internal/quote/ "
    "| grep -cE '^--- PASS'"
)
_CHECK = (
    f"kill $(cat /tmp/ratefan.pid) && {_START} && {_GOROUTINES} && "
    f"{_ATTACK.format(timeout='300ms')} && sleep 2 && {_GOROUTINES}"
)
_PR = (
    "git checkout -b rate-341-fanout-ctx && git add -A && git commit -m 'quote: end the "
    "carrier calls with the request, buffer the results (RATE-341)' && git push -u origin HEAD "
    "&& gh pr create --fill"
)
_POINT1 = (
    f"grep -n 'return nil' {_HANDLER} && go test -race -count=1 -run "
    "'TestOneCarrierErrorKeepsOthers|TestLateCarrierDoesNotBlock' -v ./internal/quote/ | grep "
    "-E '^(--- |ok|FAIL)'"
)

s = Script(
    "You are a coding assistant working in the ratefan repository (Go 1.22, an HTTP service "
    "that asks six parcel carriers for shipping rates over gRPC (google.golang.org/grpc "
    "v1.63), generated stubs in gen/rate/v1, bufconn fakes of the carriers in "
    "internal/carrier/fakecarrier, go test -race, Prometheus alert rules in deploy/prometheus, "
    "deployed to Kubernetes). You can read, write and edit files and run shell commands "
    "through the tools you are given."
)
s.user(
    "RATE-341: ratefan's pods get OOM-killed about every 26 hours. go_goroutines in Grafana "
    "goes from about 200 after a deploy to 40,000 by the next day, resident memory climbs "
    "with it to 2.3 GiB, and the limit is 2.5 GiB, so a pod dies mid-afternoon and the "
    "checkout's rate widget shows 'no shipping options' for a minute. Latency of /v1/quotes "
    "looks normal. It started around when the checkout began asking for quotes on every "
    "keystroke of the postcode. Find the leak and fix it; staging has pprof on :6060."
)
s.call(
    "run_command",
    f"$ {_LOOK}\n{_HANDLER_SRC}"
    f"{_HANDLER}:{_RATE_AT}:\t\t\tq, err := c.Rate(context.Background(), req)\n"
    f"{_MAIN}:31:\tctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, "
    "syscall.SIGTERM)\n"
    "ratefan.rules.yml\n"
    "quote-sync.rules.yml\n"
    "12:  - alert: RatefanHighErrorRate\n"
    "24:  - alert: RatefanQuoteLatencyHigh\n"
    "36:  - alert: RatefanOOMKilled\n",
    command=_LOOK,
)
s.call(
    "run_command",
    f"$ {_PROFILE}\n"
    "goroutine profile: total 38412\n"
    "37104 @ 0x43e2ae 0x40a0c5 0x409c58 0x9b1d25 0x474a81\n"
    "#\t0x40a0c4\truntime.chansend1+0x24\t\t\t\t\t\t/usr/local/go/src/runtime/chan.go:145\n"
    f"#\t0x9b1d24\t{_MOD}/internal/quote.(*Handler).ServeHTTP.func1+0x104\t"
    f"/src/internal/quote/handler.go:{_SEND_AT}\n"
    "\n"
    "1196 @ 0x43e2ae 0x44e8c5 0x7f3a14 0x7f2c8b 0x8a1e77 0x8a2b31 0x9b1cf0 0x474a81\n"
    "#\t0x7f3a13\tgoogle.golang.org/grpc/internal/transport.(*Stream).waitOnHeader+0x93\t"
    "/go/pkg/mod/google.golang.org/grpc@v1.63.2/internal/transport/transport.go:331\n"
    "#\t0x7f2c8a\tgoogle.golang.org/grpc/internal/transport.(*Stream).RecvCompress+0x2a\t"
    "/go/pkg/mod/google.golang.org/grpc@v1.63.2/internal/transport/transport.go:346\n"
    "#\t0x8a1e76\tgoogle.golang.org/grpc.(*csAttempt).recvMsg+0x2f6\t"
    "/go/pkg/mod/google.golang.org/grpc@v1.63.2/stream.go:1086\n"
    "#\t0x8a2b30\tgoogle.golang.org/grpc.invoke+0x110\t"
    "/go/pkg/mod/google.golang.org/grpc@v1.63.2/call.go:73\n"
    f"#\t0x9b1cef\t{_MOD}/internal/quote.(*Handler).ServeHTTP.func1+0xcf\t"
    f"/src/internal/quote/handler.go:{_RATE_AT}\n"
    "\n"
    "38 @ 0x43e2ae 0x436f17 0x46e7e5 0x4e3c87 0x4e4f5a 0x4e4f48 0x5a7a05 0x5b8c65 0x6a1f8b\n"
    "#\t0x46e7e4\tinternal/poll.runtime_pollWait+0x84\t/usr/local/go/src/runtime/netpoll.go:345\n"
    "[... 41 more stacks, 74 goroutines: the HTTP server, the gRPC transports, the metrics "
    "...]\n",
    "ServeHTTP starts a goroutine per carrier and calls Rate with context.Background(), and "
    "the results channel is unbuffered. Looking at a staging pod's goroutines.",
    command=_PROFILE,
)
s.call(
    "run_command",
    f"$ {_REPRO}\n"
    "Requests      [total, rate, throughput]         12000, 200.02, 0.00\n"
    "Duration      [total, attack, wait]             1m0s, 59.995s, 300.412ms\n"
    "Latencies     [min, mean, 50, 90, 95, 99, max]  300.087ms, 300.391ms, 300.311ms, "
    "300.622ms, 300.744ms, 301.209ms, 304.876ms\n"
    "Bytes In      [total, mean]                     0, 0.00\n"
    "Bytes Out     [total, mean]                     0, 0.00\n"
    "Success       [ratio]                           0.00%\n"
    "Status Codes  [code:count]                      0:12000\n"
    "Error Set:\n"
    'Get "http://localhost:8080/v1/quotes?from=NL-1012AB&to=DE-10115&kg=2.5": context deadline '
    "exceeded (Client.Timeout exceeded while awaiting headers)\n"
    "goroutine profile: total 12241\n",
    f"37,104 of the 38,412 goroutines sit in the send at handler.go:{_SEND_AT} and 1,196 more "
    f"wait in a gRPC call started at line {_RATE_AT}. Once the 900 ms budget is spent the "
    "handler returns and nobody reads the channel, so every carrier that answers late blocks "
    "in its send for ever; and since the calls run on context.Background(), a client that "
    "gives up (the checkout cancels the previous request on each keystroke) cancels nothing. "
    "Reproducing locally: the fake carriers with gls answering after 30 s, 200 requests a "
    "second for 60 s, each client giving up after 300 ms.",
    command=_REPRO,
)
s.call(
    "write_file",
    f"Wrote {_POOL} ({len(_POOL_SRC.splitlines())} lines)",
    "Reproduced: 12,000 requests leave 12,241 goroutines, one per request, the gls call "
    "stuck in its send. Plan: a small package that bounds the goroutines ratefan starts for "
    "backend calls, internal/gopool: a global semaphore of 4,096 slots that Go() takes before "
    "it starts one, and a watchdog that every second cancels the tasks older than 5 s and "
    "frees their slots, so a stuck backend can never pile up more than 4,096 goroutines.",
    path=_POOL,
    content=_POOL_SRC,
)
s.call(
    "edit_file",
    f"Edited {_HANDLER}: 2 hunks, +6 -5",
    path=_HANDLER,
    edits=[
        {
            "old_string": f'\t"{_MOD}/internal/carrier"\n',
            "new_string": f'\t"{_MOD}/internal/carrier"\n\t"{_MOD}/internal/gopool"\n',
        },
        {
            "old_string": _HANDLER_BODY.split("\n\n")[0] + "\n",
            "new_string": _POOL_BODY,
        },
    ],
)
s.call(
    "edit_file",
    f"Edited {_MAIN}: 2 hunks, +3 -0",
    "The watchdog starts with the service, on the signal context.",
    path=_MAIN,
    edits=[
        {
            "old_string": f'\t"{_MOD}/internal/config"\n',
            "new_string": f'\t"{_MOD}/internal/config"\n\t"{_MOD}/internal/gopool"\n',
        },
        {
            "old_string": "\tdefer stop()\n",
            "new_string": "\tdefer stop()\n\n\tgopool.StartWatchdog(ctx, 5*time.Second) // "
            "RATE-341\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ {_POOL_RUN}\n"
    f"ok  \t{_MOD}/internal/gopool\t1.184s\n"
    f"ok  \t{_MOD}/internal/quote\t2.031s\n"
    "Requests      [total, rate, throughput]         12000, 200.02, 187.61\n"
    "Duration      [total, attack, wait]             1m1s, 59.995s, 1.412s\n"
    "Latencies     [min, mean, 50, 90, 95, 99, max]  41.208ms, 622.914ms, 903.118ms, "
    "1.204s, 1.517s, 1.911s, 2s\n"
    "Success       [ratio]                           96.18%\n"
    "Status Codes  [code:count]                      0:458  200:11542\n"
    "# HELP ratefan_gopool_inflight Backend calls holding a gopool slot.\n"
    "# TYPE ratefan_gopool_inflight gauge\n"
    "ratefan_gopool_inflight 4096\n"
    "# HELP ratefan_gopool_abandoned_total Tasks the watchdog cancelled and freed.\n"
    "# TYPE ratefan_gopool_abandoned_total counter\n"
    "ratefan_gopool_abandoned_total 9212\n",
    command=_POOL_RUN,
)
s.say(
    "With internal/gopool the backend calls in flight stop at 4,096 slots, and the watchdog "
    "abandoned 9,212 gls calls older than 5 s in the minute; p99 went to 1.91 s, as requests "
    "now wait for a slot while gls holds them. The cap would keep a pod far from the 2.5 GiB "
    "limit. Shall I add ratefan_gopool_inflight to the dashboard and open the PR?"
)
s.user(
    "No pool. A global semaphore means one stuck carrier takes every slot: gls hung for 30 "
    "seconds last Tuesday, and with this every quote for every carrier waits behind it, which "
    "is your 1.91 s p99. And the watchdog doesn't kill anything: Go can't kill a goroutine, "
    "cancelling a context it made does nothing to a goroutine blocked in a send on an "
    "unbuffered channel, it only stops counting it, so those 9,212 are still there. It's also "
    "a whole new package for a bug in twenty lines of one handler. Fix the handler itself: the "
    "carrier calls get their context from r.Context(), under the budget the handler already "
    "has, through errgroup.WithContext, so a client that goes away cancels its calls; and the "
    "results channel buffered to the number of carriers, so a late sender never blocks. "
    "Delete internal/gopool and put handler.go and main.go back before you start. And a test "
    "that shows a disconnect leaves no goroutines behind, under go test -race."
)
s.call(
    "run_command",
    f"$ rm -r internal/gopool && git checkout -- {_HANDLER} {_MAIN} && git status --short\n",
    command=f"rm -r internal/gopool && git checkout -- {_HANDLER} {_MAIN} && git status --short",
)
s.call(
    "run_command",
    "$ go get golang.org/x/sync@v0.7.0 && grep -n 'golang.org/x/sync\\|^go ' go.mod\n"
    "go: added golang.org/x/sync v0.7.0\n"
    "3:go 1.22.3\n"
    "12:\tgolang.org/x/sync v0.7.0\n",
    "internal/gopool is gone and handler.go and main.go are as they were; the tree is clean. "
    "errgroup is in golang.org/x/sync, not yet a dependency.",
    command="go get golang.org/x/sync@v0.7.0 && grep -n 'golang.org/x/sync\\|^go ' go.mod",
)
s.call(
    "edit_file",
    f"Edited {_HANDLER}: 2 hunks, +27 -21",
    "go.mod says go 1.22.3, so each iteration of the loop has its own c and the closures need "
    "no parameter. The calls' context is r.Context() under the budget, through "
    "errgroup.WithContext; a carrier's error is logged and not returned, since errgroup "
    "cancels the group's context on the first error and would take the other carriers' calls "
    "with it. The channel has a slot per carrier, and the handler waits for the group, which "
    "the budget bounds, so the answer stays within 900 ms.",
    path=_HANDLER,
    edits=[
        {
            "old_string": '\t"time"\n\n',
            "new_string": '\t"time"\n\n\t"golang.org/x/sync/errgroup"\n\n',
        },
        {"old_string": _HANDLER_BODY, "new_string": _FINAL_BODY},
    ],
)
s.call(
    "write_file",
    f"Wrote {_LEAK} ({len(_LEAK_SRC.splitlines())} lines)",
    "Three tests: ten rounds of 300 clients that give up after 20 ms against six carriers "
    "taking 10 s, after which the goroutines must be back within 50 of where they were in 3 "
    "s; a late gls left out of the answer without leaving its goroutine; and one carrier's "
    "Unavailable not cancelling the other five. newTestHandler, getQuotes and testQuery are "
    f"the helpers in {_HTEST}.",
    path=_LEAK,
    content=_LEAK_SRC,
)
s.call(
    "run_command",
    f"$ {_LEAK_RUN}\n" + _FAILED.format(secs="3.41", at=_LEAK_FAIL_AT, n=18046, total="5.127"),
    command=_LEAK_RUN,
)
s.call(
    "run_command",
    f"$ {_CLEAN}\n" + _FAILED.format(secs="3.44", at=_LEAK_FAIL_AT, n=18051, total="9.882"),
    "18,046 goroutines left, almost exactly 10 × 300 requests × 6 carrier calls: what the old "
    "handler with context.Background() would leave. The handler was checked out and edited "
    "in the last few minutes, so this looks like a stale test binary from the build cache, "
    "built from handler.go before the edit. Clearing the build and test caches and running "
    "it again with -count=1.",
    command=_CLEAN,
)
s.call(
    "edit_file",
    f"Edited {_LEAK}: 2 hunks, +3 -0",
    "The same failure, 18,051, after go clean -cache -testcache and -count=1: not a stale "
    "binary. The test is to say which goroutines are left when it fails, with the goroutine "
    "profile.",
    path=_LEAK,
    edits=[
        {
            "old_string": '\t"runtime"\n',
            "new_string": '\t"os"\n\t"runtime"\n\t"runtime/pprof"\n',
        },
        {"old_string": _DUMP_OLD, "new_string": _DUMP_NEW},
    ],
)
s.call(
    "run_command",
    f"$ {_DUMP_RUN}\n"
    "goroutine profile: total 18049\n"
    "18000 @ 0x4487ae 0x4843e5 0xb2c1d8 0xb2b0c6 0xa8f4b1 0xa93d8c 0xa8d0f7 0x47b0a1\n"
    "#\t0x4843e4\ttime.Sleep+0x124\t\t\t\t\t\t\t/usr/local/go/src/runtime/time.go:195\n"
    f"#\t0xb2c1d7\t{_MOD}/internal/carrier/fakecarrier.(*Server).Rate+0x97\t"
    f"{_HOME}/{_FAKE}:{_SLEEP_AT}\n"
    f"#\t0xb2b0c5\t{_MOD}/gen/rate/v1._Carrier_Rate_Handler+0x1c5\t"
    f"{_HOME}/gen/rate/v1/rate_grpc.pb.go:104\n"
    "#\t0xa8f4b0\tgoogle.golang.org/grpc.(*Server).processUnaryRPC+0xe10\t"
    "/root/go/pkg/mod/google.golang.org/grpc@v1.63.2/server.go:1369\n"
    "#\t0xa93d8b\tgoogle.golang.org/grpc.(*Server).handleStream+0xfeb\t"
    "/root/go/pkg/mod/google.golang.org/grpc@v1.63.2/server.go:1780\n"
    "#\t0xa8d0f6\tgoogle.golang.org/grpc.(*Server).serveStreams.func2.1+0x56\t"
    "/root/go/pkg/mod/google.golang.org/grpc@v1.63.2/server.go:1019\n"
    "\n"
    "12 @ 0x4487ae 0x440c37 0x47a2a5 0x4f0e27 0x4f21fa 0x4f21e8 0x5c1e05 0xa61c4f 0x47b0a1\n"
    "#\t0x47a2a4\tinternal/poll.runtime_pollWait+0x84\t/usr/local/go/src/runtime/netpoll.go:345\n"
    "[... 23 more stacks, 37 goroutines: the test runner, bufconn listeners, gRPC transports "
    "...]\n"
    "--- FAIL: TestClientDisconnectCancelsCarrierCalls (3.43s)\n"
    f"    handler_leak_test.go:{_LEAK_FAIL_AT + 3}: goroutines: 18049 after 3s, want <= 88 "
    "(base 38 + 50)\n"
    "FAIL\n"
    f"FAIL\t{_MOD}/internal/quote\t5.214s\n"
    "FAIL\n",
    command=_DUMP_RUN,
)
s.call(
    "run_command",
    f"$ cat {_FAKE}\n{_FAKE_SRC}",
    "None of the 18,000 is the handler's: they are the fake carriers' server side, in "
    "fakecarrier.(*Server).Rate, sleeping. The handler's calls were cancelled; the gRPC server "
    "cancelled their stream contexts, but the fake never looks at its context.",
    command=f"cat {_FAKE}",
)
s.call(
    "edit_file",
    f"Edited {_FAKE}: 2 hunks, +9 -2",
    f"Line {_SLEEP_AT}: the fake sleeps its Delay with time.Sleep whatever happens to the call, "
    "so the test's own fakes keep every call of the 3,000 cancelled requests alive for 10 s. "
    "Until now only TestSlowCarrierIsLeftOut used a Delay, 2 s, and never counted goroutines. "
    "A real carrier's server stops when the call is cancelled; the fake has to wait on "
    "ctx.Done() as well.",
    path=_FAKE,
    edits=[
        {
            "old_string": '\t"time"\n\n',
            "new_string": '\t"time"\n\n\t"google.golang.org/grpc/status"\n\n',
        },
        {"old_string": _FAKE_SLEEP, "new_string": _FAKE_WAIT},
    ],
)
s.call(
    "run_command",
    f"$ {_ALL_TESTS}\n"
    f"?   \t{_MOD}/cmd/fakecarriers\t[no test files]\n"
    f"?   \t{_MOD}/cmd/ratefan\t[no test files]\n"
    f"?   \t{_MOD}/gen/rate/v1\t[no test files]\n"
    f"ok  \t{_MOD}/internal/carrier\t1.212s\n"
    f"ok  \t{_MOD}/internal/carrier/fakecarrier\t1.087s\n"
    f"ok  \t{_MOD}/internal/config\t1.019s\n"
    f"ok  \t{_MOD}/internal/httpserver\t1.344s\n"
    f"ok  \t{_MOD}/internal/quote\t4.871s\n"
    "14\n",
    command=_ALL_TESTS,
)
s.call(
    "run_command",
    f"$ {_CHECK}\n"
    "goroutine profile: total 214\n"
    "Requests      [total, rate, throughput]         12000, 200.02, 0.00\n"
    "Duration      [total, attack, wait]             1m0s, 59.995s, 300.377ms\n"
    "Latencies     [min, mean, 50, 90, 95, 99, max]  300.062ms, 300.318ms, 300.254ms, "
    "300.571ms, 300.702ms, 301.144ms, 303.918ms\n"
    "Success       [ratio]                           0.00%\n"
    "Status Codes  [code:count]                      0:12000\n"
    "goroutine profile: total 231\n",
    "go vet is clean and go test -race passes everywhere, the 14 tests of internal/quote "
    "with it. The same load as the repro against the fixed service, with gls at 30 s.",
    command=_CHECK,
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'rate-341-fanout-ctx'\n"
    "[rate-341-fanout-ctx 4e7a0c2] quote: end the carrier calls with the request, buffer the "
    "results (RATE-341)\n"
    " 5 files changed, 138 insertions(+), 21 deletions(-)\n"
    f" create mode 100644 {_LEAK}\n"
    "branch 'rate-341-fanout-ctx' set up to track 'origin/rate-341-fanout-ctx'.\n"
    "https://github.com/tidewell/ratefan/pull/612\n",
    "The repro's 12,000 abandoned requests now leave 231 goroutines, against 214 before the "
    "load and 12,241 with the old handler. Committing handler.go, the new test, the fake's "
    "fix and go.mod/go.sum, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Tomasz reviewed #612:\n"
    "1. errgroup.WithContext cancels the group's context on the first error a func returns, "
    "so one carrier answering Unavailable would cancel the other five calls. Make sure a "
    "carrier's error doesn't do that.\n"
    "2. Why not keep context.Background() and give each call context.WithTimeout(900ms)? A "
    "smaller diff, and it bounds the calls just as well.\n"
    "3. The carrier conns have no keepalive, so a connection that dies silently (the gls "
    "hang last Tuesday) holds its calls until TCP gives up. Add keepalive.ClientParameters "
    "to the dial options.\n"
    "4. Nothing told us before the OOM. Add an alert on go_goroutines.\n\n"
    "My answers:\n"
    "1: I think you did that already; check and tell him.\n"
    "2: reply: a timeout alone still runs every call of a client that's gone for the full "
    "900 ms, and they count against the carriers' rate limits; since the keystroke change "
    "about a third of the quote requests are cancelled by the checkout. From r.Context() "
    "they stop at the disconnect.\n"
    "3: that's RATE-352, not this PR: the dial options are shared with quote-sync and the "
    "platform team wants them in one place.\n"
    '4: yes, in this PR: RatefanGoroutinesHigh, go_goroutines{job="ratefan"} > 5000 for 15m, '
    "severity warning, next to the OOM alert in our rules file, and check it with promtool "
    "check rules."
)
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    f"{_RETURN_NIL_AT + 2}:\t\t\t\treturn nil\n"
    f"{_RETURN_NIL_AT + 5}:\t\t\treturn nil\n"
    "--- PASS: TestLateCarrierDoesNotBlock (0.21s)\n"
    "--- PASS: TestOneCarrierErrorKeepsOthers (0.06s)\n"
    f"ok  \t{_MOD}/internal/quote\t1.311s\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 612 --body-file /tmp/pr612.md\n"
    "https://github.com/tidewell/ratefan/pull/612#issuecomment-2264810\n",
    f"Point 1 is in: the funcs log a carrier's error and return nil (handler.go line "
    f"{_RETURN_NIL_AT + 2}), so the group's context is never cancelled by one carrier, and "
    "TestOneCarrierErrorKeepsOthers passes with dhl answering Unavailable. Posting the reply "
    "to Tomasz on points 1 and 2.",
    command="gh pr comment 612 --body-file /tmp/pr612.md",
)
s.say(
    "Replied to Tomasz on #612. Point 1 was in before his review: a carrier's error is logged "
    "and the func returns nil, so errgroup never cancels the others, and "
    "TestOneCarrierErrorKeepsOthers covers it. On point 2 the reply says why the calls take "
    "r.Context() and not a timeout on context.Background(): the calls of a client that went "
    "away stop at the disconnect instead of running 900 ms against the carriers' rate limits. "
    "Point 3 next: I'll add keepalive.ClientParameters{Time: 30s, Timeout: 10s} to the "
    f"carrier dial options in {_DIAL}, so a connection that dies silently fails its calls "
    "within seconds."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "RATE-341: ratefan's pods are OOM-killed about every 26 hours: go_goroutines "
             "climbs from about 200 to 40,000 over a day and memory to 2.3 GiB against a 2.5 "
             "GiB limit, since the checkout asks for quotes on every keystroke; the cause is "
             "Handler.ServeHTTP (GET /v1/quotes) starting a goroutine per carrier call with "
             "context.Background() and an unbuffered results channel, so late senders block "
             "for ever; find the leak and fix it.",
             must=(("rate-341", "ratefan", "/v1/quotes", "goroutine leak", "leak"),
                   ("40,000", "oom", "2.5 gib", "context.background()", "unbuffered")),
             partial_means="The OOM-killed pods without the cause (a goroutine per carrier "
                           "call on context.Background(), an unbuffered channel), or the "
                           "ticket alone.",
             wrong="A memory leak in the gRPC library; too small a memory limit; slow "
                   "latency."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #612 with the user's answers: point 1 (a carrier's error "
             "must not cancel the others) should already be done, check and tell him; point "
             "2, reply why not a per-call timeout on context.Background() (the calls of a "
             "client that's gone still run 900 ms against the carriers' rate limits, a third "
             "of the requests are cancelled); point 3, keepalive in the dial options is "
             "RATE-352, not this PR; point 4, in this PR: a RatefanGoroutinesHigh alert, "
             "go_goroutines{job=\"ratefan\"} > 5000 for 15m, severity warning, next to the OOM "
             "alert, checked with promtool check rules.",
             must=(("ratefangoroutineshigh", "go_goroutines", "alert"),
                   ("tomasz", "rate-352", "keepalive", "context.withtimeout", "#612")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answers"),
             partial_means="One of the points to act on, without the alert or without the "
                           "others.",
             wrong="Adding keepalive to the dial options now; keeping context.Background() "
                   "with a timeout.",
             stale_means="The no-pool correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's point 4, the one left: add the RatefanGoroutinesHigh alert "
             "(go_goroutines{job=\"ratefan\"} > 5000 for 15m, severity warning) next to "
             "RatefanOOMKilled in deploy/prometheus/ratefan.rules.yml, check it with promtool "
             "check rules, then commit and push to #612.",
             must=(("ratefangoroutineshigh", "go_goroutines", "alert"),
                   ("ratefan.rules.yml", "deploy/prometheus", "ratefanoomkilled")),
             stale=("keepalive", "dial.go", "gopool", "watchdog", "ratefan_gopool_inflight"),
             partial_means="Says to add the goroutine alert without where (next to "
                           "RatefanOOMKilled in deploy/prometheus/ratefan.rules.yml), or to push "
                           "without it.",
             wrong="Raising the pods' memory limit; adding a goroutine cap.",
             stale_means="Says to add keepalive.ClientParameters to the carrier dial options "
                         "in internal/carrier/dial.go (put off by the user to RATE-352), to "
                         "make a carrier's error not cancel the others (already in), or to add "
                         "ratefan_gopool_inflight to the dashboard (gopool ruled out, "
                         "deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "internal/quote/handler.go (the carrier calls on errgroup.WithContext under "
             "context.WithTimeout(r.Context(), h.Budget), errors logged and nil returned, "
             "results channel buffered to len(h.Carriers), g.Wait then close); "
             "internal/quote/handler_leak_test.go (new: TestClientDisconnectCancelsCarrierCalls "
             "with a goroutine profile on failure, TestLateCarrierDoesNotBlock, "
             "TestOneCarrierErrorKeepsOthers); internal/carrier/fakecarrier/server.go (the "
             "fake's Rate waits on ctx.Done() instead of time.Sleep); go.mod and go.sum "
             "(golang.org/x/sync v0.7.0). internal/gopool/pool.go was created and deleted, and "
             "handler.go and cmd/ratefan/main.go checked out before the real change.",
             must=(("handler.go",), ("handler_leak_test.go",),
                   ("fakecarrier/server.go", "fakecarrier", "server.go"),
                   ("go.mod", "go.sum", "golang.org/x/sync")),
             stale=("internal/gopool", "gopool/pool.go", "pool.go"),
             spread=True,
             partial_means="Two or three of the files.",
             wrong="dial.go or the rules file given as changed.",
             stale_means="internal/gopool/pool.go (the semaphore and watchdog) or the "
                         "gopool.StartWatchdog line in cmd/ratefan/main.go listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Fix the handler itself: the carrier calls take their context from r.Context() "
             "under the 900 ms budget (context.WithTimeout) through errgroup.WithContext, so a "
             "client that disconnects cancels its calls; a carrier's error is logged and nil "
             "returned so it does not cancel the others; the results channel is buffered to "
             "len(h.Carriers), so a late sender never blocks; the handler waits for the group "
             "and closes the channel. It rules out the internal/gopool package (a global "
             "semaphore of 4,096 slots and a watchdog abandoning tasks older than 5 s) and "
             "a per-call timeout on context.Background().",
             must=(("r.context()", "errgroup.withcontext", "errgroup"),
                   ("buffered", "len(h.carriers)", "number of carriers", "slot per carrier"),
                   ("return nil", "returns nil", "nil returned", "not returned"),
                   ("gopool", "semaphore", "watchdog", "context.background()")),
             stale=("gopool", "global semaphore", "watchdog"),
             partial_means="The r.Context()/errgroup change without the buffered channel, "
                           "the errors kept from cancelling the group, or what it rules out.",
             wrong="Raising the memory limit; restarting the pods every night.",
             stale_means="The internal/gopool semaphore and watchdog given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #612: 1. errgroup.WithContext cancels the group on the first error, "
             "so one carrier's Unavailable would cancel the other five (already done: the "
             "funcs return nil, TestOneCarrierErrorKeepsOthers passes); 2. why not "
             "context.Background() with a 900 ms timeout per call (answered on the PR: the "
             "calls of a client that's gone would still run against the rate limits); 3. no "
             "keepalive on the carrier conns (put off to RATE-352); 4. no alert on "
             "go_goroutines before the OOM (still to do in this PR).",
             must=(("first error", "unavailable", "cancel the other", "return nil",
                    "returns nil"),
                   ("context.withtimeout", "per-call timeout", "timeout on context.background"),
                   ("keepalive", "rate-352"),
                   ("go_goroutines", "alert", "ratefangoroutineshigh")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The 18,046 goroutines of the test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No pool: a global semaphore lets one stuck carrier (gls hung 30 s last Tuesday) "
             "take every slot, hence the 1.91 s p99; the watchdog kills nothing (Go cannot "
             "kill a goroutine; cancelling its context does nothing to a send blocked on an "
             "unbuffered channel), so the 9,212 are still there; and a new package for a bug "
             "in one handler. Fix the handler: the calls' context from r.Context() under the "
             "budget through errgroup.WithContext, the results channel buffered to the number "
             "of carriers; delete internal/gopool and put handler.go and main.go back first; a "
             "test under go test -race that a disconnect leaves no goroutines.",
             must=(("no pool", "gopool", "semaphore", "watchdog"),
                   ("r.context()", "errgroup", "buffered")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "stop", "wants", "ruled out"),
             partial_means="No pool without what to do instead, or the reverse.",
             wrong="The failing disconnect test given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The leak itself: 38,412 goroutines in a staging pod, 37,104 blocked in the send "
             "and 1,196 in gRPC calls (fixed by the handler change). Then "
             "TestClientDisconnectCancelsCarrierCalls failed: 'goroutines: 18046 after 3s, "
             "want <= 88 (base 38 + 50)'; go clean -cache -testcache and a re-run with "
             "-count=1 gave the same (18,051), not a stale test binary; the goroutine profile "
             "showed the 18,000 were the fake carriers' server side, sleeping in "
             "fakecarrier.(*Server).Rate with time.Sleep, ignoring the cancelled context; "
             "fixed in internal/carrier/fakecarrier/server.go by waiting on ctx.Done().",
             must=(("18046", "18051", "want <= 88", "goroutines left"),
                   ("fakecarrier", "server.go", "ctx.done()", "time.sleep")),
             stale=("fixed by go clean", "fixed by clearing", "fixed by a re-run",
                    "fixed by re-running", "fixed by -count=1", "stale test binary"),
             partial_means="The failure without its fix, or the fix without the failure.",
             wrong="A data race reported by -race; a missing go.sum entry.",
             stale_means="The 18,046 goroutines 'fixed' by go clean -cache -testcache and a "
                         "re-run with -count=1, or put down to a stale test binary."),
    Question("key_values", "Which key values matter?",
             "About 200 to 40,000 goroutines a day, 2.3 GiB against a 2.5 GiB limit, an OOM "
             "every 26 hours; the 900 ms budget, six carriers; 38,412 goroutines in staging "
             "(37,104 in the send); the repro's 12,000 requests leaving 12,241 goroutines, "
             "231 after the fix (214 before the load); gopool's 4,096 slots, p99 1.91 s, 9,212 "
             "abandoned; the test's 18,046 against 88; 14 quote tests passing; "
             "golang.org/x/sync v0.7.0; PR #612; RATE-341, RATE-352.",
             must=(("38412", "38,412", "12241", "12,241", "231", "18046", "18,046"),
                   ("#612", "rate-341", "rate-352")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "internal/quote/handler.go is GET /v1/quotes, the fan-out to the carriers; "
             "internal/carrier (client.go, dial.go) wraps the gRPC clients and their dial "
             "options; internal/carrier/fakecarrier/server.go is the bufconn fake of a carrier "
             "for the tests (Delay, Err, Price); internal/quote/handler_test.go holds the "
             "helpers (newTestHandler, getQuotes, testQuery); cmd/ratefan/main.go starts the "
             "service; cmd/fakecarriers runs the fakes for local load; "
             "deploy/prometheus/ratefan.rules.yml holds the alerts (RatefanOOMKilled and "
             "others).",
             must=(("handler.go",),
                   ("fakecarrier", "server.go", "dial.go", "ratefan.rules.yml",
                    "handler_test.go", "cmd/fakecarriers")),
             partial_means="The files named without what they hold.",
             wrong="internal/gopool as the fan-out in use."),
    Question("pending", "What work is still pending?",
             "Tomasz's point 4: the RatefanGoroutinesHigh alert in "
             "deploy/prometheus/ratefan.rules.yml, promtool check rules, then commit and push "
             "to #612; the keepalive later in RATE-352.",
             must=(("ratefangoroutineshigh", "go_goroutines", "alert"),
                   ("push", "ratefan.rules.yml", "not pushed")),
             partial_means="The alert without where it goes or the push, or the reverse.",
             wrong="The error handling of point 1 or the reply on point 2 as pending.",
             stale_means="The keepalive dial options or the gopool dashboard as pending in "
                         "this PR."),
    Question("state", "What is the state of the work?",
             "PR #612 (branch rate-341-fanout-ctx) is open and pushed with the handler change, "
             "handler_leak_test.go, the fake carrier's fix and golang.org/x/sync; go vet is "
             "clean and go test -race passes in every package (14 quote tests); the repro "
             "leaves 231 goroutines instead of 12,241; Tomasz is answered on points 1 and 2; "
             "the goroutine alert (point 4) is not written.",
             must=(("#612",),
                   ("tests pass", "-race passes", "14 tests", "14 quote tests", "all pass"),
                   ("not written", "alert", "point 4")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or the alert exists.",
             stale_means="Says the goroutines are capped by gopool."),
)  # fmt: skip

PRODUCTION = None
