/**
 * Password recovery end to end in real Chromium against the real Bun server, which
 * mails over SMTP to a local test server: "Forgot your password?" on the sign-in page → the reset
 * mail in the visitor's language → the link's form → a new password signs in and the old one no
 * longer does → the used link is dead. At 1280 px in English and 390 px in German; screenshots go to
 * /tmp/shots/account-recovery-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { accountForm, signUpOverHttp, solvedProof } from '../support/account-flows'
import { launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'

const SHOTS = '/tmp/shots'
const OLD_PASSWORD = 'the first password 2026'

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

/** Whether `password` signs `email` in (a 303 to the account page). */
const signsIn = async (email: string, password: string) =>
  (await fetch(`${server.origin}/accounts/sign-in`, accountForm(server.origin, { email, password }))).status === 303

const CASES = [
  { lang: 'en', width: 1280, strings: en.accounts },
  { lang: 'de', width: 390, strings: de.accounts },
] as const

describe('password recovery by mail', () => {
  for (const { lang, width, strings } of CASES) {
    test(`${lang} at ${width} px: reset link by mail, new password works, old one and the used link do not`, async () => {
      const email = `recover-${lang}@example.test`
      expect((await signUpOverHttp(server.origin, sink, { email, password: OLD_PASSWORD })).status).toBe(303)
      const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-US', viewport: { width, height: 900 } })
      const page = await context.newPage()
      await page.goto(`${server.origin}/accounts/sign-in?lang=${lang}`)
      await page.getByRole('link', { name: strings.signIn.forgot }).click()
      await page.getByRole('heading', { name: strings.forgot.title }).waitFor()
      await page.screenshot({ path: `${SHOTS}/account-recovery-forgot-${lang}-${width}.png`, fullPage: true })
      await page.getByLabel(strings.fields.email).fill(email)
      const since = sink.messages.length
      await page.getByRole('button', { name: strings.forgot.submit }).click()
      await page.getByRole('heading', { name: strings.forgot.sentTitle }).waitFor()
      await page.screenshot({ path: `${SHOTS}/account-recovery-sent-${lang}-${width}.png`, fullPage: true })

      const mail = await sink.waitFor(email, { since })
      const site = new URL(server.origin).host
      expect(mail.subject).toBe(strings.mail.reset.subject.replace('{{site}}', site))
      const link = await sink.link(email, '/accounts/reset', { since })
      expect(new URL(link).origin).toBe(server.origin)

      await page.goto(link)
      await page.getByRole('heading', { name: strings.reset.title }).waitFor()
      await page.screenshot({ path: `${SHOTS}/account-recovery-reset-${lang}-${width}.png`, fullPage: true })
      const fresh = `a new password for ${lang} 2026`
      await page.getByLabel(strings.fields.newPassword, { exact: true }).fill(fresh)
      await page.getByRole('button', { name: strings.reset.submit }).click()
      await page.waitForURL((url) => url.pathname === '/accounts/manage' && url.searchParams.get('done') === 'reset')
      await page.getByText(strings.manage.resetDone).waitFor()
      await page.screenshot({ path: `${SHOTS}/account-recovery-done-${lang}-${width}.png`, fullPage: true })

      expect(await signsIn(email, fresh)).toBe(true)
      expect(await signsIn(email, OLD_PASSWORD)).toBe(false)
      // The link worked once.
      const again = await fetch(link)
      expect(again.status).toBe(410)
      expect(await again.text()).toContain(strings.links.deadTitle)
      // And a "password changed" notice went to the account's address.
      await sink.waitFor(email, { since, match: (m) => m.subject === strings.mail.passwordChanged.subject.replace('{{site}}', site) })
      await context.close()
    }, 60_000)
  }

  test('an address with no account gets the same answer and no mail', async () => {
    const since = sink.messages.length
    // This address asked for resets above, so the form now wants the proof its script solves.
    const known = await fetch(`${server.origin}/accounts/forgot`, accountForm(server.origin, { email: 'recover-en@example.test', proof: await solvedProof(server.origin) }))
    const unknown = await fetch(`${server.origin}/accounts/forgot`, accountForm(server.origin, { email: 'nobody-here@example.test', proof: await solvedProof(server.origin) }))
    expect(unknown.status).toBe(known.status)
    const body = async (r: Response, address: string) => (await r.text()).replaceAll(address, '<email>').replace(/nonce="[^"]+"/g, '')
    expect(await body(unknown, 'nobody-here@example.test')).toBe(await body(known, 'recover-en@example.test'))
    await sink.waitFor('recover-en@example.test', { since })
    expect(sink.messages.slice(since).some((m) => m.to === 'nobody-here@example.test')).toBe(false)
  })
})
