/**
 * The console's authorisation matrix (docs/operations.md, "Who may do and undo what"), in two parts.
 *
 * Routes × roles: every `/admin` route the account app registers — read from the router, so a new
 * route without a row here fails — asked by nobody, a signed-in user, API keys (of a user and of an
 * admin: keys never open the console), a moderator, an admin by ADMIN_EMAILS and an admin by grant,
 * and by a locked admin. Each gets exactly what its role allows: content routes (reports, audit log)
 * for moderators and admins, the rest for admins; everyone else a 403 with a stable code, as a page
 * (`data-error-code`) and as JSON. No POST works cross-origin or without an Origin/Referer.
 *
 * Roles × actions × entry points: every kind of logged action (the audit log's action list, read
 * from the code, so a new kind without a row here fails) done through every route that does it, and
 * undone through every route that undoes (the audit log, the report queue's undo notice, a user's
 * page), by every role. An action, and its undo, needs the role the action needs — content actions a
 * moderator, user/key/grant/lock/credit actions an admin — on top of the route's own role. A refused
 * request answers 403 with its stable code and the database is byte-for-byte what it was; an allowed
 * undo reverts the action. The pages offer an Undo button only to who may use it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { MODERATION_ACTIONS, UNDOABLE, type ModerationAction } from '../../../api/moderation/audit-log'
import type { Role } from '../../../api/moderation/roles'
import { createApiKey } from '../../../api/users/identity/api-keys'
import { users } from '../../../api/store/schema'
import { startConsoleHarness, type ConsoleHarness, type Member, type Who } from '../../testing/console-harness'

/** Who may use each route: `moderator` = moderators and admins, `admin` = admins only. */
const NEEDS: Record<string, Role> = {
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

/**
 * The role each kind of logged action needs — to do it and to undo it — as docs/operations.md
 * states it, written out here rather than read from the code under test. Typed over the log's
 * action list: a new kind does not type-check until it has a row (and the run checks it too).
 */
const ACTION_NEEDS: Record<ModerationAction, Role> = {
  dismiss: 'moderator',
  hide: 'moderator',
  remove: 'moderator',
  clear_name: 'moderator',
  remove_tag: 'moderator',
  ban_texture: 'moderator',
  set_grants: 'admin',
  add_credits: 'admin',
  subscribe: 'admin',
  notify: 'admin',
  revoke_key: 'admin',
  lock: 'admin',
  unlock: 'admin',
}

/** Admin routes a moderator is redirected from to their own part of the console, rather than refused. */
const MODERATOR_REDIRECT: Record<string, string> = { 'GET /admin': '/admin/reports' }

/** What a refused request must answer, by who asks, when they hold no role at all. */
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

/** The console role each asker holds (keys never open the console). */
const ROLE_OF: Record<string, Role | null> = { anonymous: null, 'key:user': null, 'key:admin': null, user: null, moderator: 'moderator', admin: 'admin', grantedAdmin: 'admin' }

const RANK: Record<Role, number> = { moderator: 1, admin: 2 }
const holds = (role: Role | null, needed: Role) => role !== null && RANK[role] >= RANK[needed]

/** The 403 code `label` must get from a route needing `route` for an action needing `action`; null when allowed. */
function refusalFor(label: string, route: Role, action: Role): string | null {
  const role = ROLE_OF[label]!
  if (role === null) return REFUSAL[label]!
  return holds(role, route) && holds(role, action) ? null : 'insufficient_role'
}

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

// ---------------------------------------------------------------------------------------------
// The actions: how each kind is done through each route that does it, and a fresh instance of it.

/** The skin actions, each with its own skins: `spent` for entries left in effect, `cycle` for those undone again. */
const SKIN_ACTIONS = ['dismiss', 'hide', 'remove', 'clear_name', 'remove_tag', 'ban_texture'] as const
type SkinActionKind = (typeof SKIN_ACTIONS)[number]
const skinsOf = {} as Record<SkinActionKind, { spent: string; cycle: string }>
/** The tag the tag actions remove (put back before each, in case an earlier case left it removed). */
const TAG = 'matrix'

let fresh = 0
/** A new user row for the actions that change a user (locks, keys), so the members never change. */
function newUser(): string {
  const id = (++fresh).toString(16).padStart(32, '9')
  h.store.db.insert(users).values({ id, email: `u${fresh}@console.test`, name: `User ${fresh}`, createdAt: h.api.clock.now }).run()
  return id
}

/** Puts the tag on the skin `uuid` again when it is gone (a tag action needs one to remove). */
function ensureTag(uuid: string) {
  h.store.sqlite.run('INSERT OR IGNORE INTO skin_tags (skin_id, tag, up, down, visible, created_at) SELECT id, ?, 3, 0, 1, ? FROM skins WHERE uuid = ?', [TAG, h.api.clock.now, uuid])
  h.store.sqlite.run('DELETE FROM banned_tags WHERE tag = ?', [TAG])
}

/** One way to do an action: the route (as the router names it), and a fresh request for it. */
interface DoPath {
  route: string
  action: ModerationAction
  /** What the case is called in failures. */
  label: string
  /** Sets up a target on which the action can be done now; the path and form to post. */
  prepare(slot: 'spent' | 'cycle'): Promise<{ path: string; fields: Record<string, string> }>
}

const queuePath = (kind: SkinActionKind, action: string): DoPath => ({
  route: 'POST /admin/reports/:uuid',
  action: kind,
  label: `queue ${action}`,
  async prepare(slot) {
    const uuid = skinsOf[kind][slot]
    if (kind === 'remove_tag') ensureTag(uuid)
    const fields: Record<string, string> = action === 'remove_tag' || action === 'ban_tag' ? { [action]: TAG } : { action }
    return { path: `/admin/reports/${uuid}`, fields: { ...fields, note: 'matrix' } }
  },
})

/** Every route that does an action, with the action it logs. A POST route in none of these nor in {@link UNDO_ENTRY_POINTS} fails the run. */
const DO_PATHS: DoPath[] = [
  queuePath('dismiss', 'dismiss'),
  queuePath('hide', 'hide'),
  queuePath('remove', 'remove'),
  queuePath('clear_name', 'clear_name'),
  queuePath('remove_tag', 'remove_tag'),
  queuePath('remove_tag', 'ban_tag'),
  queuePath('ban_texture', 'ban_texture'),
  {
    route: 'POST /admin/users/remove-skin',
    action: 'remove',
    label: 'users remove-skin',
    prepare: async (slot) => ({ path: '/admin/users/remove-skin', fields: { skin: skinsOf.remove[slot] } }),
  },
  {
    route: 'POST /admin/users/:id/skins/:uuid/remove',
    action: 'remove',
    label: "user page's skin removal",
    prepare: async (slot) => ({ path: `/admin/users/${TARGET}/skins/${skinsOf.remove[slot]}/remove`, fields: {} }),
  },
  {
    route: 'POST /admin/users/:id/grants',
    action: 'set_grants',
    label: 'grant',
    prepare: async () => ({ path: `/admin/users/${TARGET}/grants`, fields: { grant: 'per_minute', value: String(100 + ++fresh), op: 'set' } }),
  },
  { route: 'POST /admin/users/:id/credits', action: 'add_credits', label: 'credits', prepare: async () => ({ path: `/admin/users/${TARGET}/credits`, fields: { amount: '5' } }) },
  { route: 'POST /admin/users/:id/subscriptions', action: 'subscribe', label: 'subscription', prepare: async () => ({ path: `/admin/users/${TARGET}/subscriptions`, fields: { group: 'credits' } }) },
  { route: 'POST /admin/users/:id/notify', action: 'notify', label: 'notification', prepare: async () => ({ path: `/admin/users/${TARGET}/notify`, fields: { title: 'Hi', message: 'From the matrix' } }) },
  {
    route: 'POST /admin/users/:id/keys/:keyId/revoke',
    action: 'revoke_key',
    label: 'key revocation',
    async prepare() {
      const user = newUser()
      const key = await createApiKey(h.store.db, { name: 'matrix key', userId: user, now: h.api.clock.now })
      return { path: `/admin/users/${user}/keys/${key.id}/revoke`, fields: {} }
    },
  },
  { route: 'POST /admin/users/:id/lock', action: 'lock', label: 'lock', prepare: async () => ({ path: `/admin/users/${newUser()}/lock`, fields: { note: 'matrix' } }) },
  {
    route: 'POST /admin/users/:id/unlock',
    action: 'unlock',
    label: 'unlock',
    async prepare() {
      const user = newUser()
      expect((await h.post(`/admin/users/${user}/lock`, 'admin')).status).toBe(303)
      return { path: `/admin/users/${user}/unlock`, fields: {} }
    },
  },
]

/** The newest log entry. */
const newestLog = () => h.store.sqlite.query<{ id: number; action: string; actor_user_id: string | null; target_kind: string; target_id: string }, []>('SELECT * FROM moderation_log ORDER BY id DESC LIMIT 1').get()!

/** The user whose page lists entry `id` (its user, or its key's user), or null for a skin's entry. */
function pageUserOf(id: number): string | null {
  const e = h.store.sqlite.query<{ target_kind: string; target_id: string }, [number]>('SELECT target_kind, target_id FROM moderation_log WHERE id = ?').get(id)!
  if (e.target_kind === 'user') return e.target_id
  if (e.target_kind === 'key') return h.store.sqlite.query<{ user_id: string }, [string]>('SELECT user_id FROM api_keys WHERE id = ?').get(e.target_id)!.user_id
  return null
}

/**
 * A fresh entry of `action`, done by the admin through its first route. `set_grants` is the case
 * from the field: the admin grants `admin` to the moderator and clears it again; undoing that
 * clearing would make the moderator an admin.
 */
async function produce(action: ModerationAction, slot: 'spent' | 'cycle'): Promise<number> {
  if (action === 'set_grants') {
    const moderator = h.ids.moderator
    expect((await h.post(`/admin/users/${moderator}/grants`, 'admin', { grant: 'admin', value: 'true', op: 'set' })).status).toBe(303)
    expect((await h.post(`/admin/users/${moderator}/grants`, 'admin', { grant: 'admin', op: 'clear' })).status).toBe(303)
    return newestLog().id
  }
  const path = DO_PATHS.find((p) => p.action === action)!
  const req = await path.prepare(slot)
  const res = await h.post(req.path, 'admin', req.fields)
  expect({ action, status: res.status }).toEqual({ action, status: 303 })
  const entry = newestLog()
  expect(entry.action).toBe(action)
  return entry.id
}

/** Tables a console request may change; the rest (sessions, anti-bot, counters) move with any request. */
const WATCHED = ['users', 'api_keys', 'skins', 'skin_tags', 'tag_votes', 'banned_tags', 'banned_textures', 'skin_reports', 'moderation_log', 'credits', 'subscriptions', 'notifications', 'account_sessions']

/** Everything a console action could change, as one string. */
const snapshot = () => JSON.stringify(WATCHED.map((t) => h.store.sqlite.query(`SELECT * FROM ${t} ORDER BY rowid`).all()))

/** The moderator as the harness made them (an allowed undo of the grant case makes them an admin again). */
const resetMembers = () => h.store.sqlite.run(`UPDATE users SET grants = '{"moderator":true}' WHERE id = ?`, [h.ids.moderator])

/** Undoes entry `id` of `action` as the admin through the audit log (puts a `cycle` target back after an allowed action). */
async function undoAsAdmin(id: number, action: ModerationAction) {
  if (UNDOABLE.has(action)) expect((await h.post(`/admin/audit/${id}/undo`, 'admin', { from: 'audit' })).status).toBe(303)
}

/** Every route that undoes an entry. A registered route whose path names `undo` and is not here fails the run. */
interface UndoEntryPoint {
  name: string
  route: string
  /** The path and form that undo entry `id`, as the page that offers it posts them. */
  request(id: number): { path: string; fields: Record<string, string> }
  /** Which entries this page undoes (others: 404, nothing changed). */
  undoes(id: number): boolean
}
const UNDO_ENTRY_POINTS: UndoEntryPoint[] = [
  { name: 'audit log', route: 'POST /admin/audit/:id{[0-9]+}/undo', request: (id) => ({ path: `/admin/audit/${id}/undo`, fields: { from: 'audit' } }), undoes: () => true },
  {
    name: "report queue's undo notice",
    route: 'POST /admin/audit/:id{[0-9]+}/undo',
    request: (id) => ({ path: `/admin/audit/${id}/undo`, fields: { from: 'reports', sort: 'most' } }),
    undoes: () => true,
  },
  {
    name: "user's page",
    route: 'POST /admin/users/:id/undo/:logId',
    request: (id) => ({ path: `/admin/users/${pageUserOf(id) ?? TARGET}/undo/${id}`, fields: {} }),
    undoes: (id) => pageUserOf(id) !== null,
  },
]

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
  let seed = 7400
  for (const kind of SKIN_ACTIONS) {
    skinsOf[kind] = { spent: (await h.newSkin(++seed)).uuid, cycle: (await h.newSkin(++seed)).uuid }
    for (const uuid of Object.values(skinsOf[kind])) h.report(uuid, 'ip:203.0.113.2')
  }
}, 60_000)
afterAll(() => h.close())

describe('the authorisation matrix of the operator console: routes × roles', () => {
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
        const expected = refusalFor(label, needs, 'moderator')
        const res = await ask(who, method, path)
        const code = res.status === 403 ? await refusalCode(res) : null
        if (expected === null) {
          // Reached: a page, a redirect after the action, or the action's own 4xx — never the guard's 403.
          if (code === 'not_signed_in' || code === 'insufficient_role' || res.status >= 500) outcome.push(`${method} ${path}: ${res.status} ${code}`)
        } else {
          if (res.status !== 403 || code !== expected) outcome.push(`${method} ${path}: ${res.status} ${code}, expected 403 ${expected}`)
          const asJson = await ask(who, method, path, true)
          if (asJson.status !== 403 || (await refusalCode(asJson)) !== expected) outcome.push(`${method} ${path} (JSON): ${asJson.status}`)
        }
      }
      expect(outcome).toEqual([])
    })
  }

  test('no console POST works cross-origin or without Origin and Referer, and a refused POST changes nothing', async () => {
    const before = snapshot()
    const refused: string[] = []
    for (const { method, path } of routes.filter((r) => r.method === 'POST')) {
      for (const origin of ['https://evil.example', null, 'null']) {
        const res = await h.post(fill(path), 'admin', FIELDS[`${method} ${path}`] ?? {}, { origin, headers: { accept: 'application/json' } })
        const code = await refusalCode(res)
        if (res.status !== 403 || code !== 'csrf_refused') refused.push(`${path} from ${origin}: ${res.status} ${code}`)
      }
    }
    expect(refused).toEqual([])
    expect(snapshot()).toBe(before)
  })
})

describe('the authorisation matrix of the operator console: roles × actions × entry points', () => {
  test('every kind of logged action has its role here and a route that does it; every POST route does or undoes something listed here', () => {
    expect(Object.keys(ACTION_NEEDS).sort()).toEqual([...MODERATION_ACTIONS].sort())
    expect(MODERATION_ACTIONS.filter((a) => !DO_PATHS.some((p) => p.action === a))).toEqual([])
    const posts = routes.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`)
    const covered = new Set([...DO_PATHS.map((p) => p.route), ...UNDO_ENTRY_POINTS.map((u) => u.route)])
    expect(posts.filter((r) => !covered.has(r))).toEqual([])
    expect([...covered].filter((r) => !posts.includes(r))).toEqual([])
    // Every route that undoes is an undo entry point of the matrix.
    const undoRoutes = new Set(UNDO_ENTRY_POINTS.map((u) => u.route))
    expect(posts.filter((r) => /undo/.test(r) && !undoRoutes.has(r))).toEqual([])
  })

  for (const path of DO_PATHS) {
    test(`doing "${path.action}" through the ${path.label} (${path.route}), by each role`, async () => {
      const outcome: string[] = []
      for (const [label, who] of WHO) {
        const expected = refusalFor(label, NEEDS[path.route]!, ACTION_NEEDS[path.action])
        const req = await path.prepare('cycle')
        const before = snapshot()
        const lastId = newestLog().id
        const res = await h.post(req.path, who, req.fields)
        if (expected === null) {
          const entry = newestLog()
          const by = typeof who === 'string' && who !== 'anonymous' ? h.ids[who as Member] : null
          if (res.status !== 303 || entry.id === lastId || entry.action !== path.action || entry.actor_user_id !== by) outcome.push(`${label}: ${res.status}, log ${entry.action} by ${entry.actor_user_id}`)
          else await undoAsAdmin(entry.id, path.action)
        } else {
          const code = res.status === 403 ? await refusalCode(res) : null
          if (res.status !== 403 || code !== expected) outcome.push(`${label}: ${res.status} ${code}, expected 403 ${expected}`)
          if (snapshot() !== before) outcome.push(`${label}: refused, but the database changed`)
        }
        resetMembers()
      }
      expect(outcome).toEqual([])
    })
  }

  for (const action of MODERATION_ACTIONS) {
    test(`undoing "${action}" through every entry point, by each role: allowed only with the ${ACTION_NEEDS[action]} role; refused → 403, nothing changed`, async () => {
      const outcome: string[] = []
      // One entry stays in effect for every case that must change nothing.
      const spent = await produce(action, 'spent')
      for (const point of UNDO_ENTRY_POINTS) {
        for (const [label, who] of WHO) {
          const refusal = refusalFor(label, NEEDS[point.route]!, ACTION_NEEDS[action])
          const outcomeOf = refusal !== null ? `403 ${refusal}` : !point.undoes(spent) ? '404' : !UNDOABLE.has(action) ? '409' : '303'
          const id = outcomeOf === '303' ? await produce(action, 'cycle') : spent
          const req = point.request(id)
          const before = snapshot()
          const res = await h.post(req.path, who, req.fields)
          const code = res.status === 403 ? await refusalCode(res) : null
          const got = code ? `${res.status} ${code}` : String(res.status)
          const where = `${point.name}, ${label}`
          if (got !== outcomeOf) outcome.push(`${where}: ${got}, expected ${outcomeOf}`)
          if (outcomeOf === '303') {
            const row = h.store.sqlite.query<{ undone_at: number | null; undone_by: string | null }, [number]>('SELECT undone_at, undone_by FROM moderation_log WHERE id = ?').get(id)!
            if (row.undone_at === null || row.undone_by !== h.ids[who as Member]) outcome.push(`${where}: the entry is not marked undone by who undid it`)
            if (snapshot() === before) outcome.push(`${where}: the undo changed nothing`)
          } else if (snapshot() !== before) outcome.push(`${where}: ${got}, but the database changed`)
          resetMembers()
        }
      }
      expect(outcome).toEqual([])
    })
  }

  test('a moderator who was made admin and demoted again cannot undo the demotion from the audit log (the case from the field)', async () => {
    const id = await produce('set_grants', 'spent')
    const grantsBefore = h.store.sqlite.query<{ grants: string }, [string]>('SELECT grants FROM users WHERE id = ?').get(h.ids.moderator)!.grants
    const res = await h.post(`/admin/audit/${id}/undo`, 'moderator', { from: 'audit' })
    expect(res.status).toBe(403)
    const html = await res.text()
    expect(html).toContain('data-error-code="insufficient_role"')
    expect(html).toContain('Only an admin can do or undo this action.')
    expect(h.store.sqlite.query<{ grants: string }, [string]>('SELECT grants FROM users WHERE id = ?').get(h.ids.moderator)!.grants).toBe(grantsBefore)
    expect(h.store.sqlite.query<{ undone_at: number | null }, [number]>('SELECT undone_at FROM moderation_log WHERE id = ?').get(id)!.undone_at).toBeNull()
    // Still a moderator: the users page stays closed to them.
    expect((await h.get('/admin/users', 'moderator')).status).toBe(403)
  })

  test('the pages offer an Undo button only to who may use it: the audit log, the report queue notice, a user page', async () => {
    const userEntry = await produce('lock', 'spent')
    const skinEntry = await produce('hide', 'cycle')
    const undoForms = (html: string) => new Set([...html.matchAll(/action="[^"]*\/admin\/(?:audit\/(\d+)\/undo|users\/[0-9a-f]+\/undo\/(\d+))/g)].map((m) => Number(m[1] ?? m[2])))
    const log = { moderator: undoForms(await (await h.get('/admin/audit', 'moderator')).text()), admin: undoForms(await (await h.get('/admin/audit', 'admin')).text()) }
    expect([log.moderator.has(skinEntry), log.moderator.has(userEntry)]).toEqual([true, false])
    expect([log.admin.has(skinEntry), log.admin.has(userEntry)]).toEqual([true, true])
    // The queue's notice names a log id in its query: it offers the undo of a skin's entry the viewer may undo, never of another.
    const notice = async (who: Member, id: number) => undoForms(await (await h.get(`/admin/reports?done=hide&log=${id}`, who)).text()).has(id)
    expect([await notice('moderator', skinEntry), await notice('moderator', userEntry), await notice('admin', userEntry)]).toEqual([true, false, false])
    const page = undoForms(await (await h.get(`/admin/users/${pageUserOf(userEntry)}`, 'admin')).text())
    expect(page.has(userEntry)).toBe(true)
    await undoAsAdmin(skinEntry, 'hide')
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
