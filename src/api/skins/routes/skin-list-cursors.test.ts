import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

const DAY = 86_400_000
type Page = { skins: { uuid: string }[]; pagination: { current: object; next: { after?: string }; previous?: { before?: string } }; links: Record<string, string> }

/** Creates a public skin through the queue; returns its uuid. */
async function make(t: TestApi, seed: number, name: string): Promise<string> {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), { name }) })
  if (sub.status >= 300) throw new Error(JSON.stringify(sub.body))
  await t.api.idle()
  return (await t.json(`/v2/queue/${sub.body.job.id}`)).body.job.result
}

describe('GET /v2/skins: latest by creation time, `after` and `before` cursors', () => {
  let t: TestApi
  /** Newest first. */
  const order: string[] = []
  beforeAll(async () => {
    t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' } })
    const made: string[] = []
    for (let i = 0; i < 5; i++) {
      t.clock.now += 1000
      made.push(await make(t, 40 + i, `Cursor Mage ${i}`))
    }
    // A skin created earlier but stored last (like `bun run seed` of old skins) sorts last.
    t.clock.now -= 10 * DAY
    const old = await make(t, 60, 'Cursor Elder')
    order.push(...made.reverse(), old)
  })
  afterAll(() => t.close())

  const get = async (path: string) => (await t.json<Page>(path)).body

  test('latest lists newest created first, even when an older skin was inserted last', async () => {
    expect((await get('/v2/skins?size=10')).skins.map((s) => s.uuid)).toEqual(order)
  })

  test('`before` answers the page just before a skin, with links to both neighbours', async () => {
    const page = await get(`/v2/skins?size=2&before=${order[4]}`)
    expect(page.skins.map((s) => s.uuid)).toEqual(order.slice(2, 4))
    expect(page.pagination.previous).toEqual({ before: order[2] })
    expect(page.links.prev).toBe(`/v2/skins?before=${order[2]}&size=2`)
    expect(page.links.next).toBe(`/v2/skins?after=${order[3]}&size=2`)
    const top = await get(`/v2/skins?size=2&before=${order[1]}`)
    expect(top.skins.map((s) => s.uuid)).toEqual(order.slice(0, 2))
    expect(top.pagination.previous).toBeUndefined()
    expect(top.links.prev).toBeUndefined()
  })

  test('`after` pages show a previous link; the first page does not', async () => {
    expect((await get('/v2/skins?size=2')).pagination.previous).toBeUndefined()
    const second = await get(`/v2/skins?size=2&after=${order[1]}`)
    expect(second.skins.map((s) => s.uuid)).toEqual(order.slice(2, 4))
    expect(second.pagination.previous).toEqual({ before: order[2] })
  })

  test('popular takes `before` too; search stays newest first', async () => {
    const all = (await get('/v2/skins/popular?size=10')).skins.map((s) => s.uuid)
    const back = await get(`/v2/skins/popular?size=2&before=${all[3]}&filter=cursor`)
    expect(back.skins.map((s) => s.uuid)).toEqual(all.slice(1, 3))
    expect((await get('/v2/skins?filter=mage&size=10')).skins.map((s) => s.uuid)).toEqual(order.slice(0, 5))
  })

  test('`after` with `before` is a 400 validation error', async () => {
    const r = await t.json(`/v2/skins?after=${order[1]}&before=${order[3]}`)
    expect(r.status).toBe(400)
    expect(r.body.errors[0].code).toBe('validation_error')
    expect((await t.json('/v2/skins/popular?before=nope')).status).toBe(400)
  })
})
