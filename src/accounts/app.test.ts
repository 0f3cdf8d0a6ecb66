/**
 * The account site over real HTTP (`app.request`) on a real SQLite file in a temp DATA_DIR (issue 9
 * points 1–3, 7): sign-up, sign-in errors, throttling, refresh with live/expired/revoked sessions,
 * CSRF and open-redirect refusal, sign-out, profile/password changes and account deletion.
 * @module
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { SESSION_COOKIE, verifyApiSession } from '../api/identity/session'
import { loadSessionSecret } from '../api/identity/session'
import { openStore } from '../api/store/db'
import { accountSessions, apiKeys, credits, notifications, skinClients, skinData, skins, subscriptions, users } from '../api/store/schema'
import { WEB_COOKIE, decodeWebToken } from '../shared/auth/web-cookie'
import { createAccountsApp } from './app'
import type { AccountsDeps } from './deps'
import { REFRESH_COOKIE, REFRESH_TTL_SECONDS } from './services/tokens'

const dir = mkdtempSync(join(tmpdir(), 'ssg-accounts-'))
const store = openStore(dir)
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const ORIGIN = 'http://localhost'
let clock = Date.UTC(2026, 0, 10, 12)
const deps: AccountsDeps = {
  db: store.db,
  sessionSecret: loadSessionSecret(dir),
  appOrigin: ORIGIN,
  basePath: '/accounts',
  extraRedirectOrigins: ['https://partner.example'],
  secureCookies: false,
  manifest: async () => ({ buildId: 'test', client: '/assets/client.js', clientImports: [], css: '/assets/styles-test.css', icons: '/assets/icons.svg', islands: {} }),
  now: () => clock,
}
const app = createAccountsApp(deps)

let ip = 0
/** A fresh client address per test, so address throttling of one test does not leak into another. */
let address = '10.0.0.1'
beforeEach(() => {
  address = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`
})

type Jar = Map<string, string>

/** Applies Set-Cookie headers to a jar and returns the raw set-cookie lines. */
function absorb(jar: Jar, res: Response): string[] {
  const lines = res.headers.getSetCookie()
  for (const line of lines) {
    const [pair, ...attrs] = line.split('; ')
    const eqAt = pair!.indexOf('=')
    const name = pair!.slice(0, eqAt)
    const value = pair!.slice(eqAt + 1)
    if (attrs.includes('Max-Age=0') || !value) jar.delete(name)
    else jar.set(name, value)
  }
  return lines
}
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

async function post(path: string, fields: Record<string, string>, opts: { jar?: Jar; origin?: string | null; lang?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address }
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN
  if (opts.jar) headers.cookie = cookieHeader(opts.jar)
  if (opts.lang) headers['accept-language'] = opts.lang
  const res = await app.request(path, { method: 'POST', headers, body: new URLSearchParams(fields) })
  if (opts.jar) absorb(opts.jar, res)
  return res
}
const get = (path: string, jar?: Jar, headers: Record<string, string> = {}) => app.request(path, { headers: { ...headers, ...(jar ? { cookie: cookieHeader(jar) } : {}) } })

let n = 0
const newEmail = () => `user${++n}-${Date.now()}@example.test`
const PASSWORD = 'correct horse battery'

async function signUp(email = newEmail(), name = 'Steve') {
  const jar: Jar = new Map()
  const res = await post('/sign-up', { email, name, password: PASSWORD, redirect: `${ORIGIN}/skins` }, { jar })
  return { email, jar, res }
}

describe('sign up and sign in', () => {
  test('sign-up creates the user, sets the three cookies and follows an allowed redirect', async () => {
    const { email, jar, res } = await signUp(undefined, 'Zoë')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/skins`)
    const lines = res.headers.getSetCookie()
    const line = (name: string) => lines.find((l) => l.startsWith(`${name}=`))!
    expect(line(REFRESH_COOKIE)).toContain('HttpOnly')
    expect(line(REFRESH_COOKIE)).toContain(`Max-Age=${REFRESH_TTL_SECONDS}`)
    expect(line(SESSION_COOKIE)).toContain('HttpOnly')
    expect(line(WEB_COOKIE)).not.toContain('HttpOnly')
    for (const l of lines) expect(l).toContain('SameSite=Lax')
    const row = store.db.select().from(users).where(eq(users.email, email)).get()!
    expect(row.passwordHash).toStartWith('$argon2id$')
    const web = decodeWebToken(jar.get(WEB_COOKIE)!)!
    expect(web).toMatchObject({ id: row.id, email, name: 'Zoë', picture: `${ORIGIN}/accounts/avatar/${row.id}.svg` })
    const api = await verifyApiSession(deps.sessionSecret, jar.get(SESSION_COOKIE)!, clock)
    expect(api.ok && api.claims.sub).toBe(row.id)
    // The refresh token is stored only as a hash.
    const session = store.db.select().from(accountSessions).where(eq(accountSessions.userId, row.id)).get()!
    expect(session.tokenHash).not.toBe(jar.get(REFRESH_COOKIE))
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a valid feat_pack subscription shows in the web cookie as ad_free (the member avatar)', async () => {
    const { email } = await signUp()
    const row = store.db.select().from(users).where(eq(users.email, email)).get()!
    store.db.insert(subscriptions).values({ id: `sub-${row.id}`, userId: row.id, productGroup: 'feat_pack', status: 'active', createdAt: clock }).run()
    const jar: Jar = new Map()
    await post('/sign-in', { email, password: PASSWORD }, { jar })
    expect(decodeWebToken(jar.get(WEB_COOKIE)!)!.grants).toMatchObject({ ad_free: true })
  })

  test('taken email → 409 with the translated message, values kept, password never echoed', async () => {
    const { email } = await signUp()
    const res = await post('/sign-up', { email: email.toUpperCase(), name: 'Alex', password: 'another good password' }, { lang: 'de' })
    expect(res.status).toBe(409)
    const html = await res.text()
    expect(html).toContain('Es gibt bereits ein Konto mit dieser E-Mail')
    expect(html).toContain(`value="${email}"`)
    expect(html).toContain('value="Alex"')
    expect(html).not.toContain('another good password')
  })

  test('weak passwords → 400 with the rule that failed', async () => {
    const email = newEmail()
    const cases: [string, string][] = [
      ['short1', 'at least 10 characters'],
      [email, 'must not be your email'],
      ['password123', 'too common'],
    ]
    for (const [password, message] of cases) {
      const res = await post('/sign-up', { email, password })
      expect(res.status).toBe(400)
      expect(await res.text()).toContain(message)
    }
    expect(store.db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined()
  })

  test('wrong password → 401 "Wrong email or password."; the right one signs in', async () => {
    const { email } = await signUp()
    const wrong = await post('/sign-in', { email, password: 'not the password!' })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('Wrong email or password.')
    const unknown = await post('/sign-in', { email: newEmail(), password: PASSWORD })
    expect(unknown.status).toBe(401)
    const jar: Jar = new Map()
    const ok = await post('/sign-in', { email, password: PASSWORD }, { jar })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/accounts/manage?lang=en')
    expect(jar.has(REFRESH_COOKIE) && jar.has(SESSION_COOKIE) && jar.has(WEB_COOKIE)).toBe(true)
  })

  test('throttling: the 6th attempt is 429 even with the right password, and the lock ends after 15 minutes', async () => {
    const { email } = await signUp()
    for (let i = 0; i < 5; i++) expect((await post('/sign-in', { email, password: `wrong password ${i}` })).status).toBe(401)
    const locked = await post('/sign-in', { email, password: PASSWORD })
    expect(locked.status).toBe(429)
    expect(await locked.text()).toContain('Too many failed sign-ins. Try again in 15 minutes.')
    // Per account: another address is locked out of this account too.
    address = '192.0.2.77'
    expect((await post('/sign-in', { email, password: PASSWORD })).status).toBe(429)
    clock += 15 * 60 * 1000 + 1
    expect((await post('/sign-in', { email, password: PASSWORD })).status).toBe(303)
  })

  test('throttling per address: one address guessing many accounts is locked', async () => {
    for (let i = 0; i < 5; i++) await post('/sign-in', { email: newEmail(), password: 'whatever password' })
    const { email } = await signUp()
    expect((await post('/sign-in', { email, password: PASSWORD })).status).toBe(429)
  })
})

describe('redirects and CSRF', () => {
  test('open redirects are refused; allowed origins and relative paths are kept', async () => {
    for (const target of ['https://evil.example/phish', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const { res } = await (async () => {
        const jar: Jar = new Map()
        const res = await post('/sign-up', { email: newEmail(), password: PASSWORD, redirect: target }, { jar })
        return { res }
      })()
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/accounts/manage?lang=en')
    }
    const page = await (await get('/?redirect=' + encodeURIComponent('https://evil.example/'))).text()
    expect(page).not.toContain('evil.example')
    const partner = await post('/sign-up', { email: newEmail(), password: PASSWORD, redirect: 'https://partner.example/back' })
    expect(partner.headers.get('location')).toBe('https://partner.example/back')
  })

  test('a POST from another origin (or with no origin at all) is refused with 403', async () => {
    const { email, jar } = await signUp()
    const evil = await post('/manage/delete', { confirm: email }, { jar, origin: 'https://evil.example' })
    expect(evil.status).toBe(403)
    expect(await evil.text()).toContain('sent from another site')
    const none = await post('/manage/delete', { confirm: email }, { jar, origin: null })
    expect(none.status).toBe(403)
    const refresh = await post('/auth/tokens/api/refresh', {}, { jar, origin: 'https://evil.example' })
    expect(refresh.status).toBe(403)
    expect(((await refresh.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('csrf_refused')
    expect(store.db.select().from(users).where(eq(users.email, email)).get()).toBeDefined()
  })
})

describe('sessions', () => {
  test('refresh answers 200 with fresh cookies for a live session', async () => {
    const { jar } = await signUp()
    jar.delete(SESSION_COOKIE)
    const api = await post('/auth/tokens/api/refresh', {}, { jar })
    expect(api.status).toBe(200)
    expect(jar.get(SESSION_COOKIE)).toBeTruthy()
    const web = await post('/auth/tokens/web/refresh', {}, { jar })
    expect(web.status).toBe(200)
    expect(web.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(web.headers.get('access-control-allow-credentials')).toBe('true')
  })

  test('refresh answers 401 without a session, after expiry and after revocation', async () => {
    const none = await post('/auth/tokens/web/refresh', {})
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ success: false, errors: [{ code: 'session_expired', message: 'Your session has expired. Please sign in again.' }] })

    const expired = await signUp()
    clock += REFRESH_TTL_SECONDS * 1000 + 1
    const late = await post('/auth/tokens/api/refresh', {}, { jar: expired.jar })
    expect(late.status).toBe(401)
    expect(expired.jar.has(WEB_COOKIE)).toBe(false) // cleared, so the app stops trying

    const revoked = await signUp()
    const refresh = revoked.jar.get(REFRESH_COOKIE)!
    await post('/sign-out', {}, { jar: revoked.jar })
    revoked.jar.set(REFRESH_COOKIE, refresh)
    expect((await post('/auth/tokens/web/refresh', {}, { jar: revoked.jar })).status).toBe(401)
  })

  test('sign-out clears every cookie, revokes the session and follows the redirect', async () => {
    const { jar } = await signUp()
    const res = await post('/sign-out', { redirect: `${ORIGIN}/` }, { jar })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/`)
    const cleared = res.headers.getSetCookie().filter((l) => l.includes('Max-Age=0')).map((l) => l.split('=')[0])
    expect(cleared.sort()).toEqual([REFRESH_COOKIE, SESSION_COOKIE, WEB_COOKIE].sort())
    expect(jar.size).toBe(0)
    expect((await get('/manage', jar)).status).toBe(303)
  })

  test('signed in, the sign-in page with a redirect goes straight back with fresh cookies', async () => {
    const { jar } = await signUp()
    jar.delete(WEB_COOKIE)
    const res = await get(`/?redirect=${encodeURIComponent(`${ORIGIN}/skins`)}`, jar)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/skins`)
    absorb(jar, res)
    expect(jar.has(WEB_COOKIE)).toBe(true)
  })
})

describe('manage account', () => {
  test('shows the account, saves the profile and re-issues the web cookie', async () => {
    const { email, jar } = await signUp()
    const page = await get('/manage?lang=de', jar)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Konto verwalten')
    expect(html).toContain(email)
    const saved = await post('/manage/profile', { email, name: 'Alex' }, { jar })
    expect(saved.status).toBe(303)
    expect(decodeWebToken(jar.get(WEB_COOKIE)!)!.name).toBe('Alex')
  })

  test('changing the password needs the current one and signs out other sessions', async () => {
    const { email, jar } = await signUp()
    const other: Jar = new Map()
    await post('/sign-in', { email, password: PASSWORD }, { jar: other })
    const wrong = await post('/manage/password', { current: 'not it at all', next: 'a brand new secret' }, { jar })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('The current password is wrong.')
    expect((await post('/manage/password', { current: PASSWORD, next: 'a brand new secret' }, { jar })).status).toBe(303)
    expect((await post('/auth/tokens/api/refresh', {}, { jar })).status).toBe(200)
    expect((await post('/auth/tokens/api/refresh', {}, { jar: other })).status).toBe(401)
    expect((await post('/sign-in', { email, password: 'a brand new secret' })).status).toBe(303)
  })

  test('the avatar is a deterministic, cacheable SVG', async () => {
    const id = 'ab'.repeat(16)
    const a = await get(`/avatar/${id}.svg`)
    expect(a.status).toBe(200)
    expect(a.headers.get('content-type')).toContain('image/svg+xml')
    expect(a.headers.get('cache-control')).toContain('immutable')
    expect(await a.text()).toBe(await (await get(`/avatar/${id}.svg`)).text())
    expect(await (await get(`/avatar/${'cd'.repeat(16)}.svg`)).text()).not.toBe(await (await get(`/avatar/${id}.svg`)).text())
  })

  test('delete needs the typed email, then removes the private data', async () => {
    const { email, jar } = await signUp()
    const user = store.db.select().from(users).where(eq(users.email, email)).get()!
    const now = clock
    store.db.insert(apiKeys).values({ id: `k-${user.id}`, keyHash: `h-${user.id}`, name: 'k', userId: user.id, createdAt: now }).run()
    store.db.insert(credits).values({ id: `c-${user.id}`, userId: user.id, type: 'free', period: 'once', total: 10, balance: 10, createdAt: now }).run()
    store.db.insert(subscriptions).values({ id: `s-${user.id}`, userId: user.id, productGroup: 'feat_pack', status: 'active', createdAt: now }).run()
    store.db.insert(notifications).values({ id: `n-${user.id}`, userId: user.id, title: 't', message: 'm', createdAt: now }).run()
    const skinIds = insertSkins(user.id)

    const mismatch = await post('/manage/delete', { confirm: 'someone@else.test' }, { jar })
    expect(mismatch.status).toBe(400)
    expect(await mismatch.text()).toContain('does not match your account')

    const res = await post('/manage/delete', { confirm: email.toUpperCase() }, { jar })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Account deleted')
    expect(jar.size).toBe(0)
    expect(store.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined()
    expect(store.db.select().from(accountSessions).where(eq(accountSessions.userId, user.id)).all()).toEqual([])
    expect(store.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id)).get()!.revokedAt).toBe(now)
    expect(store.db.select().from(credits).where(eq(credits.userId, user.id)).all()).toEqual([])
    expect(store.db.select().from(notifications).where(eq(notifications.userId, user.id)).all()).toEqual([])
    expect(store.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).all()).toEqual([])
    const after = (id: number) => store.db.select().from(skins).where(eq(skins.id, id)).get()!
    expect(after(skinIds.private).deletedAt).toBe(now)
    expect(after(skinIds.private).status).toBe('deleted')
    expect(after(skinIds.public).deletedAt).toBeNull()
    expect(store.db.select().from(skinClients).where(eq(skinClients.userId, user.id)).all()).toEqual([])
  })
})

/** A private and a public skin owned by `userId`, inserted with the columns the schema requires. */
function insertSkins(userId: string) {
  const hash = userId.padEnd(64, '0')
  const data = store.db
    .insert(skinData)
    .values({ textureHash: hash, imageHash: hash, variant: 'classic', value: 'v', signature: 's', textureUrl: `http://textures.test/${hash}`, account: 'a', server: 'test', worker: 'w', queueStart: clock, queueEnd: clock, features: Buffer.alloc(0), colourKey: 0, createdAt: clock })
    .returning({ id: skinData.id })
    .get()
  const make = (visibility: 'public' | 'private') =>
    store.db
      .insert(skins)
      .values({ uuid: `${userId}-${visibility}`, shortId: `${userId.slice(0, 6)}${visibility[1]}`, dataId: data.id, visibility, variant: 'classic', status: 'success', textureHash: hash, colourKey: 0, createdAt: clock, updatedAt: clock })
      .returning({ id: skins.id })
      .get().id
  const ids = { private: make('private'), public: make('public') }
  for (const id of Object.values(ids)) store.db.insert(skinClients).values({ skinId: id, userId, createdAt: clock }).run()
  return ids
}
