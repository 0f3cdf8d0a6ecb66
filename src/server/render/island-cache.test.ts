/**
 * The island HTML cache: bounded, least-recently-used, and keyed on everything an
 * island's server HTML depends on, so a reused render is never the wrong one.
 */
import { describe, expect, test } from 'bun:test'
import { createTestApp } from '../../../test/support/web-app'
import { cachedIslandHtml, type IslandKey } from './island-cache'

describe('cachedIslandHtml', () => {
  const base: IslandKey = { name: 'jobs-button', locale: 'en', prefix: 'R1:', sprite: '/assets/icons-1.svg', props: `{"test":${Math.random()}}` }
  const counting = () => {
    let renders = 0
    return { render: () => `<b>${++renders}</b>`, count: () => renders }
  }

  test('renders once per key and reuses the HTML', () => {
    const r = counting()
    expect(cachedIslandHtml(base, r.render)).toBe('<b>1</b>')
    expect(cachedIslandHtml({ ...base }, r.render)).toBe('<b>1</b>')
    expect(r.count()).toBe(1)
  })

  test('a different locale, place in the page, icon sprite or props is another render', () => {
    const r = counting()
    cachedIslandHtml(base, r.render)
    for (const change of [{ locale: 'de' }, { prefix: 'R2:' }, { sprite: '/assets/icons-2.svg' }, { props: `${base.props} ` }, { name: 'search-field' as const }]) {
      const before = r.count()
      cachedIslandHtml({ ...base, ...change }, r.render)
      expect({ change, renders: r.count() - before }).toEqual({ change, renders: 1 })
    }
  })

  test('very large props and islands not marked cacheable render every time', () => {
    const r = counting()
    const big = { ...base, props: JSON.stringify({ text: 'x'.repeat(5000) }) }
    cachedIslandHtml(big, r.render)
    cachedIslandHtml(big, r.render)
    const unknown = { ...base, name: 'not-checked' as never }
    cachedIslandHtml(unknown, r.render)
    cachedIslandHtml(unknown, r.render)
    expect(r.count()).toBe(4)
  })
})

describe('pages with cached islands', () => {
  test('each language keeps its own island HTML', async () => {
    const app = createTestApp()
    const search = async (path: string) => /<x-island data-island="search-field"[^>]*>([\s\S]*?)<\/x-island>/.exec(await (await app.request(path)).text())?.[1]
    const en = await search('/privacy')
    const de = await search('/de/privacy')
    expect(en).toBeDefined()
    expect(de).not.toBe(en)
    expect(await search('/privacy')).toBe(en)
    expect(await search('/de/privacy')).toBe(de)
  })
})
