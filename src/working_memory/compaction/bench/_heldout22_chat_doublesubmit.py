"""Held out, twenty-second set: written 2026-12-07, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, TypeScript/SvelteKit 2
(Svelte 5, a form action with use:enhance, Drizzle ORM 0.36 on PostgreSQL 16 through postgres.js,
drizzle-kit migrations, Playwright tests against the preview build in a chromium and a
mobile-safari project): the checkout's default form action places two orders when a customer
double-clicks Place order or a phone's network resends the POST (SHOP-731: 41 duplicate pairs
among 9,312 November orders, 23 of them Mobile Safari 3.1 to 8.9 s apart, the warehouse shipping
twice), because the cart is a signed cookie that only the response's Set-Cookie clears; a
client-side guard (a new src/lib/stores/submitGuard.ts debounce store cancelling a second submit
within 1.5 s, the button disabled while submitting) written and ruled out by the user (the
Safari retries are the browser resending the POST with no second click, the form must work
without JavaScript, 1.5 s does not cover 8.9 s) for a checkout key made in load() with
crypto.randomUUID() and sent in a hidden checkout_key field, a uuid idempotency_key column with
a partial unique index (migration 0019) and onConflictDoNothing in the existing action, a
retry finding the order by its key and redirecting to its confirmation; the store deleted and
+page.svelte checked out again; 14 of 22 Playwright tests then fail with PostgresError 42P10
"there is no unique or exclusion constraint matching the ON CONFLICT specification", which
rm -rf .svelte-kit build node_modules/.vite, migrating the test database again and a re-run did
not fix (the index was there) and the index predicate in the conflict target (where:
idempotency_key is not null, as the partial index has it) did; PR #588; Tomasz's review with
four points: one done already (order items in the order's transaction, not inserted again on a
conflict), one answered on the PR (why not a Redis SETNX lock), one a ticket (cleaning up the
November duplicates, SHOP-749), one still to do (validate checkout_key as a UUID in
checkoutSchema, fail(400), with tests); the assistant's last words announce a data migration
cancelling the November duplicates, which the user put off to SHOP-749."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/dev/larkspur-shop"
_ACTION = "src/routes/checkout/+page.server.ts"
_PAGE = "src/routes/checkout/+page.svelte"
_CART = "src/lib/server/cart.ts"
_SCHEMA = "src/lib/server/db/schema.ts"
_GUARD = "src/lib/stores/submitGuard.ts"
_MIG = "drizzle/0019_orders_idempotency_key.sql"
_SPEC = "tests/checkout-idempotency.spec.ts"
_OLD_SPEC = "tests/checkout.spec.ts"
_CSV = "~/Downloads/shop-731-duplicate-pairs.csv"
_TEST_DB = "postgres://shop:shop@localhost:5433/shop_test"

_LOAD_OLD = (
    "export const load: PageServerLoad = async ({ locals, cookies }) => {\n"
    "\tconst cart = await getCart(cookies);\n"
    "\tif (cart.lines.length === 0) redirect(303, '/cart');\n"
    "\treturn { cart, customer: locals.customer };\n"
    "};\n"
)
_LOAD_NEW = (
    "export const load: PageServerLoad = async ({ locals, cookies }) => {\n"
    "\tconst cart = await getCart(cookies);\n"
    "\tif (cart.lines.length === 0) redirect(303, '/cart');\n"
    "\t// one key per rendering of the form: a resubmit of this form sends it again (SHOP-731)\n"
    "\treturn { cart, customer: locals.customer, checkoutKey: crypto.randomUUID() };\n"
    "};\n"
)
_TX_OLD = (
    "\t\tconst orderId = await db.transaction(async (tx) => {\n"
    "\t\t\tconst [order] = await tx\n"
    "\t\t\t\t.insert(orders)\n"
    "\t\t\t\t.values({\n"
    "\t\t\t\t\tcustomerId: locals.customer?.id ?? null,\n"
    "\t\t\t\t\temail: parsed.data.email,\n"
    "\t\t\t\t\tshippingAddress: parsed.data.address,\n"
    "\t\t\t\t\ttotalCents: cart.totalCents,\n"
    "\t\t\t\t\tcurrency: cart.currency\n"
    "\t\t\t\t})\n"
    "\t\t\t\t.returning({ id: orders.id });\n"
    "\t\t\tawait tx.insert(orderItems).values(\n"
    "\t\t\t\tcart.lines.map((l) => ({\n"
    "\t\t\t\t\torderId: order.id,\n"
    "\t\t\t\t\tsku: l.sku,\n"
    "\t\t\t\t\tqty: l.qty,\n"
    "\t\t\t\t\tunitCents: l.unitCents\n"
    "\t\t\t\t}))\n"
    "\t\t\t);\n"
    "\t\t\treturn order.id;\n"
    "\t\t});\n"
)
_ACTION_SRC = (
    "import { fail, redirect } from '@sveltejs/kit';\n"
    "import { db } from '$lib/server/db';\n"
    "import { orderItems, orders } from '$lib/server/db/schema';\n"
    "import { clearCart, getCart } from '$lib/server/cart';\n"
    "import { checkoutSchema } from '$lib/server/validation/checkout';\n"
    "import type { Actions, PageServerLoad } from './$types';\n\n"
    + _LOAD_OLD
    + "\nexport const actions: Actions = {\n"
    "\tdefault: async ({ request, cookies, locals }) => {\n"
    "\t\tconst form = Object.fromEntries(await request.formData());\n"
    "\t\tconst parsed = checkoutSchema.safeParse(form);\n"
    "\t\tif (!parsed.success) {\n"
    "\t\t\treturn fail(400, { values: form, errors: parsed.error.flatten().fieldErrors });\n"
    "\t\t}\n"
    "\t\tconst cart = await getCart(cookies);\n"
    "\t\tif (cart.lines.length === 0) redirect(303, '/cart');\n\n"
    + _TX_OLD
    + "\n\t\tclearCart(cookies);\n"
    "\t\tredirect(303, `/checkout/confirm/${orderId}`);\n"
    "\t}\n"
    "};\n"
)
_CART_SRC = (
    "import type { Cookies } from '@sveltejs/kit';\n"
    "import { inArray } from 'drizzle-orm';\n"
    "import { db } from '$lib/server/db';\n"
    "import { products } from '$lib/server/db/schema';\n"
    "import { sign, unsign } from '$lib/server/signing';\n\n"
    "const COOKIE = 'cart';\n\n"
    "/** The cart is a signed cookie of skus and quantities; prices come from products. */\n"
    "export async function getCart(cookies: Cookies): Promise<Cart> {\n"
    "\tconst lines = unsign<CartCookieLine[]>(cookies.get(COOKIE)) ?? [];\n"
    "\t[... reads the products by sku, totals the lines in the cart's currency ...]\n"
    "}\n\n"
    "export function clearCart(cookies: Cookies) {\n"
    "\tcookies.delete(COOKIE, { path: '/' });\n"
    "}\n"
)
_PAGE_SRC = (
    '<script lang="ts">\n'
    "\timport { enhance } from '$app/forms';\n"
    "\timport AddressFields from '$lib/components/AddressFields.svelte';\n"
    "\timport CartSummary from '$lib/components/CartSummary.svelte';\n\n"
    "\tlet { data, form } = $props();\n"
    "</script>\n\n"
    "<h1>Checkout</h1>\n"
    "<CartSummary cart={data.cart} />\n\n"
    '<form method="POST" id="checkout" use:enhance>\n'
    "\t<label>\n"
    "\t\tEmail\n"
    '\t\t<input name="email" type="email" autocomplete="email"\n'
    "\t\t\tvalue={form?.values?.email ?? data.customer?.email ?? ''} required />\n"
    "\t</label>\n"
    "\t<AddressFields values={form?.values} errors={form?.errors} />\n"
    "\t{#if form?.errors}\n"
    '\t\t<p class="error" role="alert">Please check the highlighted fields.</p>\n'
    "\t{/if}\n"
    '\t<button type="submit">Place order</button>\n'
    "</form>\n"
)

_PAIRS = (
    f"head -3 {_CSV} && awk -F, 'NR > 1 {{ n[$6]++; if (!($6 in lo) || $5 < lo[$6]) lo[$6] = "
    '$5; if ($5 > hi[$6]) hi[$6] = $5 } END { for (u in n) printf "%-14s %3d pairs  gap '
    f"%.2f-%.2f s\\n\", u, n[u], lo[u], hi[u] }}' {_CSV} | sort -k2 -rn"
)

_GUARD_SRC = (
    "import { writable } from 'svelte/store';\n"
    "import type { SubmitFunction } from '@sveltejs/kit';\n\n"
    "/** Lets a form submit once per `ms`: a second submit within it is cancelled (SHOP-731). */\n"
    "export function submitGuard(ms = 1500) {\n"
    "\tconst submitting = writable(false);\n"
    "\tlet last = 0;\n\n"
    "\tconst enhance: SubmitFunction = ({ cancel }) => {\n"
    "\t\tconst now = Date.now();\n"
    "\t\tif (now - last < ms) {\n"
    "\t\t\tcancel();\n"
    "\t\t\treturn;\n"
    "\t\t}\n"
    "\t\tlast = now;\n"
    "\t\tsubmitting.set(true);\n"
    "\t\treturn async ({ update }) => {\n"
    "\t\t\tawait update();\n"
    "\t\t\tsubmitting.set(false);\n"
    "\t\t};\n"
    "\t};\n\n"
    "\treturn { submitting, enhance };\n"
    "}\n"
)

_SCHEMA_OLD_COLS = (
    "\t\tstatus: orderStatus('status').notNull().default('placed'),\n"
    "\t\tcreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()\n"
    "\t},\n"
    "\t(t) => [index('orders_customer_id_idx').on(t.customerId)]\n"
)
_SCHEMA_NEW_COLS = (
    "\t\tstatus: orderStatus('status').notNull().default('placed'),\n"
    "\t\tcreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),\n"
    "\t\t// the checkout form's key: a resubmitted form cannot place a second order (SHOP-731)\n"
    "\t\tidempotencyKey: uuid('idempotency_key')\n"
    "\t},\n"
    "\t(t) => [\n"
    "\t\tindex('orders_customer_id_idx').on(t.customerId),\n"
    "\t\t// the orders placed before SHOP-731 have no key: only keyed orders are indexed\n"
    "\t\tuniqueIndex('orders_idempotency_key_idx')\n"
    "\t\t\t.on(t.idempotencyKey)\n"
    "\t\t\t.where(sql`${t.idempotencyKey} is not null`)\n"
    "\t]\n"
)
_SCHEMA_ORDERS = (
    "export const orders = pgTable(\n"
    "\t'orders',\n"
    "\t{\n"
    "\t\tid: serial('id').primaryKey(),\n"
    "\t\tcustomerId: integer('customer_id').references(() => customers.id),\n"
    "\t\temail: text('email').notNull(),\n"
    "\t\tshippingAddress: jsonb('shipping_address').$type<Address>().notNull(),\n"
    "\t\ttotalCents: integer('total_cents').notNull(),\n"
    "\t\tcurrency: char('currency', { length: 3 }).notNull(),\n" + _SCHEMA_OLD_COLS + ");\n\n"
    "export const orderItems = pgTable('order_items', {\n"
    "\tid: serial('id').primaryKey(),\n"
    "\torderId: integer('order_id')\n"
    "\t\t.notNull()\n"
    "\t\t.references(() => orders.id, { onDelete: 'cascade' }),\n"
    "\tsku: text('sku').notNull(),\n"
    "\tqty: integer('qty').notNull(),\n"
    "\tunitCents: integer('unit_cents').notNull()\n"
    "});\n"
)

_GENERATE = (
    "npx drizzle-kit generate --name orders_idempotency_key && cat "
    f"{_MIG} && npm run db:migrate && npm run db:migrate:test"
)

_TX_NEW = (
    "\t\tconst checkoutKey = form.checkout_key as string | undefined;\n"
    "\t\tconst orderId = await db.transaction(async (tx) => {\n"
    "\t\t\tconst [inserted] = await tx\n"
    "\t\t\t\t.insert(orders)\n"
    "\t\t\t\t.values({\n"
    "\t\t\t\t\tidempotencyKey: checkoutKey,\n"
    "\t\t\t\t\tcustomerId: locals.customer?.id ?? null,\n"
    "\t\t\t\t\temail: parsed.data.email,\n"
    "\t\t\t\t\tshippingAddress: parsed.data.address,\n"
    "\t\t\t\t\ttotalCents: cart.totalCents,\n"
    "\t\t\t\t\tcurrency: cart.currency\n"
    "\t\t\t\t})\n"
    "\t\t\t\t.onConflictDoNothing({ target: orders.idempotencyKey })\n"
    "\t\t\t\t.returning({ id: orders.id });\n"
    "\t\t\tif (!inserted) {\n"
    "\t\t\t\t// this form again (a double-click, a resent POST): the order it placed\n"
    "\t\t\t\tconst [placed] = await tx\n"
    "\t\t\t\t\t.select({ id: orders.id })\n"
    "\t\t\t\t\t.from(orders)\n"
    "\t\t\t\t\t.where(eq(orders.idempotencyKey, checkoutKey!));\n"
    "\t\t\t\treturn placed.id;\n"
    "\t\t\t}\n"
    "\t\t\tawait tx.insert(orderItems).values(\n"
    "\t\t\t\tcart.lines.map((l) => ({\n"
    "\t\t\t\t\torderId: inserted.id,\n"
    "\t\t\t\t\tsku: l.sku,\n"
    "\t\t\t\t\tqty: l.qty,\n"
    "\t\t\t\t\tunitCents: l.unitCents\n"
    "\t\t\t\t}))\n"
    "\t\t\t);\n"
    "\t\t\treturn inserted.id;\n"
    "\t\t});\n"
)

_SPEC_SRC = (
    "import { expect, test, type Page } from '@playwright/test';\n"
    "import { addToCart, checkoutFields, fillCheckout } from './helpers/checkout';\n"
    "import { ordersFor } from './helpers/db';\n\n"
    "const email = (what: string) => `${what}-${Date.now()}-${test.info().project.name}"
    "@example.test`;\n\n"
    "/** The checkout form's fields as the browser would post them, its key included. */\n"
    "async function formOf(page: Page, to: string) {\n"
    "\tawait addToCart(page, 'TEA-SENCHA-100G', 2);\n"
    "\tawait fillCheckout(page, { email: to });\n"
    "\tconst checkout_key = await page.locator('input[name=\"checkout_key\"]').inputValue();\n"
    "\treturn { ...checkoutFields({ email: to }), checkout_key };\n"
    "}\n\n"
    "test.describe('checkout idempotency (SHOP-731)', () => {\n"
    "\ttest('a double-click places one order', async ({ page }) => {\n"
    "\t\tconst to = email('dblclick');\n"
    "\t\tawait addToCart(page, 'TEA-SENCHA-100G', 2);\n"
    "\t\tawait fillCheckout(page, { email: to });\n"
    "\t\tawait page.getByRole('button', { name: 'Place order' }).dblclick();\n"
    "\t\tawait expect(page).toHaveURL(/\\/checkout\\/confirm\\/\\d+/);\n"
    "\t\texpect(await ordersFor(to)).toHaveLength(1);\n"
    "\t});\n\n"
    "\ttest('the same form posted twice at once places one order', async ({ page, baseURL }) "
    "=> {\n"
    "\t\tconst to = email('twice');\n"
    "\t\tconst form = await formOf(page, to);\n"
    "\t\t// SvelteKit refuses a form POST without a matching Origin\n"
    "\t\tconst post = () =>\n"
    "\t\t\tpage.request.post('/checkout', { form, headers: { origin: baseURL! }, maxRedirects: 0 "
    "});\n"
    "\t\tconst [a, b] = await Promise.all([post(), post()]);\n"
    "\t\texpect([a.status(), b.status()]).toEqual([303, 303]);\n"
    "\t\texpect(a.headers().location).toBe(b.headers().location);\n"
    "\t\tconst placed = await ordersFor(to);\n"
    "\t\texpect(placed).toHaveLength(1);\n"
    "\t\texpect(placed[0].itemCount).toBe(1);\n"
    "\t});\n\n"
    "\ttest('a POST resent after the first succeeded goes to the same order', async ({ page, "
    "baseURL }) => {\n"
    "\t\tconst to = email('resent');\n"
    "\t\tconst form = await formOf(page, to);\n"
    "\t\tconst post = () =>\n"
    "\t\t\tpage.request.post('/checkout', { form, headers: { origin: baseURL! }, maxRedirects: 0 "
    "});\n"
    "\t\tconst first = await post();\n"
    "\t\tconst again = await post();\n"
    "\t\texpect(again.headers().location).toBe(first.headers().location);\n"
    "\t\texpect(await ordersFor(to)).toHaveLength(1);\n"
    "\t});\n\n"
    "\ttest('two checkouts of the same cart place two orders', async ({ page }) => {\n"
    "\t\tconst to = email('two');\n"
    "\t\tfor (const _ of [1, 2]) {\n"
    "\t\t\tawait addToCart(page, 'TEA-SENCHA-100G', 1);\n"
    "\t\t\tawait fillCheckout(page, { email: to });\n"
    "\t\t\tawait page.getByRole('button', { name: 'Place order' }).click();\n"
    "\t\t\tawait expect(page).toHaveURL(/\\/checkout\\/confirm\\/\\d+/);\n"
    "\t\t}\n"
    "\t\texpect(await ordersFor(to)).toHaveLength(2);\n"
    "\t});\n"
    "});\n"
)

_WEB_HEAD = (
    "[WebServer] \n"
    "[WebServer] > larkspur-shop@2.31.0 build\n"
    "[WebServer] > vite build\n"
    "[WebServer] \n"
    "[WebServer] vite v5.4.11 building SSR bundle for production...\n"
    "[WebServer] \u2713 412 modules transformed.\n"
    "[... client bundle, adapter-node: \u2713 built in 6.18s ...]\n"
    "[WebServer] > larkspur-shop@2.31.0 preview\n"
    "[WebServer] > vite preview --port 4173\n"
    "[WebServer] \n"
    "[WebServer]   \u279c  Local:   http://localhost:4173/\n\n"
    "Running 22 tests using 4 workers\n\n"
)
_PG_ERROR = (
    "[WebServer] PostgresError: there is no unique or exclusion constraint matching the ON "
    "CONFLICT specification\n"
    "[WebServer]     at ErrorResponse (file:///home/dev/larkspur-shop/node_modules/postgres/src/"
    "connection.js:790:26)\n"
    "[WebServer]     at handle (file:///home/dev/larkspur-shop/node_modules/postgres/src/"
    "connection.js:476:6)\n"
    "[WebServer]     at Socket.data (file:///home/dev/larkspur-shop/node_modules/postgres/src/"
    "connection.js:315:9)\n"
    "[WebServer]     at cachedError (file:///home/dev/larkspur-shop/node_modules/postgres/src/"
    "query.js:170:23)\n"
    "[WebServer]     at default (file:///home/dev/larkspur-shop/build/server/chunks/"
    "_page.server.ts-{chunk}.js:41:10) {{\n"
    "[WebServer]   severity_local: 'ERROR',\n"
    "[WebServer]   severity: 'ERROR',\n"
    "[WebServer]   code: '42P10',\n"
    "[WebServer]   file: 'plancat.c',\n"
    "[WebServer]   line: '889',\n"
    "[WebServer]   routine: 'infer_arbiter_indexes'\n"
    "[WebServer] }}\n"
)
_PW_FAILED = (
    "  \u2718  1 [chromium] \u203a tests/checkout-idempotency.spec.ts:16:2 \u203a checkout "
    "idempotency (SHOP-731) \u203a a double-click places one order ({t1})\n"
    + _PG_ERROR
    + "[... the same PostgresError for every POST that places an order ...]\n"
    "  \u2713  5 [chromium] \u203a tests/checkout.spec.ts:44:2 \u203a checkout \u203a shows "
    "the errors of an incomplete address (1.2s)\n"
    "[... 20 more ...]\n\n"
    "  1) [chromium] \u203a tests/checkout-idempotency.spec.ts:16:2 \u203a checkout idempotency "
    "(SHOP-731) \u203a a double-click places one order\n\n"
    "    Error: Timed out 5000ms waiting for expect(page).toHaveURL(expected)\n\n"
    "    Expected pattern: /\\/checkout\\/confirm\\/\\d+/\n"
    '    Received string:  "http://localhost:4173/checkout"\n\n'
    "      20 |     await page.getByRole('button', {{ name: 'Place order' }}).dblclick();\n"
    "    > 21 |     await expect(page).toHaveURL(/\\/checkout\\/confirm\\/\\d+/);\n"
    "         |                        ^\n\n"
    "  2) [chromium] \u203a tests/checkout-idempotency.spec.ts:25:2 \u203a checkout idempotency "
    "(SHOP-731) \u203a the same form posted twice at once places one order\n\n"
    "    Error: expect(received).toEqual(expected) // deep equality\n\n"
    "    - Expected  - 2\n"
    "    + Received  + 2\n\n"
    "      Array [\n"
    "    -   303,\n"
    "    -   303,\n"
    "    +   500,\n"
    "    +   500,\n"
    "      ]\n\n"
    "[... 3) to 14): the other two idempotency tests and checkout.spec.ts's 'places an order "
    "and shows the confirmation', 'applies a discount code', 'guest checkout without an "
    "account', in chromium and mobile-safari: 500, Internal Error ...]\n\n"
    "  14 failed\n"
    "    [chromium] \u203a tests/checkout-idempotency.spec.ts:16:2 \u203a checkout idempotency "
    "(SHOP-731) \u203a a double-click places one order\n"
    "    [... 13 more ...]\n"
    "  8 passed ({total})\n"
)

_CLEAN = (
    "rm -rf .svelte-kit build node_modules/.vite && npm run db:migrate:test && npx playwright test"
)
_DESCRIBE = (
    f"psql {_TEST_DB} -c '\\d orders' && psql {_TEST_DB} -c \"explain insert into orders "
    "(email, shipping_address, total_cents, currency, idempotency_key) values ('x@example.test', "
    "'{}', 1, 'GBP', gen_random_uuid()) on conflict (idempotency_key) do nothing\" ; psql "
    f'{_TEST_DB} -c "explain insert into orders (email, shipping_address, total_cents, '
    "currency, idempotency_key) values ('x@example.test', '{}', 1, 'GBP', gen_random_uuid()) on "
    'conflict (idempotency_key) where idempotency_key is not null do nothing"'
)
_CONFLICT_OLD = "\t\t\t\t.onConflictDoNothing({ target: orders.idempotencyKey })\n"
_CONFLICT_NEW = (
    "\t\t\t\t// the index is partial, so ON CONFLICT must name its predicate to use it\n"
    "\t\t\t\t.onConflictDoNothing({\n"
    "\t\t\t\t\ttarget: orders.idempotencyKey,\n"
    "\t\t\t\t\twhere: sql`idempotency_key is not null`\n"
    "\t\t\t\t})\n"
)
_ACTION_FINAL = (
    _ACTION_SRC.replace(_LOAD_OLD, _LOAD_NEW)
    .replace(_TX_OLD, _TX_NEW.replace(_CONFLICT_OLD, _CONFLICT_NEW))
    .replace(
        "import { db } from '$lib/server/db';\n",
        "import { eq, sql } from 'drizzle-orm';\nimport { db } from '$lib/server/db';\n",
    )
)


def _line(src: str, text: str) -> int:
    return next(i for i, line in enumerate(src.splitlines(), 1) if text in line)


def _grep_after(src: str, text: str, after: int) -> str:
    """grep -n -A<after> output of the first line holding `text`."""
    lines = src.splitlines()
    at = _line(src, text)
    return "".join(
        f"{n}{':' if n == at else '-'}{lines[n - 1]}\n"
        for n in range(at, min(at + after, len(lines)) + 1)
    )


_RETURN_AT = _line(_ACTION_FINAL, "return placed.id;")
_ITEMS_AT = _line(_ACTION_FINAL, "await tx.insert(orderItems)")
_PR = (
    "git checkout -b shop-731-checkout-idempotency && git add -A && git commit -m 'Place one "
    "order per checkout form: an idempotency key with a unique index (SHOP-731)' && git push -u "
    "origin HEAD && gh pr create --fill"
)
_POINT1 = (
    f"grep -n -A26 'db.transaction' {_ACTION} && npx playwright test {_SPEC} -g 'posted twice' "
    "--project=chromium --reporter=line"
)

s = Script(
    "You are a coding assistant working in the larkspur-shop repository (the Larkspur Tea online "
    "shop: TypeScript, SvelteKit 2 with Svelte 5 and adapter-node, Drizzle ORM 0.36 on "
    "PostgreSQL 16 through postgres.js, drizzle-kit migrations in drizzle/, Playwright tests "
    "against the preview build in a chromium and a mobile-safari project, a shop_test database "
    "in docker compose). You can read, write, edit and delete files and run shell commands "
    "through the tools you are given."
)
s.user(
    "SHOP-731: customers are getting two orders. Support matched 41 pairs among the 9,312 "
    "orders of November: same email, same cart, seconds apart, and the warehouse shipped both "
    "for most of them before anyone noticed; finance is refunding them. Their export is in "
    f"{_CSV} (both order ids, the gap and the user agent of the second). It's the checkout in "
    "src/routes/checkout. Find out why it happens and make it stop. docker compose up gives you "
    "Postgres with the dev seed and shop_test; npx playwright test runs the suite."
)
s.call(
    "run_command",
    f"$ cat {_ACTION} {_CART}\n{_ACTION_SRC}\n{_CART_SRC}",
    command=f"cat {_ACTION} {_CART}",
)
s.call(
    "run_command",
    f"$ cat {_PAGE}\n{_PAGE_SRC}",
    "The default action inserts an order for whatever cart the cart cookie holds, and the cart "
    "is only cleared by the Set-Cookie on the 303 that follows. Nothing ties a submit of the "
    "form to an order. Looking at the form.",
    command=f"cat {_PAGE}",
)
s.call(
    "run_command",
    f"$ {_PAIRS}\n"
    "first_order,second_order,email,created_at,gap_s,ua_family\n"
    "88412,88413,j.okafor@example.com,2026-11-03T07:41:12Z,6.42,Mobile Safari\n"
    "88630,88631,lena.brandt@example.de,2026-11-03T19:02:55Z,0.21,Chrome\n"
    "Mobile Safari   23 pairs  gap 3.10-8.90 s\n"
    "Chrome          11 pairs  gap 0.18-0.47 s\n"
    "Chrome Mobile    5 pairs  gap 0.22-0.62 s\n"
    "Firefox          2 pairs  gap 0.31-0.35 s\n",
    command=_PAIRS,
)
s.call(
    "write_file",
    f"Wrote {_GUARD} ({len(_GUARD_SRC.splitlines())} lines)",
    "Two groups: 18 pairs from desktop and Android browsers 0.18 to 0.62 s apart, which are "
    "double-clicks on Place order (use:enhance sends a fetch per click, and the cookie is "
    "still there for both), and 23 from Mobile Safari 3 to 9 seconds apart. Plan: stop the "
    "second submit in the browser. A debounce store, submitGuard in "
    "src/lib/stores/submitGuard.ts, whose use:enhance callback cancels a submit within 1.5 s of the last one, and a submitting "
    "store that disables the button while the POST is in flight.",
    path=_GUARD,
    content=_GUARD_SRC,
)
s.call(
    "edit_file",
    f"Edited {_PAGE}: 4 hunks, +8 -3",
    path=_PAGE,
    edits=[
        {
            "old_string": "\timport CartSummary from '$lib/components/CartSummary.svelte';\n",
            "new_string": "\timport CartSummary from '$lib/components/CartSummary.svelte';\n"
            "\timport { submitGuard } from '$lib/stores/submitGuard';\n",
        },
        {
            "old_string": "\tlet { data, form } = $props();\n",
            "new_string": "\tlet { data, form } = $props();\n"
            "\tconst guard = submitGuard(1500);\n"
            "\tconst { submitting } = guard;\n",
        },
        {
            "old_string": '<form method="POST" id="checkout" use:enhance>\n',
            "new_string": '<form method="POST" id="checkout" use:enhance={guard.enhance}>\n',
        },
        {
            "old_string": '\t<button type="submit">Place order</button>\n',
            "new_string": '\t<button type="submit" disabled={$submitting}>\n'
            "\t\t{$submitting ? 'Placing order\u2026' : 'Place order'}\n\t</button>\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ npm run check && npx playwright test {_OLD_SPEC}\n"
    "> larkspur-shop@2.31.0 check\n"
    "> svelte-kit sync && svelte-check --tsconfig ./tsconfig.json\n\n"
    "====================================\n"
    "svelte-check found 0 errors and 0 warnings\n"
    "[... WebServer: vite build, vite preview --port 4173 ...]\n\n"
    "Running 14 tests using 4 workers\n\n"
    "  14 passed (23.6s)\n",
    command=f"npm run check && npx playwright test {_OLD_SPEC}",
)
s.say(
    "The checkout now lets one submit through per 1.5 s: the second click of a double-click is "
    "cancelled in the use:enhance callback, and Place order is disabled, reading 'Placing "
    "order\u2026', until the action answers. svelte-check is clean and the 14 checkout tests "
    "pass in both projects. That covers the 18 double-click pairs; for the Mobile Safari ones "
    "I could raise the window to 10 s. Shall I commit it and open the PR?"
)
s.user(
    "No, not in the browser. Look at the Safari pairs again: those aren't clicks. The phone "
    "sent the POST, lost the connection before the 303 came back, and Safari sent the same "
    "POST again a few seconds later. There's no second click for a disabled button to stop, "
    "and a 10 s window just means someone who really does order twice gets silently ignored. "
    "And the checkout has to work without JavaScript, that's why it's a form action; with JS "
    "off your store never runs at all. The server has to recognise the same form coming twice. "
    "Put an idempotency key in the form: make it in load(), send it in a hidden field, store "
    "it on the order with a unique index, and in the existing action insert with ON CONFLICT "
    "DO NOTHING; if nothing was inserted, look the order up by its key and redirect to its "
    "confirmation like the first request did. No new table, no new endpoint. Delete "
    "submitGuard.ts and put +page.svelte back first."
)
s.call(
    "run_command",
    f"$ rm {_GUARD} && git checkout -- {_PAGE} && git status --short && cat {_SCHEMA} | sed -n "
    "'/export const orders/,/^});/p'\n" + _SCHEMA_ORDERS,
    command=f"rm {_GUARD} && git checkout -- {_PAGE} && git status --short && cat {_SCHEMA} | "
    "sed -n '/export const orders/,/^});/p'",
)
s.call(
    "edit_file",
    f"Edited {_SCHEMA}: 2 hunks, +11 -3",
    "submitGuard.ts is deleted and +page.svelte is back as it was; the tree is clean. The key "
    "goes on orders as a uuid idempotency_key. The 48,000-odd orders already in the table have "
    "none, so the unique index only covers keyed rows.",
    path=_SCHEMA,
    edits=[
        {"old_string": _SCHEMA_OLD_COLS, "new_string": _SCHEMA_NEW_COLS},
        {
            "old_string": "import { char, index, integer, jsonb, pgEnum, pgTable, serial, text, "
            "timestamp } from 'drizzle-orm/pg-core';\n",
            "new_string": "import { sql } from 'drizzle-orm';\n"
            "import { char, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, "
            "uniqueIndex, uuid } from 'drizzle-orm/pg-core';\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ {_GENERATE}\n"
    "No config path provided, using default 'drizzle.config.ts'\n"
    f"Reading config file '{_HOME}/drizzle.config.ts'\n"
    "12 tables\n"
    "[... customers 7 columns 1 indexes 0 fks ...]\n"
    "order_items 5 columns 0 indexes 1 fks\n"
    "orders 9 columns 2 indexes 1 fks\n"
    "[... products, ... ]\n\n"
    f"[\u2713] Your SQL migration file \u279c {_MIG} \U0001f680\n"
    'ALTER TABLE "orders" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint\n'
    'CREATE UNIQUE INDEX IF NOT EXISTS "orders_idempotency_key_idx" ON "orders" USING btree '
    '("idempotency_key") WHERE "orders"."idempotency_key" is not null;\n\n'
    "> larkspur-shop@2.31.0 db:migrate\n> drizzle-kit migrate\n\n"
    "[\u2713] migrations applied successfully!\n\n"
    "> larkspur-shop@2.31.0 db:migrate:test\n"
    "> dotenv -e .env.test -- drizzle-kit migrate\n\n"
    "[\u2713] migrations applied successfully!\n",
    command=_GENERATE,
)
s.call(
    "edit_file",
    f"Edited {_ACTION}: 3 hunks, +19 -6",
    "Migration 0019 is applied to the dev and the test database. Now the action: load() makes "
    "the key with crypto.randomUUID(), the insert goes through onConflictDoNothing on "
    "orders.idempotencyKey inside the existing transaction, and when it returns no row the "
    "action selects the order with that key and redirects to its confirmation; the order items "
    "are only inserted for a new order.",
    path=_ACTION,
    edits=[
        {"old_string": _LOAD_OLD, "new_string": _LOAD_NEW},
        {"old_string": _TX_OLD, "new_string": _TX_NEW},
        {
            "old_string": "import { db } from '$lib/server/db';\n",
            "new_string": "import { eq } from 'drizzle-orm';\nimport { db } from "
            "'$lib/server/db';\n",
        },
    ],
)
s.call(
    "edit_file",
    f"Edited {_PAGE}: 1 hunk, +1 -0",
    "And the hidden field, so that every way the form is sent, with or without JavaScript, "
    "carries the key.",
    path=_PAGE,
    old='<form method="POST" id="checkout" use:enhance>\n',
    new='<form method="POST" id="checkout" use:enhance>\n'
    '\t<input type="hidden" name="checkout_key" value={data.checkoutKey} />\n',
)
s.call(
    "write_file",
    f"Wrote {_SPEC} ({len(_SPEC_SRC.splitlines())} lines)",
    "Tests: a double-click, the same form posted twice at once (what the Safari retries look "
    "like to the server, sent through page.request with the page's cart cookie), a resend after "
    "the first POST finished, and two real checkouts still placing two orders.",
    path=_SPEC,
    content=_SPEC_SRC,
)
s.call(
    "run_command",
    "$ npx playwright test\n"
    + _WEB_HEAD
    + _PW_FAILED.format(t1="5.6s", chunk="B1x9kQ2d", total="51.3s"),
    command="npx playwright test",
)
s.call(
    "run_command",
    f"$ {_CLEAN}\n"
    "> larkspur-shop@2.31.0 db:migrate:test\n"
    "> dotenv -e .env.test -- drizzle-kit migrate\n\n"
    "[\u2713] migrations applied successfully!\n"
    + _WEB_HEAD
    + _PW_FAILED.format(t1="5.4s", chunk="Cq7mT0aE", total="49.8s"),
    "14 of 22 failed, every test that places an order: the action's insert answers PostgresError "
    "42P10, no unique or exclusion constraint matching the ON CONFLICT specification. The index "
    "is in migration 0019, so this looks like a stale build served by the preview, or a "
    "shop_test that the tests' global setup created before 0019. Clearing .svelte-kit, build "
    "and Vite's cache, migrating shop_test again and re-running.",
    command=_CLEAN,
)
s.call(
    "run_command",
    f"$ {_DESCRIBE}\n"
    '                                         Table "public.orders"\n'
    "      Column      |           Type           | Collation | Nullable |              "
    "Default\n"
    "------------------+--------------------------+-----------+----------+--------------------"
    "----------------\n"
    " id               | integer                  |           | not null | "
    "nextval('orders_id_seq'::regclass)\n"
    " customer_id      | integer                  |           |          |\n"
    " email            | text                     |           | not null |\n"
    " shipping_address | jsonb                    |           | not null |\n"
    " total_cents      | integer                  |           | not null |\n"
    " currency         | character(3)             |           | not null |\n"
    " status           | order_status             |           | not null | "
    "'placed'::order_status\n"
    " created_at       | timestamp with time zone |           | not null | now()\n"
    " idempotency_key  | uuid                     |           |          |\n"
    "Indexes:\n"
    '    "orders_pkey" PRIMARY KEY, btree (id)\n'
    '    "orders_customer_id_idx" btree (customer_id)\n'
    '    "orders_idempotency_key_idx" UNIQUE, btree (idempotency_key) WHERE idempotency_key IS '
    "NOT NULL\n"
    "Foreign-key constraints:\n"
    '    "orders_customer_id_customers_id_fk" FOREIGN KEY (customer_id) REFERENCES '
    "customers(id)\n"
    "Referenced by:\n"
    '    TABLE "order_items" CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY '
    "(order_id) REFERENCES orders(id) ON DELETE CASCADE\n\n"
    "ERROR:  there is no unique or exclusion constraint matching the ON CONFLICT specification\n"
    "                   QUERY PLAN\n"
    "------------------------------------------------\n"
    " Insert on orders  (cost=0.00..0.01 rows=0 width=0)\n"
    "   Conflict Resolution: NOTHING\n"
    "   Conflict Arbiter Indexes: orders_idempotency_key_idx\n"
    "   ->  Result  (cost=0.00..0.01 rows=1 width=136)\n"
    "(4 rows)\n",
    "The same 14 failures after a clean build and a fresh migration, so it is not a stale build "
    "or a missing migration. Looking at what shop_test really has, and at the statement itself.",
    command=_DESCRIBE,
)
s.call(
    "edit_file",
    f"Edited {_ACTION}: 2 hunks, +6 -2",
    "There it is: the index is there, but it is a partial index, WHERE idempotency_key IS NOT "
    "NULL, because of the .where() I gave it for the old orders without a key. Postgres only "
    "takes a partial unique index as the arbiter of ON CONFLICT (idempotency_key) when the "
    "statement repeats the index predicate; without it there is no matching index, hence 42P10 "
    "on every insert. With `where idempotency_key is not null` the plan uses "
    "orders_idempotency_key_idx. Drizzle's onConflictDoNothing takes that as where.",
    path=_ACTION,
    edits=[
        {"old_string": _CONFLICT_OLD, "new_string": _CONFLICT_NEW},
        {
            "old_string": "import { eq } from 'drizzle-orm';\n",
            "new_string": "import { eq, sql } from 'drizzle-orm';\n",
        },
    ],
)
s.call(
    "run_command",
    "$ npm run check && npx playwright test\n"
    "> larkspur-shop@2.31.0 check\n"
    "> svelte-kit sync && svelte-check --tsconfig ./tsconfig.json\n\n"
    "====================================\n"
    "svelte-check found 0 errors and 0 warnings\n"
    + _WEB_HEAD
    + "  \u2713  1 [chromium] \u203a tests/checkout-idempotency.spec.ts:16:2 \u203a checkout "
    "idempotency (SHOP-731) \u203a a double-click places one order (2.4s)\n"
    "  \u2713  2 [chromium] \u203a tests/checkout-idempotency.spec.ts:25:2 \u203a checkout "
    "idempotency (SHOP-731) \u203a the same form posted twice at once places one order (1.9s)\n"
    "[... 20 more \u2713 ...]\n\n"
    "  22 passed (44.7s)\n",
    command="npm run check && npx playwright test",
)
s.call(
    "run_command",
    f"$ {_PR}\n"
    "Switched to a new branch 'shop-731-checkout-idempotency'\n"
    "[shop-731-checkout-idempotency 4be91c3] Place one order per checkout form: an "
    "idempotency key with a unique index (SHOP-731)\n"
    " 7 files changed, 1204 insertions(+), 9 deletions(-)\n"
    f" create mode 100644 {_MIG}\n"
    " create mode 100644 drizzle/meta/0019_snapshot.json\n"
    f" create mode 100644 {_SPEC}\n"
    "branch 'shop-731-checkout-idempotency' set up to track "
    "'origin/shop-731-checkout-idempotency'.\n"
    "https://github.com/larkspur-tea/shop/pull/588\n",
    "All 22 pass in both projects and svelte-check is clean: a double-click, two simultaneous "
    "POSTs of one form and a resend each leave one order with its items, and two checkouts "
    "still make two. Committing, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Tomasz reviewed #588:\n"
    "1. On a conflict the order items must not be inserted again, and they have to be in the "
    "same transaction as the order, or the losing request of a double-click can add a second "
    "set of items to the first order.\n"
    "2. Why a column and an index? A Redis SETNX lock on the session id with a 10 s TTL would "
    "do the same without a migration.\n"
    "3. The 41 November pairs are still in the table. Add a migration that cancels the later "
    "order of each pair while you're at it.\n"
    "4. checkout_key comes straight off the form: a malformed one ('abc') is a PostgresError "
    "22P02 on the uuid column and a 500, and a form without one inserts NULL, which the index "
    "ignores, so the guard is skipped silently. Validate it.\n\n"
    "My answers:\n"
    "1: I'm fairly sure that's how you wrote it; check and tell him.\n"
    "2: reply: a lock on the session blocks a customer who really orders twice, a TTL is a "
    "guess at how late the resend comes (we saw 8.9 s), and Redis isn't in the checkout path "
    "today; the unique index holds on all 4 app instances, survives a restart, and is decided "
    "in the same transaction as the order.\n"
    "3: no, that's SHOP-749: support and finance are cancelling and refunding those by hand, "
    "and I don't want a data migration touching orders in this PR.\n"
    "4: yes, in this PR: add checkout_key: z.string().uuid() to checkoutSchema in "
    "src/lib/server/validation/checkout.ts and take the key from parsed.data, so a missing or "
    "malformed key returns fail(400) with 'Your checkout expired, please reload the page.' "
    "instead of a 500, and add tests to checkout-idempotency.spec.ts that post a malformed and "
    "a missing key and get a 400 with no order."
)
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    + _grep_after(_ACTION_FINAL, "db.transaction", 26)
    + "[... WebServer: vite build, vite preview --port 4173 ...]\n"
    "Running 1 test using 1 worker\n"
    "[1/1] [chromium] \u203a tests/checkout-idempotency.spec.ts:25:2 \u203a checkout idempotency "
    "(SHOP-731) \u203a the same form posted twice at once places one order\n"
    "  1 passed (9.2s)\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 588 --body-file /tmp/pr588.md\n"
    "https://github.com/larkspur-tea/shop/pull/588#issuecomment-2271408\n",
    "Point 1 is already in: the order and its items are one db.transaction, and a request that "
    f"loses the conflict returns the placed order's id at line {_RETURN_AT} before the items "
    f"insert at line {_ITEMS_AT}; the concurrent-POST test asserts one order with one item line. Posting the "
    "reply to Tomasz on points 1 to 3.",
    command="gh pr comment 588 --body-file /tmp/pr588.md",
)
s.say(
    "Replied to Tomasz on #588. Point 1 was in before his review: the items are inserted in "
    "the order's transaction and only when the insert returned a new order, and 'the same form "
    "posted twice at once' checks that one order with one item line is left. On point 2 the "
    "reply gives the user's reasons against a Redis SETNX lock on the session: it blocks a real "
    "second order, the 10 s TTL is a guess against the 8.9 s resends, and the unique index "
    "holds on all 4 instances inside the order's transaction. Point 3 is SHOP-749. Next I'll "
    "write drizzle/0020_cancel_duplicate_orders.sql, a data migration that cancels the later "
    "order of each of the 41 November pairs, and push it to #588."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "SHOP-731: the checkout's default form action (src/routes/checkout/+page.server.ts) "
             "places two orders when a customer double-clicks Place order or a phone resends "
             "the POST: 41 duplicate pairs among 9,312 November orders (23 Mobile Safari 3.1 to "
             "8.9 s apart, 18 double-clicks 0.18 to 0.62 s apart), the warehouse shipping both, "
             "because the cart is a signed cookie only the response's Set-Cookie clears and "
             "nothing ties a submit of the form to an order; find why and make it stop.",
             must=(("shop-731", "checkout", "form action"),
                   ("two orders", "duplicate", "double-click", "twice", "resends the post")),
             partial_means="Duplicate orders without where or why (the checkout action, the "
                           "cart cookie, a double-click or a resent POST), or the ticket alone.",
             wrong="A payment provider charging twice; the warehouse importing orders twice."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #588 with the user's answers: point 1 (order items in the "
             "order's transaction, not inserted again on a conflict) should already be so, "
             "check and tell him; point 2, reply why not a Redis SETNX lock (it blocks a real "
             "second order, the TTL is a guess against 8.9 s, Redis is not in the checkout "
             "path; the index holds on all 4 instances in the order's transaction); point 3, "
             "the 41 November pairs are SHOP-749, no data migration in this PR; point 4, in "
             "this PR: checkout_key: z.string().uuid() in checkoutSchema, the key from "
             "parsed.data, fail(400) 'Your checkout expired, please reload the page.', and "
             "tests posting a malformed and a missing key.",
             must=(("checkoutschema", "z.string().uuid()", "malformed", "missing key",
                    "validate checkout key", "validate the key", "fail(400"),
                   ("tomasz", "shop-749", "redis", "setnx", "same transaction")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "answers"),
             partial_means="One of the points to act on, without the key validation or "
                           "without the others.",
             wrong="Writing the cleanup migration now; adding a Redis lock.",
             stale_means="The no-client-side-guard correction or the first request given as "
                         "the latest."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's point 4, the one left: in src/lib/server/validation/checkout.ts add "
             "checkout_key: z.string().uuid() to checkoutSchema and take the key from "
             "parsed.data in the action (instead of form.checkout_key), so a malformed or "
             "missing key returns fail(400) with 'Your checkout expired, please reload the "
             "page.' rather than a 22P02 500 or a NULL key; add tests to "
             "tests/checkout-idempotency.spec.ts posting a malformed and a missing key (400, "
             "no order); run npm run check and npx playwright test, then commit and push to "
             "#588.",
             must=(("checkoutschema", "validation/checkout.ts", "z.string().uuid()",
                    "validate the key", "validate checkout key", "malformed"),
                   ("checkout-idempotency.spec.ts", "playwright", "push", "#588", "fail(400")),
             stale=("submitguard", "debounce", "disabled", "redis", "setnx", "0020",
                    "cancels the later order", "the 41 november pairs"),
             partial_means="Says to validate the key without where or what then (the schema, "
                           "the 400, the tests, the push), or to push without it.",
             wrong="Generating the key on the client; adding an index on orders.email.",
             stale_means="Says to write the data migration cancelling the later order of each "
                         "November pair (drizzle/0020, put off by the user to SHOP-749), to add "
                         "a Redis SETNX lock (answered against), or to put the submitGuard "
                         "debounce or a disabled Place order button back (ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/routes/checkout/+page.server.ts (load() returns checkoutKey = "
             "crypto.randomUUID(); the action inserts with onConflictDoNothing on "
             "idempotencyKey with the index predicate where idempotency_key is not null, a "
             "conflict selects the placed order and redirects, items only for a new order); "
             "src/routes/checkout/+page.svelte (the hidden checkout_key input); "
             "src/lib/server/db/schema.ts (orders.idempotencyKey uuid and the partial unique "
             "index orders_idempotency_key_idx); drizzle/0019_orders_idempotency_key.sql and "
             "its meta snapshot (new, from drizzle-kit generate); "
             "tests/checkout-idempotency.spec.ts (new: double-click, two posts at once, a "
             "resend, two checkouts). src/lib/stores/submitGuard.ts was created and deleted, "
             "and +page.svelte checked out before the real change.",
             must=(("+page.server.ts",), ("+page.svelte",), ("schema.ts",),
                   ("0019_orders_idempotency_key.sql", "0019"),
                   ("checkout-idempotency.spec.ts",)),
             stale=("submitguard.ts", "stores/submitguard", "debounce store"),
             spread=True,
             partial_means="Two to four of the files.",
             wrong="cart.ts, checkout.ts or checkout.spec.ts given as changed.",
             stale_means="src/lib/stores/submitGuard.ts (the debounce store) listed as a "
                         "current change, or the disabled button in +page.svelte."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The server recognises the same form: load() makes a checkout key with "
             "crypto.randomUUID(), sent in a hidden checkout_key field; orders gets a uuid "
             "idempotency_key with a partial unique index (migration 0019); the existing "
             "default action inserts with onConflictDoNothing (the predicate where "
             "idempotency_key is not null) in its transaction, and a request that inserts "
             "nothing selects the order by its key and redirects 303 to its confirmation; it "
             "works without JavaScript; no new table or endpoint. It rules out the client-side "
             "guard (the submitGuard debounce store cancelling a second submit within 1.5 s, "
             "the disabled Place order button, a 10 s window) and, answered in review, a Redis "
             "SETNX lock on the session.",
             must=(("idempotency key", "checkout key", "checkout_key", "idempotency_key",
                    "on conflict", "onconflictdonothing", "unique index"),
                   ("submitguard", "debounce", "disabled", "client-side", "in the browser",
                    "redis")),
             stale=("submitguard", "debounce store", "disabled={$submitting}"),
             partial_means="The idempotency key with its unique index without what it rules "
                           "out, or the reverse.",
             wrong="Clearing the cart before the insert; a lock on the customer row.",
             stale_means="The submitGuard debounce store with the disabled button given as "
                         "the design."),
    Question("review", "What did the review find?",
             "Tomasz on #588: 1. on a conflict the order items must not be inserted again and "
             "must be in the order's transaction (already so: the conflict returns the placed "
             "order's id before the items insert, the concurrent-POST test passes); 2. why not "
             "a Redis SETNX lock on the session with a 10 s TTL (answered on the PR); 3. a "
             "migration cancelling the later order of the 41 November pairs (put off to "
             "SHOP-749, support and finance do it by hand); 4. checkout_key unvalidated: "
             "'abc' is a 22P02 and a 500, a missing one inserts NULL and skips the guard "
             "(still to do in this PR).",
             must=(("order items", "same transaction", "items"),
                   ("redis", "setnx"),
                   ("shop-749", "november pairs", "cancels the later order"),
                   ("22p02", "malformed", "missing", "uuid", "validate")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The 42P10 error given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not in the browser: the Mobile Safari pairs are the phone resending the POST "
             "after losing the connection before the 303, with no second click for a disabled "
             "button to stop; a 10 s window silently ignores a real second order; the checkout "
             "must work without JavaScript, where the store never runs. The server has to "
             "recognise the same form: an idempotency key made in load(), a hidden field, a "
             "unique index, ON CONFLICT DO NOTHING in the existing action, a lookup by key and "
             "a redirect to the confirmation; no new table or endpoint; delete submitGuard.ts "
             "and put +page.svelte back first.",
             must=(("not in the browser", "submitguard", "debounce", "disabled button",
                    "client-side", "without javascript"),
                   ("idempotency key", "hidden field", "on conflict", "unique index",
                    "the server")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "stop", "wants", "ruled out"),
             partial_means="No client-side guard without what to do instead, or the reverse.",
             wrong="The 42P10 error given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The duplicate orders: a second POST with the same cart cookie placed the cart "
             "again; fixed by the idempotency key and onConflictDoNothing. Then 14 of 22 "
             "Playwright tests (every one placing an order, both projects) failed with "
             "PostgresError 42P10 'there is no unique or exclusion constraint matching the ON "
             "CONFLICT specification' (a 500, the page staying on /checkout); rm -rf "
             ".svelte-kit build node_modules/.vite, npm run db:migrate:test and a re-run did not "
             "fix it (not a stale build or a missing migration: \\d orders showed the index); "
             "the index is partial (WHERE idempotency_key IS NOT NULL), which ON CONFLICT only "
             "uses when it repeats the predicate: fixed by where: sql`idempotency_key is not "
             "null` in onConflictDoNothing.",
             must=(("42p10", "no unique or exclusion constraint",
                    "on conflict specification"),
                   ("partial index", "partial unique index", "index predicate", "predicate",
                    "is not null", "arbiter")),
             stale=("fixed by rm -rf", "fixed by removing .svelte-kit", "fixed by clearing",
                    "fixed by npm run db:migrate", "fixed by migrating", "fixed by a clean build",
                    "fixed by re-running", "fixed by a re-run", "stale build"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A missing column idempotency_key; SvelteKit's CSRF check refusing the POST.",
             stale_means="The 42P10 'fixed' by clearing .svelte-kit, build and Vite's cache, "
                         "migrating shop_test again or a re-run (a stale build)."),
    Question("key_values", "Which key values matter?",
             "41 duplicate pairs among 9,312 November orders: 23 Mobile Safari 3.10-8.90 s "
             "apart, 11 Chrome, 5 Chrome Mobile, 2 Firefox 0.18-0.62 s apart; the guard's "
             "1.5 s window; about 48,000 orders without a key; migration 0019; 42P10 (and "
             "22P02 in review); 14 failed and 8 passed of 22, then 22 passed; 4 app instances; "
             "PR #588; SHOP-731 and SHOP-749.",
             must=(("41 pairs", "41 duplicate", "9,312", "8.9"),
                   ("22 passed", "14 failed", "14 of 22", "42p10"),
                   ("#588", "shop-731", "shop-749")),
             spread=True,
             partial_means="One or two of the groups of values (the duplicates, the test runs, "
                           "the PR and tickets).",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/routes/checkout/+page.server.ts is the checkout's load() and default form "
             "action (inserts the order and its items in one transaction, clears the cart, "
             "redirects to /checkout/confirm/<id>); +page.svelte the form with use:enhance; "
             "src/lib/server/cart.ts the cart as a signed cookie (getCart, clearCart); "
             "src/lib/server/db/schema.ts the Drizzle tables (orders, order_items); "
             "drizzle/0019_orders_idempotency_key.sql the migration; "
             "src/lib/server/validation/checkout.ts checkoutSchema (zod); "
             "tests/checkout.spec.ts and tests/checkout-idempotency.spec.ts the Playwright "
             "tests against the preview build, with shop_test as their database.",
             must=(("+page.server.ts",),
                   ("schema.ts", "+page.svelte", "cart.ts", "validation/checkout.ts",
                    "checkout.spec.ts", "checkout-idempotency.spec.ts", "0019")),
             partial_means="The files named without what they hold.",
             wrong="submitGuard.ts as the guard in use."),
    Question("pending", "What work is still pending?",
             "Tomasz's point 4: checkout_key validated as a UUID in checkoutSchema, the key "
             "from parsed.data, fail(400) for a malformed or missing key, tests for both in "
             "checkout-idempotency.spec.ts, then commit and push to #588; the November "
             "duplicates are SHOP-749, not this PR.",
             must=(("checkoutschema", "z.string().uuid()", "malformed", "validate the key",
                    "validate checkout key"),
                   ("push", "commit")),
             partial_means="The validation without the commit and push, or the push alone.",
             wrong="The order-items transaction or the reply on Redis as pending.",
             stale_means="The cleanup migration of the November pairs as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #588 (branch shop-731-checkout-idempotency) is open and pushed with the "
             "checkout key, the hidden field, the idempotency_key column and its partial "
             "unique index (0019), the onConflictDoNothing with its predicate and the new "
             "spec; 22 Playwright tests pass in chromium and mobile-safari and svelte-check is "
             "clean; Tomasz is answered on points 1 to 3; the key validation (point 4) is not "
             "started.",
             must=(("#588",),
                   ("22 passed", "22 pass", "tests pass", "all 22"),
                   ("not started", "point 4", "validation", "malformed", "uuid()")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or the key is validated already.",
             stale_means="Says the checkout is guarded by the submitGuard store."),
)  # fmt: skip

PRODUCTION = None
