"""Held out, twentieth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, Python (an ASGI web framework with its own
`quail serve` CLI, tested with pytest): quail 2.3.1's Response.set_cookie() writes a cookie's
Expires with time.strftime('%a, %d %b %Y ...'), whose day and month names follow the process
locale, so an app that calls locale.setlocale(LC_ALL, '') on a de_DE.UTF-8 server sends
'Expires=Do, 17 Dez 2026 09:30:00 GMT', which browsers do not parse, and its 14-day remember-me
cookie ends with the browser session (issue #318); the assistant's first design switches LC_TIME
to "C" around the strftime call with a c_time_locale() context manager in a new
quail/_locale.py, then ruled out by the user in their own words (setlocale is process-wide and
quail runs sync handlers in a thread pool; library code never calls setlocale; no new module)
for one _http_date() helper in responses.py built on email.utils.format_datetime(...,
usegmt=True), used for the cookie's Expires and FileResponse's Last-Modified; _locale.py
deleted and responses.py checked out again; nine tests then fail with "ValueError: usegmt
option requires a UTC datetime", which clearing __pycache__ and .pytest_cache and a re-run did
not fix and building the datetime with timezone.utc instead of ZoneInfo("UTC") did;
@sanna-koivu's four points, answered by the user: one done before the review (Last-Modified),
one answered on the PR (no SimpleCookie, #141), one put off to #331 (the access log of `quail
serve` in quail/cli.py), one to do (a German-LC_TIME regression test, written since in a new
tests/test_http_dates.py, and a CHANGES.rst entry, not written); reproduce.py still in the
tree; the assistant's last words announce the access-log change the user put off to #331."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)
_PY = "/root/miniconda3/envs/testbed/lib/python3.11"


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


_HEAD = r'''"""Response classes: the status, the headers and the body an ASGI app sends."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime
from typing import Any, Literal

from .background import BackgroundTask
from .datastructures import MutableHeaders

__all__ = ['''

_SET_COOKIE = r'''    def set_cookie(
        self,
        key: str,
        value: str = "",
        max_age: int | None = None,
        expires: datetime | int | None = None,
        path: str | None = "/",
        domain: str | None = None,
        secure: bool = False,
        httponly: bool = False,
        samesite: Literal["lax", "strict", "none"] | None = "lax",
    ) -> None:
        """Add a Set-Cookie header. `expires`: a datetime, or seconds from now."""
        parts = [f"{key}={value}"]
        if max_age is not None:
            parts.append(f"Max-Age={max_age}")
        if expires is not None:
            when = expires.timestamp() if isinstance(expires, datetime) else time.time() + expires
            parts.append("Expires=" + time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(when)))
        if path is not None:
            parts.append(f"Path={path}")
        if domain is not None:
            parts.append(f"Domain={domain}")
        if secure:
            parts.append("Secure")
        if httponly:
            parts.append("HttpOnly")
        if samesite is not None:
            parts.append(f"SameSite={samesite}")
        self.raw_headers.append((b"set-cookie", "; ".join(parts).encode("latin-1")))'''

_REPRODUCE = r"""import locale
from datetime import datetime, timezone

from quail.responses import Response

# the app in #318 calls setlocale(LC_ALL, "") on servers with LANG=de_DE.UTF-8
locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
expires = datetime(2026, 12, 17, 9, 30, tzinfo=timezone.utc)
response = Response("ok")
response.set_cookie("remember", "u-7731", expires=expires, httponly=True)
print(response.headers["set-cookie"])"""

_LOCALE_PY = r'''"""Format dates in the C locale, whatever the process's LC_TIME (#318)."""

from __future__ import annotations

import locale
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def c_time_locale() -> Iterator[None]:
    """Switch LC_TIME to "C" for the block, so that %a and %b give English names."""
    saved = locale.setlocale(locale.LC_TIME)
    locale.setlocale(locale.LC_TIME, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_TIME, saved)'''

_C_LOCALE_EXPIRES = r"""        if expires is not None:
            when = expires.timestamp() if isinstance(expires, datetime) else time.time() + expires
            with c_time_locale():  # English day and month names whatever LC_TIME (#318)
                stamp = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(when))
            parts.append("Expires=" + stamp)
        if path is not None:"""

_HELPER = r'''from datetime import datetime
from email.utils import format_datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from .background import BackgroundTask
from .datastructures import MutableHeaders

_UTC = ZoneInfo("UTC")


def _http_date(when: float) -> str:
    """`when`, in seconds since the epoch, as an HTTP date: Thu, 17 Dec 2026 09:30:00 GMT.
    format_datetime writes the English day and month names itself, whatever the process
    locale (#318)."""
    return format_datetime(datetime.fromtimestamp(when, _UTC), usegmt=True)


'''

_HELPER_FIXED = r'''from datetime import datetime, timezone
from email.utils import format_datetime
from typing import Any, Literal

from .background import BackgroundTask
from .datastructures import MutableHeaders


def _http_date(when: float) -> str:
    """`when`, in seconds since the epoch, as an HTTP date: Thu, 17 Dec 2026 09:30:00 GMT.
    format_datetime writes the English day and month names itself, whatever the process
    locale (#318)."""
    return format_datetime(datetime.fromtimestamp(when, timezone.utc), usegmt=True)'''

_STAT_HEADERS = r"""    def set_stat_headers(self, stat_result: os.stat_result) -> None:
        size = str(stat_result.st_size)
        mtime = stat_result.st_mtime
        etag = f'"{int(mtime):x}-{stat_result.st_size:x}"'
        self.headers.setdefault("content-length", size)
        self.headers.setdefault("last-modified", _http_date(mtime))
        self.headers.setdefault("etag", etag)"""

_TEST_HTTP_DATES = r'''"""HTTP dates are written with English names whatever the process locale (#318)."""

import locale
import os
from datetime import datetime, timezone

import pytest

from quail.responses import FileResponse, Response


@pytest.fixture
def german_time_locale():
    saved = locale.setlocale(locale.LC_TIME)
    try:
        locale.setlocale(locale.LC_TIME, "de_DE.UTF-8")
    except locale.Error:
        pytest.skip("de_DE.UTF-8 is not installed")
    yield
    locale.setlocale(locale.LC_TIME, saved)


def test_cookie_expires_ignores_the_locale(german_time_locale):
    response = Response("ok")
    response.set_cookie("remember", "u-7731", expires=datetime(2026, 12, 17, 9, 30, tzinfo=timezone.utc))
    # under de_DE, strftime gave "Do, 17 Dez 2026"
    assert "Expires=Thu, 17 Dec 2026 09:30:00 GMT;" in response.headers["set-cookie"]


def test_last_modified_ignores_the_locale(german_time_locale, tmp_path):
    path = tmp_path / "app.css"
    path.write_text("body {}")
    os.utime(path, (1796290200, 1796290200))  # Thu, 03 Dec 2026 09:30:00 GMT
    response = FileResponse(path)
    response.set_stat_headers(os.stat(path))
    assert response.headers["last-modified"] == "Thu, 03 Dec 2026 09:30:00 GMT"'''

_FAILED = (
    "tests/test_responses.py::test_set_cookie_expires_datetime",
    "tests/test_responses.py::test_set_cookie_expires_seconds",
    "tests/test_responses.py::test_delete_cookie",
    "tests/test_responses.py::test_file_response",
    "tests/test_responses.py::test_file_response_head",
    "tests/test_sessions.py::test_session_cookie_expires",
    "tests/test_sessions.py::test_session_cleared_deletes_cookie",
    "tests/test_staticfiles.py::test_staticfiles_last_modified",
    "tests/test_staticfiles.py::test_staticfiles_304_if_modified_since",
)
_VALUE_ERROR = "ValueError: usegmt option requires a UTC datetime"
_SUMMARY = (
    "=========================== short test summary info ============================\n"
    + "".join(f"FAILED {t} - {_VALUE_ERROR}\n" for t in _FAILED)
)
_SHORT_TB = (
    "_____________________ test_staticfiles_304_if_modified_since _____________________\n"
    "tests/test_staticfiles.py:58: in test_staticfiles_304_if_modified_since\n"
    '    first = client.get("/static/app.css")\n'
    "quail/testclient.py:142: in get\n"
    '    return self.request("GET", url, **kwargs)\n'
    "quail/staticfiles.py:97: in get_response\n"
    "    response = FileResponse(full_path, stat_result=stat_result)\n"
    "quail/responses.py:297: in __init__\n"
    "    self.set_stat_headers(stat_result)\n"
    "quail/responses.py:313: in set_stat_headers\n"
    '    self.headers.setdefault("last-modified", _http_date(mtime))\n'
    "quail/responses.py:23: in _http_date\n"
    "    return format_datetime(datetime.fromtimestamp(when, _UTC), usegmt=True)\n"
    f"{_PY}/email/utils.py:165: in format_datetime\n"
    '    raise ValueError("usegmt option requires a UTC datetime")\n'
    f"E   {_VALUE_ERROR}\n"
)
_REPRO_TB = (
    "Traceback (most recent call last):\n"
    '  File "/testbed/reproduce.py", line 10, in <module>\n'
    '    response.set_cookie("remember", "u-7731", expires=expires, httponly=True)\n'
    '  File "/testbed/quail/responses.py", line 218, in set_cookie\n'
    '    parts.append("Expires=" + _http_date(when))\n'
    "                              ^^^^^^^^^^^^^^^^\n"
    '  File "/testbed/quail/responses.py", line 23, in _http_date\n'
    "    return format_datetime(datetime.fromtimestamp(when, _UTC), usegmt=True)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    f'  File "{_PY}/email/utils.py", line 165, in format_datetime\n'
    '    raise ValueError("usegmt option requires a UTC datetime")\n'
    f"{_VALUE_ERROR}\n"
)
_GERMAN = "remember=u-7731; Expires=Do, 17 Dez 2026 09:30:00 GMT; Path=/; HttpOnly; SameSite=lax\n"
_ENGLISH = (
    "remember=u-7731; Expires=Thu, 17 Dec 2026 09:30:00 GMT; Path=/; HttpOnly; SameSite=lax\n"
)
_FAIL_AT = (20, 23, 25, 61, 62, 147, 149, 188, 190)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "harbor-oss__quail-318)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nCookie Expires is written "
    "in the server's language, so browsers drop it\n\nquail 2.3.1, Python 3.11, Debian 12. Our "
    'app calls `locale.setlocale(locale.LC_ALL, "")` at startup so that numbers in our '
    "templates are formatted for our users. Since we moved to servers with "
    'LANG=de_DE.UTF-8, the remember-me cookie (`response.set_cookie("remember", token, '
    "expires=1209600, httponly=True)`, 14 days) no longer survives closing the browser. The "
    "header is:\n\n```\nset-cookie: remember=u-7731; Expires=Do, 17 Dez 2026 09:30:00 GMT; "
    "Path=/; HttpOnly; SameSite=lax\n```\n\nFirefox and Safari treat a cookie whose Expires "
    "they cannot parse as a session cookie. With LANG=C.UTF-8 the same code sends `Thu, 17 "
    "Dec 2026`.\n</issue>\nMake the minimal changes to non-test files in /testbed so that the "
    "issue is resolved."
)
s.call(
    "bash",
    'quail/cli.py:88:        stamp = time.strftime("%d/%b/%Y:%H:%M:%S %z", '
    "time.localtime(started))\n"
    'quail/responses.py:206:            parts.append("Expires=" + time.strftime("%a, %d %b %Y '
    '%H:%M:%S GMT", time.gmtime(when)))\n'
    'quail/responses.py:301:        self.headers.setdefault("last-modified", time.strftime("%a, '
    '%d %b %Y %H:%M:%S GMT", time.gmtime(mtime)))\n',
    command="cd /testbed && grep -rn strftime quail/",
)
s.call(
    "open",
    "[File: /testbed/quail/responses.py (341 lines total)]\n(187 more lines above)\n"
    + _lines(188, _SET_COOKIE)
    + "(124 more lines below)\n",
    path="/testbed/quail/responses.py",
    line_number=206,
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (11 lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call("bash", _GERMAN, command="cd /testbed && python reproduce.py")
s.say(
    "Reproduced: under de_DE.UTF-8 the cookie says 'Do, 17 Dez 2026'. set_cookie formats "
    "Expires with time.strftime (responses.py line 206), and %a and %b are the C library's "
    "day and month names for the current LC_TIME, which the app set to German. HTTP dates "
    "must use the English names of RFC 9110's IMF-fixdate. The smallest change is to format "
    "the date in the C locale: I'll add a c_time_locale() context manager in a new "
    'quail/_locale.py that switches LC_TIME to "C" for the strftime call and restores it '
    "after, and use it in set_cookie."
)
s.call(
    "create",
    "[File: /testbed/quail/_locale.py (18 lines total)]\n" + _lines(1, _LOCALE_PY),
    filename="/testbed/quail/_locale.py",
)
s.call(
    "edit",
    "[File: /testbed/quail/responses.py (342 lines total)]\n"
    + _lines(8, "from datetime import datetime\nfrom typing import Any, Literal")
    + "10:\n11:from ._locale import c_time_locale\n12:from .background import BackgroundTask\n"
    f"13:from .datastructures import MutableHeaders\n...\n{_EDITED}",
    start_line=11,
    end_line=11,
    replacement_text="from ._locale import c_time_locale\nfrom .background import BackgroundTask\n",
)
s.call(
    "edit",
    "[File: /testbed/quail/responses.py (344 lines total)]\n"
    + _lines(205, _C_LOCALE_EXPIRES)
    + f"...\n{_EDITED}",
    start_line=205,
    end_line=207,
    replacement_text="\n".join(_C_LOCALE_EXPIRES.split("\n")[:-1]) + "\n",
)
s.call(
    "bash",
    _ENGLISH + "---\n" + _dots(212) + "212 passed in 2.41s\n",
    command="cd /testbed && python reproduce.py && echo --- && python -m pytest -q",
)
s.user(
    "No, don't touch the locale. setlocale() is process-wide, not per block: quail runs sync "
    "handlers in a thread pool, so while one request sits inside c_time_locale() every other "
    "thread formats its dates in C, and two requests that overlap restore each other's saved "
    "locale, which can leave the app's German number formatting in C for good. Library code "
    "must never call setlocale. email.utils.format_datetime(dt, usegmt=True) writes the "
    "English names itself, whatever the locale: use that. And no new module for it, one small "
    "helper in responses.py."
)
s.call(
    "bash",
    "Updated 1 path from the index\n?? reproduce.py\n",
    "Understood: no setlocale in the library and no new module. Removing quail/_locale.py and "
    "restoring responses.py; the dates will go through a format_datetime helper in "
    "responses.py.",
    command="cd /testbed && rm quail/_locale.py && git checkout quail/responses.py && "
    "git status --short",
)
s.call(
    "edit",
    "[File: /testbed/quail/responses.py (353 lines total)]\n"
    + _lines(8, _HELPER[:-1])
    + f"26:__all__ = [\n...\n{_EDITED}",
    start_line=8,
    end_line=13,
    replacement_text=_HELPER,
)
s.call(
    "edit",
    "[File: /testbed/quail/responses.py (353 lines total)]\n"
    "216:        if expires is not None:\n"
    "217:            when = expires.timestamp() if isinstance(expires, datetime) else "
    "time.time() + expires\n"
    '218:            parts.append("Expires=" + _http_date(when))\n'
    f"219:        if path is not None:\n...\n{_EDITED}",
    start_line=218,
    end_line=218,
    replacement_text='            parts.append("Expires=" + _http_date(when))\n',
)
s.call(
    "edit",
    "[File: /testbed/quail/responses.py (353 lines total)]\n"
    + _lines(308, _STAT_HEADERS)
    + f"...\n{_EDITED}",
    "The same strftime builds FileResponse's Last-Modified (the old line 301), which "
    "StaticFiles compares with If-Modified-Since, so it gets the helper too. The access log "
    "line in cli.py is not an HTTP header; I'm leaving it.",
    start_line=313,
    end_line=313,
    replacement_text='        self.headers.setdefault("last-modified", _http_date(mtime))\n',
)
s.call(
    "bash",
    _REPRO_TB + "---\n" + _SHORT_TB + _SUMMARY + "9 failed, 203 passed in 2.88s\n",
    command="cd /testbed && python reproduce.py; echo ---; "
    "python -m pytest -q --tb=short 2>&1 | tail -27",
)
s.call(
    "bash",
    _dots(203, _FAIL_AT) + _SUMMARY + "9 failed, 203 passed in 3.02s\n",
    "Nine failures, all the same ValueError from inside format_datetime, and the datetime it "
    "gets is built with tz=_UTC, so it is UTC. responses.py was restored by git checkout and "
    "edited three times within seconds, and Python only recompiles a .pyc when the source's "
    "mtime changes, so this is probably stale bytecode from the earlier version (and pytest's "
    "cache from that run). Clearing __pycache__ and .pytest_cache and running again.",
    command="cd /testbed && find . -name __pycache__ -prune -exec rm -rf {} + && "
    "rm -rf .pytest_cache && python -m pytest -q --tb=no",
)
s.call(
    "edit",
    "[File: /testbed/quail/responses.py (350 lines total)]\n"
    + _lines(8, _HELPER_FIXED)
    + f"21:\n22:\n23:__all__ = [\n...\n{_EDITED}",
    "The same nine fail on fresh bytecode, so it is the code. format_datetime checks "
    '`dt.tzinfo != datetime.timezone.utc`: it wants that very tzinfo, and a ZoneInfo("UTC") '
    "is UTC but does not compare equal to it. Building the datetime with timezone.utc and "
    "dropping the zoneinfo import.",
    start_line=8,
    end_line=23,
    replacement_text=_HELPER_FIXED + "\n",
)
s.call(
    "bash",
    _dots(212) + "212 passed in 2.44s\n---\n" + _ENGLISH,
    command="cd /testbed && python -m pytest -q && echo --- && python reproduce.py",
)
s.user(
    "@sanna-koivu reviewed PR #322. Her points, and my answers:\n\n"
    "> 1. FileResponse's Last-Modified is built with the same strftime, so StaticFiles' "
    "If-Modified-Since check breaks under de_DE too. It needs the same fix.\n\n"
    "That's already in the patch: _http_date() formats both. Nothing to do.\n\n"
    "> 2. Why not let http.cookies.SimpleCookie build the header? It writes the expires date "
    "in English already.\n\n"
    "I answered on the PR: SimpleCookie quotes any value with a space, comma or backslash and "
    "escapes non-ASCII as octal, which changes the bytes of cookies apps already set. That's "
    "what broke in #141 and why we serialise cookies ourselves. No change.\n\n"
    '> 3. `quail serve --access-log` stamps its lines with strftime("%d/%b/%Y...") too, so '
    "the log reads 03/Dez/2026.\n\n"
    "True, but that's the CLI's log format, not HTTP, and people's log parsers rely on it. I "
    "opened #331 for it. Leave quail/cli.py alone in this PR.\n\n"
    "> 4. Please add a regression test that formats the dates under a German LC_TIME "
    "(skipped where de_DE.UTF-8 isn't installed), and a changelog entry in CHANGES.rst under "
    "Unreleased.\n\n"
    "Both still to do: the test first, then CHANGES.rst."
)
s.call(
    "create",
    "[File: /testbed/tests/test_http_dates.py (36 lines total)]\n" + _lines(1, _TEST_HTTP_DATES),
    filename="/testbed/tests/test_http_dates.py",
)
s.call(
    "bash",
    "de_DE.utf8\n---\n" + _dots(214) + "214 passed in 2.57s\n---\n"
    " M quail/responses.py\n?? reproduce.py\n?? tests/test_http_dates.py\n---\n"
    " quail/responses.py | 14 +++++++++++---\n"
    " 1 file changed, 11 insertions(+), 3 deletions(-)\n",
    command="cd /testbed && locale -a | grep -i de_de && echo --- && python -m pytest -q && "
    "echo --- && git status --short && echo --- && git diff --stat",
)
s.say(
    "The regression test is in: tests/test_http_dates.py checks the cookie's Expires and "
    "FileResponse's Last-Modified under de_DE.UTF-8 (installed here, so neither is skipped), "
    "and all 214 tests pass. The same locale bug is still in `quail serve`: quail/cli.py "
    'stamps each access log line with time.strftime("%d/%b/%Y:%H:%M:%S %z"), which under '
    "de_DE gives 03/Dez/2026. Next I'll switch the access log's stamp in quail/cli.py to "
    "English month names as well, so that nothing in quail depends on LC_TIME."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve harbor-oss__quail-318: quail 2.3.1's set_cookie() writes a cookie's "
             "Expires with time.strftime, whose day and month names follow the process locale, "
             "so an app that calls setlocale(LC_ALL, '') on a de_DE.UTF-8 server sends "
             "'Expires=Do, 17 Dez 2026 09:30:00 GMT', which browsers cannot parse, and its "
             "14-day remember-me cookie ends with the browser session; minimal changes to "
             "non-test files.",
             must=(("locale", "de_de", "german", "dez"),
                   ("expires", "cookie", "set-cookie")),
             partial_means="The German date without the cookie's Expires, or the reverse.",
             wrong="The access log's timestamps or SimpleCookie's quoting given as the task."),
    Question("latest_request", "What did the user last ask?",
             "@sanna-koivu's review of PR #322 with the user's answers: (1) Last-Modified needs "
             "the same fix, already in the patch; (2) no SimpleCookie (answered on the PR, "
             "#141); (3) the access log of `quail serve` is #331, leave quail/cli.py alone; (4) "
             "a regression test under a German LC_TIME (skipped where de_DE.UTF-8 is missing) "
             "and a CHANGES.rst entry under Unreleased, both to do, the test first.",
             must=(("changes.rst", "changelog", "regression test", "german lc_time"),
                   ("#331", "simplecookie", "last-modified", "review", "sanna")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "sanna", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Switching to SimpleCookie; changing the access log in this PR.",
             stale_means="The issue itself, or the user's no-setlocale correction, given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Add the CHANGES.rst entry under Unreleased (a cookie's Expires and FileResponse's "
             "Last-Modified now have English names whatever the locale, #318), run pytest, "
             "delete reproduce.py and submit. The German-locale regression test is already "
             "written and passes; the access log in quail/cli.py is #331, not this patch.",
             must=(("changes.rst", "changelog"),
                   ("reproduce.py", "submit", "pytest")),
             stale=("access log", "cli.py", "c_time_locale", "_locale.py", "simplecookie",
                    "__pycache__"),
             partial_means="The CHANGES.rst entry without what follows it, or only 'submit'.",
             wrong="Switching to SimpleCookie; writing the regression test again.",
             stale_means="Says to give the access log in quail/cli.py English month names "
                         "(put off by the user to #331), to go back to c_time_locale, or to "
                         "clear the caches."),
    Question("files_edited", "Which files were changed, and why?",
             "quail/responses.py: a _http_date() helper (email.utils.format_datetime of a "
             "timezone.utc datetime, usegmt=True) used for set_cookie's Expires and "
             "FileResponse's Last-Modified in place of time.strftime; tests/test_http_dates.py "
             "(new): the cookie and Last-Modified under a German LC_TIME. quail/_locale.py "
             "(c_time_locale) was created and deleted and responses.py checked out again; "
             "reproduce.py is a scratch script.",
             must=(("quail/responses.py", "responses.py"),
                   ("_http_date", "format_datetime"),
                   ("test_http_dates.py",)),
             stale=("_locale.py", "c_time_locale"),
             partial_means="responses.py without what changed in it, or without the test.",
             wrong="quail/cli.py or CHANGES.rst given as changed.",
             stale_means="quail/_locale.py (c_time_locale) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "One _http_date() helper in quail/responses.py that writes HTTP dates with "
             "email.utils.format_datetime(..., usegmt=True) from a timezone.utc datetime, for "
             "the cookie's Expires and FileResponse's Last-Modified; the library never touches "
             "the locale. It rules out switching LC_TIME to C around strftime (c_time_locale() "
             "in a new quail/_locale.py): setlocale is process-wide and quail's sync handlers "
             "run in a thread pool; and any new module. SimpleCookie is ruled out too (#141).",
             must=(("format_datetime", "_http_date"),
                   ("setlocale", "c_time_locale", "_locale.py", "process-wide", "new module")),
             stale=("c_time_locale", "_locale.py", "lc_time to c", "in the c locale"),
             partial_means="format_datetime without what it rules out.",
             wrong="SimpleCookie; switching LC_TIME per request.",
             stale_means="c_time_locale() in quail/_locale.py, switching LC_TIME to C around "
                         "strftime, given as the design."),
    Question("review", "What did the review find?",
             "@sanna-koivu: (1) FileResponse's Last-Modified has the same strftime, so "
             "If-Modified-Since breaks under de_DE (done before the review: _http_date formats "
             "both); (2) why not http.cookies.SimpleCookie (answered on the PR: it quotes and "
             "octal-escapes values and would change existing cookies, #141); (3) `quail serve`'s "
             "access log reads 03/Dez/2026 (put off to #331, leave cli.py alone); (4) a "
             "German-LC_TIME regression test (written) and a CHANGES.rst entry (still to do).",
             must=(("last-modified", "fileresponse", "if-modified-since"),
                   ("simplecookie",),
                   ("access log", "#331", "03/dez"),
                   ("changes.rst", "changelog", "regression test", "german lc_time")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "sanna", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The ValueError or the no-setlocale correction given as a review point."),
    Question("corrections", "How did the user correct the agent?",
             "Don't touch the locale: setlocale() is process-wide, quail runs sync handlers in "
             "a thread pool, so other requests would format in C and overlapping ones restore "
             "each other's locale; library code must never call setlocale. Use "
             "email.utils.format_datetime(dt, usegmt=True), in one small helper in "
             "responses.py: no new module.",
             must=(("format_datetime", "usegmt"),
                   ("setlocale", "process-wide", "thread pool", "touch the locale", "new module",
                    "c_time_locale", "_locale.py")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="Use format_datetime without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "After the switch to format_datetime, nine tests and reproduce.py failed with "
             "'ValueError: usegmt option requires a UTC datetime': _http_date built its "
             "datetime with ZoneInfo(\"UTC\"), and format_datetime only accepts tzinfo equal to "
             "timezone.utc. Clearing __pycache__ and .pytest_cache and re-running gave the same "
             "nine failures (it was not stale bytecode); building the datetime with "
             "timezone.utc fixed it. (The issue's German names are fixed by format_datetime.)",
             must=(("usegmt", "requires a utc datetime", "valueerror"),
                   ("timezone.utc",)),
             stale=("fixed by clearing", "fixed by removing", "fixed by a re-run",
                    "fixed by re-running", "stale bytecode"),
             partial_means="The ValueError without its fix, or only the issue's German dates.",
             wrong="A UnicodeEncodeError; a failing SimpleCookie test.",
             stale_means="The ValueError 'fixed' by clearing __pycache__ and .pytest_cache and "
                         "a re-run, or put down to stale bytecode."),
    Question("key_values", "Which key values matter?",
             "quail 2.3.1 on Python 3.11; the remember-me cookie's expires=1209600 (14 days); "
             "'Do, 17 Dez 2026' against 'Thu, 17 Dec 2026 09:30:00 GMT'; 212 tests before, 9 "
             "failed with the ZoneInfo version, 214 pass now; issue #318, PR #322, #141 "
             "(SimpleCookie) and #331 (the access log).",
             must=(("1209600", "14 days", "2.3.1", "#318"),
                   ("214 passed", "214 tests", "#331", "#322")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "quail/responses.py holds Response (set_cookie) and FileResponse (Last-Modified), "
             "where the HTTP dates are written; quail/cli.py is `quail serve` with the access "
             "log (#331); tests/test_http_dates.py the German-locale regression tests; "
             "reproduce.py a scratch repro under de_DE.UTF-8.",
             must=(("responses.py",),
                   ("cli.py", "reproduce.py", "scratch", "test_http_dates.py")),
             partial_means="The files named without what they hold.",
             wrong="quail/_locale.py as what formats the dates."),
    Question("pending", "What work is still pending?",
             "The CHANGES.rst entry under Unreleased, a pytest run, deleting reproduce.py and "
             "submitting; the access log's month names are left to #331.",
             must=(("changes.rst", "changelog"),
                   ("reproduce.py", "submit")),
             partial_means="The changelog without the rest, or the reverse.",
             wrong="The regression test or Last-Modified as pending."),
    Question("state", "What is the state of the work?",
             "responses.py writes Expires and Last-Modified through _http_date() "
             "(format_datetime from timezone.utc); all 214 tests pass, the two German-locale "
             "tests included, and the repro prints Thu, 17 Dec 2026 under de_DE; CHANGES.rst "
             "has no entry yet, reproduce.py is still in the tree, nothing is submitted.",
             must=(("214 passed", "214 tests", "tests pass"),
                   ("not written", "not submitted", "changes.rst", "changelog")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or cli.py changed.",
             stale_means="Says responses.py formats the dates inside c_time_locale()."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
