/**
 * Fuzzing the web app's routes over the real embedded API: random paths
 * (%00, very long, unicode, `..`, double slashes, language prefixes, skin ids), page queries
 * (after/before/size/search/command/page, export choices) and the no-JavaScript generate form post.
 * Properties: never a 5xx, a page or error page answers HTML, and one request logs at most one line.
 * Cases per property: bounded here, thousands under `bun run bench fuzz` (FUZZ_RUNS).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { LOCALE_CODES } from '../../src/shared/locales'
import { hasSkinIdLength } from '../../src/shared/skin-id'
import { paintedSkinPng } from '../support/skin-files'
import { idLike, localUrl, nastyString, queryString, urlPart } from './arbitraries'
import { mutatedPng } from './png-arbitraries'
import { checkAsync, fuzzTimeout } from './runs'
import { captureLogs, startFuzzWeb, type FuzzWeb } from './web-harness'

let web: FuzzWeb

beforeAll(async () => {
  web = await startFuzzWeb()
}, 60_000)
afterAll(() => web?.close())

const PAGE_WORDS = ['skins', 'popular', 'random', 'latest', 'my-skins', 'account', 'apikey', 'cape-ad', 'export', 'download', 'privacy', 'jobs', 'generate', 'bulk', 'stats', 'locale', 'gallery', 'assets', 'favicon.svg', 'robots.txt', 'editor'] as const
const QUERY_KEYS = ['after', 'before', 'size', 'search', 'filter', 'command', 'page', 'source', 'format', 'ids', 'pick', 'more', 'lang', 'theme', 'skin', 'player', 'url'] as const

const skinIds = () => fc.constantFrom(...web.skins.flatMap((s) => [s.uuid, s.shortId]))
const prefix = fc.constantFrom('', '', ...LOCALE_CODES.map((l) => `/${l}`), '/xx', '/DE', '/de/de')

/**
 * Sends a request to the web app and checks the properties. Paths under the backends (/api, /textures,
 * /render, /accounts) are the API's and the renderer's business; they are left out of the HTML check.
 */
async function expectCleanPage(req: Request, label: string, opts: { html?: boolean } = {}) {
  const { result: res, lines } = await captureLogs(async () => {
    const res = await web.app.request(req)
    await res.clone().arrayBuffer()
    return res
  })
  const text = await res.text()
  if (res.status >= 500) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}\n${lines.join('\n')}`)
  // Bad input is logged at most once per request, in one line.
  expect(lines.length, `${label}: logged ${lines.length} lines:\n${lines.join('\n').slice(0, 1000)}`).toBeLessThanOrEqual(1)
  for (const line of lines) expect(line.includes('\n'), `${label}: multi-line log ${line.slice(0, 500)}`).toBe(false)
  const type = res.headers.get('content-type') ?? ''
  if ((opts.html ?? true) && (res.status === 200 || (res.status >= 400 && res.status < 500))) {
    expect(type, `${label}: ${res.status} answered ${type}`).toContain('text/html')
    expect(text, label).toContain('<html')
  }
  return { res, text }
}

const isBackendPath = (path: string) => /^\/(api|textures|render|accounts)(\/|$|\?)/.test(path)
/** What a browser sends: pages and error pages answer it HTML. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
/** `/{value}` or `/{locale}/{value}` of a skin id's length: a program gets the PNG or a plain-text 404. */
const isSkinLink = (pathname: string) => {
  const segments = pathname.split('/').filter(Boolean)
  const last = segments.at(-1) ?? ''
  let value = last
  try {
    value = decodeURIComponent(last).trim()
  } catch {
    return false
  }
  const prefixed = segments.length === 2 && (LOCALE_CODES as readonly string[]).includes(segments[0]!)
  return (segments.length === 1 || prefixed) && hasSkinIdLength(value)
}

describe('fuzz: web routes', () => {
  test('the harness serves static files like the Bun server, so the fuzzer reaches their lookup', async () => {
    const svg = await web.app.request('/favicon.svg')
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-type')).toContain('image/svg')
  })

  test(
    'random paths with language prefixes, skin ids, encodings and traversal never give a 5xx',
    async () => {
      const segment = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...PAGE_WORDS) },
        { weight: 2, arbitrary: urlPart },
        { weight: 1, arbitrary: skinIds() },
        { weight: 1, arbitrary: idLike },
        { weight: 1, arbitrary: fc.constantFrom('%00', '..', '.', '', '%2e%2e', '%2F', 'a'.repeat(5000), '%C3%A4', '%F0%9F%92%A5', '%ED%A0%80', '%FF') },
      )
      await checkAsync(300, prefix, fc.array(segment, { maxLength: 5 }), fc.constantFrom('/', '//', '/./', '/../'), queryString(QUERY_KEYS), fc.boolean(), async (pre, segments, sep, query, browser) => {
        const path = `${pre}/${segments.join(sep)}`.replace(/^\/\/+/, '/') + query
        if (/^\/(render)(\/|$|\?)/.test(path)) return
        let req: Request
        try {
          req = new Request(`http://skins.test${path}`, { headers: browser ? BROWSER : {} })
        } catch {
          return
        }
        const pathname = new URL(req.url).pathname
        // Backends, downloads and static files (favicon.svg, robots.txt) answer their own types; so
        // does `/{skin id}` to a client that does not ask for HTML (its PNG or a plain 404).
        const html = (browser || !isSkinLink(pathname)) && !isBackendPath(pathname) && !pathname.includes('/export/download') && !/\.[a-z]+$/.test(pathname)
        await expectCleanPage(req, `GET ${path.slice(0, 200)}`, { html })
      })
    },
    fuzzTimeout(),
  )

  test(
    'page queries (cursors, size, search, command, page, export choices) never give a 5xx and answer HTML',
    async () => {
      const pages = fc.constantFrom('/skins', '/skins/popular', '/skins/random', '/my-skins', '/export', '/export/download', '/jobs/{job}', '/skins/{id}', '/', '/privacy', '/cape-ad', '/editor')
      const value = fc.oneof(urlPart, skinIds(), idLike, fc.integer({ min: -10, max: 300 }).map(String), nastyString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))))
      const query = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), value), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))
      await checkAsync(300, prefix, pages, fc.oneof(skinIds(), idLike), query, fc.boolean(), async (pre, page, id, q, withCookie) => {
        const path = `${pre}${page.replace('{id}', id).replace('{job}', id)}`.replace(/^(\/[a-z]{2})\/$/, '$1') + (q ? `?${q}` : '')
        let req: Request
        try {
          req = new Request(`http://skins.test${path}`, { headers: withCookie ? { cookie: web.owner } : {} })
        } catch {
          return
        }
        await expectCleanPage(req, `GET ${path.slice(0, 300)}`, { html: !path.includes('/export/download') })
      })
    },
    fuzzTimeout(),
  )

  test(
    'POST /generate with random forms, bodies, content types and origins never gives a 5xx',
    async () => {
      const formArb = fc
        .tuple(
          fc.dictionary(fc.oneof(fc.constantFrom('url', 'user', 'name', 'visibility', 'variant', 'cape', 'file'), nastyString), fc.oneof(nastyString, localUrl, fc.constantFrom('public', 'slim', 'Notch')), { maxKeys: 6 }),
          fc.oneof(fc.constant(null), fc.uint8Array({ maxLength: 300 }), mutatedPng(), fc.constant(paintedSkinPng(23))),
        )
        .map(([fields, file]) => {
          const form = new FormData()
          for (const [k, v] of Object.entries(fields)) form.append(k, v)
          if (file) form.append('file', new File([file as Uint8Array<ArrayBuffer>], 'skin.png', { type: 'image/png' }))
          return form
        })
      const body = fc.oneof(
        formArb.map((form) => ({ form })),
        fc.string({ unit: 'binary', maxLength: 300 }).map((text) => ({ text })),
        queryString(['url', 'user', 'name', 'visibility', 'variant']).map((q) => ({ text: q.slice(1) })),
      )
      const type = fc.constantFrom(undefined, 'multipart/form-data', 'multipart/form-data; boundary=zz', 'application/x-www-form-urlencoded', 'application/json', 'text/plain', '')
      const origin = fc.constantFrom(undefined, 'http://skins.test', 'http://evil.test', 'null', '')
      await checkAsync(200, prefix, body, type, origin, async (pre, b, contentType, originHeader) => {
        const headers = new Headers()
        if (originHeader !== undefined) headers.set('origin', originHeader)
        let req: Request
        if ('form' in b) {
          const probe = new Request('http://x/', { method: 'POST', body: b.form })
          headers.set('content-type', contentType ?? probe.headers.get('content-type')!)
          req = new Request(`http://skins.test${pre}/generate`, { method: 'POST', headers, body: await probe.arrayBuffer() })
        } else {
          if (contentType !== undefined) headers.set('content-type', contentType)
          req = new Request(`http://skins.test${pre}/generate`, { method: 'POST', headers, body: b.text })
        }
        await expectCleanPage(req, `POST ${pre}/generate ${contentType} ${originHeader}`, { html: true })
        await web.backend.api.idle()
      })
    },
    fuzzTimeout(),
  )
})
