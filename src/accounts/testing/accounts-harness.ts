/**
 * The account site over real HTTP (`app.request`) on a real SQLite file in a temp DATA_DIR, with a
 * cookie jar, an injectable clock and client address, and a sign-up that goes as a user's does: the
 * address on the form, then the password chosen on the page of the mailed link.
 * Each test file starts its own.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { loadSessionSecret } from '../../api/users/identity/session'
import { openStore } from '../../api/store/db'
import { users } from '../../api/store/schema'
import { createAccountsApp } from '../app'
import { testAccountsDeps } from './test-deps'

/** A cookie jar: name → value. */
export type Jar = Map<string, string>

/** Applies Set-Cookie headers to a jar and returns the raw set-cookie lines. */
export function absorb(jar: Jar, res: Response): string[] {
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

/** The Cookie header of a jar. */
export const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

/** A password every test user has. */
export const PASSWORD = 'correct horse battery'

/** Starts the account site at `origin` + `/accounts` on a fresh store. */
export function startAccountsHarness(opts: { origin?: string; extraRedirectOrigins?: string[] } = {}) {
  const origin = opts.origin ?? 'http://localhost'
  const dir = mkdtempSync(join(tmpdir(), 'ssg-accounts-'))
  const store = openStore(dir)
  const clock = { now: Date.UTC(2026, 0, 10, 12) }
  const deps = testAccountsDeps(store, { appOrigin: origin, sessionSecret: loadSessionSecret(dir), extraRedirectOrigins: opts.extraRedirectOrigins, bodyTimeoutMs: 300, now: () => clock.now })
  const app = createAccountsApp(deps)
  /** The client address requests come from (the Bun entry sets X-Forwarded-For from the socket). */
  const client = { address: '10.0.0.1' }
  let emails = 0

  const post = async (path: string, fields: Record<string, string>, o: { jar?: Jar; origin?: string | null; lang?: string; address?: string } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': o.address ?? client.address }
    if (o.origin !== null) headers.origin = o.origin ?? origin
    if (o.jar) headers.cookie = cookieHeader(o.jar)
    if (o.lang) headers['accept-language'] = o.lang
    const res = await app.request(path, { method: 'POST', headers, body: new URLSearchParams(fields) })
    if (o.jar) absorb(o.jar, res)
    return res
  }
  const get = (path: string, jar?: Jar, headers: Record<string, string> = {}) => app.request(path, { headers: { 'x-forwarded-for': client.address, ...headers, ...(jar ? { cookie: cookieHeader(jar) } : {}) } })

  /** Uses the newest `path` link mailed to `email` (GET shows it, POST uses it) with `jar`. */
  const followLink = async (email: string, path: string, jar: Jar = new Map(), fields: Record<string, string> = {}) => {
    const link = deps.mailer.link(email, path)
    if (!link) throw new Error(`no ${path} link was mailed to ${email}`)
    const page = await get(link, jar)
    if (page.status !== 200) throw new Error(`${link} answered ${page.status}`)
    const token = new URL(link, origin).searchParams.get('token')!
    return post(path, { token, ...fields }, { jar })
  }

  /** Signs up through the form and the mailed link, choosing {@link PASSWORD} there; the jar ends up signed in. */
  const signUp = async (email = `user${++emails}-${clock.now}@example.test`, name = 'Steve', redirect?: string) => {
    const jar: Jar = new Map()
    const form = await post('/sign-up', { email, ...(redirect ? { redirect } : {}) })
    if (form.status !== 200) throw new Error(`sign-up answered ${form.status}`)
    const res = await followLink(email, '/verify', jar, { password: PASSWORD, name })
    return { email, jar, res, user: store.db.select().from(users).where(eq(users.email, email)).get()! }
  }

  return {
    origin,
    dir,
    store,
    clock,
    client,
    deps,
    app,
    post,
    get,
    followLink,
    signUp,
    /** A fresh address per test, so one test's counters never leak into another. */
    newEmail: () => `user${++emails}-${clock.now}@example.test`,
    close() {
      store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The harness type. */
export type AccountsHarness = ReturnType<typeof startAccountsHarness>
