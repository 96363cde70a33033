"""Held out (written after the offline handoff was last tuned). Codex: a flaky Go test fixed
by injecting a clock; bumping sleeps ruled out, a vet error fixed by a pointer receiver, a
dependency the user refused, a review pasted by the user, a race still to fix."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Codex, a coding agent. cwd: /home/ci/ledgerd")
s.user(
    "TestCacheExpiry in cache/cache_test.go fails about one run in twenty on CI. Make it reliable."
)
s.call(
    "shell",
    'func TestCacheExpiry(t *testing.T) {\n\tc := New(50 * time.Millisecond)\n\tc.Set("k", 1)\n'
    '\ttime.Sleep(60 * time.Millisecond)\n\tif _, ok := c.Get("k"); ok {\n\t\tt.Fatal("not expired")\n\t}\n}\n',
    command=["bash", "-lc", "sed -n 1,60p cache/cache_test.go"],
)
s.say(
    "The test races the wall clock: a 60 ms sleep against a 50 ms TTL. Raising the sleep only "
    "makes the flake rarer, so instead the cache gets an injected clock and the test advances a "
    "fake one. I'll use github.com/benbjohnson/clock for the fake."
)
s.user(
    "Don't add benbjohnson/clock, we keep go.mod lean. A tiny Clock interface with Now() in the "
    "cache package and a FakeClock in the test is enough."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA cache/clock.go\nM cache/cache.go",
    input="*** Begin Patch\n*** Add File: cache/clock.go\n+type Clock interface{ Now() time.Time }\n"
    "+type realClock struct{}\n+func (realClock) Now() time.Time { return time.Now() }\n"
    "*** Update File: cache/cache.go\n@@\n-func New(ttl time.Duration) Cache {\n"
    "+func NewWithClock(ttl time.Duration, clock Clock) Cache {\n*** End Patch",
)
s.call(
    "shell",
    "# ledgerd/cache\ncache/cache.go:31:9: copylocks: Get passes lock by value: cache.Cache "
    "contains sync.Mutex\nexit status 1",
    command=["bash", "-lc", "go vet ./cache/..."],
)
s.say(
    "Cache holds a sync.Mutex and the methods have value receivers, so every call copies the "
    "lock. Switching Cache's methods to pointer receivers and New/NewWithClock to return *Cache."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM cache/cache.go",
    input="*** Begin Patch\n*** Update File: cache/cache.go\n@@\n-func (c Cache) Get(k string) (any, bool) {\n"
    "+func (c *Cache) Get(k string) (any, bool) {\n-func NewWithClock(ttl time.Duration, clock Clock) Cache {\n"
    "+func NewWithClock(ttl time.Duration, clock Clock) *Cache {\n*** End Patch",
)
s.call("shell", "", command=["bash", "-lc", "go vet ./cache/..."])
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM cache/cache_test.go",
    input="*** Begin Patch\n*** Update File: cache/cache_test.go\n@@\n"
    "+type FakeClock struct{ now time.Time }\n+func (f *FakeClock) Now() time.Time { return f.now }\n"
    "+func (f *FakeClock) Advance(d time.Duration) { f.now = f.now.Add(d) }\n"
    "-\ttime.Sleep(60 * time.Millisecond)\n+\tclk.Advance(51 * time.Millisecond)\n*** End Patch",
)
s.call(
    "shell",
    "ok  \tledgerd/cache\t0.012s\n(go test -count=200: 200 passed)",
    command=["bash", "-lc", "go test -count=200 ./cache/..."],
)
s.user(
    "Review from Priya: FakeClock.Advance and Now aren't goroutine-safe, and the janitor "
    "goroutine in cache.go calls Now() concurrently, so `go test -race` will flag it. Guard them "
    "with a mutex."
)
s.call(
    "update_plan",
    "Plan updated",
    plan=[
        {"step": "Inject a Clock into the cache", "status": "completed"},
        {"step": "Fix go vet copylocks", "status": "completed"},
        {"step": "Guard FakeClock with a sync.Mutex", "status": "in_progress"},
        {"step": "Run go test -race ./cache/...", "status": "pending"},
    ],
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Make the flaky TestCacheExpiry (cache/cache_test.go, fails ~1 in 20 on CI) reliable.",
             must=(("testcacheexpiry", "flaky", "flake"), ("cache",))),
    Question("latest_request", "What did the user last ask?",
             "Priya's review: guard FakeClock's Advance/Now with a mutex; the janitor goroutine "
             "calls Now() concurrently and -race would flag it.",
             must=(("mutex", "goroutine-safe", "race"), ("fakeclock", "advance"))),
    Question("next_step", "What exactly is the next step?",
             "Guard FakeClock with a sync.Mutex (in progress), then run go test -race ./cache/....",
             must=(("mutex",), ("fakeclock", "advance", "-race"))),
    Question("files_edited", "Which files were changed, and why?",
             "cache/clock.go (new Clock interface, realClock), cache/cache.go (NewWithClock, "
             "pointer receivers), cache/cache_test.go (FakeClock, Advance instead of Sleep).",
             must=(("clock.go",), ("cache.go",), ("cache_test.go",)), spread=True),
    Question("decisions", "What was decided, and what does it rule out?",
             "Inject a Clock and advance a fake in the test; rules out raising the sleep (only "
             "rarer flakes) and the benbjohnson/clock dependency.",
             must=(("clock",), ("sleep", "benbjohnson"))),
    Question("review", "What did the review find?",
             "FakeClock.Advance/Now are not goroutine-safe; the janitor goroutine calls Now() "
             "concurrently, so -race flags it.",
             must=(("goroutine", "race", "concurrent"), ("fakeclock", "advance", "now"))),
    Question("corrections", "How did the user correct the agent?",
             "No benbjohnson/clock dependency; a tiny Clock interface in the cache package.",
             must=(("benbjohnson", "dependency", "go.mod"),)),
    Question("errors", "Which errors occurred, and what fixed each?",
             "go vet copylocks: Get passes lock by value (Cache contains sync.Mutex); fixed by "
             "pointer receivers and returning *Cache.",
             must=(("copylocks", "lock by value"), ("pointer", "*cache"))),
    Question("key_values", "Which key values matter?",
             "TTL 50 ms, old sleep 60 ms, Advance 51 ms; 200 of 200 runs pass.",
             must=(("200",), ("50", "51", "60")), spread=True),
    Question("file_roles", "What is each file for?",
             "cache/clock.go holds the Clock interface and realClock; cache.go the cache and its "
             "janitor; cache_test.go the test and FakeClock.",
             must=(("clock.go",), ("interface", "realclock", "clock interface"))),
    Question("pending", "What work is still pending?",
             "Mutex in FakeClock; go test -race ./cache/....",
             must=(("mutex",), ("-race", "race"))),
    Question("state", "What is the state of the work?",
             "Clock injected, vet clean, the test passes 200 times; FakeClock not yet "
             "goroutine-safe, -race not run, uncommitted.",
             must=(("200", "pass"), ("race", "mutex", "goroutine"))),
)  # fmt: skip

PRODUCTION = """Summary so far: TestCacheExpiry (cache/cache_test.go) flaked ~1 in 20 on CI because it raced the wall clock (60 ms sleep against a 50 ms TTL). Raising the sleep was ruled out (only rarer flakes); instead the cache takes an injected Clock: cache/clock.go (new) has `type Clock interface{ Now() time.Time }` and realClock; cache/cache.go has NewWithClock. The user refused the benbjohnson/clock dependency (keep go.mod lean). go vet failed with copylocks (Get passes lock by value, Cache contains sync.Mutex), fixed by pointer receivers and returning *Cache. cache/cache_test.go has a FakeClock with Advance; the test advances 51 ms instead of sleeping and passes 200 of 200 runs (go test -count=200).
Priya's review: FakeClock.Advance and Now are not goroutine-safe; the janitor goroutine in cache.go calls Now() concurrently, so go test -race would flag it.
Next: guard FakeClock with a sync.Mutex (in progress), then run go test -race ./cache/...; nothing committed yet."""
