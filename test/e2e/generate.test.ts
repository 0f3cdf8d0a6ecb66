/**
 * The generate flow in real Chromium against the real Bun server: three PNGs
 * at once become three jobs whose progress bars complete, with snackbars and a 'View' link to the
 * skin page; the jobs survive a reload and show in a second tab; a bad file is named before upload,
 * a file the server refuses shows the server's message; a URL job and a player job (against the local
 * Mojang stand-in) complete; the form without JavaScript ends on the skin page. Screenshots of the
 * form and the drawer at 1280 px in English and 390 px in German land in test-results/.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { testSessionToken } from '../../src/api/testing/test-session'
import { WEB_COOKIE } from '../../src/shared/auth/web-cookie'
import { hydrated, launchChromium, settled } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMojangStandIn, type MojangStandIn } from '../support/mojang-stand-in'
import { paintedSkinPng, writeSkinFiles } from '../support/skin-files'

let server: RunningServer
let browser: Browser
let mojang: MojangStandIn
let images: ReturnType<typeof Bun.serve>

const SHOTS = 'test-results'
const FIXTURES = join(import.meta.dir, '../../src/api/image/fixtures/hash-vectors')

beforeAll(async () => {
  mojang = await startMojangStandIn()
  await mojang.addPlayer('Notch', paintedSkinPng(700))
  // An image host for URL jobs; the API may reach it although it is on loopback (test-only allowlist).
  images = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => (new URL(request.url).pathname === '/skins/zombie.png' ? new Response(paintedSkinPng(701), { headers: { 'Content-Type': 'image/png' } }) : new Response('no', { status: 404 })) })
  server = await startBunServer({
    DEMO_SKINS: '4',
    MOJANG_API_BASE: mojang.apiBase,
    MOJANG_SESSION_BASE: mojang.sessionBase,
    MOJANG_SERVICES_BASE: mojang.servicesBase,
    MOJANG_TEXTURES_BASE: mojang.texturesBase,
    FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}`,
    // Every test here generates from 127.0.0.1: one anonymous bucket, so room for all of them.
    LIMIT_ANONYMOUS_PER_MINUTE: '500',
    LIMIT_ANONYMOUS_PER_HOUR: '5000',
  })
  browser = await launchChromium()
  mkdirSync(SHOTS, { recursive: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  images?.stop(true)
  await mojang?.stop()
})

/** A fresh browser profile (own localStorage and cookies) with a page on `path`, hydrated. */
async function fresh(path = '/', options: { width?: number; locale?: string } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, locale: options.locale ?? 'en-US' })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => m.text().includes('[island]') && problems.push(m.text()))
  await page.goto(server.origin + path)
  await hydrated(page)
  await recordSnackbars(page)
  return { context, page, problems }
}

/** Records the text of every snackbar shown from now on (they close by themselves after 1.4–2 s). */
async function recordSnackbars(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { snackbars: string[] }).snackbars = [])
    const host = document.querySelector('.snackbar-host')!
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('snackbar')) seen.push(`${node.className}|${node.textContent}`)
    }).observe(host, { childList: true })
  })
}
const snackbars = (page: Page) => page.evaluate(() => (window as unknown as { snackbars: string[] }).snackbars)

const completedRows = (page: Page, scope: string) => page.locator(`${scope} .job-item--completed`)

describe('generating from the site', () => {
  test('three PNGs at once: three jobs complete with snackbars, View opens the skin, jobs survive a reload and show in another tab', async () => {
    const { context, page, problems } = await fresh()
    const other = await context.newPage()
    await other.goto(`${server.origin}/skins`)
    await hydrated(other)

    const files = writeSkinFiles(['steve.png', 'alex-skin.png', 'knight.v2.png'], 100)
    await page.locator('input[type=file]').setInputFiles(files)
    await expect(page.locator('.file-preview').count()).resolves.toBe(3)
    await page.getByRole('button', { name: 'Generate 3' }).waitFor()
    // Upload mode folds the other two ways away.
    await expect(page.locator('.generate-mode:visible').count()).resolves.toBe(1)

    // The form's submits carry the short `wait` (docs/api.md): `/api/v2/queue?wait=…`.
    const queued = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/queue' && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Generate 3' }).click()
    await queued
    // The first 'completed' snackbar: focus on its View holds it open (its timer pauses) until it is followed.
    const view = page.locator('.snackbar--success .snackbar__action').first()
    await view.focus({ timeout: 20_000 })
    await completedRows(page, '.generate__jobs').nth(2).waitFor({ timeout: 20_000 })
    const names = await page.locator('.generate__jobs .job-item__name').allTextContents()
    expect(names.map((n) => n.replace(/ \([0-9a-f]{8}\)$/, '')).sort()).toEqual(['alex-skin', 'knight', 'steve'])
    for (const name of names) expect(name).toMatch(/\([0-9a-f]{8}\)$/)
    // SPEC §4: 100 when completed.
    await expect(page.locator('.generate__jobs progress').evaluateAll((bars) => bars.map((b) => (b as HTMLProgressElement).value))).resolves.toEqual([100, 100, 100])
    // Queued files leave the form; the three ways are back.
    await expect(page.locator('.file-preview').count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Generate', exact: true }).waitFor()

    // Snackbars: 'Job {name} is completed', success, with a View action; follow the held one.
    await page.waitForFunction(() => (window as unknown as { snackbars: string[] }).snackbars.filter((s) => s.includes('snackbar--success')).length === 3)
    const shown = await snackbars(page)
    expect(shown.filter((s) => s.includes('snackbar--success') && / is completed/.test(s))).toHaveLength(3)
    // Still there although the others have closed: its timer stood still while it had focus.
    await page.waitForFunction(() => document.querySelectorAll('.snackbar').length === 1)
    const href = await view.getAttribute('href')
    expect(href).toMatch(/^\/skins\/[0-9a-f]{32}$/)
    await Promise.all([page.waitForURL(`**${href}`), page.keyboard.press('Enter')])
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1)

    // The skins joined this browser's own skins; the jobs are still there after a reload.
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('ssg:my-skins') ?? '[]').length)).resolves.toBe(3)
    await page.reload()
    await hydrated(page)
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await completedRows(page, '#app-drawer').nth(2).waitFor()
    await expect(page.locator('#app-drawer .badge-dot--success, .badge-dot--success').count()).resolves.toBeGreaterThan(0)

    // The other tab followed through the shared, persisted store.
    await other.getByRole('button', { name: 'Show Jobs' }).click()
    await completedRows(other, '#app-drawer').nth(2).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  test('a bad file is named before anything is uploaded (in the visitor’s language)', async () => {
    const { context, page } = await fresh('/de', { locale: 'de-DE' })
    const dir = mkdtempSync(join(tmpdir(), 'ssg-bad-'))
    writeFileSync(join(dir, 'notes.png'), 'this is text, not an image')
    const uploads: string[] = []
    page.on('request', (r) => r.url().includes('/api/v2/queue') && uploads.push(r.url()))
    await page.locator('input[type=file]').setInputFiles([join(dir, 'notes.png'), join(FIXTURES, 'invalid_big.png'), join(FIXTURES, 'invalid_small.png')])
    const problems = page.locator('.file-preview__problem')
    await problems.nth(2).waitFor()
    const texts = await problems.allTextContents()
    const de = JSON.parse(readFileSync(join(import.meta.dir, '../../locales/de.json'), 'utf8')).generate
    expect(texts[0]).toBe(de.fileNotPng)
    expect(texts[1]).toBe(de.fileTooLarge.replace('{{size}}', '44281').replace('{{max}}', '20000'))
    expect(texts[2]).toBe(de.fileBadSize.replace('{{width}}', '10').replace('{{height}}', '10'))
    await page.locator('.generate button[type=submit]').click()
    await page.getByText(de.nothingToSend).waitFor()
    expect(uploads).toEqual([])
    await context.close()
  })

  test('a file the server refuses shows the server’s message beside it', async () => {
    const { context, page } = await fresh()
    const dir = mkdtempSync(join(tmpdir(), 'ssg-broken-'))
    // A real 64×64 PNG head, so the browser check passes, with the image data cut off.
    writeFileSync(join(dir, 'broken.png'), paintedSkinPng(702).slice(0, 80))
    await page.locator('input[type=file]').setInputFiles(join(dir, 'broken.png'))
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    const problem = page.locator('.file-preview__problem')
    await problem.waitFor()
    expect((await problem.textContent())!.length).toBeGreaterThan(5)
    await expect(page.locator('.generate__jobs').count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Generate', exact: true }).waitFor()
    await context.close()
  })

  test('a URL job and a player job complete; invalid players are marked and skipped', async () => {
    const { context, page } = await fresh()
    await page.getByLabel('Image URL 1').fill(`http://127.0.0.1:${images.port}/skins/zombie.png`)
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await page.locator('.generate__jobs .job-item--completed', { hasText: /^zombie \([0-9a-f]{8}\)/ }).waitFor({ timeout: 20_000 })

    await page.getByLabel('Player name or UUID 1').fill('Notch')
    await page.getByText('Found Notch').waitFor()
    await page.getByRole('button', { name: 'Add another player' }).click()
    await page.getByLabel('Player name or UUID 2').fill('NobodyHere')
    await page.getByRole('button', { name: 'Add another player' }).click()
    await page.getByLabel('Player name or UUID 3').fill('no way!')
    await page.getByText('Not a player name (1–16 letters, digits, _) or UUID; skipped').waitFor()
    await page.getByText('No player with this name or UUID; skipped').waitFor()
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await page.locator('.generate__jobs .job-item--completed', { hasText: /^Notch \([0-9a-f]{8}\)/ }).waitFor({ timeout: 20_000 })
    // Only the valid player was sent; the invalid ones stay in the form with their reasons.
    await expect(page.locator('.generate__jobs .job-item').count()).resolves.toBe(2)
    await expect(page.getByLabel('Player name or UUID 1').inputValue()).resolves.toBe('NobodyHere')
    await context.close()
  })

  test('signed in: private and cape choices appear (never for players), and another device lists the jobs from the server', async () => {
    const anonymous = await fresh()
    await expect(anonymous.page.locator('select[name=visibility] option[value=private]').count()).resolves.toBe(0)
    await expect(anonymous.page.locator('select[name=cape]').count()).resolves.toBe(0)
    await anonymous.context.close()

    const jwt = await testSessionToken(server.dataDir, { sub: 'ef'.repeat(16) })
    const signedIn = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: server.origin }, { name: WEB_COOKIE, value: jwt, url: server.origin }])
      // This instance has no cape textures; stand in for one that has, to see the choice and what is sent.
      await context.route('**/api/v2/capes', (route) =>
        route.fulfill({ json: { success: true, capes: [{ uuid: '5af20372-79e0-4e1f-80f8-6bd8e3135995', alias: 'Migrator', hash: 'a'.repeat(64), url: 'http://x/a', supported: true }, { uuid: '7412868d-7be3-429f-b629-ed5074d2455c', alias: 'Vanilla', hash: 'b'.repeat(64), url: 'http://x/b', supported: false }] } }),
      )
      const page = await context.newPage()
      await page.goto(server.origin + '/')
      await hydrated(page)
      return { context, page }
    }
    const { context, page } = await signedIn()
    await page.locator('select[name=visibility] option[value=private]').waitFor({ state: 'attached' })
    const cape = page.locator('select[name=cape]')
    await cape.waitFor()
    // Only the capes this instance supports are offered.
    await expect(cape.locator('option').allTextContents()).resolves.toEqual(['No cape', 'Migrator'])
    await cape.selectOption({ label: 'Migrator' })
    await page.locator('select[name=visibility]').selectOption('unlisted')

    await page.getByLabel('Player name or UUID 1').fill('Notch')
    await expect(page.locator('select[name=cape]').count()).resolves.toBe(0)
    await page.getByLabel('Player name or UUID 1').fill('')

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v2/queue' && r.method() === 'POST')
    await page.locator('input[type=file]').setInputFiles(writeSkinFiles(['caped.png'], 400))
    await page.locator('.generate button[type=submit]').click()
    const body = (await sent).postData() ?? ''
    expect(body).toContain('name="cape"\r\n\r\n5af20372-79e0-4e1f-80f8-6bd8e3135995')
    expect(body).toContain('name="visibility"\r\n\r\nunlisted')
    // This instance cannot sign with that cape: the API's refusal shows beside the file.
    await page.locator('.file-preview__problem').waitFor()

    await cape.selectOption('')
    await page.locator('.generate button[type=submit]').click()
    await completedRows(page, '.generate__jobs').first().waitFor({ timeout: 20_000 })
    await context.close()

    // Another device, same account: its empty local queue is filled from GET /v2/queue (SPEC §4).
    const other = await signedIn()
    await other.page.getByRole('button', { name: 'Show Jobs' }).click()
    await completedRows(other.page, '#app-drawer').first().waitFor()
    // Named by the job's originalName from the server (SPEC §3), as on the device that made it.
    await other.page.locator('#app-drawer .job-item__name', { hasText: /^caped \([0-9a-f]{8}\)$/ }).waitFor()
    await other.context.close()
  })

  test('without JavaScript one upload goes through the job page to the skin page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${server.origin}/`)
    const [file] = writeSkinFiles(['plain.png'], 200)
    await page.locator('input[name=file]').setInputFiles(file!)
    await page.locator('input[name=name]').fill('No Script')
    await page.locator('.generate button[type=submit]').click()
    await page.waitForURL(/\/skins\/[0-9a-f]{32}$/, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('No Script')
    await context.close()
  })

  test('screenshots: the form empty, with three previews, while generating, and the drawer with jobs', async () => {
    // Both widths and both languages in two walks, not four: German on the narrow screen.
    for (const [lang, prefix, width] of [['en', '', 1280], ['de', '/de', 390]] as const) {
      const { context, page } = await fresh(prefix || '/', { width, locale: lang })
      const shot = async (name: string, full = true) => {
        // A full-page shot of a scrolled page would paint the sticky app bar mid-page.
        if (full) await page.evaluate(() => window.scrollTo(0, 0))
        await page.screenshot({ path: `${SHOTS}/generate-${name}-${lang}-${width}.png`, fullPage: full })
      }
      await shot('empty')
      await page.locator('input[type=file]').setInputFiles(writeSkinFiles(['steve.png', 'alex.png', 'knight.png'], 300 + width + (lang === 'de' ? 7 : 0)))
      await page.locator('.file-preview').nth(2).waitFor()
      await shot('previews')
      await page.locator('.generate button[type=submit]').click()
      await page.locator('.generate__jobs .job-item').nth(2).waitFor()
      await shot('generating')
      await completedRows(page, '.generate__jobs').nth(2).waitFor({ timeout: 20_000 })
      await page.locator('.app-bar [aria-controls=app-drawer]').first().click()
      await completedRows(page, '#app-drawer').nth(2).waitFor()
      await page.waitForFunction(() => document.querySelectorAll('.snackbar').length === 0)
      // The drawer slides in (0.2 s); shoot once it stands still at the right edge.
      await page.waitForFunction((w) => Math.round(document.getElementById('app-drawer')!.getBoundingClientRect().right) === w, width)
      await settled(page)
      await shot('drawer', false)
      await context.close()
    }
  })
})
