"""Held out, ninth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code, TypeScript: Polish notifications read
"5 pliki" where "5 plików" is right, because t() picks a plural form with n === 1; a
hand-written Polish rule in a new src/i18n/plural.ts, then the user changes the goal midway
(every locale through Intl.PluralRules and CLDR categories, no hand-written rules) and
plural.ts is deleted; a TypeError for a "pl-PL" user that falling back to the 'other' form did
not fix (it printed the English "5 files") and a locale fallback chain (pl-PL, pl, en) did; a
French test that passed before the fix and fails after it, answered by correcting the test;
a PR review relayed with four findings: one done, one answered with a note in docs/i18n.md,
one pending, one a ticket; the assistant's last words name work on the deleted plural.ts."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/marta/parcelo-web"
)
s.user(
    'Polish users see "Masz 5 pliki do pobrania" in the downloads banner. It should be '
    '"5 plików" (Polish has one / few / many forms). Translations are in locales/*.json and '
    "the lookup is t() in src/i18n/t.ts. Fix the Polish plurals."
)
s.call(
    "Read",
    "     1→import { catalogs } from './catalogs';\n     2→\n"
    "     3→export function t(locale: string, key: string, n?: number): string {\n"
    "     4→  const entry = catalogs[locale]?.[key] ?? catalogs.en[key];\n"
    "     5→  if (typeof entry === 'string') return entry;\n"
    "     6→  const form = n === 1 ? entry.one : entry.other;\n"
    "     7→  return form.replace('{n}', String(n));\n     8→}\n",
    file_path="/home/marta/parcelo-web/src/i18n/t.ts",
)
s.call(
    "Bash",
    '  "downloads": {\n    "one": "Masz {n} plik do pobrania",\n'
    '    "other": "Masz {n} pliki do pobrania"\n  },\n',
    command="grep -n -A3 '\"downloads\"' locales/pl.json",
    description="Look at the Polish downloads entry",
)
s.call(
    "Read",
    "     1→import en from '../../locales/en.json';\n"
    "     2→import pl from '../../locales/pl.json';\n"
    "     3→import fr from '../../locales/fr.json';\n"
    "     4→import de from '../../locales/de.json';\n     5→\n"
    "     6→type Forms = Partial<Record<Intl.LDMLPluralRule, string>>;\n"
    "     7→export type Catalog = Record<string, string | Forms>;\n     8→\n"
    "     9→// keyed by language; the app passes whatever the profile stores\n"
    "    10→export const catalogs: Record<string, Catalog> = { en, pl, fr, de };\n",
    file_path="/home/marta/parcelo-web/src/i18n/catalogs.ts",
)
s.call(
    "Bash",
    "src/components/Banner.tsx:14:  const text = t(user.locale, 'downloads', pending.length);\n"
    "src/components/Inbox.tsx:22:  if (n === 0) return <Empty>{t(user.locale, 'inbox.zero')}</Empty>;\n"
    "src/components/Inbox.tsx:23:  return <h2>{t(user.locale, 'inbox.count', n)}</h2>;\n"
    "src/feed/FeedItem.tsx:41:    {t(user.locale, 'feed.likes', item.likes)}\n"
    "src/profile/store.ts:8:  locale: navigator.language, // e.g. 'pl-PL', 'fr-CA'\n",
    command='rg -n "t\\(user.locale|locale: navigator" src',
    description="See how t() is called and where the locale comes from",
)
s.call(
    "Bash",
    "Test Suites: 31 passed, 31 total\nTests:       212 passed, 212 total\nTime:        6.48 s\n",
    command="npx jest",
    description="Run the tests before changing anything",
)
s.say(
    "The bug is the n === 1 in t(): every count other than 1 gets 'other', and pl.json only "
    "has one/other. Polish needs 'few' for 2-4 (not 12-14) and 'many' for 5+, 0 and 12-14. "
    "Plan: a small src/i18n/plural.ts with a polishForm(n) rule, used by t() when the locale "
    "is pl, and few/many forms added to locales/pl.json."
)
s.call(
    "Write",
    "File created successfully at: /home/marta/parcelo-web/src/i18n/plural.ts",
    file_path="/home/marta/parcelo-web/src/i18n/plural.ts",
    content="export function polishForm(n: number): 'one' | 'few' | 'many' {\n"
    "  if (n === 1) return 'one';\n  const d = n % 10, dd = n % 100;\n"
    "  return d >= 2 && d <= 4 && (dd < 12 || dd > 14) ? 'few' : 'many';\n}\n",
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/locales/pl.json has been updated.",
    file_path="/home/marta/parcelo-web/locales/pl.json",
    old_string='    "other": "Masz {n} pliki do pobrania"\n',
    new_string='    "few": "Masz {n} pliki do pobrania",\n'
    '    "many": "Masz {n} plików do pobrania",\n'
    '    "other": "Masz {n} pliku do pobrania"\n',
)
s.user(
    "Wait, before you wire that in. Czech and Ukrainian are next quarter and Arabic after that, "
    "I don't want a hand-written rule per language. Change of plan: make t() pick the form "
    "with Intl.PluralRules for every locale, CLDR categories (zero/one/two/few/many/other) as "
    "the catalog keys, and drop plural.ts. Fix the Polish catalog to match."
)
s.say(
    "Agreed, that's the better fix: Intl.PluralRules ships the CLDR rules for every locale, "
    "so no language needs code of its own. Dropping plural.ts and making t() use "
    "new Intl.PluralRules(locale).select(n)."
)
s.call(
    "Bash",
    "",
    command="rm src/i18n/plural.ts",
    description="Delete the hand-written Polish rule",
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/src/i18n/t.ts has been updated.",
    file_path="/home/marta/parcelo-web/src/i18n/t.ts",
    old_string="  const form = n === 1 ? entry.one : entry.other;\n",
    new_string="  const form = entry[new Intl.PluralRules(locale).select(n ?? 0)];\n",
)
s.call(
    "Write",
    "File created successfully at: /home/marta/parcelo-web/src/i18n/t.test.ts",
    file_path="/home/marta/parcelo-web/src/i18n/t.test.ts",
    content="import { t } from './t';\n\ntest.each([\n"
    "  [1, 'Masz 1 plik do pobrania'],\n  [3, 'Masz 3 pliki do pobrania'],\n"
    "  [5, 'Masz 5 plików do pobrania'],\n  [22, 'Masz 22 pliki do pobrania'],\n"
    "])('pl downloads %d', (n, want) => {\n"
    "  expect(t('pl', 'downloads', n)).toBe(want);\n});\n\n"
    "test('pl-PL users get Polish', () => {\n"
    "  expect(t('pl-PL', 'downloads', 5)).toBe('Masz 5 plików do pobrania');\n});\n",
)
s.call(
    "Bash",
    "FAIL src/i18n/t.test.ts\n  ● pl-PL users get Polish\n\n"
    "    TypeError: Cannot read properties of undefined (reading 'replace')\n\n"
    "       6 |   const form = entry[new Intl.PluralRules(locale).select(n ?? 0)];\n"
    "    >  7 |   return form.replace('{n}', String(n));\n\n"
    "FAIL src/components/Banner.test.tsx\n  ● fr: zero downloads\n\n"
    '    Expected: "Vous avez 0 fichiers à télécharger"\n'
    '    Received: "Vous avez 0 fichier à télécharger"\n\n'
    "Tests:       2 failed, 214 passed, 216 total\n",
    command="npx jest",
    description="Run the whole suite",
)
s.say(
    "Two failures. The pl-PL one: the form came back undefined. For 5 PluralRules says "
    "'many', and the entry doesn't have it, so a missing category should fall back to "
    "'other' instead of crashing. I'll add that fallback."
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/src/i18n/t.ts has been updated.",
    file_path="/home/marta/parcelo-web/src/i18n/t.ts",
    old_string="  const form = entry[new Intl.PluralRules(locale).select(n ?? 0)];\n",
    new_string="  const form = entry[new Intl.PluralRules(locale).select(n ?? 0)] ?? entry.other;\n",
)
s.call(
    "Bash",
    "FAIL src/i18n/t.test.ts\n  ● pl-PL users get Polish\n\n"
    '    Expected: "Masz 5 plików do pobrania"\n'
    '    Received: "Masz 5 files to download"\n\n'
    "Tests:       2 failed, 214 passed, 216 total\n",
    command="npx jest src/i18n src/components/Banner.test.tsx",
    description="Re-run the failing tests",
)
s.say(
    "No crash now, but the pl-PL user gets the English text, so the fallback only hid the "
    "real bug. catalogs is keyed by 'pl', not 'pl-PL': catalogs['pl-PL'] is undefined, so "
    "t() takes the English entry, which only has one/other, and 'many' is missing from it. "
    "The lookup needs a locale fallback chain: pl-PL, then pl, then en."
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/src/i18n/t.ts has been updated.",
    file_path="/home/marta/parcelo-web/src/i18n/t.ts",
    old_string="  const entry = catalogs[locale]?.[key] ?? catalogs.en[key];\n"
    "  if (typeof entry === 'string') return entry;\n"
    "  const form = entry[new Intl.PluralRules(locale).select(n ?? 0)] ?? entry.other;\n",
    new_string="  // 'pl-PL' -> 'pl' -> 'en': catalogs are keyed by language only\n"
    "  const lang = [locale, locale.split('-')[0], 'en'].find((l) => catalogs[l]?.[key]) ?? 'en';\n"
    "  const entry = catalogs[lang][key];\n"
    "  if (typeof entry === 'string') return entry;\n"
    "  const form = entry[new Intl.PluralRules(lang).select(n ?? 0)] ?? entry.other;\n",
)
s.call(
    "Bash",
    "PASS src/i18n/t.test.ts\nFAIL src/components/Banner.test.tsx\n  ● fr: zero downloads\n\n"
    '    Expected: "Vous avez 0 fichiers à télécharger"\n'
    '    Received: "Vous avez 0 fichier à télécharger"\n\n'
    "Tests:       1 failed, 215 passed, 216 total\n",
    command="npx jest src/i18n src/components/Banner.test.tsx",
    description="Re-run the failing tests",
)
s.say(
    "pl-PL passes with the fallback chain. The French zero test passed before my change and "
    "fails after it: CLDR puts 0 in French 'one', so t() now says \"0 fichier\". The old "
    'n === 1 code gave "0 fichiers". Should I special-case French zero back to the plural, '
    "or is the test wrong?"
)
s.user(
    'The test is wrong, French says "0 fichier". Fix the expectation in Banner.test.tsx, '
    "don't touch the code for it."
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/src/components/Banner.test.tsx has been updated.",
    file_path="/home/marta/parcelo-web/src/components/Banner.test.tsx",
    old_string="'Vous avez 0 fichiers à télécharger'",
    new_string="'Vous avez 0 fichier à télécharger'",
)
s.call(
    "Bash",
    "Test Suites: 32 passed, 32 total\nTests:       216 passed, 216 total\nTime:        6.91 s\n",
    command="npx jest",
    description="Run the whole suite",
)
s.say(
    "All 216 tests pass: t() picks the CLDR category with Intl.PluralRules for every locale, "
    "looks the locale up as pl-PL, pl, en, and pl.json has one/few/many/other. The French "
    "expectation is corrected."
)
s.user(
    "Keiko left comments on PR #412, copying them here:\n"
    "1. `new Intl.PluralRules` on every call is slow in the feed (we call t() thousands of "
    "times), cache one per locale.\n"
    '2. en.json has "zero" keys for a few messages ("No files"). PluralRules(\'en\') never '
    "returns 'zero', so those are dead now. Was that intended?\n"
    "3. Falling back to 'other' silently hides missing translations. In dev, warn once per "
    "key and category.\n"
    '4. Ordinals ("1st", "2nd", "3rd") also go wrong in pl and en.\n'
    'My answers: 1 yes. 2 it\'s intended, the screens that say "No files" check n === 0 '
    "themselves; write that down in docs/i18n.md so nobody deletes the keys. 3 yes. 4 is "
    "I18N-88, not in this PR."
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/src/i18n/t.ts has been updated.",
    file_path="/home/marta/parcelo-web/src/i18n/t.ts",
    old_string="  const form = entry[new Intl.PluralRules(lang).select(n ?? 0)] ?? entry.other;\n",
    new_string="  const form = entry[rulesFor(lang).select(n ?? 0)] ?? entry.other;\n",
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/src/i18n/t.ts has been updated.",
    file_path="/home/marta/parcelo-web/src/i18n/t.ts",
    old_string="export function t(",
    new_string="const rules = new Map<string, Intl.PluralRules>();\n"
    "// one PluralRules per locale: constructing one costs more than the lookup itself\n"
    "function rulesFor(lang: string): Intl.PluralRules {\n"
    "  let r = rules.get(lang);\n"
    "  if (!r) rules.set(lang, (r = new Intl.PluralRules(lang)));\n  return r;\n}\n\n"
    "export function t(",
)
s.call(
    "Edit",
    "The file /home/marta/parcelo-web/docs/i18n.md has been updated.",
    file_path="/home/marta/parcelo-web/docs/i18n.md",
    old_string="## Plurals\n",
    new_string="## Plurals\n\nt() picks the form with Intl.PluralRules (CLDR categories). "
    "English never gets 'zero' from it: the \"zero\" keys in en.json are read by screens "
    "that check n === 0 themselves (the downloads banner, the empty inbox). Keep them.\n",
)
s.call(
    "Bash",
    "Test Suites: 32 passed, 32 total\nTests:       216 passed, 216 total\nTime:        6.02 s\n",
    command="npx jest",
    description="Run the whole suite after the cache",
)
s.say(
    "Keiko's 1 is done (one Intl.PluralRules per locale in a Map, rulesFor()) and 2 is "
    "written down in docs/i18n.md; 216 tests pass. 4 is I18N-88."
)
s.call(
    "Bash",
    "src/i18n/t.ts\nsrc/i18n/t.test.ts\nlocales/pl.json\ndocs/i18n.md\n"
    "src/components/Banner.test.tsx\n",
    command="git diff --name-only main",
    description="List what the branch changes",
)
s.say("Next I'll add tests for polishForm() in plural.ts, the few and many cases.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Polish users see \"Masz 5 pliki do pobrania\" instead of \"5 plików\": t() in "
             "src/i18n/t.ts picks the plural form with n === 1 and locales/pl.json has only "
             "one/other; the goal changed midway to choosing the form with Intl.PluralRules "
             "(CLDR categories) for every locale.",
             must=(("plural", "plików", "pliki"),
                   ("intl.pluralrules", "pluralrules", "cldr", "every locale")),
             partial_means="The Polish bug without the switch to Intl.PluralRules, or the "
                           "reverse.",
             wrong="A date format bug; a translation missing from pl.json."),
    Question("latest_request", "What did the user last ask?",
             "Keiko's PR #412 review with the user's answers: (1) cache one Intl.PluralRules "
             "per locale; (2) the en.json \"zero\" keys are intended, document that in "
             "docs/i18n.md; (3) warn once per key and category in dev when falling back to "
             "'other'; (4) ordinals are I18N-88, not in this PR.",
             must=(("cache", "per locale"), ("warn",),
                   ("docs/i18n.md", "zero", "i18n-88", "ordinal")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "keiko", "answers", "answered"),
             partial_means="One or two of the points to act on.",
             wrong="Ordinal forms in this PR; a hand-written rule per language.",
             stale_means="The first request (fix the Polish plurals) or the change of plan "
                         "given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Add the dev-only warning in t() (src/i18n/t.ts), once per key and category, when "
             "a form falls back to 'other', with a test, then run npx jest. plural.ts and "
             "polishForm() were deleted; the cache and the docs note are done.",
             must=(("warn",), ("t.ts", "t()", "fall back", "falls back", "fallback",
                               "other")),
             stale=("tests for polishform", "polishform() in plural.ts", "add that fallback"),
             partial_means="Says to run the tests or update the PR without the warning.",
             wrong="Ordinals; special-casing French zero.",
             stale_means="Says to test polishForm() in plural.ts: the file was deleted when "
                         "the user changed the plan."),
    Question("files_edited", "Which files were changed, and why?",
             "src/i18n/t.ts (Intl.PluralRules for every locale, the pl-PL -> pl -> en fallback "
             "chain, rulesFor() caching one per locale, 'other' as the last resort); "
             "locales/pl.json (one/few/many/other forms); src/i18n/t.test.ts (new Polish and "
             "pl-PL tests); src/components/Banner.test.tsx (French zero expectation "
             "corrected); docs/i18n.md (why en.json keeps \"zero\" keys). src/i18n/plural.ts "
             "was created and deleted.",
             must=(("t.ts",), ("pl.json",), ("banner.test.tsx", "t.test.ts", "i18n.md")),
             stale=("plural.ts",),
             spread=True,
             partial_means="One or two of the files.",
             wrong="en.json given as edited.",
             stale_means="src/i18n/plural.ts listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "t() picks the form with Intl.PluralRules and CLDR categories as catalog keys for "
             "every locale (the user's change of plan); rules out the hand-written "
             "polishForm() rule in src/i18n/plural.ts, and special-casing French zero (the "
             "test was wrong instead).",
             must=(("intl.pluralrules", "pluralrules", "cldr"),
                   ("hand-written", "polishform", "plural.ts", "per language")),
             stale=("polishform(n) rule, used by t()", "used by t() when the locale is pl"),
             partial_means="Intl.PluralRules without what it rules out.",
             wrong="A hand-written rule for each language.",
             stale_means="The hand-written Polish rule given as the design."),
    Question("review", "What did the review find?",
             "Keiko on PR #412: (1) new Intl.PluralRules per call is slow, cache per locale "
             "(done); (2) en.json's \"zero\" keys are dead under PluralRules (intended, "
             "documented in docs/i18n.md); (3) the silent fallback to 'other' hides missing "
             "translations, warn in dev (not done); (4) ordinals go wrong too (I18N-88).",
             must=(("cache", "slow", "per locale"), ("zero",), ("warn", "hides", "silent"),
                   ("ordinal", "i18n-88", "1st")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "keiko", "pr #412"),
             partial_means="Two or three of the four findings.",
             wrong="A failing test given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "The user changed the plan: no hand-written rule per language, use "
             "Intl.PluralRules for every locale and drop plural.ts; and the French zero test "
             "was wrong (\"0 fichier\" is right), fix the expectation, not the code.",
             must=(("hand-written", "plural.ts", "intl.pluralrules", "pluralrules"),
                   ("french", "fichier", "banner.test.tsx", "expectation")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "wants", "change of plan", "changed"),
             partial_means="One of the two corrections.",
             wrong="The pl-PL TypeError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "pl-PL users get Polish failed with TypeError: Cannot read properties of "
             "undefined (reading 'replace'); falling back to the 'other' form only hid it (it "
             "printed \"Masz 5 files to download\", English); fixed by the locale fallback "
             "chain pl-PL -> pl -> en, since catalogs are keyed by language. The French zero "
             "test then failed because CLDR puts 0 in 'one': the expectation was corrected.",
             must=(("typeerror", "pl-pl", "reading 'replace'", "undefined"),
                   ("fallback chain", "locale fallback", "split('-')", "pl-pl -> pl",
                    "pl-pl, pl, en", "pl-pl, then pl", "keyed by language")),
             stale=("fixed by falling back to 'other'", "fixed by falling back to other",
                    "fixed by the fallback to 'other'"),
             partial_means="The TypeError without the fallback chain.",
             wrong="A JSON syntax error in pl.json.",
             stale_means="The TypeError 'fixed' by falling back to the 'other' form."),
    Question("key_values", "Which key values matter?",
             "216 tests pass (212 before); PR #412; I18N-88; \"Masz 5 plików do pobrania\"; the "
             "locale pl-PL.",
             must=(("216",), ("#412", "i18n-88", "pl-pl")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/i18n/t.ts holds t(), the translation lookup; locales/*.json the catalogs "
             "(pl.json, en.json); src/i18n/catalogs loads them; docs/i18n.md documents the "
             "plural rules; Banner.test.tsx tests the downloads banner.",
             must=(("t.ts",), ("lookup", "t()", "translat"), ("pl.json", "locales")),
             partial_means="The files named without what they hold.",
             wrong="plural.ts as the lookup."),
    Question("pending", "What work is still pending?",
             "The dev-only warning once per key and category when t() falls back to 'other' "
             "(Keiko's 3), with a test; ordinals later, I18N-88.",
             must=(("warn",), ("i18n-88", "ordinal", "test", "key and category")),
             partial_means="The warning without the rest, or the reverse.",
             wrong="The cache or the docs note as pending."),
    Question("state", "What is the state of the work?",
             "t() uses Intl.PluralRules with the pl-PL -> pl -> en chain and a per-locale "
             "cache; 216 tests pass; the docs note is written; the dev warning is not written; "
             "PR #412 is open for review.",
             must=(("216",), ("warn", "pr #412")),
             partial_means="The fix without what remains.",
             wrong="Says the warning is done.",
             stale_means="Says plural.ts is in use."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Polish banner said "5 pliki"; I started a hand-written Polish rule, the user changed the plan to Intl.PluralRules for every locale; a pl-PL TypeError took two tries; Keiko reviewed PR #412.

Summary:
1. Primary Request and Intent:
   Polish users saw "Masz 5 pliki do pobrania" instead of "5 plików": t() in src/i18n/t.ts chose the plural form with n === 1 and locales/pl.json had only one/other. The user then changed the goal: t() picks the form with Intl.PluralRules for every locale (CLDR categories zero/one/two/few/many/other as catalog keys), no hand-written rule per language, plural.ts dropped. Latest request (Keiko's review on PR #412, with the user's answers): (1) cache one Intl.PluralRules per locale; (2) the en.json "zero" keys are intended, document it in docs/i18n.md; (3) in dev, warn once per key and category when t() falls back to 'other'; (4) ordinals are I18N-88, not this PR.
2. Key Technical Concepts:
   - Decision: Intl.PluralRules and CLDR categories for every locale; this rules out the hand-written polishForm() rule in src/i18n/plural.ts.
   - Catalogs are keyed by language only: pl-PL, then pl, then en.
   - CLDR puts French 0 in 'one': "0 fichier" is correct.
3. Files and Code Sections:
   - src/i18n/t.ts (edited): Intl.PluralRules via rulesFor() (a Map, one per locale), the pl-PL -> pl -> en fallback chain, 'other' as the last resort.
   - locales/pl.json (edited): one/few/many/other forms for downloads.
   - src/i18n/t.test.ts (new): Polish and pl-PL tests.
   - src/components/Banner.test.tsx (edited): French zero expectation corrected to "0 fichier".
   - docs/i18n.md (edited): why en.json keeps its "zero" keys.
   - src/i18n/plural.ts: created, then deleted when the plan changed.
4. Errors and fixes:
   - "pl-PL users get Polish": TypeError: Cannot read properties of undefined (reading 'replace'). Falling back to 'other' only hid it (Received "Masz 5 files to download"); fixed by the locale fallback chain pl-PL, pl, en.
   - Banner.test.tsx "fr: zero downloads" failed after the switch; the user said the test was wrong, the expectation was fixed, not the code.
5. Problem Solving:
   Keiko's review found: new Intl.PluralRules per call is slow (cached per locale, done); en.json's "zero" keys are dead under PluralRules (intended, documented); the silent fallback to 'other' hides missing translations (warning not written yet); ordinals go wrong too (I18N-88).
6. All user messages:
   - The Polish plurals bug report.
   - "Change of plan: ... Intl.PluralRules for every locale ... drop plural.ts."
   - "The test is wrong, French says "0 fichier"."
   - Keiko's comments on PR #412, with answers.
7. Pending Tasks:
   - The dev-only warning once per key and category when t() falls back to 'other', with a test.
   - Ordinals later (I18N-88).
8. Current Work:
   The cache and the docs note are done; all 216 tests pass.
9. Optional Next Step:
   Add the dev-only warning in t() (src/i18n/t.ts) when a form falls back to 'other', once per key and category, with a test, then run npx jest."""
