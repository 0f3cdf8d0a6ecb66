/**
 * One stored copy per PNG (storage per skin is one PNG plus its row):
 * skins generated through the real API keep exactly their texture PNG as blob bytes, nothing else
 * holds the PNG, and `/v2/images/{hash}` and `/textures/{hash}` serve the same file. A database of
 * the version before (both copies, and originals of older versions) is migrated by 0009: the
 * identical copies go, and every URL and a job queued back then still work.
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { concatBytes } from '../../shared/png'
import { makeSkinPng } from '../image/fixtures'
import { sha256Hex } from '../image/texture-hash'
import { MIGRATIONS_DIR, openStore } from '../store/db'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../testing/api-harness'

const UA = { 'user-agent': 'StorageOnceTest/1.0' }
const dataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`
const cleanups: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

/** The bytes a file route answers, or its status when not 200. */
async function served(t: TestApi, path: string): Promise<Uint8Array | number> {
  const res = await t.call(path)
  return res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : res.status
}

/** Every row of `blobs` as key → bytes. */
function blobRows(dir: string): Map<string, Uint8Array> {
  const store = openStore(dir)
  try {
    const rows = store.sqlite.query<{ key: string; bytes: Uint8Array }, []>('SELECT key, bytes FROM blobs').all()
    return new Map(rows.map((r) => [r.key, new Uint8Array(r.bytes)]))
  } finally {
    store.close()
  }
}

describe('skins generated through the API', () => {
  let t: TestApi
  const pngs = [601, 602, 603, 604, 605].map((seed) => makeSkinPng(seed))
  const hashes: string[] = []
  beforeAll(async () => {
    t = await startTestApi()
    cleanups.push(() => t.close())
    // Three ways in: upload to the queue, a data URL, and /v2/generate; then the same upload again.
    for (const png of pngs.slice(0, 3)) expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(png), headers: UA })).status).toBe(202)
    expect((await t.json('/v2/queue', jsonInit({ url: dataUrl(pngs[3]!) }, { headers: UA }))).status).toBe(202)
    expect((await t.json('/v2/generate', { method: 'POST', body: uploadForm(pngs[4]!), headers: UA })).status).toBe(200)
    expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(pngs[0]!, { name: 'Again' }), headers: UA })).status).toBe(200)
    await t.api.idle()
    for (const png of pngs) hashes.push(await sha256Hex(png))
  })

  test('the blob bytes stored per skin are exactly one PNG, under its texture hash', () => {
    const rows = blobRows(t.dir)
    expect([...rows.keys()].sort()).toEqual(hashes.map((h) => `textures/${h}`).sort())
    for (const [i, h] of hashes.entries()) expect(rows.get(`textures/${h}`)).toEqual(pngs[i]!)
    const stored = [...rows.values()].reduce((n, b) => n + b.length, 0)
    expect(stored).toBe(pngs.reduce((n, p) => n + p.length, 0))
    const store = openStore(t.dir)
    try {
      const skins = store.sqlite.query<{ n: number }, []>('SELECT count(DISTINCT data_id) AS n FROM skins').get()!.n
      expect(stored / skins).toBe(pngs.reduce((n, p) => n + p.length, 0) / pngs.length)
      // The running total of the storage meter is what is really stored.
      expect(store.sqlite.query<{ value: number }, []>("SELECT value FROM stat_counters WHERE key = 'storage:bytes'").get()!.value).toBe(stored)
    } finally {
      store.close()
    }
  })

  test('no other table keeps a copy of the PNG (jobs, skin data, skins, counters, search)', () => {
    const store = openStore(t.dir)
    try {
      const smallest = Math.min(...pngs.map((p) => p.length))
      const tables = store.sqlite.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'blobs'").all()
      const largest: Record<string, number> = {}
      for (const { name } of tables) {
        for (const { name: column } of store.sqlite.query<{ name: string }, []>(`PRAGMA table_info("${name}")`).all()) {
          largest[`${name}.${column}`] = store.sqlite.query<{ n: number | null }, []>(`SELECT max(length("${column}")) AS n FROM "${name}"`).get()!.n ?? 0
        }
      }
      expect(Object.keys(largest)).toContain('skin_data.value')
      expect(Object.entries(largest).filter(([, n]) => n >= smallest / 2)).toEqual([])
    } finally {
      store.close()
    }
  })

  test('/v2/images/{hash} and /textures/{hash} serve the same PNG', async () => {
    for (const [i, h] of hashes.entries()) {
      expect(await served(t, `/v2/images/${h}`)).toEqual(pngs[i]!)
      expect(await served(t, `/textures/${h}`)).toEqual(pngs[i]!)
    }
  })
})

/** A data dir whose database is at migration 0008, the version before one copy per PNG. */
function databaseBeforeDedupe(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-legacy-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const folder = join(dir, 'migrations-0008')
  cpSync(MIGRATIONS_DIR, folder, { recursive: true })
  for (const f of readdirSync(folder)) if (/^\d{4}_.+\.sql$/.test(f) && f >= '0009') rmSync(join(folder, f))
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.filter((e) => e.tag < '0009')
  writeFileSync(journalPath, JSON.stringify(journal))
  const sqlite = new Database(join(dir, 'skins.db'), { create: true, strict: true })
  migrate(drizzle({ client: sqlite }), { migrationsFolder: folder })
  sqlite.close()
  rmSync(folder, { recursive: true })
  return dir
}

describe('a database written before one copy per PNG (migration 0009)', () => {
  let t: TestApi
  const pair = makeSkinPng(701)
  const cleaned = makeSkinPng(702)
  const onlyOriginal = makeSkinPng(703)
  const queued = makeSkinPng(704)
  /** The uploader's bytes as versions before the re-encode on accept kept them: the PNG with data after IEND. */
  const dirty = (png: Uint8Array) => concatBytes(png, new TextEncoder().encode('<html>appended</html>'))
  const h: Record<'pair' | 'cleaned' | 'onlyOriginal' | 'queued', string> = { pair: '', cleaned: '', onlyOriginal: '', queued: '' }
  let before: Map<string, Uint8Array>

  beforeAll(async () => {
    const dir = databaseBeforeDedupe()
    h.pair = await sha256Hex(pair)
    h.cleaned = await sha256Hex(cleaned)
    h.onlyOriginal = await sha256Hex(onlyOriginal)
    h.queued = await sha256Hex(queued)
    const sqlite = new Database(join(dir, 'skins.db'), { strict: true })
    const put = sqlite.query("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES (?, 'image/png', ?, 0)")
    // The duplicate pair every skin had; an original that differs from its texture; an original of a
    // job that never got its texture; and a job queued before `jobs.input`, whose image is the pair kind.
    put.run(`images/${h.pair}`, pair)
    put.run(`textures/${h.pair}`, pair)
    put.run(`images/${h.cleaned}`, dirty(cleaned))
    put.run(`textures/${h.cleaned}`, cleaned)
    put.run(`images/${h.onlyOriginal}`, dirty(onlyOriginal))
    put.run(`images/${h.queued}`, queued)
    put.run(`textures/${h.queued}`, queued)
    sqlite
      .query("INSERT INTO jobs (id, status, kind, image_hash, options, breadcrumb, created_at) VALUES (?, 'waiting', 'upload', ?, ?, 'legacy00', ?)")
      .run('a'.repeat(24), h.queued, JSON.stringify({ name: 'Legacy', visibility: 'public', variant: 'classic', cape: null }), Date.UTC(2026, 10, 22, 11))
    // A total counted before the migration would be stale once it removed rows.
    sqlite.query("INSERT INTO stat_counters (key, value) VALUES ('storage:bytes', 1)").run()
    before = new Map(sqlite.query<{ key: string; bytes: Uint8Array }, []>('SELECT key, bytes FROM blobs').all().map((r) => [r.key, new Uint8Array(r.bytes)]))
    sqlite.close()
    t = await startTestApi({ dir, keepDir: true })
    cleanups.push(() => t.close())
    await t.api.idle()
  })

  test('the identical images/ copies are gone; originals that differ, or have no texture, stay', () => {
    const rows = blobRows(t.dir)
    expect([...rows.keys()].sort()).toEqual(
      [`images/${h.cleaned}`, `images/${h.onlyOriginal}`, `textures/${h.pair}`, `textures/${h.cleaned}`, `textures/${h.queued}`].sort(),
    )
    for (const [key, bytes] of rows) expect(bytes).toEqual(before.get(key)!)
  })

  test('both URLs still answer the clean PNG', async () => {
    for (const [hash, png] of [[h.pair, pair], [h.cleaned, cleaned], [h.queued, queued]] as const) {
      expect(await served(t, `/v2/images/${hash}`)).toEqual(png)
      expect(await served(t, `/textures/${hash}`)).toEqual(png)
    }
    expect(await served(t, `/v2/images/${h.onlyOriginal}`)).toEqual(onlyOriginal)
    expect(await served(t, `/textures/${h.onlyOriginal}`)).toBe(404)
  })

  test('a job queued before the migration is signed from the one remaining copy', async () => {
    const job = await t.json(`/v2/queue/${'a'.repeat(24)}`)
    expect(job.body.job.status).toBe('completed')
    expect(job.body.skin.texture.hash.skin).toBe(h.queued)
    expect(await served(t, `/textures/${h.queued}`)).toEqual(queued)
  })

  test('the storage total starts again from what is stored after the migration', async () => {
    const fresh = makeSkinPng(705)
    expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(fresh), headers: UA })).status).toBe(202)
    await t.api.idle()
    const store = openStore(t.dir)
    try {
      const total = store.sqlite.query<{ value: number }, []>("SELECT value FROM stat_counters WHERE key = 'storage:bytes'").get()!.value
      const real = store.sqlite.query<{ n: number }, []>('SELECT sum(length(bytes)) AS n FROM blobs').get()!.n
      expect(total).toBe(real)
      expect(real).toBe([...before.entries()].filter(([k]) => k !== `images/${h.pair}` && k !== `images/${h.queued}`).reduce((n, [, b]) => n + b.length, 0) + fresh.length)
    } finally {
      store.close()
    }
  })
})
