/**
 * The HTML budget (DESIGN.md §4; issue 23: "HTML ≤ 30 KB on every page in every language") with
 * real data: the embedded API seeded with demo skins (names, visible tags, similar skins on), every
 * page in all nine languages, and for the skin page the largest of the seeded skins' pages, so tags
 * and similar skins are in it. Hindi and Russian are the heaviest (3 and 2 bytes a letter).
 */
import { describe, expect, test } from 'bun:test'
import { LOCALES } from '../shared/locales'
import { useTestApp } from '../../test/support/web-app'

const BUDGET = 30 * 1024
const state = useTestApp(24)

/** Pages that exist under every language prefix (README "Routes and redirects"). */
const PAGES = ['', '/skins', '/skins/popular', '/skins/{skin}', '/my-skins', '/export', '/privacy', '/cape-ad', '/api-reference']
/** Pages that exist only unprefixed. */
const UNPREFIXED = ['/bulk', '/stats']

const bytesOf = async (path: string) => {
  const res = await state.app.request(path, { headers: { 'accept-language': 'en' } })
  expect(res.status, path).toBe(200)
  return (await res.arrayBuffer()).byteLength
}

describe('HTML budget', () => {
  test('every page in every language stays within 30 KB, the skin page with tags and similar skins', async () => {
    const list = (await (await state.backend.api.fetch(new Request('http://api.local/v2/skins?size=24'))).json()) as { skins: { uuid: string }[] }
    // The heaviest skin page in Hindi stands for them all.
    let skin = list.skins[0]!.uuid
    let most = 0
    for (const s of list.skins) {
      const n = await bytesOf(`/hi/skins/${s.uuid}`)
      if (n > most) [most, skin] = [n, s.uuid]
    }
    const page = await (await state.app.request(`/hi/skins/${skin}`)).text()
    expect(page).toContain('skin-page__similar')
    expect(page).toContain('tag-chip')

    const over: string[] = []
    for (const { code } of LOCALES) {
      const prefix = code === 'en' ? '' : `/${code}`
      for (const p of PAGES) {
        const path = `${prefix}${p.replace('{skin}', skin)}` || '/'
        const n = await bytesOf(path)
        if (n > BUDGET) over.push(`${path}: ${n} bytes`)
      }
    }
    for (const p of UNPREFIXED) if ((await bytesOf(p)) > BUDGET) over.push(p)
    expect(over).toEqual([])
  })
})
