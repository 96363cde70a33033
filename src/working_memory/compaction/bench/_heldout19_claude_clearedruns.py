"""Held out, nineteenth set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, a Python data pipeline (Airflow 2.7 with
pandas 2.1, pendulum 2, the Postgres and Amazon providers, pytest with freezegun): the runs of
the merchant_settlements DAG for Nov 28-30, failed while the payments replica was down and
cleared on Dec 3, went green but wrote Dec 2's settlements into all three days' parquet files
(DP-318: 41,206 rows and EUR 1,873,420.55 each), because extract_settlements picks its day from
datetime.utcnow() while the S3 key comes from {{ ds }}; a run-date override (a new
dags/settlements/run_date.py: resolve_run_date() from dag_run.conf or the
settlements_run_date_override Variable) written, ruled out by the user (Airflow already knows
the day: the run's data interval from the context) and deleted, extract.py checked out again; a
TypeError ("Invalid comparison between dtype=datetime64[ns] and DateTime") in the tests' fake
hook that clearing __pycache__ and .pytest_cache and a re-run did not fix, and converting the
interval to naive UTC did (settled_at is timestamp without time zone, in UTC, and the replica
session's TimeZone is Europe/Berlin); a PR review with four points: one pending (an idempotent
load: delete the day's rows before the insert, with a test), one answered on the PR (no
depends_on_past), one done in the first commit (log the window and the row count), one a ticket
(a SQLCheckOperator row-count check, DP-335); a long production compaction; the assistant's
last words name the right next step (the idempotent load)."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/ana/src/data-pipelines"
_DAG = f"{_ROOT}/dags/merchant_settlements.py"
_EXTRACT = f"{_ROOT}/dags/settlements/extract.py"
_RUN_DATE = f"{_ROOT}/dags/settlements/run_date.py"
_TEST = f"{_ROOT}/tests/dags/test_extract.py"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_DAG_SRC = '''"""Nightly merchant settlements: payments replica -> S3 parquet -> finance.settlement_totals_daily."""

import pendulum
from airflow import DAG
from airflow.operators.python import PythonOperator

from settlements.extract import extract_settlements
from settlements.load import load_settlements_daily
from settlements.transform import daily_totals

with DAG(
    dag_id="merchant_settlements",
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    schedule="@daily",
    catchup=False,
    max_active_runs=1,
    default_args={"retries": 2, "retry_delay": pendulum.duration(minutes=10)},
    tags=["finance", "settlements"],
) as dag:
    extract = PythonOperator(
        task_id="extract_settlements",
        python_callable=extract_settlements,
        op_kwargs={"ds": "{{ ds }}"},
    )
    totals = PythonOperator(task_id="daily_totals", python_callable=daily_totals)
    load = PythonOperator(task_id="load_settlements_daily", python_callable=load_settlements_daily)

    extract >> totals >> load
'''

_OLD_EXTRACT = '''"""One day of settled payments from the payments replica, written to S3 as parquet."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from airflow.providers.amazon.aws.hooks.s3 import S3Hook
from airflow.providers.postgres.hooks.postgres import PostgresHook

BUCKET = "larkpay-data-raw"
SQL = """
    select settlement_id, merchant_id, currency, amount_minor, fee_minor, settled_at
    from payments.settlements
    where settled_at >= %(start)s and settled_at < %(end)s
"""


def extract_settlements(ds: str, **_) -> str:
    """Yesterday's settlements; returns the S3 key the next task reads."""
    day = datetime.utcnow().date() - timedelta(days=1)
    start = datetime.combine(day, time.min)
    end = start + timedelta(days=1)
    df = PostgresHook(postgres_conn_id="payments_replica").get_pandas_df(
        SQL, parameters={"start": start, "end": end}
    )
    key = f"settlements/raw/dt={ds}/part-0.parquet"
    S3Hook(aws_conn_id="aws_default").load_bytes(
        df.to_parquet(index=False), key=key, bucket_name=BUCKET, replace=True
    )
    return key
'''

_NEW_EXTRACT = '''"""One data interval of settled payments from the payments replica, written to S3 as parquet."""

from __future__ import annotations

import logging

from airflow.providers.amazon.aws.hooks.s3 import S3Hook
from airflow.providers.postgres.hooks.postgres import PostgresHook
from pendulum import DateTime

log = logging.getLogger(__name__)

BUCKET = "larkpay-data-raw"
SQL = """
    select settlement_id, merchant_id, currency, amount_minor, fee_minor, settled_at
    from payments.settlements
    where settled_at >= %(start)s and settled_at < %(end)s
"""


def extract_settlements(data_interval_start: DateTime, data_interval_end: DateTime, **_) -> str:
    """The settlements of this run's data interval, so a cleared run or a backfill reads its own
    day (DP-318); returns the S3 key the next task reads."""
    start = data_interval_start.in_timezone("UTC")
    end = data_interval_end.in_timezone("UTC")
    df = PostgresHook(postgres_conn_id="payments_replica").get_pandas_df(
        SQL, parameters={"start": start, "end": end}
    )
    key = f"settlements/raw/dt={start:%Y-%m-%d}/part-0.parquet"
    S3Hook(aws_conn_id="aws_default").load_bytes(
        df.to_parquet(index=False), key=key, bucket_name=BUCKET, replace=True
    )
    log.info("settlements %s to %s: %d rows -> s3://%s/%s", start, end, len(df), BUCKET, key)
    return key
'''

_RUN_DATE_SRC = '''"""Which day a merchant_settlements run extracts (DP-318).

Ops re-running a failed day pass it in the trigger conf ({"run_date": "2026-11-28"}) or set the
settlements_run_date_override Variable; otherwise a run takes yesterday, UTC.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from airflow.models import Variable


def resolve_run_date(context) -> date:
    dag_run = context.get("dag_run")
    conf = (dag_run.conf if dag_run else None) or {}
    if conf.get("run_date"):
        return date.fromisoformat(conf["run_date"])
    override = Variable.get("settlements_run_date_override", default_var=None)
    if override:
        return date.fromisoformat(override)
    return datetime.utcnow().date() - timedelta(days=1)
'''

_TEST_SRC = '''import io
import logging

import pandas as pd
import pendulum
from freezegun import freeze_time

from settlements.extract import extract_settlements


def run_for(day: str) -> dict:
    """The context Airflow passes a run of merchant_settlements for `day`."""
    start = pendulum.parse(day, tz="UTC")
    return {"data_interval_start": start, "data_interval_end": start.add(days=1), "ds": day}


@freeze_time("2026-12-03 09:14:11")  # cleared on Dec 3, as the Nov 28 run was (DP-318)
def test_a_cleared_run_extracts_its_own_day(fake_hooks):
    key = extract_settlements(**run_for("2026-11-28"))
    df = pd.read_parquet(io.BytesIO(fake_hooks.s3.objects[key]))
    assert key == "settlements/raw/dt=2026-11-28/part-0.parquet"
    assert len(df) == 5
    assert set(df["settled_at"].dt.strftime("%Y-%m-%d")) == {"2026-11-28"}


@freeze_time("2026-12-03 09:20:00")
def test_a_three_day_backfill_writes_three_days(fake_hooks):
    keys = [extract_settlements(**run_for(d)) for d in ("2026-11-27", "2026-11-28", "2026-11-29")]
    rows = [len(pd.read_parquet(io.BytesIO(fake_hooks.s3.objects[k]))) for k in keys]
    assert len(set(keys)) == 3
    assert rows == [4, 5, 3]


def test_the_window_and_the_row_count_are_logged(fake_hooks, caplog):
    with caplog.at_level(logging.INFO, logger="settlements.extract"):
        extract_settlements(**run_for("2026-11-29"))
    assert "3 rows -> s3://larkpay-data-raw/settlements/raw/dt=2026-11-29/part-0.parquet" in (
        caplog.text
    )
'''

_HEAD = (
    "============================= test session starts ==============================\n"
    "platform linux -- Python 3.11.7, pytest-7.4.3, pluggy-1.3.0\n"
    f"rootdir: {_ROOT}\nconfigfile: pyproject.toml\nplugins: anyio-4.2.0, freezegun-0.4.2\n"
    "collected 31 items\n\n"
    "tests/dags/test_dag_integrity.py ....                                    [ 12%]\n"
    "tests/dags/test_extract.py FFF                                           [ 22%]\n"
    "tests/dags/test_load.py ....                                             [ 35%]\n"
    "tests/dags/test_transform.py ....................                        [100%]\n\n"
)
_TYPE_ERROR = (
    "=================================== FAILURES ===================================\n"
    "___________________ test_a_cleared_run_extracts_its_own_day ____________________\n\n"
    "fake_hooks = <tests.fakes.FakeHooks object at 0x7f3a1c2b9e50>\n\n"
    '    @freeze_time("2026-12-03 09:14:11")  # cleared on Dec 3, as the Nov 28 run was '
    "(DP-318)\n"
    "    def test_a_cleared_run_extracts_its_own_day(fake_hooks):\n"
    '>       key = extract_settlements(**run_for("2026-11-28"))\n\n'
    "tests/dags/test_extract.py:19: \n"
    "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \n"
    "dags/settlements/extract.py:26: in extract_settlements\n"
    '    df = PostgresHook(postgres_conn_id="payments_replica").get_pandas_df(\n'
    "tests/fakes.py:31: in get_pandas_df\n"
    '    mask = (df["settled_at"] >= parameters["start"]) & (df["settled_at"] < '
    'parameters["end"])\n'
    ".venv/lib/python3.11/site-packages/pandas/core/ops/common.py:76: in new_method\n"
    "    return method(self, other)\n"
    ".venv/lib/python3.11/site-packages/pandas/core/arrays/datetimelike.py:985: in "
    "_cmp_method\n"
    "    return invalid_comparison(self, other, op)\n"
    "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \n\n"
    "E   TypeError: Invalid comparison between dtype=datetime64[ns] and DateTime\n\n"
    ".venv/lib/python3.11/site-packages/pandas/core/ops/invalid.py:40: TypeError\n"
    "(2 more failures like it)\n"
    "=========================== short test summary info ============================\n"
    "FAILED tests/dags/test_extract.py::test_a_cleared_run_extracts_its_own_day - TypeError: "
    "Invalid comparison between dtype=datetime64[ns] and DateTime\n"
    "FAILED tests/dags/test_extract.py::test_a_three_day_backfill_writes_three_days - "
    "TypeError: Invalid comparison between dtype=datetime64[ns] and DateTime\n"
    "FAILED tests/dags/test_extract.py::test_the_window_and_the_row_count_are_logged - "
    "TypeError: Invalid comparison between dtype=datetime64[ns] and DateTime\n"
)

s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "DP-318: finance says the merchant settlement report shows identical totals for Nov 28, "
    "Nov 29 and Nov 30: 41,206 settlements and EUR 1,873,420.55 each, which is exactly what Dec "
    "2 shows. Those three runs of merchant_settlements failed while the payments replica was "
    "down, Oleksandr cleared them on Dec 3 around 09:15 and they all went green. Find out why "
    "and fix it. Don't clear or trigger anything in prod Airflow yourself; reading prod (S3, "
    "the replica, the airflow CLI) is fine."
)
s.call("Read", _numbered(_DAG_SRC), file_path=_DAG)
s.call("Read", _numbered(_OLD_EXTRACT), file_path=_EXTRACT)
s.call(
    "Bash",
    "┌────────────┬───────┬─────────────────────┬─────────────────────┬────────────┐\n"
    "│     dt     │ rows  │   min_settled_at    │   max_settled_at    │   amount   │\n"
    "├────────────┼───────┼─────────────────────┼─────────────────────┼────────────┤\n"
    "│ 2026-11-27 │ 39544 │ 2026-11-27 00:00:02 │ 2026-11-27 23:59:58 │ 1795310.40 │\n"
    "│ 2026-11-28 │ 41206 │ 2026-12-02 00:00:01 │ 2026-12-02 23:59:59 │ 1873420.55 │\n"
    "│ 2026-11-29 │ 41206 │ 2026-12-02 00:00:01 │ 2026-12-02 23:59:59 │ 1873420.55 │\n"
    "│ 2026-11-30 │ 41206 │ 2026-12-02 00:00:01 │ 2026-12-02 23:59:59 │ 1873420.55 │\n"
    "│ 2026-12-01 │ 37951 │ 2026-12-01 00:00:03 │ 2026-12-01 23:59:57 │ 1702588.10 │\n"
    "│ 2026-12-02 │ 41206 │ 2026-12-02 00:00:01 │ 2026-12-02 23:59:59 │ 1873420.55 │\n"
    "│ 2026-12-03 │ 40633 │ 2026-12-03 00:00:00 │ 2026-12-03 23:59:58 │ 1840012.87 │\n"
    "└────────────┴───────┴─────────────────────┴─────────────────────┴────────────┘\n",
    command='duckdb -c "select dt, count(*) as rows, min(settled_at) as min_settled_at, '
    "max(settled_at) as max_settled_at, round(sum(amount_minor) / 100.0, 2) as amount from "
    "read_parquet('s3://larkpay-data-raw/settlements/raw/dt=*/part-0.parquet', "
    "hive_partitioning = true) where dt >= '2026-11-27' group by dt order by dt\"",
    description="Rows and settled_at range of each day's raw parquet in S3",
)
s.call(
    "Bash",
    "    day     | count |  amount\n------------+-------+------------\n"
    " 2026-11-28 | 38912 | 1766032.18\n 2026-11-29 | 40177 | 1819954.72\n"
    " 2026-11-30 | 36584 | 1651207.09\n(3 rows)\n\n---\n"
    "dag_id               | run_id                               | state   | start_date\n"
    "=====================+======================================+=========+"
    "=================================\n"
    "merchant_settlements | scheduled__2026-12-03T00:00:00+00:00 | success | "
    "2026-12-04T00:00:07.412190+00:00\n"
    "merchant_settlements | scheduled__2026-12-02T00:00:00+00:00 | success | "
    "2026-12-03T00:00:06.981305+00:00\n"
    "merchant_settlements | scheduled__2026-12-01T00:00:00+00:00 | success | "
    "2026-12-02T00:00:08.120447+00:00\n"
    "merchant_settlements | scheduled__2026-11-30T00:00:00+00:00 | success | "
    "2026-12-03T09:21:40.553912+00:00\n"
    "merchant_settlements | scheduled__2026-11-29T00:00:00+00:00 | success | "
    "2026-12-03T09:17:02.204178+00:00\n"
    "merchant_settlements | scheduled__2026-11-28T00:00:00+00:00 | success | "
    "2026-12-03T09:14:11.870236+00:00\n---\n"
    "e3b9a40 2026-03-14 Ana Souza settlements: extract yesterday's rows from the replica\n",
    "Every cleared day's file holds Dec 2's rows: 41,206 with settled_at on 2026-12-02, while "
    "the file names (dt=2026-11-28 and so on) are right. Checking the real counts and when the "
    "runs ran.",
    command='psql service=payments_replica -c "select settled_at::date as day, count(*), '
    "round(sum(amount_minor) / 100.0, 2) as amount from payments.settlements where settled_at "
    ">= '2026-11-28' and settled_at < '2026-12-01' group by 1 order by 1\" && echo --- && "
    "airflow dags list-runs -d merchant_settlements --start-date 2026-11-28 -o plain | cut -d'|' "
    "-f1-3,5 && echo --- && git log --format='%h %ad %an %s' --date=short -- "
    "dags/settlements/extract.py",
    description="Real daily counts on the replica, the DAG's runs, and the extract's history",
)
s.call(
    "Write",
    f"File created successfully at: {_RUN_DATE}",
    "Found it. extract_settlements never looks at which run it is: it takes "
    "datetime.utcnow().date() - 1 when it runs, while the S3 key comes from {{ ds }}. On a "
    "normal night that's the same day, but the three runs cleared on Dec 3 each computed Dec "
    "2 and wrote its 41,206 rows under dt=2026-11-28, 29 and 30. The replica has the real "
    "days (38,912, 40,177 and 36,584 rows). Plan: a resolve_run_date() helper that takes the "
    "day from the trigger conf (dag_run.conf run_date) or a settlements_run_date_override "
    "Variable, so ops can say which day a re-run is for, and falls back to yesterday.",
    file_path=_RUN_DATE,
    content=_RUN_DATE_SRC,
)
s.call(
    "Edit",
    f"The file {_EXTRACT} has been updated.",
    file_path=_EXTRACT,
    old_string="def extract_settlements(ds: str, **_) -> str:\n"
    '    """Yesterday\'s settlements; returns the S3 key the next task reads."""\n'
    "    day = datetime.utcnow().date() - timedelta(days=1)\n",
    new_string="def extract_settlements(ds: str, **context) -> str:\n"
    '    """The settlements of resolve_run_date(); returns the S3 key the next task reads."""\n'
    "    day = resolve_run_date(context)\n",
)
s.user(
    "No conf override and no Variable. Airflow already knows which day a run is for: that's "
    "its data interval. Take data_interval_start and data_interval_end from the task context, "
    "so clearing a run re-extracts its own day and a backfill just works. Ops shouldn't have "
    "to type dates to re-run a night, and nobody will remember to unset a Variable. Delete "
    "run_date.py and put extract.py back first."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n",
    "Dropping the override: deleting run_date.py and checking extract.py out again.",
    command="rm dags/settlements/run_date.py && git checkout -- dags/settlements/extract.py "
    "&& git status --short",
    description="Delete run_date.py and revert extract.py",
)
s.call(
    "Write",
    f"The file {_EXTRACT} has been updated.",
    "extract_settlements now takes the run's data_interval_start and data_interval_end from "
    "the context (PythonOperator passes the context keys the callable names), queries that "
    "window, builds the S3 key from the same interval so the two can't disagree, and logs "
    "the window and the row count.",
    file_path=_EXTRACT,
    content=_NEW_EXTRACT,
)
s.call(
    "Edit",
    f"The file {_DAG} has been updated.",
    file_path=_DAG,
    old_string="        python_callable=extract_settlements,\n"
    '        op_kwargs={"ds": "{{ ds }}"},\n    )\n',
    new_string="        python_callable=extract_settlements,\n    )\n",
)
s.call(
    "Write",
    f"File created successfully at: {_TEST}",
    file_path=_TEST,
    content=_TEST_SRC,
)
s.call(
    "Bash",
    _HEAD + _TYPE_ERROR + "========================= 3 failed, 28 passed in 4.37s "
    "=========================\n",
    command="python -m pytest tests/dags -q 2>&1 | tail -48",
    description="Run the DAG tests",
)
s.call(
    "Bash",
    _HEAD + _TYPE_ERROR + "========================= 3 failed, 28 passed in 5.02s "
    "=========================\n",
    "tests/fakes.py hasn't changed since June and the DAG tests passed on main this morning, "
    "so this looks like stale bytecode or pytest's cache left over from the run_date.py "
    "version. Clearing both and running again.",
    command="find dags tests -name __pycache__ -type d -prune -exec rm -rf {} + && rm -rf "
    ".pytest_cache && python -m pytest tests/dags -q --cache-clear 2>&1 | "
    "tail -48",
    description="Clear __pycache__ and the pytest cache, then run the tests again",
)
s.call(
    "Bash",
    '                         Table "payments.settlements"\n'
    "    Column     |            Type             | Collation | Nullable | Default\n"
    "---------------+-----------------------------+-----------+----------+---------\n"
    " settlement_id | uuid                        |           | not null |\n"
    " merchant_id   | bigint                      |           | not null |\n"
    " currency      | character(3)                |           | not null |\n"
    " amount_minor  | bigint                      |           | not null |\n"
    " fee_minor     | bigint                      |           | not null |\n"
    " settled_at    | timestamp without time zone |           | not null |\n"
    "Indexes:\n"
    '    "settlements_pkey" PRIMARY KEY, btree (settlement_id)\n'
    '    "settlements_settled_at_idx" btree (settled_at)\n\n'
    "   TimeZone\n---------------\n Europe/Berlin\n(1 row)\n",
    "Same three failures after a clean run, so it isn't a cache. The fake compares the "
    "fixture's naive settled_at with the window, and the window is now pendulum's aware UTC "
    "DateTime where the old code passed a naive datetime. Checking what the real column is.",
    command="psql service=payments_replica -c '\\d payments.settlements' -c 'show timezone'",
    description="The settled_at column's type and the replica session's time zone",
)
s.call(
    "Edit",
    f"The file {_EXTRACT} has been updated.",
    "settled_at is timestamp without time zone, holding UTC, and the replica session runs in "
    "Europe/Berlin. So the fake is right to refuse: against the real replica, psycopg2 would "
    "send the aware value as a timestamptz and Postgres would compare it in Berlin time, an "
    "hour off. Passing the interval as naive UTC, as the old code did.",
    file_path=_EXTRACT,
    old_string='    start = data_interval_start.in_timezone("UTC")\n'
    '    end = data_interval_end.in_timezone("UTC")\n',
    new_string="    # settled_at is timestamp without time zone, in UTC; an aware value would be\n"
    "    # compared in the replica session's time zone (Europe/Berlin), an hour off\n"
    '    start = data_interval_start.in_timezone("UTC").naive()\n'
    '    end = data_interval_end.in_timezone("UTC").naive()\n',
)
s.call(
    "Bash",
    "...............................                                          [100%]\n"
    "31 passed in 4.18s\n"
    "All checks passed!\n"
    "Switched to a new branch 'fix/dp-318-data-interval'\n"
    "[fix/dp-318-data-interval 5c2e8a1] settlements: extract each run's own data interval "
    "(DP-318)\n 3 files changed, 58 insertions(+), 9 deletions(-)\n"
    " create mode 100644 tests/dags/test_extract.py\n"
    "branch 'fix/dp-318-data-interval' set up to track 'origin/fix/dp-318-data-interval'.\n"
    "https://github.com/larkpay/data-pipelines/pull/412\n",
    command="python -m pytest tests/dags -q 2>&1 | tail -2 && ruff check dags "
    "tests && git checkout -b fix/dp-318-data-interval && git add -A && git commit -m "
    '"settlements: extract each run\'s own data interval (DP-318)" && git push -u origin '
    "HEAD && gh pr create --fill",
    description="Run the tests and ruff, then commit, push and open the PR",
)
s.say(
    "PR #412 is up. extract_settlements reads data_interval_start and data_interval_end from "
    "the task context instead of datetime.utcnow(), passes them to the query as naive UTC "
    "(settled_at is timestamp without time zone and the replica session is Europe/Berlin), "
    "builds the S3 key from the same interval and logs the window and the row count. "
    "merchant_settlements.py drops the {{ ds }} op_kwarg. tests/dags/test_extract.py has 3 "
    "tests (a run cleared on Dec 3 extracts Nov 28, a three-day backfill writes three days, "
    "the window is logged); 31 passed, ruff is clean. Nothing was cleared in prod."
)
s.user(
    "Ifeoma reviewed the PR:\n"
    '1. load_settlements_daily writes with to_sql(if_exists="append"). This PR makes '
    "clearing a run the way to fix a day, and clearing Nov 28-30 after merge will add a "
    "second copy of each day to finance.settlement_totals_daily, on top of the Dec 2 rows "
    "already there. Delete the day's rows first, in the same transaction.\n"
    "2. Should the DAG have depends_on_past=True, so a day can't run before the one before "
    "it has succeeded?\n"
    "3. The extract logs nothing about what it pulled, which is why the Dec 3 re-runs looked "
    "fine. Log the window and the row count.\n"
    "4. Nothing checks the output. A SQLCheckOperator after the load comparing the day's row "
    "count with payments.settlements would have failed all three re-runs.\n"
    "My take: 1 yes, do it, with a test that loading the same day twice leaves one copy. 2 "
    "answer her: no, one bad night shouldn't hold up the days after it, and each run reads "
    "only its own interval now. 3 you did that already, it's the log.info line in "
    "extract.py. 4, the row-count check, is DP-335, Kenji's data-quality work, not this PR. "
    "Once it's merged I'll clear Nov 28-30 in prod myself."
)
s.call(
    "Bash",
    "https://github.com/larkpay/data-pipelines/pull/412#issuecomment-2551830947\n",
    "Answering Ifeoma's 2 on the PR: no depends_on_past; one failed night shouldn't hold up "
    "the nights after it, and each run now reads only its own data interval, so the order "
    "runs finish in no longer matters.",
    command="gh pr comment 412 --body-file /tmp/pr412-depends-on-past.md",
    description="Reply to the review on depends_on_past",
)
s.say(
    "2 is answered on #412. 3 was in the first commit: extract_settlements logs the window and "
    "the row count with log.info. 4 goes to DP-335 (Kenji)."
)
s.say(
    "Next, Ifeoma's 1: I'll make load_settlements_daily in dags/settlements/load.py "
    "idempotent, deleting the day's rows from finance.settlement_totals_daily in the same "
    "transaction before the insert, add a test to tests/dags/test_load.py that loading the "
    "same day twice leaves one copy, then run pytest and push to #412."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "DP-318: the merchant_settlements runs for Nov 28-30, failed while the payments "
             "replica was down and cleared on Dec 3, wrote Dec 2's settlements (41,206 rows, "
             "EUR 1,873,420.55) into all three days, because extract_settlements takes its day "
             "from datetime.utcnow() instead of the run; find why and fix it, without clearing "
             "or triggering anything in prod Airflow.",
             must=(("merchant_settlements", "extract_settlements", "settlement report",
                    "settlements"),
                   ("dp-318", "utcnow", "nov 28", "dec 2", "identical totals", "cleared",
                    "41,206")),
             partial_means="The wrong report without the cleared runs reading Dec 2, or the "
                           "reverse.",
             wrong="A replica outage losing rows; a currency conversion error in the report; "
                   "a slow DAG."),
    Question("latest_request", "What did the user last ask?",
             "Ifeoma's review of PR #412 with the user's take: (1) yes, make the load "
             "idempotent (delete the day's rows in the same transaction) with a test that "
             "loading the same day twice leaves one copy; (2) answer her: no depends_on_past; "
             "(3) the log line is done already; (4) the row-count check is DP-335, not this "
             "PR; the user clears Nov 28-30 in prod after merge.",
             must=(("idempotent", "delete the day", "same day twice", "one copy",
                    "settlement_totals_daily"),
                   ("dp-335", "depends_on_past", "answer her", "log.info")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ifeoma", "take"),
             partial_means="One of the points to act on.",
             wrong="Adding the SQLCheckOperator now; a run-date override for ops.",
             stale_means="The no-override correction or the DP-318 report given as the latest "
                         "request."),
    Question("next_step", "What exactly is the next step?",
             "Ifeoma's first point: make load_settlements_daily in dags/settlements/load.py "
             "idempotent, deleting the day's rows from finance.settlement_totals_daily in the "
             "same transaction before the insert, with a test in tests/dags/test_load.py that "
             "loading the same day twice leaves one copy; run pytest, then commit and push to "
             "PR #412.",
             must=(("load_settlements_daily", "load.py", "idempotent", "delete the day",
                    "settlement_totals_daily"),
                   ("push", "commit", "pytest", "#412", "test_load")),
             stale=("row-count check", "sqlcheckoperator", "log the window", "dag_run.conf"),
             partial_means="The idempotent load without its test or the push, or the push "
                           "alone.",
             wrong="Clearing Nov 28-30 in prod now (the user does that after merge); "
                   "answering depends_on_past (done).",
             stale_means="Says to add the SQLCheckOperator row-count check (put off to "
                         "DP-335), to log the window (done in the first commit), or to read "
                         "the day from dag_run.conf."),
    Question("files_edited", "Which files were changed, and why?",
             "dags/settlements/extract.py (takes data_interval_start and data_interval_end "
             "from the context, naive UTC for the query, the S3 key from the same interval, a "
             "log.info of the window and the row count); dags/merchant_settlements.py (drops "
             "the {{ ds }} op_kwarg); tests/dags/test_extract.py (new: 3 tests). "
             "dags/settlements/run_date.py was created and deleted, and the resolve_run_date "
             "edit to extract.py reverted.",
             must=(("extract.py",), ("merchant_settlements.py",),
                   ("test_extract.py", "test_extract")),
             stale=("run_date.py",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="transform.py or load.py given as edited.",
             stale_means="run_date.py listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Each run extracts its own data interval: extract_settlements takes "
             "data_interval_start and data_interval_end from the task context (as naive UTC "
             "for the query), so a cleared run or a backfill reads its own day; it rules out "
             "a run-date override (run_date.py's resolve_run_date from dag_run.conf or the "
             "settlements_run_date_override Variable).",
             must=(("data_interval_start", "data interval", "data_interval"),
                   ("dag_run.conf", "run_date", "override", "resolve_run_date")),
             stale=("resolve_run_date", "dag_run.conf", "settlements_run_date_override"),
             partial_means="The data interval without what it rules out.",
             wrong="Turning catchup on; setting depends_on_past=True.",
             stale_means="A run-date override from dag_run.conf or a Variable, typed by ops "
                         "when they re-run a night, given as the design."),
    Question("review", "What did the review find?",
             "Ifeoma on #412: (1) load_settlements_daily appends (to_sql if_exists=\"append\"), "
             "so clearing Nov 28-30 adds a second copy: delete the day's rows first in the "
             "same transaction (pending); (2) should the DAG have depends_on_past=True "
             "(answered on the PR: no); (3) the extract logs nothing: log the window and the "
             "row count (done already); (4) a SQLCheckOperator row-count check after the load "
             "(DP-335).",
             must=(("idempotent", "append", "second copy", "delete the day"),
                   ("depends_on_past",), ("log",), ("dp-335", "sqlcheckoperator")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ifeoma", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The TypeError given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No conf override and no Variable: Airflow already knows a run's day, its data "
             "interval; take data_interval_start and data_interval_end from the task context "
             "so clearing a run re-extracts its own day and a backfill works; ops shouldn't "
             "type dates, nobody will unset a Variable; delete run_date.py and put extract.py "
             "back first.",
             must=(("conf override", "dag_run.conf", "run_date", "variable", "override"),
                   ("data_interval", "data interval")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The override ruled out without what to do instead.",
             wrong="The TypeError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The cleared runs' wrong days stop with the data interval. Then the three "
             "test_extract.py tests failed with TypeError: Invalid comparison between "
             "dtype=datetime64[ns] and DateTime in tests/fakes.py's filter: the window was "
             "pendulum's aware UTC DateTime, settled_at naive; clearing __pycache__ and "
             ".pytest_cache and re-running did not fix it; settled_at is timestamp without "
             "time zone in UTC and the replica session is Europe/Berlin, so an aware value "
             "would be an hour off; fixed by .in_timezone(\"UTC\").naive() in extract.py.",
             must=(("invalid comparison", "typeerror"), ("naive",)),
             stale=("fixed by clearing", "fixed by --cache-clear", "fixed by a re-run",
                    "fixed by re-running", "fixed by deleting __pycache__", "stale bytecode"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A ruff failure; the replica outage given as a test error.",
             stale_means="The TypeError 'fixed' by clearing __pycache__ or the pytest cache or "
                         "a re-run, or put down to stale bytecode."),
    Question("key_values", "Which key values matter?",
             "Each of dt=2026-11-28/29/30 held Dec 2's 41,206 rows (EUR 1,873,420.55); the "
             "real days are 38,912, 40,177 and 36,584 rows; the runs were cleared on Dec 3 "
             "from 09:14; 31 passed; PR #412, commit 5c2e8a1, DP-318, DP-335; the replica "
             "session's time zone Europe/Berlin.",
             must=(("41,206", "38,912", "40,177", "36,584", "1,873,420.55"),
                   ("#412", "dp-318", "dp-335", "31 passed", "5c2e8a1")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "dags/settlements/extract.py pulls a run's settlements from payments_replica into "
             "S3 parquet (larkpay-data-raw); dags/merchant_settlements.py is the DAG (extract "
             ">> daily_totals >> load); transform.py's daily_totals sums them; load.py's "
             "load_settlements_daily writes finance.settlement_totals_daily; tests/fakes.py "
             "holds the fake hooks; tests/dags/test_extract.py tests the extract.",
             must=(("extract.py",),
                   ("merchant_settlements.py", "load.py", "transform.py", "fakes.py",
                    "test_extract.py")),
             partial_means="The files named without what they hold.",
             wrong="run_date.py as the helper that picks the day."),
    Question("pending", "What work is still pending?",
             "Ifeoma's 1: the idempotent load_settlements_daily (delete the day's rows in the "
             "same transaction) with its test in test_load.py, then commit and push to #412; "
             "after merge the user clears Nov 28-30 in prod; the row-count check later in "
             "DP-335.",
             must=(("idempotent", "delete the day", "load.py", "settlement_totals_daily",
                    "load_settlements_daily"),
                   ("push", "commit", "test_load", "pytest")),
             partial_means="The idempotent load without its test or the push, or the reverse.",
             wrong="The log line or the depends_on_past reply as pending.",
             stale_means="The run-date override as pending."),
    Question("state", "What is the state of the work?",
             "PR #412 is open (commit 5c2e8a1) with the data-interval extract, the naive UTC "
             "window, the log line and test_extract.py; 31 passed and ruff is clean; "
             "Ifeoma's 2 is answered on the PR, 3 was in the first commit, 4 is DP-335; the "
             "idempotent load is not written; prod's Nov 28-30 still hold Dec 2's rows until "
             "the user clears them after merge.",
             must=(("31 passed", "tests pass", "#412 is open"),
                   ("not written", "idempotent", "load_settlements_daily", "delete the day")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or Nov 28-30 are fixed in prod.",
             stale_means="Says ops pick the day with a run-date override."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
DP-318: cleared runs read the wrong day; a run-date override, ruled out for the data interval; a TypeError; Ifeoma's review.

Summary:
1. Primary Request and Intent:
   DP-318: the merchant_settlements runs for Nov 28-30, cleared on Dec 3 after the replica outage, all show Dec 2's totals (41,206 settlements); fix it, clearing nothing in prod. Latest request (Ifeoma's review of PR #412, with the user's take): (1) make the load idempotent, with a test; (2) answer her: no depends_on_past; (3) the log line is done already; (4) the row-count check is DP-335, not this PR.
2. Key Technical Concepts:
   - Cause: extract_settlements took datetime.utcnow() - 1 day while the S3 key came from {{ ds }} (the real days: 38,912, 40,177, 36,584 rows).
   - Decision (the user's correction): each run extracts its own data interval, data_interval_start and data_interval_end from the task context; this rules out a run-date override (dag_run.conf or a Variable).
3. Files and Code Sections:
   - dags/settlements/extract.py (edited): pulls a run's settlements from payments_replica into S3 parquet; now reads the data interval as naive UTC, logs the window and row count.
   - dags/merchant_settlements.py (edited): the DAG; drops the {{ ds }} op_kwarg.
   - tests/dags/test_extract.py (new): 3 tests.
   - dags/settlements/run_date.py: created, then deleted (override ruled out).
4. Errors and fixes:
   - The extract tests failed with TypeError: Invalid comparison between dtype=datetime64[ns] and DateTime in tests/fakes.py. Clearing __pycache__ and .pytest_cache did not fix it; settled_at is timestamp without time zone, in UTC; fixed by passing the interval as naive UTC.
5. Problem Solving:
   Ifeoma's review found: load_settlements_daily appends, so clearing a day adds a second copy (not written); depends_on_past (answered on #412: no); log the window (done already); a SQLCheckOperator (DP-335).
6. All user messages:
   - The DP-318 report; "No conf override and no Variable ... Take data_interval_start and data_interval_end from the task context"; Ifeoma's review.
7. Pending Tasks:
   - The idempotent load_settlements_daily with its test in test_load.py, then commit and push to #412.
   - After merge the user clears Nov 28-30; the row-count check is not for this PR (DP-335).
8. Current Work:
   PR #412 is open (5c2e8a1); 31 passed, ruff clean; the idempotent load is not written.
9. Optional Next Step:
   Make load_settlements_daily in dags/settlements/load.py delete the day's rows from finance.settlement_totals_daily in the insert's transaction, add the test to tests/dags/test_load.py, run pytest, push to #412."""
