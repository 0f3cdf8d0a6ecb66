/**
 * Hostile paths get a 4xx from the real Bun server, never a 500 (a `%00` in any path, or a
 * path of thousands of characters, made the static-file lookup throw). The pages, the API and the
 * static files answer them as the not-found or bad input they are.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: '0' })
}, 60_000)

afterAll(() => server?.stop())

const status = async (path: string) => (await fetch(server.origin + path)).status

describe('bad paths', () => {
  test('a NUL byte anywhere in the path is a 4xx, on pages, the API and assets', async () => {
    for (const path of ['/%00', '/skins/%00', '/de/skins/%00', '/assets/x%00.js', '/api/v2/skins/%00', '/accounts/%00']) {
      const code = await status(path)
      expect(code, path).toBeGreaterThanOrEqual(400)
      expect(code, path).toBeLessThan(500)
    }
  })

  test('a path of 5000 characters is a 404, not a 500', async () => {
    const long = 'a'.repeat(5000)
    for (const path of [`/${long}`, `/api/${long}`, `/assets/${long}.js`]) expect(await status(path), path.slice(0, 12)).toBe(404)
  })

  test('real static files are still served', async () => {
    expect(await status('/favicon.svg')).toBe(200)
    expect(await status('/robots.txt')).toBe(200)
  })
})
