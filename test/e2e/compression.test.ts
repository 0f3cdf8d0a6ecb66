/**
 * Compressed transfers on the real Bun server: every script, stylesheet and sprite of the manifest
 * in Brotli or gzip by Accept-Encoding and plain without, each decoding to the built file; pages and
 * API JSON compressed on the fly with the security headers (CSP nonce included) intact.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { clientManifestSchema, type ClientManifest } from '../../src/shared/client-manifest'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { executableScriptTags } from '../support/script-tags'

const DIST = join(import.meta.dir, '../../dist/client')

let server: RunningServer
let manifest: ClientManifest
let skin: string

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: '6' })
  manifest = clientManifestSchema.parse(JSON.parse(readFileSync(join(DIST, 'manifest.json'), 'utf8')))
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins: { uuid: string }[] }
  skin = list.skins[0]!.uuid
}, 60_000)
afterAll(() => server?.stop())

/** GET as the client sends it, the body left encoded (fetch would decode it otherwise). */
async function raw(path: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.origin + path, { headers: { 'accept-encoding': acceptEncoding, ...headers }, decompress: false, redirect: 'manual' })
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/** The body decoded by its Content-Encoding. */
function decoded(response: Response, bytes: Uint8Array): Buffer {
  const coding = response.headers.get('content-encoding')
  if (coding === 'br') return brotliDecompressSync(bytes)
  if (coding === 'gzip') return gunzipSync(bytes)
  expect(coding).toBeNull()
  return Buffer.from(bytes)
}

/** Every script, stylesheet and sprite a page of the manifest may load. */
const assetPaths = () => [...new Set([manifest.client, ...manifest.clientImports, ...Object.values(manifest.islands).flatMap((i) => [i.file, ...i.imports]), manifest.css, manifest.icons, ...(manifest.adminCss ? [manifest.adminCss] : [])])]

describe('static assets', () => {
  test('every asset: Brotli for "br, gzip", gzip for "gzip", plain for identity; each decodes to the built file', async () => {
    const paths = assetPaths()
    expect(paths.length).toBeGreaterThan(5)
    for (const path of paths) {
      const file = readFileSync(join(DIST, path))
      for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
        const { response, bytes } = await raw(path, accept)
        const label = `${path} (${accept})`
        expect(response.status, label).toBe(200)
        // Tiny chunks whose copies would not be smaller are sent as they are.
        const expected = file.length > 1024 ? coding : response.headers.get('content-encoding')
        expect(response.headers.get('content-encoding'), label).toBe(expected)
        if (expected) expect(response.headers.get('vary'), label).toBe('Accept-Encoding')
        expect(Number(response.headers.get('content-length')), label).toBe(bytes.length)
        expect(response.headers.get('cache-control'), label).toBe('public, max-age=31536000, immutable')
        expect(response.headers.get('content-type'), label).toMatch(path.endsWith('.js') ? /^text\/javascript/ : path.endsWith('.css') ? /^text\/css/ : /^image\/svg\+xml/)
        expect(response.headers.get('x-content-type-options'), label).toBe('nosniff')
        expect(decoded(response, bytes).equals(file), label).toBe(true)
      }
    }
  })

  test('the stylesheet is at least 3× smaller in Brotli, and a revalidation is a 304', async () => {
    const { response, bytes } = await raw(manifest.css, 'br')
    expect(bytes.length * 3).toBeLessThan(readFileSync(join(DIST, manifest.css)).length)
    const again = await raw(manifest.css, 'br', { 'if-none-match': response.headers.get('etag')! })
    expect(again.response.status).toBe(304)
    expect(again.bytes.length).toBe(0)
  })
})

describe('pages and JSON', () => {
  test('pages are compressed with their security headers and a CSP nonce that matches their scripts', async () => {
    for (const path of ['/', '/skins', '/de/skins', `/skins/${skin}`, '/no/such/page']) {
      for (const [accept, coding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
        const { response, bytes } = await raw(path, accept)
        const label = `${path} (${accept})`
        expect(response.status, label).toBe(path === '/no/such/page' ? 404 : 200)
        expect(response.headers.get('content-encoding'), label).toBe(coding)
        expect(response.headers.get('vary'), label).toContain('Accept-Encoding')
        expect(response.headers.get('x-frame-options'), label).toBe('DENY')
        expect(response.headers.get('x-content-type-options'), label).toBe('nosniff')
        const html = decoded(response, bytes).toString()
        expect(html, label).toStartWith('<!DOCTYPE html>')
        expect(bytes.length * 3, label).toBeLessThan(html.length)
        const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
        expect(nonce, label).toBeTruthy()
        for (const tag of executableScriptTags(html)) expect(tag, label).toContain(`nonce="${nonce}"`)
      }
    }
  })

  test('a client without a coding gets the plain page, marked as varying', async () => {
    const { response, bytes } = await raw('/skins', 'identity')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
    expect(Buffer.from(bytes).toString()).toStartWith('<!DOCTYPE html>')
  })

  test('API JSON is compressed', async () => {
    for (const [accept, coding] of [['br', 'br'], ['gzip', 'gzip']] as const) {
      const { response, bytes } = await raw('/api/v2/skins?size=6', accept)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toStartWith('application/json')
      expect(response.headers.get('content-encoding')).toBe(coding)
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      const body = JSON.parse(decoded(response, bytes).toString()) as { skins: unknown[] }
      expect(body.skins.length).toBe(6)
    }
  })
})
