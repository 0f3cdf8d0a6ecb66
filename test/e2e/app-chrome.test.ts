/**
 * The app chrome in real Chromium against the real Bun server: tabs, language switch,
 * search, the drawer by keyboard, the 404 page, hydration without recoverable errors, pages without
 * JavaScript, and the JavaScript budget. Screenshots land in test-results/ for a human to look at.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { gzipSync } from 'bun'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { testSessionToken } from '../../src/api/testing/test-session'
import { WEB_COOKIE } from '../../src/shared/auth/web-cookie'
import { hydrated, launchChromium, settled } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let accountSite: ReturnType<typeof Bun.serve>
const dismissed: string[] = []

/** A stand-in of the account site's API (SPEC §7): notifications for a signed-in browser, refresh refused. */
function startAccountSite() {
  const cors = (origin: string | null) => ({ 'Access-Control-Allow-Origin': origin ?? '*', 'Access-Control-Allow-Credentials': 'true', 'Access-Control-Allow-Methods': 'GET, POST, DELETE' })
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      const headers = cors(request.headers.get('origin'))
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers })
      if (url.pathname === '/notifications' && request.headers.get('cookie')?.includes('account=1')) {
        return Response.json({
          notifications: [
            { id: 'n1', title: 'Welcome', message: 'Your account is ready.', level: 'success', links: [{ title: 'Open', url: '/account' }], createdAt: '2026-11-20T10:00:00Z' },
            { id: 'n2', title: 'Maintenance', message: 'Short downtime tonight.', links: [], createdAt: 1795300000000 },
          ],
        }, { headers })
      }
      if (request.method === 'DELETE' && url.pathname.startsWith('/notifications/')) {
        dismissed.push(url.pathname.slice('/notifications/'.length))
        return new Response(null, { status: 204, headers })
      }
      return new Response(null, { status: 401, headers })
    },
  })
}

beforeAll(async () => {
  accountSite = startAccountSite()
  server = await startBunServer({ DEMO_SKINS: '4', ACCOUNT_API_ORIGIN: `http://127.0.0.1:${accountSite.port}` })
  browser = await launchChromium()
  context = await browser.newContext({ locale: 'en-US' })
  mkdirSync('test-results', { recursive: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  accountSite?.stop(true)
})

/** Opens a page and records console warnings from island hydration and uncaught errors. */
async function open(path: string, ctx: BrowserContext = context) {
  const page = await ctx.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    // An anonymous visitor's current-user check answers 404 and the token refresh 401 (SPEC §4, §8):
    // Chromium logs those loads as errors, but they are the expected signed-out path.
    const expected = /\/api\/v2\/me$|\/auth\/tokens\/api\/refresh$/.test(m.location().url)
    if ((m.type() === 'error' && !expected) || m.text().includes('[island]')) problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  const response = await page.goto(server.origin + path)
  return { page, problems, response }
}


describe('app chrome in Chromium', () => {
  test('every island hydrates with zero recoverable errors', async () => {
    const { page, problems } = await open('/')
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('x-island').count()).toBe(7)
    // The drawer hydrates when it is first needed, also without recoverable errors.
    await expect(page.locator('x-island[data-island=app-drawer]:not([data-hydrated])').count()).resolves.toBe(1)
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.locator('x-island[data-island=app-drawer][data-hydrated]').waitFor({ state: 'attached' })
    await page.locator('#app-drawer').waitFor({ state: 'visible' })
    expect(problems).toEqual([])
    await page.close()
  })

  test('tabs navigate between Generate, Gallery and My Skins', async () => {
    const { page } = await open('/')
    await hydrated(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click()
    await page.waitForURL(`${server.origin}/skins`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Latest Minecraft Skins')
    // My Skins shows once the client has started (SPEC §2).
    await hydrated(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Skins' }).click()
    await page.waitForURL(`${server.origin}/my-skins`)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Generate' }).click()
    await page.waitForURL(`${server.origin}/`)
    await page.close()
  })

  test('at 390 px the icon-only tabs keep their names for screen readers', async () => {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 800 } })
    const { page } = await open('/', ctx)
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Generate', 'Gallery', 'My Skins']) await nav.getByRole('link', { name }).waitFor({ state: 'visible' })
    // The labels are read out, not shown: only the icons take space.
    await expect(nav.locator('.tab > span').first().evaluate((label) => label.getBoundingClientRect().width)).resolves.toBeLessThanOrEqual(1)
    await ctx.close()
  })

  test('search: Enter with a term goes to /skins?search=…, an empty field does nothing', async () => {
    const { page } = await open('/')
    await hydrated(page)
    const field = page.getByRole('searchbox', { name: 'Search Skins' })
    await field.press('Enter')
    await page.waitForTimeout(150)
    expect(page.url()).toBe(`${server.origin}/`)
    await field.fill('x')
    await field.press('Enter')
    await page.waitForURL(`${server.origin}/skins?search=x`)
    await expect(page.getByRole('searchbox', { name: 'Search Skins' }).inputValue()).resolves.toBe('x')
    await page.close()
  })

  test('the drawer opens and closes with the keyboard and gives focus back', async () => {
    const { page } = await open('/')
    await hydrated(page)
    const jobs = page.getByRole('button', { name: 'Show Jobs' })
    await jobs.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Account, jobs and language' })
    await drawer.waitFor({ state: 'visible' })
    await page.waitForFunction(() => document.activeElement?.closest('#app-drawer') !== null)
    await expect(jobs.getAttribute('aria-expanded')).resolves.toBe('true')
    await drawer.getByText('No jobs in queue').waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => getComputedStyle(document.getElementById('app-drawer')!).visibility === 'hidden')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show Jobs')
    await page.keyboard.press(' ')
    await drawer.waitFor({ state: 'visible' })
    await page.close()
  })

  test('switching language keeps the route, changes the prefix and sets the cookie', async () => {
    const ctx = await browser.newContext({ locale: 'en-US' })
    const { page } = await open('/skins/popular', ctx)
    await hydrated(page)
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.locator('.language-select__current').click()
    await page.getByRole('link', { name: 'Deutsch de' }).click()
    await page.waitForURL(`${server.origin}/de/skins/popular`)
    expect(await page.getAttribute('html', 'lang')).toBe('de')
    const cookie = (await ctx.cookies()).find((c) => c.name === 'locale')
    expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax' })
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)
    // The remembered choice now decides unprefixed URLs (SPEC §4).
    await page.goto(`${server.origin}/skins`)
    expect(page.url()).toBe(`${server.origin}/de/skins`)
    await ctx.close()
  })

  test('remembered jobs: the badge warns while one is pending and the drawer lists them newest first', async () => {
    const ctx = await browser.newContext({ locale: 'en-US' })
    // The API stands in for a job that keeps running, so the pending state lasts as long as the test needs.
    await ctx.route('**/api/v2/queue/bbbbbbbbbbbbbbbbbbbbbbbb?*', (route) =>
      route.fulfill({ json: { success: true, job: { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', status: 'processing', timestamp: Date.now() } } }),
    )
    const { page } = await open('/', ctx)
    const now = Date.now()
    const entry = (id: string, status: string, timestamp: number, name: string, skin?: string) => ({
      job: { id, status, timestamp, ...(skin ? { result: skin } : {}) },
      source: { type: 'upload', content: name, name },
      check: { last: 0, count: 0 },
      ...(skin ? { skin } : {}),
      errors: [],
    })
    // One localStorage key per job (src/shared/stores/queue.ts).
    await page.evaluate(
      (jobs) => jobs.forEach((job) => localStorage.setItem(`ssg:queue:${job.job.id}`, JSON.stringify(job))),
      [entry('aaaaaaaaaaaaaaaaaaaaaaaa', 'completed', now - 60_000, 'steve.png', '0123456789abcdef0123456789abcdef'), entry('bbbbbbbbbbbbbbbbbbbbbbbb', 'processing', now, 'alex')],
    )
    await page.reload()
    await hydrated(page)
    await page.locator('.badge-dot--warning').waitFor({ state: 'visible' })
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.locator('#app-drawer .job-item__name').nth(1).waitFor()
    await expect(page.locator('#app-drawer .job-item__name').allTextContents()).resolves.toEqual(['alex (bbbbbbbb)', 'steve (aaaaaaaa)'])
    await expect(page.locator('#app-drawer').getByRole('link', { name: 'Open the skin of steve (aaaaaaaa)' }).getAttribute('href')).resolves.toBe('/skins/0123456789abcdef0123456789abcdef')
    // Once every job has finished the dot turns to the success colour. (The queue is rewritten on a
    // page without scripts: the open page's poller would otherwise write its jobs back.)
    await page.goto(`${server.origin}/robots.txt`)
    await page.evaluate((job) => {
      localStorage.clear()
      localStorage.setItem(`ssg:queue:${job.job.id}`, JSON.stringify(job))
    }, entry('cccccccccccccccccccccccc', 'failed', Date.now(), 'x.png'))
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    await page.locator('.badge-dot--success').waitFor({ state: 'visible' })
    await ctx.close()
  })

  test('the theme switch applies light theme at once and the server remembers it', async () => {
    const ctx = await browser.newContext({ locale: 'en-US' })
    const { page } = await open('/', ctx)
    await hydrated(page)
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.getByRole('button', { name: /Theme/ }).click()
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    await page.reload()
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    await ctx.close()
  })

  test('signed in: the bell shows the account notifications, dismissing tells the account site; the drawer offers Manage Account', async () => {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const jwt = await testSessionToken(server.dataDir, { sub: 'cd'.repeat(16) })
    await ctx.addCookies([
      { name: SESSION_COOKIE, value: jwt, url: server.origin },
      // The account site's web cookie tells the app a session exists (src/shared/auth/web-cookie.ts).
      { name: WEB_COOKIE, value: jwt, url: server.origin },
      { name: 'account', value: '1', url: `http://127.0.0.1:${accountSite.port}` },
    ])
    const { page, problems } = await open('/', ctx)
    await hydrated(page)
    const bell = page.getByRole('button', { name: 'Notifications (2)' })
    await bell.waitFor()
    await bell.click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    await expect(dialog.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(['Welcome', 'Maintenance'])
    await page.screenshot({ path: 'test-results/notifications-1280.png' })
    await dialog.getByRole('button', { name: 'Dismiss' }).first().click()
    await expect(dialog.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(['Maintenance'])
    await dialog.getByRole('button', { name: 'Dismiss' }).click()
    await dialog.getByText('No notifications').waitFor()
    // Removed here first, then the account site is told (SPEC §4): the calls follow the clicks.
    for (let waited = 0; dismissed.length < 2 && waited < 5000; waited += 50) await Bun.sleep(50)
    expect(dismissed).toEqual(['n1', 'n2'])
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => !document.querySelector('.notification-bell'))
    // Signed in, the account control is an avatar that opens the drawer, which offers Manage Account.
    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByRole('link', { name: 'Manage Account' }).waitFor({ state: 'visible' })
    expect(problems).toEqual([])
    await ctx.close()
  })

  test('signed out: no bell, the drawer offers Sign In', async () => {
    const { page } = await open('/')
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.notification-bell').count()).toBe(0)
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.getByRole('link', { name: 'Sign In' }).waitFor({ state: 'visible' })
    await page.close()
  })

  test('an unknown path shows the 404 page', async () => {
    const { page, response } = await open('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found')
    await page.close()
  })
})

describe('accessibility', () => {
  test('axe finds no serious or critical problems on the main pages and in the open drawer', async () => {
    const axe = await Bun.file(require.resolve('axe-core/axe.min.js')).text()
    const audit = async (page: Page) => {
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe })
      return page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run(document, { resultTypes: ['violations'] })
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`)
      })
    }
    for (const path of ['/skins', '/de/skins/popular', '/nope/nope']) {
      const { page } = await open(path)
      await hydrated(page)
      expect(await audit(page), path).toEqual([])
      await page.close()
    }
    // The home page, then the same page with the drawer open (axe is already in it).
    const { page } = await open('/')
    await hydrated(page)
    expect(await audit(page), '/').toEqual([])
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    expect(await audit(page), 'drawer').toEqual([])
    await page.close()
  })
})

describe('without JavaScript', () => {
  test('every page shows its content, navigation, search form and language links', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' })
    const page = await ctx.newPage()
    for (const path of ['/', '/skins', '/de/skins/popular', '/my-skins', '/privacy', '/export', '/bulk']) {
      await page.goto(server.origin + path)
      expect(await page.locator('main h1').count(), path).toBe(1)
      expect(await page.getByRole('navigation', { name: /Main|Haupt/ }).count(), path).toBe(1)
      expect(await page.locator('.app-bar form[role="search"]').count(), path).toBe(1)
      expect(await page.locator('.site-footer__languages a').count(), path).toBe(9)
    }
    // The search is a plain GET form; the language links switch through the server.
    await page.goto(`${server.origin}/`)
    await page.locator('input[name="search"]').fill('creeper')
    await page.locator('input[name="search"]').press('Enter')
    await page.waitForURL(`${server.origin}/skins?search=creeper`)
    await page.locator('.site-footer__languages').getByRole('link', { name: 'Español' }).click()
    await page.waitForURL(`${server.origin}/es/skins?search=creeper`)
    // The drawer opens through its link target.
    await page.locator('a[href="#app-drawer"]').click()
    await page.locator('#app-drawer').waitFor({ state: 'visible' })
    await ctx.close()
  })
})

describe('budgets and screenshots', () => {
  test('the home page loads at most 90 KB of JavaScript gzipped, all as non-blocking modules', async () => {
    const page = await context.newPage()
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), gzipSync(new Uint8Array(await response.body())).length)
    })
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    const total = [...scripts.values()].reduce((a, b) => a + b, 0)
    console.log(`home page JavaScript before interaction: ${(total / 1024).toFixed(1)} KB gzip (${total} B) in ${scripts.size} files`)
    expect(scripts.size).toBeGreaterThan(0)
    expect(total).toBeLessThanOrEqual(90 * 1024)
    const blocking = await page.evaluate(() => [...document.querySelectorAll('script[src]')].filter((s) => s.getAttribute('type') !== 'module' && !s.hasAttribute('defer') && !s.hasAttribute('async')).length)
    expect(blocking).toBe(0)
    await page.close()
  })

  test('no page scrolls sideways at 360 and 390 px, and screenshots at 390 px and 1280 px', async () => {
    const skin = ((await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins: { uuid: string }[] }).skins[0]
    // German first: its longer labels and tooltips ("Aufträge anzeigen") once widened the page at 390 px;
    // the Russian gallery's sort tabs ("Популярные", "Случайные") once did too.
    const pages = [['home-de', '/de'], ['skins-de', '/de/skins'], ['skins-popular-ru', '/ru/skins/popular'], ['home', '/'], ['skins', '/skins'], ['skin', skin ? `/skins/${skin.uuid}` : '/skins/random'], ['404', '/nope/nope']] as const
    for (const width of [360, 390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      // The wide screen has room to spare: its screenshots are of the English pages only.
      for (const [name, path] of width === 1280 ? pages.filter(([name]) => !/-(de|ru)$/.test(name)) : pages) {
        await page.goto(server.origin + path)
        await hydrated(page)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}px`).toBe(width)
        if (width !== 360) await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true })
      }
      if (width === 360) {
        await page.close()
        continue
      }
      await page.getByRole('button', { name: 'Show Jobs' }).click()
      await settled(page)
      await page.screenshot({ path: `test-results/drawer-${width}.png` })
      await page.close()
    }
  })
})
