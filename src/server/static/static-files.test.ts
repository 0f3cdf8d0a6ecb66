/**
 * The Bun static handler over a real directory prepared by the real build step (precompressDir):
 * codings by Accept-Encoding, headers, 304, HEAD, and — with a counting file system — that page
 * requests and unknown paths are answered from the index without a file-system call.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { precompressDir } from '../../islands/precompress'
import { RELIST_INTERVAL_MS, staticFiles, type StaticFilesOptions } from './static-files'
import { nodeIndexFs, type IndexFs } from './static-index'

let root: string
/** A chunk big and repetitive enough to compress well. */
const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`
const CSS = `.a { color: red; }\n`.repeat(200)

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ssg-static-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'assets/chunk-abc.js'), CHUNK)
  writeFileSync(join(root, 'assets/styles-1.css'), CSS)
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n')
  writeFileSync(join(root, '_headers'), '/assets/*\n')
  precompressDir(root, 0)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A counting file system over node:fs. */
function countingFs() {
  const calls: string[] = []
  const fs: IndexFs = {
    readdir: (dir) => (calls.push(`readdir ${dir}`), nodeIndexFs.readdir(dir)),
    stat: (path) => (calls.push(`stat ${path}`), nodeIndexFs.stat(path)),
  }
  return { fs, calls }
}

/** The handler in front of a page route, as in createApp. */
function appWith(options: Partial<StaticFilesOptions> = {}) {
  const statics = staticFiles({ root, ...options })
  const app = new Hono()
  app.use('*', statics.handler)
  app.all('*', (c) => c.text('page'))
  return { app, statics }
}

const get = (app: Hono, path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers })

describe('static files', () => {
  test('Brotli, gzip or the file itself by Accept-Encoding, each decoding to the file', async () => {
    const { app } = appWith()
    const br = await get(app, '/assets/chunk-abc.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = new Uint8Array(await br.arrayBuffer())
    expect(brBytes.length).toBe(Number(br.headers.get('content-length')))
    expect(brBytes.length).toBeLessThan(CHUNK.length / 4)
    expect(brotliDecompressSync(brBytes).toString()).toBe(CHUNK)

    const gz = await get(app, '/assets/chunk-abc.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(CHUNK)

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(app, '/assets/chunk-abc.js', accept ? { 'accept-encoding': accept } : {})
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(plain.headers.get('content-length')).toBe(String(CHUNK.length))
      expect(await plain.text()).toBe(CHUNK)
    }
    for (const response of [br, gz]) {
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
  })

  test('a file without copies has no Vary, and root files are cached an hour', async () => {
    const { app } = appWith()
    const response = await get(app, '/robots.txt', { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toBeNull()
    expect(response.headers.get('content-type')).toStartWith('text/plain')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await response.text()).toBe('User-agent: *\n')
  })

  test('HEAD sends the headers of the chosen coding and no body', async () => {
    const { app } = appWith()
    const head = await get(app, '/assets/styles-1.css', { 'accept-encoding': 'br' }, 'HEAD')
    const full = await get(app, '/assets/styles-1.css', { 'accept-encoding': 'br' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'))
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  test('ETag and Last-Modified answer 304; another coding is another tag', async () => {
    const { app } = appWith()
    const first = await get(app, '/assets/chunk-abc.js', { 'accept-encoding': 'br' })
    const etag = first.headers.get('etag')!
    const again = await get(app, '/assets/chunk-abc.js', { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('vary')).toBe('Accept-Encoding')
    expect((await get(app, '/assets/chunk-abc.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200)
    const since = first.headers.get('last-modified')!
    expect((await get(app, '/assets/chunk-abc.js', { 'if-modified-since': since })).status).toBe(304)
    expect((await get(app, '/assets/chunk-abc.js', { 'if-modified-since': new Date(Date.parse(since) - 60_000).toUTCString() })).status).toBe(200)
  })

  test('only listed files: config files, copies, traversal and other methods go on to the routes', async () => {
    const { app } = appWith()
    for (const path of ['/_headers', '/.assetsignore', '/assets/chunk-abc.js.br', '/assets/chunk-abc.js.gz', '/assets%2f..%2frobots.txt', '/robots.txt%00', '/assets']) {
      expect(await (await get(app, path)).text(), path).toBe('page')
    }
    expect(await (await get(app, '/robots.txt', {}, 'POST')).text()).toBe('page')
  })

  test('pages and unknown paths cost no file-system call; /assets/ misses re-list at most once a minute', async () => {
    const { fs, calls } = countingFs()
    let clock = 1_000_000
    const { app, statics } = appWith({ fs, now: () => clock })
    expect(calls.length).toBeGreaterThan(0) // the one listing at start
    calls.length = 0
    for (const path of ['/', '/skins', '/de/skins/abc', '/favicon.ico', '/robots.txt', '/assets/chunk-abc.js']) await get(app, path)
    expect(calls).toEqual([])
    expect(statics.has('/assets/chunk-abc.js')).toBe(true)
    expect(statics.has('/skins')).toBe(false)

    // A build that lands after the listing: its new chunk is found by one re-listing, not per request.
    await get(app, '/assets/missing-1.js')
    expect(calls).toEqual([])
    clock += RELIST_INTERVAL_MS
    writeFileSync(join(root, 'assets/chunk-new.js'), CHUNK)
    expect(await (await get(app, '/assets/chunk-new.js')).text()).toBe(CHUNK)
    expect(calls.filter((c) => c.startsWith('readdir')).length).toBe(2) // root and assets, once
    calls.length = 0
    for (let i = 0; i < 5; i++) await get(app, `/assets/missing-${i}.js`)
    expect(calls).toEqual([])
    rmSync(join(root, 'assets/chunk-new.js'))
  })

  test('development re-lists every /assets/ miss and re-reads a file that changed', async () => {
    const { fs, calls } = countingFs()
    const { app } = appWith({ fs, dev: true })
    calls.length = 0
    await get(app, '/skins')
    expect(calls).toEqual([])
    await get(app, '/assets/missing.js')
    expect(calls.some((c) => c.startsWith('readdir'))).toBe(true)

    writeFileSync(join(root, 'robots.txt'), 'User-agent: *\nDisallow: /x\n')
    const response = await get(app, '/robots.txt')
    expect(response.headers.get('content-length')).toBe('27')
    expect(await response.text()).toBe('User-agent: *\nDisallow: /x\n')
    writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n')
  })

  test('a copy older than its file is never sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-static-stale-'))
    try {
      writeFileSync(join(dir, 'data.json'), JSON.stringify({ list: Array.from({ length: 300 }, () => 'same') }))
      precompressDir(dir, 0)
      // The file is rewritten later (a copied static file changed) and its copies were not.
      const later = new Date(Date.now() + 10_000)
      writeFileSync(join(dir, 'data.json'), JSON.stringify({ list: Array.from({ length: 300 }, () => 'new!') }))
      utimesSync(join(dir, 'data.json'), later, later)
      const app = new Hono().use('*', staticFiles({ root: dir }).handler)
      const response = await app.request('/data.json', { headers: { 'accept-encoding': 'br, gzip' } })
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(await response.text()).toContain('new!')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
