import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

let t: TestApi
let skin: string
const cookies: string[] = []

beforeAll(async () => {
  t = await startTestApi({ env: { TAG_VISIBLE_THRESHOLD: '2' } })
  for (let i = 0; i < 3; i++) cookies.push((await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!)
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(801), { name: 'Community Skin' }) })
  await t.api.idle()
  skin = (await t.json(`/v2/queue/${sub.body.job.id}`)).body.job.result
})
afterAll(() => t.close())

const views = async () => (await t.json(`/v2/skins/${skin}`)).body.skin.views as number

describe('anti-bot challenge', () => {
  test('GET /v2/challenge hands out a signed altcha challenge', async () => {
    const r = await t.call('/v2/challenge')
    expect(r.headers.get('cache-control')).toBe('no-store')
    const c = await r.json()
    expect(c.parameters.algorithm).toBe('SHA-256')
    expect(typeof c.signature).toBe('string')
  })
})

describe('views', () => {
  test('count only with a valid, unspent proof, but always answer 204', async () => {
    const before = await views()
    const proof = await t.proof()
    expect((await t.call(`/v2/skins/${skin}/interactions/views`, { method: 'POST', headers: { 'turnstile-token': proof } })).status).toBe(204)
    expect(await views()).toBe(before + 1)
    // The same proof again (replay), no proof, and garbage: still 204, not counted.
    expect((await t.call(`/v2/skins/${skin}/interactions/views`, { method: 'POST', headers: { 'turnstile-token': proof } })).status).toBe(204)
    expect((await t.call(`/v2/skins/${skin}/interactions/views`, { method: 'POST' })).status).toBe(204)
    expect((await t.call(`/v2/skins/${skin}/interactions/views`, { method: 'POST', headers: { 'turnstile-token': 'Zm9v' } })).status).toBe(204)
    expect(await views()).toBe(before + 1)
  })
})

describe('likes', () => {
  test('need a proof (400 missing / 403 invalid) and count once per caller (409 already_liked)', async () => {
    const missing = await t.json(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[0]! } })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].code).toBe('missing_turnstile_token')
    const bad = await t.json(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[0]!, 'turnstile-token': 'bm9wZQ==' } })
    expect(bad.status).toBe(403)
    expect(bad.body.errors[0].code).toBe('invalid_turnstile_token')
    const ok = await t.call(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[0]!, 'turnstile-token': await t.proof() } })
    expect(ok.status).toBe(204)
    const twice = await t.json(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[0]!, 'turnstile-token': await t.proof() } })
    expect(twice.status).toBe(409)
    expect(twice.body.errors[0].code).toBe('already_liked')
    const other = await t.call(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[1]!, 'turnstile-token': await t.proof() } })
    expect(other.status).toBe(204)
  })
})

describe('tags', () => {
  const vote = async (cookie: string, tag: string, v: 'up' | 'down') =>
    t.json(`/v2/skins/${skin}/tags`, jsonInit({ tag, vote: v }, { headers: { cookie, 'turnstile-token': await t.proof() } }))

  test('votes: vote_added, already_voted; visible to all at the threshold; searchable once visible', async () => {
    const first = await vote(cookies[0]!, 'red cape', 'up')
    expect(first.status).toBe(200)
    expect(first.body.messages).toEqual([{ code: 'vote_added', message: 'Vote added' }])
    expect((await vote(cookies[0]!, 'red cape', 'up')).body.messages[0].code).toBe('already_voted')
    // One vote: only the voter sees it; nobody finds it.
    expect((await t.json(`/v2/skins/${skin}/tags`, { headers: { cookie: cookies[0]! } })).body.tags).toEqual([{ tag: 'red cape', vote: 'up', suggested: false }])
    expect((await t.json(`/v2/skins/${skin}/tags`, { headers: { cookie: cookies[2]! } })).body.tags).toEqual([])
    expect((await t.json('/v2/skins?filter=cape')).body.skins).toEqual([])
    // Second up-vote reaches the threshold.
    await vote(cookies[1]!, 'red cape', 'up')
    expect((await t.json(`/v2/skins/${skin}/tags`, { headers: { cookie: cookies[2]! } })).body.tags).toEqual([{ tag: 'red cape', vote: null, suggested: false }])
    expect((await t.json(`/v2/skins/${skin}`)).body.skin.tags).toEqual([{ tag: 'red cape' }])
    expect((await t.json('/v2/skins?filter=cape')).body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([skin])
    // A down-vote drops it below the threshold again, and out of search.
    await vote(cookies[2]!, 'red cape', 'down')
    expect((await t.json(`/v2/skins/${skin}`)).body.skin.tags).toEqual([])
    expect((await t.json('/v2/skins?filter=cape')).body.skins).toEqual([])
    // Changing one's vote counts as a new vote.
    expect((await vote(cookies[2]!, 'red cape', 'up')).body.messages[0].code).toBe('vote_added')
    expect((await t.json('/v2/skins?filter=red%20cape')).body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([skin])
  })

  test('bad tags are 400, a missing proof is 400, and an unknown skin is 404', async () => {
    const bad = await t.json(`/v2/skins/${skin}/tags`, jsonInit({ tag: 'Bad_Tag1', vote: 'up' }, { headers: { cookie: cookies[0]!, 'turnstile-token': await t.proof() } }))
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].code).toBe('validation_error')
    const noProof = await t.json(`/v2/skins/${skin}/tags`, jsonInit({ tag: 'fine', vote: 'up' }, { headers: { cookie: cookies[0]! } }))
    expect(noProof.body.errors[0].code).toBe('missing_turnstile_token')
    const unknown = await t.json(`/v2/skins/${'0'.repeat(32)}/tags`)
    expect(unknown.status).toBe(404)
  })
})

describe('reports', () => {
  test('reason skin/name/tags; once per caller (409 already_reported)', async () => {
    const first = await t.json(`/v2/skins/${skin}/report`, jsonInit({ reason: 'name' }, { headers: { cookie: cookies[0]!, 'turnstile-token': await t.proof() } }))
    expect(first.status).toBe(200)
    expect(first.body.messages).toEqual([{ code: 'reported', message: 'Skin reported' }])
    const again = await t.json(`/v2/skins/${skin}/report`, jsonInit({ reason: 'skin' }, { headers: { cookie: cookies[0]!, 'turnstile-token': await t.proof() } }))
    expect(again.status).toBe(409)
    expect(again.body.errors[0].code).toBe('already_reported')
    const badReason = await t.json(`/v2/skins/${skin}/report`, jsonInit({ reason: 'ugly' }, { headers: { cookie: cookies[1]!, 'turnstile-token': await t.proof() } }))
    expect(badReason.status).toBe(400)
  })

  test('a caller with nothing that identifies them is 401 (the cookie is issued for next time)', async () => {
    const r = await t.json(`/v2/skins/${skin}/report`, jsonInit({ reason: 'skin' }, { headers: { 'turnstile-token': await t.proof() } }))
    expect(r.status).toBe(401)
    expect(r.res.headers.get('set-cookie')).toMatch(/^ssg_client=/)
  })
})

describe('client cookie from the challenge', () => {
  test('a browser without the client cookie gets it with its challenge, so its first vote counts under it', async () => {
    const cookie = (await t.call('/v2/challenge')).headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^ssg_client=[^;]+;/)
    const client = cookie.split(';')[0]!
    expect((await t.call('/v2/challenge', { headers: { cookie: client } })).headers.get('set-cookie')).toBeNull()
    const vote = await t.call(`/v2/skins/${skin}/tags`, { ...jsonInit({ tag: 'first vote', vote: 'up' }), headers: { 'content-type': 'application/json', cookie: client, 'turnstile-token': await t.proof() } })
    expect(vote.status).toBe(200)
    const tags = await t.json(`/v2/skins/${skin}/tags`, { headers: { cookie: client } })
    expect(tags.body.tags).toContainEqual(expect.objectContaining({ tag: 'first vote', vote: 'up' }))
  })
})
