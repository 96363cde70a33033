"""Held out, twenty-sixth set: written 2026-12-07, while round 14 was tuned on the twenty-fifth
set, by an author who never ran the handoff on them. Claude Code, TypeScript/Vue 3 (Vue 3.4,
Pinia 2.1, vue-router 4.4, Vitest 1.6 with @vue/test-utils, Cypress 13): in Deskline 3.18.0 a
support agent (DESK-2291, Priya Raman, Tier 2) lost a 1,900-character reply to ticket #48213
when she clicked #48207 in the queue and came back (41 reports since Nov 24), because since
e4b91d0 the drafts store keys a draft by the ReplyComposer's component instance uid, the
composer resets its draft in onUnmounted, the router-view is keyed by the ticket id so every
switch unmounts it, and useAutosave cancels its pending 2 s debounce (which is what writes the
typed text into the store) on unmount before it fires; a draftVault Pinia plugin (a new
src/stores/plugins/draftVault.ts: every draft mirrored into IndexedDB by ticket id, a Background
Sync tag for the service worker to push unsent drafts) written and wired into main.ts and the
composer, ruled out by the user (a second persistence layer when the store's $subscribe already
writes localStorage, IndexedDB is async so the composer flashes empty, no Background Sync in
Firefox ESR 115 or Safari, the only service worker is vite-plugin-pwa's) and deleted, main.ts and
ReplyComposer.vue checked out again; the final design keys drafts by ticket id in the existing
drafts store (deskline:drafts:v2), drops the reset in onUnmounted and flushes the pending
autosave in onBeforeRouteLeave and onBeforeRouteUpdate (ticket to ticket is the same route
record); nine Vitest tests fail with TypeError: (0 , __vite_ssr_import_3__.onBeforeRouteLeave)
is not a function, which rm -rf node_modules/.vite, npm ci and a re-run (the suspected stale
pre-bundle after the vue-router bump) did not fix and the manual mock __mocks__/vue-router.ts,
loaded for every test by vitest.setup.ts, did once it exported the two guards; a PR review
(#3317) with four points: one done already (onBeforeRouteUpdate), one answered on the PR (why
not KeepAlive), one a ticket (shared terminals: drafts outlive logout, DESK-2304), one pending
(prune drafts older than 14 days on hydrate, with a unit test); a production compaction; the
assistant's last words announce namespacing the key by agent id and clearing it on logout, the
point the user put off to DESK-2304."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/ines/src/deskline-web"
_COMPOSER = f"{_ROOT}/src/components/ticket/ReplyComposer.vue"
_STORE = f"{_ROOT}/src/stores/drafts.ts"
_AUTOSAVE = f"{_ROOT}/src/composables/useAutosave.ts"
_VAULT = f"{_ROOT}/src/stores/plugins/draftVault.ts"
_MAIN = f"{_ROOT}/src/main.ts"
_MOCK = f"{_ROOT}/__mocks__/vue-router.ts"
_STORE_SPEC = f"{_ROOT}/src/stores/__tests__/drafts.spec.ts"
_COMPOSER_SPEC = f"{_ROOT}/src/components/ticket/__tests__/ReplyComposer.spec.ts"
_E2E = f"{_ROOT}/cypress/e2e/reply-draft.cy.ts"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_COMPOSER_SRC = """<script setup lang="ts">
import { computed, getCurrentInstance, onUnmounted, ref, watch } from 'vue'

import MacroPicker from '@/components/macros/MacroPicker.vue'
import RichTextEditor from '@/components/editor/RichTextEditor.vue'
import { useAutosave } from '@/composables/useAutosave'
import { useDraftsStore } from '@/stores/drafts'
import { useTicketsStore } from '@/stores/tickets'

const props = defineProps<{ ticketId: number }>()

// e4b91d0 (DESK-2207): one draft per composer instance, so the split view can show two
// composers side by side
const viewKey = getCurrentInstance()!.uid
const drafts = useDraftsStore()
const tickets = useTicketsStore()

const body = ref(drafts.draftFor(viewKey).body)
const sending = ref(false)
const canSend = computed(() => body.value.trim().length > 0 && !sending.value)

// the store (and through it localStorage) gets the text 2 s after typing stops, not on
// every keystroke
const autosave = useAutosave(() => drafts.update(viewKey, { body: body.value }), { wait: 2000 })
watch(body, () => autosave.schedule())

async function send() {
  sending.value = true
  autosave.cancel()
  try {
    await tickets.reply(props.ticketId, { ...drafts.draftFor(viewKey), body: body.value })
    drafts.reset(viewKey)
    body.value = ''
  } finally {
    sending.value = false
  }
}

onUnmounted(() => {
  drafts.reset(viewKey)
})
</script>

<template>
  <section class="reply-composer" data-test="reply-composer">
    <RichTextEditor v-model="body" data-test="reply-body" :placeholder="$t('reply.placeholder')" />
    <footer>
      <MacroPicker :ticket-id="ticketId" @insert="(text) => (body += text)" />
      <span v-if="autosave.saving.value" class="muted">{{ $t('reply.saving') }}</span>
      <button :disabled="!canSend" data-test="reply-send" @click="send">{{ $t('reply.send') }}</button>
    </footer>
  </section>
</template>
"""

_STORE_SRC = """import { defineStore } from 'pinia'

export interface Draft {
  body: string
  cc: string[]
  macroIds: number[]
  updatedAt: number
}

const STORAGE_KEY = 'deskline:drafts:v1'
const empty = (): Draft => ({ body: '', cc: [], macroIds: [], updatedAt: 0 })

export const useDraftsStore = defineStore('drafts', {
  state: () => ({
    // keyed by the composer's instance uid (e4b91d0)
    byView: JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<number, Draft>,
  }),
  getters: {
    draftFor: (state) => (key: number) => state.byView[key] ?? empty(),
  },
  actions: {
    update(key: number, patch: Partial<Draft>) {
      this.byView[key] = { ...this.draftFor(key), ...patch, updatedAt: Date.now() }
    },
    reset(key: number) {
      delete this.byView[key]
    },
  },
})

/** Keeps the drafts over a reload or a crashed tab (DESK-1740). Called once from main.ts. */
export function persistDrafts(store = useDraftsStore()) {
  store.$subscribe(
    (_mutation, state) => localStorage.setItem(STORAGE_KEY, JSON.stringify(state.byView)),
    { detached: true },
  )
}
"""

_AUTOSAVE_SRC = """import debounce from 'lodash-es/debounce'
import { onUnmounted, ref } from 'vue'

/** Runs `save` once typing has stopped for `wait` ms. */
export function useAutosave(save: () => unknown, { wait = 2000 } = {}) {
  const saving = ref(false)
  const run = debounce(async () => {
    saving.value = true
    try {
      await save()
    } finally {
      saving.value = false
    }
  }, wait)

  // don't write a draft for a composer that's gone
  onUnmounted(() => run.cancel())

  return { saving, schedule: run, cancel: () => run.cancel() }
}
"""

_VAULT_SRC = """import type { PiniaPluginContext } from 'pinia'

import type { Draft } from '@/stores/drafts'

/**
 * DESK-2291: keeps every reply draft in IndexedDB by ticket id, so it outlives the composer, a
 * reload and a crashed tab, and asks the service worker to push unsent drafts to
 * PUT /api/tickets/:id/draft when the connection comes back (Background Sync).
 */
const DB_NAME = 'deskline-drafts'
const OBJECT_STORE = 'drafts'
export const DRAFT_SYNC_TAG = 'deskline-draft-sync'

let db: Promise<IDBDatabase> | undefined

function openVault(): Promise<IDBDatabase> {
  db ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1)
    req.onupgradeneeded = () => req.result.createObjectStore(OBJECT_STORE, { keyPath: 'ticketId' })
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
  return db
}

export async function restoreDraft(ticketId: number): Promise<Draft | undefined> {
  const vault = await openVault()
  return new Promise((resolve) => {
    const req = vault.transaction(OBJECT_STORE).objectStore(OBJECT_STORE).get(ticketId)
    req.onsuccess = () => resolve(req.result?.draft)
    req.onerror = () => resolve(undefined)
  })
}

export function draftVault({ store }: PiniaPluginContext) {
  if (store.$id !== 'drafts' || !('indexedDB' in window)) return
  store.$onAction(({ name, args, after }) => {
    if (name !== 'update') return
    after(async () => {
      const [key, patch] = args as [number, Partial<Draft> & { ticketId?: number }]
      if (patch.ticketId === undefined) return
      const vault = await openVault()
      vault
        .transaction(OBJECT_STORE, 'readwrite')
        .objectStore(OBJECT_STORE)
        .put({ ticketId: patch.ticketId, draft: store.draftFor(key) })
      const reg = await navigator.serviceWorker?.ready
      await (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        ?.sync?.register(DRAFT_SYNC_TAG)
    })
  })
}
"""

_MOCK_SRC = """import { vi } from 'vitest'
import { reactive } from 'vue'

// Loaded for every test by vi.mock('vue-router') in vitest.setup.ts (DESK-1612): components
// read the route without a router. Set currentRoute.params in a test to change the route.
export const currentRoute = reactive({
  name: 'ticket',
  path: '/tickets/48213',
  params: { ticketId: '48213' } as Record<string, string>,
  query: {} as Record<string, string>,
})

export const push = vi.fn()
export const replace = vi.fn()

export const useRoute = () => currentRoute
export const useRouter = () => ({ push, replace, currentRoute })

export const RouterLink = { name: 'RouterLink', props: ['to'], template: '<a><slot /></a>' }
export const RouterView = { name: 'RouterView', template: '<div />' }
"""


def _vitest(failed: bool) -> str:
    """The unit tests: nine failing on the unexported guard, or all passing."""
    if not failed:
        return (
            f" RUN  v1.6.0 {_ROOT}\n\n"
            " ✓ src/stores/__tests__/drafts.spec.ts (8 tests) 19ms\n"
            " ✓ src/components/ticket/__tests__/ReplyComposer.spec.ts (8 tests) 241ms\n"
            " ✓ src/views/__tests__/TicketView.spec.ts (5 tests) 171ms\n"
            " ✓ src/views/__tests__/TicketWorkspace.spec.ts (4 tests) 96ms\n"
            "   ... 85 more files passed\n\n"
            " Test Files  89 passed (89)\n"
            "      Tests  616 passed (616)\n"
            "   Start at  11:26:40\n"
            "   Duration  13.92s (transform 2.11s, setup 4.87s, collect 9.40s, tests 6.02s)\n"
        )
    lines = [
        f" RUN  v1.6.0 {_ROOT}\n\n",
        " ✓ src/stores/__tests__/drafts.spec.ts (8 tests) 18ms\n",
        " ❯ src/components/ticket/__tests__/ReplyComposer.spec.ts (8 tests | 8 failed) 207ms\n",
    ]
    for name in (
        "renders the draft of its ticket",
        "inserts a macro at the end of the body",
        "disables Send while the body is empty",
        "sends the reply and resets the draft",
        "shows 'Saving…' while the autosave runs",
        "writes the body into the store 2 s after typing stops",
        "keeps the draft when the composer unmounts (DESK-2291)",
        "flushes the pending autosave when the route changes (DESK-2291)",
    ):
        lines.append(
            f"   × ReplyComposer > {name}\n"
            "     → (0 , __vite_ssr_import_3__.onBeforeRouteLeave) is not a function\n"
        )
    lines += [
        " ❯ src/views/__tests__/TicketView.spec.ts (5 tests | 1 failed) 158ms\n",
        "   × TicketView > shows the composer under the timeline\n"
        "     → (0 , __vite_ssr_import_3__.onBeforeRouteLeave) is not a function\n\n",
        "⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯ Failed Tests 9 ⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯\n\n",
        " FAIL  src/components/ticket/__tests__/ReplyComposer.spec.ts > ReplyComposer > renders "
        "the draft of its ticket\n",
        "TypeError: (0 , __vite_ssr_import_3__.onBeforeRouteLeave) is not a function\n",
        " ❯ setup src/components/ticket/ReplyComposer.vue:33:1\n",
        "     31| watch(body, () => autosave.schedule())\n",
        "     32| \n",
        "     33| onBeforeRouteLeave(() => autosave.flush())\n",
        "       | ^\n",
        "     34| onBeforeRouteUpdate(() => autosave.flush())\n",
        " ❯ callWithErrorHandling node_modules/@vue/runtime-core/dist/runtime-core.cjs.js:195:19\n",
        " ❯ setupStatefulComponent node_modules/@vue/runtime-core/dist/runtime-core.cjs.js:7572:25\n",
        " ❯ mountComposer src/components/ticket/__tests__/ReplyComposer.spec.ts:21:10\n\n",
        "⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/9]⎯\n\n",
        "   ... 8 more failures like it\n\n",
        " Test Files  2 failed | 87 passed (89)\n",
        "      Tests  9 failed | 607 passed (616)\n",
        "   Start at  11:09:03\n",
        "   Duration  14.61s (transform 2.08s, setup 4.92s, collect 9.55s, tests 5.87s)\n",
    ]
    return "".join(lines)


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "DESK-2291 from the support floor: Priya Raman (Tier 2) was writing a reply to ticket "
    "#48213, about 1,900 characters, clicked #48207 in the queue sidebar to check an order "
    "number, came back, and the composer was empty. She had to write it again. Support ops "
    "has 41 reports like it since 3.18.0 went out on Nov 24. The composer is "
    "src/components/ticket/ReplyComposer.vue. Find out why and fix it. Don't touch "
    "RichTextEditor, the editor team owns it."
)
s.call("Read", _numbered(_COMPOSER_SRC), file_path=_COMPOSER)
s.call(
    "Bash",
    "e4b91d0 2026-11-18 Jonas Weber drafts: one draft per composer instance, so the split view "
    "can show two composers (DESK-2207)\n"
    "9a31f6c 2026-09-02 Jonas Weber composer: write the draft into the store 2 s after typing "
    "stops\n"
    "3d7e210 2026-06-11 Ines Carvalho composer: macros\n"
    "---\n"
    'src/views/TicketWorkspace.vue:23:      <router-view :key="route.params.ticketId" />\n'
    "src/router/index.ts:41:    path: '/tickets/:ticketId(\\\\d+)',\n"
    "src/router/index.ts:42:    name: 'ticket',\n"
    "src/router/index.ts:43:    component: () => import('@/views/TicketView.vue'),\n"
    "src/router/index.ts:44:    props: (route) => ({ ticketId: Number(route.params.ticketId) "
    "}),\n"
    "---\n"
    "src/main.ts:19:const pinia = createPinia()\n"
    "src/main.ts:20:app.use(pinia)\n"
    "src/main.ts:21:persistDrafts()\n"
    "---\n"
    '    "lodash-es": "^4.17.21",\n'
    '    "pinia": "^2.1.7",\n'
    '    "vue": "^3.4.38",\n'
    '    "vue-router": "^4.4.5",\n'
    '    "vite-plugin-pwa": "^0.20.5",\n',
    "The composer keys its draft by its own instance uid and resets it in onUnmounted. Checking "
    "where that came from, how the ticket route mounts the view, and where the drafts are "
    "persisted.",
    command="git log --format='%h %ad %an %s' --date=short -- "
    "src/components/ticket/ReplyComposer.vue | head -3 && echo --- && grep -rn -A3 "
    "'router-view :key\\|/tickets/:ticketId' src/views/TicketWorkspace.vue src/router/index.ts "
    "&& echo --- && grep -n 'pinia\\|persistDrafts' src/main.ts && echo --- && grep -E "
    "'\"(lodash-es|pinia|vue|vue-router|vite-plugin-pwa)\":' package.json",
    description="The composer's history, the ticket route, the store setup, the dependencies",
)
s.call("Read", _numbered(_STORE_SRC), file_path=_STORE)
s.call("Read", _numbered(_AUTOSAVE_SRC), file_path=_AUTOSAVE)
s.call(
    "Write",
    f"File created successfully at: {_VAULT}",
    "Found it, three things together. (1) TicketWorkspace keys the router-view by ticketId, so "
    "clicking #48207 unmounts TicketView and its ReplyComposer. (2) Since e4b91d0 the draft is "
    "keyed by the composer's instance uid and onUnmounted calls drafts.reset(viewKey); back on "
    "#48213 a new composer gets a new uid and an empty draft. What persistDrafts wrote to "
    "localStorage is keyed by uids that never come back. (3) The text only reaches the store "
    "through useAutosave, 2 s after typing stops, and useAutosave cancels the pending debounce "
    "on unmount, so the last edits are dropped even before the reset. Plan: move the drafts "
    "out of the in-memory store into IndexedDB keyed by ticket id, with a draftVault Pinia "
    "plugin that mirrors every update, restores on mount, and registers a Background Sync tag "
    "so the service worker pushes unsent drafts to PUT /api/tickets/:id/draft.",
    file_path=_VAULT,
    content=_VAULT_SRC,
)
s.call(
    "Edit",
    f"The file {_MAIN} has been updated.",
    file_path=_MAIN,
    old_string="const pinia = createPinia()\napp.use(pinia)\n",
    new_string="const pinia = createPinia()\npinia.use(draftVault)\napp.use(pinia)\n",
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_COMPOSER}",
    "The composer passes its ticket id with each update, and restores from the vault when it "
    "mounts with an empty draft.",
    file_path=_COMPOSER,
    edits=[
        {
            "old_string": "import { useAutosave } from '@/composables/useAutosave'\n",
            "new_string": "import { useAutosave } from '@/composables/useAutosave'\n"
            "import { restoreDraft } from '@/stores/plugins/draftVault'\n",
        },
        {
            "old_string": "const autosave = useAutosave(() => drafts.update(viewKey, { body: "
            "body.value }), { wait: 2000 })\n",
            "new_string": "const autosave = useAutosave(\n"
            "  () => drafts.update(viewKey, { body: body.value, ticketId: props.ticketId }),\n"
            "  { wait: 2000 },\n)\n\n"
            "onMounted(async () => {\n"
            "  if (body.value) return\n"
            "  const saved = await restoreDraft(props.ticketId)\n"
            "  if (saved) body.value = saved.body\n})\n",
        },
        {
            "old_string": "import { computed, getCurrentInstance, onUnmounted, ref, watch } from "
            "'vue'\n",
            "new_string": "import { computed, getCurrentInstance, onMounted, onUnmounted, ref, "
            "watch } from 'vue'\n",
        },
    ],
)
s.call(
    "Bash",
    f" RUN  v1.6.0 {_ROOT}\n\n"
    " ✓ src/stores/__tests__/drafts.spec.ts (6 tests) 17ms\n"
    " ✓ src/components/ticket/__tests__/ReplyComposer.spec.ts (6 tests) 188ms\n"
    " ✓ src/views/__tests__/TicketView.spec.ts (5 tests) 164ms\n"
    "   ... 86 more files passed\n\n"
    " Test Files  89 passed (89)\n"
    "      Tests  612 passed (612)\n"
    "   Duration  13.70s\n",
    "Running the unit tests.",
    command="npx vitest run",
    description="Run the unit tests",
)
s.user(
    "No. We're not adding a second persistence layer: the drafts store already writes "
    "localStorage through its $subscribe (persistDrafts, DESK-1740), and the bug is the key "
    "and the reset, not where they're stored. IndexedDB is async too, so the composer would "
    "mount empty and then jump. Background Sync doesn't exist in Firefox or Safari, and 60% of "
    "the floor is on Firefox ESR 115; the only service worker we ship is the one "
    "vite-plugin-pwa generates, nobody hand-registers sync tags on it. Key the drafts by ticket "
    "id in the drafts store, drop the reset in onUnmounted, and flush the pending autosave in "
    "onBeforeRouteLeave instead of letting the unmount cancel it. Delete draftVault.ts and put "
    "main.ts and ReplyComposer.vue back first."
)
s.call(
    "Bash",
    "Updated 2 paths from the index\n",
    "Dropping the vault: deleting draftVault.ts and checking main.ts and ReplyComposer.vue out "
    "again.",
    command="rm src/stores/plugins/draftVault.ts && git checkout -- src/main.ts "
    "src/components/ticket/ReplyComposer.vue && git status --short",
    description="Delete draftVault.ts, revert main.ts and the composer",
)
s.call(
    "MultiEdit",
    f"Applied 4 edits to {_STORE}",
    "The store keys drafts by ticket id now, under a new key deskline:drafts:v2 (the v1 "
    "entries are keyed by dead instance uids, so they're dropped on hydrate). persistDrafts "
    "and its $subscribe stay as they are. The split view of DESK-2207 shows two different "
    "tickets, so a key per ticket still gives each composer its own draft.",
    file_path=_STORE,
    edits=[
        {
            "old_string": "const STORAGE_KEY = 'deskline:drafts:v1'\n",
            "new_string": "const STORAGE_KEY = 'deskline:drafts:v2'\n"
            "const LEGACY_KEY = 'deskline:drafts:v1' // keyed by component uid, useless after "
            "a reload\n",
        },
        {
            "old_string": "  state: () => ({\n"
            "    // keyed by the composer's instance uid (e4b91d0)\n"
            "    byView: JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<number, "
            "Draft>,\n  }),\n",
            "new_string": "  state: () => {\n"
            "    localStorage.removeItem(LEGACY_KEY)\n"
            "    return {\n"
            "      // DESK-2291: keyed by ticket id, so a draft outlives its composer\n"
            "      byTicket: JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as "
            "Record<number, Draft>,\n"
            "    }\n  },\n",
        },
        {
            "old_string": "    draftFor: (state) => (key: number) => state.byView[key] ?? empty(),\n",
            "new_string": "    draftFor: (state) => (ticketId: number) => state.byTicket[ticketId] ?? "
            "empty(),\n",
        },
        {
            "old_string": "    update(key: number, patch: Partial<Draft>) {\n"
            "      this.byView[key] = { ...this.draftFor(key), ...patch, updatedAt: Date.now() }\n"
            "    },\n    reset(key: number) {\n      delete this.byView[key]\n    },\n",
            "new_string": "    update(ticketId: number, patch: Partial<Draft>) {\n"
            "      this.byTicket[ticketId] = { ...this.draftFor(ticketId), ...patch, updatedAt: "
            "Date.now() }\n"
            "    },\n    /** After the reply is sent; never on unmount. */\n"
            "    reset(ticketId: number) {\n      delete this.byTicket[ticketId]\n    },\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_AUTOSAVE}",
    "useAutosave gets a flush() that runs the pending save now (lodash's debounce.flush).",
    file_path=_AUTOSAVE,
    edits=[
        {
            "old_string": "  // don't write a draft for a composer that's gone\n"
            "  onUnmounted(() => run.cancel())\n",
            "new_string": "  // a composer that's gone writes nothing more; what was pending was flushed by "
            "the\n  // route guard before the unmount (DESK-2291)\n"
            "  onUnmounted(() => run.cancel())\n",
        },
        {
            "old_string": "  return { saving, schedule: run, cancel: () => run.cancel() }\n",
            "new_string": "  return { saving, schedule: run, flush: () => run.flush(), cancel: () => "
            "run.cancel() }\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 5 edits to {_COMPOSER}",
    "The composer: its draft is the ticket's, no reset on unmount, and the pending autosave "
    "flushed by the route guards. One catch: #48213 to #48207 is the same route record "
    "(/tickets/:ticketId) with a new param, so vue-router runs the update guards there, not the "
    "leave guards; onBeforeRouteLeave alone would only cover leaving for the queue or a report. "
    "Both flush.",
    file_path=_COMPOSER,
    edits=[
        {
            "old_string": "import { computed, getCurrentInstance, onUnmounted, ref, watch } from "
            "'vue'\n",
            "new_string": "import { computed, ref, watch } from 'vue'\n"
            "import { onBeforeRouteLeave, onBeforeRouteUpdate } from 'vue-router'\n",
        },
        {
            "old_string": "// e4b91d0 (DESK-2207): one draft per composer instance, so the split "
            "view can show two\n// composers side by side\nconst viewKey = "
            "getCurrentInstance()!.uid\n",
            "new_string": "",
        },
        {
            "old_string": "const body = ref(drafts.draftFor(viewKey).body)\n",
            "new_string": "// DESK-2291: the draft belongs to the ticket, not to this instance\n"
            "const body = ref(drafts.draftFor(props.ticketId).body)\n",
        },
        {
            "old_string": "const autosave = useAutosave(() => drafts.update(viewKey, { body: "
            "body.value }), { wait: 2000 })\nwatch(body, () => autosave.schedule())\n",
            "new_string": "const autosave = useAutosave(() => drafts.update(props.ticketId, { "
            "body: body.value }), { wait: 2000 })\nwatch(body, () => autosave.schedule())\n\n"
            "// the text typed in the last 2 s reaches the store before the view goes; ticket to "
            "ticket\n// is the same route record, which runs the update guards, not the leave "
            "guards\n"
            "onBeforeRouteLeave(() => autosave.flush())\n"
            "onBeforeRouteUpdate(() => autosave.flush())\n",
        },
        {
            "old_string": "    await tickets.reply(props.ticketId, { ...drafts.draftFor(viewKey), "
            "body: body.value })\n    drafts.reset(viewKey)\n",
            "new_string": "    await tickets.reply(props.ticketId, { ...drafts.draftFor(props.ticketId), "
            "body: body.value })\n    drafts.reset(props.ticketId)\n",
        },
    ],
)
s.call(
    "Bash",
    "0\n",
    "And the onUnmounted reset goes.",
    command="sed -i '/^onUnmounted(() => {$/,/^})$/d' src/components/ticket/ReplyComposer.vue "
    "; grep -c 'onUnmounted\\|viewKey' src/components/ticket/ReplyComposer.vue",
    description="Remove the onUnmounted reset from the composer",
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_COMPOSER_SPEC}",
    "Two composer tests: the draft survives an unmount, and the text typed 1.2 s before the "
    "switch reaches the store when the route changes.",
    file_path=_COMPOSER_SPEC,
    edits=[
        {
            "old_string": "import { useDraftsStore } from '@/stores/drafts'\n",
            "new_string": "import { useDraftsStore } from '@/stores/drafts'\n"
            "import { routeGuards } from 'vue-router'\n",
        },
        {
            "old_string": "  it('writes the body into the store 2 s after typing stops', async () => "
            "{\n",
            "new_string": "  it('keeps the draft when the composer unmounts (DESK-2291)', async () => {\n"
            "    const wrapper = mountComposer({ ticketId: 48213 })\n"
            "    await typeBody(wrapper, 'Hi Mr Okoye, the refund for order 7731-0042 went out "
            "today.')\n"
            "    vi.advanceTimersByTime(2000)\n"
            "    wrapper.unmount()\n"
            "    expect(mountComposer({ ticketId: 48213 }).find('[data-test=\"reply-body\"]')"
            ".text()).toContain('order 7731-0042')\n"
            "  })\n\n"
            "  it('flushes the pending autosave when the route changes (DESK-2291)', async () "
            "=> {\n"
            "    const wrapper = mountComposer({ ticketId: 48213 })\n"
            "    await typeBody(wrapper, 'went out today.')\n"
            "    vi.advanceTimersByTime(1200) // she clicked #48207 1.2 s after typing\n"
            "    await routeGuards.update.at(-1)!()\n"
            "    expect(useDraftsStore().draftFor(48213).body).toBe('went out today.')\n"
            "  })\n\n"
            "  it('writes the body into the store 2 s after typing stops', async () => {\n",
        },
    ],
)
s.call(
    "Edit",
    f"The file {_STORE_SPEC} has been updated.",
    "And two store tests: a draft by ticket id, and deskline:drafts:v2 written through $subscribe.",
    file_path=_STORE_SPEC,
    old_string="describe('drafts store', () => {\n",
    new_string="describe('drafts store', () => {\n"
    "  it('keeps a draft by ticket id (DESK-2291)', () => {\n"
    "    const drafts = useDraftsStore()\n"
    "    drafts.update(48213, { body: 'went out today.' })\n"
    "    expect(drafts.draftFor(48213).body).toBe('went out today.')\n"
    "    expect(drafts.draftFor(48207).body).toBe('')\n  })\n\n"
    "  it('writes deskline:drafts:v2 through $subscribe and drops v1', async () => {\n"
    '    localStorage.setItem(\'deskline:drafts:v1\', \'{"311":{"body":"lost"}}\')\n'
    "    const drafts = useDraftsStore()\n    persistDrafts(drafts)\n"
    "    drafts.update(48213, { body: 'went out today.' })\n    await nextTick()\n"
    "    expect(JSON.parse(localStorage.getItem('deskline:drafts:v2')!)[48213].body).toBe("
    "'went out today.')\n"
    "    expect(localStorage.getItem('deskline:drafts:v1')).toBeNull()\n  })\n\n",
)
s.call(
    "Bash",
    _vitest(True),
    "Running the unit tests.",
    command="npx vitest run",
    description="Run the unit tests",
)
s.call(
    "Bash",
    "removed node_modules/.vite\n\n"
    "added 1184 packages, and audited 1185 packages in 41s\n\n"
    "212 packages are looking for funding\n  run `npm fund` for details\n\n"
    "found 0 vulnerabilities\n" + _vitest(True).replace("11:09:03", "11:12:47"),
    "`(0 , __vite_ssr_import_3__.x) is not a function` right after a dependency bump usually "
    "means a stale pre-bundle: vue-router went from 4.3.2 to 4.4.5 in last week's lockfile "
    "update, and node_modules/.vite may still hold the old optimized copy. Clearing it, "
    "reinstalling from the lockfile and running again.",
    command="rm -rf node_modules/.vite && echo 'removed node_modules/.vite' && npm ci && npx "
    "vitest run",
    description="Clear the Vite cache, npm ci, run the unit tests again",
)
s.call(
    "Bash",
    "node_modules/vue-router/dist/vue-router.d.ts:1406:export declare function "
    "onBeforeRouteLeave(leaveGuard: NavigationGuard): void;\n"
    "node_modules/vue-router/dist/vue-router.d.ts:1414:export declare function "
    "onBeforeRouteUpdate(updateGuard: NavigationGuard): void;\n"
    "---\n"
    "vitest.setup.ts:4:// every component test gets the route from __mocks__/vue-router.ts "
    "(DESK-1612)\n"
    "vitest.setup.ts:5:vi.mock('vue-router')\n"
    "---\n" + _numbered(_MOCK_SRC),
    "Same nine failures with no cache and a clean install, so nothing stale: the package "
    "exports onBeforeRouteLeave. The tests must not be importing the package at all. Looking "
    "for a mock of vue-router.",
    command="grep -n 'onBeforeRoute\\(Leave\\|Update\\)(' "
    "node_modules/vue-router/dist/vue-router.d.ts && echo --- && grep -rn "
    '"vue-router\\|vi.mock" vitest.setup.ts && echo --- && cat -n __mocks__/vue-router.ts',
    description="Does vue-router export the guard, and is it mocked in the tests",
)
s.call(
    "Edit",
    f"The file {_MOCK} has been updated.",
    "That's it: vitest.setup.ts calls vi.mock('vue-router') for every test, and the manual mock "
    "__mocks__/vue-router.ts exports only useRoute, useRouter, RouterLink and RouterView, so "
    "onBeforeRouteLeave is undefined in every component test. The mock gets both guards, which "
    "record what they're given so a test can run them, cleared before each test.",
    file_path=_MOCK,
    old_string="export const useRoute = () => currentRoute\n",
    new_string="// The in-component guards a test can run: routeGuards.update.at(-1)!() is the route "
    "changing.\nexport const routeGuards = { leave: [] as Array<() => unknown>, update: [] as "
    "Array<() => unknown> }\n"
    "export const onBeforeRouteLeave = vi.fn((guard: () => unknown) => "
    "routeGuards.leave.push(guard))\n"
    "export const onBeforeRouteUpdate = vi.fn((guard: () => unknown) => "
    "routeGuards.update.push(guard))\n"
    "export function resetRouteGuards() {\n  routeGuards.leave.length = 0\n  "
    "routeGuards.update.length = 0\n}\n\n"
    "export const useRoute = () => currentRoute\n",
)
s.call(
    "Bash",
    _vitest(False),
    "With resetRouteGuards() added to the beforeEach in vitest.setup.ts, running the unit tests "
    "again.",
    command='sed -i "s/^beforeEach(() => {$/beforeEach(() => {\\n  resetRouteGuards()/" '
    "vitest.setup.ts && npx vitest run",
    description="Reset the guards before each test, run the unit tests",
)
s.call(
    "Write",
    f"File created successfully at: {_E2E}",
    "All 616 pass. Now the end-to-end check of what Priya did: a Cypress spec that types on "
    "#48213, goes to #48207 within the 2 s, comes back, and also reloads.",
    file_path=_E2E,
    content="describe('reply drafts (DESK-2291)', () => {\n"
    "  beforeEach(() => {\n"
    "    cy.intercept('GET', '/api/tickets/48213', { fixture: 'tickets/48213.json' })\n"
    "    cy.intercept('GET', '/api/tickets/48207', { fixture: 'tickets/48207.json' })\n"
    "    cy.loginAs('priya.raman')\n  })\n\n"
    "  it('keeps the draft when switching to another ticket and back', () => {\n"
    "    cy.visit('/tickets/48213')\n"
    "    cy.get('[data-test=reply-body]').type('The refund for order 7731-0042 went out "
    "today.')\n"
    "    cy.get('[data-test=queue-item-48207]').click() // within the 2 s autosave\n"
    "    cy.get('[data-test=queue-item-48213]').click()\n"
    "    cy.get('[data-test=reply-body]').should('contain.text', 'order 7731-0042')\n  })\n\n"
    "  it('keeps the draft over a reload', () => {\n"
    "    cy.visit('/tickets/48213')\n"
    "    cy.get('[data-test=reply-body]').type('Checking with the warehouse.')\n"
    "    cy.wait(2100)\n    cy.reload()\n"
    "    cy.get('[data-test=reply-body]').should('contain.text', 'Checking with the "
    "warehouse.')\n  })\n})\n",
)
s.call(
    "Bash",
    "  Running:  reply-draft.cy.ts                                                      (1 of 1)\n\n"
    "  reply drafts (DESK-2291)\n"
    "    ✓ keeps the draft when switching to another ticket and back (1874ms)\n"
    "    ✓ keeps the draft over a reload (3412ms)\n\n"
    "  2 passing (6s)\n\n"
    "  (Run Finished)\n"
    "  ✔  reply-draft.cy.ts                        00:06        2        2        -        -"
    "        -\n"
    "---\n"
    "> deskline-web@3.18.0 lint\n> eslint . --ext .ts,.vue\n\n"
    "---\n"
    "> deskline-web@3.18.0 type-check\n> vue-tsc --noEmit -p tsconfig.app.json\n\n"
    "---\n"
    "Switched to a new branch 'fix/desk-2291-drafts-by-ticket'\n"
    "[fix/desk-2291-drafts-by-ticket 5c0a9e7] drafts: keyed by ticket id, the pending autosave "
    "flushed on route change (DESK-2291)\n"
    " 7 files changed, 118 insertions(+), 27 deletions(-)\n"
    " create mode 100644 cypress/e2e/reply-draft.cy.ts\n"
    "branch 'fix/desk-2291-drafts-by-ticket' set up to track "
    "'origin/fix/desk-2291-drafts-by-ticket'.\n"
    "https://github.com/deskline/deskline-web/pull/3317\n",
    "The Cypress spec against the dev server, lint and vue-tsc, then the PR.",
    command="npx start-server-and-test dev http://localhost:5173 'cypress run --spec "
    "cypress/e2e/reply-draft.cy.ts' && echo --- && npm run lint && echo --- && npm run "
    "type-check && echo --- && git checkout -b fix/desk-2291-drafts-by-ticket && git add -A && "
    "git commit -m 'drafts: keyed by ticket id, the pending autosave flushed on route change "
    "(DESK-2291)' && git push -u origin HEAD && gh pr create --fill",
    description="Cypress spec, lint, type-check; then commit, push, open the PR",
)
s.say(
    "PR #3317 is up. Drafts are keyed by ticket id in the drafts store (deskline:drafts:v2, "
    "still written by persistDrafts' $subscribe), the composer no longer resets its draft on "
    "unmount, and the pending 2 s autosave is flushed by onBeforeRouteLeave and "
    "onBeforeRouteUpdate (ticket to ticket is a route update). The component tests were "
    "failing because __mocks__/vue-router.ts didn't export the guards; it does now. 616 unit "
    "tests pass, the Cypress spec passes both cases, lint and vue-tsc are clean. RichTextEditor "
    "is untouched."
)
s.user(
    "Tomasz reviewed #3317:\n"
    "1. Going from one ticket to another is the same route record, /tickets/:ticketId, so "
    "onBeforeRouteLeave never fires there. The flush has to be in onBeforeRouteUpdate too, or "
    "the last 2 s are still lost.\n"
    "2. Why not wrap the router-view in <KeepAlive> and keep one draft per instance? Then "
    "nothing unmounts.\n"
    "3. The Manila site works on shared terminals. Drafts in localStorage outlive a logout, so "
    "the next agent on that machine sees them. Namespace the key by the agent id and clear it "
    "on logout.\n"
    "4. A draft only leaves localStorage when it's sent. Drafts for tickets someone closed the "
    "tab on stay forever: my browser had 212 entries after a day of QA. Drop old ones.\n"
    "My take: 1 is in already, both guards flush and the Cypress spec goes ticket to ticket. 2 "
    "answer him on the PR: KeepAlive holds every open ticket's timeline in memory, max 10 then "
    "it evicts and the draft is gone again, and nothing survives a reload or a crashed tab. 3 "
    "is DESK-2304, security wants it done with the session rework, not in this PR. 4 yes, in "
    "this PR: prune on hydrate, drop drafts whose updatedAt is older than 14 days, with a unit "
    "test in drafts.spec.ts."
)
s.call(
    "Bash",
    "https://github.com/deskline/deskline-web/pull/3317#issuecomment-2561840327\n",
    "Answering Tomasz's 2 on the PR: KeepAlive keeps every open ticket's timeline in memory, "
    "evicts past max 10 and loses the draft again, and a reload or a crashed tab loses it "
    "anyway; the draft belongs to the ticket, not to the view.",
    command="gh pr comment 3317 --body-file /tmp/pr3317-keepalive.md",
    description="Reply to the review on KeepAlive",
)
s.say(
    "2 is answered on #3317, and 1 was in the first commit: onBeforeRouteUpdate flushes as "
    "well. Next, Tomasz's 3: I'll namespace the drafts key by the agent id "
    "(deskline:drafts:v2:<agentId>) and clear it on logout in the session store, so the next "
    "agent on a shared terminal at the Manila site doesn't see someone else's drafts."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "DESK-2291: in Deskline 3.18.0 Priya Raman lost a 1,900-character reply to ticket "
             "#48213 when she clicked #48207 in the queue and came back (41 reports since Nov "
             "24), because the drafts store keyed a draft by the ReplyComposer's instance uid, "
             "the composer reset it in onUnmounted, the router-view keyed by ticket id unmounts "
             "it on every switch, and useAutosave cancelled its pending 2 s debounce on "
             "unmount; find why and fix it, without touching RichTextEditor.",
             must=(("desk-2291", "replycomposer", "reply composer", "reply draft", "draft"),
                   ("switch", "48213", "48207", "lost", "1,900", "41 reports", "unmount")),
             partial_means="The lost draft without why, or the cause without the report.",
             wrong="A server-side draft endpoint bug; RichTextEditor losing its content."),
    Question("latest_request", "What did the user last ask?",
             "Tomasz's review of PR #3317 with the user's take: (1) the flush in "
             "onBeforeRouteUpdate is in already; (2) answer him on the PR why not KeepAlive "
             "(memory, max 10 then evicted, nothing survives a reload); (3) the shared-terminal "
             "namespace and logout clearing is DESK-2304, not this PR; (4) yes, in this PR: "
             "prune on hydrate, dropping drafts whose updatedAt is older than 14 days, with a "
             "unit test in drafts.spec.ts.",
             must=(("prune", "14 days", "updatedat", "drop old"),
                   ("desk-2304", "keepalive", "answer him", "onbeforerouteupdate")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "tomasz", "take"),
             partial_means="One of the points to act on.",
             wrong="Namespacing the key by agent id now; wrapping the router-view in KeepAlive.",
             stale_means="The DESK-2291 report or the no-second-persistence-layer correction "
                         "given as the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Tomasz's 4: in src/stores/drafts.ts prune the drafts on hydrate, dropping those "
             "whose updatedAt is older than 14 days (212 entries after a day of QA), with a "
             "unit test in drafts.spec.ts; run npx vitest run, then commit and push to PR "
             "#3317.",
             must=(("prune", "14 days", "updatedat", "older than"),
                   ("vitest", "push", "commit")),
             stale=("namespace", "agent id", "on logout"),
             partial_means="The pruning without its test or the push, or the push alone.",
             wrong="Answering Tomasz's 2 (done); wrapping the router-view in KeepAlive; "
                   "touching RichTextEditor.",
             stale_means="Says to namespace the drafts key by agent id and clear it on logout "
                         "(put off by the user to DESK-2304) or to add the onBeforeRouteUpdate "
                         "flush (done already in the first commit)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/stores/drafts.ts (drafts keyed by ticket id in byTicket, deskline:drafts:v2, "
             "the v1 key removed on hydrate); src/components/ticket/ReplyComposer.vue (the "
             "ticket's draft, no reset in onUnmounted, the autosave flushed in "
             "onBeforeRouteLeave and onBeforeRouteUpdate); src/composables/useAutosave.ts "
             "(flush()); __mocks__/vue-router.ts (the two guards, recorded in routeGuards) and "
             "vitest.setup.ts (resetRouteGuards); the tests: ReplyComposer.spec.ts, "
             "drafts.spec.ts and the new cypress/e2e/reply-draft.cy.ts. "
             "src/stores/plugins/draftVault.ts was created and deleted, and main.ts and the "
             "composer's vault edits were reverted.",
             must=(("drafts.ts",), ("replycomposer.vue",), ("useautosave",),
                   ("vue-router.ts", "mocks /vue-router", "routeguards"),
                   ("reply-draft.cy", "replycomposer.spec", "drafts.spec")),
             stale=("draftvault",),
             spread=True,
             partial_means="Two to four of the files.",
             wrong="RichTextEditor.vue or TicketWorkspace.vue given as edited.",
             stale_means="src/stores/plugins/draftVault.ts or pinia.use(draftVault) in main.ts "
                         "listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Drafts are keyed by ticket id in the existing drafts store (byTicket, "
             "deskline:drafts:v2), persisted to localStorage by its existing $subscribe "
             "(persistDrafts), never reset on unmount, and the pending 2 s autosave is flushed "
             "in onBeforeRouteLeave and onBeforeRouteUpdate; it rules out the draftVault plugin "
             "(drafts in IndexedDB, a Background Sync tag for the service worker), a second "
             "persistence layer, and KeepAlive around the router-view.",
             must=(("byticket", "drafts:v2", "onbeforerouteupdate", "both route guards",
                    "both guards"),
                   ("draftvault", "indexeddb", "background sync", "service worker",
                    "second persistence")),
             stale=("draftvault", "into indexeddb", "background sync tag"),
             partial_means="The ticket-id key in the drafts store without what it rules out, "
                           "or the reverse.",
             wrong="KeepAlive around the router-view; saving on every keystroke.",
             stale_means="A draftVault Pinia plugin that mirrors the drafts into IndexedDB and "
                         "registers a Background Sync tag, given as the design."),
    Question("review", "What did the review find?",
             "Tomasz on #3317: (1) ticket to ticket is the same route record, so "
             "onBeforeRouteLeave never fires there: flush in onBeforeRouteUpdate too (done "
             "already); (2) why not KeepAlive around the router-view (answered on the PR: "
             "memory, max 10 then evicted, nothing survives a reload); (3) on the Manila "
             "site's shared terminals drafts outlive a logout: namespace the key by agent id "
             "and clear on logout (DESK-2304); (4) drafts never leave localStorage unless sent, "
             "212 entries after a day of QA: prune those older than 14 days on hydrate (to do, "
             "in this PR).",
             must=(("onbeforerouteupdate", "same route record", "ticket to ticket"),
                   ("keepalive",),
                   ("desk-2304", "shared terminal", "namespace", "logout"),
                   ("prune", "14 days", "212", "drop old")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "tomasz", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The Vitest TypeError given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No second persistence layer (the draftVault IndexedDB plugin with a Background "
             "Sync tag): the store's $subscribe already writes localStorage (DESK-1740), the bug "
             "is the key and the reset; IndexedDB is async so the composer would mount empty; "
             "no Background Sync in Firefox ESR 115 (60% of the floor) or Safari, and the only "
             "service worker is vite-plugin-pwa's. Key drafts by ticket id in the drafts store, "
             "drop the reset in onUnmounted, flush the pending autosave in onBeforeRouteLeave; "
             "delete draftVault.ts and put main.ts and ReplyComposer.vue back first.",
             must=(("second persistence", "draftvault", "indexeddb", "background sync",
                    "service worker"),
                   ("ticket id", "onbeforerouteleave", "$subscribe", "flush")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no.", "wants", "ruled out"),
             partial_means="The vault ruled out without what to do instead.",
             wrong="The Vitest TypeError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The lost draft stops with the ticket-id key and the flush. Then nine Vitest tests "
             "(8 in ReplyComposer.spec.ts, 1 in TicketView.spec.ts) failed with TypeError: (0 , "
             "__vite_ssr_import_3__.onBeforeRouteLeave) is not a function; rm -rf "
             "node_modules/.vite, npm ci and a re-run did not fix it (not a stale pre-bundle "
             "after the vue-router bump: the package exports the guard); vitest.setup.ts runs "
             "vi.mock('vue-router') for every test and the manual mock __mocks__/vue-router.ts "
             "lacked the guards; fixed by exporting onBeforeRouteLeave and onBeforeRouteUpdate "
             "from the mock (recorded in routeGuards, reset before each test).",
             must=(("typeerror", "is not a function", "vite ssr import"),
                   ("mocks /vue-router", "vue-router.ts", "manual mock", "vi.mock",
                    "routeguards")),
             stale=("fixed by rm -rf", "fixed by npm ci", "fixed by a re-run",
                    "fixed by re-running", "fixed by clearing", "fixed by a clean install",
                    "stale pre-bundle", "old optimized copy"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="An ESLint or vue-tsc error; the lost draft given as a test error.",
             stale_means="The TypeError 'fixed' by clearing node_modules/.vite, npm ci or a "
                         "re-run, or put down to a stale pre-bundle after the vue-router bump."),
    Question("key_values", "Which key values matter?",
             "DESK-2291: Priya Raman, ticket #48213 (1,900 characters) and #48207; 41 reports "
             "since 3.18.0 (Nov 24); e4b91d0 (DESK-2207) keyed drafts by instance uid; the "
             "autosave waits 2 s (2000 ms); deskline:drafts:v2 (v1 removed); 616 unit tests "
             "pass, the Cypress spec 2 passing; PR #3317, commit 5c0a9e7; DESK-2304; 14 days, "
             "212 entries.",
             must=(("desk-2291", "48213", "1,900", "41 reports", "3.18.0"),
                   ("5c0a9e7", "616", "e4b91d0", "drafts:v2")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/components/ticket/ReplyComposer.vue is the reply composer under a ticket's "
             "timeline; src/stores/drafts.ts the Pinia drafts store with persistDrafts (its "
             "$subscribe writes localStorage); src/composables/useAutosave.ts the 2 s debounce "
             "that writes the typed text into the store; src/views/TicketWorkspace.vue holds "
             "the router-view keyed by ticketId; __mocks__/vue-router.ts is the manual mock "
             "vitest.setup.ts loads for every test; src/main.ts sets up Pinia and calls "
             "persistDrafts.",
             must=(("replycomposer.vue",),
                   ("drafts.ts", "useautosave.ts", "vue-router.ts", "ticketworkspace.vue",
                    "vitest.setup.ts")),
             partial_means="The files named without what they hold.",
             wrong="draftVault.ts as the plugin that keeps the drafts."),
    Question("pending", "What work is still pending?",
             "Tomasz's 4: prune the drafts on hydrate, dropping those whose updatedAt is older "
             "than 14 days, with a unit test in drafts.spec.ts; then npx vitest run, commit and "
             "push to #3317; the shared-terminal namespace and logout clearing later in "
             "DESK-2304.",
             must=(("prune", "14 days", "updatedat", "older than"),
                   ("push", "vitest", "commit")),
             partial_means="The pruning without its test or the push, or the reverse.",
             wrong="The onBeforeRouteUpdate flush or the KeepAlive reply as pending.",
             stale_means="The agent-id namespace and logout clearing, or the IndexedDB vault, "
                         "as pending."),
    Question("state", "What is the state of the work?",
             "PR #3317 is open (commit 5c0a9e7) with drafts keyed by ticket id, the flush in "
             "both route guards and the guards in __mocks__/vue-router.ts; 616 unit tests pass, "
             "the Cypress spec passes both cases, lint and vue-tsc are clean; Tomasz's 1 was in "
             "the first commit, 2 is answered on the PR, 3 is DESK-2304; the pruning of drafts "
             "older than 14 days is not written; RichTextEditor is untouched.",
             must=(("616", "tests pass", "passing", "#3317 is open"),
                   ("not written", "prune", "14 days")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the pruning is done.",
             stale_means="Says the drafts are kept in IndexedDB by the draftVault plugin."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
DESK-2291: drafts lost on a ticket switch; an IndexedDB vault ruled out; a mock's TypeError; the review.

Summary:
1. Primary Request and Intent:
   DESK-2291: Priya Raman lost a 1,900-character reply to #48213 switching to #48207 and back (41 reports since 3.18.0); fix it, RichTextEditor untouched. Latest request (Tomasz's review of PR #3317, the user's take): (1) onBeforeRouteUpdate is in already; (2) answer him on KeepAlive; (3) is DESK-2304; (4) in this PR: prune on hydrate drafts whose updatedAt is older than 14 days, with a unit test.
2. Key Technical Concepts:
   - Cause: since e4b91d0 drafts were keyed by the composer's instance uid and reset in onUnmounted, the router-view keyed by ticketId unmounts it on every switch, and useAutosave cancelled its pending 2 s debounce.
   - Decision (the user's correction): drafts keyed by ticket id in the existing drafts store (deskline:drafts:v2), written to localStorage by its $subscribe, the autosave flushed in onBeforeRouteLeave and onBeforeRouteUpdate; this rules out the draftVault plugin (IndexedDB, a Background Sync tag) and a second persistence layer.
3. Files and Code Sections:
   - src/stores/drafts.ts (edited): the drafts store, now byTicket.
   - src/components/ticket/ReplyComposer.vue (edited): no reset on unmount, both route guards flush.
   - src/composables/useAutosave.ts (edited): the 2 s debounce, now with flush().
   - __mocks__/vue-router.ts (edited): the manual mock, now exports both guards.
   - Tests edited: ReplyComposer.spec.ts, drafts.spec.ts, new reply-draft.cy.ts.
   - src/stores/plugins/draftVault.ts: created, then deleted; main.ts reverted.
4. Errors and fixes:
   - Nine Vitest tests failed with TypeError: onBeforeRouteLeave is not a function. rm -rf node_modules/.vite, npm ci and a re-run did not fix it; fixed by exporting the guards from the manual mock __mocks__/vue-router.ts (vi.mock in vitest.setup.ts).
5. Problem Solving:
   Tomasz's review found: ticket to ticket needs onBeforeRouteUpdate (done already); why not KeepAlive (answered on #3317); drafts outlive logout on shared terminals (DESK-2304); 212 entries never pruned (not written).
6. All user messages:
   - The DESK-2291 report; "No. We're not adding a second persistence layer"; Tomasz's review.
7. Pending Tasks:
   - Prune drafts older than 14 days on hydrate, with a unit test in drafts.spec.ts; npx vitest run, push to #3317.
8. Current Work:
   PR #3317 is open (5c0a9e7); 616 unit tests pass, the Cypress spec passes; the pruning is not written.
9. Optional Next Step:
   Prune drafts older than 14 days (updatedAt) when drafts.ts hydrates, with the unit test; npx vitest run, push to #3317."""
