/**
 * The web app hands `/api/...` paths to the API with their trailing slash, in-process (Bun) and through
 * the remote backend (the Worker's `API_ORIGIN`), so `GET /api/v2/skins/?size=80` — the anchor front
 * end's gallery call — answers the latest list either way (as on MineSkin's server: docs/api.md
 * "Request forms and units"). The pages' own routes keep their trailing-slash redirect.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp } from '../../../test/support/web-app'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { remoteBackend } from './remote-backend'

let backend: TestApi
let origin: ReturnType<typeof Bun.serve>
const seen: string[] = []

beforeAll(async () => {
  backend = await startTestApi(2)
  // The API on its own origin, as a Worker deployment reaches it.
  origin = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      seen.push(url.pathname + url.search)
      return backend.api.fetch(request)
    },
  })
}, 60_000)
afterAll(async () => {
  origin?.stop(true)
  await backend?.dispose()
})

const webApps = () => ({
  inProcess: createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } }),
  worker: createTestApp({ api: remoteBackend(`http://127.0.0.1:${origin.port}`, { retryDelayMs: 1 }) }),
})

describe('API paths with a trailing slash through the web app', () => {
  test('GET /api/v2/skins/?size=80 is the latest list, in-process and through the remote backend', async () => {
    for (const [name, app] of Object.entries(webApps())) {
      seen.length = 0
      const slash = await app.request('/api/v2/skins/?size=80')
      const plain = await app.request('/api/v2/skins?size=80')
      expect({ name, status: slash.status }).toEqual({ name, status: 200 })
      const body = (await slash.json()) as { skins: unknown[] }
      expect(body.skins).toHaveLength(2)
      expect(body).toEqual((await plain.json()) as never)
      if (name === 'worker') expect(seen).toEqual(['/v2/skins/?size=80', '/v2/skins?size=80'])
    }
  })

  test('a skin and the stats answer with a trailing slash too', async () => {
    const { inProcess, worker } = webApps()
    const uuid = ((await (await inProcess.request('/api/v2/skins?size=1')).json()) as { skins: { uuid: string }[] }).skins[0]!.uuid
    for (const app of [inProcess, worker]) {
      const skin = await app.request(`/api/v2/skins/${uuid}/`)
      expect(skin.status).toBe(200)
      expect(((await skin.json()) as { skin: { uuid: string } }).skin.uuid).toBe(uuid)
      expect((await app.request('/api/v2/stats/')).status).toBe(200)
    }
  })

  test("the pages' own routes still redirect a trailing slash away", async () => {
    const { inProcess } = webApps()
    const r = await inProcess.request('/skins/')
    expect(r.status).toBe(301)
    expect(new URL(r.headers.get('location')!, 'http://skins.test').pathname).toBe('/skins')
  })
})
