"""Held out, twenty-third set: written 2026-12-07, while round 11 was tuned on the twenty-second
set, by an author who never ran the handoff on them. OpenAI chat with function tools,
TypeScript/Next.js 14.2 App Router (Prisma 5 on PostgreSQL for the catalog, the prices in the
pricing team's service, Vitest for units and Playwright for the e2e suite): after a price change
in the admin the product pages keep the old price for up to an hour (STORE-612: the Trail Runner
GTX, prd_8812, went from €149.00 to €129.00 at 09:10 and the page said €149.00 until about
10:05 while the checkout charged €129.00), because pricingFetch caches every price read with
next: { revalidate: 3600 } and the updatePrice server action calls
revalidatePath(`/products/${productId}`), a path that does not exist (the route is
/products/[slug]); a first design (export const dynamic = 'force-dynamic' on the product page, a
client usePricePolling hook polling a new /api/prices/[id] route every 30 s, ProductPrice made a
client component) written and measured (p50 41 ms to 388 ms, one pricing call a view), then
ruled out by the user (the pricing service limits the storefront to 150 rps, product pages peak
at 420 views/s, polling tabs, a flicker at hydration) for tagging the price fetch
next: { tags: [`product:${id}`] } in getPrice and revalidateTag in the existing updatePrice
action; the hook and the route deleted, page.tsx and ProductPrice.tsx checked out again; the
stale Vitest assertion of the wrong path and its next/cache mock fixed; then the new Playwright
price-change tests still read €149.00 after the save, which stopping the old server, rm -rf .next
node_modules, npm ci and a CI=1 re-run (the suspected stale .next and reused server) did not
fix; the fetch-cache entry had "tags":[] because pricingFetch in src/lib/pricing-client.ts set
next after ...init and dropped the caller's tags (STORE-377), and merging ...init.next did; a
review of PR #903 with four points: one done already (no revalidation after a 409 or a failed
PUT), one answered on the PR (why a tag and not revalidatePath with the slug), one a ticket (the
CSV import's importPrices, STORE-640), one pending (a productTag(id) helper in a new
src/lib/cache-tags.ts and a 409 test); the assistant's last words name that point as the next
step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/dev/fernhill-web"
_PAGE = "src/app/products/[slug]/page.tsx"
_PRICE_UI = "src/components/ProductPrice.tsx"
_PRICING = "src/lib/pricing.ts"
_CLIENT = "src/lib/pricing-client.ts"
_ACTIONS = "src/app/admin/products/[id]/actions.ts"
_ACT_TEST = "src/app/admin/products/[id]/actions.test.ts"
_HOOK = "src/hooks/usePricePolling.ts"
_ROUTE = "src/app/api/prices/[id]/route.ts"
_E2E = "e2e/price-change.spec.ts"
_PW_CONFIG = "playwright.config.ts"
_MOCK = "e2e/fixtures/pricing-mock.mjs"
_URL = "http://localhost:3100/products/trail-runner-gtx"

_PAGE_SRC = (
    "import { notFound } from 'next/navigation';\n"
    "import { AddToCart } from '@/components/AddToCart';\n"
    "import { ProductPrice } from '@/components/ProductPrice';\n"
    "import { getProductBySlug } from '@/lib/catalog';\n"
    "import { getPrice } from '@/lib/pricing';\n\n"
    "export default async function ProductPage({ params }: { params: { slug: string } }) {\n"
    "  const product = await getProductBySlug(params.slug); // Prisma\n"
    "  if (!product) notFound();\n"
    "  const price = await getPrice(product.id);\n"
    "  return (\n"
    '    <main className="mx-auto max-w-5xl px-4 py-8">\n'
    '      <h1 className="text-3xl font-bold">{product.name}</h1>\n'
    "      <ProductPrice price={price} />\n"
    "      <AddToCart productId={product.id} />\n"
    '      <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: '
    "product.descriptionHtml }} />\n"
    "    </main>\n"
    "  );\n"
    "}\n"
)
_PRICE_UI_SRC = (
    "import { formatMoney } from '@/lib/money';\n"
    "import type { Price } from '@/lib/pricing';\n\n"
    "export function ProductPrice({ price }: { price: Price }) {\n"
    "  return (\n"
    '    <p data-testid="product-price" className="text-2xl font-semibold">\n'
    "      {formatMoney(price.amountMinor, price.currency)}\n"
    "    </p>\n"
    "  );\n"
    "}\n"
)
_GET_PRICE = (
    "export async function getPrice(productId: string): Promise<Price> {\n"
    "  const res = await pricingFetch(`/v2/prices/${productId}`);\n"
)
_GET_PRICE_TAGGED = (
    "export async function getPrice(productId: string): Promise<Price> {\n"
    "  // the tag updatePrice revalidates: every page that read this price is refreshed\n"
    "  const res = await pricingFetch(`/v2/prices/${productId}`, {\n"
    "    next: { tags: [`product:${productId}`] },\n"
    "  });\n"
)
_PRICING_SRC = (
    "import { pricingFetch } from './pricing-client';\n\n"
    "export type Price = {\n"
    "  productId: string;\n"
    "  amountMinor: number;\n"
    "  currency: 'EUR' | 'GBP';\n"
    "  version: number;\n"
    "};\n\n"
    "// Prices live in the pricing service (the shops' POS reads them too); each read is cached\n"
    "// for PRICE_REVALIDATE_S, see pricing-client.ts.\n"
    + _GET_PRICE
    + "  if (!res.ok) throw new Error(`pricing: ${res.status} for ${productId}`);\n"
    "  return res.json();\n"
    "}\n\n"
    "export function putPrice(productId: string, amountMinor: number, version: number) {\n"
    "  return pricingFetch(`/v2/prices/${productId}`, {\n"
    "    method: 'PUT',\n"
    "    body: JSON.stringify({ amountMinor, version }),\n"
    "    cache: 'no-store',\n"
    "  });\n"
    "}\n"
)
_CLIENT_NEXT_OLD = "    next: { revalidate: PRICE_REVALIDATE_S },\n"
_CLIENT_NEXT_NEW = (
    "    // merge, don't replace: getPrice's tags ride on init.next (STORE-612)\n"
    "    next: { revalidate: PRICE_REVALIDATE_S, ...init.next },\n"
)
_CLIENT_SRC = (
    "const BASE = process.env.PRICING_API_URL ?? 'http://pricing.internal:8080';\n\n"
    "// One TTL for every price read (STORE-377).\n"
    "export const PRICE_REVALIDATE_S = 3600;\n\n"
    "export function pricingFetch(path: string, init: RequestInit = {}): Promise<Response> {\n"
    "  return fetch(`${BASE}${path}`, {\n"
    "    ...init,\n"
    "    headers: {\n"
    "      authorization: `Bearer ${process.env.PRICING_API_TOKEN}`,\n"
    "      'content-type': 'application/json',\n"
    "      ...init.headers,\n"
    "    },\n" + _CLIENT_NEXT_OLD + "  });\n"
    "}\n"
)
_ACTIONS_HEAD = (
    "'use server';\n\n"
    "import { revalidatePath } from 'next/cache';\n"
    "import { z } from 'zod';\n"
    "import { requireAdmin } from '@/lib/auth';\n"
    "import { putPrice } from '@/lib/pricing';\n"
    "import { prisma } from '@/lib/prisma';\n\n"
    "const PriceForm = z.object({\n"
    "  amount: z.coerce.number().positive().multipleOf(0.01),\n"
    "  version: z.coerce.number().int(),\n"
    "});\n\n"
    "export async function updatePrice(productId: string, _prev: unknown, formData: FormData) "
    "{\n"
    "  const admin = await requireAdmin();\n"
    "  const parsed = PriceForm.safeParse(Object.fromEntries(formData));\n"
    "  if (!parsed.success) return { error: 'Enter a price like 129.00' };\n"
    "  const amountMinor = Math.round(parsed.data.amount * 100);\n\n"
    "  const res = await putPrice(productId, amountMinor, parsed.data.version);\n"
    "  if (res.status === 409) {\n"
    "    return { error: 'Someone changed this price meanwhile; reload and try again' };\n"
    "  }\n"
    "  if (!res.ok) return { error: `The pricing service answered ${res.status}` };\n\n"
    "  await prisma.priceChange.create({\n"
    "    data: { productId, amountMinor, changedById: admin.id },\n"
    "  });\n"
)
_REVAL_OLD = "  revalidatePath(`/products/${productId}`);\n"
_REVAL_NEW = (
    "  // every cached fetch of this product's price, on every page that shows it\n"
    "  revalidateTag(`product:${productId}`);\n"
)
_ACTIONS_TAIL = "  return { ok: true as const, message: 'Price saved' };\n}\n"
_ACTIONS_SRC = _ACTIONS_HEAD + _REVAL_OLD + _ACTIONS_TAIL
_ACTIONS_FINAL = (
    _ACTIONS_HEAD.replace("{ revalidatePath }", "{ revalidateTag }") + _REVAL_NEW + _ACTIONS_TAIL
)


def _line(src: str, text: str) -> int:
    return next(i for i, line in enumerate(src.splitlines(), 1) if text in line)


_REVAL_AT = _line(_ACTIONS_SRC, "revalidatePath(`")
_TAG_AT = _line(_ACTIONS_FINAL, "revalidateTag(`")
_409_AT = _line(_ACTIONS_FINAL, "res.status === 409")
_OK_AT = _line(_ACTIONS_FINAL, "if (!res.ok)")
_NEXT_AT = _line(_CLIENT_SRC, "next: { revalidate")

_HOOK_SRC = (
    "'use client';\n\n"
    "import { useEffect, useState } from 'react';\n"
    "import type { Price } from '@/lib/pricing';\n\n"
    "const POLL_MS = 30_000;\n\n"
    "/** The product's price, fetched again from /api/prices/[id] every 30 s while the tab is "
    "open. */\n"
    "export function usePricePolling(initial: Price): Price {\n"
    "  const [price, setPrice] = useState(initial);\n"
    "  useEffect(() => {\n"
    "    let stopped = false;\n"
    "    const tick = async () => {\n"
    "      const res = await fetch(`/api/prices/${initial.productId}`, { cache: 'no-store' });\n"
    "      if (res.ok && !stopped) setPrice(await res.json());\n"
    "    };\n"
    "    void tick();\n"
    "    const timer = setInterval(tick, POLL_MS);\n"
    "    return () => {\n"
    "      stopped = true;\n"
    "      clearInterval(timer);\n"
    "    };\n"
    "  }, [initial.productId]);\n"
    "  return price;\n"
    "}\n"
)
_ROUTE_SRC = (
    "import { NextResponse } from 'next/server';\n"
    "import { pricingFetch } from '@/lib/pricing-client';\n\n"
    "export const dynamic = 'force-dynamic';\n\n"
    "export async function GET(_req: Request, { params }: { params: { id: string } }) {\n"
    "  const res = await pricingFetch(`/v2/prices/${params.id}`, { cache: 'no-store' });\n"
    "  if (!res.ok) return NextResponse.json({ error: 'price unavailable' }, { status: 502 });\n"
    "  return NextResponse.json(await res.json(), { headers: { 'cache-control': 'no-store' } "
    "});\n"
    "}\n"
)

_START = (
    "npm run build > /tmp/build.log && (PRICING_API_URL=http://127.0.0.1:4010 npm run start -- "
    "-p 3100 > /tmp/start.log 2>&1 & echo $! > /tmp/start.pid) && sleep 4"
)
_PRICE_OF = f"curl -s {_URL} | grep -o 'data-testid=\"product-price\"[^<]*'"
_REPRO = (
    f"(npm run pricing:mock > /tmp/mock.log 2>&1 &) && {_START} && {_PRICE_OF} && curl -s -X "
    'PUT http://127.0.0.1:4010/v2/prices/prd_8812 -d \'{"amountMinor":12900,"version":7}\' && '
    f"sleep 2 && {_PRICE_OF} && curl -sI {_URL} | grep -iE 'x-nextjs-cache|cache-control' && "
    f"npx autocannon -c 20 -d 20 {_URL} | grep -E 'Latency|requests in' && curl -s "
    "http://127.0.0.1:4010/__stats"
)
_GREP = (
    "grep -rn 'revalidatePath\\|revalidateTag\\|getPrice(' src --include=*.ts --include=*.tsx && "
    "ls src/app/products src/app/collections"
)
_BENCH = (
    f"kill $(cat /tmp/start.pid) && curl -s -X POST http://127.0.0.1:4010/__reset && {_START} "
    f"&& npx autocannon -c 20 -d 20 {_URL} | grep -E 'Latency|requests in' && curl -s "
    "http://127.0.0.1:4010/__stats"
)

_TEST_OLD_MOCK = (
    "import { revalidatePath } from 'next/cache';\n"
    "import { beforeEach, describe, expect, it, vi } from 'vitest';\n"
    "import { updatePrice } from './actions';\n\n"
    "vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));\n"
)
_TEST_NEW_MOCK = (
    "import { revalidateTag } from 'next/cache';\n"
    "import { beforeEach, describe, expect, it, vi } from 'vitest';\n"
    "import { updatePrice } from './actions';\n\n"
    "vi.mock('next/cache', () => ({ revalidateTag: vi.fn() }));\n"
)
_TEST_OLD_ASSERT = "    expect(revalidatePath).toHaveBeenCalledWith('/products/prd_8812');\n"
_TEST_NEW_ASSERT = "    expect(revalidateTag).toHaveBeenCalledWith('product:prd_8812');\n"

_E2E_SRC = (
    "import { expect, test } from '@playwright/test';\n"
    "import { resetPrices } from './fixtures/pricing-mock-client';\n\n"
    "test.use({ storageState: 'e2e/.auth/admin.json' });\n"
    "test.beforeEach(async () => resetPrices()); // prd_8812 back at 14900, version 7\n\n"
    "async function changePrice(page: import('@playwright/test').Page, amount: string) {\n"
    "  await page.goto('/admin/products/prd_8812');\n"
    "  await page.getByLabel('Price (EUR)').fill(amount);\n"
    "  await page.getByRole('button', { name: 'Save price' }).click();\n"
    "  await expect(page.getByRole('status')).toHaveText('Price saved');\n"
    "}\n\n"
    "test('a price change in the admin shows on the product page', async ({ page }) => {\n"
    "  await page.goto('/products/trail-runner-gtx');\n"
    "  await expect(page.getByTestId('product-price')).toHaveText('€149.00');\n"
    "  await changePrice(page, '129.00');\n"
    "  await page.goto('/products/trail-runner-gtx');\n"
    "  await expect(page.getByTestId('product-price')).toHaveText('€129.00');\n"
    "});\n\n"
    "test('the collection page shows the new price too', async ({ page }) => {\n"
    "  await page.goto('/collections/running');\n"
    "  await expect(page.getByTestId('price-prd_8812')).toHaveText('€149.00');\n"
    "  await changePrice(page, '129.00');\n"
    "  await page.goto('/collections/running');\n"
    "  await expect(page.getByTestId('price-prd_8812')).toHaveText('€129.00');\n"
    "});\n"
)
_T1_AT = _line(_E2E_SRC, "test('a price change")
_T2_AT = _line(_E2E_SRC, "test('the collection page")
_E1_AT = _line(_E2E_SRC, "getByTestId('product-price')).toHaveText('€129.00')")
_E2_AT = _line(_E2E_SRC, "getByTestId('price-prd_8812')).toHaveText('€129.00')")

_VITEST_OK = (
    "\n RUN  v2.1.4 " + _HOME + "\n\n"
    f" ✓ {_ACT_TEST} (4 tests) 41ms\n"
    " ✓ src/lib/money.test.ts (12 tests) 7ms\n"
    " [... 29 more test files passed ...]\n\n"
    " Test Files  31 passed (31)\n"
    "      Tests  214 passed (214)\n"
    "   Start at  {start}\n"
    "   Duration  {secs}s\n"
)
_T1 = f"[chromium] › {_E2E}:{_T1_AT}:5 › a price change in the admin shows on the product page"
_T2 = f"[chromium] › {_E2E}:{_T2_AT}:5 › the collection page shows the new price too"
_PW_FAIL = (
    "\nRunning 38 tests using 4 workers\n\n"
    "[... 36 passed ...]\n"
    f"  ✘  37 {_T1} ({{d1}}s)\n"
    f"  ✘  38 {_T2} ({{d2}}s)\n\n"
    f"  1) {_T1} \n\n"
    "    Error: Timed out 5000ms waiting for expect(locator).toHaveText(expected)\n\n"
    "    Locator: getByTestId('product-price')\n"
    '    Expected string: "€129.00"\n'
    '    Received string: "€149.00"\n'
    "    Call log:\n"
    "      - expect.toHaveText with timeout 5000ms\n"
    "      - waiting for getByTestId('product-price')\n"
    '      -   locator resolved to <p data-testid="product-price" class="text-2xl '
    'font-semibold">€149.00</p>\n'
    '      -   unexpected value "€149.00"\n\n'
    f"      {_E1_AT - 1} |   await page.goto('/products/trail-runner-gtx');\n"
    f"    > {_E1_AT} |   await expect(page.getByTestId('product-price')).toHaveText('€129.00');"
    "\n"
    "         |                                                   ^\n"
    f"        at {_HOME}/{_E2E}:{_E1_AT}:51\n\n"
    f"  2) {_T2} \n\n"
    "    Error: Timed out 5000ms waiting for expect(locator).toHaveText(expected)\n\n"
    "    Locator: getByTestId('price-prd_8812')\n"
    '    Expected string: "€129.00"\n'
    '    Received string: "€149.00"\n'
    f"        at {_HOME}/{_E2E}:{_E2_AT}:51\n\n"
    "  2 failed\n"
    f"    {_T1} \n"
    f"    {_T2} \n"
    "  36 passed ({secs})\n"
)
_RUN_ALL = "npx vitest run && npx playwright test"
_CLEAN = (
    "kill $(cat /tmp/start.pid); rm -rf .next node_modules && npm ci && CI=1 npx playwright test"
)
_FETCH_CACHE = (
    "ls .next/cache/fetch-cache | wc -l && grep -l 'v2/prices/prd_8812' "
    ".next/cache/fetch-cache/* | head -1 | xargs jq -c '{url: .data.url, revalidate, tags}'"
)
_WHY = f"sed -n 1,20p {_CLIENT} && git log --oneline -S'next: {{ revalidate' -- {_CLIENT}"
_FIXED = (
    "npx vitest run && CI=1 npx playwright test && npx tsc --noEmit && npm run lint && grep -l "
    "'v2/prices/prd_8812' .next/cache/fetch-cache/* | head -1 | xargs jq -c '{url: .data.url, "
    "revalidate, tags}'"
)
_PR = (
    "git checkout -b store-612-price-tags && git add -A && git commit -m 'Refresh the "
    "price on every page when the admin changes it: tag the price fetch and revalidateTag "
    "(STORE-612)' && git push -u origin HEAD && gh pr create --fill"
)
_POINT1 = f"grep -n 'res.status === 409\\|res.ok\\|revalidateTag' {_ACTIONS}"

s = Script(
    "You are a coding assistant working in the fernhill-web repository, the Fernhill Outfitters "
    "storefront (TypeScript, Next.js 14.2 App Router, Prisma 5 on PostgreSQL for the catalog, "
    "prices read from the pricing team's service over HTTP, Vitest for unit tests, Playwright "
    "for the e2e suite against a pricing mock). You can read, write, edit and delete files and "
    "run shell commands through the tools you are given."
)
s.user(
    "STORE-612: merchandising changed the Trail Runner GTX (prd_8812) from €149.00 to €129.00 "
    "in the admin on Monday at 09:10, and its product page kept showing €149.00 until about "
    "10:05 while the checkout charged €129.00. Customers wrote in about it, and support says it "
    "happens after every price change, not just this product. Find out why and fix it. `npm run "
    "pricing:mock` gives you the pricing service on :4010 with the dev prices."
)
s.call(
    "run_command",
    f"$ cat {_PAGE} {_PRICING} {_ACTIONS}\n{_PAGE_SRC}{_PRICING_SRC}{_ACTIONS_SRC}",
    command=f"cat {_PAGE} {_PRICING} {_ACTIONS}",
)
s.call(
    "run_command",
    f"$ {_GREP}\n"
    f"{_ACTIONS}:{_REVAL_AT}:  revalidatePath(`/products/${{productId}}`);\n"
    f"{_PAGE}:9:  const price = await getPrice(product.id);\n"
    "src/app/collections/[handle]/page.tsx:21:  const prices = await Promise.all(products.map((p)"
    " => getPrice(p.id)));\n"
    "src/app/search/page.tsx:34:      const price = await getPrice(hit.productId);\n"
    "src/app/products:\n[slug]\n"
    "src/app/collections:\n[handle]\n",
    "The product page reads the price with getPrice, and the admin's updatePrice action "
    "revalidates after saving. Checking what it revalidates and which routes exist.",
    command=_GREP,
)
s.call(
    "run_command",
    f"$ {_REPRO}\n"
    'data-testid="product-price" class="text-2xl font-semibold">€149.00\n'
    '{"productId":"prd_8812","amountMinor":12900,"currency":"EUR","version":8}\n'
    'data-testid="product-price" class="text-2xl font-semibold">€149.00\n'
    "x-nextjs-cache: HIT\n"
    "cache-control: s-maxage=3600, stale-while-revalidate\n"
    "Latency p50 41 ms, p97.5 77 ms, p99 96 ms\n"
    "9k requests in 20.02s, 1.21 GB read\n"
    '{"GET /v2/prices/prd_8812":1,"PUT /v2/prices/prd_8812":1}\n',
    "updatePrice calls revalidatePath(`/products/${productId}`), i.e. /products/prd_8812, but "
    "the route is /products/[slug], so the path it revalidates is one no page lives at and "
    "nothing is refreshed. The price read itself is cached for an hour (pricing.ts says "
    "PRICE_REVALIDATE_S). Reproducing against a production build with the mock.",
    command=_REPRO,
)
s.call(
    "write_file",
    f"Wrote {_HOOK} ({len(_HOOK_SRC.splitlines())} lines)",
    "Reproduced: after the PUT to the pricing service the page still says €149.00, served from "
    "the cache (x-nextjs-cache: HIT, s-maxage=3600), and 9k requests to the page read the price "
    "from the service once. So the page lives on the hour's cache and no revalidation reaches "
    "it. Plan: render the product page on every request with export const dynamic = "
    "'force-dynamic', and keep an open tab current with a usePricePolling hook that fetches the "
    "price from a new /api/prices/[id] route every 30 s.",
    path=_HOOK,
    content=_HOOK_SRC,
)
s.call(
    "write_file",
    f"Wrote {_ROUTE} ({len(_ROUTE_SRC.splitlines())} lines)",
    path=_ROUTE,
    content=_ROUTE_SRC,
)
s.call(
    "edit_file",
    f"Edited {_PRICE_UI}: 2 hunks, +5 -2",
    "ProductPrice becomes a client component that starts from the server's price and takes the "
    "polled one.",
    path=_PRICE_UI,
    edits=[
        {
            "old_string": "import { formatMoney } from '@/lib/money';\n",
            "new_string": "'use client';\n\nimport { usePricePolling } from "
            "'@/hooks/usePricePolling';\nimport { formatMoney } from '@/lib/money';\n",
        },
        {
            "old_string": "  return (\n",
            "new_string": "  const live = usePricePolling(price);\n  return (\n",
        },
        {
            "old_string": "{formatMoney(price.amountMinor, price.currency)}",
            "new_string": "{formatMoney(live.amountMinor, live.currency)}",
        },
    ],
)
s.call(
    "edit_file",
    f"Edited {_PAGE}: 1 hunk, +2 -0",
    path=_PAGE,
    old="import { getPrice } from '@/lib/pricing';\n\n",
    new="import { getPrice } from '@/lib/pricing';\n\nexport const dynamic = 'force-dynamic';\n\n",
)
s.call(
    "run_command",
    f"$ {_BENCH}\n"
    "Latency p50 388 ms, p97.5 702 ms, p99 911 ms\n"
    "1k requests in 20.03s, 141 MB read\n"
    '{"GET /v2/prices/prd_8812":1032}\n',
    command=_BENCH,
)
s.say(
    "With force-dynamic every view of the product page reads the price from the pricing "
    "service: 1,032 page requests made 1,032 price requests, and the page's p50 went from 41 ms "
    "to 388 ms (p99 911 ms). In exchange a change shows on the next page load, and an open tab "
    "picks it up within 30 s through usePricePolling. Shall I add the polling to the "
    "collection page as well and open the PR?"
)
s.user(
    "No. The pricing service limits the storefront to 150 requests a second, and product pages "
    "peak at about 420 views a second in a sale, so force-dynamic turns every view into a "
    "pricing call we're not allowed to make, and 41 to 388 ms is a slower page for every "
    "customer to fix something that happens a few times a day. The polling is worse: every "
    "open tab asking every 30 seconds, and the price flickers when the client takes over from "
    "the server's HTML. The pages can stay cached; what's broken is that nothing tells the "
    "cache a price changed. Tag the price fetch with product:<id> and call revalidateTag with "
    "it in the updatePrice action we have, instead of that revalidatePath. The collection and "
    "search pages read the same fetch, so they're refreshed too without listing their paths. "
    "Delete the hook and the route, put page.tsx and ProductPrice.tsx back, and add a "
    "Playwright test that changes a price in the admin and sees it on the product page."
)
s.call(
    "run_command",
    f"$ rm {_HOOK} {_ROUTE} && git checkout -- {_PAGE} {_PRICE_UI} && git status --short\n",
    command=f"rm {_HOOK} {_ROUTE} && git checkout -- {_PAGE} {_PRICE_UI} && git status --short",
)
s.call(
    "edit_file",
    f"Edited {_PRICING}: 1 hunk, +4 -1",
    "The hook and the route are deleted and page.tsx and ProductPrice.tsx are as they were; the "
    "tree is clean. getPrice now tags its fetch with product:<id>; the hour's revalidate stays "
    "as the fallback.",
    path=_PRICING,
    old=_GET_PRICE,
    new=_GET_PRICE_TAGGED,
)
s.call(
    "edit_file",
    f"Edited {_ACTIONS}: 2 hunks, +3 -2",
    "updatePrice revalidates the tag where it called revalidatePath, so after the pricing "
    "service's 409 and other refusals it still returns early without touching the cache.",
    path=_ACTIONS,
    edits=[
        {
            "old_string": "import { revalidatePath } from 'next/cache';\n",
            "new_string": "import { revalidateTag } from 'next/cache';\n",
        },
        {"old_string": _REVAL_OLD, "new_string": _REVAL_NEW},
    ],
)
_VITEST_CMD = f"npx vitest run {_ACT_TEST}"
s.call(
    "run_command",
    f"$ {_VITEST_CMD}\n\n RUN  v2.1.4 {_HOME}\n\n"
    f" ❯ {_ACT_TEST} (4 tests | 1 failed) 38ms\n"
    "   × updatePrice > saves the price and refreshes the product page 12ms\n"
    '     → [vitest] No "revalidateTag" export is defined on the "next/cache" mock. Did you '
    "want to return the actual module?\n\n"
    "⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n"
    f" FAIL  {_ACT_TEST} > updatePrice > saves the price and refreshes the product page\n"
    'Error: [vitest] No "revalidateTag" export is defined on the "next/cache" mock. Did you '
    "want to return the actual module?\n"
    f" ❯ updatePrice {_ACTIONS}:{_TAG_AT}:3\n"
    f"     {_TAG_AT - 1}|   // every cached fetch of this product's price, on every page that "
    "shows it\n"
    f"     {_TAG_AT}|   revalidateTag(`product:${{productId}}`);\n"
    "       |   ^\n"
    f" ❯ {_ACT_TEST}:21:20\n\n"
    " Test Files  1 failed (1)\n"
    "      Tests  1 failed | 3 passed (4)\n",
    command=_VITEST_CMD,
)
s.call(
    "edit_file",
    f"Edited {_ACT_TEST}: 2 hunks, +2 -2",
    "The unit test mocks next/cache with revalidatePath only, and it asserted "
    "revalidatePath('/products/prd_8812'): it pinned the wrong path, which is why it never "
    "caught the bug. It now mocks revalidateTag and asserts the tag.",
    path=_ACT_TEST,
    edits=[
        {"old_string": _TEST_OLD_MOCK, "new_string": _TEST_NEW_MOCK},
        {"old_string": _TEST_OLD_ASSERT, "new_string": _TEST_NEW_ASSERT},
    ],
)
s.call(
    "write_file",
    f"Wrote {_E2E} ({len(_E2E_SRC.splitlines())} lines)",
    "The Playwright tests: load the page first so the old price is in the cache, change the "
    "price in the admin, load it again. The second test does the same for the collection "
    "page, which the tag is meant to cover without its path.",
    path=_E2E,
    content=_E2E_SRC,
)
s.call(
    "run_command",
    f"$ {_RUN_ALL}\n"
    + _VITEST_OK.replace("{start}", "10:48:02").replace("{secs}", "6.93")
    + _PW_FAIL.replace("{d1}", "6.9").replace("{d2}", "6.4").replace("{secs}", "1.3m"),
    command=_RUN_ALL,
)
s.call(
    "run_command",
    f"$ {_CLEAN}\n"
    "\nadded 1184 packages, and audited 1185 packages in 41s\n\n"
    "[... WebServer: > fernhill-web@3.19.0 build / next build ...]\n"
    "[... WebServer:  ✓ Compiled successfully, ✓ Generating static pages (58/58) ...]\n"
    + _PW_FAIL.replace("{d1}", "7.1").replace("{d2}", "6.6").replace("{secs}", "2.4m"),
    "Vitest passes, 214 tests. The two Playwright tests see €149.00 after the save. next "
    "build keeps .next/cache from one build to the next, and its fetch-cache holds the price "
    "entries written before getPrice had a tag; revalidateTag cannot match an untagged entry, "
    "so the page keeps it for its hour. And with reuseExistingServer: !process.env.CI in "
    f"{_PW_CONFIG}, Playwright may have run against the next start I left on 3100. A stale "
    ".next and a reused server, then: stopping that server, rm -rf .next node_modules, npm ci, "
    "and CI=1 so Playwright builds and starts its own.",
    command=_CLEAN,
)
s.call(
    "run_command",
    f"$ {_FETCH_CACHE}\n"
    "14\n"
    '{"url":"http://127.0.0.1:4010/v2/prices/prd_8812","revalidate":3600,"tags":[]}\n',
    "The same two failures on a fresh install, a fresh build and a server Playwright started "
    "itself, so it is not stale build output. Looking at what the new build stored for the "
    "price fetch.",
    command=_FETCH_CACHE,
)
s.call(
    "run_command",
    f"$ {_WHY}\n{_CLIENT_SRC}4e1d0a2 pricing: one TTL for every price read (STORE-377)\n",
    "The entry was written by this build, with the hour's revalidate, and its tags are empty: "
    "product:prd_8812 never reached fetch. getPrice passes it, so it is lost in between, in "
    "pricingFetch.",
    command=_WHY,
)
s.call(
    "edit_file",
    f"Edited {_CLIENT}: 1 hunk, +2 -1",
    f"There it is: pricingFetch spreads init, then sets next: {{ revalidate: "
    f"PRICE_REVALIDATE_S }} after it (line {_NEXT_AT}, from STORE-377), which replaces the "
    "caller's next object whole, tags and all. revalidateTag was matching a tag no cache entry "
    "had. Merging the caller's init.next into it instead.",
    path=_CLIENT,
    old=_CLIENT_NEXT_OLD,
    new=_CLIENT_NEXT_NEW,
)
s.call(
    "run_command",
    f"$ {_FIXED}\n"
    + _VITEST_OK.replace("{start}", "11:02:40").replace("{secs}", "6.71")
    + "\nRunning 38 tests using 4 workers\n\n"
    "[... 36 passed ...]\n"
    f"  ✓  37 {_T1} (3.2s)\n"
    f"  ✓  38 {_T2} (3.0s)\n\n"
    "  38 passed (2.2m)\n\n"
    "> fernhill-web@3.19.0 lint\n> next lint\n\n"
    "✔ No ESLint warnings or errors\n"
    '{"url":"http://127.0.0.1:4010/v2/prices/prd_8812","revalidate":3600,'
    '"tags":["product:prd_8812"]}\n',
    command=_FIXED,
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'store-612-price-tags'\n"
    "[store-612-price-tags 7b3f9d1] Refresh the price on every page when the admin "
    "changes it: tag the price fetch and revalidateTag (STORE-612)\n"
    " 5 files changed, 58 insertions(+), 6 deletions(-)\n"
    f" create mode 100644 {_E2E}\n"
    "branch 'store-612-price-tags' set up to track 'origin/store-612-price-tags'.\n"
    "https://github.com/fernhill/fernhill-web/pull/903\n",
    "All 214 Vitest tests and all 38 Playwright tests pass, tsc and lint are clean, and the "
    "price entry now carries the tag product:prd_8812. Both new tests see €129.00 on the "
    "product page and the collection page right after the save. Committing, pushing and "
    "opening the PR.",
    command=_PR,
)
s.user(
    "Kwame reviewed the PR:\n"
    "1. updatePrice shouldn't throw the cache away when the pricing service refuses the PUT (a "
    "409 on a stale version, or a 5xx), only after a price was saved.\n"
    "2. Why a tag at all? revalidatePath with the slug, /products/${slug}, is one line and no "
    "plumbing through the pricing client.\n"
    "3. The bulk CSV import at /admin/prices/import (importPrices) changes hundreds of prices "
    "at once and revalidates nothing, same bug.\n"
    "4. The tag string is spelled out in two files now; a typo in one and only the e2e suite "
    "would notice. One function for it, and a unit test for the 409.\n\n"
    "My answers:\n"
    "1: I think that's how you wrote it; check and tell him.\n"
    "2: reply: the price is also on the collection pages and in search, and a path would mean "
    "listing every page that shows a price and keeping that list right; the tag reaches every "
    "cached read of the price, wherever it is.\n"
    "3: that's STORE-640, not this PR: the import is moving to the background worker in "
    "January, where revalidateTag can't run anyway.\n"
    "4: yes, in this PR: a productTag(id) in a new src/lib/cache-tags.ts used by both, and in "
    "actions.test.ts a test that a 409 from putPrice returns the error and doesn't call "
    "revalidateTag."
)
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    f"{_409_AT}:  if (res.status === 409) {{\n"
    f"{_OK_AT}:  if (!res.ok) return {{ error: `The pricing service answered ${{res.status}}` "
    "};\n"
    f"{_TAG_AT}:  revalidateTag(`product:${{productId}}`);\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 903 --body-file /tmp/pr903.md\n"
    "https://github.com/fernhill/fernhill-web/pull/903#issuecomment-2290541\n",
    f"Point 1 holds already: updatePrice returns on a 409 (line {_409_AT}) and on any other "
    f"failed PUT (line {_OK_AT}) before it reaches revalidateTag (line {_TAG_AT}). Posting the "
    "reply to Kwame on points 1 to 3.",
    command="gh pr comment 903 --body-file /tmp/pr903.md",
    body="1. Already so: updatePrice returns on a 409 and on any failed PUT before "
    "revalidateTag, so the cache is only dropped after a price is saved. 2. The price is on "
    "the product page, the collection pages and search; revalidatePath would need every page "
    "that shows a price listed and kept right, the tag reaches every cached read of the price "
    "wherever it is. 3. The CSV import is STORE-640: it moves to the background worker in "
    "January.",
)
s.say(
    "Replied to Kwame on #903. Point 1 needed no change: updatePrice returns on a 409 or a "
    "failed PUT before revalidateTag. Point 2 is answered (the tag covers the collection and "
    "search pages without listing paths), and point 3 is STORE-640. Next, point 4: add "
    "productTag(id) in a new src/lib/cache-tags.ts and use it in getPrice and updatePrice, add "
    "a test to actions.test.ts that a 409 from putPrice returns the error without calling "
    "revalidateTag, run npx vitest run and the e2e suite, then push to #903."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "STORE-612: after a price change in the admin the product pages keep the old "
             "price for up to an hour (the Trail Runner GTX, prd_8812, changed from €149.00 to "
             "€129.00 at 09:10, its page said €149.00 until about 10:05 while the checkout "
             "charged €129.00), because every price read is cached with next: { revalidate: "
             "3600 } and updatePrice's revalidatePath(`/products/${productId}`) names a path no "
             "page lives at (the route is /products/[slug]); make a change show at once.",
             must=(("store-612", "old price", "€149.00", "stale price", "price change"),
                   ("revalidate: 3600", "3600", "an hour", "hour's cache", "wrong path",
                    "no page lives", "path no page")),
             partial_means="The stale price without why it stays (the hour's cache and the "
                           "revalidation that reaches nothing), or the ticket alone.",
             wrong="A wrong price charged at checkout; a pricing service bug; a CDN problem."),
    Question("latest_request", "What did the user last ask?",
             "Kwame's review of PR #903 with the user's answers: point 1 (no revalidation after "
             "a 409 or a failed PUT) should already hold, check and tell him; point 2, reply "
             "why a tag and not revalidatePath with the slug (the price is on the collection "
             "pages and search too, the tag reaches every cached read); point 3, the CSV import "
             "(importPrices) is STORE-640, not this PR; point 4, in this PR: a productTag(id) "
             "in a new src/lib/cache-tags.ts used by both files, and a test in actions.test.ts "
             "that a 409 returns the error and does not call revalidateTag.",
             must=(("producttag", "cache-tags.ts", "409"),
                   ("kwame", "store-640", "revalidatepath", "collection", "#903", "slug")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "kwame", "answers"),
             partial_means="One of the points to act on, without the productTag helper and "
                           "409 test or without the others.",
             wrong="Revalidating in the CSV import now; going back to revalidatePath.",
             stale_means="The correction (no force-dynamic, tag the fetch) or the first "
                         "request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Kwame's point 4, the one left: add productTag(id) to a new src/lib/cache-tags.ts "
             "and use it in getPrice (src/lib/pricing.ts) and updatePrice (actions.ts); add a "
             "test to actions.test.ts that a 409 from putPrice returns the error and does not "
             "call revalidateTag; run npx vitest run and the price-change Playwright tests, "
             "then commit and push to #903.",
             must=(("producttag", "cache-tags.ts"),
                   ("409", "actions.test.ts", "push", "#903", "vitest")),
             stale=("force-dynamic", "usepricepolling", "/api/prices", "importprices",
                    "prices/import", "csv import", "rm -rf .next"),
             partial_means="Says to add the productTag helper without the 409 test or what "
                           "then (the run, the push), or only to push.",
             wrong="Lowering PRICE_REVALIDATE_S; adding the polling to the collection page.",
             stale_means="Says to make the CSV import (importPrices, /admin/prices/import) "
                         "revalidate (put off by the user to STORE-640), to go back to "
                         "revalidatePath with the slug (answered), to bring back "
                         "force-dynamic or usePricePolling (ruled out, deleted), or to clear "
                         ".next and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/lib/pricing-client.ts (pricingFetch merges the caller's init.next into "
             "{ revalidate: PRICE_REVALIDATE_S } instead of replacing it, so the tags reach "
             "fetch); src/lib/pricing.ts (getPrice tags its fetch product:<id>); "
             "src/app/admin/products/[id]/actions.ts (updatePrice calls "
             "revalidateTag(`product:${productId}`) instead of revalidatePath on the wrong "
             "path); actions.test.ts (mocks revalidateTag and asserts the tag, where it pinned "
             "revalidatePath('/products/prd_8812')); e2e/price-change.spec.ts (new: two "
             "Playwright tests, the product page and the collection page after an admin "
             "change). src/hooks/usePricePolling.ts and src/app/api/prices/[id]/route.ts were "
             "created and deleted, and page.tsx (force-dynamic) and ProductPrice.tsx checked "
             "out again.",
             must=(("pricing-client.ts",), ("pricing.ts",), ("actions.ts",),
                   ("actions.test.ts",), ("price-change.spec.ts",)),
             stale=("usepricepolling.ts", "api/prices/[id]/route.ts", "force-dynamic"),
             spread=True,
             partial_means="Two to four of the files.",
             wrong="page.tsx, ProductPrice.tsx or playwright.config.ts given as changed.",
             stale_means="src/hooks/usePricePolling.ts or the /api/prices/[id] route listed "
                         "as a current change, or page.tsx as set to force-dynamic."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Keep the pages cached and invalidate on a change: getPrice tags the price fetch "
             "next: { tags: [`product:${productId}`] } (the hour's revalidate stays as the "
             "fallback) and the existing updatePrice action calls revalidateTag with it after "
             "a saved price, instead of revalidatePath on a path that does not exist, so every "
             "page that read the price (product, collection, search) is refreshed. It rules "
             "out export const dynamic = 'force-dynamic' on the product page and the "
             "usePricePolling hook with an /api/prices/[id] route (every view a pricing call "
             "against a 150 rps limit at 420 views/s, p50 41 to 388 ms, every tab polling "
             "every 30 s, a flicker at hydration), and revalidatePath with the slug.",
             must=(("revalidatetag", "tags: [", "tag the price fetch", "tags the price fetch"),
                   ("force-dynamic", "usepricepolling", "polling", "revalidatepath")),
             stale=("force-dynamic", "usepricepolling"),
             partial_means="The tag and revalidateTag without what they rule out, or the "
                           "reverse.",
             wrong="Lowering the revalidate to a minute; a CDN purge.",
             stale_means="force-dynamic on the product page with the usePricePolling hook "
                         "given as the design."),
    Question("review", "What did the review find?",
             "Kwame on #903: 1. updatePrice must not drop the cache when the pricing service "
             "refuses the PUT (a 409 on a stale version, a 5xx) (already so: it returns before "
             "revalidateTag); 2. why a tag and not revalidatePath with the slug (answered on "
             "the PR: the price is on the collection pages and search too); 3. the bulk CSV "
             "import (importPrices, /admin/prices/import) revalidates nothing (STORE-640, the "
             "import moves to the background worker); 4. the tag string is spelled out in two "
             "files, one function and a 409 unit test (still to do in this PR).",
             must=(("409", "refuses the put", "stale version"),
                   ("slug", "why a tag", "revalidatepath with"),
                   ("store-640", "importprices", "csv import", "bulk"),
                   ("producttag", "two files", "typo", "one function")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "kwame", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The Playwright failure or the Vitest mock error given as a review "
                   "finding."),
    Question("corrections", "How did the user correct the agent?",
             "No force-dynamic and no polling: the pricing service limits the storefront to "
             "150 requests a second and product pages peak at about 420 views a second, so "
             "every view a pricing call is not allowed, and 41 to 388 ms is slower for every "
             "customer; every open tab polling every 30 s is worse, and the price flickers when "
             "the client takes over. Keep the pages cached: tag the price fetch product:<id> "
             "and call revalidateTag in the existing updatePrice action instead of that "
             "revalidatePath; delete the hook and the route, put page.tsx and ProductPrice.tsx "
             "back, add a Playwright test of an admin price change.",
             must=(("force-dynamic", "polling", "150 requests"),
                   ("tag the price fetch", "tag the fetch", "tags the price fetch",
                    "product:<id>")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no.", "stop", "wants", "ruled out"),
             partial_means="No force-dynamic or polling without what to do instead, or the "
                           "reverse.",
             wrong="The Playwright failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The stale price itself: revalidatePath(`/products/${productId}`) refreshed a "
             "path no page lives at; fixed by revalidateTag. Then Vitest: No \"revalidateTag\" "
             "export is defined on the \"next/cache\" mock (the test mocked and asserted "
             "revalidatePath('/products/prd_8812')); fixed in actions.test.ts. Then both new "
             "Playwright tests in e2e/price-change.spec.ts still read €149.00 (expected "
             "€129.00) after the admin saved; stopping the old server, rm -rf .next "
             "node_modules, npm ci and a CI=1 re-run did not fix it (not a stale .next or the "
             "reused server); the fetch-cache entry had \"tags\":[]: pricingFetch in "
             "src/lib/pricing-client.ts set next: { revalidate: PRICE_REVALIDATE_S } after "
             "...init (STORE-377) and dropped the caller's tags; fixed by merging ...init.next.",
             must=(("price-change", "tohavetext", "playwright tests", "received string"),
                   ("pricing-client.ts", "init.next", "pricingfetch")),
             stale=("fixed by rm -rf .next", "fixed by npm ci", "fixed by a clean build",
                    "fixed by clearing .next", "fixed by re-running", "fixed by a re-run",
                    "fixed by stopping", "stale .next", "reused server"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A hydration error; the pricing mock not started.",
             stale_means="The Playwright failure 'fixed' by rm -rf .next, npm ci, stopping the "
                         "reused server or a CI=1 re-run (a stale .next)."),
    Question("key_values", "Which key values matter?",
             "€149.00 to €129.00 for prd_8812 (trail-runner-gtx), stale from 09:10 to about "
             "10:05; revalidate 3600 s (PRICE_REVALIDATE_S); p50 41 ms cached and 388 ms with "
             "force-dynamic, 1,032 price requests for 1,032 views; the pricing service's 150 "
             "rps limit against 420 views/s; polling every 30 s; 214 Vitest and 38 Playwright "
             "tests passing; PR #903; STORE-612, STORE-640 and STORE-377.",
             must=(("€129.00", "€149.00", "388 ms", "41 ms", "150 requests", "1,032"),
                   ("#903", "store-612", "store-640", "prd_8812")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/lib/pricing-client.ts holds pricingFetch (the pricing service's base URL, the "
             "token, the hour's revalidate); src/lib/pricing.ts getPrice and putPrice; "
             "src/app/admin/products/[id]/actions.ts the updatePrice server action; "
             "src/app/products/[slug]/page.tsx the product page (Prisma's product, getPrice's "
             "price), with ProductPrice.tsx showing it; the collection and search pages also "
             "call getPrice; e2e/price-change.spec.ts the admin-change tests; "
             "playwright.config.ts the webServer (reuseExistingServer); "
             "e2e/fixtures/pricing-mock.mjs the pricing mock on :4010.",
             must=(("pricing-client.ts", "pricingfetch"),
                   ("actions.ts", "updateprice", "pricing.ts", "getprice", "page.tsx",
                    "price-change.spec.ts", "playwright.config.ts", "pricing-mock")),
             partial_means="The files named without what they hold.",
             wrong="usePricePolling.ts as the way the price refreshes."),
    Question("pending", "What work is still pending?",
             "Kwame's point 4: productTag(id) in src/lib/cache-tags.ts used by getPrice and "
             "updatePrice, and the 409 test in actions.test.ts, then the test runs and the push "
             "to #903; the CSV import's revalidation later in STORE-640.",
             must=(("producttag", "cache-tags.ts", "409"),
                   ("push", "#903", "store-640", "actions.test.ts")),
             partial_means="The productTag helper and test without the rest, or the reverse.",
             wrong="The 409 guard in updatePrice or the reply on revalidatePath as pending.",
             stale_means="The CSV import's revalidation as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #903 (branch store-612-price-tags) is open and pushed with the tagged fetch, "
             "revalidateTag in updatePrice, the pricingFetch merge, the updated unit test and "
             "the two Playwright tests; 214 Vitest and 38 Playwright tests pass, tsc and lint "
             "clean; the price's cache entry carries product:prd_8812; Kwame is answered on "
             "points 1 to 3; point 4 (productTag and the 409 test) is not started.",
             must=(("#903",),
                   ("214 passed", "38 passed", "tests pass", "214 vitest", "38 playwright"),
                   ("not started", "point 4", "producttag", "cache-tags.ts")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or that productTag exists.",
             stale_means="Says the product page is force-dynamic or the price is polled."),
)  # fmt: skip

PRODUCTION = None
