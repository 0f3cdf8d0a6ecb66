/**
 * "Wear it" entry points in real Chromium against the real Bun server: the drawer shows the linked
 * Minecraft account from the web cookie's `minecraft` claim (face render and name, linking to the
 * account site's Minecraft page) or, without one, "Link your Minecraft account"; My Skins cards carry
 * "Wear this skin"; with a linked account the editor stays on a signed skin and offers it to wear.
 * Nothing scrolls sideways at 390 px. Screenshots go to /tmp/wear-shots/.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { testSessionToken } from '../../src/api/testing/test-session'
import { WEB_COOKIE } from '../../src/shared/auth/web-cookie'
import { hydrated, launchChromium, settled } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

const SHOTS = '/tmp/wear-shots'
const USER = 'ef'.repeat(16)
const PROFILE = '0a'.repeat(16)

let server: RunningServer
let browser: Browser
let skins: { uuid: string; texture: string }[]
let apiToken: string

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[server, browser] = await Promise.all([startBunServer({ DEMO_SKINS: '3' }), launchChromium()])
  skins = ((await (await fetch(`${server.origin}/api/v2/skins?size=3`)).json()) as { skins: typeof skins }).skins
  apiToken = await testSessionToken(server.dataDir, { sub: USER })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The account site's web cookie (the app reads its payload only; the API checks its own cookie). */
const webCookie = (claims: Record<string, unknown>) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: USER, email: 'wear@example.test', name: 'Wear Tester', ...claims })}.c2ln`
}

/** A signed-in browser at `width`, remembering the demo skins as its own (My Skins). */
async function signedIn(width: number, minecraft?: Record<string, unknown>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await context.addCookies([
    { name: SESSION_COOKIE, value: apiToken, url: server.origin },
    { name: WEB_COOKIE, value: webCookie(minecraft ? { minecraft } : {}), url: server.origin },
  ])
  await context.addInitScript((ids) => localStorage.setItem('ssg:my-skins', JSON.stringify(ids)), skins.map((s) => s.uuid))
  return { context, page: await context.newPage() }
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

/** Opens the drawer from the avatar (signed in) and returns it once it stands still. */
async function openDrawer(page: Page) {
  await page.locator('button.avatar[data-drawer-opener]').click()
  const drawer = page.locator('#app-drawer')
  await drawer.locator('.drawer__minecraft').waitFor()
  await settled(page)
  return drawer
}

describe('drawer', () => {
  test('a linked account shows its face and name, linking to the account site’s Minecraft page', async () => {
    const { context, page } = await signedIn(390, { id: PROFILE, name: 'Steve_MC', skin: skins[0]!.texture })
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    const drawer = await openDrawer(page)
    const row = drawer.locator('.drawer__minecraft')
    expect(await row.getAttribute('href')).toBe('/accounts/minecraft?lang=en')
    expect(await row.textContent()).toBe('Minecraft accountSteve_MC')
    const face = row.locator('img')
    expect(await face.getAttribute('src')).toBe(`/render/face/${skins[0]!.texture}?scale=2&overlay=true`)
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.drawer__minecraft img')
      return !!img && img.complete && img.naturalWidth === 16
    })
    expect(await noSidewaysScroll(page)).toBe(true)
    await page.screenshot({ path: `${SHOTS}/drawer-linked-en-390.png` })
    await context.close()
  })

  test('without a link it offers "Link your Minecraft account" (German), and a claim without a skin shows a blank face', async () => {
    const { context, page } = await signedIn(1280)
    await page.goto(`${server.origin}/de`)
    await hydrated(page)
    const row = (await openDrawer(page)).locator('.drawer__minecraft')
    expect(await row.getAttribute('href')).toBe('/accounts/minecraft?lang=de')
    expect(await row.textContent()).toBe('Minecraft-Konto verknüpfen')
    await page.screenshot({ path: `${SHOTS}/drawer-unlinked-de-1280.png` })
    await context.close()

    const faceless = await signedIn(1280, { id: PROFILE, name: 'Alex' })
    await faceless.page.goto(`${server.origin}/`)
    await hydrated(faceless.page)
    const linked = (await openDrawer(faceless.page)).locator('.drawer__minecraft')
    expect(await linked.locator('img').count()).toBe(0)
    expect(await linked.locator('.drawer__minecraft-face').count()).toBe(1)
    expect(await linked.textContent()).toContain('Alex')
    await faceless.context.close()
  })
})

describe('My Skins and the skin page', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['de', '/de'],
  ] as const) {
    for (const width of [390, 1280]) {
      test(`${locale} at ${width} px: every card and the skin page carry "Wear this skin"; nothing scrolls sideways`, async () => {
        const { context, page } = await signedIn(width)
        await page.goto(`${server.origin}${prefix}/my-skins`)
        await hydrated(page)
        await page.waitForFunction((n) => document.querySelectorAll('.my-skins .wear-form').length === n, skins.length)
        const backs = await page.locator('.my-skins .wear-form input[name="back"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
        expect(backs.sort()).toEqual(skins.map((s) => `${prefix}/skins/${s.uuid}`).sort())
        expect(await page.locator('.my-skins .wear-form').first().getAttribute('action')).toBe(`/accounts/minecraft/wear?lang=${locale}`)
        expect(await noSidewaysScroll(page)).toBe(true)
        // The tooltip shows on keyboard focus, and widens nothing.
        await page.locator('.my-skins .wear-form button').last().focus()
        await settled(page)
        expect(await noSidewaysScroll(page)).toBe(true)
        await page.screenshot({ path: `${SHOTS}/my-skins-${locale}-${width}.png`, fullPage: true })

        await page.goto(`${server.origin}${prefix}/skins/${skins[0]!.uuid}`)
        await hydrated(page)
        expect(await page.locator('.skin-page__render .wear-form input[name="skin"]').inputValue()).toBe(skins[0]!.uuid)
        expect(await noSidewaysScroll(page)).toBe(true)
        await page.screenshot({ path: `${SHOTS}/skin-page-${locale}-${width}.png` })
        await context.close()
      }, 30_000)
    }
  }
})

describe('editor', () => {
  test('with a linked account, signing stays in the editor and offers the new skin to wear', async () => {
    const { context, page } = await signedIn(1280, { id: PROFILE, name: 'Steve_MC' })
    await page.goto(`${server.origin}/editor`)
    await hydrated(page)
    await page.locator('[data-action="sign"]').click()
    // A template skin may have see-through base pixels: the warning asks first.
    const anyway = page.locator('[data-action="sign-anyway"]')
    const result = page.locator('.editor-sign__result')
    await Promise.race([anyway.waitFor({ timeout: 30_000 }).then(() => anyway.click()), result.waitFor({ timeout: 30_000 })])
    await result.waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe('/editor')
    const uuid = await result.locator('input[name="skin"]').inputValue()
    expect(uuid).toMatch(/^[0-9a-f]{32}$/)
    expect(await result.locator('input[name="back"]').inputValue()).toBe(`/skins/${uuid}`)
    expect(await result.locator('form').getAttribute('action')).toBe('/accounts/minecraft/wear?lang=en')
    expect(await result.locator(`a[href="/skins/${uuid}"]`).count()).toBe(1)
    await result.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/editor-signed-en-1280.png` })
    await context.close()
  }, 60_000)
})
