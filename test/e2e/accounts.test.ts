/**
 * The account journey in real Chromium against the real Bun server: an
 * anonymous page load makes no failing request; create an account on the embedded account site and
 * confirm it through the mailed link → the signed-in avatar shows in the app bar → create an API key there (secret read from the page) →
 * generate a private skin with it over HTTP → it shows in My Skins and not in the public gallery → a
 * notification appears in the bell and can be dismissed (gone after reload) → sign out → the private
 * skin is gone from view. Screenshots go to /tmp/shots/accounts-app-*.png.
 *
 * The account site's pages (src/accounts) are found by their accessible names (labels and buttons),
 * the way a visitor finds them. Skipped (with a message) while the server has no account site at
 * `/accounts` yet.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { hydrated, launchChromium, settled } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink } from '../support/mail-sink'
import { paintedSkinPng } from '../support/skin-files'

const ROOT = join(import.meta.dir, '../..')
const SHOTS = '/tmp/shots'
const EMAIL = 'journey@example.test'
const PASSWORD = 'correct horse battery staple 42'

let server: RunningServer
let browser: Browser

// The journey needs the embedded account site (src/accounts): probe the real server for it once.
const sink = await startMailSink()
server = await startBunServer({ DEMO_SKINS: '3', SMTP_URL: sink.url })
const probe = await fetch(`${server.origin}/accounts`, { redirect: 'manual' })
await probe.body?.cancel()
// Without the site the app's route rules answer instead (a 302 to `/skins/accounts`).
const hasAccountSite = probe.status === 200 || (probe.status >= 300 && probe.status < 400 && (probe.headers.get('location') ?? '').includes('/accounts'))
if (!hasAccountSite) {
  console.warn(`[accounts journey] skipped: GET /accounts answers ${probe.status} ${probe.headers.get('location') ?? ''}`)
  await server.stop()
}

/** Runs the admin CLI (`bun run accounts -- …`) on the server's database. */
async function accountsCli(...args: string[]): Promise<void> {
  const child = Bun.spawn(['bun', 'run', 'accounts', '--', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, stdout: 'pipe', stderr: 'pipe' })
  const code = await child.exited
  if (code !== 0) throw new Error(`accounts ${args.join(' ')} exited ${code}: ${await new Response(child.stderr).text()}`)
}

/** Records console errors, page errors and failing responses of `page`. */
function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => problems.push(`failed ${request.url()}`))
  return problems
}

/** Generates a private skin with an API key through the queue and waits for its uuid. */
async function generatePrivateSkin(key: string): Promise<string> {
  const body = new FormData()
  body.append('file', new Blob([paintedSkinPng(901)], { type: 'image/png' }), 'journey.png')
  body.append('visibility', 'private')
  body.append('name', 'journey-private')
  const headers = { Authorization: `Bearer ${key}`, 'User-Agent': 'AccountsJourney/1.0' }
  const queued = await fetch(`${server.origin}/api/v2/queue`, { method: 'POST', body, headers })
  const first = (await queued.json()) as { job?: { id: string }; errors?: unknown }
  expect(queued.status, JSON.stringify(first)).toBeLessThan(300)
  const jobId = first.job!.id
  for (let waited = 0; waited < 30_000; waited += 250) {
    const res = await fetch(`${server.origin}/api/v2/queue/${jobId}`, { headers })
    const job = (await res.json()) as { job: { status: string; result?: string }; skin?: { uuid: string } }
    if (job.job.status === 'completed') return job.job.result ?? job.skin!.uuid
    if (job.job.status === 'failed') throw new Error(`job failed: ${JSON.stringify(job)}`)
    await Bun.sleep(250)
  }
  throw new Error('job did not complete in 30 s')
}

beforeAll(async () => {
  if (!hasAccountSite) return
  mkdirSync(SHOTS, { recursive: true })
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  if (hasAccountSite) await server.stop()
  await sink.close()
})

describe.skipIf(!hasAccountSite)('accounts journey', () => {
  let context: BrowserContext
  let page: Page
  let skinId: string

  test('an anonymous page load makes no failing request', async () => {
    const ctx = await browser.newContext({ locale: 'en-US' })
    const anon = await ctx.newPage()
    const problems = watchProblems(anon)
    await anon.goto(`${server.origin}/`)
    await hydrated(anon)
    await anon.waitForLoadState('networkidle')
    expect(problems).toEqual([])
    await ctx.close()
  })

  test('create an account from Sign In; back in the app the avatar shows in the app bar', async () => {
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    await page.goto(`${server.origin}/skins`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.getByRole('link', { name: 'Sign In' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/accounts'))
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${server.origin}/skins`)
    await page.getByRole('link', { name: /create one|create account|sign up/i }).first().click()
    await page.getByLabel(/e-?mail/i).first().fill(EMAIL)
    await page.getByRole('button', { name: /create account|sign up/i }).first().click()
    // The account is made on the page of the link mailed to the address, where its reader chooses the password.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await page.screenshot({ path: `${SHOTS}/accounts-app-inbox-1280.png` })
    await page.goto(await sink.link(EMAIL, '/accounts/verify'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel(/^display name/i).fill('Journey Tester')
    await page.getByRole('button', { name: 'Create my account' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/accounts'), { timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/skins')
    await hydrated(page)
    const avatar = page.locator('.app-bar button.avatar')
    await avatar.waitFor()
    // The web cookie's picture: the account site's generated avatar of this user.
    expect(await avatar.locator('img.avatar__image').getAttribute('src')).toMatch(new RegExp(`^${server.origin}/accounts/avatar/[0-9a-f]{32}\\.svg$`))
    await page.screenshot({ path: `${SHOTS}/accounts-app-appbar-1280.png` })
    await avatar.click()
    await page.getByRole('link', { name: 'Manage Account' }).waitFor({ state: 'visible' })
    expect(await page.locator('.drawer__email').textContent()).toBe(EMAIL)
    await settled(page)
    await page.screenshot({ path: `${SHOTS}/accounts-app-drawer-1280.png` })
  }, 60_000)

  test('an API key from the account site generates a private skin: in My Skins, not in the gallery', async () => {
    await accountsCli('grant', EMAIL, 'private_skins')
    // The app's /apikey leads into the account site's API keys page.
    await page.goto(`${server.origin}/apikey`)
    expect(new URL(page.url()).pathname.startsWith('/accounts')).toBe(true)
    await page.getByLabel(/name/i).first().fill('journey key')
    await page.getByRole('button', { name: /create/i }).first().click()
    // The secret is shown once, in a read-only text box titled 'Your new API key'.
    const key = await page.getByRole('textbox', { name: 'Your new API key' }).inputValue()
    expect(key).toMatch(/^ssg_[0-9a-f]{64}$/)
    skinId = await generatePrivateSkin(key)

    await page.goto(`${server.origin}/my-skins`)
    await hydrated(page)
    await page.locator(`.my-skins a[href="/skins/${skinId}"]`).first().waitFor({ timeout: 15_000 })
    const gallery = await (await fetch(`${server.origin}/api/v2/skins?size=50`)).text()
    expect(gallery).not.toContain(skinId)
    await page.goto(`${server.origin}/skins`)
    expect(await page.locator(`a[href="/skins/${skinId}"]`).count()).toBe(0)
  }, 90_000)

  test('a notification shows in the bell and stays dismissed after a reload', async () => {
    await accountsCli('notify', EMAIL, 'Journey notice', 'Your private skin is ready.')
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    const bell = page.getByRole('button', { name: 'Notifications (1)' })
    await bell.waitFor({ timeout: 15_000 })
    await bell.click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    await dialog.getByRole('heading', { name: 'Journey notice' }).waitFor()
    await page.screenshot({ path: `${SHOTS}/accounts-app-notifications-1280.png` })
    const dismissed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/accounts/notifications/'))
    await dialog.getByRole('button', { name: 'Dismiss' }).click()
    await dialog.getByText('No notifications').waitFor()
    expect((await dismissed).status()).toBeLessThan(300)
    await page.reload()
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.notification-bell').count()).toBe(0)
  }, 60_000)

  test('at 390 px the signed-in drawer shows the account', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    await page.screenshot({ path: `${SHOTS}/accounts-app-appbar-390.png` })
    await page.locator('.app-bar button.avatar').click()
    await page.getByRole('link', { name: 'Manage Account' }).waitFor({ state: 'visible' })
    // Let the slide-in finish before the picture.
    await settled(page)
    await page.screenshot({ path: `${SHOTS}/accounts-app-drawer-390.png` })
    await page.setViewportSize({ width: 1280, height: 900 })
  }, 30_000)

  test('sign out returns to the app signed out; the private skin is gone from view', async () => {
    expect(skinId).toMatch(/^[0-9a-f]{32}$/)
    await page.goto(`${server.origin}/my-skins`)
    await hydrated(page)
    await page.locator('.app-bar button.avatar').click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL((url) => url.pathname === '/my-skins' && url.origin === server.origin, { timeout: 15_000 })
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.app-bar button.avatar').count()).toBe(0)
    expect(await page.locator(`a[href="/skins/${skinId}"]`).count()).toBe(0)
    const cookies = (await context.cookies()).map((c) => c.name)
    expect(cookies).not.toContain('ssg_api')
    expect(cookies).not.toContain('ssg_web')
    const skinPage = await page.goto(`${server.origin}/skins/${skinId}`)
    expect(skinPage?.status()).toBe(404)
    await context.close()
  }, 60_000)
})
