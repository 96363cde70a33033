"""Held out, third set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code: sideways iPhone thumbnails; a
hand-rolled EXIF orientation table written, then replaced by ImageOps.exif_transpose at the
user's word; a scratch script created then deleted; an AttributeError that a cache-clearing
re-run did not fix and dropping in_place=True did; a review subagent finds the EXIF copied from
before the transpose (double rotation, GPS leak); the EXIF-free save written last, untested; the
production compaction is a terse one, as Claude Code sometimes writes."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are Claude Code, Anthropic's CLI for Claude. Working directory: /srv/imgsvc")
s.user(
    "Thumbnails of portrait photos taken on iPhones come out sideways in the weekly digest "
    "emails and in the admin moderation grid. The originals look fine. Thumbnails are made by "
    "make_thumbnail() in imgsvc/thumbs.py. Please fix it."
)
s.call(
    "Read",
    "     1→from pathlib import Path\n     2→\n     3→from PIL import Image\n     4→\n"
    "     5→THUMB_BOX = 320\n     6→JPEG_QUALITY = 82\n     7→\n     8→\n"
    "     9→def make_thumbnail(src: Path, dst: Path, size: int = THUMB_BOX) -> None:\n"
    "    10→    with Image.open(src) as img:\n"
    '    11→        exif = img.info.get("exif", b"")  # photographer credit, PHOTO-88\n'
    "    12→        img.thumbnail((size, size))\n"
    '    13→        img.save(dst, "JPEG", quality=JPEG_QUALITY, exif=exif)\n',
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
)
s.say(
    "make_thumbnail() never looks at the EXIF Orientation tag. iPhones store portrait shots as "
    "landscape pixels plus Orientation=6 (rotate 90° clockwise), so the thumbnail keeps the "
    "landscape pixels and any viewer that ignores the tag (Outlook, a canvas drawImage) shows "
    "it sideways. Let me check the orientations of the test fixtures first."
)
s.call(
    "Write",
    "File created successfully at: /srv/imgsvc/scripts/check_orientation.py",
    file_path="/srv/imgsvc/scripts/check_orientation.py",
    content="import sys\nfrom PIL import Image\n\nfor path in sys.argv[1:]:\n"
    "    with Image.open(path) as img:\n"
    "        print(path, img.size, 'Orientation=%s' % img.getexif().get(0x0112))\n",
)
s.call(
    "Bash",
    "tests/fixtures/iphone_portrait.jpg (4032, 3024) Orientation=6\n"
    "tests/fixtures/iphone_landscape.jpg (4032, 3024) Orientation=1\n"
    "tests/fixtures/pixel_portrait.jpg (3024, 4032) Orientation=None\n"
    "tests/fixtures/scan_mirrored.jpg (2480, 3508) Orientation=5",
    command="python scripts/check_orientation.py tests/fixtures/*.jpg",
    description="Print the EXIF orientation of each fixture",
)
s.say(
    "iphone_portrait.jpg is 4032x3024 with Orientation=6, as expected. Plan: a table "
    "_ORIENTATION_OPS mapping each Orientation value 2-8 to the Image.Transpose operations that "
    "undo it, applied in make_thumbnail() before thumbnail() so the 320 px box fits the rotated "
    "image."
)
s.call(
    "Edit",
    "The file /srv/imgsvc/imgsvc/thumbs.py has been updated.",
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
    old_string="JPEG_QUALITY = 82\n",
    new_string="JPEG_QUALITY = 82\n_ORIENTATION_OPS = {\n"
    "    2: [Image.Transpose.FLIP_LEFT_RIGHT],\n    3: [Image.Transpose.ROTATE_180],\n"
    "    4: [Image.Transpose.FLIP_TOP_BOTTOM],\n"
    "    5: [Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.ROTATE_90],\n"
    "    6: [Image.Transpose.ROTATE_270],\n"
    "    7: [Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.ROTATE_270],\n"
    "    8: [Image.Transpose.ROTATE_90],\n}\n",
)
s.user(
    "Don't hand-roll that table. Pillow has ImageOps.exif_transpose for exactly this (we're on "
    "Pillow 10.3.0), and it gets the mirrored orientations 2, 4, 5 and 7 right, which is where "
    "hand-written tables go wrong. Also: this PR must not regenerate the 4.2 million existing "
    "thumbnails; the backfill is ticket IMG-318."
)
s.call(
    "Edit",
    "The file /srv/imgsvc/imgsvc/thumbs.py has been updated.",
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
    old_string="from PIL import Image\n",
    new_string="from PIL import Image, ImageOps\n",
)
s.call(
    "Edit",
    "The file /srv/imgsvc/imgsvc/thumbs.py has been updated.",
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
    old_string='        exif = img.info.get("exif", b"")  # photographer credit, PHOTO-88\n'
    "        img.thumbnail((size, size))\n",
    new_string='        exif = img.info.get("exif", b"")  # photographer credit, PHOTO-88\n'
    "        img = ImageOps.exif_transpose(img, in_place=True)\n"
    "        img.thumbnail((size, size))\n",
)
s.call(
    "Edit",
    "The file /srv/imgsvc/imgsvc/thumbs.py has been updated.",
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
    old_string="_ORIENTATION_OPS = {\n"
    "    2: [Image.Transpose.FLIP_LEFT_RIGHT],\n    3: [Image.Transpose.ROTATE_180],\n"
    "    4: [Image.Transpose.FLIP_TOP_BOTTOM],\n"
    "    5: [Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.ROTATE_90],\n"
    "    6: [Image.Transpose.ROTATE_270],\n"
    "    7: [Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.ROTATE_270],\n"
    "    8: [Image.Transpose.ROTATE_90],\n}\n",
    new_string="",
)
s.say(
    "Removed the _ORIENTATION_OPS table; make_thumbnail() now calls ImageOps.exif_transpose "
    "before thumbnail(). Adding a test on the fixtures."
)
s.call(
    "Write",
    "File created successfully at: /srv/imgsvc/tests/test_thumbs.py",
    file_path="/srv/imgsvc/tests/test_thumbs.py",
    content="from PIL import Image\n\nfrom imgsvc.thumbs import make_thumbnail\n\n\n"
    "def test_iphone_portrait_thumbnail_is_upright(tmp_path, fixtures):\n"
    "    out = tmp_path / 't.jpg'\n    make_thumbnail(fixtures / 'iphone_portrait.jpg', out)\n"
    "    assert Image.open(out).size == (240, 320)\n\n\n"
    "def test_landscape_unchanged(tmp_path, fixtures):\n"
    "    out = tmp_path / 't.jpg'\n    make_thumbnail(fixtures / 'iphone_landscape.jpg', out)\n"
    "    assert Image.open(out).size == (320, 240)\n\n\n"
    "def test_mirrored_scan(tmp_path, fixtures):\n"
    "    out = tmp_path / 't.jpg'\n    make_thumbnail(fixtures / 'scan_mirrored.jpg', out)\n"
    "    assert Image.open(out).size == (320, 226)\n",
)
s.call(
    "Bash",
    "FAILED tests/test_thumbs.py::test_iphone_portrait_thumbnail_is_upright - AttributeError: "
    "'NoneType' object has no attribute 'thumbnail'\n"
    "FAILED tests/test_thumbs.py::test_landscape_unchanged - AttributeError: 'NoneType' object "
    "has no attribute 'thumbnail'\n"
    "FAILED tests/test_thumbs.py::test_mirrored_scan - AttributeError: 'NoneType' object has no "
    "attribute 'thumbnail'\n    imgsvc/thumbs.py:14: AttributeError\n3 failed in 0.62s",
    command="python -m pytest tests/test_thumbs.py -q",
    description="Run the thumbnail tests",
)
s.say(
    "That may be a stale __pycache__ from the table version of thumbs.py. Clearing it and "
    "running again."
)
s.call(
    "Bash",
    "FAILED tests/test_thumbs.py::test_iphone_portrait_thumbnail_is_upright - AttributeError: "
    "'NoneType' object has no attribute 'thumbnail'\n"
    "FAILED tests/test_thumbs.py::test_landscape_unchanged - AttributeError: 'NoneType' object "
    "has no attribute 'thumbnail'\n"
    "FAILED tests/test_thumbs.py::test_mirrored_scan - AttributeError: 'NoneType' object has no "
    "attribute 'thumbnail'\n    imgsvc/thumbs.py:14: AttributeError\n3 failed in 0.58s",
    command="find . -name __pycache__ -prune -exec rm -rf {} + && python -m pytest "
    "tests/test_thumbs.py -q",
    description="Clear bytecode caches and re-run the thumbnail tests",
)
s.say(
    "Same failure, so not a cache. The cause is mine: with in_place=True, "
    "ImageOps.exif_transpose rotates the image in place and returns None, and I assigned that "
    "None to img. Dropping in_place=True: the call then returns the transposed copy."
)
s.call(
    "Edit",
    "The file /srv/imgsvc/imgsvc/thumbs.py has been updated.",
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
    old_string="        img = ImageOps.exif_transpose(img, in_place=True)\n",
    new_string="        img = ImageOps.exif_transpose(img)\n",
)
s.call(
    "Bash",
    "...\n3 passed in 0.71s",
    command="python -m pytest tests/test_thumbs.py -q",
    description="Run the thumbnail tests",
)
s.call(
    "Bash",
    "........................................................................................\n"
    "87 passed in 6.04s",
    command="python -m pytest -q",
    description="Run the whole test suite",
)
s.call(
    "Bash",
    "",
    command="rm scripts/check_orientation.py",
    description="Remove the scratch orientation script",
)
s.say(
    "All 87 tests pass, including the 3 new ones in tests/test_thumbs.py (the iPhone portrait "
    "thumbnail is now 240x320). I removed scripts/check_orientation.py. Asking a reviewer to "
    "look at the change before it's committed."
)
s.call(
    "Task",
    "Review of imgsvc/thumbs.py:\n1. `exif` is read from the original on line 11, before the "
    "transpose, and passed to save(). The thumbnail's pixels are now upright but its EXIF still "
    "says Orientation=6, so every viewer that honours the tag (Safari, Chrome, the web gallery) "
    "rotates it a second time: the web gallery, which was correct before, will now show "
    "portraits sideways. The tests only check pixel size, so they pass.\n2. The same EXIF block "
    "carries GPSInfo (tag 0x8825). Thumbnails are served publicly from the CDN, so every "
    "thumbnail leaks where the photo was taken.\nSuggest not writing the source EXIF on "
    "thumbnails at all.",
    description="Review the thumbnail orientation fix",
    prompt="Review imgsvc/thumbs.py: does the thumbnail come out upright everywhere, and does "
    "anything else change for the files we serve?",
    subagent_type="code-reviewer",
)
s.user(
    "Both real. Drop EXIF from thumbnails entirely: the PHOTO-88 credit is shown from the "
    "database now, not from EXIF. But keep the ICC profile (icc_profile), or Display P3 photos "
    "shift colour. And add a test that a thumbnail has no Orientation and no GPSInfo tag."
)
s.call(
    "Edit",
    "The file /srv/imgsvc/imgsvc/thumbs.py has been updated.",
    file_path="/srv/imgsvc/imgsvc/thumbs.py",
    old_string='        exif = img.info.get("exif", b"")  # photographer credit, PHOTO-88\n'
    "        img = ImageOps.exif_transpose(img)\n        img.thumbnail((size, size))\n"
    '        img.save(dst, "JPEG", quality=JPEG_QUALITY, exif=exif)\n',
    new_string='        icc = img.info.get("icc_profile")\n'
    "        img = ImageOps.exif_transpose(img)\n        img.thumbnail((size, size))\n"
    "        # no EXIF on public thumbnails: GPSInfo, and an Orientation the pixels already have\n"
    '        img.save(dst, "JPEG", quality=JPEG_QUALITY, icc_profile=icc)\n',
)
s.say(
    "save() no longer writes any EXIF and keeps the icc_profile. Let me look at "
    "tests/test_thumbs.py to see how the fixtures are loaded, so the EXIF test can reuse them:"
)
s.call(
    "Read",
    "     1→from PIL import Image\n     2→\n     3→from imgsvc.thumbs import make_thumbnail\n"
    "     4→\n     5→\n"
    "     6→def test_iphone_portrait_thumbnail_is_upright(tmp_path, fixtures):\n"
    "     7→    out = tmp_path / 't.jpg'\n",
    file_path="/srv/imgsvc/tests/test_thumbs.py",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Fix make_thumbnail() in imgsvc/thumbs.py so thumbnails of iPhone portrait photos "
             "are not sideways (digest emails, admin moderation grid).",
             must=(("thumbnail",), ("sideways", "orientation", "upright", "exif")),
             partial_means="Names the thumbnails without the orientation problem, or the reverse.",
             wrong="Regenerating the existing thumbnails; an image upload feature."),
    Question("latest_request", "What did the user last ask?",
             "Drop EXIF from thumbnails entirely (the PHOTO-88 credit comes from the database), "
             "keep the ICC profile, and add a test that a thumbnail has no Orientation and no "
             "GPSInfo tag.",
             must=(("exif",), ("icc", "gpsinfo")),
             partial_means="Dropping EXIF without the ICC profile or the test.",
             wrong="Using ImageOps.exif_transpose (an earlier correction).",
             stale_means="The first request (fix the sideways thumbnails) given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Write the test in tests/test_thumbs.py that a thumbnail has no Orientation (0x0112) "
             "and no GPSInfo (0x8825) tag and keeps its ICC profile, then run pytest.",
             must=(("gpsinfo", "0x8825", "no exif", "no orientation", "exif test"),
                   ("test_thumbs.py",)),
             stale=("look at tests/test_thumbs.py", "drop exif from thumbnails"),
             partial_means="Says to add a test without saying what it checks.",
             wrong="Regenerating the old thumbnails (IMG-318); rewriting the orientation table.",
             stale_means="Says to read tests/test_thumbs.py or to drop EXIF from save(): both "
                         "done."),
    Question("files_edited", "Which files were changed, and why?",
             "imgsvc/thumbs.py (exif_transpose before thumbnail(); save() without EXIF, with "
             "icc_profile); tests/test_thumbs.py (new: three orientation tests on the fixtures). "
             "scripts/check_orientation.py was created and deleted.",
             must=(("imgsvc/thumbs.py",), ("test_thumbs.py",)),
             stale=("check_orientation.py",), spread=True,
             partial_means="One of the two files.",
             wrong="Files the span never touched (the fixtures, a migration).",
             stale_means="scripts/check_orientation.py listed as a file that exists or was "
                         "added."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Use ImageOps.exif_transpose before thumbnail() and write no EXIF on thumbnails; "
             "rules out the hand-rolled _ORIENTATION_OPS table (mirrored orientations) and "
             "copying the source EXIF.",
             must=(("exif_transpose",), ("_orientation_ops", "table", "hand-roll",
                                         "hand-written")),
             stale=("_orientation_ops mapping",),
             partial_means="exif_transpose without the rejected table, or the reverse.",
             wrong="Keeping the source EXIF for the credit.",
             stale_means="The _ORIENTATION_OPS table given as the fix."),
    Question("review", "What did the review find?",
             "The EXIF saved on the thumbnail is read before the transpose, so it still says "
             "Orientation=6 and EXIF-honouring viewers (Safari, Chrome, the web gallery) rotate "
             "it twice; and it carries GPSInfo (0x8825), leaking location from public "
             "thumbnails.",
             must=(("orientation=6", "twice", "second time", "double"),
                   ("gps", "location")),
             partial_means="One of the two findings.",
             wrong="Mirrored orientations (that was the user's point)."),
    Question("corrections", "How did the user correct the agent?",
             "Don't hand-roll the orientation table: use ImageOps.exif_transpose (Pillow "
             "10.3.0); and don't regenerate the 4.2 million existing thumbnails (IMG-318).",
             must=(("exif_transpose",), ("table", "hand-roll", "_orientation_ops")),
             partial_means="The backfill ban without the exif_transpose correction.",
             wrong="The review's findings given as the user's correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "AttributeError: 'NoneType' object has no attribute 'thumbnail': "
             "exif_transpose(img, in_place=True) returns None; fixed by dropping in_place=True "
             "(use the returned copy). Clearing __pycache__ and re-running did not fix it.",
             must=(("nonetype", "attributeerror"), ("in_place",)),
             stale=("fixed by clearing", "stale __pycache__", "fixed by re-running",
                    "fixed by running pytest"),
             partial_means="The AttributeError without its cause or fix.",
             wrong="Mirrored orientations; a syntax error.",
             stale_means="The error put down to a stale __pycache__ or 'fixed' by the re-run."),
    Question("key_values", "Which key values matter?",
             "Orientation=6 on iphone_portrait.jpg (4032x3024); Pillow 10.3.0; 320 px box "
             "(THUMB_BOX), JPEG quality 82; portrait thumbnail 240x320; 87 tests pass; 4.2 "
             "million existing thumbnails, backfill ticket IMG-318; GPSInfo tag 0x8825.",
             must=(("img-318", "4.2 million", "10.3.0"), ("240", "87", "0x8825", "orientation=6")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values from another span, or a wrong thumbnail size."),
    Question("file_roles", "What is each file for?",
             "imgsvc/thumbs.py makes the thumbnails (make_thumbnail); tests/test_thumbs.py tests "
             "their orientation on the fixtures in tests/fixtures.",
             must=(("make_thumbnail", "makes the thumbnail"), ("test_thumbs.py",)),
             spread=True,
             partial_means="The file named without what it does.",
             wrong="thumbs.py described as the upload handler."),
    Question("pending", "What work is still pending?",
             "The no-EXIF test (no Orientation, no GPSInfo, ICC kept), running the suite on the "
             "EXIF-free save, committing; the IMG-318 backfill stays out of this PR.",
             must=(("gpsinfo", "0x8825", "no exif", "no orientation", "exif test", "exif-free"),
                   ("test_thumbs.py", "pytest", "commit")),
             partial_means="Says tests are pending without what they check.",
             wrong="Regenerating the 4.2 million thumbnails in this PR."),
    Question("state", "What is the state of the work?",
             "exif_transpose fix verified (87 tests pass, portrait thumbnail 240x320); save() "
             "now writes no EXIF and keeps icc_profile, but that change is untested, has no test "
             "yet, and nothing is committed.",
             must=(("exif", "icc"), ("untested", "not tested", "not yet", "uncommitted",
                                     "not committed", "not run")),
             partial_means="The verified fix without saying the last change is untested.",
             wrong="Says the orientation is still broken.",
             stale_means="Says the EXIF change is tested or the work is committed."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Fixing sideways iPhone thumbnails in imgsvc/thumbs.py: make_thumbnail() now calls ImageOps.exif_transpose; the user rejected the hand-rolled orientation table. 87 tests pass. Review found the saved EXIF still says Orientation=6 and carries GPS. Latest: drop EXIF, keep icc_profile (done, untested). Next: add a GPSInfo/Orientation test to tests/test_thumbs.py, run pytest, commit."""
