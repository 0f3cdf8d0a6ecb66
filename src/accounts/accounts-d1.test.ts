/**
 * The account site on D1 (its database on Workers): the same app and services as on Bun, over
 * Drizzle's D1 driver and the D1 SQL client, on the D1-shaped fake with the D1 migrations (what
 * `wrangler d1 migrations apply` runs). A new user's whole path: sign-up through the mailed link,
 * sign-out, sign-in, the manage page, a profile change, an API key, and deleting the account, whose
 * writes land together in one batch (D1 has no interactive transactions).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { d1MigrationFiles } from '../api/store/d1-migrations'
import { openD1Store } from '../api/store/d1-store'
import { applyD1Migrations, createFakeD1 } from '../api/store/testing/d1-fake'
import { createAccountsApp } from './app'
import { absorb, cookieHeader, PASSWORD, type Jar } from './testing/accounts-harness'
import { testAccountsDeps } from './testing/test-deps'

const ORIGIN = 'http://localhost'
const fake = createFakeD1()
await applyD1Migrations(fake, d1MigrationFiles())
const store = openD1Store(fake)
const clock = { now: Date.UTC(2026, 10, 26, 12) }
const deps = testAccountsDeps({ db: store.db, sqlite: fake.sqlite }, { appOrigin: ORIGIN, sql: store.sql, now: () => clock.now })
const app = createAccountsApp(deps)
afterAll(() => fake.sqlite.close())

const post = async (path: string, fields: Record<string, string>, jar?: Jar) => {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'x-forwarded-for': '10.1.0.1' }
  if (jar) headers.cookie = cookieHeader(jar)
  const res = await app.request(path, { method: 'POST', headers, body: new URLSearchParams(fields) })
  if (jar) absorb(jar, res)
  return res
}
const get = (path: string, jar?: Jar) => app.request(path, { headers: { 'x-forwarded-for': '10.1.0.1', ...(jar ? { cookie: cookieHeader(jar) } : {}) } })
const row = <T>(sql: string, params: (string | number)[] = []) => store.sql.get<T>(sql, params)

describe('the account site on D1', () => {
  test('a new user signs up, signs in, changes their profile, makes a key and deletes the account', async () => {
    const email = 'd1-user@example.test'
    expect((await post('/sign-up', { email })).status).toBe(200)
    expect(await row('SELECT id FROM users WHERE email = ?', [email])).toBeNull()
    const link = deps.mailer.link(email, '/verify')!
    expect((await get(link)).status).toBe(200)
    const jar: Jar = new Map()
    const verified = await post('/verify', { token: new URL(link, ORIGIN).searchParams.get('token')!, password: PASSWORD, name: 'Dee' }, jar)
    expect(verified.status).toBe(303)
    const user = (await row<{ id: string; name: string; password_hash: string }>('SELECT id, name, password_hash FROM users WHERE email = ?', [email]))!
    expect(user.name).toBe('Dee')
    expect(user.password_hash).toStartWith('$argon2id$')
    expect(await row('SELECT count(*) AS n FROM account_sessions WHERE user_id = ? AND revoked_at IS NULL', [user.id])).toEqual({ n: 1 })

    // Sign out (the session is revoked in D1) and back in with the password.
    expect((await post('/sign-out', {}, jar)).status).toBe(303)
    expect(await row('SELECT count(*) AS n FROM account_sessions WHERE user_id = ? AND revoked_at IS NULL', [user.id])).toEqual({ n: 0 })
    expect((await get('/manage', jar)).status).toBe(303)
    const wrong = await post('/sign-in', { email, password: 'not the password' }, new Map())
    expect(wrong.status).toBe(401)
    const signedIn = await post('/sign-in', { email, password: PASSWORD }, jar)
    expect(signedIn.status).toBe(303)
    const manage = await get('/manage', jar)
    expect(manage.status).toBe(200)
    expect(await manage.text()).toContain(email)

    const profile = await post('/manage/profile', { email, name: 'Dee Worker' }, jar)
    expect(profile.status).toBe(303)
    expect(await row('SELECT name FROM users WHERE id = ?', [user.id])).toEqual({ name: 'Dee Worker' })

    const key = await post('/keys', { name: 'server key' }, jar)
    expect(key.status).toBe(200)
    expect(await key.text()).toContain('server key')
    expect(await row('SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL', [user.id])).toEqual({ n: 1 })

    // Deleting: one batch removes the user, ends the sessions and revokes the key.
    const deleted = await post('/manage/delete', { confirm: email, current: PASSWORD }, jar)
    expect(deleted.status).toBe(200)
    expect(await row('SELECT id FROM users WHERE id = ?', [user.id])).toBeNull()
    expect(await row('SELECT count(*) AS n FROM account_sessions WHERE user_id = ?', [user.id])).toEqual({ n: 0 })
    expect(await row('SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL', [user.id])).toEqual({ n: 0 })
    expect((await get('/manage', jar)).status).toBe(303)
  })
})
