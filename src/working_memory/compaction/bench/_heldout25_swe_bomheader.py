"""Held out, twenty-fifth set: written 2026-12-07, while round 13 was tuned on the twenty-fourth
set, by an author who never ran the handoff on them. SWE-agent, Python (a library that reads
spreadsheets exported as CSV into typed records through a Schema, tested with pytest):
sheetrows 2.4.1 reads a sheet that Excel saved as "CSV UTF-8" with its byte-order mark, so the
first header is '\\ufeffid' and read_records raises MissingColumnError for 'id' (issue #318,
tallyforge__sheetrows-318); the assistant's first design, strip_invisible in a new
sheetrows/_clean.py, a regex that takes the BOM, zero-width spaces and joiners and no-break
spaces out of every header and every cell, passes the tests and takes bench_read from 1.84 s
to 2.61 s, then is ruled out by the user in their own words (no-break spaces and U+200D are
real content, a reader must not rewrite values, a regex on every cell, no new module) for
utf-8-sig in the existing reader.py when a path comes with no encoding, and a leading BOM
stripped from the first header name only of a file object; _clean.py deleted and reader.py
and tests/test_reader.py checked out again; three of the five new tests then still fail with
the same MissingColumnError, which clearing __pycache__, pip install -e . and a re-run did not
fix (not a stale install: sheetrows.__file__ is /testbed) and the default of read_records in
sheetrows/api.py, encoding="utf-8" rather than None, so reader.py's no-encoding branch never
ran, changed to None, did; @tomasz-wrobel's four points on PR #321, answered by the user: one
done already (file objects: the first header name only, cells untouched), one answered on the
PR (no charset-normalizer), one put off to #324 (Excel's UTF-16 "Unicode Text"), one to do (an
explicit cp1252 still honoured, with a test: done since; docs/encodings.md and a CHANGELOG.md
entry under 2.4.2: not written); reproduce.py still in the tree; the assistant's last words
announce the first-header-only change to _strip_bom that the user said was done already."""

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


def _at(text: str, needle: str, first: int = 1) -> int:
    """The number of the line of `text` (shown from line `first`) that holds `needle`."""
    return first + next(i for i, line in enumerate(text.split("\n")) if needle in line)


def _dots(passed: int, failed: tuple[int, ...] = ()) -> str:
    """pytest -q's progress lines: 72 results a line, each line ending in its percentage."""
    marks = ["F" if i in failed else "." for i in range(passed + len(failed))]
    out = []
    for start in range(0, len(marks), 72):
        row = "".join(marks[start : start + 72])
        pct = min(start + 72, len(marks)) * 100 // len(marks)
        out.append(f"{row:<72} [{pct:>3}%]")
    return "\n".join(out) + "\n"


_READER = r'''"""Reading the rows of a CSV export: opening the source, the dialect, the header."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterator
from typing import TextIO, Union

from .errors import EmptySourceError
from .records import Record
from .schema import Schema

Source = Union[str, "os.PathLike[str]", TextIO]
_SNIFF_CHARS = 8192


def _open_source(source: Source, encoding: str | None) -> tuple[TextIO, bool]:
    """A text stream over `source`, and whether we opened it (and so must close it)."""
    if isinstance(source, (str, os.PathLike)):
        return open(source, newline="", encoding=encoding), True
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)):
        raise TypeError("sheetrows reads text: open the file with open(path, newline='')")
    return source, False


class Reader:
    """Reads the rows of one CSV export into records of `schema`."""

    def __init__(
        self, schema: Schema, *, encoding: str | None = None, delimiter: str | None = None
    ) -> None:
        self.schema = schema
        self.encoding = encoding
        self.delimiter = delimiter

    def _dialect(self, sample: str) -> type[csv.Dialect]:
        if self.delimiter is not None:
            return type("Given", (csv.excel,), {"delimiter": self.delimiter})
        return csv.Sniffer().sniff(sample, delimiters=",;\t")

    def records(self, source: Source) -> Iterator[Record]:
        stream, owned = _open_source(source, self.encoding)
        try:
            sample = stream.read(_SNIFF_CHARS)
            rows = csv.reader(_chain(sample, stream), self._dialect(sample))
            header = next(rows, None)
            if header is None:
                raise EmptySourceError(source)
            columns = self.schema.match(header)
            for line, row in enumerate(rows, start=2):
                yield self.schema.build(columns, row, line)
        finally:
            if owned:
                stream.close()


def _chain(sample: str, stream: TextIO) -> Iterator[str]:
    """The lines of `sample` and then the rest of `stream`, so that nothing is read twice."""
    rest = sample + stream.readline()  # finish the sample's last line
    yield from rest.splitlines(keepends=True)
    yield from stream'''

_REPRODUCE = r"""from sheetrows import Field, Schema, read_records

# issue #318: Excel's "CSV UTF-8" starts with a byte-order mark, ef bb bf
STOCK = Schema(Field("id", int), Field("name", str), Field("qty", int), Field("unit_price", float))
with open("/tmp/stock.csv", "wb") as f:
    f.write(b"\xef\xbb\xbfid,name,qty,unit_price\r\n1,Hex bolt M8,200,0.12\r\n")
print(list(read_records("/tmp/stock.csv", STOCK)))
with open("/tmp/stock.csv", newline="", encoding="utf-8") as f:
    print(list(read_records(f, STOCK)))"""

_MISSING = (
    "sheetrows.errors.MissingColumnError: required column 'id' not found; header was "
    "['\\ufeffid', 'name', 'qty', 'unit_price']"
)


def _repro_tb(reader: str) -> str:
    """reproduce.py's traceback, with `reader` as reader.py reads at the time."""
    return (
        "Traceback (most recent call last):\n"
        '  File "/testbed/reproduce.py", line 7, in <module>\n'
        '    print(list(read_records("/tmp/stock.csv", STOCK)))\n'
        "               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/testbed/sheetrows/api.py", line 23, in read_records\n'
        "    yield from Reader(schema, encoding=encoding, delimiter=delimiter).records(source)\n"
        f'  File "/testbed/sheetrows/reader.py", line {_at(reader, "self.schema.match")}, '
        "in records\n"
        "    columns = self.schema.match(header)\n"
        "              ^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/testbed/sheetrows/schema.py", line 88, in match\n'
        "    raise MissingColumnError(missing, header)\n"
        f"{_MISSING}\n"
    )


_CLEAN_PY = r'''"""Characters a spreadsheet program leaves in a CSV export that nobody can see (#318)."""

from __future__ import annotations

import re

# the byte-order mark Excel writes at the start of "CSV UTF-8", zero-width spaces and
# joiners, the word joiner, and the no-break spaces pasted in from web pages
_INVISIBLE = re.compile("[\ufeff\u200b\u200c\u200d\u2060\u00a0]")


def strip_invisible(value: str) -> str:
    """`value` without the characters a reader of the sheet cannot see."""
    return _INVISIBLE.sub("", value)'''

_IMPORT_CLEAN = r"""from ._clean import strip_invisible
from .errors import EmptySourceError"""

_RECORDS_CLEAN = r"""            header = [strip_invisible(name) for name in header]
            columns = self.schema.match(header)
            for line, row in enumerate(rows, start=2):
                cells = [strip_invisible(cell) for cell in row]
                yield self.schema.build(columns, cells, line)"""

# tests/test_reader.py ends at line 131 before any change; the new tests go after it
_TESTS_END = 131

_TESTS_CLEAN = r"""    assert read_table(path, STOCK, delimiter=";")[0].qty == 12


BOM = b"\xef\xbb\xbf"


def test_bom_header_is_found(tmp_path):
    path = tmp_path / "stock.csv"
    path.write_bytes(BOM + b"id,name,qty,unit_price\r\n1,Hex bolt M8,200,0.12\r\n")
    assert [r.id for r in read_records(path, STOCK)] == [1]


def test_zero_width_space_in_header_is_dropped(tmp_path):
    path = tmp_path / "stock.csv"
    path.write_text("id,na\u200bme,qty,unit_price\r\n1,Hex bolt M8,200,0.12\r\n", "utf-8")
    assert [r.name for r in read_records(path, STOCK)] == ["Hex bolt M8"]


def test_no_break_space_in_cell_is_dropped(tmp_path):
    path = tmp_path / "stock.csv"
    path.write_text("id,name,qty,unit_price\r\n1,Hex\u00a0bolt,2\u00a0000,0.12\r\n", "utf-8")
    (record,) = read_records(path, STOCK)
    assert (record.name, record.qty) == ("Hexbolt", 2000)


def test_clean_file_object(tmp_path):
    path = tmp_path / "stock.csv"
    path.write_bytes(BOM + b"id,name,qty,unit_price\r\n1,Hex bolt M8,200,0.12\r\n")
    with open(path, newline="", encoding="utf-8") as f:
        assert [r.id for r in read_records(f, STOCK)] == [1]"""

_OPEN_SIG = r'''def _open_source(source: Source, encoding: str | None) -> tuple[TextIO, bool]:
    """A text stream over `source`, and whether we opened it (and so must close it).

    A path with no encoding given is read as utf-8-sig: UTF-8 that may start with the
    byte-order mark Excel writes in "CSV UTF-8" (#318); plain UTF-8 reads the same."""
    if isinstance(source, (str, os.PathLike)):
        if encoding is None:
            encoding = "utf-8-sig"
        return open(source, newline="", encoding=encoding), True
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)):
        raise TypeError("sheetrows reads text: open the file with open(path, newline='')")
    return source, False


def _strip_bom(header: list[str]) -> list[str]:
    """The header of a file object the caller opened, without a leading byte-order mark: one
    opened as utf-8 keeps it in its first name (#318). The first name only; the cells are
    never touched."""
    if header and header[0].startswith("\ufeff"):
        return [header[0][1:], *header[1:]]
    return header'''

_RECORDS_BOM = r"""            header = next(rows, None)
            if header is None:
                raise EmptySourceError(source)
            if not owned:
                header = _strip_bom(header)
            columns = self.schema.match(header)"""

_READER_NEW = _READER.replace(
    _READER[_READER.index("def _open_source") : _READER.index("\n\n\nclass Reader")],
    _OPEN_SIG,
).replace(
    "            header = next(rows, None)\n            if header is None:\n"
    "                raise EmptySourceError(source)\n"
    "            columns = self.schema.match(header)",
    _RECORDS_BOM,
)
_OPEN_AT = _at(_READER, "def _open_source")
_HEADER_AT = _at(_READER_NEW, "header = next(rows, None)")

_TESTS_BOM = r'''    assert read_table(path, STOCK, delimiter=";")[0].qty == 12


BOM = b"\xef\xbb\xbf"
# a stock sheet as Excel for Microsoft 365 saves it, "CSV UTF-8 (Comma delimited)" (#318)
EXPORT = "id,name,qty,unit_price\r\n1,Hex bolt M8,200,0.12\r\n2,Washer 10\u00a0mm,500,0.03\r\n"


def _export(tmp_path, text=EXPORT, bom=BOM):
    path = tmp_path / "stock.csv"
    path.write_bytes(bom + text.encode("utf-8"))
    return path


def test_path_with_bom(tmp_path):
    records = list(read_records(_export(tmp_path), STOCK))
    assert [r.id for r in records] == [1, 2]


def test_path_with_bom_semicolon(tmp_path):
    # Excel in a German or Polish locale writes "CSV UTF-8" with semicolons
    path = _export(tmp_path, EXPORT.replace(",", ";"))
    assert [r.qty for r in read_records(path, STOCK)] == [200, 500]


def test_file_object_with_bom(tmp_path):
    with open(_export(tmp_path), newline="", encoding="utf-8") as f:
        assert [r.id for r in read_records(f, STOCK)] == [1, 2]


def test_cells_keep_no_break_space(tmp_path):
    """Only the BOM goes: a no-break space in a cell is the sheet's own data."""
    records = list(read_records(_export(tmp_path), STOCK))
    assert records[1].name == "Washer 10\u00a0mm"


def test_plain_utf8_path_unchanged(tmp_path):
    records = list(read_records(_export(tmp_path, bom=b""), STOCK))
    assert [r.name for r in records] == ["Hex bolt M8", "Washer 10\u00a0mm"]'''

_TESTS_BOM_LINES = _TESTS_END + len(_TESTS_BOM.split("\n")) - 1
_FAILED = (
    "tests/test_reader.py::test_path_with_bom",
    "tests/test_reader.py::test_path_with_bom_semicolon",
    "tests/test_reader.py::test_cells_keep_no_break_space",
)
_SUMMARY = (
    "=========================== short test summary info ============================\n"
    + "".join(f"FAILED {t} - {_MISSING}\n" for t in _FAILED)
)
# the new tests end tests/test_reader.py; test_records and test_schema run after it
_FAIL_AT = (171, 172, 174)
_PATH_BOM_AT = _at(_TESTS_BOM, "records = list(read_records(_export(tmp_path), STOCK))", 131)
_SHORT_TB = (
    "_________________________________ test_path_with_bom _________________________________\n"
    f"tests/test_reader.py:{_PATH_BOM_AT}: in test_path_with_bom\n"
    "    records = list(read_records(_export(tmp_path), STOCK))\n"
    "sheetrows/api.py:23: in read_records\n"
    "    yield from Reader(schema, encoding=encoding, delimiter=delimiter).records(source)\n"
    f"sheetrows/reader.py:{_at(_READER_NEW, 'self.schema.match')}: in records\n"
    "    columns = self.schema.match(header)\n"
    "sheetrows/schema.py:88: in match\n"
    "    raise MissingColumnError(missing, header)\n"
    f"E   {_MISSING}\n"
)

_PIP = (
    "Obtaining file:///testbed\n"
    "  Installing build dependencies ... done\n"
    "  Checking if build backend supports build_editable ... done\n"
    "  Getting requirements to build editable ... done\n"
    "  Preparing editable metadata (pyproject.toml) ... done\n"
    "Building wheels for collected packages: sheetrows\n"
    "  Building editable for sheetrows (pyproject.toml) ... done\n"
    "  Created wheel for sheetrows: filename=sheetrows-2.4.1-0.editable-py3-none-any.whl "
    "size=4718 sha256=3f0c9a1d7be24e0f86c1d2a95b7e41c06d8f3a2b9e5c7d14f0a6b3c8e2d91f57\n"
    "  Stored in directory: /tmp/pip-ephem-wheel-cache-k2v9q1xe/wheels/8c/41/0e/"
    "7d2f9b1ae3c54d6b8f0a2e9c1d7b3a5f4e6c8d0b2a4f6e8c0d2b4a6\n"
    "Successfully built sheetrows\n"
    "Installing collected packages: sheetrows\n"
    "  Attempting uninstall: sheetrows\n"
    "    Found existing installation: sheetrows 2.4.1\n"
    "    Uninstalling sheetrows-2.4.1:\n"
    "      Successfully uninstalled sheetrows-2.4.1\n"
    "Successfully installed sheetrows-2.4.1\n"
)

_API = r'''"""The one-call entry points: read_records and read_table."""

from __future__ import annotations

from collections.abc import Iterator

from .reader import Reader, Source
from .records import Record
from .schema import Schema

__all__ = ["read_records", "read_table"]


def read_records(
    source: Source,
    schema: Schema,
    *,
    encoding: str = "utf-8",
    delimiter: str | None = None,
) -> Iterator[Record]:
    """The rows of the CSV export `source` (a path, or a text file object opened with
    newline=''), each as a Record of `schema`. `delimiter` is sniffed when not given."""
    yield from Reader(schema, encoding=encoding, delimiter=delimiter).records(source)


def read_table(source: Source, schema: Schema, **options: object) -> list[Record]:
    """All of read_records(source, schema, **options), as a list."""
    return list(read_records(source, schema, **options))'''


_API_FIXED = r'''def read_records(
    source: Source,
    schema: Schema,
    *,
    encoding: str | None = None,
    delimiter: str | None = None,
) -> Iterator[Record]:
    """The rows of the CSV export `source` (a path, or a text file object opened with
    newline=''), each as a Record of `schema`. `delimiter` is sniffed when not given.
    `encoding` is used as given; without one a path is read as UTF-8, with or without
    the byte-order mark Excel writes (utf-8-sig, #318)."""'''

_TESTS_CP1252 = r'''    assert [r.name for r in records] == ["Hex bolt M8", "Washer 10\u00a0mm"]


def test_explicit_encoding_is_used(tmp_path):
    # Excel's plain "CSV (Comma delimited)" on Windows is cp1252: the é of Café is 0xe9
    path = tmp_path / "stock.csv"
    path.write_bytes("id,name,qty,unit_price\r\n7,Café table,3,129.00\r\n".encode("cp1252"))
    (record,) = read_records(path, STOCK, encoding="cp1252")
    assert record.name == "Café table"'''

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "tallyforge__sheetrows-318)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    'the directory /testbed. Consider the following issue:\n<issue>\nExcel "CSV UTF-8" '
    "exports fail with MissingColumnError for 'id'\n\nsheetrows 2.4.1, Python 3.11, Excel for "
    'Microsoft 365 on Windows. Our stock sheet, saved with File > Save As > "CSV UTF-8 (Comma '
    'delimited) (*.csv)", no longer loads:\n\n```python\n>>> from sheetrows import '
    "read_records\n>>> from inventory.schemas import STOCK\n>>> "
    'list(read_records("stock.csv", STOCK))\nTraceback (most recent call last):\n  ...\n'
    f"{_MISSING}\n```\n\n"
    'The id column is right there in the sheet. The same sheet saved as plain "CSV (Comma '
    'delimited)" loads, but mangles our é and ß. `head -c 3 stock.csv | xxd` shows '
    "`00000000: efbb bf`. Three of our warehouse sites hit this since they moved to Microsoft "
    "365.\n</issue>\nMake the minimal changes to non-test files in /testbed so that the issue "
    "is resolved."
)
s.call(
    "bash",
    "a41c9e2 (HEAD -> main) Release 2.4.1\n6f0d3b8 read_table: accept **options (#309)\n"
    "e27a51c Sniff ';' and tab as delimiters (#301)\n---\nCHANGELOG.md\nREADME.md\n"
    "benchmarks/bench_read.py\ndocs/encodings.md\ndocs/index.md\ndocs/schemas.md\n"
    "pyproject.toml\nsheetrows/__init__.py\nsheetrows/api.py\nsheetrows/cli.py\n"
    "sheetrows/errors.py\nsheetrows/fields.py\nsheetrows/reader.py\nsheetrows/records.py\n"
    "sheetrows/schema.py\ntests/conftest.py\ntests/test_cli.py\ntests/test_errors.py\n"
    "tests/test_fields.py\ntests/test_reader.py\ntests/test_records.py\ntests/test_schema.py\n"
    "---\n" + _dots(204) + "204 passed in 3.12s\n",
    command="cd /testbed && git log --oneline -3 && echo --- && git ls-files && echo --- "
    "&& python -m pytest -q",
)
s.call(
    "open",
    f"[File: /testbed/sheetrows/reader.py ({len(_READER.split(chr(10)))} lines total)]\n"
    + _lines(1, _READER),
    path="/testbed/sheetrows/reader.py",
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (9 lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call("bash", _repro_tb(_READER), command="cd /testbed && python reproduce.py")
s.call(
    "create",
    "[File: /testbed/sheetrows/_clean.py (14 lines total)]\n" + _lines(1, _CLEAN_PY),
    "Reproduced: the first header name is '\\ufeffid', the byte-order mark glued to 'id', so "
    "Schema.match (schema.py line 88) cannot find the column. The mark is one of several "
    "characters spreadsheets leave that nobody can see: zero-width spaces and joiners and "
    "no-break spaces come in the same way when people paste from web pages. I'll add "
    "strip_invisible in a new sheetrows/_clean.py, a regex over those characters, and run "
    "every header and every cell through it in Reader.records.",
    filename="/testbed/sheetrows/_clean.py",
)
s.call(
    "edit",
    "[File: /testbed/sheetrows/reader.py (64 lines total)]\n"
    + _lines(11, _IMPORT_CLEAN)
    + f"...\n{_EDITED}",
    start_line=11,
    end_line=11,
    replacement_text=_IMPORT_CLEAN + "\n",
)
s.call(
    "edit",
    "[File: /testbed/sheetrows/reader.py (66 lines total)]\n"
    + _lines(52, _RECORDS_CLEAN)
    + f"...\n{_EDITED}",
    start_line=52,
    end_line=54,
    replacement_text=_RECORDS_CLEAN + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_reader.py ({_TESTS_END - 1 + len(_TESTS_CLEAN.split(chr(10)))} "
    "lines total)]\n" + _lines(_TESTS_END, _TESTS_CLEAN) + _EDITED,
    start_line=_TESTS_END,
    end_line=_TESTS_END,
    replacement_text=_TESTS_CLEAN + "\n",
)
s.call(
    "bash",
    "[Record(id=1, name='Hex bolt M8', qty=200, unit_price=0.12)]\n"
    "[Record(id=1, name='Hex bolt M8', qty=200, unit_price=0.12)]\n---\n"
    + _dots(208)
    + "208 passed in 3.19s\n",
    command="cd /testbed && python reproduce.py && echo --- && python -m pytest -q",
)
s.call(
    "bash",
    "bench_read: 250000 rows x 9 columns (41.7 MB), best of 5: 1.84 s\n"
    "bench_read: 250000 rows x 9 columns (41.7 MB), best of 5: 2.61 s\n",
    "Tests pass. Checking what running every cell through the regex costs: bench_read on "
    "main (the stash takes the reader.py edit out) and then on the branch.",
    command="cd /testbed && git stash -q && python benchmarks/bench_read.py && git stash pop "
    "-q && python benchmarks/bench_read.py",
)
s.say(
    "Done: sheetrows/_clean.py's strip_invisible takes the BOM, zero-width spaces and joiners, "
    "the word joiner and no-break spaces out of every header and cell, so the Excel export "
    "reads, by path and by file object. All 208 tests pass, 4 of them new. It costs: "
    "bench_read goes from 1.84 s to 2.61 s (+42%) for 250,000 rows."
)
s.user(
    "Please don't strip characters out of people's data. The BOM is an encoding matter, and "
    "it is only ever at the very start of the file, never in a cell. U+00A0 and the "
    "zero-width joiners are real content: our users' product names have a no-break space "
    'between number and unit ("Washer 10\\u00a0mm") that their ERP matches on, and U+200D '
    "is part of Sinhala and Devanagari names and of emoji. A reader that silently rewrites "
    "values is a worse bug than this one. And it is a regex on every cell: your own "
    "bench_read, 1.84 s to 2.61 s. No new module either. Do it in the existing reader: when "
    "the caller gives no encoding and the source is a path, open it with encoding='utf-8-sig' "
    "(it reads plain UTF-8 exactly the same); when it's a file object the caller opened, "
    "strip a leading '\\ufeff' from the first header name only. An explicit encoding is used "
    "as given."
)
s.call(
    "bash",
    "Updated 2 paths from the index\n?? reproduce.py\n",
    "Understood: no new module and no cell is touched; utf-8-sig for a path with no "
    "encoding, and the first header name of a file object. Removing sheetrows/_clean.py and "
    "restoring reader.py and the tests.",
    command="cd /testbed && rm sheetrows/_clean.py && git checkout sheetrows/reader.py "
    "tests/test_reader.py && git status --short",
)
s.call(
    "edit",
    f"[File: /testbed/sheetrows/reader.py ({len(_READER_NEW.split(chr(10))) - 2} lines total)]\n"
    + _lines(_OPEN_AT, _OPEN_SIG)
    + f"...\n{_EDITED}",
    start_line=_OPEN_AT,
    end_line=_OPEN_AT + 6,
    replacement_text=_OPEN_SIG + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/sheetrows/reader.py ({len(_READER_NEW.split(chr(10)))} lines total)]\n"
    + _lines(_HEADER_AT, _RECORDS_BOM)
    + f"...\n{_EDITED}",
    start_line=_HEADER_AT,
    end_line=_HEADER_AT + 3,
    replacement_text=_RECORDS_BOM + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_reader.py ({_TESTS_BOM_LINES} lines total)]\n"
    + _lines(_TESTS_END, _TESTS_BOM)
    + _EDITED,
    start_line=_TESTS_END,
    end_line=_TESTS_END,
    replacement_text=_TESTS_BOM + "\n",
)
s.call(
    "bash",
    _repro_tb(_READER_NEW) + "---\n" + _SHORT_TB + _SUMMARY + "3 failed, 206 passed in 3.27s\n",
    command="cd /testbed && python reproduce.py; echo ---; "
    "python -m pytest -q --tb=short 2>&1 | tail -14",
)
s.call(
    "bash",
    _PIP + "---\n" + _dots(206, _FAIL_AT) + _SUMMARY + "3 failed, 206 passed in 3.41s\n",
    "Three failures, all on a path with a BOM, and the repro's first read still raises the "
    "same MissingColumnError, yet _open_source now opens a path with no encoding as "
    "utf-8-sig. The file-object test passes, so _strip_bom runs and the path branch looks as "
    "if it were the old one. The testbed had sheetrows installed with pip install . at "
    "setup, so this looks like a stale install, with stale bytecode on top: the tests would "
    "be importing the old reader.py from site-packages. Clearing __pycache__, reinstalling "
    "editable and running again.",
    command="cd /testbed && find . -name __pycache__ -prune -exec rm -rf {} + && pip install "
    "-e . 2>&1 | tail -17 && echo --- && python -m pytest -q --tb=no",
)
s.call(
    "bash",
    "/testbed/sheetrows/__init__.py\n---\n[Record(id=1, name='Hex bolt M8', qty=200, "
    "unit_price=0.12)]\n",
    "Same three failures after a clean reinstall. Making sure which copy is imported, and "
    "reading the path through Reader directly, without read_records.",
    command="cd /testbed && python -c 'import sheetrows; print(sheetrows.__file__)' && echo "
    "--- && python -c 'from sheetrows import Field, Schema; from sheetrows.reader import "
    'Reader; s = Schema(Field("id", int), Field("name", str), Field("qty", int), '
    'Field("unit_price", float)); print(list(Reader(s).records("/tmp/stock.csv")))\'',
)
s.call(
    "open",
    "[File: /testbed/sheetrows/api.py (28 lines total)]\n" + _lines(1, _API),
    "It is not a stale install: sheetrows comes from /testbed, and Reader on the same path "
    "reads the record. So the code is right and what reaches it is not: the traceback "
    "goes through sheetrows/api.py line 23. Opening it.",
    path="/testbed/sheetrows/api.py",
)
s.call(
    "edit",
    "[File: /testbed/sheetrows/api.py (31 lines total)]\n"
    + _lines(14, _API_FIXED)
    + f"...\n{_EDITED}",
    'There it is: read_records declares encoding: str = "utf-8", so every call through the '
    "public API hands Reader the explicit 'utf-8' and _open_source's `encoding is None` "
    "branch never runs; only Reader used directly gets None. Making the default None, as "
    "Reader's own, and saying so in the docstring.",
    start_line=14,
    end_line=22,
    replacement_text=_API_FIXED + "\n",
)
s.call(
    "bash",
    _dots(209) + "209 passed in 3.18s\n---\n"
    "[Record(id=1, name='Hex bolt M8', qty=200, unit_price=0.12)]\n"
    "[Record(id=1, name='Hex bolt M8', qty=200, unit_price=0.12)]\n",
    command="cd /testbed && python -m pytest -q && echo --- && python reproduce.py",
)
s.user(
    "@tomasz-wrobel reviewed PR #321. His points, and my answers:\n\n"
    "> 1. For file objects, make sure only the first header name loses the BOM: nothing in "
    "the cells may be touched.\n\n"
    "That's already the case: _strip_bom only looks at header[0], and "
    "test_cells_keep_no_break_space covers the cells. Nothing to do.\n\n"
    "> 2. Why not detect the encoding with charset-normalizer? cp1252 and UTF-16 exports "
    "would work too.\n\n"
    "I answered on the PR: no new dependency for a reader this small, and detection guesses "
    "(it called our cp1252 fixtures mac_roman); utf-8-sig is exact for the export in the "
    "issue. No change.\n\n"
    '> 3. Excel\'s "Unicode Text" export is UTF-16 LE with tabs, and it starts with a BOM '
    "too (ff fe).\n\n"
    "Fair, but that's a new format, not this bug. I opened #324 for it. Leave UTF-16 out of "
    "this PR.\n\n"
    '> 4. Changing read_records\' default from "utf-8" to None must not change what an '
    'explicit encoding does: add a test that encoding="cp1252" still reads a Windows-1252 '
    'export. And docs/encodings.md still says the default is "utf-8": update it, and add a '
    "CHANGELOG.md entry under 2.4.2, since a default changed.\n\n"
    "Still to do: the cp1252 test first, then docs/encodings.md and the CHANGELOG entry."
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_reader.py ({_TESTS_BOM_LINES - 1 + len(_TESTS_CP1252.split(chr(10)))} "
    "lines total)]\n" + _lines(_TESTS_BOM_LINES, _TESTS_CP1252) + _EDITED,
    start_line=_TESTS_BOM_LINES,
    end_line=_TESTS_BOM_LINES,
    replacement_text=_TESTS_CP1252 + "\n",
)
s.call(
    "bash",
    _dots(210) + "210 passed in 3.22s\n---\n M sheetrows/api.py\n M sheetrows/reader.py\n"
    " M tests/test_reader.py\n?? reproduce.py\n",
    command="cd /testbed && python -m pytest -q && echo --- && git status --short",
)
s.say(
    'test_explicit_encoding_is_used is in: a cp1252 export read with encoding="cp1252" '
    "gives 'Café table', so an explicit encoding still wins over the new None default, and "
    "all 210 tests pass. Of the review, point 1 is what is left: file objects. Next I'll "
    "change _strip_bom so that it strips the BOM from the first header name only and leaves "
    "every cell alone, and add a test for a file object whose cells hold a no-break space."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve tallyforge__sheetrows-318 (issue #318): sheetrows 2.4.1 reads a sheet "
             "Excel saved as \"CSV UTF-8\", which starts with a byte-order mark (ef bb bf), "
             "so the first header is '\\ufeffid' and read_records raises MissingColumnError "
             "for 'id'; minimal changes to non-test files.",
             must=(("bom", "byte-order mark", "byte order mark", "\\ufeff", "utf-8-sig",
                    "ef bb bf", "efbb bf"),
                   ("header", "missingcolumnerror", "missing column", "'id'", "id column")),
             partial_means="The MissingColumnError without the byte-order mark, or the mark "
                           "without the missing header.",
             wrong="UTF-16 exports, cp1252 mangling or encoding detection given as the task."),
    Question("latest_request", "What did the user last ask?",
             "@tomasz-wrobel's review of PR #321 with the user's answers: (1) only the first "
             "header name of a file object loses the BOM, already the case; (2) no "
             "charset-normalizer (answered on the PR); (3) UTF-16 \"Unicode Text\" exports "
             "are #324, leave them out; (4) a test that an explicit encoding=\"cp1252\" "
             "still works, then update docs/encodings.md and add a CHANGELOG.md entry under "
             "2.4.2.",
             must=(("cp1252", "encodings.md", "changelog"),
                   ("#324", "charset-normalizer", "utf-16", "tomasz", "answered on the pr",
                    "review")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Adding UTF-16 or charset-normalizer in this PR.",
             stale_means="The issue itself, or the user's no-new-module correction, given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Update docs/encodings.md, which still says the default encoding is \"utf-8\", "
             "and add a CHANGELOG.md entry under 2.4.2 for the new default, then run pytest, "
             "delete reproduce.py and submit. The cp1252 test is in and passes; the first "
             "header name only of a file object was already the case before the review "
             "(_strip_bom, test_cells_keep_no_break_space); UTF-16 is #324.",
             must=(("encodings.md", "changelog"),
                   ("reproduce.py", "submit", "pytest")),
             stale=("_strip_bom", "first header", "leaves every cell", "charset-normalizer",
                    "utf-16", "#324", "_clean.py", "strip_invisible"),
             partial_means="The docs and CHANGELOG without what follows, or only 'submit'.",
             wrong="Writing the cp1252 test again; adding encoding detection.",
             stale_means="Says to change _strip_bom so only the first header name of a file "
                         "object loses the BOM (already the case, and tested), to add UTF-16 "
                         "(put off to #324) or charset-normalizer, or to go back to "
                         "strip_invisible."),
    Question("files_edited", "Which files were changed, and why?",
             "sheetrows/reader.py: _open_source opens a path with no encoding as utf-8-sig, "
             "and _strip_bom takes a leading '\\ufeff' off the first header name of a file "
             "object; sheetrows/api.py: read_records' encoding default is None instead of "
             "\"utf-8\"; tests/test_reader.py: six tests (path with BOM, with semicolons, file "
             "object, cells keep a no-break space, plain UTF-8, explicit cp1252). "
             "sheetrows/_clean.py (strip_invisible) was created and deleted and reader.py and "
             "tests/test_reader.py checked out again; reproduce.py is scratch.",
             must=(("reader.py",),
                   ("api.py",),
                   ("test_reader.py",)),
             stale=("_clean.py", "strip_invisible"),
             partial_means="reader.py without api.py, or without the tests.",
             wrong="docs/encodings.md or CHANGELOG.md given as changed.",
             stale_means="sheetrows/_clean.py (strip_invisible) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The BOM is handled as encoding, in the existing reader.py: a path with no "
             "encoding is opened as utf-8-sig (plain UTF-8 reads the same), a file object's "
             "first header name loses a leading '\\ufeff', an explicit encoding is used as "
             "given, and no cell is touched. It rules out strip_invisible, a regex over the "
             "BOM, zero-width characters and no-break spaces on every header and cell in a "
             "new sheetrows/_clean.py, and (review) encoding detection with "
             "charset-normalizer.",
             must=(("utf-8-sig",),
                   ("_clean.py", "new module", "every cell", "strip_invisible", "regex")),
             stale=("strip_invisible", "_clean.py", "every header and cell"),
             partial_means="utf-8-sig without what it rules out.",
             wrong="Encoding detection with charset-normalizer; UTF-16 support.",
             stale_means="strip_invisible in sheetrows/_clean.py, stripping invisible "
                         "characters from every header and cell, given as the design."),
    Question("review", "What did the review find?",
             "@tomasz-wrobel on PR #321: (1) for file objects only the first header name may "
             "lose the BOM, no cell touched (already the case, _strip_bom and "
             "test_cells_keep_no_break_space); (2) why not detect the encoding with "
             "charset-normalizer (answered on the PR: no new dependency, detection guesses); "
             "(3) Excel's UTF-16 LE \"Unicode Text\" export (put off to #324); (4) an "
             "explicit encoding=\"cp1252\" must still work, with a test (done since), and "
             "docs/encodings.md and a CHANGELOG.md entry under 2.4.2 (not written).",
             must=(("first header", "header[0]", "only the first", "cells"),
                   ("charset-normalizer", "detect"),
                   ("utf-16", "#324", "unicode text"),
                   ("cp1252", "encodings.md", "changelog")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The MissingColumnError after the change or the no-new-module correction "
                   "given as a review point."),
    Question("corrections", "How did the user correct the agent?",
             "Do not strip characters out of people's data: no strip_invisible over every "
             "header and cell and no new module (_clean.py). No-break spaces (\"Washer "
             "10\\u00a0mm\") and U+200D are real content, a reader must not rewrite values, "
             "and the regex on every cell took bench_read from 1.84 s to 2.61 s. The BOM is "
             "encoding: in the existing reader, open a path with no encoding as utf-8-sig, "
             "strip a leading '\\ufeff' from a file object's first header name only, use an "
             "explicit encoding as given.",
             must=(("_clean.py", "new module", "every cell", "strip_invisible", "regex",
                    "rewrite"),
                   ("utf-8-sig",)),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="utf-8-sig without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With utf-8-sig in _open_source, three path tests and reproduce.py still raised "
             "MissingColumnError for '\\ufeffid'. Clearing __pycache__, pip install -e . and "
             "a re-run gave the same three failures (sheetrows.__file__ is /testbed, not a "
             "stale install); the cause was sheetrows/api.py's read_records default "
             "encoding=\"utf-8\", so the reader's no-encoding branch never ran, fixed by "
             "making the default None.",
             must=(("missingcolumnerror", "missing column", "still failed", "three path "
                    "tests", "3 failed"),
                   ("api.py", "default encoding", "default of read_records",
                    "read_records default", "default to none", "default none")),
             stale=("fixed by clearing", "fixed by pip install", "fixed by reinstall",
                    "fixed by a re-run", "fixed by re-running", "stale install",
                    "stale bytecode"),
             partial_means="The MissingColumnError without the api.py default, or the reverse.",
             wrong="A UnicodeDecodeError or a TypeError given as the failure.",
             stale_means="The MissingColumnError 'fixed' by clearing __pycache__, pip install "
                         "-e . and a re-run, or put down to a stale install or bytecode."),
    Question("key_values", "Which key values matter?",
             "sheetrows 2.4.1 on Python 3.11; the BOM is ef bb bf, read as '\\ufeffid'; "
             "strip_invisible took bench_read (250,000 rows) from 1.84 s to 2.61 s (+42%); 204 "
             "tests before, 3 failed, 210 pass now; issue #318, PR #321, #324 (UTF-16); the "
             "CHANGELOG entry under 2.4.2.",
             must=(("2.4.1", "#318", "1.84", "2.61"),
                   ("210 passed", "210 tests", "204 tests", "204 passed")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "sheetrows/reader.py holds Reader and _open_source (opens the source, sniffs the "
             "dialect, reads the header); sheetrows/api.py the public read_records and "
             "read_table, whose defaults reach Reader; sheetrows/schema.py Schema.match, which "
             "raises MissingColumnError; tests/test_reader.py the reader's tests; "
             "benchmarks/bench_read.py the 250,000-row timing; reproduce.py a scratch repro.",
             must=(("reader.py",),
                   ("api.py", "reproduce.py", "scratch", "schema.py", "bench_read")),
             partial_means="The files named without what they hold.",
             wrong="sheetrows/_clean.py as what handles the BOM."),
    Question("pending", "What work is still pending?",
             "Updating docs/encodings.md (the default is no longer \"utf-8\") and the "
             "CHANGELOG.md entry under 2.4.2, a pytest run, deleting reproduce.py and "
             "submitting; UTF-16 \"Unicode Text\" exports are left to #324.",
             must=(("encodings.md", "changelog"),
                   ("reproduce.py", "submit")),
             partial_means="The docs and CHANGELOG without the rest, or the reverse.",
             wrong="The cp1252 test or the first-header-only stripping as pending."),
    Question("state", "What is the state of the work?",
             "reader.py opens a path with no encoding as utf-8-sig and strips a file "
             "object's leading BOM from the first header name; api.py's default encoding is "
             "None; all 210 tests pass and the repro reads the record both ways; "
             "docs/encodings.md and CHANGELOG.md are not updated, reproduce.py is still in "
             "the tree, nothing is committed or submitted.",
             must=(("210 passed", "210 tests", "tests pass"),
                   ("not updated", "not submitted", "encodings.md", "changelog")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or UTF-16 handled.",
             stale_means="Says the reader strips invisible characters from every cell."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
