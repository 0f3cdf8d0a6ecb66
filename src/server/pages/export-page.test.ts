/**
 * Export page and download route against the real embedded API: the page lists the
 * latest skins with a checkbox each and the download form; the download answers CSV with the
 * anchor's header and escaped cells, or the full skin objects as JSON; bad parameters get a 400 page
 * with a readable reason, in the visitor's language.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../api/image/fixtures'
import { skinInfoSchema } from '../../shared/schemas/api'
import { useTestApp } from '../../../test/support/web-app'

const DEMO = 22
const web = useTestApp(DEMO)
let evil: string

beforeAll(async () => {
  // A skin whose name a spreadsheet would read as a formula.
  const body = new FormData()
  body.append('file', new Blob([makeSkinPng(4242)], { type: 'image/png' }), 'evil.png')
  body.append('name', '-cmd')
  const res = await web.backend.api.fetch(new Request('http://api.test/v2/generate', { method: 'POST', body }))
  expect(res.status).toBe(200)
  evil = ((await res.json()) as { skin: { uuid: string } }).skin.uuid
})

const get = (path: string) => web.app.request(path)

describe('GET /export', () => {
  test('lists the latest skins with a checkbox each and the download form', async () => {
    const res = await get('/export')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Export - ')
    expect(html).toContain('action="/export/download"')
    expect(html).toContain('The latest 100')
    // The first 20 rows are shown (HTML budget); the rest ride on `more`, the last shown skin.
    const shown = [...html.matchAll(/<input type="checkbox"[^>]*name="ids" checked="" value="([0-9a-f]{32})"/g)].map((m) => m[1])
    expect(shown).toHaveLength(20)
    expect(shown[0]).toBe(evil)
    expect(html).toContain(`<input type="hidden" name="more" value="${shown[19]}"/>`)
    expect(html).toContain('23 skins; the first 20 are shown.')
    for (const locale of ['', '/hi', '/ru']) expect((await (await get(`${locale}/export`)).arrayBuffer()).byteLength, locale).toBeLessThanOrEqual(30 * 1024)
    expect(html).toContain('name="format" checked="" value="csv"')
    expect(html).not.toContain('data-island="export-form"')
  })

  test('in German', async () => {
    const html = await (await get('/de/export')).text()
    expect(html).toContain('Welche Skins')
    expect(html).toContain('action="/de/export/download"')
    expect(html).toContain('Herunterladen')
  })

  test("'mine' is filled by the export-form island and says why without JavaScript", async () => {
    const html = await (await get('/export?source=mine')).text()
    expect(html).toContain('data-island="export-form"')
    expect(html).toContain("Your skins are listed from this browser&#x27;s storage")
    expect(html).toContain('name="source" value="mine"')
  })

  test('a search without a term asks for one; with a term lists the matches', async () => {
    expect(await (await get('/export?source=search')).text()).toContain('Enter a search term')
    const html = await (await get('/export?source=search&search=cmd')).text()
    expect(html.match(/name="ids"/g)?.length).toBe(1)
    expect(html).not.toContain('name="more"')
    expect(html).toContain(`value="${evil}"`)
  })

  test('a bad source answers 400 with the reason', async () => {
    const res = await get('/es/export?source=everything')
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Elige mis skins, una búsqueda o los skins más recientes.')
  })
})

describe('GET /export/download', () => {
  test('CSV of the latest skins: attachment, header, one row per skin, formula cells escaped', async () => {
    const res = await get('/export/download?source=latest&format=csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/csv')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="skins-latest-2026-03-10.csv"')
    const lines = (await res.text()).split('\r\n')
    expect(lines[0]).toBe('Timestamp,UUID,Name,Variant,Value,Signature,Texture')
    expect(lines.filter(Boolean)).toHaveLength(DEMO + 2)
    const row = lines.find((line) => line.includes(evil))!
    expect(row.split(',')[2]).toBe("'-cmd")
    expect(row).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,/)
  })

  test('JSON of chosen ids: the full skin objects, in the order given', async () => {
    const latest = await (await get('/export/download?format=json')).json() as { uuid: string }[]
    const chosen = [latest[2]!.uuid, evil]
    const res = await get(`/export/download?source=mine&format=json&${chosen.map((id) => `ids=${id}`).join('&')}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('.json"')
    const skins = skinInfoSchema.array().parse(await res.json())
    expect(skins.map((s) => s.uuid)).toEqual(chosen)
    expect(skins[1]!.name).toBe('-cmd')
    expect(skins[1]!.texture.data.signature.length).toBeGreaterThan(0)
  })

  test('the preview form: the ticked rows plus every skin after the last shown one', async () => {
    const latest = (await (await get('/export/download?format=json')).json()) as { uuid: string }[]
    expect(latest).toHaveLength(DEMO + 1)
    const res = await get(`/export/download?source=latest&pick=1&format=json&ids=${latest[0]!.uuid}&more=${latest[19]!.uuid}`)
    const uuids = ((await res.json()) as { uuid: string }[]).map((s) => s.uuid)
    expect(uuids).toEqual([latest[0]!.uuid, ...latest.slice(20).map((s) => s.uuid)])
    // Nothing ticked and no more rows: nothing chosen.
    expect((await get('/export/download?source=latest&pick=1')).status).toBe(400)
  })

  test('ids of deleted or unknown skins are left out', async () => {
    const res = await get(`/export/download?source=mine&ids=${'0'.repeat(32)}&ids=${evil}`)
    const lines = (await res.text()).split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(2)
  })

  test('bad parameters answer 400 with a readable page', async () => {
    const cases: [string, string][] = [
      ['/export/download?source=mine', 'No skins chosen. Tick at least one skin.'],
      ['/export/download?source=latest&pick=1', 'No skins chosen.'],
      ['/export/download?ids=not-a-uuid', 'contains an id that is not a skin id'],
      ['/export/download?format=xlsx', 'Choose CSV or JSON.'],
      ['/export/download?source=search&search=%3Cb%3E', 'A search term has 1 to 32 letters'],
      ['/de/export/download?source=mine', 'Keine Skins ausgewählt.'],
    ]
    for (const [path, text] of cases) {
      const res = await get(path)
      expect(res.status, path).toBe(400)
      expect(res.headers.get('content-type'), path).toStartWith('text/html')
      expect(await res.text(), path).toContain(text)
    }
    const many = Array.from({ length: 101 }, (_, i) => `ids=${i.toString(16).padStart(32, '0')}`).join('&')
    expect((await get(`/export/download?${many}`)).status).toBe(400)
  })
})
