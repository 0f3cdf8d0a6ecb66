/**
 * The skin page's community bar and owner controls as the server renders them:
 * tags with this visitor's votes and their gallery links for visitors without JavaScript, the like
 * state from `/user`, the owner island for the owner only, the flags, and the translations in two
 * languages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { createTestApp } from '../../../test/support/web-app'
import { lazyMessages } from '../../shared/i18n/client-messages'
import { LOCALE_TABLES } from '../../shared/i18n/locale-tables'
import { uploadForm } from '../../api/testing/api-harness'
import { DEFAULT_FLAGS } from '../../shared/flags'
import { islandPropsIn } from '../../../test/support/island-props'

let backend: TestApi
let app: ReturnType<typeof createTestApp>
let owner = ''
let visitor = ''
let skin = ''

const api = (path: string, cookie: string, init: RequestInit = {}) =>
  backend.api.fetch(new Request(`http://api.internal${path}`, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } }))
const cookieOf = async () => (await backend.api.fetch(new Request('http://api.internal/v2/queue'))).headers.get('set-cookie')!.split(';')[0]!
async function proof(): Promise<string> {
  const challenge = (await (await api('/v2/challenge', '')).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}
const page = async (path: string, cookie: string, a = app) => (await a.request(path, { headers: { cookie } })).text()
/** The JSON props of island `name` in `html`. */
const props = islandPropsIn

beforeAll(async () => {
  backend = await startTestApi(0, { ALTCHA_MIN_COUNTER: '1', ALTCHA_MAX_COUNTER: '200', TAG_VISIBLE_THRESHOLD: '2' })
  app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  owner = await cookieOf()
  visitor = await cookieOf()
  const queued = (await (await api('/v2/queue', owner, { method: 'POST', body: uploadForm(paintedSkinPng(7301), { name: 'Tagged Knight' }) })).json()) as { job: { id: string } }
  await backend.api.idle()
  skin = ((await (await api(`/v2/queue/${queued.job.id}`, owner)).json()) as { job: { result: string } }).job.result
  const vote = await api(`/v2/skins/${skin}/tags`, visitor, { method: 'POST', body: JSON.stringify({ tag: 'red hat', vote: 'up' }), headers: { 'content-type': 'application/json', 'turnstile-token': await proof() } })
  expect(vote.status).toBe(200)
  expect((await api(`/v2/skins/${skin}/interactions/likes`, visitor, { method: 'POST', headers: { 'turnstile-token': await proof() } })).status).toBe(204)
}, 60_000)
afterAll(() => backend?.dispose())

describe('skin page community bar', () => {
  test('the voter sees their tag with their vote and a gallery link, and their like, without JavaScript', async () => {
    const html = await page(`/skins/${skin}`, visitor)
    // The chip links to the gallery's search; the vote travels with the island's props, for its arrows.
    expect(html).toContain('<li><a href="/skins?search=red+hat">red hat</a></li>')
    expect(html).toContain('Add tag')
    expect(html).toContain('Report')
    expect(props(html, 'skin-community')).toMatchObject({ uuid: skin, likes: 1, liked: true, tags: [{ tag: 'red hat', vote: 'up' }], report: true })
    expect(html).toContain('aria-pressed="true"')
    // Not the owner: no owner island, no owner code on the page.
    expect(html).not.toContain('data-island="skin-owner"')
  })

  test('another visitor does not see a tag below the threshold, nor a like of their own', async () => {
    const html = await page(`/skins/${skin}`, await cookieOf())
    expect(html).not.toContain('search=red+hat')
    expect(html).toContain('No tags yet')
    expect(props(html, 'skin-community')).toMatchObject({ likes: 1, liked: false, tags: [] })
  })

  test('the owner gets the edit island with what the API allows', async () => {
    const html = await page(`/skins/${skin}`, owner)
    expect(props(html, 'skin-owner')).toMatchObject({ uuid: skin, name: 'Tagged Knight', visibility: 'public', user: { canEdit: true, canDelete: true } })
    expect(html).toContain('>Edit</button>')
  })

  test('in German: translated labels and localised tag links; the island texts load with the island', async () => {
    const html = await page(`/de/skins/${skin}`, visitor)
    expect(html).toContain('href="/de/skins?search=red+hat"')
    expect(html).toContain('Tag hinzufügen')
    expect(html).toContain('Melden')
    // The community bar hydrates after load and idle, so its texts are not in the page (the HTML
    // budget, 30 KB); they come as the build's per-locale JSON when the island starts.
    const messages = JSON.parse(/<script[^>]*id="i18n"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as { pages?: { skin?: { community?: unknown } } }
    expect(messages.pages?.skin?.community).toBeUndefined()
    const lazy = lazyMessages(LOCALE_TABLES.de, 'skin-community') as { pages: { skin: { community: Record<string, unknown> } } }
    expect(lazy.pages.skin.community.reportTitle).toBe('Diesen Skin melden')
  })

  test('flags web.tags.visible and web.report.visible off: no tags, no report button', async () => {
    const off = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true }, flags: async () => ({ ...DEFAULT_FLAGS, 'web.tags.visible': false, 'web.report.visible': false }) })
    const html = await page(`/skins/${skin}`, visitor, off)
    expect(html).not.toContain('skin-tags')
    expect(html).not.toContain('skin-community__report')
    expect(props(html, 'skin-community')).toMatchObject({ tags: null, report: false })
  })
})
