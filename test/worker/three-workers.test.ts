/**
 * The whole product on Workers, offline under one `wrangler dev` of the
 * three Workers — web (wrangler.toml), API (wrangler.api.toml) and account site (wrangler.accounts.toml),
 * `--env stack` — on local D1, R2, Queues and Durable Objects, signing with the Mojang pool against the
 * local Microsoft and Mojang stand-ins (test/support/microsoft-stand-in.ts). No PUBLIC_URL is set: links
 * come from the host the browser used, forwarded by the web Worker over its bindings.
 *
 * In real Chromium, as a new user: sign up through the link mailed to the Worker's log → lend a
 * Minecraft account to the signing pool (device code approved at the stand-in) → create an API key →
 * generate with it: the job is signed by that pool account → the skin is in My Skins → the owner links
 * their own Minecraft account and wears the skin (account Worker, R2) → a visitor
 * reports it → the admin (ADMIN_EMAILS) hides it from the report queue and sends the owner a
 * notification → the owner sees it in the bell (German), and the account site at 390 px. The Cron Trigger's refresh round
 * (Miniflare's `/cdn-cgi/local/scheduled`, on a second session of the API Worker alone) renews the pool account's token. Screenshots: /tmp/shots/workers-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { randomHex } from '../../src/api/ids'
import { hydrated, launchChromium } from '../support/browser'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../support/microsoft-stand-in'
import { paintedSkinPng } from '../support/skin-files'
import { signedWith } from '../support/texture-signature'
import { startApiWorkerStack, type ApiWorkerStack } from './api-worker-stack'
import { startWranglerDev } from './wrangler-dev'

const SHOTS = '/tmp/shots'
const OWNER = 'owner@workers.test'
const ADMIN = 'admin@workers.test'
const PASSWORD = 'three workers and a skin 2026'
const UA = { 'user-agent': 'ThreeWorkersWalk/1.0' }

let ms: MicrosoftStandIn
let stack: ApiWorkerStack
let browser: Browser
let owner: BrowserContext
let page: Page
let apiKey: string
let skinUuid: string
let poolName: string
let skinTextureUrl: string

/** The link to `path` the account Worker wrote to its log in the newest mail to `to`. */
async function mailedLink(to: string, path: string, since: number): Promise<string> {
  const pattern = new RegExp(`\\[mail\\] not sent[^\\n]*to=${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\n]*?(https?://[^\\s"\\\\]+${path.replaceAll('/', '\\/')}\\?[^\\s"\\\\]+)`, 'g')
  const deadline = Date.now() + 15_000
  for (;;) {
    const found = [...stack.output().slice(since).matchAll(pattern)].at(-1)
    if (found) return found[1]!
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${path} in the Worker's log:\n${stack.output().slice(-2000)}`)
    await Bun.sleep(100)
  }
}

/** Signs up `email` in `p` from Sign In, choosing the password on the page of the mailed link; ends back in the app. */
async function signUp(p: Page, email: string): Promise<void> {
  await p.goto(`${stack.origin}/skins`)
  await hydrated(p)
  await p.getByRole('button', { name: 'Show Jobs' }).click()
  await p.getByRole('link', { name: 'Sign In' }).click()
  await p.waitForURL((url) => url.pathname.startsWith('/accounts'))
  await p.getByRole('link', { name: /create one|create account|sign up/i }).first().click()
  await p.getByLabel(/e-?mail/i).first().fill(email)
  const since = stack.output().length
  await p.getByRole('button', { name: /create account|sign up/i }).first().click()
  await p.getByRole('heading', { name: 'Check your inbox' }).waitFor()
  const link = await mailedLink(email, '/accounts/verify', since)
  // The link names the host the browser used, not the binding's: no PUBLIC_URL is set.
  expect(link.startsWith(`${stack.origin}/accounts/verify?`)).toBe(true)
  await p.goto(link)
  await p.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await p.getByRole('button', { name: 'Create my account' }).click()
  await p.waitForURL((url) => !url.pathname.startsWith('/accounts'), { timeout: 15_000 })
  await hydrated(p)
  await p.locator('.app-bar button.avatar').waitFor()
}

/** Polls the job with the key until it ends. */
async function finishedJob(jobId: string): Promise<{ job: { status: string; result?: string }; skin?: { uuid: string; texture: { url: { skin: string }; data: { value: string; signature: string } } } }> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const res = await fetch(`${stack.apiOrigin}/v2/queue/${jobId}?wait=5000`, { headers: { ...UA, authorization: `Bearer ${apiKey}` } })
    const body = (await res.json()) as Awaited<ReturnType<typeof finishedJob>>
    if (body.job.status === 'completed' || body.job.status === 'failed') return body
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not end: ${JSON.stringify(body)}`)
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ms = await startMicrosoftStandIn({ accounts: 0, keyBits: 1024 })
  stack = await startApiWorkerStack({
    web: true,
    accounts: true,
    vars: {
      ...ms.env,
      SIGNER: 'mojang',
      POOL_TOKEN_KEY: randomHex(32),
      POOL_NEW_ACCOUNT_DELAY_S: '0',
      POOL_URL_CHECK_DELAY_MS: '200',
      ADMIN_EMAILS: ADMIN,
    },
  })
  browser = await launchChromium()
  owner = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  page = await owner.newPage()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await ms?.stop()
})

describe('three Workers: a new user, the signing pool and moderation', () => {
  test('sign up from Sign In, confirmed through the link the account Worker mailed to its log', async () => {
    await signUp(page, OWNER)
    await page.screenshot({ path: `${SHOTS}/workers-signed-in-1280.png` })
  }, 90_000)

  test('lend a Minecraft account to the pool: the code is approved at the stand-in, the account is ready', async () => {
    await page.goto(`${stack.origin}/`)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Account Manager' }).click()
    await page.waitForURL((url) => url.pathname === '/accounts/signing-accounts')
    await page.locator('input[name="agree"]').check()
    await page.locator('form.signing-add button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname.includes('/signing-accounts/sign-in/'))
    const code = (await page.getByTestId('user-code').textContent())?.trim() ?? ''
    expect(code).toBe(ms.lastUserCode()!)
    poolName = `WorkerLender${randomHex(2)}`
    const { email } = await ms.addMicrosoftUser({ name: poolName })
    ms.approve(code, email)
    // The page checks again by itself at Microsoft's interval (5 s) until the chain is through.
    await page.getByTestId('signed-in-name').waitFor({ timeout: 45_000 })
    expect((await page.getByTestId('signed-in-name').textContent())?.trim()).toBe(poolName)
    await page.screenshot({ path: `${SHOTS}/workers-pool-added-1280.png` })
  }, 90_000)

  test('an API key from the account site generates a skin the pool account signs', async () => {
    await page.goto(`${stack.origin}/apikey`)
    expect(new URL(page.url()).pathname.startsWith('/accounts')).toBe(true)
    await page.getByLabel(/name/i).first().fill('workers key')
    await page.getByRole('button', { name: /create/i }).first().click()
    apiKey = await page.getByRole('textbox', { name: 'Your new API key' }).inputValue()
    expect(apiKey).toMatch(/^ssg_[0-9a-f]{64}$/)

    const uploadsBefore = ms.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/minecraft/profile/skins')).length
    const body = new FormData()
    body.append('file', new Blob([paintedSkinPng(2401)], { type: 'image/png' }), 'workers.png')
    body.append('name', 'Three Workers')
    const queued = await fetch(`${stack.apiOrigin}/v2/queue`, { method: 'POST', body, headers: { ...UA, authorization: `Bearer ${apiKey}` } })
    const first = (await queued.json()) as { job: { id: string } }
    expect(queued.status, JSON.stringify(first)).toBe(202)
    const done = await finishedJob(first.job.id)
    expect(done.job.status, JSON.stringify(done)).toBe('completed')
    skinUuid = done.skin!.uuid
    skinTextureUrl = done.skin!.texture.url.skin
    // Signed by Mojang (the stand-in's key), after an upload to the lent account's skin slot.
    expect(await signedWith(ms.publicKeyPem, done.skin!.texture.data.value, done.skin!.texture.data.signature)).toBe(true)
    expect(ms.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/minecraft/profile/skins')).length).toBe(uploadsBefore + 1)
    const textures = JSON.parse(Buffer.from(done.skin!.texture.data.value, 'base64').toString()) as { profileName: string }
    expect(textures.profileName).toBe(poolName)
  }, 90_000)

  test('the skin is in My Skins', async () => {
    await page.goto(`${stack.origin}/my-skins`)
    await hydrated(page)
    await page.locator(`.my-skins a[href="/skins/${skinUuid}"]`).first().waitFor({ timeout: 15_000 })
    // Every picture loads: the skin's render (the web Worker renders it from the API Worker's texture)
    // and the avatar from the account Worker, at the site's host.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 15_000 })
    await page.screenshot({ path: `${SHOTS}/workers-my-skins-1280.png` })
  }, 60_000)

  test('wear it on your own Minecraft account: linked and worn through the account Worker', async () => {
    await page.goto(`${stack.origin}/skins/${skinUuid}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Wear this skin' }).click()
    // Not linked yet: the account Worker's Minecraft page, consent first.
    await page.waitForURL((url) => url.pathname === '/accounts/minecraft')
    await page.getByLabel('I agree: this site may change my Minecraft skin when I ask it to.').check()
    await page.getByRole('button', { name: 'Link with Microsoft' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/accounts/minecraft/sign-in/'))
    const code = (await page.getByTestId('user-code').textContent())?.trim() ?? ''
    expect(code).toBe(ms.lastUserCode()!)
    const wearer = await ms.addMicrosoftUser({ name: `WorkerWearer${randomHex(2)}` })
    ms.approve(code, wearer.email)
    // Linked (the page checks again at Microsoft's interval), then one click wears the skin it came for.
    await page.getByRole('button', { name: 'Wear it now' }).click({ timeout: 45_000 })
    await page.getByRole('heading', { level: 1, name: 'You are wearing it' }).waitFor()
    // The stored PNG came from the API Worker's R2 bucket: the wearer's profile shows the same texture.
    expect(ms.skinUrl(wearer.profileId!)?.split('/').pop()).toBe(skinTextureUrl.split('/').pop())
    await page.screenshot({ path: `${SHOTS}/workers-worn-1280.png` })
  }, 90_000)

  test('a visitor reports it; the admin hides it from the report queue and notifies the owner', async () => {
    const visitor = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const vp = await visitor.newPage()
    await vp.goto(`${stack.origin}/skins/${skinUuid}`)
    await hydrated(vp)
    await vp.getByRole('button', { name: 'Report' }).click()
    const dialog = vp.getByRole('dialog', { name: 'Report this skin' })
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText('Thank you — the skin was reported.').waitFor({ timeout: 30_000 })
    await visitor.close()

    const adminContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const admin = await adminContext.newPage()
    await signUp(admin, ADMIN)
    await admin.goto(`${stack.origin}/accounts/admin/reports`)
    const item = admin.locator(`[data-testid="report-item"][data-skin="${skinUuid}"]`)
    await item.waitFor()
    await item.getByRole('textbox').first().fill('Workers walk-through: not for the gallery')
    await item.getByRole('button', { name: 'Hide', exact: true }).click()
    await admin.getByRole('status').first().waitFor()
    await admin.screenshot({ path: `${SHOTS}/workers-admin-hidden-1280.png` })
    const listed = (await (await fetch(`${stack.apiOrigin}/v2/skins?size=50`, { headers: UA })).json()) as { skins: { uuid: string }[] }
    expect(listed.skins.map((s) => s.uuid)).not.toContain(skinUuid)

    // The console's site status reads the same D1: the pool signs, one skin reported, one job completed.
    await admin.goto(`${stack.origin}/accounts/admin`)
    expect((await admin.getByTestId('signer-kind').textContent())?.trim()).toContain('Mojang account pool')
    expect(Number((await admin.getByTestId('jobs-completed').textContent())?.replace(/\D+/g, ''))).toBeGreaterThanOrEqual(1)
    await admin.screenshot({ path: `${SHOTS}/workers-admin-status-1280.png`, fullPage: true })

    await admin.goto(`${stack.origin}/accounts/admin/users`)
    await admin.getByRole('searchbox').fill(OWNER)
    await admin.getByRole('searchbox').press('Enter')
    await admin.getByRole('link', { name: OWNER }).click()
    await admin.getByLabel('Title').fill('Your skin was hidden')
    await admin.getByLabel('Message').fill('“Three Workers” is out of the public gallery after a report.')
    await admin.getByRole('button', { name: 'Send notification' }).click()
    await admin.getByRole('status').first().waitFor()
    await adminContext.close()
  }, 120_000)

  test('the owner sees the notification in the bell (German); the account site at 390 px', async () => {
    // The bell is a wide-screen control (SPEC §2 "App bar").
    await page.goto(`${stack.origin}/de/`)
    await hydrated(page)
    const bell = page.getByRole('button', { name: 'Benachrichtigungen (1)' })
    await bell.waitFor({ timeout: 15_000 })
    await bell.click()
    await page.getByRole('dialog').getByRole('heading', { name: 'Your skin was hidden' }).waitFor()
    await page.screenshot({ path: `${SHOTS}/workers-notification-de-1280.png` })

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${stack.origin}/accounts/manage?lang=de`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.screenshot({ path: `${SHOTS}/workers-manage-de-390.png`, fullPage: true })
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }))
    expect(scroll).toBeLessThanOrEqual(width)
    await owner.close()
  }, 60_000)

  test("the Cron Trigger's round renews a pool token before it would need renewing", async () => {
    const before = ms.counts.refreshes
    // Tokens that expire inside the renew-before-use window plus one round are due.
    await stack.d1(`UPDATE accounts SET token_expires_at = ${Date.now() + 60_000}`)
    // Miniflare's trigger endpoint serves the session's first Worker only (here the web Worker), so the
    // API Worker's Cron Trigger fires in a second session of it alone, on the same local D1 files.
    const api = await startWranglerDev(['-c', join(stack.configDir, 'wrangler.api.toml'), '--env', 'stack', '--persist-to', stack.persistDir])
    try {
      const res = await fetch(`${api.origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/5 * * * *')}`)
      expect(res.status, await res.clone().text()).toBe(200)
      await api.waitForOutput('pool refresh: 1 renewed, 0 failed')
    } finally {
      await api.stop()
    }
    expect(ms.counts.refreshes).toBe(before + 1)
    const [row] = await stack.d1('SELECT token_expires_at FROM accounts')
    expect(Number(row!.token_expires_at)).toBeGreaterThan(Date.now() + 3_600_000)
  }, 60_000)
})
