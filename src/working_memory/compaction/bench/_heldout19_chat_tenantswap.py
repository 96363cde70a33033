"""Held out, nineteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, Go 1.22 (an API
gateway on net/http with gopkg.in/yaml.v3, go test -race): the tollgate pods crash with "fatal
error: concurrent map read and map write" (GW-412, 14 times since Monday on the 6 pods), because
the SIGHUP Reload writes tenants.yaml into the live tenants map while every request's Lookup
reads it; a generic RWMutex-guarded map in a new internal/tenants/guarded.go written and
benchmarked (Lookup from 3.41 to 38.62 ns/op), then ruled out by the user (no lock on the
lookup path at 40k rps a pod, and two guarded maps still let a request read a new tenant with an
old plan) for an immutable snapshot of tenants and plans swapped in with atomic.Pointer; the file
deleted and store.go checked out again; the new race test then reports a DATA RACE, which
go clean -cache -testcache and a re-run did not fix (not a stale test binary) and making
Override copy the snapshot (maps.Clone) and store a new one under a writers' mutex did; a review
with four points: one done already (a parse error keeps the old snapshot), one answered on the PR
(why not sync.Map), one a ticket (overrides lost on the next reload, GW-419), one still to do
(reload metrics); the assistant's last words name that last point as the next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_STORE = "internal/tenants/store.go"
_GUARDED = "internal/tenants/guarded.go"
_TEST = "internal/tenants/store_test.go"
_MW = "internal/ratelimit/middleware.go"
_MAIN = "cmd/tollgate/main.go"
_ADMIN = "internal/admin/limits.go"
_PKG = "github.com/tollgate-io/tollgate"
_STORM = "go run ./tools/reloadstorm -config config/tenants.yaml -rps 40000 -reloads 500"
_BENCH = "go test -run '^$' -bench BenchmarkLookupParallel -cpu 16 ./internal/tenants/"
_BENCH_HEAD = f"goos: linux\ngoarch: amd64\npkg: {_PKG}/internal/tenants\ncpu: AMD EPYC 7B13\n"

_STORE_SRC = (
    "package tenants\n\n"
    'import (\n\t"errors"\n\t"fmt"\n\t"os"\n\n\t"gopkg.in/yaml.v3"\n)\n\n'
    'var ErrUnknownTenant = errors.New("unknown tenant")\n\n'
    "type Tenant struct {\n"
    '\tID         string `yaml:"id"`\n'
    '\tAPIKeyHash string `yaml:"api_key_sha256"`\n'
    '\tPlanID     string `yaml:"plan"`\n'
    '\tRPS        int    `yaml:"rps"`\n}\n\n'
    "type Plan struct {\n"
    '\tID         string `yaml:"id"`\n'
    '\tBurst      int    `yaml:"burst"`\n'
    '\tDailyQuota int64  `yaml:"daily_quota"`\n}\n\n'
    "type file struct {\n"
    '\tPlans   []Plan   `yaml:"plans"`\n'
    '\tTenants []Tenant `yaml:"tenants"`\n}\n\n'
    "// Store holds the tenants and plans loaded from tenants.yaml.\n"
    "type Store struct {\n\tpath    string\n\ttenants map[string]Tenant\n"
    "\tplans   map[string]Plan\n}\n\n"
    "func NewStore(path string) (*Store, error) {\n"
    "\ts := &Store{path: path, tenants: map[string]Tenant{}, plans: map[string]Plan{}}\n"
    "\tif err := s.Reload(); err != nil {\n\t\treturn nil, err\n\t}\n\treturn s, nil\n}\n\n"
    "// Reload re-reads the file; cmd/tollgate calls it on SIGHUP.\n"
    "func (s *Store) Reload() error {\n"
    "\traw, err := os.ReadFile(s.path)\n"
    '\tif err != nil {\n\t\treturn fmt.Errorf("read %s: %w", s.path, err)\n\t}\n'
    "\tvar f file\n"
    "\tif err := yaml.Unmarshal(raw, &f); err != nil {\n"
    '\t\treturn fmt.Errorf("parse %s: %w", s.path, err)\n\t}\n'
    "\tfor _, p := range f.Plans {\n\t\ts.plans[p.ID] = p\n\t}\n"
    "\tfor _, t := range f.Tenants {\n\t\ts.tenants[t.ID] = t\n\t}\n"
    "\treturn nil\n}\n\n"
    "func (s *Store) Lookup(id string) (Tenant, bool) {\n"
    "\tt, ok := s.tenants[id]\n\treturn t, ok\n}\n\n"
    "func (s *Store) Plan(id string) (Plan, bool) {\n"
    "\tp, ok := s.plans[id]\n\treturn p, ok\n}\n\n"
    "// Override sets a tenant's rps until the next reload (PUT /admin/tenants/{id}/limit).\n"
    "func (s *Store) Override(id string, rps int) error {\n"
    "\tt, ok := s.tenants[id]\n\tif !ok {\n\t\treturn ErrUnknownTenant\n\t}\n"
    "\tt.RPS = rps\n\ts.tenants[id] = t\n\treturn nil\n}\n"
)
# The part of store.go both designs replace: the Store type and its methods.
_STORE_OLD = _STORE_SRC[_STORE_SRC.index("// Store holds") :]

_FATAL = (
    "fatal error: concurrent map read and map write\n\n"
    "goroutine 18734211 [running]:\n"
    f"{_PKG}/internal/tenants.(*Store).Lookup(...)\n"
    "\t/src/internal/tenants/store.go:66\n"
    f"{_PKG}/internal/ratelimit.(*Limiter).Middleware.func1({{0x1f3c2a0, 0xc01a3e2380}}, "
    "0xc02b1d4000)\n"
    "\t/src/internal/ratelimit/middleware.go:41 +0x9c\n"
    "net/http.HandlerFunc.ServeHTTP(0xc000a1e0f0?, {0x1f3c2a0?, 0xc01a3e2380?}, 0x0?)\n"
    "\t/usr/local/go/src/net/http/server.go:2166 +0x29\n"
)

_RACE = (
    "==================\n"
    "WARNING: DATA RACE\n"
    "Write at 0x00c0001a4330 by goroutine 23:\n"
    "  runtime.mapassign_faststr()\n"
    "      /usr/local/go/src/runtime/map_faststr.go:203 +0x0\n"
    f"  {_PKG}/internal/tenants.(*Store).Override()\n"
    "      /home/dev/tollgate/internal/tenants/store.go:105 +0x1c4\n"
    f"  {_PKG}/internal/tenants.TestConcurrentLookupReloadOverride.func3()\n"
    "      /home/dev/tollgate/internal/tenants/store_test.go:118 +0x7d\n\n"
    "Previous read at 0x00c0001a4330 by goroutine 21:\n"
    "  runtime.mapaccess2_faststr()\n"
    "      /usr/local/go/src/runtime/map_faststr.go:117 +0x0\n"
    f"  {_PKG}/internal/tenants.(*Snapshot).Tenant()\n"
    "      /home/dev/tollgate/internal/tenants/store.go:41 +0x64\n"
    f"  {_PKG}/internal/tenants.TestConcurrentLookupReloadOverride.func1()\n"
    "      /home/dev/tollgate/internal/tenants/store_test.go:104 +0x9a\n\n"
    "Goroutine 23 (running) created at:\n"
    f"  {_PKG}/internal/tenants.TestConcurrentLookupReloadOverride()\n"
    "      /home/dev/tollgate/internal/tenants/store_test.go:114 +0x3a4\n"
    "==================\n"
    "--- FAIL: TestConcurrentLookupReloadOverride (0.04s)\n"
    "    testing.go:1398: race detected during execution of test\n"
    "FAIL\n"
    f"FAIL\t{_PKG}/internal/tenants\t{{secs}}s\n"
    "FAIL\n"
)

_ATOMIC = (
    "// Snapshot is one load of tenants.yaml. Once stored it is never written again.\n"
    "type Snapshot struct {\n\ttenants  map[string]Tenant\n\tplans    map[string]Plan\n"
    "\tloadedAt time.Time\n}\n\n"
    "func (p *Snapshot) Tenant(id string) (Tenant, bool) {\n"
    "\tt, ok := p.tenants[id]\n\treturn t, ok\n}\n\n"
    "func (p *Snapshot) Plan(id string) (Plan, bool) {\n"
    "\tpl, ok := p.plans[id]\n\treturn pl, ok\n}\n\n"
    "// Store serves the current snapshot; Reload swaps in a new one.\n"
    "type Store struct {\n\tpath string\n\tsnap atomic.Pointer[Snapshot]\n}\n\n"
    "func NewStore(path string) (*Store, error) {\n"
    "\ts := &Store{path: path}\n"
    "\tif err := s.Reload(); err != nil {\n\t\treturn nil, err\n\t}\n\treturn s, nil\n}\n\n"
    "// Current is the snapshot a request reads its tenant and its plan from.\n"
    "func (s *Store) Current() *Snapshot { return s.snap.Load() }\n\n"
    "// Reload builds a new snapshot from the file and swaps it in; on any error the old one\n"
    "// stays. cmd/tollgate calls it on SIGHUP.\n"
    "func (s *Store) Reload() error {\n"
    "\traw, err := os.ReadFile(s.path)\n"
    '\tif err != nil {\n\t\treturn fmt.Errorf("read %s: %w", s.path, err)\n\t}\n'
    "\tvar f file\n"
    "\tif err := yaml.Unmarshal(raw, &f); err != nil {\n"
    '\t\treturn fmt.Errorf("parse %s: %w", s.path, err)\n\t}\n'
    "\tnext := &Snapshot{\n"
    "\t\ttenants:  make(map[string]Tenant, len(f.Tenants)),\n"
    "\t\tplans:    make(map[string]Plan, len(f.Plans)),\n"
    "\t\tloadedAt: time.Now(),\n\t}\n"
    "\tfor _, p := range f.Plans {\n\t\tnext.plans[p.ID] = p\n\t}\n"
    "\tfor _, t := range f.Tenants {\n\t\tnext.tenants[t.ID] = t\n\t}\n"
    "\ts.snap.Store(next)\n\treturn nil\n}\n\n"
    "func (s *Store) Lookup(id string) (Tenant, bool) { return s.snap.Load().Tenant(id) }\n\n"
    "func (s *Store) Plan(id string) (Plan, bool) { return s.snap.Load().Plan(id) }\n\n"
    "// Override sets a tenant's rps until the next reload (PUT /admin/tenants/{id}/limit).\n"
    "func (s *Store) Override(id string, rps int) error {\n"
    "\tcur := s.snap.Load()\n"
    "\tt, ok := cur.tenants[id]\n\tif !ok {\n\t\treturn ErrUnknownTenant\n\t}\n"
    "\tt.RPS = rps\n\tcur.tenants[id] = t\n\treturn nil\n}\n"
)
_HEAD = _STORE_SRC[: _STORE_SRC.index("// Store holds")]
# store.go with the atomic snapshot, as first written: Override still writes the stored map.
_ATOMIC_SRC = _HEAD.replace('\t"os"\n\n', '\t"os"\n\t"sync/atomic"\n\t"time"\n\n') + _ATOMIC
_OVERRIDE = _ATOMIC[_ATOMIC.index("// Override sets") :]
# store.go as committed: Override stores a copy, and s.mu serialises the two writers.
_FINAL_SRC = (
    _ATOMIC_SRC.replace('\t"fmt"\n', '\t"fmt"\n\t"maps"\n')
    .replace('\t"os"\n', '\t"os"\n\t"sync"\n')
    .replace(
        "\tsnap atomic.Pointer[Snapshot]\n",
        "\tmu   sync.Mutex // serialises the writers (Reload, Override); readers never take it\n"
        "\tsnap atomic.Pointer[Snapshot]\n",
    )
    .replace(
        "\ts.snap.Store(next)\n\treturn nil\n}\n\nfunc (s *Store) Lookup",
        "\ts.mu.Lock()\n\ts.snap.Store(next)\n\ts.mu.Unlock()\n\treturn nil\n}\n\n"
        "func (s *Store) Lookup",
    )
    .replace(
        _OVERRIDE,
        "// Override sets a tenant's rps until the next reload (PUT /admin/tenants/{id}/limit).\n"
        "// It stores a copy of the current snapshot: a stored one is never written.\n"
        "func (s *Store) Override(id string, rps int) error {\n"
        "\ts.mu.Lock()\n\tdefer s.mu.Unlock()\n"
        "\tcur := s.snap.Load()\n"
        "\tt, ok := cur.tenants[id]\n\tif !ok {\n\t\treturn ErrUnknownTenant\n\t}\n"
        "\tt.RPS = rps\n"
        "\tnext := &Snapshot{tenants: maps.Clone(cur.tenants), plans: cur.plans, "
        "loadedAt: cur.loadedAt}\n"
        "\tnext.tenants[id] = t\n\ts.snap.Store(next)\n\treturn nil\n}\n",
    )
)

_TESTS_OK = (
    f"ok  \t{_PKG}/cmd/tollgate\t1.204s\n"
    f"ok  \t{_PKG}/internal/admin\t1.387s\n"
    f"?   \t{_PKG}/internal/metrics\t[no test files]\n"
    f"ok  \t{_PKG}/internal/proxy\t2.915s\n"
    f"ok  \t{_PKG}/internal/ratelimit\t1.662s\n"
    f"ok  \t{_PKG}/internal/tenants\t1.931s\n"
    f"?   \t{_PKG}/tools/reloadstorm\t[no test files]\n"
)

s = Script(
    "You are a coding assistant working in the tollgate repository (Go 1.22: an API gateway on "
    "net/http with chi, tenants and plans loaded from config/tenants.yaml with gopkg.in/yaml.v3, "
    "Prometheus client_golang, testify, tests run with go test -race). You can read, write, edit "
    "and delete files and run shell commands through the tools you are given."
)
s.user(
    "GW-412: the gateway pods keep crashing. Loki has 14 of these since Monday across the 6 "
    "tollgate pods, each one a restart and a burst of 502s from the load balancer for whatever "
    "was in flight:\n\n" + _FATAL + "\n"
    "They line up with the config sync: it rewrites tenants.yaml and sends SIGHUP, 30-odd times "
    "a day. Each pod does about 40k rps. Find it and fix it."
)
s.call(
    "run_command",
    f"$ cat {_STORE}\n{_STORE_SRC}\n"
    f"$ grep -n 'Reload\\|Override\\|Lookup\\|Plan(' {_MAIN} {_ADMIN} {_MW}\n"
    f"{_MAIN}:58:\t\t\tif err := store.Reload(); err != nil {{\n"
    f"{_ADMIN}:33:\tif err := h.store.Override(id, body.RPS); err != nil {{\n"
    f"{_MW}:41:\t\tt, ok := l.store.Lookup(tenantID(r))\n"
    f"{_MW}:46:\t\tplan, _ := l.store.Plan(t.PlanID)\n",
    command=f"cat {_STORE} && grep -n 'Reload\\|Override\\|Lookup\\|Plan(' {_MAIN} {_ADMIN} {_MW}",
)
s.call(
    "run_command",
    f"$ {_STORM}\n"
    "loaded 312 tenants, 9 plans\n"
    "lookups at 40000/s on 16 goroutines, a reload every 20ms\n"
    "reload 1 ok\n[... reload 2 to 33 ok ...]\nreload 34 ok\nreload 35 ok\nreload 36 ok\n"
    + _FATAL.replace("goroutine 18734211", "goroutine 61")
    .replace("/src/", "/home/dev/tollgate/")
    .split("net/http.HandlerFunc")[0]
    .replace(
        f"{_PKG}/internal/ratelimit.(*Limiter).Middleware.func1({{0x1f3c2a0, 0xc01a3e2380}}, "
        "0xc02b1d4000)\n\t/home/dev/tollgate/internal/ratelimit/middleware.go:41 +0x9c\n",
        "main.lookupLoop(0xc0000b2000, 0x2710)\n"
        "\t/home/dev/tollgate/tools/reloadstorm/main.go:52 +0x85\n",
    )
    + "exit status 2\n\n"
    f"$ {_BENCH}\n" + _BENCH_HEAD + "BenchmarkLookupParallel-16    \t352144861\t"
    "         3.41 ns/op\nPASS\n"
    f"ok  \t{_PKG}/internal/tenants\t1.622s\n",
    "Reload writes every tenant and plan from the file straight into the maps that Lookup and "
    "Plan read on every request, with nothing between them. Go's maps are not safe for a "
    "write during a read, and the runtime's check turns that into a fatal error, not a panic "
    "the server could recover from. (Reload also never removes a tenant that left the file.) "
    "Reproducing it with the reload storm tool and taking the lookup benchmark on main first.",
    command=f"{_STORM}; {_BENCH}",
)
s.call(
    "write_file",
    f"Wrote {_GUARDED} (27 lines)",
    "Reproduced: the storm dies at reload 37 with the same fatal error, and Lookup costs 3.41 "
    "ns/op today. Plan: a small generic guardedMap, a map behind a sync.RWMutex, for the "
    "tenants and the plans. Lookup and Plan take the RLock on every lookup; Reload builds the "
    "new maps outside the lock and Replace swaps them in under the write lock, which also drops "
    "the tenants that left the file.",
    path=_GUARDED,
    content='package tenants\n\nimport "sync"\n\n'
    "// guardedMap is a map safe for concurrent use: many readers, one writer at a time.\n"
    "type guardedMap[V any] struct {\n\tmu sync.RWMutex\n\tm  map[string]V\n}\n\n"
    "func newGuardedMap[V any]() *guardedMap[V] { return &guardedMap[V]{m: map[string]V{}} }\n\n"
    "func (g *guardedMap[V]) Get(k string) (V, bool) {\n"
    "\tg.mu.RLock()\n\tdefer g.mu.RUnlock()\n\tv, ok := g.m[k]\n\treturn v, ok\n}\n\n"
    "func (g *guardedMap[V]) Set(k string, v V) {\n"
    "\tg.mu.Lock()\n\tdefer g.mu.Unlock()\n\tg.m[k] = v\n}\n\n"
    "// Replace swaps in the whole contents under the write lock.\n"
    "func (g *guardedMap[V]) Replace(m map[string]V) {\n"
    "\tg.mu.Lock()\n\tg.m = m\n\tg.mu.Unlock()\n}\n",
)
s.call(
    "edit_file",
    f"Edited {_STORE}: 1 hunk, +22 -19",
    path=_STORE,
    old=_STORE_OLD,
    new="// Store holds the tenants and plans loaded from tenants.yaml.\n"
    "type Store struct {\n\tpath    string\n\ttenants *guardedMap[Tenant]\n"
    "\tplans   *guardedMap[Plan]\n}\n\n"
    "func NewStore(path string) (*Store, error) {\n"
    "\ts := &Store{path: path, tenants: newGuardedMap[Tenant](), plans: "
    "newGuardedMap[Plan]()}\n"
    "\tif err := s.Reload(); err != nil {\n\t\treturn nil, err\n\t}\n\treturn s, nil\n}\n\n"
    "// Reload re-reads the file; cmd/tollgate calls it on SIGHUP.\n"
    "func (s *Store) Reload() error {\n"
    "\traw, err := os.ReadFile(s.path)\n"
    '\tif err != nil {\n\t\treturn fmt.Errorf("read %s: %w", s.path, err)\n\t}\n'
    "\tvar f file\n"
    "\tif err := yaml.Unmarshal(raw, &f); err != nil {\n"
    '\t\treturn fmt.Errorf("parse %s: %w", s.path, err)\n\t}\n'
    "\tplans := make(map[string]Plan, len(f.Plans))\n"
    "\tfor _, p := range f.Plans {\n\t\tplans[p.ID] = p\n\t}\n"
    "\ttenants := make(map[string]Tenant, len(f.Tenants))\n"
    "\tfor _, t := range f.Tenants {\n\t\ttenants[t.ID] = t\n\t}\n"
    "\ts.plans.Replace(plans)\n\ts.tenants.Replace(tenants)\n\treturn nil\n}\n\n"
    "func (s *Store) Lookup(id string) (Tenant, bool) { return s.tenants.Get(id) }\n\n"
    "func (s *Store) Plan(id string) (Plan, bool) { return s.plans.Get(id) }\n\n"
    "// Override sets a tenant's rps until the next reload (PUT /admin/tenants/{id}/limit).\n"
    "func (s *Store) Override(id string, rps int) error {\n"
    "\tt, ok := s.tenants.Get(id)\n\tif !ok {\n\t\treturn ErrUnknownTenant\n\t}\n"
    "\tt.RPS = rps\n\ts.tenants.Set(id, t)\n\treturn nil\n}\n",
)
s.call(
    "run_command",
    f"$ go test -race ./internal/tenants/ && {_STORM} | tail -2 && {_BENCH}\n"
    f"ok  \t{_PKG}/internal/tenants\t1.318s\n"
    "reload 500 ok\ndone: 500 reloads, 400000 lookups, 0 unknown tenants in 10.0s\n"
    + _BENCH_HEAD
    + "BenchmarkLookupParallel-16    \t31068322\t        38.62 ns/op\nPASS\n"
    f"ok  \t{_PKG}/internal/tenants\t1.251s\n",
    command=f"go test -race ./internal/tenants/ && {_STORM} | tail -2 && {_BENCH}",
)
s.say(
    "With the guarded maps the storm runs all 500 reloads without a crash and the package's "
    "tests pass under -race. The price is on the read side: with 16 goroutines Lookup went from 3.41 "
    "to 38.62 ns/op, because every RLock and RUnlock writes the RWMutex's shared reader count. "
    "Shall I add a race test and open the PR?"
)
s.user(
    "No lock on the lookup path. Lookup runs on every request, 40k rps a pod, and this makes "
    "it eleven times slower to guard against something that happens 30 times a day. And two "
    "guarded maps still let a request read a tenant from the new file and its plan from the "
    "old one. Reload doesn't need to touch what the readers hold at all: build a new snapshot "
    "with both the tenants and the plans, and swap it in with an atomic.Pointer. Readers load "
    "the pointer and never lock, and a request takes one snapshot and reads its tenant and its "
    "plan from that. Delete guarded.go and put store.go back before you start."
)
s.call(
    "run_command",
    f"$ rm {_GUARDED} && git checkout -- {_STORE} && git status --short\n",
    command=f"rm {_GUARDED} && git checkout -- {_STORE} && git status --short",
)
s.call(
    "write_file",
    f"Wrote {_STORE} ({len(_ATOMIC_SRC.splitlines())} lines)",
    "guarded.go is deleted and store.go is back as it was on main. Now a Snapshot type that "
    "holds the tenants, the plans and when they were loaded; the Store keeps an "
    "atomic.Pointer[Snapshot], Reload builds a complete new Snapshot and stores it, and "
    "Current() hands a request the one it should read from.",
    path=_STORE,
    content=_ATOMIC_SRC,
)
s.call(
    "edit_file",
    f"Edited {_MW}: 1 hunk, +3 -2",
    path=_MW,
    old="\t\tt, ok := l.store.Lookup(tenantID(r))\n"
    "\t\tif !ok {\n"
    '\t\t\thttp.Error(w, "unknown api key", http.StatusUnauthorized)\n\t\t\treturn\n\t\t}\n'
    "\t\tplan, _ := l.store.Plan(t.PlanID)\n",
    new="\t\tsnap := l.store.Current() // one snapshot for the tenant and its plan\n"
    "\t\tt, ok := snap.Tenant(tenantID(r))\n"
    "\t\tif !ok {\n"
    '\t\t\thttp.Error(w, "unknown api key", http.StatusUnauthorized)\n\t\t\treturn\n\t\t}\n'
    "\t\tplan, _ := snap.Plan(t.PlanID)\n",
)
s.call(
    "edit_file",
    f"Edited {_TEST}: 1 hunk, +58 -0",
    path=_TEST,
    old="func BenchmarkLookupParallel(b *testing.B) {\n",
    new="func TestReloadKeepsSnapshotOnBadYAML(t *testing.T) {\n"
    "\tpath := writeTenants(t, twoTenants)\n"
    "\ts, err := NewStore(path)\n\trequire.NoError(t, err)\n"
    '\trequire.NoError(t, os.WriteFile(path, []byte("tenants:\\n  - id: acme\\n    rps: [\\n"), '
    "0o644))\n\n"
    "\trequire.Error(t, s.Reload())\n"
    '\t_, ok := s.Lookup("acme")\n'
    '\trequire.True(t, ok, "a file that does not parse must leave the old snapshot in place")\n'
    "}\n\n"
    "func TestConcurrentLookupReloadOverride(t *testing.T) {\n"
    "\ts, err := NewStore(writeTenants(t, twoTenants))\n\trequire.NoError(t, err)\n"
    "\tstop := make(chan struct{})\n\tvar wg sync.WaitGroup\n"
    "\tfor i := 0; i < 8; i++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n"
    "\t\t\tfor {\n\t\t\t\tselect {\n\t\t\t\tcase <-stop:\n\t\t\t\t\treturn\n"
    "\t\t\t\tdefault:\n\t\t\t\t\tsnap := s.Current()\n"
    '\t\t\t\t\tif tn, ok := snap.Tenant("acme"); ok {\n'
    "\t\t\t\t\t\tsnap.Plan(tn.PlanID)\n\t\t\t\t\t}\n\t\t\t\t}\n\t\t\t}\n\t\t}()\n\t}\n"
    "\twg.Add(2)\n"
    "\tgo func() { defer wg.Done(); for i := 0; i < 200; i++ { _ = s.Reload() } }()\n"
    '\tgo func() { defer wg.Done(); for i := 0; i < 200; i++ { _ = s.Override("acme", i) } '
    "}()\n"
    "\ttime.Sleep(50 * time.Millisecond)\n\tclose(stop)\n\twg.Wait()\n}\n\n"
    "func BenchmarkLookupParallel(b *testing.B) {\n",
)
s.call(
    "run_command",
    "$ go test -race ./internal/tenants/\n" + _RACE.format(secs="0.412"),
    command="go test -race ./internal/tenants/",
)
s.call(
    "run_command",
    "$ go clean -cache -testcache && go test -race ./internal/tenants/\n"
    + _RACE.format(secs="3.877"),
    "The report is a mapassign racing a read in Snapshot.Tenant, but in the new code no map is "
    "written once it is stored: Reload fills a fresh one before it swaps the pointer. That "
    "looks like go test running a stale test binary from its cache, built from the store.go I "
    "checked out before the rewrite. Clearing Go's build and test caches and running it again.",
    command="go clean -cache -testcache && go test -race ./internal/tenants/",
)
s.call(
    "run_command",
    f"$ sed -n 97,107p {_STORE}\n" + _OVERRIDE,
    "Same report from a cold cache and a fresh build, so it is not a stale binary. Reading "
    "store.go:105 itself.",
    command=f"sed -n 97,107p {_STORE}",
)
s.call(
    "write_file",
    f"Wrote {_STORE} ({len(_FINAL_SRC.splitlines())} lines)",
    "Line 105 is in Override, which I converted mechanically: cur.tenants[id] = t writes into "
    "the snapshot the readers are holding, the same race as before, only through the admin "
    "endpoint instead of SIGHUP. A stored snapshot must never change, so Override now makes a "
    "copy of the snapshot with maps.Clone, sets the tenant in the copy and stores that. A "
    "writers' mutex, s.mu, serialises Override and Reload's swap so that neither loses the "
    "other's snapshot; Lookup still takes no lock.",
    path=_STORE,
    content=_FINAL_SRC,
)
s.call(
    "run_command",
    "$ go test -race -count=50 ./internal/tenants/ && go test -race ./... && "
    f"{_STORM} | tail -1 && {_BENCH}\n"
    f"ok  \t{_PKG}/internal/tenants\t21.480s\n" + _TESTS_OK + "done: 500 reloads, 400000 "
    "lookups, 0 unknown tenants in 10.0s\n"
    + _BENCH_HEAD
    + "BenchmarkLookupParallel-16    \t411230978\t         2.93 ns/op\nPASS\n"
    f"ok  \t{_PKG}/internal/tenants\t1.544s\n",
    "Running the race test 50 times, the whole module under -race, the storm and the benchmark.",
    command=f"go test -race -count=50 ./internal/tenants/ && go test -race ./... && {_STORM} "
    f"| tail -1 && {_BENCH}",
)
_PR = (
    "git checkout -b gw-412-tenant-snapshot && git add -A && git commit -m 'Swap tenant "
    "snapshots atomically instead of writing the live maps (GW-412)' && git push -u origin "
    "HEAD && gh pr create --fill"
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'gw-412-tenant-snapshot'\n"
    "[gw-412-tenant-snapshot 4e7b9c2] Swap tenant snapshots atomically instead of writing the "
    "live maps (GW-412)\n"
    " 3 files changed, 131 insertions(+), 29 deletions(-)\n"
    "branch 'gw-412-tenant-snapshot' set up to track 'origin/gw-412-tenant-snapshot'.\n"
    "https://github.com/tollgate-io/tollgate/pull/388\n",
    "The race test passes 50 times in a row, all tests pass under -race, the storm runs 500 "
    "reloads with no crash, and Lookup is 2.93 ns/op with no lock (3.41 on main, 38.62 with "
    "the RWMutex). Committing, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Priya reviewed #388:\n"
    "1. If tenants.yaml is half-written when the config sync sends SIGHUP, a parse error must "
    "keep the old snapshot, not swap in an empty one and 401 every tenant.\n"
    "2. Why not sync.Map? It's built for read-mostly maps like this one.\n"
    "3. An override from PUT /admin/tenants/{id}/limit is gone after the next SIGHUP, since "
    "Reload builds the snapshot from the file alone. Either persist the overrides or merge the "
    "overrides into the new snapshot in Reload.\n"
    "4. Nothing tells us whether a reload happened or failed. Add a "
    "tollgate_tenants_reload_total{result} counter and a "
    "tollgate_tenants_snapshot_loaded_timestamp_seconds gauge.\n\n"
    "My answers:\n"
    "1: I think that's in already, check and tell her.\n"
    "2: reply that sync.Map is safe per key, but a request reads its tenant and then its plan, "
    "and with sync.Map a reload can land between the two; the snapshot gives both from one "
    "reload, and a lookup stays a plain map read.\n"
    "3: that's GW-419, not this PR. Support already treats overrides as temporary.\n"
    "4: yes, in this PR: register both in internal/metrics/metrics.go, set them in "
    "Store.Reload, and test them."
)
s.call(
    "run_command",
    f"$ grep -n 'parse %s\\|s.snap.Store(next)' {_STORE} && go test -race -run "
    "TestReloadKeepsSnapshotOnBadYAML -v ./internal/tenants/\n"
    f'{_STORE}:79:\t\treturn fmt.Errorf("parse %s: %w", s.path, err)\n'
    f"{_STORE}:93:\ts.snap.Store(next)\n"
    f"{_STORE}:115:\ts.snap.Store(next)\n"
    "=== RUN   TestReloadKeepsSnapshotOnBadYAML\n"
    "--- PASS: TestReloadKeepsSnapshotOnBadYAML (0.00s)\n"
    f"PASS\nok  \t{_PKG}/internal/tenants\t1.106s\n",
    "Checking point 1 before replying.",
    command=f"grep -n 'parse %s\\|s.snap.Store(next)' {_STORE} && go test -race -run "
    "TestReloadKeepsSnapshotOnBadYAML -v ./internal/tenants/",
)
s.call(
    "run_command",
    "$ gh pr comment 388 --body-file /tmp/pr388.md\n"
    "https://github.com/tollgate-io/tollgate/pull/388#issuecomment-2240917\n",
    "Point 1 is already in: Reload returns the parse error at store.go:79, before the swap at "
    "line 93, and TestReloadKeepsSnapshotOnBadYAML checks that the old tenants are still "
    "served. Posting the reply to Priya: point 1 is covered by that test; sync.Map is safe "
    "per key but a reload could land between a request's tenant and plan reads, while the "
    "snapshot gives both from one reload with a plain map read; the overrides are GW-419.",
    command="gh pr comment 388 --body-file /tmp/pr388.md",
)
s.say(
    "Posted the reply on #388. Next is Priya's point 4: register a "
    "tollgate_tenants_reload_total counter with a result label (ok or error) and a "
    "tollgate_tenants_snapshot_loaded_timestamp_seconds gauge in internal/metrics/metrics.go, "
    "set them in Store.Reload, test them in store_test.go with testutil.ToFloat64, then run "
    "go test -race ./... and push to #388."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "GW-412: the tollgate gateway pods crash with 'fatal error: concurrent map read and "
             "map write' (14 times since Monday across the 6 pods, each a restart and a burst of "
             "502s), because the SIGHUP Reload writes tenants.yaml into the tenants and plans "
             "maps while every request's Lookup reads them; find it and fix it.",
             must=(("concurrent map read and map write", "concurrent map", "data race",
                    "crash"),
                   ("gw-412", "sighup", "tenants map", "tenants.yaml")),
             partial_means="The crashes without their cause (Reload writing the map Lookup "
                           "reads), or the ticket alone.",
             wrong="A memory leak; the load balancer timing out; a bad tenants.yaml."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review of PR #388 with the user's answers: point 1 (a parse error keeps "
             "the old snapshot) should already be in, check and tell her; point 2, reply why "
             "not sync.Map (a reload could land between a request's tenant and plan reads); "
             "point 3, the lost overrides are GW-419, not this PR; point 4, add the "
             "tollgate_tenants_reload_total{result} counter and the "
             "tollgate_tenants_snapshot_loaded_timestamp_seconds gauge in "
             "internal/metrics/metrics.go, set them in Store.Reload, and test them.",
             must=(("tollgate_tenants_reload_total", "reload_total",
                    "snapshot_loaded_timestamp", "metrics.go", "counter"),
                   ("gw-419", "sync.map", "priya", "old snapshot", "parse error")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "answers"),
             partial_means="One of the points to act on, without the metrics or without the "
                           "others.",
             wrong="Persisting the overrides now; going back to an RWMutex.",
             stale_means="The no-lock correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Priya's point 4, the one left: register a tollgate_tenants_reload_total counter "
             "(result ok or error) and a tollgate_tenants_snapshot_loaded_timestamp_seconds "
             "gauge in internal/metrics/metrics.go, set them in Store.Reload, test them in "
             "store_test.go (testutil.ToFloat64), run go test -race ./..., then push to #388.",
             must=(("tollgate_tenants_reload_total", "reload_total",
                    "snapshot_loaded_timestamp", "reload counter"),
                   ("metrics.go", "store.reload", "testutil", "go test")),
             stale=("merge the overrides", "persist the overrides",
                    "guardedmap", "go clean"),
             partial_means="Says to add reload metrics without where or what then (metrics.go, "
                           "Store.Reload, the test, the push), or to push without them.",
             wrong="Raising GOMAXPROCS; re-running the reload storm as the step.",
             stale_means="Says to persist or merge the admin overrides into Reload (put off by "
                         "the user to GW-419), to check that a parse error keeps the old "
                         "snapshot (already in), or to use the guardedMap (ruled out, "
                         "deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "internal/tenants/store.go (an immutable Snapshot of tenants and plans behind an "
             "atomic.Pointer; Reload builds and stores a new one; Override stores a maps.Clone "
             "copy under the writers' mutex s.mu; Current()); internal/ratelimit/middleware.go "
             "(one snapshot per request for the tenant and its plan); "
             "internal/tenants/store_test.go (TestReloadKeepsSnapshotOnBadYAML and "
             "TestConcurrentLookupReloadOverride). internal/tenants/guarded.go was created and "
             "deleted, and store.go checked out before its real change.",
             must=(("store.go",), ("middleware.go",), ("store_test.go",)),
             stale=("guarded.go",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="internal/metrics/metrics.go or internal/admin/limits.go given as changed.",
             stale_means="guarded.go (the RWMutex-guarded map) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The tenants and plans live in an immutable Snapshot that Reload builds from the "
             "file and swaps in with an atomic.Pointer; readers load the pointer and never lock, "
             "and a request reads its tenant and its plan from one snapshot; writers (Reload's "
             "swap, Override's copy) are serialised by s.mu. It rules out the guardedMap, a map "
             "behind a sync.RWMutex with an RLock on every lookup (11 times slower, and two "
             "maps could mix a new tenant with an old plan), and sync.Map.",
             must=(("atomic.pointer", "atomic pointer"),
                   ("rwmutex", "guardedmap", "guarded.go", "no lock", "lock on the lookup")),
             stale=("guardedmap", "rlock on every lookup"),
             partial_means="The atomic snapshot without what it rules out, or the reverse.",
             wrong="Recovering the panic in the middleware; reloading less often.",
             stale_means="The RWMutex-guarded map given as the design."),
    Question("review", "What did the review find?",
             "Priya on #388: 1. a half-written tenants.yaml must not swap in an empty snapshot "
             "(already in: Reload returns the parse error before the swap, "
             "TestReloadKeepsSnapshotOnBadYAML); 2. why not sync.Map (answered on the PR: per "
             "key only, a reload could land between the tenant and plan reads); 3. an admin "
             "override is lost on the next SIGHUP (put off to GW-419); 4. no reload metrics, "
             "add tollgate_tenants_reload_total{result} and "
             "tollgate_tenants_snapshot_loaded_timestamp_seconds (still to do, in this PR).",
             must=(("parse error", "half-written", "old snapshot", "empty snapshot"),
                   ("sync.map",),
                   ("gw-419", "override"),
                   ("tollgate_tenants_reload_total", "reload_total",
                    "snapshot_loaded_timestamp", "metric", "counter", "gauge")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The DATA RACE in the test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No lock on the lookup path (Lookup runs on every request, 40k rps a pod, and the "
             "RWMutex made it eleven times slower; two guarded maps could also give a request a "
             "new tenant with an old plan): build a new snapshot of tenants and plans and swap "
             "it in with an atomic.Pointer, readers never lock and a request reads one "
             "snapshot; delete guarded.go and put store.go back first.",
             must=(("rwmutex", "no lock", "lock on the lookup", "guardedmap", "guarded.go",
                    "never lock"),
                   ("atomic.pointer", "atomic pointer", "snapshot")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No lock on lookups without what to do instead, or the reverse.",
             wrong="The DATA RACE given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The production 'fatal error: concurrent map read and map write': Reload wrote "
             "into the maps Lookup read; fixed by the atomic snapshot swap. Then "
             "TestConcurrentLookupReloadOverride failed with 'WARNING: DATA RACE' (a mapassign "
             "in Override at store.go:105 against a read in Snapshot.Tenant); go clean -cache "
             "-testcache and a re-run did not fix it (not a stale test binary); Override wrote "
             "into the published snapshot; fixed by Override storing a maps.Clone copy under "
             "s.mu.",
             must=(("data race", "race detected"),
                   ("maps.clone", "clone", "copy of the snapshot", "copies the snapshot")),
             stale=("fixed by go clean", "fixed by clearing", "fixed by re-running",
                    "fixed by a re-run", "stale test binary"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A yaml parse error; a 401 for unknown tenants.",
             stale_means="The DATA RACE 'fixed' by go clean -cache -testcache or a re-run (a "
                         "stale test binary)."),
    Question("key_values", "Which key values matter?",
             "14 crashes since Monday on 6 pods; about 40k rps a pod; SIGHUP 30-odd times a "
             "day; 312 tenants, 9 plans; the storm crashed at reload 37, then 500 reloads and "
             "400000 lookups clean; BenchmarkLookupParallel 3.41 ns/op on main, 38.62 with the "
             "RWMutex, 2.93 with the atomic snapshot; store.go:105; PR #388; GW-412 and GW-419.",
             must=(("40k rps", "40,000", "312 tenants", "38.62", "2.93", "3.41", "6 pods",
                    "reload 37"),
                   ("#388", "gw-412", "gw-419")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "internal/tenants/store.go holds the tenants and plans from config/tenants.yaml "
             "(Store: Current, Lookup, Plan, Reload, Override); internal/ratelimit/middleware.go "
             "looks up each request's tenant and plan; cmd/tollgate/main.go calls Reload on "
             "SIGHUP; internal/admin/limits.go is PUT /admin/tenants/{id}/limit, which calls "
             "Override; tools/reloadstorm reproduces the crash with lookups and reloads; "
             "internal/metrics/metrics.go registers the Prometheus metrics.",
             must=(("store.go",),
                   ("middleware.go", "main.go", "limits.go", "reloadstorm", "tenants.yaml",
                    "metrics.go")),
             partial_means="The files named without what they hold.",
             wrong="guarded.go as the map in use."),
    Question("pending", "What work is still pending?",
             "Priya's point 4: the tollgate_tenants_reload_total{result} counter and the "
             "tollgate_tenants_snapshot_loaded_timestamp_seconds gauge (metrics.go, set in "
             "Store.Reload, tested), then push to #388; keeping overrides across a reload later "
             "in GW-419.",
             must=(("tollgate_tenants_reload_total", "reload_total",
                    "snapshot_loaded_timestamp", "metrics"),
                   ("push", "#388", "gw-419", "test")),
             partial_means="The metrics without the rest, or the reverse.",
             wrong="The parse-error check or the sync.Map reply as pending.",
             stale_means="Persisting or merging the overrides as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #388 (branch gw-412-tenant-snapshot) is open and pushed with the atomic "
             "snapshot, the one-snapshot middleware and the two tests; all tests pass under "
             "-race (the race test 50 times), the storm runs 500 reloads with no crash, Lookup "
             "2.93 ns/op; Priya is answered on points 1-3; the reload metrics (point 4) are not "
             "started.",
             must=(("#388",),
                   ("tests pass", "-count=50", "race-free"),
                   ("not started", "point 4", "reload_total")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or the overrides survive a reload.",
             stale_means="Says an RWMutex guards the tenant lookups."),
)  # fmt: skip

PRODUCTION = None
