/**
 * The flags test/support/browser.ts launches Chromium with do what they say: Chromium reads only the
 * last `--disable-features` of its command line, so the one we add must keep every feature Playwright
 * disables (a Playwright upgrade that adds one fails here), and the hidden browser interface that
 * headless Chromium builds for each page (the omnibox popup's WebUI) is gone.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { BROWSER_UI_FEATURES, launchChromium } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
}, 30_000)
afterAll(() => browser?.close())

/** The command line of the Chromium this process launched (its child, talking over the pipe). */
function browserCommandLine(): string[] {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      if (ppid === process.pid && args.includes('--remote-debugging-pipe')) return args
    } catch {}
  }
  throw new Error('the launched Chromium was not found among this process’s children')
}

test('the last --disable-features, the one Chromium reads, keeps every feature Playwright disables, and ours', () => {
  const lists = browserCommandLine()
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','))
  expect(lists.length).toBeGreaterThanOrEqual(2)
  const effective = new Set(lists.at(-1))
  expect(lists.flat().filter((feature) => !effective.has(feature))).toEqual([])
  for (const feature of BROWSER_UI_FEATURES) expect(effective.has(feature)).toBe(true)
})

test('a new page is the only target: no hidden omnibox popup pages beside it', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('data:text/html,<title>t</title>')
  const cdp = await browser.newBrowserCDPSession()
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] }
  expect(targetInfos.filter((t) => t.type !== 'page' || !t.url.startsWith('data:'))).toEqual([])
  await cdp.detach()
  await context.close()
})
