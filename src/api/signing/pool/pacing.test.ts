/**
 * Pacing against a strict host (reference account-pool.md §6): the stand-in refuses with 429 any skin
 * change of an account that arrives less than 15 000 ms after its previous change arrived. The pool
 * (SQLite, the real rotation rules) and the mojang signer run on an injected clock; every request to
 * the stand-in takes a random 0–80 ms on the way there and back, as network and event-loop jitter do.
 * Because the next change waits from the ANSWER to the previous one (plus the margin), no change may
 * arrive early, whatever the jitter.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMojangStandIn, type MojangStandIn } from '../../../../test/support/mojang-stand-in'
import { readSkinImage } from '../../image'
import { makeSkinPng } from '../../image/fixtures'
import { openStore, type BunStore } from '../../store/db'
import { createMojangSigner } from '../signer/mojang-signer'
import { createDbAccountPool, DEFAULT_ROTATION } from './db-account-pool'
import { putPoolAccount } from './pool-account-store'
import { createTokenBox } from './token-box'

const STRICT_MS = 15_000
const CHANGES = 150
let clock = Date.UTC(2026, 10, 22, 12)
const now = () => clock
let mojang: MojangStandIn
let dir: string
let store: BunStore

beforeAll(async () => {
  mojang = await startMojangStandIn({ accounts: 3, now, minChangeIntervalMs: STRICT_MS })
  dir = mkdtempSync(join(tmpdir(), 'ssg-pacing-'))
  store = openStore(dir)
})
afterAll(async () => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
  await mojang.stop()
})

/** mulberry32: the same jitter on every run. */
function seeded(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

test(`${CHANGES} skin changes over 3 accounts with jitter on the wire: the strict host refuses none`, async () => {
  const box = await createTokenBox('p'.repeat(40))
  for (const a of mojang.accounts) await putPoolAccount(store.sql, box, { id: a.id, name: a.name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: a.accessToken }, 0)
  // The defaults: 15 s from the answer plus the 1 s margin (POOL_MIN_DELAY_S, POOL_DELAY_MARGIN_MS).
  const rules = { ...DEFAULT_ROTATION, newAccountDelayMs: 0 }
  const pool = createDbAccountPool({ sql: store.sql, box, rules })
  const random = seeded(20)
  const jitteryFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    clock += Math.floor(random() * 80) // on the way to the host
    const res = await fetch(input, init)
    clock += Math.floor(random() * 80) // on the way back
    return res
  }) as typeof fetch
  const signer = createMojangSigner({
    pool,
    servicesBase: mojang.servicesBase,
    sessionBase: mojang.sessionBase,
    signatureKeyPem: mojang.publicKeyPem,
    fetch: jitteryFetch,
    now,
    sleep: async (ms) => void (clock += ms),
    minAccountDelayMs: rules.minDelayMs,
    delayMarginMs: rules.delayMarginMs,
    maxWaitMs: 60_000,
  })
  const skin = await readSkinImage(makeSkinPng(41))
  const first = mojang.changes.length
  for (let i = 0; i < CHANGES; i++) {
    await signer.sign({ png: skin.png, textureHash: skin.textureHash, variant: 'classic' })
    clock += Math.floor(random() * 40) // the job's own work between two changes
  }
  const changes = mojang.changes.slice(first)
  expect(changes).toHaveLength(CHANGES)
  expect(changes.filter((c) => c.status === 429)).toEqual([])
  // Every account carried a share, and none was paced slower than it needs: at most 1 s + jitter over 15 s.
  const gaps = mojang.accounts.flatMap((a) => {
    const times = changes.filter((c) => c.accountId === a.id).map((c) => c.at)
    return times.slice(1).map((t, i) => t - times[i]!)
  })
  expect(gaps.length).toBe(CHANGES - 3)
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(STRICT_MS)
  expect(Math.max(...gaps)).toBeLessThan(STRICT_MS + 1000 + 400)
})
