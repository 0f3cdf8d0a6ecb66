/**
 * Likes in the skin JSON and the caller's `liked` flag in the `/user` answer (our extensions, listed
 * in docs/api.md).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { skinResponseSchema, skinUserResponseSchema } from '../../../shared/schemas/api'
import { makeSkinPng } from '../../image/fixtures'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

let t: TestApi
let skin: string
const cookies: string[] = []

beforeAll(async () => {
  t = await startTestApi()
  for (let i = 0; i < 2; i++) cookies.push((await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!)
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(811), { name: 'Liked Skin' }), headers: { cookie: cookies[0]! } })
  await t.api.idle()
  skin = (await t.json(`/v2/queue/${sub.body.job.id}`)).body.job.result
})
afterAll(() => t.close())

const likes = async () => skinResponseSchema.parse((await t.json(`/v2/skins/${skin}`)).body).skin.likes
const user = async (cookie: string) => skinUserResponseSchema.parse((await t.json(`/v2/skins/${skin}/user`, { headers: { cookie } })).body).user

describe('likes in the skin JSON', () => {
  test('the skin object carries the like count, and /user says whether this caller liked it', async () => {
    expect(await likes()).toBe(0)
    expect((await user(cookies[1]!)).liked).toBeUndefined()
    const liked = await t.call(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[1]!, 'turnstile-token': await t.proof() } })
    expect(liked.status).toBe(204)
    expect(await likes()).toBe(1)
    expect((await user(cookies[1]!)).liked).toBe(true)
    // The owner did not like it: their answer says so, and they are still the owner.
    const owner = await user(cookies[0]!)
    expect(owner.isOwner).toBe(true)
    expect(owner.liked).toBeUndefined()
    // A second like from the same caller is refused and does not count.
    const twice = await t.json(`/v2/skins/${skin}/interactions/likes`, { method: 'POST', headers: { cookie: cookies[1]!, 'turnstile-token': await t.proof() } })
    expect(twice.status).toBe(409)
    expect(await likes()).toBe(1)
  })

  test('list items and lists are unchanged (likes only on the full skin object)', async () => {
    const list = (await t.json('/v2/skins')).body.skins as Record<string, unknown>[]
    expect(list.find((s) => s.uuid === skin)).not.toHaveProperty('likes')
  })
})
