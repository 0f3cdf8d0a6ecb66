/**
 * The gallery in real Chromium against the real Bun server: without JavaScript the
 * Next / Previous links page through the list; with it, the infinite scroll appends every page once
 * (no gaps, no repeats), follows the URL, stops at the end, and shows the Next link again when a
 * load fails. Screenshots of /skins and / at 1280 px in English and 390 px in German land in /tmp/shots.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer
let browser: Browser
/** Every listed skin, newest first. */
let all: string[]
const SHOTS = '/tmp/shots'
const SKINS = 50

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: String(SKINS) })
  browser = await launchChromium()
  mkdirSync(SHOTS, { recursive: true })
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=128`)).json()) as { skins: { uuid: string }[] }
  all = list.skins.map((s) => s.uuid)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const cardIds = (page: Page) => page.$$eval('#gallery-grid .skin-card > a', (links) => links.map((a) => a.getAttribute('href')!.split('/').pop()!))

describe('gallery paging', () => {
  test('without JavaScript: Next, then Previous, then Back to newest', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${server.origin}/skins?size=10`)
    expect(await cardIds(page)).toEqual(all.slice(0, 10))
    await page.getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL(/after=/)
    expect(await cardIds(page)).toEqual(all.slice(10, 20))
    await page.getByRole('link', { name: 'Next page' }).click()
    expect(await cardIds(page)).toEqual(all.slice(20, 30))
    await page.getByRole('link', { name: 'Previous page' }).click()
    await page.waitForURL(/before=/)
    expect(await cardIds(page)).toEqual(all.slice(10, 20))
    await page.getByRole('link', { name: 'Back to newest' }).click()
    await page.waitForURL(`${server.origin}/skins?size=10`)
    expect(await cardIds(page)).toEqual(all.slice(0, 10))
    await context.close()
  })

  test('infinite scroll: appends every page once, follows the URL, stops at the end', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/api/v2/skins') && calls.push(r.url()))
    await page.goto(`${server.origin}/skins?size=8`)
    await hydrated(page)
    // Scroll to the end until the scroll says it has shown everything.
    const end = page.getByText('You have seen all the skins.')
    for (let i = 0; i < 20 && !(await end.isVisible()); i++) {
      await page.mouse.wheel(0, 4000)
      await page.waitForTimeout(150)
    }
    await expect(end.isVisible()).resolves.toBe(true)
    expect(await cardIds(page)).toEqual(all)
    expect(await page.locator('#gallery-next').isHidden()).toBe(true)
    // 50 skins in pages of 8: the server rendered one, the scroll fetched six, each cursor once;
    // the URL names the last page loaded.
    expect(calls.length).toBe(6)
    expect(new Set(calls).size).toBe(calls.length)
    expect(page.url()).toBe(`${server.origin}/skins?size=8&after=${all[47]}`)
    // The appended cards have the server's markup.
    const last = page.locator('#gallery-grid li').last()
    await expect(last.locator('img').getAttribute('loading')).resolves.toBe('lazy')
    await expect(last.locator('a > span').textContent()).resolves.toBeTruthy()
    await context.close()
  })

  test('a failed load shows the Next link again, pointing at the page that failed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.route('**/api/v2/skins?*', (route) => route.abort())
    await page.goto(`${server.origin}/de/skins?size=6`)
    await hydrated(page)
    const next = page.locator('#gallery-next')
    await next.waitFor({ state: 'visible' })
    await expect(next.getAttribute('href')).resolves.toBe(`/de/skins?size=6&after=${all[5]}`)
    expect(await cardIds(page)).toEqual(all.slice(0, 6))
    await context.close()
  })

  test('screenshots of the gallery and home at 1280 px in English and 390 px in German', async () => {
    // Two combinations, not four (the same pages are not walked through four times).
    for (const [width, locale] of [[1280, 'en'], [390, 'de']] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      const prefix = locale === 'en' ? '' : `/${locale}`
      await page.goto(`${server.origin}${prefix}/skins`)
      await hydrated(page)
      await page.screenshot({ path: `${SHOTS}/gallery-${locale}-${width}.png` })
      await page.goto(`${server.origin}${prefix}/skins?after=${all[23]}`)
      await page.screenshot({ path: `${SHOTS}/gallery-page2-${locale}-${width}.png`, fullPage: true })
      await page.goto(`${server.origin}${prefix}/`)
      await hydrated(page)
      await page.screenshot({ path: `${SHOTS}/home-stats-${locale}-${width}.png` })
      await context.close()
    }
  }, 60_000)
})
