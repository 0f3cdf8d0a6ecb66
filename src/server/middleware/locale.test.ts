import { describe, expect, test } from 'bun:test'
import { HOSTILE_REDIRECTS } from '../../../test/support/hostile-redirects'
import { useTestApp } from '../../../test/support/web-app'

const web = useTestApp()

describe('language detection on unprefixed pages (SPEC §4)', () => {
  const location = async (path: string, headers: Record<string, string>) => {
    const response = await web.app.request(path, { headers })
    return { status: response.status, location: response.headers.get('location'), vary: response.headers.get('vary') }
  }

  test('no cookie and no Accept-Language: English, no redirect', async () => {
    expect((await location('/skins', {})).status).toBe(200)
  })

  test('Accept-Language picks the first supported language by quality, with region fallback', async () => {
    expect(await location('/skins?search=x', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).toMatchObject({ status: 302, location: '/de/skins?search=x' })
    expect(await location('/', { 'accept-language': 'ja, pt-BR;q=0.8' })).toMatchObject({ status: 302, location: '/pt' })
    expect(await location('/', { 'accept-language': 'en-GB,de;q=0.9' })).toMatchObject({ status: 200 })
    expect(await location('/', { 'accept-language': 'ja,zh' })).toMatchObject({ status: 200 })
  })

  test('the cookie wins over Accept-Language', async () => {
    expect(await location('/skins', { cookie: 'locale=fr', 'accept-language': 'de' })).toMatchObject({ status: 302, location: '/fr/skins' })
    expect(await location('/skins', { cookie: 'locale=en', 'accept-language': 'de' })).toMatchObject({ status: 200 })
  })

  test('an invalid cookie falls through to Accept-Language', async () => {
    expect(await location('/skins', { cookie: 'locale=xx', 'accept-language': 'ru' })).toMatchObject({ status: 302, location: '/ru/skins' })
  })

  test('answers vary on Cookie and Accept-Language so caches keep them apart', async () => {
    expect((await location('/skins', {})).vary).toContain('Accept-Language')
  })

  test('a prefixed URL is never redirected: the prefix decides', async () => {
    expect(await location('/de/skins', { cookie: 'locale=fr' })).toMatchObject({ status: 200 })
  })

  test('detection sets no cookie; only an explicit switch does', async () => {
    const response = await web.app.request('/skins', { headers: { 'accept-language': 'de' } })
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})

describe('language switch without JavaScript (SPEC §4, §9)', () => {
  test('sets the cookie for 365 days, path /, SameSite lax, and goes to the same route with the new prefix', async () => {
    const response = await web.app.request('/locale/pl?to=%2Fskins%2Fpopular%3Fsearch%3Dx')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/pl/skins/popular?search=x')
    expect(response.headers.get('set-cookie')).toBe('locale=pl; Max-Age=31536000; Path=/; SameSite=Lax')
  })

  test('switching to English removes the prefix', async () => {
    expect((await web.app.request('/locale/en?to=%2Fmy-skins')).headers.get('location')).toBe('/my-skins')
  })

  test('without ?to= the switch goes back to the page it was followed from, with the new prefix', async () => {
    const from = (referer: string) => web.app.request('http://localhost/locale/de', { headers: { referer } })
    expect((await from('http://localhost/pl/skins/popular?search=x')).headers.get('location')).toBe('/de/skins/popular?search=x')
    expect((await from('http://localhost/skins/0123456789abcdef0123456789abcdef')).headers.get('location')).toBe('/de/skins/0123456789abcdef0123456789abcdef')
    expect((await from('https://evil.example/skins/popular')).headers.get('location')).toBe('/de')
    expect((await from('not a url')).headers.get('location')).toBe('/de')
    expect((await web.app.request('http://localhost/locale/de')).headers.get('location')).toBe('/de')
  })

  test('an unknown language is a 404 and an off-site target goes home', async () => {
    expect((await web.app.request('/locale/xx?to=/')).status).toBe(404)
    expect((await web.app.request('/locale/de?to=%2F%2Fevil.example')).headers.get('location')).toBe('/de')
    expect((await web.app.request('/locale/de?to=https%3A%2F%2Fevil.example')).headers.get('location')).toBe('/de')
  })

  test('hostile ?to= targets (tab, CR, LF, NUL, backslashes, encodings) never leave the site nor answer 5xx', async () => {
    for (const target of HOSTILE_REDIRECTS) {
      const response = await web.app.request(`http://localhost/locale/de?to=${encodeURIComponent(target)}`)
      expect(response.status, JSON.stringify(target)).toBe(302)
      const lands = new URL(response.headers.get('location')!, 'http://localhost/locale/de')
      expect(lands.origin, JSON.stringify(target)).toBe('http://localhost')
    }
  })
})
