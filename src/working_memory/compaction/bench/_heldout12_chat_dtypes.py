"""Held out, twelfth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, pandas: the nightly
revenue report's merge of orders and customers fails on float64 against object customer_id
columns; casting both ids to int (with a normalize_id() helper in report/ids.py) written, then
ruled out by the user (ids have leading zeros, 00123 and 123 are different customers) for
reading customer_id as the "string" dtype in both CSVs; the helper deleted; a has_coupon column
that raised "boolean value of NA is ambiguous", which reinstalling the requirements and a
re-run did not fix and notna() with ne("") did; a review with four points: one already done
(postal_code), one answered (no code identifier: why not a binary export), one a ticket, one
pending (a leading-zero test); the assistant's last words name the ruled-out int cast."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a coding assistant working in the finreports repository (Python 3.12, pandas "
    "2.2, the nightly reports in report/, tests with pytest in tests/). You can read, write "
    "and delete files and run shell commands."
)
s.user(
    "The nightly revenue report crashed last night in report/revenue.py: ValueError: You are "
    "trying to merge on float64 and object columns for key 'customer_id'. Nothing in the code "
    "changed; the export from billing did. Fix it."
)
s.call(
    "read_file",
    "import pandas as pd\n\n\ndef load(orders_csv, customers_csv):\n"
    "    orders = pd.read_csv(orders_csv)\n    customers = pd.read_csv(customers_csv)\n"
    '    df = orders.merge(customers, on="customer_id", how="left")\n'
    '    df["has_coupon"] = df.coupon_code.apply(bool)\n    return df\n',
    path="report/revenue.py",
)
s.call(
    "run",
    "$ head -3 data/2026-12-01/orders.csv data/2026-12-01/customers.csv\n"
    "==> orders.csv <==\norder_id,customer_id,total,coupon_code\n"
    "A-9001,00123,49.90,\nA-9002,,12.00,XMAS\n\n"
    "==> customers.csv <==\ncustomer_id,name,region,postal_code\n"
    "00123,Ada Lund,north,01450\nC-77,Bo Ek,south,90210\n",
    command="head -3 data/2026-12-01/orders.csv data/2026-12-01/customers.csv",
)
s.say(
    "orders.csv now has rows with an empty customer_id (guest checkouts), so read_csv makes "
    "the column float64 (NaN needs a float), while customers.csv has ids like C-77 and stays "
    "object. Plan: a normalize_id() helper in report/ids.py that casts ids to int, applied to "
    "both frames before the merge, dropping the ids that don't parse."
)
s.call(
    "write_file",
    "Wrote report/ids.py",
    path="report/ids.py",
    content="import pandas as pd\n\n\ndef normalize_id(col: pd.Series) -> pd.Series:\n"
    '    return pd.to_numeric(col, errors="coerce").astype("Int64")\n',
)
s.user(
    "No, don't cast to int. Customer ids are strings: 00123 and 123 are two different "
    "customers, and C-77 is a real id from the old system. Read customer_id as the pandas "
    '"string" dtype in both read_csv calls, so a missing one is <NA>, not NaN. And read '
    "postal_code as a string too while you're there, 01450 loses its zero."
)
s.call("delete_file", "Deleted report/ids.py", path="report/ids.py")
s.call(
    "write_file",
    "Wrote report/revenue.py",
    path="report/revenue.py",
    content="import pandas as pd\n\n"
    'ID_DTYPES = {"customer_id": "string", "coupon_code": "string"}\n\n\n'
    "def load(orders_csv, customers_csv):\n"
    "    orders = pd.read_csv(orders_csv, dtype=ID_DTYPES)\n"
    "    customers = pd.read_csv(\n"
    '        customers_csv, dtype={"customer_id": "string", "postal_code": "string"}\n    )\n'
    '    df = orders.merge(customers, on="customer_id", how="left")\n'
    '    df["has_coupon"] = df.coupon_code.apply(bool)\n    return df\n',
)
s.call(
    "run",
    "$ pytest -q tests/test_revenue.py\n..F.\nFAILED tests/test_revenue.py::test_coupon_share - "
    "TypeError: boolean value of NA is ambiguous\n  report/revenue.py:12: in load\n"
    '    df["has_coupon"] = df.coupon_code.apply(bool)\n1 failed, 3 passed in 1.42s',
    command="pytest -q tests/test_revenue.py",
)
s.say(
    "The merge works now. The TypeError might be a pandas version drift on this machine "
    "(requirements.txt pins 2.2.2); reinstalling the requirements and running again."
)
s.call(
    "run",
    "$ pip install -q -r requirements.txt && pytest -q tests/test_revenue.py\n..F.\n"
    "FAILED tests/test_revenue.py::test_coupon_share - TypeError: boolean value of NA is "
    "ambiguous\n1 failed, 3 passed in 1.39s",
    command="pip install -q -r requirements.txt && pytest -q tests/test_revenue.py",
)
s.say(
    'Not the environment: with coupon_code as "string", an empty coupon is pd.NA instead of '
    "NaN, and bool(pd.NA) raises. has_coupon becomes df.coupon_code.notna() & "
    'df.coupon_code.ne(""), which is a plain boolean column.'
)
s.call(
    "write_file",
    "Wrote report/revenue.py",
    path="report/revenue.py",
    content="import pandas as pd\n\n"
    'ID_DTYPES = {"customer_id": "string", "coupon_code": "string"}\n\n\n'
    "def load(orders_csv, customers_csv):\n"
    "    orders = pd.read_csv(orders_csv, dtype=ID_DTYPES)\n"
    "    customers = pd.read_csv(\n"
    '        customers_csv, dtype={"customer_id": "string", "postal_code": "string"}\n    )\n'
    '    df = orders.merge(customers, on="customer_id", how="left")\n'
    '    df["has_coupon"] = (df.coupon_code.notna() & df.coupon_code.ne("")).astype(bool)\n'
    "    return df\n",
)
s.call(
    "run",
    "$ pytest -q\n........................\n24 passed in 3.07s\n"
    "$ python -m report.revenue --date 2026-12-01\nwrote out/revenue-2026-12-01.csv "
    "(1,842 orders, 0 unmatched customer ids)",
    command="pytest -q && python -m report.revenue --date 2026-12-01",
)
s.say(
    "All 24 tests pass and last night's report builds: out/revenue-2026-12-01.csv, 1,842 "
    "orders, 0 unmatched customer ids. Guest orders keep customer_id <NA> and stay in the "
    "report with an empty region."
)
s.user(
    "Jonas looked at it:\n"
    "1. postal codes lose their leading zero too\n"
    "2. why not ask billing for a binary export with real types, so we stop guessing?\n"
    "3. the Excel copy for finance still shows 123 for 00123\n"
    "4. there's no test with an id that starts with zeros\n"
    "My answers: 1 you did that. 2 tell him in your reply: billing can only produce CSV this "
    "year, we agreed to read it with explicit dtypes. 3 is FIN-311, not now. 4 yes, add one "
    "with 00123 and 123 as two customers."
)
s.say(
    "1 is already done: postal_code is read as a string. For 2, a reply to Jonas: billing "
    "can only produce CSV this year, so we read it with explicit dtypes instead of guessing. "
    "3 is FIN-311."
)
s.call(
    "run",
    "$ grep -n postal_code report/revenue.py\n"
    '9:        customers_csv, dtype={"customer_id": "string", "postal_code": "string"}',
    command="grep -n postal_code report/revenue.py",
)
s.say("Next, I'll add normalize_id() back in report/ids.py so ids are compared as integers.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "The nightly revenue report crashed in report/revenue.py with ValueError: merge "
             "on float64 and object columns for key 'customer_id' after billing's export "
             "changed; fix it.",
             must=(("customer_id",), ("float64", "merge", "valueerror")),
             partial_means="The crash without the dtype mismatch, or the reverse.",
             wrong="A missing file in the export; a slow report."),
    Question("latest_request", "What did the user last ask?",
             "Jonas's review with the user's answers: (1) postal codes, already done; (2) "
             "reply that billing can only produce CSV this year, so explicit dtypes; (3) the "
             "Excel copy is FIN-311, not now; (4) add a test with 00123 and 123 as two "
             "customers.",
             must=(("00123", "leading zero", "starts with zeros"),
                   ("fin-311", "only produce csv", "binary export")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "jonas", "answers"),
             partial_means="One of the points to act on.",
             wrong="Fixing the Excel export now; asking billing for a new format.",
             stale_means="The don't-cast-to-int correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Jonas's fourth point: add a test in tests/test_revenue.py with customer ids "
             "00123 and 123 as two different customers (they must not merge), then run the "
             "tests.",
             must=(("test_revenue.py",), ("00123",)),
             stale=("normalize_id", "ids.py", "compared as integers", "casts ids to int"),
             partial_means="A leading-zero test without the two ids, or the ids without a "
                           "test.",
             wrong="Fixing the Excel copy; changing the export format.",
             stale_means="Says to add normalize_id() back or cast ids to int (ruled out by "
                         "the user, the file deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "report/revenue.py: customer_id (and coupon_code) read as the \"string\" dtype in "
             "orders, customer_id and postal_code as strings in customers, has_coupon from "
             "notna() & ne(\"\"). report/ids.py (normalize_id) was created and deleted.",
             must=(("revenue.py",), ("has_coupon", "notna", "coupon_code")),
             stale=("ids.py",),
             partial_means="revenue.py without what changed in it.",
             wrong="tests/test_revenue.py given as edited.",
             stale_means="report/ids.py or normalize_id listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "customer_id stays a string, read with the pandas \"string\" dtype in both "
             "read_csv calls (a missing id is <NA>), postal_code too; it rules out casting "
             "ids to int, since 00123 and 123 are different customers and C-77 is a real id.",
             must=(("string",), ("cast", "to int", "integer"), ("00123", "leading zero", "c-77")),
             partial=2,
             stale=("casts ids to int", "normalize_id() helper"),
             partial_means="The string dtype without what it rules out.",
             wrong="Dropping rows without a customer id; float ids.",
             stale_means="Casting ids to int with normalize_id() given as the design."),
    Question("review", "What did the review find?",
             "Jonas: (1) postal codes lose their leading zero (already done); (2) why not a "
             "binary export with real types (answered: billing can only produce CSV this "
             "year); (3) the Excel copy shows 123 for 00123 (FIN-311); (4) no test with an id "
             "that starts with zeros (pending).",
             must=(("postal",), ("binary export", "real types"), ("excel", "fin-311"),
                   ("test",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "jonas", "looked"),
             partial_means="Two or three of the four points.",
             wrong="The TypeError given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Don't cast to int: customer ids are strings (00123 and 123 are different "
             "customers, C-77 is real); read customer_id with the \"string\" dtype in both "
             "read_csv calls, and postal_code as a string too.",
             must=(("cast", "to int", "integer"), ("string",)),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No int cast without the string dtype, or the reverse.",
             wrong="The merge ValueError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "ValueError merging float64 and object customer_id (empty ids made orders' "
             "column float64); fixed by reading customer_id as \"string\". test_coupon_share: "
             "TypeError: boolean value of NA is ambiguous from coupon_code.apply(bool); "
             "reinstalling requirements.txt and re-running did not fix it; fixed by "
             "notna() & ne(\"\").",
             must=(("boolean value of na", "test_coupon_share", "typeerror"),
                   ("notna",)),
             stale=("fixed by reinstalling", "fixed by pip install", "fixed by re-running",
                    "version drift"),
             partial_means="One of the two errors, or the errors without their fixes.",
             wrong="A KeyError on region; an encoding error.",
             stale_means="The TypeError 'fixed' by reinstalling the requirements or a "
                         "re-run."),
    Question("key_values", "Which key values matter?",
             "ids 00123, 123 and C-77; postal code 01450; pandas 2.2.2; 24 tests; 1,842 "
             "orders, 0 unmatched customer ids; FIN-311.",
             must=(("00123", "c-77"), ("1,842", "24 passed", "24 tests", "0 unmatched")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "report/revenue.py loads and merges orders and customers for the nightly "
             "revenue report; data/2026-12-01/orders.csv and customers.csv are billing's "
             "export; tests/test_revenue.py tests it; out/revenue-2026-12-01.csv is the "
             "report.",
             must=(("revenue.py",), ("orders.csv", "customers.csv", "test_revenue.py")),
             partial_means="The files named without what they hold.",
             wrong="report/ids.py as the id normaliser."),
    Question("pending", "What work is still pending?",
             "The leading-zero test with 00123 and 123 (Jonas's 4); the Excel copy later in "
             "FIN-311.",
             must=(("00123", "leading zero", "test"), ("fin-311", "excel")),
             partial_means="The test without the ticket, or the reverse.",
             wrong="postal_code or the reply about the export as pending."),
    Question("state", "What is the state of the work?",
             "report/revenue.py reads ids as strings; all 24 tests pass and the 2026-12-01 "
             "report builds (1,842 orders, 0 unmatched); Jonas's 1 done, 2 answered, 3 is "
             "FIN-311; the leading-zero test is not written.",
             must=(("24 tests", "24 passed", "tests pass", "1,842"), ("not written", "00123", "leading zero")),
             partial_means="The fix without what remains.",
             wrong="Says the Excel copy is fixed.",
             stale_means="Says ids are cast to int."),
)  # fmt: skip

PRODUCTION = None
