"""Held out, twenty-second set: written 2026-12-07, after the offline handoff was last tuned, by
an author who never ran the handoff on them. SWE-agent, Python (a Markdown table-of-contents and
heading-anchor library with an optional C speedup for its slugs, tested with pytest): in tocsmith
2.4.1 two headings with the same text get the same anchor, so build_toc's second "Example" link
jumps to the first heading and add_anchors writes id="example" twice (issue #318, the 14
"Example" headings of docs/api.md); the assistant's first design, a global registry of the
slugs handed out (unique_slug and reset_registry in a new tocsmith/_registry.py, reset by
build_toc and add_anchors), fails nine test_headings.py tests that call extract_headings
directly (intro-2 for intro) and is ruled out by the user before the autouse conftest fixture
the assistant announced (mkdocs-tocsmith renders pages on a thread pool and calls
extract_headings itself, so counts leak from page to page and one page's reset wipes
another's; slugify must stay pure for one heading; no new module) for a per-document count: a
fresh seen dict in each extract_headings call passed to slugify(text, seen), GitHub's rule of
-1, -2 for the later ones; _registry.py deleted, headings.py and toc.py checked out again; a
new tests/test_duplicate_anchors.py; then 61 tests fail with "TypeError: slugify() takes
exactly one argument (2 given)", which clearing __pycache__ and .pytest_cache, pip install -e
. and a re-run (the suspected stale bytecode or old install) did not fix, because the bottom of
slugs.py rebinds slugify to the one-argument C speedup from tocsmith/_cslug (rebuilt by the
reinstall), and keeping that as the core _slug with the Python slugify(text, seen) wrapper
defined after it did; @priya-raman's four points on PR #321, answered by the user: one done
already (a max_level TOC still numbers by every heading), one answered on the PR (GitHub's -1,
not python-markdown's underscore), one put off to #326 (explicit {#id} attributes), one to do
(a heading whose own slug is example-1 collided: fixed since, with its test, stepping past
slugs already handed out, and the CHANGELOG.md line, not written); reproduce.py still in the
tree; the assistant's last words name the CHANGELOG line, the pytest run and the submit as the
next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)


def _lines(first: int, text: str) -> str:
    """`text` as the interface shows a file: each line after its number."""
    return "".join(f"{first + i}:{line}\n" for i, line in enumerate(text.split("\n")))


def _count(text: str) -> int:
    return len(text.split("\n"))


def _dots(passed: int, failed: tuple[int, ...] = ()) -> str:
    """pytest -q's progress lines: 72 results a line, each line ending in its percentage."""
    marks = ["F" if i in failed else "." for i in range(passed + len(failed))]
    out = []
    for start in range(0, len(marks), 72):
        row = "".join(marks[start : start + 72])
        pct = min(start + 72, len(marks)) * 100 // len(marks)
        out.append(f"{row:<72} [{pct:>3}%]")
    return "\n".join(out) + "\n"


_HEADINGS = r'''"""The ATX headings of a Markdown document, and the anchor of each."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .slugs import slugify

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str
    line: int  # 1-based, in the source


def _outside_fences(source: str) -> Iterator[tuple[int, str]]:
    """(line number, line) for each line of source that is not inside fenced code."""
    fence = ""
    for number, line in enumerate(source.splitlines(), 1):
        m = _FENCE.match(line)
        if m and (not fence or m.group(1).startswith(fence)):
            fence = "" if fence else m.group(1)
            continue
        if not fence:
            yield number, line


def extract_headings(source: str) -> list[Heading]:
    """Every ATX heading outside fenced code, in order, with the anchor GitHub gives it."""
    headings = []
    for number, line in _outside_fences(source):
        m = _ATX.match(line)
        if m:
            text = m.group(2)
            headings.append(Heading(len(m.group(1)), text, slugify(text), number))
    return headings'''

_EXTRACT_AT = 35  # extract_headings' first line in headings.py

_TOC = r'''"""A table of contents for a Markdown document, and anchors for renderers that make none."""

from __future__ import annotations

from .headings import extract_headings


def build_toc(source: str, min_level: int = 1, max_level: int = 3) -> str:
    """A nested Markdown list linking to each heading from min_level to max_level."""
    items = []
    for h in extract_headings(source):
        if min_level <= h.level <= max_level:
            indent = "  " * (h.level - min_level)
            items.append(f"{indent}- [{h.text}](#{h.anchor})")
    return "\n".join(items) + "\n"


def add_anchors(source: str) -> str:
    """source with an <a id="..."></a> line before each heading, for renderers that make none."""
    lines = source.splitlines()
    for h in reversed(extract_headings(source)):
        lines.insert(h.line - 1, f'<a id="{h.anchor}"></a>')
    return "\n".join(lines) + "\n"'''

_TOC_REGISTRY = r'''from ._registry import reset_registry
from .headings import extract_headings


def build_toc(source: str, min_level: int = 1, max_level: int = 3) -> str:
    """A nested Markdown list linking to each heading from min_level to max_level."""
    reset_registry()  # a new document: its slugs count from nothing again (#318)
    items = []
    for h in extract_headings(source):
        if min_level <= h.level <= max_level:
            indent = "  " * (h.level - min_level)
            items.append(f"{indent}- [{h.text}](#{h.anchor})")
    return "\n".join(items) + "\n"


def add_anchors(source: str) -> str:
    """source with an <a id="..."></a> line before each heading, for renderers that make none."""
    reset_registry()
    lines = source.splitlines()
    for h in reversed(extract_headings(source)):
        lines.insert(h.line - 1, f'<a id="{h.anchor}"></a>')
    return "\n".join(lines) + "\n"'''

_REPRODUCE = r"""import re

from tocsmith import add_anchors, build_toc

# issue #318: docs/api.md has an "Example" heading under every function
doc = "# Reading\n\n## Example\n\n# Writing\n\n## Example\n\n# Closing\n\n## Example\n"
print(build_toc(doc), end="")
print(re.findall(r'<a id="([^"]+)"></a>', add_anchors(doc)))"""


def _repro_out(second: str, third: str) -> str:
    return (
        "- [Reading](#reading)\n  - [Example](#example)\n"
        f"- [Writing](#writing)\n  - [Example](#{second})\n"
        f"- [Closing](#closing)\n  - [Example](#{third})\n"
        f"['reading', 'example', 'writing', '{second}', 'closing', '{third}']\n"
    )


_REGISTRY_PY = r'''"""Anchors unique across a build: every slug handed out so far, and how often (#318)."""

from __future__ import annotations

import threading

from .slugs import slugify

_SEEN: dict[str, int] = {}
_LOCK = threading.Lock()


def unique_slug(text: str) -> str:
    """slugify(text), with -1, -2 appended when the same slug was handed out before."""
    slug = slugify(text)
    with _LOCK:
        count = _SEEN.get(slug, 0)
        _SEEN[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"


def reset_registry() -> None:
    """Forget every slug handed out: call at the start of each document."""
    with _LOCK:
        _SEEN.clear()'''

_SED_DIFF = r"""diff --git a/tocsmith/headings.py b/tocsmith/headings.py
index 3f1c2ad..9b0e4d7 100644
--- a/tocsmith/headings.py
+++ b/tocsmith/headings.py
@@ -6,7 +6,7 @@ import re
 from collections.abc import Iterator
 from dataclasses import dataclass
<context: blank>
-from .slugs import slugify
+from ._registry import unique_slug
<context: blank>
 _ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
 _FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
@@ -39,5 +39,5 @@ def extract_headings(source: str) -> list[Heading]:
         m = _ATX.match(line)
         if m:
             text = m.group(2)
-            headings.append(Heading(len(m.group(1)), text, slugify(text), number))
+            headings.append(Heading(len(m.group(1)), text, unique_slug(text), number))
     return headings
""".replace("<context: blank>", " ")  # a diff's blank context line is one space

_REGISTRY_FAILED = (
    (
        "test_atx_levels",
        "assert ['intro-2', 'usage-3', 'options-1'] == ['intro', 'usage', 'options']",
    ),
    ("test_closing_hashes_dropped", "assert 'intro-3' == 'intro'"),
    ("test_indented_heading", "assert 'usage-4' == 'usage'"),
    ("test_inline_code_in_heading", "assert 'the-config-file-1' == 'the-config-file'"),
    ("test_emphasis_in_heading", "assert 'install-2' == 'install'"),
    ("test_link_text_in_heading", "assert 'see-the-faq-1' == 'see-the-faq'"),
    ("test_unicode_heading", "assert 'größe-1' == 'größe'"),
    ("test_tilde_fence_skipped", "assert ['intro-4', 'usage-5'] == ['intro', 'usage']"),
    ("test_heading_line_numbers", "assert ['intro-5', 'options-2'] == ['intro', 'options']"),
)
_REGISTRY_RUN = (
    "_______________________________ test_atx_levels ________________________________\n"
    "tests/test_headings.py:14: in test_atx_levels\n"
    '    assert [h.anchor for h in headings] == ["intro", "usage", "options"]\n'
    f"E   AssertionError: {_REGISTRY_FAILED[0][1]}\n"
    "E     At index 0 diff: 'intro-2' != 'intro'\n"
    "E     Use -v to get more diff\n"
    "=========================== short test summary info ============================\n"
    + "".join(
        f"FAILED tests/test_headings.py::{t} - AssertionError: {m[:44]}...\n"
        for t, m in _REGISTRY_FAILED
    )
    + "9 failed, 203 passed in 1.38s\n"
)

_SLUGS_HEAD = r'''"""Heading text to anchor ids, the way GitHub renders a README: lower case, punctuation
dropped, spaces to hyphens. slugify is public: people link to headings with it."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["ascii_slugify", "slugify"]

_STRIP = re.compile(r"[^\w\- ]")
_INLINE = re.compile(r"`([^`]*)`|\*\*?([^*]+)\*\*?|\[([^\]]*)\]\([^)]*\)")


def _plain(text: str) -> str:
    """The heading's text as rendered: code spans, emphasis and links reduced to their words."""
    return _INLINE.sub(lambda m: next(g for g in m.groups() if g is not None), text)


def slugify(text: str) -> str:
    """The anchor GitHub gives a heading: slugify("Hello, World!") == "hello-world"."""
    text = unicodedata.normalize("NFKC", _plain(text)).strip().lower()
    return _STRIP.sub("", text).replace(" ", "-")


# ascii_slugify: for hosts whose anchors must be ASCII (Bitbucket, GitLab before 13.2)
_TRANSLIT = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "þ": "th", "ð": "d",'''

_SLUGS_LINES = 106  # slugs.py as checked out
_SLUGIFY_AT = 20  # slugify's first line
_SLUGIFY_LEN = 4

_SLUGIFY_SEEN = r'''def slugify(text: str, seen: dict[str, int] | None = None) -> str:
    """The anchor GitHub gives a heading: slugify("Hello, World!") == "hello-world". With
    `seen`, one document's count of each slug so far, a repeated heading gets GitHub's
    suffix: the second "Example" is example-1, the third example-2 (#318)."""
    text = unicodedata.normalize("NFKC", _plain(text)).strip().lower()
    slug = _STRIP.sub("", text).replace(" ", "-")
    if seen is None:
        return slug
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"'''

_EXTRACT_SEEN = r'''def extract_headings(source: str) -> list[Heading]:
    """Every ATX heading outside fenced code, in order, with the anchor GitHub gives it: a
    repeated heading's anchor gets -1, -2, counted over this document alone (#318)."""
    headings = []
    seen: dict[str, int] = {}  # every heading counts, whatever levels a TOC shows later
    for number, line in _outside_fences(source):
        m = _ATX.match(line)
        if m:
            text = m.group(2)
            headings.append(Heading(len(m.group(1)), text, slugify(text, seen), number))
    return headings'''

_APPEND_AT = _EXTRACT_AT + 9  # the line that calls slugify(text, seen)

_DUPES_TESTS = r'''"""Repeated headings get GitHub's -1, -2 anchors, counted per document (#318)."""

import re

from tocsmith import add_anchors, build_toc, extract_headings, slugify

_DOC = "# Reading\n\n## Example\n\n# Writing\n\n## Example\n\n# Closing\n\n## Example\n"


def test_repeated_heading_gets_github_suffix():
    anchors = [h.anchor for h in extract_headings(_DOC)]
    assert anchors == ["reading", "example", "writing", "example-1", "closing", "example-2"]


def test_toc_links_match_anchors():
    links = re.findall(r"\(#([^)]+)\)", build_toc(_DOC))
    ids = re.findall(r'<a id="([^"]+)"></a>', add_anchors(_DOC))
    assert links == ids


def test_toc_filter_keeps_github_numbering():
    # the h3 Example is left out of a max_level=2 TOC, but it still counts, as on GitHub
    doc = "# Reading\n\n### Example\n\n# Writing\n\n## Example\n"
    assert "- [Example](#example-1)" in build_toc(doc, max_level=2)


def test_each_document_counts_alone():
    first = extract_headings(_DOC)
    again = extract_headings(_DOC)
    assert [h.anchor for h in again] == [h.anchor for h in first]


def test_slugify_alone_is_unchanged():
    assert slugify("Example") == slugify("Example") == "example"
    assert slugify("Hello, World!") == "hello-world"'''

_FIRST_AT = 1 + _DUPES_TESTS.split("\n").index("    first = extract_headings(_DOC)")
_TYPE_ERROR = "TypeError: slugify() takes exactly one argument (2 given)"
_APPEND = "    headings.append(Heading(len(m.group(1)), text, slugify(text, seen), number))\n"
_REPRO_TB = (
    "Traceback (most recent call last):\n"
    '  File "/testbed/reproduce.py", line 7, in <module>\n'
    '    print(build_toc(doc), end="")\n'
    "          ^^^^^^^^^^^^^^\n"
    '  File "/testbed/tocsmith/toc.py", line 11, in build_toc\n'
    "    for h in extract_headings(source):\n"
    "             ^^^^^^^^^^^^^^^^^^^^^^^^\n"
    f'  File "/testbed/tocsmith/headings.py", line {_APPEND_AT}, in extract_headings\n'
    + _APPEND
    + "                                                   ^^^^^^^^^^^^^^^^^^^\n"
    + f"{_TYPE_ERROR}\n"
)
_DUPES_TB = (
    "______________________ test_each_document_counts_alone _______________________\n"
    f"tests/test_duplicate_anchors.py:{_FIRST_AT}: in test_each_document_counts_alone\n"
    "    first = extract_headings(_DOC)\n"
    f"tocsmith/headings.py:{_APPEND_AT}: in extract_headings\n" + _APPEND + f"E   {_TYPE_ERROR}\n"
    "=========================== short test summary info ============================\n"
    + "".join(
        f"FAILED tests/test_duplicate_anchors.py::{t} - {_TYPE_ERROR}\n"
        for t in (
            "test_repeated_heading_gets_github_suffix",
            "test_toc_links_match_anchors",
            "test_toc_filter_keeps_github_numbering",
            "test_each_document_counts_alone",
        )
    )
    + "4 failed, 1 passed in 0.09s\n"
)
# tests in collection order: test_anchors 0-19, test_cli 20-45, test_duplicate_anchors 46-50,
# test_headings 51-90, test_slugs 91-160, test_toc 161-216
_FAIL_AT = (
    *range(0, 14), *range(20, 28), *range(46, 50), *range(51, 70), *range(161, 177)
)  # fmt: skip
_LAST_FAILED = f"FAILED tests/test_toc.py::test_nested_levels[3] - {_TYPE_ERROR}\n"

_PIP = (
    "Building wheels for collected packages: tocsmith\n"
    "  Building editable for tocsmith (pyproject.toml) ... done\n"
    "  Created wheel for tocsmith: filename=tocsmith-2.4.1-0.editable-cp311-cp311-"
    "linux_x86_64.whl size=4312 sha256=6be1f0c94d2a3e7b1c05d8f2a9e46b7d3c1f0a8e5b2d7c9e4f1a6"
    "b3d8c0e2f5a7\n"
    "  Stored in directory: /tmp/pip-ephem-wheel-cache-k2x9w1qz/wheels/3e/71/0c/"
    "9d4f6a2b8e1c5f7a3d0b9e6c2f8a4d1b7e3c9f5a0d6b2e8c4f1a7d3\n"
    "Successfully built tocsmith\n"
    "Installing collected packages: tocsmith\n"
    "  Attempting uninstall: tocsmith\n"
    "    Found existing installation: tocsmith 2.4.1\n"
    "    Uninstalling tocsmith-2.4.1:\n"
    "      Successfully uninstalled tocsmith-2.4.1\n"
    "Successfully installed tocsmith-2.4.1\n"
)

_SLUGS_TAIL = r'''def ascii_slugify(text: str) -> str:
    """slugify, then the letters outside ASCII spelled in ASCII: "Größe" is "grosse"."""
    text = "".join(_TRANSLIT.get(c, c) for c in slugify(text))
    text = unicodedata.normalize("NFKD", text)
    return text.encode("ascii", "ignore").decode("ascii")


try:  # the C speedup, built by setup.py where a compiler is found: same slugs, 6x faster
    from ._cslug import slugify  # noqa: F811
except ImportError:  # pragma: no cover - pure-Python installs
    pass'''

_GROWN = _count(_SLUGIFY_SEEN) - _SLUGIFY_LEN  # what the seen parameter added to slugs.py
_TAIL_AT = _SLUGS_LINES - _count(_SLUGS_TAIL) + 1  # ascii_slugify's first line, as checked out
_TRY_LEN = 4

_SLUG_CORE = r'''def _slug(text: str) -> str:
    """The anchor GitHub gives one heading's text, counting no other heading."""
    text = unicodedata.normalize("NFKC", _plain(text)).strip().lower()
    return _STRIP.sub("", text).replace(" ", "-")'''


def _wrapper(body: str) -> str:
    return (
        "try:  # the C speedup, built by setup.py where a compiler is found: same slugs, 6x "
        "faster\n"
        "    from ._cslug import slugify as _slug  # noqa: F811\n"
        "except ImportError:  # pragma: no cover - pure-Python installs\n"
        "    pass\n"
        "\n"
        "\n"
        "def slugify(text: str, seen: dict[str, int] | None = None) -> str:\n"
        '    """The anchor GitHub gives a heading: slugify("Hello, World!") == "hello-world". '
        "With\n"
        "    `seen`, one document's slugs so far, a repeated heading gets GitHub's suffix: the\n"
        '    second "Example" is example-1, the third example-2 (#318). Defined after the\n'
        '    speedup is bound, so the count wraps whichever _slug is loaded."""\n'
        "    slug = _slug(text)\n"
        "    if seen is None:\n"
        "        return slug\n" + body
    )


_COUNT_BODY = (
    "    count = seen.get(slug, 0)\n"
    "    seen[slug] = count + 1\n"
    '    return slug if count == 0 else f"{slug}-{count}"'
)
_SKIP_BODY = (
    "    # GitHub steps past a slug already handed out: Example, Example, Example 1 give\n"
    "    # example, example-1, example-1-1, never example-1 twice\n"
    "    candidate = slug\n"
    "    while candidate in seen:\n"
    "        seen[slug] += 1\n"
    '        candidate = f"{slug}-{seen[slug]}"\n'
    "    seen[candidate] = 0\n"
    "    return candidate"
)
_TRY_AT = _SLUGS_LINES - _TRY_LEN + 1  # the try block, once slugify is _slug again
_WRAPPED_LINES = _SLUGS_LINES - _TRY_LEN + _count(_wrapper(_COUNT_BODY))
_BODY_AT = _TRY_AT + _count(_wrapper("")) - 1

_COLLISION_TEST = r"""    assert slugify("Hello, World!") == "hello-world"


def test_suffixed_heading_does_not_collide():
    # GitHub: example, example-1, then example-1-1 for the heading whose own slug is example-1
    doc = "## Example\n\n## Example\n\n## Example 1\n"
    assert [h.anchor for h in extract_headings(doc)] == ["example", "example-1", "example-1-1"]"""

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "quillpress__tocsmith-318)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nTwo headings with the "
    "same text get the same anchor, so the TOC links to the first one\n\ntocsmith 2.4.1, "
    'Python 3.11. Our API reference has an "Example" section under every function:\n\n'
    "```python\n>>> from tocsmith import build_toc\n>>> print(build_toc(open('docs/api.md')."
    "read(), max_level=2))\n- [Reading](#reading)\n  - [Example](#example)\n"
    "- [Writing](#writing)\n  - [Example](#example)\n...\n```\n\nGitHub renders the second "
    'heading as #example-1, the third as #example-2, so on GitHub every "Example" link in '
    "our TOC jumps to the one under Reading: all 14 of them in docs/api.md. And "
    '`add_anchors()` writes `<a id="example"></a>` 14 times in one page, which is not even '
    "valid HTML.\n</issue>\nMake the minimal changes to non-test files in /testbed so that "
    "the issue is resolved."
)
s.call(
    "search_dir",
    'Found 9 matches for "slugify" in /testbed/tocsmith:\n'
    "/testbed/tocsmith/__init__.py (2 matches)\n/testbed/tocsmith/_cslug.c (2 matches)\n"
    "/testbed/tocsmith/headings.py (2 matches)\n/testbed/tocsmith/slugs.py (3 matches)\n"
    'End of matches for "slugify" in /testbed/tocsmith\n',
    search_term="slugify",
    dir="/testbed/tocsmith",
)
s.call(
    "open",
    f"[File: /testbed/tocsmith/headings.py ({_count(_HEADINGS)} lines total)]\n"
    + _lines(1, _HEADINGS),
    path="/testbed/tocsmith/headings.py",
)
s.call(
    "open",
    f"[File: /testbed/tocsmith/toc.py ({_count(_TOC)} lines total)]\n" + _lines(1, _TOC),
    path="/testbed/tocsmith/toc.py",
)
s.call(
    "create",
    f"[File: /testbed/reproduce.py ({_count(_REPRODUCE)} lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    _repro_out("example", "example"),
    command="cd /testbed && python reproduce.py",
)
s.call(
    "create",
    f"[File: /testbed/tocsmith/_registry.py ({_count(_REGISTRY_PY)} lines total)]\n"
    + _lines(1, _REGISTRY_PY),
    "Reproduced: the three Example headings all get #example, in the TOC and in the anchors "
    "alike. extract_headings (headings.py line 42) slugifies each heading on its own, so "
    "nothing knows the slug was handed out before. I'll keep a registry of the slugs handed "
    "out so far in a new tocsmith/_registry.py: unique_slug() appends -1, -2 to a slug seen "
    "before (GitHub's rule), under a lock, and reset_registry() forgets them at the start of "
    "each document.",
    filename="/testbed/tocsmith/_registry.py",
)
s.call(
    "bash",
    _SED_DIFF,
    command="cd /testbed && sed -i 's/from .slugs import slugify/from ._registry import "
    "unique_slug/; s/slugify(text), number/unique_slug(text), number/' tocsmith/headings.py "
    "&& git diff tocsmith/headings.py",
)
s.call(
    "edit",
    f"[File: /testbed/tocsmith/toc.py ({_count(_TOC) + 3} lines total)]\n"
    + _lines(5, _TOC_REGISTRY)
    + _EDITED,
    start_line=5,
    end_line=_count(_TOC),
    replacement_text=_TOC_REGISTRY + "\n",
)
s.call(
    "bash",
    _repro_out("example-1", "example-2")
    + "---\n"
    + _dots(203, (47, 49, 52, 55, 60, 63, 70, 74, 81))
    + _REGISTRY_RUN,
    command="cd /testbed && python reproduce.py && echo --- && python -m pytest -q "
    "--tb=short 2>&1 | tail -20",
)
s.say(
    "The repro is right now: example, example-1, example-2 in the TOC and the anchors. The "
    "nine failures are all in tests/test_headings.py, tests that call extract_headings "
    "directly: nothing resets the registry for them, so the counts carry from one test into "
    "the next (intro-2 for intro). Next I'll add an autouse fixture to tests/conftest.py that "
    "calls reset_registry() before each test."
)
s.user(
    "No global registry, please, and no new module. Those nine failures are exactly what "
    "mkdocs-tocsmith would hit: it renders pages on a thread pool and calls extract_headings "
    "itself for the nav, without build_toc, so a module-level dict carries the counts from one "
    "page into the next (page two's first Example comes out as example-2), and one page's "
    "reset_registry() wipes another page's counts halfway through. The lock only makes the "
    "mix-up thread-safe, and a test fixture would only hide it. And slugify stays pure for a "
    'caller with one heading: people call slugify("Example") to link to a heading from '
    'another page, it must keep returning "example" whatever was counted before. Count per '
    "document instead: a seen dict made fresh in each extract_headings call and passed down to "
    "slugify, with GitHub's rule: the first heading keeps its slug, the later ones get -1, -2 "
    "in order."
)
s.call(
    "bash",
    "Updated 2 paths from the index\n?? reproduce.py\n",
    "Understood: no registry and no new module; extract_headings counts the document's "
    "headings in a seen dict of its own and passes it to slugify. Removing "
    "tocsmith/_registry.py and restoring headings.py and toc.py.",
    command="cd /testbed && rm tocsmith/_registry.py && git checkout tocsmith/headings.py "
    "tocsmith/toc.py && git status --short",
)
s.call(
    "open",
    f"[File: /testbed/tocsmith/slugs.py ({_SLUGS_LINES} lines total)]\n"
    + _lines(1, _SLUGS_HEAD)
    + f"({_SLUGS_LINES - _count(_SLUGS_HEAD)} more lines below)\n",
    path="/testbed/tocsmith/slugs.py",
)
s.call(
    "edit",
    f"[File: /testbed/tocsmith/slugs.py ({_SLUGS_LINES + _GROWN} lines total)]\n"
    + _lines(_SLUGIFY_AT, _SLUGIFY_SEEN)
    + f"...\n{_EDITED}",
    start_line=_SLUGIFY_AT,
    end_line=_SLUGIFY_AT + _SLUGIFY_LEN - 1,
    replacement_text=_SLUGIFY_SEEN + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tocsmith/headings.py ({_count(_HEADINGS) + 2} lines total)]\n"
    + _lines(_EXTRACT_AT, _EXTRACT_SEEN)
    + _EDITED,
    start_line=_EXTRACT_AT,
    end_line=_count(_HEADINGS),
    replacement_text=_EXTRACT_SEEN + "\n",
)
s.call(
    "create",
    f"[File: /testbed/tests/test_duplicate_anchors.py ({_count(_DUPES_TESTS)} lines total)]\n"
    + _lines(1, _DUPES_TESTS),
    filename="/testbed/tests/test_duplicate_anchors.py",
)
s.call(
    "bash",
    _REPRO_TB + "---\n" + _DUPES_TB + "---\n" + _LAST_FAILED + "61 failed, 156 passed in 1.47s\n",
    command="cd /testbed && python reproduce.py; echo ---; python -m pytest -q --tb=short "
    "tests/test_duplicate_anchors.py 2>&1 | tail -13; echo ---; python -m pytest -q --tb=no "
    "2>&1 | tail -2",
)
s.call(
    "bash",
    _PIP + "---\n" + _dots(156, _FAIL_AT) + _LAST_FAILED + "61 failed, 156 passed in 1.52s\n",
    "61 failures, every one the same TypeError from the slugify(text, seen) call at "
    f"headings.py line {_APPEND_AT}, yet slugify in slugs.py (line 20) now takes seen. "
    "'Takes exactly one argument' is the signature from before the edit, so Python is running "
    "an old copy of tocsmith: stale bytecode (the checkout and the edits came seconds apart) "
    "or an old install of 2.4.1 in site-packages shadowing /testbed. Clearing __pycache__ and "
    ".pytest_cache, reinstalling with pip install -e . and running again.",
    command="cd /testbed && find . -name __pycache__ -prune -exec rm -rf {} + && rm -rf "
    ".pytest_cache && pip install -e . 2>&1 | tail -12 && echo --- && python -m pytest -q "
    "--tb=no 2>&1 | tail -6",
)
s.call(
    "bash",
    "<built-in function slugify> tocsmith._cslug\n/testbed/tocsmith/slugs.py\n---\n"
    "__init__.py\n__pycache__\n_cslug.c\n_cslug.cpython-311-x86_64-linux-gnu.so\ncli.py\n"
    "headings.py\nslugs.py\ntoc.py\n",
    "The same 61 fail with no bytecode, no pytest cache and a fresh editable install, so it is "
    "not a stale copy. Checking what tocsmith.slugs.slugify is at run time.",
    command='cd /testbed && python -c "import tocsmith.slugs as s; print(s.slugify, '
    's.slugify.__module__); print(s.__file__)" && echo --- && ls tocsmith',
)
s.call(
    "open",
    f"[File: /testbed/tocsmith/slugs.py ({_SLUGS_LINES + _GROWN} lines total)]\n"
    f"({_TAIL_AT + _GROWN - 1} more lines above)\n" + _lines(_TAIL_AT + _GROWN, _SLUGS_TAIL),
    "The slugify that runs is a built-in from tocsmith._cslug, the C extension beside "
    "_cslug.c, which search_dir listed at the start. slugs.py must bind it somewhere below "
    "the window I read.",
    path="/testbed/tocsmith/slugs.py",
    line_number=_TAIL_AT + _GROWN,
)
s.call(
    "edit",
    f"[File: /testbed/tocsmith/slugs.py ({_SLUGS_LINES} lines total)]\n"
    + _lines(_SLUGIFY_AT, _SLUG_CORE)
    + f"...\n{_EDITED}",
    "There it is: the last lines of slugs.py rebind slugify to the C speedup whenever the "
    "extension is built, and the C function takes one argument, so the Python slugify I "
    "edited is never the one called. Reinstalling could not help: pip install -e . rebuilt "
    "_cslug.so (the cp311 linux_x86_64 wheel). The C function stays the core: I'll name the "
    "pure-Python one _slug, bind the speedup as _slug, and define the public slugify(text, "
    "seen) after the try block, a Python wrapper that counts over whichever core is loaded.",
    start_line=_SLUGIFY_AT,
    end_line=_SLUGIFY_AT + _count(_SLUGIFY_SEEN) - 1,
    replacement_text=_SLUG_CORE + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tocsmith/slugs.py ({_WRAPPED_LINES} lines total)]\n"
    + _lines(_TRY_AT, _wrapper(_COUNT_BODY))
    + _EDITED,
    start_line=_TRY_AT,
    end_line=_SLUGS_LINES,
    replacement_text=_wrapper(_COUNT_BODY) + "\n",
)
s.call(
    "bash",
    _dots(217) + "217 passed in 1.41s\n---\n" + _repro_out("example-1", "example-2"),
    command="cd /testbed && python -m pytest -q && echo --- && python reproduce.py",
)
s.user(
    "@priya-raman reviewed PR #321. Her points, and my answers:\n\n"
    "> 1. build_toc(doc, max_level=2) must still number by every heading in the document, "
    "h3s included, or its links drift from the ids GitHub gives.\n\n"
    "That's already the case: extract_headings counts every heading before build_toc filters "
    "the levels, and test_toc_filter_keeps_github_numbering covers it. Nothing to do.\n\n"
    "> 2. Why GitHub's -1 and not python-markdown's underscore suffix (example_1, as "
    "markdown.extensions.toc gives)? MkDocs sites use that.\n\n"
    "I answered on the PR: tocsmith has followed GitHub's anchors since 1.0 and our users' "
    "READMEs are read on GitHub; a python-markdown mode would be an option of its own. No "
    "change.\n\n"
    "> 3. A heading with an explicit {#id} attribute should reserve that id, so an automatic "
    "anchor can't take it.\n\n"
    "Fair, but tocsmith doesn't parse {#id} attributes at all yet; that's a feature. I opened "
    "#326 for it. Leave it out of this PR.\n\n"
    '> 4. A heading whose own slug is already a suffixed one collides: "## Example", "## '
    'Example", "## Example 1" gives example-1 twice on the branch, where GitHub gives '
    "example, example-1, example-1-1. Fix it, with a test, and add a line for #318 to "
    "CHANGELOG.md under Unreleased.\n\n"
    "Still to do: the collision fix and its test first, then the CHANGELOG line."
)
s.call(
    "edit",
    f"[File: /testbed/tocsmith/slugs.py ({_TRY_AT - 1 + _count(_wrapper(_SKIP_BODY))} lines "
    "total)]\n" + _lines(_BODY_AT, _SKIP_BODY) + _EDITED,
    "The counter only looks up the heading's own slug: the third heading's slug is example-1, "
    "which seen has never counted as a slug of its own, so it is handed out again. GitHub's "
    "slugger steps past every slug already handed out instead: the candidate gets the next "
    "number while it is taken, and every slug given out is recorded.",
    start_line=_BODY_AT,
    end_line=_WRAPPED_LINES,
    replacement_text=_SKIP_BODY + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_duplicate_anchors.py "
    f"({_count(_DUPES_TESTS) - 1 + _count(_COLLISION_TEST)} lines total)]\n"
    + _lines(_count(_DUPES_TESTS), _COLLISION_TEST)
    + _EDITED,
    start_line=_count(_DUPES_TESTS),
    end_line=_count(_DUPES_TESTS),
    replacement_text=_COLLISION_TEST + "\n",
)
s.call(
    "bash",
    _dots(218)
    + "218 passed in 1.44s\n---\n['example', 'example-1', 'example-1-1']\n---\n"
    + _repro_out("example-1", "example-2")
    + "---\n M tocsmith/headings.py\n M tocsmith/slugs.py\n?? reproduce.py\n"
    "?? tests/test_duplicate_anchors.py\n",
    command='cd /testbed && python -m pytest -q && echo --- && python -c "from tocsmith '
    "import extract_headings; print([h.anchor for h in extract_headings('## Example\\n\\n"
    "## Example\\n\\n## Example 1\\n')])\" && echo --- && python reproduce.py && echo --- && "
    "git status --short",
)
s.say(
    "The collision fix is in: slugify now steps past any slug the document has already handed "
    'out, as GitHub does, so "## Example", "## Example", "## Example 1" get example, '
    "example-1 and example-1-1, and test_suffixed_heading_does_not_collide passes with the "
    "other 217 (218 in all). Of the review, only the second half of point 4 is left for this "
    "PR. Next I'll add the line for #318 to CHANGELOG.md under ## Unreleased (repeated "
    "headings get GitHub's -1, -2 anchor suffixes), run pytest once more, then delete "
    "reproduce.py and submit."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve quillpress__tocsmith-318: in tocsmith 2.4.1 two headings with the same "
             "text get the same anchor (#example for every \"Example\"), so build_toc's later "
             "links jump to the first heading (all 14 in docs/api.md) and add_anchors writes "
             "id=\"example\" more than once; GitHub gives example, example-1, example-2. "
             "Minimal changes to non-test files.",
             must=(("same anchor", "same text", "duplicate", "repeated", "same id", "twice",
                    "same slug"),
                   ("anchor", "toc", "link")),
             partial_means="Wrong anchors without it being headings that share their text, or "
                           "the reverse.",
             wrong="Anchors that are not ASCII, or headings inside fenced code, given as the "
                   "task."),
    Question("latest_request", "What did the user last ask?",
             "@priya-raman's review of PR #321 with the user's answers: (1) a max_level TOC "
             "numbers by every heading, already the case; (2) GitHub's -1 and not "
             "python-markdown's underscore suffix (answered on the PR); (3) explicit {#id} "
             "attributes are #326, leave them out; (4) \"## Example\", \"## Example\", \"## "
             "Example 1\" gave example-1 twice: fix the collision with a test, then add a "
             "#318 line to CHANGELOG.md under Unreleased, both to do.",
             must=(("example-1-1", "collision", "collide", "changelog"),
                   ("#326", "python-markdown", "priya", "answered on the pr", "max_level",
                    "already the case", "{#id}")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Parsing {#id} attributes in this PR; switching to python-markdown's "
                   "underscore suffix.",
             stale_means="The issue itself, or the user's no-registry correction, given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Add the #318 line to CHANGELOG.md under ## Unreleased (repeated headings get "
             "GitHub's -1, -2 anchor suffixes), run pytest, delete reproduce.py and submit. "
             "The collision fix and its test are in (218 pass); point 1 was already the case "
             "before the review; {#id} attributes are #326.",
             must=(("changelog",),
                   ("reproduce.py", "submit", "pytest")),
             stale=("_registry", "reset_registry", "global registry", "conftest", "autouse",
                    "max_level", "h3", "#326", "{#id}", "python-markdown", "underscore"),
             partial_means="The CHANGELOG line without what follows it, or only 'submit'.",
             wrong="Writing the collision fix again; renaming the anchors to python-markdown's "
                   "example_1.",
             stale_means="Says to add the autouse reset_registry() fixture in tests/conftest.py "
                         "(the registry was ruled out), to make a max_level TOC count the h3s "
                         "(already the case), or to reserve explicit {#id} ids (put off to "
                         "#326)."),
    Question("files_edited", "Which files were changed, and why?",
             "tocsmith/slugs.py: the pure-Python slug is _slug, the C speedup from _cslug is "
             "bound as _slug, and a Python slugify(text, seen=None) defined after it gives "
             "GitHub's suffixes, stepping past slugs already handed out; tocsmith/headings.py: "
             "extract_headings makes a fresh seen dict per document and passes it to slugify; "
             "tests/test_duplicate_anchors.py (new): six tests. tocsmith/_registry.py "
             "(unique_slug, reset_registry) was created and deleted, headings.py and toc.py "
             "checked out again; reproduce.py is scratch.",
             must=(("slugs.py",),
                   ("headings.py",),
                   ("test_duplicate_anchors.py",)),
             stale=("_registry.py", "unique_slug", "reset_registry"),
             partial_means="slugs.py without headings.py, or without the tests.",
             wrong="toc.py, tests/conftest.py or CHANGELOG.md given as changed.",
             stale_means="tocsmith/_registry.py (unique_slug, reset_registry) listed as a "
                         "current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Count per document: extract_headings makes a fresh seen dict for each call and "
             "passes it to slugify(text, seen), which gives GitHub's suffixes (the first keeps "
             "its slug, the later ones -1, -2, stepping past any slug already handed out); "
             "slugify(text) alone is unchanged; the counting is a Python wrapper over the C or "
             "pure-Python core, _slug. It rules out a global registry in a new "
             "tocsmith/_registry.py (unique_slug, reset_registry): counts leak between pages "
             "of mkdocs-tocsmith's thread pool and one page's reset wipes another's, any new "
             "module, and (review) python-markdown's underscore suffix.",
             must=(("seen", "per-document", "per document", "extract_headings call",
                    "each document"),
                   ("global", "_registry.py", "new module", "registry", "reset_registry")),
             stale=("_registry.py", "global registry", "unique_slug", "reset_registry"),
             partial_means="The per-document count without what it rules out.",
             wrong="python-markdown's underscore suffix; reserving {#id} ids.",
             stale_means="A global slug registry in tocsmith/_registry.py, unique_slug() "
                         "and reset_registry() called by build_toc and add_anchors, given as "
                         "the design."),
    Question("review", "What did the review find?",
             "@priya-raman on PR #321: (1) build_toc(doc, max_level=2) must number by every "
             "heading, h3s included (already the case, test_toc_filter_keeps_github_numbering); "
             "(2) why GitHub's -1 and not python-markdown's underscore suffix (answered on the "
             "PR: GitHub's anchors since 1.0); (3) explicit {#id} attributes should reserve "
             "their id (put off to #326, tocsmith does not parse them); (4) \"## Example\" "
             "twice then \"## Example 1\" gave example-1 twice, GitHub gives example-1-1 (the "
             "fix and its test done since) and a CHANGELOG.md line (still to do).",
             must=(("max_level", "h3", "every heading"),
                   ("python-markdown", "underscore", "markdown.extensions.toc"),
                   ("{#id}", "explicit id", "#326"),
                   ("example-1-1", "collision", "collide", "changelog")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The TypeError or the no-registry correction given as a review point."),
    Question("corrections", "How did the user correct the agent?",
             "No global registry and no new module: mkdocs-tocsmith renders pages on a thread "
             "pool and calls extract_headings itself, so a module-level dict carries counts "
             "from page to page (page two's first Example would be example-2) and one page's "
             "reset_registry() wipes another's; the lock only makes that thread-safe and a "
             "test fixture would hide it; slugify(\"Example\") must stay \"example\". Count "
             "per document instead: a fresh seen dict in each extract_headings call passed to "
             "slugify, GitHub's -1, -2.",
             must=(("global", "registry", "new module", "thread", "module-level"),
                   ("seen", "per-document", "per document", "each extract_headings call",
                    "each document")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="The per-document count without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With the first design, nine test_headings.py tests failed (intro-2 for intro): "
             "the registry carried counts between tests; the design was dropped. With the "
             "per-document counter, 61 tests and reproduce.py failed with \"TypeError: "
             "slugify() takes exactly one argument (2 given)\" at headings.py's slugify(text, "
             "seen). Clearing __pycache__ and .pytest_cache, pip install -e . and a re-run "
             "gave the same 61 (the reinstall rebuilt the extension); the bottom of slugs.py "
             "rebinds slugify to the one-argument C speedup from tocsmith._cslug (<built-in "
             "function slugify>): fixed by binding it as the core _slug and defining the "
             "Python slugify(text, seen) wrapper after it.",
             must=(("takes exactly one argument", "typeerror", "2 given"),
                   ("_cslug", "c speedup", "c extension", "built-in", "wrapper", "compiled")),
             stale=("fixed by clearing", "fixed by reinstall", "fixed by pip install",
                    "fixed by a re-run", "fixed by re-running", "stale bytecode",
                    "old install"),
             partial_means="The TypeError without its fix, or only the first design's nine "
                           "failures.",
             wrong="An AttributeError or an ImportError given as the failure.",
             stale_means="The TypeError 'fixed' by clearing __pycache__ and .pytest_cache, pip "
                         "install -e . and a re-run, or put down to stale bytecode or an old "
                         "install."),
    Question("key_values", "Which key values matter?",
             "tocsmith 2.4.1 on Python 3.11; 14 \"Example\" headings in docs/api.md; GitHub's "
             "anchors example, example-1, example-2, and example-1-1 for a heading \"Example "
             "1\" after two \"Example\"; 212 tests before, 9 failed with the registry, 61 "
             "failed with the TypeError, 218 pass now; issue #318, PR #321, #326 ({#id}).",
             must=(("2.4.1", "#318", "3.11"),
                   ("218 passed", "218 tests", "218 pass", "218 in all", "61 failed",
                    "61 tests")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "tocsmith/slugs.py holds slugify (a heading's GitHub anchor) and ascii_slugify, "
             "and binds the C speedup from tocsmith/_cslug (_cslug.c, built by setup.py into "
             "_cslug.cpython-311-x86_64-linux-gnu.so) as the core; tocsmith/headings.py holds "
             "Heading and extract_headings (ATX headings outside fenced code); tocsmith/toc.py "
             "build_toc and add_anchors; tests/test_duplicate_anchors.py the new tests; "
             "reproduce.py a scratch repro.",
             must=(("slugs.py",),
                   ("_cslug", "c speedup", "speedup", "c extension"),
                   ("headings.py", "toc.py")),
             partial_means="The files named without what they hold, or without the C speedup.",
             wrong="tocsmith/_registry.py as what counts the slugs."),
    Question("pending", "What work is still pending?",
             "The #318 line in CHANGELOG.md under ## Unreleased, a last pytest run, deleting "
             "reproduce.py and submitting; explicit {#id} attributes reserving their ids are "
             "left to #326.",
             must=(("changelog",),
                   ("reproduce.py", "submit")),
             partial_means="The CHANGELOG line without the rest, or the reverse.",
             wrong="The collision fix or the max_level numbering as pending."),
    Question("state", "What is the state of the work?",
             "extract_headings counts each document's headings in its own seen dict and "
             "slugify(text, seen), a Python wrapper over the C or pure core, gives GitHub's "
             "suffixes and steps past slugs already used; all 218 tests pass and the repro "
             "prints example, example-1, example-2 in the TOC and the anchors alike; "
             "CHANGELOG.md is not updated, reproduce.py is still in the tree, nothing is "
             "committed or submitted.",
             must=(("218 passed", "218 tests", "tests pass", "218 pass"),
                   ("not updated", "not submitted", "changelog", "not written")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or the CHANGELOG written.",
             stale_means="Says the slugs come from a global registry in tocsmith/_registry.py."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
