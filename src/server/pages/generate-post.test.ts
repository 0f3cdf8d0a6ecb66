/**
 * The generate flow without JavaScript, through `app.request` against the real
 * embedded API: the plain form post queues as the visitor and answers 303 to the job page, which
 * refreshes itself until the job ends and then goes to the skin page (or lists the errors); refused
 * posts show the home page again with the reasons and the values that were sent.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../api/image/fixtures'
import { ApiError } from '../../api/errors'
import { startTestApi, storeOlderBlobs, testSigner, type TestApi } from '../../api/testing/api-harness'
import type { Signer } from '../../api/signing/signer/types'
import { createTestApp } from '../../../test/support/web-app'

let t: TestApi
afterEach(() => t?.close())

async function setUp(options: { env?: Record<string, string>; noStart?: boolean; signer?: Signer } = {}) {
  t = await startTestApi({ env: options.env, noStart: options.noStart, deps: options.signer ? { signer: options.signer } : undefined })
  return createTestApp({ api: { fetch: t.api.fetch, inProcess: true } })
}

const form = (fields: Record<string, string | Blob>, fileName = 'steve.png') => {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) body.append(key, value, fileName)
    else body.append(key, value)
  }
  return body
}
const png = (seed: number) => new Blob([makeSkinPng(seed)], { type: 'image/png' })
// What a browser sends for the three ways: the file input (empty when unused) and both text fields.
const plain = (fields: Record<string, string | Blob>) => form({ file: new Blob([]), url: '', user: '', name: '', visibility: 'public', variant: 'unknown', ...fields })
const post = (app: Awaited<ReturnType<typeof setUp>>, path: string, body: FormData, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers: { origin: 'http://skins.test', ...headers } })

describe('POST /generate (no JavaScript)', () => {
  test('one upload: 303 to the job page, which refreshes every second, then 303 to the skin page', async () => {
    const app = await setUp({ noStart: true })
    const res = await post(app, '/generate', plain({ file: png(1), name: 'Plain Form' }))
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location).toMatch(/^\/jobs\/[0-9a-f]{24}$/)
    // The API's anonymous client cookie reaches the browser: it owns the new skin.
    expect(res.headers.get('set-cookie')).toMatch(/^ssg_client=[0-9a-f]{24};/)

    const waiting = await app.request(location)
    expect(waiting.status).toBe(200)
    const html = await waiting.text()
    expect(html).toContain('<meta http-equiv="refresh" content="1"/>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('Your skin is waiting in the queue.')
    expect(waiting.headers.get('cache-control')).toBe('no-store')

    await t.api.start()
    await t.api.idle()
    const done = await app.request(location)
    expect(done.status).toBe(303)
    const skinUrl = done.headers.get('location')!
    expect(skinUrl).toMatch(/^\/skins\/[0-9a-f]{32}$/)
    expect(await (await app.request(skinUrl)).text()).toContain('Plain Form')
  })

  test('keeps the language: /de/generate leads to /de/jobs/… and a known skin straight to /de/skins/…', async () => {
    const app = await setUp()
    const first = await post(app, '/de/generate', plain({ file: png(2) }))
    expect(first.headers.get('location')).toMatch(/^\/de\/jobs\/[0-9a-f]{24}$/)
    await t.api.idle()
    const again = await post(app, '/de/generate', plain({ file: png(2) }))
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toMatch(/^\/de\/skins\/[0-9a-f]{32}$/)
  })

  test('a failed job lists its error messages and offers to try again', async () => {
    const failing: Signer = {
      kind: 'local',
      sign: async () => {
        throw new ApiError('skin_change_failed', 'The signer is out of order', 500, 'SERVER')
      },
      publicKeyPem: async () => (await testSigner()).publicKeyPem(),
    }
    const app = await setUp({ signer: failing })
    const res = await post(app, '/generate', plain({ file: png(3) }))
    await t.api.idle()
    const page = await app.request(res.headers.get('location')!)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('The job failed.')
    expect(html).toContain('The signer is out of order')
    expect(html).toContain('Try again')
    expect(html).not.toContain('http-equiv="refresh"')
  })

  test('nothing, or more than one way, is refused with the form filled in again', async () => {
    const app = await setUp()
    const empty = await post(app, '/generate', plain({ name: 'Kept' }))
    expect(empty.status).toBe(400)
    const emptyHtml = await empty.text()
    expect(emptyHtml).toContain('Add a skin file, an image URL or a player first.')
    expect(emptyHtml).toMatch(/name="name" value="Kept"/)
    const both = await post(app, '/generate', plain({ url: 'https://example.org/a.png', user: 'Notch' }))
    expect(both.status).toBe(400)
    const bothHtml = await both.text()
    expect(bothHtml).toContain('Fill in only one of the three')
    expect(bothHtml).toContain('value="https://example.org/a.png"')
  })

  test('what the API refuses comes back with the API’s message, in the visitor’s language around it', async () => {
    const app = await setUp()
    const res = await post(app, '/de/generate', plain({ url: 'http://127.0.0.1/skin.png' }))
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('lang="de"')
    expect(html).toContain('loopback')
    expect(html).toContain('value="http://127.0.0.1/skin.png"')
    const notPng = await post(app, '/generate', plain({ file: new Blob(['not an image']) }))
    expect(notPng.status).toBe(400)
    expect(await notPng.text()).toContain('notice--error')
  })

  test('values named like Object.prototype members come back as text, not as a 500', async () => {
    const app = await setUp()
    for (const value of ['__proto__', 'constructor', 'toString']) {
      for (const field of ['url', 'user'] as const) {
        const res = await post(app, '/generate', plain({ [field]: value }))
        // A URL that is no URL is refused here; a player name is asked of Mojang, unreachable in this test (502).
        expect(res.status, `${field}=${value}`).toBe(field === 'url' ? 400 : 502)
        expect(await res.text()).toContain(`value="${value}"`)
      }
    }
  })

  test('over the rate limit: 429 with Retry-After and when to try again', async () => {
    const app = await setUp({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1' } })
    expect((await post(app, '/generate', plain({ file: png(4) }))).status).toBe(303)
    const res = await post(app, '/generate', plain({ file: png(5) }))
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.text()).toMatch(/you can generate again in \d+ s/)
  })

  test('a used-up storage quota or a full instance: the reason in the visitor’s language and the API’s status, not a retry countdown', async () => {
    const app = await setUp({ env: { LIMIT_ANONYMOUS_STORAGE_PER_DAY: '16' } })
    expect((await post(app, '/generate', plain({ file: png(7) }))).status).toBe(303)
    const quota = await post(app, '/generate', plain({ file: png(8) }))
    expect(quota.status).toBe(429)
    expect(quota.headers.get('retry-after')).toBe(String(12 * 3600))
    const html = await quota.text()
    expect(html).toContain('Today&#x27;s limit for new images is reached.')
    expect(html).not.toContain('<li>Too many requests')
    expect(await (await post(app, '/de/generate', plain({ file: png(10) }))).text()).toContain('Das heutige Limit für neue Bilder ist erreicht.')
    await t.close()
    const full = await setUp({ env: { STORAGE_BUDGET_MB: '1' }, noStart: true })
    storeOlderBlobs(t.dir, 1024 * 1024)
    const res = await post(full, '/generate', plain({ file: png(9) }))
    expect(res.status).toBe(507)
    expect(await res.text()).toContain('This site&#x27;s storage is full')
  })

  test('posts from another site are refused (the visitor’s cookies would go along)', async () => {
    const app = await setUp()
    expect((await post(app, '/generate', plain({ file: png(6) }), { origin: 'https://evil.example' })).status).toBe(403)
    expect((await post(app, '/generate', plain({ file: png(6) }), { origin: 'http://skins.test', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post(app, '/generate', plain({ file: png(6) }), { origin: 'null' })).status).toBe(403)
  })

  test('a body over 64 KiB is refused without reading it all', async () => {
    const app = await setUp()
    const res = await post(app, '/generate', plain({ file: new Blob([new Uint8Array(200_000)]) }))
    expect(res.status).toBe(413)
  })

  test('job pages: unknown or malformed ids are 404', async () => {
    const app = await setUp()
    expect((await app.request('/jobs/0123456789abcdef01234567')).status).toBe(404)
    expect((await app.request('/jobs/not-a-job')).status).toBe(404)
  })
})
