/**
 * The HTML budget (DESIGN.md §4, docs/performance.md "HTML budget": ≤ 30 KB on every page in every
 * language), against the heaviest skin page a visitor can make (test/support/heaviest-skin.ts: the
 * longest name, a cape, the most tags the page lists at the longest tag length, eight similar skins
 * with the longest names, seen by their signed-in owner) in Hindi and Russian, the heaviest languages
 * (3 and 2 bytes a letter), with every commands tab and every visibility; nameless, as if its made-up
 * name were the longest the name generator makes. Then every page in all nine languages, with the
 * embedded API's demo skins besides. The app has the production account settings (`parseServerEnv({})`:
 * the embedded account site, whose notification bell every page carries).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adjectives, animals, colors } from 'unique-names-generator'
import { buildHeaviestSkin, type HeaviestSkin } from '../../test/support/heaviest-skin'
import { createTestApp } from '../../test/support/web-app'
import { LOCALES } from '../shared/locales'
import { COMMAND_QUERY, COMMAND_TABS } from '../shared/skin/skin-commands'
import { parseServerEnv } from './config'

const BUDGET = 30 * 1024

/** Pages that exist under every language prefix (docs/features.md "Routes and redirects"). */
const PAGES = ['', '/skins', '/skins/popular', '/skins/{skin}', '/my-skins', '/export', '/privacy', '/cape-ad', '/api-reference', '/editor', '/editor?skin={skin}']
/** Pages that exist only unprefixed. */
const UNPREFIXED = ['/bulk', '/stats']

/** Longest name `GET /random-name` makes: the longest adjective, colour and animal, two spaces. */
const LONGEST_MADE_UP_NAME = [adjectives, colors, animals].reduce((sum, words) => sum + Math.max(...words.map((w) => w.length)), 2)

let heavy: HeaviestSkin
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  heavy = await buildHeaviestSkin(24)
  const { ACCOUNT_URL, ACCOUNT_API_ORIGIN } = parseServerEnv({})
  app = createTestApp({ api: { fetch: heavy.backend.api.fetch, inProcess: true }, accountUrl: ACCOUNT_URL, accountApiOrigin: ACCOUNT_API_ORIGIN })
}, 60_000)
afterAll(() => heavy?.backend.dispose())

const html = async (path: string, cookie = '') => {
  const res = await app.request(path, { headers: { cookie, 'accept-language': 'en' } })
  expect(res.status, path).toBe(200)
  return res.text()
}
const bytes = (text: string) => Buffer.byteLength(text)

/** Changes the skin as its owner would (the API allows six edits in the first hour). */
async function edit(change: { visibility?: string; name?: string }) {
  const res = await heavy.asOwner(`/v2/skins/${heavy.uuid}`, { method: 'PATCH', body: JSON.stringify(change), headers: { 'content-type': 'application/json' } })
  expect(res.status).toBe(200)
}

/** Asserts the owner's skin page, in Hindi and Russian and with every commands tab, within the budget. */
async function expectSkinPagesWithinBudget(label: string, nameless = false) {
  for (const locale of ['hi', 'ru']) {
    for (const tab of COMMAND_TABS) {
      const path = `/${locale}/skins/${heavy.uuid}?${COMMAND_QUERY}=${tab.id}`
      const page = await html(path, heavy.cookie)
      expect(page).toContain('skin-page__similar')
      let size = bytes(page)
      if (nameless) {
        // The page's made-up name, every time it appears, as long as the generator makes one.
        const name = /<h1 id="skin-name"[^>]*>([^<]+)</.exec(page)![1]!
        size += (LONGEST_MADE_UP_NAME - name.length) * (page.split(name).length - 1)
      }
      expect(size, `${label} ${path}: ${size} bytes`).toBeLessThanOrEqual(BUDGET)
    }
  }
}

describe('HTML budget', () => {
  test('the heaviest skin page, in Hindi and Russian, every tab and visibility, named or not, stays within 30 KB', async () => {
    const page = await html(`/hi/skins/${heavy.uuid}`, heavy.cookie)
    // What makes it the heaviest: the owner's controls, the tags, the similar skins and the cape.
    expect(page).toContain('data-island="skin-owner"')
    expect(page.match(/<li[^>]*><a href="\/hi\/skins\?search=/g)?.length).toBe(8)
    expect(page.match(/<li class="skin-card">/g)?.length).toBe(8)
    expect(page).toContain('"cape":"')
    expect(page).toContain('class="skin-page__remix"')
    await expectSkinPagesWithinBudget('unlisted')
    await edit({ visibility: 'public' })
    await expectSkinPagesWithinBudget('public')
    await edit({ visibility: 'private' })
    await expectSkinPagesWithinBudget('private')
    // Nameless: the made-up name is starred and explained under the heading.
    await edit({ name: '' })
    expect(await html(`/hi/skins/${heavy.uuid}`, heavy.cookie)).toContain('data-generated=""')
    await expectSkinPagesWithinBudget('private, nameless', true)
    await edit({ visibility: 'public' })
    await expectSkinPagesWithinBudget('public, nameless', true)
    await edit({ visibility: 'unlisted' })
    await expectSkinPagesWithinBudget('unlisted, nameless', true)
    // The sixth edit: the owner's dialog now says why there can be no more.
    await edit({ visibility: 'public' })
    expect(await html(`/hi/skins/${heavy.uuid}`, heavy.cookie)).toContain('"editReason":"max_edits_reached"')
    await expectSkinPagesWithinBudget('public, nameless, no more edits', true)
  }, 60_000)

  test('every page in every language stays within 30 KB', async () => {
    const over: string[] = []
    for (const { code } of LOCALES) {
      const prefix = code === 'en' ? '' : `/${code}`
      for (const p of PAGES) {
        const path = `${prefix}${p.replace('{skin}', heavy.uuid)}` || '/'
        const size = bytes(await html(path))
        if (size > BUDGET) over.push(`${path}: ${size} bytes`)
      }
    }
    for (const path of UNPREFIXED) {
      const size = bytes(await html(path))
      if (size > BUDGET) over.push(`${path}: ${size} bytes`)
    }
    expect(over).toEqual([])
  }, 60_000)
})
