"""Held out, twenty-third set: written 2026-12-07, while round 11 was tuned on the twenty-second
set, by an author who never ran the handoff on them. SWE-agent, Python (argot, a command-line
parsing library whose lexer splits argv into long, short, value and separator tokens for the
parser and for shell completion, tested with pytest): in argot 3.2.0 a negative number given as
an option's value is taken for an unknown option, so ledger-sync --offset -5 and --temp -3.5e2
fail with "Error: no such option: -5" while --offset=-5 works (issue #583); the assistant's
first design, a pre-pass in a new argot/_numbers.py (join_negative_values, with a
NEGATIVE_NUMBER regex) that joins a long option taking a value and a following negative number
into one --offset=-5 before Parser.parse lexes argv, passes the 214 tests and is ruled out by
the user (ctx.raw_args and the usage errors would quote an argv the user never typed,
argot.complete lexes the command line without parse() so completion and parsing would
disagree, the regex misses -.5 and -1_000 and skips short options, no new module) for the rule
argparse has, in the lexer: Lexer._classify gives a dash token that float() reads as a number
(a digit or a point after the dash) as a value, unless the parser defines an option that looks
like a negative number (tarpit's -1 and -2 flags, like ls -1); _numbers.py deleted and
parser.py checked out again; a new tests/test_negative_numbers.py of eight tests; then five of
them and reproduce.py still fail with "no such option: -5", which clearing __pycache__ and
.pytest_cache, pip install -e . and a re-run (the suspected stale bytecode or non-editable
install) did not fix, because Parser._take_value (parser.py:230) has its own guard that checks
the token's text for a leading dash, not the lexer's kind, and checking nxt.kind is not
Kind.VALUE there did; @tomasz-wierzbicki's four points on PR #586, answered by the user: one
done already (tarpit's digit flags keep their meaning), one answered on the PR (why not click's
rule of always taking the next token), one put off to #592 (-inf and -nan for float options),
one to do (the lexer, built once by parse(), decided before options added later: fixed since,
with its test, by dropping it in add_option, and the "Values that start with a dash" section
of docs/parsing.md, which still says to write --offset=-5, not updated); reproduce.py still in
the tree; the assistant's last words announce -inf and -nan, which the user put off to #592."""

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


def _dots(passed: int, failed: tuple[int, ...] = ()) -> str:
    """pytest -q's progress lines: 72 results a line, each line ending in its percentage."""
    marks = ["F" if i in failed else "." for i in range(passed + len(failed))]
    out = []
    for start in range(0, len(marks), 72):
        row = "".join(marks[start : start + 72])
        pct = min(start + 72, len(marks)) * 100 // len(marks)
        out.append(f"{row:<72} [{pct:>3}%]")
    return "\n".join(out) + "\n"


_LEXER = r'''"""Splits argv into tokens: long options, short options, values and the "--" separator.

The parser reads argv through it, and so does argot.complete, which lexes the command line
being completed without calling Parser.parse."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .spec import OptionSpec


class Kind(enum.Enum):
    LONG = "long"  # --offset, --offset=5
    SHORT = "short"  # -v, -xvf (a cluster the parser expands)
    VALUE = "value"  # anything else: option values and positionals
    SEPARATOR = "separator"  # --: everything after it is a value


@dataclass(frozen=True)
class Token:
    kind: Kind
    text: str
    attached: str | None = None  # the 5 of --offset=5
    index: int = 0  # its place in argv, for error messages


class Lexer:
    """One pass over argv, in the order given."""

    def __init__(self, spec: OptionSpec) -> None:
        self._spec = spec

    def tokens(self, argv: Sequence[str]) -> Iterator[Token]:
        rest = False
        for index, text in enumerate(argv):
            if rest:
                yield Token(Kind.VALUE, text, index=index)
            elif text == "--":
                rest = True
                yield Token(Kind.SEPARATOR, text, index=index)
            else:
                yield self._classify(text, index)

    def _classify(self, text: str, index: int) -> Token:
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            return Token(Kind.LONG, name, value if eq else None, index)
        if text.startswith("-") and text != "-":
            return Token(Kind.SHORT, text, index=index)
        return Token(Kind.VALUE, text, index=index)'''

_REPRODUCE = r"""from argot import Parser

# issue #583: ledger-sync import --offset -5 --temp -3.5e2 statements.csv
p = Parser(prog="ledger-sync")
p.add_option("--offset", type=int, default=0)
p.add_option("--temp", type=float)
for argv in (["--offset", "-5"], ["--temp", "-3.5e2"], ["--offset=-5"]):
    try:
        print(argv, "->", p.parse(argv))
    except Exception as exc:
        print(argv, "->", type(exc).__name__, exc)"""

_REPRO_BEFORE = (
    "['--offset', '-5'] -> NoSuchOption no such option: -5\n"
    "['--temp', '-3.5e2'] -> NoSuchOption no such option: -3.5e2\n"
    "['--offset=-5'] -> Namespace(offset=-5, temp=None)\n"
)
_REPRO_AFTER = (
    "['--offset', '-5'] -> Namespace(offset=-5, temp=None)\n"
    "['--temp', '-3.5e2'] -> Namespace(offset=0, temp=-350.0)\n"
    "['--offset=-5'] -> Namespace(offset=-5, temp=None)\n"
)

_NUMBERS_PY = r'''"""Negative numbers given as option values (#583): --offset -5 becomes --offset=-5."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .spec import OptionSpec

# -5, -3.5, -3.5e2, -2E-3
NEGATIVE_NUMBER = re.compile(r"^-\d+(\.\d+)?([eE][-+]?\d+)?$")


def join_negative_values(argv: Sequence[str], spec: OptionSpec) -> list[str]:
    """argv with each negative number that follows a long option taking a value joined to
    it, so that the lexer sees one --offset=-5 token instead of --offset and a short -5."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            out.extend(argv[i:])
            break
        option = spec.find(arg) if arg.startswith("--") and "=" not in arg else None
        if (
            option is not None
            and option.takes_value
            and i + 1 < len(argv)
            and NEGATIVE_NUMBER.match(argv[i + 1])
        ):
            out.append(f"{arg}={argv[i + 1]}")
            i += 2
            continue
        out.append(arg)
        i += 1
    return out'''

_PARSE = r'''    def parse(self, argv: Sequence[str] | None = None) -> Namespace:
        """Parse argv (sys.argv[1:] by default) into a Namespace; UsageError on bad input."""
        argv = list(sys.argv[1:] if argv is None else argv)
        ctx = ParseContext(self, raw_args=tuple(argv))
        if self._lexer is None:
            self._lexer = Lexer(self._spec)
        tokens = Lookahead(self._lexer.tokens(argv))
        values: dict[str, Any] = {}
        for token in tokens:
            if token.kind is Kind.LONG:
                self._handle_long(token, tokens, values, ctx)
            elif token.kind is Kind.SHORT:
                self._handle_short(token, tokens, values, ctx)
            elif token.kind is Kind.VALUE:
                self._handle_positional(token, values, ctx)
        return self._finish(values, ctx)'''

_PARSE_JOINED = r'''    def parse(self, argv: Sequence[str] | None = None) -> Namespace:
        """Parse argv (sys.argv[1:] by default) into a Namespace; UsageError on bad input."""
        from ._numbers import join_negative_values

        # --offset -5 reaches the lexer as --offset=-5, so -5 is not read as a short option
        argv = join_negative_values(list(sys.argv[1:] if argv is None else argv), self._spec)
        ctx = ParseContext(self, raw_args=tuple(argv))'''

_LEXER_NUMBERS = r'''def _is_negative_number(text: str) -> bool:
    """-5, -3.5e2, -.5, -1_000: a dash, then a digit or a point, and float() reads it (#583).
    -inf and -nan are not: they are also the short-option cluster -i -n -f."""
    if len(text) < 2 or not (text[1].isdigit() or text[1] == "."):
        return False
    try:
        float(text)
    except ValueError:
        return False
    return True


class Lexer:
    """One pass over argv, in the order given."""

    def __init__(self, spec: OptionSpec) -> None:
        self._spec = spec
        # as argparse does: a negative number is a value, unless the parser defines an
        # option that looks like one (-1, as in ls -1), and then it stays an option
        self._numbers_are_values = not any(
            _is_negative_number(name) for name in spec.option_names()
        )

    def tokens(self, argv: Sequence[str]) -> Iterator[Token]:
        rest = False
        for index, text in enumerate(argv):
            if rest:
                yield Token(Kind.VALUE, text, index=index)
            elif text == "--":
                rest = True
                yield Token(Kind.SEPARATOR, text, index=index)
            else:
                yield self._classify(text, index)

    def _classify(self, text: str, index: int) -> Token:
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            return Token(Kind.LONG, name, value if eq else None, index)
        if text.startswith("-") and text != "-":
            if self._numbers_are_values and _is_negative_number(text):
                return Token(Kind.VALUE, text, index=index)
            return Token(Kind.SHORT, text, index=index)
        return Token(Kind.VALUE, text, index=index)'''

_TESTS = r'''"""Negative numbers as option values (#583)."""

import pytest

from argot import Parser
from argot.errors import MissingValue, NoSuchOption


@pytest.fixture
def parser():
    p = Parser(prog="ledger-sync")
    p.add_option("--offset", "-o", type=int, default=0)
    p.add_option("--temp", type=float)
    p.add_option("--verbose", "-v", is_flag=True)
    return p


@pytest.mark.parametrize(
    ("argv", "name", "value"),
    [
        (["--offset", "-5"], "offset", -5),
        (["-o", "-5"], "offset", -5),
        (["--temp", "-3.5e2"], "temp", -350.0),
        (["--temp", "-.5"], "temp", -0.5),
        (["--offset", "-1_000"], "offset", -1000),
        (["--offset=-5"], "offset", -5),
    ],
)
def test_negative_number_is_a_value(parser, argv, name, value):
    assert getattr(parser.parse(argv), name) == value


def test_digit_flags_keep_their_meaning():
    # tarpit defines -1 and -2 as flags, like ls -1: there -1 is an option, never a value
    p = Parser(prog="tarpit")
    p.add_option("-1", "--one-per-line", is_flag=True)
    p.add_option("--limit", type=int)
    assert p.parse(["-1"]).one_per_line is True
    with pytest.raises(MissingValue):
        p.parse(["--limit", "-1"])


def test_inf_is_still_a_short_cluster(parser):
    with pytest.raises(NoSuchOption, match="-inf"):
        parser.parse(["--temp", "-inf"])'''

_TAKE_START = 221
_TAKE_VALUE = r'''    def _take_value(self, option: Option, tokens: Lookahead, ctx: ParseContext) -> str:
        """The value of an option that takes one: the next token, unless it is an option."""
        nxt = tokens.peek()
        if nxt is None or nxt.kind is Kind.SEPARATOR:
            raise MissingValue(option.name, ctx)
        if nxt.text.startswith("-") and nxt.text != "-":
            # "--name --verbos": a mistyped option, not a name that starts with a dash
            if self._spec.find(nxt.text) is not None:
                raise MissingValue(option.name, ctx)
            raise NoSuchOption(nxt.text, ctx, possibilities=self._spec.close_matches(nxt.text))
        next(tokens)
        return nxt.text

    def _handle_positional(self, token: Token, values: dict[str, Any], ctx: ParseContext) -> None:
        argument = self._spec.next_positional(values)
        if argument is None:
            raise UnexpectedArgument(token.text, ctx)'''

_TAKE_FIXED = r"""        if nxt.kind is not Kind.VALUE:
            # "--name --verbos": a mistyped option, not a name that starts with a dash; a
            # negative number the lexer gave as a value (#583) is let through
            if self._spec.find(nxt.text) is not None:
                raise MissingValue(option.name, ctx)
            raise NoSuchOption(nxt.text, ctx, possibilities=self._spec.close_matches(nxt.text))"""

_ADD_OPTION = r'''    def add_option(self, *names: str, **settings: Any) -> Option:
        """Add an option: add_option("--offset", "-o", type=int, default=0)."""
        option = Option(names, **settings)
        self._spec.add(option)
        return option

    def extend(self, plugin: Plugin) -> None:
        """Let a plugin add its options, as installed plugins do on first use."""
        plugin.register(self)'''

_ADD_OPTION_FIXED = r'''    def add_option(self, *names: str, **settings: Any) -> Option:
        """Add an option: add_option("--offset", "-o", type=int, default=0)."""
        option = Option(names, **settings)
        self._spec.add(option)
        # the lexer decides from the options whether negative numbers are values (#583):
        # build it again on the next parse(), so an option added late (-1) is seen
        self._lexer = None
        return option'''

_TEST_LATE = r"""        parser.parse(["--temp", "-inf"])


def test_digit_flag_added_after_first_parse(parser):
    assert parser.parse(["--offset", "-1"]).offset == -1
    parser.add_option("-1", "--one-per-line", is_flag=True)  # as Parser.extend does, late
    assert parser.parse(["-1"]).one_per_line is True
    with pytest.raises(MissingValue):
        parser.parse(["--offset", "-1"])"""

_TESTS_LINES = len(_TESTS.split("\n"))
_FAILED = (
    ("argv0-offset--5", "-5"),
    ("argv1-offset--5", "-5"),
    ("argv2-temp--350.0", "-3.5e2"),
    ("argv3-temp--0.5", "-.5"),
    ("argv4-offset--1000", "-1_000"),
)
_SUMMARY = (
    "=========================== short test summary info ============================\n"
    + "".join(
        f"FAILED tests/test_negative_numbers.py::test_negative_number_is_a_value[{ident}] - "
        f"argot.errors.NoSuchOption: no such option: {text}\n"
        for ident, text in _FAILED
    )
)
_FAIL_AT = (96, 97, 98, 99, 100)
_RAISE_AT = _TAKE_START + 9  # the raise NoSuchOption in _take_value
_ONE_TB = (
    "F                                                                        [100%]\n"
    "=================================== FAILURES ===================================\n"
    "_______________ test_negative_number_is_a_value[argv0-offset--5] _______________\n"
    "tests/test_negative_numbers.py:30: in test_negative_number_is_a_value\n"
    "    assert getattr(parser.parse(argv), name) == value\n"
    "argot/parser.py:94: in parse\n"
    "    self._handle_long(token, tokens, values, ctx)\n"
    "argot/parser.py:151: in _handle_long\n"
    "    values[option.dest] = option.convert(self._take_value(option, tokens, ctx), ctx)\n"
    f"argot/parser.py:{_RAISE_AT}: in _take_value\n"
    "    raise NoSuchOption(nxt.text, ctx, possibilities=self._spec.close_matches(nxt.text))\n"
    "E   argot.errors.NoSuchOption: no such option: -5\n"
    "=========================== short test summary info ============================\n"
    "FAILED tests/test_negative_numbers.py::test_negative_number_is_a_value[argv0-offset--5] "
    "- argot.errors.NoSuchOption: no such option: -5\n"
    "1 failed in 0.09s\n"
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "kestrel-tools__argot-583)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nA negative number as an "
    "option's value is taken for an unknown option\n\nargot 3.2.0, Python 3.11. Our "
    "ledger-sync tool shifts imported dates by a number of days and takes a temperature "
    "threshold for the cold-store sensors:\n\n```\n$ ledger-sync import --offset -5 "
    "statements.csv\nUsage: ledger-sync import [OPTIONS] FILE\nError: no such option: -5\n"
    "$ ledger-sync sensors --temp -3.5e2\nUsage: ledger-sync sensors [OPTIONS]\nError: no "
    "such option: -3.5e2\n```\n\n`--offset=-5` works, but nobody types that, and the scripts "
    "that call us build the arguments as separate words. -5 is the value of --offset, which "
    "takes an int; it is not an option. argparse accepts `--offset -5`.\n</issue>\nMake the "
    "minimal changes to non-test files in /testbed so that the issue is resolved."
)
s.call(
    "open",
    "[File: /testbed/argot/_lexer.py (53 lines total)]\n" + _lines(1, _LEXER),
    path="/testbed/argot/_lexer.py",
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (11 lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call("bash", _REPRO_BEFORE, command="cd /testbed && python reproduce.py")
s.call(
    "create",
    "[File: /testbed/argot/_numbers.py (36 lines total)]\n" + _lines(1, _NUMBERS_PY),
    "Reproduced: --offset -5 and --temp -3.5e2 fail, --offset=-5 works. The lexer "
    "(_classify, line 51) gives every token that starts with a dash and is not '-' as SHORT, "
    "so -5 reaches the parser as a short option -5, which no parser defines. The attached "
    "form works because --offset=-5 is one LONG token with the value attached. So I'll turn "
    "the one form into the other before the lexer runs: a new argot/_numbers.py with a "
    "NEGATIVE_NUMBER regex and join_negative_values(), which joins a long option that takes a "
    "value and a following negative number into --offset=-5, called at the top of "
    "Parser.parse.",
    filename="/testbed/argot/_numbers.py",
)
s.call(
    "open",
    "[File: /testbed/argot/parser.py (318 lines total)]\n(83 more lines above)\n"
    + _lines(84, _PARSE)
    + "(219 more lines below)\n",
    path="/testbed/argot/parser.py",
    line_number=84,
)
s.call(
    "edit",
    "[File: /testbed/argot/parser.py (321 lines total)]\n"
    + _lines(84, _PARSE_JOINED)
    + f"...\n{_EDITED}",
    start_line=84,
    end_line=87,
    replacement_text=_PARSE_JOINED + "\n",
)
s.call(
    "bash",
    "['--offset', '-5'] -> Namespace(offset=-5, temp=None)\n"
    "['--temp', '-3.5e2'] -> Namespace(offset=0, temp=-350.0)\n"
    "['--offset=-5'] -> Namespace(offset=-5, temp=None)\n---\n"
    + _dots(214)
    + "214 passed in 1.18s\n",
    command="cd /testbed && python reproduce.py && echo --- && python -m pytest -q",
)
s.user(
    "Not a pre-pass, please, and no new module. argv has to reach the lexer as the user "
    "typed it: ctx.raw_args and every UsageError quote it, so with your rewrite an error "
    "would show --offset=-5 to someone who typed --offset -5. And argot.complete lexes the "
    "command line with the same Lexer without going through Parser.parse, so completion and "
    "parsing would disagree about what -5 is. Your regex also misses -.5 and -1_000, which "
    "float() and int() accept, and it only looks after long options (-o -5 still fails): a "
    "second grammar of argv, outside the lexer. Do what argparse does, in the lexer: in "
    "Lexer._classify a dash token that parses as a number is a VALUE, unless the parser "
    "defines an option that itself looks like a negative number. tarpit defines -1 and -2 as "
    "flags, like ls -1, and for a parser like that keep today's behaviour. --offset=-5 has to "
    "keep working. Delete _numbers.py and restore parser.py first."
)
s.call(
    "bash",
    "Updated 1 path from the index\n?? reproduce.py\n",
    "Understood: no pre-pass and no new module; the lexer decides, as argparse does. "
    "Deleting argot/_numbers.py and restoring parser.py.",
    command="cd /testbed && rm argot/_numbers.py && git checkout argot/parser.py && "
    "git status --short",
)
s.call(
    "edit",
    "[File: /testbed/argot/_lexer.py (72 lines total)]\n" + _lines(30, _LEXER_NUMBERS) + _EDITED,
    "In the lexer: a token is a negative number when a digit or a point follows the dash and "
    "float() reads it (so -.5 and -1_000 are, and -inf and -nan stay short clusters), and the "
    "lexer gives it as a VALUE unless one of the parser's own option names is such a number. "
    "The check over the option names runs once, when the Lexer is built.",
    start_line=30,
    end_line=53,
    replacement_text=_LEXER_NUMBERS + "\n",
)
s.call(
    "create",
    f"[File: /testbed/tests/test_negative_numbers.py ({_TESTS_LINES} lines total)]\n"
    + _lines(1, _TESTS),
    filename="/testbed/tests/test_negative_numbers.py",
)
s.call(
    "bash",
    _dots(217, _FAIL_AT) + _SUMMARY + "5 failed, 217 passed in 1.31s\n---\n" + _REPRO_BEFORE,
    command="cd /testbed && python -m pytest -q --tb=no; echo ---; python reproduce.py",
)
s.call(
    "bash",
    "Successfully installed argot-3.2.0\n"
    + _dots(217, _FAIL_AT)
    + _SUMMARY
    + "5 failed, 217 passed in 1.44s\n---\n"
    + _REPRO_BEFORE,
    "Five of the eight new tests fail, and reproduce.py prints exactly what it printed before "
    "the change: no such option: -5, as if the new branch in _classify never ran. The "
    "digit-flag and -inf tests pass, but they pass with the old code too. parser.py was "
    "checked out seconds after it was edited, and the image installed argot 3.2.0 when it "
    "was built (there is an argot-3.2.0.dist-info in site-packages), so this looks like stale "
    "bytecode or a non-editable install shadowing /testbed. Clearing __pycache__ and "
    ".pytest_cache, reinstalling with pip install -e . and running again.",
    command="cd /testbed && find . -name __pycache__ -prune -exec rm -rf {} + && rm -rf "
    ".pytest_cache && pip install -e . 2>&1 | tail -1 && python -m pytest -q --tb=no; "
    "echo ---; python reproduce.py",
)
s.call(
    "bash",
    "/testbed/argot/__init__.py\n---\n" + _ONE_TB,
    "The same five fail with fresh bytecode and an editable install, so it is the code. "
    "Checking which argot is imported, and where the exception comes from.",
    command='cd /testbed && python -c "import argot; print(argot.__file__)" && echo --- && '
    "python -m pytest -q --tb=short "
    '"tests/test_negative_numbers.py::test_negative_number_is_a_value[argv0-offset--5]"',
)
s.call(
    "open",
    "[File: /testbed/argot/parser.py (318 lines total)]\n"
    f"({_TAKE_START - 1} more lines above)\n"
    + _lines(_TAKE_START, _TAKE_VALUE)
    + f"({318 - _TAKE_START - len(_TAKE_VALUE.split(chr(10))) + 1} more lines below)\n",
    path="/testbed/argot/parser.py",
    line_number=_RAISE_AT,
)
s.call(
    "edit",
    "[File: /testbed/argot/parser.py (319 lines total)]\n"
    + _lines(_TAKE_START + 5, _TAKE_FIXED)
    + f"...\n{_EDITED}",
    "It is not the lexer's SHORT token that fails at all: the lexer now gives -5 as a VALUE, "
    "and the parser raises in _take_value, parser.py line "
    f"{_RAISE_AT}. Its guard against a mistyped option after --name looks at the token's "
    "text, nxt.text.startswith('-'), not at the kind the lexer gave it, so every negative "
    "number is still an unknown option there. The guard has to ask the lexer's kind: "
    "anything but a VALUE is an option, a VALUE is taken.",
    start_line=_TAKE_START + 5,
    end_line=_TAKE_START + 9,
    replacement_text=_TAKE_FIXED + "\n",
)
s.call(
    "bash",
    _dots(222) + "222 passed in 1.27s\n---\n" + _REPRO_AFTER,
    command="cd /testbed && python -m pytest -q && echo --- && python reproduce.py",
)
s.user(
    "@tomasz-wierzbicki reviewed PR #586. His points, and my answers:\n\n"
    "> 1. A parser that defines digit options has to keep them: tarpit has -1 and -2 (like "
    "ls -1), and `tarpit -1` must still be the flag, and `tarpit --limit -1` an error.\n\n"
    "That's already the case: the lexer only gives numbers as values when no option looks "
    "like a negative number, and test_digit_flags_keep_their_meaning covers both. Nothing to "
    "do.\n\n"
    "> 2. Why not do what click does: an option that takes a value always takes the next "
    "token, dash or not? One rule, no number check.\n\n"
    "I answered on the PR: then `--name --verbos` quietly sets name to '--verbos', and that "
    "typo message is one our users rely on; only numbers get through. No change.\n\n"
    "> 3. `--temp -inf` and `--temp -nan` still fail, though float() reads both.\n\n"
    "Agreed, but -inf is also the cluster -i -n -f, and tools like tarpit use exactly those "
    "letters; it needs a rule per option type. I opened #592 for it. Leave -inf and -nan "
    "alone in this PR.\n\n"
    "> 4. parse() builds self._lexer once and keeps it, and the lexer decides whether numbers "
    "are values when it is built. An option added after the first parse() (plugins add "
    "theirs late, through Parser.extend) is never seen: a -1 flag added then is read as the "
    'number -1. Fix it, with a test, and update the "Values that start with a dash" '
    "section of docs/parsing.md, which still tells people to write --offset=-5.\n\n"
    "Still to do: the lexer fix and its test first, then the docs section."
)
s.call(
    "open",
    "[File: /testbed/argot/parser.py (319 lines total)]\n(61 more lines above)\n"
    + _lines(62, _ADD_OPTION)
    + "(249 more lines below)\n",
    path="/testbed/argot/parser.py",
    line_number=62,
)
s.call(
    "edit",
    "[File: /testbed/argot/parser.py (322 lines total)]\n"
    + _lines(62, _ADD_OPTION_FIXED)
    + f"...\n{_EDITED}",
    "add_option changes the options the lexer's check ran over, so it drops the lexer and "
    "parse() builds a new one next time (line 88 already builds it when it is None). "
    "Parser.extend adds its options through add_option, so plugins are covered too.",
    start_line=62,
    end_line=66,
    replacement_text=_ADD_OPTION_FIXED + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_negative_numbers.py ({_TESTS_LINES + 8} lines total)]\n"
    + _lines(_TESTS_LINES, _TEST_LATE)
    + _EDITED,
    start_line=_TESTS_LINES,
    end_line=_TESTS_LINES,
    replacement_text=_TEST_LATE + "\n",
)
s.call(
    "bash",
    _dots(223) + "223 passed in 1.29s\n---\n M argot/_lexer.py\n M argot/parser.py\n"
    "?? reproduce.py\n?? tests/test_negative_numbers.py\n",
    command="cd /testbed && python -m pytest -q && echo --- && git status --short",
)
s.say(
    "The lexer is now dropped whenever add_option runs, so a -1 flag added after the first "
    "parse() keeps its meaning: test_digit_flag_added_after_first_parse passes with the other "
    "222 (223 in all). Of the review, point 3 is what is left: -inf and -nan. Next I'll let "
    "_is_negative_number accept -inf and -nan when the option's type is float, and add a "
    "test for --temp -inf."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve kestrel-tools__argot-583: in argot 3.2.0 a negative number given as an "
             "option's value is taken for an unknown option, so ledger-sync --offset -5 and "
             "--temp -3.5e2 fail with 'Error: no such option: -5' (--offset=-5 works); make "
             "the minimal changes to non-test files.",
             must=(("negative number", "negative value", "-5", "-3.5e2"),
                   ("no such option", "unknown option", "taken for an option",
                    "read as an option")),
             partial_means="A negative number failing without saying it is an option's value "
                           "taken for an option, or the issue number alone.",
             wrong="Positional arguments or option clusters such as -xvf given as the task."),
    Question("latest_request", "What did the user last ask?",
             "@tomasz-wierzbicki's review of PR #586 with the user's answers: (1) tarpit's "
             "digit flags keep their meaning, already the case; (2) why not click's rule of "
             "always taking the next token, answered on the PR; (3) -inf and -nan are #592, "
             "leave them; (4) the lexer built once by parse() misses options added later "
             "(Parser.extend): fix it with a test, then update the 'Values that start with a "
             "dash' section of docs/parsing.md.",
             must=(("parsing.md", "docs section", "added after the first parse", "add_option",
                    "self._lexer", "built once", "parser.extend"),
                   ("#592", "click", "tarpit", "answered on the pr", "tomasz",
                    "leave -inf")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Making -inf and -nan values in this PR; taking the next token always, as "
                   "click does.",
             stale_means="The issue itself, or the user's no-pre-pass correction, given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Update the 'Values that start with a dash' section of docs/parsing.md, which "
             "still tells people to write --offset=-5, then run pytest, delete reproduce.py "
             "and submit. The lexer fix of point 4 (add_option drops self._lexer) and its test "
             "are in; -inf and -nan are put off to #592; digit flags were already handled.",
             must=(("parsing.md", "docs section", "docs/parsing", "values that start with a "
                    "dash"),
                   ("reproduce.py", "submit", "pytest")),
             stale=("-inf", "-nan", "_numbers.py", "join_negative_values", "pre-pass",
                    "pip install -e"),
             partial_means="The docs section without what follows it, or only 'submit'.",
             wrong="Taking the next token always, as click does; writing the add_option fix "
                   "again.",
             stale_means="Says to make -inf and -nan values for float options (put off to "
                         "#592 by the user), to go back to the join_negative_values pre-pass "
                         "in argot/_numbers.py, or to reinstall and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "argot/_lexer.py: _is_negative_number() (a digit or a point after the dash, and "
             "float() reads it) and Lexer._classify giving such a token as a VALUE unless an "
             "option name looks like one (_numbers_are_values); argot/parser.py: _take_value's "
             "guard checks nxt.kind is not Kind.VALUE instead of a leading dash, and "
             "add_option sets self._lexer = None; tests/test_negative_numbers.py: new, nine "
             "tests. argot/_numbers.py (join_negative_values) was created and deleted, and "
             "parser.py checked out again before the lexer change; reproduce.py is scratch.",
             must=(("_lexer.py",), ("parser.py",), ("test_negative_numbers.py",)),
             stale=("_numbers.py", "join_negative_values"),
             spread=True,
             partial_means="The lexer without parser.py, or without the tests.",
             wrong="argot/spec.py or argot/complete.py given as changed.",
             stale_means="argot/_numbers.py (join_negative_values) listed as a current "
                         "change, or parse() as calling it."),
    Question("decisions", "What was decided, and what does it rule out?",
             "argparse's rule, in the lexer: Lexer._classify gives a dash token that parses as "
             "a number (a digit or a point after the dash, float() reads it: -5, -3.5e2, -.5, "
             "-1_000) as a VALUE, unless the parser defines an option that looks like a "
             "negative number (tarpit's -1, -2), where today's behaviour stays; the parser's "
             "_take_value trusts the lexer's kind. It rules out a pre-pass rewriting argv "
             "(join_negative_values and a NEGATIVE_NUMBER regex in a new argot/_numbers.py: "
             "raw_args and errors would quote what nobody typed, argot.complete would "
             "disagree), any new module, and click's always-take-the-next-token rule.",
             must=(("lexer", "_classify", "parses as a number", "float("),
                   ("pre-pass", "_numbers.py", "join_negative_values", "new module",
                    "rewrit", "raw_args", "argot.complete")),
             stale=("_numbers.py", "join_negative_values", "pre-pass"),
             partial_means="The lexer rule without what it rules out.",
             wrong="Taking the next token always, as click does; -inf accepted as a number.",
             stale_means="A pre-pass in argot/_numbers.py (join_negative_values, the "
                         "NEGATIVE_NUMBER regex) joining --offset -5 into --offset=-5, given "
                         "as the design."),
    Question("review", "What did the review find?",
             "@tomasz-wierzbicki on PR #586: (1) a parser with digit flags (tarpit's -1, -2, "
             "like ls -1) must keep them (already the case, test_digit_flags_keep_their_"
             "meaning); (2) why not click's rule, always take the next token (answered on the "
             "PR: --name --verbos would be taken quietly); (3) --temp -inf and -nan still "
             "fail (put off to #592); (4) the lexer built once by parse() misses options "
             "added later through Parser.extend (fixed since: add_option drops self._lexer, "
             "with a test) and docs/parsing.md still says --offset=-5 (not updated).",
             must=(("tarpit", "digit flag", "ls -1", "-1 and -2"),
                   ("click", "next token"),
                   ("-inf", "-nan", "#592"),
                   ("added after the first parse", "add_option", "self._lexer", "built once",
                    "parser.extend", "parsing.md")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The NoSuchOption failures or the no-pre-pass correction given as a review "
                   "point."),
    Question("corrections", "How did the user correct the agent?",
             "No pre-pass and no new module: argv must reach the lexer as typed (ctx.raw_args "
             "and every UsageError quote it; argot.complete lexes the command line without "
             "Parser.parse, so completion and parsing would disagree), and the regex missed "
             "-.5 and -1_000 and short options (-o -5). Do what argparse does, in the lexer: a "
             "dash token that parses as a number is a VALUE unless the parser defines an "
             "option that looks like a negative number (tarpit's -1 and -2); keep "
             "--offset=-5 working; delete _numbers.py and restore parser.py.",
             must=(("pre-pass", "new module", "raw_args", "argot.complete", "completion",
                    "rewrit", "regex"),
                   ("lexer", "_classify", "parses as a number", "argparse")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="The lexer rule without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With the lexer change, five of the eight new tests and reproduce.py still failed "
             f"with NoSuchOption: no such option: -5. Clearing __pycache__ and .pytest_cache, "
             "pip install -e . and a re-run gave the same five failures (argot was imported "
             f"from /testbed); --tb=short showed parser.py:{_RAISE_AT} in _take_value, whose "
             "guard checked the token's text for a leading dash, not the lexer's kind; fixed "
             "by checking nxt.kind is not Kind.VALUE. Earlier, the issue's own failure.",
             must=(("no such option", "nosuchoption"),
                   ("_take_value", "guard", "nxt.kind", "lexer's kind", "kind.value",
                    f"parser.py:{_RAISE_AT}")),
             stale=("fixed by clearing", "fixed by pip install", "fixed by reinstalling",
                    "fixed by a re-run", "fixed by re-running", "stale bytecode",
                    "non-editable install"),
             partial_means="The NoSuchOption failures without their fix.",
             wrong="A MissingValue or a ValueError from int() given as the failure.",
             stale_means="The failures 'fixed' by clearing __pycache__ and .pytest_cache, pip "
                         "install -e . and a re-run, or put down to stale bytecode or a "
                         "non-editable install."),
    Question("key_values", "Which key values matter?",
             "argot 3.2.0 on Python 3.11; --offset -5 and --temp -3.5e2 (-350.0), with -.5 and "
             "-1_000 also numbers, -inf and -nan not; 214 tests before, 5 of 8 new ones "
             f"failing, 223 passed now; issue #583, PR #586, #592 (-inf and -nan); the guard at "
             f"parser.py:{_RAISE_AT}.",
             must=(("3.2.0", "#583", "-3.5e2", "-350"),
                   ("223 passed", "223 tests", "#586", "#592")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "argot/_lexer.py splits argv into LONG, SHORT, VALUE and SEPARATOR tokens (the "
             "parser and argot.complete both read argv through it); argot/parser.py holds "
             "Parser: parse(), add_option, _take_value; tests/test_negative_numbers.py the "
             "#583 tests; reproduce.py a scratch repro.",
             must=(("_lexer.py",),
                   ("parser.py", "reproduce.py", "test_negative_numbers.py"),
                   ("token", "splits argv", "classif", "scratch", "_take_value")),
             partial_means="The files named without what they hold.",
             wrong="argot/_numbers.py as what reads negative numbers."),
    Question("pending", "What work is still pending?",
             "Updating the 'Values that start with a dash' section of docs/parsing.md, a "
             "pytest run, deleting reproduce.py and submitting; -inf and -nan are left to "
             "#592.",
             must=(("parsing.md", "docs section", "docs/parsing", "values that start with a "
                    "dash"),
                   ("reproduce.py", "submit")),
             partial_means="The docs section without the rest, or the reverse.",
             wrong="The add_option fix or digit flags as pending.",
             stale_means="-inf and -nan given as pending work of this PR."),
    Question("state", "What is the state of the work?",
             "The lexer gives negative numbers as values (unless an option looks like one), "
             "_take_value trusts its kind and add_option drops the cached lexer; all 223 "
             "tests pass and reproduce.py parses --offset -5 and --temp -3.5e2; "
             "docs/parsing.md is not updated, reproduce.py is still in the tree, nothing is "
             "committed or submitted.",
             must=(("223 passed", "223 tests", "tests pass"),
                   ("not updated", "not submitted", "parsing.md", "docs section")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or -inf accepted.",
             stale_means="Says parse() joins negative numbers through argot/_numbers.py."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
