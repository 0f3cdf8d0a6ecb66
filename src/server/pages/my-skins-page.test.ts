/**
 * My Skins, Capes and the privacy page render on the server in two languages:
 * the My Skins shell with its island and no-JavaScript note; the capes this instance can apply (only
 * `supported` ones, an empty state without); the privacy page naming the cookies the code really sets.
 */
import { describe, expect, test } from 'bun:test'
import { CLIENT_COOKIE, SESSION_COOKIE } from '../../api/users/identity'
import { DEFAULT_SITE_LINKS } from '../../shared/site-links'
import { LOCALE_COOKIE } from '../../shared/locales'
import type { Backend } from '../app-options'
import { createTestApp } from '../../../test/support/web-app'
import { islandPropsIn } from '../../../test/support/island-props'
import { PRIVACY_CLIENT_COOKIE, PRIVACY_SESSION_COOKIE } from './privacy-page'

const capesBackend = (capes: { uuid: string; alias: string; supported: boolean }[]): Backend => ({
  fetch: async (request) =>
    new URL(request.url).pathname === '/v2/capes'
      ? Response.json({ success: true, capes: capes.map((c) => ({ ...c, hash: 'ab'.repeat(32), url: `https://textures.minecraft.net/texture/${'ab'.repeat(32)}` })) })
      : Response.json({ success: false, errors: [{ code: 'not_found', message: 'not found' }] }, { status: 404 }),
})

describe('/my-skins', () => {
  const app = createTestApp()
  test('the shell: title, lead, export link, no-JavaScript note and the island', async () => {
    const res = await app.request('/my-skins')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>My Skins - Skin Signature Generator</title>')
    expect(html).toContain('<h1>My Skins</h1>')
    expect(html).toContain('href="/export?source=mine"')
    expect(html).toMatch(/<noscript><p class="notice">This list is kept in your browser/)
    expect(html).toContain('data-island="my-skins"')
    expect(html).toContain('"signInUrl":"/account?redirect=http%3A%2F%2Fskins.test%2Fmy-skins"')
    // Each card's "Wear this skin" posts to the account site ("Wear it"), in the page's words.
    expect(islandPropsIn(html, 'my-skins')).toEqual({ signInUrl: '/account?redirect=http%3A%2F%2Fskins.test%2Fmy-skins', accountUrl: '/account' })
    expect(html).toContain('"wear":{"button":"Wear this skin"')
    // Only this page's strings go to the browser (DESIGN.md §4 HTML budget).
    expect(html).toContain('"mySkins":{')
    expect(html).not.toContain('"privacy":{')
  })
  test('in Polish', async () => {
    const html = await (await app.request('/pl/my-skins')).text()
    expect(html).toContain('<h1>Moje skiny</h1>')
    expect(html).toContain('href="/pl/export?source=mine"')
  })
})

describe('/cape-ad', () => {
  test('lists only the capes this instance can apply, and who may use them', async () => {
    const app = createTestApp({ api: capesBackend([{ uuid: 'c1', alias: 'Migrator', supported: true }, { uuid: 'c2', alias: 'Vanilla', supported: false }]) })
    const res = await app.request('/cape-ad')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Capes - Skin Signature Generator</title>')
    expect(html).toContain('>Migrator</span>')
    expect(html).not.toContain('Vanilla')
    expect(html).toContain(`src="/textures/${'ab'.repeat(32)}"`)
    expect(html).toContain('Signed-in accounts with the capes permission')
    expect(html).toMatch(/<a class="button button--primary" href="\/">Go to Generate<\/a>/)
  })
  test('an empty state in German when none is supported', async () => {
    const app = createTestApp({ api: capesBackend([{ uuid: 'c2', alias: 'Vanilla', supported: false }]) })
    const html = await (await app.request('/de/cape-ad')).text()
    expect(html).toContain('<h1>Umhänge</h1>')
    expect(html).toContain('Diese Seite kann derzeit keine Skins mit Umhang signieren.')
    expect(html).toContain('href="/de"')
  })
  test('the API being down is a 503 page', async () => {
    expect((await createTestApp().request('/cape-ad')).status).toBe(503)
  })
})

describe('/privacy', () => {
  test('names the cookies the code sets, local storage, IP use, uploads and deleting', async () => {
    expect(PRIVACY_CLIENT_COOKIE).toBe(CLIENT_COOKIE)
    expect(PRIVACY_SESSION_COOKIE).toBe(SESSION_COOKIE)
    const res = await createTestApp().request('/privacy')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Privacy - Skin Signature Generator</title>')
    for (const name of [LOCALE_COOKIE, 'theme', CLIENT_COOKIE, SESSION_COOKIE, 'ssg:queue:…', 'ssg:generate-form', 'ssg:my-skins']) expect(html).toContain(`<code>${name}</code>`)
    expect(html).toContain('id="cookies"')
    expect(html).toContain('365 days')
    expect(html).toContain('2 days')
    expect(html).toContain('Your IP address is used to enforce the rate limits.')
    expect(html).toContain('unless you choose unlisted')
    expect(html).toContain('You can delete a skin you generated from its page')
    expect(html).not.toContain('Contact the operator')
  })
  test('in Russian, with the configured imprint as contact', async () => {
    const app = createTestApp({ siteLinks: { ...DEFAULT_SITE_LINKS, imprint: 'https://example.org/imprint' } })
    const html = await (await app.request('/ru/privacy')).text()
    expect(html).toContain('<h1>Конфиденциальность</h1>')
    expect(html).toContain('365 дн.')
    expect(html).toContain('<a href="https://example.org/imprint">Связаться с владельцем сайта</a>')
  })
})

