/**
 * Moderation in real Chromium against the real Bun server: a visitor
 * generates a skin with the form; three other visitors report it from its page → the admin (by
 * ADMIN_EMAILS, signed up through the mailed link) opens the report queue and sees one skin with
 * three reports → hides it → the skin is gone from /skins, from search and from the API lists, and
 * still shows to its owner → the audit log shows the action → undo brings it back. The texture is
 * then banned: the owner's form and the API both refuse it with a clear 4xx. A locked user's API key
 * gets 403. Pages are shot at 1280 and 390 px, in English and German: /tmp/shots/moderation-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { accountForm, browserCookies, cookiesOf, signUpOverHttp } from '../support/account-flows'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'
import { closeQuietly, trackedPage, trackRequests } from '../support/quiet-close'
import { paintedSkinPng, writeSkinFiles } from '../support/skin-files'

const SHOTS = '/tmp/shots'
const ADMIN = 'admin@walk.test'
const OWNER = 'owner@walk.test'
const PASSWORD = 'correct horse battery staple 42'
const SEED = 5501

let sink: MailSink
let server: RunningServer
let browser: Browser
let owner: BrowserContext
let ownerPage: Page
let admin: BrowserContext
let uuid: string
let skinName: string

/** A browser context signed in with the session cookies of `res` (the answer of the mailed link). */
async function signedInContext(res: Response, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport })
  await context.addCookies(browserCookies(cookiesOf(res), server.origin))
  return context
}

/** The public gallery's uuids, from the API. */
const listed = async (query = '') => ((await (await fetch(`${server.origin}/api/v2/skins?size=100${query}`)).json()) as { skins: { uuid: string }[] }).skins.map((s) => s.uuid)

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  sink = await startMailSink()
  // Real proofs, solved in the pages, with less work than production asks for so the walk-through stays quick.
  // TRUST_PROXY: each visitor below comes from its own address (X-Forwarded-For), as three people
  // would; a skin's report count is its distinct reporters, and one address is one reporter.
  server = await startBunServer({ DEMO_SKINS: '0', SMTP_URL: sink.url, ADMIN_EMAILS: ADMIN, ALTCHA_MIN_COUNTER: '500', ALTCHA_MAX_COUNTER: '3000', TRUST_PROXY: 'true' })
  browser = await launchChromium()
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ownerPage = await owner.newPage()
  admin = await signedInContext(await signUpOverHttp(server.origin, sink, { email: ADMIN, password: PASSWORD }))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await sink?.close()
})

describe('moderation walk-through', () => {
  test('a visitor generates a skin with the form; three visitors report it from its page', async () => {
    await ownerPage.goto(`${server.origin}/`)
    await hydrated(ownerPage)
    const [file] = writeSkinFiles(['walk-skin.png'], SEED)
    await ownerPage.locator('input[type=file]').setInputFiles([file!])
    await ownerPage.getByRole('button', { name: 'Generate', exact: true }).click()
    const view = ownerPage.locator('.snackbar--success .snackbar__action').first()
    await view.waitFor({ timeout: 20_000 })
    const href = (await view.getAttribute('href'))!
    uuid = /([0-9a-f]{32})$/.exec(href)![1]!
    skinName = ((await (await fetch(`${server.origin}/api/v2/skins/${uuid}`)).json()) as { skin: { name: string | null } }).skin.name ?? ''
    expect(await listed()).toContain(uuid)

    for (const n of [1, 2, 3]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${n}` } })
      const page = await trackedPage(context)
      await page.goto(`${server.origin}/skins/${uuid}`)
      await hydrated(page)
      await page.getByRole('button', { name: 'Report' }).click()
      const dialog = page.getByRole('dialog', { name: 'Report this skin' })
      if (n === 2) await dialog.getByRole('radio').nth(1).check()
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await dialog.getByText('Thank you — the skin was reported.').waitFor()
      await closeQuietly(context, page)
    }
  })

  test('the queue shows one skin with three reports; hide takes it out of /skins, search and the API lists, not from its owner', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.origin}/admin`)
    // /admin on the app leads into the console on the account site.
    expect(page.url()).toContain('/accounts/admin')
    await page.getByRole('link', { name: 'Reports' }).click()
    const items = page.locator('[data-testid="report-item"]')
    await expect(items.count()).resolves.toBe(1)
    await expect(items.first().getAttribute('data-skin')).resolves.toBe(uuid)
    expect(await items.first().innerText()).toMatch(/\b3\b/)
    await page.screenshot({ path: `${SHOTS}/moderation-queue-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${SHOTS}/moderation-queue-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    await items.first().getByRole('textbox').first().fill('Walk-through: not for the gallery')
    await items.first().getByRole('button', { name: 'Hide', exact: true }).click()
    await page.getByRole('status').first().waitFor()
    await expect(page.locator('[data-testid="report-item"]').count()).resolves.toBe(0)

    expect(await listed()).not.toContain(uuid)
    if (skinName) expect(await listed(`&search=${encodeURIComponent(skinName)}`)).not.toContain(uuid)
    const gallery = trackRequests(await browser.newPage())
    await gallery.goto(`${server.origin}/skins`)
    expect(await gallery.content()).not.toContain(uuid)
    await closeQuietly(gallery, gallery)

    // Its owner (the browser that generated it) still opens its page.
    const own = await ownerPage.goto(`${server.origin}/skins/${uuid}`)
    expect(own!.status()).toBe(200)

    await page.getByRole('link', { name: 'Audit log' }).click()
    const entry = page.locator('[data-testid="audit-entry"]').first()
    expect(await entry.innerText()).toContain('Walk-through: not for the gallery')
    await page.screenshot({ path: `${SHOTS}/moderation-audit-1280.png`, fullPage: true })
    await entry.getByRole('button', { name: 'Undo' }).click()
    await page.getByRole('status').first().waitFor()
    expect(await listed()).toContain(uuid)
    await page.close()
  })

  test('a banned texture cannot be generated again: a clear refusal in the form and a 403 from the API', async () => {
    const page = await admin.newPage()
    // Ban from the queue: report once more so the skin is queued, then "Ban texture".
    const reporter = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.4' } })
    const rp = await trackedPage(reporter)
    await rp.goto(`${server.origin}/skins/${uuid}`)
    await hydrated(rp)
    await rp.getByRole('button', { name: 'Report' }).click()
    await rp.getByRole('dialog', { name: 'Report this skin' }).getByRole('button', { name: 'Send report' }).click()
    await rp.getByRole('dialog', { name: 'Report this skin' }).getByText(/Thank you/).waitFor()
    await closeQuietly(reporter, rp)
    await page.goto(`${server.origin}/accounts/admin/reports`)
    await page.locator(`[data-skin="${uuid}"]`).getByRole('button', { name: 'Ban texture' }).click()
    await page.getByRole('status').first().waitFor()

    await ownerPage.goto(`${server.origin}/`)
    await hydrated(ownerPage)
    const [file] = writeSkinFiles(['walk-again.png'], SEED)
    await ownerPage.locator('input[type=file]').setInputFiles([file!])
    await ownerPage.getByRole('button', { name: 'Generate', exact: true }).click()
    await ownerPage.getByText('A moderator banned this image; it cannot be generated here.').first().waitFor({ timeout: 20_000 })
    await ownerPage.screenshot({ path: `${SHOTS}/moderation-banned-form-1280.png` })

    const body = new FormData()
    body.append('file', new Blob([paintedSkinPng(SEED)], { type: 'image/png' }), 'again.png')
    const api = await fetch(`${server.origin}/api/v2/generate`, { method: 'POST', body, headers: { 'user-agent': 'WalkThrough/1.0' } })
    expect(api.status).toBe(403)
    expect(((await api.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('texture_banned')
    await page.close()
  })

  test("a locked user's API key gets 403; the users page and status page at 390 px, in German", async () => {
    const signedUp = await signUpOverHttp(server.origin, sink, { email: OWNER, password: PASSWORD })
    const cookie = cookiesOf(signedUp)
    const created = await fetch(`${server.origin}/accounts/keys`, accountForm(server.origin, { name: 'walk key' }, { cookie }))
    const key = /ssg_[0-9a-f]{64}/.exec(await created.text())?.[0]
    expect(key).toBeDefined()
    const me = () => fetch(`${server.origin}/api/v2/me`, { headers: { authorization: `Bearer ${key}` } })
    expect((await me()).status).toBe(200)

    const page = await admin.newPage()
    await page.goto(`${server.origin}/accounts/admin/users?lang=en`)
    await page.getByRole('searchbox').fill(OWNER)
    await page.getByRole('searchbox').press('Enter')
    await page.getByRole('link', { name: OWNER }).click()
    await page.locator('[data-testid="user-key"]').first().waitFor()
    await page.screenshot({ path: `${SHOTS}/moderation-user-1280.png`, fullPage: true })
    const lockForm = page.locator(`form[action*="/lock"]`)
    await lockForm.getByRole('textbox').fill('walk-through')
    await lockForm.getByRole('button').click()
    await page.locator('[data-testid="locked"]').waitFor()
    const refused = await me()
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('account_locked')

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${page.url().split('?')[0]}?lang=de`)
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de')
    await page.screenshot({ path: `${SHOTS}/moderation-user-de-390.png`, fullPage: true })
    await page.goto(`${server.origin}/accounts/admin?lang=de`)
    await page.locator('svg.jobs-chart').waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${SHOTS}/moderation-status-de-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${server.origin}/accounts/admin?lang=en`)
    await page.screenshot({ path: `${SHOTS}/moderation-status-1280.png`, fullPage: true })
    await page.close()
  })
})
