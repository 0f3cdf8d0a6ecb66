import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type BunStore as Store } from '../../store/db'
import { createCreditLedger, periodEnd, periodStart } from './credits'
import { createNotification, dismissNotification, listNotifications } from './notifications'
import { addSubscription, subscriptionGrants } from './subscription-grants'

let dir: string
let store: Store
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-credits-'))
  store = openStore(dir)
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const T = Date.UTC(2026, 10, 22, 12)
const U = 'ab'.repeat(16)

describe('credit ledger', () => {
  test('period boundaries are UTC calendar boundaries', async () => {
    expect(periodStart('day', T)).toBe(Date.UTC(2026, 10, 22))
    expect(periodEnd('month', T)).toBe(Date.UTC(2026, 11, 1))
    expect(periodEnd('year', T)).toBe(Date.UTC(2027, 0, 1))
  })

  test('balance sums unexpired rows; spending takes the row that expires first', async () => {
    const l = createCreditLedger(store.db)
    await l.add({ userId: U, amount: 5, type: 'paid', now: T })
    await l.add({ userId: U, amount: 2, type: 'reward', now: T, expiresAt: T + 3_600_000 })
    await l.add({ userId: U, amount: 9, type: 'free', now: T, expiresAt: T - 1 })
    expect(await l.summary(U, T)).toEqual({ current: { type: 'reward', balance: 2, total: 2 }, all: { balance: 7, total: 7 } })
    await l.spend(U, T)
    await l.spend(U, T)
    expect((await l.summary(U, T)).current).toEqual({ type: 'paid', balance: 5, total: 5 })
    // After the reward row expires only the paid row counts.
    expect((await l.summary(U, T + 7_200_000)).all).toEqual({ balance: 5, total: 5 })
  })

  test('a daily row refills as a new row at the next UTC day; history keeps the old one', async () => {
    const l = createCreditLedger(store.db)
    await l.add({ userId: U, amount: 3, period: 'day', now: T })
    for (let i = 0; i < 3; i++) expect(await l.spend(U, T)).not.toBeNull()
    expect(await l.spend(U, T)).toBeNull()
    const tomorrow = T + 86_400_000
    expect((await l.summary(U, tomorrow)).all).toEqual({ balance: 3, total: 3 })
    expect((await l.summary(U, tomorrow + 1000)).all).toEqual({ balance: 3, total: 3 })
    const h = await l.history(U, tomorrow)
    expect(h.map((r) => [r.balance, r.live])).toEqual([
      [3, true],
      [0, false],
    ])
  })

  test('a periodic series ends at its expiresAt', async () => {
    const l = createCreditLedger(store.db)
    await l.add({ userId: U, amount: 10, period: 'month', now: T, expiresAt: Date.UTC(2026, 11, 15) })
    expect((await l.summary(U, Date.UTC(2026, 11, 2))).all.balance).toBe(10)
    expect((await l.summary(U, Date.UTC(2026, 11, 20))).all.balance).toBe(0)
    expect((await l.summary(U, Date.UTC(2027, 0, 2))).all.balance).toBe(0)
  })

  test('refund gives a spent credit back, never above the total', async () => {
    const l = createCreditLedger(store.db)
    await l.add({ userId: U, amount: 1, now: T })
    const s = (await l.spend(U, T))!
    await l.refund(s.rowId)
    await l.refund(s.rowId)
    expect((await l.summary(U, T)).all).toEqual({ balance: 1, total: 1 })
  })
})

describe('notifications', () => {
  test('listed newest first; dismissed only by the owner', async () => {
    const other = 'cd'.repeat(16)
    const a = await createNotification(store.db, { userId: U, title: 'A', message: 'first', now: T })
    const b = await createNotification(store.db, { userId: U, title: 'B', message: 'second', level: 'warning', links: [{ title: 'x', url: '/x' }], now: T + 1 })
    expect(await listNotifications(store.db, U)).toEqual([
      { id: b, title: 'B', message: 'second', level: 'warning', links: [{ title: 'x', url: '/x' }], createdAt: T + 1 },
      { id: a, title: 'A', message: 'first', links: [], createdAt: T },
    ])
    expect(await dismissNotification(store.db, other, a, T)).toBe(false)
    expect(await dismissNotification(store.db, U, a, T)).toBe(true)
    expect(await dismissNotification(store.db, U, a, T)).toBe(false)
    expect((await listNotifications(store.db, U)).map((n) => n.id)).toEqual([b])
  })
})

describe('subscription grants', () => {
  test('only valid subscriptions add grants; several groups merge', async () => {
    await addSubscription(store.db, { id: 's1', userId: U, productGroup: 'feat_pack', status: 'unpaid', now: T })
    await addSubscription(store.db, { id: 's2', userId: U, productGroup: 'request_speed', status: 'inactive', now: T })
    await addSubscription(store.db, { id: 's3', userId: U, productGroup: 'one_time', status: 'pending', now: T, expiresAt: T + 1000 })
    const g = await subscriptionGrants(store.db, U, T)
    expect(g).toMatchObject({ ad_free: true, private_skins: true, skin_edit_duration: 72 })
    expect(g.per_minute).toBeUndefined()
    expect((await subscriptionGrants(store.db, U, T + 2000)).ad_free).toBe(true)
    expect(await subscriptionGrants(store.db, 'ef'.repeat(16), T)).toEqual({})
  })
})
