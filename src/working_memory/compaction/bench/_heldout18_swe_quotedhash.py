"""Held out, eighteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, Python (a .env file parser, tested with
pytest and Hypothesis): envfile's parse_line() cuts every value at its first '#', so
DATABASE_URL="postgres://app:p#ss@db:5432/app" loads as '"postgres://app:p', opening quote
kept (issue #142); a shlex.shlex tokenizer in a new envfile/_lexer.py, then ruled out by the
user in their own words (posix shlex eats the backslashes of unquoted Windows paths,
C:\\logs\\app becomes C:logsapp, as in #97; no new module) for a _split_value() in parser.py
that takes a quoted value up to its closing quote; _lexer.py deleted and parser.py checked out
again; the Hypothesis round trip, once '#' is let into its alphabet, fails on value='"'
(loaded back as a lone backslash), which clearing .hypothesis and __pycache__ and a re-run did
not fix and skipping the backslash-escaped character inside double quotes did; @ingrid-holm's
four points, answered by the user: one done before the review (single quotes), one answered on
the thread (an unterminated quote stays lenient in 1.x), one put off to #151 (a '#' after
whitespace in unquoted values), one to do (a CHANGELOG entry, written since, and an export
test, not written); reproduce.py still in the tree; the assistant's last words name the export
test, the right next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)
_ROUNDTRIP_FAIL = (
    "......................................F.                                 [100%]\n"
    "=================================== FAILURES ===================================\n"
    "___________________________ test_dump_load_roundtrip ___________________________\n\n"
    "    @given(keys, values)\n>   def test_dump_load_roundtrip(key, value):\n\n"
    "tests/test_roundtrip.py:11: \n"
    "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n\n"
    "key = 'A', value = '\"'\n\n"
    "    @given(keys, values)\n    def test_dump_load_roundtrip(key, value):\n"
    ">       assert envfile.loads(envfile.dumps({key: value})) == {key: value}\n"
    "E       assert {'A': '\\\\'} == {'A': '\"'}\nE         \n"
    "E         Differing items:\nE         {'A': '\\\\'} != {'A': '\"'}\n"
    "E         Use -v to get more diff\n"
    "E       Falsifying example: test_dump_load_roundtrip(\n"
    "E           key='A',\nE           value='\"',\nE       )\n\n"
    "tests/test_roundtrip.py:12: AssertionError\n"
    "=========================== short test summary info ============================\n"
    "FAILED tests/test_roundtrip.py::test_dump_load_roundtrip - assert {'A': '\\\\'} == "
    "{'A': '\"'}\n"
)

_WHY = (
    "Same falsifying example with an empty database, so Hypothesis found it fresh: the bug is "
    "real. dumps() writes a '\"' inside a value as \\\", so {'A': '\"'} is written A=\"\\\"\". "
    "_split_value() takes the first '\"' after the opening one as the closing quote, which is "
    "the escaped one: it returns the lone backslash between them and drops the rest. Inside "
    "double quotes the scan has to skip the character after a backslash; single quotes have "
    "no escapes, so they keep the plain find."
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "kestrel-labs__envfile-142)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\n'#' inside a quoted "
    "value is treated as a comment\n\nWith envfile 1.4.2 and this .env:\n\n```\n"
    'DATABASE_URL="postgres://app:p#ss@db:5432/app"  # primary\n```\n\n'
    "`envfile.load()` gives me `'\"postgres://app:p'`: the password is cut at the `#` and "
    "the opening quote is left on. Quoting the value is the documented way to keep special "
    "characters, so I'd expect the whole URL.\n</issue>\nMake the minimal changes to non-test "
    "files in /testbed so that the issue is resolved."
)
s.call(
    "open",
    "[File: /testbed/envfile/parser.py (54 lines total)]\n"
    '1:"""Read the lines of a .env file into (key, value) pairs."""\n2:\n'
    "3:from __future__ import annotations\n4:\n5:import re\n6:\n"
    "7:from .errors import ParseError\n8:\n"
    '9:_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\\Z")\n'
    '10:_ESCAPES = {"n": "\\n", "t": "\\t", "r": "\\r", \'"\': \'"\', "\\\\": "\\\\"}\n'
    "11:\n12:\n13:def _unescape(text: str) -> str:\n"
    '14:    """Undo the escapes dumps() writes inside double quotes."""\n'
    "15:    out = []\n16:    i = 0\n17:    while i < len(text):\n18:        c = text[i]\n"
    '19:        if c == "\\\\" and i + 1 < len(text) and text[i + 1] in _ESCAPES:\n'
    "20:            out.append(_ESCAPES[text[i + 1]])\n21:            i += 2\n"
    "22:            continue\n23:        out.append(c)\n24:        i += 1\n"
    '25:    return "".join(out)\n26:\n27:\n'
    "28:def parse_line(line: str, lineno: int = 0) -> tuple[str, str] | None:\n"
    '29:    """The (key, value) of one line; None for a blank line or a comment."""\n'
    "30:    line = line.strip()\n"
    '31:    if not line or line.startswith("#"):\n32:        return None\n'
    '33:    if line.startswith("export "):\n'
    '34:        line = line[len("export ") :].lstrip()\n'
    '35:    key, sep, value = line.partition("=")\n36:    key = key.strip()\n'
    "37:    if not sep or not _KEY.match(key):\n"
    '38:        raise ParseError(f"line {lineno}: expected KEY=value, got {line!r}", lineno)\n'
    '39:    value = value.split("#", 1)[0].strip()\n'
    "40:    if len(value) >= 2 and value[0] == value[-1] == '\"':\n"
    "41:        return key, _unescape(value[1:-1])\n"
    '42:    if len(value) >= 2 and value[0] == value[-1] == "\'":\n'
    "43:        return key, value[1:-1]\n44:    return key, value\n45:\n46:\n"
    "47:def parse(text: str) -> dict[str, str]:\n"
    '48:    """Every KEY=value of `text`, later keys overriding earlier ones."""\n'
    "49:    values: dict[str, str] = {}\n"
    "50:    for lineno, line in enumerate(text.splitlines(), start=1):\n"
    "51:        pair = parse_line(line, lineno)\n52:        if pair is not None:\n"
    "53:            values[pair[0]] = pair[1]\n54:    return values\n",
    path="/testbed/envfile/parser.py",
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (9 lines total)]\n1:import envfile\n2:\n"
    "3:text = r'''\n"
    '4:DATABASE_URL="postgres://app:p#ss@db:5432/app"  # primary\n'
    "5:SENTRY_DSN=https://k3y@o1.ingest.sentry.io/42 # unquoted, comment after\n"
    "6:'''\n7:\n8:for k, v in envfile.loads(text).items():\n"
    '9:    print(f"{k} = {v!r}")\n',
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "DATABASE_URL = '\"postgres://app:p'\nSENTRY_DSN = 'https://k3y@o1.ingest.sentry.io/42'\n",
    command="cd /testbed && python reproduce.py",
)
s.say(
    'Reproduced. parse_line() runs value.split("#", 1) on line 39 before it looks at quotes, '
    "so the URL is cut at p#ss and what is left, '\"postgres://app:p', no longer ends in a "
    "quote, so the quote is not stripped either. Quotes and comments have to be read together, "
    "as a shell does. The standard library already has that: shlex.shlex in posix mode with "
    "commenters='#'. I'll put a small lex_value() in a new envfile/_lexer.py and call it "
    "from parse_line."
)
s.call(
    "create",
    "[File: /testbed/envfile/_lexer.py (13 lines total)]\n"
    '1:"""Read a .env value as a POSIX shell reads a word: quotes, escapes, # comments."""\n'
    "2:\n3:from __future__ import annotations\n4:\n5:import shlex\n6:\n7:\n"
    "8:def lex_value(value: str) -> str:\n"
    "9:    lexer = shlex.shlex(value, posix=True)\n"
    "10:    lexer.whitespace_split = True\n"
    '11:    lexer.commenters = "#"\n'
    '12:    return " ".join(lexer)\n13:\n',
    filename="/testbed/envfile/_lexer.py",
)
s.call(
    "edit",
    "[File: /testbed/envfile/parser.py (49 lines total)]\n"
    '35:    key, sep, value = line.partition("=")\n36:    key = key.strip()\n'
    "37:    if not sep or not _KEY.match(key):\n"
    '38:        raise ParseError(f"line {lineno}: expected KEY=value, got {line!r}", lineno)\n'
    f"39:    return key, lex_value(value)\n...\n{_EDITED}",
    start_line=39,
    end_line=44,
    replacement_text="    return key, lex_value(value)\n",
)
s.call(
    "edit",
    "[File: /testbed/envfile/parser.py (50 lines total)]\n"
    "5:import re\n6:\n7:from ._lexer import lex_value\n8:from .errors import ParseError\n"
    f"...\n{_EDITED}",
    start_line=7,
    end_line=7,
    replacement_text="from ._lexer import lex_value\nfrom .errors import ParseError\n",
)
s.call(
    "bash",
    "DATABASE_URL = 'postgres://app:p#ss@db:5432/app'\n"
    "SENTRY_DSN = 'https://k3y@o1.ingest.sentry.io/42'\n---\n"
    "......................................                                   [100%]\n"
    "38 passed in 1.94s\n",
    command="cd /testbed && python reproduce.py; echo ---; python -m pytest -q",
)
s.user(
    "No, not shlex. In posix mode shlex eats backslashes outside quotes: LOG_DIR=C:\\logs\\app "
    "comes back as C:logsapp. We shipped exactly that in 1.2.0 and Windows users filed #97 "
    "within a day. And no new module for this. Keep it in parser.py: find the closing quote, "
    "take what's between the quotes, and only look for a comment after it. Unquoted values "
    "stay exactly as they are today."
)
s.call(
    "bash",
    "Updated 1 path from the index\n?? reproduce.py\n",
    "Understood: no shlex and no new module. Removing envfile/_lexer.py and restoring "
    "parser.py, then the quote scan goes into parser.py itself.",
    command="cd /testbed && rm envfile/_lexer.py && git checkout envfile/parser.py && "
    "git status --short",
)
s.call(
    "edit",
    "[File: /testbed/envfile/parser.py (63 lines total)]\n"
    "39:    return key, _split_value(value)\n40:\n41:\n"
    "42:def _split_value(raw: str) -> str:\n"
    '43:    """The value after \'=\': a quoted value up to its closing quote, a comment after '
    'it\n44:    dropped; an unquoted value up to its first \'#\', as before."""\n'
    "45:    raw = raw.strip()\n46:    quote = raw[:1]\n"
    "47:    if quote in (\"'\", '\"'):\n48:        end = raw.find(quote, 1)\n"
    "49:        if end != -1:\n50:            inner = raw[1:end]\n"
    "51:            return _unescape(inner) if quote == '\"' else inner\n"
    "52:        return raw  # unterminated: kept as written, as in 1.x\n"
    '53:    return raw.split("#", 1)[0].strip()\n'
    f"...\n{_EDITED}",
    start_line=39,
    end_line=44,
    replacement_text="    return key, _split_value(value)\n\n\n"
    "def _split_value(raw: str) -> str:\n"
    '    """The value after \'=\': a quoted value up to its closing quote, a comment after '
    'it\n    dropped; an unquoted value up to its first \'#\', as before."""\n'
    "    raw = raw.strip()\n    quote = raw[:1]\n    if quote in (\"'\", '\"'):\n"
    "        end = raw.find(quote, 1)\n        if end != -1:\n"
    "            inner = raw[1:end]\n"
    "            return _unescape(inner) if quote == '\"' else inner\n"
    "        return raw  # unterminated: kept as written, as in 1.x\n"
    '    return raw.split("#", 1)[0].strip()\n',
)
s.call(
    "edit",
    "[File: /testbed/reproduce.py (11 lines total)]\n"
    '4:DATABASE_URL="postgres://app:p#ss@db:5432/app"  # primary\n'
    "5:SENTRY_DSN=https://k3y@o1.ingest.sentry.io/42 # unquoted, comment after\n"
    "6:PASSWORD='p#ss' # single quotes\n7:LOG_DIR=C:\\logs\\app\n8:'''\n"
    f"{_EDITED}",
    start_line=5,
    end_line=5,
    replacement_text="SENTRY_DSN=https://k3y@o1.ingest.sentry.io/42 # unquoted, comment "
    "after\nPASSWORD='p#ss' # single quotes\nLOG_DIR=C:\\logs\\app\n",
)
s.call(
    "bash",
    "DATABASE_URL = 'postgres://app:p#ss@db:5432/app'\n"
    "SENTRY_DSN = 'https://k3y@o1.ingest.sentry.io/42'\nPASSWORD = 'p#ss'\n"
    "LOG_DIR = 'C:\\\\logs\\\\app'\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "edit",
    "[File: /testbed/tests/test_parser.py (73 lines total)]\n"
    "61:def test_double_quoted_hash():\n"
    "62:    assert parse_line('DATABASE_URL=\"postgres://app:p#ss@db:5432/app\"  # primary') "
    "== (\n"
    '63:        "DATABASE_URL",\n64:        "postgres://app:p#ss@db:5432/app",\n65:    )\n'
    "66:\n67:\n68:def test_single_quoted_hash():\n"
    "69:    # no escapes are read inside single quotes\n"
    '70:    assert parse_line("PASSWORD=\'p#ss\\\\n\' # db") == ("PASSWORD", "p#ss\\\\n")\n'
    f"{_EDITED}",
    start_line=59,
    end_line=59,
    replacement_text="\n\ndef test_double_quoted_hash():\n"
    "    assert parse_line('DATABASE_URL=\"postgres://app:p#ss@db:5432/app\"  # primary') "
    "== (\n"
    '        "DATABASE_URL",\n        "postgres://app:p#ss@db:5432/app",\n    )\n\n\n'
    "def test_single_quoted_hash():\n    # no escapes are read inside single quotes\n"
    '    assert parse_line("PASSWORD=\'p#ss\\\\n\' # db") == ("PASSWORD", "p#ss\\\\n")\n',
)
s.call(
    "open",
    "[File: /testbed/tests/test_roundtrip.py (19 lines total)]\n"
    "1:from hypothesis import given\n2:from hypothesis import strategies as st\n3:\n"
    "4:import envfile\n5:\n"
    '6:keys = st.from_regex(r"[A-Z_][A-Z0-9_]{0,8}", fullmatch=True)\n'
    "7:# printable ASCII; '#' left out until quoted values may hold one (#142)\n"
    "8:values = st.text(st.characters(min_codepoint=32, max_codepoint=126, "
    'blacklist_characters="#"))\n9:\n10:\n11:@given(keys, values)\n'
    "12:def test_dump_load_roundtrip(key, value):\n"
    "13:    assert envfile.loads(envfile.dumps({key: value})) == {key: value}\n14:\n15:\n"
    "16:@given(st.dictionaries(keys, values, max_size=5))\n"
    "17:def test_dumps_sorted(env):\n18:    lines = envfile.dumps(env).splitlines()\n"
    "19:    assert lines == sorted(lines)\n",
    path="/testbed/tests/test_roundtrip.py",
)
s.call(
    "edit",
    "[File: /testbed/tests/test_roundtrip.py (18 lines total)]\n"
    '6:keys = st.from_regex(r"[A-Z_][A-Z0-9_]{0,8}", fullmatch=True)\n'
    "7:values = st.text(st.characters(min_codepoint=32, max_codepoint=126))\n"
    f"{_EDITED}",
    "The round trip leaves '#' out of its values until quoted values may hold one (#142). "
    "They can now, so it should cover '#' too.",
    start_line=7,
    end_line=8,
    replacement_text="values = st.text(st.characters(min_codepoint=32, max_codepoint=126))\n",
)
s.call(
    "bash",
    _ROUNDTRIP_FAIL + "1 failed, 39 passed in 2.61s\n",
    command="cd /testbed && python -m pytest -q",
)
s.call(
    "bash",
    _ROUNDTRIP_FAIL + "1 failed, 39 passed in 3.07s\n",
    "The falsifying value is a single '\"', with no '#' in it at all, and the same strategy "
    "passed before my change with every printable character but '#'. Hypothesis replays the "
    "examples saved in .hypothesis/examples before it generates new ones, and the database "
    "was written while _lexer.py was in place, so this is probably a stale example from that "
    "run (and stale bytecode from before the checkout). Clearing both and re-running.",
    command="cd /testbed && rm -rf .hypothesis && find . -name __pycache__ -prune -exec rm -rf "
    "{} + && python -m pytest -q",
)
s.call(
    "edit",
    "[File: /testbed/envfile/parser.py (68 lines total)]\n"
    "47:    if quote in (\"'\", '\"'):\n48:        i = 1\n49:        while i < len(raw):\n"
    '50:            if quote == \'"\' and raw[i] == "\\\\":\n'
    '51:                i += 2  # an escaped character, \\" included, never closes the value\n'
    "52:                continue\n53:            if raw[i] == quote:\n"
    "54:                inner = raw[1:i]\n"
    "55:                return _unescape(inner) if quote == '\"' else inner\n"
    "56:            i += 1\n"
    "57:        return raw  # unterminated: kept as written, as in 1.x\n"
    f"{_EDITED}",
    _WHY,
    start_line=47,
    end_line=52,
    replacement_text="    if quote in (\"'\", '\"'):\n        i = 1\n        while i < len(raw):\n"
    '            if quote == \'"\' and raw[i] == "\\\\":\n'
    '                i += 2  # an escaped character, \\" included, never closes the value\n'
    "                continue\n            if raw[i] == quote:\n"
    "                inner = raw[1:i]\n"
    "                return _unescape(inner) if quote == '\"' else inner\n"
    "            i += 1\n        return raw  # unterminated: kept as written, as in 1.x\n",
)
s.call(
    "bash",
    "........................................                                 [100%]\n"
    "40 passed in 3.12s\n---\n"
    "DATABASE_URL = 'postgres://app:p#ss@db:5432/app'\n"
    "SENTRY_DSN = 'https://k3y@o1.ingest.sentry.io/42'\nPASSWORD = 'p#ss'\n"
    "LOG_DIR = 'C:\\\\logs\\\\app'\n",
    command="cd /testbed && python -m pytest -q; echo ---; python reproduce.py",
)
s.user(
    "@ingrid-holm reviewed the patch. Her points, with my answers:\n\n"
    "> 1. Single-quoted values need the same: PASSWORD='p#ss' has to load as p#ss, and "
    "nothing is unescaped inside single quotes.\n\n"
    "Done already: _split_value handles both quote kinds and test_single_quoted_hash covers "
    "it.\n\n"
    "> 2. An unterminated quote (KEY=\"abc): shouldn't parse_line raise ParseError now that "
    "it scans for the closing quote?\n\n"
    "I answered her on the thread: no. 1.x stays lenient, an unterminated quote is kept as "
    "written like today; raising can come with 2.0.\n\n"
    "> 3. For unquoted values, should a # only start a comment when there is whitespace before "
    "it, like docker compose (FOO=bar#baz gives bar#baz)?\n\n"
    "That changes what existing files load to, so not in this fix. I opened #151 for it. "
    "Leave unquoted values alone.\n\n"
    '> 4. Add an entry to CHANGELOG.md under Unreleased, and a test that export KEY="a#b" '
    "loads as a#b.\n\n"
    "Both still to do. The CHANGELOG entry first, then the export test."
)
s.call(
    "edit",
    "[File: /testbed/CHANGELOG.md (91 lines total)]\n1:# Changelog\n2:\n3:## Unreleased\n"
    "4:\n5:- A `#` inside a quoted value no longer starts a comment: "
    '`DATABASE_URL="postgres://app:p#ss@db:5432/app"`\n'
    "6:  now loads whole, in double and in single quotes (#142).\n7:\n"
    f"8:## 1.4.2 (2026-10-19)\n{_EDITED}",
    start_line=3,
    end_line=3,
    replacement_text="## Unreleased\n\n- A `#` inside a quoted value no longer starts a "
    'comment: `DATABASE_URL="postgres://app:p#ss@db:5432/app"`\n'
    "  now loads whole, in double and in single quotes (#142).\n\n",
)
s.call(
    "bash",
    " M CHANGELOG.md\n M envfile/parser.py\n M tests/test_parser.py\n"
    " M tests/test_roundtrip.py\n?? reproduce.py\n---\n"
    " CHANGELOG.md            |  4 ++++\n envfile/parser.py       | 26 ++++++++++++++++++++"
    "------\n tests/test_parser.py    | 11 +++++++++++\n"
    " tests/test_roundtrip.py |  3 +--\n 4 files changed, 36 insertions(+), 8 deletions(-)\n",
    command="cd /testbed && git status --short && echo --- && git diff --stat",
)
s.say(
    "Where @ingrid-holm's points stand: (1) was in before the review: _split_value treats "
    "single and double quotes, and test_single_quoted_hash checks PASSWORD='p#ss\\n' comes "
    "back as written; (2) answered on the thread, nothing to change: an unterminated quote "
    "is kept as written; (3) is #151, and unquoted values still end at their first '#'; (4) "
    "the CHANGELOG entry is written under Unreleased, the export test is not. All 40 tests "
    "pass, the Hypothesis round trip included now that '#' is in its alphabet."
)
s.say(
    "Next I'll add test_export_quoted_hash to tests/test_parser.py, checking that "
    'parse_line(\'export KEY="a#b"\') gives ("KEY", "a#b"), run python -m pytest -q, then '
    "delete reproduce.py and submit."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve kestrel-labs__envfile-142: envfile 1.4.2's parse_line() treats a '#' "
             "inside a quoted value as a comment, so DATABASE_URL=\"postgres://app:p#ss@db:"
             "5432/app\" loads as '\"postgres://app:p' (cut at the '#', opening quote kept); "
             "minimal changes to non-test files.",
             must=(("p#ss", "#142", "envfile-142", "comment"), ("quote",)),
             partial_means="The cut value without the quotes, or the reverse.",
             wrong="A crash on an export line; a Windows path problem given as the task."),
    Question("latest_request", "What did the user last ask?",
             "@ingrid-holm's review with the user's answers: (1) single quotes, done already; "
             "(2) an unterminated quote stays lenient (answered on the thread); (3) a '#' after "
             "whitespace in unquoted values goes to #151, leave unquoted values alone; (4) a "
             "CHANGELOG.md entry under Unreleased and a test that export KEY=\"a#b\" loads as "
             "a#b, both still to do, the CHANGELOG first.",
             must=(("changelog", "export"), ("#151", "unterminated", "single quote",
                                              "single-quoted", "review")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ingrid", "answer"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Raising ParseError on an unterminated quote; changing unquoted values now.",
             stale_means="The issue itself, or the user's shlex correction, given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Add test_export_quoted_hash to tests/test_parser.py (parse_line('export "
             "KEY=\"a#b\"') gives (\"KEY\", \"a#b\")), run python -m pytest -q, then delete "
             "reproduce.py and submit. The CHANGELOG entry is already written.",
             must=(("test_export_quoted_hash", "export key=", "export test", "export line"),
                   ("test_parser.py", "pytest", "reproduce.py")),
             stale=("changelog", "rm -rf .hypothesis", "_lexer.py", "shlex",
                    "whitespace before"),
             partial_means="The export test without where it goes or what follows it, or only "
                           "'submit'.",
             wrong="Making parse_line raise on an unterminated quote; handling single quotes.",
             stale_means="Says to write the CHANGELOG entry (already written), to clear "
                         ".hypothesis, to go back to shlex, or to make a '#' need whitespace "
                         "before it in unquoted values (put off to #151)."),
    Question("files_edited", "Which files were changed, and why?",
             "envfile/parser.py: parse_line calls a new _split_value(), which takes a quoted "
             "value up to its closing quote (skipping backslash escapes inside double quotes) "
             "and drops a comment only after it; tests/test_parser.py: test_double_quoted_hash "
             "and test_single_quoted_hash; tests/test_roundtrip.py: '#' let into the Hypothesis "
             "values; CHANGELOG.md: the Unreleased entry. envfile/_lexer.py (shlex) was created "
             "and deleted, and parser.py checked out again; reproduce.py is a scratch script.",
             must=(("envfile/parser.py", "parser.py"), ("_split_value", "closing quote")),
             stale=("_lexer.py", "lex_value"),
             partial_means="parser.py without what changed in it.",
             wrong="dumps() or the unquoted-value rule given as changed.",
             stale_means="envfile/_lexer.py (lex_value) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The quote scan lives in parser.py: _split_value() takes a quoted value up to its "
             "closing quote and looks for a comment only after it; unquoted values keep their "
             "first-'#' rule. It rules out shlex (posix mode turns LOG_DIR=C:\\logs\\app into "
             "C:logsapp, the #97 breakage) and any new module.",
             must=(("closing quote",), ("shlex",)),
             stale=("shlex.shlex", "lex_value", "as a shell does"),
             partial_means="The closing-quote scan without what it rules out.",
             wrong="Raising on an unterminated quote; the docker compose whitespace rule.",
             stale_means="shlex in envfile/_lexer.py given as the design."),
    Question("review", "What did the review find?",
             "@ingrid-holm: (1) single-quoted values the same, no unescaping inside them (done "
             "before the review, test_single_quoted_hash); (2) should an unterminated quote "
             "raise ParseError (answered on the thread: no, 1.x stays lenient); (3) a '#' only "
             "after whitespace in unquoted values, as docker compose does (put off to #151); "
             "(4) a CHANGELOG entry (written) and an export KEY=\"a#b\" test (still to do).",
             must=(("single quote", "single-quoted", "single and double", "p#ss"),
                   ("unterminated",), ("#151", "whitespace", "compose"),
                   ("changelog", "export")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ingrid", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The Hypothesis failure or the shlex correction given as a review point."),
    Question("corrections", "How did the user correct the agent?",
             "No shlex: in posix mode it eats the backslashes of unquoted values (LOG_DIR="
             "C:\\logs\\app comes back as C:logsapp, as shipped in 1.2.0 and reported in #97), "
             "and no new module: keep it in parser.py, find the closing quote, look for a "
             "comment only after it, and leave unquoted values as they are.",
             must=(("shlex",), ("closing quote", "parser.py", "c:logsapp", "backslash")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No shlex without why or what to do instead.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With '#' let into its values, the Hypothesis round trip test_dump_load_roundtrip "
             "failed (falsifying example key='A', value='\"', loaded back as a lone backslash): "
             "_split_value closed the value at the \\\" that dumps() writes. Clearing "
             ".hypothesis and __pycache__ and re-running did not help (the same example came "
             "back); skipping the backslash-escaped character inside double quotes fixed it. "
             "(The issue's own symptom, the value cut at '#', is fixed by the closing-quote "
             "scan.)",
             must=(("falsifying", "round trip", "roundtrip", "round-trip", "hypothesis"),
                   ("escaped", "escape", "backslash")),
             stale=("fixed by rm -rf .hypothesis", "fixed by clearing", "fixed by re-running",
                    "fixed by a re-run", "stale example", "stale bytecode"),
             partial_means="The round-trip failure without its fix, or only the issue's cut "
                           "value.",
             wrong="A ParseError on the export line; a shlex error.",
             stale_means="The round-trip failure 'fixed' by clearing .hypothesis or a re-run, "
                         "or called a stale example."),
    Question("key_values", "Which key values matter?",
             "DATABASE_URL=\"postgres://app:p#ss@db:5432/app\" (loaded as '\"postgres://app:p' "
             "before); envfile 1.4.2; 38 tests passed before, 40 pass now; the falsifying "
             "value '\"'; issues #142, #97 (the 1.2.0 backslash breakage) and #151 (the "
             "whitespace rule).",
             must=(("p#ss", "5432"), ("40 passed", "40 tests", "38 passed", "#151", "#97")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "envfile/parser.py reads .env lines (parse_line, _split_value, _unescape); "
             "dumps() writes them, escaping '\"' as \\\"; tests/test_parser.py tests "
             "parse_line; tests/test_roundtrip.py is the Hypothesis dump/load round trip; "
             "reproduce.py is a scratch script that loads the issue's lines; CHANGELOG.md "
             "holds the release notes.",
             must=(("parser.py",), ("round trip", "roundtrip", "scratch", "hypothesis")),
             partial_means="The files named without what they hold.",
             wrong="envfile/_lexer.py as what reads the quotes."),
    Question("pending", "What work is still pending?",
             "The export KEY=\"a#b\" test (test_export_quoted_hash) and a pytest run, deleting "
             "reproduce.py, and submitting; the whitespace rule for unquoted values is left to "
             "#151.",
             must=(("export",), ("reproduce.py", "submit")),
             partial_means="The export test without the rest, or the reverse.",
             wrong="The CHANGELOG entry or single quotes as pending."),
    Question("state", "What is the state of the work?",
             "_split_value reads quoted values to their closing quote, escapes skipped; all 40 "
             "tests pass, the Hypothesis round trip with '#' included, and reproduce.py prints "
             "the whole URL; the CHANGELOG entry is written; the export test is not written, "
             "reproduce.py is still in the tree, nothing is submitted.",
             must=(("40 passed", "40 tests", "tests pass"),
                   ("not written", "not submitted", "export")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or unquoted values changed.",
             stale_means="Says values are read with shlex."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
