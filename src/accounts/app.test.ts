/**
 * The account site over real HTTP (`app.request`) on a real SQLite file in a temp DATA_DIR:
 * sign-up through the mailed link, sign-in errors, refresh with
 * live/expired/revoked sessions, CSRF, sign-out, profile/password changes and account deletion.
 * Throttling, credential revocation, redirects and recovery have their own files beside this one.
 * @module
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { SESSION_COOKIE, verifyApiSession } from '../api/users/identity/session'
import { accountSessions, apiKeys, credits, notifications, skinClients, skinData, skins, subscriptions, users } from '../api/store/schema'
import { decodeWebToken, WEB_COOKIE } from '../shared/auth/web-cookie'
import { REFRESH_COOKIE, REFRESH_TTL_SECONDS } from './services/tokens'
import { absorb, PASSWORD, startAccountsHarness, type Jar } from './testing/accounts-harness'

const h = startAccountsHarness({ extraRedirectOrigins: ['https://partner.example'] })
const { store, deps, post, get, signUp, clock } = h
const ORIGIN = h.origin
afterAll(() => h.close())

let ip = 0
beforeEach(() => {
  h.client.address = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`
})

describe('sign up and sign in', () => {
  test('sign-up asks for the address only; the password chosen on the page of the mailed link creates the user, sets the three cookies and follows an allowed redirect', async () => {
    const email = h.newEmail()
    const page = await (await get('/sign-up')).text()
    expect(page).toContain('name="email"')
    expect(page).not.toContain('type="password"')
    const form = await post('/sign-up', { email, redirect: `${ORIGIN}/skins` })
    expect(form.status).toBe(200)
    expect(await form.text()).toContain(`We sent a link to ${email}`)
    // Nothing exists until the link is used.
    expect(store.db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined()
    const mail = deps.mailer.last(email)!
    expect(mail.subject).toBe('Finish creating your account on localhost')
    const jar: Jar = new Map()
    const res = await h.followLink(email, '/verify', jar, { password: PASSWORD, name: 'Zoë' })
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
    expect(row.emailVerifiedAt).toBe(clock.now)
    const web = decodeWebToken(jar.get(WEB_COOKIE)!)!
    expect(web).toMatchObject({ id: row.id, email, name: 'Zoë', picture: `${ORIGIN}/accounts/avatar/${row.id}.svg` })
    const api = await verifyApiSession(deps.sessionSecret, jar.get(SESSION_COOKIE)!, clock.now)
    const session = store.db.select().from(accountSessions).where(eq(accountSessions.userId, row.id)).get()!
    expect(api.ok && api.claims).toMatchObject({ sub: row.id, sid: session.id })
    // The refresh token is stored only as a hash.
    expect(session.tokenHash).not.toBe(jar.get(REFRESH_COOKIE))
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    // The link works once.
    const again = await h.followLink(email, '/verify', new Map(), { password: PASSWORD }).catch((e: Error) => e.message)
    expect(again).toContain('answered 410')
  })

  test('the page of the link only asks for the password; a mail scanner fetching it creates nothing', async () => {
    const email = h.newEmail()
    await post('/sign-up', { email })
    const page = await get(deps.mailer.link(email, '/verify')!)
    expect(page.status).toBe(200)
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    const html = await page.text()
    expect(html).toContain(`Choose a password for ${email}`)
    expect(html).toContain('autoComplete="new-password"')
    expect(store.db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined()
  })

  test('a taken e-mail gets the same answer as a new one, the owner a mail with a reset link, and no second account', async () => {
    const { email } = await signUp()
    const fresh = h.newEmail()
    const taken = await post('/sign-up', { email: email.toUpperCase() }, { lang: 'de' })
    const other = await post('/sign-up', { email: fresh }, { lang: 'de' })
    expect(taken.status).toBe(other.status)
    const strip = (html: string, address: string) => html.replaceAll(address, '<email>').replace(/nonce="[^"]+"/g, '')
    expect(strip(await taken.text(), email)).toBe(strip(await other.text(), fresh))
    const mail = deps.mailer.last(email)!
    expect(mail.subject).toBe('Du hast bereits ein Konto bei localhost') // in the requester's language
    expect(store.db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(1)
    // "Reset your password": the link in it is a live reset link of the account.
    const reset = await h.followLink(email, '/reset', new Map(), { password: 'chosen after sign-up 1' })
    expect(reset.status).toBe(303)
    expect((await post('/sign-in', { email, password: 'chosen after sign-up 1' })).status).toBe(303)
  })

  test('weak passwords on the page of the link → 400 with the rule that failed; the link still works for a good one', async () => {
    const email = h.newEmail()
    await post('/sign-up', { email })
    const cases: [Record<string, string>, string][] = [
      [{ password: 'short1' }, 'at least 10 characters'],
      [{ password: email }, 'must not be your email'],
      [{ password: 'password123' }, 'too common'],
      [{ password: PASSWORD, name: 'n'.repeat(65) }, 'at most 64 characters'],
    ]
    for (const [fields, message] of cases) {
      const res = await h.followLink(email, '/verify', new Map(), fields)
      expect(res.status).toBe(400)
      expect(await res.text()).toContain(message)
      expect(store.db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined()
    }
    expect((await h.followLink(email, '/verify', new Map(), { password: PASSWORD })).status).toBe(303)
  })

  test('wrong password → 401 "Wrong email or password."; the right one signs in', async () => {
    const { email } = await signUp()
    const wrong = await post('/sign-in', { email, password: 'not the password!' })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('Wrong email or password.')
    const unknown = await post('/sign-in', { email: h.newEmail(), password: PASSWORD })
    expect(unknown.status).toBe(401)
    const jar: Jar = new Map()
    const ok = await post('/sign-in', { email, password: PASSWORD }, { jar })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/accounts/manage?lang=en')
    expect(jar.has(REFRESH_COOKIE) && jar.has(SESSION_COOKIE) && jar.has(WEB_COOKIE)).toBe(true)
  })

  test('a valid feat_pack subscription shows in the web cookie as ad_free (the member avatar)', async () => {
    const { user, email } = await signUp()
    store.db.insert(subscriptions).values({ id: `sub-${user.id}`, userId: user.id, productGroup: 'feat_pack', status: 'active', createdAt: clock.now }).run()
    const jar: Jar = new Map()
    await post('/sign-in', { email, password: PASSWORD }, { jar })
    expect(decodeWebToken(jar.get(WEB_COOKIE)!)!.grants).toMatchObject({ ad_free: true })
  })

  test('the pages carry their own policy: scripts only with the nonce, forms only to allowed origins', async () => {
    const res = await get('/sign-in')
    const csp = res.headers.get('content-security-policy')!
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]
    const html = await res.text()
    expect(html).toContain(`<script type="module" src="/assets/proof-form.js" nonce="${nonce}">`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain('form-action')
    expect(csp).toContain('https://partner.example')
    expect(html).toContain('data-proof="/accounts/challenge?lang=en"')
  })
})

describe('CSRF', () => {
  test('a POST from another origin (or with no origin at all) is refused with 403', async () => {
    const { email, jar } = await signUp()
    const evil = await post('/manage/delete', { confirm: email, current: PASSWORD }, { jar, origin: 'https://evil.example' })
    expect(evil.status).toBe(403)
    expect(await evil.text()).toContain('sent from another site')
    const none = await post('/manage/delete', { confirm: email, current: PASSWORD }, { jar, origin: null })
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
    clock.now += REFRESH_TTL_SECONDS * 1000 + 1
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

  test('the account site does not take the API token as a session', async () => {
    const { jar } = await signUp()
    const apiOnly: Jar = new Map([[SESSION_COOKIE, jar.get(SESSION_COOKIE)!]])
    expect((await get('/manage', apiOnly)).status).toBe(303)
    expect((await post('/keys', { name: 'sneaky' }, { jar: apiOnly })).status).toBe(303)
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
  test('shows the account, saves the name at once and re-issues the web cookie', async () => {
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

  test('a new e-mail needs the current password and takes effect once the mailed link is used', async () => {
    const { email, jar, user } = await signUp()
    const next = h.newEmail()
    const bare = await post('/manage/profile', { email: next, name: '' }, { jar })
    expect(bare.status).toBe(400)
    expect(await bare.text()).toContain('Enter your current password to change your e-mail address.')
    const wrong = await post('/manage/profile', { email: next, name: '', current: 'not the password' }, { jar })
    expect(wrong.status).toBe(401)
    const asked = await post('/manage/profile', { email: next, name: '', current: PASSWORD }, { jar })
    expect(asked.status).toBe(303)
    expect(store.db.select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(email)
    expect(deps.mailer.last(email)!.subject).toBe('Your e-mail address on localhost is being changed')
    expect(await (await get('/manage', jar)).text()).toContain(`A confirmation link was sent to ${next}.`)
    const confirmed = await h.followLink(next, '/verify', jar)
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe('/accounts/manage?lang=en&done=email')
    expect(store.db.select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(next)
    expect(decodeWebToken(jar.get(WEB_COOKIE)!)!.email).toBe(next)
  })

  test('changing the password needs the current one, signs out other sessions and revokes keys unless kept', async () => {
    const { email, jar, user } = await signUp()
    const other: Jar = new Map()
    await post('/sign-in', { email, password: PASSWORD }, { jar: other })
    const wrong = await post('/manage/password', { current: 'not it at all', next: 'a brand new secret' }, { jar })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('The current password is wrong.')
    store.db.insert(apiKeys).values({ id: `k-${user.id}`, keyHash: `h-${user.id}`, name: 'k', userId: user.id, createdAt: clock.now }).run()
    const changed = await post('/manage/password', { current: PASSWORD, next: 'a brand new secret', keep_keys: '1' }, { jar })
    expect(changed.headers.get('location')).toBe('/accounts/manage?lang=en&done=password')
    expect((await post('/auth/tokens/api/refresh', {}, { jar })).status).toBe(200)
    expect((await post('/auth/tokens/api/refresh', {}, { jar: other })).status).toBe(401)
    expect(store.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id)).get()!.revokedAt).toBeNull()
    expect(deps.mailer.last(email)!.subject).toBe('Your password on localhost was changed')
    const again = await post('/manage/password', { current: 'a brand new secret', next: 'yet another secret' }, { jar })
    expect(again.headers.get('location')).toBe('/accounts/manage?lang=en&done=passwordKeys')
    expect(store.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id)).get()!.revokedAt).toBe(clock.now)
    expect((await post('/sign-in', { email, password: 'yet another secret' })).status).toBe(303)
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

  test('delete needs the typed email and the password, then removes the private data', async () => {
    const { email, jar, user } = await signUp()
    const now = clock.now
    store.db.insert(apiKeys).values({ id: `k-${user.id}`, keyHash: `h-${user.id}`, name: 'k', userId: user.id, createdAt: now }).run()
    store.db.insert(credits).values({ id: `c-${user.id}`, userId: user.id, type: 'free', period: 'once', total: 10, balance: 10, createdAt: now }).run()
    store.db.insert(subscriptions).values({ id: `s-${user.id}`, userId: user.id, productGroup: 'feat_pack', status: 'active', createdAt: now }).run()
    store.db.insert(notifications).values({ id: `n-${user.id}`, userId: user.id, title: 't', message: 'm', createdAt: now }).run()
    const skinIds = insertSkins(user.id)

    const mismatch = await post('/manage/delete', { confirm: 'someone@else.test', current: PASSWORD }, { jar })
    expect(mismatch.status).toBe(400)
    expect(await mismatch.text()).toContain('does not match your account')
    // A session alone is not enough (a browser left signed in): the password is asked again.
    for (const current of [undefined, 'not the password']) {
      const refused = await post('/manage/delete', { confirm: email, ...(current ? { current } : {}) }, { jar })
      expect(refused.status).toBe(401)
      expect(await refused.text()).toContain('The current password is wrong.')
      expect(store.db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined()
    }

    const res = await post('/manage/delete', { confirm: email.toUpperCase(), current: PASSWORD }, { jar })
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

describe('form bodies that are too big or too slow', () => {
  test('an over-cap form answers 413 and a JSON caller gets the envelope', async () => {
    const big = { email: 'a@b.test', password: 'x'.repeat(20 * 1024) }
    const page = await post('/sign-in', big)
    expect(page.status).toBe(413)
    expect(await page.text()).toContain('The form was too large and was not read.')
    const json = await h.app.request('/sign-in', { method: 'POST', headers: { origin: ORIGIN, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(big) })
    expect(json.status).toBe(413)
    expect(await json.json()).toEqual({ success: false, errors: [{ code: 'payload_too_large', message: 'The form was too large and was not read.' }] })
  })

  test('a form body that stops arriving answers 408 (not 400), as a page and in the envelope', async () => {
    const stalled = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('email=a%40b.test&pass'))
        },
      })
    const send = (accept?: string) =>
      h.app.request('/sign-in', { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(accept ? { accept } : {}) }, body: stalled(), duplex: 'half' } as RequestInit)
    const page = await send()
    expect(page.status).toBe(408)
    expect(await page.text()).toContain('The form took too long to arrive.')
    const json = await send('application/json')
    expect(json.status).toBe(408)
    expect(((await json.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('request_timeout')
  })
})

/** A private and a public skin owned by `userId`, inserted with the columns the schema requires. */
function insertSkins(userId: string) {
  const hash = userId.padEnd(64, '0')
  const data = store.db
    .insert(skinData)
    .values({ textureHash: hash, imageHash: hash, variant: 'classic', value: 'v', signature: 's', textureUrl: `http://textures.test/${hash}`, account: 'a', server: 'test', worker: 'w', queueStart: clock.now, queueEnd: clock.now, features: Buffer.alloc(0), colourKey: 0, createdAt: clock.now })
    .returning({ id: skinData.id })
    .get()
  const make = (visibility: 'public' | 'private') =>
    store.db
      .insert(skins)
      .values({ uuid: `${userId}-${visibility}`, shortId: `${userId.slice(0, 6)}${visibility[1]}`, dataId: data.id, visibility, variant: 'classic', status: 'success', textureHash: hash, colourKey: 0, createdAt: clock.now, updatedAt: clock.now })
      .returning({ id: skins.id })
      .get().id
  const ids = { private: make('private'), public: make('public') }
  for (const id of Object.values(ids)) store.db.insert(skinClients).values({ skinId: id, userId, createdAt: clock.now }).run()
  return ids
}
