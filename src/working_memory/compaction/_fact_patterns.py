"""The patterns verbatim facts are found with: URLs, paths (with the file extensions that
mark a bare file name), error names and lines, shell commands, identifiers and numbers.
"""

from __future__ import annotations

import re

__all__: list[str] = []


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- patterns -------------------------------------------------------------------------------

URL = re.compile(r"\bhttps?://[^\s<>\"'`\])}]+")

EXTENSIONS = word_set(
    "py pyi pyx ipynb js mjs cjs ts tsx jsx json jsonl yaml yml toml ini cfg conf md mdx rst txt "
    "csv tsv html htm css scss sass less xml svg png jpg jpeg gif webp ico ex exs eex heex leex "
    "erl hrl rs go c h cc cpp cxx hpp java kt kts scala rb php pl sh bash zsh fish ps1 bat sql db "
    "sqlite sqlite3 lock log env gradle swift dart lua jl vue svelte proto graphql tf hcl mk pdf "
    "zip gz tgz tar whl so dylib dll exe wasm patch diff cs fs zig nim ml mli hs elm clj cljs edn "
    "el vim tex bib pem crt bak"
)
_EXT = "|".join(sorted(EXTENSIONS, key=len, reverse=True))

_SEG = r"\.?[\w@+\-][\w.@+\-]*"
# A run of path segments joined by slashes, optionally anchored at /, ~/, ./ or ../
SLASH_PATH = re.compile(rf"(?<![\w./~\-])(?:~|\.{{1,2}})?/?(?:{_SEG}/)+(?:{_SEG})?")
BARE_FILE = re.compile(rf"(?<![\w./\-@])\.?[\w\-]+(?:\.[\w\-]+)*\.(?:{_EXT})(?![\w/\-(])")
OBJECT_PREFIXES = ("self.", "this.", "cls.", "ctx.")
LINE_SUFFIX = re.compile(r"(?::\d+){1,2}$")
ARITY = re.compile(r"^[A-Za-z_][\w.?!]*/\d{1,2}$")  # Elixir/Erlang name/arity
PROSE_SLASH = word_set(
    "and/or or/and n/a w/o w/ i/o input/output read/write yes/no on/off true/false he/she "
    "his/her client/server and/also either/or km/h"
)

ERROR_NAME = re.compile(
    r"\b(?:[A-Z][A-Za-z0-9]*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception|Failure)\b"
    r"(?:(?::| -|\)) +([^\n]{1,200}))?"
)
ERROR_LINE = re.compile(
    r"(?m)^[ \t>*\-]*(?:(?:error|fatal|panic|Error|Fatal)(?:\[[\w\-]+\])?:|(?:ERROR|FATAL|FAILED)\b:?)"
    r" *([^\n]{1,200})"
)

COMMAND_WORDS = word_set(
    "git mix npm npx pnpm yarn node python python3 pip pip3 uv uvx pytest ruff mypy cargo rustc "
    "go make cmake docker docker-compose kubectl curl wget ls cd cat grep rg find sed awk head "
    "tail echo export rm mv cp mkdir chmod chown ssh scp rsync tar gh bd iex elixir erl rails "
    "bundle rake gem java mvn gradle dotnet deno bun tsc jest vitest eslint prettier brew apt "
    "apt-get sudo source bash sh zsh poetry conda jupyter psql sqlite3 redis-cli terraform helm "
    "systemctl journalctl tmux which env touch wc sort diff kill ps xargs jq tox nox hatch "
    "black isort flake8 pylint coverage ollama vllm"
)
DOLLAR_LINE = re.compile(r"(?m)^[ \t]*\$ +([^\n]+)")
FENCE = re.compile(r"(?ms)^[ \t]*```([\w+\-]*)[^\n]*\n(.*?)^[ \t]*```")
SHELL_FENCES = frozenset({"", "bash", "sh", "shell", "console", "zsh", "terminal", "cmd"})
BACKTICK = re.compile(r"(?<!`)`([^`\n]{1,300})`(?!`)")

IDENTIFIERS = [
    re.compile(r"(?<![\w.])__[A-Za-z][A-Za-z0-9_]*__(?!\w)"),  # dunder
    re.compile(
        r"(?<![\w.\-])_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w\-])"
    ),  # snake/SCREAMING
    re.compile(r"(?<![\w.\-])[a-z]+[0-9]*[A-Z][A-Za-z0-9]*(?![\w\-])"),  # camelCase
    re.compile(r"(?<![\w.\-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w\-])"),  # PascalCase, 2+ humps
    re.compile(
        r"(?<![\w.\-])[A-Z]{2,}[A-Z][a-z0-9]{2,}(?:[A-Z][A-Za-z0-9]*)*(?![\w\-])"
    ),  # HTTPServer
    re.compile(
        r"(?<![\w.\-])[A-Za-z]\w*-[\w\-]*\d[\w\-]*(?:\.\d+)*(?![\w\-])"
    ),  # kebab with a digit: gqc-12
    re.compile(
        r"(?<![\w\-])[a-z][\w\-]*-[a-z][\w\-]*\.\d+(?![\w\-])"
    ),  # beads-style: spotter-gqc.4
    re.compile(
        r"(?<![\w\-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w\-])"
    ),
    re.compile(
        r"(?<![\w\-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w\-])"
    ),  # git sha
    re.compile(r"(?<![\w\-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w\-])"),  # CLI flag
    re.compile(r"(?<![\w:\"'])(?<=[\s(\[{,])(:[a-z_][a-z0-9_]+[?!]?)(?![\w:])"),  # Elixir/Ruby atom
    re.compile(r"(?<![\w.\-])[A-Za-z_]\w*\(\)"),  # call: compact()
]

# dotted: os.path.join, Spotter.Transcripts.Annotation
DOTTED = re.compile(r"(?<![\w.\-/])[A-Za-z_][\w]+(?:\.[A-Za-z_][\w]*)+(?:\(\))?(?![\w\-/])")

_UNITS = (
    "ms|µs|us|ns|s|sec|secs|seconds?|min|mins|minutes?|h|hr|hrs|hours?|days?|"
    "B|KB|kB|MB|GB|TB|KiB|MiB|GiB|TiB|bytes?|tokens?|tok|k|K|M|px|em|rem|pt|"
    "chars?|characters?|words?|lines?|LOC|tests?|doctests?|failures?|failed|passed|errors?|"
    "warnings?|rows?|columns|commits?|req/s|rps|qps|fps|Hz|kHz|MHz|GHz|cores?|CPUs?|GPUs?|"
    "USD|EUR|dollars?|tps|mg|kg|g|m|cm|mm|km"
)
NUMBERS = [
    re.compile(r"(?<![\w.$])\$\d[\d,]*(?:\.\d+)?(?![\w.])"),  # money
    re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?%"),  # percent
    re.compile(rf"(?<![\w.,])\d[\d,]*(?:\.\d+)? ?(?:{_UNITS})(?![\w/])"),  # with a unit
    re.compile(r"(?<![\w.,])\d+(?:\.\d+)?x(?!\w)"),  # ratio: 22x
    re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+(?:[\-+][\w.]+)?(?![\w.])"),  # version
    re.compile(r"(?<![\w.])v\d+(?:\.\d+)?(?![\w.])"),  # v2, v1.5
    re.compile(r"\b(?:HTTP|status(?: code)?|exit (?:code|status)|port) \d{1,5}\b"),
    re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,]|\.\d)"),  # 327,000
    re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])"),  # decimal: 0.75
    re.compile(r"(?<![\w.,:\-/])\d{4,}(?![\w.,:\-/])"),  # long integer: 167094, 2024
]

TRAILING = ".,;:!?)]}'\"`*"
