import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createRenderRoutes, type RenderOptions } from './routes'
import { syntheticSkinPng } from './testing/synthetic-skin'

const LOCAL = 'aa'.repeat(32)
const skinPng = syntheticSkinPng()

/**
 * A stand-in image host: every path is a skin PNG. While `hold` is set, answers wait for it, so the
 * test can see how many fetches run at once.
 */
let server: ReturnType<typeof Bun.serve>
let host: string
let hits = 0
let active = 0
let maxActive = 0
let hold: Promise<void> | null = null
let onActive: ((n: number) => void) | null = null
beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch() {
      hits++
      active++
      maxActive = Math.max(maxActive, active)
      onActive?.(active)
      if (hold) await hold
      active--
      return new Response(skinPng as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'image/png' } })
    },
  })
  host = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

function setup(overrides: Partial<RenderOptions> = {}) {
  return createRenderRoutes({
    loadTextureByHash: async (hash) => (hash === LOCAL ? skinPng : null),
    fetchTexture: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
    textureHost: `${host}/texture/`,
    ...overrides,
  })
}

const render = (app: ReturnType<typeof setup>, path: string, ip = '203.0.113.7') =>
  app.request(`/render?url=${encodeURIComponent(`${host}${path}`)}`, { headers: { 'x-forwarded-for': ip } })

async function codeOf(res: Response): Promise<string> {
  const body = (await res.json()) as { errors: { code: string }[] }
  return body.errors[0]?.code ?? ''
}

describe('render fetch rate limit', () => {
  test('each client gets perMinute URL renders with X-RateLimit-* headers, then 429 with Retry-After until the next minute', async () => {
    // 15 s into a clock minute: the window resets in 45 s.
    let now = Date.UTC(2026, 0, 1, 12, 0, 15)
    const app = setup({ fetchLimits: { perMinute: 3, now: () => now } })
    const before = hits
    for (const remaining of [2, 1, 0]) {
      const res = await render(app, `/skin-${remaining}.png`)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-ratelimit-limit')).toBe('3')
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(remaining))
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 0, 1, 12, 1) / 1000))
    }
    const refused = await render(app, '/skin-4.png')
    expect(refused.status).toBe(429)
    expect(await codeOf(refused)).toBe('rate_limit')
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    // The refused render made no outbound fetch.
    expect(hits - before).toBe(3)

    // Another client has its own quota; renders from the blob store need no fetch and stay free.
    expect((await render(app, '/other.png', '198.51.100.2')).status).toBe(200)
    const local = await app.request(`/render/head/${LOCAL}`, { headers: { 'x-forwarded-for': '203.0.113.7' } })
    expect(local.status).toBe(200)
    expect(local.headers.get('x-ratelimit-limit')).toBeNull()

    now += 45_000
    expect((await render(app, '/skin-5.png')).status).toBe(200)
  })
})

describe('render fetch concurrency cap', () => {
  test('at most `concurrency` fetches run at once; `queue` more wait; beyond that 503 render_busy with Retry-After', async () => {
    const app = setup({ fetchLimits: { concurrency: 2, queue: 1 } })
    let release!: () => void
    hold = new Promise<void>((resolve) => (release = resolve))
    const twoRunning = new Promise<void>((resolve) => (onActive = (n) => n === 2 && resolve()))
    maxActive = 0
    const held = [1, 2, 3].map((i) => render(app, `/held-${i}.png`, `192.0.2.${i}`))
    await twoRunning
    const busy = await render(app, '/held-4.png', '192.0.2.4')
    expect(busy.status).toBe(503)
    expect(await codeOf(busy)).toBe('render_busy')
    expect(busy.headers.get('retry-after')).toBe('1')

    hold = null
    release()
    const done = await Promise.all(held)
    expect(done.map((r) => r.status)).toEqual([200, 200, 200])
    expect(maxActive).toBe(2)
    onActive = null
  })
})
