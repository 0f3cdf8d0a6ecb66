/**
 * The skin editor's walk-through in real Chromium against the real Bun server (local signer), in
 * English at 1280 px and in German at 390 px: a gallery skin's page → "Edit a copy" → a stroke on
 * the model's head in the 3D view (the head's front found by hovering until the read-out under the
 * views names it; on a phone after switching to the 3D tab) paints the texel the read-out named →
 * a stroke on the 2D texture paints its texels → with mirror on, a stroke on the right arm paints the
 * mirrored texels of the left arm too, and the mirror stays on → one undo takes the whole stroke back
 * on both arms, one redo brings it back → after a reload the draft comes back, byte for byte → sign
 * with a name and a visibility → the job completes and the page is the new skin's page, "Remixed
 * from" the original, whose texture hash (its /textures/{hash} link) is the SHA-256 of the PNG
 * "Download PNG" gave (the editor encodes as Mojang stores skins, so the hash is the file's).
 * Throughout: no sideways scroll at 390 px, no page error, no failed request. Screenshots go to
 * /tmp/editor-walk-*.png.
 * @module
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { decodePng } from '../../src/shared/png'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { shown, shownAll, stroke2d, TEXTURE_CANVAS, texelPoint } from '../support/editor-texture'
import { paintedSkinPng } from '../support/skin-files'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startBunServer({ DEMO_SKINS: '0', LIMIT_ANONYMOUS_PER_MINUTE: '500', LIMIT_ANONYMOUS_PER_HOUR: '5000' }), launchChromium()])
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

type Table = typeof en
/** A message of `table` by its dotted key, with `{{name}}` placeholders filled. */
function msg(table: Table, key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table)
  if (typeof value !== 'string') throw new Error(`no message ${key}`)
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name]))
}

/** Generates a public classic gallery skin through the API; its uuid, name and texture hash. */
async function gallerySkin(seed: number, name: string): Promise<{ uuid: string; name: string; hash: string }> {
  const body = new FormData()
  body.append('file', new Blob([paintedSkinPng(seed)], { type: 'image/png' }), 'original.png')
  body.append('name', name)
  body.append('visibility', 'public')
  body.append('variant', 'classic')
  const res = await fetch(`${server.origin}/api/v2/generate`, { method: 'POST', body })
  expect(res.status).toBe(200)
  const { skin } = (await res.json()) as { skin: { uuid: string; texture: { hash: { skin: string } } } }
  return { uuid: skin.uuid, name, hash: skin.texture.hash.skin }
}

const MODEL = '.editor-model[data-state="ready"] .editor-3d__canvas'
const READOUT = '.editor-hover'
const RED = '#e0211b'
const BLUE = '#1b3fe0'
const GREEN = '#1be05a'

/** Waits until the island has hydrated, fetched its strings and opened a draft. */
async function ready(page: Page) {
  await hydrated(page)
  await page.waitForSelector('.editor[data-ready]', { timeout: 30_000 })
  await page.waitForSelector(`${TEXTURE_CANVAS}[data-transform]`)
}

/** What the read-out under the views says, and its data attributes. */
const readout = (page: Page) =>
  page.$eval(READOUT, (el) => ({ text: el.textContent ?? '', x: el.getAttribute('data-x'), y: el.getAttribute('data-y'), part: el.getAttribute('data-part'), layer: el.getAttribute('data-layer'), face: el.getAttribute('data-face') }))

/**
 * Finds, by hovering the 3D view and reading the read-out, a client point in the middle of the head's
 * front: down the canvas's middle column until the read-out names the head's front, then across and
 * down that face to its edges; the centre of that span.
 */
async function headFront(page: Page): Promise<{ x: number; y: number }> {
  await page.locator(MODEL).scrollIntoViewIfNeeded()
  const box = (await page.locator(MODEL).boundingBox())!
  const onFront = async (x: number, y: number) => {
    await page.mouse.move(x, y)
    const r = await readout(page)
    return r.part === 'head' && r.face === 'front' && r.layer === 'base'
  }
  const step = 4
  let hit: { x: number; y: number } | null = null
  // The middle column first, then columns further out (the home view may turn the player a little).
  search: for (const dx of [0, -24, 24, -48, 48]) {
    for (let y = box.y + 2; y < box.y + box.height - 2; y += step) {
      if (await onFront(box.x + box.width / 2 + dx, y)) {
        hit = { x: box.x + box.width / 2 + dx, y }
        break search
      }
    }
  }
  if (!hit) throw new Error('the read-out never named the head front')
  const edge = async (fx: number, fy: number, dx: number, dy: number) => {
    let [x, y] = [fx, fy]
    while (await onFront(x + dx, y + dy)) [x, y] = [x + dx, y + dy]
    return dx ? x : y
  }
  const x = ((await edge(hit.x, hit.y, -2, 0)) + (await edge(hit.x, hit.y, 2, 0))) / 2
  const y = (hit.y + (await edge(x, hit.y, 0, 2))) / 2
  return { x, y }
}

/** The current texture through "Download PNG" (or Ctrl+S): the file's bytes. */
async function downloadPng(page: Page, how: 'button' | 'key'): Promise<Uint8Array> {
  // The shortcut is the page's, not a text field's (the colour field may have the focus).
  if (how === 'key') await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const [download] = await Promise.all([page.waitForEvent('download'), how === 'button' ? page.locator('[data-action="download"]').click() : page.keyboard.press('Control+s')])
  return new Uint8Array(readFileSync((await download.path())!))
}

/** `#rrggbb` of texel (x, y) of a 64×64 PNG. */
function texelOf(png: Uint8Array, x: number, y: number): string {
  const { rgba } = decodePng(png)
  const i = (y * 64 + x) * 4
  return `#${[rgba[i], rgba[i + 1], rgba[i + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`
}


const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')
const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

/** Each language at one width (both widths in both languages doubled the file's ~30 s); keys at 1280 px, buttons on the phone. */
const RUNS = [
  { name: 'English, 1280 px', table: en, locale: 'en-US', prefix: '', width: 1280, seed: 911, keys: true, visibility: 'public' },
  { name: 'German, 390 px', table: de as Table, locale: 'de-DE', prefix: '/de', width: 390, seed: 912, keys: false, visibility: 'unlisted' },
] as const

describe('the editor walk-through', () => {
  for (const run of RUNS) {
    test(`${run.name}: gallery skin → edit a copy → paint on the model and the texture → mirror → undo/redo → reload → sign → the new skin page`, async () => {
      const t = (key: string, params?: Record<string, string | number>) => msg(run.table, key, params)
      const phone = run.width < 900
      const original = await gallerySkin(run.seed, `Walk original ${run.seed}`)
      const context = await browser.newContext({ viewport: { width: run.width, height: 900 }, locale: run.locale, deviceScaleFactor: 1, reducedMotion: 'reduce', acceptDownloads: true })
      const page = await context.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
      // A request cut short by leaving the page (ERR_ABORTED) is not a failure.
      page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`))
      page.on('response', (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()}: ${response.url()}`))

      // The gallery skin's page → "Edit a copy".
      await page.goto(`${server.origin}${run.prefix}/skins/${original.uuid}`)
      await hydrated(page)
      await page.getByRole('link', { name: t('pages.skin.editCopy'), exact: true }).click()
      await page.waitForURL((url) => url.pathname === `${run.prefix}/editor`)
      await ready(page)
      await expect(page.locator('.editor__notice').textContent()).resolves.toContain(t('editor.open.opened', { name: original.name }))
      // The copy is a draft now: the address no longer asks for the gallery skin (a reload reopens the draft).
      await page.waitForFunction(() => !location.search.includes('skin='))
      if (phone) await noSidewaysScroll(page, run.width)
      await page.getByRole('button', { name: t('editor.tools.pencil'), exact: true }).click()
      await page.getByRole('button', { name: t('editor.tools.sizeValue', { size: 1 }), exact: true }).click()

      // --- 3D: a stroke on the head's front paints the texel the read-out names.
      if (phone) await page.getByRole('tab', { name: t('editor.views.model') }).click()
      await page.locator(MODEL).waitFor({ timeout: 30_000 })
      if (phone) await noSidewaysScroll(page, run.width)
      await page.locator('.editor-colour__hex input').fill(RED)
      const head = await headFront(page)
      await page.mouse.move(head.x, head.y)
      const under = await readout(page)
      expect(under).toMatchObject({ part: 'head', layer: 'base', face: 'front' })
      expect(under.text).toBe(`${t('editor.parts.base.head')} · ${t('editor.layer.base')} · ${t('editor.hover.faces.front')} — ${under.x}, ${under.y}`)
      const [hx, hy] = [Number(under.x), Number(under.y)]
      // Head front: x 8–15, y 8–15.
      expect(hx >= 8 && hx <= 15 && hy >= 8 && hy <= 15).toBe(true)
      const before3d = texelOf(await downloadPng(page, 'key'), hx, hy)
      expect(before3d).not.toBe(RED)
      await page.mouse.down()
      await page.mouse.move(head.x + 1, head.y + 1)
      await page.mouse.up()
      expect(texelOf(await downloadPng(page, 'key'), hx, hy)).toBe(RED)
      await page.screenshot({ path: `/tmp/editor-walk-${run.locale}-${run.width}-3d.png` })

      // --- 2D: the read-out names the texel under the pointer; a stroke paints the body's front.
      if (phone) await page.getByRole('tab', { name: t('editor.views.texture') }).click()
      expect(await shown(page, hx, hy)).toBe(RED)
      const body = await texelPoint(page, 21, 22)
      await page.mouse.move(body.x, body.y)
      expect(await readout(page)).toEqual({ text: `${t('editor.parts.base.body')} · ${t('editor.layer.base')} · ${t('editor.hover.faces.front')} — 21, 22`, x: '21', y: '22', part: 'body', layer: 'base', face: 'front' })
      await page.locator('.editor-colour__hex input').fill(BLUE)
      await stroke2d(page, [21, 22], [24, 22])
      expect(await shownAll(page, [[21, 22], [22, 22], [23, 22], [24, 22]])).toEqual([BLUE, BLUE, BLUE, BLUE])

      // --- Mirror: a stroke on the right arm's front paints the left arm's front, mirrored (classic
      // model: right arm front x 44–47, y 20–31 ↔ left arm front x 36–39, y 52–63, columns reversed).
      const right: [number, number][] = [[44, 24], [45, 24], [46, 24]]
      const left: [number, number][] = [[39, 56], [38, 56], [37, 56]]
      const untouched: [number, number] = [36, 56]
      const arms = [...right, ...left]
      const was = await shownAll(page, arms)
      expect(was).not.toContain(GREEN)
      const untouchedWas = await shown(page, ...untouched)
      const mirror = page.locator('.editor-toolbar').getByRole('button', { name: t('editor.mirror.label'), exact: true })
      await mirror.click()
      expect(await mirror.getAttribute('aria-pressed')).toBe('true')
      await page.locator('.editor-colour__hex input').fill(GREEN)
      await stroke2d(page, [44, 24], [46, 24])
      expect(await shownAll(page, arms)).toEqual(arms.map(() => GREEN))
      expect(await shown(page, ...untouched)).toBe(untouchedWas)
      // The mirror stays on after the stroke.
      expect(await mirror.getAttribute('aria-pressed')).toBe('true')

      // --- One undo takes the whole mirrored stroke back, one redo brings it all.
      if (run.keys) {
        await page.locator(TEXTURE_CANVAS).focus()
        await page.keyboard.press('Control+z')
      } else await page.getByRole('button', { name: t('editor.tools.undo'), exact: true }).click()
      expect(await shownAll(page, arms)).toEqual(was)
      expect(await shown(page, 24, 22)).toBe(BLUE)
      if (run.keys) await page.keyboard.press('Control+Shift+z')
      else await page.getByRole('button', { name: t('editor.tools.redo'), exact: true }).click()
      expect(await shownAll(page, arms)).toEqual(arms.map(() => GREEN))
      if (phone) await noSidewaysScroll(page, run.width)
      await page.screenshot({ path: `/tmp/editor-walk-${run.locale}-${run.width}.png`, fullPage: true })

      // --- Reload: the draft comes back with every stroke, byte for byte.
      // Reloaded at once, inside the autosave delay: the page's last changes must survive going away.
      const painted = await downloadPng(page, 'key')
      await page.reload()
      await ready(page)
      await expect(page.locator('.editor__notice').textContent()).resolves.toContain(t('editor.drafts.restored'))
      expect(await shownAll(page, [[hx, hy], [21, 22], ...arms])).toEqual([RED, BLUE, ...arms.map(() => GREEN)])
      const signed = await downloadPng(page, 'button')
      expect(sha256(signed)).toBe(sha256(painted))

      // --- Sign with a name and a visibility; the job completes and the page becomes the new skin's.
      const name = `Walk remix ${run.seed}`
      await page.locator('.editor-sign input[name="name"]').fill(name)
      await page.locator('.editor-sign select[name="visibility"]').selectOption(run.visibility)
      await expect(page.locator('.editor-sign').textContent()).resolves.toContain(t('editor.sign.remixOf', { name: original.name }))
      await page.locator('[data-action="sign"]').click()
      // A template skin may have see-through base pixels: the warning asks first.
      const anyway = page.locator('[data-action="sign-anyway"]')
      const skinUrl = new RegExp(`^${server.origin}${run.prefix}/skins/[0-9a-f]{32}$`)
      await Promise.race([anyway.waitFor({ timeout: 30_000 }).then(() => anyway.click()), page.waitForURL(skinUrl, { timeout: 30_000 })])
      await page.waitForURL(skinUrl, { timeout: 30_000 })
      await hydrated(page)
      const uuid = new URL(page.url()).pathname.split('/').at(-1)!
      expect(uuid).not.toBe(original.uuid)
      expect(await page.locator('h1').textContent()).toBe(name)
      // "Remixed from" the original, linking to its page.
      const remix = page.locator('.skin-page__remix')
      expect(await remix.textContent()).toBe(t('pages.skin.remixedFrom', { name: original.name }))
      expect(await remix.locator('a').getAttribute('href')).toBe(`${run.prefix}/skins/${original.uuid}`)
      // The texture the page serves is the file "Download PNG" gave.
      const href = (await page.locator('a[href^="/textures/"][download]').getAttribute('href'))!
      const hash = /^\/textures\/([0-9a-f]{64})/.exec(href)?.[1]
      expect(hash).toBe(sha256(signed))
      expect(hash).not.toBe(original.hash)
      const served = new Uint8Array(await (await fetch(`${server.origin}/textures/${hash}`)).arrayBuffer())
      expect(sha256(served)).toBe(hash!)
      if (phone) await noSidewaysScroll(page, run.width)
      await page.screenshot({ path: `/tmp/editor-walk-${run.locale}-${run.width}-signed.png` })

      expect(problems).toEqual([])
      await context.close()
    }, 90_000)
  }
})
