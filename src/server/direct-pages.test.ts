/**
 * Pages on the embedded API read it through direct calls (docs/performance.md "Server render") and must
 * not notice: every page that loads API data renders the same status, headers and HTML as through the
 * in-process HTTP path, for an anonymous visitor and for the owner of a skin (per-caller `/user` and
 * tag answers).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { AppOptions } from './app-options'
import { startTestApi, type TestApi } from '../../test/support/embedded-api'
import { paintedSkinPng } from '../../test/support/skin-files'
import { createTestApp } from '../../test/support/web-app'

let backend: TestApi
let viaHttp: ReturnType<typeof createTestApp>
let viaDirect: ReturnType<typeof createTestApp>
let owner: string
let mine: { uuid: string; shortId: string }
let jobId: string
let calls: string[]

beforeAll(async () => {
  backend = await startTestApi(4)
  const { api } = backend
  // A skin with an owner: the client cookie that uploaded it (its page shows the owner's controls).
  owner = (await api.fetch(new Request('http://x/v2/queue'))).headers.get('set-cookie')!.split(';')[0]!
  const form = new FormData()
  form.set('file', new File([paintedSkinPng(4242)], 'skin.png', { type: 'image/png' }))
  form.set('name', 'Direct Owner')
  const queued = (await (await api.fetch(new Request('http://x/v2/queue', { method: 'POST', body: form, headers: { cookie: owner } }))).json()) as { job: { id: string } }
  await api.idle()
  jobId = queued.job.id
  const job = (await (await api.fetch(new Request(`http://x/v2/queue/${jobId}`))).json()) as { skin: { uuid: string; shortId: string } }
  mine = job.skin
  calls = []
  const http: AppOptions['api'] = { fetch: (r) => (calls.push(new URL(r.url).pathname), api.fetch(r)), inProcess: true }
  viaHttp = createTestApp({ api: http })
  viaDirect = createTestApp({ api: { ...http, direct: api.direct } })
}, 60_000)
afterAll(() => backend?.dispose())

/** The HTML with the per-request CSP nonce blanked. */
const normal = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'")

async function compare(path: string, headers: Record<string, string> = {}) {
  const [a, b] = [await viaHttp.request(path, { headers }), await viaDirect.request(path, { headers })]
  expect({ path, status: b.status, location: b.headers.get('location') }).toEqual({ path, status: a.status, location: a.headers.get('location') })
  expect({ path, html: normal(await b.text()) }).toEqual({ path, html: normal(await a.text()) })
}

describe('pages through direct calls', () => {
  test('render exactly what the in-process HTTP path renders', async () => {
    const paths = [
      '/',
      '/skins',
      '/skins/popular',
      '/skins?size=2',
      `/skins?after=${mine.uuid}`,
      `/skins?after=${'ab'.repeat(16)}`,
      '/skins?search=no',
      `/skins/${mine.uuid}`,
      `/de/skins/${mine.uuid}`,
      `/skins/${mine.shortId}`,
      `/skins/${'cd'.repeat(16)}`,
      '/skins/zzzzzzzz',
      '/cape-ad',
      `/jobs/${jobId}`,
      '/export?source=latest',
    ]
    for (const path of paths) {
      await compare(path)
      await compare(path, { cookie: owner })
    }
  })

  test('per-caller answers reach the page: the owner sees their skin as theirs, others do not', async () => {
    // Only the owner's page has the owner's controls.
    const isOwner = async (headers: Record<string, string>) => (await (await viaDirect.request(`/skins/${mine.uuid}`, { headers })).text()).includes('data-island="skin-owner"')
    expect(await isOwner({ cookie: owner })).toBe(true)
    expect(await isOwner({})).toBe(false)
    expect(await isOwner({ cookie: 'ssg_client=0123456789abcdef01234567' })).toBe(false)
  })

  test('the direct app sends no page GET through the HTTP path', async () => {
    calls.length = 0
    for (const path of ['/', '/skins', `/skins/${mine.uuid}`, '/cape-ad']) await viaDirect.request(path, { headers: { cookie: owner } })
    expect(calls).toEqual([])
    // The HTTP app does, which is what the comparison above measured against.
    await viaHttp.request(`/skins/${mine.uuid}`)
    expect(calls.length).toBeGreaterThan(3)
  })
})
