import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { ApiError } from '../errors'
import { createApiKey, findApiKey } from '../users/identity/api-keys'
import { openStore, type BunStore } from '../store/db'
import { accountSessions, users } from '../store/schema'
import { createCreditLedger } from '../users/services/credits'
import { listNotifications } from '../users/services/notifications'
import { allSubscriptions } from '../users/services/subscription-grants'
import { listLog } from './audit-log'
import { undoLogEntry } from './undo'
import { createUserActions } from './user-actions'
import { searchUsers, userKeys, userLog } from './user-directory'

const T = Date.UTC(2026, 10, 22, 12)
const ADMIN = 'ad'.repeat(16)
const ADA = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const admin = { userId: ADMIN, role: 'admin' as const }
/** ADA, once the tests make her an admin too. */
const adaAdmin = { userId: ADA, role: 'admin' as const }

let dir: string
let store: BunStore
let clock: { now: number }
let actions: ReturnType<typeof createUserActions>

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-user-actions-'))
  store = openStore(dir)
  clock = { now: T }
  actions = createUserActions(store, () => clock.now)
  store.db.insert(users).values({ id: ADMIN, email: 'root@example.test', name: 'Root', grants: '{"admin":true}', createdAt: T - 3000 }).run()
  store.db.insert(users).values({ id: ADA, email: 'ada@example.test', name: 'Ada Lovelace', grants: '{"per_minute":30}', createdAt: T - 2000 }).run()
  store.db.insert(users).values({ id: BOB, email: 'bob_b@example.test', name: 'Bob', createdAt: T - 1000 }).run()
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const grantsOf = (id: string) => JSON.parse(store.db.select().from(users).where(eq(users.id, id)).get()!.grants ?? '{}') as Record<string, unknown>
const code = async (p: Promise<unknown>) => {
  try {
    await p
  } catch (e) {
    return e instanceof ApiError ? `${e.status} ${e.code}` : String(e)
  }
  return 'ok'
}

describe('set_grants', () => {
  test('parses values as the CLI does, logs the old state, and undo restores only that grant', async () => {
    const id = await actions.setGrant(admin, ADA, 'capes', 'yes', 'supporter')
    await actions.setGrant(admin, ADA, 'per_hour', '900')
    expect(grantsOf(ADA)).toEqual({ per_minute: 30, capes: true, per_hour: 900 })
    const [newest, first] = await listLog(store.sql, { limit: 5, target: { kind: 'user', id: ADA } })
    expect(newest!.data).toMatchObject({ grant: 'per_hour', before: null, after: 900 })
    expect(first!.data).toEqual({ grant: 'capes', before: null, after: true, grants: '{"per_minute":30}' })
    expect([first!.action, first!.actorEmail, first!.note, first!.createdAt]).toEqual(['set_grants', 'root@example.test', 'supporter', T])

    expect(await code(actions.setGrant(admin, ADA, 'capes', 'maybe'))).toBe('400 invalid_grant_value')
    expect(await code(actions.setGrant(admin, ADA, 'per_hour', '-1'))).toBe('400 invalid_grant_value')
    expect(await code(actions.setGrant(admin, ADA, 'per_hour', ''))).toBe('400 invalid_grant_value')
    expect(await code(actions.setGrant(admin, ADA, 'superpowers', 'true'))).toBe('400 unknown_grant')
    expect(await code(actions.setGrant(admin, 'nobody', 'capes', 'true'))).toBe('404 user_not_found')
    expect(await code(actions.setGrant(admin, ADA, 'ad_free', null))).toBe('409 grant_not_set')

    // Undoing the capes grant keeps the later per_hour change.
    await undoLogEntry(store, admin, id, () => T + 1)
    expect(grantsOf(ADA)).toEqual({ per_minute: 30, per_hour: 900 })
    expect(await code(undoLogEntry(store, admin, id, () => T + 2))).toBe('409 already_undone')

    const cleared = await actions.setGrant(admin, ADA, 'per_minute', null)
    expect(grantsOf(ADA)).toEqual({ per_hour: 900 })
    const undone = await actions.undo(admin, cleared)
    expect([undone.undoneAt, undone.undoneBy]).toEqual([T, ADMIN])
    expect(grantsOf(ADA)).toEqual({ per_hour: 900, per_minute: 30 })
  })

  test('an admin cannot drop their own admin grant, by setting, clearing or undoing', async () => {
    expect(await code(actions.setGrant(admin, ADMIN, 'admin', 'false'))).toBe('409 own_admin_grant')
    expect(await code(actions.setGrant(admin, ADMIN, 'admin', null))).toBe('409 own_admin_grant')
    const granted = await actions.setGrant(admin, ADA, 'admin', 'true')
    expect(await code(actions.undo(adaAdmin, granted))).toBe('409 own_admin_grant')
    expect(grantsOf(ADA).admin).toBe(true)
    expect(grantsOf(ADMIN)).toEqual({ admin: true })
    // Another admin may.
    await actions.setGrant(adaAdmin, ADMIN, 'admin', 'false')
    expect(grantsOf(ADMIN)).toEqual({ admin: false })
  })
})

describe('credits, subscriptions, notifications', () => {
  test('add what the CLI adds, validated the same way, each in the log (not undoable)', async () => {
    const logId = await actions.addCredits(admin, BOB, { amount: '250', type: 'paid', period: 'month' })
    await actions.addCredits(admin, BOB, { amount: '5' })
    const rows = await createCreditLedger(store.db).history(BOB, T)
    expect(rows.map((r) => [r.total, r.type, r.period]).sort()).toEqual([
      [250, 'paid', 'month'],
      [5, 'free', 'once'],
    ])
    for (const bad of ['0', '-3', '1.5', 'ten', '1000000001']) expect(await code(actions.addCredits(admin, BOB, { amount: bad }))).toBe('400 invalid_amount')
    expect(await code(actions.addCredits(admin, BOB, { amount: '1', type: 'gold' }))).toBe('400 invalid_credit_type')
    expect(await code(actions.addCredits(admin, BOB, { amount: '1', period: 'week' }))).toBe('400 invalid_credit_period')
    expect(await code(actions.undo(admin, logId))).toBe('409 not_undoable')

    await actions.subscribe(admin, BOB, { group: 'feat_pack' })
    await actions.subscribe(admin, BOB, { group: 'request_speed', status: 'paused' })
    expect((await allSubscriptions(store.db, BOB)).map((s) => [s.productGroup, s.status]).sort()).toEqual([
      ['feat_pack', 'active'],
      ['request_speed', 'paused'],
    ])
    expect(await code(actions.subscribe(admin, BOB, { group: 'gold' }))).toBe('400 invalid_product_group')

    await actions.notify(admin, BOB, { title: ' Hello ', message: 'Welcome aboard', level: 'success' })
    expect((await listNotifications(store.db, BOB)).map((n) => [n.title, n.message, n.level])).toEqual([['Hello', 'Welcome aboard', 'success']])
    expect(await code(actions.notify(admin, BOB, { title: '', message: 'x' }))).toBe('400 notification_empty')
    expect(await code(actions.notify(admin, BOB, { title: 'x', message: 'y'.repeat(2001) }))).toBe('400 notification_too_long')
    expect(await code(actions.notify(admin, BOB, { title: 'x', message: 'y', level: 'loud' }))).toBe('400 invalid_level')

    const log = await listLog(store.sql, { limit: 20, target: { kind: 'user', id: BOB } })
    expect(log.map((e) => e.action)).toEqual(['notify', 'subscribe', 'subscribe', 'add_credits', 'add_credits'])
    expect(log[4]!.data).toMatchObject({ amount: 250, type: 'paid', period: 'month' })
  })
})

describe('revoke_key', () => {
  test('revocation is a flag: the key is refused, undo makes it work again', async () => {
    const { id, key } = await createApiKey(store.db, { name: 'Plugin', userId: ADA, now: T })
    const logId = await actions.revokeKey(admin, id, 'leaked')
    expect(await findApiKey(store.db, key)).toBeNull()
    expect(await code(actions.revokeKey(admin, id))).toBe('409 key_already_revoked')
    expect(await code(actions.revokeKey(admin, 'nope'))).toBe('404 key_not_found')
    const [entry] = await userLog(store.sql, ADA, 10)
    expect([entry!.action, entry!.targetKind, entry!.targetId, entry!.data]).toEqual(['revoke_key', 'key', id, { userId: ADA, name: 'Plugin' }])
    expect((await userKeys(store.sql, ADA))[0]!.revokedAt).toBe(T)
    await undoLogEntry(store, admin, logId, () => T + 5)
    expect((await findApiKey(store.db, key))?.id).toBe(id)
  })
})

describe('lock', () => {
  test('ends sessions at once; not oneself; undo unlocks; unlock is logged', async () => {
    store.db.insert(accountSessions).values({ id: 's1', userId: BOB, tokenHash: 'h1', createdAt: T, expiresAt: T + 1e9 }).run()
    store.db.insert(accountSessions).values({ id: 's2', userId: BOB, tokenHash: 'h2', createdAt: T, expiresAt: T + 1e9 }).run()
    expect(await code(actions.lock(admin, ADMIN))).toBe('409 cannot_lock_self')
    const { logId, sessionsEnded } = await actions.lock(admin, BOB, 'spam')
    expect(sessionsEnded).toBe(2)
    expect(store.db.select().from(users).where(eq(users.id, BOB)).get()!.lockedAt).toBe(T)
    expect(store.db.select().from(accountSessions).all().every((s) => s.revokedAt === T)).toBe(true)
    expect(await code(actions.lock(admin, BOB))).toBe('409 already_locked')

    await undoLogEntry(store, admin, logId, () => T + 10)
    expect(store.db.select().from(users).where(eq(users.id, BOB)).get()!.lockedAt).toBeNull()
    expect(await code(actions.unlock(admin, BOB))).toBe('409 not_locked')

    const again = await actions.lock(admin, BOB)
    await actions.unlock(admin, BOB, 'appeal accepted')
    // The lock is gone, so undoing it has nothing left to undo.
    expect(await code(actions.undo(admin, again.logId))).toBe('410 undo_data_gone')
    const log = await listLog(store.sql, { limit: 10, target: { kind: 'user', id: BOB } })
    expect(log.map((e) => [e.action, e.undoneAt])).toEqual([
      ['unlock', null],
      ['lock', null],
      ['lock', T + 10],
    ])
  })
})

describe('who may', () => {
  test('a moderator may neither do nor undo a user or key action, whichever page asks: 403 insufficient_role, nothing changed', async () => {
    const moderator = { userId: BOB, role: 'moderator' as const }
    const key = await createApiKey(store.db, { name: 'Plugin', userId: ADA, now: T })
    const granted = await actions.setGrant(admin, BOB, 'moderator', 'true')
    const revoked = await actions.revokeKey(admin, key.id)
    const locked = (await actions.lock(admin, ADA)).logId
    const before = JSON.stringify([store.sqlite.query('SELECT * FROM users ORDER BY id').all(), store.sqlite.query('SELECT * FROM api_keys').all(), store.sqlite.query('SELECT * FROM moderation_log').all()])
    const refused = [
      actions.setGrant(moderator, BOB, 'admin', 'true'),
      actions.addCredits(moderator, BOB, { amount: '5' }),
      actions.subscribe(moderator, BOB, { group: 'credits' }),
      actions.notify(moderator, ADA, { title: 'Hi', message: 'x' }),
      actions.revokeKey(moderator, key.id),
      actions.lock(moderator, ADMIN),
      actions.unlock(moderator, ADA),
      ...[granted, revoked, locked].flatMap((id) => [actions.undo(moderator, id), undoLogEntry(store, moderator, id, () => T + 1)]),
    ]
    for (const p of refused) expect(await code(p)).toBe('403 insufficient_role')
    expect(JSON.stringify([store.sqlite.query('SELECT * FROM users ORDER BY id').all(), store.sqlite.query('SELECT * FROM api_keys').all(), store.sqlite.query('SELECT * FROM moderation_log').all()])).toBe(before)
  })
})

describe('user search', () => {
  test('by e-mail or name, case-insensitively, newest first, paged; counts live keys', async () => {
    await createApiKey(store.db, { name: 'k', userId: ADA, now: T })
    const revoked = await createApiKey(store.db, { name: 'old', userId: ADA, now: T })
    await actions.revokeKey(admin, revoked.id)
    expect((await searchUsers(store.sql, { page: 1 })).rows.map((r) => r.id)).toEqual([BOB, ADA, ADMIN])
    expect((await searchUsers(store.sql, { q: 'LOVELACE', page: 1 })).rows.map((r) => [r.id, r.keys, r.skins])).toEqual([[ADA, 1, 0]])
    expect((await searchUsers(store.sql, { q: 'EXAMPLE.test', page: 1 })).rows).toHaveLength(3)
    // `_` is a character, not a wildcard.
    expect((await searchUsers(store.sql, { q: 'b_b', page: 1 })).rows.map((r) => r.id)).toEqual([BOB])
    expect((await searchUsers(store.sql, { q: 'a_a', page: 1 })).rows).toEqual([])
    const p1 = await searchUsers(store.sql, { page: 1, size: 2 })
    const p2 = await searchUsers(store.sql, { page: 2, size: 2 })
    expect([p1.rows.length, p1.hasMore, p2.rows.map((r) => r.id), p2.hasMore]).toEqual([2, true, [ADMIN], false])
  })
})
