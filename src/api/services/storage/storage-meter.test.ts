/**
 * The storage meter over real stores: bun:sqlite, and the D1 client over the
 * D1-shaped test database (which answers asynchronously, so concurrent requests really interleave)
 * with its blobs in a database of their own, as the API Worker keeps them apart in R2.
 */
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { textureKey, type BlobStore } from '../../blob/blob-store'
import { createSqliteBlobStore } from '../../blob/sqlite-blob-store'
import { apiConfigFromEnv, type Grants } from '../../config'
import { isApiError } from '../../errors'
import type { Identity } from '../../users/identity/identity'
import { makeSkinPng } from '../../image/fixtures'
import { sha256Hex } from '../../image/texture-hash'
import { d1MigrationFiles } from '../../store/d1-migrations'
import { openD1Store } from '../../store/d1-store'
import { openStore } from '../../store/db'
import type { SqlClient } from '../../store/sql'
import { applyD1Migrations, createFakeD1 } from '../../store/testing/d1-fake'
import { createStorageMeter, storageOwner, type NewPng } from './storage-meter'
import { StorageQuotaError } from './storage-errors'

const NOON = Date.UTC(2026, 10, 22, 12, 0, 0)
const cleanups: (() => void)[] = []
afterAll(() => {
  for (const c of cleanups.reverse()) c()
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-storage-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A database and a blob store on one of the two SQL clients. */
interface Backend {
  sql: SqlClient
  blobs: BlobStore
}

const backends: [string, () => Promise<Backend>][] = [
  [
    'bun:sqlite',
    async () => {
      const store = openStore(tempDir())
      cleanups.push(() => store.close())
      return { sql: store.sql, blobs: createSqliteBlobStore(store.sqlite) }
    },
  ],
  [
    'D1 client',
    async () => {
      const dir = tempDir()
      const d1 = createFakeD1(join(dir, 'd1.sqlite'))
      await applyD1Migrations(d1, d1MigrationFiles())
      // Blobs apart from the D1 tables, as on the API Worker (R2).
      const bucket = new Database(join(dir, 'bucket.sqlite'), { create: true, strict: true })
      bucket.run('CREATE TABLE blobs (key TEXT PRIMARY KEY, content_type TEXT NOT NULL, bytes BLOB NOT NULL, created_at INTEGER NOT NULL)')
      cleanups.push(() => (d1.sqlite.close(), bucket.close()))
      return { sql: openD1Store(d1).sql, blobs: createSqliteBlobStore(bucket) }
    },
  ],
]

const defaults = apiConfigFromEnv({ DATA_DIR: '/nonexistent' }).grants
const anonymous = (over: Partial<Identity> = {}, grants: Partial<Grants> = {}): Identity => ({
  kind: 'anonymous',
  userId: null,
  apiKeyId: null,
  apiKeyOrigins: null,
  clientId: null,
  ip: '203.0.113.7',
  userAgent: 'StorageTest/1',
  grants: { ...defaults.anonymous, ...grants },
  warnings: [],
  ...over,
})

/** A distinct skin PNG (noise-like: ≈ 14 KiB, the worst case) under its texture hash. */
async function png(seed: number): Promise<NewPng> {
  const bytes = makeSkinPng(seed)
  return { textureHash: await sha256Hex(bytes), png: bytes }
}

/** The `errors[0]` code of what `run` threw, or 'ok'. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run()
    return 'ok'
  } catch (e) {
    if (isApiError(e)) return `${e.status} ${e.code}`
    throw e
  }
}

describe.each(backends)('storage meter on %s', (_name, open) => {
  /** A meter with its own clock over a fresh backend. */
  async function setUp(budgetBytes = 0) {
    const b = await open()
    const clock = { now: NOON }
    const meter = createStorageMeter({ sql: b.sql, blobs: b.blobs, budgetBytes, now: () => clock.now })
    const counter = async (key: string) => (await b.sql.get<{ value: number }>('SELECT value FROM stat_counters WHERE key = ?', [key]))?.value ?? null
    const reserve = (who: Identity, images: NewPng[]) => meter.reserve(who, storageOwner(who, false), images)
    const admit = async (who: Identity, images: NewPng[]) => {
      const hold = await reserve(who, images)
      for (const image of images) await hold.store(image)
      await hold.release()
    }
    return { ...b, meter, clock, counter, reserve, admit }
  }

  test('the total starts from the blobs already stored and grows only by images really new', async () => {
    const t = await setUp()
    const old = await png(1)
    await t.blobs.put('images/legacy', old.png, 'image/png')
    await t.blobs.put(textureKey(old.textureHash), old.png, 'image/png')
    const fresh = await png(2)
    await t.admit(anonymous(), [fresh])
    expect(await t.meter.totalBytes()).toBe(2 * old.png.length + fresh.png.length)
    // The same image again, and a stored one through the worker's path: nothing new, nothing counted.
    await t.admit(anonymous({ ip: '198.51.100.1' }), [fresh, old])
    await t.meter.storeTexture(old.textureHash, old.png)
    expect(await t.meter.totalBytes()).toBe(2 * old.png.length + fresh.png.length)
    expect(await t.meter.totalBytes()).toBe(await t.blobs.usage())
    // A reservation given back leaves its day counter at 0 (or no row at all).
    expect((await t.counter('storage:day:2026-11-22:ip:198.51.100.1')) ?? 0).toBe(0)
  })

  test('two requests storing the same new image at once count it once', async () => {
    const t = await setUp()
    const image = await png(3)
    const a = anonymous({ ip: '198.51.100.2' })
    const b = anonymous({ ip: '198.51.100.3' })
    // Both reserve before either stores: the lost race gives its reservation back.
    const [ha, hb] = await Promise.all([t.reserve(a, [image]), t.reserve(b, [image])])
    await Promise.all([ha.store(image), hb.store(image)])
    await Promise.all([ha.release(), hb.release()])
    expect(await t.meter.totalBytes()).toBe(image.png.length)
    const days = [await t.counter('storage:day:2026-11-22:ip:198.51.100.2'), await t.counter('storage:day:2026-11-22:ip:198.51.100.3')]
    expect(days.sort()).toEqual([0, image.png.length])
  })

  test('a full budget refuses new images with 507 storage_full before anything is stored; stored images still pass', async () => {
    const images = await Promise.all([4, 5, 6].map(png))
    const t = await setUp(images[0]!.png.length + images[1]!.png.length)
    await t.admit(anonymous(), images.slice(0, 2))
    const who = anonymous({ ip: '198.51.100.4' })
    expect(await outcome(() => t.reserve(who, [images[2]!]))).toBe('507 storage_full')
    expect(await t.blobs.has(textureKey(images[2]!.textureHash))).toBe(false)
    expect((await t.counter('storage:day:2026-11-22:ip:198.51.100.4')) ?? 0).toBe(0)
    expect(await outcome(() => t.admit(who, [images[0]!]))).toBe('ok')
    expect(await t.meter.totalBytes()).toBe(images[0]!.png.length + images[1]!.png.length)
    const message = await t.reserve(who, [images[2]!]).then(
      () => 'stored',
      (e: Error) => e.message,
    )
    expect(message).toMatch(/^This instance's storage is full \(budget .*\): new images cannot be stored now\. .*already stored/)
  })

  test('concurrent requests cannot pass the budget together', async () => {
    const images = await Promise.all([10, 11, 12, 13, 14, 15, 16, 17].map(png))
    const largest = Math.max(...images.map((i) => i.png.length))
    const smallest = Math.min(...images.map((i) => i.png.length))
    expect(4 * smallest).toBeGreaterThan(3 * largest)
    // Room for three images whichever three come first, never four.
    const t = await setUp(3 * largest)
    const results = await Promise.all(images.map((image, i) => outcome(() => t.admit(anonymous({ ip: `198.51.100.${20 + i}` }), [image]))))
    expect(results.filter((r) => r === 'ok')).toHaveLength(3)
    expect(results.filter((r) => r === '507 storage_full')).toHaveLength(5)
    expect(await t.meter.totalBytes()).toBe(await t.blobs.usage())
  })

  test('the daily quota: per caller and UTC day, 429 storage_quota until 00:00 UTC, then free again', async () => {
    const images = await Promise.all([20, 21, 22, 23].map(png))
    const t = await setUp()
    const kib = Math.ceil((images[0]!.png.length + images[1]!.png.length) / 1024)
    const who = anonymous({}, { storage_per_day: kib })
    await t.admit(who, images.slice(0, 2))
    let refused: unknown
    try {
      await t.reserve(who, [images[2]!])
    } catch (e) {
      refused = e
    }
    expect(refused).toBeInstanceOf(StorageQuotaError)
    const quota = refused as StorageQuotaError
    expect([quota.status, quota.code, quota.retryAfter]).toEqual([429, 'storage_quota', 12 * 3600])
    expect(quota.message).toContain(`up to ${kib} KiB of new images a day`)
    // Another address has its own quota; an image already stored costs nothing.
    expect(await outcome(() => t.admit(anonymous({ ip: '198.51.100.9' }, { storage_per_day: kib }), [images[2]!]))).toBe('ok')
    expect(await outcome(() => t.admit(who, [images[2]!, images[0]!]))).toBe('ok')
    t.clock.now = Date.UTC(2026, 10, 23, 0, 0, 1)
    expect(await outcome(() => t.admit(who, [images[3]!]))).toBe('ok')
    // Yesterday's counters no longer limit anyone and are dropped.
    expect(await t.counter('storage:day:2026-11-22:ip:203.0.113.7')).toBeNull()
    expect(await t.counter('storage:day:2026-11-23:ip:203.0.113.7')).toBe(images[3]!.png.length)
  })

  test('a grant of 0 allows only images already stored; a batch is admitted whole or not at all', async () => {
    const images = await Promise.all([30, 31, 32].map(png))
    const t = await setUp()
    await t.admit(anonymous(), [images[0]!])
    const none = anonymous({ ip: '198.51.100.10' }, { storage_per_day: 0 })
    expect(await outcome(() => t.admit(none, [images[0]!]))).toBe('ok')
    expect(await outcome(() => t.admit(none, [images[1]!]))).toBe('429 storage_quota')
    const two = anonymous({ ip: '198.51.100.11' }, { storage_per_day: Math.ceil((images[1]!.png.length + images[2]!.png.length) / 1024) - 1 })
    expect(await outcome(() => t.reserve(two, images))).toBe('429 storage_quota')
    expect(await t.counter('storage:day:2026-11-22:ip:198.51.100.11')).toBeNull()
    expect(await t.meter.totalBytes()).toBe(images[0]!.png.length)
  })

  test('a total removed by hand (README) is counted again from what is stored', async () => {
    const images = await Promise.all([50, 51].map(png))
    const t = await setUp()
    await t.admit(anonymous(), [images[0]!])
    await t.sql.run("DELETE FROM stat_counters WHERE key = 'storage:bytes'")
    await t.admit(anonymous(), [images[1]!])
    expect(await t.meter.totalBytes()).toBe(images[0]!.png.length + images[1]!.png.length)
  })

  test('a reservation that stores nothing is given back', async () => {
    const images = await Promise.all([40, 41].map(png))
    const t = await setUp()
    const hold = await t.reserve(anonymous(), images)
    await hold.store(images[0]!)
    await hold.release()
    await hold.release()
    expect(await t.meter.totalBytes()).toBe(images[0]!.png.length)
    expect(await t.counter('storage:day:2026-11-22:ip:203.0.113.7')).toBe(images[0]!.png.length)
  })

  test('a reservation sent in a batch of the caller\'s own: counted as `reserve` counts it, refused the same way, and given back by its own statements', async () => {
    const images = await Promise.all([60, 61, 62].map(png))
    const t = await setUp()
    const kib = Math.ceil((images[0]!.png.length + images[1]!.png.length) / 1024)
    const who = anonymous({ ip: '198.51.100.30' }, { storage_per_day: kib })
    const day = 'storage:day:2026-11-22:ip:198.51.100.30'
    /** Runs the first try in a batch behind a query of the caller's, as a single upload's lookup does. */
    const along = async (images: NewPng[]) => {
      const r = await t.meter.reserveAlong(who, storageOwner(who, false), images)
      const [mine, ...theirs] = await t.sql.batch([{ sql: 'SELECT 1 AS one' }, ...r.statements])
      expect(mine!.rows).toEqual([{ one: 1 }])
      return { ...r, results: theirs }
    }
    const first = await along([images[0]!])
    const hold = await first.hold(first.results)
    await hold.store(images[0]!)
    await hold.release()
    expect([await t.counter(day), await t.meter.totalBytes()]).toEqual([images[0]!.png.length, images[0]!.png.length])
    // Not needed after all (a duplicate, a refusal): its statements take back what it raised.
    const unused = await along([images[1]!])
    await t.sql.batch(unused.giveBack(unused.results))
    expect([await t.counter(day), await t.meter.totalBytes()]).toEqual([images[0]!.png.length, images[0]!.png.length])
    // Past the quota its first try is refused in the batch, and `hold` answers as `reserve` does; an image stored already still passes.
    await t.admit(who, [images[1]!])
    const over = await along([images[2]!])
    expect(await outcome(() => over.hold(over.results))).toBe('429 storage_quota')
    // Settled by `hold` (which took back the half that passed): nothing more to give back.
    expect(() => over.giveBack(over.results)).toThrow('settled already')
    const stored = await along([images[0]!])
    expect(await outcome(() => stored.hold(stored.results))).toBe('ok')
    expect(await t.meter.totalBytes()).toBe(images[0]!.png.length + images[1]!.png.length)
    expect(await t.counter(day)).toBe(images[0]!.png.length + images[1]!.png.length)
  })
})

test('anonymous callers are counted by address, not by the cookie they send; others by user or key', () => {
  const cookie = (clientId: string) => anonymous({ clientId })
  expect(storageOwner(cookie('a'.repeat(24)), false)).toBe('ip:203.0.113.7')
  expect(storageOwner(cookie('b'.repeat(24)), true)).toBe('ip:203.0.113.7')
  expect(storageOwner(anonymous({ ip: null, clientId: 'c'.repeat(24) }), false)).toBe(`client:${'c'.repeat(24)}`)
  // A cookie issued with this very request is no identity: dropping cookies must not give a fresh quota.
  expect(storageOwner(anonymous({ ip: null, clientId: 'c'.repeat(24) }), true)).toBe('anonymous')
  expect(storageOwner(anonymous({ ip: null }), false)).toBe('anonymous')
  expect(storageOwner({ kind: 'apikey', userId: 'u1', apiKeyId: 'k1', clientId: null, ip: '203.0.113.7' }, false)).toBe('user:u1')
  expect(storageOwner({ kind: 'apikey', userId: null, apiKeyId: 'k2', clientId: null, ip: '203.0.113.7' }, false)).toBe('key:k2')
})
