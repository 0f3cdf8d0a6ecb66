/**
 * The direct table answers exactly what the HTTP routes answer: for every direct
 * endpoint, several ids, queries and callers (anonymous, client cookie, API key, a bad key), including
 * the error cases, the direct body equals the HTTP answer's JSON and the status is the same. The shared
 * schemas parse each direct body to itself, so the web app may skip that parse on the direct path.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { z } from 'zod'
import {
  capeListResponseSchema,
  jobResponseSchema,
  randomNameResponseSchema,
  skinListResponseSchema,
  skinMetaResponseSchema,
  skinResponseSchema,
  skinTagsResponseSchema,
  skinUserResponseSchema,
  statsResponseSchema,
} from '../../shared/schemas/api'
import { createApiKey } from '../users/identity'
import { makeSkinPng } from '../image/fixtures'
import { openStore } from '../store/db'
import { startTestApi, uploadForm, type TestApi } from '../testing/api-harness'
import { DIRECT_ENDPOINTS, matchDirect } from './table'

let t: TestApi
const callers: Record<string, Record<string, string>> = {}
const skins: Record<string, { uuid: string; shortId: string }> = {}
const jobs: Record<string, string> = {}

/** Submits a skin as `headers`' caller and waits for it. */
async function make(seed: number, fields: Record<string, string>, headers: Record<string, string>) {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), fields), headers })
  if (sub.status >= 300) throw new Error(JSON.stringify(sub.body))
  await t.api.idle()
  const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers })
  return { job: sub.body.job.id as string, uuid: job.body.skin.uuid as string, shortId: job.body.skin.shortId as string }
}

beforeAll(async () => {
  t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' } })
  const cookie = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  const store = openStore(t.dir)
  const { key } = await createApiKey(store.db, { name: 'direct test' })
  store.close()
  callers.anonymous = {}
  callers.named = { 'user-agent': 'DirectTest/1.0' }
  callers.owner = { cookie, 'user-agent': 'DirectTest/1.0' }
  callers.stranger = { cookie: 'ssg_client=0123456789abcdef01234567' }
  callers.key = { authorization: `Bearer ${key}` }
  callers.badKey = { authorization: `Bearer ${'x'.repeat(40)}` }
  for (let i = 0; i < 4; i++) {
    t.clock.now += 1000
    const made = await make(40 + i, { name: `Direct Knight ${i}` }, callers.owner!)
    skins[`p${i}`] = made
    jobs[`p${i}`] = made.job
  }
  skins.unnamed = await make(50, {}, callers.owner!)
  skins.unlisted = await make(51, { name: 'Hidden Direct', visibility: 'unlisted' }, callers.owner!)
  skins.private = await make(52, { name: 'Private Direct', visibility: 'private' }, callers.key!)
})
afterAll(() => t.close())

/** The HTTP answer and the direct answer of one GET. */
async function both(path: string, query: Record<string, string>, headers: Record<string, string>) {
  const qs = new URLSearchParams(query).toString()
  const http = await t.json(qs ? `${path}?${qs}` : path, { headers })
  const pending = t.api.direct.caller(headers).get(path, query)
  expect(pending).toBeDefined()
  return { http, direct: (await pending)! }
}

/** Asserts equal answers; for a 2xx, also that `schema` parses the direct body to itself. */
async function same(path: string, query: Record<string, string>, schema: z.ZodType) {
  for (const [who, headers] of Object.entries(callers)) {
    const { http, direct } = await both(path, query, headers)
    const label = `${who} GET ${path} ${JSON.stringify(query)}`
    expect({ label, status: direct.status }).toEqual({ label, status: http.status })
    expect({ label, body: JSON.parse(JSON.stringify(direct.body)) }).toStrictEqual({ label, body: http.body })
    if (direct.status < 300) expect({ label, body: schema.parse(direct.body) }).toEqual({ label, body: direct.body })
  }
}

describe('direct calls answer what HTTP answers', () => {
  test('skin lists: pages, cursors, filters, lost cursors and bad queries', async () => {
    const queries: Record<string, string>[] = [{}, { size: '2' }, { size: '2', after: skins.p2!.uuid }, { size: '2', before: skins.p1!.uuid }, { after: 'ab'.repeat(16) }, { filter: 'Knight' }, { filter: 'no such!' }, { size: '0' }, { size: 'many' }]
    for (const query of queries) {
      await same('/v2/skins', query, skinListResponseSchema)
      await same('/v2/skins/latest', query, skinListResponseSchema)
      await same('/v2/skins/popular', query, skinListResponseSchema)
    }
  })

  test('random lists: same status and envelope (the order is random by design)', async () => {
    for (const query of [{}, { size: '3' }, { size: '999' }] as Record<string, string>[]) {
      const { http, direct } = await both('/v2/skins/random', query, {})
      expect(direct.status).toBe(http.status)
      const body = direct.body as { skins?: unknown[] }
      expect(body.skins?.length).toBe(http.body.skins?.length)
      if (direct.status === 200) expect(skinListResponseSchema.parse(body)).toEqual(body as never)
    }
  })

  test('one skin by uuid, dashed uuid and short id; unlisted, private, unknown and malformed ids', async () => {
    const dashed = (u: string) => `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`
    const ids = [skins.p0!.uuid, dashed(skins.p1!.uuid), skins.p2!.shortId, skins.unnamed!.uuid, skins.unlisted!.uuid, skins.private!.uuid, 'cd'.repeat(16), 'zz', encodeURIComponent('a b')]
    for (const id of ids) {
      await same(`/v2/skins/${id}`, {}, skinResponseSchema)
      await same(`/v2/skins/${id}/meta`, {}, skinMetaResponseSchema)
      await same(`/v2/skins/${id}/similar`, {}, skinListResponseSchema)
      await same(`/v2/skins/${id}/tags`, {}, skinTagsResponseSchema)
      await same(`/v2/skins/${id}/user`, {}, skinUserResponseSchema)
    }
  })

  test('jobs, capes, stats and seeded names', async () => {
    for (const id of [jobs.p0!, jobs.p3!, '0'.repeat(24), 'not-a-job']) await same(`/v2/queue/${id}`, {}, jobResponseSchema)
    await same('/v2/capes', {}, capeListResponseSchema)
    await same('/v2/stats', {}, statsResponseSchema)
    for (const seed of [skins.p0!.uuid, 'anything']) await same('/random-name', { seed }, randomNameResponseSchema)
  })

  test('a query string inside the path reads like the query option', async () => {
    const { http } = await both('/v2/skins', { size: '2' }, {})
    const inline = await t.api.direct.caller({}).get('/v2/skins?size=2', {})!
    expect(JSON.parse(JSON.stringify(inline.body))).toStrictEqual(http.body)
  })

  test('a trailing slash is the same path, as over HTTP', async () => {
    await same('/v2/skins/', { size: '2' }, skinListResponseSchema)
    await same('/v2/skins/popular/', {}, skinListResponseSchema)
    await same(`/v2/skins/${skins.p0!.uuid}/`, {}, skinResponseSchema)
    await same(`/v2/skins/${skins.p1!.shortId}/meta/`, {}, skinMetaResponseSchema)
    await same(`/v2/queue/${jobs.p0!}/`, {}, jobResponseSchema)
    await same('/v2/stats/', {}, statsResponseSchema)
    expect(matchDirect('/v2/skins/')?.entry.pattern).toBe('/v2/skins')
  })

  test('paths without a direct entry are left to the HTTP path', () => {
    for (const path of ['/v2/me', '/v2/me/', '/v2/skins/x/y/z', '/v2/queue', '/validate/name/Notch', '/v2/skins//user', '/v2/skins//']) expect(matchDirect(path)).toBeUndefined()
    expect(t.api.direct.caller({}).get('/v2/me/skins', {})).toBeUndefined()
  })

  test('every entry is a GET route the API serves (none answers the unknown-path 404)', async () => {
    for (const { pattern } of DIRECT_ENDPOINTS) {
      const path = pattern.replace(':id', skins.p0!.uuid).replace(':jobId', jobs.p0!)
      const answer = await t.json(path, { headers: callers.owner })
      expect({ path, status: answer.status }).toEqual({ path, status: 200 })
    }
  })
})
