/**
 * The skin editor island (editor contract part C) in real Chromium against the real Bun server: in
 * English at 1280 px and in German at 390 px (where the 3D view loads only once its tab is opened), a mouse stroke on the 2D texture view paints the texels
 * under it in the chosen colour (read back from the view's own pixels), undo and redo step the whole
 * stroke back and forth (buttons and Ctrl+Z / Ctrl+Shift+Z), and after a reload the draft comes back
 * from IndexedDB with the stroke in it. The phone layout has no sideways scroll and switches views
 * with tabs; `?` opens the shortcut list; axe finds nothing serious. Screenshots go to
 * /tmp/editor-*.png. The full walk-through (3D painting, mirror, signing) is test/e2e/editor*.test.ts
 * of the later helpers; this one stays on the island's own path.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { hydrated, launchChromium, settled } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { shown as shownColour, stroke2d as stroke, TEXTURE_CANVAS } from '../support/editor-texture'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startBunServer()
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})


/** Opens the editor at `path` in a fresh profile of `width` px, in `locale`; waits until its draft is in place. */
async function openEditor(path: string, width: number, locale: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale, deviceScaleFactor: 1, reducedMotion: 'reduce' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(server.origin + path)
  await ready(page)
  return { page, context, errors }
}

/** Waits until the island has hydrated, fetched its strings and opened a draft. */
async function ready(page: Page) {
  await hydrated(page)
  await page.waitForSelector('.editor[data-ready]', { timeout: 30_000 })
  await page.waitForSelector(`${TEXTURE_CANVAS}[data-transform]`)
}

/** Serious and critical axe findings on the page. */
async function axeFindings(page: Page): Promise<string[]> {
  const axe = await Bun.file(require.resolve('axe-core/axe.min.js')).text()
  await page.addScriptTag({ content: axe })
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, { resultTypes: ['violations'] })
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

// Head front: x 8–15, y 8–15 on both models. The blank template's face colour there.
const FACE = '#d2a88a'
const RED = '#e0211b'

describe('the editor island', () => {
  test('English, 1280 px: a stroke paints, undo/redo step it whole, the draft survives a reload', async () => {
    const { page, context, errors } = await openEditor('/editor', 1280, 'en-US')
    expect(await page.locator('.editor__views .editor__view').count()).toBe(2)
    // Both views side by side: the tabs are for narrow screens.
    expect(await page.locator('.editor__tabs').isVisible()).toBe(false)
    expect(await shownColour(page, 10, 10)).toBe(FACE)

    await page.locator('.editor-colour__hex input').fill(RED)
    await page.getByRole('button', { name: 'Pencil', exact: true }).click()
    await stroke(page, [9, 10], [12, 10])
    for (const x of [9, 10, 11, 12]) expect(await shownColour(page, x, 10)).toBe(RED)
    expect(await shownColour(page, 13, 10)).toBe(FACE)
    // The paint frame records its User Timing measure (the bench reads it).
    expect(await page.evaluate(() => performance.getEntriesByName('editor:paint-2d').length)).toBeGreaterThan(0)

    // One undo takes the whole stroke back; one redo brings it all.
    await page.keyboard.press('Control+z')
    for (const x of [9, 12]) expect(await shownColour(page, x, 10)).toBe(FACE)
    await page.keyboard.press('Control+Shift+z')
    for (const x of [9, 12]) expect(await shownColour(page, x, 10)).toBe(RED)
    // The colour joined the recent colours.
    expect(await page.getByRole('button', { name: `Use ${RED}` }).count()).toBeGreaterThan(0)

    await page.locator('.editor-draft').first().waitFor()
    await page.screenshot({ path: '/tmp/editor-en-1280.png', fullPage: true })
    expect(await axeFindings(page)).toEqual([])

    await page.reload()
    await ready(page)
    await expect(page.locator('.editor__notice').textContent()).resolves.toContain('Your last draft is back.')
    for (const x of [9, 12]) expect(await shownColour(page, x, 10)).toBe(RED)
    // The history starts afresh with the reopened draft.
    expect(await page.locator('[data-action="undo"]').isDisabled()).toBe(true)
    expect(await page.locator('.editor-draft.is-current').count()).toBe(1)

    // `?` opens the shortcut list, Escape closes it.
    await page.keyboard.press('Shift+Slash')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await help.waitFor()
    await expect(help.getByRole('row').count()).resolves.toBeGreaterThan(15)
    await settled(page)
    await page.screenshot({ path: '/tmp/editor-en-1280-help.png' })
    await page.keyboard.press('Escape')
    await help.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  test('German, 390 px: no sideways scroll, tabs switch the views, the buttons undo and redo, the draft survives a reload', async () => {
    const { page, context, errors } = await openEditor('/de/editor', 390, 'de-DE')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const textureTab = page.getByRole('tab', { name: 'Textur' })
    const modelTab = page.getByRole('tab', { name: '3D' })
    expect(await textureTab.getAttribute('aria-selected')).toBe('true')
    expect(await page.locator('.editor__view--model').isVisible()).toBe(false)

    await page.locator('.editor-colour__hex input').fill(RED)
    await stroke(page, [8, 12], [8, 14])
    for (const y of [12, 13, 14]) expect(await shownColour(page, 8, y)).toBe(RED)
    await page.getByRole('button', { name: 'Rückgängig' }).click()
    expect(await shownColour(page, 8, 13)).toBe(FACE)
    await page.getByRole('button', { name: 'Wiederholen' }).click()
    expect(await shownColour(page, 8, 13)).toBe(RED)
    // Saved: the drafts list (folded away on a phone) holds the draft.
    await page.locator('.editor-draft').first().waitFor({ state: 'attached' })
    await page.screenshot({ path: '/tmp/editor-de-390.png', fullPage: true })

    // On a phone the 3D view (three.js) loads when its tab is first opened.
    expect(await page.locator('.editor-3d__canvas').count()).toBe(0)
    await modelTab.click()
    expect(await page.locator('.editor__view--model').isVisible()).toBe(true)
    expect(await page.locator('.editor__view--texture').isVisible()).toBe(false)
    await page.locator('.editor-model[data-state="ready"] .editor-3d__canvas').waitFor({ timeout: 30_000 })
    await page.screenshot({ path: '/tmp/editor-de-390-3d.png' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await axeFindings(page)).toEqual([])

    await page.reload()
    await ready(page)
    await expect(page.locator('.editor__notice').textContent()).resolves.toContain('Dein letzter Entwurf ist wieder da.')
    expect(await shownColour(page, 8, 13)).toBe(RED)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
