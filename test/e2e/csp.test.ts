/**
 * The Content-Security-Policy in real Chromium against the real Bun server (docs/operations.md
 * "Security headers"): it holds with the islands working and no console violation on any page. Every
 * page type is opened at 1280 px; `securitypolicyviolation` events (reported from an init script) and
 * console messages about a policy must stay empty while the islands hydrate, the drawer's deferred
 * chunk loads on demand and the 3D viewer (three.js chunk, WebGL, texture) starts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'

let server: RunningServer
let sink: MailSink
let browser: Browser
let context: BrowserContext
let skin: string
/** Every violation and policy console message seen, with the page it happened on. */
const violations: string[] = []

beforeAll(async () => {
  sink = await startMailSink()
  server = await startBunServer({ DEMO_SKINS: '2', SMTP_URL: sink.url })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  // Reported through a binding so violations during unload or navigation are not lost.
  await context.exposeBinding('reportViolation', ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ;((window as unknown as { violations?: string[] }).violations ??= []).push(event.effectiveDirective)
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins: { uuid: string }[] }
  skin = list.skins[0]!.uuid
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await sink?.close()
})

/** Opens `path` in the shared context, watching the console for policy messages. */
async function open(path: string): Promise<Page> {
  const page = await context.newPage()
  page.on('console', (message) => {
    // Chromium does not check `modulepreload` links against script-src and reuses the preloaded
    // module for the script element, so a missing island nonce shows in the unit test of the
    // markup (security-headers.test.ts), not here; everything else the policy covers shows here.
    if (/content.security.policy|permissions.policy|refused to/i.test(message.text())) violations.push(`${page.url()}: console ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => violations.push(`${page.url()}: pageerror ${error.message}`))
  const response = await page.goto(server.origin + path)
  expect(response?.headers()['content-security-policy'], path).toContain("'strict-dynamic'")
  return page
}

describe('the CSP in Chromium', () => {
  test('the policy is enforced and its violations are seen: an injected inline handler is blocked', async () => {
    const page = await open('/privacy')
    // What an injection could add: an inline event handler and an image from another host.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="data:," alt="" onerror="window.injected = true">')
      new Image().src = 'http://192.0.2.1/pixel.png'
    })
    await page.waitForFunction(() => ((window as unknown as { violations?: string[] }).violations ?? []).length >= 2)
    expect(await page.evaluate(() => 'injected' in window)).toBe(false)
    await page.close()
    // Both channels saw both: the DOM events and Chromium's console messages.
    const seen = violations.map((v) => v.replace(/^\S+: /, '').split(' (')[0]!)
    expect(seen.filter((v) => !v.startsWith('console')).sort()).toEqual(['img-src blocked http://192.0.2.1/pixel.png', 'script-src-attr blocked inline'])
    expect(seen.filter((v) => v.startsWith('console error')).length).toBe(2)
    violations.length = 0
  })

  test('home: islands hydrate and the deferred drawer chunk loads on demand', async () => {
    const page = await open('/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Show Jobs' }).click()
    await page.locator('x-island[data-island=app-drawer][data-hydrated]').waitFor({ state: 'attached' })
    await page.getByRole('dialog', { name: 'Account, jobs and language' }).waitFor({ state: 'visible' })
    await page.close()
    expect(violations).toEqual([])
  })

  test('a skin page: the 3D viewer, once asked for, loads three.js, the texture and paints with WebGL', async () => {
    const page = await open(`/skins/${skin}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'View in 3D' }).click()
    await page.locator('x-island[data-island="skin-viewer"] .skin-viewer[data-viewer="3d"] .skin-viewer__canvas').waitFor({ state: 'attached', timeout: 30_000 })
    await page.close()
    expect(violations).toEqual([])
  })

  test('gallery, My Skins, export, privacy, a German page and the 404 page', async () => {
    for (const path of ['/skins', '/my-skins', '/export', '/privacy', '/de/skins', '/no/such/page']) {
      const page = await open(path)
      await hydrated(page)
      // The client really ran (it marks the document) — scripts were not blocked.
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-client-started')), path).toBe(true)
      await page.waitForLoadState('networkidle')
      await page.close()
    }
    expect(violations).toEqual([])
  })

  test('the account site: its own policy lets the stylesheet and the proof script run; forms post and redirect back', async () => {
    const page = await open(`/accounts/sign-up?redirect=${encodeURIComponent(server.origin + '/skins')}`)
    // The app's stylesheet applied (style-src): the bar is laid out as a flex row.
    expect(await page.locator('.accounts__bar').evaluate((bar) => getComputedStyle(bar).display)).toBe('flex')
    // The nonced proof script ran (script-src): it solved a proof into the form ahead of the submit.
    await page.waitForFunction(() => (document.querySelector('input[name="proof"]') as HTMLInputElement | null)?.value !== '', null, { timeout: 15_000 })
    await page.getByLabel('Email').fill('csp@example.test')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    // The link in the mail: on its page the password is chosen; the form posts and redirects back to the app (form-action).
    await page.goto(await sink.link('csp@example.test', '/accounts/verify'))
    await page.getByLabel('Password', { exact: true }).fill('a long enough password')
    await page.getByRole('button', { name: 'Create my account' }).click()
    await page.waitForURL(`${server.origin}/skins`)
    await hydrated(page)
    await page.close()
    expect(violations).toEqual([])
  })
})
