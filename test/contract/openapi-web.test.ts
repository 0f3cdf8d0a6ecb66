import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { OPERATIONS } from '../../src/shared/openapi/paths'
import { startTestApi, type TestApi } from '../support/embedded-api'
import { createTestApp } from '../support/web-app'

/** The document and the reference page through the web app. */
describe('/api/openapi.json and /api-reference on the site', () => {
  let backend: TestApi
  let app: ReturnType<typeof createTestApp>
  beforeAll(async () => {
    backend = await startTestApi(0)
    app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  }, 60_000)
  afterAll(() => backend?.dispose())

  test('/api/openapi.json is served as JSON: OpenAPI 3.1 with every operation, server /api', async () => {
    const res = await app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('application/json')
    const doc = (await res.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, { operationId: string }>> }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.servers).toEqual([{ url: '/api' }])
    const ids = Object.values(doc.paths).flatMap((m) => Object.values(m).map((o) => o.operationId))
    expect(ids.sort()).toEqual(OPERATIONS.map((o) => o.id).sort())
    expect(doc.paths['/v2/queue/batch']?.post).toBeDefined()
  })

  for (const [locale, path, title, differences] of [
    ['en', '/api-reference', 'API reference', 'Differences from MineSkin'],
    ['de', '/de/api-reference', 'API-Referenz', 'Unterschiede zu MineSkin'],
  ] as const) {
    test(`${locale}: /api-reference lists every endpoint, links the document, and stays small and CSP-clean`, async () => {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain(`<html lang="${locale}"`)
      expect(html).toContain(`<h1>${title}</h1>`)
      expect(html).toContain('href="/api/openapi.json"')
      for (const op of OPERATIONS) expect(html).toContain(`id="${op.id}"`)
      expect(html).toContain('<code>/v2/skins/{id}</code>')
      // The detail (parameters, answers, error codes) lives on each endpoint's own page.
      expect(html).toContain(`href="${path}/skinGet"`)
      // The differences from MineSkin kept on purpose, translated, code spans as <code>.
      expect(html).toContain(`<h2 class="card__title" id="api-ref-differences">${differences}</h2>`)
      expect(html).toContain('<code>invalid_authorization</code>')
      expect(html).toContain('<code>GET /v2/me/apikey</code>')
      // CSP (docs/operations.md "Security headers"): no inline styles, and every executable script
      // carries the nonce of the header (`x-island/props` blocks are data the browser never runs).
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeDefined()
      expect(html).not.toContain(' style="')
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="x-island/props"'))
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html.length).toBeLessThan(30 * 1024)
      // The footer's "API reference" points here, in the page's language.
      expect(html).toMatch(new RegExp(`<a href="${path}">[^<]+</a>`))
    })
  }
})
