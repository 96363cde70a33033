"""Held out, fifteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, Go: retryhttp's Client.Do re-sends the
caller's *http.Request after a 503, whose body the first attempt consumed, so every retried
POST fails with "http: ContentLength=11 with Body length 0" (issue #58); a bufferBody() helper
in a new bodybuf.go that reads the body into memory once, then ruled out by the maintainer (the
backup uploader streams multi-GB archives through Do) for req.GetBody; bodybuf.go deleted and
retry.go checked out again; a DATA RACE under go test -race (Do set req.Body while the
transport's writeLoop still read the previous attempt's body), which a re-run with -count=1 did
not fix and a req.Clone() per retry did; the maintainer's four points: two done (GetBody, a
body without GetBody sent once, in Do's doc comment), one a separate issue (Retry-After, #63),
one half done (the POST-body test passes, the io.Pipe test is not written); the repro program
cmd/repro58 still in the tree; the assistant's last words name deleting bodybuf.go, already
deleted."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)
_RACE = (
    "==================\nWARNING: DATA RACE\nWrite at 0x00c0001b4d08 by goroutine 21:\n"
    "  github.com/hollis-io/retryhttp.(*Client).Do()\n      /testbed/retry.go:55 +0x2c4\n"
    "  github.com/hollis-io/retryhttp.TestRetryPostBody()\n"
    "      /testbed/retry_test.go:97 +0x1f0\n  testing.tRunner()\n"
    "      /usr/local/go/src/testing/testing.go:1689 +0x21e\n\n"
    "Previous read at 0x00c0001b4d08 by goroutine 37:\n"
    "  net/http.(*Request).write()\n      /usr/local/go/src/net/http/request.go:736 +0x10f4\n"
    "  net/http.(*persistConn).writeLoop()\n"
    "      /usr/local/go/src/net/http/transport.go:2443 +0x1c4\n==================\n"
    "--- FAIL: TestRetryPostBody (0.02s)\n"
    "    testing.go:1398: race detected during execution of test\nFAIL\n"
    "FAIL\tgithub.com/hollis-io/retryhttp\t1.207s\n"
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "hollis-io__retryhttp-58)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a Go code repository in the "
    "directory /testbed. Consider the following issue:\n<issue>\nRetried POST requests fail "
    'with "ContentLength=11 with Body length 0"\n\n```go\nreq, _ := http.NewRequest("POST", '
    'url, strings.NewReader(`{"id":"e1"}`))\nresp, err := client.Do(req)   // the server '
    "answers 503 first\n```\nThe first attempt gets the 503; every retry then fails with\n\n"
    '    Post "https://ingest.example.com/v1/events": http: ContentLength=11 with Body '
    "length 0\n\nand the server never sees the event again. GET requests retry fine.\n"
    "</issue>\nMake the minimal changes to non-test files in /testbed so that the issue is "
    "resolved."
)
s.call(
    "search_dir",
    'Found 3 matches for "func (c \\*Client) Do" in /testbed:\n/testbed/retry.go (1 matches)\n'
    "/testbed/README.md (1 matches)\n/testbed/retry_test.go (1 matches)\n"
    'End of matches for "func (c \\*Client) Do" in /testbed',
    search_term="func (c \\*Client) Do",
    dir="/testbed",
)
s.call(
    "open",
    "[File: /testbed/retry.go (94 lines total)]\n"
    "1:// Package retryhttp wraps an http.Client with retries and backoff.\n"
    '2:package retryhttp\n3:\n4:import (\n5:\t"context"\n6:\t"io"\n7:\t"net/http"\n'
    '8:\t"time"\n9:)\n10:\n'
    "11:// Client retries requests that fail with a network error or a 5xx status.\n"
    "12:type Client struct {\n13:\tHTTPClient *http.Client\n"
    "14:\tMaxRetries int         // retries after the first attempt; 3 when zero\n"
    "15:\tBackoff    BackoffFunc // delay before retry n; ExpBackoff(100ms, 2s) when nil\n"
    "16:}\n(21 more lines)\n"
    "38:// Do sends req, retrying on a network error or a 5xx response.\n"
    "39:func (c *Client) Do(req *http.Request) (*http.Response, error) {\n"
    "40:\tvar (\n41:\t\tresp *http.Response\n42:\t\terr  error\n43:\t)\n"
    "44:\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n"
    "45:\t\tif attempt > 0 {\n"
    "46:\t\t\tif werr := sleep(req.Context(), c.backoff(attempt)); werr != nil {\n"
    "47:\t\t\t\treturn nil, werr\n48:\t\t\t}\n49:\t\t}\n"
    "50:\t\tresp, err = c.httpClient().Do(req)\n"
    "51:\t\tif !shouldRetry(resp, err) {\n52:\t\t\treturn resp, err\n53:\t\t}\n"
    "54:\t\tif attempt < c.maxRetries() {\n55:\t\t\tdrain(resp)\n56:\t\t}\n57:\t}\n"
    "58:\treturn resp, err\n59:}\n(35 more lines below)\n",
    path="/testbed/retry.go",
    line_number=38,
)
s.call(
    "create",
    "[File: /testbed/cmd/repro58/main.go (27 lines total)]\n1:package main\n2:\n"
    '3:import (\n4:\t"fmt"\n5:\t"io"\n6:\t"net/http"\n7:\t"net/http/httptest"\n'
    '8:\t"strings"\n9:\n10:\t"github.com/hollis-io/retryhttp"\n11:)\n12:\n'
    "13:func main() {\n14:\tn := 0\n"
    "15:\tsrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r "
    "*http.Request) {\n16:\t\tn++\n17:\t\tb, _ := io.ReadAll(r.Body)\n"
    '18:\t\tfmt.Printf("attempt %d: %d bytes\\n", n, len(b))\n'
    "19:\t\tif n == 1 {\n20:\t\t\tw.WriteHeader(http.StatusServiceUnavailable)\n21:\t\t}\n"
    "22:\t}))\n23:\tdefer srv.Close()\n"
    '24:\treq, _ := http.NewRequest("POST", srv.URL+"/v1/events", '
    'strings.NewReader(`{"id":"e1"}`))\n'
    "25:\tresp, err := (&retryhttp.Client{}).Do(req)\n"
    '26:\tfmt.Println("err:", err, "resp:", resp != nil)\n27:}\n',
    filename="/testbed/cmd/repro58/main.go",
)
s.call(
    "bash",
    "attempt 1: 11 bytes\n"
    'err: Post "http://127.0.0.1:40613/v1/events": http: ContentLength=11 with Body length 0 '
    "resp: false\n",
    command="cd /testbed && go run ./cmd/repro58",
)
s.say(
    "Reproduced. Do passes the same *http.Request to every attempt; the first attempt read "
    "the strings.Reader to EOF, so each retry declares ContentLength=11 and has nothing left "
    "to send. GET works only because it has no body. Simplest fix: read the body into memory "
    "once (io.ReadAll) in a small bufferBody() helper in a new bodybuf.go, and give each "
    "attempt a fresh bytes.Reader over the bytes."
)
s.call(
    "create",
    "[File: /testbed/bodybuf.go (21 lines total)]\n1:package retryhttp\n2:\n"
    '3:import (\n4:\t"bytes"\n5:\t"io"\n6:\t"net/http"\n7:)\n8:\n'
    "9:// bufferedBody is a request body read into memory once so that every attempt can\n"
    "10:// send it again.\n11:type bufferedBody []byte\n12:\n"
    "13:func bufferBody(req *http.Request) (bufferedBody, error) {\n"
    "14:\tif req.Body == nil || req.Body == http.NoBody {\n15:\t\treturn nil, nil\n16:\t}\n"
    "17:\tdefer req.Body.Close()\n18:\treturn io.ReadAll(req.Body)\n19:}\n20:\n"
    "21:func (b bufferedBody) reader() io.ReadCloser { return "
    "io.NopCloser(bytes.NewReader(b)) }\n",
    filename="/testbed/bodybuf.go",
)
s.call(
    "edit",
    "[File: /testbed/retry.go (101 lines total)]\n"
    "39:func (c *Client) Do(req *http.Request) (*http.Response, error) {\n"
    "40:\tbuf, err := bufferBody(req)\n41:\tif err != nil {\n42:\t\treturn nil, err\n43:\t}\n"
    "44:\tvar resp *http.Response\n"
    "45:\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n"
    "46:\t\tif buf != nil {\n"
    "47:\t\t\treq.Body = buf.reader()\n48:\t\t}\n"
    f"...\n{_EDITED}",
    start_line=39,
    end_line=50,
    replacement_text="func (c *Client) Do(req *http.Request) (*http.Response, error) {\n"
    "\tbuf, err := bufferBody(req)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n"
    "\tvar resp *http.Response\n"
    "\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n\t\tif buf != nil {\n"
    "\t\t\treq.Body = buf.reader()\n\t\t}\n"
    "\t\tif attempt > 0 {\n"
    "\t\t\tif werr := sleep(req.Context(), c.backoff(attempt)); werr != nil {\n"
    "\t\t\t\treturn nil, werr\n\t\t\t}\n\t\t}\n\t\tresp, err = c.httpClient().Do(req)\n",
)
s.call(
    "bash",
    "attempt 1: 11 bytes\nattempt 2: 11 bytes\nerr: <nil> resp: true\n---\n"
    "ok  \tgithub.com/hollis-io/retryhttp\t0.412s\n"
    "?   \tgithub.com/hollis-io/retryhttp/cmd/repro58\t[no test files]\n",
    command="cd /testbed && go run ./cmd/repro58; echo ---; go test ./...",
)
s.user(
    "The maintainer (@tomasz-w) commented on the issue:\n"
    "> Thanks for the quick turnaround. Some notes before a PR:\n"
    "> 1. Please don't read the body into memory. The backup uploader streams multi-GB "
    "archives through Client.Do, and bufferBody would hold a whole archive in RAM. Use "
    "req.GetBody: http.NewRequest sets it for *bytes.Buffer, *bytes.Reader and "
    "*strings.Reader, and it hands out a fresh body for each attempt.\n"
    "> 2. A request that has a body but no GetBody (an io.Pipe reader, a custom reader) can't "
    "be replayed: send it once and return that response, no retries. Say so in Do's doc "
    "comment.\n"
    "> 3. Honouring Retry-After on a 503 would be nice, but it's a separate change: I opened "
    "#63.\n"
    "> 4. Tests, please: a POST that gets a 503 and then a 200 must arrive with its full body "
    "the second time, and a body without GetBody (an io.Pipe, say) must be sent exactly once."
)
s.call(
    "bash",
    "?? cmd/\n",
    command="cd /testbed && rm bodybuf.go && git checkout -- retry.go && git status --short",
)
s.say(
    "bodybuf.go is gone and retry.go is back as it was. New plan: before each retry, take a "
    "fresh body from req.GetBody; when the request has a body and GetBody is nil, return "
    "after the first attempt."
)
s.call(
    "edit",
    "[File: /testbed/retry.go (104 lines total)]\n"
    "39:func (c *Client) Do(req *http.Request) (*http.Response, error) {\n"
    "40:\treplayable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil\n"
    "41:\tvar (\n42:\t\tresp *http.Response\n43:\t\terr  error\n44:\t)\n"
    "45:\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n"
    "46:\t\tif attempt > 0 {\n"
    "47:\t\t\tif werr := sleep(req.Context(), c.backoff(attempt)); werr != nil {\n"
    "48:\t\t\t\treturn nil, werr\n49:\t\t\t}\n50:\t\t\tif req.GetBody != nil {\n"
    "51:\t\t\t\tbody, gerr := req.GetBody()\n52:\t\t\t\tif gerr != nil {\n"
    "53:\t\t\t\t\treturn nil, gerr\n54:\t\t\t\t}\n55:\t\t\t\treq.Body = body\n"
    "56:\t\t\t}\n57:\t\t}\n58:\t\tresp, err = c.httpClient().Do(req)\n"
    "59:\t\tif !replayable || !shouldRetry(resp, err) {\n60:\t\t\treturn resp, err\n"
    f"61:\t\t}}\n...\n{_EDITED}",
    start_line=39,
    end_line=53,
    replacement_text="func (c *Client) Do(req *http.Request) (*http.Response, error) {\n"
    "\treplayable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil\n"
    "\tvar (\n\t\tresp *http.Response\n\t\terr  error\n\t)\n"
    "\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n\t\tif attempt > 0 {\n"
    "\t\t\tif werr := sleep(req.Context(), c.backoff(attempt)); werr != nil {\n"
    "\t\t\t\treturn nil, werr\n\t\t\t}\n\t\t\tif req.GetBody != nil {\n"
    "\t\t\t\tbody, gerr := req.GetBody()\n\t\t\t\tif gerr != nil {\n"
    "\t\t\t\t\treturn nil, gerr\n\t\t\t\t}\n\t\t\t\treq.Body = body\n\t\t\t}\n\t\t}\n"
    "\t\tresp, err = c.httpClient().Do(req)\n"
    "\t\tif !replayable || !shouldRetry(resp, err) {\n\t\t\treturn resp, err\n\t\t}\n",
)
s.call(
    "edit",
    "[File: /testbed/retry_test.go (112 lines total)]\n"
    "78:// A POST answered 503 before its body is read arrives whole on the retry (#58).\n"
    "79:func TestRetryPostBody(t *testing.T) {\n80:\tvar mu sync.Mutex\n"
    "81:\tvar got []int\n"
    "82:\tsrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r "
    "*http.Request) {\n83:\t\tmu.Lock()\n84:\t\tdefer mu.Unlock()\n"
    "85:\t\tif len(got) == 0 {\n86:\t\t\tgot = append(got, -1)\n"
    "87:\t\t\tw.WriteHeader(http.StatusServiceUnavailable) // before reading the body\n"
    "88:\t\t\treturn\n89:\t\t}\n90:\t\tb, _ := io.ReadAll(r.Body)\n"
    "91:\t\tgot = append(got, len(b))\n92:\t}))\n...\n"
    "97:\tresp, err := (&Client{Backoff: NoBackoff}).Do(req)\n...\n"
    '104:\t\tt.Fatalf("server got %v, want [-1 11]", got)\n'
    f"...\n{_EDITED}",
    start_line=77,
    end_line=77,
    replacement_text="\n// A POST answered 503 before its body is read arrives whole on the retry "
    "(#58).\nfunc TestRetryPostBody(t *testing.T) {\n\tvar mu sync.Mutex\n\tvar got []int\n"
    "\tsrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r "
    "*http.Request) {\n\t\tmu.Lock()\n\t\tdefer mu.Unlock()\n\t\tif len(got) == 0 {\n"
    "\t\t\tgot = append(got, -1)\n"
    "\t\t\tw.WriteHeader(http.StatusServiceUnavailable) // before reading the body\n"
    "\t\t\treturn\n\t\t}\n\t\tb, _ := io.ReadAll(r.Body)\n\t\tgot = append(got, len(b))\n"
    "\t}))\n\tdefer srv.Close()\n"
    '\treq, _ := http.NewRequest("POST", srv.URL, strings.NewReader(`{"id":"e1"}`))\n'
    "\tresp, err := (&Client{Backoff: NoBackoff}).Do(req)\n"
    "\tif err != nil || resp.StatusCode != 200 {\n"
    '\t\tt.Fatalf("Do: %v, %v", resp, err)\n\t}\n\tmu.Lock()\n\tdefer mu.Unlock()\n'
    "\tif len(got) != 2 || got[1] != 11 {\n"
    '\t\tt.Fatalf("server got %v, want [-1 11]", got)\n\t}\n}\n',
)
s.call(
    "bash",
    _RACE,
    command="cd /testbed && go test -race ./...",
)
s.say(
    "The race is inside TestRetryPostBody, whose handler answers 503 without reading the "
    "body; that looks like a flaky timing in the test rather than in Do. Running it again "
    "uncached, with -count=1."
)
s.call(
    "bash",
    _RACE,
    command="cd /testbed && go test -race -count=1 -run TestRetryPostBody ./...",
)
s.say(
    "Same race, same lines, so it is not flaky. The write is retry.go:55, req.Body = body in "
    "Do; the read is the transport's writeLoop, still writing the first attempt's body: the "
    "server answered 503 before reading it, so the client's Do returned while the transport "
    "still held the request. Do must not change the caller's request after handing it to the "
    "transport. Each retry has to send its own copy: r := req.Clone(req.Context()), then "
    "r.Body from GetBody, and send r."
)
s.call(
    "edit",
    "[File: /testbed/retry.go (106 lines total)]\n"
    "45:\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n"
    "46:\t\tr := req\n47:\t\tif attempt > 0 {\n"
    "48:\t\t\tif werr := sleep(req.Context(), c.backoff(attempt)); werr != nil {\n"
    "49:\t\t\t\treturn nil, werr\n50:\t\t\t}\n51:\t\t\tif req.GetBody != nil {\n"
    "52:\t\t\t\tbody, gerr := req.GetBody()\n53:\t\t\t\tif gerr != nil {\n"
    "54:\t\t\t\t\treturn nil, gerr\n55:\t\t\t\t}\n"
    "56:\t\t\t\tr = req.Clone(req.Context()) // never touch the caller's request\n"
    "57:\t\t\t\tr.Body = body\n58:\t\t\t}\n59:\t\t}\n"
    f"60:\t\tresp, err = c.httpClient().Do(r)\n{_EDITED}",
    start_line=45,
    end_line=58,
    replacement_text="\tfor attempt := 0; attempt <= c.maxRetries(); attempt++ {\n\t\tr := req\n"
    "\t\tif attempt > 0 {\n"
    "\t\t\tif werr := sleep(req.Context(), c.backoff(attempt)); werr != nil {\n"
    "\t\t\t\treturn nil, werr\n\t\t\t}\n\t\t\tif req.GetBody != nil {\n"
    "\t\t\t\tbody, gerr := req.GetBody()\n\t\t\t\tif gerr != nil {\n"
    "\t\t\t\t\treturn nil, gerr\n\t\t\t\t}\n"
    "\t\t\t\tr = req.Clone(req.Context()) // never touch the caller's request\n"
    "\t\t\t\tr.Body = body\n\t\t\t}\n\t\t}\n\t\tresp, err = c.httpClient().Do(r)\n",
)
s.call(
    "bash",
    "12\n---\nok  \tgithub.com/hollis-io/retryhttp\t1.342s\n"
    "?   \tgithub.com/hollis-io/retryhttp/cmd/repro58\t[no test files]\n",
    command="cd /testbed && go test -race -count=1 -v ./... 2>&1 | grep -c '^--- PASS'; "
    "echo ---; go test -race -count=1 ./...",
)
s.call(
    "bash",
    "attempt 1: 11 bytes\nattempt 2: 11 bytes\nerr: <nil> resp: true\n",
    command="cd /testbed && go run ./cmd/repro58",
)
s.call(
    "edit",
    "[File: /testbed/retry.go (109 lines total)]\n"
    "38:// Do sends req, retrying on a network error or a 5xx response. Each retry sends a\n"
    "39:// clone of req with a fresh body from req.GetBody. A request with a body but no\n"
    "40:// GetBody (an io.Pipe reader, say) cannot be replayed: it is sent once and its\n"
    f"41:// response returned as is.\n{_EDITED}",
    start_line=38,
    end_line=38,
    replacement_text="// Do sends req, retrying on a network error or a 5xx response. Each retry "
    "sends a\n// clone of req with a fresh body from req.GetBody. A request with a body but "
    "no\n// GetBody (an io.Pipe reader, say) cannot be replayed: it is sent once and its\n"
    "// response returned as is.\n",
)
s.call(
    "bash",
    " M retry.go\n M retry_test.go\n?? cmd/\n---\n retry.go      | 24 +++++++++++++++++++-----\n"
    " retry_test.go | 28 ++++++++++++++++++++++++++++\n"
    " 2 files changed, 47 insertions(+), 5 deletions(-)\n",
    command="cd /testbed && git status --short && echo --- && git diff --stat",
)
s.say(
    "Where the maintainer's points stand: (1) done, nothing is buffered: each retry sends "
    "req.Clone() with a fresh body from GetBody, and bodybuf.go is deleted; (2) done, a body "
    "without GetBody is sent once and its response returned, as Do's doc comment now says; "
    "(3) Retry-After stays for #63; (4) TestRetryPostBody passes under -race (the second "
    "attempt gets all 11 bytes), but the io.Pipe test is not written yet. All 12 tests pass "
    "with go test -race -count=1, and the repro sends 11 bytes on both attempts."
)
s.say("Next I'll delete bodybuf.go so the buffering helper is gone, then submit.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve hollis-io__retryhttp-58: retryhttp's Client.Do retries a POST after a "
             "503 with the body the first attempt consumed, so every retry fails with "
             "\"http: ContentLength=11 with Body length 0\"; minimal changes to non-test "
             "files.",
             must=(("contentlength=11", "body length 0", "empty body", "consumed"),
                   ("retried", "retry", "retries")),
             partial_means="The retries without the lost body, or the reverse.",
             wrong="GET requests failing; a backoff that is too slow."),
    Question("latest_request", "What did the user last ask?",
             "The maintainer @tomasz-w: (1) don't read the body into memory (the backup "
             "uploader streams multi-GB archives), use req.GetBody; (2) a body without "
             "GetBody (an io.Pipe) is sent once, no retries, said in Do's doc comment; "
             "(3) Retry-After is a separate change, #63; (4) tests: a POST retried after a "
             "503 arrives with its full body, an io.Pipe body is sent exactly once.",
             must=(("getbody",), ("io.pipe", "retry-after", "#63", "doc comment")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "maintainer", "tomasz", "comment"),
             partial_means="One of the points to act on.",
             wrong="Adding Retry-After support now.",
             stale_means="The issue itself given as the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Write the maintainer's second test in retry_test.go: a request whose body is an "
             "io.Pipe reader (no GetBody) answered 503 is sent exactly once and its response "
             "returned; run go test -race ./...; delete cmd/repro58 and submit. bodybuf.go "
             "is already deleted.",
             must=(("io.pipe", "pipe", "without getbody", "no getbody"),
                   ("retry_test.go", "go test -race", "repro58")),
             stale=("bodybuf.go", "bufferbody", "-count=1", "read the body into memory"),
             partial_means="The io.Pipe test without where it goes or what follows it, or "
                           "only 'submit'.",
             wrong="Adding Retry-After handling; buffering the body again.",
             stale_means="Says to delete bodybuf.go (already deleted) or to re-run the race "
                         "with -count=1."),
    Question("files_edited", "Which files were changed, and why?",
             "retry.go: Do sends each retry as req.Clone() with a fresh body from "
             "req.GetBody, sends a body without GetBody once, and its doc comment says so; "
             "retry_test.go: TestRetryPostBody added. bodybuf.go (bufferBody) was created and "
             "deleted, retry.go's buffering edit checked out again; cmd/repro58/main.go is "
             "the scratch repro, still untracked.",
             must=(("retry.go",), ("getbody", "clone")),
             stale=("bodybuf.go",),
             partial_means="retry.go without what changed in it.",
             wrong="backoff.go or README.md given as edited.",
             stale_means="bodybuf.go listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Each retry gets a fresh body from req.GetBody on a clone of the request, and a "
             "body without GetBody is not retried; this rules out reading the body into "
             "memory (bufferBody, io.ReadAll), since the backup uploader streams multi-GB "
             "archives through Do.",
             must=(("getbody",), ("buffer", "in memory", "into memory", "readall")),
             stale=("read the body into memory once", "bufferbody", "fresh bytes.reader"),
             partial_means="GetBody without what it rules out.",
             wrong="Disabling retries for POST altogether.",
             stale_means="Buffering the body in memory given as the design."),
    Question("review", "What did the review find?",
             "@tomasz-w: (1) no buffering in memory, use req.GetBody (done); (2) a body "
             "without GetBody is sent once, documented in Do's comment (done); (3) Retry-After "
             "is a separate change, #63; (4) tests: the POST-body test TestRetryPostBody "
             "(done) and the io.Pipe sent-once test (pending).",
             must=(("buffer", "in memory", "getbody"),
                   ("without getbody", "no getbody", "sent once", "not retried"),
                   ("retry-after", "#63"), ("io.pipe", "pipe", "testretrypostbody")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "maintainer", "tomasz"),
             partial_means="Two or three of the four points.",
             wrong="The data race given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "The maintainer ruled out reading the body into memory (bufferBody would hold a "
             "multi-GB archive from the backup uploader in RAM): use req.GetBody for a fresh "
             "body per attempt instead.",
             must=(("buffer", "in memory", "into memory", "readall"), ("getbody",)),
             cue=("user", "maintainer", "correct", "said", "asked", "told", "instead", "don't",
                  "do not", "not ", "no ", "wants", "ruled out"),
             partial_means="No buffering without what to do instead, or the reverse.",
             wrong="The data race given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The retries failed with ContentLength=11 with Body length 0 (the consumed "
             "body), fixed by a fresh body from GetBody. Then go test -race reported a DATA "
             "RACE in TestRetryPostBody: Do set req.Body (retry.go:55) while the transport's "
             "writeLoop still read the first attempt's body; a re-run with -count=1 did not "
             "fix it; sending a req.Clone() per retry did.",
             must=(("data race", "race"), ("clone", "copy of the request", "its own copy")),
             stale=("fixed by re-running", "fixed by running it again", "fixed by -count=1",
                    "fixed by go clean", "flaky"),
             partial_means="The race without its fix, or only the ContentLength error.",
             wrong="A compile error; a timeout in the backoff.",
             stale_means="The race 'fixed' by a re-run with -count=1, or called flaky."),
    Question("key_values", "Which key values matter?",
             "The body is 11 bytes (ContentLength=11 with Body length 0); the first attempt "
             "gets a 503; MaxRetries defaults to 3; 12 tests pass under -race; issue #58, "
             "Retry-After in #63.",
             must=(("contentlength=11", "11 bytes"), ("12 tests", "maxretries", "retry.go:55")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "retry.go holds Client and Do (the retry loop); retry_test.go its tests "
             "(TestRetryPostBody); cmd/repro58/main.go a scratch program that reproduces the "
             "issue against an httptest server; README.md documents the client.",
             must=(("retry.go",), ("retry_test.go", "repro58")),
             partial_means="The files named without what they hold.",
             wrong="bodybuf.go as what replays the body."),
    Question("pending", "What work is still pending?",
             "The io.Pipe test (a body without GetBody is sent exactly once), go test -race, "
             "deleting the cmd/repro58 scratch program, and submitting; Retry-After is left "
             "to #63.",
             must=(("io.pipe", "pipe", "without getbody", "no getbody"),
                   ("repro58", "submit")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The GetBody change or the doc comment as pending."),
    Question("state", "What is the state of the work?",
             "Do rewinds with GetBody on a clone per retry and sends a body without GetBody "
             "once; TestRetryPostBody and all 12 tests pass under -race and the repro sends "
             "11 bytes twice; the io.Pipe test is not written, cmd/repro58 is still there, "
             "nothing is submitted.",
             must=(("12 tests", "tests pass", "-race", "pass"),
                   ("not written", "not submitted", "io.pipe", "pipe")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted or Retry-After is handled.",
             stale_means="Says Do buffers the body with bufferBody."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
