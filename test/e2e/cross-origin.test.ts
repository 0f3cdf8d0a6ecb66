/**
 * Cross-origin rules in real Chromium (docs/operations.md "Cross-origin rules"): a hostile page on
 * another port of the same host (same site, so the visitor's SameSite=Lax cookies go along) cannot
 * read the signed-in
 * visitor's skins, cannot rename one (preflighted PATCH), and cannot plant a skin in their account
 * with a form POST or a no-cors fetch. The site's own pages still read and write with the same
 * cookies. The outcome is checked through the API server-side.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, BrowserContext } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { testSessionToken } from '../../src/api/testing/test-session'
import { launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { paintedSkinPng } from '../support/skin-files'

let server: RunningServer
let hostile: ReturnType<typeof Bun.serve>
let browser: Browser
let context: BrowserContext
let jwt: string
let skin: string
const USER = 'ab'.repeat(16)
const PNG = paintedSkinPng(4242)

/** The page a stranger serves on another loopback port: just a multipart form aimed at the app. */
const hostilePage = (app: string) => `<!doctype html><title>Free capes</title>
<form id="plant" method="post" enctype="multipart/form-data" action="${app}/api/v2/queue">
  <input type="file" name="file"><input name="name" value="Planted"><button>Go</button>
</form>`

/** The visitor's skins as the API sees them (server-side: no Origin). */
async function mySkins(): Promise<{ uuid: string; name?: string }[]> {
  const res = await fetch(`${server.origin}/api/v2/me/skins`, { headers: { cookie: `${SESSION_COOKIE}=${jwt}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { skins: { uuid: string; name?: string }[] }).skins
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startBunServer(), launchChromium()])
  hostile = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(hostilePage(server.origin), { headers: { 'content-type': 'text/html' } }) })
  jwt = await testSessionToken(server.dataDir, { sub: USER })
  const body = new FormData()
  body.append('file', new Blob([PNG], { type: 'image/png' }), 'mine.png')
  body.append('name', 'Visitor Skin')
  const res = await fetch(`${server.origin}/api/v2/generate`, { method: 'POST', body, headers: { cookie: `${SESSION_COOKIE}=${jwt}` } })
  expect(res.status).toBe(200)
  skin = ((await res.json()) as { skin: { uuid: string } }).skin.uuid
  context = await browser.newContext()
  await context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: server.origin, httpOnly: true, sameSite: 'Lax' }])
}, 60_000)

afterAll(async () => {
  await browser?.close()
  hostile?.stop(true)
  await server?.stop()
})

test('a page on another port cannot read or change the signed-in visitor’s skins', async () => {
  const page = await context.newPage()
  const app = server.origin
  await page.goto(`http://127.0.0.1:${hostile.port}/`)

  const outcome = await page.evaluate(
    async ({ app, skin, png }) => {
      const attempt = async (run: () => Promise<string>) => run().catch((e: Error) => `blocked: ${e.name}`)
      const read = await attempt(async () => (await fetch(`${app}/api/v2/me/skins`, { credentials: 'include' })).text())
      const rename = await attempt(async () => {
        const res = await fetch(`${app}/api/v2/skins/${skin}`, {
          method: 'PATCH',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Renamed by a stranger' }),
        })
        return `status ${res.status}`
      })
      // A simple request is sent without a preflight, cookies included; only the API's Origin check stops it.
      const body = new FormData()
      body.append('file', new Blob([Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0))], { type: 'image/png' }), 'x.png')
      body.append('name', 'Planted')
      const plant = await attempt(async () => {
        const res = await fetch(`${app}/api/v2/queue`, { method: 'POST', mode: 'no-cors', credentials: 'include', body })
        return `opaque ${res.type}`
      })
      return { read, rename, plant }
    },
    { app, skin, png: Buffer.from(PNG).toString('base64') },
  ).catch(() => null)
  expect(outcome).not.toBeNull()
  // The list answer carries no Access-Control-Allow-Origin, so the page never sees it.
  expect(outcome!.read).toBe('blocked: TypeError')
  // The PATCH preflight grants no credentials, so Chromium never sends the PATCH.
  expect(outcome!.rename).toBe('blocked: TypeError')
  expect(outcome!.plant).toBe('opaque opaque')

  // A plain form POST (top-level navigation, cookies sent) is refused by the Origin check.
  await page.setInputFiles('#plant input[type=file]', { name: 'skin.png', mimeType: 'image/png', buffer: Buffer.from(PNG) })
  const [answer] = await Promise.all([page.waitForResponse(`${app}/api/v2/queue`), page.click('#plant button')])
  expect(answer.status()).toBe(403)
  expect(await answer.json()).toMatchObject({ success: false, errors: [{ code: 'origin_not_allowed' }] })
  await page.close()

  const skins = await mySkins()
  expect(skins.map((s) => s.uuid)).toEqual([skin])
  expect(skins[0]!.name).toBe('Visitor Skin')
}, 20_000)

test('the site’s own pages still read and rename with the same cookies', async () => {
  const page = await context.newPage()
  await page.goto(`${server.origin}/privacy`)
  const outcome = await page.evaluate(async (skin) => {
    const list = (await (await fetch('/api/v2/me/skins')).json()) as { skins: { uuid: string }[] }
    const res = await fetch(`/api/v2/skins/${skin}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Renamed at home' }) })
    return { listed: list.skins.map((s) => s.uuid), status: res.status }
  }, skin)
  expect(outcome).toEqual({ listed: [skin], status: 200 })
  expect((await mySkins())[0]!.name).toBe('Renamed at home')
  await page.close()
}, 20_000)
