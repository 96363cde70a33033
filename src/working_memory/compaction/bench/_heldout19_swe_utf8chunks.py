"""Held out, nineteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, TypeScript (an npm library of Node streams,
built with tsc and tested with jest and ts-jest): ndstream 3.1.0's LineSplitter decodes every
chunk on its own with chunk.toString('utf8'), so a character that fs.createReadStream's
65536-byte chunks cut in two comes out as U+FFFD, Kraków as 'Krak\ufffd\ufffdw' (issue #214);
the assistant's first design holds back the incomplete trailing bytes with an incompleteTail()
in a new src/utf8Tail.ts, then ruled out by the user in their own words (no hand-rolled UTF-8:
ndstream had its own decoder until 2.0 and it mangled surrogate pairs, #88; no new module) for
one StringDecoder per LineSplitter, write() in _transform and end() in _flush; utf8Tail.ts
deleted and split.ts checked out again, the Zürich regression test kept; the new 4-byte test
times out (it awaits 'end' on a splitter whose output nothing reads), which clearing jest's
cache and --testTimeout=20000 did not fix and reading the output with toArray() did;
@marit-lund's four points, answered by the user: one done before the review (a decoder per
instance), one answered on the PR (no encoding option), one put off to #219 (maxLineLength
counts UTF-16 units, not bytes), one to do (a README Encoding section, written since, and an
invalid-byte test, not written); reproduce.mjs still in the tree; the assistant's last words
only report where the points stand and name no next step."""

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


_SPLIT_TS = r"""import { Transform, type TransformCallback } from 'node:stream';

import { ParseError } from './errors';

export interface SplitOptions {
  /** The longest line accepted, in bytes (1 MiB by default); a longer one is a ParseError. */
  maxLineLength?: number;
  /** Passed to JSON.parse for every line. */
  reviver?: (this: unknown, key: string, value: unknown) => unknown;
}

/** Cuts a byte stream into lines and emits each non-blank line parsed as JSON. */
export class LineSplitter extends Transform {
  private buffered = '';
  private lineNo = 0;
  private readonly maxLineLength: number;

  constructor(private readonly options: SplitOptions = {}) {
    super({ readableObjectMode: true });
    this.maxLineLength = options.maxLineLength ?? 1024 * 1024;
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.buffered += chunk.toString('utf8');
    const lines = this.buffered.split(/\r?\n/);
    this.buffered = lines.pop() ?? '';
    try {
      for (const line of lines) this.pushLine(line);
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  }

  _flush(callback: TransformCallback): void {
    try {
      this.pushLine(this.buffered);
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  }

  private pushLine(line: string): void {
    this.lineNo++;
    if (line.length > this.maxLineLength) {
      throw new ParseError(`line ${this.lineNo}: longer than maxLineLength`, this.lineNo);
    }
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line, this.options.reviver);
    } catch (err) {
      throw new ParseError(`line ${this.lineNo}: ${(err as Error).message}`, this.lineNo, line);
    }
    this.push(value);
  }
}"""

_REPRODUCE = r"""import { Readable } from 'node:stream';
import { parse } from './dist/index.js';

// the issue's case in small: a chunk boundary inside the ü of Zürich (bytes 10-11, c3 bc)
const line = Buffer.from('{"city":"Zürich"}\n');
const [one] = await Readable.from([line.subarray(0, 11), line.subarray(11)]).pipe(parse()).toArray();
console.log('split ü:', JSON.stringify(one.city));

// a bigger file in 65536-byte chunks, as fs.createReadStream reads it
const cities = ['Zürich', 'São Paulo', 'Kraków', 'Malmö', 'Reykjavík', 'Łódź', '東京'];
let text = '';
for (let i = 1; i <= 20000; i++) text += JSON.stringify({ id: i, city: cities[i % 7] }) + '\n';
const buf = Buffer.from(text);
const chunks = [];
for (let i = 0; i < buf.length; i += 65536) chunks.push(buf.subarray(i, i + 65536));
const rows = await Readable.from(chunks).pipe(parse()).toArray();
const bad = rows.filter((r) => r.city.includes('\uFFFD'));
console.log(`${buf.length} bytes in ${chunks.length} chunks: ${rows.length} records, ${bad.length} with U+FFFD`, JSON.stringify(bad));"""

_UTF8_TAIL = r"""/**
 * How many bytes at the end of `bytes` begin a UTF-8 character that is not complete yet
 * (0 to 3), so that a chunk boundary inside a character can be held back (#214).
 */
export function incompleteTail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return size > back ? back : 0;
  }
  return 0;
}"""

_TAIL_SPLIT = r"""  private buffered = '';
  private pending: Buffer = Buffer.alloc(0);
  private lineNo = 0;
  private readonly maxLineLength: number;

  constructor(private readonly options: SplitOptions = {}) {
    super({ readableObjectMode: true });
    this.maxLineLength = options.maxLineLength ?? 1024 * 1024;
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // hold back the incomplete trailing bytes of a character until the next chunk (#214)
    const bytes = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const end = bytes.length - incompleteTail(bytes);
    this.pending = bytes.subarray(end);
    this.buffered += bytes.toString('utf8', 0, end);
    const lines = this.buffered.split(/\r?\n/);
    this.buffered = lines.pop() ?? '';
    try {
      for (const line of lines) this.pushLine(line);
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  }

  _flush(callback: TransformCallback): void {
    this.buffered += this.pending.toString('utf8');
    try {"""

_TEST_HEAD = r"""import { once } from 'node:events';
import { Readable } from 'node:stream';

import { LineSplitter, ParseError } from '../src';

function collect(chunks: (string | Buffer)[], options = {}): Promise<unknown[]> {
  return Readable.from(chunks).pipe(new LineSplitter(options)).toArray();
}

describe('LineSplitter', () => {
  it('emits one value per line', async () => {
    expect(await collect(['{"a":1}\n{"a":2}\n'])).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('joins a line that spans chunks', async () => {
    expect(await collect(['{"a":', '1}\n'])).toEqual([{ a: 1 }]);
  });"""

_TEST_TAIL = r"""  it('fails with a ParseError naming the line', async () => {
    const splitter = new LineSplitter();
    splitter.end('{"a":1}\n{"a":\n');
    splitter.resume();
    const [err] = await once(splitter, 'error');
    expect(err).toBeInstanceOf(ParseError);
    expect(err.message).toBe('line 2: Unexpected end of JSON input');
  });
});"""

_ZURICH_TEST = r"""
  it('keeps a character split across chunks (#214)', async () => {
    const line = Buffer.from('{"city":"Zürich"}\n');
    expect(await collect([line.subarray(0, 11), line.subarray(11)])).toEqual([{ city: 'Zürich' }]);
  });
});"""

_FOX_TEST = r"""
  it('keeps a 4-byte character split over three writes', async () => {
    const splitter = new LineSplitter();
    const fox = Buffer.from('{"e":"🦊"}\n');
    splitter.write(fox.subarray(0, 7));
    splitter.write(fox.subarray(7, 9));
    splitter.end(fox.subarray(9));
    await once(splitter, 'end');
    expect(splitter.read()).toEqual({ e: '🦊' });
  });
});"""

_FOX_FIXED = r"""    const splitter = new LineSplitter();
    const out = splitter.toArray(); // a Readable only ends once its output is read
    const fox = Buffer.from('{"e":"🦊"}\n');
    splitter.write(fox.subarray(0, 7));
    splitter.write(fox.subarray(7, 9));
    splitter.end(fox.subarray(9));
    expect(await out).toEqual([{ e: '🦊' }]);"""

_DECODER_SPLIT = r"""  private readonly maxLineLength: number;
  // one per splitter: it keeps the bytes of a character that a chunk boundary cut (#214)
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly options: SplitOptions = {}) {
    super({ readableObjectMode: true });
    this.maxLineLength = options.maxLineLength ?? 1024 * 1024;
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.buffered += this.decoder.write(chunk);
    const lines = this.buffered.split(/\r?\n/);
    this.buffered = lines.pop() ?? '';
    try {
      for (const line of lines) this.pushLine(line);
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  }

  _flush(callback: TransformCallback): void {
    this.buffered += this.decoder.end();
    try {"""

_README = r"""## Encoding

Input is read as UTF-8, which is what NDJSON is. A character that a chunk boundary cuts in two
is decoded whole; bytes that are not valid UTF-8 become U+FFFD (�), as `Buffer#toString` does.
There is no `encoding` option: convert other encodings first (with iconv-lite, say).

## API"""


_README_OPTIONS = r"""## Options

`parse(options)` takes:

- `maxLineLength`: the longest line accepted, in bytes (1 MiB by default). A longer line fails
  the stream with a `ParseError`.
- `reviver`: passed to `JSON.parse` for every line.

Blank lines are skipped; `\r\n` line endings are accepted.

Every `ParseError` has the line number (`err.line`) and, for a line that is not JSON, its text
(`err.text`).

## API"""


def _timeout(passed: str, ms: int, took: str, suites: str, tests: str, total: str) -> str:
    """jest's report of the fox test running past its timeout, after the suites that passed."""
    return (
        passed + f"FAIL test/split.test.ts ({took})\n"
        "  ● LineSplitter › keeps a 4-byte character split over three writes\n\n"
        f'    thrown: "Exceeded timeout of {ms} ms for a test.\n'
        "    Add a timeout value to this test to increase the timeout, if this is a long-running "
        'test. See https://jestjs.io/docs/api#testname-fn-timeout."\n\n'
        "      69 |   });\n      70 |\n"
        "    > 71 |   it('keeps a 4-byte character split over three writes', async () => {\n"
        "         |   ^\n"
        "      72 |     const splitter = new LineSplitter();\n"
        '      73 |     const fox = Buffer.from(\'{"e":"🦊"}\\n\');\n'
        "      74 |     splitter.write(fox.subarray(0, 7));\n\n"
        "      at it (test/split.test.ts:71:3)\n"
        "      at Object.<anonymous> (test/split.test.ts:10:1)\n\n"
        f"Test Suites: {suites}\nTests:       {tests}\nSnapshots:   0 total\n"
        f"Time:        {total}\n"
    )


s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "fernwood-dev__ndstream-214)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a TypeScript code repository "
    "in the directory /testbed. Consider the following issue:\n<issue>\nNon-ASCII text comes "
    "out as U+FFFD (\ufffd) in files larger than 64 KiB\n\nWith ndstream 3.1.0 on Node "
    "20.11:\n\n```js\nfs.createReadStream('export.ndjson').pipe(parse()).on('data', (row) => "
    "db.insert(row));\n```\n\nA few records of our 600 kB export come out mangled: "
    '`{"id":40213,"city":"Kraków"}` is emitted as `{ id: 40213, city: \'Krak\ufffd\ufffdw\' '
    "}`. The same line parses fine on its own, and files under 64 KiB never show it, so it "
    "looks like it happens where fs.createReadStream cuts the file into its 65536-byte "
    "chunks.\n</issue>\nMake the minimal changes to non-test files in /testbed so that the "
    "issue is resolved."
)
s.call(
    "search_dir",
    "Found 1 matches for \"toString('utf8')\" in /testbed/src:\n"
    "/testbed/src/split.ts (1 matches)\n"
    "End of matches for \"toString('utf8')\" in /testbed/src",
    search_term="toString('utf8')",
    dir="/testbed/src",
)
s.call(
    "open",
    "[File: /testbed/src/split.ts (58 lines total)]\n" + _lines(1, _SPLIT_TS),
    path="/testbed/src/split.ts",
)
s.call(
    "create",
    "[File: /testbed/reproduce.mjs (18 lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.mjs",
)
s.call(
    "bash",
    'split ü: "Z\ufffd\ufffdrich"\n'
    "600325 bytes in 10 chunks: 20000 records, 1 with U+FFFD "
    '[{"id":17513,"city":"東\ufffd\ufffd"}]\n',
    command="cd /testbed && npm run -s build && node reproduce.mjs",
)
s.say(
    "Reproduced. _transform decodes each chunk by itself with chunk.toString('utf8') (line 24). "
    "When a chunk ends inside a multi-byte character, its first bytes are decoded as U+FFFD at "
    "the end of one chunk and the rest as more U+FFFD at the start of the next: Zürich cut "
    "after byte 11 (0xc3 | 0xbc) comes back as Z\ufffd\ufffdrich, and in the 600 kB file one "
    "record of 20000 sits on a 65536-byte boundary. The fix is to hold back the incomplete "
    "trailing bytes of each chunk and decode them with the next one. I'll put the byte check "
    "in a small incompleteTail() in a new src/utf8Tail.ts and use it from _transform."
)
s.call(
    "create",
    "[File: /testbed/src/utf8Tail.ts (14 lines total)]\n" + _lines(1, _UTF8_TAIL),
    filename="/testbed/src/utf8Tail.ts",
)
s.call(
    "open",
    "[File: /testbed/src/split.ts (58 lines total)]\n"
    + _lines(1, "\n".join(_SPLIT_TS.split("\n")[:4]))
    + "(9 more lines)\n"
    + _lines(14, "\n".join(_SPLIT_TS.split("\n")[13:26]))
    + "(32 more lines below)\n",
    path="/testbed/src/split.ts",
)
s.call(
    "edit",
    "[File: /testbed/src/split.ts (59 lines total)]\n"
    "1:import { Transform, type TransformCallback } from 'node:stream';\n2:\n"
    "3:import { ParseError } from './errors';\n4:import { incompleteTail } from './utf8Tail';\n"
    f"5:\n6:export interface SplitOptions {{\n...\n{_EDITED}",
    start_line=3,
    end_line=3,
    replacement_text="import { ParseError } from './errors';\n"
    "import { incompleteTail } from './utf8Tail';\n",
)
s.call(
    "edit",
    "[File: /testbed/src/split.ts (65 lines total)]\n"
    + _lines(15, _TAIL_SPLIT)
    + f"...\n{_EDITED}",
    start_line=15,
    end_line=37,
    replacement_text=_TAIL_SPLIT + "\n",
)
s.call(
    "open",
    "[File: /testbed/test/split.test.ts (65 lines total)]\n"
    + _lines(1, _TEST_HEAD)
    + "(39 more lines)\n"
    + _lines(57, _TEST_TAIL),
    path="/testbed/test/split.test.ts",
)
s.call(
    "edit",
    "[File: /testbed/test/split.test.ts (70 lines total)]\n" + _lines(65, _ZURICH_TEST) + _EDITED,
    start_line=65,
    end_line=65,
    replacement_text=_ZURICH_TEST + "\n",
)
s.call(
    "bash",
    'split ü: "Zürich"\n600325 bytes in 10 chunks: 20000 records, 0 with U+FFFD []\n---\n'
    "PASS test/errors.test.ts\nPASS test/parse.test.ts\nPASS test/split.test.ts\n\n"
    "Test Suites: 3 passed, 3 total\nTests:       28 passed, 28 total\n"
    "Snapshots:   0 total\nTime:        3.418 s\nRan all test suites.\n",
    command="cd /testbed && npm run -s build && node reproduce.mjs && echo --- && npx jest",
)
s.user(
    "No, please don't hand-roll UTF-8 decoding. We had our own decoder until 2.0 and it "
    "mangled surrogate pairs (#88); that's why it's gone. Node's string_decoder does exactly "
    "this: it keeps the incomplete bytes between writes and handles the 4-byte and invalid "
    "cases. One StringDecoder per LineSplitter, decoder.write() in _transform and "
    "decoder.end() in _flush. And no new module for it: it's three lines in split.ts."
)
s.call(
    "bash",
    "Updated 1 path from the index\n M test/split.test.ts\n?? reproduce.mjs\n",
    "Understood: no hand-rolled decoder and no new module. Removing src/utf8Tail.ts and "
    "restoring src/split.ts; the Zürich regression test in test/split.test.ts stays.",
    command="cd /testbed && rm src/utf8Tail.ts && git checkout src/split.ts && git status --short",
)
s.call(
    "open",
    "[File: /testbed/src/split.ts (58 lines total)]\n"
    + _lines(1, "\n".join(_SPLIT_TS.split("\n")[:4]))
    + "(9 more lines)\n"
    + _lines(14, "\n".join(_SPLIT_TS.split("\n")[13:26]))
    + "(32 more lines below)\n",
    path="/testbed/src/split.ts",
)
s.call(
    "edit",
    "[File: /testbed/src/split.ts (59 lines total)]\n"
    "1:import { Transform, type TransformCallback } from 'node:stream';\n"
    "2:import { StringDecoder } from 'node:string_decoder';\n3:\n"
    f"4:import {{ ParseError }} from './errors';\n...\n{_EDITED}",
    start_line=1,
    end_line=1,
    replacement_text="import { Transform, type TransformCallback } from 'node:stream';\n"
    "import { StringDecoder } from 'node:string_decoder';\n",
)
s.call(
    "edit",
    "[File: /testbed/src/split.ts (62 lines total)]\n"
    + _lines(17, _DECODER_SPLIT)
    + f"...\n{_EDITED}",
    start_line=17,
    end_line=37,
    replacement_text=_DECODER_SPLIT + "\n",
)
s.call(
    "edit",
    "[File: /testbed/test/split.test.ts (80 lines total)]\n" + _lines(70, _FOX_TEST) + _EDITED,
    start_line=70,
    end_line=70,
    replacement_text=_FOX_TEST + "\n",
)
s.call(
    "bash",
    'split ü: "Zürich"\n600325 bytes in 10 chunks: 20000 records, 0 with U+FFFD []\n---\n'
    + _timeout(
        "PASS test/errors.test.ts\nPASS test/parse.test.ts\n",
        5000,
        "6.214 s",
        "1 failed, 2 passed, 3 total",
        "1 failed, 28 passed, 29 total",
        "7.032 s",
    )
    + "Ran all test suites.\n",
    command="cd /testbed && npm run -s build && node reproduce.mjs && echo --- && npx jest",
)
s.call(
    "bash",
    "Cleared /tmp/jest_rs\n---\n"
    + _timeout(
        "", 20000, "21.377 s", "1 failed, 1 total", "1 failed, 13 passed, 14 total", "21.903 s"
    )
    + "Ran all test suites matching /test\\/split.test.ts/i.\n",
    "Only the new test fails, and by timeout rather than with a wrong value. This was the first "
    "run since the checkout, so ts-jest compiled every file on a cold cache, and the 5 s may "
    "have gone on compile time. Clearing jest's cache and running the file again with a 20 s "
    "timeout.",
    command="cd /testbed && npx jest --clearCache && echo --- && "
    "npx jest --testTimeout=20000 test/split.test.ts",
)
s.call(
    "edit",
    "[File: /testbed/test/split.test.ts (80 lines total)]\n"
    "71:  it('keeps a 4-byte character split over three writes', async () => {\n"
    + _lines(72, _FOX_FIXED)
    + "79:  });\n"
    + _EDITED,
    "Same timeout at 20 s, so it was never compile time. The test awaits 'end', but a Readable "
    "emits 'end' only once its output has been consumed, and nothing reads this splitter: the "
    "Zürich test reads its output through collect(), which is why it passes. Reading the "
    "output with splitter.toArray() before writing.",
    start_line=72,
    end_line=78,
    replacement_text=_FOX_FIXED + "\n",
)
s.call(
    "bash",
    "PASS test/errors.test.ts\nPASS test/parse.test.ts\nPASS test/split.test.ts\n\n"
    "Test Suites: 3 passed, 3 total\nTests:       29 passed, 29 total\n"
    "Snapshots:   0 total\nTime:        3.106 s\nRan all test suites.\n---\n"
    'split ü: "Zürich"\n600325 bytes in 10 chunks: 20000 records, 0 with U+FFFD []\n',
    command="cd /testbed && npx jest && echo --- && npm run -s build && node reproduce.mjs",
)
s.user(
    "@marit-lund reviewed the patch. Her points, with my answers:\n\n"
    "> 1. The decoder has to belong to the splitter instance. A module-level StringDecoder "
    "would let two parse() streams in one process share a half-read character.\n\n"
    "Already the case: it's a field of LineSplitter, one per instance. Nothing to do.\n\n"
    "> 2. Should parse() take an `encoding` option, for UTF-16 or latin1 exports?\n\n"
    "I replied on the PR: no. NDJSON is UTF-8 by its spec; anyone with latin1 data can pipe "
    "it through iconv-lite first.\n\n"
    "> 3. maxLineLength is documented in bytes but compared with the decoded string's length "
    "(UTF-16 code units), so a line of multibyte text can go past the byte limit.\n\n"
    "True, but changing it changes which files get rejected. I opened #219 for it; leave "
    "maxLineLength alone in this patch.\n\n"
    "> 4. Please test that bytes that aren't valid UTF-8 (a lone 0xFF inside a string) still "
    "come out as U+FFFD rather than throwing, and say what the parser does with encodings in "
    "an Encoding section of the README.\n\n"
    "Both still to do: the README first, then the test."
)
s.call(
    "open",
    "[File: /testbed/README.md (131 lines total)]\n(44 more lines above)\n"
    + _lines(45, _README_OPTIONS)
    + "(73 more lines below)\n",
    path="/testbed/README.md",
    line_number=58,
)
s.call(
    "edit",
    "[File: /testbed/README.md (137 lines total)]\n" + _lines(58, _README) + _EDITED,
    start_line=58,
    end_line=58,
    replacement_text=_README + "\n",
)
s.call(
    "bash",
    "Test Suites: 3 passed, 3 total\nTests:       29 passed, 29 total\n"
    "Snapshots:   0 total\nTime:        2.987 s\nRan all test suites.\n---\n"
    " M README.md\n M src/split.ts\n M test/split.test.ts\n?? reproduce.mjs\n---\n"
    " README.md          |  6 ++++++\n src/split.ts       |  6 +++++-\n"
    " test/split.test.ts | 15 +++++++++++++++\n"
    " 3 files changed, 26 insertions(+), 1 deletion(-)\n",
    command="cd /testbed && npx jest 2>&1 | tail -5 && echo --- && git status --short && "
    "echo --- && git diff --stat",
)
s.say(
    "Where @marit-lund's points stand: (1) was in before the review: the StringDecoder is a "
    "field of LineSplitter, so every parse() stream has its own; (2) is answered on the PR, "
    "with nothing to change; (3) is #219, and this patch does not touch it; (4) the docs part "
    "is written, the invalid-byte test is not. All 29 tests pass, and the repro prints Zürich "
    "whole again."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve fernwood-dev__ndstream-214: ndstream 3.1.0's LineSplitter decodes each "
             "chunk on its own with chunk.toString('utf8'), so a character that a chunk "
             "boundary (fs.createReadStream's 65536-byte chunks) cuts in two comes out as "
             "U+FFFD (Kraków as 'Krak\ufffd\ufffdw'); minimal changes to non-test files.",
             must=(("u+fffd", "\ufffd", "replacement char", "mangled", "non-ascii",
                    "multi-byte", "multibyte"),
                   ("chunk", "64 kib", "65536", "boundary")),
             partial_means="The mangled characters without the chunk boundary, or the reverse.",
             wrong="A JSON parse error on long lines; maxLineLength given as the task."),
    Question("latest_request", "What did the user last ask?",
             "@marit-lund's review with the user's answers: (1) a decoder per splitter "
             "instance, already the case; (2) no encoding option (answered on the PR); (3) "
             "maxLineLength counting UTF-16 units is put off to #219, leave it alone; (4) a "
             "test that invalid UTF-8 (a lone 0xFF) comes out as U+FFFD and an Encoding "
             "section in the README, both to do, the README first.",
             must=(("0xff", "invalid", "readme", "encoding section"),
                   ("#219", "maxlinelength", "encoding option", "review", "marit")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "marit", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Adding an encoding option; making maxLineLength count bytes now.",
             stale_means="The issue itself, or the user's string_decoder correction, given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Add the invalid-byte test to test/split.test.ts (the bytes of {\"a\":\"\\xff\"} "
             "and a newline parse to { a: '\\uFFFD' } rather than throwing), run npx jest, "
             "delete reproduce.mjs and submit. The README's Encoding section is already "
             "written.",
             must=(("invalid-byte", "invalid byte", "0xff", "invalid utf-8", "not valid utf-8"),
                   ("split.test.ts", "jest", "reproduce.mjs", "submit")),
             stale=("readme", "encoding section", "utf8tail", "incompletetail", "--testtimeout",
                    "clearcache", "maxlinelength", "encoding option"),
             partial_means="The invalid-byte test without where it goes or what follows it, "
                           "or only 'submit'.",
             wrong="Adding an encoding option; moving the decoder to module level.",
             stale_means="Says to write the README section (already written), to clear jest's "
                         "cache or raise the timeout, to go back to incompleteTail, or to make "
                         "maxLineLength count bytes (put off to #219)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/split.ts: a StringDecoder field per LineSplitter, decoder.write(chunk) in "
             "_transform in place of chunk.toString('utf8'), decoder.end() in _flush; "
             "test/split.test.ts: the Zürich split test and the 4-byte fox over three writes "
             "(its output read with toArray()); README.md: the Encoding section. "
             "src/utf8Tail.ts (incompleteTail) was created and deleted and split.ts checked "
             "out again; reproduce.mjs is a scratch script.",
             must=(("src/split.ts", "split.ts"),
                   ("stringdecoder", "string_decoder", "decoder.write"),
                   ("split.test.ts",)),
             stale=("utf8tail.ts", "incompletetail"),
             partial_means="split.ts without what changed in it, or without the tests.",
             wrong="src/index.ts or maxLineLength given as changed.",
             stale_means="src/utf8Tail.ts (incompleteTail) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Decode with one StringDecoder per LineSplitter, in split.ts: decoder.write() in "
             "_transform, decoder.end() in _flush. It rules out a hand-rolled UTF-8 check "
             "(incompleteTail() holding back the incomplete trailing bytes, in a new "
             "src/utf8Tail.ts), as ndstream's own decoder before 2.0 mangled surrogate pairs "
             "(#88), and any new module.",
             must=(("stringdecoder", "string_decoder"),
                   ("hand-roll", "hand-rolled", "hand-written", "incompletetail", "utf8tail",
                    "#88", "own decoder", "new module")),
             stale=("incompletetail", "utf8tail.ts", "hold back the incomplete",
                    "buffer.concat"),
             partial_means="StringDecoder without what it rules out.",
             wrong="An encoding option; a decoder shared by the module.",
             stale_means="incompleteTail() in src/utf8Tail.ts, holding back the trailing "
                         "bytes, given as the design."),
    Question("review", "What did the review find?",
             "@marit-lund: (1) the decoder must belong to the splitter instance, not the "
             "module (done before the review); (2) should parse() take an encoding option for "
             "UTF-16 or latin1 (answered on the PR: no, NDJSON is UTF-8, use iconv-lite); (3) "
             "maxLineLength is documented in bytes but counts UTF-16 code units (put off to "
             "#219); (4) a test that invalid bytes (a lone 0xFF) come out as U+FFFD and a "
             "README Encoding section (the README written, the test still to do).",
             must=(("per instance", "one per", "module-level", "module level", "instance",
                    "own decoder", "its own"),
                   ("encoding option", "latin1", "utf-16", "iconv"),
                   ("maxlinelength", "#219"),
                   ("0xff", "invalid", "readme", "encoding section")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "marit", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The jest timeout or the string_decoder correction given as a review point."),
    Question("corrections", "How did the user correct the agent?",
             "No hand-rolled UTF-8 decoding (ndstream had its own decoder until 2.0 and it "
             "mangled surrogate pairs, #88): use Node's string_decoder, one StringDecoder per "
             "LineSplitter with write() in _transform and end() in _flush, and no new module: "
             "keep it in split.ts.",
             must=(("string_decoder", "stringdecoder"),
                   ("hand-roll", "hand-rolled", "hand-written", "#88", "new module",
                    "utf8tail", "incompletetail", "own decoder")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="Use string_decoder without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The new 4-byte test timed out (Exceeded timeout of 5000 ms): it awaited the "
             "splitter's 'end', which a Readable emits only once its output is read, and "
             "nothing read it. Clearing jest's cache and re-running with --testTimeout=20000 "
             "did not help (it timed out at 20000 ms); reading the output with "
             "splitter.toArray() before writing fixed it. (The issue's U+FFFD is fixed by the "
             "StringDecoder.)",
             must=(("timeout", "timed out", "hung", "hang", "exceeded"),
                   ("toarray", "nothing read", "not read", "never read", "consum", "collect",
                    "output is read", "read the output", "reads the output", "reads its output")),
             stale=("fixed by npx jest --clearcache", "fixed by clearing", "fixed by --testtimeout",
                    "fixed by raising", "fixed by a longer timeout", "fixed by re-running",
                    "fixed by a re-run", "cold cache", "compile time"),
             partial_means="The timeout without its fix, or only the issue's U+FFFD.",
             wrong="A ParseError; a TypeScript compile error.",
             stale_means="The timeout 'fixed' by clearing jest's cache or a longer "
                         "--testTimeout, or put down to a cold cache and compile time."),
    Question("key_values", "Which key values matter?",
             "ndstream 3.1.0 on Node 20.11; fs.createReadStream's 65536-byte (64 KiB) chunks; "
             "the repro's 600325 bytes in 10 chunks, 20000 records, one (id 17513) mangled "
             "before; Zürich cut after byte 11; 28 tests with the first design, 29 pass now; "
             "issues #214, #88 (the old decoder) and #219 (maxLineLength in bytes).",
             must=(("65536", "64 kib", "600325", "20000 records", "17513"),
                   ("29 passed", "29 tests", "#219", "3.1.0")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/split.ts holds LineSplitter, the Transform that cuts the bytes into lines and "
             "JSON.parses each (maxLineLength, ParseError); test/split.test.ts its tests, with "
             "the collect() helper; reproduce.mjs a scratch repro run against dist/; README.md "
             "the docs with the Encoding section.",
             must=(("split.ts",), ("reproduce.mjs", "scratch", "split.test.ts")),
             partial_means="The files named without what they hold.",
             wrong="src/utf8Tail.ts as what decodes the chunks."),
    Question("pending", "What work is still pending?",
             "The invalid-byte test (a lone 0xFF comes out as U+FFFD) and a jest run, deleting "
             "reproduce.mjs, and submitting; maxLineLength in bytes is left to #219.",
             must=(("invalid-byte", "invalid byte", "0xff", "invalid utf-8"),
                   ("reproduce.mjs", "submit")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The README section or the per-instance decoder as pending."),
    Question("state", "What is the state of the work?",
             "split.ts decodes with a StringDecoder per splitter; all 29 tests pass and the "
             "repro shows Zürich whole and no mangled record; the README Encoding section is "
             "written; the invalid-byte test is not written, reproduce.mjs is still in the "
             "tree, nothing is submitted.",
             must=(("29 passed", "29 tests", "tests pass"),
                   ("not written", "not submitted", "invalid-byte", "invalid byte", "0xff")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or maxLineLength changed.",
             stale_means="Says split.ts holds back bytes with incompleteTail."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
