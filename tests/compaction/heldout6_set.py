"""The sixth held-out set: its spans, the status words its answers use ("not measured", "not
added" among them), a careless handoff of each, a reader's handoff of the chat span, and the
Claude Code and Codex summaries that answer. The checks every set passes are in
`test_bench_heldout_sets.py`; no summariser runs on these spans."""

from __future__ import annotations

from .heldout_checks import STATUS, HeldoutSet, LowScores, Production

# Each trap sits apart from the lines that would complete it, as a careless handoff's lines do.
_STALE = {
    "heldout6-claude-flags": (
        "Decision: src/flags/assignmentStore.ts keeps each user's variant in Redis (HSET "
        "flag:new-checkout <userId> on|off), read before rolling.\n"
        "Files: src/flags/rollout.ts edited; src/flags/assignmentStore.ts added for the "
        "per-user variants.\n"
        "Error: AssertionError: expected 2848 to be 4711, update() was hashing it differently; "
        "fixed by passing 'utf8' to update().\n"
        "Next step: make isEnabled() fall back to the sf_anon cookie id for guests."
    ),
    "heldout6-codex-digest": (
        "Decision: fcntl.flock on /tmp/mailroom-digest.lock with LOCK_NB around the run; the "
        "replica that cannot take it skips.\n"
        "Files changed: mailroom/filelock.py added, mailroom/digest.py.\n"
        "Error: test_next_night_runs, assert 0 == 3: the unlock is rolled back by the pool; "
        "fixed by conn.commit() after the unlock.\n"
        "Next: add the digest_sends table and skip users sent today."
    ),
    "heldout6-chat-invoice": (
        "Error: TTFError: Can't open file design/brand/fonts/NotoSans-Regular.ttf; the relative "
        "path depends on the working directory, fixed by building the path from os.getcwd().\n"
        "Decision: transliterate names and addresses to ASCII before drawing: Unidecode turns "
        "'Łódź' into 'Lodz'.\n"
        "Files: app/invoices/render.py edited; app/invoices/translit.py added with "
        "ascii_text().\n"
        "Next step: copy NotoSans-Bold.ttf into app/invoices/fonts for the image."
    ),
}

# A reader's handoff of the chat span (which has no production summary), written from the
# span: the questions are answerable by a careful summary of about 380 words.
_READER_CHAT = """Task: PDF invoices for Polish and Czech customers print black boxes for some letters ('Łódź' as '■ód■', 'Dvořák' as 'Dvo■ák') in the customer's name and address; invoices are rendered in app/invoices/render.py with reportlab, and they are legal documents, so fix it properly.
Cause: reportlab's built-in Helvetica and Helvetica-Bold only cover WinAnsi, so Ł, ź, ř have no glyph.
Latest request, Kasia's review of the PR: do 1 (bold text in Noto Sans too) and 2 (ship OFL.txt, the SIL Open Font License, next to the fonts); for 3 change nothing: render the sample invoice, tell the user its size, and they will decide.
Decision: embed Noto Sans with TTFont (NotoSans and NotoSans-Bold), shipped inside the package in app/invoices/fonts and loaded via Path(__file__).parent. This rules out transliterating to ASCII with Unidecode (translit.py), and loading the fonts from design/brand/fonts, which is not in the image.
The user's correction: don't change customers' names on a legal invoice ('Lodz', 'Dvorak'); embed Noto Sans from design/brand/fonts with TTFont; remove translit.py and the Unidecode line.
Files changed: app/invoices/render.py (registers NotoSans and NotoSans-Bold; the heading and total use NotoSans-Bold, no Helvetica left). app/invoices/fonts/NotoSans-Regular.ttf and NotoSans-Bold.ttf copied in. tests/test_invoices.py: new test that 'Dvořák s.r.o.' and '90-001 Łódź' survive. app/invoices/translit.py was created and deleted; requirements.txt (Unidecode==1.3.8) reverted with git checkout.
Error: in the container, TTFError: Can't open file "design/brand/fonts/NotoSans-Regular.ttf". An absolute path from os.getcwd() did not fix it (same error for /srv/app/design/...); the cause: .dockerignore excludes design/, so the fonts were never in the image; fixed by copying them into app/invoices/fonts.
Review (Kasia) found: the heading and total still used Helvetica-Bold, so bold lines still box; the Open Font License needs OFL.txt shipped with the font; she thinks PDFs grow to 400 KB or more from about 30 KB.
Values: 131 tests passed in the container (14 in test_invoices.py) before the bold change; the image runs from /srv/app.
Roles: render.py draws the invoice PDF (render_invoice); design/brand/fonts holds the brand font sources, excluded by .dockerignore.
State: the bold face is copied in and registered but untested; OFL.txt is not added; the size is not measured.
Next step: add app/invoices/fonts/OFL.txt, then rebuild and run pytest in the container (docker compose run --rm web pytest).
Pending: OFL.txt, the test run for bold, and the sample invoice size to report to the user (no change for it)."""


HELDOUT6 = HeldoutSet(
    prefix="heldout6-",
    shapes={
        "heldout6-claude-flags": "claude-code",
        "heldout6-codex-digest": "codex",
        "heldout6-chat-invoice": "openai-chat",
    },
    status=STATUS | {"not pushed", "not verified", "not written", "not measured", "not added"},
    production={
        # Claude Code's full nine-section compaction, and Codex's short "Summary so far".
        "heldout6-claude-flags": Production(words=(250, 500)),
        "heldout6-codex-digest": Production(words=(100, 250), opens="Summary so far: "),
    },
    stale=_STALE,
    readers={"heldout6-chat-invoice": _READER_CHAT},
    low=LowScores(first_user=2.5, last_words=3, users=8),
)
