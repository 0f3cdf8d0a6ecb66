/**
 * The skin page's copy buttons and commands box in real Chromium: a copy button puts
 * the value on the clipboard and says 'Copied'; without the Clipboard API the text is selected and a
 * snackbar asks for a manual copy; a command tab switches in place.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, BrowserContext } from 'playwright-core'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let skin: { uuid: string; shortId: string; texture: { data: { value: string; signature: string } } }

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: '3' })
  browser = await launchChromium()
  context = await browser.newContext({ locale: 'en-US' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin })
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins: { uuid: string }[] }
  skin = ((await (await fetch(`${server.origin}/api/v2/skins/${list.skins[0]!.uuid}`)).json()) as { skin: typeof skin }).skin
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('skin page in Chromium', () => {
  test('copy puts the value on the clipboard and confirms on the button', async () => {
    const page = await context.newPage()
    await page.goto(`${server.origin}/skins/${skin.uuid}`)
    await hydrated(page)
    const button = page.locator('button[data-copy="skin-value"]')
    await button.waitFor({ state: 'visible' })
    await button.click()
    await page.waitForFunction(() => document.querySelector('button[data-copy="skin-value"]')?.hasAttribute('data-copied'))
    expect(await button.locator('.copy-button__text').textContent()).toBe('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(skin.texture.data.value)
    // Screen readers hear it too.
    await page.waitForFunction(() => document.querySelector('x-island[data-island="copy-buttons"] [role="status"]')?.textContent === 'Copied')
    await page.locator('button[data-copy="skin-short-id"]').click()
    await page.waitForFunction(() => document.querySelector('button[data-copy="skin-short-id"]')?.hasAttribute('data-copied'))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(skin.shortId)
    await page.close()
  })

  test('a command tab switches in place and its command is copied', async () => {
    const page = await context.newPage()
    await page.goto(`${server.origin}/skins/${skin.uuid}`)
    await hydrated(page)
    const before = page.url()
    await page.locator('.skin-commands__tabs a', { hasText: '1.12' }).click()
    await page.waitForFunction(() => (document.getElementById('skin-command') as HTMLTextAreaElement).value.startsWith('/give @p minecraft:skull 1 3 '))
    expect(page.url()).toBe(`${before}?command=give-1.12`)
    expect(await page.locator('.skin-commands__tabs a.is-active').textContent()).toBe('1.12')
    await page.locator('.skin-commands__tabs a', { hasText: 'Citizens' }).click()
    await page.waitForFunction(() => (document.getElementById('skin-command') as HTMLTextAreaElement).value.startsWith('/npc skin --url '))
    expect(await page.locator('[data-command-hint="plugins"]').isVisible()).toBe(true)
    expect(await page.locator('[data-command-hint="vanilla"]').isVisible()).toBe(false)
    await page.locator('button[data-copy="skin-command"]').click()
    await page.waitForFunction(() => document.querySelector('button[data-copy="skin-command"]')?.hasAttribute('data-copied'))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`/npc skin --url ${server.origin}/${skin.uuid}`)
    await page.close()
  })

  test('without the Clipboard API the text is selected and a snackbar explains', async () => {
    const page = await context.newPage()
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }))
    await page.goto(`${server.origin}/skins/${skin.uuid}`)
    await hydrated(page)
    await page.locator('button[data-copy="skin-signature"]').click()
    await page.locator('.snackbar', { hasText: 'Ctrl+C' }).waitFor()
    const selection = await page.evaluate(() => {
      const field = document.activeElement as HTMLTextAreaElement
      return { id: field.id, start: field.selectionStart, end: field.selectionEnd, length: field.value.length }
    })
    expect(selection).toEqual({ id: 'skin-signature', start: 0, end: skin.texture.data.signature.length, length: skin.texture.data.signature.length })
    await page.close()
  })
})
