import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { makeSkinPng } from '../../image/fixtures'
import { apiKeyWith, jsonInit, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

/** The generate option `remixOf` (docs/api.md "Remixes"): checked, stored, shown only where it leaks nothing. */
describe('remixOf', () => {
  let t: TestApi
  /** Two callers with their own keys; `owner` may make private skins. */
  let owner: Record<string, string>
  let other: Record<string, string>
  let seed = 9000
  beforeAll(async () => {
    t = await startTestApi()
    owner = { ...(await apiKeyWith(t, { private_skins: true })), 'user-agent': 'RemixTest/1.0' }
    other = { ...(await apiKeyWith(t, {})), 'user-agent': 'RemixTest/1.0' }
  })
  afterAll(() => t.close())

  /** Generates a fresh skin as `headers` with `fields`; the whole answer. */
  const generate = async (headers: Record<string, string>, fields: Record<string, string> = {}, png = makeSkinPng(seed++)) => {
    // A minute passes between requests, so no test meets the per-minute limit.
    t.clock.now += 61_000
    return t.json('/v2/generate', { method: 'POST', body: uploadForm(png, fields), headers })
  }
  const skinAs = (uuid: string, headers: Record<string, string> = { 'user-agent': 'RemixTest/1.0' }) => t.json(`/v2/skins/${uuid}`, { headers })
  const storedRemixOf = (uuid: string) => {
    const db = new Database(join(t.dir, 'skins.db'), { readonly: true })
    try {
      return (db.query('SELECT remix_of FROM skins WHERE uuid = ?').get(uuid) as { remix_of: string | null } | null)?.remix_of
    } finally {
      db.close()
    }
  }
  const dashed = (u: string) => `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`

  test('a public original, named dashed in a multipart field, is stored on the job and the new skin and shown to everyone', async () => {
    const original = (await generate(owner)).body.skin
    const remix = await generate(other, { remixOf: dashed(original.uuid).toUpperCase() })
    expect(remix.status).toBe(200)
    expect(remix.body.skin.remixOf).toBe(original.uuid)
    expect(storedRemixOf(remix.body.skin.uuid)).toBe(original.uuid)
    const job = await t.json(`/v2/queue/${remix.body.links.job.split('/').pop()}`)
    expect(job.body.skin.remixOf).toBe(original.uuid)
    const anonymous = await skinAs(remix.body.skin.uuid)
    expect(anonymous.body.skin.remixOf).toBe(original.uuid)
    expect(anonymous.res.headers.get('cache-control')).toStartWith('public')
    // The original itself names no remix.
    expect((await skinAs(original.uuid)).body.skin.remixOf).toBeUndefined()
  })

  test('a JSON body (data URL) carries remixOf too; a queued job writes it when the worker stores the skin', async () => {
    const original = (await generate(owner)).body.skin
    t.clock.now += 61_000
    const dataUrl = `data:image/png;base64,${Buffer.from(makeSkinPng(seed++)).toString('base64')}`
    const sub = await t.json('/v2/queue', jsonInit({ url: dataUrl, remixOf: original.uuid }, { headers: other }))
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: other })
    expect(job.body.job.status).toBe('completed')
    expect(job.body.skin.remixOf).toBe(original.uuid)
    expect(storedRemixOf(job.body.skin.uuid)).toBe(original.uuid)
  })

  test('unknown, deleted and other callers\u2019 private skins are refused alike with 400 invalid_remix_of; nothing is stored', async () => {
    const privateSkin = (await generate(owner, { visibility: 'private' })).body.skin
    const deleted = (await generate(owner)).body.skin
    expect((await t.json(`/v2/skins/${deleted.uuid}`, { method: 'DELETE', headers: owner })).status).toBe(200)
    const before = (await t.json('/v2/queue', { headers: other })).body.jobs.length
    for (const remixOf of ['f'.repeat(32), privateSkin.uuid, deleted.uuid]) {
      const refused = await generate(other, { remixOf })
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0]).toEqual({ code: 'invalid_remix_of', message: 'remixOf names no skin you may see' })
    }
    expect((await t.json('/v2/queue', { headers: other })).body.jobs.length).toBe(before)
    // A malformed uuid is a validation error like any malformed option.
    const malformed = await generate(other, { remixOf: 'not-a-uuid' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors[0].code).toBe('validation_error')
    // The owner may remix their own private skin, and sees the link; nobody else does.
    const own = await generate(owner, { remixOf: privateSkin.uuid })
    expect(own.status).toBe(200)
    expect(own.body.skin.remixOf).toBe(privateSkin.uuid)
    expect((await skinAs(own.body.skin.uuid, owner)).body.skin.remixOf).toBe(privateSkin.uuid)
    expect((await skinAs(own.body.skin.uuid, other)).body.skin.remixOf).toBeUndefined()
  })

  test('a remix of an unlisted skin does not hand its uuid to readers who were not given it', async () => {
    const unlisted = (await generate(owner, { visibility: 'unlisted' })).body.skin
    // Anyone holding the unlisted link may remix it (the skin access rule by uuid)...
    const remix = await generate(other, { remixOf: unlisted.uuid })
    expect(remix.status).toBe(200)
    expect(storedRemixOf(remix.body.skin.uuid)).toBe(unlisted.uuid)
    // ...but the public remix shows the link only to the original's creator, and no shared cache keeps the answer.
    const anonymous = await skinAs(remix.body.skin.uuid)
    expect(anonymous.body.skin.remixOf).toBeUndefined()
    expect(JSON.stringify(anonymous.body)).not.toContain(unlisted.uuid)
    expect(anonymous.res.headers.get('cache-control')).toStartWith('private')
    expect((await skinAs(remix.body.skin.uuid, other)).body.skin.remixOf).toBeUndefined()
    expect((await skinAs(remix.body.skin.uuid, owner)).body.skin.remixOf).toBe(unlisted.uuid)
    // Made public later, the link shows for everyone.
    expect((await t.json(`/v2/skins/${unlisted.uuid}`, { ...jsonInit({ visibility: 'public' }, { headers: owner }), method: 'PATCH' })).status).toBe(200)
    expect((await skinAs(remix.body.skin.uuid)).body.skin.remixOf).toBe(unlisted.uuid)
  })

  test('a duplicate texture answers the existing skin and leaves its remixOf as it was', async () => {
    const first = (await generate(owner)).body.skin
    const png = makeSkinPng(seed++)
    const existing = (await generate(owner, {}, png)).body.skin
    expect(existing.remixOf).toBeUndefined()
    const again = await generate(owner, { remixOf: first.uuid }, png)
    expect(again.status).toBe(200)
    expect(again.body.skin.uuid).toBe(existing.uuid)
    expect(again.body.skin.duplicate).toBe(true)
    expect(again.body.skin.remixOf).toBeUndefined()
    expect(storedRemixOf(existing.uuid)).toBeNull()
  })

  test('the legacy v1 upload takes remixOf as a field too', async () => {
    const original = (await generate(owner)).body.skin
    t.clock.now += 61_000
    const v1 = await t.json('/generate/upload', { method: 'POST', body: uploadForm(makeSkinPng(seed++), { remixOf: original.uuid }), headers: other })
    expect(v1.status).toBe(200)
    expect(storedRemixOf(v1.body.uuid)).toBe(original.uuid)
    t.clock.now += 61_000
    const refused = await t.json('/generate/upload', { method: 'POST', body: uploadForm(makeSkinPng(seed++), { remixOf: 'f'.repeat(32) }), headers: other })
    expect(refused.status).toBe(400)
    expect(refused.body.errorCode).toBe('invalid_remix_of')
  })
})
