"""Held out, thirteenth set: written 2026-12-03, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, Elixir/Phoenix: the transactions CSV export of
a 1.4M-row account gets the web pod OOM-killed, because the controller loads every row with
Repo.all and builds the file as one binary (ticket LED-412); OFFSET/LIMIT pages from a new
lib/ledgerly/exports/paginator.ex, then ruled out by the user (each page rescans the rows before
it, and rows posted during the export shift the pages) for Repo.stream inside one
Repo.transaction sent with send_chunked and chunk/2; the paginator deleted; the streamed export
stopped at 15000ms by DBConnection, which a forced recompile and a restart did not fix and
`timeout: :infinity` on the transaction did; a PR review with four points: one already done
(the date in the filename), one answered on the PR, one a ticket (the invoices export), one
pending (a test that the header row is sent once); the assistant's last words name adding the
date to the filename, already done."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_CTRL = "lib/ledgerly_web/controllers/export_controller.ex"
_TIMEOUT = (
    "[error] ** (DBConnection.ConnectionError) client #PID<0.1184.0> timed out because it "
    "queued and checked out the connection for longer than 15000ms"
)

s = Script("You are Codex, a coding agent. cwd: /home/dana/ledgerly")
s.user(
    "LED-412: exporting transactions for big accounts kills the pod. GET "
    "/admin/accounts/8812/transactions.csv (1.4M rows) gets the web pod OOM-killed at its 2 GiB "
    "limit; the BEAM was at 3.1 GB when it died. The controller is "
    f"{_CTRL}. Make the export stream instead of building the whole file in memory."
)
s.call(
    "shell",
    "defmodule LedgerlyWeb.ExportController do\n  use LedgerlyWeb, :controller\n"
    "  alias Ledgerly.{Repo, Ledger.Transaction}\n  alias NimbleCSV.RFC4180, as: CSV\n\n"
    "  @header ~w(id posted_at amount currency memo)\n\n"
    '  def transactions(conn, %{"account_id" => account_id}) do\n'
    "    rows =\n      account_id\n      |> Transaction.for_account()\n      |> Repo.all()\n"
    "      |> Enum.map(&row/1)\n\n"
    "    send_download(conn, {:binary, CSV.dump_to_iodata([@header | rows])},\n"
    '      filename: "transactions.csv", content_type: "text/csv")\n  end\n\n'
    "  defp row(t),\n    do: [t.id, DateTime.to_iso8601(t.posted_at), "
    "Decimal.to_string(t.amount), t.currency, t.memo]\nend\n",
    command=["bash", "-lc", f"cat {_CTRL}"],
)
s.call(
    "shell",
    "lib/ledgerly/ledger/transaction.ex:28:  def for_account(id),\n"
    "lib/ledgerly/ledger/transaction.ex:29:    do: from(t in __MODULE__, where: t.account_id == "
    "^id, order_by: [asc: t.id])\n"
    'config/runtime.exs:31:    pool_size: String.to_integer(System.get_env("POOL_SIZE") || '
    '"10"),\n',
    command=[
        "bash",
        "-lc",
        "grep -n -A1 'def for_account' lib/ledgerly/ledger/transaction.ex; grep -n "
        "'pool_size\\|timeout' config/*.exs",
    ],
)
s.say(
    "Repo.all loads all 1.4M Transaction structs, then the CSV is built as one binary on top "
    "of them. Plan: page through with LIMIT/OFFSET, a Ledgerly.Exports.Paginator in "
    "lib/ledgerly/exports/paginator.ex that fetches pages of 5,000 rows, and the controller "
    "sends each page with chunk/2 as it arrives."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA lib/ledgerly/exports/paginator.ex\nM {_CTRL}\n",
    input="*** Begin Patch\n*** Add File: lib/ledgerly/exports/paginator.ex\n"
    "+defmodule Ledgerly.Exports.Paginator do\n+  import Ecto.Query\n"
    "+  @page 5_000\n+  def pages(query) do\n"
    "+    Stream.unfold(0, fn offset ->\n"
    "+      case Ledgerly.Repo.all(from q in query, limit: @page, offset: ^offset) do\n"
    "+        [] -> nil\n+        rows -> {rows, offset + @page}\n+      end\n+    end)\n"
    "+  end\n+end\n"
    f"*** Update File: {_CTRL}\n@@\n"
    "-      |> Repo.all()\n+      |> Paginator.pages()\n*** End Patch\n",
)
s.user(
    "Not OFFSET. Every page rescans the rows before it, so page 280 reads 1.4M rows to return "
    "5,000, and transactions posted while the export runs shift the pages, so rows come twice "
    "or not at all. Use Repo.stream inside one Repo.transaction with max_rows: 1000 and send "
    "each batch with send_chunked/chunk. Delete the paginator."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nD lib/ledgerly/exports/paginator.ex\nM {_CTRL}\n",
    "Removing the paginator; the controller streams from one transaction instead.",
    input="*** Begin Patch\n*** Delete File: lib/ledgerly/exports/paginator.ex\n"
    f"*** Update File: {_CTRL}\n@@\n"
    '-  def transactions(conn, %{"account_id" => account_id}) do\n'
    "-    rows =\n-      account_id\n-      |> Transaction.for_account()\n"
    "-      |> Paginator.pages()\n-      |> Enum.map(&row/1)\n\n"
    "-    send_download(conn, {:binary, CSV.dump_to_iodata([@header | rows])},\n"
    '-      filename: "transactions.csv", content_type: "text/csv")\n'
    '+  def transactions(conn, %{"account_id" => account_id}) do\n'
    "+    conn =\n+      conn\n"
    '+      |> put_resp_content_type("text/csv")\n'
    '+      |> put_resp_header("content-disposition", ~s(attachment; '
    'filename="transactions-#{account_id}-#{Date.utc_today()}.csv"))\n'
    "+      |> send_chunked(200)\n\n"
    "+    {:ok, conn} = chunk(conn, CSV.dump_to_iodata([@header]))\n\n"
    "+    {:ok, conn} =\n+      Repo.transaction(fn ->\n"
    "+        Transaction.for_account(account_id)\n"
    "+        |> Repo.stream(max_rows: 1000)\n"
    "+        |> Stream.map(&row/1)\n+        |> Stream.chunk_every(1000)\n"
    "+        |> Enum.reduce_while(conn, fn rows, conn ->\n"
    "+          case chunk(conn, CSV.dump_to_iodata(rows)) do\n"
    "+            {:ok, conn} -> {:cont, conn}\n"
    "+            {:error, :closed} -> {:halt, conn}\n          end\n        end)\n"
    "+      end)\n\n+    conn\n*** End Patch\n",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\n"
    "A test/ledgerly_web/controllers/export_controller_test.exs\n",
    input="*** Begin Patch\n"
    "*** Add File: test/ledgerly_web/controllers/export_controller_test.exs\n"
    '+  test "streams every row", %{conn: conn} do\n'
    "+    account = insert_account_with_transactions(3_000)\n"
    '+    body = conn |> get("/admin/accounts/#{account.id}/transactions.csv") |> '
    "response(200)\n"
    '+    assert length(String.split(body, "\\r\\n", trim: true)) == 3_001\n'
    "+  end\n*** End Patch\n",
)
s.call(
    "shell",
    "...\nFinished in 2.9 seconds (0.4s async, 2.5s sync)\n1 test, 0 failures\n",
    command=["bash", "-lc", "mix test test/ledgerly_web/controllers/export_controller_test.exs"],
)
s.call(
    "shell",
    f"{_TIMEOUT}\n---\n612001 /tmp/8812.csv\n",
    "The test only has 3,000 rows; trying the real account against the local copy of the "
    "prod snapshot on port 4000.",
    command=[
        "bash",
        "-lc",
        "curl -s -o /tmp/8812.csv localhost:4000/admin/accounts/8812/transactions.csv; "
        "grep -m1 ConnectionError log/dev.log; echo ---; wc -l /tmp/8812.csv",
    ],
)
s.say(
    "The export stops after 612,000 rows at 15000ms. The dev server's code reloader may "
    "still be running the old compiled controller; forcing a recompile and restarting the "
    "server, then trying again."
)
s.call(
    "shell",
    f"Compiling 214 files (.ex)\nGenerated ledgerly app\n{_TIMEOUT}\n---\n611001 /tmp/8812.csv\n",
    command=[
        "bash",
        "-lc",
        "rm -rf _build/dev/lib/ledgerly && mix compile --force && bin/restart-dev && curl -s "
        "-o /tmp/8812.csv localhost:4000/admin/accounts/8812/transactions.csv; grep -m1 "
        "ConnectionError log/dev.log; echo ---; wc -l /tmp/8812.csv",
    ],
)
s.say(
    "Not stale code: the same 15000ms. That is the transaction's own timeout: "
    "Repo.transaction checks the connection out for the whole stream, and the default "
    "timeout is 15 s, so DBConnection kills it mid-export. The export needs "
    "Repo.transaction(fn -> ... end, timeout: :infinity); the client disconnecting still "
    "ends it through {:error, :closed}."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_CTRL}\n",
    input=f"*** Begin Patch\n*** Update File: {_CTRL}\n@@\n"
    "-      end)\n+      end, timeout: :infinity)\n*** End Patch\n",
)
s.call(
    "shell",
    "1412307 /tmp/8812.csv\n---\npeak total memory: 188 MB\n",
    command=[
        "bash",
        "-lc",
        "bin/restart-dev && curl -s -o /tmp/8812.csv "
        "localhost:4000/admin/accounts/8812/transactions.csv && wc -l /tmp/8812.csv; echo ---; "
        "mix run scripts/peak_memory.exs --since-restart",
    ],
)
s.call(
    "shell",
    "Finished in 11.4 seconds (3.1s async, 8.3s sync)\n148 tests, 0 failures\n",
    command=["bash", "-lc", "mix format --check-formatted && mix test"],
)
s.call(
    "shell",
    "[led-412-stream-export 5c0e9a1] Stream the transactions CSV export (LED-412)\n"
    " 2 files changed, 48 insertions(+), 9 deletions(-)\n"
    "https://github.com/ledgerly/ledgerly/pull/1290\n",
    command=[
        "bash",
        "-lc",
        "git checkout -b led-412-stream-export && git add -A && git commit -m 'Stream the "
        "transactions CSV export (LED-412)' && git push -u origin HEAD && gh pr create --fill",
    ],
)
s.say(
    "Pushed as PR #1290. The export streams from one Repo.transaction (timeout: :infinity) "
    "with Repo.stream(max_rows: 1000), one chunk per 1,000 rows. Account 8812 exports all "
    "1,412,306 rows plus the header, peak memory 188 MB instead of 3.1 GB, and all 148 "
    "tests pass."
)
s.user(
    "Priya reviewed #1290:\n"
    "1. the download should have the date in its filename, finance keeps several\n"
    "2. if the browser disconnects halfway, does the transaction stay open holding a "
    "connection?\n"
    "3. the invoices export in InvoiceExportController does the same Repo.all\n"
    "4. nothing checks that the header row goes out once, not once per batch\n"
    "My take: 1 you did that already I think. 2 answer her on the PR: chunk/2 returns "
    "{:error, :closed}, we halt and the transaction ends. 3 is LED-431, not this PR. 4 yes, "
    "add a test with 2,500 rows so it spans three batches."
)
s.call(
    "shell",
    '18:      |> put_resp_header("content-disposition", ~s(attachment; '
    'filename="transactions-#{account_id}-#{Date.utc_today()}.csv"))\n',
    command=["bash", "-lc", f"grep -n 'filename=' {_CTRL}"],
)
s.call(
    "shell",
    "https://github.com/ledgerly/ledgerly/pull/1290#issuecomment-2281907\n",
    "Answering 1 and 2 on the PR.",
    command=["bash", "-lc", "gh pr comment 1290 --body-file /tmp/pr1290.md"],
    body="(1) The filename already has the account and the date: "
    "transactions-8812-2026-12-03.csv. (2) No: when the client goes away chunk/2 returns "
    "{:error, :closed}, reduce_while halts and the transaction ends. (3) is LED-431.",
)
s.say(
    "1 was already done: the filename is transactions-<account>-<date>.csv. 2 is answered on "
    "#1290. 3 is left to LED-431."
)
s.say("Next I'll add the date to the Content-Disposition filename.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "LED-412: the transactions CSV export of account 8812 (1.4M rows) gets the web "
             "pod OOM-killed at 2 GiB because ExportController loads every row with Repo.all "
             "and builds the whole file in memory; make the export stream.",
             must=(("stream", "oom", "in memory", "repo.all"),
                   ("export", "led-412", "csv")),
             partial_means="The export named without the memory problem, or the reverse.",
             wrong="Speeding up the query with an index; raising the pod's memory limit."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review of PR #1290 with the user's take: (1) the date in the filename, "
             "already done; (2) answer on the PR that chunk/2 returns {:error, :closed}, the "
             "export halts and the transaction ends; (3) the invoices export is LED-431, not "
             "this PR; (4) add a test with 2,500 rows that the header row is sent once.",
             must=(("header",), ("2,500", "led-431", "error, :closed", "answer her")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "take"),
             partial_means="One of the points to act on.",
             wrong="Streaming the invoices export now.",
             stale_means="The not-OFFSET correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Priya's fourth point: add a test to export_controller_test.exs with 2,500 rows "
             "(three batches of 1,000) asserting the header row appears once, run mix test, "
             "then commit and push to PR #1290. The date is already in the filename.",
             must=(("test",), ("header",)),
             stale=("add the date to the content-disposition filename", "paginator",
                    "limit/offset"),
             partial_means="Says to push or commit without the header test.",
             wrong="Streaming the invoices export; moving the export to a background job.",
             stale_means="Says to add the date to the filename (already there), or to page "
                         "with the paginator."),
    Question("files_edited", "Which files were changed, and why?",
             "lib/ledgerly_web/controllers/export_controller.ex (send_chunked, Repo.stream "
             "with max_rows: 1000 inside Repo.transaction with timeout: :infinity, the "
             "dated filename); test/ledgerly_web/controllers/export_controller_test.exs (new, "
             "streams every row of 3,000). lib/ledgerly/exports/paginator.ex was created and "
             "deleted.",
             must=(("export_controller.ex",), ("export_controller_test.exs",)),
             stale=("paginator.ex",),
             spread=True,
             partial_means="One of the two files.",
             wrong="InvoiceExportController or transaction.ex given as edited.",
             stale_means="lib/ledgerly/exports/paginator.ex listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The export streams with Repo.stream (max_rows: 1000) inside one Repo.transaction "
             "and sends each batch with send_chunked and chunk/2; it rules out LIMIT/OFFSET "
             "pages (each page rescans the rows before it, and rows posted during the export "
             "shift the pages).",
             must=(("repo.stream",), ("transaction", "chunk"), ("offset", "paginator")),
             partial=2,
             stale=("page through with limit/offset", "pages of 5,000 rows"),
             partial_means="Repo.stream without what it rules out.",
             wrong="A background job that writes the file to S3; Task.async_stream.",
             stale_means="LIMIT/OFFSET pages through the paginator given as the design."),
    Question("review", "What did the review find?",
             "Priya on #1290: (1) the date in the filename (already done); (2) whether a "
             "disconnect leaves the transaction open (answered: chunk/2 returns {:error, "
             ":closed}, it halts); (3) the invoices export has the same Repo.all (LED-431); (4) "
             "no check that the header row goes out once (pending).",
             must=(("date", "filename"), ("disconnect",), ("invoice", "led-431"),
                   ("header",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The 15000ms timeout given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not OFFSET: every page rescans the rows before it (page 280 reads 1.4M rows) and "
             "rows posted during the export shift the pages; use Repo.stream inside one "
             "Repo.transaction with max_rows: 1000, send with send_chunked/chunk, delete the "
             "paginator.",
             must=(("offset",), ("repo.stream", "repo.transaction")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No OFFSET without what to do instead, or the reverse.",
             wrong="The timeout given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The streamed export of account 8812 stopped after about 612,000 rows with "
             "DBConnection.ConnectionError: timed out because it checked out the connection "
             "for longer than 15000ms; a forced recompile and a restart of the dev server did "
             "not fix it; fixed by timeout: :infinity on the Repo.transaction (the default "
             "transaction timeout is 15 s).",
             must=(("15000ms", "dbconnection", "connectionerror", "timed out"),
                   ("timeout: :infinity", ":infinity")),
             stale=("fixed by recompil", "fixed by a recompile", "fixed by restarting",
                    "fixed by re-running", "fixed by forcing", "old compiled controller"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="An OOM in the test; a NimbleCSV encoding error.",
             stale_means="The timeout 'fixed' by a forced recompile or a restart."),
    Question("key_values", "Which key values matter?",
             "1.4M rows (1,412,306) for account 8812; 2 GiB pod limit, 3.1 GB before, 188 MB "
             "peak after; max_rows: 1000; 15000ms default timeout; 148 tests; PR #1290; "
             "LED-412 and LED-431; port 4000.",
             must=(("188 mb", "1,412,306", "148 tests"), ("#1290", "led-431")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "lib/ledgerly_web/controllers/export_controller.ex serves the transactions CSV "
             "download; lib/ledgerly/ledger/transaction.ex has Transaction.for_account, the "
             "query; test/ledgerly_web/controllers/export_controller_test.exs tests the "
             "export; config/runtime.exs sets the pool.",
             must=(("export_controller.ex",), ("transaction.ex", "for_account",
                                               "export_controller_test.exs")),
             partial_means="The files named without what they hold.",
             wrong="paginator.ex as the pager."),
    Question("pending", "What work is still pending?",
             "The header-once test with 2,500 rows (Priya's 4), commit and push to #1290; the "
             "invoices export later in LED-431.",
             must=(("header",), ("led-431", "push", "commit")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The dated filename or the disconnect reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #1290 is open with the streamed export; account 8812 exports all 1,412,306 "
             "rows at a 188 MB peak and all 148 tests pass; Priya's 1 was already done, 2 "
             "answered on the PR, 3 is LED-431; the header test is not written or pushed.",
             must=(("148 tests", "188 mb", "tests pass", "1,412,306"),
                   ("header", "not written", "not pushed")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the invoices export is streamed.",
             stale_means="Says the export pages with LIMIT/OFFSET."),
)  # fmt: skip

PRODUCTION = """Summary so far: LED-412: the transactions CSV export of account 8812 (1.4M rows) got the web pod OOM-killed at 2 GiB because lib/ledgerly_web/controllers/export_controller.ex loaded every row with Repo.all and built the file in memory. I first paged with LIMIT/OFFSET in lib/ledgerly/exports/paginator.ex; the user ruled it out (each page rescans the rows before it, rows posted mid-export shift the pages), and the file is deleted.
Decision: Repo.stream(max_rows: 1000) inside one Repo.transaction, each batch sent with send_chunked and chunk/2; the filename is transactions-<account>-<date>.csv. test/ledgerly_web/controllers/export_controller_test.exs added (3,000 rows).
Error: the real export stopped at 15000ms with DBConnection.ConnectionError (timed out, connection checked out too long); a forced recompile and a dev server restart did not help; fixed by timeout: :infinity on the Repo.transaction. Now all 1,412,306 rows export at a 188 MB peak, 148 tests pass.
PR #1290 is open. Priya's review: the date in the filename (already done); a disconnect mid-export answered on the PR ({:error, :closed} halts, the transaction ends); the invoices export is LED-431; a test that the header row goes out once is pending.
Next: add the header test with 2,500 rows (three batches), run mix test, then commit and push to #1290."""
