"""Held out, twelfth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Codex, a Node GraphQL API (Apollo Server, knex): the
orders query runs one customers SELECT per order (an N+1); a module-level Map cache written in
src/cache/customerCache.ts, then ruled out by the user (it outlives the request and serves
stale customers across users) for a DataLoader built per request in the context; the cache file
deleted; a query-count test that failed with DataLoader's "same length as the Array of keys"
error, which jest --clearCache and a re-run did not fix and returning one value per key in key
order did; a PR review with four points: one already done, one answered on the PR, one a
ticket, one pending (a test for an order whose customer was deleted); the assistant's last
words name re-running the query-count test, which already passed."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_LOADER_ERR = (
    "DataLoader must be constructed with a function which accepts Array<key> and returns "
    "Promise<Array<value>>, but the function did not return a Promise of an Array of the same "
    "length as the Array of keys."
)

s = Script("You are Codex, a coding agent. cwd: /home/li/shopapi")
s.user(
    "API-204: the orders query is slow. With knex debug on, `orders(first: 50)` runs 51 SQL "
    "queries: one for the orders and one `select * from customers where id = ?` per order for "
    "Order.customer. Fix the N+1 in src/graphql/resolvers/order.ts."
)
s.call(
    "shell",
    "export const Order = {\n  customer: (order, _args, { db }) =>\n"
    "    db('customers').where({ id: order.customer_id }).first(),\n"
    "  items: (order, _args, { db }) => db('order_items').where({ order_id: order.id }),\n};\n",
    command=["bash", "-lc", "cat src/graphql/resolvers/order.ts"],
)
s.call(
    "shell",
    "export async function buildContext({ req }) {\n"
    "  return { db, user: await userFromToken(req.headers.authorization) };\n}\n",
    command=["bash", "-lc", "cat src/graphql/context.ts"],
)
s.say(
    "Order.customer does one lookup per order. Quickest fix: a module-level cache, a Map from "
    "customer id to row in src/cache/customerCache.ts, filled on first lookup, so each "
    "customer is read once and later orders hit the Map."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/cache/customerCache.ts\n"
    "M src/graphql/resolvers/order.ts\n",
    input="*** Begin Patch\n*** Add File: src/cache/customerCache.ts\n"
    "+const byId = new Map();\n+export async function getCustomer(db, id) {\n"
    "+  if (!byId.has(id)) byId.set(id, await db('customers').where({ id }).first());\n"
    "+  return byId.get(id);\n+}\n"
    "*** Update File: src/graphql/resolvers/order.ts\n@@\n"
    "-  customer: (order, _args, { db }) =>\n"
    "-    db('customers').where({ id: order.customer_id }).first(),\n"
    "+  customer: (order, _args, { db }) => getCustomer(db, order.customer_id),\n"
    "*** End Patch\n",
)
s.user(
    "No module-level cache. It lives as long as the process, so a customer who changes their "
    "email keeps the old one until a deploy, and one user's request fills it for everyone. It "
    "also still runs one query per distinct customer. Use DataLoader, one loader per request, "
    "created in buildContext, batching the ids into a single where-in query."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nD src/cache/customerCache.ts\n"
    "M src/graphql/resolvers/order.ts\n",
    "Deleting the cache module and pointing the resolver at a per-request loader.",
    input="*** Begin Patch\n*** Delete File: src/cache/customerCache.ts\n"
    "*** Update File: src/graphql/resolvers/order.ts\n@@\n"
    "-  customer: (order, _args, { db }) => getCustomer(db, order.customer_id),\n"
    "+  customer: (order, _args, { loaders }) => loaders.customer.load(order.customer_id),\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "added 1 package, and audited 612 packages in 3s\n",
    command=["bash", "-lc", "npm install dataloader@2.2.2"],
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA src/graphql/loaders.ts\nM src/graphql/context.ts\n",
    input="*** Begin Patch\n*** Add File: src/graphql/loaders.ts\n"
    "+import DataLoader from 'dataloader';\n\n"
    "+export function createLoaders(db) {\n  return {\n"
    "+    customer: new DataLoader((ids) => db('customers').whereIn('id', ids)),\n  };\n}\n"
    "*** Update File: src/graphql/context.ts\n@@\n"
    "-  return { db, user: await userFromToken(req.headers.authorization) };\n"
    "+  return { db, loaders: createLoaders(db), user: await "
    "userFromToken(req.headers.authorization) };\n*** End Patch\n",
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nA test/orders.querycount.test.ts\n",
    input="*** Begin Patch\n*** Add File: test/orders.querycount.test.ts\n"
    "+it('orders(first: 50) runs 2 queries', async () => {\n"
    "+  const queries = await countQueries(() => run(ORDERS_50));\n"
    "+  expect(queries).toBe(2);\n+});\n*** End Patch\n",
)
s.call(
    "shell",
    "FAIL test/orders.querycount.test.ts\n  \u2715 orders(first: 50) runs 2 queries (412 ms)\n"
    f"    GraphQLError: {_LOADER_ERR}\n\nTests: 1 failed, 37 passed, 38 total\n",
    command=["bash", "-lc", "npx jest test/orders.querycount.test.ts"],
)
s.say(
    "That could be jest's transform cache holding the old resolver (ts-jest caches compiled "
    "files). Clearing it and running again."
)
s.call(
    "shell",
    "FAIL test/orders.querycount.test.ts\n  \u2715 orders(first: 50) runs 2 queries (398 ms)\n"
    f"    GraphQLError: {_LOADER_ERR}\n\nTests: 1 failed, 37 passed, 38 total\n",
    command=["bash", "-lc", "npx jest --clearCache && npx jest test/orders.querycount.test.ts"],
)
s.call(
    "shell",
    "orders: 50, distinct customer_id: 50, customers found: 47\n",
    command=["bash", "-lc", "node scripts/fixture-stats.js orders"],
)
s.say(
    "Not a cache. Three of the fixture's 50 customers have no row, so whereIn returns 47 "
    "rows for the 50 keys, in whatever order Postgres picks. DataLoader needs exactly one "
    "value per key, in key order. Mapping rows by id and returning "
    "ids.map(id => byId.get(id) ?? null)."
)
s.call(
    "apply_patch",
    "Success. Updated the following files:\nM src/graphql/loaders.ts\n",
    input="*** Begin Patch\n*** Update File: src/graphql/loaders.ts\n@@\n"
    "-    customer: new DataLoader((ids) => db('customers').whereIn('id', ids)),\n"
    "+    customer: new DataLoader(async (ids) => {\n"
    "+      const rows = await db('customers').whereIn('id', ids);\n"
    "+      const byId = new Map(rows.map((r) => [r.id, r]));\n"
    "+      return ids.map((id) => byId.get(id) ?? null);\n+    }),\n*** End Patch\n",
)
s.call(
    "shell",
    "PASS test/orders.querycount.test.ts\n  \u2713 orders(first: 50) runs 2 queries (203 ms)\n\n"
    "Tests: 38 passed, 38 total\n",
    command=["bash", "-lc", "npx jest"],
)
s.call(
    "shell",
    "[api-204-customer-loader 9b41c7e] Batch Order.customer with a per-request DataLoader "
    "(API-204)\n 5 files changed, 41 insertions(+), 3 deletions(-)\n"
    "https://github.com/shopco/shopapi/pull/517\n",
    command=[
        "bash",
        "-lc",
        "npx eslint src test && git checkout -b api-204-customer-loader && git add -A && git "
        "commit -m 'Batch Order.customer with a per-request DataLoader (API-204)' && git push "
        "-u origin HEAD && gh pr create --fill",
    ],
)
s.say(
    "Pushed as PR #517: Order.customer goes through loaders.customer, a DataLoader created per "
    "request in buildContext (src/graphql/loaders.ts), one whereIn query per batch. "
    "orders(first: 50) now runs 2 queries instead of 51 and all 38 tests pass."
)
s.user(
    "Omar reviewed #517:\n"
    "1. dataloader should be in dependencies, not devDependencies\n"
    "2. whereIn with thousands of ids could hit the Postgres parameter limit, set maxBatchSize?\n"
    "3. Order.items has the same N+1\n"
    "4. what does an order whose customer was deleted return now? I'd like a test for that\n"
    "Mine: 1 check, I think npm install already put it there. 2 answer him: first is capped "
    "at 100 by the schema, no maxBatchSize. 3 is API-219, separate PR. 4 yes, it should "
    "resolve customer to null, add the test."
)
s.call(
    "shell",
    '    "dataloader": "^2.2.2",\n',
    command=["bash", "-lc", "grep -n -A12 '\"dependencies\"' package.json | grep dataloader"],
)
s.call(
    "shell",
    "https://github.com/shopco/shopapi/pull/517#issuecomment-1873302\n",
    "Answering (1) and (2) on the PR.",
    command=["bash", "-lc", "gh pr comment 517 --body-file /tmp/pr517.md"],
    body="(1) Already in dependencies (npm install put it there). (2) No maxBatchSize: the "
    "schema caps first at 100, so a batch is at most 100 ids. (3) is API-219.",
)
s.say(
    "(1) was already done: dataloader ^2.2.2 is under dependencies. (2) is answered on #517: "
    "the schema caps first at 100. (3) is left to API-219."
)
s.say("Next: re-run npx jest test/orders.querycount.test.ts to confirm the batching works.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "API-204: orders(first: 50) runs 51 SQL queries because Order.customer in "
             "src/graphql/resolvers/order.ts looks up each order's customer on its own (an "
             "N+1); fix it.",
             must=(("n+1", "51", "one per order", "per order"),
                   ("order.customer", "orders", "api-204")),
             partial_means="The ticket or the resolver named without the N+1, or the reverse.",
             wrong="Adding an index on customers; paginating orders."),
    Question("latest_request", "What did the user last ask?",
             "Omar's review of PR #517 with the user's answers: (1) check dataloader is in "
             "dependencies; (2) answer on the PR that first is capped at 100, no maxBatchSize; "
             "(3) Order.items is API-219, a separate PR; (4) add a test that an order whose "
             "customer was deleted resolves customer to null.",
             must=(("deleted", "null"), ("100", "api-219", "maxbatchsize", "answer him")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "omar", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Batching Order.items now; setting maxBatchSize.",
             stale_means="The no-module-level-cache correction or the first request given as "
                         "the latest."),
    Question("next_step", "What exactly is the next step?",
             "Omar's fourth point: add a test that an order whose customer was deleted "
             "resolves customer to null (the loader returns null for a missing id), then "
             "commit and push to PR #517. The query-count test already passes.",
             must=(("test",), ("deleted", "null", "missing customer")),
             stale=("re-run npx jest", "customercache", "module-level cache"),
             partial_means="Says to push or commit without the deleted-customer test.",
             wrong="Batching Order.items; adding maxBatchSize.",
             stale_means="Says to re-run the query-count test (it already passed), or to add "
                         "the module-level cache."),
    Question("files_edited", "Which files were changed, and why?",
             "src/graphql/loaders.ts (new: createLoaders with the customer DataLoader, one "
             "value per key in key order); src/graphql/context.ts (buildContext creates the "
             "loaders per request); src/graphql/resolvers/order.ts (Order.customer uses "
             "loaders.customer.load); test/orders.querycount.test.ts (expects 2 queries); "
             "package.json (dataloader). src/cache/customerCache.ts was created and deleted.",
             must=(("loaders.ts",), ("context.ts",),
                   ("order.ts", "querycount.test.ts")),
             stale=("customercache.ts",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="A schema file given as edited.",
             stale_means="src/cache/customerCache.ts listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Order.customer is batched by a DataLoader created per request in buildContext "
             "(one whereIn query per batch); it rules out a module-level cache, which outlives "
             "the request, serves stale customers and is shared across users.",
             must=(("dataloader",), ("per request", "buildcontext"),
                   ("module-level", "cache")),
             partial=2,
             stale=("a module-level cache, a map from customer id", "quickest fix"),
             partial_means="DataLoader without per request or without what it rules out.",
             wrong="A Redis cache; a SQL join in the orders query.",
             stale_means="The module-level Map cache given as the design."),
    Question("review", "What did the review find?",
             "Omar on #517: (1) dataloader in dependencies (already there); (2) maxBatchSize "
             "for the Postgres parameter limit (answered: first is capped at 100); (3) "
             "Order.items has the same N+1 (API-219); (4) a test for an order whose customer "
             "was deleted (pending).",
             must=(("dependencies",), ("maxbatchsize", "parameter limit", "100"),
                   ("order.items", "api-219"), ("deleted",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "omar", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The DataLoader error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No module-level cache: it lives as long as the process (stale emails until a "
             "deploy), is filled by one user's request for everyone and still runs one query "
             "per customer; use DataLoader, one per request, created in buildContext.",
             must=(("module-level", "cache"), ("dataloader", "per request")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="No module-level cache without what to do instead, or the reverse.",
             wrong="The jest failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The query-count test failed with DataLoader's error that the batch function "
             "did not return an array of the same length as the keys (whereIn returned 47 rows "
             "for 50 keys, in any order); jest --clearCache and a re-run did not fix it; fixed "
             "by mapping rows by id and returning ids.map(id => byId.get(id) ?? null).",
             must=(("same length", "dataloader must be constructed", "array of keys"),
                   ("ids.map", "key order", "one value per key", "byid")),
             stale=("fixed by clearing", "fixed by --clearcache", "fixed by jest --clearcache",
                    "fixed by re-running", "transform cache"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A connection pool timeout; a GraphQL schema validation error.",
             stale_means="The failure 'fixed' by jest --clearCache or by re-running."),
    Question("key_values", "Which key values matter?",
             "51 queries before, 2 after for orders(first: 50); 47 customer rows for 50 keys "
             "in the fixture; dataloader 2.2.2; PR #517; API-204 and API-219; first capped at 100.",
             must=(("2 queries", "47 rows", "38 tests", "38 passed"), ("#517", "api-219", "api-204")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/graphql/resolvers/order.ts holds the Order resolvers (customer, items); "
             "src/graphql/context.ts builds the per-request context (buildContext); "
             "src/graphql/loaders.ts creates the DataLoaders; test/orders.querycount.test.ts "
             "counts the SQL queries of orders(first: 50).",
             must=(("order.ts",), ("context.ts", "buildcontext"),
                   ("loaders.ts", "querycount")),
             partial_means="The files named without what they hold.",
             wrong="customerCache.ts as the cache layer."),
    Question("pending", "What work is still pending?",
             "The deleted-customer test (Omar's 4), commit and push to #517; batching "
             "Order.items later in API-219.",
             must=(("deleted", "null"), ("api-219", "push", "commit")),
             partial_means="The test without the rest, or the reverse.",
             wrong="The dependencies check or the maxBatchSize reply as pending."),
    Question("state", "What is the state of the work?",
             "PR #517 is open with the per-request customer DataLoader; orders(first: 50) runs "
             "2 queries and all 38 tests pass; Omar's 1 was already done, 2 answered on the "
             "PR, 3 is API-219; the deleted-customer test is not written or pushed.",
             must=(("2 queries", "38 tests", "38 passed", "tests pass"),
                   ("deleted", "not pushed", "not written")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or Order.items is batched.",
             stale_means="Says the module-level cache is in place."),
)  # fmt: skip

PRODUCTION = """Summary so far: API-204: orders(first: 50) ran 51 SQL queries because Order.customer in src/graphql/resolvers/order.ts looked up each order's customer separately (an N+1). I first wrote a module-level Map cache in src/cache/customerCache.ts; the user ruled it out (it outlives the request, serves stale customers and is shared across users), and the file is deleted.
Decision: a DataLoader created per request in buildContext (src/graphql/context.ts, loaders from src/graphql/loaders.ts), one whereIn query per batch; Order.customer calls loaders.customer.load.
Error: test/orders.querycount.test.ts failed with DataLoader's "same length as the Array of keys" error (47 rows for 50 keys); jest --clearCache and a re-run did not help; fixed by returning one value per key in key order, ids.map(id => byId.get(id) ?? null). Now 2 queries instead of 51, all 38 tests pass.
PR #517 is open. Omar's review: dataloader in dependencies (already there); maxBatchSize answered on the PR (first capped at 100); Order.items N+1 is API-219; a test for an order whose customer was deleted is pending.
Next: add the test that a deleted customer resolves to null, then commit and push to #517."""
