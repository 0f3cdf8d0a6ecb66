/**
 * Injection: names, tags and search terms carrying HTML, script or template
 * payloads render as text everywhere — page HTML, `<title>`, meta and Open Graph tags, JSON-LD,
 * island props (their JSON data blocks), the app bar and gallery search inputs, the Export page and its CSV
 * (formula starts `= + - @ tab CR` defused) and JSON downloads. The API refuses such names and tags
 * outright, so the stored payloads here are written straight into the database: a name from an
 * older version, an import or a bug must still render as text (defence in depth).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { Window } from 'happy-dom'
import { INJECTION_PAYLOADS } from './arbitraries'
import { makeSkin, startFuzzWeb, type FuzzWeb } from './web-harness'

let web: FuzzWeb
/** Payload skins: uuid → name. */
const stored: { uuid: string; name: string }[] = []

/** The main payload of most checks: it tries to close a script, open one, and add an attribute. */
const PAYLOAD = `</script><script>window.__pwned=1</script>"><img src=x onerror=alert(1)>{{constructor.constructor('alert(1)')()}}\${7*7}`

beforeAll(async () => {
  web = await startFuzzWeb()
  const names = [PAYLOAD, ...INJECTION_PAYLOADS]
  for (const [i, name] of names.entries()) {
    const skin = await makeSkin(web.backend, 100 + i, { name: `Payload ${i}` }, web.owner)
    web.backend.api.db.run(sql`UPDATE skins SET name = ${name} WHERE uuid = ${skin.uuid}`)
    stored.push({ uuid: skin.uuid, name })
  }
  // A visible tag with a payload on the first skin (tags reach the page, its keywords and breadcrumb).
  web.backend.api.db.run(sql`INSERT INTO skin_tags (skin_id, tag, up, down, visible, created_at) SELECT id, ${'<b>x</b>" onmouseover="alert(1)'}, 5, 0, 1, 0 FROM skins WHERE uuid = ${stored[0]!.uuid}`)
}, 60_000)
afterAll(() => web?.close())

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await web.app.request(path, { headers })
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
}

/** Decodes the entities React writes in attributes and text. */
const unescapeHtml = (s: string) => s.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** Every script element's opening tag and content. */
const scripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1]!, body: m[2]! }))

const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true } })

/**
 * The checks every page holding a payload must pass, on the parsed document (as a browser builds
 * it): no element the payload made (`img[src=x]`, `<b>`), no `on*` attribute anywhere, no script
 * element holding the payload unless it is JSON, JSON-LD and island props parse as JSON.
 */
function expectInert(html: string, label: string) {
  const doc = new window.DOMParser().parseFromString(html, 'text/html')
  expect(doc.querySelectorAll('img[src="x"]').length, `${label}: injected <img>`).toBe(0)
  expect(doc.querySelectorAll('b').length, `${label}: injected <b>`).toBe(0)
  const handlers = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`))
  expect(handlers, `${label}: event handler attributes`).toEqual([])
  for (const script of doc.querySelectorAll('script')) {
    const type = script.getAttribute('type') ?? ''
    const json = /^(application\/(ld\+)?json|x-island\/props)$/.test(type)
    expect(!json && /__pwned|alert\(/.test(script.textContent), `${label}: payload in an executable script`).toBe(false)
    if (json) expect(() => JSON.parse(script.textContent), `${label}: JSON script`).not.toThrow()
  }
  // Nothing the payload wrote starts a script the parser would run (raw text check, on top of the DOM one).
  expect(html.includes('<script>window.__pwned'), `${label}: raw script`).toBe(false)
}

describe('injection: payloads render as text', () => {
  test('the API refuses payload names, tags and search terms with a 400 validation_error', async () => {
    const call = (path: string, init?: RequestInit) => web.backend.api.fetch(new Request(`http://api.local${path}`, init))
    const patch = await call(`/v2/skins/${stored[0]!.uuid}`, { method: 'PATCH', headers: { cookie: web.owner, 'content-type': 'application/json' }, body: JSON.stringify({ name: '<script>alert(1)</script>' }) })
    expect(patch.status).toBe(400)
    expect(((await patch.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('validation_error')
    const tag = await call(`/v2/skins/${stored[0]!.uuid}/tags`, { method: 'POST', headers: { cookie: web.owner, 'content-type': 'application/json' }, body: JSON.stringify({ tag: '<b>x</b>', vote: 'up' }) })
    expect(tag.status).toBe(400)
    for (const term of INJECTION_PAYLOADS) expect((await call(`/v2/skins?filter=${encodeURIComponent(term)}`)).status, term).toBe(400)
  })

  test('skin page: title, meta, Open Graph, JSON-LD and island props carry the name as text', async () => {
    for (const prefix of ['', '/de']) {
      const page = await get(`${prefix}/skins/${stored[0]!.uuid}`)
      expect(page.status).toBe(200)
      expectInert(page.text, `${prefix}/skins/{payload}`)
      const title = /<title>([^<]*)<\/title>/.exec(page.text)?.[1] ?? ''
      expect(unescapeHtml(title)).toContain(PAYLOAD)
      const og = /<meta property="og:title" content="([^"]*)"/.exec(page.text)?.[1]
      if (og !== undefined) expect(unescapeHtml(og)).toContain(PAYLOAD)
      // The JSON-LD holds the exact name, and `<` is escaped so it cannot close the script element.
      const ld = scripts(page.text).find((s) => s.attrs.includes('application/ld+json'))
      expect(ld, 'JSON-LD present').toBeDefined()
      expect(ld!.body).not.toContain('</script')
      expect(JSON.stringify(JSON.parse(ld!.body))).toContain(JSON.stringify(PAYLOAD).slice(1, -1))
      // Template syntax stays literal: nothing evaluated `${7*7}` or `{{…}}`.
      expect(unescapeHtml(page.text)).toContain('${7*7}')
      expect(unescapeHtml(page.text)).toContain("{{constructor.constructor('alert(1)')()}}")
    }
    for (const { uuid, name } of stored) {
      const page = await get(`/skins/${uuid}`)
      expectInert(page.text, `/skins/${name}`)
    }
  })

  test('gallery, popular and random lists carry payload names as text', async () => {
    for (const path of ['/skins', '/skins/popular', '/skins/random', '/de/skins', `/skins?after=${stored[3]!.uuid}`]) {
      const page = await get(path)
      expect(page.status, path).toBe(200)
      expectInert(page.text, path)
    }
  })

  test('search terms with payloads are echoed as text in the title, the heading and both search inputs', async () => {
    for (const term of [PAYLOAD.slice(0, 32), ...INJECTION_PAYLOADS, '"><script>window.__pwned=1</script>']) {
      for (const path of [`/skins?search=${encodeURIComponent(term)}`, `/de/skins/popular?search=${encodeURIComponent(term)}`, `/export?source=search&search=${encodeURIComponent(term)}`]) {
        const page = await get(path)
        expect(page.status, path).toBeLessThan(500)
        expect(page.type, path).toContain('text/html')
        expectInert(page.text, path)
        expect(page.text, path).not.toContain('<script>window.__pwned')
      }
    }
    const page = await get(`/skins?search=${encodeURIComponent('"><script>window.__pwned=1</script>')}`)
    const input = /<input id="gallery-search"[^>]*value="([^"]*)"/.exec(page.text)?.[1]
    expect(input === undefined || unescapeHtml(input) === '"><script>window.__pwned=1</script>').toBe(true)
  })

  test('My Skins, Export and the skin/job pages with payload queries stay inert', async () => {
    for (const path of ['/my-skins', '/export', '/export?source=latest', `/skins/${stored[0]!.uuid}?command=${encodeURIComponent(PAYLOAD)}`, `/jobs/${encodeURIComponent(PAYLOAD)}`, `/skins/${encodeURIComponent(PAYLOAD)}`]) {
      const page = await get(path, { cookie: web.owner })
      expect(page.status, path).toBeLessThan(500)
      expectInert(page.text, path)
    }
  })

  test('CSV export: payload names are quoted and formula starts defused; JSON export keeps them exact', async () => {
    const ids = stored.map((s) => s.uuid).join(',')
    const csv = await web.app.request(`/export/download?source=latest&format=csv&ids=${ids}`)
    expect(csv.status).toBe(200)
    const text = await csv.text()
    const cells = text.split('\r\n').flatMap(parseCsvLine)
    for (const { name } of stored) {
      const expected = /^[=+\-@\t\r]/.test(name) ? `'${name}` : name
      expect(cells, name).toContain(expected)
    }
    // No cell of the file starts a formula (the header and uuids never do; names were defused).
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/)
    const json = await web.app.request(`/export/download?source=latest&format=json&ids=${ids}`)
    const list = JSON.stringify(await json.json())
    for (const { name } of stored) expect(list).toContain(JSON.stringify(name).slice(1, -1))
  })
})

/** Cells of one RFC 4180 line (quoted fields with doubled quotes). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = []
  let at = 0
  while (at < line.length) {
    if (line[at] === '"') {
      let cell = ''
      at++
      for (;;) {
        const q = line.indexOf('"', at)
        if (q < 0) throw new Error(`unterminated quote in ${line}`)
        cell += line.slice(at, q)
        if (line[q + 1] === '"') {
          cell += '"'
          at = q + 2
          continue
        }
        at = q + 2
        break
      }
      cells.push(cell)
    } else {
      const comma = line.indexOf(',', at)
      const end = comma < 0 ? line.length : comma
      cells.push(line.slice(at, end))
      at = end + 1
    }
  }
  return cells
}
