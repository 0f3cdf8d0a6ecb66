import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { createApiKey } from '../../api/users/identity'
import { readSkinImage } from '../../api/image'
import { openStore } from '../../api/store/db'
import { uploadForm } from '../../api/testing/api-harness'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { createTestApp } from '../../../test/support/web-app'
import type { SkinInfo } from '../../shared/schemas/api'

let backend: TestApi
let app: ReturnType<typeof createTestApp>
let owner = ''
let ownerKey = ''
let pub: SkinInfo
let secret: SkinInfo
let gone: SkinInfo

/** What the plugins' MineSkin API, an axios-based tool and a bare client send. */
const PROGRAMS: Record<string, Record<string, string>> = {
  java: { 'user-agent': 'Java/17.0.2', accept: '*/*' },
  // java.net.HttpURLConnection's default Accept, which names text/html beside image types.
  'java default': { 'user-agent': 'Java/17.0.2', accept: 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2' },
  // MineSkin's URL handler (axios with its global `Accept: application/json`).
  mineskin: { 'user-agent': 'MineSkin/Url-Follow', accept: 'application/json', 'content-type': 'application/json' },
  axios: { 'user-agent': 'axios/1.7.2', accept: 'application/json, text/plain, */*' },
  bare: {},
}
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

const api = (path: string, init: RequestInit = {}) =>
  backend.api.fetch(new Request(`http://api.internal${path}`, { ...init, headers: { cookie: owner, ...init.headers } }))

/** Generates a skin as `owner`. */
async function make(seed: number, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<SkinInfo> {
  const queued = (await (await api('/v2/queue', { method: 'POST', body: uploadForm(paintedSkinPng(seed), fields), headers })).json()) as { job: { id: string } }
  await backend.api.idle()
  const job = (await (await api(`/v2/queue/${queued.job.id}`, { headers })).json()) as { job: { result: string } }
  return ((await (await api(`/v2/skins/${job.job.result}`, { headers })).json()) as { skin: SkinInfo }).skin
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const dashed = (uuid: string) => `${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20)}`

beforeAll(async () => {
  backend = await startTestApi(0, { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' })
  app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  owner = (await backend.api.fetch(new Request('http://api.internal/v2/queue'))).headers.get('set-cookie')!.split(';')[0]!
  pub = await make(9201, { name: 'Link Knight' })
  // Private skins need an API key (or a signed-in user) with the private_skins grant.
  const store = openStore(backend.dataDir)
  ownerKey = (await createApiKey(store.db, { name: 'skin link test' })).key
  store.close()
  secret = await make(9202, { name: 'Secret Knight', visibility: 'private' }, { authorization: `Bearer ${ownerKey}` })
  expect(secret.visibility).toBe('private')
  gone = await make(9203, { name: 'Gone Knight' })
  expect((await api(`/v2/skins/${gone.uuid}`, { method: 'DELETE' })).status).toBe(200)
}, 60_000)
afterAll(() => backend?.dispose())

describe('/{id} for programs: the texture PNG', () => {
  test('Java, axios and a client with no Accept get the stored texture bytes', async () => {
    const stored = new Uint8Array(await (await app.request(`/textures/${pub.texture.hash.skin}`)).arrayBuffer())
    expect(sha256(stored)).toBe(pub.texture.hash.skin)
    for (const [name, headers] of Object.entries(PROGRAMS)) {
      const response = await app.request(`/${pub.uuid}`, { headers })
      expect(response.status, name).toBe(200)
      expect(response.headers.get('content-type'), name).toBe('image/png')
      expect(response.headers.get('cache-control'), name).toBe('public, max-age=3600')
      expect(response.headers.get('vary'), name).toBe('Accept, Sec-Fetch-Dest')
      expect(new Uint8Array(await response.arrayBuffer()), name).toEqual(stored)
    }
  })

  test('the PNG is a valid 64×64 skin image', async () => {
    const bytes = new Uint8Array(await (await app.request(`/${pub.uuid}`, { headers: PROGRAMS.java })).arrayBuffer())
    const image = await readSkinImage(bytes)
    expect([image.width, image.height]).toEqual([64, 64])
    expect(image.textureHash).toBe(pub.texture.hash.skin)
  })

  test('short id, dashed uuid and a language prefix answer the same PNG', async () => {
    for (const path of [`/${pub.shortId}`, `/${dashed(pub.uuid)}`, `/de/${pub.uuid}`, `/pt/${pub.shortId}`]) {
      const response = await app.request(path, { headers: PROGRAMS.java })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('image/png')
      expect(sha256(new Uint8Array(await response.arrayBuffer())), path).toBe(pub.texture.hash.skin)
    }
  })

  test('no language redirect for programs, even with a foreign Accept-Language', async () => {
    const response = await app.request(`/${pub.uuid}`, { headers: { ...PROGRAMS.java, 'accept-language': 'de-DE,de;q=0.9' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
  })

  test('a browser still gets the redirect to the skin page, marked Vary: Accept', async () => {
    const response = await app.request(`/${pub.uuid}`, { headers: BROWSER })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/skins/${pub.uuid}`)
    expect(response.headers.get('vary')).toContain('Accept, Sec-Fetch-Dest')
    // Fetch Metadata alone decides for a browser that sends it, whatever its Accept.
    const navigation = await app.request(`/${pub.uuid}`, { headers: { accept: '*/*', 'sec-fetch-dest': 'document' } })
    expect(navigation.status).toBe(302)
    const image = await app.request(`/${pub.uuid}`, { headers: { ...BROWSER, 'sec-fetch-dest': 'image' } })
    expect(image.headers.get('content-type')).toBe('image/png')
    const german = await app.request(`/${pub.shortId}`, { headers: { ...BROWSER, 'accept-language': 'de' } })
    expect(german.headers.get('location')).toBe(`/de/${pub.shortId}`)
    expect((await app.request(`/de/${pub.shortId}`, { headers: BROWSER })).headers.get('location')).toBe(`/de/skins/${pub.shortId}`)
  })

  test("HEAD answers the PNG headers without a body, Content-Length the PNG's", async () => {
    const length = (await (await app.request(`/textures/${pub.texture.hash.skin}`)).arrayBuffer()).byteLength
    expect(length).toBeGreaterThan(100)
    for (const path of [`/${pub.uuid}`, `/${pub.shortId}`, `/de/${pub.uuid}`]) {
      const response = await app.request(path, { method: 'HEAD', headers: PROGRAMS.mineskin })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('image/png')
      expect(response.headers.get('content-length'), path).toBe(String(length))
      expect((await response.arrayBuffer()).byteLength, path).toBe(0)
    }
  })

  test('a matching If-None-Match is 304', async () => {
    const first = await app.request(`/${pub.uuid}`, { headers: PROGRAMS.java })
    const etag = first.headers.get('etag')!
    expect(etag).toBe(`"${pub.texture.hash.skin}"`)
    expect((await app.request(`/${pub.uuid}`, { headers: { ...PROGRAMS.java, 'if-none-match': etag } })).status).toBe(304)
  })

  test('unknown, private and deleted skins are a short plain-text 404, even to the owner', async () => {
    for (const id of ['0123456789abcdef0123456789abcdef', 'abcdef12', 'zzzzzzzz', secret.uuid, secret.shortId, gone.uuid]) {
      const response = await app.request(`/${id}`, { headers: { ...PROGRAMS.java, cookie: owner, authorization: `Bearer ${ownerKey}` } })
      expect(response.status, id).toBe(404)
      expect(response.headers.get('content-type'), id).toStartWith('text/plain')
      expect(await response.text(), id).toBe('Skin not found')
    }
  })

  test('a value of another length stays the 404 page', async () => {
    const response = await app.request('/abcdef123', { headers: PROGRAMS.java })
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found')
  })
})
