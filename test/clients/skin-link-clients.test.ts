/**
 * Skin links and the PNG routes on the real Bun server, asked exactly as the clients that use them ask,
 * over a raw socket (test/support/raw-http.ts), so Bun's own framing of a HEAD is what is checked:
 *
 * - MineSkin's URL handler, which a plugin reaches by handing our link to a MineSkin API
 *   (api.mineskin.org `src/generator/v2/UrlHandler.ts` `followUrl`, then `V2UrlHandler.getImageBuffer`):
 *   a HEAD with `User-Agent: MineSkin/Url-Follow` and no redirects followed for a host outside its
 *   list; it refuses a non-image `Content-Type` and a `Content-Length` missing, under 100 or over its
 *   maximum. Then `Temp.downloadImage`: a GET with `User-Agent: MineSkin/Image-Downloader`. Both carry
 *   axios's headers with MineSkin's global defaults (`src/generator/Requests.ts`: `Accept` and
 *   `Content-Type` application/json).
 * - Java's `HttpURLConnection` with its default headers (what Bukkit plugins use).
 * - `curl -I`, and a browser's navigation (which gets the page).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { rawExchange, requestText, type RawAnswer } from '../support/raw-http'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { paintedSkinPng } from '../support/skin-files'

let server: RunningServer
let host = ''
let skin: { uuid: string; shortId: string; hash: string }

/** MineSkin's `MAX_IMAGE_SIZE` is at least the 20 000 bytes its v1 generator and its downloader cap to. */
const MINESKIN_MAX_BYTES = 20_000

/** axios (Node http adapter) as MineSkin's `IMAGE_FETCH` instance sends a request with `userAgent`. */
const mineskinAxios = (method: 'HEAD' | 'GET', path: string, userAgent: string) =>
  requestText(method, path, [
    ['Accept', 'application/json'],
    ['Content-Type', 'application/json'],
    ['User-Agent', userAgent],
    ['Accept-Encoding', 'gzip, compress, deflate, br'],
    ['Host', host],
    ['Connection', 'keep-alive'],
  ])

/** `java.net.HttpURLConnection` (JDK 17) with no header set by the plugin. */
const javaUrlConnection = (method: 'HEAD' | 'GET', path: string) =>
  requestText(method, path, [
    ['User-Agent', 'Java/17.0.2'],
    ['Host', host],
    ['Accept', 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2'],
    ['Connection', 'keep-alive'],
  ])

/** `curl -I` (curl 8). */
const curlHead = (path: string) => requestText('HEAD', path, [['Host', host], ['User-Agent', 'curl/8.5.0'], ['Accept', '*/*']])

/** Chromium opening a link in a tab. */
const chromiumNavigation = (path: string) =>
  requestText('GET', path, [
    ['Host', host],
    ['Connection', 'keep-alive'],
    ['Upgrade-Insecure-Requests', '1'],
    ['User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
    ['Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7'],
    ['Sec-Fetch-Site', 'none'],
    ['Sec-Fetch-Mode', 'navigate'],
    ['Sec-Fetch-User', '?1'],
    ['Sec-Fetch-Dest', 'document'],
    ['Accept-Encoding', 'gzip, deflate, br, zstd'],
    ['Accept-Language', 'en-US,en;q=0.9'],
  ])

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Every route that answers a PNG, with whether its bytes are the stored texture itself. */
const pngRoutes = (): [string, boolean][] => [
  [`/${skin.uuid}`, true],
  [`/${skin.shortId}`, true],
  [`/de/${skin.uuid}`, true],
  [`/textures/${skin.hash}`, true],
  [`/api/textures/${skin.hash}`, true],
  [`/api/v2/images/${skin.hash}`, true],
  [`/render/head/${skin.hash}`, false],
  [`/render/body/${skin.hash}?scale=4`, false],
]

beforeAll(async () => {
  server = await startBunServer()
  host = new URL(server.origin).host
  const form = new FormData()
  form.set('file', new File([paintedSkinPng(4711)], 'link.png', { type: 'image/png' }))
  form.set('name', 'Link Replay')
  const answer = (await (await fetch(`${server.origin}/api/v2/generate`, { method: 'POST', body: form, headers: { 'user-agent': 'SkinLinkTest/1.0' } })).json()) as {
    skin: { uuid: string; shortId: string; texture: { hash: { skin: string } } }
  }
  skin = { uuid: answer.skin.uuid, shortId: answer.skin.shortId, hash: answer.skin.texture.hash.skin }
}, 90_000)
afterAll(() => server?.stop())

/** The checks of MineSkin's `V2UrlHandler` on the HEAD answer. */
function mineskinAccepts(head: RawAnswer): string[] {
  const problems: string[] = []
  if (head.status !== 200) problems.push(`status ${head.status} (MineSkin follows no redirect for this host)`)
  if (!head.headers['content-type']?.startsWith('image/png')) problems.push(`content-type ${head.headers['content-type']}`)
  const size = Number(head.headers['content-length'])
  if (!size || size < 100 || size > MINESKIN_MAX_BYTES) problems.push(`content-length ${head.headers['content-length']}`)
  return problems
}

describe("MineSkin's URL handler: HEAD, then GET", () => {
  test('every PNG route passes its checks, and the GET brings as many bytes as the HEAD said', async () => {
    for (const [path, isTexture] of pngRoutes()) {
      const head = await rawExchange(server.origin, mineskinAxios('HEAD', path, 'MineSkin/Url-Follow'))
      expect(mineskinAccepts(head), path).toEqual([])
      expect(head.body.length, path).toBe(0)
      const get = await rawExchange(server.origin, mineskinAxios('GET', path, 'MineSkin/Image-Downloader'))
      expect(get.status, path).toBe(200)
      expect(get.headers['content-encoding'], path).toBeUndefined()
      expect(get.body.length, path).toBe(Number(head.headers['content-length']))
      if (isTexture) expect(sha256(get.body), path).toBe(skin.hash)
    }
  })
})

describe("Java's HttpURLConnection with its default headers", () => {
  test('gets the PNG, not the page, on GET and HEAD', async () => {
    for (const path of [`/${skin.uuid}`, `/${skin.shortId}`]) {
      const get = await rawExchange(server.origin, javaUrlConnection('GET', path))
      expect(get.status, path).toBe(200)
      expect(get.headers['content-type'], path).toBe('image/png')
      expect(sha256(get.body), path).toBe(skin.hash)
      const head = await rawExchange(server.origin, javaUrlConnection('HEAD', path))
      expect(head.headers['content-length'], path).toBe(String(get.body.length))
    }
  })
})

describe('curl -I and a browser', () => {
  test("curl -I on a skin link shows the PNG's length", async () => {
    const png = await rawExchange(server.origin, requestText('GET', `/textures/${skin.hash}`, [['Host', host]]))
    expect(sha256(png.body)).toBe(skin.hash)
    const head = await rawExchange(server.origin, curlHead(`/${skin.uuid}`))
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('image/png')
    expect(head.headers['content-length']).toBe(String(png.body.length))
  })

  test('HEAD of a compressed answer states the Content-Encoding and compressed length the GET gets', async () => {
    const ask = (method: 'HEAD' | 'GET') => requestText(method, '/api/openapi.json', [['Host', host], ['User-Agent', 'SkinLinkTest/1.0'], ['Accept-Encoding', 'br']])
    const get = await rawExchange(server.origin, ask('GET'))
    const head = await rawExchange(server.origin, ask('HEAD'))
    expect(get.headers['content-encoding']).toBe('br')
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-type']).toBe(get.headers['content-type']!)
    expect(head.headers['content-length']).toBe(String(get.body.length))
  })

  test("a browser's navigation gets the skin page", async () => {
    const answer = await rawExchange(server.origin, chromiumNavigation(`/${skin.uuid}`))
    expect(answer.status).toBe(302)
    expect(answer.headers.location).toBe(`/skins/${skin.uuid}`)
    expect(answer.headers.vary).toContain('Sec-Fetch-Dest')
  })
})
