import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type BunStore as Store } from '../../store/db'
import { createSkinLists, type ListRequest, type SkinLists } from './skin-lists'

const NOW = Date.parse('2026-03-10T12:00:00Z')
const DAY = 86_400_000

/** Inserts one skin row as the catalogue would; returns its uuid. Rows get ids in insertion order. */
function insertSkin(store: Store, n: number, createdAt: number, opts: { name?: string; views?: number; visibility?: string } = {}): string {
  const hash = n.toString(16).padStart(64, '0')
  const data = store.sqlite
    .query<{ id: number }, Record<string, string | number>>(
      `INSERT INTO skin_data (texture_hash, image_hash, variant, cape_hash, value, signature, texture_url, account, server, worker, queue_start, queue_end, features, colour_key, created_at)
       VALUES ($hash, $hash, 'classic', '', 'v', 's', 'u', 'local', 'test', 'test', 0, 0, x'00', 0, $at) RETURNING id`,
    )
    .get({ hash, at: createdAt })!
  const uuid = n.toString(16).padStart(32, 'a')
  store.sqlite
    .query(
      `INSERT INTO skins (uuid, short_id, data_id, name, visibility, variant, status, texture_hash, colour_key, views, created_at, updated_at)
       VALUES ($uuid, $short, $data, $name, $vis, 'classic', 'success', $hash, 0, $views, $at, $at)`,
    )
    .run({ uuid, short: uuid.slice(-8), data: data.id, name: opts.name ?? `Skin ${n}`, vis: opts.visibility ?? 'public', hash, views: opts.views ?? 0, at: createdAt })
  return uuid
}

describe('skin lists: latest by creation time with after/before cursors', () => {
  let dir: string
  let store: Store
  let lists: SkinLists
  /** uuid by creation rank: byAge[0] is the newest skin. */
  const byAge: string[] = []
  /** Skins named 'Knight odd'. */
  const oddNamed = new Set<string>()
  const req = (r: Partial<ListRequest>): ListRequest => ({ category: 'latest', size: 3, now: NOW, random: () => 0.5, ...r })
  const uuids = async (r: Partial<ListRequest>) => (await lists.list(req(r))).skins.map((s) => s.uuid)

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skin-lists-'))
    store = openStore(dir)
    // Inserted out of creation order (a seed of older skins after newer ones), with two skins
    // sharing a creation time so the id tie-break is exercised across a page boundary.
    const createdMinutes = [50, 10, 90, 30, 70, 70, 20, 80, 60, 40]
    const rows = createdMinutes.map((m, i) => ({ uuid: insertSkin(store, i + 1, NOW - DAY + m * 60_000, { name: i % 2 ? 'Knight odd' : 'Knight even', views: (i * 7) % 4 }), m, id: i + 1 }))
    for (const r of rows) if (r.id % 2 === 0) oddNamed.add(r.uuid)
    insertSkin(store, 99, NOW, { visibility: 'unlisted', name: 'Knight hidden' })
    rows.sort((a, b) => b.m - a.m || b.id - a.id)
    byAge.push(...rows.map((r) => r.uuid))
    lists = createSkinLists(store.sql)
  })
  afterAll(async () => {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('newest created first, whatever the insertion order; unlisted skins never appear', async () => {
    expect(await uuids({ size: 20 })).toEqual(byAge)
  })

  test('paging with `after` neither skips nor repeats, across equal creation times', async () => {
    const seen: string[] = []
    let after: string | undefined
    for (let guard = 0; guard < 10; guard++) {
      const page = await lists.list(req({ after }))
      seen.push(...page.skins.map((s) => s.uuid))
      expect(page.hasBefore).toBe(after !== undefined)
      if (page.skins.length < 3) break
      after = page.skins[page.skins.length - 1]!.uuid
    }
    expect(seen).toEqual(byAge)
  })

  test('`before` gives the page just before a skin in list order, or the full first page near the top', async () => {
    const back = await lists.list(req({ before: byAge[6] }))
    expect(back.skins.map((s) => s.uuid)).toEqual(byAge.slice(3, 6))
    expect(back.hasBefore).toBe(true)
    const top = await lists.list(req({ before: byAge[2] }))
    expect(top.skins.map((s) => s.uuid)).toEqual(byAge.slice(0, 3))
    expect(top.hasBefore).toBe(false)
    // Walking back from the last page with `before` meets every skin once.
    const seen: string[] = []
    let before = byAge[byAge.length - 1]!
    for (let guard = 0; guard < 10; guard++) {
      const page = await lists.list(req({ before, size: 4 }))
      seen.unshift(...page.skins.map((s) => s.uuid))
      if (!page.hasBefore) break
      before = page.skins[0]!.uuid
    }
    expect(new Set(seen)).toEqual(new Set(byAge.slice(0, -1)))
  })

  test('an unknown cursor lists from the top and says so', async () => {
    const page = await lists.list(req({ after: 'f'.repeat(32) }))
    expect(page.anchorNotFound).toBe(true)
    expect(page.skins.map((s) => s.uuid)).toEqual(byAge.slice(0, 3))
  })

  test('search results come back newest created first and page without gaps', async () => {
    const odd = byAge.filter((u) => oddNamed.has(u))
    expect(await uuids({ filter: 'odd', size: 20 })).toEqual(odd)
    const first = await lists.list(req({ filter: 'knight', size: 4 }))
    const second = await lists.list(req({ filter: 'knight', size: 4, after: first.skins[3]!.uuid }))
    expect([...first.skins, ...second.skins].map((s) => s.uuid)).toEqual(byAge.slice(0, 8))
    const back = await lists.list(req({ filter: 'knight', size: 4, before: second.skins[0]!.uuid }))
    expect(back.skins.map((s) => s.uuid)).toEqual(byAge.slice(0, 4))
  })

  test('popular: `before` walks back through the views order', async () => {
    const all = (await lists.list(req({ category: 'popular', size: 20 }))).skins.map((s) => s.uuid)
    expect(all).toHaveLength(10)
    const back = await lists.list(req({ category: 'popular', size: 3, before: all[7] }))
    expect(back.skins.map((s) => s.uuid)).toEqual(all.slice(4, 7))
    const next = await lists.list(req({ category: 'popular', size: 3, after: all[6] }))
    expect(next.skins.map((s) => s.uuid)).toEqual(all.slice(7, 10))
  })
})

describe('random lists read in batches (one D1 round trip per call)', () => {
  test('a page of 24 from 60 listed skins: the bounds, then the probes as one batch or a few; no unlisted skin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skin-lists-random-'))
    const store = openStore(dir)
    try {
      const listed = new Set<string>()
      for (let n = 1; n <= 60; n++) listed.add(insertSkin(store, n, NOW - n * 60_000, { name: n % 3 ? 'Random knight' : 'Random mage' }))
      for (let n = 61; n <= 70; n++) insertSkin(store, n, NOW, { visibility: n % 2 ? 'unlisted' : 'private', name: 'Random knight' })
      let calls = 0
      const counted = { ...store.sql, all: (...a: Parameters<typeof store.sql.all>) => (calls++, store.sql.all(...a)), get: (...a: Parameters<typeof store.sql.get>) => (calls++, store.sql.get(...a)), batch: (...a: Parameters<typeof store.sql.batch>) => (calls++, store.sql.batch(...a)) } as typeof store.sql
      const lists = createSkinLists(counted)
      let seed = 7
      const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647)
      const page = await lists.list({ category: 'random', size: 24, now: NOW, random })
      const uuids = page.skins.map((s) => s.uuid)
      expect(new Set(uuids).size).toBe(24)
      expect(uuids.every((u) => listed.has(u))).toBe(true)
      // One read of the bounds and the probes in at most a few batches (they were 1 + 24..96 queries).
      expect(calls).toBeLessThanOrEqual(4)
      calls = 0
      const search = await lists.list({ category: 'random', size: 10, filter: 'knight', now: NOW, random })
      expect(search.skins).toHaveLength(10)
      expect(search.skins.every((s) => listed.has(s.uuid) && s.name === 'Random knight')).toBe(true)
      expect(calls).toBe(2)
    } finally {
      store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
