"""Held out, twenty-third set: written 2026-12-07, while round 11 was tuned on the twenty-second
set, by an author who never ran the handoff on them. Claude Code, Clojure (deps.edn, Clojure
1.12, ring-jetty with ring-json, next.jdbc 1.3.939 over HikariCP 5.1.0, integrant, kaocha):
since tally-reports 2.8.0 went out on Dec 2 each of the six pods stops answering 3-4 hours after
it starts, every request failing with HikariPool-1 "Connection is not available, request timed
out after 30000ms (total=10, active=10, idle=0)" and ops restarting the pods every 3 hours
(RPT-631), because since 4e1b9d7 (?expand=entries, RPT-602) tally.reports.statements/
monthly-statement returns :accounts as a lazy for from inside jdbc/with-transaction: ring-json
realises it after tx is closed, and tally.db/live (the RPT-540 fallback, b71e0a2) takes a fresh
connection from the pool for each account's entries query and never closes it (locally
cus_4410, two accounts, times out on its sixth request); a first design (raise :maximumPoolSize
to 40, a new src/tally/db/leak_reaper.clj with a chime job every 60 s closing reopened
connections out for 5 minutes, chime added to deps.edn, the reaper's require and integrant key
in src/tally/system.clj) written, then ruled out by the user (40 x 6 pods is 240 against the
RDS max_connections of 200 shared with billing-worker; a reaper on a timer hides the bug and
closes connections under long requests; no new namespace or dependency) for realising the
statement inside the transaction in the existing namespace (the month's entries in one query
reduced over jdbc/plan into a map by account, the accounts built with into []), the reopen
taken out of tally.db/query, :leakDetectionThreshold 20000 in config.edn, the pool left at 10;
leak_reaper.clj deleted and db.clj, config.edn and deps.edn checked out, but not system.clj;
kaocha then fails to load with FileNotFoundException (Could not locate
tally/db/leak_reaper__init.class ... on classpath), which rm -rf .cpcache target, clojure
-T:build clean and a re-run did not fix and git checkout of src/tally/system.clj (the
forgotten require and :tally.db/leak-reaper key) did; PR #447 (9c3f1ab), 85 tests, 0 failures;
Ines's review with four points: one done in the first commit (the reopen fallback gone), one
answered on the PR (why not doall), one a ticket (the ledger.csv export holding a connection
6-8 minutes trips the 20 s leak detection: a cursor with :fetch-size, RPT-655), one still to do
(a test that the pool has no active connections after an expand=entries request); a long
production compaction; the assistant's last words announce the ledger.csv cursor the user put
off to RPT-655."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/Users/dana/src/tally-reports"
_STATEMENTS = f"{_ROOT}/src/tally/reports/statements.clj"
_DB = f"{_ROOT}/src/tally/db.clj"
_REAPER = f"{_ROOT}/src/tally/db/leak_reaper.clj"
_SYSTEM = f"{_ROOT}/src/tally/system.clj"
_CONFIG = f"{_ROOT}/resources/config.edn"
_DEPS = f"{_ROOT}/deps.edn"
_TEST = f"{_ROOT}/test/tally/reports/statements_test.clj"
_URL = "localhost:8080/api/customers/cus_4410/statements/2026-11?expand=entries"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_STATEMENTS_SRC = """(ns tally.reports.statements
  "Monthly statements: GET /api/customers/:customer-id/statements/:month."
  (:require [next.jdbc :as jdbc]
            [ring.util.response :as resp]
            [tally.db :as db]
            [tally.reports.money :as money]))

(def ^:private accounts-sql
  "select id, name, currency from accounts
    where customer_id = ? and closed_at is null
    order by name")

(def ^:private entries-sql
  "select id, booked_on, description, amount_minor from ledger_entries
    where account_id = ? and booked_on >= ?::date and booked_on < ?::date + interval '1 month'
    order by booked_on, id")

(defn- ->entry [row]
  {:id (:id row)
   :booked-on (str (:booked-on row))
   :description (:description row)
   :amount (money/format-minor (:amount-minor row))})

(defn monthly-statement
  "The customer's open accounts for the month; with ?expand=entries (2.8.0, RPT-602) each
  account carries its entries."
  [{:keys [ds]} customer-id month expand?]
  (jdbc/with-transaction [tx ds {:read-only true}]
    (let [from (str month "-01")
          accounts (db/query tx [accounts-sql customer-id])]
      (resp/response
       {:customer-id customer-id
        :month month
        :accounts (for [a accounts]
                    (cond-> (select-keys a [:id :name :currency])
                      expand? (assoc :entries
                                     (mapv ->entry
                                           (db/query tx [entries-sql (:id a) from from])))))}))))
"""

_DB_SRC = """(ns tally.db
  (:require [integrant.core :as ig]
            [next.jdbc :as jdbc]
            [next.jdbc.connection :as connection]
            [next.jdbc.result-set :as rs])
  (:import (com.zaxxer.hikari HikariDataSource)
           (java.sql Connection)))

(defonce ^:private pool (atom nil))

(defmethod ig/init-key ::pool [_ cfg]
  (reset! pool (connection/->pool HikariDataSource cfg)))

(defmethod ig/halt-key! ::pool [_ ds]
  (.close ^HikariDataSource ds))

(def opts {:builder-fn rs/as-unqualified-kebab-maps})

(defn- live
  "RPT-540: a connection already closed under us (the request's transaction over) is
  swapped for a fresh one from the pool, so the query still runs."
  [db]
  (if (and (instance? Connection db) (.isClosed ^Connection db))
    (jdbc/get-connection @pool)
    db))

(defn query
  "Runs sql-params on db (a datasource, a connection or a transaction)."
  [db sql-params]
  (jdbc/execute! (live db) sql-params opts))
"""

_REAPER_SRC = """(ns tally.db.leak-reaper
  "RPT-631: closes the connections tally.db/live reopened that are still out after 5 minutes,
  so a leaked connection goes back to the pool instead of exhausting it."
  (:require [chime.core :as chime]
            [clojure.tools.logging :as log]
            [integrant.core :as ig]
            [tally.db :as db])
  (:import (java.sql Connection)
           (java.time Duration Instant)))

(def max-age (Duration/ofMinutes 5))

(defn reap! [^Instant now]
  (doseq [[^Connection conn ^Instant opened] @db/reopened
          :when (.isBefore (.plus opened max-age) now)]
    (log/warnf "RPT-631: closing a connection reopened at %s" opened)
    (.close conn)
    (swap! db/reopened dissoc conn)))

(defmethod ig/init-key ::leak-reaper [_ {:keys [every]}]
  (chime/chime-at (chime/periodic-seq (Instant/now) every) (fn [now] (reap! now))))

(defmethod ig/halt-key! ::leak-reaper [_ job]
  (.close ^java.lang.AutoCloseable job))
"""


def _load_error(n: int) -> str:
    """kaocha failing to load the test namespaces: tally.system requires the deleted reaper."""
    return (
        "[(\n"
        "ERROR in unit (system.clj:1)\n"
        "Failed loading tests:\n"
        "Exception: clojure.lang.Compiler$CompilerException: Syntax error compiling at "
        "(tally/system.clj:1:1).\n"
        " at clojure.lang.Compiler.load (Compiler.java:7665)\n"
        "    clojure.lang.RT.loadResourceScript (RT.java:381)\n"
        "    clojure.lang.RT.load (RT.java:459)\n"
        "    clojure.core$load$fn__6930.invoke (core.clj:6189)\n"
        "    ...\n"
        f"    tally.test_system$eval{n + 16}$loading__6812__auto____{n + 17}.invoke "
        "(test_system.clj:1)\n"
        "    ...\n"
        f"    tally.reports.statements_test$eval{n}$loading__6812__auto____{n + 1}.invoke "
        "(statements_test.clj:1)\n"
        "Caused by: java.io.FileNotFoundException: Could not locate "
        "tally/db/leak_reaper__init.class, tally/db/leak_reaper.clj or "
        "tally/db/leak_reaper.cljc on classpath. Please check that namespaces with dashes use "
        "underscores in the Clojure file name.\n"
        " at clojure.lang.RT.load (RT.java:462)\n"
        "    clojure.lang.RT.load (RT.java:424)\n"
        "    clojure.core$load$fn__6930.invoke (core.clj:6189)\n"
        "    clojure.core$load.invokeStatic (core.clj:6188)\n"
        "    ...\n"
        f"    tally.system$eval{n + 24}$loading__6812__auto____{n + 25}.invoke (system.clj:1)\n"
        "1 tests, 1 assertions, 1 errors, 0 failures.\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "RPT-631: since tally-reports 2.8.0 went out on Dec 2 at 10:40, each of the six pods stops "
    "answering 3-4 hours after it starts. Every request then hangs 30 s and fails with "
    '"HikariPool-1 - Connection is not available, request timed out after 30000ms (total=10, '
    "active=10, idle=0, waiting=14)\". /healthz doesn't touch the database, so Kubernetes "
    "never restarts them; ops have had a CronJob restarting them every 3 hours since Dec 4. "
    "2.7.3 ran for weeks without it. Something leaks connections: find it and fix it. Don't "
    "touch the production database or the pods. There's the docker-compose Postgres for local "
    "work (port 55432, tally_dev)."
)
s.call(
    "Bash",
    "4e1b9d7 2026-11-27 Jonas Weber statements: ?expand=entries, each account's entries for "
    "the month (RPT-602)\n"
    "1f08c3a 2026-06-03 Dana Osei statements: monthly statement endpoint\n"
    "---\n"
    "b71e0a2 2026-09-12 Jonas Weber db: reopen when the request's connection is already closed "
    "(RPT-540)\n"
    "7d2e4a0 2026-05-28 Dana Osei db: hikari pool, query helper\n"
    "---\n"
    "2.7.3..2.8.0: 14 commits, 9 files; src/tally/reports/statements.clj is the only change "
    "under src/tally that touches the database\n"
    "---\n"
    " :db {:jdbcUrl #env DATABASE_URL\n"
    "      :maximumPoolSize 10\n"
    "      :connectionTimeout 30000}\n"
    "---\n"
    '  com.github.seancorfield/next.jdbc {:mvn/version "1.3.939"}\n'
    '  com.zaxxer/HikariCP {:mvn/version "5.1.0"}\n'
    '  org.postgresql/postgresql {:mvn/version "42.7.4"}\n'
    '  ring/ring-jetty-adapter {:mvn/version "1.12.2"}\n'
    '  ring/ring-json {:mvn/version "0.5.1"}\n'
    '  integrant/integrant {:mvn/version "0.10.0"}\n',
    "Starting with what changed between 2.7.3 and 2.8.0 around the database, the pool settings "
    "and the versions.",
    command="git log --format='%h %ad %an %s' --date=short -- src/tally/reports/statements.clj "
    "&& echo --- && git log --format='%h %ad %an %s' --date=short -- src/tally/db.clj && echo "
    "--- && scripts/changed-since 2.7.3 2.8.0 src/tally && echo --- && grep -n -A2 ':db {' "
    "resources/config.edn && echo --- && grep -E 'next.jdbc|HikariCP|postgresql|ring-jetty|"
    "ring-json|integrant/' deps.edn",
    description="History of statements.clj and db.clj, the pool config, the versions",
)
s.call(
    "Read",
    _numbered(_STATEMENTS_SRC),
    "4e1b9d7 is the only database change in 2.8.0. Reading the statement handler.",
    file_path=_STATEMENTS,
)
s.call(
    "Read",
    _numbered(_DB_SRC),
    "The :accounts value is a lazy `for` returned from inside with-transaction, and each "
    "element runs a query on tx. Reading tally.db/query, which those queries go through.",
    file_path=_DB,
)
s.call(
    "Bash",
    "req 1: 200 0.214s\nreq 2: 200 0.061s\nreq 3: 200 0.058s\nreq 4: 200 0.057s\n"
    "req 5: 200 0.060s\nreq 6: 500 30.019s\n"
    "---\n"
    "2026-12-07 10:14:52.318 WARN  tally.http - GET /api/customers/cus_4410/statements/2026-11 "
    "failed\n"
    "java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, "
    "request timed out after 30001ms (total=10, active=10, idle=0, waiting=0)\n"
    "\tat com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:686)\n"
    "\tat com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:179)\n"
    "\tat com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:99)\n"
    "\tat next.jdbc.transaction$transact_STAR_.invokeStatic(transaction.clj:80)\n"
    "\tat tally.reports.statements$monthly_statement.invokeStatic(statements.clj:28)\n"
    "---\n"
    " state | count |                      query\n"
    "-------+-------+--------------------------------------------------\n"
    " idle  |    10 | select id, booked_on, description, amount_minor \n"
    "(1 row)\n",
    "Reproducing locally: the app against the docker Postgres, six expand=entries requests "
    "for cus_4410 (two open accounts), then what Postgres sees.",
    command="clojure -M:run > /tmp/tally.log 2>&1 & echo $! > /tmp/tally.pid; sleep 25; for i in $(seq 1 6); do "
    f"curl -s -o /dev/null -w \"req $i: %{{http_code}} %{{time_total}}s\\n\" '{_URL}'; done && "
    "echo --- && grep -A5 'failed$' /tmp/tally.log | head -8 && echo --- && psql -h localhost "
    '-p 55432 -U tally tally_dev -c "select state, count(*), left(query, 48) as query from '
    "pg_stat_activity where application_name = 'PostgreSQL JDBC Driver' group by 1, 3\"",
    description="Reproduce the pool exhaustion locally",
)
s.call(
    "Write",
    f"File created successfully at: {_REAPER}",
    "Found it. Since 4e1b9d7 (2.8.0) monthly-statement builds :accounts with a lazy `for` "
    "inside jdbc/with-transaction. The handler returns before the `for` is realised: "
    "wrap-json-response realises it while writing the body, after with-transaction has "
    "committed and closed tx. Each account's entries query then reaches tally.db/live "
    "(b71e0a2, RPT-540), which sees the closed connection and takes a fresh one from the pool "
    "that nothing ever closes. Every expand=entries request leaks one connection per account: "
    "cus_4410 has two, so five requests take all 10 and the sixth times out after 30 s, and "
    "Postgres shows 10 idle connections whose last query is the entries select. Plan: raise "
    ":maximumPoolSize to 40 for headroom, and a new tally.db.leak-reaper namespace: live "
    "records each connection it reopens in tally.db/reopened, and a chime job every 60 s "
    "closes the ones out longer than 5 minutes.",
    file_path=_REAPER,
    content=_REAPER_SRC,
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_DB}",
    file_path=_DB,
    edits=[
        {
            "old_string": "(defn- live\n",
            "new_string": "(defonce reopened (atom {})) ; connection -> Instant, for "
            "tally.db.leak-reaper\n\n(defn- live\n",
        },
        {
            "old_string": "  (if (and (instance? Connection db) (.isClosed ^Connection db))\n"
            "    (jdbc/get-connection @pool)\n    db))\n",
            "new_string": "  (if (and (instance? Connection db) (.isClosed ^Connection db))\n"
            "    (let [fresh (jdbc/get-connection @pool)]\n"
            "      (swap! reopened assoc fresh (java.time.Instant/now)) ; closed by the reaper\n"
            "      fresh)\n    db))\n",
        },
    ],
)
s.call(
    "Edit",
    f"The file {_CONFIG} has been updated.",
    file_path=_CONFIG,
    old_string="      :maximumPoolSize 10\n",
    new_string="      :maximumPoolSize 40\n",
)
s.call(
    "Edit",
    f"The file {_DEPS} has been updated.",
    file_path=_DEPS,
    old_string='  integrant/integrant {:mvn/version "0.10.0"}\n',
    new_string='  integrant/integrant {:mvn/version "0.10.0"}\n'
    '  jarohen/chime {:mvn/version "0.3.3"}\n',
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_SYSTEM}",
    "Registering the reaper in the integrant system beside the pool.",
    file_path=_SYSTEM,
    edits=[
        {
            "old_string": "            [tally.db :as db]\n",
            "new_string": "            [tally.db :as db]\n            [tally.db.leak-reaper]\n",
        },
        {
            "old_string": "  (:import (org.eclipse.jetty.server Server)))\n",
            "new_string": "  (:import (java.time Duration)\n"
            "           (org.eclipse.jetty.server Server)))\n",
        },
        {
            "old_string": "   :tally.db/pool (:db cfg)\n",
            "new_string": "   :tally.db/pool (:db cfg)\n"
            "   :tally.db/leak-reaper {:every (Duration/ofSeconds 60)}\n",
        },
    ],
)
s.call(
    "Bash",
    "Downloading: jarohen/chime/0.3.3/chime-0.3.3.pom from clojars\n"
    "Downloading: jarohen/chime/0.3.3/chime-0.3.3.jar from clojars\n"
    "[(...........)(..............................)(..........................)(.................)]\n"
    "84 tests, 312 assertions, 0 failures.\n",
    "Running the tests.",
    command="bin/kaocha",
    description="Run the kaocha suite",
)
s.say(
    "The pool is at 40 and tally.db.leak-reaper closes any connection tally.db/live reopened "
    "that has been out for more than 5 minutes, every 60 s; 84 tests pass. With 40 "
    "connections and the reaper a pod should no longer run dry between restarts."
)
s.user(
    "No. A bigger pool only moves the outage: 40 x 6 pods is 240 connections, and the RDS "
    "instance (db.r6g.large, shared with billing-worker) has max_connections 200, so we'd die "
    "later and take billing with us. And a reaper that closes connections on a timer hides the "
    "bug and will one day close a connection under a request that's still using it. No new "
    "namespace and no new dependency for this. The bug is the lazy seq: realise the statement "
    "inside the transaction, in tally.reports.statements itself. One query for the month's "
    "entries of all the customer's accounts, reduced over jdbc/plan into a map by account id, "
    "and the accounts built with into []. Take the RPT-540 reopen out of tally.db/query so a "
    "closed connection throws instead of quietly taking another one, and set "
    ":leakDetectionThreshold 20000 in the pool config so Hikari logs the next leak with its "
    "stack. The pool stays at 10. Delete leak_reaper.clj and put db.clj, config.edn and "
    "deps.edn back first."
)
s.call(
    "Bash",
    "Updated 3 paths from the index\n",
    "Dropping the pool and the reaper: deleting leak_reaper.clj and checking db.clj, "
    "config.edn and deps.edn out again.",
    command="rm src/tally/db/leak_reaper.clj && git checkout -- src/tally/db.clj "
    "resources/config.edn deps.edn",
    description="Delete the reaper, revert db.clj, config.edn and deps.edn",
)
s.call(
    "MultiEdit",
    f"Applied 4 edits to {_STATEMENTS}",
    "The statement is now realised inside with-transaction: entries-by-account reads the "
    "month's entries of all the customer's open accounts in one query and reduces over "
    "jdbc/plan into a map by account id, and :accounts is built with into [], so nothing is "
    "left to run once tx goes back to the pool.",
    file_path=_STATEMENTS,
    edits=[
        {
            "old_string": "  (:require [next.jdbc :as jdbc]\n",
            "new_string": "  (:require [next.jdbc :as jdbc]\n"
            "            [next.jdbc.result-set :as rs]\n",
        },
        {
            "old_string": "(def ^:private entries-sql\n"
            '  "select id, booked_on, description, amount_minor from ledger_entries\n'
            "    where account_id = ? and booked_on >= ?::date and booked_on < ?::date + "
            "interval '1 month'\n"
            '    order by booked_on, id")\n',
            "new_string": "(def ^:private month-entries-sql\n"
            '  "select e.id, e.account_id, e.booked_on, e.description, e.amount_minor\n'
            "     from ledger_entries e join accounts a on a.id = e.account_id\n"
            "    where a.customer_id = ? and a.closed_at is null\n"
            "      and e.booked_on >= ?::date and e.booked_on < ?::date + interval '1 month'\n"
            '    order by e.booked_on, e.id")\n',
        },
        {
            "old_string": "   :amount (money/format-minor (:amount-minor row))})\n",
            "new_string": "   :amount (money/format-minor (:amount-minor row))})\n\n"
            "(defn- entries-by-account\n"
            "  \"The month's entries of the customer's open accounts in one query, by account "
            'id."\n'
            "  [tx customer-id month]\n"
            '  (let [from (str month "-01")]\n'
            "    (reduce (fn [acc row]\n"
            "              (update acc (:account-id row) (fnil conj []) (->entry row)))\n"
            "            {}\n"
            "            (jdbc/plan tx [month-entries-sql customer-id from from]\n"
            "                       {:builder-fn rs/as-unqualified-kebab-maps}))))\n",
        },
        {
            "old_string": "  (jdbc/with-transaction [tx ds {:read-only true}]\n"
            '    (let [from (str month "-01")\n'
            "          accounts (db/query tx [accounts-sql customer-id])]\n"
            "      (resp/response\n"
            "       {:customer-id customer-id\n"
            "        :month month\n"
            "        :accounts (for [a accounts]\n"
            "                    (cond-> (select-keys a [:id :name :currency])\n"
            "                      expand? (assoc :entries\n"
            "                                     (mapv ->entry\n"
            "                                           (db/query tx [entries-sql (:id a) from "
            "from])))))}))))\n",
            "new_string": "  (jdbc/with-transaction [tx ds {:read-only true}]\n"
            "    ;; RPT-631: everything is realised here, inside the transaction; a lazy seq\n"
            "    ;; returned from with-transaction runs its queries after tx is closed.\n"
            "    (let [entries (when expand? (entries-by-account tx customer-id month))]\n"
            "      (resp/response\n"
            "       {:customer-id customer-id\n"
            "        :month month\n"
            "        :accounts (into []\n"
            "                        (map (fn [a]\n"
            "                               (cond-> (select-keys a [:id :name :currency])\n"
            "                                 expand? (assoc :entries (get entries (:id a) "
            "[])))))\n"
            "                        (db/query tx [accounts-sql customer-id]))}))))\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_DB}",
    "tally.db/query without the RPT-540 reopen: a closed connection now throws.",
    file_path=_DB,
    edits=[
        {
            "old_string": "  (:import (com.zaxxer.hikari HikariDataSource)\n"
            "           (java.sql Connection)))\n",
            "new_string": "  (:import (com.zaxxer.hikari HikariDataSource)))\n",
        },
        {
            "old_string": "(defn- live\n"
            "  \"RPT-540: a connection already closed under us (the request's transaction "
            "over) is\n"
            '  swapped for a fresh one from the pool, so the query still runs."\n'
            "  [db]\n"
            "  (if (and (instance? Connection db) (.isClosed ^Connection db))\n"
            "    (jdbc/get-connection @pool)\n"
            "    db))\n\n"
            "(defn query\n"
            '  "Runs sql-params on db (a datasource, a connection or a transaction)."\n'
            "  [db sql-params]\n"
            "  (jdbc/execute! (live db) sql-params opts))\n",
            "new_string": "(defn query\n"
            '  "Runs sql-params on db (a datasource, a connection or a transaction). A closed\n'
            '  connection throws: realise results inside with-transaction (RPT-631)."\n'
            "  [db sql-params]\n"
            "  (jdbc/execute! db sql-params opts))\n",
        },
    ],
)
s.call(
    "Edit",
    f"The file {_CONFIG} has been updated.",
    file_path=_CONFIG,
    old_string="      :connectionTimeout 30000}\n",
    new_string="      :connectionTimeout 30000\n"
    "      ;; RPT-631: log a connection out of the pool for more than 20 s, with its stack\n"
    "      :leakDetectionThreshold 20000}\n",
)
s.call(
    "Edit",
    f"The file {_TEST} has been updated.",
    "A test that an expanded statement comes back realised, entries grouped by account.",
    file_path=_TEST,
    old_string="(deftest monthly-statement-test\n",
    new_string="(deftest expanded-statement-test\n"
    '  (testing "RPT-631: entries realised inside the transaction, grouped by account"\n'
    '    (let [body (:body (st/monthly-statement {:ds ts/*db*} "cus_test1" "2026-11" '
    "true))]\n"
    "      (is (vector? (:accounts body)))\n"
    "      (is (= [3 1] (map (comp count :entries) (:accounts body))))\n"
    '      (is (= "2026-11-02" (-> body :accounts first :entries first :booked-on))))))\n\n'
    "(deftest monthly-statement-test\n",
)
s.call(
    "Bash",
    _load_error(2187),
    "Running the tests.",
    command="bin/kaocha",
    description="Run the kaocha suite",
)
s.call(
    "Bash",
    _load_error(2203),
    'A FileNotFoundException "on classpath" right after deps.edn was checked out looks like '
    "a stale .cpcache: the classpath cached for the deps.edn with chime in it. Clearing "
    ".cpcache and target, cleaning, and running again.",
    command="rm -rf .cpcache target && clojure -T:build clean && bin/kaocha",
    description="Clear the classpath cache and target, clean, re-run",
)
s.call(
    "Bash",
    "src/tally/system.clj:10:            [tally.db.leak-reaper]\n"
    "src/tally/system.clj:42:   :tally.db/leak-reaper {:every (Duration/ofSeconds 60)}\n"
    "---\n"
    " M resources/config.edn\n"
    " M src/tally/db.clj\n"
    " M src/tally/reports/statements.clj\n"
    " M src/tally/system.clj\n"
    " M test/tally/reports/statements_test.clj\n",
    "Same error with a freshly computed classpath, so it isn't a stale classpath. The trace "
    "says who asks for the namespace: tally/system.clj line 1, its ns form. Looking for what "
    "still names the reaper.",
    command="grep -rn 'leak.reaper' src test resources deps.edn; echo ---; git status --short",
    description="Find what still refers to the reaper",
)
s.call(
    "Bash",
    "diff --git a/src/tally/system.clj b/src/tally/system.clj\n"
    "index 3c4f0d2..e81a7b5 100644\n"
    "--- a/src/tally/system.clj\n"
    "+++ b/src/tally/system.clj\n"
    "@@ -7,8 +7,10 @@\n"
    "             [ring.middleware.json :refer [wrap-json-response]]\n"
    "             [tally.db :as db]\n"
    "+            [tally.db.leak-reaper]\n"
    "             [tally.http :as http])\n"
    "-  (:import (org.eclipse.jetty.server Server)))\n"
    "+  (:import (java.time Duration)\n"
    "+           (org.eclipse.jetty.server Server)))\n"
    "@@ -39,4 +41,5 @@\n"
    "   {:tally.http/server {:port (:port cfg) :handler (ig/ref :tally.http/handler)}\n"
    "    :tally.http/handler {:db (ig/ref :tally.db/pool)}\n"
    "    :tally.db/pool (:db cfg)\n"
    "+   :tally.db/leak-reaper {:every (Duration/ofSeconds 60)}\n"
    "    })\n"
    "[(...........)(...............................)(..........................)(.................)]\n"
    "85 tests, 318 assertions, 0 failures.\n",
    "That's it: the first design's require of tally.db.leak-reaper and its "
    ":tally.db/leak-reaper integrant key are still in src/tally/system.clj. The revert covered "
    "db.clj, config.edn and deps.edn, not system.clj. Checking it out too and running the "
    "tests.",
    command="git diff src/tally/system.clj && git checkout -- src/tally/system.clj && bin/kaocha",
    description="Revert system.clj and run the suite",
)
s.call(
    "Bash",
    "200 requests: 200 x 200, p50 0.041s, max 0.093s\n"
    "---\n"
    "2026-12-07 11:02:37.905 DEBUG com.zaxxer.hikari.pool.HikariPool - HikariPool-1 - Pool "
    "stats (total=10, active=0, idle=10, waiting=0)\n"
    "---\n"
    "0\n"
    "---\n"
    "linting took 1204ms, errors: 0, warnings: 0\n",
    "The local repro again with the fix: 200 expand=entries requests for cus_4410, then the "
    "pool's stats, any leak-detection warnings, and the linter.",
    command="kill $(cat /tmp/tally.pid); clojure -M:run > /tmp/tally.log 2>&1 & echo $! > "
    "/tmp/tally.pid; sleep 25; scripts/hammer 200 "
    f"'{_URL}' && echo --- && grep 'Pool stats' /tmp/tally.log | tail -1 && echo --- && grep "
    "-c 'Connection leak detection' /tmp/tally.log; echo --- && clj-kondo --lint src test",
    description="Re-run the repro, check pool stats and leak warnings, lint",
)
s.call(
    "Bash",
    "Switched to a new branch 'fix/rpt-631-realise-statements-in-tx'\n"
    "[fix/rpt-631-realise-statements-in-tx 9c3f1ab] statements: realise the statement inside "
    "the transaction; no reopen in db/query (RPT-631)\n"
    " 4 files changed, 47 insertions(+), 23 deletions(-)\n"
    "branch 'fix/rpt-631-realise-statements-in-tx' set up to track "
    "'origin/fix/rpt-631-realise-statements-in-tx'.\n"
    "https://github.com/tally-finance/tally-reports/pull/447\n",
    "Committing, pushing and opening the PR.",
    command="git checkout -b fix/rpt-631-realise-statements-in-tx && git add -A && git commit "
    "-m 'statements: realise the statement inside the transaction; no reopen in db/query "
    "(RPT-631)' && git push -u origin HEAD && gh pr create --fill",
    description="Commit, push, open the PR",
)
s.say(
    "PR #447 is up. monthly-statement now realises everything inside with-transaction: the "
    "month's entries come from one query reduced over jdbc/plan into a map by account id, and "
    ":accounts is built with into []. tally.db/query no longer reopens a closed connection, and "
    "the pool logs any connection out for more than 20 s (:leakDetectionThreshold 20000); it "
    "stays at 10. The leftover reaper require in system.clj is gone. 85 tests pass, clj-kondo "
    "is clean, and 200 expand=entries requests locally leave the pool at active=0, idle=10."
)
s.user(
    "Ines Carvalho reviewed #447:\n"
    "1. tally.db/query's reopen-if-closed (RPT-540) is what turned a lazy seq into a leak. It "
    "has to go, or the next lazy seq leaks again.\n"
    "2. Why not keep the `for` and wrap it in doall inside the transaction? Smaller diff.\n"
    "3. With :leakDetectionThreshold at 20000, the ledger.csv export (piped-input-stream, 6-8 "
    "minutes at month end) will log a leak warning on every download. It should read with a "
    "cursor and :fetch-size 500 instead of holding the connection for the whole download.\n"
    "4. The new test only checks the body. I want a test that the pool has no active "
    "connections after an expand=entries request.\n"
    "My take: 1 you did already, the reopen is out of tally.db/query in the first commit. 2 "
    "answer her on the PR: doall would stop the leak but keeps one query per account, up to "
    "212 for cus_0192, where plan and reduce is one query. 3 is RPT-655, not this PR; until "
    "then the warnings are only log lines. 4 yes, in this PR: assert that getActiveConnections "
    "on the HikariPoolMXBean of the test pool (ts/*db* is the HikariDataSource) is 0 after an "
    "expand=entries statement."
)
s.call(
    "Bash",
    "https://github.com/tally-finance/tally-reports/pull/447#issuecomment-2561730418\n",
    "Answering Ines's 2 on the PR: doall inside the transaction would stop the leak, but it "
    "keeps one entries query per account (212 for cus_0192); plan and reduce reads the month "
    "in one query.",
    command="gh pr comment 447 --body-file /tmp/pr447-doall.md",
    description="Reply to the review on doall",
)
s.say(
    "2 is answered on #447, and 1 went in with the first commit. Next, Ines's 3: I'll move the "
    "ledger.csv export in src/tally/reports/ledger_csv.clj off piped-input-stream onto a "
    "cursor with :fetch-size 500, so a month-end download that holds its connection for 6-8 "
    "minutes stops tripping the 20 s leak detection."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "RPT-631: since tally-reports 2.8.0 (Dec 2) each of the six pods stops answering "
             "3-4 hours after it starts, every request failing with HikariPool-1 \"Connection "
             "is not available, request timed out after 30000ms\" (total=10, active=10), and "
             "ops restart them every 3 hours; find the connection leak and fix it without "
             "touching the production database or the pods. The cause: monthly-statement "
             "returns a lazy for from inside with-transaction, realised after tx is closed, and "
             "tally.db/live reopens a pool connection per account that is never closed.",
             must=(("rpt-631", "tally-reports", "monthly-statement", "reports api",
                    "statement"),
                   ("connection is not available", "30000ms", "stops answering", "leak",
                    "exhaust")),
             partial_means="The outage without the leak or the leak without the outage.",
             wrong="A slow query; Postgres running out of max_connections; a Jetty thread "
                   "pool problem."),
    Question("latest_request", "What did the user last ask?",
             "Ines's review of PR #447 with the user's take: (1) the reopen is out of "
             "tally.db/query already, in the first commit; (2) answer her on the PR: doall "
             "would stop the leak but keeps one query per account (212 for cus_0192), plan and "
             "reduce is one query; (3) the ledger.csv cursor with :fetch-size is RPT-655, not "
             "this PR; (4) yes, in this PR: a test that getActiveConnections on the test "
             "pool's HikariPoolMXBean (ts/*db*) is 0 after an expand=entries statement.",
             must=(("getactiveconnections", "active connections", "hikaripoolmxbean",
                    "no active"),
                   ("rpt-655", "doall", "answer her", "one query", "first commit")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ines", "take"),
             partial_means="One of the points to act on.",
             wrong="Moving ledger.csv to a cursor now; wrapping the for in doall.",
             stale_means="The RPT-631 report or the no-bigger-pool correction given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Ines's 4: add a test to test/tally/reports/statements_test.clj that, after an "
             "expand=entries statement, (.getActiveConnections (.getHikariPoolMXBean ts/*db*)) "
             "is 0; run bin/kaocha, then commit and push to PR #447.",
             must=(("getactiveconnections", "active connections", "hikaripoolmxbean",
                    "no active"),
                   ("kaocha", "push")),
             stale=("ledger.csv", "ledger_csv", "fetch-size", "cursor"),
             partial_means="The test without running kaocha or the push, or the push alone.",
             wrong="Answering Ines's 2 (done); restarting the production pods.",
             stale_means="Says to move the ledger.csv export onto a cursor with :fetch-size "
                         "500 (put off by the user to RPT-655) or to take the reopen out of "
                         "tally.db/query (done already in the first commit)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/tally/reports/statements.clj (entries-by-account: the month's entries in one "
             "query reduced over jdbc/plan into a map by account id, inside with-transaction; "
             ":accounts built with into []); src/tally/db.clj (the RPT-540 reopen, live, "
             "removed from query); resources/config.edn (:leakDetectionThreshold 20000); "
             "test/tally/reports/statements_test.clj (expanded-statement-test). "
             "src/tally/db/leak_reaper.clj was created and deleted; the pool at 40, chime in "
             "deps.edn and db.clj's registration were reverted, and src/tally/system.clj's "
             "reaper require and key checked out later.",
             must=(("statements.clj",), ("db.clj",), ("config.edn",), ("statements_test",)),
             stale=("leak_reaper",),
             spread=True,
             partial_means="Two or three of the files.",
             wrong="deps.edn or system.clj given as changed in the PR.",
             stale_means="src/tally/db/leak_reaper.clj listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Realise the statement inside the transaction, in the existing "
             "tally.reports.statements: the month's entries of all the customer's accounts in "
             "one query reduced over jdbc/plan into a map by account id, the accounts built "
             "with into []; tally.db/query loses the reopen fallback so a closed connection "
             "throws; :leakDetectionThreshold 20000; the pool stays at 10. It rules out raising "
             ":maximumPoolSize to 40, the tally.db.leak-reaper namespace with a chime job "
             "closing reopened connections after 5 minutes, and any new dependency.",
             must=(("jdbc/plan", "into []", "inside the transaction", "inside with-transaction",
                    "reduced over", "reduces over"),
                   ("reaper", "pool to 40", "maximumpoolsize", "bigger pool", "chime")),
             stale=("leak-reaper", "leak reaper", "maximumpoolsize to 40", "pool is at 40"),
             partial_means="Realising inside the transaction without what it rules out.",
             wrong="doall around the for; a bigger connectionTimeout.",
             stale_means="A pool raised to 40 with a tally.db.leak-reaper job that closes "
                         "reopened connections after 5 minutes, given as the design."),
    Question("review", "What did the review find?",
             "Ines on #447: (1) tally.db/query's reopen-if-closed (RPT-540) turned the lazy seq "
             "into a leak and has to go (done in the first commit); (2) why not wrap the for in "
             "doall (answered on the PR: one query per account, up to 212); (3) the ledger.csv "
             "export holds its connection 6-8 minutes and will trip the 20 s leak detection: a "
             "cursor with :fetch-size 500 (RPT-655); (4) a test that the pool has no active "
             "connections after an expand=entries request (to do, in this PR).",
             must=(("reopen", "fallback", "rpt-540", "live"), ("doall",),
                   ("ledger.csv", "rpt-655", "fetch-size", "cursor", "6-8 minutes"),
                   ("active connections", "getactiveconnections", "hikaripoolmxbean",
                    "no active")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ines", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The FileNotFoundException given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No bigger pool and no reaper: 40 x 6 pods is 240 against the RDS max_connections "
             "of 200 shared with billing-worker, and a reaper on a timer hides the bug and "
             "closes connections under live requests; no new namespace or dependency. Realise "
             "the statement inside the transaction in tally.reports.statements (one query "
             "reduced over jdbc/plan, into []), take the RPT-540 reopen out of tally.db/query, "
             "set :leakDetectionThreshold 20000, keep the pool at 10; delete leak_reaper.clj "
             "and put db.clj, config.edn and deps.edn back first.",
             must=(("reaper", "pool to 40", "bigger pool", "maximumpoolsize", "240"),
                   ("inside the transaction", "inside with-transaction", "jdbc/plan",
                    "into []", "lazy seq")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The pool and reaper ruled out without what to do instead.",
             wrong="The FileNotFoundException given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The pool exhaustion (Connection is not available, request timed out after "
             "30000ms) stops with the statement realised inside the transaction and the reopen "
             "gone. Then bin/kaocha failed loading the tests: Syntax error compiling at "
             "(tally/system.clj:1:1), FileNotFoundException: Could not locate "
             "tally/db/leak_reaper__init.class ... on classpath; rm -rf .cpcache target, "
             "clojure -T:build clean and a re-run did not fix it (not a stale classpath): the "
             "first design's require of tally.db.leak-reaper and its :tally.db/leak-reaper "
             "integrant key were still in src/tally/system.clj, which the revert had missed; "
             "fixed by git checkout -- src/tally/system.clj.",
             must=(("filenotfoundexception", "could not locate", "leak_reaper__init"),
                   ("system.clj", "integrant key")),
             stale=("fixed by rm -rf .cpcache", "fixed by clearing .cpcache",
                    "fixed by clearing the classpath cache", "fixed by a re-run",
                    "fixed by re-running", "fixed by clojure -t:build clean",
                    "fixed by a clean", "stale .cpcache", "stale classpath"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A clj-kondo warning; the Hikari timeout given as a test error.",
             stale_means="The FileNotFoundException 'fixed' by clearing .cpcache, clojure "
                         "-T:build clean or a re-run, or put down to a stale classpath."),
    Question("key_values", "Which key values matter?",
             "RPT-631; 2.8.0 (Dec 2), 4e1b9d7 (expand=entries, RPT-602); b71e0a2 (the RPT-540 "
             "reopen); the pool of 10, connectionTimeout 30000 ms, 6 pods, RDS max_connections "
             "200; cus_4410 (2 accounts) times out on the 6th request locally; "
             ":leakDetectionThreshold 20000; 85 tests, 318 assertions; PR #447, commit "
             "9c3f1ab; RPT-655.",
             must=(("rpt-631", "2.8.0", "30000ms", "total=10", "max_connections 200"),
                   ("4e1b9d7", "b71e0a2", "cus_4410"),
                   ("9c3f1ab", "85 tests", "318 assertions")),
             spread=True,
             partial_means="One or two of the groups of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/tally/reports/statements.clj is the monthly statement endpoint "
             "(monthly-statement, GET /api/customers/:customer-id/statements/:month); "
             "src/tally/db.clj holds the Hikari pool's integrant key and the query helper; "
             "resources/config.edn the pool settings; src/tally/system.clj the integrant "
             "system; test/tally/test_system.clj the test system and ts/*db*; "
             "ledger_csv.clj the CSV export.",
             must=(("statements.clj",),
                   ("db.clj", "system.clj", "config.edn", "test_system", "deps.edn")),
             partial_means="The files named without what they hold.",
             wrong="leak_reaper.clj as the job that keeps the pool from running dry."),
    Question("pending", "What work is still pending?",
             "Ines's 4: the test that getActiveConnections on ts/*db*'s HikariPoolMXBean is 0 "
             "after an expand=entries statement; then bin/kaocha, commit and push to #447; the "
             "ledger.csv cursor later in RPT-655.",
             must=(("getactiveconnections", "active connections", "hikaripoolmxbean",
                    "no active"),
                   ("push", "kaocha")),
             partial_means="The test without the push, or the reverse.",
             wrong="Taking the reopen out of db/query or the reply on doall as pending.",
             stale_means="The ledger.csv cursor or the leak reaper as pending."),
    Question("state", "What is the state of the work?",
             "PR #447 is open (9c3f1ab) with the statement realised inside the transaction, "
             "the reopen gone and :leakDetectionThreshold 20000; 85 tests, 318 assertions, 0 "
             "failures; clj-kondo clean; 200 local requests leave the pool at active=0; Ines's "
             "1 was in the first commit, 2 is answered on the PR, 3 is RPT-655; the "
             "active-connections test is not written.",
             must=(("85 tests", "0 failures", "#447 is open", "tests pass"),
                   ("not written", "getactiveconnections", "active connections")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the pool test is done.",
             stale_means="Says the pool is at 40 with the leak reaper running."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
RPT-631: a lazy seq from inside with-transaction leaking pool connections through a reopen fallback; Ines's review.

Summary:
1. Primary Request and Intent:
   RPT-631: since tally-reports 2.8.0 each of the six pods stops answering 3-4 hours after start with HikariPool-1 "Connection is not available, request timed out after 30000ms" (total=10, active=10); find the leak and fix it without touching production. Latest request (Ines's review of PR #447, with the user's take): (1) the reopen is out already (first commit); (2) answer her on the PR why not doall; (3) the ledger.csv cursor is RPT-655, not this PR; (4) yes, in this PR: a test that getActiveConnections on ts/*db*'s HikariPoolMXBean is 0 after an expand=entries statement.
2. Key Technical Concepts:
   - Cause: since 4e1b9d7 monthly-statement returned a lazy for from inside jdbc/with-transaction, realised by wrap-json-response after tx closed; tally.db/live (RPT-540, b71e0a2) then took a pool connection per account and never closed it.
   - Decision (the user's correction): realise the statement inside the transaction in tally.reports.statements: the month's entries in one query reduced over jdbc/plan into a map by account, accounts built with into []; no reopen in db/query; :leakDetectionThreshold 20000; pool stays at 10. This rules out raising the pool to 40 (240 against max_connections 200) and the reaper namespace.
3. Files and Code Sections:
   - src/tally/reports/statements.clj (edited): the statement endpoint; entries-by-account added.
   - src/tally/db.clj (edited): the Hikari pool and query helper; live removed.
   - resources/config.edn (edited): pool settings; :leakDetectionThreshold added.
   - test/tally/reports/statements_test.clj (edited): expanded-statement-test.
   - src/tally/db/leak_reaper.clj: created, then deleted; deps.edn and src/tally/system.clj put back.
4. Errors and fixes:
   - bin/kaocha failed loading: FileNotFoundException, Could not locate tally/db/leak_reaper__init.class. rm -rf .cpcache and clojure -T:build clean did not fix it; the reaper's require and integrant key were left in src/tally/system.clj; fixed by git checkout of it.
5. Problem Solving:
   Ines's review found: the reopen fallback (done already); why not doall (answered on #447); ledger.csv will log leak warnings on month-end exports (RPT-655); a test of no active connections (not written).
6. All user messages:
   - The RPT-631 report; "No. A bigger pool only moves the outage"; the review.
7. Pending Tasks:
   - The getActiveConnections test; bin/kaocha, commit and push to #447.
8. Current Work:
   PR #447 is open (9c3f1ab); 85 tests, 0 failures; the active-connections test is not written.
9. Optional Next Step:
   Add the getActiveConnections test after an expand=entries statement, run bin/kaocha, push to #447."""
