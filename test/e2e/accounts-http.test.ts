/**
 * The embedded account site as wired into the real Bun process: mounted at
 * `/accounts`, sign-up confirmed through mail the server sends over SMTP to a local sink, its API
 * cookie accepted by the embedded API's `/v2/me` until sign-out ends it, and throttling keyed on the
 * socket address — a client cannot pick a fresh bucket by sending its own X-Forwarded-For
 * (TRUST_PROXY off).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { accountForm, cookiesOf, signUpOverHttp } from '../support/account-flows'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'

let server: RunningServer
let sink: MailSink
beforeAll(async () => {
  sink = await startMailSink()
  server = await startBunServer({ SMTP_URL: sink.url })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await sink?.close()
})

const PASSWORD = 'a long enough password'

describe('account site in the Bun process', () => {
  test('sign-up is confirmed by mail; the session signs in to the embedded API until sign-out ends it', async () => {
    const page = await fetch(`${server.origin}/accounts?redirect=${encodeURIComponent(server.origin + '/')}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="password"')
    const res = await signUpOverHttp(server.origin, sink, { email: 'wired@example.test', password: PASSWORD, redirect: server.origin + '/' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${server.origin}/`)
    const mail = sink.messages.find((m) => m.to === 'wired@example.test')!
    expect(mail.from).toContain('no-reply@127.0.0.1')
    const cookies = cookiesOf(res)
    const me = await fetch(`${server.origin}/api/v2/me`, { headers: { cookie: cookies } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: string }).user).toMatch(/^[0-9a-f]{32}$/)
    await fetch(`${server.origin}/accounts/sign-out`, accountForm(server.origin, {}, { cookie: cookies }))
    // The one-hour API token died with the session.
    expect((await fetch(`${server.origin}/api/v2/me`, { headers: { cookie: cookies } })).status).toBe(404)
  })

  test('a spoofed X-Forwarded-For does not escape the per-address count', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.origin}/accounts/sign-in`, accountForm(server.origin, { email: `nobody${i}@example.test`, password: 'wrong password!' }, { 'x-forwarded-for': `203.0.113.${i}` }))
      expect(res.status).toBe(401)
    }
    // The five failures were counted on the socket address: the next attempt needs an anti-bot proof.
    const res = await fetch(`${server.origin}/accounts/sign-in`, accountForm(server.origin, { email: 'wired@example.test', password: PASSWORD }, { 'x-forwarded-for': '198.51.100.9' }))
    expect(res.status).toBe(403)
  })
})
