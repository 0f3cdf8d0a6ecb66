/**
 * Sign-up and deletion without JavaScript, in real Chromium against the real Bun server mailing over
 * SMTP to a local test server (docs/operations.md, "Account security"): the sign-up form asks for the
 * address only → "check your inbox" → the mailed link's page, where the password is chosen → signed
 * in on the account page; deleting the account asks for the password again (a wrong one is a readable
 * error and deletes nothing). At 1280 px in English and 390 px in German; screenshots go to
 * /tmp/shots/account-sign-up-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { accountForm } from '../support/account-flows'
import { launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'

const SHOTS = '/tmp/shots'
const PASSWORD = 'chosen on the link page 2026'

let server: RunningServer
let sink: MailSink
let browser: Browser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  sink = await startMailSink()
  server = await startBunServer({ SMTP_URL: sink.url })
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await sink?.close()
})

const CASES = [
  { lang: 'en', width: 1280, strings: en.accounts },
  { lang: 'de', width: 390, strings: de.accounts },
] as const

/** Fills `{{name}}` placeholders. */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '')

describe('sign-up and deletion without JavaScript', () => {
  for (const { lang, width, strings } of CASES) {
    test(`${lang} at ${width} px: the password is chosen on the page of the mailed link; deletion asks for it again`, async () => {
      const email = `newcomer-${lang}@example.test`
      const context = await browser.newContext({ javaScriptEnabled: false, locale: lang === 'de' ? 'de-DE' : 'en-US', viewport: { width, height: 900 } })
      const page = await context.newPage()
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/account-sign-up-${name}-${lang}-${width}.png`, fullPage: true })

      await page.goto(`${server.origin}/accounts/sign-up?lang=${lang}`)
      await page.getByRole('heading', { name: strings.signUp.title }).waitFor()
      expect(await page.locator('input[type=password]').count()).toBe(0)
      await shot('form')
      await page.getByLabel(strings.fields.email).fill(email)
      const since = sink.messages.length
      await page.getByRole('button', { name: strings.signUp.submit }).click()
      await page.getByRole('heading', { name: strings.signUp.sentTitle }).waitFor()
      await shot('inbox')

      const site = new URL(server.origin).host
      expect((await sink.waitFor(email, { since })).subject).toBe(fill(strings.mail.signup.subject, { site }))
      await page.goto(await sink.link(email, '/accounts/verify', { since }))
      await page.getByRole('heading', { name: strings.choose.title }).waitFor()
      await shot('choose-password')
      await page.getByLabel(strings.fields.password, { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: strings.choose.submit }).click()
      await page.waitForURL((url) => url.pathname === '/accounts/manage' && url.searchParams.get('done') === 'welcome')
      await page.getByText(strings.manage.welcome).waitFor()
      expect((await fetch(`${server.origin}/accounts/sign-in`, accountForm(server.origin, { email, password: PASSWORD }))).status).toBe(303)

      const danger = page.locator('section.accounts__danger')
      await danger.getByLabel(strings.fields.confirmEmail).fill(email)
      await danger.getByLabel(strings.fields.currentPassword).fill('not the password at all')
      await danger.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/account-sign-up-delete-${lang}-${width}.png` })
      await danger.getByRole('button', { name: strings.manage.deleteSubmit }).click()
      const error = page.locator('section.accounts__danger').getByText(strings.errors.wrong_current_password)
      await error.waitFor()
      // The answer opens at the deletion card (the form's anchor), so the error is in view without scrolling.
      const box = (await error.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(900)
      expect(box.y).toBeGreaterThanOrEqual(0)
      await page.screenshot({ path: `${SHOTS}/account-sign-up-delete-refused-${lang}-${width}.png` })
      // Nothing was deleted: the password still signs in.
      expect((await fetch(`${server.origin}/accounts/sign-in`, accountForm(server.origin, { email, password: PASSWORD }))).status).toBe(303)

      const retry = page.locator('section.accounts__danger')
      await retry.getByLabel(strings.fields.currentPassword).fill(PASSWORD)
      await retry.getByRole('button', { name: strings.manage.deleteSubmit }).click()
      await page.getByRole('heading', { name: strings.deleted.title }).waitFor()
      expect((await fetch(`${server.origin}/accounts/sign-in`, accountForm(server.origin, { email, password: PASSWORD }))).status).toBe(401)
      await context.close()
    }, 60_000)
  }
})
