/**
 * "Wear it" in real Chromium against the real Bun server, whose Microsoft and Minecraft hosts are the
 * local stand-in (test/support/microsoft-stand-in.ts), as a new user would go: a gallery skin's page →
 * "Wear this skin" → the Minecraft-account page (consent) → Microsoft's device code, approved at the
 * stand-in → the page reloads itself until the account is linked → "Wear it now" → the confirmation
 * with the head drawn from the new profile → back to the skin; another skin; "Wear again" from the
 * history; unlink. English at 1280 px with JavaScript (the drawer then names the linked profile), German
 * at 390 px without. Screenshots go to /tmp/shots/wear-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { browserCookies, cookiesOf, signUpOverHttp } from '../support/account-flows'
import { hydrated, launchChromium } from '../support/browser'
import { expectNoSidewaysScroll } from '../support/page-checks'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../support/microsoft-stand-in'

const SHOTS = '/tmp/shots'
const TEXTS = { en, de } as const

let standIn: MicrosoftStandIn
let sink: MailSink
let server: RunningServer
let browser: Browser
let gallery: { uuid: string; texture: string }[]

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  standIn = await startMicrosoftStandIn()
  sink = await startMailSink()
  // No pause between two skin changes of one account: the pacing has its own tests (src/api/wear).
  server = await startBunServer({ ...standIn.env, SMTP_URL: sink.url, DEMO_SKINS: '3', POOL_MIN_DELAY_S: '0', POOL_DELAY_MARGIN_MS: '0' })
  browser = await launchChromium()
  gallery = ((await (await fetch(`${server.origin}/api/v2/skins?size=3`)).json()) as { skins: typeof gallery }).skins
  expect(gallery.length).toBe(3)
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await sink?.close()
  await standIn?.stop()
})

/** A browser context signed in as a new account-site user. */
async function signedInContext(opts: { width: number; lang: 'en' | 'de'; javaScriptEnabled: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const res = await signUpOverHttp(server.origin, sink, { email: `wearer-${opts.lang}-${opts.width}@example.test`, password: 'wear what you like 2026' })
  expect(res.status).toBe(303)
  const context = await browser.newContext({ locale: opts.lang === 'de' ? 'de-DE' : 'en-US', viewport: { width: opts.width, height: opts.width < 600 ? 844 : 900 }, javaScriptEnabled: opts.javaScriptEnabled })
  await context.addCookies(browserCookies(cookiesOf(res), server.origin))
  return { context, page: await context.newPage() }
}


/** Every image of the page has loaded (the heads come from the renderer). */
const imagesLoaded = (page: Page) => page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 15_000 })

describe('wear it in the browser (docs/wear.md)', () => {
  for (const [lang, width, js] of [['en', 1280, true], ['de', 390, false]] as const) {
    test(`${lang} at ${width} px, JavaScript ${js ? 'on' : 'off'}: skin page → link → wear → history → unlink`, async () => {
      const text = TEXTS[lang]
      const m = text.accounts.minecraft
      const { context, page } = await signedInContext({ width, lang, javaScriptEnabled: js })
      const shot = (step: string) => page.screenshot({ path: `${SHOTS}/wear-${lang}-${width}-${step}.png`, fullPage: true })
      const prefix = lang === 'en' ? '' : `/${lang}`
      const [first, second] = gallery as [(typeof gallery)[0], (typeof gallery)[0]]

      // A gallery skin's page: "Wear this skin" without a linked account leads to linking first.
      await page.goto(`${server.origin}${prefix}/skins/${first.uuid}`)
      if (js) await hydrated(page)
      await page.getByRole('button', { name: text.wear.button }).click()
      await page.waitForURL((url) => url.pathname === '/accounts/minecraft')
      await page.getByText(m.wearAfterLink).waitFor()
      await page.getByText(m.consentNever).waitFor()
      await expectNoSidewaysScroll(page)
      await shot('consent')

      // Consent, then Microsoft's code; the Microsoft user approves it at the stand-in.
      await page.getByLabel(m.agree).check()
      await page.getByRole('button', { name: m.link }).click()
      await page.waitForURL((url) => url.pathname.startsWith('/accounts/minecraft/sign-in/'))
      const code = (await page.getByTestId('user-code').textContent())?.trim() ?? ''
      expect(code).toBe(standIn.lastUserCode()!)
      await expectNoSidewaysScroll(page)
      await shot('code')
      const name = `Wearer${lang}${width}`
      const player = await standIn.addMicrosoftUser({ name })
      standIn.approve(code, player.email)
      // The waiting page reloads itself (a meta refresh: no JavaScript needed) until the chain is through.
      await page.getByRole('status').filter({ hasText: m.done.linked.replace('{{name}}', name) }).waitFor({ timeout: 30_000 })
      expect((await page.getByTestId('minecraft-name').textContent())?.trim()).toBe(name)
      await shot('linked')

      // The skin it came for, one click away.
      await page.getByRole('button', { name: m.wearNow }).click()
      await page.getByRole('heading', { level: 1, name: m.wearDoneTitle }).waitFor()
      expect(standIn.profileOf(player.profileId!)?.skin).toMatchObject({ hash: first.texture })
      expect(await page.getByTestId('minecraft-head').getAttribute('data-hash')).toBe(first.texture)
      await imagesLoaded(page)
      await expectNoSidewaysScroll(page)
      await shot('worn')
      await page.getByRole('link', { name: m.backToSkin }).click()
      await page.waitForURL((url) => url.pathname === `${prefix}/skins/${first.uuid}`)

      // Another skin, straight from its page now that the account is linked.
      await page.goto(`${server.origin}${prefix}/skins/${second.uuid}`)
      if (js) {
        await hydrated(page)
        // The drawer names the linked profile (the fresh web cookie's claim).
        await page.locator('button.avatar[data-drawer-opener]').click()
        await page.locator('#app-drawer').getByText(name).waitFor()
        await page.keyboard.press('Escape')
      }
      await page.getByRole('button', { name: text.wear.button }).click()
      await page.getByRole('heading', { level: 1, name: m.wearDoneTitle }).waitFor()
      expect(standIn.profileOf(player.profileId!)?.skin).toMatchObject({ hash: second.texture })

      // What was worn, newest first; "Wear again" puts the first one back.
      await page.getByRole('link', { name: m.toAccount }).click()
      await page.waitForURL((url) => url.pathname === '/accounts/minecraft')
      const worn = page.getByTestId('worn-skin')
      expect(await worn.evaluateAll((items) => items.map((i) => i.getAttribute('data-skin')))).toEqual([second.uuid, first.uuid])
      expect(await page.getByTestId('minecraft-current').getAttribute('data-hash')).toBe(second.texture)
      await imagesLoaded(page)
      await expectNoSidewaysScroll(page)
      await shot('history')
      await worn.filter({ has: page.locator(`[data-skin="${first.uuid}"]`) }).or(page.locator(`[data-testid="worn-skin"][data-skin="${first.uuid}"]`)).getByRole('button', { name: m.wearAgain }).click()
      await page.getByRole('heading', { level: 1, name: m.wearDoneTitle }).waitFor()
      expect(standIn.profileOf(player.profileId!)?.skin).toMatchObject({ hash: first.texture })

      // Unlink: the saved sign-in is deleted; the page offers linking again.
      await page.getByRole('link', { name: m.toAccount }).click()
      await page.getByLabel(m.unlinkConfirm.replace('{{name}}', name)).check()
      await page.getByRole('button', { name: m.unlink, exact: true }).click()
      await page.getByRole('status').filter({ hasText: m.done.unlinked }).waitFor()
      await page.getByText(m.consentNever).waitFor()
      await expectNoSidewaysScroll(page)
      await shot('unlinked')
      await context.close()
    }, 90_000)
  }
})
