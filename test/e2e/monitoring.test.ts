/**
 * Error monitoring (SPEC §9) against a local stand-in for the monitoring service (a
 * Bun server on 127.0.0.1 that records envelope POSTs):
 * - off by default: the real Bun server without `SENTRY_DSN` sends pages without a DSN, an unchanged
 *   CSP, and Chromium fetches no monitoring chunk and posts nothing;
 * - with a DSN: a server error (a route that throws in a test app) and an uncaught client error in
 *   Chromium (real Bun server, `SENTRY_DSN` set) both arrive at the stand-in; the DSN's origin is in
 *   connect-src and only then.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { contentSecurityPolicy } from '../../src/server/middleware/security-headers'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { createTestApp } from '../support/web-app'

/** Envelopes received: path and raw body. */
const envelopes: { path: string; body: string }[] = []
let standIn: ReturnType<typeof Bun.serve>
let dsn: string
let browser: Browser
let plain: RunningServer
let monitored: RunningServer

beforeAll(async () => {
  standIn = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
      const url = new URL(request.url)
      if (request.method === 'POST' && /^\/api\/\d+\/envelope\/?$/.test(url.pathname)) envelopes.push({ path: url.pathname, body: await request.text() })
      return Response.json({}, { headers: cors })
    },
  })
  dsn = `http://publickey@127.0.0.1:${standIn.port}/13`
  ;[plain, monitored, browser] = await Promise.all([startBunServer(), startBunServer({ SENTRY_DSN: dsn }), launchChromium()])
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([plain?.stop(), monitored?.stop()])
  standIn?.stop(true)
})

/** Resolves once an envelope containing `text` has arrived (the stand-in records as they come). */
async function arrived(text: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = envelopes.find((e) => e.body.includes(text))
    if (found) return found.body
    await Bun.sleep(50)
  }
  throw new Error(`no envelope with ${text}; got ${envelopes.length}`)
}

const connectSrc = (csp: string | null) => csp?.split(';').find((d) => d.trim().startsWith('connect-src')) ?? ''

describe('error monitoring (SPEC §9)', () => {
  test('off by default: no DSN in the page, CSP unchanged, no monitoring chunk, nothing sent', async () => {
    const response = await fetch(`${plain.origin}/skins`)
    const html = await response.text()
    expect(html).not.toContain('data-monitoring-dsn')
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1]!
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(nonce))
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''))
    })
    const before = envelopes.length
    await page.goto(`${plain.origin}/skins`)
    await hydrated(page)
    // Past the idle callback the monitoring chunk would load in.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 3000 }), { timeout: 3000 })))
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(1)
    for (const body of scripts) expect(body).not.toContain('replaysOnErrorSampleRate')
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-monitoring-started'))).toBe(false)
    await context.close()
    expect(envelopes.length).toBe(before)
  }, 60_000)

  test('a server error is reported to the configured DSN', async () => {
    const app = createTestApp({ monitoring: { dsn, environment: 'production' } })
    app.get('/boom/server/error', () => {
      throw new Error('server boom from the monitoring test')
    })
    const response = await app.request('/boom/server/error')
    expect(response.status).toBe(500)
    const body = await arrived('server boom from the monitoring test')
    expect(body).toContain('"environment":"production"')
    expect(body).toContain('/boom/server/error')
    // Only the path: no query or cookies leave.
    expect(body).not.toContain('cookie')
  })

  test('with a DSN: its origin in connect-src, and a client error in Chromium arrives', async () => {
    const response = await fetch(`${monitored.origin}/skins`)
    expect(connectSrc(response.headers.get('content-security-policy'))).toContain(`http://127.0.0.1:${standIn.port}`)
    expect(connectSrc((await fetch(`${plain.origin}/skins`)).headers.get('content-security-policy'))).not.toContain('127.0.0.1')
    expect(await response.text()).toContain(`data-monitoring-dsn="${dsn}"`)
    const context = await browser.newContext()
    const page = await context.newPage()
    const violations: string[] = []
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()))
    await page.goto(`${monitored.origin}/skins`)
    await hydrated(page)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-monitoring-started'))
    await page.evaluate(() => setTimeout(() => {
      throw new Error('client boom from the monitoring test')
    }, 0))
    const body = await arrived('client boom from the monitoring test')
    expect(body).toContain('"environment":"production"')
    expect(violations).toEqual([])
    await context.close()
  }, 60_000)
})
