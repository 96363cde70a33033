"""Write the five notebooks in this folder from the cells below, without outputs.

    python notebooks/make_notebooks.py          # rewrite the .ipynb files
    python notebooks/make_notebooks.py --check  # exit 1 if any would change

The notebooks are generated so that a change to one is a reviewable diff of this file, and so
that what is committed never carries outputs or widget state (an executed notebook with the
workbench holds megabytes of widget JavaScript). Cell ids are fixed, so the bytes are
reproducible; tests/test_notebook_hygiene.py checks both.

Cells starting with `# NBVAL_CHECK_OUTPUT` have deterministic output on the bundled example,
and `pytest` (nbval, see notebooks/conftest.py) compares it with the output stored below in
CHECKED (the committed notebooks carry those outputs and nothing else).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

HERE = Path(__file__).resolve().parent
Cell = tuple[str, str]  # ("md" | "code", source)
CHECK = "# NBVAL_CHECK_OUTPUT"


def md(source: str) -> Cell:
    return ("md", source)


def code(source: str) -> Cell:
    return ("code", source)


SETUP = """\
import os
from pathlib import Path

from working_memory.examples import example_path

# Point this at your own log (any format `load_transcript` reads: OpenAI or Anthropic messages,
# Claude Code, Codex, SWE-agent, OpenHands). `working-memory workbench PATH` sets WM_TRANSCRIPT.
TRANSCRIPT = Path(os.environ.get("WM_TRANSCRIPT") or example_path())"""

# -- 01 -------------------------------------------------------------------------------------
EXPLORE: list[Cell] = [
    md("""\
# Explore a transcript

You will load an agent's log, see where its tokens go, which messages the default pin policy
protects, and how close the raw session comes to the model's limit; then open the workbench on
it. Everything runs offline on the bundled example, a long simulated coding session; set
`TRANSCRIPT` below to your own log to look at yours."""),
    code(SETUP),
    code(f"""\
{CHECK}
from working_memory import load_transcript

transcript = load_transcript(TRANSCRIPT)
print("format:", transcript.format)
print("messages:", len(transcript.messages), transcript.role_counts())
print("tool calls:", transcript.tool_call_count())
print("tool schemas:", [t["function"]["name"] for t in transcript.tools or []])
for warning in transcript.warnings[:10]:  # what the loader skipped or repaired, with file and line
    print("warning:", warning)"""),
    md("""\
## Where the tokens go

`Transcript.to_pandas()` gives one row per message with the project's token count (the
calibrated counter, close to the provider's tokenizer; pass `counter="cl100k"` for an exact
OpenAI count). Tool results are usually most of a coding session."""),
    code(f"""\
{CHECK}
frame = transcript.to_pandas()
by_role = frame.groupby("role")["tokens"].agg(["count", "sum"])
by_role["share"] = (by_role["sum"] / by_role["sum"].sum()).round(2)
print(by_role.sort_values("sum", ascending=False).to_string())"""),
    code("""\
# The heaviest messages: the first candidates for truncation, masking or compaction.
frame.nlargest(8, "tokens")[["index", "role", "tool", "tokens"]]"""),
    md("""\
## Pins and pressure

A `Budget` is the ceiling (`window * ratio - reserve_completion`); pressure is the share of it
a request uses. The `PinPolicy` says what is never compacted: the system prompt, the task,
the latest plan, user corrections and the most recent turns."""),
    code(f"""\
{CHECK}
from collections import Counter
from itertools import accumulate

from working_memory import Budget, PinPolicy

budget = Budget()  # 128k window, 70% of it usable, 4k kept for the reply
reasons = PinPolicy().pin_reasons(transcript.messages)
print("limit:", budget.limit, "tokens")
print("pinned:", dict(Counter(r for r in reasons if r)))

fixed = budget.used([], transcript.tools)
pressure = [(fixed + total) / budget.limit
            for total in accumulate(budget.message_tokens(m) for m in transcript.messages)]
first_over = next((i for i, p in enumerate(pressure) if p > 0.70), None)
print(f"unmanaged pressure at the end: {{pressure[-1]:.0%}}")
print("crosses compact_at (70%) at message:", first_over)"""),
    md("""\
## The workbench

The same, interactive: the message table and token chart (click a row or a bar to read the
message, escaped), the pin policy editor, the compaction prompt lab and the replay lab, each in
a tab. Every panel keeps its state in a plain object you can read and set from code."""),
    code("""\
from working_memory.workbench import Workbench

wb = Workbench.from_path(TRANSCRIPT)
wb"""),
    code(f"""\
{CHECK}
# The state behind the widgets: what the table shows, as a DataFrame.
messages = wb.messages
print(list(messages.columns))
print("pinned now:", int(messages["pinned"].notna().sum()), "of", len(messages))"""),
    code("""\
# Select a message from code (the explorer shows it in full, escaped) and change the policy:
# the pin editor tab follows.
wb.explorer.select(1)
wb.policy = wb.policy.replace(keep_recent=8)
wb.messages[wb.messages["pinned"].notna()][["index", "role", "tool", "tokens", "pinned"]]"""),
    md("""\
## What the model saw at each call

A trace view for the window: pick a call, step call by call, compare two. Each message is
marked (kept in the cached prefix, resent after a change, added, summarised, masked,
truncated), with what left since the previous call, where the cached prefix ended, and the
call's tokens and cost. On a log that records its calls (Claude Code, Codex) this is the log as
it ran; otherwise a replay under a 32k window, which has to compact."""),
    code("""\
from working_memory.replays import PRESETS, replay
from working_memory.workbench import CallViewPanel, CallViewState

if transcript.calls:
    calls = CallViewState.from_log(transcript)
else:
    calls = CallViewState.from_replay(replay(transcript, PRESETS["small-window-32k"]))
calls_panel = CallViewPanel(calls)
calls_panel"""),
    md("""\
## What to try next

- Set `TRANSCRIPT` to one of your own logs (or run `working-memory workbench path/to/log.jsonl`)
  and look at which tool results dominate.
- `02-tune-the-pin-policy.ipynb`: change the pin rules and watch what would be compacted and
  evicted.
- `04-pressure-curves-for-the-team.ipynb`: replay the session under several policies and export
  a report."""),
]

# -- 02 -------------------------------------------------------------------------------------
PINS: list[Cell] = [
    md("""\
# Tune the pin policy

You will edit the pin rules and thresholds of a managed window and see, at once, which messages
are pinned, which span the next compaction would summarise and what eviction would drop; then
replay the whole session under your edited policy to see what it changes over time. Offline, on
the bundled example unless you point `TRANSCRIPT` at your own log."""),
    code(SETUP),
    code("""\
from working_memory import load_transcript
from working_memory.workbench import PinPolicyEditor

transcript = load_transcript(TRANSCRIPT)
editor = PinPolicyEditor(transcript)
editor"""),
    md("""\
## The same from code

`editor.state` holds the policy (a `working_memory.replay.Policy`) and the preview: the window
as it stands at message `upto` (by default where the session first crosses `compact_at`),
what is pinned in it, the next compaction span and what eviction would take."""),
    code(f"""\
{CHECK}
state = editor.state


def describe(preview):
    start, end = preview.span
    print(f"window at message {{preview.upto}}: {{preview.tokens}} of {{preview.limit}} tokens "
          f"({{preview.pressure:.0%}}), {{len(preview.pinned)}} pinned, "
          f"next span {{start}}-{{end - 1}} ({{preview.span_tokens}} tokens), "
          f"{{len(preview.evicted)}} to evict")


print(state.policy.keep_recent, "recent turns kept")
describe(state.preview)"""),
    code(f"""\
{CHECK}
# Keep more recent turns: more is pinned at the end; the next span (the oldest unpinned run)
# stays where it was.
state.update(keep_recent=12)
describe(state.preview)"""),
    code(f"""\
{CHECK}
# Pin a message explicitly (as clicking its bar does), and tighten the compaction threshold.
start, end = state.preview.span
state.toggle_pin(start + 1)
state.update(compact_at=0.5)
print("explicitly pinned:", sorted(state.policy.explicit))
describe(state.preview)"""),
    code("""\
# The per-message view the table shows: pinned (and why), in the next span, evicted.
editor.frame().query("in_span or pinned.notna()", engine="python").head(15)"""),
    md("""\
## Over the whole session

The preview is one moment. A replay runs the whole session through a window with this policy,
call by call, and counts what happened."""),
    code("""\
from working_memory import replay
from working_memory.replays import PRESETS

replays = {name: replay(transcript, policy, name=name)
           for name, policy in {"default": PRESETS["default"], "edited": state.policy}.items()}
for name, r in replays.items():
    s = r.stats
    print(f"{name:8} compactions={s.compactions} evictions={s.evictions} "
          f"peak={s.peak_pressure:.2f} billed={s.billed_tokens:,} tokens")"""),
    code(f"""\
{CHECK}
# What must hold whatever the policy: the task survives, no tool call loses its result, and
# the lower compaction threshold keeps the peak lower.
for name, r in replays.items():
    print(f"{{name:8}} task_survived={{r.stats.task_survived}} "
          f"orphaned_tool_calls={{r.stats.orphaned_tool_calls}}")
peaks = {{name: r.stats.peak_pressure for name, r in replays.items()}}
print("edited peaks lower:", peaks["edited"] < peaks["default"])"""),
    md("""\
## What to try next

- Move the sliders above: `keep recent`, `compact at`, `strategy` (`mask` and `hybrid` replace
  old tool results with a placeholder before summarising).
- Open the markers section and add a correction pattern your users write ("scratch that").
- `03-compaction-prompt-lab.ipynb`: see what the summariser makes of the span highlighted here."""),
]

# -- 03 -------------------------------------------------------------------------------------
PROMPTS: list[Cell] = [
    md("""\
# The compaction prompt lab

You will take the span the policy would compact next, summarise it with several variants of
the compaction prompt, and compare the summaries side by side with their metrics: tokens,
compression, how many facts (paths, numbers, identifiers, errors) and user corrections they
kept. Offline the variants use the extractive compactor (no key, no network); when `.env`
configures an endpoint (`WM_PROVIDER`, `WM_MODEL`, the provider's key; see `.env.example`), the
same cells also run the prompt variants through that model."""),
    code(SETUP),
    code("""\
from working_memory import load_transcript
from working_memory.clients import client_from_env
from working_memory.compaction import TEMPLATES
from working_memory.workbench import PromptLab, PromptVariant

client = client_from_env(required=False)  # None unless .env / the environment configures one
transcript = load_transcript(TRANSCRIPT)
lab = PromptLab(transcript, client=client)
print("summariser:", lab.state.client_label)  # provider and model only, never the key"""),
    md("""\
## Validation

A template must contain `{span}` (the messages) and may use `{limit}` (the word limit); anything
else in braces is a mistake the lab reports before spending a request."""),
    code(f"""\
{CHECK}
from working_memory.compaction import template_problems

for problem in template_problems("Summarise {{spn}} in at most {{words}} words."):
    print("-", problem)
print(sorted(TEMPLATES))"""),
    md("""\
## Variants

Offline variants differ in their word limit; client variants (added only when a client is
configured) differ in their prompt: the shipped `default` and `handoff` templates, and an
edited one."""),
    code("""\
state = lab.state
state.set_variant(PromptVariant("offline-60", mode="offline", word_limit=60))
if client is not None:
    custom = TEMPLATES["default"].template + "\\nKeep every file path and error message verbatim."
    state.set_variant(PromptVariant("default", TEMPLATES["default"].template, "client"))
    state.set_variant(PromptVariant("handoff", TEMPLATES["handoff"].template, "client"))
    state.set_variant(PromptVariant("verbatim-paths", custom, "client"))
[v.name for v in state.variants]"""),
    code("""\
label, start, end, _ = state.span()
print(label, f"({end - start} messages)")
results = lab.run()  # the Run button does the same in the background, with progress and Cancel
state.summary_table().round(2)"""),
    code(f"""\
{CHECK}
# The offline variants: each within its word limit, each far shorter than the span, and the
# 60-word one shorter still (and keeping fewer facts: the trade-off the metrics show).
offline = results[results["variant"].str.startswith("offline")].set_index("variant")
print("within their word limits:", bool(offline["within_limit"].all()))
print("compress the span:", bool((offline["summary_tokens"] < offline["span_tokens"] / 4).all()))
tokens = offline["summary_tokens"]
print("60 words is shorter:", tokens["offline-60"] < tokens["offline"])"""),
    code("""\
# Side by side: the panel shows one column per variant, with kept and lost facts highlighted
# and a diff against a baseline.
lab"""),
    md("""\
## A matrix over several spans

One span can flatter a prompt. The matrix runs every variant on several spans, rows spans and
columns variants, and grades each cell: by default with the judge (the benchmark spans' own
questions; a model judge with `state.judge_client`), or any `CellMetric` you set in
`state.matrix_metric` (`FactMetric()` is the fact share). In the panel's "matrix over spans"
tab, "differences only" keeps the rows where the variants disagree, and a cell's button shows
its per-question results."""),
    code("""\
matrix = lab.run_matrix()  # the 'Run matrix' button does the same in the background
print(matrix)
disagree = matrix.differences_only()
print(f"the variants disagree on {len(disagree.spans)} of {len(matrix.spans)} spans")"""),
    code("""\
from working_memory.compaction import render_prompt, render_span

# What a client variant sends: the template filled with the span (first 800 characters).
span_text = render_span(transcript.messages[start:end])
print(render_prompt(TEMPLATES["default"].template, span=span_text, limit=200)[:800])"""),
    md("""\
## What to try next

- Copy `.env.example` to `.env`, set a provider, model and key, and re-run: the client variants
  appear as extra columns, with latency and cost.
- Edit the template in the panel, name the variant, add it, and raise `samples` to see how
  stable each prompt is.
- Choose "a range of messages" to test the prompt on the part of your session you care about."""),
]

# -- 04 -------------------------------------------------------------------------------------
CURVES: list[Cell] = [
    md("""\
# Pressure curves for the team

You will replay a session under several policies, call by call, as the agent would have run
with each, and compare what it would have cost: tokens billed with and without management,
compactions and evictions, peak pressure, and whether the task statement survived. Then you
will export one self-contained HTML report (plotly inlined: it opens offline and can be
mailed). Offline, on the bundled example unless you point `TRANSCRIPT` at your own log."""),
    code(SETUP),
    code("""\
import pandas as pd

from working_memory import load_transcript, replay
from working_memory.replays import PRESETS

transcript = load_transcript(TRANSCRIPT)
policies = {
    "default (128k)": PRESETS["default"],
    "32k window": PRESETS["small-window-32k"],
    "observation masking": PRESETS["masking"],
    "evict only": PRESETS["evict-only"],
}
replays = {name: replay(transcript, policy, name=name) for name, policy in policies.items()}
stats = ["calls", "billed_tokens", "unmanaged_billed_tokens", "saved_share", "peak_pressure",
         "compactions", "evictions", "maskings", "summariser_tokens"]
table = {name: r.stats.to_dict() for name, r in replays.items()}
pd.DataFrame(table).loc[stats].T"""),
    code(f"""\
{CHECK}
# What must hold under every policy: no tool call sent without its result, the task kept.
for name, r in replays.items():
    print(f"{{name:20}} orphaned_tool_calls={{r.stats.orphaned_tool_calls}} "
          f"task_survived={{r.stats.task_survived}} calls={{r.stats.calls}}")"""),
    code("""\
from working_memory.workbench import PressureCurves

# The pressure at each call under every policy, then what the model saw at each call under the
# 32k policy, by category. `curves.load(path)` replays another log under the same policies and
# both charts follow (the figures alone: replays.pressure_figure, replays.window_stack_figure).
curves = PressureCurves(transcript, policies, replays=replays, stack="32k window")
curves"""),
    code("""\
# One row per model call; the columns behind the figures.
replays["32k window"].timeline.head(10)"""),
    md("""\
## Several sessions at once

`compare_policies` takes one transcript or many (paths, a folder, Transcript values) and
returns one row per transcript and policy; here, `TRANSCRIPT` beside the bundled example in its
two formats, OpenAI and Anthropic (those two should cost about the same)."""),
    code("""\
from working_memory import compare_policies
from working_memory.examples import EXAMPLES

# TRANSCRIPT first (your log when you set it), then the bundled formats not already in.
corpus = [TRANSCRIPT, *(p for p in map(example_path, EXAMPLES) if p.resolve() != TRANSCRIPT.resolve())]
compare_policies(corpus, {"default": PRESETS["default"], "32k": PRESETS["small-window-32k"]})[
    ["transcript", "policy", "billed_tokens", "saved_share", "compactions", "evictions"]
]"""),
    md("""\
## A corpus: totals per policy, and how savings and lost tasks spread

For last week's sessions, point `compare_policies` at the folder: it reads every log in it
(recursively), one at a time, skips what is not a transcript (and says so), and returns one row
per session and policy. `workers=2` runs it on two processes, `out="results.parquet"` writes the
rows as they finish. Here, a folder of generated sessions of different lengths, and one junk
file."""),
    code("""\
import json
import tempfile
import warnings

from working_memory.transcripts import CorpusWarning, synthetic_session

CORPUS = Path(tempfile.mkdtemp(prefix="wm-corpus-"))
for i in range(12):
    session = synthetic_session(20 + 15 * i, seed=i)
    (CORPUS / f"session-{i:02d}.jsonl").write_text("".join(json.dumps(m) + "\\n" for m in session))
(CORPUS / "package.json").write_text('{"name": "not-a-log"}')  # skipped, not fatal

with warnings.catch_warnings():
    warnings.simplefilter("ignore", CorpusWarning)  # listed in rows.attrs["skipped"] instead
    rows = compare_policies(CORPUS, {name: policies[name] for name in
                                     ("default (128k)", "32k window", "evict only")})
print("skipped:", [(Path(s["path"]).name, s["reason"][:40]) for s in rows.attrs["skipped"]])
totals = rows.groupby("policy", sort=False).agg(
    sessions=("transcript", "count"),
    billed=("billed_tokens", "sum"),
    unmanaged=("unmanaged_billed_tokens", "sum"),
    tasks_lost=("task_survived", lambda s: int((s == False).sum())),  # noqa: E712 (None: unknown)
    peak=("peak_pressure", "max"),
)
totals["saved"] = 1 - totals.billed / totals.unmanaged
totals"""),
    code("""\
import plotly.graph_objects as go

from working_memory.replays import layout_template

# How the saving spreads over sessions: short sessions save nothing, long ones most.
fig = go.Figure([go.Box(y=part.saved_share, name=name, boxpoints="all", text=part.transcript)
                 for name, part in rows.groupby("policy", sort=False)])
fig.update_layout(title="saved share per session", yaxis_tickformat=".0%", height=380,
                  template=layout_template())  # the workbench's look, as every figure here
fig"""),
    code("""\
# Where the task got lost: sessions whose first user message was gone from the final window
# (None means the session had no user message: unknown, not counted as kept).
lost = rows[rows.task_survived == False]  # noqa: E712
print(f"{len(lost)} of {len(rows)} session x policy rows lost the task statement")
lost[["transcript", "policy", "messages", "calls", "evictions", "peak_pressure"]]"""),
    md("## The report"),
    code("""\
from working_memory.outputs import output_path
from working_memory.replays import write_report

REPORT = output_path("pressure-curves.html")  # in $WM_OUTPUT_DIR (default ./working-memory-output)
path = write_report(list(replays.values()), REPORT, title=f"Policies on {TRANSCRIPT.name}")
print(f"wrote {path} ({path.stat().st_size // 1024} kB); open it in any browser")"""),
    md("""\
## What to try next

- Point `TRANSCRIPT` at a real session of yours, or pass a folder of them to
  `compare_policies`, and add a policy of your own: `PRESETS["default"].replace(keep_recent=10)`.
- Try `strategy="hybrid"` (mask old tool results first, summarise when that is not enough).
- The same from the shell: `working-memory replay session.jsonl --compare policy.toml --html
  report.html`."""),
]

# -- 05 -------------------------------------------------------------------------------------
LOOP: list[Cell] = [
    md("""\
# Wrap your agent loop

You will put a `ManagedWindow` inside a small agent loop, the way you would in your own agent:
append every message, call `prepare()` right before every model call, and send exactly what it
returns. No widgets here, just the library. The "model" is scripted (it replays the assistant
turns of the bundled session, and the tools return what they returned then), so the loop runs
offline; swap in `client.complete(sent)` for a real one."""),
    code(SETUP),
    code('''\
from working_memory import (
    Budget,
    ExtractiveCompactor,
    JsonlArchive,
    ManagedWindow,
    PinPolicy,
    load_transcript,
)

transcript = load_transcript(TRANSCRIPT)
script = [m for m in transcript.messages if m["role"] == "assistant"]
recorded = {m["tool_call_id"]: m["content"] for m in transcript.messages if m["role"] == "tool"}


class ScriptedModel:
    """Stands in for an LLM: returns the session's next assistant turn, whatever it is sent."""

    def __init__(self, turns):
        self.turns = iter(turns)

    def complete(self, messages):
        return next(self.turns, None)


def run_tool(call):
    """Stands in for your tools: the result the session recorded for this call."""
    return recorded.get(call["id"], "(no result recorded)")'''),
    code("""\
# Everything the window drops (compacted spans, evicted turns, the cut part of long tool
# results) is appended here; the reference goes into the window, so nothing is lost.
from working_memory.outputs import output_path

ARCHIVE = output_path("05-agent-loop.archive.jsonl")  # in $WM_OUTPUT_DIR
ARCHIVE.unlink(missing_ok=True)  # an archive is append-only: start this demo from empty
window = ManagedWindow(
    budget=Budget(window=32_000, reserve_completion=2_000),  # a small model, to see it work
    pins=PinPolicy(keep_recent=6),
    compactor=ExtractiveCompactor(),  # offline; Compactor(client) summarises with a model
    tools=transcript.tools,
    archive=JsonlArchive(ARCHIVE),
)
# The system prompt and the task; any user turns before the first reply.
first_reply = next(i for i, m in enumerate(transcript.messages) if m["role"] == "assistant")
for message in transcript.messages[:first_reply]:
    window.append(message)
user_turns = {}  # user turns the session had between replies (corrections), by reply number
reply = 0
for message in transcript.messages[first_reply:]:
    if message["role"] == "assistant":
        reply += 1
    elif message["role"] == "user":
        user_turns.setdefault(reply, []).append(message)"""),
    code("""\
model = ScriptedModel(script)
seen = 0
for turn in range(1, len(script) + 1):
    sent = window.prepare()  # the one call: compacts or evicts if needed, O(1) otherwise
    # What happened since the last call (truncations at append, compactions in prepare):
    for event in window.events[seen:]:
        print("          ", event)
    seen = len(window.events)
    print(f"turn {turn:3d}  sent {len(sent):3d} messages at pressure {window.pressure():4.0%}")
    assistant = model.complete(sent)
    if assistant is None:
        break
    window.append(assistant)
    for call in assistant.get("tool_calls") or []:
        window.append({"role": "tool", "tool_call_id": call["id"], "content": run_tool(call)})
    for message in user_turns.get(turn, []):
        window.append(message)"""),
    code(f"""\
{CHECK}
from collections import Counter

# Every tool call the model was sent has its result beside it, and the task is still there.
sent = window.prepare()
answered = {{m["tool_call_id"] for m in sent if m["role"] == "tool"}}
calls = [c["id"] for m in sent for c in m.get("tool_calls") or []]
print("orphaned tool calls:", sum(c not in answered for c in calls))
print("task still in the window:", transcript.messages[1] in sent)
print("kinds of events:", sorted({{e.kind for e in window.events}}))"""),
    code("""\
Counter(e.kind for e in window.events)"""),
    code("""\
from working_memory import read_archive

records = read_archive(ARCHIVE)
print(len(records), "messages archived; the first:", records[0]["reason"] if records else None)"""),
    md("""\
## In your own loop

```python
from working_memory import Budget, Compactor, ManagedWindow
from working_memory.clients import client_from_env

client = client_from_env()                      # WM_PROVIDER, WM_MODEL, key in .env
window = ManagedWindow(Budget(window=200_000), compactor=Compactor(client), tools=TOOLS)
window.append({"role": "system", "content": SYSTEM})
window.append({"role": "user", "content": task})
while not done:
    reply = call_your_model(window.prepare())   # send exactly what prepare() returns
    window.append(reply)
    for call in reply.get("tool_calls") or []:
        window.append({"role": "tool", "tool_call_id": call["id"], "content": run(call)})
```

## What to try next

- Change `Budget(window=...)`, `PinPolicy(keep_recent=...)` or pass `strategy="mask"` to
  `ManagedWindow` and compare the events.
- Pin a message your agent must never lose: `window.append(message, pin=True)`.
- Replace the scripted model with `client.complete(sent)` from `client_from_env()`."""),
]

# -- 06 -------------------------------------------------------------------------------------
FRAMEWORKS: list[Cell] = [
    md("""\
# Drop it into your framework

The same recorded coding session (the bundled example, or your own OpenAI-chat log) runs through
each framework's own agent loop, with the window plugged in where that framework expects a
memory: LangChain's middleware, the OpenAI Agents SDK's input filter, a Strands conversation
manager, an autogen model context. The model is scripted (it answers from the record, written
against each framework's public model interface) and the tools return what they returned
then, so everything runs offline. A framework that is not installed is skipped: `pip install
'working-memory[adapters]'` installs them all. See docs/adapters.md for each in its idiom."""),
    code(SETUP),
    code("""\
# NBVAL_CHECK_OUTPUT
import json
from collections import defaultdict, deque

from working_memory import Budget, ExtractiveCompactor, ManagedWindow, load_transcript

messages = load_transcript(TRANSCRIPT).messages
SYSTEM, TASK = messages[0]["content"], messages[1]["content"]

# The session as an agent loop produces it: a user turn starts a run; each model reply either
# calls tools (their results follow) or ends the run. Narration joins the next call's turn.
runs, said = [[messages[1]["content"], []]], []
for m in messages[2:]:
    if m["role"] == "user":
        runs[-1][1].append({"role": "assistant", "content": "\\n\\n".join(said) or "Done."})
        said, runs = [], runs + [[m["content"], []]]
    elif m.get("tool_calls"):
        runs[-1][1].append({**m, "content": "\\n\\n".join(said)})
        said = []
    elif m["role"] == "assistant":
        said.append(m["content"])
runs[-1][1].append({"role": "assistant", "content": "\\n\\n".join(said) or "Done."})
replies = [r for _, rs in runs for r in rs]


def recorded_outputs():
    \"\"\"tool(name, arguments) -> what it returned then, in order.\"\"\"
    queues, results = defaultdict(deque), {m["tool_call_id"]: m["content"] for m in messages if m["role"] == "tool"}
    for r in replies:
        for c in r.get("tool_calls") or ():
            queues[c["function"]["name"] + c["function"]["arguments"]].append(results[c["id"]])
    return lambda name, args: queues[name + json.dumps(args)].popleft()


def make_window():
    \"\"\"A 32k window compacting offline: the session fills it many times over.\"\"\"
    return ManagedWindow(Budget(window=32_000), compactor=ExtractiveCompactor())


ARGS = {"read_file": "path", "edit_file": "path", "run_tests": "path", "grep": "pattern", "bash": "command"}
curves, skipped = {}, {}
print(len(runs), "user turns,", len(replies), "model calls")"""),
    code("""\
# LangChain v1: create_agent(..., middleware=[WindowMiddleware(...)])
try:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
    from langchain_core.messages import HumanMessage, SystemMessage
    from langchain_core.tools import StructuredTool
    from langgraph.checkpoint.memory import InMemorySaver

    from working_memory.adapters.langchain import WindowMiddleware, to_langchain
except ImportError as exc:
    skipped["LangChain"] = str(exc)
else:
    class Recorded(FakeMessagesListChatModel):  # LangChain's own fake model, tools bound as-is
        def bind_tools(self, tools, **kwargs):
            return self

    output = recorded_outputs()
    tools = [
        StructuredTool.from_function(
            (lambda key, name: lambda **kw: output(name, kw))(key, name),
            name=name, description=name, args_schema={"type": "object", "properties": {key: {"type": "string"}}, "required": [key]},
        )
        for name, key in ARGS.items()
    ]
    middleware = WindowMiddleware(make_window)
    agent = create_agent(Recorded(responses=[to_langchain(r) for r in replies]), tools,
                         middleware=[middleware], checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "demo"}, "recursion_limit": 10_000}
    for i, (user, _) in enumerate(runs):
        agent.invoke({"messages": [SystemMessage(SYSTEM)] * (i == 0) + [HumanMessage(user)]}, config)
    curves["LangChain"] = middleware.windows["demo"].pressure_log
    print("LangChain:", middleware.windows["demo"])"""),
    code("""\
# OpenAI Agents SDK: RunConfig(call_model_input_filter=WindowInputFilter(...)); ManagedSession
# does the same for Runner.run(..., session=...) between runs.
try:
    import asyncio

    from agents import Agent, RunConfig, Runner, function_tool
    from agents.items import ModelResponse
    from agents.models.interface import Model
    from agents.usage import Usage
    from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

    from working_memory.adapters.openai_agents import WindowInputFilter
except ImportError as exc:
    skipped["OpenAI Agents"] = str(exc)
else:
    class Recorded(Model):  # the SDK's public model interface, answering from the record
        def __init__(self):
            self.replies = iter(replies)

        async def get_response(self, *args, **kwargs):
            r = next(self.replies)
            out = [ResponseOutputMessage(id="msg", type="message", role="assistant", status="completed",
                                         content=[ResponseOutputText(type="output_text", text=r["content"], annotations=[])])] * bool(r["content"])
            out += [ResponseFunctionToolCall(type="function_call", call_id=c["id"], name=c["function"]["name"],
                                             arguments=c["function"]["arguments"]) for c in r.get("tool_calls") or ()]
            return ModelResponse(output=out, usage=Usage(), response_id=None)

        def stream_response(self, *args, **kwargs):
            raise NotImplementedError

    output = recorded_outputs()
    tools = [
        function_tool((lambda name: lambda path: output(name, {"path": path}))(n), name_override=n)
        for n in ("read_file", "edit_file", "run_tests")
    ] + [
        function_tool(lambda pattern: output("grep", {"pattern": pattern}), name_override="grep"),
        function_tool(lambda command: output("bash", {"command": command}), name_override="bash"),
    ]
    agent = Agent(name="coder", instructions=SYSTEM, model=Recorded(), tools=tools)
    window_filter = WindowInputFilter(make_window)
    config = RunConfig(call_model_input_filter=window_filter, tracing_disabled=True)

    async def drive():
        history = []
        for user, _ in runs:
            result = await Runner.run(agent, history + [{"role": "user", "content": user}], run_config=config, max_turns=10_000)
            history = result.to_input_list()

    await drive()
    curves["OpenAI Agents"] = window_filter.window.pressure_log
    print("OpenAI Agents:", window_filter.window)"""),
    code("""\
# Strands Agents: Agent(..., conversation_manager=WindowConversationManager(...))
try:
    from strands import Agent as StrandsAgent
    from strands import tool
    from strands.models import Model as StrandsModel
    from strands.tools.executors import SequentialToolExecutor

    from working_memory.adapters.strands import WindowConversationManager
except ImportError as exc:
    skipped["Strands"] = str(exc)
else:
    class Recorded(StrandsModel):  # Strands' public model interface: a stream of events
        def __init__(self):
            self.replies, self.config = iter(replies), {}

        def update_config(self, **config):
            self.config.update(config)

        def get_config(self):
            return self.config

        def structured_output(self, *args, **kwargs):
            raise NotImplementedError

        async def stream(self, messages, tool_specs=None, system_prompt=None, **kwargs):
            r = next(self.replies)
            yield {"messageStart": {"role": "assistant"}}
            if r["content"]:
                yield {"contentBlockDelta": {"delta": {"text": r["content"]}}}
                yield {"contentBlockStop": {}}
            for c in r.get("tool_calls") or ():
                yield {"contentBlockStart": {"start": {"toolUse": {"toolUseId": c["id"], "name": c["function"]["name"]}}}}
                yield {"contentBlockDelta": {"delta": {"toolUse": {"input": c["function"]["arguments"]}}}}
                yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "tool_use" if r.get("tool_calls") else "end_turn"}}

    output = recorded_outputs()

    @tool
    def read_file(path: str) -> str:
        \"\"\"Read a file.\"\"\"
        return output("read_file", {"path": path})

    @tool
    def edit_file(path: str) -> str:
        \"\"\"Edit a file.\"\"\"
        return output("edit_file", {"path": path})

    @tool
    def run_tests(path: str) -> str:
        \"\"\"Run the tests.\"\"\"
        return output("run_tests", {"path": path})

    @tool
    def grep(pattern: str) -> str:
        \"\"\"Search.\"\"\"
        return output("grep", {"pattern": pattern})

    @tool
    def bash(command: str) -> str:
        \"\"\"Run a command.\"\"\"
        return output("bash", {"command": command})

    manager = WindowConversationManager(make_window)
    agent = StrandsAgent(model=Recorded(), tools=[read_file, edit_file, run_tests, grep, bash], system_prompt=SYSTEM,
                         conversation_manager=manager, tool_executor=SequentialToolExecutor(), callback_handler=None)
    for user, _ in runs:
        agent(user)
    curves["Strands"] = manager.window.pressure_log
    print("Strands:", manager.window)"""),
    code("""\
# autogen: AssistantAgent(..., model_context=WindowChatCompletionContext(...))
try:
    import logging

    from autogen_agentchat.agents import AssistantAgent
    from autogen_core import FunctionCall
    from autogen_core.models import CreateResult, RequestUsage
    from autogen_ext.models.replay import ReplayChatCompletionClient

    from working_memory.adapters.autogen import WindowChatCompletionContext
except ImportError as exc:
    skipped["autogen"] = str(exc)
else:
    usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
    results = [
        CreateResult(finish_reason="function_calls", cached=False, usage=usage, thought=r["content"] or None,
                     content=[FunctionCall(id=c["id"], name=c["function"]["name"], arguments=c["function"]["arguments"]) for c in r["tool_calls"]])
        if r.get("tool_calls") else CreateResult(finish_reason="stop", content=r["content"], usage=usage, cached=False)
        for r in replies
    ]
    client = ReplayChatCompletionClient(results, model_info={"vision": False, "function_calling": True, "json_output": False,
                                                             "family": "unknown", "structured_output": False})
    # The replay client counts words of string contents and warns on every other message at every
    # call (thousands of lines); a real client bills the whole prompt. Drop that one warning.
    logging.getLogger("autogen_core.events").addFilter(
        lambda record: record.getMessage() != "Token count has been done only on string content")
    output = recorded_outputs()

    async def read_file(path: str) -> str:
        \"\"\"Read a file.\"\"\"
        return output("read_file", {"path": path})

    async def edit_file(path: str) -> str:
        \"\"\"Edit a file.\"\"\"
        return output("edit_file", {"path": path})

    async def run_tests(path: str) -> str:
        \"\"\"Run the tests.\"\"\"
        return output("run_tests", {"path": path})

    async def grep(pattern: str) -> str:
        \"\"\"Search.\"\"\"
        return output("grep", {"pattern": pattern})

    async def bash(command: str) -> str:
        \"\"\"Run a command.\"\"\"
        return output("bash", {"command": command})

    context = WindowChatCompletionContext(window=make_window)
    agent = AssistantAgent("coder", model_client=client, tools=[read_file, edit_file, run_tests, grep, bash],
                           system_message=SYSTEM, model_context=context, max_tool_iterations=1_000)
    for user, _ in runs:
        await agent.run(task=user)
    curves["autogen"] = context.window.pressure_log
    print("autogen:", context.window)"""),
    md("""\
## Pressure, call by call

Each curve is the window's pressure at every model call: it climbs as tool results arrive and
drops where the window compacts (the oldest unpinned span becomes a summary) or evicts. The
frameworks differ in how they shape messages (OpenAI chat, Responses items, Bedrock blocks),
so the counts differ a little; the rules are the window's, the same in every one."""),
    code("""\
import plotly.graph_objects as go
from plotly.subplots import make_subplots

for name, why in skipped.items():
    print(f"skipped {name}: {why}")
names = list(curves)
if names:
    fig = make_subplots(rows=1, cols=len(names), shared_yaxes=True, subplot_titles=names)
    for col, name in enumerate(names, start=1):
        fig.add_trace(go.Scatter(y=curves[name], mode="lines", name=name), row=1, col=col)
        fig.add_hline(y=0.7, line_dash="dot", row=1, col=col)
    fig.update_layout(height=320, showlegend=False, yaxis_title="pressure")
    fig.update_xaxes(title_text="model call")
    fig.show()
    for name in names:
        log = curves[name]
        print(f"{name:14} {len(log)} calls, peak pressure {max(log):.2f}, last {log[-1]:.2f}")"""),
    md("""\
## What to try next

- Give `make_window` your model's real window, `Budget.for_model("gpt-4.1")`, and a real
  summariser, `Compactor(client_from_env())`.
- Read `middleware.windows[thread_id].events` (or `manager.window.events`) to see what each
  compaction and eviction took.
- On a context-overflow error, `window.shrink(error)` cuts down at once; Strands calls it
  for you through `reduce_context`."""),
]

NOTEBOOKS: dict[str, list[Cell]] = {
    "01-explore-a-transcript.ipynb": EXPLORE,
    "02-tune-the-pin-policy.ipynb": PINS,
    "03-compaction-prompt-lab.ipynb": PROMPTS,
    "04-pressure-curves-for-the-team.ipynb": CURVES,
    "05-wrap-your-agent-loop.ipynb": LOOP,
    "06-drop-into-your-framework.ipynb": FRAMEWORKS,
}

METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "pygments_lexer": "ipython3"},
}


def _cell_id(stem: str, n: int) -> str:
    return f"{stem[:2]}-{n:02d}"


def build(checked: dict[str, dict[int, str]] | None = None) -> dict[str, str]:
    """file name -> notebook JSON text. `checked[name][n]` is the stored stdout of cell n."""
    checked = checked if checked is not None else load_checked()
    out = {}
    for name, cells in NOTEBOOKS.items():
        nb = new_notebook(metadata=METADATA)
        count = 0
        for n, (kind, source) in enumerate(cells):
            cell_id = _cell_id(name, n)
            if kind == "md":
                nb.cells.append(new_markdown_cell(source, id=cell_id))
                continue
            count += 1
            cell = new_code_cell(source, id=cell_id)
            if source.startswith(CHECK) and n in checked.get(name, {}):
                # nbval compares only cells the reference "ran": they need an execution count.
                cell.execution_count = count
                cell.outputs = [new_output("stream", name="stdout", text=checked[name][n])]
            nb.cells.append(cell)
        nbformat.validate(nb)
        out[name] = nbformat.writes(nb) + "\n"
    return out


def load_checked() -> dict[str, dict[int, str]]:
    """The stored outputs of the checked cells, from the committed notebooks."""
    found: dict[str, dict[int, str]] = {}
    for name in NOTEBOOKS:
        path = HERE / name
        if not path.is_file():
            continue
        nb = nbformat.read(path, as_version=4)
        for n, cell in enumerate(nb.cells):
            if cell.cell_type == "code" and cell.source.startswith(CHECK) and cell.outputs:
                found.setdefault(name, {})[n] = "".join(
                    o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream"
                )
    return found


def record_checked(timeout: int = 600) -> dict[str, dict[int, str]]:
    """Run every notebook (nbclient, this Python) and keep the stdout of the checked cells."""
    from nbclient import NotebookClient

    found: dict[str, dict[int, str]] = {}
    for name, text in build(checked={}).items():
        nb = nbformat.reads(text, as_version=4)
        NotebookClient(nb, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(HERE)}}).execute()  # fmt: skip
        for n, cell in enumerate(nb.cells):
            if cell.cell_type == "code" and cell.source.startswith(CHECK):
                found.setdefault(name, {})[n] = "".join(
                    o.get("text", "") for o in cell.outputs
                    if o.get("output_type") == "stream" and o.get("name") == "stdout"
                )  # fmt: skip
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="write the notebooks without outputs")
    parser.add_argument("--check", action="store_true", help="exit 1 if a notebook would change")
    parser.add_argument("--record", action="store_true",
                        help="execute the notebooks and store the output of the checked cells")  # fmt: skip
    args = parser.parse_args(argv)
    checked = record_checked() if args.record else load_checked()
    stale = []
    for name, text in build(checked).items():
        path = HERE / name
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if args.check and stale:
        print("out of date: " + ", ".join(stale) + " (run python notebooks/make_notebooks.py)",
              file=sys.stderr)  # fmt: skip
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
