/**
 * Batch generation from the site in real Chromium against the real Bun server: a
 * signed-in caller with the grant `batch_generation` sees the batch hint, pastes four image links at
 * once (one per line, one field each), and the form sends them as one `POST /api/v2/queue/batch`;
 * the three good links become jobs that complete in the list and the drawer, the bad one stays in
 * the form with the server's error. Without the grant the hint is absent and a multi-line paste
 * stays a plain paste. A screenshot lands in test-results/.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { testSessionToken } from '../../src/api/testing/test-session'
import { WEB_COOKIE } from '../../src/shared/auth/web-cookie'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { paintedSkinPng } from '../support/skin-files'

let server: RunningServer
let browser: Browser
let images: ReturnType<typeof Bun.serve>
const SKINS: Record<string, number> = { '/skins/creeper.png': 801, '/skins/golem.png': 802, '/skins/witch.png': 803 }

beforeAll(async () => {
  // An image host for the links; the API may reach it although it is on loopback (test-only allowlist).
  images = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) => {
      const seed = SKINS[new URL(request.url).pathname]
      return seed ? new Response(paintedSkinPng(seed), { headers: { 'Content-Type': 'image/png' } }) : new Response('no', { status: 404 })
    },
  })
  ;[server, browser] = await Promise.all([startBunServer({ DEMO_SKINS: '0', FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}` }), launchChromium()])
  mkdirSync('test-results', { recursive: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  images?.stop(true)
})

/** A browser on the home page, signed in with `grants` (or anonymous), hydrated. */
async function open(grants: Record<string, unknown> | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  if (grants) {
    const jwt = await testSessionToken(server.dataDir, { sub: 'cd'.repeat(16), grants })
    await context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: server.origin }, { name: WEB_COOKIE, value: jwt, url: server.origin }])
  }
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => m.text().includes('[island]') && problems.push(m.text()))
  await page.goto(server.origin + '/')
  await hydrated(page)
  return { context, page, problems }
}

/** Pastes `text` into the field labelled `label`, as the clipboard would. */
const paste = (page: Page, label: string, text: string) =>
  page.getByLabel(label).evaluate((input, value) => {
    const data = new DataTransfer()
    data.setData('text/plain', value)
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)

describe('batch generation from the site', () => {
  test('with the grant: four pasted links go as one batch; three jobs complete, the bad link keeps its error', async () => {
    const { context, page, problems } = await open({ batch_generation: true })
    const hint = page.locator('.generate__batch-hint').first()
    await hint.waitFor()
    expect(await hint.textContent()).toContain('up to 24 lines')
    const base = `http://127.0.0.1:${images.port}/skins`
    const bad = `${base}/missing.png`
    await paste(page, 'Image URL 1', [`${base}/creeper.png`, bad, `${base}/golem.png`, `${base}/witch.png`].join('\n'))
    await expect(page.getByLabel('Image URL 4').inputValue()).resolves.toBe(`${base}/witch.png`)
    const calls: string[] = []
    page.on('request', (r) => r.method() === 'POST' && calls.push(new URL(r.url()).pathname))
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/queue/batch'))
    await page.getByRole('button', { name: 'Generate 4' }).click()
    expect((await answered).status()).toBe(202)
    for (const name of ['creeper', 'golem', 'witch']) {
      await page.locator('.generate__jobs .job-item--completed', { hasText: new RegExp(`^${name} \\([0-9a-f]{8}\\)`) }).waitFor({ timeout: 20_000 })
    }
    expect(calls).toEqual(['/api/v2/queue/batch'])
    await expect(page.locator('.generate__jobs .job-item').count()).resolves.toBe(3)
    // Only the refused link stays in the form, with the server's message beside it.
    await expect(page.getByLabel('Image URL 1').inputValue()).resolves.toBe(bad)
    await expect(page.getByLabel('Image URL 2').count()).resolves.toBe(0)
    await expect(page.locator('.list-fields .field-hint--error').count()).resolves.toBe(1)
    // Each job is in the drawer like a single job.
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.locator('#app-drawer .job-item--completed').nth(2).waitFor()
    await page.screenshot({ path: 'test-results/generate-batch-1280.png', fullPage: true })
    expect(problems).toEqual([])
    await context.close()
  })

  test('without the grant: no hint, and a multi-line paste stays a plain paste into one field', async () => {
    for (const grants of [null, { private_skins: true }]) {
      const { context, page } = await open(grants)
      // Signed in: wait for the auth check, which would show the hint if the grant were there.
      if (grants) await page.locator('select[name=visibility] option[value=private]').waitFor({ state: 'attached' })
      await expect(page.locator('.generate__batch-hint').count()).resolves.toBe(0)
      await paste(page, 'Image URL 1', 'http://a.test/1.png\nhttp://a.test/2.png')
      await expect(page.getByLabel('Image URL 2').count()).resolves.toBe(0)
      await context.close()
    }
  })
})
