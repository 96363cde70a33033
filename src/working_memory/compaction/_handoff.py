"""The handoff's labelled sections: the lines `span_state` finds, each with its section and
how urgently it is kept when the budget is tight."""

from __future__ import annotations

from typing import NamedTuple

from ._span_state import SpanState

__all__: list[str] = []  # private to the compaction package: handoff_entries, Entry, _quote, ...


class Entry(NamedTuple):
    """One line of the handoff's sections: where it is printed, how urgently it is kept."""

    section: int  # print order
    order: int  # order within the section
    priority: int  # lower is kept first when the budget is tight
    text: str
    short: str | None = None  # a shorter form, used when the full one does not fit


# Sections, in print order.
_TASK, _USERS, _CURRENT, _NEXT, _PENDING, _FILES, _ERRORS, _COMMANDS = range(8)
_QUOTE_WORDS = 80  # a typed user message longer than this is quoted by its head
MAX_FACT_LINE_CHARS = 400  # longer lines are blobs, never quoted as a fact line
_COMMANDS_KEPT = 15  # most recent shell commands listed (failed ones always compete)


def _quote(text: str, words: int = _QUOTE_WORDS) -> str:
    """Quoted whole when short; else its first line(s) up to `words` words (a pasted log
    under an instruction is cut, the instruction kept)."""
    parts = text.split()
    if len(parts) <= words:
        return f'"{" ".join(parts)}"'
    head = text.strip().splitlines()[0].split()
    if len(head) < words // 4:  # a short first line: the instruction, before what was pasted
        return f'"{" ".join(head)} ..."'
    return f'"{" ".join(parts[:words])} ..."'


def short_call(call_text: str) -> str:
    """A call named briefly for a label: `$ mix test`, `Read annotation.ex`."""
    if call_text.startswith("$ "):
        words = call_text[2:].split()
        return "$ " + " ".join(words[:3])
    name, _, rest = call_text.partition(" ")
    return f"{name} {rest.rsplit('/', 1)[-1]}".strip() if rest else name


def fragment(text: str, facts: frozenset[str]) -> bool:
    """A line that means nothing on its own (`:uuid,`, `end`, `}`): one word and no fact
    that stands alone (a path, URL, error or command)."""
    if len(text.split()) >= 2:
        return False
    return not any(f.startswith(("path:", "url:", "error:", "command:")) for f in facts)


def handoff_entries(state: SpanState) -> list[Entry]:
    """The handoff's labelled lines, each with its section and how urgently it is kept."""
    out: list[Entry] = []
    users = state.user_messages
    task = state.task
    if task is not None:
        out.append(Entry(_TASK, 0, 1, f"Task (the first request): {_quote(task)}"))
    for i, message in enumerate(users):
        if message == task and i == users.index(task):
            continue  # quoted as the task
        out.append(Entry(_USERS, i, 3, f"User message {i + 1} of {len(users)}: {_quote(message)}"))
    if state.latest_request is not None:
        out.append(Entry(_CURRENT, 0, 0, f"Latest request: {_quote(state.latest_request)}"))
    if state.last_said:
        out.append(Entry(_CURRENT, 1, 9, f"Last said by the assistant: {_quote(state.last_said)}"))
    recent = [c.text for c in state.calls[-3:]]
    if recent:
        actions = "; ".join(t if len(t) <= 120 else t[:120] + " ..." for t in recent)
        out.append(Entry(_CURRENT, 2, 9, f"Last actions: {actions}"))
    if state.next_step:
        out.append(Entry(_NEXT, 0, 2, f"Next step: {state.next_step}"))
    if state.stated_next and state.stated_next != state.next_step:
        out.append(
            Entry(_NEXT, 1, 4, f"Next step as the assistant put it: {_quote(state.stated_next)}")
        )
    for i, todo in enumerate(state.todos):
        status = todo.status.replace("_", " ")
        out.append(Entry(_PENDING, i, 4, f"Pending ({status}, {todo.source}): {todo.text}"))
    changed = [f for f in state.files if {"edited", "created", "deleted"} & set(f.actions)]
    for f in sorted(changed, key=lambda f: -f.last_index):
        what = " and ".join(a for a in f.actions if a != "read")
        out.append(Entry(_FILES, f.last_index, 5, f"File {what}: {f.path}"))
    for f in state.files:
        if f.actions == ("read",):
            out.append(Entry(_FILES, f.last_index, 10, f"File read: {f.path}"))
    for i, error in enumerate(state.errors):
        message = _quote(error.message)
        if error.fixed:
            text = f"Error (fixed later): {message} from {error.where}; fixed by {error.fixed_by}"
            out.append(Entry(_ERRORS, i, 7, text))
        else:
            out.append(Entry(_ERRORS, i, 5, f"Error (unresolved): {message} from {error.where}"))
    commands = state.commands
    for i, run in enumerate(commands):
        if not run.failed and i < len(commands) - _COMMANDS_KEPT:
            continue
        command = run.command if len(run.command) <= 100 else run.command[:100] + " ..."
        runs = f" (run {run.runs} times)" if run.runs > 1 else ""
        # A test or build result, or a failure, says where the work stands; a bare "ok" less.
        urgent = run.failed or run.outcome != "ok"
        text = f"Command: $ {command} -> {run.outcome}{runs}"
        out.append(Entry(_COMMANDS, i, 8 if urgent else 11, text))
    return out
