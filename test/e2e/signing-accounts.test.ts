/**
 * Lending a Minecraft account to the signing pool in real Chromium against the real
 * Bun server, whose Microsoft and Minecraft hosts are the local stand-in (test/support/microsoft-stand-in.ts):
 * sign up → the footer's "Account Manager" → consent, add → the code and Microsoft's link → the stand-in
 * approves the code as the Microsoft user would → the page (reloading itself) shows the added account →
 * the list shows it ready; pause it. In English at 1280 px and German at 390 px; then the same without
 * JavaScript, through "I have signed in — check now". Screenshots go to /tmp/shots/signing-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { browserCookies, cookiesOf, signUpOverHttp } from '../support/account-flows'
import { launchChromium } from '../support/browser'
import { expectNoSidewaysScroll } from '../support/page-checks'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../support/microsoft-stand-in'

const SHOTS = '/tmp/shots'
const PASSWORD = 'lend me your skin slot 2026'
const TEXTS = { en, de } as const

let standIn: MicrosoftStandIn
let sink: MailSink
let server: RunningServer
let browser: Browser
/** One signed-up user per language: the account site lets one address sign up only a few times. */
const sessions = new Map<string, Promise<string>>()

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  standIn = await startMicrosoftStandIn()
  sink = await startMailSink()
  server = await startBunServer({ ...standIn.env, SMTP_URL: sink.url })
  browser = await launchChromium()
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await sink?.close()
  await standIn?.stop()
})

/** The session cookies of the language's user, signed up over HTTP through the mailed link the first time. */
function sessionOf(lang: string): Promise<string> {
  if (!sessions.has(lang)) {
    sessions.set(
      lang,
      signUpOverHttp(server.origin, sink, { email: `lender-${lang}@example.test`, password: PASSWORD }).then((res) => {
        if (res.status !== 303) throw new Error(`the confirmation link answered ${res.status}`)
        return cookiesOf(res)
      }),
    )
  }
  return sessions.get(lang)!
}

/** A browser context signed in as the language's account-site user. */
async function signedInContext(opts: { width: number; lang: 'en' | 'de'; javaScriptEnabled?: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const cookies = await sessionOf(opts.lang)
  const context = await browser.newContext({
    locale: opts.lang === 'de' ? 'de-DE' : 'en-US',
    viewport: { width: opts.width, height: opts.width < 600 ? 844 : 900 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  })
  await context.addCookies(browserCookies(cookies, server.origin))
  return { context, page: await context.newPage() }
}


/** Ticks the consent, submits the add form and returns the code shown on the sign-in page. */
async function startAdding(page: Page, restore: boolean): Promise<string> {
  await page.locator('input[name="agree"]').check()
  if (restore) await page.locator('input[name="restore"]').check()
  await page.locator('form.signing-add button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname.includes('/signing-accounts/sign-in/'))
  const code = (await page.getByTestId('user-code').textContent())?.trim() ?? ''
  expect(code.length).toBeGreaterThan(3)
  expect(standIn.lastUserCode()).toBe(code)
  return code
}

describe('signing accounts in the browser', () => {
  // Both widths and both languages in two walks, not four: German's longer strings on the narrow
  // screen, English on the wide one.
  for (const [lang, width] of [['en', 1280], ['de', 390]] as const) {
    test(`${lang} at ${width} px: footer → consent → code → approve → the account is in the pool`, async () => {
      const s = TEXTS[lang].accounts.signing
      const { context, page } = await signedInContext({ width, lang })
      const shot = (step: string) => page.screenshot({ path: `${SHOTS}/signing-${lang}-${width}-${step}.png`, fullPage: true })

      // The app's footer leads to the account manager, in the page's language.
      await page.goto(`${server.origin}${lang === 'en' ? '/' : `/${lang}`}`)
      await page.getByRole('contentinfo').getByRole('link', { name: TEXTS[lang].footer.accountManager }).click()
      await page.waitForURL((url) => url.pathname === '/accounts/signing-accounts')
      expect(new URL(page.url()).searchParams.get('lang')).toBe(lang)
      await page.getByRole('heading', { level: 1, name: s.title }).waitFor()
      // The consent text is there before the form.
      await page.getByText(s.consentSkin).waitFor()
      await page.getByText(s.consentToken).waitFor()
      await expectNoSidewaysScroll(page)
      await shot('list-empty')

      const code = await startAdding(page, width === 1280)
      const link = page.getByTestId('verification-link')
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\//)
      await page.getByRole('link', { name: s.signIn.checkNow }).waitFor()
      await expectNoSidewaysScroll(page)
      await shot('code')

      // The Microsoft user types the code and allows access; the page reloads itself until it is done.
      const name = `Lender${lang}${width}`
      const { email } = await standIn.addMicrosoftUser({ name })
      await standIn.approve(code, email)
      await page.getByRole('heading', { level: 1, name: s.signIn.doneTitle }).waitFor({ timeout: 30_000 })
      expect((await page.getByTestId('signed-in-name').textContent())?.trim()).toBe(name)
      await expectNoSidewaysScroll(page)
      await shot('done')

      await page.getByRole('link', { name: s.back }).click()
      const item = page.getByTestId('signing-account').filter({ hasText: name })
      await item.waitFor()
      expect(await item.locator('.signing-status').textContent()).toBe(s.status.ready)
      await expectNoSidewaysScroll(page)
      await shot('list')

      await item.getByRole('button', { name: s.pause }).click()
      await page.getByText(s.done.paused).waitFor()
      expect(await page.getByTestId('signing-account').filter({ hasText: name }).locator('.signing-status').textContent()).toBe(s.status.paused)
      await shot('paused')
      await context.close()
    }, 90_000)
  }

  test('without JavaScript: add → check now → done, remove with its confirmation page', async () => {
    const s = en.accounts.signing
    const { context, page } = await signedInContext({ width: 390, lang: 'en', javaScriptEnabled: false })
    await page.goto(`${server.origin}/accounts/signing-accounts?lang=en`)
    const code = await startAdding(page, false)
    const name = 'NoScriptLender'
    const { email } = await standIn.addMicrosoftUser({ name })
    await standIn.approve(code, email)
    // "Check now" as often as a user would press it, until Microsoft's interval has passed.
    const done = page.getByRole('heading', { level: 1, name: s.signIn.doneTitle })
    for (let i = 0; i < 30 && !(await done.isVisible()); i++) {
      const check = page.getByRole('link', { name: s.signIn.checkNow })
      if (await check.isVisible()) await check.click()
      await page.waitForTimeout(1000)
    }
    await done.waitFor()
    await page.screenshot({ path: `${SHOTS}/signing-nojs-390-done.png`, fullPage: true })
    await page.getByRole('link', { name: s.back }).click()
    const item = page.getByTestId('signing-account').filter({ hasText: name })
    await item.getByRole('link', { name: s.remove }).click()
    await page.getByRole('heading', { name: s.removeTitle.replace('{{name}}', name) }).waitFor()
    await page.getByRole('button', { name: s.removeConfirm }).click()
    await page.getByText(s.done.removed).waitFor()
    expect(await page.getByTestId('signing-account').filter({ hasText: name }).count()).toBe(0)
    await context.close()
  }, 90_000)
})
