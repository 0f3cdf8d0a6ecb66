import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../image/fixtures'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../testing/api-harness'
import { openStore, type BunStore } from '../store/db'
import { listLog } from './audit-log'
import { reportQueue } from './report-queue'
import { parseAdminEmails, roleAllows, roleOf } from './roles'
import { createSkinModeration } from './skin-actions'
import { undoLogEntry } from './undo'

const UA = { 'user-agent': 'ModerationTest/1.0' }
const actor = { userId: null, role: 'moderator' as const }

let t: TestApi
let store: BunStore

/** A public skin made through the API (by its own client cookie), its uuid and the cookie. */
async function newSkin(seed: number, name = `Skin ${seed}`) {
  const r = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(seed), { name }), headers: UA })
  expect(r.status).toBe(200)
  const cookie = r.res.headers.get('set-cookie')!.split(';')[0]!
  return { uuid: r.body.skin.uuid as string, hash: r.body.skin.texture.hash.skin as string, cookie }
}

/** Files a report by `reporter` directly (the route's anti-bot proof is tested elsewhere). */
async function report(uuid: string, reporter: string, reason: 'skin' | 'name' | 'tags', at = t.clock.now) {
  const row = store.sqlite.query<{ id: number }, [string]>('SELECT id FROM skins WHERE uuid = ?').get(uuid)!
  store.sqlite.run('INSERT INTO skin_reports (skin_id, reporter, reason, created_at) VALUES (?, ?, ?, ?)', [row.id, reporter, reason, at])
}

const listed = async () => ((await t.json('/v2/skins?size=100')).body.skins as { uuid: string }[]).map((s) => s.uuid)

beforeAll(async () => {
  t = await startTestApi({ env: { REPORTS_PER_HOUR: '3' } })
  store = openStore(t.dir)
})
afterAll(async () => {
  store.close()
  await t.close()
})

describe('roles', () => {
  test('admin by grant or by a confirmed ADMIN_EMAILS address, moderator by grant; a lock removes the role', () => {
    const emails = parseAdminEmails(' Root@Example.org, x@y.z ')
    expect(emails).toEqual(['root@example.org', 'x@y.z'])
    const confirmed = { emailVerifiedAt: 1 }
    expect(roleOf({ email: 'ROOT@example.org', grants: undefined, ...confirmed }, emails)).toBe('admin')
    // The address typed but never confirmed by its mailbox gives nothing.
    expect(roleOf({ email: 'root@example.org', grants: undefined, emailVerifiedAt: null }, emails)).toBeNull()
    expect(roleOf({ email: null, grants: { admin: true }, emailVerifiedAt: null }, emails)).toBe('admin')
    expect(roleOf({ email: 'a@b.c', grants: { admin: true }, ...confirmed }, [])).toBe('admin')
    expect(roleOf({ email: 'a@b.c', grants: { moderator: true }, ...confirmed }, [])).toBe('moderator')
    expect(roleOf({ email: 'a@b.c', grants: {}, ...confirmed }, [])).toBeNull()
    expect(roleOf({ email: 'root@example.org', grants: { admin: true }, lockedAt: 1, ...confirmed }, emails)).toBeNull()
    expect(roleAllows('admin', 'moderator') && roleAllows('moderator', 'moderator')).toBe(true)
    expect(roleAllows('moderator', 'admin') || roleAllows(null, 'moderator')).toBe(false)
  })
})

describe('report queue and skin actions', () => {
  test('the queue groups open reports by skin, newest or most reported first', async () => {
    const a = await newSkin(9101)
    const b = await newSkin(9102)
    await report(a.uuid, 'user:u1', 'skin', t.clock.now - 5000)
    await report(a.uuid, 'client:c1', 'name', t.clock.now - 4000)
    await report(a.uuid, 'ip:203.0.113.7', 'name', t.clock.now - 3000)
    await report(b.uuid, 'key:k1', 'tags', t.clock.now - 1000)
    const newest = await reportQueue(store.sql, { sort: 'newest', limit: 10, offset: 0 })
    const most = await reportQueue(store.sql, { sort: 'most', limit: 10, offset: 0 })
    expect(newest.items.slice(0, 2).map((i) => i.uuid)).toEqual([b.uuid, a.uuid])
    expect(most.items[0]!.uuid).toBe(a.uuid)
    const item = most.items[0]!
    expect(item.reports).toBe(3)
    expect(item.reasons).toEqual({ skin: 1, name: 2, tags: 0 })
    expect(item.reporters.map((r) => r.kind).sort()).toEqual(['client', 'ip', 'user'])
    expect(item.name).toBe('Skin 9101')
  })

  test('hide: out of lists for everyone, the page kept for its owner; undo restores; the owner cannot unhide by editing', async () => {
    const s = await newSkin(9103)
    await report(s.uuid, 'client:c2', 'skin')
    expect(await listed()).toContain(s.uuid)
    const mod = createSkinModeration(store, () => t.clock.now)
    const logId = await mod.hide(actor, s.uuid, 'offensive')
    expect(await listed()).not.toContain(s.uuid)
    expect((await t.json(`/v2/skins/${s.uuid}`)).status).toBe(404)
    const own = await t.json(`/v2/skins/${s.uuid}`, { headers: { cookie: s.cookie } })
    expect(own.status).toBe(200)
    const edit = await t.json(`/v2/skins/${s.uuid}`, { ...jsonInit({ visibility: 'public' }, { headers: { cookie: s.cookie, ...UA } }), method: 'PATCH' })
    expect(edit.status).toBe(403)
    expect(edit.body.errors[0].code).toBe('skin_hidden')
    // The reports are resolved, and the log has who, what, why.
    expect((await reportQueue(store.sql, { sort: 'newest', limit: 50, offset: 0 })).items.map((i) => i.uuid)).not.toContain(s.uuid)
    const [entry] = await listLog(store.sql, { limit: 1, target: { kind: 'skin', id: s.uuid } })
    expect(entry).toMatchObject({ id: logId, action: 'hide', note: 'offensive', data: { visibility: 'public' }, undoneAt: null })
    await undoLogEntry(store, actor, logId, () => t.clock.now)
    expect(await listed()).toContain(s.uuid)
    expect((await t.json(`/v2/skins/${s.uuid}`)).body.skin.visibility).toBe('public')
    await expect(undoLogEntry(store, actor, logId, () => t.clock.now)).rejects.toMatchObject({ code: 'already_undone' })
  })

  test('remove notifies nobody without an account, and undo restores; clear name and undo', async () => {
    const s = await newSkin(9104, 'Rude Name')
    const mod = createSkinModeration(store, () => t.clock.now)
    const removed = await mod.remove(actor, s.uuid)
    expect((await t.json(`/v2/skins/${s.uuid}`, { headers: { cookie: s.cookie } })).status).toBe(404)
    await undoLogEntry(store, actor, removed, () => t.clock.now)
    expect((await t.json(`/v2/skins/${s.uuid}`)).status).toBe(200)
    const cleared = await mod.clearName(actor, s.uuid, 'name')
    expect((await t.json(`/v2/skins/${s.uuid}`)).body.skin.name).toBeUndefined()
    await undoLogEntry(store, actor, cleared, () => t.clock.now)
    expect((await t.json(`/v2/skins/${s.uuid}`)).body.skin.name).toBe('Rude Name')
  })

  test('dismiss closes the reports; undo reopens exactly those', async () => {
    const s = await newSkin(9105)
    await report(s.uuid, 'client:c3', 'skin')
    const mod = createSkinModeration(store, () => t.clock.now)
    const id = await mod.dismiss(actor, s.uuid, 'fine')
    const inQueue = async () => (await reportQueue(store.sql, { sort: 'newest', limit: 100, offset: 0 })).items.some((i) => i.uuid === s.uuid)
    expect(await inQueue()).toBe(false)
    await undoLogEntry(store, actor, id, () => t.clock.now)
    expect(await inQueue()).toBe(true)
  })

  test('a banned texture is refused on every generate (v2 and v1); unban lets it through again', async () => {
    const s = await newSkin(9106)
    const mod = createSkinModeration(store, () => t.clock.now)
    const id = await mod.banTexture(actor, s.uuid, 'stolen art')
    const again = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(9106)), headers: UA })
    expect(again.status).toBe(403)
    expect(again.body.errors[0].code).toBe('texture_banned')
    const v1 = await t.json('/generate/upload', { method: 'POST', body: uploadForm(makeSkinPng(9106)), headers: UA })
    expect(v1.status).toBe(403)
    expect(v1.body.errorCode).toBe('texture_banned')
    // The skin itself went with the ban.
    expect((await t.json(`/v2/skins/${s.uuid}`)).status).toBe(404)
    await undoLogEntry(store, actor, id, () => t.clock.now)
    expect((await t.json(`/v2/skins/${s.uuid}`)).status).toBe(200)
    expect((await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(9106)), headers: UA })).status).toBe(200)
  })

  test('remove a tag and ban it: the tag cannot be added again anywhere; undo brings tag and votes back', async () => {
    const s = await newSkin(9107)
    const vote = async (uuid: string, tag: string) => t.json(`/v2/skins/${uuid}/tags`, jsonInit({ tag, vote: 'up' }, { headers: { ...UA, 'turnstile-token': await t.proof(), 'x-forwarded-for': '198.51.100.4' } }))
    expect((await vote(s.uuid, 'slur')).status).toBe(200)
    const mod = createSkinModeration(store, () => t.clock.now)
    const id = await mod.removeTag(actor, s.uuid, 'slur', true, 'banned word')
    const other = await newSkin(9108)
    const refused = await vote(other.uuid, 'slur')
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].code).toBe('tag_banned')
    await undoLogEntry(store, actor, id, () => t.clock.now)
    const tags = store.sqlite.query<{ tag: string; up: number }, [string]>('SELECT tag, up FROM skin_tags WHERE skin_id = (SELECT id FROM skins WHERE uuid = ?)').all(s.uuid)
    expect(tags).toEqual([{ tag: 'slur', up: 1 }])
    expect((await vote(other.uuid, 'slur')).status).toBe(200)
  })
})

describe('reporters', () => {
  test('more than REPORTS_PER_HOUR reports in an hour: 429 report_limit with Retry-After; a repeat report of a dismissed skin is not queued again', async () => {
    const skins = [await newSkin(9201), await newSkin(9202), await newSkin(9203), await newSkin(9204)]
    const headers = async () => ({ ...UA, 'turnstile-token': await t.proof(), 'x-forwarded-for': '192.0.2.55' })
    for (const s of skins.slice(0, 3)) expect((await t.json(`/v2/skins/${s.uuid}/report`, jsonInit({ reason: 'skin' }, { headers: await headers() }))).status).toBe(200)
    const over = await t.json(`/v2/skins/${skins[3]!.uuid}/report`, jsonInit({ reason: 'skin' }, { headers: await headers() }))
    expect(over.status).toBe(429)
    expect(over.body.errors[0].code).toBe('report_limit')
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0)
    // An hour later the reporter may report again, but a dismissed skin is not queued a second time.
    t.clock.now += 3_600_001
    const mod = createSkinModeration(store, () => t.clock.now)
    await mod.dismiss(actor, skins[0]!.uuid)
    const repeat = await t.json(`/v2/skins/${skins[0]!.uuid}/report`, jsonInit({ reason: 'name' }, { headers: await headers() }))
    expect(repeat.status).toBe(409)
    expect((await reportQueue(store.sql, { sort: 'newest', limit: 100, offset: 0 })).items.some((i) => i.uuid === skins[0]!.uuid)).toBe(false)
    expect((await t.json(`/v2/skins/${skins[3]!.uuid}/report`, jsonInit({ reason: 'skin' }, { headers: await headers() }))).status).toBe(200)
  })
})
