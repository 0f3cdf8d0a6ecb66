/**
 * The operator console over real HTTP: a test API on a temp data dir (skins are made by
 * real generate calls) and the account app on the same SQLite file, with one signed-in member per
 * role — `admin` (by ADMIN_EMAILS), `grantedAdmin` (by the admin grant), `moderator`, `user` — each
 * with a session cookie and an API key of their own. The clock is the API's (injected).
 * @module
 */
import { makeSkinPng } from '../../api/image/fixtures'
import { createApiKey } from '../../api/users/identity/api-keys'
import { openStore } from '../../api/store/db'
import { users } from '../../api/store/schema'
import { startTestApi, uploadForm, type TestApiOptions } from '../../api/testing/api-harness'
import { createAccountsApp } from '../app'
import { createRefreshSession, REFRESH_COOKIE } from '../services/tokens'
import { testAccountsDeps } from './test-deps'
import { latestSnapshot } from '../../api/store/backup'

/** Where the account site believes it runs. */
export const CONSOLE_ORIGIN = 'http://console.test'
/** The admin by configuration. */
export const ROOT_EMAIL = 'root@console.test'

/** The members the harness signs in. */
export const MEMBERS = ['admin', 'grantedAdmin', 'moderator', 'user'] as const
/** One of {@link MEMBERS}. */
export type Member = (typeof MEMBERS)[number]

const GRANTS: Record<Member, string | null> = { admin: null, grantedAdmin: '{"admin":true}', moderator: '{"moderator":true}', user: null }

/** Who sends a request: a member's session, a member's API key (no session), or nobody. */
export type Who = Member | { key: Member } | 'anonymous'

/** Starts the API and the console on one database. */
export async function startConsoleHarness(opts: TestApiOptions = {}) {
  const api = await startTestApi(opts)
  const store = openStore(api.dir)
  const deps = testAccountsDeps(store, {
    appOrigin: CONSOLE_ORIGIN,
    now: () => api.clock.now,
    adminEmails: [ROOT_EMAIL],
    siteStatus: { signer: { kind: 'local' }, storageBudgetBytes: 64 * 1024 * 1024, backupsDir: `${api.dir}/backups`, lastBackup: () => latestSnapshot(`${api.dir}/backups`) },
  })
  const app = createAccountsApp(deps)

  const ids = {} as Record<Member, string>
  const cookies = {} as Record<Member, string>
  const keys = {} as Record<Member, string>
  for (const [i, m] of MEMBERS.entries()) {
    const id = `${(i + 1).toString(16)}`.padStart(32, 'c')
    const email = m === 'admin' ? ROOT_EMAIL : `${m.toLowerCase()}@console.test`
    // Confirmed addresses, as every sign-up makes them: ADMIN_EMAILS only counts for a confirmed one.
    store.db.insert(users).values({ id, email, name: m, grants: GRANTS[m], createdAt: api.clock.now - 60_000, emailVerifiedAt: api.clock.now - 60_000 }).run()
    ids[m] = id
    cookies[m] = `${REFRESH_COOKIE}=${(await createRefreshSession(deps, id)).token}`
    keys[m] = (await createApiKey(store.db, { name: `${m} key`, userId: id, now: api.clock.now })).key
  }

  const headersOf = (who: Who, extra: Record<string, string> = {}): Record<string, string> => {
    if (who === 'anonymous') return extra
    if (typeof who === 'object') return { authorization: `Bearer ${keys[who.key]}`, ...extra }
    return { cookie: cookies[who], ...extra }
  }

  return {
    api,
    store,
    deps,
    app,
    ids,
    keys,
    cookies,
    /** GET `path` of the account site as `who`. */
    get: (path: string, who: Who, headers: Record<string, string> = {}) => app.request(path, { headers: headersOf(who, headers) }),
    /** POSTs a form to `path` as `who`, from the site's own origin unless `origin` says otherwise (null: no Origin). */
    post: (path: string, who: Who, fields: Record<string, string> = {}, o: { origin?: string | null; headers?: Record<string, string> } = {}) =>
      app.request(path, {
        method: 'POST',
        headers: headersOf(who, { 'content-type': 'application/x-www-form-urlencoded', ...(o.origin === null ? {} : { origin: o.origin ?? CONSOLE_ORIGIN }), ...o.headers }),
        body: new URLSearchParams(fields),
      }),
    /** A public skin generated through the API by an anonymous client; its uuid and texture hash. */
    async newSkin(seed: number, name = `Skin ${seed}`, headers: Record<string, string> = {}) {
      const r = await api.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(seed), { name }), headers: { 'user-agent': 'ConsoleTest/1.0', ...headers } })
      if (r.status !== 200) throw new Error(`generate answered ${r.status}: ${JSON.stringify(r.body)}`)
      return { uuid: r.body.skin.uuid as string, hash: r.body.skin.texture.hash.skin as string }
    },
    /** Files a report on `uuid` straight into the table (the route and its proof are tested elsewhere). */
    report(uuid: string, reporter: string, reason: 'skin' | 'name' | 'tags' = 'skin', at = api.clock.now) {
      const row = store.sqlite.query<{ id: number }, [string]>('SELECT id FROM skins WHERE uuid = ?').get(uuid)!
      store.sqlite.run('INSERT INTO skin_reports (skin_id, reporter, reason, created_at) VALUES (?, ?, ?, ?)', [row.id, reporter, reason, at])
    },
    /** Rows of the audit log. */
    logCount: () => store.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM moderation_log').get()!.n,
    async close() {
      store.close()
      await api.close()
    },
  }
}

/** The harness type. */
export type ConsoleHarness = Awaited<ReturnType<typeof startConsoleHarness>>
