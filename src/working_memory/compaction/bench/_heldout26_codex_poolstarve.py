"""Held out, twenty-sixth set: written 2026-12-07, while round 14 was tuned on the twenty-fifth
set, by an author who never ran the handoff on them. Codex, a Python 3.12 FastAPI service
(SQLAlchemy 2 async over asyncpg, anyio, WeasyPrint, pytest-asyncio, uv, k6 for load): on the
1st of the month rentroll-api's p99 goes to 30 s (PLAT-731; the k6 month-end mix: p99 30.01 s,
1,163 of 14,685 requests failed with sqlalchemy's TimeoutError "QueuePool limit of size 10
overflow 0 reached"), because the statement PDF endpoint in app/routers/reports.py calls the
synchronous WeasyPrint renderer inside its async def and holds the event loop about 1.9 s a
statement, so the pool of 10 times out after its 30 s; a first design (pool_size=50 with
max_overflow=10 in app/db.py and a new app/middleware/load_shed.py whose LoadShedMiddleware
times requests and answers 503 past 64 in flight) written and measured (p99 14.6 s, 16.45%
503s), then ruled out by the user (6 pods times 50 is 300 connections against the RDS
max_connections of 200, PLAT-604; the shedder would 503 the ALB's /healthz and Stripe's
webhooks) for rendering in a worker thread with anyio.to_thread.run_sync and a
CapacityLimiter(4) inside the reports router, the connection given back first, the pool kept
at 10; the middleware deleted and db.py and main.py checked out again; the renderer then fails
in its worker thread with MissingGreenlet, which recreating the venv (greenlet 3.0.3 against
the lock's 3.1.1) with rm -rf .venv, uv sync, cleared caches and a re-run did not fix, and a
frozen StatementData snapshot built while the session is open, then session.close(), did (the
router's await session.commit() had expired the statement under async_sessionmaker's default
expire_on_commit, so the template's first attribute queried from the thread); 46 tests pass,
p99 3.41 s, PR #562; a review (Tomasz) with four points: one already done (the renderer never
gets an ORM object), one answered on the PR (a thread, not a ProcessPoolExecutor), one a ticket
(the annual summary in app/routers/annual.py, PLAT-745), one pending (a test that /healthz
answers within 200 ms while a slow fake render runs); the assistant's last words only report
the reply, and name no step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/ana/rentroll-api"
_VENV = f"{_HOME}/.venv/lib/python3.12/site-packages"
_REPORTS = "app/routers/reports.py"
_PDF = "app/pdf/statement.py"
_DB = "app/db.py"
_MAIN = "app/main.py"
_SHED = "app/middleware/load_shed.py"
_REPO = "app/repositories/statements.py"
_TESTS = "tests/test_reports.py"
_URL = "/v1/accounts/{account_id}/statements/{period}.pdf"
_LOAD = (
    "docker compose up -d db >/dev/null && (PYTHONASYNCIODEBUG=1 uv run uvicorn app.main:app "
    "--port 8000 --log-level warning > /tmp/uvicorn.log 2>&1 &) && sleep 3 && "
    "k6 run --quiet loadtest/month_end.js 2>&1 | grep -E 'http_req_(duration|failed)|name:|"
    "http_reqs'; "
)

_REPORTS_SRC = (
    '"""Account statements as PDF: the tenant portal\'s "Download statement"."""\n\n'
    "from fastapi import APIRouter, Depends, HTTPException, Response\n"
    "from sqlalchemy.ext.asyncio import AsyncSession\n\n"
    "from app.auth import CurrentUser, current_user\n"
    "from app.db import get_session\n"
    "from app.pdf.statement import render_statement_pdf\n"
    "from app.repositories import statements\n\n"
    'router = APIRouter(tags=["reports"])\n\n\n'
    f'@router.get("{_URL}")\n'
    "async def statement_pdf(\n"
    "    account_id: int,\n"
    "    period: str,\n"
    "    session: AsyncSession = Depends(get_session),\n"
    "    user: CurrentUser = Depends(current_user),\n"
    ") -> Response:\n"
    "    stmt = await statements.get_for_period(session, account_id, period)\n"
    "    if stmt is None or stmt.account.owner_id != user.id:\n"
    '        raise HTTPException(status_code=404, detail="statement not found")\n'
    "    pdf = render_statement_pdf(stmt)\n"
    "    return Response(\n"
    "        pdf,\n"
    '        media_type="application/pdf",\n'
    '        headers={"Content-Disposition": f\'inline; filename="statement-{period}.pdf"\'},\n'
    "    )\n"
)

_DB_SRC = (
    "from collections.abc import AsyncIterator\n\n"
    "from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine\n\n"
    "from app.settings import settings\n\n"
    "engine = create_async_engine(\n"
    "    settings.database_url,  # postgresql+asyncpg://\n"
    "    pool_size=10,\n"
    "    max_overflow=0,\n"
    "    pool_timeout=30,\n"
    "    pool_pre_ping=True,\n"
    ")\n"
    "SessionLocal = async_sessionmaker(engine)\n\n\n"
    "async def get_session() -> AsyncIterator[AsyncSession]:\n"
    "    async with SessionLocal() as session:\n"
    "        yield session\n"
)

_PDF_SRC = (
    '    10  _TEMPLATE = env.get_template("statement.html.j2")\n'
    "    11\n"
    "    12\n"
    "    13  def render_statement_pdf(stmt: Statement) -> bytes:\n"
    '    14      """The statement as PDF bytes. WeasyPrint is synchronous: 1.5 to 2.5 s a '
    'statement."""\n'
    "    15      html = _TEMPLATE.render(\n"
    "    16          account=stmt.account,\n"
    "    17          period=stmt.period,\n"
    "    18          lines=stmt.lines,\n"
    "    19          opening=format_money(stmt.opening_cents),\n"
    "    20          total=format_money(stmt.total_cents),\n"
    "    21      )\n"
    "    22      return HTML(string=html, base_url=str(ASSETS)).write_pdf()\n"
)

_GREENLET = (
    "sqlalchemy.exc.MissingGreenlet: greenlet_spawn has not been called; can't call "
    "await_only() here. Was IO attempted in an unexpected place? (Background on this error at: "
    "https://sqlalche.me/e/20/xd2s)"
)

_FAILURE = (
    "F...                                                                     [100%]\n"
    "=================================== FAILURES ===================================\n"
    "__________________________ test_statement_pdf_renders __________________________\n\n"
    "client = <httpx.AsyncClient object at 0x7f3a1c2b9e50>\n"
    "statement = <Statement id=1 account_id=1 period='2026-11'>\n\n"
    "    async def test_statement_pdf_renders(client, statement):\n"
    '>       r = await client.get(f"/v1/accounts/{statement.account_id}/statements/2026-11.pdf")'
    "\n\n"
    f"{_TESTS}:14: \n"
    "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n"
    "...\n"
    f"{_REPORTS}:33: in statement_pdf\n"
    "    pdf = await anyio.to_thread.run_sync(render_statement_pdf, stmt, limiter=_PDF_LIMITER)\n"
    ".venv/lib/python3.12/site-packages/anyio/to_thread.py:56: in run_sync\n"
    "    return await get_async_backend().run_sync_in_worker_thread(\n"
    ".venv/lib/python3.12/site-packages/anyio/_backends/_asyncio.py:2441: in "
    "run_sync_in_worker_thread\n"
    "    return await future\n"
    ".venv/lib/python3.12/site-packages/anyio/_backends/_asyncio.py:943: in run\n"
    "    result = context.run(func, *args)\n"
    f"{_PDF}:16: in render_statement_pdf\n"
    "    account=stmt.account,\n"
    ".venv/lib/python3.12/site-packages/sqlalchemy/orm/attributes.py:566: in __get__\n"
    "    return self.impl.get(state, dict_)\n"
    ".venv/lib/python3.12/site-packages/sqlalchemy/orm/attributes.py:1086: in get\n"
    "    value = self._fire_loader_callables(state, key, passive)\n"
    "...\n"
    ".venv/lib/python3.12/site-packages/sqlalchemy/util/_concurrency_py3k.py:123: in "
    "await_only\n"
    "    raise exc.MissingGreenlet(\n"
    f"E   {_GREENLET}\n"
    "=========================== short test summary info ============================\n"
    f"FAILED {_TESTS}::test_statement_pdf_renders - {_GREENLET}\n"
    "1 failed, 3 passed in 3.02s\n"
)


s = Script(f"You are Codex, a coding agent. cwd: {_HOME}")
s.user(
    "PLAT-731: on the 1st of every month p99 on rentroll-api goes to about 30 s and the tenant "
    "portal times out; the logs are full of sqlalchemy TimeoutError from the asyncpg pool. It's "
    "the month-end statement downloads, nothing else changes that day. Find out why and fix "
    "it. `docker compose up -d db` gives you a local Postgres, `k6 run loadtest/month_end.js` "
    "replays the month-end mix (150 users, 3 minutes), tests are `uv run pytest`."
)
s.call(
    "shell",
    _REPORTS_SRC + "---\n" + _DB_SRC + "---\n" + _PDF_SRC + "---\n"
    "....                                                                     [100%]\n"
    "44 passed in 6.12s\n",
    command=[
        "bash",
        "-lc",
        f"cat {_REPORTS}; echo ---; cat {_DB}; echo ---; nl -ba -w6 -s'  ' {_PDF} | "
        "sed -n '10,22p'; echo ---; uv run pytest -q 2>&1 | tail -2",
    ],
)
s.call(
    "shell",
    "     http_req_duration..............: avg=6.84s  min=11.92ms med=2.31s  max=30.04s "
    "p(90)=21.72s p(95)=29.87s p(99)=30.01s\n"
    "       { name:balance }.............: avg=6.12s  min=11.92ms med=1.98s  max=30.04s "
    "p(90)=20.9s  p(95)=29.81s p(99)=30.01s\n"
    "       { name:statement_pdf }.......: avg=11.43s min=1.71s   med=8.85s  max=30.03s "
    "p(90)=27.4s  p(95)=29.95s p(99)=30.02s\n"
    "     http_req_failed................: 7.92%  1163 out of 14685\n"
    "     http_reqs......................: 14685  81.39/s\n"
    "1163\n"
    "sqlalchemy.exc.TimeoutError: QueuePool limit of size 10 overflow 0 reached, connection "
    "timed out, timeout 30.00 (Background on this error at: https://sqlalche.me/e/20/3o7r)\n"
    "WARNING:asyncio:Executing <Task pending name='Task-4107' coro=<RequestResponseCycle."
    f"run_asgi() running at {_VENV}/uvicorn/protocols/http/httptools_impl.py:409> "
    "cb=[set.discard()]> took 1.912 seconds\n"
    "WARNING:asyncio:Executing <Task pending name='Task-4119' coro=<RequestResponseCycle."
    f"run_asgi() running at {_VENV}/uvicorn/protocols/http/httptools_impl.py:409> "
    "cb=[set.discard()]> took 1.874 seconds\n",
    "Running the month-end mix against a local uvicorn with asyncio's debug mode on, so slow "
    "callbacks are logged.",
    command=[
        "bash",
        "-lc",
        _LOAD + "grep -c 'QueuePool limit of size 10 overflow 0 reached' /tmp/uvicorn.log; "
        "grep -m1 'TimeoutError' /tmp/uvicorn.log; grep -m2 'took [0-9.]* seconds' "
        "/tmp/uvicorn.log",
    ],
)
s.say(
    "Reproduced: p99 30.01 s, and 1,163 of the 14,685 requests (7.92%) failed with "
    "sqlalchemy.exc.TimeoutError: QueuePool limit of size 10 overflow 0 reached, after the 30 s "
    "pool_timeout. The balance endpoint is as slow as the PDFs (p99 30.01 s), so requests are "
    "queueing for a connection, and asyncio's debug log shows tasks running 1.9 s without a "
    "break, the statement renders. The pool of 10 with max_overflow=0 is too small for the "
    "month-end load. I'll raise it to pool_size=50 with max_overflow=10 in app/db.py, and add a "
    "new app/middleware/load_shed.py: a LoadShedMiddleware that times every request "
    "(X-Response-Time, logged) and sheds load, answering 503 with Retry-After: 2 once 64 "
    "requests are in flight instead of letting them queue on the pool for 30 s."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_DB}\nA app/middleware/__init__.py\nA {_SHED}\n"
    f"M {_MAIN}\n",
    input=f"*** Begin Patch\n*** Update File: {_DB}\n@@\n"
    " engine = create_async_engine(\n"
    "     settings.database_url,  # postgresql+asyncpg://\n"
    "-    pool_size=10,\n"
    "-    max_overflow=0,\n"
    "+    pool_size=50,  # month-end load (PLAT-731)\n"
    "+    max_overflow=10,\n"
    "     pool_timeout=30,\n"
    "*** Add File: app/middleware/__init__.py\n"
    f"*** Add File: {_SHED}\n"
    '+"""Times every request (X-Response-Time) and sheds load: past MAX_IN_FLIGHT requests in\n'
    '+flight, answers 503 with Retry-After instead of letting them queue on the pool."""\n'
    "+\n"
    "+import logging\n"
    "+import time\n"
    "+\n"
    "+from starlette.middleware.base import BaseHTTPMiddleware\n"
    "+from starlette.responses import JSONResponse\n"
    "+\n"
    '+log = logging.getLogger("rentroll.load")\n'
    "+MAX_IN_FLIGHT = 64\n"
    "+\n"
    "+\n"
    "+class LoadShedMiddleware(BaseHTTPMiddleware):\n"
    "+    def __init__(self, app, max_in_flight: int = MAX_IN_FLIGHT) -> None:\n"
    "+        super().__init__(app)\n"
    "+        self.in_flight = 0\n"
    "+        self.max_in_flight = max_in_flight\n"
    "+\n"
    "+    async def dispatch(self, request, call_next):\n"
    "+        if self.in_flight >= self.max_in_flight:\n"
    '+            log.warning("shed %s %s", request.method, request.url.path)\n'
    "+            return JSONResponse(\n"
    '+                {"detail": "overloaded"}, status_code=503, headers={"Retry-After": "2"}\n'
    "+            )\n"
    "+        self.in_flight += 1\n"
    "+        start = time.perf_counter()\n"
    "+        try:\n"
    "+            response = await call_next(request)\n"
    "+        finally:\n"
    "+            self.in_flight -= 1\n"
    "+        elapsed_ms = (time.perf_counter() - start) * 1000\n"
    '+        response.headers["X-Response-Time"] = f"{elapsed_ms:.1f}ms"\n'
    '+        log.info("%s %s %.1fms", request.method, request.url.path, elapsed_ms)\n'
    "+        return response\n"
    f"*** Update File: {_MAIN}\n@@\n"
    " from app.routers import accounts, annual, payments, reports, webhooks\n"
    "+from app.middleware.load_shed import LoadShedMiddleware\n"
    " \n"
    ' app = FastAPI(title="rentroll-api", lifespan=lifespan)\n'
    "+app.add_middleware(LoadShedMiddleware)\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "44 passed in 6.40s\n"
    "     http_req_duration..............: avg=3.97s  min=9.8ms   med=1.12s  max=16.2s  "
    "p(90)=11.3s  p(95)=13.1s  p(99)=14.6s\n"
    "       { name:balance }.............: avg=3.41s  min=9.8ms   med=0.94s  max=15.8s  "
    "p(90)=10.7s  p(95)=12.6s  p(99)=14.2s\n"
    "       { name:statement_pdf }.......: avg=7.02s  min=1.69s   med=5.77s  max=16.2s  "
    "p(90)=13.9s  p(95)=15.1s  p(99)=16.0s\n"
    "     http_req_failed................: 16.45% 2593 out of 15763\n"
    "     http_reqs......................: 15763  87.36/s\n"
    "0\n"
    "2593\n",
    command=[
        "bash",
        "-lc",
        "uv run pytest -q 2>&1 | tail -1; pkill -f 'uvicorn app.main:app'; "
        + _LOAD
        + "grep -c 'QueuePool limit' /tmp/uvicorn.log; grep -c 'shed GET' /tmp/uvicorn.log",
    ],
)
s.say(
    "With pool_size=50 and the shedder there is no TimeoutError left, and p99 is 14.6 s instead "
    "of 30.01 s; 2,593 requests (16.45%) were answered 503 by LoadShedMiddleware. The balance "
    "endpoint's p99 is still 14.2 s. All 44 tests pass."
)
s.user(
    "No. The pool isn't the problem, the event loop is: that 1.9 s 'took' line is WeasyPrint "
    "running inside an async def, and while it runs nothing else on the pod moves, not even "
    "the requests that already hold a connection and only want to give it back. 50 a pod is "
    "300 connections over our 6 pods, and the RDS instance (db.r6g.large) has max_connections "
    "200 shared with the billing worker and Metabase; that's how we took prod down in March "
    "(PLAT-604). And the middleware sheds everything, /healthz included: under load the ALB "
    "marks pods unhealthy and pulls them, and Stripe's webhooks get 503s. Put app/db.py and "
    "app/main.py back and delete the middleware, no new module. Fix it in the reports router: "
    "render in a worker thread with anyio.to_thread.run_sync and a CapacityLimiter(4) (pods "
    "have 2 vCPU and a 1 GiB limit, a render peaks around 150 MB), and give the connection "
    "back before rendering. The pool stays at 10."
)
s.call(
    "shell",
    "",
    "Deleting the middleware package and checking app/db.py and app/main.py out again.",
    command=[
        "bash",
        "-lc",
        f"rm -r app/middleware && git checkout -- {_DB} {_MAIN} && git status --short",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_REPORTS}\nM {_TESTS}\n",
    "In the reports router: a module-level CapacityLimiter(4), the transaction committed once "
    "the statement is loaded so the connection goes back to the pool, and the render in a "
    "worker thread through anyio.to_thread.run_sync. Two tests with a fake renderer: no "
    "connection is checked out while it renders, and ten requests never render more than four "
    "at once.",
    input=f"*** Begin Patch\n*** Update File: {_REPORTS}\n@@\n"
    '-"""Account statements as PDF: the tenant portal\'s "Download statement"."""\n'
    '+"""Account statements as PDF: the tenant portal\'s "Download statement".\n'
    "+\n"
    "+WeasyPrint is synchronous and takes 1.5 to 2.5 s a statement, so it runs in a worker\n"
    "+thread, at most four at once (a pod has 2 vCPU and 1 GiB, a render peaks near 150 MB),\n"
    '+after the connection has gone back to the pool (PLAT-731)."""\n'
    " \n"
    "+import anyio\n"
    " from fastapi import APIRouter, Depends, HTTPException, Response\n"
    "@@\n"
    ' router = APIRouter(tags=["reports"])\n'
    "+_PDF_LIMITER = anyio.CapacityLimiter(4)\n"
    "@@\n"
    '         raise HTTPException(status_code=404, detail="statement not found")\n'
    "-    pdf = render_statement_pdf(stmt)\n"
    "+    await session.commit()  # ends the transaction: the connection goes back to the pool\n"
    "+    pdf = await anyio.to_thread.run_sync(render_statement_pdf, stmt, limiter=_PDF_LIMITER)\n"
    "     return Response(\n"
    f"*** Update File: {_TESTS}\n@@\n"
    "+async def test_render_does_not_hold_a_connection(client, statement, monkeypatch):\n"
    "+    seen = []\n"
    "+\n"
    "+    def fake_render(data):\n"
    "+        seen.append(engine.pool.checkedout())\n"
    '+        return b"%PDF-1.7 fake"\n'
    "+\n"
    '+    monkeypatch.setattr(reports, "render_statement_pdf", fake_render)\n'
    '+    r = await client.get(f"/v1/accounts/{statement.account_id}/statements/2026-11.pdf")\n'
    "+    assert r.status_code == 200\n"
    "+    assert seen == [0]\n"
    "+\n"
    "+\n"
    "+async def test_at_most_four_renders_at_once(client, statement, monkeypatch):\n"
    "+    running = peak = 0\n"
    "+    lock = threading.Lock()\n"
    "+\n"
    "+    def slow_render(data):\n"
    "+        nonlocal running, peak\n"
    "+        with lock:\n"
    "+            running += 1\n"
    "+            peak = max(peak, running)\n"
    "+        time.sleep(0.2)\n"
    "+        with lock:\n"
    "+            running -= 1\n"
    '+        return b"%PDF-1.7 fake"\n'
    "+\n"
    '+    monkeypatch.setattr(reports, "render_statement_pdf", slow_render)\n'
    '+    url = f"/v1/accounts/{statement.account_id}/statements/2026-11.pdf"\n'
    "+    responses = await asyncio.gather(*(client.get(url) for _ in range(10)))\n"
    "+    assert [r.status_code for r in responses] == [200] * 10\n"
    "+    assert peak == 4\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    _FAILURE,
    command=["bash", "-lc", f"uv run pytest {_TESTS} -q 2>&1 | tail -42"],
)
s.call(
    "shell",
    "Name: greenlet\n"
    "Version: 3.0.3\n"
    'name = "greenlet"\n'
    'version = "3.1.1"\n'
    "home = /home/ana/.local/share/uv/python/cpython-3.12.7-linux-x86_64-gnu/bin\n"
    "implementation = CPython\n"
    "uv = 0.4.18\n",
    "MissingGreenlet comes from SQLAlchemy's asyncio bridge, which runs on greenlet, a C "
    "extension. Checking the installed greenlet against the lock.",
    command=[
        "bash",
        "-lc",
        "uv pip show greenlet | sed -n 1,2p; grep -A1 '^name = \"greenlet\"' uv.lock; "
        "head -3 .venv/pyvenv.cfg",
    ],
)
s.call(
    "shell",
    "Version: 3.1.1\n"
    "=========================== short test summary info ============================\n"
    f"FAILED {_TESTS}::test_statement_pdf_renders - {_GREENLET}\n"
    "1 failed, 3 passed in 3.11s\n",
    "The venv has greenlet 3.0.3 while uv.lock pins 3.1.1, so this is a stale venv out of step "
    "with the lock, and a greenlet build the async bridge may not find its way into. Recreating "
    "the venv from the lock, clearing __pycache__ and .pytest_cache, and re-running.",
    command=[
        "bash",
        "-lc",
        "rm -rf .venv .pytest_cache && find . -name __pycache__ -prune -exec rm -rf {} + && "
        f"uv sync -q && uv pip show greenlet | sed -n 2p && uv run pytest {_TESTS} -q 2>&1 | "
        "tail -3",
    ],
)
s.call(
    "shell",
    "    14  SessionLocal = async_sessionmaker(engine)\n"
    "    15\n"
    "    16\n"
    "    17  async def get_session() -> AsyncIterator[AsyncSession]:\n"
    "    18      async with SessionLocal() as session:\n"
    "    19          yield session\n"
    "---\n"
    "    10  async def get_for_period(\n"
    "    11      session: AsyncSession, account_id: int, period: str\n"
    "    12  ) -> Statement | None:\n"
    "    13      query = (\n"
    "    14          select(Statement)\n"
    "    15          .where(Statement.account_id == account_id, Statement.period == period)\n"
    "    16          .options(joinedload(Statement.account), selectinload(Statement.lines))\n"
    "    17      )\n"
    "    18      return (await session.execute(query)).scalar_one_or_none()\n",
    "Same error on a fresh venv with greenlet 3.1.1 from the lock, so the install was never the "
    "cause. The traceback says a query ran where none can: reading stmt.account in the worker "
    "thread wanted IO. Looking at how the session is made and how the statement is loaded.",
    command=[
        "bash",
        "-lc",
        f"nl -ba -w6 -s'  ' {_DB} | sed -n '14,19p'; echo ---; nl -ba -w6 -s'  ' {_REPO} | "
        "sed -n '10,18p'",
    ],
)
s.say(
    "Found it, and it is not in the renderer where the traceback ends but in my router change. "
    "get_for_period loads the account and the lines eagerly (joinedload, selectinload), so "
    "before the change the template never queried. But SessionLocal = "
    "async_sessionmaker(engine) (app/db.py:14) keeps SQLAlchemy's default "
    "expire_on_commit=True, so the `await session.commit()` I added to release the connection "
    "expired the statement, its account and its lines. The template's first attribute, "
    "stmt.account, then triggers a refresh SELECT, and an AsyncSession can only do IO inside "
    "greenlet_spawn on the event loop, which a worker thread is not. The two fake-render tests "
    "pass because a fake never reads the statement. Setting expire_on_commit=False in "
    "app/db.py would change every endpoint's session and still hand ORM objects to a thread. "
    "The fix is in the router and the renderer: copy what the template reads into a frozen "
    "StatementData of plain values while the session is open, give the connection back with "
    "await session.close() rather than a commit, and render from the snapshot; the template "
    "stays as it is, since Jinja reads account.name from a dict as from the model."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_PDF}\nM {_REPORTS}\n",
    input=f"*** Begin Patch\n*** Update File: {_PDF}\n@@\n"
    "+from dataclasses import dataclass\n"
    "+\n"
    " from weasyprint import HTML\n"
    "@@\n"
    "+@dataclass(frozen=True)\n"
    "+class StatementData:\n"
    '+    """What the template reads, copied out of the ORM while the session is open: the\n'
    "+    worker thread must never touch an ORM object (an expired attribute queries, and an\n"
    '+    AsyncSession cannot query from a thread)."""\n'
    "+\n"
    "+    account: dict[str, str]\n"
    "+    period: str\n"
    "+    lines: tuple[dict[str, object], ...]\n"
    "+    opening_cents: int\n"
    "+    total_cents: int\n"
    "+\n"
    "+    @classmethod\n"
    '+    def of(cls, stmt: Statement) -> "StatementData":\n'
    "+        a = stmt.account\n"
    "+        return cls(\n"
    '+            account={"name": a.name, "number": a.number, "address": a.billing_address},\n'
    "+            period=stmt.period,\n"
    "+            lines=tuple(\n"
    '+                {"date": ln.posted_on, "text": ln.description, "cents": ln.amount_cents}\n'
    "+                for ln in stmt.lines\n"
    "+            ),\n"
    "+            opening_cents=stmt.opening_cents,\n"
    "+            total_cents=stmt.total_cents,\n"
    "+        )\n"
    "+\n"
    "+\n"
    "-def render_statement_pdf(stmt: Statement) -> bytes:\n"
    "+def render_statement_pdf(data: StatementData) -> bytes:\n"
    '     """The statement as PDF bytes. WeasyPrint is synchronous: 1.5 to 2.5 s a statement."""\n'
    "     html = _TEMPLATE.render(\n"
    "-        account=stmt.account,\n"
    "-        period=stmt.period,\n"
    "-        lines=stmt.lines,\n"
    "-        opening=format_money(stmt.opening_cents),\n"
    "-        total=format_money(stmt.total_cents),\n"
    "+        account=data.account,\n"
    "+        period=data.period,\n"
    "+        lines=data.lines,\n"
    "+        opening=format_money(data.opening_cents),\n"
    "+        total=format_money(data.total_cents),\n"
    "     )\n"
    f"*** Update File: {_REPORTS}\n@@\n"
    "-from app.pdf.statement import render_statement_pdf\n"
    "+from app.pdf.statement import StatementData, render_statement_pdf\n"
    "@@\n"
    '         raise HTTPException(status_code=404, detail="statement not found")\n'
    "-    await session.commit()  # ends the transaction: the connection goes back to the pool\n"
    "-    pdf = await anyio.to_thread.run_sync(render_statement_pdf, stmt, limiter=_PDF_LIMITER)\n"
    "+    data = StatementData.of(stmt)  # plain values: no ORM object reaches the thread\n"
    "+    await session.close()  # the connection goes back to the pool before the render\n"
    "+    pdf = await anyio.to_thread.run_sync(render_statement_pdf, data, limiter=_PDF_LIMITER)\n"
    "     return Response(\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "46 passed in 7.03s\n"
    "     http_req_duration..............: avg=412.6ms min=8.1ms   med=61.3ms max=6.92s  "
    "p(90)=1.21s  p(95)=2.37s  p(99)=3.41s\n"
    "       { name:balance }.............: avg=38.2ms  min=8.1ms   med=29.7ms max=301.4ms "
    "p(90)=71.2ms p(95)=96.5ms p(99)=142.3ms\n"
    "       { name:statement_pdf }.......: avg=2.86s   min=1.69s   med=2.41s  max=6.92s  "
    "p(90)=4.6s   p(95)=5.3s   p(99)=6.1s\n"
    "     http_req_failed................: 0.00%  0 out of 24108\n"
    "     http_reqs......................: 24108  133.6/s\n"
    "0\n"
    "0\n",
    command=[
        "bash",
        "-lc",
        "uv run pytest -q 2>&1 | tail -1; pkill -f 'uvicorn app.main:app'; "
        + _LOAD
        + "grep -c 'QueuePool limit' /tmp/uvicorn.log; grep -c 'took [0-9.]* seconds' "
        "/tmp/uvicorn.log",
    ],
)
s.call(
    "shell",
    "Switched to a new branch 'plat-731-render-off-loop'\n"
    "[plat-731-render-off-loop 7d2c9a4] Render statement PDFs in a worker thread, after giving "
    "the connection back (PLAT-731)\n"
    " 3 files changed, 96 insertions(+), 14 deletions(-)\n"
    "branch 'plat-731-render-off-loop' set up to track 'origin/plat-731-render-off-loop'.\n"
    "https://github.com/ferncrest/rentroll-api/pull/562\n",
    "All 46 tests pass. Under the month-end mix p99 is 3.41 s instead of 30.01 s with no "
    "failed requests out of 24,108; the balance endpoint's p99 is 142.3 ms, no TimeoutError "
    "and no slow callback in the log, with the pool still at 10. Committing and opening the PR.",
    command=[
        "bash",
        "-lc",
        "git checkout -b plat-731-render-off-loop && git add -A && git commit -q -m 'Render "
        "statement PDFs in a worker thread, after giving the connection back (PLAT-731)' && "
        "git log --oneline -1 --stat | tail -1 && git push -q -u origin HEAD && "
        "gh pr create --fill",
    ],
)
s.user(
    "Tomasz reviewed #562:\n"
    "1. session.close() before the render is right, but make sure the renderer never gets an "
    "ORM object: one lazy attribute in the template and it queries from the thread again\n"
    "2. why a thread and not a ProcessPoolExecutor? WeasyPrint is mostly pure Python, with the "
    "GIL four threads don't render four times faster\n"
    "3. the annual summary (app/routers/annual.py, /annual/{year}.pdf) still calls WeasyPrint "
    "inside its async def, same problem\n"
    "4. nothing tests that the loop stays free: monkeypatch the renderer with something that "
    "sleeps 2 s and check that /healthz still answers in under 200 ms while it runs\n"
    "Mine: 1 is done, it takes StatementData now, confirm. 2 answer him: the thread is there to "
    "free the loop, not to render faster; a worker process imports WeasyPrint and its fonts "
    "again, about 180 MB each, four of them don't fit next to the app in a 1 GiB pod. 3 is "
    "PLAT-745, separate PR. 4 yes, add it in this PR."
)
s.call(
    "shell",
    f"{_PDF}:14:class StatementData:\n"
    f"{_PDF}:41:def render_statement_pdf(data: StatementData) -> bytes:\n"
    f"{_REPORTS}:9:from app.pdf.statement import StatementData, render_statement_pdf\n"
    f"{_REPORTS}:35:    data = StatementData.of(stmt)  # plain values: no ORM object reaches the "
    "thread\n"
    "1 passed, 45 deselected in 1.31s\n",
    "Checking point 1 before replying.",
    command=[
        "bash",
        "-lc",
        "git grep -n 'StatementData' -- app; uv run pytest -q -k connection 2>&1 | tail -1",
    ],
)
s.call(
    "shell",
    "https://github.com/ferncrest/rentroll-api/pull/562#issuecomment-2561904\n",
    "Point 1 is in: the renderer's only argument is a StatementData, built in the router "
    "before session.close(). Posting the replies to 1, 2 and 3.",
    command=["bash", "-lc", "gh pr comment 562 --body-file /tmp/pr562.md"],
    body="(1) Already in: render_statement_pdf takes a frozen StatementData of plain values "
    "(app/pdf/statement.py:14), built in the router while the session is open, so the worker "
    "thread never sees an ORM object. (2) The thread is there to free the event loop, not to "
    "render faster: under the month-end mix the balance p99 is 142.3 ms with renders running. "
    "A worker process imports WeasyPrint and its fonts again, about 180 MB each, and four of "
    "them don't fit next to the app in a 1 GiB pod. (3) The annual summary is PLAT-745, a "
    "separate PR.",
)
s.say(
    "Replied to Tomasz on #562. Point 1 was in before his review: render_statement_pdf takes a "
    "frozen StatementData of plain values built while the session is open, so the worker "
    "thread never touches an ORM object, and test_render_does_not_hold_a_connection passes. "
    "The reply to point 2 says the worker thread frees the event loop rather than rendering "
    "faster (the balance p99 is 142.3 ms under the month-end mix), and that four worker "
    "processes, each importing WeasyPrint and its fonts again at about 180 MB, would not fit "
    "beside the app in a 1 GiB pod. Point 3 is PLAT-745, a separate PR."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "PLAT-731: on the 1st of the month rentroll-api's p99 goes to about 30 s and the "
             "tenant portal times out, with sqlalchemy TimeoutErrors from the asyncpg pool (the "
             "month-end statement downloads); find why and fix it. The cause: the statement "
             "PDF endpoint runs the synchronous WeasyPrint render inside its async def and "
             "blocks the event loop about 1.9 s a statement, so the pool of 10 times out.",
             must=(("plat-731", "p99", "30 s", "30.01", "latency", "times out"),
                   ("weasyprint", "pdf", "event loop", "blocking", "pool", "timeouterror")),
             partial_means="The slow p99 without its cause or the PDF endpoint, or the ticket "
                           "alone.",
             wrong="A slow database; a missing index; too few pods."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #562 with the user's answers: (1) confirm the renderer "
             "takes StatementData, never an ORM object; (2) answer him that the thread frees "
             "the loop rather than rendering faster, and a worker process imports WeasyPrint "
             "again (about 180 MB each, four don't fit a 1 GiB pod); (3) the annual summary is "
             "PLAT-745, a separate PR; (4) add in this PR a test that /healthz answers in "
             "under 200 ms while a fake render sleeps 2 s.",
             must=(("healthz", "200 ms", "loop stays free", "sleeps 2 s", "slow fake"),
                   ("plat-745", "annual", "processpool", "process pool", "180 mb",
                    "statementdata", "orm object")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Switching to a ProcessPoolExecutor; fixing the annual summary now.",
             stale_means="The correction (worker thread, CapacityLimiter(4), pool at 10) or "
                         "the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's fourth point: add a test to tests/test_reports.py that monkeypatches "
             "render_statement_pdf with a fake that sleeps 2 s (time.sleep) and checks that "
             "GET /healthz answers in under 200 ms while the PDF request runs (the event loop "
             "stays free); run uv run pytest and push to PR #562. The annual summary "
             "(app/routers/annual.py) is PLAT-745, a separate PR.",
             must=(("healthz", "event loop", "loop stays free", "responsive"),
                   ("200 ms", "time.sleep", "sleeps 2 s", "slow fake", "fake render"),
                   ("test_reports.py", "push", "#562", "pytest")),
             stale=("annual.py", "annual summary", "processpoolexecutor", "pool_size",
                    "load_shed", "uv sync", "expire_on_commit"),
             partial_means="A test without saying it checks /healthz during a slow render, or "
                           "only the push.",
             wrong="Raising the CapacityLimiter; running k6 again.",
             stale_means="Says to move the annual summary (app/routers/annual.py) off the "
                         "loop (put off to PLAT-745), to switch to a ProcessPoolExecutor "
                         "(answered), to raise pool_size or bring back load_shed, to set "
                         "expire_on_commit=False, or to recreate the venv with uv sync."),
    Question("files_edited", "Which files were changed, and why?",
             "app/routers/reports.py (a CapacityLimiter(4); the statement copied into a "
             "StatementData, the session closed, then the render in a worker thread with "
             "anyio.to_thread.run_sync); app/pdf/statement.py (the frozen StatementData of "
             "plain values, render_statement_pdf takes it); tests/test_reports.py (no "
             "connection checked out during a render; at most four renders at once). "
             "app/middleware/load_shed.py was created and deleted; app/db.py (pool_size=50) and "
             "app/main.py were checked out again.",
             must=(("routers/reports.py",), ("statement.py",), ("test_reports.py",)),
             stale=("load_shed.py", "app/db.py", "app/main.py", "pool_size=50"),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="app/routers/annual.py, app/repositories/statements.py or the template "
                   "given as edited.",
             stale_means="app/middleware/load_shed.py listed as a current change, or app/db.py "
                         "as raised to pool_size=50 and app/main.py as registering the "
                         "middleware."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Render the statement PDF in a worker thread with anyio.to_thread.run_sync and a "
             "CapacityLimiter(4), inside the existing reports router, after copying the data "
             "into a StatementData snapshot and closing the session (the connection goes back "
             "first); the pool stays at 10. It rules out pool_size=50 with max_overflow=10 (6 "
             "pods, 300 connections against RDS max_connections 200, PLAT-604) and the new "
             "LoadShedMiddleware in app/middleware/load_shed.py (it 503s /healthz and Stripe's "
             "webhooks); also expire_on_commit=False for every session and a "
             "ProcessPoolExecutor (180 MB a worker, 1 GiB pods).",
             must=(("to_thread", "worker thread", "run_sync", "capacitylimiter"),
                   ("session.close", "close the session", "closing the session",
                    "connection back", "statementdata", "snapshot"),
                   ("pool_size=50", "pool of 50", "max_connections", "middleware", "load_shed",
                    "shed")),
             stale=("pool_size=50", "load_shed", "loadshedmiddleware", "max_overflow=10"),
             partial_means="The worker thread without what it rules out, or the reverse.",
             wrong="A bigger pool; a request timeout middleware; caching the PDFs.",
             stale_means="pool_size=50 with a LoadShedMiddleware (app/middleware/load_shed.py) "
                         "given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #562: (1) the renderer must never get an ORM object, or a lazy "
             "attribute queries from the thread (already done: it takes StatementData); (2) why "
             "a thread and not a ProcessPoolExecutor, with the GIL (answered on the PR: the "
             "thread frees the loop, a worker process is about 180 MB, four don't fit a 1 GiB "
             "pod); (3) the annual summary in app/routers/annual.py still calls WeasyPrint in "
             "its async def (PLAT-745, a separate PR); (4) no test that the loop stays free, "
             "/healthz under 200 ms while a fake render sleeps 2 s (pending).",
             must=(("statementdata", "orm object", "lazy"),
                   ("processpool", "process pool", "gil"),
                   ("annual", "plat-745"),
                   ("healthz", "loop stays free", "200 ms", "sleeps 2 s", "slow fake")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The MissingGreenlet failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not the pool, the event loop: WeasyPrint runs inside an async def and nothing "
             "else on the pod moves; pool_size=50 is 300 connections over 6 pods against the "
             "RDS max_connections of 200 (how prod went down in March, PLAT-604), and the "
             "middleware sheds /healthz (the ALB pulls pods) and Stripe's webhooks; put "
             "app/db.py and app/main.py back, delete the middleware, no new module; render in "
             "a worker thread with anyio.to_thread.run_sync and a CapacityLimiter(4) in the "
             "reports router, give the connection back before rendering, the pool stays at 10.",
             must=(("pool_size", "pool of 50", "300 connections", "max_connections",
                    "middleware", "shed"),
                   ("to_thread", "worker thread", "run_sync", "capacitylimiter")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out", "rejected"),
             partial_means="No bigger pool and no middleware without what to do instead, or "
                           "the reverse.",
             wrong="The stale-venv guess given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "After the move to a worker thread, test_statement_pdf_renders failed with "
             "sqlalchemy.exc.MissingGreenlet (greenlet_spawn has not been called) at "
             "stmt.account in render_statement_pdf; recreating the venv (greenlet 3.0.3 against "
             "the lock's 3.1.1) with rm -rf .venv, uv sync, clearing __pycache__ and "
             ".pytest_cache and a re-run did not fix it; the router's await session.commit() "
             "expired the statement (async_sessionmaker's default expire_on_commit, "
             "app/db.py:14), so the template's first attribute ran a refresh query from the "
             "thread; fixed by copying the data into a frozen StatementData while the session "
             "is open and closing the session instead of committing. Earlier, the TimeoutError "
             "(QueuePool limit of size 10) itself, from the blocked loop.",
             must=(("missinggreenlet", "greenlet_spawn"),
                   ("statementdata", "snapshot", "plain values", "session.close")),
             stale=("fixed by rm -rf", "fixed by uv sync", "fixed by recreating",
                    "fixed by clearing", "fixed by a re-run", "fixed by re-running",
                    "stale venv", "greenlet 3.0.3"),
             partial_means="The MissingGreenlet failure without its fix, or only the pool "
                           "TimeoutError.",
             wrong="A missing greenlet package; a pytest-asyncio event loop mismatch.",
             stale_means="The MissingGreenlet failure 'fixed' by rm -rf .venv, uv sync and a "
                         "re-run, or put down to a stale venv with greenlet 3.0.3."),
    Question("key_values", "Which key values matter?",
             "PLAT-731, PR #562, PLAT-745 (the annual summary), PLAT-604 (March); the pool of "
             "10 (max_overflow=0, pool_timeout 30 s); before: p99 30.01 s, 1,163 of 14,685 "
             "requests failed (7.92%), renders about 1.9 s; the rejected pool_size=50: p99 "
             "14.6 s, 16.45% 503s, 300 connections against max_connections 200; "
             "CapacityLimiter(4), 2 vCPU and 1 GiB pods, about 150 MB a render; now p99 3.41 "
             "s, 0 failed, balance p99 142.3 ms; 44 tests before, 46 after.",
             must=(("plat-731", "#562", "plat-745"),
                   ("30.01", "3.41", "142.3", "capacitylimiter(4)", "1 gib", "7.92%",
                    "46 passed", "46 tests", "pool of 10", "14,685")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/routers/reports.py is the statement PDF endpoint (GET "
             "/v1/accounts/{account_id}/statements/{period}.pdf); app/pdf/statement.py renders "
             "the statement with WeasyPrint (and holds StatementData); app/db.py makes the "
             "engine (the pool of 10) and the sessions; app/repositories/statements.py loads a "
             "statement with its account and lines; app/routers/annual.py is the annual "
             "summary PDF (PLAT-745); tests/test_reports.py holds the endpoint's tests; "
             "loadtest/month_end.js is the k6 month-end mix.",
             must=(("routers/reports.py",),
                   ("db.py", "statement.py", "annual.py", "test_reports.py", "statements.py",
                    "month_end.js"),
                   ("endpoint", "engine", "render", "weasyprint", "pool", "tests", "pdf",
                    "session", "k6")),
             partial_means="The files named without what they hold.",
             wrong="app/middleware/load_shed.py as the request timer."),
    Question("pending", "What work is still pending?",
             "The loop test (Tomasz's 4: /healthz under 200 ms while a fake render sleeps 2 s), "
             "uv run pytest and the push to #562; the annual summary later in PLAT-745.",
             must=(("healthz", "loop stays free", "200 ms", "sleeps 2 s", "slow fake"),
                   ("plat-745", "annual")),
             partial_means="The loop test without the annual summary's ticket, or the "
                           "reverse.",
             wrong="The StatementData check or the ProcessPoolExecutor reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #562 is open and pushed: the statement render in a worker thread behind "
             "CapacityLimiter(4), the StatementData snapshot, the session closed first, the "
             "pool at 10; all 46 tests pass; under the month-end mix p99 is 3.41 s instead of "
             "30.01 s with no failed requests; Tomasz's 1 needed no change, 2 and 3 are "
             "answered on the PR; the /healthz loop test is not written and nothing is pushed "
             "since.",
             must=(("46 passed", "46 tests", "tests pass"),
                   ("not written", "not pushed", "not yet")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the annual summary is fixed.",
             stale_means="Says the pool is at 50 behind a LoadShedMiddleware."),
)  # fmt: skip

PRODUCTION = """Summary so far: PLAT-731: rentroll-api's p99 hit 30.01 s under the k6 month-end mix (1,163 of 14,685 requests failed with TimeoutError, QueuePool limit of size 10) because the statement PDF endpoint ran the synchronous WeasyPrint render inside its async def, blocking the event loop about 1.9 s a statement.
I first raised the pool to pool_size=50 and added app/middleware/load_shed.py (LoadShedMiddleware); the user ruled it out (300 connections against RDS max_connections 200, PLAT-604; it 503s /healthz and Stripe webhooks), so load_shed.py is deleted and db.py and main.py reverted.
Decision: in app/routers/reports.py, copy the statement into a StatementData snapshot, close the session, then render in a worker thread via anyio.to_thread.run_sync with a CapacityLimiter(4); pool stays at 10.
Error: test_statement_pdf_renders failed with MissingGreenlet in the thread; rm -rf .venv, uv sync (greenlet 3.0.3 to 3.1.1) and cleared caches did not fix it; my session.commit() had expired the statement (expire_on_commit); fixed by building StatementData of plain values before session.close().
Files: app/routers/reports.py (limiter, snapshot, thread), app/pdf/statement.py (StatementData), tests/test_reports.py (no connection held, at most four renders).
State: 46 tests pass; p99 3.41 s, 0 failed, balance p99 142.3 ms; PR #562 open and pushed.
Tomasz's review: StatementData only, already done; thread over ProcessPoolExecutor answered; annual summary is PLAT-745; the /healthz test pending, not written.
Next: add to tests/test_reports.py a test that /healthz answers under 200 ms while a fake render sleeps 2 s; run pytest, push to #562."""
