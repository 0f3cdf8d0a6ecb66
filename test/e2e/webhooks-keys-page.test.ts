/**
 * A key's webhook on the account site's keys page, in real Chromium against the real Bun server, as an
 * API client's developer would set it up (docs/webhooks.md): a new key, a private address refused with
 * the reason under the field and what was typed kept, then a receiver on 127.0.0.1 (the server's test
 * allowlist) saved, its secret shown once, "Send a test event" delivered and listed as delivered, and
 * the sixth test in a row held back with when to try again. English at 1280 px, German at 390 px.
 * Screenshots go to /tmp/shots/webhooks-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { startReceiver } from '../../src/api/webhooks/test-receiver'
import { browserCookies, cookiesOf, signUpOverHttp } from '../support/account-flows'
import { launchChromium } from '../support/browser'
import { expectNoSidewaysScroll } from '../support/page-checks'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'

const SHOTS = '/tmp/shots'
const TEXTS = { en, de } as const
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]))

const receiver = startReceiver()
let sink: MailSink
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  sink = await startMailSink()
  server = await startBunServer({ SMTP_URL: sink.url, DEMO_SKINS: '0', FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort })
  browser = await launchChromium()
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await sink?.close()
  receiver.stop()
})

describe('a key’s webhook on the keys page (docs/webhooks.md)', () => {
  for (const [lang, width] of [['en', 1280], ['de', 390]] as const) {
    test(`${lang} at ${width} px: refused URL with its reason, a receiver saved, test events delivered and then held back`, async () => {
      const t = TEXTS[lang].accounts
      const res = await signUpOverHttp(server.origin, sink, { email: `hooks-${lang}@example.test`, password: 'webhooks all the way 2026' })
      expect(res.status).toBe(303)
      const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-US', viewport: { width, height: width < 600 ? 844 : 900 } })
      await context.addCookies(browserCookies(cookiesOf(res), server.origin))
      const page = await context.newPage()
      const shot = (step: string) => page.screenshot({ path: `${SHOTS}/webhooks-${lang}-${width}-${step}.png`, fullPage: true })

      await page.goto(`${server.origin}/accounts/keys`)
      await page.getByLabel(t.keys.name, { exact: true }).fill('My plugin')
      await page.getByRole('button', { name: t.keys.create }).click()
      await page.getByRole('link', { name: t.keys.back }).click()

      // A private address: the form comes back open, with the URL as typed and why it was refused.
      await page.getByText(`${t.webhooks.title}: ${t.webhooks.notSet}`).click()
      const field = page.getByLabel(t.webhooks.urlLabel)
      await field.fill('https://10.0.0.5/hooks')
      await page.getByRole('button', { name: t.webhooks.save }).click()
      const reason = fill(t.webhooks.urlErrors.blockedAddress, { address: '10.0.0.5' })
      await page.getByText(reason).waitFor()
      expect(await field.inputValue()).toBe('https://10.0.0.5/hooks')
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      await expectNoSidewaysScroll(page)
      await shot('refused')

      // The receiver (allow-listed for this test, so http passes): the secret is shown once.
      await field.fill(receiver.url(`/${lang}`))
      await page.getByRole('button', { name: t.webhooks.save }).click()
      const secret = await page.getByTestId('webhook-secret').inputValue()
      expect(secret).toMatch(/^whsec_/)
      await page.getByRole('link', { name: t.keys.back }).click()

      // A test event, delivered by the server's loop and listed.
      await page.getByText(`${t.webhooks.title}: ${receiver.url(`/${lang}`)}`).click()
      await page.getByRole('button', { name: t.webhooks.test }).click()
      await page.getByText(t.webhooks.tested).waitFor()
      const delivered = fill(t.webhooks.status.delivered, { last: 'HTTP 204' })
      for (let i = 0; i < 50 && !(await page.getByText(delivered).count()); i++) {
        await Bun.sleep(100)
        await page.goto(`${server.origin}/accounts/keys`)
      }
      await page.getByText(delivered).first().waitFor()
      expect(receiver.received.filter((r) => r.path === `/${lang}`).length).toBeGreaterThanOrEqual(1)

      // Four more go; the sixth in a row waits 10 minutes.
      for (let i = 0; i < 5; i++) {
        await page.getByText(`${t.webhooks.title}: ${receiver.url(`/${lang}`)}`).click()
        await page.getByRole('button', { name: t.webhooks.test }).click()
        await page.waitForLoadState()
      }
      await page.getByText(fill(t.webhooks.errors.testThrottled, { minutes: 10 })).waitFor()
      await expectNoSidewaysScroll(page)
      await shot('throttled')
      await context.close()
    }, 90_000)
  }
})
