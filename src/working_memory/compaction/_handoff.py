"""The handoff's labelled sections: the lines `span_state` finds, each with its section and
how urgently it is kept when the budget is tight."""

from __future__ import annotations

import os
import re
from typing import NamedTuple

from ._progress import REVIEW_HEAD, Fix, Progress, same_file
from ._review import Points
from ._segments import is_chit_chat
from ._span_state import SpanState, core_error

__all__: list[str] = []  # private to the compaction package: handoff_entries, Entry, _quote, ...


class Entry(NamedTuple):
    """One line of the handoff's sections: where it is printed, how urgently it is kept."""

    section: int  # print order
    order: int  # order within the section
    priority: int  # lower is kept first when the budget is tight
    text: str
    short: str | None = None  # a shorter form, used when the full one does not fit
    brief: str | None = None  # the fewest words that still answer, when short is too long
    # a list of points, each with what became of it: its head alone (point 1, cut) says
    # nothing of what became of any, so a tight budget keeps it whole where it leaves room
    listing: bool = False


# Sections, in print order.
_TASK, _USERS, _CURRENT, _NEXT, _DECISIONS, _PENDING, _FILES, _ERRORS, _COMMANDS = range(9)
ERRORS_SECTION = _ERRORS  # the fitting puts an error beside its fix first among its equals
FILES_SECTION = _FILES  # the files changed: one short line that answers a whole question
_QUOTE_WORDS = 80  # a typed user message longer than this is quoted by its head
MAX_FACT_LINE_CHARS = 400  # longer lines are blobs, never quoted as a fact line
_COMMANDS_KEPT = 15  # most recent shell commands listed (failed ones always compete)
_SHORT_WORDS = 14  # a quoted message's short form, used first when the budget is tight
_TASK_WORDS = 20  # the task, short
_LATEST_WORDS = 30  # the latest request, short: what the agent must act on keeps more words
_LATEST_FULL = 110  # the latest request in full: a review's findings and its closing ask
FILES_PRIORITY = 2  # the files in one short line: cheap, and it answers a whole question
_LATEST_REVIEW = 60  # a review passed on as the latest request, short


# SWE-agent's and OpenHands' wrapper around the task: the folder tag says nothing to keep.
_WRAPPER = re.compile(
    r"<uploaded_files>.*?</uploaded_files>\s*|</?(?:pr_description|issue|problem_statement|task)>",
    re.DOTALL,
)
# Their templates' opening sentence before the issue: fifteen words of a short task's twenty
# that say nothing of it ("I've uploaded a python code repository in the directory /testbed.
# Consider the following issue:", "We're currently solving the following issue ...: ISSUE:").
_PREAMBLE = re.compile(
    r"^\s*(?:I've uploaded an? [\w#+.-]+ code repository in the directory \S+?\.?\s+"
    r"Consider the following (?:issue|PR description|problem statement|task)s?:|"
    r"We're currently solving the following issue within our repository\. "
    r"Here's the issue text:\s*ISSUE:)\s*",
    re.IGNORECASE,
)


_WORD = re.compile(r"^[\"'(>*`]*[A-Za-z][a-z'’-]*[,.;:!?)\"'`]*$")


def _prose(text: str) -> bool:
    """A few lines of sentences, mostly plain words: a review's findings or a list of asks,
    not a pasted log or code (many lines, or lines that end in no sentence's full stop)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    tokens = text.split()
    if not tokens or len(lines) > 12:
        return False
    ended = sum(1 for ln in lines if ln.endswith((".", "!", "?", ":")))
    words = sum(1 for t in tokens if _WORD.match(t))
    return 2 * ended >= len(lines) and words >= 0.6 * len(tokens)


def _quote(text: str, words: int = _QUOTE_WORDS, *, ask: bool = False) -> str:
    """Quoted whole when short; else its first line(s) up to `words` words (a pasted log
    under an instruction is cut, the instruction kept). Prose under a short head line
    ("X reviewed the PR:" then the findings) is the message itself, never cut to the head;
    with `ask` (a follow-up request: its closing line is what to do) its start and its closing
    ask ("Fix both, then commit ...") are kept, the middle cut."""
    text = _WRAPPER.sub("", text) if "<" in text else text
    text = _PREAMBLE.sub("", text, count=1)
    parts = text.split()
    if len(parts) <= words:
        return f'"{" ".join(parts)}"'
    lines = text.strip().splitlines()
    head = lines[0].split()
    rest = "\n".join(lines[1:])
    closing = ask and (len(lines) == 1 or _prose(lines[-1]))
    if len(head) < words // 4 and not _prose(rest) and not (closing and len(lines) > 2):
        return f'"{" ".join(head)} ..."'  # a short first line: the instruction, before a paste
    if closing:
        # one paragraph too: a review's closing "Also: ..." is an ask of its own
        last = re.split(r"(?<=[.!?])\s+", " ".join(lines[-1].split()))
        tail = " ".join(last[-2:]).split()
        if len(tail) >= words // 2:
            tail = last[-1].split()  # the closing sentence alone
        if len(tail) < words // 2:
            keep = words - len(tail)
            return f'"{" ".join(parts[:keep])} ... {" ".join(tail)}"'
    return f'"{" ".join(parts[:words])} ..."'


# The handoff's own wording, said in fewer words where a line must be short: what each
# phrase says stays (untested, uncommitted, the plan's item, a file deleted again).
_TERSE = (
    (" changed last; untested since it changed, ", " changed last, untested, "),
    (" changed last; run since, ", " changed last, run since, "),
    ("; last test run (before that change): ", "; tests before it: "),
    ("; last test run: ", "; tests since: "),
    (" (the plan's in progress item)", " (in progress)"),
    ("; then the plan's next item: ", "; then: "),
    (", then deleted (gone))", ", then deleted)"),
)


def _terse(text: str) -> str:
    for long, short in _TERSE:
        text = text.replace(long, short)
    return text


def _words(text: str, n: int) -> str:
    parts = text.split()
    return " ".join(parts) if len(parts) <= n else " ".join(parts[:n]) + " ..."


# A sentence that says what to do instead: "Serve it on its own listener", "Just a field".
_INSTEAD = re.compile(
    r"^(?:instead|use|put|serve|keep|just|only|make|move|add|return|call|write|run|leave|"
    r"store|send|read|do it)\b|\b(?:instead|should|must)\b",
    re.IGNORECASE,
)


# A sentence that proposes a design ("Plan: a guardedMap ...", "I'll put the check in a new
# src/utf8Tail.ts", "The fix is to hold back ..."), not one that describes the problem.
_PROPOSES = re.compile(
    r"^(?:(?:updated |new |my )?plan|design|approach|option \w+)\s*:|^I(?:'ll| will| would)\b|"
    r"^(?:the )?(?:simplest|smallest|quickest|easiest|cleanest) (?:fix|change|option|way)\b|"
    r"\bthe (?:fix|simplest fix|smallest change|simplest change|plan) is\b|\ba new \S+\.\w{1,5}\b",
    re.IGNORECASE,
)

# The assistant's own label on the plan it states: "Next step: Updated plan: ..." says it twice.
_PLAN_LABEL = re.compile(r"^(?:(?:updated|new|revised) )?plan:\s*", re.IGNORECASE)

_SAYS_WHAT = re.compile(r"\b(?:only|instead|use|just|should|must)\b", re.IGNORECASE)


def _said_short(who: str) -> str:
    """A correction, short: its first sentence and the one that says what to do instead
    (the head alone, "Not on the main router. 8080 is ...", drops the instruction)."""
    if len(who.split()) <= 20:
        return who
    name, _, said = who.partition(': "')
    parts = re.split(r"(?<=[.!?;])\s+", said.rstrip('"').removesuffix(" ..."))
    do = next((p for p in parts[1:] if _INSTEAD.search(p)), None)
    if do is None or not said or _SAYS_WHAT.search(parts[0]):
        return _words(who, 20)  # the head says what to do ("No fallback: read only x.toml")
    return f'{name}: "{_words(parts[0], 10)} ... {_words(do, 22)}"'


# A dotted module path before an exception's name (`zoneinfo._common.ZoneInfoNotFoundError`),
# a test runner's prefix (`E `, `ERROR `, `FAILED tests/a.py::test_x - `): no part of what broke.
_ERROR_NOISE = re.compile(
    r"^(?:E|ERROR|FAILED)\s+(?:\S+::\S+\s+-\s+)?|\b[a-z_]\w*\.(?:\w+\.)*(?=[A-Z]\w*:)"
)
# A patching tool's name before the files it changed: `apply_patch a.py: ...` -> `a.py: ...`.
_PATCH_TOOL = re.compile(
    r"^(?:apply_patch|edit_file|str_replace_editor|str_replace|edit|Edit|Write|MultiEdit)\s+"
    r"(?=[^\s:]+(?:, [^\s:]+)*:)"
)


def _brief_fix(fix: Fix) -> str:
    """An error beside its fix in the fewest words that say both: the error without its
    runner's prefix or module path, the change without the tool's name, re-runs left out."""
    error = _ERROR_NOISE.sub("", core_error(fix.error))
    change = _PATCH_TOOL.sub("", fix.change)
    how = "in" if change != fix.change else "by"  # "fixed in a.py: ...", "fixed by $ make"
    return f"Error fixed: {_words(error, 10)} -> fixed {how} {_words(change, 10)}"


def _fix_lines(fix: Fix) -> tuple[str, str]:
    """An error beside its fix, in full (with the assistant's why) and short."""
    also = "".join(f"; also {e}" for e in fix.also)
    short_also = "".join(f"; also {_words(core_error(e), 8)}" for e in fix.also)
    full = f"Error fixed: {fix.error} (from {fix.where}){also} -> fixed by {fix.change}"
    # the short form drops the test's name: the error itself says what broke
    short = (
        f"Error fixed: {_words(core_error(fix.error), 14)}{short_also} -> fixed by "
        f"{_words(fix.change, 18)}"
    )
    if fix.tried:
        tried = "; ".join(fix.tried)
        full += f" (re-running {tried} did not help)"
        short += f" (re-running {_words(tried, 8)} did not help)"
    if fix.why:
        full += f" (why: {fix.why})"
    return full, short


_CUT_AFTER_CLAUSE = re.compile(r"[;,]\s*\.\.\.$")


def _reply(answer: str) -> str:
    """The user's reply beside a point, before its status: what was settled for it."""
    if not answer:
        return ""
    # a reply cut short keeps its "..."; one cut after a clause must not leave "; ;"
    text = _CUT_AFTER_CLAUSE.sub(" ...", answer) if answer.endswith("...") else answer.rstrip(".")
    return f"the user: {text}; "


def _point_entries(listed: Points, review: bool) -> list[Entry]:
    """The latest request's numbered points, each by its first sentence with what became of it;
    and the ones still open, each by what it asks, with the request's closing asks."""
    kind = "Review findings" if review else "The latest request's points"
    found = "; ".join(f"{p.number}. {p.head} ({_reply(p.answer)}{p.status})" for p in listed.points)
    brief = "; ".join(
        f"{p.number}. {_words(p.head, 14)} ({_reply(_words(p.answer, 10))}{p.status})"
        for p in listed.points
    )
    # fewest words: what was found and what became of it, without the user's words
    least = "; ".join(f"{p.number}. {_words(p.head, 10)} ({p.brief_status})" for p in listed.points)
    out = [Entry(_CURRENT, 1, 1, f"{kind}: {found}", f"{kind}: {brief}", f"{kind}: {least}", True)]
    todo = [p for p in listed.points if p.open]
    if todo:
        asks = "; ".join(f"{p.number}. {p.ask} ({p.status})" for p in todo)
        then = f"; then, as asked: {' '.join(listed.closing)}" if listed.closing else ""
        short_asks = "; ".join(f"{p.number}. {_words(p.ask, 16)} ({p.status})" for p in todo)
        short_then = f"; then: {_words(' '.join(listed.closing), 20)}" if listed.closing else ""
        head = "Pending (points of the latest request not done): "
        out.append(Entry(_PENDING, -20, 5, head + asks + then, head + short_asks + short_then))
    return out


def short_call(call_text: str) -> str:
    """A call named briefly for a label: `$ mix test`, `Read annotation.ex`."""
    if call_text.startswith("$ "):
        command = re.sub(r"^(?:cd \S+ *&& *)+", "", call_text[2:])
        command = re.split(r"\s*(?:&&|\|\||;|\||\d?>&?\S*)", command)[0]  # no redirections
        words = [w.rsplit("/", 1)[-1] if "/" in w else w for w in command.split()[:3]]
        return "$ " + " ".join(words)
    name, _, rest = call_text.partition(" ")
    return f"{name} {rest.rsplit('/', 1)[-1]}".strip() if rest else name


def fragment(text: str, facts: frozenset[str]) -> bool:
    """A line that means nothing on its own (`:uuid,`, `end`, `}`): one word and no fact
    that stands alone (a path, URL, error or command)."""
    if len(text.split()) >= 2:
        return False
    return not any(f.startswith(("path:", "url:", "error:", "command:")) for f in facts)


def handoff_entries(state: SpanState, progress: Progress | None = None) -> list[Entry]:
    """The handoff's labelled lines, each with its section and how urgently it is kept.

    With `progress` (what happened last, see `_progress`): the next step and the current work
    from the span's order, the final decisions and the rejected ones, each error beside the
    change that made it stop, the reviews, and the files removed again marked as such."""
    out: list[Entry] = []
    users = state.user_messages
    task = state.task
    corrections = set(progress.corrections) if progress else set()
    turned_down = progress.rejected if progress else ()
    only = (
        task is not None
        and task == state.latest_request
        and len([m for m in users if m == task]) == len([m for m in users if not is_chit_chat(m)])
    )
    if task is not None and not only:
        out.append(
            Entry(
                _TASK,
                0,
                1,
                f"Task: {_quote(task)}",
                f"Task: {_quote(task, _TASK_WORDS)}",
            )
        )
    for i, message in enumerate(users):
        if message == task and i == users.index(task):
            continue  # quoted as the task
        if message == state.latest_request and i == len(users) - 1:
            continue  # quoted as the latest request
        if any(" ".join(message.split())[:60] in r.by for r in turned_down):
            continue  # quoted beside the design it turned down
        quoted = _quote(message)
        kind = (
            "User correction"
            if quoted.strip('"')
            and any(c.startswith(" ".join(message.split())[:60]) for c in corrections)
            else "User message"
        )
        head = f"{kind} ({i + 1} of {len(users)}): "
        urgent = 0 if kind == "User correction" else 3  # what the agent would get wrong again
        out.append(Entry(_USERS, i, urgent, head + quoted, head + _quote(message, _SHORT_WORDS)))
    if state.latest_request is not None:
        latest = state.latest_request
        correction = any(c.startswith(" ".join(latest.split())[:60]) for c in corrections)
        what = "Latest request (a correction)" if correction else "Latest request"
        # A review passed on is the work list: its findings, not only its head, come short.
        review = REVIEW_HEAD.search(latest) is not None
        short_words = _LATEST_REVIEW if review else _LATEST_WORDS
        if review:
            what = "Latest request (a review)"
        if only:
            what = "Task (the only request)"  # the first request is the latest: stated once
        listed = progress.points if progress is not None and not only else None
        full = f"{what}: {_quote(latest, _LATEST_FULL, ask=not only)}"
        short = f"{what}: {_quote(latest, short_words, ask=not only)}"
        if listed is not None:
            # its points come on a line of their own: here the head and the closing asks
            head = latest.strip().splitlines()[0]
            closing = " ".join(listed.closing)
            full = f'{what}: "{_words(head, 12)} ... {_words(closing, _LATEST_FULL // 2)}"'
            short = f'{what}: "{_words(head, 12)} ... {_words(closing, 20)}"'
        # a review quoted at length, in brief: its head and closing ask, as a request is
        quick = f"{what}: {_quote(latest, _LATEST_WORDS, ask=not only)}"
        quick_form = quick if review and listed is None and quick != short else None
        out.append(Entry(_CURRENT, 0, 0, full, short, quick_form))
        if listed is not None:
            out.extend(_point_entries(listed, review))
    if progress is not None and progress.current:
        short = _terse(f"Current work: {progress.current_short or progress.current}")
        out.append(Entry(_CURRENT, 1, 2, f"Current work: {progress.current}", short))
    if progress is None:  # without the span's order, what the assistant said and did last
        if state.last_said:
            said = f"Last said by the assistant: {_quote(state.last_said)}"
            out.append(Entry(_CURRENT, 2, 9, said))
        recent = [c.text for c in state.calls[-3:]]
        if recent:
            actions = "; ".join(t if len(t) <= 120 else t[:120] + " ..." for t in recent)
            out.append(Entry(_CURRENT, 3, 9, f"Last actions: {actions}"))
    next_step = progress.next_step if progress is not None else state.next_step
    if next_step:
        step = _PLAN_LABEL.sub("", next_step, count=1) or next_step
        later = " ".join(progress.later_asks) if progress is not None else ""
        # what the latest request asks for after it, when the budget has room
        full = f"{step}; then, as asked: {later}" if later else step
        finish = progress.finish if progress is not None else ""
        finish = f"; last, {finish}" if finish and "submit" not in step.lower() else ""
        full += finish
        short = f"Next step: {_words(_terse(step), 30)}{finish}"
        out.append(Entry(_CURRENT, 4, -1, f"Next step: {full}", short))
    if progress is None and state.stated_next and state.stated_next != state.next_step:
        out.append(
            Entry(_NEXT, 1, 4, f"Next step as the assistant put it: {_quote(state.stated_next)}")
        )
    if progress is not None:
        final = progress.decisions
        # the design the user said to use instead of one turned down: the final one, in the
        # user's words, where the assistant's own "decisions" are often what it observed
        chosen = set(progress.instead.values())
        for i, text in enumerate(final):
            if next_step and text in next_step:
                continue  # stated as the next step
            # the latest decisions are the final ones, where the user named none
            urgent = 3 if i >= len(final) - 2 and not chosen else 6
            out.append(
                Entry(_DECISIONS, i, urgent, f"Decision: {text}", f"Decision: {_words(text, 25)}")
            )
        by: dict[str, list[str]] = {}  # the designs one message turned down, together
        for ruled in progress.rejected:
            by.setdefault(ruled.by, []).append(ruled.text)
        latest_head = " ".join((state.latest_request or "").split())[:60]
        for i, (who, texts) in enumerate(by.items()):
            use = progress.instead.get(who)
            least: str | None = None
            if latest_head and latest_head in who:
                who = "the user's latest request"  # quoted above, in full
            designs = "; ".join(texts)
            # short: the design the assistant proposed first, not the problem it described
            # before it ("Inside a millisecond next() fills rand_a ..."), when several went
            proposed = sorted(texts, key=lambda s: not _PROPOSES.search(s))
            full = f"Ruled out: {designs} (turned down by {who})"
            short = f"Ruled out: {_words(proposed[0], 14)} (turned down by {_said_short(who)})"
            if use is not None:
                # the final design in the user's words, with what it rules out and the words
                # that turned that down: one statement answers what was decided over what
                full = (
                    f"Decision (the user's): {use} It rules out: {designs} (turned down by {who})"
                )
                # short: the user's first sentence ("No unique index on email.") says what
                # was turned down; the rest of their words is the decision, quoted already
                name, _, said = who.partition(': "')
                head = re.split(r"(?<=[.!?])\s+", said.rstrip('"'))[0] if said else ""
                by_whom = f'{name}: "{_words(head, 12)}"' if head else who
                short = (
                    f"Decision (the user's): {_words(use, 30)} It rules out: "
                    f"{_words(proposed[0], 12)} (turned down by {by_whom})"
                )
                # fewest words: the user's no, then the design (a tight budget keeps the head)
                said_no = f' "{_words(head, 10)}"' if head else ""
                least = f"Decision (the user's, after{said_no}): {_words(use, 18)}"
            # it carries the correction that turned it down: kept as a correction is
            out.append(Entry(_DECISIONS, 100 + i, 1, full, short, least))
        for i, text in enumerate(progress.reviews):
            out.append(
                Entry(_DECISIONS, 200 + i, 3, f"Review: {text}", f"Review: {_words(text, 30)}")
            )
    for i, ask in enumerate(progress.open_asks if progress is not None else ()):
        text = f"Pending (asked in the latest request, not yet done): {ask}"
        out.append(Entry(_PENDING, -10 + i, 2, text))
    stale_plan = progress is not None and progress.plan_is_older
    for i, todo in enumerate(state.todos):
        if next_step and todo.text in next_step:
            continue  # stated as the next step
        status = todo.status.replace("_", " ")
        when = "; written before the latest changes, may be done" if stale_plan else ""
        # an older plan's items are the least certain, yet of the core (before the commands
        # run and the files read): the only line that may say what is still to do
        urgent = 6 if stale_plan else 4
        out.append(
            Entry(_PENDING, i, urgent, f"Pending ({status}, {todo.source}{when}): {todo.text}")
        )
    removed = progress.removed if progress is not None else frozenset()
    reverted = progress.reverted if progress is not None else frozenset()
    roles = progress.roles if progress is not None else {}
    changed = [f for f in state.files if {"edited", "created", "deleted"} & set(f.actions)]
    lines: list[str] = []
    named: list[str] = []
    brief: list[str] = []
    for f in sorted(changed, key=lambda f: -f.last_index):
        what = " and ".join(a for a in f.actions if a != "read")
        gone = any(same_file(f.path, r) for r in removed)
        if gone and "deleted" not in f.actions:
            what += ", then deleted (gone)"
        now = next(
            (b for a, b in (progress.renamed if progress else {}).items() if same_file(f.path, a)),
            None,
        )
        if now is not None and not gone:
            what += f", then renamed to {now}"
        back = not gone and any(same_file(f.path, r) for r in reverted)
        if back:
            what += ", then reverted (unchanged now)"
            gone = True  # its role is no change of the work's
        role = roles.get(f.path)
        word = progress.why.get(f.path) if progress is not None else None
        role = _words(word, 18) if word and not gone else role
        names = progress.added.get(f.path, ()) if progress is not None and not gone else ()
        # what the change put in, by name: the fewest words that say what each file is for
        put = f", adds {', '.join(names)}" if names else ""
        lines.append(f"{f.path} ({what}{put}" + (f"; {role})" if role and not gone else ")"))
        named.append(f"{f.path} ({what}{put})")
        brief.append(f"{f.path} ({what})")
    if lines:
        # One line: a tight budget keeps every file with what became of it ("Files changed:
        # a.py (edited); b.py (created, then deleted (gone))"), not the first few files' own
        # lines; a budget left over adds what each defines.
        text = f"Files changed: {'; '.join(lines)}"
        short = _terse(f"Files changed: {'; '.join(named)}")
        least = _terse(f"Files changed: {'; '.join(brief)}")
        out.append(Entry(_FILES, 0, FILES_PRIORITY, text, short, least if least != short else None))
    for f in state.files:
        if f.actions == ("read",):
            role = roles.get(f.path)
            text = f"File read: {f.path}" + (f" ({role})" if role else "")
            out.append(Entry(_FILES, f.last_index, 6 if role else 10, text))
    fixes = progress.fixes if progress is not None else ()
    for i, fix in enumerate(fixes):
        full, short = _fix_lines(fix)
        out.append(Entry(_ERRORS, i, 3, full, short, _brief_fix(fix)))
    for i, error in enumerate(state.errors):
        message = _quote(error.message)
        if error.fixed and progress is None:
            text = f"Error (fixed later): {message} from {error.where}; fixed by {error.fixed_by}"
            out.append(Entry(_ERRORS, i, 7, text))
        elif not error.fixed:
            out.append(Entry(_ERRORS, i, 3, f"Error (unresolved): {message} from {error.where}"))
    commands = state.commands
    for i, run in enumerate(commands):
        if not run.failed and i < len(commands) - _COMMANDS_KEPT:
            continue
        command = run.command if len(run.command) <= 100 else run.command[:100] + " ..."
        runs = f" (run {run.runs} times)" if run.runs > 1 else ""
        # A test or build result, or a failure, says where the work stands; a bare "ok" less.
        fixed = run.failed and any(
            (e.fixed and e.index == run.index) or (e.fixed and e.message in run.outcome)
            for e in state.errors
        )
        urgent = (run.failed and not fixed) or (not run.failed and run.outcome != "ok")
        outcome = f"{run.outcome} (fixed later)" if fixed else run.outcome
        text = f"Command: $ {command} -> {outcome}{runs}"
        out.append(Entry(_COMMANDS, i, 8 if urgent else 11, text))
    return _relative(out, state)


def _relative(entries: list[Entry], state: SpanState) -> list[Entry]:
    """Paths under the span's common project folder, written relative to it once: a session's
    absolute paths (`/home/USER/projects/x/lib/a.ex`) repeat a prefix that costs tokens."""
    absolute = [f.path for f in state.files if f.path.startswith("/")]
    if len(absolute) < 2:
        return entries
    root = os.path.commonpath(absolute)
    if root.count("/") < 2 or any(f.path == root for f in state.files):
        return entries  # `/testbed` or `/repo` saves little; a file's own path is no folder
    prefix = root + "/"

    def rel(text: str | None) -> str | None:
        return text.replace(prefix, "") if text is not None else None

    out = [
        e._replace(text=rel(e.text) or "", short=rel(e.short), brief=rel(e.brief)) for e in entries
    ]
    out.append(Entry(_TASK, 1, 4, f"Paths: relative to {prefix}"))
    return out
