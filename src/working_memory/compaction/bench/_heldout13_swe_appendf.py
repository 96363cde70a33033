"""Held out, thirteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, C: sbuf_appendf() in src/sbuf.c formats
into a 256-byte stack buffer, so anything longer is cut to 255 bytes without an error (issue
#77); vasprintf() with a new src/compat/vasprintf.c fallback and a Makefile line, then ruled
out by the maintainer (sbuf is C99 and builds with MSVC; no compat files) for two vsnprintf
calls, the first measuring, then sbuf_grow() and formatting in place; the compat file deleted
and the Makefile line reverted; a segfault from reusing the va_list, which make clean and a
re-run did not fix and va_copy() did; the maintainer's four points: one done (C99), one
answered (the return value), one a separate issue (a public sbuf_vappendf, #81), one pending
(a test at the 255/256/257-byte boundary); the assistant's last words name that test, which
is the right next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "sbuf-c__sbuf-77)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a C code repository in the "
    "directory /testbed. Consider the following issue:\n<issue>\nsbuf_appendf silently "
    'truncates long output\n\n```c\nsbuf *sb = sbuf_new();\nsbuf_appendf(sb, "%s", '
    'long_url);   /* 300 bytes */\nprintf("%zu\\n", sbuf_len(sb));   /* prints 255 */\n```\n'
    "No error is returned; the rest of the string is just gone.\n</issue>\nMake the minimal "
    "changes to non-test files in /testbed so that the issue is resolved."
)
s.call(
    "search_dir",
    'Found 4 matches for "sbuf_appendf" in /testbed:\n/testbed/src/sbuf.c (1 matches)\n'
    "/testbed/include/sbuf.h (1 matches)\n/testbed/tests/test_appendf.c (2 matches)\n"
    'End of matches for "sbuf_appendf" in /testbed',
    search_term="sbuf_appendf",
    dir="/testbed",
)
s.call(
    "open",
    "[File: /testbed/src/sbuf.c (212 lines total)]\n(140 more lines above)\n"
    "141:/* Append printf-style output. Returns the number of bytes appended, -1 on error. */\n"
    "142:int sbuf_appendf(sbuf *sb, const char *fmt, ...)\n143:{\n"
    "144:    char tmp[256];\n145:    va_list ap;\n146:    int n;\n147:\n"
    "148:    va_start(ap, fmt);\n149:    n = vsnprintf(tmp, sizeof tmp, fmt, ap);\n"
    "150:    va_end(ap);\n151:    if (n < 0)\n152:        return -1;\n"
    "153:    return sbuf_append(sb, tmp, strlen(tmp));\n154:}\n(58 more lines below)\n",
    path="/testbed/src/sbuf.c",
    line_number=141,
)
s.call(
    "bash",
    "cc -std=c99 -Wall -Wextra -Iinclude -o tests/run tests/*.c src/sbuf.c\n"
    "test_append: 6 passed\ntest_appendf: 3 passed\ntest_grow: 2 passed\n"
    "11 passed, 0 failed\n",
    command="cd /testbed && make test",
)
s.call(
    "create",
    "[File: /tmp/repro_77.c (9 lines total)]\n1:#include <stdio.h>\n2:#include <string.h>\n"
    '3:#include "sbuf.h"\n4:\n5:int main(void)\n6:{\n7:    char url[301];\n'
    "8:    sbuf *sb = sbuf_new();\n9:    memset(url, 'a', 300); url[300] = 0; "
    'sbuf_appendf(sb, "%s", url); printf("%zu\\n", sbuf_len(sb));\n',
    filename="/tmp/repro_77.c",
)
s.call(
    "bash",
    "255\n",
    command="cd /testbed && cc -std=c99 -Iinclude -o /tmp/repro /tmp/repro_77.c src/sbuf.c && "
    "/tmp/repro",
)
s.say(
    "The output goes through char tmp[256]; vsnprintf cuts it at 255 bytes and returns the "
    "full length, which the code ignores. Simplest fix: let vasprintf() allocate a buffer "
    "of the right size, append it and free it. vasprintf isn't on every libc, so I'll add a "
    "fallback in src/compat/vasprintf.c and build it from the Makefile."
)
s.call(
    "edit",
    "[File: /testbed/src/sbuf.c (215 lines total)]\n"
    "142:int sbuf_appendf(sbuf *sb, const char *fmt, ...)\n143:{\n"
    "144:    char *tmp;\n145:    va_list ap;\n146:    int n;\n147:\n"
    "148:    va_start(ap, fmt);\n149:    n = vasprintf(&tmp, fmt, ap);\n"
    "150:    va_end(ap);\n151:    if (n < 0)\n152:        return -1;\n"
    "153:    n = sbuf_append(sb, tmp, (size_t)n);\n154:    free(tmp);\n155:    return n;\n"
    f"156:}}\n{_EDITED}",
    start_line=142,
    end_line=154,
    replacement_text="int sbuf_appendf(sbuf *sb, const char *fmt, ...)\n{\n    char *tmp;\n"
    "    va_list ap;\n    int n;\n\n    va_start(ap, fmt);\n"
    "    n = vasprintf(&tmp, fmt, ap);\n    va_end(ap);\n    if (n < 0)\n        return -1;\n"
    "    n = sbuf_append(sb, tmp, (size_t)n);\n    free(tmp);\n    return n;\n}\n",
)
s.call(
    "create",
    "[File: /testbed/src/compat/vasprintf.c (14 lines total)]\n"
    "1:#include <stdarg.h>\n2:#include <stdio.h>\n3:#include <stdlib.h>\n4:\n"
    "5:#ifndef HAVE_VASPRINTF\n6:int vasprintf(char **out, const char *fmt, va_list ap)\n",
    filename="/testbed/src/compat/vasprintf.c",
)
s.call(
    "edit",
    "[File: /testbed/Makefile (18 lines total)]\n4:SRCS = src/sbuf.c src/compat/vasprintf.c\n"
    f"{_EDITED}",
    start_line=4,
    end_line=4,
    replacement_text="SRCS = src/sbuf.c src/compat/vasprintf.c\n",
)
s.call(
    "bash",
    "300\n---\ntest_append: 6 passed\ntest_appendf: 3 passed\ntest_grow: 2 passed\n"
    "11 passed, 0 failed\n",
    command="cd /testbed && cc -std=c99 -D_GNU_SOURCE -Iinclude -o /tmp/repro "
    "/tmp/repro_77.c src/sbuf.c src/compat/vasprintf.c && /tmp/repro; echo ---; make test",
)
s.user(
    "The maintainer (@okoye) commented on the issue:\n"
    "> Thanks for picking this up. Before a PR:\n"
    "> 1. No vasprintf, and no src/compat/ files. sbuf is plain C99 and builds with MSVC; "
    "vasprintf is neither. Call vsnprintf twice instead: once with a copy of the va_list to "
    "measure, then sbuf_grow() and format straight into sb->data + sb->len. No temporary "
    "buffer at all.\n"
    "> 2. Keep the return value as documented: bytes appended, -1 on error.\n"
    "> 3. A public sbuf_vappendf() would be nice, but that's API; open a separate issue.\n"
    "> 4. Please add a test at the boundary: 255, 256 and 257 bytes of output."
)
s.call(
    "bash",
    "",
    command="cd /testbed && rm -r src/compat",
)
s.call(
    "edit",
    f"[File: /testbed/Makefile (18 lines total)]\n4:SRCS = src/sbuf.c\n{_EDITED}",
    start_line=4,
    end_line=4,
    replacement_text="SRCS = src/sbuf.c\n",
)
s.call(
    "edit",
    "[File: /testbed/src/sbuf.c (218 lines total)]\n"
    "142:int sbuf_appendf(sbuf *sb, const char *fmt, ...)\n143:{\n"
    "144:    va_list ap;\n145:    int n;\n146:\n147:    va_start(ap, fmt);\n"
    "148:    n = vsnprintf(NULL, 0, fmt, ap);\n"
    "149:    if (n < 0 || sbuf_grow(sb, (size_t)n + 1) < 0) {\n"
    "150:        va_end(ap);\n151:        return -1;\n152:    }\n"
    "153:    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);\n"
    "154:    va_end(ap);\n155:    sb->len += (size_t)n;\n156:    return n;\n157:}\n"
    f"{_EDITED}",
    start_line=142,
    end_line=156,
    replacement_text="int sbuf_appendf(sbuf *sb, const char *fmt, ...)\n{\n    va_list ap;\n"
    "    int n;\n\n    va_start(ap, fmt);\n    n = vsnprintf(NULL, 0, fmt, ap);\n"
    "    if (n < 0 || sbuf_grow(sb, (size_t)n + 1) < 0) {\n        va_end(ap);\n"
    "        return -1;\n    }\n    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);\n"
    "    va_end(ap);\n    sb->len += (size_t)n;\n    return n;\n}\n",
)
s.call(
    "bash",
    "cc -std=c99 -Wall -Wextra -Iinclude -o tests/run tests/*.c src/sbuf.c\n"
    "test_append: 6 passed\nmake: *** [Makefile:15: test] Segmentation fault (core dumped)\n",
    command="cd /testbed && make test",
)
s.say(
    "It crashes in test_appendf. tests/run may still be the binary linked against "
    "src/compat/vasprintf.c, a stale object from the earlier build; cleaning and building "
    "again."
)
s.call(
    "bash",
    "rm -f tests/run *.o src/*.o\n"
    "cc -std=c99 -Wall -Wextra -Iinclude -o tests/run tests/*.c src/sbuf.c\n"
    "test_append: 6 passed\nmake: *** [Makefile:15: test] Segmentation fault (core dumped)\n",
    command="cd /testbed && make clean && make test",
)
s.call(
    "bash",
    "Program received signal SIGSEGV, Segmentation fault.\n"
    "__strlen_avx2 () at ../sysdeps/x86_64/multiarch/strlen-avx2.S:74\n"
    '#1  __vfprintf_internal (s=..., format=0x4021a8 "%s=%s", ap=...) at vfprintf-internal.c\n'
    '#2  __vsnprintf_internal (string=0x4052a0 "", maxlen=12, ...)\n'
    '#3  sbuf_appendf (sb=0x4052a0, fmt=0x4021a8 "%s=%s") at src/sbuf.c:153\n',
    command="cd /testbed && gdb -batch -ex run -ex bt tests/run 2>&1 | tail -5",
)
s.say(
    "Not a stale build: the crash is the second vsnprintf at src/sbuf.c:153. The first call "
    "consumed the va_list, and C99 leaves ap indeterminate after vsnprintf returns, so the "
    "second call reads garbage pointers for %s. The measuring call has to get its own copy: "
    "va_copy(ap2, ap), measure with ap2, va_end(ap2), then format with ap."
)
s.call(
    "edit",
    "[File: /testbed/src/sbuf.c (221 lines total)]\n"
    "142:int sbuf_appendf(sbuf *sb, const char *fmt, ...)\n143:{\n"
    "144:    va_list ap, ap2;\n145:    int n;\n146:\n147:    va_start(ap, fmt);\n"
    "148:    va_copy(ap2, ap);\n149:    n = vsnprintf(NULL, 0, fmt, ap2);\n"
    "150:    va_end(ap2);\n"
    "151:    if (n < 0 || sbuf_grow(sb, (size_t)n + 1) < 0) {\n"
    f"...\n{_EDITED}",
    start_line=144,
    end_line=148,
    replacement_text="    va_list ap, ap2;\n    int n;\n\n    va_start(ap, fmt);\n"
    "    va_copy(ap2, ap);\n    n = vsnprintf(NULL, 0, fmt, ap2);\n    va_end(ap2);\n",
)
s.call(
    "bash",
    "300\n---\ncc -std=c99 -Wall -Wextra -Iinclude -o tests/run tests/*.c src/sbuf.c\n"
    "test_append: 6 passed\ntest_appendf: 3 passed\ntest_grow: 2 passed\n"
    "11 passed, 0 failed\n",
    command="cd /testbed && cc -std=c99 -Iinclude -o /tmp/repro /tmp/repro_77.c src/sbuf.c "
    "&& /tmp/repro; echo ---; make test",
)
s.call(
    "bash",
    " src/sbuf.c | 19 ++++++++++++-------\n 1 file changed, 12 insertions(+), 7 deletions(-)\n",
    command="cd /testbed && git diff --stat",
)
s.say(
    "Point 1 is in: two vsnprintf calls with va_copy, sbuf_grow(), formatting straight into "
    "sb->data + sb->len, no temporary buffer, and src/compat/ and the Makefile line are gone "
    "(git diff shows only src/sbuf.c). Point 2 holds: it returns n, the bytes appended, and -1 "
    "when vsnprintf or sbuf_grow fails. Point 3 (a public sbuf_vappendf) is left for a "
    "separate issue. The repro prints 300 and all 11 tests pass."
)
s.say(
    "Next I'll add the boundary test to tests/test_appendf.c: appendf output of 255, 256 and "
    "257 bytes, each checking sbuf_len() and the bytes, then run make test and submit."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve sbuf-c__sbuf-77: sbuf_appendf() in src/sbuf.c silently truncates output "
             "longer than 255 bytes (it formats into a 256-byte stack buffer); minimal changes "
             "to non-test files.",
             must=(("sbuf_appendf",), ("truncat", "255", "256")),
             partial_means="The function without the truncation, or the reverse.",
             wrong="A memory leak in sbuf_free; a crash in sbuf_append."),
    Question("latest_request", "What did the user last ask?",
             "The maintainer @okoye: (1) no vasprintf and no src/compat/ files (C99, MSVC): "
             "two vsnprintf calls, the first on a va_list copy, then sbuf_grow() and format "
             "into sb->data + sb->len; (2) keep the return value (bytes appended, -1 on "
             "error); (3) a public sbuf_vappendf() goes to a separate issue; (4) add a test at "
             "255, 256 and 257 bytes.",
             must=(("vsnprintf", "vasprintf"), ("257", "boundary", "sbuf_vappendf")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "maintainer", "okoye", "comment"),
             partial_means="One of the points to act on.",
             wrong="Adding sbuf_vappendf now.",
             stale_means="The issue itself given as the latest request."),
    Question("next_step", "What exactly is the next step?",
             "The maintainer's fourth point, as the assistant says: add the boundary test to "
             "tests/test_appendf.c (output of 255, 256 and 257 bytes, checking sbuf_len() and "
             "the bytes), run make test, then submit.",
             must=(("test_appendf.c", "boundary test"), ("257",)),
             stale=("vasprintf", "compat/vasprintf.c", "make clean"),
             partial_means="The boundary test without the sizes or where, or only 'submit'.",
             wrong="Adding sbuf_vappendf; reverting to the 256-byte buffer.",
             stale_means="Says to build the vasprintf fallback or to make clean and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/sbuf.c: sbuf_appendf measures with vsnprintf on a va_copy, grows the buffer "
             "with sbuf_grow() and formats straight into sb->data + sb->len. The Makefile's "
             "SRCS line was edited and reverted; src/compat/vasprintf.c was created and "
             "deleted.",
             must=(("sbuf.c",), ("va_copy", "vsnprintf", "sbuf_grow")),
             stale=("compat/vasprintf.c",),
             partial_means="sbuf.c without what changed in it.",
             wrong="include/sbuf.h given as edited.",
             stale_means="src/compat/vasprintf.c, or the Makefile's SRCS line, listed as a "
                         "current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "sbuf_appendf calls vsnprintf twice (first on a va_copy to measure), grows the "
             "buffer with sbuf_grow() and formats in place with no temporary buffer; it rules "
             "out vasprintf and a src/compat/ fallback, since sbuf is C99 and builds with "
             "MSVC.",
             must=(("vsnprintf",), ("vasprintf", "compat"), ("c99", "msvc")),
             partial=2,
             stale=("let vasprintf() allocate", "add a fallback in src/compat"),
             partial_means="Two vsnprintf calls without what they rule out.",
             wrong="A bigger stack buffer (4096 bytes); returning -1 on truncation.",
             stale_means="vasprintf with a compat fallback given as the design."),
    Question("review", "What did the review find?",
             "@okoye: (1) no vasprintf or compat files, two vsnprintf calls (done); (2) keep "
             "the documented return value (holds: bytes appended, -1 on error); (3) a public "
             "sbuf_vappendf() is a separate issue; (4) a test at 255/256/257 bytes (pending).",
             must=(("vasprintf", "compat"), ("return value", "bytes appended"),
                   ("sbuf_vappendf",), ("257", "boundary")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "maintainer", "okoye"),
             partial_means="Two or three of the four points.",
             wrong="The segfault given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "The maintainer ruled out vasprintf and src/compat/ (sbuf is C99 and builds with "
             "MSVC): call vsnprintf twice with a copy of the va_list, sbuf_grow(), and format "
             "straight into the buffer, no temporary buffer.",
             must=(("vasprintf", "compat"), ("vsnprintf",)),
             cue=("user", "maintainer", "correct", "said", "asked", "told", "instead", "don't",
                  "do not", "not ", "no ", "wants", "ruled out"),
             partial_means="No vasprintf without what to do instead, or the reverse.",
             wrong="The segfault given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "make test segfaulted in test_appendf: the second vsnprintf reused the va_list "
             "the first had consumed (src/sbuf.c:153); make clean and a rebuild did not fix "
             "it; fixed by measuring on va_copy(ap2, ap) and va_end(ap2).",
             must=(("segfault", "segmentation fault", "sigsegv"), ("va_copy",)),
             stale=("fixed by make clean", "fixed by cleaning", "fixed by rebuilding",
                    "fixed by re-running", "stale object"),
             partial_means="The crash without its fix, or the fix without the crash.",
             wrong="A compile error under -std=c99; a memory leak.",
             stale_means="The segfault 'fixed' by make clean or a rebuild."),
    Question("key_values", "Which key values matter?",
             "The 256-byte buffer cut output at 255 bytes; the repro's 300 bytes now kept; 11 "
             "tests pass; the boundary test sizes 255, 256, 257; issue #77; -1 on error.",
             must=(("256", "255", "300"), ("11 passed", "11 tests", "#77")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/sbuf.c implements the string buffer (sbuf_appendf, sbuf_grow, sbuf_append); "
             "include/sbuf.h is its header; tests/test_appendf.c tests sbuf_appendf; "
             "/tmp/repro_77.c reproduces the issue; the Makefile builds and runs the tests.",
             must=(("sbuf.c",), ("test_appendf.c", "sbuf.h", "makefile")),
             partial_means="The files named without what they hold.",
             wrong="src/compat/vasprintf.c as the vasprintf fallback."),
    Question("pending", "What work is still pending?",
             "The 255/256/257-byte boundary test in tests/test_appendf.c (the maintainer's 4), "
             "make test, then submit; sbuf_vappendf is left to a separate issue.",
             must=(("257", "boundary"), ("sbuf_vappendf", "separate issue")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The C99 rewrite or the return value as pending."),
    Question("state", "What is the state of the work?",
             "sbuf_appendf is rewritten with two vsnprintf calls and va_copy; the repro prints "
             "300 and all 11 tests pass; points 1 and 2 done, 3 left to a separate issue; the "
             "boundary test is not written and nothing is submitted.",
             must=(("11 tests", "11 passed", "tests pass", "300"),
                   ("not written", "not submitted", "257", "boundary")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted or sbuf_vappendf is added.",
             stale_means="Says sbuf_appendf uses vasprintf."),
)  # fmt: skip

PRODUCTION = None
