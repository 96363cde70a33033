"""Held out, twenty-fifth set: written 2026-12-07, while round 13 was tuned on the twenty-fourth
set, by an author who never ran the handoff on them. Claude Code, Python 3.12/Django 5 (Django
5.0.9, Celery 5.4 with autoretry, requests, pytest 8 with pytest-django --reuse-db and
responses): Parcelpath's webhook deliveries fetched cloud metadata (SEC-412, HackerOne
#2291847, researcher 0xkestrel): http://169.254.169.254/latest/meta-data/iam/security-
credentials/parcelpath-prod-worker showed in the dashboard's Recent deliveries (the first 2 KB of
each response) by three ways past validate_callback_url, which only compares the hostname string
with BLOCKED_HOSTS and a few prefixes (PP-1633): a 302 from the researcher's server that
requests.post followed, a rebinding name (a9fea9fe.5db8d822.rbndr.us, alternately 93.184.216.34
and 169.254.169.254) and the decimal spelling 2852039166; a first design (a Smokescreen egress
proxy, deploy/smokescreen/acl.yaml and WEBHOOK_EGRESS_PROXY in config/settings/base.py used by
deliver_webhook, plus a new webhooks/ssrf_blocklist.py regex blocklist of rebinding domains and
numeric spellings added to WebhookEndpoint.url, with makemigrations writing
0014_alter_webhookendpoint_url.py) written, ruled out by the user (no proxy in the cluster and
platform won't run one this quarter; a hostname regex is the same mistake as BLOCKED_HOSTS,
anyone can point an A record at a private address, and it says nothing of redirects: resolve the
host once in deliver_webhook, refuse any private, loopback, link-local, reserved, multicast or
unspecified address with ipaddress, IPv4-mapped unwrapped, connect to that IP with Host and SNI
for the hostname, allow_redirects=False, the same check in validators.py for registration, no
new modules) and deleted, models.py, tasks.py and base.py checked out again; 36 webhook tests
then error at setup with ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist', which
clearing __pycache__ and .pytest_cache with --create-db (the suspected stale bytecode and reused
test database) and recreating the venv did not fix: the untracked migration 0014, left by git
checkout, still imported it while pytest-django built the test database, and deleting it did;
a PR review (#2317, Tomasz of appsec) with four points: one already done (IPv4-mapped IPv6,
CVE-2024-4032 on the python:3.12.3 image), one answered on the PR (why not an egress proxy), one
a ticket (disabling the 1,842 existing endpoints that resolve privately, SEC-419), one still to
do (a refused delivery is re-raised as DeliveryError and retried 9 times: fail once, with a
test); the assistant's last words only report the answer on the PR."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/ines/src/parcelpath"
_VALIDATORS = f"{_ROOT}/webhooks/validators.py"
_TASKS = f"{_ROOT}/webhooks/tasks.py"
_MODELS = f"{_ROOT}/webhooks/models.py"
_BLOCKLIST = f"{_ROOT}/webhooks/ssrf_blocklist.py"
_ACL = f"{_ROOT}/deploy/smokescreen/acl.yaml"
_SETTINGS = f"{_ROOT}/config/settings/base.py"
_CONFTEST = f"{_ROOT}/tests/webhooks/conftest.py"
_TEST_TASKS = f"{_ROOT}/tests/webhooks/test_tasks.py"
_TEST_VALIDATORS = f"{_ROOT}/tests/webhooks/test_validators.py"
_PYTEST = ".venv/bin/pytest tests/webhooks -q --tb=line"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_VALIDATORS_SRC = '''"""Checks on the callback URLs customers register for webhook deliveries."""

from urllib.parse import urlsplit

from django.core.exceptions import ValidationError

# PP-1633: callback URLs must not point at our own network.
BLOCKED_HOSTS = frozenset(
    {
        "localhost",
        "127.0.0.1",
        "0.0.0.0",
        "169.254.169.254",
        "metadata.google.internal",
        "::1",
    }
)
BLOCKED_PREFIXES = ("10.", "127.", "172.16.", "192.168.")


def validate_callback_url(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise ValidationError("Callback URLs must use http or https.", code="scheme")
    host = (parts.hostname or "").lower().rstrip(".")
    if not host:
        raise ValidationError("Callback URLs need a host.", code="host")
    if host in BLOCKED_HOSTS or host.startswith(BLOCKED_PREFIXES) or host.endswith(".internal"):
        raise ValidationError(
            "Callback URLs cannot point at private or internal hosts.", code="private_host"
        )
'''

_TASKS_SRC = '''"""Delivering webhook events to the endpoints customers register."""

import requests
from celery import shared_task
from django.utils import timezone

from .models import WebhookDelivery
from .signing import sign

RESPONSE_BODY_LIMIT = 2048  # shown in the dashboard's Recent deliveries


class DeliveryError(Exception):
    """A failed delivery, retried by Celery with backoff."""


@shared_task(
    bind=True,
    autoretry_for=(DeliveryError, requests.RequestException),
    retry_backoff=30,
    retry_backoff_max=3600,
    max_retries=8,
    acks_late=True,
)
def deliver_webhook(self, delivery_id: int) -> None:
    delivery = WebhookDelivery.objects.select_related("endpoint").get(pk=delivery_id)
    endpoint = delivery.endpoint
    body = delivery.payload_bytes()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Parcelpath-Webhooks/2.3",
        "Parcelpath-Delivery": str(delivery.uuid),
        "Parcelpath-Signature": sign(endpoint.secret, body),
    }
    delivery.attempts += 1
    response = requests.post(endpoint.url, data=body, headers=headers, timeout=10)
    delivery.response_status = response.status_code
    delivery.response_body = response.text[:RESPONSE_BODY_LIMIT]
    delivery.finished_at = timezone.now()
    delivery.save(update_fields=["attempts", "response_status", "response_body", "finished_at"])
    if response.status_code >= 500:
        raise DeliveryError(f"endpoint {endpoint.pk} answered {response.status_code}")
'''

_BLOCKLIST_SRC = '''"""SEC-412: hostnames and address spellings that callback URLs may not use.

The rebinding services and the numeric spellings of private addresses that get past a plain
hostname check: decimal, hex and octal IPv4, short forms, IPv4-mapped and local IPv6."""

import re
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError

_PATTERNS = [
    r"(^|\\.)rbndr\\.us$",
    r"(^|\\.)rebind\\.network$",
    r"(^|\\.)1u\\.ms$",
    r"(^|\\.)nip\\.io$",
    r"(^|\\.)sslip\\.io$",
    r"(^|\\.)xip\\.io$",
    r"(^|\\.)localtest\\.me$",
    r"(^|\\.)lvh\\.me$",
    r"(^|\\.)vcap\\.me$",
    r"^\\d+$",  # decimal IPv4: 2852039166
    r"^0x[0-9a-f]+$",  # hex IPv4: 0xa9fea9fe
    r"^0[0-7]*(\\.0[0-7]*){0,3}$",  # octal IPv4: 0251.0376.0251.0376
    r"^(0x[0-9a-f]+|\\d+)(\\.(0x[0-9a-f]+|\\d+)){1,2}$",  # short forms: 169.254.43518
    r"^::ffff:",  # IPv4-mapped IPv6
    r"^f[cd][0-9a-f]{2}:",  # unique local IPv6
    r"^fe80:",  # link-local IPv6
    r"(^|\\.)(internal|local|localdomain|lan|intranet|corp|home\\.arpa)$",
    r"^metadata(\\.|$)",
    r"^instance-data(\\.|$)",
]
SSRF_BLOCKLIST = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)


def validate_not_blocklisted(url: str) -> None:
    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    if SSRF_BLOCKLIST.search(host):
        raise ValidationError("Callback URLs cannot use this host.", code="blocklisted_host")
'''

_ACL_SRC = """# SEC-412: the webhook workers reach customers' endpoints only through Smokescreen, which
# resolves each host itself and refuses private, loopback and link-local addresses.
version: v1
services:
  - name: parcelpath-webhooks
    project: webhooks
    action: open
default:
  name: default
  project: security
  action: enforce
  allowed_domains: []
global_deny_list:
  - 169.254.169.254
  - metadata.google.internal
"""

_VALIDATORS_NEW_HEAD = '''"""Checks on the callback URLs customers register for webhook deliveries."""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError


class UnsafeCallbackURL(Exception):
    """A callback host that resolves to an address we must not connect to (SEC-412)."""


def _refused(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped  # ::ffff:169.254.169.254 is 169.254.169.254
    return (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_reserved
        or ip.is_multicast
        or ip.is_unspecified
        or not ip.is_global
    )


def resolve_public_address(host: str, port: int) -> str:
    """Resolve `host` once and return the address to connect to (SEC-412).

    Every address the name resolves to must be public: one private address among public ones is
    refused, since the next lookup may hand out that one."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UnsafeCallbackURL(f"{host} does not resolve ({exc.strerror})") from exc
    addresses = [ipaddress.ip_address(info[4][0]) for info in infos]
    for ip in addresses:
        if _refused(ip):
            raise UnsafeCallbackURL(f"{host} resolves to {ip}, which is not a public address")
    return str(addresses[0])


def validate_callback_url(url: str) -> None:
    """At registration, so the customer sees the error; deliver_webhook checks again on every
    delivery, on the address it connects to."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise ValidationError("Callback URLs must use http or https.", code="scheme")
    if not parts.hostname:
        raise ValidationError("Callback URLs need a host.", code="host")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        resolve_public_address(parts.hostname, port)
    except UnsafeCallbackURL as exc:
        raise ValidationError(str(exc), code="private_host") from exc
'''

_CONFTEST_HEAD = """import pytest

from webhooks.models import WebhookDelivery, WebhookEndpoint

HOOK_URL = "https://hooks.acme-logistics.example/parcelpath"


@pytest.fixture
def endpoint(db, organization):
    return WebhookEndpoint.objects.create(
        organization=organization, url=HOOK_URL, secret="whsec_test_4f9a1c", events=["*"]
    )


@pytest.fixture
def delivery(endpoint):
    return WebhookDelivery.objects.create(
        endpoint=endpoint, event="shipment.delivered", payload={"shipment": "shp_81Kq2"}
    )
"""


def _cat_n(text: str) -> str:
    """A file as `cat -n` prints it."""
    return "".join(f"{n:6d}\t{line}\n" for n, line in enumerate(text.splitlines(), 1))


def _errors(secs: str) -> str:
    """The webhook tests as `pytest --tb=line | tail -8` shows them after the revert."""
    return (
        "<frozen importlib._bootstrap>:1324: ModuleNotFoundError: No module named "
        "'webhooks.ssrf_blocklist'\n"
        "=========================== short test summary info ============================\n"
        "ERROR tests/webhooks/test_tasks.py::test_refuses_a_host_that_resolves_to[fd00:ec2::254]"
        " - ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist'\n"
        "ERROR tests/webhooks/test_tasks.py::test_refuses_a_host_that_resolves_to[0.0.0.0] - "
        "ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist'\n"
        "ERROR tests/webhooks/test_tasks.py::test_a_rebound_name_is_refused_at_delivery - "
        "ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist'\n"
        "ERROR tests/webhooks/test_tasks.py::test_a_redirect_is_not_followed - "
        "ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist'\n"
        "ERROR tests/webhooks/test_tasks.py::test_connects_to_the_address_resolved - "
        "ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist'\n"
        f"14 passed, 36 errors in {secs}s\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "SEC-412 came in from HackerOne (#2291847, researcher 0xkestrel, rated high): our webhook "
    "deliveries fetch cloud metadata. Customers register a callback URL under Settings → "
    "Webhooks and every shipment event is POSTed there; Recent deliveries in the dashboard "
    "shows the first 2 KB of what the endpoint answered. He got "
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/parcelpath-prod-worker "
    "into that box three ways: a redirect from his own server, the name "
    "a9fea9fe.5db8d822.rbndr.us, and http://2852039166/latest/meta-data/. There's a validator "
    "that was meant to stop exactly this (PP-1633). Infra enforced IMDSv2 with hop limit 1 on "
    "the worker nodes yesterday and rotated the role, so leave infra/ alone: find why ours let "
    "these through and fix it in the app."
)
s.call("Read", _numbered(_VALIDATORS_SRC), file_path=_VALIDATORS)
s.call("Read", _numbered(_TASKS_SRC), file_path=_TASKS)
s.call(
    "Bash",
    "accepted: https://a9fea9fe.5db8d822.rbndr.us/hook\n"
    "accepted: http://2852039166/latest/meta-data/\n"
    "accepted: https://redirect.kestrel-labs.net/m\n"
    "---\n"
    "93.184.216.34   STREAM a9fea9fe.5db8d822.rbndr.us\n"
    "169.254.169.254 STREAM a9fea9fe.5db8d822.rbndr.us\n"
    "169.254.169.254 STREAM a9fea9fe.5db8d822.rbndr.us\n"
    "93.184.216.34   STREAM a9fea9fe.5db8d822.rbndr.us\n"
    "---\n"
    "('169.254.169.254', 80)\n"
    "---\n"
    "c81f02e 2025-03-11 Ines Duarte PP-1633 webhooks: refuse localhost and private hosts in "
    "callback URLs\n"
    "9a4d7b3 2024-10-02 Ines Duarte webhooks: customer-registered endpoints, signed "
    "deliveries\n",
    "validate_callback_url compares the hostname string with BLOCKED_HOSTS and a few prefixes, "
    "and deliver_webhook calls requests.post with its default allow_redirects=True. Checking "
    "the three URLs against the validator, what the rebinding name resolves to, and what the "
    "decimal host is.",
    command='.venv/bin/python manage.py shell -c "from webhooks.validators import '
    "validate_callback_url as v\nfor u in ('https://a9fea9fe.5db8d822.rbndr.us/hook', "
    "'http://2852039166/latest/meta-data/', 'https://redirect.kestrel-labs.net/m'):\n    "
    "v(u); print('accepted:', u)\" && echo --- && for i in 1 2 3 4; do getent ahostsv4 "
    'a9fea9fe.5db8d822.rbndr.us | head -1; done && echo --- && .venv/bin/python -c "import '
    "socket; print(socket.getaddrinfo('2852039166', 80)[0][4])\" && echo --- && git log "
    "--format='%h %ad %an %s' --date=short -- webhooks/validators.py",
    description="The report's URLs against the validator, the rebinding name, the decimal host",
)
s.call(
    "Write",
    f"File created successfully at: {_BLOCKLIST}",
    "All three get through. The validator only looks at the string: 2852039166 is "
    "169.254.169.254 written as one decimal number, which getaddrinfo resolves, and the rbndr.us "
    "name answers 93.184.216.34 or 169.254.169.254 by turns, so it can pass any check at "
    "registration and be the metadata address when the worker connects. The redirect is the "
    "third: requests.post follows a 302 (as a GET) to wherever the Location points, and "
    "deliver_webhook stores that body in response_body. Plan: a regex blocklist for the "
    "names and spellings the string check misses (the rebinding services, decimal, hex and "
    "octal IPv4, IPv4-mapped IPv6) on WebhookEndpoint.url, and the deliveries sent out "
    "through a Smokescreen egress proxy, which resolves each host itself and refuses private "
    "addresses, redirects included.",
    file_path=_BLOCKLIST,
    content=_BLOCKLIST_SRC,
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_MODELS}",
    file_path=_MODELS,
    edits=[
        {
            "old_string": "from .validators import validate_callback_url\n",
            "new_string": "from .ssrf_blocklist import validate_not_blocklisted\n"
            "from .validators import validate_callback_url\n",
        },
        {
            "old_string": "    url = models.URLField(max_length=2048, "
            "validators=[validate_callback_url])\n",
            "new_string": "    url = models.URLField(\n        max_length=2048, "
            "validators=[validate_callback_url, validate_not_blocklisted]\n    )\n",
        },
    ],
)
s.call(
    "Bash",
    "Migrations for 'webhooks':\n"
    "  webhooks/migrations/0014_alter_webhookendpoint_url.py\n"
    "    - Alter field url on webhookendpoint\n",
    "A field's validators are part of its migration state, so makemigrations.",
    command=".venv/bin/python manage.py makemigrations webhooks",
    description="Migration for the new validator on WebhookEndpoint.url",
)
s.call(
    "Write",
    f"File created successfully at: {_ACL}",
    "The egress proxy: Smokescreen's ACL for the webhook workers (4750 is its default port).",
    file_path=_ACL,
    content=_ACL_SRC,
)
s.call(
    "MultiEdit",
    f"Applied 1 edit to {_SETTINGS}",
    file_path=_SETTINGS,
    edits=[
        {
            "old_string": 'WEBHOOK_SIGNING_ALGORITHM = "sha256"\n',
            "new_string": 'WEBHOOK_SIGNING_ALGORITHM = "sha256"\n'
            "# SEC-412: deliveries go out through Smokescreen, which refuses private addresses.\n"
            'WEBHOOK_EGRESS_PROXY = env(\n    "WEBHOOK_EGRESS_PROXY", '
            'default="http://smokescreen.egress.svc.cluster.local:4750"\n)\n',
        }
    ],
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_TASKS}",
    file_path=_TASKS,
    edits=[
        {
            "old_string": "from celery import shared_task\n",
            "new_string": "from celery import shared_task\nfrom django.conf import settings\n",
        },
        {
            "old_string": "    response = requests.post(endpoint.url, data=body, headers=headers, "
            "timeout=10)\n",
            "new_string": "    proxy = settings.WEBHOOK_EGRESS_PROXY\n"
            "    response = requests.post(\n        endpoint.url,\n        data=body,\n"
            "        headers=headers,\n        timeout=10,\n"
            '        proxies={"http": proxy, "https": proxy},\n    )\n',
        },
    ],
)
s.call(
    "Bash",
    "......................................                                   [100%]\n"
    "38 passed in 3.91s\n",
    "Running the webhook tests.",
    command=_PYTEST,
    description="Run the webhook tests",
)
s.user(
    "No to both. There's no Smokescreen in our cluster and platform won't run a new service for "
    "us this quarter, so a proxy we don't have fixes nothing. And a regex of hostnames is the "
    "same mistake as BLOCKED_HOSTS, only longer: anyone can point their own domain's A record "
    "at 10.0.3.7 or 169.254.169.254, rbndr.us is one service of hundreds, and a name says "
    "nothing about where a redirect goes. The check has to be on the address we actually "
    "connect to. In deliver_webhook: resolve the host once, refuse it if any address is "
    "private, loopback, link-local, reserved, multicast or unspecified (the ipaddress module, "
    "and unwrap IPv4-mapped v6), connect to that same IP with the Host header and SNI for the "
    "hostname so there's no second lookup, and allow_redirects=False: a 3xx is a failed "
    "delivery, never followed. Put the resolve-and-check in validators.py and have "
    "validate_callback_url use it too, so a customer gets the error when registering, but the "
    "check at delivery is the one that counts. No new modules. Delete ssrf_blocklist.py and "
    "the smokescreen config, and put models.py, tasks.py and base.py back first."
)
s.call(
    "Bash",
    "Updated 3 paths from the index\n",
    "Dropping the proxy and the regex: deleting ssrf_blocklist.py and the Smokescreen ACL, and "
    "checking models.py, tasks.py and base.py out again.",
    command="rm webhooks/ssrf_blocklist.py deploy/smokescreen/acl.yaml && rmdir "
    "deploy/smokescreen && git checkout -- webhooks/models.py webhooks/tasks.py "
    "config/settings/base.py",
    description="Delete the blocklist and the proxy config, revert the three files",
)
s.call(
    "MultiEdit",
    f"Applied 1 edit to {_VALIDATORS}",
    "validators.py gets resolve_public_address: one getaddrinfo, every address checked with "
    "ipaddress (an IPv4-mapped v6 address unwrapped first, not is_global refused too), the "
    "first address returned for the task to connect to; UnsafeCallbackURL when any is refused. "
    "validate_callback_url keeps its scheme check and uses it in place of BLOCKED_HOSTS.",
    file_path=_VALIDATORS,
    edits=[{"old_string": _VALIDATORS_SRC, "new_string": _VALIDATORS_NEW_HEAD}],
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_TASKS}",
    "deliver_webhook resolves the endpoint's host once with resolve_public_address and posts "
    "to that IP through a session whose adapter sends SNI and checks the certificate for the "
    "hostname, with the Host header set and allow_redirects=False; a 3xx is recorded on the "
    "delivery as not followed.",
    file_path=_TASKS,
    edits=[
        {
            "old_string": "import requests\nfrom celery import shared_task\n"
            "from django.utils import timezone\n\nfrom .models import WebhookDelivery\n"
            "from .signing import sign\n",
            "new_string": "from urllib.parse import urlsplit\n\nimport requests\n"
            "from celery import shared_task\nfrom django.utils import timezone\n"
            "from requests.adapters import HTTPAdapter\n\n"
            "from .models import WebhookDelivery\nfrom .signing import sign\n"
            "from .validators import UnsafeCallbackURL, resolve_public_address\n",
        },
        {
            "old_string": '    """A failed delivery, retried by Celery with backoff."""\n',
            "new_string": '    """A failed delivery, retried by Celery with backoff."""\n\n\n'
            "class _PinnedHostAdapter(HTTPAdapter):\n"
            '    """Connects to the address in the URL but does TLS (SNI, the certificate) '
            'for the\n    endpoint\'s own hostname."""\n\n'
            "    def __init__(self, hostname: str) -> None:\n"
            "        self._hostname = hostname\n        super().__init__(max_retries=0)\n\n"
            "    def init_poolmanager(self, *args, **kwargs):\n"
            '        kwargs["server_hostname"] = self._hostname\n'
            '        kwargs["assert_hostname"] = self._hostname\n'
            "        super().init_poolmanager(*args, **kwargs)\n\n\n"
            "def _post_pinned(url: str, address: str, body: bytes, headers: dict[str, str]):\n"
            '    """POST to `address`, the one resolved and checked for the URL\'s host, '
            'never\n    following a redirect (SEC-412)."""\n'
            "    parts = urlsplit(url)\n"
            '    host = f"[{address}]" if ":" in address else address\n'
            '    netloc = f"{host}:{parts.port}" if parts.port else host\n'
            "    with requests.Session() as session:\n"
            '        session.mount(f"{parts.scheme}://", _PinnedHostAdapter(parts.hostname))\n'
            "        return session.post(\n"
            "            parts._replace(netloc=netloc).geturl(),\n"
            "            data=body,\n"
            '            headers={**headers, "Host": parts.netloc},\n'
            "            timeout=(5, 10),\n"
            "            allow_redirects=False,\n        )\n",
        },
        {
            "old_string": "    delivery.attempts += 1\n"
            "    response = requests.post(endpoint.url, data=body, headers=headers, "
            "timeout=10)\n"
            "    delivery.response_status = response.status_code\n"
            "    delivery.response_body = response.text[:RESPONSE_BODY_LIMIT]\n"
            "    delivery.finished_at = timezone.now()\n"
            '    delivery.save(update_fields=["attempts", "response_status", '
            '"response_body", "finished_at"])\n',
            "new_string": "    delivery.attempts += 1\n"
            "    parts = urlsplit(endpoint.url)\n"
            '    port = parts.port or (443 if parts.scheme == "https" else 80)\n'
            "    try:\n"
            "        address = resolve_public_address(parts.hostname, port)\n"
            "    except UnsafeCallbackURL as exc:\n"
            "        delivery.error = str(exc)\n"
            "        delivery.finished_at = timezone.now()\n"
            '        delivery.save(update_fields=["attempts", "error", "finished_at"])\n'
            "        raise DeliveryError(str(exc)) from exc\n"
            "    response = _post_pinned(endpoint.url, address, body, headers)\n"
            "    delivery.response_status = response.status_code\n"
            "    delivery.response_body = response.text[:RESPONSE_BODY_LIMIT]\n"
            "    if response.is_redirect:\n"
            '        location = response.headers["Location"]\n'
            '        delivery.error = f"redirect not followed: {response.status_code} to '
            '{location}"\n'
            "    delivery.finished_at = timezone.now()\n"
            '    delivery.save(\n        update_fields=["attempts", "response_status", '
            '"response_body", "error", "finished_at"]\n    )\n',
        },
    ],
)
s.call(
    "Bash",
    _cat_n(_CONFTEST_HEAD) + "---\n"
    "1:import pytest\n2:import responses\n3:\n4:from webhooks.tasks import deliver_webhook\n"
    "5:\n6:from .conftest import HOOK_URL\n"
    "---\n"
    "tests/webhooks/test_tasks.py: 26 tests\ntests/webhooks/test_validators.py: 12 tests\n",
    "The tests will now resolve hooks.acme-logistics.example, which never resolves, and the "
    "responses mocks must answer at the IP. Looking at the fixtures and how the task tests "
    "import.",
    command="cat -n tests/webhooks/conftest.py && echo --- && grep -n -m6 '' "
    "tests/webhooks/test_tasks.py && echo --- && .venv/bin/pytest tests/webhooks -q "
    "--collect-only 2>/dev/null | grep -E '^tests' | cut -d: -f1 | sort | uniq -c | awk "
    '\'{print $2": "$1" tests"}\'',
    description="The webhook test fixtures and the task tests' imports",
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_CONFTEST}",
    "A fake_dns fixture in conftest.py: getaddrinfo answered from a table, and a list answered "
    "in turn for the rebinding test. 93.184.216.34 for the test host, since a TEST-NET address "
    "like 203.0.113.10 is not global and would be refused.",
    file_path=_CONFTEST,
    edits=[
        {
            "old_string": "import pytest\n",
            "new_string": "import socket\n\nimport pytest\n",
        },
        {
            "old_string": 'HOOK_URL = "https://hooks.acme-logistics.example/parcelpath"\n',
            "new_string": 'HOOK_URL = "https://hooks.acme-logistics.example/parcelpath"\n'
            'PINNED_URL = "https://93.184.216.34/parcelpath"  # HOOK_URL at the address '
            "resolved\n\n\n"
            "@pytest.fixture(autouse=True)\ndef fake_dns(monkeypatch):\n"
            '    """getaddrinfo from a table: host -> address, or a list of addresses '
            'answered in turn\n    (the last one from then on), as a rebinding name does."""\n'
            '    table: dict[str, str | list[str]] = {"hooks.acme-logistics.example": '
            '"93.184.216.34"}\n\n'
            "    def getaddrinfo(host, port, *args, **kwargs):\n"
            "        answer = table[host]\n"
            "        if isinstance(answer, list):\n"
            "            address = answer.pop(0) if len(answer) > 1 else answer[0]\n"
            "        else:\n            address = answer\n"
            '        family = socket.AF_INET6 if ":" in address else socket.AF_INET\n'
            '        return [(family, socket.SOCK_STREAM, 6, "", (address, port))]\n\n'
            '    monkeypatch.setattr("webhooks.validators.socket.getaddrinfo", getaddrinfo)\n'
            "    return table\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_TEST_TASKS}",
    "The task tests: the mocks answer at PINNED_URL, and new tests for the redirect, the "
    "address connected to, seven refused addresses and the rebinding name.",
    file_path=_TEST_TASKS,
    edits=[
        {
            "old_string": "from .conftest import HOOK_URL\n",
            "new_string": "from .conftest import PINNED_URL\n\n"
            'METADATA = "http://169.254.169.254/latest/meta-data/iam/security-credentials/"\n',
        },
        {
            "old_string": "responses.add(responses.POST, HOOK_URL,",
            "new_string": "responses.add(responses.POST, PINNED_URL,",
        },
        {
            "old_string": "    assert delivery.attempts == 9\n",
            "new_string": "    assert delivery.attempts == 9\n\n\n"
            "@responses.activate\ndef test_a_redirect_is_not_followed(delivery):\n"
            '    responses.add(responses.POST, PINNED_URL, status=302, headers={"Location": '
            "METADATA})\n"
            "    deliver_webhook.apply(args=[delivery.pk])\n    delivery.refresh_from_db()\n"
            "    assert len(responses.calls) == 1\n"
            '    assert delivery.error == f"redirect not followed: 302 to {METADATA}"\n\n\n'
            "@responses.activate\ndef test_connects_to_the_address_resolved(delivery):\n"
            "    responses.add(responses.POST, PINNED_URL, status=204)\n"
            "    deliver_webhook.apply(args=[delivery.pk])\n"
            "    request = responses.calls[0].request\n"
            "    assert request.url == PINNED_URL\n"
            '    assert request.headers["Host"] == "hooks.acme-logistics.example"\n\n\n'
            '@pytest.mark.parametrize(\n    "address",\n'
            '    ["169.254.169.254", "10.0.3.7", "127.0.0.1", "::1", '
            '"::ffff:169.254.169.254", "fd00:ec2::254", "0.0.0.0"],\n)\n'
            "@responses.activate\n"
            "def test_refuses_a_host_that_resolves_to(address, delivery, fake_dns):\n"
            '    fake_dns["hooks.acme-logistics.example"] = address\n'
            "    deliver_webhook.apply(args=[delivery.pk])\n    delivery.refresh_from_db()\n"
            "    assert len(responses.calls) == 0\n"
            '    assert "not a public address" in delivery.error\n\n\n'
            "@responses.activate\n"
            "def test_a_rebound_name_is_refused_at_delivery(delivery, fake_dns):\n"
            '    """SEC-412: public when registered, 169.254.169.254 when delivered."""\n'
            '    fake_dns["a9fea9fe.5db8d822.rbndr.us"] = ["93.184.216.34", '
            '"169.254.169.254"]\n'
            '    delivery.endpoint.url = "https://a9fea9fe.5db8d822.rbndr.us/hook"\n'
            "    delivery.endpoint.full_clean()\n    delivery.endpoint.save()\n"
            "    deliver_webhook.apply(args=[delivery.pk])\n    delivery.refresh_from_db()\n"
            "    assert len(responses.calls) == 0\n"
            '    assert "resolves to 169.254.169.254" in delivery.error\n',
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 1 edit to {_TEST_VALIDATORS}",
    "Two registration tests: the decimal spelling and a name that resolves privately.",
    file_path=_TEST_VALIDATORS,
    edits=[
        {
            "old_string": "def test_accepts_a_public_https_url():\n",
            "new_string": "def test_rejects_the_decimal_spelling_of_the_metadata_address(fake_dns):\n"
            '    fake_dns["2852039166"] = "169.254.169.254"\n'
            '    with pytest.raises(ValidationError, match="not a public address"):\n'
            '        validate_callback_url("http://2852039166/latest/meta-data/")\n\n\n'
            "def test_rejects_a_name_that_resolves_privately(fake_dns):\n"
            '    fake_dns["intranet.acme-logistics.example"] = "10.0.3.7"\n'
            '    with pytest.raises(ValidationError, match="10.0.3.7"):\n'
            '        validate_callback_url("https://intranet.acme-logistics.example/hook")\n\n\n'
            "def test_accepts_a_public_https_url():\n",
        }
    ],
)
s.call(
    "Bash",
    _errors("4.87"),
    "Running the webhook tests.",
    command=f"{_PYTEST} 2>&1 | tail -8",
    description="Run the webhook tests",
)
s.call(
    "Bash",
    _errors("5.02"),
    "36 errors at setup, all No module named 'webhooks.ssrf_blocklist', from tests that never "
    "import it, and nothing in webhooks/ imports it since the revert. That looks like stale "
    "bytecode of the deleted module in __pycache__, or the reused test database (addopts has "
    "--reuse-db) built while the module was there. Clearing both caches and building the test "
    "database afresh.",
    command="find . -path ./.venv -prune -o -name __pycache__ -type d -exec rm -rf {} + ; rm "
    f"-rf .pytest_cache && {_PYTEST} --create-db 2>&1 | tail -8",
    description="Clear __pycache__ and .pytest_cache, rebuild the test database, re-run",
)
s.call(
    "Bash",
    "Using CPython 3.12.7 interpreter at: /usr/bin/python3.12\n"
    "Creating virtual environment at: .venv\n"
    "Resolved 87 packages in 9ms\nPrepared 87 packages in 1.62s\n"
    "Installed 87 packages in 131ms\n---\n" + _errors("4.95"),
    "The same 36 errors with no caches and a new test database. The venv was built before "
    "today's changes; recreating it from requirements/dev.txt in case something in it still "
    "holds a copy of the package.",
    command="rm -rf .venv && uv venv --python 3.12 .venv && uv pip sync requirements/dev.txt "
    f"2>&1 | tail -3 && echo --- && {_PYTEST} --create-db 2>&1 | tail -8",
    description="Recreate the venv and re-run the webhook tests",
)
s.call(
    "Bash",
    "./webhooks/migrations/0014_alter_webhookendpoint_url.py:4:import webhooks.ssrf_blocklist\n"
    "./webhooks/migrations/0014_alter_webhookendpoint_url.py:19:                "
    "validators=[webhooks.validators.validate_callback_url, "
    "webhooks.ssrf_blocklist.validate_not_blocklisted],\n"
    "---\n"
    " M tests/webhooks/conftest.py\n M tests/webhooks/test_tasks.py\n"
    " M tests/webhooks/test_validators.py\n M webhooks/tasks.py\n M webhooks/validators.py\n"
    "?? webhooks/migrations/0014_alter_webhookendpoint_url.py\n",
    "Still 36 errors with a fresh venv, so it isn't the environment at all. Searching the whole "
    "tree, migrations included, for anything that still names the module.",
    command="grep -rn ssrf_blocklist --include='*.py' --exclude-dir=.venv . ; echo --- && git "
    "status --short",
    description="What still names ssrf_blocklist",
)
s.call(
    "Bash",
    "No changes detected\n---\n"
    "..................................................                       [100%]\n"
    "50 passed in 4.12s\n",
    "Found it, and not in the caches: makemigrations wrote "
    "webhooks/migrations/0014_alter_webhookendpoint_url.py for the first design's validator on "
    "WebhookEndpoint.url. git checkout put models.py back but cannot touch the migration, which "
    "is untracked, and pytest-django runs every migration to build the test database, so each "
    "test that needs the database errored at setup importing webhooks.ssrf_blocklist; the 14 "
    "that passed are the validator tests, which need none. Deleting 0014 (it was never applied "
    "outside the test database) and checking that the models need no migration.",
    command="rm webhooks/migrations/0014_alter_webhookendpoint_url.py && .venv/bin/python "
    f"manage.py makemigrations --check --dry-run && echo --- && {_PYTEST} --create-db",
    description="Delete the leftover migration, check the models, re-run the webhook tests",
)
s.call(
    "Bash",
    "1291 passed, 3 skipped in 94.21s (0:01:34)\n---\n"
    "All checks passed!\n412 files already formatted\n---\n"
    "Success: no issues found in 14 source files\n---\n"
    "Switched to a new branch 'fix/sec-412-webhook-ssrf'\n"
    "[fix/sec-412-webhook-ssrf 4e1b9a7] webhooks: connect only to the public address resolved, "
    "never follow redirects (SEC-412)\n"
    " 5 files changed, 171 insertions(+), 23 deletions(-)\n"
    "branch 'fix/sec-412-webhook-ssrf' set up to track 'origin/fix/sec-412-webhook-ssrf'.\n"
    "https://github.com/parcelpath/parcelpath/pull/2317\n",
    "The whole suite, ruff and mypy, then the branch and the PR.",
    command=".venv/bin/pytest -q -p no:cacheprovider 2>&1 | tail -1 && echo --- && "
    ".venv/bin/ruff check . && .venv/bin/ruff format --check . && echo --- && .venv/bin/mypy "
    "webhooks && echo --- && git checkout -b fix/sec-412-webhook-ssrf && git add -A && git "
    "commit -m 'webhooks: connect only to the public address resolved, never follow redirects "
    "(SEC-412)' && git push -u origin HEAD && gh pr create --fill --label security",
    description="Full suite, ruff, mypy; then commit, push, open the PR",
)
s.say(
    "PR #2317 is up (4e1b9a7). deliver_webhook resolves the endpoint's host once with "
    "resolve_public_address, refuses it when any address is private, loopback, link-local, "
    "reserved, multicast, unspecified or otherwise not global (IPv4-mapped v6 unwrapped), and "
    "posts to that same IP with the Host header, SNI and the certificate check for the "
    'hostname; redirects are never followed, a 3xx is recorded as "redirect not followed". '
    "validate_callback_url uses the same check at registration. The 36 setup errors were a "
    "leftover migration, 0014, from the first design, not the caches or the venv: deleted. "
    "All 1,291 tests pass (50 in tests/webhooks), ruff and mypy are clean. infra/ is "
    "untouched."
)
s.user(
    "Tomasz (appsec) reviewed #2317:\n"
    "1. IPv4-mapped IPv6: an AAAA answer of ::ffff:169.254.169.254 has to be refused too. "
    "ipaddress got is_private and is_global wrong for these before 3.12.4 (CVE-2024-4032), "
    "and the worker image is python:3.12.3-slim.\n"
    "2. Why check in-process at all? Put the workers behind an egress proxy like Smokescreen "
    "and let it refuse private addresses for every outbound call, not only webhooks.\n"
    "3. 1,842 endpoints were registered before this fix. Existing endpoints that resolve to a "
    "private range today should be disabled and their owners emailed.\n"
    "4. A refused delivery is retried: deliver_webhook re-raises UnsafeCallbackURL as "
    "DeliveryError, which is in autoretry_for, so a host that resolves to 169.254.169.254 is "
    "tried 9 times over about two hours. Refusing should be final: record why and stop.\n"
    "My take: 1 is in already. 2, answer him on the PR. 3 is SEC-419, I filed it, not this "
    "PR. 4 yes, in this PR, with a test."
)
s.call(
    "Bash",
    "https://github.com/parcelpath/parcelpath/pull/2317#issuecomment-2559034417\n",
    "Answering Tomasz's 2 on the PR: there is no proxy in the cluster and platform won't run "
    "one this quarter, and the check on the address the worker connects to covers rebinding "
    "and redirects in-process; a proxy can come later as a second layer for every outbound "
    "call.",
    command="gh pr comment 2317 --body-file /tmp/pr2317-proxy.md",
    description="Reply to the review on the egress proxy",
)
s.say(
    "Answered Tomasz's 2 on #2317: no proxy runs in our cluster and platform won't run one "
    "this quarter; the check on the address the worker connects to stops rebinding and "
    "redirects in-process, and a proxy can come later as a second layer. His 1 was in the "
    "first commit (resolve_public_address unwraps ::ffff: addresses, and "
    "test_refuses_a_host_that_resolves_to covers ::ffff:169.254.169.254). His 3 is SEC-419, "
    "which you filed."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "SEC-412 (HackerOne #2291847): Parcelpath's webhook deliveries fetched cloud "
             "metadata, http://169.254.169.254/latest/meta-data/iam/security-credentials/"
             "parcelpath-prod-worker, into the dashboard's Recent deliveries three ways past "
             "validate_callback_url, which only compares the hostname string (PP-1633): a "
             "redirect that requests.post followed, a rebinding name "
             "(a9fea9fe.5db8d822.rbndr.us) and the decimal 2852039166; find why and fix it in "
             "the app (an SSRF), leaving infra/ alone.",
             must=(("sec-412", "ssrf", "deliver_webhook", "callback", "webhook"),
                   ("169.254.169.254", "metadata", "redirect", "rebind", "2852039166")),
             partial_means="The metadata fetch without the ways past the validator, or the "
                           "reverse.",
             wrong="A leaked webhook signing secret; IMDSv2 on the worker nodes as the task."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #2317 with the user's take: (1) the IPv4-mapped IPv6 "
             "check is in already; (2) answer him on the PR about the egress proxy "
             "(Smokescreen); (3) disabling the existing endpoints is SEC-419, filed by the "
             "user, not this PR; (4) yes, in this PR, with a test: a refused delivery "
             "(UnsafeCallbackURL re-raised as DeliveryError, retried 9 times) must fail once "
             "with the reason recorded.",
             must=(("retry", "retried", "attempts", "unsafecallbackurl", "deliveryerror",
                    "9 times"),
                   ("sec-419", "answer him", "on the pr", "smokescreen", "proxy")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "take"),
             partial_means="One of the points to act on.",
             wrong="Disabling the existing endpoints now; adding the egress proxy.",
             stale_means="The SEC-412 report or the no-proxy, no-regex correction given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's 4: in deliver_webhook (webhooks/tasks.py) stop re-raising "
             "UnsafeCallbackURL as DeliveryError, so a refused delivery records delivery.error "
             "and finished_at and returns without autoretry (attempted once, not 9 times), with "
             "a test that delivery.attempts stays 1 for a refused host; run pytest, then commit "
             "and push to PR #2317.",
             must=(("unsafecallbackurl", "deliveryerror", "retry", "retried", "attempts",
                    "autoretry"),
                   ("pytest", "push", "commit")),
             stale=("existing endpoints", "smokescreen", "ipv4_mapped", "ipv4-mapped"),
             partial_means="The no-retry change without its test or the push, or the push "
                           "alone.",
             wrong="Answering Tomasz's 2 (done); touching infra/ or the role.",
             stale_means="Says to disable the existing endpoints that resolve privately (put "
                         "off by the user to SEC-419), to add the Smokescreen proxy (ruled "
                         "out), or to unwrap IPv4-mapped addresses (done in the first commit)."),
    Question("files_edited", "Which files were changed, and why?",
             "webhooks/validators.py (UnsafeCallbackURL, resolve_public_address: one "
             "getaddrinfo, every address checked with ipaddress; validate_callback_url uses it "
             "in place of BLOCKED_HOSTS); webhooks/tasks.py (deliver_webhook resolves once and "
             "posts to that IP through _PinnedHostAdapter with Host and SNI for the hostname, "
             "allow_redirects=False, a 3xx recorded as not followed); tests/webhooks/conftest.py "
             "(the fake_dns fixture, PINNED_URL); tests/webhooks/test_tasks.py and "
             "test_validators.py (the new tests). webhooks/ssrf_blocklist.py, "
             "deploy/smokescreen/acl.yaml and migration 0014_alter_webhookendpoint_url.py were "
             "created and deleted; models.py, tasks.py and config/settings/base.py reverted "
             "first.",
             must=(("validators.py",), ("tasks.py",), ("conftest.py", "fake_dns"),
                   ("test_tasks.py", "test_validators.py")),
             stale=("ssrf_blocklist", "acl.yaml", "0014", "webhook_egress_proxy"),
             spread=True,
             partial_means="Two or three of the files.",
             wrong="infra/ or models.py given as edited.",
             stale_means="webhooks/ssrf_blocklist.py, deploy/smokescreen/acl.yaml or the 0014 "
                         "migration listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The check is on the address actually connected to: deliver_webhook resolves the "
             "host once (resolve_public_address in validators.py), refuses it if any address is "
             "private, loopback, link-local, reserved, multicast, unspecified or not global "
             "(ipaddress, IPv4-mapped unwrapped), posts to that same IP with Host and SNI for "
             "the hostname, and never follows a redirect (allow_redirects=False); "
             "validate_callback_url runs the same check at registration; no new modules. It "
             "rules out the Smokescreen egress proxy (WEBHOOK_EGRESS_PROXY) and the "
             "ssrf_blocklist.py regex blocklist of hostnames.",
             must=(("resolve", "resolved", "resolve_public_address", "ipaddress"),
                   ("smokescreen", "egress proxy", "proxy", "regex", "blocklist",
                    "ssrf_blocklist")),
             stale=("through smokescreen", "regex blocklist", "validate_not_blocklisted",
                    "webhook_egress_proxy"),
             partial_means="The resolved-address check without what it rules out.",
             wrong="A longer BLOCKED_HOSTS; disabling the metadata service.",
             stale_means="Deliveries through a Smokescreen egress proxy, or hosts checked "
                         "against the ssrf_blocklist regex, given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #2317: (1) IPv4-mapped IPv6 (::ffff:169.254.169.254) must be refused, "
             "ipaddress got it wrong before 3.12.4 (CVE-2024-4032) and the image is "
             "python:3.12.3-slim (done already); (2) why not an egress proxy like Smokescreen "
             "(answered on the PR); (3) the 1,842 existing endpoints that resolve privately "
             "should be disabled and their owners emailed (SEC-419); (4) a refused delivery is "
             "re-raised as DeliveryError and retried 9 times over about two hours (to do, in "
             "this PR).",
             must=(("ipv4-mapped", "ipv4_mapped", "::ffff", "cve-2024-4032"),
                   ("smokescreen", "egress proxy", "proxy"),
                   ("sec-419", "1,842", "existing endpoints"),
                   ("retried", "retry", "9 times", "attempts")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The ModuleNotFoundError given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No Smokescreen (none in the cluster, platform won't run one this quarter) and no "
             "regex of hostnames (the same mistake as BLOCKED_HOSTS: anyone can point an A "
             "record at a private address, and a name says nothing about redirects); the check "
             "must be on the address actually connected to: resolve the host once in "
             "deliver_webhook, refuse private and other non-public addresses with ipaddress, "
             "connect to that same IP with Host and SNI, allow_redirects=False, the same check "
             "in validators.py, no new modules; delete ssrf_blocklist.py and the smokescreen "
             "config, and put models.py, tasks.py and base.py back first.",
             must=(("smokescreen", "proxy", "regex", "blocklist"),
                   ("address we actually connect to", "resolve the host once",
                    "connect to that same ip", "ipaddress", "address actually connected")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The proxy and the regex ruled out without what to do instead.",
             wrong="The ModuleNotFoundError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The SSRF itself stops with the check on the resolved address and no redirects. "
             "Then 36 webhook tests errored at setup with ModuleNotFoundError: No module named "
             "'webhooks.ssrf_blocklist'; clearing __pycache__ and .pytest_cache with "
             "--create-db, and recreating the venv, did not fix it (not stale bytecode or the "
             "reused test database): makemigrations had written "
             "0014_alter_webhookendpoint_url.py for the first design, git checkout left it "
             "(untracked), and pytest-django ran it to build the test database; fixed by "
             "deleting 0014 (makemigrations --check: No changes detected).",
             must=(("modulenotfounderror", "no module named"),
                   ("0014", "untracked", "leftover migration")),
             stale=("fixed by clearing", "fixed by recreating", "fixed by --create-db",
                    "fixed by a re-run", "fixed by re-running", "fixed by a new venv",
                    "stale bytecode", "reused test database"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A ruff or mypy error; the metadata fetch given as a test error.",
             stale_means="The ModuleNotFoundError 'fixed' by clearing the caches, --create-db, "
                         "a new venv or a re-run, or put down to stale bytecode or the reused "
                         "test database."),
    Question("key_values", "Which key values matter?",
             "SEC-412, HackerOne #2291847 (0xkestrel); 169.254.169.254 and its decimal "
             "spelling 2852039166; the rebinding name a9fea9fe.5db8d822.rbndr.us (93.184.216.34 "
             "and 169.254.169.254 by turns); the role parcelpath-prod-worker; the 2 KB "
             "response_body; max_retries=8 (9 tries); PR #2317, commit 4e1b9a7; 50 webhook "
             "tests and 1,291 in all pass; the migration 0014; 1,842 existing endpoints, "
             "SEC-419; CVE-2024-4032, python:3.12.3-slim.",
             must=(("sec-412", "2291847", "2852039166", "a9fea9fe", "parcelpath-prod-worker"),
                   ("4e1b9a7", "1,291", "1291", "50 passed", "0014")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "webhooks/validators.py checks callback URLs (validate_callback_url, now "
             "resolve_public_address and UnsafeCallbackURL); webhooks/tasks.py holds the Celery "
             "task deliver_webhook that posts each event and stores the response in "
             "response_body; webhooks/models.py WebhookEndpoint (url with its validators) and "
             "WebhookDelivery; webhooks/signing.py signs the payload; tests/webhooks/conftest.py "
             "the endpoint, delivery and fake_dns fixtures.",
             must=(("validators.py",),
                   ("tasks.py", "conftest.py", "models.py", "signing.py"),
                   ("celery task", "fake_dns", "response_body", "fixture", "webhookendpoint",
                    "signs")),
             partial_means="The files named without what they hold.",
             wrong="ssrf_blocklist.py as the check that stops the SSRF."),
    Question("pending", "What work is still pending?",
             "Tomasz's 4: a refused delivery (UnsafeCallbackURL) must fail once, no retry, the "
             "reason on delivery.error, with a test that attempts stays 1; then pytest, commit "
             "and push to #2317; disabling the existing endpoints later in SEC-419.",
             must=(("unsafecallbackurl", "deliveryerror", "retry", "retried", "attempts"),
                   ("push", "pytest", "commit")),
             partial_means="The no-retry change without its test or the push, or the reverse.",
             wrong="Unwrapping IPv4-mapped addresses or the proxy reply as pending.",
             stale_means="The SEC-419 audit or a Smokescreen proxy as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #2317 is open (4e1b9a7) with the resolved-address check, the pinned "
             "connection and no redirects; all 1,291 tests pass (50 in tests/webhooks), ruff "
             "and mypy are clean; Tomasz's 1 was in the first commit, 2 is answered on the PR, "
             "3 is SEC-419; the no-retry change (his 4) is not written; infra/ untouched.",
             must=(("1,291", "1291", "tests pass", "50 passed"),
                   ("not written", "#2317 is open", "pr #2317 is up")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the no-retry change is done.",
             stale_means="Says the deliveries go through Smokescreen or the regex blocklist."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
SEC-412: an SSRF past a hostname-string validator; a proxy and regex ruled out; a ModuleNotFoundError from a leftover migration; Tomasz's review.

Summary:
1. Primary Request and Intent:
   SEC-412 (HackerOne #2291847): deliver_webhook fetched http://169.254.169.254/latest/meta-data/ into Recent deliveries by a redirect, a rebinding name (a9fea9fe.5db8d822.rbndr.us) and the decimal 2852039166, because validate_callback_url only compares the hostname string; fix it in the app, not infra/. Latest request (Tomasz's review of PR #2317, with the user's take): 1 is in already; answer 2 on the PR; 3 is SEC-419, not this PR; 4 in this PR, with a test: a refused delivery must not be retried.
2. Key Technical Concepts:
   - Decision (the user's correction): resolve the host once with resolve_public_address in validators.py, refuse any private, loopback, link-local, reserved, multicast or unspecified address (ipaddress, IPv4-mapped unwrapped), post to that same IP with Host and SNI for the hostname, allow_redirects=False; this rules out the Smokescreen egress proxy and the ssrf_blocklist regex.
3. Files and Code Sections:
   - webhooks/validators.py (edited): UnsafeCallbackURL, resolve_public_address; validate_callback_url uses it at registration.
   - webhooks/tasks.py (edited): the Celery task deliver_webhook; _PinnedHostAdapter and _post_pinned, a 3xx recorded as not followed.
   - tests/webhooks/conftest.py (edited): the fake_dns fixture and PINNED_URL.
   - tests/webhooks/test_tasks.py and test_validators.py (edited): the new tests.
   - webhooks/ssrf_blocklist.py, deploy/smokescreen/acl.yaml and the migration 0014_alter_webhookendpoint_url.py: created, then deleted; models.py, tasks.py and base.py reverted.
4. Errors and fixes:
   - 36 webhook tests errored at setup with ModuleNotFoundError: No module named 'webhooks.ssrf_blocklist'. Clearing __pycache__ and .pytest_cache, --create-db and a new venv did not fix it; the untracked migration 0014 still imported it; fixed by deleting 0014.
5. Problem Solving:
   Tomasz's review found: (1) IPv4-mapped IPv6, CVE-2024-4032, done already; (2) why not Smokescreen, answered on #2317; (3) the 1,842 existing endpoints, SEC-419, not this PR; (4) a refused delivery retried 9 times, not written.
6. All user messages:
   - The SEC-412 report; "No to both ... The check has to be on the address we actually connect to"; Tomasz's review.
7. Pending Tasks:
   - Stop re-raising UnsafeCallbackURL as DeliveryError so a refused delivery is attempted once; a test that attempts stays 1; pytest, push to #2317.
8. Current Work:
   PR #2317 is open (4e1b9a7); 1,291 tests pass, ruff and mypy clean; point 4 is not written.
9. Optional Next Step:
   In deliver_webhook record UnsafeCallbackURL on the delivery and return without DeliveryError, add the attempts == 1 test, run pytest, push to #2317."""
