/**
 * My Skins and Export in real Chromium against the real Bun server: skins
 * this browser remembers (`ssg:my-skins` in localStorage) show as head renders linking to their
 * pages, an id the API no longer knows leaves the list, a signed-in account's unlisted and private
 * skins join the list with their visibility badge, and 'mine' exports as CSV through the plain form
 * (the download is intercepted). Screenshots at 390 px and 1280 px go to /tmp/shots/myskins-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { testSessionToken } from '../../src/api/testing/test-session'
import { WEB_COOKIE } from '../../src/shared/auth/web-cookie'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { paintedSkinPng } from '../support/skin-files'

let server: RunningServer
let browser: Browser
let latest: { uuid: string; name?: string; texture: string }[]
const SHOTS = '/tmp/shots'
const GONE = '0'.repeat(32)
const USER = 'ab'.repeat(16)
let jwt: string

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[server, browser] = await Promise.all([startBunServer({ DEMO_SKINS: '6' }), launchChromium()])
  latest = ((await (await fetch(`${server.origin}/api/v2/skins?size=6`)).json()) as { skins: typeof latest }).skins
  jwt = await testSessionToken(server.dataDir, { sub: USER, grants: { private_skins: true } })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A browser whose localStorage remembers `ids` as its own skins (the store's persisted JSON). */
async function withOwnSkins(ids: string[], width: number, signedIn = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true })
  if (signedIn) await context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: server.origin }, { name: WEB_COOKIE, value: jwt, url: server.origin }])
  await context.addInitScript((list) => {
    if (!localStorage.getItem('ssg:my-skins')) localStorage.setItem('ssg:my-skins', JSON.stringify(list))
  }, ids)
  return { context, page: await context.newPage() }
}

/** Generates a skin as the signed-in user (not remembered by any browser). */
async function generateAs(visibility: 'unlisted' | 'private', seed: number, name: string): Promise<string> {
  const body = new FormData()
  body.append('file', new Blob([paintedSkinPng(seed)], { type: 'image/png' }), `${name}.png`)
  body.append('visibility', visibility)
  body.append('name', name)
  const res = await fetch(`${server.origin}/api/v2/generate`, { method: 'POST', body, headers: { cookie: `${SESSION_COOKIE}=${jwt}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { skin: { uuid: string } }).skin.uuid
}

const cardHrefs = (page: Page) => page.locator('.my-skins .skin-card > a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))

describe('My Skins', () => {
  test('shows the remembered skins as head renders linking to their pages; a gone id leaves the list', async () => {
    const mine = [latest[0]!.uuid, GONE, latest[2]!.uuid, latest[4]!.uuid]
    const { context, page } = await withOwnSkins(mine, 1280)
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat|\[island\]/i.test(message.text())) problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(`${server.origin}/my-skins`)
    await hydrated(page)
    await expect(page.locator('a.tab[href="/my-skins"]').isVisible()).resolves.toBe(true)
    await page.waitForFunction(() => document.querySelectorAll('.my-skins img.skin-card__image').length === 3)
    const hrefs = await cardHrefs(page)
    expect(hrefs.sort()).toEqual([latest[0]!, latest[2]!, latest[4]!].map((s) => `/skins/${s.uuid}`).sort())
    // Every head render really loaded (content-addressed by texture hash).
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.my-skins img.skin-card__image')].every((img) => img.complete && img.naturalWidth > 0))
    const sources = await page.locator('.my-skins img.skin-card__image').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))
    for (const skin of [latest[0]!, latest[2]!, latest[4]!]) expect(sources).toContain(`/render/head/${skin.texture}`)
    // The deleted/unknown id is dropped from the stored list too.
    await page.waitForFunction((gone) => !(localStorage.getItem('ssg:my-skins') ?? '').includes(gone), GONE)
    expect(await page.locator('.my-skins__hint').textContent()).toContain('Sign In')
    // No hydration mismatch, and no failing request but the gone skin's expected 404 (logged by the API client).
    expect(problems.filter((text) => !text.includes('404') && !text.includes('skin_not_found'))).toEqual([])
    await page.screenshot({ path: `${SHOTS}/myskins-my-skins-1280.png`, fullPage: true })
    await page.locator('.my-skins .skin-card > a').first().click()
    await page.waitForURL(/\/skins\/[0-9a-f]{32}$/)
    await context.close()
  })

  test('empty: a link to Generate', async () => {
    const { context, page } = await withOwnSkins([], 390)
    await page.goto(`${server.origin}/de/my-skins`)
    await hydrated(page)
    const empty = page.locator('.my-skins__empty')
    await empty.waitFor()
    expect(await empty.textContent()).toContain('Noch keine Skins')
    expect(await empty.locator('a').getAttribute('href')).toBe('/de')
    await context.close()
  })

  test('signed in: the account’s unlisted and private skins join the list with their badge, without duplicates', async () => {
    const unlisted = await generateAs('unlisted', 9101, 'Hidden Knight')
    const hidden = await generateAs('private', 9102, 'Secret Mage')
    const { context, page } = await withOwnSkins([latest[1]!.uuid, hidden], 390, true)
    await page.goto(`${server.origin}/my-skins`)
    await hydrated(page)
    await page.waitForFunction(() => document.querySelectorAll('.my-skins img.skin-card__image').length === 3)
    const hrefs = await cardHrefs(page)
    expect(hrefs).toHaveLength(3)
    // Newest first: both account skins were made after the demo skin.
    expect(hrefs.slice(0, 2).sort()).toEqual([`/skins/${unlisted}`, `/skins/${hidden}`].sort())
    expect(hrefs[2]).toBe(`/skins/${latest[1]!.uuid}`)
    const card = (uuid: string) => page.locator(`.my-skins a[href="/skins/${uuid}"]`)
    await card(unlisted).locator('.my-skins__badge').waitFor()
    expect(await card(unlisted).locator('.my-skins__badge').textContent()).toBe('Unlisted')
    expect(await card(hidden).locator('.my-skins__badge').textContent()).toBe('Private')
    expect(await card(latest[1]!.uuid).locator('.my-skins__badge').count()).toBe(0)
    expect(await page.locator('.my-skins__hint').count()).toBe(0)
    await page.screenshot({ path: `${SHOTS}/myskins-my-skins-390.png`, fullPage: true })
    await context.close()
  })
})

describe('Export', () => {
  test("exports 'mine' as CSV through the form, without the rows unticked", async () => {
    const mine = [latest[0]!.uuid, latest[3]!.uuid, latest[5]!.uuid]
    const { context, page } = await withOwnSkins(mine, 1280)
    await page.goto(`${server.origin}/export?source=mine`)
    await hydrated(page)
    const boxes = page.locator('.export-table input[name="ids"]')
    await page.waitForFunction(() => document.querySelectorAll('.export-table input[name="ids"]').length === 3)
    expect(await page.locator('.export__count').textContent()).toBe('3 of 3 skins chosen.')
    await page.locator(`.export-table input[value="${latest[3]!.uuid}"]`).uncheck()
    expect(await page.locator('.export__count').textContent()).toBe('2 of 3 skins chosen.')
    expect(await boxes.count()).toBe(3)
    await page.screenshot({ path: `${SHOTS}/myskins-export-1280.png`, fullPage: true })
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()])
    expect(download.suggestedFilename()).toMatch(/^skins-mine-\d{4}-\d\d-\d\d\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8')
    const lines = csv.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('Timestamp,UUID,Name,Variant,Value,Signature,Texture')
    expect(lines.map((line) => line.split(',')[1]).slice(1).sort()).toEqual([latest[0]!.uuid, latest[5]!.uuid].sort())
    await context.close()
  })

  test('the latest skins at 390 px, and JSON through the plain form', async () => {
    const { context, page } = await withOwnSkins([], 390)
    await page.goto(`${server.origin}/export`)
    await hydrated(page)
    expect(await page.locator('.export-table input[name="ids"]').count()).toBe(6)
    await page.screenshot({ path: `${SHOTS}/myskins-export-390.png`, fullPage: true })
    await page.getByLabel('JSON (full skin objects)').check()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()])
    const skins = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { uuid: string; texture: { data: { signature: string } } }[]
    expect(skins.map((s) => s.uuid)).toEqual(latest.map((s) => s.uuid))
    expect(skins.every((s) => s.texture.data.signature.length > 0)).toBe(true)
    await context.close()
  })
})
