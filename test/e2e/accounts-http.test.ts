/**
 * The embedded account site as wired into the real Bun process (issue 9): mounted at `/accounts`,
 * its API cookie accepted by the embedded API's `/v2/me`, and login throttling keyed on the socket
 * address — a client cannot pick a fresh bucket by sending its own X-Forwarded-For (TRUST_PROXY off).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer
beforeAll(async () => {
  server = await startBunServer()
}, 60_000)
afterAll(() => server?.stop())

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin, ...headers },
  body: new URLSearchParams(fields),
})
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((l) => l.split(';')[0]!).join('; ')

describe('account site in the Bun process', () => {
  test('sign-up at /accounts/sign-up signs in to the embedded API', async () => {
    const page = await fetch(`${server.origin}/accounts?redirect=${encodeURIComponent(server.origin + '/')}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="password"')
    const res = await fetch(`${server.origin}/accounts/sign-up`, form({ email: 'wired@example.test', password: 'a long enough password', redirect: server.origin + '/' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${server.origin}/`)
    const me = await fetch(`${server.origin}/api/v2/me`, { headers: { cookie: cookiesOf(res) } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: string }).user).toMatch(/^[0-9a-f]{32}$/)
  })

  test('a spoofed X-Forwarded-For does not escape the per-address lock', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.origin}/accounts/sign-in`, form({ email: `nobody${i}@example.test`, password: 'wrong password!' }, { 'x-forwarded-for': `203.0.113.${i}` }))
      expect(res.status).toBe(401)
    }
    const res = await fetch(`${server.origin}/accounts/sign-in`, form({ email: 'wired@example.test', password: 'a long enough password' }, { 'x-forwarded-for': '198.51.100.9' }))
    expect(res.status).toBe(429)
  })
})
