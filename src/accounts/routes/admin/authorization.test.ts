/**
 * The console's authorisation matrix (issue 22 "How it is checked"): every `/admin` route the
 * account app registers — read from the router, so a new route without a row here fails — asked by
 * nobody, a signed-in user, API keys (of a user and of an admin: keys never open the console), a
 * moderator, an admin by ADMIN_EMAILS and an admin by grant, and by a locked admin. Each gets exactly
 * what its role allows: content routes (reports, audit log) for moderators and admins, the rest for
 * admins; everyone else a 403 with a stable code, as a page (`data-error-code`) and as JSON. No POST
 * works cross-origin or without an Origin/Referer, and a refused POST changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApiKey } from '../../../api/users/identity/api-keys'
import { users } from '../../../api/store/schema'
import { startConsoleHarness, type ConsoleHarness, type Who } from '../../testing/console-harness'

/** Who may use each route: `moderator` = moderators and admins, `admin` = admins only. */
const NEEDS: Record<string, 'moderator' | 'admin'> = {
  'GET /admin': 'admin',
  'GET /admin/reports': 'moderator',
  'POST /admin/reports/:uuid': 'moderator',
  'GET /admin/audit': 'moderator',
  'POST /admin/audit/:id{[0-9]+}/undo': 'moderator',
  'GET /admin/users': 'admin',
  'POST /admin/users/remove-skin': 'admin',
  'GET /admin/users/:id': 'admin',
  'POST /admin/users/:id/grants': 'admin',
  'POST /admin/users/:id/credits': 'admin',
  'POST /admin/users/:id/subscriptions': 'admin',
  'POST /admin/users/:id/notify': 'admin',
  'POST /admin/users/:id/lock': 'admin',
  'POST /admin/users/:id/unlock': 'admin',
  'POST /admin/users/:id/keys/:keyId/revoke': 'admin',
  'POST /admin/users/:id/skins/:uuid/remove': 'admin',
  'POST /admin/users/:id/undo/:logId': 'admin',
}

/** Admin routes a moderator is redirected from to their own part of the console, rather than refused. */
const MODERATOR_REDIRECT: Record<string, string> = { 'GET /admin': '/admin/reports' }

/** What a refused request must answer, by who asks (for routes their role does not reach). */
const REFUSAL: Record<string, 'not_signed_in' | 'insufficient_role'> = {
  anonymous: 'not_signed_in',
  'key:user': 'not_signed_in',
  'key:admin': 'not_signed_in',
  user: 'insufficient_role',
}

const WHO: [string, Who][] = [
  ['anonymous', 'anonymous'],
  ['key:user', { key: 'user' }],
  ['key:admin', { key: 'admin' }],
  ['user', 'user'],
  ['moderator', 'moderator'],
  ['admin', 'admin'],
  ['grantedAdmin', 'grantedAdmin'],
]

let h: ConsoleHarness
let routes: { method: string; path: string }[]
/** A user the admin routes act on (so locking them never changes who asks). */
const TARGET = 'ee'.repeat(16)
let skin: string
let targetKey: string
let logId: number

/** The path with its parameters filled in with live rows. */
const fill = (path: string) =>
  path
    .replace(':uuid', skin)
    .replace('/users/:id', `/users/${TARGET}`)
    .replace('/audit/:id{[0-9]+}', `/audit/${logId}`)
    .replace(':keyId', targetKey)
    .replace(':logId', String(logId))

/** Fields a POST carries, enough to reach the action (it may still be refused on its merits). */
const FIELDS: Record<string, Record<string, string>> = {
  'POST /admin/reports/:uuid': { action: 'dismiss' },
  'POST /admin/users/remove-skin': { skin: 'no-such-skin' },
  'POST /admin/users/:id/grants': { grant: 'per_minute', value: '7', op: 'set' },
  'POST /admin/users/:id/credits': { amount: '5' },
  'POST /admin/users/:id/subscriptions': { group: 'credits' },
  'POST /admin/users/:id/notify': { title: 'Hi', message: 'From the matrix' },
}

async function ask(who: Who, method: string, path: string, json = false) {
  const key = `${method} ${path}`
  const headers: Record<string, string> = json ? { accept: 'application/json' } : {}
  return method === 'GET' ? h.get(fill(path), who, headers) : h.post(fill(path), who, FIELDS[key] ?? {}, { headers })
}

/** The stable code of a refusal, from the page or the JSON envelope. */
async function refusalCode(res: Response): Promise<string | null> {
  const text = await res.text()
  if (res.headers.get('content-type')?.includes('json')) return (JSON.parse(text) as { errors?: { code: string }[] }).errors?.[0]?.code ?? null
  return /data-error-code="([a-z_]+)"/.exec(text)?.[1] ?? null
}

beforeAll(async () => {
  h = await startConsoleHarness()
  h.store.db.insert(users).values({ id: TARGET, email: 'target@console.test', name: 'Target', createdAt: h.api.clock.now }).run()
  skin = (await h.newSkin(7301)).uuid
  h.report(skin, 'ip:203.0.113.1')
  // A key of TARGET and a log entry to point the parameterised routes at.
  targetKey = (await createApiKey(h.store.db, { name: 'target key', userId: TARGET, now: h.api.clock.now })).id
  const hidden = await h.post(`/admin/reports/${skin}`, 'admin', { action: 'hide' })
  expect(hidden.status).toBe(303)
  logId = h.store.sqlite.query<{ id: number }, []>('SELECT max(id) AS id FROM moderation_log').get()!.id
  routes = h.app.routes.filter((r) => r.path.startsWith('/admin') && (r.method === 'GET' || r.method === 'POST')).map(({ method, path }) => ({ method, path }))
})
afterAll(() => h.close())

describe('the authorisation matrix of the operator console', () => {
  test('every /admin route the app registers has a row in the matrix, and every row is a route', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`))
    expect([...registered].sort()).toEqual(Object.keys(NEEDS).sort())
  })

  for (const [label, who] of WHO) {
    test(`${label}: exactly the access its role gives`, async () => {
      const outcome: string[] = []
      for (const { method, path } of routes) {
        const needs = NEEDS[`${method} ${path}`]!
        const redirect = label === 'moderator' ? MODERATOR_REDIRECT[`${method} ${path}`] : undefined
        if (redirect) {
          const res = await ask(who, method, path)
          if (res.status !== 303 || !res.headers.get('location')?.includes(redirect)) outcome.push(`${method} ${path}: ${res.status}, expected 303 to ${redirect}`)
          continue
        }
        const allowed = label === 'admin' || label === 'grantedAdmin' || (label === 'moderator' && needs === 'moderator')
        const res = await ask(who, method, path)
        const code = res.status === 403 ? await refusalCode(res) : null
        if (allowed) {
          // Reached: a page, a redirect after the action, or the action's own 4xx — never the guard's 403.
          if (code === 'not_signed_in' || code === 'insufficient_role' || res.status >= 500) outcome.push(`${method} ${path}: ${res.status} ${code}`)
        } else {
          const expected = label === 'moderator' ? 'insufficient_role' : REFUSAL[label]!
          if (res.status !== 403 || code !== expected) outcome.push(`${method} ${path}: ${res.status} ${code}, expected 403 ${expected}`)
          const asJson = await ask(who, method, path, true)
          if (asJson.status !== 403 || (await refusalCode(asJson)) !== expected) outcome.push(`${method} ${path} (JSON): ${asJson.status}`)
        }
      }
      expect(outcome).toEqual([])
    })
  }

  test('no console POST works cross-origin or without Origin and Referer, and a refused POST changes nothing', async () => {
    const before = h.logCount()
    const grants = () => h.store.sqlite.query<{ grants: string | null }, [string]>('SELECT grants FROM users WHERE id = ?').get(TARGET)!.grants
    const grantsBefore = grants()
    const refused: string[] = []
    for (const { method, path } of routes.filter((r) => r.method === 'POST')) {
      for (const origin of ['https://evil.example', null, 'null']) {
        const res = await h.post(fill(path), 'admin', FIELDS[`${method} ${path}`] ?? {}, { origin, headers: { accept: 'application/json' } })
        const code = await refusalCode(res)
        if (res.status !== 403 || code !== 'csrf_refused') refused.push(`${path} from ${origin}: ${res.status} ${code}`)
      }
    }
    expect(refused).toEqual([])
    expect(h.logCount()).toBe(before)
    expect(grants()).toBe(grantsBefore)
  })

  test('a locked admin loses the console at once: their session and their key are refused', async () => {
    const locked = await h.post(`/admin/users/${h.ids.grantedAdmin}/lock`, 'admin', { note: 'matrix' })
    expect(locked.status).toBe(303)
    for (const { method, path } of routes) {
      const res = await ask('grantedAdmin', method, path)
      expect({ route: `${method} ${path}`, status: res.status, code: await refusalCode(res) }).toEqual({ route: `${method} ${path}`, status: 403, code: 'not_signed_in' })
    }
    const viaKey = await h.api.call('/v2/me', { headers: { authorization: `Bearer ${h.keys.grantedAdmin}` } })
    expect(viaKey.status).toBe(403)
  })
})
