/**
 * All nine locale files (SPEC §2) are complete, real translations: same keys as English, same
 * {{placeholders}}, no empty strings, and no non-English file keeps an English string unchanged
 * except the short allowlist of brand names and codes below.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LOCALE_CODES } from '../src/shared/locales'
import { LOCALE_TABLES } from '../src/shared/i18n/locale-tables'

/** Values that are names or codes, the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Skin Signature Generator', '{{title}} - {{product}}', 'Vanilla /give', '{{n}} s', '{{n}} h', '3D', '{{percent}} %', '{{name}} ({{key}})', '{{size}} px'])

/** Strings that are the native word in that language too (checked by a translator, not loanwords by laziness). */
const SAME_WORD: Partial<Record<(typeof LOCALE_CODES)[number], string[]>> = {
  de: ['accounts.credits.grant.moderator', 'accounts.keys.name', 'accounts.credits.group.credits', 'pages.home.statSkins', 'pages.skin.community.likes', 'pages.skin.community.tagsTitle', 'pages.skin.owner.name', 'pages.skin.commands.plugins', 'pages.skin.commands.code', 'pages.export.title', 'pages.export.format', 'pages.export.name', 'pages.privacy.name', 'pages.privacy.cookiesTitle', 'accounts.admin.users.role.moderator', 'accounts.admin.users.skins.title', 'accounts.admin.users.subscriptions.status', 'nav.editor', 'editor.views.pose', 'accounts.webhooks.title', 'accounts.webhooks.col.status'],
  es: ['accounts.credits.no', 'pages.home.statSkins', 'pages.skin.commands.plugins', 'pages.privacy.cookiesTitle', 'accounts.admin.users.skins.title', 'accounts.admin.users.notifications.level.error', 'nav.editor', 'editor.layer.base', 'accounts.webhooks.title'],
  fr: ['accounts.notifications.title', 'accounts.credits.col.type', 'accounts.credits.grant.capes', 'pages.home.statSkins', 'pages.skin.community.tagsTitle', 'pages.skin.owner.public', 'pages.skin.commands.plugins', 'pages.skin.commands.code', 'pages.capeAd.title', 'pages.export.format', 'pages.export.created', 'pages.privacy.cookiesTitle', 'accounts.admin.users.page', 'accounts.admin.users.skins.title', 'accounts.admin.users.skins.visibility.public', 'accounts.admin.users.notifications.message', 'editor.views.texture', 'editor.views.pose', 'editor.layer.base', 'editor.help.action', 'accounts.webhooks.title'],
  pl: ['accounts.credits.grant.moderator', 'pages.export.format', 'accounts.admin.users.role.moderator', 'accounts.admin.users.subscriptions.status', 'editor.model.label', 'editor.status.model', 'accounts.webhooks.title'],
  pt: ['pages.home.statSkins', 'pages.skin.commands.plugins', 'pages.privacy.cookiesTitle', 'accounts.admin.users.skins.title', 'nav.editor', 'editor.views.pose', 'editor.layer.base', 'accounts.webhooks.title'],
  id: ['accounts.credits.grant.moderator', 'accounts.credits.grant.admin', 'pages.export.format', 'accounts.fields.email', 'accounts.credits.type.internal', 'accounts.admin.users.role.admin', 'accounts.admin.users.role.moderator', 'accounts.admin.users.subscriptions.status', 'nav.editor', 'editor.views.pose', 'editor.model.label', 'editor.status.model', 'accounts.webhooks.title', 'accounts.webhooks.col.status'],
}

function flatten(table: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else if (value && typeof value === 'object') for (const [k, v] of flatten(value as Record<string, unknown>, path)) out.set(k, v)
    else throw new Error(`${path} is neither a string nor a group`)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
const english = flatten(LOCALE_TABLES.en)

/** Source text of every non-test module under src/, where message keys are written as literals. */
function sourceText(dir = join(import.meta.dir, '../src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourceText(path)
      return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? readFileSync(path, 'utf8') : ''
    })
    .join('\n')
}

describe('locale files', () => {
  test('English has no empty strings', () => {
    for (const [key, value] of english) expect(value.trim(), key).not.toBe('')
  })

  test('every English key is used by the code (no dead strings for translators)', () => {
    const source = sourceText()
    expect([...english.keys()].filter((key) => !source.includes(`'${key}'`))).toEqual([])
  })

  for (const locale of LOCALE_CODES.filter((l) => l !== 'en')) {
    test(`${locale}: same keys as English, none empty, same placeholders`, () => {
      const table = flatten(LOCALE_TABLES[locale])
      expect([...table.keys()].sort()).toEqual([...english.keys()].sort())
      for (const [key, value] of table) {
        expect(value.trim(), `${locale}:${key}`).not.toBe('')
        expect(placeholders(value), `${locale}:${key}`).toEqual(placeholders(english.get(key) ?? ''))
      }
    })

    test(`${locale}: every string is translated (allowlist: brand names and codes)`, () => {
      const table = flatten(LOCALE_TABLES[locale])
      const allowed = new Set(SAME_WORD[locale] ?? [])
      const untranslated = [...table].filter(([key, value]) => value === english.get(key) && !SAME_IN_EVERY_LANGUAGE.has(value) && !allowed.has(key))
      expect(untranslated.map(([key]) => key)).toEqual([])
    })
  }
})
