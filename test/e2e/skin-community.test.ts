/**
 * The skin page's community and owner parts in real Chromium against the real Bun server: a
 * view counts once per browser (a reload does not count again, a new browser does); tags
 * are voted up and added; a like counts and stays liked; the report dialog sends a reason and thanks
 * a second report; the browser that generated the skin edits its name and sees it, another browser
 * sees no edit button; after delete the page is a 404. Every action carries a real altcha proof solved
 * in the page. Screenshots at 390 px and 1280 px go to /tmp/shots/community-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { paintedSkinPng } from '../support/skin-files'
import { closeQuietly, trackRequests } from '../support/quiet-close'

let server: RunningServer
let browser: Browser
let owner: BrowserContext
let skin = ''

const SHOTS = '/tmp/shots'
const COMMUNITY = 'x-island[data-island="skin-community"]'
const EDIT = '.skin-owner__edit'
/** The chip of the tag 'red hat' (a chip is its search link, then its vote arrows). */
const RED_HAT = '.skin-tags__list > li:has(> a[href$="search=red+hat"])'

beforeAll(async () => {
  server = await startBunServer({
    DEMO_SKINS: '1',
    // Real proofs, solved in the page, with less work than production asks for so the test stays quick.
    ALTCHA_MIN_COUNTER: '500',
    ALTCHA_MAX_COUNTER: '3000',
    // One up vote makes a tag visible to everyone, so a second browser sees the first one's tag.
    TAG_VISIBLE_THRESHOLD: '1',
  })
  browser = await launchChromium()
  mkdirSync(SHOTS, { recursive: true })
  // The owner: a browser that generates a skin (its anonymous client cookie makes it the owner).
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  skin = await generate(owner.request)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Queues a skin through the API with `request` (sharing the browser's cookies) and waits for it. */
async function generate(request: APIRequestContext): Promise<string> {
  const queued = await request.post(`${server.origin}/api/v2/queue`, {
    multipart: { file: { name: 'owner.png', mimeType: 'image/png', buffer: Buffer.from(paintedSkinPng(4242)) }, name: 'Owner Skin', visibility: 'public' },
  })
  const job = ((await queued.json()) as { job: { id: string } }).job.id
  for (let poll = 0; poll < 100; poll++) {
    const answer = (await (await request.get(`${server.origin}/api/v2/queue/${job}`)).json()) as { job: { status: string; result?: string } }
    if (answer.job.status === 'completed' && answer.job.result) return answer.job.result
    if (answer.job.status === 'failed') throw new Error('the skin could not be generated')
    await Bun.sleep(100)
  }
  throw new Error('the job did not finish')
}

/** Opens the skin page in `context` and waits until the community island has hydrated. */
async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  ;(page as Page & { problems?: string[] }).problems = problems
  trackRequests(page)
  await page.goto(`${server.origin}/skins/${skin}`)
  await page.waitForSelector(`${COMMUNITY}[data-hydrated]`)
  return page
}

const shownViews = async (page: Page) => Number(await page.locator('[data-views]').getAttribute('data-views'))
const apiSkin = async () => ((await (await fetch(`${server.origin}/api/v2/skins/${skin}`)).json()) as { skin: { views: number; likes: number; name?: string } }).skin
/** Waits for one idle period of the page (the view count starts in idle time). */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 })))
/** The tags as the API lists them for the browser of `page` (with its cookies). */
const tagsSeenBy = (page: Page) =>
  page.evaluate(async (uuid) => ((await (await fetch(`/api/v2/skins/${uuid}/tags`)).json()) as { tags: { tag: string; vote: string | null; suggested: boolean }[] }).tags, skin)
const newVisitor = (width = 1280) => browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' })

describe('skin page community', () => {
  let visitor: BrowserContext
  let page: Page
  let startViews = 0

  test('a view counts once per browser: the shown count rises; a reload does not count again; a new browser does', async () => {
    startViews = (await apiSkin()).views
    visitor = await newVisitor()
    page = await open(visitor)
    expect(await shownViews(page)).toBe(startViews)
    // No view (and no anti-bot solver) before the visitor interacts: a page that only loads counts nothing.
    const early: string[] = []
    page.on('request', (r) => /interactions\/views|\/v2\/challenge/.test(r.url()) && early.push(r.url()))
    await idle(page)
    await idle(page)
    await idle(page)
    expect(early).toEqual([])
    expect((await apiSkin()).views).toBe(startViews)
    await page.mouse.move(40, 40)
    await page.waitForFunction((n) => document.querySelector('[data-views]')?.getAttribute('data-views') === String(n), startViews + 1, { timeout: 30_000 })
    expect((await apiSkin()).views).toBe(startViews + 1)
    expect(await page.evaluate(() => localStorage.getItem('ssg:recent-views'))).toContain(skin)

    const posts: string[] = []
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/interactions/views') && posts.push(r.url()))
    await page.reload()
    await page.waitForSelector(`${COMMUNITY}[data-hydrated]`)
    await page.mouse.move(60, 60)
    await idle(page)
    await idle(page)
    await idle(page)
    expect(posts).toEqual([])
    expect(await shownViews(page)).toBe(startViews + 1)
    expect((await apiSkin()).views).toBe(startViews + 1)

    const other = await newVisitor()
    const second = await open(other)
    await second.mouse.wheel(0, 50)
    await second.waitForFunction((n) => document.querySelector('[data-views]')?.getAttribute('data-views') === String(n), startViews + 2, { timeout: 30_000 })
    expect((await apiSkin()).views).toBe(startViews + 2)
    await closeQuietly(other, second)
  }, 90_000)

  test('add a tag, then a second browser sees it and votes it up', async () => {
    const input = page.getByPlaceholder('e.g. knight')
    // Local check first: a readable message, nothing sent.
    await input.fill('Red_Hat!')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('alert').filter({ hasText: 'lowercase letters' }).waitFor()
    await input.fill('Red Hat')
    await page.getByRole('button', { name: 'Add tag' }).click()
    const chip = page.locator(RED_HAT)
    await chip.waitFor()
    // Shown at once (optimistic), confirmed once the API has it.
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-vote') === 'up', RED_HAT)
    await page.getByText('Tag “red hat” added').waitFor({ timeout: 30_000 })
    await expect(chip.locator('a').getAttribute('href')).resolves.toBe('/skins?search=red+hat')
    const mine = await tagsSeenBy(page)
    expect(mine).toContainEqual({ tag: 'red hat', vote: 'up', suggested: false })
    // The vote sticks: after a reload the page hands the island this browser's vote.
    await page.reload()
    await page.waitForSelector(`${COMMUNITY}[data-hydrated]`)
    expect(await page.locator(RED_HAT).getAttribute('data-vote')).toBe('up')

    const other = await newVisitor()
    const second = await open(other)
    const theirs = second.locator(RED_HAT)
    expect(await theirs.getAttribute('data-vote')).toBeNull()
    await theirs.getByRole('button', { name: 'Vote “red hat” up' }).click()
    await second.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-vote') === 'up', RED_HAT)
    await second.getByText('Vote saved').waitFor({ timeout: 30_000 })
    await expect(theirs.getByRole('button', { name: 'Vote “red hat” up' }).getAttribute('aria-pressed')).resolves.toBe('true')
    const answer = await tagsSeenBy(second)
    expect(answer).toContainEqual({ tag: 'red hat', vote: 'up', suggested: false })
    // No edit button for a browser that did not generate the skin.
    expect(await second.locator(EDIT).count()).toBe(0)
    await closeQuietly(other, second)
  }, 60_000)

  test('like: the count rises once and the button stays liked after a reload', async () => {
    const likes = (await apiSkin()).likes
    const button = page.locator('.skin-like')
    expect(await button.getAttribute('aria-pressed')).toBe('false')
    const sent = page.waitForResponse((r) => r.url().endsWith('/interactions/likes'), { timeout: 30_000 })
    await button.click()
    await page.waitForFunction(() => document.querySelector('.skin-like')?.getAttribute('aria-pressed') === 'true')
    expect(await page.locator('.skin-like__count').getAttribute('data-likes')).toBe(String(likes + 1))
    expect((await sent).status()).toBe(204)
    expect((await apiSkin()).likes).toBe(likes + 1)
    await page.reload()
    await page.waitForSelector(`${COMMUNITY}[data-hydrated]`)
    expect(await page.locator('.skin-like').getAttribute('aria-pressed')).toBe('true')
    expect(await page.locator('.skin-like__count').getAttribute('data-likes')).toBe(String(likes + 1))
    await page.screenshot({ path: `${SHOTS}/community-1280.png`, fullPage: true })
  }, 60_000)

  test('report: a dialog with the reasons, focus inside; sent once, a second report is thanked', async () => {
    const reportButton = page.getByRole('button', { name: 'Report' })
    await reportButton.click()
    const dialog = page.getByRole('dialog', { name: 'Report this skin' })
    await dialog.waitFor()
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('skin')
    await dialog.getByLabel('Inappropriate name').check()
    await page.screenshot({ path: `${SHOTS}/community-report-1280.png` })
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText('Thank you — the skin was reported.').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await dialog.waitFor({ state: 'hidden' })
    // Focus goes back to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Report')

    await page.reload()
    await page.waitForSelector(`${COMMUNITY}[data-hydrated]`)
    await page.getByRole('button', { name: 'Report' }).click()
    await page.getByRole('dialog', { name: 'Report this skin' }).getByRole('button', { name: 'Send report' }).click()
    await page.getByText('You already reported this skin. Thank you!').waitFor()
    await page.keyboard.press('Escape')
  }, 60_000)

  test('at 390 px the community bar and tags fit the screen', async () => {
    const phone = await newVisitor(390)
    const small = await open(phone)
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await small.locator('.skin-page__facts').screenshot({ path: `${SHOTS}/community-390.png` })
    await small.getByRole('button', { name: 'Report' }).click()
    await small.getByRole('dialog', { name: 'Report this skin' }).waitFor()
    await small.screenshot({ path: `${SHOTS}/community-report-390.png` })
    await closeQuietly(phone, small)
  }, 60_000)
})

describe('skin page owner', () => {
  test('the browser that generated the skin edits its name and sees it; then deletes it and the page is a 404', async () => {
    const page = await open(owner)
    const edit = page.locator(EDIT)
    await page.waitForSelector(`x-island[data-island="skin-owner"][data-hydrated]`)
    await edit.click()
    const dialog = page.getByRole('dialog', { name: 'Edit skin' })
    await dialog.waitFor()
    const name = dialog.getByLabel('Name')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('skin-edit-name')
    expect(await name.inputValue()).toBe('Owner Skin')
    await name.fill('Bad/Name')
    await dialog.getByText('Names may only use letters').waitFor()
    await name.fill('Renamed Skin')
    await page.screenshot({ path: `${SHOTS}/community-edit-1280.png` })
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save' }).click()])
    await page.waitForSelector(`${COMMUNITY}[data-hydrated]`)
    expect(await page.locator('h1').textContent()).toContain('Renamed Skin')
    expect((await apiSkin()).name).toBe('Renamed Skin')
    // The gallery lists it under its new name (latest first: it is the newest skin).
    const gallery = await owner.newPage()
    trackRequests(gallery)
    await gallery.goto(`${server.origin}/skins`)
    expect(await gallery.locator(`.skin-card a[href="/skins/${skin}"] span`).textContent()).toBe('Renamed Skin')
    await closeQuietly(gallery, gallery)

    await page.setViewportSize({ width: 390, height: 900 })
    await page.locator(EDIT).click()
    await page.getByRole('button', { name: 'Delete skin' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete this skin?' })
    await confirm.waitFor()
    await page.screenshot({ path: `${SHOTS}/community-delete-390.png` })
    const [response] = await Promise.all([page.waitForNavigation(), confirm.getByRole('button', { name: 'Delete', exact: true }).click()])
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toContain('Page Not Found')
    expect((await fetch(`${server.origin}/api/v2/skins/${skin}`)).status).toBe(404)
    expect((page as Page & { problems?: string[] }).problems).toEqual([])
  }, 60_000)
})
