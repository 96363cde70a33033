"""A numbered list of points in the latest request (a review passed on, a list of asks): each
point with what became of it since, and whether a step the assistant announced was done.

A point is "left as asked" when the request's closing lines say to leave it ("Skip 3", "Leave
2: ...", "For 3, don't change anything") or put it off ("4 is a ticket, not now"); "changed" when a call since the request names the
point's identifiers (`req.cookies.sf_anon`, `Helvetica-Bold`, `OFL.txt`), "tested" when a test
run came after that call; else "not started". A point with no identifiers ("the retry count
should be 5, not 3", "add a note to the README about the proxy") is "changed" when one edit
since puts in two signs of it (see `_prose_done`): a value of the point it swaps in, a file the
point names, words of the point its new text adds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ._span_state import Call, error_line, is_look, is_test_path, path_of, split_sentences

__all__: list[str] = []  # private to the compaction package

_ITEM = re.compile(r"^\s*(?:(\d+)[.)]|\((\d+)\))\s+(.+)$")  # "1. ...", "1) ...", "(1) ..."
# "My take: 1 yes. 3 no: keep HUP": the user's answers by number, after the list
_LABEL = re.compile(r"^[A-Z][\w' ]{0,24}:\s+(?=\d)")
_BY_NUMBER = re.compile(r"^(\d{1,2})\b[:,)]?\s+(\S.*)$")
_BULLET = re.compile(r"^\s*[-*\u2022]\s+(.+)$")
# "Skip 3", "Leave 2: ...", "ignore 1 and 3", "For 3, don't change anything"
_LEFT = re.compile(
    r"\b(?:skip|leave|ignore|drop|not)\s+(?:point\s+|item\s+|#)?(\d+(?:\s*(?:,|and|&)\s*\d+)*)\b"
    r"|\bfor\s+(\d+),?\s+(?:don't|do not|no need to)\s+(?:change|touch|do)\b",
    re.IGNORECASE,
)
# "4 is ticket PAY-418", "3 goes to a follow-up", "2, not now": put off, so left as asked
_LATER = re.compile(
    r"\b(\d+)\s+(?:is|goes (?:in|to|into)|becomes|gets)\s+(?:a\s+|its own\s+|the\s+)?"
    r"(?:ticket|issue|follow-?up|separate|[A-Z][A-Z0-9]+-\d+)\b"
    r"|\b(\d+)\b[^.;\d]{0,40}?,\s*not now\b",
    re.IGNORECASE,
)
# "point text -> the user's answer": a point passed on with the user's reply beside it (not
# "15 -> 16", a change of value the point asks for)
_ANSWER = re.compile(r"(?<!\d)\s+(?:->|=>|\u2192)\s+|\s+(?:->|=>|\u2192)\s+(?!\d)")
# an answer that turns the point down or puts it off: nothing to do for it
_DECLINE = re.compile(
    r"^(?:no\b|nope\b|wrong\b|incorrect\b|disagree|not now\b|not needed\b|keep\b|leave\b|skip\b|"
    r"ignore\b|won't\b|will not\b|already\b|it already\b|out of scope\b|later\b)"
    r"|\bbut later\b|,\s*later\b|\bnot now\b|\bno change\b|\bout of scope\b|\bnot (?:a bug|an issue|needed)\b|\b(?:its own |a )?ticket\b"
    r"|\bnot (?:in |for )?(?:this|the) (?:pr|change|fix|patch)\b|\bseparate pr\b"
    r"|^i (?:don't|do not) (?:think|agree)\b"
    # "I think you already did that", "next deploy": nothing to do for it now
    r"|\balready (?:did|done|does|do|there|has|have)\b|\b(?:did|done|have) (?:that|it|this) already\b"
    r"|\bnext (?:deploy|release|sprint)\b|\b(?:i think|probably|i believe)\b[^.;]{0,40}\balready\b",
    re.IGNORECASE,
)
# "I've opened LED-77 for it", "that's OPS-12": put off to a ticket (case-sensitive: not utf-8)
_TICKET_ID = r"\b[A-Z]{2,}[A-Z0-9]*-\d+\b"
_TICKET = re.compile(
    rf"\b(?:opened|filed|created|raised|is|that's|in|to)\s+(?:ticket\s+)?{_TICKET_ID}"
    r"|\b(?:opened|filed|created|raised)\s+(?:issue\s+)?#\d+"
)
# "Done already", "you did already", "should already be in": the user says the point is done
_ALREADY = re.compile(
    r"\b(?:done|did|in|there|handled|covered)(?: (?:that|it|this))? already\b"
    r"|\balready (?:done|did|in|there|handled|covered|the case|be (?:in|there|done))\b"
    # "I think the guard compares the lengths first already; check and tell her"
    r"|\b(?:i think|probably|i believe)\b[^.;]{0,60}\balready\b",
    re.IGNORECASE,
)
# "I answered her on the thread": the user replied to the reviewer, nothing to post
# ("Answered on the PR: that is the clamp you tried first."), the user's own word for it too
_USER_ANSWERED = re.compile(
    r"\bI(?:'ve| have)? (?:already )?(?:answered|replied|responded)\b"
    r"|^(?:answered|replied|responded) (?:on|in) (?:the )?(?:pr|thread|review|issue)\b",
    re.IGNORECASE,
)
# "Reword it", "I'd like a test for that": an ask that needs what was found beside it
_POINTS_BACK = re.compile(r"\b(?:it|that|this|them)\b", re.I)
_AGREES = re.compile(
    r"^(?:yes|yep|agreed|ok(?:ay)?|sure|right|do it|good (?:point|catch))\b[,.:;!]*\s*", re.I
)
# the part of a turned-down answer still to do: "..., but log the reload at info"
_BUT_DO = re.compile(r"\bbut\s+(?!later\b|not\b)((?:do\s+|please\s+)?[a-z]+\b.{8,})$", re.I)
# The user's answer to a question-point: "2 check it", "verify it", "please confirm"; the ask
# may follow what the user believes ("I think that's in, check").
_CHECK_IT = re.compile(r"(?:^|[,.;:]\s*)(?:please\s+)?(?:check|verify|confirm|make sure)\b", re.I)
# an ask to answer the reviewer ("explain it to him in a comment"), and a call that posts a
# comment (`jira comment OPS-1`, `gh pr comment 12`): the ask is done once one was posted
_COMMENT_ASK = re.compile(
    r"\b(?:comment|reply|respond|explain|answer|tell (?:him|her|them))\b", re.I
)
# The same ask in the reviewer's own point: there a bare "comment" is the code's ("send a
# `: ping` comment every 15 s", "add a comment why"), not one to post
_POINT_ASKS_REPLY = re.compile(
    r"\b(?:reply|respond|explain|answer)\b|\b(?:in|with) a comment\b|\bcomment on (?:the|this)\b",
    re.I,
)
_POSTS_COMMENT = re.compile(r"^\$ (?:\S+ ){1,2}comment\b")
_WORD = re.compile(r"[a-z]{3,}|\d+")
_STOP = frozenset(
    {
        "the", "and", "for", "that", "this", "with", "from", "are", "was", "were", "has",
        "have", "not", "but", "its", "into", "than", "then", "already", "should", "would",
        "could", "does",
    }
)  # fmt: skip
# A point that puts itself off: "would be nice, but it's a separate change: I opened #63".
_PUTS_ITSELF_OFF = re.compile(
    r"\b(?:(?:it's|that's|it is|that is|is) (?:a|its own) separate (?:change|pr|pull request|"
    r"issue|ticket)|out of scope|"
    r"not (?:in|for) this (?:pr|change)|in a follow-?up)\b",
    re.IGNORECASE,
)
# A sentence that asks for something to be done: "Add a test that ...", "Remove it so ...".
_ASKS = re.compile(
    r"^\s*(?:please\s+)?(?:add|write|remove|delete|drop|rename|move|make|use|return|log|"
    r"document|test|cover|handle|check|keep|replace|split|bump|update)\b",
    re.IGNORECASE,
)
_DO = re.compile(r"^\s*do\s+\d+(?:\s*(?:,|and|&|then)\s*\d+)*(?:\s+first)?[.,:]?\s*", re.I)
# An identifier: camelCase, snake_case, dotted or slashed names, a call, a Capitalised-Hyphen.
_IDENT = re.compile(r"[A-Za-z_][\w./-]*")
_CODE_SHAPE = re.compile(r"[a-z][A-Z]|_|\w[./]\w|^[A-Z][a-z]*-[A-Z][a-z]")  # X-Accel-Buffering
_FILE = re.compile(r"/|\.[a-z]{1,4}$")  # a file the point is about, not what it says of it
# A value: a number with its unit ("30 minutes", "5r/m", "24h") or a word with digits ("sha256")
# (and one inside a name: `hashlib.sha256`, `HTTP_409_CONFLICT` has 409)
_VALUE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)*(?![\d.]\d)|(?<![A-Za-z0-9])[A-Za-z]+\d(?:\w|\.\d)*"
    r"|(?<=_)\d+(?![\d.]\d)"
)
# Words too common in code or in asks to tie a point to an edit on their own
_PLAIN = _STOP | frozenset(
    {
        "about", "after", "again", "agreed", "also", "because", "before", "being", "case",
        "change", "check", "code", "data", "each", "error", "file", "files", "fine", "good",
        "here", "instead", "just", "keep", "like", "line", "lines", "make", "more", "must",
        "name", "need", "none", "note", "only", "other", "return", "same", "self", "some",
        "sure", "test", "tests", "their", "them", "there", "they", "true", "false", "type",
        "used", "uses", "value", "what", "when", "where", "which", "while", "will", "yes",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Point:
    number: int
    head: str  # its first sentence: what was found
    ask: str  # its last sentence: what to do about it
    # "left as asked", "answered in a comment", "changed, not yet tested", "changed and
    # tested", "not started"
    status: str
    answer: str = ""  # the user's reply written beside the point ("-> Wrong: keep 3.")
    text: str = ""  # the point as written, all its sentences
    left: str = ""  # what is still to do of a point half done ("a changelog entry in CHANGES.rst")

    @property
    def open(self) -> bool:
        return bool(self.left) or self.status in (
            "not started",
            "changed, not yet tested",
            "changed, the test not written",
        )

    @property
    def brief_status(self) -> str:
        """Its status in a word or two: a point put off by its ticket ("API-219")."""
        ticket = re.search(_TICKET_ID, self.answer) if self.status == "left as asked" else None
        return ticket.group(0) if ticket else self.status

    @property
    def test_ask(self) -> str:
        """The clause of the point that asks for a test ("Please test that a lone 0xFF comes
        out as U+FFFD"), without what else it asks ("and say ... in the README")."""
        for sentence in _sentences(self.text):
            m = _ASKS_TEST.search(sentence)
            if m:
                clause = re.split(
                    r",? and (?:say|add|update|document|mention)\b", sentence[m.start() :]
                )
                return clause[0].rstrip(" .")
        return self.ask

    @property
    def step(self) -> str:
        """What doing the point takes: its ask (after what was found, when the ask alone is a
        few words: "Reword it."), with the user's reply when it says how ("yes, SET LOCAL in
        pool.py")."""
        if self.left:  # half done: what is left of it
            done = (
                "its test is written" if self.status.startswith("the test") else "the rest is done"
            )
            return f"{self.left} ({done})"
        ask = self.ask.rstrip(".")
        own = self.ask in self.text  # not the part of a reply after "but"
        # (an ask of 8 words or more says what it is about: "a test that two such events")
        back = len(ask.split()) < 8 and _POINTS_BACK.search(ask)
        if own and (len(ask.split()) < 4 or back) and self.head != self.ask:
            ask = f"{self.head.rstrip('.')}: {ask}"
        how = _AGREES.sub("", self.answer).rstrip(".")
        # (not a reply that turned the point down: its ask is the part after "but")
        if len(_WORD.findall(how.lower())) >= 4 and how not in ask and not _declines(how):
            # the user's how first: the point's own words are what was found
            if _POINTS_BACK.search(how):  # "bump it and say so": after what it points at
                return f"{ask}: the user: {how}"
            return f"{how} (the user's answer to: {ask})"
        return ask


@dataclass(frozen=True)
class Points:
    points: tuple[Point, ...]
    closing: tuple[str, ...]  # the request's asks after the list, less "Do 1 and 3."


def _sentences(text: str) -> list[str]:
    return split_sentences(" ".join(text.split()))  # a point's lines are one text


def identifiers(text: str) -> set[str]:
    """The names in `text` that look like code or files, not words."""
    out = set()
    for m in _IDENT.finditer(text):
        token = m.group(0).rstrip("./-")
        if len(token) >= 3 and _CODE_SHAPE.search(token):
            out.add(token)
    return out


def _said(call: Call) -> str:
    try:
        args = json.dumps(dict(call.args), ensure_ascii=False)
    except (TypeError, ValueError):
        args = str(call.args)
    return f"{call.text} {args}".replace("\\n", " ")


def _found(names: set[str], said: str) -> bool:
    return all(n in said or n.rsplit("/", 1)[-1] in said for n in names)


def _looked_at(names: set[str], said: str) -> bool:
    """A look names one of a point's names, or the kind of file it names (`ls dist/*.css`
    looks for what became of `tokens.css` in the build)."""
    kinds = {"." + n.rsplit(".", 1)[-1] for n in names if _FILE.search(n)}
    return any(n in said or n.rsplit("/", 1)[-1] in said for n in names) or any(
        re.search(rf"\*{re.escape(k)}\b", said) for k in kinds
    )


@dataclass(frozen=True)
class _Edit:
    added: str  # the text an edit put in: new_string, a write's content, a patch's + lines
    removed: str  # the text it took out ("" for a whole file written)
    files: tuple[str, ...]


def _edit(call: Call) -> _Edit | None:
    """What an edit call put in and took out; None for a call that changes no file's text
    (a failed edit changed nothing)."""
    if call.result is not None and error_line(call.result, shell=False) is not None:
        return None
    args = call.args
    pieces = [args, *(e for e in args.get("edits") or () if isinstance(e, dict))]
    added: list[str] = []
    removed: list[str] = []
    for a in pieces:
        new = a.get("new_string", a.get("new_str", a.get("new", a.get("content"))))
        new = a.get("file_text", a.get("replacement_text")) if new is None else new
        if isinstance(new, str):
            added.append(new)
            removed.append(str(a.get("old_string", a.get("old_str", a.get("old"))) or ""))
    files = [str(args.get(k)) for k in ("file_path", "path", "notebook_path") if args.get(k)]
    patch = args.get("input", args.get("patch"))
    if not added and isinstance(patch, str) and "*** " in patch:
        lines = patch.splitlines()
        added = [ln[1:] for ln in lines if ln.startswith("+") and not ln.startswith("+++")]
        removed = [ln[1:] for ln in lines if ln.startswith("-") and not ln.startswith("---")]
        files = re.findall(r"^\*\*\* (?:Add|Update) File: (.+)$", patch, re.M)
    if not added:
        return None
    return _Edit("\n".join(added), "\n".join(removed), tuple(f.strip() for f in files))


# A point that asks for a test: "Please test that ...", "add a test for ...", "and a test that"
_ASKS_TEST = re.compile(
    r"\b(?:please test|test that|(?:add|write) (?:a )?tests?|an? (?:\w+ )?test (?:that|for))\b",
    re.IGNORECASE,
)


# an ask to change a file, in a clause of its own: "and update the example in docs/x.md"
_CHANGE_ASK = re.compile(
    r"\b(?:update|add|change|edit|document|mention|bump|write|fix|remove|delete|rename)\b", re.I
)
_FILE_NAMED = re.compile(r"[\w./-]+\.[A-Za-z]{1,5}\b")


def _untouched_ask(text: str, names: set[str], acted: Sequence[str]) -> str:
    """The clause of a point that asks to change a file no call since changed (not a test:
    a test written is what `_edits_a_test` finds), or ""."""
    files = [n for n in sorted(names) if _FILE.search(n) and not is_test_path(n)]
    untouched = [f for f in files if not _found({f}, " ".join(acted))]
    for clause in _CLAUSE.split(text):
        at = min((clause.find(f) for f in untouched if f in clause), default=-1)
        asks = [m.start() for m in _CHANGE_ASK.finditer(clause, 0, max(at, 0))]
        if at >= 0 and asks:
            return clause[asks[-1] :].strip(" .")  # from the verb that asks it
        if at >= 0 and _CHANGE_ASK.search(clause, at):
            # "docs/encodings.md still says the default is "utf-8": update it": the file
            # first, the verb after
            return clause[at:].strip(" .")
    return ""


# a point's asks, one from the next: "add a test ..., and a changelog entry in CHANGES.rst"
_CLAUSE = re.compile(r",? and (?=an? |the |[A-Z]|\S+\.\w{1,4}\b)|; |(?<=[.!?]) ")


def _edits_a_test(calls: Sequence[Call]) -> bool:
    """One of the calls edits a test file (an editor's `edit` edits the file opened last; an
    editor's `create` makes one)."""
    opened = ""
    for call in calls:
        path = path_of(call.args)
        made = call.name.lower() == "create" and call.args.get("filename")
        if made and is_test_path(str(call.args["filename"])):
            return True
        if call.name.lower() in ("open", "view", "read", "read_file") and path:
            opened = path
        edit = _edit(call)
        if edit is not None and any(is_test_path(f) for f in edit.files or (opened,)):
            return True
    return False


def _declines(answer: str) -> bool:
    return bool(_DECLINE.search(answer) or _TICKET.search(answer))


def _values(text: str) -> set[str]:
    """Its values: a number without its unit (`30m` is 30 minutes), else the word (`sha256`)."""
    out = set()
    for m in _VALUE.finditer(text):
        number = re.match(r"\d+(?:\.\d+)*", m.group(0))
        out.add(number.group(0) if number else m.group(0).lower())
    return out


def _prose_done(text: str, edit: _Edit, shared: frozenset[str] = frozenset()) -> bool:
    """A point with no identifiers done by `edit`: two signs of it, where a value of the point
    the edit swaps in for another counts two ("5, not 3": 3 out, 5 in), a value it only adds
    one, the edit's file named by the point one, and each uncommon word of the point the edit
    adds (new to its text, not carried over from what it replaced) one. One shared word or
    number alone is chance; and so is a word the point shares with another point of the same
    request (`shared`): an edit for "Report-Only first" does not add "a report-uri endpoint"."""
    values, added, removed = _values(text), _values(edit.added), _values(edit.removed)
    new = values & (added - removed)
    signs = 2 if new and removed - added else len(new)
    words = set(_WORD.findall(text.lower())) - _PLAIN - shared
    stems = {f.rsplit("/", 1)[-1].split(".", 1)[0].lower() for f in edit.files}
    named = {w for w in words if len(w) >= 4 and w in stems}
    signs += bool(named)
    put_in = set(_WORD.findall(edit.added.lower())) - set(_WORD.findall(edit.removed.lower()))
    signs += len({w for w in words - named if len(w) >= 4 and not w.isdigit()} & put_in)
    return signs >= 2


def _in_files(edit: _Edit, files: frozenset[str] | set[str]) -> bool:
    """Whether `edit` is in one of the files a point names (`pool.py` is app/db/pool.py)."""
    if not files or not edit.files:
        return True
    names = {f.rsplit("/", 1)[-1] for f in files}
    return any(f.endswith(tuple(files)) or f.rsplit("/", 1)[-1] in names for f in edit.files)


def _prose_made(
    point: str,
    since: Sequence[Call],
    files: frozenset[str] | set[str] = frozenset(),
    shared: frozenset[str] = frozenset(),
) -> int | None:
    edits = ((i, _edit(c)) for i, c in enumerate(since))
    return next(
        (
            i
            for i, e in edits
            if e is not None and _in_files(e, files) and _prose_done(point, e, shared)
        ),
        None,
    )


def _made(
    point: str,
    names: set[str],
    since: Sequence[Call],
    said: list[str],
    shared: frozenset[str] = frozenset(),
) -> int | None:
    """Where in `since` the call is that made the point's change, if one did (`shared`: the
    words the point has in common with the request's other points, no sign of it)."""
    if not names:
        return _prose_made(point, since, shared=shared)
    # the point's own names (`console.debug`), not the file it is in (`rollout.ts`)
    files = {n for n in names if _FILE.search(n)}
    names = {n for n in names if not _FILE.search(n)} or names
    first = [next((i for i, s in enumerate(said) if _found({n}, s)), None) for n in names]
    found = [i for i in first if i is not None]
    if len(found) < len(first) and len(found) >= 2 and 2 * len(found) > len(first):
        # most of its names put in (`10_000`, `OverflowError`, `compute_delay`), one it only
        # mentions (`max_attempts=None`, the client that gets there): made
        return max(found)
    if any(i is None for i in first):
        # the change may spell what the point names its own way (`EntryType::Link` done as
        # `is_hard_link()`): an edit that puts in the point's own words still made it (its
        # values alone do not: `retries = 5` is not "max_tries to 5"), in the file the point
        # names: words such as "transaction" and "server" in another file's edit are chance
        return _prose_made(_VALUE.sub("", point), since, files, shared)
    # the call that made the change whole (the last of its names to appear): a test run
    # after it tests it, and a later call that only carries the names along in its context
    # does not make it untested again
    return max(i for i in first if i is not None)


def points(
    request: str, calls: Sequence[Call], after: int, is_test_run: Callable[[Call], bool]
) -> Points | None:
    """The latest request's numbered points (two or more), each with what became of it in
    the calls made since it (`after`: its message index)."""
    items: list[tuple[int, str]] = []
    rest: list[str] = []
    # a comment pasted as a quote ("> 1. Please don't ..."): its lines without the marks; the
    # user's own lines under a quoted point answer it ("> 1. Single quotes too" / "Done already")
    under: dict[int, list[str]] = {}
    quoted_items = False
    raw_lines = request.splitlines()
    lines = [re.sub(r"^\s*>\s?", "", ln) for ln in raw_lines]
    for raw, line in zip(raw_lines, lines, strict=True):
        quoted = raw.lstrip().startswith(">")
        m = _ITEM.match(line)
        if m:
            items.append((int(m.group(1) or m.group(2)), m.group(3).strip()))
            quoted_items = quoted
        elif items and line.strip():
            if quoted_items and not quoted:
                under.setdefault(items[-1][0], []).append(line.strip())
            rest.append(line.strip())
    if len(under) < 2:
        under = {}  # one line after the list is its closing, not an answer
    else:
        rest = [ln for ln in rest if not any(ln in answers for answers in under.values())]
    if not items:
        # a bulleted list is points only when the user answered two of them beside it
        # ("- 24h is too long -> agreed, 30 minutes"): else it may be any list
        bullets: list[tuple[int, str]] = []
        rest = []
        for line in lines:
            m = _BULLET.match(line)
            if m:
                bullets.append((len(bullets) + 1, m.group(1).strip()))
            elif bullets and line.strip():
                rest.append(line.strip())
        # or answered by number after it ("1: do it. 2: no change.")
        by_number, _ = _replies_by_number(rest, {n for n, _ in bullets})
        if sum(bool(_ANSWER.search(text)) for _, text in bullets) >= 2 or by_number:
            items = bullets
    if len(items) < 2:
        return None
    replies, closing_text = _replies_by_number(rest, {n for n, _ in items})
    replies |= {n: " ".join(answers) for n, answers in under.items() if n not in replies}
    left: set[int] = set()
    for m in _LEFT.finditer(closing_text):
        left |= {int(n) for n in re.findall(r"\d+", m.group(1) or m.group(2))}
    for m in _LATER.finditer(closing_text):
        left.add(int(m.group(1) or m.group(2)))
    since = [c for c in calls if c.index > after]
    said = [_said(c) for c in since]
    # what may make a point's change: not a look (`git grep`, `ls`) nor a comment posted, which
    # name its code while changing none of it
    acts = [c for c in since if not is_look(c) and not _POSTS_COMMENT.match(c.text)]
    acted = [_said(c) for c in acts]
    out = []
    heard = [set(_WORD.findall(_ANSWER.split(item, maxsplit=1)[0].lower())) for _, item in items]
    for n, (number, item) in enumerate(items):
        shared = frozenset(set().union(*(w for m, w in enumerate(heard) if m != n)))
        split = _ANSWER.split(item, maxsplit=1)
        text, answer = (split[0].strip(), split[1].strip()) if len(split) == 2 else (item, "")
        answer = answer or replies.get(number, "")
        parts = _sentences(text) or [text]
        declined = bool(answer and _declines(answer))
        # a reply that agrees may name what to do ("yes, send Referrer-Policy")
        ask = parts[-1]
        # (not "True, but changing it changes ... I opened #219 for it": put off, nothing to do)
        instead = _BUT_DO.search(answer) if declined and not _TICKET.search(answer) else None
        if instead and number not in left:
            # "no: keep HUP, but log the reload at info": turned down, with something to do
            declined, ask = False, instead.group(1).rstrip(". ")
        point = text if declined else f"{text} {answer}"
        if len(parts) > 1 and _ASKS.match(ask) and not declined:
            # "Before this fix the key used %v of a float64 ... Add a test that both are
            # forwarded": what was found names the code it found; the ask is what to do
            point = f"{ask} {answer}"
        names = identifiers(point)
        status = "not started"
        still = ""
        already = bool(_ALREADY.search(answer))
        if _USER_ANSWERED.search(answer):
            status = "answered in a comment"  # "I replied on the PR: no": the user answered it
        elif number in left or (declined and not already) or _PUTS_ITSELF_OFF.search(text):
            status = "left as asked"
        elif (_POINT_ASKS_REPLY.search(ask) or _COMMENT_ASK.search(answer)) and any(
            _POSTS_COMMENT.match(c.text) for c in since
        ):
            status = "answered in a comment"
        elif _CHECK_IT.search(_AGREES.sub("", answer)) and any(
            _looked_at(names, s) for c, s in zip(since, said, strict=True) if is_look(c)
        ):
            status = "checked"  # "2 check it": a look since names what the point asks about
        elif already:
            status = "done already"  # the user's word: nothing to do for it
        else:
            made = _made(
                ask if instead else point,
                identifiers(ask) if instead else names,
                acts,
                acted,
                shared,
            )
            how = _AGREES.sub("", answer)
            if made is None and not instead and len(_WORD.findall(how)) >= 5:
                # a failure reported, the user's answer says what to do ("the Windows runners
                # only run Windows containers: don't run the database tests there"): done as
                # the answer says, in its own names, though the failure's are in no call
                made = _made(how, identifiers(how), acts, acted, shared)
            if made is not None:
                tested = any(is_test_run(c) for c in since if c.index > acts[made].index)
                status = "changed and tested" if tested else "changed, not yet tested"
                if _ASKS_TEST.search(text) and not _edits_a_test(acts):
                    # "Please test that ..., and add a README section": the README is not it
                    status = "changed, the test not written"
                else:
                    # "Fix it, with a test, and update the example in docs/offset-units.md":
                    # the fix made, a file the point asks to change untouched: half done
                    # (the ask may be the user's: "Yes: fix it, with a test. And add an entry
                    # to CHANGELOG.md")
                    still = _untouched_ask(text, names, acted) or _untouched_ask(
                        answer, names | identifiers(answer), acted
                    )
                    named = _FILE_NAMED.search(still)
                    if named:
                        status = f"{status}, {named.group(0)} not yet changed"
                    else:
                        still = ""
            elif _ASKS_TEST.search(text) and _edits_a_test(acts):
                # "add a regression test ..., and a changelog entry in CHANGES.rst": a test
                # written since, a file the point names untouched: half done
                files = [n for n in sorted(names) if _FILE.search(n) and not is_test_path(n)]
                untouched = [f for f in files if not _found({f}, " ".join(acted))]
                still = next(
                    (c for c in _CLAUSE.split(text) if any(f in c for f in untouched)), ""
                ).strip(" .")
                if still:
                    status = f"the test written, {', '.join(untouched)} not yet changed"
        out.append(Point(number, parts[0], ask, status, answer, text, still))
    closing = []
    for sentence in _sentences(closing_text):
        sentence = _DO.sub("", sentence).strip()
        if len(sentence.split()) >= 3:
            closing.append(sentence)
    return Points(tuple(out), tuple(closing))


def _replies_by_number(lines: Sequence[str], numbers: set[int]) -> tuple[dict[int, str], str]:
    """The user's answers to the points by number after the list ("My take: 1 yes. 2 no:
    keep it."), each point's once; and the closing text without them. Answers on lines of
    their own ("2: we keep both. Reply that ...") are their whole lines."""
    replies: dict[int, str] = {}
    kept: list[str] = []
    for line in lines:
        m = _BY_NUMBER.match(_LABEL.sub("", line))
        number = int(m.group(1)) if m else 0
        if m and number in numbers and number not in replies:
            replies[number] = " ".join(m.group(2).split())
        else:
            kept.append(line)
    if len(replies) >= 2:
        return replies, " ".join(kept)
    replies, kept = {}, []
    for sentence in _sentences(" ".join(lines)):
        m = _BY_NUMBER.match(_LABEL.sub("", sentence))
        number = int(m.group(1)) if m else 0
        if m and number in numbers and number not in replies:
            replies[number] = m.group(2).strip()
        else:
            kept.append(sentence)
    if len(replies) < 2:  # one sentence that starts with a number may be anything ("3 fail")
        return {}, " ".join(lines)
    return replies, " ".join(kept)


def done_step(step: str, calls: Sequence[Call], after: int) -> bool:
    """An announced step ("Next I'll copy X into Y") that one call since `after` already
    carried out: every identifier it names (two at least) is in that call."""
    names = identifiers(step)
    if len(names) < 2:
        return False
    return any(_found(names, _said(c)) for c in calls if c.index > after)


def done_point_step(step: str, listed: Points) -> bool:
    """An announced step that does a point already changed and tested ("Next I'll move
    getNextValue() out of the channel loop" after the edit that moved it): a code name of the
    point's in the step."""
    named = identifiers(step)
    if any(
        p.status == "changed and tested" and bool(named & identifiers(p.text))
        for p in listed.points
    ):
        return True
    # one the user says is the case already ("Next I'll change _strip_bom so that it strips
    # the BOM from the first header name only" after "That's already the case: _strip_bom
    # only looks at header[0]"): a code name of it or its answer
    return any(
        p.status == "done already" and bool(named & identifiers(f"{p.text} {p.answer}"))
        for p in listed.points
    )


def declined_step(step: str, listed: Points) -> bool:
    """An announced step that does what the user turned down beside a point ("Next: change
    the exit code" after "exit code 3 collides -> Wrong, keep 3"): three of the point's
    words (or numbers) in the step."""
    # a path's folders are no words of the step ("src/pages/account/OrderHistory.tsx" says
    # nothing of "the account page")
    plain = " ".join(w for w in step.split() if "/" not in w)
    said = _stems(plain)
    if any(p.status == "done already" and _names_point(step, p.number) for p in listed.points):
        return True  # "Next, Dagny's 1: I'll raise stopwaitsecs ...", which the user says is done
    return any(
        p.answer
        and (p.status == "left as asked" or _declines(p.answer))
        # any sentence of it: "Move config reload to SIGUSR1?" -> "no: keep HUP, but ..."
        and (
            any(len(said & _stems(t)) >= 3 for t in _sentences(p.text or p.head))
            # or a code name of a point put off ("record PaymentTimeoutException as well" after
            # "3 is PAY-241"; not a file's path, which other work shares)
            or (
                p.status == "left as asked"
                and bool(
                    {n for n in identifiers(step) & identifiers(p.text) if not _FILE.search(n)}
                )
            )
            # or what the reply put off: "that's migration 2, next deploy"
            or len(said & _stems(p.answer)) >= 2
        )
        for p in listed.points
    )


def _names_point(step: str, number: int) -> bool:
    """The step names the point by its number: "point 1", "Dagny's 1", "(1)", "#1"."""
    return re.search(rf"(?:\bpoint |'s |\(|#){number}\b(?!\.\d)", step, re.I) is not None


def _stems(text: str) -> set[str]:
    """Its words, a plural as its singular: "a 20k-line file" is about "above 10000 lines"."""
    words = set(_WORD.findall(text.lower())) - _STOP
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words}
