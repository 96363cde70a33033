"""Held out, fifteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, Go: the eventrelay service forwards a
partner's order_id 1234567890123456789 to Kafka as 1234567890123456800 (RELAY-318), because it
decodes each event into a map[string]any and every number becomes a float64; typed structs with
int64 fields in a new internal/relay/events.go written, then ruled out by the user (the relay
passes unknown partner fields through, which is why the event is a map) for a json.Decoder with
UseNumber(); events.go deleted; a fee test that broke on the float64 assertion in enrich.go,
fixed with json.Number; the end-to-end test still seeing the rounded ID, which removing the
reused Kafka container and a re-run did not fix and decoding with UseNumber in the dedupe
middleware (which re-encoded the body before Transform) did; PR #612 and a review by CI's
golangci-lint and Dario with four points: the errcheck finding and the decimal amounts done
(not committed), encoding/json/v2 answered on the PR, a test that two events whose IDs differ
only in the last digits are both forwarded pending; a short production summary; the assistant's
last words announce the errcheck fix, already done."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/priya/src/eventrelay"
_RELAY = f"{_ROOT}/internal/relay"
_E2E = "go test -count=1 -tags e2e ./e2e/..."
_E2E_FAIL = (
    "--- FAIL: TestRelayEndToEnd ({t})\n"
    "    relay_e2e_test.go:88: orders.v1 order_id = 1234567890123456800, want "
    "1234567890123456789\nFAIL\nFAIL\tgithub.com/tidewater/eventrelay/e2e\t{total}\nFAIL\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "RELAY-318: Marlow says their order IDs arrive wrong on orders.v1. They send order_id "
    "1234567890123456789 and our consumers get 1234567890123456800. Small IDs are fine, only "
    "their new snowflake ones. Find where the relay mangles them and fix it."
)
s.call(
    "Grep",
    "internal/config/load.go:19:\tif err := json.Unmarshal(raw, &cfg); err != nil {\n"
    "internal/relay/dedupe.go:24:\t\tif err := json.Unmarshal(body, &ev); err != nil {\n"
    "internal/relay/transform.go:18:\tif err := json.Unmarshal(body, &ev); err != nil {\n",
    pattern="json\\.Unmarshal",
    path="internal",
    output_mode="content",
)
s.call(
    "Read",
    "    14→// Transform stamps an incoming partner event and enriches it for orders.v1.\n"
    "    15→// Fields the relay does not know are passed through untouched.\n"
    "    16→func Transform(body []byte, p Partner) ([]byte, error) {\n"
    "    17→\tvar ev map[string]any\n"
    "    18→\tif err := json.Unmarshal(body, &ev); err != nil {\n"
    '    19→\t\treturn nil, fmt.Errorf("decode event: %w", err)\n'
    "    20→\t}\n"
    '    21→\tev["partner_id"] = p.ID\n'
    '    22→\tev["received_at"] = time.Now().UTC().Format(time.RFC3339Nano)\n'
    "    23→\tenrich(ev, p)\n"
    "    24→\treturn json.Marshal(ev)\n"
    "    25→}\n",
    file_path=f"{_RELAY}/transform.go",
    offset=14,
)
s.call(
    "Edit",
    f"The file {_ROOT}/e2e/relay_e2e_test.go has been updated.",
    "Putting Marlow's ID into the end-to-end test first, so it reproduces the bug through Kafka.",
    file_path=f"{_ROOT}/e2e/relay_e2e_test.go",
    old_string='const marlowOrderID = "88120041"',
    new_string='const marlowOrderID = "1234567890123456789" // RELAY-318: above 2^53',
)
s.call(
    "Bash",
    _E2E_FAIL.format(t="9.84s", total="10.217s"),
    command=_E2E,
    description="Run the end-to-end test against the Kafka test container",
)
s.call(
    "Write",
    f"File created successfully at: {_RELAY}/events.go",
    "Reproduced. json.Unmarshal into a map[string]any turns every JSON number into a float64, "
    "which holds integers exactly only up to 2^53 (9007199254740992); 1234567890123456789 "
    "rounds to 1234567890123456768 and json.Marshal writes it back as 1234567890123456800. "
    "Plan: decode into typed structs with int64 fields in a new internal/relay/events.go, "
    "one per event type.",
    file_path=f"{_RELAY}/events.go",
    content="package relay\n\ntype OrderCreated struct {\n"
    '\tEventID     int64  `json:"event_id"`\n\tOrderID     int64  `json:"order_id"`\n'
    '\tAmountCents int64  `json:"amount_cents"`\n\tCurrency    string `json:"currency"`\n}\n\n'
    "type OrderUpdated struct { ... }\n\ntype RefundIssued struct { ... }\n",
)
s.user(
    "No typed structs. Partners add fields whenever they like and the relay passes the ones "
    "it doesn't know through untouched; that's the whole reason ev is a map. Keep the map and "
    "decode with a json.Decoder and UseNumber(), so numbers stay json.Number and go back out "
    "exactly as they came in."
)
s.call(
    "Bash",
    "",
    "Dropping the structs.",
    command="rm internal/relay/events.go",
    description="Delete events.go",
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_RELAY}/transform.go:\n"
    '1. Replaced "import (\\n\\t"encoding/json"" with "import (\\n\\t"bytes"\\n\\t"encoding/..."\n'
    '2. Replaced "\\tvar ev map[string]any\\n\\tif err := json.Unmarshal(b..." with '
    '"\\tev, err := decodeEvent(body)\\n\\tif err != nil {\\n..."\n'
    '3. Replaced "\\treturn json.Marshal(ev)\\n}\\n" with "\\treturn json.Marshal(ev)\\n}\\n\\n// '
    'decodeEvent ..."\n',
    file_path=f"{_RELAY}/transform.go",
    edits=[
        {
            "old_string": 'import (\n\t"encoding/json"',
            "new_string": 'import (\n\t"bytes"\n\t"encoding/json"',
        },
        {
            "old_string": "\tvar ev map[string]any\n\tif err := json.Unmarshal(body, &ev); "
            'err != nil {\n\t\treturn nil, fmt.Errorf("decode event: %w", err)\n\t}\n',
            "new_string": "\tev, err := decodeEvent(body)\n\tif err != nil {\n"
            "\t\treturn nil, err\n\t}\n",
        },
        {
            "old_string": "\treturn json.Marshal(ev)\n}\n",
            "new_string": "\treturn json.Marshal(ev)\n}\n\n"
            "// decodeEvent keeps every number as a json.Number, so IDs above 2^53 go back\n"
            "// out byte for byte.\n"
            "func decodeEvent(body []byte) (map[string]any, error) {\n"
            "\tdec := json.NewDecoder(bytes.NewReader(body))\n\tdec.UseNumber()\n"
            "\tvar ev map[string]any\n\tif err := dec.Decode(&ev); err != nil {\n"
            '\t\treturn nil, fmt.Errorf("decode event: %w", err)\n\t}\n\treturn ev, nil\n}\n',
        },
    ],
)
s.call(
    "Bash",
    "--- FAIL: TestEnrichAddsFee (0.00s)\n"
    "    enrich_test.go:31: fee_cents = <nil>, want 30\n"
    "FAIL\nFAIL\tgithub.com/tidewater/eventrelay/internal/relay\t0.412s\nFAIL\n",
    command="go test ./internal/relay/",
    description="Run the relay package tests",
)
s.call(
    "Read",
    '     1→package relay\n     2→\n     3→import "math"\n     4→\n'
    "     5→// enrich adds what downstream consumers need and partners do not send.\n"
    "     6→func enrich(ev map[string]any, p Partner) {\n"
    '     7→\tif amt, ok := ev["amount_cents"].(float64); ok {\n'
    '     8→\t\tev["fee_cents"] = math.Round(amt * float64(p.FeeBps) / 10000)\n'
    "     9→\t}\n"
    '    10→\tif _, ok := ev["currency"]; !ok {\n'
    '    11→\t\tev["currency"] = p.DefaultCurrency\n    12→\t}\n    13→}\n',
    "enrich asserts amount_cents is a float64; with UseNumber it is a json.Number now, so the "
    "assertion fails silently and no fee is set.",
    file_path=f"{_RELAY}/enrich.go",
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_RELAY}/enrich.go:\n"
    '1. Replaced "import "math"" with "import "encoding/json""\n'
    '2. Replaced "\\tif amt, ok := ev["amount_cents"].(float64); ok {\\n..." with '
    '"\\tif n, ok := ev["amount_cents"].(json.Number); ok {\\n..."\n',
    file_path=f"{_RELAY}/enrich.go",
    edits=[
        {"old_string": 'import "math"', "new_string": 'import "encoding/json"'},
        {
            "old_string": '\tif amt, ok := ev["amount_cents"].(float64); ok {\n'
            '\t\tev["fee_cents"] = math.Round(amt * float64(p.FeeBps) / 10000)\n',
            "new_string": '\tif n, ok := ev["amount_cents"].(json.Number); ok {\n'
            "\t\tamt, _ := n.Int64()\n"
            '\t\tev["fee_cents"] = (amt*int64(p.FeeBps) + 5000) / 10000\n',
        },
    ],
)
s.call(
    "Bash",
    "ok  \tgithub.com/tidewater/eventrelay/internal/config\t0.019s\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/kafka\t0.171s\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/relay\t0.394s\n",
    command="go test ./internal/...",
    description="Run the unit tests",
)
s.call(
    "Bash",
    _E2E_FAIL.format(t="9.61s", total="9.998s"),
    command=_E2E,
    description="Run the end-to-end test again",
)
s.call(
    "Bash",
    "relay-e2e-kafka\n" + _E2E_FAIL.format(t="14.02s", total="14.377s"),
    "Unit tests pass, but the end-to-end test still sees the rounded ID. The e2e suite reuses "
    "its Kafka container between runs (Reuse: true in e2e/kafka_test.go) and reads orders.v1 "
    "from the earliest offset, so it may be reading a message from a run before the fix. "
    "Removing the container and running again on a fresh topic.",
    command=f"docker rm -f relay-e2e-kafka && {_E2E}",
    description="Remove the reused Kafka container, then re-run the e2e test",
)
s.call(
    "Read",
    "    19→// Dedupe drops an event whose (partner, event_id) was seen in the last 24h.\n"
    "    20→// cmd/relayd wires it in front of Transform.\n"
    "    21→func Dedupe(store KeyStore, next Handler) Handler {\n"
    "    22→\treturn func(ctx context.Context, body []byte, p Partner) error {\n"
    "    23→\t\tvar ev map[string]any\n"
    "    24→\t\tif err := json.Unmarshal(body, &ev); err != nil {\n"
    '    25→\t\t\treturn fmt.Errorf("dedupe: %w", err)\n    26→\t\t}\n'
    '    27→\t\tkey := fmt.Sprintf("%s:%v", p.ID, ev["event_id"])\n'
    "    28→\t\tif seen, err := store.SeenOrAdd(ctx, key, 24*time.Hour); err != nil || seen "
    "{\n    29→\t\t\treturn err\n    30→\t\t}\n"
    "    31→\t\t// re-encode so the key and the forwarded body agree\n"
    "    32→\t\tbody, _ = json.Marshal(ev)\n"
    "    33→\t\treturn next(ctx, body, p)\n    34→\t}\n    35→}\n",
    "Same value on a fresh topic, so it isn't old data: it's the code. The other "
    "json.Unmarshal from the grep is in the dedupe middleware, which runs before Transform.",
    file_path=f"{_RELAY}/dedupe.go",
    offset=19,
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_RELAY}/dedupe.go:\n"
    '1. Replaced "\\t\\tvar ev map[string]any\\n\\t\\tif err := json.Unmarsh..." with '
    '"\\t\\tev, err := decodeEvent(body)\\n\\t\\tif err != nil {..."\n'
    '2. Replaced "\\t\\t// re-encode so the key and the forwarded body agr..." with ""\n',
    "There it is: Dedupe decodes into a float64 map and re-marshals the body it forwards, so "
    "the ID is already rounded when Transform gets it. It also builds the key with %v of a "
    "float64, so Marlow event_ids 1234567890123456001 and 1234567890123456004 both become "
    "marlow:1.234567890123456e+18 and the second is dropped as a duplicate. decodeEvent fixes "
    "both, and Dedupe forwards the original bytes.",
    file_path=f"{_RELAY}/dedupe.go",
    edits=[
        {
            "old_string": "\t\tvar ev map[string]any\n\t\tif err := json.Unmarshal(body, &ev); "
            "err != nil {\n",
            "new_string": "\t\tev, err := decodeEvent(body)\n\t\tif err != nil {\n",
        },
        {
            "old_string": "\t\t// re-encode so the key and the forwarded body agree\n"
            "\t\tbody, _ = json.Marshal(ev)\n",
            "new_string": "",
        },
    ],
)
s.call(
    "Bash",
    "ok  \tgithub.com/tidewater/eventrelay/e2e\t13.906s\n"
    "?   \tgithub.com/tidewater/eventrelay/cmd/relayctl\t[no test files]\n"
    "?   \tgithub.com/tidewater/eventrelay/cmd/relayd\t[no test files]\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/config\t0.020s\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/kafka\t0.168s\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/relay\t0.401s\n"
    "47\n",
    command=f"{_E2E} && go test ./... && go test -v ./... 2>&1 | grep -c '^--- PASS'",
    description="Re-run the e2e test, then all unit tests and count them",
)
s.say(
    "Fixed. Transform and Dedupe both decode with decodeEvent (a json.Decoder with "
    "UseNumber), so numbers stay json.Number; enrich reads amount_cents as a json.Number; "
    "Dedupe forwards the body it received instead of re-encoding it, and its key now has the "
    "exact event_id. TestRelayEndToEnd gets 1234567890123456789 back, and all 47 unit tests "
    "pass."
)
s.user("Nice. Commit it on a branch and open the PR, Dario reviews relay changes.")
s.call(
    "Bash",
    "Switched to a new branch 'relay-318-exact-ids'\n"
    "[relay-318-exact-ids 9c41e07] Keep partner numbers exact through the relay (RELAY-318)\n"
    " 4 files changed, 38 insertions(+), 15 deletions(-)\n"
    "branch 'relay-318-exact-ids' set up to track 'origin/relay-318-exact-ids'.\n"
    "https://github.com/tidewater/eventrelay/pull/612\n",
    command="git checkout -b relay-318-exact-ids && git add -A && git commit -m 'Keep partner "
    "numbers exact through the relay (RELAY-318)' && git push -u origin HEAD && gh pr create "
    "--fill --reviewer dario-v",
    description="Commit on a branch, push, open the PR",
)
s.user(
    "#612 is back.\n"
    "CI, golangci-lint: internal/relay/enrich.go:8:3: Error return value of `n.Int64` is not "
    "checked (errcheck)\n"
    "Dario:\n"
    "1. Kestrel sends amount_cents as 1200.0. Int64() fails on that, so their fees go missing.\n"
    "2. Before this fix the dedupe key used %v of a float64, so two Marlow events whose IDs "
    "differ only in the last digits got one key and the second was dropped. Add a test that "
    "two such events are both forwarded.\n"
    "3. Why not encoding/json/v2? It keeps big numbers exact without UseNumber.\n"
    "Mine: fix the lint. 1 yes: accept a whole-number decimal like 1200.0 but reject 1200.5 "
    "with an error, never round money. 2 yes, write it. 3 answer him on the PR: v2 is only "
    "behind GOEXPERIMENT=jsonv2 in Go 1.25 and we're on 1.22."
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_RELAY}/enrich.go:\n"
    '1. Replaced "import "encoding/json"" with "import (\\n\\t"encoding/json"\\n\\t"fmt..."\n'
    '2. Replaced "func enrich(ev map[string]any, p Partner) {\\n\\tif n, o..." with '
    '"func enrich(ev map[string]any, p Partner) error {\\n\\ti..."\n'
    '3. Replaced "\\t\\tev["currency"] = p.DefaultCurrency\\n\\t}\\n}\\n" with '
    '"\\t\\tev["currency"] = p.DefaultCurrency\\n\\t}\\n\\treturn ..."\n',
    "Dario's 1 and the lint finding are the same line: a cents() helper that checks Int64's "
    "error, falls back to a whole-number decimal, and rejects anything else; enrich returns "
    "that error.",
    file_path=f"{_RELAY}/enrich.go",
    edits=[
        {
            "old_string": 'import "encoding/json"',
            "new_string": 'import (\n\t"encoding/json"\n\t"fmt"\n\t"math"\n)',
        },
        {
            "old_string": "func enrich(ev map[string]any, p Partner) {\n"
            '\tif n, ok := ev["amount_cents"].(json.Number); ok {\n\t\tamt, _ := n.Int64()\n',
            "new_string": "func enrich(ev map[string]any, p Partner) error {\n"
            '\tif n, ok := ev["amount_cents"].(json.Number); ok {\n'
            "\t\tamt, err := cents(n)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n",
        },
        {
            "old_string": '\t\tev["currency"] = p.DefaultCurrency\n\t}\n}\n',
            "new_string": '\t\tev["currency"] = p.DefaultCurrency\n\t}\n\treturn nil\n}\n\n'
            "// cents reads amount_cents as a whole number of cents: 1200 or 1200.0, never\n"
            "// 1200.5 (money is not rounded).\n"
            "func cents(n json.Number) (int64, error) {\n"
            "\tif v, err := n.Int64(); err == nil {\n\t\treturn v, nil\n\t}\n"
            "\tf, err := n.Float64()\n"
            "\tif err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {\n"
            '\t\treturn 0, fmt.Errorf("amount_cents %s is not a whole number of cents", n)\n'
            "\t}\n\treturn int64(f), nil\n}\n",
        },
    ],
)
s.call(
    "Edit",
    f"The file {_RELAY}/transform.go has been updated.",
    file_path=f"{_RELAY}/transform.go",
    old_string="\tenrich(ev, p)\n",
    new_string="\tif err := enrich(ev, p); err != nil {\n\t\treturn nil, err\n\t}\n",
)
s.call(
    "Edit",
    f"The file {_RELAY}/enrich_test.go has been updated.",
    file_path=f"{_RELAY}/enrich_test.go",
    old_string="func TestEnrichAddsFee(t *testing.T) {",
    new_string="func TestEnrichDecimalAmounts(t *testing.T) {\n"
    "\tfor _, tc := range []struct{ amount, wantErr string; fee int64 }{\n"
    '\t\t{"1200.0", "", 30},\n'
    '\t\t{"1200.5", "not a whole number of cents", 0},\n'
    "\t} { ... }\n}\n\nfunc TestEnrichAddsFee(t *testing.T) {",
)
s.call(
    "Bash",
    "ok  \tgithub.com/tidewater/eventrelay/internal/config\t0.019s\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/kafka\t0.166s\n"
    "ok  \tgithub.com/tidewater/eventrelay/internal/relay\t0.407s\n"
    "0 issues.\n",
    command="go test ./internal/... && golangci-lint run ./...",
    description="Unit tests and golangci-lint",
)
s.call(
    "Bash",
    "https://github.com/tidewater/eventrelay/pull/612#issuecomment-2391187\n",
    "Answering Dario's 3 on the PR.",
    command="gh pr comment 612 --body \"We're on Go 1.22, and encoding/json/v2 is only behind "
    "GOEXPERIMENT=jsonv2 in Go 1.25, so this stays on encoding/json with UseNumber. Worth "
    'revisiting when v2 is stable."',
    description="Reply to Dario's third point",
)
s.say(
    "Dario's 1 is in: cents() takes 1200 or 1200.0 and rejects 1200.5 with an error, and "
    "Transform returns it; TestEnrichDecimalAmounts covers both, the unit tests pass and "
    "golangci-lint reports 0 issues. His 3 is answered on #612. None of this is committed yet."
)
s.say("Next I'll fix the errcheck finding: check the error n.Int64() returns in enrich.go.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "RELAY-318: Marlow's order_id 1234567890123456789 reaches consumers on orders.v1 "
             "as 1234567890123456800; the relay decodes events into a map[string]any, so every "
             "number becomes a float64 and IDs above 2^53 round. Find where and fix it.",
             must=(("order_id", "order id", "big id", "large id", "snowflake", "big number"),
                   ("1234567890123456800", "round", "precision", "float64", "mangle",
                    "relay-318")),
             partial_means="The wrong IDs without what happens to them, or the ticket alone.",
             wrong="Missing events; a Kafka partitioning bug; slow consumers."),
    Question("latest_request", "What did the user last ask?",
             "PR #612's review with the user's answers: fix golangci-lint's errcheck finding; "
             "(1) accept a whole-number decimal amount_cents like Kestrel's 1200.0 but reject "
             "1200.5 with an error, never round money; (2) write a test that two events whose "
             "IDs differ only in the last digits are both forwarded; (3) answer Dario on the PR "
             "that encoding/json/v2 is only behind GOEXPERIMENT=jsonv2 in Go 1.25 and the "
             "service is on 1.22.",
             must=(("1200.0", "decimal", "kestrel", "1200.5"),
                   ("both forwarded", "last digit", "two such events", "json/v2", "jsonv2",
                    "go 1.25")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "dario", "mine", "#612", "answers"),
             partial_means="One of the points to act on.",
             wrong="Moving to encoding/json/v2; rounding decimal amounts.",
             stale_means="The no-typed-structs correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Dario's 2: add a test in internal/relay that two Marlow events whose event_ids "
             "differ only in the last digits (1234567890123456001 and 1234567890123456004) are "
             "both forwarded by Dedupe, run go test, then commit the decimal fix and the test "
             "and push to PR #612. The errcheck finding is already fixed: cents() checks "
             "Int64's error and golangci-lint reports 0 issues.",
             must=(("test",),
                   ("both forwarded", "last digit", "differ only", "two such events",
                    "two events", "1234567890123456004")),
             stale=("fix the errcheck", "errcheck finding", "check the error", "events.go",
                    "docker rm"),
             partial_means="Says to commit or push without the two-events test.",
             wrong="Moving to encoding/json/v2; rounding 1200.5.",
             stale_means="Says to fix the errcheck finding on n.Int64 (already fixed, lint "
                         "clean), or to add typed structs in events.go."),
    Question("files_edited", "Which files were changed, and why?",
             "internal/relay/transform.go (decodeEvent: a json.Decoder with UseNumber; returns "
             "enrich's error); internal/relay/dedupe.go (decodes with decodeEvent, forwards the "
             "original body, so the key has the exact event_id); internal/relay/enrich.go "
             "(amount_cents as a json.Number, cents() for whole-number decimals); "
             "enrich_test.go (TestEnrichDecimalAmounts); e2e/relay_e2e_test.go (Marlow's big "
             "ID). internal/relay/events.go was created and deleted.",
             must=(("transform.go",), ("dedupe.go",),
                   ("enrich.go", "enrich_test.go", "relay_e2e_test.go")),
             stale=("events.go",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="internal/config/load.go or the Kafka producer given as edited.",
             stale_means="events.go listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Keep the event a map[string]any and decode it with a json.Decoder and "
             "UseNumber() (decodeEvent), so numbers stay json.Number and go out exactly as they "
             "came in; it rules out typed structs with int64 fields (events.go), which would "
             "drop the fields partners add that the relay passes through untouched. "
             "encoding/json/v2 is not used either (only behind GOEXPERIMENT in Go 1.25, the "
             "service is on 1.22).",
             must=(("usenumber", "json.number", "decodeevent"), ("struct",),
                   ("unknown", "untouched", "pass through", "passed through", "passes them",
                    "passthrough", "fields partners add")),
             partial=2,
             stale=("typed structs with int64", "int64 fields", "one per event type"),
             partial_means="UseNumber without what it rules out.",
             wrong="Sending IDs as strings; encoding/json/v2.",
             stale_means="Typed structs with int64 fields given as the design."),
    Question("review", "What did the review find?",
             "On #612: CI's golangci-lint flagged errcheck, n.Int64's error unchecked in "
             "enrich.go (fixed by cents()); Dario: (1) Kestrel's amount_cents 1200.0 fails "
             "Int64, so its fees go missing (done: whole-number decimals accepted, 1200.5 "
             "rejected); (2) the old dedupe key (%v of a float64) gave two events whose IDs "
             "differ in the last digits one key and dropped the second: a test that both are "
             "forwarded (pending); (3) why not encoding/json/v2 (answered on the PR: "
             "GOEXPERIMENT=jsonv2 in Go 1.25, service on 1.22).",
             must=(("errcheck", "golangci-lint", "lint"), ("1200.0", "decimal", "kestrel"),
                   ("last digit", "both forwarded", "dedupe key", "two such events",
                    "two events"),
                   ("json/v2", "jsonv2")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "dario", "reviewed", "lint", "ci"),
             partial_means="Two or three of the four points.",
             wrong="The end-to-end failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No typed structs: partners add fields at will and the relay passes the ones it "
             "doesn't know through untouched, which is why the event is a map; keep the map "
             "and decode with a json.Decoder and UseNumber(), so numbers stay json.Number.",
             must=(("struct",), ("usenumber", "json.number", "keep the map")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No structs without what to do instead, or the reverse.",
             wrong="The end-to-end failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "TestEnrichAddsFee failed (fee_cents = <nil>, want 30): enrich asserted "
             "amount_cents was a float64; fixed by reading it as a json.Number. "
             "TestRelayEndToEnd still got order_id 1234567890123456800 after the Transform "
             "fix; removing the reused Kafka container (relay-e2e-kafka) and re-running did "
             "not fix it; the dedupe middleware decoded into a float64 map and re-encoded the "
             "body before Transform; fixed by decodeEvent in dedupe.go, forwarding the "
             "original bytes. Later golangci-lint's errcheck on n.Int64, fixed by cents().",
             must=(("testrelayendtoend", "end-to-end", "e2e"), ("dedupe",)),
             stale=("fixed by removing the kafka container", "fixed by removing the container",
                    "fixed by docker rm", "fixed by a fresh topic", "fixed by re-running",
                    "fixed by a re-run", "a message from a run before"),
             partial_means="The end-to-end failure without its fix, or the fix without the "
                           "failure.",
             wrong="A Kafka connection error; a compile error in transform.go.",
             stale_means="The end-to-end failure 'fixed' by removing the reused container and "
                         "re-running, or blamed on a message from an earlier run."),
    Question("key_values", "Which key values matter?",
             "order_id 1234567890123456789 arriving as 1234567890123456800; float64 is exact "
             "only to 2^53 (9007199254740992); event_ids 1234567890123456001 and ...004 both "
             "keyed marlow:1.234567890123456e+18; Kestrel's 1200.0 accepted, 1200.5 rejected; "
             "47 unit tests; PR #612 on relay-318-exact-ids (RELAY-318); Go 1.22.",
             must=(("1234567890123456789", "1234567890123456800"), ("#612", "relay-318"),
                   ("2^53", "9007199254740992", "47 unit tests", "47 tests",
                    "1.234567890123456e+18")),
             spread=True,
             partial_means="One or two groups of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "internal/relay/transform.go stamps each partner event (partner_id, received_at), "
             "enriches it and encodes it for orders.v1; dedupe.go is the middleware in front of "
             "Transform that drops an event whose (partner, event_id) was seen in the last "
             "24h; enrich.go adds fee_cents and a default currency; e2e/relay_e2e_test.go runs "
             "the relay end to end through a Kafka test container.",
             must=(("transform.go",), ("dedupe.go",),
                   ("duplicate", "drops", "seen", "fee", "kafka", "orders.v1", "partner_id",
                    "stamps")),
             partial_means="The files named without what they do.",
             wrong="events.go as the event types."),
    Question("pending", "What work is still pending?",
             "Dario's 2: the test that two events whose IDs differ only in the last digits are "
             "both forwarded; then commit the decimal fix and the test, and push to #612.",
             must=(("both forwarded", "last digit", "differ only", "two such events",
                    "two events", "dedupe test"),
                   ("push", "commit", "#612")),
             partial_means="The test without the push, or the reverse.",
             wrong="The errcheck fix or the json/v2 reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #612 (relay-318-exact-ids) is open with the UseNumber fix; the cents() change "
             "for decimal amounts and TestEnrichDecimalAmounts are made, the unit tests pass "
             "and golangci-lint reports 0 issues, but they are not committed or pushed; "
             "Dario's 3 is answered on the PR; the two-events test is not written.",
             must=(("tests pass", "0 issues", "lint clean", "lint is clean", "tests passing"),
                   ("not committed", "uncommitted", "not pushed", "not written")),
             partial_means="What passes without what is not committed, or the reverse.",
             wrong="Says the PR is merged or the decimal fix is pushed.",
             stale_means="Says the errcheck finding is still open, or typed structs are in "
                         "place."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. Summary:
RELAY-318: Marlow's order_id 1234567890123456789 reached orders.v1 as 1234567890123456800 (map[string]any makes numbers float64, exact to 2^53).
Decision: keep the map and decode with UseNumber; the user ruled out typed structs (events.go, deleted), which drop fields passed through.
Changed transform.go (stamps events for orders.v1), dedupe.go (duplicate filter), enrich.go (fee_cents via cents()), enrich_test.go.
Errors: TestEnrichAddsFee fixed with json.Number; TestRelayEndToEnd stayed rounded, a fresh Kafka container did not help; fixed in dedupe.go, which re-encoded the body.
Review of #612: errcheck lint and Kestrel's 1200.0 decimals done (tests pass, 0 issues) but not committed; json/v2 answered on the PR.
Next: a test that two events differing only in the last digits are both forwarded, then commit, push to #612."""
