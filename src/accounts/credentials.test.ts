/**
 * One session model (docs/operations.md "Account security"): every credential — the site's session
 * cookie, the API token minted from it, and API keys — is checked against a server-side record, and
 * sign-out, a password change, a reset, a lock and deletion end the right ones at once. Each case
 * is its own test; the API side is the real identity resolver over the same SQLite file the account
 * site writes.
 * @module
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { apiConfigFromEnv } from '../api/config'
import { ApiError } from '../api/errors'
import { createIdentityResolver } from '../api/users/identity/identity'
import { SESSION_COOKIE } from '../api/users/identity/session'
import { runAccountsCommand } from '../api/users/services/admin-commands'
import { REFRESH_COOKIE } from './services/tokens'
import { PASSWORD, startAccountsHarness, type Jar } from './testing/accounts-harness'

const h = startAccountsHarness()
const { post, get, signUp, clock } = h
afterAll(() => h.close())
const resolve = createIdentityResolver({ db: h.store.db, config: apiConfigFromEnv({ DATA_DIR: h.dir }), sessionSecret: h.deps.sessionSecret, now: () => clock.now })

let ip = 0
beforeEach(() => {
  h.client.address = `10.2.${Math.floor(++ip / 250)}.${ip % 250}`
})

/** Who the API takes the jar's API token for: the user id, or null when it is refused. */
async function apiTokenUser(jar: Jar | string): Promise<string | null> {
  const token = typeof jar === 'string' ? jar : jar.get(SESSION_COOKIE)!
  const who = await resolve(new Headers({ 'user-agent': 'Test/1' }), { [SESSION_COOKIE]: token })
  return who.kind === 'user' ? who.userId : null
}

/** What the API makes of an API key: its owner's id, or the error code it is refused with. */
async function keyUser(key: string): Promise<string | null> {
  try {
    return (await resolve(new Headers({ authorization: `Bearer ${key}`, 'user-agent': 'Test/1' }), {})).userId
  } catch (e) {
    return e instanceof ApiError ? e.code : 'error'
  }
}

/** Whether the account site takes the jar's session cookie. */
const siteSession = async (jar: Jar | string) => {
  const cookie = typeof jar === 'string' ? `${REFRESH_COOKIE}=${jar}` : `${REFRESH_COOKIE}=${jar.get(REFRESH_COOKIE)}`
  return (await get('/manage', undefined, { cookie })).status === 200
}

/** Creates an API key on the keys page, as its owner does, and reads the secret off the page. */
async function createKey(jar: Jar, name = 'plugin'): Promise<string> {
  const page = await post('/keys', { name }, { jar })
  const key = /data-testid="new-api-key"[^>]*>([^<]+)</.exec(await page.text())?.[1]
  if (!key) throw new Error(`no key on the page (${page.status})`)
  return key
}

/** A signed-up user with the three credentials, copied so a test can keep them after the jar changes. */
async function credentials() {
  const account = await signUp()
  const key = await createKey(account.jar)
  return { ...account, refresh: account.jar.get(REFRESH_COOKIE)!, token: account.jar.get(SESSION_COOKIE)!, key }
}

describe('every credential checks a server-side record', () => {
  test('sign-out ends the session cookie and the API token at once; the token can no longer make keys', async () => {
    const c = await credentials()
    expect(await apiTokenUser(c.token)).toBe(c.user.id)
    expect(await siteSession(c.refresh)).toBe(true)
    await post('/sign-out', {}, { jar: c.jar })
    expect(await siteSession(c.refresh)).toBe(false)
    expect(await apiTokenUser(c.token)).toBeNull()
    // The stolen-token path of the report: a key made after sign-out.
    const replay: Jar = new Map([[SESSION_COOKIE, c.token]])
    expect((await post('/keys', { name: 'after sign-out' }, { jar: replay })).status).toBe(303)
    // A key is a credential of its own (a server's, not a browser's): signing out of one browser keeps it.
    expect(await keyUser(c.key)).toBe(c.user.id)
  })

  test('a password change ends every other session and its tokens, and revokes keys unless kept', async () => {
    const c = await credentials()
    const other: Jar = new Map()
    await post('/sign-in', { email: c.email, password: PASSWORD }, { jar: other })
    const otherKey = await createKey(other, 'made by the other session')
    await post('/manage/password', { current: PASSWORD, next: 'a fresh secret 2026' }, { jar: c.jar })
    expect(await siteSession(other.get(REFRESH_COOKIE)!)).toBe(false)
    expect(await apiTokenUser(other)).toBeNull()
    expect(await keyUser(otherKey)).toBe('invalid_api_key')
    expect(await keyUser(c.key)).toBe('invalid_api_key')
    // The session that made the change goes on.
    expect(await siteSession(c.jar)).toBe(true)
    expect(await apiTokenUser(c.jar)).toBe(c.user.id)
  })

  test('a password reset ends every session, token and key of the account', async () => {
    const c = await credentials()
    expect((await post('/forgot', { email: c.email })).status).toBe(200)
    const fresh: Jar = new Map()
    const done = await h.followLink(c.email, '/reset', fresh, { password: 'reset to this 2026' })
    expect(done.status).toBe(303)
    expect(await siteSession(c.refresh)).toBe(false)
    expect(await apiTokenUser(c.token)).toBeNull()
    expect(await keyUser(c.key)).toBe('invalid_api_key')
    expect(await siteSession(fresh)).toBe(true)
  })

  test('a lock refuses the session cookie, the token, the key and the password; unlock brings the key back', async () => {
    const c = await credentials()
    await runAccountsCommand(h.store.db, ['lock', c.email], clock.now)
    expect(await siteSession(c.refresh)).toBe(false)
    expect(await apiTokenUser(c.token)).toBeNull()
    expect(await keyUser(c.key)).toBe('account_locked')
    const signIn = await post('/sign-in', { email: c.email, password: PASSWORD })
    expect(signIn.status).toBe(403)
    expect(await signIn.text()).toContain('This account is locked.')
    expect((await post('/forgot', { email: c.email })).status).toBe(200)
    expect(h.deps.mailer.link(c.email, '/reset')).toBeUndefined()
    await runAccountsCommand(h.store.db, ['unlock', c.email], clock.now)
    expect(await keyUser(c.key)).toBe(c.user.id)
    expect(await siteSession(c.refresh)).toBe(false)
  })

  test('deletion ends the session cookie, the token and the key; the token makes nothing for a user who is gone', async () => {
    const c = await credentials()
    await post('/manage/delete', { confirm: c.email, current: PASSWORD }, { jar: c.jar })
    expect(await siteSession(c.refresh)).toBe(false)
    expect(await apiTokenUser(c.token)).toBeNull()
    expect(await keyUser(c.key)).toBe('invalid_api_key')
  })
})
