/**
 * The editor page (`/editor`, docs/features.md "Skin editor") over the real embedded API, and what the
 * skin page and its remixes link to: the shell in two languages, each query kind resolved as the
 * visitor (private skins only for their owner), "Edit a copy" on every skin page, and "Remixed from"
 * only for visitors who may see the original.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { uploadForm } from '../../api/testing/api-harness'
import { testSessionToken } from '../../api/testing/test-session'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { islandPropsIn } from '../../../test/support/island-props'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { createTestApp } from '../../../test/support/web-app'
import { DEFAULT_FLAGS } from '../../shared/flags'
import type { SkinInfo } from '../../shared/schemas/api'

let backend: TestApi
let app: ReturnType<typeof createTestApp>
/** The owner (signed in, may make private skins) and a stranger (anonymous): their cookies. */
let owner = ''
let stranger = ''
let publicSkin: SkinInfo
let unlisted: SkinInfo
let secret: SkinInfo
/** The stranger's public remix of the owner's unlisted skin. */
let remixOfUnlisted: SkinInfo
/** The stranger's remix of the public skin. */
let remixOfPublic: SkinInfo

const call = (path: string, cookie: string, init: RequestInit = {}) =>
  backend.api.fetch(new Request(`http://api.internal${path}`, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } }))

/** Generates a skin as `cookie` with `fields` and returns it. */
async function make(cookie: string, seed: number, fields: Record<string, string>): Promise<SkinInfo> {
  const queued = await call('/v2/queue', cookie, { method: 'POST', body: uploadForm(paintedSkinPng(seed), fields) })
  const body = (await queued.json()) as { job: { id: string } }
  expect(queued.status, JSON.stringify(body)).toBe(202)
  await backend.api.idle()
  const job = (await (await call(`/v2/queue/${body.job.id}`, cookie)).json()) as { skin: SkinInfo }
  return job.skin
}

const page = async (path: string, cookie = '') => {
  const response = await app.request(path, { headers: { cookie } })
  expect(response.status, path).toBe(200)
  return response.text()
}
/**
 * The island's props past the `web.visibility.private` flag and the account site's base (where a
 * signed skin is offered to wear), which every page passes.
 */
const editorProps = (html: string) => {
  const { privateFlag, accountUrl, ...props } = islandPropsIn(html, 'skin-editor') as Record<string, unknown>
  expect(privateFlag).toBe(true)
  expect(accountUrl).toBe('/account')
  return props
}

beforeAll(async () => {
  backend = await startTestApi(0, { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_USER_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PENDING: '50' })
  app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  const anonymous = async () => (await call('/v2/queue', '')).headers.get('set-cookie')!.split(';')[0]!
  owner = `ssg_api=${await testSessionToken(backend.dataDir, { sub: 'b'.repeat(32) })}; ${await anonymous()}`
  stranger = await anonymous()
  publicSkin = await make(owner, 9201, { name: 'Quote Knight', variant: 'slim' })
  unlisted = await make(owner, 9202, { name: 'Hidden Knight', visibility: 'unlisted' })
  secret = await make(owner, 9203, { name: 'Secret Knight', visibility: 'private' })
  remixOfUnlisted = await make(stranger, 9204, { name: 'Copied Knight', remixOf: unlisted.uuid })
  remixOfPublic = await make(stranger, 9205, { remixOf: publicSkin.uuid })
}, 60_000)
afterAll(() => backend?.dispose())

describe('/editor', () => {
  test('the shell in English and German: heading, lead, no-JavaScript message, status line, the island and its tab', async () => {
    const en = await page('/editor')
    expect(en).toContain('<title>Skin Editor - Skin Signature Generator</title>')
    expect(en).toContain('<h1>Skin Editor</h1>')
    expect(en).toContain('<p class="page__lead">Paint a skin on the 3D model')
    expect(en).toMatch(/<noscript><p class="notice">The editor needs JavaScript, which is turned off in your browser\./)
    expect(en).toContain('<p id="editor-status" class="editor-page__status" role="status">Loading the editor…</p>')
    expect(editorProps(en)).toEqual({})
    expect(en).not.toContain('role="alert"')
    expect(en).toMatch(/<a class="tab is-active" href="\/editor" aria-current="page">/)
    // A plain editor is a page like any other; one opened on something is not indexed.
    expect(en).not.toContain('noindex')
    const de = await page('/de/editor')
    expect(de).toContain('<title>Skin-Editor - Skin Signature Generator</title>')
    expect(de).toContain('<h1>Skin-Editor</h1>')
    expect(de).toContain('Der Editor braucht JavaScript')
    expect(de).toContain('Editor wird geladen…')
    expect(de).toMatch(/<a class="tab is-active" href="\/de\/editor" aria-current="page">/)
  })

  test('?skin= opens a gallery skin by uuid or short id, with its texture, name and model', async () => {
    const expected = { source: { kind: 'skin', uuid: publicSkin.uuid, texture: publicSkin.texture.hash.skin, name: 'Quote Knight', slim: true }, defaultName: 'Quote Knight' }
    const en = await page(`/editor?skin=${publicSkin.uuid}`)
    expect(editorProps(en)).toEqual(expected)
    expect(en).toContain('noindex')
    // A mangled query is a working page too, never indexed.
    expect(await page('/editor?skin[]=1&skin[]=2')).toContain('noindex')
    expect(editorProps(await page(`/fr/editor?skin=${publicSkin.shortId}`))).toEqual(expected)
    // A nameless skin is named by its short id and suggests no name.
    expect(editorProps(await page(`/editor?skin=${remixOfPublic.uuid}`))).toEqual({ source: { kind: 'skin', uuid: remixOfPublic.uuid, texture: remixOfPublic.texture.hash.skin, name: remixOfPublic.shortId, slim: remixOfPublic.variant === 'slim' } })
  })

  test('?skin= is resolved as the visitor: a private skin opens for its owner only, an unlisted one by its uuid or for its owner', async () => {
    expect(editorProps(await page(`/editor?skin=${secret.uuid}`, owner))).toMatchObject({ source: { kind: 'skin', uuid: secret.uuid } })
    expect(editorProps(await page(`/editor?skin=${unlisted.uuid}`, stranger))).toMatchObject({ source: { kind: 'skin', uuid: unlisted.uuid } })
    expect(editorProps(await page(`/editor?skin=${unlisted.shortId}`, owner))).toMatchObject({ source: { kind: 'skin', uuid: unlisted.uuid } })
    for (const [path, lang] of [
      [`/editor?skin=${secret.uuid}`, 'en'],
      [`/editor?skin=${unlisted.shortId}`, 'en'],
      [`/editor?skin=${'f'.repeat(32)}`, 'en'],
      ['/editor?skin=..%2Fetc', 'en'],
      [`/ru/editor?skin=${secret.uuid}`, 'ru'],
    ] as const) {
      const html = await page(path, stranger)
      // The notice says the editor opened a blank skin: the island starts one instead of the last draft.
      expect(editorProps(html), path).toEqual({ blank: true })
      expect(html, path).toContain(lang === 'en' ? 'role="alert">That skin does not exist or you may not see it' : 'role="alert">Такого скина нет или он вам недоступен')
      // Nothing of the refused skin reaches the page.
      expect(html).not.toContain(secret.texture.hash.skin)
      expect(html).not.toContain('Secret Knight')
    }
  })

  test('?player= and ?url= are handed to the island when they have the right shape, else a notice', async () => {
    expect(editorProps(await page('/editor?player=Notch'))).toEqual({ source: { kind: 'player', name: 'Notch' } })
    const uuid = '069a79f4-44e9-4726-a5be-fca90e38aaf5'
    expect(editorProps(await page(`/de/editor?player=${uuid}`))).toEqual({ source: { kind: 'player', name: uuid } })
    const url = 'https://example.com/skins/knight.png'
    expect(editorProps(await page(`/de/editor?url=${encodeURIComponent(url)}`))).toEqual({ source: { kind: 'url', url } })
    const badPlayer = await page('/editor?player=not%20a%20name!')
    expect(editorProps(badPlayer)).toEqual({ blank: true })
    expect(badPlayer).toContain('role="alert">That is not a Minecraft player name or uuid')
    for (const bad of ['javascript:alert(1)', `https://example.com/${'x'.repeat(256)}.png`]) {
      const html = await page(`/de/editor?url=${encodeURIComponent(bad)}`)
      expect(editorProps(html)).toEqual({ blank: true })
      expect(html).toContain('role="alert">Nur Bildlinks mit http:// oder https://')
      expect(html).not.toContain('javascript:alert')
    }
  })

  test('the sign form is told the `web.visibility.private` flag, as the generate form is: off on a site that turns it off', async () => {
    const off = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true }, flags: async () => ({ ...DEFAULT_FLAGS, 'web.visibility.private': false }) })
    for (const path of ['/editor', `/de/editor?skin=${publicSkin.uuid}`]) {
      const response = await off.request(path, { headers: { cookie: owner } })
      expect(response.status).toBe(200)
      expect(islandPropsIn(await response.text(), 'skin-editor'), path).toMatchObject({ privateFlag: false })
    }
    expect(islandPropsIn(await page('/editor', owner), 'skin-editor')).toMatchObject({ privateFlag: true })
  })
})

describe('the skin page links to the editor and to the skin a remix came from', () => {
  test('"Edit a copy" is a plain link on every skin page, for every visitor, in the page language', async () => {
    expect(await page(`/skins/${publicSkin.uuid}`, stranger)).toContain(`href="/editor?skin=${publicSkin.uuid}"`)
    expect(await page(`/de/skins/${secret.uuid}`, owner)).toMatch(new RegExp(`<a class="button button--outlined" href="/de/editor\\?skin=${secret.uuid}">.*Kopie bearbeiten</a>`))
  })

  test('"Remixed from" links to a public original for everyone', async () => {
    const html = await page(`/skins/${remixOfPublic.uuid}`)
    expect(html).toContain(`<p class="skin-page__remix">Remixed from <a href="/skins/${publicSkin.uuid}">Quote Knight</a></p>`)
    // The word order follows the language.
    expect(await page(`/hi/skins/${remixOfPublic.uuid}`)).toContain(`<p class="skin-page__remix"><a href="/hi/skins/${publicSkin.uuid}">Quote Knight</a> का रीमिक्स</p>`)
    expect(await page(`/skins/${publicSkin.uuid}`)).not.toContain('skin-page__remix')
    // A nameless original is called by the made-up name its own page shows.
    const remixOfNameless = await make(stranger, 9206, { remixOf: remixOfPublic.uuid })
    const made = /<h1 id="skin-name"[^>]*>([^<]+)</.exec(await page(`/skins/${remixOfPublic.uuid}`))![1]!
    expect(await page(`/skins/${remixOfNameless.uuid}`)).toContain(`Remixed from <a href="/skins/${remixOfPublic.uuid}">${made}</a>`)
  })

  test('an unlisted original is named only to its owner: the remix page shows strangers nothing of it', async () => {
    const forOwner = await page(`/skins/${remixOfUnlisted.uuid}`, owner)
    expect(forOwner).toContain(`<p class="skin-page__remix">Remixed from <a href="/skins/${unlisted.uuid}">Hidden Knight</a></p>`)
    for (const cookie of [stranger, '']) {
      const html = await page(`/skins/${remixOfUnlisted.uuid}`, cookie)
      expect(html).not.toContain('skin-page__remix')
      expect(html).not.toContain(unlisted.uuid)
      expect(html).not.toContain('Hidden Knight')
    }
  })
})
