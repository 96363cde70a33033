"""Held out, sixth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools: PDF invoices print
black boxes for Polish and Czech letters because reportlab's built-in Helvetica has no such
glyphs; transliterating names to ASCII with Unidecode (app/invoices/translit.py) written, then
deleted at the user's word for an embedded Noto Sans; a TTFError in the container that an
absolute path from the working directory did not fix and moving the fonts into the package
(the image's .dockerignore drops design/) did; a colleague's review relayed with three findings
(bold text still boxes, the font licence, the file size), the last only to be measured; the
bold face done last, untested; the assistant's last words name a copy its last call made."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a coding assistant working in the ledgerline repository (Flask app in app/, PDF "
    "invoices rendered with reportlab in app/invoices/, tests in tests/, production image "
    "built from Dockerfile). You can read, write, edit and delete files and run shell "
    "commands."
)
s.user(
    "Invoices for our Polish and Czech customers come out with black boxes instead of some "
    "letters: 'Łódź' prints as '■ód■' and 'Dvořák' as 'Dvo■ák', in the customer's name and "
    "address. Invoices are rendered in app/invoices/render.py. These are legal documents we "
    "send to customers, so please fix it properly."
)
s.call(
    "read_file",
    "from reportlab.lib.pagesizes import A4\nfrom reportlab.pdfgen import canvas\n\n\n"
    "def render_invoice(invoice, out) -> None:\n    c = canvas.Canvas(out, pagesize=A4)\n"
    "    c.setFont('Helvetica-Bold', 16)\n    c.drawString(40, 800, f'Invoice {invoice.number}')\n"
    "    c.setFont('Helvetica', 10)\n"
    "    y = 770\n    for line in (invoice.customer.name, *invoice.customer.address_lines):\n"
    "        c.drawString(40, y, line)\n        y -= 14\n"
    "    draw_items(c, invoice.items, top=y - 20)\n"
    "    c.setFont('Helvetica-Bold', 11)\n"
    "    c.drawRightString(555, 120, f'Total: {invoice.total_display}')\n    c.save()\n",
    path="app/invoices/render.py",
)
s.say(
    "The boxes come from the fonts: 'Helvetica' and 'Helvetica-Bold' are reportlab's built-in "
    "Type 1 fonts, which only cover the WinAnsi character set. Ł, ź and ř are not in it, so "
    "reportlab draws a missing-glyph box. The quickest fix is to transliterate names and "
    "addresses to ASCII before drawing them: Unidecode turns 'Łódź' into 'Lodz' and 'Dvořák' "
    "into 'Dvorak'. I'll put that in a small app/invoices/translit.py and add Unidecode to "
    "requirements.txt."
)
s.call(
    "write_file",
    "Wrote app/invoices/translit.py",
    path="app/invoices/translit.py",
    content="from unidecode import unidecode\n\n\n"
    "def ascii_text(text: str) -> str:\n"
    '    """What Helvetica can draw: \'Łódź\' -> \'Lodz\'."""\n    return unidecode(text)\n',
)
s.call(
    "edit_file",
    "Edited app/invoices/render.py",
    path="app/invoices/render.py",
    old="        c.drawString(40, y, line)\n",
    new="        c.drawString(40, y, ascii_text(line))\n",
)
s.call(
    "edit_file",
    "Edited requirements.txt",
    path="requirements.txt",
    old="reportlab==4.2.5\n",
    new="reportlab==4.2.5\nUnidecode==1.3.8\n",
)
s.user(
    "No, we can't change customers' names on a legal invoice. 'Lodz' is not their address and "
    "a Czech customer called Dvořák will not accept 'Dvorak' on a tax document. Embed a font "
    "that has the letters. We already have Noto Sans in design/brand/fonts (NotoSans-Regular.ttf "
    "and NotoSans-Bold.ttf); register it with reportlab's TTFont. Remove translit.py and the "
    "Unidecode line, and put render.py back first."
)
s.call("delete_file", "Deleted app/invoices/translit.py", path="app/invoices/translit.py")
s.call(
    "run",
    "$ git checkout -- requirements.txt app/invoices/render.py && git status --short\n(no output)",
    command="git checkout -- requirements.txt app/invoices/render.py && git status --short",
)
s.call(
    "edit_file",
    "Edited app/invoices/render.py",
    path="app/invoices/render.py",
    old="from reportlab.pdfgen import canvas\n",
    new="from reportlab.pdfbase import pdfmetrics\nfrom reportlab.pdfbase.ttfonts import TTFont\n"
    "from reportlab.pdfgen import canvas\n\n"
    "# Noto Sans covers Polish and Czech; the built-in Helvetica does not\n"
    "pdfmetrics.registerFont(TTFont('NotoSans', 'design/brand/fonts/NotoSans-Regular.ttf'))\n",
)
s.call(
    "edit_file",
    "Edited app/invoices/render.py",
    path="app/invoices/render.py",
    old="    c.setFont('Helvetica', 10)\n",
    new="    c.setFont('NotoSans', 10)\n",
)
s.call(
    "edit_file",
    "Edited tests/test_invoices.py",
    path="tests/test_invoices.py",
    old="def test_total_is_right_aligned(sample_invoice):\n",
    new="def test_polish_and_czech_names_survive(sample_invoice, tmp_path):\n"
    "    sample_invoice.customer.name = 'Dvořák s.r.o.'\n"
    "    sample_invoice.customer.address_lines = ['ul. Piotrkowska 12', '90-001 Łódź']\n"
    "    pdf = tmp_path / 'inv.pdf'\n    render_invoice(sample_invoice, str(pdf))\n"
    "    text = PdfReader(pdf).pages[0].extract_text()\n"
    "    assert 'Dvořák s.r.o.' in text and '90-001 Łódź' in text\n\n\n"
    "def test_total_is_right_aligned(sample_invoice):\n",
)
s.call(
    "run",
    "$ pytest -q tests/test_invoices.py\n..............\n14 passed in 1.91s",
    command="pytest -q tests/test_invoices.py",
)
s.call(
    "run",
    "$ docker compose run --rm web pytest -q tests/test_invoices.py\n"
    "ImportError while loading conftest '/srv/app/tests/conftest.py'.\n"
    "tests/conftest.py:4: in <module>\n    from app.invoices.render import render_invoice\n"
    "app/invoices/render.py:8: in <module>\n"
    "    pdfmetrics.registerFont(TTFont('NotoSans', 'design/brand/fonts/NotoSans-Regular.ttf'))\n"
    "E   reportlab.pdfbase.ttfonts.TTFError: Can't open file "
    '"design/brand/fonts/NotoSans-Regular.ttf"',
    command="docker compose run --rm web pytest -q tests/test_invoices.py",
)
s.say(
    "It passes on my machine but not in the image. The font path is relative, so it depends "
    "on the working directory the process starts in; the image runs from /srv/app. I'll build "
    "the path from os.getcwd() so it is absolute."
)
s.call(
    "edit_file",
    "Edited app/invoices/render.py",
    path="app/invoices/render.py",
    old="pdfmetrics.registerFont(TTFont('NotoSans', 'design/brand/fonts/NotoSans-Regular.ttf'))\n",
    new="FONTS = os.path.join(os.getcwd(), 'design', 'brand', 'fonts')\n"
    "pdfmetrics.registerFont(TTFont('NotoSans', os.path.join(FONTS, 'NotoSans-Regular.ttf')))\n",
)
s.call(
    "run",
    "$ docker compose run --rm web pytest -q tests/test_invoices.py\n"
    "app/invoices/render.py:9: in <module>\n"
    "    pdfmetrics.registerFont(TTFont('NotoSans', os.path.join(FONTS, 'NotoSans-Regular.ttf')))\n"
    "E   reportlab.pdfbase.ttfonts.TTFError: Can't open file "
    '"/srv/app/design/brand/fonts/NotoSans-Regular.ttf"',
    command="docker compose run --rm web pytest -q tests/test_invoices.py",
)
s.call(
    "run",
    "$ docker compose run --rm web ls design/brand/fonts; grep -n design .dockerignore\n"
    "ls: cannot access 'design/brand/fonts': No such file or directory\n"
    "3:design/",
    command="docker compose run --rm web ls design/brand/fonts; grep -n design .dockerignore",
)
s.say(
    "The path was never the problem: the directory is not in the image at all. .dockerignore "
    "excludes design/ (the brand sources are large), so the fonts never get copied in. The "
    "fonts belong with the code that needs them: I'll copy the two TTFs into "
    "app/invoices/fonts/, which the image includes, and load them relative to render.py's own "
    "file, independent of the working directory."
)
s.call(
    "run",
    "$ mkdir -p app/invoices/fonts && cp design/brand/fonts/NotoSans-Regular.ttf "
    "app/invoices/fonts/ && git add app/invoices/fonts\n(no output)",
    command="mkdir -p app/invoices/fonts && cp design/brand/fonts/NotoSans-Regular.ttf "
    "app/invoices/fonts/ && git add app/invoices/fonts",
)
s.call(
    "edit_file",
    "Edited app/invoices/render.py",
    path="app/invoices/render.py",
    old="FONTS = os.path.join(os.getcwd(), 'design', 'brand', 'fonts')\n"
    "pdfmetrics.registerFont(TTFont('NotoSans', os.path.join(FONTS, 'NotoSans-Regular.ttf')))\n",
    new="# shipped inside the package: .dockerignore keeps design/ out of the image\n"
    "FONTS = Path(__file__).parent / 'fonts'\n"
    "pdfmetrics.registerFont(TTFont('NotoSans', str(FONTS / 'NotoSans-Regular.ttf')))\n",
)
s.call(
    "run",
    "$ docker compose build web && docker compose run --rm web pytest -q\n...\n"
    "131 passed in 12.40s",
    command="docker compose build web && docker compose run --rm web pytest -q",
)
s.say(
    "Fixed: render.py registers Noto Sans from app/invoices/fonts/ (next to render.py, so it is "
    "in the image) and draws the customer's name and address with it. 'Dvořák s.r.o.' and "
    "'90-001 Łódź' come out of the PDF intact, and all 131 tests pass in the container."
)
s.user(
    "Kasia looked at the PR:\n"
    "1. The heading and the total still use Helvetica-Bold, so a customer name in a bold line, "
    "and the 'Faktura' heading on Polish invoices, still get boxes. Bold needs Noto Sans too.\n"
    "2. Noto Sans is under the SIL Open Font License; if we ship the font file we have to ship "
    "the licence with it: add OFL.txt next to the fonts.\n"
    "3. She thinks embedding the font makes every invoice PDF huge, 400 KB or more instead of "
    "about 30 KB, and we e-mail thousands a day.\n"
    "Do 1 and 2. For 3, don't change anything: reportlab should only embed the glyphs it "
    "uses. Render the sample invoice, tell me its size, and we'll decide."
)
s.call(
    "run",
    "$ cp design/brand/fonts/NotoSans-Bold.ttf app/invoices/fonts/ && git add "
    "app/invoices/fonts\n(no output)",
    command="cp design/brand/fonts/NotoSans-Bold.ttf app/invoices/fonts/ && git add "
    "app/invoices/fonts",
)
s.call(
    "edit_file",
    "Edited app/invoices/render.py",
    path="app/invoices/render.py",
    old="pdfmetrics.registerFont(TTFont('NotoSans', str(FONTS / 'NotoSans-Regular.ttf')))\n",
    new="pdfmetrics.registerFont(TTFont('NotoSans', str(FONTS / 'NotoSans-Regular.ttf')))\n"
    "pdfmetrics.registerFont(TTFont('NotoSans-Bold', str(FONTS / 'NotoSans-Bold.ttf')))\n",
)
s.call(
    "run",
    "$ sed -i \"s/'Helvetica-Bold'/'NotoSans-Bold'/\" app/invoices/render.py && grep -n "
    "setFont app/invoices/render.py\n"
    "14:    c.setFont('NotoSans-Bold', 16)\n16:    c.setFont('NotoSans', 10)\n"
    "23:    c.setFont('NotoSans-Bold', 11)",
    command="sed -i \"s/'Helvetica-Bold'/'NotoSans-Bold'/\" app/invoices/render.py && "
    "grep -n setFont app/invoices/render.py",
)
s.say(
    "The heading and the total now use NotoSans-Bold; no Helvetica is left in render.py. "
    "Next I'll copy NotoSans-Bold.ttf into app/invoices/fonts so the image has the bold face."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Polish and Czech invoices print black boxes for some letters ('Łódź' as '■ód■', "
             "'Dvořák' as 'Dvo■ák') in the customer's name and address; fix the PDF rendering "
             "in app/invoices/render.py properly, they are legal documents.",
             must=(("box", "■"), ("invoice", "render.py")),
             partial_means="The invoices without the missing letters, or the reverse.",
             wrong="Changing customers' names; a bug in the e-mail."),
    Question("latest_request", "What did the user last ask?",
             "Kasia's review: do 1 (bold text in Noto Sans too) and 2 (ship OFL.txt next to the "
             "fonts); for 3 change nothing, render the sample invoice and report its size.",
             must=(("bold",), ("ofl", "licen"), ("size",)),
             partial_means="One or two of the three.",
             wrong="Transliterating names; subsetting the font by hand.",
             stale_means="The embed-a-font correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Add the licence, app/invoices/fonts/OFL.txt (Kasia's point 2), then rebuild and "
             "run the tests in the container (docker compose run --rm web pytest) to check the "
             "bold face, then render the sample invoice and tell the user its size.",
             must=(("ofl", "licen"), ("test", "pytest", "docker")),
             stale=("copy notosans-bold.ttf", "transliterate names"),
             partial_means="Says to run the tests or measure the size, leaving the licence out; "
                           "or the licence without a test run.",
             wrong="Shrinking the PDF now; Unidecode.",
             stale_means="Says to copy NotoSans-Bold.ttf into app/invoices/fonts: the last cp "
                         "did."),
    Question("files_edited", "Which files were changed, and why?",
             "app/invoices/render.py (registers NotoSans and NotoSans-Bold from "
             "app/invoices/fonts via Path(__file__).parent; no Helvetica left); "
             "app/invoices/fonts/NotoSans-Regular.ttf and NotoSans-Bold.ttf (copied in from "
             "design/brand/fonts, which .dockerignore keeps out of the image); "
             "tests/test_invoices.py (new test: Polish and Czech names survive). "
             "app/invoices/translit.py was created and deleted; requirements.txt (Unidecode) "
             "reverted.",
             must=(("render.py",), ("app/invoices/fonts", "notosans-regular.ttf"),
                   ("test_invoices.py",)),
             stale=("translit.py", "unidecode==1.3.8"), spread=True,
             partial_means="One or two of the three.",
             wrong=".dockerignore or the Dockerfile given as changed.",
             stale_means="translit.py or the Unidecode requirement listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Embed Noto Sans (TTFont, regular and bold) shipped inside the package in "
             "app/invoices/fonts, loaded relative to render.py; rules out transliterating names "
             "to ASCII with Unidecode (translit.py: a legal invoice must carry the real names) "
             "and loading the fonts from design/brand/fonts (not in the image).",
             must=(("noto sans", "ttfont", "embed"), ("unidecode", "translit", "ascii")),
             stale=("transliterate names and addresses to ascii", "unidecode turns"),
             partial_means="The embedded font without what it rules out.",
             wrong="Transliteration given as the design.",
             stale_means="Transliterating to ASCII with Unidecode given as the fix."),
    Question("review", "What did the review find?",
             "Kasia: (1) the heading and total still use Helvetica-Bold, so bold lines still "
             "box; (2) the SIL Open Font License needs OFL.txt shipped with the font; (3) she "
             "thinks the PDFs grow to 400 KB or more from about 30 KB (only to be measured).",
             must=(("helvetica-bold", "bold"), ("ofl", "open font licen"),
                   ("400 kb", "huge", "size")),
             partial_means="One or two of the three findings.",
             wrong="The TTFError in the container (the agent hit that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "Do not change customers' names on a legal invoice ('Lodz', 'Dvorak'): embed a "
             "font that has the letters, Noto Sans from design/brand/fonts with TTFont; remove "
             "translit.py and the Unidecode line, put render.py back.",
             must=(("noto sans", "ttfont", "embed"), ("name", "unidecode", "translit", "lodz")),
             partial_means="Embed a font without why the transliteration is wrong, or the "
                           "reverse.",
             wrong="Kasia's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "In the container: reportlab.pdfbase.ttfonts.TTFError: Can't open file "
             "\"design/brand/fonts/NotoSans-Regular.ttf\"; building the path from os.getcwd() "
             "did not fix it (the same error for /srv/app/design/...); .dockerignore excludes "
             "design/, so the fonts were never in the image; copying them into "
             "app/invoices/fonts and loading them via Path(__file__).parent fixed it.",
             must=(("ttferror", "can t open file"),
                   ("dockerignore", "app/invoices/fonts", "never in the image",
                    "not in the image")),
             stale=("fixed by building the path", "depends on the working directory"),
             partial_means="The TTFError without its cause or fix.",
             wrong="The black boxes given as the error the copy fixed.",
             stale_means="The error put down to the working directory or 'fixed' by the "
                         "os.getcwd() path."),
    Question("key_values", "Which key values matter?",
             "131 tests pass in the container (14 invoice tests); the image runs from /srv/app; "
             "Unidecode==1.3.8 (rejected); 'Dvořák s.r.o.' and '90-001 Łódź' in the test; "
             "about 30 KB vs 400 KB claimed.",
             must=(("131", "14 passed"), ("/srv/app", "30 kb", "400 kb", "90-001")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/invoices/render.py draws the invoice PDF (render_invoice) with reportlab; "
             "design/brand/fonts holds the brand's font sources, excluded from the image by "
             ".dockerignore; tests/test_invoices.py checks the rendered text.",
             must=(("render.py",), ("render_invoice", "pdf", "draws")),
             partial_means="The files named without what they do.",
             wrong="translit.py described as a current file."),
    Question("pending", "What work is still pending?",
             "Add app/invoices/fonts/OFL.txt; rebuild and run the tests in the container for "
             "the bold face; render the sample invoice and report its size to the user (no "
             "change for it).",
             must=(("ofl", "licen"), ("size", "sample invoice"), ("test", "untested")),
             partial_means="One or two of the three.",
             wrong="Shrinking the PDF; transliteration."),
    Question("state", "What is the state of the work?",
             "Noto Sans regular is embedded from app/invoices/fonts and tested (131 pass in the "
             "container); the bold face is copied in and registered, the heading and total use "
             "it, but it is untested; OFL.txt is not added; the size is not measured.",
             must=(("bold",), ("untested", "not tested", "not yet", "uncommitted",
                               "not committed", "not run", "not measured", "not added")),
             partial_means="The embedded font without saying the bold change is untested.",
             wrong="Says invoices still print boxes for the customer's name.",
             stale_means="Says all 131 tests pass after the bold change (they were not run)."),
)  # fmt: skip

PRODUCTION = None
