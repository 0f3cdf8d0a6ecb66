/**
 * Injection in real Chromium: a skin whose stored name carries script payloads,
 * and a search term that does, leave `window.__pwned` undefined and open no dialog on the skin page,
 * the gallery and the search page, with the islands hydrated over that data. The API refuses such
 * names, so the name is written straight into the running server's database (defence in depth).
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

const PAYLOAD = `</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">{{constructor.constructor('window.__pwned=3')()}}`

let server: RunningServer
let browser: Browser
let context: BrowserContext
let uuid: string

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: '2' })
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins: { uuid: string }[] }
  uuid = list.skins[0]!.uuid
  const db = new Database(join(server.dataDir, 'skins.db'))
  db.query('UPDATE skins SET name = ?, updated_at = updated_at + 1 WHERE uuid = ?').run(PAYLOAD, uuid)
  db.close()
  browser = await launchChromium()
  context = await browser.newContext({ locale: 'en-US' })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Opens `path`, waits for the islands, and reports whether any payload ran. */
async function visit(path: string) {
  const page = await context.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await page.goto(server.origin + path)
  await hydrated(page)
  const pwned = await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)
  const injectedImages = await page.locator('img[src="x"]').count()
  return { page, pwned, dialogs, injectedImages }
}

describe('injection in Chromium', () => {
  test('a skin page whose name carries script payloads runs none of them and shows the name as text', async () => {
    const { page, pwned, dialogs, injectedImages } = await visit(`/skins/${uuid}`)
    expect(pwned).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(injectedImages).toBe(0)
    expect(await page.locator('h1').first().textContent()).toBe(PAYLOAD)
    expect(await page.title()).toContain('</script><script>')
    await page.close()
  })

  test('the gallery and a search for a payload run nothing', async () => {
    for (const path of ['/skins', `/skins?search=${encodeURIComponent('"><script>window.__pwned=1</script>')}`, `/de/skins?search=${encodeURIComponent('<img src=x onerror=window.__pwned=2>')}`]) {
      const { page, pwned, dialogs, injectedImages } = await visit(path)
      expect(pwned, path).toBeUndefined()
      expect(dialogs, path).toEqual([])
      expect(injectedImages, path).toBe(0)
      await page.close()
    }
  })
})
