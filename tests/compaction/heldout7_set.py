"""The seventh held-out set: its spans, the status words its answers use ("not pushed", "not
written" among them), a careless handoff of each, a reader's handoff of the SWE-agent span, and
the Claude Code and Codex summaries that answer. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout7-claude-usernames": (
        "Decision: a listener in app/accounts/normalize.py runs every string column "
        "(username, display_name, bio) through NFKC and casefold().\n"
        "Files: app/accounts/service.py edited; scripts/find_dup_usernames.py added to list "
        "the duplicate accounts.\n"
        'Error: ProgrammingError on column "nfkc" when creating the tables, because '
        "normalize() wants the form as a string literal; fixed by quoting it as 'NFKC'.\n"
        "Next step: delete scripts/find_dup_usernames.py, then push."
    ),
    "heldout7-codex-charges": (
        "Decision: claim the key in Redis before capturing (SET idem:<key> NX EX 86400); a "
        "claimed key gets 409 Conflict.\n"
        "Files changed: tillpoint/idempotency.py added, tillpoint/api/charges.py.\n"
        "Error: test_concurrent_retry, assert 2 == 1; both requests miss the lookup, fixed "
        "by SELECT ... FOR UPDATE on the key.\n"
        "Next: scope the idempotency key per merchant with a (merchant_id, key) primary "
        "key."
    ),
    "heldout7-swe-widths": (
        "Decision: display width goes behind an opt-in wide_chars=False option on "
        "tabulate(), so existing output is unchanged.\n"
        "Files: tabulyte/_width.py added; tabulyte/__init__.py gets the wide_chars "
        "option.\n"
        "Error: AssertionError: 4 for display_width of Zoe with U+0301; fixed by "
        "normalizing each cell to NFC before measuring.\n"
        "Next step: remove the wide_chars option from tabulate()."
    ),
}

# A reader's handoff of the SWE-agent span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 330 words.
_READER_SWE = """Task: resolve tabulyte__tabulyte-212: tables misalign with CJK and accented text because column widths use len(): East Asian wide characters (東京) take two columns and a combining accent ("Zoe\\u0301") none; minimal changes to non-test files.
Latest request, the maintainer @hollis's review on the issue: no wide_chars option (always measure display width), combining marks zero width whether or not a precomposed form exists, truncation in tabulyte/trunc.py must cut by display width and never split a wide character; emoji ZWJ sequences and flags out of scope; don't change the printed bytes.
Decision: always measure with display_width() in tabulyte/_width.py: east_asian_width 'W' and 'F' count 2, combining marks (unicodedata.combining) count 0, per code point; the printed cell is unchanged. This rules out the opt-in wide_chars=False option and measuring the NFC form.
The maintainer's correction: no option, misaligned output is a bug, so tabulate() must always measure display width; keep the bytes as given.
Files changed: tabulyte/_width.py (new, display_width() and _columns()); tabulyte/core.py (_render() widths and _pad() use display_width(), no option). tabulyte/__init__.py got the wide_chars option and was reverted with git checkout. reproduce.py is a scratch script, still there.
Error: reproduce.py's AssertionError: 4 for display_width("Zoe\\u0301") == 3. Measuring the NFC form did not fix it: q + U+0307 has no precomposed form (AssertionError: 2). Fixed by counting combining marks as zero width with unicodedata.combining().
Review (@hollis) found: the wide_chars option is wrong; combining marks must be zero width; trunc.py's truncation cuts by len(), too wide for CJK; emoji sequences out of scope. The first two are done, truncation is not.
Values: 71 tests pass; truncate("東京都庁舎", 5) gives eight columns plus the ellipsis.
Roles: tabulyte/core.py renders the table (_render(), _pad()); tabulyte/_width.py holds display_width(); tabulyte/trunc.py holds truncate() for maxcolwidths; tabulyte/__init__.py the public tabulate().
State: widths are right and 71 tests pass; truncation still uses len(); not submitted.
Next step: fix truncate() in tabulyte/trunc.py to cut by display width, run python -m pytest tests, delete reproduce.py and submit (the wide_chars option is already removed).
Pending: the trunc.py fix, deleting reproduce.py, and submit."""


HELDOUT7 = HeldoutSet(
    prefix="heldout7-",
    shapes={
        "heldout7-claude-usernames": "claude-code",
        "heldout7-codex-charges": "codex",
        "heldout7-swe-widths": "swe-agent",
    },
    status=STATUS | {"not pushed", "not verified", "not written", "not submitted"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout7-claude-usernames": Production(words=(250, 500)),
        "heldout7-codex-charges": Production(words=(100, 250), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout7-swe-widths": _READER_SWE},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
