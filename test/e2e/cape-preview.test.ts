/**
 * The generate form's cape preview in real Chromium against the real Bun server with the local signer
 * (docs/features.md "Generating from the site"): a signed-in caller with the `capes` grant picks a skin
 * file and a cape this instance stores; the cape shows in 2D (the skin page's crop, read from
 * `/textures/{hash}`, named in the visitor's language) and, asked for, in 3D on a player wearing the
 * picked file, the walk paused under prefers-reduced-motion; "No cape" hides it; the skin generated
 * with the cape lands on a skin page showing that cape. At 390 and 1280 px (the 3D view at 360 px
 * too), in English and German, with screenshots in /tmp/shots/cape-*.png. Without a file the player
 * is a plain skin; without WebGL, or when the 3D code does not load, the 2D picture stays with a
 * message. The preview's code is a chunk of its own that anonymous visitors never fetch.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { encode } from 'fast-png'
import type { Browser, Page } from 'playwright-core'
import { SESSION_COOKIE } from '../../src/api'
import { KNOWN_CAPES } from '../../src/api/capes/capes'
import { openStore } from '../../src/api/store/db'
import { testSessionToken } from '../../src/api/testing/test-session'
import { WEB_COOKIE } from '../../src/shared/auth/web-cookie'
import { hydrated, launchChromium, withoutWebgl } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { canvasPaintedSoon, expectNoSidewaysScroll, followLink } from '../support/page-checks'
import { writeSkinFiles } from '../support/skin-files'

let server: RunningServer
let browser: Browser
let jwt = ''

const SHOTS = '/tmp/shots'
const MIGRATOR = KNOWN_CAPES.find((c) => c.alias === 'Migrator')!
const PREVIEW = '.cape-preview'
const CROP = '.cape-preview__crop img'
const CANVAS = '.cape-3d__stage canvas'

/** What the visitor reads, per language. */
const WORDS = {
  en: { prefix: '', cape: 'Cape', alt: 'The Migrator cape, seen from behind', start: 'View in 3D', hide: 'Hide the 3D view', ready: '3D view ready', label: '3D view of your skin wearing the Migrator cape', plain: '3D view of a plain skin wearing the Migrator cape', unavailable: 'This browser cannot show the 3D view.', failed: 'The 3D view could not be loaded.', walk: 'Walking animation' },
  de: { prefix: '/de', cape: 'Umhang', alt: 'Umhang „Migrator“, von hinten gesehen', start: 'In 3D ansehen', hide: '3D-Ansicht ausblenden', ready: '3D-Ansicht bereit', label: '3D-Ansicht deines Skins mit dem Umhang „Migrator“', plain: '', unavailable: '', failed: '', walk: 'Laufanimation' },
} as const

/**
 * A 64×32 cape texture in Mojang's layout: a dark red cloth with a gold border on the side seen from
 * behind (10×16 texels at (1,1)), the other faces plain red, the rest transparent.
 */
function capePng(): Uint8Array {
  const data = new Uint8Array(64 * 32 * 4)
  for (let y = 0; y < 17; y++) {
    for (let x = 0; x < 22; x++) {
      const back = x >= 1 && x <= 10 && y >= 1 && y <= 16
      const border = back && (x === 1 || x === 10 || y === 1 || y === 16)
      data.set(border ? [230, 180, 40, 255] : back ? [150, 20, 30, 255] : [110, 15, 25, 255], (y * 64 + x) * 4)
    }
  }
  return encode({ width: 64, height: 32, data, channels: 4, depth: 8 })
}

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: '0' })
  // This instance stores Migrator's texture (a picture of its own under the cape's hash), so
  // `GET /v2/capes` marks that cape supported for the local signer (docs/signing.md "Capes").
  const store = openStore(server.dataDir)
  try {
    store.sqlite.query("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES (?, 'image/png', ?, 0)").run(`textures/${MIGRATOR.hash}`, capePng())
  } finally {
    store.close()
  }
  jwt = await testSessionToken(server.dataDir, { sub: 'ca'.repeat(16), grants: { capes: true } })
  browser = await launchChromium()
  mkdirSync(SHOTS, { recursive: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/**
 * A signed-in browser profile on the home page, hydrated; records page errors, failed texture and
 * asset requests, and every object URL made and revoked.
 */
async function signedIn(options: { width: number; locale: 'en' | 'de'; noWebgl?: boolean; light?: boolean }) {
  const context = await browser.newContext({ viewport: { width: options.width, height: 900 }, locale: options.locale === 'de' ? 'de-DE' : 'en-US', reducedMotion: 'reduce' })
  await context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: server.origin }, { name: WEB_COOKIE, value: jwt, url: server.origin }, ...(options.light ? [{ name: 'theme', value: 'light', url: server.origin }] : [])])
  await context.addInitScript(() => {
    const made: string[] = ((window as unknown as { objectUrls: { made: string[]; revoked: string[] } }).objectUrls = { made: [], revoked: [] }).made
    const revoked = (window as unknown as { objectUrls: { revoked: string[] } }).objectUrls.revoked
    const create = URL.createObjectURL.bind(URL)
    const revoke = URL.revokeObjectURL.bind(URL)
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = create(blob)
      made.push(url)
      return url
    }
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url)
      revoke(url)
    }
  })
  if (options.noWebgl) await withoutWebgl(context)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => /\[(island|generate)\]/.test(m.text()) && problems.push(m.text()))
  page.on('response', (r) => r.status() >= 400 && /\/(assets|textures)\//.test(new URL(r.url()).pathname) && problems.push(`${r.status()} ${r.url()}`))
  await page.goto(`${server.origin}${WORDS[options.locale].prefix}/`)
  await hydrated(page)
  return { context, page, problems }
}

/** Waits for the crop's picture and returns what it loaded. */
const cropImage = (page: Page) =>
  page.locator(CROP).evaluate(
    (img: HTMLImageElement) =>
      new Promise<{ src: string; alt: string; width: number; height: number; box: { width: number; height: number } }>((resolve) => {
        const done = () => {
          const rect = img.parentElement!.getBoundingClientRect()
          resolve({ src: img.getAttribute('src')!, alt: img.alt, width: img.naturalWidth, height: img.naturalHeight, box: { width: rect.width, height: rect.height } })
        }
        if (img.complete) done()
        else img.addEventListener('load', done, { once: true })
      }),
  )

/** Share of the 3D canvas's pixels that are painted, once the viewer has drawn. */
const paintedSoon = (page: Page) => canvasPaintedSoon(page, CANVAS, 0.03)

const objectUrls = (page: Page) => page.evaluate(() => (window as unknown as { objectUrls: { made: string[]; revoked: string[] } }).objectUrls)

describe('the generate form’s cape preview', () => {
  // German on the phone in the light theme, the rest in the default dark one.
  for (const [locale, width, seed] of [['en', 1280, 901], ['de', 390, 902], ['en', 390, 903], ['de', 1280, 904]] as const) {
    test(`${locale} at ${width} px: file and cape, the cape in 2D and 3D, then the skin with that cape`, async () => {
      const words = WORDS[locale]
      const { context, page, problems } = await signedIn({ width, locale, light: locale === 'de' && width === 390 })
      const cape = page.getByLabel(words.cape, { exact: true })
      await cape.waitFor()
      await page.locator('input[type=file]').setInputFiles(writeSkinFiles([`caped-${locale}-${width}.png`], seed))
      await page.locator('.file-preview').waitFor()
      await cape.selectOption({ label: 'Migrator' })

      // 2D: the texture from this site, whole (the crop is the stylesheet's), named in the visitor's language.
      await page.locator(CROP).waitFor()
      const crop = await cropImage(page)
      expect(crop).toMatchObject({ src: `/textures/${MIGRATOR.hash}`, alt: words.alt, width: 64, height: 32 })
      // 10×16 texels at 4×.
      expect(crop.box).toEqual({ width: 40, height: 64 })
      await expectNoSidewaysScroll(page)
      await page.locator('.generate-options').screenshot({ path: `${SHOTS}/cape-2d-${locale}-${width}.png` })

      // 3D, by keyboard: the toggle says what it does, the live region says when the view is ready.
      const toggle = page.getByRole('button', { name: words.start })
      await toggle.focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('button', { name: words.hide }).getAttribute('aria-expanded')).resolves.toBe('true')
      await page.locator(`${PREVIEW} [role=status]`, { hasText: words.ready }).waitFor({ timeout: 30_000 })
      const canvas = page.locator(CANVAS)
      await expect(canvas.getAttribute('aria-label')).resolves.toBe(words.label)
      await expect(canvas.getAttribute('data-cape')).resolves.toBe('true')
      expect(await paintedSoon(page)).toBeGreaterThan(0.03)
      // prefers-reduced-motion: the walk starts paused.
      await expect(page.getByRole('button', { name: words.walk }).getAttribute('aria-pressed')).resolves.toBe('false')
      // The player wears the picked file, through an object URL that is let go once the viewer has read it.
      const urls = await objectUrls(page)
      const viewerUrl = urls.made.at(-1)!
      expect(urls.revoked).toContain(viewerUrl)
      await expectNoSidewaysScroll(page)
      await page.locator('.generate-options').screenshot({ path: `${SHOTS}/cape-3d-${locale}-${width}.png` })
      if (width === 390) {
        // The narrowest phone the layout is made for.
        await page.setViewportSize({ width: 360, height: 900 })
        await expectNoSidewaysScroll(page)
        await page.locator('.generate-options').screenshot({ path: `${SHOTS}/cape-3d-${locale}-360.png` })
        await page.setViewportSize({ width, height: 900 })
      }
      if (width === 1280) await page.screenshot({ path: `${SHOTS}/cape-form-${locale}-${width}.png`, fullPage: true })

      // "No cape" hides the preview; choosing the cape again brings it back.
      await cape.selectOption('')
      await expect(page.locator(PREVIEW).count()).resolves.toBe(0)
      await expect(canvas.count()).resolves.toBe(0)
      await cape.selectOption({ label: 'Migrator' })
      await page.locator(CROP).waitFor()

      // Generated with the cape: the skin page shows it (the local signer signs only capes it stores).
      await page.locator('.generate button[type=submit]').click()
      const link = page.locator('.generate__jobs .job-item--completed a.job-item__name').first()
      await link.waitFor({ timeout: 20_000 })
      await followLink(page, link, /\/skins\/[0-9a-f]{32}$/)
      const skinCape = page.locator(`.skin-page__render > img[src="/textures/${MIGRATOR.hash}"]`)
      await skinCape.scrollIntoViewIfNeeded()
      await expect(skinCape.evaluate((img: HTMLImageElement) => new Promise<number>((resolve) => (img.complete ? resolve(img.naturalWidth) : img.addEventListener('load', () => resolve(img.naturalWidth)))))).resolves.toBe(64)
      await page.screenshot({ path: `${SHOTS}/cape-skin-page-${locale}-${width}.png` })
      expect(problems).toEqual([])
      await context.close()
    }, 90_000)
  }

  test('without a file the player is a plain skin; without WebGL, or when the 3D code fails, the 2D picture stays with a message', async () => {
    const words = WORDS.en
    const plain = await signedIn({ width: 1280, locale: 'en' })
    await plain.page.getByLabel(words.cape, { exact: true }).selectOption({ label: 'Migrator' })
    await plain.page.getByRole('button', { name: words.start }).click()
    await plain.page.locator(`${PREVIEW} [role=status]`, { hasText: words.ready }).waitFor({ timeout: 30_000 })
    await expect(plain.page.locator(CANVAS).getAttribute('aria-label')).resolves.toBe(words.plain)
    expect(await paintedSoon(plain.page)).toBeGreaterThan(0.03)
    // No network fetch for the plain skin, and no object URL either.
    expect((await objectUrls(plain.page)).made).toEqual([])
    await plain.page.locator('.generate-options').screenshot({ path: `${SHOTS}/cape-3d-plain-en-1280.png` })
    // Hidden again: the viewer goes, the 2D picture stays.
    await plain.page.getByRole('button', { name: words.hide }).click()
    await expect(plain.page.locator(CANVAS).count()).resolves.toBe(0)
    await expect(plain.page.locator(CROP).isVisible()).resolves.toBe(true)
    expect(plain.problems).toEqual([])
    await plain.context.close()

    const noWebgl = await signedIn({ width: 390, locale: 'en', noWebgl: true })
    await noWebgl.page.getByLabel(words.cape, { exact: true }).selectOption({ label: 'Migrator' })
    await noWebgl.page.getByRole('button', { name: words.start }).click()
    const status = noWebgl.page.locator(`${PREVIEW} [role=status]`)
    await status.filter({ hasText: words.unavailable }).waitFor()
    await expect(status.isVisible()).resolves.toBe(true)
    await expect(noWebgl.page.locator(CANVAS).count()).resolves.toBe(0)
    await expect(noWebgl.page.locator(CROP).isVisible()).resolves.toBe(true)
    await expectNoSidewaysScroll(noWebgl.page)
    await noWebgl.page.locator('.generate-options').screenshot({ path: `${SHOTS}/cape-no-webgl-en-390.png` })
    await noWebgl.context.close()

    const failing = await signedIn({ width: 1280, locale: 'en' })
    // The 3D viewer's chunk (the one script with a WebGL renderer) is dropped on the way.
    await failing.page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch()
      const body = await response.body()
      if (body.includes('WebGLRenderer')) await route.abort('connectionreset')
      else await route.fulfill({ response, body })
    })
    await failing.page.getByLabel(words.cape, { exact: true }).selectOption({ label: 'Migrator' })
    await failing.page.getByRole('button', { name: words.start }).click()
    await failing.page.locator(`${PREVIEW} [role=status]`, { hasText: words.failed }).waitFor()
    await expect(failing.page.locator(CANVAS).count()).resolves.toBe(0)
    await expect(failing.page.locator(CROP).isVisible()).resolves.toBe(true)
    await failing.page.unrouteAll({ behavior: 'wait' })
    await failing.context.close()
  }, 90_000)

  test('an anonymous visitor never fetches the preview’s code or strings', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const fetched: string[] = []
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname))
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('select[name=cape]').count()).resolves.toBe(0)
    expect(fetched.filter((path) => path.includes('cape-preview-strings'))).toEqual([])
    const bodies = await Promise.all(fetched.filter((path) => path.endsWith('.js')).map(async (path) => (await fetch(server.origin + path)).text()))
    expect(bodies.filter((body) => body.includes('cape-preview__crop'))).toEqual([])
    await context.close()
  }, 30_000)
})
