import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../api/store/db'
import { accountSessions, accountTokens, loginFailures } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { COUNTER_QUIET_MS, ENDED_SESSION_KEEP_MS, pruneAccountRows } from './prune'
import { createRefreshSession } from './tokens'

const dir = mkdtempSync(join(tmpdir(), 'ssg-prune-'))
const store = openStore(dir)
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})
const NOW = Date.UTC(2026, 10, 23, 12)
const deps = { db: store.db, now: () => NOW } as AccountsDeps
const DAY = 24 * 3600 * 1000

describe('pruning account rows', () => {
  test('ended sessions older than a day, stale counters and old links go; live ones stay', async () => {
    const session = (id: string, expiresAt: number, revokedAt: number | null = null) =>
      store.db.insert(accountSessions).values({ id, userId: 'u', tokenHash: id, createdAt: NOW - 40 * DAY, expiresAt, revokedAt }).run()
    session('live', NOW + DAY)
    session('just-expired', NOW - 1000)
    session('long-expired', NOW - ENDED_SESSION_KEEP_MS - 1000)
    session('revoked-old', NOW + DAY, NOW - ENDED_SESSION_KEEP_MS - 1000)
    session('revoked-new', NOW + DAY, NOW - 1000)
    const failure = (key: string, windowStart: number, lockedUntil: number) => store.db.insert(loginFailures).values({ key, count: 5, windowStart, lockedUntil }).run()
    failure('ip:stale', NOW - COUNTER_QUIET_MS - 1000, NOW - 1000)
    failure('ip:locked', NOW - COUNTER_QUIET_MS - 1000, NOW + 1000)
    failure('ip:counting', NOW - 1000, 0)
    const link = (id: string, expiresAt: number) => store.db.insert(accountTokens).values({ id, kind: 'reset', tokenHash: id, email: 'a@b.test', createdAt: NOW - 2 * DAY, expiresAt }).run()
    link('link-old', NOW - ENDED_SESSION_KEEP_MS - 1000)
    link('link-live', NOW + 1000)

    expect(await pruneAccountRows(deps)).toEqual({ sessions: 2, failures: 1, links: 1 })
    expect(store.db.select({ id: accountTokens.id }).from(accountTokens).all().map((r) => r.id)).toEqual(['link-live'])
    expect(store.db.select({ id: accountSessions.id }).from(accountSessions).all().map((r) => r.id).sort()).toEqual(['just-expired', 'live', 'revoked-new'])
    expect(store.db.select({ key: loginFailures.key }).from(loginFailures).all().map((r) => r.key).sort()).toEqual(['ip:counting', 'ip:locked'])
  })

  test('a new sign-in session prunes on the way', () => {
    store.db.insert(accountSessions).values({ id: 'old', userId: 'u', tokenHash: 'old', createdAt: NOW - 60 * DAY, expiresAt: NOW - 30 * DAY }).run()
    createRefreshSession(deps, 'u')
    expect(store.db.select({ id: accountSessions.id }).from(accountSessions).all().map((r) => r.id)).not.toContain('old')
  })
})
