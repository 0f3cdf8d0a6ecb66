import { describe, expect, test } from 'bun:test'
import { OPERATIONS } from '../../src/shared/openapi/paths'
import { executableScriptTags } from '../support/script-tags'
import { createTestApp } from '../support/web-app'

/**
 * The API reference through the web app (docs/api.md "API reference and OpenAPI"): the index links
 * every endpoint to its own page; each page shows the endpoint in full, stays under the 30 KB page
 * budget and keeps the CSP rules of docs/operations.md "Security headers" (every executable script
 * carries the header's nonce, no inline style).
 */
describe('/api-reference/{operationId}', () => {
  // The reference pages read only the OpenAPI document; no API backend is needed.
  const app = createTestApp()

  const get = async (path: string) => {
    const res = await app.request(path)
    const html = await res.text()
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    return { res, html, nonce }
  }

  const expectCspClean = (html: string, nonce: string | undefined) => {
    expect(nonce).toBeDefined()
    expect(html).not.toContain(' style="')
    for (const tag of executableScriptTags(html)) expect(tag).toContain(`nonce="${nonce}"`)
  }

  test('the index links every endpoint to its page and stays under 30 KB', async () => {
    const { res, html, nonce } = await get('/api-reference')
    expect(res.status).toBe(200)
    for (const op of OPERATIONS) expect(html).toContain(`href="/api-reference/${op.id}"`)
    expect(html.length).toBeLessThan(30 * 1024)
    expectCspClean(html, nonce)
    // In bytes, in the languages with the longest pages (Devanagari and Cyrillic take 2–3 bytes a letter).
    for (const prefix of ['/hi', '/ru']) {
      const bytes = new TextEncoder().encode((await get(`${prefix}/api-reference`)).html).byteLength
      expect(bytes, prefix).toBeLessThanOrEqual(30 * 1024)
    }
  })

  test('every operation has its own page: 200, method and path, under 30 KB, CSP-clean, links back', async () => {
    for (const op of OPERATIONS) {
      const { res, html, nonce } = await get(`/api-reference/${op.id}`)
      expect(res.status, op.id).toBe(200)
      // React escapes nothing in `/v2/skins/{id}`; the path appears as written in the document.
      expect(html, op.id).toContain(`<code>${op.path}</code>`)
      expect(html, op.id).toContain(`>${op.method.toUpperCase()}</span>`)
      expect(html, op.id).toContain('href="/api-reference"')
      expect(html, op.id).toContain('href="/api/openapi.json"')
      expect(html, op.id).toContain(`curl -X ${op.method.toUpperCase()} &#x27;http://skins.test/api`)
      expect(html.length, op.id).toBeLessThan(30 * 1024)
      expectCspClean(html, nonce)
    }
  })

  test('the batch page names the grant, the `batch` body field, its answers, error codes and headers', async () => {
    const { html } = await get('/api-reference/queueBatch')
    expect(html).toMatch(/Required grants: <code>batch_generation<\/code>/)
    expect(html).toContain('<h3><code>application/json</code></h3>')
    expect(html).toContain('id="schema-QueueBatchRequest"')
    // The request field table: `batch`, an array of generate bodies, required, 1–24 items.
    expect(html).toMatch(/<td><code>batch<\/code><\/td><td><code>array&lt;GenerateJsonBody&gt;<\/code><\/td><td>required<\/td><td>1–24 items<\/td>/)
    expect(html).toMatch(/id="response-202"[^]*One result per item, in request order\./)
    expect(html).toMatch(/id="response-403"[^]*<code>insufficient_grants<\/code>/)
    expect(html).toMatch(/id="response-429"[^]*<code>rate_limit<\/code>/)
    expect(html).toContain('<code id="header-X-RateLimit-Remaining">X-RateLimit-Remaining</code>')
    expect(html).toContain('<code id="header-Retry-After">Retry-After</code>')
    // Backtick spans of the description are <code>, never raw markup.
    expect(html).toContain('answer <code>batch[i]</code> is the result')
  })

  test('a page with path and query parameters lists them in a table and in the curl call', async () => {
    const { html } = await get('/api-reference/skinsLatest')
    expect(html).toMatch(/<td><code>size<\/code><\/td><td>query<\/td><td>optional<\/td>/)
    const one = await get('/api-reference/skinGet')
    expect(one.html).toMatch(/<td><code>id<\/code><\/td><td>path<\/td><td>required<\/td>/)
    expect(one.html).toContain('/api/v2/skins/&lt;id&gt;')
  })

  test('German page: German chrome, English endpoint text, links in German', async () => {
    const { res, html, nonce } = await get('/de/api-reference/queueBatch')
    expect(res.status).toBe(200)
    expect(html).toContain('<html lang="de"')
    expect(html).toContain('<a href="/de/api-reference">← Alle Endpunkte</a>')
    expect(html).toContain('>Authentifizierung</h2>')
    expect(html).toContain('Benötigte Berechtigungen (Grants): <code>batch_generation</code>')
    expect(html).toContain('Queue 1–24 url, user or value + signature items at once')
    expectCspClean(html, nonce)
    expect((await get('/de/api-reference')).html).toContain('href="/de/api-reference/queueBatch"')
  })

  test('an unknown operationId is the normal 404 page, in every language', async () => {
    for (const path of ['/api-reference/noSuchOperation', '/de/api-reference/noSuchOperation', '/api-reference/toString']) {
      const { res, html } = await get(path)
      expect(res.status, path).toBe(404)
      expect(html, path).toContain('class="error-page')
    }
  })
})
