/**
 * The storage layer on both clients: the same service calls run on a bun:sqlite
 * store (`openStore`) and on a D1 store (`openD1Store`) over the D1-shaped fake, whose schema comes
 * from the generated D1 migration files, and must give the same answers. This exercises
 * bunSqliteClient, d1Client, drizzle-orm/bun-sqlite and drizzle-orm/d1 in `bun test`; the real D1
 * under `wrangler dev` is test/worker's.
 * @module
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiConfigFromEnv } from '../config'
import { isApiError } from '../errors'
import { createApiKey, findApiKey, type Identity } from '../users/identity'
import { createJobQueue } from '../jobs/queue/job-queue'
import { createCreditLedger } from '../users/services/credits'
import { createNotification, dismissNotification, listNotifications } from '../users/services/notifications'
import { createSimilarSkins } from '../skins/catalogue/similar'
import { createSkinLists } from '../skins/catalogue/skin-lists'
import { addLike, addView } from '../skins/community/interactions'
import { fileReport } from '../skins/community/reports'
import { listTags, voteTag } from '../skins/community/tags'
import { createSkinWriter } from '../jobs/generate/skin-writer'
import { createOwnSkins } from '../skins/services/own-skins'
import { updateSkin } from '../skins/services/skin-edit'
import { loadSkinRecord, loadSkinRecordWithTags, toSkinInfo, visibleTags } from '../skins/services/skin-record'
import { createCounters } from '../services/stats/counters'
import { d1MigrationFiles } from './d1-migrations'
import { openD1Store } from './d1-store'
import { openStore, type Store } from './db'
import { jobs } from './schema'
import { applyD1Migrations, createFakeD1, type FakeD1 } from './testing/d1-fake'

const T = Date.UTC(2026, 10, 23, 12)
const dirs: string[] = []
const closers: (() => void)[] = []
afterAll(() => {
  for (const c of closers) c()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function bunStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-store-bun-'))
  dirs.push(dir)
  const s = openStore(dir)
  closers.push(() => s.close())
  return s
}

async function d1Store(): Promise<{ store: Store; d1: FakeD1 }> {
  const d1 = createFakeD1()
  await applyD1Migrations(d1, d1MigrationFiles())
  closers.push(() => d1.sqlite.close())
  return { store: openD1Store(d1), d1 }
}

const grants = apiConfigFromEnv({ DATA_DIR: '/nonexistent' }).grants.apikey
const caller = (userId: string): Identity => ({
  kind: 'user',
  userId,
  apiKeyId: null,
  apiKeyOrigins: null,
  clientId: null,
  ip: null,
  userAgent: null,
  grants,
  warnings: [],
})

const signed = (hash: string) => ({
  value: `value-${hash}`,
  signature: `sig-${hash}`,
  textureHash: hash,
  textureUrl: `http://textures.minecraft.net/texture/${hash}`,
  account: 'acc',
  server: 'test',
})
const features = (k: number) => Uint8Array.from({ length: 64 }, (_, i) => (i * k) % 251)

/** A representative run of the services over one store; returns what they answered (ids normalised). */
async function scenario(store: Store) {
  const { db, sql } = store
  const counters = createCounters(sql)
  const writer = createSkinWriter(sql, counters)
  const creator = { userId: 'u1', apiKeyId: null, clientId: null, ip: null }
  const newSkin = (hash: string, name: string, at: number) =>
    writer.insertNew({
      imageHash: `img-${hash}`,
      features: features(3),
      options: { name, visibility: 'public', variant: 'classic', cape: null },
      signed: signed(hash),
      creator,
      worker: 'w',
      queueStart: at,
      queueEnd: at,
      now: at,
    })
  const a = await newSkin('a'.repeat(64), 'Red Knight', T)
  const b = await newSkin('b'.repeat(64), 'Blue Knight', T + 1000)
  // The same texture again reuses its data row (a guarded, read-then-batch write).
  const again = await newSkin('a'.repeat(64), 'Red Knight copy', T + 2000)
  const bData = (await sql.get<{ data_id: number }>('SELECT data_id FROM skins WHERE id = ?', [b.skinRowId]))!.data_id
  const onData = await writer.insertOnData(bData, { name: 'Blue again', visibility: 'unlisted' }, creator, T + 3000)

  const lists = createSkinLists(sql)
  const req = { size: 10, now: T + 10_000, random: () => 0.25 }
  const latest = await lists.list({ category: 'latest', ...req })
  const search = await lists.list({ category: 'latest', filter: 'knight', ...req })
  const page2 = await lists.list({ category: 'latest', size: 1, after: latest.skins[0]!.uuid, now: T + 10_000, random: () => 0.5 })
  const random = await lists.list({ category: 'random', ...req })

  const recA = (await loadSkinRecord(db, a.uuid))!
  const info = await toSkinInfo(db, recA)
  const similar = await createSimilarSkins(sql).similar(recA.skin.id, recA.data.colourKey, new Uint8Array(recA.data.features), recA.data.textureHash)

  const vote = (voter: string, v: 'up' | 'down') => voteTag(store, { skinRowId: recA.skin.id, tag: 'armor', vote: v, voter, threshold: 2, now: T })
  const votes = [await vote('x', 'up'), await vote('x', 'up'), await vote('y', 'up'), await vote('y', 'down'), await vote('z', 'up'), await vote('w', 'up')]
  const tagsSeenByX = await listTags(db, recA.skin.id, 'x')
  // A second visible tag, so the order of the tags read with the record is checked too.
  for (const voter of ['x', 'y']) await voteTag(store, { skinRowId: recA.skin.id, tag: 'amber', vote: 'up', voter, threshold: 2, now: T })
  const withRecord = await loadSkinRecordWithTags(db, recA.skin.uuid)
  const recordTags = { withRecord: withRecord?.tags, alone: await visibleTags(db, recA.skin.id), sameRecord: withRecord?.skin.uuid === recA.skin.uuid && withRecord.data.id === recA.data.id }
  const searchTag = await lists.list({ category: 'latest', filter: 'armor', ...req })

  await addLike(store, recA.skin.id, 'x', T)
  const secondLike = await addLike(store, recA.skin.id, 'x', T).then(
    () => 'accepted',
    (e) => (isApiError(e) ? e.code : String(e)),
  )
  await addView(db, recA.skin.id)
  const report = { skinRowId: recA.skin.id, filer: { reporter: 'ip:192.0.2.1', address: '192.0.2.1' }, reason: 'name', perHour: 20, now: T } as const
  await fileReport(sql, report)
  const secondReport = await fileReport(sql, report).then(
    () => 'accepted',
    (e) => (isApiError(e) ? e.code : String(e)),
  )
  const edited = await updateSkin(store, recA, caller('u1'), { name: 'Crimson Knight', visibility: 'unlisted' }, T + 60_000)
  const afterEdit = await lists.list({ category: 'latest', filter: 'knight', ...req })
  const own = await createOwnSkins(sql).list(caller('u1'), { size: 10, now: T + 60_000 })

  const ledger = createCreditLedger(db)
  await ledger.add({ userId: 'u1', amount: 2, now: T })
  const spends = [await ledger.spend('u1', T), await ledger.spend('u1', T), await ledger.spend('u1', T)].map((s) => s && { before: s.before, after: s.after })
  const note = await createNotification(db, { userId: 'u1', title: 'Hi', message: 'there', now: T })
  const dismissed = [await dismissNotification(db, 'u2', note, T), await dismissNotification(db, 'u1', note, T), await dismissNotification(db, 'u1', note, T)]
  const key = await createApiKey(db, { name: 'k', userId: 'u1', now: T })
  const keyRow = await findApiKey(db, key.key)

  // The queue claims, completes and reports through the same client.
  await db.insert(jobs).values({ id: 'j'.repeat(24), status: 'waiting', kind: 'upload', options: '{}', breadcrumb: 'abcd1234', createdAt: T }).run()
  const queue = createJobQueue({ sql, process: async () => ({ skinUuid: a.uuid }), concurrency: 2, now: () => T + 5, pollMs: 0 })
  await queue.start()
  const job = await queue.waitFor('j'.repeat(24), 10_000)
  await queue.stop()

  // A batch is all or nothing: the failing second statement undoes the first.
  const failed = await sql
    .batch([
      { sql: 'INSERT INTO stat_counters (key, value) VALUES (?, ?)', params: ['atomic', 1] },
      { sql: 'INSERT INTO stat_counters (key, value) VALUES (?, ?)', params: ['atomic', 2] },
    ])
    .then(
      () => 'committed',
      (e: Error) => (/UNIQUE/.test(e.message) ? 'unique violation' : e.message),
    )
  const atomic = await counters.get('atomic')

  return {
    stored: { dataExisted: [a.dataExisted, b.dataExisted, again.dataExisted], distinctRows: new Set([a.skinRowId, b.skinRowId, again.skinRowId, onData.skinRowId]).size },
    counters: Object.fromEntries(await counters.many(['generated:total:new', 'generated:total:duplicate'])),
    latest: latest.skins.map((s) => s.name ?? null),
    search: search.skins.map((s) => s.name ?? null),
    page2: page2.skins.map((s) => s.name ?? null),
    randomCount: random.skins.length,
    info: { name: info.name, variant: info.variant, value: info.texture.data.value, url: info.texture.url.skin, tags: info.tags },
    featuresRoundTrip: recA.skin.features instanceof Uint8Array && recA.skin.features.length === 64 && recA.skin.features[5] === 15,
    similar: similar.map((s) => s.name ?? null),
    votes,
    tagsSeenByX,
    recordTags,
    searchTag: searchTag.skins.map((s) => s.name ?? null),
    secondLike,
    secondReport,
    counts: await sql.get<{ likes: number; views: number }>('SELECT likes, views FROM skins WHERE id = ?', [recA.skin.id]),
    edited: { name: edited.skin.name, visibility: edited.skin.visibility, editCount: edited.skin.editCount },
    editLog: (await sql.all<{ field: string; to: string }>('SELECT field, "to" FROM skin_edits ORDER BY field')).map((r) => `${r.field}=${r.to}`),
    afterEdit: afterEdit.skins.map((s) => s.name ?? null),
    own: own?.skins.map((s) => s.name ?? null),
    spends,
    dismissed,
    keyName: keyRow?.name,
    job: { status: job?.status, result: job?.result === a.uuid, startedAt: job?.started_at },
    failed,
    atomic,
  }
}

describe('storage layer on bun:sqlite and on D1', () => {
  test('the same service calls give the same answers on both clients', async () => {
    const onBun = await scenario(bunStore())
    const { store, d1 } = await d1Store()
    const onD1 = await scenario(store)
    expect(onD1).toEqual(onBun)
    // What those answers are (so a bug shared by both clients still fails here).
    expect(onBun.stored).toEqual({ dataExisted: [false, false, true], distinctRows: 4 })
    expect(onBun.counters).toEqual({ 'generated:total:new': 2, 'generated:total:duplicate': 2 })
    expect(onBun.latest).toEqual(['Red Knight copy', 'Blue Knight', 'Red Knight'])
    expect(onBun.search).toEqual(['Red Knight copy', 'Blue Knight', 'Red Knight'])
    expect(onBun.page2).toEqual(['Blue Knight'])
    expect(onBun.randomCount).toBeGreaterThan(0)
    expect(onBun.info).toEqual({ name: 'Red Knight', variant: 'classic', value: `value-${'a'.repeat(64)}`, url: `https://textures.minecraft.net/texture/${'a'.repeat(64)}`, tags: [] })
    expect(onBun.featuresRoundTrip).toBe(true)
    expect(onBun.similar).toEqual(['Blue Knight'])
    // x: up, same again (refused), y: up then down, z and w: up → 3 up, 1 down reaches the threshold of 2.
    expect(onBun.votes).toEqual([true, false, true, true, true, true])
    expect(onBun.tagsSeenByX).toEqual([{ tag: 'armor', vote: 'up', suggested: false }])
    expect(onBun.recordTags).toEqual({ withRecord: ['amber', 'armor'], alone: ['amber', 'armor'], sameRecord: true })
    expect(onBun.searchTag).toEqual(['Red Knight'])
    expect(onBun.secondLike).toBe('already_liked')
    expect(onBun.secondReport).toBe('already_reported')
    expect(onBun.counts).toEqual({ likes: 1, views: 1 })
    expect(onBun.edited).toEqual({ name: 'Crimson Knight', visibility: 'unlisted', editCount: 2 })
    expect(onBun.editLog).toEqual(['meta.name=Crimson Knight', 'meta.visibility=unlisted'])
    expect(onBun.afterEdit).toEqual(['Red Knight copy', 'Blue Knight'])
    expect(onBun.own).toEqual(['Blue again', 'Red Knight copy', 'Blue Knight', 'Crimson Knight'])
    expect(onBun.spends).toEqual([{ before: 2, after: 1 }, { before: 1, after: 0 }, null])
    expect(onBun.dismissed).toEqual([false, true, false])
    expect(onBun.keyName).toBe('k')
    expect(onBun.job).toEqual({ status: 'completed', result: true, startedAt: T + 5 })
    expect(onBun.failed).toBe('unique violation')
    expect(onBun.atomic).toBe(0)
    // The D1 path really went through the binding.
    expect(d1.statements).toBeGreaterThan(50)
  })

  test('the D1 migration files build the same schema as the drizzle migrator on bun:sqlite', async () => {
    const bun = openStore(mkdtempSync(join(tmpdir(), 'ssg-store-schema-')))
    closers.push(() => bun.close())
    const { d1 } = await d1Store()
    const schema = (db: import('bun:sqlite').Database) =>
      db
        .query<{ type: string; name: string; sql: string | null }, []>(
          "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '__drizzle%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
        )
        .all()
    const onD1 = schema(d1.sqlite)
    expect(onD1).toEqual(schema(bun.sqlite))
    expect(onD1.some((r) => r.name === 'skins_fts')).toBe(true)
  })
})
