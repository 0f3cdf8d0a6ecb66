/**
 * Redirect fuzz: hostile `redirect` values — tab, CR, LF and NUL anywhere,
 * backslashes, percent-encoded forms, credentials, IDN look-alikes and random mixes of them — sent
 * to every account-site route that redirects (sign-in page while signed in, sign-in, sign-up's
 * stored target, sign-out). Properties: never a 5xx, and every `Location` (resolved the way the
 * browser resolves it) and every rendered redirect field stays on an allowed origin.
 * @module
 */
import { afterAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { HOSTILE_REDIRECTS } from '../../../test/support/hostile-redirects'
import { PASSWORD, startAccountsHarness, type Jar } from '../testing/accounts-harness'

const PARTNER = 'https://partner.example'
const h = startAccountsHarness({ extraRedirectOrigins: [PARTNER] })
const ALLOWED = new Set([h.origin, PARTNER])
afterAll(() => h.close())

/** Where a Location header leads a browser that requested `base`. */
const landing = (location: string, base: string) => new URL(location, base)

/** Checks one answer: no 5xx, no off-site Location, no off-site redirect field in a page. */
async function expectSafe(res: Response, label: string) {
  expect(res.status, label).toBeLessThan(500)
  const location = res.headers.get('location')
  if (location) expect(ALLOWED.has(landing(location, `${h.origin}/accounts/`).origin), `${label} → ${location}`).toBe(true)
  const html = await res.text()
  for (const field of html.matchAll(/name="redirect" value="([^"]*)"/g)) {
    const value = field[1]!.replaceAll('&amp;', '&')
    expect(ALLOWED.has(new URL(value, h.origin).origin), `${label} field ${value}`).toBe(true)
  }
}

let signedIn: Jar
const counter = { n: 0 }

/** Sends `target` to every redirecting route. */
async function probe(target: string) {
  const label = JSON.stringify(target)
  // Each probe from its own address: this is about redirects, not throttling.
  h.client.address = `10.3.${Math.floor(++counter.n / 250) % 250}.${counter.n % 250}`
  await expectSafe(await h.get(`/?redirect=${encodeURIComponent(target)}`, signedIn), `GET / signed in ${label}`)
  await expectSafe(await h.get(`/sign-in?redirect=${encodeURIComponent(target)}`), `GET /sign-in ${label}`)
  await expectSafe(await h.post('/sign-in', { email: signedInEmail, password: PASSWORD, redirect: target }), `POST /sign-in ${label}`)
  await expectSafe(await h.post('/sign-out', { redirect: target }), `POST /sign-out ${label}`)
  await expectSafe(await h.app.request(`/sign-out?redirect=${encodeURIComponent(target)}`, { method: 'POST', headers: { origin: h.origin } }), `POST /sign-out?redirect ${label}`)
}

let signedInEmail = ''

describe('redirect targets', () => {
  test('hand-picked hostile targets: no 5xx and never off-site, on every redirecting route', async () => {
    const account = await h.signUp()
    signedIn = account.jar
    signedInEmail = account.email
    for (const target of HOSTILE_REDIRECTS) await probe(target)
  })

  test('a sign-up link leads only where an allowed redirect pointed, even for hostile ones', async () => {
    for (const target of ['/\t/evil.example', `${PARTNER}/back`, 'http://evil.example']) {
      const email = h.newEmail()
      h.client.address = `10.4.0.${++counter.n % 250}`
      await h.post('/sign-up', { email, redirect: target })
      const done = await h.followLink(email, '/verify', new Map(), { password: PASSWORD })
      const location = landing(done.headers.get('location')!, `${h.origin}/accounts/`)
      expect(ALLOWED.has(location.origin), `${target} → ${location}`).toBe(true)
      if (target.startsWith(PARTNER)) expect(location.href).toBe(`${PARTNER}/back`)
    }
  })

  test('allowed targets are kept: the app, the partner and paths of this site', async () => {
    const res = await h.post('/sign-in', { email: signedInEmail, password: PASSWORD, redirect: `${PARTNER}/back?x=1` })
    expect(res.headers.get('location')).toBe(`${PARTNER}/back?x=1`)
    const path = await h.post('/sign-in', { email: signedInEmail, password: PASSWORD, redirect: '/skins?search=a' })
    expect(path.headers.get('location')).toBe(`${h.origin}/skins?search=a`)
  })

  test('random mixes of the dangerous pieces: no 5xx and never off-site', async () => {
    const piece = fc.constantFrom('/', '\\', '\t', '\r', '\n', '\u0000', ' ', '%09', '%2F', '%5C', '@', '#', '?', ':', 'evil.example', 'localhost', 'http:', 'https:', 'javascript:', 'partner.example', '//', 'xn--', 'е', '\u3002')
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        await probe(pieces.join(''))
      }),
      { numRuns: 40 },
    )
  })
})
