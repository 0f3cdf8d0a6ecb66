/**
 * The web Worker reaches the API Worker over a service binding, and renders the gallery and a skin page
 * from what the API Worker answers over it. One
 * `wrangler dev -c wrangler.toml -c <API Worker config> --env stack` session runs both Workers; the API
 * Worker is the stand-in in fixtures/ until the D1 one exists. No API_ORIGIN is set anywhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startWranglerDev, type WranglerDev } from './wrangler-dev'

let worker: WranglerDev

beforeAll(async () => {
  worker = await startWranglerDev(['-c', 'wrangler.toml', '-c', 'test/worker/fixtures/api-stand-in.toml', '--env', 'stack'])
}, 150_000)
afterAll(() => worker?.stop())

const get = (path: string) => fetch(worker.origin + path, { redirect: 'manual' })

describe('web Worker + API Worker over the API service binding', () => {
  test('the gallery lists the API Worker\'s skins', async () => {
    const response = await get('/skins')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Binding Alpha')
    expect(html).toContain('Binding Beta')
  })

  test('a skin page renders from the API Worker, in another language too', async () => {
    for (const path of ['/skins/11111111111111111111111111111111', '/de/skins/22222222222222222222222222222222']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toContain(path.includes('/de/') ? 'Binding Beta' : 'Binding Alpha')
    }
  })

  test('an id the API Worker does not know is the 404 page', async () => {
    expect((await get('/skins/33333333333333333333333333333333')).status).toBe(404)
  })

  test('/api/* goes over the binding, answered by the API Worker itself', async () => {
    const response = await get('/api/v2/skins?size=2')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-stand-in')).toBe('api')
    expect(await response.json()).toMatchObject({ success: true, skins: [{ name: 'Binding Alpha' }, { name: 'Binding Beta' }] })
  })

  test('no API origin was needed: the Worker never reported a missing API', () => {
    expect(worker.output()).not.toContain('This Worker has no API configured')
  })
})
