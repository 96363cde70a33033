"""Held out, twenty-fourth set: written 2026-12-07, while round 12 was tuned on the twenty-third
set, by an author who never ran the handoff on them. SWE-agent, Python (a retry and backoff
library, its delays drawn from a seeded random.Random, tested with pytest and hypothesis):
backstep 2.4.1's compute_delay caps initial * multiplier ** (attempt - 1) at max_delay and
only then adds full jitter, up to half the capped delay again, so a client with max_delay=30
sleeps 30 to 45 s at the cap (36.27, 40.6, 35.64, 41.09 s for attempts 7 to 10 with seed 318;
a mean of 37.57 s), although docs/jitter.md says FULL never sleeps more than max_delay (issue
#318); the assistant's first design, a Delay value class (a float subclass) in a new
backstep/_delay.py whose clamp() cuts the jittered delay back to max_delay, is ruled out by the
user in their own words (every sleep at the cap is exactly 30.0, so a fleet retries in
lockstep; a new public type in a patch release) for capping the exponential first in the
existing compute_delay and drawing the jitter within [0, capped], FULL being
rng.uniform(0, capped), documented in the docstring and docs/jitter.md; _delay.py deleted and
backoff.py checked out again; the new test_retry_async_sleeps_within_max_delay then fails with
assert 40.603157651253184 <= 30.0, the old sleeps, which clearing __pycache__, .hypothesis and
.pytest_cache, pip install -e . and a re-run did not fix (the tests had the new backoff.py all
along) and making AsyncRetrying._next_delay in backstep/aio.py, its own copy of the old
formula, call compute_delay did; @ines-hartmann's four points on PR #321, answered by the user:
one done already (the async retrier), one answered on the PR (why not min(delay, max_delay)),
one put off to #324 (Retry-After past max_delay), one to do (attempt 1025 overflows: fixed
since, with attempts up to 10_000 in the property tests, and a CHANGELOG.md entry, not
written); reproduce.py still in the tree; the assistant's last words only report the overflow
fix and the test run, and announce no step."""

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


def _line_of(text: str, needle: str, first: int = 1) -> int:
    """The number of the first line of `text` (numbered from `first`) holding `needle`."""
    return first + next(i for i, line in enumerate(text.split("\n")) if needle in line)


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


_HEAD = r'''"""Backoff policies: how long to wait before each retry."""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass

__all__ = ["BackoffPolicy", "Jitter", "compute_delay"]


class Jitter(enum.Enum):
    """How a delay is spread, so that clients that failed together do not retry together."""

    NONE = "none"
    FULL = "full"  # a random delay up to the computed one
    EQUAL = "equal"  # half the computed delay, plus a random half


@dataclass(frozen=True)
class BackoffPolicy:
    """Delays that grow from `initial` seconds by `multiplier` per retry, up to `max_delay`."""

    initial: float = 0.5
    multiplier: float = 2.0
    max_delay: float = 60.0
    jitter: Jitter = Jitter.FULL

    def __post_init__(self) -> None:
        if isinstance(self.jitter, str):
            object.__setattr__(self, "jitter", Jitter(self.jitter))
        if not (0 < self.initial <= self.max_delay and math.isfinite(self.max_delay)):
            raise ValueError(
                f"need 0 < initial <= max_delay < inf, got initial={self.initial}, "
                f"max_delay={self.max_delay}"
            )
        if self.multiplier < 1:
            raise ValueError(f"multiplier must be >= 1, got {self.multiplier}")

'''

_COMPUTE_OLD = r'''def compute_delay(attempt: int, policy: BackoffPolicy, rng: random.Random) -> float:
    """The seconds to sleep before retry `attempt` (1 for the first retry).

    The delay grows as initial * multiplier ** (attempt - 1), is capped at max_delay, and is
    spread by the policy's jitter.
    """
    if attempt < 1:
        raise ValueError(f"attempt must be >= 1, got {attempt}")
    delay = min(policy.initial * policy.multiplier ** (attempt - 1), policy.max_delay)
    if policy.jitter is Jitter.FULL:
        # spread the retries: up to half the delay again
        delay += rng.uniform(0, delay / 2)
    elif policy.jitter is Jitter.EQUAL:
        delay = delay / 2 + rng.uniform(0, delay / 2)
    return delay'''

_BACKOFF = _HEAD + "\n" + _COMPUTE_OLD
_CD_AT = _line_of(_BACKOFF, "def compute_delay")  # where compute_delay starts
_CD_END = _count(_BACKOFF)
_RETURN_AT = _CD_END  # its last line: return delay

_RETURN_CLAMPED = """    # the jitter can take the delay past max_delay: clamp it back (#318)
    return Delay.clamp(delay, policy.max_delay)"""

_IMPORT_AT = _line_of(_BACKOFF, "from dataclasses import dataclass")
_IMPORT_DELAY = "from dataclasses import dataclass\n\nfrom ._delay import Delay"

_DELAY_PY = r'''"""A sleep between two attempts, never longer than the policy's max_delay (#318)."""

from __future__ import annotations


class Delay(float):
    """Seconds to sleep before a retry, clamped to [0, max_delay] once the jitter is added.

    A float, so time.sleep, asyncio.sleep, round() and json.dumps take it as they took
    compute_delay's float; clamp() is the one place where the cap is applied.
    """

    __slots__ = ()

    @classmethod
    def clamp(cls, seconds: float, max_delay: float) -> Delay:
        return cls(min(max(seconds, 0.0), max_delay))

    def __repr__(self) -> str:
        return f"Delay({float(self)!r})"'''

_COMPUTE_NEW = r'''def compute_delay(attempt: int, policy: BackoffPolicy, rng: random.Random) -> float:
    """The seconds to sleep before retry `attempt` (1 for the first retry).

    The delay grows as initial * multiplier ** (attempt - 1) and is capped at max_delay
    first; the jitter is drawn within the capped delay, so that no sleep is longer than
    max_delay (#318):

    - Jitter.NONE: the capped delay;
    - Jitter.FULL: uniform in [0, capped], a mean of capped / 2;
    - Jitter.EQUAL: capped / 2, plus uniform in [0, capped / 2].
    """
    if attempt < 1:
        raise ValueError(f"attempt must be >= 1, got {attempt}")
    capped = min(policy.initial * policy.multiplier ** (attempt - 1), policy.max_delay)
    if policy.jitter is Jitter.FULL:
        return rng.uniform(0, capped)
    if policy.jitter is Jitter.EQUAL:
        return capped / 2 + rng.uniform(0, capped / 2)
    return capped'''

_CAPPED_AT = _line_of(_COMPUTE_NEW, "capped = min(", _CD_AT)
_BACKOFF_NEW_LINES = _CD_AT - 1 + _count(_COMPUTE_NEW)

_OVERFLOW_FIX = r"""    try:
        raw = policy.initial * policy.multiplier ** (attempt - 1)
    except OverflowError:
        # 2.0 ** 1024 is past the largest float: from attempt 1025 on, past any max_delay
        raw = math.inf
    capped = min(raw, policy.max_delay)"""

_REPRODUCE = r"""import random

from backstep import BackoffPolicy, compute_delay

# issue #318: the gateway client's policy
policy = BackoffPolicy(initial=0.5, multiplier=2.0, max_delay=30.0, jitter="full")
rng = random.Random(318)
print([round(compute_delay(n, policy, rng), 2) for n in range(1, 11)])
# at the cap: attempt 9 is 0.5 * 2 ** 8 = 128 s before it
draws = [compute_delay(9, policy, rng) for _ in range(10_000)]
print(f"attempt 9: max {max(draws):.2f} mean {sum(draws) / len(draws):.2f}")"""

_TESTS = r'''"""Jitter stays within max_delay (#318)."""

import asyncio
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backstep import BackoffPolicy, Jitter, compute_delay
from backstep.aio import retry_async


@given(
    attempt=st.integers(1, 20),
    max_delay=st.floats(0.5, 600),
    seed=st.integers(0, 2**32 - 1),
)
def test_full_jitter_within_max_delay(attempt, max_delay, seed):
    policy = BackoffPolicy(max_delay=max_delay, jitter=Jitter.FULL)
    delay = compute_delay(attempt, policy, random.Random(seed))
    assert 0 <= delay <= max_delay


@given(
    attempt=st.integers(1, 20),
    max_delay=st.floats(0.5, 600),
    seed=st.integers(0, 2**32 - 1),
)
def test_equal_jitter_within_max_delay(attempt, max_delay, seed):
    policy = BackoffPolicy(max_delay=max_delay, jitter=Jitter.EQUAL)
    delay = compute_delay(attempt, policy, random.Random(seed))
    assert 0 <= delay <= max_delay


def test_full_jitter_spreads_over_the_capped_delay():
    # at the cap full jitter draws from [0, 30] (mean 15), not [30, 45] (mean 37.5)
    policy = BackoffPolicy(max_delay=30.0, jitter="full")
    rng = random.Random(318)
    delays = [compute_delay(9, policy, rng) for _ in range(10_000)]
    assert max(delays) <= 30.0
    assert 14.0 < sum(delays) / len(delays) < 16.0


def test_no_jitter_is_the_capped_delay():
    policy = BackoffPolicy(max_delay=30.0, jitter="none")
    delays = [compute_delay(n, policy, random.Random(0)) for n in (1, 6, 7, 12)]
    assert delays == [0.5, 16.0, 30.0, 30.0]


def test_retry_async_sleeps_within_max_delay():
    # the client in #318: retry_async with max_delay=30 slept up to 45 s
    slept = []

    async def fake_sleep(seconds):
        slept.append(seconds)

    @retry_async(
        max_attempts=10, max_delay=30.0, jitter="full", rng=random.Random(318), sleep=fake_sleep
    )
    async def fetch_quote():
        raise ConnectionError("upstream reset")

    with pytest.raises(ConnectionError):
        asyncio.run(fetch_quote())
    assert len(slept) == 9
    assert max(slept) <= 30.0'''

_ATTEMPT_LINES = [
    n for n, line in enumerate(_TESTS.split("\n"), 1) if "attempt=st.integers" in line
]

_TESTS_HUGE = r"""

@pytest.mark.parametrize("jitter", ["none", "full", "equal"])
def test_huge_attempt_is_capped(jitter):
    # a retry-forever client reaches attempt 1025, where 0.5 * 2.0 ** 1024 overflows
    policy = BackoffPolicy(max_delay=30.0, jitter=jitter)
    rng = random.Random(318)
    for attempt in (1025, 10**6):
        assert 0 <= compute_delay(attempt, policy, rng) <= 30.0"""

_ASYNC_FAIL = (
    "=================================== FAILURES ===================================\n"
    "___________________ test_retry_async_sleeps_within_max_delay ___________________\n"
    f"tests/test_jitter.py:{_line_of(_TESTS, 'assert max(slept)')}: in "
    "test_retry_async_sleeps_within_max_delay\n"
    "    assert max(slept) <= 30.0\n"
    "E   assert 40.603157651253184 <= 30.0\n"
    "E    +  where 40.603157651253184 = max([0.6746592962257864, 1.023453848264696, "
    "2.4005653839720558, 4.839648413139377, 10.488500888094656, 21.306458550956858, ...])\n"
    "=========================== short test summary info ============================\n"
    "FAILED tests/test_jitter.py::test_retry_async_sleeps_within_max_delay - assert "
    "40.603157651253184 <= 30.0\n"
)

_AIO = r'''class AsyncRetrying:
    """Retries a coroutine function: the asyncio twin of backstep.retrying.Retrying."""

    def __init__(
        self,
        policy: BackoffPolicy,
        *,
        max_attempts: int | None = 5,
        retry_on: tuple[type[BaseException], ...] = (Exception,),
        rng: random.Random | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.policy = policy
        self.max_attempts = max_attempts
        self.retry_on = retry_on
        self._rng = rng or random.Random()
        self._sleep = sleep

    def _next_delay(self, attempt: int) -> float:
        # the same delay as backoff.compute_delay, drawn from this retrier's own rng
        p = self.policy
        delay = min(p.initial * p.multiplier ** (attempt - 1), p.max_delay)
        if p.jitter is Jitter.FULL:
            delay += self._rng.uniform(0, delay / 2)
        elif p.jitter is Jitter.EQUAL:
            delay = delay / 2 + self._rng.uniform(0, delay / 2)
        return delay

    async def __call__(self, fn: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
        attempt = 0
        while True:
            attempt += 1
            try:
                return await fn(*args, **kwargs)
            except self.retry_on as exc:
                if self.max_attempts is not None and attempt >= self.max_attempts:
                    raise
                delay = self._next_delay(attempt)
                log_retry(fn, attempt, delay, exc)
                await self._sleep(delay)'''

_AIO_AT = 70
_NEXT_AT = _line_of(_AIO, "def _next_delay", _AIO_AT)
_NEXT_END = _line_of(_AIO, "        return delay", _AIO_AT)
_NEXT_FIXED = r"""    def _next_delay(self, attempt: int) -> float:
        # compute_delay, drawn from this retrier's own rng: one formula for both (#318)
        return compute_delay(attempt, self.policy, self._rng)"""

_GREP = (
    "backstep/__init__.py:3:from .backoff import BackoffPolicy, Jitter, compute_delay\n"
    "backstep/aio.py:11:from .backoff import BackoffPolicy, Jitter\n"
    f"backstep/aio.py:{_NEXT_AT + 3}:        delay = min(p.initial * p.multiplier ** (attempt "
    "- 1), p.max_delay)\n"
    f"backstep/aio.py:{_NEXT_AT + 5}:            delay += self._rng.uniform(0, delay / 2)\n"
    f"backstep/aio.py:{_NEXT_AT + 7}:            delay = delay / 2 + self._rng.uniform(0, "
    "delay / 2)\n"
    f"backstep/backoff.py:{_CAPPED_AT}:    capped = min(policy.initial * policy.multiplier ** "
    "(attempt - 1), policy.max_delay)\n"
    f"backstep/backoff.py:{_CAPPED_AT + 2}:        return rng.uniform(0, capped)\n"
    f"backstep/backoff.py:{_CAPPED_AT + 4}:        return capped / 2 + rng.uniform(0, capped "
    "/ 2)\n"
    "backstep/retrying.py:9:from .backoff import BackoffPolicy, compute_delay\n"
)

_DOCS = r"""# Jitter

Clients that failed together retry together unless their delays are spread.
`BackoffPolicy(jitter=...)` picks how:

| Jitter | Sleep before retry n |
|--------|----------------------|
| `"none"` | the capped delay |
| `"full"` (default) | a random delay up to the computed delay, never more than `max_delay` |
| `"equal"` | half the computed delay, plus a random half |

The computed delay is `initial * multiplier ** (n - 1)`, capped at `max_delay`.

See [AWS: Exponential Backoff And Jitter](https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/)
for why full jitter is the default."""

_DOCS_TABLE_AT = _line_of(_DOCS, "| Jitter |")
_DOCS_TABLE_END = _line_of(_DOCS, "capped at `max_delay`")
_DOCS_NEW = r"""| Jitter | Sleep before retry n | At the cap, `max_delay=30` |
|--------|----------------------|----------------------------|
| `"none"` | `capped` | 30 s |
| `"full"` (default) | uniform in `[0, capped]` | 0 to 30 s, mean 15 s |
| `"equal"` | `capped / 2`, plus uniform in `[0, capped / 2]` | 15 to 30 s, mean 22.5 s |

`capped` is `min(initial * multiplier ** (n - 1), max_delay)`: the exponential is capped first
and the jitter drawn within it, so no sleep is longer than `max_delay`.

*Changed in 2.4.2:* `"full"` used to add up to half the capped delay again, so it slept up to
1.5 × `max_delay` (45 s for `max_delay=30`, a mean of about 37.5 s at the cap; #318)."""

_OVERFLOW_TB = (
    "________________________ test_full_jitter_within_max_delay ________________________\n"
    f"tests/test_jitter.py:{_line_of(_TESTS, '@given(')}: in test_full_jitter_within_max_delay\n"
    "    @given(\n"
    f"tests/test_jitter.py:{_line_of(_TESTS, 'delay = compute_delay(attempt')}: in "
    "test_full_jitter_within_max_delay\n"
    "    delay = compute_delay(attempt, policy, random.Random(seed))\n"
    f"backstep/backoff.py:{_CAPPED_AT}: in compute_delay\n"
    "    capped = min(policy.initial * policy.multiplier ** (attempt - 1), policy.max_delay)\n"
    "E   OverflowError: (34, 'Numerical result out of range')\n"
    "E   Falsifying example: test_full_jitter_within_max_delay(\n"
    "E       attempt=1025,\n"
    "E       max_delay=0.5,\n"
    "E       seed=0,\n"
    "E   )\n"
    "=========================== short test summary info ============================\n"
    + "".join(
        f"FAILED tests/test_jitter.py::{t} - OverflowError: (34, 'Numerical result out of range')\n"
        for t in (
            "test_full_jitter_within_max_delay",
            "test_equal_jitter_within_max_delay",
            "test_huge_attempt_is_capped[none]",
            "test_huge_attempt_is_capped[full]",
            "test_huge_attempt_is_capped[equal]",
        )
    )
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "larkspur-dev__backstep-318)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nFull jitter sleeps "
    "longer than max_delay\n\nbackstep 2.4.1, Python 3.11. Our gateway client retries a "
    "flaky upstream with\n\n```python\nfrom backstep.aio import retry_async\n\n"
    '@retry_async(max_attempts=10, max_delay=30.0, jitter="full")\nasync def '
    "fetch_quote(session, sku): ...\n```\n\nand the load balancer in front of the upstream "
    'drops connections idle for 40 s. The jitter docs say full jitter is "a random delay up '
    'to the computed delay, never more than max_delay", but our logs show sleeps of 36 to '
    "45 s from the seventh retry on. With compute_delay directly:\n\n```python\n>>> import "
    "random\n>>> from backstep import BackoffPolicy, compute_delay\n>>> p = "
    'BackoffPolicy(initial=0.5, multiplier=2.0, max_delay=30.0, jitter="full")\n>>> rng = '
    "random.Random(318)\n>>> [round(compute_delay(n, p, rng), 2) for n in range(1, 11)]\n"
    "[0.67, 1.02, 2.4, 4.84, 10.49, 21.31, 36.27, 40.6, 35.64, 41.09]\n```\n\nFour of the "
    "ten are over max_delay, and over many draws they go up to 45 s, 1.5 times max_delay. "
    "It looks as if the jitter is added after the cap.\n</issue>\nMake the minimal changes "
    "to non-test files in /testbed so that the issue is resolved."
)
s.call(
    "search_dir",
    'Found 20 matches for "compute_delay" in /testbed:\n'
    "/testbed/backstep/__init__.py (2 matches)\n/testbed/backstep/backoff.py (2 matches)\n"
    "/testbed/backstep/retrying.py (2 matches)\n/testbed/docs/api.md (3 matches)\n"
    "/testbed/tests/test_backoff.py (11 matches)\n"
    'End of matches for "compute_delay" in /testbed\n',
    search_term="compute_delay",
    dir="/testbed",
)
s.call(
    "open",
    f"[File: /testbed/backstep/backoff.py ({_CD_END} lines total)]\n" + _lines(1, _BACKOFF),
    path="/testbed/backstep/backoff.py",
    line_number=_CD_AT,
)
s.call(
    "create",
    f"[File: /testbed/reproduce.py ({_count(_REPRODUCE)} lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "[0.67, 1.02, 2.4, 4.84, 10.49, 21.31, 36.27, 40.6, 35.64, 41.09]\n"
    "attempt 9: max 45.00 mean 37.57\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "create",
    f"[File: /testbed/backstep/_delay.py ({_count(_DELAY_PY)} lines total)]\n"
    + _lines(1, _DELAY_PY),
    f"Reproduced: at attempt 9 the delay is 128 s before the cap, and the sleeps run from 30 "
    f"to 45.00 s with a mean of 37.57. compute_delay (backoff.py line {_CD_AT}) caps at "
    "max_delay and then adds up to half the capped delay again, so nothing holds the sleep "
    "under max_delay once the jitter is in. The cap has to be applied to the jittered delay. "
    "I'll make that a small value type, a Delay value class in a new backstep/_delay.py: a "
    "float subclass, so time.sleep, round() and json.dumps still take it, whose "
    "Delay.clamp(seconds, max_delay) keeps a sleep within [0, max_delay], and have "
    "compute_delay return Delay.clamp(delay, policy.max_delay).",
    filename="/testbed/backstep/_delay.py",
)
s.call(
    "edit",
    f"[File: /testbed/backstep/backoff.py ({_CD_END + 2} lines total)]\n"
    + _lines(_IMPORT_AT, _IMPORT_DELAY)
    + f"...\n{_EDITED}",
    start_line=_IMPORT_AT,
    end_line=_IMPORT_AT,
    replacement_text=_IMPORT_DELAY + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/backstep/backoff.py ({_CD_END + 3} lines total)]\n"
    + _lines(_RETURN_AT + 2, _RETURN_CLAMPED)
    + _EDITED,
    start_line=_RETURN_AT + 2,
    end_line=_RETURN_AT + 2,
    replacement_text=_RETURN_CLAMPED + "\n",
)
s.call(
    "bash",
    "[0.67, 1.02, 2.4, 4.84, 10.49, 21.31, 30.0, 30.0, 30.0, 30.0]\n"
    "attempt 9: max 30.00 mean 30.00\n---\n" + _dots(187) + "187 passed in 3.41s\n",
    command="cd /testbed && python reproduce.py && echo --- && pytest -q",
)
s.user(
    "No Delay class, and no new module. Look at what reproduce.py printed: attempts 7 to 10 "
    "all sleep exactly 30.0 now, and so do all 10,000 draws at attempt 9. Clamping after the "
    "jitter throws the jitter away exactly where it matters: a fleet of clients that failed "
    "together retries together, every 30 s, which is the herd jitter exists to break up. It "
    "is also a new public type in a 2.4.x patch release: backstep-httpx checks "
    "type(delay) is float, and our retry log line formats the delay with %r, so it would say "
    "Delay(30.0). The jitter docs already say what FULL is: a random delay up to the "
    "computed delay, never more than max_delay. Do that in the existing compute_delay: cap "
    "the exponential first, then draw the jitter within [0, capped], so FULL is "
    "rng.uniform(0, capped), as in AWS's full jitter. EQUAL already stays within the cap; "
    "leave it. Say so in compute_delay's docstring and in the docs table, including that the "
    "mean sleep at the cap drops from about 37.5 s to about 15 s."
)
s.call(
    "bash",
    "Updated 1 path from the index\n?? reproduce.py\n",
    "Understood: no Delay class and no new module, the cap comes first and FULL draws within "
    "[0, capped]. Removing backstep/_delay.py and restoring backoff.py.",
    command="cd /testbed && rm backstep/_delay.py && git checkout backstep/backoff.py && git "
    "status --short",
)
s.call(
    "edit",
    f"[File: /testbed/backstep/backoff.py ({_BACKOFF_NEW_LINES} lines total)]\n"
    + _lines(_CD_AT, _COMPUTE_NEW)
    + _EDITED,
    start_line=_CD_AT,
    end_line=_CD_END,
    replacement_text=_COMPUTE_NEW + "\n",
)
s.call(
    "create",
    f"[File: /testbed/tests/test_jitter.py ({_count(_TESTS)} lines total)]\n" + _lines(1, _TESTS),
    filename="/testbed/tests/test_jitter.py",
)
s.call(
    "bash",
    "[0.35, 0.05, 0.8, 1.68, 4.98, 10.61, 12.55, 21.21, 11.28, 22.18]\n"
    "attempt 9: max 30.00 mean 15.13\n---\n"
    + _dots(191, (100,))
    + _ASYNC_FAIL
    + "1 failed, 191 passed in 4.12s\n",
    command="cd /testbed && python reproduce.py && echo --- && pytest -q --tb=short",
)
s.call(
    "bash",
    "Obtaining file:///testbed\n  Installing build dependencies ... done\n"
    "  Checking if build backend supports build_editable ... done\n"
    "  Getting requirements to build editable ... done\n"
    "  Preparing editable metadata (pyproject.toml) ... done\n"
    "Building wheels for collected packages: backstep\n"
    "  Building editable for backstep (pyproject.toml) ... done\n"
    "  Created wheel for backstep: filename=backstep-2.4.1-0.editable-py3-none-any.whl "
    "size=4312 sha256=9f1c0be2d47a6e0c33b815aa0d6f2e7c48a1f5b3e9d07c26aa41b8f07e3d5c91\n"
    "Successfully built backstep\nInstalling collected packages: backstep\n"
    "  Attempting uninstall: backstep\n    Found existing installation: backstep 2.4.1\n"
    "    Uninstalling backstep-2.4.1:\n      Successfully uninstalled backstep-2.4.1\n"
    "Successfully installed backstep-2.4.1\n---\n"
    + _dots(191, (100,))
    + "FAILED tests/test_jitter.py::test_retry_async_sleeps_within_max_delay - assert "
    "40.603157651253184 <= 30.0\n1 failed, 191 passed in 4.37s\n",
    "reproduce.py prints the new delays, but the test's sleeps are 0.67, 1.02, 2.40, 4.84, "
    "10.49, 21.31 and up to 40.60: the very values compute_delay gave before the change. So "
    "the test run is getting the old code. python reproduce.py imports backstep from /testbed, "
    "but the pytest entry point does not put /testbed on sys.path, so it may be importing a "
    "non-editable install of backstep 2.4.1 from site-packages, a stale install, and "
    "hypothesis may be replaying a stale .hypothesis database from the Delay runs. Clearing "
    "__pycache__, .hypothesis and .pytest_cache, reinstalling with pip install -e . and "
    "running again.",
    command="cd /testbed && find . -name __pycache__ -prune -exec rm -rf {} + && rm -rf "
    ".hypothesis .pytest_cache && pip install -q -e . 2>&1 | tail -n 16; echo ---; "
    "pytest -q --tb=no",
)
s.call(
    "bash",
    _GREP,
    "The same failure, with the same 40.603157651253184, after a fresh editable install and "
    "with no caches. And test_full_jitter_spreads_over_the_capped_delay, in the same file, "
    "passed in both runs with its mean of 15: the tests had the new backoff.py all along. "
    "The failing test is the only one that goes through retry_async, so the async retrier "
    "must work its delay out somewhere other than compute_delay, which the search for "
    "compute_delay never showed in backstep/aio.py. Looking for the formula itself.",
    command="cd /testbed && grep -rn 'from .backoff\\|uniform\\|multiplier \\*\\*' backstep/",
)
s.call(
    "open",
    "[File: /testbed/backstep/aio.py (142 lines total)]\n(69 more lines above)\n"
    + _lines(_AIO_AT, _AIO)
    + f"({142 - _AIO_AT - _count(_AIO) + 1} more lines below)\n",
    path="/testbed/backstep/aio.py",
    line_number=_NEXT_AT,
)
s.call(
    "edit",
    f"[File: /testbed/backstep/aio.py ({142 - (_NEXT_END - _NEXT_AT) + 2} lines total)]\n"
    + _lines(_NEXT_AT, _NEXT_FIXED)
    + f"...\n{_EDITED}",
    "There it is: AsyncRetrying._next_delay (aio.py line "
    f"{_NEXT_AT}) is its own copy of the old formula, cap first and then up to half again, "
    "drawn from the retrier's rng, so retry_async never calls compute_delay and kept the "
    "old sleeps, value for value. Replacing the copy with a call to compute_delay, with the "
    "retrier's own rng.",
    start_line=_NEXT_AT,
    end_line=_NEXT_END,
    replacement_text=_NEXT_FIXED + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/backstep/aio.py ({142 - (_NEXT_END - _NEXT_AT) + 2} lines total)]\n"
    "11:from .backoff import BackoffPolicy, compute_delay\n" + _EDITED,
    start_line=11,
    end_line=11,
    replacement_text="from .backoff import BackoffPolicy, compute_delay\n",
)
s.call(
    "bash",
    _dots(192) + "192 passed in 3.96s\n---\n"
    "[0.35, 0.05, 0.8, 1.68, 4.98, 10.61, 12.55, 21.21, 11.28, 22.18]\n"
    "attempt 9: max 30.00 mean 15.13\n",
    command="cd /testbed && pytest -q && echo --- && python reproduce.py",
)
s.call(
    "open",
    f"[File: /testbed/docs/jitter.md ({_count(_DOCS)} lines total)]\n" + _lines(1, _DOCS),
    "All 192 pass, the async test with them. The docs table is the other place the user named.",
    path="/testbed/docs/jitter.md",
)
s.call(
    "edit",
    f"[File: /testbed/docs/jitter.md "
    f"({_count(_DOCS) - (_DOCS_TABLE_END - _DOCS_TABLE_AT + 1) + _count(_DOCS_NEW)} lines "
    "total)]\n" + _lines(_DOCS_TABLE_AT, _DOCS_NEW) + f"...\n{_EDITED}",
    start_line=_DOCS_TABLE_AT,
    end_line=_DOCS_TABLE_END,
    replacement_text=_DOCS_NEW + "\n",
)
s.user(
    "I pushed your branch as PR #321 and @ines-hartmann reviewed it. Her points, and my "
    "answers:\n\n"
    "> 1. AsyncRetrying never calls compute_delay, so retry_async would go on sleeping up to "
    "45 s. Both retriers need the fix.\n\n"
    "That's already the case on the branch. Nothing to do.\n\n"
    "> 2. Why not min(delay, max_delay) after the jitter? One line, and FULL keeps its old "
    "distribution below the cap.\n\n"
    "Answered on the PR: that is the clamp you tried first. Every sleep at the cap would be "
    "exactly 30.0 and the fleet retries in lockstep. No change.\n\n"
    "> 3. A 503 with Retry-After: 120 makes Retrying sleep 120 s although max_delay is 30.\n\n"
    "That one is on purpose today, the server asked for it, and capping it needs an option "
    '(respect_retry_after="cap"). I opened #324 for it. Leave the Retry-After handling alone '
    "in this PR.\n\n"
    "> 4. The property tests stop at attempt 20. A client with max_attempts=None reaches "
    "attempt 1025 in about four hours, and 0.5 * 2.0 ** 1024 raises OverflowError in "
    "compute_delay. Draw attempts up to 10_000 and fix the overflow.\n\n"
    "Yes: fix it, with a test. And add an entry to CHANGELOG.md under ## Unreleased for the "
    "FULL change: the mean sleep at the cap halves, people will notice."
)
s.call(
    "bash",
    "11:from .backoff import BackoffPolicy, compute_delay\n"
    f"{_NEXT_AT + 2}:        return compute_delay(attempt, self.policy, self._rng)\n",
    "Checking point 1 on the branch first.",
    command="cd /testbed && grep -n compute_delay backstep/aio.py",
)
s.call(
    "bash",
    "".join(f"{n}:    attempt=st.integers(1, 10_000),\n" for n in _ATTEMPT_LINES)
    + f"{_count(_TESTS) + 4}:def test_huge_attempt_is_capped(jitter):\n",
    "Point 1 is in: since the test_retry_async failure, AsyncRetrying._next_delay calls "
    "compute_delay. For point 4, widening the property tests to attempts up to 10_000 and "
    "adding a test for attempts 1025 and 10**6 in every jitter mode before touching "
    "compute_delay.",
    command="cd /testbed && sed -i 's/st.integers(1, 20)/st.integers(1, 10_000)/' "
    "tests/test_jitter.py && cat >> tests/test_jitter.py <<'EOF'\n" + _TESTS_HUGE + "\nEOF\n"
    "grep -n 'st.integers(1, \\|def test_huge' tests/test_jitter.py",
)
s.call(
    "bash",
    _dots(190, (96, 97, 101, 102, 103)) + _OVERFLOW_TB + "5 failed, 190 passed in 5.08s\n",
    command="cd /testbed && pytest -q --tb=short 2>&1 | tail -n 27",
)
s.call(
    "edit",
    f"[File: /testbed/backstep/backoff.py ({_BACKOFF_NEW_LINES + 5} lines total)]\n"
    + _lines(_CAPPED_AT, _OVERFLOW_FIX)
    + f"...\n{_EDITED}",
    "The OverflowError the review predicted, shrunk by hypothesis to attempt=1025: "
    "0.5 * 2.0 ** 1024 is past the largest float. Past that point the raw delay is larger "
    "than any max_delay, so an overflow can stand for an infinite raw delay, and min() "
    "caps it as before (math is imported in backoff.py already).",
    start_line=_CAPPED_AT,
    end_line=_CAPPED_AT,
    replacement_text=_OVERFLOW_FIX + "\n",
)
s.call(
    "bash",
    _dots(195) + "195 passed in 5.61s\n---\n M backstep/aio.py\n M backstep/backoff.py\n"
    " M docs/jitter.md\n?? reproduce.py\n?? tests/test_jitter.py\n",
    command="cd /testbed && pytest -q && echo --- && git status --short",
)
s.say(
    "compute_delay no longer overflows: the OverflowError that 0.5 * 2.0 ** 1024 raises at "
    "attempt 1025 now stands for an infinite raw delay, and min() caps it, so attempt 1025 and "
    "later draw within max_delay like any capped attempt. The two property tests draw "
    "attempts up to 10_000, and test_huge_attempt_is_capped checks attempts 1025 and 10**6 "
    "for none, full and equal jitter. All 195 tests pass; git status shows three files "
    "modified and the new tests/test_jitter.py untracked."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve larkspur-dev__backstep-318: in backstep 2.4.1 compute_delay caps the "
             "exponential delay at max_delay and only then adds full jitter (up to half the "
             "capped delay again), so a client with max_delay=30 sleeps 30 to 45 s at the cap "
             "(36.27, 40.6, 35.64, 41.09 for attempts 7 to 10 with seed 318), although the "
             "docs say FULL never sleeps more than max_delay; minimal changes to non-test "
             "files.",
             must=(("max_delay", "max delay", "the cap"),
                   ("jitter",)),
             partial_means="Sleeps that are too long without the jitter being the cause, or "
                           "jitter without max_delay.",
             wrong="Retry-After being honoured past max_delay, or the overflow, given as the "
                   "task."),
    Question("latest_request", "What did the user last ask?",
             "@ines-hartmann's review of PR #321 with the user's answers: (1) AsyncRetrying "
             "not calling compute_delay, already fixed on the branch; (2) why not "
             "min(delay, max_delay) after the jitter, answered on the PR (the clamp again); "
             "(3) Retry-After: 120 sleeping past max_delay is #324, leave it; (4) the property "
             "tests stop at attempt 20 and attempt 1025 overflows: fix the OverflowError with "
             "a test, and add a CHANGELOG.md entry under ## Unreleased for the FULL change.",
             must=(("overflow", "1025", "changelog", "10_000"),
                   ("#324", "retry-after", "ines", "answered on the pr", "asyncretrying",
                    "min(delay")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ines", "answer", "point"),
             partial_means="One of the points to act on (the overflow or the CHANGELOG "
                           "entry), without the review it came in.",
             wrong="Capping Retry-After in this PR; clamping after the jitter.",
             stale_means="The issue itself, or the user's no-Delay-class correction, given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Add the CHANGELOG.md entry under ## Unreleased (FULL jitter now draws within "
             "[0, capped], so no sleep passes max_delay; the mean sleep at the cap drops from "
             "about 37.5 s to about 15 s; #318), run pytest, delete reproduce.py and submit. "
             "The overflow fix and its tests are in (195 pass); AsyncRetrying already calls "
             "compute_delay; Retry-After is #324.",
             must=(("changelog",),
                   ("reproduce.py", "submit", "pytest")),
             stale=("aio.py", "_next_delay", "asyncretrying", "retry-after", "#324",
                    "delay class", "_delay.py", "clamp"),
             partial_means="The CHANGELOG entry without what follows it, or only 'submit'.",
             wrong="Writing the overflow fix again; changing the EQUAL jitter.",
             stale_means="Says to make AsyncRetrying._next_delay in aio.py call compute_delay "
                         "(done before the review), to cap Retry-After (put off to #324), or "
                         "to go back to the Delay class or a clamp."),
    Question("files_edited", "Which files were changed, and why?",
             "backstep/backoff.py: compute_delay caps the exponential first and draws FULL "
             "as rng.uniform(0, capped), its docstring says so, and an OverflowError counts "
             "as an infinite raw delay; backstep/aio.py: AsyncRetrying._next_delay calls "
             "compute_delay instead of its own copy of the old formula (and imports it); "
             "tests/test_jitter.py (new): hypothesis properties for FULL and EQUAL, the "
             "spread at the cap, the retry_async sleeps, huge attempts; docs/jitter.md: the "
             "table and a 'Changed in 2.4.2' note. backstep/_delay.py (the Delay class) was "
             "created and deleted and backoff.py checked out again; reproduce.py is scratch.",
             must=(("backoff.py",),
                   ("aio.py",),
                   ("test_jitter.py",),
                   ("jitter.md",)),
             stale=("_delay.py", "delay class", "delay value class"),
             partial_means="backoff.py with one or two of the others.",
             wrong="retrying.py or CHANGELOG.md given as changed.",
             stale_means="backstep/_delay.py (the Delay value class) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "In the existing compute_delay, cap the exponential first and draw the jitter "
             "within [0, capped]: FULL is rng.uniform(0, capped), as AWS's full jitter, EQUAL "
             "unchanged, the result a plain float; documented in the docstring and "
             "docs/jitter.md (mean at the cap about 15 s, was 37.5 s); AsyncRetrying uses "
             "compute_delay, no copy of its own. It rules out the Delay value class (a float "
             "subclass) in a new backstep/_delay.py that clamped after the jitter (every sleep "
             "at the cap exactly 30.0, lockstep retries; a new public type in a patch "
             "release), any new module, and (review) min(delay, max_delay) after the jitter.",
             must=(("uniform(0, capped)", "[0, capped]", "cap the exponential first",
                    "capped first", "draw the jitter within", "drawn within"),
                   ("delay class", "_delay.py", "clamp", "new module")),
             stale=("delay value class", "_delay.py", "delay.clamp("),
             partial_means="The cap-first design without what it rules out.",
             wrong="Capping Retry-After; changing EQUAL.",
             stale_means="The Delay value class in backstep/_delay.py, whose clamp() cuts the "
                         "jittered delay back to max_delay, given as the design."),
    Question("review", "What did the review find?",
             "@ines-hartmann on PR #321: (1) AsyncRetrying never calls compute_delay, so "
             "retry_async would keep sleeping up to 45 s (already the case: _next_delay calls "
             "it since the test failure); (2) why not min(delay, max_delay) after the jitter "
             "(answered on the PR: that is the clamp, every sleep at the cap 30.0, lockstep); "
             "(3) a 503 with Retry-After: 120 sleeps 120 s past max_delay=30 (put off to #324, "
             "leave it); (4) the property tests stop at attempt 20, and attempt 1025 "
             "overflows (fixed since, attempts up to 10_000, test_huge_attempt_is_capped), "
             "plus a CHANGELOG.md entry (not written).",
             must=(("asyncretrying", "aio.py", "retry_async", "async retrier", "_next_delay"),
                   ("min(delay", "clamp", "one line"),
                   ("retry-after", "#324"),
                   ("overflow", "1025", "attempt 20", "10_000")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ines", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The 40.6 test failure or the no-Delay-class correction given as a review "
                   "point."),
    Question("corrections", "How did the user correct the agent?",
             "No Delay class and no new module: clamping after the jitter made every sleep at "
             "the cap exactly 30.0 (all 10,000 draws at attempt 9), so a fleet that failed "
             "together retries in lockstep, the herd jitter is there to break up; and it is a "
             "new public type in a 2.4.x patch (backstep-httpx checks type(delay) is float, "
             "the log line would print Delay(30.0)). Do what the docs say in the existing "
             "compute_delay: cap the exponential first and draw the jitter within [0, capped], "
             "FULL as rng.uniform(0, capped); leave EQUAL; document it with the mean change.",
             must=(("delay class", "new module", "_delay.py", "clamp"),
                   ("[0, capped]", "uniform(0, capped)", "cap the exponential first",
                    "capped first", "drawn within")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="The cap-first design without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With the cap-first compute_delay, test_retry_async_sleeps_within_max_delay "
             "failed with assert 40.603157651253184 <= 30.0, its sleeps the old ones (0.67, "
             "1.02, 2.40...). Taken for a stale non-editable install and a stale .hypothesis "
             "database: clearing __pycache__, .hypothesis and .pytest_cache, pip install -e . "
             "and a re-run gave the same failure (the compute_delay tests had passed in the "
             "same runs). The cause was AsyncRetrying._next_delay in backstep/aio.py, its own "
             "copy of the old formula: fixed by calling compute_delay. After the review, "
             "OverflowError (34, 'Numerical result out of range') at attempt 1025, fixed by "
             "taking the overflow as an infinite raw delay before the cap.",
             must=(("40.603", "40.6 <= 30", "test_retry_async"),
                   ("aio.py", "_next_delay", "own copy")),
             stale=("fixed by clearing", "fixed by pip install", "fixed by reinstalling",
                    "fixed by a re-run", "fixed by re-running", "stale install",
                    "non-editable install", "stale .hypothesis"),
             partial_means="The 40.6 failure without its fix, or only the OverflowError.",
             wrong="A TypeError from the Delay class or a flaky hypothesis test given as the "
                   "failure.",
             stale_means="The failure 'fixed' by clearing __pycache__ and .hypothesis, pip "
                         "install -e . and a re-run, or put down to a stale or non-editable "
                         "install."),
    Question("key_values", "Which key values matter?",
             "backstep 2.4.1 on Python 3.11; initial 0.5, multiplier 2.0, max_delay 30; the "
             "old FULL slept 30 to 45 s at the cap (mean 37.57 over 10,000 draws at attempt 9; "
             "36.27, 40.6, 35.64, 41.09 for attempts 7 to 10 with seed 318); the clamp made "
             "every one 30.0; now at most 30, mean 15.13; 187 tests before, 195 pass now; "
             "0.5 * 2.0 ** 1024 overflows at attempt 1025; issue #318, PR #321, #324 "
             "(Retry-After).",
             must=(("45", "37.57", "2.4.1", "#318", "40.6"),
                   ("195 passed", "195 tests", "#321", "#324", "15.13")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "backstep/backoff.py holds BackoffPolicy, Jitter and compute_delay, the public "
             "delay function; backstep/retrying.py holds Retrying (which calls compute_delay "
             "and handles Retry-After); backstep/aio.py holds AsyncRetrying and retry_async "
             "(its _next_delay had its own copy of the formula); docs/jitter.md the jitter "
             "modes; tests/test_jitter.py the new property tests; reproduce.py a scratch "
             "repro.",
             must=(("backoff.py",),
                   ("aio.py", "retrying.py", "reproduce.py", "scratch", "test_jitter.py",
                    "jitter.md")),
             partial_means="The files named without what they hold.",
             wrong="backstep/_delay.py as what keeps the sleeps within max_delay."),
    Question("pending", "What work is still pending?",
             "The CHANGELOG.md entry under ## Unreleased, a pytest run, deleting reproduce.py "
             "and submitting; capping Retry-After is left to #324.",
             must=(("changelog",),
                   ("reproduce.py", "submit")),
             partial_means="The CHANGELOG entry without the rest, or the reverse.",
             wrong="The overflow fix or the async retrier as pending."),
    Question("state", "What is the state of the work?",
             "compute_delay caps first and draws FULL within [0, capped], and survives "
             "attempt 1025; AsyncRetrying calls it; docs/jitter.md is updated; all 195 tests "
             "pass and reproduce.py prints at most 30.00, a mean of 15.13; CHANGELOG.md is not "
             "written, reproduce.py is still in the tree, nothing is committed or submitted.",
             must=(("195 passed", "195 tests", "tests pass"),
                   ("not written", "not submitted", "changelog")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or Retry-After capped.",
             stale_means="Says compute_delay returns a clamped Delay."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
