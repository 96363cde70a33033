"""Held out, twenty-sixth set: written 2026-12-07, while round 14 was tuned on the twenty-fifth
set, by an author who never ran the handoff on them. SWE-agent, a Python HTTP client library
(ferrule 3.4.0 on Python 3.11, tested with pytest and its own respx-like ferrule.testing
MockRouter): since #498 (commit a41c9e2) BaseClient._merge_url resolves a relative URL with
urllib.parse.urljoin, so a client made with base_url="https://api.example.com/v2" sends
get("/users"), and get("users") too, to https://api.example.com/users instead of /v2/users
(issue #537: 1,873 calls of a billing-sync job got 404s after the upgrade from 3.3.2); the
assistant's first design, a URLBuilder class in a new ferrule/_urlbuilder.py that joins
base_url and path with "/" and collapses repeated slashes with a regex over the whole URL,
checked with reproduce.py only, then ruled out by the user in their own words (the regex
rewrites empty path segments and query values callers send on purpose, /objects/2024//03 and
prefix=a//b on the object-store API; no new module, no class) for httpx's rule inside the
existing _merge_url: base_url is a prefix, its path made to end with "/" in the base_url setter
(_enforce_trailing_slash) and one leading "/" stripped from a relative URL's raw path;
_urlbuilder.py deleted and _client.py checked out again; six tests then fail with
"UnmatchedRequest: No mocked route matched GET https://api.example.com/v2/users", four of them
tests that passed before, which clearing __pycache__ (a .pyc of the deleted module was there),
pip install -e . and a re-run did not fix and MockRouter._resolve in ferrule/testing.py did: the
router resolved its own routes with urljoin, so router.get("/users") registered
https://api.example.com/users, and the older tests had passed only because the client and the
router dropped /v2 alike; @amara-lindqvist's four points on PR #541, answered by the user: one
done already (absolute URLs bypass base_url, test_absolute_url_ignores_base_url), one answered on
the PR (keep urljoin and document a trailing slash), one put off to #545 (dot segments,
"../v1/legacy"), one to do (a test that a relative URL's query string survives, done since, and
a CHANGELOG.md entry under 3.4.1 for the client and MockRouter, not written); reproduce.py still
in the tree; the assistant's last words name the CHANGELOG entry, pytest, deleting reproduce.py
and submitting as the next step."""

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


_CLIENT = r'''DEFAULT_TIMEOUT = Timeout(timeout=5.0)


class BaseClient:
    """What Client and AsyncClient share: the base_url, default headers, the timeout."""

    def __init__(
        self,
        *,
        base_url: URLTypes = "",
        headers: HeaderTypes | None = None,
        timeout: TimeoutTypes = DEFAULT_TIMEOUT,
        transport: BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url
        self.headers = Headers(headers)
        self.timeout = Timeout(timeout)
        self._transport = transport or HTTPTransport()

    @property
    def base_url(self) -> URL:
        """The URL that relative request URLs are merged with."""
        return self._base_url

    @base_url.setter
    def base_url(self, url: URLTypes) -> None:
        self._base_url = URL(url)

    def _merge_url(self, url: URLTypes) -> URL:
        """The URL a request goes to: `url` itself when absolute, else `url` resolved
        against base_url (#498)."""
        url = URL(url)
        if url.is_relative_url and self.base_url:
            return URL(urljoin(str(self.base_url), str(url)))
        return url'''
_CLIENT_AT = 54
_CLIENT_END = _CLIENT_AT + _count(_CLIENT) - 1
_CLIENT_TOTAL = 214

_REPRODUCE = r"""import ferrule

# issue #537: the billing-sync job's client
client = ferrule.Client(base_url="https://api.example.com/v2")
print(client.build_request("GET", "/users").url)
print(client.build_request("GET", "users").url)
slash = ferrule.Client(base_url="https://api.example.com/v2/")
print(slash.build_request("GET", "/users").url)
print(slash.build_request("GET", "users").url)
print(client.build_request("GET", "https://status.example.com/health").url)"""

_URLBUILDER_PY = r'''"""Builds a request's URL from a client's base_url and a relative URL (#537)."""

from __future__ import annotations

import re

from ._urls import URL

# two or more slashes, except the pair after the scheme's colon
_REPEATED_SLASHES = re.compile(r"(?<!:)/{2,}")


class URLBuilder:
    """Joins base_url and a relative URL with one "/", so that "/users" on
    https://api.example.com/v2 is https://api.example.com/v2/users, not .../users."""

    def __init__(self, base_url: URL) -> None:
        self.base_url = base_url

    def build(self, url: URL) -> URL:
        if not url.is_relative_url or not self.base_url:
            return url
        return URL(_REPEATED_SLASHES.sub("/", f"{self.base_url}/{url}"))'''

_MERGE_BUILDER = r'''    def _merge_url(self, url: URLTypes) -> URL:
        """The URL a request goes to: `url` itself when absolute, else base_url and `url`
        joined by URLBuilder (#537)."""
        from ._urlbuilder import URLBuilder

        return URLBuilder(self.base_url).build(URL(url))'''
_MERGE_AT = _CLIENT_AT + _CLIENT.split("\n").index(
    "    def _merge_url(self, url: URLTypes) -> URL:"
)

_URLS = r'''class URL:
    """A URL, parsed once: scheme, host, port, and the raw path with its query."""

    def __init__(self, url: URLTypes = "") -> None:
        self._parts = _parse(str(url)) if not isinstance(url, URL) else url._parts

    @property
    def is_relative_url(self) -> bool:
        """No scheme: "/users", "users?page=2"; merged with a client's base_url."""
        return not self._parts.scheme

    @property
    def raw_path(self) -> str:
        """The path and the query as they go on the request line: "/v2/users?page=2"."""
        path = self._parts.path
        return f"{path}?{self._parts.query}" if self._parts.query else path

    def copy_with(self, **changes: Any) -> URL:
        """This URL with some parts replaced; raw_path= sets the path and the query."""
        if "raw_path" in changes:
            path, _, query = changes.pop("raw_path").partition("?")
            changes.update(path=path, query=query)
        return URL._from_parts(self._parts._replace(**changes))

    def join(self, url: URLTypes) -> URL:
        """`url` resolved against this URL as RFC 3986 says, as a browser resolves a link."""
        return URL(urljoin(str(self), str(url)))'''

_CLIENT_FIXED = r'''DEFAULT_TIMEOUT = Timeout(timeout=5.0)


def _enforce_trailing_slash(url: URL) -> URL:
    """`url` with a path that ends in "/", so that a relative path appends to it (#537)."""
    if not url or url.raw_path.endswith("/"):
        return url
    return url.copy_with(raw_path=url.raw_path + "/")


class BaseClient:
    """What Client and AsyncClient share: the base_url, default headers, the timeout."""

    def __init__(
        self,
        *,
        base_url: URLTypes = "",
        headers: HeaderTypes | None = None,
        timeout: TimeoutTypes = DEFAULT_TIMEOUT,
        transport: BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url
        self.headers = Headers(headers)
        self.timeout = Timeout(timeout)
        self._transport = transport or HTTPTransport()

    @property
    def base_url(self) -> URL:
        """The URL that relative request URLs are merged with; its path ends in "/"."""
        return self._base_url

    @base_url.setter
    def base_url(self, url: URLTypes) -> None:
        self._base_url = _enforce_trailing_slash(URL(url))

    def _merge_url(self, url: URLTypes) -> URL:
        """The URL a request goes to: `url` itself when absolute, else base_url with `url`
        appended. base_url is a prefix (#537), as in httpx: "/users" and "users" on
        https://api.example.com/v2 are both https://api.example.com/v2/users."""
        merge_url = URL(url)
        if merge_url.is_relative_url and self.base_url:
            # one leading "/" only: the rest of the caller's path is the caller's own
            raw_path = self.base_url.raw_path + merge_url.raw_path.removeprefix("/")
            return self.base_url.copy_with(raw_path=raw_path)
        return merge_url'''

_TESTS = r'''    assert response.json() == {"ok": True}


@pytest.mark.parametrize("path", ["/users", "users"])
def test_base_url_path_is_a_prefix(path):
    # #537: 3.4.0 sent both to https://api.example.com/users
    router = MockRouter(base_url="https://api.example.com/v2")
    router.get("/users").respond(200, json=[{"id": 7}])
    with ferrule.Client(base_url="https://api.example.com/v2", transport=router) as client:
        response = client.get(path)
    assert response.request.url == "https://api.example.com/v2/users"
    assert response.json() == [{"id": 7}]


def test_base_url_with_trailing_slash():
    client = ferrule.Client(base_url="https://api.example.com/v2/")
    assert client.build_request("GET", "/users").url == "https://api.example.com/v2/users"


def test_base_url_gets_a_trailing_slash():
    client = ferrule.Client(base_url="https://api.example.com/v2")
    assert client.base_url == "https://api.example.com/v2/"'''
_TESTS_AT = 118
_TESTS_TOTAL = _TESTS_AT + _count(_TESTS) - 1

_FAILED = (
    ("tests/test_auth.py::test_bearer_auth_header", "GET https://api.example.com/v2/me"),
    ("tests/test_client.py::test_get_json", "GET https://api.example.com/v2/users/7"),
    (
        "tests/test_client.py::test_params_are_merged",
        "GET https://api.example.com/v2/users?page=2&per_page=50",
    ),
    (
        "tests/test_client.py::test_base_url_path_is_a_prefix[/users]",
        "GET https://api.example.com/v2/users",
    ),
    (
        "tests/test_client.py::test_base_url_path_is_a_prefix[users]",
        "GET https://api.example.com/v2/users",
    ),
    ("tests/test_testing.py::test_router_base_url", "GET https://api.example.com/v2/ping"),
)
_UNMATCHED = "ferrule.testing.UnmatchedRequest: No mocked route matched"
_SUMMARY = (
    "=========================== short test summary info ============================\n"
    + "".join(f"FAILED {t} - {_UNMATCHED} {url}\n" for t, url in _FAILED)
)
_FAIL_AT = (31, 140, 147, 171, 172, 388)
_SHORT_TB = (
    "_____________________________ test_router_base_url _____________________________\n"
    "tests/test_testing.py:41: in test_router_base_url\n"
    '    response = client.get("/ping")\n'
    "ferrule/_client.py:183: in get\n"
    '    return self.request("GET", url, **kwargs)\n'
    "ferrule/_client.py:170: in request\n"
    "    return self.send(request)\n"
    "ferrule/_client.py:211: in send\n"
    "    return self._transport.handle_request(request)\n"
    "ferrule/testing.py:117: in handle_request\n"
    '    raise UnmatchedRequest(f"No mocked route matched {request.method} {request.url}")\n'
    f"E   {_UNMATCHED} GET https://api.example.com/v2/ping\n"
)

_TESTING = r'''class MockRouter(BaseTransport):
    """A transport that answers from routes instead of the network, for tests:
    router.get("/users").respond(200, json=[...])."""

    def __init__(self, base_url: URLTypes = "") -> None:
        self.base_url = URL(base_url)
        self.routes: list[Route] = []

    def _resolve(self, url: URLTypes) -> URL:
        url = URL(url)
        if url.is_relative_url and self.base_url:
            return URL(urljoin(str(self.base_url), str(url)))
        return url

    def route(self, method: str, url: URLTypes) -> Route:
        route = Route(method.upper(), self._resolve(url))
        self.routes.append(route)
        return route

    def get(self, url: URLTypes) -> Route:
        return self.route("GET", url)

    def post(self, url: URLTypes) -> Route:
        return self.route("POST", url)

    def handle_request(self, request: Request) -> Response:
        for route in self.routes:
            if route.matches(request):
                route.calls += 1
                return route.response or Response(200)
        raise UnmatchedRequest(f"No mocked route matched {request.method} {request.url}")'''
_TESTING_AT = 87

_TESTING_FIXED = r'''    def __init__(self, base_url: URLTypes = "") -> None:
        self.base_url = _enforce_trailing_slash(URL(base_url))
        self.routes: list[Route] = []

    def _resolve(self, url: URLTypes) -> URL:
        """A route's URL, merged with base_url as Client._merge_url merges a request's
        (#537): get("/users") on https://api.example.com/v2 is .../v2/users."""
        url = URL(url)
        if url.is_relative_url and self.base_url:
            raw_path = self.base_url.raw_path + url.raw_path.removeprefix("/")
            return self.base_url.copy_with(raw_path=raw_path)
        return url'''

_TESTS_QUERY = r'''    assert client.base_url == "https://api.example.com/v2/"


def test_params_in_the_relative_url_are_kept():
    # review of #541: the query goes with the path, after base_url's path
    router = MockRouter(base_url="https://api.example.com/v2")
    router.get("/users?page=2").respond(200, json=[])
    with ferrule.Client(base_url="https://api.example.com/v2", transport=router) as client:
        response = client.get("/users?page=2")
    assert response.request.url == "https://api.example.com/v2/users?page=2"'''

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "brightline-oss__ferrule-537)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nbase_url loses its path "
    'when the request path starts with "/"\n\nferrule 3.4.0, Python 3.11.6. Our billing-sync '
    "job talks to a gateway that serves everything under /v2:\n\n```python\n>>> import "
    'ferrule\n>>> client = ferrule.Client(base_url="https://api.example.com/v2")\n>>> r = '
    "client.get(\"/users\")\n>>> r.request.url\nURL('https://api.example.com/users')\n>>> "
    'r.status_code\n404\n>>> client.get("users").request.url\n'
    "URL('https://api.example.com/users')\n```\n\nWith 3.3.2 both went to "
    "https://api.example.com/v2/users. The only spelling that still works is "
    'base_url="https://api.example.com/v2/" with "users", no leading slash. After the '
    "upgrade the job got 404s for two days, 1,873 failed calls, before anyone noticed.\n"
    "</issue>\nMake the minimal changes to non-test files in /testbed so that the issue is "
    "resolved."
)
s.call(
    "bash",
    "a41c9e2 Resolve relative URLs against base_url with urljoin (#498)\n"
    "77d0b15 Add AsyncClient.stream (#489)\n"
    "ferrule/_client.py:82:    def _merge_url(self, url: URLTypes) -> URL:\n"
    "ferrule/_client.py:159:        request = self.build_request(method, url, **kwargs)\n"
    "ferrule/_client.py:191:        url = self._merge_url(url)\n",
    command="cd /testbed && git log --oneline -2 -- ferrule/_client.py && grep -n "
    "'_merge_url\\|build_request(method' ferrule/_client.py",
)
s.call(
    "open",
    f"[File: /testbed/ferrule/_client.py ({_CLIENT_TOTAL} lines total)]\n"
    f"({_CLIENT_AT - 1} more lines above)\n"
    + _lines(_CLIENT_AT, _CLIENT)
    + f"({_CLIENT_TOTAL - _CLIENT_END} more lines below)\n",
    path="/testbed/ferrule/_client.py",
    line_number=82,
)
s.call(
    "create",
    f"[File: /testbed/reproduce.py ({_count(_REPRODUCE)} lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "https://api.example.com/users\nhttps://api.example.com/users\n"
    "https://api.example.com/users\nhttps://api.example.com/v2/users\n"
    "https://status.example.com/health\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "create",
    f"[File: /testbed/ferrule/_urlbuilder.py ({_count(_URLBUILDER_PY)} lines total)]\n"
    + _lines(1, _URLBUILDER_PY),
    "Reproduced: of the four relative spellings only 'users' on a base_url ending in '/' "
    "keeps /v2. _merge_url (line 82) hands both strings to urllib.parse.urljoin since a41c9e2 "
    "(#498), and urljoin follows RFC 3986: a path that starts with '/' replaces the base's "
    "whole path, and 'users' replaces its last segment, 'v2'. 3.3.2 concatenated the two. I'll "
    "build the URL in a URLBuilder class in a new ferrule/_urlbuilder.py: join base_url and "
    "the relative URL with '/', then collapse the repeated slashes with a regex, so any mix of "
    "trailing and leading slashes comes out as one.",
    filename="/testbed/ferrule/_urlbuilder.py",
)
s.call(
    "edit",
    f"[File: /testbed/ferrule/_client.py ({_CLIENT_TOTAL - 1} lines total)]\n"
    + _lines(_MERGE_AT, _MERGE_BUILDER)
    + f"...\n{_EDITED}",
    start_line=_MERGE_AT,
    end_line=_CLIENT_END,
    replacement_text=_MERGE_BUILDER + "\n",
)
s.call(
    "bash",
    "https://api.example.com/v2/users\nhttps://api.example.com/v2/users\n"
    "https://api.example.com/v2/users\nhttps://api.example.com/v2/users\n"
    "https://status.example.com/health\n",
    command="cd /testbed && python reproduce.py",
)
s.user(
    "Stop there, I've read the diff. No new module and no URLBuilder class, and above all no "
    "regex over the URL. It rewrites what callers send on purpose: our object-store API has "
    'keys with empty segments, client.get("/objects/2024//03?prefix=a//b") is a real call, '
    "and your regex turns it into /objects/2024/03?prefix=a/b, a different object and a "
    "different listing, without a word to the caller. Fix it where #498 broke it, in the "
    "existing _merge_url, and do what httpx does: base_url is a prefix. Make sure base_url's "
    "path ends with '/' once, when it is set (the base_url setter), and in _merge_url strip "
    "one leading '/' from the relative URL's raw path, only one, and append it to base_url's "
    "raw path. Absolute URLs go out as they are. ferrule's URL already has raw_path and "
    "copy_with for this."
)
s.call(
    "bash",
    "Updated 1 path from the index\n?? reproduce.py\n",
    "Understood: no new module, no class, no regex; base_url becomes a prefix inside "
    "_merge_url. Removing ferrule/_urlbuilder.py and restoring _client.py.",
    command="cd /testbed && rm ferrule/_urlbuilder.py && git checkout ferrule/_client.py && "
    "git status --short",
)
s.call(
    "open",
    "[File: /testbed/ferrule/_urls.py (247 lines total)]\n(38 more lines above)\n"
    + _lines(39, _URLS)
    + f"({247 - 38 - _count(_URLS)} more lines below)\n",
    path="/testbed/ferrule/_urls.py",
    line_number=39,
)
s.call(
    "edit",
    f"[File: /testbed/ferrule/_client.py ({_CLIENT_TOTAL + _count(_CLIENT_FIXED) - _count(_CLIENT)}"
    " lines total)]\n" + _lines(_CLIENT_AT, _CLIENT_FIXED) + f"...\n{_EDITED}",
    "raw_path is the path with its query, so appending to it keeps a query such as "
    "'?page=2'. A module-level _enforce_trailing_slash used by the base_url setter, and "
    "_merge_url appending the relative raw path, less one leading '/', to base_url's.",
    start_line=_CLIENT_AT,
    end_line=_CLIENT_END,
    replacement_text=_CLIENT_FIXED + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_client.py ({_TESTS_TOTAL} lines total)]\n"
    + _lines(_TESTS_AT, _TESTS)
    + _EDITED,
    start_line=_TESTS_AT,
    end_line=_TESTS_AT,
    replacement_text=_TESTS + "\n",
)
s.call(
    "bash",
    "https://api.example.com/v2/users\nhttps://api.example.com/v2/users\n"
    "https://api.example.com/v2/users\nhttps://api.example.com/v2/users\n"
    "https://status.example.com/health\n---\n"
    + _SHORT_TB
    + _SUMMARY
    + "6 failed, 416 passed in 3.12s\n",
    command="cd /testbed && python reproduce.py; echo ---; python -m pytest -q --tb=short "
    "2>&1 | tail -20",
)
s.call(
    "bash",
    "Obtaining file:///testbed\n  Installing build dependencies ... done\n  Checking if build "
    "backend supports build_editable ... done\n  Getting requirements to build editable ... "
    "done\n  Preparing editable metadata (pyproject.toml) ... done\nBuilding wheels for "
    "collected packages: ferrule\n  Building editable for ferrule (pyproject.toml) ... done\n"
    "Successfully built ferrule\nInstalling collected packages: ferrule\n  Attempting "
    "uninstall: ferrule\n    Found existing installation: ferrule 3.4.0\n    Uninstalling "
    "ferrule-3.4.0:\n      Successfully uninstalled ferrule-3.4.0\nSuccessfully installed "
    "ferrule-3.4.0\n---\n" + _dots(416, _FAIL_AT) + _SUMMARY + "6 failed, 416 passed in 3.04s\n",
    "The requests now go to the right URLs, https://api.example.com/v2/ping and .../v2/users, "
    "and the tests registered their routes, router.get('/ping') and router.get('/users'), on "
    "the same base_url, yet no route matched; and four of "
    "the six (test_bearer_auth_header, test_get_json, test_params_are_merged, "
    "test_router_base_url) passed before I touched anything. The earlier reproduce.py run "
    "imported ferrule/_urlbuilder.py, deleted since, and its .pyc is still in "
    "ferrule/__pycache__; ferrule was also pip-installed into the image when it was built. "
    "This looks like stale bytecode or a stale install of ferrule.testing matching the old "
    "way. Clearing __pycache__, reinstalling with pip install -e . and running again.",
    command="cd /testbed && find . -name __pycache__ -prune -exec rm -rf {} + && pip install "
    "-q -e . 2>&1 | tail -14; echo ---; python -m pytest -q --tb=no",
)
s.call(
    "bash",
    "/testbed/ferrule/testing.py\n"
    "['GET https://api.example.com/users', 'GET https://api.example.com/users']\n",
    "The same six fail with fresh bytecode and an editable install, so nothing was stale: it "
    "is the code. The request URL is right, so the question is what the router registered.",
    command='cd /testbed && python -c "import ferrule.testing as t; print(t.__file__); r = '
    "t.MockRouter(base_url='https://api.example.com/v2'); r.get('/users'); r.get('users'); "
    "print([f'{x.method} {x.url}' for x in r.routes])\"",
)
s.call(
    "open",
    "[File: /testbed/ferrule/testing.py (131 lines total)]\n"
    f"({_TESTING_AT - 1} more lines above)\n"
    + _lines(_TESTING_AT, _TESTING)
    + f"({131 - _TESTING_AT + 1 - _count(_TESTING)} more lines below)\n",
    path="/testbed/ferrule/testing.py",
    line_number=_TESTING_AT,
)
s.call(
    "edit",
    "[File: /testbed/ferrule/testing.py (134 lines total)]\n"
    + _lines(_TESTING_AT + 4, _TESTING_FIXED)
    + f"...\n{_EDITED}",
    "There it is: MockRouter._resolve (testing.py line 95) is a copy of the old _merge_url, "
    "urljoin and all, so router.get('/users') on .../v2 registers https://api.example.com/users. "
    "The error is raised in handle_request, but the wrong URL was made when the route was "
    "registered. The four older tests passed only because the client and the router dropped "
    "/v2 alike. MockRouter has to merge its routes as the client now merges requests: the "
    "same _enforce_trailing_slash for its base_url and the same one-slash append.",
    start_line=_TESTING_AT + 4,
    end_line=_TESTING_AT + 12,
    replacement_text=_TESTING_FIXED + "\n",
)
s.call(
    "edit",
    "[File: /testbed/ferrule/testing.py (135 lines total)]\n"
    "9:from ._client import _enforce_trailing_slash\n"
    "10:from ._models import Request, Response\n"
    "11:from ._transports.base import BaseTransport\n"
    "12:from ._urls import URL, URLTypes\n" + _EDITED,
    start_line=9,
    end_line=11,
    replacement_text="from ._client import _enforce_trailing_slash\nfrom ._models import "
    "Request, Response\nfrom ._transports.base import BaseTransport\nfrom ._urls import URL, "
    "URLTypes\n",
)
s.call(
    "bash",
    _dots(422) + "422 passed in 2.98s\n---\n"
    "https://api.example.com/v2/users\nhttps://api.example.com/v2/users\n"
    "https://api.example.com/v2/users\nhttps://api.example.com/v2/users\n"
    "https://status.example.com/health\n",
    command="cd /testbed && python -m pytest -q && echo --- && python reproduce.py",
)
s.say(
    "All 422 tests pass (418 before, plus the four new ones in tests/test_client.py), and "
    "reproduce.py sends every relative spelling to https://api.example.com/v2/users while the "
    "absolute URL goes out as it is. The changes: _enforce_trailing_slash and the prefix rule "
    "in ferrule/_client.py, and MockRouter merging its routes the same way in "
    "ferrule/testing.py. reproduce.py is still in the tree."
)
s.user(
    "@amara-lindqvist reviewed PR #541. Her points, and my answers:\n\n"
    '> 1. Absolute URLs must still bypass base_url: client.get("https://status.example.com/'
    'health") on a client with base_url .../v2 has to go to status.example.com.\n\n'
    "That's already the case: _merge_url returns an absolute URL as it is, and "
    "test_absolute_url_ignores_base_url (tests/test_client.py line 88, from #498) covers it. "
    "Just confirm it still passes.\n\n"
    "> 2. Why not keep urljoin and document that base_url must end in '/'? It's RFC 3986, and "
    "it's what requests-toolbelt's BaseUrlSession does.\n\n"
    "I answered on the PR: 3.3.2 concatenated, so most base_urls out there have no trailing "
    "slash, and 3.4.0 broke them without a warning; httpx treats base_url as a prefix too. No "
    "change.\n\n"
    '> 3. client.get("../v1/legacy") used to go to https://api.example.com/v1/legacy; on the '
    "branch it goes to /v2/../v1/legacy.\n\n"
    "Fair, but whether ferrule normalises dot segments is its own decision. I opened #545 for "
    "it. Leave it out of this PR.\n\n"
    "> 4. The MockRouter change is visible to everyone who tests with ferrule.testing. Add a "
    "CHANGELOG.md entry under 3.4.1 that covers both the client and MockRouter, and a test "
    'that a query string on the relative URL survives: client.get("/users?page=2") must go '
    "to /v2/users?page=2.\n\n"
    "Yes to both: the test first, then the CHANGELOG entry."
)
s.call(
    "bash",
    ".                                                                        [100%]\n"
    "1 passed, 421 deselected in 0.41s\n",
    command="cd /testbed && python -m pytest -q -k absolute",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_client.py ({_TESTS_TOTAL + _count(_TESTS_QUERY) - 1} lines "
    "total)]\n" + _lines(_TESTS_TOTAL, _TESTS_QUERY) + _EDITED,
    "Point 1 holds: test_absolute_url_ignores_base_url passes. Now point 4's test.",
    start_line=_TESTS_TOTAL,
    end_line=_TESTS_TOTAL,
    replacement_text=_TESTS_QUERY + "\n",
)
s.call(
    "bash",
    _dots(423) + "423 passed in 3.01s\n---\n M ferrule/_client.py\n M ferrule/testing.py\n"
    " M tests/test_client.py\n?? reproduce.py\n",
    command="cd /testbed && python -m pytest -q && echo --- && git status --short",
)
s.say(
    "test_params_in_the_relative_url_are_kept passes, and the suite is at 423 passed. Of the "
    "review, only the CHANGELOG entry is left. Next I'll add a CHANGELOG.md entry under 3.4.1 "
    "(Fixed: a base_url's path is kept as a prefix again; ferrule.testing.MockRouter "
    "merges its routes with base_url the same way), then run pytest, delete reproduce.py and "
    "submit."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve brightline-oss__ferrule-537: in ferrule 3.4.0 a Client with "
             "base_url='https://api.example.com/v2' sends get('/users') and get('users') to "
             "https://api.example.com/users instead of .../v2/users, because since #498 "
             "_merge_url resolves relative URLs with urljoin (3.3.2 concatenated); minimal "
             "changes to non-test files.",
             must=(("base_url", "base url"),
                   ("/v2", "urljoin", "loses its path", "drops the path")),
             partial_means="A URL bug in the client without base_url losing its path, or the "
                           "reverse.",
             wrong="Absolute URLs ignoring base_url, or dot segments, given as the task."),
    Question("latest_request", "What did the user last ask?",
             "@amara-lindqvist's review of PR #541 with the user's answers: (1) absolute URLs "
             "bypass base_url, already the case, just confirm test_absolute_url_ignores_base_url "
             "passes; (2) keeping urljoin and documenting a trailing slash was answered on the "
             "PR; (3) dot segments ('../v1/legacy') are #545, leave them out; (4) add a test "
             "that the query string of a relative URL survives (/users?page=2), then a "
             "CHANGELOG.md entry under 3.4.1 covering the client and MockRouter.",
             must=(("changelog", "query string", "page=2"),
                   ("#545", "dot segment", "../v1", "absolute url", "answered on the pr",
                    "requests-toolbelt", "amara")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "amara", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Normalising dot segments in this PR; going back to urljoin with a "
                   "documented trailing slash.",
             stale_means="The issue itself, or the user's no-regex correction, given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Add the CHANGELOG.md entry under 3.4.1 (base_url's path kept as a prefix, #537; "
             "MockRouter merges its routes the same way), run pytest, delete reproduce.py and "
             "submit. The query-string test is in and passes (423 passed); absolute URLs were "
             "already handled (point 1, confirmed); dot segments are #545.",
             must=(("changelog",),
                   ("reproduce.py", "submit", "pytest")),
             stale=("absolute url", "status.example.com", "dot segment", "../v1", "#545",
                    "urlbuilder", "_urlbuilder.py", "regex", "query string", "page=2"),
             partial_means="The CHANGELOG entry without what follows it, or only 'submit'.",
             wrong="Going back to urljoin; writing the base_url fix again.",
             stale_means="Says to make absolute URLs bypass base_url (already the case, "
                         "confirmed), to write the query-string test (done, passing), to "
                         "normalise dot segments (put off to #545), or to go back to "
                         "URLBuilder."),
    Question("files_edited", "Which files were changed, and why?",
             "ferrule/_client.py: a module-level _enforce_trailing_slash used by the base_url "
             "setter, and _merge_url appending a relative URL's raw path, less one leading '/', "
             "to base_url's raw path; ferrule/testing.py: MockRouter's base_url gets the "
             "trailing slash and _resolve merges routes the same way (it used urljoin); "
             "tests/test_client.py: five tests (the prefix for '/users' and 'users', a "
             "trailing-slash base_url, the setter's slash, the query string). "
             "ferrule/_urlbuilder.py (URLBuilder) was created and deleted and _client.py "
             "checked out again; reproduce.py is scratch.",
             must=(("_client.py",),
                   ("testing.py",),
                   ("test_client.py",)),
             stale=("_urlbuilder.py", "urlbuilder"),
             partial_means="_client.py without testing.py, or without the tests.",
             wrong="ferrule/_urls.py or CHANGELOG.md given as changed.",
             stale_means="ferrule/_urlbuilder.py (URLBuilder) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "base_url is a prefix, as in httpx, inside the existing _merge_url: the base_url "
             "setter makes its path end with '/' (_enforce_trailing_slash), and _merge_url "
             "strips one leading '/' from a relative URL's raw path and appends it; absolute "
             "URLs go out as they are; MockRouter merges the same way. It rules out a "
             "URLBuilder class in a new ferrule/_urlbuilder.py that collapses repeated slashes "
             "with a regex (it rewrote /objects/2024//03?prefix=a//b), any new module, keeping "
             "urljoin with a documented trailing slash (review), and dot-segment handling here "
             "(#545).",
             must=(("prefix", "trailing slash", "strip one leading", "one leading", "httpx",
                    "_enforce_trailing_slash"),
                   ("urlbuilder", "regex", "new module", "_urlbuilder.py")),
             stale=("urlbuilder", "_urlbuilder.py", "regex"),
             partial_means="The prefix rule without what it rules out.",
             wrong="Keeping urljoin; normalising dot segments.",
             stale_means="URLBuilder in ferrule/_urlbuilder.py, joining with '/' and "
                         "collapsing repeated slashes with a regex, given as the design."),
    Question("review", "What did the review find?",
             "@amara-lindqvist on PR #541: (1) absolute URLs must bypass base_url (already the "
             "case, test_absolute_url_ignores_base_url, confirmed passing); (2) why not keep "
             "urljoin and document a trailing slash, as RFC 3986 and requests-toolbelt's "
             "BaseUrlSession do (answered on the PR: 3.3.2 concatenated, httpx is a prefix "
             "too); (3) '../v1/legacy' no longer resolves its dot segments (put off to #545); "
             "(4) the MockRouter change needs a CHANGELOG.md entry under 3.4.1 (not written) "
             "and a query-string test, /users?page=2 (done since).",
             must=(("absolute url", "status.example.com", "bypass base_url"),
                   ("keep urljoin", "urljoin and document", "requests-toolbelt", "rfc 3986"),
                   ("dot segment", "../v1", "#545"),
                   ("changelog", "query string", "page=2")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "amara", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The UnmatchedRequest failures or the no-regex correction given as a review "
                   "point."),
    Question("corrections", "How did the user correct the agent?",
             "No new module, no URLBuilder class and no regex over the URL: it rewrites what "
             "callers send on purpose (/objects/2024//03?prefix=a//b on the object-store API "
             "became /objects/2024/03?prefix=a/b). Fix it in the existing _merge_url as httpx "
             "does: base_url is a prefix, its path made to end with '/' once in the setter, one "
             "leading '/' stripped from the relative raw path and appended; absolute URLs as "
             "they are.",
             must=(("new module", "regex", "urlbuilder", "no class"),
                   ("prefix", "strip one leading", "one leading", "trailing slash", "httpx",
                    "ends with '/'")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="The prefix rule without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With the prefix rule, six tests failed with \"ferrule.testing.UnmatchedRequest: "
             "No mocked route matched GET https://api.example.com/v2/users\" (four of them had "
             "passed before). Clearing __pycache__ (a .pyc of the deleted _urlbuilder.py), pip "
             "install -e . and a re-run gave the same six; the cause was MockRouter._resolve in "
             "ferrule/testing.py, which resolved its own routes with urljoin and registered "
             "https://api.example.com/users: fixed by merging routes with the same prefix rule. "
             "The issue's 404s themselves were urljoin in _merge_url.",
             must=(("unmatchedrequest", "no mocked route", "no route matched"),
                   ("mockrouter", "testing.py", "_resolve", "router resolved", "router's own")),
             stale=("fixed by clearing", "fixed by pip install", "fixed by reinstalling",
                    "fixed by a re-run", "fixed by re-running", "fixed by removing",
                    "stale install", "stale bytecode"),
             partial_means="The UnmatchedRequest failures without their fix, or only the "
                           "issue's 404s.",
             wrong="A 404 from the gateway or an import error of _urlbuilder given as the "
                   "test failure.",
             stale_means="The UnmatchedRequest failures 'fixed' by clearing __pycache__, pip "
                         "install -e . and a re-run, or put down to stale bytecode or a stale "
                         "install."),
    Question("key_values", "Which key values matter?",
             "ferrule 3.4.0 (3.3.2 worked) on Python 3.11.6; base_url https://api.example.com/v2, "
             "requests going to /users instead of /v2/users; 1,873 failed calls; #498 and "
             "commit a41c9e2 brought urljoin; issue #537, PR #541, #545 (dot segments); 418 "
             "tests before, 6 failed, 422 then 423 passed now; CHANGELOG under 3.4.1.",
             must=(("3.4.0", "3.3.2", "#537", "#498", "a41c9e2", "1,873"),
                   ("422 passed", "423 passed", "423 tests", "#541", "#545", "418")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "ferrule/_client.py holds BaseClient: the base_url setter, _merge_url and "
             "build_request; ferrule/_urls.py the URL class (raw_path, copy_with, join); "
             "ferrule/testing.py MockRouter, the respx-like test transport, and UnmatchedRequest; "
             "tests/test_client.py the client tests; CHANGELOG.md the release notes; "
             "reproduce.py a scratch repro.",
             must=(("_client.py",),
                   ("testing.py", "_urls.py", "reproduce.py", "scratch", "test_client.py")),
             partial_means="The files named without what they hold.",
             wrong="ferrule/_urlbuilder.py as what builds the URLs."),
    Question("pending", "What work is still pending?",
             "The CHANGELOG.md entry under 3.4.1, a pytest run, deleting reproduce.py and "
             "submitting; dot segments are left to #545.",
             must=(("changelog",),
                   ("reproduce.py", "submit")),
             partial_means="The CHANGELOG entry without the rest, or the reverse.",
             wrong="The query-string test or absolute URLs as pending."),
    Question("state", "What is the state of the work?",
             "_merge_url treats base_url as a prefix and MockRouter merges its routes the same "
             "way; all 423 tests pass and reproduce.py shows every relative spelling going to "
             "https://api.example.com/v2/users; the CHANGELOG.md entry is not written, "
             "reproduce.py is still in the tree, nothing is committed or submitted.",
             must=(("423 passed", "423 tests", "tests pass"),
                   ("not written", "not submitted", "changelog")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or dot segments normalised.",
             stale_means="Says _merge_url uses URLBuilder."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
