import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApiKey } from '../../users/identity'
import { encodeMinecraftPng } from '../../image'
import { makeSkinPng } from '../../image/fixtures'
import { openStore } from '../../store/db'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A skin filled with one colour plus a little per-pixel variation (`seed`), for colour tests. */
function solidSkin(rgb: [number, number, number], seed: number): Uint8Array {
  const rgba = new Uint8Array(64 * 64 * 4)
  for (let i = 0; i < rgba.length; i += 4) {
    const j = ((i / 4) * 7 + seed * 13) % 9
    rgba[i] = Math.min(255, rgb[0] + j)
    rgba[i + 1] = Math.min(255, rgb[1] + j)
    rgba[i + 2] = Math.min(255, rgb[2] + j)
    rgba[i + 3] = 255
  }
  return encodeMinecraftPng(rgba, 64, 64)
}

/** Creates a skin through the queue as the caller with `cookie`; returns its uuid. */
async function make(t: TestApi, png: Uint8Array, fields: Record<string, string> = {}, cookie = ''): Promise<{ uuid: string; shortId: string }> {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(png, fields), headers: cookie ? { cookie } : {} })
  if (sub.status >= 300) throw new Error(JSON.stringify(sub.body))
  await t.api.idle()
  const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: cookie ? { cookie } : {} })
  return { uuid: job.body.job.result, shortId: job.body.skin.shortId }
}

async function clientCookie(t: TestApi): Promise<string> {
  return (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
}

describe('skin lists', () => {
  let t: TestApi
  let owner: string
  const made: Record<string, string> = {}
  beforeAll(async () => {
    t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' } })
    owner = await clientCookie(t)
    t.clock.now -= 40 * DAY
    made.old = (await make(t, makeSkinPng(1), { name: 'Ancient Relic' }, owner)).uuid
    t.clock.now += 40 * DAY
    for (let i = 0; i < 5; i++) {
      t.clock.now += 1000
      made[`p${i}`] = (await make(t, makeSkinPng(10 + i), { name: `Public Knight ${i}` }, owner)).uuid
    }
    made.unlisted = (await make(t, makeSkinPng(20), { name: 'Hidden Knight', visibility: 'unlisted' }, owner)).uuid
    t.clock.now += 1000
    made.last = (await make(t, makeSkinPng(21), { name: 'Latest Wizard' }, owner)).uuid
  })
  afterAll(() => t.close())

  test('latest: newest first, keyset pagination by `after`, links, and no unlisted skins', async () => {
    const page1 = await t.json('/v2/skins?size=3')
    expect(page1.status).toBe(200)
    expect(page1.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.last, made.p4, made.p3])
    expect(page1.body.skins[0]).toEqual({ uuid: made.last, shortId: expect.stringMatching(/^[0-9a-f]{8}$/), name: 'Latest Wizard', texture: expect.stringMatching(/^[0-9a-f]{64}$/), timestamp: expect.any(Number) })
    expect(page1.body.pagination).toEqual({ current: {}, next: { after: made.p3 } })
    expect(page1.body.links.next).toBe(`/v2/skins?after=${made.p3}&size=3`)
    const page2 = await t.json(page1.body.links.next)
    expect(page2.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.p2, made.p1, made.p0])
    const page3 = await t.json(page2.body.links.next)
    expect(page3.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.old])
    const all = await t.json('/v2/skins/latest?size=128')
    expect(all.body.skins.map((s: { uuid: string }) => s.uuid)).not.toContain(made.unlisted)
    expect(all.body.skins.length).toBe(7)
  })

  test('an unknown anchor starts from the top with warning anchor_not_found; bad queries are 400', async () => {
    const r = await t.json(`/v2/skins?after=${'f'.repeat(32)}&size=2`)
    expect(r.body.warnings.map((w: { code: string }) => w.code)).toContain('anchor_not_found')
    expect(r.body.skins[0].uuid).toBe(made.last)
    expect((await t.json('/v2/skins?size=500')).status).toBe(400)
    expect((await t.json('/v2/skins?filter=%3Cscript%3E')).body.errors[0].code).toBe('validation_error')
  })

  test('popular: last 30 days only, most viewed first, ties newest first', async () => {
    const proof = async () => ({ 'turnstile-token': await t.proof() })
    for (let i = 0; i < 3; i++) await t.call(`/v2/skins/${made.p1}/interactions/views`, { method: 'POST', headers: await proof() })
    await t.call(`/v2/skins/${made.p3}/interactions/views`, { method: 'POST', headers: await proof() })
    for (let i = 0; i < 5; i++) await t.call(`/v2/skins/${made.old}/interactions/views`, { method: 'POST', headers: await proof() })
    const r = await t.json('/v2/skins/popular?size=4')
    expect(r.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.p1, made.p3, made.last, made.p4])
    const next = await t.json(`/v2/skins/popular?size=10&after=${made.p4}`)
    expect(next.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.p2, made.p0])
    expect(next.body.skins.map((s: { uuid: string }) => s.uuid)).not.toContain(made.old)
  })

  test('random: listed skins only, no repeats', async () => {
    const r = await t.json('/v2/skins/random?size=5')
    const ids = r.body.skins.map((s: { uuid: string }) => s.uuid)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids).not.toContain(made.unlisted)
    expect(r.res.headers.get('cache-control')).toBe('no-store')
    const knights = await t.json('/v2/skins/random?size=3&filter=knight')
    const names = knights.body.skins.map((s: { name: string }) => s.name)
    expect(names.length).toBe(3)
    for (const n of names) expect(n).toMatch(/^Public Knight \d$/)
  })

  test('filter searches names (whole words, any case) and never finds unlisted skins', async () => {
    const knights = await t.json('/v2/skins?filter=KNIGHT&size=50')
    expect(knights.body.skins.length).toBe(5)
    expect(knights.body.skins.map((s: { uuid: string }) => s.uuid)).not.toContain(made.unlisted)
    const two = await t.json('/v2/skins?filter=knight%204')
    expect(two.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.p4])
    const paged = await t.json(`/v2/skins?filter=knight&size=2&after=${made.p3}`)
    expect(paged.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.p2, made.p1])
    expect((await t.json('/v2/skins?filter=hidden')).body.skins).toEqual([])
    const popularKnights = await t.json('/v2/skins/popular?filter=knight&size=2')
    expect(popularKnights.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([made.p1, made.p3])
  })
})

describe('one skin', () => {
  let t: TestApi
  let owner: string
  let stranger: string
  beforeAll(async () => {
    t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' } })
    owner = await clientCookie(t)
    stranger = await clientCookie(t)
  })
  afterAll(() => t.close())

  test('is found by 32-hex uuid, dashed uuid and short id; unknown ids are 404, malformed 400', async () => {
    const s = await make(t, makeSkinPng(30), { name: 'Findable' }, owner)
    const dashed = `${s.uuid.slice(0, 8)}-${s.uuid.slice(8, 12)}-${s.uuid.slice(12, 16)}-${s.uuid.slice(16, 20)}-${s.uuid.slice(20)}`
    for (const id of [s.uuid, dashed, dashed.toUpperCase(), s.shortId]) {
      const r = await t.json(`/v2/skins/${id}`)
      expect(r.status).toBe(200)
      expect(r.body.skin.uuid).toBe(s.uuid)
    }
    const r = await t.call(`/v2/skins/${s.uuid}`)
    const lastModified = r.headers.get('last-modified')!
    expect((await t.call(`/v2/skins/${s.uuid}`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304)
    const missing = await t.json(`/v2/skins/${'0'.repeat(32)}`)
    expect(missing.status).toBe(404)
    expect(missing.body.errors[0].code).toBe('skin_not_found')
    expect((await t.json('/v2/skins/xyz')).status).toBe(400)
    const tex = await t.call(`/v2/skins/${s.shortId}/texture`)
    expect(tex.status).toBe(301)
    expect(tex.headers.get('location')).toBe(`http://ssg.test/textures/${(await r.json()).skin.texture.hash.skin}`)
  })

  test('private skins: creator only (others get 404), and only with the private_skins grant', async () => {
    const denied = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(31), { visibility: 'private' }), headers: { cookie: owner } })
    expect(denied.status).toBe(401)
    const mine = await make(t, makeSkinPng(31), { name: 'Mine' }, owner)
    const patched = await t.json(`/v2/skins/${mine.uuid}`, { method: 'PATCH', body: JSON.stringify({ visibility: 'private' }), headers: { cookie: owner, 'content-type': 'application/json' } })
    expect(patched.status).toBe(403)
    expect(patched.body.errors[0].code).toBe('insufficient_grants')

    const store = openStore(t.dir)
    const { key } = await createApiKey(store.db, { name: 'test' })
    store.close()
    const auth = { authorization: `Bearer ${key}` }
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(35), { visibility: 'private', name: 'Secret Plan' }), headers: auth })
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: auth })
    const uuid = job.body.skin.uuid
    expect(job.body.skin.visibility).toBe('private')
    expect((await t.json(`/v2/skins/${uuid}`, { headers: auth })).status).toBe(200)
    expect((await t.json(`/v2/skins/${uuid}`)).status).toBe(404)
    expect((await t.json(`/v2/skins/${uuid}`, { headers: { cookie: owner } })).status).toBe(404)
    expect((await t.json('/v2/skins?filter=secret')).body.skins).toEqual([])
    expect((await t.json('/v2/skins?size=128')).body.skins.map((x: { uuid: string }) => x.uuid)).not.toContain(uuid)
    // The same file uploaded publicly by someone else does not reveal the private skin.
    const pub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(35)), headers: { cookie: stranger } })
    expect(pub.status).toBe(200)
    expect(pub.body.skin.uuid).not.toBe(uuid)
    expect(pub.body.skin.visibility).toBe('public')
  })

  test('PATCH: owner only, at most 6 edits, inside the edit window; /user tells why', async () => {
    const s = await make(t, makeSkinPng(32), { name: 'Draft' }, owner)
    const patch = (body: unknown, cookie: string) =>
      t.json(`/v2/skins/${s.uuid}`, { method: 'PATCH', body: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json' } })
    const notOwner = await patch({ name: 'Stolen' }, stranger)
    expect(notOwner.status).toBe(401)
    expect(notOwner.body.errors[0].code).toBe('unauthorized')
    const user0 = await t.json(`/v2/skins/${s.uuid}/user`, { headers: { cookie: stranger } })
    expect(user0.body.user).toEqual({ isOwner: false, hasGenerated: false, canEdit: false, canDelete: false })

    const ok = await patch({ name: 'Final', visibility: 'unlisted' }, owner)
    expect(ok.status).toBe(200)
    expect(ok.body.messages).toEqual([{ code: 'updated', message: 'Skin updated' }])
    expect(ok.body.skin).toMatchObject({ name: 'Final', visibility: 'unlisted' })
    expect((await patch({ name: 'x' }, owner)).status).toBe(200)
    expect((await patch({ name: 'y' }, owner)).status).toBe(200)
    expect((await patch({ name: 'z' }, owner)).status).toBe(200)
    expect((await patch({ name: 'w' }, owner)).status).toBe(200)
    const seventh = await patch({ name: 'v' }, owner)
    expect(seventh.status).toBe(401)
    const user = await t.json(`/v2/skins/${s.uuid}/user`, { headers: { cookie: owner } })
    expect(user.body.user).toMatchObject({ isOwner: true, hasGenerated: true, canEdit: false, canDelete: true, editReason: 'max_edits_reached' })
    expect((await patch({ nothing: true }, owner)).status).toBe(400)
  })

  test('the edit and delete windows close after the grant hours', async () => {
    const s = await make(t, makeSkinPng(33), { name: 'Aging' }, owner)
    t.clock.now += 2 * HOUR
    const r = await t.json(`/v2/skins/${s.uuid}`, { method: 'PATCH', body: JSON.stringify({ name: 'Late' }), headers: { cookie: owner, 'content-type': 'application/json' } })
    expect(r.status).toBe(401)
    expect(r.body.errors[0].message).toContain('within 1 hour')
    const user = await t.json(`/v2/skins/${s.uuid}/user`, { headers: { cookie: owner } })
    expect(user.body.user).toMatchObject({ isOwner: true, canEdit: false, canDelete: false, editReason: 'edit_duration_expired', deleteReason: 'delete_duration_expired' })
    expect((await t.json(`/v2/skins/${s.uuid}`, { method: 'DELETE', headers: { cookie: owner } })).status).toBe(401)
    expect((await t.json(`/v2/skins/${s.uuid}/user`)).status).toBe(401)
  })

  test('DELETE: the owner soft-deletes; the skin is then 404 everywhere and gone from lists', async () => {
    const s = await make(t, makeSkinPng(34), { name: 'Doomed Skin' }, owner)
    expect((await t.json(`/v2/skins/${s.uuid}`, { method: 'DELETE', headers: { cookie: stranger } })).status).toBe(401)
    const del = await t.json(`/v2/skins/${s.uuid}`, { method: 'DELETE', headers: { cookie: owner } })
    expect(del.status).toBe(200)
    expect(del.body.messages).toEqual([{ code: 'deleted', message: 'Skin marked for deletion' }])
    for (const path of ['', '/texture', '/meta', '/similar', '/tags', '/user']) {
      const r = await t.json(`/v2/skins/${s.uuid}${path}`, { headers: { cookie: owner } })
      expect({ path, status: r.status, code: r.body?.errors?.[0]?.code }).toEqual({ path, status: 404, code: 'skin_not_found' })
    }
    const views = await t.call(`/v2/skins/${s.uuid}/interactions/views`, { method: 'POST' })
    expect(views.status).toBe(404)
    const list = await t.json('/v2/skins?filter=doomed')
    expect(list.body.skins).toEqual([])
    // Uploading the same file again makes a new skin instead of reviving the deleted one.
    const again = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(34), { name: 'Doomed Skin' }), headers: { cookie: owner } })
    expect(again.body.skin.uuid).not.toBe(s.uuid)
  })

  test('meta describes the skin from its data', async () => {
    const s = await make(t, solidSkin([200, 30, 30], 1), { name: 'Crimson', variant: 'slim' }, owner)
    const r = await t.json(`/v2/skins/${s.uuid}/meta`)
    expect(r.status).toBe(200)
    expect(r.body.meta.description).toBe('“Crimson” is a slim-armed (Alex model) Minecraft skin in mostly red tones.')
  })

  test('similar ranks listed skins by colour histogram distance, one per texture', async () => {
    const red = await make(t, solidSkin([200, 30, 30], 2), {}, owner)
    const nearRed = await make(t, solidSkin([205, 35, 25], 3), {}, owner)
    const otherRed = await make(t, solidSkin([210, 20, 40], 4), { visibility: 'unlisted' }, owner)
    const blue = await make(t, solidSkin([30, 40, 200], 5), {}, owner)
    const r = await t.json(`/v2/skins/${red.uuid}/similar`)
    const ids = r.body.skins.map((s: { uuid: string }) => s.uuid)
    expect(ids[0]).toBe(nearRed.uuid)
    expect(ids).not.toContain(red.uuid)
    expect(ids).not.toContain(otherRed.uuid)
    expect(ids).not.toContain(blue.uuid)
    expect(r.body.pagination).toEqual({ current: {}, next: {} })
  })
})
