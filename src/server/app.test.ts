import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApi, type TestApi } from '../../test/support/embedded-api'
import { createTestApp } from '../../test/support/web-app'
import { parseSiteLinks } from './config'
import { LOCALE_CODES } from '../shared/locales'
import { localizePath } from '../shared/routes'

let backend: TestApi
let app: ReturnType<typeof createTestApp>
let skinId: string

beforeAll(async () => {
  backend = await startTestApi(3)
  app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  const list = (await (await app.request('/api/v2/skins?size=1')).json()) as { skins: { uuid: string }[] }
  skinId = list.skins[0]!.uuid
}, 60_000)
afterAll(() => backend?.dispose())

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })

/** SPEC §2 localised routes and what they answer. */
const PAGES = ['/', '/skins', '/skins/popular', '/skins/random', '/skins/{skin}', '/my-skins', '/account', '/apikey', '/cape-ad', '/export', '/privacy']

describe('SPEC §2 routes in all nine languages', () => {
  for (const locale of LOCALE_CODES) {
    test(`${locale}: every page answers 200 with <html lang="${locale}">`, async () => {
      for (const page of PAGES) {
        const path = localizePath(page.replace('{skin}', skinId), locale)
        const response = await get(path)
        expect(response.status, path).toBe(200)
        const html = await response.text()
        expect(html, path).toContain(`<html lang="${locale}"`)
        expect(html, path).toContain('<main id="main"')
      }
    })
    test(`${locale}: /gallery redirects to the localised /skins (route rule)`, async () => {
      const response = await get(localizePath('/gallery', locale))
      expect(response.status).toBe(301)
      expect(response.headers.get('location')).toBe(localizePath('/skins', locale))
    })
  }

  test('/bulk and /stats exist only without prefix', async () => {
    for (const path of ['/bulk', '/stats']) expect((await get(path)).status).toBe(200)
    for (const path of ['/de/bulk', '/pt/stats']) expect((await get(path)).status).toBe(404)
  })

  test('a trailing slash redirects to the canonical path', async () => {
    const response = await get('/de/skins/')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toEndWith('/de/skins')
  })
})

describe('titles, canonical and hreflang (SPEC §1)', () => {
  test('home has the default title and description', async () => {
    const html = await (await get('/')).text()
    expect(html).toContain('<title>Skin Signature Generator</title>')
    expect(html).toContain('name="description" content="Automate Minecraft skin signing')
  })

  test('other pages are "{page title} - Skin Signature Generator"', async () => {
    const html = await (await get('/skins/popular')).text()
    expect(html).toContain('<title>Popular Minecraft Skins - Skin Signature Generator</title>')
  })

  test('canonical and one alternate per language plus x-default', async () => {
    const html = await (await get('/de/skins')).text()
    expect(html).toContain('<link rel="canonical" href="http://skins.test/de/skins"/>')
    for (const locale of LOCALE_CODES) {
      expect(html).toContain(`hrefLang="${locale}" href="http://skins.test${localizePath('/skins', locale)}"`)
    }
    expect(html).toContain('hrefLang="x-default" href="http://skins.test/skins"')
  })
})

describe('errors (SPEC §2, §8)', () => {
  test('an unknown path is a 404 "Page Not Found" page with the path', async () => {
    const response = await get('/no/such/page')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1>Page Not Found</h1>')
    expect(html).toContain('Page Not Found: /no/such/page')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  test('the 404 page speaks the language of its prefix', async () => {
    const response = await get('/de/no/such/page')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('<h1>Seite nicht gefunden</h1>')
  })
})

describe('app chrome (SPEC §2, §9)', () => {
  test('app bar: home links, search form that works without JavaScript, tabs, jobs button', async () => {
    const html = await (await get('/fr/skins?search=creeper')).text()
    expect(html).toMatch(/<form class="search-field" role="search" aria-label="[^"]+" action="\/fr\/skins" method="get"/)
    expect(html).toContain('name="search" value="creeper"')
    expect(html).toMatch(/<a class="tab is-active" href="\/fr\/skins" aria-current="page"/)
    expect(html).toContain('href="#app-drawer"')
    expect(html).not.toContain('chip--warning')
  })

  test('the Dev Mode chip shows in development only', async () => {
    const html = await (await createTestApp({ dev: true }).request('/')).text()
    expect(html).toContain('<span class="chip chip--warning">Dev Mode</span>')
  })

  test('the My Skins tab is marked client-only (SPEC §2)', async () => {
    const html = await (await get('/')).text()
    expect(html).toMatch(/href="\/my-skins" data-client-only=""/)
  })

  test('tabs are rainbow in June and July UTC only', async () => {
    const at = async (iso: string) => (await createTestApp({ now: () => new Date(iso) }).request('/')).text()
    expect(await at('2026-06-01T00:00:00Z')).toContain('tabs tabs--rainbow')
    expect(await at('2026-07-31T23:59:59Z')).toContain('tabs tabs--rainbow')
    expect(await at('2026-05-31T23:59:59Z')).not.toContain('tabs--rainbow')
    expect(await at('2026-08-01T00:00:00Z')).not.toContain('tabs--rainbow')
  })

  test('footer: SPEC links (optional ones when configured, see site-footer.test.ts), credits, current year, disclaimer, language links', async () => {
    const links = Object.fromEntries(['chat', 'blog', 'status', 'apiReferenceV1', 'classic', 'imprint', 'terms'].map((key) => [key, `https://example.org/${key}`]))
    const siteLinks = parseSiteLinks(JSON.stringify({ ...links, cdn: { name: 'Example CDN', url: 'https://cdn.example.org' } }))
    const html = await (await createTestApp({ now: () => new Date('2031-02-01T00:00:00Z'), siteLinks }).request('/')).text()
    for (const label of ['Chat community', 'Source code', 'Blog', 'Translation project', 'Account Manager', 'API Keys', 'Status page', 'Documentation', 'API Reference', 'V1 API Reference (legacy)', 'Classic Website', 'Imprint', 'Privacy', 'Terms', 'Cookie preferences']) {
      expect(html).toContain(`>${label}</a>`)
    }
    expect(html).toContain('Protected by')
    expect(html).toContain('Copyright © 2031')
    expect(html).toContain('Not affiliated with Minecraft / Mojang AB / Microsoft.')
    expect(html).toContain('href="/locale/de" hrefLang="de"')
  })

  test('drawer: sign in, jobs list with empty state, language select with name and code, help translate', async () => {
    const html = await (await get('/skins')).text()
    expect(html).toContain('id="app-drawer"')
    expect(html).toContain('>Show My Skins</a>')
    expect(html).toContain('No jobs in queue')
    expect(html).toContain('>Deutsch<code>de</code></a>')
    expect(html).toContain('href="/locale/de"')
  })

  test('the client script and messages are emitted because the page rendered islands', async () => {
    const html = await (await get('/')).text()
    expect(html).toMatch(/<script type="module" src="\/assets\/client-[a-z0-9]+\.js"/)
    expect(html).toContain('<script type="application/json" id="i18n" data-locale="en"')
    expect(html).toMatch(/<x-island data-island="search-field" data-prefix="[^"]+">[\s\S]*?<\/x-island><script type="x-island\/props">\{"action":"\/skins"/)
  })

  test('a page stays within the 30 KB HTML budget (DESIGN.md §4)', async () => {
    for (const page of PAGES) {
      const path = page.replace('{skin}', skinId)
      const size = (await (await get(path)).arrayBuffer()).byteLength
      expect(size, path).toBeLessThanOrEqual(30 * 1024)
    }
  })
})

describe('backends', () => {
  test('/api/* reaches the API backend with the prefix stripped', async () => {
    const seen: string[] = []
    const withApi = createTestApp({ api: { fetch: async (r) => (seen.push(new URL(r.url).pathname + new URL(r.url).search), Response.json({ ok: true })) } })
    const response = await withApi.request('/api/v2/skins?size=2')
    expect(response.status).toBe(200)
    expect(seen).toEqual(['/v2/skins?size=2'])
  })

  test('/api//v2/… and /api/V2/… reach the same API route as /api/v2/…', async () => {
    const plain = (await (await app.request('/api/v2/skins?size=2')).json()) as { skins: unknown }
    for (const path of ['/api//v2/skins?size=2', '/api/V2/Skins?size=2', '/api/v2//skins/LATEST/?size=2']) {
      const response = await app.request(path)
      expect({ path, status: response.status }).toEqual({ path, status: 200 })
      expect(((await response.json()) as { skins: unknown }).skins).toEqual(plain.skins)
    }
  })

  test('/textures/* and /render/* reach their backends unchanged', async () => {
    const seen: string[] = []
    const backend = { fetch: async (r: Request) => (seen.push(new URL(r.url).pathname), new Response('png')) }
    const withBackends = createTestApp({ api: backend, render: backend })
    await withBackends.request('/textures/abc')
    await withBackends.request('/render/head/abc')
    await withBackends.request('/render?url=abc')
    expect(seen).toEqual(['/textures/abc', '/render/head/abc', '/render'])
  })
})
