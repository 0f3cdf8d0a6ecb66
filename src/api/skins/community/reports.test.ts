/**
 * Report limits and counts (./reports.ts): a reporter is the signed-in user, else the address, so a
 * script that sends a fresh `ssg_client` cookie with every report is still one reporter — at most
 * REPORTS_PER_HOUR (20) reports an hour, one per skin — and cannot push a skin up the "most reported"
 * queue. Real HTTP through the API, real anti-bot proofs, a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { reportQueue } from '../../moderation/report-queue'
import { openStore, type Store } from '../../store/db'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import { openTestSession } from '../../testing/test-session'
import { loadSessionSecret } from '../../users/identity/session'

let t: TestApi
let store: Store
let skins: string[]
let seq = 0

/** A cookie nobody was handed before: what a script rotating `ssg_client` sends. */
const freshCookie = () => `ssg_client=${(++seq).toString(16).padStart(24, '0')}`

/** Reports `skin` from `address` with `cookie`; returns the status. */
async function report(skin: string, address: string, cookie = freshCookie()): Promise<number> {
  const headers = { cookie, 'x-forwarded-for': address, 'turnstile-token': await t.proof() }
  return (await t.call(`/v2/skins/${skin}/report`, jsonInit({ reason: 'skin' }, { headers }))).status
}

/** The report queue's count of `skin` (0 when not queued), and its place in "most reported". */
async function queued(skin: string): Promise<{ reports: number; rank: number }> {
  const { items } = await reportQueue(store.sql, { sort: 'most', limit: 100, offset: 0 })
  const at = items.findIndex((i) => i.uuid === skin)
  return { reports: at < 0 ? 0 : items[at]!.reports, rank: at }
}

beforeAll(async () => {
  t = await startTestApi()
  skins = []
  for (let i = 0; i < 42; i++) {
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(7400 + i)), headers: { 'x-forwarded-for': `198.18.0.${i}` } })
    await t.api.idle()
    skins.push((await t.json(`/v2/queue/${sub.body.job.id}`)).body.job.result)
  }
  store = openStore(t.dir)
}, 120_000)
afterAll(async () => {
  store?.close()
  await t?.close()
})

describe('reports with a fresh cookie each time, from one address', () => {
  test('40 reports of one skin are one report: the skin counts 1 and stays below a skin two people reported', async () => {
    const [target, genuine] = [skins[0]!, skins[1]!]
    expect(await report(genuine, '203.0.113.1')).toBe(200)
    expect(await report(genuine, '203.0.113.2')).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push(await report(target, '198.51.100.7'))
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(39)
    expect(await queued(target)).toEqual({ reports: 1, rank: 1 })
    expect(await queued(genuine)).toEqual({ reports: 2, rank: 0 })
  })

  test('40 reports over 40 skins: 20 accepted (one reporter’s hourly 20), then 429 report_limit; every skin counts 1', async () => {
    const statuses: number[] = []
    for (const skin of skins.slice(2, 42)) statuses.push(await report(skin, '198.51.100.8'))
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(statuses.slice(20)).toEqual(Array(20).fill(429))
    for (const skin of skins.slice(2, 22)) expect((await queued(skin)).reports).toBe(1)
    for (const skin of skins.slice(22, 42)) expect((await queued(skin)).reports).toBe(0)
    // The refusal says how long to wait; an hour later the address may report again.
    const refused = await t.call(`/v2/skins/${skins[41]}/report`, jsonInit({ reason: 'name' }, { headers: { cookie: freshCookie(), 'x-forwarded-for': '198.51.100.8', 'turnstile-token': await t.proof() } }))
    expect(refused.status).toBe(429)
    expect((await refused.json()).errors[0].code).toBe('report_limit')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    t.clock.now += 3_600_001
    expect(await report(skins[41]!, '198.51.100.8')).toBe(200)
  })
})

describe('signed-in reporters', () => {
  test('a user is one reporter from any address, and an address counts the reports of every user on it', async () => {
    const session = async (sub: string) => {
      const { token } = await openTestSession(store.db, loadSessionSecret(t.dir), { sub, now: t.clock.now })
      return `ssg_api=${token}`
    }
    const alice = await session('a1'.repeat(16))
    // One user, many addresses: one report of a skin, and the user's 20 an hour.
    const perSkin = [await report(skins[2]!, '192.0.2.1', alice), await report(skins[2]!, '192.0.2.2', alice)]
    expect(perSkin).toEqual([200, 409])
    expect((await queued(skins[2]!)).reports).toBe(2) // the address reporter of the test above, and alice
    const more: number[] = []
    for (let i = 3; i < 23; i++) more.push(await report(skins[i]!, `192.0.2.${i}`, alice))
    expect(more.filter((s) => s === 200)).toHaveLength(19)
    expect(more.at(-1)).toBe(429)

    // Many users, one address: that address's 20 an hour, however many accounts report from it.
    const fromOne: number[] = []
    for (let i = 0; i < 21; i++) fromOne.push(await report(skins[30]!, '198.51.100.99', await session(i.toString(16).padStart(32, 'e'))))
    expect(fromOne.filter((s) => s === 200)).toHaveLength(20)
    expect(fromOne.at(-1)).toBe(429)
  })
})
