import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { createTestApp } from '../../../test/support/web-app'
import { GALLERY_PAGE_SIZE as N } from './skins-page'

// 40 skins: the gallery's first page holds N (24), so there is a second one.
let backend: TestApi
let app: ReturnType<typeof createTestApp>
/** Every listed skin, newest created first, as the API lists them. */
let latest: { uuid: string; name?: string }[]

beforeAll(async () => {
  backend = await startTestApi(40)
  app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  latest = ((await (await app.request('/api/v2/skins?size=128')).json()) as { skins: { uuid: string; name?: string }[] }).skins
}, 60_000)
afterAll(() => backend?.dispose())

const page = async (path: string) => {
  const response = await app.request(path)
  const html = await response.text()
  const link = (rel: string) => new RegExp(`<a [^>]*href="([^"]+)"[^>]*rel="${rel}"`).exec(html)?.[1]?.replaceAll('&amp;', '&')
  return {
    status: response.status,
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    cards: [...html.matchAll(/<li class="skin-card"><a href="(?:\/[a-z]{2})?\/skins\/([0-9a-f]{32})"/g)].map((m) => m[1]),
    next: link('next'),
    prev: link('prev'),
  }
}

describe('gallery: latest with Next, Previous and Back to newest links (no JavaScript needed)', () => {
  test('en /skins: title, the newest page of skins, a Next link and the infinite scroll island; no Previous', async () => {
    const p = await page('/skins')
    expect(p.status).toBe(200)
    expect(p.title).toContain('Latest Minecraft Skins')
    expect(p.cards).toEqual(latest.slice(0, N).map((s) => s.uuid))
    expect(p.next).toBe(`/skins?after=${latest[N - 1]!.uuid}`)
    expect(p.prev).toBeUndefined()
    expect(p.html).not.toContain('Back to newest')
    expect(p.html).toContain('data-island="gallery-scroll"')
    expect(p.html).toContain('id="gallery-next"')
  })

  test('de second page: the rest, Vorherige Seite and Zu den neuesten, no Next at the end', async () => {
    const p = await page(`/de/skins?after=${latest[N - 1]!.uuid}`)
    expect(p.status).toBe(200)
    expect(p.title).toContain('Neueste Minecraft-Skins')
    expect(p.cards).toEqual(latest.slice(N).map((s) => s.uuid))
    expect(p.next).toBeUndefined()
    expect(p.html).not.toContain('data-island="gallery-scroll"')
    expect(p.prev).toBe(`/de/skins?before=${latest[N]!.uuid}`)
    expect(p.html).toContain('>Vorherige Seite</a>')
    expect(p.html).toMatch(/href="\/de\/skins"[^>]*>Zu den neuesten<\/a>/)
    // Previous from here is the full first page.
    expect((await page(p.prev!)).cards).toEqual(latest.slice(0, N).map((s) => s.uuid))
  })

  test('a chosen size is kept in every link; Previous gives exactly the page before', async () => {
    const third = await page(`/skins?size=5&after=${latest[9]!.uuid}`)
    expect(third.cards).toEqual(latest.slice(10, 15).map((s) => s.uuid))
    expect(third.next).toBe(`/skins?size=5&after=${latest[14]!.uuid}`)
    expect(third.prev).toBe(`/skins?size=5&before=${latest[10]!.uuid}`)
    const second = await page(third.prev!)
    expect(second.cards).toEqual(latest.slice(5, 10).map((s) => s.uuid))
    expect(second.html).toMatch(/href="\/skins\?size=5"[^>]*>Back to newest<\/a>/)
  })

  test('past the end: an empty page that links back to the newest skins', async () => {
    const p = await page(`/skins?after=${latest[latest.length - 1]!.uuid}`)
    expect(p.status).toBe(200)
    expect(p.cards).toEqual([])
    expect(p.html).toContain('There are no more skins here.')
  })
})

describe('gallery: popular, random and search', () => {
  test('popular in en and de: title and the API order', async () => {
    const api = ((await (await app.request(`/api/v2/skins/popular?size=${N}`)).json()) as { skins: { uuid: string }[] }).skins
    for (const [path, title] of [
      ['/skins/popular', 'Popular Minecraft Skins'],
      ['/de/skins/popular', 'Beliebte Minecraft-Skins'],
    ] as const) {
      const p = await page(path)
      expect(p.status).toBe(200)
      expect(p.title).toContain(title)
      expect(p.cards).toEqual(api.map((s) => s.uuid))
      expect(p.html).toContain('"@type":"BreadcrumbList"')
      expect(p.html).toContain(`"position":3,"name":"${title}","item":"http://skins.test${path}"`)
      if (api.length === 0) expect(p.html).toContain(path.startsWith('/de') ? 'In den letzten 30 Tagen' : 'No skins were viewed in the last 30 days yet.')
    }
  })

  test('random: other random skins only, no cursor links, no infinite scroll', async () => {
    for (const [path, more] of [
      ['/skins/random', 'Show other random skins'],
      ['/de/skins/random?after=nonsense', 'Andere zufällige Skins anzeigen'],
    ] as const) {
      const p = await page(path)
      expect(p.status).toBe(200)
      expect(p.cards.length).toBe(N)
      expect(new Set(p.cards).size).toBe(N)
      expect(p.html).toContain(more)
      expect(p.next).toBeUndefined()
      expect(p.prev).toBeUndefined()
      expect(p.html).not.toContain('data-island="gallery-scroll"')
    }
  })

  test('search: matches newest first; no match says so in en and de with a link to all skins', async () => {
    const word = latest.find((s) => s.name)!.name!.split(/\s+/)[0]!
    const api = ((await (await app.request(`/api/v2/skins?size=${N}&filter=${encodeURIComponent(word)}`)).json()) as { skins: { uuid: string }[] }).skins
    const hit = await page(`/skins?search=${encodeURIComponent(word)}`)
    expect(hit.status).toBe(200)
    expect(hit.title).toContain(`Minecraft Skins matching “${word}”`)
    expect(api.length).toBeGreaterThan(0)
    expect(hit.cards).toEqual(api.map((s) => s.uuid))
    const none = await page('/skins?search=zzqqxx')
    expect(none.cards).toEqual([])
    expect(none.html).toMatch(/No skins match “zzqqxx”\.(?:<!-- -->)? <a href="\/skins">Show all skins<\/a>/)
    const de = await page('/de/skins?search=zzqqxx')
    expect(de.html).toMatch(/Keine Skins passen zu „zzqqxx“\.(?:<!-- -->)? <a href="\/de\/skins">Alle Skins anzeigen<\/a>/)
  })
})

describe('gallery: bad query values never give a 5xx', () => {
  test('a malformed cursor, or both cursors, lists the newest skins with a notice', async () => {
    for (const query of ['after=x', `after=${latest[3]!.uuid}&before=${latest[5]!.uuid}`, 'before=%3Cscript%3E']) {
      const p = await page(`/skins?${query}`)
      expect(p.status, query).toBe(200)
      expect(p.html, query).toContain('That page link is not valid, so the newest skins are shown.')
      expect(p.cards, query).toEqual(latest.slice(0, N).map((s) => s.uuid))
    }
  })

  test('an unknown cursor says the list starts from the top', async () => {
    const p = await page(`/de/skins?after=${'f'.repeat(32)}`)
    expect(p.status).toBe(200)
    expect(p.html).toContain('nicht mehr gelistet')
    expect(p.cards[0]).toBe(latest[0]!.uuid)
  })

  test('a bad size is ignored (default page size); a bad search is a 400 that says why', async () => {
    for (const size of ['abc', '0', '129', '-3', '1e2']) expect((await page(`/skins?size=${size}`)).cards.length, size).toBe(N)
    expect((await page('/skins?size=128')).cards.length).toBe(40)
    const bad = await page('/skins?search=%3Cb%3E')
    expect(bad.status).toBe(400)
    expect(bad.html).toContain('Search terms may contain letters')
  })
})

describe('home: latest strip and the service stats', () => {
  test('the stats card shows skins, jobs, in progress and average time beside the form (en, de)', async () => {
    const stats = ((await (await app.request('/api/v2/stats')).json()) as { stats: { generated: { total: { new: number } } } }).stats
    expect(stats.generated.total.new).toBeGreaterThanOrEqual(0)
    const en = await (await app.request('/')).text()
    expect(en).toContain('<div class="home-top">')
    expect(en).toMatch(/<h2 id="stats-title" class="card__title">Service stats<\/h2>/)
    expect(en).toContain(`<dt>Skins</dt><dd>${new Intl.NumberFormat('en').format(stats.generated.total.new)}</dd>`)
    for (const label of ['Jobs', 'In progress', 'Average time']) expect(en).toContain(`<dt>${label}</dt>`)
    expect(en).toMatch(/<dt>Average time<\/dt><dd>[\d.,]+ ?sec<\/dd>/)
    expect(en).toContain('Latest Skins')
    const de = await (await app.request('/de')).text()
    expect(de).toContain('Dienststatistik')
    expect(de).toContain('<dt>Aufträge</dt>')
  })

  test('without stats the home page still answers 200 and leaves the card out', async () => {
    const noStats = createTestApp({
      api: {
        inProcess: true,
        fetch: (request) =>
          new URL(request.url).pathname.endsWith('/v2/stats')
            ? Promise.resolve(Response.json({ success: false, errors: [{ code: 'unavailable', message: 'down' }] }, { status: 503 }))
            : backend.api.fetch(request),
      },
    })
    const response = await noStats.request('/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).not.toContain('stats-title')
    expect(html).not.toContain('home-top')
    expect(html).toContain('Latest Skins')
  })
})
